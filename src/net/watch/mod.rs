//! Watching a networked game: a spectator asks a seat that offers it (a lobby's host) for the
//! game and its inputs, and plays them as they become final, a few ticks behind the players.
//! The game is a function of its start and every seat's inputs, so the inputs are all a
//! spectator needs: it plays them on its own copy of the level to the players' very state.
//!
//! The spectator knows the game's code (the lobby's); its asks carry a code under the key made
//! of it ([`GameKey::from_code`]), as do the answers. It asks with the first tick it lacks
//! (its acknowledgement of all before it), every [`ASK_EVERY`] and after every answer; the seat
//! answers with the game (when it lacks it) and up to four chunks of a second of inputs
//! from that tick on. A lost answer is asked for again: nothing is kept per spectator but its
//! counters, and at most [`MOST_WATCHERS`] are answered. Inputs go only to an address that
//! has shown it receives the seat's answers (its ask echoes the counter of one): an ask with
//! another's address on it is answered with the game alone, a few hundred bytes, so the
//! seat cannot be made to flood a stranger with inputs.
//!
//! In the page, games are met in rooms: a spectator opens the room of the lobby's code and
//! asks everyone there ([`Watcher::in_room`]) until the seat offering watching answers under
//! the code; from then on it asks that seat alone.
//!
//! ```no_run
//! use tilecaster::net::watch::Watcher;
//!
//! // The host's address and the lobby's code, as the host's panel shows them.
//! let mut watcher = Watcher::connect(
//!     "0.0.0.0:0".parse().unwrap(),
//!     "192.168.1.5:7300".parse().unwrap(),
//!     "493017",
//! )
//! .unwrap();
//! loop {
//!     watcher.poll();
//!     if let Some(seats) = watcher.game().map(|game| game.seats()) {
//!         // Every seat's input, tick by tick, seat 0 first: `game.tick_seats(tick)`.
//!         for tick in watcher.take_inputs().chunks_exact(seats) {
//!             # let _ = tick;
//!         }
//!     }
//!     # break;
//! }
//! ```

use std::net::SocketAddr;
use std::time::Duration;

use bincode::Options as _;
use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::lobby::{GameChoice, LobbyError, Plan};
use super::seal::{ReplayWindow, TAG};
use super::{Carrier, GameKey, NetSeats, udp_carrier};
use crate::game::{Input, PackedInput};

/// A spectator's ask: then its counter, the first tick it lacks, the counter of the last
/// answer it had (0: none), the number of the last line of chat it had (0: none), the code.
const ASK: [u8; 4] = *b"TCwa";
/// Lines of chat, to a spectator: then the counter, the lines (how many, then for each its
/// number, the seat that said it, the length of its text and the text), the code.
const CHAT: [u8; 4] = *b"TCwc";
/// The most lines of chat a seat keeps for spectators (those who lack older ones miss them).
const CHAT_KEPT: usize = 8;
/// The game, to a spectator: then the counter, the game ([`WatchGame`], bincode), the code.
const GAME: [u8; 4] = *b"TCwg";
/// Inputs, to a spectator: then the counter, the game's fingerprint, the first tick, the
/// seats, the ticks, every seat's packed input a tick ([`PACKED`] bytes each), the code.
const INPUTS: [u8; 4] = *b"TCwi";
/// The bytes of one seat's input of one tick.
const PACKED: usize = 6;
/// The seats the codes name: a spectator's and the seat it watches through.
const SPECTATOR: usize = 250;
const WATCHED: usize = 251;
/// How often a spectator asks when nothing comes.
pub const ASK_EVERY: Duration = Duration::from_millis(100);
/// How soon after an answer a spectator asks again, at the soonest (and how often a seat
/// answers one spectator, at most).
const ASK_AGAIN: Duration = Duration::from_millis(15);
/// The most ticks of inputs in one datagram (eight seats: under 3 KB).
const TICKS_PER_CHUNK: usize = 60;
/// The most datagrams of inputs in one answer.
const CHUNKS_PER_ANSWER: usize = 4;
/// The most spectators a seat answers at once.
pub const MOST_WATCHERS: usize = 8;
/// How long a spectator goes unheard before its place goes to another.
const WATCHER_GONE: Duration = Duration::from_secs(10);
/// The counters of the last answers sent to a spectator, one of which its ask must echo.
const SENT_KEPT: usize = 32;
/// The largest datagram a spectator reads.
const LARGEST: usize = 16384;
/// The most datagrams a spectator reads in one poll.
const MOST_READ: usize = 256;

