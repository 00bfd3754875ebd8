//! Grids in the caller's units: cells of any width and height (60-pixel tiles, 16x24 tiles),
//! with the grid's corner anywhere. The walk is the same integer DDA as on unit cells, with its
//! fixed point scaled to the cell size, so the same exactness holds in the caller's units: with
//! integer cell sizes and points on the 1/1024 lattice of the caller's unit, the cells, their
//! order and faces are those of exact rational arithmetic.

use super::cell::Cell;
use super::cell::DOMAIN;
use super::fixed::{FRAC_BITS, ONE, to_fixed_scaled};
use crate::math::Vec2;

mod sealed {
    /// Only this module's cell spaces are [`Cells`](super::Cells).
    pub trait Sealed {}
    impl Sealed for super::UnitCells {}
    impl Sealed for super::Grid {}
}

/// The space a [`Walk`](super::Walk) runs in: [`UnitCells`] (the engine's own, with every size
/// a constant the compiler folds away) or a [`Grid`] in the caller's units. Implemented by
/// those two only; its fixed-point workings are hidden.
pub trait Cells: Copy + std::fmt::Debug + sealed::Sealed {
    /// Where cell `(0, 0)` starts.
    fn origin(&self) -> Vec2;
    /// A cell's width and height.
    fn cell_size(&self) -> (f64, f64);
    /// `1 / width` and `1 / height`.
    fn inverse_size(&self) -> (f64, f64);
    /// How far the space reaches from its origin on each axis ([`DOMAIN`] cells).
    #[doc(hidden)]
    fn reach(&self) -> Vec2;
    /// A point relative to the origin in fixed point.
    #[doc(hidden)]
    fn fixed_point(&self, rel: Vec2) -> (i64, i64);
    /// A cell's width and height in fixed point.
    #[doc(hidden)]
    fn fixed_size(&self) -> (i64, i64);
    /// The cell of a fixed-point position.
    #[doc(hidden)]
    fn cell_at(&self, fixed: (i64, i64)) -> Cell;
    /// The corner of `cell` with the smallest coordinates.
    #[inline]
    fn cell_corner(&self, cell: Cell) -> Vec2 {
        let (w, h) = self.cell_size();
        let o = self.origin();
        Vec2::new(o.x + f64::from(cell.x) * w, o.y + f64::from(cell.y) * h)
    }
}

/// Unit cells from `(0, 0)`: the space of [`Walk::segment`](super::Walk::segment),
/// [`cast_ray`](super::cast_ray) and the renderer. Equal to [`Grid::UNIT`], with nothing to
/// look up at run time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitCells;

impl Cells for UnitCells {
    #[inline]
    fn origin(&self) -> Vec2 {
        Vec2::ZERO
    }
    #[inline]
    fn cell_size(&self) -> (f64, f64) {
        (1.0, 1.0)
    }
    #[inline]
    fn inverse_size(&self) -> (f64, f64) {
        (1.0, 1.0)
    }
    #[inline]
    fn reach(&self) -> Vec2 {
        Vec2::new(DOMAIN, DOMAIN)
    }
    #[inline]
    fn fixed_point(&self, rel: Vec2) -> (i64, i64) {
        let scale = ONE as f64;
        (to_fixed_scaled(rel.x, scale), to_fixed_scaled(rel.y, scale))
    }
    #[inline]
    fn fixed_size(&self) -> (i64, i64) {
        (ONE, ONE)
    }
    #[inline]
    fn cell_at(&self, (fx, fy): (i64, i64)) -> Cell {
        Cell::new((fx >> FRAC_BITS) as i32, (fy >> FRAC_BITS) as i32)
    }
}

/// The smallest cell side, in the caller's units.
pub const MIN_CELL: f64 = 1.0 / 1024.0;
/// The largest cell side, in the caller's units.
pub const MAX_CELL: f64 = 1_048_576.0;

