//! The simulation: player, collision, doors, pickups and the exit, on a fixed tick. Input
//! arrives as [`Input`] (actions, not keys); the same inputs give the same game, tick for tick.

mod automap;
mod autopilot;
mod blocking;
mod deathmatch;
mod doors;
mod enemy;
mod events;
mod hash;
mod input;
mod interact;
mod player;
mod pushwalls;
mod rng;
pub mod rollback;
mod seat;
mod weapons;

pub use autopilot::Autopilot;
pub use blocking::{Blocking, Footing, Obstacles};
pub use deathmatch::{MatchRules, Mode, PICKUP_RESPAWN_TICKS};
pub use doors::{DoorPhase, Doors};
pub use enemy::{Act, ENEMY_RADIUS, Enemy, EnemyState, EnemyStats, hit_chance, path_step};
pub use events::{GameEvent, Hurt, PUFF_TICKS, Puff};
pub use hash::{PortableHasher, file_hash};
pub use input::{Input, PackedInput, STEPS_PER_DEGREE, STEPS_PER_MOVE};
pub use player::{MAX_AMMO, MAX_HEALTH, MAX_ROUNDS, PLAYER_RADIUS, Player, START_AMMO, WALK_SPEED};
pub use pushwalls::PushWalls;
pub use rng::Rng;
pub use seat::{
    MAX_COOP_SEATS, MAX_SEATS, RESPAWN_TICKS, SPAWN_PROTECTION_TICKS, Seat, most_seats,
};
pub use weapons::{
    HITSCAN_RANGE, KNIFE_REACH, PROJECTILE_SPEED, Pool, Projectile, TRACE_TICKS, Trace, TraceKind,
    Weapon, WeaponStats,
};

use std::sync::Arc;

use crate::geom::{SpatialHash, Vec2};
use crate::grid::{self, Cell, Solidity};
use crate::level::{Difficulty, Holes, KeyColour, Level, PickupSpawn};

/// The version of the game's rules: what a tick does with an input (movement, doors, enemies'
/// minds, weapons, damage, pickups, random numbers). Raised with every change that makes a
/// recorded game play out differently; recordings and saves carry it. Rules 3: inputs are
/// played quantised ([`Input::quantised`]: movement in 127ths, the turn in 64ths of a degree).
/// Rules 4: a deathmatch's players cannot be hurt for a second after they (re)start, unless
/// they fire ([`SPAWN_PROTECTION_TICKS`]). Rules 5: Wolfenstein 3D's balance: a gun's damage
/// and aim fall with distance, an enemy that has not noticed anyone takes double damage, a
/// pickup comes to hand only over a worse weapon, the SS's machine gun is a clip to a player
/// who has one, and seeds are mixed before use ([`Rng::new`]). Rules 6: a boss's fall no
/// longer ends the level (what he drops, the built-in boss's gold key, opens the way out),
/// and no boss stays home on easy.
///
/// The package's minor version is this number (tilecaster 0.6 plays rules 6), so that "written
/// by tilecaster 0.3.0" in a refusal says which rules too: raise them together.
pub const RULES_VERSION: u32 = 6;

/// The oldest rules version whose saves still load. A save holds the game's state, not its
/// inputs, so a rules change that leaves what the state means alone (new numbers, enemies
/// that decide otherwise, other drops: data only) lets older saves play on under the new
/// rules; raise this only with a change that alters what a saved state means. Recordings
/// replay only under their own rules ([`RULES_VERSION`]). Rules 2 (the arsenal, the
/// bestiary, scores and lives) changed what a state holds: saves of rules 1 are refused;
/// rules 3 changed only how inputs are played, rules 4 only deathmatches and rules 5 only
/// numbers and choices: saves of rules 2 to 4 play on.
pub const SAVES_LOAD_FROM_RULES: u32 = 2;

/// Simulation ticks per second (the level's: its times in seconds are whole ticks at it).
pub const TICK_HZ: u32 = crate::level::TICK_HZ;
/// Seconds per tick.
pub const TICK: f64 = 1.0 / TICK_HZ as f64;
/// How far "use" reaches from the player's centre, tiles.
pub const USE_REACH: f64 = 1.5;
/// Lives at the start of the episode (Wolfenstein 3D's 3).
pub const START_LIVES: u32 = 3;
/// The most lives there can be.
pub const MAX_LIVES: u32 = 9;
/// An extra life at every this many points (Wolfenstein 3D's 40,000).
pub const EXTRA_LIFE_POINTS: u32 = 40_000;

