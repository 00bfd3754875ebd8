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
    /// The area all of a level's lights reach together (each a circle of its radius), square
    /// tiles: about 100 million samples worked out at load.
    pub const TOTAL_REACH: f64 = 100_000.0;
}

/// The light a kind of decoration gives in a lit level ([`super::Level::all_lights`]): its
/// colour, radius and intensity. Lamps and chandeliers light their surroundings.
pub fn decoration_light(kind: super::DecorationKind) -> Option<(Colour, f64, f64)> {
    match kind.name {
        "lamp" => Some((Colour::rgb(255, 224, 168), 4.0, 1.0)),
        "chandelier" => Some((Colour::rgb(255, 216, 144), 6.0, 1.3)),
        _ => None,
    }
}

/// The glow of an exit in a lit level: its colour, radius and intensity.
pub const EXIT_LIGHT: (Colour, f64, f64) = (Colour::rgb(112, 255, 128), 2.5, 0.8);

impl super::Level {
    /// Whether the level asks for lighting: its ambient light is below 1, or it has lights
    /// of its own. Only then do its lamps, chandeliers and exits give light too.
    pub fn is_lit(&self) -> bool {
        self.ambient < 1.0 || !self.lights.is_empty()
    }

    /// Every light of the level: its own, and in a lit level ([`super::Level::is_lit`]) each
    /// lamp's and chandelier's (unless a light of its own stands where it hangs) and each exit
    /// cell's glow.
    pub fn all_lights(&self) -> Vec<Light> {
        self.each_light().collect()
    }

    /// [`super::Level::all_lights`] one at a time, allocating nothing: for a view drawn every
    /// frame (the top-down map's light marks).
    pub fn each_light(&self) -> impl Iterator<Item = Light> + '_ {
        let lit = self.is_lit();
        let lamps = self
            .decorations
            .iter()
            .filter(move |_| lit)
            .filter_map(|d| decoration_light(d.kind).map(|light| (d.position, light)))
            .filter(|(position, _)| {
                !self
                    .lights
                    .iter()
                    .any(|l| (l.position - *position).length() < 0.01)
            })
            .map(|(position, (colour, radius, intensity))| Light {
                position,
                colour,
                radius,
                intensity,
            });
        let (colour, radius, intensity) = EXIT_LIGHT;
        let exits = self
            .exits
            .iter()
            .filter(move |_| lit)
            .filter(|&&cell| self.map.get(cell) == Some(crate::map::Tile::Empty))
            .map(move |&cell| Light {
                position: Vec2::new(f64::from(cell.x) + 0.5, f64::from(cell.y) + 0.5),
                colour,
                radius,
                intensity,
            });
        self.lights.iter().copied().chain(lamps).chain(exits)
    }
}
