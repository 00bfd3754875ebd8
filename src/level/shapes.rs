//! Cell shapes: the bundled masks (made by code, like the default textures) and masks read
//! from PNG files, for walls given `shape = "NAME"` or `shape = "masks/FILE.png"`.

use std::path::Path;
use std::sync::Arc;

use crate::grid::{Mask, MaskError};

/// The side of the bundled masks, in texels.
pub const BUNDLED_SIDE: u32 = 32;

/// The bundled shapes, by name, with what each is.
pub const BUNDLED_SHAPES: [(&str, &str); 12] = [
    (
        "pillar_round",
        "a round pillar, 0.6 tiles across, in the cell's middle",
    ),
    (
        "pillar_square",
        "a square pillar, half a tile a side, in the cell's middle",
    ),
    (
        "diagonal_nw_se",
        "a diagonal wall from the north-west corner to the south-east one",
    ),
    (
        "diagonal_ne_sw",
        "a diagonal wall from the north-east corner to the south-west one",
    ),
    (
        "thin_ns",
        "a thin wall, an eighth of a tile thick, running north-south through the middle",
    ),
    (
        "thin_ew",
        "a thin wall, an eighth of a tile thick, running east-west through the middle",
    ),
    (
        "corner_nw",
        "a quarter-round corner: solid at the north-west, rounded towards the south-east",
    ),
    (
        "corner_ne",
        "a quarter-round corner: solid at the north-east, rounded towards the south-west",
    ),
    (
        "corner_se",
        "a quarter-round corner: solid at the south-east, rounded towards the north-west",
    ),
    (
        "corner_sw",
        "a quarter-round corner: solid at the south-west, rounded towards the north-east",
    ),
    (
        "slit_ns",
        "a wall with a narrow window slit running north-south through its middle",
    ),
    (
        "slit_ew",
        "a wall with a narrow window slit running east-west through its middle",
    ),
];

/// A wall's shape: its name as the level gives it (a bundled name or a PNG path relative to
/// the level file) and its mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// As the level names it.
    pub name: String,
    /// The mask.
    pub mask: Arc<Mask>,
}

/// The bundled mask called `name`, if there is one.
///
/// ```
/// use tilecaster::level::bundled_shape;
/// let pillar = bundled_shape("pillar_round").unwrap();
/// assert!(pillar.is_solid(16, 16) && !pillar.is_solid(0, 0));
/// ```
pub fn bundled_shape(name: &str) -> Option<Mask> {
    let n = BUNDLED_SIDE;
    let half = f64::from(n) / 2.0;
    // Texel centres in cell units, from the cell's north-west corner.
    let centre = |v: u32| (f64::from(v) + 0.5) / f64::from(n);
    let quarter = |x: u32, y: u32, right: bool, bottom: bool| {
        // Solid outside the quarter circle of radius 1 about the opposite corner.
        let (cx, cy) = (
            if right { 0.0 } else { 1.0 },
            if bottom { 0.0 } else { 1.0 },
        );
        let (dx, dy) = (centre(x) - cx, centre(y) - cy);
        dx * dx + dy * dy > 1.0
    };
    let thin = |v: u32| (n / 2 - n / 16..n / 2 + n / 16).contains(&v);
    let slit = |v: u32| (n / 2 - n / 16..n / 2 + n / 16).contains(&v);
    let solid: Box<dyn Fn(u32, u32) -> bool> = match name {
        "pillar_round" => Box::new(move |x, y| {
            let (dx, dy) = (f64::from(x) + 0.5 - half, f64::from(y) + 0.5 - half);
            (dx * dx + dy * dy).sqrt() < 0.3 * f64::from(n)
        }),
        "pillar_square" => Box::new(move |x, y| {
            let band = |v: u32| (n / 4..n - n / 4).contains(&v);
            band(x) && band(y)
        }),
        // Two texels thick along the diagonal, so that no ray slips between its steps.
        "diagonal_nw_se" => Box::new(|x, y| x.abs_diff(y) <= 1),
        "diagonal_ne_sw" => Box::new(move |x, y| (x + y).abs_diff(n - 1) <= 1),
        "thin_ns" => Box::new(move |x, _| thin(x)),
        "thin_ew" => Box::new(move |_, y| thin(y)),
        "corner_nw" => Box::new(move |x, y| quarter(x, y, false, false)),
        "corner_ne" => Box::new(move |x, y| quarter(x, y, true, false)),
        "corner_se" => Box::new(move |x, y| quarter(x, y, true, true)),
        "corner_sw" => Box::new(move |x, y| quarter(x, y, false, true)),
        "slit_ns" => Box::new(move |x, _| !slit(x)),
        "slit_ew" => Box::new(move |_, y| !slit(y)),
        _ => return None,
    };
    Mask::new(n, solid).ok()
}

