//! The hosting machine's lobby.

use std::net::{IpAddr, SocketAddr};

use web_time::Instant;

use crate::net::GameKey;

use super::wire::{LobbySocket, Message};
use super::*;

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

/// The most machines whose wrong codes are remembered (past them, the oldest forgotten).
const MACHINES_REMEMBERED: usize = 4096;

/// Who gets in: the code, the game's key (told to the players seated, in their start, and to
/// no one else), and the wrong codes heard.
struct Door {
    code: String,
    key: GameKey,
    wrong: WrongCodes,
}

/// The wrong codes heard: this second's, and each machine's.
struct WrongCodes {
    second: Instant,
    this_second: u32,
    by_machine: Vec<(IpAddr, u32)>,
    /// Hellos not answered: a wrong code, a machine no longer heard, or past the second's.
    unanswered: u64,
}

/// The hosting machine's lobby: it takes joiners who know its code ([`Host::code`]) up to
/// the mode's number of players, and starts the game when asked ([`Host::start`]). To a
/// hello without the code it says nothing at all (not the level, not the players' names).
pub struct Host {
    socket: LobbySocket,
    door: Box<Door>,
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
    started: Option<Box<Plan>>,
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
        let code = random_code();
        // (A system without a generator: a key of the code and the clock, guessable but rare.)
        let key = GameKey::random().unwrap_or_else(|| {
            GameKey::from_code(&format!("{code} {:?}", web_time::SystemTime::now()))
        });
        Host {
            socket: LobbySocket::over(carrier),
            door: Box::new(Door {
                code,
                key,
                wrong: WrongCodes {
                    second: Instant::now(),
                    this_second: 0,
                    by_machine: Vec::new(),
                    unanswered: 0,
                },
            }),
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

    /// The code a joiner must give: six random digits unless set ([`Host::set_code`]).
    pub fn code(&self) -> &str {
        &self.door.code
    }

    /// The code a joiner must give is `code` (a room's name, or a longer secret; cleaned as
    /// [`clean_code`] cleans it; an empty one is not taken).
    pub fn set_code(&mut self, code: &str) {
        let code = clean_code(code);
        if !code.is_empty() {
            self.door.code = code;
        }
    }

    /// Hellos not answered so far: a wrong code, from a machine that gave too many, or past
    /// the [`WRONG_CODES_PER_SECOND`].
    pub fn unanswered(&self) -> u64 {
        self.door.wrong.unanswered
    }

    /// Whether a hello from `from` with `code` is heard: the right code, from a machine that
    /// has not given [`WRONG_CODES_PER_MACHINE`] wrong ones, within the second's
    /// [`WRONG_CODES_PER_SECOND`] (past them no code is even compared: a guess then is never
    /// right).
    fn admits(&mut self, from: SocketAddr, code: &str, now: Instant) -> bool {
        let wrong = &mut self.door.wrong;
        if now - wrong.second >= Duration::from_secs(1) {
            wrong.second = now;
            wrong.this_second = 0;
        }
        let machine = wrong.by_machine.iter().position(|(ip, _)| *ip == from.ip());
        let barred = machine.is_some_and(|i| wrong.by_machine[i].1 >= WRONG_CODES_PER_MACHINE);
        if barred || wrong.this_second >= WRONG_CODES_PER_SECOND {
            wrong.unanswered += 1;
            return false;
        }
        if code == self.door.code {
            return true;
        }
        wrong.this_second += 1;
        wrong.unanswered += 1;
        match machine {
            Some(i) => wrong.by_machine[i].1 += 1,
            None => {
                if wrong.by_machine.len() >= MACHINES_REMEMBERED {
                    wrong.by_machine.remove(0);
                }
                wrong.by_machine.push((from.ip(), 1));
            }
        }
        false
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
            if let (Message::Hello { code, .. }, None) = (&message, known) {
                if !self.admits(from, code, now) {
                    continue; // a stranger is told nothing
                }
            }
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
                self.started = Some(Box::new(self.own_plan()));
                if let Some(plan) = &self.started {
                    events.push(LobbyEvent::Started(Plan::clone(plan)));
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
                key: self.door.key.to_bytes(),
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
                key: self.door.key.clone(),
            },
            names: self.players().iter().map(|s| s.to_string()).collect(),
            code: Some(self.door.code.clone()),
        }
    }
}
