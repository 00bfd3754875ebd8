//! The first-person renderer: one grid ray per screen column through [`crate::grid`],
//! perpendicular distances (no fisheye), textured walls, floors and ceilings, see-through masked
//! walls, thin doors and fog, in parallel with rayon, into a [`Frame`].
//!
//! Two passes, both parallel. The cast pass walks one ray per column (columns in chunks) and
//! records the wall span, texture column and depth. The composite pass draws bands of rows
//! (one band per task), each in sweeps by kind of pixel (see the `composite` module): floor
//! and ceiling row by row, walls column by column, then masked layers and sprites where there
//! are any.

mod assets;
mod camera;
mod column;
mod composite;
mod kernels;
mod light;
mod outline;
mod shimmer;
mod sprites;
mod surface;

pub use assets::RenderAssets;

/// Checks this machine's vector loops (AVX2 natively, WebAssembly SIMD in the browser page)
/// against their baseline over `cases` random runs of the floor's texel loop and the fog, as
/// many of a magnified wall's column, and a fiftieth as many of the dynamic lights' tint:
/// `Ok(Some(name))` when they draw the same pixels, `Ok(None)` when no vector loops run here,
/// the first difference otherwise. The crate's tests run it natively; the page's test in the
/// browser (where the crate's tests cannot run).
///
/// ```
/// assert!(tilecaster::render::check_vector_loops(100).is_ok());
/// ```
pub fn check_vector_loops(cases: usize) -> Result<Option<&'static str>, String> {
    let Some(name) = kernels::vector_loops_here() else {
        return Ok(None);
    };
    kernels::check_floor_runs(cases)?;
    kernels::check_fills()?;
    kernels::check_wall_columns(cases)?;
    kernels::check_tints(cases / 50)?;
    Ok(Some(name))
}
pub use camera::Camera;
pub use column::{ColumnCast, cast_column};
pub use light::flashes_in_view;
pub use shimmer::{far_shimmer, supersampled_far_shimmer};
pub use sprites::{SpriteInstance, decoration_sprites, level_sprites, pose};

use rayon::prelude::*;

use crate::frame::Frame;
use crate::grid::Cell;
use crate::level::Level;
use column::{Layers, Span};
use sprites::SpriteDraw;

/// Columns per task in the cast pass.
const COLUMNS_PER_TASK: usize = 64;
/// Rows per task in the composite pass.
const ROWS_PER_TASK: usize = 32;

/// How the level's moving parts stand: how open each door is (0 closed, 1 open), and where
/// sliding push walls are. The scene layer supplies it from the game ([`ClosedDoors`] for a
/// level at rest).
pub trait MovingParts: Sync {
    /// The open fraction of the door in `cell`.
    fn open(&self, cell: Cell) -> f64;

    /// For a cell a moving push wall covers, the corner of smallest x and y of the wall's unit
    /// square (drawn there instead of filling the cell); `None` for still walls.
    fn moving_wall(&self, cell: Cell) -> Option<crate::math::Vec2> {
        let _ = cell;
        None
    }
}

/// Every door closed and no push wall moving: a level at rest.
pub struct ClosedDoors;

impl MovingParts for ClosedDoors {
    fn open(&self, _: Cell) -> f64 {
        0.0
    }
}

/// The level's walls with its doors as they stand: a door half open or more lets light by, and
/// grates let it through their holes.
struct DoorsAsTheyStand<'a> {
    level: &'a Level,
    doors: &'a dyn MovingParts,
    holes: &'a crate::level::Holes,
}

impl crate::grid::Solidity for DoorsAsTheyStand<'_> {
    fn is_solid(&self, cell: Cell) -> bool {
        match self.level.map.get(cell) {
            Some(crate::map::Tile::Door) => self.doors.open(cell) < 0.5,
            _ => self.level.map.is_solid(cell),
        }
    }

    fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        self.level.shape(cell)
    }

    fn accepts(&self, hit: &crate::grid::Hit) -> bool {
        self.holes.blocks(self.level, hit)
    }

    fn face_texels(&self, cell: Cell, face: crate::grid::Face) -> Option<&[bool]> {
        self.holes.face(self.level, cell, face)
    }
}

/// What the last frame cost, stage by stage (for `tilecaster bench` and the profiler).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// The cast pass: one ray per column.
    pub cast: std::time::Duration,
    /// Of the cast pass: this frame's light worked out (the level's again where a door or
    /// push wall has just moved in a light's reach, which is rare; the dynamic lights: each
    /// one's visibility polygon, its reach walked and added to the level's light). The floors
    /// and ceilings they reach are lit in the floor sweep, as it first draws from each.
    pub lights: std::time::Duration,
    /// Sprite projection and sorting.
    pub sprites: std::time::Duration,
    /// The composite pass: walls, floor, ceiling, masked layers and sprites, in bands of rows.
    pub composite: std::time::Duration,
    /// Within the composite pass, thread time summed over its bands (on N threads these add up
    /// to about N times `composite`): the floor and ceiling sweep,
    pub floor: std::time::Duration,
    /// the wall sweep,
    pub walls: std::time::Duration,
    /// and the masked layers and sprites.
    pub overlays: std::time::Duration,
    /// Columns cast.
    pub columns: u32,
    /// Cells walked by all columns' rays.
    pub cells: u64,
    /// Most cells walked by one ray.
    pub max_cells: u32,
}

