//! Line of sight, the query games make most (an enemy checking the player every tick), with
//! tilecaster-grid and each peer a 2D game programmer might pick instead, timed in the same
//! run and checked against the exact answer first:
//!
//! - tilecaster-grid `line_of_sight` (exact, f64; corner rule: a line through a grid vertex
//!   passes unless both cells beside it are solid);
//! - a plain f64 DDA of the kind tutorials teach (lodev's), point to point;
//! - fast-voxel-traversal's 2D ray (f32), point to point;
//! - parry2d's `Voxels` shape with a ray cast (f32), point to point;
//! - line_drawing's Supercover and bracket-geometry's Bresenham, cell to cell (integer lines,
//!   as roguelikes use them).
//!
//! Queries: 4096 pairs of open points 10 to 30 tiles apart on a 64 x 64 map with about 3%
//! walls; a quarter of them on the quarter-tile lattice, where lines meet grid vertices. Each
//! peer's line is checked against the cells between the same ends (a point-to-point peer
//! against `line_of_sight`, a cell-to-cell one against `line_of_sight` between the cells'
//! centres); "asymmetric" counts pairs whose answer changes with the ends swapped.
//!
//! Besides: tilecaster-grid over a `BoolGrid` and as a batch from one viewer.
//!
//! `cargo bench -p tilecaster-grid-peers`

use std::hint::black_box;

use bracket_geometry::prelude::{Bresenham, Point};
use criterion::{Criterion, criterion_group, criterion_main};
use fast_voxel_traversal::raycast_2d::{BoundingVolume2, Ray2};
use line_drawing::Supercover;
use parry2d::query::{Ray, RayCast};
use parry2d::shape::Voxels;
use tilecaster_grid::grid::{BoolGrid, Cell, line_of_sight, lines_of_sight};
use tilecaster_grid::math::Vec2;

const SIZE: usize = 64;

/// SplitMix64: deterministic scenes without a dependency.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Scene {
    solid: Vec<bool>,
    pairs: Vec<(Vec2, Vec2)>,
}

impl Scene {
    fn new() -> Scene {
        let mut rng = Rng(0x5eed);
        let solid: Vec<bool> = (0..SIZE * SIZE)
            .map(|i| {
                let (x, y) = (i % SIZE, i / SIZE);
                x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1 || rng.next_u64() % 256 < 8
            })
            .collect();
        let open = |p: Vec2| !solid[p.y as usize * SIZE + p.x as usize];
        let mut pairs = Vec::new();
        while pairs.len() < 4096 {
            let lattice = pairs.len() % 4 == 0;
            let mut point = || loop {
                let mut v = || 1.0 + rng.unit() * (SIZE - 2) as f64;
                let mut p = Vec2::new(v(), v());
                if lattice {
                    p = Vec2::new((p.x * 4.0).round() / 4.0, (p.y * 4.0).round() / 4.0);
                }
                if open(p) {
                    return p;
                }
            };
            let (a, b) = (point(), point());
            if (10.0..=30.0).contains(&(b - a).length()) {
                pairs.push((a, b));
            }
        }
        Scene { solid, pairs }
    }

    fn is_solid(&self, x: i32, y: i32) -> bool {
        self.solid[y as usize * SIZE + x as usize]
    }
}

fn cell_of(p: Vec2) -> (i32, i32) {
    (p.x.floor() as i32, p.y.floor() as i32)
}

fn centre((x, y): (i32, i32)) -> Vec2 {
    Vec2::new(f64::from(x) + 0.5, f64::from(y) + 0.5)
}

// ---- one line of sight per crate ----

fn exact(scene: &Scene, a: Vec2, b: Vec2) -> bool {
    line_of_sight(&|c: Cell| scene.is_solid(c.x, c.y), a, b)
}

/// A plain f64 DDA: step by the smaller side distance until the target's cell.
fn dda(scene: &Scene, a: Vec2, b: Vec2) -> bool {
    let d = b - a;
    let ((mut x, mut y), (tx, ty)) = (cell_of(a), cell_of(b));
    let (step_x, step_y) = (
        if d.x < 0.0 { -1 } else { 1 },
        if d.y < 0.0 { -1 } else { 1 },
    );
    let (delta_x, delta_y) = ((1.0 / d.x).abs(), (1.0 / d.y).abs());
    let mut side_x = if d.x < 0.0 {
        a.x - f64::from(x)
    } else {
        f64::from(x) + 1.0 - a.x
    } * delta_x;
    let mut side_y = if d.y < 0.0 {
        a.y - f64::from(y)
    } else {
        f64::from(y) + 1.0 - a.y
    } * delta_y;
    for _ in 0..(tx - x).abs() + (ty - y).abs() {
        if side_x < side_y {
            side_x += delta_x;
            x += step_x;
        } else {
            side_y += delta_y;
            y += step_y;
        }
        if scene.is_solid(x, y) {
            return false;
        }
    }
    true
}

