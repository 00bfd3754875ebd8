//! Seats: one player's share of a game (their body, what they carry and hold, their score
//! and lives), so that two to four can play one level together. A game of one has one seat;
//! what the players share (the level, its doors, enemies and pickups, the keys found, the
//! automap, the kills and treasure counted) stays with the [`Game`].
//!
//! In a game of several (co-op), each tick takes one [`Input`] a seat, in seat order; an
//! enemy goes for the nearest living player it sees (else the nearest living one); a level
//! ends when any player uses the exit; a player who dies comes back at the level's start after
//! [`RESPAWN_TICKS`] with what a player starts with, keeping score and lives (on hard, not
//! until the next level, unless every player is dead: then all come back together).

use super::{
    EXTRA_LIFE_POINTS, Game, GameEvent, Hurt, Input, MAX_LIVES, PUFF_TICKS, Player, START_LIVES,
    Weapon,
};
use crate::level::Difficulty;
use crate::math::Vec2;

/// The most seats a game has: a deathmatch's eight.
pub const MAX_SEATS: usize = 8;

/// The most seats a co-op game has.
pub const MAX_COOP_SEATS: usize = 4;

/// The most seats a game of its mode has: [`MAX_SEATS`] in a deathmatch, else
/// [`MAX_COOP_SEATS`].
pub fn most_seats(deathmatch: bool) -> usize {
    if deathmatch {
        MAX_SEATS
    } else {
        MAX_COOP_SEATS
    }
}

/// Ticks a dead player of a game of several waits before coming back (two seconds).
pub const RESPAWN_TICKS: u64 = 2 * super::TICK_HZ as u64;

/// Ticks a player of a deathmatch cannot be hurt by the others after (re)starting, unless
/// they fire first (one second): no one is killed again on the spot they came back to.
pub const SPAWN_PROTECTION_TICKS: u64 = super::TICK_HZ as u64;

/// One player's share of a game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Seat {
    /// Their body: where they stand, their health, bullets and weapons.
    pub player: Player,
    /// Points: kills by kind, treasure, and the tally's bonuses.
    pub score: u32,
    /// Lives left besides this one (a death costs one; a one-up and every
    /// [`EXTRA_LIFE_POINTS`] give one).
    pub lives: u32,
    /// The score at which the next extra life comes.
    pub next_life: u32,
    /// The weapon in hand.
    pub weapon: Weapon,
    /// The weapon the player chose (in hand again when it has rounds: the knife comes to hand
    /// when a gun runs dry).
    pub chosen: Weapon,
    /// Whether fire was let go since the last attack (a press fires a one-shot weapon).
    pub trigger_released: bool,
    /// The tick of the player's last attack.
    pub last_shot: Option<u64>,
    /// The last time the player was hurt: for the damage flash and the status bar's face,
    /// which the rules write and never read (no part of the state hash).
    #[serde(skip)]
    pub hurt: Option<Hurt>,
    /// The tick the player died in, while they are dead.
    pub died: Option<u64>,
    /// Other players killed (in a deathmatch).
    pub frags: u32,
    /// The tick until which the other players cannot hurt this one (a deathmatch's
    /// [`SPAWN_PROTECTION_TICKS`] after starting; over at the player's first shot).
    pub protected_until: u64,
    /// The colour the player chose, as an index of [`crate::level::SEAT_COLOURS`] (`None`:
    /// their seat's). How they look to the others, no part of play (nor of the state hash).
    #[serde(skip)]
    pub colour: Option<u8>,
}

impl Seat {
    /// A player at `position` facing `angle`, as the episode starts them.
    pub fn new(position: Vec2, angle: f64) -> Seat {
        Seat {
            player: Player::new(position, angle),
            score: 0,
            lives: START_LIVES,
            next_life: EXTRA_LIFE_POINTS,
            weapon: Weapon::default(),
            chosen: Weapon::default(),
            trigger_released: true,
            last_shot: None,
            hurt: None,
            died: None,
            colour: None,
            frags: 0,
            protected_until: 0,
        }
    }

    /// Whether the player is dead.
    pub fn dead(&self) -> bool {
        self.player.health == 0
    }

