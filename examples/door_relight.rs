//! What a door costs the frame it opens in on a lit level: the level's own light is worked out
//! again around it when it passes half open (`LightMap::relit`), in that frame. Each door of the
//! level is opened in turn (the others shut) between frames with every door shut, twice over,
//! and the frames are timed: the door's frame against the plain ones beside it.
//!
//! `cargo run --release --example door_relight [LEVEL [WxH]]` (levels/e1m3.toml, Command Post,
//! at 640x400 by default)

use std::time::Instant;

use tilecaster::frame::Frame;
use tilecaster::grid::Cell;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, MovingParts, RenderAssets, Renderer};

/// Every door shut but the one given, which stands open.
struct OneOpen(Option<Cell>);

impl MovingParts for OneOpen {
    fn open(&self, cell: Cell) -> f64 {
        if Some(cell) == self.0 { 1.0 } else { 0.0 }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "levels/e1m3.toml".into());
    let size = args.next().unwrap_or_else(|| "640x400".into());
    let (w, h) = size.split_once('x').ok_or("size as WxH")?;
    let loaded = load_with_textures(std::path::Path::new(&path), None)?;
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let mut renderer = Renderer::new();
    let mut frame = Frame::new(w.parse()?, h.parse()?)?;
    let camera = Camera::new(
        level.player.position,
        level.player.facing,
        Camera::DEFAULT_FOV,
    );
    let doors: Vec<Cell> = level.doors.iter().map(|d| d.cell).collect();
    let mut timed = |doors: &OneOpen, renderer: &mut Renderer| {
        let start = Instant::now();
        renderer.render(level, &assets, doors, &[], &camera, &mut frame);
        start.elapsed().as_secs_f64() * 1e3
    };
    for _ in 0..3 {
        timed(&OneOpen(None), &mut renderer);
    }
    let (mut plain, mut opening, mut shut) = (Vec::new(), Vec::new(), Vec::new());
    // Twice over: the first time a door opens, the relighting's buffers may still grow.
    for _ in 0..2 {
        for &door in &doors {
            plain.push(timed(&OneOpen(None), &mut renderer));
            opening.push(timed(&OneOpen(Some(door)), &mut renderer));
            shut.push(timed(&OneOpen(None), &mut renderer));
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    };
    let most = opening.iter().copied().fold(0.0, f64::max);
    println!(
        "{path} at {size}, {} doors: a plain frame {:.2} ms; the frame a door opens in {:.2} ms \
         (at most {most:.2}); the frame it shuts in {:.2} ms (medians)",
        doors.len(),
        median(&mut plain),
        median(&mut opening),
        median(&mut shut),
    );
    Ok(())
}
