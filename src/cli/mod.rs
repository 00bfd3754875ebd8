//! Command-line interface: argument definitions and dispatch.

mod assets;
mod autoplay;
mod bench;
mod check;
mod convert;
mod trace;
mod view;
mod visibility;

use std::path::PathBuf;

use crate::app::{PlayOptions, Scaling};
use tilecaster::assets::Sources;
use tilecaster::game::Weapon;
use tilecaster::level::Difficulty;
use tilecaster::scene::topdown::Corner;

use anyhow::Result;
use clap::{Parser, Subcommand};

/// A Wolfenstein-style raycasting engine with an exact grid traversal.
#[derive(Debug, Parser)]
#[command(
    name = "tilecaster",
    version,
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

/// The options of `tilecaster [play]`; they become the window's plain [`PlayOptions`].
#[derive(Debug, Clone, clap::Args)]
struct PlayArgs {
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
    /// How the frame fills the window: whole multiples of its size (sharp, with borders), or
    /// the whole window keeping the aspect ratio.
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

impl From<PlayArgs> for PlayOptions {
    fn from(a: PlayArgs) -> PlayOptions {
        let menu = a.level.is_none() && a.load.is_none() && a.replay.is_none() && !a.demo;
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
        }
    }
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
    Trace {
        /// The level: a level file (.toml, .tmx, .tmj), or a plain ASCII grid ('#' wall, '.'
        /// floor; out of bounds is solid).
        #[arg(long)]
        level: PathBuf,
        /// What blocks: `game`, a level as the game shows it (grates' holes let rays through,
        /// to the texel; doors are met at their slab mid-cell, as open as `--doors` says; push
        /// walls block), or `cells`, the plain grid (every wall, door and grate cell blocks at
        /// its face). An ASCII grid has only cells.
        #[arg(long, value_enum, default_value_t = trace::SolidityArg::Game)]
        solidity: trace::SolidityArg,
        /// With `--solidity game`: how open the doors are, `closed`, `open` or a fraction
        /// (0.25: a quarter slid into the wall). A ray meets a door at its slab mid-cell, where
        /// the game draws it.
        #[arg(long, value_name = "closed|open|F", default_value = "closed", value_parser = trace::parse_doors)]
        doors: f64,
        /// The size of a cell in the segments' units, WxH (60x60 for 60-pixel tiles).
        #[arg(long, value_name = "WxH", default_value = "1x1", value_parser = trace::parse_cell_size)]
        cell_size: (f64, f64),
        /// Where cell (0, 0) starts, X,Y in the segments' units.
        #[arg(long, value_name = "X,Y", default_value = "0,0", value_parser = view::parse_pos, allow_hyphen_values = true)]
        origin: tilecaster::geom::Vec2,
        /// Add the hit's wall coordinate `"u"` (0 to 1 along the face) and, on a grate,
        /// `"texel"` (the texture column met) after the contract's keys.
        #[arg(long)]
        wall_u: bool,
    },
    /// Print what a point sees: the visibility polygon, or with --facing a flashlight's fan, as
    /// JSON `{"origin":[x,y],"polygon":[[x,y],...]}` in angle order in the map's coordinates
    /// (walls, closed doors and grates block; shaped walls where their masks are solid).
    Visibility {
        /// The level (.toml or .tmx).
        #[arg(long)]
        level: PathBuf,
        /// The point that sees, X,Y in tiles.
        #[arg(long, value_name = "X,Y", value_parser = view::parse_pos, allow_hyphen_values = true)]
        pos: tilecaster::geom::Vec2,
        /// How far it sees, tiles, more than 0 (no limit by default).
        #[arg(long, value_name = "TILES", allow_hyphen_values = true, value_parser = view::parse_distance)]
        radius: Option<f64>,
        /// A flashlight: the direction it faces, degrees from east towards south.
        #[arg(long, value_name = "DEG", allow_hyphen_values = true, value_parser = view::parse_angle)]
        facing: Option<f64>,
        /// The flashlight's field of view, degrees, more than 0 and up to 360 (with --facing).
        #[arg(
            long,
            value_name = "DEG",
            value_parser = view::parse_cone,
            allow_hyphen_values = true,
            requires = "facing",
            default_value_if("facing", clap::builder::ArgPredicate::IsPresent, "66")
        )]
        fov: Option<f64>,
    },
    /// Convert a level between the formats: a Tiled map (.tmx, .tmj) into a TOML level, or any
    /// level into a Tiled map (an output ending in .tmx).
    Convert {
        /// The level: a Tiled map or a TOML level.
        input: PathBuf,
        /// Where to write it: a .tmx for Tiled, else TOML (its references to other files,
        /// the next level, the texture folder and shape masks, are rewritten to resolve from
        /// there; those that cannot be are named in a warning).
        #[arg(short, long)]
        output: PathBuf,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Render the first-person view (or the map from above) of a level to a PNG, headless.
    Render {
        /// The level (.toml or .tmx).
        #[arg(long, default_value_os_t = default_level())]
        level: PathBuf,
        /// Eye position X,Y in tiles (default: the level's start).
        #[arg(long, value_parser = view::parse_pos, allow_hyphen_values = true)]
        pos: Option<tilecaster::geom::Vec2>,
        /// View angle, degrees from east towards south (default: the start's facing).
        #[arg(long, allow_hyphen_values = true, value_parser = view::parse_angle)]
        angle: Option<f64>,
        /// Horizontal field of view, degrees.
        #[arg(long, default_value_t = tilecaster::render::Camera::DEFAULT_FOV, value_parser = view::parse_fov)]
        fov: f64,
        /// Frame size WxH.
        #[arg(long, value_parser = view::parse_size, default_value = "640x400")]
        size: (u32, u32),
        /// Which view.
        #[arg(long, value_enum, default_value_t = View::FirstPerson)]
        view: View,
        /// What the top-down view draws over the map, comma-separated. `debug` fires a shot
        /// and a fireball from the viewpoint and runs 20 ticks first, to show their traces.
        #[arg(long, value_enum, value_delimiter = ',', default_value = "rays")]
        layers: Vec<view::Layer>,
        /// With --view topdown: the ray probe, a ray from the viewpoint toward X,Y walked cell
        /// by cell with the DDA's variables beside it (the traversal as a teaching tool).
        #[arg(long, value_name = "X,Y", value_parser = view::parse_pos, allow_hyphen_values = true)]
        probe: Option<tilecaster::geom::Vec2>,
        /// With --probe: show only its first N cells (the walk's state at step N).
        #[arg(long, value_name = "N", requires = "probe", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        probe_steps: Option<u32>,
        /// Draw the profiler over the first-person view: the frame is rendered 120 times
        /// and the overlay shows their times, stages and the cells each column walked.
        #[arg(long, value_enum)]
        overlay: Option<view::Overlay>,
        /// Draw the game's HUD over the first-person view as the game would: the status bar
        /// (as at the level's start), the weapon in hand (see --weapon) and the crosshair.
        #[arg(long)]
        hud: bool,
        /// The weapon in hand with --hud.
        #[arg(long, value_enum, default_value_t = WeaponArg::Pistol)]
        weapon: WeaponArg,
        #[command(flatten)]
        sources: SourceArgs,
        /// Draw far walls, floors and ceilings from their full-size textures, without
        /// mipmaps (the picture before mipmaps; sharper and aliased in the distance).
        #[arg(long)]
        no_mipmaps: bool,
        /// The PNG to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Print what each screen column's ray hits, as CSV.
    Columns {
        /// The level (.toml or .tmx).
        #[arg(long)]
        level: PathBuf,
        /// Eye position X,Y in tiles.
        #[arg(long, value_parser = view::parse_pos, allow_hyphen_values = true)]
        pos: tilecaster::geom::Vec2,
        /// View angle, degrees from east towards south.
        #[arg(long, allow_hyphen_values = true, value_parser = view::parse_angle)]
        angle: f64,
        /// Horizontal field of view, degrees.
        #[arg(long, default_value_t = tilecaster::render::Camera::DEFAULT_FOV, value_parser = view::parse_fov)]
        fov: f64,
        /// Number of columns (1 to 16384).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=16384))]
        width: u32,
        #[command(flatten)]
        sources: SourceArgs,
    },
    /// Measure frames and rays headless: standard scenes (or --level files) over fixed camera
    /// paths, per size and thread count, beside a memset of one frame.
    Bench {
        /// Levels to measure instead of the standard scenes (repeatable).
        #[arg(long)]
        level: Vec<PathBuf>,
        /// Frame sizes WxH (repeatable; default 640x400 and 1920x1080).
        #[arg(long, value_parser = view::parse_size)]
        size: Vec<(u32, u32)>,
        /// Frames measured per run (after 3 of warm-up), 1 to 100000.
        #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        frames: u32,
        /// Thread counts (repeatable; default 1 and every core), each 1 to 1024.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Vec<u16>,
        /// JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// A fixed pose X,Y,ANGLE (tiles, degrees) instead of the turning path (repeatable):
        /// one scene per level and pose (the first level of the episode when no --level).
        #[arg(long, value_name = "X,Y,ANGLE", value_parser = bench::parse_pose, allow_hyphen_values = true)]
        pose: Vec<(tilecaster::geom::Vec2, f64)>,
        /// Horizontal field of view, degrees.
        #[arg(long, default_value_t = tilecaster::render::Camera::DEFAULT_FOV, value_parser = view::parse_fov)]
        fov: f64,
        /// Run the renderer's per-pixel loops in their baseline versions only, without the
        /// CPU's vector instructions (AVX2), to see what those buy (the pictures are the same).
        #[arg(long)]
        scalar: bool,
        /// Draw without mipmaps, to see what they cost.
        #[arg(long)]
        no_mipmaps: bool,
        /// Measure each scene of a level with shaped walls twice, the second time with every
        /// shape made a plain wall, to see what shapes cost (measured one after the other).
        #[arg(long)]
        plain_twin: bool,
    },
    /// Let the autopilot play the episode headless: one JSON line per level (kills, secrets,
    /// treasure, ticks, health); exit 0 at the episode's end, 1 when the player dies or the
    /// autopilot gives up.
    Autoplay {
        /// The level to start with.
        #[arg(long, default_value_os_t = default_level())]
        level: PathBuf,
        #[command(flatten)]
        sources: SourceArgs,
        /// How hard: enemies' numbers and damage.
        #[arg(long, value_enum, default_value_t = DifficultyArg::Normal)]
        difficulty: DifficultyArg,
        /// Seed for the game's random numbers.
        #[arg(long)]
        seed: Option<u64>,
        /// Mix every sound of the run into a stereo WAV file (48 kHz), in step with the
        /// game's ticks; no sound device needed.
        #[arg(long, value_name = "FILE")]
        audio_out: Option<PathBuf>,
        /// Replace the WAV file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Play a recording headless, as fast as it goes, and print the state it ends in: `final
    /// state HASH after N ticks`, the line the game prints when a replay ends (the same on
    /// every platform, the browser's page included).
    Replay {
        /// The recording (`--record` writes one).
        recording: PathBuf,
        #[command(flatten)]
        sources: SourceArgs,
    },
    /// List where each asset of a level comes from (the places searched, then every texture,
    /// sprite sheet, sound and HUD picture with its file or "made by code"), or export them
    /// all as a data folder to start from.
    #[command(group(clap::ArgGroup::new("action").required(true).args(["list", "export"])))]
    Assets {
        /// List them.
        #[arg(long)]
        list: bool,
        /// Write them into DIR as a data folder (textures/, textures/sprites/, sounds/ as
        /// WAV, hud/ as PNG), the ones made by code included; never overwriting unless
        /// --force.
        #[arg(long, value_name = "DIR")]
        export: Option<PathBuf>,
        /// With --export: replace files that exist.
        #[arg(long, requires = "export")]
        force: bool,
        /// The level whose assets are listed (its own folders count).
        #[arg(long, default_value_os_t = default_level())]
        level: PathBuf,
        #[command(flatten)]
        sources: SourceArgs,
    },
    /// Validate level files and the textures they name: every problem as file:line:col.
    Check {
        /// Level files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        sources: SourceArgs,
    },
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
}

impl From<DifficultyArg> for Difficulty {
    fn from(d: DifficultyArg) -> Difficulty {
        match d {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Normal => Difficulty::Normal,
            DifficultyArg::Hard => Difficulty::Hard,
        }
    }
}

/// A weapon, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum WeaponArg {
    /// The knife.
    Knife,
    /// The pistol.
    Pistol,
    /// The launcher.
    Launcher,
}

impl From<WeaponArg> for Weapon {
    fn from(w: WeaponArg) -> Weapon {
        match w {
            WeaponArg::Knife => Weapon::Knife,
            WeaponArg::Pistol => Weapon::Pistol,
            WeaponArg::Launcher => Weapon::Launcher,
        }
    }
}

/// The views `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum View {
    /// The player's eye view.
    FirstPerson,
    /// The whole map from above (see --layers).
    Topdown,
}

