//! What blocks movement, bullets and sight in the game: the level's walls, the doors as they
//! stand, the holes of its grates, and the decorations that stand in the way.

use super::Doors;
use crate::grid::{Cell, Hit, Solidity};
use crate::level::{Holes, Level};
use crate::map::Tile;

/// What blocks bullets and sight: walls, push walls, masked walls (but for their holes), and
/// doors that are not fully open (no decoration, as in Wolfenstein 3D).
#[derive(Clone, Copy)]
pub struct Blocking<'a> {
    pub(super) level: &'a Level,
    pub(super) doors: &'a Doors,
    pub(super) holes: &'a Holes,
    pub(super) obstacles: &'a Obstacles,
}

/// What blocks walking: whatever [`Blocking`] blocks, and every decoration that stands in
/// the way (a barrel, a table), whose whole cell is closed to the player and enemies, as in
/// Wolfenstein 3D; bullets and sight pass them.
#[derive(Clone, Copy)]
pub struct Footing<'a>(pub Blocking<'a>);

/// The cells the level's decorations close to walking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Obstacles {
    width: usize,
    /// Per cell, row-major: whether a decoration closes it to walking.
    cells: Vec<bool>,
}

impl Obstacles {
    /// The cells `level`'s decorations close.
    pub fn of(level: &Level) -> Obstacles {
        let (width, height) = (level.map.width(), level.map.height());
        let mut cells = vec![false; width * height];
        for d in &level.decorations {
            let c = d.cell();
            if let Some(slot) = Obstacles::index(width, height, c).and_then(|i| cells.get_mut(i)) {
                *slot |= d.kind.blocks;
            }
        }
        Obstacles { width, cells }
    }

    fn index(width: usize, height: usize, c: Cell) -> Option<usize> {
        let (x, y) = (usize::try_from(c.x).ok()?, usize::try_from(c.y).ok()?);
        (x < width && y < height).then_some(y * width + x)
    }

    /// Whether a decoration closes `cell` to walking.
    pub fn stops_walking(&self, cell: Cell) -> bool {
        let height = self.cells.len() / self.width.max(1);
        Obstacles::index(self.width, height, cell).is_some_and(|i| self.cells[i])
    }
}

impl<'a> Blocking<'a> {
    /// Whether `cell` holds a door that is not fully open.
    pub fn is_closed_door(&self, cell: Cell) -> bool {
        self.level.map.get(cell) == Some(Tile::Door) && !self.doors.passable(cell)
    }

    /// Whether an enemy can path through `cell`: open floor with nothing standing in it, or a
    /// door (they open doors).
    pub fn walkable_for_enemies(&self, cell: Cell) -> bool {
        matches!(self.level.map.get(cell), Some(Tile::Empty | Tile::Door))
            && !self.obstacles.stops_walking(cell)
    }

    /// What blocks walking here.
    pub fn footing(self) -> Footing<'a> {
        Footing(self)
    }
}

impl Solidity for Blocking<'_> {
    fn is_solid(&self, cell: Cell) -> bool {
        match self.level.map.get(cell) {
            None => true,
            Some(Tile::Empty) => false,
            Some(Tile::Door) => !self.doors.passable(cell),
            Some(_) => true,
        }
    }

    fn accepts(&self, hit: &Hit) -> bool {
        self.holes.blocks(self.level, hit)
    }

    #[inline]
    fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        self.level.shape(cell)
    }

    fn face_texels(&self, cell: Cell, face: crate::grid::Face) -> Option<&[bool]> {
        self.holes.face(self.level, cell, face)
    }
}

impl Solidity for Footing<'_> {
    fn is_solid(&self, cell: Cell) -> bool {
        self.0.is_solid(cell) || self.0.obstacles.stops_walking(cell)
    }

    fn accepts(&self, hit: &Hit) -> bool {
        self.0.accepts(hit)
    }

    #[inline]
    fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        self.0.shape(cell)
    }

    fn face_texels(&self, cell: Cell, face: crate::grid::Face) -> Option<&[bool]> {
        self.0.face_texels(cell, face)
    }
}
