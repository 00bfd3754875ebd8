//! Bullets: the first wall along a shot, and the first actor before it, found through the
//! spatial hash (only the buckets of the cells the shot walks are looked at).
//!
//! `cargo run --example hitscan --no-default-features`

use tilecaster::geom::SpatialHash;

use tilecaster::grid::cast_ray;
use tilecaster::map::TileMap;
use tilecaster::math::Vec2;

fn main() {
    let map = TileMap::from_ascii(
        "##########\n\
         #........#\n\
         #........#\n\
         ##########\n",
    )
    .expect("a valid grid");
    // Actors: an id, a centre and a radius each.
    let actors = [(0, Vec2::new(4.5, 1.5), 0.3), (1, Vec2::new(6.5, 2.5), 0.3)];
    let mut hash = SpatialHash::default();
    for &(id, centre, radius) in &actors {
        hash.insert(id, centre, radius);
    }
    let fire = |from: Vec2, dir: Vec2| {
        let wall = cast_ray(&map, from, dir, f64::INFINITY).expect("the map is closed");
        let actor = hash.first_along_ray(from, dir, wall.t, |_| true);
        (wall, actor)
    };
    // Along row 1: actor 0 stands in the way, before the east wall.
    let (wall, actor) = fire(Vec2::new(1.5, 1.5), Vec2::new(1.0, 0.0));
    println!(
        "shot 1: wall {:?} at {:.2}, actor {actor:?}",
        wall.cell,
        wall.distance()
    );
    let (id, t) = actor.expect("actor 0 is hit");
    assert_eq!(id, 0);
    assert!(
        (t - 2.7).abs() < 1e-9,
        "the near side of its circle: 4.5 - 0.3 - 1.5"
    );
    // Along row 2, aimed the other way: nobody is west of x = 5.5 on that row.
    let (wall, actor) = fire(Vec2::new(5.5, 2.5), Vec2::new(-1.0, 0.0));
    println!(
        "shot 2: wall {:?} at {:.2}, actor {actor:?}",
        wall.cell,
        wall.distance()
    );
    assert_eq!((wall.cell.x, wall.cell.y), (0, 2));
    assert!(actor.is_none());
}
