//! The first-person renderer: one grid ray per screen column through [`crate::grid`],
//! perpendicular distances (no fisheye), textured walls, floors and ceilings, see-through masked
//! walls, thin doors and fog, in parallel with rayon, into a [`Frame`].
//!
//! Two passes, both parallel. The cast pass walks one ray per column (columns in chunks) and
//! records the wall span, texture column and depth. The composite pass writes the frame row by
//! row (bands of rows per task), so every write is contiguous: walls, then floor and ceiling
//! (the row distance computed once per row, the world position stepped along the row), then
//! masked layers far to near.

mod assets;
mod camera;
mod column;
pub mod hud;
pub mod profile;
mod sprites;

pub use assets::RenderAssets;
pub use camera::Camera;
pub use column::{ColumnCast, cast_column};
pub use sprites::{SpriteInstance, level_sprites, pose};

use rayon::prelude::*;

use crate::frame::Frame;
use crate::grid::Cell;
use crate::level::Level;
use column::{Layers, Span};
use sprites::{MAX_SPRITES_PER_ROW, SpriteDraw};

/// Columns per task in the cast pass.
const COLUMNS_PER_TASK: usize = 64;
/// Rows per task in the composite pass.
const ROWS_PER_TASK: usize = 8;

/// How the level's moving parts stand: how open each door is (0 closed, 1 open), and where
/// moving push walls are. The game supplies it.
pub trait DoorState: Sync {
    /// The open fraction of the door in `cell`.
    fn open(&self, cell: Cell) -> f64;

    /// For a cell a moving push wall covers, the corner of smallest x and y of the wall's unit
    /// square (drawn there instead of filling the cell); `None` for still walls.
    fn moving_wall(&self, cell: Cell) -> Option<crate::geom::Vec2> {
        let _ = cell;
        None
    }
}

/// Every door closed.
pub struct ClosedDoors;

impl DoorState for ClosedDoors {
    fn open(&self, _: Cell) -> f64 {
        0.0
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct ColumnDraw {
    wall: Span,
    layers: Layers,
    /// Cells the column's ray walked.
    cells: u32,
}

/// What the last frame cost, stage by stage (for `tilecaster bench` and the profiler).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// The cast pass: one ray per column.
    pub cast: std::time::Duration,
    /// Sprite projection and sorting.
    pub sprites: std::time::Duration,
    /// The composite pass: walls, floor, ceiling, masked layers and sprites, row by row.
    pub composite: std::time::Duration,
    /// Columns cast.
    pub columns: u32,
    /// Cells walked by all columns' rays.
    pub cells: u64,
    /// Most cells walked by one ray.
    pub max_cells: u32,
}

/// What a row draws: the columns' spans and the projected sprites (far to near).
struct Scene<'a> {
    level: &'a Level,
    assets: &'a RenderAssets,
    camera: &'a Camera,
    columns: &'a [ColumnDraw],
    sprites: &'a [SpriteInstance<'a>],
    draws: &'a [SpriteDraw],
}

/// A reusable renderer: its buffers grow once to the frame's width and are reused, so frames
/// after the first allocate nothing.
#[derive(Debug, Default)]
pub struct Renderer {
    columns: Vec<ColumnDraw>,
    sprites: Vec<SpriteDraw>,
    stats: FrameStats,
}

impl Renderer {
    /// A renderer with no buffers yet.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// Draws `level` seen by `camera` into `frame`, with `sprites` standing in it.
    pub fn render(
        &mut self,
        level: &Level,
        assets: &RenderAssets,
        doors: &dyn DoorState,
        sprites: &[SpriteInstance],
        camera: &Camera,
        frame: &mut Frame,
    ) {
        let (width, height) = (frame.width(), frame.height());
        self.columns.resize(width as usize, ColumnDraw::default());
        let started = std::time::Instant::now();
        // Cast pass: one ray per column.
        self.columns
            .par_chunks_mut(COLUMNS_PER_TASK)
            .enumerate()
            .for_each(|(chunk, columns)| {
                for (k, draw) in columns.iter_mut().enumerate() {
                    let x = (chunk * COLUMNS_PER_TASK + k) as u32;
                    let cast = cast_column(level, assets, doors, camera, x, width);
                    draw.wall = cast.wall_span(assets, height);
                    draw.layers = cast.layer_spans(assets, height);
                    draw.cells = cast.hit.map_or(0, |h| h.visited);
                }
            });
        let cast_done = std::time::Instant::now();
        sprites::project_all(sprites, camera, width, height, assets, &mut self.sprites);
        let sprites_done = std::time::Instant::now();
        // Composite pass: rows, contiguous writes.
        let scene = Scene {
            level,
            assets,
            camera,
            columns: &self.columns,
            sprites,
            draws: &self.sprites,
        };
        let row_bytes = width as usize * 4;
        frame
            .rgba_mut()
            .par_chunks_mut(row_bytes * ROWS_PER_TASK)
            .enumerate()
            .for_each(|(band, rows)| {
                for (k, row) in rows.chunks_exact_mut(row_bytes).enumerate() {
                    let y = (band * ROWS_PER_TASK + k) as u32;
                    draw_row(&scene, y, width, height, row);
                }
            });
        self.stats = FrameStats {
            cast: cast_done - started,
            sprites: sprites_done - cast_done,
            composite: sprites_done.elapsed(),
            columns: width,
            cells: self.columns.iter().map(|c| u64::from(c.cells)).sum(),
            max_cells: self.columns.iter().map(|c| c.cells).max().unwrap_or(0),
        };
    }

