//! The kernels in AVX2 (x86-64 only): each is called only where [`super::Loops`] found the
//! CPU has AVX2, and gives the same pixels as its baseline in [`super::scalar`] (the same
//! 32-bit arithmetic in every lane; the tests in `super` compare them). The pixels a vector
//! loop leaves over (fewer than eight) are the baseline's.

use super::scalar;
use crate::render::assets::FogBlend;
use crate::texture::Mip;

/// A magnified wall's column (less than a texel a row): eight rows show at most eight
/// neighbouring texels, so they are one load of eight texels from the first one's and one
/// permutation of its lanes (no gather), stored down the column lane by lane. Where the eight
/// texels would run past the end of `texels` (they wrap), as the baseline does. The same
/// texels as [`scalar::copy_down`]: lane `k` takes texel `(pos + k * step) >> 16`, counted from
/// the first texel's `pos >> 16` as `(pos mod 2^16 + k * step) >> 16`.
///
/// Not a `#[target_feature]` function but always inlined, so that it is compiled for AVX2
/// where its caller is: the wall sweep ([`wall_sweep`]). (As a `#[target_feature]`
/// function it stayed a call, one per column per band, and a 1920x1080 frame took 0.2 M
/// instructions more; elsewhere, as in the tests, its intrinsics are calls.)
///
/// # Safety
///
/// The CPU must have AVX2.
#[inline(always)]
pub(super) unsafe fn copy_down(
    texels: &[u32],
    (mut pos, step): (u64, u64),
    pixels: &mut [u32],
    stride: usize,
) {
    use std::arch::x86_64::*;
    // SAFETY (of the intrinsics in this block): the caller makes sure the CPU has AVX2.
    unsafe {
        let mask = texels.len() - 1;
        // Lane k: k steps on (step < 2^16, so 7 steps and a fraction stay under 2^19).
        let steps = _mm256_mullo_epi32(
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
            _mm256_set1_epi32(step as i32),
        );
        let (mut i, n) = (0, pixels.len());
        while i + 7 * stride < n {
            let first = (pos >> 16) as usize & mask;
            let Some(eight) = texels.get(first..first + 8) else {
                break;
            };
            let fraction = _mm256_set1_epi32((pos & 0xFFFF) as i32);
            let lanes = _mm256_srli_epi32::<16>(_mm256_add_epi32(fraction, steps));
            // `eight` has eight texels, read whole.
            let loaded = _mm256_loadu_si256(eight.as_ptr().cast());
            let got = _mm256_permutevar8x32_epi32(loaded, lanes);
            let column = &mut pixels[i..=i + 7 * stride];
            column[0] = _mm256_extract_epi32::<0>(got) as u32;
            column[stride] = _mm256_extract_epi32::<1>(got) as u32;
            column[2 * stride] = _mm256_extract_epi32::<2>(got) as u32;
            column[3 * stride] = _mm256_extract_epi32::<3>(got) as u32;
            column[4 * stride] = _mm256_extract_epi32::<4>(got) as u32;
            column[5 * stride] = _mm256_extract_epi32::<5>(got) as u32;
            column[6 * stride] = _mm256_extract_epi32::<6>(got) as u32;
            column[7 * stride] = _mm256_extract_epi32::<7>(got) as u32;
            pos += 8 * step;
            i += 8 * stride;
        }
        scalar::copy_down(texels, (pos, step), &mut pixels[i.min(n)..], stride);
    }
}

/// [`super::wall_sweep`] with AVX2 enabled: the sweep (always inlined) and the column loop
/// in it ([`copy_down`]) become AVX2 code.
#[target_feature(enable = "avx2")]
pub(super) fn wall_sweep<S: super::WallSweep>(
    scene: &S,
    rows: (i32, i32),
    w: usize,
    band: &mut [u32],
) {
    scene.sweep(rows, w, band);
}

/// [`super::fill_by_texel`] built for AVX2 (the same code: its stores of a texel's pixels
/// 32 bytes wide).
#[target_feature(enable = "avx2")]
pub(super) fn fill_by_texel<'t, F: super::TexelFill, const STORE: usize>(
    run: &mut [u32],
    (at, step): ((i64, i64), (i64, i64)),
    unit: u32,
    fog: &FogBlend,
    copy_of: impl FnMut((i32, i32)) -> &'t Mip,
) {
    F::fill::<STORE>(run, (at, step), unit, fog, copy_of);
}

