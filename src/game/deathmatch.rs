//! Deathmatch: the players of a game of several against each other. The level's enemies stay
//! home; the players start and come back (after [`super::RESPAWN_TICKS`]) at the level's spawn
//! points (each time the one farthest from the living others); shots and fireballs hurt players as they hurt enemies,
//! and a kill is a frag for whoever made it; pickups come back [`PICKUP_RESPAWN_TICKS`] after
//! they are taken; the exits lead nowhere. The match ends when a player reaches the frag
//! limit or the time runs out ([`MatchRules`]).

use super::{Game, PLAYER_RADIUS};
use super::{GameEvent, Hurt, TICK_HZ};
use crate::level::{Difficulty, Level};
use crate::math::{Vec2, ray_circle};

/// Ticks a pickup taken in a deathmatch takes to come back (30 seconds).
pub const PICKUP_RESPAWN_TICKS: u64 = 30 * TICK_HZ as u64;

/// How a game of several is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Mode {
    /// Together against the level's enemies (and a game of one).
    #[default]
    Coop,
    /// Against each other, to a frag limit or a time limit.
    Deathmatch(MatchRules),
}

/// When a deathmatch ends: the first to `frag_limit` frags wins, or the time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct MatchRules {
    /// Frags that win (0: no limit).
    pub frag_limit: u32,
    /// Ticks the match lasts (0: no limit).
    pub time_limit: u64,
}

impl MatchRules {
    /// Up to `frag_limit` frags or `minutes` of play (0: no limit), as the lobby and the
    /// command line give them.
    pub fn new(frag_limit: u32, minutes: u32) -> MatchRules {
        MatchRules {
            frag_limit,
            time_limit: u64::from(minutes) * 60 * u64::from(TICK_HZ),
        }
    }
}

impl Default for MatchRules {
    /// Ten frags or five minutes.
    fn default() -> MatchRules {
        MatchRules::new(10, 5)
    }
}

impl Game {
    /// A deathmatch of `seats` players (1 to [`super::MAX_SEATS`], eight) on `level` under `rules`:
    /// no enemies, every player at a spawn point.
    pub fn deathmatch(
        level: Level,
        difficulty: Difficulty,
        seats: usize,
        rules: MatchRules,
    ) -> Game {
        Game::unexplored_on(level, difficulty).into_deathmatch(seats, rules)
    }

    /// This game at its start made a deathmatch of `seats` players under `rules` (what it
    /// was loaded with kept: the grates' holes, the random numbers' seed): its enemies sent
    /// home, every player at a spawn point.
    pub fn into_deathmatch(mut self, seats: usize, rules: MatchRules) -> Game {
        std::sync::Arc::make_mut(&mut self.level).enemies.clear();
        self.enemies.clear();
        self.mode = Mode::Deathmatch(rules);
        self.pickups_taken = vec![0; self.pickups_left.len()];
        self.seats.clear();
        let mut game = self.seated(seats).explored_from_start();
        let protected_until = game.ticks + super::SPAWN_PROTECTION_TICKS;
        for s in &mut game.seats {
            s.protected_until = protected_until;
        }
        game
    }

    /// Whether this is a deathmatch.
    pub fn is_deathmatch(&self) -> bool {
        matches!(self.mode, Mode::Deathmatch(_))
    }

    /// Where a player of a deathmatch (re)starts: the level's spawn point farthest from the
    /// other living players (the first such on a tie; seat by seat around the start where
    /// the level has none).
    pub(super) fn deathmatch_start(&self, seat: usize) -> (Vec2, f64) {
        let spawns = &self.level.spawns;
        if spawns.is_empty() {
            return self.start_near_the_level_start(seat);
        }
        let others: Vec<Vec2> = self
            .seats
            .iter()
            .enumerate()
            .filter(|&(k, s)| k != seat && !s.dead())
            .map(|(_, s)| s.player.position)
            .collect();
        if others.is_empty() {
            let s = &spawns[seat % spawns.len()];
            return (s.position, s.facing);
        }
        let room = |p: Vec2| {
            others
                .iter()
                .map(|&o| (o - p).length())
                .fold(f64::INFINITY, f64::min)
        };
        let mut best = &spawns[0];
        for s in &spawns[1..] {
            if room(s.position) > room(best.position) {
                best = s;
            }
        }
        (best.position, best.facing)
    }

    /// The nearest living player other than `seat` whose circle the shot from `origin` along
    /// `dir` meets before `reach`: their seat and the distance along the ray.
    pub(super) fn player_along_ray(
        &self,
        seat: usize,
        origin: Vec2,
        dir: Vec2,
        reach: f64,
    ) -> Option<(usize, f64)> {
        if !self.is_deathmatch() {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        for (k, s) in self.seats.iter().enumerate() {
            if k == seat || s.dead() {
                continue;
            }
            if let Some(t) = ray_circle(origin, dir, s.player.position, PLAYER_RADIUS) {
                if t < reach && best.is_none_or(|(_, b)| t < b) {
                    best = Some((k, t));
                }
            }
        }
        best
    }

    /// Player `victim` hurt by `damage` from seat `by` (standing at `from`): a kill is a frag
    /// for `by`. A player who has just (re)started and not fired is not hurt
    /// ([`super::SPAWN_PROTECTION_TICKS`]).
    pub(super) fn damage_player(&mut self, by: usize, victim: usize, damage: i32, from: Vec2) {
        let ticks = self.ticks;
        let s = &mut self.seats[victim];
        if s.dead() || s.protected(ticks) {
            return;
        }
        let damage = damage.max(0) as u32;
        s.player.health = s.player.health.saturating_sub(damage);
        s.hurt = Some(Hurt {
            tick: ticks,
            damage,
            from,
        });
        self.events.push(GameEvent::PlayerHurt {
            damage,
            from,
            seat: victim,
        });
        if s.dead() {
            self.seats[by].frags += 1;
            self.events.push(GameEvent::Fragged { by, victim });
        }
    }

    /// A deathmatch's own part of a tick: taken pickups return, and the match ends at its
    /// limits. (The dead come back as in co-op, at a spawn point: [`Game::start_of`].)
    pub(super) fn deathmatch_tick(&mut self) {
        let Mode::Deathmatch(rules) = self.mode else {
            return;
        };
        for i in 0..self.pickups_left.len() {
            let due = self
                .pickups_taken
                .get(i)
                .is_some_and(|&t| t > 0 && self.ticks >= t + PICKUP_RESPAWN_TICKS);
            if due {
                self.pickups_left[i] = true;
                self.pickups_taken[i] = 0;
            }
        }
        let most = self.seats.iter().map(|s| s.frags).max().unwrap_or(0);
        let won = rules.frag_limit > 0 && most >= rules.frag_limit;
        let timed_out = rules.time_limit > 0 && self.ticks >= rules.time_limit;
        if won || timed_out {
            self.finished = true;
            self.events.push(GameEvent::Exit);
        }
    }

    /// The seats in the order of a deathmatch's scoreboard: most frags first (the lower seat
    /// first on a tie).
    pub fn standings(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.seats.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(self.seats[k].frags));
        order
    }
}
