//! What `bench` measures each frame against, in the same run on the same scene and camera:
//!
//! - [`Tutorial`]: a plain scalar port of the loop structure of Lode Vandevenne's raycasting
//!   tutorial (<https://lodev.org/cgtutor/raycasting.html>), the renderer anyone writes first:
//!   floor and ceiling cast by horizontal scanlines for every pixel below and above the
//!   horizon, then one DDA per column and its textured wall drawn over them. No fog, no doors,
//!   no sprites: every non-empty cell is a wall with its north face's texture, the floor and
//!   ceiling are the textures under and over the camera's cell.
//! - [`texture_copy`]: each pixel read from a texture at a stepped coordinate and written: the
//!   least any textured renderer does per pixel.
//! - the memset of the frame (in the parent module).
//!
//! The port stays as the tutorial writes it (the darkening of y-side walls per pixel, `f64`
//! floor coordinates, one thread) on purpose: it is the yardstick, not a renderer.

use tilecaster::frame::Frame;
use tilecaster::grid::{Cell, Solidity};
use tilecaster::level::{Level, Surface};
use tilecaster::render::Camera;
use tilecaster::texture::{Texture, TextureSet};

/// The tutorial's texture side: a constant, as in the tutorial.
const TEX: usize = 64;

/// A texture as the tutorial keeps it: 64x64, row by row (`texture[TEX * y + x]`).
type TutorialTexture = Box<[u32; TEX * TEX]>;

/// `texture` sampled (nearest) to the tutorial's 64x64, row by row.
fn tutorial_texture(texture: &Texture) -> TutorialTexture {
    let scale = texture.size() as usize;
    let mut texels = Box::new([0; TEX * TEX]);
    for y in 0..TEX {
        for x in 0..TEX {
            texels[TEX * y + x] = texture.texel((x * scale / TEX) as u32, (y * scale / TEX) as u32);
        }
    }
    texels
}

/// The tutorial's renderer, set up for one level: its textures, and which texture each tile
/// style has.
pub struct Tutorial {
    textures: Vec<TutorialTexture>,
    /// Per style, its wall texture (north face; the first texture where it has none).
    walls: Vec<usize>,
    floor: usize,
    ceiling: usize,
}

impl Tutorial {
    /// The tutorial set up for `level`, its floor and ceiling those of the cell at `pos`
    /// (where one is a colour, a wall texture stands in). `None` where the level has no
    /// textures at all.
    pub fn new(level: &Level, textures: &TextureSet, pos: tilecaster::geom::Vec2) -> Option<Self> {
        // The textures the level uses, each once, in order of first use.
        let mut used: Vec<&Texture> = Vec::new();
        let mut index = |name: &str| {
            let texture = &**textures.get(name)?;
            Some(
                used.iter()
                    .position(|&t| std::ptr::eq(t, texture))
                    .unwrap_or_else(|| {
                        used.push(texture);
                        used.len() - 1
                    }),
            )
        };
        let walls: Vec<Option<usize>> = level
            .styles
            .iter()
            .map(|s| s.faces.as_ref().and_then(|f| index(&f[0])))
            .collect();
        let start = &level.styles[level.map.style(Cell::new(pos.x as i32, pos.y as i32)) as usize];
        let mut surface = |s: &Surface| match s {
            Surface::Texture(name) => index(name),
            Surface::Colour(_) => None,
        };
        let floor = surface(&start.floor).unwrap_or(0);
        let ceiling = surface(&start.ceiling).unwrap_or(0);
        let textures: Vec<TutorialTexture> = used.into_iter().map(tutorial_texture).collect();
        (!textures.is_empty()).then(|| Tutorial {
            textures,
            walls: walls.into_iter().map(|t| t.unwrap_or(0)).collect(),
            floor,
            ceiling,
        })
    }

