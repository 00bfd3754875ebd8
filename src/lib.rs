//! # tilecaster
//!
//! A Wolfenstein-style first-person raycasting engine. This library is the headless core: the
//! exact grid traversal ([`grid`]), maps ([`map`]) and geometry ([`geom`]). It never touches a
//! window; the binary wires the front end.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![doc = include_str!("../README.md")]

pub mod frame;
pub mod game;
pub mod geom;
pub mod grid;
pub mod keys;
pub mod level;
pub mod map;
pub mod render;
pub mod texture;
pub mod topdown;
