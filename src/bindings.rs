//! Key bindings and sound settings: the documented defaults, or a TOML file that replaces some
//! of them (the settings file, `keys.toml` by default). Keys are
//! named here independently of any window system; the game maps them onto its own.
//!
//! ```toml
//! [keys]
//! forward = ["W", "Up"]
//! fire = ["Ctrl"]
//!
//! [sound]
//! master = 0.8    # 0 to 1
//! effects = 1.0   # 0 to 1
//! mute = false
//! ```
//! Actions: forward, back, strafe_left, strafe_right, turn_left, turn_right, run, use, fire,
//! pistol, launcher, knife.
//! Names (any case): letters A-Z, digits 0-9, Up, Down, Left, Right, Space, Shift, Ctrl, Alt,
//! Tab, Enter, Backspace, F1-F12. Shift, Ctrl and Alt mean both sides.
//!
//! ```
//! use std::path::Path;
//! use tilecaster::bindings::{Bindings, Key, parse};
//!
//! let b = parse("[keys]\nfire = [\"Space\"]\n", Path::new("keys.toml")).unwrap();
//! assert_eq!(b.fire, [Key::Space]);
//! assert_eq!(b.forward, Bindings::default().forward);
//! let e = parse("[keys]\njump = [\"J\"]\n", Path::new("keys.toml")).unwrap_err();
//! assert!(e.to_string().starts_with("keys.toml:2:1: unknown action 'jump'"));
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::Spanned;

/// A key, by what is printed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A letter key, `b'A'` to `b'Z'`.
    Letter(u8),
    /// A digit key on the main row, 0 to 9.
    Digit(u8),
    /// A function key, F1 to F12.
    Function(u8),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// The space bar.
    Space,
    /// Left Shift.
    ShiftLeft,
    /// Right Shift.
    ShiftRight,
    /// Left Ctrl.
    CtrlLeft,
    /// Right Ctrl.
    CtrlRight,
    /// Left Alt.
    AltLeft,
    /// Right Alt.
    AltRight,
    /// Tab.
    Tab,
    /// Enter.
    Enter,
    /// Backspace.
    Backspace,
}

/// The game's actions, each with the keys bound to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Bindings {
    /// Walk forward.
    pub forward: Vec<Key>,
    /// Walk back.
    pub back: Vec<Key>,
    /// Step left.
    pub strafe_left: Vec<Key>,
    /// Step right.
    pub strafe_right: Vec<Key>,
    /// Turn left.
    pub turn_left: Vec<Key>,
    /// Turn right.
    pub turn_right: Vec<Key>,
    /// Run while held.
    pub run: Vec<Key>,
    /// Open doors, push walls.
    pub use_: Vec<Key>,
    /// Fire the weapon in hand.
    pub fire: Vec<Key>,
    /// Take the pistol.
    pub pistol: Vec<Key>,
    /// Take the launcher.
    pub launcher: Vec<Key>,
    /// Take the knife.
    pub knife: Vec<Key>,
    /// The sound settings (`[sound]`: `master`, `effects`, `mute`).
    pub sound: SoundSettings,
}

impl Bindings {
    /// The weapon number a key chooses (1 pistol, 2 launcher, 3 knife).
    pub fn weapon_number(&self, key: Key) -> Option<u8> {
        if self.pistol.contains(&key) {
            Some(1)
        } else if self.launcher.contains(&key) {
            Some(2)
        } else if self.knife.contains(&key) {
            Some(3)
        } else {
            None
        }
    }
}

