//! The floor and ceiling sweep: a row at a time, in runs of the columns the walls leave open,
//! the pixels of neighbouring cells of one surface at a time (a plain colour one fill, a
//! texture the world position stepped along, or a texel at a time where it is seen
//! magnified); lit plain colours' copies a sample at a time.

#[cfg(test)]
mod tests;

use super::{BLOCK, GROUP, Scene};
use crate::grid::Cell;
use crate::level::Level;
use crate::render::RenderAssets;
use crate::render::assets::FogBlend;
use crate::render::camera::{pixel_footprint, row_distance};
use crate::render::kernels;
use crate::render::light::FloorLight;
use crate::render::surface::{BY_SAMPLE, Drawn, SurfaceRef};
use crate::texture::mip_level;

/// The floor (below the horizon) or ceiling (above) of row `y`, where no wall covers it.
pub(super) fn floor_and_ceiling(scene: &Scene, y: i32, width: u32, height: u32, row: &mut [u32]) {
    let Scene {
        level,
        assets,
        camera,
        covers,
        ..
    } = *scene;
    let half = height as f32 / 2.0;
    let yc = y as f32 + 0.5;
    let below = yc > half;
    // Distance to the floor (or ceiling) seen through this row: once per row.
    let row_distance = row_distance(y, height);
    let fog = assets.fog.at(assets.fog.weight(row_distance));
    let left = camera.dir - camera.plane;
    let right = camera.dir + camera.plane;
    let step = (right - left) * (row_distance as f64 / width as f64);
    // The world footprint of one pixel, for the mipmap level: the larger of the step along the
    // row and the distance the next row down (or up) looks further, `d(distance)/dy =
    // distance^2 / half`, along the view direction (a unit vector).
    let footprint = if scene.mipmaps {
        pixel_footprint(step.length(), row_distance as f64, half as f64)
    } else {
        0.0
    };
    let start = camera.pos + left * row_distance as f64 + step * 0.5;
    // The world position along the row in 32.32 fixed point: an add per pixel, the cell and
    // texel by shifts (no floor(), which is a libm call without SSE4.1).
    let fixed = |v: f64| (v * FIXED_ONE).clamp(-FIXED_LIMIT, FIXED_LIMIT) as i64;
    let (wx0, wy0) = (fixed(start.x), fixed(start.y));
    let (sx, sy) = (fixed(step.x), fixed(step.y));
    let mut surfaces = SurfaceCache::new(level, assets, below, scene.loops, footprint);
    surfaces.lights = scene.lights.map(|lighting| FloorLight {
        lighting,
        lit: assets.lit.as_deref(),
        flash: scene.flash,
    });
    let mut draw_run = |row: &mut [u32], start: usize, end: usize| {
        let at = advance((wx0, wy0), (sx, sy), start);
        surfaces.fill(&mut row[start..end], at, (sx, sy), &fog);
    };
    // Runs of open columns, found a group or a block at a time where one is all open or all
    // covered, column by column only where a block's columns differ.
    // (`mark(run_start, x, open)`: whether the columns from `x` on are open, up to the next
    // mark; `run_start` a parameter, not captured: captured, it cost 0.7 M instructions a
    // frame more.)
    let mut run_start = None;
    let mut mark = |run_start: &mut Option<usize>, x: usize, open: bool| {
        if open {
            run_start.get_or_insert(x);
        } else if let Some(start) = run_start.take() {
            draw_run(row, start, x);
        }
    };
    for (g, group) in scene.groups.iter().enumerate() {
        if let Some(open) = group.open(y) {
            mark(&mut run_start, g * GROUP * BLOCK, open);
            continue;
        }
        let first = g * GROUP;
        for (b, block) in scene.blocks[first..].iter().take(GROUP).enumerate() {
            let x0 = (first + b) * BLOCK;
            if let Some(open) = block.open(y) {
                mark(&mut run_start, x0, open);
                continue;
            }
            let x1 = (x0 + BLOCK).min(covers.len());
            for (x, &(top, bottom)) in covers[x0..x1].iter().enumerate() {
                mark(&mut run_start, x0 + x, y < top || y >= bottom);
            }
        }
    }
    if let Some(start) = run_start {
        draw_run(row, start, row.len());
    }
}

