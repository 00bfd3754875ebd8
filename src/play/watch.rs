//! A networked game watched: its final inputs, from the seat that offers them
//! ([`Watcher`]), played on this machine's copy of the level as they come, seen from seat 0.

use web_time::{Duration, Instant};

use crate::episode::Session;
use crate::game::Input;
use crate::net::watch::{WatchGame, Watcher};

use super::{Advance, Ending, Kind, Pilot, Runner, TickClock, TickOutput};

/// Ticks known beyond which a spectator stops following at real time and catches up (a late
/// spectator, or one whose answers were held up), to [`FOLLOW`] ticks behind the last known.
const CATCH_UP: usize = 30;
/// See [`CATCH_UP`].
const FOLLOW: usize = 4;
/// The most ticks caught up in one advance (ten seconds of game): a long game is caught up
/// over several frames, the window answering between them.
const MOST_CAUGHT_UP: usize = 600;
/// How long the seat watched may go unheard before the spectator stops: the game is over
/// (or went on to another level, which a spectator does not follow), or the seat is gone.
pub const WATCH_QUIET: Duration = Duration::from_secs(10);

/// `session` (started on the level of the game watched, at its difficulty) made that game at
/// its start: reseeded, seated and coloured as the players' game, seen from seat 0.
pub fn seat_watched(session: &mut Session, game: &WatchGame) {
    let colours: Vec<usize> = game.colours.iter().map(|&c| usize::from(c)).collect();
    session.game = session
        .game_of_several(game.choice.seed, game.seats(), game.choice.rules())
        .coloured(&colours);
    session.game.viewer = 0;
}

/// A spectator's game: the final inputs a [`Watcher`] hands on, played at real time a few
/// ticks behind the players (faster while behind), seen from seat 0 (use shows the next
/// player's view).
pub struct WatchRun {
    session: Session,
    watcher: Watcher,
    /// Every seat's input of the ticks known and not yet played, seat 0 first.
    inputs: std::collections::VecDeque<Input>,
    seats: usize,
    played: u64,
    clock: TickClock,
    names: Vec<String>,
    /// Whether use was down the frame before (it shows the next player's view).
    use_held: bool,
    /// The player whose view was last said (none yet).
    said_viewer: Option<usize>,
    /// The last whole second of ticks played, and the state hash after it.
    checked: Option<(u64, u64)>,
}

impl WatchRun {
    /// Watches the game `watcher` knows ([`Watcher::game`]) on `session` (started on its
    /// level at its difficulty): reseeded, seated and coloured as the players' game; `None`
    /// while the watcher does not know the game yet.
    pub fn new(mut session: Session, watcher: Watcher) -> Option<WatchRun> {
        let game = watcher.game()?.clone();
        let seats = game.seats();
        seat_watched(&mut session, &game);
        Some(WatchRun {
            session,
            watcher,
            inputs: std::collections::VecDeque::new(),
            seats,
            played: 0,
            clock: TickClock::default(),
            names: game.names,
            use_held: false,
            said_viewer: None,
            checked: None,
        })
    }

    /// The ticks known and not yet played.
    pub fn behind(&self) -> usize {
        self.inputs.len() / self.seats
    }

    /// The players' names, in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Says whose view is shown (when it changes), and what the ticks played said, on the
    /// screen as a player of the game sees it.
    fn say(&mut self, advance: &mut Advance) {
        let viewer = self.session.game.viewer;
        if self.said_viewer != Some(viewer) {
            self.said_viewer = Some(viewer);
            let name = crate::net::seat_called(viewer, &self.names);
            advance
                .notices
                .push(format!("watching {name}: use shows the next player"));
        }
        super::show_said(&mut self.session, advance);
    }

    /// Plays the next tick known (`said`: with its output, else silently, as when catching
    /// up); whether there was one.
    fn play_one(&mut self, said: bool, advance: &mut Advance) -> bool {
        if self.inputs.len() < self.seats {
            return false;
        }
        let tick: Vec<Input> = self.inputs.drain(..self.seats).collect();
        self.session.game.tick_seats(&tick);
        self.played += 1;
        if self.played.is_multiple_of(u64::from(crate::game::TICK_HZ)) {
            self.checked = Some((self.played, self.session.game.state_hash()));
        }
        if said {
            let game = &self.session.game;
            let out = TickOutput::of(self.played, game, tick.clone(), &self.names);
            advance.ticks.push(out);
        }
        advance.kept.extend(tick);
        true
    }
}

impl Runner for WatchRun {
    fn advance(&mut self, now: Instant, _held: bool, pilot: &mut dyn Pilot) -> Advance {
        super::next_view_on_use(&mut self.session.game, pilot, &mut self.use_held);
        self.watcher.poll();
        self.inputs.extend(self.watcher.take_inputs());
        let mut advance = Advance::default();
        for (seat, text) in self.watcher.take_chat() {
            let line = crate::net::NetEvent::Chat { seat, text }.said_to(&self.names);
            self.session.chat(line.clone());
            advance.chat.push(line);
        }
        if self
            .watcher
            .silent_for()
            .is_some_and(|quiet| quiet > WATCH_QUIET)
        {
            let why =
                "the game watched went quiet: over, gone on to another level, or its host gone";
            advance.ending = Some(Ending::NetStopped(why.into()));
            return advance;
        }
        // (A spectator plays on under a menu: the game does not wait for it.)
        let owed = self.clock.owed_unless(now, false) as usize;
        if self.behind() > CATCH_UP {
            let skip = (self.behind() - FOLLOW).min(MOST_CAUGHT_UP);
            for _ in 0..skip {
                self.play_one(false, &mut advance);
            }
        }
        for _ in 0..owed {
            if !self.play_one(true, &mut advance) {
                break;
            }
        }
        self.say(&mut advance);
        advance
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
        self.played
    }

    fn seats(&self) -> (usize, usize) {
        (0, self.seats)
    }

    fn network_line(&self) -> Option<String> {
        Some(format!(
            "WATCHING: TICK {}, {} BEHIND THE LAST KNOWN",
            self.played,
            self.behind()
        ))
    }

    fn checked_second(&self) -> Option<(u64, u64)> {
        self.checked
    }

    fn into_session(self: Box<Self>) -> Session {
        self.session
    }
}
