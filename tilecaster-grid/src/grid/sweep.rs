//! Swept boxes: an axis-aligned box (a top-down actor's collision box) moved through the grid,
//! its first contact with a wall, the face it meets and the slide along it.

use super::bounds::CellRect;
use super::cell::{Cell, Face};
use super::units::{Cells, Grid, UnitCells};
use super::vocab::Solidity;
use crate::math::Vec2;

/// Where a swept box first touches something solid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Contact {
    /// The fraction of the motion done at contact, in `[0, 1)`.
    pub t: f64,
    /// The box's centre at contact.
    pub centre: Vec2,
    /// The solid cell touched.
    pub cell: Cell,
    /// In a shaped cell, its mask's texel touched.
    pub texel: Option<(u32, u32)>,
    /// The face of the cell (or texel) met; `None` when the box overlaps something solid
    /// at the start already.
    pub face: Option<Face>,
}

impl Contact {
    /// What is left of `motion` after contact, slid along the face met: the part into the
    /// face removed (all of it when the box started stuck).
    ///
    /// ```
    /// use tilecaster_grid::grid::{sweep_box, Cell};
    /// use tilecaster_grid::math::Vec2;
    /// let wall = |c: Cell| c.x == 3;
    /// let motion = Vec2::new(2.0, 1.0);
    /// let hit = sweep_box(&wall, Vec2::new(1.5, 0.5), Vec2::new(0.25, 0.25), motion).unwrap();
    /// assert_eq!((hit.t, hit.centre), (0.625, Vec2::new(2.75, 1.125)));
    /// assert_eq!(hit.slide(motion), Vec2::new(0.0, 0.375));
    /// ```
    pub fn slide(&self, motion: Vec2) -> Vec2 {
        let rest = motion * (1.0 - self.t);
        match self.face {
            Some(f) if f.is_x_face() => Vec2::new(0.0, rest.y),
            Some(_) => Vec2::new(rest.x, 0.0),
            None => Vec2::ZERO,
        }
    }
}

/// The first contact of the box centred at `centre` with half-size `half` (half its width and
/// height) moved by `motion`, with the solid cells of `solid` (unit cells): the box touches a
/// cell when their insides would overlap, so a box flush against a wall slides along it
/// freely, one that ends its move flush against a wall has met nothing, and one that overlaps
/// a wall at the start is stuck (a contact at `t = 0` without a face). Shaped cells ([`Solidity::shape`]) block only with their solid texels; grates
/// ([`Solidity::accepts`]) block whole. `None` when the whole motion is free.
///
/// Exact in the traversal's sense: with coordinates on the 1/1024 lattice below 4096, `t` is
/// the exact rational contact time, rounded once, and the centre's coordinate across the face
/// met is exactly the face's less the half-size (`tests/sweep_reference.rs` checks it against
/// rational arithmetic, on unit cells and on pixel tiles). Where two contacts come at the same `t`, an
/// x face wins, then the cell with the smaller `(y, x)`. Cost: the cells in the box's swept
/// bounding box (a tick's move is a few); split long moves.
pub fn sweep_box<S: Solidity + ?Sized>(
    solid: &S,
    centre: impl Into<Vec2>,
    half: impl Into<Vec2>,
    motion: impl Into<Vec2>,
) -> Option<Contact> {
    sweep(&UnitCells, solid, centre.into(), half.into(), motion.into())
}

impl Grid {
    /// [`sweep_box`] in this grid's units.
    ///
    /// ```
    /// use tilecaster_grid::grid::{Cell, Face, Grid};
    /// use tilecaster_grid::math::Vec2;
    /// // A 20 x 30-pixel actor walking into a wall of 32-pixel tiles at x = 128.
    /// let tiles = Grid::new(Vec2::ZERO, 32.0, 32.0).unwrap();
    /// let wall = |c: Cell| c.x == 4;
    /// let hit = tiles.sweep_box(&wall, (100.0, 50.0), (10.0, 15.0), (30.0, 0.0)).unwrap();
    /// assert_eq!((hit.centre.x, hit.face), (118.0, Some(Face::West)));
    /// ```
    pub fn sweep_box<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        centre: impl Into<Vec2>,
        half: impl Into<Vec2>,
        motion: impl Into<Vec2>,
    ) -> Option<Contact> {
        sweep(self, solid, centre.into(), half.into(), motion.into())
    }
}

