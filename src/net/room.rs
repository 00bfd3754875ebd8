//! Meeting in a room of a signalling server, and playing over WebRTC data channels: how the
//! page plays with others (browsers cannot send UDP). Each player opens the same room
//! (`ws://HOST:PORT/ROOM?next=N`) of `tilecaster serve-signalling` or any
//! matchbox server; when N are there, their data channels open (matchbox does the WebRTC
//! handshake), each takes the seat its id gives in the sorted order of the room's ids, and
//! the game's datagrams go over the channels ([`Room::carrier`]) as they go over UDP
//! natively: the same rollback session, the same fingerprint check, the same header.
//!
//! Everyone in a room plays the game its address names (level, mode, seed); a player whose
//! game differs is named ([`crate::net::NetEvent::OtherGame`]), as natively. A machine
//! waiting in a room asks the server now and then what the room holds ([`Occupancy`]), so
//! that one that came to a room whose game is under way is told so.
//!
//! A room without `?next=` holds a lobby instead ([`Room::lobby_carrier`]): the host's and
//! the joiners' lobby messages go over its channels as they go over UDP natively
//! ([`crate::net::lobby::Host::over`], [`crate::net::lobby::Joiner::over`]), and the
//! game after them. Every player is known by an address made of its id ([`peer_address`]),
//! the same on every machine, so that the host's plan names everyone for everyone.

use std::collections::VecDeque;
use std::io::{Error, ErrorKind};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use matchbox_socket::{PeerId, PeerState, WebRtcSocket};

use super::{Carrier, Datagrams};

/// The channel the game's datagrams use (matchbox's unreliable one, as UDP).
const CHANNEL: usize = 0;

/// The address a room's player is known by to the rollback session and the lobby (which
/// name peers by address): a unique local IPv6 address made of its id, the same on every
/// machine of the room, so that where a host says a player sits, everyone finds it.
pub fn peer_address(peer: PeerId) -> SocketAddr {
    let mut bytes = *peer.0.as_bytes();
    bytes[0] = 0xfd;
    SocketAddr::from((std::net::Ipv6Addr::from(bytes), 1))
}

/// Where a room stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomState {
    /// Waiting for players: `here` of `wanted` (this machine counted once it has its id).
    Waiting {
        /// Players whose data channel is open, this machine's counted.
        here: usize,
        /// Players the game is for.
        wanted: usize,
        /// Players of the room already in a game (its groups that filled before this
        /// machine came), as the signalling server says ([`Occupancy`]; 0 where it does not
        /// say): the room is full, and this machine waits for others to play a new game.
        playing: usize,
    },
    /// Everyone is here: this machine's seat (in the sorted order of the players' ids), and
    /// the others' addresses in seat order (this machine's left out), as
    /// [`crate::net::NetSeats`] takes them.
    Full {
        /// The seat played here.
        seat: usize,
        /// The other seats' addresses ([`peer_address`]).
        peers: Vec<SocketAddr>,
    },
    /// The room cannot be met: the signalling server unreachable or gone, or a player left
    /// before the game began.
    Failed(String),
}

/// What a room holds, as `tilecaster serve-signalling` answers a plain request for the
/// room's address (other matchbox servers do not: then nothing is known).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
pub struct Occupancy {
    /// Clients in the room's groups that filled (their games under way).
    pub playing: usize,
    /// Clients in its group still filling.
    pub waiting: usize,
}

/// How often a machine waiting in a room asks what the room holds.
const ASK_EVERY: std::time::Duration = std::time::Duration::from_secs(4);

/// The last answer to what a room holds: none before the first; `Some(None)` where the
/// server gave none that reads (it is not asked again).
type Answer = Arc<Mutex<Option<Option<Occupancy>>>>;

/// What the socket's message loop ended with, when it has.
type Ended = Arc<Mutex<Option<String>>>;

/// What `ended` says, if the loop has ended.
fn ended_with(ended: &Ended) -> Option<String> {
    ended.lock().map_or(None, |e| e.clone())
}

/// This machine in a room (see the [module](self)).
pub struct Room {
    socket: Option<WebRtcSocket>,
    url: String,
    wanted: usize,
    /// The peers whose channels are open.
    peers: Vec<PeerId>,
    /// Whether a player left before the game began.
    left: bool,
    ended: Ended,
    /// What the server last said the room holds, and when it was last asked.
    occupancy: Answer,
    asked: Option<web_time::Instant>,
}

impl Room {
    /// Opens the room at `url` (`ws://HOST:PORT/ROOM?next=N`) for a game of `wanted`
    /// players: connects to the signalling server in the background (on the page's event
    /// loop; natively on a thread).
    pub fn join(url: &str, wanted: usize) -> Room {
        let (socket, ended) = connect(url);
        Room {
            socket: Some(socket),
            url: url.to_string(),
            wanted,
            peers: Vec::new(),
            left: false,
            ended,
            occupancy: Answer::default(),
            asked: None,
        }
    }

