//! A 2D game's tile map in pixels: 60-pixel blocks, a ray cast from the player toward a target
//! point (the mouse, say) that stops at the first wall, in pixel units throughout.
//!
//! `cargo run --example pixel_tiles --no-default-features`

use tilecaster::grid::{Cell, Face, Grid};
use tilecaster::map::TileMap;
use tilecaster::math::Vec2;

fn main() {
    // The level as tiles; the game draws each as a 60 x 60 block from the window's corner.
    let map = TileMap::from_ascii(
        "##########\n\
         #........#\n\
         #...##...#\n\
         #........#\n\
         ##########\n",
    )
    .expect("a valid grid");
    let grid = Grid::new(Vec2::new(0.0, 0.0), 60.0, 60.0).expect("a valid grid size");
    let player = Vec2::new(90.0, 150.0); // in pixels: cell (1, 2)
    for target in [
        Vec2::new(390.0, 150.0),
        Vec2::new(500.0, 90.0),
        Vec2::new(90.0, 30.0),
    ] {
        // Toward the target, as far as the first wall (found, point, length, tile, face).
        let hit = grid
            .cast_ray(&map, player, target - player, f64::INFINITY)
            .expect("the map is closed");
        println!(
            "toward ({}, {}): wall tile ({}, {}) at ({:.1}, {:.1}), {:.1} px away, face {:?}, u {:.3}",
            target.x,
            target.y,
            hit.cell.x,
            hit.cell.y,
            hit.point.x,
            hit.point.y,
            hit.distance(),
            hit.face,
            hit.u
        );
    }
    // Straight east along row 2: the block at (4, 2) is 150 px away, its west face at x = 240.
    let hit = grid
        .cast_ray(&map, player, Vec2::new(1.0, 0.0), f64::INFINITY)
        .expect("a wall");
    assert_eq!((hit.cell, hit.face), (Cell::new(4, 2), Some(Face::West)));
    assert_eq!(
        (hit.point, hit.distance()),
        (Vec2::new(240.0, 150.0), 150.0)
    );
    // Exact in pixels: through the grid vertex at (240, 120) the walk lists both corner
    // neighbours, (4, 2) and (3, 1), before the diagonal cell, as on unit cells.
    let through_corner = grid
        .walk_segment(Vec2::new(180.0, 180.0), Vec2::new(300.0, 60.0))
        .map(|e| e.cell)
        .collect::<Vec<_>>();
    println!("the walk from (180, 180) to (300, 60): {through_corner:?}");
    assert!(through_corner.contains(&Cell::new(4, 2)) && through_corner.contains(&Cell::new(3, 1)));
    assert!(!grid.line_of_sight(&map, player, Vec2::new(390.0, 150.0)));
}
