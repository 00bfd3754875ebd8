//! Floors and ceilings under this frame's dynamic lights (muzzle flashes, fireballs), lit
//! before they are drawn: every cell a dynamic light reaches that the camera may see gets its
//! own copy of its floor and ceiling, each texel multiplied by the light falling on it (the
//! level's and the dynamic lights', [`DYNAMIC_SAMPLES`]² samples a cell), from the finest
//! mipmap level the frame can draw it at (set by the distance of its nearest point) to the
//! smallest. The floor sweep then draws such a cell as it draws any other, a texel fetched
//! and stored a pixel, as the level's own light is drawn from its copies made once a level
//! (`assets::lit`).
//!
//! A copy costs its texels, where lighting the pixels costs them one by one: eight muzzle
//! flashes in view at 1920x1080 light about a hundred thousand texels this way, and lit a
//! million pixels before (a near cell is magnified: each of its texels covers several
//! pixels; a far one is drawn from a small mipmap level).
//!
//! A copy is lit when the floor sweep first draws from it, not before: a cell the light
//! reaches and the view's edges take in may still be hidden from the camera (behind the
//! lamps scene's pillars: a quarter to three quarters of the copies, frame by frame), and
//! its copy is then never lit.
//!
//! A plain colour's copy is a texture of one texel per sample, drawn at every distance (as
//! its pixels were lit: each by the sample it shows). Textures larger than [`LARGEST`]
//! texels, cells the camera cannot see, and rows so far that a texture's level would have
//! fewer texels than samples get no copy: the sweep lights their pixels one by one.

use std::sync::{Mutex, OnceLock, PoisonError};

use crate::grid::Cell;
use crate::level::{Level, Light};
use crate::lighting::{DYNAMIC_SAMPLES, DynamicLights};
use crate::math::Vec2;
use crate::render::assets::RenderAssets;
use crate::render::camera::Camera;
use crate::render::kernels::{self, Loops};
use crate::render::surface::SurfaceRef;
use crate::texture::{Mip, mip_level};

/// The largest texture side copied.
const LARGEST: u32 = 128;
/// [`FlashSurfaces::cells`]' mark of a cell without copies.
const NONE: u32 = u32::MAX;
/// Samples of light along each side of a cell, and that as a shift.
const SAMPLES: usize = DYNAMIC_SAMPLES as usize;
const SHIFT: u32 = DYNAMIC_SAMPLES.trailing_zeros();

/// The lit copies of one frame's floors and ceilings under its dynamic lights. Its buffers
/// grow to the most a frame has needed and are kept: frames allocate nothing once it has.
#[derive(Debug, Default)]
pub(crate) struct FlashSurfaces {
    width: u32,
    height: u32,
    /// Per cell (row-major): the first of its two copies (its floor's, then its ceiling's) in
    /// `copies`, or [`NONE`].
    cells: Vec<u32>,
    /// The cells given copies this frame, to clear them for the next.
    marked: Vec<u32>,
    /// The copies, this frame's first (`2 * marked.len()` of them), kept for later frames.
    copies: Vec<LitCopy>,
    /// The levels of copies lit in an earlier frame, each with room for the largest surface
    /// and its levels, taken back when the next frame is built: a copy lit for the first
    /// time in a frame takes one, so that it allocates nothing.
    spare: Mutex<Vec<Vec<Mip>>>,
    /// The side the buffers in `spare` have room for.
    room: u32,
}

