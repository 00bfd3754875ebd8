//! Light that walls cast shadows from: each light's reach is its visibility polygon (the one
//! traversal walked to every wall vertex around it, `geom::visibility_polygon`), and the light
//! map holds, for every cell some light reaches, [`SAMPLES`] x [`SAMPLES`] samples of the
//! light falling on its floor: the level's ambient light plus each light that sees the sample,
//! fading with distance to nothing at its radius, added up in linear light and coloured.
//!
//! What the renderer multiplies a texel by is a sample's factor in sRGB terms (the sum raised
//! to 1/2.2: for a power-law sRGB curve, the texel lit in linear light and encoded again),
//! three channels of 10 bits with 256 as 1 ([`apply`]). A cell no light reaches has the
//! ambient factor; a level with neither lights nor a dark ambient has no light map at all.
//!
//! ```
//! use tilecaster::geom::Vec2;
//! use tilecaster::grid::Cell;
//! use tilecaster::level::Light;
//! use tilecaster::lighting::{LightMap, NEUTRAL};
//! use tilecaster::frame::Colour;
//! // A 6 x 3 room with a pillar at (3, 2); a lamp at its west end; the rest is dark.
//! let walls = |c: Cell| c.x <= 0 || c.y <= 0 || c.x >= 7 || c.y >= 4 || (c.x, c.y) == (3, 2);
//! let lamp = Light { position: Vec2::new(1.5, 2.5), colour: Colour::rgb(255, 255, 255), radius: 8.0, intensity: 1.0 };
//! let map = LightMap::build(&walls, 8, 5, &[lamp], 0.2);
//! let lit = map.factor_at(Vec2::new(4.5, 1.2));
//! let shadow = map.factor_at(Vec2::new(5.5, 2.5)); // behind the pillar
//! assert!(lit & 0x3FF > shadow & 0x3FF);
//! assert_eq!(shadow, map.ambient());
//! assert!(map.ambient() & 0x3FF < NEUTRAL & 0x3FF);
//! ```

mod band;
mod dynamic;
mod reach;
mod rebuild;

use band::Band;

pub(crate) use dynamic::steps_within;
pub use dynamic::{DYNAMIC_SAMPLES, DynamicLights, Lighting};
pub use rebuild::cells_differing;

use crate::frame::Colour;
use crate::geom::{Arc, FanScratch, Visibility, visibility_polygon_into};
use crate::grid::{Cell, Solidity};
use crate::level::Light;
use crate::math::Vec2;

pub use crate::level::lights::SAMPLES;
/// `SAMPLES` as a shift.
const SAMPLE_BITS: u32 = 6;
/// The factor that leaves a texel as it is: 256 in each channel.
pub const NEUTRAL: u32 = 256 | 256 << 10 | 256 << 20;
/// The index of a cell with no samples of its own ([`LightMap`]'s, and the dynamic lights').
const NO_TILE: u32 = u32::MAX;

/// The buffers [`LightMap::relight_into`] works in, kept from one door to the next.
#[derive(Clone, Debug, Default)]
pub struct RelightScratch {
    /// The lights that reach the cells worked out again, in the level's order.
    near: Vec<Light>,
    /// Each of those lights' polygon, and the buffers it was cast in.
    polygons: Vec<(FanScratch, Visibility)>,
    /// A band of [`RELIGHT_BAND_ROWS`] cell rows each, filled in parallel.
    bands: Vec<Band>,
}