    /// Whether the other players cannot hurt this one at tick `ticks`
    /// ([`SPAWN_PROTECTION_TICKS`]).
    pub fn protected(&self, ticks: u64) -> bool {
        ticks < self.protected_until
    }
}

impl Game {
    /// The level at its start with `seats` players (1 to [`MAX_COOP_SEATS`]) on `difficulty`:
    /// the first at the level's start, the others beside it (see [`Game::start_of`]).
    pub fn with_seats(level: crate::level::Level, difficulty: Difficulty, seats: usize) -> Game {
        Game::on(level, difficulty).seated(seats)
    }

    /// This game with `seats` players (1 to [`MAX_COOP_SEATS`] in co-op, to [`MAX_SEATS`] in
    /// a deathmatch): seats added at their starts as the episode starts a player, or the last
    /// ones taken away.
    pub fn seated(mut self, seats: usize) -> Game {
        let seats = seats.clamp(1, most_seats(self.is_deathmatch()));
        self.seats.truncate(seats);
        for seat in self.seats.len()..seats {
            let (position, angle) = self.start_of(seat);
            self.seats.push(Seat::new(position, angle));
        }
        self
    }

    /// Where seat `seat` starts (and comes back after dying). In co-op, facing the level's
    /// start's way: the first at the level's start, the others in the open cells around it
    /// that can be walked to from it (two cells at most), nearest first, so that the team
    /// sets out together (else at the start too; the level's spawn points are a
    /// deathmatch's). In a deathmatch, at a spawn point ([`Game::deathmatch`]).
    pub fn start_of(&self, seat: usize) -> (Vec2, f64) {
        if self.is_deathmatch() {
            return self.deathmatch_start(seat);
        }
        self.start_near_the_level_start(seat)
    }

    /// Seat `seat`'s place around the level's start: the start for the first, the open
    /// cells around it that can be walked to for the others ([`Game::start_of`]).
    pub(super) fn start_near_the_level_start(&self, seat: usize) -> (Vec2, f64) {
        let start = (self.level.player.position, self.level.player.facing);
        let Some(k) = seat.checked_sub(1) else {
            return start;
        };
        let blocking = self.blocking();
        let centre = crate::grid::Cell::containing(start.0);
        let open = |c: crate::grid::Cell| {
            use crate::grid::Solidity;
            !blocking.is_solid(c)
                && !self.obstacles.stops_walking(c)
                && self.level.map.get(c) == Some(crate::map::Tile::Empty)
        };
        let area = (centre.x - 2, centre.y - 2, centre.x + 3, centre.y + 3);
        let walkable = crate::grid::reachable(centre, area, open);
        // Rings of cells around the start's, each ring in a fixed order.
        let around = (1..=2).flat_map(|r: i32| {
            (-r..=r)
                .flat_map(move |dy| (-r..=r).map(move |dx| (dx, dy)))
                .filter(move |&(dx, dy)| dx.abs().max(dy.abs()) == r)
        });
        around
            .map(|(dx, dy)| crate::grid::Cell::new(centre.x + dx, centre.y + dy))
            .filter(|c| walkable.contains(c))
            .nth(k)
            .map_or(start, |c| (c.centre(), start.1))
    }

    /// Seat `seat`'s colour, as an index of [`crate::level::SEAT_COLOURS`]: the one its player
    /// chose, else the seat's own.
    pub fn seat_colour(&self, seat: usize) -> usize {
        let count = crate::level::SEAT_COLOURS.len();
        let chosen = self.seats.get(seat).and_then(|s| s.colour);
        chosen.map_or(seat, usize::from) % count
    }

    /// This game with the players' chosen colours, in seat order (a lobby's; see
    /// [`Seat::colour`]).
    pub fn coloured(mut self, colours: &[usize]) -> Game {
        for (seat, &colour) in self.seats.iter_mut().zip(colours) {
            seat.colour = u8::try_from(colour).ok();
        }
        self
    }

    /// The seat the game is shown to ([`Game::viewer`]).
    pub fn seat(&self) -> &Seat {
        &self.seats[self.viewer.min(self.seats.len() - 1)]
    }

