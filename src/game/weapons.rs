//! Weapons: a knife, a hitscan pistol and a projectile launcher, all walked with the one
//! traversal engine and all tested against enemies as circles through the spatial hash. Every query can
//! be kept as a [`Trace`] for the top-down view's traversal debugger.

use super::{Blocking, ENEMY_RADIUS, Game, GameEvent, Puff, TICK};
use crate::grid::{Cell, Walk, cast_segment};
use crate::math::Vec2;

/// How far a hitscan shot reaches, tiles.
pub const HITSCAN_RANGE: f64 = 64.0;
/// How far the knife reaches from the player's centre, tiles.
pub const KNIFE_REACH: f64 = 1.0;
/// How fast a projectile flies, tiles per second.
pub const PROJECTILE_SPEED: f64 = 10.0;
/// How long a projectile flies before it fizzles, seconds.
const PROJECTILE_LIFE: f64 = 4.0;
/// Ticks a trace is kept for the debugger (one and a half seconds).
pub const TRACE_TICKS: u64 = 90;

/// The weapon in hand.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Weapon {
    /// Hitscan: one round, instant, to the first wall or enemy.
    #[default]
    Pistol,
    /// A slow fireball: two rounds, heavier damage, flies until it meets a wall or an enemy.
    Launcher,
    /// Melee: no rounds, silent, reaches [`KNIFE_REACH`].
    Knife,
}

impl Weapon {
    /// The weapon bound to number `n` (1 pistol, 2 launcher, 3 knife).
    pub fn from_number(n: u8) -> Option<Weapon> {
        match n {
            1 => Some(Weapon::Pistol),
            2 => Some(Weapon::Launcher),
            3 => Some(Weapon::Knife),
            _ => None,
        }
    }

    /// Rounds per shot.
    pub fn cost(self) -> u32 {
        match self {
            Weapon::Pistol => 1,
            Weapon::Launcher => 2,
            Weapon::Knife => 0,
        }
    }

    /// Its name on the HUD.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Pistol => "PISTOL",
            Weapon::Launcher => "LAUNCHER",
            Weapon::Knife => "KNIFE",
        }
    }

    /// Ticks between two attacks with it.
    pub fn reload_ticks(self) -> u64 {
        match self {
            Weapon::Pistol => 12,
            Weapon::Launcher => 30,
            Weapon::Knife => 18,
        }
    }
}

/// A projectile in flight.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Projectile {
    /// Where it is.
    pub position: Vec2,
    /// Its motion per tick.
    pub step: Vec2,
    /// Ticks left before it fizzles.
    pub ticks_left: u32,
}

/// What a traced query was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceKind {
    /// A hitscan shot.
    Bullet,
    /// One tick of a projectile's flight.
    Projectile,
    /// An enemy looking at the player.
    Sight,
}

/// One traversal query, kept for the debugger: the cells it walked, the points where it
/// crossed cell boundaries, and where it stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// What it was.
    pub kind: TraceKind,
    /// Where it started.
    pub from: Vec2,
    /// Where it ended (its hit, or the end of its reach).
    pub to: Vec2,
    /// The cells walked, in order, the hit cell included.
    pub cells: Vec<Cell>,
    /// Where it crossed from cell to cell.
    pub crossings: Vec<Vec2>,
    /// What stopped it: a wall, or an actor's circle; `None` when nothing did.
    pub hit: Option<Vec2>,
    /// The tick it was made in.
    pub tick: u64,
}

impl Trace {
    /// The trace of the segment from `from` to `to`, stopped at `hit` (if any) on the way.
    fn segment(kind: TraceKind, from: Vec2, to: Vec2, hit: Option<Vec2>, tick: u64) -> Trace {
        let end = hit.unwrap_or(to);
        let (mut cells, mut crossings) = (Vec::new(), Vec::new());
        for entry in Walk::segment(from, end) {
            cells.push(entry.cell);
            if entry.face.is_some() {
                crossings.push(from + (end - from) * entry.t);
            }
        }
        Trace {
            kind,
            from,
            to: end,
            cells,
            crossings,
            hit,
            tick,
        }
    }
}

