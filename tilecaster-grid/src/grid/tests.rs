//! One test per documented case of the traversal contract.

use super::*;

fn v(x: f64, y: f64) -> Vec2 {
    Vec2::new(x, y)
}

fn c(x: i32, y: i32) -> Cell {
    Cell::new(x, y)
}

/// (cell, face, via) of every entry of a segment's walk.
fn walk(a: Vec2, b: Vec2) -> Vec<(Cell, Option<Face>, Via)> {
    Walk::segment(a, b)
        .map(|e| (e.cell, e.face, e.via))
        .collect()
}

fn cells(a: Vec2, b: Vec2) -> Vec<Cell> {
    Walk::segment(a, b).map(|e| e.cell).collect()
}

/// A `width` x `height` grid of open cells but for `walls`; outside it everything is solid
/// (as a tile map is; the grid's tests stand on their own, below the map).
struct TestMap {
    width: i32,
    height: i32,
    walls: Vec<Cell>,
}

impl TestMap {
    fn new(width: i32, height: i32) -> Option<TestMap> {
        Some(TestMap {
            width,
            height,
            walls: Vec::new(),
        })
    }
}

impl Solidity for TestMap {
    fn is_solid(&self, cell: Cell) -> bool {
        !(0..self.width).contains(&cell.x)
            || !(0..self.height).contains(&cell.y)
            || self.walls.contains(&cell)
    }
}

/// A 16x16 map, empty but for the given walls.
fn map_with(walls: &[(i32, i32)]) -> TestMap {
    TestMap {
        walls: walls.iter().map(|&(x, y)| c(x, y)).collect(),
        ..TestMap::new(16, 16).unwrap()
    }
}

use Face::*;
use Via::{CornerX, CornerY, Diagonal, Start};

#[test]
fn axis_aligned_in_all_four_directions() {
    let walls = |cell: Cell| cell.x.abs() >= 3 || cell.y.abs() >= 3;
    let o = v(0.5, 0.25);
    let cases = [
        (v(1.0, 0.0), c(3, 0), West, v(3.0, 0.25), 2.5),
        (v(-1.0, 0.0), c(-3, 0), East, v(-2.0, 0.25), 2.5),
        (v(0.0, 1.0), c(0, 3), North, v(0.5, 3.0), 2.75),
        (v(0.0, -1.0), c(0, -3), South, v(0.5, -2.0), 2.25),
    ];
    for (dir, cell, face, point, distance) in cases {
        let hit = cast_ray(&walls, o, dir, f64::INFINITY).expect("hits the ring of walls");
        assert_eq!(
            (hit.cell, hit.face, hit.point, hit.distance()),
            (cell, Some(face), point, distance)
        );
        // Every cell of an axis-aligned walk shares the start's row or column.
        assert!(Walk::ray(o, dir, 2.0).all(|e| e.cell.x == 0 || e.cell.y == 0));
    }
}

#[test]
fn negative_zero_components_are_zero() {
    let east = walk(v(0.5, 0.5), v(2.5, 0.5));
    let signed = Walk::ray(v(0.5, 0.5), v(1.0, -0.0), 2.0).map(|e| (e.cell, e.face, e.via));
    assert_eq!(signed.collect::<Vec<_>>(), east);
    let south: Vec<_> = Walk::ray(v(-0.0, -0.0), v(-0.0, 1.0), 1.5)
        .map(|e| e.cell)
        .collect();
    assert_eq!(
        south,
        [c(0, 0), c(0, 1)],
        "-0.0 lies in cell 0, and -0.0 x never steps"
    );
}

#[test]
fn along_a_grid_line_walks_the_cells_on_the_positive_side() {
    // y == 1 exactly, both ways: the row below the line (cells y = 1).
    assert_eq!(cells(v(0.5, 1.0), v(2.5, 1.0)), [c(0, 1), c(1, 1), c(2, 1)]);
    assert_eq!(cells(v(2.5, 1.0), v(0.5, 1.0)), [c(2, 1), c(1, 1), c(0, 1)]);
    // x == 2 exactly, both ways.
    assert_eq!(cells(v(2.0, 0.5), v(2.0, 2.5)), [c(2, 0), c(2, 1), c(2, 2)]);
    assert_eq!(cells(v(2.0, 2.5), v(2.0, 0.5)), [c(2, 2), c(2, 1), c(2, 0)]);
    // Grazing a wall's face along its edge does not hit it.
    let map = map_with(&[(1, 0)]);
    assert!(line_of_sight(&map, v(0.5, 1.0), v(2.5, 1.0)));
}

