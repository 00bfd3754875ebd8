//! The renderer's per-pixel loops over runs of a row, for the baseline CPU and for AVX2
//! (picked at run time, where the CPU has it). The fog blend is one body compiled twice: with
//! AVX2 the compiler makes it 8-wide (the baseline x86-64 has no 32-bit vector multiply). The
//! floor's texel loop is written out with AVX2 intrinsics: eight texel indices computed in the
//! lanes of a vector and the texels fetched with one gather (the compiler did not make the
//! plain loop a gather: with the bounds check it stayed scalar, without it it extracted the
//! lanes one by one); on lodev's map at 1920x1080 it cut the floor sweep from 525 to 369 ns a
//! column. Where the floor is magnified (eight pixels within a block of 2x2 texels), the four
//! texels are loaded and permuted into the lanes instead: gathers are slow (lodev's floor
//! sweep 180 -> 154 ns a column, e1m2's 295 -> 226). The pictures are the same: the same
//! 32-bit arithmetic runs in every lane.
//!
//! A magnified wall's column takes eight rows' texels with one load and one lane permutation
//! (`copy_down`). The wall sweep asks for the cache lines it is about to write (`prefetch`).
//!
//! The only `unsafe` of the library is here: calling an AVX2 function (or an intrinsic),
//! which is sound only on a CPU that has AVX2, each call where [`Loops`] says the CPU has it;
//! the gather and the store of the floor loop, whose indices are masked into the texture and
//! whose store writes exactly the eight pixels of its chunk, and the four texel loads of a
//! magnified floor's block, whose coordinates are masked to the texture's side; the wall
//! column's load of eight texels from a slice of eight; the floor tint's load and store of
//! the eight pixels of its chunk; and prefetches, which only hint.
#![allow(unsafe_code)]

use super::assets::FogBlend;
use crate::texture::Mip;

/// Whether this CPU has AVX2 (std caches the check).
#[inline]
pub(super) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Which versions run: the AVX2 ones (only where [`has_avx2`]), or the baseline ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Loops {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    avx2: bool,
}

impl Loops {
    /// The fastest this CPU runs, or the baseline where `vector` is false.
    pub fn new(vector: bool) -> Loops {
        Loops {
            avx2: vector && has_avx2(),
        }
    }

    /// How many texels a wall's row may skip for the cast pass still to fog the wall's texels
    /// ([`fog_run`]) rather than the wall sweep its pixels: with AVX2 eight texels are fogged
    /// for about the cost of one pixel drawn fogged, so up to four a row pays; without it, one.
    pub fn fog_texels_per_row(self) -> u32 {
        if cfg!(target_arch = "x86_64") && self.avx2 {
            4
        } else {
            1
        }
    }
}

/// Sets every `stride`-th pixel of `pixels` from the first (a wall's column) to the texel of
/// `texels` (a power of two long) at position `pos`, 16.16 fixed point, stepping by `step`
/// per pixel.
#[inline(always)]
pub(super) fn copy_down(
    loops: Loops,
    texels: &[u32],
    (pos, step): (u64, u64),
    pixels: &mut [u32],
    stride: usize,
) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 && step < 1 << 16 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { copy_down_avx2(texels, (pos, step), pixels, stride) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    copy_down_body(texels, (pos, step), pixels, stride);
}

/// A magnified wall's column (less than a texel a row): eight rows show at most eight
/// neighbouring texels, so they are one load of eight texels from the first one's and one
/// permutation of its lanes (no gather), stored down the column lane by lane. Where the eight
/// texels would run past the end of `texels` (they wrap), as the baseline does. The same
/// texels as [`copy_down_body`]: lane `k` takes texel `(pos + k * step) >> 16`, counted from
/// the first texel's `pos >> 16` as `(pos mod 2^16 + k * step) >> 16`.
///
/// Not a `#[target_feature]` function but always inlined, so that it is compiled for AVX2
/// where its caller is: the wall sweep ([`wall_sweep_avx2`]). (As a `#[target_feature]`
/// function it stayed a call, one per column per band, and a 1920x1080 frame took 0.2 M
/// instructions more; elsewhere, as in the tests, its intrinsics are calls.)
///
/// # Safety
///
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn copy_down_avx2(
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
        copy_down_body(texels, (pos, step), &mut pixels[i.min(n)..], stride);
    }
}

