//! The simulation: player, collision, doors, pickups and the exit, on a fixed tick. Input
//! arrives as [`Input`] (actions, not keys); the same inputs give the same game, tick for tick.

mod doors;
mod player;
mod replay;
mod session;

pub use doors::{DoorPhase, Doors};
pub use player::{PLAYER_RADIUS, Player};
pub use replay::{REPLAY_HEADER, Recording, ReplayError};
pub use session::Session;

use crate::grid::{Cell, Solidity};
use crate::level::{KeyColour, Level, PickupKind};
use crate::map::Tile;
use crate::render::Camera;

/// Simulation ticks per second.
pub const TICK_HZ: u32 = 60;
/// Seconds per tick.
pub const TICK: f64 = 1.0 / TICK_HZ as f64;

/// What the player wants during one tick (the front end turns keys and the mouse into this).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// Forward (+1) or back (-1).
    pub forward: f64,
    /// Right (+1) or left (-1).
    pub strafe: f64,
    /// Turning, degrees this tick (+ clockwise, to the right).
    pub turn: f64,
    /// Running: faster.
    pub run: bool,
    /// Use (open doors) was pressed this tick.
    pub use_pressed: bool,
}

/// A running level.
#[derive(Clone, Debug)]
pub struct Game {
    /// The level being played.
    pub level: Level,
    /// The player.
    pub player: Player,
    /// Every door's state.
    pub doors: Doors,
    /// Which pickups are still lying there (by index in `level.pickups`).
    pub pickups_left: Vec<bool>,
    /// Keys held.
    pub keys: Vec<KeyColour>,
    /// Treasure picked up.
    pub score: u32,
    /// Ticks since the start.
    pub ticks: u64,
    /// Whether the player reached the exit.
    pub finished: bool,
}

impl Game {
    /// The level at its start.
    pub fn new(level: Level) -> Game {
        let player = Player::new(level.player.position, level.player.facing);
        let doors = Doors::new(&level);
        let pickups_left = vec![true; level.pickups.len()];
        Game {
            level,
            player,
            doors,
            pickups_left,
            keys: Vec::new(),
            score: 0,
            ticks: 0,
            finished: false,
        }
    }

    /// Advances one tick.
    pub fn tick(&mut self, input: &Input) {
        self.ticks += 1;
        if self.finished {
            return;
        }
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
        };
        self.player.step(input, &blocking);
        if input.use_pressed {
            self.use_ahead();
        }
        let player_cell = self.player.cells();
        self.doors.tick(&player_cell);
        self.pick_up();
        let cell = self.player.cell();
        if self.level.exits.contains(&cell) {
            self.finished = true;
        }
    }

    /// Opens the door the player faces, within reach (if its key is held).
    fn use_ahead(&mut self) {
        let reach = self.player.position + self.player.direction() * 1.0;
        let cell = Cell::new(reach.x.floor() as i32, reach.y.floor() as i32);
        if let Some(door) = self.level.doors.iter().find(|d| d.cell == cell) {
            if door.key.is_none_or(|k| self.keys.contains(&k)) {
                self.doors.start_opening(cell);
            }
        }
    }

    fn pick_up(&mut self) {
        for (i, p) in self.level.pickups.iter().enumerate() {
            if !self.pickups_left[i]
                || (p.position - self.player.position).length() > PLAYER_RADIUS + 0.3
            {
                continue;
            }
            let taken = match p.kind {
                PickupKind::Health => self.player.heal(25),
                PickupKind::Ammo => self.player.add_ammo(8),
                PickupKind::Treasure => {
                    self.score += 100;
                    true
                }
                PickupKind::Key(k) => {
                    if !self.keys.contains(&k) {
                        self.keys.push(k);
                    }
                    true
                }
            };
            if taken {
                self.pickups_left[i] = false;
            }
        }
    }

    /// The player's view.
    pub fn camera(&self, fov_degrees: f64) -> Camera {
        Camera::new(self.player.position, self.player.angle, fov_degrees)
    }

    /// A hash of the whole state, for checking that a replay ends where the original did.
    pub fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for v in [
            self.player.position.x,
            self.player.position.y,
            self.player.angle,
        ] {
            v.to_bits().hash(&mut h);
        }
        (
            self.player.health,
            self.player.ammo,
            self.score,
            self.ticks,
            self.finished,
        )
            .hash(&mut h);
        self.pickups_left.hash(&mut h);
        self.doors.hash_state(&mut h);
        h.finish()
    }
}

/// What blocks movement: walls, push walls, masked walls, and doors that are not fully open.
pub struct Blocking<'a> {
    level: &'a Level,
    doors: &'a Doors,
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
}

#[cfg(test)]
mod tests;
