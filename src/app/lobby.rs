//! Waiting for a networked game in the window: a lobby this machine hosts or joins (natively
//! over UDP, in the page in a signalling server's room), or a room that fills with players
//! (`?room=` and `play --room`). The panel's lines, and the networked game's runner once the
//! game begins; the controller shows the one and plays the other.

use anyhow::Result;
#[cfg(feature = "webrtc")]
use anyhow::anyhow;
use tilecaster::assets::Sources;
use tilecaster::episode::Session;
use tilecaster::net::Carrier;
#[cfg(feature = "webrtc")]
use tilecaster::net::NetSeats;
use tilecaster::net::lobby::{GameChoice, Host, Joiner, LobbyEvent, Plan};
use tilecaster::net::watch::{WatchOffer, Watcher};
use tilecaster::play::{NetRun, WatchRun};

/// A lobby this machine hosts or has joined.
#[cfg_attr(all(target_arch = "wasm32", not(feature = "webrtc")), allow(dead_code))]
pub(super) enum Lobby {
    Host(Host),
    Join(Joiner),
}

/// Waiting in a lobby or a room.
#[cfg_attr(all(target_arch = "wasm32", not(feature = "webrtc")), allow(dead_code))]
pub(super) enum Waiting {
    /// In a lobby: the lobby, and where it is as its panel says it (the host's address
    /// joined, where the others reach this machine's, or the room's code: `ROOM 482913`).
    Lobby { lobby: Box<Lobby>, place: String },
    /// In a signalling server's room, until it is full (the page's `?room=`).
    #[cfg(feature = "webrtc")]
    Room(Box<RoomSeat>),
    /// Asking a lobby's host for its game, to watch it (taken once the game is known).
    Watch {
        watcher: Option<Box<Watcher>>,
        place: String,
    },
}

/// This machine waiting in a room of a signalling server: the game begins when the room is
/// full.
#[cfg(feature = "webrtc")]
pub(super) struct RoomSeat {
    pub(super) room: tilecaster::net::room::Room,
    /// The game's seed (the same for everyone in the room: from its address).
    pub(super) seed: u64,
    /// A deathmatch under these rules; `None`: co-op.
    pub(super) deathmatch: Option<tilecaster::game::MatchRules>,
    /// The game's key (the same for everyone in the room: from its name).
    pub(super) key: tilecaster::net::GameKey,
}

/// What waiting came to in one poll.
pub(super) enum Outcome {
    /// Still waiting: the panel's lines, and what to say.
    Waiting(Vec<String>, Vec<String>),
    /// The game began: its runner, the seat played here, the players' names.
    Began(Box<NetRun>, usize, Vec<String>),
    /// The game watched is known: its runner, and its seed.
    Watching(Box<WatchRun>, u64),
    /// Waiting is over without a game: why (the host refused, the room failed, the game
    /// could not start).
    Over(String),
}

/// A player's line on the lobby's panel: place, name, colour.
fn player_line(index: usize, name: &str, colour: Option<&u8>) -> String {
    let names = tilecaster::level::COLOUR_NAMES;
    match colour {
        Some(&c) => format!(
            "{}. {name} ({})",
            index + 1,
            names[usize::from(c) % names.len()].to_uppercase()
        ),
        None => format!("{}. {name}", index + 1),
    }
}

impl Waiting {
    /// Hosts a lobby for the game `choice` in the room `code` of the signalling server at
    /// `server`, or joins the one there (`choice` none): the page's network play, where the
    /// others come by the room's code.
    #[cfg(feature = "webrtc")]
    pub(super) fn in_room(
        server: &str,
        code: &str,
        choice: Option<GameChoice>,
        name: &str,
    ) -> Waiting {
        let carrier = tilecaster::net::room::Room::lobby_carrier(&room_url(server, code));
        let lobby = match choice {
            Some(choice) => {
                let most = choice.most_seats();
                let mut host = Host::over(carrier, name, choice, most);
                host.set_code(code);
                Lobby::Host(host)
            }
            None => Lobby::Join(Joiner::over(carrier, None, name, code)),
        };
        Waiting::Lobby {
            lobby: Box::new(lobby),
            place: format!("ROOM {code}"),
        }
    }

    /// Waits in the room `room` names until it is full (`play --room`, the page's `?room=`).
    #[cfg(feature = "webrtc")]
    pub(super) fn quick_room(room: &super::RoomOptions) -> Waiting {
        Waiting::Room(Box::new(RoomSeat {
            room: tilecaster::net::room::Room::join(&room.url, room.players),
            seed: room.seed,
            key: room.key.clone(),
            deathmatch: room.deathmatch,
        }))
    }

