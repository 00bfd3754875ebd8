//! A session's level played over the network: the game seated for co-op or made a deathmatch,
//! fingerprinted from the level file, and handed to [`NetPlay`].

use std::net::SocketAddr;

use super::{Recording, Session, level_file_hash};
use crate::game::net::{Carrier, NetError, NetPlay, NetSetup, fingerprint};
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
}

impl Recording {
    /// Keeps the networked game `net` played (with seed `seed`) in this recording, up to
    /// tick `ticks`: every seat's inputs of every tick (the same on every machine once
    /// confirmed), its seats, seed and mode, so that `tilecaster replay` (or the window's
    /// `--replay`) plays it to the same state. `None` when `net` did not keep its inputs
    /// ([`NetPlay::keep_inputs`]) or has not played that far.
    pub fn keep_network_game(&mut self, net: &NetPlay, seed: u64, ticks: u64) -> Option<()> {
        let game = net.game();
        let inputs = net.inputs(ticks)?;
        self.seats = game.seats.len();
        self.seed = Some(seed);
        self.deathmatch = match game.mode {
            crate::game::Mode::Deathmatch(rules) => Some(rules),
            crate::game::Mode::Coop => None,
        };
        self.inputs = inputs.to_vec();
        Some(())
    }
}

impl Session {
    /// Starts the networked game of this session's level as `seats` says: reseeded, seated
    /// (or made a deathmatch), its fingerprint taken from the level file, the session begun
    /// (see [`NetPlay::start`]).
    pub fn join_network(&mut self, seats: &NetSeats) -> Result<NetPlay, NetError> {
        let count = seats.peers.len() + 1;
        let game = self
            .game_of_several(seats.seed, count, seats.deathmatch)
            .coloured(&seats.colours);
        self.start_network(game, seats)
    }

    /// Starts the networked game of this session's level as [`Session::join_network`] does,
    /// its datagrams carried by `carrier` (a room's data channels in the page) instead of a
    /// socket bound to `seats.bind`.
    pub fn join_network_over(
        &mut self,
        seats: &NetSeats,
        carrier: Carrier,
    ) -> Result<NetPlay, NetError> {
        let count = seats.peers.len() + 1;
        let game = self
            .game_of_several(seats.seed, count, seats.deathmatch)
            .coloured(&seats.colours);
        self.start_network_over(game, seats, carrier)
    }

    /// Starts `game` (seated for `seats`) over the network as [`Session::join_network`]
    /// does, on this session's current level: how a co-op game goes on to its next level
    /// ([`Session::next_level_of_several`]).
    pub fn start_network(&self, game: Game, seats: &NetSeats) -> Result<NetPlay, NetError> {
        let setup = self.net_setup(&game, seats)?;
        NetPlay::start(game, &setup)
    }

    /// Starts `game` (seated for `seats`) as [`Session::start_network`] does, its datagrams
    /// carried by `carrier` (the last level's, or a room's data channels in the page) instead
    /// of a socket bound to `seats.bind`.
    pub fn start_network_over(
        &self,
        game: Game,
        seats: &NetSeats,
        carrier: Carrier,
    ) -> Result<NetPlay, NetError> {
        let setup = self.net_setup(&game, seats)?;
        NetPlay::over(game, &setup, carrier)
    }

    /// What [`NetPlay`] needs to start `game` on this session's level.
    fn net_setup(&self, game: &Game, seats: &NetSeats) -> Result<NetSetup, NetError> {
        let level_hash = level_file_hash(self.path()).ok_or_else(|| {
            NetError::Setup(format!("cannot read the level {}", self.path().display()))
        })?;
        Ok(NetSetup {
            bind: seats.bind,
            seat: seats.seat,
            peers: seats.peers.clone(),
            input_delay: seats.input_delay,
            fingerprint: fingerprint(game, &level_hash, seats.seed),
        })
    }
}
