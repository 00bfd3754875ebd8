//! The game's datagrams on a carrier: `ggrs`' messages headed by this game's mark, its
//! fingerprint and the sender's counter, and followed by a code under the game's key
//! ([`super::seal`]); read with a size limit, and checked ([`super::checks`]) before `ggrs`
//! sees them. Whatever is not this game's, forged, sent again or malformed is dropped and
//! counted.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use web_time::Instant;

use bincode::Options as _;
use ggrs::{Message, NonBlockingSocket};

use super::checks::{PeerCheck, Refusal};
use super::seal::{ReplayWindow, TAG};
use super::{Carrier, GameKey, GameTerms};

/// The first bytes of every datagram this game sends.
const MAGIC: [u8; 4] = *b"TCnp";
/// The first bytes of a datagram that holds a game's terms, sent to a peer whose datagrams
/// carry another fingerprint, so that it can say what differs.
const TERMS_MAGIC: [u8; 4] = *b"TCgt";
/// The first bytes of a datagram telling a seat that another said it had left (then the
/// sender's counter, the seat that said so, the code): the seat dropped hears of it.
const SAID_LEFT_MAGIC: [u8; 4] = *b"TCsl";
/// How many times that is sent (once is easily lost, and it is said once).
const SAID_LEFT_SENT: usize = 3;
/// How often a seat dropped here that still sends this game's datagrams is told so, at
/// most: it may have been stopped while it was dropped (its own machine's receive buffer
/// full, the first notices lost) and would otherwise play on alone.
const GONE_RETOLD: Duration = Duration::from_millis(250);
/// The first bytes of a line of chat (then the sender's counter, the line's number, the
/// text, the code): said beside the game, not in it.
const CHAT_MAGIC: [u8; 4] = *b"TCch";
/// How many times a line of chat is sent (each copy has a counter of its own, and the line's
/// number: the receiver keeps the first and drops the others).
const CHAT_SENT: usize = 2;
/// The most lines of chat taken from one peer in [`CHAT_WINDOW`] (more are dropped: a flood).
const CHAT_LINES: usize = 4;
/// See [`CHAT_LINES`].
const CHAT_WINDOW: Duration = Duration::from_secs(2);
/// How long a seat goes unheard before a peer's word that it has left is believed
/// ([`super::checks`]): the time after which the players are told the game waits for it.
use super::QUIET;
/// How often a peer of another game is sent this game's terms, at most.
const TERMS_RESEND: Duration = Duration::from_millis(250);
/// The header: [`MAGIC`], the fingerprint and the sender's counter (then the message, then
/// the code of all that, [`TAG`] bytes).
const HEADER: usize = 20;
use super::LARGEST;
/// The most datagrams read in one poll; the rest wait for the next.
pub const MAX_DATAGRAMS_PER_POLL: usize = 256;

/// What the socket dropped, for the network line and for tests.
#[derive(Debug, Default)]
pub struct SocketReport {
    /// Datagrams from addresses that are not peers.
    pub strangers: AtomicU64,
    /// Datagrams from peers cut short, of another game, not a message, or a message the
    /// rollback library cannot take (checked before it reads them).
    pub dropped: AtomicU64,
    /// Datagrams whose code is not the game's: forged (a peer's address is easy to put on a
    /// datagram), or from a machine given another key.
    pub forged: AtomicU64,
    /// Datagrams whose counter was seen before: sent again by someone.
    pub replayed: AtomicU64,
    /// Datagrams that could not be sent.
    pub send_failures: AtomicU64,
    /// Peers whose datagrams carried another fingerprint, not yet told of, and those told of
    /// (each is told of once).
    pub(super) other_games: Mutex<(Vec<SocketAddr>, Vec<SocketAddr>)>,
    /// Peers that said their game's terms, and what differs, not yet told of; and those told
    /// of (each is told of once).
    pub(super) mismatches: Mutex<MismatchesSeen>,
    /// Seats a peer said had left (the peer's seat, the seat), believed, not yet told of.
    pub(super) said_left: Mutex<Vec<(usize, usize)>>,
    /// Seats a peer said had left, not believed (heard here), not yet told of.
    pub(super) not_believed: Mutex<Vec<(usize, usize)>>,
    /// The seats the rollback session dropped (a peer's word about them is believed, that
    /// the seats agree on the frame they left at).
    pub(super) gone: Mutex<Vec<usize>>,
    /// Lines of chat to send to every peer (made printable), and those heard (the seat,
    /// the line, made printable) not yet told of.
    pub(super) chat_out: Mutex<Vec<String>>,
    pub(super) chat_in: Mutex<Vec<(usize, String)>>,
    /// The rollback session's current frame, as it last said (what a peer's word about a
    /// seat is weighed against: [`super::checks`]).
    pub(super) frame: AtomicI32,
    /// What this seat offers spectators, where it offers anything ([`super::watch`]).
    pub(super) watch: Mutex<Option<super::watch::Broadcast>>,
}

