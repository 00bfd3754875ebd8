//! The simulation: player, collision, doors, pickups and the exit, on a fixed tick. Input
//! arrives as [`Input`] (actions, not keys); the same inputs give the same game, tick for tick.

mod autopilot;
mod doors;
mod enemy;
mod events;
mod player;
mod pushwalls;
mod rng;
mod weapons;

pub use autopilot::Autopilot;
pub use doors::{DoorPhase, Doors};
pub use enemy::{Act, ENEMY_RADIUS, Enemy, EnemyState, EnemyStats, hit_chance, path_step};
pub use events::{GameEvent, Hurt, PUFF_TICKS, Puff};
pub use player::{PLAYER_RADIUS, Player};
pub use pushwalls::PushWalls;
pub use rng::Rng;
pub use weapons::{
    HITSCAN_RANGE, KNIFE_REACH, PROJECTILE_SPEED, Projectile, TRACE_TICKS, Trace, TraceKind, Weapon,
};

use std::sync::Arc;

use crate::geom::{SpatialHash, Vec2, visibility_polygon};
use crate::grid::{self, Cell, Hit, Solidity, Via, Walk};
use crate::level::{Difficulty, Holes, KeyColour, Level, PickupKind};
use crate::map::Tile;

/// The version of the game's rules: what a tick does with an input (movement, doors, enemies'
/// minds, weapons, damage, pickups, random numbers). Raised with every change that makes a
/// recorded game play out differently; recordings and saves carry it.
pub const RULES_VERSION: u32 = 1;

/// The oldest rules version whose saves still load. A save holds the game's state, not its
/// inputs, so a rules change that leaves what the state means alone (new numbers, enemies
/// that decide otherwise, other drops: data only) lets older saves play on under the new
/// rules; raise this only with a change that alters what a saved state means. Recordings
/// replay only under their own rules ([`RULES_VERSION`]).
pub const SAVES_LOAD_FROM_RULES: u32 = 1;

/// The hash recordings and saves keep of a level file, and the game of the data that decides
/// play ([`Game::data_hash`]): FNV-1a of the bytes, in hex.
pub fn file_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Simulation ticks per second.
pub const TICK_HZ: u32 = 60;
/// Seconds per tick.
pub const TICK: f64 = 1.0 / TICK_HZ as f64;
/// How far "use" reaches from the player's centre, tiles.
pub const USE_REACH: f64 = 1.5;

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
    /// A weapon chosen this tick by its number (1 pistol, 2 launcher, 3 knife); 0 keeps the
    /// one in hand.
    pub weapon: u8,
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
    /// Whether the player used the exit.
    pub finished: bool,
    /// How hard the game is.
    pub difficulty: Difficulty,
    /// The enemies.
    pub enemies: Vec<Enemy>,
    /// Enemies killed.
    pub kills: u32,
    /// Random numbers for the game's chances, seeded: the same seed and inputs, the same game.
    pub rng: Rng,
    /// The weapon in hand.
    pub weapon: Weapon,
    /// Projectiles in flight.
    pub projectiles: Vec<Projectile>,
    /// The holes of the level's masked walls (bullets and sight pass them); empty without
    /// textures, when grates are solid.
    pub holes: Arc<Holes>,
    /// Whether to keep [`Trace`]s of the traversal queries for the debugger.
    pub tracing: bool,
    /// The traces of the last [`TRACE_TICKS`] ticks, oldest first (with `tracing` on).
    pub traces: Vec<Trace>,
    /// Per cell (row-major), whether the player has seen it: the automap.
    pub explored: Vec<bool>,
    /// What happened in the last tick (cleared at the start of each).
    pub events: Vec<GameEvent>,
    /// Where recent shots hit (kept [`PUFF_TICKS`]).
    pub puffs: Vec<Puff>,
    /// The tick of the player's last attack.
    pub last_shot: Option<u64>,
    /// The last time the player was hurt.
    pub hurt: Option<Hurt>,
    /// Treasure pickups taken.
    pub treasure: u32,
    /// Pickups dropped by enemies (the last ones of `level.pickups`).
    pub dropped: usize,
    /// The living enemies' circles, by index in `enemies`.
    actors: SpatialHash,
}

