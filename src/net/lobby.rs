//! Before a networked game: the lobby. One machine hosts (it chooses the level, the mode, the
//! difficulty and the seed); the others join it by its address with a player's name. The
//! host learns each joiner's address from its datagrams, so that nobody types the others'
//! addresses; the joiners learn the host's choice, check the rules version and that they hold
//! the same level file before the game starts, and measure their round trip to the host, from
//! which the host sets the input delay ([`input_delay_for`]). When the host starts, every
//! machine is told its seat, the others' addresses, the players' names and colours ([`Plan`]),
//! and the game begins as `play --net` begins it ([`NetSeats`]), over the lobby's own socket
//! ([`Host::carrier`]).
//!
//! The messages go over UDP ([`Host::open`], [`Joiner::connect`]) or any other datagram
//! carrier ([`Host::over`], [`Joiner::over`]): a room's WebRTC data channels, where a joiner
//! does not know the host's address and says hello to every player in the room until one
//! answers as the host (`net::room`, with the `webrtc` feature).
//!
//! What travels is small messages (bincode, read with a size limit) headed by the lobby's own
//! mark, resent every [`RESEND`] until answered: a lost datagram costs a moment, never the
//! game. Datagrams that are not the lobby's, cut short, or garbage are dropped and counted.
//!
//! ```no_run
//! use tilecaster::net::lobby::{GameChoice, Host, Joiner, LobbyEvent};
//! # fn choice() -> GameChoice { unimplemented!() }
//! let mut host = Host::open("0.0.0.0:7300".parse().unwrap(), "ANNA", choice(), 4).unwrap();
//! let mut joiner =
//!     Joiner::connect("0.0.0.0:0".parse().unwrap(), "127.0.0.1:7300".parse().unwrap(), "BO")
//!         .unwrap();
//! let plan = loop {
//!     host.poll();
//!     if host.players().len() == 2 {
//!         host.start();
//!     }
//!     if let Some(LobbyEvent::Started(plan)) = joiner.poll().pop() {
//!         break plan;
//!     }
//!     std::thread::sleep(std::time::Duration::from_millis(5));
//! };
//! assert_eq!(plan.names, ["ANNA", "BO"]);
//! ```

use std::net::{SocketAddr, UdpSocket};
use std::path::PathBuf;
use std::time::Duration;

use web_time::Instant;

use bincode::Options as _;
use serde::{Deserialize, Serialize};

use super::{Carrier, NetSeats, udp_carrier};
use crate::game::{MatchRules, RULES_VERSION, TICK_HZ};
use crate::level::Difficulty;
use crate::level::SEAT_COLOURS;

/// The first bytes of every datagram of the lobby (the game's own are marked otherwise).
const MAGIC: [u8; 4] = *b"TClb";
/// The largest lobby datagram read or sent.
const LARGEST: usize = 2048;
/// How often an unanswered message is sent again.
pub const RESEND: Duration = Duration::from_millis(200);
/// A joiner not heard from for this long has left the lobby.
pub const SILENCE: Duration = Duration::from_secs(3);
/// The longest player's name, in characters (longer ones are cut).
pub const NAME_LIMIT: usize = 12;
/// The most input delay set from a round trip, in ticks (the prediction window does the rest).
pub const MOST_INPUT_DELAY: usize = 4;
/// The most datagrams read in one poll; the rest wait for the next.
const MAX_DATAGRAMS_PER_POLL: usize = 64;
/// How long the host goes on telling joiners the game starts before it starts anyway (a
/// joiner that never heard is left to the game's own synchronization, which waits for it).
const START_TELLING: Duration = Duration::from_secs(2);

/// What the host chose: the game every machine plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameChoice {
    /// The level file, as the host named it (`levels/e1m1.toml`: the bundled levels are found
    /// by that name everywhere).
    pub level: String,
    /// The level file's hash ([`crate::files::level_file_hash`]): a joiner's must be the same.
    pub level_hash: String,
    /// How hard.
    pub difficulty: Difficulty,
    /// The game's seed.
    pub seed: u64,
    /// A deathmatch's frag and time limits; `None`: co-op.
    pub deathmatch: Option<(u32, u64)>,
}

impl GameChoice {
    /// The choice of playing the level file `level` (named as the host names it).
    pub fn new(
        level: &std::path::Path,
        difficulty: Difficulty,
        seed: u64,
        deathmatch: Option<MatchRules>,
    ) -> Result<GameChoice, LobbyError> {
        let level_hash = crate::files::level_file_hash(level)
            .ok_or_else(|| LobbyError::Level(format!("cannot read {}", level.display())))?;
        Ok(GameChoice {
            level: level.to_string_lossy().into_owned(),
            level_hash,
            difficulty,
            seed,
            deathmatch: deathmatch.map(|r| (r.frag_limit, r.time_limit)),
        })
    }

    /// The deathmatch's rules, if it is one.
    pub fn rules(&self) -> Option<MatchRules> {
        self.deathmatch.map(|(frag_limit, time_limit)| MatchRules {
            frag_limit,
            time_limit,
        })
    }

    /// The most players the mode takes.
    pub fn most_seats(&self) -> usize {
        crate::game::most_seats(self.deathmatch.is_some())
    }

