//! The simulation: player, collision, doors, pickups and the exit, on a fixed tick. Input
//! arrives as [`Input`] (actions, not keys); the same inputs give the same game, tick for tick.

mod doors;
mod enemy;
mod player;
mod pushwalls;
mod replay;
mod session;

pub use doors::{DoorPhase, Doors};
pub use enemy::{Act, ENEMY_RADIUS, Enemy, EnemyState, Rng, hit_chance, path_step};
pub use player::{PLAYER_RADIUS, Player};
pub use pushwalls::PushWalls;
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
    /// Fire was pressed this tick.
    pub fire: bool,
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
    /// Every push wall's state.
    pub pushwalls: PushWalls,
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
    /// The enemies.
    pub enemies: Vec<Enemy>,
    /// Enemies killed.
    pub kills: u32,
    /// Random numbers for the game's chances, seeded: the same seed and inputs, the same game.
    pub rng: Rng,
}

impl Game {
    /// The level at its start.
    pub fn new(level: Level) -> Game {
        let player = Player::new(level.player.position, level.player.facing);
        let doors = Doors::new(&level);
        let pushwalls = PushWalls::new(&level);
        let pickups_left = vec![true; level.pickups.len()];
        let enemies = level.enemies.iter().map(Enemy::new).collect();
        Game {
            level,
            player,
            doors,
            pushwalls,
            pickups_left,
            keys: Vec::new(),
            score: 0,
            ticks: 0,
            finished: false,
            enemies,
            kills: 0,
            rng: Rng::new(0x7117_CA57),
        }
    }

    /// Whether the player is dead.
    pub fn player_dead(&self) -> bool {
        self.player.health == 0
    }

