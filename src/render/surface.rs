//! What the renderer draws a cell's floor, ceiling and walls with, resolved to indices: the
//! vocabulary the level's assets (`super::assets`, with the surfaces lit ahead of time) and
//! the lighting of surfaces (`super::light`) share.

use std::sync::Arc;

/// A floor or ceiling as the renderer uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SurfaceRef {
    Texture(u32),
    /// RGBA8 packed little-endian.
    Colour(u32),
}

#[derive(Clone, Debug)]
pub(crate) struct StyleRef {
    /// Texture per face: north, south, east, west.
    pub faces: [u16; 4],
    pub floor: SurfaceRef,
    pub ceiling: SurfaceRef,
    /// A shaped wall's outline, which its texture wraps.
    pub outline: Option<Arc<super::outline::Outline>>,
}

/// [`Drawn::flash`] of a cell under dynamic lights whose plain colour's copy is drawn a
/// sample at a time: the same for every such cell of one colour, so that neighbouring ones
/// join in one part of a row (copies are counted far below it).
pub(crate) const BY_SAMPLE: u32 = u32::MAX;

/// A floor or ceiling as the sweep draws it: the surface, whether it is lit already
/// (`false`: the sweep lights its pixels from the light map), and which of this frame's
/// copies lit by dynamic lights it is drawn from (`light::flash`; 0: none, [`BY_SAMPLE`]: each
/// cell's own, a plain colour's drawn a sample at a time, else the copy's index plus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Drawn {
    pub surface: SurfaceRef,
    pub lit: bool,
    pub flash: u32,
}

impl Drawn {
    /// `surface` as it is: lit already, or in no light at all.
    pub(crate) fn as_it_is(surface: SurfaceRef) -> Drawn {
        Drawn {
            surface,
            lit: true,
            flash: 0,
        }
    }
}
