//! Sprite sheets: grids of square frames, each stored like a texture.

use super::png::{SHEETS, read_rgba};
use super::*;
use std::path::Path;

/// The side of the sprite frames made in code (the impact puffs), in pixels.
pub const SPRITE_FRAME: u32 = 64;

/// The sides a sprite frame may have: a power of two in this range.
pub const SPRITE_FRAME_SIDES: (u32, u32) = (8, 1024);

/// A sprite sheet: a grid of square frames (an enemy: 8 viewing angles across, poses down; a
/// pickup: one frame), each stored like a texture. Frames may be any power of two from 8 to
/// 1024 pixels a side, as walls may.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpriteSheet {
    columns: u32,
    rows: u32,
    frames: Vec<Texture>,
}

impl SpriteSheet {
    /// A sheet of `columns` x `rows` frames, row by row (`None` unless there are exactly that
    /// many, at least one). For sprites made in code (the impact puffs).
    pub fn from_frames(columns: u32, rows: u32, frames: Vec<Texture>) -> Option<SpriteSheet> {
        let count = columns.checked_mul(rows)? as usize;
        (count > 0 && frames.len() == count).then_some(SpriteSheet {
            columns,
            rows,
            frames,
        })
    }

    /// Frames across.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// Frames down.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The frames' side, in pixels.
    pub fn frame_size(&self) -> u32 {
        self.frames[0].size()
    }

    /// This sheet with every pixel's RGBA bytes passed through `recolour` (a player's uniform
    /// in a seat's colour).
    pub fn recoloured(&self, recolour: impl Fn([u8; 4]) -> [u8; 4]) -> SpriteSheet {
        let frames = self
            .frames
            .iter()
            .map(|frame| {
                let size = frame.size();
                let mut rgba = Vec::with_capacity((size * size * 4) as usize);
                for y in 0..size {
                    for x in 0..size {
                        rgba.extend(recolour(frame.texel(x, y).to_le_bytes()));
                    }
                }
                Texture::from_rgba(size, &rgba, None)
            })
            .collect();
        SpriteSheet {
            columns: self.columns,
            rows: self.rows,
            frames,
        }
    }

    /// The frame in `column`, `row` (clamped to the sheet).
    pub fn frame(&self, column: u32, row: u32) -> &Texture {
        let (c, r) = (column.min(self.columns - 1), row.min(self.rows - 1));
        &self.frames[(r * self.columns + c) as usize]
    }
}

/// The frame side of a sheet `w` x `h` pixels: a square sheet is one frame; any other is 8
/// frames across (an enemy's viewing angles) and whole frames down. `None` unless the side is
/// a power of two within [`SPRITE_FRAME_SIDES`] and the sheet a whole grid of it.
///
/// ```
/// use tilecaster::texture::sprite_frame_side;
/// assert_eq!(sprite_frame_side(64, 64), Some(64));
/// assert_eq!(sprite_frame_side(512, 768), Some(64));
/// assert_eq!(sprite_frame_side(1024, 1536), Some(128));
/// assert_eq!(sprite_frame_side(480, 720), None, "60-pixel frames");
/// assert_eq!(sprite_frame_side(512, 700), None, "not whole rows");
/// ```
pub fn sprite_frame_side(w: u32, h: u32) -> Option<u32> {
    let side = if w == h { w } else { w / 8 };
    let (lo, hi) = SPRITE_FRAME_SIDES;
    let fits = side.is_power_of_two()
        && (lo..=hi).contains(&side)
        && (w == h || w == side * 8)
        && h.is_multiple_of(side);
    fits.then_some(side)
}

/// Loads a sprite sheet: a PNG of square frames, one (a square sheet) or 8 across, each a
/// power of two from 8 to 1024 pixels a side ([`sprite_frame_side`]).
pub fn load_sprite_sheet(path: &Path) -> Result<SpriteSheet, TextureError> {
    let image = read_rgba(path, SHEETS)?;
    let (w, h) = (image.width(), image.height());
    let Some(side) = sprite_frame_side(w, h) else {
        return Err(TextureError::Decode {
            path: path.to_path_buf(),
            detail: format!(
                "a sprite sheet of {w}x{h}: a sheet is one square frame, or 8 frames across and whole frames down, each a power of two from {} to {} pixels a side",
                SPRITE_FRAME_SIDES.0, SPRITE_FRAME_SIDES.1
            ),
        });
    };
    let (columns, rows) = (w / side, h / side);
    let frames = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (c, r)))
        .map(|(c, r)| {
            let frame =
                image::imageops::crop_imm(&image, c * side, r * side, side, side).to_image();
            Texture::from_rgba(side, frame.as_raw(), None)
        })
        .collect();
    Ok(SpriteSheet {
        columns,
        rows,
        frames,
    })
}
