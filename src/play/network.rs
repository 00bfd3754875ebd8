//! This machine's seat of a networked game.

use web_time::Instant;

use crate::episode::Session;
use crate::game::{Game, Input, TICK_HZ};
use crate::net::{Carrier, NetError, NetEvent, NetPlay, NetSeats};

use super::{Advance, Ending, Kind, Pilot, Runner, TickClock, TickOutput};

/// Ticks a networked co-op game shows "level complete" before the next level.
pub const NEXT_LEVEL_TICKS: u64 = 3 * TICK_HZ as u64;

/// How much slower real time is counted while this machine is ahead of its peers' inputs
/// (a tenth: they catch up without a stall).
const AHEAD_RATE: f64 = 1.0 / 1.1;
/// How many ticks ahead of a peer this machine must be for [`AHEAD_RATE`] to apply.
const AHEAD_BY: i32 = 2;

/// One seat of a networked game played here, through `ggrs`' rollback session
/// ([`NetPlay`]): each tick this machine's input goes to the session, which plays it (and,
/// when a peer's input arrives unlike its guess, plays the ticks since again). Each tick's
/// output is the tick as first played here; the inputs are kept once every machine has them.
/// The session's game follows the network's, seen from this machine's seat. A co-op game whose
/// exit every machine has seen used goes on, once "level complete" has stood for
/// [`NEXT_LEVEL_TICKS`], to the next level with the same peers, each player carrying what they
/// had (when asked to: [`NetRun::going_on`]).
pub struct NetRun {
    session: Session,
    net: NetPlay,
    seats: NetSeats,
    clock: TickClock,
    /// Whether this is a level after the first (the machines change levels one by one).
    next: bool,
    /// Whether co-op goes on to the next level.
    go_on: bool,
    played: u64,
    /// Which seats have been in step with this machine (its own from the start).
    in_step: Vec<bool>,
    /// The ticks at which a peer's game was found to differ from this one's.
    desyncs: Vec<u64>,
    /// The players' names in seat order, where a lobby gave them (the messages use them).
    names: Vec<String>,
    /// Since when this machine has been held back by the session, and the part of a tick
    /// of that time not yet counted as a wait (seconds).
    held: Option<(Instant, f64)>,
    /// The input of the tick held back, kept for the tick: the pilot is asked again only
    /// once it is played (a press is not lost in a try that played nothing, nor the
    /// autopilot's path searched at every try).
    held_input: Option<Input>,
}

impl NetRun {
    /// Joins the networked game `seats` describes on `session`'s level: reseeded, seated for
    /// co-op (or made a deathmatch), the players' colours, its fingerprint taken from the
    /// level file; its datagrams carried by `carrier` (a lobby's socket, a room's data
    /// channels) or else a socket bound to `seats.bind`. Play begins once every peer is in
    /// step ([`NetPlay::running`]).
    pub fn start(
        mut session: Session,
        seats: NetSeats,
        carrier: Option<Carrier>,
    ) -> Result<NetRun, NetError> {
        let game = session
            .game_of_several(seats.seed, seats.count(), seats.deathmatch)
            .coloured(&seats.colours);
        let net = start_on(&session, game, &seats, carrier)?;
        session.game.clone_from(net.game());
        let mut in_step = vec![false; seats.count()];
        in_step[seats.seat] = true;
        Ok(NetRun {
            session,
            net,
            seats,
            clock: TickClock::default(),
            next: false,
            go_on: false,
            played: 0,
            in_step,
            desyncs: Vec::new(),
            names: Vec::new(),
            held: None,
            held_input: None,
        })
    }

    /// The players called by `names` (in seat order, as a lobby gave them) in what the game
    /// says: "ANNA fragged BO", not "player 1 fragged player 2".
    pub fn named(mut self, names: Vec<String>) -> NetRun {
        self.names = names;
        self
    }

    /// Co-op goes on to the next level with the same peers when a level is won (the window
    /// and the page); without it, the game stays on its level (`autoplay --net`).
    pub fn going_on(mut self, go_on: bool) -> NetRun {
        self.go_on = go_on;
        self
    }

