//! Lights in a level: points that light what they see (their visibility polygon, walked by the
//! one traversal: `crate::lighting`), and the level's ambient light where no lamp reaches.
//!
//! In a TOML level a light stands on an open cell as part of its legend entry, alone or with
//! a decoration (a ceiling lamp), or anywhere by position in a `[[light]]` table; `[ambient]`
//! sets how bright the unlit places are:
//!
//! ```toml
//! [ambient]
//! level = 0.35             # 0 (black) to 1 (as drawn, the default)
//!
//! [legend]
//! "L" = { decoration = "lamp", light = { colour = "#ffd8a0", radius = 6, intensity = 1.2 } }
//!
//! [[light]]
//! position = [12.5, 3.5]
//! colour = "#80a0ff"
//! radius = 4
//! ```

use crate::frame::Colour;
use crate::math::Vec2;

/// A point light.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    /// Where it is, in tiles.
    pub position: Vec2,
    /// Its colour (sRGB, as written).
    pub colour: Colour,
    /// How far it reaches, tiles: its light falls to nothing there.
    pub radius: f64,
    /// How bright it is at its centre (1: its colour at full strength).
    pub intensity: f64,
}

/// The default intensity of a light that names none.
pub const DEFAULT_INTENSITY: f64 = 1.0;

/// The limits of a light's numbers in a level file.
pub mod limits {
    /// Radius, tiles.
    pub const RADIUS: (f64, f64) = (0.5, 32.0);
    /// Intensity.
    pub const INTENSITY: (f64, f64) = (0.0, 8.0);
    /// The ambient level.
    pub const AMBIENT: (f64, f64) = (0.0, 1.0);
}
