//! The ordered cell walk: an exact integer DDA.

use super::cell::{Cell, Face};
use super::fixed::quantize_direction;
use super::shape::Mask;
use super::units::{Cells, Grid, UnitCells};
use super::vocab::{Entry, Hit, Solidity, Via, norm, texel_of};
use crate::math::Vec2;

/// The shortest direction a ray walks along (on its longer axis): below it a hit's `t`, in
/// units of the direction, could not be represented (a subnormal direction once hit with
/// `t = inf`), so such a ray stands still.
pub const SHORTEST_DIRECTION: f64 = 1e-150;

/// The DDA's moving state: small and `Copy`, so that a cast keeps it in registers.
#[derive(Clone, Copy, Debug)]
struct Dda {
    /// The current cell.
    x: i32,
    y: i32,
    /// `ex * |dy| - ey * |dx|`, where `ex`, `ey` are the fixed-point distances from the start to
    /// the next x and y boundaries: negative when the x boundary comes first, zero at a vertex.
    err: i64,
    /// Boundary crossings left per axis.
    left_x: u32,
    left_y: u32,
}

/// The DDA's constants.
#[derive(Clone, Copy, Debug)]
struct Steps {
    /// Step per axis: +1 or -1 (+1 for an axis without motion).
    sx: i32,
    sy: i32,
    /// Added to `err` on an x step (a cell's width in fixed point times `|dy|`).
    err_x: i64,
    /// Subtracted from `err` on a y step (a cell's height in fixed point times `|dx|`).
    err_y: i64,
}

impl Dda {
    /// Advances by one boundary crossing (two at a vertex).
    ///
    /// Branches on the axis: on one ray a predicted branch beats a branch-free select, whose
    /// dependency chain through `err` is longer (measured: T4 long rays 701 vs 424 M cells/s,
    /// T1 326 vs 250).
    #[inline(always)]
    fn step(&mut self, k: &Steps) -> Option<Step> {
        // `err`'s sign first, then only the chosen axis's count: two comparisons for an x step
        // and three for a y step in the common case, where every axis has crossings left.
        let take = if self.err < 0 {
            if self.left_x != 0 {
                Step::X
            } else if self.left_y != 0 {
                Step::Y
            } else {
                return None;
            }
        } else if self.err > 0 {
            if self.left_y != 0 {
                Step::Y
            } else if self.left_x != 0 {
                Step::X
            } else {
                return None;
            }
        } else {
            match (self.left_x != 0, self.left_y != 0) {
                (true, true) => Step::Vertex,
                (true, false) => Step::X,
                (false, true) => Step::Y,
                (false, false) => return None,
            }
        };
        if take != Step::Y {
            self.x += k.sx;
            self.err += k.err_x;
            self.left_x -= 1;
        }
        if take != Step::X {
            self.y += k.sy;
            self.err -= k.err_y;
            self.left_y -= 1;
        }
        Some(take)
    }
}

impl Dda {
    /// Moves a texel walk on to the state just before the step that crosses into the texels
    /// `[0, sides.0) x [0, sides.1)` of its cell across the boundary that `entered` names (an
    /// x boundary for [`Step::X`] and [`Step::Vertex`]): the counts of x and y boundaries crossed before it
    /// follow from `err` in closed form, since `err` stays within `[-err_y, err_x]` and x steps
    /// are taken while it is not positive. `false` when the walk does not reach that boundary.
    fn skip_to_entry(&mut self, k: &Steps, entered: Step, (side_x, side_y): (i64, i64)) -> bool {
        // In 64 bits where both fit, the same quotient: one instruction, where 128 bits take
        // a library routine (about 50 instructions more a call on e1m1's pillars).
        let ceil_div = |a: i128, b: i128| -> i128 {
            match (i64::try_from(a), i64::try_from(b)) {
                (Ok(a), Ok(b)) if a > i64::MIN => i128::from(-((-a).div_euclid(b))),
                _ => -((-a).div_euclid(b)),
            }
        };
        let err = i128::from(self.err);
        let (err_x, err_y) = (i128::from(k.err_x), i128::from(k.err_y));
        let (kx, ky) = if entered == Step::Y {
            let before = if k.sy > 0 { -1 } else { side_y };
            let ky = i128::from((before - i64::from(self.y)) * i64::from(k.sy));
            let kx = if err_x == 0 {
                0
            } else {
                ceil_div(ky * err_y - err, err_x).clamp(0, i128::from(self.left_x))
            };
            (kx, ky)
        } else {
            let before = if k.sx > 0 { -1 } else { side_x };
            let kx = i128::from((before - i64::from(self.x)) * i64::from(k.sx));
            let ky = if err_y == 0 {
                0
            } else {
                ceil_div(err + kx * err_x, err_y).clamp(0, i128::from(self.left_y))
            };
            (kx, ky)
        };
        // The crossing itself must be left to take.
        let (need_x, need_y) = match entered {
            Step::X => (kx + 1, ky),
            Step::Y => (kx, ky + 1),
            Step::Vertex => (kx + 1, ky + 1),
        };
        if kx < 0 || ky < 0 || need_x > i128::from(self.left_x) || need_y > i128::from(self.left_y)
        {
            return false;
        }
        let Ok(next) = i64::try_from(err + kx * err_x - ky * err_y) else {
            return false;
        };
        self.x += k.sx * kx as i32;
        self.y += k.sy * ky as i32;
        self.err = next;
        self.left_x -= kx as u32;
        self.left_y -= ky as u32;
        true
    }
}

