//! `tilecaster autoplay --net`: the autopilot plays one seat of a networked game headless,
//! and the final state hash is printed as `replay` prints it, so that machines (or processes
//! on one machine) that played one game together can be checked to have played the same one.

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use tilecaster::episode::{NetSeats, Recording, Session};
use tilecaster::game::net::NetEvent;
use tilecaster::game::{Autopilot, MatchRules, TICK_HZ};
use tilecaster::level::Difficulty;

/// Ticks past the last one asked for that every input must be known for before this machine
/// stops (see [`run`]).
const LINGER_TICKS: u64 = 60;
/// How long it goes on sending after that, so that its last inputs reach the others.
const LINGER: Duration = Duration::from_millis(500);

/// The kinds of networked game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Together through the level against its enemies.
    Coop,
    /// Against each other.
    Deathmatch,
}

/// How `autoplay --net` runs.
pub struct Options<'a> {
    /// The level.
    pub level: &'a Path,
    /// Where textures and the rest come from.
    pub sources: &'a tilecaster::assets::Sources,
    /// How hard.
    pub difficulty: Difficulty,
    /// The game's seed (the same on every machine).
    pub seed: u64,
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The other seats' addresses in seat order.
    pub peers: &'a [SocketAddr],
    /// The seat played here.
    pub seat: usize,
    /// Co-op or deathmatch.
    pub mode: ModeArg,
    /// Ticks to play.
    pub ticks: u64,
    /// Ticks an input waits before it is played.
    pub input_delay: usize,
    /// How long the peers have to get in step before the game is given up.
    pub wait: Duration,
    /// Record every seat's inputs to this file (never overwritten).
    pub record: Option<&'a Path>,
}

/// Plays `ticks` ticks of seat `seat` with the autopilot, in step with the peers at the game's
/// 60 ticks a second, and prints `final state HASH after N ticks`. It stops once every seat's
/// input is known for [`LINGER_TICKS`] past the last tick (so that every peer has all it needs
/// for that tick: none can play more than 8 ticks past what it has heard), and after
/// [`LINGER`] more of sending. Events (peers in step, leaving, desyncs) go to stderr; a desync
/// or a peer that cannot be reached is an error.
pub fn run(o: &Options) -> Result<()> {
    if o.ticks == 0 {
        bail!("--ticks must be at least 1");
    }
    if let Some(path) = o.record {
        tilecaster::files::check_writable(path, false)?;
    }
    let mut session = Session::start_on(o.level, o.sources, o.difficulty)?;
    let mut recording = o.record.map(|_| Recording::of_session(&session));
    let mut net = session.join_network(&NetSeats {
        bind: o.bind,
        peers: o.peers.to_vec(),
        seat: o.seat,
        seed: o.seed,
        input_delay: o.input_delay,
        deathmatch: (o.mode == ModeArg::Deathmatch).then(MatchRules::default),
    })?;
    if recording.is_some() {
        net.keep_inputs();
    }
    let mut pilot = Autopilot::for_seat(o.seat);
    let tick = Duration::from_secs(1) / TICK_HZ;
    let started = Instant::now();
    let mut next = started;
    let mut connected = vec![false; o.peers.len() + 1];
    connected[o.seat] = true;
    let mut desyncs = Vec::new();
    let mut done: Option<Instant> = None;
    let deadline = o.wait + tick * (o.ticks as u32).saturating_mul(4);
    loop {
        for event in net.poll() {
            match event {
                NetEvent::Connected { seat } => {
                    if let Some(c) = connected.get_mut(seat) {
                        *c = true;
                    }
                }
                NetEvent::Desync { tick, .. } => desyncs.push(tick),
                NetEvent::Synchronizing { .. } => continue,
                _ => {}
            }
            eprintln!("{event}");
        }
        let now = Instant::now();
        if !net.running() && now - started > o.wait {
            let missing: Vec<String> = (0..connected.len())
                .filter(|&s| !connected[s])
                .map(|s| {
                    let at = o.peers[if s < o.seat { s } else { s - 1 }];
                    format!("seat {s} at {at}")
                })
                .collect();
            bail!(
                "cannot reach {} within {} s",
                missing.join(", "),
                o.wait.as_secs()
            );
        }
        if now - started > deadline {
            bail!(
                "the game did not reach tick {} in {} s (confirmed up to tick {})",
                o.ticks,
                deadline.as_secs(),
                net.confirmed_tick()
            );
        }
        if net.running() && now >= next {
            let input = pilot.input(net.game());
            if net.advance(input)? {
                // A machine ahead of the others slows down a little, to let them catch up.
                let slower = if net.frames_ahead() > 0 {
                    tick / 10
                } else {
                    Duration::ZERO
                };
                next += tick + slower;
                if now > next + tick * 10 {
                    next = now; // fell far behind (the machine was busy): no burst to catch up
                }
            }
        }
        if done.is_none() && net.confirmed_tick() >= o.ticks + LINGER_TICKS {
            done = Some(now);
        }
        if done.is_some_and(|d| now - d >= LINGER) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let stats = net.stats();
    let trips: Vec<String> = (0..=o.peers.len())
        .filter(|&s| s != o.seat)
        .filter_map(|s| net.round_trip_ms(s).map(|ms| format!("seat {s} {ms} ms")))
        .collect();
    let report = net.socket_report();
    eprintln!(
        "seat {}: {} ticks played, {} played again after rollbacks (at most {} at once), {} waits for peers; round trips: {}; datagrams dropped: {} from strangers, {} not of this game",
        o.seat,
        stats.ticks,
        stats.replayed,
        stats.longest_rollback,
        stats.stalled,
        if trips.is_empty() {
            "-".to_string()
        } else {
            trips.join(", ")
        },
        report.strangers.load(std::sync::atomic::Ordering::Relaxed),
        report.dropped.load(std::sync::atomic::Ordering::Relaxed),
    );
    let game = net.game();
    if game.is_deathmatch() {
        let frags: Vec<String> = game
            .standings()
            .iter()
            .map(|&s| format!("seat {s} {}", game.seats[s].frags))
            .collect();
        eprintln!("frags: {}", frags.join(", "));
    }
    if let Some(first) = desyncs.iter().min() {
        bail!("the machines' games went apart at tick {first}");
    }
    let hash = net
        .hash_at(o.ticks)
        .context("the last tick's state is no longer kept")?;
    if let (Some(path), Some(recording)) = (o.record, recording.as_mut()) {
        let game = net.game();
        recording.seats = game.seats.len();
        recording.seed = Some(o.seed);
        recording.deathmatch = match game.mode {
            tilecaster::game::Mode::Deathmatch(rules) => Some(rules),
            tilecaster::game::Mode::Coop => None,
        };
        let inputs = net.inputs(o.ticks).context("the inputs were not kept")?;
        recording.inputs = inputs.to_vec();
        tilecaster::files::write_new(path, recording.to_text().as_bytes(), false)?;
        eprintln!("recorded every seat's inputs to {}", path.display());
    }
    println!("final state {hash:016x} after {} ticks", o.ticks);
    Ok(())
}