/// A reusable renderer: its buffers grow once to the frame's width and are reused, so frames
/// after the first allocate nothing.
#[derive(Debug, Default)]
pub struct Renderer {
    /// Per column: its wall, its masked layers, and the cells its ray walked.
    walls: Vec<Span>,
    /// Per cast task, the fogged texels of its magnified walls (see `Span::fog_texels`).
    fogged: Vec<Vec<u32>>,
    layers: Vec<Layers>,
    cells: Vec<u32>,
    /// What the composite pass asks of the columns, summed up from them.
    summary: composite::ColumnSummary,
    sprites: Vec<SpriteDraw>,
    stats: FrameStats,
    /// Whether the per-pixel loops may use the CPU's vector instructions (AVX2).
    scalar: bool,
    /// Whether walls, floors and ceilings are drawn from their full-size textures only.
    no_mipmaps: bool,
    /// Whether the level's lights (and dark ambient) are left out.
    no_lights: bool,
    /// The level's light as its doors stand, and the lights that come and go (muzzle
    /// flashes, fireballs) with what they light.
    lights: light::FrameLights,
    /// The last frame's height.
    height: u32,
}

impl Renderer {
    /// A renderer with no buffers yet.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// Whether the per-pixel loops use the CPU's vector instructions where it has them (AVX2;
    /// the default), or only the baseline ones: for comparing the two, which draw the same
    /// pictures.
    pub fn set_vector_loops(&mut self, on: bool) {
        self.scalar = !on;
    }

    /// Whether walls, floors and ceilings far away are drawn from their textures' mipmaps (the
    /// default), which keeps them from sparkling as the camera moves, or always from the full
    /// textures (every texel sharp, and aliased in the distance). Sprites and see-through
    /// walls always use the full textures.
    pub fn set_mipmaps(&mut self, on: bool) {
        self.no_mipmaps = !on;
    }

    /// Whether the level's lights and ambient light are drawn (the default), or everything
    /// as its textures are: for comparing the two.
    pub fn set_lights(&mut self, on: bool) {
        self.no_lights = !on;
    }

    /// The lights that come and go to draw the next frames with (muzzle flashes, fireballs
    /// and their bursts), over the level's own: what each reaches is worked out every frame.
    pub fn set_dynamic_lights(&mut self, lights: &[crate::level::Light]) {
        self.lights.dynamic_lights.clear();
        self.lights.dynamic_lights.extend_from_slice(lights);
    }