/// One step of the DDA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    X,
    Y,
    /// Through a vertex: both at once.
    Vertex,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Start,
    None,
    CornerY,
    Diagonal,
}

/// The lazy, ordered walk over the cells of a ray or segment; an [`Iterator`] of [`Entry`].
///
/// The walk is the ordered list of distinct cells that the points of the ray or segment lie in,
/// each with the distance at which it is entered and the face crossed. Consequences worth knowing:
///
/// - A segment that ends exactly on a cell boundary enters the next cell only when moving in
///   +x / +y (the end point lies in that cell). A start exactly on a boundary moving in -x / -y
///   leaves its cell at distance 0.
/// - A line exactly along a grid line lies in the cells on its +x / +y side.
/// - Through a grid vertex the walk lists both corner neighbours ([`Via::CornerX`] first, then
///   [`Via::CornerY`]) before the diagonal cell ([`Via::Diagonal`]), all at the vertex's distance.
/// - Walked backwards, a segment covers the same cells.
/// - Exact: for coordinates that are multiples of 1/1024 with magnitude below 4096 the cells,
///   their order and faces are those of exact rational arithmetic (every quantity is an exact
///   integer; see the tests against a rational reference). Other input is rounded to 2^-32 tile
///   in position and 2^-30 in relative direction before walking.
/// - Defined everywhere: a zero direction or zero length walks only the start cell; `-0.0` is
///   `0.0`; a NaN or infinite start, or one beyond [`DOMAIN`](super::DOMAIN), walks only
///   [`Cell::OUTSIDE`]; a NaN direction or end is a zero-length walk; an infinite end or
///   infinite maximum walks to the domain's edge; every walk terminates (fewer than 2^27
///   cells).
///
/// Cost: setting up is a few nanoseconds; each entry read about 2 ns (its `t` and distance
/// worked out as it goes). No allocation.
///
/// ```
/// use tilecaster_grid::grid::{Walk, Cell, Face};
/// use tilecaster_grid::math::Vec2;
/// let cells: Vec<_> = Walk::segment(Vec2::new(0.5, 0.5), Vec2::new(2.5, 0.5))
///     .map(|e| (e.cell, e.face))
///     .collect();
/// assert_eq!(cells, [
///     (Cell::new(0, 0), None),
///     (Cell::new(1, 0), Some(Face::West)),
///     (Cell::new(2, 0), Some(Face::West)),
/// ]);
/// ```
#[derive(Clone, Debug)]
pub struct Walk<G: Cells = UnitCells> {
    dda: Dda,
    steps: Steps,
    pending: Pending,
    /// The grid walked (its units are those of every point and distance).
    grid: G,
    /// Floating-point view, used only for distances and hit points.
    origin: Vec2,
    dir: Vec2,
    /// `1 / dir` and `|dir|`, for the iterator's entries: NaN until it starts.
    inv_x: f64,
    inv_y: f64,
    length: f64,
    end_t: f64,
    last_t: f64,
    /// The end point walked to (the segment's end, or where a ray's reach ends): a shaped
    /// cell's texel walk is built to the same end, so that its integers agree with this walk's.
    end: Vec2,
}