    /// This machine's copy of the level: the file as the host named it, or the file of that
    /// name among the bundled levels, whichever has the host's hash.
    pub fn local_level(&self) -> Result<PathBuf, LobbyError> {
        let named = PathBuf::from(&self.level);
        let bundled = named
            .file_name()
            .map(|name| crate::files::default_path("levels").join(name));
        let candidates = std::iter::once(named.clone()).chain(bundled);
        let mut found_other = false;
        for path in candidates {
            match crate::files::level_file_hash(&path) {
                Some(hash) if hash == self.level_hash => return Ok(path),
                Some(_) => found_other = true,
                None => {}
            }
        }
        Err(LobbyError::Level(if found_other {
            format!(
                "the host plays {} and this machine's copy of it differs (another version of the level or of the game)",
                self.level
            )
        } else {
            format!(
                "the host plays {}, which this machine does not have",
                self.level
            )
        }))
    }

    /// The mode in words, for the lobby's lines.
    pub fn describe(&self) -> String {
        let mode = match self.deathmatch {
            Some((frags, ticks)) => format!(
                "deathmatch ({frags} frags or {} min)",
                ticks / (60 * u64::from(TICK_HZ))
            ),
            None => "co-op".to_string(),
        };
        // The level by its file's name: where it lies differs between machines (and reads
        // `<built-in>/levels/...` in the page).
        let level = std::path::Path::new(&self.level)
            .file_name()
            .map_or_else(|| self.level.clone(), |n| n.to_string_lossy().into_owned());
        format!("{mode} on {level}, {:?}", self.difficulty).to_lowercase()
    }
}

/// The input delay, in ticks, for players whose longest round trip is `round_trip_ms`: half
/// the round trip (the time an input takes to arrive) in ticks, to the nearest, at least one and
/// at most [`MOST_INPUT_DELAY`]; rollback hides the rest.
///
/// ```
/// use tilecaster::net::lobby::input_delay_for;
/// assert_eq!(input_delay_for(1), 1); // the same room
/// assert_eq!(input_delay_for(100), 3); // 50 ms each way: three ticks of 16.7 ms
/// assert_eq!(input_delay_for(400), 4);
/// ```
pub fn input_delay_for(round_trip_ms: u32) -> usize {
    // Ticks = one way's milliseconds x ticks a second / 1000, to the nearest.
    let ticks = (u64::from(round_trip_ms) * u64::from(TICK_HZ) + 1000) / (2 * 1000);
    (ticks.min(MOST_INPUT_DELAY as u64) as usize).max(1)
}

/// The address others on the network would reach this machine's `port` at: the address of
/// the interface it would send from (asked of the system by aiming a socket at an address
/// reserved for documentation, which sends nothing), or `None` where it has none (no network).
pub fn address_for_others(port: u16) -> Option<SocketAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(SocketAddr::new(ip, port))
}

/// What the lobby says to its players.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyEvent {
    /// A player joined (the host hears of it; the joiners see it in the names).
    Joined {
        /// The player's name.
        name: String,
        /// Where the player's datagrams come from.
        addr: SocketAddr,
    },
    /// A player left, or was not heard from for [`SILENCE`].
    Left {
        /// The player's name.
        name: String,
        /// Why, where the player said.
        why: Option<String>,
    },
    /// The players (the host first) and the game chosen, as the host last told this joiner.
    Roster {
        /// The players' names, in seat order.
        names: Vec<String>,
        /// What will be played.
        choice: GameChoice,
    },
    /// A joiner turned away: another rules version, a full game, or a game under way.
    Refused {
        /// Why.
        why: String,
    },
    /// The game begins: every machine's seat, addresses and names.
    Started(Plan),
}

impl std::fmt::Display for LobbyEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LobbyEvent::Joined { name, addr } => write!(f, "{name} joined from {addr}"),
            LobbyEvent::Left { name, why: None } => write!(f, "{name} left"),
            LobbyEvent::Left {
                name,
                why: Some(why),
            } => write!(f, "{name} left: {why}"),
            LobbyEvent::Roster { names, choice } => {
                write!(f, "players: {} ({})", names.join(", "), choice.describe())
            }
            LobbyEvent::Refused { why } => write!(f, "refused: {why}"),
            LobbyEvent::Started(plan) => write!(
                f,
                "the game begins: {} as seat {} of {}, input delay {} tick{}",
                plan.names[plan.seats.seat],
                plan.seats.seat,
                plan.names.len(),
                plan.seats.input_delay,
                if plan.seats.input_delay == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Why the lobby could not open or go on.
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// The address to listen on could not be had.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The level could not be read, or this machine's differs from the host's.
    #[error("{0}")]
    Level(String),
}

/// What a game begins with on one machine: the choice, where everybody sits, and their names.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// What is played.
    pub choice: GameChoice,
    /// This machine's seat, the others' addresses, the seed, the input delay and the mode.
    pub seats: NetSeats,
    /// The players' names, in seat order.
    pub names: Vec<String>,
}

