//! A recording played back.

use web_time::Instant;

use crate::episode::{Recording, Session};
use crate::game::Input;

use super::{Advance, Ending, Kind, Pilot, Runner, TickClock, TickOutput};

/// A recording played back on its session: a game of one through the episode's rules, as it
/// was played; a networked game's recording on the game of several it played (its seed, seats
/// and mode), every seat's input a tick, seen from seat 0 (use shows the next player's view).
pub struct ReplayRun {
    session: Session,
    inputs: Vec<Input>,
    seats: usize,
    /// The next tick's index.
    next: usize,
    clock: TickClock,
    /// Whether use was down the frame before (it shows the next player's view).
    use_held: bool,
}

impl ReplayRun {
    /// Replays `recording` on `session` (started on its level: [`Recording::start_session`]).
    pub fn new(recording: Recording, mut session: Session) -> ReplayRun {
        let seats = recording.seats.max(1);
        if seats > 1 || recording.seed.is_some() {
            let seed = recording.seed.unwrap_or(0);
            session.game = session.game_of_several(seed, seats, recording.deathmatch);
        }
        ReplayRun {
            session,
            inputs: recording.inputs,
            seats,
            next: 0,
            clock: TickClock::default(),
            use_held: false,
        }
    }

    /// The ticks the recording holds.
    pub fn ticks(&self) -> usize {
        self.inputs.len() / self.seats
    }

    /// Plays up to `ticks` of the recording's ticks now, whatever the clock says (headless).
    pub fn play_ticks(&mut self, ticks: u32, _: &mut dyn Pilot) -> Advance {
        let mut advance = Advance::default();
        for _ in 0..ticks {
            let from = self.next * self.seats;
            let Some(inputs) = self.inputs.get(from..from + self.seats) else {
                advance.ending = Some(Ending::ReplayDone);
                break;
            };
            self.next += 1;
            if self.seats == 1 {
                // A game of one: through the episode's rules, as it was played.
                self.session.tick(&inputs[0]);
                advance.kept.push(inputs[0]);
            } else {
                self.session.game.tick_seats(inputs);
            }
            let played = TickOutput::of(self.next as u64, &self.session.game, inputs.to_vec(), &[]);
            advance.ticks.push(played);
        }
        advance
    }
}

impl Runner for ReplayRun {
    fn advance(&mut self, now: Instant, held: bool, pilot: &mut dyn Pilot) -> Advance {
        if self.seats > 1 {
            super::next_view_on_use(&mut self.session.game, pilot, &mut self.use_held);
        }
        let ticks = self.clock.owed_unless(now, held);
        self.play_ticks(ticks, pilot)
    }

    fn session(&self) -> &Session {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    fn kind(&self) -> Kind {
        Kind::Replay
    }

    fn restart_clock(&mut self, now: Instant) {
        self.clock.restart(now);
    }

    fn ticks_played(&self) -> u64 {
        self.next as u64
    }

    fn seats(&self) -> (usize, usize) {
        (0, self.seats)
    }

    fn into_session(self: Box<Self>) -> Session {
        self.session
    }
}
