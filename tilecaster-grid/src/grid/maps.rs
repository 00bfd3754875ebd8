//! Maps ready-made from plain data: a `&[bool]` with a width ([`BoolGrid`]) and rows of cells
//! (`Vec<Vec<bool>>`), so that a 2D game's own arrays need no wrapper of their own.

use super::bounds::CellRect;
use super::cell::Cell;
use super::vocab::Solidity;

/// A map over a row-major `&[bool]` (`true`: solid), `width` cells to a row, with its cell
/// `(0, 0)` at `corner` (the origin unless moved with [`BoolGrid::at`]). Solid beyond its edge,
/// as every map of this crate is ([`Solidity`]'s rule), unless made
/// [`open_beyond`](BoolGrid::open_beyond); its [`bounds`](Solidity::bounds) are its rectangle,
/// so casts stop there.
///
/// ```
/// use tilecaster_grid::grid::{cast_ray, BoolGrid, Cell};
/// use tilecaster_grid::math::Vec2;
/// let cells = [
///     false, false, true,
///     false, false, false,
/// ];
/// let map = BoolGrid::new(&cells, 3).unwrap();
/// let hit = cast_ray(&map, Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), f64::INFINITY).unwrap();
/// assert_eq!(hit.cell, Cell::new(2, 0));
/// // Row 1 is open to the edge: the edge is hit, unless the map is open beyond it.
/// assert!(cast_ray(&map, Vec2::new(0.5, 1.5), Vec2::new(1.0, 0.0), f64::INFINITY).is_some());
/// assert!(cast_ray(&map.open_beyond(), Vec2::new(0.5, 1.5), Vec2::new(1.0, 0.0), f64::INFINITY).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoolGrid<'a> {
    cells: &'a [bool],
    width: usize,
    height: usize,
    corner: Cell,
    walled: bool,
}

impl<'a> BoolGrid<'a> {
    /// `cells` as rows of `width` (`cells.len() / width` rows). `None` when `width` is 0 while
    /// there are cells, or `cells` is not whole rows, or a side exceeds `i32::MAX`.
    pub fn new(cells: &'a [bool], width: usize) -> Option<BoolGrid<'a>> {
        // Whole rows (of width 0, only when there are no cells).
        let whole = cells.len().is_multiple_of(width);
        let height = cells.len().checked_div(width).unwrap_or(0);
        let fits = i32::try_from(width).is_ok() && i32::try_from(height).is_ok();
        (whole && fits).then_some(BoolGrid {
            cells,
            width,
            height,
            corner: Cell::new(0, 0),
            walled: true,
        })
    }

    /// The same map with its first cell at `corner`.
    pub fn at(self, corner: Cell) -> BoolGrid<'a> {
        BoolGrid { corner, ..self }
    }

    /// The same map, open beyond its edge (a field with nothing around it: a cast that leaves
    /// it misses, stopping at its bounds).
    pub fn open_beyond(self) -> BoolGrid<'a> {
        BoolGrid {
            walled: false,
            ..self
        }
    }

    /// Cells to a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The map's cells as a rectangle.
    pub fn rect(&self) -> CellRect {
        CellRect::sized(self.corner, self.width as u32, self.height as u32)
    }
}

impl Solidity for BoolGrid<'_> {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        // Offsets from the corner as unsigned: a cell before it wraps to a huge index, so one
        // comparison per axis finds it outside.
        let x = cell.x.wrapping_sub(self.corner.x) as u32 as usize;
        let y = cell.y.wrapping_sub(self.corner.y) as u32 as usize;
        if x < self.width && y < self.height {
            self.cells[y * self.width + x]
        } else {
            self.walled
        }
    }

    #[inline]
    fn bounds(&self) -> Option<CellRect> {
        Some(self.rect())
    }
}

