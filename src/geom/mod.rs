//! 2D geometry shared by the traversal, the renderer and the game.

mod intersect;
mod vec2;

pub use intersect::ray_circle;
pub use vec2::Vec2;
