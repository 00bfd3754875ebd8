//! The integration tests but two, as one test binary: each file of `tests/` a module
//! (`cargo test --test suite render::` runs `tests/render.rs`'s). One binary builds and links
//! once instead of 19 times (a fresh clone's `cargo test` spent over two minutes of CPU linking
//! the engine into each), and its tests share one pool of test threads, so a slow file no
//! longer runs alone at the end of its binary.
//!
//! Two files stay binaries of their own: `allocations.rs` counts the whole process's
//! allocations with its own global allocator, and `window.rs` runs its games one at a time
//! (a test waiting for the window would hold one of this binary's threads idle).

mod common;

mod anywhere;
mod architecture;
mod bad_inputs;
mod cli_trace;
mod data_folder;
mod editor;
mod fuzz_parsers;
mod hostile_numbers;
mod levels;
mod lights;
mod network;
mod play;
mod reference_render;
mod reliability;
mod render;
mod rollback;
mod session;
mod shapes;
mod signalling;
mod sound;
mod tiled;
mod visibility;
