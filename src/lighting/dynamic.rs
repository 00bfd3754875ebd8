//! Lights that come and go frame by frame (muzzle flashes, fireballs and their bursts): each
//! one's visibility polygon worked out again every frame, its light summed in linear light
//! into [`DYNAMIC_SAMPLES`]² samples per cell it reaches, and added to the level's own light
//! where they are drawn ([`Lighting::factor`]).

use super::band::{Band, rows_reached};
use super::{LightMap, NEUTRAL, NO_TILE, pack_fast, pack_table};
use crate::geom::{FanScratch, Visibility};
use crate::grid::{Cell, Solidity};
use crate::level::Light;
use crate::math::Vec2;
use rayon::prelude::*;

/// Samples along each side of a cell for dynamic lights (coarser than the level's own: they
/// are worked out every frame, and last a moment).
pub const DYNAMIC_SAMPLES: u32 = 8;
const DYNAMIC_BITS: u32 = 3;
/// Samples in a cell's tile.
const PER_TILE: usize = (DYNAMIC_SAMPLES * DYNAMIC_SAMPLES) as usize;

/// The dynamic lights of one frame, as linear light per sample of the cells they reach.
#[derive(Clone, Debug, Default)]
pub struct DynamicLights {
    width: u32,
    height: u32,
    /// Per cell (row-major): its tile in `combined`, or [`NO_TILE`].
    index: Vec<u32>,
    /// Per sample, the packed factor of the level's light there with this light added,
    /// [`DYNAMIC_SAMPLES`]² per tile.
    combined: Vec<u32>,
    /// The cells with tiles, to clear them for the next frame.
    touched: Vec<u32>,
    /// The lights cast this frame (indices into the frame's lights).
    chosen: Vec<usize>,
    /// The buffers of casting each light's polygon, and the polygon: one for each light cast.
    casts: Vec<Cast>,
    /// The bands of cell rows the lights' reach is walked in, one a thread.
    bands: Vec<Band>,
}

/// A light's polygon and the buffers it was cast with.
#[derive(Clone, Debug, Default)]
struct Cast {
    fan: FanScratch,
    seen: Visibility,
}

/// The polygons' buffers made when the first light is cast: one for each of as many lights
/// as a burst of gunfire puts in view (the bench's eight flashes), each with room for
/// [`CAST_ROOM`] corners. Made a light at a time, each growing on its own as the view
/// turned, they allocated one to two times a frame through the bench's first 60 frames of
/// the open arena.
const FIRST_CASTS: usize = 8;
/// Corners (and rays, and wall runs) a polygon's buffers have room for when made, about 80 KB
/// a light: four times the most any buffer of a flash of 4.5 tiles grew to over a turn on
/// e1m1 (whose round pillars give it many corners) or in the open arena (128).
const CAST_ROOM: usize = 512;

/// Tiles (cells reached) a band of the lights' reach has room for when made: eight flashes in
/// view at 1920x1080 light up to about 60 cells the camera sees (about 100 KB of sums).
const FIRST_TILES: usize = 128;
/// Samples of one row of a light's reach its band's walk has room for when made: a flash of
/// 4.5 tiles spans 72, a burst of 6 tiles 96.
const ROW_ROOM: usize = 128;

impl Cast {
    fn new() -> Cast {
        Cast {
            fan: FanScratch::with_capacity(CAST_ROOM),
            seen: Visibility::with_capacity(CAST_ROOM),
        }
    }
}

