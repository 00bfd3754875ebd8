//! Enemies: what they see and hear, how they move, when they shoot.

use super::{Blocking, PLAYER_RADIUS, Rng, TICK};
use crate::grid::{Cell, Solidity, line_of_sight};
use crate::level::Difficulty;
use crate::level::kinds::{Attack, BITE_REACH};
use crate::level::{EnemyKind, EnemyMode, EnemySpawn};
use crate::math::Vec2;

/// An enemy's collision and hit radius, tiles.
pub const ENEMY_RADIUS: f64 = 0.3;
/// How far enemies see and shoot, tiles.
const SIGHT_RANGE: f64 = 20.0;
/// Half the angle an unalerted enemy sees, degrees.
const VIEW_HALF_ANGLE: f64 = 70.0;
/// The nearest an enemy's centre comes to the player's: their circles never overlap.
const KEEP_CLEAR: f64 = PLAYER_RADIUS + ENEMY_RADIUS + 0.05;

/// What an enemy did in a tick that the game acts on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Act {
    /// It fired at the player (the game rolls whether it hit).
    pub fired: bool,
    /// Its path goes through this closed door: it opens it.
    pub open_door: Option<Cell>,
    /// It noticed the player this tick (and shouts).
    pub alerted: bool,
}

/// What an enemy is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum EnemyState {
    /// Standing, waiting (ambushers stay deaf until they see the player).
    Idle,
    /// Walking forward, turning at walls.
    Patrol,
    /// Going for the player.
    Chase,
    /// Aiming and firing.
    Attack,
    /// Hurt for a moment.
    Pain,
    /// Ducking into a neighbouring cell out of the player's sight, for a moment.
    Cover,
    /// Falling.
    Dying,
    /// Dead: a body on the floor.
    Dead,
}

/// One enemy.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Enemy {
    /// Its kind (`guard` or `officer`).
    pub kind: String,
    /// Where it stands.
    pub position: Vec2,
    /// Which way it faces, degrees from east towards south.
    pub facing: f64,
    /// What it is doing.
    pub state: EnemyState,
    /// Health left.
    pub health: i32,
    /// Seconds left in the current state (attack, pain, dying), or until the next shot.
    pub timer: f64,
    /// Whether it heeds sounds (ambushers do not until they have seen the player).
    pub deaf: bool,
    /// Seconds of walking, for the walking frames.
    pub walked: f64,
    /// Where it is taking cover.
    pub cover: Option<Cell>,
    /// Which way it sidesteps while it waits to shoot (+1 or -1).
    pub strafe: f64,
    /// Whether the player has seen it (the automap shows only those).
    pub spotted: bool,
    /// What its kind makes it: speed, damage, firing range, points, attack.
    pub stats: EnemyStats,
    /// Shots left in the attack it is firing.
    pub shots_left: u32,
}

/// An enemy's kind, as the simulation uses it (a copy of its kind's, kept with each enemy).
pub use crate::level::kinds::KindStats as EnemyStats;

impl EnemyStats {
    /// One hit's damage for a draw `unit` from 0 to 1 (before the difficulty): a guard's
    /// 4 to 12 is `4 + (unit * 8) as u32`.
    pub fn hit(&self, unit: f64) -> u32 {
        let (from, to) = self.damage;
        from + (unit * f64::from(to - from)) as u32
    }
}

impl Enemy {
    /// An enemy of `kind` at its spawn.
    pub fn new(spawn: &EnemySpawn, kind: &EnemyKind) -> Enemy {
        Enemy {
            kind: spawn.kind.clone(),
            position: spawn.at.position,
            facing: spawn.at.facing,
            state: if spawn.mode == EnemyMode::Patrol {
                EnemyState::Patrol
            } else {
                EnemyState::Idle
            },
            health: kind.health,
            timer: 0.0,
            deaf: spawn.mode == EnemyMode::Ambush,
            walked: 0.0,
            cover: None,
            strafe: 1.0,
            spotted: false,
            stats: kind.stats,
            shots_left: 0,
        }
    }

    /// Whether it is alive (it can be hit and blocks nothing when dead).
    pub fn alive(&self) -> bool {
        !matches!(self.state, EnemyState::Dying | EnemyState::Dead)
    }

    /// The cell it stands in.
    pub fn cell(&self) -> Cell {
        Cell::containing(self.position)
    }

