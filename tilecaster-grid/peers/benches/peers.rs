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
//! Besides: tilecaster-grid over a `BoolGrid`.
//!
//! Two more groups on the same map, each peer again checked before it is timed:
//!
//! - **first hits**: 4096 rays of up to 30 tiles from open points (a quarter from the quarter-
//!   tile lattice at slopes of 1, 1/2 and 2, through vertices), the first solid cell: "differ"
//!   counts rays whose cell (or miss) is not the exact one. The cell-to-cell peers walk from the
//!   start's cell to the cell at 30 tiles and are checked against the exact cast between those
//!   cells' centres;
//! - **walks**: the cells of the 4096 segments in order (the bullets' and lasers' "which tiles
//!   does it cross"): "differ" counts segments whose list is not the cells the exact walk
//!   passes through (its entries less the corner neighbours it lists at a vertex, which the
//!   segment only touches), for cell-to-cell peers the exact walk between the cells' centres.
//!
//! - **fields of view**: what the centres of 256 open cells see within 8 cells (centre to
//!   centre), by tilecaster-grid's `FieldOfView` (both rules), bracket-pathfinding's
//!   `field_of_view` (recursive shadowcasting) and symmetric-shadowcasting's `compute_fov`:
//!   "unseen" counts cells listed no point of which can be seen (exactly: tilecaster-grid's
//!   permissive rule, tested against sampled points in its own tests), "missed" the open cells
//!   whose centre is seen and walls some point of which is, left out; "asymmetric" the pairs
//!   of viewers within 8 cells where one sees the other and not back.
//!
//! `cargo bench -p tilecaster-grid-peers`

use std::hint::black_box;

use bracket_geometry::prelude::{Bresenham, Point};
use criterion::{Criterion, criterion_group, criterion_main};
use fast_voxel_traversal::raycast_2d::{BoundingVolume2, Ray2};
use line_drawing::Supercover;
use parry2d::query::{Ray, RayCast};
use parry2d::shape::Voxels;
use tilecaster_grid::grid::{BoolGrid, Cell, Via, Walk, cast_ray, cast_segment, line_of_sight};
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
    /// Ray origins and directions: unit vectors, and on the lattice the exact directions
    /// (±1, ±1), (±1, ±1/2) and (±1/2, ±1), not normalised (which would round them off the
    /// vertices they pass through). Every peer reaches [`REACH`] tiles along them ([`reach_t`]).
    rays: Vec<(Vec2, Vec2)>,
}

/// How far the first-hit rays reach, in tiles.
const REACH: f64 = 30.0;

