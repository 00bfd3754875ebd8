//! Sight between cells and from one point to many: a roguelike's field of view with the
//! traversal's corner rule, and line of sight to a list of targets.

use super::bounds::CellRect;
use super::cell::{Cell, Face};
use super::line_of_sight;
use super::vocab::Solidity;
use crate::math::Vec2;

/// The largest radius [`field_of_view`] looks to, in cells.
pub const MAX_VIEW_RADIUS: u32 = 512;

/// The cells seen from the centre of cell `viewer` within `radius` cells (centre to centre),
/// row by row, the viewer first: a roguelike's field of view, with the traversal's rules and
/// [`Sight::Centres`]'s (exact and symmetric). [`FieldOfView`] computes it into a bitmap kept
/// between calls, with a choice of rule.
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
/// - A solid `viewer` sees only itself.
///
/// Cost: about `π r²` lines of sight of up to `r` cells each, and for each wall beside an open
/// cell a ray or a few more; `radius` is capped at [`MAX_VIEW_RADIUS`] (512 cells: some 0.8
/// million lines of sight). Allocates the list ([`FieldOfView`] does not, once grown).
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
    let mut view = FieldOfView::default();
    view.compute(solid, viewer, radius, Sight::Centres);
    std::iter::once(viewer)
        .chain(view.cells().filter(|&c| c != viewer))
        .collect()
}

/// Which open cells a field of view holds (walls follow one rule: seen when some point of them
/// is, see [`field_of_view`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sight {
    /// An open cell is seen when a line of sight joins its centre to the viewer's: exact and
    /// symmetric (what `b` sees of `a`, `a` sees of `b`), the strict rule of [`field_of_view`].
    #[default]
    Centres,
    /// An open cell is seen when some point inside it is visible from the viewer's centre
    /// (a corner or a side touched alone is not): exact and permissive (the cells a player
    /// sees part of), not symmetric.
    AnyPoint,
}

/// A field of view kept from call to call: the cells seen from a viewer within a radius, as a
/// bitmap over the square around the viewer. Computed again it allocates nothing once its
/// bitmap has grown to the largest square asked for (a monster's view every turn).
///
/// ```
/// use tilecaster_grid::grid::{Cell, FieldOfView, Sight};
/// // A pillar at (2, 0): from (0, 0) the centre of (3, 1) is hidden, a part of it is not.
/// let pillar = |c: Cell| c == Cell::new(2, 0);
/// let mut view = FieldOfView::default();
/// view.compute(&pillar, Cell::new(0, 0), 5.0, Sight::Centres);
/// assert!(view.is_seen(Cell::new(2, 0)) && !view.is_seen(Cell::new(3, 0)));
/// let strict = view.cells().count();
/// view.compute(&pillar, Cell::new(0, 0), 5.0, Sight::AnyPoint);
/// assert!(view.cells().count() >= strict);
/// ```
#[derive(Clone, Debug)]
pub struct FieldOfView {
    viewer: Cell,
    /// The square looked over (the viewer's radius around it, within the map's bounds).
    area: CellRect,
    /// A bit a cell of `area`, row-major.
    bits: Vec<u64>,
}

impl Default for FieldOfView {
    /// A view of nothing yet.
    fn default() -> FieldOfView {
        FieldOfView {
            viewer: Cell::new(0, 0),
            area: CellRect::new(0, 0, 0, 0),
            bits: Vec::new(),
        }
    }
}

