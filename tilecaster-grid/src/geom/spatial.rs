//! A uniform-grid spatial hash for moving circles (enemies, the player, barrels), bucketed on
//! the map's own cells so that the one traversal engine finds the candidates along a ray.

use std::collections::HashMap;

use super::{Vec2, ray_circle};
use crate::grid::{Cell, CellRect, Grid};

/// Circles registered in every cell their bounding box touches. Rebuilt each tick with
/// [`SpatialHash::clear`] and [`SpatialHash::insert`], which keep the buckets' memory.
/// Its buckets are the cells of a [`Grid`] in your units ([`SpatialHash::new`]; unit cells
/// by default), so that a game in pixels buckets by its tiles.
///
/// ```
/// use tilecaster_grid::geom::SpatialHash;
/// use tilecaster_grid::math::Vec2;
/// let mut hash = SpatialHash::default();
/// hash.insert(7, Vec2::new(5.5, 0.5), 0.3);
/// // The ray along y = 0.5 meets circle 7 at x = 5.2.
/// let hit = hash.first_along_ray(Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), 10.0, |_| true);
/// assert_eq!(hit.map(|(id, _)| id), Some(7));
/// ```
#[derive(Clone, Debug)]
pub struct SpatialHash {
    grid: Grid,
    buckets: HashMap<Cell, Vec<usize>>,
    circles: Vec<(usize, Vec2, f64)>,
    /// The circles too large for buckets (over [`LARGE`] cells), looked at by every query.
    large: Vec<usize>,
    /// The cells any bucketed circle touches: a ray walks no further than it.
    extent: CellRect,
}

/// The most cells a circle is bucketed in; a larger one is kept aside and looked at by every
/// query, so that a huge radius costs a comparison, not billions of buckets.
const LARGE: u64 = 4096;

/// The cells in a rectangle.
fn area(rect: CellRect) -> u64 {
    u64::from(rect.width()) * u64::from(rect.height())
}

impl Default for SpatialHash {
    fn default() -> SpatialHash {
        SpatialHash::new(Grid::UNIT)
    }
}

impl SpatialHash {
    /// An empty hash bucketed by `grid`'s cells (a 2D game's tiles, in pixels).
    ///
    /// ```
    /// use tilecaster_grid::geom::SpatialHash;
    /// use tilecaster_grid::math::Vec2;
    /// use tilecaster_grid::grid::Grid;
    /// let tiles = Grid::new(Vec2::ZERO, 60.0, 60.0).unwrap();
    /// let mut hash = SpatialHash::new(tiles);
    /// hash.insert(1, Vec2::new(400.0, 90.0), 16.0);
    /// let hit = hash.first_along_ray(Vec2::new(30.0, 90.0), Vec2::new(1.0, 0.0), f64::INFINITY, |_| true);
    /// assert_eq!(hit, Some((1, 354.0)));
    /// ```
    pub fn new(grid: Grid) -> SpatialHash {
        SpatialHash {
            grid,
            buckets: HashMap::new(),
            circles: Vec::new(),
            large: Vec::new(),
            extent: CellRect::new(0, 0, 0, 0),
        }
    }

    /// The grid whose cells are the buckets.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Empties every bucket (keeping their memory).
    pub fn clear(&mut self) {
        for bucket in self.buckets.values_mut() {
            bucket.clear();
        }
        self.circles.clear();
        self.large.clear();
        self.extent = CellRect::new(0, 0, 0, 0);
    }

    /// Registers circle `id` at `centre` with `radius`; whether it was: a circle that is no
    /// number (NaN or infinite centre or radius) or of a radius below zero is not, and the
    /// answer says so. A circle reaching beyond the traversal's domain is kept (as a large
    /// one, looked at by every query) over the cells it covers within the domain.
    ///
    /// Cost: one bucket per cell the circle covers (200 small circles in about 11 us).
    pub fn insert(&mut self, id: usize, centre: impl Into<Vec2>, radius: f64) -> bool {
        let centre = centre.into();
        if !(centre.is_finite() && radius.is_finite() && radius >= 0.0) {
            return false;
        }
        let cells = self.cells_under(centre, radius);
        if cells.is_empty() {
            // Wholly beyond the domain: no cell holds it, but queries still meet it.
            self.large.push(self.circles.len());
            self.circles.push((id, centre, radius));
            return true;
        }
        let slot = self.circles.len();
        self.circles.push((id, centre, radius));
        if area(cells) > LARGE {
            self.large.push(slot);
            return true;
        }
        self.extent = self.extent.union(cells);
        for cell in cells.cells() {
            self.buckets.entry(cell).or_default().push(slot);
        }
        true
    }

