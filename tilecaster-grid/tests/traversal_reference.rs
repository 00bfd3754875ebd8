//! Property tests of the traversal engine against a brute-force reference in exact rational
//! arithmetic, on the 1/1024 lattice (coordinates are integers in units of 1/1024 tile).
//!
//! The reference follows the contract's definition literally, not the engine's method: for every
//! cell of the bounding box it finds the exact interval of the segment's parameter `t` whose
//! points lie in that cell; cells are ordered by where that interval begins; and at every grid
//! vertex the segment passes diagonally, both corner neighbours are inserted before the cell
//! entered.

use proptest::prelude::*;
use tilecaster_grid::grid::BoolGrid;
use tilecaster_grid::grid::{Cell, Face, Grid, Via, Walk, line_of_sight};
use tilecaster_grid::math::Vec2;

/// Proptest's settings with `cases` cases, failures kept in this crate's
/// `proptest-regressions/tests/`.
fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, FileFailurePersistence};
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/tests/traversal_reference.txt",
        ))),
        ..Config::default()
    }
}

mod common;
use common::{Q, S};

/// A `t` interval with open or closed ends.
#[derive(Clone, Copy, Debug)]
struct Interval {
    lo: Q,
    lo_closed: bool,
    hi: Q,
    hi_closed: bool,
}