#[test]
fn through_a_vertex_lists_both_corner_neighbours() {
    assert_eq!(
        walk(v(0.5, 0.5), v(2.5, 2.5)),
        [
            (c(0, 0), None, Start),
            (c(1, 0), Some(West), CornerX),
            (c(0, 1), Some(North), CornerY),
            (c(1, 1), Some(West), Diagonal),
            (c(2, 1), Some(West), CornerX),
            (c(1, 2), Some(North), CornerY),
            (c(2, 2), Some(West), Diagonal),
        ]
    );
    // Moving -x +y through (1, 1): the x neighbour (0, 0) first.
    assert_eq!(
        walk(v(1.5, 0.5), v(0.5, 1.5)),
        [
            (c(1, 0), None, Start),
            (c(0, 0), Some(East), CornerX),
            (c(1, 1), Some(North), CornerY),
            (c(0, 1), Some(East), Diagonal),
        ]
    );
    // All three share the vertex's distance.
    let d: Vec<f64> = Walk::segment(v(0.5, 0.5), v(1.5, 1.5))
        .map(|e| e.t)
        .collect();
    assert_eq!(d, [0.0, 0.5, 0.5, 0.5]);
}

#[test]
fn two_walls_touching_at_a_corner_block_the_diagonal() {
    let map = map_with(&[(1, 0), (0, 1)]);
    let hit = cast_segment(&map, v(0.5, 0.5), v(1.5, 1.5)).expect("blocked at the corner");
    assert!(hit.corner);
    assert_eq!(
        (hit.cell, hit.face, hit.point),
        (c(1, 0), Some(West), v(1.0, 1.0))
    );
    assert_eq!(hit.distance(), 0.5 * std::f64::consts::SQRT_2);
    assert!(!line_of_sight(&map, v(0.5, 0.5), v(1.5, 1.5)));
    assert!(!line_of_sight(&map, v(1.5, 1.5), v(0.5, 0.5)));
}

#[test]
fn grazing_one_walls_corner_passes() {
    for walls in [[(1, 0)], [(0, 1)]] {
        let map = map_with(&walls);
        assert_eq!(
            cast_segment(&map, v(0.5, 0.5), v(1.5, 1.5)),
            None,
            "{walls:?}"
        );
        assert!(line_of_sight(&map, v(1.5, 1.5), v(0.5, 0.5)));
    }
}

#[test]
fn a_start_inside_a_wall_is_a_hit_at_distance_zero() {
    let map = map_with(&[(2, 2)]);
    let hit = cast_ray(&map, v(2.5, 2.5), v(1.0, 0.0), 10.0).unwrap();
    assert_eq!(
        (hit.cell, hit.face, hit.distance(), hit.point),
        (c(2, 2), None, 0.0, v(2.5, 2.5))
    );
    assert_eq!(hit.visited, 1);
}

#[test]
fn a_start_outside_the_map_is_a_hit_at_distance_zero() {
    let map = map_with(&[]);
    for start in [v(-0.5, 3.0), v(3.0, 16.0), v(1e9, 1e9)] {
        let hit = cast_ray(&map, start, v(1.0, 1.0), 10.0).unwrap();
        assert_eq!((hit.face, hit.distance()), (None, 0.0), "{start:?}");
    }
}

#[test]
fn zero_length_walks_the_start_cell_alone() {
    let p = v(3.25, 4.75);
    assert_eq!(walk(p, p), [(c(3, 4), None, Start)]);
    assert_eq!(cells(p, p), cells(p, p + v(0.0, 0.0)));
    assert_eq!(Walk::ray(p, v(0.0, 0.0), 100.0).count(), 1);
    assert_eq!(Walk::ray(p, v(1.0, 0.0), 0.0).count(), 1);
    assert_eq!(cast_segment(&map_with(&[]), p, p), None);
}

