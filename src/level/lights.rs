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
    /// The area all of a level's lights reach together (each a circle of its radius, counted
    /// once a light), square tiles: the work of building its light map, each light walked
    /// over its reach, about 400 million samples at most.
    pub const TOTAL_REACH: f64 = 100_000.0;
    /// The most lights a level has (its own, lamps' and exits' together): each is cast
    /// (a visibility polygon) at load.
    pub const MOST_LIGHTS: usize = 4096;
    /// The most memory building a level's light map may take, bytes ([`super::LightCost`]):
    /// with the rest of a level and its textures, a level `check` passes renders within 1 GiB.
    pub const LIGHT_MAP_BYTES: u64 = 768 << 20;
}

/// Light samples along each side of a cell in a level's light map (one per texel of a
/// 64-texel texture): `crate::lighting` works at this size, and [`LightCost`] counts it.
pub const SAMPLES: u32 = 64;

/// Bytes building a light map takes at most per cell some light reaches: while its band of
/// rows is filled, its samples summed in linear light (three `f32`s each) and packed into a
/// factor each (a `u32`); the sums are let go before the bands are laid into the map, whose
/// copy of the factors (a `u32` each) is then all the band held again. With the dynamic
/// lights' coarse copy of the cell and its marks.
pub const BYTES_PER_LIT_CELL: u64 = (SAMPLES * SAMPLES) as u64 * (12 + 4) + 8 * 8 * 4 + 16;

/// Bytes building a light map takes per light besides its cells: its visibility polygon's arc
/// (about a hundred points for the largest radius, 24 bytes each, held in vectors that may
/// have grown to twice that) and the rest of its polygon's bookkeeping.
pub const BYTES_PER_LIGHT: u64 = 8 << 10;

/// Bytes a light's polygon takes per square tile of its reach, for the walls' corners it sees:
/// up to three rays a corner, and a tile's worth of corners (a light of radius 32 among pillars
/// every third cell sees 1,822 points: 44 KB; in an open hall 101: 2.4 KB).
pub const BYTES_PER_REACHED_TILE: u64 = 4 * 3 * 48;

/// What building the light map of a set of lights costs, worked out from the lights alone
/// before any is cast: the level's limits ([`limits`]) are checked against it, by `check` and
/// by the game's loading alike.
///
/// ```
/// use tilecaster::geom::Vec2;
/// use tilecaster::level::{Light, LightCost, Colour};
/// let lamp = Light { position: Vec2::new(5.5, 5.5), colour: Colour::rgb(255, 255, 255), radius: 2.0, intensity: 1.0 };
/// let cost = LightCost::of(&[lamp, lamp], 64, 64);
/// assert_eq!(cost.lights, 2);
/// assert_eq!(cost.cells, Some(21)); // the cells its circle reaches into, counted once
/// assert!(cost.too_much().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LightCost {
    /// How many lights there are.
    pub lights: usize,
    /// The area they reach, square tiles, each light's circle counted (the work).
    pub reach: f64,
    /// The cells on the grid some light's circle touches, each counted once: at least the
    /// cells the light map holds samples for (walls and shadows may leave some dark).
    /// `None` where the reach or the count is past its limit already (not worked out).
    pub cells: Option<u64>,
}

impl LightCost {
    /// The cost of `lights` on a `width` x `height` grid.
    pub fn of(lights: &[Light], width: u32, height: u32) -> LightCost {
        let reach = lights
            .iter()
            .map(|l| std::f64::consts::PI * l.radius * l.radius)
            .sum();
        let affordable = lights.len() <= limits::MOST_LIGHTS && reach <= limits::TOTAL_REACH;
        LightCost {
            lights: lights.len(),
            reach,
            cells: affordable.then(|| cells_touched(lights, width, height)),
        }
    }

    /// The samples the light map holds at most.
    pub fn samples(&self) -> Option<u64> {
        self.cells.map(|c| c * u64::from(SAMPLES * SAMPLES))
    }

