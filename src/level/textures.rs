//! Loading the textures a level names, with errors pointing at the level line that names them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Diagnostic, Level, LevelError, Loaded, Severity};
use crate::assets::{HUD_NAMES, Overlay, SOUND_NAMES, Sources};
use crate::texture::{Notice, TextureSet};

/// The texture drawn on the walls beside a door, seen from the door's cell (if the texture
/// folder has it; otherwise those walls keep their own texture).
pub const DOOR_JAMB: &str = "door_jamb";

/// The most variants a wall texture may have: `NAME.png` and `NAME_2.png` up to this.
pub const MAX_VARIANTS: usize = 4;

/// The names of texture `name`'s variants, in order (`NAME_2`, `NAME_3`, ... up to
/// [`MAX_VARIANTS`]): a folder that has them gets walls of that texture drawn with one of
/// them or the texture itself, cell by cell, so that a long wall does not repeat one crack.
/// They are loaded where the folder has them, consecutively from `NAME_2`.
///
/// ```
/// let names: Vec<String> = tilecaster::level::variant_names("stone").collect();
/// assert_eq!(names, ["stone_2", "stone_3", "stone_4"]);
/// ```
pub fn variant_names(name: &str) -> impl Iterator<Item = String> + '_ {
    (2..=MAX_VARIANTS).map(move |k| format!("{name}_{k}"))
}

/// Which of `count` textures (a texture and its variants, [`variant_names`]) a plain wall at
/// `cell` shows: 0 the texture itself, `k` its `k + 1`th name. A hash of the cell, the same
/// every frame and on every machine.
///
/// ```
/// use tilecaster::{grid::Cell, level::variant_of};
/// assert_eq!(variant_of(Cell::new(3, 4), 1), 0);
/// assert!(variant_of(Cell::new(3, 4), 3) < 3);
/// ```
pub fn variant_of(cell: crate::grid::Cell, count: usize) -> usize {
    let h = (cell.x as u32).wrapping_mul(0x9E37_79B1) ^ (cell.y as u32).wrapping_mul(0x85EB_CA77);
    ((h ^ (h >> 15)) as usize) % count.max(1)
}

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

impl LevelWithTextures {
    /// The files the level read from `path` is played from: that file, the other files it
    /// was read from (tilesets, templates, masks), the file of each texture it loaded (its
    /// variants and jambs included) with its dark side where there is one, and each sprite
    /// sheet's; each once, in that order. What is not among them (a PNG beside the level
    /// that it never names) is not the level's. (Sounds and HUD art are the data folder's.)
    pub fn files_used(&self, path: &Path) -> Vec<PathBuf> {
        let mut files = vec![path.to_path_buf()];
        files.extend(self.level.files.iter().cloned());
        let mut textures: Vec<&str> = self.textures.names().collect();
        textures.sort_unstable();
        for name in textures {
            if let Some((_, file)) = self.overlay.texture(name) {
                let dark = crate::texture::dark_variant_path(&file);
                files.push(file);
                files.extend(crate::files::is_file(&dark).then_some(dark));
            }
        }
        let mut sprites: Vec<&str> = self.textures.sprite_names().collect();
        sprites.sort_unstable();
        files.extend(
            sprites
                .into_iter()
                .filter_map(|name| self.overlay.sprite(name).map(|(_, file)| file)),
        );
        let mut seen = std::collections::HashSet::new();
        files.retain(|f| seen.insert(f.clone()));
        files
    }
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
    with_assets(Level::load(path)?, path, sources)
}

/// The level `loaded` (read from `path`, or to be saved there: an editor's [`super::Draft`])
/// with its assets, loaded as [`load_with_sources`] loads them.
pub fn with_assets(
    loaded: Loaded,
    path: &Path,
    sources: &Sources,
) -> Result<LevelWithTextures, LevelError> {
    with_assets_after(loaded, path, sources, None)
}

