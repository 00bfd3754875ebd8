//! `tilecaster autoplay --net`: the autopilot plays one seat of a networked game headless,
//! and the final state hash is printed as `replay` prints it, so that machines (or processes
//! on one machine) that played one game together can be checked to have played the same one.

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use tilecaster::audio::{Mixer, RATE, wav_bytes};
use tilecaster::episode::Session;
use tilecaster::game::{Autopilot, TICK_HZ};
use tilecaster::level::Difficulty;
use tilecaster::net::lobby::{GameChoice, Host, Joiner, LobbyEvent, Plan};
use tilecaster::net::watch::WatchOffer;
use tilecaster::net::{Carrier, NetSeats};
use tilecaster::play::{Ending, NetRun, Recorder, Runner};
use tilecaster::scene;

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

/// The networked game's mode, with a deathmatch's limits.
#[derive(Clone, Debug, clap::Args)]
pub struct ModeArgs {
    /// With --net: co-op or deathmatch.
    #[arg(long, requires = "net", value_enum, default_value_t = ModeArg::Coop)]
    pub mode: ModeArg,
    /// With --mode deathmatch: the frags that win (0: no limit).
    #[arg(
        long,
        requires = "net",
        value_name = "FRAGS",
        default_value_t = 10,
        value_parser = clap::value_parser!(u32).range(0..=999)
    )]
    pub frag_limit: u32,
    /// With --mode deathmatch: the minutes the match lasts (0: no limit).
    #[arg(
        long,
        requires = "net",
        value_name = "MINUTES",
        default_value_t = 5,
        value_parser = clap::value_parser!(u32).range(0..=600)
    )]
    pub time_limit: u32,
}

impl ModeArgs {
    /// Whether a deathmatch is asked for.
    pub fn deathmatch(&self) -> bool {
        self.mode == ModeArg::Deathmatch
    }

    /// The deathmatch's rules, if one is asked for (else co-op).
    pub fn rules(&self) -> Option<tilecaster::game::MatchRules> {
        let rules = tilecaster::game::MatchRules::new(self.frag_limit, self.time_limit);
        self.deathmatch().then_some(rules)
    }

    /// The mode as a sentence names it.
    pub fn name(&self) -> &'static str {
        if self.deathmatch() {
            "a deathmatch"
        } else {
            "co-op"
        }
    }
}

/// Where `--net --room` meets the others: a room of a signalling server, as the page does
/// (`?room=NAME&players=N`), with WebRTC data channels (the `webrtc` feature).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct RoomArgs {
    /// With --net: meet in the room NAME of a signalling server (--signal), as the page's
    /// players do (`?room=NAME`), and play over WebRTC once --players are there; the seed is
    /// the room's. Needs a build with the `webrtc` feature.
    #[arg(long, requires = "net", value_name = "NAME", conflicts_with_all = ["peers", "join", "host"])]
    pub room: Option<String>,
    /// With --room: the signalling server (`tilecaster serve-signalling`, or any matchbox
    /// server).
    #[arg(
        long,
        requires = "room",
        value_name = "URL",
        default_value = "ws://127.0.0.1:3536"
    )]
    pub signal: String,
    /// With --room: the players the game is for, this one included.
    #[arg(long, requires = "room", value_name = "N", default_value_t = 2)]
    pub players: usize,
}

impl RoomArgs {
    /// Whether a room can be played as asked: a build with rooms, and a number of players
    /// the mode takes.
    pub fn check(&self, mode: &ModeArgs) -> Result<()> {
        if cfg!(not(feature = "webrtc")) {
            bail!("--room: this build has no WebRTC (build with `--features webrtc`)");
        }
        let most = tilecaster::game::most_seats(mode.deathmatch());
        if !(2..=most).contains(&self.players) {
            bail!("--players: 2 to {most} in this mode, not {}", self.players);
        }
        if !self.signal.starts_with("ws://") && !self.signal.starts_with("wss://") {
            bail!("--signal: a ws:// or wss:// address, not '{}'", self.signal);
        }
        Ok(())
    }

