//! Command-line interface: argument definitions and dispatch.

mod check;
mod convert;
mod trace;

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Parser, Subcommand};

/// A Wolfenstein-style raycasting engine with an exact grid traversal.
#[derive(Debug, Parser)]
#[command(name = "tilecaster", version, about)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play the demo game (the default).
    Play,
    /// Walk segments read from stdin (`x0 y0 x1 y1` per line) through a level's grid and print
    /// one JSON object per segment: the cells walked and the first hit.
    Trace {
        /// The level: a level file (.toml), or a plain ASCII grid ('#' wall, '.' floor; out of
        /// bounds is solid).
        #[arg(long)]
        level: PathBuf,
    },
    /// Convert a Tiled map (.tmx) into a TOML level.
    Convert {
        /// The Tiled map.
        input: PathBuf,
        /// Where to write the TOML level (relative paths in it stay as in the map).
        #[arg(short, long)]
        output: PathBuf,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Validate level files and the textures they name: every problem as file:line:col.
    Check {
        /// Level files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Texture folder, instead of the level's own (or ./textures).
        #[arg(long)]
        textures: Option<PathBuf>,
    },
}

/// Runs the parsed command.
pub fn run(args: Args) -> Result<()> {
    match args.command.unwrap_or(Command::Play) {
        Command::Play => bail!(
            "the game window is not built yet; what works today is `tilecaster trace --level FILE` \
             (see `tilecaster --help`)"
        ),
        Command::Trace { level } => trace::run(&level),
        Command::Check { files, textures } => check::run(&files, textures.as_deref()),
        Command::Convert {
            input,
            output,
            force,
        } => convert::run(&input, &output, force),
    }
}
