//! # tilecaster
//!
//! A Wolfenstein-style raycasting engine and its demo game. This library is the headless
//! core: everything but the window. Its modules stand in layers, each using only those below
//! it (the README's Layout section draws them, and `tests/architecture.rs` holds them):
//! [`math`] and the one grid traversal ([`grid`]) at the bottom; maps, frames and textures;
//! the geometry that walks the grid ([`geom`]); levels ([`level`]); then the simulation
//! ([`game`]) and the renderer ([`render`]) side by side, neither knowing the other; and the
//! presentation layer ([`scene`]) that turns a game into the renderer's scene, the HUD and the
//! top-down map. The binary adds the window and the command line.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![doc = include_str!("../README.md")]

pub mod audio;
pub mod bindings;
pub mod files;
pub mod frame;
pub mod game;
pub mod geom;
pub mod grid;
pub mod level;
pub mod map;
pub mod math;
pub mod render;
pub mod scene;
pub mod texture;
