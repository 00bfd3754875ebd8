//! What differs between the native window and the browser page, as two modules with the same
//! functions (`native` and `web`, one compiled in): where settings, scores and saves are kept,
//! taking the mouse, the window's first size, the GPU surface (made at once natively, made
//! asynchronously by the page), the page's hooks around a frame, and how frames are paced.
//! The glue in `super` and the controller call these and hold no `cfg` of their own for them.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub(super) use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub(super) use web::*;