/// The light falling on a level's floors, as [`LightMap::build`] works it out.
#[derive(Clone, Debug, Default)]
pub struct LightMap {
    width: u32,
    height: u32,
    /// Per cell (row-major), its tile of samples, or [`NO_TILE`]: in `tiles` below
    /// `shared_tiles`, in `own` from there on.
    index: Vec<u32>,
    /// Packed factors, [`SAMPLES`]² per tile, rows of samples from the cell's low y: the map
    /// built with the level, shared by the maps relit from it ([`LightMap::relit`]), so that
    /// relighting a door's surroundings copies none of it.
    tiles: std::sync::Arc<[u32]>,
    /// The tiles in `tiles`.
    shared_tiles: u32,
    /// The tiles of the maps this one was rebuilt from one after another, each's own
    /// shared with it ([`LightMap::rebuilt`]: the editor's maps, one a change), numbered
    /// from `shared_tiles` on in order: copying every earlier change's tiles again cost
    /// more than working out the new ones.
    older: Vec<Chunk>,
    /// The number of the first tile of `own`: `shared_tiles` and those of `older`.
    own_first: u32,
    /// A relit map's own tiles (the cells worked out again), as `tiles`.
    own: Vec<u32>,
    /// Each tile's factors at the centres of the dynamic lights' samples
    /// ([`DYNAMIC_SAMPLES`]² a tile, the same values as the tile's there), in the order of
    /// `tiles` and then `own`: adding a muzzle flash to the level's light reads these 256
    /// bytes a cell, where picking them out of the tile touched 64 cache lines.
    coarse: std::sync::Arc<[u32]>,
    /// `own`'s, as `coarse`.
    own_coarse: Vec<u32>,
    /// The factor where no light reaches.
    ambient: u32,
    /// Whether it leaves every texel as it is (worked out once: drawing asks every frame).
    neutral: bool,
}

/// Tiles of a map rebuilt before, shared by the maps rebuilt from it (see `LightMap::older`).
#[derive(Clone, Debug)]
struct Chunk {
    /// The number of its first tile.
    first: u32,
    tiles: std::sync::Arc<[u32]>,
    coarse: std::sync::Arc<[u32]>,
}

impl LightMap {
    /// The light map of `lights` on the `width` x `height` grid `grid` (walls, closed doors,
    /// push walls and the solid texels of shaped walls block, as `grid` says), with the rest
    /// at `ambient` (0 black to 1 as drawn).
    pub fn build<S: Solidity + Sync + ?Sized>(
        grid: &S,
        width: u32,
        height: u32,
        lights: &[Light],
        ambient: f64,
    ) -> LightMap {
        let base = (ambient.clamp(0.0, 1.0) as f32).powf(2.2);
        let mut index = vec![NO_TILE; width as usize * height as usize];
        let ambient = pack([base; 3]);
        let light = (base, ambient);
        let tiles = light_tiles(grid, (width, height), lights, light, &mut index);
        LightMap {
            width,
            height,
            index,
            neutral: ambient == NEUTRAL && tiles.iter().all(|&f| f == NEUTRAL),
            shared_tiles: (tiles.len() / (SAMPLES * SAMPLES) as usize) as u32,
            own_first: (tiles.len() / (SAMPLES * SAMPLES) as usize) as u32,
            coarse: coarse_tiles(&tiles).collect(),
            tiles: tiles.into(),
            older: Vec::new(),
            own: Vec::new(),
            own_coarse: Vec::new(),
            ambient,
        }
    }

    /// The factor where no light reaches.
    pub fn ambient(&self) -> u32 {
        self.ambient
    }

    /// Whether it leaves every texel as it is (no light reaches anything and the ambient is
    /// full): drawing can skip it.
    pub fn is_neutral(&self) -> bool {
        self.neutral
    }

    /// The factor of the sample of cell `(x, y)` at fractions `(fx, fy)` of 2^32 across it
    /// (the ambient one off the map).
    #[inline]
    pub fn factor_in(&self, x: i32, y: i32, fx: u32, fy: u32) -> u32 {
        match u32::try_from(x)
            .ok()
            .zip(u32::try_from(y).ok())
            .and_then(|(x, y)| self.tile(x, y))
        {
            Some(t) => {
                t[(((fy >> (32 - SAMPLE_BITS)) << SAMPLE_BITS) | (fx >> (32 - SAMPLE_BITS)))
                    as usize]
            }
            None => self.ambient,
        }
    }

    /// The factor of the sample holding `p` (the ambient one off the map).
    pub fn factor_at(&self, p: Vec2) -> u32 {
        Lighting {
            map: Some(self),
            dynamic: None,
            relit: None,
        }
        .factor_at(p)
    }

    /// The samples of cell `(x, y)`, if it has its own: [`SAMPLES`] rows of [`SAMPLES`], from
    /// the cell's low y and x.
    #[inline]
    pub fn tile(&self, x: u32, y: u32) -> Option<&[u32]> {
        self.tile_in(false, x, y)
    }