/// The box's overlap with a rectangle along one axis: the open interval of `t` in which the
/// box's span `[p - h, p + h] + t d` and the rectangle's `[lo, hi]` overlap inside, and
/// whether the box enters it moving in +d (`None` when never).
fn axis_overlap(p: f64, h: f64, d: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    let (near, far) = (p - h, p + h);
    if d == 0.0 {
        return (far > lo && near < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let (enter, leave) = if d > 0.0 {
        ((lo - far) / d, (hi - near) / d)
    } else {
        ((hi - near) / d, (lo - far) / d)
    };
    Some((enter, leave))
}

/// One candidate contact.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    t: f64,
    /// Met on an x face (else a y face).
    on_x: bool,
    /// Overlapping at the start already.
    stuck: bool,
    cell: Cell,
    texel: Option<(u32, u32)>,
    /// Where the box's leading side meets the face, on the face's axis.
    edge: f64,
}

impl Candidate {
    /// The order in which contacts win: earlier, then on an x face, then smaller `(y, x)`.
    fn key(&self) -> (f64, bool, i32, i32) {
        (self.t, !self.on_x, self.cell.y, self.cell.x)
    }
}

fn sweep<G: Cells, S: Solidity + ?Sized>(
    grid: &G,
    solid: &S,
    centre: Vec2,
    half: Vec2,
    motion: Vec2,
) -> Option<Contact> {
    let half = Vec2::new(half.x.abs(), half.y.abs());
    if !(centre.is_finite() && half.is_finite() && motion.is_finite()) {
        return None;
    }
    let (w, h) = grid.cell_size();
    let o = grid.origin();
    // The cells whose insides the swept box can overlap.
    let lo = Vec2::new(
        centre.x.min(centre.x + motion.x) - half.x,
        centre.y.min(centre.y + motion.y) - half.y,
    );
    let hi = Vec2::new(
        centre.x.max(centre.x + motion.x) + half.x,
        centre.y.max(centre.y + motion.y) + half.y,
    );
    let index = |v: f64, origin: f64, size: f64| ((v - origin) / size).floor();
    let limit = f64::from(super::UNBOUNDED_REACH);
    let span = |a: f64, b: f64| (b - a).max(0.0);
    let (x0, x1) = (index(lo.x, o.x, w), index(hi.x, o.x, w));
    let (y0, y1) = (index(lo.y, o.y, h), index(hi.y, o.y, h));
    if span(x0, x1) > limit || span(y0, y1) > limit || !(x0.abs() < 1e9 && y0.abs() < 1e9) {
        return None;
    }
    let mut area = CellRect::new(x0 as i32, y0 as i32, x1 as i32 + 1, y1 as i32 + 1);
    if let Some(b) = solid.bounds() {
        // Within a cell of the bounds: a map solid beyond them is met at their edge.
        area = CellRect::new(
            area.x0.max(b.x0.saturating_sub(1)),
            area.y0.max(b.y0.saturating_sub(1)),
            area.x1.min(b.x1.saturating_add(1)),
            area.y1.min(b.y1.saturating_add(1)),
        );
    }
    let mut best: Option<Candidate> = None;
    let mut consider = |cell: Cell, texel: Option<(u32, u32)>, low: Vec2, high: Vec2| {
        let Some((ex, lx)) = axis_overlap(centre.x, half.x, motion.x, low.x, high.x) else {
            return;
        };
        let Some((ey, ly)) = axis_overlap(centre.y, half.y, motion.y, low.y, high.y) else {
            return;
        };
        let (enter, leave) = (ex.max(ey), lx.min(ly));
        // Inside overlap needs a non-empty open interval that meets the motion's [0, 1]
        // (a box that ends flush against a wall has not met it).
        if !(enter < leave && leave > 0.0 && enter < 1.0) {
            return;
        }
        let on_x = ex >= ey;
        let edge = match (on_x, motion.x > 0.0, motion.y > 0.0) {
            (true, true, _) => low.x,
            (true, false, _) => high.x,
            (false, _, true) => low.y,
            (false, _, false) => high.y,
        };
        let candidate = Candidate {
            t: enter.max(0.0),
            on_x,
            stuck: enter < 0.0,
            cell,
            texel,
            edge,
        };
        let (a, b) = (candidate.key(), best.map(|b| b.key()));
        if b.is_none_or(|b| a.0 < b.0 || a.0 == b.0 && (a.1, a.2, a.3) < (b.1, b.2, b.3)) {
            best = Some(candidate);
        }
    };
    for cell in area.cells() {
        if !solid.is_solid(cell) {
            continue;
        }
        let corner = grid.cell_corner(cell);
        match solid.shape(cell) {
            None => consider(cell, None, corner, corner + Vec2::new(w, h)),
            Some(mask) => {
                let (tw, th) = (w / f64::from(mask.width()), h / f64::from(mask.height()));
                for (tx, ty) in mask.solid_texels() {
                    let low = corner + Vec2::new(f64::from(tx) * tw, f64::from(ty) * th);
                    consider(cell, Some((tx, ty)), low, low + Vec2::new(tw, th));
                }
            }
        }
    }
    let best = best?;
    let t = best.t;
    let mut at = centre + motion * t;
    let face = if best.stuck {
        None
    } else if best.on_x {
        // The leading side exactly on the face, not `centre + motion * t` rounded.
        let step = if motion.x > 0.0 { 1 } else { -1 };
        at.x = best.edge - half.x * f64::from(step);
        Some(Face::entered_along_x(step))
    } else {
        let step = if motion.y > 0.0 { 1 } else { -1 };
        at.y = best.edge - half.y * f64::from(step);
        Some(Face::entered_along_y(step))
    };
    Some(Contact {
        t,
        centre: at,
        cell: best.cell,
        texel: best.texel,
        face,
    })
}
