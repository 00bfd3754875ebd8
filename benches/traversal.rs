//! Traversal throughput, side by side with the peer crates `fast-voxel-traversal` (exact-hit
//! DDA, f32) and `line_drawing` (Supercover, cell centre to cell centre), in the same run.
//!
//! - T1: 1,000,000 random segments of length about 30 on a 64x64 map, full walks.
//! - T2: first-hit rays on a 64x64 map with about 3% walls.
//! - T3: 1,920 camera rays x 200 fixed poses on a rooms map.
//! - T4: long rays across an empty 1024x1024 map.
//!
//! Throughput is in cells walked (each crate's own count), except T3: rays. Run with
//! `cargo bench --bench traversal`; `cargo run --example bench_table` prints the medians as a
//! table with ratios.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fast_voxel_traversal::raycast_2d::{BoundingVolume2, Ray2};
use line_drawing::Supercover;
use tilecaster::geom::Vec2;
use tilecaster::grid::{Cell, Solidity, Walk, cast_ray};
use tilecaster::map::{Tile, TileMap};

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
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// A map with walls at the given density (per 256), and a solid border.
fn scattered(size: usize, density: u64, rng: &mut Rng) -> TileMap {
    let mut map = TileMap::new(size, size).unwrap();
    for y in 0..size as i32 {
        for x in 0..size as i32 {
            let border = x == 0 || y == 0 || x == size as i32 - 1 || y == size as i32 - 1;
            if border || rng.next_u64() % 256 < density {
                map.set(Cell::new(x, y), Tile::Wall);
            }
        }
    }
    map
}

/// 8x8 rooms with a doorway in the middle of each wall and a pillar in some rooms.
fn rooms(size: usize) -> TileMap {
    let mut map = TileMap::new(size, size).unwrap();
    for y in 0..size as i32 {
        for x in 0..size as i32 {
            let on_wall = x % 8 == 0 || y % 8 == 0 || x == size as i32 - 1 || y == size as i32 - 1;
            let doorway = (x % 8 == 4 || y % 8 == 4) && x > 0 && y > 0;
            let pillar = x % 8 == 2 && y % 8 == 2 && (x / 8 + y / 8) % 2 == 0;
            if (on_wall && !doorway) || pillar {
                map.set(Cell::new(x, y), Tile::Wall);
            }
        }
    }
    map
}

fn random_open_point(map: &TileMap, rng: &mut Rng) -> Vec2 {
    loop {
        let size = map.width() as f64;
        let p = Vec2::new(rng.range(1.0, size - 1.0), rng.range(1.0, size - 1.0));
        if !map.is_solid(Cell::new(p.x.floor() as i32, p.y.floor() as i32)) {
            return p;
        }
    }
}

fn fvt_volume(map: &TileMap) -> BoundingVolume2 {
    BoundingVolume2 {
        size: (map.width() as i32, map.height() as i32),
    }
}

fn fvt_ray(origin: Vec2, dir: Vec2, length: f64) -> Ray2 {
    Ray2 {
        origin: (origin.x as f32, origin.y as f32),
        direction: (dir.x as f32, dir.y as f32),
        length: length as f32,
    }
}

fn cell_of(p: Vec2) -> (i32, i32) {
    (p.x.floor() as i32, p.y.floor() as i32)
}

// ---- one function per crate and workload: each returns the cells it walked ----

fn ours_full_walks(segments: &[(Vec2, Vec2)]) -> u64 {
    let mut cells = 0;
    for &(a, b) in segments {
        for e in Walk::segment(a, b) {
            black_box(e.cell);
            cells += 1;
        }
    }
    cells
}

fn fvt_full_walks(volume: BoundingVolume2, segments: &[(Vec2, Vec2)]) -> u64 {
    let mut cells = 0;
    for &(a, b) in segments {
        let d = b - a;
        for hit in volume.traverse_ray(fvt_ray(a, d, d.length())) {
            black_box(hit.voxel);
            cells += 1;
        }
    }
    cells
}

fn supercover_full_walks(segments: &[(Vec2, Vec2)]) -> u64 {
    let mut cells = 0;
    for &(a, b) in segments {
        for cell in Supercover::new(cell_of(a), cell_of(b)) {
            black_box(cell);
            cells += 1;
        }
    }
    cells
}

/// First hits of rays (origin, unit direction); returns cells walked.
fn ours_first_hits(map: &TileMap, rays: &[(Vec2, Vec2)]) -> u64 {
    let mut cells = 0;
    for &(o, d) in rays {
        let hit = cast_ray(map, o, d, f64::INFINITY);
        cells += black_box(hit).map_or(0, |h| h.visited as u64);
    }
    cells
}

fn fvt_first_hits(map: &TileMap, rays: &[(Vec2, Vec2)], reach: f64) -> u64 {
    let volume = fvt_volume(map);
    let mut cells = 0;
    for &(o, d) in rays {
        for hit in volume.traverse_ray(fvt_ray(o, d, reach)) {
            cells += 1;
            if map.is_solid(Cell::new(hit.voxel.0, hit.voxel.1)) {
                black_box(hit.distance);
                break;
            }
        }
    }
    cells
}

fn supercover_first_hits(map: &TileMap, rays: &[(Vec2, Vec2)], reach: f64) -> u64 {
    let mut cells = 0;
    for &(o, d) in rays {
        for (x, y) in Supercover::new(cell_of(o), cell_of(o + d * reach)) {
            cells += 1;
            if map.is_solid(Cell::new(x, y)) {
                black_box((x, y));
                break;
            }
        }
    }
    cells
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3))
}