    /// The factors of cell `(x, y)` at the centres of the dynamic lights' samples, if it has
    /// samples of its own: [`DYNAMIC_SAMPLES`] rows of [`DYNAMIC_SAMPLES`], from the cell's
    /// low y and x; each the factor of the tile's sample holding that centre.
    #[inline]
    pub(crate) fn coarse_tile(&self, x: u32, y: u32) -> Option<&[u32]> {
        self.tile_in(true, x, y)
    }

    /// Cell `(x, y)`'s tile, or its `coarse` one, in the map's first tiles, `older` or
    /// `own`.
    #[inline]
    fn tile_in(&self, coarse: bool, x: u32, y: u32) -> Option<&[u32]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = self.index[(y * self.width + x) as usize];
        if i == NO_TILE {
            return None;
        }
        let n = if coarse {
            (DYNAMIC_SAMPLES * DYNAMIC_SAMPLES) as usize
        } else {
            (SAMPLES * SAMPLES) as usize
        };
        let (within, at): (&[u32], u32) = if i < self.shared_tiles {
            (if coarse { &self.coarse } else { &self.tiles }, i)
        } else if i >= self.own_first {
            let own = if coarse { &self.own_coarse } else { &self.own };
            (own, i - self.own_first)
        } else {
            let chunk = &self.older[self.older.partition_point(|c| c.first <= i) - 1];
            let tiles = if coarse { &chunk.coarse } else { &chunk.tiles };
            (tiles, i - chunk.first)
        };
        within.get(at as usize * n..(at as usize + 1) * n)
    }
}

/// The fog's share of each channel (red, green, blue) in 256ths, from a blend's factors (what
/// each channel kept, and the fog's red-and-blue and green shares) as the blend adds them
/// before its shift: red and blue in 16-bit lanes of one word, green shifted by 8.
#[inline]
fn fog_shares((_, rb, g): (u32, u32, u32)) -> [i32; 3] {
    [rb & 0xFFFF, (g >> 8) & 0xFFFF, rb >> 16].map(|v| v as i32)
}

/// Whether `light` reaches into the cells from `min` to `max` (corners included): their box
/// lies nearer its position than its radius.
pub fn reaches_box(light: &Light, (min, max): (Cell, Cell)) -> bool {
    let p = light.position;
    let dx = (f64::from(min.x) - p.x)
        .max(p.x - f64::from(max.x + 1))
        .max(0.0);
    let dy = (f64::from(min.y) - p.y)
        .max(p.y - f64::from(max.y + 1))
        .max(0.0);
    dx * dx + dy * dy < light.radius * light.radius
}

/// Cell rows in each band of [`light_tiles`], worked out in parallel.
const BAND_ROWS: u32 = 4;

/// Cell rows in each band of [`LightMap::relight_into`]: a door's region is a few rows, so
/// bands of one row each keep both threads busy.
const RELIGHT_BAND_ROWS: u32 = 1;

