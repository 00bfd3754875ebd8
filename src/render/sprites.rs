//! Billboard sprites: projected once per frame, drawn in the row pass against the depth of the
//! nearest opaque thing at each pixel.

use super::assets::RenderAssets;
use super::camera::Camera;
use crate::math::Vec2;
use crate::texture::{SpriteSheet, Texture};

/// At most this many sprites are drawn on one row (the nearest win).
pub(crate) const MAX_SPRITES_PER_ROW: usize = 64;

/// A thing drawn as a billboard standing on the floor, one tile tall.
#[derive(Clone, Copy, Debug)]
pub struct SpriteInstance<'a> {
    /// Where it stands, world units.
    pub position: Vec2,
    /// Its frames.
    pub sheet: &'a SpriteSheet,
    /// The sheet row (an enemy's pose).
    pub row: u32,
    /// Which way it faces, degrees from east towards south: picks the sheet column (one per 45
    /// degrees of the angle between its facing and the direction to the viewer). `None`: column 0.
    pub facing: Option<f64>,
}

impl<'a> SpriteInstance<'a> {
    /// A pickup lying on the floor; `None` when its sprite is not loaded.
    pub fn pickup(
        p: &crate::level::PickupSpawn,
        textures: &'a crate::texture::TextureSet,
    ) -> Option<SpriteInstance<'a>> {
        let sheet = textures.sprite(crate::level::sprite_name(p.kind))?;
        Some(SpriteInstance {
            position: p.position,
            sheet,
            row: 0,
            facing: None,
        })
    }
}

/// A sprite projected for this frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpriteDraw {
    index: usize,
    column: u32,
    pub depth: f32,
    x0: i32,
    x1: i32,
    pub y0: i32,
    pub y1: i32,
    left: f32,
    top: f32,
    per_x: f32,
    per_y: f32,
    fog: super::assets::FogBlend,
    /// The light where it stands ([`crate::lighting::NEUTRAL`] unlit).
    light: u32,
}

impl SpriteDraw {
    /// Projects a sprite; `None` when it is behind the camera or off screen.
    pub fn project(
        index: usize,
        s: &SpriteInstance,
        camera: &Camera,
        (width, height): (u32, u32),
        assets: &RenderAssets,
        lights: Option<&crate::lighting::Lighting>,
    ) -> Option<SpriteDraw> {
        let rel = s.position - camera.pos;
        let (across, depth) = camera.to_view(s.position)?;
        if depth.is_nan() || depth <= 0.05 {
            return None;
        }
        let (w, h) = (width as f64, height as f64);
        let centre = w / 2.0 * (1.0 + across / depth);
        // One tile: as tall as a wall at this depth, and as wide as a tile is across the view.
        let tall = h / depth;
        let wide = w / 2.0 / (camera.plane.length() * depth);
        let (left, top) = (centre - wide / 2.0, (h - tall) / 2.0);
        let edge = |v: f64, max: f64| (v - 0.5).ceil().clamp(0.0, max) as i32;
        let (x0, x1, y0, y1) = (
            edge(left, w),
            edge(left + wide, w),
            edge(top, h),
            edge(top + tall, h),
        );
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        let column = match s.facing {
            Some(facing) if s.sheet.columns() == 8 => {
                let to_viewer = (-rel.y).atan2(-rel.x).to_degrees();
                (((to_viewer - facing).rem_euclid(360.0) / 45.0).round() as u32) % 8
            }
            _ => 0,
        };
        let size = f64::from(s.sheet.frame_size());
        Some(SpriteDraw {
            index,
            column,
            depth: depth as f32,
            x0,
            x1,
            y0,
            y1,
            left: left as f32,
            top: top as f32,
            per_x: (size / wide) as f32,
            per_y: (size / tall) as f32,
            fog: assets.fog.at(assets.fog.weight(depth as f32)),
            light: lights.map_or(crate::lighting::NEUTRAL, |l| l.factor_at(s.position)),
        })
    }

