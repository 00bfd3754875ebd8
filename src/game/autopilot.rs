//! The autopilot: a simple player for demo mode (`tilecaster --demo`) and for tests that play
//! the episode start to finish. It sees the game as a player would (the map, the doors, the
//! enemies in its line of sight), and answers with the same [`Input`] the keyboard makes.

use super::{Game, Input, Seat, Weapon};
use crate::grid::{Cell, line_of_sight, shortest_path};
use crate::level::PickupKind;
use crate::map::Tile;
use crate::math::Vec2;

/// Degrees the autopilot turns per tick at most (as a player with the arrow keys: 3).
const TURN: f64 = 3.0;
/// How far it engages enemies, tiles.
const ENGAGE: f64 = 10.0;

/// A player that walks to the exit, fetching the keys it needs on the way, opening doors and
/// shooting the enemies it sees (in a deathmatch, hunting and shooting the other players). Where a level has a secret exit it takes that one, so that a
/// run plays the whole episode, secret level included.
#[derive(Clone, Debug, Default)]
pub struct Autopilot {
    /// Ticks until it may fire again.
    cooldown: u32,
    /// Ticks until it may press use again.
    use_wait: u32,
    /// Ticks it has not moved while it wanted to.
    stuck: u32,
    last: Option<Vec2>,
    /// Push walls it pushed, with the tick: one still there a second later does not move.
    pushed: Vec<(Cell, u64)>,
    /// The pickup it is walking onto in its own cell, and since when: one not taken within
    /// [`REACH_TICKS`] lies where it cannot stand (against a wall or a decoration), and is
    /// given up, into `out_of_reach`.
    reaching: Option<(Vec2, u64)>,
    out_of_reach: Vec<Vec2>,
    /// The seat it plays.
    seat: usize,
}

/// Ticks it tries to step onto a pickup in its own cell before giving it up.
const REACH_TICKS: u64 = 90;

impl Autopilot {
    /// A new autopilot, for the first seat.
    pub fn new() -> Autopilot {
        Autopilot::default()
    }

    /// A new autopilot for seat `seat` of a game of several.
    pub fn for_seat(seat: usize) -> Autopilot {
        Autopilot {
            seat,
            ..Autopilot::default()
        }
    }