#[test]
fn nan_and_infinite_input_is_defined() {
    let map = map_with(&[]);
    // NaN or infinite start: the walk is Cell::OUTSIDE alone, a hit against any map.
    for start in [
        v(f64::NAN, 1.0),
        v(1.0, f64::INFINITY),
        v(f64::NEG_INFINITY, 0.0),
    ] {
        assert_eq!(cells(start, v(2.0, 2.0)), [Cell::OUTSIDE]);
        let hit = cast_segment(&map, start, v(2.0, 2.0)).unwrap();
        assert_eq!(
            (hit.cell, hit.face, hit.distance()),
            (Cell::OUTSIDE, None, 0.0)
        );
    }
    // NaN direction, end or maximum: the start cell alone.
    assert_eq!(cells(v(1.5, 1.5), v(f64::NAN, 2.0)), [c(1, 1)]);
    assert_eq!(Walk::ray(v(1.5, 1.5), v(f64::NAN, 0.0), 5.0).count(), 1);
    assert_eq!(Walk::ray(v(1.5, 1.5), v(1.0, 0.0), f64::NAN).count(), 1);
    // Infinite end: towards the domain's edge; against a map it stops at the map's edge.
    let hit = cast_segment(&map, v(1.5, 1.5), v(f64::INFINITY, 1.5)).unwrap();
    assert_eq!(
        (hit.cell, hit.face, hit.point),
        (c(16, 1), Some(West), v(16.0, 1.5))
    );
    let hit = cast_ray(&map, v(1.5, 1.5), v(0.0, f64::NEG_INFINITY), 1.0).unwrap();
    assert_eq!((hit.cell, hit.face), (c(1, -1), Some(South)));
    // Huge but finite: bounded by the domain, so it terminates.
    let w = Walk::segment(v(0.5, 0.5), v(1e300, -1e299));
    let bound = w.size_hint().1.unwrap();
    assert!(bound < 1 << 27, "{bound}");
    let hit = cast_segment(&map, v(0.5, 0.5), v(1e300, -1e299)).unwrap();
    // Slope -1/10 from y = 0.5 reaches y = 0 at x = 5.5.
    assert_eq!((hit.cell, hit.face), (c(5, -1), Some(South)));
}

#[test]
fn a_segment_ending_on_a_boundary_enters_the_next_cell_only_moving_positive() {
    assert_eq!(
        cells(v(1.5, 0.5), v(2.0, 0.5)),
        [c(1, 0), c(2, 0)],
        "+x enters"
    );
    assert_eq!(cells(v(2.5, 0.5), v(2.0, 0.5)), [c(2, 0)], "-x stays");
    assert_eq!(
        cells(v(0.5, 1.5), v(0.5, 2.0)),
        [c(0, 1), c(0, 2)],
        "+y enters"
    );
    assert_eq!(cells(v(0.5, 2.5), v(0.5, 2.0)), [c(0, 2)], "-y stays");
    // Ending on a vertex: +x+y enters diagonally with both corner neighbours...
    assert_eq!(
        cells(v(0.5, 0.5), v(1.0, 1.0)),
        [c(0, 0), c(1, 0), c(0, 1), c(1, 1)]
    );
    // ...-x-y stays, and the mixed cases cross one boundary.
    assert_eq!(cells(v(1.5, 1.5), v(1.0, 1.0)), [c(1, 1)]);
    assert_eq!(cells(v(0.5, 1.5), v(1.0, 1.0)), [c(0, 1), c(1, 1)]);
    assert_eq!(cells(v(1.5, 0.5), v(1.0, 1.0)), [c(1, 0), c(1, 1)]);
}

#[test]
fn a_start_on_a_boundary_moving_negative_leaves_at_distance_zero() {
    let w: Vec<_> = Walk::segment(v(2.0, 0.5), v(1.5, 0.5))
        .map(|e| (e.cell, e.t))
        .collect();
    assert_eq!(w, [(c(2, 0), 0.0), (c(1, 0), 0.0)]);
    // At a vertex moving -x-y: diagonally out at once.
    assert_eq!(
        cells(v(1.0, 1.0), v(0.5, 0.5)),
        [c(1, 1), c(0, 1), c(1, 0), c(0, 0)]
    );
}

