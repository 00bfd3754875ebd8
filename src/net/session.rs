//! Network play over UDP: a [`Game`] of several seats, one of them played here, the others by
//! peers, through `ggrs`' peer-to-peer rollback session. Each machine plays ahead on its own
//! input and on predictions of the others'; when a remote input arrives unlike its prediction,
//! the session loads the state saved at that tick and plays the ticks since again (the sync
//! test in [`crate::game::rollback`] proves that lands where it should). Every second the machines
//! compare their state hashes: a difference is reported with its tick ([`NetEvent::Desync`]).
//!
//! What travels is `ggrs`' own messages, each datagram headed by this game's mark and a
//! fingerprint of the game being played (the rules version, the level, the seats, the
//! difficulty and the seed: [`fingerprint`](super::fingerprint)). Datagrams from strangers,
//! of another game or version, cut short, or garbage are dropped and counted
//! ([`SocketReport`](super::SocketReport)), never a panic, and at most
//! [`MAX_DATAGRAMS_PER_POLL`](super::MAX_DATAGRAMS_PER_POLL) are read a poll, so that a flood
//! cannot stall the game. A peer whose fingerprint differs is named
//! ([`NetEvent::OtherGame`]); the two exchange their games' terms, and each says what differs
//! ([`NetEvent::Mismatch`]), on which the network runner stops at once.
//!
//! ```no_run
//! use tilecaster::net::{NetPlay, NetSetup};
//! use tilecaster::game::{Autopilot, Game, Input};
//! # fn level() -> tilecaster::level::Level { unimplemented!() }
//! let game = Game::new(level()).seated(2);
//! let setup = NetSetup {
//!     bind: "127.0.0.1:7000".parse().unwrap(),
//!     seat: 0,
//!     peers: vec!["127.0.0.1:7001".parse().unwrap()],
//!     input_delay: 2,
//!     terms: tilecaster::net::GameTerms::of(&game, "the level file's hash", 7),
//!     key: tilecaster::net::GameKey::from_code("the code every seat was given"),
//! };
//! let mut net = NetPlay::start(game, &setup).unwrap();
//! let mut pilot = Autopilot::for_seat(0);
//! loop {
//!     net.poll();
//!     if net.running() {
//!         let input = pilot.input(net.game());
//!         net.advance(input).unwrap();
//!     }
//!     std::thread::sleep(std::time::Duration::from_millis(16));
//! }
//! ```

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use ggrs::{
    DesyncDetection, GgrsError, GgrsEvent, GgrsRequest, P2PSession, PlayerType, SessionBuilder,
    SessionState,
};

use super::delay::DelayLine;
use super::event::NetEvent;
use super::quiet::{panic_text, quietly};
use super::socket::{GameSocket, SocketReport};
use super::terms::GameTerms;
use super::{Carrier, GameKey, NetConfig, udp_carrier};
use crate::game::rollback::Simulation;
use crate::game::{Game, Input, TICK_HZ};

/// How many ticks of state hashes are kept ([`NetPlay::hash_at`]).
const HASHES_KEPT: usize = 256;
/// How long a peer may go unheard before it is dropped (its player then stands still): ten
/// seconds, so that a laptop's lid shut a moment or a stalled Wi-Fi is waited out. (At three,
/// a pause of four split a game of two for good: each went on alone, and their games apart.)
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a peer goes unheard before the players are told that the game waits for it.
pub const DISCONNECT_NOTIFY_DELAY: Duration = super::QUIET;
use super::PREDICTION_WINDOW;
/// Ticks between the machines' comparisons of their state hashes (one second).
pub const DESYNC_CHECK_TICKS: u32 = TICK_HZ;