    /// The rollback session.
    pub fn net(&self) -> &NetPlay {
        &self.net
    }

    /// Offers spectators this level's game ([`NetPlay::offer_watching`]): before its first
    /// tick; whether it is offered.
    pub fn offer_watching(&mut self, offer: &crate::net::watch::WatchOffer) -> bool {
        self.net.offer_watching(offer)
    }

    /// Where this machine sits in the game.
    pub fn net_seats(&self) -> &NetSeats {
        &self.seats
    }

    /// Which seats have been in step with this machine, by seat (its own always).
    pub fn in_step(&self) -> &[bool] {
        &self.in_step
    }

    /// The ticks at which a peer's game was found to differ from this machine's.
    pub fn desyncs(&self) -> &[u64] {
        &self.desyncs
    }

    /// Counts the time since the last call as waiting, in whole ticks, while the session holds
    /// this machine back (the rest carried to the next call): however often a held machine
    /// tries, each tick of real time is one wait.
    fn count_wait(&mut self, now: Instant) {
        let (since, carried) = self.held.unwrap_or((now, 0.0));
        let held = carried + now.saturating_duration_since(since).as_secs_f64();
        let ticks = (held * f64::from(TICK_HZ)).floor();
        self.net.waited(ticks as u64);
        self.held = Some((now, held - ticks / f64::from(TICK_HZ)));
    }

    /// The network's events since the last call, as lines for the player; a failure ends play
    /// in `advance`.
    fn poll(&mut self, advance: &mut Advance) {
        // Between two levels of co-op, the machine that goes on first sends the next level's
        // datagrams to the others' last one (and the last one's may still reach its next):
        // another game's datagrams then are expected, and not said.
        let between = self.net.finished_at().is_some() || (self.next && !self.net.running());
        for event in self.net.poll() {
            match &event {
                NetEvent::Synchronizing { .. } => continue,
                NetEvent::OtherGame { .. } | NetEvent::Mismatch { .. } if between => continue,
                // Another game on a seat's address before the game began: no game together
                // (the peer, told this one's terms in turn, stops as soon). Once in step, it
                // can only be a late datagram of the last level's, said and let be.
                NetEvent::Mismatch { .. } if !self.net.running() => {
                    advance.ending = Some(Ending::NetStopped(event.said_to(&self.names)));
                }
                // The other player of a game of two gone for good (left, or not heard for
                // the disconnect timeout): the game ends there, said once, on both machines
                // (the one that was away finds the other gone when it is back).
                NetEvent::Left { seat } if !between && self.seats.count() == 2 => {
                    let who = crate::net::seat_called(*seat, &self.names);
                    let why = format!("{who} left: a game of two ends there");
                    advance.ending = Some(Ending::NetStopped(why));
                    continue;
                }
                NetEvent::Failed { why } => advance.ending = Some(Ending::NetStopped(why.clone())),
                // Dropped by the others, on a seat's word: this game cannot go on with them.
                NetEvent::SaidLeft { seat, .. } if *seat == self.seats.seat => {
                    advance.ending = Some(Ending::NetStopped(event.said_to(&self.names)));
                }
                NetEvent::Connected { seat } => {
                    if let Some(s) = self.in_step.get_mut(*seat) {
                        *s = true;
                    }
                }
                NetEvent::Desync { tick, .. } => self.desyncs.push(*tick),
                NetEvent::Chat { .. } => {
                    let line = event.said_to(&self.names);
                    self.session.chat(line.clone());
                    advance.chat.push(line);
                    continue;
                }
                _ => {}
            }
            advance.notices.push(event.said_to(&self.names));
        }
    }

