//! A door's slab: the thin plane through the middle of its cell that the renderer draws and
//! that rays meet, slid sideways by how open the door is.

use crate::grid::{Cells, Hit};
use crate::math::Vec2;

/// The hit of a ray on a door's slab, on the grid `cells` (`&UnitCells` for the engine's own).
/// `hit` is the walk's hit on the door's cell (on the face it entered by, or without a face for
/// a start inside the cell), `dir` the walk's direction, `along_x` whether the slab runs along
/// x (walls west and east of the door: the slab crosses the cell at half its height),
/// otherwise along y (at half its width); `open` (0 closed, 1 open) is the part slid into the
/// wall, from the slab's low end. The hit moved onto the slab, with its `t`, point and `u`
/// (measured from the slab's closed edge, as a fraction of the cell); `None` when the ray
/// leaves the cell before the slab, or passes through its open part.
///
/// ```
/// use tilecaster_grid::geom::door_slab_hit;
/// use tilecaster_grid::math::Vec2;
/// use tilecaster_grid::grid::{cast_ray, Cell, UnitCells};
/// // A door in cell (2, 0), its slab along y at x = 2.5.
/// let door = |c: Cell| c == Cell::new(2, 0);
/// let dir = Vec2::new(1.0, 0.0);
/// let face = cast_ray(&door, Vec2::new(0.5, 0.25), dir, 10.0).unwrap();
/// let slab = door_slab_hit(&UnitCells, &face, dir, false, 0.0).unwrap();
/// assert_eq!((slab.point, slab.t), (Vec2::new(2.5, 0.25), 2.0));
/// // Half open: the slab's low half has slid away, and the ray at y = 0.25 passes.
/// assert!(door_slab_hit(&UnitCells, &face, dir, false, 0.5).is_none());
/// ```
pub fn door_slab_hit<G: Cells>(
    cells: &G,
    hit: &Hit,
    dir: Vec2,
    along_x: bool,
    open: f64,
) -> Option<Hit> {
    let open = open.clamp(0.0, 1.0);
    let corner = cells.cell_corner(hit.cell);
    let (w, h) = cells.cell_size();
    let (inv_w, inv_h) = cells.inverse_size();
    let (c, o, d) = if along_x {
        (corner.y + 0.5 * h, hit.origin.y, dir.y)
    } else {
        (corner.x + 0.5 * w, hit.origin.x, dir.x)
    };
    if d == 0.0 {
        return None;
    }
    let t = (c - o) / d;
    let point = hit.origin + dir * t;
    let local = if along_x {
        (point.x - corner.x) * inv_w
    } else {
        (point.y - corner.y) * inv_h
    };
    if !(t >= hit.t && (open..1.0).contains(&local)) {
        return None; // past the door's edge, or through its open part
    }
    let mut slab = *hit;
    slab.t = t;
    slab.point = point;
    slab.u = local - open;
    Some(slab)
}