    /// Watches the game of the lobby in the room `code` of the signalling server at `server`
    /// (as [`Waiting::in_room`] meets it): its host answers once the game has begun.
    #[cfg(feature = "webrtc")]
    pub(super) fn watch_room(server: &str, code: &str) -> Waiting {
        let carrier = tilecaster::net::room::Room::lobby_carrier(&room_url(server, code));
        Waiting::Watch {
            watcher: Some(Box::new(Watcher::in_room(carrier, code))),
            place: format!("ROOM {code}"),
        }
    }

    /// Hosts a lobby for the game of `level` (as `net` says: the seed, the mode), or joins
    /// the one `net` names.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn open(
        net: &super::NetOptions,
        level: &std::path::Path,
        difficulty: tilecaster::level::Difficulty,
    ) -> Result<Waiting> {
        let (lobby, address) = match net.meeting {
            super::Meeting::Watch(host) => {
                let code = net.code.as_deref().unwrap_or_default();
                let watcher = Watcher::connect(net.bind, host, code)
                    .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", net.bind))?;
                return Ok(Waiting::Watch {
                    watcher: Some(Box::new(watcher)),
                    place: host.to_string(),
                });
            }
            super::Meeting::Join(host) => (
                Lobby::Join(Joiner::connect(
                    net.bind,
                    host,
                    &net.name,
                    net.code.as_deref().unwrap_or_default(),
                )?),
                host,
            ),
            super::Meeting::Named => anyhow::bail!("no lobby: every peer is named"),
            super::Meeting::Host => {
                let choice = GameChoice::new(level, difficulty, net.seed, net.deathmatch)?;
                let most = choice.most_seats();
                let mut host = Host::open(net.bind, &net.name, choice, most)?;
                if let Some(code) = &net.code {
                    host.set_code(code);
                }
                let address = host.local_addr().unwrap_or(net.bind);
                // Listening on every address: shown as the one the others would use.
                let address = match address.ip().is_unspecified() {
                    true => tilecaster::net::lobby::address_for_others(address.port())
                        .unwrap_or(address),
                    false => address,
                };
                (Lobby::Host(host), address)
            }
        };
        let place = match lobby {
            Lobby::Host(_) => format!("ON {address}"),
            Lobby::Join(_) => address.to_string(),
        };
        Ok(Waiting::Lobby {
            lobby: Box::new(lobby),
            place,
        })
    }

    /// The player wears `colour` (an index of the seats' colours; the host gives the next
    /// free one where another player wears it).
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "webrtc")), allow(dead_code))]
    pub(super) fn set_colour(&mut self, colour: usize) {
        match self.lobby_mut() {
            Some(Lobby::Host(host)) => host.set_colour(colour),
            Some(Lobby::Join(joiner)) => joiner.set_colour(colour),
            None => {}
        }
    }

    /// The lobby waited in (none in a room).
    fn lobby_mut(&mut self) -> Option<&mut Lobby> {
        match self {
            Waiting::Lobby { lobby, .. } => Some(lobby),
            #[cfg(feature = "webrtc")]
            Waiting::Room(_) => None,
            Waiting::Watch { .. } => None,
        }
    }

    /// Leaves: a joiner tells its host it has gone.
    pub(super) fn leave(&mut self) {
        if let Some(Lobby::Join(joiner)) = self.lobby_mut() {
            joiner.leave(None);
        }
    }

    /// Answers the lobby or the room; `start` (the host's use or fire) starts a hosted game
    /// once another player is in, `demo` as soon as the joiners' round trips are known. A
    /// game that begins is loaded from `sources` and joined (a room's on the level of
    /// `shown`, the game behind the panel).
    pub(super) fn poll(
        &mut self,
        (start, demo): (bool, bool),
        shown: &Session,
        sources: &Sources,
    ) -> Outcome {
        let _ = shown;
        match self {
            Waiting::Lobby { lobby, place } => poll_lobby(lobby, place, (start, demo), sources),
            #[cfg(feature = "webrtc")]
            Waiting::Room(seat) => poll_room(seat, shown, sources),
            Waiting::Watch { watcher, place } => poll_watch(watcher, place, sources),
        }
    }
}

/// The address of the room `code` of the signalling server at `server`, where a lobby meets.
#[cfg(feature = "webrtc")]
fn room_url(server: &str, code: &str) -> String {
    format!("{}/tilecaster-{code}", server.trim_end_matches('/'))
}