/// The lobby's messages.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Message {
    /// A joiner, to the host, until it is told the game starts: its rules, its name, when it
    /// sent this (its own clock, echoed for the round trip) and the round trip it measured.
    Hello {
        rules: u32,
        name: String,
        sent_ms: u64,
        round_trip_ms: Option<u32>,
    },
    /// The host, to a joiner, in answer: the names so far, their colours, the game, the
    /// echo.
    Roster {
        names: Vec<String>,
        colours: Vec<u8>,
        choice: GameChoice,
        echo_ms: u64,
    },
    /// The host, to a joiner it turns away.
    Refused { why: String },
    /// The host, to each joiner, until it answers: the game begins.
    Start {
        seat: u8,
        /// Every seat's address as the host sees it (`None`: the host's own).
        addresses: Vec<Option<SocketAddr>>,
        names: Vec<String>,
        colours: Vec<u8>,
        choice: GameChoice,
        input_delay: u8,
    },
    /// A joiner, to the host: told of the start.
    Ready,
    /// A joiner leaves (with why, where it knows).
    Leave { why: Option<String> },
    /// A joiner, to the host, beside each hello: the colour it would wear. (Apart from the
    /// hello, and last, so that a host of another version still reads the hello and says
    /// which versions differ.)
    Colour { colour: u8 },
}

/// The lobby's socket: its messages in and out, everything else dropped and counted.
struct LobbySocket {
    socket: Carrier,
    buffer: Vec<u8>,
    /// Datagrams dropped: not the lobby's, cut short, or not a message.
    dropped: u64,
    /// Why the carrier cannot go on, once it cannot (a room's signalling server gone).
    fault: Option<String>,
}

impl LobbySocket {
    fn bind(addr: SocketAddr) -> Result<LobbySocket, LobbyError> {
        let socket = udp_carrier(addr).map_err(|source| LobbyError::Bind { addr, source })?;
        Ok(LobbySocket::over(socket))
    }

    fn over(socket: Carrier) -> LobbySocket {
        LobbySocket {
            socket,
            buffer: vec![0; LARGEST],
            dropped: 0,
            fault: None,
        }
    }

    fn send(&self, message: &Message, to: SocketAddr) {
        let mut out = MAGIC.to_vec();
        if bincode::DefaultOptions::new()
            .with_limit(LARGEST as u64)
            .serialize_into(&mut out, message)
            .is_ok()
        {
            // A lost datagram is sent again; a refused one is as good as lost.
            let _ = self.socket.borrow_mut().send_datagram(&out, to);
        }
    }

    /// The messages waiting, with their senders.
    fn receive(&mut self) -> Vec<(SocketAddr, Message)> {
        let mut got = Vec::new();
        for _ in 0..MAX_DATAGRAMS_PER_POLL {
            let received = self.socket.borrow_mut().receive_datagram(&mut self.buffer);
            match received {
                Ok((n, from)) => {
                    let bytes = &self.buffer[..n];
                    let message = (bytes.len() > MAGIC.len() && bytes[..4] == MAGIC)
                        .then(|| {
                            bincode::DefaultOptions::new()
                                .with_limit(LARGEST as u64)
                                .deserialize::<Message>(&bytes[4..])
                                .ok()
                        })
                        .flatten();
                    match message {
                        Some(m) => got.push((from, m)),
                        None => self.dropped += 1,
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == std::io::ErrorKind::NotConnected => {
                    self.fault = Some(e.to_string());
                    break;
                }
                // (An earlier send's refusal, reported late on some systems.)
                Err(_) => {}
            }
        }
        got
    }

    fn local_addr(&self) -> Option<SocketAddr> {
        self.socket.borrow_mut().local_addr()
    }
}

/// A player's name as the lobby keeps it: upper case (the game's font), printable, at most
/// [`NAME_LIMIT`] characters, never empty.
pub fn clean_name(name: &str, or: &str) -> String {
    let printable: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let cleaned: String = printable.trim().chars().take(NAME_LIMIT).collect();
    let cleaned = cleaned.trim_end().to_string();
    if cleaned.is_empty() {
        or.to_string()
    } else {
        cleaned
    }
}

/// A joiner as the host knows it.
struct Guest {
    addr: SocketAddr,
    name: String,
    /// The colour it asked for.
    colour: Option<u8>,
    round_trip_ms: Option<u32>,
    heard: Instant,
    ready: bool,
}

/// The hosting machine's lobby: it takes joiners up to the mode's number of players, and
/// starts the game when asked ([`Host::start`]).
pub struct Host {
    socket: LobbySocket,
    name: String,
    /// The colour the host would wear.
    colour: u8,
    choice: GameChoice,
    most: usize,
    guests: Vec<Guest>,
    /// When the start was told, and the plans sent.
    starting: Option<(Instant, Vec<Message>)>,
    /// The last time each waiting joiner was told of the start.
    told: Instant,
    started: Option<Plan>,
}

impl Host {
    /// Opens a lobby on `bind` for the game `choice`, hosted by the player `name`, for at
    /// most `most` players (and at most the mode's).
    pub fn open(
        bind: SocketAddr,
        name: &str,
        choice: GameChoice,
        most: usize,
    ) -> Result<Host, LobbyError> {
        Ok(Host::over(
            LobbySocket::bind(bind)?.socket,
            name,
            choice,
            most,
        ))
    }

    /// Opens a lobby as [`Host::open`] does, its messages carried by `carrier` (a room's
    /// data channels): the joiners are the room's players who say hello.
    pub fn over(carrier: Carrier, name: &str, choice: GameChoice, most: usize) -> Host {
        let most = most.clamp(1, choice.most_seats());
        Host {
            socket: LobbySocket::over(carrier),
            name: clean_name(name, "HOST"),
            colour: 0,
            choice,
            most,
            guests: Vec::new(),
            starting: None,
            told: Instant::now(),
            started: None,
        }
    }

    /// What carries the lobby's messages: the game goes on over it.
    pub fn carrier(&self) -> Carrier {
        self.socket.socket.clone()
    }

    /// The host wears `colour` (an index of [`crate::level::SEAT_COLOURS`]; blue, the first,
    /// unless told).
    pub fn set_colour(&mut self, colour: usize) {
        self.colour = (colour % SEAT_COLOURS.len()) as u8;
    }

    /// Why the lobby's carrier cannot go on, once it cannot (a room's signalling server
    /// unreachable or gone).
    pub fn fault(&self) -> Option<&str> {
        self.socket.fault.as_deref()
    }

    /// The players' colours, the host first: each the one asked for (a joiner that asked for
    /// none, its seat's), or where an earlier player wears it, the next free one.
    pub fn colours(&self) -> Vec<u8> {
        let asked = std::iter::once(Some(self.colour)).chain(self.guests.iter().map(|g| g.colour));
        let count = SEAT_COLOURS.len();
        let mut worn: Vec<u8> = Vec::new();
        for (seat, asked) in asked.enumerate() {
            let first = usize::from(asked.unwrap_or((seat % count) as u8)) % count;
            let free = (0..count)
                .map(|k| ((first + k) % count) as u8)
                .find(|c| !worn.contains(c))
                .unwrap_or(first as u8);
            worn.push(free);
        }
        worn
    }

    /// The players so far, the host first.
    pub fn players(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.guests.iter().map(|g| g.name.as_str()))
            .collect()
    }

    /// The longest round trip a joiner measured to this machine, milliseconds.
    pub fn longest_round_trip_ms(&self) -> Option<u32> {
        self.guests.iter().filter_map(|g| g.round_trip_ms).max()
    }

    /// The address the lobby listens on.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.socket.local_addr()
    }