    /// The seat the game is shown to, to change.
    pub fn seat_mut(&mut self) -> &mut Seat {
        let at = self.viewer.min(self.seats.len() - 1);
        &mut self.seats[at]
    }

    /// Whether the player the game is shown to is dead.
    pub fn player_dead(&self) -> bool {
        self.seat().dead()
    }

    /// Whether every player is dead (for a game of one, whether the player is).
    pub fn all_dead(&self) -> bool {
        self.seats.iter().all(Seat::dead)
    }

    /// Adds `points` to the viewer's score, with a life for every [`EXTRA_LIFE_POINTS`]
    /// passed (up to [`MAX_LIVES`]).
    pub fn add_points(&mut self, points: u32) {
        let at = self.viewer.min(self.seats.len() - 1);
        self.add_points_to(at, points);
    }

    /// [`Game::add_points`] for seat `seat`.
    pub(crate) fn add_points_to(&mut self, seat: usize, points: u32) {
        let s = &mut self.seats[seat];
        s.score = s.score.saturating_add(points);
        // (Bounded: at the top of the range the next life's threshold stops rising.)
        while self.seats[seat].score >= self.seats[seat].next_life
            && self.seats[seat].next_life < u32::MAX
        {
            let s = &mut self.seats[seat];
            s.next_life = s.next_life.saturating_add(EXTRA_LIFE_POINTS);
            self.gain_life(seat);
        }
    }

    /// One more life for seat `seat` (none past [`MAX_LIVES`]).
    pub(crate) fn gain_life(&mut self, seat: usize) {
        let s = &mut self.seats[seat];
        if s.lives < MAX_LIVES {
            s.lives += 1;
            self.events.push(GameEvent::ExtraLife { seat });
        }
    }

    /// Advances one tick with one input a seat (seat 0's first; a seat without one stands
    /// still).
    pub fn tick_seats(&mut self, inputs: &[Input]) {
        self.ticks += 1;
        self.events.clear();
        let now = self.ticks;
        self.puffs
            .retain(|p| now.saturating_sub(p.tick) < PUFF_TICKS);
        // A game of one stands when its player is dead (the episode tries again); a game of
        // several brings its dead back.
        if self.finished || (self.seats.len() == 1 && self.all_dead()) {
            return;
        }
        self.respawn();
        for seat in 0..self.seats.len() {
            if self.seats[seat].dead() {
                continue;
            }
            // The rules play every input quantised, whatever the caller passed.
            let input = inputs.get(seat).copied().unwrap_or_default().quantised();
            self.seat_acts(seat, &input);
            if self.finished {
                break;
            }
        }
        self.world_moves();
    }

    /// The players of a game of several who have been dead for [`RESPAWN_TICKS`] come back
    /// at their start ([`Game::start_of`]: a deathmatch's spawn point) with what a player
    /// starts with, keeping their score, lives and frags. In co-op on hard the dead wait for
    /// the next level, unless every player is dead: then all come back together,
    /// [`RESPAWN_TICKS`] after the last fell. A game of one leaves death to the episode.
    fn respawn(&mut self) {
        if self.seats.len() < 2 {
            return;
        }
        let ticks = self.ticks;
        let waits = |died: Option<u64>| died.is_some_and(|t| ticks >= t + RESPAWN_TICKS);
        let deathmatch = self.is_deathmatch();
        let together = !deathmatch && self.difficulty >= Difficulty::Hard;
        if together {
            let last = self.seats.iter().map(|s| s.died).max().flatten();
            if !self.all_dead() || !waits(last) {
                return;
            }
        }
        for seat in 0..self.seats.len() {
            let back =
                self.seats[seat].died.is_some_and(|_| together) || waits(self.seats[seat].died);
            if back {
                let (position, angle) = self.start_of(seat);
                let s = &mut self.seats[seat];
                s.player = Player::new(position, angle);
                (s.weapon, s.chosen, s.trigger_released) =
                    (Weapon::default(), Weapon::default(), true);
                (s.died, s.hurt, s.last_shot) = (None, None, None);
                if deathmatch {
                    s.protected_until = ticks + SPAWN_PROTECTION_TICKS;
                }
            }
        }
    }
}
