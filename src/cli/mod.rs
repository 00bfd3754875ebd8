//! Command-line interface: argument definitions and dispatch.

mod assets;
mod autoplay;
mod bench;
mod check;
mod convert;
mod edit;
pub(crate) mod netplay;
mod play;
mod progress;
mod replay;
mod signalling;
mod trace;
mod view;
mod visibility;
mod watch;

use std::path::PathBuf;

use tilecaster::assets::Sources;
use tilecaster::level::Difficulty;

use anyhow::Result;
use clap::{Parser, Subcommand};
use play::PlayArgs;

/// The version `--version` prints: the package's and the game rules' (`0.6.0 (game rules 6)`),
/// which recordings and saves name.
fn version_line() -> &'static str {
    static LINE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LINE.get_or_init(|| {
        let rules = tilecaster::game::RULES_VERSION;
        format!("{} (game rules {rules})", env!("CARGO_PKG_VERSION"))
    })
}

/// A failure its command has said in full on standard output already (`check`'s summary):
/// the binary exits 1 without saying it again.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Reported(pub String);

/// A Wolfenstein-style raycasting engine with an exact grid traversal.
#[derive(Debug, Parser)]
#[command(
    name = "tilecaster",
    version = version_line(),
    about,
    args_conflicts_with_subcommands = true,
    after_help = controls_help()
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Without a command: play, with these options.
    #[command(flatten)]
    play: PlayArgs,
}

/// Where assets come from besides the level and the defaults (`--textures`, `--data`).
#[derive(Debug, Clone, Default, clap::Args)]
struct SourceArgs {
    /// Texture folder over every other (textures, and sprite sheets in its sprites/).
    #[arg(long)]
    textures: Option<PathBuf>,
    /// Data folder over the bundled assets, file by file: textures/, textures/sprites/,
    /// sounds/ and hud/ (`tilecaster assets --list` shows where each asset comes from).
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
}

impl SourceArgs {
    fn get(&self) -> Sources {
        Sources {
            textures: self.textures.clone(),
            data: self.data.clone(),
        }
    }
}

/// The controls, as `--help` lists them after the options: the default bindings' table.
fn controls_help() -> String {
    format!(
        "Controls (defaults; Options > Controls or the settings file's [keys] table rebinds every one,\n\
         by the names on the left; keys are named as on a US keyboard: {}):\n{}\n  \
         Alt+Enter toggles fullscreen too. In menus: arrows, Enter, Escape, Backspace (clears a key), and the mouse.\n\n\
         Settings: {}",
        tilecaster::bindings::KEY_NAMES_HELP,
        tilecaster::bindings::Bindings::default().help_table(),
        crate::app::settings_place()
    )
}

/// The default level: the bundled episode's first.
/// The episode's first level: the repository's, or the bundled one when run elsewhere.
fn default_level() -> PathBuf {
    tilecaster::files::default_path("levels/e1m1.toml")
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play the demo game (the default).
    Play(PlayArgs),
    /// Walk segments read from stdin (`x0 y0 x1 y1` per line) through a level's grid and print
    /// one JSON object per segment: the cells walked and the first hit.
    Trace(trace::TraceArgs),
    /// Print what a point sees: the visibility polygon, or with --facing a flashlight's fan, as
    /// JSON `{"origin":[x,y],"polygon":[[x,y],...]}` in angle order in the map's coordinates
    /// (walls, closed doors and grates block; shaped walls where their masks are solid).
    Visibility(visibility::VisibilityArgs),
    /// Convert a level between the formats: a Tiled map (.tmx, .tmj) into a TOML level, or any
    /// level into a Tiled map (an output ending in .tmx).
    Convert(convert::ConvertArgs),
    /// Edit a level in a window: the map with a palette beside the first-person view, lit as
    /// you paint; undo, redo, copy, paste, play from the camera (P), save (Ctrl+S).
    Edit(edit::EditArgs),
    /// Render the first-person view (or the map from above) of a level to a PNG, headless.
    Render(view::RenderArgs),
    /// Print what each screen column's ray hits, as CSV.
    Columns(view::ColumnsArgs),
    /// Measure frames and rays headless: standard scenes (or --level files) over fixed camera
    /// paths, per size and thread count, beside a memset of one frame.
    Bench(bench::BenchArgs),
    /// Let the autopilot play the episode headless: one JSON line per level (kills, secrets,
    /// treasure, ticks, health); exit 0 at the episode's end, 1 when the player dies or the
    /// autopilot gives up.
    Autoplay(autoplay::AutoplayArgs),
    /// Play a recording headless, as fast as it goes, and print the state it ends in: `final
    /// state HASH after N ticks`, the line the game prints when a replay ends (the same on
    /// every platform, the browser's page included).
    Replay(replay::ReplayArgs),
    /// List where each asset of a level comes from (the places searched, then every texture,
    /// sprite sheet, sound and HUD picture with its file or "made by code"), or export them
    /// all as a data folder to start from.
    Assets(assets::AssetsArgs),
    /// Validate level files and the textures they name: every problem as file:line:col.
    Check(check::CheckArgs),
    /// Run a signalling server for network play in the browser page: players of one room
    /// (`ws://HOST:PORT/ROOM`) find each other through it, then play directly (matchbox's
    /// protocol: the page also works with any matchbox server).
    ServeSignalling(signalling::SignallingArgs),
}

/// How hard the game is, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DifficultyArg {
    /// A third of the enemies stay home; they do half damage.
    Easy,
    /// Every enemy, full damage.
    Normal,
    /// Every enemy, quicker to shoot, half again the damage.
    Hard,
    /// Death incarnate: hard, and the enemies placed for it besides.
    Death,
}

impl From<DifficultyArg> for Difficulty {
    fn from(d: DifficultyArg) -> Difficulty {
        match d {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Normal => Difficulty::Normal,
            DifficultyArg::Hard => Difficulty::Hard,
            DifficultyArg::Death => Difficulty::Death,
        }
    }
}

/// Runs the parsed command.
pub fn run(args: Args) -> Result<()> {
    progress::install();
    match args.command.unwrap_or(Command::Play(args.play)) {
        Command::Play(options) => {
            options.check()?;
            crate::app::play(options.into())
        }
        Command::Trace(a) => a.run(),
        Command::Visibility(a) => a.run(),
        Command::Convert(a) => a.run(),
        Command::Edit(a) => a.run(),
        Command::Render(a) => a.run(),
        Command::Columns(a) => a.run(),
        Command::Bench(a) => a.run(),
        Command::Autoplay(a) => a.run(),
        Command::Replay(a) => a.run(),
        Command::Assets(a) => a.run(),
        Command::Check(a) => a.run(),
        Command::ServeSignalling(a) => a.run(),
    }
}
