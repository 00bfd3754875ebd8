//! The renderer's per-pixel loops over runs of a row, for the baseline CPU and for AVX2
//! (picked at run time, where the CPU has it). The fog blend is one body compiled twice: with
//! AVX2 the compiler makes it 8-wide (the baseline x86-64 has no 32-bit vector multiply). The
//! floor's texel loop is written out with AVX2 intrinsics: eight texel indices computed in the
//! lanes of a vector and the texels fetched with one gather (the compiler did not make the
//! plain loop a gather: with the bounds check it stayed scalar, without it it extracted the
//! lanes one by one); on lodev's map at 1920x1080 it cut the floor sweep from 525 to 369 ns a
//! column. The pictures are the same: the same 32-bit arithmetic runs in every lane.
//!
//! The only `unsafe` of the library is here: calling an AVX2 function, which is sound only on
//! a CPU that has AVX2, each call where [`Loops`] says the CPU has it; and the gather and the
//! store of the floor loop, whose indices are masked into the texture and whose store writes
//! exactly the eight pixels of its chunk.
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

/// Asks the CPU to bring the cache line holding pixel `at` of `pixels`, and the one of each
/// `stride`-th pixel after it, into its caches, without waiting; nothing past the end.
#[inline]
pub(super) fn prefetch(pixels: &[u32], at: usize, stride: usize) {
    #[cfg(target_arch = "x86_64")]
    for pixel in pixels.iter().skip(at).step_by(stride) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch only hints; the address is a pixel of `pixels`.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(pixel).cast()) };
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
/// texels fetched with one gather and (with `FOG`) blended eight at a time before they are
/// stored; the pixels left over (fewer than eight) as the baseline does. The same texels as
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
        // (No closure for the two channels: a closure does not take the function's target
        // features, and one that returns a vector is then a call.)
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