/// The light of `lights` on the `width` x `height` grid `grid`, summed in linear light over
/// the ambient light (`base` linear, `ambient` packed) and packed, per sample: a tile of
/// [`SAMPLES`]² factors for each cell some light reaches, its place in the result written
/// into `index` (by the cell's row-major index). The lights' polygons are cast
/// in parallel, then bands of rows filled and packed in parallel (each light adds to a sample
/// in the lights' order, so the map is the same on any number of threads).
fn light_tiles<S: Solidity + Sync + ?Sized>(
    grid: &S,
    (width, height): (u32, u32),
    lights: &[Light],
    (base, ambient): (f32, u32),
    index: &mut [u32],
) -> Vec<u32> {
    use rayon::prelude::*;
    let per_tile = (SAMPLES * SAMPLES) as usize;
    let size = (width, height);
    let seen: Vec<Visibility> = lights
        .par_iter()
        .map_init(FanScratch::default, |fan, light| {
            let mut seen = Visibility::default();
            cast_light(grid, size, (light, ARC_BULGE, &[]), fan, &mut seen);
            seen
        })
        .collect();
    // Each band keeps its packed factors alone once filled: its sums (three times their
    // size) are let go as soon as they are packed, so that the bands together hold no more
    // than the map will (see `level::lights::BYTES_PER_LIT_CELL`).
    let count = height.div_ceil(BAND_ROWS);
    let what = if crate::progress::listened() {
        format!("lighting the level ({} lights)", lights.len())
    } else {
        String::new()
    };
    let filled_bands = std::sync::atomic::AtomicU64::new(0);
    let bands: Vec<Band> = (0..count)
        .into_par_iter()
        .map(|band| {
            let rows = band * BAND_ROWS..((band + 1) * BAND_ROWS).min(height);
            let mut filled = Band::default();
            filled.fill(
                grid,
                size,
                (rows, SAMPLES),
                lights.iter().zip(&seen),
                |_| true,
            );
            let Band { sums, packed, .. } = &mut filled;
            packed.reserve_exact(sums.len());
            pack_sums(sums, (base, ambient), packed);
            filled.keep_tiles_alone();
            let done = filled_bands.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            crate::progress::report(&what, done, u64::from(count));
            filled
        })
        .collect();
    drop(seen);
    let mut all = Vec::with_capacity(bands.iter().map(|b| b.packed.len()).sum());
    for band in bands {
        band.index_tiles(index, (all.len() / per_tile) as u32);
        all.extend(band.packed);
    }
    all
}

/// Each tile of `tiles` ([`SAMPLES`]² factors) at the centres of the dynamic lights' samples,
/// tile after tile: see `LightMap::coarse`.
fn coarse_tiles(tiles: &[u32]) -> impl Iterator<Item = u32> + '_ {
    let per_tile = (DYNAMIC_SAMPLES * DYNAMIC_SAMPLES) as usize;
    tiles
        .chunks_exact((SAMPLES * SAMPLES) as usize)
        .flat_map(move |tile| (0..per_tile).map(|k| tile[level_sample(k)]))
}

/// Which of a level light map tile's samples lies at the centre of dynamic sample `k` (of
/// [`DYNAMIC_SAMPLES`]² a cell, row-major from its low y): the one a dynamic light adds to.
#[inline]
fn level_sample(k: usize) -> usize {
    let stride = (SAMPLES / DYNAMIC_SAMPLES) as usize;
    let (i, j) = (k % DYNAMIC_SAMPLES as usize, k / DYNAMIC_SAMPLES as usize);
    (j * stride + stride / 2) * SAMPLES as usize + i * stride + stride / 2
}

/// Adds `colour` times `weights` to a run of samples from sample `k` of a cell's tile of
/// `per_tile` sums in `sums`, the cell's index into them `tile`: the tile made (zeros) at the
/// cell's first lit sample. Whether it was made now.
#[inline]
fn add_light(
    tile: &mut u32,
    sums: &mut Vec<[f32; 3]>,
    (per_tile, k): (usize, usize),
    weights: &[f32],
    colour: [f32; 3],
) -> bool {
    let made = *tile == NO_TILE;
    if made {
        *tile = (sums.len() / per_tile) as u32;
        sums.resize(sums.len() + per_tile, [0.0; 3]);
    }
    let start = *tile as usize * per_tile + k;
    for (sum, &w) in sums[start..start + weights.len()].iter_mut().zip(weights) {
        for (s, c) in sum.iter_mut().zip(colour) {
            *s += c * w;
        }
    }
    made
}

/// What `light` sees on the `width` x `height` grid `grid`, into `seen`: its visibility
/// polygon, its arc drawn in chords no farther than [`ARC_BULGE`] from it (where the light
/// has faded to nothing anyway), exact within the convex region `within` (see
/// [`visibility_polygon_into`]; none: everywhere).
fn cast_light<S: Solidity + ?Sized>(
    grid: &S,
    size: (u32, u32),
    (light, bulge, within): (&Light, f64, &[(Vec2, f64)]),
    fan: &mut FanScratch,
    seen: &mut Visibility,
) {
    let arc = Arc::Within(bulge);
    let (o, r) = (light.position, light.radius);
    visibility_polygon_into(grid, size, o, r, arc, within, fan, seen);
}

