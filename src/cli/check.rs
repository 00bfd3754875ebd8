//! `tilecaster check FILE...`: validate levels and the textures they name.

use std::path::{Path, PathBuf};

use anyhow::Result;
use tilecaster::assets::Sources;
use tilecaster::files::folded;
use tilecaster::level::load_with_sources;

pub fn run(files: &[PathBuf], sources: &Sources) -> Result<()> {
    let (mut errors, mut warnings) = (0, 0);
    let mut out = Lines::default();
    for file in files {
        match load_with_sources(file, sources) {
            Ok(checked) => {
                for w in &checked.warnings {
                    out.line(w);
                }
                for n in &checked.notices {
                    out.line(format_args!("{}: note: {}", n.path.display(), n.message));
                }
                warnings += checked.warnings.len();
                for w in unused_sprites_refused(file, &checked) {
                    out.line(w);
                    warnings += 1;
                }
                let level = &checked.level;
                // The name as a Rust string literal: control characters (ESC, BEL, a
                // right-to-left override) escaped, never sent raw to the terminal.
                out.line(format_args!(
                    "{}: ok: {:?}, {}x{} cells, {} textures from {}{}",
                    file.display(),
                    level.name,
                    level.map.width(),
                    level.map.height(),
                    checked.textures.len(),
                    texture_places(&checked),
                    replaced(&checked)
                ));
            }
            Err(e) => {
                for d in &e.diagnostics {
                    out.line(d);
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
    // On the stream of the lines it sums up, so that it follows them in order on a line of
    // its own wherever the two streams are shown together.
    out.line(&summary);
    if errors > 0 {
        return Err(super::Reported(summary).into());
    }
    Ok(())
}

/// Standard output for `check`'s lines. Once its reader has gone (a pipe closed early:
/// `check ... | head -1`), the rest is not written, and `check` still ends as its levels
/// decide, where a line printed into the closed pipe would panic.
#[derive(Default)]
struct Lines {
    gone: bool,
}

impl Lines {
    fn line(&mut self, text: impl std::fmt::Display) {
        use std::io::Write;
        if !self.gone && writeln!(std::io::stdout().lock(), "{text}").is_err() {
            self.gone = true;
        }
    }
}

/// A warning for each sprite sheet of the level's own folders and `--data` that this level does
/// not use but that would be refused where one does (frames of 7 pixels, a sheet not a whole
/// grid): a mod's data folder serves every level of an episode, and its broken sheet would
/// otherwise be found only when the level that needs it loads.
fn unused_sprites_refused(
    file: &std::path::Path,
    checked: &tilecaster::level::LevelWithTextures,
) -> Vec<String> {
    use tilecaster::assets::Origin;
    checked
        .overlay
        .sprite_names()
        .into_iter()
        .filter(|name| checked.textures.sprite(name).is_none())
        .filter_map(|name| {
            let (layer, path) = checked.overlay.sprite(&name)?;
            if layer.origin == Origin::Defaults {
                return None;
            }
            let error = tilecaster::texture::load_sprite_sheet(&path).err()?;
            Some(format!(
                "{}: warning: sprite '{name}' is not used by this level, but a level using it would not load: {error}",
                file.display()
            ))
        })
        .collect()
}

/// What the level's folder and `--data` replace, for `check`'s line: ", 2 sounds and 1 HUD
/// picture from files" (nothing when none).
/// The folders the level's textures were found in (`<built-in>/textures and levels/mine`),
/// else its texture folder.
fn texture_places(checked: &tilecaster::level::LevelWithTextures) -> String {
    let mut places: Vec<String> = Vec::new();
    for name in checked.textures.names() {
        if let Some((_, file)) = checked.overlay.texture(name) {
            let folder = folded(file.parent().unwrap_or(Path::new("")));
            let folder = match folder.display().to_string() {
                f if f.is_empty() => ".".to_string(),
                f => f,
            };
            if !places.contains(&folder) {
                places.push(folder);
            }
        }
    }
    // (Folded for the eye: on Windows `levels\../textures` was printed; files are still read
    // at the paths as written.)
    if places.is_empty() {
        return folded(&checked.texture_dir).display().to_string();
    }
    places.join(" and ")
}

fn replaced(checked: &tilecaster::level::LevelWithTextures) -> String {
    let (sounds, hud) = (checked.sounds.len(), checked.hud.len());
    if sounds + hud == 0 {
        return String::new();
    }
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        ", {} and {} from files",
        plural(sounds, "sound", "sounds"),
        plural(hud, "HUD picture", "HUD pictures")
    )
}

/// The arguments of `tilecaster check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Level files.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub sources: super::SourceArgs,
}

impl CheckArgs {
    /// Runs `tilecaster check`.
    pub fn run(self) -> Result<()> {
        run(&self.files, &self.sources.get())
    }
}
