//! What a networked game's players hear of ([`NetEvent`]), said with their names.

use std::net::SocketAddr;

/// Something a networked game's players should hear of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// Getting in step with a peer: `count` of `total` round trips done.
    Synchronizing {
        /// The peer's seat.
        seat: usize,
        /// Round trips done.
        count: u32,
        /// Round trips needed.
        total: u32,
    },
    /// In step with a peer.
    Connected {
        /// The peer's seat.
        seat: usize,
    },
    /// Nothing heard from a peer for a while; it is dropped after `timeout_ms` more.
    Interrupted {
        /// The peer's seat.
        seat: usize,
        /// Milliseconds left before it is dropped.
        timeout_ms: u64,
    },
    /// A peer that was interrupted is heard again.
    Resumed {
        /// The peer's seat.
        seat: usize,
    },
    /// A peer left (or was not heard for too long): its player stands still from then on.
    Left {
        /// The peer's seat.
        seat: usize,
    },
    /// A peer's state hash differed from this machine's at `tick`: the games went apart.
    Desync {
        /// The tick compared.
        tick: u64,
        /// The peer's seat.
        seat: usize,
    },
    /// A peer plays another game, and says which: `differences` in words (see
    /// [`GameTerms::differences`](super::GameTerms::differences)). The two cannot play together.
    Mismatch {
        /// The peer's seat.
        seat: usize,
        /// What differs.
        differences: Vec<String>,
    },
    /// Seat `by` said seat `seat` had left: the rollback library believes it (the seats
    /// must agree on whose inputs count), so the seat's player stands still from then on
    /// everywhere. The seat said to have left is told too (this event, its own seat named),
    /// and its game ends there.
    SaidLeft {
        /// The seat that said so.
        by: usize,
        /// The seat said to have left.
        seat: usize,
    },
    /// Seat `by` said seat `seat` had left, and this machine, which still hears it, does not
    /// believe it: the seats that hear each other play on together.
    NotBelieved {
        /// The seat that said so.
        by: usize,
        /// The seat said to have left.
        seat: usize,
    },
    /// A line of chat from a seat (made printable: [`crate::net::text`]).
    Chat {
        /// The seat that said it.
        seat: usize,
        /// What it said.
        text: String,
    },
    /// A peer sends datagrams of another game, version or level (its fingerprint differs).
    OtherGame {
        /// The peer's address.
        addr: SocketAddr,
    },
    /// The network game cannot go on: a peer sent a message of this game that the rollback
    /// library could not take (a hostile or broken peer). This machine's game stops there.
    Failed {
        /// What went wrong.
        why: String,
    },
}

/// Seat `seat` in words: its player's name where `names` (in seat order, as a lobby gave
/// them) has one, "BO (seat 1)", else "seat 1".
pub fn seat_called(seat: usize, names: &[String]) -> String {
    match names.get(seat) {
        Some(name) if !name.is_empty() => format!("{name} (seat {seat})"),
        _ => format!("seat {seat}"),
    }
}

impl NetEvent {
    /// The event in words, each seat called by its player's name where `names` (in seat
    /// order, as a lobby gave them) has one ([`seat_called`]): "BO (seat 1) left", else
    /// "seat 1 left".
    pub fn said_to(&self, names: &[String]) -> String {
        let who = |seat: &usize| seat_called(*seat, names);
        match self {
            NetEvent::Synchronizing { seat, count, total } => {
                format!("getting in step with {}: {count} of {total}", who(seat))
            }
            NetEvent::Connected { seat } => format!("{} in step", who(seat)),
            NetEvent::Interrupted { seat, timeout_ms } => format!(
                "{} not heard from: dropped in {timeout_ms} ms unless it is",
                who(seat)
            ),
            NetEvent::Resumed { seat } => format!("{} heard again", who(seat)),
            NetEvent::Left { seat } => format!("{} left: its player stands still", who(seat)),
            NetEvent::Desync { tick, seat } => format!(
                "desync: {}'s game differs from this one at tick {tick}",
                who(seat)
            ),
            NetEvent::Failed { why } => format!("the network game stopped: {why}"),
            NetEvent::Mismatch { seat, differences } => format!(
                "{} plays another game: {}",
                who(seat),
                differences.join("; ")
            ),
            NetEvent::SaidLeft { by, seat } => format!(
                "{} says {} left: the others play on without it",
                who(by),
                who(seat)
            ),
            NetEvent::NotBelieved { by, seat } => format!(
                "{} says {} left, but it is heard here: not believed",
                who(by),
                who(seat)
            ),
            NetEvent::Chat { seat, text } => match names.get(*seat) {
                Some(name) if !name.is_empty() => format!("{name}: {text}"),
                _ => format!("seat {seat}: {text}"),
            },
            NetEvent::OtherGame { addr } => format!(
                "{addr} plays another game (another version, level, difficulty, seed or number of players): its datagrams are dropped"
            ),
        }
    }
}

impl std::fmt::Display for NetEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.said_to(&[]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_call_seats_by_their_players_names_where_known() {
        let names = ["ANNA".to_string(), "BO".to_string(), String::new()];
        let left = NetEvent::Left { seat: 1 };
        assert_eq!(
            left.said_to(&names),
            "BO (seat 1) left: its player stands still"
        );
        assert_eq!(left.to_string(), "seat 1 left: its player stands still");
        let nameless = NetEvent::Resumed { seat: 2 };
        assert_eq!(nameless.said_to(&names), "seat 2 heard again");
        let beyond = NetEvent::Connected { seat: 5 };
        assert_eq!(beyond.said_to(&names), "seat 5 in step");
    }
}
