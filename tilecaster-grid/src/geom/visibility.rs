//! The visibility polygon of a point (the player, a light) on the grid: what it sees, as a fan
//! of points sorted by angle, cast with the one traversal engine.
//!
//! The wall edges around the point (the faces between solid and open cells) are merged into
//! maximal straight runs, so collinear faces contribute only their run's two ends and a
//! T-junction or two walls touching at a corner share one grid vertex. Each vertex within the
//! radius gets a ray at its angle (one beyond it would end on the arc, which rays of its own
//! draw, or on a face in front), and two at a tiny angle either side where that ray may go on
//! past it (where it ends short of the vertex, or at it with solid just beyond, they would
//! add only points within a hair of its end on the same faces); the traversal's corner rule
//! (a vertex whose two corner neighbours are solid blocks) means no ray leaks between walls
//! that touch.

use super::{Vec2, ray_segment};
use crate::grid::{Cell, CellRect, Face, Grid, Mask, Solidity, cast_ray, texel_of, turns};

/// The angle either side of a vertex's ray, in radians.
const EPSILON: f64 = 1e-6;

/// Rays spread evenly around a limited radius (its arc is drawn as this many chords).
const ARC_RAYS: usize = 180;

/// What a point sees: the boundary points in increasing angle around `origin` (angles from
/// +x towards +y, as everywhere in the engine). A full polygon wraps from its last point to its
/// first; a cone (a flashlight) does not: its fan runs from its first ray to its last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Visibility {
    /// The point that sees.
    pub origin: Vec2,
    /// The boundary, sorted by angle.
    pub points: Vec<Vec2>,
    /// Whether it is a cone (the fan is open between its last and first points).
    pub cone: bool,
    /// The angle the points' angles are measured from (a cone's centre; 0 for a full polygon),
    /// in radians.
    centre: f64,
    /// Each point's angle from `centre`, in `(-π, π]`, increasing.
    angles: Vec<f64>,
}

impl Visibility {
    /// An empty polygon with room for `points` points, which [`visibility_polygon_into`] fills
    /// without allocating while they fit.
    pub fn with_capacity(points: usize) -> Visibility {
        Visibility {
            points: Vec::with_capacity(points),
            angles: Vec::with_capacity(points),
            ..Visibility::default()
        }
    }

    /// How far the boundary lies from the origin along `dir`; `None` outside a cone, for an
    /// empty polygon, or for a zero direction.
    pub fn distance_along(&self, dir: Vec2) -> Option<f64> {
        let n = self.points.len();
        if n < 2 || dir.dot(dir).is_nan() || dir.dot(dir) <= 0.0 {
            return None;
        }
        let unit = dir * (1.0 / dir.length());
        let angle = wrap(unit.y.atan2(unit.x) - self.centre);
        // The wedge [angles[i], angles[i + 1]) holding `angle`.
        let i = self.angles.partition_point(|&a| a <= angle);
        let (i0, i1) = if i == 0 || i == n {
            if self.cone {
                return None;
            }
            (n - 1, 0)
        } else {
            (i - 1, i)
        };
        let (a, b) = (self.points[i0], self.points[i1]);
        ray_segment(self.origin, unit, a, b)
            // A ray between two points at one angle (through a vertex) sees the farther.
            .or_else(|| Some((a - self.origin).length().max((b - self.origin).length())))
    }

    /// Whether `point` is seen (inside or on the boundary).
    pub fn contains(&self, point: Vec2) -> bool {
        let d = point - self.origin;
        if d.x == 0.0 && d.y == 0.0 {
            return !self.points.is_empty();
        }
        self.distance_along(d)
            .is_some_and(|reach| d.length() <= reach + 1e-9)
    }

    /// Whether every point of the box from `min` to `max` is seen (`Some(true)`), none is
    /// (`Some(false)`), or some are and some are not, or it cannot tell cheaply (`None`: a
    /// cone, a box holding the origin or straddling the angle ±π from it). It looks only at
    /// the boundary within the box's angles: the box is seen whole where the boundary there
    /// lies nowhere nearer than the box's farthest corner, and hidden whole where it lies
    /// nowhere farther than the box's nearest point.
    pub fn classify_box(&self, min: Vec2, max: Vec2) -> Option<bool> {
        let n = self.points.len();
        let o = self.origin;
        if self.cone || n < 2 || (min.x <= o.x && o.x <= max.x && min.y <= o.y && o.y <= max.y) {
            return None;
        }
        // A box to the origin's -x side, across its y, straddles the seam at ±π.
        if max.x <= o.x && min.y <= o.y && o.y <= max.y {
            return None;
        }
        let corners = [min, Vec2::new(max.x, min.y), Vec2::new(min.x, max.y), max];
        let (mut lo, mut hi, mut far) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
        for c in corners {
            let d = c - o;
            let a = d.y.atan2(d.x);
            (lo, hi, far) = (lo.min(a), hi.max(a), far.max(d.length()));
        }
        let near = (Vec2::new(o.x.clamp(min.x, max.x), o.y.clamp(min.y, max.y)) - o).length();
        // The boundary points from the wedge holding `lo` to the one holding `hi`.
        let first = self.angles.partition_point(|&a| a < lo);
        let last = self.angles.partition_point(|&a| a <= hi);
        let (mut nearest, mut farthest) = (f64::INFINITY, 0.0f64);
        let mut edge = |a: Vec2, b: Vec2| {
            nearest = nearest.min(segment_distance(o, a, b));
            farthest = farthest.max((a - o).length()).max((b - o).length());
        };
        let at = |i: usize| self.points[(i + n) % n];
        for i in first.saturating_sub(1)..last.min(n) {
            edge(at(i), at(i + 1));
        }
        if first == 0 || last >= n {
            // The wedge across the seam, from the last point to the first.
            edge(self.points[n - 1], self.points[0]);
        }
        if nearest >= far + 1e-9 {
            Some(true)
        } else if farthest <= near - 1e-9 {
            Some(false)
        } else {
            None
        }
    }

    /// The area seen.
    pub fn area(&self) -> f64 {
        let n = self.points.len();
        let pairs = if self.cone { n.saturating_sub(1) } else { n };
        (0..pairs)
            .map(|i| {
                let (a, b) = (self.points[i], self.points[(i + 1) % n]);
                (a - self.origin).cross(b - self.origin) / 2.0
            })
            .sum()
    }
}

/// What `origin` sees on the `width` × `height` grid `grid` (cells outside it are solid), up to
/// `radius` tiles (`f64::INFINITY` for no limit). An origin in a solid cell or outside the grid
/// sees nothing (an empty polygon).
///
/// Cost: rays to every wall vertex the origin can see within `radius` (one each, three where
/// the ray may pass it) and along the arc, each a walk: about 13 us within 8 tiles and 130 us
/// unbounded on a 64 x 64 map with 3% walls. Allocates the polygon
/// ([`visibility_polygon_into`] reuses buffers).
///
/// ```
/// use tilecaster_grid::geom::visibility_polygon;
/// use tilecaster_grid::math::Vec2;
/// use tilecaster_grid::grid::Cell;
/// // A 4 × 3 room inside a wall border.
/// let walls = |c: Cell| c.x <= 0 || c.y <= 0 || c.x >= 5 || c.y >= 4;
/// let seen = visibility_polygon(&walls, (6, 5), Vec2::new(2.5, 2.5), f64::INFINITY);
/// assert!((seen.area() - 12.0).abs() < 1e-3);
/// assert!(seen.contains(Vec2::new(4.9, 1.1)) && !seen.contains(Vec2::new(5.1, 1.1)));
/// ```
pub fn visibility_polygon<S: Solidity + ?Sized>(
    grid: &S,
    area: impl Into<CellRect>,
    origin: impl Into<Vec2>,
    radius: f64,
) -> Visibility {
    visibility_cone(grid, area.into(), origin.into(), radius, None)
}

