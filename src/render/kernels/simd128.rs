//! The kernels in WebAssembly's 128-bit SIMD (the browser page's build, compiled with
//! `+simd128`: `.cargo/config.toml`): four pixels at a time, giving the same pixels as their
//! baseline in [`super::scalar`] (the same 32-bit arithmetic in every lane; the tests in
//! `super` compare them when the crate's tests are built for wasm32 with SIMD and run under a
//! WebAssembly runtime). WebAssembly has no gather: the floor's four texels are fetched one by
//! one from indices computed in the lanes; a magnified wall's column takes four rows' texels
//! from four in a row with one byte shuffle. The pixels a vector loop leaves over (fewer than
//! four) are the baseline's. Every intrinsic here is safe (the build enables `simd128`) but the
//! loads and stores of four pixels at once and the wall column's load of four texels, each of
//! a slice of four.

use core::arch::wasm32::*;

use super::scalar;
use crate::render::assets::FogBlend;
use crate::texture::Mip;

/// [`FogBlend::blend_always`] on four texels.
#[inline(always)]
fn blend4(texels: v128, (keep, rb, g): (v128, v128, v128)) -> v128 {
    let rb_mask = u32x4_splat(0x00FF_00FF);
    let g_mask = u32x4_splat(0x0000_FF00);
    let red_blue = v128_and(
        u32x4_shr(u32x4_add(i32x4_mul(v128_and(texels, rb_mask), keep), rb), 8),
        rb_mask,
    );
    let green = v128_and(
        u32x4_shr(u32x4_add(i32x4_mul(v128_and(texels, g_mask), keep), g), 8),
        g_mask,
    );
    v128_or(
        v128_or(red_blue, green),
        v128_and(texels, u32x4_splat(0xFF00_0000)),
    )
}

/// A fog's factors in four lanes each.
#[inline(always)]
fn fog_lanes(fog: &FogBlend) -> (v128, v128, v128) {
    let (keep, rb, g) = fog.factors();
    (u32x4_splat(keep), u32x4_splat(rb), u32x4_splat(g))
}

/// Stores four lanes into `out` (four pixels) with one store. (Lane by lane, they were four
/// extractions and four stores: the floor's textures 4% slower in Chromium.)
#[inline(always)]
fn store4(out: &mut [u32], lanes: v128) {
    let four: &mut [u32; 4] = out.try_into().expect("four pixels");
    // SAFETY: `four` is four pixels, 16 bytes, all written; WebAssembly's stores need no
    // alignment.
    unsafe { v128_store(four.as_mut_ptr().cast::<v128>(), lanes) };
}

/// The four pixels of `pixels` in four lanes, with one load.
#[inline(always)]
fn load4(pixels: &[u32]) -> v128 {
    let four: &[u32; 4] = pixels.try_into().expect("four pixels");
    // SAFETY: `four` is four pixels, 16 bytes; WebAssembly's loads need no alignment.
    unsafe { v128_load(four.as_ptr().cast::<v128>()) }
}

/// [`scalar::fill`] four pixels a store (the last four stored over). (Stored lane by lane, a
/// splat's four lanes became four stores of the pixel: the compiler saw through the vector.)
#[inline(always)]
pub(super) fn fill(run: &mut [u32], pixel: u32) {
    let n = run.len();
    if n < 4 {
        run.fill(pixel);
        return;
    }
    let lanes = u32x4_splat(pixel);
    for chunk in run.chunks_exact_mut(4) {
        store4(chunk, lanes);
    }
    store4(&mut run[n - 4..], lanes);
}

/// [`scalar::texture_run`] four pixels at a time: their texel indices computed in the lanes,
/// the texels fetched one by one and (with `FOG`) blended four at a time.
#[inline]
pub(super) fn texture_run<const FOG: bool>(
    tex: &Mip,
    shift: u32,
    run: &mut [u32],
    at: (u32, u32),
    step: (u32, u32),
    fog: &FogBlend,
) {
    // (A 1x1 mipmap level shifts a whole 32-bit fraction out: lanes shift by less.)
    if shift >= 32 || run.len() < 4 {
        return scalar::texture_run::<FOG>(tex, shift, run, at, step, fog);
    }
    let texels = tex.texels();
    let mask = texels.len() - 1;
    let across = tex.shift();
    let lanes = u32x4(0, 1, 2, 3);
    let start =
        |at: u32, step: u32| u32x4_add(u32x4_splat(at), i32x4_mul(lanes, u32x4_splat(step)));
    let (mut u, mut v) = (start(at.0, step.0), start(at.1, step.1));
    let (du, dv) = (
        u32x4_splat(step.0.wrapping_mul(4)),
        u32x4_splat(step.1.wrapping_mul(4)),
    );
    let blend = fog_lanes(fog);
    let done = (run.len() / 4 * 4) as u32;
    let mut chunks = run.chunks_exact_mut(4);
    for chunk in &mut chunks {
        let index = v128_or(u32x4_shl(u32x4_shr(u, shift), across), u32x4_shr(v, shift));
        let texel = |i: u32| texels[i as usize & mask];
        let got = u32x4(
            texel(u32x4_extract_lane::<0>(index)),
            texel(u32x4_extract_lane::<1>(index)),
            texel(u32x4_extract_lane::<2>(index)),
            texel(u32x4_extract_lane::<3>(index)),
        );
        store4(chunk, if FOG { blend4(got, blend) } else { got });
        u = u32x4_add(u, du);
        v = u32x4_add(v, dv);
    }
    let moved = |at: u32, step: u32| at.wrapping_add(step.wrapping_mul(done));
    let rest = (moved(at.0, step.0), moved(at.1, step.1));
    scalar::texture_run::<FOG>(tex, shift, chunks.into_remainder(), rest, step, fog);
}