/// The floor or ceiling texel source of the cell last looked up along a row: the surface
/// changes only every few pixels.
struct SurfaceCache<'a> {
    level: &'a Level,
    assets: &'a RenderAssets,
    below: bool,
    loops: kernels::Loops,
    /// World units per pixel (0 without mipmaps): picks each texture's mipmap level.
    footprint: f64,
    /// What lights the floors and ceilings, where lights are drawn.
    lights: Option<FloorLight<'a>>,
    /// Whether a sample of dynamic light spans many pixels (16 or more) along this row: its
    /// plain colours' copies are then drawn a sample at a time.
    by_sample: bool,
    cell: (i32, i32),
    /// That cell's surface, and whether it is lit already.
    drawn: Drawn,
    /// A colour, or a texture's mipmap level and the shift that turns a 32-bit fraction into
    /// its texel coordinate.
    surface: Result<(&'a crate::texture::Mip, u32), u32>,
}

impl<'a> SurfaceCache<'a> {
    fn new(
        level: &'a Level,
        assets: &'a RenderAssets,
        below: bool,
        loops: kernels::Loops,
        footprint: f64,
    ) -> SurfaceCache<'a> {
        SurfaceCache {
            level,
            assets,
            below,
            loops,
            footprint,
            lights: None,
            by_sample: false,
            cell: (i32::MIN, i32::MIN),
            drawn: Drawn::as_it_is(SurfaceRef::Colour(0)),
            surface: Err(0),
        }
    }

    /// The floor (or ceiling) of `cell`, lit where lights are drawn.
    #[inline(always)]
    fn surface_of(&self, cell: (i32, i32)) -> Drawn {
        let index = self.level.map.style(Cell::new(cell.0, cell.1));
        let style = &self.assets.styles[index as usize];
        let plain = if self.below {
            style.floor
        } else {
            style.ceiling
        };
        match self.lights {
            Some(lights) => lights.drawn(
                (cell, index),
                plain,
                self.below,
                (self.footprint, self.by_sample),
            ),
            None => Drawn::as_it_is(plain),
        }
    }

    fn look_up(&mut self, cell: (i32, i32), drawn: Drawn) {
        self.cell = cell;
        self.drawn = drawn;
        let flash = self.lights.and_then(|l| l.flash);
        self.surface = match (self.drawn.flash, flash, self.drawn.surface) {
            // Plain colours' copies, drawn a sample at a time: each cell's found as the fill
            // comes to it.
            (BY_SAMPLE, _, _) => Err(0),
            // A copy lit for this frame (of a texture or a plain colour).
            (at @ 1.., Some(flash), _) => {
                let mip = flash.mip(at - 1, self.footprint, (self.assets, self.loops));
                Ok((mip, 32 - mip.shift()))
            }
            (_, _, SurfaceRef::Colour(c)) => Err(c),
            (_, _, SurfaceRef::Texture(i)) => {
                let texture = &*self.assets.textures[i as usize];
                let mip = texture.mip(mip_level(self.footprint * texture.size() as f64));
                Ok((mip, 32 - mip.shift()))
            }
        };
    }

    /// Fills `run` with the surface texels from world position `at` (32.32 fixed point),
    /// stepping by `step` per pixel, fogged by `fog`: the pixels of neighbouring cells of one
    /// surface at a time, so a plain colour is one fill, and a texture a loop with no cell
    /// test.
    #[inline]
    fn fill(&mut self, run: &mut [u32], at: (i64, i64), step: (i64, i64), fog: &FogBlend) {
        let len = run.len();
        self.by_sample = [step.0, step.1]
            .iter()
            .all(|s| s.unsigned_abs() <= SAMPLE_SPAN / 16);
        let mut cells = CellWalk::new(at, step);
        let mut at = at;
        let mut start = 0;
        let mut rest = run;
        // The surface of the cell the last part ended at (asked there): the next part's.
        let mut next: Option<Drawn> = None;
        while start < len {
            if cells.cell != self.cell {
                let drawn = next.unwrap_or_else(|| self.surface_of(cells.cell));
                self.look_up(cells.cell, drawn);
            }
            next = None;
            // The cells after it with the same surface join the part: a texel is found from
            // the position's fraction within its cell, which runs on from one cell into the
            // next as it does within one (a floor of one texture is one run from wall to
            // wall).
            let mut end = len;
            loop {
                let crossing = cells.cross();
                if crossing >= len as u64 {
                    break;
                }
                let drawn = self.surface_of(cells.cell);
                if drawn != self.drawn {
                    (end, next) = (crossing as usize, Some(drawn));
                    break;
                }
            }
            let n = end - start;
            start = end;
            let (part, tail) = std::mem::take(&mut rest).split_at_mut(n);
            match self.surface {
                // Plain colours' copies lit for this frame, a texel a sample, seen so near that
                // a sample spans many pixels: filled a sample at a time, cell after cell of
                // the part (the same texels as the loop below picks, without fetching each
                // pixel's).
                _ if self.drawn.flash == BY_SAMPLE => {
                    let (flash, below) = (self.lights.and_then(|l| l.flash), self.below);
                    let (footprint, assets, loops) = (self.footprint, self.assets, self.loops);
                    let copy_of = |cell: (i32, i32)| {
                        let flash = flash.expect("cells are drawn by sample from copies");
                        let at = flash.copy_at(cell, below, footprint);
                        flash.mip(at.expect("a copy of each"), footprint, (assets, loops))
                    };
                    kernels::fill_by_texel::<Fills, SAMPLE_STORE>(
                        loops,
                        part,
                        (at, step),
                        SAMPLE_BITS,
                        fog,
                        copy_of,
                    );
                }
                Err(colour) => kernels::fill(part, fog.blend(colour)),
                // A texture seen so near that a texel spans many pixels along the row: filled
                // a texel at a time.
                Ok((tex, shift)) if magnified(step, shift) => {
                    kernels::fill_by_texel::<Fills, TEXEL_STORE>(
                        self.loops,
                        part,
                        (at, step),
                        shift,
                        fog,
                        |_| tex,
                    );
                }
                Ok((tex, shift)) => {
                    kernels::texture_run(
                        self.loops,
                        (tex, shift),
                        part,
                        (at.0 as u32, at.1 as u32),
                        (step.0 as u32, step.1 as u32),
                        fog,
                    );
                }
            }
            // A lit cell without a copy of its own: its pixels lit one by one.
            if let (false, Some(FloorLight { lighting, .. })) = (self.drawn.lit, &self.lights) {
                let loops = self.loops;
                lighting.light_run(part, at, step, fog.factors(), |tint, pixels| {
                    kernels::tint_run(loops, tint, pixels);
                });
            }
            at = advance(at, step, n);
            rest = tail;
        }
    }
}