/// What a spectator is told of the game it watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchGame {
    /// The level, difficulty, seed and mode, as the lobby chose them.
    pub choice: GameChoice,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// The colours the players wear, in seat order ([`crate::game::Seat::colour`]).
    pub colours: Vec<u8>,
    /// The game's fingerprint ([`super::fingerprint`]): inputs of another (the next level's)
    /// are not this game's.
    pub fingerprint: u64,
}

impl WatchGame {
    /// The seats of the game.
    pub fn seats(&self) -> usize {
        self.names.len()
    }
}

/// What a seat offers spectators: the game and the code they must know.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchOffer {
    /// The code (the lobby's).
    pub code: String,
    /// The game (its fingerprint is set by the session that offers it).
    pub game: WatchGame,
}

impl WatchOffer {
    /// What the lobby's host offers spectators of the game `plan` begins (`None` on a
    /// joiner, which has no code to give).
    pub fn of_plan(plan: &Plan) -> Option<WatchOffer> {
        let code = plan.code.as_deref()?;
        Some(WatchOffer::new(
            code,
            plan.choice.clone(),
            plan.names.clone(),
            &plan.seats,
        ))
    }

    /// What seat 0 of a game whose every seat was named (`--peer`, no lobby) offers
    /// spectators, where its players agreed on a `code` (the game's key is made of it): the
    /// game of `level` at `difficulty` as `seats` play it, its seats called by number. `None`
    /// on another seat, or without a code (the key of no code is everyone's).
    pub fn of_named(
        seats: &NetSeats,
        level: &std::path::Path,
        difficulty: crate::level::Difficulty,
        code: Option<&str>,
    ) -> Result<Option<WatchOffer>, LobbyError> {
        let Some(code) = code.filter(|c| !c.is_empty() && seats.seat == 0) else {
            return Ok(None);
        };
        let choice = GameChoice::new(level, difficulty, seats.seed, seats.deathmatch)?;
        let names = vec![String::new(); seats.count()];
        Ok(Some(WatchOffer::new(code, choice, names, seats)))
    }

    /// The offer of the game `choice` under `code`, its players `names` in seat order,
    /// wearing the colours `seats` give them (the fingerprint set by the session offering it).
    fn new(code: &str, choice: GameChoice, names: Vec<String>, seats: &NetSeats) -> WatchOffer {
        WatchOffer {
            code: code.to_string(),
            game: WatchGame {
                choice,
                names,
                colours: seats.colours.iter().map(|&c| c as u8).collect(),
                fingerprint: 0,
            },
        }
    }
}

/// `ASK`, `GAME` or `INPUTS` datagram `body` (its mark and counter first) with its code.
fn sealed(key: &GameKey, from: usize, to: usize, mut body: Vec<u8>) -> Vec<u8> {
    let tag = key.tag(from, to, &body);
    body.extend_from_slice(&tag);
    body
}

/// The body of a datagram `bytes` from seat `from` to `to` under `key` with mark `mark`,
/// whose counter `window` has not taken before: its counter (taken), the bytes after it.
fn opened<'a>(
    key: &GameKey,
    (from, to): (usize, usize),
    mark: [u8; 4],
    bytes: &'a [u8],
    window: &mut ReplayWindow,
) -> Option<(u64, &'a [u8])> {
    let signed = bytes.len().checked_sub(TAG).filter(|&n| n >= 12)?;
    let (body, tag) = bytes.split_at(signed);
    if body[..4] != mark || !key.verifies(from, to, body, tag) {
        return None;
    }
    let counter = u64::from_le_bytes(body[4..12].try_into().ok()?);
    window.take(counter).then_some((counter, &body[12..]))
}

/// An input as [`PACKED`] bytes.
fn pack(input: &Input, out: &mut Vec<u8>) {
    let p = input.packed();
    out.extend_from_slice(&[p.forward as u8, p.strafe as u8]);
    out.extend_from_slice(&p.turn.to_le_bytes());
    out.extend_from_slice(&[p.buttons, p.weapon]);
}

/// The input of [`PACKED`] bytes (as a seat plays it: [`PackedInput::input`] clamps).
fn unpack(b: &[u8]) -> Input {
    PackedInput {
        forward: b[0] as i8,
        strafe: b[1] as i8,
        turn: i16::from_le_bytes([b[2], b[3]]),
        buttons: b[4],
        weapon: b[5],
    }
    .input()
}