/// The wall sweep of a band ([`super::composite::wall_sweep`]), compiled for AVX2 where the
/// CPU has it, so that the column loop ([`copy_down_avx2`]) is inlined into it.
pub(super) fn wall_sweep(
    scene: &super::composite::Scene,
    rows: (i32, i32),
    w: usize,
    band: &mut [u32],
) {
    #[cfg(target_arch = "x86_64")]
    if scene.loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { wall_sweep_avx2(scene, rows, w, band) };
        return;
    }
    super::composite::wall_sweep(scene, rows, w, band);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn wall_sweep_avx2(scene: &super::composite::Scene, rows: (i32, i32), w: usize, band: &mut [u32]) {
    super::composite::wall_sweep(scene, rows, w, band);
}

/// [`copy_down`] a pixel at a time: the baseline, and the vector loop's last few pixels.
#[inline(always)]
fn copy_down_body(texels: &[u32], (mut pos, step): (u64, u64), pixels: &mut [u32], stride: usize) {
    let mask = texels.len() - 1;
    let mut i = 0;
    while i < pixels.len() {
        pixels[i] = texels[(pos >> 16) as usize & mask];
        pos += step;
        i += stride;
    }
}

/// Asks the CPU to bring the cache line holding pixel `at` of `pixels`, and the one of each
/// `stride`-th pixel after it, into its caches, without waiting; nothing past the end.
#[inline]
pub(super) fn prefetch(pixels: &[u32], at: usize, stride: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // (An index loop: `skip(at).step_by(stride)` took 0.4 M more instructions a frame.)
        let mut i = at;
        while let Some(pixel) = pixels.get(i) {
            // SAFETY: a prefetch only hints; the address is a pixel of `pixels`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(pixel).cast()) };
            i += stride;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (pixels, at, stride);
}

/// Fills `run` with texels of `tex` from `at`, the fractions of a 32.32 world position within
/// one cell (all that changes inside a cell), stepping by `step` per pixel, each blended with
/// `fog`; `shift` turns a fraction into its texel coordinate (32 minus log2 of the side: 32
/// for a 1x1 level).
#[inline]
pub(super) fn texture_run(
    loops: Loops,
    (tex, shift): (&Mip, u32),
    run: &mut [u32],
    at: (u32, u32),
    step: (u32, u32),
    fog: &FogBlend,
) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe {
            if fog.is_clear() {
                texture_run_avx2::<false>(tex, shift, run, at, step, fog);
            } else {
                texture_run_avx2::<true>(tex, shift, run, at, step, fog);
            }
        }
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    if fog.is_clear() {
        texture_run_body::<false>(tex, shift, run, at, step, fog);
    } else {
        texture_run_body::<true>(tex, shift, run, at, step, fog);
    }
}

/// Eight pixels at a time: their texel indices computed in the lanes of one vector, the
/// texels fetched with one gather (or, where the run is magnified, picked from the 2x2 texels
/// they lie in) and (with `FOG`) blended eight at a time before they are stored; the pixels
/// left over (fewer than eight) as the baseline does. The same texels as
/// [`texture_run_body`]: the same 32-bit arithmetic, lane by lane.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn texture_run_avx2<const FOG: bool>(
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
    let done = (run.len() / 8 * 8) as u32;
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
    let rest = (
        at.0.wrapping_add(step.0.wrapping_mul(done)),
        at.1.wrapping_add(step.1.wrapping_mul(done)),
    );
    texture_run_body::<FOG>(tex, shift, chunks.into_remainder(), rest, step, fog);
}