/// Fills `out` with `n` dynamic lights in the view of `camera` (muzzle flashes: warm, 4.5
/// tiles of reach), on open cells ahead of it, nearest first, in three lanes across the view:
/// the lights `tilecaster bench --flashes N` measures, so that other measurements (and
/// tests of what the bench reports) place the same ones.
///
/// ```
/// use tilecaster::level::Level;
/// use tilecaster::render::{Camera, flashes_in_view};
///
/// let level = Level::load("levels/e1m1.toml".as_ref()).unwrap().level;
/// let (start, facing) = (level.player.position, level.player.facing);
/// let camera = Camera::new(start, facing, Camera::DEFAULT_FOV);
/// let mut flashes = Vec::new();
/// flashes_in_view(&level, &camera, 8, &mut flashes);
/// assert_eq!(flashes.len(), 8);
/// assert!(flashes.iter().all(|f| (f.position - start).dot(camera.dir) > 0.0));
/// ```
pub fn flashes_in_view(level: &Level, camera: &Camera, n: u32, out: &mut Vec<Light>) {
    use crate::grid::Solidity;
    out.clear();
    let side = Vec2::new(-camera.dir.y, camera.dir.x);
    for k in 0..n * 4 {
        if out.len() == n as usize {
            break;
        }
        let ahead = 1.0 + 0.7 * f64::from(k / 3);
        let across = (f64::from(k % 3) - 1.0) * 0.6;
        let at = camera.pos + camera.dir * ahead + side * across;
        if !level.map.is_solid(Cell::containing(at)) {
            out.push(Light {
                position: at,
                colour: crate::frame::Colour::rgb(255, 214, 150),
                radius: 4.5,
                intensity: 1.2,
            });
        }
    }
}

/// The copies, and the buffers of their levels, made when the first are needed: a floor and
/// a ceiling for each of 64 cells (eight flashes in view at 1920x1080 reach up to about 60
/// cells the camera sees). The buffers hold about 2.8 MB where the largest floor is 64
/// texels wide, 11 MB at 128.
const FIRST_COPIES: usize = 128;

/// The most levels a copy holds: from [`LARGEST`] texels down to one texel a sample.
const LEVELS: usize = (LARGEST.trailing_zeros() - SHIFT + 1) as usize;

/// A lit copy of one floor or ceiling.
#[derive(Debug)]
struct LitCopy {
    /// What is copied: a texture, or a plain colour (one level, a texel a sample); its side,
    /// and the finest of its levels copied (the first of `levels`).
    source: SurfaceRef,
    size: u32,
    first: u32,
    /// How many levels are this frame's: none where the surface is not copied.
    count: usize,
    /// The light on the cell as scale lanes ([`kernels::scale_of`]): per column of samples
    /// (along x), its samples from the cell's low y.
    scales: [[u64; SAMPLES]; SAMPLES],
    /// This frame's levels, from `first` on, lit when the floor sweep first draws from the
    /// copy (on whichever of its threads does first); empty until then.
    levels: OnceLock<Vec<Mip>>,
}

impl LitCopy {
    fn new() -> LitCopy {
        LitCopy {
            source: SurfaceRef::Colour(0),
            size: 1,
            first: 0,
            count: 0,
            scales: [[0; SAMPLES]; SAMPLES],
            levels: OnceLock::new(),
        }
    }
}

/// Buffers for a copy's levels, each with room for a texture `room` texels wide (and its
/// levels): a copy given them allocates nothing, whatever texture or level it holds.
fn level_buffers(room: u32) -> Vec<Mip> {
    (0..LEVELS)
        .map(|k| Mip::with_room((room as usize >> k).max(1).pow(2)))
        .collect()
}

/// What [`FlashSurfaces::build`] needs of the frame.
pub(super) struct Frame<'a> {
    pub level: &'a Level,
    pub assets: &'a RenderAssets,
    pub camera: &'a Camera,
    pub view: View,
    /// The frame's width and height in pixels.
    pub size: (u32, u32),
    /// Whether floors are drawn from mipmap levels.
    pub mipmaps: bool,
}