/// A grid whose cell `(i, j)` covers `[x0 + i * w, x0 + (i + 1) * w) x [y0 + j * h, y0 + (j + 1)
/// * h)`, where `(x0, y0)` is its origin and `w` x `h` its cell size, all in the caller's units.
/// [`Grid::UNIT`] is the engine's own: unit cells from `(0, 0)`. Hits and walk entries from a
/// grid are in its units: points, `t`, distances; [`Hit::u`] stays a fraction of the face.
///
/// ```
/// use tilecaster_grid::math::Vec2;
/// use tilecaster_grid::grid::{Cell, Face, Grid};
/// // 60-pixel tiles, as in a 2D game's tile map; wall cells in column 5.
/// let grid = Grid::new(Vec2::new(0.0, 0.0), 60.0, 60.0).unwrap();
/// let walls = |c: Cell| c.x == 5;
/// let hit = grid.cast_ray(&walls, Vec2::new(30.0, 90.0), Vec2::new(1.0, 0.0), f64::INFINITY).unwrap();
/// assert_eq!((hit.cell, hit.face, hit.point), (Cell::new(5, 1), Some(Face::West), Vec2::new(300.0, 90.0)));
/// assert_eq!(hit.distance(), 270.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    origin: Vec2,
    width: f64,
    height: f64,
    /// `2^b`, where `b` is the fraction bits of the fixed point: 32 for cells up to one unit,
    /// fewer for larger cells, so that a cell in fixed point stays within 2^32.
    fixed_scale: f64,
    /// The cell size in fixed point.
    fixed_w: i64,
    fixed_h: i64,
    /// `log2` of the fixed-point cell size where it is a power of two (unit cells: 32), else
    /// `u32::MAX`: cells are then found by a shift instead of a division.
    shift_w: u32,
    shift_h: u32,
    /// `1 / width` and `1 / height`, for the wall coordinate.
    inv_w: f64,
    inv_h: f64,
}

/// A grid that cannot be made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GridError {
    /// A cell side that is not a number from [`MIN_CELL`] to [`MAX_CELL`].
    CellSize {
        /// The width given.
        width: f64,
        /// The height given.
        height: f64,
    },
    /// An origin that is not finite.
    Origin {
        /// Its x.
        x: f64,
        /// Its y.
        y: f64,
    },
}

impl std::fmt::Display for GridError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GridError::CellSize { width, height } => write!(
                f,
                "cell size {width} x {height}: each side must be from 1/1024 to 1048576"
            ),
            GridError::Origin { x, y } => write!(f, "grid origin ({x}, {y}) is not a finite point"),
        }
    }
}

impl std::error::Error for GridError {}

impl Grid {
    /// Unit cells from `(0, 0)`: the engine's own grid, on which
    /// [`Walk::segment`](super::Walk::segment), [`cast_ray`](super::cast_ray) and the rest
    /// work.
    pub const UNIT: Grid = Grid {
        origin: Vec2::ZERO,
        width: 1.0,
        height: 1.0,
        fixed_scale: ONE as f64,
        fixed_w: ONE,
        fixed_h: ONE,
        shift_w: FRAC_BITS,
        shift_h: FRAC_BITS,
        inv_w: 1.0,
        inv_h: 1.0,
    };

    /// A grid with its corner at `origin` and cells `cell_width` x `cell_height` (each from
    /// [`MIN_CELL`] to [`MAX_CELL`]). Cell sizes that are not multiples of 2^-32 of a unit
    /// (for cells up to one unit; coarser for larger ones) are rounded to them; integer sizes
    /// never are.
    pub fn new(origin: Vec2, cell_width: f64, cell_height: f64) -> Result<Grid, GridError> {
        let valid = |s: f64| (MIN_CELL..=MAX_CELL).contains(&s);
        if !(valid(cell_width) && valid(cell_height)) {
            return Err(GridError::CellSize {
                width: cell_width,
                height: cell_height,
            });
        }
        if !(origin.x.is_finite() && origin.y.is_finite()) {
            return Err(GridError::Origin {
                x: origin.x,
                y: origin.y,
            });
        }
        // The smallest e >= 0 with both sides <= 2^e.
        let larger = cell_width.max(cell_height);
        let mut e = 0;
        while f64::from(1u32 << e) < larger {
            e += 1;
        }
        let frac_bits = 32 - e;
        let scale = (1u64 << frac_bits) as f64;
        // Rounded only where it is not a whole number already (a texel grid's, which a ray
        // into a shaped cell makes, is): `f64::round` is a library call without SSE4.1.
        let fixed = |s: f64| {
            let scaled = s * scale;
            let whole = scaled as i64;
            let rounded = if whole as f64 == scaled {
                whole
            } else {
                scaled.round() as i64
            };
            rounded.max(1)
        };
        let shift = |f: i64| {
            if f.count_ones() == 1 {
                f.trailing_zeros()
            } else {
                u32::MAX
            }
        };
        let (fixed_w, fixed_h) = (fixed(cell_width), fixed(cell_height));
        Ok(Grid {
            origin,
            width: cell_width,
            height: cell_height,
            fixed_scale: scale,
            fixed_w,
            fixed_h,
            shift_w: shift(fixed_w),
            shift_h: shift(fixed_h),
            inv_w: 1.0 / cell_width,
            inv_h: 1.0 / cell_height,
        })
    }