/// [`with_assets`], the textures and sprite sheets `before` holds (a state of the same level
/// a moment ago, from the same folders: the editor's last) taken from it, not read again:
/// only those the level names anew are read (those it no longer names stay in the set).
pub fn with_assets_after(
    loaded: Loaded,
    path: &Path,
    sources: &Sources,
    before: Option<&LevelWithTextures>,
) -> Result<LevelWithTextures, LevelError> {
    let (level, problems) = with_assets_shown(loaded, path, sources, before)?;
    if problems.is_empty() {
        return Ok(level);
    }
    let file = path.display().to_string();
    let mut diagnostics = [level.warnings, problems].concat();
    diagnostics.sort_by_key(|d| (d.file != file, d.position));
    Err(LevelError { diagnostics })
}

/// [`with_assets_after`] that loads what it can, for the editor, which shows a level while it
/// is being mended: the level with the assets that loaded (a texture that did not draws as a
/// magenta checkerboard, a sprite sheet that did not as nothing) and the problems with the
/// rest, in the order of their files and places. Only a folder that is not there fails.
pub fn with_assets_shown(
    loaded: Loaded,
    path: &Path,
    sources: &Sources,
    before: Option<&LevelWithTextures>,
) -> Result<(LevelWithTextures, Vec<Diagnostic>), LevelError> {
    let override_dir = sources.textures.as_deref();
    let dir = texture_dir_for(&loaded.level, override_dir);
    let level_textures = loaded.level.texture_dir.as_ref().map(|(d, _)| d.as_path());
    let overlay = Overlay::new(sources, path, level_textures);
    // (The same folders, or none of it: a texture of one name may differ between them.)
    let textures = before
        .filter(|b| b.texture_dir == dir && b.overlay == overlay)
        .map_or_else(TextureSet::new, |b| b.textures.clone());
    let mut assets = Assets {
        file: path.display().to_string(),
        dir,
        overlay: &overlay,
        textures,
        notices: Vec::new(),
        problems: Vec::new(),
    };
    if let Some(problem) = assets.folders_missing(path, override_dir, &loaded.level) {
        return Err(LevelError {
            diagnostics: [loaded.warnings, vec![problem]].concat(),
        });
    }
    assets.load_textures(&loaded.level);
    assets.load_sprites(&loaded.level);
    assets.load_jamb(&loaded.level);
    let (sounds, music) = assets.load_sounds(&loaded.level);
    let hud = assets.load_hud();
    let Assets {
        file,
        dir,
        textures,
        notices,
        mut problems,
        ..
    } = assets;
    problems.sort_by_key(|d| (d.file != file, d.position));
    let level = LevelWithTextures {
        sounds: Arc::new(sounds),
        music,
        hud,
        level: loaded.level,
        warnings: loaded.warnings,
        textures,
        texture_dir: dir,
        overlay,
        notices,
    };
    Ok((level, problems))
}

/// A level's assets being loaded, and the problems found so far.
struct Assets<'o> {
    /// The level file, as said in errors.
    file: String,
    /// The texture folder the level's textures come from where the overlay has none.
    dir: PathBuf,
    overlay: &'o Overlay,
    textures: TextureSet,
    notices: Vec<Notice>,
    problems: Vec<Diagnostic>,
}

