//! Loading the textures a level names, with errors pointing at the level line that names them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Diagnostic, Level, LevelError, Severity};
use crate::assets::{HUD_NAMES, Overlay, SOUND_NAMES, Sources};
use crate::texture::{Notice, TextureSet};

/// The texture drawn on the walls beside a door, seen from the door's cell (if the texture
/// folder has it; otherwise those walls keep their own texture).
pub const DOOR_JAMB: &str = "door_jamb";

/// The sprite of the launcher's projectile, loaded from `sprites/` when the folder has it.
pub const FIREBALL: &str = "fireball";

/// The sprite of the players of a game of several, loaded from `sprites/` when the folder
/// has it: its key colour (pure magenta: red and blue equal, no green, the shade in red)
/// takes each seat's colour ([`SEAT_COLOURS`]) in the sheets named by [`player_sprite`].
pub const PLAYER: &str = "player";

/// The seats' colours, seat 0 first: blue, red, green, gold, and a deathmatch's four more:
/// purple, cyan, orange, white.
pub const SEAT_COLOURS: [crate::frame::Colour; 8] = [
    crate::frame::Colour::rgb(70, 110, 235),
    crate::frame::Colour::rgb(215, 55, 50),
    crate::frame::Colour::rgb(60, 175, 75),
    crate::frame::Colour::rgb(225, 180, 40),
    crate::frame::Colour::rgb(150, 80, 200),
    crate::frame::Colour::rgb(60, 190, 200),
    crate::frame::Colour::rgb(235, 130, 40),
    crate::frame::Colour::rgb(225, 225, 225),
];

/// The names of [`SEAT_COLOURS`], as settings and menus say them.
pub const COLOUR_NAMES: [&str; 8] = [
    "blue", "red", "green", "gold", "purple", "cyan", "orange", "white",
];

/// The name of seat `seat`'s sheet in a level's textures (the [`PLAYER`] sheet in the seat's
/// colour), when the folder has a player sprite.
pub fn player_sprite(seat: usize) -> String {
    format!("{PLAYER}#{}", seat % SEAT_COLOURS.len())
}

/// Texel `rgba` of the player's sheet in `colour`: the key colour's pixels (red equal to
/// blue, no green) take `colour`, as bright as the key was (200 as the colour itself); the
/// rest as it is.
fn in_seat_colour(rgba: [u8; 4], colour: crate::frame::Colour) -> [u8; 4] {
    let [r, g, b, a] = rgba;
    if g != 0 || r != b || r == 0 {
        return rgba;
    }
    let shade = |c: u8| (f32::from(c) * f32::from(r) / 200.0).round().min(255.0) as u8;
    [shade(colour.r), shade(colour.g), shade(colour.b), a]
}