    /// A co-op game won on every machine, its "level complete" shown long enough: the next
    /// level with the same peers over the same carrier; at the episode's end (or where the
    /// next level cannot start together) the game is this machine's own from there.
    fn next_level(&mut self, advance: &mut Advance) {
        let game = self.net.game();
        let due = self
            .net
            .finished_at()
            .is_some_and(|at| !game.is_deathmatch() && game.ticks >= at + NEXT_LEVEL_TICKS);
        if !self.go_on || !due {
            return;
        }
        let played = game.clone();
        let carrier = self.net.carrier();
        advance.new_level = true;
        let Some(next) = self.session.next_level_of_several(&played) else {
            advance.ending = Some(Ending::Alone);
            return;
        };
        match start_on(&self.session, next, &self.seats, Some(carrier)) {
            Ok(net) => {
                self.net = net;
                self.next = true;
                self.held_input = None;
                self.session.game.clone_from(self.net.game());
            }
            Err(e) => {
                advance.notices.push(format!("cannot go on together: {e}"));
                advance.ending = Some(Ending::Alone);
            }
        }
    }
}

/// The rollback session of `game` (seated for `seats`) on `session`'s level.
fn start_on(
    session: &Session,
    game: Game,
    seats: &NetSeats,
    carrier: Option<Carrier>,
) -> Result<NetPlay, NetError> {
    let level_hash = crate::files::level_file_hash(session.path()).ok_or_else(|| {
        NetError::Setup(format!(
            "cannot read the level {}",
            session.path().display()
        ))
    })?;
    let setup = seats.setup(&game, &level_hash);
    match carrier {
        Some(carrier) => NetPlay::over(game, &setup, carrier),
        None => NetPlay::start(game, &setup),
    }
}

impl Runner for NetRun {
    /// (A networked game does not wait under a menu: the others play on. A machine too far
    /// ahead of the others' inputs is held back by the session, catches up the time it was
    /// held once they come, and counts time a little slower while it is two ticks ahead.)
    fn advance(&mut self, now: Instant, _held: bool, pilot: &mut dyn Pilot) -> Advance {
        let mut advance = Advance::default();
        self.poll(&mut advance);
        let rate = if self.net.frames_ahead() >= AHEAD_BY {
            AHEAD_RATE
        } else {
            1.0
        };
        let ticks = self.clock.owed(now, rate);
        for played in 0..ticks {
            if advance.ending.is_some() || !self.net.running() {
                break;
            }
            let input = match self.held_input.take() {
                Some(input) => input,
                None => pilot.input(self.net.game()),
            };
            match self.net.advance(input) {
                Ok(true) => {
                    self.held = None;
                    self.played += 1;
                    let inputs = self.net.last_inputs().to_vec();
                    advance.ticks.push(TickOutput::of(
                        self.played,
                        self.net.game(),
                        inputs,
                        &self.names,
                    ));
                }
                // Too far ahead of a peer's inputs: the time owed is kept, and caught up
                // (a quarter second at most) once they come; the ticks that came due since
                // the last call are the waits.
                Ok(false) => {
                    self.held_input = Some(input);
                    self.clock.give_back(ticks - played);
                    self.count_wait(now);
                    break;
                }
                Err(e) => {
                    advance.notices.push(e.to_string());
                    break;
                }
            }
        }
        advance.kept = self.net.take_confirmed();
        self.session.game.clone_from(self.net.game());
        super::show_said(&mut self.session, &advance);
        self.next_level(&mut advance);
        advance
    }

    fn session(&self) -> &Session {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    fn kind(&self) -> Kind {
        Kind::Network
    }

    fn restart_clock(&mut self, now: Instant) {
        self.clock.restart(now);
        self.held = None;
    }

    fn ticks_played(&self) -> u64 {
        self.played
    }

    fn seats(&self) -> (usize, usize) {
        (self.seats.seat, self.seats.count())
    }

    fn network_line(&self) -> Option<String> {
        Some(self.net.summary())
    }

    fn say(&mut self, text: &str) -> bool {
        let Some(line) = self.net.say(text) else {
            return false;
        };
        let me = NetEvent::Chat {
            seat: self.seats.seat,
            text: line,
        };
        self.session.chat(me.said_to(&self.names));
        true
    }

    fn network(&self) -> Option<&NetPlay> {
        Some(&self.net)
    }

    fn into_session(self: Box<Self>) -> Session {
        self.session
    }
}
