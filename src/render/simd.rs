//! The renderer's per-pixel loops over runs of a row, compiled twice: for the baseline CPU and
//! for AVX2 (picked at run time, where the CPU has it), from one body. With AVX2 the compiler
//! makes the fog blend 8-wide (the baseline x86-64 has no 32-bit vector multiply). The floor's
//! texel loop stays scalar in both (its bounds check keeps it from becoming a gather; reading
//! without it vectorised the loop, but was not measured cleanly, so it is not done). The
//! pictures are the same: the same integer arithmetic runs in both.
//!
//! The only `unsafe` of the library is here: calling an AVX2 function, which is sound only on
//! a CPU that has AVX2, each call where [`Loops`] says the CPU has it.
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
}

/// Fills `run` with texels of `tex` from `at`, the fractions of a 32.32 world position within
/// one cell (all that changes inside a cell), stepping by `step` per pixel; `shift` turns a
/// fraction into its texel coordinate (32 minus log2 of the side).
#[inline]
pub(super) fn texture_run(
    loops: Loops,
    tex: &Mip,
    shift: u32,
    run: &mut [u32],
    at: (u32, u32),
    step: (u32, u32),
) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { texture_run_avx2(tex, shift, run, at, step) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    texture_run_body(tex, shift, run, at, step);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn texture_run_avx2(tex: &Mip, shift: u32, run: &mut [u32], at: (u32, u32), step: (u32, u32)) {
    texture_run_body(tex, shift, run, at, step);
}

/// In 32-bit lanes with no branch per pixel but the bounds check (an index shifted down from a
/// 32-bit fraction and masked is always inside the texture; the compiler does not see it).
#[inline(always)]
fn texture_run_body(tex: &Mip, shift: u32, run: &mut [u32], at: (u32, u32), step: (u32, u32)) {
    let texels = tex.texels();
    let mask = texels.len() - 1;
    let column_shift = tex.shift();
    let (mut u, mut v) = at;
    for px in run.iter_mut() {
        let index = ((u >> shift) << column_shift | (v >> shift)) as usize;
        *px = texels[index & mask];
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