    /// The room's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Where the room stands now (call once a frame: it also takes the news of peers).
    pub fn poll(&mut self) -> RoomState {
        let Some(socket) = &mut self.socket else {
            return RoomState::Failed("the room was left".into());
        };
        if let Some(why) = ended_with(&self.ended) {
            return RoomState::Failed(why);
        }
        for (peer, state) in socket.try_update_peers().unwrap_or_default() {
            match state {
                PeerState::Connected => {
                    if !self.peers.contains(&peer) {
                        self.peers.push(peer);
                    }
                }
                PeerState::Disconnected => {
                    self.peers.retain(|p| *p != peer);
                    self.left = true;
                }
            }
        }
        if self.left {
            return RoomState::Failed("a player left the room before the game began".into());
        }
        let Some(me) = socket.id() else {
            // (Not asked before the server is reached: a page's console would show the
            // refused request.)
            return RoomState::Waiting {
                here: 0,
                wanted: self.wanted,
                playing: 0,
            };
        };
        if self.peers.len() + 1 < self.wanted {
            return self.waiting(self.peers.len() + 1);
        }
        let mut everyone = self.peers.clone();
        everyone.push(me);
        everyone.sort();
        let seat = everyone.iter().position(|p| *p == me).unwrap_or(0);
        let peers = everyone
            .into_iter()
            .filter(|p| *p != me)
            .map(peer_address)
            .collect();
        RoomState::Full { seat, peers }
    }

    /// Waiting with `here` players: what the room holds asked of its server now and then.
    fn waiting(&mut self, here: usize) -> RoomState {
        let told = self.occupancy.lock().map_or(None, |o| *o);
        let answers = told != Some(None);
        if answers && self.asked.is_none_or(|at| at.elapsed() >= ASK_EVERY) {
            self.asked = Some(web_time::Instant::now());
            if let Some(url) = plain_url(&self.url) {
                ask(url, self.occupancy.clone());
            }
        }
        RoomState::Waiting {
            here,
            wanted: self.wanted,
            playing: told.flatten().map_or(0, |o| o.playing),
        }
    }

    /// The game's datagram carrier over the room's data channels, once the room is
    /// [full](RoomState::Full) (the room is spent then).
    pub fn carrier(&mut self) -> Option<Carrier> {
        let socket = self.socket.take()?;
        Some(ChannelCarrier::carrier(socket, self.ended.clone()))
    }

    /// A carrier over the data channels of the room at `url` (no `?next=`: everyone who comes
    /// is met) at once, for a lobby in the room: its peers are whoever is connected when it is
    /// asked ([`Datagrams::known_peers`]); a signalling server that cannot be reached is told
    /// as a [`ErrorKind::NotConnected`] error with why.
    pub fn lobby_carrier(url: &str) -> Carrier {
        let (socket, ended) = connect(url);
        ChannelCarrier::carrier(socket, ended)
    }
}

/// A socket connecting to the room at `url` (its message loop running beside the game), and
/// where the loop's end will be told.
fn connect(url: &str) -> (WebRtcSocket, Ended) {
    let (socket, message_loop) = WebRtcSocket::new_unreliable(url);
    let ended: Ended = Arc::default();
    let done = ended.clone();
    let url_said = url.to_string();
    spawn(async move {
        let why = match message_loop.await {
            Ok(()) => "the signalling server closed the room".to_string(),
            Err(e) => format!("cannot reach the signalling server at {url_said}: {e}"),
        };
        if let Ok(mut ended) = done.lock() {
            *ended = Some(why);
        }
    });
    (socket, ended)
}

/// The game's datagrams over a room's unreliable data channel, each player known by its
/// [`peer_address`].
struct ChannelCarrier {
    socket: WebRtcSocket,
    /// Packets received and not yet read, with their senders' addresses.
    waiting: VecDeque<(SocketAddr, Box<[u8]>)>,
    ended: Ended,
}

impl ChannelCarrier {
    /// The carrier over `socket`'s channel, whose message loop's end `ended` tells.
    fn carrier(socket: WebRtcSocket, ended: Ended) -> Carrier {
        std::rc::Rc::new(std::cell::RefCell::new(Box::new(ChannelCarrier {
            socket,
            waiting: VecDeque::new(),
            ended,
        })))
    }

    /// The connected player known by `addr`.
    fn peer(&self, addr: SocketAddr) -> Option<PeerId> {
        self.socket
            .connected_peers()
            .find(|p| peer_address(*p) == addr)
    }
}