/// How a machine joins a networked game.
#[derive(Clone, Debug)]
pub struct NetSetup {
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The seat played here.
    pub seat: usize,
    /// The other seats' addresses, in seat order (this machine's seat left out).
    pub peers: Vec<SocketAddr>,
    /// Ticks an input waits before it is played (fewer rollbacks, a little lag).
    pub input_delay: usize,
    /// The game's terms (its [`fingerprint`](super::fingerprint) is theirs): the same on every machine.
    pub terms: GameTerms,
    /// The game's key: every datagram carries a code under it ([`GameKey`]), and those whose
    /// code is not the game's are dropped. The same on every machine.
    pub key: GameKey,
}

/// Why a networked game could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The address to listen on could not be had.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// A setting the session refused (a seat out of range, too many peers).
    #[error("network game: {0}")]
    Setup(String),
    /// The rollback session failed.
    #[error("rollback session: {0}")]
    Session(String),
}

/// A networked game in progress on this machine.
pub struct NetPlay {
    session: P2PSession<NetConfig>,
    /// What carries the datagrams (shared with the session's socket).
    carrier: Carrier,
    game: Game,
    seat: usize,
    /// Each other seat's address, by seat (`None` for this machine's).
    addresses: Vec<Option<SocketAddr>>,
    /// The state hash after each of the last ticks played, oldest first.
    hashes: VecDeque<(u64, u64)>,
    report: Arc<SocketReport>,
    stats: NetStats,
    /// The tick a player used the exit in (or the match ended), as far as played; undone
    /// when a rollback plays that tick otherwise.
    finished_at: Option<u64>,
    /// Every seat's input of the ticks played and not yet taken ([`NetPlay::take_confirmed`]),
    /// from tick `kept_from` on, seat 0 first: a rolled-back tick's replaced as it is played
    /// again.
    kept: Vec<Input>,
    /// The first tick whose inputs `kept` holds.
    kept_from: u64,
    /// The ticks whose inputs were all known when they were last played (so `kept` holds
    /// their final inputs): the confirmed tick as of the last tick played. (Inputs that arrive
    /// later correct the ticks they touch only when the next tick is played.)
    settled: u64,
    /// Every seat's input of the tick played last, as played (partly predicted).
    last_inputs: Vec<Input>,
    /// Why the session cannot go on, once it cannot ([`NetEvent::Failed`]), and whether that
    /// was said.
    failed: Option<(String, bool)>,
    /// The game's fingerprint ([`super::fingerprint`]).
    fingerprint: u64,
    /// This machine's inputs on their way to the session, held back as the round trip asks.
    delay: DelayLine,
    /// The other seats a peer's word, believed, dropped (the rollback session may say so
    /// later, or not at all where it never hears of them again).
    dropped_by_word: Vec<usize>,
    /// When the rollback session was last polled (or a tick tried), while running.
    last_polled: Option<Instant>,
}

/// How the network play is going, for the network line and reports.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NetStats {
    /// Ticks advanced on this machine (each once).
    pub ticks: u64,
    /// Ticks played again after rollbacks.
    pub replayed: u64,
    /// The most ticks played again at once.
    pub longest_rollback: u64,
    /// Ticks played again in the last tick advanced.
    pub last_rollback: u64,
    /// Ticks this machine waited because it was too far ahead of a peer's inputs: the ticks
    /// that came due while it was held ([`NetPlay::waited`]; the runner knows the time).
    pub stalled: u64,
}

impl NetPlay {
    /// Starts playing `game` (already seated: one seat a machine) with the peers of `setup`:
    /// binds the socket and begins synchronizing; [`NetPlay::running`] says when play begins.
    pub fn start(game: Game, setup: &NetSetup) -> Result<NetPlay, NetError> {
        let carrier = udp_carrier(setup.bind).map_err(|source| NetError::Bind {
            addr: setup.bind,
            source,
        })?;
        NetPlay::over(game, setup, carrier)
    }

