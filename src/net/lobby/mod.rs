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
//! // The code the host shows ("THE OTHERS JOIN WITH THE CODE 493017"), told to the joiner.
//! let code = host.code().to_string();
//! let (bind, at) = ("0.0.0.0:0".parse().unwrap(), "127.0.0.1:7300".parse().unwrap());
//! let mut joiner = Joiner::connect(bind, at, "BO", &code).unwrap();
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

use serde::{Deserialize, Serialize};

use super::{Carrier, NetSeats};
use crate::game::{MatchRules, RULES_VERSION, TICK_HZ};
use crate::level::Difficulty;
use crate::level::SEAT_COLOURS;

/// The first bytes of every datagram of the lobby (the game's own are marked otherwise).
pub(super) const MAGIC: [u8; 4] = *b"TClb";
/// The largest lobby datagram read or sent.
pub(super) const LARGEST: usize = 2048;
/// How often an unanswered message is sent again.
pub const RESEND: Duration = Duration::from_millis(200);
/// A joiner not heard from for this long has left the lobby.
pub const SILENCE: Duration = Duration::from_secs(3);
/// The longest player's name, in characters (longer ones are cut).
pub const NAME_LIMIT: usize = 12;
/// The most input delay set from a round trip, in ticks (the prediction window does the rest).
pub const MOST_INPUT_DELAY: usize = 4;
/// The most datagrams read in one poll; the rest wait for the next.
pub(super) const MAX_DATAGRAMS_PER_POLL: usize = 64;
/// The most characters of a lobby's code ([`random_code`] makes six digits; a longer secret
/// may be chosen).
pub const CODE_LIMIT: usize = 64;
/// Wrong codes the host hears out a second, from everyone together: past them, hellos are
/// not even read until the next second, so that guessing six digits takes hours on average
/// (10^6 / 2 / 20 s), however many machines guess.
pub const WRONG_CODES_PER_SECOND: u32 = 20;
/// Wrong codes from one machine (its IP address) before the host hears it no more.
pub const WRONG_CODES_PER_MACHINE: u32 = 8;
/// How long the host goes on telling joiners the game starts before it starts anyway (a
/// joiner that never heard is left to the game's own synchronization, which waits for it).
pub(super) const START_TELLING: Duration = Duration::from_secs(2);

mod host;
mod joiner;
#[cfg(test)]
mod tests;
mod wire;

pub use host::Host;
pub use joiner::Joiner;

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
        let minutes = |ticks: u64| ticks.div_ceil(60 * u64::from(TICK_HZ));
        let mode = match self.deathmatch {
            Some((0, 0)) => "deathmatch (no limits)".to_string(),
            Some((0, ticks)) => format!("deathmatch ({} min)", minutes(ticks)),
            Some((frags, 0)) => format!("deathmatch (to {frags} frags)"),
            Some((frags, ticks)) => {
                format!("deathmatch ({frags} frags or {} min)", minutes(ticks))
            }
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

/// A lobby's code: six random digits, what one player reads out to another ("the code is
/// 493017"), from the system's generator.
///
/// ```
/// let code = tilecaster::net::lobby::random_code();
/// assert_eq!(code.len(), 6);
/// assert!(code.bytes().all(|b| b.is_ascii_digit()));
/// ```
pub fn random_code() -> String {
    let mut bytes = [0; 8];
    if getrandom::getrandom(&mut bytes).is_err() {
        // (A system without a generator: the clock's nanoseconds, guessable but rare.)
        let now = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        bytes = now.to_le_bytes();
    }
    format!("{:06}", u64::from_le_bytes(bytes) % 1_000_000)
}

/// A code as typed or sent: printable, without spaces at its ends, at most [`CODE_LIMIT`]
/// characters.
pub fn clean_code(code: &str) -> String {
    crate::net::text::printable(code.trim(), CODE_LIMIT)
        .trim()
        .to_string()
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
    /// On the host: the lobby's code, which spectators must know to watch the game
    /// ([`crate::net::watch`]); `None` on a joiner.
    pub code: Option<String>,
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