/// `tilecaster replay`: the recording's ticks, headless, then the final state.
fn replay(path: &std::path::Path, sources: &Sources) -> Result<()> {
    use tilecaster::episode::Recording;
    let recording = Recording::read_for_replay(path)?;
    let mut session = recording
        .start_session(sources)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    for input in &recording.inputs {
        session.tick(input);
    }
    println!(
        "final state {:016x} after {} ticks",
        session.game.state_hash(),
        recording.inputs.len()
    );
    Ok(())
}

/// Runs the parsed command.
pub fn run(args: Args) -> Result<()> {
    let command = args.command.unwrap_or(Command::Play(args.play));
    match command {
        Command::Play(options) => crate::app::play(options.into()),
        Command::Bench {
            level,
            size,
            frames,
            threads,
            json,
            pose,
            fov,
            scalar,
            no_mipmaps,
            plain_twin,
        } => {
            let threads: Vec<usize> = threads.into_iter().map(usize::from).collect();
            bench::run(&bench::Options {
                levels: &level,
                sizes: &size,
                frames,
                threads: &threads,
                json,
                poses: &pose,
                fov,
                scalar,
                mipmaps: !no_mipmaps,
                plain_twin,
            })
        }
        Command::Trace {
            level,
            solidity,
            doors,
            cell_size,
            origin,
            wall_u,
        } => trace::run(&trace::Options {
            level: &level,
            solidity,
            doors,
            cell_size,
            origin,
            wall_u,
        }),
        Command::Visibility {
            level,
            pos,
            radius,
            facing,
            fov,
        } => visibility::run(&visibility::Options {
            level: &level,
            pos,
            radius: radius.unwrap_or(f64::INFINITY),
            cone: facing.zip(fov),
        }),
        Command::Check { files, sources } => check::run(&files, &sources.get()),
        Command::Assets {
            list: _,
            export,
            force,
            level,
            sources,
        } => match export {
            Some(dir) => assets::export(&level, &sources.get(), &dir, force),
            None => assets::list(&level, &sources.get()),
        },
        Command::Replay { recording, sources } => replay(&recording, &sources.get()),
        Command::Autoplay {
            level,
            sources,
            difficulty,
            seed,
            audio_out,
            force,
        } => autoplay::run(&autoplay::Options {
            level: &level,
            sources: &sources.get(),
            difficulty: difficulty.into(),
            seed,
            audio_out: audio_out.as_deref(),
            force,
        }),
        Command::Render {
            level,
            pos,
            angle,
            fov,
            size,
            view,
            layers,
            probe,
            probe_steps,
            overlay,
            hud,
            weapon,
            sources,
            no_mipmaps,
            output,
            force,
        } => {
            let viewpoint = view::Viewpoint {
                pos,
                angle,
                fov,
                topdown: (view == View::Topdown).then_some(layers),
                probe: probe.map(|target| tilecaster::scene::topdown::RayProbe {
                    target,
                    steps: probe_steps.map(|n| n as usize),
                }),
                overlay,
                hud: hud.then_some(weapon.into()),
                mipmaps: !no_mipmaps,
            };
            view::render(&level, &sources.get(), &viewpoint, size, &output, force)
        }
        Command::Columns {
            level,
            pos,
            angle,
            fov,
            width,
            sources,
        } => {
            let viewpoint = view::Viewpoint {
                pos: Some(pos),
                angle: Some(angle),
                fov,
                topdown: None,
                probe: None,
                overlay: None,
                hud: None,
                mipmaps: true,
            };
            view::columns(&level, &sources.get(), &viewpoint, width)
        }
        Command::Convert {
            input,
            output,
            force,
        } => convert::run(&input, &output, force),
    }
}