    /// The room as the window takes it, if one is asked for.
    pub fn options(&self, mode: &ModeArgs) -> Option<crate::app::RoomOptions> {
        let name = self.room.as_ref()?;
        Some(crate::app::RoomOptions {
            url: crate::app::room_url(&self.signal, name, self.players),
            players: self.players,
            seed: crate::app::room_seed(name),
            key: crate::app::room_key(name),
            deathmatch: mode.rules(),
        })
    }
}

/// How `autoplay --net` runs.
pub struct Options<'a> {
    /// The level.
    pub level: &'a Path,
    /// Where textures and the rest come from.
    pub sources: &'a tilecaster::assets::Sources,
    /// What this seat offers spectators (a lobby's host: [`WatchOffer::of_plan`]).
    pub watch: Option<WatchOffer>,
    /// How hard.
    pub difficulty: Difficulty,
    /// Where this machine sits: its address, the others', its seat, the seed, the input
    /// delay and the mode.
    pub seats: NetSeats,
    /// The players' names in seat order, where a lobby gave them.
    pub names: Vec<String>,
    /// Ticks to play.
    pub ticks: u64,
    /// How long the peers have to get in step before the game is given up.
    pub wait: Duration,
    /// Record every seat's inputs to this file (never overwritten).
    pub record: Option<&'a Path>,
    /// What carries the datagrams, where not a socket bound to `seats.bind` (a room's data
    /// channels).
    pub carrier: Option<Carrier>,
    /// Mix the sound of the ticks played into this WAV file.
    pub audio_out: Option<&'a Path>,
    /// A line of chat to say to the others once every seat is in step.
    pub say: Option<&'a str>,
    /// Replace `audio_out` if it exists.
    pub force: bool,
}

/// How `autoplay --net --host` or `--join` meets the others.
pub enum Meeting {
    /// Host a lobby on this address for this many players (this machine's included), and
    /// start once they are in; joiners give `code` (else six random digits, printed).
    Host {
        /// The lobby's code, where chosen.
        code: Option<String>,
        /// The address to listen on.
        bind: SocketAddr,
        /// Players to wait for, this one included.
        players: usize,
        /// The game.
        choice: GameChoice,
    },
    /// Join the lobby at `host` with its `code`, listening on `bind`.
    Join {
        /// The host's code.
        code: String,
        /// The address to listen on (port 0: any).
        bind: SocketAddr,
        /// The host's address.
        host: SocketAddr,
    },
}