    /// Starts playing `game` as [`NetPlay::start`] does, its datagrams carried by `carrier`
    /// (`setup.bind` is not used: the carrier is already where it listens), e.g. the one the
    /// last level's session used ([`NetPlay::carrier`]).
    pub fn over(mut game: Game, setup: &NetSetup, carrier: Carrier) -> Result<NetPlay, NetError> {
        let seats = setup.peers.len() + 1;
        let most = crate::game::most_seats(game.is_deathmatch());
        if seats != game.seats.len() || seats > most || setup.seat >= seats {
            return Err(NetError::Setup(format!(
                "seat {} with {} peers in a game of {} seats (at most {most} in {})",
                setup.seat,
                setup.peers.len(),
                game.seats.len(),
                if game.is_deathmatch() {
                    "a deathmatch"
                } else {
                    "co-op"
                },
            )));
        }
        let report = Arc::new(SocketReport::default());
        let mut addresses = Vec::with_capacity(seats);
        let mut others = setup.peers.iter();
        for seat in 0..seats {
            addresses.push(if seat == setup.seat {
                None
            } else {
                others.next().copied()
            });
        }
        let session_error = |e: GgrsError| NetError::Session(e.to_string());
        let mut builder = SessionBuilder::<NetConfig>::new()
            .with_num_players(seats)
            .with_input_delay(setup.input_delay)
            .with_max_prediction_window(PREDICTION_WINDOW)
            .with_desync_detection_mode(DesyncDetection::On {
                interval: DESYNC_CHECK_TICKS,
            })
            .with_disconnect_timeout(DISCONNECT_TIMEOUT)
            .with_disconnect_notify_delay(DISCONNECT_NOTIFY_DELAY)
            .with_fps(TICK_HZ as usize)
            .map_err(session_error)?;
        for (seat, address) in addresses.iter().enumerate() {
            let player = match address {
                None => PlayerType::Local,
                Some(addr) => PlayerType::Remote(*addr),
            };
            builder = builder.add_player(player, seat).map_err(session_error)?;
        }
        let socket = GameSocket::new(
            carrier.clone(),
            (setup.terms.clone(), setup.key.clone()),
            setup.seat,
            setup.peers.clone(),
            report.clone(),
        );
        let session = builder.start_p2p_session(socket).map_err(session_error)?;
        game.viewer = setup.seat;
        Ok(NetPlay {
            session,
            carrier,
            game,
            seat: setup.seat,
            addresses,
            hashes: VecDeque::with_capacity(HASHES_KEPT),
            report,
            stats: NetStats::default(),
            kept: Vec::new(),
            kept_from: 0,
            settled: 0,
            last_inputs: Vec::new(),
            finished_at: None,
            failed: None,
            fingerprint: setup.terms.fingerprint(),
            delay: DelayLine::new(setup.input_delay),
            dropped_by_word: Vec::new(),
            last_polled: None,
        })
    }

