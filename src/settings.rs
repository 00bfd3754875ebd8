//! The player's settings: one TOML file, written by the Options menu, readable and editable by
//! hand. Every table and every value in it is optional (what is missing keeps its default).
//!
//! ```toml
//! [controls]
//! mouse_sensitivity = 0.15   # degrees turned per count of mouse motion, 0.01 to 2
//!
//! [video]
//! fov = 66.0                 # horizontal field of view, degrees, 60 to 110
//! resolution_scale = 1.0     # internal resolution, times the base size: 0.25 to 3
//! fullscreen = false
//! frame_cap = 60             # frames per second at most, 30 to 360; 0: no cap
//! mipmaps = true             # far textures from mipmaps (smooth) or full size (sharp, sparkling)
//!
//! [comfort]
//! head_bob = true            # the weapon sways as you walk
//! damage_flash = 1.0         # strength of the red flash when hit, 0 (off) to 1
//!
//! [minimap]
//! corner = "top-right"       # top-left, top-right, bottom-left, bottom-right
//! size = 0.35                # its side as a fraction of the frame's height, 0.05 to 1
//!
//! [sound]
//! master = 0.8               # 0 to 1
//! effects = 1.0              # 0 to 1
//! music = 0.6                # 0 to 1 (a level's music: sounds/music.wav, or the level's `music`)
//! mute = false
//!
//! [keys]                     # any action, by the names `tilecaster --help` lists
//! forward = ["W", "Up"]
//! fire = ["Ctrl", "Mouse1"]
//! ```
//!
//! An old key file (`keys.toml`, with only `[keys]` and `[sound]`) is a settings file too.
//!
//! ```
//! use std::path::Path;
//! use tilecaster::bindings::{Action, Key};
//! use tilecaster::settings::{Settings, parse};
//!
//! let s = parse("[video]\nfov = 90\n[keys]\nfire = [\"Space\"]\n", Path::new("s.toml")).unwrap();
//! assert_eq!(s.fov, 90.0);
//! assert_eq!(s.keys.keys(Action::Fire), [Key::Space]);
//! assert_eq!(parse(&s.to_toml(), Path::new("s.toml")).unwrap(), s);
//! let e = parse("[video]\nfov = 200\n", Path::new("s.toml")).unwrap_err();
//! assert_eq!(e.to_string(), "s.toml:2:7: fov 200: it must be from 60 to 110");
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::bindings::{ACTIONS, Action, Bindings, KEY_NAMES_HELP, keys_named, names_of};
use crate::files;

/// A corner of the frame (the minimap's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Corner {
    /// Top left.
    TopLeft,
    /// Top right.
    #[default]
    TopRight,
    /// Bottom left (above `bottom_margin`).
    BottomLeft,
    /// Bottom right (above `bottom_margin`).
    BottomRight,
}

/// The settings file's name in its folder.
pub const FILE_NAME: &str = "settings.toml";

/// Everything the player can set.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Degrees turned per count of mouse motion.
    pub mouse_sensitivity: f64,
    /// Horizontal field of view, degrees.
    pub fov: f64,
    /// The internal resolution, times the base size (640x400 unless `--size` says).
    pub resolution_scale: f64,
    /// The window fills the screen.
    pub fullscreen: bool,
    /// Frames per second at most (0: as many as the machine draws).
    pub frame_cap: u32,
    /// Far walls, floors and ceilings from mipmaps.
    pub mipmaps: bool,
    /// The weapon sways as the player walks.
    pub head_bob: bool,
    /// How strong the red flash of a hit is, 0 (off) to 1.
    pub damage_flash: f64,
    /// The minimap's corner.
    pub minimap_corner: Corner,
    /// The minimap's side, a fraction of the frame's height.
    pub minimap_size: f64,
    /// Volumes and mute.
    pub sound: SoundSettings,
    /// What the keys and mouse buttons do.
    pub keys: Bindings,
}

/// The sound settings: the `[sound]` table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    /// Master volume, 0 to 1.
    pub master: f32,
    /// Sound effects' volume, 0 to 1.
    pub effects: f32,
    /// Music's volume, 0 to 1.
    pub music: f32,
    /// Start muted.
    pub mute: bool,
}

impl Default for SoundSettings {
    fn default() -> SoundSettings {
        SoundSettings {
            master: 0.8,
            effects: 1.0,
            music: 0.6,
            mute: false,
        }
    }
}

