//! `tilecaster autoplay --net --watch ADDR --code CODE`: a spectator of a networked game,
//! headless. It asks the lobby's host for the game and its final inputs
//! ([`tilecaster::net::watch`]), plays them on its own copy of the level, and prints the state
//! hash as the players print theirs, so that a test (or a doubter) can see that what a
//! spectator sees is what was played.

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use tilecaster::episode::Session;
use tilecaster::net::watch::Watcher;
use tilecaster::play::{Advance, Recorder, seat_watched};

/// How `autoplay --net --watch` runs.
pub struct WatchOptions<'a> {
    /// The host's address and the lobby's code.
    pub host: SocketAddr,
    pub code: &'a str,
    /// The address to listen on.
    pub bind: SocketAddr,
    /// Where textures and the rest come from.
    pub sources: &'a tilecaster::assets::Sources,
    /// Ticks to watch.
    pub ticks: u64,
    /// How long to wait for the game, and for its next inputs.
    pub wait: Duration,
    /// Record every seat's inputs of the ticks watched to this file.
    pub record: Option<&'a Path>,
    /// Replace the recording if it exists.
    pub force: bool,
}

/// Watches the game at `o.host` for `o.ticks` ticks, printing `final state HASH after N
/// ticks` (as `replay` prints it).
pub fn watch(o: &WatchOptions) -> Result<()> {
    if o.ticks == 0 {
        bail!("--ticks must be at least 1");
    }
    if let Some(path) = o.record {
        tilecaster::files::check_writable(path, o.force)?;
    }
    let mut watcher = Watcher::connect(o.bind, o.host, o.code)
        .with_context(|| format!("cannot listen on {}", o.bind))?;
    eprintln!("asking {} for its game", o.host);
    let started = Instant::now();
    let game = loop {
        watcher.poll();
        if let Some(game) = watcher.game() {
            break game.clone();
        }
        if started.elapsed() > o.wait {
            bail!(
                "no game to watch at {} within {} s (is the code right, and has the game begun?)",
                o.host,
                o.wait.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let level = game.choice.local_level()?;
    eprintln!(
        "watching {}: {}",
        game.choice.describe(),
        game.names.join(", ")
    );
    let mut session = Session::start_on(&level, o.sources, game.choice.difficulty)?;
    seat_watched(&mut session, &game);
    let seats = game.seats();
    let mut recorder = Recorder::new(o.record.is_some(), &session);
    recorder.restart_network(&session, &session.game, game.choice.seed);
    while session.game.ticks < o.ticks {
        watcher.poll();
        for (seat, text) in watcher.take_chat() {
            let said = tilecaster::net::NetEvent::Chat { seat, text };
            eprintln!("{}", said.said_to(&game.names));
        }
        let mut played = Advance::default();
        for tick in watcher.take_inputs().chunks_exact(seats) {
            if session.game.ticks >= o.ticks {
                break;
            }
            session.game.tick_seats(tick);
            played.kept.extend_from_slice(tick);
        }
        recorder.keep(&played);
        if watcher.silent_for().is_some_and(|quiet| quiet > o.wait) {
            bail!(
                "the game at {} went quiet at tick {} of {} (over, or gone on to another level)",
                o.host,
                session.game.ticks,
                o.ticks
            );
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    if let (Some(path), Some(recording)) = (o.record, recorder.recording()) {
        tilecaster::files::write_new(path, recording.to_text().as_bytes(), o.force)?;
        eprintln!(
            "recorded every seat's inputs of the {} ticks watched to {}",
            o.ticks,
            path.display()
        );
    }
    if watcher.dropped > 0 {
        eprintln!("datagrams dropped: {}", watcher.dropped);
    }
    println!(
        "final state {:016x} after {} ticks",
        session.game.state_hash(),
        session.game.ticks
    );
    Ok(())
}
