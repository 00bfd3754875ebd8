use super::Vec2;

/// Where the ray `origin + t * dir` (`t >= 0`) first meets the circle at `centre` with
/// `radius`, in units of `dir`; a ray starting inside meets it at 0. `None` when it misses,
/// when `dir` is zero, or for NaN input. A tangent ray meets it at its touching point.
///
/// ```
/// use tilecaster_grid::math::{Vec2, ray_circle};
/// assert_eq!(ray_circle(Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(5.0, 0.0), 1.0), Some(4.0));
/// assert_eq!(ray_circle(Vec2::ZERO, Vec2::new(-1.0, 0.0), Vec2::new(5.0, 0.0), 1.0), None);
/// ```
pub fn ray_circle(origin: Vec2, dir: Vec2, centre: Vec2, radius: f64) -> Option<f64> {
    let a = dir.dot(dir);
    if a.is_nan() || a <= 0.0 || radius.is_nan() || radius < 0.0 {
        return None;
    }
    let to = origin - centre;
    let c = to.dot(to) - radius * radius;
    if c.is_nan() {
        return None;
    }
    if c <= 0.0 {
        return Some(0.0); // inside (or on) the circle
    }
    let b = to.dot(dir);
    if b.is_nan() || b >= 0.0 {
        return None; // pointing away
    }
    let disc = b * b - a * c;
    if disc.is_nan() || disc < 0.0 {
        return None;
    }
    Some((-b - disc.sqrt()) / a)
}

/// Where the ray `origin + t * dir` (`t >= 0`) first meets the segment from `a` to `b`, in
/// units of `dir`. A ray along a collinear segment meets it at its nearest point ahead (0 when
/// it starts on it); a degenerate segment (`a == b`) is a point the ray meets or not. `None`
/// when it misses, is parallel and apart, when `dir` is zero, or for NaN input.
///
/// ```
/// use tilecaster_grid::math::{Vec2, ray_segment};
/// let (a, b) = (Vec2::new(3.0, -1.0), Vec2::new(3.0, 1.0));
/// assert_eq!(ray_segment(Vec2::ZERO, Vec2::new(1.0, 0.0), a, b), Some(3.0));
/// assert_eq!(ray_segment(Vec2::ZERO, Vec2::new(0.0, 1.0), a, b), None);
/// ```
pub fn ray_segment(origin: Vec2, dir: Vec2, a: Vec2, b: Vec2) -> Option<f64> {
    let dd = dir.dot(dir);
    if !(dd > 0.0 && dd.is_finite() && origin.is_finite() && a.is_finite() && b.is_finite()) {
        return None;
    }
    let edge = b - a;
    let to_a = a - origin;
    let denom = dir.cross(edge);
    if denom == 0.0 {
        // Parallel: only a collinear segment (or a point on the ray's line) can meet it.
        if to_a.cross(dir) != 0.0 {
            return None;
        }
        let (ta, tb) = (to_a.dot(dir) / dd, (b - origin).dot(dir) / dd);
        let (near, far) = (ta.min(tb), ta.max(tb));
        return (far >= 0.0).then_some(near.max(0.0));
    }
    let t = to_a.cross(edge) / denom;
    let s = to_a.cross(dir) / denom;
    (t >= 0.0 && (0.0..=1.0).contains(&s)).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        let o = Vec2::ZERO;
        let e = Vec2::new(1.0, 0.0);
        assert_eq!(
            ray_circle(o, e, Vec2::new(3.0, 1.0), 1.0),
            Some(3.0),
            "tangent"
        );
        assert_eq!(
            ray_circle(o, e, Vec2::new(3.0, 1.5), 1.0),
            None,
            "passes by"
        );
        assert_eq!(
            ray_circle(o, e, Vec2::new(0.5, 0.0), 1.0),
            Some(0.0),
            "inside"
        );
        assert_eq!(ray_circle(o, e, Vec2::new(-3.0, 0.0), 1.0), None, "behind");
        assert_eq!(
            ray_circle(o, Vec2::ZERO, Vec2::new(3.0, 0.0), 1.0),
            None,
            "no direction"
        );
        assert_eq!(
            ray_circle(o, e, Vec2::new(3.0, 0.0), 0.0),
            Some(3.0),
            "zero radius on the ray"
        );
        assert_eq!(
            ray_circle(o, e * 2.0, Vec2::new(4.0, 0.0), 1.0),
            Some(1.5),
            "in units of dir"
        );
        assert_eq!(ray_circle(o, e, Vec2::new(f64::NAN, 0.0), 1.0), None);
    }

    #[test]
    fn segment_cases() {
        let o = Vec2::ZERO;
        let e = Vec2::new(1.0, 0.0);
        let v = |x, y| Vec2::new(x, y);
        assert_eq!(
            ray_segment(o, e, v(2.0, -1.0), v(2.0, 1.0)),
            Some(2.0),
            "across"
        );
        assert_eq!(
            ray_segment(o, e, v(2.0, 0.0), v(2.0, 1.0)),
            Some(2.0),
            "touching an end"
        );
        assert_eq!(
            ray_segment(o, e, v(2.0, 0.5), v(2.0, 1.0)),
            None,
            "passing by"
        );
        assert_eq!(
            ray_segment(o, e, v(-2.0, -1.0), v(-2.0, 1.0)),
            None,
            "behind"
        );
        assert_eq!(
            ray_segment(o, e, v(0.0, -1.0), v(0.0, 1.0)),
            Some(0.0),
            "starting on it"
        );
        assert_eq!(
            ray_segment(o, e, v(1.0, 1.0), v(5.0, 1.0)),
            None,
            "parallel, apart"
        );
        assert_eq!(
            ray_segment(o, e, v(5.0, 0.0), v(2.0, 0.0)),
            Some(2.0),
            "collinear ahead"
        );
        assert_eq!(
            ray_segment(o, e, v(-1.0, 0.0), v(2.0, 0.0)),
            Some(0.0),
            "collinear around"
        );
        assert_eq!(
            ray_segment(o, e, v(-3.0, 0.0), v(-1.0, 0.0)),
            None,
            "collinear behind"
        );
        assert_eq!(
            ray_segment(o, e, v(3.0, 0.0), v(3.0, 0.0)),
            Some(3.0),
            "a point on the ray"
        );
        assert_eq!(
            ray_segment(o, e, v(3.0, 1.0), v(3.0, 1.0)),
            None,
            "a point off the ray"
        );
        assert_eq!(
            ray_segment(o, Vec2::ZERO, v(2.0, -1.0), v(2.0, 1.0)),
            None,
            "no direction"
        );
        assert_eq!(
            ray_segment(o, e * 4.0, v(2.0, -1.0), v(2.0, 1.0)),
            Some(0.5),
            "in units of dir"
        );
        assert_eq!(
            ray_segment(o, e, v(f64::NAN, -1.0), v(2.0, 1.0)),
            None,
            "NaN"
        );
    }
}