/// Peers of another game with what differs, waiting to be told of; and those told of.
pub(super) type MismatchesSeen = (Vec<(SocketAddr, Vec<String>)>, Vec<SocketAddr>);

/// `ggrs`' message kinds as its encoding numbers them (the order of its `MessageBody` in
/// ggrs 0.11): after the two bytes of its header, a little-endian `u32`.
const SYNC_REQUEST: u32 = 0;
const SYNC_REPLY: u32 = 1;
const INPUT: u32 = 2;
/// How long the last inputs sent to a peer wait before the socket sends them again, when no
/// newer ones went (not to a seat the session dropped). `ggrs` sends inputs as it plays a
/// tick, and again only after 200 ms in which it heard none from the peer: a machine held
/// back at its prediction window sends nothing, so one lost datagram could hold the seats
/// waiting on it for a fifth of a second.
const INPUT_RESEND: Duration = Duration::from_millis(20);
/// How long a request to get in step waits for its answer before the socket sends it again.
const SYNC_RESEND: Duration = Duration::from_millis(300);

/// The kind of the `ggrs` message encoded in `bytes` (after this game's header).
fn message_kind(bytes: &[u8]) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(2..6)?.try_into().ok()?))
}

/// The number a request to get in step carries, or its reply echoes (the first field after
/// the kind).
fn sync_number(message: &Message) -> Option<u32> {
    let bytes = bincode::serialize(message).ok()?;
    Some(u32::from_le_bytes(bytes.get(6..10)?.try_into().ok()?))
}

/// A datagram carrier that speaks `ggrs`' messages with this game's header and code,
/// dropping whatever is not for it.
pub(super) struct GameSocket {
    socket: Carrier,
    fingerprint: u64,
    terms: GameTerms,
    key: GameKey,
    /// The seat played here.
    seat: usize,
    /// When each peer of another game was last sent this game's terms.
    terms_sent: Vec<(SocketAddr, Instant)>,
    peers: Vec<SocketAddr>,
    /// For each peer: the counters of its datagrams taken, what its messages tell, and when
    /// this game's datagram from it last came.
    windows: Vec<ReplayWindow>,
    checks: Vec<PeerCheck>,
    heard: Vec<Instant>,
    /// When each peer dropped here was last told so ([`GONE_RETOLD`]).
    told_gone: Vec<Option<Instant>>,
    /// When each peer's last lines of chat came.
    chatted: Vec<Vec<Instant>>,
    /// The numbers of each peer's lines of chat taken lately, to drop their second copies.
    chat_seen: Vec<Vec<u32>>,
    /// This machine's lines of chat sent.
    chat_said: u32,
    /// This machine's next counter.
    counter: u64,
    buffer: Vec<u8>,
    out: Vec<u8>,
    report: Arc<SocketReport>,
    /// Each peer's last request to get in step not yet answered, and when it went. `ggrs`
    /// asks again only after 200 ms in which it sent nothing; a machine whose first requests
    /// were lost (the other not yet listening) and which answers the other's reports every
    /// 200 ms would never ask again, and never start: the socket asks again for it.
    unanswered: Vec<(SocketAddr, Message, Instant)>,
    /// The last inputs sent to each peer, and when ([`INPUT_RESEND`]).
    inputs_sent: Vec<(SocketAddr, Message, Instant)>,
}