impl Interval {
    fn all() -> Interval {
        Interval {
            lo: Q(0, 1),
            lo_closed: true,
            hi: Q(1, 1),
            hi_closed: true,
        }
    }
    fn empty(&self) -> bool {
        match self.lo.cmp(self.hi) {
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => !(self.lo_closed && self.hi_closed),
            std::cmp::Ordering::Greater => true,
        }
    }
    fn raise_lo(&mut self, q: Q, closed: bool) {
        match q.cmp(self.lo) {
            std::cmp::Ordering::Greater => (self.lo, self.lo_closed) = (q, closed),
            std::cmp::Ordering::Equal => self.lo_closed &= closed,
            _ => {}
        }
    }
    fn lower_hi(&mut self, q: Q, closed: bool) {
        match q.cmp(self.hi) {
            std::cmp::Ordering::Less => (self.hi, self.hi_closed) = (q, closed),
            std::cmp::Ordering::Equal => self.hi_closed &= closed,
            _ => {}
        }
    }
    /// Restricts to `lo_bound <= a + t d < lo_bound + size`.
    fn restrict(&mut self, a: i64, d: i64, lo_bound: i64, size: i64) {
        let hi_bound = lo_bound + size;
        match d.signum() {
            0 => {
                if !(lo_bound <= a && a < hi_bound) {
                    self.lo = Q(2, 1); // empty
                }
            }
            1 => {
                self.raise_lo(Q::new((lo_bound - a) as i128, d as i128), true);
                self.lower_hi(Q::new((hi_bound - a) as i128, d as i128), false);
            }
            _ => {
                self.lower_hi(Q::new((lo_bound - a) as i128, d as i128), true);
                self.raise_lo(Q::new((hi_bound - a) as i128, d as i128), false);
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct RefEntry {
    cell: Cell,
    face: Option<Face>,
    via: Via,
    t: f64,
}

/// The walk of the segment from `a` to `b` (lattice units) on unit cells, by definition.
fn reference_walk(a: (i64, i64), b: (i64, i64)) -> Vec<RefEntry> {
    reference_walk_sized(a, b, (S, S))
}

/// The walk of the segment from `a` to `b` (lattice units) over cells `size.0` x `size.1`
/// lattice units with a corner at the lattice's origin, by definition.
fn reference_walk_sized(a: (i64, i64), b: (i64, i64), size: (i64, i64)) -> Vec<RefEntry> {
    let (sx, sy) = size;
    let floor_div = |v: i64, s: i64| v.div_euclid(s) as i32;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    // Regular cells: those holding a point of the segment, keyed by where they are entered.
    let (x_lo, x_hi) = (floor_div(a.0.min(b.0), sx), floor_div(a.0.max(b.0), sx));
    let (y_lo, y_hi) = (floor_div(a.1.min(b.1), sy), floor_div(a.1.max(b.1), sy));
    let mut regular: Vec<(Interval, Cell)> = Vec::new();
    for i in x_lo..=x_hi {
        for j in y_lo..=y_hi {
            let mut iv = Interval::all();
            iv.restrict(a.0, dx, i as i64 * sx, sx);
            iv.restrict(a.1, dy, j as i64 * sy, sy);
            if !iv.empty() {
                regular.push((iv, Cell::new(i, j)));
            }
        }
    }
    // Entered earlier first; at the same t, the cell holding that point (closed) first.
    regular.sort_by(|p, q| p.0.lo.cmp(q.0.lo).then(q.0.lo_closed.cmp(&p.0.lo_closed)));

    // Vertices passed diagonally: (cell entered, corner x, corner y).
    let mut corners: Vec<(Cell, Cell, Cell)> = Vec::new();
    if dx != 0 && dy != 0 {
        for i in x_lo..=x_hi + 1 {
            let t = Q::new((i as i64 * sx - a.0) as i128, dx as i128);
            if t.cmp(Q(0, 1)).is_lt() || t.cmp(Q(1, 1)).is_gt() {
                continue;
            }
            // y at t must be a grid line: (a.1 * dx + t.n' ...) exactly.
            let y_num = a.1 as i128 * dx as i128 + (i as i64 * sx - a.0) as i128 * dy as i128;
            if y_num % (dx as i128 * sy as i128) != 0 {
                continue;
            }
            let j = (y_num / (dx as i128 * sy as i128)) as i32;
            let at_start = t.cmp(Q(0, 1)).is_eq();
            let at_end = t.cmp(Q(1, 1)).is_eq();
            let before = |v: i32, d: i64| if at_start || d < 0 { v } else { v - 1 };
            let after = |v: i32, d: i64| if at_end || d > 0 { v } else { v - 1 };
            let (bx, by) = (before(i, dx), before(j, dy));
            let (ax, ay) = (after(i, dx), after(j, dy));
            if bx != ax && by != ay {
                corners.push((Cell::new(ax, ay), Cell::new(ax, by), Cell::new(bx, ay)));
            }
        }
    }

    // A corner neighbour may hold the vertex point itself (by floor, moving -x +y or +x -y):
    // it touches the segment at that one point and is listed as a corner, not a regular cell.
    regular.retain(|(_, cell)| !corners.iter().any(|k| k.1 == *cell || k.2 == *cell));

    let x_face = if dx > 0 { Face::West } else { Face::East };
    let y_face = if dy > 0 { Face::North } else { Face::South };
    let mut out: Vec<RefEntry> = Vec::new();
    let mut prev: Option<Cell> = None;
    for (iv, cell) in regular {
        let t = iv.lo.f64();
        let entry = match prev {
            None => RefEntry {
                cell,
                face: None,
                via: Via::Start,
                t,
            },
            Some(p) if p.x != cell.x && p.y != cell.y => {
                let &(_, cx, cy) = corners
                    .iter()
                    .find(|k| k.0 == cell)
                    .expect("a diagonal step is at a vertex");
                out.push(RefEntry {
                    cell: cx,
                    face: Some(x_face),
                    via: Via::CornerX,
                    t,
                });
                out.push(RefEntry {
                    cell: cy,
                    face: Some(y_face),
                    via: Via::CornerY,
                    t,
                });
                RefEntry {
                    cell,
                    face: Some(x_face),
                    via: Via::Diagonal,
                    t,
                }
            }
            Some(p) if p.x != cell.x => RefEntry {
                cell,
                face: Some(x_face),
                via: Via::Face,
                t,
            },
            Some(_) => RefEntry {
                cell,
                face: Some(y_face),
                via: Via::Face,
                t,
            },
        };
        out.push(entry);
        prev = Some(cell);
    }
    out
}

/// The reference walk up to its first hit, by the contract's hit rule: a solid start or a solid
/// cell entered; both corner neighbours solid (a hit on the x neighbour).
fn reference_hit(
    walk: &[RefEntry],
    solid: &dyn Fn(Cell) -> bool,
) -> (Vec<Cell>, Option<(Cell, Option<Face>)>) {
    let mut cells = Vec::new();
    for (k, e) in walk.iter().enumerate() {
        cells.push(e.cell);
        match e.via {
            Via::CornerX => {}
            Via::CornerY => {
                if solid(walk[k - 1].cell) && solid(e.cell) {
                    return (cells, Some((walk[k - 1].cell, walk[k - 1].face)));
                }
            }
            _ => {
                if solid(e.cell) {
                    return (cells, Some((e.cell, e.face)));
                }
            }
        }
    }
    (cells, None)
}

/// Pseudo-random walls: a cell is solid with probability `density / 256`.
fn walls(seed: u64, density: u64) -> impl Fn(Cell) -> bool {
    move |c: Cell| {
        let mut h = seed ^ ((c.x as u32 as u64) << 32 | c.y as u32 as u64);
        h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (h >> 56) < density
    }
}

fn to_world(p: (i64, i64)) -> Vec2 {
    Vec2::new(p.0 as f64 / S as f64, p.1 as f64 / S as f64)
}

/// A lattice coordinate near `base` (in tiles), biased towards grid lines and half cells.
fn coord(base: i64) -> impl Strategy<Value = i64> {
    let b = base * S;
    prop_oneof![
        (-6i64..6).prop_map(move |k| b + k * S),
        (-6i64..6).prop_map(move |k| b + k * S + S / 2),
        (-6 * S..6 * S).prop_map(move |k| b + k),
    ]
}

/// Segments, many of them through vertices, anywhere in the exact range (|coordinate| < 4096).
fn segment() -> impl Strategy<Value = ((i64, i64), (i64, i64))> {
    let base = prop_oneof![Just(0i64), -4089i64..4089, Just(4089), Just(-4089)];
    (base.clone(), base).prop_flat_map(|(bx, by)| {
        let free = ((coord(bx), coord(by)), (coord(bx), coord(by)));
        // Through lattice vertices: from a vertex (or half cell) along a small integer direction.
        let diagonal = (coord(bx), coord(by), -3i64..=3, -3i64..=3, 1i64..=3).prop_map(
            move |(x, y, p, q, n)| {
                let x = x - x.rem_euclid(S / 2);
                let y = y - y.rem_euclid(S / 2);
                ((x, y), (x + p * n * S / 2, y + q * n * S / 2))
            },
        );
        prop_oneof![free, diagonal]
    })
}

/// A walk's entries in the reference's terms.
fn entries(walk: impl Iterator<Item = tilecaster_grid::grid::Entry>) -> Vec<RefEntry> {
    walk.map(|e| RefEntry {
        cell: e.cell,
        face: e.face,
        via: e.via,
        t: e.t,
    })
    .collect()
}

fn engine_walk(a: (i64, i64), b: (i64, i64)) -> Vec<RefEntry> {
    entries(Walk::segment(to_world(a), to_world(b)))
}

/// A grid in pixel units: cells of `w` x `h` pixels with the corner at `(ox, oy)` pixels (whole
/// pixels, so that the lattice of 1/1024 pixel maps onto itself).
fn pixel_grid() -> impl Strategy<Value = ((i64, i64), (i64, i64))> {
    (
        prop_oneof![
            Just((60i64, 60i64)),
            Just((16, 24)),
            Just((1, 1)),
            (1i64..=100, 1i64..=100)
        ],
        (-500i64..500, -500i64..500),
    )
}

/// The walk on a pixel grid of the segment `a`-`b` given in unit-cell lattice coordinates,
/// scaled onto the pixel grid (each axis by its cell size, then moved by the origin).
fn pixel_walk(a: (i64, i64), b: (i64, i64), cell: (i64, i64), origin: (i64, i64)) -> Vec<RefEntry> {
    let grid = Grid::new(
        Vec2::new(origin.0 as f64, origin.1 as f64),
        cell.0 as f64,
        cell.1 as f64,
    )
    .unwrap();
    let to_pixels = |p: (i64, i64)| {
        Vec2::new(
            (p.0 * cell.0) as f64 / S as f64 + origin.0 as f64,
            (p.1 * cell.1) as f64 / S as f64 + origin.1 as f64,
        )
    };
    entries(grid.walk_segment(to_pixels(a), to_pixels(b)))
}

proptest! {
    #![proptest_config(proptest_config(4000))]

    #[test]
    fn walk_matches_exact_reference((a, b) in segment()) {
        let expected = reference_walk(a, b);
        let got = engine_walk(a, b);
        let strip = |w: &[RefEntry]| w.iter().map(|e| (e.cell, e.face, e.via)).collect::<Vec<_>>();
        prop_assert_eq!(strip(&got), strip(&expected));
        for (g, e) in got.iter().zip(&expected) {
            prop_assert!((g.t - e.t).abs() <= 1e-12, "t {} vs exact {}", g.t, e.t);
        }
    }

    #[test]
    fn first_hit_matches_exact_reference((a, b) in segment(), seed: u64, density in 0u64..160) {
        let solid = walls(seed, density);
        let (cells, hit) = reference_hit(&reference_walk(a, b), &solid);
        let mut seen = Vec::new();
        let got = Walk::segment(to_world(a), to_world(b)).first_hit_visiting(&solid, |c, _| seen.push(c));
        prop_assert_eq!(&seen, &cells);
        prop_assert_eq!(got.map(|h| (h.cell, h.face)), hit);
        if let Some(h) = got {
            prop_assert_eq!(h.visited as usize, cells.len());
            prop_assert!((0.0..1.0).contains(&h.u));
        }
    }

    #[test]
    fn line_of_sight_is_symmetric_on_the_lattice((a, b) in segment(), seed: u64, density in 0u64..160) {
        let solid = walls(seed, density);
        let (a, b) = (to_world(a), to_world(b));
        prop_assert_eq!(line_of_sight(&solid, a, b), line_of_sight(&solid, b, a));
        // Not by ordering alone: the raw casts agree in both directions.
        let forward = Walk::segment(a, b).first_hit(&solid).is_some();
        let backward = Walk::segment(b, a).first_hit(&solid).is_some();
        prop_assert_eq!(forward, backward);
    }

    #[test]
    fn line_of_sight_is_symmetric_everywhere(
        a in (any::<f64>(), any::<f64>()), b in (-50.0f64..50.0, -50.0f64..50.0), seed: u64,
    ) {
        let solid = walls(seed, 40);
        let (a, b) = (Vec2::new(a.0, a.1), Vec2::new(b.0, b.1));
        prop_assert_eq!(line_of_sight(&solid, a, b), line_of_sight(&solid, b, a));
    }

    #[test]
    fn walked_backwards_covers_the_same_cells((a, b) in segment()) {
        let mut forward: Vec<Cell> = engine_walk(a, b).iter().map(|e| e.cell).collect();
        let mut backward: Vec<Cell> = engine_walk(b, a).iter().map(|e| e.cell).collect();
        forward.sort();
        backward.sort();
        prop_assert_eq!(forward, backward);
    }

    #[test]
    fn consecutive_cells_are_neighbours_except_across_a_listed_corner((a, b) in segment()) {
        let walk = engine_walk(a, b);
        let adjacent = |p: Cell, q: Cell| (p.x - q.x).abs() + (p.y - q.y).abs() == 1;
        let mut last_regular = walk[0].cell;
        for (k, e) in walk.iter().enumerate().skip(1) {
            match e.via {
                Via::Start => prop_assert!(false, "start in the middle"),
                Via::Face | Via::CornerX | Via::CornerY => prop_assert!(adjacent(last_regular, e.cell)),
                Via::Diagonal => {
                    prop_assert_eq!(walk[k - 2].via, Via::CornerX);
                    prop_assert_eq!(walk[k - 1].via, Via::CornerY);
                    prop_assert!(adjacent(walk[k - 2].cell, e.cell) && adjacent(walk[k - 1].cell, e.cell));
                }
            }
            if !matches!(e.via, Via::CornerX | Via::CornerY) {
                last_regular = e.cell;
            }
            prop_assert!(e.t >= walk[k - 1].t, "distances never decrease");
        }
    }

    #[test]
    fn every_walk_terminates(a in (any::<f64>(), any::<f64>()), b in (any::<f64>(), any::<f64>()), max_t: f64) {
        let (a, b) = (Vec2::new(a.0, a.1), Vec2::new(b.0, b.1));
        // The bound is known before walking...
        for walk in [Walk::segment(a, b), Walk::ray(a, b, max_t)] {
            let bound = walk.size_hint().1.expect("bounded");
            prop_assert!(bound < 1 << 27, "bound {}", bound);
        }
        // ...and casts against a map stop at its edge.
        let open = [false; 256];
        let map = BoolGrid::new(&open, 16).unwrap();
        let hits = [Walk::segment(a, b).first_hit(&map), Walk::ray(a, b, max_t).first_hit(&map)];
        for h in hits.into_iter().flatten() {
            prop_assert!(h.visited <= 3 * 34, "visited {}", h.visited);
        }
    }

    /// Pixel tiles (60 x 60, 16 x 24, any whole size, the corner anywhere): the walk in pixel
    /// units equals the exact rational reference over cells of that size, and the unit-cell walk
    /// of the same segment mapped through the grid (same cells, faces, order; same `t`).
    #[test]
    fn pixel_grids_walk_exactly((a, b) in segment(), (cell, origin) in pixel_grid()) {
        let got = pixel_walk(a, b, cell, origin);
        // The reference, in lattice units of a pixel, relative to the grid's corner.
        let scaled = |p: (i64, i64)| (p.0 * cell.0, p.1 * cell.1);
        let expected = reference_walk_sized(scaled(a), scaled(b), (cell.0 * S, cell.1 * S));
        let strip = |w: &[RefEntry]| w.iter().map(|e| (e.cell, e.face, e.via)).collect::<Vec<_>>();
        prop_assert_eq!(strip(&got), strip(&expected));
        let unit = engine_walk(a, b);
        prop_assert_eq!(strip(&got), strip(&unit));
        for (g, u) in got.iter().zip(&unit) {
            prop_assert!((g.t - u.t).abs() <= 1e-12, "t {} vs unit {}", g.t, u.t);
        }
    }

    /// Hits on pixel grids land on the face in pixel units, with the same cell, face and wall
    /// coordinate as on unit cells.
    #[test]
    fn pixel_grid_hits_match_unit_hits((a, b) in segment(), (cell, origin) in pixel_grid(), seed: u64, density in 0u64..160) {
        let solid = walls(seed, density);
        let grid = Grid::new(Vec2::new(origin.0 as f64, origin.1 as f64), cell.0 as f64, cell.1 as f64).unwrap();
        let to_pixels = |p: Vec2| Vec2::new(p.x * cell.0 as f64 + origin.0 as f64, p.y * cell.1 as f64 + origin.1 as f64);
        let unit = Walk::segment(to_world(a), to_world(b)).first_hit(&solid);
        let pixel = grid.cast_segment(&solid, to_pixels(to_world(a)), to_pixels(to_world(b)));
        prop_assert_eq!(unit.map(|h| (h.cell, h.face, h.corner)), pixel.map(|h| (h.cell, h.face, h.corner)));
        if let (Some(u), Some(p)) = (unit, pixel) {
            let expected = to_pixels(u.point);
            prop_assert!((p.point.x - expected.x).abs() <= 1e-6 && (p.point.y - expected.y).abs() <= 1e-6,
                "{:?} vs {:?}", p.point, expected);
            prop_assert!((p.u - u.u).abs() <= 1e-9, "u {} vs {}", p.u, u.u);
            prop_assert!((p.t - u.t).abs() <= 1e-12);
        }
        prop_assert_eq!(grid.line_of_sight(&solid, to_pixels(to_world(a)), to_pixels(to_world(b))),
            line_of_sight(&solid, to_world(a), to_world(b)));
    }
}

// ---- Shaped cells: the walk inside a cell's mask against every texel as a cell. ----

/// A small world of open, solid and shaped cells (masks all `sides` texels) in the cells
/// `[-2, 6) x [-2, 6)`; open beyond. Pseudo-random from `seed`.
struct ShapedWorld {
    sides: (u32, u32),
    cells: Vec<Option<Option<tilecaster_grid::grid::Mask>>>,
}

impl ShapedWorld {
    const LO: i32 = -2;
    const SPAN: i32 = 8;

    fn new(seed: u64, side: u32, density: u64) -> ShapedWorld {
        ShapedWorld::sized(seed, (side, side), density)
    }

    fn sized(seed: u64, (w, h): (u32, u32), density: u64) -> ShapedWorld {
        let mut cells = Vec::new();
        for y in Self::LO..Self::LO + Self::SPAN {
            for x in Self::LO..Self::LO + Self::SPAN {
                let c = Cell::new(x, y);
                let roll = hash(seed ^ 0x5EED, c) % 100;
                cells.push(if roll < 45 {
                    None
                } else if roll < 55 {
                    Some(None)
                } else {
                    // A mask of random texels, some open and some solid.
                    let mask = tilecaster_grid::grid::Mask::from_fn(w, h, |tx, ty| {
                        let t = Cell::new(x * w as i32 + tx as i32, y * h as i32 + ty as i32);
                        (tx, ty) == (0, 0) || (tx, ty) != (1, 0) && hash(seed, t) % 256 < density
                    });
                    Some(Some(mask.expect("a mask's size")))
                });
            }
        }
        ShapedWorld {
            sides: (w, h),
            cells,
        }
    }

    fn at(&self, c: Cell) -> Option<&Option<tilecaster_grid::grid::Mask>> {
        let (x, y) = (c.x - Self::LO, c.y - Self::LO);
        if (0..Self::SPAN).contains(&x) && (0..Self::SPAN).contains(&y) {
            self.cells[(y * Self::SPAN + x) as usize].as_ref()
        } else {
            None
        }
    }

    /// Every texel as a cell: a texel of a solid cell is solid, of a shaped cell its mask's.
    fn texel_solid(&self, t: Cell) -> bool {
        let (nx, ny) = (self.sides.0 as i32, self.sides.1 as i32);
        let cell = Cell::new(t.x.div_euclid(nx), t.y.div_euclid(ny));
        match self.at(cell) {
            None => false,
            Some(None) => true,
            Some(Some(m)) => m.is_solid(t.x.rem_euclid(nx) as u32, t.y.rem_euclid(ny) as u32),
        }
    }
}

impl tilecaster_grid::grid::Solidity for ShapedWorld {
    fn is_solid(&self, cell: Cell) -> bool {
        self.at(cell).is_some()
    }
    fn shape(&self, cell: Cell) -> Option<&tilecaster_grid::grid::Mask> {
        self.at(cell).and_then(Option::as_ref)
    }
}

fn hash(seed: u64, c: Cell) -> u64 {
    let mut h = seed ^ ((c.x as u32 as u64) << 32 | c.y as u32 as u64);
    h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ h >> 32
}

/// Segments inside the shaped world, their ends on the texel grid, half texels or anywhere on
/// the lattice, many along small integer directions through texel vertices.
fn texel_segment(side: i64) -> impl Strategy<Value = ((i64, i64), (i64, i64))> {
    let texel = S / side;
    let c = move || {
        prop_oneof![
            (-2 * side..6 * side).prop_map(move |k| k * texel),
            (-2 * side..6 * side).prop_map(move |k| k * texel + texel / 2),
            (-2 * S..6 * S),
        ]
    };
    let free = ((c(), c()), (c(), c()));
    let diagonal = (c(), c(), -3i64..=3, -3i64..=3, 1i64..=8).prop_map(move |(x, y, p, q, n)| {
        let (x, y) = (x - x.rem_euclid(texel / 2), y - y.rem_euclid(texel / 2));
        ((x, y), (x + p * n * texel / 2, y + q * n * texel / 2))
    });
    prop_oneof![free, diagonal]
}

proptest! {
    #![proptest_config(proptest_config(3000))]

    /// Inside shaped cells the hit is the exact one of a walk over every texel as a cell: the
    /// texel, the face crossed (corner rule per texel), the point and the distance.
    #[test]
    fn shaped_cells_match_a_texel_reference(
        (side, (a, b)) in (2u32..=4).prop_flat_map(|l| (Just(1u32 << l), texel_segment(1 << l))),
        seed: u64,
        density in 40u64..200,
    ) {
        let world = ShapedWorld::new(seed, side, density);
        let got = Walk::segment(to_world(a), to_world(b)).first_hit(&world);
        let texel = S / i64::from(side);
        check_shaped(&world, (texel, texel), S, a, b, got)?;
    }

    /// Pixel-perfect tiles: on a grid in pixels of cells `w` x `h` pixels, each shaped cell's
    /// mask a `w` x `h` bitmap (any size, not only powers of two, rectangular), the hit is the
    /// exact one of a walk over every pixel as a cell.
    #[test]
    fn bitmap_tiles_on_a_pixel_grid_match_a_pixel_reference(
        ((w, h), (a, b)) in (1u32..=13, 1u32..=13)
            .prop_flat_map(|(w, h)| (Just((w, h)), pixel_segment(w, h))),
        seed: u64,
        density in 40u64..200,
    ) {
        let world = ShapedWorld::sized(seed, (w, h), density);
        let pixels = Grid::new(Vec2::ZERO, f64::from(w), f64::from(h)).unwrap();
        let got = pixels.cast_segment(&world, to_world(a), to_world(b));
        check_shaped(&world, (S, S), i64::from(h) * S, a, b, got)?;
    }
}

/// Segments in pixel lattice units over the shaped world of `w` x `h`-pixel cells: ends on
/// pixel corners, pixel centres or anywhere, many along small directions through pixel
/// vertices.
fn pixel_segment(w: u32, h: u32) -> impl Strategy<Value = ((i64, i64), (i64, i64))> {
    let (w, h) = (i64::from(w), i64::from(h));
    let axis = move |n: i64| {
        prop_oneof![
            (-2 * n..6 * n).prop_map(|k| k * S),
            (-2 * n..6 * n).prop_map(|k| k * S + S / 2),
            (-2 * n * S..6 * n * S),
        ]
    };
    let point = move || (axis(w), axis(h));
    let free = (point(), point());
    let diagonal = (point(), -3i64..=3, -3i64..=3, 1i64..=12).prop_map(|((x, y), p, q, n)| {
        let (x, y) = (x - x.rem_euclid(S / 2), y - y.rem_euclid(S / 2));
        ((x, y), (x + p * n * S / 2, y + q * n * S / 2))
    });
    prop_oneof![free, diagonal]
}

/// One segment of [`shaped_cells_match_a_texel_reference`] (and of its pixel grid): `got`, the
/// engine's hit, against the reference over texels `texel` lattice units, in cells
/// `cell_height` lattice units high.
fn check_shaped(
    world: &ShapedWorld,
    texel: (i64, i64),
    cell_height: i64,
    a: (i64, i64),
    b: (i64, i64),
    got: Option<tilecaster_grid::grid::Hit>,
) -> Result<(), TestCaseError> {
    let (nx, ny) = (world.sides.0 as i32, world.sides.1 as i32);
    let walk = reference_walk_sized(a, b, texel);
    let (_, expected) = reference_hit(&walk, &|t| world.texel_solid(t));
    let Some((t_cell, face)) = expected else {
        prop_assert!(
            got.is_none(),
            "{a:?}-{b:?}: the reference passes, the engine hit {got:?}"
        );
        return Ok(());
    };
    let got = got
        .ok_or_else(|| TestCaseError::fail(format!("{a:?}-{b:?}: no hit, reference {t_cell:?}")))?;
    let cell = Cell::new(t_cell.x.div_euclid(nx), t_cell.y.div_euclid(ny));
    let local = (
        t_cell.x.rem_euclid(nx) as u32,
        t_cell.y.rem_euclid(ny) as u32,
    );
    prop_assert_eq!(got.cell, cell, "{:?}-{:?}", a, b);
    let shaped = matches!(world.at(cell), Some(Some(_)));
    prop_assert_eq!(got.texel, shaped.then_some(local), "{:?}-{:?}", a, b);
    let entry = walk.iter().find(|e| e.cell == t_cell).unwrap();
    // A cell solid throughout keeps the cell walk's face: it differs from the texel walk's
    // only where that walk enters it diagonally through a texel vertex on its north or south
    // side (the texel walk then names the x face, as at every diagonal entry).
    // (A diagonal entry is through a texel vertex, on the lattice: its y rounded is exact,
    // where the product of t and the segment's length may fall a hair short of it.)
    let diagonal_on_y_side = entry.via == Via::Diagonal && !shaped && {
        let y = (a.1 as f64 + entry.t * (b.1 - a.1) as f64).round() as i64;
        y.rem_euclid(cell_height) == 0
    };
    if shaped || !diagonal_on_y_side {
        prop_assert_eq!(got.face, face, "{:?}-{:?}", a, b);
    }
    let t = reference_t(&walk, t_cell);
    prop_assert_eq!(got.t, t, "{:?}-{:?}", a, b);
    let exact = Vec2::new(
        (a.0 as f64 + t * (b.0 - a.0) as f64) / S as f64,
        (a.1 as f64 + t * (b.1 - a.1) as f64) / S as f64,
    );
    prop_assert!(
        (got.point - exact).length() < 1e-9,
        "{a:?}-{b:?}: {:?} vs {exact:?}",
        got.point
    );
    Ok(())
}

/// The `t` at which the reference walk enters texel `t_cell` (0 for the start).
fn reference_t(walk: &[RefEntry], t_cell: Cell) -> f64 {
    walk.iter().find(|e| e.cell == t_cell).map_or(0.0, |e| e.t)
}

proptest! {
    #![proptest_config(proptest_config(2000))]

    #[test]
    fn line_of_sight_through_shapes_is_symmetric(
        (a, b) in texel_segment(8), seed: u64, density in 40u64..200,
    ) {
        let world = ShapedWorld::new(seed, 8, density);
        let (a, b) = (to_world(a), to_world(b));
        prop_assert_eq!(line_of_sight(&world, a, b), line_of_sight(&world, b, a));
        let forward = Walk::segment(a, b).first_hit(&world).is_some();
        let backward = Walk::segment(b, a).first_hit(&world).is_some();
        prop_assert_eq!(forward, backward);
    }
}

proptest! {
    #![proptest_config(proptest_config(1500))]

    /// From far away (up to a few thousand tiles), the texel walk is moved on to the shaped
    /// cell in closed form: its hit equals the engine's own walk over every texel as a cell of
    /// a texel grid, walked all the way from the start.
    #[test]
    fn shaped_cells_from_afar_match_a_texel_grid_walk(
        (side, (a, b)) in (2u32..=4).prop_flat_map(|l| (Just(1u32 << l), texel_segment(1 << l))),
        back in 1i64..300,
        seed: u64,
        density in 40u64..200,
    ) {
        let world = ShapedWorld::new(seed, side, density);
        let far = (a.0 - back * (b.0 - a.0), a.1 - back * (b.1 - a.1));
        prop_assume!(far.0.abs() < 4000 * S && far.1.abs() < 4000 * S);
        let n = side as i32;
        let texels = Grid::new(Vec2::ZERO, 1.0 / f64::from(side), 1.0 / f64::from(side)).unwrap();
        let want = texels.cast_segment(&|t: Cell| world.texel_solid(t), to_world(far), to_world(b));
        let got = Walk::segment(to_world(far), to_world(b)).first_hit(&world);
        prop_assert_eq!(got.is_some(), want.is_some(), "{:?}-{:?}", far, b);
        if let (Some(got), Some(want)) = (got, want) {
            let cell = Cell::new(want.cell.x.div_euclid(n), want.cell.y.div_euclid(n));
            prop_assert_eq!(got.cell, cell);
            if let Some(texel) = got.texel {
                prop_assert_eq!(texel, (want.cell.x.rem_euclid(n) as u32, want.cell.y.rem_euclid(n) as u32));
                prop_assert_eq!(got.face, want.face);
            }
            prop_assert_eq!(got.t, want.t);
            // The point's other coordinate is `origin + t * dir`, rounded, and clamped to the
            // texel or cell: the same bits in a texel, within rounding on a whole cell's face.
            if got.texel.is_some() {
                prop_assert_eq!(got.point, want.point);
            } else {
                prop_assert!((got.point - want.point).length() < 1e-9);
            }
        }
    }
}