impl Assets<'_> {
    /// An error in the level file, at `position` (a line and column) where there is one.
    fn error(&self, position: Option<(usize, usize)>, message: String) -> Diagnostic {
        Diagnostic {
            file: self.file.clone(),
            position,
            severity: Severity::Error,
            message,
        }
    }

    /// An error in another file (a sound, a picture).
    fn file_error(path: &Path, message: String) -> Diagnostic {
        Diagnostic {
            file: path.display().to_string(),
            position: None,
            severity: Severity::Error,
            message,
        }
    }

    /// The level's own texture folder (unless `--textures` gave another) must be a folder;
    /// a `--textures` folder must be readable.
    fn folders_missing(
        &self,
        path: &Path,
        override_dir: Option<&Path>,
        level: &Level,
    ) -> Option<Diagnostic> {
        if let (None, Some((own, at))) = (override_dir, &level.texture_dir) {
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
                return Some(self.error(Some(*at), message));
            }
        }
        let given = override_dir?;
        let e = TextureSet::names_in(given).err()?;
        let message = format!("texture folder {} cannot be read: {e}", given.display());
        Some(self.error(None, message))
    }

    /// Every texture the level names: an error at the line naming one that no folder has (with
    /// those that are there), or a broken one.
    fn load_textures(&mut self, level: &Level) {
        let available = self.overlay.texture_names();
        let folders = || {
            let list: Vec<String> = self
                .overlay
                .texture_folders()
                .iter()
                .map(|p| p.display().to_string())
                .collect();
            list.join(", ")
        };
        for r in &level.texture_refs {
            if !available.contains(&r.name) {
                let known = if available.is_empty() {
                    "none".to_string()
                } else {
                    available.join(", ")
                };
                let message = format!(
                    "unknown texture '{}' (textures in {}: {known})",
                    r.name,
                    folders()
                );
                let problem = Diagnostic {
                    file: r.file.clone(),
                    ..self.error(Some(r.position), message)
                };
                self.problems.push(problem);
                continue;
            }
            let from = self
                .overlay
                .texture(&r.name)
                .map_or(self.dir.clone(), |(l, _)| l.textures.clone());
            match self.textures.load(&from, &r.name) {
                Ok(mut n) => self.notices.append(&mut n),
                Err(e) => {
                    let problem = Diagnostic {
                        file: r.file.clone(),
                        ..self.error(Some(r.position), e.to_string())
                    };
                    self.problems.push(problem);
                }
            }
            self.load_variants(&r.name);
        }
    }

    /// The variants the folders have of texture `name` ([`variant_names`]), up to the first
    /// missing; a broken one is an error of its own file.
    fn load_variants(&mut self, name: &str) {
        for variant in variant_names(name) {
            // A texture named on several lines: its variants are looked for once.
            if self.textures.get(&variant).is_some() {
                continue;
            }
            let Some((layer, _)) = self.overlay.texture(&variant) else {
                break;
            };
            let from = layer.textures.clone();
            match self.textures.load(&from, &variant) {
                Ok(mut n) => self.notices.append(&mut n),
                Err(e) => self.problems.push(self.error(None, e.to_string())),
            }
        }
    }

    /// The sprites of the level's things (enemies' sheets, pickups, decorations), the
    /// launcher's fireball and the players' sheets (one a seat) where the folders have them.
    fn load_sprites(&mut self, level: &Level) {
        let mut sprites: Vec<&str> = level
            .enemies
            .iter()
            .map(|e| level.sprite_of(&e.kind))
            .collect();
        sprites.extend(level.pickups.iter().map(|p| super::sprite_name(p.kind)));
        sprites.extend(level.decorations.iter().map(|d| d.kind.name));
        sprites.sort_unstable();
        sprites.dedup();
        for name in sprites {
            if let Err(e) = self.load_sprite(name) {
                let message = format!("sprite '{name}' (needed by the level's things): {e}");
                self.problems.push(self.error(None, message));
            }
        }
        // The launcher's fireball, when the folder has one (without it, fireballs fly unseen
        // in the first-person view; the map still shows them).
        if self.overlay.sprite(FIREBALL).is_some() {
            if let Err(e) = self.load_sprite(FIREBALL) {
                let problem = self.error(None, format!("sprite '{FIREBALL}': {e}"));
                self.problems.push(problem);
            }
        }
        // The players' sheets, one a seat, when the folder has the player's.
        if self.overlay.sprite(PLAYER).is_some() {
            match self.load_sprite(PLAYER) {
                Ok(()) => {
                    // In parallel: eight sheets of 96 frames are most of a level's load
                    // otherwise.
                    use rayon::prelude::*;
                    // (Taken from the set before, with the player's sheet they were made of,
                    // where the set was: the editor's.)
                    let made = (0..SEAT_COLOURS.len())
                        .all(|seat| self.textures.sprite(&player_sprite(seat)).is_some());
                    if let Some(sheet) = self.textures.sprite(PLAYER).filter(|_| !made).cloned() {
                        let recoloured: Vec<_> = SEAT_COLOURS
                            .par_iter()
                            .map(|&colour| sheet.recoloured(|p| in_seat_colour(p, colour)))
                            .collect();
                        for (seat, sheet) in recoloured.into_iter().enumerate() {
                            self.textures.insert_sprite(&player_sprite(seat), sheet);
                        }
                    }
                }
                Err(e) => {
                    let problem = self.error(None, format!("sprite '{PLAYER}': {e}"));
                    self.problems.push(problem);
                }
            }
        }
    }

    /// The sprite sheet `name` from the first folder that has it.
    fn load_sprite(&mut self, name: &str) -> Result<(), crate::texture::TextureError> {
        let dir = self
            .overlay
            .sprite(name)
            .map_or(self.dir.clone(), |(l, _)| l.textures.clone());
        self.textures.load_sprite(&dir, name)
    }

    /// The engine's own texture for the sides of door openings, where the level has doors
    /// and a folder has it.
    fn load_jamb(&mut self, level: &Level) {
        // The engine's own texture for the sides of door openings, when the folder has one.
        if let Some((jamb, _)) = self
            .overlay
            .texture(DOOR_JAMB)
            .filter(|_| !level.doors.is_empty())
        {
            match self.textures.load(&jamb.textures.clone(), DOOR_JAMB) {
                Ok(mut n) => self.notices.append(&mut n),
                Err(e) => self.problems.push(self.error(None, e.to_string())),
            }
        }
    }

    /// The sound files the folders have in place of the game's own sounds and the enemy
    /// kinds' (an error for a kind's sound that is neither), and the music.
    fn load_sounds(&mut self, level: &Level) -> (crate::assets::SoundFiles, Option<Arc<[f32]>>) {
        let mut sounds = crate::assets::SoundFiles::new();
        let mut sound_names: Vec<&str> = SOUND_NAMES.to_vec();
        for (kind_name, kind) in &level.kinds {
            for (what, name) in kind.sounds.named() {
                if !SOUND_NAMES.contains(&name) && self.overlay.sound(name).is_none() {
                    let message = format!(
                        "enemy kind '{kind_name}': its {what} sound '{name}' is neither a file \
                         sounds/{name}.wav (in the level's folder or --data) nor one of the \
                         game's own ({})",
                        SOUND_NAMES.join(", ")
                    );
                    self.problems.push(self.error(None, message));
                }
                sound_names.push(name);
            }
        }
        sound_names.sort_unstable();
        sound_names.dedup();
        for name in sound_names {
            let Some((_, file)) = self.overlay.sound(name) else {
                continue;
            };
            match crate::assets::read_wav(&file, crate::assets::MAX_SOUND_SECONDS) {
                Ok(samples) => {
                    sounds.insert(name.to_string(), Arc::from(samples));
                }
                Err(e) => {
                    let problem = Self::file_error(&file, format!("sound '{name}': {e}"));
                    self.problems.push(problem);
                }
            }
        }
        let music_name = level.music.as_ref().map_or("music", |(n, _)| n.as_str());
        let music = match self.overlay.sound(music_name) {
            Some((_, file)) => {
                match crate::assets::read_wav(&file, crate::assets::MAX_MUSIC_SECONDS) {
                    Ok(samples) => Some(Arc::from(samples)),
                    Err(e) => {
                        let message = format!("music '{music_name}': {e}");
                        self.problems.push(Self::file_error(&file, message));
                        None
                    }
                }
            }
            None => {
                if let Some((name, at)) = &level.music {
                    let message = format!(
                        "music '{name}': no sounds/{name}.wav in the level's folder or --data"
                    );
                    self.problems.push(self.error(Some(*at), message));
                }
                None
            }
        };
        (sounds, music)
    }

    /// The HUD art the folders have, each checked for the layout it needs.
    fn load_hud(&mut self) -> crate::assets::Pictures {
        let mut hud = crate::assets::Pictures::new();
        for (name, _) in HUD_NAMES {
            let Some((_, file)) = self.overlay.hud(name) else {
                continue;
            };
            match crate::assets::read_picture(&file) {
                Ok(picture) => match crate::assets::hud_layout_problem(name, &picture) {
                    None => {
                        hud.insert(name.to_string(), Arc::new(picture));
                    }
                    Some(problem) => self.problems.push(Self::file_error(&file, problem)),
                },
                Err(e) => {
                    let problem = Self::file_error(&file, format!("HUD art '{name}': {e}"));
                    self.problems.push(problem);
                }
            }
        }
        hud
    }
}
