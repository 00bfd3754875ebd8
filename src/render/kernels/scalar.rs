//! The kernels a pixel at a time, for every CPU: the baseline the AVX2 versions in
//! [`super::avx2`] are compared with, and what those do with the pixels their vectors leave
//! over. Always inlined, so that a caller compiled for AVX2 compiles them so too.

use crate::render::assets::FogBlend;
use crate::texture::Mip;

/// [`super::copy_down`] a pixel at a time: the baseline, and the vector loop's last few
/// pixels.
#[inline(always)]
pub(super) fn copy_down(
    texels: &[u32],
    (mut pos, step): (u64, u64),
    pixels: &mut [u32],
    stride: usize,
) {
    let mask = texels.len() - 1;
    let mut i = 0;
    while i < pixels.len() {
        pixels[i] = texels[(pos >> 16) as usize & mask];
        pos += step;
        i += stride;
    }
}

/// In 32-bit lanes with no branch per pixel but the bounds check (an index shifted down from a
/// 32-bit fraction and masked is always inside the texture; the compiler does not see it):
/// the baseline, and the AVX2 loop's last few pixels.
#[inline(always)]
pub(super) fn texture_run<const FOG: bool>(
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

/// Fogs every pixel of `run` with `fog`.
#[inline(always)]
pub(super) fn fog_run(fog: &FogBlend, run: &mut [u32]) {
    for px in run {
        *px = fog.blend_always(*px);
    }
}

/// Tints every pixel of `run` by `tint`.
#[inline(always)]
pub(super) fn tint_run(tint: &crate::lighting::Tint, run: &mut [u32]) {
    for px in run {
        *px = tint.apply(*px);
    }
}

/// Lights a column of texels by its eight samples' scales (see [`super::light_column`]).
#[inline(always)]
pub(super) fn light_column(source: &[u32], out: &mut [u32], scales: &[u64; 8]) {
    // `((2y + 1) × 8) / (2 × len)`, the length a power of two.
    let shift = source.len().trailing_zeros() + 1;
    for (y, (out, &texel)) in out.iter_mut().zip(source).enumerate() {
        let scale = scales[((2 * y + 1) * 8) >> shift];
        let mut lit = 0;
        for c in 0..4 {
            let v = u64::from((texel >> (8 * c)) & 0xFF);
            lit |= (((v * ((scale >> (16 * c)) & 0xFFFF)) >> 8).min(255) as u32) << (8 * c);
        }
        *out = lit;
    }
}

/// Sets every pixel of `run` to `pixel`: eight pixels a store (the compiler's widest), the
/// last eight stored over (see [`super::fill`]). (The page's build has its own.)
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub(super) fn fill(run: &mut [u32], pixel: u32) {
    let eight = [pixel; 8];
    let n = run.len();
    if n < 8 {
        run.fill(pixel);
        return;
    }
    for chunk in run.chunks_exact_mut(8) {
        chunk.copy_from_slice(&eight);
    }
    run[n - 8..].copy_from_slice(&eight);
}
