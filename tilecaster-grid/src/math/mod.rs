//! 2D math below the grid: the vector type and the primitive intersections (ray/segment,
//! ray/circle). It knows nothing of cells; [`crate::grid`] builds on it, and [`crate::geom`]
//! re-exports it beside the geometry that walks the grid.

mod interop;
mod intersect;
mod same_everywhere;
mod vec2;

pub use intersect::{ray_circle, ray_segment};
pub use same_everywhere::{atan2_degrees, length, sin_cos_degrees, turn_degrees};
pub use vec2::Vec2;
