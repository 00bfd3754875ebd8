//! Lighting a surface: the one place that says how a floor, ceiling, wall or sprite pixel gets
//! the light it is drawn in, and that works it out for a frame (the column and sprite passes
//! draw with the `Lighting` it prepares). The light itself (what each light reaches, summed
//! per sample) is [`crate::lighting`]'s; here is how the renderer puts it on texels, in four
//! ways, cheapest first:
//!
//! 1. **Copies lit once a level** (`assets::lit`: made with the level's other assets, which
//!    hold them): every cell the level's lights reach gets its own floor and ceiling with each
//!    texel multiplied by the light under it; every other cell its style's surfaces darkened
//!    to the ambient light. The floor sweep draws them as unlit ones: lighting costs nothing a
//!    frame.
//! 2. **Copies lit for the frame** ([`flash`]): the floors and ceilings this frame's dynamic
//!    lights (muzzle flashes, fireballs) reach, lit from the finest mipmap level the frame
//!    can draw them at, when the sweep first draws from them.
//! 3. **The level's light worked out again** ([`relight`]) where doors stand open or push
//!    walls have moved: the cells those lights reach are drawn from the new map, pixel by
//!    pixel (their copies were made for the doors closed).
//! 4. **Pixel by pixel** from the light map ([`crate::lighting::Lighting`]): walls,
//!    see-through layers and sprites always (a column's texels at its depth), and the floors
//!    and ceilings that have no copy (past the copies' budget, textures too large, the cells
//!    of 3, dynamic light without a copy).
//!
//! [`FrameLights::prepare`] works out a frame's light before its passes (the level's map as
//! the doors stand, the dynamic lights, their copies); [`FloorLight::drawn`] is the one
//! decision of which way a floor or ceiling cell is drawn.

pub(crate) mod flash;
mod relight;

pub use flash::flashes_in_view;

use super::assets::lit::LitSurfaces;
use super::camera::Camera;
use super::surface::{BY_SAMPLE, Drawn, SurfaceRef};
use super::{MovingParts, RenderAssets};
use crate::level::{Level, Light};
use crate::lighting::{DynamicLights, LightMap, Lighting};
use flash::FlashSurfaces;

/// What lights a frame's floors and ceilings: the light it is drawn in, the level's copies lit
/// ahead, and this frame's copies under its dynamic lights.
#[derive(Clone, Copy)]
pub(crate) struct FloorLight<'a> {
    pub lighting: Lighting<'a>,
    pub lit: Option<&'a LitSurfaces>,
    pub flash: Option<&'a FlashSurfaces>,
}

impl FloorLight<'_> {
    /// How the floor (`below`) or ceiling `plain` of `cell`, of style `style`, is drawn on a
    /// row whose pixels each cover `footprint` world units, `by_sample` where a sample of
    /// dynamic light spans many pixels along it.
    #[inline]
    pub(crate) fn drawn(
        &self,
        (cell, style): ((i32, i32), u16),
        plain: SurfaceRef,
        below: bool,
        (footprint, by_sample): (f64, bool),
    ) -> Drawn {
        if !self.lighting.by_pixel(cell.0, cell.1) {
            return match self.lit {
                // The level's light, from its copies (way 1).
                Some(lit) => lit.surface(cell, style, below),
                None => Drawn::as_it_is(plain),
            };
        }
        // Where a dynamic light reaches, the surface's copy lit for this frame (way 2); where
        // it has none, or the light was worked out again as the doors stand (way 3), the
        // plain surface lit pixel by pixel (way 4).
        match self.flash.and_then(|f| f.copy_at(cell, below, footprint)) {
            // Plain colours' copies on a row where a sample spans many pixels join in parts
            // of neighbouring cells, drawn a sample at a time.
            Some(_) if by_sample && matches!(plain, SurfaceRef::Colour(_)) => Drawn {
                surface: plain,
                lit: true,
                flash: BY_SAMPLE,
            },
            Some(at) => Drawn {
                surface: plain,
                lit: true,
                flash: at + 1,
            },
            None => Drawn {
                surface: plain,
                lit: false,
                flash: 0,
            },
        }
    }
}

/// A renderer's lights from frame to frame: the level's light as its doors and push walls
/// stand, and the dynamic lights of the next frame with the floors and ceilings they light.
/// Its buffers are kept: frames allocate nothing once they have grown.
#[derive(Debug, Default)]
pub(crate) struct FrameLights {
    /// The lights of the next frame that come and go (muzzle flashes, fireballs).
    pub(crate) dynamic_lights: Vec<Light>,
    /// What they reach.
    dynamic: DynamicLights,
    /// The floors and ceilings they light, copied and lit for the frame.
    flash: FlashSurfaces,
    /// The level's own light as its doors and push walls stand.
    relight: relight::Relight,
    /// Whether the floors and ceilings under dynamic lights are lit pixel by pixel instead
    /// of from copies (for the test that they draw the same).
    #[cfg(test)]
    pub(crate) no_flash_copies: bool,
    /// Whether dynamic lights' polygons are cast whole instead of exact only where the view
    /// may look (for the test that they draw the same).
    #[cfg(test)]
    pub(crate) whole_light_polygons: bool,
}

/// A frame's light, worked out: what its passes draw with.
pub(crate) struct Prepared<'a> {
    /// The light the frame is drawn in, `None` where it is neutral (no lights, or lights off).
    pub lighting: Option<Lighting<'a>>,
    /// The floors and ceilings lit by this frame's dynamic lights, where there are any.
    pub flash: Option<&'a FlashSurfaces>,
}

impl FrameLights {
    /// The level's own light with its doors and push walls as `doors` says they stand (worked
    /// out again where they have moved since it was built). `None` for a level without lights.
    pub(crate) fn light_map<'a>(
        &'a mut self,
        level: &Level,
        assets: &'a RenderAssets,
        doors: &dyn MovingParts,
    ) -> Option<&'a LightMap> {
        self.relight.update(level, assets, doors).0
    }

    /// Works out the light of a frame of `size` seen by `camera`: the level's as the doors
    /// stand, and the dynamic lights over it (only where the frame may show them) with the
    /// floors and ceilings they light. With `on` false, no light at all.
    pub(crate) fn prepare<'a>(
        &'a mut self,
        (level, assets, doors): (&Level, &'a RenderAssets, &dyn MovingParts),
        camera: &Camera,
        size: (u32, u32),
        (on, mipmaps): (bool, bool),
    ) -> Prepared<'a> {
        let options = flash::FlashOptions {
            mipmaps,
            #[cfg(test)]
            exact: !self.whole_light_polygons,
            #[cfg(test)]
            copied: !self.no_flash_copies,
        };
        let FrameLights {
            dynamic_lights,
            dynamic,
            flash,
            relight,
            ..
        } = self;
        let (map, relit) = if on {
            relight.update(level, assets, doors)
        } else {
            (None, None)
        };
        let flashes: &[Light] = if on { dynamic_lights } else { &[] };
        flash::light_dynamically(
            (dynamic, flash),
            (level, assets, doors),
            (flashes, map),
            camera,
            size,
            options,
        );
        let (dynamic, flash): (&'a DynamicLights, &'a FlashSurfaces) = (dynamic, flash);
        let lighting = Lighting {
            map,
            dynamic: (!dynamic.is_empty()).then_some(dynamic),
            relit,
        };
        Prepared {
            lighting: (!lighting.is_neutral()).then_some(lighting),
            flash: (!dynamic.is_empty()).then_some(flash),
        }
    }
}