/// How far a light's polygon's chords may lie inside the arc of its radius, in tiles: a light
/// sample of [`SAMPLES`] (the light there is within 1/500 of nothing).
const ARC_BULGE: f64 = 1.0 / 64.0;
/// The same for dynamic lights: half a sample of [`DYNAMIC_SAMPLES`]. The light there has
/// faded to `(1/16 / radius)²` (1/5000 for a flash of 4.5 tiles), and a polygon cast every
/// frame takes half the rays along its arc.
const DYNAMIC_ARC_BULGE: f64 = 1.0 / 16.0;

/// A colour's channels in linear light, 0 to 1.
fn linear(c: Colour) -> [f32; 3] {
    [c.r, c.g, c.b].map(|v| (f32::from(v) / 255.0).powf(2.2))
}

/// Linear light per channel as a packed factor (sRGB terms, 256 as 1, at most 1023).
fn pack(linear: [f32; 3]) -> u32 {
    let f = linear.map(|c| ((c.max(0.0).powf(1.0 / 2.2) * 256.0).round() as u32).min(1023));
    f[0] | f[1] << 10 | f[2] << 20
}

/// Linear light per channel as a packed factor through `table` ([`pack_table`]; [`pack`]
/// raises to 1/2.2 three times a sample, too slow for a light map of 64² samples a cell and
/// for dynamic lights every frame).
#[inline]
pub(super) fn pack_fast(table: &[u16; PACK_STEPS], linear: [f32; 3]) -> u32 {
    let f = linear.map(|c| {
        let i = (c.max(0.0).sqrt() * PACK_SCALE + 0.5) as usize;
        u32::from(table[i.min(PACK_STEPS - 1)])
    });
    f[0] | f[1] << 10 | f[2] << 20
}

/// [`pack_table`]'s entries: the square root of linear light in steps of 1/256 up to 4 (a
/// small table stays in the cache; a packed factor, linear light to the 1/2.2, changes
/// smoothly with its square root, by about one step of 256 an entry).
const PACK_STEPS: usize = 1025;
const PACK_SCALE: f32 = 256.0;

pub(super) fn pack_table() -> &'static [u16; PACK_STEPS] {
    static TABLE: std::sync::OnceLock<[u16; PACK_STEPS]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let root = i as f32 / PACK_SCALE;
            (pack([root * root; 3]) & 0x3FF) as u16
        })
    })
}

/// Each sample's factor, appended to `out`: the light summed there (`sums`, linear) over the
/// ambient light (`base`, linear; `ambient` packed), through the table, as [`pack_fast`]
/// packs it; a sample no light reached is exactly the ambient factor (as a cell no light
/// reaches is).
///
/// A few dozen samples at a time, the table's indices first (a loop the compiler turns into
/// vector square roots), then looked up: packing was a fifth of the editor's redraw after a
/// light is added, three scalar square roots a sample.
fn pack_sums(sums: &[[f32; 3]], (base, ambient): (f32, u32), out: &mut Vec<u32>) {
    const RUN: usize = 64;
    let table = pack_table();
    let mut index = [0u16; 3 * RUN];
    out.reserve(sums.len());
    for run in sums.chunks(RUN) {
        for (i, &c) in index.iter_mut().zip(run.as_flattened()) {
            // (`pack_fast`'s index: `as` saturates and the `min` caps it alike.)
            *i = (((c + base).max(0.0).sqrt() * PACK_SCALE + 0.5).min((PACK_STEPS - 1) as f32))
                as u16;
        }
        out.extend(run.iter().zip(index.chunks_exact(3)).map(|(sum, i)| {
            if *sum == [0.0; 3] {
                ambient
            } else {
                let f = |k: usize| u32::from(table[usize::from(i[k])]);
                f(0) | f(1) << 10 | f(2) << 20
            }
        }));
    }
}

/// `pixel` (packed RGBA, red in the low byte) lit by `factor` ([`LightMap`]'s packing).
#[inline(always)]
pub fn apply(factor: u32, pixel: u32) -> u32 {
    let channel = |c: u32| {
        let f = (factor >> (10 * c)) & 0x3FF;
        let v = (pixel >> (8 * c)) & 0xFF;
        ((v * f) >> 8).min(255) << (8 * c)
    };
    (pixel & 0xFF00_0000) | channel(0) | channel(1) | channel(2)
}