impl Walk<UnitCells> {
    /// The walk of the segment from `a` to `b`; [`Entry::t`] runs from 0 to 1.
    #[inline]
    pub fn segment(a: Vec2, b: Vec2) -> Walk {
        Walk::segment_in(UnitCells, a, b)
    }

    /// The walk of the ray from `origin` along `dir` up to `max_t` (in units of `dir`, so the
    /// maximum distance is `max_t * |dir|`; `f64::INFINITY` walks to the domain's edge).
    /// [`Entry::t`] is in units of `dir`. A direction shorter than [`SHORTEST_DIRECTION`] on
    /// both axes (its `t` could not be represented), or NaN, stands still: the walk is the
    /// start cell alone.
    #[inline]
    pub fn ray(origin: Vec2, dir: Vec2, max_t: f64) -> Walk {
        Walk::ray_in(UnitCells, origin, dir, max_t)
    }
}

impl<G: Cells> Walk<G> {
    /// [`Walk::segment`] on a grid in the caller's units.
    #[inline]
    pub(super) fn segment_in(grid: G, a: Vec2, b: Vec2) -> Walk<G> {
        let d = b - a;
        let (rel, reach) = (b - grid.origin(), grid.reach());
        if b.is_finite() && rel.x.abs() <= reach.x && rel.y.abs() <= reach.y && d.is_finite() {
            Walk::build(grid, a, d, 1.0, Some(b))
        } else {
            Walk::build(grid, a, d, 1.0, None)
        }
    }

    /// [`Walk::ray`] on a grid in the caller's units.
    #[inline]
    pub(super) fn ray_in(grid: G, origin: Vec2, dir: Vec2, max_t: f64) -> Walk<G> {
        let still = dir.x.abs().max(dir.y.abs()) < SHORTEST_DIRECTION;
        let dir = if still { Vec2::ZERO } else { dir };
        Walk::build(grid, origin, dir, max_t, None)
    }

    #[inline]
    fn build(grid: G, origin: Vec2, dir: Vec2, max_t: f64, exact_end: Option<Vec2>) -> Walk<G> {
        let (corner, reach) = (grid.origin(), grid.reach());
        let rel = origin - corner;
        // NaN fails the comparison too.
        if !(rel.x.abs() < reach.x && rel.y.abs() < reach.y) {
            return Walk::single(grid, Cell::OUTSIDE, origin);
        }
        let (mut dir, mut max_t, mut exact_end) = (dir, max_t, exact_end);
        if !(dir.x.abs() <= f64::MAX && dir.y.abs() <= f64::MAX) {
            // NaN stands still; infinities become unit signs, walked to the domain's edge.
            if dir.x.is_nan() || dir.y.is_nan() {
                dir = Vec2::ZERO;
            } else {
                let unit = |c: f64| if c.is_infinite() { c.signum() } else { 0.0 };
                dir = Vec2::new(unit(dir.x), unit(dir.y));
                max_t = f64::INFINITY;
                exact_end = None;
            }
        }
        if max_t.is_nan() || max_t <= 0.0 {
            max_t = 0.0; // NaN and negative limits: zero length
        }
        // -0.0 becomes 0.0, so that signs below mean motion.
        dir = Vec2::new(dir.x + 0.0, dir.y + 0.0);
        let (dxi, dyi) = quantize_direction(dir.x, dir.y);
        if dxi == 0 && dyi == 0 || max_t == 0.0 {
            return Walk::single(grid, grid.cell_at(grid.fixed_point(rel)), origin);
        }
        let end_inside = exact_end.is_some_and(|e| {
            let r = e - corner;
            r.x.abs() <= reach.x && r.y.abs() <= reach.y
        });
        if !end_inside {
            // Clip to the domain: t at which each axis reaches the edge it moves towards (+inf
            // for an axis without motion, since 1/+0.0 is +inf). A walk whose end is inside
            // it lies inside it whole (the start is too), and needs no clipping.
            let (inv_x, inv_y) = (1.0 / dir.x, 1.0 / dir.y);
            let clip_x = (corner.x + reach.x.copysign(dir.x) - origin.x) * inv_x;
            let clip_y = (corner.y + reach.y.copysign(dir.y) - origin.y) * inv_y;
            let clip_t = clip_x.min(clip_y);
            if clip_t < max_t {
                max_t = clip_t;
                exact_end = None;
            }
        }
        let end = exact_end.unwrap_or_else(|| {
            let e = origin + dir * max_t;
            Vec2::new(
                e.x.clamp(corner.x - reach.x, corner.x + reach.x),
                e.y.clamp(corner.y - reach.y, corner.y + reach.y),
            )
        });

        let (fx0, fy0) = grid.fixed_point(rel);
        let (fx1, fy1) = grid.fixed_point(end - corner);
        let start = grid.cell_at((fx0, fy0));
        let stop = grid.cell_at((fx1, fy1));
        let (x0, y0) = (i64::from(start.x), i64::from(start.y));
        let (cw, ch) = grid.fixed_size();
        let sx: i64 = if dxi < 0 { -1 } else { 1 };
        let sy: i64 = if dyi < 0 { -1 } else { 1 };
        // Boundaries crossed per axis: cells from the start's to the end's, none without motion.
        let crossings =
            |d: i64, from: i64, to: i64, s: i64| ((to - from) * s).max(0) * (d != 0) as i64;
        // Fixed-point distance from the start to the first boundary ahead.
        let first = |f: i64, cell: i64, size: i64, s: i64| {
            let frac = f - cell * size;
            if s > 0 { size - frac } else { frac }
        };
        let (adx, ady) = (dxi.abs(), dyi.abs());
        Walk {
            dda: Dda {
                x: x0 as i32,
                y: y0 as i32,
                err: first(fx0, x0, cw, sx) * ady - first(fy0, y0, ch, sy) * adx,
                left_x: crossings(dxi, x0, i64::from(stop.x), sx) as u32,
                left_y: crossings(dyi, y0, i64::from(stop.y), sy) as u32,
            },
            steps: Steps {
                sx: sx as i32,
                sy: sy as i32,
                err_x: cw * ady,
                err_y: ch * adx,
            },
            pending: Pending::Start,
            grid,
            origin,
            dir,
            // Only the iterator needs these: worked out when it starts (see `next`), so that a
            // cast or a line of sight does no division or square root to set up.
            inv_x: f64::NAN,
            inv_y: f64::NAN,
            length: f64::NAN,
            end_t: max_t,
            last_t: 0.0,
            end,
        }
    }