/// [`REACH`] in units of the direction `d`.
fn reach_t(d: Vec2) -> f64 {
    REACH / d.length()
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
        let open_at = |p: Vec2| !solid[p.y as usize * SIZE + p.x as usize];
        let mut rays = Vec::new();
        while rays.len() < 4096 {
            let lattice = rays.len() % 4 == 0;
            let mut v = || 1.0 + rng.unit() * (SIZE - 2) as f64;
            let (mut o, angle) = (Vec2::new(v(), v()), rng.unit() * std::f64::consts::TAU);
            let mut d = Vec2::new(angle.cos(), angle.sin());
            if lattice {
                o = Vec2::new((o.x * 4.0).round() / 4.0, (o.y * 4.0).round() / 4.0);
                let (x, y) = [(1.0, 1.0), (1.0, 0.5), (0.5, 1.0)][(rng.next_u64() % 3) as usize];
                let (sx, sy) = (
                    rng.next_u64().is_multiple_of(2),
                    rng.next_u64().is_multiple_of(2),
                );
                d = Vec2::new(if sx { x } else { -x }, if sy { y } else { -y });
            }
            if open_at(o) {
                rays.push((o, d));
            }
        }
        Scene { solid, pairs, rays }
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

// ---- the first solid cell along a ray, per crate ----

fn exact_first(scene: &Scene, o: Vec2, d: Vec2) -> Option<(i32, i32)> {
    let solid = |c: Cell| scene.is_solid(c.x, c.y);
    cast_ray(&solid, o, d, reach_t(d)).map(|h| (h.cell.x, h.cell.y))
}

/// lodev's DDA, stopping at the first solid cell or at [`REACH`].
fn dda_first(scene: &Scene, o: Vec2, d: Vec2) -> Option<(i32, i32)> {
    let limit = reach_t(d);
    let (mut x, mut y) = cell_of(o);
    let (step_x, step_y) = (
        if d.x < 0.0 { -1 } else { 1 },
        if d.y < 0.0 { -1 } else { 1 },
    );
    let (delta_x, delta_y) = ((1.0 / d.x).abs(), (1.0 / d.y).abs());
    let mut side_x = if d.x < 0.0 {
        o.x - f64::from(x)
    } else {
        f64::from(x) + 1.0 - o.x
    } * delta_x;
    let mut side_y = if d.y < 0.0 {
        o.y - f64::from(y)
    } else {
        f64::from(y) + 1.0 - o.y
    } * delta_y;
    loop {
        let t = if side_x < side_y {
            side_x += delta_x;
            x += step_x;
            side_x - delta_x
        } else {
            side_y += delta_y;
            y += step_y;
            side_y - delta_y
        };
        if t > limit {
            return None;
        }
        if scene.is_solid(x, y) {
            return Some((x, y));
        }
    }
}

fn fast_voxel_first(scene: &Scene, o: Vec2, d: Vec2) -> Option<(i32, i32)> {
    let unit = d * (1.0 / d.length());
    let ray = Ray2 {
        origin: (o.x as f32, o.y as f32),
        direction: (unit.x as f32, unit.y as f32),
        length: REACH as f32,
    };
    let volume = BoundingVolume2 {
        size: (SIZE as i32, SIZE as i32),
    };
    volume
        .traverse_ray(ray)
        .map(|hit| hit.voxel)
        .find(|&(x, y)| scene.is_solid(x, y))
}

fn parry_first(voxels: &Voxels, o: Vec2, d: Vec2) -> Option<(i32, i32)> {
    let v = |p: Vec2| parry2d::math::Vector::new(p.x as f32, p.y as f32);
    let ray = Ray::new(v(o), v(d));
    let hit = voxels.cast_local_ray_and_get_normal(&ray, reach_t(d) as f32, true)?;
    // The hit point lies on the solid voxel's face; the voxel is behind the normal.
    let p = ray.point_at(hit.time_of_impact) - hit.normal * 0.5;
    Some((p.x.floor() as i32, p.y.floor() as i32))
}

/// The end cell of a cell-to-cell peer's ray: the cell [`REACH`] tiles along it.
fn far_cell(o: Vec2, d: Vec2) -> (i32, i32) {
    cell_of(o + d * reach_t(d))
}

fn supercover_first(scene: &Scene, o: Vec2, d: Vec2) -> Option<(i32, i32)> {
    Supercover::new(cell_of(o), far_cell(o, d)).find(|&(x, y)| scene.is_solid(x, y))
}

fn bresenham_first(scene: &Scene, o: Vec2, d: Vec2) -> Option<(i32, i32)> {
    let ((ax, ay), (bx, by)) = (cell_of(o), far_cell(o, d));
    Bresenham::new(Point::new(ax, ay), Point::new(bx, by))
        .map(|p| (p.x, p.y))
        .chain(std::iter::once((bx, by)))
        .find(|&(x, y)| scene.is_solid(x, y))
}

// ---- the cells of a segment in order, per crate (appended to `out`) ----

fn exact_walk(a: Vec2, b: Vec2, out: &mut Vec<(i32, i32)>) {
    out.extend(
        Walk::segment(a, b)
            .filter(|e| !matches!(e.via, Via::CornerX | Via::CornerY))
            .map(|e| (e.cell.x, e.cell.y)),
    );
}

fn fast_voxel_walk(a: Vec2, b: Vec2, out: &mut Vec<(i32, i32)>) {
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
    out.extend(volume.traverse_ray(ray).map(|hit| hit.voxel));
}

fn supercover_walk(a: Vec2, b: Vec2, out: &mut Vec<(i32, i32)>) {
    out.extend(Supercover::new(cell_of(a), cell_of(b)));
}

fn bresenham_walk(a: Vec2, b: Vec2, out: &mut Vec<(i32, i32)>) {
    let ((ax, ay), (bx, by)) = (cell_of(a), cell_of(b));
    out.extend(Bresenham::new(Point::new(ax, ay), Point::new(bx, by)).map(|p| (p.x, p.y)));
    out.push((bx, by));
}

fn bench_first_hits(c: &mut Criterion, scene: &Scene, voxels: &Voxels) {
    type First<'a> = Box<dyn Fn(Vec2, Vec2) -> Option<(i32, i32)> + 'a>;
    let peers: Vec<(&str, First, bool)> = vec![
        (
            "tilecaster-grid cast_ray",
            Box::new(|o, d| exact_first(scene, o, d)),
            false,
        ),
        (
            "f64 DDA (tutorial)",
            Box::new(|o, d| dda_first(scene, o, d)),
            false,
        ),
        (
            "fast-voxel-traversal",
            Box::new(|o, d| fast_voxel_first(scene, o, d)),
            false,
        ),
        (
            "parry2d Voxels ray cast",
            Box::new(|o, d| parry_first(voxels, o, d)),
            false,
        ),
        (
            "line_drawing Supercover",
            Box::new(|o, d| supercover_first(scene, o, d)),
            true,
        ),
        (
            "bracket-geometry Bresenham",
            Box::new(|o, d| bresenham_first(scene, o, d)),
            true,
        ),
    ];
    println!(
        "\nfirst hits {:>22} (of {} rays of {REACH} tiles)",
        "differ",
        scene.rays.len()
    );
    for (name, first, cells) in &peers {
        let differ = scene
            .rays
            .iter()
            .filter(|&&(o, d)| {
                let truth = if *cells {
                    let to = centre(far_cell(o, d));
                    let solid = |c: Cell| scene.is_solid(c.x, c.y);
                    cast_segment(&solid, centre(cell_of(o)), to).map(|h| (h.cell.x, h.cell.y))
                } else {
                    exact_first(scene, o, d)
                };
                first(o, d) != truth
            })
            .count();
        println!("{name:<32} {differ:>8}");
    }
    let mut group = c.benchmark_group("first hit within 30 tiles, 64x64, 3% walls (4096 rays)");
    for (name, first, _) in &peers {
        group.bench_function(*name, |b| {
            b.iter(|| {
                scene
                    .rays
                    .iter()
                    .filter_map(|&(o, d)| first(black_box(o), black_box(d)))
                    .count()
            })
        });
    }
    group.finish();
}

fn bench_walks(c: &mut Criterion, scene: &Scene) {
    type Cells<'a> = Box<dyn Fn(Vec2, Vec2, &mut Vec<(i32, i32)>) + 'a>;
    let peers: Vec<(&str, Cells, bool)> = vec![
        ("tilecaster-grid Walk::segment", Box::new(exact_walk), false),
        ("fast-voxel-traversal", Box::new(fast_voxel_walk), false),
        ("line_drawing Supercover", Box::new(supercover_walk), true),
        ("bracket-geometry Bresenham", Box::new(bresenham_walk), true),
    ];
    println!(
        "\nwalks {:>27} (of {} segments)",
        "differ",
        scene.pairs.len()
    );
    let (mut mine, mut truth) = (Vec::new(), Vec::new());
    for (name, walk, cells) in &peers {
        let mut differ = 0;
        for &(a, b) in &scene.pairs {
            mine.clear();
            truth.clear();
            walk(a, b, &mut mine);
            if *cells {
                exact_walk(centre(cell_of(a)), centre(cell_of(b)), &mut truth);
            } else {
                exact_walk(a, b, &mut truth);
            }
            differ += usize::from(mine != truth);
        }
        println!("{name:<32} {differ:>8}");
    }
    let mut group = c.benchmark_group("cells of a segment in order, 10-30 tiles (4096 segments)");
    for (name, walk, _) in &peers {
        group.bench_function(*name, |b| {
            let mut out = Vec::with_capacity(256);
            b.iter(|| {
                let mut cells = 0;
                for &(a, b) in &scene.pairs {
                    out.clear();
                    walk(black_box(a), black_box(b), &mut out);
                    cells += out.len();
                }
                cells
            })
        });
    }
    group.finish();
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
    bench_first_hits(c, &scene, &voxels);
    bench_walks(c, &scene);
    bench_fields_of_view(c, &scene);
}

// ---- fields of view ----

/// The fields of view's radius, cells (centre to centre).
const VIEW: i32 = 8;

/// The open cells the fields of view are seen from: 256, spread over the map.
fn viewers(scene: &Scene) -> Vec<(i32, i32)> {
    let mut rng = Rng(0xf0f0);
    let mut out = Vec::new();
    while out.len() < 256 {
        let mut v = || 1 + (rng.next_u64() % (SIZE as u64 - 2)) as i32;
        let cell = (v(), v());
        if !scene.is_solid(cell.0, cell.1) && !out.contains(&cell) {
            out.push(cell);
        }
    }
    out
}

/// Whether `cell` lies within [`VIEW`] of `viewer`, centre to centre.
fn within_view(viewer: (i32, i32), cell: (i32, i32)) -> bool {
    let (dx, dy) = (cell.0 - viewer.0, cell.1 - viewer.1);
    dx * dx + dy * dy <= VIEW * VIEW
}

/// bracket-pathfinding's view of the scene.
struct BracketMap<'a>(&'a Scene);

