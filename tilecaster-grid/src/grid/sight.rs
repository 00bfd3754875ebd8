//! Sight between cells and from one point to many: a roguelike's field of view with the
//! traversal's corner rule, and line of sight to a list of targets.

use super::bounds::CellRect;
use super::cell::{Cell, Face};
use super::line_of_sight;
use super::units::Grid;
use super::vocab::Solidity;
use crate::math::Vec2;

/// The largest radius [`field_of_view`] looks to, in cells.
pub const MAX_VIEW_RADIUS: u32 = 512;

/// The cells seen from the centre of cell `viewer` within `radius` cells (centre to centre),
/// row by row: a roguelike's field of view, with the traversal's rules.
///
/// - An open cell is seen when [`line_of_sight`] joins the two cells' centres: through a
///   grid vertex only where the two cells beside it are not both solid. So it is
///   **symmetric**: open cell `b` is in `a`'s view exactly when `a` is in `b`'s.
/// - A solid cell is seen when an open cell beside it (across a face) is, and that face
///   faces the viewer: the walls around what you see, without the backs of walls.
/// - A solid `viewer` sees only itself; the viewer is always first.
///
/// Cost: about `π r²` lines of sight of up to `r` cells each; `radius` is capped at
/// [`MAX_VIEW_RADIUS`] (512 cells: some 0.8 million lines of sight).
///
/// ```
/// use tilecaster_grid::grid::{field_of_view, Cell};
/// // A pillar at (2, 0) hides (3, 0) and (4, 0) from (0, 0).
/// let pillar = |c: Cell| c == Cell::new(2, 0);
/// let seen = field_of_view(&pillar, Cell::new(0, 0), 5.0);
/// assert!(seen.contains(&Cell::new(2, 0)) && seen.contains(&Cell::new(4, 2)));
/// assert!(!seen.contains(&Cell::new(3, 0)) && !seen.contains(&Cell::new(4, 0)));
/// ```
pub fn field_of_view<S: Solidity + ?Sized>(solid: &S, viewer: Cell, radius: f64) -> Vec<Cell> {
    let mut seen = vec![viewer];
    if solid.is_solid(viewer) || radius.is_nan() || radius < 1.0 {
        return seen;
    }
    let r = radius.min(f64::from(MAX_VIEW_RADIUS));
    let reach = r.floor() as i64;
    let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    let mut area = CellRect::new(
        clamp(i64::from(viewer.x) - reach),
        clamp(i64::from(viewer.y) - reach),
        clamp(i64::from(viewer.x) + reach + 1),
        clamp(i64::from(viewer.y) + reach + 1),
    );
    if let Some(bounds) = solid.bounds() {
        // Beyond a map's bounds nothing is solid, but nothing is there to see either.
        area = CellRect::new(
            area.x0.max(bounds.x0),
            area.y0.max(bounds.y0),
            area.x1.min(bounds.x1),
            area.y1.min(bounds.y1),
        );
    }
    let centre = |c: Cell| Vec2::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    let within = |c: Cell| {
        let (dx, dy) = (
            f64::from(c.x) - f64::from(viewer.x),
            f64::from(c.y) - f64::from(viewer.y),
        );
        dx * dx + dy * dy <= r * r
    };
    // Every open cell's answer first, each line of sight cast once: a wall then reads its
    // neighbours' instead of casting them again.
    let index = |c: Cell| {
        let (x, y) = (
            i64::from(c.x) - i64::from(area.x0),
            i64::from(c.y) - i64::from(area.y0),
        );
        (y * i64::from(area.width()) + x) as usize
    };
    let open_seen: Vec<bool> = area
        .cells()
        .map(|c| {
            c == viewer
                || (within(c)
                    && !solid.is_solid(c)
                    && line_of_sight(solid, centre(viewer), centre(c)))
        })
        .collect();
    let seen_open = |c: Cell| area.contains(c) && open_seen[index(c)];
    for cell in area.cells() {
        if cell == viewer || !within(cell) {
            continue;
        }
        let visible = if solid.is_solid(cell) {
            [Face::North, Face::South, Face::East, Face::West]
                .into_iter()
                .any(|face| {
                    let n = face.normal();
                    let beside = Cell::new(cell.x + n.x as i32, cell.y + n.y as i32);
                    let towards = (centre(viewer) - centre(cell)).dot(n) > 0.0;
                    towards && seen_open(beside)
                })
        } else {
            open_seen[index(cell)]
        };
        if visible {
            seen.push(cell);
        }
    }
    seen
}

