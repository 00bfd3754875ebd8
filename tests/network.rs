//! Network play for real: `tilecaster autoplay --net` processes on loopback playing one co-op
//! game, talking through a relay written here that delays every datagram (50 ms each way: a
//! 100 ms round trip) and loses one in twenty, must end on the same final state hash. Bad
//! datagrams (garbage, another game's, a flood) are dropped without harm, a peer that leaves
//! does not stop the others, and machines set up for different games refuse to play.

use std::collections::VecDeque;
use std::net::{SocketAddr, UdpSocket};
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_tilecaster");

/// A loopback address free now (bound and let go).
fn free_address() -> SocketAddr {
    UdpSocket::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// A datagram relay between `n` players: player `i` reaches player `j` at `address(i, j)`;
/// what arrives there from `i` goes on to `j` (from `address(j, i)`, so that `j` sees it come
/// from where it reaches `i`) after `delay`, unless it is one of the `loss` lost (a fixed
/// pseudo-random pick). It can also put player `i`'s address on datagrams of its own
/// ([`Relay::forge`]), and send `i`'s last datagram to `j` again ([`Relay::replay`]).
struct Relay {
    addresses: Vec<Vec<Option<SocketAddr>>>,
    /// Datagrams to send at once as if from `i` to `j`.
    forged: Arc<std::sync::Mutex<Vec<Forged>>>,
    /// For each `(i, j)`: datagrams passed, and the last.
    seen: Arc<std::sync::Mutex<std::collections::HashMap<(usize, usize), Seen>>>,
    /// Changes to make to datagrams from `i` to `j` as they pass.
    tamper: Arc<std::sync::Mutex<Vec<Tamper>>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<(u64, u64)>>,
}

/// A datagram a relay sends as if from player `i` to player `j`: `(i, j, bytes)`.
type Forged = (usize, usize, Vec<u8>);
/// Datagrams a relay passed one way, and the last of them.
type Seen = (u64, Vec<u8>);
/// A change a relay makes to each datagram from player `i` to `j`: `(i, j, change)`.
type Tamper = (usize, usize, Box<dyn FnMut(&mut Vec<u8>) + Send>);

impl Relay {
    fn start(players: &[SocketAddr], delay: Duration, loss: f64) -> Relay {
        let n = players.len();
        let mut sockets: Vec<Vec<Option<UdpSocket>>> = (0..n).map(|_| Vec::new()).collect();
        for (i, row) in sockets.iter_mut().enumerate() {
            for j in 0..n {
                row.push((i != j).then(|| {
                    let s = UdpSocket::bind("127.0.0.1:0").unwrap();
                    s.set_nonblocking(true).unwrap();
                    s
                }));
            }
        }
        let addresses = sockets
            .iter()
            .map(|row| {
                row.iter()
                    .map(|s| s.as_ref().map(|s| s.local_addr().unwrap()))
                    .collect()
            })
            .collect();
        let stop = Arc::new(AtomicBool::new(false));
        let players = players.to_vec();
        let halt = stop.clone();
        let forged: Arc<std::sync::Mutex<Vec<Forged>>> = Arc::default();
        let seen = Arc::new(std::sync::Mutex::new(std::collections::HashMap::new()));
        let (to_forge, to_note) = (forged.clone(), seen.clone());
        let tamper: Arc<std::sync::Mutex<Vec<Tamper>>> = Arc::default();
        let to_tamper = tamper.clone();
        let thread = std::thread::spawn(move || {
            let mut pending: VecDeque<(Instant, usize, usize, Vec<u8>)> = VecDeque::new();
            let mut random: u64 = 0x9E37_79B9_7F4A_7C15;
            let (mut passed, mut lost) = (0u64, 0u64);
            let mut buffer = [0u8; 65536];
            while !halt.load(Ordering::Relaxed) {
                for (i, row) in sockets.iter().enumerate() {
                    for (j, socket) in row.iter().enumerate() {
                        let Some(socket) = socket else {
                            continue;
                        };
                        while let Ok((len, from)) = socket.recv_from(&mut buffer) {
                            if from != players[i] {
                                continue;
                            }
                            random ^= random << 13;
                            random ^= random >> 7;
                            random ^= random << 17;
                            if (random % 10_000) as f64 / 10_000.0 < loss {
                                lost += 1;
                                continue;
                            }
                            passed += 1;
                            let mut seen = to_note.lock().unwrap();
                            let noted = seen.entry((i, j)).or_insert((0, Vec::new()));
                            noted.0 += 1;
                            noted.1 = buffer[..len].to_vec();
                            drop(seen);
                            let mut bytes = buffer[..len].to_vec();
                            for (from, to, change) in to_tamper.lock().unwrap().iter_mut() {
                                if (*from, *to) == (i, j) {
                                    change(&mut bytes);
                                }
                            }
                            if bytes.is_empty() {
                                continue;
                            }
                            pending.push_back((Instant::now() + delay, i, j, bytes));
                        }
                    }
                }
                for (i, j, bytes) in to_forge.lock().unwrap().drain(..) {
                    if let Some(out) = &sockets[j][i] {
                        let _ = out.send_to(&bytes, players[j]);
                    }
                }
                let now = Instant::now();
                while pending.front().is_some_and(|p| p.0 <= now) {
                    let (_, i, j, bytes) = pending.pop_front().unwrap();
                    if let Some(out) = &sockets[j][i] {
                        let _ = out.send_to(&bytes, players[j]);
                    }
                }
                std::thread::sleep(Duration::from_micros(500));
            }
            (passed, lost)
        });
        Relay {
            addresses,
            forged,
            seen,
            tamper,
            stop,
            thread: Some(thread),
        }
    }

    /// Where player `i` reaches player `j`.
    fn address(&self, i: usize, j: usize) -> SocketAddr {
        self.addresses[i][j].unwrap()
    }

    /// Sends `bytes` to player `j` as if from player `i` (from where `j` reaches `i`).
    fn forge(&self, i: usize, j: usize, bytes: Vec<u8>) {
        self.forged.lock().unwrap().push((i, j, bytes));
    }

    /// Sends player `i`'s last datagram to `j` again, `times` times.
    fn replay(&self, i: usize, j: usize, times: usize) {
        let last = self.seen.lock().unwrap().get(&(i, j)).map(|s| s.1.clone());
        for _ in 0..times {
            self.forge(i, j, last.clone().expect("a datagram to send again"));
        }
    }

    /// Changes each datagram from player `i` to `j` with `change` from now on (beside the
    /// changes asked for before); a datagram emptied is dropped.
    fn tamper(&self, i: usize, j: usize, change: impl FnMut(&mut Vec<u8>) + Send + 'static) {
        self.tamper.lock().unwrap().push((i, j, Box::new(change)));
    }

    /// The datagrams passed from player `i` to `j`.
    fn seen(&self, i: usize, j: usize) -> u64 {
        self.seen.lock().unwrap().get(&(i, j)).map_or(0, |s| s.0)
    }

    /// Stops it: the datagrams passed and lost.
    fn finish(mut self) -> (u64, u64) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take().unwrap().join().unwrap()
    }
}

