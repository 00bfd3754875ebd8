//! Textures: PNG loading, column-major storage, alpha masks, dark variants.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest texture side accepted, in pixels.
pub const MAX_TEXTURE_SIDE: u32 = 1024;

/// The longest side of a sprite sheet, pixels (8 frames of 1024 across).
pub const MAX_SHEET_SIDE: u32 = 8192;
/// The largest PNG file read, in bytes (a 1024x1024 RGBA image is 4 MiB raw).
pub const MAX_TEXTURE_FILE_BYTES: u64 = 32 << 20;

/// A square, power-of-two texture stored column-major: texel `(x, y)` is at `x * size + y`, so a
/// wall column is contiguous. Texels are RGBA8 packed as `u32::from_le_bytes([r, g, b, a])`.
///
/// An opaque texture also keeps its mipmaps: each level half the side of the one before, down
/// to 1x1, every texel the average of the four below it (in linear light, so distant walls
/// keep their brightness). The renderer draws a far surface from a smaller level, sampled
/// nearest-texel like the full one, so it stays sharp but stops sparkling. A texture with
/// holes (masked walls, sprites) has only its full level: averaging would blur its holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Texture {
    /// Level 0 (the full size) first, then each mipmap level.
    levels: Vec<Mip>,
    has_holes: bool,
}

/// One level of a [`Texture`]: a square, power-of-two grid stored column-major, light and dark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mip {
    size: u32,
    shift: u32,
    texels: Vec<u32>,
    dark: Vec<u32>,
}

impl Mip {
    /// Side length in texels (a power of two).
    #[inline]
    pub fn size(&self) -> u32 {
        self.size
    }

    /// log2 of the side: `x << shift() | y` indexes a texel.
    #[inline]
    pub fn shift(&self) -> u32 {
        self.shift
    }

    /// Column `x` (top to bottom, wrapping), light or dark variant.
    #[inline]
    pub fn column(&self, x: u32, dark: bool) -> &[u32] {
        let start = ((x & (self.size - 1)) << self.shift) as usize;
        let texels = if dark { &self.dark } else { &self.texels };
        &texels[start..start + self.size as usize]
    }

    /// The texel at `(x, y)` (wrapping).
    #[inline]
    pub fn texel(&self, x: u32, y: u32) -> u32 {
        let mask = self.size - 1;
        self.texels[(((x & mask) << self.shift) | (y & mask)) as usize]
    }

    /// Every texel, column by column: texel `(x, y)` at `x << shift() | y`.
    #[inline]
    pub(crate) fn texels(&self) -> &[u32] {
        &self.texels
    }

    /// The next level: half the side, each texel the average of four.
    fn halved(&self) -> Mip {
        let size = self.size / 2;
        let half = |texels: &[u32]| {
            let mut out = vec![0u32; (size * size) as usize];
            for x in 0..size {
                for y in 0..size {
                    let at = |dx: u32, dy: u32| {
                        texels[(((2 * x + dx) << self.shift) | (2 * y + dy)) as usize]
                    };
                    out[((x << (self.shift - 1)) | y) as usize] =
                        average4([at(0, 0), at(1, 0), at(0, 1), at(1, 1)]);
                }
            }
            out
        };
        Mip {
            size,
            shift: self.shift - 1,
            texels: half(&self.texels),
            dark: half(&self.dark),
        }
    }
}

/// The average of four packed texels: colour in linear light (sRGB decoded, averaged, encoded
/// again, so a checkerboard of black and white becomes the grey that looks as bright), alpha
/// as it is.
fn average4(texels: [u32; 4]) -> u32 {
    let table = linear_table();
    let mut out = [0u8; 4];
    for (channel, out) in out.iter_mut().take(3).enumerate() {
        let sum: f32 = texels
            .iter()
            .map(|t| table[(t >> (8 * channel) & 0xFF) as usize])
            .sum();
        *out = encode_srgb(sum / 4.0);
    }
    let alpha: u32 = texels.iter().map(|t| t >> 24).sum();
    out[3] = alpha.div_ceil(4).min(255) as u8;
    u32::from_le_bytes(out)
}

/// sRGB byte to linear light, 0 to 1.
fn linear_table() -> &'static [f32; 256] {
    static TABLE: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let c = i as f32 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
    })
}

