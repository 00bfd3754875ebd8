//! Play: ONE runner interface that every kind of play implements, so that the window, the
//! page, `tilecaster autoplay` (alone and `--net`) and `tilecaster replay` all drive a game
//! the same way (as Fish Folk Jumpy's session runners and bevy_ggrs do).
//!
//! A [`Runner`] holds a [`Session`] and plays the ticks owed by a moment ([`Runner::advance`]),
//! with this machine's input from a [`Pilot`] (the keyboard's latch, the autopilot, or nobody
//! under a menu). It returns one [`TickOutput`] a tick played (that tick's events, the messages
//! it said, every seat's input, and its sounds placed for the ears of the player shown as
//! they stood in it), the inputs that became final ([`Advance::kept`], what a
//! recording keeps), and what happened outside the ticks. Sound, messages and recordings are
//! handled from these, tick by tick, in the same way for every kind of play: a frame that plays
//! no tick hears nothing again, and one that plays three hears three ticks.
//!
//! The kinds:
//! - [`LocalRun`]: a game of one on this machine, through the episode's rules (levels in a
//!   row, tallies, deaths); the keyboard or the autopilot gives the input.
//! - [`ReplayRun`]: a recording played back (a networked game's recording ticks every seat).
//! - [`NetRun`]: this machine's seat of a networked game through `ggrs`' rollback session
//!   ([`crate::net`]); co-op goes on to the next level with the same peers.
//! - [`WatchRun`]: a networked game watched, its final inputs played as they come
//!   ([`crate::net::watch`]).
//!
//! ```
//! use tilecaster::episode::Session;
//! use tilecaster::game::Autopilot;
//! use tilecaster::play::{LocalRun, Runner};
//! use web_time::{Duration, Instant};
//!
//! let session = Session::start("levels/e1m1.toml".as_ref(), None).unwrap();
//! let mut run = LocalRun::new(session);
//! let mut pilot = Autopilot::new();
//! let start = Instant::now();
//! run.restart_clock(start);
//! // A tenth of a second later: six ticks owed, six played.
//! let advance = run.advance(start + Duration::from_millis(100), false, &mut pilot);
//! assert_eq!(advance.ticks.len(), 6);
//! assert_eq!(run.session().game.ticks, 6);
//! ```

mod clock;
mod local;
mod network;
mod recorder;
mod replay;
mod sounds;
mod watch;

pub use clock::{MOST_BEHIND, TickClock};
pub use local::LocalRun;
pub use network::{NEXT_LEVEL_TICKS, NetRun};
pub use recorder::Recorder;
pub use replay::ReplayRun;
pub use sounds::sounds;
pub use watch::{WATCH_QUIET, WatchRun, seat_watched};

use web_time::Instant;

use crate::audio::{Cue, Placement};
use crate::episode::{Score, Session};
use crate::game::{Autopilot, Game, GameEvent, Input};

/// Who gives this machine's seat its input, tick by tick.
pub trait Pilot {
    /// The input for the next tick of `game`.
    fn input(&mut self, game: &Game) -> Input;
}

impl Pilot for Autopilot {
    fn input(&mut self, game: &Game) -> Input {
        Autopilot::input(self, game)
    }
}

impl<F: FnMut(&Game) -> Input> Pilot for F {
    fn input(&mut self, game: &Game) -> Input {
        self(game)
    }
}

/// Where a game of several is watched (a recording played, a spectator's game), the use key
/// shows the next player's view: `pilot`'s input read once a frame, `held` whether use was
/// down the frame before (a press moves on once).
fn next_view_on_use(game: &mut Game, pilot: &mut dyn Pilot, held: &mut bool) {
    let pressed = pilot.input(game).use_pressed;
    if pressed && !*held && game.seats.len() > 1 {
        game.viewer = (game.viewer + 1) % game.seats.len();
    }
    *held = pressed;
}

/// Shows on `session`'s message line what `advance` said (its notices, then its ticks'
/// messages), where the session's own ticks are not played (a networked or watched game):
/// the messages shown before age by the ticks played.
fn show_said(session: &mut Session, advance: &Advance) {
    session.pass_shown(u32::try_from(advance.ticks.len()).unwrap_or(u32::MAX));
    let said = (advance.notices.iter()).chain(advance.ticks.iter().flat_map(|t| &t.messages));
    for line in said {
        session.say(line.clone());
    }
}

/// Nobody at the controls: every tick's input is the empty one (a player under a menu while
/// the others play on, a replay, a game that stands still).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nobody;

impl Pilot for Nobody {
    fn input(&mut self, _: &Game) -> Input {
        Input::default()
    }
}

/// One tick played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TickOutput {
    /// Which tick of the runner's this was: 1 for the first it played, and so on (the game's
    /// own count starts again with each level).
    pub tick: u64,
    /// What happened in it ([`Game::events`] after it).
    pub events: Vec<GameEvent>,
    /// What it said to the player shown (also shown on the session's message line).
    pub messages: Vec<String>,
    /// The sounds it started, placed for the ears of the player shown as they stood in it
    /// ([`sounds`]): what `scene::sound::hear_tick` mixes.
    pub sounds: Vec<(Cue, Placement)>,
    /// Every seat's input of the tick (seat 0 first), as played: in a networked game the
    /// others' may be predictions that a rollback corrects later ([`Advance::kept`] holds the
    /// final ones).
    pub inputs: Vec<Input>,
}

