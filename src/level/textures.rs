//! Loading the textures a level names, with errors pointing at the level line that names them.

use std::path::{Path, PathBuf};

use super::{Diagnostic, Level, LevelError, Severity};
use crate::texture::{Notice, TextureSet};

/// The texture drawn on the walls beside a door, seen from the door's cell (if the texture
/// folder has it; otherwise those walls keep their own texture).
pub const DOOR_JAMB: &str = "door_jamb";

/// The sprite of the launcher's projectile, loaded from `sprites/` when the folder has it.
pub const FIREBALL: &str = "fireball";

/// A level with its textures, and everything worth telling about them.
#[derive(Debug)]
pub struct LevelWithTextures {
    /// The level.
    pub level: Level,
    /// Allowed but suspicious things found in it (open edges, ...).
    pub warnings: Vec<Diagnostic>,
    /// Every texture it names, loaded.
    pub textures: TextureSet,
    /// Where the textures came from.
    pub texture_dir: PathBuf,
    /// Notices from loading textures (resampling).
    pub notices: Vec<Notice>,
}

/// The folder a level's textures come from: `override_dir` (the `--textures` option) if given,
/// else the level's own `textures` folder, else `textures/` in the working directory, else the
/// bundled textures.
pub fn texture_dir_for(level: &Level, override_dir: Option<&Path>) -> PathBuf {
    override_dir
        .map(Path::to_path_buf)
        .or_else(|| level.texture_dir.as_ref().map(|(dir, _)| dir.clone()))
        .unwrap_or_else(|| crate::files::default_path("textures"))
}

/// Loads a level and every texture it names. Errors list every problem: the level's own, then
/// each unknown texture (with the names that do exist) or broken PNG, at the line naming it.
pub fn load_with_textures(
    path: &Path,
    override_dir: Option<&Path>,
) -> Result<LevelWithTextures, LevelError> {
    let loaded = Level::load(path)?;
    let dir = texture_dir_for(&loaded.level, override_dir);
    let file = path.display().to_string();
    let error = |position, message| Diagnostic {
        file: file.clone(),
        position,
        severity: Severity::Error,
        message,
    };
    // The level's own folder must exist unless another was given.
    if let (None, Some((own, at))) = (override_dir, &loaded.level.texture_dir) {
        if !crate::files::is_dir(own) {
            let raw = own
                .strip_prefix(path.parent().unwrap_or(Path::new("")))
                .unwrap_or(own);
            let message = if crate::files::exists(own) {
                format!(
                    "texture folder '{}' is not a folder (looked at {})",
                    raw.display(),
                    own.display()
                )
            } else {
                format!(
                    "texture folder '{}' does not exist (looked for {})",
                    raw.display(),
                    own.display()
                )
            };
            return Err(LevelError {
                diagnostics: [loaded.warnings, vec![error(Some(*at), message)]].concat(),
            });
        }
    }
    let available = match TextureSet::names_in(&dir) {
        Ok(names) => names,
        Err(e) => {
            let message = format!("texture folder {} cannot be read: {e}", dir.display());
            return Err(LevelError {
                diagnostics: [loaded.warnings, vec![error(None, message)]].concat(),
            });
        }
    };
    let mut textures = TextureSet::new();
    let mut notices = Vec::new();
    let mut problems = Vec::new();
    for r in &loaded.level.texture_refs {
        if !available.contains(&r.name) {
            let known = if available.is_empty() {
                "none".to_string()
            } else {
                available.join(", ")
            };
            problems.push(Diagnostic {
                file: r.file.clone(),
                ..error(
                    Some(r.position),
                    format!(
                        "unknown texture '{}' (textures in {}: {known})",
                        r.name,
                        dir.display()
                    ),
                )
            });
            continue;
        }
        match textures.load(&dir, &r.name) {
            Ok(mut n) => notices.append(&mut n),
            Err(e) => problems.push(Diagnostic {
                file: r.file.clone(),
                ..error(Some(r.position), e.to_string())
            }),
        }
    }
    // Sprites of the things in the level: enemy sheets and pickups.
    let level = &loaded.level;
    let mut sprites: Vec<&str> = level
        .enemies
        .iter()
        .map(|e| level.sprite_of(&e.kind))
        .collect();
    sprites.extend(level.pickups.iter().map(|p| super::sprite_name(p.kind)));
    sprites.sort_unstable();
    sprites.dedup();
    for name in sprites {
        if let Err(e) = textures.load_sprite(&dir, name) {
            problems.push(error(
                None,
                format!("sprite '{name}' (needed by the level's things): {e}"),
            ));
        }
    }
    // The launcher's fireball, when the folder has one (without it, fireballs fly unseen in
    // the first-person view; the map still shows them).
    if crate::files::is_file(&dir.join("sprites").join(format!("{FIREBALL}.png"))) {
        if let Err(e) = textures.load_sprite(&dir, FIREBALL) {
            problems.push(error(None, format!("sprite '{FIREBALL}': {e}")));
        }
    }
    // The engine's own texture for the sides of door openings, when the folder has one.
    if !loaded.level.doors.is_empty() && available.iter().any(|n| n == DOOR_JAMB) {
        match textures.load(&dir, DOOR_JAMB) {
            Ok(mut n) => notices.append(&mut n),
            Err(e) => problems.push(error(None, e.to_string())),
        }
    }
    if problems.is_empty() {
        Ok(LevelWithTextures {
            level: loaded.level,
            warnings: loaded.warnings,
            textures,
            texture_dir: dir,
            notices,
        })
    } else {
        let mut diagnostics = [loaded.warnings, problems].concat();
        diagnostics.sort_by_key(|d| (d.file != file, d.position));
        Err(LevelError { diagnostics })
    }
}