/// Linear light, 0 to 1, to the nearest sRGB byte.
fn encode_srgb(linear: f32) -> u8 {
    let c = if linear <= 0.003_130_8 {
        linear * 12.92
    } else {
        1.055 * linear.powf(1.0 / 2.4) - 0.055
    };
    (c * 255.0).round().clamp(0.0, 255.0) as u8
}

impl Texture {
    /// A texture from row-major RGBA8 pixels of a square, power-of-two image (`dark`, if given,
    /// the same size); without `dark`, the dark variant is the image darkened. The mipmaps of
    /// an opaque texture are built here, so every texture loaded (or reloaded) has them.
    pub fn from_rgba(size: u32, rgba: &[u8], dark: Option<&[u8]>) -> Texture {
        assert!(size.is_power_of_two() && rgba.len() == (size * size * 4) as usize);
        let column_major = |pixels: &[u8], shade: fn([u8; 4]) -> [u8; 4]| {
            let mut out = vec![0u32; (size * size) as usize];
            for (i, px) in pixels.chunks_exact(4).enumerate() {
                let (x, y) = (i as u32 % size, i as u32 / size);
                out[(x * size + y) as usize] =
                    u32::from_le_bytes(shade([px[0], px[1], px[2], px[3]]));
            }
            out
        };
        let texels = column_major(rgba, |p| p);
        let dark = match dark {
            Some(d) => column_major(d, |p| p),
            None => column_major(rgba, darken),
        };
        let has_holes = texels.iter().any(|&t| !is_opaque(t));
        let mut levels = vec![Mip {
            size,
            shift: size.trailing_zeros(),
            texels,
            dark,
        }];
        while !has_holes && levels[levels.len() - 1].size > 1 {
            let next = levels[levels.len() - 1].halved();
            levels.push(next);
        }
        Texture { levels, has_holes }
    }

    /// Side length in texels (a power of two).
    pub fn size(&self) -> u32 {
        self.levels[0].size
    }

    /// log2 of the side: `x << shift() | y` indexes a texel.
    pub fn shift(&self) -> u32 {
        self.levels[0].shift
    }

    /// How many levels it has: 1 (the full size only, for a texture with holes), or one per
    /// halving down to 1x1.
    pub fn mip_count(&self) -> u32 {
        self.levels.len() as u32
    }

    /// Level `level` (0 the full size), or the smallest there is for a larger `level`.
    #[inline]
    pub fn mip(&self, level: u32) -> &Mip {
        &self.levels[(level as usize).min(self.levels.len() - 1)]
    }

    /// Column `x` of the full size (top to bottom), light or dark variant.
    #[inline]
    pub fn column(&self, x: u32, dark: bool) -> &[u32] {
        self.levels[0].column(x, dark)
    }

    /// The texel at `(x, y)` (wrapping) of the full size.
    #[inline]
    pub fn texel(&self, x: u32, y: u32) -> u32 {
        self.levels[0].texel(x, y)
    }

    /// Whether any texel is see-through (alpha below one half): a masked wall or a sprite.
    pub fn has_holes(&self) -> bool {
        self.has_holes
    }

    /// Whether the texture is solid at wall coordinates `u`, `v` in `[0, 1)` (alpha at least
    /// one half): the per-texel solidity of masked walls.
    pub fn is_solid_at(&self, u: f64, v: f64) -> bool {
        let scale = self.size() as f64;
        let x = ((u * scale) as u32).min(self.size() - 1);
        let y = ((v * scale) as u32).min(self.size() - 1);
        is_opaque(self.texel(x, y))
    }
}

/// The mipmap level for a footprint of `texels` full-size texels per pixel: the level whose
/// texels are nearest one per pixel (log2 rounded to the nearest level), 0 up close. Exact for
/// every footprint (the level is read off the float's exponent; no `log2` or `floor` call).
///
/// ```
/// use tilecaster::texture::mip_level;
/// assert_eq!(mip_level(0.5), 0);
/// assert_eq!(mip_level(1.4), 0);
/// assert_eq!(mip_level(1.5), 1); // nearer 2 texels than 1 (on a log scale)
/// assert_eq!(mip_level(4.0), 2);
/// assert_eq!(mip_level(f64::INFINITY), 31);
/// ```
#[inline]
pub fn mip_level(texels: f64) -> u32 {
    // log2(texels) + 1/2, rounded down: the exponent of texels * sqrt(2).
    let scaled = texels * std::f64::consts::SQRT_2;
    if scaled.is_nan() || scaled < 2.0 {
        return 0;
    }
    (((scaled.to_bits() >> 52) & 0x7FF) as u32)
        .saturating_sub(1023)
        .min(31)
}