    /// The sprite's frame.
    #[inline]
    pub fn frame<'a>(&self, sprites: &'a [SpriteInstance]) -> &'a Texture {
        let s = &sprites[self.index];
        s.sheet.frame(self.column, s.row)
    }

    /// Narrows the columns drawn to those from the first to the last where the wall stands
    /// farther than the sprite (`wall_at(x)`, the depth of column `x`'s wall): a column whose
    /// wall is no farther hides the sprite whole, whatever the row (its masked layers stand
    /// nearer still). False where no column is left: the sprite is not drawn at all. (A sprite
    /// behind a wall was tested pixel by pixel, every row it spans: most of the overlays'
    /// time in a level with its treasure and guards behind the walls in view.)
    pub fn narrow_to_seen(&mut self, wall_at: impl Fn(usize) -> f32) -> bool {
        let seen = |x: &i32| self.depth < wall_at(*x as usize);
        let Some(first) = (self.x0..self.x1).find(seen) else {
            return false;
        };
        let last = (first..self.x1).rev().find(seen).unwrap_or(first);
        (self.x0, self.x1) = (first, last + 1);
        true
    }

    /// The screen columns it covers.
    #[cfg(test)]
    pub fn columns(&self) -> std::ops::Range<i32> {
        self.x0..self.x1
    }

    /// The screen columns that may show row `row` of its frame: its columns narrowed to those
    /// over the row's opaque texels ([`Texture::opaque_span`]), a column wider each side for
    /// rounding (every pixel is still tested). Most of a figure's frame is see-through.
    #[inline]
    pub fn columns_on(&self, frame: &Texture, row: u32) -> std::ops::Range<i32> {
        let (first, end) = frame.opaque_span(row);
        if first >= end {
            return self.x0..self.x0;
        }
        // Column x shows texel column (x + 0.5 - left) * per_x (rounded down).
        let x = |tx: u32| tx as f32 / self.per_x + self.left - 0.5;
        let from = (x(first).floor() as i32 - 1).max(self.x0);
        let to = (x(end).ceil() as i32 + 1).min(self.x1);
        from..to.max(from)
    }

    /// How far away it stands, along the view direction.
    #[inline]
    pub fn depth(&self) -> f32 {
        self.depth
    }

    /// The row of its frame (`frame`) that screen row `y` shows.
    #[inline]
    pub fn texel_row(&self, frame: &Texture, y: i32) -> u32 {
        (((y as f32 + 0.5 - self.top) * self.per_y) as u32).min(frame.size() - 1)
    }

    /// The texel at screen column `x` on row `row` of its frame ([`SpriteDraw::texel_row`]),
    /// lit and fogged, if opaque and `x` one of its columns.
    #[inline]
    pub fn texel(&self, frame: &Texture, x: i32, row: u32) -> Option<u32> {
        if x < self.x0 || x >= self.x1 {
            return None;
        }
        let tx = ((x as f32 + 0.5 - self.left) * self.per_x) as u32;
        let t = frame.texel(tx.min(frame.size() - 1), row);
        crate::texture::is_opaque(t).then(|| self.fog.blend(crate::lighting::apply(self.light, t)))
    }
}

/// Projects the sprites and sorts them far to near (ties: input order), into `out`.
pub(crate) fn project_all(
    sprites: &[SpriteInstance],
    camera: &Camera,
    width: u32,
    height: u32,
    assets: &RenderAssets,
    lights: Option<&crate::lighting::Lighting>,
    out: &mut Vec<SpriteDraw>,
) {
    out.clear();
    // Room for every sprite, seen or not: a frame that sees more of them than the frames
    // before it allocates nothing (the buffer grows only with the sprites handed in).
    out.reserve(sprites.len());
    out.extend(
        sprites.iter().enumerate().filter_map(|(i, s)| {
            SpriteDraw::project(i, s, camera, (width, height), assets, lights)
        }),
    );
    // The input order breaks ties, so the order is total and an unstable sort (which needs no
    // scratch buffer, where the stable one allocates for a long list) gives the same result.
    out.sort_unstable_by(|a, b| b.depth.total_cmp(&a.depth).then(a.index.cmp(&b.index)));
}

/// Rows of an enemy sheet (see `examples/make_textures/sprites.rs`): four walking frames, aim,
/// fire, pain, four dying frames, dead.
pub mod pose {
    /// Walking, first of four frames.
    pub const WALK: u32 = 0;
    /// Standing still (the second walking frame, legs together).
    pub const STAND: u32 = 1;
    /// Aiming.
    pub const AIM: u32 = 4;
    /// Firing.
    pub const FIRE: u32 = 5;
    /// Hurt.
    pub const PAIN: u32 = 6;
    /// Dying, first of four frames.
    pub const DIE: u32 = 7;
    /// Dead.
    pub const DEAD: u32 = 11;
}

