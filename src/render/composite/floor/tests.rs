//! The floor sweep's fills and walks against plain per-pixel loops.

use super::*;
use crate::render::assets::FogBlend;
use proptest::prelude::*;

/// The run of `len` pixels `fill` draws, checked to be all it wrote: a pixel on either side
/// stays as it was (case `case` of a test, drawn with `loops`).
fn filled_alone(
    (case, loops): (usize, kernels::Loops),
    len: usize,
    fill: impl FnOnce(&mut [u32]),
) -> Vec<u32> {
    let mut row = vec![7u32; len + 2];
    fill(&mut row[1..=len]);
    assert_eq!(
        (row[0], row[len + 1]),
        (7, 7),
        "case {case}: wrote beside the run ({loops:?})"
    );
    row[1..=len].to_vec()
}

/// A texture filled a texel at a time where it is seen magnified holds at every pixel the
/// texel that fetching each pixel's gives ([`kernels::texture_run`], the baseline), and
/// nothing is written beside the run: textures and mipmap levels of every size down to 1x1,
/// steps from the magnified bound down to none along an axis, both ways, runs shorter and
/// longer than a texel's store, clear and fogged. Both builds: the baseline's and, where the
/// CPU has it, the AVX2 one.
#[test]
fn magnified_textures_filled_a_texel_at_a_time_hold_each_pixels_texel() {
    let mut next = kernels::numbers(0x9E37_79B9_7F4A_7C15);
    for case in 0..3000 {
        let size = 1u32 << (next() % 8);
        let rgba: Vec<u8> = (0..size * size * 4).map(|_| next() as u8 | 0x80).collect();
        let texture = crate::texture::Texture::from_rgba(size, &rgba, None);
        let mip = texture.mip((next() % 8) as u32);
        let shift = 32 - mip.shift();
        // Steps along both axes together of at most a texel over the bound's pixels.
        let most = (1u64 << shift) / TEXEL_RUN;
        let split = next() % (most + 1);
        let sign = |n: u64| if n & 1 == 0 { 1 } else { -1 };
        let mut step = (
            split as i64 * sign(next()),
            (most - split) as i64 * sign(next()),
        );
        match case % 7 {
            0 => step.0 = 0,
            1 => step.1 = 0,
            2 => step = (step.0 / 9, step.1 / 9),
            _ => {}
        }
        assert!(
            magnified(step, shift),
            "case {case}: {step:?} not magnified"
        );
        let at = ((next() >> 2) as i64, (next() >> 2) as i64);
        let fog = if case % 3 == 0 {
            FogBlend::default()
        } else {
            FogBlend::of([40, 50, 60], (next() % 257) as u32)
        };
        let len = (next() % 300) as usize;
        let mut fetched = vec![0u32; len];
        // (The baseline takes the positions' and the steps' fractions.)
        let (from, by) = ((at.0 as u32, at.1 as u32), (step.0 as u32, step.1 as u32));
        kernels::texture_run(
            kernels::Loops::new(false),
            (mip, shift),
            &mut fetched,
            from,
            by,
            &fog,
        );
        for loops in [kernels::Loops::new(false), kernels::Loops::new(true)] {
            let run = filled_alone((case, loops), len, |run| {
                kernels::fill_by_texel::<Fills, TEXEL_STORE>(
                    loops,
                    run,
                    (at, step),
                    shift,
                    &fog,
                    |_| mip,
                );
            });
            assert!(
                run == fetched,
                "case {case}: side {}, at {at:?}, step {step:?} ({loops:?})",
                1u32 << mip.shift()
            );
        }
    }
}

/// The bound between the two ways of drawing a texture: filled a texel at a time where the
/// steps along both axes together are an eighth of a texel or less.
#[test]
fn textures_are_filled_by_texel_only_where_magnified() {
    let texel = 1i64 << 26; // a 64-texel side
    assert!(magnified((texel / 16, texel / 16), 26));
    assert!(magnified((0, -texel / 8), 26));
    assert!(!magnified((texel / 16, texel / 16 + 1), 26));
    assert!(!magnified((texel, 0), 26));
    // A 1x1 level (its fraction shifted out whole) and the farthest rows' steps.
    assert!(magnified((1 << 29, 0), 32));
    assert!(!magnified((i64::MAX / 2, i64::MAX / 2), 32));
}

