//! Shaped cells: a solid cell whose solid part is drawn by a top-down mask of texels.
//!
//! A walk that enters a shaped cell goes on inside it on the mask's texel grid, with the same
//! integer DDA (the cell's [`Grid`](super::Grid) at `1/side` of its size, started from the walk's
//! own start so that every quantity stays exact): the hit is the first solid texel, with the
//! texel face crossed. See [`Solidity::shape`](super::Solidity::shape).

/// The smallest mask side, in texels.
pub const MIN_MASK_SIDE: u32 = 4;
/// The largest mask side, in texels.
pub const MAX_MASK_SIDE: u32 = 64;

/// A square top-down mask: which texels of a cell are solid. Its side is a power of two from
/// [`MIN_MASK_SIDE`] to [`MAX_MASK_SIDE`]; texel `(0, 0)` is the cell's north-west corner, `x`
/// grows east and `y` south like the map's. At least one texel is solid and one open.
///
/// ```
/// use tilecaster_grid::grid::Mask;
/// // A thin north-south wall: the middle two columns of eight.
/// let wall = Mask::new(8, |x, _| x == 3 || x == 4).unwrap();
/// assert!(wall.is_solid(3, 0) && !wall.is_solid(2, 7));
/// assert!(Mask::new(6, |_, _| true).is_err(), "not a power of two");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mask {
    side: u32,
    /// One row per `y`, bit `x` set where solid.
    rows: Vec<u64>,
    /// The texel corners inside the mask (not on its edge) where its outline turns.
    corners: Vec<(u8, u8)>,
}

/// A mask that cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaskError {
    /// Not a power of two from 4 to 64 a side, or not square.
    Size {
        /// Width given.
        width: u32,
        /// Height given.
        height: u32,
    },
    /// No texel is solid: the cell would be open floor.
    Empty,
    /// Every texel is solid: the cell would be a plain wall.
    Full,
}

impl std::fmt::Display for MaskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MaskError::Size { width, height } => write!(
                f,
                "a shape mask is {width}x{height} texels; it must be square, a power of two from 4 to 64 a side"
            ),
            MaskError::Empty => f.write_str(
                "a shape mask has no solid texel (opaque = solid); use a floor cell instead",
            ),
            MaskError::Full => f.write_str(
                "a shape mask is solid everywhere (no transparent texel); use a plain wall instead",
            ),
        }
    }
}

impl std::error::Error for MaskError {}

impl Mask {
    /// A mask of `side` x `side` texels, solid where `solid(x, y)` says.
    pub fn new(side: u32, solid: impl Fn(u32, u32) -> bool) -> Result<Mask, MaskError> {
        Mask::check_size(side, side)?;
        let rows: Vec<u64> = (0..side)
            .map(|y| {
                (0..side)
                    .filter(|&x| solid(x, y))
                    .fold(0, |row, x| row | 1 << x)
            })
            .collect();
        let count: u32 = rows.iter().map(|r| r.count_ones()).sum();
        if count == 0 {
            return Err(MaskError::Empty);
        }
        if count == side * side {
            return Err(MaskError::Full);
        }
        let mut mask = Mask {
            side,
            rows,
            corners: Vec::new(),
        };
        mask.corners = (1..side)
            .flat_map(|j| (1..side).map(move |i| (i, j)))
            .filter(|&(i, j)| {
                let at = |x: u32, y: u32| mask.is_solid(x, y);
                turns([at(i - 1, j - 1), at(i, j - 1), at(i - 1, j), at(i, j)])
            })
            .map(|(i, j)| (i as u8, j as u8))
            .collect();
        Ok(mask)
    }

    /// The texel corners strictly inside the mask where its outline turns (see [`turns`]),
    /// as `(column, row)` of the mask's grid lines.
    pub fn inner_corners(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.corners
            .iter()
            .map(|&(i, j)| (u32::from(i), u32::from(j)))
    }

    /// Whether a mask `width` x `height` texels is of a size a mask can have.
    pub fn check_size(width: u32, height: u32) -> Result<(), MaskError> {
        let ok = width == height
            && width.is_power_of_two()
            && (MIN_MASK_SIDE..=MAX_MASK_SIDE).contains(&width);
        if ok {
            Ok(())
        } else {
            Err(MaskError::Size { width, height })
        }
    }

    /// The rows from north to south, bit `x` of row `y` set where texel `(x, y)` is solid.
    pub fn rows(&self) -> &[u64] {
        &self.rows
    }

    /// Texels per side.
    #[inline]
    pub fn side(&self) -> u32 {
        self.side
    }

    /// Whether texel `(x, y)` is solid; texels outside the mask are not.
    #[inline]
    pub fn is_solid(&self, x: u32, y: u32) -> bool {
        x < self.side && self.rows.get(y as usize).is_some_and(|r| r >> x & 1 == 1)
    }

    /// Whether the texel at the cell-local point `(fx, fy)` (each in `[0, 1)`) is solid.
    #[inline]
    pub fn is_solid_at(&self, fx: f64, fy: f64) -> bool {
        let side = f64::from(self.side);
        let texel = |f: f64| ((f * side) as u32).min(self.side - 1);
        fx >= 0.0 && fy >= 0.0 && self.is_solid(texel(fx), texel(fy))
    }

    /// The solid texels, row by row.
    pub fn solid_texels(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.side).flat_map(move |y| {
            (0..self.side)
                .filter(move |&x| self.is_solid(x, y))
                .map(move |x| (x, y))
        })
    }
}

/// Whether an outline turns at a texel corner whose four texels (north-west, north-east,
/// south-west, south-east) are solid as given: neither all alike, nor split in two halves by
/// a straight face.
pub fn turns(quad: [bool; 4]) -> bool {
    let count = quad.iter().filter(|&&s| s).count();
    let straight = count == 2 && (quad[0] == quad[1] || quad[0] == quad[2]);
    count != 0 && count != 4 && !straight
}