impl FlashSurfaces {
    /// Copies and lights the floors and ceilings of the cells `dynamic` reaches that the
    /// camera may see, replacing the last frame's (`dynamic` empty: none).
    pub(super) fn build(&mut self, dynamic: &DynamicLights, frame: &Frame) {
        let (width, height) = (frame.level.map.width(), frame.level.map.height());
        let cells = width * height;
        if (self.width as usize, self.height as usize) != (width, height)
            || self.cells.len() != cells
        {
            self.cells.clear();
            self.cells.resize(cells, NONE);
            self.marked.clear();
            (self.width, self.height) = (width as u32, height as u32);
        }
        for &at in &self.marked {
            self.cells[at as usize] = NONE;
        }
        self.marked.clear();
        // The levels lit last frame, back to be lit again.
        let spare = self.spare.get_mut().unwrap_or_else(PoisonError::into_inner);
        spare.extend(self.copies.iter_mut().filter_map(|copy| copy.levels.take()));
        let mut used = 0;
        for &at in dynamic.reached() {
            let (x, y) = (at % self.width, at / self.width);
            let (Some((near, far)), Some(factors)) = (
                frame.view.depths_seen((x as i32, y as i32), 0.0),
                dynamic.tile(x, y),
            ) else {
                continue;
            };
            let style = frame.level.map.style(Cell::new(x as i32, y as i32));
            let style = &frame.assets.styles[style as usize];
            if self.copies.len() < used + 2 {
                // At once as many as most views need, then twice as many: growing is rare.
                let more = (2 * self.copies.len()).max(used + 2).max(FIRST_COPIES);
                self.copies.resize_with(more, LitCopy::new);
                self.marked.reserve(more / 2 - self.marked.len());
            }
            for (k, surface) in [style.floor, style.ceiling].into_iter().enumerate() {
                let copy = &mut self.copies[used + k];
                copy.count = 0;
                copy.source = surface;
                for (sx, column) in copy.scales.iter_mut().enumerate() {
                    for (sy, scale) in column.iter_mut().enumerate() {
                        *scale = kernels::scale_of(factors[sy * SAMPLES + sx]);
                    }
                }
                let SurfaceRef::Texture(i) = surface else {
                    (copy.size, copy.first, copy.count) = (DYNAMIC_SAMPLES, 0, 1);
                    continue;
                };
                let texture = &frame.assets.textures[i as usize];
                if texture.size() > LARGEST {
                    continue;
                }
                // The levels the rows that may show the cell draw from, down to the smallest
                // with a texel for each sample of light (where a texel would span several,
                // the pixels are lit one by one: each by the sample it shows).
                // (A texture narrower than the samples has no such level: lit pixel by pixel.)
                let Some(last) = texture.shift().checked_sub(SHIFT) else {
                    continue;
                };
                let last = last.min(texture.mip_count() - 1);
                let finest = level_at(near * (1.0 - 1e-4), frame, texture.size());
                let coarsest = level_at(far * (1.0 + 1e-4), frame, texture.size()).min(last);
                if finest > coarsest {
                    continue;
                }
                copy.size = texture.size();
                copy.first = finest;
                copy.count = (coarsest - finest + 1) as usize;
            }
            self.cells[at as usize] = used as u32;
            self.marked.push(at);
            used += 2;
        }
        let room = largest_surface(frame.assets);
        let spare = self.spare.get_mut().unwrap_or_else(PoisonError::into_inner);
        if room > self.room {
            // Buffers too small for this level's surfaces: made again.
            self.room = room;
            spare.clear();
        }
        // Every buffer is back in the pool: enough of them for each copy this frame may light,
        // made at once (as many as most views need, then twice as many), so that the frames
        // while a turn shows ever more lit cells do not each allocate a few.
        let copied = self.copies[..used].iter().filter(|c| c.count > 0).count();
        if spare.len() < copied {
            let more = copied.max(2 * spare.len()).max(FIRST_COPIES);
            let room = self.room;
            spare.resize_with(more, || level_buffers(room));
        }
    }

    /// The copy of `cell`'s floor (`below`) or ceiling, if it has one this frame with the
    /// level a row of pixels `footprint` world units apart draws from.
    #[inline]
    pub(crate) fn copy_at(&self, (x, y): (i32, i32), below: bool, footprint: f64) -> Option<u32> {
        let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        if x >= self.width || y >= self.height {
            return None;
        }
        let first = self.cells[(y * self.width + x) as usize];
        if first == NONE {
            return None;
        }
        let at = first + u32::from(!below);
        let copy = &self.copies[at as usize];
        let level = mip_level(footprint * f64::from(copy.size));
        let drawn = match copy.source {
            SurfaceRef::Colour(_) => true,
            SurfaceRef::Texture(_) => level < copy.first + copy.count as u32,
        };
        (copy.count > 0 && drawn).then_some(at)
    }