/// Rows of cells, `map[y][x]` (`true`: solid), cell `(0, 0)` first. Rows may differ in length;
/// beyond them the map is solid ([`Solidity`]'s rule), and its [`bounds`](Solidity::bounds)
/// are the longest row by the rows.
///
/// ```
/// use tilecaster_grid::grid::line_of_sight;
/// use tilecaster_grid::math::Vec2;
/// let map = vec![vec![false, true, false], vec![false, false, false]];
/// assert!(!line_of_sight(&map, Vec2::new(0.5, 0.5), Vec2::new(2.5, 0.5)));
/// assert!(line_of_sight(&map, Vec2::new(0.5, 1.5), Vec2::new(2.5, 1.5)));
/// // Beyond the rows: solid.
/// assert!(!line_of_sight(&map, Vec2::new(0.5, 1.5), Vec2::new(3.5, 1.5)));
/// ```
impl Solidity for Vec<Vec<bool>> {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        let (Ok(x), Ok(y)) = (usize::try_from(cell.x), usize::try_from(cell.y)) else {
            return true;
        };
        self.get(y)
            .and_then(|row| row.get(x))
            .copied()
            .unwrap_or(true)
    }

    fn bounds(&self) -> Option<CellRect> {
        let width = self.iter().map(Vec::len).max().unwrap_or(0);
        let side = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Some(CellRect::sized(
            Cell::new(0, 0),
            side(width),
            side(self.len()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{cast_ray, cast_segment};
    use crate::math::Vec2;

    #[test]
    fn bool_grids_check_their_shape() {
        assert!(BoolGrid::new(&[true; 6], 4).is_none());
        assert!(BoolGrid::new(&[true; 6], 0).is_none());
        let empty = BoolGrid::new(&[], 0).unwrap();
        assert_eq!((empty.width(), empty.height()), (0, 0));
        assert!(empty.is_solid(Cell::new(0, 0)));
        assert!(!empty.open_beyond().is_solid(Cell::new(0, 0)));
    }

    #[test]
    fn a_moved_grid_answers_at_its_corner() {
        let cells = [true, false, false, true];
        let map = BoolGrid::new(&cells, 2).unwrap().at(Cell::new(-10, 5));
        assert!(map.is_solid(Cell::new(-10, 5)) && map.is_solid(Cell::new(-9, 6)));
        assert!(!map.is_solid(Cell::new(-9, 5)) && map.is_solid(Cell::new(0, 0)));
        assert!(!map.open_beyond().is_solid(Cell::new(0, 0)));
        assert_eq!(map.bounds(), Some(CellRect::new(-10, 5, -8, 7)));
        // From far outside: in the solid beyond it at once; open beyond, as far as its cell.
        let from = |map: &BoolGrid| {
            let hit = cast_ray(
                map,
                Vec2::new(-30.5, 6.5),
                Vec2::new(1.0, 0.0),
                f64::INFINITY,
            );
            hit.map(|h| (h.cell, h.face.is_some()))
        };
        assert_eq!(from(&map), Some((Cell::new(-31, 6), false)));
        assert_eq!(from(&map.open_beyond()), Some((Cell::new(-9, 6), true)));
    }

    /// A missed cast stops at the map's bounds, whichever way it is asked; one with no limit
    /// over a map without bounds stops UNBOUNDED_REACH cells on (counted, not timed).
    #[test]
    fn misses_stop_at_the_bounds_or_the_reach() {
        use crate::grid::{UNBOUNDED_REACH, Walk};
        let cells = [false; 64];
        let map = BoolGrid::new(&cells, 8).unwrap().open_beyond();
        let (o, d) = (Vec2::new(3.5, 3.5), Vec2::new(1.0, 0.3));
        assert!(cast_ray(&map, o, d, f64::INFINITY).is_none());
        let mut walked = 0;
        let hit = Walk::ray(o, d, f64::INFINITY).first_hit_visiting(&map, |_, _| walked += 1);
        assert!(hit.is_none() && walked <= 12, "{walked} cells");
        let asked = std::cell::Cell::new(0_u64);
        let open = |_: Cell| {
            asked.set(asked.get() + 1);
            false
        };
        assert!(cast_ray(&open, o, d, f64::INFINITY).is_none());
        let reach = u64::from(UNBOUNDED_REACH);
        assert!(
            (reach..2 * reach).contains(&asked.get()),
            "{} cells",
            asked.get()
        );
        // A limit of the caller's own is kept, however far.
        asked.set(0);
        assert!(cast_ray(&open, o, Vec2::new(1.0, 0.0), 100_000.0).is_none());
        assert_eq!(asked.get(), 100_001);
    }

    /// A map chosen at run time, boxed or shared, answers as itself, bounds and shapes too.
    #[test]
    fn boxed_maps_forward_every_question() {
        use crate::grid::Mask;
        use std::rc::Rc;
        use std::sync::Arc;
        struct Pillar(Mask);
        impl Solidity for Pillar {
            fn is_solid(&self, c: Cell) -> bool {
                c == Cell::new(2, 0)
            }
            fn shape(&self, c: Cell) -> Option<&Mask> {
                (c == Cell::new(2, 0)).then_some(&self.0)
            }
            fn bounds(&self) -> Option<CellRect> {
                Some(CellRect::new(0, 0, 4, 1))
            }
        }
        let round = || {
            Pillar(Mask::new(8, |x, y| (x as i32 - 4).pow(2) + (y as i32 - 4).pow(2) < 9).unwrap())
        };
        let (o, d) = (Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0));
        let want = cast_ray(&round(), o, d, f64::INFINITY);
        assert!(want.is_some_and(|h| h.texel.is_some()));
        let boxed: Box<dyn Solidity> = Box::new(round());
        let shared: Rc<dyn Solidity> = Rc::new(round());
        let threads: Arc<dyn Solidity + Send + Sync> = Arc::new(round());
        let plain = round();
        let by_ref: &dyn Solidity = &plain;
        assert_eq!(cast_ray(&boxed, o, d, f64::INFINITY), want);
        assert_eq!(cast_ray(&shared, o, d, f64::INFINITY), want);
        assert_eq!(cast_ray(&threads, o, d, f64::INFINITY), want);
        assert_eq!(cast_ray(&by_ref, o, d, f64::INFINITY), want);
        assert_eq!(boxed.bounds(), Some(CellRect::new(0, 0, 4, 1)));
    }

    #[test]
    fn rows_of_cells_answer_like_the_flat_grid() {
        let rows = vec![vec![false, true, false, false], vec![false, false, true]];
        // The short row's missing cell is beyond it: solid.
        let flat = [false, true, false, false, false, false, true, true];
        let grid = BoolGrid::new(&flat, 4).unwrap();
        assert_eq!(rows.bounds(), grid.bounds());
        for y in -1..3 {
            for x in -1..5 {
                let c = Cell::new(x, y);
                assert_eq!(rows.is_solid(c), grid.is_solid(c), "{c}");
            }
        }
        let (a, b) = (Vec2::new(0.2, 1.7), Vec2::new(3.9, 0.1));
        assert_eq!(cast_segment(&rows, a, b), cast_segment(&grid, a, b));
    }
}