/// A spectator a seat answers.
#[derive(Debug)]
struct Spectator {
    at: SocketAddr,
    window: ReplayWindow,
    heard: Instant,
    answered: Option<Instant>,
    /// The counters of the last answers sent to it ([`SENT_KEPT`]).
    sent: Vec<u64>,
}

/// A seat's side: the spectators' asks answered from the game's final inputs.
#[derive(Debug)]
pub(super) struct Broadcast {
    key: GameKey,
    /// The game, bincode.
    game: Vec<u8>,
    seats: usize,
    fingerprint: u64,
    /// Every seat's final input of every tick so far, packed, seat 0 first.
    inputs: Vec<u8>,
    spectators: Vec<Spectator>,
    counter: u64,
    /// The last lines of chat said in the game: each its number (from 1), the seat that said
    /// it, its text (made printable).
    chat: Vec<(u32, u8, String)>,
}

impl Broadcast {
    /// Offers `offer`'s game, whose fingerprint is `fingerprint`, to spectators.
    pub(super) fn new(offer: &WatchOffer, fingerprint: u64) -> Broadcast {
        let game = WatchGame {
            fingerprint,
            ..offer.game.clone()
        };
        Broadcast {
            key: GameKey::from_code(&offer.code),
            seats: game.seats().max(1),
            game: bincode::serialize(&game).unwrap_or_default(),
            fingerprint,
            inputs: Vec::new(),
            spectators: Vec::new(),
            counter: 0,
            chat: Vec::new(),
        }
    }

    /// Keeps a line of chat that seat `seat` said (printable, as the seats read it), for the
    /// spectators: each hears it with its next answer.
    pub(super) fn chat(&mut self, seat: usize, line: &str) {
        let number = self
            .chat
            .last()
            .map_or(1, |&(n, ..)| n.wrapping_add(1).max(1));
        self.chat
            .push((number, u8::try_from(seat).unwrap_or(u8::MAX), line.into()));
        let extra = self.chat.len().saturating_sub(CHAT_KEPT);
        self.chat.drain(..extra);
    }

    /// Keeps `inputs`: every seat's final input of the next ticks, seat 0 first.
    pub(super) fn keep(&mut self, inputs: &[Input]) {
        for input in inputs {
            pack(input, &mut self.inputs);
        }
    }

    /// Answers datagram `bytes` from `from` if it is a spectator's ask (the datagrams to
    /// send, each with its address); `None` if it is not one (the caller reads it), `Some`
    /// of nothing when it is one not answered (forged, sent again, too soon, one spectator
    /// too many).
    pub(super) fn answer(
        &mut self,
        from: SocketAddr,
        bytes: &[u8],
    ) -> Option<Vec<(Vec<u8>, SocketAddr)>> {
        if !bytes.starts_with(&ASK) {
            return None;
        }
        let now = Instant::now();
        self.spectators.retain(|s| now - s.heard < WATCHER_GONE);
        let known = self.spectators.iter().position(|s| s.at == from);
        let index = match known {
            Some(i) => i,
            None if self.spectators.len() < MOST_WATCHERS => {
                self.spectators.push(Spectator {
                    at: from,
                    window: ReplayWindow::default(),
                    heard: now,
                    answered: None,
                    sent: Vec::new(),
                });
                self.spectators.len() - 1
            }
            None => return Some(Vec::new()),
        };
        let spectator = &mut self.spectators[index];
        let ends = (SPECTATOR, WATCHED);
        let Some((_, body)) = opened(&self.key, ends, ASK, bytes, &mut spectator.window) else {
            if known.is_none() {
                self.spectators.pop();
            }
            return Some(Vec::new());
        };
        spectator.heard = now;
        if spectator.answered.is_some_and(|at| now - at < ASK_AGAIN) {
            return Some(Vec::new());
        }
        spectator.answered = Some(now);
        let first = u64::from_le_bytes(body.get(..8)?.try_into().ok()?);
        let echo = u64::from_le_bytes(body.get(8..16)?.try_into().ok()?);
        let chat_heard = u32::from_le_bytes(body.get(16..20)?.try_into().ok()?);
        let receives = echo != 0 && spectator.sent.contains(&echo);
        let before = self.counter;
        let mut out = self.datagrams_from(first, receives, from);
        if receives {
            out.extend(self.chat_after(chat_heard, from));
        }
        let spectator = &mut self.spectators[index];
        spectator.sent.extend(before + 1..=self.counter);
        let extra = spectator.sent.len().saturating_sub(SENT_KEPT);
        spectator.sent.drain(..extra);
        Some(out)
    }