/// A flashlight: what `origin` sees within `fov_degrees` around `facing_degrees`, up to
/// `radius`. The fan starts and ends with rays along the cone's edges.
///
/// Cost: as [`visibility_polygon`] over the cone alone: about 22 us for 60 degrees and 16 tiles
/// on the same map.
pub fn flashlight<S: Solidity + ?Sized>(
    grid: &S,
    area: impl Into<CellRect>,
    origin: impl Into<Vec2>,
    radius: f64,
    facing_degrees: f64,
    fov_degrees: f64,
) -> Visibility {
    let cone = (facing_degrees.to_radians(), fov_degrees.to_radians() / 2.0);
    visibility_cone(grid, area.into(), origin.into(), radius, Some(cone))
}

fn visibility_cone<S: Solidity + ?Sized>(
    grid: &S,
    area: CellRect,
    origin: Vec2,
    radius: f64,
    cone: Option<(f64, f64)>,
) -> Visibility {
    let mut seen = Visibility::default();
    let fan = Fan {
        cone,
        arc: Arc::Rays(ARC_RAYS),
        region: None,
    };
    let mut scratch = Scratch::default();
    cast_fan(grid, area, origin, radius, fan, &mut scratch, &mut seen);
    seen
}

/// How many rays spread around a limited radius.
#[derive(Clone, Copy, Debug)]
pub enum Arc {
    /// This many, evenly.
    Rays(usize),
    /// As few as keep each chord within this distance of the arc (tiles), at least 16.
    Within(f64),
}

impl Arc {
    /// How many rays a polygon of `radius` casts along its arc, evenly from angle 0: no two
    /// of its vertices are farther apart than a turn over this, so a change of the walls
    /// within some angles changes the polygon no farther than that beyond them.
    ///
    /// ```
    /// use tilecaster_grid::geom::Arc;
    /// assert_eq!(Arc::Rays(24).rays(5.0), 24);
    /// assert_eq!(Arc::Within(1.0 / 64.0).rays(1.0), 18);
    /// ```
    pub fn rays(self, radius: f64) -> usize {
        match self {
            Arc::Rays(n) => n,
            // A chord of angle 2π/n bulges r (1 - cos(π/n)) ≈ r (π/n)² / 2 from its arc.
            Arc::Within(bulge) => {
                let n = std::f64::consts::PI * (radius / (2.0 * bulge)).sqrt();
                (n.ceil() as usize).clamp(16, ARC_RAYS)
            }
        }
    }
}

/// The buffers [`visibility_polygon_into`] works in, kept from call to call so that a polygon
/// cast every frame (a muzzle flash's light) allocates nothing once they have grown.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    runs: Vec<(Vec2, Vec2)>,
    vertices: Vec<(i64, i64)>,
    corners: Vec<Vec2>,
    /// The corners outside the region a fan is exact within, and the points where the walls
    /// cross its edges and its own corners.
    skipped: Vec<Vec2>,
    edges: Vec<Vec2>,
    /// Whether each cell of the box the wall runs are looked for in is solid.
    solids: Vec<bool>,
    angles: Vec<f64>,
    points: Vec<(f64, Vec2)>,
}

impl Scratch {
    /// Buffers with room for a polygon of about `corners` corners (its rays, the wall runs and
    /// vertices they come from, and the cells of the box looked at, alike), so that casting
    /// one of that size allocates nothing even the first time. Where several polygons are cast
    /// each frame, each into buffers of its own (a muzzle flash's), each set would otherwise
    /// grow on its own, frame after frame, to the most it has needed.
    ///
    /// ```
    /// use tilecaster_grid::geom::{Arc, FanScratch, Visibility, visibility_polygon_into};
    /// use tilecaster_grid::grid::Cell;
    /// use tilecaster_grid::math::Vec2;
    ///
    /// // A 3 x 3 room with a pillar in the middle.
    /// let walls = |c: Cell| c.x <= 0 || c.y <= 0 || c.x >= 4 || c.y >= 4 || (c.x, c.y) == (2, 2);
    /// let mut scratch = FanScratch::with_capacity(256);
    /// let mut seen = Visibility::with_capacity(256);
    /// let (light, arc) = (Vec2::new(1.5, 1.5), Arc::Within(0.05));
    /// visibility_polygon_into(&walls, (5, 5), light, 3.0, arc, &[], &mut scratch, &mut seen);
    /// assert!(seen.points.len() > 4 && seen.points.capacity() == 256);
    /// ```
    pub fn with_capacity(corners: usize) -> Scratch {
        Scratch {
            runs: Vec::with_capacity(corners),
            vertices: Vec::with_capacity(corners),
            corners: Vec::with_capacity(corners),
            skipped: Vec::with_capacity(corners),
            edges: Vec::with_capacity(corners),
            solids: Vec::with_capacity(corners),
            angles: Vec::with_capacity(corners),
            points: Vec::with_capacity(corners),
        }
    }
}

/// [`visibility_polygon`] into `seen`, its arc cast with `arc`'s rays and its work done in
/// `scratch`'s buffers, exact within the convex region `within` (the points `p` with
/// `normal · p <= offset` for each `(normal, offset)` of it; none: everywhere) where
/// `origin` lies inside it: there it sees what the whole polygon sees (up to its arc's
/// chords, which may differ within their bulge). What lies wholly outside the region cannot
/// hide anything inside it from the origin (a convex region holds the segment from the origin
/// to each of its points), so no ray is cast at a corner outside it (nor at a shaped cell's
/// or a grate's that lies wholly outside it), and the region's own corners and the points
/// where walls and the arc cross its edges get rays instead, where the boundary may turn
/// from what lies inside the region to what lies outside it. Beyond the region the polygon
/// may leave out what the corners there would have added. Where that would leave out fewer
/// corners than half the rays it adds, the polygon is cast whole. (A light drawn in one
/// frame is looked at only where the camera may see: on e1m1, whose round pillars give
/// flashes many corners, their polygons take a quarter fewer instructions.)
///
/// Cost: as [`visibility_polygon`] (about 13 us within 8 tiles on a 64 x 64 map with 3%
/// walls); nothing is allocated once `scratch` and `seen` have grown to the largest polygon
/// cast into them ([`FanScratch::with_capacity`](Scratch::with_capacity) and
/// [`Visibility::with_capacity`] make them that size at once). Keep one pair per light (or
/// per thread) for lights cast every frame: 64 muzzle flashes a frame allocate nothing.
///
/// ```
/// use tilecaster_grid::geom::{Arc, FanScratch, Visibility, visibility_polygon_into};
/// use tilecaster_grid::grid::Cell;
/// use tilecaster_grid::math::Vec2;
/// // Two lamps in a 6 x 4 room, cast frame after frame into the same buffers.
/// let walls = |c: Cell| c.x <= 0 || c.y <= 0 || c.x >= 7 || c.y >= 5;
/// let (mut scratch, mut seen) = (FanScratch::default(), Visibility::default());
/// for frame in 0..3 {
///     for lamp in [Vec2::new(1.5, 1.5), Vec2::new(5.5, 3.5)] {
///         let light = lamp + Vec2::new(0.1 * f64::from(frame), 0.0);
///         visibility_polygon_into(&walls, (8, 6), light, 4.0, Arc::Within(0.05), &[], &mut scratch, &mut seen);
///         assert!(seen.contains(light + Vec2::new(1.0, 0.5)));
///     }
/// }
/// ```
#[allow(clippy::too_many_arguments)]
pub fn visibility_polygon_into<S: Solidity + ?Sized>(
    grid: &S,
    area: impl Into<CellRect>,
    origin: impl Into<Vec2>,
    radius: f64,
    arc: Arc,
    within: &[(Vec2, f64)],
    scratch: &mut Scratch,
    seen: &mut Visibility,
) {
    let (area, origin) = (area.into(), origin.into());
    let fan = Fan {
        cone: None,
        arc,
        region: Region::around(within, origin),
    };
    cast_fan(grid, area, origin, radius, fan, scratch, seen);
}

/// What a fan is cast over besides its radius: a cone, how many rays draw its arc, and the
/// region it is exact within.
#[derive(Clone, Copy, Debug)]
struct Fan<'a> {
    cone: Option<(f64, f64)>,
    arc: Arc,
    region: Option<Region<'a>>,
}

