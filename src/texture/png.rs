//! Reading PNG files as textures and pictures, within bounds on their size and on the memory
//! decoding them takes.

use super::*;
use std::path::{Path, PathBuf};

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

/// `dir/NAME_dark.png` for `dir/NAME.png`: the texture's dark side, loaded with it where it
/// exists.
pub fn dark_variant_path(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{stem}_dark.png"))
}

/// What an image is read as, and its longest side.
pub(super) type ImageKind = (&'static str, u32);
const TEXTURES: ImageKind = ("textures", MAX_TEXTURE_SIDE);
pub(super) const SHEETS: ImageKind = ("sprite sheets", MAX_SHEET_SIDE);
const PICTURES: ImageKind = ("HUD pictures", MAX_TEXTURE_SIDE);

/// Reads one PNG of any size up to [`MAX_TEXTURE_SIDE`] a side as RGBA8 (HUD art).
pub fn read_picture(path: &Path) -> Result<image::RgbaImage, TextureError> {
    read_rgba(path, PICTURES)
}

pub(super) fn read_rgba(
    path: &Path,
    (what, most): ImageKind,
) -> Result<image::RgbaImage, TextureError> {
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
pub(super) fn essential_chunks(bytes: &[u8]) -> Option<Vec<u8>> {
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
