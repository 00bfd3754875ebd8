//! The editor's redraw after a change on a large lit level: a 64 x 64 level of 8 x 8 rooms
//! with 40 lights, one wall painted and taken away again in a lit room (or a light put in
//! one and taken away again: its whole reach relit), each change followed
//! by what the editor's window does before it shows it: the level checked and loaded again
//! (its textures and sprites taken from the last load), the scene made from the last scene
//! (`Scene::after`: the light map worked out again where the change reaches, lit floors and
//! ceilings kept where nothing changed), and the first-person view drawn at 640 x 800.
//! `afresh` makes the scene from nothing each time (`Scene::new`), as before `Scene::after`.
//! The cells whose light changed are drawn lit pixel by pixel until their lit copies are made,
//! 16 cells a frame in the frames after: one of those frames is timed too.
//!
//! `cargo bench --bench editor`; the figure is on one core:
//! `RAYON_NUM_THREADS=1 cargo bench --bench editor`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tilecaster::assets::Sources;
use tilecaster::edit::{Editor, Scene};
use tilecaster::frame::Frame;
use tilecaster::grid::Cell;
use tilecaster::level::{Brush, Draft};
use tilecaster::math::Vec2;

/// The level: walls every 8 cells with doorways, a light in 40 of the 64 rooms.
fn large_lit_level(path: &Path) -> Editor {
    let mut e = Editor::new(Draft::new(path, "Large", 64, 64, &Brush::wall("brick")));
    e.brush = Brush::wall("stone");
    for k in 1..8 {
        e.line(Cell::new(k * 8, 1), Cell::new(k * 8, 62)).unwrap();
        e.line(Cell::new(1, k * 8), Cell::new(62, k * 8)).unwrap();
    }
    e.brush = Brush::floor();
    for k in 0..8 {
        for j in 1..8 {
            e.paint(Cell::new(j * 8, k * 8 + 4)).unwrap();
            e.paint(Cell::new(k * 8 + 4, j * 8)).unwrap();
        }
    }
    e.brush = Brush::light("#ffd9a0", 6.0, 1.0);
    for room in 0..40 {
        e.paint(Cell::new(room % 8 * 8 + 3, room / 8 * 8 + 3))
            .unwrap();
    }
    e.brush = Brush::player("east");
    e.paint(Cell::new(19, 21)).unwrap();
    assert!(e.problems().is_empty(), "{:?}", e.problems());
    e
}

/// What the editor's window does after a change before it draws: the level checked and loaded
/// again (from the last load), the scene made from the last one.
fn after(
    e: &Editor,
    sources: &Sources,
    (path, camera): (&Path, (Vec2, f64)),
    scene: &Scene,
) -> Scene {
    let loaded = e.loaded_after(sources, Some(scene.loaded())).unwrap();
    Scene::after(loaded, path, camera, scene)
}

fn redraw(c: &mut Criterion) {
    let path = Path::new("levels/bench-editor.toml");
    let mut e = large_lit_level(path);
    let sources = Sources::default();
    let camera = (Vec2::new(19.5, 21.5), 0.0);
    let mut scene = Scene::new(e.loaded(&sources).unwrap(), path, camera);
    let mut round = 0;
    let mut change = |e: &mut Editor| {
        round += 1;
        e.brush = if round % 2 == 0 {
            Brush::floor()
        } else {
            Brush::wall("wood")
        };
        e.paint(Cell::new(20, 20)).unwrap();
    };
    // A light put in a lit room and taken away (undone): its whole reach worked out again.
    let mut lamp_round = 0;
    let mut lamp = |e: &mut Editor| {
        lamp_round += 1;
        if lamp_round % 2 == 0 {
            assert!(e.undo());
        } else {
            e.brush = Brush::light("#a0c0ff", 5.0, 1.0);
            e.paint(Cell::new(21, 22)).unwrap();
        }
    };
    let mut group = c.benchmark_group("editor 64x64, 40 lights");
    group.bench_function("change, load, scene after, view", |b| {
        b.iter(|| {
            change(&mut e);
            scene = after(&e, &sources, (path, camera), &scene);
            black_box(scene.view(66.0, Frame::new(640, 800).unwrap()).rgba()[0]);
        })
    });
    group.bench_function("light added or taken away, load, scene after, view", |b| {
        b.iter(|| {
            lamp(&mut e);
            scene = after(&e, &sources, (path, camera), &scene);
            black_box(scene.view(66.0, Frame::new(640, 800).unwrap()).rgba()[0]);
        })
    });
    // The frames after a light is put in: each makes 16 cells' lit copies and draws the view,
    // as the editor does until none is left (the time a frame, the change itself untimed).
    group.bench_function(
        "a frame after a light is added, 16 cells' copies made",
        |b| {
            b.iter_custom(|iterations| {
                let (mut spent, mut frames) = (std::time::Duration::ZERO, 0u32);
                while frames < iterations as u32 {
                    lamp(&mut e);
                    scene = after(&e, &sources, (path, camera), &scene);
                    loop {
                        let start = std::time::Instant::now();
                        let left = scene.make_lit_copies(16);
                        black_box(scene.view(66.0, Frame::new(640, 800).unwrap()).rgba()[0]);
                        spent += start.elapsed();
                        frames += 1;
                        if left == 0 {
                            break;
                        }
                    }
                }
                spent * iterations as u32 / frames
            })
        },
    );
    group.bench_function("change, load, scene afresh, view", |b| {
        b.iter(|| {
            change(&mut e);
            let loaded = e.loaded_after(&sources, Some(scene.loaded())).unwrap();
            scene = Scene::new(loaded, path, camera);
            black_box(scene.view(66.0, Frame::new(640, 800).unwrap()).rgba()[0]);
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(5));
    targets = redraw
}
criterion_main!(benches);
