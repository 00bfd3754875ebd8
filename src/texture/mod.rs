//! Textures: PNG loading, column-major storage, alpha masks, dark variants.

mod png;
mod set;
mod sheet;
mod storage;

pub use png::{dark_variant_path, load_texture, read_picture};
pub use set::TextureSet;
pub use sheet::{
    SPRITE_FRAME, SPRITE_FRAME_SIDES, SpriteSheet, load_sprite_sheet, sprite_frame_side,
};
pub use storage::{Mip, Texture, is_opaque, mip_level};

use std::path::PathBuf;

/// The largest texture side accepted, in pixels.
pub const MAX_TEXTURE_SIDE: u32 = 1024;

/// The longest side of a sprite sheet, pixels (8 frames of 1024 across).
pub const MAX_SHEET_SIDE: u32 = 8192;
/// The largest PNG file read, in bytes (a 1024x1024 RGBA image is 4 MiB raw).
pub const MAX_TEXTURE_FILE_BYTES: u64 = 32 << 20;

/// Something worth telling the user that is not an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The file it concerns.
    pub path: PathBuf,
    /// What happened.
    pub message: String,
}

/// A texture that could not be loaded. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum TextureError {
    /// Missing or unreadable.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not a PNG, or a broken one.
    #[error("{}: not a valid PNG image ({detail})", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// The decoder's words.
        detail: String,
    },
    /// Zero-sized or beyond [`MAX_TEXTURE_SIDE`] (sprite sheets: [`MAX_SHEET_SIDE`]).
    #[error("{}: the image is {width}x{height}; {what} must be between 1x1 and {most}x{most}", path.display())]
    Size {
        /// The file.
        path: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// What it is ("textures", "sprite sheets").
        what: &'static str,
        /// The longest side allowed.
        most: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::png::essential_chunks;
    use super::*;
    use std::path::Path;

    /// Every level halves the side down to 1x1; each texel is the linear-light average of the
    /// four below it, light and dark variants alike; a texture with holes has no mipmaps.
    #[test]
    fn mipmaps_halve_down_to_one_texel_in_linear_light() {
        // A black and white checkerboard of single texels, 8x8, red in the dark variant.
        let rgba: Vec<u8> = (0..64u32)
            .flat_map(|i| {
                let white = (i % 8 + i / 8) % 2 == 0;
                let c = if white { 255 } else { 0 };
                [c, c, c, 255]
            })
            .collect();
        let dark: Vec<u8> = (0..64).flat_map(|_| [200u8, 0, 0, 255]).collect();
        let t = Texture::from_rgba(8, &rgba, Some(&dark));
        assert_eq!(t.mip_count(), 4);
        let sizes: Vec<u32> = (0..4).map(|l| t.mip(l).size()).collect();
        assert_eq!(sizes, [8, 4, 2, 1]);
        assert_eq!(t.mip(9).size(), 1, "past the last level: the last");
        // Half white in linear light is sRGB 188, not 128.
        for level in 1..4 {
            let mip = t.mip(level);
            for x in 0..mip.size() {
                assert_eq!(
                    mip.column(x, false).to_vec(),
                    vec![u32::from_le_bytes([188, 188, 188, 255]); mip.size() as usize]
                );
                assert_eq!(mip.column(x, true)[0], u32::from_le_bytes([200, 0, 0, 255]));
            }
        }
        assert_eq!(t.mip(0).column(0, false), t.column(0, false));
        // Holes: one transparent texel, and only the full size.
        let mut holed = rgba.clone();
        holed[3] = 0;
        let t = Texture::from_rgba(8, &holed, None);
        assert!(t.has_holes());
        assert_eq!(t.mip_count(), 1);
        assert_eq!(t.mip(3).size(), 8);
    }

    /// The level is log2 of the footprint rounded to the nearest, for every footprint.
    #[test]
    fn the_mip_level_rounds_log2_of_the_footprint() {
        for texels in [
            0.0f64, 1e-300, 0.3, 1.0, 1.41, 1.42, 2.0, 3.0, 5.0, 100.0, 1e6, 1e300,
        ] {
            let expected = if texels < 1.0 {
                0.0
            } else {
                texels.log2().round()
            };
            assert_eq!(mip_level(texels), expected.min(31.0) as u32, "{texels}");
        }
        assert_eq!(mip_level(f64::NAN), 0);
        assert_eq!(mip_level(-4.0), 0);
    }

    /// Ancillary chunks (here a compressed text chunk of garbage) are dropped before decoding;
    /// the pixels are the same.
    #[test]
    fn only_the_pixel_chunks_are_decoded() {
        let mut png = Vec::new();
        image::ImageEncoder::write_image(
            image::codecs::png::PngEncoder::new(&mut png),
            &[1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 0],
            2,
            2,
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
        // A zTXt chunk after IHDR (8 + 25 bytes): a keyword, then "compressed" garbage.
        let data = b"comment\0\0\xff\xff\xff\xff";
        let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
        chunk.extend_from_slice(b"zTXt");
        chunk.extend_from_slice(data);
        chunk.extend_from_slice(&[0, 0, 0, 0]);
        let mut with = png[..33].to_vec();
        with.extend_from_slice(&chunk);
        with.extend_from_slice(&png[33..]);
        let kept = essential_chunks(&with).unwrap();
        assert_eq!(kept, png, "the text chunk is gone, the rest as it was");
        assert_eq!(essential_chunks(b"not a png"), None);
        // Cut short (no IEND): the text chunk is dropped all the same, the cut left to the
        // decoder, which says so.
        let cut = &with[..with.len() - 12];
        let kept = essential_chunks(cut).unwrap();
        assert_eq!(
            kept,
            png[..png.len() - 12],
            "without the text chunk, to the cut"
        );
        assert_eq!(
            essential_chunks(&with[..45]).unwrap(),
            png[..33],
            "inside the text chunk"
        );
        let kept = essential_chunks(&with[..with.len() - 20]).unwrap();
        assert_eq!(
            kept,
            png[..png.len() - 20],
            "the cut IDAT kept, for the decoder"
        );
    }

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilecaster-tex-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn save(path: &Path, w: u32, h: u32, px: impl Fn(u32, u32) -> [u8; 4]) {
        image::RgbaImage::from_fn(w, h, |x, y| image::Rgba(px(x, y)))
            .save(path)
            .unwrap();
    }

    #[test]
    fn stored_column_major_with_dark_variant() {
        let dir = temp("colmajor");
        save(&dir.join("t.png"), 4, 4, |x, y| {
            [x as u8 * 10, y as u8 * 10, 200, 255]
        });
        let (t, notices) = load_texture(&dir.join("t.png")).unwrap();
        assert!(notices.is_empty());
        assert_eq!(
            t.column(2, false)[3].to_le_bytes(),
            [20, 30, 200, 255],
            "column 2, row 3"
        );
        assert_eq!(
            t.column(2, true)[3].to_le_bytes(),
            [15, 22, 150, 255],
            "darkened to 3/4"
        );
        assert!(!t.has_holes());
        save(&dir.join("t_dark.png"), 4, 4, |_, _| [1, 2, 3, 255]);
        let (t, _) = load_texture(&dir.join("t.png")).unwrap();
        assert_eq!(
            t.column(0, true)[0].to_le_bytes(),
            [1, 2, 3, 255],
            "the _dark file wins"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn other_sizes_are_resampled_with_a_notice() {
        let dir = temp("resample");
        save(&dir.join("odd.png"), 48, 20, |_, _| [9, 9, 9, 255]);
        let (t, notices) = load_texture(&dir.join("odd.png")).unwrap();
        assert_eq!(t.size(), 64);
        assert!(
            notices[0].message.contains("48x20 resampled to 64x64"),
            "{notices:?}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn alpha_makes_holes() {
        let dir = temp("alpha");
        save(&dir.join("grate.png"), 8, 8, |x, _| {
            [50, 50, 50, if x % 2 == 0 { 255 } else { 0 }]
        });
        let (t, _) = load_texture(&dir.join("grate.png")).unwrap();
        assert!(t.has_holes());
        assert!(t.is_solid_at(0.01, 0.5) && !t.is_solid_at(0.13, 0.5));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn bad_files_name_the_file() {
        let dir = temp("bad");
        std::fs::write(dir.join("junk.png"), b"not a png at all").unwrap();
        let err = load_texture(&dir.join("junk.png")).unwrap_err().to_string();
        assert!(err.contains("junk.png: not a valid PNG"), "{err}");
        let err = load_texture(&dir.join("missing.png"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("missing.png: cannot read"), "{err}");
        save(&dir.join("wide.png"), 2000, 1, |_, _| [0, 0, 0, 255]);
        let err = load_texture(&dir.join("wide.png")).unwrap_err().to_string();
        assert!(
            err.contains("2000x1; textures must be between 1x1 and 1024x1024"),
            "{err}"
        );
        std::fs::create_dir_all(dir.join("dir.png")).unwrap();
        assert!(load_texture(&dir.join("dir.png")).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
