//! 2D geometry shared by the traversal, the renderer and the game.

mod vec2;

pub use vec2::Vec2;
