//! A frame of a level rendered without a window, saved as a PNG.
//!
//! `cargo run --release --example headless_render --no-default-features [OUT.png]`

use tilecaster::frame::Frame;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, Renderer, level_sprites};

fn main() {
    let out = std::env::args().nth(1).map_or_else(
        || std::env::temp_dir().join("tilecaster-headless.png"),
        std::path::PathBuf::from,
    );
    let loaded = load_with_textures("levels/e1m1.toml".as_ref(), None).expect("the level loads");
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let sprites = level_sprites(level, &loaded.textures);
    let camera = Camera::new(
        level.player.position,
        level.player.facing,
        Camera::DEFAULT_FOV,
    );
    let mut frame = Frame::new(640, 400).expect("a valid size");
    Renderer::new().render(level, &assets, &ClosedDoors, &sprites, &camera, &mut frame);
    frame.save_png(&out, true).expect("the PNG is written");
    // A textured view, not a blank: many colours.
    let colours: std::collections::HashSet<_> = frame.rgba().chunks(4).collect();
    assert!(colours.len() > 100, "{} colours", colours.len());
    println!("wrote {} ({} colours)", out.display(), colours.len());
}
