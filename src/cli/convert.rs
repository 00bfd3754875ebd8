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
    let text = if tmx {
        to_tmx(input, output)?
    } else {
        to_toml(input)?
    };
    tilecaster::files::write_new(output, text.as_bytes(), force)?;
    eprintln!("wrote {}", output.display());
    Ok(())
}