    /// The answer to a spectator at `to` lacking tick `first` on: the game when it lacks it,
    /// or where it has not shown that it `receives` the answers (then that alone).
    fn datagrams_from(
        &mut self,
        first: u64,
        receives: bool,
        to: SocketAddr,
    ) -> Vec<(Vec<u8>, SocketAddr)> {
        let mut out = Vec::new();
        if first == 0 || !receives {
            let mut body = GAME.to_vec();
            body.extend_from_slice(&self.next_counter().to_le_bytes());
            body.extend_from_slice(&self.game);
            out.push((sealed(&self.key, WATCHED, SPECTATOR, body), to));
        }
        let tick_bytes = self.seats * PACKED;
        let known = (self.inputs.len() / tick_bytes) as u64;
        let mut tick = first;
        while receives && tick < known && out.len() < CHUNKS_PER_ANSWER + 1 {
            let ticks = (known - tick).min(TICKS_PER_CHUNK as u64);
            let mut body = INPUTS.to_vec();
            body.extend_from_slice(&self.next_counter().to_le_bytes());
            body.extend_from_slice(&self.fingerprint.to_le_bytes());
            body.extend_from_slice(&tick.to_le_bytes());
            body.push(self.seats as u8);
            body.extend_from_slice(&(ticks as u16).to_le_bytes());
            let from = tick as usize * tick_bytes;
            body.extend_from_slice(&self.inputs[from..from + ticks as usize * tick_bytes]);
            out.push((sealed(&self.key, WATCHED, SPECTATOR, body), to));
            tick += ticks;
        }
        out
    }

    /// The lines of chat after line `heard`, to a spectator at `to`, in one datagram (none
    /// when it has them all).
    fn chat_after(&mut self, heard: u32, to: SocketAddr) -> Option<(Vec<u8>, SocketAddr)> {
        let lines: Vec<&(u32, u8, String)> =
            self.chat.iter().filter(|&&(n, ..)| n > heard).collect();
        if lines.is_empty() {
            return None;
        }
        let mut body = CHAT.to_vec();
        body.extend_from_slice(&(self.counter + 1).to_le_bytes());
        body.push(lines.len() as u8);
        for (number, seat, text) in lines {
            body.extend_from_slice(&number.to_le_bytes());
            body.push(*seat);
            // (A line is at most 80 characters; cut, if ever, where a character ends.)
            let mut end = text.len().min(u8::MAX as usize);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let text = &text.as_bytes()[..end];
            body.push(text.len() as u8);
            body.extend_from_slice(text);
        }
        self.counter += 1;
        Some((sealed(&self.key, WATCHED, SPECTATOR, body), to))
    }

    fn next_counter(&mut self) -> u64 {
        self.counter += 1;
        self.counter
    }
}

/// A spectator of a networked game: it asks the seat at `host` for the game and its final
/// inputs, and hands them on tick by tick ([`Watcher::take_inputs`]).
pub struct Watcher {
    carrier: Carrier,
    /// The seat watched through; in a room, unknown until one answers under the code (the
    /// asks go to everyone there until then).
    host: Option<SocketAddr>,
    key: GameKey,
    counter: u64,
    window: ReplayWindow,
    /// The highest counter of the seat's answers taken (echoed: they reach this machine).
    echo: u64,
    game: Option<WatchGame>,
    /// Every seat's input of every tick known, seat 0 first.
    inputs: Vec<Input>,
    /// The ticks handed on.
    taken: usize,
    asked: Option<Instant>,
    /// When the seat last answered.
    heard: Option<Instant>,
    /// When an answer came since the last ask.
    answered: bool,
    buffer: Vec<u8>,
    /// The number of the last line of chat heard, and the lines heard not yet taken (the
    /// seat that said each, its text made printable).
    chat_heard: u32,
    chat: Vec<(usize, String)>,
    /// Datagrams dropped: not from the seat, forged, sent again, of another game, malformed.
    pub dropped: u64,
}