impl Game {
    /// The level at its start on `difficulty`: the things that name a harder difficulty stay
    /// home, and on easy every third of the enemies that name none.
    pub fn on(mut level: Level, difficulty: Difficulty) -> Game {
        let mut index = 0;
        level.enemies.retain(|e| match e.difficulty {
            Some(least) => difficulty >= least,
            None => {
                index += 1;
                difficulty.keeps_enemy(index - 1)
            }
        });
        level
            .pickups
            .retain(|p| p.difficulty.is_none_or(|least| difficulty >= least));
        Game {
            difficulty,
            ..Game::new(level)
        }
    }

    /// The hash of what decides play besides the level file: the holes of its grates'
    /// textures, as loaded, and the masks of its shaped walls (a mask file may change under an
    /// unchanged level; a recording keeps it:
    /// [`crate::episode::Recording::with_data_hash`]). A level without shapes hashes its holes
    /// alone, as before shapes were.
    pub fn data_hash(&self) -> String {
        let mut bytes = self.holes.bytes();
        for shape in self.level.styles.iter().filter_map(|s| s.shape.as_ref()) {
            bytes.push(b'#');
            bytes.extend(shape.mask.side().to_le_bytes());
            for row in shape.mask.rows() {
                bytes.extend(row.to_le_bytes());
            }
        }
        file_hash(&bytes)
    }