    /// Datagrams dropped so far (not the lobby's, or garbage).
    pub fn dropped(&self) -> u64 {
        self.socket.dropped
    }

    /// What the game is.
    pub fn choice(&self) -> &GameChoice {
        &self.choice
    }

    /// Answers the joiners; what happened since the last poll. Once the game has begun it
    /// says [`LobbyEvent::Started`] with this machine's plan (see [`Host::start`]).
    pub fn poll(&mut self) -> Vec<LobbyEvent> {
        let mut events = Vec::new();
        let now = Instant::now();
        // The hellos to answer with the roster, and their echoes.
        let mut answers = Vec::new();
        for (from, message) in self.socket.receive() {
            let known = self.guests.iter().position(|g| g.addr == from);
            match (message, known) {
                (Message::Hello { rules, .. }, _) if rules != RULES_VERSION => {
                    let why = format!(
                        "the host plays rules version {RULES_VERSION} and this machine {rules}: the same version of tilecaster is needed"
                    );
                    self.socket.send(&Message::Refused { why }, from);
                }
                (
                    Message::Hello {
                        name,
                        sent_ms,
                        round_trip_ms,
                        ..
                    },
                    known,
                ) => {
                    let index = match known {
                        Some(i) => i,
                        None if self.starting.is_some() => {
                            let why = "the game has begun without you".to_string();
                            self.socket.send(&Message::Refused { why }, from);
                            continue;
                        }
                        None if self.guests.len() + 1 >= self.most => {
                            let why = format!("the game is full ({} players)", self.most);
                            self.socket.send(&Message::Refused { why }, from);
                            continue;
                        }
                        None => {
                            let name = self.unique_name(&clean_name(&name, "PLAYER"));
                            events.push(LobbyEvent::Joined {
                                name: name.clone(),
                                addr: from,
                            });
                            self.guests.push(Guest {
                                addr: from,
                                name,
                                colour: None,
                                round_trip_ms: None,
                                heard: now,
                                ready: false,
                            });
                            self.guests.len() - 1
                        }
                    };
                    let guest = &mut self.guests[index];
                    guest.heard = now;
                    guest.round_trip_ms = round_trip_ms.or(guest.round_trip_ms);
                    if self.starting.is_none() {
                        answers.push((from, sent_ms));
                    }
                }
                (Message::Colour { colour }, Some(i)) => {
                    self.guests[i].colour = Some(colour);
                }
                (Message::Ready, Some(i)) => {
                    self.guests[i].ready = true;
                    self.guests[i].heard = now;
                }
                (Message::Leave { why }, Some(i)) if self.starting.is_none() => {
                    let guest = self.guests.remove(i);
                    events.push(LobbyEvent::Left {
                        name: guest.name,
                        why,
                    });
                }
                // Strangers' other messages, and the host's own kinds: not for a host.
                _ => {}
            }
        }
        // Answered once everything that came is read (a colour beside the hello is then
        // in the answer).
        for (to, echo_ms) in answers {
            let roster = Message::Roster {
                names: self.players().iter().map(|s| s.to_string()).collect(),
                colours: self.colours(),
                choice: self.choice.clone(),
                echo_ms,
            };
            self.socket.send(&roster, to);
        }
        if self.starting.is_none() {
            // The silent have left.
            let (gone, stay): (Vec<Guest>, Vec<Guest>) = std::mem::take(&mut self.guests)
                .into_iter()
                .partition(|g| now - g.heard > SILENCE);
            self.guests = stay;
            events.extend(gone.into_iter().map(|g| LobbyEvent::Left {
                name: g.name,
                why: Some(format!("not heard from for {} s", SILENCE.as_secs())),
            }));
        }
        if let Some((since, starts)) = &self.starting {
            let everyone = self.guests.iter().all(|g| g.ready);
            if self.started.is_none() && (everyone || now - *since > START_TELLING) {
                self.started = Some(self.own_plan());
                if let Some(plan) = &self.started {
                    events.push(LobbyEvent::Started(plan.clone()));
                }
            } else if self.started.is_none() && now - self.told >= RESEND {
                self.told = now;
                for (guest, start) in self.guests.iter().zip(starts) {
                    if !guest.ready {
                        self.socket.send(start, guest.addr);
                    }
                }
            }
        }
        events
    }

