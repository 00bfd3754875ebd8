//! The automap: what the player has seen of the level, filled in as they look around.

use super::{Blocking, Game};
use crate::geom::{Vec2, visibility_polygon};
use crate::grid::{Cell, Solidity};

impl Game {
    /// The game with its automap begun: what the player sees from the start.
    pub(crate) fn explored_from_start(mut self) -> Game {
        let map = &self.level.map;
        self.explored = vec![false; map.width() * map.height()];
        self.explore();
        self
    }

    /// Marks what the players see now (within 24 tiles) as explored: open cells with a point
    /// in view, and walls whose face towards a seen cell is in view (the living players'
    /// views, or the one player's in a game of one). Co-op players share their map; in a
    /// deathmatch it is the viewer's own (what the others saw is theirs, and each machine of
    /// a networked deathmatch then works out one view, not one a player).
    pub fn explore(&mut self) {
        for seat in 0..self.seats.len() {
            if self.is_deathmatch() && seat != self.viewer {
                continue;
            }
            if self.seats.len() == 1 || !self.seats[seat].dead() {
                let eye = self.seats[seat].player.position;
                self.explore_from(eye);
            }
        }
    }

    /// [`Game::explore`] from one eye at `eye`. What is already explored or spotted is not
    /// looked at again (the marks are never taken back), and where everything within reach
    /// is, no view is worked out: the automap costs little once the players know their
    /// surroundings (it was most of a tick's time with eight players in a deathmatch).
    fn explore_from(&mut self, eye: Vec2) {
        let (w, h) = (self.level.map.width(), self.level.map.height());
        if self.explored.len() != w * h {
            self.explored = vec![false; w * h];
        }
        let centre = Cell::containing(eye);
        let near = |c: i32, size: usize| {
            c.saturating_sub(25).max(0)..c.saturating_add(26).min(size as i32)
        };
        let (xs, ys) = (near(centre.x, w), near(centre.y, h));
        let in_reach = |p: Vec2| {
            let c = Cell::containing(p);
            xs.contains(&c.x) && ys.contains(&c.y)
        };
        let unknown = |x: i32, y: i32| !self.explored[y as usize * w + x as usize];
        let cells_unknown = ys.clone().any(|y| xs.clone().any(|x| unknown(x, y)));
        let enemies_unspotted = self
            .enemies
            .iter()
            .any(|e| !e.spotted && in_reach(e.position));
        if !cells_unknown && !enemies_unspotted {
            return;
        }
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
            holes: &self.holes,
            obstacles: &self.obstacles,
        };
        let solid = |c: Cell| blocking.is_solid(c);
        let seen = visibility_polygon(&blocking, (w as u32, h as u32), eye, 24.0);
        if seen.points.is_empty() {
            return;
        }
        for e in self.enemies.iter_mut().filter(|e| !e.spotted) {
            e.spotted = seen.contains(e.position);
        }
        let inset = [
            (0.5, 0.5),
            (0.05, 0.05),
            (0.95, 0.05),
            (0.05, 0.95),
            (0.95, 0.95),
        ];
        for y in ys {
            for x in xs.clone() {
                let index = y as usize * w + x as usize;
                if self.explored[index] {
                    continue;
                }
                let cell = Cell::new(x, y);
                let at = |fx: f64, fy: f64| Vec2::new(x as f64 + fx, y as f64 + fy);
                let visible = if solid(cell) {
                    // A face, seen from the open neighbour just in front of it.
                    [(0.5, -0.02), (0.5, 1.02), (-0.02, 0.5), (1.02, 0.5)]
                        .iter()
                        .any(|&(fx, fy)| {
                            let p = at(fx, fy);
                            !solid(Cell::containing(p)) && seen.contains(p)
                        })
                } else {
                    inset.iter().any(|&(fx, fy)| seen.contains(at(fx, fy)))
                };
                self.explored[index] = visible;
            }
        }
    }

    /// Puts the player the game is shown to at `position` facing `angle`, and starts the
    /// automap over from there (for views of a level from a chosen place).
    pub fn set_viewpoint(&mut self, position: Vec2, angle: f64) {
        self.place_viewer(position, angle);
        self.explore();
    }

    /// Puts the player the game is shown to at `position` facing `angle`, with nothing
    /// explored: for a view that draws no automap (the editor's, made again on every change,
    /// where working out what the player sees was an eighth of the time), until
    /// [`Game::explore`].
    pub fn place_viewer(&mut self, position: Vec2, angle: f64) {
        let player = &mut self.seat_mut().player;
        player.position = position;
        player.angle = angle;
        self.explored.fill(false);
    }

    /// Whether the player has seen `cell`.
    pub fn is_explored(&self, cell: Cell) -> bool {
        let (w, h) = (
            self.level.map.width() as i32,
            self.level.map.height() as i32,
        );
        (0..w).contains(&cell.x)
            && (0..h).contains(&cell.y)
            && self
                .explored
                .get(cell.y as usize * w as usize + cell.x as usize)
                .copied()
                .unwrap_or(false)
    }
}