    /// The grid's corner: where cell `(0, 0)` starts.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The cell's width and height.
    pub fn cell_size(&self) -> (f64, f64) {
        (self.width, self.height)
    }

    /// The cell holding `p`; [`Cell::OUTSIDE`] beyond the grid's reach ([`DOMAIN`] cells from
    /// its origin) or for a point that is not finite.
    pub fn cell_of(&self, p: Vec2) -> Cell {
        let rel = p - self.origin;
        let reach = self.reach();
        if !(rel.x.abs() < reach.x && rel.y.abs() < reach.y) {
            return Cell::OUTSIDE;
        }
        self.cell_at(self.fixed_point(rel))
    }

    /// The corner of `cell` with the smallest coordinates.
    pub fn cell_corner(&self, cell: Cell) -> Vec2 {
        Cells::cell_corner(self, cell)
    }

    /// The grid of this grid's cells cut into `columns` x `rows` texels each (a tile's
    /// bitmap's pixels): texel `(tx, ty)` of cell `(x, y)` is its cell `(x * columns + tx,
    /// y * rows + ty)`. A walk over it lists texels in order, as the walk over this grid lists
    /// cells, and is exact where the texels' size is (see [`Mask`](super::Mask)).
    ///
    /// ```
    /// use tilecaster_grid::grid::{Cell, Grid};
    /// use tilecaster_grid::math::Vec2;
    /// // 60-pixel tiles whose bitmaps are 60 x 60: the texels are the screen's pixels.
    /// let tiles = Grid::new(Vec2::ZERO, 60.0, 60.0).unwrap();
    /// let pixels = tiles.subdivided(60, 60).unwrap();
    /// assert_eq!(pixels.cell_size(), (1.0, 1.0));
    /// let first: Vec<Cell> = pixels.walk_segment(Vec2::new(59.5, 0.5), Vec2::new(62.5, 0.5)).map(|e| e.cell).collect();
    /// assert_eq!(first, [Cell::new(59, 0), Cell::new(60, 0), Cell::new(61, 0), Cell::new(62, 0)]);
    /// ```
    pub fn subdivided(&self, columns: u32, rows: u32) -> Result<Grid, GridError> {
        if columns == 0 || rows == 0 {
            return Err(GridError::CellSize {
                width: self.width / f64::from(columns),
                height: self.height / f64::from(rows),
            });
        }
        Grid::new(
            self.origin,
            self.width / f64::from(columns),
            self.height / f64::from(rows),
        )
    }
}

impl Cells for Grid {
    #[inline]
    fn origin(&self) -> Vec2 {
        self.origin
    }
    #[inline]
    fn cell_size(&self) -> (f64, f64) {
        (self.width, self.height)
    }
    #[inline]
    fn inverse_size(&self) -> (f64, f64) {
        (self.inv_w, self.inv_h)
    }
    #[inline]
    fn reach(&self) -> Vec2 {
        Vec2::new(DOMAIN * self.width, DOMAIN * self.height)
    }
    #[inline]
    fn fixed_point(&self, rel: Vec2) -> (i64, i64) {
        let f = |v: f64| to_fixed_scaled(v, self.fixed_scale);
        (f(rel.x), f(rel.y))
    }
    #[inline]
    fn fixed_size(&self) -> (i64, i64) {
        (self.fixed_w, self.fixed_h)
    }
    #[inline]
    fn cell_at(&self, (fx, fy): (i64, i64)) -> Cell {
        Cell::new(
            floor_div(fx, self.fixed_w, self.shift_w) as i32,
            floor_div(fy, self.fixed_h, self.shift_h) as i32,
        )
    }
}

