//! Tests of watching: asks and answers, chat, what is refused.

use super::*;

fn offer() -> WatchOffer {
    let level = crate::files::default_path("levels/e1m1.toml");
    let choice = GameChoice::new(&level, crate::level::Difficulty::Normal, 7, None).expect("level");
    WatchOffer {
        code: "493017".into(),
        game: WatchGame {
            choice,
            names: vec!["ANNA".into(), "BO".into()],
            colours: vec![0, 1],
            fingerprint: 0,
        },
    }
}

/// A spectator's ask: its `counter`, the `first` tick it lacks, the counter of an answer
/// it had (`echo`).
fn ask(key: &GameKey, counter: u64, first: u64, echo: u64) -> Vec<u8> {
    ask_after_chat(key, counter, (first, echo), 0)
}

/// A spectator's ask as [`ask`], having heard the lines of chat up to `heard`.
fn ask_after_chat(key: &GameKey, counter: u64, (first, echo): (u64, u64), heard: u32) -> Vec<u8> {
    let mut body = ASK.to_vec();
    body.extend_from_slice(&counter.to_le_bytes());
    body.extend_from_slice(&first.to_le_bytes());
    body.extend_from_slice(&echo.to_le_bytes());
    body.extend_from_slice(&heard.to_le_bytes());
    sealed(key, SPECTATOR, WATCHED, body)
}

/// Inputs a tick, two seats: seat 0 walks forward with a turn of `t` 64ths of a degree.
fn ticks(n: usize) -> Vec<Input> {
    (0..n)
        .flat_map(|t| {
            let walking = Input {
                forward: 1.0,
                turn: t as f64 / 64.0,
                ..Input::default()
            };
            [walking, Input::default()]
        })
        .collect()
}

/// A seat offering [`offer`]'s game (fingerprint 42) with `kept` ticks of inputs and the
/// line of chat `said` (by seat 1), a spectator of it at a made-up address, and the key of
/// their code: the spectator has read the answer to its first ask, which is the game alone
/// (it has not yet shown that it receives), and no chat.
fn watching(kept: usize, said: &str) -> (Broadcast, Watcher, SocketAddr, GameKey) {
    let mut broadcast = Broadcast::new(&offer(), 42);
    broadcast.keep(&ticks(kept));
    broadcast.chat(1, said);
    let at: SocketAddr = "127.0.0.1:9".parse().unwrap();
    let key = GameKey::from_code("493017");
    let carrier = udp_carrier("127.0.0.1:0".parse().unwrap()).unwrap();
    let mut watcher = Watcher::over(carrier, at, "493017");
    let hello = broadcast.answer(at, &ask(&key, 1, 0, 0)).unwrap();
    assert_eq!(hello.len(), 1);
    assert!(watcher.read(&hello[0].0));
    assert_eq!(watcher.echo, 1);
    assert!(watcher.take_chat().is_empty());
    (broadcast, watcher, at, key)
}

#[test]
fn a_spectator_hears_each_line_of_chat_once_printable_and_only_once_it_receives() {
    let (mut broadcast, mut watcher, at, key) = watching(0, "hello there");
    // Having shown that it receives: the game and the line; said with the player's name.
    std::thread::sleep(ASK_AGAIN);
    let answer = broadcast.answer(at, &ask(&key, 2, 0, 1)).unwrap();
    assert_eq!(answer.len(), 2);
    for (datagram, _) in &answer {
        assert!(watcher.read(datagram));
    }
    assert_eq!(watcher.take_chat(), [(1, "hello there".to_string())]);
    // Heard: not sent again; the next line (control characters and all) comes alone.
    std::thread::sleep(ASK_AGAIN);
    let none = broadcast
        .answer(at, &ask_after_chat(&key, 3, (1, 3), 1))
        .unwrap();
    assert!(none.is_empty(), "{none:?}");
    broadcast.chat(0, "\u{1b}]0;pwned\u{7}hi");
    std::thread::sleep(ASK_AGAIN);
    let next = broadcast
        .answer(at, &ask_after_chat(&key, 4, (1, 3), 1))
        .unwrap();
    assert_eq!(next.len(), 1);
    assert!(watcher.read(&next[0].0));
    assert!(
        !watcher.read(&next[0].0),
        "the same datagram again is dropped"
    );
    assert_eq!(watcher.take_chat(), [(0, "]0;pwnedhi".to_string())]);
    // A line said again under an old number (a chunk asked for twice) is not heard twice.
    std::thread::sleep(ASK_AGAIN);
    let again = broadcast
        .answer(at, &ask_after_chat(&key, 5, (1, 4), 0))
        .unwrap();
    assert_eq!(again.len(), 1);
    assert!(watcher.read(&again[0].0));
    assert!(watcher.take_chat().is_empty());
    // A line longer than a datagram's 255 bytes for it is cut where a character ends.
    broadcast.chat(1, &"𝄞".repeat(70));
    std::thread::sleep(ASK_AGAIN);
    let long = broadcast
        .answer(at, &ask_after_chat(&key, 6, (1, 4), 2))
        .unwrap();
    assert!(watcher.read(&long[0].0));
    let heard = watcher.take_chat();
    assert_eq!(heard.len(), 1);
    assert_eq!(heard[0].1, "𝄞".repeat(63), "four bytes each");
}

