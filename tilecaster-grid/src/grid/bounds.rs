//! Rectangles of cells: a map's bounds (where a [`Solidity`](super::Solidity) ends, so that
//! casts stop there) and the area of a search.

use super::cell::Cell;
use super::units::Cells;
use crate::math::Vec2;

/// The cells `x0 <= x < x1`, `y0 <= y < y1`: a map's extent anywhere on the grid (ends
/// exclusive). Empty when `x1 <= x0` or `y1 <= y0`.
///
/// ```
/// use tilecaster_grid::grid::{Cell, CellRect};
/// let room = CellRect::new(-2, 0, 3, 4);
/// assert_eq!((room.width(), room.height()), (5, 4));
/// assert!(room.contains(Cell::new(-2, 3)) && !room.contains(Cell::new(3, 0)));
/// // The 4-tuple of the search functions converts.
/// assert_eq!(CellRect::from((0, 0, 8, 6)), CellRect::sized(Cell::new(0, 0), 8, 6));
/// // And a map's size, its cells from (0, 0).
/// assert_eq!(CellRect::from((8u32, 6u32)), CellRect::new(0, 0, 8, 6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellRect {
    /// The first column.
    pub x0: i32,
    /// The first row.
    pub y0: i32,
    /// One past the last column.
    pub x1: i32,
    /// One past the last row.
    pub y1: i32,
}

impl CellRect {
    /// The cells from `(x0, y0)` up to, not including, `(x1, y1)`.
    pub const fn new(x0: i32, y0: i32, x1: i32, y1: i32) -> CellRect {
        CellRect { x0, y0, x1, y1 }
    }

    /// `width` x `height` cells from `corner` (saturating at `i32::MAX`).
    pub fn sized(corner: Cell, width: u32, height: u32) -> CellRect {
        let end = |from: i32, n: u32| (i64::from(from) + i64::from(n)).min(i64::from(i32::MAX));
        CellRect::new(
            corner.x,
            corner.y,
            end(corner.x, width) as i32,
            end(corner.y, height) as i32,
        )
    }

    /// Columns in the rectangle (0 when empty).
    pub fn width(&self) -> u32 {
        (i64::from(self.x1) - i64::from(self.x0)).max(0) as u32
    }

    /// Rows in the rectangle (0 when empty).
    pub fn height(&self) -> u32 {
        (i64::from(self.y1) - i64::from(self.y0)).max(0) as u32
    }

    /// Whether it holds no cell.
    pub fn is_empty(&self) -> bool {
        self.x1 <= self.x0 || self.y1 <= self.y0
    }

    /// Whether `cell` lies in it.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        (self.x0..self.x1).contains(&cell.x) && (self.y0..self.y1).contains(&cell.y)
    }

    /// Its cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let (x0, x1) = (self.x0, self.x1);
        (self.y0..self.y1).flat_map(move |y| (x0..x1).map(move |x| Cell::new(x, y)))
    }

    /// The smallest rectangle holding both (either may be empty).
    pub fn union(&self, other: CellRect) -> CellRect {
        if self.is_empty() {
            return other;
        }
        if other.is_empty() {
            return *self;
        }
        CellRect::new(
            self.x0.min(other.x0),
            self.y0.min(other.y0),
            self.x1.max(other.x1),
            self.y1.max(other.y1),
        )
    }

    /// The `t` (in units of `dir`) beyond which the ray from `origin` along `dir` on `grid`
    /// never again meets the rectangle grown by one cell all round: where a walk can stop
    /// without missing a cell of it. `0` when the ray never meets it; `+inf` for a zero
    /// direction inside it.
    pub(crate) fn exit_t<G: Cells>(&self, grid: &G, origin: Vec2, dir: Vec2) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let (w, h) = grid.cell_size();
        let o = grid.origin();
        let low = Vec2::new(
            o.x + (f64::from(self.x0) - 1.0) * w,
            o.y + (f64::from(self.y0) - 1.0) * h,
        );
        let high = Vec2::new(
            o.x + (f64::from(self.x1) + 1.0) * w,
            o.y + (f64::from(self.y1) + 1.0) * h,
        );
        // The slab test: the ray's interval inside each axis' band, intersected.
        let axis = |p: f64, d: f64, lo: f64, hi: f64| -> (f64, f64) {
            if d == 0.0 {
                if (lo..=hi).contains(&p) {
                    (f64::NEG_INFINITY, f64::INFINITY)
                } else {
                    (f64::INFINITY, f64::NEG_INFINITY)
                }
            } else {
                let (a, b) = ((lo - p) / d, (hi - p) / d);
                (a.min(b), a.max(b))
            }
        };
        let (ax, bx) = axis(origin.x, dir.x, low.x, high.x);
        let (ay, by) = axis(origin.y, dir.y, low.y, high.y);
        let (enter, exit) = (ax.max(ay), bx.min(by));
        if exit < enter.max(0.0) || exit.is_nan() {
            0.0
        } else {
            exit
        }
    }
}

impl From<(i32, i32, i32, i32)> for CellRect {
    fn from((x0, y0, x1, y1): (i32, i32, i32, i32)) -> CellRect {
        CellRect::new(x0, y0, x1, y1)
    }
}

/// A map's size, `(width, height)`: its cells from `(0, 0)`, as the light queries take it
/// (`visibility_polygon(&walls, (64, 64), ...)`).
impl From<(u32, u32)> for CellRect {
    fn from((width, height): (u32, u32)) -> CellRect {
        CellRect::sized(Cell::new(0, 0), width, height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, UnitCells};

    #[test]
    fn sizes_and_unions() {
        let r = CellRect::new(1, 2, 4, 3);
        assert_eq!((r.width(), r.height(), r.is_empty()), (3, 1, false));
        assert_eq!(r.cells().count(), 3);
        let empty = CellRect::new(5, 5, 5, 9);
        assert!(empty.is_empty() && empty.cells().next().is_none());
        assert_eq!(r.union(empty), r);
        assert_eq!(
            r.union(CellRect::new(-1, 0, 0, 1)),
            CellRect::new(-1, 0, 4, 3)
        );
        assert_eq!(
            CellRect::sized(Cell::new(i32::MAX - 1, 0), 5, 1).x1,
            i32::MAX
        );
    }

    #[test]
    fn a_ray_leaves_the_grown_rectangle_where_expected() {
        let r = CellRect::new(0, 0, 10, 4);
        let e = Vec2::new(1.0, 0.0);
        assert_eq!(r.exit_t(&UnitCells, Vec2::new(0.5, 0.5), e), 10.5);
        // From outside, towards it: beyond its far side; away from it: 0.
        assert_eq!(r.exit_t(&UnitCells, Vec2::new(-20.5, 0.5), e), 31.5);
        assert_eq!(r.exit_t(&UnitCells, Vec2::new(-20.5, 0.5), -e), 0.0);
        // Passing beside it.
        assert_eq!(r.exit_t(&UnitCells, Vec2::new(-20.5, 9.5), e), 0.0);
        // Standing still inside.
        assert_eq!(
            r.exit_t(&UnitCells, Vec2::new(0.5, 0.5), Vec2::ZERO),
            f64::INFINITY
        );
        // In a grid's units.
        let g = Grid::new(Vec2::new(100.0, 0.0), 60.0, 60.0).unwrap();
        assert_eq!(r.exit_t(&g, Vec2::new(130.0, 30.0), e), 630.0);
    }
}