    /// Whether it sees `target`: in range, in its field of view unless alerted, and in the
    /// traversal's line of sight (walls and closed doors block).
    pub fn sees(&self, target: Vec2, blocking: &impl Solidity) -> bool {
        let to = target - self.position;
        let distance = to.length();
        if distance.is_nan() || distance > SIGHT_RANGE {
            return false;
        }
        let alerted = matches!(
            self.state,
            EnemyState::Chase | EnemyState::Attack | EnemyState::Pain | EnemyState::Cover
        );
        if !alerted {
            let off = crate::math::turn_degrees(self.facing, to.angle_degrees());
            if off.abs() > VIEW_HALF_ANGLE {
                return false;
            }
        }
        line_of_sight(blocking, self.position, target)
    }

    /// Whether it has not noticed the player yet (standing or on patrol): a hit then does
    /// double damage, as Wolfenstein 3D's `DamageActor` does to an actor not in attack mode.
    pub fn unaware(&self) -> bool {
        matches!(self.state, EnemyState::Idle | EnemyState::Patrol)
    }

    /// Takes `damage`: pain, or dying when out of health.
    pub fn hurt(&mut self, damage: i32) {
        if !self.alive() {
            return;
        }
        self.health -= damage;
        self.deaf = false;
        if self.health <= 0 {
            self.state = EnemyState::Dying;
            // A boss falls slowly: its death is a sequence to watch.
            self.timer = if self.stats.boss { 2.0 } else { 0.6 };
        } else {
            self.state = EnemyState::Pain;
            self.timer = 0.25;
        }
    }

    /// Turns to face `target` (an enemy shot turns to where the shot came from).
    pub fn face_towards(&mut self, target: Vec2) {
        if self.alive() {
            self.face(target);
        }
    }

    /// Hears gunfire: alerted unless deaf (it comes to look); whether it was alerted now.
    pub fn hear(&mut self) -> bool {
        let alerted = self.alive()
            && !self.deaf
            && matches!(self.state, EnemyState::Idle | EnemyState::Patrol);
        if alerted {
            self.state = EnemyState::Chase;
        }
        alerted
    }

    /// One tick: what it did that the game must act on.
    pub fn tick(
        &mut self,
        player: Vec2,
        blocking: &Blocking,
        rng: &mut Rng,
        difficulty: Difficulty,
    ) -> Act {
        let mut act = Act::default();
        self.timer -= TICK;
        let sees = self.alive() && self.sees(player, blocking);
        if sees {
            self.deaf = false;
        }
        match self.state {
            EnemyState::Dead => {}
            EnemyState::Dying => {
                if self.timer <= 0.0 {
                    self.state = EnemyState::Dead;
                }
            }
            EnemyState::Pain => {
                if self.timer <= 0.0 {
                    // Half the time it looks for cover, one cell away at most: poorly.
                    self.cover = (rng.unit() < 0.5)
                        .then(|| self.find_cover(player, blocking))
                        .flatten();
                    self.state = if self.cover.is_some() {
                        self.timer = 1.5;
                        EnemyState::Cover
                    } else {
                        EnemyState::Chase
                    };
                }
            }
            EnemyState::Cover => {
                let target = self.cover.map(|c| c.centre());
                let to = target.map_or(Vec2::ZERO, |t| t - self.position);
                let length = to.length();
                let arrived = length < self.stats.speed * TICK
                    || !self.walk(to * (1.0 / length), &blocking.footing(), player);
                if arrived && self.timer <= 0.0 || self.timer <= -1.5 {
                    // Out again after a while, or when it cannot get there.
                    self.cover = None;
                    self.state = EnemyState::Chase;
                }
            }
            EnemyState::Idle => {
                if sees {
                    act.alerted = true;
                    self.state = EnemyState::Chase;
                    self.timer = 0.3 + rng.unit() * 0.4;
                }
            }
            EnemyState::Patrol => {
                if sees {
                    act.alerted = true;
                    self.state = EnemyState::Chase;
                    self.timer = 0.3;
                } else {
                    let ahead = Vec2::from_angle_degrees(self.facing);
                    if !self.walk(ahead, &blocking.footing(), player) {
                        self.facing = (self.facing + 90.0).rem_euclid(360.0);
                    }
                }
            }
            EnemyState::Chase => {
                self.face(player);
                let to_player = player - self.position;
                let distance = to_player.length();
                let bites = self.stats.attack == Attack::Bite;
                if sees && self.timer <= 0.0 && (!bites || distance <= BITE_REACH) {
                    self.state = EnemyState::Attack;
                    self.timer = self.stats.aim;
                    self.shots_left = self.stats.burst.max(1);
                } else if bites && sees && distance > 1e-9 {
                    // A dog runs straight at the player.
                    self.walk(to_player * (1.0 / distance), &blocking.footing(), player);
                } else if sees && distance < self.stats.firing_range.0 && distance > 1e-9 {
                    // Too near: back off, keeping its aim.
                    self.walk(to_player * (-1.0 / distance), &blocking.footing(), player);
                } else if sees && distance <= self.stats.firing_range.1 && distance > 1e-9 {
                    // In range: sidestep while it waits to shoot, the other way at a wall.
                    let across = Vec2::new(-to_player.y, to_player.x) * (self.strafe / distance);
                    if !self.walk(across, &blocking.footing(), player) {
                        self.strafe = -self.strafe;
                    }
                } else if let Some(next) = path_step(self.cell(), player, blocking) {
                    // Out of range or out of sight: close in.
                    if blocking.is_closed_door(next) {
                        act.open_door = Some(next);
                    }
                    let target = next.centre();
                    let to = target - self.position;
                    let length = to.length();
                    if length > 1e-9 {
                        self.walk(to * (1.0 / length), &blocking.footing(), player);
                    }
                }
            }
            EnemyState::Attack => {
                self.face(player);
                if self.timer <= 0.0 {
                    let reach = self.stats.attack == Attack::Gun
                        || (player - self.position).length() <= BITE_REACH + 0.1;
                    act.fired = sees && reach;
                    self.shots_left = self.shots_left.saturating_sub(1);
                    if self.shots_left > 0 && act.fired {
                        // The rest of the burst, a tenth of a second apart.
                        self.timer = 0.1;
                    } else {
                        self.shots_left = 0;
                        self.state = EnemyState::Chase;
                        // Aims poorly, and worse with distance: cover is not taken, but misses
                        // are.
                        self.timer = difficulty.shot_wait(0.8 + rng.unit() * 1.2);
                        if rng.unit() < 0.5 {
                            self.strafe = -self.strafe;
                        }
                    }
                }
            }
        }
        act
    }

