//! Sine, cosine, arc tangent and length computed from the basic IEEE operations alone (add,
//! multiply, divide, square root: correctly rounded on every platform), so that the game's
//! simulation gives the same bits natively and in the browser. The platform's own `sin`,
//! `atan2` and `hypot` come from different libraries there (glibc natively, a port of musl's
//! in WebAssembly) and may differ in the last bit, which a recording replayed in the other
//! place would show as another game.

use std::f64::consts::{FRAC_1_SQRT_2, FRAC_PI_2, FRAC_PI_6, PI};

/// `sin` and `cos` of `degrees`: within an ulp or two of the exact values, exactly 0 and ±1 at
/// multiples of 90 degrees, and of equal size at odd multiples of 45.
///
/// ```
/// use tilecaster_grid::math::sin_cos_degrees;
/// assert_eq!(sin_cos_degrees(90.0), (1.0, 0.0));
/// let (s, c) = sin_cos_degrees(30.0);
/// assert!((s - 0.5).abs() < 1e-15 && (c - 0.75f64.sqrt()).abs() < 1e-15);
/// ```
pub fn sin_cos_degrees(degrees: f64) -> (f64, f64) {
    if !degrees.is_finite() {
        return (f64::NAN, f64::NAN);
    }
    // The nearest multiple of 90 degrees, and the rest, within 45 of it.
    let d = degrees.rem_euclid(360.0);
    let quadrant = (d / 90.0).round();
    let r = (d - quadrant * 90.0) * (PI / 180.0);
    // At odd multiples of 45 degrees the two are equal: exactly, so that a diagonal is one.
    let (s, c) = if (d - quadrant * 90.0).abs() == 45.0 {
        (FRAC_1_SQRT_2.copysign(r), FRAC_1_SQRT_2)
    } else {
        (sin_near_zero(r), cos_near_zero(r))
    };
    match quadrant as u8 % 4 {
        0 => (s, c),
        1 => (c, -s + 0.0),
        2 => (-s + 0.0, -c),
        _ => (-c, s),
    }
}

/// The angle of `(x, y)` in degrees from +x towards +y, in (-180, 180] (0 for the origin).
///
/// ```
/// use tilecaster_grid::math::atan2_degrees;
/// assert_eq!(atan2_degrees(1.0, 0.0), 90.0);
/// assert!((atan2_degrees(1.0, 1.0) - 45.0).abs() < 1e-12);
/// ```
pub fn atan2_degrees(y: f64, x: f64) -> f64 {
    if y.is_nan() || x.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && y == 0.0 {
        return 0.0;
    }
    let (ax, ay) = (x.abs(), y.abs());
    // The angle in the first quadrant, from the smaller over the larger side.
    let first = if ay <= ax {
        atan_unit(ay / ax)
    } else {
        FRAC_PI_2 - atan_unit(ax / ay)
    };
    let radians = match (x < 0.0, y < 0.0) {
        (false, false) => first,
        (true, false) => PI - first,
        (true, true) => first - PI,
        (false, true) => -first,
    };
    radians * (180.0 / PI)
}

/// The turn from heading `from` to heading `to`, degrees, the shorter way: in [-180, 180),
/// positive clockwise (towards +y, to the right).
///
/// ```
/// use tilecaster_grid::math::turn_degrees;
/// assert_eq!(turn_degrees(350.0, 10.0), 20.0);
/// assert_eq!(turn_degrees(10.0, 350.0), -20.0);
/// ```
pub fn turn_degrees(from: f64, to: f64) -> f64 {
    (to - from + 540.0).rem_euclid(360.0) - 180.0
}

/// The length of `(x, y)`: the square root of the sum of squares (hypot's care for
/// overflow only where the squares would overflow).
pub fn length(x: f64, y: f64) -> f64 {
    let sum = x * x + y * y;
    if sum.is_finite() && sum > f64::MIN_POSITIVE {
        sum.sqrt()
    } else if x.is_infinite() || y.is_infinite() {
        f64::INFINITY
    } else if x.is_nan() || y.is_nan() {
        f64::NAN
    } else {
        // Huge or tiny: scaled by the larger side.
        let m = x.abs().max(y.abs());
        if m == 0.0 {
            return 0.0;
        }
        let (a, b) = (x / m, y / m);
        m * (a * a + b * b).sqrt()
    }
}