    /// Sends and receives; what happened since the last poll.
    pub fn poll(&mut self) -> Vec<NetEvent> {
        if let Some((why, said)) = &mut self.failed {
            if !*said {
                *said = true;
                return vec![NetEvent::Failed { why: why.clone() }];
            }
            return Vec::new();
        }
        // `ggrs` trusts what a peer of this game sends, and panics on some messages no
        // honest peer sends (a reply from the future, inputs that do not decode): the
        // socket drops those ([`super::checks`]), and any panic left is caught here and ends
        // this machine's network game with a message instead of ending the program. The
        // session is not used again after one.
        if self.stood_still() {
            return self.poll();
        }
        self.note_frame();
        let session = &mut self.session;
        let polled = quietly(|| session.poll_remote_clients());
        if let Err(payload) = polled {
            let why = format!(
                "a peer sent a message the rollback library could not take ({})",
                panic_text(payload.as_ref())
            );
            self.failed = Some((why.clone(), true));
            return vec![NetEvent::Failed { why }];
        }
        let seat_of = |addresses: &[Option<SocketAddr>], addr: SocketAddr| {
            addresses
                .iter()
                .position(|&a| a == Some(addr))
                .unwrap_or(usize::MAX)
        };
        let mut events = Vec::new();
        for event in self.session.events() {
            let seat = |addr| seat_of(&self.addresses, addr);
            events.push(match event {
                GgrsEvent::Synchronizing { addr, total, count } => NetEvent::Synchronizing {
                    seat: seat(addr),
                    count,
                    total,
                },
                GgrsEvent::Synchronized { addr } => NetEvent::Connected { seat: seat(addr) },
                GgrsEvent::Disconnected { addr } => NetEvent::Left { seat: seat(addr) },
                GgrsEvent::NetworkInterrupted {
                    addr,
                    disconnect_timeout,
                } => NetEvent::Interrupted {
                    seat: seat(addr),
                    timeout_ms: disconnect_timeout as u64,
                },
                GgrsEvent::NetworkResumed { addr } => NetEvent::Resumed { seat: seat(addr) },
                GgrsEvent::DesyncDetected { frame, addr, .. } => NetEvent::Desync {
                    // The checksum of frame f is the state before it: after tick f.
                    tick: u64::try_from(frame).unwrap_or(0),
                    seat: seat(addr),
                },
                GgrsEvent::WaitRecommendation { .. } => continue,
            });
        }
        if let Ok(mut others) = self.report.other_games.lock() {
            let (waiting, told) = &mut *others;
            for addr in waiting.drain(..) {
                told.push(addr);
                events.push(NetEvent::OtherGame { addr });
            }
        }
        // The seats that left as this machine found are not told of again when a peer says
        // so (and a peer's word about them is believed from then on: see `super::checks`).
        let mut gone = self
            .report
            .gone
            .lock()
            .map(|g| g.clone())
            .unwrap_or_default();
        for event in &events {
            if let NetEvent::Left { seat } = event {
                gone.push(*seat);
            }
        }
        if let Ok(mut shared) = self.report.gone.lock() {
            shared.clone_from(&gone);
        }
        if let Ok(mut said) = self.report.said_left.lock() {
            let news: Vec<(usize, usize)> = said
                .drain(..)
                .filter(|(_, seat)| !gone.contains(seat))
                .collect();
            for &(_, seat) in &news {
                if seat != self.seat && !self.dropped_by_word.contains(&seat) {
                    self.dropped_by_word.push(seat);
                }
            }
            events.extend(
                news.into_iter()
                    .map(|(by, seat)| NetEvent::SaidLeft { by, seat }),
            );
        }
        // A seat dropped here, by this machine or on a peer's word, went on alone where it
        // was: its state hashes are of its own game, not this one's (where its player stands
        // still from its drop), so they say nothing of a desync. (Its hash of a tick past its
        // drop, sent before it was dropped, once stopped the other seats of a game of four:
        // once where this machine had dropped it, once where a peer's word had, before the
        // rollback session said so.)
        let dropped = |seat: &usize| gone.contains(seat) || self.dropped_by_word.contains(seat);
        events.retain(|e| !matches!(e, NetEvent::Desync { seat, .. } if dropped(seat)));
        if let Ok(mut heard) = self.report.chat_in.lock() {
            events.extend(
                heard
                    .drain(..)
                    .map(|(seat, text)| NetEvent::Chat { seat, text }),
            );
        }
        if let Ok(mut said) = self.report.not_believed.lock() {
            let news = said.drain(..).filter(|(_, seat)| !gone.contains(seat));
            events.extend(news.map(|(by, seat)| NetEvent::NotBelieved { by, seat }));
        }
        if let Ok(mut mismatches) = self.report.mismatches.lock() {
            let (waiting, told) = &mut *mismatches;
            for (addr, differences) in waiting.drain(..) {
                told.push(addr);
                events.push(NetEvent::Mismatch {
                    seat: seat_of(&self.addresses, addr),
                    differences,
                });
            }
        }
        events
    }

    /// Whether every peer is in step and ticks can be played.
    pub fn running(&self) -> bool {
        self.failed.is_none() && self.session.current_state() == SessionState::Running
    }

