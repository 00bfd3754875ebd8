//! The swept box against a brute-force reference in exact rational arithmetic, on the 1/1024
//! lattice: every solid cell's contact time from the definition (the first `t` in `[0, 1)`
//! at which the box's inside and the cell's overlap), the earliest winning (then one
//! overlapping at the start, then an x face, then the smaller `(y, x)`).

use proptest::prelude::*;
use tilecaster_grid::grid::{BoolGrid, Cell, Face, Grid, Solidity, sweep_box};
use tilecaster_grid::math::Vec2;

mod common;
use common::{Q, S};

/// One axis: the open interval of `t` where `[p - h, p + h] + t d` and `[lo, hi]` overlap
/// inside (`None` as an unbounded end when `d = 0` and they overlap; `Err` when never).
fn axis(p: i64, h: i64, d: i64, lo: i64, hi: i64) -> Result<Option<(Q, Q)>, ()> {
    if d == 0 {
        return if p + h > lo && p - h < hi {
            Ok(None)
        } else {
            Err(())
        };
    }
    let (a, b) = (
        Q::new((lo - p - h) as i128, d as i128),
        Q::new((hi - p + h) as i128, d as i128),
    );
    Ok(Some(if d > 0 { (a, b) } else { (b, a) }))
}

/// The reference contact: (t, on an x face, stuck, cell).
fn reference(
    solid: &impl Fn(Cell) -> bool,
    cell_size: (i64, i64),
    p: (i64, i64),
    h: (i64, i64),
    d: (i64, i64),
) -> Option<(Q, bool, bool, Cell)> {
    let mut best: Option<(Q, bool, bool, Cell)> = None;
    for y in -4..10 {
        for x in -4..10 {
            let c = Cell::new(x, y);
            if !solid(c) {
                continue;
            }
            let (lx, ly) = (i64::from(x) * cell_size.0, i64::from(y) * cell_size.1);
            let (Ok(ax), Ok(ay)) = (
                axis(p.0, h.0, d.0, lx, lx + cell_size.0),
                axis(p.1, h.1, d.1, ly, ly + cell_size.1),
            ) else {
                continue;
            };
            let far_past = Q(-1 << 60, 1);
            let far_on = Q(1 << 60, 1);
            let (ex, lxq) = ax.unwrap_or((far_past, far_on));
            let (ey, lyq) = ay.unwrap_or((far_past, far_on));
            let (enter, leave) = (ex.max(ey), lxq.min(lyq));
            let zero = Q(0, 1);
            if !(enter.lt(leave) && zero.lt(leave) && enter.lt(Q(1, 1))) {
                continue;
            }
            let on_x = !ex.lt(ey);
            let stuck = enter.lt(zero);
            let t = if stuck { zero } else { enter };
            let better = best.is_none_or(|(bt, bx, bs, bc)| {
                t.lt(bt) || !bt.lt(t) && ((!stuck, !on_x, c.y, c.x) < (!bs, !bx, bc.y, bc.x))
            });
            if better {
                best = Some((t, on_x, stuck, c));
            }
        }
    }
    best
}

/// Pseudo-random walls in the cells `[-2, 6)` on both axes.
fn walls(seed: u64) -> impl Fn(Cell) -> bool {
    move |c: Cell| {
        let mut h = seed ^ ((c.x as u32 as u64) << 32 | c.y as u32 as u64);
        h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        (-2..6).contains(&c.x) && (-2..6).contains(&c.y) && h % 100 < 30
    }
}

fn check(
    got: Option<tilecaster_grid::grid::Contact>,
    want: Option<(Q, bool, bool, Cell)>,
    p: (i64, i64),
    h: (i64, i64),
    d: (i64, i64),
) -> Result<(), TestCaseError> {
    match (got, want) {
        (None, None) => {}
        (Some(got), Some((t, on_x, stuck, cell))) => {
            prop_assert_eq!(got.t, t.f64(), "{:?} {:?} {:?}", p, h, d);
            prop_assert_eq!(got.cell, cell, "{:?} {:?} {:?}", p, h, d);
            let face = (!stuck).then_some(match (on_x, d.0 > 0, d.1 > 0) {
                (true, true, _) => Face::West,
                (true, false, _) => Face::East,
                (false, _, true) => Face::North,
                (false, _, false) => Face::South,
            });
            prop_assert_eq!(got.face, face, "{:?} {:?} {:?}", p, h, d);
        }
        (got, want) => prop_assert!(false, "{p:?} {h:?} {d:?}: got {got:?}, want {want:?}"),
    }
    Ok(())
}