    /// The seat it plays in `game` (the last, where `game` has fewer).
    fn seat_of<'a>(&self, game: &'a Game) -> &'a Seat {
        &game.seats[self.seat.min(game.seats.len() - 1)]
    }

    /// The input for the next tick of `game`.
    pub fn input(&mut self, game: &Game) -> Input {
        self.cooldown = self.cooldown.saturating_sub(1);
        self.use_wait = self.use_wait.saturating_sub(1);
        let seat = self.seat_of(game);
        if seat.dead() || game.finished {
            // Dead: game over waits for use (a death with lives left plays on by itself);
            // finished: on from the tally screen. A player presses use for both.
            let press = self.use_wait == 0;
            if press {
                self.use_wait = 30;
            }
            return Input {
                use_pressed: press,
                ..Input::default()
            };
        }
        let best = best_weapon(game, seat);
        let mut input = Input {
            weapon: if best == seat.weapon {
                0
            } else {
                best.number()
            },
            ..Input::default()
        };
        if sought_exits(game).contains(&seat.player.cell()) {
            // Pressed again every 20 ticks (the wait counted from the last press only: set on
            // every tick, it would never run out).
            if self.use_wait == 0 {
                input.use_pressed = true;
                self.use_wait = 20;
            }
            return input;
        }
        // Beside an exit switch: face it and use it.
        if let Some(&(_, switch)) = switch_spots(game)
            .iter()
            .find(|(spot, _)| *spot == seat.player.cell())
        {
            input.turn = turn_towards(seat, switch.centre());
            if input.turn.abs() < 1.0 && self.use_wait == 0 {
                input.use_pressed = true;
                self.use_wait = 20;
            }
            return input;
        }
        if let Some(aim) = self.fight(game, &mut input) {
            input.turn = aim;
            return input;
        }
        let Some((next, target)) = self.next_step(game) else {
            return input;
        };
        let turn = turn_towards(seat, target);
        input.turn = turn;
        let tile = game.level.map.get(next);
        let closed_door = tile == Some(Tile::Door) && !game.doors.passable(next);
        if tile == Some(Tile::PushWall) && !self.pushed.iter().any(|p| p.0 == next) {
            self.pushed.push((next, game.ticks));
        }
        if closed_door || tile == Some(Tile::PushWall) {
            if self.use_wait == 0 && turn.abs() < TURN {
                input.use_pressed = true;
                self.use_wait = 20;
            }
            return input;
        }
        // Off course it walks slowly while it turns; near the point it makes for, it turns where
        // it stands (walking on, it would circle a point inside its turning circle for ever).
        let near = (target - seat.player.position).length() < 1.2;
        input.forward = match (turn.abs() < TURN, near) {
            (true, _) => 1.0,
            (false, false) => 0.3,
            (false, true) => 0.0,
        };
        // Running, while a boss has it in sight.
        let blocking = game.blocking();
        input.run = game.enemies.iter().any(|e| {
            e.alive() && e.stats.boss && line_of_sight(&blocking, e.position, seat.player.position)
        });
        // Unstick: a wall corner caught it; step sideways a little.
        let here = seat.player.position;
        if self.last.is_some_and(|p| (p - here).length() < 1e-3) {
            self.stuck += 1;
        } else {
            self.stuck = 0;
        }
        self.last = Some(here);
        if self.stuck > 10 {
            input.strafe = if (game.ticks / 30).is_multiple_of(2) {
                1.0
            } else {
                -1.0
            };
        }
        input
    }

    /// Turns to the nearest living enemy in sight and in range, firing when on target; the
    /// turn, or `None` when there is nothing to fight (or nothing to fight with).
    fn fight(&mut self, game: &Game, input: &mut Input) -> Option<f64> {
        let seat = self.seat_of(game);
        let me = seat.player.position;
        // With the knife only enemies at arm's length are fought.
        let reach = if best_weapon(game, seat) == Weapon::Knife {
            super::KNIFE_REACH + super::ENEMY_RADIUS
        } else {
            ENGAGE
        };
        let blocking = game.blocking();
        // A boss is fought too (his key opens the way out). In a deathmatch the other players
        // are fought as well.
        let enemies = game
            .enemies
            .iter()
            .filter(|e| e.alive())
            .map(|e| e.position);
        let players = game
            .seats
            .iter()
            .enumerate()
            .filter(|&(k, s)| game.is_deathmatch() && k != self.seat && !s.dead())
            .map(|(_, s)| s.player.position);
        let target = enemies
            .chain(players)
            .filter(|&p| (p - me).length() < reach)
            .filter(|&p| line_of_sight(&blocking, me, p))
            .min_by(|a, b| (*a - me).length().total_cmp(&(*b - me).length()))?;
        let turn = turn_towards(seat, target);
        if turn.abs() < 2.0 && self.cooldown == 0 {
            // An automatic weapon is held down; a one-shot one pressed, and let go between.
            input.fire = true;
            let stats = game.level.arsenal.stats(seat.weapon);
            self.cooldown = if stats.automatic {
                0
            } else {
                stats.interval.div_ceil(2) as u32
            };
        }
        Some(turn)
    }

    /// The next cell on the shortest path to the goal, and the point in it to walk to (its
    /// centre, or a pickup wanted in the cell it stands in): food or first aid nearby when
    /// hurt, a clip nearby when short of bullets, a key the level's locked doors need (when one
    /// is left lying), else the exit; with no way to the exit, the enemy that carries a key
    /// (the boss).
    fn next_step(&mut self, game: &Game) -> Option<(Cell, Vec2)> {
        let seat = self.seat_of(game);
        let start = seat.player.cell();
        let keys_needed: Vec<Cell> = game
            .pickups_lying()
            .filter(|p| {
                matches!(p.kind, PickupKind::Key(k)
                        if game.level.doors.iter().any(|d| d.key == Some(k)))
            })
            .map(|p| Cell::containing(p.position))
            .collect();
        // Hurt, or short of bullets: to the nearest food or first aid, or clip, when there
        // is one within 30 steps.
        let wants = |kind: PickupKind| match kind {
            PickupKind::Food | PickupKind::FirstAid => seat.player.health < 60,
            // A life is always worth a detour.
            PickupKind::OneUp => true,
            PickupKind::Ammo | PickupKind::Weapon(_) => seat.player.ammo < 8,
            _ => false,
        };
        let wanted: Vec<Vec2> = game
            .pickups_lying()
            .filter(|p| wants(p.kind) && !self.out_of_reach.contains(&p.position))
            .map(|p| p.position)
            .collect();
        // One in its own cell: onto it (until it is given up).
        let here = wanted
            .iter()
            .copied()
            .find(|&p| Cell::containing(p) == start);
        match (here, self.reaching) {
            (None, _) => self.reaching = None,
            (Some(p), Some((q, since))) if p == q => {
                if game.ticks <= since + REACH_TICKS {
                    return Some((start, p));
                }
                self.out_of_reach.push(p);
                self.reaching = None;
            }
            (Some(p), _) => {
                self.reaching = Some((p, game.ticks));
                return Some((start, p));
            }
        }
        let needed: Vec<Cell> = wanted.iter().map(|&p| Cell::containing(p)).collect();
        if !needed.is_empty() {
            let path = path_to(game, start, &needed, &[]).filter(|p| p.len() <= 30);
            if let Some(step) = path.and_then(|p| p.get(1).copied()) {
                return Some((step, step.centre()));
            }
        }
        let hunted: Vec<Cell> = game
            .seats
            .iter()
            .enumerate()
            .filter(|&(k, s)| game.is_deathmatch() && k != self.seat && !s.dead())
            .map(|(_, s)| s.player.cell())
            .collect();
        let goals = if !hunted.is_empty() {
            // In a deathmatch: after the other players.
            hunted
        } else if keys_needed.is_empty() {
            // Exits that are cells to stand in, and the cells beside exit switches.
            let mut goals: Vec<Cell> = sought_exits(game)
                .iter()
                .copied()
                .filter(|&c| game.level.map.get(c) == Some(Tile::Empty))
                .collect();
            goals.extend(switch_spots(game).into_iter().map(|(spot, _)| spot));
            goals
        } else {
            keys_needed
        };
        // Push walls are ways through (secret passages), unless one was pushed and stayed.
        let stuck_walls: Vec<Cell> = self
            .pushed
            .iter()
            .filter(|(c, t)| game.ticks > t + 60 && game.level.map.get(*c) == Some(Tile::PushWall))
            .map(|p| p.0)
            .collect();
        // With the way shut by a door whose key an enemy carries (the boss's gold key): after
        // the enemy.
        let path = path_to(game, start, &goals, &stuck_walls).or_else(|| {
            let carriers: Vec<Cell> = game
                .enemies
                .iter()
                .filter(|e| {
                    e.alive()
                        && matches!(e.stats.drops, Some(PickupKind::Key(k))
                            if !game.keys.contains(&k))
                })
                .map(|e| Cell::containing(e.position))
                .collect();
            path_to(game, start, &carriers, &stuck_walls)
        })?;
        let step = path.get(1).copied().unwrap_or(start);
        Some((step, step.centre()))
    }
}