    /// Says `text` to every seat, beside the game (the simulation knows nothing of it), with
    /// the next poll: the line as sent (made printable, cut to
    /// [`CHAT_CHARS`](super::text::CHAT_CHARS)), or `None` for an empty one.
    pub fn say(&mut self, text: &str) -> Option<String> {
        use super::text::{CHAT_CHARS, printable};
        let line = printable(text.trim(), CHAT_CHARS);
        if line.is_empty() {
            return None;
        }
        if let Ok(mut out) = self.report.chat_out.lock() {
            out.push(line.clone());
        }
        Some(line)
    }

    /// Whether this machine stood still, while in step, longer than the others wait for a
    /// seat ([`DISCONNECT_TIMEOUT`]: asleep, stopped, its loop held up): they have dropped it
    /// and play on without it, so its game ends here, saying so ([`NetEvent::Failed`]),
    /// before the rollback session hears of it. (That session, polled now, would find every
    /// peer quiet for longer than the timeout at once and drop them at the tick it stands at;
    /// where one's inputs had come up to the tick before, ggrs 0.11 then asserts "must load
    /// frame in the past", fixed after 0.13 by <https://github.com/gschup/ggrs/pull/119>.)
    fn stood_still(&mut self) -> bool {
        let now = Instant::now();
        let running = self.running();
        let last = std::mem::replace(&mut self.last_polled, running.then_some(now));
        let Some(stood) = last
            .map(|at| now - at)
            .filter(|&d| running && d > DISCONNECT_TIMEOUT)
        else {
            return false;
        };
        let (waits, after) = if self.addresses.len() == 2 {
            ("the other seat waits", "a game of two ends there")
        } else {
            ("the others wait for a seat", "they play on without it")
        };
        let why = format!(
            "this machine stood still for {:.0} s, longer than {waits} ({} s): {after}",
            stood.as_secs_f64(),
            DISCONNECT_TIMEOUT.as_secs()
        );
        self.failed = Some((why, false));
        true
    }

    /// Tells the socket the session's current frame (see [`super::checks`]).
    fn note_frame(&self) {
        let frame = self.session.current_frame();
        self.report
            .frame
            .store(frame, std::sync::atomic::Ordering::Relaxed);
    }