/// [`FogBlend::blend_always`] for eight pixels in the lanes of a vector.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct FogLanes {
    keep: std::arch::x86_64::__m256i,
    rb: std::arch::x86_64::__m256i,
    g: std::arch::x86_64::__m256i,
}

#[cfg(target_arch = "x86_64")]
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

/// In 32-bit lanes with no branch per pixel but the bounds check (an index shifted down from a
/// 32-bit fraction and masked is always inside the texture; the compiler does not see it):
/// the baseline, and the AVX2 loop's last few pixels.
#[inline(always)]
fn texture_run_body<const FOG: bool>(
    tex: &Mip,
    shift: u32,
    run: &mut [u32],
    at: (u32, u32),
    step: (u32, u32),
    fog: &FogBlend,
) {
    let texels = tex.texels();
    let mask = texels.len() - 1;
    let column_shift = tex.shift();
    let (mut u, mut v) = at;
    // (Shifted as 64-bit: a 1x1 mipmap level shifts its fraction out whole, by 32.)
    let down = |f: u32| (u64::from(f) >> shift) as u32;
    for px in run.iter_mut() {
        let index = (down(u) << column_shift | down(v)) as usize;
        let texel = texels[index & mask];
        *px = if FOG { fog.blend_always(texel) } else { texel };
        u = u.wrapping_add(step.0);
        v = v.wrapping_add(step.1);
    }
}