/// sin(r) for |r| <= pi/4: the Taylor series to r^19 (its next term is below 1e-20).
fn sin_near_zero(r: f64) -> f64 {
    let r2 = r * r;
    let mut sum = 0.0;
    for k in (0..10).rev() {
        // Term k: (-1)^k r^(2k+1) / (2k+1)!, summed by Horner's rule from the smallest.
        sum = 1.0 / f64::from(2 * k + 2) / f64::from(2 * k + 3) * -r2 * sum + 1.0;
    }
    r * sum
}

/// cos(r) for |r| <= pi/4: the Taylor series to r^20.
fn cos_near_zero(r: f64) -> f64 {
    let r2 = r * r;
    let mut sum = 0.0;
    for k in (0..10).rev() {
        sum = 1.0 / f64::from(2 * k + 1) / f64::from(2 * k + 2) * -r2 * sum + 1.0;
    }
    sum
}

/// atan(t) for 0 <= t <= 1: reduced below tan(pi/12) by atan(t) = pi/6 + atan((t sqrt3 - 1) /
/// (t + sqrt3)), then the Taylor series to t^31 (below 2e-19 there).
fn atan_unit(t: f64) -> f64 {
    const TAN_PI_12: f64 = 0.267_949_192_431_122_7;
    const SQRT_3: f64 = 1.732_050_807_568_877_2;
    let (base, t) = if t > TAN_PI_12 {
        (FRAC_PI_6, (t * SQRT_3 - 1.0) / (t + SQRT_3))
    } else {
        (0.0, t)
    };
    let t2 = t * t;
    let mut sum = 0.0;
    for k in (0..16).rev() {
        let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
        sum = sum * t2 + sign / f64::from(2 * k + 1);
    }
    base + t * sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sine_cosine_and_arc_tangent_agree_with_the_platforms_to_an_ulp_or_two() {
        let mut worst: f64 = 0.0;
        for i in -7200..=7200 {
            let d = f64::from(i) * 0.137 + 0.01;
            let (s, c) = sin_cos_degrees(d);
            // The platform's, of the angle reduced in degrees (exactly) first: for large
            // angles it would otherwise round the radians a few ulps off.
            let (ps, pc) = d.rem_euclid(360.0).to_radians().sin_cos();
            worst = worst.max((s - ps).abs()).max((c - pc).abs());
            let back = atan2_degrees(s, c);
            let expected = ps.atan2(pc).to_degrees();
            assert!((back - expected).abs() < 1e-11, "{d}: {back} {expected}");
        }
        assert!(worst < 4.0 * f64::EPSILON, "{worst}");
        for (d, sc) in [
            (0.0, (0.0, 1.0)),
            (90.0, (1.0, 0.0)),
            (180.0, (0.0, -1.0)),
            (270.0, (-1.0, 0.0)),
        ] {
            assert_eq!(sin_cos_degrees(d), sc, "{d}");
        }
        assert_eq!(atan2_degrees(0.0, -1.0), 180.0);
        assert_eq!(atan2_degrees(-1.0, 0.0), -90.0);
        assert!(sin_cos_degrees(f64::NAN).0.is_nan());
    }

    #[test]
    fn length_is_the_root_of_the_sum_of_squares_even_far_out() {
        assert_eq!(length(3.0, 4.0), 5.0);
        let close = |a: f64, b: f64| ((a - b) / b).abs() < 4.0 * f64::EPSILON;
        assert!(close(length(3e200, 4e200), 5e200));
        assert!(close(length(3e-200, 4e-200), 5e-200));
        assert_eq!(length(0.0, -0.0), 0.0);
        assert!(length(f64::NAN, 1.0).is_nan());
        assert_eq!(length(f64::INFINITY, f64::NAN), f64::INFINITY);
    }
}