fn lattice(range: std::ops::Range<i64>) -> impl Strategy<Value = i64> {
    prop_oneof![
        range.clone().prop_map(|k| k * S / 4),
        range.clone().prop_map(|k| k * S / 2 + S / 4),
        (range.start * S..range.end * S),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// On unit cells.
    #[test]
    fn boxes_meet_walls_when_the_rationals_say(
        p in (lattice(-2..6), lattice(-2..6)),
        h in (1i64..(S / 2), 1i64..(S / 2)),
        d in (lattice(-3..4), lattice(-3..4)),
        seed: u64,
    ) {
        let solid = walls(seed);
        let f = |v: i64| v as f64 / S as f64;
        let got = sweep_box(&solid, Vec2::new(f(p.0), f(p.1)), Vec2::new(f(h.0), f(h.1)), Vec2::new(f(d.0), f(d.1)));
        check(got.unwrap(), reference(&solid, (S, S), p, h, d), p, h, d)?;
    }

    /// On a grid of 24 x 16-pixel tiles, in pixels.
    #[test]
    fn boxes_meet_walls_in_pixels(
        p in (lattice(-40..140), lattice(-30..90)),
        h in (1i64..(12 * S), 1i64..(8 * S)),
        d in (lattice(-60..60), lattice(-40..40)),
        seed: u64,
    ) {
        let solid = walls(seed);
        let f = |v: i64| v as f64 / S as f64;
        let tiles = Grid::new(Vec2::ZERO, 24.0, 16.0).unwrap();
        let got = tiles.sweep_box(&solid, Vec2::new(f(p.0), f(p.1)), Vec2::new(f(h.0), f(h.1)), Vec2::new(f(d.0), f(d.1)));
        check(got.unwrap(), reference(&solid, (24 * S, 16 * S), p, h, d), p, h, d)?;
    }
}

/// A box pushed along a corridor's wall slides; one pushed into a corner stops on both axes.
#[test]
fn sliding_along_walls() {
    let cells = [
        true, true, true, true, true, //
        false, false, false, false, true, //
        true, true, true, true, true,
    ];
    let map = BoolGrid::new(&cells, 5).unwrap();
    let half = Vec2::new(0.4, 0.4);
    // Flush against the corridor's sides (y from 1.1 to 1.9), moving east: free until the end.
    let motion = Vec2::new(4.0, 0.5);
    let hit = sweep_box(&map, Vec2::new(0.5, 1.5), half, motion)
        .unwrap()
        .unwrap();
    assert_eq!(hit.face, Some(Face::North));
    let rest = hit.slide(motion);
    assert_eq!(rest.y, 0.0);
    let on = sweep_box(&map, hit.centre, half, rest).unwrap().unwrap();
    assert_eq!((on.face, on.cell), (Some(Face::West), Cell::new(4, 1)));
    assert_eq!(on.centre.x, 4.0 - half.x);
    assert!(map.is_solid(on.cell));
    // Overlapping a wall at the start: stuck, no face, and nothing left to slide.
    let stuck = sweep_box(&map, Vec2::new(0.5, 0.5), half, motion)
        .unwrap()
        .unwrap();
    assert_eq!(
        (stuck.t, stuck.face, stuck.slide(motion)),
        (0.0, None, Vec2::ZERO)
    );
}

/// How far the circle at `p` reaches into the nearest solid cell of `solid` among the cells
/// around (positive: the insides overlap by that much).
fn overlap(solid: &impl Fn(Cell) -> bool, p: Vec2, r: f64) -> f64 {
    let mut deepest = f64::NEG_INFINITY;
    for y in -4..10 {
        for x in -4..10 {
            if !solid(Cell::new(x, y)) {
                continue;
            }
            let (lx, ly) = (f64::from(x), f64::from(y));
            let gap = Vec2::new(
                (lx - p.x).max(p.x - lx - 1.0).max(0.0),
                (ly - p.y).max(p.y - ly - 1.0).max(0.0),
            );
            deepest = deepest.max(r - gap.length());
        }
    }
    deepest
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// A swept circle's contact is the first: along the move up to it (sampled finely) the
    /// circle overlaps nothing, at it the circle touches a wall, and without one it overlaps
    /// nothing along the whole move. Against a face, the centre sits exactly its radius off.
    #[test]
    fn circles_stop_at_the_first_touch(
        p in (lattice(-2..6), lattice(-2..6)),
        r in 1i64..(S / 2),
        d in (lattice(-3..4), lattice(-3..4)),
        seed: u64,
    ) {
        let solid = walls(seed);
        let f = |v: i64| v as f64 / S as f64;
        let (p, r, d) = (Vec2::new(f(p.0), f(p.1)), f(r), Vec2::new(f(d.0), f(d.1)));
        let got = tilecaster_grid::grid::sweep_circle(&solid, p, r, d).unwrap();
        let free_until = |end: f64| {
            (0..=256).map(|k| end * f64::from(k) / 256.0).filter(|&t| t < end || end == 1.0)
                .all(|t| overlap(&solid, p + d * t, r) <= 1e-9)
        };
        match got {
            None => prop_assert!(free_until(1.0), "{p:?} {r} {d:?}: no contact reported"),
            Some(c) if c.normal == Vec2::ZERO => {
                prop_assert_eq!(c.t, 0.0);
                prop_assert!(overlap(&solid, p, r) > 0.0, "stuck without overlap");
            }
            Some(c) => {
                // (Exactly touching at the start, the distance's rounding may read as a hair
                // of overlap.)
                prop_assert!(overlap(&solid, p, r) <= 1e-12, "{p:?} {r}: overlapping at the start");
                prop_assert!(free_until(c.t), "{p:?} {r} {d:?}: overlap before {}", c.t);
                prop_assert!(overlap(&solid, c.centre, r).abs() < 1e-9, "not touching at {:?}", c.centre);
                prop_assert!((c.normal.length() - 1.0).abs() < 1e-12);
                // Moving into what it met.
                // (At a grazing touch of a corner the normal, from the rounded centre, may be
                // a hair off square to the move.)
                prop_assert!(d.dot(c.normal) < 1e-9, "{:?} against {:?}", d, c.normal);
                if let Some(face) = c.face {
                    let corner = Vec2::new(f64::from(c.cell.x), f64::from(c.cell.y));
                    let across = match face {
                        Face::West => corner.x - c.centre.x,
                        Face::East => c.centre.x - corner.x - 1.0,
                        Face::North => corner.y - c.centre.y,
                        Face::South => c.centre.y - corner.y - 1.0,
                    };
                    prop_assert_eq!(across, r);
                }
            }
        }
    }
}

/// A long diagonal move finds the one wall across its way, and the box's leading corner sits
/// exactly on it.
#[test]
fn long_moves_are_swept_whole() {
    let wall = |c: Cell| c.x == 700 && (600..=720).contains(&c.y);
    let motion = Vec2::new(1000.0, 1000.0);
    let hit = sweep_box(&wall, Vec2::new(0.5, 0.5), Vec2::new(0.25, 0.25), motion)
        .unwrap()
        .unwrap();
    assert_eq!((hit.face, hit.centre.x), (Some(Face::West), 699.75));
    assert_eq!(hit.t, 699.25 / 1000.0);
    let circle =
        tilecaster_grid::grid::sweep_circle(&wall, Vec2::new(0.5, 0.5), 0.25, motion).unwrap();
    assert_eq!(
        circle.map(|c| (c.face, c.centre.x)),
        Some((Some(Face::West), 699.75))
    );
    // Past the wall's end: nothing.
    assert_eq!(
        sweep_box(&wall, Vec2::new(0.5, 200.5), Vec2::new(0.25, 0.25), motion),
        Ok(None)
    );
}

/// Found by `circles_stop_at_the_first_touch`: a circle resting exactly on a wall's top face at
/// the wall's corner (touching the corner with its lowest point) and moving down into it meets
/// the top face where it is, at once; it was reported on the wall's west face, its centre moved
/// a radius sideways.
#[test]
fn a_circle_resting_on_a_walls_corner_meets_the_top_face_where_it_is() {
    let solid = |c: Cell| c == Cell::new(1, 0);
    let (p, r, d) = (Vec2::new(1.0, -0.25), 0.25, Vec2::new(1.0 / 1024.0, 0.25));
    let got = tilecaster_grid::grid::sweep_circle(&solid, p, r, d)
        .unwrap()
        .unwrap();
    assert_eq!((got.t, got.centre, got.cell), (0.0, p, Cell::new(1, 0)));
    assert_eq!(
        (got.face, got.normal),
        (Some(Face::North), Vec2::new(0.0, -1.0))
    );
    // The same with the walls of the case as found.
    let solid = walls(1882084581652408990);
    let got = tilecaster_grid::grid::sweep_circle(&solid, p, r, d)
        .unwrap()
        .unwrap();
    assert_eq!((got.centre, got.face), (p, Some(Face::North)));
}

/// Inputs a sweep cannot answer are errors, never "free": a move of a million tiles through a
/// wall, a circle of radius 1e9 over one, a radius below zero, a coordinate that is no number.
#[test]
fn unanswerable_sweeps_are_errors_not_free() {
    use tilecaster_grid::grid::{SweepError, sweep_circle};
    let wall = |c: Cell| c.x == 5;
    let at = Vec2::new(0.5, 0.5);
    let far = sweep_circle(&wall, at, 0.25, Vec2::new(1e6, 0.0));
    assert_eq!(far, Err(SweepError::TooFar));
    assert_eq!(
        sweep_circle(&wall, at, 1e9, Vec2::ZERO),
        Err(SweepError::TooFar)
    );
    assert_eq!(
        sweep_circle(&wall, at, -0.25, Vec2::new(9.0, 0.0)),
        Err(SweepError::NegativeSize)
    );
    let half = Vec2::new(0.25, -0.25);
    assert_eq!(
        sweep_box(&wall, at, half, Vec2::new(9.0, 0.0)),
        Err(SweepError::NegativeSize)
    );
    let nan = Vec2::new(f64::NAN, 0.0);
    assert_eq!(
        sweep_circle(&wall, nan, 0.25, Vec2::new(9.0, 0.0)),
        Err(SweepError::NotFinite)
    );
    assert_eq!(
        sweep_circle(&wall, at, 0.25, nan),
        Err(SweepError::NotFinite)
    );
    // Answerable ones as before: a contact, or free.
    assert!(
        sweep_circle(&wall, at, 0.25, Vec2::new(9.0, 0.0))
            .unwrap()
            .is_some()
    );
    assert_eq!(sweep_circle(&wall, at, 0.25, Vec2::new(0.0, 9.0)), Ok(None));
}