#[test]
fn a_spectator_with_the_code_gets_the_game_and_its_inputs_as_played() {
    // (The first ask had the game alone.)
    let (mut broadcast, mut watcher, at, key) = watching(150, "hi");
    // Echoing it: the game, then 150 ticks in three chunks (and the line of chat).
    std::thread::sleep(ASK_AGAIN);
    let answer = broadcast.answer(at, &ask(&key, 2, 0, 1)).unwrap();
    assert_eq!(answer.len(), 5);
    assert!(answer.iter().all(|(_, to)| *to == at));
    for (datagram, _) in &answer {
        assert!(watcher.read(datagram));
    }
    assert_eq!(watcher.game().unwrap().fingerprint, 42);
    assert_eq!(watcher.game().unwrap().names, ["ANNA", "BO"]);
    assert_eq!(watcher.ticks_known(), 150);
    let played: Vec<Input> = ticks(150).iter().map(|i| i.quantised()).collect();
    assert_eq!(watcher.take_inputs(), played);
    assert!(watcher.take_inputs().is_empty());
    // The same answer again (sent again by someone): nothing new, each refused.
    for (datagram, _) in &answer {
        assert!(!watcher.read(datagram));
    }
    // An ask with the code from an address never answered, or echoing a counter never
    // sent there (another's address put on it): the game alone, never the inputs.
    let stranger = SocketAddr::from(([127, 0, 0, 1], 10));
    for echo in [0, 5, 999] {
        let answered = broadcast.answer(stranger, &ask(&key, 10 + echo, 0, echo));
        assert_eq!(answered.unwrap().len(), 1, "echo {echo}");
        std::thread::sleep(ASK_AGAIN);
    }
}

#[test]
fn asks_without_the_code_sent_again_or_too_many_get_nothing() {
    let mut broadcast = Broadcast::new(&offer(), 42);
    broadcast.keep(&ticks(10));
    let at: SocketAddr = "127.0.0.1:9".parse().unwrap();
    let wrong = GameKey::from_code("000000");
    assert_eq!(broadcast.answer(at, b"TCnp not an ask"), None);
    let key = GameKey::from_code("493017");
    assert_eq!(
        broadcast.answer(at, &ask(&wrong, 1, 0, 0)),
        Some(Vec::new())
    );
    let asked = ask(&key, 1, 0, 0);
    assert_eq!(broadcast.answer(at, &asked).unwrap().len(), 1);
    std::thread::sleep(ASK_AGAIN);
    assert!(
        broadcast.answer(at, &asked).unwrap().is_empty(),
        "sent again"
    );
    // Eight spectators at most: a ninth address is not answered.
    for port in 10..10 + MOST_WATCHERS as u16 {
        let other = SocketAddr::from(([127, 0, 0, 1], port));
        let answered = broadcast.answer(other, &ask(&key, 1, 0, 0)).unwrap();
        assert_eq!(answered.is_empty(), port as usize >= 9 + MOST_WATCHERS);
    }
}