impl DynamicLights {
    /// Works out `lights` on the `width` x `height` grid `grid`, replacing the last frame's,
    /// added to the level's own light `base` (where it has a light map), in the cells
    /// `wanted` (those a frame may show: the others are left in the level's light), exactly
    /// at the samples within the convex region `within` (the points `p` with `normal · p <=
    /// offset` for each `(normal, offset)`; none: everywhere) and perhaps not beyond it: a
    /// light inside it casts no ray at a corner outside it (see
    /// [`crate::geom::visibility_polygon_into`]). The lights' polygons are cast in parallel,
    /// and their reach filled in as many bands of cell rows as the thread pool has threads
    /// (the same light as one band fills). The buffers grow to the most ever needed and are
    /// kept.
    pub fn update<S: Solidity + Sync + ?Sized>(
        &mut self,
        grid: &S,
        (width, height): (u32, u32),
        lights: &[Light],
        base: Option<&LightMap>,
        wanted: &(dyn Fn(Cell) -> bool + Sync),
        within: &[(Vec2, f64)],
    ) {
        let cells = width as usize * height as usize;
        if (self.width, self.height) != (width, height) || self.index.len() != cells {
            self.index.clear();
            self.index.resize(cells, NO_TILE);
            self.touched.clear();
            (self.width, self.height) = (width, height);
        }
        for &c in &self.touched {
            self.index[c as usize] = NO_TILE;
        }
        self.touched.clear();
        self.combined.clear();
        if cells == 0 {
            return;
        }
        // A light whose whole reach is out of the frame lights no cell the walk fills: its
        // polygon is not cast (an enemy's shot behind the player).
        self.chosen.clear();
        self.chosen
            .extend(lights.iter().enumerate().filter_map(|(i, light)| {
                let shines = light.intensity > 0.0 && light.position.is_finite();
                (shines && reach_wanted(light, (width, height), wanted)).then_some(i)
            }));
        if self.chosen.is_empty() {
            return;
        }
        if self.casts.len() < self.chosen.len() {
            let more = self.chosen.len().max(FIRST_CASTS);
            self.casts.resize_with(more, Cast::new);
            // And the frame's tiles, as the bands' (below).
            self.touched.reserve(FIRST_TILES);
            self.combined.reserve(FIRST_TILES * PER_TILE);
        }
        // The polygons, each on a thread of its own where there are threads: they are
        // independent, and most of a light's cost.
        let casts = &mut self.casts[..self.chosen.len()];
        casts
            .par_iter_mut()
            .zip(self.chosen.par_iter())
            .for_each(|(cast, &i)| {
                let light = (&lights[i], super::DYNAMIC_ARC_BULGE, within);
                super::cast_light(grid, (width, height), light, &mut cast.fan, &mut cast.seen);
            });
        // Their reach walked and combined with the level's light in bands of cell rows, one a
        // thread: each band adds the lights one after another, as one band would, so that
        // every sample sums them in the same order and comes out the same.
        let reached = || {
            self.chosen
                .iter()
                .map(|&i| rows_reached(&lights[i], height))
        };
        let (Some(top), Some(bottom)) =
            (reached().map(|r| r.0).min(), reached().map(|r| r.1).max())
        else {
            return;
        };
        let rows = bottom.max(top) + 1 - top;
        let count = (rayon::current_num_threads() as u32).clamp(1, rows) as usize;
        if self.bands.len() < count {
            let room = || Band::with_room(cells, (FIRST_TILES, PER_TILE), (CAST_ROOM, ROW_ROOM));
            self.bands.resize_with(count, room);
        }
        let (casts, chosen) = (&self.casts[..self.chosen.len()], &self.chosen);
        let (to_linear, from_linear) = (unpack_table(), pack_table());
        let ambient = base.map_or(NEUTRAL, LightMap::ambient);
        self.bands[..count]
            .par_iter_mut()
            .enumerate()
            .for_each(|(b, band)| {
                let share = |b: usize| top + rows * b as u32 / count as u32;
                let lights = chosen
                    .iter()
                    .zip(casts)
                    .map(|(&i, c)| (&lights[i], &c.seen));
                let band_rows = (share(b)..share(b + 1), DYNAMIC_SAMPLES);
                // A cell the lights do not reach keeps the level's light as it is.
                band.fill(grid, (width, height), band_rows, lights, wanted);
                // The level's light at each sample with the dynamic lights added.
                let Band {
                    sums,
                    touched,
                    packed,
                    ..
                } = band;
                packed.resize(sums.len(), NEUTRAL);
                for (tile, &at) in touched.iter().enumerate() {
                    let (cx, cy) = (at % width, at / width);
                    let level = base.and_then(|m| m.coarse_tile(cx, cy));
                    let range = tile * PER_TILE..(tile + 1) * PER_TILE;
                    let sums = &sums[range.clone()];
                    for (k, (out, add)) in packed[range].iter_mut().zip(sums).enumerate() {
                        let level = level.map_or(ambient, |t| t[k]);
                        // A sample no dynamic light reaches keeps the level's factor exactly.
                        *out = if *add == [0.0; 3] {
                            level
                        } else {
                            let lin = unpack(to_linear, level);
                            pack_fast(
                                from_linear,
                                [lin[0] + add[0], lin[1] + add[1], lin[2] + add[2]],
                            )
                        };
                    }
                }
            });
        // The bands' tiles one after another.
        for band in &mut self.bands[..count] {
            band.index_tiles(&mut self.index, (self.combined.len() / PER_TILE) as u32);
            self.touched.extend_from_slice(&band.touched);
            if count == 1 {
                // One band: its factors are the frame's, swapped in rather than copied.
                std::mem::swap(&mut self.combined, &mut band.packed);
            } else {
                self.combined.extend_from_slice(&band.packed);
            }
        }
    }

