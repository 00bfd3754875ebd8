//! Line of sight on short queries, where games use it most (an enemy checking the player every
//! tick): 10 to 30 tiles on a 64 x 64 map with about 3% walls, exact (`line_of_sight`, one at a
//! time over a closure indexing the same slice as the DDA and over a `BoolGrid`, which checks
//! its bounds, and as a batch from one viewer) beside a plain f64 DDA of the kind tutorials teach
//! (lodev's, checking cells until the target's), in the same run. The DDA's disagreements with
//! the exact answer are counted and printed before the timings.
//!
//! `cargo bench -p tilecaster-grid --bench sight`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tilecaster_grid::grid::{BoolGrid, Cell, line_of_sight, lines_of_sight};
use tilecaster_grid::math::Vec2;

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

const SIZE: usize = 64;

/// About 3% walls and a solid border.
fn walls(rng: &mut Rng) -> Vec<bool> {
    (0..SIZE * SIZE)
        .map(|i| {
            let (x, y) = (i % SIZE, i / SIZE);
            x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1 || rng.next_u64() % 256 < 8
        })
        .collect()
}

/// Pairs of open points 10 to 30 tiles apart; on the 1/1024 lattice one in four (where DDAs
/// meet vertices), anywhere the rest.
fn queries(map: &BoolGrid<'_>, rng: &mut Rng, n: usize) -> Vec<(Vec2, Vec2)> {
    let point = |rng: &mut Rng, lattice: bool| loop {
        let mut v = || 1.0 + rng.unit() * (SIZE - 2) as f64;
        let mut p = Vec2::new(v(), v());
        if lattice {
            p = Vec2::new((p.x * 4.0).round() / 4.0, (p.y * 4.0).round() / 4.0);
        }
        if !tilecaster_grid::grid::Solidity::is_solid(map, Cell::containing(p)) {
            return p;
        }
    };
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let lattice = out.len() % 4 == 0;
        let (a, b) = (point(rng, lattice), point(rng, lattice));
        if (10.0..=30.0).contains(&(b - a).length()) {
            out.push((a, b));
        }
    }
    out
}

/// Line of sight by a plain f64 DDA: step cell to cell by the smaller side distance until the
/// target's cell, blocked by any solid cell on the way (no corner rule; ties go to x).
fn dda_line_of_sight(solid: &[bool], a: Vec2, b: Vec2) -> bool {
    let d = b - a;
    let (mut x, mut y) = (a.x.floor() as i32, a.y.floor() as i32);
    let (tx, ty) = (b.x.floor() as i32, b.y.floor() as i32);
    let (step_x, step_y) = (
        if d.x < 0.0 { -1 } else { 1 },
        if d.y < 0.0 { -1 } else { 1 },
    );
    let (delta_x, delta_y) = ((1.0 / d.x).abs(), (1.0 / d.y).abs());
    let mut side_x = if d.x < 0.0 {
        a.x - x as f64
    } else {
        x as f64 + 1.0 - a.x
    } * delta_x;
    let mut side_y = if d.y < 0.0 {
        a.y - y as f64
    } else {
        y as f64 + 1.0 - a.y
    } * delta_y;
    let steps = (tx - x).abs() + (ty - y).abs();
    for _ in 0..steps {
        if side_x < side_y {
            side_x += delta_x;
            x += step_x;
        } else {
            side_y += delta_y;
            y += step_y;
        }
        if solid[y as usize * SIZE + x as usize] {
            return false;
        }
    }
    true
}

fn bench(c: &mut Criterion) {
    let mut rng = Rng(0x5eed);
    let solid = walls(&mut rng);
    let map = BoolGrid::new(&solid, SIZE).unwrap();
    let pairs = queries(&map, &mut rng, 4096);
    let differ = pairs
        .iter()
        .filter(|&&(a, b)| line_of_sight(&map, a, b) != dda_line_of_sight(&solid, a, b))
        .count();
    let asymmetric = pairs
        .iter()
        .filter(|&&(a, b)| dda_line_of_sight(&solid, a, b) != dda_line_of_sight(&solid, b, a))
        .count();
    println!(
        "f64 DDA: {differ} of {} answers differ from the exact ones; {asymmetric} differ with \
         the ends swapped (the exact answer never does)",
        pairs.len()
    );
    // The batch: one viewer (the first query's), 4096 targets 10 to 30 tiles from it.
    let viewer = pairs[0].0;
    let targets: Vec<Vec2> = queries(&map, &mut rng, 1 << 16)
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .filter(|&t| (10.0..=30.0).contains(&(t - viewer).length()))
        .take(4096)
        .collect();
    assert_eq!(targets.len(), 4096);

    // The same lookup as the DDA's, so that the two differ only in the traversal.
    let slice = |c: Cell| solid[c.y as usize * SIZE + c.x as usize];
    let mut group = c.benchmark_group("line of sight 10-30 tiles, 64x64, 3% walls (4096)");
    group.bench_function(
        "tilecaster-grid line_of_sight, a closure over the slice",
        |b| {
            b.iter(|| {
                pairs
                    .iter()
                    .filter(|&&(a, b)| line_of_sight(&slice, black_box(a), black_box(b)))
                    .count()
            })
        },
    );
    group.bench_function("tilecaster-grid line_of_sight, BoolGrid", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| line_of_sight(&map, black_box(a), black_box(b)))
                .count()
        })
    });
    group.bench_function("f64 DDA", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| dda_line_of_sight(&solid, black_box(a), black_box(b)))
                .count()
        })
    });
    group.bench_function("tilecaster-grid lines_of_sight (one viewer)", |b| {
        b.iter(|| {
            lines_of_sight(&map, black_box(viewer), &targets)
                .filter(|&s| s)
                .count()
        })
    });
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