/// The weapon it fights with: the best gun with bullets, else the launcher with rounds, else
/// the knife.
fn best_weapon(game: &Game, seat: &Seat) -> Weapon {
    let (player, arsenal) = (&seat.player, &game.level.arsenal);
    let gun = player.fallback(Weapon::Chaingun, arsenal);
    if gun == Weapon::Knife
        && player.has(Weapon::Launcher)
        && player.loaded(Weapon::Launcher, arsenal)
    {
        Weapon::Launcher
    } else {
        gun
    }
}

/// The exits it makes for: the secret ones where the level has any, else all.
fn sought_exits(game: &Game) -> &[Cell] {
    let level = &game.level;
    if level.secret_exits.is_empty() {
        &level.exits
    } else {
        &level.secret_exits
    }
}

/// The open cells beside the exit switches it makes for (exits that are walls), each with its
/// switch.
fn switch_spots(game: &Game) -> Vec<(Cell, Cell)> {
    let map = &game.level.map;
    sought_exits(game)
        .iter()
        .filter(|&&c| map.get(c) != Some(Tile::Empty))
        .flat_map(|&switch| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .map(move |(dx, dy)| (Cell::new(switch.x + dx, switch.y + dy), switch))
        })
        .filter(|(spot, _)| map.get(*spot) == Some(Tile::Empty))
        .collect()
}

/// The turn this tick (at most [`TURN`] degrees) towards `target`.
fn turn_towards(seat: &Seat, target: Vec2) -> f64 {
    let to = target - seat.player.position;
    crate::math::turn_degrees(seat.player.angle, to.angle_degrees()).clamp(-TURN, TURN)
}

/// The shortest path from `start` to the nearest of `goals` through open cells, the doors the
/// player can open (locked ones only with their key) and the push walls not yet pushed nor in
/// `stuck`.
fn path_to(game: &Game, start: Cell, goals: &[Cell], stuck: &[Cell]) -> Option<Vec<Cell>> {
    let map = &game.level.map;
    let walkable = |c: Cell| match map.get(c) {
        Some(Tile::Empty) => !game.obstacles.stops_walking(c),
        // A push wall that was pushed stays where it stopped: a wall from then on.
        Some(Tile::PushWall) => game.pushwalls.can_push(c) && !stuck.contains(&c),
        Some(Tile::Door) => game
            .level
            .doors
            .iter()
            .find(|d| d.cell == c)
            .is_some_and(|d| d.key.is_none_or(|k| game.keys.contains(&k))),
        _ => false,
    };
    let area = (0, 0, map.width() as i32, map.height() as i32);
    shortest_path(start, area, walkable, |c| goals.contains(&c))
}