/// A room's address as its panel's first line names it: the room and its server, without the
/// scheme and the query, so that a phone's panel holds it
/// (`ws://example.org:3536/friday?next=2`: "ROOM FRIDAY ON EXAMPLE.ORG:3536").
#[cfg_attr(not(feature = "webrtc"), allow(dead_code))]
fn room_title(url: &str) -> String {
    let place = url.split_once("://").map_or(url, |(_, rest)| rest);
    let place = place.split(['?', '#']).next().unwrap_or(place);
    let title = match place.split_once('/') {
        Some((server, room)) if !room.trim_matches('/').is_empty() => {
            format!("ROOM {} ON {server}", room.trim_matches('/'))
        }
        _ => format!("ROOM AT {}", place.trim_end_matches('/')),
    };
    title.to_uppercase()
}

/// One poll of a lobby (see [`Waiting::poll`]).
fn poll_lobby(
    lobby: &mut Lobby,
    place: &str,
    (start, demo): (bool, bool),
    sources: &Sources,
) -> Outcome {
    let events = match lobby {
        Lobby::Host(host) => {
            // (The autopilot waits for the joiners' round trips, which set the delay.)
            let ready = demo && host.longest_round_trip_ms().is_some();
            if (start || ready) && host.players().len() > 1 {
                host.start();
            }
            host.poll()
        }
        Lobby::Join(joiner) => joiner.poll(),
    };
    let fault = match lobby {
        Lobby::Host(host) => host.fault(),
        Lobby::Join(joiner) => joiner.fault(),
    };
    if let Some(why) = fault {
        return Outcome::Over(format!("cannot play in the room: {why}"));
    }
    let mut said = Vec::new();
    for event in events {
        let line = event.to_string();
        match event {
            LobbyEvent::Started(plan) => {
                // The game goes on over the lobby's socket.
                let carrier = match lobby {
                    Lobby::Host(host) => host.carrier(),
                    Lobby::Join(joiner) => joiner.carrier(),
                };
                eprintln!("{line}");
                return match begin(plan, carrier, sources) {
                    Ok((run, seat, names)) => Outcome::Began(Box::new(run), seat, names),
                    Err(e) => Outcome::Over(format!("cannot start the network game: {e:#}")),
                };
            }
            LobbyEvent::Refused { .. } => return Outcome::Over(line),
            _ => said.push(line),
        }
    }
    Outcome::Waiting(panel(lobby, place), said)
}

/// Starts the networked game a lobby agreed on: its level loaded here, this machine's seat
/// joined over the lobby's carrier (the host offering it to spectators).
fn begin(plan: Plan, carrier: Carrier, sources: &Sources) -> Result<(NetRun, usize, Vec<String>)> {
    let level = plan.choice.local_level()?;
    let session = Session::start_on(&level, sources, plan.choice.difficulty)?;
    let seat = plan.seats.seat;
    let offer = WatchOffer::of_plan(&plan);
    let mut run = NetRun::start(session, plan.seats, Some(carrier))?
        .going_on(true)
        .named(plan.names.clone());
    if let Some(offer) = offer {
        run.offer_watching(&offer);
    }
    Ok((run, seat, plan.names))
}

/// One poll of a spectator asking for its game (see [`Waiting::poll`]): the game watched,
/// loaded from `sources`, once the host has said it.
fn poll_watch(watcher: &mut Option<Box<Watcher>>, place: &str, sources: &Sources) -> Outcome {
    let Some(asking) = watcher.as_mut() else {
        return Outcome::Over("no game to watch".into());
    };
    asking.poll();
    let Some(game) = asking.game().cloned() else {
        let lines = vec![
            format!("WATCHING {place}"),
            String::new(),
            "ASKING THE HOST FOR ITS GAME".into(),
            "(IT ANSWERS ONCE THE GAME HAS BEGUN, TO THE RIGHT CODE)".into(),
        ];
        return Outcome::Waiting(lines, Vec::new());
    };
    let start = game
        .choice
        .local_level()
        .map_err(anyhow::Error::from)
        .and_then(|level| Ok(Session::start_on(&level, sources, game.choice.difficulty)?));
    let Some(asking) = watcher.take() else {
        return Outcome::Over("no game to watch".into());
    };
    match start.map(|session| WatchRun::new(session, *asking)) {
        Ok(Some(run)) => Outcome::Watching(Box::new(run), game.choice.seed),
        Ok(None) => Outcome::Over("no game to watch".into()),
        Err(e) => Outcome::Over(format!("cannot watch the game: {e:#}")),
    }
}

