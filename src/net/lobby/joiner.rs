//! A joining machine's lobby.

use std::net::SocketAddr;

use web_time::Instant;

use super::wire::{LobbySocket, Message};
use super::*;

/// A joining machine's lobby: it says hello to the host until the game starts, measuring the
/// round trip as it goes.
pub struct Joiner {
    socket: LobbySocket,
    /// The host's address (in a room: the first player who answers).
    host: Option<SocketAddr>,
    name: String,
    /// The lobby's code, given in each hello.
    code: String,
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
    /// Joins the host at `host` as the player `name`, giving the lobby's `code` (the host
    /// answers nothing without it), listening on `bind` (port 0: any).
    pub fn connect(
        bind: SocketAddr,
        host: SocketAddr,
        name: &str,
        code: &str,
    ) -> Result<Joiner, LobbyError> {
        Ok(Joiner::over(
            LobbySocket::bind(bind)?.socket,
            Some(host),
            name,
            code,
        ))
    }

    /// Joins as [`Joiner::connect`] does, its messages carried by `carrier`; with no `host`,
    /// the host is whoever answers first among the carrier's own peers (a room's players:
    /// each is said hello to until one answers).
    pub fn over(carrier: Carrier, host: Option<SocketAddr>, name: &str, code: &str) -> Joiner {
        Joiner {
            socket: LobbySocket::over(carrier),
            host,
            name: clean_name(name, "PLAYER"),
            code: clean_code(code),
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

    /// The address the lobby listens on.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.socket.local_addr()
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
                    key,
                } => {
                    // Answered three times: a lost answer only keeps the host telling.
                    for _ in 0..3 {
                        self.socket.send(&Message::Ready, from);
                    }
                    let key = crate::net::GameKey::from_bytes(key);
                    let game = (choice, input_delay, key);
                    match self.plan(seat, &addresses, (names, colours), game) {
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
                code: self.code.clone(),
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
        (choice, input_delay, key): (GameChoice, u8, crate::net::GameKey),
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
                key,
            },
            names: names.iter().map(|n| clean_name(n, "PLAYER")).collect(),
            choice,
            code: None,
        })
    }
}
