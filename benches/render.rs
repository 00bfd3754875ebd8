//! Full frames and the memset baseline, per resolution, in the same run: every frame time is
//! read against the time to fill one frame of that size. Then each stage of the frame (the
//! column casts, sprite projection, the composite), timed by the renderer's own clock around
//! that stage (`Renderer::stats`) through `iter_custom`; and the composite's sweeps (floor and
//! ceiling, walls, masked layers and sprites), in thread time summed over the bands.
//!
//! Scene: e1m2 (textured walls, floor and ceiling; grates; guards) from its hall. Throughput in
//! pixels (columns for the casts). `cargo bench --bench render`; rayon uses every core unless
//! `RAYON_NUM_THREADS` says.
//!
//! Then the peer: the `raycaster` crate (pinned, 0.3.1) and tilecaster drawing lodev's map
//! (`levels/lodev.toml`, the same textures, walls, floor and ceiling, no fog) from the same
//! pose, at 1280x800 and 1920x1080, on 1 and 2 threads (`peer/...`).

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, ClosedDoors, FrameStats, RenderAssets, Renderer, level_sprites};

fn frames(c: &mut Criterion) {
    let loaded = load_with_textures(Path::new("levels/e1m2.tmx"), None).unwrap();
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let sprites = level_sprites(level, &loaded.textures);
    let camera = Camera::new(Vec2::new(20.5, 12.5), 195.0, Camera::DEFAULT_FOV);
    let mut group = c.benchmark_group("frame");
    for (w, h) in [(640, 400), (1280, 720), (1920, 1080), (3840, 2160)] {
        let mut frame = Frame::new(w, h).unwrap();
        let mut renderer = Renderer::new();
        group.throughput(Throughput::Elements(u64::from(w * h)));
        group.bench_function(BenchmarkId::new("memset", format!("{w}x{h}")), |b| {
            b.iter(|| {
                frame.fill([0, 0, 0, 255]);
                black_box(frame.rgba()[0]);
            })
        });
        group.bench_function(BenchmarkId::new("full frame", format!("{w}x{h}")), |b| {
            b.iter(|| {
                renderer.render(level, &assets, &ClosedDoors, &sprites, &camera, &mut frame);
                black_box(frame.rgba()[0]);
            })
        });
    }
    group.finish();
    let mut stages = c.benchmark_group("stage");
    type Stage = fn(&FrameStats) -> Duration;
    let list: [(&str, Stage); 6] = [
        ("cast", |s| s.cast),
        ("sprites", |s| s.sprites),
        ("composite", |s| s.composite),
        ("floor and ceiling", |s| s.floor),
        ("walls", |s| s.walls),
        ("layers and sprites", |s| s.overlays),
    ];
    for (w, h) in [(640, 400), (1280, 720), (1920, 1080), (3840, 2160)] {
        let mut frame = Frame::new(w, h).unwrap();
        let mut renderer = Renderer::new();
        for (name, stage) in list {
            let elements = if matches!(name, "cast" | "sprites") {
                w
            } else {
                w * h
            };
            stages.throughput(Throughput::Elements(u64::from(elements)));
            stages.bench_function(BenchmarkId::new(name, format!("{w}x{h}")), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        renderer.render(
                            level,
                            &assets,
                            &ClosedDoors,
                            &sprites,
                            &camera,
                            &mut frame,
                        );
                        total += stage(&renderer.stats());
                    }
                    total
                })
            });
        }
    }
    stages.finish();
}

/// The `raycaster` crate's world for `level`: a textured wall for each solid cell (its north
/// face's texture), and the level's default floor and ceiling textures.
fn peer_world(
    level: &tilecaster::level::Level,
    textures: &tilecaster::texture::TextureSet,
) -> raycaster::prelude::WorldMap {
    use raycaster::prelude::{Tile, WorldMap};
    use tilecaster::grid::{Cell, Solidity};
    let mut world = WorldMap::new();
    let mut images = std::collections::HashMap::new();
    let mut image = |world: &mut WorldMap, name: &str| -> Tile {
        let id = *images.entry(name.to_string()).or_insert_with(|| {
            let t = textures.get(name).expect("the level's texture");
            let size = t.size();
            // Row-major RGBA, as the crate reads images.
            let rgba = (0..size * size)
                .flat_map(|i| t.texel(i % size, i / size).to_le_bytes())
                .collect();
            world.add_image(rgba, size, size)
        });
        let size = textures.get(name).unwrap().size() as usize;
        Tile::textured(id, (0, 0, size, size))
    };
    let start = level.player.position;
    let style = &level.styles[level.map.style(Cell::new(start.x as i32, start.y as i32)) as usize];
    for (surface, floor) in [(&style.floor, true), (&style.ceiling, false)] {
        if let tilecaster::level::Surface::Texture(name) = surface {
            let tile = image(&mut world, name);
            if floor {
                world.set_default_floor(tile);
            } else {
                world.set_default_ceiling(tile);
            }
        }
    }
    for y in 0..level.map.height() as i32 {
        for x in 0..level.map.width() as i32 {
            let cell = Cell::new(x, y);
            if level.map.is_solid(cell) {
                let style = &level.styles[level.map.style(cell) as usize];
                if let Some(faces) = &style.faces {
                    let tile = image(&mut world, &faces[0]);
                    world.set_wall(x, y, tile);
                }
            }
        }
    }
    world
}

/// The `raycaster` crate beside tilecaster on lodev's map, same pose and sizes, 1 and 2 threads.
fn peer(c: &mut Criterion) {
    let loaded = load_with_textures(Path::new("levels/lodev.toml"), None).unwrap();
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let mut world = peer_world(level, &loaded.textures);
    let start = level.player.position;
    // The crate's camera: facing west, plane 0.66 (a 66.8 degree view), as tilecaster's here.
    let camera = Camera::new(start, 180.0, 2.0 * 0.66f64.atan().to_degrees());
    let mut caster = raycaster::prelude::Raycaster::new();
    caster.set_pos(start.x as f32, start.y as f32);
    caster.face_west();
    let mut group = c.benchmark_group("peer");
    for (w, h) in [(1280u32, 800u32), (1920, 1080)] {
        group.throughput(Throughput::Elements(u64::from(w * h)));
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let size = format!(
                "{w}x{h}, {threads} thread{}",
                if threads == 1 { "" } else { "s" }
            );
            let mut frame = Frame::new(w, h).unwrap();
            let mut renderer = Renderer::new();
            group.bench_function(BenchmarkId::new("tilecaster", &size), |b| {
                pool.install(|| {
                    b.iter(|| {
                        renderer.render(level, &assets, &ClosedDoors, &[], &camera, &mut frame);
                        black_box(frame.rgba()[0]);
                    })
                })
            });
            let mut rgba = vec![0u8; (w * h * 4) as usize];
            let rect = (0, 0, w as usize, h as usize);
            group.bench_function(BenchmarkId::new("raycaster crate", &size), |b| {
                pool.install(|| {
                    b.iter(|| {
                        if threads == 1 {
                            caster.render_st(&mut rgba, rect, w as usize, &mut world);
                        } else {
                            caster.render_mt(&mut rgba, rect, w as usize, &mut world);
                        }
                        black_box(rgba[0]);
                    })
                })
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = frames, peer
}
criterion_main!(benches);