/// Starts `autoplay --net` for seat `seat` listening on `bind` with the other seats at `peers`.
fn seat(seat: usize, bind: SocketAddr, peers: &[SocketAddr], extra: &[&str]) -> Child {
    let mut command = Command::new(BIN);
    command.args([
        "autoplay",
        "--net",
        "--level",
        "levels/e1m1.toml",
        "--seed",
        "5",
    ]);
    command.args(["--bind", &bind.to_string(), "--seat", &seat.to_string()]);
    for p in peers {
        command.args(["--peer", &p.to_string()]);
    }
    command
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The final state line of a finished seat, or a failure with its output.
fn final_line(output: &Output, who: &str) -> String {
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(
        output.status.success(),
        "{who} failed: {}\n{stdout}\n{stderr}",
        output.status
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("final state "))
        .unwrap_or_else(|| panic!("{who} printed no final state:\n{stdout}\n{stderr}"));
    eprintln!("{who}: {line}\n{stderr}");
    line.to_string()
}

/// Stops the process `child` (SIGSTOP) for `pause`, then lets it go on (SIGCONT): a laptop's
/// lid shut, a stalled Wi-Fi.
fn stop_for(child: &Child, pause: Duration) {
    let signal = |what: &str| {
        let sent = Command::new("kill")
            .args([what, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill {what}");
    };
    signal("-STOP");
    std::thread::sleep(pause);
    signal("-CONT");
}

/// `autoplay --net` for every one of `players`, each reaching the others through `relay`,
/// with `extra` arguments.
fn seats_through(relay: &Relay, players: &[SocketAddr], extra: &[&str]) -> Vec<Child> {
    let n = players.len();
    (0..n)
        .map(|i| {
            let peers: Vec<SocketAddr> = (0..n)
                .filter(|&j| j != i)
                .map(|j| relay.address(i, j))
                .collect();
            seat(i, players[i], &peers, extra)
        })
        .collect()
}

/// Each seat's final state line, waiting for them in seat order.
fn final_lines(children: Vec<Child>) -> Vec<String> {
    finished(children, "seat").1
}

/// What each of `children` printed, waiting for them in order, and its final state line
/// (each called `who` and its number where it failed).
fn finished(children: Vec<Child>, who: &str) -> (Vec<Output>, Vec<String>) {
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let lines = outputs
        .iter()
        .enumerate()
        .map(|(i, output)| final_line(output, &format!("{who} {i}")))
        .collect();
    (outputs, lines)
}

/// `n` seats playing `ticks` ticks through a relay of 100 ms round trips losing 5%: every seat
/// ends on the same state, each having raised its input delay from none (autoplay's) to the
/// round trip's (three ticks for 100 ms; four where the machine is slow to answer).
fn play_through_relay(n: usize, ticks: u64) {
    let players: Vec<SocketAddr> = (0..n).map(|_| free_address()).collect();
    let relay = Relay::start(&players, Duration::from_millis(50), 0.05);
    let ticks = ticks.to_string();
    let children = seats_through(&relay, &players, &["--ticks", &ticks]);
    let (outputs, lines) = finished(children, "seat");
    for output in &outputs {
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(
            said.contains("(input delay 0 ticks, 3 at the end)")
                || said.contains("(input delay 0 ticks, 4 at the end)"),
            "the input delay did not follow the round trip: {said}"
        );
    }
    let (passed, lost) = relay.finish();
    let share = lost as f64 / (passed + lost) as f64;
    assert!(
        (0.02..0.1).contains(&share),
        "the relay lost {lost} of {}",
        passed + lost
    );
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    assert_eq!(lines[0].split(' ').next_back(), Some("ticks"));
}

#[test]
fn two_seats_through_a_slow_lossy_relay_end_on_one_state() {
    play_through_relay(2, 600);
}

#[test]
fn four_seats_through_a_slow_lossy_relay_end_on_one_state() {
    play_through_relay(4, 300);
}

#[test]
fn garbage_strangers_and_a_flood_are_dropped_without_harm() {
    let players = [free_address(), free_address()];
    let mut a = seat(0, players[0], &[players[1]], &["--ticks", "300"]);
    let b = seat(1, players[1], &[players[0]], &["--ticks", "300"]);
    // From a stranger's address: garbage, this game's mark with another fingerprint, and a
    // flood of at least 10,000 datagrams at seat 0, kept up until seat 0 has finished: on a
    // busy machine a seat may take longer to start than a flood of a few seconds lasts, and
    // what arrives before it has bound its socket reaches nobody.
    let stranger = UdpSocket::bind("127.0.0.1:0").unwrap();
    let start = Instant::now();
    let mut sent = 0u32;
    while sent < 10_000
        || (a.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(120))
    {
        for _ in 0..500 {
            let mut junk = b"TCnp\x01\x02\x03\x04\x05\x06\x07\x08".to_vec();
            junk.extend((0..40).map(|k| (k * 37 + sent) as u8));
            let _ = stranger.send_to(&junk, players[0]);
            let _ = stranger.send_to(&[0xFF; 3], players[1]);
            sent += 1;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(sent >= 10_000);
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    let stderr = String::from_utf8_lossy(&a.stderr).into_owned();
    assert_eq!(final_line(&a, "seat 0"), final_line(&b, "seat 1"));
    let strangers: u64 = stderr
        .split("datagrams dropped: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of dropped datagrams: {stderr}"));
    assert!(
        strangers > 1000,
        "seat 0 dropped {strangers} from strangers"
    );
}

#[test]
fn a_peer_that_leaves_does_not_stop_the_others() {
    let players = [free_address(), free_address(), free_address()];
    let others = |me: usize| -> Vec<SocketAddr> {
        (0..3).filter(|&s| s != me).map(|s| players[s]).collect()
    };
    let ticks = ["--ticks", "600"];
    let a = seat(0, players[0], &others(0), &ticks);
    let b = seat(1, players[1], &others(1), &ticks);
    let mut c = seat(2, players[2], &others(2), &ticks);
    // Seat 2 plays a few seconds, then its process is gone.
    std::thread::sleep(Duration::from_secs(4));
    c.kill().unwrap();
    let _ = c.wait();
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_eq!(final_line(&a, "seat 0"), final_line(&b, "seat 1"));
    for out in [a, b] {
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(stderr.contains("seat 2 left"), "{stderr}");
    }
}

/// The other player of a game of two gone for good (stopped for twelve seconds, past the
/// ten the game waits): the game ends on both machines, the one saying who left, the one
/// stopped that it stood still too long, and the recording of what was played together is
/// kept and replays.
#[test]
fn a_game_of_two_ends_when_the_other_is_gone_for_good() {
    let players = [free_address(), free_address()];
    let dir = std::env::temp_dir().join(format!("tilecaster-gone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("together.txt");
    let record_arg = record.to_str().unwrap();
    let a = seat(
        0,
        players[0],
        &[players[1]],
        &["--ticks", "1800", "--record", record_arg],
    );
    let b = seat(1, players[1], &[players[0]], &["--ticks", "1800"]);
    std::thread::sleep(Duration::from_secs(3));
    stop_for(&b, Duration::from_secs(12));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    let stood = "s, longer than the other seat waits (10 s): a game of two ends there";
    for (out, who, line) in [
        (&a, "seat 0", "seat 1 left: a game of two ends there"),
        (&b, "seat 1", "this machine stood still for 1"),
    ] {
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{who} went on: {said}");
        let line = format!("the network game stopped: {line}");
        assert!(
            said.contains(&line) && said.contains(stood) == (who == "seat 1"),
            "{who}: {said}"
        );
    }
    let replayed = Command::new(BIN)
        .args(["replay", record_arg])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&replayed.stdout);
    assert!(replayed.status.success(), "{said}");
    assert!(said.starts_with("final state "), "{said}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn machines_set_up_for_different_games_refuse_to_play() {
    let players = [free_address(), free_address()];
    let wait = ["--ticks", "60", "--wait", "3"];
    let a = seat(0, players[0], &[players[1]], &wait);
    // Another seed: another game.
    let mut b = Command::new(BIN);
    b.args([
        "autoplay",
        "--net",
        "--level",
        "levels/e1m1.toml",
        "--seed",
        "6",
    ]);
    b.args(["--bind", &players[1].to_string(), "--seat", "1"]);
    b.args(["--peer", &players[0].to_string()]).args(wait);
    let b = b
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Each says what differs, from its own side, and stops (not waiting to reach the other).
    for (child, who, said) in [
        (
            a,
            "seat 0",
            "seat 1 plays another game: seed 6 there, 5 here",
        ),
        (
            b,
            "seat 1",
            "seat 0 plays another game: seed 5 there, 6 here",
        ),
    ] {
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success(),
            "{who} played a game it should not have"
        );
        assert!(stderr.contains(said), "{who}: {stderr}");
        assert!(!stderr.contains("cannot reach seat"), "{who}: {stderr}");
    }
}

#[test]
fn bad_network_arguments_are_clear_errors() {
    let run = |args: &[&str]| {
        let out = Command::new(BIN)
            .arg("autoplay")
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(run(&["--net", "--peer", "127.0.0.1:9"]).contains("--bind"));
    assert!(run(&["--net", "--bind", "127.0.0.1:0"]).contains("--peer"));
    let bind = ["--net", "--bind", "127.0.0.1:0", "--peer", "127.0.0.1:9"];
    assert!(run(&[&bind[..], &["--seat", "2"]].concat()).contains("--seat 2"));
    assert!(run(&["--bind", "127.0.0.1:0"]).contains("--net"));
}

#[test]
fn a_deathmatch_over_the_network_ends_on_one_state() {
    let players = [free_address(), free_address()];
    let dm = ["--ticks", "900", "--mode", "deathmatch"];
    let a = seat(0, players[0], &[players[1]], &dm);
    let b = seat(1, players[1], &[players[0]], &dm);
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_eq!(final_line(&a, "seat 0"), final_line(&b, "seat 1"));
    let stderr = String::from_utf8_lossy(&a.stderr);
    assert!(stderr.contains("frags: seat"), "{stderr}");
}

/// `--audio-out` on each seat of a networked game: one tick of sound a tick played, so the
/// sound of `--ticks 600` is exactly ten seconds on every seat, however the frames fell (the
/// window and `autoplay --net` drive the same runner, which reports every tick once).
#[test]
fn a_networked_games_sound_is_exactly_its_ticks_long() {
    let dir = tempfile::tempdir().unwrap();
    let players = [free_address(), free_address()];
    let files = [dir.path().join("seat0.wav"), dir.path().join("seat1.wav")];
    let children: Vec<Child> = (0..2)
        .map(|i| {
            let f = files[i].to_str().unwrap();
            let args = ["--ticks", "600", "--mode", "deathmatch", "--audio-out", f];
            seat(i, players[i], &[players[1 - i]], &args)
        })
        .collect();
    let lines = final_lines(children);
    assert_eq!(lines[0], lines[1]);
    for file in &files {
        let wav = hound::WavReader::open(file).unwrap();
        let spec = wav.spec();
        assert_eq!(
            (spec.channels, spec.sample_rate),
            (2, tilecaster::audio::RATE)
        );
        assert_eq!(
            u64::from(wav.duration()),
            600 * tilecaster::audio::FRAMES_PER_TICK as u64,
            "{}: ten seconds of sound",
            file.display()
        );
    }
}

/// `--record` on each seat of a networked game writes every seat's inputs; both recordings are
/// the same, and `tilecaster replay` plays each to the final state the seats printed.
#[test]
fn a_networked_game_recorded_on_every_seat_replays_to_its_final_state() {
    let dir = tempfile::tempdir().unwrap();
    let players = [free_address(), free_address()];
    let files = [dir.path().join("seat0.rec"), dir.path().join("seat1.rec")];
    // Without --force over no file; with it over a file that is there.
    let run = |mode: &str, force: bool| {
        let children: Vec<Child> = (0..2)
            .map(|i| {
                let f = files[i].to_str().unwrap();
                let mut args = vec!["--ticks", "400", "--mode", mode, "--record", f];
                if force {
                    std::fs::write(f, "an older recording").unwrap();
                    args.push("--force");
                }
                seat(i, players[i], &[players[1 - i]], &args)
            })
            .collect();
        let lines = final_lines(children);
        assert_eq!(lines[0], lines[1]);
        let texts: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        assert_eq!(texts[0], texts[1], "both seats recorded the same inputs");
        assert!(texts[0].contains("\nseats 2\n") && texts[0].contains("\nseed 5\n"));
        assert_eq!(texts[0].contains("\ndeathmatch "), mode == "deathmatch");
        for f in &files {
            let out = Command::new(BIN).arg("replay").arg(f).output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), lines[0]);
            std::fs::remove_file(f).unwrap();
        }
    };
    run("coop", false);
    run("deathmatch", true);
    // Never over a file that is there.
    std::fs::write(&files[0], "mine").unwrap();
    let out = Command::new(BIN)
        .args([
            "autoplay",
            "--net",
            "--bind",
            "127.0.0.1:0",
            "--peer",
            "127.0.0.1:9",
        ])
        .arg("--record")
        .arg(&files[0])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(std::fs::read_to_string(&files[0]).unwrap(), "mine");
}

/// `autoplay --net` meeting in a lobby (`--host N`, `--join ADDR`) with the given names; the
/// host (player 0) first.
fn lobby_players(
    host_bind: SocketAddr,
    joins: &[(SocketAddr, SocketAddr)],
    extra: &[&str],
) -> Vec<Child> {
    let names = ["anna", "bo", "cy", "di"];
    let start = |args: Vec<String>| {
        Command::new(BIN)
            .args(["autoplay", "--net", "--wait", "30"])
            .args(args)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let players = (joins.len() + 1).to_string();
    let mut children = vec![start(vec![
        "--host".into(),
        players,
        "--bind".into(),
        host_bind.to_string(),
        "--name".into(),
        names[0].into(),
        "--level".into(),
        "levels/e1m1.toml".into(),
        "--seed".into(),
        "11".into(),
        "--code".into(),
        "493017".into(),
    ])];
    for (k, (bind, host)) in joins.iter().enumerate() {
        children.push(start(vec![
            "--join".into(),
            host.to_string(),
            "--bind".into(),
            bind.to_string(),
            "--name".into(),
            names[k + 1].into(),
            "--code".into(),
            "493017".into(),
        ]));
    }
    children
}

/// Two players who meet in a lobby through the slow, lossy relay (100 ms round trips): the
/// joiner learns the host's game, the input delay is set from the round trip measured in the
/// lobby (three ticks: 50 ms each way), and both end on one state.
#[test]
fn a_lobby_through_a_slow_lossy_relay_sets_the_input_delay_from_the_round_trip() {
    let players = [free_address(), free_address()];
    let relay = Relay::start(&players, Duration::from_millis(50), 0.05);
    let children = lobby_players(
        players[0],
        &[(players[1], relay.address(1, 0))],
        &["--ticks", "600"],
    );
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    relay.finish();
    let lines: Vec<String> = outputs
        .iter()
        .enumerate()
        .map(|(i, o)| final_line(o, &format!("player {i}")))
        .collect();
    assert_eq!(lines[0], lines[1]);
    let joiner = String::from_utf8_lossy(&outputs[1].stderr);
    assert!(joiner.contains("players: ANNA, BO"), "{joiner}");
    // 50 ms each way is three ticks (four where a loaded machine adds to the trip); on
    // loopback (the deathmatch below) one.
    for output in &outputs {
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(
            said.contains("input delay 3 ticks") || said.contains("input delay 4 ticks"),
            "{said}"
        );
    }
    assert!(joiner.contains("seat 0 (ANNA)"), "{joiner}");
}

/// Three players meet in a lobby on loopback for a deathmatch the host chose: each learns its
/// seat and the others' addresses from the host, and all three end on one state.
#[test]
fn three_players_meet_in_a_lobby_for_a_deathmatch() {
    let host = free_address();
    let children = lobby_players(
        host,
        &[(free_address(), host), (free_address(), host)],
        &["--ticks", "600", "--mode", "deathmatch"],
    );
    let (outputs, lines) = finished(children, "player");
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    // Seats in the order the joiners arrived, the host's first; one tick of delay on loopback.
    let mut seats = Vec::new();
    for output in &outputs {
        let said = String::from_utf8_lossy(&output.stderr);
        let seat = (0..3)
            .find(|s| said.contains(&format!("as seat {s} of 3, input delay 1 tick")))
            .unwrap_or_else(|| panic!("no seat: {said}"));
        seats.push(seat);
        assert!(said.contains("frags: seat"), "{said}");
        assert!(said.contains("(CY)") && said.contains("(BO)"), "{said}");
    }
    assert_eq!(seats[0], 0);
    seats.sort();
    assert_eq!(seats, [0, 1, 2]);
}

/// `autoplay --net --watch HOST --code CODE` with `extra` arguments.
fn spectator(host: SocketAddr, code: &str, extra: &[&str]) -> Child {
    Command::new(BIN)
        .args([
            "autoplay",
            "--net",
            "--watch",
            &host.to_string(),
            "--code",
            code,
        ])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Four spectators watch a deathmatch of two met in a lobby: three from before it begins,
/// one from five seconds in (it catches up), each on the players' very state, and each hears
/// the players' chat by their names; the late one's recording replays to it. One without the
/// code is told nothing.
#[test]
fn spectators_with_the_code_see_the_players_state_and_strangers_see_nothing() {
    let host = free_address();
    let ticks = ["--ticks", "900"];
    let mut children = lobby_players(
        host,
        &[(free_address(), host)],
        &[
            "--ticks",
            "900",
            "--mode",
            "deathmatch",
            "--say",
            "good game",
        ],
    );
    for _ in 0..3 {
        children.push(spectator(
            host,
            "493017",
            &["--ticks", "900", "--wait", "30"],
        ));
    }
    let stranger = spectator(host, "000000", &["--ticks", "900", "--wait", "4"]);
    std::thread::sleep(Duration::from_secs(5));
    let dir = std::env::temp_dir().join(format!("tilecaster-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let recording = dir.join("watched.txt");
    let _ = std::fs::remove_file(&recording);
    let record = recording.to_str().unwrap();
    children.push(spectator(
        host,
        "493017",
        &[ticks[0], ticks[1], "--record", record],
    ));
    let (outputs, lines) = finished(children, "process");
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    for spectator in &outputs[2..] {
        let heard = String::from_utf8_lossy(&spectator.stderr);
        assert!(
            heard.contains("ANNA: good game") && heard.contains("BO: good game"),
            "{heard}"
        );
    }
    let told = stranger.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&told.stderr);
    assert!(
        !told.status.success() && said.contains("no game to watch"),
        "{said}"
    );
    let replayed = Command::new(BIN).args(["replay", record]).output().unwrap();
    let replayed = String::from_utf8_lossy(&replayed.stdout);
    assert_eq!(replayed.lines().next(), Some(lines[0].as_str()));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A game of two whose seats were named (`--peer`, no lobby) with a code: seat 0 offers it to
/// spectators under that code, and a spectator ends on the players' state; without the code,
/// nothing.
#[test]
fn seat_zero_of_a_game_of_named_seats_offers_watching_under_its_code() {
    let players = [free_address(), free_address()];
    let args = ["--ticks", "600", "--code", "271828"];
    let a = seat(0, players[0], &[players[1]], &args);
    let b = seat(1, players[1], &[players[0]], &args);
    let watching = spectator(players[0], "271828", &["--ticks", "600", "--wait", "30"]);
    let stranger = spectator(players[0], "000000", &["--ticks", "600", "--wait", "4"]);
    let lines: Vec<String> = [a, b, watching]
        .into_iter()
        .enumerate()
        .map(|(i, c)| final_line(&c.wait_with_output().unwrap(), &format!("process {i}")))
        .collect();
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    let told = stranger.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&told.stderr);
    assert!(
        !told.status.success() && said.contains("no game to watch"),
        "{said}"
    );
}

#[test]
fn lobby_arguments_and_a_missing_host_are_clear_errors() {
    let run = |args: &[&str]| {
        let out = Command::new(BIN)
            .args(["autoplay", "--net"])
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(run(&["--host", "1", "--bind", "127.0.0.1:0"]).contains("2 to 4 players"));
    assert!(run(&["--host", "2"]).contains("--bind"));
    assert!(
        run(&[
            "--host",
            "2",
            "--join",
            "127.0.0.1:9",
            "--bind",
            "127.0.0.1:0"
        ])
        .contains("cannot be used")
    );
    // The window's game: a lobby, or every peer named.
    let play = Command::new(BIN).args(["play", "--net"]).output().unwrap();
    assert!(!play.status.success());
    let said = String::from_utf8_lossy(&play.stderr);
    assert!(said.contains("--host") && said.contains("--join"), "{said}");
    // Nobody hosts there.
    let nobody = free_address().to_string();
    let said = run(&["--join", &nobody, "--code", "493017", "--wait", "1"]);
    assert!(
        said.contains(&format!("no answer from a host at {nobody}")),
        "{said}"
    );
    // Joining takes the host's code.
    assert!(run(&["--join", &nobody]).contains("--code"));
}

/// A machine that begins a moment before the other (its first requests to get in step lost,
/// as when the other still sits in the lobby or loads the level) still gets in step: ggrs
/// sends its next request only after 200 ms without sending anything, and answering the
/// other's reports every 200 ms would put that off for ever; the game's socket asks again.
#[test]
fn a_machine_that_begins_first_still_gets_in_step() {
    use tilecaster::episode::Session;
    use tilecaster::net::NetSeats;
    use tilecaster::play::{NetRun, Nobody, Runner};
    let (a, b) = (free_address(), free_address());
    let start = |bind, peer, seat| {
        let session = Session::start_on(
            std::path::Path::new("levels/e1m1.toml"),
            tilecaster::assets::Sources::default(),
            tilecaster::level::Difficulty::Normal,
        )
        .unwrap();
        let seats = NetSeats {
            bind,
            peers: vec![peer],
            seat,
            seed: 3,
            input_delay: 1,
            deathmatch: None,
            colours: Vec::new(),
            key: tilecaster::net::GameKey::from_code(""),
        };
        NetRun::start(session, seats, None).unwrap()
    };
    let mut first = start(a, b, 0);
    let early = Instant::now();
    while early.elapsed() < Duration::from_millis(700) {
        first.advance(web_time::Instant::now(), false, &mut Nobody);
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut second = start(b, a, 1);
    let deadline = Instant::now() + Duration::from_secs(8);
    let running = |run: &NetRun| run.net().running();
    while !(running(&first) && running(&second)) && Instant::now() < deadline {
        for run in [&mut first, &mut second] {
            run.advance(web_time::Instant::now(), false, &mut Nobody);
        }
        std::thread::sleep(Duration::from_millis(16));
    }
    assert!(running(&first), "the first machine never got in step");
    assert!(running(&second), "the second machine never got in step");
}

/// A datagram of the game marked `mark` as seat `from` sends it to seat `to` under `key`: the
/// game's header (its mark, the fingerprint, the sender's counter), the message, the code.
fn sealed(
    key: &tilecaster::net::GameKey,
    mark: u64,
    counter: u64,
    (from, to): (usize, usize),
    message: &[u8],
) -> Vec<u8> {
    let mut datagram = b"TCnp".to_vec();
    datagram.extend_from_slice(&mark.to_le_bytes());
    datagram.extend_from_slice(&counter.to_le_bytes());
    datagram.extend_from_slice(message);
    let tag = key.tag(from, to, &datagram);
    datagram.extend_from_slice(&tag);
    datagram
}

/// Messages of the rollback library (ggrs 0.11's encoding: its magic, the kind, the body)
/// that no honest peer sends and that it would panic on, or abort for want of memory: a
/// round-trip reply from the future; inputs with no seats' statuses ("the len is 0 but the
/// index is 0"); inputs whose run-length code asks for 2^60 bytes; inputs cut short.
fn hostile_messages() -> Vec<Vec<u8>> {
    let head = |kind: u32| {
        let mut m = 0x1234u16.to_le_bytes().to_vec();
        m.extend_from_slice(&kind.to_le_bytes());
        m
    };
    let input = |seats: u64, bytes: &[u8]| {
        let mut m = head(2);
        m.extend_from_slice(&seats.to_le_bytes());
        for _ in 0..seats {
            m.push(0);
            m.extend_from_slice(&(-1i32).to_le_bytes());
        }
        m.push(0); // no disconnect asked for
        m.extend_from_slice(&0i32.to_le_bytes()); // start frame
        m.extend_from_slice(&(-1i32).to_le_bytes()); // ack frame
        m.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        m.extend_from_slice(bytes);
        m
    };
    let mut future = head(5);
    future.extend_from_slice(&u128::MAX.to_le_bytes());
    let huge_run = [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40];
    vec![
        future,
        input(0, &[12 << 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        input(2, &huge_run),
        input(2, &[12 << 1, 0, 0]),
        input(2, &[0x80]),
    ]
}

/// A peer that knows the game (its key and fingerprint) but sends messages no honest peer
/// sends, each of which the rollback library would panic on or abort for: they are dropped
/// and counted before it reads them, and the game goes on (it waits for the peer, and says
/// nothing of a failure); the same messages under another key are counted as forged.
#[test]
fn a_hostile_peer_of_the_same_game_neither_stops_nor_crashes_it() {
    use std::sync::atomic::Ordering::Relaxed;
    use tilecaster::episode::Session;
    use tilecaster::files::level_file_hash;
    use tilecaster::net::{GameKey, NetSeats, fingerprint};
    use tilecaster::play::{NetRun, Nobody, Runner};
    let level = std::path::Path::new("levels/e1m1.toml");
    let hostile = UdpSocket::bind("127.0.0.1:0").unwrap();
    let mut session = Session::start_on(
        level,
        tilecaster::assets::Sources::default(),
        tilecaster::level::Difficulty::Normal,
    )
    .unwrap();
    let key = GameKey::from_code("493017");
    let seats = NetSeats {
        bind: free_address(),
        peers: vec![hostile.local_addr().unwrap()],
        seat: 0,
        seed: 4,
        input_delay: 1,
        deathmatch: None,
        colours: Vec::new(),
        key: key.clone(),
    };
    let mark = fingerprint(
        &session.game_of_several(4, 2, None),
        &level_file_hash(level).unwrap(),
        4,
    );
    let mut run = NetRun::start(session, seats.clone(), None).unwrap();
    let messages = hostile_messages();
    let other_key = GameKey::from_code("111111");
    let mut counter = 0;
    let mut said = Vec::new();
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(2) {
        for message in &messages {
            for key in [&key, &other_key] {
                let datagram = sealed(key, mark, counter, (1, 0), message);
                hostile.send_to(&datagram, seats.bind).unwrap();
            }
            counter += 1;
        }
        std::thread::sleep(Duration::from_millis(20));
        let advance = run.advance(web_time::Instant::now(), false, &mut Nobody);
        assert!(advance.ending.is_none(), "{advance:?}");
        said.extend(advance.notices);
    }
    let report = run.net().socket_report();
    let (dropped, forged) = (report.dropped.load(Relaxed), report.forged.load(Relaxed));
    assert!(dropped >= counter / 2, "{dropped} of {counter} dropped");
    assert!(forged >= counter / 2, "{forged} of {counter} forged");
    // The profiler's network line (F3) counts them.
    let line = run.net().summary();
    assert!(line.contains(&format!("FORGED {forged}")), "{line}");
    assert!(!said.iter().any(|s| s.contains("stopped")), "{said:?}");
}

/// Seat 1's address on datagrams from a stranger (a relay stands in for any machine that can
/// put another's address on a datagram): 65,536 datagrams with the game's header and made-up
/// codes, messages the rollback library would panic on, and a real datagram of seat 1's sent
/// again a thousand times, all at seat 0 while the two play. Neither game stops, both end on
/// one state, and seat 0 counts what it dropped.
#[test]
fn forged_and_replayed_datagrams_neither_stop_nor_split_a_game() {
    let players = [free_address(), free_address()];
    let relay = Relay::start(&players, Duration::from_millis(5), 0.0);
    let code = ["--code", "493017", "--ticks", "600"];
    let a = seat(0, players[0], &[relay.address(0, 1)], &code);
    let b = seat(1, players[1], &[relay.address(1, 0)], &code);
    // Once seat 1 has sent something (the game has begun), the flood.
    let deadline = Instant::now() + Duration::from_secs(60);
    while relay.seen(1, 0) < 50 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut made_up = 0u32;
    while made_up < 65_536 {
        for _ in 0..2048 {
            let mut datagram = b"TCnp".to_vec();
            datagram.extend(made_up.to_le_bytes().iter().cycle().take(60));
            relay.forge(1, 0, datagram);
            made_up += 1;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let key = tilecaster::net::GameKey::from_code("111111");
    for (k, message) in hostile_messages().iter().enumerate() {
        relay.forge(1, 0, sealed(&key, 0, k as u64, (1, 0), message));
    }
    // (A hundred at a time: a thousand at once overflow the system's receive buffer, which
    // then drops most of them before seat 0 reads any, the more the busier the machine.)
    for _ in 0..10 {
        relay.replay(1, 0, 100);
        std::thread::sleep(Duration::from_millis(20));
    }
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    relay.finish();
    assert_eq!(final_line(&a, "seat 0"), final_line(&b, "seat 1"));
    let stderr = String::from_utf8_lossy(&a.stderr);
    let count = |after: &str| -> u64 {
        let line = stderr.lines().find(|l| l.contains("datagrams dropped: "));
        line.and_then(|l| l.split(after).next())
            .and_then(|s| s.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no count before '{after}': {stderr}"))
    };
    // (The system's receive buffer drops some of the flood before seat 0 reads it.)
    assert!(count(" forged") > 5_000, "{stderr}");
    assert!(count(" sent again") > 100, "{stderr}");
}

/// A machine that stops for five seconds (a laptop's lid shut, a stalled Wi-Fi) and comes
/// back finds its game waiting: both seats end on one state, and the one that waited said so.
#[test]
fn a_five_second_pause_is_waited_out() {
    let players = [free_address(), free_address()];
    let ticks = ["--ticks", "900"];
    let a = seat(0, players[0], &[players[1]], &ticks);
    let b = seat(1, players[1], &[players[0]], &ticks);
    std::thread::sleep(Duration::from_secs(3));
    stop_for(&b, Duration::from_secs(5));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_eq!(final_line(&a, "seat 0"), final_line(&b, "seat 1"));
    let said = String::from_utf8_lossy(&a.stderr);
    assert!(said.contains("seat 1 not heard"), "{said}");
    assert!(!said.contains("seat 1 left"), "{said}");
}

/// In a game of three, seat 1 tells seat 0 that seat 2 has left (the relay changes seat 1's
/// inputs on the way, and makes their code anew: as seat 1 would lie, with the last frame of
/// seat 2's it had then). Seat 0 still hears seat 2, so it does not believe it (the rollback
/// library would drop seat 2 at once), says so, and the three play on to one final state.
#[test]
fn a_lie_that_a_seat_has_left_neither_stops_nor_splits_the_game() {
    let players = [free_address(), free_address(), free_address()];
    let relay = Relay::start(&players, Duration::from_millis(5), 0.0);
    let args = ["--code", "493017", "--ticks", "900"];
    let children = seats_through(&relay, &players, &args);
    let deadline = Instant::now() + Duration::from_secs(60);
    while relay.seen(1, 0) < 300 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let key = tilecaster::net::GameKey::from_code("493017");
    let mut last_frame: Option<[u8; 4]> = None;
    relay.tamper(1, 0, move |bytes| {
        // The game's header (20 bytes), ggrs' magic and kind (2: inputs), three seats'
        // statuses (a flag and a frame each): seat 2's flag set, its frame the one seat 1
        // had when it first said so, the code made anew.
        let input = bytes.len() > 60
            && bytes[..4] == *b"TCnp"
            && bytes[22..26] == 2u32.to_le_bytes()
            && bytes[26..34] == 3u64.to_le_bytes();
        if input {
            let at = 34 + 2 * 5;
            bytes[at] = 1;
            let frame =
                *last_frame.get_or_insert_with(|| bytes[at + 1..at + 5].try_into().unwrap());
            bytes[at + 1..at + 5].copy_from_slice(&frame);
            let signed = bytes.len() - 16;
            let tag = key.tag(1, 0, &bytes[..signed]);
            bytes[signed..].copy_from_slice(&tag);
        }
    });
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    relay.finish();
    let stderr = String::from_utf8_lossy(&outputs[0].stderr).into_owned();
    let said = "seat 1 says seat 2 left, but it is heard here: not believed";
    assert_eq!(stderr.matches(said).count(), 1, "{stderr}");
    let lines: Vec<String> = (0..3)
        .map(|k| final_line(&outputs[k], &format!("seat {k}")))
        .collect();
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
}

/// In a game of three, seat 2 stops for twelve seconds (longer than the disconnect timeout):
/// seats 0 and 1 each drop it, hear each other say so, and play on to one final state (the
/// rollback library would otherwise drop seat 2 again at every frame and stop their games);
/// seat 2, back, finds it stood still longer than the others wait, says so, and stops.
#[test]
fn a_seat_gone_from_a_game_of_three_is_dropped_by_both_others_alike() {
    last_seat_gone_is_dropped_by_the_others_alike(3);
}

/// (With four, two others tell each other of the gone seat: each word of it is believed
/// once, and no seat drops it twice or keeps it. Back, the gone seat once asserted in the
/// rollback library, "must load frame in the past", where it had every peer's inputs up to
/// the tick before its own: it now stops before that library hears of the time it stood.)
#[test]
fn a_seat_gone_from_a_game_of_four_is_dropped_by_the_three_others_alike() {
    last_seat_gone_is_dropped_by_the_others_alike(4);
}

/// The last of `n` seats stopped for 12 s: the others drop it alike and play on to one
/// state; it finds, back, that it stood still longer than they wait, and stops saying so.
fn last_seat_gone_is_dropped_by_the_others_alike(n: usize) {
    let players: Vec<SocketAddr> = (0..n).map(|_| free_address()).collect();
    let gone = n - 1;
    let relay = Relay::start(&players, Duration::ZERO, 0.0);
    let children = seats_through(&relay, &players, &["--ticks", "1500"]);
    std::thread::sleep(Duration::from_secs(3));
    stop_for(&children[gone], Duration::from_secs(12));
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let lines: Vec<String> = (0..gone)
        .map(|s| final_line(&outputs[s], &format!("seat {s}")))
        .collect();
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    relay.finish();
    let said = String::from_utf8_lossy(&outputs[gone].stderr);
    assert!(
        !outputs[gone].status.success(),
        "seat {gone} went on: {said}"
    );
    let stood = "s, longer than the others wait for a seat (10 s): they play on without it";
    assert!(
        said.contains("this machine stood still for 1") && said.contains(stood),
        "{said}"
    );
    assert!(!said.contains("rollback library"), "{said}");
}

/// A measurement, not a test of timing (run by hand: `cargo test --test suite -- --ignored
/// eight_seats --nocapture`): eight seats of deathmatch through a relay losing 20% of
/// datagrams with 150 ms each way play 1,200 ticks (20 s of game); the seats end on one
/// state, and each prints how long the game took against its own time, from its first tick
/// and from the first tick every seat's input was known (the seats get in step one by one).
/// `TILECASTER_RELAY=clean` measures the relay without delay or loss.
#[test]
#[ignore = "a measurement of a minute or more with eight processes"]
fn eight_seats_through_a_bad_relay_keep_near_real_time() {
    let n = 8;
    let players: Vec<SocketAddr> = (0..n).map(|_| free_address()).collect();
    let (delay, loss) = match std::env::var("TILECASTER_RELAY") {
        Ok(v) if v == "clean" => (0, 0.0),
        _ => (150, 0.20),
    };
    let relay = Relay::start(&players, Duration::from_millis(delay), loss);
    let args = [
        "--ticks",
        "1200",
        "--mode",
        "deathmatch",
        "--input-delay",
        "4",
        "--wait",
        "60",
    ];
    let began = Instant::now();
    let children = seats_through(&relay, &players, &args);
    let lines = final_lines(children);
    let took = began.elapsed();
    relay.finish();
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    // (Each seat's own figure, from its first tick, is on its last lines, printed above.)
    eprintln!(
        "eight seats: 1200 ticks (20 s of game) in {:.1} s from the processes' start",
        took.as_secs_f64(),
    );
}

/// A line of chat said on one seat reaches the other beside the game (the two still end on
/// one state), its control characters taken out on the way.
#[test]
fn a_line_of_chat_reaches_the_others_printable() {
    let players = [free_address(), free_address()];
    let hostile = "\u{1b}]0;pwned\u{7}hello there";
    let a = seat(
        0,
        players[0],
        &[players[1]],
        &["--ticks", "300", "--say", hostile],
    );
    let b = seat(1, players[1], &[players[0]], &["--ticks", "300"]);
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_eq!(final_line(&a, "seat 0"), final_line(&b, "seat 1"));
    let heard = String::from_utf8_lossy(&b.stderr);
    assert!(heard.contains("seat 0: ]0;pwnedhello there"), "{heard}");
    assert!(
        !heard.contains('\u{1b}') && !heard.contains('\u{7}'),
        "{heard:?}"
    );
}