    /// The level of copy `at` a row of pixels `footprint` world units apart draws from (as
    /// the floor sweep picks a texture's: the smallest copied for a coarser level, the finest
    /// copied for a finer one, which the frame does not draw), its levels lit now if this is
    /// the first time the frame draws from it.
    #[inline]
    pub(crate) fn mip(
        &self,
        at: u32,
        footprint: f64,
        (assets, loops): (&RenderAssets, Loops),
    ) -> &Mip {
        let copy = &self.copies[at as usize];
        let levels = copy.levels.get_or_init(|| {
            let spare = self
                .spare
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop();
            let mut levels = spare.unwrap_or_else(|| level_buffers(self.room));
            copy.light(&mut levels, assets, loops);
            levels
        });
        let level = mip_level(footprint * f64::from(copy.size));
        let k = level.saturating_sub(copy.first) as usize;
        &levels[k.min(copy.count - 1)]
    }
}

impl LitCopy {
    /// Copies this frame's levels of its texture into `levels` and lights each texel by the
    /// sample of the cell's light its centre lies in.
    fn light(&self, levels: &mut [Mip], assets: &RenderAssets, loops: Loops) {
        if self.count == 0 {
            return;
        }
        if let SurfaceRef::Colour(colour) = self.source {
            // A texel a sample.
            let level = &mut levels[0];
            level.shape(DYNAMIC_SAMPLES);
            let plain = [colour; SAMPLES];
            for (sx, column) in level.texels_mut().chunks_exact_mut(SAMPLES).enumerate() {
                kernels::light_column(loops, &plain, column, &self.scales[sx]);
            }
            return;
        }
        let texture = &assets.textures[match self.source {
            SurfaceRef::Texture(i) => i as usize,
            SurfaceRef::Colour(_) => unreachable!("a colour is lit above"),
        }];
        for (k, level) in levels[..self.count].iter_mut().enumerate() {
            let source = texture.mip(self.first + k as u32);
            level.shape(source.size());
            let side = source.size() as usize;
            let columns = source.texels().chunks_exact(side);
            for (x, (from, to)) in columns
                .zip(level.texels_mut().chunks_exact_mut(side))
                .enumerate()
            {
                // The column of samples its centre lies in (by a shift: the side is a power of
                // two, and a division by it waited tens of cycles a column).
                let sx = ((2 * x + 1) * SAMPLES) >> (source.shift() + 1);
                kernels::light_column(loops, from, to, &self.scales[sx]);
            }
        }
    }
}

/// The side of the largest floor or ceiling a copy is made of (a texture up to [`LARGEST`],
/// or a plain colour's texel a sample).
fn largest_surface(assets: &RenderAssets) -> u32 {
    let side = |s: SurfaceRef| match s {
        SurfaceRef::Texture(i) => assets.textures[i as usize].size(),
        SurfaceRef::Colour(_) => DYNAMIC_SAMPLES,
    };
    assets
        .styles
        .iter()
        .flat_map(|style| [side(style.floor), side(style.ceiling)])
        .filter(|&side| side <= LARGEST)
        .fold(DYNAMIC_SAMPLES, u32::max)
}

/// How far outside the view a cell may lie and still show something: a sprite standing
/// there, half a tile wide, with a margin.
pub(super) const SPRITE_REACH: f64 = 0.75;

/// How far outside the view dynamic lights are worked out exactly: as far as a sprite that
/// shows may stand ([`SPRITE_REACH`]), and a sample of light's diagonal more, so that every
/// sample a texel in view lies in is exact (a copy's coarsest level has a texel a sample).
pub(super) const EXACT_REACH: f64 = SPRITE_REACH + 0.25;