/// Filled a sample at a time, a run holds at every pixel the fogged texel of the sample
/// under it in its cell's copy, found pixel by pixel, and nothing is written beside the
/// run: samples of a few pixels to hundreds, runs shorter and longer than a sample's
/// store and across cells (each with a copy of its own), steps both ways and along one
/// axis alone (the crossings counted on by adding, as the division finds each). Both
/// builds: the baseline's and, where the CPU has it, the AVX2 one.
#[test]
fn fills_by_sample_hold_each_pixels_own_sample() {
    let copy = |seed: usize| {
        let rgba: Vec<u8> = (0..8 * 8 * 4)
            .map(|i| ((i + seed) * 37 % 251) as u8 | 0x80)
            .collect();
        crate::texture::Texture::from_rgba(8, &rgba, None)
    };
    let copies = [copy(0), copy(11), copy(29)];
    let copy_of = |(x, y): (i32, i32)| {
        copies[x.wrapping_add(y.wrapping_mul(2)).rem_euclid(3) as usize].mip(0)
    };
    let fog = FogBlend::of([40, 50, 60], 90);
    let mut next = kernels::numbers(0x2545_F491_4F6C_DD1D);
    for case in 0..3000 {
        let len = (next() % 400) as usize;
        // A sample (2^29) spans from 2 to about 600 pixels.
        let span = 1i64 << SAMPLE_BITS;
        let size = |n: u64| span / (2 + (n % 600) as i64);
        let sign = |n: u64| if n & 1 == 0 { 1 } else { -1 };
        let mut step = (size(next()) * sign(next()), size(next()) * sign(next()) / 3);
        // Along one axis only, now and then.
        match case % 11 {
            0 => step.0 = 0,
            1 => step.1 = 0,
            _ => {}
        }
        let at = ((next() >> 1) as i64, (next() >> 1) as i64);
        for loops in [kernels::Loops::new(false), kernels::Loops::new(true)] {
            let run = filled_alone((case, loops), len, |run| {
                kernels::fill_by_texel::<Fills, SAMPLE_STORE>(
                    loops,
                    run,
                    (at, step),
                    SAMPLE_BITS,
                    &fog,
                    copy_of,
                );
            });
            for (k, &pixel) in run.iter().enumerate() {
                let p = advance(at, step, k);
                let (sx, sy) = ((p.0 as u32) >> SAMPLE_BITS, (p.1 as u32) >> SAMPLE_BITS);
                let texel = copy_of(cell_of(p)).texel(sx, sy);
                assert_eq!(
                    pixel,
                    fog.blend(texel),
                    "case {case}, pixel {k} of {len} ({loops:?})"
                );
            }
        }
    }
}

/// The crossings into sample after sample, counted on by adding, fall where dividing
/// from each crossing's position puts them: steps that divide a sample exactly and that
/// do not, both ways, from positions on a sample's edge, a step off it and anywhere.
#[test]
fn crossings_fall_where_the_division_puts_them() {
    let span = 1i64 << SAMPLE_BITS;
    let mut steps = vec![1, 3, span / 64, span / 8, span / 7, span / 5 + 1, span / 16];
    steps.extend((1..40).map(|k| span / (k * 13 + 2) + k));
    for step in steps.clone() {
        steps.push(-step);
    }
    for &step in &steps {
        for at in [
            0,
            span,
            5 * span,
            step.abs(),
            3 * span - step.abs(),
            12_345_678_901,
        ] {
            let mut crossings = Crossings::new(at, step, SAMPLE_BITS);
            let (mut pos, mut pixel) = (at, 0u64);
            for k in 0..40 {
                let n = crate::lighting::steps_within(pos, step, SAMPLE_BITS);
                pixel += n;
                pos = advance((pos, 0), (step, 0), n as usize).0;
                assert_eq!(crossings.next, pixel, "step {step} from {at}: crossing {k}");
                crossings.pass();
            }
        }
    }
}

proptest! {
    /// Crossing by crossing, a cell walk is at the cell of every pixel of the run, from
    /// the crossing on to the next (checked with wide integers, so no step wraps): steps
    /// of a few units to several cells a pixel, both ways, along one axis or two.
    #[test]
    fn cell_walks_are_at_every_pixels_cell(
        at in (-(1i64 << 40)..(1i64 << 40), -(1i64 << 40)..(1i64 << 40)),
        step in (
            prop_oneof![-(1i64 << 34)..(1i64 << 34), -64i64..64, Just(0i64)],
            prop_oneof![-(1i64 << 34)..(1i64 << 34), -64i64..64, Just(0i64)],
        ),
    ) {
        let cell = |k: u64| {
            let on = |a: i64, s: i64| (i128::from(a) + i128::from(s) * k as i128) >> 32;
            (on(at.0, step.0) as i32, on(at.1, step.1) as i32)
        };
        let mut walk = CellWalk::new(at, step);
        let (mut from, pixels) = (0u64, 300u64);
        while from < pixels {
            let here = walk.cell;
            let to = walk.cross().min(pixels);
            prop_assert!(to > from, "no pixel between crossings {} and {}", from, to);
            for k in from..to {
                prop_assert_eq!(cell(k), here, "pixel {}", k);
            }
            from = to;
        }
    }
}
