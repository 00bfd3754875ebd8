//! The composite pass: a band of rows of the frame, drawn in four sweeps, each a tight loop
//! over one kind of pixel:
//!
//! 1. floor and ceiling, row by row, in runs of the columns the walls leave open (found from
//!    summaries of 16 and 128 columns, column by column only where a summary cannot tell;
//!    the row's distance and fog once per row), the pixels of neighbouring cells of one
//!    surface at a time (a plain colour is one fill; a texture, the world position stepped
//!    along with no per-pixel cell test);
//! 2. walls, column by column, 16 columns at a time where their walls reach the band at all
//!    (a texture column, its fog and step looked up once per column; where a texel covers
//!    several rows, it is fogged once);
//! 3. masked layers, far to near, in the few columns that have any;
//! 4. sprites, far to near, row by row, each pixel only where the sprite is nearer than the
//!    nearest opaque thing there.
//!
//! Sweeps 1 and 2 write disjoint pixels; 3 and 4 draw over them in the order the eye sees, so
//! the picture is the one a per-pixel loop doing all four in turn would draw.

use std::time::Duration;
use web_time::Instant;

use super::assets::FogBlend;
use super::camera::{pixel_footprint, row_distance};
use super::column::{Layers, Span};
use super::kernels;
use super::lit::{BY_SAMPLE, Drawn};
use super::sprites::{MAX_SPRITES_PER_ROW, SpriteDraw};
use super::surface::SurfaceRef;
use super::{Camera, RenderAssets, SpriteInstance};
use crate::grid::Cell;
use crate::level::Level;
use crate::texture::mip_level;

/// Everything a band draws: the columns' spans and the projected sprites (far to near).
pub(super) struct Scene<'a> {
    pub level: &'a Level,
    pub assets: &'a RenderAssets,
    pub camera: &'a Camera,
    /// Per column, the rows `[top, bottom)` its wall covers (the floor sweep's test, kept
    /// apart from the spans so that a row's scan reads a few kilobytes).
    pub covers: &'a [(i32, i32)],
    /// The same, summed up per [`BLOCK`] columns.
    pub blocks: &'a [CoverBlock],
    /// The blocks summed up per [`GROUP`].
    pub groups: &'a [CoverBlock],
    /// Per column, its wall.
    pub walls: &'a [Span],
    /// Per cast task ([`super::COLUMNS_PER_TASK`] columns), the fogged texels of its
    /// magnified walls.
    pub fogged: &'a [Vec<u32>],
    /// Per column, its masked layers.
    pub layers: &'a [Layers],
    /// Per column, how near its wall and layers stand (what a sprite's pixels ask of it, kept
    /// apart from the spans so that a sprite's row reads a few kilobytes).
    pub depths: &'a [ColumnDepths],
    /// The columns that have masked layers, left to right.
    pub layered: &'a [u32],
    pub sprites: &'a [SpriteInstance<'a>],
    pub draws: &'a [SpriteDraw],
    /// Which versions of the per-pixel loops run.
    pub loops: kernels::Loops,
    /// Whether floors and ceilings are drawn from mipmap levels.
    pub mipmaps: bool,
    /// The light the frame is drawn in, where it changes anything.
    pub lights: Option<crate::lighting::Lighting<'a>>,
    /// The floors and ceilings lit by this frame's dynamic lights, where there are any.
    pub flash: Option<&'a super::flash::FlashSurfaces>,
}

/// How near what a column draws stands: its wall, and the nearest of its wall and masked
/// layers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ColumnDepths {
    pub wall: f32,
    pub nearest: f32,
    /// Whether it has masked layers.
    pub layered: bool,
}

impl ColumnDepths {
    pub fn of(wall: &super::column::Span, layers: &Layers) -> ColumnDepths {
        let nearest = layers
            .far_to_near()
            .fold(wall.depth, |nearest, layer| nearest.min(layer.depth));
        ColumnDepths {
            wall: wall.depth,
            nearest,
            layered: layers.far_to_near().next().is_some(),
        }
    }
}