/// `floor(v / d)` for a positive `d`, which is `2^shift` unless `shift` is `u32::MAX`: a shift
/// for unit cells (the renderer's rays) and any power-of-two size.
#[inline]
fn floor_div(v: i64, d: i64, shift: u32) -> i64 {
    if shift != u32::MAX {
        v >> shift
    } else {
        v.div_euclid(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_origins_are_checked() {
        assert!(Grid::new(Vec2::ZERO, 0.0, 1.0).is_err());
        assert!(Grid::new(Vec2::ZERO, f64::NAN, 1.0).is_err());
        assert!(Grid::new(Vec2::ZERO, 1.0, 2e6).is_err());
        assert!(Grid::new(Vec2::new(f64::INFINITY, 0.0), 1.0, 1.0).is_err());
        assert_eq!(Grid::new(Vec2::ZERO, 1.0, 1.0).unwrap(), Grid::UNIT);
        let g = Grid::new(Vec2::new(-30.0, 10.0), 60.0, 24.0).unwrap();
        assert_eq!(g.cell_of(Vec2::new(-30.0, 10.0)), Cell::new(0, 0));
        assert_eq!(g.cell_of(Vec2::new(29.999, 33.999)), Cell::new(0, 0));
        assert_eq!(g.cell_of(Vec2::new(30.0, 34.0)), Cell::new(1, 1));
        assert_eq!(g.cell_of(Vec2::new(-30.001, 9.999)), Cell::new(-1, -1));
        assert_eq!(g.cell_corner(Cell::new(2, -1)), Vec2::new(90.0, -14.0));
        assert_eq!(g.cell_of(Vec2::new(f64::NAN, 0.0)), Cell::OUTSIDE);
    }

    /// A walk over the texels, read back as cells, meets the cells of the walk over the cells
    /// in the same order, corner neighbours included. (Where it passes a texel vertex on a
    /// cell's face, it lists the texels at that vertex on both sides: cells repeat.)
    #[test]
    fn a_texel_walk_lists_the_cells_walk() {
        let tiles = Grid::new(Vec2::new(-7.0, 3.0), 24.0, 16.0).unwrap();
        let texels = tiles.subdivided(8, 4).unwrap();
        let segments = [
            (Vec2::new(-5.0, 4.0), Vec2::new(90.0, 61.0)),
            (Vec2::new(17.0, 19.0), Vec2::new(-31.0, 67.0)), // through cell vertices
            (Vec2::new(40.25, 0.5), Vec2::new(-60.0, -41.75)),
        ];
        for (a, b) in segments {
            let cells: Vec<Cell> = tiles.walk_segment(a, b).map(|e| e.cell).collect();
            let mut from_texels: Vec<Cell> = Vec::new();
            for e in texels.walk_segment(a, b) {
                let cell = Cell::new(e.cell.x.div_euclid(8), e.cell.y.div_euclid(4));
                if !from_texels.contains(&cell) {
                    from_texels.push(cell);
                }
            }
            assert_eq!(from_texels, cells, "{a:?} to {b:?}");
        }
        assert!(tiles.subdivided(0, 4).is_err());
    }

    #[test]
    fn floor_division_rounds_down() {
        let sizes = [
            (1_i64 << 32, 32),
            (1 << 26, 26),
            (60 << 26, u32::MAX),
            (3, u32::MAX),
        ];
        for (d, shift) in sizes {
            for v in [-d - 1, -d, -1, 0, 1, d - 1, d, d + 1] {
                let want = (v as f64 / d as f64).floor() as i64;
                assert_eq!(floor_div(v, d, shift), want, "{v} / {d}");
            }
        }
    }
}