impl bracket_pathfinding::prelude::BaseMap for BracketMap<'_> {
    fn is_opaque(&self, idx: usize) -> bool {
        self.0.solid[idx]
    }
}

impl bracket_pathfinding::prelude::Algorithm2D for BracketMap<'_> {
    fn dimensions(&self) -> Point {
        Point::new(SIZE as i32, SIZE as i32)
    }
}

fn bracket_view(map: &BracketMap, viewer: (i32, i32), out: &mut Vec<(i32, i32)>) {
    let seen =
        bracket_pathfinding::prelude::field_of_view(Point::new(viewer.0, viewer.1), VIEW, map);
    out.extend(seen.iter().map(|p| (p.x, p.y)));
}

fn shadowcast_view(scene: &Scene, viewer: (i32, i32), out: &mut Vec<(i32, i32)>) {
    // Beyond the radius counts as blocking: nothing farther can hide what is within it, and
    // the scan stops there.
    let mut blocking = |(x, y): (isize, isize)| {
        let cell = (x as i32, y as i32);
        !(0..SIZE as i32).contains(&cell.0)
            || !(0..SIZE as i32).contains(&cell.1)
            || !within_view(viewer, cell)
            || scene.is_solid(cell.0, cell.1)
    };
    let mut mark = |(x, y): (isize, isize)| out.push((x as i32, y as i32));
    symmetric_shadowcasting::compute_fov(
        (viewer.0 as isize, viewer.1 as isize),
        &mut blocking,
        &mut mark,
    );
}