/// Pixels per cache line (of 64 bytes); a [`CoverBlock`]'s columns.
const LINE: usize = BLOCK;

/// Columns per [`CoverBlock`].
pub(super) const BLOCK: usize = 16;

/// [`CoverBlock`]s per group: the summary of [`GROUP`] blocks, asked first.
pub(super) const GROUP: usize = 8;

/// The rows the walls of [`BLOCK`] neighbouring columns cover, in bounds: a row that all of
/// them leave open (or all cover) is told from these alone, without looking at each column.
#[derive(Clone, Copy, Debug)]
pub(super) struct CoverBlock {
    top: (i32, i32),
    bottom: (i32, i32),
}

impl CoverBlock {
    /// The bounds of `covers` (a block's worth of columns).
    pub fn new(covers: &[(i32, i32)]) -> CoverBlock {
        covers
            .iter()
            .map(|&(top, bottom)| CoverBlock {
                top: (top, top),
                bottom: (bottom, bottom),
            })
            .fold(CoverBlock::NONE, CoverBlock::join)
    }

    /// The bounds of neighbouring blocks' columns together.
    pub fn of_blocks(blocks: &[CoverBlock]) -> CoverBlock {
        blocks
            .iter()
            .copied()
            .fold(CoverBlock::NONE, CoverBlock::join)
    }

    /// The bounds of no column: every row open.
    const NONE: CoverBlock = CoverBlock {
        top: (i32::MAX, i32::MIN),
        bottom: (i32::MAX, i32::MIN),
    };

    /// The bounds of the columns of both.
    fn join(self, other: CoverBlock) -> CoverBlock {
        CoverBlock {
            top: (self.top.0.min(other.top.0), self.top.1.max(other.top.1)),
            bottom: (
                self.bottom.0.min(other.bottom.0),
                self.bottom.1.max(other.bottom.1),
            ),
        }
    }

    /// Whether any column's wall may cover a row of `y0..y1` (`false`: none does).
    #[inline]
    fn reaches(&self, y0: i32, y1: i32) -> bool {
        self.top.0 < y1 && self.bottom.1 > y0
    }

    /// Whether every column leaves row `y` open (`Some(true)`) or every one covers it
    /// (`Some(false)`); `None` when the bounds cannot tell (the columns must be asked).
    #[inline]
    fn open(&self, y: i32) -> Option<bool> {
        if y < self.top.0 || y >= self.bottom.1 {
            Some(true)
        } else if y >= self.top.1 && y < self.bottom.0 {
            Some(false)
        } else {
            None
        }
    }
}

/// What a band's sweeps took.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SweepTimes {
    pub floor: Duration,
    pub walls: Duration,
    /// Masked layers and sprites.
    pub overlays: Duration,
}

/// Draws the rows `first..` of the frame held in `band` (whole rows of `width` pixels) for a
/// frame `height` rows tall.
pub(super) fn draw_band(
    scene: &Scene,
    first: u32,
    width: u32,
    height: u32,
    band: &mut [u32],
) -> SweepTimes {
    let w = width as usize;
    let rows = (band.len() / w) as i32;
    let (y0, y1) = (first as i32, first as i32 + rows);
    let started = Instant::now();
    for (k, row) in band.chunks_exact_mut(w).enumerate() {
        floor_and_ceiling(scene, y0 + k as i32, width, height, row);
    }
    let floor_done = Instant::now();
    kernels::vectorised(
        scene.loops,
        WallSweep {
            scene,
            rows: (y0, y1),
            w,
            band,
        },
    );
    let walls_done = Instant::now();
    for &x in scene.layered {
        let x = x as usize;
        for layer in scene.layers[x].far_to_near() {
            let rows = layer.top.max(y0)..layer.bottom.min(y1);
            if rows.is_empty() {
                continue;
            }
            let first = (rows.start - y0) as usize * w + x;
            layer.draw_over(scene.assets, rows, (&mut band[first..], w), over);
        }
    }
    if !scene.draws.is_empty() {
        for (k, row) in band.chunks_exact_mut(w).enumerate() {
            sprites_on_row(scene, y0 + k as i32, row);
        }
    }
    SweepTimes {
        floor: floor_done - started,
        walls: walls_done - floor_done,
        overlays: walls_done.elapsed(),
    }
}

