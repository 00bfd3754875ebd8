//! `tilecaster convert in.tmx -o out.toml` (a Tiled map as a TOML level) and `convert level.toml
//! -o level.tmx` (any level as a Tiled map).

use std::path::Path;

use anyhow::Result;
use tilecaster::level::{to_tmx, to_toml};

pub fn run(input: &Path, output: &Path, force: bool) -> Result<()> {
    // Before the work: the output can be written.
    tilecaster::files::check_writable(output, force)?;
    // The same checks as for playing it, reported against the level's own files.
    let tmx = output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"));
    // References to other files are rewritten relative to the output's folder; those that
    // cannot be (not on disk) are named.
    let converted = if tmx {
        to_tmx(input, output)?
    } else {
        to_toml(input, output)?
    };
    tilecaster::files::write_new(output, converted.text.as_bytes(), force)?;
    for warning in &converted.warnings {
        eprintln!("{}: warning: {warning}", output.display());
    }
    eprintln!("wrote {}", output.display());
    Ok(())
}

/// The arguments of `tilecaster convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The level: a Tiled map or a TOML level.
    pub input: std::path::PathBuf,
    /// Where to write it: a .tmx for Tiled, else TOML (its references to other files,
    /// the next level, the texture folder and shape masks, are rewritten to resolve from
    /// there; those that cannot be are named in a warning).
    #[arg(short, long)]
    pub output: std::path::PathBuf,
    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,
}

impl ConvertArgs {
    /// Runs `tilecaster convert`.
    pub fn run(self) -> Result<()> {
        run(&self.input, &self.output, self.force)
    }
}