/// Whether a `shape` value names a file rather than a bundled mask.
pub fn is_shape_file(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".png")
}

/// The smallest side of a level's shape mask, in texels (the engine draws and collides with
/// square masks of powers of two; the traversal takes any).
pub const MIN_LEVEL_MASK_SIDE: u32 = 4;
/// The largest side of a level's shape mask, in texels.
pub const MAX_LEVEL_MASK_SIDE: u32 = 64;

/// A mask read from the PNG at `path`: opaque texels (alpha at least 128) are solid. A level's
/// masks are square, a power of two from 4 to 64 texels a side, with a solid texel and an open
/// one (a mask of neither would be a plain floor or wall, and says so).
pub fn read_mask(path: &Path) -> Result<Mask, String> {
    let image = crate::texture::read_picture(path).map_err(|e| e.to_string())?;
    let (w, h) = image.dimensions();
    let problem = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let sized =
        w == h && w.is_power_of_two() && (MIN_LEVEL_MASK_SIDE..=MAX_LEVEL_MASK_SIDE).contains(&w);
    if !sized {
        return Err(problem(&format!(
            "a shape mask is {w}x{h} texels; it must be square, a power of two from \
             {MIN_LEVEL_MASK_SIDE} to {MAX_LEVEL_MASK_SIDE} a side"
        )));
    }
    let mask = Mask::from_rgba(w, h, image.as_raw()).map_err(|e: MaskError| problem(&e))?;
    if mask.is_empty() {
        return Err(problem(
            &"a shape mask has no solid texel (opaque = solid); use a floor cell instead",
        ));
    }
    if mask.is_full() {
        return Err(problem(
            &"a shape mask is solid everywhere (no transparent texel); use a plain wall instead",
        ));
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_shape_is_made() {
        for (name, _) in BUNDLED_SHAPES {
            let mask = bundled_shape(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(mask.width(), BUNDLED_SIDE, "{name}");
        }
        assert!(bundled_shape("pillar").is_none());
    }

    #[test]
    fn shapes_are_where_their_names_say() {
        let at = |name: &str, x: f64, y: f64| bundled_shape(name).unwrap().is_solid_at(x, y);
        assert!(at("pillar_round", 0.5, 0.5) && !at("pillar_round", 0.1, 0.5));
        assert!(at("thin_ns", 0.5, 0.0) && !at("thin_ns", 0.3, 0.5));
        assert!(at("thin_ew", 0.0, 0.5) && !at("thin_ew", 0.5, 0.3));
        assert!(at("diagonal_nw_se", 0.1, 0.1) && !at("diagonal_nw_se", 0.9, 0.1));
        assert!(at("diagonal_ne_sw", 0.9, 0.1) && !at("diagonal_ne_sw", 0.1, 0.1));
        assert!(at("corner_nw", 0.02, 0.02) && !at("corner_nw", 0.9, 0.9));
        assert!(at("corner_se", 0.98, 0.98) && !at("corner_se", 0.1, 0.1));
        assert!(!at("slit_ns", 0.5, 0.5) && at("slit_ns", 0.3, 0.5));
        assert!(!at("slit_ew", 0.5, 0.5) && at("slit_ew", 0.5, 0.3));
    }
}
