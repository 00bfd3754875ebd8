//! Frame: an RGBA8 buffer and its size; PNG output. Beside it the one colour type
//! ([`Colour`]) and the one small drawing module over frames (`draw`: rectangles, lines,
//! discs, text in a bitmap font, blending), which the HUD, the profiler and the top-down map
//! share; it is public with the `game` feature, and the engine's own without it.

mod colour;
#[cfg(feature = "game")]
pub mod draw;
#[cfg(not(feature = "game"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod draw;

pub use colour::Colour;

use std::path::Path;

/// An image the renderers draw into: rows top to bottom, pixels RGBA8 (4 bytes each). The
/// window shows it as it is; [`Frame::save_png`] writes it.
///
/// The pixels are stored as `u32` words packed like texels (`u32::from_le_bytes([r, g, b,
/// a])`), so a renderer writes a pixel with one store; [`Frame::rgba`] views the same memory
/// as bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    width: u32,
    height: u32,
    pixels: Vec<u32>,
}

// A packed word's bytes in memory are [r, g, b, a] only on little-endian targets.
#[cfg(target_endian = "big")]
compile_error!(
    "tilecaster's frames and textures pack RGBA8 little-endian; big-endian targets are not supported"
);

/// The largest frame side accepted.
pub const MAX_FRAME_SIDE: u32 = 16384;

/// A frame that could not be made or saved.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// Zero-sized or beyond [`MAX_FRAME_SIDE`].
    #[error("a frame of {0}x{1} pixels: sides must be between 1 and {MAX_FRAME_SIDE}")]
    Size(u32, u32),
    /// The output exists and overwriting was not asked for.
    #[error("{0} exists: pass --force to overwrite it")]
    Exists(String),
    /// Writing failed.
    #[error("cannot write {path}: {detail}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        detail: String,
    },
}

impl Frame {
    /// A black frame.
    pub fn new(width: u32, height: u32) -> Result<Frame, FrameError> {
        if width == 0 || height == 0 || width > MAX_FRAME_SIDE || height > MAX_FRAME_SIDE {
            return Err(FrameError::Size(width, height));
        }
        Ok(Frame {
            width,
            height,
            pixels: vec![0; width as usize * height as usize],
        })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, RGBA8, row by row.
    pub fn rgba(&self) -> &[u8] {
        bytemuck::cast_slice(&self.pixels)
    }

    /// The pixels, mutable.
    pub fn rgba_mut(&mut self) -> &mut [u8] {
        bytemuck::cast_slice_mut(&mut self.pixels)
    }

    /// The pixels row by row, one packed word each (`u32::from_le_bytes([r, g, b, a])`, as
    /// textures store texels).
    pub fn pixels_mut(&mut self) -> &mut [u32] {
        &mut self.pixels
    }

    /// The pixel at `(x, y)` as `[r, g, b, a]`.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        self.pixels[y as usize * self.width as usize + x as usize].to_le_bytes()
    }

    /// The pixel at `(x, y)` as a colour.
    pub fn colour(&self, x: u32, y: u32) -> Colour {
        Colour::from_packed(self.pixels[y as usize * self.width as usize + x as usize])
    }

    /// Fills the frame with one colour (the baseline every frame time is compared with).
    pub fn fill(&mut self, rgba: [u8; 4]) {
        if rgba.iter().all(|&b| b == rgba[0]) {
            self.rgba_mut().fill(rgba[0]);
        } else {
            self.pixels.fill(u32::from_le_bytes(rgba));
        }
    }

    /// The frame as the bytes of a PNG file (RGBA8).
    pub fn png_bytes(&self) -> Result<Vec<u8>, FrameError> {
        self.encode_png().map_err(|detail| FrameError::Write {
            path: "a PNG in memory".into(),
            detail,
        })
    }

    fn encode_png(&self) -> Result<Vec<u8>, String> {
        let mut png = Vec::new();
        image::ImageEncoder::write_image(
            image::codecs::png::PngEncoder::new(&mut png),
            self.rgba(),
            self.width,
            self.height,
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|e| e.to_string())?;
        Ok(png)
    }

    /// Writes a PNG through a temporary name; refuses to replace a file unless `overwrite`.
    pub fn save_png(&self, path: &Path, overwrite: bool) -> Result<(), FrameError> {
        let shown = path.display().to_string();
        if path.exists() && !overwrite {
            return Err(FrameError::Exists(shown));
        }
        let write = |detail: String| FrameError::Write {
            path: shown.clone(),
            detail,
        };
        let png = self.encode_png().map_err(write)?;
        crate::files::write_new(path, &png, overwrite).map_err(|e| match e {
            crate::files::FileError::Exists(_) => FrameError::Exists(shown.clone()),
            crate::files::FileError::Write { source, .. } => write(source.to_string()),
            other => write(other.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Frame::new(0, 10).is_err());
        assert!(Frame::new(16385, 1).is_err());
        assert_eq!(Frame::new(16384, 1).unwrap().rgba().len(), 16384 * 4);
    }

    #[test]
    fn save_refuses_to_overwrite_unasked() {
        let path =
            std::env::temp_dir().join(format!("tilecaster-frame-{}.png", std::process::id()));
        let mut f = Frame::new(3, 2).unwrap();
        f.fill([10, 20, 30, 255]);
        f.save_png(&path, false).unwrap();
        assert!(matches!(
            f.save_png(&path, false),
            Err(FrameError::Exists(_))
        ));
        f.save_png(&path, true).unwrap();
        let back = image::open(&path).unwrap().to_rgba8();
        assert_eq!(back.get_pixel(2, 1).0, [10, 20, 30, 255]);
        std::fs::remove_file(path).unwrap();
    }
}