impl TickOutput {
    /// Tick `tick` of a runner's, just played into `game`, with every seat's `inputs`; its
    /// messages call the players by their `names` (in seat order), where there are any.
    pub fn of(tick: u64, game: &Game, inputs: Vec<Input>, names: &[String]) -> TickOutput {
        TickOutput {
            tick,
            events: game.events.clone(),
            messages: messages(&game.events, game.viewer, names),
            sounds: sounds(game, &game.events),
            inputs,
        }
    }
}

/// The lines `events` say to seat `viewer`, calling the players by their `names`.
fn messages(events: &[GameEvent], viewer: usize, names: &[String]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| e.message_for(viewer, names))
        .collect()
}

/// Why a runner stopped playing this frame's ticks, and what the front end should do.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// The recording has no ticks left.
    ReplayDone,
    /// A run ended (game over, or the episode's end): its score, for the high-score table.
    RunEnded(Score),
    /// The episode is over and the player pressed use or fire on its last page.
    EpisodeLeft,
    /// The networked game cannot go on: why.
    NetStopped(String),
    /// The networked game is over for this machine (the episode's end, or a next level that
    /// could not start together): the session is this player's own from here
    /// ([`Runner::into_session`]).
    Alone,
}

/// What [`Runner::advance`] did.
#[derive(Clone, Debug, Default)]
pub struct Advance {
    /// One output a tick played, in order.
    pub ticks: Vec<TickOutput>,
    /// Every seat's input of the ticks that became final (each tick's seats in turn, seat 0
    /// first, in tick order): what a recording keeps. In a game on this machine, every tick's
    /// input as it is played; in a networked game, once every machine has it.
    pub kept: Vec<Input>,
    /// What happened besides the ticks (peers in step or gone, a level begun together), to be
    /// said to the player.
    pub notices: Vec<String>,
    /// Lines of chat heard (a networked game's), "NAME: TEXT" each.
    pub chat: Vec<String>,
    /// A new level began in this advance that the recording does not follow (a networked
    /// co-op game going on to its next level: a recording holds one level).
    pub new_level: bool,
    /// Why play stopped, if it did.
    pub ending: Option<Ending>,
}

/// The kinds of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game of one on this machine.
    Local,
    /// A recording played back.
    Replay,
    /// One seat of a networked game.
    Network,
}

/// A kind of play: a session, the ticks owed, and this machine's input.
pub trait Runner {
    /// Plays the ticks owed by `now` (its clock's time since the last call, at most
    /// [`MOST_BEHIND`]), this machine's seat's input from `pilot`. `held` (a menu over the game,
    /// a page not yet started) keeps a game of one standing still; a networked game plays on.
    fn advance(&mut self, now: Instant, held: bool, pilot: &mut dyn Pilot) -> Advance;

    /// The session played: its game as this machine shows it, the level and its assets.
    fn session(&self) -> &Session;

    /// The session, to change (a level restarted, a message said, live reload).
    fn session_mut(&mut self) -> &mut Session;

    /// Which kind of play this is.
    fn kind(&self) -> Kind;

    /// Starts counting ticks owed from `now` (a window opened, a menu closed).
    fn restart_clock(&mut self, now: Instant);

    /// The ticks this runner has played (the last [`TickOutput::tick`]).
    fn ticks_played(&self) -> u64;

    /// The seat played here, and the players' count (1 for a game of one).
    fn seats(&self) -> (usize, usize) {
        (0, 1)
    }

    /// The network line of the profiler (F3), in a networked game.
    fn network_line(&self) -> Option<String> {
        None
    }

    /// The networked game's rollback session, in one.
    fn network(&self) -> Option<&crate::net::NetPlay> {
        None
    }

    /// The last whole second of ticks known final here and the state hash after it (a
    /// networked game's: every seat's input known; a spectator's: played), as `(tick, hash)`:
    /// the same on every machine of the game, which the page's tests compare.
    fn checked_second(&self) -> Option<(u64, u64)> {
        let net = self.network()?;
        let second = u64::from(crate::game::TICK_HZ);
        let tick = net.confirmed_tick() / second * second;
        net.hash_at(tick).map(|hash| (tick, hash))
    }

    /// Says `text` to the other players (a networked game's chat): whether it was sent.
    fn say(&mut self, text: &str) -> bool {
        let _ = text;
        false
    }

    /// The session, the runner given up (to play it another way: a networked game's
    /// episode ended, the player's own from there).
    fn into_session(self: Box<Self>) -> Session;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a game of three watched, each press of use shows the next player's view (round to
    /// the first again); use held down moves on once.
    #[test]
    fn use_shows_the_next_players_view() {
        let mut session = Session::start("levels/e1m1.toml".as_ref(), None).unwrap();
        let mut game = session.game_of_several(1, 3, None);
        let mut held = false;
        let mut seen = Vec::new();
        for pressed in [true, true, false, true, false, true, false] {
            let mut pilot = |_: &Game| Input {
                use_pressed: pressed,
                ..Input::default()
            };
            next_view_on_use(&mut game, &mut pilot, &mut held);
            seen.push(game.viewer);
        }
        assert_eq!(seen, [1, 1, 1, 2, 2, 0, 0]);
    }
}