    /// Plays the next tick with this machine's `input` (and any ticks a rollback plays
    /// again); `false` when the tick was not played: not yet in step, or too far ahead of a
    /// peer's inputs (then try again next time).
    pub fn advance(&mut self, input: Input) -> Result<bool, NetError> {
        if !self.running() {
            return Ok(false);
        }
        if self.stood_still() {
            let why = self.failed.as_ref().map(|(why, _)| why.clone());
            return Err(NetError::Session(why.unwrap_or_default()));
        }
        self.session
            .add_local_input(self.seat, self.delay.next(input).packed())
            .map_err(|e| NetError::Session(e.to_string()))?;
        let before = self.game.ticks;
        self.note_frame();
        let session = &mut self.session;
        let advanced = quietly(|| session.advance_frame());
        let advanced = advanced.map_err(|payload| {
            let why = format!(
                "the rollback library failed ({})",
                panic_text(payload.as_ref())
            );
            self.failed = Some((why.clone(), false));
            NetError::Session(why)
        })?;
        let requests = match advanced {
            Ok(requests) => requests,
            Err(GgrsError::PredictionThreshold | GgrsError::NotSynchronized) => {
                return Ok(false);
            }
            Err(e) => return Err(NetError::Session(e.to_string())),
        };
        let mut advanced = 0u64;
        for request in requests {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => {
                    // The state alone is saved, as the sync test saves it: what only this
                    // machine's screen needs stays here, and goes on after a rollback.
                    let hash = self.game.state_hash();
                    cell.save(frame, Some(self.game.saved()), Some(u128::from(hash)));
                }
                GgrsRequest::LoadGameState { cell, .. } => {
                    if let Some(saved) = cell.load() {
                        self.game.load(saved);
                    }
                }
                GgrsRequest::AdvanceFrame { inputs } => {
                    let inputs: Vec<Input> = inputs.iter().map(|&(i, _)| i.input()).collect();
                    // Tick t's inputs at (t - kept_from) * seats (the ticks before all kept).
                    let at =
                        (self.game.ticks.saturating_sub(self.kept_from)) as usize * inputs.len();
                    self.kept.truncate(at);
                    self.kept.extend_from_slice(&inputs);
                    self.game.tick_seats(&inputs);
                    self.last_inputs = inputs;
                    self.keep_hash();
                    advanced += 1;
                }
            }
        }
        self.settled = self.confirmed_tick();
        if self.game.ticks <= before {
            // At its prediction window ggrs plays no new tick and says Ok: a wait, not a tick
            // (what it played was ticks played again).
            self.stats.replayed += advanced;
            return Ok(false);
        }
        self.stats.ticks += 1;
        self.delay.played(input);
        if self.delay.due() {
            let longest = self.round_trips().flatten().max();
            self.delay.follow(longest);
        }
        let replayed = advanced.saturating_sub(1);
        self.stats.replayed += replayed;
        self.stats.longest_rollback = self.stats.longest_rollback.max(replayed);
        self.stats.last_rollback = replayed;
        Ok(true)
    }

    /// Counts `ticks` that came due while this machine was held back, too far ahead of a
    /// peer's inputs ([`NetStats::stalled`]): each tick of real time once, however often
    /// [`NetPlay::advance`] was tried in it.
    pub fn waited(&mut self, ticks: u64) {
        self.stats.stalled += ticks;
    }

    /// Keeps the state hash of the tick just played (replacing a rolled-back one's), and
    /// when the game finished.
    fn keep_hash(&mut self) {
        let (tick, hash) = (self.game.ticks, self.game.state_hash());
        match (self.game.finished, self.finished_at) {
            (true, None) => self.finished_at = Some(tick),
            (false, Some(at)) if at >= tick => self.finished_at = None,
            _ => {}
        }
        while self.hashes.back().is_some_and(|&(t, _)| t >= tick) {
            self.hashes.pop_back();
        }
        if self.hashes.len() == HASHES_KEPT {
            self.hashes.pop_front();
        }
        self.hashes.push_back((tick, hash));
    }

    /// Every seat's input of the ticks confirmed since the last call (each tick's every seat,
    /// seat 0 first, in tick order): final, the same on every machine. What a recording keeps;
    /// the inputs are not kept here after they are taken.
    pub fn take_confirmed(&mut self) -> Vec<Input> {
        let confirmed = self.settled;
        let ticks = confirmed.saturating_sub(self.kept_from) as usize;
        let seats = self.addresses.len();
        let taken: Vec<Input> = self
            .kept
            .drain(..(ticks * seats).min(self.kept.len()))
            .collect();
        self.kept_from += (taken.len() / seats.max(1)) as u64;
        if let Ok(mut watch) = self.report.watch.lock() {
            if let Some(broadcast) = watch.as_mut() {
                broadcast.keep(&taken);
            }
        }
        taken
    }

    /// Offers spectators the game ([`super::watch`]): those who know `offer`'s code are
    /// sent it and its final inputs as they come. Only before any input was taken
    /// ([`NetPlay::take_confirmed`]), which spectators would lack: whether it is offered.
    pub fn offer_watching(&mut self, offer: &super::watch::WatchOffer) -> bool {
        if self.kept_from > 0 {
            return false;
        }
        let broadcast = super::watch::Broadcast::new(offer, self.fingerprint);
        match self.report.watch.lock() {
            Ok(mut watch) => {
                *watch = Some(broadcast);
                true
            }
            Err(_) => false,
        }
    }

    /// Every seat's input of the tick played last (seat 0 first), as it was played: the
    /// others' partly predicted.
    pub fn last_inputs(&self) -> &[Input] {
        &self.last_inputs
    }

    /// The game as this machine sees it now (its latest ticks partly predicted).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The tick the game finished in (a player used the exit, or the match ended), once
    /// every machine has played it so: after that tick's inputs are all known.
    pub fn finished_at(&self) -> Option<u64> {
        self.finished_at.filter(|&at| self.confirmed_tick() >= at)
    }

    /// The seat played here.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The last tick every seat's input is known for: the game up to it is the same on every
    /// machine.
    pub fn confirmed_tick(&self) -> u64 {
        // Frame f's inputs confirmed: the state after tick f + 1 is final. (With an input
        // delay the others' inputs can be known for ticks not yet played here.)
        let confirmed = u64::try_from(self.session.confirmed_frame() + 1).unwrap_or(0);
        confirmed.min(self.game.ticks)
    }

    /// How many of the latest ticks were played on predicted inputs (the prediction window
    /// in use: 0 when every input is known).
    pub fn predicted_ticks(&self) -> u64 {
        self.game.ticks.saturating_sub(self.confirmed_tick())
    }

    /// The network line of the profiler (F3): the tick, the round trip to each peer, the input
    /// delay now ([`NetPlay::input_delay`]), the ticks played
    /// again in the last rollback and at most, the ticks predicted, how far ahead this
    /// machine runs; and where there were any, the datagrams dropped as forged or sent again.
    pub fn summary(&self) -> String {
        use std::sync::atomic::Ordering::Relaxed;
        let trips: Vec<String> = self
            .round_trips()
            .map(|trip| trip.map_or_else(|| "-".to_string(), |ms| format!("{ms}")))
            .collect();
        format!(
            "NET TICK {}  RTT {} MS  DELAY {}  ROLLBACK {} (MAX {})  PREDICTED {}  AHEAD {}  WAITED {}",
            self.game.ticks,
            trips.join("/"),
            self.delay.ticks(),
            self.stats.last_rollback,
            self.stats.longest_rollback,
            self.predicted_ticks(),
            self.frames_ahead(),
            self.stats.stalled
        ) + &match (
            self.report.forged.load(Relaxed),
            self.report.replayed.load(Relaxed),
        ) {
            (0, 0) => String::new(),
            (forged, again) => format!("  FORGED {forged}  SENT AGAIN {again}"),
        }
    }

    /// The state hash after `tick`, if it is one of the last ticks played.
    pub fn hash_at(&self, tick: u64) -> Option<u64> {
        self.hashes
            .iter()
            .find(|&&(t, _)| t == tick)
            .map(|&(_, hash)| hash)
    }

    /// Ticks this machine is ahead of the peers (wait a little when positive).
    pub fn frames_ahead(&self) -> i32 {
        self.session.frames_ahead()
    }

    /// The round trip to the seat `seat`'s machine, milliseconds (while in step).
    pub fn round_trip_ms(&self, seat: usize) -> Option<u64> {
        if self.failed.is_some() {
            return None;
        }
        // (ggrs panics on a round trip past i32::MAX milliseconds, which a hostile reply
        // could make it measure.)
        let session = &self.session;
        let stats = quietly(|| session.network_stats(seat)).ok()?.ok()?;
        Some(stats.ping as u64)
    }

    /// The round trip to each other seat's machine, in seat order ([`NetPlay::round_trip_ms`]).
    fn round_trips(&self) -> impl Iterator<Item = Option<u64>> + '_ {
        (0..self.addresses.len())
            .filter(|&s| s != self.seat)
            .map(|s| self.round_trip_ms(s))
    }

    /// How play has gone.
    pub fn stats(&self) -> NetStats {
        self.stats
    }

    /// What carries this game's datagrams, for the next session among the same peers (the
    /// next level of co-op) to go on with.
    pub fn carrier(&self) -> Carrier {
        self.carrier.clone()
    }

    /// The input delay this machine's inputs see now, in ticks: the session's own (the
    /// lobby's) and what the round trip measured during play added to it (`DelayLine`).
    pub fn input_delay(&self) -> usize {
        self.delay.ticks()
    }

    /// What the socket dropped.
    pub fn socket_report(&self) -> &SocketReport {
        &self.report
    }
}