impl Game {
    /// The blocking view of the level for casts and movement.
    pub fn blocking(&self) -> Blocking<'_> {
        Blocking {
            level: &self.level,
            doors: &self.doors,
            holes: &self.holes,
        }
    }

    /// Fires the weapon in hand, if there are rounds for it; enemies that can hear it are
    /// alerted.
    /// Out of rounds for a gun, the knife comes to hand (as in Wolfenstein 3D).
    pub(super) fn fire(&mut self) {
        let cost = self.weapon.cost();
        if self.player.ammo < cost {
            self.weapon = Weapon::Knife;
            return;
        }
        if self
            .last_shot
            .is_some_and(|t| self.ticks < t + self.weapon.reload_ticks())
        {
            return;
        }
        self.player.ammo -= cost;
        self.last_shot = Some(self.ticks);
        self.events.push(GameEvent::Shot(self.weapon));
        let (origin, dir) = (self.player.position, self.player.direction());
        match self.weapon {
            Weapon::Pistol => self.hitscan(origin, dir, Weapon::Pistol),
            Weapon::Knife => {
                self.hitscan(origin, dir, Weapon::Knife);
                return; // silent
            }
            Weapon::Launcher => self.projectiles.push(Projectile {
                position: origin,
                step: dir * (PROJECTILE_SPEED * TICK),
                ticks_left: (PROJECTILE_LIFE / TICK) as u32,
            }),
        }
        if self.player.ammo < self.weapon.cost() {
            self.weapon = Weapon::Knife;
        }
        let heard = self.hearing(origin);
        for (i, e) in self.enemies.iter_mut().enumerate() {
            if heard.contains(&e.cell()) && e.hear() {
                self.events.push(GameEvent::EnemyAlert {
                    at: e.position,
                    enemy: i,
                });
            }
        }
    }

    /// A pistol shot (reaching [`HITSCAN_RANGE`]) or the knife's thrust ([`KNIFE_REACH`]): the
    /// traversal finds the first wall (closed doors, and grate bars but not their holes), then
    /// the spatial hash the nearest living enemy the ray crosses before it. A puff shows where
    /// it hit: dust on a wall, blood on an enemy.
    fn hitscan(&mut self, origin: Vec2, dir: Vec2, weapon: Weapon) {
        let range = if weapon == Weapon::Knife {
            KNIFE_REACH
        } else {
            HITSCAN_RANGE
        };
        let blocking = self.blocking();
        let wall = crate::grid::cast_ray(&blocking, origin, dir, range);
        let reach = wall.map_or(range, |h| h.t);
        let enemies = &self.enemies;
        let target = self
            .actors
            .first_along_ray(origin, dir, reach, |i| enemies[i].alive());
        let hit = stop_point(origin, dir, target, wall);
        self.trace(TraceKind::Bullet, origin, origin + dir * range, hit);
        if let Some(point) = hit {
            // Just in front of what was hit, so the puff is drawn before it.
            let back = dir * (0.05 / dir.length().max(1e-9));
            self.puffs.push(Puff {
                position: point - back,
                tick: self.ticks,
                blood: target.is_some(),
            });
        }
        if let Some((i, t)) = target {
            let damage = if weapon == Weapon::Knife {
                15 + (self.rng.unit() * 15.0) as i32
            } else {
                10 + (self.rng.unit() * 15.0 * (1.0 - (t / 20.0).min(0.8))) as i32
            };
            self.damage_enemy(i, damage);
        }
    }

    /// Hurts enemy `i`, counting the kill; a guard that dies drops a clip of ammunition (as
    /// in Wolfenstein 3D), so that a player who fights is never left with nothing to fight
    /// with.
    fn damage_enemy(&mut self, i: usize, damage: i32) {
        let enemy = &mut self.enemies[i];
        let was_alive = enemy.alive();
        enemy.hurt(damage);
        enemy.face_towards(self.player.position);
        let position = enemy.position;
        if was_alive && enemy.alive() {
            self.events.push(GameEvent::EnemyPain {
                at: position,
                enemy: i,
            });
        }
        if was_alive && !enemy.alive() {
            self.kills += 1;
            self.events.push(GameEvent::EnemyDeath {
                at: position,
                enemy: i,
            });
            self.level.pickups.push(crate::level::PickupSpawn {
                kind: crate::level::PickupKind::Ammo,
                difficulty: None,
                position,
            });
            self.pickups_left.push(true);
            self.dropped += 1;
        }
    }

    /// Moves every projectile one tick: a segment cast limited to this tick's motion finds the
    /// wall it meets, the spatial hash the enemy it meets first; either ends its flight.
    pub(super) fn tick_projectiles(&mut self) {
        let mut flying = std::mem::take(&mut self.projectiles);
        flying.retain_mut(|p| {
            let (a, b) = (p.position, p.position + p.step);
            let blocking = self.blocking();
            let wall = cast_segment(&blocking, a, b);
            let reach = wall.map_or(1.0, |h| h.t);
            let enemies = &self.enemies;
            let target = self
                .actors
                .first_along_ray(a, p.step, reach, |i| enemies[i].alive());
            let hit = stop_point(a, p.step, target, wall);
            self.trace(TraceKind::Projectile, a, b, hit);
            if let Some((i, _)) = target {
                let damage = 40 + (self.rng.unit() * 20.0) as i32;
                self.damage_enemy(i, damage);
            }
            if let Some(point) = hit {
                self.puffs.push(Puff {
                    position: point,
                    tick: self.ticks,
                    blood: target.is_some(),
                });
                self.events.push(GameEvent::Explosion { at: point });
            }
            p.position = b;
            p.ticks_left = p.ticks_left.saturating_sub(1);
            hit.is_none() && p.ticks_left > 0
        });
        self.projectiles = flying;
    }

    /// Keeps a trace of a query when tracing is on.
    fn trace(&mut self, kind: TraceKind, from: Vec2, to: Vec2, hit: Option<Vec2>) {
        if self.tracing {
            let trace = Trace::segment(kind, from, to, hit, self.ticks);
            self.traces.push(trace);
        }
    }

    /// With tracing on: each living enemy's look at the player this tick (its line of sight,
    /// walked from the enemy), and old traces dropped.
    pub(super) fn trace_sight(&mut self) {
        if !self.tracing {
            return;
        }
        let now = self.ticks;
        self.traces.retain(|t| now - t.tick < TRACE_TICKS);
        let player = self.player.position;
        let looks: Vec<(Vec2, Option<Vec2>)> = {
            let blocking = self.blocking();
            self.enemies
                .iter()
                .filter(|e| e.alive())
                .map(|e| {
                    let hit = cast_segment(&blocking, e.position, player).map(|h| h.point);
                    (e.position, hit)
                })
                .collect()
        };
        for (from, hit) in looks {
            self.trace(TraceKind::Sight, from, player, hit);
        }
    }

    /// Rebuilds the spatial hash of the living enemies (by index in `enemies`).
    pub(super) fn rebuild_actors(&mut self) {
        self.actors.clear();
        for (i, e) in self.enemies.iter().enumerate() {
            if e.alive() {
                self.actors.insert(i, e.position, ENEMY_RADIUS);
            }
        }
    }
}

/// Where a shot along `origin + t * dir` stops: at the enemy it meets (found only before the
/// wall), else at the wall, else nowhere.
fn stop_point(
    origin: Vec2,
    dir: Vec2,
    target: Option<(usize, f64)>,
    wall: Option<crate::grid::Hit>,
) -> Option<Vec2> {
    match (target, wall) {
        (Some((_, t)), _) => Some(origin + dir * t),
        (None, wall) => wall.map(|h| h.point),
    }
}