/// A sample of dynamic light's side in 32.32 fixed point, and that as a shift.
const SAMPLE_BITS: u32 = 32 - crate::lighting::DYNAMIC_SAMPLES.trailing_zeros();
const SAMPLE_SPAN: u64 = 1 << SAMPLE_BITS;

/// Pixels a sample's fill stores at once, whatever the sample's width, where the run goes on
/// that far (see [`fill_by_texel`]).
const SAMPLE_STORE: usize = 64;

/// A texture is filled a texel at a time ([`fill_by_texel`]) where a texel spans this many
/// pixels or more along the row (the steps along both axes together under a texel's
/// fraction): then a texel's fill costs less than fetching each of its pixels' texels,
/// four or eight at a time. (e1m1 at 1280x800 from its start: 324,000 pixels a frame in
/// 29,000 texels; the floor sweep on one core 0.39 -> 0.33 ms natively with AVX2, 0.76 ->
/// 0.55 ms in WebAssembly in Chromium.)
const TEXEL_RUN: u64 = 8;

/// Pixels a texture's fill a texel at a time stores at once (see [`fill_by_texel`]): its
/// texels span [`TEXEL_RUN`] pixels or more along the row, tens near the camera.
const TEXEL_STORE: usize = 16;

/// Whether a texture whose texel coordinate is a 32-bit fraction shifted down by `shift` is
/// seen so magnified along a row stepping by `step` that it is filled a texel at a time.
#[inline]
fn magnified(step: (i64, i64), shift: u32) -> bool {
    let along = step.0.unsigned_abs() + step.1.unsigned_abs();
    along.saturating_mul(TEXEL_RUN) <= 1u64 << shift
}

