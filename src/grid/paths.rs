//! Shortest paths on the grid: enemies chasing the player, the autopilot, and the level check
//! that an exit can be reached.

use std::collections::VecDeque;

use super::Cell;

/// Breadth-first search over the 4-connected cells of `area` (`(x0, y0, x1, y1)`, ends
/// exclusive) that `walkable` allows, from `start` to the nearest cell that `is_goal` accepts
/// (the goal itself must be walkable to be reached, unless it is `start`): the cells of the
/// path, `start` first. `None` when no goal can be reached or `start` lies outside `area`.
///
/// ```
/// use tilecaster::grid::shortest_path;
/// use tilecaster::grid::Cell;
/// // Round a wall at x = 1 (open only at y = 2), from (0, 0) to (2, 0).
/// let open = |c: Cell| c.x != 1 || c.y == 2;
/// let path = shortest_path(Cell::new(0, 0), (0, 0, 3, 3), open, |c| c == Cell::new(2, 0)).unwrap();
/// assert_eq!(path.len(), 7);
/// assert_eq!(path[3], Cell::new(1, 2));
/// ```
pub fn shortest_path(
    start: Cell,
    area: (i32, i32, i32, i32),
    walkable: impl Fn(Cell) -> bool,
    is_goal: impl Fn(Cell) -> bool,
) -> Option<Vec<Cell>> {
    let (x0, y0, x1, y1) = area;
    let width = (x1 - x0).max(0) as usize;
    let index = |c: Cell| -> Option<usize> {
        ((x0..x1).contains(&c.x) && (y0..y1).contains(&c.y))
            .then(|| (c.y - y0) as usize * width + (c.x - x0) as usize)
    };
    // Per cell, how it was reached: 0 not yet, else 1 + the index of the step into it (a
    // byte a cell, so that a 4096 x 4096 map costs 16 MiB).
    const STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const START: u8 = u8::MAX;
    let mut came = vec![0u8; width * (y1 - y0).max(0) as usize];
    came[index(start)?] = START;
    let mut queue = VecDeque::from([start]);
    while let Some(c) = queue.pop_front() {
        if is_goal(c) {
            let mut path = vec![c];
            let mut at = c;
            while at != start {
                let (dx, dy) = STEPS[(came[index(at)?] - 1) as usize];
                at = Cell::new(at.x - dx, at.y - dy);
                path.push(at);
            }
            path.reverse();
            return Some(path);
        }
        for (k, (dx, dy)) in STEPS.iter().enumerate() {
            let n = Cell::new(c.x + dx, c.y + dy);
            let Some(i) = index(n) else { continue };
            if came[i] == 0 && walkable(n) {
                came[i] = k as u8 + 1;
                queue.push_back(n);
            }
        }
    }
    None
}
