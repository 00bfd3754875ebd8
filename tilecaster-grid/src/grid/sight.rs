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
/// - A solid cell is seen when some point of it is: a ray from the viewer's centre reaches it
///   before any other solid cell. Worked out exactly, by directions: those the cell spans,
///   less those of each solid cell a ray finds in front of it, until a ray reaches it or no
///   direction is left (a shaped cell in front counts whole: a wall seen only through a
///   grate's holes is not listed). So the walls around what you see, and never a wall no
///   point of which can be seen (nor the backs of walls).
/// - A solid `viewer` sees only itself; the viewer is always first.
///
/// Cost: about `π r²` lines of sight of up to `r` cells each, and for each wall beside an open
/// cell a ray or a few more; `radius` is capped at [`MAX_VIEW_RADIUS`] (512 cells: some 0.8
/// million lines of sight).
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
    for cell in area.cells() {
        if cell == viewer || !within(cell) {
            continue;
        }
        let visible = if solid.is_solid(cell) {
            // A wall with no open cell beside it has no face a ray can reach.
            let faced = [Face::North, Face::South, Face::East, Face::West]
                .into_iter()
                .any(|face| {
                    let n = face.normal();
                    let beside = Cell::new(cell.x + n.x as i32, cell.y + n.y as i32);
                    !solid.is_solid(beside)
                });
            faced && wall_seen(solid, centre(viewer), cell)
        } else {
            open_seen[index(cell)]
        };
        if visible {
            seen.push(cell);
        }
    }
    seen
}

/// Whether some point of the solid cell `wall` is seen from `eye` (outside it): a ray from
/// `eye` reaches it before any other solid cell. The directions `wall` spans are searched: a
/// ray through the middle of a span either reaches `wall` (seen), or stops at a cell in front,
/// whose directions (a square's, all in front of `wall` where both are crossed: two convex
/// cells apart never hide each other in turn) are taken from the span. Spans narrower than a
/// ray's rounding are dropped: only a grazing ray between cells could see through them, and
/// the traversal's corner rule stops that.
fn wall_seen<S: Solidity + ?Sized>(solid: &S, eye: Vec2, wall: Cell) -> bool {
    let centre = Vec2::new(f64::from(wall.x) + 0.5, f64::from(wall.y) + 0.5);
    let base = (centre - eye).y.atan2((centre - eye).x);
    // Directions relative to the wall's centre's, in (-π, π].
    let relative = |p: Vec2| {
        let a = (p - eye).y.atan2((p - eye).x) - base;
        (a + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI
    };
    let span = |c: Cell| {
        let corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .map(|(dx, dy)| relative(Vec2::new(f64::from(c.x + dx), f64::from(c.y + dy))));
        corners
            .into_iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), a| {
                (lo.min(a), hi.max(a))
            })
    };
    let reach = (centre - eye).length() + 1.0;
    let mut open = vec![span(wall)];
    // Each pass takes a cell's directions away or ends; the cap only guards against rounding.
    for _ in 0..4096 {
        let Some((lo, hi)) = open.pop() else {
            return false;
        };
        if hi - lo < 1e-12 {
            continue;
        }
        let mid = (lo + hi) / 2.0;
        let dir = Vec2::new((base + mid).cos(), (base + mid).sin());
        match super::cast_ray(solid, eye, dir, reach) {
            Some(hit) if hit.cell == wall => return true,
            Some(hit) if span(hit.cell).0 < mid && mid < span(hit.cell).1 => {
                let (b0, b1) = span(hit.cell);
                if b0 > lo {
                    open.push((lo, b0));
                }
                if b1 < hi {
                    open.push((b1, hi));
                }
            }
            // A ray through a corner (the hit named across it), or none: step past the ray.
            _ => {
                open.push((lo, mid - 1e-12));
                open.push((mid + 1e-12, hi));
            }
        }
    }
    false
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

    /// A wall is listed exactly when some point of it can be seen: the case where the old
    /// rule listed a wall hidden behind others, and every wall of the cave against many
    /// points on its faces (a point seen: listed; listed: a point seen).
    #[test]
    fn walls_are_listed_exactly_when_a_point_of_them_is_seen() {
        let walls = [(15, 16), (12, 17), (16, 17), (15, 18)].map(|(x, y)| Cell::new(x, y));
        let few = |c: Cell| walls.contains(&c);
        let seen = field_of_view(&few, Cell::new(7, 19), 10.0);
        assert!(
            !seen.contains(&Cell::new(15, 16)),
            "hidden behind (12, 17) and (15, 18)"
        );
        assert!(seen.contains(&Cell::new(12, 17)) && seen.contains(&Cell::new(15, 18)));
        // A point of a wall seen: a point a hair off one of its faces, outside it, that the
        // viewer's centre has a line of sight to (1,000 a face).
        let sampled = |eye: Vec2, wall: Cell| {
            [Face::North, Face::South, Face::East, Face::West]
                .into_iter()
                .any(|face| {
                    let n = face.normal();
                    let (x, y) = (f64::from(wall.x), f64::from(wall.y));
                    (0..1000).any(|k| {
                        let t = (f64::from(k) + 0.5) / 1000.0;
                        let on = match face {
                            Face::West => Vec2::new(x, y + t),
                            Face::East => Vec2::new(x + 1.0, y + t),
                            Face::North => Vec2::new(x + t, y),
                            Face::South => Vec2::new(x + t, y + 1.0),
                        };
                        let off = on + n * 1e-6;
                        !cave(Cell::containing(off)) && line_of_sight(&cave, eye, off)
                    })
                })
        };
        let mut listed = 0;
        for viewer in [
            Cell::new(0, 0),
            Cell::new(-5, 3),
            Cell::new(4, -6),
            Cell::new(7, 7),
        ] {
            if cave(viewer) {
                continue;
            }
            let eye = Vec2::new(f64::from(viewer.x) + 0.5, f64::from(viewer.y) + 0.5);
            let view = field_of_view(&cave, viewer, 8.0);
            for wall in CellRect::new(-9, -9, 17, 17).cells().filter(|&c| cave(c)) {
                let (dx, dy) = (wall.x - viewer.x, wall.y - viewer.y);
                if dx * dx + dy * dy > 64 {
                    continue;
                }
                let is_listed = view.contains(&wall);
                assert_eq!(is_listed, sampled(eye, wall), "{viewer} and wall {wall}");
                listed += usize::from(is_listed);
            }
        }
        assert!(listed > 40, "{listed} walls listed");
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