fn fast_voxel(scene: &Scene, a: Vec2, b: Vec2) -> bool {
    let d = b - a;
    let length = d.length();
    let ray = Ray2 {
        origin: (a.x as f32, a.y as f32),
        direction: ((d.x / length) as f32, (d.y / length) as f32),
        length: length as f32,
    };
    let volume = BoundingVolume2 {
        size: (SIZE as i32, SIZE as i32),
    };
    volume
        .traverse_ray(ray)
        .all(|hit| !scene.is_solid(hit.voxel.0, hit.voxel.1))
}

fn parry(voxels: &Voxels, a: Vec2, b: Vec2) -> bool {
    let v = |p: Vec2| parry2d::math::Vector::new(p.x as f32, p.y as f32);
    let ray = Ray::new(v(a), v(b - a));
    voxels.cast_local_ray(&ray, 1.0, true).is_none()
}

fn supercover(scene: &Scene, a: Vec2, b: Vec2) -> bool {
    Supercover::new(cell_of(a), cell_of(b)).all(|(x, y)| !scene.is_solid(x, y))
}

fn bresenham(scene: &Scene, a: Vec2, b: Vec2) -> bool {
    let ((ax, ay), (bx, by)) = (cell_of(a), cell_of(b));
    Bresenham::new(Point::new(ax, ay), Point::new(bx, by)).all(|p| !scene.is_solid(p.x, p.y))
        && !scene.is_solid(bx, by)
}

fn bench(c: &mut Criterion) {
    let scene = Scene::new();
    let walls: Vec<parry2d::math::IVector> = (0..SIZE * SIZE)
        .filter(|&i| scene.solid[i])
        .map(|i| parry2d::math::IVector::new((i % SIZE) as i32, (i / SIZE) as i32))
        .collect();
    let voxels = Voxels::new(parry2d::math::Vector::new(1.0, 1.0), &walls);

    type Sight<'a> = Box<dyn Fn(Vec2, Vec2) -> bool + 'a>;
    // (name, the line of sight, whether it joins cells rather than points)
    let peers: Vec<(&str, Sight, bool)> = vec![
        (
            "tilecaster-grid line_of_sight",
            Box::new(|a, b| exact(&scene, a, b)),
            false,
        ),
        (
            "f64 DDA (tutorial)",
            Box::new(|a, b| dda(&scene, a, b)),
            false,
        ),
        (
            "fast-voxel-traversal",
            Box::new(|a, b| fast_voxel(&scene, a, b)),
            false,
        ),
        (
            "parry2d Voxels ray cast",
            Box::new(|a, b| parry(&voxels, a, b)),
            false,
        ),
        (
            "line_drawing Supercover",
            Box::new(|a, b| supercover(&scene, a, b)),
            true,
        ),
        (
            "bracket-geometry Bresenham",
            Box::new(|a, b| bresenham(&scene, a, b)),
            true,
        ),
    ];
    println!(
        "{:<32} {:>8} {:>11}  (of {} pairs)",
        "",
        "differ",
        "asymmetric",
        scene.pairs.len()
    );
    for (name, sight, cells) in &peers {
        let (mut differ, mut asymmetric) = (0, 0);
        for &(a, b) in &scene.pairs {
            let truth = if *cells {
                exact(&scene, centre(cell_of(a)), centre(cell_of(b)))
            } else {
                exact(&scene, a, b)
            };
            differ += usize::from(sight(a, b) != truth);
            asymmetric += usize::from(sight(a, b) != sight(b, a));
        }
        println!("{name:<32} {differ:>8} {asymmetric:>11}");
    }

    let mut group = c.benchmark_group("line of sight 10-30 tiles, 64x64, 3% walls (4096 pairs)");
    // tilecaster-grid's own ways besides: over a `BoolGrid` (which checks its bounds) instead
    // of a closure over the slice, and as a batch from one viewer to 4096 targets 10 to 30
    // tiles away.
    let map = BoolGrid::new(&scene.solid, SIZE).unwrap();
    group.bench_function("tilecaster-grid line_of_sight over a BoolGrid", |b| {
        b.iter(|| {
            scene
                .pairs
                .iter()
                .filter(|&&(a, b)| line_of_sight(&map, black_box(a), black_box(b)))
                .count()
        })
    });
    let viewer = scene.pairs[0].0;
    let targets: Vec<Vec2> = scene
        .pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .cycle()
        .take(1 << 16)
        .filter(|&t| (10.0..=30.0).contains(&(t - viewer).length()))
        .take(4096)
        .collect();
    group.bench_function(
        "tilecaster-grid lines_of_sight (one viewer, a batch)",
        |b| {
            b.iter(|| {
                lines_of_sight(&map, black_box(viewer), &targets)
                    .filter(|&s| s)
                    .count()
            })
        },
    );
    for (name, sight, _) in &peers {
        group.bench_function(*name, |b| {
            b.iter(|| {
                scene
                    .pairs
                    .iter()
                    .filter(|&&(a, b)| sight(black_box(a), black_box(b)))
                    .count()
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = bench }
criterion_main!(benches);
