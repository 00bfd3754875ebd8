//! The traversal's shared vocabulary: what a walk yields ([`Entry`], [`Via`]), what stops it
//! ([`Solidity`], [`Hit`]), and the texel lookup of shaped cells (the bounds a walk keeps,
//! [`DOMAIN`](super::DOMAIN), are the cells' own: `super::cell`). The walk itself ([`super::Walk`]), the grids in the caller's units ([`super::Grid`])
//! and the masks ([`super::Mask`]) all speak it, and none of them imports another for it.

use super::bounds::CellRect;
use super::cell::{Cell, Face};
use super::shape::Mask;
use crate::math::Vec2;

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
    /// Where it was entered, in world units from the start: [`Entry::distance`].
    pub(crate) distance: f64,
}

impl Entry {
    /// Where the cell was entered, in world units (tiles, or the [`Grid`](super::Grid)'s
    /// units) from the start: `t` times the direction's length. A method, as
    /// [`Hit::distance`] is. Cost: a read (worked out as the walk goes).
    #[inline]
    pub fn distance(&self) -> f64 {
        self.distance
    }
}

/// Which cells block a cast, supplied by the caller: any `Fn(Cell) -> bool`, a `Vec<Vec<bool>>`
/// (rows of cells, `map[y][x]`), a [`BoolGrid`](super::BoolGrid) over a `&[bool]`, a type of
/// your own, or one of these boxed (`Box`, `Rc` or `Arc` of `dyn Solidity`, or `&dyn
/// Solidity`).
///
/// **Beyond a map's edge is solid**, one rule for every map: this crate's ([`BoolGrid`](super::BoolGrid),
/// `Vec<Vec<bool>>`) answer `true` beyond their cells, so that casts, sweeps, light polygons and
/// fields of view all meet the edge as a wall ([`BoolGrid::open_beyond`](super::BoolGrid::open_beyond)
/// for a field open around it); a map of your own should answer so too, and say where it ends
/// with [`bounds`](Solidity::bounds), so that a cast stops within a cell of leaving it. A light
/// polygon treats everything beyond the area it is given as solid; a field of view lists
/// nothing beyond the bounds. A closure knows no edge: it answers for every cell, and a cast
/// with no limit over open ground ends [`UNBOUNDED_REACH`](super::UNBOUNDED_REACH) cells from
/// its start.
///
/// ```
/// use tilecaster_grid::grid::{cast_ray, Cell, CellRect, Solidity};
/// use tilecaster_grid::math::Vec2;
/// // A map of your own: a 64 x 64 field, open beyond it, with one wall column.
/// struct Field;
/// impl Solidity for Field {
///     fn is_solid(&self, c: Cell) -> bool {
///         c.x == 40 && (0..64).contains(&c.y)
///     }
///     fn bounds(&self) -> Option<CellRect> {
///         Some(CellRect::new(0, 0, 64, 64))
///     }
/// }
/// let wall = cast_ray(&Field, Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.0), f64::INFINITY);
/// assert_eq!(wall.map(|h| h.cell), Some(Cell::new(40, 0)));
/// // Away from the wall: the cast ends at the field's edge, not 65,536 cells on.
/// assert!(cast_ray(&Field, Vec2::new(0.5, 0.5), Vec2::new(-1.0, 0.0), f64::INFINITY).is_none());
/// ```
pub trait Solidity {
    /// Whether `cell` blocks.
    fn is_solid(&self, cell: Cell) -> bool;

    /// Where the map ends, if it does: the casts of this crate ([`cast_ray`](super::cast_ray),
    /// [`line_of_sight`](super::line_of_sight), [`Grid::cast_ray`](super::Grid::cast_ray) and
    /// the rest) stop within a cell of leaving it, so cells further out are never asked. A map
    /// that is open beyond its bounds then misses there instead of walking on; one that is
    /// solid beyond them is hit at its edge as without. `None`, the default: no bounds (see
    /// [`UNBOUNDED_REACH`](super::UNBOUNDED_REACH)).
    #[inline]
    fn bounds(&self) -> Option<CellRect> {
        None
    }

    /// Whether a hit on a solid cell really stops the cast, decided along the face hit (at
    /// [`Hit::u`]): a cell whose texture has holes (a grate) answers from its alpha there;
    /// answering `false` lets the walk continue through the cell. For cells solid only in
    /// part in two dimensions (pixel-exact tiles), use [`shape`](Solidity::shape) instead.
    /// Asked too for a start inside a solid cell (a hit without a face), but not for a corner
    /// hit. The default accepts every hit.
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

/// Forwards every question to the map behind a pointer: boxed and shared maps chosen at run
/// time. (A blanket `impl Solidity for &T` cannot sit beside the one for closures, since a
/// reference to a closure is a closure; pass `&map` where `&S` is asked instead.)
macro_rules! forward_solidity {
    ($($t:ty),*) => {$(
        impl Solidity for $t {
            #[inline]
            fn is_solid(&self, cell: Cell) -> bool {
                (**self).is_solid(cell)
            }
            #[inline]
            fn bounds(&self) -> Option<CellRect> {
                (**self).bounds()
            }
            #[inline]
            fn accepts(&self, hit: &Hit) -> bool {
                (**self).accepts(hit)
            }
            #[inline]
            fn shape(&self, cell: Cell) -> Option<&Mask> {
                (**self).shape(cell)
            }
            fn face_texels(&self, cell: Cell, face: Face) -> Option<&[bool]> {
                (**self).face_texels(cell, face)
            }
        }
    )*};
}

forward_solidity!(
    &dyn Solidity,
    &(dyn Solidity + Send + Sync),
    Box<dyn Solidity + '_>,
    Box<dyn Solidity + Send + Sync + '_>,
    std::rc::Rc<dyn Solidity + '_>,
    std::sync::Arc<dyn Solidity + Send + Sync + '_>
);

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
    /// for a camera ray `dir + plane * camera_x`. Tiles only for a unit direction:
    /// [`Hit::distance`] is always in world units. (A sweep's [`Contact::t`](super::Contact::t)
    /// is a fraction of its motion instead.)
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
    let (side_x, side_y) = (i64::from(mask.width()), i64::from(mask.height()));
    if (0..side_x).contains(&i) && (0..side_y).contains(&j) {
        let texel = (i as u32, j as u32);
        return mask
            .is_solid(texel.0, texel.1)
            .then_some((cell, Some(texel)));
    }
    let other = Cell::new(
        cell.x + i.div_euclid(side_x) as i32,
        cell.y + j.div_euclid(side_y) as i32,
    );
    if !grid.is_solid(other) {
        return None;
    }
    match grid.shape(other) {
        None => Some((other, None)),
        Some(m) => {
            let scale = |v: i64, side: i64, theirs: u32| {
                (v.rem_euclid(side) * i64::from(theirs) / side) as u32
            };
            let texel = (scale(i, side_x, m.width()), scale(j, side_y, m.height()));
            m.is_solid(texel.0, texel.1).then_some((other, Some(texel)))
        }
    }
}