    /// The most bytes building the light map takes: its cells' samples, and the lights'
    /// polygons.
    pub fn bytes(&self) -> Option<u64> {
        let polygons = self.lights as u64 * BYTES_PER_LIGHT
            + self.reach.ceil() as u64 * BYTES_PER_REACHED_TILE;
        self.cells.map(|c| c * BYTES_PER_LIT_CELL + polygons)
    }

    /// What is past a limit, said for a person with the figures; `None` where it is within
    /// them all.
    pub fn too_much(&self) -> Option<String> {
        let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
        if self.lights > limits::MOST_LIGHTS {
            return Some(format!(
                "the level has {} lights; the limit is {}",
                self.lights,
                limits::MOST_LIGHTS
            ));
        }
        if self.reach > limits::TOTAL_REACH {
            return Some(format!(
                "the level's {} lights reach {:.0} square tiles in all; the limit is {:.0} (fewer lights, or smaller radii)",
                self.lights,
                self.reach,
                limits::TOTAL_REACH
            ));
        }
        match (self.cells, self.samples(), self.bytes()) {
            (Some(cells), Some(samples), Some(bytes)) if bytes > limits::LIGHT_MAP_BYTES => {
                Some(format!(
                    "the level's {} lights reach {cells} cells ({:.0} million light samples, {:.0} MiB to build); the limit is {:.0} MiB, about {} cells (fewer lights, smaller radii, or lights closer together)",
                    self.lights,
                    samples as f64 / 1e6,
                    mib(bytes),
                    mib(limits::LIGHT_MAP_BYTES),
                    limits::LIGHT_MAP_BYTES / BYTES_PER_LIT_CELL
                ))
            }
            _ => None,
        }
    }
}

/// The cells of a `width` x `height` grid that some light's circle touches, each counted once
/// (a bit a cell, each light's cells marked row by row: as much work as the lights' reach).
fn cells_touched(lights: &[Light], width: u32, height: u32) -> u64 {
    let (w, h) = (width as usize, height as usize);
    let mut marked = vec![0u64; (w * h).div_ceil(64)];
    let mut count = 0;
    for light in lights {
        let (p, r) = (light.position, light.radius);
        if !(r >= 0.0 && p.x.is_finite() && p.y.is_finite()) || w == 0 || h == 0 {
            continue;
        }
        // A sample is lit strictly within the radius: cells the circle only touches at a
        // point or along an edge are not counted.
        let first = |v: f64, n: usize| v.floor().clamp(0.0, n as f64 - 1.0) as usize;
        let last = |v: f64, n: usize| (v.ceil() - 1.0).clamp(0.0, n as f64 - 1.0) as usize;
        for y in first(p.y - r, h)..=last(p.y + r, h) {
            // The row's nearest point to the light, and the circle's half width there.
            let dy = (y as f64 - p.y).max(p.y - (y as f64 + 1.0)).max(0.0);
            if dy >= r {
                continue;
            }
            let half = (r * r - dy * dy).sqrt();
            for x in first(p.x - half, w)..=last(p.x + half, w) {
                let i = y * w + x;
                let bit = 1u64 << (i % 64);
                if marked[i / 64] & bit == 0 {
                    marked[i / 64] |= bit;
                    count += 1;
                }
            }
        }
    }
    count
}

/// The light a kind of decoration gives in a lit level ([`super::Level::all_lights`]): its
/// colour, radius and intensity. Lamps, chandeliers, floor lamps and ceiling lights light
/// their surroundings.
pub fn decoration_light(kind: super::DecorationKind) -> Option<(Colour, f64, f64)> {
    match kind.name {
        "lamp" => Some((Colour::rgb(255, 224, 168), 4.0, 1.0)),
        "chandelier" => Some((Colour::rgb(255, 216, 144), 6.0, 1.3)),
        "floor_lamp" => Some((Colour::rgb(255, 224, 168), 3.5, 0.9)),
        "ceiling_light" => Some((Colour::rgb(240, 240, 255), 4.5, 1.0)),
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
                position: cell.centre(),
                colour,
                radius,
                intensity,
            });
        self.lights.iter().copied().chain(lamps).chain(exits)
    }
}