/// A band's wall sweep ([`wall_sweep`]) as a loop the kernels build for the CPU.
struct WallSweep<'s, 'a, 'b> {
    scene: &'s Scene<'a>,
    rows: (i32, i32),
    w: usize,
    band: &'b mut [u32],
}

impl kernels::Vectorised for WallSweep<'_, '_, '_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        wall_sweep(self.scene, self.rows, self.w, self.band);
    }
}

/// A run of lit plain colours' pixels filled a sample at a time ([`fill_by_sample`]) as a loop
/// the kernels build for the CPU's widest stores.
pub(super) struct SampleFill<'r, 'f, C> {
    pub(super) run: &'r mut [u32],
    pub(super) at: (i64, i64),
    pub(super) step: (i64, i64),
    pub(super) fog: &'f FogBlend,
    pub(super) copy_of: C,
}

impl<'t, C: FnMut((i32, i32)) -> &'t crate::texture::Mip> kernels::Vectorised
    for SampleFill<'_, '_, C>
{
    type Output = ();

    #[inline(always)]
    fn run(self) {
        fill_by_sample(self.run, self.at, self.step, self.fog, self.copy_of);
    }
}

/// The wall sweep of a band (rows `y0..y1` of the frame held in `band`, rows `w` pixels
/// long): the walls column by column, a block of [`BLOCK`] columns at a time where their walls
/// reach the band. Always inlined, so that [`kernels::vectorised`] compiles it for AVX2 where
/// the CPU has it ([`WallSweep`]), with the column loop ([`kernels::copy_down`]) inlined in it.
#[inline(always)]
fn wall_sweep(scene: &Scene, (y0, y1): (i32, i32), w: usize, band: &mut [u32]) {
    for (b, block) in scene.blocks.iter().enumerate() {
        let x0 = b * BLOCK;
        if let Some(next) = scene.blocks.get(b + 1) {
            // The band's cache lines a wall covers whole are in no cache (the floor sweep
            // never touched them), and its column-by-column stores wait for each: ask for
            // the next line of each row that the next columns' walls all cover while these
            // columns are drawn.
            let rows = next.top.1.max(y0)..next.bottom.0.min(y1);
            if !rows.is_empty() {
                let covered = (rows.start - y0) as usize * w..(rows.end - y0) as usize * w;
                kernels::prefetch(&band[covered], x0 + LINE, w);
            }
        }
        if !block.reaches(y0, y1) {
            continue;
        }
        for (x, wall) in scene.walls.iter().enumerate().skip(x0).take(BLOCK) {
            let (top, bottom) = (wall.top.max(y0), wall.bottom.min(y1));
            if top < bottom {
                let start = (top - y0) as usize * w + x;
                let fogged = &scene.fogged[x / super::COLUMNS_PER_TASK];
                wall.draw(
                    (scene.assets, scene.loops),
                    fogged,
                    (top, bottom),
                    &mut band[start..],
                    w,
                );
            }
        }
    }
}

