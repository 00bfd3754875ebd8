//! The visibility polygon against a brute-force reference: in many directions, the traversal's
//! own cast gives the distance to the first wall; the polygon's boundary must lie there.

use proptest::prelude::*;
use tilecaster::geom::{Vec2, Visibility, flashlight, visibility_polygon};
use tilecaster::grid::{Cell, cast_ray};

/// A random `w` × `h` map with a solid border.
#[derive(Clone, Debug)]
struct Map {
    w: u32,
    h: u32,
    solid: Vec<bool>,
}

impl Map {
    fn is_solid(&self, c: Cell) -> bool {
        c.x < 0
            || c.y < 0
            || c.x >= self.w as i32
            || c.y >= self.h as i32
            || self.solid[(c.y as u32 * self.w + c.x as u32) as usize]
    }

    /// The open cells, row by row.
    fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.h as i32)
            .flat_map(|y| (0..self.w as i32).map(move |x| Cell::new(x, y)))
            .filter(|&c| !self.is_solid(c))
    }
}

fn maps() -> impl Strategy<Value = Map> {
    (4u32..20, 4u32..20).prop_flat_map(|(w, h)| {
        proptest::collection::vec(proptest::bool::weighted(0.3), (w * h) as usize).prop_map(
            move |mut solid| {
                for y in 0..h {
                    for x in 0..w {
                        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                            solid[(y * w + x) as usize] = true;
                        }
                    }
                }
                Map { w, h, solid }
            },
        )
    })
}

/// The brute-force distance along `dir`: the traversal's cast, or `radius`.
fn reference(map: &Map, origin: Vec2, dir: Vec2, radius: f64) -> f64 {
    let walls = |c: Cell| map.is_solid(c);
    cast_ray(&walls, origin, dir, radius).map_or(radius, |h| h.distance())
}

/// Whether `angle` lies within a few epsilons of one of the polygon's vertex angles (where
/// the boundary jumps between a near and a far wall, both answers are right).
fn near_a_vertex(seen: &Visibility, dir: Vec2) -> bool {
    seen.points.iter().any(|&p| {
        let v = p - seen.origin;
        let cos = v.dot(dir) / v.length();
        cos > 1.0 - 1e-10
    })
}

fn check_against_reference(map: &Map, origin: Vec2, radius: f64, seen: &Visibility, samples: u32) {
    let mut compared = 0;
    for i in 0..samples {
        let angle = (i as f64 + 0.37) * 360.0 / samples as f64;
        let dir = Vec2::from_angle_degrees(angle);
        if near_a_vertex(seen, dir) {
            continue;
        }
        let expected = reference(map, origin, dir, radius);
        let got = seen
            .distance_along(dir)
            .expect("a full polygon covers every direction");
        // Chords across the arc of a limited radius fall short by at most its sagitta.
        let tolerance = if radius.is_finite() {
            radius * (1.0 - (std::f64::consts::PI / 180.0).cos()) + 1e-6
        } else {
            1e-6 * expected.max(1.0)
        };
        assert!(
            (got - expected).abs() <= tolerance,
            "direction {angle}°: polygon {got}, traversal {expected}"
        );
        compared += 1;
    }
    assert!(compared > samples / 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The unlimited polygon's boundary lies on the first wall in every sampled direction.
    #[test]
    fn polygon_matches_the_traversal(map in maps(), fx in 0.0..1.0f64, fy in 0.0..1.0f64, pick in any::<u32>()) {
        let open: Vec<Cell> = map.open_cells().collect();
        prop_assume!(!open.is_empty());
        let cell = open[pick as usize % open.len()];
        let origin = Vec2::new(cell.x as f64 + fx, cell.y as f64 + fy);
        let walls = |c: Cell| map.is_solid(c);
        let seen = visibility_polygon(&walls, map.w, map.h, origin, f64::INFINITY);
        check_against_reference(&map, origin, f64::INFINITY, &seen, 720);
        let lit = visibility_polygon(&walls, map.w, map.h, origin, 3.0);
        check_against_reference(&map, origin, 3.0, &lit, 360);
    }
}

fn grid(rows: &[&str]) -> Map {
    let (w, h) = (rows[0].len() as u32, rows.len() as u32);
    let solid = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| b == b'#'))
        .collect();
    Map { w, h, solid }
}

/// Two walls touching only at a corner: light never squeezes through the vertex between them.
#[test]
fn no_leak_between_walls_touching_at_a_corner() {
    let map = grid(&[
        "#######", //
        "#.....#", "#..#..#", "#...#.#", "#.....#", "#######",
    ]);
    let walls = |c: Cell| map.is_solid(c);
    // From (2.5, 4.5) the vertex (4, 3) between (3, 2) and (4, 3) lies at 45°... along (1.5, -1.5).
    let origin = Vec2::new(2.5, 4.5);
    let seen = visibility_polygon(&walls, map.w, map.h, origin, f64::INFINITY);
    let through = Vec2::new(1.0, -1.0);
    let reach = seen.distance_along(through).unwrap();
    assert!((reach - 1.5 * 2f64.sqrt()).abs() < 1e-6, "reach {reach}");
    // Just past the vertex, in the open cell (4, 2) behind it: dark.
    assert!(!seen.contains(Vec2::new(4.05, 2.95)));
    assert!(seen.contains(Vec2::new(3.95, 3.05)));
}

