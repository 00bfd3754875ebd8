//! The lobby over loopback and over a room-like mesh of carriers.

use super::wire::{LobbySocket, Message};
use super::*;
use web_time::Instant;

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
    let code = host.code().to_string();
    let mut joiners = vec![
        Joiner::connect(loopback(), at, "bo", &code).unwrap(),
        Joiner::connect(loopback(), at, "bo", &code).unwrap(),
    ];
    // The host wears orange; the first BO asks for orange too (and gets the next free
    // colour, white), the second asks for none (and wears its seat's, green).
    host.set_colour(6);
    joiners[0].set_colour(6);
    let addrs: Vec<SocketAddr> = joiners.iter().map(|j| j.local_addr().unwrap()).collect();
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
    // One key for the game, the same on every machine.
    assert!(plans.iter().all(|p| p.seats.key == plans[0].seats.key));
}

/// The host's deathmatch limits reach the joiner, and the lobby's line says them.
#[test]
fn a_deathmatchs_limits_reach_every_seat() {
    let level = crate::files::default_path("levels/e1m3.toml");
    let rules = MatchRules::new(15, 3);
    let choice = GameChoice::new(&level, Difficulty::Normal, 7, Some(rules)).unwrap();
    assert_eq!(
        choice.describe(),
        "deathmatch (15 frags or 3 min) on e1m3.toml, normal"
    );
    let mut host = Host::open(loopback(), "anna", choice, 8).unwrap();
    let code = host.code().to_string();
    let at = host.local_addr().unwrap();
    let mut joiners = vec![Joiner::connect(loopback(), at, "bo", &code).unwrap()];
    let plans = until_started(&mut host, &mut joiners, 2);
    assert!(plans.iter().all(|p| p.seats.deathmatch == Some(rules)));
    let endless = MatchRules::new(0, 0);
    let choice = GameChoice::new(&level, Difficulty::Normal, 7, Some(endless)).unwrap();
    assert!(choice.describe().starts_with("deathmatch (no limits)"));
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
        code: host.code().to_string(),
    };
    old.send(&hello(RULES_VERSION + 1), at);
    let code = host.code().to_string();
    let mut joiner = Joiner::connect(loopback(), at, "bo", &code).unwrap();
    let mut late = None;
    let mut refusal = None;
    let deadline = Instant::now() + Duration::from_secs(10);
    while refusal.is_none() && Instant::now() < deadline {
        host.poll();
        joiner.poll();
        if host.players().len() == 2 && late.is_none() {
            // The game takes two: a third is turned away.
            late = Some(Joiner::connect(loopback(), at, "cy", &code).unwrap());
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
    queues:
        std::collections::HashMap<SocketAddr, std::collections::VecDeque<(SocketAddr, Vec<u8>)>>,
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
    host.set_code("482913");
    let mut joiners = vec![
        Joiner::over(b, None, "bo", "482913"),
        Joiner::over(c, None, "cy", "482913"),
    ];
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

/// What a host says comes as printable text, however hostile: a refusal that would set the
/// terminal's title, clear it and forge a log line reaches the joiner without its control
/// characters, cut to 200 characters.
#[test]
fn a_hosts_words_reach_the_joiner_printable() {
    let host = LobbySocket::bind(loopback()).unwrap();
    let at = host.local_addr().unwrap();
    let mut host = host;
    let mut joiner = Joiner::connect(loopback(), at, "bo", "1").unwrap();
    let hostile = format!(
        "\u{1b}]0;pwned\u{7}\u{1b}[2J\r\nERROR forged line{}",
        "!".repeat(1000)
    );
    let mut why = None;
    let deadline = Instant::now() + Duration::from_secs(10);
    while why.is_none() && Instant::now() < deadline {
        for (from, message) in host.receive() {
            if matches!(message, Message::Hello { .. }) {
                let refused = Message::Refused {
                    why: hostile.clone(),
                };
                host.send(&refused, from);
            }
        }
        for event in joiner.poll() {
            if let LobbyEvent::Refused { why: said } = event {
                why = Some(said);
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let why = why.expect("the joiner was refused");
    assert!(why.starts_with("]0;pwned[2JERROR forged line!!!"), "{why}");
    assert!(!why.chars().any(char::is_control), "{why:?}");
    assert_eq!(why.chars().count(), crate::net::text::REASON_CHARS);
}

/// A hello without the lobby's code gets no answer at all (not the level, not the names, not
/// a refusal) and no seat; a machine that guesses wrong too often is heard no more, even with
/// the right code; the one with the code joins.
#[test]
fn a_stranger_without_the_code_is_told_nothing_and_seated_nowhere() {
    let mut host = Host::open(loopback(), "anna", choice(), 4).unwrap();
    let at = host.local_addr().unwrap();
    host.set_code("493017");
    assert_eq!(host.code(), "493017");
    // (Other loopback addresses than the joiner's: a machine is known by its IP address.)
    let mut stranger = LobbySocket::bind("127.0.0.3:0".parse().unwrap()).unwrap();
    let hello = |code: &str| Message::Hello {
        rules: RULES_VERSION,
        name: "EVE".into(),
        sent_ms: 0,
        round_trip_ms: None,
        code: code.into(),
    };
    let mut guesser = LobbySocket::bind("127.0.0.2:0".parse().unwrap()).unwrap();
    for guess in 0..WRONG_CODES_PER_MACHINE {
        guesser.send(&hello(&format!("{guess:06}")), at);
    }
    stranger.send(&hello(""), at);
    stranger.send(&hello("49301"), at);
    let mut joiner = Joiner::connect(loopback(), at, "bo", " 493017 ").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut joined = Vec::new();
    while joined.is_empty() && Instant::now() < deadline {
        for event in host.poll() {
            if let LobbyEvent::Joined { name, .. } = event {
                joined.push(name);
            }
        }
        joiner.poll();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(joined, ["BO"]);
    // The guesser now has the right code, but has guessed wrong too often.
    guesser.send(&hello("493017"), at);
    let until = Instant::now() + Duration::from_millis(300);
    while Instant::now() < until {
        host.poll();
        joiner.poll();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(host.players(), ["ANNA", "BO"]);
    assert_eq!(
        host.unanswered(),
        u64::from(WRONG_CODES_PER_MACHINE) + 3,
        "the guesses, the stranger's two, the guesser's late right one"
    );
    for socket in [&mut stranger, &mut guesser] {
        let answers = socket.receive();
        assert!(answers.is_empty(), "a stranger was told {answers:?}");
    }
}