    /// Advances one tick.
    pub fn tick(&mut self, input: &Input) {
        self.ticks += 1;
        if self.finished || self.player_dead() {
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
        if input.fire && self.player.ammo > 0 {
            self.fire();
        }
        self.tick_enemies();
        let player_cell = self.player.cells();
        self.doors.tick(&player_cell);
        let occupied = self.occupied();
        self.pushwalls.tick(&mut self.level.map, &occupied);
        self.pick_up();
        let cell = self.player.cell();
        if self.level.exits.contains(&cell) {
            self.finished = true;
        }
    }

    /// A hitscan shot along the player's facing: the traversal finds the first wall (closed
    /// doors included), then the nearest living enemy whose circle the ray crosses before it is
    /// hit. Enemies that can hear it are alerted.
    fn fire(&mut self) {
        self.player.ammo -= 1;
        let (origin, dir) = (self.player.position, self.player.direction());
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
        };
        let wall = crate::grid::cast_ray(&blocking, origin, dir, 64.0).map_or(64.0, |h| h.t);
        let target = self
            .enemies
            .iter()
            .enumerate()
            .filter(|(_, e)| e.alive())
            .filter_map(|(i, e)| {
                crate::geom::ray_circle(origin, dir, e.position, ENEMY_RADIUS).map(|t| (i, t))
            })
            .filter(|&(_, t)| t < wall)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, t)) = target {
            let damage = 10 + (self.rng.unit() * 15.0 * (1.0 - (t / 20.0).min(0.8))) as i32;
            let enemy = &mut self.enemies[i];
            enemy.hurt(damage);
            if !enemy.alive() {
                self.kills += 1;
            }
        }
        let heard = self.hearing(origin);
        for e in &mut self.enemies {
            if heard.contains(&e.cell()) {
                e.hear();
            }
        }
    }

    /// The cells a shot at `from` is heard in: open cells reachable without passing a closed
    /// door, within 12 tiles.
    fn hearing(&self, from: crate::geom::Vec2) -> std::collections::HashSet<Cell> {
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
        };
        let start = Cell::new(from.x.floor() as i32, from.y.floor() as i32);
        let mut seen = std::collections::HashSet::from([start]);
        let mut queue = vec![start];
        while let Some(c) = queue.pop() {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let n = Cell::new(c.x + dx, c.y + dy);
                let near = (n.x - start.x).pow(2) + (n.y - start.y).pow(2) <= 144;
                if near && !blocking.is_solid(n) && seen.insert(n) {
                    queue.push(n);
                }
            }
        }
        seen
    }

    /// Enemies act; those that fire may hit the player; chasers open the doors in their way.
    fn tick_enemies(&mut self) {
        let player = self.player.position;
        let mut doors_to_open = Vec::new();
        let mut damage = 0;
        for e in &mut self.enemies {
            let blocking = Blocking {
                level: &self.level,
                doors: &self.doors,
            };
            let act = e.tick(player, &blocking, &mut self.rng);
            doors_to_open.extend(act.open_door);
            if act.fired {
                let distance = (player - e.position).length();
                if self.rng.unit() < hit_chance(distance) {
                    damage += 4 + (self.rng.unit() * 8.0) as u32;
                }
            }
        }
        for cell in doors_to_open {
            self.doors.start_opening(cell);
        }
        self.player.health = self.player.health.saturating_sub(damage);
    }

    /// The sprites to draw: living and dead enemies in their current pose, and the pickups
    /// still lying there.
    pub fn sprites<'a>(
        &self,
        textures: &'a crate::texture::TextureSet,
    ) -> Vec<crate::render::SpriteInstance<'a>> {
        use crate::render::{SpriteInstance, pose};
        let mut out = Vec::with_capacity(self.enemies.len() + self.level.pickups.len());
        for e in &self.enemies {
            let Some(sheet) = textures.sprite(&e.kind) else {
                continue;
            };
            let row = match e.state {
                EnemyState::Idle => pose::STAND,
                EnemyState::Patrol | EnemyState::Chase => {
                    pose::WALK + ((e.walked * 4.0) as u32 % 4)
                }
                EnemyState::Attack => {
                    if e.timer < 0.12 {
                        pose::FIRE
                    } else {
                        pose::AIM
                    }
                }
                EnemyState::Pain => pose::PAIN,
                EnemyState::Dying => pose::DIE + (((0.6 - e.timer) / 0.15).clamp(0.0, 3.0) as u32),
                EnemyState::Dead => pose::DEAD,
            };
            out.push(SpriteInstance {
                position: e.position,
                sheet,
                row,
                facing: Some(e.facing),
            });
        }
        let left = self
            .level
            .pickups
            .iter()
            .zip(&self.pickups_left)
            .filter(|(_, left)| **left);
        out.extend(left.filter_map(|(p, _)| SpriteInstance::pickup(p, textures)));
        out
    }

    /// Opens the door the player faces, within reach (if its key is held).
    fn use_ahead(&mut self) {
        let reach = self.player.position + self.player.direction() * 1.0;
        let cell = Cell::new(reach.x.floor() as i32, reach.y.floor() as i32);
        if let Some(door) = self.level.doors.iter().find(|d| d.cell == cell) {
            if door.key.is_none_or(|k| self.keys.contains(&k)) {
                self.doors.start_opening(cell);
            }
        } else if self.level.map.get(cell) == Some(Tile::PushWall) {
            // Pushed away from the player, along the axis they face most.
            let d = self.player.direction();
            let dir = if d.x.abs() >= d.y.abs() {
                (d.x.signum() as i32, 0)
            } else {
                (0, d.y.signum() as i32)
            };
            let occupied = self.occupied();
            self.pushwalls
                .push(cell, dir, &mut self.level.map, &occupied);
        }
    }

    /// The cells the player and the living enemies stand in (a push wall stops before them).
    fn occupied(&self) -> Vec<Cell> {
        let mut cells = self.player.cells();
        cells.extend(self.enemies.iter().filter(|e| e.alive()).map(Enemy::cell));
        cells
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
        self.pushwalls.hash_state(&mut h);
        for e in &self.enemies {
            (
                e.position.x.to_bits(),
                e.position.y.to_bits(),
                e.facing.to_bits(),
                e.state,
                e.health,
            )
                .hash(&mut h);
        }
        (self.kills, self.rng.state()).hash(&mut h);
        h.finish()
    }
}

/// What blocks movement: walls, push walls, masked walls, and doors that are not fully open.
pub struct Blocking<'a> {
    level: &'a Level,
    doors: &'a Doors,
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
}

#[cfg(test)]
mod tests;

/// The renderer's view of the moving parts: doors' openings and push walls' positions.
impl crate::render::DoorState for Game {
    fn open(&self, cell: Cell) -> f64 {
        crate::render::DoorState::open(&self.doors, cell)
    }

    fn moving_wall(&self, cell: Cell) -> Option<crate::geom::Vec2> {
        self.pushwalls.block_at(cell)
    }
}
