//! What blocks movement, bullets and sight in the game: the level's walls, the doors as they
//! stand, and the holes of its grates.

use super::Doors;
use crate::grid::{Cell, Hit, Solidity};
use crate::level::{Holes, Level};
use crate::map::Tile;

/// What blocks movement: walls, push walls, masked walls, and doors that are not fully open.
/// Casts (bullets, sight) pass the holes of masked walls.
pub struct Blocking<'a> {
    pub(super) level: &'a Level,
    pub(super) doors: &'a Doors,
    pub(super) holes: &'a Holes,
}

impl Blocking<'_> {
    /// Whether `cell` holds a door that is not fully open.
    pub fn is_closed_door(&self, cell: Cell) -> bool {
        self.level.map.get(cell) == Some(Tile::Door) && !self.doors.passable(cell)
    }

    /// Whether an enemy can path through `cell`: open floor, or a door (they open doors).
    pub fn walkable_for_enemies(&self, cell: Cell) -> bool {
        matches!(self.level.map.get(cell), Some(Tile::Empty | Tile::Door))
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
}
