//! `tilecaster bench --pose` in the page: a bundled level drawn over and over from one place,
//! frame after frame on the page's one thread with nothing between them, so that the engine
//! built for WebAssembly is timed as the native bench times it. (The game's own frames are
//! not: between them the browser copies each to the screen, which pushes the renderer's
//! pixels and textures out of the CPU's caches; a native game in a window meets the same.)
//! The page's tests compare its figures with the native bench's at the same place and size;
//! an engine programmer can call it from the browser's console:
//! `tilecaster.bench("e1m1", 1280, 800, 120, 23.5, 36.5, 270)`. (The page's clock counts in
//! tenths of a millisecond unless the page is served cross-origin isolated.)

use std::time::Duration;

use anyhow::{Result, bail};
use serde::Serialize;
use tilecaster::frame::Frame;
use tilecaster::game::Game;
use tilecaster::geom::Vec2;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, RenderAssets, Renderer};
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// Frames drawn first and not timed: buffers grown, caches and the compiler's tiers warm.
const WARM_UP: u32 = 3;

/// The most frames one call draws (the page does nothing else meanwhile).
const MOST_FRAMES: u32 = 2000;

/// What the bench measured, named as `tilecaster bench --json` names the same figures.
#[derive(Serialize)]
struct Figures {
    level: String,
    width: u32,
    height: u32,
    frames: u32,
    /// The median frame.
    frame_p50_ms: f64,
    /// The renderer's stages, summed over the frames, per frame and column.
    cast_ns_per_column: f64,
    floor_ns_per_column: f64,
    walls_ns_per_column: f64,
    overlays_ns_per_column: f64,
}

/// Draws bundled level `level` (as `?level=` names it: `e1m1`, `e1m2.tmx`) `frames` times
/// at `width` x `height` from `(x, y)` facing `angle` (degrees, as `--pose` takes them),
/// after three frames of warm-up, and returns the figures as JSON (`frame_p50_ms`, and per
/// stage `cast_ns_per_column` and the like, as the native bench's `--json`). What cannot be
/// drawn is thrown: an unknown level, a size or frame count out of range, a place or angle
/// that is not a number.
#[wasm_bindgen]
pub fn bench(
    level: &str,
    width: u32,
    height: u32,
    frames: u32,
    x: f64,
    y: f64,
    angle: f64,
) -> Result<String, JsError> {
    measure(level, (width, height), frames, (x, y, angle))
        .map_err(|e| JsError::new(&format!("{e:#}")))
}

fn measure(
    name: &str,
    (width, height): (u32, u32),
    frames: u32,
    pose: (f64, f64, f64),
) -> Result<String> {
    if !(1..=MOST_FRAMES).contains(&frames) {
        bail!("{frames} frames: from 1 to {MOST_FRAMES}");
    }
    let path = tilecaster::files::default_path(&format!(
        "levels/{}",
        super::bundled_file(name.to_string())
    ));
    if !super::is_plain_name(name) || !tilecaster::files::is_file(&path) {
        bail!(
            "{name}: no such level; the bundled ones are {}",
            super::bundled_levels().join(", ")
        );
    }
    let (x, y, angle) = pose;
    if ![x, y, angle].iter().all(|v| v.is_finite()) {
        bail!("the place and angle must be numbers");
    }
    let loaded = load_with_textures(&path, None)?;
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    // The level's things as the game places them at its start, as the native bench draws it.
    let game = Game::new(level.clone());
    let sprites = tilecaster::scene::sprites(&game, &loaded.textures);
    let parts = tilecaster::scene::GameParts(&game);
    let camera = Camera::new(Vec2::new(x, y), angle, Camera::DEFAULT_FOV);
    let mut frame = Frame::new(width, height)?;
    let mut renderer = Renderer::new();
    let mut times = Vec::with_capacity(frames as usize);
    let mut stages = [Duration::ZERO; 4];
    for i in 0..frames + WARM_UP {
        let start = Instant::now();
        renderer.render(level, &assets, &parts, &sprites, &camera, &mut frame);
        let took = start.elapsed();
        if i < WARM_UP {
            continue;
        }
        times.push(took);
        let s = renderer.stats();
        for (sum, stage) in stages
            .iter_mut()
            .zip([s.cast, s.floor, s.walls, s.overlays])
        {
            *sum += stage;
        }
    }
    times.sort();
    let columns = f64::from(frames) * f64::from(width);
    let [cast, floor, walls, overlays] = stages.map(|d| d.as_nanos() as f64 / columns);
    let figures = Figures {
        level: name.to_string(),
        width,
        height,
        frames,
        frame_p50_ms: times[times.len() / 2].as_secs_f64() * 1000.0,
        cast_ns_per_column: cast,
        floor_ns_per_column: floor,
        walls_ns_per_column: walls,
        overlays_ns_per_column: overlays,
    };
    Ok(serde_json::to_string(&figures)?)
}