impl GameSocket {
    /// A socket for the game of `terms` under `key`, seat `seat` of it, with `peers` (the
    /// other seats' addresses in seat order), on `carrier`, counting what it drops in
    /// `report`.
    pub(super) fn new(
        carrier: Carrier,
        (terms, key): (GameTerms, GameKey),
        seat: usize,
        peers: Vec<SocketAddr>,
        report: Arc<SocketReport>,
    ) -> GameSocket {
        GameSocket {
            socket: carrier,
            fingerprint: terms.fingerprint(),
            terms,
            key,
            seat,
            terms_sent: Vec::new(),
            windows: vec![ReplayWindow::default(); peers.len()],
            checks: peers.iter().map(|_| PeerCheck::new()).collect(),
            heard: vec![Instant::now(); peers.len()],
            told_gone: vec![None; peers.len()],
            chatted: vec![Vec::new(); peers.len()],
            chat_seen: vec![Vec::new(); peers.len()],
            chat_said: 0,
            peers,
            counter: 0,
            buffer: vec![0; LARGEST],
            out: Vec::with_capacity(512),
            report,
            unanswered: Vec::new(),
            inputs_sent: Vec::new(),
        }
    }

    /// By seat, whether it has not been heard from for [`QUIET`], or was dropped here (this
    /// machine's never).
    fn quiet_seats(&self) -> Vec<bool> {
        let now = Instant::now();
        let mut quiet: Vec<bool> = self.heard.iter().map(|&at| now - at >= QUIET).collect();
        quiet.insert(self.seat.min(quiet.len()), false);
        if let Ok(gone) = self.report.gone.lock() {
            for &seat in gone.iter() {
                if let Some(q) = quiet.get_mut(seat) {
                    *q = true;
                }
            }
        }
        quiet
    }

    /// The seat of the peer at `index` of the peers (this machine's seat is left out of them).
    fn seat_of(&self, index: usize) -> usize {
        if index < self.seat { index } else { index + 1 }
    }

