//! `tilecaster [play]`: the game's options, as the window's plain [`PlayOptions`].

use std::path::PathBuf;

use crate::app::{PlayOptions, Scaling};
use tilecaster::scene::topdown::Corner;

use super::{DifficultyArg, SourceArgs, default_level, view};

/// The options of `tilecaster [play]`; they become the window's plain [`PlayOptions`].
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The level to play, straight away (without it, and without --load, --replay and
    /// --demo, the game opens at its main menu).
    #[arg(long)]
    level: Option<PathBuf>,
    #[command(flatten)]
    sources: SourceArgs,
    /// Internal resolution WxH at resolution scale 1, each side at most 8192 (the window
    /// scales it; the Options menu's resolution multiplies it).
    #[arg(long, value_parser = view::parse_play_size, default_value = "640x400")]
    size: (u32, u32),
    /// Horizontal field of view, degrees, for this run (the Options menu keeps one).
    #[arg(long, value_parser = view::parse_fov)]
    fov: Option<f64>,
    /// How the frame fills the window: whole multiples of its size (sharp, with borders), the
    /// whole window keeping the aspect ratio (smoothed), or a whole multiple where one comes
    /// close and else the whole window, never smoothed (sharp).
    #[arg(long, value_enum, default_value_t = Scaling::PixelPerfect)]
    scaling: Scaling,
    /// End after this many frames (for tests driving the real binary).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    frames: Option<u64>,
    /// Save the last frame as a PNG when the game ends (never overwrites a file).
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
    /// Draw no status bar, crosshair or messages.
    #[arg(long)]
    no_hud: bool,
    /// Record every tick's input to FILE when the game ends (never overwrites a file).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Play a recording (on the level it names) instead of the keyboard; the game ends with it.
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    replay: Option<PathBuf>,
    /// Start from a saved game (the quick save, F6, is saves/quicksave.json beside the
    /// settings file) instead of the level's start; refused when it belongs to another level
    /// file or save format.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "replay"])]
    load: Option<PathBuf>,
    /// Start with the sound off (F8 turns it on and off).
    #[arg(long)]
    mute: bool,
    /// Mix every sound of the game into a stereo WAV file (48 kHz) when it ends, in step with
    /// its ticks (with --replay, a recording's sound); never overwrites a file.
    #[arg(long, value_name = "FILE")]
    audio_out: Option<PathBuf>,
    /// Demo mode: the autopilot plays (to the exit, fetching keys, fighting), as the game
    /// would show itself in a shop window. Escape and the other game keys still work.
    #[arg(long, conflicts_with = "replay")]
    demo: bool,
    /// The settings file (TOML: options and key bindings; the Options menu writes it),
    /// instead of the platform's (on Linux ~/.config/tilecaster/settings.toml). Saves go in
    /// a `saves` folder beside it.
    #[arg(long, value_name = "FILE")]
    settings: Option<PathBuf>,
    /// Which graphics API draws the window: Vulkan where there is an adapter, else OpenGL
    /// (auto); or only one of them.
    #[arg(long, value_enum, default_value_t = crate::app::Backend::Auto)]
    backend: crate::app::Backend,
    /// How hard: enemies' numbers and damage.
    #[arg(long, value_enum, default_value_t = DifficultyArg::Normal)]
    difficulty: DifficultyArg,
    /// The minimap's corner (M shows it), for this run.
    #[arg(long, value_enum)]
    minimap_corner: Option<CornerArg>,
    /// The minimap's side, as a fraction of the frame's height (0.05 to 1), for this run.
    #[arg(long, value_parser = parse_fraction)]
    minimap_size: Option<f64>,
    /// Draw far walls, floors and ceilings from their full-size textures, without mipmaps
    /// (sharper in the distance, and sparkling as you move), for this run.
    #[arg(long)]
    no_mipmaps: bool,
    /// Play one seat of a networked game: met in a lobby (--host, --join), or with every
    /// peer named (--bind, --peer and --seat; every machine with the same level, difficulty
    /// and --seed); with --demo the autopilot plays it.
    #[arg(long, conflicts_with_all = ["replay", "load"])]
    net: bool,
    /// With --net: host a lobby on --bind for the game chosen here (--level, --mode,
    /// --difficulty, --seed); the others join it with --join; use (or fire) starts the game
    /// once they are in.
    #[arg(long, requires_all = ["net", "bind"], conflicts_with_all = ["peers", "join"])]
    host: bool,
    /// With --net: join the lobby hosted at ADDR; the game is the host's.
    #[arg(long, requires = "net", value_name = "ADDR", conflicts_with = "peers")]
    join: Option<std::net::SocketAddr>,
    /// With --net: watch the game hosted at ADDR (a lobby's host, or seat 0 of a game whose
    /// every --peer is named) with --code, as a spectator (from the first seat's eyes, a few
    /// ticks behind the players).
    #[arg(long, requires = "net", value_name = "ADDR", conflicts_with_all = ["peers", "join", "host"])]
    watch: Option<std::net::SocketAddr>,
    /// With --host or --join: the player's name, as the others see it.
    #[arg(long, requires = "net", default_value = "PLAYER")]
    name: String,
    /// With --net: the game's code. --host: the code joiners must give (six random digits
    /// unless given here: say it to them with the address); --join: the code the host shows;
    /// with every --peer named: the same on every machine (the datagrams are checked under a
    /// key made of it: without one, anyone who knows the addresses can join in; with one,
    /// seat 0 offers watching).
    #[arg(long, requires = "net", value_name = "CODE")]
    code: Option<String>,
    /// With --net: the address to listen on (like 0.0.0.0:7000).
    #[arg(long, requires = "net", value_name = "ADDR")]
    bind: Option<std::net::SocketAddr>,
    /// With --net: another seat's address, in seat order, this seat left out (repeated: one
    /// for each other player: up to three in co-op, seven in a deathmatch).
    #[arg(long = "peer", requires = "net", value_name = "ADDR")]
    peers: Vec<std::net::SocketAddr>,
    /// With --net: the seat played here, from 0.
    #[arg(long, requires = "net", default_value_t = 0)]
    seat: usize,
    /// With --net: the game's seed, the same on every machine.
    #[arg(long, requires = "net", default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    mode: super::netplay::ModeArgs,
    #[command(flatten)]
    room: super::netplay::RoomArgs,
}

