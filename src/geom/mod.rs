//! 2D geometry shared by the traversal, the renderer and the game.

mod intersect;
mod spatial;
mod vec2;
mod visibility;

pub use intersect::{ray_circle, ray_segment};
pub use spatial::{SpatialHash, cells_under_circle};
pub use vec2::Vec2;
pub use visibility::{Visibility, flashlight, visibility_polygon};
