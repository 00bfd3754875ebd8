//! `tilecaster convert in.tmx -o out.toml`: a Tiled map as a TOML level.

use std::path::Path;

use anyhow::Result;
use tilecaster::level::{Level, tmx_to_toml};

pub fn run(input: &Path, output: &Path, force: bool) -> Result<()> {
    // Load first: the same checks as for playing it, reported against the .tmx.
    Level::load(input)?;
    let (text, _) = tmx_to_toml(input)?;
    tilecaster::files::write_new(output, text.as_bytes(), force)?;
    eprintln!("wrote {}", output.display());
    Ok(())
}