/// A convex region holding a fan's origin: the points `p` with `normal · p <= offset` for
/// each of its `(normal, offset)`.
#[derive(Clone, Copy, Debug)]
struct Region<'a> {
    planes: &'a [(Vec2, f64)],
}

impl<'a> Region<'a> {
    /// How far outside a plane a point may lie and still count as inside: corners on an
    /// edge, rounded either way, get their rays.
    const SLACK: f64 = 1e-7;

    /// The region, where it has planes and `origin` lies inside each of them (else none:
    /// the fan is then exact everywhere).
    fn around(planes: &'a [(Vec2, f64)], origin: Vec2) -> Option<Region<'a>> {
        let inside = planes
            .iter()
            .all(|&(normal, offset)| normal.is_finite() && normal.dot(origin) < offset);
        (!planes.is_empty() && inside).then_some(Region { planes })
    }

    /// Whether `p` lies inside (or within [`Region::SLACK`] of it).
    fn holds(&self, p: Vec2) -> bool {
        self.planes
            .iter()
            .all(|&(normal, offset)| normal.dot(p) <= offset + Self::SLACK)
    }

    /// Whether `cell` lies wholly outside one of its planes.
    fn misses(&self, cell: Cell) -> bool {
        let (x, y) = (f64::from(cell.x), f64::from(cell.y));
        let corners = [(x, y), (x + 1.0, y), (x, y + 1.0), (x + 1.0, y + 1.0)];
        self.planes.iter().any(|&(normal, offset)| {
            corners
                .iter()
                .all(|&(cx, cy)| normal.dot(Vec2::new(cx, cy)) > offset + Self::SLACK)
        })
    }

    /// The points where the segment from `a` to `b` crosses the region's edges.
    fn crossings(&self, a: Vec2, b: Vec2, mut out: impl FnMut(Vec2)) {
        for &(normal, offset) in self.planes {
            let (fa, fb) = (normal.dot(a) - offset, normal.dot(b) - offset);
            if (fa < 0.0) != (fb < 0.0) && fa != fb {
                let crossing = a + (b - a) * (fa / (fa - fb));
                if crossing.is_finite() && self.holds(crossing) {
                    out(crossing);
                }
            }
        }
    }

    /// Where its edges cross the circle of `radius` around `origin` (a point inside it).
    fn arc_crossings(&self, origin: Vec2, radius: f64, mut out: impl FnMut(Vec2)) {
        for &(normal, offset) in self.planes {
            let near = offset - normal.dot(origin);
            let across = (radius * radius - near * near).sqrt();
            if !(across > 0.0 && across.is_finite()) {
                continue;
            }
            let (foot, along) = (origin + normal * near, Vec2::new(-normal.y, normal.x));
            for crossing in [foot + along * across, foot - along * across] {
                if self.holds(crossing) {
                    out(crossing);
                }
            }
        }
    }

    /// The region's corners: where two of its edges meet inside the others.
    fn corners(&self, mut out: impl FnMut(Vec2)) {
        for (i, &(n, d)) in self.planes.iter().enumerate() {
            for &(m, e) in &self.planes[i + 1..] {
                let det = n.cross(m);
                if det.abs() < 1e-12 {
                    continue;
                }
                let corner = Vec2::new((d * m.y - e * n.y) / det, (n.x * e - m.x * d) / det);
                if corner.is_finite() && self.holds(corner) {
                    out(corner);
                }
            }
        }
    }
}

fn cast_fan<S: Solidity + ?Sized>(
    grid: &S,
    area: CellRect,
    origin: Vec2,
    radius: f64,
    Fan { cone, arc, region }: Fan,
    scratch: &mut Scratch,
    seen: &mut Visibility,
) {
    seen.origin = origin;
    seen.points.clear();
    seen.angles.clear();
    seen.cone = false;
    seen.centre = 0.0;
    let walls = Bounded { grid, area };
    let solid = |c: Cell| walls.is_solid(c);
    let inside = origin.is_finite()
        && origin.x >= f64::from(area.x0)
        && origin.y >= f64::from(area.y0)
        && origin.x < f64::from(area.x1)
        && origin.y < f64::from(area.y1);
    let radius = if radius.is_nan() || radius < 0.0 {
        0.0
    } else {
        radius
    };
    // Ray angles, relative to the cone's centre when there is a cone (so that sorting keeps the
    // fan in order across ±π). A cone facing no direction, or of no width that is a number,
    // sees nothing.
    let (centre, half) = cone.map_or((0.0, f64::INFINITY), |(c, h)| {
        (c, h.clamp(0.0, std::f64::consts::PI))
    });
    if !inside || solid_at(&walls, origin) || radius == 0.0 || !centre.is_finite() || half.is_nan()
    {
        seen.origin = Vec2::default();
        return;
    }
    let Scratch {
        runs,
        vertices,
        corners,
        skipped,
        edges,
        solids,
        angles,
        points,
    } = scratch;
    wall_runs(&solid, area, (origin, radius), (runs, solids));
    // Each grid vertex once, however many runs end there (corners, T-junctions).
    vertices.clear();
    vertices.extend(
        runs.iter()
            .flat_map(|&(a, b)| [a, b])
            .map(|v| (v.x as i64, v.y as i64)),
    );
    vertices.sort_unstable();
    vertices.dedup();
    corners.clear();
    skipped.clear();
    for v in vertices.iter().map(|&(x, y)| Vec2::new(x as f64, y as f64)) {
        if region.is_none_or(|r| r.holds(v)) {
            corners.push(v);
        } else {
            skipped.push(v);
        }
    }
    // Where shaped cells' outlines turn, and where grates' holes begin and end (every one
    // of a cell the region takes in any of).
    let cells = |c: Cell| region.is_none_or(|r| !r.misses(c));
    let sorted = (&mut *corners, &mut *skipped);
    feature_corners(&walls, area, (origin, radius), cells, sorted);
    angles.clear();
    points.clear();
    // The region's own rays: where the runs cross its edges, and its corners. Cast only
    // where they are fewer than twice the corners it leaves out (each a ray, or three, and
    // most of those into shaped cells walked texel by texel): else the fan is cast whole,
    // the same within the region.
    // (Nothing to weigh where the region leaves out no corner within the radius.)
    let left_out = skipped
        .iter()
        .filter(|&&v| (v - origin).length() <= radius)
        .count();
    if let Some(region) = region.filter(|_| left_out > 0) {
        edges.clear();
        let mut towards = |p: Vec2| {
            if (p - origin).length() <= radius {
                edges.push(p);
            }
        };
        for &(a, b) in runs.iter() {
            region.crossings(a, b, &mut towards);
        }
        region.corners(&mut towards);
        // Where the arc crosses its edges, the boundary may turn from walls the fan leaves
        // out to the arc inside it.
        if radius.is_finite() {
            let slack = radius * (1.0 + 1e-12);
            region.arc_crossings(origin, radius, |p| {
                if (p - origin).length() <= slack {
                    edges.push(p);
                }
            });
        }
        if 2 * left_out <= edges.len() {
            corners.append(skipped);
        } else {
            angles.extend(edges.iter().map(|&p| (p - origin).y.atan2((p - origin).x)));
        }
    } else {
        corners.append(skipped);
    }
    // A ray at `angle` along the unit vector `dir` (that angle's).
    let cast = |angle: f64, dir: Vec2| {
        let relative = wrap(angle - centre);
        if relative.abs() > half {
            return None;
        }
        let point =
            cast_ray(&walls, origin, dir, radius).map_or(origin + dir * radius, |hit| hit.point);
        point.is_finite().then_some((relative, point))
    };
    let along = |angle: f64| Vec2::new(angle.cos(), angle.sin());
    // The turn of a hair, to turn a corner's ray either side of it without a sine and cosine
    // of each angle.
    let (c, s) = (EPSILON.cos(), EPSILON.sin());
    for &corner in corners.iter() {
        let d = corner - origin;
        let length = d.length();
        // A corner beyond the radius is no vertex of the polygon: its ray would end on the
        // arc (a point the arc's own rays leave within their chords' bulge) or on a face in
        // front of it (a point on that face between its own ends' rays).
        if length > radius {
            continue;
        }
        let angle = d.y.atan2(d.x);
        // Aimed by its direction, or by its angle where it has none (a corner at the origin).
        let unit = if length > 0.0 && length.is_finite() {
            Vec2::new(d.x / length, d.y / length)
        } else {
            along(angle)
        };
        let central = cast(angle, unit);
        points.extend(central);
        // The rays a hair either side see past the corner where the central one grazes it
        // and goes on. Where the central one ends short of the corner (it is hidden) or at
        // it with solid just beyond (a corner facing the origin), they would end within a
        // hair of where it ends, on the same faces: the polygon is the same without them.
        if central.is_none_or(|(_, end)| !ends_by(&walls, origin, corner, end)) {
            let before = Vec2::new(unit.x * c + unit.y * s, unit.y * c - unit.x * s);
            let after = Vec2::new(unit.x * c - unit.y * s, unit.y * c + unit.x * s);
            points.extend(cast(angle - EPSILON, before));
            points.extend(cast(angle + EPSILON, after));
        }
    }
    // Where a run crosses the radius, the boundary turns from wall to arc: a ray there too.
    for &(a, b) in runs.iter() {
        for crossing in circle_crossings(origin, radius, a, b) {
            let d = crossing - origin;
            angles.push(d.y.atan2(d.x));
        }
    }
    if radius.is_finite() {
        let n = arc.rays(radius);
        angles.extend((0..n).map(|i| i as f64 * std::f64::consts::TAU / n as f64));
    }
    points.extend(angles.iter().filter_map(|&angle| cast(angle, along(angle))));
    // The cone's edges at exactly their angles: filtered as the other rays are, rounding in
    // `wrap(angle - centre)` could put either a hair past the half-width and drop it.
    if cone.is_some() {
        for relative in [-half, half] {
            let dir = along(centre + relative);
            let point = cast_ray(&walls, origin, dir, radius)
                .map_or(origin + dir * radius, |hit| hit.point);
            points.extend(point.is_finite().then_some((relative, point)));
        }
    }
    // Unstable: it sorts in place, where a stable sort takes a buffer (a light's polygon cast
    // every frame allocates nothing). Rays at equal angles are the same ray: their order
    // changes nothing.
    points.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    seen.angles.extend(points.iter().map(|p| p.0));
    seen.points.extend(points.iter().map(|p| p.1));
    seen.cone = cone.is_some();
    seen.centre = centre;
}

/// Whether a ray from `origin` aimed at `corner` and ending at `end` ends short of the corner
/// (something hides it) or at it with solid just beyond (a texel of a wall that is neither a
/// grate nor open there): then the rays either side of it end within a hair of `end`. False
/// where it may go on past the corner, and, to be safe, for a ray within a thousandth of a
/// radian of an axis.
fn ends_by<S: Solidity + ?Sized>(
    walls: &Bounded<'_, S>,
    origin: Vec2,
    corner: Vec2,
    end: Vec2,
) -> bool {
    let d = corner - origin;
    let (reach, length) = ((end - origin).length(), d.length());
    // Near an axis a ray aimed at a corner may graze the face it ends (rounding puts it a
    // hair to either side), and one either side could run along a face for a long way.
    if !(length > 0.0 && reach.is_finite()) || d.x.abs().min(d.y.abs()) < 1e-3 * length {
        return false;
    }
    let hair = 1e-9 * length.max(1.0);
    if reach < length - hair {
        return true;
    }
    if reach > length + hair {
        return false;
    }
    // Just beyond the corner along the ray: solid for every ray near it?
    let beyond = corner + d * (1e-7 / length);
    let cell = Cell::containing(beyond);
    let grate = [Face::North, Face::South, Face::East, Face::West]
        .into_iter()
        .any(|face| walls.face_texels(cell, face).is_some());
    !grate && solid_at(walls, beyond)
}

/// Whether `p` lies in a solid cell, and within a shaped one in a solid texel.
fn solid_at<S: Solidity + ?Sized>(walls: &Bounded<'_, S>, p: Vec2) -> bool {
    let cell = Cell::containing(p);
    walls.is_solid(cell)
        && walls
            .shape(cell)
            .is_none_or(|mask| mask.is_solid_at(p.x - f64::from(cell.x), p.y - f64::from(cell.y)))
}

/// A grid bounded to `area` (solid outside), shapes kept.
struct Bounded<'a, S: ?Sized> {
    grid: &'a S,
    area: CellRect,
}