impl FieldOfView {
    /// Works out what the centre of cell `viewer` sees within `radius` cells (centre to
    /// centre) by `rule`, into this view's bitmap. Cost: as [`field_of_view`]; the
    /// permissive rule casts a ray or a few for each open cell instead of one line of sight.
    pub fn compute<S: Solidity + ?Sized>(
        &mut self,
        solid: &S,
        viewer: Cell,
        radius: f64,
        rule: Sight,
    ) {
        self.viewer = viewer;
        self.area = CellRect::new(
            viewer.x,
            viewer.y,
            viewer.x.saturating_add(1),
            viewer.y.saturating_add(1),
        );
        self.bits.clear();
        self.bits.push(1);
        if solid.is_solid(viewer) || radius.is_nan() || radius < 1.0 {
            return;
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
            // Beyond a map's bounds nothing is there to see.
            area = CellRect::new(
                area.x0.max(bounds.x0),
                area.y0.max(bounds.y0),
                area.x1.min(bounds.x1),
                area.y1.min(bounds.y1),
            );
        }
        self.area = area;
        let count = area.width() as usize * area.height() as usize;
        self.bits.clear();
        self.bits.resize(count.div_ceil(64), 0);
        let eye = viewer.centre();
        let within = |c: Cell| {
            let (dx, dy) = (
                f64::from(c.x) - f64::from(viewer.x),
                f64::from(c.y) - f64::from(viewer.y),
            );
            dx * dx + dy * dy <= r * r
        };
        for (k, cell) in area.cells().enumerate() {
            let seen = cell == viewer
                || within(cell)
                    && if solid.is_solid(cell) {
                        // A wall with no open cell beside it has no face a ray can reach.
                        let faced = [Face::North, Face::South, Face::East, Face::West]
                            .into_iter()
                            .any(|face| {
                                let n = face.normal();
                                let beside = Cell::new(cell.x + n.x as i32, cell.y + n.y as i32);
                                !solid.is_solid(beside)
                            });
                        faced && seen_from(solid, eye, cell, true)
                    } else {
                        match rule {
                            Sight::Centres => line_of_sight(solid, eye, cell.centre()),
                            Sight::AnyPoint => seen_from(solid, eye, cell, false),
                        }
                    };
            if seen {
                self.bits[k / 64] |= 1 << (k % 64);
            }
        }
    }

    /// Whether `cell` was seen.
    pub fn is_seen(&self, cell: Cell) -> bool {
        if !self.area.contains(cell) {
            return false;
        }
        let k = (cell.y - self.area.y0) as usize * self.area.width() as usize
            + (cell.x - self.area.x0) as usize;
        self.bits
            .get(k / 64)
            .is_some_and(|b| b & (1 << (k % 64)) != 0)
    }

    /// The cells seen, row by row (the viewer among them, where it stands).
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.area.cells().filter(|&c| self.is_seen(c))
    }

    /// The square the view was worked out over (cells outside it are not seen).
    pub fn area(&self) -> CellRect {
        self.area
    }

    /// The viewer's cell.
    pub fn viewer(&self) -> Cell {
        self.viewer
    }
}