    /// Whether no dynamic light reaches anything this frame.
    pub fn is_empty(&self) -> bool {
        self.touched.is_empty()
    }

    /// Whether a dynamic light reaches `cell`.
    #[inline]
    pub fn reaches(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.index[(y * self.width + x) as usize] != NO_TILE
    }

    /// The cells a dynamic light reaches this frame (row-major indices): band by band of cell
    /// rows (from the low y), in each in the order first reached.
    pub(crate) fn reached(&self) -> &[u32] {
        &self.touched
    }

    /// The combined factors of cell `(x, y)` (the level's light and the dynamic lights',
    /// [`DYNAMIC_SAMPLES`]² of them, rows from the cell's low y), if a dynamic light reaches it.
    #[inline]
    pub(crate) fn tile(&self, x: u32, y: u32) -> Option<&[u32]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = self.index[(y * self.width + x) as usize];
        (i != NO_TILE).then(|| &self.combined[i as usize * PER_TILE..(i as usize + 1) * PER_TILE])
    }

    /// The factor (the level's light and the dynamic lights') of the sample of cell `(x, y)`
    /// at fractions `(fx, fy)` of 2^32, where a dynamic light reaches the cell.
    #[inline]
    fn sample(&self, x: u32, y: u32, fx: u32, fy: u32) -> Option<u32> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = self.index[(y * self.width + x) as usize];
        if i == NO_TILE {
            return None;
        }
        let (sx, sy) = (fx >> (32 - DYNAMIC_BITS), fy >> (32 - DYNAMIC_BITS));
        self.combined
            .get(i as usize * PER_TILE + (sy * DYNAMIC_SAMPLES + sx) as usize)
            .copied()
    }
}

/// Whether any cell within `light`'s radius (the square the walk over its reach covers) on the
/// `width` x `height` grid is `wanted`; true for a radius that is not a finite number, left to
/// the cast and the walk.
fn reach_wanted(light: &Light, (width, height): (u32, u32), wanted: &dyn Fn(Cell) -> bool) -> bool {
    let (o, r) = (light.position, light.radius);
    if !r.is_finite() {
        return true;
    }
    // Float to integer casts saturate; the span is clipped to the grid.
    let span = |v: f64, cells: u32| {
        let last = (i64::from(cells) - 1).max(0);
        let lo = ((v - r).floor() as i64).clamp(0, last);
        let hi = ((v + r).floor() as i64).clamp(0, last);
        (lo as i32, hi as i32)
    };
    let ((x0, x1), (y0, y1)) = (span(o.x, width), span(o.y, height));
    (y0..=y1).any(|y| (x0..=x1).any(|x| wanted(Cell::new(x, y))))
}