#[test]
fn walked_backwards_a_segment_covers_the_same_cells() {
    let segments = [
        (v(0.5, 0.5), v(1.0, 1.0)),
        (v(0.25, 3.0), v(3.0, 0.25)),
        (v(2.0, 2.0), v(-1.0, 0.5)),
        (v(0.0, 0.0), v(3.0, 3.0)),
        (v(1.0, 0.5), v(1.0, 3.0)),
    ];
    for (a, b) in segments {
        let mut forward = cells(a, b);
        let mut backward = cells(b, a);
        forward.sort();
        backward.sort();
        assert_eq!(forward, backward, "{a:?} -> {b:?}");
    }
}

#[test]
fn hits_report_point_on_face_and_wall_coordinate() {
    // (1.5, 1) + t (4, 2) reaches y = 2 at t = 0.5, x = 3.5, entering (3, 2) from the north.
    let map = map_with(&[(3, 2), (4, 2)]);
    let hit = cast_segment(&map, v(1.5, 1.0), v(5.5, 3.0)).unwrap();
    assert_eq!((hit.cell, hit.face), (c(3, 2), Some(North)));
    assert_eq!(
        hit.point,
        v(3.5, 2.0),
        "the point lies exactly on the face's grid line"
    );
    assert_eq!((hit.u, hit.t), (0.5, 0.5));
    let hit = cast_ray(&map, v(1.5, 2.75), v(1.0, 0.0), f64::INFINITY).unwrap();
    assert_eq!((hit.face, hit.u), (Some(West), 0.75));
}

#[test]
fn ray_t_is_in_units_of_the_direction() {
    // A camera ray dir + plane * x with |dir| = 1: t is the perpendicular distance.
    let walls = |cell: Cell| cell.x >= 5;
    let hit = cast_ray(&walls, v(0.5, 0.5), v(1.0, 0.6), f64::INFINITY).unwrap();
    assert_eq!(hit.t, 4.5);
    assert!((hit.distance() - 4.5 * 1.36_f64.sqrt()).abs() < 1e-12);
    // A limit in units of dir.
    assert_eq!(cast_ray(&walls, v(0.5, 0.5), v(2.0, 0.0), 2.0), None);
    assert!(cast_ray(&walls, v(0.5, 0.5), v(2.0, 0.0), 2.25).is_some());
}

#[test]
fn size_hint_bounds_the_walk() {
    for (a, b) in [
        (v(0.5, 0.5), v(7.5, 3.5)),
        (v(0.5, 0.5), v(6.5, 6.5)),
        (v(1.0, 1.0), v(1.0, 1.0)),
    ] {
        let w = Walk::segment(a, b);
        let (lo, hi) = w.size_hint();
        let n = w.count();
        assert!(lo <= n && n <= hi.unwrap(), "{lo} <= {n} <= {hi:?}");
    }
}

#[test]
fn visiting_lists_the_cells_up_to_the_hit() {
    let map = map_with(&[(1, 0), (0, 1)]);
    let mut seen = Vec::new();
    let hit = Walk::segment(v(0.5, 0.5), v(2.5, 2.5))
        .first_hit_visiting(&map, |cell, via| seen.push((cell, via)));
    assert!(hit.unwrap().corner);
    assert_eq!(
        seen,
        [(c(0, 0), Start), (c(1, 0), CornerX), (c(0, 1), CornerY)]
    );
    assert_eq!(hit.unwrap().visited, 3);
}

#[test]
fn empty_and_one_cell_maps() {
    // An empty map is all solid: every cast is a hit at its start.
    let empty = TestMap::new(0, 0).unwrap();
    let hit = cast_ray(&empty, v(0.5, 0.5), v(1.0, 0.0), f64::INFINITY).unwrap();
    assert_eq!((hit.cell, hit.face, hit.distance()), (c(0, 0), None, 0.0));
    // One open cell: every direction leaves it through the face it points at.
    let one = TestMap::new(1, 1).unwrap();
    for (dir, cell, face) in [
        (v(1.0, 0.0), c(1, 0), West),
        (v(-1.0, 0.0), c(-1, 0), East),
        (v(0.0, 1.0), c(0, 1), North),
        (v(0.0, -1.0), c(0, -1), South),
    ] {
        let hit = cast_ray(&one, v(0.5, 0.5), dir, f64::INFINITY).unwrap();
        assert_eq!(
            (hit.cell, hit.face, hit.distance()),
            (cell, Some(face), 0.5)
        );
    }
    // Through the corner at (1, 1): both corner neighbours are outside, so solid.
    let hit = cast_ray(&one, v(0.5, 0.5), v(1.0, 1.0), f64::INFINITY).unwrap();
    assert!(hit.corner);
    assert_eq!((hit.cell, hit.point), (c(1, 0), v(1.0, 1.0)));
}