/// Meets the others in a lobby (hosting it or joining one) as the player `name`, for at
/// most `wait`; the plan the game begins with, and the lobby's socket, which the game goes on
/// over. The lobby's lines go to stderr.
pub fn meet(meeting: &Meeting, name: &str, wait: Duration) -> Result<(Plan, Carrier)> {
    let started = Instant::now();
    match meeting {
        Meeting::Host {
            code,
            bind,
            players,
            choice,
        } => {
            let mut host = Host::open(*bind, name, choice.clone(), *players)?;
            if let Some(code) = code {
                host.set_code(code);
            }
            eprintln!(
                "hosting {} on {} for {players} players: the others join with --join {} --code {}",
                choice.describe(),
                host.local_addr().unwrap_or(*bind),
                host.local_addr().unwrap_or(*bind),
                host.code()
            );
            loop {
                for event in host.poll() {
                    eprintln!("{event}");
                    if let LobbyEvent::Started(plan) = event {
                        return Ok((plan, host.carrier()));
                    }
                }
                // Everyone in, and each joiner's round trip measured: the input delay is
                // set from it.
                if host.players().len() >= *players && host.longest_round_trip_ms().is_some() {
                    host.start();
                }
                if started.elapsed() > wait {
                    bail!(
                        "only {} of {players} players joined within {} s",
                        host.players().len(),
                        wait.as_secs()
                    );
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        Meeting::Join { code, bind, host } => {
            let mut joiner = Joiner::connect(*bind, *host, name, code)?;
            loop {
                for event in joiner.poll() {
                    eprintln!("{event}");
                    match event {
                        LobbyEvent::Started(plan) => return Ok((plan, joiner.carrier())),
                        LobbyEvent::Refused { why } => bail!("the host at {host}: {why}"),
                        _ => {}
                    }
                }
                if started.elapsed() > wait {
                    joiner.leave(Some("gave up waiting".into()));
                    if joiner.answered() {
                        bail!(
                            "the host at {host} did not start within {} s",
                            wait.as_secs()
                        );
                    }
                    bail!(
                        "no answer from a host at {host} within {} s (is the address right, and the code?)",
                        wait.as_secs()
                    );
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// Meets the others in the room `room` says, for at most `wait`: this machine's place in the
/// game (seat, the others' stand-in addresses, the room's seed) and the room's data channels.
#[cfg(feature = "webrtc")]
pub fn meet_in_room(
    room: &crate::app::RoomOptions,
    input_delay: usize,
    wait: Duration,
) -> Result<(NetSeats, Carrier)> {
    use tilecaster::net::room::{Room, RoomState};
    let started = Instant::now();
    let mut meeting = Room::join(&room.url, room.players);
    eprintln!("waiting in {} for {} players", room.url, room.players);
    let mut said = (0, 0);
    loop {
        match meeting.poll() {
            RoomState::Waiting {
                here,
                wanted,
                playing,
            } => {
                if (here, playing) != said {
                    said = (here, playing);
                    if playing > 0 {
                        eprintln!("the room is full: {playing} play in it; waiting for others");
                    }
                    eprintln!("{here} of {wanted} players here");
                }
            }
            RoomState::Failed(why) => bail!("{why}"),
            RoomState::Full { seat, peers } => {
                let carrier = meeting
                    .carrier()
                    .context("the room closed as the game began")?;
                eprintln!("seat {seat} of {}", peers.len() + 1);
                let seats = NetSeats {
                    // (Not used: the room's channels carry the datagrams.)
                    bind: SocketAddr::from(([0, 0, 0, 0], 0)),
                    peers,
                    seat,
                    seed: room.seed,
                    input_delay,
                    deathmatch: room.deathmatch,
                    colours: Vec::new(),
                    key: room.key.clone(),
                };
                return Ok((seats, carrier));
            }
        }
        if started.elapsed() > wait {
            bail!(
                "only {} of {} players came to {} within {} s",
                said.0,
                room.players,
                room.url,
                wait.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Plays `ticks` ticks of seat `seat` with the autopilot, in step with the peers at the game's
/// 60 ticks a second (the same runner the window plays a networked game with), and prints
/// `final state HASH after N ticks`. It stops once every seat's input is known for
/// [`LINGER_TICKS`] past the last tick (so that every peer has all it needs for that tick:
/// none can play more than 8 ticks past what it has heard), and after [`LINGER`] more of
/// sending. Events (peers in step, leaving, desyncs) and each tick's messages go to stderr,
/// once each; with `audio_out`, the first `ticks` ticks' sound is mixed, one tick of sound a
/// tick. A desync or a peer that cannot be reached is an error.
pub fn run(o: &Options) -> Result<()> {
    if o.ticks == 0 {
        bail!("--ticks must be at least 1");
    }
    if let Some(path) = o.record {
        tilecaster::files::check_writable(path, o.force)?;
    }
    if let Some(path) = o.audio_out {
        tilecaster::files::check_writable(path, o.force)?;
    }
    let session = Session::start_on(o.level, o.sources, o.difficulty)?;
    let mut run =
        NetRun::start(session, o.seats.clone(), o.carrier.clone())?.named(o.names.clone());
    if let Some(offer) = &o.watch {
        run.offer_watching(offer);
    }
    let mut recorder = Recorder::new(o.record.is_some(), run.session());
    recorder.restart_network(run.session(), &run.session().game, o.seats.seed);
    let mut audio = o.audio_out.map(|_| (Mixer::new(), Vec::<f32>::new()));
    let seat_name = |s: usize| match o.names.get(s) {
        Some(name) => format!("seat {s} ({name})"),
        None => format!("seat {s}"),
    };
    let (seat, peers) = (o.seats.seat, &o.seats.peers);
    let mut pilot = Autopilot::for_seat(seat);
    let started = Instant::now();
    run.restart_clock(started);
    let mut done: Option<Instant> = None;
    let mut said = false;
    // When the first tick was played here, when every seat's first input was known (the
    // game together began: seats get in step one by one, the first ones waiting for the
    // last), and when every seat's inputs were known up to the last asked for: how fast the
    // game went against real time.
    let mut timing = Timing::default();
    let deadline = deadline(o.wait, o.ticks);
    loop {
        let now = Instant::now();
        let advance = run.advance(now, false, &mut pilot);
        for line in advance.notices.iter().chain(&advance.chat) {
            eprintln!("{line}");
        }
        if let Some(text) = o.say.filter(|_| run.net().running()) {
            if !said {
                said = run.say(text);
            }
        }
        if let Some(Ending::NetStopped(why)) = &advance.ending {
            // What was played together is kept: a game that stopped is still worth a look.
            recorder.keep(&advance);
            if let (Some(path), Some(recording)) = (o.record, recorder.recording()) {
                tilecaster::files::write_new(path, recording.to_text().as_bytes(), o.force)?;
                let ticks = recording.inputs.len() / o.seats.count().max(1);
                eprintln!(
                    "recorded every seat's inputs of the {ticks} ticks played together to {}",
                    path.display()
                );
            }
            bail!("the network game stopped: {why}");
        }
        if !advance.ticks.is_empty() {
            timing.first_tick.get_or_insert(now);
        }
        for out in &advance.ticks {
            for line in &out.messages {
                eprintln!("{line}");
            }
            if let Some((mixer, samples)) = audio.as_mut().filter(|_| out.tick <= o.ticks) {
                let session = run.session();
                scene::sound::hear_tick(&out.sounds, session.current(), mixer, samples);
            }
        }
        recorder.keep(&advance);
        if !run.net().running() && now - started > o.wait {
            let missing: Vec<String> = (0..run.in_step().len())
                .filter(|&s| !run.in_step()[s])
                .map(|s| {
                    let at = peers[if s < seat { s } else { s - 1 }];
                    format!("{} at {at}", seat_name(s))
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
                "every seat's inputs were not known up to tick {} (the {} asked for and {LINGER_TICKS} more) in {} s, only up to tick {}",
                o.ticks.saturating_add(LINGER_TICKS),
                o.ticks,
                deadline.as_secs(),
                run.net().confirmed_tick()
            );
        }
        if run.net().confirmed_tick() >= 1 {
            timing.together.get_or_insert(now);
        }
        if timing.reached.is_none() && run.net().confirmed_tick() >= o.ticks {
            timing.reached = Some(now);
        }
        if done.is_none() && run.net().confirmed_tick() >= o.ticks.saturating_add(LINGER_TICKS) {
            done = Some(now);
        }
        if done.is_some_and(|d| now - d >= LINGER) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let net = run.net();
    say_how_it_went(o, net, &timing, &seat_name);
    let game = net.game();
    if game.is_deathmatch() {
        let frags: Vec<String> = game
            .standings()
            .iter()
            .map(|&s| format!("{} {}", seat_name(s), game.seats[s].frags))
            .collect();
        eprintln!("frags: {}", frags.join(", "));
    }
    if let Some(first) = run.desyncs().iter().min() {
        bail!("the machines' games went apart at tick {first}");
    }
    let hash = net
        .hash_at(o.ticks)
        .context("the last tick's state is no longer kept")?;
    if let (Some(path), Some(recording)) = (o.record, recorder.recording()) {
        let mut recording = recording.clone();
        let inputs = (o.ticks as usize).saturating_mul(o.seats.count());
        if recording.inputs.len() < inputs {
            bail!("the inputs of the last ticks were not kept");
        }
        recording.inputs.truncate(inputs);
        tilecaster::files::write_new(path, recording.to_text().as_bytes(), o.force)?;
        eprintln!("recorded every seat's inputs to {}", path.display());
    }
    if let (Some(path), Some((_, samples))) = (o.audio_out, &audio) {
        tilecaster::files::write_new(path, &wav_bytes(samples), o.force)?;
        let seconds = (samples.len() / 2) as f64 / f64::from(RATE);
        eprintln!("wrote {} ({seconds:.3} s of sound)", path.display());
    }
    println!("final state {hash:016x} after {} ticks", o.ticks);
    Ok(())
}

/// When a networked autoplay's game began and reached its last tick.
#[derive(Default)]
struct Timing {
    /// When the first tick was played here.
    first_tick: Option<Instant>,
    /// When every seat's input of the first tick was known: the game together began.
    together: Option<Instant>,
    /// When every seat's inputs were known up to the last tick asked for.
    reached: Option<Instant>,
}

/// The last lines of `autoplay --net` on stderr: how fast the game went against real time
/// (from its first tick here, and from its first tick known to every seat, until every
/// seat's inputs were known to the last tick asked for), and what the network did.
fn say_how_it_went(
    o: &Options,
    net: &tilecaster::net::NetPlay,
    timing: &Timing,
    seat_name: &dyn Fn(usize) -> String,
) {
    let (seat, peers) = (o.seats.seat, &o.seats.peers);
    let stats = net.stats();
    let trips: Vec<String> = (0..=peers.len())
        .filter(|&s| s != seat)
        .filter_map(|s| {
            net.round_trip_ms(s)
                .map(|ms| format!("{} {ms} ms", seat_name(s)))
        })
        .collect();
    let report = net.socket_report();
    if let (Some(first), Some(together), Some(reached)) =
        (timing.first_tick, timing.together, timing.reached)
    {
        let took = (reached - first).as_secs_f64();
        let game = o.ticks as f64 / f64::from(TICK_HZ);
        // (From the first tick known everywhere, the ticks after it.)
        let played = (reached - together).as_secs_f64();
        let rest = o.ticks.saturating_sub(1) as f64 / f64::from(TICK_HZ);
        eprintln!(
            "{}: {} ticks ({game:.1} s of game) known to every seat in {took:.1} s: {:.2}x real time; {:.2}x from the first tick known to every seat ({:.1} s after this seat's first)",
            seat_name(seat),
            o.ticks,
            took / game.max(f64::EPSILON),
            played / rest.max(f64::EPSILON),
            (together - first).as_secs_f64(),
        );
    }
    eprintln!(
        "{}: {} ticks played (input delay {} ticks, {} at the end), {} played again after rollbacks (at most {} at once), {} waits for peers; round trips: {}; datagrams dropped: {} from strangers, {} forged, {} sent again, {} not of this game or malformed",
        seat_name(seat),
        stats.ticks,
        o.seats.input_delay,
        net.input_delay(),
        stats.replayed,
        stats.longest_rollback,
        stats.stalled,
        if trips.is_empty() {
            "-".to_string()
        } else {
            trips.join(", ")
        },
        report.strangers.load(std::sync::atomic::Ordering::Relaxed),
        report.forged.load(std::sync::atomic::Ordering::Relaxed),
        report.replayed.load(std::sync::atomic::Ordering::Relaxed),
        report.dropped.load(std::sync::atomic::Ordering::Relaxed),
    );
}

/// How long a run of `ticks` ticks may take before it gives up: `wait` for the peers, then four
/// times the ticks' real time (in 64-bit sums: `--ticks` of 2^32 or more once gave up after
/// 11 s).
fn deadline(wait: Duration, ticks: u64) -> Duration {
    let tick = Duration::from_secs(1) / TICK_HZ;
    wait + tick.saturating_mul(u32::try_from(ticks.saturating_mul(4)).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_is_given_the_time_its_ticks_take() {
        let wait = Duration::from_secs(10);
        let minute = deadline(wait, 3600).as_secs_f64();
        assert!(
            (minute - 250.0).abs() < 1e-3,
            "{minute} s, not 10 s + 4 minutes"
        );
        for ticks in [1 << 32, (1 << 32) + 1, u64::MAX] {
            assert!(
                deadline(wait, ticks) > Duration::from_secs(86_400 * 365),
                "{ticks}"
            );
        }
    }
}
