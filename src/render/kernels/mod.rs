//! The renderer's per-pixel loops (kernels) over runs of a row or a column: the dispatch here
//! (the functions callers use, each picking at run time by [`Loops`]), the baseline for every
//! CPU in `scalar`, the AVX2 versions in `avx2`, and for the browser page (wasm32 built with
//! `simd128`) the floor's texel loop, the fog, the magnified wall's column, the dynamic
//! lights' tint and runs of one pixel ([`fill`]) four lanes wide in `simd128`.
//!
//! The fog blend is one body compiled twice: with AVX2 the compiler makes it 8-wide (the
//! baseline x86-64 has no 32-bit vector multiply). The floor's texel loop is written out with
//! AVX2 intrinsics: eight texel indices computed in the lanes of a vector and the texels
//! fetched with one gather (the compiler did not make the plain loop a gather: with the bounds
//! check it stayed scalar, without it it extracted the lanes one by one); on lodev's map at
//! 1920x1080 it cut the floor sweep from 525 to 369 ns a column. Where the floor is magnified
//! (eight pixels within a block of 2x2 texels), the four texels are loaded and permuted into
//! the lanes instead: gathers are slow (lodev's floor sweep 180 -> 154 ns a column, e1m2's
//! 295 -> 226). The pictures are the same: the same 32-bit arithmetic runs in every lane.
//!
//! A magnified wall's column takes eight rows' texels with one load and one lane permutation
//! (`copy_down`), always inlined into the wall sweep, which runs compiled for AVX2
//! ([`wall_sweep`]). The wall sweep asks for the cache lines it is about to write
//! (`prefetch`).
//!
//! The only `unsafe` of the library is here (this file and its two): calling an AVX2 function
//! (or an intrinsic), which is sound only on a CPU that has AVX2, each call where [`Loops`]
//! says the CPU has it; the gather and the store of the floor loop, whose indices are masked
//! into the texture and whose store writes exactly the eight pixels of its chunk, and the four
//! texel loads of a magnified floor's block, whose coordinates are masked to the texture's
//! side; the wall column's load of eight texels from a slice of eight; the floor tint's load
//! and store of the eight pixels of its chunk; the column lighting's load of eight texels of
//! a texture's column and store of eight into its lit copy's; prefetches, which only hint; and
//! in WebAssembly a fill's store of four pixels and a magnified wall column's load of four
//! texels, each of a slice of four.
#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
mod avx2;
mod scalar;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;

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

/// Which versions run: the AVX2 ones (only where [`has_avx2`]), WebAssembly's SIMD ones
/// (where the build enables `simd128`), or the baseline ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Loops {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    avx2: bool,
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    simd128: bool,
}

