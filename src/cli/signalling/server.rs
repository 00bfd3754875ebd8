//! A signalling server for network play in the page: the meeting place where browsers (and
//! native players over WebRTC) find each other before their data channels open. It speaks
//! matchbox's protocol (`matchbox_server`'s, JSON over a WebSocket), so the page works with
//! this server or any matchbox server, and this server with any matchbox client.
//!
//! A client connects to `ws://HOST:PORT/ROOM` (or `/ROOM?next=N`) and is told its id
//! (`{"IdAssigned":"<uuid>"}`); the peers already in the room are told of it
//! (`{"NewPeer":"<uuid>"}`) and start the WebRTC handshake with it, their offers, answers and
//! ICE candidates passed on unread (`{"Signal":{"receiver":…,"data":…}}` in,
//! `{"Signal":{"sender":…,"data":…}}` out); when it leaves, they are told
//! (`{"PeerLeft":"<uuid>"}`). With `?next=N` the room is filled N at a time: each N clients
//! meet each other and the next to come start a new group.
//!
//! Two threads per client, blocking I/O: one reads its messages (waking only when one comes,
//! or when it has been idle [`IDLE`]), one writes what the room says to it (`writer`), so
//! that an idle client costs no CPU. Messages are limited in size and what does not read as
//! a request is dropped and counted, never a panic. Games do not travel through here: once
//! the data channels open, the peers talk directly.
//!
//! Bounded for strangers: a handshake has [`HANDSHAKE_DEADLINE`] in all (a byte at a time
//! does not keep it open), a client [`IDLE`] without a word is let go, one whose messages
//! pile up unread ([`OUTBOX`] of them, or [`LARGEST_UNSENT`] bytes not taken by its
//! connection within [`WRITE_TIMEOUT`](super::writer::WRITE_TIMEOUT)) is let go, and one machine holds at most
//! [`MOST_PER_ADDRESS`] connections.
//!
//! A plain HTTP `GET` of a room's address (no WebSocket upgrade) is answered with what the
//! room holds: how many of its clients play in groups that filled, how many wait
//! ([`status`]).
//!
//! ```ignore
//! use server::SignallingServer;
//! let server = SignallingServer::bind("127.0.0.1:3536".parse().unwrap()).unwrap();
//! println!("ws://{}/", server.local_addr().unwrap());
//! server.serve(); // runs until the process ends
//! ```

use std::collections::HashMap;
use std::io::ErrorKind;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

mod status;

use super::deadline::Deadline;
use tungstenite::Message;
use tungstenite::handshake::server::{Request, Response};
use tungstenite::protocol::WebSocketConfig;

/// The largest message a client may send (an SDP offer with its candidates is a few KiB).
pub const LARGEST_MESSAGE: usize = 64 * 1024;
/// The most clients connected at once; more are turned away.
pub const MOST_CLIENTS: usize = 4096;
/// The most connections from one machine (its IP address) at once.
pub const MOST_PER_ADDRESS: usize = 16;
/// The most messages waiting for a client to take them; past it, the client is let go.
pub const OUTBOX: usize = 256;
/// The most bytes written to a client's connection and not yet taken by it.
pub const LARGEST_UNSENT: usize = 4 * LARGEST_MESSAGE;
/// How long a client may say nothing (matchbox's clients keep alive every 10 s).
pub const IDLE: Duration = Duration::from_secs(60);
/// The longest room name (the path after the first `/`); longer ones are turned away.
pub const LONGEST_ROOM: usize = 128;
/// How long the WebSocket handshake may take, all of it.
pub const HANDSHAKE_DEADLINE: Duration = Duration::from_secs(5);

/// What a client asks of the server (matchbox's `PeerRequest`, data left as JSON).
#[derive(Debug, Deserialize)]
enum PeerRequest {
    Signal {
        receiver: String,
        data: serde_json::Value,
    },
    KeepAlive,
}

