//! The recording of a game being played: the inputs each runner reports final
//! ([`super::Advance::kept`]), kept from a level's start.

use crate::episode::{Recording, Session};
use crate::game::{Game, Mode};

use super::Advance;

/// Keeps a recording of what is played, where one was asked for (`--record`, the page's
/// "Save recording"): one game from a level's start. A new game or a restarted level starts it
/// afresh; a loaded save or a level that the recording cannot follow stops it.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// The recording (none: none asked for).
    recording: Option<Recording>,
    /// Whether it stopped (what is played since is not kept).
    stopped: bool,
}

impl Recorder {
    /// A recorder of `session`'s game from where it stands (a level's start), or one that
    /// keeps nothing.
    pub fn new(asked: bool, session: &Session) -> Recorder {
        Recorder {
            recording: asked.then(|| Recording::of_session(session)),
            stopped: false,
        }
    }

    /// Starts afresh from where `session` stands (a new game, a level restarted, a level from
    /// the page), if recording was asked for.
    pub fn restart(&mut self, session: &Session) {
        self.stopped = false;
        if let Some(r) = &mut self.recording {
            *r = Recording::of_session(session);
        }
    }

    /// Starts afresh for the networked game `game` (its seats, seed and mode) on `session`'s
    /// level, from its first tick, if recording was asked for.
    pub fn restart_network(&mut self, session: &Session, game: &Game, seed: u64) {
        self.restart(session);
        if let Some(r) = &mut self.recording {
            r.seats = game.seats.len();
            r.seed = Some(seed);
            r.deathmatch = match game.mode {
                Mode::Deathmatch(rules) => Some(rules),
                Mode::Coop => None,
            };
        }
    }

    /// Keeps what `advance` made final; a new level the recording cannot follow stops it
    /// (`Some` with why, said once).
    pub fn keep(&mut self, advance: &Advance) -> Option<&'static str> {
        if self.stopped {
            return None;
        }
        let recording = self.recording.as_mut()?;
        // Whole ticks, up to what a recording holds.
        let seats = recording.seats.max(1);
        let room = (crate::episode::MOST_RECORDED_INPUTS / seats * seats)
            .saturating_sub(recording.inputs.len());
        if advance.kept.len() > room {
            recording.inputs.extend_from_slice(&advance.kept[..room]);
            self.stopped = true;
            return Some(
                "recording stopped: a recording holds 1,296,000 inputs at most (six hours of one player, 45 minutes of eight)",
            );
        }
        recording.inputs.extend_from_slice(&advance.kept);
        if advance.new_level {
            self.stopped = true;
            return Some("recording stopped at the level's end: a recording holds one level");
        }
        None
    }

    /// Stops recording (what is played from now on is not kept); whether it was recording.
    pub fn stop(&mut self) -> bool {
        let was = self.recording.is_some() && !self.stopped;
        self.stopped = true;
        was
    }

    /// The recording so far, where one was asked for.
    pub fn recording(&self) -> Option<&Recording> {
        self.recording.as_ref()
    }
}
