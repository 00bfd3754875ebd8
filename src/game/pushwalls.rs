//! Push walls: secret walls that slide back when used.

use crate::grid::Cell;
use crate::level::Level;
use crate::map::Tile;
use crate::math::Vec2;

/// How far a push wall slides, cells.
const TRAVEL: i32 = 2;
/// Cells per second.
const SPEED: f64 = 1.0;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct PushWall {
    /// Where it started.
    origin: Cell,
    /// The direction it moves in (one axis, one step).
    dir: (i32, i32),
    /// Cells moved so far (fractional while moving).
    offset: f64,
    moving: bool,
    /// Whether it has been pushed (it moves only once).
    used: bool,
}

impl PushWall {
    /// The cell its near edge is in: `origin + floor(offset) * dir`.
    fn cell(&self) -> Cell {
        let k = self.offset.floor() as i32;
        Cell::new(
            self.origin.x + self.dir.0 * k,
            self.origin.y + self.dir.1 * k,
        )
    }
}

/// Every push wall of a level.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PushWalls {
    walls: Vec<PushWall>,
}

impl PushWalls {
    /// All in place.
    pub fn new(level: &Level) -> PushWalls {
        let mut walls = Vec::new();
        for y in 0..level.map.height() as i32 {
            for x in 0..level.map.width() as i32 {
                if level.map.get(Cell::new(x, y)) == Some(Tile::PushWall) {
                    walls.push(PushWall {
                        origin: Cell::new(x, y),
                        dir: (0, 0),
                        offset: 0.0,
                        moving: false,
                        used: false,
                    });
                }
            }
        }
        PushWalls { walls }
    }

    /// Whether `other` has the same push walls (starting in the same cells, in order).
    pub(crate) fn same_walls(&self, other: &PushWalls) -> bool {
        self.walls.len() == other.walls.len()
            && self
                .walls
                .iter()
                .zip(&other.walls)
                .all(|(a, b)| a.origin == b.origin)
    }

    /// How many have been found (pushed), and how many there are.
    pub fn found(&self) -> (usize, usize) {
        (
            self.walls.iter().filter(|w| w.used).count(),
            self.walls.len(),
        )
    }

    /// Whether an unused push wall stands in `cell` (one that may still slide away when pushed;
    /// a pushed one stays where it stopped).
    pub fn can_push(&self, cell: Cell) -> bool {
        self.walls.iter().any(|w| !w.used && w.origin == cell)
    }

    /// Pushes the wall in `cell` along `dir` (a unit step on one axis), if it is an unused push
    /// wall with room to move. Whether it started.
    ///
    /// The level's map is changed (and so, if it is shared, copied) only if it starts.
    pub fn push(
        &mut self,
        cell: Cell,
        dir: (i32, i32),
        level: &mut std::sync::Arc<crate::level::Level>,
        occupied: &[Cell],
    ) -> bool {
        let Some(w) = self.walls.iter_mut().find(|w| !w.used && w.origin == cell) else {
            return false;
        };
        let next = Cell::new(cell.x + dir.0, cell.y + dir.1);
        if level.map.get(next) != Some(Tile::Empty) || occupied.contains(&next) {
            return false;
        }
        w.dir = dir;
        w.used = true;
        w.moving = true;
        // The block now spans its cell and the next one.
        let map = &mut std::sync::Arc::make_mut(level).map;
        let style = map.style(cell);
        map.set_styled(next, Tile::PushWall, style);
        true
    }

    /// One tick: moving walls slide; at each whole cell the one behind opens, and the wall goes
    /// on into the next if it is empty and nothing stands there, else it stops.
    ///
    /// The level's map is changed (and so, if it is shared, copied) only in a tick a wall
    /// crosses into the next cell.
    pub fn tick(&mut self, level: &mut std::sync::Arc<crate::level::Level>, occupied: &[Cell]) {
        for w in self.walls.iter_mut().filter(|w| w.moving) {
            let before = w.offset.floor();
            w.offset = (w.offset + SPEED * super::TICK).min(TRAVEL as f64);
            if w.offset.floor() > before {
                let map = &mut std::sync::Arc::make_mut(level).map;
                w.offset = w.offset.floor();
                let behind = Cell::new(w.cell().x - w.dir.0, w.cell().y - w.dir.1);
                let style = map.style(w.cell());
                map.set_styled(behind, Tile::Empty, 0);
                let next = Cell::new(w.cell().x + w.dir.0, w.cell().y + w.dir.1);
                let room = map.get(next) == Some(Tile::Empty) && !occupied.contains(&next);
                if w.offset < TRAVEL as f64 && room {
                    map.set_styled(next, Tile::PushWall, style);
                } else {
                    w.moving = false;
                }
            }
        }
    }

    /// For a cell a moving wall covers, the block's corner of smallest x and y (its square is
    /// that corner plus one tile on both axes); `None` for cells no moving wall covers.
    pub fn block_at(&self, cell: Cell) -> Option<Vec2> {
        self.walls.iter().filter(|w| w.moving).find_map(|w| {
            let near = w.cell();
            let far = Cell::new(near.x + w.dir.0, near.y + w.dir.1);
            (cell == near || cell == far).then(|| {
                let frac = w.offset - w.offset.floor();
                Vec2::new(
                    near.x as f64 + w.dir.0 as f64 * frac,
                    near.y as f64 + w.dir.1 as f64 * frac,
                )
            })
        })
    }
}