    /// A walk of one cell.
    fn single(grid: G, cell: Cell, origin: Vec2) -> Walk<G> {
        Walk {
            dda: Dda {
                x: cell.x,
                y: cell.y,
                err: 0,
                left_x: 0,
                left_y: 0,
            },
            steps: Steps {
                sx: 1,
                sy: 1,
                err_x: 0,
                err_y: 0,
            },
            pending: Pending::Start,
            grid,
            origin,
            dir: Vec2::ZERO,
            inv_x: f64::INFINITY,
            inv_y: f64::INFINITY,
            length: 0.0,
            end_t: 0.0,
            last_t: 0.0,
            end: origin,
        }
    }

    /// Ends this walk at `limit_t` (in units of its direction) where that comes before its own
    /// end, in place: a cast stopped at its map's bounds. The cells up to there are the same.
    #[inline]
    pub(crate) fn limit(&mut self, limit_t: f64) {
        if limit_t < self.end_t && self.pending == Pending::Start {
            *self = Walk::build(self.grid, self.origin, self.dir, limit_t, None);
        }
    }

    /// Stops this walk where casting over `solid` can stop, in place: where it leaves the
    /// map's bounds (grown by a cell), or, for a walk without end (`unlimited`) over a map
    /// without bounds, [`UNBOUNDED_REACH`](super::UNBOUNDED_REACH) cells along its faster
    /// axis. A walk within the bounds (the common case) is left as it is, uncopied.
    #[inline]
    pub(crate) fn stop_over<S: Solidity + ?Sized>(&mut self, solid: &S, unlimited: bool) {
        let limit_t = match solid.bounds() {
            // A walk whose first and last cells lie in the bounds stays in them (both convex):
            // a line of sight between two points of the map, the common case, costs nothing.
            Some(rect) if rect.contains(self.cell()) && rect.contains(self.last_cell()) => {
                return;
            }
            Some(rect) => rect.exit_t(&self.grid, self.origin, self.dir),
            None if unlimited => {
                let (w, h) = self.grid.cell_size();
                let reach = f64::from(super::UNBOUNDED_REACH);
                (reach * w / self.dir.x.abs()).min(reach * h / self.dir.y.abs())
            }
            None => return,
        };
        self.limit(limit_t);
    }