/// Fogs a run of pixels in place with one fog weight.
#[inline]
pub(super) fn fog_run(loops: Loops, fog: &FogBlend, run: &mut [u32]) {
    if fog.is_clear() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { fog_run_avx2(fog, run) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    fog_run_body(fog, run);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fog_run_avx2(fog: &FogBlend, run: &mut [u32]) {
    fog_run_body(fog, run);
}

#[inline(always)]
fn fog_run_body(fog: &FogBlend, run: &mut [u32]) {
    for px in run {
        *px = fog.blend_always(*px);
    }
}

/// Tints every pixel of `run` by `tint` (a dynamic light on a floor's pixels): with AVX2,
/// eight pixels at a time, each channel in a 16-bit lane (its byte unpacked into the lane's
/// high byte, multiplied keeping the high half: `(v × scale) >> 8`; the offset added with
/// signed saturation, packed back to bytes with unsigned saturation: the baseline's clamp).
#[inline]
pub(super) fn tint_run(loops: Loops, tint: &crate::lighting::Tint, run: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 && run.len() >= 8 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { tint_run_avx2(tint, run) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    for px in run {
        *px = tint.apply(*px);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn tint_run_avx2(tint: &crate::lighting::Tint, run: &mut [u32]) {
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
    for px in chunks.into_remainder() {
        *px = tint.apply(*px);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether this CPU runs the vector loops; where it does not, the test says it was skipped
    /// (comparing the baseline with itself would pass and prove nothing).
    fn vector_loops_here(test: &str) -> bool {
        let here = Loops::new(true).avx2;
        if !here {
            eprintln!("{test}: skipped, this CPU has no AVX2 (the vector loops do not run here)");
        }
        here
    }

    /// A small deterministic generator (xorshift), enough to vary the cases.
    fn numbers(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The floor's vector loop (gathers, and 2x2 blocks of texels where it is magnified)
    /// fetches the texels the baseline fetches, on textures of every size down to 1x1, at
    /// steps of all sizes in both directions, those just under the magnified bound among them.
    #[test]
    fn the_vector_floor_run_fetches_what_the_baseline_fetches() {
        if !vector_loops_here("the_vector_floor_run_fetches_what_the_baseline_fetches") {
            return;
        }
        let mut next = numbers(0x2545_F491_4F6C_DD1D);
        for case in 0..20_000 {
            let size = 1u32 << (next() % 8);
            let rgba: Vec<u8> = (0..size * size * 4).map(|_| next() as u8 | 0x80).collect();
            let texture = crate::texture::Texture::from_rgba(size, &rgba, None);
            let mip = texture.mip((next() % 8) as u32);
            let shift = 32 - mip.shift();
            let texel = 1u64 << shift;
            let mut step = || -> u32 {
                let magnitude = match case % 4 {
                    0 => next() % (texel / 7 + 1),
                    1 => (texel / 7).saturating_sub(next() % 4),
                    2 => next() % (1 << 32),
                    _ => next() % (texel / 2 + 1),
                } as u32;
                if next() & 1 == 0 {
                    magnitude
                } else {
                    magnitude.wrapping_neg()
                }
            };
            let steps = (step(), step());
            let at = (next() as u32, next() as u32);
            let count = (next() % 70) as usize;
            let (mut vector, mut baseline) = (vec![7; count], vec![7; count]);
            let clear = FogBlend::default();
            texture_run(
                Loops::new(true),
                (mip, shift),
                &mut vector,
                at,
                steps,
                &clear,
            );
            texture_run(
                Loops::new(false),
                (mip, shift),
                &mut baseline,
                at,
                steps,
                &clear,
            );
            assert_eq!(
                vector,
                baseline,
                "size {size}, level side {}, at {at:?}, steps {steps:?}",
                1 << mip.shift()
            );
        }
    }

    #[test]
    fn the_vector_wall_column_copies_what_the_baseline_copies() {
        if !vector_loops_here("the_vector_wall_column_copies_what_the_baseline_copies") {
            return;
        }
        let mut next = numbers(0x9E37_79B9_7F4A_7C15);
        for case in 0..20_000 {
            let len = 1usize << (next() % 8);
            let texels: Vec<u32> = (0..len as u32)
                .map(|t| t.wrapping_mul(2_654_435_761))
                .collect();
            // Positions anywhere (wrapping around the run), steps mostly under a texel a row.
            let pos = next() % (1 << 40);
            let step = match case % 4 {
                0 => next() % (1 << 16),
                1 => next() % (1 << 12),
                2 => (1 << 16) - 1 - next() % 16,
                _ => next() % (1 << 18),
            };
            let stride = 1 + (next() % 5) as usize;
            let count = (next() % 70) as usize;
            let size = if count == 0 {
                0
            } else {
                (count - 1) * stride + 1
            };
            let (mut vector, mut baseline) = (vec![7; size], vec![7; size]);
            copy_down(Loops::new(true), &texels, (pos, step), &mut vector, stride);
            copy_down(
                Loops::new(false),
                &texels,
                (pos, step),
                &mut baseline,
                stride,
            );
            assert_eq!(
                vector, baseline,
                "len {len}, pos {pos}, step {step}, stride {stride}, count {count}"
            );
        }
    }

    /// The vector tint (a dynamic light on a floor's pixels) gives what the baseline gives,
    /// pixel for pixel: dark, neutral and bright factors, with fog shares and without, runs of
    /// every length around the vector width.
    #[test]
    fn the_vector_tint_lights_what_the_baseline_lights() {
        if !vector_loops_here("the_vector_tint_lights_what_the_baseline_lights") {
            return;
        }
        let mut next = numbers(0x5EED_0042);
        for round in 0..400 {
            let mut channel = || (next() % 1024) as u32;
            let factor = match round % 4 {
                0 => crate::lighting::NEUTRAL,
                _ => channel() | channel() << 10 | channel() << 20,
            };
            let shares = if round % 3 == 0 {
                [0; 3]
            } else {
                [0, 1, 2].map(|_| (next() % 65_536) as i32)
            };
            let tint = crate::lighting::Tint::new(factor, shares);
            let len = (next() % 40) as usize;
            let pixels: Vec<u32> = (0..len).map(|_| next() as u32).collect();
            let (mut vector, mut baseline) = (pixels.clone(), pixels);
            tint_run(Loops::new(true), &tint, &mut vector);
            tint_run(Loops::new(false), &tint, &mut baseline);
            assert_eq!(vector, baseline, "{tint:?}, {len} pixels");
        }
    }
}
