//! 2D geometry that walks the grid: the spatial hash for moving actors, the visibility polygon
//! and the flashlight, and doors' slabs. The vector type and the primitive intersections live
//! below the grid in [`crate::math`].

mod door;
mod spatial;
mod visibility;

// The same items as in `math` (their one documented path), kept here for programs written
// when `geom` held them.
#[doc(hidden)]
pub use crate::math::{Vec2, ray_circle, ray_segment};
// For tilecaster's renderer (a door's slab inside its cell); not part of this crate's API.
#[doc(hidden)]
pub use door::door_slab_hit;
pub use spatial::{SpatialHash, cells_under_circle};
// Lights cast every frame: the polygon into buffers kept between frames, allocating nothing
// once they have grown (`visibility_polygon_into`).
pub use visibility::{Arc, Scratch as FanScratch, visibility_polygon_into};
pub use visibility::{Visibility, flashlight, visibility_polygon};
