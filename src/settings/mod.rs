//! The player's settings: one TOML file, written by the Options menu, readable and editable by
//! hand. Every table and every value in it is optional (what is missing keeps its default).
//!
//! ```toml
//! [controls]
//! mouse_sensitivity = 0.15   # degrees turned per count of mouse motion, 0.01 to 2
//! always_run = false         # run without holding run (holding it walks)
//! mouse_move = false         # moving the mouse forward and back walks
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
//! [network]
//! name = "PLAYER"            # your name as the others see it: up to 12 letters, digits, spaces, .-'
//! join = ""                  # the address last joined (the Multiplayer menu keeps it)
//! port = 7300                # the port a game you host listens on
//! difficulty = "normal"      # how hard a game you host is: easy, normal, hard, death
//! colour = "blue"            # the colour you wear: blue, red, green, gold, purple, cyan, orange, white
//! signal = "ws://127.0.0.1:3536"  # the signalling server whose rooms are joined by code (webrtc builds)
//! frag_limit = 10            # the frags that win a deathmatch you host, 0 to 999 (0: no limit)
//! time_limit = 5             # the minutes a deathmatch you host lasts, 0 to 600 (0: no limit)
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

mod file;
mod toml_form;

pub use file::{Origin, load_or_default, read};
pub use toml_form::{corner_name, parse};

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
    /// Run without holding the run key (holding it walks).
    pub always_run: bool,
    /// Moving the mouse forward and back walks forward and back.
    pub mouse_move: bool,
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
    /// The player's name and addresses in network play.
    pub network: NetworkSettings,
}

/// The network settings: the `[network]` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkSettings {
    /// The player's name as the others see it: up to [`limits::NAME_LEN`] letters, digits,
    /// spaces and `.-'`, upper case.
    pub name: String,
    /// The address last joined (`192.168.1.5:7300`), empty before any.
    pub join: String,
    /// The port a hosted game listens on.
    pub port: u16,
    /// How hard a hosted game is.
    pub difficulty: crate::level::Difficulty,
    /// The colour the player wears, as an index of [`crate::level::SEAT_COLOURS`] (the host
    /// gives another where a player wears it already).
    pub colour: usize,
    /// The signalling server whose rooms a native build with WebRTC joins by code
    /// (`ws://HOST:PORT` or `wss://`; the page uses its own host's).
    pub signal: String,
    /// The frags that win a hosted deathmatch (0: no limit).
    pub frag_limit: u32,
    /// The minutes a hosted deathmatch lasts (0: no limit).
    pub time_limit: u32,
}

impl Default for NetworkSettings {
    fn default() -> NetworkSettings {
        NetworkSettings {
            name: "PLAYER".into(),
            join: String::new(),
            port: DEFAULT_PORT,
            difficulty: crate::level::Difficulty::Normal,
            colour: 0,
            signal: DEFAULT_SIGNAL.into(),
            frag_limit: 10,
            time_limit: 5,
        }
    }
}

/// The signalling server rooms are on unless the settings say otherwise (where `tilecaster
/// serve-signalling` listens by default, on this machine).
pub const DEFAULT_SIGNAL: &str = "ws://127.0.0.1:3536";

/// The port a hosted game listens on unless the settings say otherwise (and the port an
/// address to join without one is taken to have).
pub const DEFAULT_PORT: u16 = 7300;

/// Whether `c` may stand in a player's name (the game's font has it).
pub fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || " .-'".contains(c)
}

/// Whether `c` may stand in an address to join (an IP address and port, a space and the
/// host's code).
pub fn address_char(c: char) -> bool {
    c.is_ascii_hexdigit() || ".:[] ".contains(c)
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
    /// The longest player's name, in characters.
    pub const NAME_LEN: usize = 12;
    /// The longest address to join, in characters (an IPv6 address and port, a space, a
    /// code of up to 24 characters).
    pub const ADDRESS_LEN: usize = 72;
    /// A hosted deathmatch's frag limit, most.
    pub const FRAG_LIMIT: u32 = 999;
    /// A hosted deathmatch's time limit, most minutes.
    pub const TIME_LIMIT: u32 = 600;
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            mouse_sensitivity: 0.15,
            always_run: false,
            mouse_move: false,
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
            network: NetworkSettings::default(),
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
            always_run: true,
            mouse_move: true,
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
            network: NetworkSettings {
                name: "BJ O'NEIL-2".into(),
                join: "[::1]:7301".into(),
                port: 7400,
                difficulty: crate::level::Difficulty::Hard,
                colour: 6,
                signal: "wss://rooms.example.org:443".into(),
                frag_limit: 0,
                time_limit: 20,
            },
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
        // Numbers as a person types them: the volumes are `f32`s, written as such.
        let text = Settings::default().to_toml();
        assert!(text.contains("\nmaster = 0.8\n"), "{text}");
        assert!(!text.contains("000000"), "{text}");
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
            (
                "[network]\nname = \"B\u{e9}a\"\n",
                "k.toml:2:8: name 'B\u{e9}a': it must be 1 to 12 letters",
            ),
            (
                "[network]\ndifficulty = \"nightmare\"\n",
                "k.toml:2:14: unknown difficulty 'nightmare' (easy, normal, hard, death)",
            ),
            (
                "[network]\nsignal = \"http://x\"\n",
                "k.toml:2:10: signal 'http://x': expected a ws:// or wss:// address",
            ),
            (
                "[network]\ncolour = \"pink\"\n",
                "k.toml:2:10: unknown colour 'pink' (blue, red, green, gold, purple, cyan, orange, white)",
            ),
            (
                "[network]\nfrag_limit = 1000\n",
                "k.toml:2:14: frag_limit 1000: it must be from 0 to 999 (0: no limit)",
            ),
            (
                "[network]\ntime_limit = -5\n",
                "k.toml:2:14: time_limit -5: it must be from 0 to 600 minutes (0: no limit)",
            ),
            (
                "[network]\nport = 70000\n",
                "k.toml:2:8: port 70000: it must be from 1 to 65535",
            ),
            (
                "[network]\njoin = \"host name\"\n",
                "k.toml:2:8: join 'host name': expected an address",
            ),
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