/// The floor (below the horizon) or ceiling (above) of row `y`, where no wall covers it.
fn floor_and_ceiling(scene: &Scene, y: i32, width: u32, height: u32, row: &mut [u32]) {
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
    surfaces.lights = scene.lights.map(|l| (l, assets.lit.as_deref()));
    surfaces.flash = scene.flash;
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
    /// The light the frame is drawn in and the surfaces lit ahead under the level's own,
    /// where lights are drawn.
    lights: Option<(
        crate::lighting::Lighting<'a>,
        Option<&'a super::lit::LitSurfaces>,
    )>,
    /// The floors and ceilings lit by this frame's dynamic lights.
    flash: Option<&'a super::flash::FlashSurfaces>,
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
            flash: None,
            by_sample: false,
            cell: (i32::MIN, i32::MIN),
            drawn: Drawn {
                surface: SurfaceRef::Colour(0),
                lit: true,
                flash: 0,
            },
            surface: Err(0),
        }
    }

    /// The floor (or ceiling) of `cell`, lit where lights are drawn.
    #[inline]
    fn surface_of(&self, cell: (i32, i32)) -> Drawn {
        let index = self.level.map.style(Cell::new(cell.0, cell.1));
        let style = &self.assets.styles[index as usize];
        let plain = if self.below {
            style.floor
        } else {
            style.ceiling
        };
        match self.lights {
            // Where a dynamic light reaches, the surface's copy lit for this frame; where it
            // has none, or the light was worked out again as the doors stand, the plain
            // surface lit pixel by pixel.
            Some((lighting, _)) if lighting.by_pixel(cell.0, cell.1) => {
                match self
                    .flash
                    .and_then(|f| f.copy_at(cell, self.below, self.footprint))
                {
                    // Plain colours' copies on a row where a sample spans many pixels
                    // join in parts of neighbouring cells, drawn a sample at a time.
                    Some(_) if self.by_sample && matches!(plain, SurfaceRef::Colour(_)) => Drawn {
                        surface: plain,
                        lit: true,
                        flash: BY_SAMPLE,
                    },
                    Some(at) => Drawn {
                        surface: plain,
                        lit: true,
                        flash: at + 1,
                    },
                    None => Drawn {
                        surface: plain,
                        lit: false,
                        flash: 0,
                    },
                }
            }
            Some((_, Some(lit))) => lit.surface(cell, index, self.below),
            _ => Drawn {
                surface: plain,
                lit: true,
                flash: 0,
            },
        }
    }

    fn look_up(&mut self, cell: (i32, i32), drawn: Drawn) {
        self.cell = cell;
        self.drawn = drawn;
        self.surface = match (self.drawn.flash, self.flash, self.drawn.surface) {
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
                    let (flash, below) = (self.flash, self.below);
                    let (footprint, assets, loops) = (self.footprint, self.assets, self.loops);
                    let copy_of = |cell: (i32, i32)| {
                        let flash = flash.expect("cells are drawn by sample from copies");
                        let at = flash.copy_at(cell, below, footprint);
                        flash.mip(at.expect("a copy of each"), footprint, (assets, loops))
                    };
                    let fill = SampleFill {
                        run: part,
                        at,
                        step,
                        fog,
                        copy_of,
                    };
                    kernels::vectorised(loops, fill);
                }
                Err(colour) => part.fill(fog.blend(colour)),
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
            if let (false, Some((lighting, _))) = (self.drawn.lit, &self.lights) {
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

/// Fills `run` with `pixel`: as `fill`, for the short runs of a sample each that a lit plain
/// colour is drawn in (tens of pixels, a run's length changing every time), eight pixels a
/// store and the last eight stored over, so that no loop of the last few pixels one by one
/// follows (whose end, a different length each time, the branch predictor missed).
#[inline]
fn fill_short(run: &mut [u32], pixel: u32) {
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

/// A sample of dynamic light's side in 32.32 fixed point, and that as a shift.
const SAMPLE_BITS: u32 = 32 - crate::lighting::DYNAMIC_SAMPLES.trailing_zeros();
const SAMPLE_SPAN: u64 = 1 << SAMPLE_BITS;

/// Pixels a sample's fill stores at once, whatever the sample's width, where the run goes on
/// that far (see [`fill_by_sample`]).
const SAMPLE_STORE: usize = 64;

/// Fills `run`, pixels from world position `at` (32.32 fixed point) on by `step`, with the
/// texels under them of each cell's copy of a plain colour (`copy_of(cell)`: a texel a sample
/// of dynamic light), fogged by `fog`: a fill per texel, cell after cell. A sample no wider
/// than [`SAMPLE_STORE`] pixels, with that many left in the run, is stored as that many pixels
/// at once, a fixed run of stores with no loop whose end the branch predictor misses; the
/// samples after it store over what lies past its own pixels. (e1m1 at 1920x1080 under eight
/// flashes fills about 13,000 samples a frame on its ceilings, one in twenty under eight
/// pixels wide.) The crossings from sample to sample are counted on over the whole run, and a
/// cell's copy asked for when the run comes to it, so that neighbouring cells are one run.
/// Drawn as a [`SampleFill`], which the kernels build for the CPU's widest stores.
#[inline(always)]
fn fill_by_sample<'t>(
    run: &mut [u32],
    at: (i64, i64),
    step: (i64, i64),
    fog: &FogBlend,
    mut copy_of: impl FnMut((i32, i32)) -> &'t crate::texture::Mip,
) {
    let len = run.len();
    // The pixels where the run crosses into the next sample along each axis, counted on
    // without a division a sample (one dependent on the last, they were the loop's pace),
    // and the sample the run is on, counted from the world's origin (its cell the sample
    // over the samples a cell).
    let (mut across, mut down) = (
        Crossings::new(at.0, step.0, SAMPLE_BITS),
        Crossings::new(at.1, step.1, SAMPLE_BITS),
    );
    let (mut sx, mut sy) = (at.0 >> SAMPLE_BITS, at.1 >> SAMPLE_BITS);
    let (ix, iy) = (step.0.signum(), step.1.signum());
    let per_cell = 32 - SAMPLE_BITS;
    let cell_of = |sx: i64, sy: i64| ((sx >> per_cell) as i32, (sy >> per_cell) as i32);
    let mut cell = cell_of(sx, sy);
    let mut tex = copy_of(cell);
    let mut i = 0;
    while i < len {
        let end = across.next.min(down.next).min(len as u64) as usize;
        let colour = fog.blend(tex.texel(sx as u32, sy as u32));
        if end - i <= SAMPLE_STORE && len - i >= SAMPLE_STORE {
            run[i..i + SAMPLE_STORE].copy_from_slice(&[colour; SAMPLE_STORE]);
        } else {
            fill_short(&mut run[i..end], colour);
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

/// Whether what is drawn at `(x, y)` hides a sprite `depth` away: the nearest masked layer
/// opaque there, or the wall where none is, stands no farther. (Whether a layer's texel is
/// opaque is its texture's own: lighting and fog keep a texel's alpha.) A sprite nearer than
/// all of them, or a column without layers, is told from the column's depths alone.
#[inline]
fn hides(scene: &Scene, x: usize, y: i32, depth: f32) -> bool {
    let depths = scene.depths[x];
    if depth < depths.nearest {
        return false;
    }
    if depths.layered {
        for layer in scene.layers[x].near_to_far() {
            if y >= layer.top && y < layer.bottom && layer.is_opaque_at(scene.assets, y) {
                return depth >= layer.depth;
            }
        }
    }
    depth >= depths.wall
}

/// The sprites crossing row `y`, far to near (the nearest [`MAX_SPRITES_PER_ROW`] of them).
fn sprites_on_row(scene: &Scene, y: i32, row: &mut [u32]) {
    let draws = scene.draws;
    let mut on_row = [0u16; MAX_SPRITES_PER_ROW];
    let mut count = 0;
    for (i, d) in draws.iter().enumerate() {
        if y >= d.y0 && y < d.y1 {
            if count == MAX_SPRITES_PER_ROW {
                // Keep the nearest: drop the farthest kept.
                on_row.copy_within(1.., 0);
                count -= 1;
            }
            on_row[count] = i as u16;
            count += 1;
        }
    }
    for &i in &on_row[..count] {
        let d = &draws[i as usize];
        let frame = d.frame(scene.sprites);
        let texel_row = d.texel_row(frame, y);
        for x in d.columns() {
            if hides(scene, x as usize, y, d.depth()) {
                continue;
            }
            if let Some(t) = d.texel(frame, x, texel_row) {
                let under = &mut row[x as usize];
                *under = over(t, *under);
            }
        }
    }
}

/// Texel `t` drawn over pixel `under`: as it is where it is opaque; where it is partly
/// see-through (a sprite's shadow on the ground), blended over what is there, the pixel left
/// opaque.
#[inline]
fn over(t: u32, under: u32) -> u32 {
    let a = t >> 24;
    if a == 255 {
        return t;
    }
    let mix = |shift: u32| {
        let (top, bottom) = ((t >> shift) & 0xFF, (under >> shift) & 0xFF);
        ((top * a + bottom * (255 - a) + 127) / 255) << shift
    };
    0xFF00_0000 | mix(0) | mix(8) | mix(16)
}

/// One world unit in the row pass's 32.32 fixed point.
const FIXED_ONE: f64 = 4_294_967_296.0;
/// Positions beyond this (2^30 tiles, far outside any map) are clamped.
const FIXED_LIMIT: f64 = FIXED_ONE * 1_073_741_824.0;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A short fill sets every pixel of its run, of every length, and none beside it.
    #[test]
    fn short_fills_fill_their_run_and_nothing_else() {
        for len in 0..40 {
            for start in 0..3 {
                let mut row = [7u32; 50];
                fill_short(&mut row[start..start + len], 9);
                for (x, &p) in row.iter().enumerate() {
                    let inside = (start..start + len).contains(&x);
                    assert_eq!(p, if inside { 9 } else { 7 }, "length {len}, pixel {x}");
                }
            }
        }
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
        let mut next = {
            let mut state = 0x2545_F491_4F6C_DD1Du64;
            move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            }
        };
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
                let mut row = vec![7u32; len + 2];
                let fill = SampleFill {
                    run: &mut row[1..=len],
                    at,
                    step,
                    fog: &fog,
                    copy_of,
                };
                kernels::vectorised(loops, fill);
                assert_eq!(
                    (row[0], row[len + 1]),
                    (7, 7),
                    "case {case}: wrote beside the run ({loops:?})"
                );
                for (k, &pixel) in row[1..=len].iter().enumerate() {
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

        /// Where a block's summary answers, it agrees with every one of its columns; where it
        /// says no wall reaches a band of rows, none covers a row of it.
        #[test]
        fn cover_blocks_agree_with_their_columns(
            covers in prop::collection::vec((-2i32..40, -2i32..40), 1..=BLOCK),
            y in -3i32..42,
            band in (-3i32..42, 0i32..12),
        ) {
            let block = CoverBlock::new(&covers);
            let open: Vec<bool> = covers.iter().map(|&(t, b)| y < t || y >= b).collect();
            if let Some(all) = block.open(y) {
                prop_assert!(open.iter().all(|&o| o == all));
            }
            let (y0, y1) = (band.0, band.0 + band.1);
            if !block.reaches(y0, y1) {
                prop_assert!(covers.iter().all(|&(t, b)| t.max(y0) >= b.min(y1)));
            }
        }

        /// Where a group's summary of its blocks answers, it agrees with every column of
        /// every block.
        #[test]
        fn cover_groups_agree_with_their_columns(
            covers in prop::collection::vec((-2i32..40, -2i32..40), 1..=BLOCK * GROUP),
            y in -3i32..42,
        ) {
            let blocks: Vec<CoverBlock> = covers.chunks(BLOCK).map(CoverBlock::new).collect();
            let group = CoverBlock::of_blocks(&blocks);
            let open: Vec<bool> = covers.iter().map(|&(t, b)| y < t || y >= b).collect();
            if let Some(all) = group.open(y) {
                prop_assert!(open.iter().all(|&o| o == all));
            }
        }
    }
}
