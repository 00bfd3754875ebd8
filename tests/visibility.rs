//! The visibility polygon against a brute-force reference: in many directions, the traversal's
//! own cast gives the distance to the first wall; the polygon's boundary must lie there.

use proptest::prelude::*;
use tilecaster::geom::{Vec2, Visibility, flashlight, visibility_polygon};
use tilecaster::grid::{Cell, cast_ray};

use crate::common;

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
    #![proptest_config(common::proptest_config(300))]

    /// The unlimited polygon's boundary lies on the first wall in every sampled direction.
    #[test]
    fn polygon_matches_the_traversal(map in maps(), fx in 0.0..1.0f64, fy in 0.0..1.0f64, pick in any::<u32>()) {
        let open: Vec<Cell> = map.open_cells().collect();
        prop_assume!(!open.is_empty());
        let cell = open[pick as usize % open.len()];
        let origin = Vec2::new(cell.x as f64 + fx, cell.y as f64 + fy);
        let walls = |c: Cell| map.is_solid(c);
        let seen = visibility_polygon(&walls, (map.w, map.h), origin, f64::INFINITY);
        check_against_reference(&map, origin, f64::INFINITY, &seen, 720);
        let lit = visibility_polygon(&walls, (map.w, map.h), origin, 3.0);
        check_against_reference(&map, origin, 3.0, &lit, 360);
    }
}

proptest! {
    #![proptest_config(common::proptest_config(200))]

    /// A cell the polygon calls seen whole has every point seen, one it calls hidden whole
    /// none: checked on a grid of points across every cell, with and without a radius.
    #[test]
    fn whole_cells_are_seen_or_hidden_as_classified(map in maps(), fx in 0.0..1.0f64, fy in 0.0..1.0f64, pick in any::<u32>()) {
        let open: Vec<Cell> = map.open_cells().collect();
        prop_assume!(!open.is_empty());
        let cell = open[pick as usize % open.len()];
        let origin = Vec2::new(cell.x as f64 + fx, cell.y as f64 + fy);
        let walls = |c: Cell| map.is_solid(c);
        for radius in [f64::INFINITY, 3.5] {
            let seen = visibility_polygon(&walls, (map.w, map.h), origin, radius);
            for c in map.open_cells() {
                let lo = Vec2::new(c.x as f64, c.y as f64);
                let Some(whole) = seen.classify_box(lo, lo + Vec2::new(1.0, 1.0)) else {
                    continue;
                };
                for i in 0..8 {
                    for j in 0..8 {
                        let p = lo + Vec2::new((i as f64 + 0.5) / 8.0, (j as f64 + 0.5) / 8.0);
                        prop_assert_eq!(seen.contains(p), whole, "cell {:?}, point {:?}", c, p);
                    }
                }
            }
        }
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
    let seen = visibility_polygon(&walls, (map.w, map.h), origin, f64::INFINITY);
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
    let seen = visibility_polygon(&walls, (map.w, map.h), origin, f64::INFINITY);
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
        let seen = visibility_polygon(&walls, (map.w, map.h), origin, f64::INFINITY);
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
        let seen = visibility_polygon(&walls, (3, 3), origin, f64::INFINITY);
        assert!(seen.points.is_empty() && !seen.contains(Vec2::new(1.5, 1.5)));
    }
    let seen = visibility_polygon(&walls, (3, 3), Vec2::new(1.5, 1.5), f64::INFINITY);
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
    let beam = flashlight(&walls, (map.w, map.h), origin, 6.0, 0.0, 60.0);
    assert!(beam.contains(Vec2::new(5.0, 2.5)));
    assert!(beam.contains(Vec2::new(4.0, 3.5)), "29° off the axis");
    assert!(!beam.contains(Vec2::new(1.5, 3.5)), "90° off the axis");
    assert!(!beam.contains(Vec2::new(0.9, 2.5)), "behind");
    assert!(!beam.contains(Vec2::new(8.0, 2.5)), "beyond the radius");
    // A cone pointing west: angles wrap across ±180°.
    let west = flashlight(
        &walls,
        (map.w, map.h),
        Vec2::new(9.5, 2.5),
        20.0,
        180.0,
        40.0,
    );
    assert!(west.contains(Vec2::new(2.0, 2.5)) && west.contains(Vec2::new(3.0, 1.5)));
    assert!(!west.contains(Vec2::new(9.6, 2.5)));
    // Clipped by the room's walls: the cone's area is at most the room's.
    assert!(west.area() > 0.0 && west.area() <= 27.0);
}

/// A map whose solid cells (not the border) are shaped at random with the bundled masks.
#[derive(Clone, Debug)]
struct ShapedMap {
    map: Map,
    shapes: Vec<Option<tilecaster::grid::Mask>>,
}