fn t1_segments(c: &mut Criterion) {
    let mut rng = Rng(1);
    let map = scattered(64, 0, &mut rng);
    let segments: Vec<(Vec2, Vec2)> = (0..1_000_000)
        .map(|_| {
            loop {
                let a = Vec2::new(rng.range(1.0, 63.0), rng.range(1.0, 63.0));
                let b = a + Vec2::from_angle_degrees(rng.range(0.0, 360.0)) * 30.0;
                if (1.0..63.0).contains(&b.x) && (1.0..63.0).contains(&b.y) {
                    break (a, b);
                }
            }
        })
        .collect();
    let volume = fvt_volume(&map);
    let mut group = c.benchmark_group("T1 segments 64x64 full walks");
    group.throughput(Throughput::Elements(ours_full_walks(&segments)));
    group.bench_function("tilecaster", |b| b.iter(|| ours_full_walks(&segments)));
    group.throughput(Throughput::Elements(fvt_full_walks(volume, &segments)));
    group.bench_function("fast-voxel-traversal", |b| {
        b.iter(|| fvt_full_walks(volume, &segments))
    });
    group.throughput(Throughput::Elements(supercover_full_walks(&segments)));
    group.bench_function("line_drawing Supercover", |b| {
        b.iter(|| supercover_full_walks(&segments))
    });
    group.finish();
}

fn first_hit_group(
    c: &mut Criterion,
    name: &str,
    map: &TileMap,
    rays: &[(Vec2, Vec2)],
    reach: f64,
) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(ours_first_hits(map, rays)));
    group.bench_function("tilecaster", |b| b.iter(|| ours_first_hits(map, rays)));
    group.throughput(Throughput::Elements(fvt_first_hits(map, rays, reach)));
    group.bench_function("fast-voxel-traversal", |b| {
        b.iter(|| fvt_first_hits(map, rays, reach))
    });
    group.throughput(Throughput::Elements(supercover_first_hits(
        map, rays, reach,
    )));
    group.bench_function("line_drawing Supercover", |b| {
        b.iter(|| supercover_first_hits(map, rays, reach))
    });
    group.finish();
}

fn t2_first_hits(c: &mut Criterion) {
    let mut rng = Rng(2);
    let map = scattered(64, 8, &mut rng); // 8/256 = 3.1% walls
    let rays: Vec<(Vec2, Vec2)> = (0..200_000)
        .map(|_| {
            (
                random_open_point(&map, &mut rng),
                Vec2::from_angle_degrees(rng.range(0.0, 360.0)),
            )
        })
        .collect();
    first_hit_group(c, "T2 first hits 64x64 3% walls", &map, &rays, 100.0);
}

fn t4_long_rays(c: &mut Criterion) {
    let mut rng = Rng(4);
    let map = TileMap::new(1024, 1024).unwrap();
    let rays: Vec<(Vec2, Vec2)> = (0..2_000)
        .map(|_| {
            let o = Vec2::new(rng.range(0.0, 1.0), rng.range(0.0, 1024.0));
            let target = Vec2::new(1024.0, rng.range(0.0, 1024.0));
            let d = target - o;
            (o, d * (1.0 / d.length()))
        })
        .collect();
    first_hit_group(c, "T4 long rays 1024x1024 empty", &map, &rays, 1500.0);
}

/// T3: `POSES` camera poses in the rooms map, `COLUMNS` rays each (66 degree FOV).
fn t3_camera_rays(c: &mut Criterion) {
    const COLUMNS: usize = 1920;
    const POSES: usize = 200;
    let mut rng = Rng(3);
    let map = rooms(64);
    let plane_scale = (33.0f64).to_radians().tan();
    let poses: Vec<(Vec2, Vec2, Vec2)> = (0..POSES)
        .map(|_| {
            let pos = random_open_point(&map, &mut rng);
            let dir = Vec2::from_angle_degrees(rng.range(0.0, 360.0));
            let plane = Vec2::new(-dir.y, dir.x) * plane_scale;
            (pos, dir, plane)
        })
        .collect();
    let camera_x: Vec<f64> = (0..COLUMNS)
        .map(|col| 2.0 * col as f64 / COLUMNS as f64 - 1.0)
        .collect();
    // Unit directions for the peers, which normalise internally anyway.
    let unit_rays: Vec<(Vec2, Vec2)> = poses
        .iter()
        .flat_map(|&(pos, dir, plane)| {
            camera_x.iter().map(move |&x| {
                let r = dir + plane * x;
                (pos, r * (1.0 / r.length()))
            })
        })
        .collect();
    let mut group = c.benchmark_group("T3 camera rays 1920x200 rooms");
    group.throughput(Throughput::Elements((COLUMNS * POSES) as u64));
    group.bench_function("tilecaster", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &(pos, dir, plane) in &poses {
                for &x in &camera_x {
                    // The renderer's column ray: t is the perpendicular distance.
                    if let Some(hit) = cast_ray(&map, pos, dir + plane * x, f64::INFINITY) {
                        sum += hit.t;
                    }
                }
            }
            black_box(sum)
        })
    });
    group.bench_function("fast-voxel-traversal", |b| {
        b.iter(|| fvt_first_hits(&map, &unit_rays, 100.0))
    });
    group.bench_function("line_drawing Supercover", |b| {
        b.iter(|| supercover_first_hits(&map, &unit_rays, 100.0))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = t1_segments, t2_first_hits, t3_camera_rays, t4_long_rays
}
criterion_main!(benches);
