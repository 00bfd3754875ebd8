//! Full frames and the memset baseline, per resolution, in the same run: every frame time is
//! read against the time to fill one frame of that size. Then each stage of the frame (the
//! column casts, sprite projection, the composite), timed by the renderer's own clock around
//! that stage (`Renderer::stats`) through `iter_custom`; and the composite's sweeps (floor and
//! ceiling, walls, masked layers and sprites), in thread time summed over the bands.
//!
//! Scene: e1m2 (textured walls, floor and ceiling; grates; guards) from its hall. Throughput in
//! pixels (columns for the casts). `cargo bench --bench render`; rayon uses every core unless
//! `RAYON_NUM_THREADS` says.

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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = frames
}
criterion_main!(benches);