/// The light a frame is drawn in: the level's own (its light map, if it has one) and the
/// frame's dynamic lights (if any).
#[derive(Clone, Copy, Debug)]
pub struct Lighting<'a> {
    /// The level's lights and ambient light.
    pub map: Option<&'a LightMap>,
    /// This frame's dynamic lights.
    pub dynamic: Option<&'a DynamicLights>,
    /// The cells (from the first to the second, corners included) whose light has been
    /// worked out again since the level's lit surfaces were made (doors opened): drawn lit
    /// pixel by pixel.
    pub relit: Option<(Cell, Cell)>,
}

impl Lighting<'_> {
    /// Whether it leaves every texel as it is.
    pub fn is_neutral(&self) -> bool {
        self.map.is_none_or(LightMap::is_neutral)
            && self.dynamic.is_none_or(DynamicLights::is_empty)
    }

    /// Whether cell `(x, y)` is lit pixel by pixel this frame: a dynamic light reaches it,
    /// or its light was worked out again (the level's lit copy of it no longer holds).
    #[inline]
    pub fn by_pixel(&self, x: i32, y: i32) -> bool {
        self.dynamic
            .is_some_and(|d| x >= 0 && y >= 0 && d.reaches(x as u32, y as u32))
            || self
                .relit
                .is_some_and(|(lo, hi)| (lo.x..=hi.x).contains(&x) && (lo.y..=hi.y).contains(&y))
    }

    /// The factor at world position `at` (32.32 fixed point): the level's light there plus
    /// the dynamic lights', summed in linear light.
    #[inline]
    pub fn factor(&self, at: (i64, i64)) -> u32 {
        let (cx, cy) = ((at.0 >> 32) as i32, (at.1 >> 32) as i32);
        let (fx, fy) = (at.0 as u32, at.1 as u32);
        let dynamic = match (self.dynamic, u32::try_from(cx), u32::try_from(cy)) {
            (Some(d), Ok(x), Ok(y)) => d.sample(x, y, fx, fy),
            _ => None,
        };
        dynamic.unwrap_or_else(|| self.map.map_or(NEUTRAL, |m| m.factor_in(cx, cy, fx, fy)))
    }

    /// The factor at world point `p`.
    pub fn factor_at(&self, p: Vec2) -> u32 {
        if !(p.x >= 0.0 && p.y >= 0.0 && p.is_finite()) {
            return self.map.map_or(NEUTRAL, LightMap::ambient);
        }
        let fixed = |v: f64| (v * 4_294_967_296.0) as i64;
        self.factor((fixed(p.x), fixed(p.y)))
    }

    /// Lights `run`, pixels of floor (or ceiling) drawn from world position `at` (32.32 fixed
    /// point) on by `step` per pixel, already blended into fog by `fog` (what each channel
    /// kept of 256, and the fog's share of red-and-blue and green): each pixel as if its
    /// texel had been lit before the fog. The pixels on one sample share its factor (near the
    /// eye, many of them): `tint(tint, pixels)` lights each such part.
    #[inline]
    pub(crate) fn light_run(
        &self,
        run: &mut [u32],
        at: (i64, i64),
        step: (i64, i64),
        fog: (u32, u32, u32),
        mut tint: impl FnMut(&super::Tint, &mut [u32]),
    ) {
        let shares = super::fog_shares(fog);
        let mut at = at;
        let mut rest = run;
        let mut last: Option<(u32, super::Tint)> = None;
        while !rest.is_empty() {
            let cell = ((at.0 >> 32) as i32, (at.1 >> 32) as i32);
            let ((tile, bits), only) = self.samples_of(cell);
            let (factor, unit) = if bits > 0 {
                let (fx, fy) = ((at.0 as u32) >> (32 - bits), (at.1 as u32) >> (32 - bits));
                (
                    tile[(((fy << bits) | fx) as usize) & (tile.len() - 1)],
                    32 - bits,
                )
            } else {
                (only, 32)
            };
            let n = steps_within(at.0, step.0, unit)
                .min(steps_within(at.1, step.1, unit))
                .min(rest.len() as u64) as usize;
            let (part, tail) = std::mem::take(&mut rest).split_at_mut(n);
            let shade = match last {
                Some((f, t)) if f == factor => t,
                _ => super::Tint::new(factor, shares),
            };
            last = Some((factor, shade));
            if !shade.is_neutral() {
                tint(&shade, part);
            }
            let k = n as i64;
            at = (
                at.0.wrapping_add(step.0.wrapping_mul(k)),
                at.1.wrapping_add(step.1.wrapping_mul(k)),
            );
            rest = tail;
        }
    }

    /// The samples of cell `(x, y)`: its tile (the dynamic lights' where they reach it, else
    /// the level's) with the bits of a fraction that pick a sample, or (no tile: bits 0) the
    /// one factor of the whole cell.
    #[inline]
    fn samples_of(&self, (x, y): (i32, i32)) -> ((&[u32], u32), u32) {
        let none: (&[u32], u32) = (&[], 0);
        let (Ok(ux), Ok(uy)) = (u32::try_from(x), u32::try_from(y)) else {
            return (none, self.map.map_or(NEUTRAL, LightMap::ambient));
        };
        if let Some(d) = self.dynamic {
            if let Some(tile) = d.tile(ux, uy) {
                return ((tile, DYNAMIC_BITS), NEUTRAL);
            }
        }
        match self.map {
            Some(m) => match m.tile(ux, uy) {
                Some(tile) => ((tile, super::SAMPLE_BITS), NEUTRAL),
                None => (none, m.ambient()),
            },
            None => (none, NEUTRAL),
        }
    }
}

