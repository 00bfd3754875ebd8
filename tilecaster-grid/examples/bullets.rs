//! A top-down shooter's bullet on 60-pixel tiles: the first wall along the shot, then the
//! first enemy before it, all in pixels.
//!
//! `cargo run -p tilecaster-grid --example bullets`

use tilecaster_grid::geom::SpatialHash;
use tilecaster_grid::grid::{BoolGrid, Cell, Face, Grid};
use tilecaster_grid::math::Vec2;

fn main() {
    // The level as the game keeps it: a row-major array of tiles, 8 to a row.
    let level = "\
########
#......#
#..#...#
#......#
########";
    let solid: Vec<bool> = level
        .lines()
        .flat_map(|l| l.chars())
        .map(|c| c == '#')
        .collect();
    let map = BoolGrid::new(&solid, 8).expect("whole rows");
    let tiles = Grid::new(Vec2::ZERO, 60.0, 60.0).expect("a tile size");

    let mut enemies = SpatialHash::new(tiles);
    enemies.insert(1, Vec2::new(300.0, 100.0), 20.0); // behind the shot's line
    enemies.insert(2, Vec2::new(390.0, 210.0), 20.0); // on it

    let player = Vec2::new(90.0, 200.0);
    let aim = Vec2::new(1.0, 0.05); // slightly south of east
    let wall = tiles
        .cast_ray(&map, player, aim, f64::INFINITY)
        .expect("the level is walled in");
    println!(
        "the shot meets tile {} on its {} face at ({:.1}, {:.1}) px, {:.1} px away",
        wall.cell,
        wall.face.expect("entered across a face"),
        wall.point.x,
        wall.point.y,
        wall.distance()
    );
    assert_eq!((wall.cell, wall.face), (Cell::new(7, 3), Some(Face::West)));

    // The first enemy before the wall: the hash walks only the tiles along the shot.
    let (id, t) = enemies
        .first_along_ray(player, aim, wall.t, |_| true)
        .expect("enemy 2 stands in the way");
    let at = player + aim * t;
    println!("enemy {id} is hit first, at ({:.1}, {:.1}) px", at.x, at.y);
    assert_eq!(id, 2);
    assert!(t < wall.t);
}