impl Loops {
    /// The fastest this CPU runs, or the baseline where `vector` is false.
    pub fn new(vector: bool) -> Loops {
        Loops {
            avx2: vector && has_avx2(),
            simd128: vector && cfg!(all(target_arch = "wasm32", target_feature = "simd128")),
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
        unsafe { avx2::copy_down(texels, (pos, step), pixels, stride) };
        return;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if loops.simd128 && step < 1 << 16 {
        simd128::copy_down(texels, (pos, step), pixels, stride);
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    scalar::copy_down(texels, (pos, step), pixels, stride);
}

/// The wall sweep of a band, which the kernels build for AVX2 where the CPU has it, so that
/// the column loop ([`copy_down`]) is inlined into it as AVX2 code. The composite pass's scene
/// implements it (its `sweep` always inlined), so that the kernels never name their caller.
/// (The arguments are the sweep's own, passed as the direct call passed them: a trait taking
/// the sweep as a value, or a closure, compiled the sweep 3-6% longer, by callgrind's count.)
pub(super) trait WallSweep {
    /// The walls of rows `rows` of a band `w` pixels wide held in `band`.
    fn sweep(&self, rows: (i32, i32), w: usize, band: &mut [u32]);
}

/// The wall sweep of a band ([`WallSweep`]), compiled for AVX2 where the CPU has it.
pub(super) fn wall_sweep<S: WallSweep>(
    loops: Loops,
    scene: &S,
    rows: (i32, i32),
    w: usize,
    band: &mut [u32],
) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { avx2::wall_sweep(scene, rows, w, band) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    scene.sweep(rows, w, band);
}

/// Runs of pixels a texel each, a fill per texel (lit plain colours' copies a sample each,
/// textures seen magnified): built for AVX2 where the CPU has it, so that a texel's fixed run
/// of stores is half as many (32 bytes each, where the baseline's are 16). The floor sweep
/// implements it.
pub(super) trait TexelFill {
    /// Fills `run` from world position `at` by `step` (`from`, 32.32 fixed point), with the texels
    /// of a side of 2^`unit` under them, each cell's from `copy_of(cell)`, fogged by `fog`,
    /// storing `STORE` pixels at once where a texel spans no more.
    fn fill<'t, const STORE: usize>(
        run: &mut [u32],
        from: ((i64, i64), (i64, i64)),
        unit: u32,
        fog: &FogBlend,
        copy_of: impl FnMut((i32, i32)) -> &'t Mip,
    );
}

/// [`TexelFill`]'s fill, built for AVX2 where the CPU has it.
#[inline]
pub(super) fn fill_by_texel<'t, F: TexelFill, const STORE: usize>(
    loops: Loops,
    run: &mut [u32],
    (at, step): ((i64, i64), (i64, i64)),
    unit: u32,
    fog: &FogBlend,
    copy_of: impl FnMut((i32, i32)) -> &'t Mip,
) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { avx2::fill_by_texel::<F, STORE>(run, (at, step), unit, fog, copy_of) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    F::fill::<STORE>(run, (at, step), unit, fog, copy_of);
}

/// Sets every pixel of `run` to `pixel`, in stores as wide as the build has (for a run at
/// least a store wide, the last store over the one before it rather than a loop of the last
/// few pixels, whose end, a different length each time, the branch predictor misses): eight
/// pixels natively, four in the page, whose build, optimised for size, leaves the plain loop
/// a pixel a store.
#[inline(always)]
pub(super) fn fill(run: &mut [u32], pixel: u32) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    simd128::fill(run, pixel);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    scalar::fill(run, pixel);
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
                avx2::texture_run::<false>(tex, shift, run, at, step, fog);
            } else {
                avx2::texture_run::<true>(tex, shift, run, at, step, fog);
            }
        }
        return;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if loops.simd128 {
        if fog.is_clear() {
            simd128::texture_run::<false>(tex, shift, run, at, step, fog);
        } else {
            simd128::texture_run::<true>(tex, shift, run, at, step, fog);
        }
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    if fog.is_clear() {
        scalar::texture_run::<false>(tex, shift, run, at, step, fog);
    } else {
        scalar::texture_run::<true>(tex, shift, run, at, step, fog);
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
        unsafe { avx2::fog_run(fog, run) };
        return;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if loops.simd128 {
        simd128::fog_run(fog, run);
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    scalar::fog_run(fog, run);
}

/// Tints every pixel of `run` by `tint` (a dynamic light on a floor's pixels): with AVX2,
/// eight pixels at a time, each channel in a 16-bit lane (its byte unpacked into the lane's
/// high byte, multiplied keeping the high half: `(v × scale) >> 8`; the offset added with
/// signed saturation, packed back to bytes with unsigned saturation: the baseline's clamp;
/// the last few pixels the same way in 128-bit vectors).
#[inline]
pub(super) fn tint_run(loops: Loops, tint: &crate::lighting::Tint, run: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { avx2::tint_run(tint, run) };
        return;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if loops.simd128 {
        simd128::tint_run(tint, run);
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    scalar::tint_run(tint, run);
}

/// Lights a column of texels (of a floor's lit copy, `super::flash`): `out[y]` is
/// `source[y]` with each channel multiplied by the scale of the sample texel `y` lies in,
/// `scales[((2y + 1) × 8) / (2 × len)]` (the column's eight samples of light, evenly along it;
/// a channel's scale in a 16-bit lane from the low one, red, green, blue, alpha: 256 leaves it
/// as it is): `(v × scale) >> 8`, clamped to a byte, as [`crate::lighting::apply`] lights a
/// texel. With AVX2, eight texels at a time as [`tint_run`] does, each with its sample's
/// scale lanes. `source` is a power of two long, and `out` as long.
#[inline]
pub(super) fn light_column(loops: Loops, source: &[u32], out: &mut [u32], scales: &[u64; 8]) {
    #[cfg(target_arch = "x86_64")]
    if loops.avx2 && source.len() >= 8 {
        // SAFETY: the CPU has AVX2 (`Loops::new` checked).
        unsafe { avx2::light_column(source, out, scales) };
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = loops;
    scalar::light_column(source, out, scales);
}

/// The scale lanes of [`light_column`] that light a texel as `factor` does
/// ([`crate::lighting::LightMap`]'s packing: three channels of 10 bits, 256 as 1).
#[inline]
pub(super) fn scale_of(factor: u32) -> u64 {
    let f = |c: u32| u64::from((factor >> (10 * c)) & 0x3FF);
    f(0) | f(1) << 16 | f(2) << 32 | 256 << 48
}

/// Which vector loops run here: `"AVX2"`, `"WebAssembly SIMD"`, or `None` (the baseline
/// alone: comparing it with itself would prove nothing).
pub(super) fn vector_loops_here() -> Option<&'static str> {
    let loops = Loops::new(true);
    if loops.avx2 {
        Some("AVX2")
    } else if loops.simd128 {
        Some("WebAssembly SIMD")
    } else {
        None
    }
}

/// A small deterministic generator (xorshift), enough to vary the cases (the renderer's
/// tests use it too).
pub(super) fn numbers(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// `pixels` drawn over by `draw` with the vector loops and again with the baseline: none
/// where the two agree, else both (for the checks below to say).
fn against_baseline(pixels: Vec<u32>, draw: impl Fn(Loops, &mut [u32])) -> Option<String> {
    let (mut vector, mut baseline) = (pixels.clone(), pixels);
    draw(Loops::new(true), &mut vector);
    draw(Loops::new(false), &mut baseline);
    (vector != baseline).then(|| format!("{vector:x?} against {baseline:x?}"))
}

/// Whether the floor's vector loop (gathers, and 2x2 blocks of texels where it is magnified;
/// four lanes in WebAssembly) fetches the texels the baseline fetches, clear and fogged, over
/// `cases` random runs: textures of every size down to 1x1, steps of all sizes in both
/// directions, those just under the magnified bound among them. The first difference, if any.
pub(super) fn check_floor_runs(cases: usize) -> Result<(), String> {
    let mut next = numbers(0x2545_F491_4F6C_DD1D);
    for case in 0..cases {
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
        let fog = if case % 3 == 0 {
            FogBlend::default()
        } else {
            let mut channel = || (next() % 256) as u32;
            let colour = [channel(), channel(), channel()];
            FogBlend::of(colour, (next() % 257) as u32)
        };
        let floor = |loops, run: &mut [u32]| texture_run(loops, (mip, shift), run, at, steps, &fog);
        if let Some(differ) = against_baseline(vec![7; count], floor) {
            return Err(format!(
                "floor run: size {size}, level side {}, at {at:?}, steps {steps:?}, {fog:?}: {differ}",
                1 << mip.shift()
            ));
        }
        let pixels: Vec<u32> = (0..count).map(|_| next() as u32).collect();
        if let Some(differ) = against_baseline(pixels, |loops, run| fog_run(loops, &fog, run)) {
            return Err(format!("fog run: {fog:?}: {differ}"));
        }
    }
    Ok(())
}

/// Whether [`fill`] (four lanes a store in WebAssembly, eight natively, the last stored
/// over) sets every pixel of runs of every length up to a few stores long, and none beside
/// them. The first run it fills wrongly, if any.
pub(super) fn check_fills() -> Result<(), String> {
    for len in 0..70 {
        for start in 0..3 {
            let mut row = [7u32; 80];
            fill(&mut row[start..start + len], 9);
            let inside = start..start + len;
            if let Some(x) =
                (0..row.len()).find(|&x| row[x] != if inside.contains(&x) { 9 } else { 7 })
            {
                return Err(format!(
                    "fill of {len} pixels from {start}: pixel {x} is {:x}",
                    row[x]
                ));
            }
        }
    }
    Ok(())
}

/// Whether the wall column's vector loop (a magnified wall's rows taken a vector at a time)
/// copies what the baseline copies, over `cases` random columns: textures of every size,
/// positions anywhere, steps mostly under a texel a row, strides and lengths around the
/// vector width. The first difference, if any.
pub(super) fn check_wall_columns(cases: usize) -> Result<(), String> {
    let mut next = numbers(0x9E37_79B9_7F4A_7C15);
    for case in 0..cases {
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
        let column = |loops, run: &mut [u32]| copy_down(loops, &texels, (pos, step), run, stride);
        if let Some(differ) = against_baseline(vec![7; size], column) {
            return Err(format!(
                "wall column: len {len}, pos {pos}, step {step}, stride {stride}, count {count}: {differ}"
            ));
        }
    }
    Ok(())
}

/// Whether the vector tint (a dynamic light on a floor's pixels) gives what the baseline
/// gives, pixel for pixel, over `rounds` random runs: dark, neutral and bright factors, with
/// fog shares and without, runs of every length around the vector width. The first
/// difference, if any.
pub(super) fn check_tints(rounds: usize) -> Result<(), String> {
    let mut next = numbers(0x5EED_0042);
    for round in 0..rounds {
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
        if let Some(differ) = against_baseline(pixels, |loops, run| tint_run(loops, &tint, run)) {
            return Err(format!("tint: {tint:?}, {len} pixels: {differ}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether vector loops run here; where they do not, the test says it was skipped
    /// (comparing the baseline with itself would pass and prove nothing).
    fn vector_loops_here(test: &str) -> bool {
        let here = super::vector_loops_here().is_some();
        if !here {
            eprintln!(
                "{test}: skipped, no AVX2 or WebAssembly SIMD here (the vector loops do not run)"
            );
        }
        here
    }

    /// The floor's vector loop and the fog's fetch and blend what the baseline does
    /// ([`check_floor_runs`]).
    #[test]
    fn the_vector_floor_run_fetches_what_the_baseline_fetches() {
        if !vector_loops_here("the_vector_floor_run_fetches_what_the_baseline_fetches") {
            return;
        }
        check_floor_runs(20_000).unwrap();
    }

    /// A fill sets its run's pixels and no others ([`check_fills`]).
    #[test]
    fn fills_fill_their_run_and_nothing_else() {
        check_fills().unwrap();
    }

    #[test]
    fn the_vector_wall_column_copies_what_the_baseline_copies() {
        if !vector_loops_here("the_vector_wall_column_copies_what_the_baseline_copies") {
            return;
        }
        check_wall_columns(20_000).unwrap();
    }

    /// The vector tint gives what the baseline gives ([`check_tints`]).
    #[test]
    fn the_vector_tint_lights_what_the_baseline_lights() {
        if !vector_loops_here("the_vector_tint_lights_what_the_baseline_lights") {
            return;
        }
        check_tints(400).unwrap();
    }

    /// The vector column lighting (a lit copy's texels, each by its sample's light) gives
    /// what the baseline gives, and both what `lighting::apply` gives texel by texel: dark,
    /// neutral and bright factors, columns of every power-of-two length.
    #[test]
    fn the_vector_column_lights_texels_as_apply_does() {
        let vector_here = vector_loops_here("the_vector_column_lights_texels_as_apply_does");
        let mut next = numbers(0x5CA1_E000);
        for round in 0..300 {
            let len = 1usize << (round % 9);
            let mut channel = || (next() % 1024) as u32;
            let factors: [u32; 8] = std::array::from_fn(|k| match (round + k) % 5 {
                0 => crate::lighting::NEUTRAL,
                _ => channel() | channel() << 10 | channel() << 20,
            });
            let scales = factors.map(scale_of);
            let source: Vec<u32> = (0..len).map(|_| next() as u32).collect();
            let lit: Vec<u32> = (0..len)
                .map(|y| crate::lighting::apply(factors[((2 * y + 1) * 8) / (2 * len)], source[y]))
                .collect();
            let mut baseline = vec![0; len];
            light_column(Loops::new(false), &source, &mut baseline, &scales);
            assert_eq!(baseline, lit, "{len} texels");
            if vector_here {
                let mut vector = vec![0; len];
                light_column(Loops::new(true), &source, &mut vector, &scales);
                assert_eq!(vector, lit, "{len} texels");
            }
        }
    }
}
