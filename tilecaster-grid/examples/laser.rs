//! A laser bouncing between mirrors on 32-pixel tiles, one of them a pixel-perfect boulder
//! whose solidity is its bitmap's alpha: each bounce reflects about the face's normal.
//!
//! `cargo run -p tilecaster-grid --example laser`

use tilecaster_grid::grid::{Cell, CellRect, Grid, Mask, Solidity};
use tilecaster_grid::math::Vec2;

/// The level: walls round a 10 x 8-tile room, and a boulder tile at (6, 2).
struct Room {
    boulder: Mask,
}

impl Solidity for Room {
    fn is_solid(&self, c: Cell) -> bool {
        !(1..9).contains(&c.x) || !(1..7).contains(&c.y) || c == Cell::new(6, 2)
    }
    fn shape(&self, c: Cell) -> Option<&Mask> {
        (c == Cell::new(6, 2)).then_some(&self.boulder)
    }
    fn bounds(&self) -> Option<CellRect> {
        Some(CellRect::new(0, 0, 10, 8))
    }
}

fn main() {
    // The boulder's sprite, 32 x 32 RGBA as an image crate would decode it: an opaque disc.
    let mut rgba = vec![0_u8; 32 * 32 * 4];
    for (i, pixel) in rgba.chunks_mut(4).enumerate() {
        let (x, y) = ((i % 32) as f64 + 0.5 - 16.0, (i / 32) as f64 + 0.5 - 16.0);
        if x * x + y * y < 12.0 * 12.0 {
            pixel.copy_from_slice(&[120, 110, 100, 255]);
        }
    }
    let room = Room {
        boulder: Mask::from_rgba(32, 32, &rgba).expect("a 32 x 32 bitmap"),
    };
    let tiles = Grid::new(Vec2::ZERO, 32.0, 32.0).expect("a tile size");

    let (mut at, mut dir) = (Vec2::new(48.0, 60.0), Vec2::new(1.0, 0.125));
    let mut bounces = Vec::new();
    for _ in 0..4 {
        let hit = tiles
            .cast_ray(&room, at, dir, f64::INFINITY)
            .expect("walled in");
        let face = hit.face.expect("the laser starts in the open");
        let what = match hit.texel {
            Some((x, y)) => format!("the boulder's pixel ({x}, {y})"),
            None => format!("the wall at tile {}", hit.cell),
        };
        println!(
            "bounce {}: {what}, {} face, at ({:.1}, {:.1}) px",
            bounces.len() + 1,
            face,
            hit.point.x,
            hit.point.y
        );
        let n = face.normal();
        dir = dir - n * (2.0 * dir.dot(n));
        // On to the next leg from a hair outside the face (the hit point lies exactly on
        // it, in the solid cell's edge).
        at = hit.point + n * 1e-6;
        bounces.push(hit);
    }
    // The laser meets the boulder's disc itself (pixel-exact: inside its tile, on an
    // opaque pixel's face), not the tile's edge at x = 192 px.
    let (x, y) = bounces[0].texel.expect("the boulder first");
    let centre = |v: u32| f64::from(v) + 0.5 - 16.0;
    assert!(centre(x).hypot(centre(y)) < 12.0);
    assert!(bounces[0].point.x > 192.0);
}
