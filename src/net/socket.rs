//! The game's datagrams on a carrier: `ggrs`' messages headed by this game's mark and
//! fingerprint, read with a size limit; whatever is not this game's is dropped and counted.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use web_time::Instant;

use bincode::Options as _;
use ggrs::{Message, NonBlockingSocket};

use super::{Carrier, GameTerms};

/// The first bytes of every datagram this game sends.
const MAGIC: [u8; 4] = *b"TCnp";
/// The first bytes of a datagram that holds a game's terms, sent to a peer whose datagrams
/// carry another fingerprint, so that it can say what differs.
const TERMS_MAGIC: [u8; 4] = *b"TCgt";
/// How often a peer of another game is sent this game's terms, at most.
const TERMS_RESEND: Duration = Duration::from_millis(250);
/// The header: [`MAGIC`] and the fingerprint.
const HEADER: usize = 12;
/// The largest datagram read (ggrs' messages are far smaller).
pub(super) const LARGEST: usize = 4096;
/// The most datagrams read in one poll; the rest wait for the next.
pub const MAX_DATAGRAMS_PER_POLL: usize = 256;

/// What the socket dropped, for the network line and for tests.
#[derive(Debug, Default)]
pub struct SocketReport {
    /// Datagrams from addresses that are not peers.
    pub strangers: AtomicU64,
    /// Datagrams from peers cut short, of another game, or not a message.
    pub dropped: AtomicU64,
    /// Datagrams that could not be sent.
    pub send_failures: AtomicU64,
    /// Peers whose datagrams carried another fingerprint, not yet told of, and those told of
    /// (each is told of once).
    pub(super) other_games: Mutex<(Vec<SocketAddr>, Vec<SocketAddr>)>,
    /// Peers that said their game's terms, and what differs, not yet told of; and those told
    /// of (each is told of once).
    pub(super) mismatches: Mutex<MismatchesSeen>,
}

/// Peers of another game with what differs, waiting to be told of; and those told of.
pub(super) type MismatchesSeen = (Vec<(SocketAddr, Vec<String>)>, Vec<SocketAddr>);

/// `ggrs`' message kinds as its encoding numbers them (the order of its `MessageBody` in
/// ggrs 0.11): after the two bytes of its header, a little-endian `u32`.
const SYNC_REQUEST: u32 = 0;
const SYNC_REPLY: u32 = 1;
/// How long a request to get in step waits for its answer before the socket sends it again.
const SYNC_RESEND: Duration = Duration::from_millis(300);

/// The kind of the `ggrs` message encoded in `bytes` (after this game's header).
fn message_kind(bytes: &[u8]) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(2..6)?.try_into().ok()?))
}

/// A datagram carrier that speaks `ggrs`' messages with this game's header, dropping whatever
/// is not for it.
pub(super) struct GameSocket {
    socket: Carrier,
    fingerprint: u64,
    terms: GameTerms,
    /// When each peer of another game was last sent this game's terms.
    terms_sent: Vec<(SocketAddr, Instant)>,
    peers: Vec<SocketAddr>,
    buffer: Vec<u8>,
    out: Vec<u8>,
    report: Arc<SocketReport>,
    /// Each peer's last request to get in step not yet answered, and when it went. `ggrs`
    /// asks again only after 200 ms in which it sent nothing; a machine whose first requests
    /// were lost (the other not yet listening) and which answers the other's reports every
    /// 200 ms would never ask again, and never start: the socket asks again for it.
    unanswered: Vec<(SocketAddr, Vec<u8>, Instant)>,
}

impl GameSocket {
    /// A socket for the game of `terms` with `peers`, on `carrier`, counting what it drops in
    /// `report`.
    pub(super) fn new(
        carrier: Carrier,
        terms: GameTerms,
        peers: Vec<SocketAddr>,
        report: Arc<SocketReport>,
    ) -> GameSocket {
        GameSocket {
            socket: carrier,
            fingerprint: terms.fingerprint(),
            terms,
            terms_sent: Vec::new(),
            peers,
            buffer: vec![0; LARGEST],
            out: Vec::with_capacity(512),
            report,
            unanswered: Vec::new(),
        }
    }

    /// The message in datagram `bytes` from `from`, if it is one of this game's.
    fn read(&mut self, from: SocketAddr, bytes: &[u8]) -> Option<Message> {
        if !self.peers.contains(&from) {
            self.report.strangers.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        let report = Arc::clone(&self.report);
        let dropped = || {
            report.dropped.fetch_add(1, Ordering::Relaxed);
            None
        };
        if bytes.len() >= 4 && bytes[..4] == TERMS_MAGIC {
            // (Not ggrs' but understood: not counted as dropped.)
            self.read_terms(from, &bytes[4..]);
            return None;
        }
        if bytes.len() < HEADER || bytes[..4] != MAGIC {
            return dropped();
        }
        let mark = u64::from_le_bytes(bytes[4..HEADER].try_into().unwrap_or_default());
        if mark != self.fingerprint {
            if let Ok(mut others) = self.report.other_games.lock() {
                let (waiting, told) = &mut *others;
                if !waiting.contains(&from) && !told.contains(&from) {
                    waiting.push(from);
                }
            }
            self.send_terms(from);
            return dropped();
        }
        // ggrs' own encoding (bincode's fixed-width integers), with a limit on what a length
        // in the datagram may ask for.
        let decoded = bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .allow_trailing_bytes()
            .with_limit(LARGEST as u64)
            .deserialize(&bytes[HEADER..]);
        decoded.ok().or_else(dropped)
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
        if self
            .socket
            .borrow_mut()
            .send_datagram(&datagram, peer)
            .is_err()
        {
            self.report.send_failures.fetch_add(1, Ordering::Relaxed);
        }
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
        self.out.clear();
        self.out.extend_from_slice(&MAGIC);
        self.out.extend_from_slice(&self.fingerprint.to_le_bytes());
        let sent = bincode::serialize_into(&mut self.out, msg)
            .ok()
            .and_then(|()| {
                self.socket
                    .borrow_mut()
                    .send_datagram(&self.out, *addr)
                    .ok()
            });
        if sent.is_none() {
            self.report.send_failures.fetch_add(1, Ordering::Relaxed);
        }
        if message_kind(&self.out[HEADER..]) == Some(SYNC_REQUEST) {
            self.unanswered.retain(|(to, ..)| to != addr);
            self.unanswered
                .push((*addr, self.out.clone(), Instant::now()));
        }
    }

    fn receive_all_messages(&mut self) -> Vec<(SocketAddr, Message)> {
        let mut messages = Vec::new();
        for _ in 0..MAX_DATAGRAMS_PER_POLL {
            let mut buffer = std::mem::take(&mut self.buffer);
            let received = self.socket.borrow_mut().receive_datagram(&mut buffer);
            match received {
                Ok((n, from)) => {
                    if let Some(message) = self.read(from, &buffer[..n]) {
                        if message_kind(&buffer[HEADER..n]) == Some(SYNC_REPLY) {
                            self.unanswered.retain(|(to, ..)| *to != from);
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
        for (to, bytes, sent) in &mut self.unanswered {
            if now - *sent >= SYNC_RESEND {
                *sent = now;
                if self.socket.borrow_mut().send_datagram(bytes, *to).is_err() {
                    self.report.send_failures.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        messages
    }
}
