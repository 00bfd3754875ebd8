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

pub use assets::RenderAssets;
pub use camera::Camera;
pub use column::{ColumnCast, cast_column};

use rayon::prelude::*;

use crate::frame::Frame;
use crate::grid::Cell;
use crate::level::Level;
use column::{Layers, Span};

/// Columns per task in the cast pass.
const COLUMNS_PER_TASK: usize = 64;
/// Rows per task in the composite pass.
const ROWS_PER_TASK: usize = 8;

/// How open each door is (0 closed, 1 open); the game supplies it.
pub trait DoorState: Sync {
    /// The open fraction of the door in `cell`.
    fn open(&self, cell: Cell) -> f64;
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
}

/// A reusable renderer: its buffers grow once to the frame's width and are reused, so frames
/// after the first allocate nothing.
#[derive(Debug, Default)]
pub struct Renderer {
    columns: Vec<ColumnDraw>,
}

impl Renderer {
    /// A renderer with no buffers yet.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// Draws `level` seen by `camera` into `frame`.
    pub fn render(
        &mut self,
        level: &Level,
        assets: &RenderAssets,
        doors: &dyn DoorState,
        camera: &Camera,
        frame: &mut Frame,
    ) {
        let (width, height) = (frame.width(), frame.height());
        self.columns.resize(width as usize, ColumnDraw::default());
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
                }
            });
        // Composite pass: rows, contiguous writes.
        let columns = &self.columns;
        let row_bytes = width as usize * 4;
        frame
            .rgba_mut()
            .par_chunks_mut(row_bytes * ROWS_PER_TASK)
            .enumerate()
            .for_each(|(band, rows)| {
                for (k, row) in rows.chunks_exact_mut(row_bytes).enumerate() {
                    let y = (band * ROWS_PER_TASK + k) as u32;
                    draw_row(level, assets, camera, columns, y, width, height, row);
                }
            });
    }
}

/// One row of the frame: wall texels where a wall spans it, floor or ceiling elsewhere, then
/// the masked layers.
#[allow(clippy::too_many_arguments)]
fn draw_row(
    level: &Level,
    assets: &RenderAssets,
    camera: &Camera,
    columns: &[ColumnDraw],
    y: u32,
    width: u32,
    height: u32,
    row: &mut [u8],
) {
    let half = height as f32 / 2.0;
    let yc = y as f32 + 0.5;
    let below = yc > half;
    // Distance to the floor (or ceiling) seen through this row: once per row.
    let row_distance = half / (yc - half).abs().max(0.5);
    let fog = assets.fog.weight(row_distance);
    let left = camera.dir - camera.plane;
    let right = camera.dir + camera.plane;
    let step = (right - left) * (row_distance as f64 / width as f64);
    let mut world = camera.pos + left * row_distance as f64 + step * 0.5;
    let yi = y as i32;
    for (x, px) in row.chunks_exact_mut(4).enumerate() {
        let c = &columns[x];
        let mut texel = if yi >= c.wall.top && yi < c.wall.bottom {
            c.wall.sample(assets, yi)
        } else {
            let cell = Cell::new(world.x.floor() as i32, world.y.floor() as i32);
            let style = &assets.styles[level.map.style(cell) as usize];
            let surface = if below { style.floor } else { style.ceiling };
            let t = match surface {
                assets::SurfaceRef::Colour(c) => c,
                assets::SurfaceRef::Texture(i) => {
                    let tex = &assets.textures[i as usize];
                    let s = tex.size() as f64;
                    tex.texel(
                        ((world.x - world.x.floor()) * s) as u32,
                        ((world.y - world.y.floor()) * s) as u32,
                    )
                }
            };
            assets.fog.apply(t, fog)
        };
        for layer in c.layers.far_to_near() {
            if yi >= layer.top && yi < layer.bottom {
                let t = layer.sample(assets, yi);
                if t >> 24 >= 128 {
                    texel = t;
                }
            }
        }
        px.copy_from_slice(&texel.to_le_bytes());
        world = world + step;
    }
}