    /// What the last frame cost.
    pub fn stats(&self) -> FrameStats {
        self.stats
    }

    /// The cells each column's ray walked in the last frame, left to right (the profiler's
    /// heat strip).
    pub fn cells_per_column(&self) -> impl Iterator<Item = u32> + '_ {
        self.columns.iter().map(|c| c.cells)
    }
}

/// One row of the frame: wall texels where a wall spans it, floor or ceiling elsewhere, then
/// the masked layers far to near, then the sprites far to near, each drawn only where it is
/// nearer than the nearest opaque thing at that pixel.
fn draw_row(scene: &Scene, y: u32, width: u32, height: u32, row: &mut [u8]) {
    let Scene {
        level,
        assets,
        camera,
        columns,
        sprites,
        draws,
    } = *scene;
    let yi = y as i32;
    // The sprites on this row (far to near), without allocating.
    let mut on_row = [0u16; MAX_SPRITES_PER_ROW];
    let mut row_count = 0;
    for (i, d) in draws.iter().enumerate() {
        if yi >= d.y0 && yi < d.y1 {
            if row_count == MAX_SPRITES_PER_ROW {
                // Keep the nearest: drop the farthest kept.
                on_row.copy_within(1.., 0);
                row_count -= 1;
            }
            on_row[row_count] = i as u16;
            row_count += 1;
        }
    }
    let on_row = &on_row[..row_count];
    let half = height as f32 / 2.0;
    let yc = y as f32 + 0.5;
    let below = yc > half;
    // Distance to the floor (or ceiling) seen through this row: once per row.
    let row_distance = half / (yc - half).abs().max(0.5);
    let fog = assets.fog.at(assets.fog.weight(row_distance));
    let left = camera.dir - camera.plane;
    let right = camera.dir + camera.plane;
    let step = (right - left) * (row_distance as f64 / width as f64);
    let start = camera.pos + left * row_distance as f64 + step * 0.5;
    // The world position along the row in 32.32 fixed point: an add per pixel, the cell and
    // texel by shifts (no floor(), which is a libm call without SSE4.1).
    let fixed = |v: f64| (v * FIXED_ONE).clamp(-FIXED_LIMIT, FIXED_LIMIT) as i64;
    let (mut wx, mut wy) = (fixed(start.x), fixed(start.y));
    let (sx, sy) = (fixed(step.x), fixed(step.y));
    // The surface of the cell last looked up (it changes only every few pixels): a colour, or
    // a texture and the shift that turns a 32-bit fraction into its texel coordinate.
    let mut surface_cell = (i32::MIN, i32::MIN);
    let mut surface: Result<(&crate::texture::Texture, u32), u32> = Err(0);
    for (x, px) in row.chunks_exact_mut(4).enumerate() {
        let c = &columns[x];
        let mut texel = if yi >= c.wall.top && yi < c.wall.bottom {
            c.wall.sample(assets, yi)
        } else {
            let cell = ((wx >> 32) as i32, (wy >> 32) as i32);
            if cell != surface_cell {
                surface_cell = cell;
                let style = &assets.styles[level.map.style(Cell::new(cell.0, cell.1)) as usize];
                surface = match if below { style.floor } else { style.ceiling } {
                    assets::SurfaceRef::Colour(c) => Err(c),
                    assets::SurfaceRef::Texture(i) => {
                        let tex = &*assets.textures[i as usize];
                        Ok((tex, 32 - tex.shift()))
                    }
                };
            }
            let t = match surface {
                Err(c) => c,
                Ok((tex, shift)) => tex.texel((wx as u32) >> shift, (wy as u32) >> shift),
            };
            fog.blend(t)
        };
        let mut occluder = c.wall.depth;
        for layer in c.layers.far_to_near() {
            if yi >= layer.top && yi < layer.bottom {
                let t = layer.sample(assets, yi);
                if crate::texture::is_opaque(t) {
                    texel = t;
                    occluder = layer.depth;
                }
            }
        }
        for &i in on_row {
            let d = &draws[i as usize];
            if let Some(t) = d.texel(d.frame(sprites), x as i32, yi, occluder) {
                texel = t;
            }
        }
        px.copy_from_slice(&texel.to_le_bytes());
        wx = wx.wrapping_add(sx);
        wy = wy.wrapping_add(sy);
    }
}

/// One world unit in the row pass's 32.32 fixed point.
const FIXED_ONE: f64 = 4_294_967_296.0;
/// Positions beyond this (2^30 tiles, far outside any map) are clamped.
const FIXED_LIMIT: f64 = FIXED_ONE * 1_073_741_824.0;