#[test]
fn inputs_of_another_game_or_malformed_are_dropped() {
    let carrier = udp_carrier("127.0.0.1:0".parse().unwrap()).unwrap();
    let at: SocketAddr = "127.0.0.1:9".parse().unwrap();
    let mut watcher = Watcher::over(carrier, at, "493017");
    let mut first = Broadcast::new(&offer(), 42);
    first.keep(&ticks(5));
    let key = GameKey::from_code("493017");
    let hello = first.answer(at, &ask(&key, 1, 0, 0)).unwrap();
    assert!(watcher.read(&hello[0].0));
    std::thread::sleep(ASK_AGAIN);
    // The game again (counter 2), and the inputs (3).
    let answer = first.answer(at, &ask(&key, 2, 0, 1)).unwrap();
    // The next level's inputs (another fingerprint) are not this game's.
    let mut next = Broadcast::new(&offer(), 43);
    next.keep(&ticks(5));
    next.counter = 10;
    next.answer(at, &ask(&key, 1, 0, 0)).unwrap();
    std::thread::sleep(ASK_AGAIN);
    let other = next.answer(at, &ask(&key, 2, 1, 11)).unwrap();
    assert_eq!(other.len(), 1);
    assert!(!watcher.read(&other[0].0));
    assert_eq!(watcher.ticks_known(), 0);
    // A chunk cut short, its code made anew: refused.
    let mut body = answer[1].0[..answer[1].0.len() - TAG - 3].to_vec();
    body[4..12].copy_from_slice(&20u64.to_le_bytes());
    assert!(!watcher.read(&sealed(&key, WATCHED, SPECTATOR, body)));
    assert!(watcher.read(&answer[1].0));
    assert_eq!(watcher.ticks_known(), 5);
}

/// A UDP socket that knows its peers by address, as a room's data channels know who is in
/// the room.
struct KnownPeers {
    socket: std::net::UdpSocket,
    peers: Vec<SocketAddr>,
}

impl crate::net::Datagrams for KnownPeers {
    fn send_datagram(&mut self, bytes: &[u8], to: SocketAddr) -> std::io::Result<()> {
        self.socket.send_datagram(bytes, to)
    }

    fn receive_datagram(&mut self, buffer: &mut [u8]) -> std::io::Result<(usize, SocketAddr)> {
        self.socket.receive_datagram(buffer)
    }

    fn local_addr(&mut self) -> Option<SocketAddr> {
        self.socket.local_addr().ok()
    }

    fn known_peers(&mut self) -> Vec<SocketAddr> {
        self.peers.clone()
    }
}

/// A socket on loopback, bound and waiting at most a second to read.
fn loopback() -> (std::net::UdpSocket, SocketAddr) {
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    socket
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    let at = socket.local_addr().unwrap();
    (socket, at)
}

/// The datagram `socket` receives, with its sender (`None` within a second).
fn received(socket: &std::net::UdpSocket) -> Option<(Vec<u8>, SocketAddr)> {
    let mut buffer = [0; LARGEST];
    let (n, from) = socket.recv_from(&mut buffer).ok()?;
    Some((buffer[..n].to_vec(), from))
}

#[test]
fn in_a_room_the_spectator_asks_everyone_until_the_seat_offering_watching_answers() {
    let (host, host_at) = loopback();
    let (player, player_at) = loopback();
    let (socket, _) = loopback();
    socket.set_nonblocking(true).unwrap();
    let carrier: crate::net::Carrier =
        std::rc::Rc::new(std::cell::RefCell::new(Box::new(KnownPeers {
            socket,
            peers: vec![player_at, host_at],
        })));
    let mut watcher = Watcher::in_room(carrier, "493017");
    watcher.poll();
    // Everyone in the room is asked.
    let (to_player, watcher_at) = received(&player).expect("the player is asked");
    let (asked, _) = received(&host).expect("the host is asked");
    assert_eq!(to_player, asked);
    // The other player answers something under another code (as a stranger would): dropped;
    // the host's answer under the code makes it the seat watched.
    let mut stranger = Broadcast::new(
        &WatchOffer {
            code: "111111".into(),
            ..offer()
        },
        42,
    );
    let forged = stranger.answer(watcher_at, &ask(&GameKey::from_code("111111"), 1, 0, 0));
    player.send_to(&forged.unwrap()[0].0, watcher_at).unwrap();
    let mut broadcast = Broadcast::new(&offer(), 42);
    for (datagram, to) in broadcast.answer(watcher_at, &asked).unwrap() {
        host.send_to(&datagram, to).unwrap();
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while watcher.game().is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        watcher.poll();
    }
    assert_eq!(watcher.game().map(|g| g.fingerprint), Some(42));
    assert_eq!(watcher.dropped, 1, "the other code's answer");
    // From then on only the host is asked (the player's asks till then put aside).
    player.set_nonblocking(true).unwrap();
    host.set_nonblocking(true).unwrap();
    while received(&player).is_some() {}
    while received(&host).is_some() {}
    std::thread::sleep(ASK_EVERY);
    watcher.poll();
    host.set_nonblocking(false).unwrap();
    let (again, _) = received(&host).expect("the host is asked again");
    assert!(again.starts_with(&ASK));
    assert_eq!(received(&player), None, "the player is asked no more");
}