impl<S: Solidity + ?Sized> Bounded<'_, S> {
    fn outside(&self, c: Cell) -> bool {
        !self.area.contains(c)
    }
}

impl<S: Solidity + ?Sized> Solidity for Bounded<'_, S> {
    fn is_solid(&self, c: Cell) -> bool {
        self.outside(c) || self.grid.is_solid(c)
    }

    fn shape(&self, c: Cell) -> Option<&Mask> {
        if self.outside(c) {
            None
        } else {
            self.grid.shape(c)
        }
    }

    fn accepts(&self, hit: &crate::grid::Hit) -> bool {
        self.outside(hit.cell) || self.grid.accepts(hit)
    }

    fn face_texels(&self, c: Cell, face: Face) -> Option<&[bool]> {
        if self.outside(c) {
            None
        } else {
            self.grid.face_texels(c, face)
        }
    }
}

/// The cells of `area` that the circle of `radius` around `origin` touches (those of its
/// bounding box with a point within `radius`: the corners of the others lie beyond it), row
/// by row.
fn cells_around(area: CellRect, origin: Vec2, radius: f64) -> impl Iterator<Item = Cell> {
    let reach = radius.min(1e6);
    let x0 = ((origin.x - reach).floor() as i64).max(i64::from(area.x0)) as i32;
    let x1 = ((origin.x + reach).ceil() as i64).min(i64::from(area.x1) - 1) as i32;
    let y0 = ((origin.y - reach).floor() as i64).max(i64::from(area.y0)) as i32;
    let y1 = ((origin.y + reach).ceil() as i64).min(i64::from(area.y1) - 1) as i32;
    // How far a cell's nearest point lies from the origin along one axis.
    let gap = |v: f64, cell: i32| {
        (f64::from(cell) - v)
            .max(v - f64::from(cell) - 1.0)
            .max(0.0)
    };
    (y0..=y1).flat_map(move |y| {
        let dy = gap(origin.y, y);
        (x0..=x1)
            .filter(move |&x| {
                let dx = gap(origin.x, x);
                dx * dx + dy * dy <= reach * reach
            })
            .map(move |x| Cell::new(x, y))
    })
}

/// The corners of the solid cells the circle of `radius` around `origin` touches where a
/// ray may turn besides the wall runs' ends: where shaped cells' outlines turn
/// ([`outline_corners`]) and where grates' holes begin and end ([`hole_edges`]), each cell's
/// into `kept` where `wanted`, else into `left_out`. (One pass over the cells for both.)
fn feature_corners<S: Solidity + ?Sized>(
    walls: &Bounded<'_, S>,
    area: CellRect,
    (origin, radius): (Vec2, f64),
    wanted: impl Fn(Cell) -> bool,
    (kept, left_out): (&mut Vec<Vec2>, &mut Vec<Vec2>),
) {
    for cell in cells_around(area, origin, radius) {
        if !walls.is_solid(cell) {
            continue;
        }
        let mask = walls.shape(cell);
        let faces = [Face::North, Face::South, Face::West, Face::East]
            .map(|face| (face, walls.face_texels(cell, face)));
        if mask.is_none() && faces.iter().all(|(_, texels)| texels.is_none()) {
            continue;
        }
        let out = if wanted(cell) {
            &mut *kept
        } else {
            &mut *left_out
        };
        match mask {
            Some(mask) => outline_corners(walls, cell, mask, origin, out),
            None => hole_edges(cell, faces, origin, out),
        }
    }
}