/// Whether some point of `target` is seen from `eye` (outside it): a ray from `eye` reaches it
/// before any solid cell (`solid_target`: the target itself is solid, and the ray's first solid
/// cell is it). The directions `target` spans are searched: a ray through the middle of a span
/// either reaches it (seen), or stops at a cell in front, whose directions (a square's, all in
/// front of the target where both are crossed: two convex cells apart never hide each other in
/// turn) are taken from the span. What is left of a span at a cell's edge is the ray grazing
/// its corner, which may pass (the traversal's corner rule decides): the rays aimed exactly at
/// the two corners that bound each cell found are cast too, so that a target seen only along
/// such a ray, between two cells, is seen.
fn seen_from<S: Solidity + ?Sized>(solid: &S, eye: Vec2, target: Cell, solid_target: bool) -> bool {
    let centre = target.centre();
    let base = (centre - eye).y.atan2((centre - eye).x);
    // Directions relative to the target's centre's, in (-π, π].
    let relative = |p: Vec2| {
        let a = (p - eye).y.atan2((p - eye).x) - base;
        (a + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI
    };
    let corners = |c: Cell| {
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .map(|(dx, dy)| Vec2::new(f64::from(c.x + dx), f64::from(c.y + dy)))
    };
    // A cell's directions, and the corners at their ends.
    let span = |c: Cell| {
        let mut ends = ((f64::INFINITY, Vec2::ZERO), (f64::NEG_INFINITY, Vec2::ZERO));
        for p in corners(c) {
            let a = relative(p);
            if a < ends.0.0 {
                ends.0 = (a, p);
            }
            if a > ends.1.0 {
                ends.1 = (a, p);
            }
        }
        ends
    };
    let (x0, y0) = (f64::from(target.x), f64::from(target.y));
    let far = (centre - eye).length() + 1.0;
    // The ray along `d` (any length): `Ok` where it reaches the target first, else the solid
    // cell it stops at (`None`: none, or it misses the target).
    let reaches = |d: Vec2| -> Result<(), Option<Cell>> {
        let length = d.length();
        if length.is_nan() || length <= 0.0 {
            return Err(None);
        }
        if solid_target {
            return match super::cast_ray(solid, eye, d, far / length) {
                Some(hit) if hit.cell == target => Ok(()),
                hit => Err(hit.map(|h| h.cell)),
            };
        }
        // Where it enters the target's square, in units of `d`.
        let slab = |o: f64, d: f64, lo: f64| {
            let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
            (a.min(b), a.max(b))
        };
        let (ax, bx) = slab(eye.x, d.x, x0);
        let (ay, by) = slab(eye.y, d.y, y0);
        let (enter, leave) = (ax.max(ay), bx.min(by));
        // Through its inside (a ray touching a corner or running along a side sees no point
        // of it), a hair in with nothing solid on the way: seen.
        if enter.is_nan() || leave.is_nan() || enter >= leave {
            return Err(None);
        }
        match super::cast_ray(solid, eye, d, enter + (leave - enter).min(1e-9)) {
            None => Ok(()),
            Some(hit) => Err(Some(hit.cell)),
        }
    };
    let ((lo, _), (hi, _)) = span(target);
    let mut open = vec![(lo, hi)];
    // Each pass takes a cell's directions away or ends; the cap only guards against rounding.
    for _ in 0..4096 {
        let Some((lo, hi)) = open.pop() else {
            return false;
        };
        if hi - lo < 1e-12 {
            continue;
        }
        let mid = (lo + hi) / 2.0;
        match reaches(Vec2::new((base + mid).cos(), (base + mid).sin())) {
            Ok(()) => return true,
            Err(Some(cell)) if span(cell).0.0 < mid && mid < span(cell).1.0 => {
                let ((b0, c0), (b1, c1)) = span(cell);
                for (b, corner) in [(b0, c0), (b1, c1)] {
                    if (lo..=hi).contains(&b) && reaches(corner - eye).is_ok() {
                        return true;
                    }
                }
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
            let eye = viewer.centre();
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

    /// Whether a line of sight from `eye` reaches one of `n` x `n` points inside `cell` (the
    /// centres of as many small squares: half a square from its sides).
    fn sampled(eye: Vec2, cell: Cell, n: u32) -> bool {
        let at = |i: u32| (f64::from(i) + 0.5) / f64::from(n);
        (0..n).any(|i| {
            (0..n).any(|j| {
                let p = Vec2::new(f64::from(cell.x) + at(i), f64::from(cell.y) + at(j));
                line_of_sight(&cave, eye, p)
            })
        })
    }

    /// The permissive rule lists an open cell when some point inside it is visible: every cell
    /// of which one of 32 x 32 points is seen is listed, and every cell listed has a point seen
    /// among 32 x 32, or (a sliver) among 512 x 512. It holds every cell the strict rule does,
    /// and its bitmap is reused: computing again allocates nothing.
    #[test]
    fn any_point_of_a_cell_seen_lists_it() {
        let mut view = FieldOfView::default();
        let mut strict = FieldOfView::default();
        let (mut more, mut cells, mut slivers) = (0, 0, 0);
        for viewer in [
            Cell::new(0, 0),
            Cell::new(-5, 3),
            Cell::new(4, -6),
            Cell::new(7, 7),
        ] {
            if cave(viewer) {
                continue;
            }
            let eye = viewer.centre();
            view.compute(&cave, viewer, 8.0, Sight::AnyPoint);
            strict.compute(&cave, viewer, 8.0, Sight::Centres);
            for cell in view.area().cells().filter(|&c| !cave(c) && c != viewer) {
                let (dx, dy) = (cell.x - viewer.x, cell.y - viewer.y);
                if dx * dx + dy * dy > 64 {
                    continue;
                }
                let seen = view.is_seen(cell);
                let coarse = sampled(eye, cell, 32);
                if coarse {
                    assert!(seen, "{viewer} sees part of {cell}: not listed");
                } else if seen {
                    assert!(
                        sampled(eye, cell, 512),
                        "{viewer}: {cell} listed, no point seen"
                    );
                    slivers += 1;
                }
                if strict.is_seen(cell) {
                    assert!(seen, "{viewer}: {cell} strictly, not permissively");
                }
                more += usize::from(seen && !strict.is_seen(cell));
                cells += usize::from(seen);
            }
        }
        assert!(
            more > 5 && cells > 100,
            "{more} more of {cells} ({slivers} slivers)"
        );
        let before = (view.bits.as_ptr(), view.bits.capacity());
        view.compute(&cave, Cell::new(0, 0), 8.0, Sight::AnyPoint);
        view.compute(&cave, Cell::new(0, 0), 3.0, Sight::Centres);
        assert_eq!(
            (view.bits.as_ptr(), view.bits.capacity()),
            before,
            "reallocated"
        );
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
}