/// Fills `run`, pixels from world position `at` (32.32 fixed point) on by `step`, with the
/// texels under them, a texel's side 2^`unit` (32.32), each cell's from `copy_of(cell)`,
/// fogged by `fog`: a fill per texel, cell after cell. Plain colours' copies lit a texel a
/// sample of dynamic light, and textures seen magnified ([`magnified`]). A texel no wider
/// than `STORE` pixels, with that many left in the run, is stored as that many pixels at
/// once, a fixed run of stores with no loop whose end the branch predictor misses; the texels
/// after it store over what lies past its own pixels. (e1m1 at 1920x1080 under eight flashes
/// fills about 13,000 samples a frame on its ceilings, one in twenty under eight pixels
/// wide.) The crossings from texel to texel are counted on over the whole run, and a cell's
/// texels asked for when the run comes to it, so that neighbouring cells are one run. Drawn
/// through [`kernels::fill_by_texel`] ([`Fills`]), built for the CPU's widest stores. The
/// pixels are those a texel fetched a pixel ([`kernels::texture_run`]) gives: the texel of
/// `at + k × step`'s fraction.
#[inline(always)]
fn fill_by_texel<'t, const STORE: usize>(
    run: &mut [u32],
    (at, step): ((i64, i64), (i64, i64)),
    unit: u32,
    fog: &FogBlend,
    mut copy_of: impl FnMut((i32, i32)) -> &'t crate::texture::Mip,
) {
    let len = run.len();
    // The pixels where the run crosses into the next texel along each axis, counted on
    // without a division a texel (one dependent on the last, they were the loop's pace),
    // and the texel the run is on, counted from the world's origin (its cell the texel
    // over the texels a cell).
    let (mut across, mut down) = (
        Crossings::new(at.0, step.0, unit),
        Crossings::new(at.1, step.1, unit),
    );
    let (mut sx, mut sy) = (at.0 >> unit, at.1 >> unit);
    let (ix, iy) = (step.0.signum(), step.1.signum());
    let per_cell = 32 - unit;
    let cell_of = |sx: i64, sy: i64| ((sx >> per_cell) as i32, (sy >> per_cell) as i32);
    let mut cell = cell_of(sx, sy);
    let mut tex = copy_of(cell);
    let mut i = 0;
    while i < len {
        let end = across.next.min(down.next).min(len as u64) as usize;
        let colour = fog.blend(tex.texel(sx as u32, sy as u32));
        if end - i <= STORE && len - i >= STORE {
            kernels::fill(&mut run[i..i + STORE], colour);
        } else {
            kernels::fill(&mut run[i..end], colour);
        }
        if end == len {
            break;
        }
        if across.next == end as u64 {
            across.pass();
            sx = sx.wrapping_add(ix);
        }
        if down.next == end as u64 {
            down.pass();
            sy = sy.wrapping_add(iy);
        }
        if cell_of(sx, sy) != cell {
            cell = cell_of(sx, sy);
            tex = copy_of(cell);
        }
        i = end;
    }
}

/// The cells a run of pixels from a position (32.32 fixed point) on by a step lies in: the
/// first pixel's, and crossing after crossing (the pixel where the run enters another cell
/// along either axis) the cell from there on, counted on without a division a cell.
#[derive(Clone, Copy, Debug)]
struct CellWalk {
    across: Crossings,
    down: Crossings,
    /// Which way the cells go along each axis.
    sx: i32,
    sy: i32,
    /// The cell of the pixels from the last crossing on.
    cell: (i32, i32),
}

