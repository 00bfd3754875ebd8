//! The lobby's messages and its socket: small messages (bincode, read with a size limit)
//! headed by the lobby's mark; whatever is not the lobby's dropped and counted.

use std::net::SocketAddr;

use bincode::Options as _;
use serde::{Deserialize, Serialize};

use super::{GameChoice, LARGEST, LobbyError, MAGIC, MAX_DATAGRAMS_PER_POLL};
use crate::net::{Carrier, udp_carrier};

/// The lobby's messages.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) enum Message {
    /// A joiner, to the host, until it is told the game starts: its rules, its name, when it
    /// sent this (its own clock, echoed for the round trip), the round trip it measured, and
    /// the lobby's code (without which the host says nothing).
    Hello {
        rules: u32,
        name: String,
        sent_ms: u64,
        round_trip_ms: Option<u32>,
        code: String,
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
        /// The game's key ([`crate::net::GameKey`]).
        key: [u8; 32],
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

impl Message {
    /// This message with its text made printable ([`crate::net::text`]): names, reasons and
    /// the level's name, as they came from a stranger.
    fn printable(mut self) -> Message {
        use crate::net::text::{NAME_CHARS, PATH_CHARS, REASON_CHARS, printable};
        let clean = |text: &mut String, most: usize| *text = printable(text, most);
        match &mut self {
            Message::Hello { name, code, .. } => {
                clean(name, NAME_CHARS);
                *code = super::clean_code(code);
            }
            Message::Roster { names, choice, .. } | Message::Start { names, choice, .. } => {
                names.iter_mut().for_each(|n| clean(n, NAME_CHARS));
                clean(&mut choice.level, PATH_CHARS);
                clean(&mut choice.level_hash, NAME_CHARS);
            }
            Message::Refused { why } | Message::Leave { why: Some(why) } => {
                clean(why, REASON_CHARS);
            }
            Message::Leave { why: None } | Message::Ready | Message::Colour { .. } => {}
        }
        self
    }
}

/// The lobby's socket: its messages in and out, everything else dropped and counted.
pub(super) struct LobbySocket {
    pub(super) socket: Carrier,
    buffer: Vec<u8>,
    /// Datagrams dropped: not the lobby's, cut short, or not a message.
    pub(super) dropped: u64,
    /// Why the carrier cannot go on, once it cannot (a room's signalling server gone).
    pub(super) fault: Option<String>,
}

impl LobbySocket {
    pub(super) fn bind(addr: SocketAddr) -> Result<LobbySocket, LobbyError> {
        let socket = udp_carrier(addr).map_err(|source| LobbyError::Bind { addr, source })?;
        Ok(LobbySocket::over(socket))
    }

    pub(super) fn over(socket: Carrier) -> LobbySocket {
        LobbySocket {
            socket,
            buffer: vec![0; LARGEST],
            dropped: 0,
            fault: None,
        }
    }

    pub(super) fn send(&self, message: &Message, to: SocketAddr) {
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
    pub(super) fn receive(&mut self) -> Vec<(SocketAddr, Message)> {
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
                        Some(m) => got.push((from, m.printable())),
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

    pub(super) fn local_addr(&self) -> Option<SocketAddr> {
        self.socket.borrow_mut().local_addr()
    }
}
