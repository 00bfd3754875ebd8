use super::Vec2;

/// Where the ray `origin + t * dir` (`t >= 0`) first meets the circle at `centre` with
/// `radius`, in units of `dir`; a ray starting inside meets it at 0. `None` when it misses,
/// when `dir` is zero, or for NaN input. A tangent ray meets it at its touching point.
///
/// ```
/// use tilecaster::geom::{Vec2, ray_circle};
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
}
