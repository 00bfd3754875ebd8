//! The traversal's shared vocabulary: what a walk yields ([`Entry`], [`Via`]), what stops it
//! ([`Solidity`], [`Hit`]), the bounds it keeps ([`DOMAIN`]), and the texel lookup of shaped
//! cells. The walk itself ([`super::Walk`]), the grids in the caller's units ([`super::Grid`])
//! and the masks ([`super::Mask`]) all speak it, and none of them imports another for it.

use super::cell::{Cell, Face};
use super::shape::Mask;
use crate::math::Vec2;

/// Walks stay within `[-DOMAIN, DOMAIN]` on both axes (2^24 tiles). A start outside it walks
/// only [`Cell::OUTSIDE`]; a ray or segment that leaves it ends at its edge. This bounds every
/// walk to fewer than 2^27 cells.
pub const DOMAIN: f64 = 16_777_216.0;

/// How a walk arrived in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Via {
    /// The start cell (no face crossed).
    Start,
    /// Across one face.
    Face,
    /// The corner neighbour across the x boundary, listed when the walk passes exactly through a
    /// grid vertex. The walk only touches it at that vertex.
    CornerX,
    /// The corner neighbour across the y boundary (listed after [`Via::CornerX`]).
    CornerY,
    /// Diagonally through a grid vertex, after both corner neighbours; it reports its x face.
    Diagonal,
}

/// One cell of a walk. Fields may be added (it is `#[non_exhaustive]`): read them, and get
/// entries from a [`Walk`](super::Walk).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Entry {
    /// The cell.
    pub cell: Cell,
    /// The face crossed to enter it; `None` for the start cell.
    pub face: Option<Face>,
    /// How the walk arrived.
    pub via: Via,
    /// Where it was entered, in units of the walk's direction vector (0 at the start; 1 at the
    /// end of a segment). For a camera ray `dir + plane * camera_x` this is the perpendicular
    /// distance.
    pub t: f64,
    /// Where it was entered, in world units (tiles) from the start.
    pub distance: f64,
}

/// Which cells block a cast, supplied by the caller: a tilecaster `TileMap`, or any
/// `Fn(Cell) -> bool`. Out-of-bounds cells should answer `true`.
pub trait Solidity {
    /// Whether `cell` blocks.
    fn is_solid(&self, cell: Cell) -> bool;

    /// Pixel-exact refinement: whether a hit on a solid cell really stops the cast. A cell whose
    /// texture has holes (a grate) answers from its alpha at [`Hit::u`]; answering `false` lets
    /// the walk continue through the cell. Asked too for a start inside a solid cell (a hit
    /// without a face), but not for a corner hit. The default accepts every hit.
    #[inline]
    fn accepts(&self, hit: &Hit) -> bool {
        let _ = hit;
        true
    }

    /// The mask of a shaped cell (a round pillar, a thin wall), asked for cells that
    /// [`is_solid`](Solidity::is_solid) calls solid: the cell then blocks only where its
    /// texels are, and the walk goes on inside it at texel scale (see [`Mask`]). `None`, the
    /// default, for a cell solid throughout.
    #[inline]
    fn shape(&self, cell: Cell) -> Option<&Mask> {
        let _ = cell;
        None
    }

    /// For a solid cell whose hits [`accepts`](Solidity::accepts) answers by the texel columns
    /// of the face hit (a grate's texture), those columns along `face` (`true`: solid), from
    /// the face's `u` 0 to 1. Visibility polygons cast rays at the edges between them, so that
    /// light and sight pass a grate's holes and not its bars. `None`, the default, for a cell
    /// whose faces are solid whole (or that `accepts` does not answer column by column).
    fn face_texels(&self, cell: Cell, face: super::Face) -> Option<&[bool]> {
        let _ = (cell, face);
        None
    }
}

impl<F: Fn(Cell) -> bool> Solidity for F {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        self(cell)
    }
}

/// The first solid cell along a walk. Fields may be added (it is `#[non_exhaustive]`): read
/// them, and get hits from [`cast_ray`](super::cast_ray) and its kin.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Hit {
    /// The solid cell hit (for a corner hit, the corner neighbour across the x boundary).
    pub cell: Cell,
    /// The face crossed into it; `None` when the start cell itself is solid.
    pub face: Option<Face>,
    /// The hit point: on the face (exactly on its grid line), or the start point.
    pub point: Vec2,
    /// The hit's distance in units of the walk's direction vector: the perpendicular distance
    /// for a camera ray `dir + plane * camera_x`.
    pub t: f64,
    /// Where the walk started.
    pub origin: Vec2,
    /// The wall coordinate along the face in `[0, 1)`: `point.y - cell.y` on a west or east face,
    /// `point.x - cell.x` on a north or south face, 0 without a face. Renderers mirror it where
    /// a texture would read backwards.
    pub u: f64,
    /// Whether the walk was blocked at a vertex by two solid corner neighbours.
    pub corner: bool,
    /// Cells walked, the start and the hit cell included.
    pub visited: u32,
    /// In a shaped cell, the mask's texel hit (`x`, `y` from the cell's north-west corner);
    /// `None` for a cell solid throughout. The face, point and `u` are then the texel's.
    pub texel: Option<(u32, u32)>,
}

impl Hit {
    /// The hit's distance from the start in world units (tiles): from the hit point, which lies
    /// exactly on its grid line, so an exact distance comes out exact. Computed on demand (the
    /// renderer only needs [`Hit::t`]).
    pub fn distance(&self) -> f64 {
        if self.face.is_none() {
            0.0
        } else {
            norm(self.point - self.origin)
        }
    }
}

/// Euclidean length without libm's `hypot` where the squares cannot over- or underflow.
#[inline]
pub(super) fn norm(d: Vec2) -> f64 {
    let m = d.x.abs().max(d.y.abs());
    if m > 1e-150 && m < 1e150 {
        (d.x * d.x + d.y * d.y).sqrt()
    } else {
        d.x.hypot(d.y)
    }
}

/// Texel `t` of the texel grid of shaped cell `cell` (counted from the cell's north-west
/// corner, and beyond it), where solid: its map cell and, in a shaped cell, its texel there.
/// Within the cell it is `mask`'s; beyond, the neighbouring cell's: solid throughout, open, or
/// its own mask's texel there (at the coarser of the two resolutions when the sides differ).
/// The one lookup of the texel walk's corner rule and the visibility polygon's outline corners.
pub(crate) fn texel_of<S: Solidity + ?Sized>(
    grid: &S,
    cell: Cell,
    mask: &Mask,
    (i, j): (i64, i64),
) -> Option<(Cell, Option<(u32, u32)>)> {
    let side = i64::from(mask.side());
    if (0..side).contains(&i) && (0..side).contains(&j) {
        let texel = (i as u32, j as u32);
        return mask
            .is_solid(texel.0, texel.1)
            .then_some((cell, Some(texel)));
    }
    let other = Cell::new(
        cell.x + i.div_euclid(side) as i32,
        cell.y + j.div_euclid(side) as i32,
    );
    if !grid.is_solid(other) {
        return None;
    }
    match grid.shape(other) {
        None => Some((other, None)),
        Some(m) => {
            let scale = |v: i64| (v.rem_euclid(side) * i64::from(m.side()) / side) as u32;
            let texel = (scale(i), scale(j));
            m.is_solid(texel.0, texel.1).then_some((other, Some(texel)))
        }
    }
}