    /// The level's own light with its doors and push walls as `doors` says they stand (worked
    /// out again where they have moved since it was built), as the next frame draws it: what
    /// the map from above shows. `None` for a level without lights, or with lights off.
    pub fn light_map<'a>(
        &'a mut self,
        level: &Level,
        assets: &'a RenderAssets,
        doors: &dyn MovingParts,
    ) -> Option<&'a crate::lighting::LightMap> {
        if self.no_lights {
            return None;
        }
        self.lights.light_map(level, assets, doors)
    }

    /// Draws `level` seen by `camera` into `frame`, with `sprites` standing in it.
    ///
    /// On rayon's threads: called from outside its pool (the game's event loop), the frame is
    /// handed to the pool once and drawn there, where each of its parallel passes handed over
    /// on its own waited for the pool's threads to wake (about 35 us each on the 2-core
    /// machine; drawn from a pool's thread, a pass starts in under 2 us).
    pub fn render(
        &mut self,
        level: &Level,
        assets: &RenderAssets,
        doors: &dyn MovingParts,
        sprites: &[SpriteInstance],
        camera: &Camera,
        frame: &mut Frame,
    ) {
        rayon::scope(|_| self.render_in_pool(level, assets, doors, sprites, camera, frame));
    }

    /// [`Renderer::render`], on the thread it is called on: the dynamic lights worked out,
    /// the cast pass (a ray a column), the columns summed up, the sprites projected, the
    /// composite pass (bands of rows).
    fn render_in_pool(
        &mut self,
        level: &Level,
        assets: &RenderAssets,
        doors: &dyn MovingParts,
        sprites: &[SpriteInstance],
        camera: &Camera,
        frame: &mut Frame,
    ) {
        let (width, height) = (frame.width(), frame.height());
        let columns = width as usize;
        self.height = height;
        self.walls.resize(columns, Span::default());
        self.layers.resize(columns, Layers::default());
        self.cells.resize(columns, 0);
        self.fogged
            .resize_with(columns.div_ceil(COLUMNS_PER_TASK), Vec::new);
        let started = web_time::Instant::now();
        let loops = kernels::Loops::new(!self.scalar);
        let light::Prepared { lighting, flash } = self.lights.prepare(
            (level, assets, doors),
            camera,
            (width, height),
            (!self.no_lights, !self.no_mipmaps),
        );
        let lights_done = web_time::Instant::now();
        let pass = column::CastPass {
            level,
            assets,
            doors,
            camera,
            lights: lighting.as_ref(),
            loops,
            size: (width, height),
            mipmaps: !self.no_mipmaps,
        };
        // Room for a task's fogged texel runs: a texture column's worth per column (a wall
        // shows at most its texture's side), up to 256 texels. Reserved once, so that frames
        // after the first allocate nothing; a run that finds no room is fogged as it is drawn.
        let largest = assets.textures.iter().map(|t| t.size()).max().unwrap_or(1);
        let fog_room = COLUMNS_PER_TASK * largest.min(256) as usize;
        // Cast pass: one ray per column.
        self.walls
            .par_chunks_mut(COLUMNS_PER_TASK)
            .zip(self.layers.par_chunks_mut(COLUMNS_PER_TASK))
            .zip(self.cells.par_chunks_mut(COLUMNS_PER_TASK))
            .zip(self.fogged.par_iter_mut())
            .enumerate()
            .for_each(|(chunk, (((walls, layers), cells), fogged))| {
                fogged.clear();
                fogged.reserve(fog_room);
                let first = (chunk * COLUMNS_PER_TASK) as u32;
                pass.cast((walls, layers, cells), first, fogged);
            });
        self.summary.rebuild(&self.walls, &self.layers, width);
        let cast_done = web_time::Instant::now();
        sprites::project_all(
            sprites,
            camera,
            width,
            height,
            assets,
            lighting.as_ref(),
            &mut self.sprites,
        );
        let depths = &self.summary.depths;
        self.sprites
            .retain_mut(|draw| draw.narrow_to_seen(|x| depths[x].wall));
        let sprites_done = web_time::Instant::now();
        // Composite pass: bands of rows.
        let summary = &self.summary;
        let scene = composite::Scene {
            level,
            assets,
            camera,
            covers: &summary.covers,
            blocks: &summary.blocks,
            groups: &summary.groups,
            walls: &self.walls,
            fogged: &self.fogged,
            layers: &self.layers,
            depths: &summary.depths,
            layered: &summary.layered,
            sprites,
            draws: &self.sprites,
            loops,
            mipmaps: !self.no_mipmaps,
            lights: lighting,
            flash,
        };
        let sweeps = frame
            .pixels_mut()
            .par_chunks_mut(columns * ROWS_PER_TASK)
            .enumerate()
            .map(|(band, rows)| {
                let first = (band * ROWS_PER_TASK) as u32;
                composite::draw_band(&scene, first, width, height, rows)
            })
            .reduce(composite::SweepTimes::default, |a, b| {
                composite::SweepTimes {
                    floor: a.floor + b.floor,
                    walls: a.walls + b.walls,
                    overlays: a.overlays + b.overlays,
                }
            });
        self.stats = FrameStats {
            cast: cast_done - started,
            lights: lights_done - started,
            sprites: sprites_done - cast_done,
            composite: sprites_done.elapsed(),
            floor: sweeps.floor,
            walls: sweeps.walls,
            overlays: sweeps.overlays,
            columns: width,
            cells: self.cells.iter().map(|&c| u64::from(c)).sum(),
            max_cells: self.cells.iter().copied().max().unwrap_or(0),
        };
    }

    /// What the last frame cost.
    pub fn stats(&self) -> FrameStats {
        self.stats
    }

    /// The depth (perpendicular distance, in tiles) of the wall, floor or ceiling the last
    /// frame drew at pixel `(x, y)`, whatever sprites or see-through walls stand before it:
    /// for tools that weigh the picture by distance. Infinite outside the last frame.
    pub fn depth_at(&self, x: u32, y: u32) -> f32 {
        let Some(wall) = self.walls.get(x as usize) else {
            return f32::INFINITY;
        };
        let y = y as i32;
        if y >= self.height as i32 {
            f32::INFINITY
        } else if y >= wall.top && y < wall.bottom {
            wall.depth
        } else {
            camera::row_distance(y, self.height)
        }
    }

    /// The cells each column's ray walked in the last frame, left to right (the profiler's
    /// heat strip).
    pub fn cells_per_column(&self) -> impl Iterator<Item = u32> + '_ {
        self.cells.iter().copied()
    }
}