impl tilecaster::grid::Solidity for ShapedMap {
    fn is_solid(&self, c: Cell) -> bool {
        self.map.is_solid(c)
    }
    fn shape(&self, c: Cell) -> Option<&tilecaster::grid::Mask> {
        if self.map.is_solid(c) && c.x >= 0 && c.y >= 0 && (c.x as u32) < self.map.w {
            self.shapes
                .get((c.y as u32 * self.map.w + c.x as u32) as usize)?
                .as_ref()
        } else {
            None
        }
    }
}

fn shaped_maps() -> impl Strategy<Value = ShapedMap> {
    (maps(), any::<u64>()).prop_map(|(map, seed)| {
        let names = tilecaster::level::BUNDLED_SHAPES;
        let shapes = (0..map.w * map.h)
            .map(|i| {
                let (x, y) = (i % map.w, i / map.w);
                let border = x == 0 || y == 0 || x == map.w - 1 || y == map.h - 1;
                let roll = (seed ^ u64::from(i)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
                (!border && roll % 3 != 0)
                    .then(|| tilecaster::level::bundled_shape(names[roll as usize % names.len()].0))
                    .flatten()
            })
            .collect();
        ShapedMap { map, shapes }
    })
}

/// The distance from `p` to the polygon's nearest edge.
fn edge_distance(seen: &Visibility, p: Vec2) -> f64 {
    let n = seen.points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (seen.points[i], seen.points[(i + 1) % n]);
            let d = b - a;
            let s = ((p - a).dot(d) / d.dot(d).max(1e-300)).clamp(0.0, 1.0);
            (a + d * s - p).length()
        })
        .fold(f64::INFINITY, f64::min)
}

proptest! {
    #![proptest_config(common::proptest_config(120))]

    /// With pillars, diagonals, thin walls and slits: a point is inside the polygon exactly
    /// when the traversal gives the origin a line of sight to it (points within 1e-9 of an
    /// edge, or on the sliver beside a shadow line that a vertex's neighbouring rays cut, are
    /// either).
    #[test]
    fn with_shapes_inside_the_polygon_is_line_of_sight(
        map in shaped_maps(), fx in 0.0..1.0f64, fy in 0.0..1.0f64, pick in any::<u32>(), seed: u64,
    ) {
        let open: Vec<Cell> = map.map.open_cells().collect();
        prop_assume!(!open.is_empty());
        let cell = open[pick as usize % open.len()];
        let origin = Vec2::new(cell.x as f64 + fx, cell.y as f64 + fy);
        let seen = visibility_polygon(&map, (map.map.w, map.map.h), origin, f64::INFINITY);
        let mut h = seed;
        let mut next = || {
            h = h.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (h >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut disagree = 0;
        for _ in 0..400 {
            let p = Vec2::new(next() * map.map.w as f64, next() * map.map.h as f64);
            let sight = tilecaster::grid::line_of_sight(&map, origin, p);
            if seen.contains(p) != sight && edge_distance(&seen, p) > 1e-9 {
                // Beside a shadow line the polygon's chord is off by at most the rays' spread.
                let d = p - origin;
                let slack = 2e-6 * d.length();
                prop_assert!(edge_distance(&seen, p) < slack, "{p:?} from {origin:?}: inside {} sight {}", seen.contains(p), sight);
                disagree += 1;
            }
        }
        prop_assert!(disagree <= 2);
    }
}

/// A pillar in the middle of a room casts a shadow: behind it is unseen, beside it seen.
#[test]
fn a_round_pillar_casts_a_shadow() {
    let map = grid(&[
        "#########",
        "#.......#",
        "#.......#",
        "#.......#",
        "#########",
    ]);
    let mut shapes = vec![None; 45];
    let mut map = ShapedMap {
        map,
        shapes: {
            shapes[2 * 9 + 4] = tilecaster::level::bundled_shape("pillar_round");
            shapes
        },
    };
    map.map.solid[2 * 9 + 4] = true;
    let origin = Vec2::new(1.5, 2.5);
    let seen = visibility_polygon(&map, (9, 5), origin, f64::INFINITY);
    assert!(!seen.contains(Vec2::new(6.5, 2.5)), "behind the pillar");
    assert!(
        seen.contains(Vec2::new(4.1, 2.5)),
        "the pillar's open corner ring"
    );
    assert!(seen.contains(Vec2::new(6.5, 1.2)) && seen.contains(Vec2::new(6.5, 3.8)));
    // The room is 7 x 3 = 21 tiles; the pillar and its shadow take a few.
    let area = seen.area();
    assert!(area > 17.0 && area < 20.5, "area {area}");
}