/// A running level.
///
/// Its state (what the rules read and change) is `Serialize`: [`Game::state_hash`] is derived
/// from it. The fields marked `#[serde(skip)]` are what only a screen needs (who is shown,
/// the automap, the debugger's traces, the last tick's events, the shots' puffs) or what is
/// worked out from the rest (the level's static data, the actors' index): a new field is
/// state, and hashed, unless it is marked so.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Game {
    /// The level being played: shared between the copies of a game (a rollback's saved
    /// states, the window's view of a networked game). Only its map changes in play, and
    /// only in the few ticks a push wall moves into another cell: the copy that moves it then
    /// has its own. Not hashed: its moved cells follow from `pushwalls`.
    #[serde(skip)]
    pub level: Arc<Level>,
    /// The players, seat 0 first: one for a game of one.
    pub seats: Vec<Seat>,
    /// The seat the game is shown to (this machine's player, in a game of several):
    /// [`Game::seat`]. Not part of the game's state: each machine shows its own.
    #[serde(skip)]
    pub viewer: usize,
    /// Every door's state.
    pub doors: Doors,
    /// Every push wall's state.
    pub pushwalls: PushWalls,
    /// Which pickups are still lying there (by index in [`Game::pickups`]: the level's,
    /// then the drops).
    pub pickups_left: Vec<bool>,
    /// In a deathmatch, the tick each pickup was taken in (0: lying there): they come back.
    pub pickups_taken: Vec<u64>,
    /// Co-op (or a game of one), or a deathmatch.
    pub mode: Mode,
    /// Keys held (shared by the players).
    pub keys: Vec<KeyColour>,
    /// Ticks since the start.
    pub ticks: u64,
    /// Whether a player used the exit.
    pub finished: bool,
    /// Whether the exit used was a secret one ([`Level::secret_exits`]: on to the secret
    /// level).
    ///
    /// [`Level::secret_exits`]: crate::level::Level::secret_exits
    pub secret_exit: bool,
    /// How hard the game is.
    pub difficulty: Difficulty,
    /// The enemies.
    pub enemies: Vec<Enemy>,
    /// Enemies killed.
    pub kills: u32,
    /// Random numbers for the game's chances, seeded: the same seed and inputs, the same game.
    pub rng: Rng,
    /// Projectiles in flight.
    pub projectiles: Vec<Projectile>,
    /// The holes of the level's masked walls (bullets and sight pass them); empty without
    /// textures, when grates are solid.
    #[serde(skip)]
    pub holes: Arc<Holes>,
    /// The cells the level's decorations close (built from the level).
    #[serde(skip)]
    pub obstacles: Arc<Obstacles>,
    /// Whether to keep [`Trace`]s of the traversal queries for the debugger.
    #[serde(skip)]
    pub tracing: bool,
    /// The traces of the last [`TRACE_TICKS`] ticks, oldest first (with `tracing` on).
    #[serde(skip)]
    pub traces: Vec<Trace>,
    /// Per cell (row-major), whether the player has seen it: the automap.
    #[serde(skip)]
    pub explored: Vec<bool>,
    /// What happened in the last tick (cleared at the start of each).
    #[serde(skip)]
    pub events: Vec<GameEvent>,
    /// Where recent shots hit (kept [`PUFF_TICKS`]).
    #[serde(skip)]
    pub puffs: Vec<Puff>,
    /// Treasure pickups taken.
    pub treasure: u32,
    /// Pickups dropped by enemies, in the order they fell (after the level's own in
    /// [`Game::pickups`]).
    pub drops: Vec<PickupSpawn>,
    /// The living enemies' circles, by index in `enemies`.
    #[serde(skip)]
    actors: SpatialHash,
}

/// What only a screen needs of a game ([`Game::take_view`]): who it is shown to, the automap,
/// the traversal debugger's traces, the last tick's events, the shots' puffs. The rules write
/// them and never read them.
#[derive(Clone, Debug, Default)]
pub struct View {
    viewer: usize,
    traces: Vec<Trace>,
    explored: Vec<bool>,
    events: Vec<GameEvent>,
    puffs: Vec<Puff>,
}

impl Game {
    /// Takes out what only a screen needs ([`View`]), leaving the state that rollback saves
    /// (cloned without them, a saved tick costs the state alone).
    pub fn take_view(&mut self) -> View {
        View {
            viewer: self.viewer,
            traces: std::mem::take(&mut self.traces),
            explored: std::mem::take(&mut self.explored),
            events: std::mem::take(&mut self.events),
            puffs: std::mem::take(&mut self.puffs),
        }
    }

    /// Puts back what [`Game::take_view`] took. Onto a state loaded after a rollback, this
    /// machine's view goes on as it was, less the traces and puffs of the ticks after the
    /// state's (they are made again as those ticks are played again).
    pub fn put_view(&mut self, view: View) {
        let now = self.ticks;
        self.viewer = view.viewer;
        self.traces = view.traces;
        self.traces.retain(|t| t.tick <= now);
        self.explored = view.explored;
        self.events = view.events;
        self.puffs = view.puffs;
        self.puffs.retain(|p| p.tick <= now);
    }
}