    /// The cell the walk ends in, if walked to its end.
    #[inline]
    fn last_cell(&self) -> Cell {
        let (lx, ly) = (self.dda.left_x as i32, self.dda.left_y as i32);
        Cell::new(
            self.dda.x.wrapping_add(self.steps.sx * lx),
            self.dda.y.wrapping_add(self.steps.sy * ly),
        )
    }

    /// The current cell: the start cell until the first step.
    #[inline]
    pub fn cell(&self) -> Cell {
        Cell::new(self.dda.x, self.dda.y)
    }

    /// The start point as given.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The direction in whose units [`Entry::t`] is measured (for a segment, `b - a`).
    pub fn direction(&self) -> Vec2 {
        self.dir
    }

    /// The x coordinate of the x boundary crossed by the last x step.
    #[inline]
    fn boundary_x(&self) -> f64 {
        let (w, _) = self.grid.cell_size();
        self.grid.origin().x + f64::from(self.dda.x + (self.steps.sx < 0) as i32) * w
    }

    #[inline]
    fn boundary_y(&self) -> f64 {
        let (_, h) = self.grid.cell_size();
        self.grid.origin().y + f64::from(self.dda.y + (self.steps.sy < 0) as i32) * h
    }

    /// The `t` at which the last step crossed its boundary (the x boundary for a vertex).
    #[inline]
    pub(crate) fn step_t(&self, step: Step) -> f64 {
        // Both computed, one selected: no branch on the axis.
        let tx = (self.boundary_x() - self.origin.x) * self.inv_x;
        let ty = (self.boundary_y() - self.origin.y) * self.inv_y;
        let t = if step == Step::Y { ty } else { tx };
        // Rounding must not reorder entries or leave the walk's range.
        t.max(self.last_t).min(self.end_t)
    }

    /// The hit for the last step entering the current cell (or its x corner neighbour, for a
    /// blocked vertex), with `visited` cells walked.
    pub(crate) fn hit(&self, step: Step, corner_hit: bool, visited: u32) -> Hit {
        // Once per cast, so divide (one rounding) rather than multiply by the reciprocal.
        let t = match step {
            Step::Y => (self.boundary_y() - self.origin.y) / self.dir.y,
            Step::X | Step::Vertex => (self.boundary_x() - self.origin.x) / self.dir.x,
        }
        .clamp(0.0, self.end_t);
        let (w, h) = self.grid.cell_size();
        let low = self.grid.cell_corner(self.cell());
        let (cell, face, point) = match step {
            Step::X => {
                let y = (self.origin.y + t * self.dir.y).clamp(low.y, low.y + h);
                (
                    self.cell(),
                    Face::entered_along_x(self.steps.sx),
                    Vec2::new(self.boundary_x(), y),
                )
            }
            Step::Y => {
                let x = (self.origin.x + t * self.dir.x).clamp(low.x, low.x + w);
                (
                    self.cell(),
                    Face::entered_along_y(self.steps.sy),
                    Vec2::new(x, self.boundary_y()),
                )
            }
            Step::Vertex => {
                let cell = if corner_hit {
                    Cell::new(self.dda.x, self.dda.y - self.steps.sy)
                } else {
                    self.cell()
                };
                let point = Vec2::new(self.boundary_x(), self.boundary_y());
                (cell, Face::entered_along_x(self.steps.sx), point)
            }
        };
        let corner = self.grid.cell_corner(cell);
        let along = if face.is_x_face() {
            (point.y - corner.y) * self.grid.inverse_size().1
        } else {
            (point.x - corner.x) * self.grid.inverse_size().0
        };
        Hit {
            cell,
            face: Some(face),
            point,
            t,
            origin: self.origin,
            u: along.clamp(0.0, 1.0 - f64::EPSILON / 2.0),
            corner: corner_hit,
            visited,
            texel: None,
        }
    }

    /// The hit at the start (the start cell is solid).
    fn start_hit(&self) -> Hit {
        Hit {
            cell: self.cell(),
            face: None,
            point: self.origin,
            t: 0.0,
            origin: self.origin,
            u: 0.0,
            corner: false,
            visited: 1,
            texel: None,
        }
    }

