//! The tiles a ray crosses, in order, with an early stop: a magic beam that scorches every
//! floor tile it passes until it meets the first crate, on 16 x 24-pixel tiles.
//!
//! `cargo run -p tilecaster-grid --example walk`

use tilecaster_grid::grid::{Cell, Grid, Via};
use tilecaster_grid::math::Vec2;

fn main() {
    let tiles = Grid::new(Vec2::new(0.0, 0.0), 16.0, 24.0).expect("a tile size");
    let crates = [Cell::new(9, 4), Cell::new(12, 6)];
    let from = Vec2::new(8.0, 12.0);
    let to = Vec2::new(200.0, 150.0);
    let mut scorched = Vec::new();
    for entry in tiles.walk_segment(from, to) {
        if crates.contains(&entry.cell) {
            println!(
                "stopped by the crate at {} after {:.1} px ({} face)",
                entry.cell,
                entry.distance(),
                entry.face.expect("entered across a face")
            );
            break;
        }
        // Corner neighbours are touched at a vertex only; scorch the tiles passed through.
        if !matches!(entry.via, Via::CornerX | Via::CornerY) {
            scorched.push(entry.cell);
        }
    }
    println!("scorched {} tiles: {scorched:?}", scorched.len());
    assert_eq!(scorched.first(), Some(&Cell::new(0, 0)));
    assert!(
        scorched
            .windows(2)
            .all(|w| { (w[1].x - w[0].x).abs() + (w[1].y - w[0].y).abs() <= 2 })
    );
    assert!(
        !scorched.contains(&Cell::new(12, 6)),
        "the beam stops at the first crate"
    );
}