/// Whether a texel (packed as [`Texture`] stores them) is opaque: alpha at least one half. Below
/// that, masked walls are see-through and sprites cut out.
#[inline]
pub fn is_opaque(texel: u32) -> bool {
    texel >> 24 >= 128
}

/// The darker shade of a face lit from the side (about three quarters of the brightness).
fn darken([r, g, b, a]: [u8; 4]) -> [u8; 4] {
    let d = |c: u8| ((c as u32 * 3) / 4) as u8;
    [d(r), d(g), d(b), a]
}

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

/// Loads one PNG as a texture (with `NAME_dark.png` beside it as the dark variant, if present).
/// Images that are not square powers of two are resampled, with a notice.
pub fn load_texture(path: &Path) -> Result<(Texture, Vec<Notice>), TextureError> {
    let mut notices = Vec::new();
    let light = read_rgba(path, TEXTURES)?;
    let size = light
        .width()
        .max(light.height())
        .next_power_of_two()
        .min(MAX_TEXTURE_SIDE);
    let light = fit(light, size, path, &mut notices);
    let dark_path = dark_variant_path(path);
    let dark = if crate::files::exists(&dark_path) {
        Some(fit(
            read_rgba(&dark_path, TEXTURES)?,
            size,
            &dark_path,
            &mut notices,
        ))
    } else {
        None
    };
    let texture = Texture::from_rgba(
        size,
        light.as_raw(),
        dark.as_ref().map(|d| d.as_raw().as_slice()),
    );
    Ok((texture, notices))
}

/// `dir/NAME_dark.png` for `dir/NAME.png`.
fn dark_variant_path(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{stem}_dark.png"))
}

/// What an image is read as, and its longest side.
type ImageKind = (&'static str, u32);
const TEXTURES: ImageKind = ("textures", MAX_TEXTURE_SIDE);
const SHEETS: ImageKind = ("sprite sheets", MAX_SHEET_SIDE);
const PICTURES: ImageKind = ("HUD pictures", MAX_TEXTURE_SIDE);

/// Reads one PNG of any size up to [`MAX_TEXTURE_SIDE`] a side as RGBA8 (HUD art).
pub fn read_picture(path: &Path) -> Result<image::RgbaImage, TextureError> {
    read_rgba(path, PICTURES)
}

fn read_rgba(path: &Path, (what, most): ImageKind) -> Result<image::RgbaImage, TextureError> {
    let io = |source: std::io::Error| TextureError::Io {
        path: path.to_path_buf(),
        source,
    };
    let decode = |detail: String| TextureError::Decode {
        path: path.to_path_buf(),
        detail,
    };
    let limit = crate::files::Limit {
        bytes: MAX_TEXTURE_FILE_BYTES,
        ..crate::files::Limit::TEXTURE
    };
    let bytes = crate::files::read_bounded(path, limit).map_err(|e| match e {
        crate::files::FileError::Read { source, .. } => io(source),
        crate::files::FileError::NotAFile { what, .. } => {
            io(std::io::Error::other(format!("it is a {what}, not a file")))
        }
        other => decode(format!(
            "{}; the limit is {MAX_TEXTURE_FILE_BYTES} bytes",
            other
                .to_string()
                .trim_start_matches(&format!("{} ", path.display()))
        )),
    })?;
    // Only the chunks a texture needs are decoded: a compressed colour profile or text chunk
    // (iCCP, zTXt, iTXt) could inflate to gigabytes from a small file, and a texture has no
    // use for them.
    let bytes = essential_chunks(&bytes).unwrap_or(bytes);
    let reader =
        || image::ImageReader::with_format(std::io::Cursor::new(&bytes), image::ImageFormat::Png);
    // The header first: refuse absurd sizes before allocating for them.
    let (width, height) = reader()
        .into_dimensions()
        .map_err(|e| decode(e.to_string()))?;
    if width == 0 || height == 0 || width > most || height > most {
        return Err(TextureError::Size {
            path: path.to_path_buf(),
            width,
            height,
            what,
            most,
        });
    }
    // The decoder may hold the image, one more copy of it and a little besides (the
    // conversion to RGBA below makes its own).
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(2 * 4 * u64::from(width) * u64::from(height) + (16 << 20));
    let mut decoder = reader();
    decoder.limits(limits);
    let image = decoder.decode().map_err(|e| decode(e.to_string()))?;
    Ok(image.to_rgba8())
}

/// The PNG in `bytes` with only the chunks that make its pixels (IHDR, PLTE, tRNS, IDAT, IEND),
/// whatever the file's end looks like: a file cut short (no IEND, a chunk longer than what is
/// left) keeps the essential chunks before the cut, and the cut one if it is essential, so that
/// the decoder says what is wrong without ever inflating an ancillary chunk. `None` when it
/// does not start with PNG's signature (the decoder then says what it is not).
fn essential_chunks(bytes: &[u8]) -> Option<Vec<u8>> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    let essential = |kind: &[u8]| matches!(kind, b"IHDR" | b"PLTE" | b"tRNS" | b"IDAT" | b"IEND");
    let mut rest = bytes.strip_prefix(SIGNATURE)?;
    let mut out = SIGNATURE.to_vec();
    while rest.len() >= 8 {
        let length = u32::from_be_bytes(rest[..4].try_into().ok()?) as usize;
        let kind = &rest[4..8];
        let Some(chunk) = length.checked_add(12).and_then(|whole| rest.get(..whole)) else {
            // Cut short: the decoder reports the cut where the chunk matters.
            if essential(kind) {
                out.extend_from_slice(rest);
            }
            return Some(out);
        };
        if essential(kind) {
            out.extend_from_slice(chunk);
        }
        if kind == b"IEND" {
            return Some(out);
        }
        rest = &rest[chunk.len()..];
    }
    out.extend_from_slice(rest);
    Some(out)
}