/// How many steps of `step` from `at` (32.32 fixed point) stay within one span of 2^`unit`
/// along one axis (a sample's side, or a cell's at 32): at least 1, `u64::MAX` for no motion.
#[inline]
pub(crate) fn steps_within(at: i64, step: i64, unit: u32) -> u64 {
    let mask = (1u64 << unit) - 1;
    let into = (at as u64) & mask;
    match step.cmp(&0) {
        std::cmp::Ordering::Equal => u64::MAX,
        std::cmp::Ordering::Greater => ((mask + 1) - into).div_ceil(step as u64),
        std::cmp::Ordering::Less => into / step.unsigned_abs() + 1,
    }
}

/// A packed factor back in linear light (its sRGB terms raised to 2.2), per channel, through
/// `table` ([`unpack_table`]).
#[inline]
fn unpack(table: &[f32; 1024], factor: u32) -> [f32; 3] {
    [0, 1, 2].map(|c| table[((factor >> (10 * c)) & 0x3FF) as usize])
}

fn unpack_table() -> &'static [f32; 1024] {
    static TABLE: std::sync::OnceLock<[f32; 1024]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(|i| (i as f32 / 256.0).powf(2.2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Colour;
    use crate::map::TileMap;

    fn flash(x: f64, y: f64) -> Light {
        Light {
            position: Vec2::new(x, y),
            colour: Colour::rgb(255, 214, 150),
            radius: 2.5,
            intensity: 1.2,
        }
    }

    /// Lights whose reach lies wholly outside the wanted cells are left out (not cast), and
    /// the frame's light is sample for sample what it is without them; a light whose reach
    /// the wanted cells touch by one cell still lights that cell.
    #[test]
    fn lights_out_of_the_wanted_cells_change_nothing() {
        let grid = TileMap::from_ascii(
            "################\n\
             #..............#\n\
             #..............#\n\
             #..............#\n\
             ################\n",
        )
        .unwrap();
        let size = (grid.width() as u32, grid.height() as u32);
        // The view: the cells left of x = 6.
        let wanted = |c: Cell| c.x < 6;
        let near = flash(2.5, 2.5);
        let far = flash(12.5, 2.5);
        let mut alone = DynamicLights::default();
        alone.update(&grid, size, &[near], None, &wanted, &[]);
        let mut both = DynamicLights::default();
        both.update(&grid, size, &[near, far], None, &wanted, &[]);
        assert_eq!(both.touched, alone.touched);
        assert_eq!(both.combined, alone.combined);
        assert!(!alone.is_empty());
        // Reaching x = 5 from 8.4 (radius 2.5): the one wanted column it touches is lit.
        let edge = flash(8.4, 2.5);
        let mut lit = DynamicLights::default();
        lit.update(&grid, size, &[edge], None, &wanted, &[]);
        assert!(
            lit.reaches(5, 2),
            "the cell the light reaches in view is not lit"
        );
        assert!(!lit.reaches(6, 2), "a cell out of view was lit");
        assert!(reach_wanted(&edge, size, &wanted));
        assert!(!reach_wanted(&far, size, &wanted));
        // Radii that are not numbers are left to the cast.
        let odd = Light {
            radius: f64::INFINITY,
            ..far
        };
        assert!(reach_wanted(&odd, size, &wanted));
    }

    /// The lights' reach walked in bands of cell rows, one a thread, lights every sample as
    /// one band does (the same sums in the same order), over the level's light or none, with
    /// lights whose radius is no number, infinite or negative among them.
    #[test]
    fn bands_of_rows_light_every_sample_as_one_band_does() {
        let grid = TileMap::from_ascii(
            "################\n\
             #..............#\n\
             #..#....#...#..#\n\
             #..............#\n\
             #....##........#\n\
             #..............#\n\
             #..#....#...#..#\n\
             #..............#\n\
             #..............#\n\
             ################\n",
        )
        .unwrap();
        let size = (grid.width() as u32, grid.height() as u32);
        let mut lights: Vec<Light> = (0..8)
            .map(|k| flash(1.5 + 1.7 * f64::from(k), 1.3 + 0.9 * f64::from(k)))
            .collect();
        for radius in [f64::NAN, f64::INFINITY, -2.0] {
            lights.push(Light {
                radius,
                ..flash(7.5, 5.5)
            });
        }
        let level = super::super::LightMap::build(&grid, size.0, size.1, &[flash(4.5, 3.5)], 0.3);
        // Unwanted cells along diagonals: no two rows or columns alike.
        let wanted = |c: Cell| (c.x + 2 * c.y) % 7 != 0;
        let light = |threads: usize, base: Option<&LightMap>| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut dynamic = DynamicLights::default();
            pool.install(|| dynamic.update(&grid, size, &lights, base, &wanted, &[]));
            let mut reached = dynamic.reached().to_vec();
            reached.sort_unstable();
            // Each cell asked once in a band, and no cell lit that is not wanted.
            assert!(
                reached
                    .iter()
                    .all(|&at| wanted(Cell::new((at % size.0) as i32, (at / size.0) as i32))),
                "{threads} bands lit a cell not wanted"
            );
            let tiles: Vec<Option<Vec<u32>>> = (0..size.1)
                .flat_map(|y| (0..size.0).map(move |x| (x, y)))
                .map(|(x, y)| dynamic.tile(x, y).map(<[u32]>::to_vec))
                .collect();
            (reached, tiles)
        };
        // A grid of no cells lights none (and does not panic).
        let mut none = DynamicLights::default();
        none.update(&grid, (0, 0), &lights, None, &|_| true, &[]);
        assert!(none.is_empty());
        for base in [None, Some(&level)] {
            let one = light(1, base);
            assert!(one.0.len() > 40, "{} cells lit", one.0.len());
            for threads in [2, 3, 5] {
                assert!(
                    light(threads, base) == one,
                    "{threads} bands differ from one"
                );
            }
        }
    }
}