fn bench_fields_of_view(c: &mut Criterion, scene: &Scene) {
    use tilecaster_grid::grid::{FieldOfView, Sight};
    // The map as a `BoolGrid`: its bounds, and solid beyond them.
    let solid = BoolGrid::new(&scene.solid, SIZE).unwrap();
    let viewers = viewers(scene);
    let bracket_map = BracketMap(scene);
    let tilecaster = |rule: Sight| {
        move |viewer: (i32, i32), view: &mut FieldOfView, out: &mut Vec<(i32, i32)>| {
            view.compute(&solid, Cell::new(viewer.0, viewer.1), f64::from(VIEW), rule);
            out.extend(view.cells().map(|c| (c.x, c.y)));
        }
    };
    type View<'a> = Box<dyn Fn((i32, i32), &mut FieldOfView, &mut Vec<(i32, i32)>) + 'a>;
    let peers: Vec<(&str, View)> = vec![
        (
            "tilecaster-grid Sight::Centres",
            Box::new(tilecaster(Sight::Centres)),
        ),
        (
            "tilecaster-grid Sight::AnyPoint",
            Box::new(tilecaster(Sight::AnyPoint)),
        ),
        (
            "bracket-pathfinding field_of_view",
            Box::new(|v, _: &mut FieldOfView, out: &mut Vec<(i32, i32)>| {
                bracket_view(&bracket_map, v, out)
            }),
        ),
        (
            "symmetric-shadowcasting",
            Box::new(|v, _: &mut FieldOfView, out: &mut Vec<(i32, i32)>| {
                shadowcast_view(scene, v, out)
            }),
        ),
    ];
    // The exact answers: what some point of each cell is seen by (the permissive rule, walls
    // alike), and whose centres are (the strict one).
    let (mut any, mut centres) = (FieldOfView::default(), FieldOfView::default());
    println!(
        "
fields of view {:>18} {:>8} {:>11}  (of {} viewers, radius {VIEW})",
        "unseen",
        "missed",
        "asymmetric",
        viewers.len()
    );
    let mut scratch = FieldOfView::default();
    for (name, view) in &peers {
        let (mut unseen, mut missed) = (0, 0);
        let mut seen_by: Vec<Vec<(i32, i32)>> = Vec::new();
        for &viewer in &viewers {
            let mut out = Vec::new();
            view(viewer, &mut scratch, &mut out);
            out.retain(|&c| c != viewer && within_view(viewer, c));
            out.sort_unstable();
            out.dedup();
            let at = Cell::new(viewer.0, viewer.1);
            any.compute(&solid, at, f64::from(VIEW), Sight::AnyPoint);
            centres.compute(&solid, at, f64::from(VIEW), Sight::Centres);
            unseen += out
                .iter()
                .filter(|&&(x, y)| !any.is_seen(Cell::new(x, y)))
                .count();
            missed += centres
                .cells()
                .filter(|&c| c != at && !out.contains(&(c.x, c.y)))
                .count();
            seen_by.push(out);
        }
        let mut asymmetric = 0;
        for (i, &a) in viewers.iter().enumerate() {
            for (j, &b) in viewers.iter().enumerate().skip(i + 1) {
                if within_view(a, b) {
                    asymmetric += usize::from(seen_by[i].contains(&b) != seen_by[j].contains(&a));
                }
            }
        }
        println!("{name:<32} {unseen:>8} {missed:>8} {asymmetric:>11}");
    }
    let mut group = c.benchmark_group("field of view, radius 8, 64x64, 3% walls (256 viewers)");
    for (name, view) in &peers {
        group.bench_function(*name, |b| {
            let mut view_buffer = FieldOfView::default();
            let mut out = Vec::with_capacity(512);
            b.iter(|| {
                let mut cells = 0;
                for &viewer in &viewers {
                    out.clear();
                    view(black_box(viewer), &mut view_buffer, &mut out);
                    cells += out.len();
                }
                cells
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