impl Default for Bindings {
    /// WASD and the arrows, Shift to run, E or Space to use, Ctrl to fire (and the left
    /// button), 1 and 2 for the weapons.
    fn default() -> Bindings {
        use Key::*;
        Bindings {
            forward: vec![Letter(b'W'), Up],
            back: vec![Letter(b'S'), Down],
            strafe_left: vec![Letter(b'A')],
            strafe_right: vec![Letter(b'D')],
            turn_left: vec![Left],
            turn_right: vec![Right],
            run: vec![ShiftLeft, ShiftRight],
            use_: vec![Letter(b'E'), Space],
            fire: vec![CtrlLeft, CtrlRight],
            pistol: vec![Digit(1)],
            launcher: vec![Digit(2)],
            knife: vec![Digit(3)],
            sound: SoundSettings::default(),
        }
    }
}

/// The keys a name stands for (Shift, Ctrl and Alt mean both sides), in any case.
pub fn keys_named(name: &str) -> Option<Vec<Key>> {
    use Key::*;
    let upper = name.to_ascii_uppercase();
    let one = |k: Key| Some(vec![k]);
    match upper.as_str() {
        "UP" => one(Up),
        "DOWN" => one(Down),
        "LEFT" => one(Left),
        "RIGHT" => one(Right),
        "SPACE" => one(Space),
        "SHIFT" => Some(vec![ShiftLeft, ShiftRight]),
        "CTRL" => Some(vec![CtrlLeft, CtrlRight]),
        "ALT" => Some(vec![AltLeft, AltRight]),
        "TAB" => one(Tab),
        "ENTER" => one(Enter),
        "BACKSPACE" => one(Backspace),
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_uppercase() => one(Letter(s.as_bytes()[0])),
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_digit() => one(Digit(s.as_bytes()[0] - b'0')),
        s if s.starts_with('F') => s[1..]
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=12).contains(n))
            .map(|n| vec![Function(n)]),
        _ => None,
    }
}