/// What lighting does to a pixel drawn (and perhaps fogged) already, per channel as 16-bit
/// lanes (red, green, blue, alpha): `(v × scale) >> 8`, plus `offset`, clamped to a byte.
/// Unfogged, the offset is 0 and it is [`apply`]; fogged, the offset takes away the fog's share
/// of the light (`share × (1 − f)`), so the pixel is as if its texel had been lit before the
/// fog. The renderer's vector loop does the same arithmetic eight pixels at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tint {
    pub scale: [u16; 4],
    pub offset: [i16; 4],
}

impl Tint {
    /// The tint of `factor` ([`LightMap`]'s packing) over fog whose share of each channel, in
    /// 256ths of a channel step, is `shares` (zeros: no fog).
    #[inline]
    pub fn new(factor: u32, shares: [i32; 3]) -> Tint {
        let f = [0, 1, 2].map(|c| (factor >> (10 * c)) & 0x3FF);
        let off = |c: usize| ((shares[c] * (256 - f[c] as i32)) >> 16) as i16;
        Tint {
            scale: [f[0] as u16, f[1] as u16, f[2] as u16, 256],
            offset: [off(0), off(1), off(2), 0],
        }
    }

    /// Whether it leaves every pixel as it is.
    #[inline]
    pub fn is_neutral(&self) -> bool {
        self.scale == [256; 4] && self.offset == [0; 4]
    }

