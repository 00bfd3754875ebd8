//! Where this machine sits in a networked game, as a lobby, a room or the command line
//! decided it, and what the rollback session needs of it.

use std::net::SocketAddr;

use super::{GameKey, GameTerms, NetSetup};
use crate::game::{Game, MatchRules};

/// Where this machine sits in a networked game: its address, the others', its seat, the
/// game's seed, the input delay, and the kind of game.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSeats {
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The other seats' addresses in seat order (this machine's left out).
    pub peers: Vec<SocketAddr>,
    /// The seat played here.
    pub seat: usize,
    /// The game's seed (the same on every machine).
    pub seed: u64,
    /// Ticks an input waits before it is played.
    pub input_delay: usize,
    /// A deathmatch under these rules; `None`: co-op.
    pub deathmatch: Option<MatchRules>,
    /// The players' chosen colours in seat order (none: each seat's own; see
    /// [`crate::game::Seat::colour`]).
    pub colours: Vec<usize>,
    /// The game's key (the lobby's host drew it; else made of a code every seat was given).
    pub key: GameKey,
}

impl NetSeats {
    /// The seats in a game: this machine's and the peers'.
    pub fn count(&self) -> usize {
        self.peers.len() + 1
    }

    /// What the rollback session needs to start `game` (seated for these seats) on the level
    /// file whose bytes hash to `level_hash`.
    pub fn setup(&self, game: &Game, level_hash: &str) -> NetSetup {
        NetSetup {
            bind: self.bind,
            seat: self.seat,
            peers: self.peers.clone(),
            input_delay: self.input_delay,
            terms: GameTerms::of(game, level_hash, self.seed),
            key: self.key.clone(),
        }
    }
}