/// A wall open in its upper half of u (a stand-in for a grate): `accepts` decides.
struct HalfOpen;

impl Solidity for HalfOpen {
    fn is_solid(&self, cell: Cell) -> bool {
        cell.x == 2 || cell.x == 5
    }
    fn accepts(&self, hit: &Hit) -> bool {
        hit.cell.x != 2 || hit.u < 0.5
    }
}

#[test]
fn refinement_lets_casts_through_holes() {
    let blocked = cast_ray(&HalfOpen, v(0.5, 0.25), v(1.0, 0.0), f64::INFINITY).unwrap();
    assert_eq!((blocked.cell, blocked.u), (c(2, 0), 0.25));
    let through = cast_ray(&HalfOpen, v(0.5, 0.75), v(1.0, 0.0), f64::INFINITY).unwrap();
    assert_eq!(
        (through.cell, through.face),
        (c(5, 0), Some(West)),
        "through the hole to the wall behind"
    );
    assert!(!line_of_sight(&HalfOpen, v(0.5, 0.25), v(3.5, 0.25)));
    assert!(line_of_sight(&HalfOpen, v(0.5, 0.75), v(3.5, 0.75)));
    // The walk through the open cell lists it, then goes on.
    let mut seen = Vec::new();
    Walk::segment(v(0.5, 0.75), v(3.5, 0.75))
        .first_hit_visiting(&HalfOpen, |cell, _| seen.push(cell.x));
    assert_eq!(seen, [0, 1, 2, 3]);
}

/// A mask knows which of its edges are all solid or all open: north is its first row, south
/// its last, west its first column, east its last (what the visibility polygon's outline
/// scan skips along, where the cell beyond is the same throughout).
#[test]
fn a_mask_knows_its_plain_edges() {
    // Solid in the top-left 3 x 2 corner of 4 x 4, and the whole last column.
    let mask = Mask::new(4, |x, y| (x < 3 && y < 2) || x == 3).unwrap();
    assert_eq!(mask.edge(0), Some(true), "north");
    assert_eq!(mask.edge(1), None, "south");
    assert_eq!(mask.edge(2), None, "west");
    assert_eq!(mask.edge(3), Some(true), "east");
    let open = Mask::new(8, |x, y| (2..6).contains(&x) && (2..6).contains(&y)).unwrap();
    assert_eq!([0, 1, 2, 3].map(|e| open.edge(e)), [Some(false); 4]);
}

/// Inputs that cannot be answered are not answered as "seen": line of sight from or to a point
/// that is no number is false, and a ray too short for its `t` to be represented stands still
/// (a subnormal direction once hit with `t = inf`).
#[test]
fn no_number_sees_and_no_direction_walks() {
    let open = |_: Cell| false;
    let a = Vec2::new(0.5, 0.5);
    for bad in [Vec2::new(f64::NAN, 0.5), Vec2::new(0.5, f64::INFINITY)] {
        assert!(!line_of_sight(&open, bad, a) && !line_of_sight(&open, a, bad));
    }
    let wall = |c: Cell| c.x == 3;
    for dir in [Vec2::new(5e-324, 0.0), Vec2::new(1e-200, 0.0), Vec2::ZERO] {
        assert_eq!(cast_ray(&wall, a, dir, f64::INFINITY), None, "{dir:?}");
    }
    let hit = cast_ray(&wall, a, Vec2::new(1e-100, 0.0), f64::INFINITY).unwrap();
    assert!(hit.t.is_finite() && hit.cell == Cell::new(3, 0), "{hit:?}");
}
