//! What the renderer draws a cell's floor, ceiling and walls with, resolved to indices: the
//! vocabulary the level's assets (`super::assets`) and the surfaces lit ahead of time
//! (`super::lit`) share.

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
