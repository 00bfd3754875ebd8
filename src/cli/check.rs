//! `tilecaster check FILE...`: validate levels and the textures they name.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use tilecaster::level::load_with_textures;

pub fn run(files: &[PathBuf], textures: Option<&Path>) -> Result<()> {
    let (mut errors, mut warnings) = (0, 0);
    for file in files {
        match load_with_textures(file, textures) {
            Ok(checked) => {
                for w in &checked.warnings {
                    println!("{w}");
                }
                for n in &checked.notices {
                    println!("{}: note: {}", n.path.display(), n.message);
                }
                warnings += checked.warnings.len();
                let level = &checked.level;
                // The name as a Rust string literal: control characters (ESC, BEL, a
                // right-to-left override) escaped, never sent raw to the terminal.
                println!(
                    "{}: ok: {:?}, {}x{} cells, {} textures from {}",
                    file.display(),
                    level.name,
                    level.map.width(),
                    level.map.height(),
                    checked.textures.len(),
                    checked.texture_dir.display()
                );
            }
            Err(e) => {
                for d in &e.diagnostics {
                    println!("{d}");
                    if d.is_error() {
                        errors += 1;
                    } else {
                        warnings += 1;
                    }
                }
            }
        }
    }
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let summary = format!(
        "{} checked: {}, {}",
        plural(files.len(), "file"),
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    if errors > 0 {
        bail!(summary);
    }
    eprintln!("{summary}");
    Ok(())
}