    /// `pixel` (packed RGBA, red in the low byte) tinted.
    #[inline(always)]
    pub fn apply(&self, pixel: u32) -> u32 {
        let mut out = 0;
        for c in 0..4 {
            let v = (pixel >> (8 * c)) & 0xFF;
            let lit = ((v * u32::from(self.scale[c])) >> 8) as i32 + i32::from(self.offset[c]);
            out |= (lit.clamp(0, 255) as u32) << (8 * c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    /// Packed in runs, every sample is the factor [`super::pack_fast`] gives it, over every
    /// index of the table and beyond, at the table's steps' edges, and the ambient where no
    /// light reached.
    #[test]
    fn samples_packed_in_runs_are_packed_as_one_by_one() {
        let base = 0.02f32;
        let ambient = super::pack([base; 3]);
        let mut sums: Vec<[f32; 3]> = (0..5000)
            .map(|k| {
                let root = k as f32 / 1024.0;
                [
                    root * root - base,
                    (root + 1.0 / 512.0).powi(2) - base,
                    k as f32 * 1e-3,
                ]
            })
            .collect();
        sums.extend([[0.0; 3], [f32::NAN, -1.0, f32::INFINITY], [1e9, 0.0, 0.0]]);
        let mut packed = Vec::new();
        super::pack_sums(&sums, (base, ambient), &mut packed);
        for (sum, &factor) in sums.iter().zip(&packed) {
            let one = if *sum == [0.0; 3] {
                ambient
            } else {
                super::pack_fast(super::pack_table(), sum.map(|c| c + base))
            };
            assert_eq!(factor, one, "{sum:?}");
        }
    }

    use super::*;
    use crate::grid::line_of_sight;
    use crate::map::TileMap;

    /// The point of sample `k` (row-major) of `cell`, of `n` x `n`.
    fn sample_point(cell: Cell, k: usize, n: u32) -> Vec2 {
        let (i, j) = ((k as u32 % n) as f64, (k as u32 / n) as f64);
        let n = f64::from(n);
        Vec2::new(
            f64::from(cell.x) + (i + 0.5) / n,
            f64::from(cell.y) + (j + 0.5) / n,
        )
    }

    /// A map relit over a region after a wall there opens is, sample for sample, the map built
    /// with the wall open in that region, and the first map outside it (its samples shared,
    /// not copied); relit over the whole map, the map built afresh.
    #[test]
    fn a_relit_map_is_the_map_built_as_the_walls_now_stand() {
        let closed = TileMap::from_ascii(
            "############\n\
             #....#.....#\n\
             #....#..#..#\n\
             #....#.....#\n\
             ############\n",
        )
        .unwrap();
        let mut open = closed.clone();
        open.set(Cell::new(5, 2), crate::map::Tile::Empty);
        let light = |x: f64, y: f64, colour: Colour| Light {
            position: Vec2::new(x, y),
            colour,
            radius: 6.0,
            intensity: 1.0,
        };
        let lights = [
            light(2.5, 2.5, Colour::rgb(255, 200, 150)),
            light(9.5, 1.5, Colour::rgb(100, 150, 255)),
        ];
        let (w, h) = (closed.width() as u32, closed.height() as u32);
        let before = LightMap::build(&closed, w, h, &lights, 0.3);
        let after = LightMap::build(&open, w, h, &lights, 0.3);
        let whole = (Cell::new(0, 0), Cell::new(w as i32 - 1, h as i32 - 1));
        let relit = before.relit(&open, &lights, 0.3, whole);
        let part = before.relit(&open, &lights, 0.3, (Cell::new(3, 1), Cell::new(8, 3)));
        assert_eq!(relit.own.len(), after.tiles.len(), "every lit tile its own");
        assert!(
            std::sync::Arc::ptr_eq(&part.tiles, &before.tiles),
            "the first map's samples shared"
        );
        let mut changed = 0;
        for (y, x) in (0..h).flat_map(|y| (0..w).map(move |x| (y, x))) {
            assert_eq!(
                relit.tile(x, y),
                after.tile(x, y),
                "relit whole at ({x}, {y})"
            );
            let inside = (3..=8).contains(&x) && (1..=3).contains(&y);
            let expected = if inside {
                after.tile(x, y)
            } else {
                before.tile(x, y)
            };
            assert_eq!(part.tile(x, y), expected, "relit in part at ({x}, {y})");
            changed += usize::from(inside && before.tile(x, y) != after.tile(x, y));
            // The factors a dynamic light adds to are the tile's at its samples' centres,
            // built and relit alike.
            for map in [&before, &after, &relit, &part] {
                let picked = map
                    .tile(x, y)
                    .map(|t| (0..64).map(|k| t[level_sample(k)]).collect::<Vec<_>>());
                let coarse = map.coarse_tile(x, y).map(<[u32]>::to_vec);
                assert_eq!(coarse, picked, "coarse tile at ({x}, {y})");
            }
        }
        assert!(changed > 5, "opening the wall changed {changed} cells");
    }

    /// Every sample of the light map is lit exactly where the traversal's line of sight from
    /// the light reaches it, in a hall of pillars, walls touching at corners and a light
    /// placed off any symmetry (samples within a hair of a shadow's edge, where the sample's
    /// own position decides, are left out).
    #[test]
    fn the_light_map_agrees_with_exact_line_of_sight() {
        let map = TileMap::from_ascii(
            "##############\n\
             #............#\n\
             #..#...#..#..#\n\
             #....#.......#\n\
             #..#...##....#\n\
             #......#.#...#\n\
             #.#..........#\n\
             ##############\n",
        )
        .unwrap();
        let (w, h) = (map.width() as u32, map.height() as u32);
        let light = Light {
            position: Vec2::new(5.37, 4.61),
            colour: Colour::rgb(255, 255, 255),
            radius: 9.0,
            intensity: 1.0,
        };
        let lights = LightMap::build(&map, w, h, &[light], 0.0);
        let (mut lit, mut dark) = (0, 0);
        for cy in 0..h as i32 {
            for cx in 0..w as i32 {
                let cell = Cell::new(cx, cy);
                if map.is_solid(cell) {
                    continue;
                }
                for k in 0..(SAMPLES * SAMPLES) as usize {
                    let p = sample_point(cell, k, SAMPLES);
                    if (p - light.position).length() >= light.radius - 1e-3 {
                        continue;
                    }
                    let sees = |q: Vec2| line_of_sight(&map, light.position, q);
                    let hair = [(1e-4, 0.0), (-1e-4, 0.0), (0.0, 1e-4), (0.0, -1e-4)];
                    if hair
                        .iter()
                        .any(|&(dx, dy)| sees(p + Vec2::new(dx, dy)) != sees(p))
                    {
                        continue;
                    }
                    let factor = lights.factor_at(p);
                    if sees(p) {
                        assert_ne!(factor, lights.ambient(), "{p:?} is seen but dark");
                        lit += 1;
                    } else {
                        assert_eq!(factor, lights.ambient(), "{p:?} is hidden but lit");
                        dark += 1;
                    }
                }
            }
        }
        assert!(lit > 10_000 && dark > 1_000, "{lit} lit, {dark} dark");
    }

    /// A texel lit by the neutral factor is as it was; by a dark factor darker, by a bright
    /// one brighter, each channel by its own factor, alpha kept.
    #[test]
    fn factors_scale_each_channel() {
        let pixel = Colour::rgba(100, 50, 200, 255).packed();
        assert_eq!(apply(NEUTRAL, pixel), pixel);
        let half = 128 | 128 << 10 | 128 << 20;
        assert_eq!(apply(half, pixel), Colour::rgba(50, 25, 100, 255).packed());
        let red = 512 | 256 << 10 | 256 << 20;
        assert_eq!(apply(red, pixel), Colour::rgba(200, 50, 200, 255).packed());
        assert_eq!(
            apply(1023 | 1023 << 10 | 1023 << 20, pixel),
            Colour::rgba(255, 199, 255, 255).packed()
        );
    }

    /// Unfogged, a tint is [`apply`]; fogged, a neutral factor leaves the pixel as it is, no
    /// light at all leaves the fog's share (the fog is not darkened), and a bright factor
    /// lifts the texel's part above it.
    #[test]
    fn a_tint_lights_a_pixel_as_apply_does_and_spares_the_fog() {
        let pixel = Colour::rgba(100, 50, 200, 255).packed();
        for factor in [
            NEUTRAL,
            128 | 128 << 10 | 128 << 20,
            512 | 300 << 10 | 1023 << 20,
        ] {
            assert_eq!(Tint::new(factor, [0; 3]).apply(pixel), apply(factor, pixel));
        }
        // Half fog of grey 128: the fog's share of each channel is 64 (in 256ths: 16384).
        let shares = [64 * 256; 3];
        assert_eq!(Tint::new(NEUTRAL, shares).apply(pixel), pixel);
        assert!(Tint::new(NEUTRAL, shares).is_neutral());
        let dark = Tint::new(0, shares).apply(pixel);
        assert_eq!(Colour::from_packed(dark), Colour::rgba(64, 64, 64, 255));
        let bright = Tint::new(512 | 512 << 10 | 512 << 20, shares).apply(pixel);
        assert_eq!(Colour::from_packed(bright), Colour::rgba(136, 36, 255, 255));
    }

    /// The light map is the same built on one thread or several (its bands of rows are filled
    /// in parallel, each light adding in the same order).
    #[test]
    fn the_light_map_is_the_same_on_any_number_of_threads() {
        let map = TileMap::from_ascii(
            "################\n\
             #..............#\n\
             #..#...#...#...#\n\
             #..............#\n\
             #...#......#...#\n\
             #..............#\n\
             #..#...#...#...#\n\
             #..............#\n\
             #..............#\n\
             ################\n",
        )
        .unwrap();
        let (w, h) = (map.width() as u32, map.height() as u32);
        let lights = [(3.3, 2.6, 6.0), (11.5, 5.2, 9.0), (7.5, 7.5, 4.0)].map(|(x, y, r)| Light {
            position: Vec2::new(x, y),
            colour: Colour::rgb(255, 200, 150),
            radius: r,
            intensity: 1.0,
        });
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| LightMap::build(&map, w, h, &lights, 0.3))
        };
        let (one, four) = (on(1), on(4));
        let mut lit = 0;
        for cy in 0..h as i32 {
            for cx in 0..w as i32 {
                for k in 0..(SAMPLES * SAMPLES) as usize {
                    let p = sample_point(Cell::new(cx, cy), k, SAMPLES);
                    let (a, b) = (one.factor_at(p), four.factor_at(p));
                    assert_eq!(a, b, "{p:?}");
                    lit += usize::from(a != one.ambient());
                }
            }
        }
        assert!(lit > 100_000, "{lit} samples lit");
    }
}
