//! Shaped cells: a solid cell whose solid part is drawn by a top-down mask of texels.
//!
//! A walk that enters a shaped cell goes on inside it on the mask's texel grid, with the same
//! integer DDA (the cell's [`Grid`](super::Grid) at `1/side` of its size, started from the walk's
//! own start so that every quantity stays exact): the hit is the first solid texel, with the
//! texel face crossed. See [`Solidity::shape`](super::Solidity::shape).

/// The smallest mask side, in texels.
pub const MIN_MASK_SIDE: u32 = 1;
/// The largest mask side, in texels.
pub const MAX_MASK_SIDE: u32 = 1024;

/// A top-down mask: which texels of a cell are solid, `width` x `height` texels (each side
/// from [`MIN_MASK_SIDE`] to [`MAX_MASK_SIDE`], any size: a 60-pixel tile's own bitmap on a
/// grid of 60-pixel cells). Texel `(0, 0)` is the cell's north-west corner, `x` grows east
/// and `y` south like the map's. A full mask blocks like a plain wall; an empty one blocks
/// nothing.
///
/// Casts inside a shaped cell are exact (those of exact rational arithmetic over every texel
/// as a cell) where a texel's size, the cell's size over the texels a side, is a multiple of
/// 2^-32 of a unit for cells up to a unit (coarser for larger cells): masks whose sides are
/// powers of two on any grid, and a bitmap's pixels on a grid in pixels. Other sizes are
/// rounded to that, a texel edge moving by at most `side` x 2^-33 of a cell.
///
/// ```
/// use tilecaster_grid::grid::Mask;
/// // A thin north-south wall: the middle two columns of eight.
/// let wall = Mask::new(8, |x, _| x == 3 || x == 4).unwrap();
/// assert!(wall.is_solid(3, 0) && !wall.is_solid(2, 7));
/// // A tile's bitmap, one alpha byte a pixel: 3 x 2 pixels, opaque on the left.
/// let tile = Mask::from_alpha(3, 2, &[255, 0, 0, 200, 90, 0]).unwrap();
/// assert!(tile.is_solid(0, 0) && tile.is_solid(0, 1) && !tile.is_solid(1, 1));
/// assert!(Mask::new(2000, |_, _| true).is_err(), "too large");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mask {
    width: u32,
    height: u32,
    /// 64-bit words a row.
    words: usize,
    /// Row `y`'s words from `y * words`, bit `x % 64` of word `x / 64` set where solid.
    bits: Vec<u64>,
    /// Solid texels.
    solid: u32,
    /// The texel corners inside the mask (not on its edge) where its outline turns.
    corners: Vec<(u16, u16)>,
    /// Per edge of the mask (north, south, west, east: its first and last rows and
    /// columns), whether its texels are all solid or all open (`None` where they differ).
    edges: [Option<bool>; 4],
}

/// A mask that cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MaskError {
    /// A side outside [`MIN_MASK_SIDE`]..=[`MAX_MASK_SIDE`].
    Size {
        /// Width given.
        width: u32,
        /// Height given.
        height: u32,
    },
    /// Pixel data of the wrong length for the size given.
    Data {
        /// Bytes expected (a byte a texel for alpha, four for RGBA).
        expected: usize,
        /// Bytes given.
        found: usize,
    },
}

impl std::fmt::Display for MaskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MaskError::Size { width, height } => write!(
                f,
                "a shape mask is {width}x{height} texels; each side must be from \
                 {MIN_MASK_SIDE} to {MAX_MASK_SIDE}"
            ),
            MaskError::Data { expected, found } => write!(
                f,
                "a shape mask's pixels are {found} bytes; its size needs {expected}"
            ),
        }
    }
}

impl std::error::Error for MaskError {}

impl Mask {
    /// A mask of `side` x `side` texels, solid where `solid(x, y)` says.
    pub fn new(side: u32, solid: impl Fn(u32, u32) -> bool) -> Result<Mask, MaskError> {
        Mask::from_fn(side, side, solid)
    }

    /// A mask of `width` x `height` texels, solid where `solid(x, y)` says.
    ///
    /// Cost: one call of `solid` per texel; the mask holds a bit per texel.
    pub fn from_fn(
        width: u32,
        height: u32,
        solid: impl Fn(u32, u32) -> bool,
    ) -> Result<Mask, MaskError> {
        Mask::check_size(width, height)?;
        let words = width.div_ceil(64) as usize;
        let mut bits = vec![0_u64; words * height as usize];
        let mut count = 0;
        for y in 0..height {
            for x in 0..width {
                if solid(x, y) {
                    bits[y as usize * words + (x / 64) as usize] |= 1 << (x % 64);
                    count += 1;
                }
            }
        }
        let mut mask = Mask {
            width,
            height,
            words,
            bits,
            solid: count,
            corners: Vec::new(),
            edges: [None; 4],
        };
        let (last_x, last_y) = (width - 1, height - 1);
        let row = |y: u32| uniform((0..width).map(|x| mask.is_solid(x, y)));
        let column = |x: u32| uniform((0..height).map(|y| mask.is_solid(x, y)));
        mask.edges = [row(0), row(last_y), column(0), column(last_x)];
        mask.corners = (1..height)
            .flat_map(|j| (1..width).map(move |i| (i, j)))
            .filter(|&(i, j)| {
                let at = |x: u32, y: u32| mask.is_solid(x, y);
                turns([at(i - 1, j - 1), at(i, j - 1), at(i - 1, j), at(i, j)])
            })
            .map(|(i, j)| (i as u16, j as u16))
            .collect();
        Ok(mask)
    }