impl Game {
    /// Every pickup there has been: the level's, then the enemies' drops; taken or not
    /// ([`Game::pickups_left`] says which lie there).
    pub fn pickups(&self) -> impl Iterator<Item = &PickupSpawn> {
        self.level.pickups.iter().chain(&self.drops)
    }

    /// The pickups still lying there.
    pub fn pickups_lying(&self) -> impl Iterator<Item = &PickupSpawn> {
        let left = self.pickups().zip(&self.pickups_left);
        left.filter_map(|(p, &left)| left.then_some(p))
    }
}

impl Game {
    /// The level at its start on `difficulty`: the things that name a harder difficulty stay
    /// home, and on easy every third of the enemies that name none, bosses excepted (the
    /// way out may need what a boss drops).
    pub fn on(level: Level, difficulty: Difficulty) -> Game {
        Game::unexplored_on(level, difficulty).explored_from_start()
    }

    /// [`Game::on`] with nothing of the automap explored yet, for a view that draws none (see
    /// [`Game::place_viewer`]), until [`Game::explore`].
    pub fn unexplored_on(mut level: Level, difficulty: Difficulty) -> Game {
        let mut index = 0;
        let kinds = level.kinds.clone();
        let boss = |kind: &str| kinds.get(kind).is_some_and(|k| k.stats.boss);
        level.enemies.retain(|e| match e.difficulty {
            Some(least) => difficulty >= least,
            None => {
                index += 1;
                boss(&e.kind) || difficulty.keeps_enemy(index - 1)
            }
        });
        level
            .pickups
            .retain(|p| p.difficulty.is_none_or(|least| difficulty >= least));
        Game {
            difficulty,
            ..Game::unexplored(level)
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
            // A level's masks are square and at most 64 wide: one word a row, as the hash has
            // always read them.
            bytes.extend(shape.mask.width().to_le_bytes());
            for y in 0..shape.mask.height() {
                for word in shape.mask.row(y) {
                    bytes.extend(word.to_le_bytes());
                }
            }
        }
        file_hash(&bytes)
    }

    /// The level at its start.
    pub fn new(level: Level) -> Game {
        Game::unexplored(level).explored_from_start()
    }

    /// [`Game::new`] with nothing of the automap explored.
    fn unexplored(level: Level) -> Game {
        let seat = Seat::new(level.player.position, level.player.facing);
        let doors = Doors::new(&level);
        let pushwalls = PushWalls::new(&level);
        let pickups_left = vec![true; level.pickups.len()];
        let guard = crate::level::EnemyKind::guard();
        let enemies = level
            .enemies
            .iter()
            .map(|spawn| Enemy::new(spawn, level.kinds.get(&spawn.kind).unwrap_or(&guard)))
            .collect();
        let obstacles = Arc::new(Obstacles::of(&level));
        Game {
            level: Arc::new(level),
            seats: vec![seat],
            viewer: 0,
            doors,
            pushwalls,
            pickups_left,
            pickups_taken: Vec::new(),
            mode: Mode::Coop,
            keys: Vec::new(),
            ticks: 0,
            finished: false,
            secret_exit: false,
            difficulty: Difficulty::Normal,
            enemies,
            kills: 0,
            rng: Rng::new(0x7117_CA57),
            projectiles: Vec::new(),
            holes: Arc::default(),
            obstacles,
            tracing: false,
            traces: Vec::new(),
            explored: Vec::new(),
            events: Vec::new(),
            puffs: Vec::new(),
            treasure: 0,
            drops: Vec::new(),
            actors: SpatialHash::default(),
        }
    }

    /// The level at its start, with the holes of its masked walls (see [`Holes`]).
    pub fn with_holes(level: Level, holes: Arc<Holes>) -> Game {
        let mut game = Game::new(level);
        game.holes = holes;
        game
    }

    /// Advances one tick with seat 0's `input` (the others, if any, stand still).
    pub fn tick(&mut self, input: &Input) {
        self.tick_seats(std::slice::from_ref(input));
    }

    /// Seat `seat`'s part of a tick: a weapon chosen, their move, "use", the trigger.
    fn seat_acts(&mut self, seat: usize, input: &Input) {
        let s = &mut self.seats[seat];
        if let Some(weapon) = Weapon::from_number(input.weapon).filter(|&w| s.player.has(w)) {
            s.chosen = weapon;
            s.weapon = s.player.fallback(weapon, &self.level.arsenal);
        }
        self.rebuild_actors();
        let before = self.seats[seat].player.position;
        let blocking = Blocking {
            level: &self.level,
            doors: &self.doors,
            holes: &self.holes,
            obstacles: &self.obstacles,
        };
        self.seats[seat].player.step(input, &blocking.footing());
        self.keep_clear_of_enemies(seat, before);
        if input.use_pressed {
            self.use_ahead(seat);
        }
        self.trigger(seat, input.fire);
    }

