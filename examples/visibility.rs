//! What a light (or a guard) sees: the visibility polygon of a point and a flashlight's cone,
//! drawn over the map into a PNG.
//!
//! `cargo run --release --example visibility --no-default-features [OUT.png]`

use tilecaster::frame::{Colour, Frame};
use tilecaster::geom::{flashlight, visibility_polygon};
use tilecaster::grid::{Cell, Solidity};
use tilecaster::map::TileMap;
use tilecaster::math::Vec2;

/// Pixels per tile in the picture.
const SCALE: u32 = 24;

fn main() {
    let out = std::env::args().nth(1).map_or_else(
        || std::env::temp_dir().join("tilecaster-visibility.png"),
        std::path::PathBuf::from,
    );
    let map = TileMap::from_ascii(
        "################\n\
         #......#.......#\n\
         #..##..#..#....#\n\
         #..##.....#....#\n\
         #.........##.#.#\n\
         #..#...........#\n\
         ################\n",
    )
    .expect("a valid grid");
    let (w, h) = (map.width() as u32, map.height() as u32);
    let lamp = Vec2::new(5.5, 3.5);
    let torch = Vec2::new(13.5, 5.5);
    let room = visibility_polygon(&map, (w, h), lamp, f64::INFINITY);
    let cone = flashlight(&map, (w, h), torch, 8.0, 200.0, 60.0);
    let mut frame = Frame::new(w * SCALE, h * SCALE).expect("a valid size");
    for py in 0..h * SCALE {
        for px in 0..w * SCALE {
            let p = Vec2::new(
                (f64::from(px) + 0.5) / f64::from(SCALE),
                (f64::from(py) + 0.5) / f64::from(SCALE),
            );
            let colour = if map.is_solid(Cell::containing(p)) {
                Colour::rgb(90, 90, 100)
            } else if cone.contains(p) {
                Colour::rgb(250, 230, 120)
            } else if room.contains(p) {
                Colour::rgb(200, 170, 80)
            } else {
                Colour::rgb(20, 20, 30)
            };
            let i = ((py * w * SCALE + px) * 4) as usize;
            frame.rgba_mut()[i..i + 4].copy_from_slice(&[colour.r, colour.g, colour.b, 255]);
        }
    }
    frame.save_png(&out, true).expect("the PNG is written");
    // The lamp sees up the corridor and through the gap east, not behind the pillar.
    assert!(room.contains(Vec2::new(5.5, 1.5)) && room.contains(Vec2::new(9.5, 3.5)));
    assert!(!room.contains(Vec2::new(3.5, 1.5)), "behind the pillar");
    assert!(!room.contains(Vec2::new(2.5, 2.5)), "behind the pillar");
    assert!(cone.contains(Vec2::new(10.5, 5.0)) && !cone.contains(Vec2::new(14.5, 1.5)));
    println!(
        "wrote {}: the lamp sees {:.1} square tiles, the torch {:.1}",
        out.display(),
        room.area(),
        cone.area()
    );
}
