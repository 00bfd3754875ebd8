//! `tilecaster convert in.tmx -o out.toml`: a Tiled map as a TOML level.

use std::path::Path;

use anyhow::{Context, Result, bail};
use tilecaster::level::{Level, tmx_to_toml};

pub fn run(input: &Path, output: &Path, force: bool) -> Result<()> {
    // Load first: the same checks as for playing it, reported against the .tmx.
    Level::load(input)?;
    let (text, _) = tmx_to_toml(input)?;
    if output.exists() && !force {
        bail!("{} exists: pass --force to overwrite it", output.display());
    }
    let tmp = output.with_extension("toml.tmp");
    std::fs::write(&tmp, &text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, output)
        .with_context(|| format!("cannot move {} to {}", tmp.display(), output.display()))?;
    eprintln!("wrote {}", output.display());
    Ok(())
}