    /// Walks to the first solid cell and returns the hit, calling `visit` for every cell walked
    /// up to and including the hit (corner neighbours included), and stopping within a cell of
    /// the map's [`bounds`](Solidity::bounds) where it has them. The one hit rule of the engine:
    ///
    /// - the start cell solid: a hit at distance 0 with no face, unless [`Solidity::accepts`]
    ///   refuses it (a shot already inside a grate's cell, having passed a hole), in which case
    ///   the walk goes on;
    /// - a cell entered across a face or diagonally and solid: a hit on the face crossed (a
    ///   diagonal entry reports its x face), unless [`Solidity::accepts`] refuses it (a hole in
    ///   a grate), in which case the walk goes on;
    /// - through a vertex whose two corner neighbours are both solid: a hit at the vertex, on the
    ///   x neighbour's x face ([`Hit::corner`]). One solid corner neighbour alone does not block: a
    ///   ray that grazes a wall's corner passes.
    pub fn first_hit_visiting<S, V>(mut self, grid: &S, mut visit: V) -> Option<Hit>
    where
        S: Solidity + ?Sized,
        V: FnMut(Cell, Via),
    {
        // No further than the map's bounds (a walk inside them is left as it is).
        self.stop_over(grid, false);
        visit(self.cell(), Via::Start);
        if grid.is_solid(self.cell()) {
            if let Some(mask) = grid.shape(self.cell()) {
                if let Some(hit) = self.shaped_hit(grid, mask, self.cell(), None, 1) {
                    return Some(hit);
                }
            } else {
                let hit = self.start_hit();
                if grid.accepts(&hit) {
                    return Some(hit);
                }
            }
        }
        // A local copy of the moving state stays in registers; it is written back for the hit.
        let (k, mut dda, mut visited) = (self.steps, self.dda, 1);
        while let Some(step) = dda.step(&k) {
            let via = if step == Step::Vertex {
                let corner_x = Cell::new(dda.x, dda.y - k.sy);
                let corner_y = Cell::new(dda.x - k.sx, dda.y);
                visit(corner_x, Via::CornerX);
                visit(corner_y, Via::CornerY);
                visited += 2;
                if grid.is_solid(corner_x) && grid.is_solid(corner_y) {
                    // A shaped corner neighbour blocks only where its texel at the vertex is
                    // solid.
                    let vertex = (dda.x + (k.sx < 0) as i32, dda.y + (k.sy < 0) as i32);
                    let at_x = solid_at_vertex(grid, corner_x, vertex);
                    if let (Some(texel), Some(_)) = (at_x, solid_at_vertex(grid, corner_y, vertex))
                    {
                        self.dda = dda;
                        let mut hit = self.hit(step, true, visited);
                        hit.texel = texel;
                        return Some(hit);
                    }
                }
                Via::Diagonal
            } else {
                Via::Face
            };
            let cell = Cell::new(dda.x, dda.y);
            visit(cell, via);
            visited += 1;
            if grid.is_solid(cell) {
                self.dda = dda;
                if let Some(mask) = grid.shape(cell) {
                    if let Some(hit) = self.shaped_hit(grid, mask, cell, Some(step), visited) {
                        return Some(hit);
                    }
                    continue;
                }
                let hit = self.hit(step, false, visited);
                if grid.accepts(&hit) {
                    return Some(hit);
                }
            }
        }
        None
    }