    /// A tile's solidity from its bitmap's alpha, one byte a pixel, row by row: solid where
    /// the alpha is at least 128 (the technique of pixel-perfect tiles).
    pub fn from_alpha(width: u32, height: u32, alpha: &[u8]) -> Result<Mask, MaskError> {
        Mask::from_pixels(width, height, alpha, 1)
    }

    /// As [`Mask::from_alpha`], from RGBA pixels (four bytes a pixel, alpha last), as image
    /// crates decode a PNG.
    pub fn from_rgba(width: u32, height: u32, rgba: &[u8]) -> Result<Mask, MaskError> {
        Mask::from_pixels(width, height, rgba, 4)
    }

    fn from_pixels(width: u32, height: u32, data: &[u8], bytes: usize) -> Result<Mask, MaskError> {
        Mask::check_size(width, height)?;
        let expected = width as usize * height as usize * bytes;
        if data.len() != expected {
            return Err(MaskError::Data {
                expected,
                found: data.len(),
            });
        }
        let alpha =
            |x: u32, y: u32| data[(y as usize * width as usize + x as usize) * bytes + bytes - 1];
        Mask::from_fn(width, height, |x, y| alpha(x, y) >= 128)
    }

    /// The texel corners strictly inside the mask where its outline turns (where its four
    /// texels are neither all alike nor split in two halves by a straight face), as
    /// `(column, row)` of the mask's grid lines.
    pub fn inner_corners(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.corners
            .iter()
            .map(|&(i, j)| (u32::from(i), u32::from(j)))
    }

    /// Whether a mask `width` x `height` texels is of a size a mask can have.
    pub fn check_size(width: u32, height: u32) -> Result<(), MaskError> {
        let valid = |s: u32| (MIN_MASK_SIDE..=MAX_MASK_SIDE).contains(&s);
        if valid(width) && valid(height) {
            Ok(())
        } else {
            Err(MaskError::Size { width, height })
        }
    }

    /// Whether the texels along an edge of the mask (0 north: its first row, 1 south: its
    /// last, 2 west: its first column, 3 east: its last) are all solid (`Some(true)`) or all
    /// open (`Some(false)`); `None` where they differ.
    #[inline]
    pub(crate) fn edge(&self, edge: usize) -> Option<bool> {
        self.edges[edge]
    }

    /// Row `y`'s texels as 64-bit words, bit `x % 64` of word `x / 64` set where texel
    /// `(x, y)` is solid (one word for masks up to 64 wide). Empty beyond the last row.
    pub fn row(&self, y: u32) -> &[u64] {
        let from = (y as usize * self.words).min(self.bits.len());
        let to = (from + self.words).min(self.bits.len());
        &self.bits[from..to]
    }

    /// Texels a row.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows of texels.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether every texel is solid (the cell blocks as a plain wall).
    pub fn is_full(&self) -> bool {
        self.solid == self.width * self.height
    }

    /// Whether no texel is solid (the cell blocks nothing).
    pub fn is_empty(&self) -> bool {
        self.solid == 0
    }

    /// Whether texel `(x, y)` is solid; texels outside the mask are not.
    #[inline]
    pub fn is_solid(&self, x: u32, y: u32) -> bool {
        x < self.width
            && y < self.height
            && self.bits[y as usize * self.words + (x / 64) as usize] >> (x % 64) & 1 == 1
    }

    /// Whether the texel at the cell-local point `(fx, fy)` (each in `[0, 1)`) is solid.
    #[inline]
    pub fn is_solid_at(&self, fx: f64, fy: f64) -> bool {
        let texel = |f: f64, n: u32| ((f * f64::from(n)) as u32).min(n - 1);
        fx >= 0.0 && fy >= 0.0 && self.is_solid(texel(fx, self.width), texel(fy, self.height))
    }

    /// The solid texels, row by row.
    pub fn solid_texels(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.height).flat_map(move |y| {
            (0..self.width)
                .filter(move |&x| self.is_solid(x, y))
                .map(move |x| (x, y))
        })
    }
}

/// Whether `texels` are all alike, and if so which (none: `None`).
fn uniform(mut texels: impl Iterator<Item = bool>) -> Option<bool> {
    let first = texels.next()?;
    texels.all(|t| t == first).then_some(first)
}

/// Whether an outline turns at a texel corner whose four texels (north-west, north-east,
/// south-west, south-east) are solid as given: neither all alike, nor split in two halves by
/// a straight face.
pub(crate) fn turns(quad: [bool; 4]) -> bool {
    let count = quad.iter().filter(|&&s| s).count();
    let straight = count == 2 && (quad[0] == quad[1] || quad[0] == quad[2]);
    count != 0 && count != 4 && !straight
}