/// A level with its textures, and everything worth telling about them.
#[derive(Debug)]
pub struct LevelWithTextures {
    /// The level.
    pub level: Level,
    /// Allowed but suspicious things found in it (open edges, ...).
    pub warnings: Vec<Diagnostic>,
    /// Every texture it names, loaded.
    pub textures: TextureSet,
    /// The level's main texture folder ([`texture_dir_for`]).
    pub texture_dir: PathBuf,
    /// Where its assets are looked for, file by file ([`Overlay`]).
    pub overlay: Overlay,
    /// Notices from loading textures (resampling).
    pub notices: Vec<Notice>,
    /// The sound files the overlay has, by name ([`crate::assets::SOUND_NAMES`] and enemy
    /// kinds' own), decoded; the sounds without one are made by code.
    pub sounds: Arc<crate::assets::SoundFiles>,
    /// The level's music, looped: `sounds/NAME.wav` for its `music = "NAME"`, else
    /// `sounds/music.wav` where the overlay has one (`None`: the theme made by code plays,
    /// `audio::theme`).
    pub music: Option<Arc<[f32]>>,
    /// The HUD art the overlay has, by name ([`crate::assets::HUD_NAMES`]); what is missing
    /// is drawn by code.
    pub hud: crate::assets::Pictures,
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

/// Loads a level and its assets with only a `--textures` folder (`override_dir`) given:
/// [`load_with_sources`] without a `--data` folder.
pub fn load_with_textures(
    path: &Path,
    override_dir: Option<&Path>,
) -> Result<LevelWithTextures, LevelError> {
    load_with_sources(path, &Sources::textures(override_dir))
}

/// Loads a level and every texture and sprite sheet it names, the sound files, music and HUD
/// art there are, each from the first place of its [`Overlay`] that has it. Errors list every
/// problem: the level's own, then each unknown texture (with the names that do exist), broken
/// PNG or WAV, at the line naming it or in the file.
pub fn load_with_sources(path: &Path, sources: &Sources) -> Result<LevelWithTextures, LevelError> {
    let override_dir = sources.textures.as_deref();
    let loaded = Level::load(path)?;
    let dir = texture_dir_for(&loaded.level, override_dir);
    let level_textures = loaded.level.texture_dir.as_ref().map(|(d, _)| d.as_path());
    let overlay = Overlay::new(sources, path, level_textures);
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
    if let Some(given) = override_dir {
        if let Err(e) = TextureSet::names_in(given) {
            let message = format!("texture folder {} cannot be read: {e}", given.display());
            return Err(LevelError {
                diagnostics: [loaded.warnings, vec![error(None, message)]].concat(),
            });
        }
    }
    let available = overlay.texture_names();
    let folders = || {
        let list: Vec<String> = overlay
            .texture_folders()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        list.join(", ")
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
                        folders()
                    ),
                )
            });
            continue;
        }
        let from = overlay
            .texture(&r.name)
            .map_or(dir.clone(), |(l, _)| l.textures.clone());
        match textures.load(&from, &r.name) {
            Ok(mut n) => notices.append(&mut n),
            Err(e) => problems.push(Diagnostic {
                file: r.file.clone(),
                ..error(Some(r.position), e.to_string())
            }),
        }
    }
    // Sprites of the things in the level: enemy sheets, pickups and decorations.
    let level = &loaded.level;
    let mut sprites: Vec<&str> = level
        .enemies
        .iter()
        .map(|e| level.sprite_of(&e.kind))
        .collect();
    sprites.extend(level.pickups.iter().map(|p| super::sprite_name(p.kind)));
    sprites.extend(level.decorations.iter().map(|d| d.kind.name));
    sprites.sort_unstable();
    sprites.dedup();
    let sprite_dir = |name: &str| {
        overlay
            .sprite(name)
            .map_or(dir.clone(), |(l, _)| l.textures.clone())
    };
    for name in sprites {
        if let Err(e) = textures.load_sprite(&sprite_dir(name), name) {
            problems.push(error(
                None,
                format!("sprite '{name}' (needed by the level's things): {e}"),
            ));
        }
    }
    // The launcher's fireball, when the folder has one (without it, fireballs fly unseen in
    // the first-person view; the map still shows them).
    if overlay.sprite(FIREBALL).is_some() {
        if let Err(e) = textures.load_sprite(&sprite_dir(FIREBALL), FIREBALL) {
            problems.push(error(None, format!("sprite '{FIREBALL}': {e}")));
        }
    }
    // The players' sheets, one a seat, when the folder has the player's.
    if overlay.sprite(PLAYER).is_some() {
        match textures.load_sprite(&sprite_dir(PLAYER), PLAYER) {
            Ok(()) => {
                // In parallel: eight sheets of 96 frames are most of a level's load otherwise.
                use rayon::prelude::*;
                if let Some(sheet) = textures.sprite(PLAYER).cloned() {
                    let recoloured: Vec<_> = SEAT_COLOURS
                        .par_iter()
                        .map(|&colour| sheet.recoloured(|p| in_seat_colour(p, colour)))
                        .collect();
                    for (seat, sheet) in recoloured.into_iter().enumerate() {
                        textures.insert_sprite(&player_sprite(seat), sheet);
                    }
                }
            }
            Err(e) => problems.push(error(None, format!("sprite '{PLAYER}': {e}"))),
        }
    }
    // The engine's own texture for the sides of door openings, when the folder has one.
    if let Some((jamb, _)) = overlay
        .texture(DOOR_JAMB)
        .filter(|_| !loaded.level.doors.is_empty())
    {
        match textures.load(&jamb.textures.clone(), DOOR_JAMB) {
            Ok(mut n) => notices.append(&mut n),
            Err(e) => problems.push(error(None, e.to_string())),
        }
    }
    // Sound files and HUD art, where the overlay has them.
    let file_error = |path: &Path, message: String| Diagnostic {
        file: path.display().to_string(),
        position: None,
        severity: Severity::Error,
        message,
    };
    let mut sounds = crate::assets::SoundFiles::new();
    let mut sound_names: Vec<&str> = SOUND_NAMES.to_vec();
    for (kind_name, kind) in &loaded.level.kinds {
        for (what, name) in kind.sounds.named() {
            if !SOUND_NAMES.contains(&name) && overlay.sound(name).is_none() {
                problems.push(error(
                    None,
                    format!(
                        "enemy kind '{kind_name}': its {what} sound '{name}' is neither a file \
                         sounds/{name}.wav (in the level's folder or --data) nor one of the \
                         game's own ({})",
                        SOUND_NAMES.join(", ")
                    ),
                ));
            }
            sound_names.push(name);
        }
    }
    sound_names.sort_unstable();
    sound_names.dedup();
    for name in sound_names {
        let Some((_, file)) = overlay.sound(name) else {
            continue;
        };
        match crate::assets::read_wav(&file, crate::assets::MAX_SOUND_SECONDS) {
            Ok(samples) => {
                sounds.insert(name.to_string(), Arc::from(samples));
            }
            Err(e) => problems.push(file_error(&file, format!("sound '{name}': {e}"))),
        }
    }
    let music_name = loaded
        .level
        .music
        .as_ref()
        .map_or("music", |(n, _)| n.as_str());
    let music = match overlay.sound(music_name) {
        Some((_, file)) => match crate::assets::read_wav(&file, crate::assets::MAX_MUSIC_SECONDS) {
            Ok(samples) => Some(Arc::from(samples)),
            Err(e) => {
                problems.push(file_error(&file, format!("music '{music_name}': {e}")));
                None
            }
        },
        None => {
            if let Some((name, at)) = &loaded.level.music {
                problems.push(error(
                    Some(*at),
                    format!("music '{name}': no sounds/{name}.wav in the level's folder or --data"),
                ));
            }
            None
        }
    };
    let mut hud = crate::assets::Pictures::new();
    for (name, _) in HUD_NAMES {
        let Some((_, file)) = overlay.hud(name) else {
            continue;
        };
        match crate::assets::read_picture(&file) {
            Ok(picture) => match crate::assets::hud_layout_problem(name, &picture) {
                None => {
                    hud.insert(name.to_string(), Arc::new(picture));
                }
                Some(problem) => problems.push(file_error(&file, problem)),
            },
            Err(e) => problems.push(file_error(&file, format!("HUD art '{name}': {e}"))),
        }
    }
    if problems.is_empty() {
        Ok(LevelWithTextures {
            sounds: Arc::new(sounds),
            music,
            hud,
            level: loaded.level,
            warnings: loaded.warnings,
            textures,
            texture_dir: dir,
            overlay,
            notices,
        })
    } else {
        let mut diagnostics = [loaded.warnings, problems].concat();
        diagnostics.sort_by_key(|d| (d.file != file, d.position));
        Err(LevelError { diagnostics })
    }
}