/// The ranges the numbers must lie in.
pub mod limits {
    /// Mouse sensitivity, degrees per count.
    pub const MOUSE_SENSITIVITY: (f64, f64) = (0.01, 2.0);
    /// Field of view, degrees.
    pub const FOV: (f64, f64) = (60.0, 110.0);
    /// Resolution scale.
    pub const RESOLUTION_SCALE: (f64, f64) = (0.25, 3.0);
    /// Frame cap, frames per second (0 is also allowed: no cap).
    pub const FRAME_CAP: (u32, u32) = (30, 360);
    /// Damage flash strength.
    pub const DAMAGE_FLASH: (f64, f64) = (0.0, 1.0);
    /// Minimap size.
    pub const MINIMAP_SIZE: (f64, f64) = (0.05, 1.0);
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            mouse_sensitivity: 0.15,
            fov: 66.0,
            resolution_scale: 1.0,
            fullscreen: false,
            frame_cap: 60,
            mipmaps: true,
            head_bob: true,
            damage_flash: 1.0,
            minimap_corner: Corner::TopRight,
            minimap_size: 0.35,
            sound: SoundSettings::default(),
            keys: Bindings::default(),
        }
    }
}

/// A settings file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// Unreadable (missing, a folder, a device, too large, not UTF-8).
    #[error("{0}")]
    Read(#[from] files::FileError),
    /// Not TOML, or not settings: an unknown table, key or action, a value of the wrong type
    /// or out of range. Lines and columns count from 1.
    #[error("{}:{line}:{column}: {message}", file.display())]
    Invalid {
        /// The file.
        file: PathBuf,
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    controls: Option<RawControls>,
    video: Option<RawVideo>,
    comfort: Option<RawComfort>,
    minimap: Option<RawMinimap>,
    sound: Option<RawSound>,
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawControls {
    mouse_sensitivity: Option<Spanned<f64>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVideo {
    fov: Option<Spanned<f64>>,
    resolution_scale: Option<Spanned<f64>>,
    fullscreen: Option<bool>,
    frame_cap: Option<Spanned<i64>>,
    mipmaps: Option<bool>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawComfort {
    head_bob: Option<bool>,
    damage_flash: Option<Spanned<f64>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinimap {
    corner: Option<Spanned<String>>,
    size: Option<Spanned<f64>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSound {
    master: Option<Spanned<f64>>,
    effects: Option<Spanned<f64>>,
    music: Option<Spanned<f64>>,
    mute: Option<bool>,
}

/// The corners by their names in the file.
const CORNERS: [(Corner, &str); 4] = [
    (Corner::TopLeft, "top-left"),
    (Corner::TopRight, "top-right"),
    (Corner::BottomLeft, "bottom-left"),
    (Corner::BottomRight, "bottom-right"),
];

/// A corner's name in the settings file (`"top-right"`).
pub fn corner_name(corner: Corner) -> &'static str {
    CORNERS
        .iter()
        .find(|&&(c, _)| c == corner)
        .map_or("top-right", |&(_, n)| n)
}

/// Reads settings from TOML text (named `file` in errors); what is not there keeps its
/// default.
pub fn parse(text: &str, file: &Path) -> Result<Settings, SettingsError> {
    let diagnostics = crate::level::Diagnostics::new(&file.display().to_string(), text);
    let at = |offset: usize, message: String| {
        let (line, column) = diagnostics.position(offset);
        SettingsError::Invalid {
            file: file.to_path_buf(),
            line,
            column,
            message,
        }
    };
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        at(
            e.span().map_or(0, |s| s.start),
            e.message().trim().to_string(),
        )
    })?;
    let number = |v: &Option<Spanned<f64>>, default: f64, (lo, hi): (f64, f64), name: &str| match v
    {
        None => Ok(default),
        Some(v) if (lo..=hi).contains(v.get_ref()) => Ok(*v.get_ref()),
        Some(v) => Err(at(
            v.span().start,
            format!("{name} {}: it must be from {lo} to {hi}", v.get_ref()),
        )),
    };
    let mut s = Settings::default();
    if let Some(c) = raw.controls {
        s.mouse_sensitivity = number(
            &c.mouse_sensitivity,
            s.mouse_sensitivity,
            limits::MOUSE_SENSITIVITY,
            "mouse_sensitivity",
        )?;
    }
    if let Some(v) = raw.video {
        s.fov = number(&v.fov, s.fov, limits::FOV, "fov")?;
        s.resolution_scale = number(
            &v.resolution_scale,
            s.resolution_scale,
            limits::RESOLUTION_SCALE,
            "resolution_scale",
        )?;
        s.fullscreen = v.fullscreen.unwrap_or(s.fullscreen);
        s.mipmaps = v.mipmaps.unwrap_or(s.mipmaps);
        if let Some(cap) = v.frame_cap {
            let (lo, hi) = limits::FRAME_CAP;
            let n = *cap.get_ref();
            if n != 0 && !(i64::from(lo)..=i64::from(hi)).contains(&n) {
                return Err(at(
                    cap.span().start,
                    format!("frame_cap {n}: it must be from {lo} to {hi}, or 0 for no cap"),
                ));
            }
            s.frame_cap = n as u32;
        }
    }
    if let Some(c) = raw.comfort {
        s.head_bob = c.head_bob.unwrap_or(s.head_bob);
        s.damage_flash = number(
            &c.damage_flash,
            s.damage_flash,
            limits::DAMAGE_FLASH,
            "damage_flash",
        )?;
    }
    if let Some(m) = raw.minimap {
        if let Some(corner) = m.corner {
            s.minimap_corner = CORNERS
                .iter()
                .find(|(_, n)| n == corner.get_ref())
                .map(|&(c, _)| c)
                .ok_or_else(|| {
                    at(
                        corner.span().start,
                        format!(
                            "unknown corner '{}' (top-left, top-right, bottom-left, bottom-right)",
                            corner.get_ref()
                        ),
                    )
                })?;
        }
        s.minimap_size = number(&m.size, s.minimap_size, limits::MINIMAP_SIZE, "size")?;
    }
    if let Some(sound) = raw.sound {
        let volume = |v: &Option<Spanned<f64>>, default: f32, name: &str| {
            number(v, f64::from(default), (0.0, 1.0), &format!("{name} volume")).map(|v| v as f32)
        };
        s.sound = SoundSettings {
            master: volume(&sound.master, s.sound.master, "master")?,
            effects: volume(&sound.effects, s.sound.effects, "effects")?,
            music: volume(&sound.music, s.sound.music, "music")?,
            mute: sound.mute.unwrap_or(s.sound.mute),
        };
    }
    for (action, names) in &raw.keys {
        let Some(action_found) = Action::named(action.get_ref()) else {
            let known: Vec<&str> = ACTIONS.iter().map(|a| a.name).collect();
            return Err(at(
                action.span().start,
                format!(
                    "unknown action '{}' ({})",
                    action.get_ref(),
                    known.join(", ")
                ),
            ));
        };
        let mut keys = Vec::new();
        for name in names {
            let found = keys_named(name.get_ref()).ok_or_else(|| {
                at(
                    name.span().start,
                    format!("unknown key '{}' (use {KEY_NAMES_HELP})", name.get_ref()),
                )
            })?;
            for key in found {
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
        }
        s.keys.set(action_found, keys);
    }
    Ok(s)
}

impl Settings {
    /// The settings as a file [`parse`] reads back equal, every value written, with comments.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# tilecaster's settings, written by its Options menu. Edit freely while the game is\n\
             # closed; `tilecaster --help` lists the actions and key names.\n",
        );
        out.push_str(&format!(
            "\n[controls]\nmouse_sensitivity = {:?}\n",
            self.mouse_sensitivity
        ));
        out.push_str(&format!(
            "\n[video]\nfov = {:?}\nresolution_scale = {:?}\nfullscreen = {}\nframe_cap = {}\nmipmaps = {}\n",
            self.fov, self.resolution_scale, self.fullscreen, self.frame_cap, self.mipmaps
        ));
        out.push_str(&format!(
            "\n[comfort]\nhead_bob = {}\ndamage_flash = {:?}\n",
            self.head_bob, self.damage_flash
        ));
        out.push_str(&format!(
            "\n[minimap]\ncorner = \"{}\"\nsize = {:?}\n",
            corner_name(self.minimap_corner),
            self.minimap_size
        ));
        out.push_str(&format!(
            "\n[sound]\nmaster = {:?}\neffects = {:?}\nmusic = {:?}\nmute = {}\n",
            f64::from(self.sound.master),
            f64::from(self.sound.effects),
            f64::from(self.sound.music),
            self.sound.mute
        ));
        out.push_str("\n[keys]\n");
        for info in &ACTIONS {
            let names: Vec<String> = names_of(self.keys.keys(info.action))
                .iter()
                .map(|n| format!("{n:?}"))
                .collect();
            out.push_str(&format!("{} = [{}]\n", info.name, names.join(", ")));
        }
        out
    }

    /// Writes the settings to `path` safely: through a temporary file moved into place, so
    /// that a crash leaves the old file or the new one, never half of one. Its folder is made
    /// when missing.
    ///
    /// A settings file that is a symbolic link (a dotfiles folder) is written where the link
    /// points; anything else there that is not a regular file is left alone, refused.
    pub fn save(&self, path: &Path) -> Result<(), files::FileError> {
        let write_error = |why: &str| files::FileError::Write {
            path: path.to_path_buf(),
            source: std::io::Error::other(why.to_string()),
        };
        let linked;
        let path = match path.symlink_metadata() {
            Ok(m) if m.file_type().is_symlink() => {
                linked = std::fs::canonicalize(path)
                    .map_err(|_| write_error("a symbolic link to nowhere"))?;
                linked.as_path()
            }
            _ => path,
        };
        if path.symlink_metadata().is_ok_and(|m| !m.is_file()) {
            return Err(write_error("not a regular file: left as it is"));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| files::FileError::Write {
                path: path.to_path_buf(),
                source,
            })?;
        }
        files::write_private(path, self.to_toml().as_bytes(), true)
    }
}

/// Reads settings from a file.
pub fn read(path: &Path) -> Result<Settings, SettingsError> {
    let text = files::read_text(path, files::Limit::SETTINGS)?;
    parse(&text, path)
}

/// How the settings came to be, for the player to be told.
#[derive(Debug, PartialEq)]
pub enum Origin {
    /// From the settings file.
    File,
    /// No settings file yet: the defaults.
    Defaults,
    /// No settings file yet: an old key file's bindings and sound, now written to the
    /// settings file (which is read from now on).
    TakenOver {
        /// The old key file.
        from: PathBuf,
    },
    /// No settings file yet: an old key file's bindings and sound, which could not be written
    /// to the settings file (so the old file is read again next time).
    Borrowed {
        /// The old key file.
        from: PathBuf,
        /// Why the settings file could not be written.
        why: String,
    },
    /// No settings file yet, and an old key file that cannot be used: the defaults (the old
    /// file is left as it is).
    OldUnusable {
        /// Why it cannot be used, with its line and column.
        why: String,
    },
    /// The settings file could not be used: the defaults, and the damaged file moved aside.
    Damaged {
        /// Why it could not be used, with its line and column.
        why: String,
        /// Where it was kept.
        kept: Option<PathBuf>,
    },
}

impl Origin {
    /// What to tell the player (`None` where there is nothing to say).
    pub fn message(&self, path: &Path) -> Option<String> {
        match self {
            Origin::File | Origin::Defaults => None,
            Origin::TakenOver { from } => Some(format!(
                "took the key bindings of {} over into {} (read from now on; the old file is left as it was)",
                from.display(),
                path.display()
            )),
            Origin::Borrowed { from, why } => Some(format!(
                "playing with the key bindings of {}: they could not be taken over ({why}), so that file is read again next time",
                from.display()
            )),
            Origin::OldUnusable { why } => Some(format!(
                "{why}\nthe old key file cannot be used: playing with the defaults (it is left as it was)"
            )),
            Origin::Damaged { why, kept } => Some(match kept {
                Some(kept) => format!(
                    "{why}\nthe settings file cannot be used: playing with the defaults; the damaged file is kept as {}",
                    kept.display()
                ),
                None => format!(
                    "{why}\nthe settings file cannot be used: playing with the defaults (it is left where it is)"
                ),
            }),
        }
    }
}

/// The settings in `path`, or the defaults, never failing:
/// - no file, and an old key file `legacy` that reads: its bindings and sound are taken over
///   into a new settings file (once: from then on the settings file is read); where that
///   file cannot be written they are played with all the same, and the player told why;
/// - no file, and an old key file that does not read: the defaults, and the player told
///   where it is broken;
/// - a file that cannot be used (not TOML, out of range, unreadable): the defaults, and the
///   file moved aside to `settings.toml.damaged` (or `.damaged-2`, ...: none is overwritten),
///   so that the next save does not lose it and the next start is clean.
pub fn load_or_default(path: &Path, legacy: Option<&Path>) -> (Settings, Origin) {
    if files::exists(path) {
        return match read(path) {
            Ok(s) => (s, Origin::File),
            Err(e) => {
                let kept = keep_damaged(path);
                (
                    Settings::default(),
                    Origin::Damaged {
                        why: e.to_string(),
                        kept,
                    },
                )
            }
        };
    }
    if let Some(old) = legacy.filter(|p| files::is_file(p)) {
        return match read(old) {
            // Written at once, so that the next start reads it and not the old file.
            Ok(s) => match s.save(path) {
                Ok(()) => (
                    s,
                    Origin::TakenOver {
                        from: old.to_path_buf(),
                    },
                ),
                Err(e) => (
                    s,
                    Origin::Borrowed {
                        from: old.to_path_buf(),
                        why: e.to_string(),
                    },
                ),
            },
            Err(e) => (
                Settings::default(),
                Origin::OldUnusable { why: e.to_string() },
            ),
        };
    }
    (Settings::default(), Origin::Defaults)
}

/// Moves a damaged settings file aside, to the first free `NAME.damaged[-N]`; where it went.
fn keep_damaged(path: &Path) -> Option<PathBuf> {
    // Only a regular file is moved (never a device or a link's target).
    if !path.symlink_metadata().ok()?.is_file() {
        return None;
    }
    let name = path.file_name()?.to_string_lossy().into_owned();
    (1..1000)
        .map(|n| match n {
            1 => path.with_file_name(format!("{name}.damaged")),
            n => path.with_file_name(format!("{name}.damaged-{n}")),
        })
        .find(|p| p.symlink_metadata().is_err())
        .and_then(|kept| std::fs::rename(path, &kept).ok().map(|()| kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::Key;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilecaster-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn every_setting_survives_a_round_trip_through_the_file() {
        let mut s = Settings {
            mouse_sensitivity: 0.3,
            fov: 90.0,
            resolution_scale: 0.5,
            fullscreen: true,
            frame_cap: 0,
            mipmaps: false,
            head_bob: false,
            damage_flash: 0.25,
            minimap_corner: Corner::BottomLeft,
            minimap_size: 0.5,
            sound: SoundSettings {
                master: 0.3,
                effects: 0.7,
                music: 0.2,
                mute: true,
            },
            keys: Bindings::default(),
        };
        s.keys.bind(Action::Fire, 0, Key::Mouse(2));
        s.keys.set(Action::Probe, Vec::new());
        let text = s.to_toml();
        assert_eq!(parse(&text, Path::new("s.toml")).unwrap(), s, "{text}");
        assert!(text.contains("fire = [\"Mouse2\", \"Shift\"]") || text.contains("Mouse2"));
        assert!(text.contains("run = [\"Shift\"]"), "{text}");
        assert_eq!(
            parse(&Settings::default().to_toml(), Path::new("s.toml")).unwrap(),
            Settings::default()
        );
    }

    #[test]
    fn an_old_key_file_is_a_settings_file() {
        let s = parse(
            "[keys]\nforward = [\"I\", \"up\"]\nrun = [\"alt\", \"f12\", \"0\"]\n[sound]\nmaster = 0.5\nmute = true\n",
            Path::new("keys.toml"),
        )
        .unwrap();
        assert_eq!(s.keys.keys(Action::Forward), [Key::Letter(b'I'), Key::Up]);
        assert_eq!(
            s.keys.keys(Action::Run),
            [
                Key::AltLeft,
                Key::AltRight,
                Key::Function(12),
                Key::Digit(0)
            ]
        );
        assert_eq!(
            s.sound,
            SoundSettings {
                master: 0.5,
                effects: 1.0,
                music: 0.6,
                mute: true
            }
        );
        assert_eq!(s.fov, Settings::default().fov);
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let cases = [
            (
                "[keys]\nforward = [\"W\", \"Nope\"]\n",
                "k.toml:2:17: unknown key 'Nope'",
            ),
            (
                "[keys]\njump = [\"J\"]\n",
                "k.toml:2:1: unknown action 'jump'",
            ),
            ("[keys\n", "k.toml:1:"),
            (
                "[sound]\neffects = 1.5\n",
                "k.toml:2:11: effects volume 1.5: it must be from 0 to 1",
            ),
            (
                "[sound]\nvolume = 1\n",
                "k.toml:2:1: unknown field `volume`",
            ),
            (
                "[video]\nframe_cap = 10\n",
                "k.toml:2:13: frame_cap 10: it must be from 30 to 360, or 0 for no cap",
            ),
            (
                "[minimap]\ncorner = \"middle\"\n",
                "k.toml:2:10: unknown corner 'middle'",
            ),
            (
                "[controls]\nmouse_sensitivity = -1.0\n",
                "k.toml:2:21: mouse_sensitivity -1: it must be from 0.01 to 2",
            ),
            ("[graphics]\n", "k.toml:1:2: unknown field `graphics`"),
        ];
        for (text, expected) in cases {
            let e = parse(text, Path::new("k.toml")).unwrap_err().to_string();
            assert!(e.starts_with(expected), "{text:?}: {e}");
        }
        let e = read(Path::new("/nonexistent/k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("cannot read /nonexistent/k.toml"), "{e}");
    }

    #[test]
    fn a_damaged_file_gives_the_defaults_and_is_kept_beside_without_overwriting() {
        let dir = scratch("damaged");
        let path = dir.join(FILE_NAME);
        std::fs::write(dir.join("settings.toml.damaged"), "older").unwrap();
        std::fs::write(&path, "[video]\nfov = \"wide\"\n").unwrap();
        let (s, origin) = load_or_default(&path, None);
        assert_eq!(s, Settings::default());
        let kept = dir.join("settings.toml.damaged-2");
        match &origin {
            Origin::Damaged { why, kept: Some(k) } => {
                assert!(why.contains("settings.toml:2:7"), "{why}");
                assert_eq!(k, &kept);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            std::fs::read_to_string(&kept).unwrap(),
            "[video]\nfov = \"wide\"\n"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.toml.damaged")).unwrap(),
            "older"
        );
        assert!(!path.exists());
        let message = origin.message(&path).unwrap();
        assert!(message.contains("playing with the defaults"), "{message}");
        assert_eq!(load_or_default(&path, None).1, Origin::Defaults);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_old_key_file_is_taken_over_once() {
        let dir = scratch("takeover");
        let path = dir.join("config").join(FILE_NAME);
        let old = dir.join("keys.toml");
        std::fs::write(&old, "[keys]\nfire = [\"Space\"]\n").unwrap();
        let (s, origin) = load_or_default(&path, Some(&old));
        assert_eq!(s.keys.keys(Action::Fire), [Key::Space]);
        assert_eq!(origin, Origin::TakenOver { from: old.clone() });
        assert!(origin.message(&path).unwrap().contains("keys.toml"));
        // From now on the settings file is read, whatever the old file says.
        std::fs::write(&old, "[keys]\nfire = [\"Q\"]\n").unwrap();
        let (s, origin) = load_or_default(&path, Some(&old));
        assert_eq!(
            (s.keys.keys(Action::Fire), origin),
            ([Key::Space].as_slice(), Origin::File)
        );
        // A settings file that cannot be written (its folder is a file): the old bindings are
        // played with, and the player told why they were not kept.
        std::fs::write(&old, "[keys]\nfire = [\"Q\"]\n").unwrap();
        std::fs::write(dir.join("blocked"), "").unwrap();
        let unwritable = dir.join("blocked").join(FILE_NAME);
        let (s, origin) = load_or_default(&unwritable, Some(&old));
        assert_eq!(s.keys.keys(Action::Fire), [Key::Letter(b'Q')]);
        assert!(
            matches!(&origin, Origin::Borrowed { from, .. } if *from == old),
            "{origin:?}"
        );
        let message = origin.message(&unwritable).unwrap();
        assert!(
            message.contains("keys.toml") && message.contains("read again"),
            "{message}"
        );
        // A broken old file is not taken over, and the player is told where it is broken.
        let elsewhere = dir.join("other.toml");
        std::fs::write(&old, "[keys\n").unwrap();
        let (s, origin) = load_or_default(&elsewhere, Some(&old));
        assert_eq!(s, Settings::default());
        let message = origin.message(&elsewhere).unwrap();
        assert!(message.contains("keys.toml:1:"), "{message}");
        assert!(message.contains("playing with the defaults"), "{message}");
        assert!(!elsewhere.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
