//! Turning floating-point input into the walk's exact integer form.
//!
//! Positions become fixed point with [`FRAC_BITS`] fraction bits (rounded down, so the cell of
//! a point never changes). A direction is scaled by a power of two, which is exact, until its
//! larger component lies in `[2^29, 2^30)`, then truncated to integers. On the 1/1024 lattice with
//! magnitudes below 4096 nothing is rounded at all: a lattice vector's components are integer
//! multiples of 2^-10 below 2^13, and the scale is at least 2^16.

/// Fraction bits of a fixed-point position.
pub(crate) const FRAC_BITS: u32 = 32;
/// One tile in fixed point.
pub(crate) const ONE: i64 = 1 << FRAC_BITS;
/// The larger direction component is scaled into `[2^(DIR_BITS-1), 2^DIR_BITS]`.
const DIR_BITS: i32 = 30;

/// A position in fixed point: `floor(v * 2^32)`, the unit grid's. The caller guarantees
/// `|v| <= DOMAIN`.
#[cfg(test)]
fn to_fixed(v: f64) -> i64 {
    to_fixed_scaled(v, ONE as f64)
}

/// A position in fixed point with `scale = 2^b` (`b` fraction bits): `floor(v * scale)`. The
/// caller guarantees that the result stays below 2^57 in magnitude.
#[inline]
pub(crate) fn to_fixed_scaled(v: f64, scale: f64) -> i64 {
    // `v * 2^b` is exact; truncate, then step down for negative fractions.
    // (No `f64::floor`: without SSE4.1 it is a libm call, a tenth of a camera ray's time.)
    let scaled = v * scale;
    let truncated = scaled as i64;
    truncated - ((truncated as f64) > scaled) as i64
}

/// `x * 2^k`, exact unless the result over- or underflows.
#[inline]
fn scale_by_pow2(mut x: f64, mut k: i32) -> f64 {
    if (-1000..=1000).contains(&k) {
        return x * f64::from_bits(((k + 1023) as u64) << 52);
    }
    // 2^k itself is only representable for -1022 <= k <= 1023: go in steps.
    while k > 1000 {
        x *= f64::from_bits(((1000 + 1023) as u64) << 52);
        k -= 1000;
    }
    while k < -1000 {
        x *= f64::from_bits(((-1000 + 1023) as u64) << 52);
        k += 1000;
    }
    x * f64::from_bits(((k + 1023) as u64) << 52)
}

/// The binary exponent `e` of a positive finite `m`: `2^e <= m < 2^(e+1)`.
#[inline]
fn exponent(m: f64) -> i32 {
    let biased = ((m.to_bits() >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // Subnormal: normalise first.
        exponent(m * f64::from_bits((64 + 1023_u64) << 52)) - 64
    } else {
        biased - 1023
    }
}

/// The direction as integers of at most [`DIR_BITS`] bits, pointing the same way. Components
/// must be finite; `(0, 0)` stays `(0, 0)`. Scaled components are truncated towards zero, which
/// changes nothing where they are integers (the lattice); a component below 2^-29 of the other
/// becomes zero (the walk then treats the direction as axis-aligned).
#[inline]
pub(crate) fn quantize_direction(dx: f64, dy: f64) -> (i64, i64) {
    let m = dx.abs().max(dy.abs());
    if m == 0.0 {
        return (0, 0);
    }
    let k = (DIR_BITS - 1) - exponent(m);
    (scale_by_pow2(dx, k) as i64, scale_by_pow2(dy, k) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_point_keeps_the_cell_of_every_point() {
        for v in [
            0.0,
            -0.0,
            0.5,
            1.0,
            -1.0,
            -0.25,
            3.999_999_999_999,
            -1e-300,
            1e-300,
        ] {
            assert_eq!(to_fixed(v) >> FRAC_BITS, v.floor() as i64, "{v}");
        }
    }

    #[test]
    fn lattice_directions_are_exact() {
        // 3/1024 and 4095.5: both scale to integers without rounding.
        let (x, y) = quantize_direction(3.0 / 1024.0, 4095.5);
        assert_eq!(x as f64 / y as f64, (3.0 / 1024.0) / 4095.5);
        let (x, y) = quantize_direction(-7.0, 0.0);
        assert_eq!((x, y), (-7 << 27, 0), "4 <= 7 < 8: scaled by 2^27");
        assert!(y == 0 && x.abs() < 1 << 30);
    }

    #[test]
    fn tiny_and_huge_directions_scale() {
        let (x, y) = quantize_direction(5e-324, -5e-324);
        assert_eq!((x, y), (1 << 29, -(1 << 29)));
        let (x, y) = quantize_direction(f64::MAX, f64::MAX / 4.0);
        assert_eq!(x, (1 << 30) - 1);
        assert_eq!(y, (1 << 28) - 1);
    }
}