/// A wall meeting another in a T: the junction's vertex does not let light along the wall.
#[test]
fn no_leak_at_a_t_junction() {
    let map = grid(&[
        "#########", //
        "#.......#",
        "#.......#",
        "####.####",
        "#...#...#",
        "#...#...#",
        "#########",
    ]);
    let walls = |c: Cell| map.is_solid(c);
    let origin = Vec2::new(2.5, 5.5);
    let seen = visibility_polygon(&walls, map.w, map.h, origin, f64::INFINITY);
    // The room's own corner at the T (4, 4) is seen; nothing beyond the walls is.
    assert!(seen.contains(Vec2::new(3.99, 4.01)));
    for p in [(4.5, 4.5), (5.01, 4.01), (4.2, 3.5), (6.5, 2.5), (4.5, 2.5)] {
        assert!(
            !seen.contains(Vec2::new(p.0, p.1)),
            "{p:?} is behind a wall"
        );
    }
    // The polygon of a closed room is that room: 3 × 2 tiles.
    assert!((seen.area() - 6.0).abs() < 1e-4, "area {}", seen.area());
}

/// An enclosed room's polygon is the room, whatever its shape.
#[test]
fn the_polygon_of_an_enclosed_room_is_the_room() {
    let map = grid(&[
        "########", //
        "#......#", "#......#", "#...####", "#...####", "########",
    ]);
    let walls = |c: Cell| map.is_solid(c);
    // Origins in its kernel (x < 4, y < 3), from where all of it is in view.
    for origin in [
        Vec2::new(1.5, 1.5),
        Vec2::new(2.25, 2.75),
        Vec2::new(3.9, 1.1),
    ] {
        let seen = visibility_polygon(&walls, map.w, map.h, origin, f64::INFINITY);
        // 6 × 2 plus 3 × 2: an L of 18 tiles.
        assert!(
            (seen.area() - 18.0).abs() < 1e-4,
            "from {origin:?}: {}",
            seen.area()
        );
        for c in map.open_cells() {
            let centre = Vec2::new(c.x as f64 + 0.5, c.y as f64 + 0.5);
            assert!(seen.contains(centre), "{c:?} from {origin:?}");
        }
    }
}

#[test]
fn inside_a_wall_or_outside_the_map_sees_nothing() {
    let map = grid(&["###", "#.#", "###"]);
    let walls = |c: Cell| map.is_solid(c);
    for origin in [
        Vec2::new(0.5, 0.5),
        Vec2::new(-4.0, 1.5),
        Vec2::new(f64::NAN, 1.5),
    ] {
        let seen = visibility_polygon(&walls, 3, 3, origin, f64::INFINITY);
        assert!(seen.points.is_empty() && !seen.contains(Vec2::new(1.5, 1.5)));
    }
    let seen = visibility_polygon(&walls, 3, 3, Vec2::new(1.5, 1.5), f64::INFINITY);
    assert!((seen.area() - 1.0).abs() < 1e-6);
}

/// A flashlight lights only its cone, up to its radius.
#[test]
fn a_flashlight_lights_its_cone() {
    let map = grid(&[
        "###########", //
        "#.........#",
        "#.........#",
        "#.........#",
        "###########",
    ]);
    let walls = |c: Cell| map.is_solid(c);
    let origin = Vec2::new(1.5, 2.5);
    let beam = flashlight(&walls, map.w, map.h, origin, 6.0, 0.0, 60.0);
    assert!(beam.contains(Vec2::new(5.0, 2.5)));
    assert!(beam.contains(Vec2::new(4.0, 3.5)), "29° off the axis");
    assert!(!beam.contains(Vec2::new(1.5, 3.5)), "90° off the axis");
    assert!(!beam.contains(Vec2::new(0.9, 2.5)), "behind");
    assert!(!beam.contains(Vec2::new(8.0, 2.5)), "beyond the radius");
    // A cone pointing west: angles wrap across ±180°.
    let west = flashlight(&walls, map.w, map.h, Vec2::new(9.5, 2.5), 20.0, 180.0, 40.0);
    assert!(west.contains(Vec2::new(2.0, 2.5)) && west.contains(Vec2::new(3.0, 1.5)));
    assert!(!west.contains(Vec2::new(9.6, 2.5)));
    // Clipped by the room's walls: the cone's area is at most the room's.
    assert!(west.area() > 0.0 && west.area() <= 27.0);
}
