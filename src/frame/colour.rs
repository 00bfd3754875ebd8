//! The one colour type: level colours, the HUD's, the top-down map's and the renderer's packed
//! pixels are all this.

/// An RGBA colour, 8 bits a channel. Frames and textures store it packed in a `u32`
/// ([`Colour::packed`]: red in the low byte, as `u32::from_le_bytes([r, g, b, a])`).
///
/// ```
/// use tilecaster::frame::Colour;
/// let c = Colour::rgb(200, 100, 50);
/// assert_eq!(Colour::from_packed(c.packed()), c);
/// assert_eq!(c.scaled(0.5), Colour::rgb(100, 50, 25));
/// assert_eq!(c.mixed(Colour::BLACK, 1.0), Colour::BLACK);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Colour {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha: 255 opaque.
    pub a: u8,
}

impl Colour {
    /// Opaque black.
    pub const BLACK: Colour = Colour::rgb(0, 0, 0);
    /// Opaque white.
    pub const WHITE: Colour = Colour::rgb(255, 255, 255);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { r, g, b, a: 255 }
    }

    /// A colour with alpha.
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Colour {
        Colour { r, g, b, a }
    }

    /// Packed as frames and textures store it: `u32::from_le_bytes([r, g, b, a])`.
    pub const fn packed(self) -> u32 {
        u32::from_le_bytes([self.r, self.g, self.b, self.a])
    }

    /// From a packed word (see [`Colour::packed`]).
    pub const fn from_packed(word: u32) -> Colour {
        let [r, g, b, a] = word.to_le_bytes();
        Colour { r, g, b, a }
    }

    /// `[r, g, b, a]`.
    pub const fn to_array(self) -> [u8; 4] {
        [self.r, self.g, self.b, self.a]
    }

    /// Red, green and blue times `k` (truncated), alpha kept.
    pub fn scaled(self, k: f64) -> Colour {
        let s = |v: u8| (v as f64 * k) as u8;
        Colour::rgba(s(self.r), s(self.g), s(self.b), self.a)
    }

    /// Mixed with `with` by `amount` (0: this colour, 1: `with`), opaque.
    pub fn mixed(self, with: Colour, amount: f64) -> Colour {
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * amount) as u8;
        Colour::rgb(m(self.r, with.r), m(self.g, with.g), m(self.b, with.b))
    }
}