/// The view of a camera, as [`View::depths_seen`] asks it of cells: its edges worked out
/// once a frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct View {
    eye: Vec2,
    ahead: Vec2,
    /// The unit directions of the view's left and right edges.
    left: Vec2,
    right: Vec2,
    /// Which way the view turns from its left edge to its right one (1 or -1).
    turn: f64,
}

impl View {
    pub(super) fn of(camera: &Camera) -> View {
        let unit = |v: Vec2| v * (1.0 / v.length());
        let (left, right) = (
            unit(camera.dir - camera.plane),
            unit(camera.dir + camera.plane),
        );
        View {
            eye: camera.pos,
            ahead: camera.dir,
            left,
            right,
            turn: (left.x * right.y - left.y * right.x).signum(),
        }
    }

    /// The view widened by `margin` beyond its left and right edges, as the half-planes it
    /// lies in (each `(normal, offset)`: the points `p` with `normal · p <= offset`): a wedge
    /// from a point behind the eye, holding everything the frame may show and `margin`
    /// around it.
    pub(super) fn widened(&self, margin: f64) -> [(Vec2, f64); 2] {
        let turn = self.turn;
        // Outward across each edge.
        let left = Vec2::new(turn * self.left.y, -turn * self.left.x);
        let right = Vec2::new(-turn * self.right.y, turn * self.right.x);
        [left, right].map(|normal| (normal, normal.dot(self.eye) + margin))
    }

    /// The depths (distances along the view direction) of the nearest and farthest points
    /// of cell `(x, y)`, if the camera may see any of it, or anything standing within
    /// `margin` of it: some of it ahead, and not all of it beyond one side of the view.
    #[inline]
    pub(super) fn depths_seen(&self, (x, y): (i32, i32), margin: f64) -> Option<(f64, f64)> {
        let corner = |dx: i32, dy: i32| Vec2::new(f64::from(x + dx), f64::from(y + dy)) - self.eye;
        let corners = [corner(0, 0), corner(1, 0), corner(0, 1), corner(1, 1)];
        let depths = corners.map(|c| c.dot(self.ahead));
        let near = depths.into_iter().fold(f64::INFINITY, f64::min);
        let far = depths.into_iter().fold(f64::NEG_INFINITY, f64::max);
        if far <= -margin {
            return None;
        }
        let cross = |a: Vec2, b: Vec2| (a.x * b.y - a.y * b.x) * self.turn;
        // A corner's distance outside each edge.
        let past_left = corners.iter().all(|&c| cross(self.left, c) < -margin);
        let past_right = corners.iter().all(|&c| cross(c, self.right) < -margin);
        (!past_left && !past_right).then_some((near, far))
    }
}

/// The mipmap level of a texture `size` texels wide that the floor sweep draws a row looking
/// as far as `depth` from (as `composite::floor_and_ceiling` picks one: no row looks nearer
/// than the frame's bottom one); 0 without mipmaps.
fn level_at(depth: f64, frame: &Frame, size: u32) -> u32 {
    if !frame.mipmaps {
        return 0;
    }
    let (width, height) = frame.size;
    let nearest_row = f64::from(crate::render::camera::row_distance(
        height as i32 - 1,
        height,
    ));
    let depth = depth.max(nearest_row);
    let across = 2.0 * frame.camera.plane.length() * depth / f64::from(width);
    let footprint = crate::render::camera::pixel_footprint(across, depth, f64::from(height) / 2.0);
    mip_level(footprint * f64::from(size))
}

/// How a frame's dynamic lights are worked out: from mipmaps or not; and for the tests that
/// the shortcuts draw the same, whether their polygons are exact only where the view may look,
/// and whether the floors they light are drawn from lit copies.
pub(super) struct FlashOptions {
    pub(super) mipmaps: bool,
    #[cfg(test)]
    pub(super) exact: bool,
    #[cfg(test)]
    pub(super) copied: bool,
}