    /// Draws `level` seen by `camera` into `frame`, as the tutorial does.
    pub fn render(&self, level: &Level, camera: &Camera, frame: &mut Frame) {
        let (w, h) = (frame.width() as usize, frame.height() as usize);
        let buffer = frame.pixels_mut();
        let (pos_x, pos_y) = (camera.pos.x, camera.pos.y);
        let (dir_x, dir_y, plane_x, plane_y) =
            (camera.dir.x, camera.dir.y, camera.plane.x, camera.plane.y);
        // Floor casting: a horizontal scanline per row below the horizon, its mirror above
        // (in `f32`, as the tutorial's floor casting).
        let (floor, ceiling) = (&self.textures[self.floor], &self.textures[self.ceiling]);
        // (From the row under the middle one: of an odd height, the middle row is its own
        // mirror and is left to the walls.)
        for y in h.div_ceil(2)..h {
            let ray_dir_x0 = (dir_x - plane_x) as f32;
            let ray_dir_y0 = (dir_y - plane_y) as f32;
            let ray_dir_x1 = (dir_x + plane_x) as f32;
            let ray_dir_y1 = (dir_y + plane_y) as f32;
            let p = y as f32 + 0.5 - h as f32 / 2.0;
            let pos_z = 0.5 * h as f32;
            let row_distance = pos_z / p;
            let floor_step_x = row_distance * (ray_dir_x1 - ray_dir_x0) / w as f32;
            let floor_step_y = row_distance * (ray_dir_y1 - ray_dir_y0) / w as f32;
            let mut floor_x = pos_x as f32 + row_distance * ray_dir_x0;
            let mut floor_y = pos_y as f32 + row_distance * ray_dir_y0;
            // The row below the horizon and its mirror above it.
            let (above, below) = buffer.split_at_mut(y * w);
            let ceiling_row = &mut above[(h - y - 1) * w..][..w];
            for (floor_px, ceiling_px) in below[..w].iter_mut().zip(ceiling_row) {
                // `(int)` as in the tutorial: truncation (not `floor()`, a libm call on
                // x86-64 without SSE4.1), exact on a map's positive coordinates.
                let cell_x = floor_x as i32;
                let cell_y = floor_y as i32;
                let tx = (TEX as f32 * (floor_x - cell_x as f32)) as i32 as usize & (TEX - 1);
                let ty = (TEX as f32 * (floor_y - cell_y as f32)) as i32 as usize & (TEX - 1);
                floor_x += floor_step_x;
                floor_y += floor_step_y;
                *floor_px = floor[TEX * ty + tx];
                *ceiling_px = ceiling[TEX * ty + tx];
            }
        }
        // Wall casting: one DDA per column.
        let map = &level.map;
        for x in 0..w {
            let camera_x = 2.0 * (x as f64 + 0.5) / w as f64 - 1.0;
            let ray_dir_x = dir_x + plane_x * camera_x;
            let ray_dir_y = dir_y + plane_y * camera_x;
            let mut map_x = pos_x as i32;
            let mut map_y = pos_y as i32;
            let delta_dist_x = (1.0 / ray_dir_x).abs();
            let delta_dist_y = (1.0 / ray_dir_y).abs();
            let (step_x, mut side_dist_x) = if ray_dir_x < 0.0 {
                (-1, (pos_x - map_x as f64) * delta_dist_x)
            } else {
                (1, (map_x as f64 + 1.0 - pos_x) * delta_dist_x)
            };
            let (step_y, mut side_dist_y) = if ray_dir_y < 0.0 {
                (-1, (pos_y - map_y as f64) * delta_dist_y)
            } else {
                (1, (map_y as f64 + 1.0 - pos_y) * delta_dist_y)
            };
            let mut side;
            let mut steps = 0;
            loop {
                if side_dist_x < side_dist_y {
                    side_dist_x += delta_dist_x;
                    map_x += step_x;
                    side = 0;
                } else {
                    side_dist_y += delta_dist_y;
                    map_y += step_y;
                    side = 1;
                }
                steps += 1;
                // The tutorial's maps are closed; a level may not be, so the walk stops at
                // the map's edge (outside is solid) or after a bounded number of steps.
                if map.is_solid(Cell::new(map_x, map_y)) || steps > 4096 {
                    break;
                }
            }
            let perp_wall_dist = if side == 0 {
                side_dist_x - delta_dist_x
            } else {
                side_dist_y - delta_dist_y
            };
            let line_height = (h as f64 / perp_wall_dist) as i64;
            let draw_start = (-line_height / 2 + h as i64 / 2).max(0);
            let draw_end = (line_height / 2 + h as i64 / 2).min(h as i64 - 1);
            let style = map.style(Cell::new(map_x, map_y)) as usize;
            let texture = &self.textures[self.walls.get(style).copied().unwrap_or(0)];
            let mut wall_x = if side == 0 {
                pos_y + perp_wall_dist * ray_dir_y
            } else {
                pos_x + perp_wall_dist * ray_dir_x
            };
            wall_x -= wall_x as i64 as f64;
            let mut tex_x = (wall_x * TEX as f64) as usize & (TEX - 1);
            if (side == 0 && ray_dir_x > 0.0) || (side == 1 && ray_dir_y < 0.0) {
                tex_x = TEX - tex_x - 1;
            }
            let step = TEX as f64 / line_height as f64;
            let mut tex_pos = (draw_start - h as i64 / 2 + line_height / 2) as f64 * step;
            for y in draw_start..draw_end {
                let tex_y = tex_pos as i64 as usize & (TEX - 1);
                tex_pos += step;
                let mut colour = texture[TEX * tex_y + tex_x];
                if side == 1 {
                    colour = (colour >> 1) & 0x7F7F7F | 0xFF00_0000;
                }
                buffer[y as usize * w + x] = colour;
            }
        }
    }
}

