//! How a texture is kept: column-major texels, a dark variant, and mipmaps averaged in linear
//! light.

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
    /// Where each row of the full level is opaque, for a texture with holes: texel columns
    /// `[first, end)`, `first == end` in a row with none (empty for an opaque texture).
    row_spans: Vec<[u16; 2]>,
}

/// One level of a [`Texture`]: a square, power-of-two grid stored column-major, light and dark.
#[derive(Clone, Debug)]
pub struct Mip {
    size: u32,
    shift: u32,
    /// The texels, `size`² of them first; a buffer shaped again ([`Mip::shape`]) keeps the
    /// length it had where that is more, so that its next shape writes no texel twice.
    texels: Vec<u32>,
    dark: Vec<u32>,
}

/// Levels are equal where their texels are (not the room left over from a larger shape).
impl PartialEq for Mip {
    fn eq(&self, other: &Mip) -> bool {
        (self.size, self.shift) == (other.size, other.shift)
            && self.texels() == other.texels()
            && self.dark == other.dark
    }
}

impl Eq for Mip {}

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

    /// Column `x` (top to bottom, wrapping), light or dark variant (the light one for a
    /// level without a dark variant).
    #[inline]
    pub fn column(&self, x: u32, dark: bool) -> &[u32] {
        let start = ((x & (self.size - 1)) << self.shift) as usize;
        let texels = if dark && !self.dark.is_empty() {
            &self.dark
        } else {
            &self.texels
        };
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
        &self.texels[..self.count()]
    }

    /// How many texels it has: its side squared (none for a level never shaped).
    #[inline]
    fn count(&self) -> usize {
        (self.size as usize).pow(2).min(self.texels.len())
    }

    /// A level of no texels with room for `texels` of them, to be shaped ([`Mip::shape`]).
    pub(crate) fn with_room(texels: usize) -> Mip {
        Mip {
            size: 1,
            shift: 0,
            texels: Vec::with_capacity(texels),
            dark: Vec::new(),
        }
    }

    /// Makes this level `size` texels wide (a power of two), its texels to be written
    /// ([`Mip::texels_mut`]; those it had are left as they were), without a dark variant, in
    /// the buffer it has: no allocation where it has room, and no texel cleared where the
    /// buffer was as large before (a flash's lit copies are shaped every frame, now a plain
    /// colour's 8 x 8, now a texture's 64 x 64: clearing the difference each time cost e1m1
    /// a memset of up to 16 KiB a copy: half a percent of its lit frame's samples in `perf`
    /// under eight flashes).
    pub(crate) fn shape(&mut self, size: u32) {
        debug_assert!(size.is_power_of_two());
        self.size = size;
        self.shift = size.trailing_zeros();
        let count = (size as usize).pow(2);
        if self.texels.len() < count {
            self.texels.resize(count, 0);
        }
        self.dark.clear();
    }

    /// Every texel, column by column, to change in place.
    #[inline]
    pub(crate) fn texels_mut(&mut self) -> &mut [u32] {
        let count = self.count();
        &mut self.texels[..count]
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
            dark: if self.dark.is_empty() {
                Vec::new()
            } else {
                half(&self.dark)
            },
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
    // The thresholds of [`encode_srgb_exact`], found once, and where to start looking among
    // them by the square root of the light: the same byte for every input, a step or two of
    // a walk instead of a power (building lit surfaces' mipmaps spent most of a lit level's
    // start in `powf`).
    static TABLES: std::sync::OnceLock<([f32; 255], [u8; 1025])> = std::sync::OnceLock::new();
    let (thresholds, start) = TABLES.get_or_init(|| {
        let thresholds: [f32; 255] = std::array::from_fn(|k| {
            // The least non-negative f32 (their bit patterns ordered as the values) that
            // encodes to more than `k`.
            let (mut lo, mut hi) = (0u32, 2.0f32.to_bits());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if encode_srgb_exact(f32::from_bits(mid)) as usize > k {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            f32::from_bits(lo)
        });
        let start = std::array::from_fn(|i| {
            let root = i as f32 / 1024.0;
            thresholds.partition_point(|&t| t <= root * root) as u8
        });
        (thresholds, start)
    });
    if linear.is_nan() || linear <= 0.0 {
        return 0;
    }
    // The byte of the largest tabled light at or below this one: a lower bound.
    let i = ((linear.sqrt() * 1024.0) as usize).min(1024);
    let mut k = start[i] as usize;
    while k < 255 && thresholds[k] <= linear {
        k += 1;
    }
    k as u8
}

/// Linear light to an sRGB byte, rounded to nearest.
fn encode_srgb_exact(linear: f32) -> u8 {
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
        Texture::from_columns(size, texels, Some(dark))
    }

    /// A texture of `size`² texels column by column (texel `(x, y)` at `x * size + y`, packed
    /// as [`Mip::texel`] gives them), with its mipmaps, as [`Texture::from_rgba`] makes; with
    /// no `dark`, a texture without a dark variant (a floor or ceiling, which draws none: a
    /// lit copy made in half the time), whose dark columns are its light ones.
    pub(crate) fn from_columns(size: u32, texels: Vec<u32>, dark: Option<Vec<u32>>) -> Texture {
        assert!(size.is_power_of_two() && texels.len() == (size * size) as usize);
        let dark = dark.unwrap_or_default();
        let has_holes = texels.iter().any(|&t| !is_opaque(t));
        let row_spans = if has_holes {
            (0..size).map(|y| opaque_span(&texels, size, y)).collect()
        } else {
            Vec::new()
        };
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
        Texture {
            levels,
            has_holes,
            row_spans,
        }
    }

    /// The texel columns `[first, end)` outside which row `y` of the full level is see-through
    /// (the whole row for an opaque texture; `first == end` for a row with nothing opaque), so
    /// that a sprite's row is drawn over its figure, not its whole frame.
    #[inline]
    pub fn opaque_span(&self, y: u32) -> (u32, u32) {
        match self.row_spans.get(y as usize) {
            Some(&[first, end]) => (u32::from(first), u32::from(end)),
            None => (0, self.size()),
        }
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

/// The opaque texel columns `[first, end)` of row `y` of `size`² column-major texels.
fn opaque_span(texels: &[u32], size: u32, y: u32) -> [u16; 2] {
    let opaque = |x: &u32| is_opaque(texels[(x * size + y) as usize]);
    match (0..size).find(opaque) {
        Some(first) => {
            let last = (first..size).rev().find(opaque).unwrap_or(first);
            [first as u16, last as u16 + 1]
        }
        None => [0, 0],
    }
}

/// The darker shade of a face lit from the side (about three quarters of the brightness).
fn darken([r, g, b, a]: [u8; 4]) -> [u8; 4] {
    let d = |c: u8| ((c as u32 * 3) / 4) as u8;
    [d(r), d(g), d(b), a]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's encoding is the power's, byte for byte: across linear light in fine steps,
    /// at every threshold and a hair either side, and outside 0 to 1.
    #[test]
    fn the_fast_srgb_encoding_gives_the_exact_bytes() {
        let steps = (0..=300_000).map(|i| i as f32 / 250_000.0);
        let edges = (0..=255u32).flat_map(|k| {
            let t = encode_srgb_exact_threshold(k);
            [
                t,
                f32::from_bits(t.to_bits().saturating_sub(1)),
                f32::from_bits(t.to_bits() + 1),
            ]
        });
        for linear in steps
            .chain(edges)
            .chain([-1.0, f32::NAN, 7.0, f32::INFINITY])
        {
            assert_eq!(encode_srgb(linear), encode_srgb_exact(linear), "{linear}");
        }
    }

    /// A level shaped smaller keeps its buffer's length, and shaped larger again finds the
    /// texels it had (nothing cleared: they are all written after a shape); it has, and
    /// compares by, only its own `size`² texels, and a level never shaped has none.
    #[test]
    fn a_level_shaped_again_clears_nothing_and_shows_only_its_own_texels() {
        let mut level = Mip::with_room(64 * 64);
        assert!(level.texels().is_empty());
        level.shape(64);
        level.texels_mut().fill(7);
        level.shape(8);
        assert_eq!(
            (level.size(), level.shift(), level.texels().len()),
            (8, 3, 64)
        );
        level.texels_mut().fill(3);
        let mut fresh = Mip::with_room(64);
        fresh.shape(8);
        fresh.texels_mut().fill(3);
        assert_eq!(level, fresh, "the room beyond 8 x 8 counted");
        level.shape(64);
        assert_eq!(level.texels().len(), 4096);
        assert_eq!(level.texels()[..64], [3; 64]);
        assert!(
            level.texels()[64..].iter().all(|&t| t == 7),
            "texels cleared"
        );
        assert_ne!(level, fresh);
    }

    /// A value about where the exact encoding reaches `k`.
    fn encode_srgb_exact_threshold(k: u32) -> f32 {
        let c = (k as f32 - 0.5).max(0.0) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }
}
