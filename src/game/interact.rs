//! What the player does to the level besides moving and fighting: using what is ahead (doors,
//! push walls, the exit's switch), and picking things up.

use super::{Enemy, Game, GameEvent, MAX_HEALTH, PLAYER_RADIUS, USE_REACH, Weapon};
use crate::grid::{Cell, Via, Walk};
use crate::level::{KeyColour, PickupKind};
use crate::map::Tile;

impl Game {
    /// "Use": a short ray (the traversal) from the player up to [`USE_REACH`] acts on the
    /// first usable cell it meets: the exit (also when standing in it), a door (opened if its
    /// key is held, else a message names the key), a push wall (pushed away). A wall, or
    /// nothing within reach, is a thud.
    pub(super) fn use_ahead(&mut self, seat: usize) {
        let player = &self.seats[seat].player;
        let here = player.cell();
        if self.level.exits.contains(&here) {
            self.use_exit(seat, here);
            return;
        }
        let dir = player.direction();
        let usable = Walk::ray(player.position, dir, USE_REACH)
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
            return self.thud(seat);
        };
        if self.level.exits.contains(&cell) {
            return self.use_exit(seat, cell);
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
                        self.events.push(GameEvent::Message {
                            text: format!("this door needs the {name} key"),
                            seat: Some(seat),
                        });
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
                if self.pushwalls.push(cell, dir, &mut self.level, &occupied) {
                    self.events.push(GameEvent::PushWallMoved(cell));
                    self.events.push(GameEvent::Message {
                        text: "a secret passage!".into(),
                        seat: None,
                    });
                } else {
                    self.thud(seat);
                }
            }
            _ => self.thud(seat),
        }
    }

    /// Nothing usable: a thud, and a word on screen.
    pub(super) fn thud(&mut self, seat: usize) {
        self.events.push(GameEvent::Thud { seat });
        self.events.push(GameEvent::Message {
            text: "thud: nothing to use here".into(),
            seat: Some(seat),
        });
    }

    /// The exit at `cell` used by seat `seat`: the level ends (on to the secret level when it
    /// is a secret exit); in a deathmatch, nothing happens.
    pub(super) fn use_exit(&mut self, seat: usize, cell: Cell) {
        if self.is_deathmatch() {
            // No way out of a deathmatch: it ends at its limits.
            return self.thud(seat);
        }
        self.finished = true;
        self.secret_exit = self.level.secret_exits.contains(&cell);
        self.events.push(GameEvent::Exit);
    }

    /// The cells the living players, the living enemies and the decorations in the way stand
    /// in (a push wall stops before them).
    pub(super) fn occupied(&self) -> Vec<Cell> {
        let mut cells = self.players_cells();
        cells.extend(self.enemies.iter().filter(|e| e.alive()).map(Enemy::cell));
        let decorations = self.level.decorations.iter();
        cells.extend(decorations.filter(|d| d.kind.blocks).map(|d| d.cell()));
        cells
    }

    /// Takes what the player touches, where it does them good: health below full, bullets
    /// and rounds below the most carried; treasure, weapons, one-ups and keys always. A weapon
    /// new to the player comes to hand when it outguns the chosen one ([`Weapon::outguns`]).
    pub(super) fn pick_up(&mut self, seat: usize) {
        let placed = self.level.pickups.len();
        for i in 0..self.pickups_left.len() {
            let p = match self.level.pickups.get(i) {
                Some(&p) => p,
                None => self.drops[i - placed],
            };
            if !self.pickups_left[i]
                || (p.position - self.seats[seat].player.position).length() > PLAYER_RADIUS + 0.3
            {
                continue;
            }
            let dropped = i >= placed;
            let s = &mut self.seats[seat];
            let player = &mut s.player;
            let taken = match p.kind {
                PickupKind::Food => player.heal(10),
                PickupKind::FirstAid => player.heal(25),
                // A clip lying there holds 8 bullets; one an enemy dropped, 4.
                PickupKind::Ammo => player.add_ammo(if dropped { 4 } else { 8 }),
                PickupKind::Rounds => player.add_rounds(4),
                PickupKind::Treasure(t) => {
                    self.treasure += 1;
                    self.add_points_to(seat, t.points());
                    true
                }
                PickupKind::Weapon(w) => {
                    let new = player.arm(w);
                    if w == Weapon::Launcher {
                        player.add_rounds(4);
                    } else {
                        player.add_ammo(6);
                    }
                    if new && w.outguns(s.chosen) {
                        s.chosen = w;
                    }
                    true
                }
                PickupKind::OneUp => {
                    player.health = MAX_HEALTH;
                    player.add_ammo(25);
                    self.gain_life(seat);
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
                if self.is_deathmatch() {
                    if self.pickups_taken.len() <= i {
                        self.pickups_taken.resize(i + 1, 0);
                    }
                    self.pickups_taken[i] = self.ticks;
                }
                // Rounds for the chosen weapon put it back in hand.
                let s = &mut self.seats[seat];
                s.weapon = s.player.fallback(s.chosen, &self.level.arsenal);
                self.events.push(GameEvent::Pickup {
                    kind: p.kind,
                    at: p.position,
                    seat,
                });
            }
        }
    }
}