/// The lobby's panel: the game, the players, what to press.
fn panel(lobby: &Lobby, place: &str) -> Vec<String> {
    let describe = |c: &GameChoice| c.describe().to_uppercase();
    let mut lines = Vec::new();
    match lobby {
        Lobby::Host(host) => {
            lines.push(format!("HOSTING {place}"));
            lines.push(describe(host.choice()));
            lines.push(String::new());
            let colours = host.colours();
            for (i, name) in host.players().iter().enumerate() {
                lines.push(player_line(i, name, colours.get(i)));
            }
            lines.push(String::new());
            lines.push(if host.players().len() > 1 {
                "PRESS USE TO START".into()
            } else {
                "WAITING FOR PLAYERS TO JOIN".into()
            });
            match place.strip_prefix("ROOM ") {
                Some(code) => lines.push(format!("THE OTHERS JOIN WITH THE CODE {code}")),
                None => lines.push(format!("THE OTHERS JOIN WITH THE CODE {}", host.code())),
            }
        }
        Lobby::Join(joiner) => {
            lines.push(format!("JOINING {place}"));
            match joiner.roster() {
                Some((names, choice)) => {
                    lines.push(describe(choice));
                    lines.push(String::new());
                    for (i, name) in names.iter().enumerate() {
                        lines.push(player_line(i, name, joiner.colours().get(i)));
                    }
                    lines.push(String::new());
                    lines.push(match joiner.round_trip_ms() {
                        Some(ms) => format!("ROUND TRIP {ms} MS: WAITING FOR THE HOST"),
                        None => "WAITING FOR THE HOST TO START".into(),
                    });
                }
                None => {
                    lines.push(format!("NO ANSWER YET ({} S)", joiner.silence().as_secs()));
                    // (A host answers no one without its code.)
                    if joiner.silence().as_secs() >= 3 {
                        lines.push("IS THE CODE RIGHT?".into());
                    }
                }
            }
        }
    }
    lines
}

/// One poll of a room: waiting until everyone is there, then the networked game over its
/// data channels, on the level the page opened (`level`).
#[cfg(feature = "webrtc")]
fn poll_room(seat: &mut RoomSeat, level: &Session, sources: &Sources) -> Outcome {
    use tilecaster::net::room::RoomState;
    let mut lines = vec![room_title(seat.room.url())];
    match seat.room.poll() {
        RoomState::Waiting {
            here,
            wanted,
            playing,
        } => {
            if playing > 0 {
                lines.push(format!("THE ROOM IS FULL: {playing} PLAYING IN IT"));
                lines.push("YOU WAIT FOR OTHERS TO PLAY A NEW GAME".into());
            }
            lines.push(format!("{here} OF {wanted} PLAYERS HERE"));
            lines.push("WAITING FOR THE OTHERS".into());
            Outcome::Waiting(lines, Vec::new())
        }
        RoomState::Failed(why) => Outcome::Over(format!("cannot play in the room: {why}")),
        RoomState::Full { seat: mine, peers } => {
            let seats = NetSeats {
                // (Not used: the room's channels carry the datagrams.)
                bind: std::net::SocketAddr::from(([0, 0, 0, 0], 0)),
                peers,
                seat: mine,
                seed: seat.seed,
                input_delay: 2,
                deathmatch: seat.deathmatch,
                colours: Vec::new(),
                key: seat.key.clone(),
            };
            let count = seats.count();
            let started = seat
                .room
                .carrier()
                .ok_or_else(|| anyhow!("the room closed as the game began"))
                .and_then(|carrier| {
                    let session = Session::start_on(level.path(), sources, level.difficulty())?;
                    Ok(NetRun::start(session, seats, Some(carrier))?.going_on(true))
                });
            match started {
                Ok(run) => {
                    eprintln!("seat {mine} of {count} in the room");
                    Outcome::Began(Box::new(run), mine, Vec::new())
                }
                Err(e) => Outcome::Over(format!("cannot start the network game: {e:#}")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rooms_panel_names_the_room_and_its_server_not_the_whole_address() {
        let cases = [
            (
                "ws://127.0.0.1:43403/test-10963?next=2",
                "ROOM TEST-10963 ON 127.0.0.1:43403",
            ),
            ("wss://example.org/friday/", "ROOM FRIDAY ON EXAMPLE.ORG"),
            ("ws://example.org:3536/", "ROOM AT EXAMPLE.ORG:3536"),
            ("example.org/a/b#x", "ROOM A/B ON EXAMPLE.ORG"),
        ];
        for (url, title) in cases {
            assert_eq!(room_title(url), title, "{url}");
        }
    }
}