    /// The message in datagram `bytes` from `from`, if it is one of this game's, with its
    /// kind.
    fn read(&mut self, from: SocketAddr, bytes: &[u8]) -> Option<(Message, Option<u32>)> {
        let Some(peer) = self.peers.iter().position(|&p| p == from) else {
            self.report.strangers.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        let report = Arc::clone(&self.report);
        let count = |counter: &AtomicU64| {
            counter.fetch_add(1, Ordering::Relaxed);
            None
        };
        let sender = self.seat_of(peer);
        let Some(signed_len) = bytes.len().checked_sub(TAG).filter(|&n| n >= 4) else {
            return count(&report.dropped);
        };
        let (signed, tag) = bytes.split_at(signed_len);
        let is_terms = signed[..4] == TERMS_MAGIC;
        let is_said_left = signed[..4] == SAID_LEFT_MAGIC && signed.len() == 13;
        let is_chat = signed[..4] == CHAT_MAGIC && signed.len() >= 16;
        let known = is_terms || is_said_left || is_chat;
        if !known && (signed.len() < HEADER || signed[..4] != MAGIC) {
            return count(&report.dropped);
        }
        if !self.key.verifies(sender, self.seat, signed, tag) {
            return count(&report.forged);
        }
        if is_chat {
            if !self.take_counter(peer, &signed[4..12]) {
                return None;
            }
            let number = u32::from_le_bytes(signed[12..16].try_into().unwrap_or_default());
            self.read_chat(peer, number, &signed[16..]);
            return None;
        }
        if is_said_left {
            if !self.take_counter(peer, &signed[4..12]) {
                return None;
            }
            if self.plays_on_without(sender) {
                // (It is told instead that it was dropped: it may have stopped telling
                // anything else to the seats it dropped.)
                self.tell_if_gone(peer);
                return None;
            }
            // (Said again and again, and each time in `SAID_LEFT_SENT` datagrams: told once.)
            let said_left = (usize::from(signed[12]), self.seat);
            if let Ok(mut said) = self.report.said_left.lock() {
                if !said.contains(&said_left) {
                    said.push(said_left);
                }
            }
            return None;
        }
        if is_terms {
            // (Not ggrs' but understood: not counted as dropped.)
            self.read_terms(from, &signed[4..]);
            return None;
        }
        let mark = u64::from_le_bytes(signed[4..12].try_into().unwrap_or_default());
        if mark != self.fingerprint {
            if let Ok(mut others) = self.report.other_games.lock() {
                let (waiting, told) = &mut *others;
                if !waiting.contains(&from) && !told.contains(&from) {
                    waiting.push(from);
                }
            }
            self.send_terms(from);
            return count(&report.dropped);
        }
        if !self.take_counter(peer, &signed[12..HEADER]) {
            return None;
        }
        self.heard[peer] = Instant::now();
        self.tell_if_gone(peer);
        let body = &signed[HEADER..];
        let current = self.report.frame.load(Ordering::Relaxed);
        let quiet = self.quiet_seats();
        let instead = match self.checks[peer].check(body, quiet.len(), (current, &quiet)) {
            Err(Refusal::Malformed(_)) => return count(&report.dropped),
            Ok(checked) => {
                if let Ok(mut said) = self.report.not_believed.lock() {
                    let about_others =
                        (checked.not_believed.iter()).filter(|&&s| s != sender && s != self.seat);
                    said.extend(about_others.map(|&s| (sender, s)));
                }
                let about_others: Vec<usize> = checked
                    .says_left
                    .into_iter()
                    .filter(|&s| s != sender && s != self.seat)
                    .collect();
                if let Ok(mut said) = self.report.said_left.lock() {
                    said.extend(about_others.iter().map(|&s| (sender, s)));
                }
                // The rollback library believes it (the seats must agree on whose inputs
                // count): the seat said to have left is told, so that it does not play on
                // alone, its game apart from everyone's.
                for seat in about_others {
                    self.tell_said_left(sender, seat);
                }
                checked.instead
            }
        };
        // ggrs' own encoding (bincode's fixed-width integers), with a limit on what a length
        // in the datagram may ask for.
        let body = instead.as_deref().unwrap_or(body);
        let decoded = bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .allow_trailing_bytes()
            .with_limit(LARGEST as u64)
            .deserialize(body);
        match decoded {
            Ok(message) => Some((message, message_kind(body))),
            Err(_) => count(&report.dropped),
        }
    }

    /// Whether the counter in `bytes` (eight, little-endian) is new from the peer at `index`:
    /// taken if so, else the datagram is counted as sent again.
    fn take_counter(&mut self, index: usize, bytes: &[u8]) -> bool {
        let counter = u64::from_le_bytes(bytes.try_into().unwrap_or_default());
        let fresh = self.windows[index].take(counter);
        if !fresh {
            self.report.replayed.fetch_add(1, Ordering::Relaxed);
        }
        fresh
    }

    /// Sends `datagram` (all of it but its code) to `to` with its code: the datagram sent.
    fn send_signed(&mut self, mut datagram: Vec<u8>, to: SocketAddr) -> Vec<u8> {
        let receiver = self
            .peers
            .iter()
            .position(|&p| p == to)
            .map_or(usize::MAX, |i| self.seat_of(i));
        let tag = self.key.tag(self.seat, receiver, &datagram);
        datagram.extend_from_slice(&tag);
        self.send(&datagram, to);
        datagram
    }

    /// Sends `datagram` to `to` as it is, counting it in the report if it cannot be sent.
    fn send(&mut self, datagram: &[u8], to: SocketAddr) {
        if self
            .socket
            .borrow_mut()
            .send_datagram(datagram, to)
            .is_err()
        {
            self.report.send_failures.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Sends `message` to `to` with this game's header, a new counter and its code.
    fn send_message(&mut self, message: &Message, to: SocketAddr) {
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        out.extend_from_slice(&self.counter.to_le_bytes());
        self.counter += 1;
        if bincode::serialize_into(&mut out, message).is_err() {
            self.report.send_failures.fetch_add(1, Ordering::Relaxed);
            self.out = out;
            return;
        }
        self.out = self.send_signed(out, to);
    }

    /// Line `number` of chat from the peer at `index`: made printable, its second copy
    /// dropped, and at most [`CHAT_LINES`] in [`CHAT_WINDOW`] taken.
    fn read_chat(&mut self, index: usize, number: u32, bytes: &[u8]) {
        use crate::net::text::{CHAT_CHARS, printable};
        let line = printable(&String::from_utf8_lossy(bytes), CHAT_CHARS);
        let seen = &mut self.chat_seen[index];
        if line.is_empty() || seen.contains(&number) {
            return;
        }
        let now = Instant::now();
        let lately = &mut self.chatted[index];
        lately.retain(|&at| now - at < CHAT_WINDOW);
        if lately.len() >= CHAT_LINES {
            self.report.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        lately.push(now);
        seen.push(number);
        if seen.len() > 4 * CHAT_LINES {
            seen.remove(0);
        }
        let seat = self.seat_of(index);
        self.tell_spectators(seat, &line);
        if let Ok(mut heard) = self.report.chat_in.lock() {
            heard.push((seat, line));
        }
    }

    /// Hands a line of chat seat `seat` said to the spectators, where this seat offers
    /// watching ([`super::watch`]).
    fn tell_spectators(&self, seat: usize, line: &str) {
        if let Ok(mut watch) = self.report.watch.lock() {
            if let Some(broadcast) = watch.as_mut() {
                broadcast.chat(seat, line);
            }
        }
    }

    /// Sends the lines of chat waiting to every peer.
    fn send_chat(&mut self) {
        let lines = match self.report.chat_out.lock() {
            Ok(mut out) => std::mem::take(&mut *out),
            Err(_) => return,
        };
        for line in lines {
            self.tell_spectators(self.seat, &line);
            self.chat_said = self.chat_said.wrapping_add(1);
            for to in self.peers.clone() {
                for _ in 0..CHAT_SENT {
                    let mut datagram = CHAT_MAGIC.to_vec();
                    datagram.extend_from_slice(&self.counter.to_le_bytes());
                    datagram.extend_from_slice(&self.chat_said.to_le_bytes());
                    datagram.extend_from_slice(line.as_bytes());
                    self.counter += 1;
                    self.send_signed(datagram, to);
                }
            }
        }
    }

    /// Answers a spectator's ask ([`super::watch`]), where this seat offers watching:
    /// whether `bytes` was one.
    fn answered_spectator(&mut self, from: SocketAddr, bytes: &[u8]) -> bool {
        let answer = match self.report.watch.lock() {
            Ok(mut watch) => watch.as_mut().and_then(|b| b.answer(from, bytes)),
            Err(_) => None,
        };
        let Some(datagrams) = answer else {
            return false;
        };
        for (datagram, to) in datagrams {
            self.send(&datagram, to);
        }
        true
    }

    /// Whether this machine dropped `seat` and plays on with another: then `seat`'s word that
    /// this one left is not believed. (Back from a long stop, a dropped seat drops everyone it
    /// has not heard from, and says so, before it hears that it was dropped itself: the seats
    /// that still hear each other play on, and it, hearing no one, stops.)
    fn plays_on_without(&self, seat: usize) -> bool {
        let seats = self.peers.len() + 1;
        self.report.gone.lock().is_ok_and(|gone| {
            gone.contains(&seat) && (0..seats).any(|s| s != self.seat && !gone.contains(&s))
        })
    }

    /// Tells the peer at `index`, if the rollback session dropped it here and it still
    /// speaks, that this seat said it had left ([`GONE_RETOLD`]).
    fn tell_if_gone(&mut self, index: usize) {
        let seat = self.seat_of(index);
        let dropped = self
            .report
            .gone
            .lock()
            .is_ok_and(|gone| gone.contains(&seat));
        let now = Instant::now();
        let lately = self.told_gone[index].is_some_and(|at| now - at < GONE_RETOLD);
        if dropped && !lately {
            self.told_gone[index] = Some(now);
            self.tell_said_left(self.seat, seat);
        }
    }

    /// Tells `seat` that seat `by` said it had left.
    fn tell_said_left(&mut self, by: usize, seat: usize) {
        let index = if seat < self.seat { seat } else { seat - 1 };
        let Some(&to) = self.peers.get(index) else {
            return;
        };
        for _ in 0..SAID_LEFT_SENT {
            let mut datagram = SAID_LEFT_MAGIC.to_vec();
            datagram.extend_from_slice(&self.counter.to_le_bytes());
            datagram.push(u8::try_from(by).unwrap_or(u8::MAX));
            self.counter += 1;
            self.send_signed(datagram, to);
        }
    }

    /// Sends this game's terms to `peer`, whose datagrams carry another fingerprint (at most
    /// every [`TERMS_RESEND`]: each of its datagrams would otherwise be answered).
    fn send_terms(&mut self, peer: SocketAddr) {
        let now = Instant::now();
        let last = self.terms_sent.iter_mut().find(|(to, _)| *to == peer);
        match last {
            Some((_, at)) if now - *at < TERMS_RESEND => return,
            Some((_, at)) => *at = now,
            None => self.terms_sent.push((peer, now)),
        }
        let mut datagram = TERMS_MAGIC.to_vec();
        datagram.extend(self.terms.to_bytes());
        self.send_signed(datagram, peer);
    }

    /// A peer's terms, `bytes`: what differs from this game's, to be told of once. The peer
    /// is sent this game's terms in turn, so that it can say what differs too (this machine
    /// may stop before any other datagram of its reaches the peer).
    fn read_terms(&mut self, from: SocketAddr, bytes: &[u8]) {
        let Some(theirs) = GameTerms::from_bytes(bytes) else {
            return;
        };
        let differences = self.terms.differences(&theirs);
        if differences.is_empty() {
            return;
        }
        self.send_terms(from);
        if let Ok(mut mismatches) = self.report.mismatches.lock() {
            let (waiting, told) = &mut *mismatches;
            if !told.contains(&from) && !waiting.iter().any(|(at, _)| *at == from) {
                waiting.push((from, differences));
            }
        }
    }
}

impl NonBlockingSocket<SocketAddr> for GameSocket {
    fn send_to(&mut self, msg: &Message, addr: &SocketAddr) {
        self.send_message(msg, *addr);
        let kind = self.out.get(HEADER..).and_then(message_kind);
        let waiting = match kind {
            Some(SYNC_REQUEST) => &mut self.unanswered,
            Some(INPUT) => &mut self.inputs_sent,
            _ => return,
        };
        waiting.retain(|(to, ..)| to != addr);
        waiting.push((*addr, msg.clone(), Instant::now()));
    }

    fn receive_all_messages(&mut self) -> Vec<(SocketAddr, Message)> {
        self.send_chat();
        let mut messages = Vec::new();
        for _ in 0..MAX_DATAGRAMS_PER_POLL {
            let mut buffer = std::mem::take(&mut self.buffer);
            let received = self.socket.borrow_mut().receive_datagram(&mut buffer);
            match received {
                Ok((n, from)) if self.answered_spectator(from, &buffer[..n]) => {}
                Ok((n, from)) => {
                    if let Some((message, kind)) = self.read(from, &buffer[..n]) {
                        // (Only the answer to the request waiting: a late answer to an
                        // earlier one, sent twice, once took the next request off the list,
                        // and a machine whose next request was lost waited 25 s to start.)
                        if kind == Some(SYNC_REPLY) {
                            let number = sync_number(&message);
                            self.unanswered.retain(|(to, request, _)| {
                                *to != from || sync_number(request) != number
                            });
                        }
                        messages.push((from, message));
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    self.buffer = buffer;
                    break;
                }
                // (An earlier send's refusal, reported late on some systems: nothing to read.)
                Err(_) => {}
            }
            self.buffer = buffer;
        }
        let now = Instant::now();
        let gone: Vec<SocketAddr> = match self.report.gone.lock() {
            Ok(gone) => (0..self.peers.len())
                .filter(|&i| gone.contains(&self.seat_of(i)))
                .map(|i| self.peers[i])
                .collect(),
            Err(_) => Vec::new(),
        };
        self.inputs_sent.retain(|(to, ..)| !gone.contains(to));
        let mut due = Vec::new();
        for (waiting, after) in [
            (&mut self.unanswered, SYNC_RESEND),
            (&mut self.inputs_sent, INPUT_RESEND),
        ] {
            for (to, message, sent) in waiting.iter_mut() {
                if now - *sent >= after {
                    *sent = now;
                    due.push((*to, message.clone()));
                }
            }
        }
        // (Each time with a counter of its own: the same one again would be dropped as sent
        // again.)
        for (to, message) in due {
            self.send_message(&message, to);
        }
        messages
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::udp_carrier;

    /// A `ggrs` message of `kind` carrying `number` (a request to get in step, or its reply),
    /// in `ggrs`' encoding: its header's mark, the kind, the number.
    fn sync_message(kind: u32, number: u32) -> Message {
        let mut bytes = 7u16.to_le_bytes().to_vec();
        bytes.extend_from_slice(&kind.to_le_bytes());
        bytes.extend_from_slice(&number.to_le_bytes());
        bincode::deserialize(&bytes).unwrap()
    }

    /// `n` sockets of one game on loopback, seats 0 to `n - 1`, each the others' peer, and
    /// their addresses.
    fn seats(n: usize) -> (Vec<GameSocket>, Vec<SocketAddr>) {
        let carriers: Vec<Carrier> = (0..n)
            .map(|_| udp_carrier("127.0.0.1:0".parse().unwrap()).unwrap())
            .collect();
        let addresses: Vec<SocketAddr> = carriers
            .iter()
            .map(|c| c.borrow_mut().local_addr().unwrap())
            .collect();
        let terms = GameTerms::from_bytes(b"rules=4\n").unwrap();
        let key = GameKey::from_code("493017");
        let sockets = carriers
            .into_iter()
            .enumerate()
            .map(|(seat, carrier)| {
                let peers = (addresses.iter().enumerate())
                    .filter(|&(s, _)| s != seat)
                    .map(|(_, &a)| a)
                    .collect();
                let report = Arc::new(SocketReport::default());
                GameSocket::new(carrier, (terms.clone(), key.clone()), seat, peers, report)
            })
            .collect();
        (sockets, addresses)
    }

    /// Two sockets of one game on loopback, seats 0 and 1, each the other's peer.
    fn pair() -> (GameSocket, GameSocket, SocketAddr, SocketAddr) {
        let (mut sockets, at) = seats(2);
        let b = sockets.pop().unwrap();
        let a = sockets.pop().unwrap();
        (a, b, at[0], at[1])
    }

    /// Reads what `socket` is sent, for a moment.
    fn heard(socket: &mut GameSocket) -> Vec<Message> {
        std::thread::sleep(Duration::from_millis(20));
        socket
            .receive_all_messages()
            .into_iter()
            .map(|(_, m)| m)
            .collect()
    }

    #[test]
    fn a_late_answer_to_an_earlier_request_does_not_stop_the_next_being_asked_again() {
        let (mut a, mut b, a_at, b_at) = pair();
        // Seat 0 asks twice (its first answered meanwhile, say); the second is lost.
        a.send_to(&sync_message(SYNC_REQUEST, 1), &b_at);
        a.send_to(&sync_message(SYNC_REQUEST, 2), &b_at);
        assert_eq!(heard(&mut b).len(), 2);
        // A second answer to the first comes late.
        b.send_to(&sync_message(SYNC_REPLY, 1), &a_at);
        assert_eq!(heard(&mut a), [sync_message(SYNC_REPLY, 1)]);
        // The second request is asked again (it once was not: any answer took it off).
        std::thread::sleep(SYNC_RESEND);
        assert!(heard(&mut a).is_empty());
        assert_eq!(heard(&mut b), [sync_message(SYNC_REQUEST, 2)]);
        // Its own answer ends that.
        b.send_to(&sync_message(SYNC_REPLY, 2), &a_at);
        assert_eq!(heard(&mut a).len(), 1);
        std::thread::sleep(SYNC_RESEND);
        assert!(heard(&mut a).is_empty());
        assert!(heard(&mut b).is_empty(), "answered: not asked again");
    }

    /// An input message of a game of two carrying no inputs, from `start`, in `ggrs`'
    /// encoding: its header's mark, the kind, both seats' statuses (in step, no frame yet),
    /// no leaving, the frames, no bytes.
    fn input_message(start: i32) -> Message {
        let mut bytes = 7u16.to_le_bytes().to_vec();
        bytes.extend_from_slice(&INPUT.to_le_bytes());
        bytes.extend_from_slice(&2u64.to_le_bytes());
        for _ in 0..2 {
            bytes.push(0);
            bytes.extend_from_slice(&(-1i32).to_le_bytes());
        }
        bytes.push(0);
        bytes.extend_from_slice(&start.to_le_bytes());
        bytes.extend_from_slice(&(-1i32).to_le_bytes());
        bytes.extend_from_slice(&0u64.to_le_bytes());
        bincode::deserialize(&bytes).unwrap()
    }

    #[test]
    fn the_last_inputs_are_sent_again_while_no_newer_go_and_nothing_else_is() {
        let (mut a, mut b, _, b_at) = pair();
        a.send_to(&sync_message(SYNC_REPLY, 9), &b_at);
        a.send_to(&input_message(0), &b_at);
        assert_eq!(heard(&mut b).len(), 2);
        // Held back (no newer inputs): the last are sent again, each time anew (the same
        // datagram again would be dropped as sent again).
        for _ in 0..2 {
            std::thread::sleep(INPUT_RESEND);
            assert!(heard(&mut a).is_empty());
            assert_eq!(heard(&mut b), [input_message(0)]);
        }
        assert_eq!(b.report.replayed.load(Ordering::Relaxed), 0);
        // Newer inputs go: those are the ones sent again.
        a.send_to(&input_message(1), &b_at);
        assert_eq!(heard(&mut b), [input_message(1)]);
        std::thread::sleep(INPUT_RESEND);
        assert!(heard(&mut a).is_empty());
        assert_eq!(heard(&mut b), [input_message(1)]);
    }

    /// Back from a long stop, seat 2 of three has dropped the two others and says so before
    /// it hears that they dropped it: seat 0, which dropped seat 2 and plays on with seat 1,
    /// does not believe it (it once stopped its game there) but tells seat 2 it was dropped,
    /// which seat 2, hearing no one, believes.
    #[test]
    fn a_dropped_seat_saying_the_others_left_is_told_it_was_dropped() {
        let (mut sockets, _) = seats(3);
        sockets[0].report.gone.lock().unwrap().push(2);
        sockets[2].report.gone.lock().unwrap().extend([0, 1]);
        sockets[2].tell_said_left(2, 0);
        assert!(heard(&mut sockets[0]).is_empty());
        assert!(sockets[0].report.said_left.lock().unwrap().is_empty());
        assert!(heard(&mut sockets[2]).is_empty());
        assert_eq!(*sockets[2].report.said_left.lock().unwrap(), [(0, 2)]);
        // Seat 1, which dropped seat 2 and plays with seat 0, believes seat 0's word, not
        // seat 2's.
        sockets[1].report.gone.lock().unwrap().push(2);
        sockets[2].tell_said_left(2, 1);
        sockets[0].tell_said_left(0, 1);
        assert!(heard(&mut sockets[1]).is_empty());
        assert_eq!(*sockets[1].report.said_left.lock().unwrap(), [(0, 1)]);
    }
}