impl Watcher {
    /// Watches the game of the seat at `host` (a lobby's host) whose code is `code`, from a
    /// socket bound to `bind`.
    pub fn connect(bind: SocketAddr, host: SocketAddr, code: &str) -> std::io::Result<Watcher> {
        Ok(Watcher::over(udp_carrier(bind)?, host, code))
    }

    /// Watches as [`Watcher::connect`] does, over `carrier`.
    pub fn over(carrier: Carrier, host: SocketAddr, code: &str) -> Watcher {
        Watcher::asking(carrier, Some(host), code)
    }

    /// Watches the game of the room `carrier` is the data channels of (the page's lobby in
    /// a room: `net::room::Room::lobby_carrier`, with the `webrtc` feature): the asks go to
    /// everyone in the room until the seat offering watching answers under `code`, then to
    /// that seat alone.
    pub fn in_room(carrier: Carrier, code: &str) -> Watcher {
        Watcher::asking(carrier, None, code)
    }

    fn asking(carrier: Carrier, host: Option<SocketAddr>, code: &str) -> Watcher {
        Watcher {
            carrier,
            host,
            key: GameKey::from_code(code),
            counter: 0,
            window: ReplayWindow::default(),
            echo: 0,
            game: None,
            inputs: Vec::new(),
            taken: 0,
            asked: None,
            heard: None,
            answered: false,
            buffer: vec![0; LARGEST],
            chat_heard: 0,
            chat: Vec::new(),
            dropped: 0,
        }
    }

    /// Reads what came, and asks for more when it is time.
    pub fn poll(&mut self) {
        for _ in 0..MOST_READ {
            let received = self.carrier.borrow_mut().receive_datagram(&mut self.buffer);
            let Ok((len, from)) = received else {
                break;
            };
            let datagram = self.buffer[..len].to_vec();
            if self.host.is_some_and(|host| host != from) || !self.read(&datagram) {
                self.dropped += 1;
            } else {
                // (Only the seat knowing the code answers under it: that seat is watched.)
                self.host = Some(from);
            }
        }
        let now = Instant::now();
        let due = match self.asked {
            None => true,
            Some(at) if self.answered => now - at >= ASK_AGAIN,
            Some(at) => now - at >= ASK_EVERY,
        };
        if due {
            self.ask(now);
        }
    }

    /// Asks for the game (until it is known) and the inputs from the first tick lacking.
    fn ask(&mut self, now: Instant) {
        let lacking = match &self.game {
            None => 0,
            Some(game) => (self.inputs.len() / game.seats().max(1)) as u64,
        };
        let mut body = ASK.to_vec();
        self.counter += 1;
        body.extend_from_slice(&self.counter.to_le_bytes());
        body.extend_from_slice(&lacking.to_le_bytes());
        body.extend_from_slice(&self.echo.to_le_bytes());
        body.extend_from_slice(&self.chat_heard.to_le_bytes());
        let datagram = sealed(&self.key, SPECTATOR, WATCHED, body);
        let mut carrier = self.carrier.borrow_mut();
        let to = match self.host {
            Some(host) => vec![host],
            None => carrier.known_peers(),
        };
        for host in to {
            // (A lost ask is asked again.)
            let _ = carrier.send_datagram(&datagram, host);
        }
        drop(carrier);
        self.asked = Some(now);
        self.answered = false;
    }

    /// Reads a datagram from the seat: whether it was the game's.
    fn read(&mut self, bytes: &[u8]) -> bool {
        let ends = (WATCHED, SPECTATOR);
        if bytes.starts_with(&GAME) {
            let Some((counter, body)) = opened(&self.key, ends, GAME, bytes, &mut self.window)
            else {
                return false;
            };
            self.echo = self.echo.max(counter);
            let game: Option<WatchGame> = bincode::DefaultOptions::new()
                .with_fixint_encoding()
                .with_limit(LARGEST as u64)
                .deserialize(body)
                .ok();
            let Some(game) = game.filter(|g| (1..=crate::game::MAX_SEATS).contains(&g.seats()))
            else {
                return false;
            };
            if self.game.is_none() {
                self.game = Some(printable(game));
            }
        } else {
            type Reader = fn(&mut Watcher, &[u8]) -> bool;
            let (mark, reader): ([u8; 4], Reader) = if bytes.starts_with(&CHAT) {
                (CHAT, Watcher::read_chat)
            } else {
                (INPUTS, Watcher::read_inputs)
            };
            let Some((counter, body)) = opened(&self.key, ends, mark, bytes, &mut self.window)
            else {
                return false;
            };
            if !reader(self, body) {
                return false;
            }
            self.echo = self.echo.max(counter);
        }
        self.heard = Some(Instant::now());
        self.answered = true;
        true
    }