/// What the server tells a client (matchbox's `PeerEvent`).
#[derive(Debug, Serialize)]
enum PeerEvent<'a> {
    IdAssigned(&'a str),
    NewPeer(&'a str),
    PeerLeft(&'a str),
    Signal {
        sender: &'a str,
        data: serde_json::Value,
    },
}

impl PeerEvent<'_> {
    fn text(&self) -> String {
        // (Strings and JSON values always serialize.)
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A room asked for: its name and, with `?next=N`, the size of its groups.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct RoomRequest {
    name: String,
    next: Option<usize>,
}

impl RoomRequest {
    /// The room a request's path and query ask for (`/ROOM?next=N`), if it is one.
    fn from_uri(path: &str, query: Option<&str>) -> Option<RoomRequest> {
        let name = path.strip_prefix('/').unwrap_or(path);
        if name.len() > LONGEST_ROOM {
            return None;
        }
        let next = query
            .into_iter()
            .flat_map(|q| q.split('&'))
            .find_map(|pair| pair.strip_prefix("next="))
            .map(|n| n.parse::<usize>().ok().filter(|&n| (2..=64).contains(&n)))
            .map_or(Some(None), |n| n.map(Some))?;
        Some(RoomRequest {
            name: name.to_string(),
            next,
        })
    }
}

/// A connected client.
struct Client {
    room: RoomRequest,
    outbox: Outbox,
}

/// Where the room's messages to a client go: its writer's queue, the flag set when it
/// overflows, and the connection, shut down then (which wakes its reader, to let it go).
struct Outbox {
    queue: SyncSender<String>,
    stalled: Arc<AtomicBool>,
    connection: Arc<TcpStream>,
}

/// Who is where.
#[derive(Default)]
struct Rooms {
    clients: HashMap<String, Client>,
    /// Each room's clients (with `next`, its group still filling).
    open: HashMap<RoomRequest, Vec<String>>,
    /// The groups of `next` rooms that filled, as they are now.
    groups: Vec<Vec<String>>,
}

impl Rooms {
    /// Seats `id` in `room`; the clients told of it.
    fn join(&mut self, id: &str, room: RoomRequest, outbox: Outbox) {
        let members = self.open.entry(room.clone()).or_default();
        let earlier = members.clone();
        match room.next {
            Some(n) if earlier.len() + 1 == n => {
                let mut group = std::mem::take(members);
                group.push(id.to_string());
                self.groups.push(group);
            }
            _ => members.push(id.to_string()),
        }
        self.clients.insert(id.to_string(), Client { room, outbox });
        let news = PeerEvent::NewPeer(id).text();
        for other in &earlier {
            self.send(other, news.clone());
        }
    }

    /// Takes `id` out; those who knew it are told.
    fn leave(&mut self, id: &str) {
        let Some(client) = self.clients.remove(id) else {
            return;
        };
        let mut told = Vec::new();
        if let Some(group) = self.groups.iter_mut().find(|g| g.iter().any(|p| p == id)) {
            group.retain(|p| p != id);
            told.clone_from(group);
        } else if let Some(members) = self.open.get_mut(&client.room) {
            members.retain(|p| p != id);
            told.clone_from(members);
        }
        self.groups.retain(|g| !g.is_empty());
        self.open.retain(|_, members| !members.is_empty());
        let news = PeerEvent::PeerLeft(id).text();
        for other in &told {
            self.send(other, news.clone());
        }
    }

    fn send(&self, to: &str, text: String) {
        if let Some(client) = self.clients.get(to) {
            // A client that does not take its messages is let go (by its thread); one whose
            // thread ended is on its way out.
            let outbox = &client.outbox;
            if let Err(TrySendError::Full(_)) = outbox.queue.try_send(text) {
                outbox.stalled.store(true, Ordering::Relaxed);
                let _ = outbox.connection.shutdown(std::net::Shutdown::Both);
            }
        }
    }
}

/// What the server has seen, for its log and for tests.
#[derive(Debug, Default)]
pub struct SignallingReport {
    /// Clients that connected (completed the handshake).
    pub connected: AtomicU64,
    /// Connections turned away (no WebSocket handshake in time, a room name too long, too many
    /// clients, too many from one machine).
    pub refused: AtomicU64,
    /// Clients let go: idle too long, or not taking their messages.
    pub let_go: AtomicU64,
    /// Messages dropped: not text, not a request, too large, or to nobody.
    pub dropped: AtomicU64,
    /// Signals passed on.
    pub signals: AtomicU64,
    /// Plain requests answered with what a room holds ([`status`]).
    pub asked: AtomicU64,
}

/// A matchbox-compatible signalling server (see the [module](self)).
pub struct SignallingServer {
    listener: TcpListener,
    rooms: Arc<Mutex<Rooms>>,
    report: Arc<SignallingReport>,
    clients: Arc<AtomicUsize>,
    /// Connections from each machine.
    per_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    /// Says what happens (joins, leaves, refusals) on standard error.
    pub verbose: bool,
}

fn lock<T>(shared: &Mutex<T>) -> MutexGuard<'_, T> {
    // (A client thread never panics holding a lock; if one did, what it holds is still whole.)
    shared
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl SignallingServer {
    /// Listens on `addr` (port 0: any free port; [`SignallingServer::local_addr`] says which).
    pub fn bind(addr: SocketAddr) -> std::io::Result<SignallingServer> {
        Ok(SignallingServer {
            listener: TcpListener::bind(addr)?,
            rooms: Arc::default(),
            report: Arc::default(),
            clients: Arc::default(),
            per_address: Arc::default(),
            verbose: false,
        })
    }

    /// Where it listens.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// What it has seen so far (shared: it goes on counting while the server runs).
    #[cfg(test)]
    pub fn report(&self) -> Arc<SignallingReport> {
        self.report.clone()
    }

    /// Serves clients until the process ends, each on a thread of its own.
    pub fn serve(self) {
        for stream in self.listener.incoming() {
            let Ok(stream) = stream else { continue };
            let Ok(from) = stream.peer_addr().map(|a| a.ip()) else {
                continue;
            };
            let room = {
                let mut per_address = lock(&self.per_address);
                let here = per_address.entry(from).or_default();
                let room =
                    self.clients.load(Ordering::Relaxed) < MOST_CLIENTS && *here < MOST_PER_ADDRESS;
                if room {
                    *here += 1;
                    self.clients.fetch_add(1, Ordering::Relaxed);
                }
                room
            };
            if !room {
                self.report.refused.fetch_add(1, Ordering::Relaxed);
                continue; // (dropped: the connection closes)
            }
            let connection = Connection {
                rooms: self.rooms.clone(),
                report: self.report.clone(),
                verbose: self.verbose,
            };
            let (clients, per_address) = (self.clients.clone(), self.per_address.clone());
            let gone = move || {
                clients.fetch_sub(1, Ordering::Relaxed);
                let mut per_address = lock(&per_address);
                if let Some(n) = per_address.get_mut(&from) {
                    *n -= 1;
                    if *n == 0 {
                        per_address.remove(&from);
                    }
                }
            };
            // (Run once: by the client's thread as it ends, or here if it never started.)
            let ends = Arc::new(Mutex::new(Some(gone)));
            let end = ends.clone();
            let spawned = std::thread::Builder::new()
                .name("signalling client".into())
                // (Small: a client's thread holds a few buffers; a thousand of them fit.)
                .stack_size(256 * 1024)
                .spawn(move || {
                    connection.run(stream);
                    if let Some(gone) = lock(&end).take() {
                        gone();
                    }
                });
            if spawned.is_err() {
                if let Some(gone) = lock(&ends).take() {
                    gone();
                }
                self.report.refused.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// One client's connection, on its own thread.
struct Connection {
    rooms: Arc<Mutex<Rooms>>,
    report: Arc<SignallingReport>,
    verbose: bool,
}

impl Connection {
    fn run(self, stream: TcpStream) {
        let from = stream.peer_addr().ok();
        let refused = || {
            self.report.refused.fetch_add(1, Ordering::Relaxed);
        };
        let started = Instant::now();
        // (Each read or write waits a second at most, so that a deadline is kept to within
        // one.)
        let timeouts = stream
            .set_read_timeout(Some(Duration::from_secs(1)))
            .and_then(|()| stream.set_write_timeout(Some(Duration::from_secs(1))));
        if timeouts.is_err() {
            return refused();
        }
        // A plain request asks what a room holds (the WebSocket handshake is left unread).
        if let Some((path, query)) = status::plain_get(&stream, started + HANDSHAKE_DEADLINE) {
            let room = RoomRequest::from_uri(&path, query.as_deref());
            let occupancy = room.map(|room| lock(&self.rooms).occupancy(&room));
            self.report.asked.fetch_add(1, Ordering::Relaxed);
            return status::answer(&stream, occupancy);
        }
        let stream = Deadline {
            stream: Arc::new(stream),
            deadline: Some(started + HANDSHAKE_DEADLINE),
            stalled: None,
        };
        let mut room = None;
        let config = WebSocketConfig::default()
            .max_message_size(Some(LARGEST_MESSAGE))
            .max_frame_size(Some(LARGEST_MESSAGE))
            .read_buffer_size(4096)
            .write_buffer_size(0)
            .max_write_buffer_size(LARGEST_UNSENT);
        // (tungstenite's callback signature: its error is the whole HTTP response.)
        #[allow(clippy::result_large_err)]
        let accepted = tungstenite::accept_hdr_with_config(
            stream,
            |request: &Request, response: Response| {
                room = RoomRequest::from_uri(request.uri().path(), request.uri().query());
                if room.is_some() {
                    Ok(response)
                } else {
                    let mut refusal =
                        tungstenite::handshake::server::ErrorResponse::new(Some(format!(
                            "a room is named in at most {LONGEST_ROOM} bytes, with ?next=2 to 64"
                        )));
                    *refusal.status_mut() = tungstenite::http::StatusCode::BAD_REQUEST;
                    Err(refusal)
                }
            },
            Some(config),
        );
        // (A failed handshake holds the callback, and with it `room`: let it go first.)
        let Ok(mut socket) = accepted.map_err(drop) else {
            return refused();
        };
        let Some(room) = room else {
            return refused();
        };
        socket.get_mut().deadline = None;
        // Reads wait for the client's next message, as long as it may be idle.
        if socket
            .get_ref()
            .stream
            .set_read_timeout(Some(IDLE))
            .is_err()
        {
            return refused();
        }
        let (connection, writing) = (
            socket.get_ref().stream.clone(),
            socket.get_ref().stream.clone(),
        );
        self.report.connected.fetch_add(1, Ordering::Relaxed);
        let id = new_peer_id();
        let (queue, inbox): (SyncSender<String>, Receiver<String>) = sync_channel(OUTBOX);
        let stalled = Arc::new(AtomicBool::new(false));
        socket.get_mut().stalled = Some(stalled.clone());
        if self.verbose {
            let at = from.map_or_else(String::new, |a| format!(" from {a}"));
            eprintln!("{id} joins room '{}'{at}", room.name);
        }
        // In the room before it is told its id: a client told its id is one the next
        // newcomer is announced to (the threads of two clients that come one after the other
        // would otherwise join in either order). What the room says meanwhile waits in its
        // queue, written after the id by its writer, started then.
        let outbox = Outbox {
            queue,
            stalled: stalled.clone(),
            connection,
        };
        lock(&self.rooms).join(&id, room, outbox);
        let told = socket.send(Message::text(PeerEvent::IdAssigned(&id).text()));
        let writer = told
            .ok()
            .and_then(|()| super::writer::spawn(writing, inbox, stalled.clone()).ok());
        let Some(writer) = writer else {
            lock(&self.rooms).leave(&id);
            self.report.let_go.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut heard = Instant::now();
        loop {
            let read = socket.read();
            if read.is_ok() {
                heard = Instant::now();
            }
            match read {
                Ok(Message::Text(text)) => self.request(&id, text.as_str()),
                Ok(Message::Close(_)) => break,
                Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)) => {}
                Ok(Message::Binary(_)) => {
                    self.report.dropped.fetch_add(1, Ordering::Relaxed);
                }
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), ErrorKind::Interrupted)
                        || (matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)
                            && heard.elapsed() < IDLE) => {}
                Err(tungstenite::Error::Capacity(_)) => {
                    // Too large: the connection cannot go on after it.
                    self.report.dropped.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                Err(_) => {
                    // Idle too long, or let go (its messages piled up, or its writer could
                    // not write: either shut the connection down), or gone.
                    if stalled.load(Ordering::Relaxed) || heard.elapsed() >= IDLE {
                        self.report.let_go.fetch_add(1, Ordering::Relaxed);
                    }
                    break;
                }
            }
            if stalled.load(Ordering::Relaxed) {
                self.report.let_go.fetch_add(1, Ordering::Relaxed);
                break;
            }
        }
        // Out of the room (its writer's queue closes), the connection shut (a write under way
        // ends), and the writer done before the client counts as gone.
        lock(&self.rooms).leave(&id);
        let _ = socket.get_ref().stream.shutdown(std::net::Shutdown::Both);
        let _ = writer.join();
        if self.verbose {
            eprintln!("{id} left");
        }
    }

    /// Does what client `id` asked in `text`.
    fn request(&self, id: &str, text: &str) {
        match serde_json::from_str::<PeerRequest>(text) {
            Ok(PeerRequest::Signal { receiver, data }) => {
                let rooms = lock(&self.rooms);
                if receiver != id && rooms.clients.contains_key(&receiver) {
                    let signal = PeerEvent::Signal { sender: id, data }.text();
                    rooms.send(&receiver, signal);
                    self.report.signals.fetch_add(1, Ordering::Relaxed);
                } else {
                    self.report.dropped.fetch_add(1, Ordering::Relaxed);
                }
            }
            Ok(PeerRequest::KeepAlive) => {}
            Err(_) => {
                self.report.dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// A new client's id: a random (version 4) UUID, as matchbox's clients expect.
fn new_peer_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let mut bytes = [0u8; 16];
    for (half, chunk) in bytes.chunks_mut(8).enumerate() {
        // std's hasher keys are random per process; the count and the clock make each draw
        // differ.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(COUNT.fetch_add(1, Ordering::Relaxed));
        h.write_usize(half);
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        chunk.copy_from_slice(&h.finish().to_le_bytes());
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

#[cfg(test)]
mod tests;