    /// The walk inside shaped cell `cell`, entered by `entered` (`None`: the walk starts in
    /// it): the first solid texel of `mask` the walk meets before it leaves the cell, as a hit
    /// on that texel's face, or `None`.
    ///
    /// The texel walk is the same DDA on the cell's grid at `1 / side` of its size (origin at
    /// the cell's corner), built from this walk's own start and end, so that its integers are
    /// exact where this walk's are; it is moved on to the step that crosses into the cell
    /// in closed form (the counts of boundaries crossed before it), not walked there. At a
    /// texel vertex the corner rule holds per texel; a corner texel outside the cell is the
    /// neighbouring cell's (solid throughout, open, or its own mask's texel there).
    #[cold]
    fn shaped_hit<S: Solidity + ?Sized>(
        &self,
        grid: &S,
        mask: &Mask,
        cell: Cell,
        entered: Option<Step>,
        visited: u32,
    ) -> Option<Hit> {
        // A solid cell throughout where a texel walk cannot be made (cells too small to
        // divide, a start too far away for the texel grid's reach).
        let whole = || {
            let hit = match entered {
                None => self.start_hit(),
                Some(step) => self.hit(step, false, visited),
            };
            grid.accepts(&hit).then_some(hit)
        };
        let (side_x, side_y) = (mask.width(), mask.height());
        let (w, h) = self.grid.cell_size();
        let corner = self.grid.cell_corner(cell);
        let Ok(texels) = Grid::new(corner, w / f64::from(side_x), h / f64::from(side_y)) else {
            return whole();
        };
        let mut fine = Walk::build(texels, self.origin, self.dir, self.end_t, Some(self.end));
        if fine.cell() == Cell::OUTSIDE || (fine.dir == Vec2::ZERO && self.dir != Vec2::ZERO) {
            return whole();
        }
        let k = fine.steps;
        if let Some(step) = entered {
            if !fine
                .dda
                .skip_to_entry(&k, step, (i64::from(side_x), i64::from(side_y)))
            {
                return whole();
            }
        }
        let inside =
            |t: Cell| (0..side_x as i32).contains(&t.x) && (0..side_y as i32).contains(&t.y);
        // The map cell and texel of a texel of this cell's grid, where solid.
        let texel_at = |t: Cell| texel_of(grid, cell, mask, (i64::from(t.x), i64::from(t.y)));
        // The texel hit as a hit on the map: cell, texel, `u` along the cell's face.
        let on_map = |mut hit: Hit, (at, texel): (Cell, Option<(u32, u32)>)| {
            let c = self.grid.cell_corner(at);
            let (iw, ih) = self.grid.inverse_size();
            let along = match hit.face {
                Some(f) if f.is_x_face() => (hit.point.y - c.y) * ih,
                Some(_) => (hit.point.x - c.x) * iw,
                None => 0.0,
            };
            hit.cell = at;
            hit.texel = texel;
            hit.u = along.clamp(0.0, 1.0 - f64::EPSILON / 2.0);
            hit.visited = visited;
            hit
        };
        if entered.is_none() {
            if let Some(found) = texel_at(fine.cell()) {
                let hit = on_map(self.start_hit(), found);
                if grid.accepts(&hit) {
                    return Some(hit);
                }
            }
        }
        let mut dda = fine.dda;
        while let Some(step) = dda.step(&k) {
            if step == Step::Vertex {
                let corner_x = texel_at(Cell::new(dda.x, dda.y - k.sy));
                let corner_y = texel_at(Cell::new(dda.x - k.sx, dda.y));
                if let (Some(found), Some(_)) = (corner_x, corner_y) {
                    fine.dda = dda;
                    return Some(on_map(fine.hit(step, true, visited), found));
                }
            }
            let t = Cell::new(dda.x, dda.y);
            if !inside(t) {
                return None;
            }
            let texel = (t.x as u32, t.y as u32);
            if mask.is_solid(texel.0, texel.1) {
                fine.dda = dda;
                let hit = on_map(fine.hit(step, false, visited), (cell, Some(texel)));
                if grid.accepts(&hit) {
                    return Some(hit);
                }
            }
        }
        None
    }

    /// Walks to the first solid cell (see [`Walk::first_hit_visiting`] for the rule).
    #[inline]
    pub fn first_hit<S: Solidity + ?Sized>(self, grid: &S) -> Option<Hit> {
        self.first_hit_visiting(grid, |_, _| {})
    }

    fn entry(&self, cell: Cell, face: Option<Face>, via: Via, t: f64) -> Entry {
        Entry {
            cell,
            face,
            via,
            t,
            distance: t * self.length,
        }
    }
}

impl<G: Cells> Iterator for Walk<G> {
    type Item = Entry;