    /// `name`, or with a number after it where a player already has it.
    fn unique_name(&self, name: &str) -> String {
        let taken = |n: &str| self.players().contains(&n);
        if !taken(name) {
            return name.to_string();
        }
        (2..)
            .map(|k| {
                let tail = format!(" {k}");
                let keep = NAME_LIMIT.saturating_sub(tail.len());
                format!("{}{tail}", name.chars().take(keep).collect::<String>())
            })
            .find(|n| !taken(n))
            .unwrap_or_else(|| name.to_string())
    }

    /// The input delay for the game: from the longest round trip measured.
    fn input_delay(&self) -> usize {
        input_delay_for(self.longest_round_trip_ms().unwrap_or(0))
    }

    /// Every seat's address as this machine sees it (`None`: its own).
    fn addresses(&self) -> Vec<Option<SocketAddr>> {
        std::iter::once(None)
            .chain(self.guests.iter().map(|g| Some(g.addr)))
            .collect()
    }

    /// Starts the game with the players there now: each joiner is told its seat, the others'
    /// addresses and names until it answers (or for two seconds), then [`Host::poll`] says
    /// [`LobbyEvent::Started`]. A second call does nothing.
    pub fn start(&mut self) {
        if self.starting.is_some() {
            return;
        }
        let names: Vec<String> = self.players().iter().map(|s| s.to_string()).collect();
        let addresses = self.addresses();
        let input_delay = self.input_delay() as u8;
        let starts = (1..=self.guests.len())
            .map(|seat| Message::Start {
                seat: seat as u8,
                addresses: addresses.clone(),
                names: names.clone(),
                colours: self.colours(),
                choice: self.choice.clone(),
                input_delay,
            })
            .collect::<Vec<_>>();
        for (guest, start) in self.guests.iter().zip(&starts) {
            self.socket.send(start, guest.addr);
        }
        self.told = Instant::now();
        self.starting = Some((Instant::now(), starts));
    }