    /// Takes a chunk of inputs (after its counter) that follows those known: whether it was
    /// this game's and well made.
    fn read_inputs(&mut self, body: &[u8]) -> bool {
        let Some(game) = &self.game else {
            // (Before the game is known, its inputs cannot be placed: asked for again.)
            return true;
        };
        let seats = game.seats();
        let (Some(fingerprint), Some(first), Some(&n), Some(ticks)) = (
            body.get(..8),
            body.get(8..16),
            body.get(16),
            body.get(17..19),
        ) else {
            return false;
        };
        let fingerprint = u64::from_le_bytes(fingerprint.try_into().unwrap_or_default());
        let first = u64::from_le_bytes(first.try_into().unwrap_or_default());
        let ticks = usize::from(u16::from_le_bytes([ticks[0], ticks[1]]));
        let packed = &body[19..];
        if fingerprint != game.fingerprint
            || usize::from(n) != seats
            || packed.len() != ticks * seats * PACKED
        {
            return false;
        }
        let known = (self.inputs.len() / seats) as u64;
        // A chunk from before the last known overlaps it: its new ticks are taken.
        if first > known {
            return true;
        }
        let skip = (known - first) as usize * seats;
        let chunk = packed.chunks_exact(PACKED).skip(skip).map(unpack);
        self.inputs.extend(chunk);
        true
    }

    /// Takes the lines of chat in a datagram's `body` (after its counter) newer than those
    /// heard, made printable: whether it was well made.
    fn read_chat(&mut self, body: &[u8]) -> bool {
        use super::text::{CHAT_CHARS, printable};
        let Some((&count, mut rest)) = body.split_first() else {
            return false;
        };
        let mut lines = Vec::new();
        for _ in 0..count {
            let (Some(number), Some(&seat), Some(&len)) = (rest.get(..4), rest.get(4), rest.get(5))
            else {
                return false;
            };
            let Some(text) = rest.get(6..6 + usize::from(len)) else {
                return false;
            };
            let number = u32::from_le_bytes(number.try_into().unwrap_or_default());
            lines.push((number, usize::from(seat), text));
            rest = &rest[6 + usize::from(len)..];
        }
        if !rest.is_empty() {
            return false;
        }
        let seats = self
            .game
            .as_ref()
            .map_or(crate::game::MAX_SEATS, WatchGame::seats);
        for (number, seat, text) in lines {
            let line = printable(&String::from_utf8_lossy(text), CHAT_CHARS);
            if number > self.chat_heard && seat < seats && !line.is_empty() {
                self.chat_heard = number;
                self.chat.push((seat, line));
            }
        }
        true
    }

    /// The lines of chat said in the game since the last call: the seat that said each, and
    /// its text (made printable).
    pub fn take_chat(&mut self) -> Vec<(usize, String)> {
        std::mem::take(&mut self.chat)
    }

    /// The game watched, once the seat has said it.
    pub fn game(&self) -> Option<&WatchGame> {
        self.game.as_ref()
    }

    /// Every seat's input of the ticks that came since the last call (each tick's every seat,
    /// seat 0 first, in tick order).
    pub fn take_inputs(&mut self) -> Vec<Input> {
        let taken = self.inputs[self.taken..].to_vec();
        self.taken = self.inputs.len();
        taken
    }

    /// The ticks whose inputs are known.
    pub fn ticks_known(&self) -> u64 {
        let seats = self.game.as_ref().map_or(1, WatchGame::seats).max(1);
        (self.inputs.len() / seats) as u64
    }

    /// How long since the seat last answered (`None`: never yet).
    pub fn silent_for(&self) -> Option<Duration> {
        self.heard.map(|at| at.elapsed())
    }
}

/// `game` with its text made printable, as it came from the network.
fn printable(mut game: WatchGame) -> WatchGame {
    use super::text::{NAME_CHARS, PATH_CHARS, printable};
    game.names
        .iter_mut()
        .for_each(|n| *n = printable(n, NAME_CHARS));
    game.choice.level = printable(&game.choice.level, PATH_CHARS);
    game.choice.level_hash = printable(&game.choice.level_hash, NAME_CHARS);
    game
}

#[cfg(test)]
mod tests;