    /// The cells of this hash's grid under the bounding box of a circle, within the grid's
    /// reach (the traversal's domain): a box reaching beyond it is cut at its edge (empty where
    /// it lies wholly beyond).
    fn cells_under(&self, centre: Vec2, radius: f64) -> CellRect {
        use crate::grid::Cells;
        let corner = Vec2::new(radius, radius);
        let (o, reach) = (self.grid.origin(), self.grid.reach() * (1.0 - 1e-9));
        let (lo, hi) = (o - reach, o + reach);
        let (a, b) = (centre - corner, centre + corner);
        if a.x > hi.x || a.y > hi.y || b.x < lo.x || b.y < lo.y {
            return CellRect::new(0, 0, 0, 0);
        }
        let clamp = |p: Vec2| Vec2::new(p.x.clamp(lo.x, hi.x), p.y.clamp(lo.y, hi.y));
        let (low, high) = (self.grid.cell_of(clamp(a)), self.grid.cell_of(clamp(b)));
        if low == Cell::OUTSIDE || high == Cell::OUTSIDE {
            return CellRect::new(0, 0, 0, 0);
        }
        CellRect::new(low.x, low.y, high.x + 1, high.y + 1)
    }

    /// The ids of the circles that overlap the circle at `centre` with `radius`.
    ///
    /// Cost: the buckets under the query circle and their circles.
    pub fn overlapping(
        &self,
        centre: impl Into<Vec2>,
        radius: f64,
    ) -> impl Iterator<Item = usize> + '_ {
        let centre = centre.into();
        let mut seen = Vec::new();
        let cells = self.cells_under(centre, radius);
        // A query over more cells than there are circles looks at every circle instead.
        let scan = area(cells) > LARGE.max(self.circles.len() as u64);
        let everything = (0..self.circles.len()).filter(move |_| scan);
        let bucketed = cells
            .cells()
            .take(if scan { 0 } else { usize::MAX })
            .filter_map(|c| self.buckets.get(&c))
            .flatten()
            .chain(&self.large)
            .copied();
        everything
            .chain(bucketed)
            .filter(move |&slot| {
                let fresh = !seen.contains(&slot);
                seen.push(slot);
                fresh
            })
            .filter_map(move |slot| {
                let (id, c, r) = self.circles[slot];
                ((c - centre).length() <= r + radius).then_some(id)
            })
    }

    /// The nearest circle accepted by `wanted` that the ray `origin + t * dir` meets with
    /// `0 <= t < max_t`, as `(id, t)`. Only the buckets of the cells the ray walks (the
    /// traversal engine's walk, corner neighbours included) are looked at, and the walk stops
    /// at the first cell entered beyond the best hit so far, or where it leaves the cells any
    /// circle touches: a miss costs the cells between the ray's start and the circles' far
    /// edge, however far `max_t` reaches.
    ///
    /// Cost: a walk over the buckets along the ray, testing the circles in them: about 0.3 us
    /// for 30 tiles among 200 circles. No allocation.
    pub fn first_along_ray(
        &self,
        origin: impl Into<Vec2>,
        dir: impl Into<Vec2>,
        max_t: f64,
        mut wanted: impl FnMut(usize) -> bool,
    ) -> Option<(usize, f64)> {
        let (origin, dir) = (origin.into(), dir.into());
        if self.circles.is_empty() {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        let mut offer = |slot: usize, best: &mut Option<(usize, f64)>| {
            let (id, centre, radius) = self.circles[slot];
            if !wanted(id) {
                return;
            }
            let Some(t) = ray_circle(origin, dir, centre, radius) else {
                return;
            };
            if t < max_t && best.is_none_or(|(_, b)| t < b) {
                *best = Some((id, t));
            }
        };
        for &slot in &self.large {
            offer(slot, &mut best);
        }
        let mut walk = self.grid.walk_ray(origin, dir, max_t);
        walk.limit(
            self.extent
                .exit_t(&self.grid, walk.origin(), walk.direction()),
        );
        for entry in walk {
            if best.is_some_and(|(_, t)| t < entry.t) {
                break;
            }
            let Some(bucket) = self.buckets.get(&entry.cell) else {
                continue;
            };
            for &slot in bucket {
                offer(slot, &mut best);
            }
        }
        best
    }
}

