//! Lights and the ambient level: see [`crate::level::lights`].

use toml::Spanned;

use super::Parser;
use super::raw::RawAmbient;
use crate::frame::Colour;
use crate::level::lights::{DEFAULT_INTENSITY, limits};

/// A light's colour, radius and intensity, before it has a place.
#[derive(Clone, Copy, Debug)]
pub(super) struct LightSpec {
    pub(super) colour: Colour,
    pub(super) radius: f64,
    pub(super) intensity: f64,
}

impl Parser<'_> {
    /// A light's numbers, checked against [`limits`] (each problem at its place).
    pub(super) fn light_spec(
        &mut self,
        colour: &Spanned<String>,
        radius: &Spanned<f64>,
        intensity: Option<&Spanned<f64>>,
    ) -> Option<LightSpec> {
        let colour = self.colour(colour);
        let (lo, hi) = limits::RADIUS;
        let r = *radius.get_ref();
        let radius = if (lo..=hi).contains(&r) {
            Some(r)
        } else {
            self.d.error(
                radius.span(),
                format!("light radius {r}: from {lo} to {hi} tiles"),
            );
            None
        };
        let intensity = match intensity {
            None => Some(DEFAULT_INTENSITY),
            Some(i) => {
                let (lo, hi) = limits::INTENSITY;
                let v = *i.get_ref();
                if (lo..=hi).contains(&v) {
                    Some(v)
                } else {
                    self.d
                        .error(i.span(), format!("light intensity {v}: from {lo} to {hi}"));
                    None
                }
            }
        };
        Some(LightSpec {
            colour: colour?,
            radius: radius?,
            intensity: intensity?,
        })
    }

    /// The level's ambient light: `[ambient] level`, 1 where it names none.
    pub(super) fn ambient(&mut self, raw: Option<&RawAmbient>) -> f64 {
        let Some(a) = raw else { return 1.0 };
        let (lo, hi) = limits::AMBIENT;
        let v = *a.level.get_ref();
        if (lo..=hi).contains(&v) {
            v
        } else {
            self.d.error(
                a.level.span(),
                format!("ambient level {v}: from {lo} (black) to {hi} (as drawn)"),
            );
            1.0
        }
    }
}