/// The image at `size` x `size`, resampled (with a notice) if it is not already.
fn fit(
    image: image::RgbaImage,
    size: u32,
    path: &Path,
    notices: &mut Vec<Notice>,
) -> image::RgbaImage {
    if image.width() == size && image.height() == size {
        return image;
    }
    notices.push(Notice {
        path: path.to_path_buf(),
        message: format!(
            "{}x{} resampled to {size}x{size} (textures are square powers of two)",
            image.width(),
            image.height()
        ),
    });
    image::imageops::resize(&image, size, size, image::imageops::FilterType::Triangle)
}

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

/// Named textures, loaded once and shared.
#[derive(Clone, Debug, Default)]
pub struct TextureSet {
    textures: BTreeMap<String, Arc<Texture>>,
    sheets: BTreeMap<String, Arc<SpriteSheet>>,
}

impl TextureSet {
    /// An empty set.
    pub fn new() -> TextureSet {
        TextureSet::default()
    }

    /// The texture names in a folder: the stems of its `.png` files, `_dark` variants excluded.
    pub fn names_in(dir: &Path) -> std::io::Result<Vec<String>> {
        let mut names: Vec<String> = crate::files::list_folder(dir)?
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")))
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .filter(|stem| !stem.ends_with("_dark"))
            .collect();
        names.sort();
        Ok(names)
    }

    /// Loads `dir/NAME.png` unless it is loaded already.
    pub fn load(&mut self, dir: &Path, name: &str) -> Result<Vec<Notice>, TextureError> {
        if self.textures.contains_key(name) {
            return Ok(Vec::new());
        }
        let (texture, notices) = load_texture(&dir.join(format!("{name}.png")))?;
        self.textures.insert(name.to_string(), Arc::new(texture));
        Ok(notices)
    }

    /// A loaded texture.
    pub fn get(&self, name: &str) -> Option<&Arc<Texture>> {
        self.textures.get(name)
    }

    /// Loads the sprite sheet `dir/sprites/NAME.png` unless it is loaded already.
    pub fn load_sprite(&mut self, dir: &Path, name: &str) -> Result<(), TextureError> {
        if !self.sheets.contains_key(name) {
            let sheet = load_sprite_sheet(&dir.join("sprites").join(format!("{name}.png")))?;
            self.sheets.insert(name.to_string(), Arc::new(sheet));
        }
        Ok(())
    }

    /// A loaded sprite sheet.
    pub fn sprite(&self, name: &str) -> Option<&Arc<SpriteSheet>> {
        self.sheets.get(name)
    }

    /// How many are loaded.
    pub fn len(&self) -> usize {
        self.textures.len()
    }

    /// Whether none are loaded.
    pub fn is_empty(&self) -> bool {
        self.textures.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