    #[inline]
    fn next(&mut self) -> Option<Entry> {
        let face_x = Some(Face::entered_along_x(self.steps.sx));
        match self.pending {
            Pending::Start => {
                self.pending = Pending::None;
                (self.inv_x, self.inv_y) = (1.0 / self.dir.x, 1.0 / self.dir.y);
                self.length = norm(self.dir);
                return Some(self.entry(self.cell(), None, Via::Start, 0.0));
            }
            Pending::CornerY => {
                self.pending = Pending::Diagonal;
                let cell = Cell::new(self.dda.x - self.steps.sx, self.dda.y);
                let face = Some(Face::entered_along_y(self.steps.sy));
                return Some(self.entry(cell, face, Via::CornerY, self.last_t));
            }
            Pending::Diagonal => {
                self.pending = Pending::None;
                return Some(self.entry(self.cell(), face_x, Via::Diagonal, self.last_t));
            }
            Pending::None => {}
        }
        let step = self.dda.step(&self.steps)?;
        let t = self.step_t(step);
        self.last_t = t;
        Some(match step {
            Step::X => self.entry(self.cell(), face_x, Via::Face, t),
            Step::Y => {
                let face = Some(Face::entered_along_y(self.steps.sy));
                self.entry(self.cell(), face, Via::Face, t)
            }
            Step::Vertex => {
                self.pending = Pending::CornerY;
                let cell = Cell::new(self.dda.x, self.dda.y - self.steps.sy);
                self.entry(cell, face_x, Via::CornerX, t)
            }
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let queued = match self.pending {
            Pending::Start => 1,
            Pending::None => 0,
            Pending::CornerY => 2,
            Pending::Diagonal => 1,
        };
        let (lx, ly) = (self.dda.left_x as usize, self.dda.left_y as usize);
        // Each vertex takes one crossing of each axis and yields three cells.
        (queued + lx.max(ly), Some(queued + lx + ly + lx.min(ly)))
    }
}

impl<G: Cells> std::iter::FusedIterator for Walk<G> {}

/// Whether `cell` (solid) is solid at the grid vertex `vertex` (the vertex's column and row of
/// grid lines), which is one of its corners: a shaped cell only where its texel there is. `None`
/// when not; else the texel (`None` for a cell solid throughout).
#[inline]
fn solid_at_vertex<S: Solidity + ?Sized>(
    grid: &S,
    cell: Cell,
    vertex: (i32, i32),
) -> Option<Option<(u32, u32)>> {
    match grid.shape(cell) {
        None => Some(None),
        Some(mask) => {
            let (right, bottom) = (vertex.0 != cell.x, vertex.1 != cell.y);
            let texel = (
                if right { mask.width() - 1 } else { 0 },
                if bottom { mask.height() - 1 } else { 0 },
            );
            mask.is_solid(texel.0, texel.1).then_some(Some(texel))
        }
    }
}

/// Walks and casts in a grid's own units.
impl Grid {
    /// The walk of the segment from `a` to `b` (see [`Walk::segment`]).
    pub fn walk_segment(&self, a: impl Into<Vec2>, b: impl Into<Vec2>) -> Walk<Grid> {
        Walk::segment_in(*self, a.into(), b.into())
    }

    /// The walk of the ray from `origin` along `dir` up to `max_t` (see [`Walk::ray`]).
    pub fn walk_ray(
        &self,
        origin: impl Into<Vec2>,
        dir: impl Into<Vec2>,
        max_t: f64,
    ) -> Walk<Grid> {
        Walk::ray_in(*self, origin.into(), dir.into(), max_t)
    }

    /// [`cast_ray`](super::cast_ray) in this grid's units (stopped at the map's bounds
    /// likewise).
    pub fn cast_ray<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        origin: impl Into<Vec2>,
        dir: impl Into<Vec2>,
        max_t: f64,
    ) -> Option<Hit> {
        let mut walk = self.walk_ray(origin.into(), dir.into(), max_t);
        walk.stop_over(solid, max_t == f64::INFINITY);
        walk.first_hit(solid)
    }

    /// [`cast_segment`](super::cast_segment) in this grid's units.
    pub fn cast_segment<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        a: impl Into<Vec2>,
        b: impl Into<Vec2>,
    ) -> Option<Hit> {
        self.walk_segment(a.into(), b.into()).first_hit(solid)
    }

    /// [`line_of_sight`](super::line_of_sight) in this grid's units (symmetric likewise).
    pub fn line_of_sight<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        a: impl Into<Vec2>,
        b: impl Into<Vec2>,
    ) -> bool {
        let (from, to) = super::symmetric_order(a.into(), b.into());
        self.cast_segment(solid, from, to).is_none()
    }
}