/// Line of sight from `from` to each of `targets`, in order: one answer per target, each
/// exactly [`line_of_sight`]'s (so symmetric likewise). An enemy checking the players, a light
/// checking the actors near it.
///
/// Cost: one [`line_of_sight`] per target, done as the iterator is read. No allocation.
///
/// ```
/// use tilecaster_grid::grid::{lines_of_sight, Cell};
/// use tilecaster_grid::math::Vec2;
/// let wall = |c: Cell| c.x == 3;
/// let seen: Vec<bool> =
///     lines_of_sight(&wall, Vec2::new(0.5, 0.5), &[Vec2::new(2.5, 4.5), Vec2::new(5.5, 0.5)]).collect();
/// assert_eq!(seen, [true, false]);
/// ```
pub fn lines_of_sight<'a, S: Solidity + ?Sized>(
    solid: &'a S,
    from: impl Into<Vec2>,
    targets: &'a [Vec2],
) -> impl Iterator<Item = bool> + 'a {
    let from = from.into();
    targets.iter().map(move |&t| line_of_sight(solid, from, t))
}

impl Grid {
    /// [`lines_of_sight`] in this grid's units.
    pub fn lines_of_sight<'a, S: Solidity + ?Sized>(
        &'a self,
        solid: &'a S,
        from: impl Into<Vec2>,
        targets: &'a [Vec2],
    ) -> impl Iterator<Item = bool> + 'a {
        let from = from.into();
        targets
            .iter()
            .map(move |&t| self.line_of_sight(solid, from, t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cave of pillars and walls from a fixed pseudo-random pattern.
    fn cave(c: Cell) -> bool {
        let h = (c.x.wrapping_mul(73_856_093) ^ c.y.wrapping_mul(19_349_663)) as u32;
        c.x.abs() > 12 || c.y.abs() > 12 || h.is_multiple_of(5)
    }

    #[test]
    fn open_cells_see_each_other_both_ways() {
        let open: Vec<Cell> = CellRect::new(-12, -12, 13, 13)
            .cells()
            .filter(|&c| !cave(c))
            .collect();
        let views: Vec<Vec<Cell>> = open.iter().map(|&c| field_of_view(&cave, c, 9.0)).collect();
        let mut pairs = 0;
        for (i, a) in open.iter().enumerate() {
            for b in views[i].iter().filter(|b| !cave(**b)) {
                let j = open
                    .binary_search_by(|c| (c.y, c.x).cmp(&(b.y, b.x)))
                    .unwrap();
                assert!(views[j].contains(a), "{a} sees {b}, not back");
                pairs += 1;
            }
        }
        assert!(pairs > 10_000, "{pairs} pairs");
    }

    #[test]
    fn diagonal_walls_block_and_backs_of_walls_are_not_seen() {
        // Two walls touching at a corner between (0, 0) and (1, 1).
        let diagonal = |c: Cell| c == Cell::new(1, 0) || c == Cell::new(0, 1);
        let seen = field_of_view(&diagonal, Cell::new(0, 0), 3.0);
        assert!(!seen.contains(&Cell::new(1, 1)) && !seen.contains(&Cell::new(2, 2)));
        assert!(seen.contains(&Cell::new(1, 0)) && seen.contains(&Cell::new(0, 1)));
        // A wall row at y = 2 seen from above: its north faces only.
        let row = |c: Cell| c.y == 2;
        let seen = field_of_view(&row, Cell::new(0, 0), 5.0);
        assert!(seen.contains(&Cell::new(3, 2)));
        assert!(seen.iter().all(|c| c.y <= 2));
        // Corridor walls far along stay seen (their faces towards the viewer are).
        let corridor = |c: Cell| c.y != 0;
        let seen = field_of_view(&corridor, Cell::new(0, 0), 12.0);
        assert!(seen.contains(&Cell::new(11, 1)) && seen.contains(&Cell::new(-11, -1)));
        // A solid viewer sees itself alone.
        assert_eq!(field_of_view(&row, Cell::new(0, 2), 5.0), [Cell::new(0, 2)]);
    }

    #[test]
    fn many_targets_answer_as_one_at_a_time() {
        let from = Vec2::new(0.5, 1.5);
        assert!(!cave(Cell::new(0, 1)));
        let targets: Vec<Vec2> = (0..200)
            .map(|i| Vec2::new(f64::from(i % 20) - 9.7, f64::from(i / 20) * 1.3 - 6.1))
            .collect();
        let many: Vec<bool> = lines_of_sight(&cave, from, &targets).collect();
        let one: Vec<bool> = targets
            .iter()
            .map(|&t| line_of_sight(&cave, from, t))
            .collect();
        assert_eq!(many, one);
        assert!(many.iter().any(|&s| s) && many.iter().any(|&s| !s));
        let pixels = Grid::new(Vec2::ZERO, 16.0, 16.0).unwrap();
        let scaled: Vec<Vec2> = targets.iter().map(|&t| t * 16.0).collect();
        let in_pixels: Vec<bool> = pixels.lines_of_sight(&cave, from * 16.0, &scaled).collect();
        assert_eq!(in_pixels, one);
    }
}