/// [`scalar::fog_run`] four pixels at a time.
#[inline]
pub(super) fn fog_run(fog: &FogBlend, run: &mut [u32]) {
    let blend = fog_lanes(fog);
    let mut chunks = run.chunks_exact_mut(4);
    for chunk in &mut chunks {
        let pixels = load4(chunk);
        store4(chunk, blend4(pixels, blend));
    }
    scalar::fog_run(fog, chunks.into_remainder());
}

/// [`scalar::copy_down`] four rows at a time where the wall is magnified (`step` under a
/// texel a row, so four rows span at most four texels in a row): their texel positions
/// computed in the lanes, the four texels taken at once and shuffled into the rows' order.
#[inline(always)]
pub(super) fn copy_down(
    texels: &[u32],
    (mut pos, step): (u64, u64),
    pixels: &mut [u32],
    stride: usize,
) {
    let mask = texels.len() - 1;
    // Lane k: k steps on (step < 2^16, so three steps and a fraction stay under 2^18), as
    // the byte offset of its texel among the four: 4 × (lane's texel) + 0, 1, 2, 3.
    let steps = i32x4_mul(u32x4(0, 1, 2, 3), u32x4_splat(step as u32));
    let (mut i, n) = (0, pixels.len());
    while i + 3 * stride < n {
        let first = (pos >> 16) as usize & mask;
        let Some(four) = texels.get(first..first + 4) else {
            break;
        };
        // SAFETY: `four` is four texels, 16 bytes; WebAssembly's loads need no alignment.
        // (Taken lane by lane, they were four loads.)
        let four = unsafe { v128_load(four.as_ptr().cast::<v128>()) };
        let lanes = u32x4_shr(u32x4_add(u32x4_splat((pos & 0xFFFF) as u32), steps), 16);
        let bytes = u32x4_add(
            i32x4_mul(lanes, u32x4_splat(0x0404_0404)),
            u32x4_splat(0x0302_0100),
        );
        let got = i8x16_swizzle(four, bytes);
        let column = &mut pixels[i..=i + 3 * stride];
        column[0] = u32x4_extract_lane::<0>(got);
        column[stride] = u32x4_extract_lane::<1>(got);
        column[2 * stride] = u32x4_extract_lane::<2>(got);
        column[3 * stride] = u32x4_extract_lane::<3>(got);
        pos += 4 * step;
        i += 4 * stride;
    }
    scalar::copy_down(texels, (pos, step), &mut pixels[i.min(n)..], stride);
}

/// [`scalar::tint_run`] four pixels at a time: each channel widened to 16 bits, multiplied
/// into 32 (`(v × scale) >> 8`), narrowed back, the offset added, and packed to bytes with
/// unsigned saturation (the baseline's clamp).
#[inline]
pub(super) fn tint_run(tint: &crate::lighting::Tint, run: &mut [u32]) {
    let [s0, s1, s2, s3] = tint.scale;
    let scale = u16x8(s0, s1, s2, s3, s0, s1, s2, s3);
    let [o0, o1, o2, o3] = tint.offset;
    let offset = i16x8(o0, o1, o2, o3, o0, o1, o2, o3);
    // Two pixels' channels (eight 16-bit lanes) lit.
    let light = |channels: v128| {
        let low = u32x4_shr(u32x4_extmul_low_u16x8(channels, scale), 8);
        let high = u32x4_shr(u32x4_extmul_high_u16x8(channels, scale), 8);
        // (At most 255 × 1023 >> 8: the narrowing never saturates.)
        i16x8_add_sat(i16x8_narrow_i32x4(low, high), offset)
    };
    let mut chunks = run.chunks_exact_mut(4);
    for chunk in &mut chunks {
        let pixels = load4(chunk);
        let low = light(u16x8_extend_low_u8x16(pixels));
        let high = light(u16x8_extend_high_u8x16(pixels));
        store4(chunk, u8x16_narrow_i16x8(low, high));
    }
    scalar::tint_run(tint, chunks.into_remainder());
}
