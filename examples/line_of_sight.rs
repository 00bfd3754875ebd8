//! Line of sight between two actors on a tile map: exact, symmetric and corner-safe.
//!
//! `cargo run --example line_of_sight --no-default-features`

use tilecaster::grid::line_of_sight;
use tilecaster::map::TileMap;
use tilecaster::math::Vec2;

fn main() {
    let map = TileMap::from_ascii(
        "#########\n\
         #...#...#\n\
         #.......#\n\
         #...#...#\n\
         #########\n",
    )
    .expect("a valid grid");
    let guard = Vec2::new(1.5, 1.5);
    let player = Vec2::new(7.5, 1.5);
    let across_the_gap = Vec2::new(7.5, 2.5);
    // The pillar at (4, 1) stands between the guard and the player...
    let sees_player = line_of_sight(&map, guard, player);
    // ...but the row below is open.
    let sees_gap = line_of_sight(&map, Vec2::new(1.5, 2.5), across_the_gap);
    // Symmetric: who sees whom does not depend on who looks.
    assert_eq!(sees_player, line_of_sight(&map, player, guard));
    // Corner-safe: a sight line through the vertex where two walls touch is blocked.
    let corners = TileMap::from_ascii(".#.\n#..\n...\n").expect("a valid grid");
    let through_vertex = line_of_sight(&corners, Vec2::new(0.5, 0.5), Vec2::new(1.5, 1.5));
    println!("guard sees player: {sees_player}; sees the far side of the gap: {sees_gap}");
    println!("a line between two walls that touch at a corner passes: {through_vertex}");
    assert!(!sees_player && sees_gap && !through_vertex);
}