    /// This machine's plan (seat 0).
    fn own_plan(&self) -> Plan {
        let bind = self
            .socket
            .local_addr()
            .unwrap_or_else(|| SocketAddr::from(([0, 0, 0, 0], 0)));
        Plan {
            choice: self.choice.clone(),
            seats: NetSeats {
                bind,
                peers: self.guests.iter().map(|g| g.addr).collect(),
                seat: 0,
                seed: self.choice.seed,
                input_delay: self.input_delay(),
                deathmatch: self.choice.rules(),
                colours: self.colours().into_iter().map(usize::from).collect(),
            },
            names: self.players().iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// A joining machine's lobby: it says hello to the host until the game starts, measuring the
/// round trip as it goes.
pub struct Joiner {
    socket: LobbySocket,
    /// The host's address (in a room: the first player who answers).
    host: Option<SocketAddr>,
    name: String,
    /// The colour asked for (none: the seat's).
    colour: Option<u8>,
    /// The players' colours, as the host last told them.
    colours: Vec<u8>,
    opened: Instant,
    sent: Option<Instant>,
    heard: Option<Instant>,
    round_trip_ms: Option<u32>,
    roster: Option<(Vec<String>, GameChoice)>,
    done: bool,
}

impl Joiner {
    /// Joins the host at `host` as the player `name`, listening on `bind` (port 0: any).
    pub fn connect(bind: SocketAddr, host: SocketAddr, name: &str) -> Result<Joiner, LobbyError> {
        Ok(Joiner::over(
            LobbySocket::bind(bind)?.socket,
            Some(host),
            name,
        ))
    }

    /// Joins as [`Joiner::connect`] does, its messages carried by `carrier`; with no `host`,
    /// the host is whoever answers first among the carrier's own peers (a room's players:
    /// each is said hello to until one answers).
    pub fn over(carrier: Carrier, host: Option<SocketAddr>, name: &str) -> Joiner {
        Joiner {
            socket: LobbySocket::over(carrier),
            host,
            name: clean_name(name, "PLAYER"),
            colour: None,
            colours: Vec::new(),
            opened: Instant::now(),
            sent: None,
            heard: None,
            round_trip_ms: None,
            roster: None,
            done: false,
        }
    }

    /// What carries the lobby's messages: the game goes on over it.
    pub fn carrier(&self) -> Carrier {
        self.socket.socket.clone()
    }

    /// The joiner asks to wear `colour` (an index of [`crate::level::SEAT_COLOURS`]; the host
    /// gives the next free one where another player wears it; unless asked, the seat's).
    pub fn set_colour(&mut self, colour: usize) {
        self.colour = Some((colour % SEAT_COLOURS.len()) as u8);
    }

    /// The players' colours, as the host last told them (in the order of the roster's names).
    pub fn colours(&self) -> &[u8] {
        &self.colours
    }

    /// The host's address, once known.
    pub fn host(&self) -> Option<SocketAddr> {
        self.host
    }

    /// Why the lobby's carrier cannot go on, once it cannot (a room's signalling server
    /// unreachable or gone).
    pub fn fault(&self) -> Option<&str> {
        self.socket.fault.as_deref()
    }

    /// The round trip to the host, milliseconds (the latest measured).
    pub fn round_trip_ms(&self) -> Option<u32> {
        self.round_trip_ms
    }

    /// How long since the host was last heard (or since joining, if never).
    pub fn silence(&self) -> Duration {
        self.heard.unwrap_or(self.opened).elapsed()
    }

    /// Whether the host has answered at all.
    pub fn answered(&self) -> bool {
        self.heard.is_some()
    }

    /// The names and the game, as the host last told them.
    pub fn roster(&self) -> Option<&(Vec<String>, GameChoice)> {
        self.roster.as_ref()
    }

    /// Datagrams dropped so far (not the lobby's, or garbage).
    pub fn dropped(&self) -> u64 {
        self.socket.dropped
    }

    /// Leaves the lobby, telling the host why.
    pub fn leave(&mut self, why: Option<String>) {
        if !self.done {
            if let Some(host) = self.host {
                self.socket.send(&Message::Leave { why }, host);
            }
            self.done = true;
        }
    }

    /// Talks to the host; what happened since the last poll. [`LobbyEvent::Started`] (the
    /// plan, this machine's level checked) or [`LobbyEvent::Refused`] ends the lobby.
    pub fn poll(&mut self) -> Vec<LobbyEvent> {
        let mut events = Vec::new();
        if self.done {
            return events;
        }
        let now = Instant::now();
        let clock = |at: Instant| (at - self.opened).as_millis() as u64;
        for (from, message) in self.socket.receive() {
            let from_host = match (&message, self.host) {
                (_, Some(host)) => from == host,
                // In a room, the first player to answer as a host is the host.
                (
                    Message::Roster { .. } | Message::Refused { .. } | Message::Start { .. },
                    None,
                ) => {
                    self.host = Some(from);
                    true
                }
                _ => false,
            };
            if !from_host {
                continue; // only the host speaks to a joiner
            }
            self.heard = Some(now);
            match message {
                Message::Roster {
                    names,
                    colours,
                    choice,
                    echo_ms,
                } => {
                    self.colours = colours;
                    let trip = clock(now).saturating_sub(echo_ms);
                    self.round_trip_ms = Some(u32::try_from(trip).unwrap_or(u32::MAX));
                    let first = self.roster.is_none();
                    if first {
                        // This machine must have the host's level before anything else.
                        if let Err(e) = choice.local_level() {
                            let why = e.to_string();
                            self.leave(Some(format!("{why} (on {})", self.name)));
                            events.push(LobbyEvent::Refused { why });
                            return events;
                        }
                    }
                    if self.roster.as_ref() != Some(&(names.clone(), choice.clone())) {
                        events.push(LobbyEvent::Roster {
                            names: names.clone(),
                            choice: choice.clone(),
                        });
                        self.roster = Some((names, choice));
                    }
                }
                Message::Refused { why } => {
                    self.done = true;
                    events.push(LobbyEvent::Refused { why });
                    return events;
                }
                Message::Start {
                    seat,
                    addresses,
                    names,
                    colours,
                    choice,
                    input_delay,
                } => {
                    // Answered three times: a lost answer only keeps the host telling.
                    for _ in 0..3 {
                        self.socket.send(&Message::Ready, from);
                    }
                    match self.plan(seat, &addresses, (names, colours), choice, input_delay) {
                        Ok(plan) => events.push(LobbyEvent::Started(plan)),
                        Err(why) => events.push(LobbyEvent::Refused { why }),
                    }
                    self.done = true;
                    return events;
                }
                _ => {}
            }
        }
        if self.sent.is_none_or(|at| now - at >= RESEND) {
            self.sent = Some(now);
            let hello = Message::Hello {
                rules: RULES_VERSION,
                name: self.name.clone(),
                sent_ms: clock(now),
                round_trip_ms: self.round_trip_ms,
            };
            let to = match self.host {
                Some(host) => vec![host],
                None => self.socket.socket.borrow_mut().known_peers(),
            };
            for host in to {
                self.socket.send(&hello, host);
                if let Some(colour) = self.colour {
                    self.socket.send(&Message::Colour { colour }, host);
                }
            }
        }
        events
    }

    /// This machine's plan from the host's start: its seat, the others' addresses (the
    /// host's the one joined), checked.
    fn plan(
        &self,
        seat: u8,
        addresses: &[Option<SocketAddr>],
        (names, colours): (Vec<String>, Vec<u8>),
        choice: GameChoice,
        input_delay: u8,
    ) -> Result<Plan, String> {
        let seat = usize::from(seat);
        let count = addresses.len();
        if seat == 0 || seat >= count || names.len() != count || count > choice.most_seats() {
            return Err(format!(
                "the host's start makes no sense (seat {seat} of {count}, {} names)",
                names.len()
            ));
        }
        let peers = addresses
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .map(|(_, a)| a.or(self.host))
            .collect::<Option<Vec<SocketAddr>>>()
            .ok_or_else(|| "the host's start came from nowhere".to_string())?;
        let bind = self
            .socket
            .local_addr()
            .ok_or_else(|| "this machine's address is gone".to_string())?;
        Ok(Plan {
            seats: NetSeats {
                bind,
                peers,
                seat,
                seed: choice.seed,
                input_delay: usize::from(input_delay).min(MOST_INPUT_DELAY),
                deathmatch: choice.rules(),
                // (A colour past the palette's is worn as the seat's own.)
                colours: colours.into_iter().map(usize::from).collect(),
            },
            names: names.iter().map(|n| clean_name(n, "PLAYER")).collect(),
            choice,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice() -> GameChoice {
        let level = crate::files::default_path("levels/e1m1.toml");
        GameChoice::new(&level, Difficulty::Normal, 7, None).expect("the bundled level")
    }

    fn loopback() -> SocketAddr {
        "127.0.0.1:0".parse().unwrap()
    }

    /// Polls the host and the joiners until every one has begun (or ten seconds pass), the
    /// host starting once `players` are in.
    fn until_started(host: &mut Host, joiners: &mut [Joiner], players: usize) -> Vec<Plan> {
        let mut plans: Vec<Option<Plan>> = vec![None; joiners.len() + 1];
        let deadline = Instant::now() + Duration::from_secs(10);
        while plans.iter().any(Option::is_none) && Instant::now() < deadline {
            for event in host.poll() {
                if let LobbyEvent::Started(plan) = event {
                    plans[0] = Some(plan);
                }
            }
            if host.players().len() == players && host.longest_round_trip_ms().is_some() {
                host.start();
            }
            for (j, joiner) in joiners.iter_mut().enumerate() {
                for event in joiner.poll() {
                    if let LobbyEvent::Started(plan) = event {
                        plans[j + 1] = Some(plan);
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        plans
            .into_iter()
            .map(|p| p.expect("every machine began"))
            .collect()
    }

    #[test]
    fn joiners_learn_their_seats_the_others_addresses_and_the_names() {
        let mut host = Host::open(loopback(), "anna", choice(), 4).unwrap();
        let at = host.local_addr().unwrap();
        let mut joiners = vec![
            Joiner::connect(loopback(), at, "bo").unwrap(),
            Joiner::connect(loopback(), at, "bo").unwrap(),
        ];
        // The host wears orange; the first BO asks for orange too (and gets the next free
        // colour, white), the second asks for none (and wears its seat's, green).
        host.set_colour(6);
        joiners[0].set_colour(6);
        let addrs: Vec<SocketAddr> = joiners
            .iter()
            .map(|j| j.socket.local_addr().unwrap())
            .collect();
        let plans = until_started(&mut host, &mut joiners, 3);
        // The second BO is told apart; everyone has the same names in the same order.
        for plan in &plans {
            assert_eq!(plan.names, ["ANNA", "BO", "BO 2"]);
            assert_eq!(plan.choice, choice());
            assert_eq!(plan.seats.seed, 7);
            assert_eq!(plan.seats.deathmatch, None);
            // Loopback: a round trip of a millisecond or so, one tick of delay.
            assert_eq!(plan.seats.input_delay, 1);
            assert_eq!(plan.seats.colours, [6, 7, 2]);
        }
        let seats: Vec<usize> = plans.iter().map(|p| p.seats.seat).collect();
        assert_eq!(seats, [0, 1, 2]);
        assert_eq!(plans[0].seats.peers, addrs);
        assert_eq!(plans[1].seats.peers, [at, addrs[1]]);
        assert_eq!(plans[2].seats.peers, [at, addrs[0]]);
        assert_eq!(plans[1].seats.bind, addrs[0]);
    }

    #[test]
    fn another_rules_version_a_full_game_and_garbage_are_turned_away() {
        let mut host = Host::open(loopback(), "anna", choice(), 2).unwrap();
        let at = host.local_addr().unwrap();
        // Garbage and another game's datagrams: dropped, counted.
        let stranger = UdpSocket::bind(loopback()).unwrap();
        for bytes in [
            &b"garbage"[..],
            b"TCnp\x01\x02\x03\x04\x05\x06\x07\x08",
            b"TClb\xff\xff",
        ] {
            stranger.send_to(bytes, at).unwrap();
        }
        // Another rules version.
        let old = LobbySocket::bind(loopback()).unwrap();
        let hello = |rules| Message::Hello {
            rules,
            name: "OLD".into(),
            sent_ms: 0,
            round_trip_ms: None,
        };
        old.send(&hello(RULES_VERSION + 1), at);
        let mut joiner = Joiner::connect(loopback(), at, "bo").unwrap();
        let mut late = None;
        let mut refusal = None;
        let deadline = Instant::now() + Duration::from_secs(10);
        while refusal.is_none() && Instant::now() < deadline {
            host.poll();
            joiner.poll();
            if host.players().len() == 2 && late.is_none() {
                // The game takes two: a third is turned away.
                late = Some(Joiner::connect(loopback(), at, "cy").unwrap());
            }
            if let Some(late) = &mut late {
                for event in late.poll() {
                    if let LobbyEvent::Refused { why } = event {
                        refusal = Some(why);
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let refusal = refusal.expect("the third player was refused");
        assert!(refusal.contains("full"), "{refusal}");
        let mut old = old;
        let said = old
            .receive()
            .into_iter()
            .find_map(|(_, m)| match m {
                Message::Refused { why } => Some(why),
                _ => None,
            })
            .expect("the other version was refused");
        assert!(said.contains("rules version"), "{said}");
        assert_eq!(host.dropped(), 3);
        assert_eq!(host.players(), ["ANNA", "BO"]);
    }

    /// An in-memory room: every player's carrier, its datagrams put straight into the
    /// others' queues, each player knowing the others (as a room's data channels do).
    #[derive(Default)]
    struct Mesh {
        queues: std::collections::HashMap<
            SocketAddr,
            std::collections::VecDeque<(SocketAddr, Vec<u8>)>,
        >,
    }

    struct MeshCarrier {
        mesh: std::rc::Rc<std::cell::RefCell<Mesh>>,
        me: SocketAddr,
    }

    impl crate::net::Datagrams for MeshCarrier {
        fn send_datagram(&mut self, bytes: &[u8], to: SocketAddr) -> std::io::Result<()> {
            let mut mesh = self.mesh.borrow_mut();
            let queue = mesh
                .queues
                .get_mut(&to)
                .ok_or(std::io::ErrorKind::NotFound)?;
            queue.push_back((self.me, bytes.to_vec()));
            Ok(())
        }

        fn receive_datagram(&mut self, buffer: &mut [u8]) -> std::io::Result<(usize, SocketAddr)> {
            let mut mesh = self.mesh.borrow_mut();
            let queue = mesh
                .queues
                .get_mut(&self.me)
                .ok_or(std::io::ErrorKind::NotFound)?;
            let (from, bytes) = queue.pop_front().ok_or(std::io::ErrorKind::WouldBlock)?;
            buffer[..bytes.len()].copy_from_slice(&bytes);
            Ok((bytes.len(), from))
        }

        fn local_addr(&mut self) -> Option<SocketAddr> {
            Some(self.me)
        }

        fn known_peers(&mut self) -> Vec<SocketAddr> {
            let mesh = self.mesh.borrow();
            mesh.queues
                .keys()
                .filter(|&&a| a != self.me)
                .copied()
                .collect()
        }
    }

    /// In a room the joiners do not know which player hosts: they say hello to everyone, and
    /// the one who answers is the host; colours asked for are worn, the plans agree.
    #[test]
    fn in_a_room_the_host_is_whoever_answers_and_colours_are_worn() {
        let mesh = std::rc::Rc::new(std::cell::RefCell::new(Mesh::default()));
        let carrier = |port: u16| -> Carrier {
            let me = SocketAddr::from(([10, 0, 0, 1], port));
            mesh.borrow_mut().queues.insert(me, Default::default());
            std::rc::Rc::new(std::cell::RefCell::new(Box::new(MeshCarrier {
                mesh: mesh.clone(),
                me,
            })))
        };
        let (a, b, c) = (carrier(1), carrier(2), carrier(3));
        let mut host = Host::over(a, "anna", choice(), 4);
        let mut joiners = vec![Joiner::over(b, None, "bo"), Joiner::over(c, None, "cy")];
        joiners[0].set_colour(2);
        joiners[1].set_colour(2);
        let plans = until_started(&mut host, &mut joiners, 3);
        for (joiner, plan) in joiners.iter().zip(&plans[1..]) {
            assert_eq!(joiner.host(), Some(SocketAddr::from(([10, 0, 0, 1], 1))));
            assert_eq!(plan.seats.peers[0], SocketAddr::from(([10, 0, 0, 1], 1)));
        }
        for plan in &plans {
            assert_eq!(plan.names.len(), 3);
            // The host blue; the first to ask for green wears it, the second the next free.
            assert_eq!(plan.seats.colours[0], 0);
            let mut joined: Vec<usize> = plan.seats.colours[1..].to_vec();
            joined.sort();
            assert_eq!(joined, [2, 3], "{:?}", plan.seats.colours);
        }
    }

    #[test]
    fn a_joiner_without_the_hosts_level_says_so() {
        let mut theirs = choice();
        theirs.level_hash = "0000".into();
        assert!(
            theirs
                .local_level()
                .unwrap_err()
                .to_string()
                .contains("differs")
        );
        theirs.level = "levels/nowhere_to_be_found.toml".into();
        assert!(
            theirs
                .local_level()
                .unwrap_err()
                .to_string()
                .contains("does not have")
        );
        assert!(choice().local_level().is_ok());
    }

    #[test]
    fn names_are_cleaned_and_the_delay_follows_the_round_trip() {
        assert_eq!(
            clean_name("  anna\u{7}\u{e9} smith the third ", "X"),
            "ANNA SMITH T"
        );
        assert_eq!(clean_name("\u{7}", "PLAYER"), "PLAYER");
        assert_eq!(input_delay_for(0), 1);
        assert_eq!(input_delay_for(49), 1); // 24.5 ms each way: 1.47 ticks
        assert_eq!(input_delay_for(50), 2); // 25 ms: 1.5 ticks
        assert_eq!(input_delay_for(104), 3); // a relay's 100 ms and a little
        assert_eq!(input_delay_for(100), 3);
        assert_eq!(input_delay_for(1000), MOST_INPUT_DELAY);
    }
}
