//! `tilecaster autoplay`: the autopilot plays the episode headless, a JSON line per level.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use tilecaster::audio::{FRAMES_PER_TICK, Mixer, RATE, wav_bytes};
use tilecaster::episode::{Session, Tally};
use tilecaster::game::{Autopilot, TICK_HZ};
use tilecaster::level::Difficulty;
use tilecaster::net::watch::WatchOffer;
use tilecaster::play::{LocalRun, Runner};
use tilecaster::scene;

/// The longest the autopilot may take over one level before it gives up (simulated minutes).
const GIVE_UP_MINUTES: u64 = 15;

/// How `autoplay` runs.
pub struct Options<'a> {
    /// The level to start with.
    pub level: &'a Path,
    /// Texture folder, instead of the level's own.
    pub sources: &'a tilecaster::assets::Sources,
    /// How hard.
    pub difficulty: Difficulty,
    /// Seed for the game's random numbers.
    pub seed: Option<u64>,
    /// Mix every sound of the run into this WAV file.
    pub audio_out: Option<&'a Path>,
    /// Replace `audio_out` if it exists.
    pub force: bool,
}

/// Plays from the level to the end of the episode; prints each finished level's tally as one
/// JSON line, and a line (`"finished":false`) for each death, after which the autopilot tries
/// again as a player does while lives are left. Fails (exit 1) at game over (a death with no
/// life left) or when the autopilot gives up on a level. With
/// `audio_out`, every sound of the run is mixed in step with the ticks into a WAV file
/// (written whether the run ends well or not).
pub fn run(o: &Options) -> Result<()> {
    if let Some(path) = o.audio_out {
        tilecaster::files::check_writable(path, o.force)?;
    }
    let mut audio = o.audio_out.map(|_| (Mixer::new(), Vec::<f32>::new()));
    let outcome = play(o, &mut audio);
    if let (Some(path), Some((_, samples))) = (o.audio_out, &audio) {
        tilecaster::files::write_new(path, &wav_bytes(samples), o.force)?;
        let frames = samples.len() / 2;
        let seconds = frames as f64 / f64::from(RATE);
        eprintln!(
            "wrote {} ({seconds:.1} s of sound: {} ticks of {FRAMES_PER_TICK} frames)",
            path.display(),
            frames / FRAMES_PER_TICK
        );
    }
    outcome
}

/// The run itself; each tick's sounds mixed into `audio` when there is one.
fn play(o: &Options, audio: &mut Option<(Mixer, Vec<f32>)>) -> Result<()> {
    let mut session = Session::start_on(o.level, o.sources, o.difficulty)?;
    if let Some(seed) = o.seed {
        session.reseed(seed);
    }
    let mut run = LocalRun::new(session);
    let mut pilot = Autopilot::new();
    let mut printed = 0;
    let mut stdout = std::io::stdout().lock();
    let mut level_ticks = 0u64;
    while !run.session().complete {
        // One tick at a time, as fast as it goes (the same runner the window plays).
        let advance = run.play_ticks(1, &mut pilot);
        let session = run.session();
        if let Some((mixer, samples)) = audio.as_mut() {
            for tick in &advance.ticks {
                scene::sound::hear_tick(&tick.sounds, session.current(), mixer, samples);
            }
        }
        level_ticks += 1;
        for tally in &session.tallies[printed..] {
            writeln!(
                stdout,
                "{}",
                json_line(tally, true, session.game.state_hash())
            )?;
            printed += 1;
            level_ticks = 0;
        }
        if session.game.player_dead() && session.dead_ticks() == 1 {
            let tally = Tally::of(&session.game, session.path());
            writeln!(
                stdout,
                "{}",
                json_line(&tally, false, session.game.state_hash())
            )?;
            if session.game.seat().lives == 0 {
                bail!(
                    "game over: the player died on {} after {} ticks at ({:.2}, {:.2}) with no life left",
                    tally.name,
                    tally.ticks,
                    session.game.seat().player.position.x,
                    session.game.seat().player.position.y
                );
            }
            level_ticks = 0;
        }
        if level_ticks > GIVE_UP_MINUTES * 60 * u64::from(TICK_HZ) {
            let tally = Tally::of(&session.game, session.path());
            writeln!(
                stdout,
                "{}",
                json_line(&tally, false, session.game.state_hash())
            )?;
            bail!(
                "the autopilot gave up on {} after {GIVE_UP_MINUTES} minutes at ({:.2}, {:.2})",
                tally.name,
                session.game.seat().player.position.x,
                session.game.seat().player.position.y
            );
        }
    }
    Ok(())
}

