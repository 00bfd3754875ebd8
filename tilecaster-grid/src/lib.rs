//! The grid traversal of [tilecaster](https://crates.io/crates/tilecaster), on its own: the
//! cells a ray, a bullet or a line of sight crosses on a tile map, in order, exactly (every
//! crossing decided in fixed point, the same both ways along a segment, a ray through a corner
//! passing only where both cells beside it are open), with what is built on it: ray casts with
//! the face and point hit, lazy walks, line of sight, visibility polygons and a flashlight,
//! a spatial hash, shortest paths, and cells shaped from a bitmap (pixel-exact tiles). No
//! dependencies beyond `std`.
//!
//! ```
//! use tilecaster_grid::geom::SpatialHash;
//! use tilecaster_grid::math::Vec2;
//! use tilecaster_grid::grid::{cast_ray, line_of_sight, Cell, Face};
//!
//! // A bullet: the first wall (any `Fn(Cell) -> bool` is a map), then the first actor before it.
//! let walls = |c: Cell| c.x == 8;
//! let wall = cast_ray(&walls, Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), f64::INFINITY).unwrap();
//! assert_eq!((wall.cell, wall.face, wall.distance()), (Cell::new(8, 0), Some(Face::West), 7.5));
//! let mut actors = SpatialHash::default();
//! actors.insert(42, Vec2::new(4.5, 0.5), 0.25);
//! let hit = actors.first_along_ray(Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), wall.t, |_| true);
//! assert_eq!(hit, Some((42, 3.75)));
//!
//! // Line of sight past a pillar at (3, 1).
//! let pillar = |c: Cell| c == Cell::new(3, 1);
//! assert!(!line_of_sight(&pillar, Vec2::new(1.5, 1.5), Vec2::new(5.5, 1.5)));
//! assert!(line_of_sight(&pillar, Vec2::new(1.5, 2.5), Vec2::new(5.5, 2.5)));
//! ```
//!
//! Units: cells are one unit wide, cell `(x, y)` covering `[x, x + 1) x [y, y + 1)`, y down.
//! A [`grid::Grid`] (origin, cell width and height) answers the same queries in your units:
//! a 2D game's pixels.
//!
//! Where to start, for a 2D game (each has an example in the crate's `examples/`):
//!
//! - a bullet: [`grid::Grid::cast_ray`] (first wall, face, point), then
//!   [`geom::SpatialHash::first_along_ray`] (the first actor before it) — `bullets.rs`;
//! - a laser that bounces: [`grid::Hit::face`] and [`grid::Face::normal`] — `laser.rs`;
//! - pixel-perfect tiles from a bitmap's alpha: [`grid::Mask::from_rgba`] and
//!   [`grid::Solidity::shape`] — `laser.rs`;
//! - line of sight and lights: [`grid::line_of_sight`], [`grid::field_of_view`] and
//!   [`grid::FieldOfView`], [`grid::Grid::visibility_polygon`] — `sight.rs`;
//! - the tiles a ray crosses in order, stopping early: [`grid::Grid::walk_segment`] — `walk.rs`;
//! - an actor's collision box or circle moved against the walls: [`grid::Grid::sweep_box`],
//!   [`grid::Grid::sweep_circle`] (first contact, the face or corner met) and
//!   [`grid::Contact::slide`].
//!
//! Maps: any `Fn(Cell) -> bool`, a `Vec<Vec<bool>>`, a [`grid::BoolGrid`] over a `&[bool]`, or
//! a type implementing [`grid::Solidity`], which can say where the map ends
//! ([`grid::Solidity::bounds`]) so that casts stop there.
//!
//! - [`grid`]: the traversal (walks, casts, line of sight, field of view, cells, faces,
//!   shapes, paths);
//! - [`geom`]: geometry that walks the grid (visibility polygon, flashlight, spatial hash);
//! - [`math`]: `Vec2` and the primitive intersections.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// The README's example, compiled and run as a test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod geom;
pub mod grid;
pub mod math;
