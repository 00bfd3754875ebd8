//! 2D geometry that walks the grid: the spatial hash for moving actors, the visibility polygon
//! and the flashlight, and doors' slabs. The vector type and the primitive intersections live below the grid in
//! [`crate::math`]; they are re-exported here so that one `use tilecaster_grid::geom::...` brings
//! all of 2D geometry.

mod door;
mod spatial;
mod visibility;

// The same items as in `math`, so that one `use tilecaster_grid::geom::...` brings all of 2D
// geometry; documented there.
#[doc(no_inline)]
pub use crate::math::{Vec2, ray_circle, ray_segment};
// For tilecaster's renderer (a door's slab inside its cell); not part of this crate's API.
#[doc(hidden)]
pub use door::door_slab_hit;
pub use spatial::{SpatialHash, cells_under_circle};
// For tilecaster's lights (the fan of a light's polygon, kept between frames); not part of
// this crate's API.
#[doc(hidden)]
pub use visibility::{Arc, Scratch as FanScratch, visibility_polygon_into};
pub use visibility::{Visibility, flashlight, visibility_polygon};