/// Eight pixels at a time: their texel indices computed in the lanes of one vector, the
/// texels fetched with one gather (or, where the run is magnified, picked from the 2x2 texels
/// they lie in) and (with `FOG`) blended eight at a time before they are stored; the pixels
/// left over (fewer than eight) with the run's last eight fetched again and stored over them
/// (a run shorter than eight as the baseline does). The same texels as
/// [`scalar::texture_run`]: the same 32-bit arithmetic, lane by lane.
#[target_feature(enable = "avx2")]
pub(super) fn texture_run<const FOG: bool>(
    tex: &Mip,
    shift: u32,
    run: &mut [u32],
    at: (u32, u32),
    step: (u32, u32),
    fog: &FogBlend,
) {
    use std::arch::x86_64::*;
    let texels = tex.texels();
    let mask = _mm256_set1_epi32((texels.len() - 1) as i32);
    let down = _mm_cvtsi32_si128(shift as i32);
    let across = _mm_cvtsi32_si128(tex.shift() as i32);
    let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let start = |at: u32, step: u32| {
        _mm256_add_epi32(
            _mm256_set1_epi32(at as i32),
            _mm256_mullo_epi32(lanes, _mm256_set1_epi32(step as i32)),
        )
    };
    let (mut u, mut v) = (start(at.0, step.0), start(at.1, step.1));
    let eight = |step: u32| _mm256_set1_epi32(step.wrapping_mul(8) as i32);
    let (du, dv) = (eight(step.0), eight(step.1));
    let blend = FogLanes::new(fog);
    let mut chunks = run.chunks_exact_mut(8);
    // Magnified (seven steps go less than a texel along each axis): the eight pixels lie in
    // a block of 2x2 texels, the one from the first pixel's texel on in the directions of the
    // steps; four loads and one lane permutation fetch them, no gather.
    let within = |step: u32| 7 * u64::from((step as i32).unsigned_abs()) < 1u64 << shift;
    if within(step.0) && within(step.1) {
        let side = (1u32 << tex.shift()) - 1;
        let sides = _mm256_set1_epi32(side as i32);
        let back = |step: u32| if (step as i32) < 0 { side } else { 0 };
        let (back_u, back_v) = (back(step.0), back(step.1));
        let across = tex.shift();
        for chunk in &mut chunks {
            let (tu, tv) = (_mm256_srl_epi32(u, down), _mm256_srl_epi32(v, down));
            // The block's corner: the first pixel's texel, or the one before it along an axis
            // the steps go down.
            let bu = (_mm256_cvtsi256_si32(tu) as u32).wrapping_add(back_u) & side;
            let bv = (_mm256_cvtsi256_si32(tv) as u32).wrapping_add(back_v) & side;
            let (column, next_column) = (bu << across, ((bu + 1) & side) << across);
            let bv1 = (bv + 1) & side;
            // SAFETY: `bu`, `bv` and their successors are masked to under the texture's side
            // (`side` + 1, a power of two), so each index, a column's times the side plus a
            // row's, is under the side squared: the texels' length.
            let block = unsafe {
                let t = |at: u32| *texels.get_unchecked(at as usize) as i32;
                _mm_setr_epi32(
                    t(column | bv),
                    t(column | bv1),
                    t(next_column | bv),
                    t(next_column | bv1),
                )
            };
            // Each lane's offset from the block's corner, 0 or 1 along each axis.
            let offset = |t: __m256i, b: u32| {
                _mm256_and_si256(_mm256_sub_epi32(t, _mm256_set1_epi32(b as i32)), sides)
            };
            let pick = _mm256_or_si256(_mm256_slli_epi32::<1>(offset(tu, bu)), offset(tv, bv));
            let got = _mm256_permutevar8x32_epi32(_mm256_zextsi128_si256(block), pick);
            let got = if FOG { blend.blend(got) } else { got };
            // SAFETY: the store writes the eight pixels of `chunk`, which has exactly eight.
            unsafe { _mm256_storeu_si256(chunk.as_mut_ptr().cast::<__m256i>(), got) };
            u = _mm256_add_epi32(u, du);
            v = _mm256_add_epi32(v, dv);
        }
    }
    for chunk in &mut chunks {
        let column = _mm256_sll_epi32(_mm256_srl_epi32(u, down), across);
        let index = _mm256_and_si256(_mm256_or_si256(column, _mm256_srl_epi32(v, down)), mask);
        // SAFETY: every lane of `index` is masked to at most `texels.len() - 1` (the length
        // is a power of two), so each of the eight reads is inside `texels`; the store writes
        // the eight pixels of `chunk`, which has exactly eight.
        unsafe {
            let got = _mm256_i32gather_epi32::<4>(texels.as_ptr().cast::<i32>(), index);
            let got = if FOG { blend.blend(got) } else { got };
            _mm256_storeu_si256(chunk.as_mut_ptr().cast::<__m256i>(), got);
        }
        u = _mm256_add_epi32(u, du);
        v = _mm256_add_epi32(v, dv);
    }
    let rest = chunks.into_remainder().len();
    if rest == 0 {
        return;
    }
    let n = run.len();
    if n < 8 {
        scalar::texture_run::<FOG>(tex, shift, run, at, step, fog);
        return;
    }
    // The last few pixels: the last eight fetched again and stored over (the same texels:
    // each pixel's is found from its own position), where a loop over them one by one
    // ended at a different count every run, a branch the predictor missed.
    let first = (n - 8) as u32;
    let (u, v) = (
        start(at.0.wrapping_add(step.0.wrapping_mul(first)), step.0),
        start(at.1.wrapping_add(step.1.wrapping_mul(first)), step.1),
    );
    let column = _mm256_sll_epi32(_mm256_srl_epi32(u, down), across);
    let index = _mm256_and_si256(_mm256_or_si256(column, _mm256_srl_epi32(v, down)), mask);
    // SAFETY: as in the loop above: every lane of `index` is masked to at most
    // `texels.len() - 1`; the store writes `run[n - 8..n]`, inside `run` (`n >= 8`).
    unsafe {
        let got = _mm256_i32gather_epi32::<4>(texels.as_ptr().cast::<i32>(), index);
        let got = if FOG { blend.blend(got) } else { got };
        _mm256_storeu_si256(run[n - 8..].as_mut_ptr().cast::<__m256i>(), got);
    }
}

