//! A game of one on this machine, through the episode's rules.

use web_time::Instant;

use crate::episode::Session;

use super::{Advance, Ending, Kind, Pilot, Runner, TickClock, TickOutput};

/// A game of one played here: each tick the pilot's input goes through
/// [`Session::tick`] (levels in a row, tallies, deaths and tries again). A frame's ticks stop
/// early when a run ends (its score may make the high-score table) or when the player presses
/// use on the episode's last page.
pub struct LocalRun {
    session: Session,
    clock: TickClock,
    played: u64,
}

impl LocalRun {
    /// A run of `session` from where it stands.
    pub fn new(session: Session) -> LocalRun {
        LocalRun {
            session,
            clock: TickClock::default(),
            played: 0,
        }
    }

    /// Plays exactly `ticks` ticks now, whatever the clock says (headless play, tests);
    /// stops early where [`Runner::advance`] would.
    pub fn play_ticks(&mut self, ticks: u32, pilot: &mut dyn Pilot) -> Advance {
        let mut advance = Advance::default();
        for played in 0..ticks {
            // As the rules play it (and as a recording keeps it).
            let input = pilot.input(&self.session.game).quantised();
            self.session.tick(&input);
            self.played += 1;
            advance.kept.push(input);
            let output = TickOutput::of(self.played, &self.session.game, vec![input], &[]);
            advance.ticks.push(output);
            let pressed = input.use_pressed || input.fire;
            advance.ending = match self.session.take_run_end() {
                Some(run) => Some(Ending::RunEnded(run)),
                None if self.session.end_passed() && pressed => Some(Ending::EpisodeLeft),
                None => None,
            };
            if advance.ending.is_some() {
                self.clock.give_back(ticks - played - 1);
                break;
            }
        }
        advance
    }
}

impl Runner for LocalRun {
    fn advance(&mut self, now: Instant, held: bool, pilot: &mut dyn Pilot) -> Advance {
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
        Kind::Local
    }

    fn restart_clock(&mut self, now: Instant) {
        self.clock.restart(now);
    }

    fn ticks_played(&self) -> u64 {
        self.played
    }

    fn into_session(self: Box<Self>) -> Session {
        self.session
    }
}