/// The texture [`texture_copy`] reads: `texture` sampled to 64x64, row by row.
pub struct CopiedTexture(TutorialTexture);

impl CopiedTexture {
    pub fn new(texture: &Texture) -> CopiedTexture {
        CopiedTexture(tutorial_texture(texture))
    }
}

/// Fills `frame` row by row with texels of `texture` at a stepped coordinate (16.16 fixed
/// point, a little under one texel per pixel across and down, different per row): a read and
/// a write per pixel, nothing else. (The texels are an array of the loop's own, indexed with
/// a mask: read through a [`Texture`], the loop reloaded its size and texels every pixel, as
/// the compiler could not tell that the frame's stores leave them alone, and its time moved
/// with where the loop lay in the binary: 1.5 against 2.0 ms a 1920x1080 frame for the same
/// instructions at two addresses.)
pub fn texture_copy(texture: &CopiedTexture, frame: &mut Frame) {
    let texels = &*texture.0;
    let w = frame.width() as usize;
    for (y, row) in frame.pixels_mut().chunks_exact_mut(w).enumerate() {
        let (mut u, mut v) = (0u32, (y as u32) << 15);
        let (du, dv) = (0xE000 + (y as u32 & 0xFF), 0x1000);
        for px in row {
            let (x, y) = ((u >> 16) as usize, (v >> 16) as usize);
            *px = texels[(TEX * y + x) & (TEX * TEX - 1)];
            u = u.wrapping_add(du);
            v = v.wrapping_add(dv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilecaster::geom::Vec2;
    use tilecaster::level::load_with_textures;
    use tilecaster::render::{ClosedDoors, RenderAssets, Renderer};

    /// The tutorial's renderer draws the scene the renderer draws: from several poses on
    /// lodev's map, most pixels are near the renderer's (they sample a little differently:
    /// the tutorial's floor in `f32`, its walls' rows rounded its own way, and it darkens the
    /// other faces), and fewer are when the tutorial looks elsewhere.
    #[test]
    fn the_tutorial_draws_the_same_scene() {
        let loaded = load_with_textures(std::path::Path::new("levels/lodev.toml"), None).unwrap();
        let level = &loaded.level;
        let assets = RenderAssets::new(level, &loaded.textures);
        let (w, h) = (320, 200);
        let near = |a: &Frame, b: &Frame| {
            let close = a
                .rgba()
                .chunks_exact(4)
                .zip(b.rgba().chunks_exact(4))
                .filter(|(p, q)| {
                    // Alike, or one the other darkened by half: the tutorial darkens the faces
                    // across y, tilecaster those across x.
                    let alike = |p: &[u8], q: &[u8], k: u8| {
                        p.iter()
                            .zip(q)
                            .take(3)
                            .all(|(x, y)| x.abs_diff(*y / k) <= 40)
                    };
                    alike(p, q, 1) || alike(p, q, 2) || alike(q, p, 2)
                })
                .count();
            close as f64 / f64::from(w * h)
        };
        for (x, y, angle) in [(22.5, 11.5, 180.0), (22.5, 11.5, 90.0), (3.5, 20.5, 10.0)] {
            let camera = Camera::new(Vec2::new(x, y), angle, Camera::DEFAULT_FOV);
            let tutorial = Tutorial::new(level, &loaded.textures, camera.pos).unwrap();
            let mut ours = Frame::new(w, h).unwrap();
            Renderer::new().render(level, &assets, &ClosedDoors, &[], &camera, &mut ours);
            let mut theirs = Frame::new(w, h).unwrap();
            tutorial.render(level, &camera, &mut theirs);
            let share = near(&ours, &theirs);
            assert!(share > 0.85, "{x},{y} at {angle}: {share}");
            // Turned away, the same test fails: it tells the pictures apart.
            let away = Camera::new(camera.pos, angle + 90.0, Camera::DEFAULT_FOV);
            tutorial.render(level, &away, &mut theirs);
            assert!(near(&ours, &theirs) < share, "{x},{y} at {angle}");
        }
    }
}
