//! Weapons: the knife, three hitscan guns and a projectile launcher, all walked with the one
//! traversal engine and all tested against enemies as circles through the spatial hash. What
//! each does is a row of numbers ([`WeaponStats`]), the level's [`Arsenal`]. Every query can be kept as a [`Trace`] for
//! the top-down view's traversal debugger.

use super::{Blocking, ENEMY_RADIUS, Game, GameEvent, Puff, TICK};
use crate::grid::{Cell, Walk, cast_segment};
use crate::level::PickupKind;
use crate::math::Vec2;

pub use crate::level::{Arsenal, Pool, Weapon, WeaponStats};

/// How far a hitscan shot reaches, tiles.
pub const HITSCAN_RANGE: f64 = 64.0;
/// How far the knife reaches from the player's centre, tiles: an enemy's circle must be
/// within 0.7 tiles of the player's.
pub const KNIFE_REACH: f64 = 1.0;
/// How fast a projectile flies, tiles per second.
pub const PROJECTILE_SPEED: f64 = 10.0;
/// How long a projectile flies before it fizzles, seconds.
const PROJECTILE_LIFE: f64 = 4.0;
/// Ticks a trace is kept for the debugger (one and a half seconds).
pub const TRACE_TICKS: u64 = 90;

/// A projectile in flight.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Projectile {
    /// Where it is.
    pub position: Vec2,
    /// Its motion per tick.
    pub step: Vec2,
    /// Ticks left before it fizzles.
    pub ticks_left: u32,
    /// The seat that fired it (its kills score for them).
    #[serde(default)]
    pub owner: usize,
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
            obstacles: &self.obstacles,
        }
    }

    /// The trigger this tick (`held`: fire is down): the weapon in hand attacks when it is
    /// ready, loaded, and either automatic or released since its last attack; enemies within
    /// earshot of a loud one are alerted. A gun out of bullets puts the best loaded one in
    /// hand, else the knife (as in Wolfenstein 3D).
    pub(super) fn trigger(&mut self, seat: usize, held: bool) {
        let (arsenal, ticks) = (&self.level.arsenal, self.ticks);
        let s = &mut self.seats[seat];
        if !held {
            s.trigger_released = true;
            return;
        }
        let weapon = s.weapon;
        let stats = arsenal.stats(weapon);
        if !s.player.loaded(weapon, arsenal) {
            s.weapon = s.player.fallback(s.chosen, arsenal);
            return;
        }
        if !stats.automatic && !s.trigger_released
            || s.last_shot.is_some_and(|t| ticks < t + stats.interval)
        {
            return;
        }
        s.trigger_released = false;
        s.player.spend(weapon, arsenal);
        s.last_shot = Some(ticks);
        s.protected_until = 0;
        let (origin, dir) = (s.player.position, s.player.direction());
        self.events.push(GameEvent::Shot { weapon, seat });
        match weapon {
            Weapon::Launcher => self.projectiles.push(Projectile {
                position: origin,
                step: dir * (PROJECTILE_SPEED * TICK),
                ticks_left: (PROJECTILE_LIFE / TICK) as u32,
                owner: seat,
            }),
            _ => self.hitscan(seat, origin, dir, weapon),
        }
        let s = &mut self.seats[seat];
        if !s.player.loaded(weapon, &self.level.arsenal) {
            s.weapon = s.player.fallback(s.chosen, &self.level.arsenal);
        }
        if stats.loud {
            self.alert_within_earshot(origin);
        }
    }

    /// Enemies that hear a shot at `origin` come to look.
    fn alert_within_earshot(&mut self, origin: Vec2) {
        let heard = self.hearing(origin);
        for (i, e) in self.enemies.iter_mut().enumerate() {
            if heard.contains(&e.cell()) && e.hear() && e.stats.shout {
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
    fn hitscan(&mut self, seat: usize, origin: Vec2, dir: Vec2, weapon: Weapon) {
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
        // A player in a deathmatch, where one stands before the enemy (or the wall).
        let before = target.map_or(reach, |(_, t)| t);
        let player = self.player_along_ray(seat, origin, dir, before);
        let target = if player.is_some() { None } else { target };
        // Whether the shot hits what it is aimed at, and how hard (a miss flies on).
        let aimed_at = match (target, player) {
            (_, Some((victim, _))) => Some(self.seats[victim].player.position),
            (Some((i, _)), None) => Some(self.enemies[i].position),
            (None, None) => None,
        };
        let damage = aimed_at.and_then(|at| self.shot_damage(weapon, origin, at));
        let (target, player) = match damage {
            Some(_) => (target, player),
            None => (None, None),
        };
        let hit = stop_point(origin, dir, target.or(player), wall);
        self.trace(TraceKind::Bullet, origin, origin + dir * range, hit);
        if let Some(point) = hit {
            // Just in front of what was hit, so the puff is drawn before it.
            let back = dir * (0.05 / dir.length().max(1e-9));
            self.puffs.push(Puff {
                position: point - back,
                tick: self.ticks,
                blood: target.or(player).is_some(),
            });
        }
        let damage = damage.unwrap_or(0);
        if let Some((victim, _)) = player {
            self.damage_player(seat, victim, damage, origin);
        }
        if let Some((i, _)) = target {
            self.damage_enemy(seat, i, damage);
        }
    }

    /// A shot by `weapon` from `from` at what stands at `at` (its centre), as Wolfenstein 3D's
    /// `GunAttack` rolls it: `None` when it misses, else its damage. Distance is counted in
    /// whole cells, the larger of the two axes: within 2 a gun's shot does its whole range,
    /// from 2 on two thirds of it, and from 4 on it also misses more the further it flies (a
    /// roll of 0 to 21 under the distance misses: a fifth of shots at 4 cells, half at 11,
    /// every one from 22). The knife's stab always hits, for its whole range.
    fn shot_damage(&mut self, weapon: Weapon, from: Vec2, at: Vec2) -> Option<i32> {
        let (low, high) = self.level.arsenal.stats(weapon).damage;
        let mut roll = || (self.rng.unit() * 256.0) as i32;
        let whole = low + roll() * (high - low + 1) / 256;
        if weapon == Weapon::Knife {
            return Some(whole);
        }
        let (a, b) = (Cell::containing(from), Cell::containing(at));
        let cells = (a.x - b.x).abs().max((a.y - b.y).abs());
        if cells < 2 {
            return Some(whole);
        }
        if cells >= 4 && roll() / 12 < cells {
            return None;
        }
        Some(whole * 2 / 3)
    }

    /// Hurts enemy `i` (seat `seat`'s shot: it turns to them; twice as hard while it has not
    /// noticed anyone, [`super::Enemy::unaware`]); a kill scores its kind's points for them and
    /// drops what its kind drops (a guard's clip, as in Wolfenstein 3D, so that a player who
    /// fights is never left with nothing to fight with; a weapon the player carries already
    /// comes as a clip, as the SS's machine gun does).
    fn damage_enemy(&mut self, seat: usize, i: usize, damage: i32) {
        let enemy = &mut self.enemies[i];
        let was_alive = enemy.alive();
        let damage = if enemy.unaware() { damage * 2 } else { damage };
        enemy.hurt(damage);
        enemy.face_towards(self.seats[seat].player.position);
        let (position, stats) = (enemy.position, enemy.stats);
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
            self.add_points_to(seat, stats.points);
            if let Some(mut kind) = stats.drops {
                if let PickupKind::Weapon(w) = kind {
                    if self.seats[seat].player.has(w) {
                        kind = PickupKind::Ammo;
                    }
                }
                self.drops.push(crate::level::PickupSpawn {
                    kind,
                    difficulty: None,
                    position,
                });
                self.pickups_left.push(true);
            }
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
            let before = target.map_or(reach, |(_, t)| t);
            let owner = p.owner.min(self.seats.len() - 1);
            let player = self.player_along_ray(owner, a, p.step, before);
            let target = if player.is_some() { None } else { target };
            let hit = stop_point(a, p.step, target.or(player), wall);
            self.trace(TraceKind::Projectile, a, b, hit);
            if let Some((victim, _)) = player {
                let (from, to) = self.level.arsenal.stats(Weapon::Launcher).damage;
                let damage = from + (self.rng.unit() * f64::from(to - from)) as i32;
                self.damage_player(owner, victim, damage, a);
            }
            if let Some((i, _)) = target {
                let (from, to) = self.level.arsenal.stats(Weapon::Launcher).damage;
                let damage = from + (self.rng.unit() * f64::from(to - from)) as i32;
                self.damage_enemy(owner, i, damage);
            }
            if let Some(point) = hit {
                self.puffs.push(Puff {
                    position: point,
                    tick: self.ticks,
                    blood: target.or(player).is_some(),
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

    /// With tracing on: each living enemy's look at the player the game is shown to this tick
    /// (its line of sight, walked from the enemy), and old traces dropped.
    pub(super) fn trace_sight(&mut self) {
        if !self.tracing {
            return;
        }
        let now = self.ticks;
        self.traces
            .retain(|t| now.saturating_sub(t.tick) < TRACE_TICKS);
        let player = self.seat().player.position;
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