/// The points where the outline of shaped cell `cell` (its mask `mask`) turns: texel corners
/// whose four texels are neither all alike nor split in two halves by a straight face (a
/// corner too many only adds a ray), seen from `origin`, into `out`.
fn outline_corners<S: Solidity + ?Sized>(
    walls: &Bounded<'_, S>,
    cell: Cell,
    mask: &Mask,
    origin: Vec2,
    out: &mut Vec<Vec2>,
) {
    {
        let (x, y) = (cell.x, cell.y);
        let (nx, ny) = (i64::from(mask.width()), i64::from(mask.height()));
        // A texel of this cell's grid; beyond the mask, the neighbouring cell's there (an
        // open texel of this shape may meet a wall at the cell's edge).
        let texels = TexelsAround::new(walls, cell, mask);
        let at = |i: i64, j: i64| texels.solid(i, j);
        let quad = |i: i64, j: i64| [at(i - 1, j - 1), at(i, j - 1), at(i - 1, j), at(i, j)];
        // Texel corner `(i, j)` of the cell's grid, where its outline turns, seen only
        // through an open texel on its side towards the origin (along an axis, either side):
        // a corner behind a solid texel next to it adds nothing. `approach(left, up)`: whether
        // the texel before it along x (`left`, else after) and along y (`up`) is solid.
        let mut corner = |i: i64, j: i64, approach: &dyn Fn(bool, bool) -> bool| {
            let v = Vec2::new(
                f64::from(x) + i as f64 / nx as f64,
                f64::from(y) + j as f64 / ny as f64,
            );
            let d = v - origin;
            let (left, up) = (d.x > 0.0, d.y > 0.0);
            if d.x == 0.0 || d.y == 0.0 || !approach(left, up) {
                out.push(v);
            }
        };
        // Inside the mask, the corners known to turn: only the texel towards the origin is
        // looked up, in the mask itself.
        for (i, j) in mask.inner_corners() {
            let approach =
                |left: bool, up: bool| mask.is_solid(i - u32::from(left), j - u32::from(up));
            corner(i64::from(i), i64::from(j), &approach);
        }
        // The mask's edge, where its texels meet the neighbouring cells'. Along an edge whose
        // texels are all alike and alike the cell beyond, the outline cannot turn but at
        // the edge's ends (which the diagonal cells share).
        let plain = |edge: usize, (dx, dy): (usize, usize)| {
            mask.edge(edge)
                .is_some_and(|t| texels.around[dy][dx] == Some(t))
        };
        let (north, south) = (plain(0, (1, 0)), plain(1, (1, 2)));
        let (west, east) = (plain(2, (0, 1)), plain(3, (2, 1)));
        let rows = (0..=nx).flat_map(|i| [(i, 0, north), (i, ny, south)]);
        let columns = (1..ny).flat_map(|j| [(0, j, west), (nx, j, east)]);
        for (i, j, plain) in rows.chain(columns) {
            let end = (i == 0 || i == nx) && (j == 0 || j == ny);
            if end || !plain {
                let quad = quad(i, j);
                let approach =
                    |left: bool, up: bool| quad[usize::from(!up) * 2 + usize::from(!left)];
                if turns(quad) {
                    corner(i, j, &approach);
                }
            }
        }
    }
}

/// The texels of a shaped cell's texel grid and of the cells around it, solid as
/// [`texel_of`] has them; the eight cells around asked once each, and texel by texel only
/// where they are shaped (a shaped cell's edge has up to 4 x 64 texels beyond it).
struct TexelsAround<'a, S: ?Sized> {
    walls: &'a Bounded<'a, S>,
    cell: Cell,
    mask: &'a Mask,
    side: (i64, i64),
    /// Per cell around (rows from the north): open or solid throughout, or `None` where
    /// shaped (and for the cell itself).
    around: [[Option<bool>; 3]; 3],
}

impl<'a, S: Solidity + ?Sized> TexelsAround<'a, S> {
    fn new(walls: &'a Bounded<'a, S>, cell: Cell, mask: &'a Mask) -> Self {
        let around = std::array::from_fn(|dy| {
            std::array::from_fn(|dx| {
                let other = Cell::new(cell.x + dx as i32 - 1, cell.y + dy as i32 - 1);
                if walls.is_solid(other) {
                    walls.shape(other).is_none().then_some(true)
                } else {
                    Some(false)
                }
            })
        });
        let side = (i64::from(mask.width()), i64::from(mask.height()));
        TexelsAround {
            walls,
            cell,
            mask,
            side,
            around,
        }
    }

    /// Whether texel `(i, j)` of the cell's texel grid (from its north-west corner, and up to
    /// a cell beyond it: `-side <= i < 2 * side`, the same for `j`) is solid.
    #[inline]
    fn solid(&self, i: i64, j: i64) -> bool {
        // Which cell, by comparison (a division costs more than the rest together).
        let offset = |v: i64, side: i64| {
            if v < 0 { -1 } else { i64::from(v >= side) }
        };
        let (ox, oy) = (offset(i, self.side.0), offset(j, self.side.1));
        if (ox, oy) == (0, 0) {
            return self.mask.is_solid(i as u32, j as u32);
        }
        let known = usize::try_from(oy + 1)
            .ok()
            .zip(usize::try_from(ox + 1).ok())
            .and_then(|(r, c)| self.around.get(r)?.get(c).copied().flatten());
        known.unwrap_or_else(|| texel_of(self.walls, self.cell, self.mask, (i, j)).is_some())
    }
}

/// The edges of the holes in the faces (`faces`, each with its texels where it has holes) of
/// see-through wall `cell` (a grate: [`Solidity::face_texels`]) that face `origin`, and the
/// cell's corners, into `out`: a ray either side of each edge passes a hole on one side and
/// meets a bar on the other.
fn hole_edges(cell: Cell, faces: [(Face, Option<&[bool]>); 4], origin: Vec2, out: &mut Vec<Vec2>) {
    let (fx, fy) = (f64::from(cell.x), f64::from(cell.y));
    // Its corners: light through its holes leaves it between them (where it meets a wall in
    // line with it, the wall's run of faces has no vertex there).
    out.extend(
        [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
            .map(|(dx, dy)| Vec2::new(fx + dx, fy + dy)),
    );
    for (face, texels) in faces {
        // Only the faces the origin is outside of can a ray from it cross inwards.
        let seen = match face {
            Face::North => origin.y < fy,
            Face::South => origin.y > fy + 1.0,
            Face::West => origin.x < fx,
            Face::East => origin.x > fx + 1.0,
        };
        let Some(texels) = texels.filter(|_| seen) else {
            continue;
        };
        let n = texels.len() as f64;
        for k in (1..texels.len()).filter(|&k| texels[k] != texels[k - 1]) {
            let u = k as f64 / n;
            out.push(match face {
                Face::North => Vec2::new(fx + u, fy),
                Face::South => Vec2::new(fx + u, fy + 1.0),
                Face::West => Vec2::new(fx, fy + u),
                Face::East => Vec2::new(fx + 1.0, fy + u),
            });
        }
    }
}

/// The distance from `p` to the segment from `a` to `b`.
fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let ab = b - a;
    let len2 = ab.dot(ab);
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t - p).length()
}

/// The angle in `(-π, π]`.
fn wrap(angle: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    // Within a turn of 0 (every ray's angle but a cone's), the remainder is the angle itself
    // (`%` is exact), a turn added if negative: the same number without `fmod`, a library
    // call of about 70 instructions (a polygon wraps each of its rays' angles).
    let a = if angle.abs() < tau {
        if angle < 0.0 { angle + tau } else { angle }
    } else {
        angle.rem_euclid(tau)
    };
    if a > std::f64::consts::PI { a - tau } else { a }
}