/// The unit cells that the bounding box of the circle at `centre` with `radius` touches, row
/// by row: every cell the circle overlaps, and a few it only comes near.
pub fn cells_under_circle(centre: Vec2, radius: f64) -> impl Iterator<Item = Cell> {
    let corner = Vec2::new(radius, radius);
    let (low, high) = (
        Cell::containing(centre - corner),
        Cell::containing(centre + corner),
    );
    (low.y..=high.y).flat_map(move |y| (low.x..=high.x).map(move |x| Cell::new(x, y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A circle too large for the domain is kept, not dropped, and queries too large for it
    /// still see every circle; a circle that is no number is refused, and the answer says so.
    #[test]
    fn huge_circles_and_queries_are_kept_and_no_numbers_refused() {
        let mut hash = SpatialHash::new(Grid::new(Vec2::ZERO, 1.0, 1.0).unwrap());
        assert!(hash.insert(1, (3.5, 3.5), 1e12));
        assert!(hash.insert(2, (10.5, 0.5), 0.25));
        assert!(hash.insert(3, (1e30, 0.0), 1.0), "wholly beyond the domain");
        assert!(!hash.insert(4, (f64::NAN, 0.0), 1.0));
        assert!(!hash.insert(5, (0.0, 0.0), -1.0));
        assert!(!hash.insert(6, (0.0, 0.0), f64::INFINITY));
        let near: Vec<usize> = hash.overlapping((0.5, 0.5), 0.1).collect();
        assert_eq!(near, [1]);
        let mut all: Vec<usize> = hash.overlapping((0.5, 0.5), 1e31).collect();
        all.sort_unstable();
        assert_eq!(all, [1, 2, 3]);
        let hit = hash.first_along_ray((0.5, 0.5), (1.0, 0.0), f64::INFINITY, |id| id == 2);
        assert_eq!(hit.map(|(id, _)| id), Some(2));
    }

    /// The hash answers as a scan over every circle does.
    #[test]
    fn agrees_with_a_linear_scan() {
        let mut seed = 0x1234_5678_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..200 {
            let circles: Vec<(Vec2, f64)> = (0..20)
                .map(|_| (Vec2::new(next() * 20.0, next() * 20.0), next() * 0.6))
                .collect();
            let mut hash = SpatialHash::default();
            for (i, &(c, r)) in circles.iter().enumerate() {
                hash.insert(i, c, r);
            }
            let origin = Vec2::new(next() * 20.0, next() * 20.0);
            let dir = Vec2::from_angle_degrees(next() * 360.0);
            let max_t = next() * 25.0;
            let scan = circles
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 3 != 0)
                .filter_map(|(i, &(c, r))| ray_circle(origin, dir, c, r).map(|t| (i, t)))
                .filter(|&(_, t)| t < max_t)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            let found = hash.first_along_ray(origin, dir, max_t, |i| i % 3 != 0);
            assert_eq!(found, scan, "ray from {origin:?} along {dir:?}");
            let probe = Vec2::new(next() * 20.0, next() * 20.0);
            let mut near: Vec<usize> = hash.overlapping(probe, 0.5).collect();
            near.sort_unstable();
            let expected: Vec<usize> = (0..circles.len())
                .filter(|&i| (circles[i].0 - probe).length() <= circles[i].1 + 0.5)
                .collect();
            assert_eq!(near, expected);
        }
    }

    /// A circle too large for buckets, and a query over more cells than there are circles,
    /// answer as the buckets do, without a bucket a cell.
    #[test]
    fn huge_circles_and_queries_answer_without_buckets() {
        let mut hash = SpatialHash::default();
        hash.insert(1, Vec2::new(5.5, 5.5), 0.3);
        // Its west edge at x = 6.
        hash.insert(2, Vec2::new(1e6, 0.0), 999_994.0);
        assert!(hash.buckets.values().map(Vec::len).sum::<usize>() <= 4);
        let near: Vec<usize> = hash.overlapping(Vec2::new(5.5, 6.0), 1.0).collect();
        assert_eq!(near, [1, 2]);
        let mut all: Vec<usize> = hash.overlapping(Vec2::ZERO, 1e7).collect();
        all.sort_unstable();
        assert_eq!(all, [1, 2]);
        let ray = |from: Vec2, dir: Vec2| hash.first_along_ray(from, dir, f64::INFINITY, |_| true);
        let east = Vec2::new(1.0, 0.0);
        assert_eq!(ray(Vec2::new(0.5, 5.5), east).map(|(id, _)| id), Some(1));
        assert_eq!(ray(Vec2::new(0.5, 20.5), east).map(|(id, _)| id), Some(2));
        assert_eq!(ray(Vec2::new(0.5, 20.5), -east), None);
    }

    #[test]
    fn cleared_hash_is_empty_and_bad_circles_are_ignored() {
        let mut hash = SpatialHash::default();
        hash.insert(1, Vec2::new(1.5, 1.5), 0.3);
        hash.insert(2, Vec2::new(f64::NAN, 1.5), 0.3);
        hash.insert(3, Vec2::new(1.5, 1.5), f64::INFINITY);
        assert_eq!(hash.overlapping(Vec2::new(1.5, 1.5), 0.1).count(), 1);
        hash.clear();
        assert_eq!(hash.overlapping(Vec2::new(1.5, 1.5), 0.1).count(), 0);
        let ray = hash.first_along_ray(Vec2::ZERO, Vec2::new(1.0, 1.0), 10.0, |_| true);
        assert_eq!(ray, None);
    }
}
