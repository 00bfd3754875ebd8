//! Network play: the only part of the engine that touches the network. It holds what carries
//! datagrams (a UDP socket natively, a room's WebRTC data channels in the page), the game's
//! framing on them, the lobby where players meet, a signalling server's rooms, and the
//! rollback session (`ggrs`) that plays a [`Game`] of several seats with
//! peers. The rules of play ([`crate::game`]) know nothing of it: they are a function of the
//! state and every seat's input, which is all rollback needs. Above it, [`crate::play`]'s
//! network runner drives a session tick by tick as every other kind of play is driven.
//!
//! What travels is `ggrs`' own messages, each datagram headed by this game's mark and a
//! fingerprint of the game being played ([`fingerprint`]), and closed by a code under the
//! game's key ([`GameKey`]); what is not the game's, forged, sent again, or a message the
//! rollback library could not take is dropped and counted ([`SocketReport`]), never a panic.

mod carrier;
mod checks;
mod delay;
mod event;
pub mod lobby;
mod quiet;
#[cfg(feature = "webrtc")]
pub mod room;
mod seal;
mod seats;
mod session;
mod socket;
mod terms;
pub mod text;
pub mod watch;

pub use carrier::{Carrier, Datagrams, udp_carrier};
pub use event::{NetEvent, seat_called};
pub use seal::GameKey;
pub use seats::NetSeats;
pub use session::{DESYNC_CHECK_TICKS, NetError, NetPlay, NetSetup, NetStats};
pub use socket::{MAX_DATAGRAMS_PER_POLL, SocketReport};
pub use terms::{GameTerms, fingerprint};

use crate::game::{Game, PackedInput};

/// The most ticks played ahead of the inputs confirmed (`ggrs`' prediction window). With the
/// input delay it is how late a peer's input may come before this machine waits for it: 12
/// and the lobby's 4 cover 267 ms each way. (At `ggrs`' 8, eight seats 150 ms apart losing a
/// fifth of their datagrams played at 1.2 times real time; at 12, at 1.01.)
pub const PREDICTION_WINDOW: usize = 12;
/// How long a peer goes unheard before the players are told the game waits for it, and a
/// peer's word that it has left is believed ([`checks`]).
const QUIET: std::time::Duration = std::time::Duration::from_secs(1);
/// The largest datagram read (ggrs' messages are far smaller).
const LARGEST: usize = 4096;

/// `ggrs`' configuration for a networked [`Game`]: its input a tick packed in small integers
/// (so that a held key or a steady turn is predicted right), its whole state saved, peers
/// known by their addresses.
pub(crate) struct NetConfig;

impl ggrs::Config for NetConfig {
    type Input = PackedInput;
    type State = Game;
    type Address = std::net::SocketAddr;
}