/// The level's decorations (lamps, barrels, tables, ...), which never move. Those whose sprite
/// is not loaded are left out.
pub fn decoration_sprites<'l, 'a>(
    level: &'l crate::level::Level,
    textures: &'a crate::texture::TextureSet,
) -> impl Iterator<Item = SpriteInstance<'a>> + use<'l, 'a> {
    level.decorations.iter().filter_map(|d| {
        Some(SpriteInstance {
            position: d.position,
            sheet: textures.sprite(d.kind.name)?,
            row: 0,
            facing: None,
        })
    })
}

/// The level's things as they stand at its start: its decorations, enemies standing at their
/// spawn facing, and pickups. Things whose sprite is not loaded are left out.
pub fn level_sprites<'a>(
    level: &crate::level::Level,
    textures: &'a crate::texture::TextureSet,
) -> Vec<SpriteInstance<'a>> {
    let decorations = decoration_sprites(level, textures);
    let enemies = level.enemies.iter().filter_map(|e| {
        let sheet = textures.sprite(level.sprite_of(&e.kind))?;
        Some(SpriteInstance {
            position: e.at.position,
            sheet,
            row: pose::STAND,
            facing: Some(e.at.facing),
        })
    });
    let pickups = level
        .pickups
        .iter()
        .filter_map(|p| SpriteInstance::pickup(p, textures));
    decorations.chain(enemies).chain(pickups).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sprite 2 tiles away over columns 10 to 19.
    fn draw() -> SpriteDraw {
        SpriteDraw {
            index: 0,
            column: 0,
            depth: 2.0,
            x0: 10,
            x1: 20,
            y0: 0,
            y1: 10,
            left: 10.0,
            top: 0.0,
            per_x: 1.0,
            per_y: 1.0,
            fog: super::super::assets::FogBlend::default(),
            light: crate::lighting::NEUTRAL,
        }
    }

    #[test]
    fn a_sprite_is_narrowed_to_the_columns_where_the_walls_stand_behind_it() {
        // Walls nearer than the sprite at its edges (columns 10-12 and 18-19) and in its
        // middle (15): drawn from 13 to 17, the middle column left to the pixels' test.
        let walls = |x: usize| match x {
            10..=12 | 15 | 18.. => 1.5,
            _ => 5.0,
        };
        let mut d = draw();
        assert!(d.narrow_to_seen(walls));
        assert_eq!(d.columns(), 13..18);
        // A wall as near as the sprite hides it; behind a wall everywhere, it is not drawn.
        let mut d = draw();
        assert!(d.narrow_to_seen(|x| if x == 19 { 2.5 } else { 2.0 }));
        assert_eq!(d.columns(), 19..20);
        assert!(!draw().narrow_to_seen(|_| 1.0));
    }

    #[test]
    fn every_column_that_shows_a_texel_of_a_row_is_among_the_rows_columns() {
        // A 16 x 16 frame: a diamond (each row opaque over a span of its own), one empty row.
        let size = 16u32;
        let mut rgba = vec![0u8; (size * size * 4) as usize];
        for y in 0..size {
            let half = if y == 3 { 0 } else { 8 - (y as i32 - 8).abs() };
            for x in 0..size {
                let inside = (x as i32 - 8).abs() < half;
                let alpha = if inside { 255 } else { 40 };
                rgba[((y * size + x) * 4) as usize..][..4].copy_from_slice(&[200, 100, 50, alpha]);
            }
        }
        let frame = Texture::from_rgba(size, &rgba, None);
        assert_eq!(frame.opaque_span(3), (0, 0));
        assert_eq!(frame.opaque_span(8), (1, 16));
        let mut narrowed = 0;
        // Drawn from 3 to 300 columns wide, at a fraction of a column off.
        for wide in [3.0f32, 7.5, 16.0, 23.3, 64.0, 300.0] {
            for shift in [0.0f32, 0.25, 0.5, 0.99] {
                let mut d = draw();
                d.left = 10.0 + shift;
                d.per_x = size as f32 / wide;
                d.x0 = d.left.floor() as i32;
                d.x1 = (d.left + wide).ceil() as i32;
                for row in 0..size {
                    let columns = d.columns_on(&frame, row);
                    for x in d.columns() {
                        if d.texel(&frame, x, row).is_some() {
                            assert!(columns.contains(&x), "{wide} {shift} row {row}: {x}");
                        }
                    }
                    narrowed += d.columns().len() - columns.len();
                }
            }
        }
        assert!(narrowed > 0);
    }
}