/// The maximal straight runs of wall faces (between a solid and an open cell) in the bounding
/// box of the circle of `radius` around `origin`, as segments between grid vertices.
fn wall_runs(
    solid: &impl Fn(Cell) -> bool,
    area: CellRect,
    (origin, radius): (Vec2, f64),
    (runs, cells): (&mut Vec<(Vec2, Vec2)>, &mut Vec<bool>),
) {
    let reach = radius.min(1e6);
    let x0 = ((origin.x - reach).floor() as i64).max(i64::from(area.x0) - 1) as i32;
    let x1 = ((origin.x + reach).ceil() as i64).min(i64::from(area.x1)) as i32;
    let y0 = ((origin.y - reach).floor() as i64).max(i64::from(area.y0) - 1) as i32;
    let y1 = ((origin.y + reach).ceil() as i64).min(i64::from(area.y1)) as i32;
    runs.clear();
    // Each cell of the box asked once (the runs look at each four times).
    let columns = (i64::from(x1) - i64::from(x0) + 1).max(0) as usize;
    cells.clear();
    cells.extend((y0..=y1).flat_map(|y| (x0..=x1).map(move |x| solid(Cell::new(x, y)))));
    let solid = |c: Cell| cells[(c.y - y0) as usize * columns + (c.x - x0) as usize];
    let v = |x: i32, y: i32| Vec2::new(x as f64, y as f64);
    // Horizontal grid lines y = line, between the cells above and below.
    face_runs(
        y0 + 1..=y1,
        x0..=x1,
        |line, x| (solid(Cell::new(x, line - 1)), solid(Cell::new(x, line))),
        |line, a, b| runs.push((v(a, line), v(b, line))),
    );
    // Vertical grid lines x = line, between the cells left and right.
    face_runs(
        x0 + 1..=x1,
        y0..=y1,
        |line, y| (solid(Cell::new(line - 1, y)), solid(Cell::new(line, y))),
        |line, a, b| runs.push((v(line, a), v(line, b))),
    );
}

/// Where the segment from `a` to `b` crosses the circle of `radius` around `centre` (none for
/// an infinite radius).
fn circle_crossings(centre: Vec2, radius: f64, a: Vec2, b: Vec2) -> impl Iterator<Item = Vec2> {
    let d = b - a;
    let f = a - centre;
    let (qa, qb, qc) = (d.dot(d), 2.0 * f.dot(d), f.dot(f) - radius * radius);
    let disc = qb * qb - 4.0 * qa * qc;
    let roots = if radius.is_finite() && qa > 0.0 && disc >= 0.0 {
        let root = disc.sqrt();
        [(-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa)]
    } else {
        [f64::NAN; 2]
    };
    roots
        .into_iter()
        .filter(|s| (0.0..=1.0).contains(s))
        .map(move |s| a + d * s)
}

/// For each grid line in `lines`, the maximal runs along `span` of faces with the same solid
/// side: `sides(line, i)` gives the solidity either side of the line at `i`; `run(line, start,
/// end)` receives each run (`end` exclusive).
fn face_runs(
    lines: std::ops::RangeInclusive<i32>,
    span: std::ops::RangeInclusive<i32>,
    sides: impl Fn(i32, i32) -> (bool, bool),
    mut run: impl FnMut(i32, i32, i32),
) {
    for line in lines {
        let mut open: Option<(i32, bool)> = None;
        for i in *span.start()..=*span.end() + 1 {
            let face = span
                .contains(&i)
                .then(|| sides(line, i))
                .and_then(|(a, b)| (a != b).then_some(a));
            match (open, face) {
                (Some((_, side)), Some(s)) if side == s => {}
                _ => {
                    if let Some((start, _)) = open.take() {
                        run(line, start, i);
                    }
                    open = face.map(|s| (i, s));
                }
            }
        }
    }
}