    /// A neighbouring open cell (of the eight) whose centre the player cannot see, nearest
    /// first; `None` when there is none.
    pub(super) fn find_cover(&self, player: Vec2, blocking: &Blocking) -> Option<Cell> {
        let here = self.cell();
        let mut spots: Vec<(Cell, f64)> = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ]
        .iter()
        .map(|&(dx, dy)| Cell::new(here.x + dx, here.y + dy))
        .filter(|&c| !blocking.footing().is_solid(c))
        .map(|c| (c, c.centre()))
        .filter(|&(c, centre)| {
            // Diagonal steps need both side cells open, or the walk would catch a corner.
            let footing = blocking.footing();
            let sides_open = !footing.is_solid(Cell::new(c.x, here.y))
                && !footing.is_solid(Cell::new(here.x, c.y));
            sides_open && !line_of_sight(blocking, centre, player)
        })
        .map(|(c, centre)| (c, (centre - self.position).length()))
        .collect();
        spots.sort_by(|a, b| a.1.total_cmp(&b.1));
        spots.first().map(|s| s.0)
    }

    fn face(&mut self, target: Vec2) {
        let to = target - self.position;
        self.facing = to.angle_degrees().rem_euclid(360.0);
    }

    /// Moves along unit `dir` for a tick unless a wall is in the way or the step would bring
    /// it nearer than [`KEEP_CLEAR`] to the `player`; whether it moved.
    fn walk(&mut self, dir: Vec2, blocking: &impl Solidity, player: Vec2) -> bool {
        let next = self.position + dir * (self.stats.speed * TICK);
        let (now, then) = ((player - self.position).length(), (player - next).length());
        if then < KEEP_CLEAR && then < now {
            return false;
        }
        let r = ENEMY_RADIUS;
        let blocked = [(-r, -r), (r, -r), (-r, r), (r, r)]
            .iter()
            .any(|(dx, dy)| blocking.is_solid(Cell::containing(next + Vec2::new(*dx, *dy))));
        if blocked {
            return false;
        }
        self.position = next;
        self.walked += TICK;
        true
    }
}

/// The chance that a shot from `distance` tiles hits.
pub fn hit_chance(distance: f64) -> f64 {
    (0.9 - distance * 0.06).clamp(0.1, 0.9)
}

/// The first cell of a shortest 4-connected path from `from` towards `target`'s cell through
/// cells `blocking` calls open (closed doors count as open: enemies open them), by
/// breadth-first search within 48 cells. `None` when there is none or already there.
pub fn path_step(from: Cell, target: Vec2, blocking: &Blocking) -> Option<Cell> {
    const REACH: i32 = 48;
    let goal = Cell::containing(target);
    if from == goal {
        return None;
    }
    let area = (
        from.x.saturating_sub(REACH),
        from.y.saturating_sub(REACH),
        from.x.saturating_add(REACH + 1),
        from.y.saturating_add(REACH + 1),
    );
    let walkable = |c: Cell| blocking.walkable_for_enemies(c);
    let path = crate::grid::shortest_path(from, area, walkable, |c| c == goal)?;
    path.get(1).copied()
}