/// [`FogBlend::blend_always`] for eight pixels in the lanes of a vector.
#[derive(Clone, Copy)]
struct FogLanes {
    keep: std::arch::x86_64::__m256i,
    rb: std::arch::x86_64::__m256i,
    g: std::arch::x86_64::__m256i,
}

impl FogLanes {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new(fog: &FogBlend) -> FogLanes {
        use std::arch::x86_64::_mm256_set1_epi32;
        let (keep, rb, g) = fog.factors();
        FogLanes {
            keep: _mm256_set1_epi32(keep as i32),
            rb: _mm256_set1_epi32(rb as i32),
            g: _mm256_set1_epi32(g as i32),
        }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn blend(self, texels: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        let (red_blue, green) = (
            _mm256_set1_epi32(0x00FF_00FF),
            _mm256_set1_epi32(0x0000_FF00),
        );
        // (Written out for the two channels rather than as a closure: closures that returned
        // vectors were compiled as calls in the wall-tile experiments, see docs/performance.md.)
        let rb = _mm256_mullo_epi32(_mm256_and_si256(texels, red_blue), self.keep);
        let rb = _mm256_srli_epi32::<8>(_mm256_add_epi32(rb, self.rb));
        let g = _mm256_mullo_epi32(_mm256_and_si256(texels, green), self.keep);
        let g = _mm256_srli_epi32::<8>(_mm256_add_epi32(g, self.g));
        let alpha = _mm256_andnot_si256(_mm256_or_si256(red_blue, green), texels);
        let channels = _mm256_or_si256(_mm256_and_si256(rb, red_blue), _mm256_and_si256(g, green));
        _mm256_or_si256(channels, alpha)
    }
}

#[target_feature(enable = "avx2")]
/// [`scalar::fog_run`] compiled for AVX2 (the compiler makes it eight pixels wide).
pub(super) fn fog_run(fog: &FogBlend, run: &mut [u32]) {
    scalar::fog_run(fog, run);
}

/// [`tint_run`]'s arithmetic on the pixels in a 128-bit vector's lanes (SSE2, every x86-64
/// has it), `scale` and `offset` its lanes of a pixel's channels twice. (Built for AVX2 as
/// its one caller is, so that it is inlined there.)
#[inline]
#[target_feature(enable = "avx2")]
fn tint4(
    pixels: std::arch::x86_64::__m128i,
    (scale, offset): (std::arch::x86_64::__m128i, std::arch::x86_64::__m128i),
) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::*;
    let zero = _mm_setzero_si128();
    let low = _mm_unpacklo_epi8(zero, pixels);
    let high = _mm_unpackhi_epi8(zero, pixels);
    let low = _mm_adds_epi16(_mm_mulhi_epu16(low, scale), offset);
    let high = _mm_adds_epi16(_mm_mulhi_epu16(high, scale), offset);
    _mm_packus_epi16(low, high)
}

