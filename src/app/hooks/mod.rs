//! The platform's steps around each frame, given the controller (natively the gamepads read;
//! in the page its requests, its pointer lock, and the page told of each frame): two modules
//! with the same functions, one compiled in, as `super::platform`'s. They sit above the
//! controller, which uses the platform's services (`super::platform`) and never these.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub(super) use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub(super) use web::*;