/// A corner of the frame, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum CornerArg {
    /// Top left.
    TopLeft,
    /// Top right.
    TopRight,
    /// Bottom left, above the status bar.
    BottomLeft,
    /// Bottom right, above the status bar.
    BottomRight,
}

/// A number from 0.05 to 1.
fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.05..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("expected a number from 0.05 to 1, found '{s}'")),
    }
}

impl PlayArgs {
    /// Whether the networked game's arguments make sense together (clap checks the rest).
    pub fn check(&self) -> anyhow::Result<()> {
        let named = self.bind.is_some() && !self.peers.is_empty();
        if self.room.room.is_some() {
            self.room.check(&self.mode)?;
        } else if (self.join.is_some() || self.watch.is_some()) && self.code.is_none() {
            anyhow::bail!("--join and --watch need --code CODE (the code the host shows)");
        } else if self.net && !self.host && self.join.is_none() && self.watch.is_none() && !named {
            anyhow::bail!(
                "--net needs --host (with --bind), --join ADDR, or --bind ADDR with a --peer ADDR for each other player"
            );
        }
        Ok(())
    }
}

impl From<PlayArgs> for PlayOptions {
    fn from(a: PlayArgs) -> PlayOptions {
        let menu = a.level.is_none() && a.load.is_none() && a.replay.is_none() && !a.demo && !a.net;
        PlayOptions {
            level: a.level.unwrap_or_else(default_level),
            sources: a.sources.get(),
            size: a.size,
            fov: a.fov,
            scaling: a.scaling,
            frames: a.frames,
            screenshot: a.screenshot,
            no_hud: a.no_hud,
            record: a.record,
            replay: a.replay,
            load: a.load,
            mute: a.mute,
            audio_out: a.audio_out,
            demo: a.demo,
            settings: a.settings,
            difficulty: a.difficulty.into(),
            minimap_corner: a.minimap_corner.map(|c| match c {
                CornerArg::TopLeft => Corner::TopLeft,
                CornerArg::TopRight => Corner::TopRight,
                CornerArg::BottomLeft => Corner::BottomLeft,
                CornerArg::BottomRight => Corner::BottomRight,
            }),
            minimap_size: a.minimap_size,
            mipmaps: a.no_mipmaps.then_some(false),
            backend: a.backend,
            menu,
            edit: None,
            room: a.room.options(&a.mode),
            net: (a.net && a.room.room.is_none()).then(|| crate::app::NetOptions {
                bind: a
                    .bind
                    .unwrap_or_else(|| std::net::SocketAddr::from(([0, 0, 0, 0], 0))),
                peers: a.peers,
                seat: a.seat,
                seed: a.seed,
                deathmatch: a.mode.rules(),
                meeting: if a.host {
                    crate::app::Meeting::Host
                } else if let Some(host) = a.join {
                    crate::app::Meeting::Join(host)
                } else if let Some(host) = a.watch {
                    crate::app::Meeting::Watch(host)
                } else {
                    crate::app::Meeting::Named
                },
                name: a.name,
                code: a.code,
            }),
        }
    }
}