/// The visibility polygon and the flashlight in a grid's units (a 2D game's pixels).
impl Grid {
    /// What `origin` sees in the cells of `area` (solid outside it), up to `radius` in this
    /// grid's units (`f64::INFINITY` for no limit), as [`visibility_polygon`] on unit cells:
    /// points, origin and radius all in this grid's units. Cells need not be square.
    ///
    /// ```
    /// use tilecaster_grid::grid::{Cell, CellRect, Grid};
    /// use tilecaster_grid::math::Vec2;
    /// // A room of 4 x 3 tiles of 32 pixels, its corner at (64, 32) pixels.
    /// let tiles = Grid::new(Vec2::ZERO, 32.0, 32.0).unwrap();
    /// let room = CellRect::new(2, 1, 6, 4);
    /// let seen = tiles.visibility_polygon(&|_: Cell| false, room, Vec2::new(100.0, 60.0), f64::INFINITY);
    /// assert!((seen.area() - 12.0 * 32.0 * 32.0).abs() < 1e-6);
    /// assert!(seen.contains(Vec2::new(190.0, 120.0)) && !seen.contains(Vec2::new(193.0, 120.0)));
    /// ```
    pub fn visibility_polygon<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        area: impl Into<CellRect>,
        origin: impl Into<Vec2>,
        radius: f64,
    ) -> Visibility {
        self.fan(solid, area.into(), origin.into(), radius, None)
    }

    /// A flashlight in this grid's units: what `origin` sees within `fov_degrees` around
    /// `facing_degrees` (angles as the caller sees them, from +x towards +y), up to `radius`,
    /// in the cells of `area` (see [`flashlight`]).
    pub fn flashlight<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        area: impl Into<CellRect>,
        origin: impl Into<Vec2>,
        radius: f64,
        facing_degrees: f64,
        fov_degrees: f64,
    ) -> Visibility {
        let cone = (facing_degrees.to_radians(), fov_degrees.to_radians() / 2.0);
        self.fan(solid, area.into(), origin.into(), radius, Some(cone))
    }

    /// The fan cast on unit cells (the same cells, with this grid's cell as the unit) and
    /// mapped back. The map from unit cells is a scale on each axis, which keeps the fan's
    /// order around the origin; a cone's edges map to the edges of the cone on unit cells;
    /// a radius becomes the larger of its spans in cells, each point then brought within the
    /// radius along its own ray (for cells that are not square).
    fn fan<S: Solidity + ?Sized>(
        &self,
        solid: &S,
        area: CellRect,
        origin: Vec2,
        radius: f64,
        cone: Option<(f64, f64)>,
    ) -> Visibility {
        let (w, h) = self.cell_size();
        let corner = self.origin();
        let to_cells = |p: Vec2| Vec2::new((p.x - corner.x) / w, (p.y - corner.y) / h);
        let to_grid = |p: Vec2| Vec2::new(corner.x + p.x * w, corner.y + p.y * h);
        let angle_in_cells = |a: f64| (a.sin() / h).atan2(a.cos() / w);
        let cell_cone = cone.map(|(centre, half)| {
            if half >= std::f64::consts::PI {
                (angle_in_cells(centre), std::f64::consts::PI)
            } else {
                let from = angle_in_cells(centre - half);
                let span = (angle_in_cells(centre + half) - from).rem_euclid(std::f64::consts::TAU);
                (from + span / 2.0, span / 2.0)
            }
        });
        let mut seen = visibility_cone(solid, area, to_cells(origin), radius / w.min(h), cell_cone);
        if seen.points.is_empty() {
            return seen;
        }
        let centre = cone.map_or(0.0, |(c, _)| wrap(c));
        let mut points: Vec<(f64, Vec2)> = seen
            .points
            .iter()
            .map(|&p| {
                let mut d = to_grid(p) - origin;
                let length = d.length();
                if length > radius {
                    d = d * (radius / length);
                }
                (wrap(d.y.atan2(d.x) - centre), origin + d)
            })
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        seen.origin = origin;
        seen.centre = centre;
        seen.angles = points.iter().map(|p| p.0).collect();
        seen.points = points.into_iter().map(|p| p.1).collect();
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A flashlight's fan starts and ends on its cone's edges at every facing (rounding once
    /// dropped one or both edge rays in 174 of 360), so that a point just inside an edge is
    /// seen; a cone of no width that is a number sees nothing.
    #[test]
    fn a_flashlight_keeps_both_edges_at_every_facing() {
        let room = |c: Cell| c.x < 0 || c.y < 0 || c.x >= 64 || c.y >= 64;
        let origin = Vec2::new(32.8, 30.6);
        for i in 0..360 {
            let facing = -180.0 + f64::from(i) + 0.37;
            let cone = flashlight(&room, (64, 64), origin, 16.0, facing, 60.0);
            let half = 30f64.to_radians();
            let (first, last) = (cone.angles[0], cone.angles[cone.angles.len() - 1]);
            assert!(
                (first + half).abs() < 1e-12 && (last - half).abs() < 1e-12,
                "{facing}"
            );
            for edge in [facing - 29.9, facing + 29.9] {
                let a = edge.to_radians();
                let inside = origin + Vec2::new(a.cos(), a.sin()) * 5.0;
                assert!(cone.contains(inside), "{facing}: 0.1 degrees inside {edge}");
            }
            for edge in [facing - 30.1, facing + 30.1] {
                let a = edge.to_radians();
                let outside = origin + Vec2::new(a.cos(), a.sin()) * 5.0;
                assert!(
                    !cone.contains(outside),
                    "{facing}: 0.1 degrees outside {edge}"
                );
            }
        }
        let at = |fov: f64, facing: f64| flashlight(&room, (64, 64), origin, 16.0, facing, fov);
        assert!(at(f64::NAN, 0.0).points.is_empty());
        assert!(at(60.0, f64::NAN).points.is_empty());
        assert!(at(60.0, f64::INFINITY).points.is_empty());
    }

    /// Pillars and walls from a fixed pseudo-random pattern, in the cells `(-3, 2)` to `(9, 11)`.
    fn cave(c: Cell) -> bool {
        let h = (c.x.wrapping_mul(73_856_093) ^ c.y.wrapping_mul(19_349_663)) as u32;
        h.is_multiple_of(7)
    }

    const AREA: CellRect = CellRect::new(-3, 2, 9, 11);

    /// `wrap` gives the angle `rem_euclid` gives, bit for bit, within a turn of 0 (where it
    /// takes no remainder) and beyond it.
    #[test]
    fn wrapped_angles_are_the_remainders() {
        let tau = std::f64::consts::TAU;
        let by_remainder = |angle: f64| {
            let a = angle.rem_euclid(tau);
            if a > std::f64::consts::PI { a - tau } else { a }
        };
        let mut angles = vec![
            0.0,
            -0.0,
            tau,
            -tau,
            std::f64::consts::PI,
            -std::f64::consts::PI,
        ];
        angles.extend([
            1e-300,
            -1e-300,
            7.5,
            -7.5,
            1e6,
            -1e6,
            f64::NAN,
            f64::INFINITY,
        ]);
        angles.extend(points(5, Vec2::new(-7.0, -1e-3), Vec2::new(7.0, 1e-3), 4000).map(|p| p.x));
        angles.extend([tau.next_down(), (-tau).next_up(), 3.2, -3.2]);
        for angle in angles {
            let (got, want) = (wrap(angle), by_remainder(angle));
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{angle}: {got} where the remainder gives {want}"
            );
        }
    }

    /// A point from a fixed sequence in `[lo, hi)` on each axis.
    fn points(seed: u64, lo: Vec2, hi: Vec2, n: usize) -> impl Iterator<Item = Vec2> {
        let mut seed = seed | 1;
        (0..n).map(move |_| {
            let mut next = || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 11) as f64 / (1u64 << 53) as f64
            };
            Vec2::new(lo.x + next() * (hi.x - lo.x), lo.y + next() * (hi.y - lo.y))
        })
    }

    /// Open, solid and shaped cells (masks 2, 4 or 8 texels a side, random texels) from a
    /// seed, in the cells `(-1, -1)` to `(6, 6)`; open beyond.
    struct Shapes(Vec<Option<Option<Mask>>>);

    impl Shapes {
        fn new(seed: u32) -> Shapes {
            let hash = |a: u32, b: u32| {
                let h = (a.wrapping_mul(0x9E37_79B9) ^ b.wrapping_mul(0x85EB_CA6B)) ^ seed;
                h.wrapping_mul(0xC2B2_AE35) ^ (h >> 15)
            };
            let cells = (0..64u32)
                .map(|k| match hash(k, 1) % 3 {
                    0 => None,
                    1 => Some(None),
                    _ => {
                        let side = 2 << (hash(k, 2) % 3);
                        let mask = Mask::new(side, |x, y| hash(k * 64 + x, y + 7) % 2 == 0);
                        Some(Some(mask.expect("a mask's size")))
                    }
                })
                .collect();
            Shapes(cells)
        }

        fn at(&self, c: Cell) -> Option<&Option<Mask>> {
            let (x, y) = (c.x + 1, c.y + 1);
            ((0..8).contains(&x) && (0..8).contains(&y))
                .then(|| self.0[(y * 8 + x) as usize].as_ref())
                .flatten()
        }
    }

    impl Solidity for Shapes {
        fn is_solid(&self, c: Cell) -> bool {
            self.at(c).is_some()
        }
        fn shape(&self, c: Cell) -> Option<&Mask> {
            self.at(c).and_then(Option::as_ref)
        }
    }

    /// The outline corners' texels, the cells around asked once, are `texel_of`'s, texel by
    /// texel, within every shaped cell and a texel beyond it, whatever lies around (open,
    /// solid, shaped finer or coarser, the area's edge).
    #[test]
    fn texels_around_a_shaped_cell_are_texel_ofs() {
        let mut shaped = 0;
        for seed in 0..40 {
            let world = Shapes::new(seed);
            let walls = Bounded {
                grid: &world,
                area: CellRect::new(-1, -1, 6, 5),
            };
            for cell in (-1..7).flat_map(|y| (-1..7).map(move |x| Cell::new(x, y))) {
                let Some(mask) = walls.is_solid(cell).then(|| walls.shape(cell)).flatten() else {
                    continue;
                };
                shaped += 1;
                let texels = TexelsAround::new(&walls, cell, mask);
                let (nx, ny) = (i64::from(mask.width()), i64::from(mask.height()));
                for j in -1..=ny {
                    for i in -1..=nx {
                        let expected = texel_of(&walls, cell, mask, (i, j)).is_some();
                        assert_eq!(texels.solid(i, j), expected, "{cell:?} texel {i},{j}");
                    }
                }
            }
        }
        assert!(shaped > 300, "{shaped} shaped cells");
    }

    /// A fan cast exact within a convex region sees inside the region what the whole fan
    /// sees, point for point (away from either boundary, where rounding decides, and from the
    /// arc, whose chords may differ within their bulge), among
    /// shaped cells of random texels and in the cave, for regions of one to three edges
    /// near the origin and far from it; and it casts fewer rays in all (no ray at a corner
    /// outside the region, where that leaves out enough of them).
    #[test]
    fn a_fan_within_a_region_sees_there_what_the_whole_fan_sees() {
        let mut next = {
            let mut state = 0x853c_49e6_748f_ea9bu64;
            move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 11) as f64 / (1u64 << 53) as f64
            }
        };
        let (mut checked, mut whole_points, mut within_points) = (0, 0, 0);
        let (mut scratch, mut whole, mut within) = Default::default();
        for case in 0..400 {
            let shapes = Shapes::new(case);
            let cave_walls = |c: Cell| !AREA.contains(c) || cave(c);
            let (world, size, lo, hi): (&dyn Solidity, _, _, _) = if case % 2 == 0 {
                (&shapes, (6, 6), Vec2::new(0.0, 0.0), Vec2::new(6.0, 6.0))
            } else {
                (
                    &cave_walls,
                    (9, 11),
                    Vec2::new(0.0, 2.0),
                    Vec2::new(9.0, 11.0),
                )
            };
            let area = CellRect::sized(Cell::new(0, 0), size.0, size.1);
            let walls = Bounded { grid: world, area };
            let Some(origin) =
                points(u64::from(case) + 7, lo, hi, 20).find(|&p| !solid_at(&walls, p))
            else {
                continue;
            };
            let radius = 1.5 + 4.0 * next();
            let planes: Vec<(Vec2, f64)> = (0..1 + case % 3)
                .map(|_| {
                    let turn = next() * std::f64::consts::TAU;
                    let normal = Vec2::new(turn.cos(), turn.sin());
                    (normal, normal.dot(origin) + 0.05 + 3.0 * next() * next())
                })
                .collect();
            let arc = Arc::Within(1.0 / 16.0);
            visibility_polygon_into(
                world,
                size,
                origin,
                radius,
                arc,
                &[],
                &mut scratch,
                &mut whole,
            );
            visibility_polygon_into(
                world,
                size,
                origin,
                radius,
                arc,
                &planes,
                &mut scratch,
                &mut within,
            );
            whole_points += whole.points.len();
            within_points += within.points.len();
            let region = Region { planes: &planes };
            for p in points(u64::from(case) * 31 + 5, lo, hi, 400) {
                if !region.holds(p) || planes.iter().any(|&(n, d)| n.dot(p) > d - 1e-6) {
                    continue;
                }
                let d = p - origin;
                // Within the arc's chords' bulge of the radius the two fans' chords differ
                // (the whole one may have rays there that the other leaves out).
                if d.length() > radius - 1.0 / 16.0 {
                    continue;
                }
                let near = |seen: &Visibility| {
                    seen.distance_along(d)
                        .is_none_or(|reach| (reach - d.length()).abs() < 1e-6)
                };
                if near(&whole) || near(&within) {
                    continue;
                }
                assert_eq!(
                    within.contains(p),
                    whole.contains(p),
                    "case {case}: from {origin:?} to {p:?} within {planes:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 20_000, "{checked} points");
        assert!(
            within_points < whole_points,
            "{within_points} points within regions, {whole_points} whole"
        );
    }

    /// In a grid of 16 x 24-pixel cells anywhere, a point is seen exactly when the line of
    /// sight in that grid reaches it (away from the boundary, where rounding decides).
    #[test]
    fn the_polygon_in_a_grids_units_agrees_with_line_of_sight() {
        let grid = Grid::new(Vec2::new(-40.0, 8.0), 16.0, 24.0).unwrap();
        let inside = |c: Cell| AREA.contains(c) && !cave(c);
        let walls = |c: Cell| !inside(c);
        let (lo, hi) = (
            grid.cell_corner(Cell::new(-3, 2)),
            grid.cell_corner(Cell::new(9, 11)),
        );
        let mut checked = 0;
        for origin in points(0x2545_f491, lo, hi, 40).filter(|&p| inside(grid.cell_of(p))) {
            let seen = grid.visibility_polygon(&cave, AREA, origin, f64::INFINITY);
            for p in points(0x9e37_79b9, lo, hi, 400) {
                let d = p - origin;
                let reach = seen.distance_along(d).unwrap();
                if (reach - d.length()).abs() < 1e-6 {
                    continue;
                }
                let clear = grid.line_of_sight(&walls, origin, p);
                assert_eq!(seen.contains(p), clear, "{origin:?} to {p:?}");
                checked += 1;
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// With square cells it is the unit polygon scaled; a cone keeps its edges in the
    /// caller's angles, and a radius in the caller's units bounds every point.
    #[test]
    fn square_cells_scale_the_unit_polygon_and_cones_keep_their_edges() {
        let grid = Grid::new(Vec2::new(30.0, -60.0), 32.0, 32.0).unwrap();
        let unit_origin = Vec2::new(2.25, 5.5);
        let origin = Vec2::new(30.0 + 2.25 * 32.0, -60.0 + 5.5 * 32.0);
        let area = CellRect::new(-3, 2, 9, 11);
        let unit = visibility_cone(&cave, area, unit_origin, f64::INFINITY, None);
        let scaled = grid.visibility_polygon(&cave, area, origin, f64::INFINITY);
        assert_eq!(unit.points.len(), scaled.points.len());
        assert!((unit.area() * 1024.0 - scaled.area()).abs() < 1e-6 * scaled.area());
        let tall = Grid::new(Vec2::ZERO, 10.0, 30.0).unwrap();
        let origin = Vec2::new(35.0, 195.0);
        let torch = tall.flashlight(&cave, area, origin, 80.0, 30.0, 60.0);
        assert!(torch.cone && !torch.points.is_empty());
        let angle = |p: Vec2| (p - origin).angle_degrees();
        let (first, last) = (torch.points[0], *torch.points.last().unwrap());
        assert!((angle(first) - 0.0).abs() < 1e-9, "{}", angle(first));
        assert!((angle(last) - 60.0).abs() < 1e-9, "{}", angle(last));
        for &p in &torch.points {
            assert!((p - origin).length() <= 80.0 + 1e-9);
            assert!((-1e-9..=60.0 + 1e-9).contains(&angle(p)), "{}", angle(p));
        }
    }

    #[test]
    fn an_origin_outside_the_area_or_in_a_wall_sees_nothing() {
        let grid = Grid::new(Vec2::ZERO, 8.0, 8.0).unwrap();
        let solid = |c: Cell| c == Cell::new(0, 3);
        assert!(
            grid.visibility_polygon(&solid, AREA, Vec2::new(-100.0, 20.0), 50.0)
                .points
                .is_empty()
        );
        assert!(
            grid.visibility_polygon(&solid, AREA, Vec2::new(4.0, 28.0), 50.0)
                .points
                .is_empty()
        );
        assert!(
            !grid
                .visibility_polygon(&solid, AREA, Vec2::new(12.0, 28.0), 50.0)
                .points
                .is_empty()
        );
    }

    /// A light whose radius stops short of the room's corners casts no ray at them (session
    /// 34: more than half of a muzzle flash's corner rays on e1m1 went to corners beyond its
    /// reach, each walking the whole radius to add a point on the arc): its polygon is the
    /// arc's rays and the four walls' crossings of the circle, and no point of it lies
    /// beyond the radius or farther inside the arc than its chords' bulge.
    #[test]
    fn corners_beyond_the_radius_cast_no_rays() {
        // An 18 x 18 room (cells 1 to 18) in a wall border, a light at its centre reaching
        // each wall (9 away) but none of the room's corners (12.7 away), nor the corners of
        // a pillar in one of them (the nearest 9.9 away).
        let solid =
            |c: Cell| c.x <= 0 || c.y <= 0 || c.x >= 19 || c.y >= 19 || c == Cell::new(2, 2);
        let (origin, radius, rays) = (Vec2::new(10.0, 10.0), 9.8, 64);
        let mut scratch = Scratch::default();
        let mut seen = Visibility::default();
        let arc = Arc::Rays(rays);
        visibility_polygon_into(
            &solid,
            (20, 20),
            origin,
            radius,
            arc,
            &[],
            &mut scratch,
            &mut seen,
        );
        assert_eq!(seen.points.len(), rays + 8, "{:?}", seen.points);
        let bulge = radius * (1.0 - (std::f64::consts::PI / rays as f64).cos());
        let inside = |p: Vec2| (1.0..=19.0).contains(&p.x) && (1.0..=19.0).contains(&p.y);
        for &p in &seen.points {
            let d = (p - origin).length();
            assert!(d <= radius + 1e-9 && inside(p), "{p:?}");
            // On the arc, or on a wall.
            let on_wall = [p.x, p.y].iter().any(|&v| v == 1.0 || v == 19.0);
            assert!(on_wall || d >= radius - 1e-9, "{p:?} at {d}");
        }
        // The area: the circle's, less the four caps beyond the walls, less what the chords
        // cut off the arc (at most a bulge deep along it).
        let cap =
            |h: f64| radius * radius * (h / radius).acos() - h * (radius * radius - h * h).sqrt();
        let expected = std::f64::consts::PI * radius * radius - 4.0 * cap(9.0);
        let arc_left = 2.0 * std::f64::consts::PI * radius - 8.0 * radius * (9.0 / radius).acos();
        assert!(
            seen.area() <= expected + 1e-9,
            "{} over {expected}",
            seen.area()
        );
        assert!(
            seen.area() >= expected - bulge * arc_left,
            "{} under {expected}",
            seen.area()
        );
    }
}