#[target_feature(enable = "avx2")]
/// Eight pixels at a time (see [`super::tint_run`]); then four, then the last few one at a
/// time in a vector's low lanes, the same arithmetic (a sample of light spans a few pixels
/// where a floor is far: the baseline's loop a pixel at a time was a tenth of the editor's
/// redraw after a light was added).
pub(super) fn tint_run(tint: &crate::lighting::Tint, run: &mut [u32]) {
    use std::arch::x86_64::*;
    let lanes = |v: [i16; 4]| {
        let q = i64::from(v[0] as u16)
            | i64::from(v[1] as u16) << 16
            | i64::from(v[2] as u16) << 32
            | i64::from(v[3] as u16) << 48;
        _mm256_set1_epi64x(q)
    };
    let scale = lanes(tint.scale.map(|s| s as i16));
    let offset = lanes(tint.offset);
    let zero = _mm256_setzero_si256();
    let mut chunks = run.chunks_exact_mut(8);
    for chunk in &mut chunks {
        let at = chunk.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `chunk` is eight `u32`s, 32 bytes: the unaligned load and store touch
        // exactly them.
        let pixels = unsafe { _mm256_loadu_si256(at) };
        let low = _mm256_unpacklo_epi8(zero, pixels);
        let high = _mm256_unpackhi_epi8(zero, pixels);
        let low = _mm256_adds_epi16(_mm256_mulhi_epu16(low, scale), offset);
        let high = _mm256_adds_epi16(_mm256_mulhi_epu16(high, scale), offset);
        // SAFETY: as the load.
        unsafe { _mm256_storeu_si256(at, _mm256_packus_epi16(low, high)) };
    }
    // (The same lanes in a 128-bit vector: a pixel's channels twice.)
    let tint_lanes = (
        _mm256_castsi256_si128(scale),
        _mm256_castsi256_si128(offset),
    );
    let mut rest = chunks.into_remainder();
    if rest.len() >= 4 {
        let (four, after) = std::mem::take(&mut rest).split_at_mut(4);
        let at = four.as_mut_ptr().cast::<__m128i>();
        // SAFETY: `four` is four `u32`s, 16 bytes: the unaligned load and store touch exactly
        // them.
        unsafe { _mm_storeu_si128(at, tint4(_mm_loadu_si128(at), tint_lanes)) };
        rest = after;
    }
    for pixel in rest {
        *pixel = _mm_cvtsi128_si32(tint4(_mm_cvtsi32_si128(*pixel as i32), tint_lanes)) as u32;
    }
}

#[target_feature(enable = "avx2")]
/// Eight texels at a time (see [`super::light_column`]; `source` a power of two, at least 8, as
/// long as `out`): where a sample spans eight texels or more, its scale lanes in every lane;
/// where fewer, each texel's sample's lanes placed as the unpacking places the texel.
pub(super) fn light_column(source: &[u32], out: &mut [u32], scales: &[u64; 8]) {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    let len = source.len();
    let out = &mut out[..len];
    // Texels a sample spans (a power of two), as a shift.
    let per_sample = (len / 8).trailing_zeros();
    for (k, (from, to)) in source
        .chunks_exact(8)
        .zip(out.chunks_exact_mut(8))
        .enumerate()
    {
        // Unpacking works within each 128-bit half: the low unpack holds texels 0, 1 and 4,
        // 5, the high one 2, 3 and 6, 7; their scales placed the same way.
        let (low_scale, high_scale) = if per_sample >= 3 {
            let scale = _mm256_set1_epi64x(scales[(k * 8) >> per_sample] as i64);
            (scale, scale)
        } else {
            let s = |p: usize| scales[(k * 8 + p) >> per_sample] as i64;
            (
                _mm256_set_epi64x(s(5), s(4), s(1), s(0)),
                _mm256_set_epi64x(s(7), s(6), s(3), s(2)),
            )
        };
        // SAFETY: `from` and `to` are eight `u32`s each, 32 bytes: the unaligned load and
        // store touch exactly them.
        let texels = unsafe { _mm256_loadu_si256(from.as_ptr().cast::<__m256i>()) };
        let low = _mm256_mulhi_epu16(_mm256_unpacklo_epi8(zero, texels), low_scale);
        let high = _mm256_mulhi_epu16(_mm256_unpackhi_epi8(zero, texels), high_scale);
        // SAFETY: as the load.
        unsafe {
            _mm256_storeu_si256(
                to.as_mut_ptr().cast::<__m256i>(),
                _mm256_packus_epi16(low, high),
            )
        };
    }
}
