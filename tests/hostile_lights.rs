//! Levels with many and large lights, near each of the light limits and past them: every
//! level `check` passes loads and renders within 1 GiB (measured by the counting allocator of
//! `allocations.rs`, this module's parent), its light map within the bytes its cost promises;
//! every level past a limit is refused by `check` and by `render` alike, at a line and column
//! and with the figure.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::level::{LevelSolidity, LightCost, load_with_textures};
use tilecaster::lighting::LightMap;
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, Renderer};

use super::{HELD, ONE_AT_A_TIME, PEAK};

/// One level of the corpus: an open hall of `size` with `lights` (x, y, radius) of its own.
struct Case {
    name: &'static str,
    size: (usize, usize),
    lights: Vec<(f64, f64, f64)>,
    /// What `check` says of it: `None` passes, else a piece of its error.
    refused: Option<&'static str>,
}

/// The level file of `case` in `dir`, the repository's textures, dim ambient light.
fn write_level(dir: &Path, case: &Case) -> PathBuf {
    let (w, h) = case.size;
    let mut grid = String::new();
    for y in 0..h {
        for x in 0..w {
            let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            grid.push(match (edge, x, y) {
                (true, ..) => '#',
                (false, 1, 1) => '@',
                _ => '.',
            });
        }
        grid.push('\n');
    }
    let textures = Path::new(env!("CARGO_MANIFEST_DIR")).join("textures");
    let mut text = format!(
        "name = \"{}\"\ntextures = {:?}\ngrid = '''\n{grid}'''\n[ambient]\nlevel = 0.3\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n",
        case.name,
        textures.display()
    );
    for &(x, y, radius) in &case.lights {
        text +=
            &format!("[[light]]\nposition = [{x}, {y}]\ncolour = \"#ffe0b0\"\nradius = {radius}\n");
    }
    let path = dir.join(format!("{}.toml", case.name));
    std::fs::write(&path, text).unwrap();
    path
}

/// The corpus: each light limit approached and passed.
fn corpus() -> Vec<Case> {
    // Lamps of the largest radius side by side along a hall: three stay within the light
    // map's bytes (about 9,900 cells lit), four do not.
    let wide = |n: usize| {
        (0..n)
            .map(|i| (40.5 + 70.0 * i as f64, 40.5, 32.0))
            .collect()
    };
    // Small lamps one a cell, a row of 64 after another.
    let small = |n: usize| {
        (0..n)
            .map(|i| (1.5 + (i % 64) as f64, 1.5 + (i / 64) as f64, 0.5))
            .collect()
    };
    // Lamps of radius 3 heaped in a 40 x 40 room: much work, few cells.
    let heaped = |n: usize| {
        (0..n)
            .map(|i| (2.5 + (i * 7 % 37) as f64, 2.5 + (i * 11 % 37) as f64, 3.0))
            .collect()
    };
    vec![
        Case {
            name: "three_wide_lamps",
            size: (220, 82),
            lights: wide(3),
            refused: None,
        },
        Case {
            name: "four_wide_lamps",
            size: (290, 82),
            lights: wide(4),
            refused: Some("MiB to build); the limit is 768 MiB"),
        },
        Case {
            name: "4096_small_lamps",
            size: (66, 66),
            lights: small(4096),
            refused: None,
        },
        Case {
            name: "4097_small_lamps",
            size: (66, 67),
            lights: small(4097),
            refused: Some("the level has 4097 lights; the limit is 4096"),
        },
        Case {
            name: "heaped_lamps",
            size: (42, 42),
            lights: heaped(1000),
            refused: None,
        },
        Case {
            name: "too_much_reach",
            size: (42, 42),
            lights: heaped(3600),
            refused: Some("square tiles in all; the limit is 100000"),
        },
    ]
}

/// Bytes held above `before` at the peak of `work`.
fn peak_of<R>(work: impl FnOnce() -> R) -> (R, usize) {
    let before = HELD.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let result = work();
    (result, PEAK.load(Ordering::SeqCst).saturating_sub(before))
}

#[test]
fn levels_check_passes_render_within_a_gibibyte_and_the_rest_are_refused_alike() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("tilecaster-lights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    const GIB: usize = 1 << 30;
    for case in corpus() {
        let path = write_level(&dir, &case);
        let name = case.name;
        let check = super::common::run(["check".as_ref(), path.as_os_str()]);
        let out = dir.join(format!("{name}.png"));
        let render = super::common::run([
            "render".as_ref(),
            "--level".as_ref(),
            path.as_os_str(),
            "--size".as_ref(),
            "160x100".as_ref(),
            "--output".as_ref(),
            out.as_os_str(),
        ]);
        let said = |o: &std::process::Output| {
            String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
        };
        let (loaded, held) = peak_of(|| load_with_textures(&path, None));
        match (case.refused, loaded) {
            (None, Ok(loaded)) => {
                assert!(
                    check.status.success(),
                    "{name}: check says {}",
                    said(&check)
                );
                assert!(
                    render.status.success(),
                    "{name}: render says {}",
                    said(&render)
                );
                let level = &loaded.level;
                let (w, h) = (level.map.width() as u32, level.map.height() as u32);
                let lights = level.all_lights();
                let cost = LightCost::of(&lights, w, h);
                let solid = LevelSolidity::new(level, &loaded.textures);
                let (map, built) =
                    peak_of(|| LightMap::build(&solid, w, h, &lights, level.ambient));
                drop(map);
                let promised = cost.bytes().unwrap() as usize;
                assert!(
                    built <= promised,
                    "{name}: {built} bytes to build, {promised} promised"
                );
                let (_, drawn) = peak_of(|| {
                    let assets = RenderAssets::new(level, &loaded.textures);
                    let mut frame = Frame::new(640, 400).unwrap();
                    let camera = Camera::new(Vec2::new(1.5, 1.5), 30.0, Camera::DEFAULT_FOV);
                    Renderer::new().render(level, &assets, &ClosedDoors, &[], &camera, &mut frame);
                });
                let peak = held.max(drawn + HELD.load(Ordering::SeqCst));
                println!(
                    "{name}: {} lights, {:?} cells, {} MiB to build the light map, {} MiB at the peak",
                    lights.len(),
                    cost.cells,
                    built >> 20,
                    peak >> 20
                );
                assert!(peak < GIB, "{name}: {peak} bytes at the peak");
            }
            (Some(why), Err(e)) => {
                let text = e.to_string();
                let at = format!("{}:", path.display());
                assert!(text.contains(why), "{name}: {text}");
                let line = text.lines().find(|l| l.contains(why)).unwrap();
                let place: Vec<&str> = line[at.len()..].splitn(3, ':').collect();
                assert!(
                    line.starts_with(&at) && place[..2].iter().all(|n| n.parse::<u32>().is_ok()),
                    "{name}: no line and column in {line}"
                );
                for (what, o) in [("check", &check), ("render", &render)] {
                    assert!(!o.status.success(), "{name}: {what} passed it");
                    assert!(said(o).contains(line), "{name}: {what} says {}", said(o));
                }
                assert!(held < 64 << 20, "{name}: {held} bytes to refuse it");
            }
            (refused, loaded) => panic!("{name}: expected {refused:?}, loaded {:?}", loaded.err()),
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}