impl Datagrams for ChannelCarrier {
    fn send_datagram(&mut self, bytes: &[u8], to: SocketAddr) -> std::io::Result<()> {
        let peer = self
            .peer(to)
            .ok_or_else(|| Error::new(ErrorKind::NotFound, "no such player in the room"))?;
        let channel = self
            .socket
            .get_channel_mut(CHANNEL)
            .map_err(|e| Error::other(e.to_string()))?;
        channel
            .try_send(bytes.into(), peer)
            .map_err(|e| Error::new(ErrorKind::BrokenPipe, e.to_string()))
    }

    fn receive_datagram(&mut self, buffer: &mut [u8]) -> std::io::Result<(usize, SocketAddr)> {
        if self.waiting.is_empty() {
            // (Players leaving are the rollback session's to notice, by their silence.)
            let _ = self.socket.try_update_peers();
            if let Ok(channel) = self.socket.get_channel_mut(CHANNEL) {
                for (peer, packet) in channel.receive() {
                    self.waiting.push_back((peer_address(peer), packet));
                }
            }
        }
        match self.waiting.pop_front() {
            Some((from, packet)) => {
                // A packet longer than the buffer is cut short (and then dropped as one).
                let n = packet.len().min(buffer.len());
                buffer[..n].copy_from_slice(&packet[..n]);
                Ok((n, from))
            }
            None => match ended_with(&self.ended) {
                Some(why) => Err(Error::new(ErrorKind::NotConnected, why)),
                None => Err(ErrorKind::WouldBlock.into()),
            },
        }
    }

    fn local_addr(&mut self) -> Option<SocketAddr> {
        self.socket.id().map(peer_address)
    }

    fn known_peers(&mut self) -> Vec<SocketAddr> {
        let _ = self.socket.try_update_peers();
        self.socket.connected_peers().map(peer_address).collect()
    }
}

/// The address a plain request for the room at `url` goes to: `http://` for `ws://`,
/// `https://` for `wss://`.
fn plain_url(url: &str) -> Option<String> {
    if let Some(rest) = url.strip_prefix("ws://") {
        Some(format!("http://{rest}"))
    } else {
        url.strip_prefix("wss://")
            .map(|rest| format!("https://{rest}"))
    }
}

/// Asks the server at `url` (a room's address over HTTP) what the room holds, in the
/// background; its answer goes `into`: in the page, with `fetch`.
#[cfg(target_arch = "wasm32")]
fn ask(url: String, into: Answer) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let body = async move {
        let window = web_sys::window()?;
        let response = JsFuture::from(window.fetch_with_str(&url)).await.ok()?;
        let response = response.dyn_into::<web_sys::Response>().ok()?;
        let text = response.text().ok().filter(|_| response.ok())?;
        JsFuture::from(text).await.ok()?.as_string()
    };
    spawn(async move { tell(body.await.as_deref(), &into) });
}

/// Asks the server at `url` (a room's address over HTTP) what the room holds, in the
/// background; its answer goes `into`: natively, on a thread (plain HTTP only: a `https://`
/// server is not asked).
#[cfg(not(target_arch = "wasm32"))]
fn ask(url: String, into: Answer) {
    use std::io::{Read, Write};
    use std::net::{TcpStream, ToSocketAddrs};
    let body = move || -> Option<String> {
        let rest = url.strip_prefix("http://")?;
        let patience = std::time::Duration::from_secs(3);
        let (host, target) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let target = if target.is_empty() { "/" } else { target };
        let with_port = if host.contains(':') {
            host.to_string()
        } else {
            format!("{host}:80")
        };
        let addr = with_port.to_socket_addrs().ok()?.next()?;
        let mut stream = TcpStream::connect_timeout(&addr, patience).ok()?;
        stream.set_read_timeout(Some(patience)).ok()?;
        let request = format!("GET {target} HTTP/1.0\r\nHost: {host}\r\n\r\n");
        stream.write_all(request.as_bytes()).ok()?;
        let mut answer = String::new();
        stream.take(4096).read_to_string(&mut answer).ok()?;
        let (head, body) = answer.split_once("\r\n\r\n")?;
        (head.split(' ').nth(1) == Some("200")).then(|| body.to_string())
    };
    std::thread::spawn(move || tell(body().as_deref(), &into));
}

/// Keeps the server's answer (`text`, none where it gave none): what the room holds, or
/// that the server does not say.
fn tell(text: Option<&str>, into: &Answer) {
    let told = text.and_then(|t| serde_json::from_str::<Occupancy>(t).ok());
    if let Ok(mut into) = into.lock() {
        *into = Some(told);
    }
}

/// Runs the socket's message loop beside the game: in the page, on its event loop.
#[cfg(target_arch = "wasm32")]
fn spawn(task: impl std::future::Future<Output = ()> + 'static) {
    wasm_bindgen_futures::spawn_local(task);
}

/// Runs the socket's message loop beside the game: natively, on a thread of its own.
#[cfg(not(target_arch = "wasm32"))]
fn spawn(task: impl std::future::Future<Output = ()> + Send + 'static) {
    std::thread::spawn(move || pollster::block_on(task));
}
