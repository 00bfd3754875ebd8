//! # tilecaster
//!
//! A Wolfenstein-style raycasting engine and its demo game. The engine's heart is one grid
//! traversal (a DDA) that is exact, symmetric and corner-safe: for points on the 1/1024
//! lattice it visits the cells exact rational arithmetic would, in the same order, and two
//! walls touching at a corner block a ray through that corner. The same walk serves bullets,
//! line of sight, light and the first-person renderer.
//!
//! Use it without the game: `tilecaster = { version = "0.1", default-features = false }` builds
//! the engine alone, with no window or GPU crates.
//!
//! ## A bullet: the first wall, and the first actor before it
//!
//! ```
//! use tilecaster::geom::SpatialHash;
//! use tilecaster::math::Vec2;
//! use tilecaster::grid::{cast_ray, Cell, Face};
//!
//! let walls = |c: Cell| c.x == 8; // any Fn(Cell) -> bool, or a TileMap
//! let wall = cast_ray(&walls, Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), f64::INFINITY).unwrap();
//! assert_eq!((wall.cell, wall.face, wall.distance()), (Cell::new(8, 0), Some(Face::West), 7.5));
//!
//! let mut actors = SpatialHash::default();
//! actors.insert(42, Vec2::new(4.5, 0.5), 0.25);
//! let hit = actors.first_along_ray(Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), wall.t, |_| true);
//! assert_eq!(hit, Some((42, 3.75)));
//! ```
//!
//! ## Line of sight between two actors
//!
//! ```
//! use tilecaster::math::Vec2;
//! use tilecaster::grid::line_of_sight;
//! use tilecaster::map::TileMap;
//!
//! let map = TileMap::from_ascii("#######\n#..#..#\n#.....#\n#######\n").unwrap();
//! assert!(!line_of_sight(&map, Vec2::new(1.5, 1.5), Vec2::new(5.5, 1.5))); // the pillar
//! assert!(line_of_sight(&map, Vec2::new(1.5, 2.5), Vec2::new(5.5, 2.5)));
//! ```
//!
//! ## What a light sees
//!
//! ```
//! use tilecaster::geom::visibility_polygon;
//! use tilecaster::math::Vec2;
//! use tilecaster::grid::Cell;
//!
//! let room = |c: Cell| c.x <= 0 || c.y <= 0 || c.x >= 5 || c.y >= 4; // 4 x 3 inside walls
//! let seen = visibility_polygon(&room, (6, 5), Vec2::new(2.5, 2.5), f64::INFINITY);
//! assert!((seen.area() - 12.0).abs() < 1e-3);
//! ```
//!
//! ## A frame, headless
//!
//! ```
//! use tilecaster::frame::Frame;
//! use tilecaster::level::load_with_textures;
//! use tilecaster::render::{level_sprites, Camera, ClosedDoors, RenderAssets, Renderer};
//!
//! let loaded = load_with_textures("levels/e1m1.toml".as_ref(), None).unwrap();
//! let (level, textures) = (&loaded.level, &loaded.textures);
//! let camera = Camera::new(level.player.position, level.player.facing, Camera::DEFAULT_FOV);
//! let mut frame = Frame::new(320, 200).unwrap();
//! let (assets, sprites) = (RenderAssets::new(level, textures), level_sprites(level, textures));
//! Renderer::new().render(level, &assets, &ClosedDoors, &sprites, &camera, &mut frame);
//! // frame.save_png("view.png".as_ref(), false) writes it.
//! ```
//!
//! The bundled episode and textures are built in, so `levels/e1m1.toml` above loads from any
//! folder (a file on disk of that name comes first).
//!
//! ## Modules
//!
//! They stand in layers, each using only those below it: [`math`] and the one grid traversal
//! ([`grid`]) at the bottom; maps ([`map`]), frames ([`frame`]) and textures ([`texture`]); the
//! geometry that walks the grid ([`geom`]); levels ([`level`]); the renderer ([`render`]).
//! Those are the engine. The `game` feature (on by default) adds the demo game's own modules:
//! the simulation (`game`, beside the renderer, neither knowing the other), sound (`audio`),
//! key files (`bindings`) and the presentation layer (`scene`) that turns a game into the
//! renderer's scene, the HUD and the top-down map; the level editor's controller (`edit`); and
//! the binary with the window and the command line.
//!
//! Stability: before 1.0 a minor release may change any API. The traversal's results
//! ([`grid::Hit`], [`grid::Entry`]) are `#[non_exhaustive]`, so fields can be added without
//! breaking callers.
#![deny(unsafe_code)]
#![warn(missing_docs)]

// The traversal and the geometry on it: the `tilecaster-grid` crate, re-exported whole.
pub use tilecaster_grid::{geom, grid, math};

pub mod assets;
#[cfg(feature = "game")]
pub mod audio;
#[cfg(feature = "game")]
pub mod bindings;
#[cfg(feature = "game")]
pub mod edit;
#[cfg(feature = "game")]
pub mod episode;
#[cfg(feature = "game")]
pub mod files;
// Without the game, the files' internals (bounded reads, safe writes, the bundle) and the
// font's drawing stay inside: the engine's users load levels and textures through `level` and
// `texture`, which use them.
#[cfg(not(feature = "game"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod files;
pub mod frame;
#[cfg(feature = "game")]
pub mod game;
pub mod level;
pub mod lighting;
pub mod map;
#[cfg(feature = "game")]
pub mod net;
#[cfg(feature = "game")]
pub mod play;
pub mod progress;
pub mod render;
#[cfg(feature = "game")]
pub mod scene;
#[cfg(feature = "game")]
pub mod settings;
pub mod texture;

/// The README's code examples, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The library guide's code examples, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryGuideDoctests;