    /// What follows the players' moves in a tick: the enemies, projectiles, the automap,
    /// doors and push walls, pickups, and deaths.
    fn world_moves(&mut self) {
        self.tick_enemies();
        self.rebuild_actors();
        self.tick_projectiles();
        self.trace_sight();
        if self.ticks.is_multiple_of(6) {
            self.explore();
        }
        let cells = self.players_cells();
        let mut closing = Vec::new();
        self.doors.tick(&cells, &mut closing);
        self.events
            .extend(closing.into_iter().map(GameEvent::DoorClosing));
        let occupied = self.occupied();
        self.pushwalls.tick(&mut self.level, &occupied);
        for seat in 0..self.seats.len() {
            if !self.seats[seat].dead() {
                self.pick_up(seat);
            }
        }
        self.deathmatch_tick();
        for seat in 0..self.seats.len() {
            let s = &mut self.seats[seat];
            if s.dead() && s.died.is_none() {
                s.died = Some(self.ticks);
                self.events.push(GameEvent::PlayerDeath { seat });
            }
        }
    }

    /// The cells the living players' circles overlap (doors do not close on them).
    fn players_cells(&self) -> Vec<Cell> {
        let living = self.seats.iter().filter(|s| !s.dead());
        living.flat_map(|s| s.player.cells()).collect()
    }

    /// Undoes the player's move when it brought them into a living enemy's circle (found
    /// through the spatial hash); moving away from one they already touch is allowed.
    fn keep_clear_of_enemies(&mut self, seat: usize, before: Vec2) {
        let now = self.seats[seat].player.position;
        let blocked = self.actors.overlapping(now, PLAYER_RADIUS).any(|i| {
            let e = self.enemies[i].position;
            (now - e).length() < (before - e).length()
        });
        if blocked {
            self.seats[seat].player.position = before;
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

    /// The seat enemy `enemy` goes for: of the living players, the nearest it sees, else the
    /// nearest (the first seat on a tie; seat 0 in a game of one).
    fn target_of(&self, enemy: &Enemy, blocking: &Blocking) -> usize {
        if self.seats.len() == 1 {
            return 0;
        }
        let distance = |s: &Seat| (s.player.position - enemy.position).length();
        let nearest = |seen: bool| {
            let mut best: Option<(usize, f64)> = None;
            for (i, s) in self.seats.iter().enumerate() {
                if s.dead() || (seen && !enemy.sees(s.player.position, blocking)) {
                    continue;
                }
                if best.is_none_or(|(_, d)| distance(s) < d) {
                    best = Some((i, distance(s)));
                }
            }
            best.map(|(i, _)| i)
        };
        nearest(true).or_else(|| nearest(false)).unwrap_or(0)
    }

    /// Enemies act, each going for one player; those that fire may hit them; chasers open
    /// the doors in their way.
    fn tick_enemies(&mut self) {
        let mut doors_to_open = Vec::new();
        let mut damage = vec![0; self.seats.len()];
        let difficulty = self.difficulty;
        for i in 0..self.enemies.len() {
            let blocking = Blocking {
                level: &self.level,
                doors: &self.doors,
                holes: &self.holes,
                obstacles: &self.obstacles,
            };
            let target = self.target_of(&self.enemies[i], &blocking);
            let player = self.seats[target].player.position;
            let e = &mut self.enemies[i];
            let act = e.tick(player, &blocking, &mut self.rng, difficulty);
            doors_to_open.extend(act.open_door);
            if act.alerted && e.stats.shout {
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
                let chance = match e.stats.attack {
                    // Wolfenstein 3D's dogs bite 180 times in 256.
                    crate::level::kinds::Attack::Bite => 180.0 / 256.0,
                    crate::level::kinds::Attack::Gun => hit_chance(distance),
                };
                if self.rng.unit() < chance {
                    let hit = difficulty.damage(e.stats.hit(self.rng.unit()));
                    damage[target] += hit;
                    self.events.push(GameEvent::PlayerHurt {
                        damage: hit,
                        from: e.position,
                        seat: target,
                    });
                    self.seats[target].hurt = Some(Hurt {
                        tick: self.ticks,
                        damage: damage[target],
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
        for (s, damage) in self.seats.iter_mut().zip(damage) {
            s.player.health = s.player.health.saturating_sub(damage);
        }
    }
}

#[cfg(test)]
mod tests;
