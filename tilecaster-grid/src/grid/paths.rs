//! Searches over the grid's cells: shortest paths (enemies chasing the player, the autopilot,
//! the level check that an exit can be reached) and reach (where a shot is heard).

use std::collections::VecDeque;

use super::{Cell, CellRect, Grid};
use crate::math::Vec2;

/// Breadth-first search over the 4-connected cells of `area` (a [`CellRect`], or its
/// `(x0, y0, x1, y1)` with ends exclusive) that `walkable` allows, from `start` to the nearest cell that `is_goal` accepts
/// (the goal itself must be walkable to be reached, unless it is `start`): the cells of the
/// path, `start` first. `None` when no goal can be reached or `start` lies outside `area`.
///
/// Cost: breadth-first over at most the cells of `area`: about 25 us across 64 x 64 cells.
/// Allocates the visited set and the path.
///
/// ```
/// use tilecaster_grid::grid::shortest_path;
/// use tilecaster_grid::grid::Cell;
/// // Round a wall at x = 1 (open only at y = 2), from (0, 0) to (2, 0).
/// let open = |c: Cell| c.x != 1 || c.y == 2;
/// let path = shortest_path(Cell::new(0, 0), (0, 0, 3, 3), open, |c| c == Cell::new(2, 0)).unwrap();
/// assert_eq!(path.len(), 7);
/// assert_eq!(path[3], Cell::new(1, 2));
/// ```
pub fn shortest_path(
    start: Cell,
    area: impl Into<CellRect>,
    walkable: impl Fn(Cell) -> bool,
    is_goal: impl Fn(Cell) -> bool,
) -> Option<Vec<Cell>> {
    let mut search = Search::new(area.into());
    let goal = search.run(start, walkable, is_goal, |_| {})?;
    let mut path = vec![goal];
    let mut at = goal;
    while at != start {
        let (dx, dy) = STEPS[(search.came[search.index(at)?] - 1) as usize];
        at = Cell::new(at.x - dx, at.y - dy);
        path.push(at);
    }
    path.reverse();
    Some(path)
}

/// Every cell of `area` (as in [`shortest_path`]) reachable from `start` through 4-connected
/// cells that `walkable` allows, `start` first (even when not walkable), then in
/// breadth-first order. Empty when `start` lies outside `area`.
///
/// Cost: breadth-first over at most the cells of `area`, allocating the list.
///
/// # Use cases
/// Where a shot is heard: the open cells within earshot, not through closed doors.
///
/// ```
/// use tilecaster_grid::grid::{Cell, reachable};
/// // A wall at x = 1 closes the left column off.
/// let cells = reachable(Cell::new(0, 0), (0, 0, 3, 3), |c: Cell| c.x != 1);
/// assert_eq!(cells, [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)]);
/// ```
pub fn reachable(
    start: Cell,
    area: impl Into<CellRect>,
    walkable: impl Fn(Cell) -> bool,
) -> Vec<Cell> {
    let mut cells = Vec::new();
    Search::new(area.into()).run(start, walkable, |_| false, |c| cells.push(c));
    cells
}

impl Grid {
    /// [`shortest_path`] between two points in this grid's units: the centres of the cells
    /// of the path from `from`'s cell to `to`'s, `from`'s first, through the cells of `area`
    /// that `walkable` allows. `None` when `to`'s cell cannot be reached (or either point lies
    /// outside `area`).
    ///
    /// ```
    /// use tilecaster_grid::grid::{Cell, CellRect, Grid};
    /// use tilecaster_grid::math::Vec2;
    /// // Round a wall of 32-pixel tiles at column 1, open only in row 2.
    /// let tiles = Grid::new(Vec2::ZERO, 32.0, 32.0).unwrap();
    /// let open = |c: Cell| c.x != 1 || c.y == 2;
    /// let path = tiles.shortest_path((10.0, 10.0), (70.0, 20.0), CellRect::new(0, 0, 3, 3), open).unwrap();
    /// assert_eq!(path.len(), 7);
    /// assert_eq!((path[0], path[3]), (Vec2::new(16.0, 16.0), Vec2::new(48.0, 80.0)));
    /// ```
    pub fn shortest_path(
        &self,
        from: impl Into<Vec2>,
        to: impl Into<Vec2>,
        area: impl Into<CellRect>,
        walkable: impl Fn(Cell) -> bool,
    ) -> Option<Vec<Vec2>> {
        let (start, goal) = (self.cell_of(from.into()), self.cell_of(to.into()));
        let path = shortest_path(start, area, walkable, |c| c == goal)?;
        let (w, h) = self.cell_size();
        let centre = |c: Cell| self.cell_corner(c) + Vec2::new(w / 2.0, h / 2.0);
        Some(path.into_iter().map(centre).collect())
    }
}

/// The steps of a search, in the order they are tried.
const STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The one breadth-first search over a rectangle of cells, for paths and for reach.
struct Search {
    area: CellRect,
    /// Per cell, how it was reached: 0 not yet, else 1 + the index of the step into it (a
    /// byte a cell, so that a 4096 x 4096 map costs 16 MiB).
    came: Vec<u8>,
}

impl Search {
    /// The mark of the start cell in `came`.
    const START: u8 = u8::MAX;

    fn new(area: CellRect) -> Search {
        let cells = area.width() as usize * area.height() as usize;
        Search {
            area,
            came: vec![0; cells],
        }
    }

    fn index(&self, c: Cell) -> Option<usize> {
        let a = self.area;
        a.contains(c).then(|| {
            (i64::from(c.y) - i64::from(a.y0)) as usize * a.width() as usize
                + (i64::from(c.x) - i64::from(a.x0)) as usize
        })
    }

    /// Searches from `start`, telling `visit` each cell as it is taken from the queue, until
    /// a cell that `is_goal` accepts (returned) or the reachable cells run out (`None`).
    fn run(
        &mut self,
        start: Cell,
        walkable: impl Fn(Cell) -> bool,
        is_goal: impl Fn(Cell) -> bool,
        mut visit: impl FnMut(Cell),
    ) -> Option<Cell> {
        let first = self.index(start)?;
        self.came[first] = Self::START;
        let mut queue = VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            visit(c);
            if is_goal(c) {
                return Some(c);
            }
            for (k, (dx, dy)) in STEPS.iter().enumerate() {
                let n = Cell::new(c.x + dx, c.y + dy);
                let Some(i) = self.index(n) else { continue };
                if self.came[i] == 0 && walkable(n) {
                    self.came[i] = k as u8 + 1;
                    queue.push_back(n);
                }
            }
        }
        None
    }
}