/// A key file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum KeyFileError {
    /// Missing or unreadable.
    #[error("{}: cannot read: {source}", file.display())]
    Io {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not TOML, or not bindings: an unknown key or action, a value of the wrong type. Lines
    /// and columns count from 1.
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
struct File {
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    sound: Option<RawSound>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSound {
    master: Option<Spanned<f64>>,
    effects: Option<Spanned<f64>>,
    mute: Option<bool>,
}

/// The sound settings of the settings file's `[sound]` table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    /// Master volume, 0 to 1.
    pub master: f32,
    /// Sound effects' volume, 0 to 1.
    pub effects: f32,
    /// Start muted.
    pub mute: bool,
}

impl Default for SoundSettings {
    fn default() -> SoundSettings {
        SoundSettings {
            master: 0.8,
            effects: 1.0,
            mute: false,
        }
    }
}

/// Reads bindings from TOML text (named `file` in errors); every action not listed keeps its
/// default.
pub fn parse(text: &str, file: &Path) -> Result<Bindings, KeyFileError> {
    let diagnostics = crate::level::Diagnostics::new(&file.display().to_string(), text);
    let at = |offset: usize, message: String| {
        let (line, column) = diagnostics.position(offset);
        KeyFileError::Invalid {
            file: file.to_path_buf(),
            line,
            column,
            message,
        }
    };
    let parsed: File = toml::from_str(text).map_err(|e| {
        at(
            e.span().map_or(0, |s| s.start),
            e.message().trim().to_string(),
        )
    })?;
    let mut b = Bindings::default();
    for (action, keys) in &parsed.keys {
        let mut list = Vec::new();
        for key in keys {
            let found = keys_named(key.get_ref()).ok_or_else(|| {
                at(key.span().start, format!("unknown key '{}' (use A-Z, 0-9, Up, Down, Left, Right, Space, Shift, Ctrl, Alt, Tab, Enter, Backspace, F1-F12)", key.get_ref()))
            })?;
            list.extend(found);
        }
        let slot = match action.get_ref().as_str() {
            "forward" => &mut b.forward,
            "back" => &mut b.back,
            "strafe_left" => &mut b.strafe_left,
            "strafe_right" => &mut b.strafe_right,
            "turn_left" => &mut b.turn_left,
            "turn_right" => &mut b.turn_right,
            "run" => &mut b.run,
            "use" => &mut b.use_,
            "fire" => &mut b.fire,
            "pistol" => &mut b.pistol,
            "launcher" => &mut b.launcher,
            "knife" => &mut b.knife,
            other => {
                return Err(at(
                    action.span().start,
                    format!(
                        "unknown action '{other}' (forward, back, strafe_left, strafe_right, turn_left, turn_right, run, use, fire, pistol, launcher, knife)"
                    ),
                ));
            }
        };
        *slot = list;
    }
    if let Some(sound) = parsed.sound {
        let volume = |v: &Option<Spanned<f64>>, default: f32, name: &str| match v {
            None => Ok(default),
            Some(v) if (0.0..=1.0).contains(v.get_ref()) => Ok(*v.get_ref() as f32),
            Some(v) => Err(at(
                v.span().start,
                format!("{name} volume {}: it must be from 0 to 1", v.get_ref()),
            )),
        };
        let defaults = SoundSettings::default();
        b.sound = SoundSettings {
            master: volume(&sound.master, defaults.master, "master")?,
            effects: volume(&sound.effects, defaults.effects, "effects")?,
            mute: sound.mute.unwrap_or(defaults.mute),
        };
    }
    Ok(b)
}

/// The bindings from `path`, or the defaults when it is `None`.
pub fn load(path: Option<&Path>) -> Result<Bindings, KeyFileError> {
    match path {
        None => Ok(Bindings::default()),
        Some(p) => {
            let text = crate::files::read_text(p, crate::files::Limit::KEY_FILE).map_err(|e| {
                KeyFileError::Io {
                    file: p.to_path_buf(),
                    source: e.into_io(),
                }
            })?;
            parse(&text, p)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sound_table_sets_volumes_and_mute_within_range() {
        let b = parse("[sound]\nmaster = 0.5\nmute = true\n", Path::new("k.toml")).unwrap();
        assert_eq!(
            b.sound,
            SoundSettings {
                master: 0.5,
                effects: 1.0,
                mute: true
            }
        );
        assert_eq!(b.fire, Bindings::default().fire, "keys keep their defaults");
        let e = parse("[sound]\neffects = 1.5\n", Path::new("k.toml")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "k.toml:2:11: effects volume 1.5: it must be from 0 to 1"
        );
        let e = parse("[sound]\nvolume = 1\n", Path::new("k.toml")).unwrap_err();
        assert!(e.to_string().contains("unknown field `volume`"), "{e}");
    }

    #[test]
    fn a_file_replaces_the_listed_actions() {
        let b = parse(
            "[keys]\nforward = [\"I\", \"up\"]\nfire = [\"Space\"]\nrun = [\"alt\", \"f12\", \"0\"]\n",
            Path::new("keys.toml"),
        )
        .unwrap();
        assert_eq!(b.forward, [Key::Letter(b'I'), Key::Up]);
        assert_eq!(b.fire, [Key::Space]);
        assert_eq!(
            b.run,
            [
                Key::AltLeft,
                Key::AltRight,
                Key::Function(12),
                Key::Digit(0)
            ]
        );
        assert_eq!(b.back, Bindings::default().back);
    }

    #[test]
    fn names_outside_the_list_are_unknown() {
        for name in ["", "F0", "F13", "AB", "é", "Ctrl+W", "Escape"] {
            assert_eq!(keys_named(name), None, "{name}");
        }
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let e = parse("[keys]\nforward = [\"W\", \"Nope\"]\n", Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:2:17: unknown key 'Nope'"), "{e}");
        let e = parse("[keys]\njump = [\"J\"]\n", Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:2:1: unknown action 'jump'"), "{e}");
        let e = parse("[keys\n", Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:1:"), "{e}");
        let e = load(Some(Path::new("/nonexistent/k.toml")))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("/nonexistent/k.toml: cannot read"), "{e}");
    }
}