/// One level's tally as the JSON line `autoplay` prints (`bonus`: what its tally added to
/// the score, included in `score`; 0 for a death; `state`: the game's state hash as the line
/// is printed, the same on every platform for the same run).
fn json_line(t: &Tally, finished: bool, state: u64) -> String {
    let file = t.file.file_name().map_or_else(
        || t.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    // In the documented order (a JSON object's keys are unordered, but people read these).
    let text = |v: &str| serde_json::Value::from(v).to_string();
    format!(
        "{{\"level\":{},\"name\":{},\"finished\":{finished},\"ticks\":{},\"kills\":{},\"kills_total\":{},\"secrets\":{},\"secrets_total\":{},\"treasure\":{},\"treasure_total\":{},\"health\":{},\"bonus\":{},\"score\":{},\"lives\":{},\"state\":\"{state:016x}\"}}",
        text(&file),
        text(&t.name),
        t.ticks,
        t.kills.0,
        t.kills.1,
        t.secrets.0,
        t.secrets.1,
        t.treasure.0,
        t.treasure.1,
        t.health,
        if finished { t.bonus() } else { 0 },
        t.score,
        t.lives,
    )
}

/// The arguments of `tilecaster autoplay`.
#[derive(Debug, clap::Args)]
pub struct AutoplayArgs {
    /// The level to start with.
    #[arg(long, default_value_os_t = super::default_level())]
    pub level: std::path::PathBuf,
    #[command(flatten)]
    pub sources: super::SourceArgs,
    /// How hard: enemies' numbers and damage.
    #[arg(long, value_enum, default_value_t = super::DifficultyArg::Normal)]
    pub difficulty: super::DifficultyArg,
    /// Seed for the game's random numbers.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Mix every sound of the run into a stereo WAV file (48 kHz), in step with the
    /// game's ticks; no sound device needed.
    #[arg(long, value_name = "FILE")]
    pub audio_out: Option<std::path::PathBuf>,
    /// Replace the WAV file and the recording if they exist.
    #[arg(long)]
    pub force: bool,
    /// Play one seat of a networked game (with --bind, --peer and --seat) for --ticks ticks,
    /// then print its final state as `replay` does: `final state HASH after N ticks`.
    #[arg(long)]
    pub net: bool,
    /// With --net: the address to listen on (like 127.0.0.1:7000).
    #[arg(long, requires = "net", value_name = "ADDR")]
    pub bind: Option<std::net::SocketAddr>,
    /// With --net: another seat's address, in seat order, this seat left out (repeated: one
    /// for each other player).
    #[arg(long = "peer", requires = "net", value_name = "ADDR")]
    pub peers: Vec<std::net::SocketAddr>,
    /// With --net: the seat played here, from 0.
    #[arg(long, requires = "net", default_value_t = 0)]
    pub seat: usize,
    #[command(flatten)]
    pub mode: super::netplay::ModeArgs,
    /// With --net: ticks to play (60 a second).
    #[arg(long, requires = "net", default_value_t = 600)]
    pub ticks: u64,
    /// With --net: ticks each input waits before it is played (fewer rollbacks, a little lag;
    /// the autopilot aims worse with any, as it sees its aim only once the input is played).
    #[arg(long, requires = "net", default_value_t = 0)]
    pub input_delay: usize,
    /// With --net: record every seat's inputs to FILE (never over a file, unless --force);
    /// `tilecaster replay FILE` plays it to the same final state.
    #[arg(long, requires = "net", value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// With --net: seconds to wait for every peer to answer before giving up.
    #[arg(long, requires = "net", default_value_t = 20, value_name = "SECONDS")]
    pub wait: u64,
    /// With --net: host a lobby on --bind for N players (this one included), instead of
    /// naming every peer: the others join it with --join; the game (--level, --mode,
    /// --difficulty, --seed) is the host's, and the input delay is set from the round trips
    /// measured in the lobby.
    #[arg(long, requires = "net", value_name = "N", conflicts_with_all = ["peers", "join", "input_delay"])]
    pub host: Option<usize>,
    /// With --net: watch the game hosted at ADDR (a lobby's host, or seat 0 of a game whose
    /// every --peer is named) with --code, as a spectator: play its inputs as they become
    /// final, and print the state after --ticks as the players do (--record keeps them).
    #[arg(long, requires = "net", value_name = "ADDR", conflicts_with_all = ["peers", "host", "join", "say"])]
    pub watch: Option<std::net::SocketAddr>,
    /// With --net: join the lobby hosted at ADDR (the level, mode, difficulty and seed are
    /// the host's; --bind defaults to any port).
    #[arg(long, requires = "net", value_name = "ADDR", conflicts_with_all = ["peers", "input_delay"])]
    pub join: Option<std::net::SocketAddr>,
    /// With --net: the game's code. --host: the code joiners must give (six random digits
    /// unless given here); --join: the code the host shows; with every --peer named: the same
    /// on every machine (the datagrams are checked under a key made of it: without one,
    /// anyone who knows the addresses can join in; with one, seat 0 offers watching).
    #[arg(long, requires = "net", value_name = "CODE")]
    pub code: Option<String>,
    /// With --net: say TEXT to the others (chat) once every seat is in step.
    #[arg(long, requires = "net", value_name = "TEXT")]
    pub say: Option<String>,
    /// With --host or --join: the player's name, as the others see it.
    #[arg(long, requires = "net", default_value = "PLAYER")]
    pub name: String,
    #[command(flatten)]
    pub room: super::netplay::RoomArgs,
}

impl AutoplayArgs {
    /// Runs `tilecaster autoplay`.
    pub fn run(self) -> Result<()> {
        if self.net {
            return self.run_net();
        }
        run(&Options {
            level: &self.level,
            sources: &self.sources.get(),
            difficulty: self.difficulty.into(),
            seed: self.seed,
            audio_out: self.audio_out.as_deref(),
            force: self.force,
        })
    }

    /// Runs `tilecaster autoplay --net`: with the peers named, or met in a lobby.
    fn run_net(self) -> Result<()> {
        use super::netplay::Meeting;
        use tilecaster::net::NetSeats;
        let mode_name = self.mode.name();
        let most = tilecaster::game::most_seats(self.mode.deathmatch());
        let deathmatch = self.mode.rules();
        let wait = std::time::Duration::from_secs(self.wait.clamp(1, 3600));
        let sources = self.sources.get();
        if let Some(host) = self.watch {
            return super::watch::watch(&super::watch::WatchOptions {
                host,
                code: self
                    .code
                    .as_deref()
                    .context("--watch needs --code CODE (the code the host shows)")?,
                bind: self
                    .bind
                    .unwrap_or_else(|| std::net::SocketAddr::from(([0, 0, 0, 0], 0))),
                sources: &sources,
                ticks: self.ticks,
                wait,
                record: self.record.as_deref(),
                force: self.force,
            });
        }
        if self.room.room.is_some() {
            self.room.check(&self.mode)?;
            #[cfg(feature = "webrtc")]
            if let Some(room) = self.room.options(&self.mode) {
                let (seats, carrier) = super::netplay::meet_in_room(&room, self.input_delay, wait)?;
                return super::netplay::run(&super::netplay::Options {
                    level: &self.level,
                    watch: None,
                    sources: &sources,
                    difficulty: self.difficulty.into(),
                    seats,
                    names: Vec::new(),
                    ticks: self.ticks,
                    wait,
                    record: self.record.as_deref(),
                    carrier: Some(carrier),
                    audio_out: self.audio_out.as_deref(),
                    say: self.say.as_deref(),
                    force: self.force,
                });
            }
        }
        let meeting = match (self.host, self.join) {
            (Some(players), _) => {
                if !(2..=most).contains(&players) {
                    bail!("--host takes 2 to {most} players in {mode_name}, not {players}");
                }
                let Some(bind) = self.bind else {
                    bail!("--host needs --bind ADDR (the address the others join)");
                };
                let choice = tilecaster::net::lobby::GameChoice::new(
                    &self.level,
                    self.difficulty.into(),
                    self.seed.unwrap_or(0),
                    deathmatch,
                )?;
                Some(Meeting::Host {
                    code: self.code.clone(),
                    bind,
                    players,
                    choice,
                })
            }
            (None, Some(host)) => Some(Meeting::Join {
                code: self
                    .code
                    .clone()
                    .context("--join needs --code CODE (the code the host shows)")?,
                bind: self
                    .bind
                    .unwrap_or_else(|| std::net::SocketAddr::from(([0, 0, 0, 0], 0))),
                host,
            }),
            (None, None) => None,
        };
        if let Some(meeting) = meeting {
            let (plan, carrier) = super::netplay::meet(&meeting, &self.name, wait)?;
            let level = plan.choice.local_level()?;
            let watch = tilecaster::net::watch::WatchOffer::of_plan(&plan);
            return super::netplay::run(&super::netplay::Options {
                level: &level,
                watch,
                sources: &sources,
                difficulty: plan.choice.difficulty,
                seats: plan.seats,
                names: plan.names,
                ticks: self.ticks,
                wait,
                record: self.record.as_deref(),
                carrier: Some(carrier),
                audio_out: self.audio_out.as_deref(),
                say: self.say.as_deref(),
                force: self.force,
            });
        }
        let Some(bind) = self.bind else {
            bail!("--net needs --bind ADDR (the address to listen on)");
        };
        if self.peers.is_empty() || self.peers.len() >= most {
            bail!(
                "--net needs one to {} --peer ADDR (the other players' addresses) in {mode_name}, or --host N or --join ADDR",
                most - 1,
            );
        }
        if self.seat > self.peers.len() {
            bail!(
                "--seat {} in a game of {} players (seats 0 to {})",
                self.seat,
                self.peers.len() + 1,
                self.peers.len()
            );
        }
        let seats = NetSeats {
            bind,
            peers: self.peers,
            seat: self.seat,
            seed: self.seed.unwrap_or(0),
            input_delay: self.input_delay,
            deathmatch,
            colours: Vec::new(),
            key: tilecaster::net::GameKey::from_code(self.code.as_deref().unwrap_or_default()),
        };
        // Seat 0 offers spectators the game, where the players agreed on a code.
        let difficulty = self.difficulty.into();
        let watch = WatchOffer::of_named(&seats, &self.level, difficulty, self.code.as_deref())?;
        super::netplay::run(&super::netplay::Options {
            level: &self.level,
            watch,
            sources: &sources,
            difficulty,
            seats,
            names: Vec::new(),
            ticks: self.ticks,
            wait,
            record: self.record.as_deref(),
            carrier: None,
            audio_out: self.audio_out.as_deref(),
            say: self.say.as_deref(),
            force: self.force,
        })
    }
}