impl CellWalk {
    #[inline]
    fn new(at: (i64, i64), step: (i64, i64)) -> CellWalk {
        CellWalk {
            across: Crossings::new(at.0, step.0, 32),
            down: Crossings::new(at.1, step.1, 32),
            sx: step.0.signum() as i32,
            sy: step.1.signum() as i32,
            cell: cell_of(at),
        }
    }

    /// On to the next crossing: its pixel (`u64::MAX` for none), the cell moved past every
    /// boundary crossed there (several where a pixel's step spans more than a cell).
    #[inline]
    fn cross(&mut self) -> u64 {
        let end = self.across.next.min(self.down.next);
        if end == u64::MAX {
            return end;
        }
        while self.across.next == end {
            self.across.pass();
            self.cell.0 = self.cell.0.wrapping_add(self.sx);
        }
        while self.down.next == end {
            self.down.pass();
            self.cell.1 = self.cell.1.wrapping_add(self.sy);
        }
        end
    }
}

/// Where a run of pixels from a position (32.32 fixed point) on by a step crosses from one
/// span of 2^`unit` into the next along one axis, crossing after crossing: the pixel of the
/// next crossing (counted from the run's first) as [`crate::lighting::steps_within`] gives
/// it, each after the first found from the last by adding (the spans are alike).
#[derive(Clone, Copy, Debug)]
struct Crossings {
    /// The pixel where the run enters the next span (`u64::MAX` for no motion).
    next: u64,
    /// A span over the step's size: whole steps and what remains.
    whole: u64,
    part: u64,
    /// How far the crossing's position lies past a whole step, in `[0, step)`.
    past: u64,
    step: u64,
}

impl Crossings {
    #[inline]
    fn new(at: i64, step: i64, unit: u32) -> Crossings {
        let span = 1u64 << unit;
        let into = (at as u64) & (span - 1);
        let size = step.unsigned_abs().max(1);
        let next = crate::lighting::steps_within(at, step, unit);
        // Rising, the crossings are at ceil((span - into + b span) / step); falling, at
        // floor((into + b span) / step) + 1: either way the next is the last plus whole
        // steps of a span, and one more where the remainders carry.
        let past = match step.cmp(&0) {
            std::cmp::Ordering::Greater => size - 1 - (next * size - (span - into)),
            _ => into % size,
        };
        Crossings {
            next,
            whole: span / size,
            part: span % size,
            past,
            step: size,
        }
    }

    /// On to the crossing after the next.
    #[inline]
    fn pass(&mut self) {
        let carry = self.past + self.part >= self.step;
        self.next = self.next.saturating_add(self.whole + u64::from(carry));
        self.past = self.past + self.part - if carry { self.step } else { 0 };
    }
}

/// The world position (32.32 fixed point) `n` steps of `step` on from `at`, wrapping.
#[inline]
fn advance(at: (i64, i64), step: (i64, i64), n: usize) -> (i64, i64) {
    let n = n as i64;
    (
        at.0.wrapping_add(step.0.wrapping_mul(n)),
        at.1.wrapping_add(step.1.wrapping_mul(n)),
    )
}

/// The cell holding a world position (32.32 fixed point).
#[inline]
fn cell_of((wx, wy): (i64, i64)) -> (i32, i32) {
    ((wx >> 32) as i32, (wy >> 32) as i32)
}

/// The fills a texel at a time ([`fill_by_texel`]), which the kernels build for the CPU's
/// widest stores.
pub(super) struct Fills;

impl kernels::TexelFill for Fills {
    #[inline(always)]
    fn fill<'t, const STORE: usize>(
        run: &mut [u32],
        (at, step): ((i64, i64), (i64, i64)),
        unit: u32,
        fog: &FogBlend,
        copy_of: impl FnMut((i32, i32)) -> &'t crate::texture::Mip,
    ) {
        fill_by_texel::<STORE>(run, (at, step), unit, fog, copy_of);
    }
}

/// One world unit in the row pass's 32.32 fixed point.
const FIXED_ONE: f64 = 4_294_967_296.0;
/// Positions beyond this (2^30 tiles, far outside any map) are clamped.
const FIXED_LIMIT: f64 = FIXED_ONE * 1_073_741_824.0;
