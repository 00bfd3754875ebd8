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

mod floor;
#[cfg(test)]
mod tests;

use super::column::{Layers, Span};
use super::kernels;
use super::sprites::{MAX_SPRITES_PER_ROW, SpriteDraw};
use super::{Camera, RenderAssets, SpriteInstance};
use crate::level::Level;
use floor::floor_and_ceiling;

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
    pub flash: Option<&'a super::light::flash::FlashSurfaces>,
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

/// What the composite pass asks of the columns, summed up from the cast pass's spans: each
/// column's rows its wall covers, those summed in blocks and groups of blocks, how near each
/// column's wall and layers stand (for the sprites' pixels), and the columns with layers.
#[derive(Debug, Default)]
pub(in crate::render) struct ColumnSummary {
    pub(in crate::render) covers: Vec<(i32, i32)>,
    pub(in crate::render) blocks: Vec<CoverBlock>,
    pub(in crate::render) groups: Vec<CoverBlock>,
    pub(in crate::render) depths: Vec<ColumnDepths>,
    pub(in crate::render) layered: Vec<u32>,
}

impl ColumnSummary {
    /// Summed up again from the frame's `walls` and `layers`, `width` columns (no allocation
    /// once the buffers have grown to the frame).
    pub(in crate::render) fn rebuild(&mut self, walls: &[Span], layers: &[Layers], width: u32) {
        self.covers.clear();
        self.covers.extend(walls.iter().map(|w| (w.top, w.bottom)));
        self.blocks.clear();
        self.blocks
            .extend(self.covers.chunks(BLOCK).map(CoverBlock::new));
        self.groups.clear();
        self.groups
            .extend(self.blocks.chunks(GROUP).map(CoverBlock::of_blocks));
        self.depths.clear();
        self.depths.extend(
            walls
                .iter()
                .zip(layers)
                .map(|(wall, layers)| ColumnDepths::of(wall, layers)),
        );
        self.layered.clear();
        // Room for every column at once: a filter's length is unknown, and a frame that
        // sees more grates than any before must not grow the list.
        self.layered.reserve(width as usize);
        self.layered
            .extend((0..width).filter(|&x| self.depths[x as usize].layered));
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
    kernels::wall_sweep(scene.loops, scene, (y0, y1), w, band);
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

/// The wall sweep ([`wall_sweep`]), which the kernels build for the CPU.
impl kernels::WallSweep for Scene<'_> {
    #[inline(always)]
    fn sweep(&self, rows: (i32, i32), w: usize, band: &mut [u32]) {
        wall_sweep(self, rows, w, band);
    }
}

/// The wall sweep of a band (rows `y0..y1` of the frame held in `band`, rows `w` pixels
/// long): the walls column by column, a block of [`BLOCK`] columns at a time where their walls
/// reach the band. Always inlined, so that [`kernels::wall_sweep`] compiles it for AVX2 where
/// the CPU has it, with the column loop ([`kernels::copy_down`]) inlined in it.
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
        for x in d.columns_on(frame, texel_row) {
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