/// Works out the frame's dynamic lights `flashes` over the level's light `map` (what each
/// reaches, in `dynamic`, only where the frame may show it) and the floors and ceilings they
/// light (`surfaces`), for `camera` on a frame of `size`.
pub(super) fn light_dynamically(
    (dynamic, surfaces): (&mut crate::lighting::DynamicLights, &mut FlashSurfaces),
    (level, assets, doors): (&Level, &RenderAssets, &dyn crate::render::MovingParts),
    (flashes, map): (&[crate::level::Light], Option<&crate::lighting::LightMap>),
    camera: &Camera,
    size: (u32, u32),
    options: FlashOptions,
) {
    let (w, h) = (level.map.width() as u32, level.map.height() as u32);
    let grid = crate::render::DoorsAsTheyStand {
        level,
        doors,
        holes: &assets.holes,
    };
    // Dynamic lights are worked out only where the frame may show them.
    let view = View::of(camera);
    let shown = |c: crate::grid::Cell| view.depths_seen((c.x, c.y), SPRITE_REACH).is_some();
    // Exact where the frame may look, and perhaps not beyond (a flash's polygon casts no ray
    // at a corner outside).
    let exact = view.widened(EXACT_REACH);
    let within: &[_] = &exact;
    #[cfg(test)]
    let within = if options.exact { within } else { &[] };
    dynamic.update(&grid, (w, h), flashes, map, &shown, within);
    #[cfg(test)]
    let copied = options.copied;
    #[cfg(not(test))]
    let copied = true;
    let none = crate::lighting::DynamicLights::default();
    let flashed = if copied { &*dynamic } else { &none };
    surfaces.build(
        flashed,
        &Frame {
            level,
            assets,
            camera,
            view,
            size,
            mipmaps: options.mipmaps,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::{Colour, Frame};
    use crate::grid::Solidity;
    use crate::level::{Light, load_with_textures};
    use crate::render::{ClosedDoors, Renderer};

    /// Floors and ceilings drawn from copies lit for the frame look as they do lit pixel by
    /// pixel (within the golden pictures' tolerance of 2 a channel), with mipmaps and without,
    /// and the copies are used. (In fog they differ where the light saturates a channel: a
    /// copy's texel is clamped before the fog blends it, a pixel lit after the fog as if it
    /// had been lit before it is clamped after; the lamps scene's goldens, fogged, stay within
    /// their tolerance.)
    #[test]
    fn copies_draw_what_pixel_by_pixel_lighting_draws() {
        // Textured floors and ceilings (the lamps), a plain colour ceiling (e1m1).
        for scene in ["tests/scenes/lamps.toml", "levels/e1m1.toml"] {
            copies_draw_as_pixels_do(scene);
        }
    }

    /// A scene of the repository, loaded.
    fn load(scene: &str) -> crate::level::LevelWithTextures {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(scene);
        load_with_textures(&path, None).unwrap()
    }

    /// Eight muzzle flashes ahead of `camera`, those in open cells.
    fn flashes_ahead(level: &Level, camera: &Camera) -> Vec<Light> {
        (0..8)
            .map(|k| Light {
                position: camera.pos + camera.dir * (0.4 + 0.5 * f64::from(k)),
                colour: Colour::rgb(255, 214, 150),
                radius: 4.5,
                intensity: 1.2,
            })
            .filter(|l| !level.map.is_solid(Cell::containing(l.position)))
            .collect()
    }

    fn copies_draw_as_pixels_do(scene: &str) {
        let loaded = load(scene);
        let mut level = loaded.level.clone();
        level.fog.distance = f64::INFINITY;
        let level = &level;
        let assets = RenderAssets::new(level, &loaded.textures);
        for mipmaps in [true, false] {
            for angle in [0.0, 60.0, 150.0, 250.0] {
                let camera = Camera::new(level.player.position, angle, 66.0);
                let flashes = flashes_ahead(level, &camera);
                let draw = |copies: bool| {
                    let mut renderer = Renderer::new();
                    renderer.set_mipmaps(mipmaps);
                    renderer.lights.no_flash_copies = !copies;
                    renderer.set_dynamic_lights(&flashes);
                    let mut frame = Frame::new(480, 300).unwrap();
                    renderer.render(level, &assets, &ClosedDoors, &[], &camera, &mut frame);
                    (frame, renderer.lights.flash.marked.len())
                };
                let ((copied, cells), (by_pixel, none)) = (draw(true), draw(false));
                assert!(cells > 0 && none == 0, "{cells} cells copied, {none}");
                let differing = copied
                    .rgba()
                    .chunks_exact(4)
                    .zip(by_pixel.rgba().chunks_exact(4))
                    .filter(|(a, b)| a.iter().zip(*b).any(|(x, y)| x.abs_diff(*y) > 2))
                    .count();
                assert_eq!(differing, 0, "{scene} facing {angle}, mipmaps {mipmaps}");
            }
        }
    }

    /// A copy is lit only when the floor sweep draws from it: in the lamps scene's pillared
    /// hall the flashes reach cells the view's edges take in but the pillars hide, and their
    /// copies stay unlit; the copies drawn from are lit, and the next frame takes the levels
    /// back.
    /// Flashes' polygons cast exact only where the view may look draw every pixel as the
    /// whole polygons do: eight flashes ahead, at eight angles on a level with round
    /// pillars, grates and doors (e1m1), the lamps scene and Command Post, and flashes
    /// beside the camera (their reach only partly in view).
    #[test]
    fn flashes_lit_where_the_view_looks_draw_as_whole_polygons_do() {
        for scene in [
            "levels/e1m1.toml",
            "tests/scenes/lamps.toml",
            "levels/e1m3.toml",
        ] {
            let loaded = load(scene);
            let level = &loaded.level;
            let assets = RenderAssets::new(level, &loaded.textures);
            for angle in (0..8).map(|k| 45.0 * f64::from(k) + 10.0) {
                let camera = Camera::new(level.player.position, angle, 66.0);
                let mut flashes = flashes_ahead(level, &camera);
                // Two beside the camera, their reach partly out of view.
                let side = Vec2::new(-camera.dir.y, camera.dir.x);
                flashes.extend([1.5, -1.5].map(|s| Light {
                    position: camera.pos + side * s,
                    colour: Colour::rgb(255, 214, 150),
                    radius: 4.5,
                    intensity: 1.2,
                }));
                flashes.retain(|l| !level.map.is_solid(Cell::containing(l.position)));
                let draw = |whole: bool| {
                    let mut renderer = Renderer::new();
                    renderer.lights.whole_light_polygons = whole;
                    renderer.set_dynamic_lights(&flashes);
                    let mut frame = Frame::new(480, 300).unwrap();
                    renderer.render(level, &assets, &ClosedDoors, &[], &camera, &mut frame);
                    frame
                };
                let (exact, whole) = (draw(false), draw(true));
                assert!(
                    exact.rgba() == whole.rgba(),
                    "{scene} at {angle} degrees: the frames differ"
                );
            }
        }
    }

    #[test]
    fn only_the_copies_a_frame_draws_from_are_lit() {
        let loaded = load("tests/scenes/lamps.toml");
        let level = &loaded.level;
        let assets = RenderAssets::new(level, &loaded.textures);
        let mut renderer = Renderer::new();
        let mut frame = Frame::new(480, 300).unwrap();
        let (mut built, mut lit) = (0, 0);
        for angle in [0.0, 60.0, 150.0, 250.0] {
            let camera = Camera::new(level.player.position, angle, 66.0);
            let flashes = flashes_ahead(level, &camera);
            renderer.set_dynamic_lights(&flashes);
            renderer.render(level, &assets, &ClosedDoors, &[], &camera, &mut frame);
            let flash = &renderer.lights.flash;
            let copies = &flash.copies[..2 * flash.marked.len()];
            built += copies.iter().filter(|c| c.count > 0).count();
            lit += copies.iter().filter(|c| c.levels.get().is_some()).count();
            // Lit copies are this frame's only: none beyond them holds levels.
            assert!(
                flash.copies[copies.len()..]
                    .iter()
                    .all(|c| c.levels.get().is_none())
            );
        }
        assert!(lit > 0 && lit < built, "{lit} of {built} copies lit");
    }
}