    /// The level at its start.
    pub fn new(level: Level) -> Game {
        let player = Player::new(level.player.position, level.player.facing);
        let doors = Doors::new(&level);
        let pushwalls = PushWalls::new(&level);
        let pickups_left = vec![true; level.pickups.len()];
        let guard = crate::level::EnemyKind::guard();
        let enemies = level
            .enemies
            .iter()
            .map(|spawn| Enemy::new(spawn, level.kinds.get(&spawn.kind).unwrap_or(&guard)))
            .collect();
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
            difficulty: Difficulty::Normal,
            enemies,
            kills: 0,
            rng: Rng::new(0x7117_CA57),
            weapon: Weapon::default(),
            projectiles: Vec::new(),
            holes: Arc::default(),
            tracing: false,
            traces: Vec::new(),
            explored: Vec::new(),
            events: Vec::new(),
            puffs: Vec::new(),
            last_shot: None,
            hurt: None,
            treasure: 0,
            dropped: 0,
            actors: SpatialHash::default(),
        }
        .explored_from_start()
    }

    /// The level at its start, with the holes of its masked walls (see [`Holes`]).
    pub fn with_holes(level: Level, holes: Arc<Holes>) -> Game {
        let mut game = Game::new(level);
        game.holes = holes;
        game
    }

    fn explored_from_start(mut self) -> Game {
        let map = &self.level.map;
        self.explored = vec![false; map.width() * map.height()];
        self.explore();
        self
    }

    /// Marks what the player sees now (within 24 tiles) as explored: open cells with a point
    /// in view, and walls whose face towards a seen cell is in view.
    pub fn explore(&mut self) {
        let (w, h) = (self.level.map.width(), self.level.map.height());
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
            holes: &self.holes,
        };
        let solid = |c: Cell| blocking.is_solid(c);
        let seen = visibility_polygon(&blocking, w as u32, h as u32, self.player.position, 24.0);
        if seen.points.is_empty() {
            return;
        }
        for e in &mut self.enemies {
            e.spotted |= seen.contains(e.position);
        }
        let centre = self.player.cell();
        let inset = [
            (0.5, 0.5),
            (0.05, 0.05),
            (0.95, 0.05),
            (0.05, 0.95),
            (0.95, 0.95),
        ];
        let near = |c: i32, size: usize| {
            c.saturating_sub(25).max(0)..c.saturating_add(26).min(size as i32)
        };
        for y in near(centre.y, h) {
            for x in near(centre.x, w) {
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
                if visible {
                    self.explored[y as usize * w + x as usize] = true;
                }
            }
        }
    }

    /// Puts the player at `position` facing `angle`, and starts the automap over from there
    /// (for views of a level from a chosen place).
    pub fn set_viewpoint(&mut self, position: Vec2, angle: f64) {
        self.player.position = position;
        self.player.angle = angle;
        self.explored.fill(false);
        self.explore();
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

    /// What the top-down debugger shows (`render --view topdown --layers debug`): with
    /// tracing on, the player fires a pistol shot and then a fireball from where they stand,
    /// and 20 ticks run (the fireball's steps, and the enemies' looks at the player, are traced
    /// meanwhile).
    pub fn stage_debug_shots(&mut self) {
        self.tracing = true;
        self.player.ammo = self.player.ammo.max(3);
        for weapon in [1, 2] {
            self.tick(&Input {
                fire: true,
                weapon,
                ..Input::default()
            });
        }
        for _ in 0..20 {
            self.tick(&Input::default());
        }
    }

    /// Whether the player is dead.
    pub fn player_dead(&self) -> bool {
        self.player.health == 0
    }

    /// Advances one tick.
    pub fn tick(&mut self, input: &Input) {
        self.ticks += 1;
        self.events.clear();
        let now = self.ticks;
        self.puffs.retain(|p| now - p.tick < PUFF_TICKS);
        if self.finished || self.player_dead() {
            return;
        }
        if let Some(weapon) = Weapon::from_number(input.weapon) {
            self.weapon = weapon;
        }
        self.rebuild_actors();
        let before = self.player.position;
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
            holes: &self.holes,
        };
        self.player.step(input, &blocking);
        self.keep_clear_of_enemies(before);
        if input.use_pressed {
            self.use_ahead();
        }
        if input.fire {
            self.fire();
        }
        self.tick_enemies();
        self.rebuild_actors();
        self.tick_projectiles();
        self.trace_sight();
        if self.ticks.is_multiple_of(6) {
            self.explore();
        }
        let player_cell = self.player.cells();
        let mut closing = Vec::new();
        self.doors.tick(&player_cell, &mut closing);
        self.events
            .extend(closing.into_iter().map(GameEvent::DoorClosing));
        let occupied = self.occupied();
        self.pushwalls.tick(&mut self.level.map, &occupied);
        self.pick_up();
        if self.player_dead() {
            self.events.push(GameEvent::PlayerDeath);
        }
    }

    /// Undoes the player's move when it brought them into a living enemy's circle (found
    /// through the spatial hash); moving away from one they already touch is allowed.
    fn keep_clear_of_enemies(&mut self, before: Vec2) {
        let now = self.player.position;
        let blocked = self.actors.overlapping(now, PLAYER_RADIUS).any(|i| {
            let e = self.enemies[i].position;
            (now - e).length() < (before - e).length()
        });
        if blocked {
            self.player.position = before;
        }
    }

    /// The cells a shot at `from` is heard in: open cells reachable without passing a closed
    /// door, within 12 tiles.
    fn hearing(&self, from: Vec2) -> std::collections::HashSet<Cell> {
        const EARSHOT: i32 = 12;
        let blocking = self.blocking();
        let start = Cell::containing(from);
        let near = |n: Cell| (n.x - start.x).pow(2) + (n.y - start.y).pow(2) <= EARSHOT * EARSHOT;
        let area = (
            start.x.saturating_sub(EARSHOT),
            start.y.saturating_sub(EARSHOT),
            start.x.saturating_add(EARSHOT + 1),
            start.y.saturating_add(EARSHOT + 1),
        );
        grid::reachable(start, area, |n| near(n) && !blocking.is_solid(n))
            .into_iter()
            .collect()
    }

    /// Enemies act; those that fire may hit the player; chasers open the doors in their way.
    fn tick_enemies(&mut self) {
        let player = self.player.position;
        let mut doors_to_open = Vec::new();
        let mut damage = 0;
        let difficulty = self.difficulty;
        for (i, e) in self.enemies.iter_mut().enumerate() {
            let blocking = Blocking {
                level: &self.level,
                doors: &self.doors,
                holes: &self.holes,
            };
            let act = e.tick(player, &blocking, &mut self.rng, difficulty);
            doors_to_open.extend(act.open_door);
            if act.alerted {
                self.events.push(GameEvent::EnemyAlert {
                    at: e.position,
                    enemy: i,
                });
            }
            if act.fired {
                self.events.push(GameEvent::EnemyShot {
                    at: e.position,
                    enemy: i,
                });
                let distance = (player - e.position).length();
                if self.rng.unit() < hit_chance(distance) {
                    let hit = difficulty.damage(e.stats.hit(self.rng.unit()));
                    damage += hit;
                    self.events.push(GameEvent::PlayerHurt {
                        damage: hit,
                        from: e.position,
                    });
                    self.hurt = Some(Hurt {
                        tick: self.ticks,
                        damage,
                        from: e.position,
                    });
                }
            }
        }
        for cell in doors_to_open {
            if self.doors.start_opening(cell) {
                self.events.push(GameEvent::DoorOpened(cell));
            }
        }
        self.player.health = self.player.health.saturating_sub(damage);
    }

    /// "Use": a short ray (the traversal) from the player up to [`USE_REACH`] acts on the
    /// first usable cell it meets: the exit (also when standing in it), a door (opened if its
    /// key is held, else a message names the key), a push wall (pushed away). A wall, or
    /// nothing within reach, is a thud.
    fn use_ahead(&mut self) {
        let here = self.player.cell();
        if self.level.exits.contains(&here) {
            self.use_exit();
            return;
        }
        let dir = self.player.direction();
        let usable = Walk::ray(self.player.position, dir, USE_REACH)
            .filter(|e| !matches!(e.via, Via::CornerX | Via::CornerY))
            .map(|e| e.cell)
            .find(|&c| {
                c != here
                    && (self.level.exits.contains(&c)
                        || self.level.map.get(c) != Some(Tile::Empty)
                            && !(self.level.map.get(c) == Some(Tile::Door)
                                && self.doors.passable(c)))
            });
        let Some(cell) = usable else {
            return self.thud();
        };
        if self.level.exits.contains(&cell) {
            return self.use_exit();
        }
        match self.level.map.get(cell) {
            Some(Tile::Door) => {
                let key = self
                    .level
                    .doors
                    .iter()
                    .find(|d| d.cell == cell)
                    .and_then(|d| d.key);
                match key {
                    Some(k) if !self.keys.contains(&k) => {
                        let name = match k {
                            KeyColour::Gold => "gold",
                            KeyColour::Silver => "silver",
                        };
                        self.events.push(GameEvent::Message(format!(
                            "this door needs the {name} key"
                        )));
                    }
                    _ => {
                        if self.doors.start_opening(cell) {
                            self.events.push(GameEvent::DoorOpened(cell));
                        }
                    }
                }
            }
            Some(Tile::PushWall) => {
                // Pushed away from the player, along the axis they face most.
                let dir = if dir.x.abs() >= dir.y.abs() {
                    (dir.x.signum() as i32, 0)
                } else {
                    (0, dir.y.signum() as i32)
                };
                let occupied = self.occupied();
                if self
                    .pushwalls
                    .push(cell, dir, &mut self.level.map, &occupied)
                {
                    self.events.push(GameEvent::PushWallMoved(cell));
                    self.events
                        .push(GameEvent::Message("a secret passage!".into()));
                } else {
                    self.thud();
                }
            }
            _ => self.thud(),
        }
    }

    /// Nothing usable: a thud, and a word on screen.
    fn thud(&mut self) {
        self.events.push(GameEvent::Thud);
        self.events
            .push(GameEvent::Message("thud: nothing to use here".into()));
    }

    /// The exit used: the level ends.
    fn use_exit(&mut self) {
        self.finished = true;
        self.events.push(GameEvent::Exit);
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
                    self.treasure += 1;
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
                self.events.push(GameEvent::Pickup {
                    kind: p.kind,
                    at: p.position,
                });
            }
        }
    }

    /// A hash of the whole state, for checking that a replay ends where the original did.
    pub fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = PortableHasher::default();
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
        (self.kills, self.rng.state(), self.weapon).hash(&mut h);
        for p in &self.projectiles {
            (p.position.x.to_bits(), p.position.y.to_bits(), p.ticks_left).hash(&mut h);
        }
        h.finish()
    }
}

/// FNV-1a over fixed-width little-endian integers, for [`Game::state_hash`]: the same state
/// hashes the same on every target and with every Rust release. (std's `DefaultHasher` is
/// unspecified and may change between releases, and `Hash` writes lengths and enum
/// discriminants as `usize` and `isize`, 4 bytes on wasm32 and 8 on x86_64; here they are
/// always 8.)
#[derive(Clone, Copy, Debug)]
struct PortableHasher(u64);

impl Default for PortableHasher {
    fn default() -> PortableHasher {
        PortableHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for PortableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    // The fixed-width integers keep the default (their native bytes: little-endian on every
    // target the crate builds for, see `frame`); only the pointer-sized ones are widened.

    fn write_usize(&mut self, n: usize) {
        self.write(&(n as u64).to_le_bytes());
    }

    fn write_isize(&mut self, n: isize) {
        self.write(&(n as i64).to_le_bytes());
    }
}

/// What blocks movement: walls, push walls, masked walls, and doors that are not fully open.
/// Casts (bullets, sight) pass the holes of masked walls.
pub struct Blocking<'a> {
    level: &'a Level,
    doors: &'a Doors,
    holes: &'a Holes,
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

#[cfg(test)]
mod tests;
