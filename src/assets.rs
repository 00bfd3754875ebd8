//! Where every asset comes from: folders that overlay the game's own assets file by file.
//!
//! A level's textures, sprite sheets, sounds and HUD art are looked for in these places in
//! turn; the first that has the file wins, so a folder need hold only what it changes:
//!
//! 1. `--textures DIR`: a texture folder (textures, and sprite sheets in its `sprites/`);
//! 2. the level's own folder as a data folder: `textures/`, `sounds/` and `hud/` beside the
//!    level file; then textures lying right beside the level file (as files dropped on the
//!    browser page together do);
//! 3. `--data DIR`, a data folder laid out the same way;
//! 4. the level's texture folder (its `textures = "..."`; the bundled levels name the bundled
//!    textures there, so a `--data` folder goes over them);
//! 5. the defaults: `textures/` in the working directory, else the bundled textures; the
//!    sounds and the HUD art are made by code.
//!
//! A data folder:
//!
//! | file | what |
//! |------|------|
//! | `textures/NAME.png` | a wall, floor or ceiling texture (`NAME_dark.png`: its darker side) |
//! | `textures/sprites/NAME.png` | a sprite sheet: an enemy kind's, a pickup's, the fireball |
//! | `sounds/NAME.wav` | a sound ([`SOUND_NAMES`], or an enemy kind's own) |
//! | `sounds/music.wav` | the music, looped (a level's `music = "NAME"` names another) |
//! | `hud/NAME.png` | HUD art ([`HUD_NAMES`]) |
//!
//! ```
//! use tilecaster::assets::{Origin, Overlay, Sources};
//! let path = std::path::Path::new("levels/e1m1.toml");
//! let overlay = Overlay::new(&Sources::default(), path, None);
//! let (layer, file) = overlay.texture("brick").unwrap();
//! assert_eq!(layer.origin, Origin::Defaults);
//! assert!(file.ends_with("textures/brick.png"));
//! assert!(overlay.sound("pistol").is_none(), "made by code");
//! ```

use std::path::{Path, PathBuf};

use crate::frame::Frame;
use crate::texture::TextureError;

/// The HUD picture at `path` as a frame of RGBA8 pixels.
pub(crate) fn read_picture(path: &Path) -> Result<Frame, TextureError> {
    let rgba = crate::texture::read_picture(path)?;
    let mut frame = Frame::new(rgba.width(), rgba.height()).map_err(|e| TextureError::Decode {
        path: path.to_path_buf(),
        detail: e.to_string(),
    })?;
    for (pixel, texel) in frame.pixels_mut().iter_mut().zip(rgba.pixels()) {
        *pixel = u32::from_le_bytes(texel.0);
    }
    Ok(frame)
}

/// The WAV file at `path` decoded (mono, at [`SAMPLE_RATE`], in `[-1, 1]`), at most `max_seconds` long
/// ([`MAX_SOUND_SECONDS`] for sounds, [`MAX_MUSIC_SECONDS`] for music).
pub(crate) fn read_wav(path: &Path, max_seconds: u32) -> Result<Vec<f32>, String> {
    let bytes =
        crate::files::read_bounded(path, crate::files::Limit::SOUND).map_err(|e| e.to_string())?;
    decode_wav(&bytes, max_seconds)
}

/// Decoded sound files by name: mono samples in `[-1, 1]` at the game's rate
/// (`audio::RATE`, 48 kHz).
pub type SoundFiles = std::collections::BTreeMap<String, std::sync::Arc<[f32]>>;

/// Samples per second of the game's sounds; sound files at other rates are resampled.
pub(crate) const SAMPLE_RATE: u32 = 48_000;

/// The longest sound file, seconds.
pub(crate) const MAX_SOUND_SECONDS: u32 = 30;

/// The longest music file, seconds.
pub(crate) const MAX_MUSIC_SECONDS: u32 = 300;

/// A sound file's samples: mono (channels averaged), at [`SAMPLE_RATE`], in `[-1, 1]`, at most
/// `max_seconds` long. Any WAV that `hound` reads (8 to 32-bit integer, 32-bit float; any
/// channel count and rate).
fn decode_wav(bytes: &[u8], max_seconds: u32) -> Result<Vec<f32>, String> {
    let reader = hound::WavReader::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("not a WAV file hound can read ({e})"))?;
    let spec = reader.spec();
    let channels = usize::from(spec.channels);
    if channels == 0 || !(1_000..=384_000).contains(&spec.sample_rate) {
        return Err(format!(
            "{} channels at {} Hz; a sound needs 1 or more channels at 1000 to 384000 Hz",
            spec.channels, spec.sample_rate
        ));
    }
    let frames = reader.duration() as u64;
    if frames > u64::from(max_seconds) * u64::from(spec.sample_rate) {
        return Err(format!(
            "{:.1} seconds long; it may last at most {max_seconds} seconds",
            frames as f64 / f64::from(spec.sample_rate)
        ));
    }
    let bad = |e: hound::Error| format!("broken WAV data ({e})");
    let interleaved: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader
            .into_samples::<f32>()
            .map(|s| {
                s.map(|v| {
                    if v.is_finite() {
                        v.clamp(-1.0, 1.0)
                    } else {
                        0.0
                    }
                })
            })
            .collect::<Result<_, _>>()
            .map_err(bad)?,
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader
                .into_samples::<i32>()
                .map(|s| s.map(|v| (v as f32 * scale).clamp(-1.0, 1.0)))
                .collect::<Result<_, _>>()
                .map_err(bad)?
        }
    };
    let mono: Vec<f32> = interleaved
        .chunks_exact(channels)
        .map(|c| c.iter().sum::<f32>() / channels as f32)
        .collect();
    if spec.sample_rate == SAMPLE_RATE || mono.is_empty() {
        return Ok(mono);
    }
    // Linear resampling: plain, and enough for effects.
    let step = f64::from(spec.sample_rate) / f64::from(SAMPLE_RATE);
    let out_len = ((mono.len() as f64) / step).round().max(1.0) as usize;
    Ok((0..out_len)
        .map(|i| {
            let at = i as f64 * step;
            let i0 = (at as usize).min(mono.len() - 1);
            let i1 = (i0 + 1).min(mono.len() - 1);
            let t = (at - i0 as f64) as f32;
            mono[i0] * (1.0 - t) + mono[i1] * t
        })
        .collect())
}

/// The sound files a data folder may hold (`sounds/NAME.wav`), one for each of the game's
/// sounds (`audio::Sound::ALL`, in its order).
pub const SOUND_NAMES: [&str; 34] = [
    "pistol",
    "launcher",
    "knife",
    "explosion",
    "guard_shot",
    "door_open",
    "door_close",
    "push_wall",
    "pickup_health",
    "pickup_ammo",
    "pickup_treasure",
    "pickup_key",
    "alert",
    "enemy_pain",
    "enemy_death",
    "player_pain",
    "player_death",
    "thud",
    "exit",
    "machine_gun",
    "chaingun",
    "bark",
    "bite",
    "extra_life",
    "burst",
    "tally",
    "officer_alert",
    "officer_death",
    "mutant_pain",
    "mutant_death",
    "ss_alert",
    "ss_death",
    "boss_alert",
    "boss_death",
];

/// The HUD art a data folder may hold (`hud/NAME.png`), with what each is. Pictures are
/// drawn nearest-pixel, alpha under 128 a hole, scaled to the height of the art they replace
/// (their width by their aspect ratio).
pub const HUD_NAMES: [(&str, &str); 8] = [
    (
        "pistol",
        "the pistol in hand, centred at the view's bottom, 20/56 of the frame's height (it moves through the weapon's firing frames: kicked, recoiling, smoking)",
    ),
    ("machine_gun", "the machine gun in hand, as the pistol"),
    ("chaingun", "the chaingun in hand, as the pistol"),
    ("launcher", "the launcher in hand, as the pistol"),
    ("knife", "the knife in hand, as the pistol"),
    (
        "flash",
        "the muzzle flash above a gun just fired, 9/56 of the frame's height",
    ),
    (
        "face",
        "the status bar's face: 4 columns of square frames (looking left, ahead, right; dead) by any number of rows (health from full down to 1, in equal bands)",
    ),
    (
        "font",
        "the HUD's font (status bar and messages): 16 columns by 6 rows of equal cells for ASCII 32 to 127, each drawn into the built-in font's 4 by 6 box, opaque pixels in the text's colour",
    ),
];

/// HUD art from files, by name ([`HUD_NAMES`]).
pub type Pictures = std::collections::BTreeMap<String, std::sync::Arc<Frame>>;

/// What is wrong with the HUD picture `name`'s layout, if anything (the face's frames and the
/// font's cells must tile it).
pub(crate) fn hud_layout_problem(name: &str, picture: &Frame) -> Option<String> {
    let (w, h) = (picture.width(), picture.height());
    let (cols, rows) = crate::frame::draw::FONT_GRID;
    if name == "font" && (w % cols != 0 || h % rows != 0) {
        return Some(format!(
            "the font is {w}x{h}: it must be {cols} equal cells across and {rows} down (width a multiple of {cols}, height of {rows})"
        ));
    }
    (name == "face" && (w % 4 != 0 || h % (w / 4).max(1) != 0 || h < w / 4)).then(|| {
        format!(
            "the face is {w}x{h}: it must be 4 square frames across (width a multiple of 4) \
             and whole rows of them down (height a multiple of width / 4)"
        )
    })
}

/// Where assets come from besides the level and the defaults: the `--textures` and `--data`
/// options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// A texture folder put over every other (`--textures`).
    pub textures: Option<PathBuf>,
    /// A data folder put over the defaults (`--data`).
    pub data: Option<PathBuf>,
}

impl Sources {
    /// Only a texture folder (or none).
    pub fn textures(textures: Option<&Path>) -> Sources {
        Sources {
            textures: textures.map(Path::to_path_buf),
            data: None,
        }
    }
}

impl From<Option<&Path>> for Sources {
    fn from(textures: Option<&Path>) -> Sources {
        Sources::textures(textures)
    }
}

impl From<&Sources> for Sources {
    fn from(sources: &Sources) -> Sources {
        sources.clone()
    }
}

/// Which place a layer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `--textures`.
    TexturesOption,
    /// The level's `textures = "..."` folder.
    LevelTextures,
    /// The folder of the level file, as a data folder.
    LevelFolder,
    /// `--data`.
    Data,
    /// The working directory's `textures/` or the bundled ones.
    Defaults,
}

impl Origin {
    /// A short label for listings.
    pub fn label(self) -> &'static str {
        match self {
            Origin::TexturesOption => "--textures",
            Origin::LevelTextures => "the level's textures",
            Origin::LevelFolder => "the level's folder",
            Origin::Data => "--data",
            Origin::Defaults => "defaults",
        }
    }
}

/// One place assets are looked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// Which place.
    pub origin: Origin,
    /// Its texture folder (sprite sheets in its `sprites/`).
    pub textures: PathBuf,
    /// A data folder's root (`sounds/` and `hud/` in it); texture folders have none.
    pub root: Option<PathBuf>,
}

/// The places a level's assets are looked for, first first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlay {
    layers: Vec<Layer>,
}

impl Overlay {
    /// The places for the level read from `path`, whose own texture folder (its `textures =
    /// "..."`, resolved) is `level_textures`, with `sources` over them.
    pub fn new(sources: &Sources, path: &Path, level_textures: Option<&Path>) -> Overlay {
        let data = |origin, root: &Path| Layer {
            origin,
            textures: root.join("textures"),
            root: Some(root.to_path_buf()),
        };
        let folder = |origin, dir: &Path| Layer {
            origin,
            textures: dir.to_path_buf(),
            root: None,
        };
        // A level in the working directory: its folder is "" ("textures", not "./textures").
        let own = path.parent().unwrap_or(Path::new(""));
        let mut layers = Vec::new();
        if let Some(dir) = &sources.textures {
            layers.push(folder(Origin::TexturesOption, dir));
        }
        layers.push(data(Origin::LevelFolder, own));
        // Textures right beside the level count too: files dropped on the page together lie
        // in one folder, and the same files copied into one folder play the same natively.
        layers.push(folder(Origin::LevelFolder, own));
        if let Some(dir) = &sources.data {
            layers.push(data(Origin::Data, dir));
        }
        if let Some(dir) = level_textures {
            layers.push(folder(Origin::LevelTextures, dir));
        }
        layers.push(folder(
            Origin::Defaults,
            &crate::files::default_path("textures"),
        ));
        Overlay { layers }
    }

    /// The places, first first.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The first place where something is at the file's path. Something that is not a regular
    /// file (a folder, a FIFO, a link to a device or to nothing) counts too, so that reading it
    /// fails with its path named, instead of the places below standing in for it unsaid.
    fn first(&self, file: impl Fn(&Layer) -> Option<PathBuf>) -> Option<(&Layer, PathBuf)> {
        self.layers.iter().find_map(|layer| {
            let path = file(layer)?;
            let there = crate::files::exists(&path) || path.symlink_metadata().is_ok();
            there.then_some((layer, path))
        })
    }

    /// The texture `NAME.png` and the place it comes from.
    pub fn texture(&self, name: &str) -> Option<(&Layer, PathBuf)> {
        self.first(|l| Some(l.textures.join(format!("{name}.png"))))
    }

    /// The sprite sheet `sprites/NAME.png` and the place it comes from.
    pub fn sprite(&self, name: &str) -> Option<(&Layer, PathBuf)> {
        self.first(|l| Some(l.textures.join("sprites").join(format!("{name}.png"))))
    }

    /// The sound file `sounds/NAME.wav` and the place it comes from (none: made by code).
    pub fn sound(&self, name: &str) -> Option<(&Layer, PathBuf)> {
        self.first(|l| Some(l.root.as_ref()?.join("sounds").join(format!("{name}.wav"))))
    }

    /// The HUD art `hud/NAME.png` and the place it comes from (none: made by code).
    pub fn hud(&self, name: &str) -> Option<(&Layer, PathBuf)> {
        self.first(|l| Some(l.root.as_ref()?.join("hud").join(format!("{name}.png"))))
    }

    /// Every texture name any place has, sorted.
    pub fn texture_names(&self) -> Vec<String> {
        self.names_in_each(|l| l.textures.clone())
    }

    /// Every sprite sheet name any place has, sorted.
    pub fn sprite_names(&self) -> Vec<String> {
        self.names_in_each(|l| l.textures.join("sprites"))
    }

    /// The PNG names in each place's `folder`, together, sorted, each once.
    fn names_in_each(&self, folder: impl Fn(&Layer) -> PathBuf) -> Vec<String> {
        let mut names: Vec<String> = self
            .layers
            .iter()
            .flat_map(|l| crate::texture::TextureSet::names_in(&folder(l)).unwrap_or_default())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// The texture folders that exist, first first, each once (a level beside the working
    /// directory's `textures/` names it twice), for messages.
    pub fn texture_folders(&self) -> Vec<&Path> {
        let same = |a: &Path, b: &Path| {
            a == b || (a.canonicalize().ok()).is_some_and(|a| b.canonicalize().ok() == Some(a))
        };
        let mut folders: Vec<&Path> = Vec::new();
        for layer in &self.layers {
            let dir = layer.textures.as_path();
            if crate::files::is_dir(dir) && !folders.iter().any(|f| same(f, dir)) {
                folders.push(dir);
            }
        }
        folders
    }

    /// Every folder whose files are assets, that exists: watched for live reload.
    pub fn folders(&self) -> Vec<PathBuf> {
        self.layers
            .iter()
            .flat_map(|l| {
                let mut v = vec![l.textures.clone(), l.textures.join("sprites")];
                if let Some(root) = &l.root {
                    v.push(root.join("sounds"));
                    v.push(root.join("hud"));
                }
                v
            })
            .filter(|p| p.is_dir())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilecaster-assets-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A 16-bit WAV file of `channels` at `rate` holding `samples` (interleaved).
    fn wav(channels: u16, rate: u32, samples: impl IntoIterator<Item = i16>) -> Vec<u8> {
        let mut bytes = std::io::Cursor::new(Vec::new());
        let spec = hound::WavSpec {
            channels,
            sample_rate: rate,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut w = hound::WavWriter::new(&mut bytes, spec).unwrap();
        for sample in samples {
            w.write_sample(sample).unwrap();
        }
        w.finalize().unwrap();
        bytes.into_inner()
    }

    #[test]
    fn a_sound_file_is_resampled_to_the_games_rate() {
        let bytes = wav(1, 24_000, std::iter::repeat_n(i16::MAX, 240));
        let samples = decode_wav(&bytes, MAX_SOUND_SECONDS).unwrap();
        assert_eq!(samples.len(), 480, "10 ms at 48 kHz");
        assert!(samples.iter().all(|&s| s > 0.99));
    }

    /// Broken WAV files are messages, never panics or huge allocations: a valid file with
    /// bytes changed, cut short, or with its header's numbers made absurd.
    #[test]
    fn broken_sound_files_are_errors_not_panics() {
        let valid = wav(2, 22_050, (0..2000).map(|i| (i * 7) as i16));
        assert_eq!(
            decode_wav(&valid, MAX_SOUND_SECONDS).unwrap().len(),
            2177,
            "1000 frames, 22050 -> 48000 Hz"
        );
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..2000 {
            let mut bytes = valid.clone();
            match round % 3 {
                0 => {
                    for _ in 0..1 + next() % 8 {
                        let at = (next() % 64) as usize;
                        bytes[at] = next() as u8;
                    }
                }
                1 => bytes.truncate((next() % valid.len() as u64) as usize),
                _ => {
                    let at = [22, 24, 28, 32, 34, 40][(next() % 6) as usize];
                    bytes[at..at + 2].copy_from_slice(&(next() as u16).to_le_bytes());
                }
            }
            if let Ok(samples) = decode_wav(&bytes, MAX_SOUND_SECONDS) {
                assert!(samples.iter().all(|s| s.is_finite() && s.abs() <= 1.0));
                assert!(samples.len() <= (MAX_SOUND_SECONDS * SAMPLE_RATE) as usize + 1);
            }
        }
    }

    #[test]
    fn a_data_folder_overlays_the_defaults_file_by_file_and_the_level_folder_overlays_it() {
        let dir = scratch("overlay");
        let data = dir.join("data");
        let mod_dir = dir.join("mod");
        for d in [
            data.join("textures/sprites"),
            data.join("sounds"),
            mod_dir.join("sounds"),
        ] {
            std::fs::create_dir_all(d).unwrap();
        }
        let brick = std::fs::read("textures/brick.png").unwrap();
        std::fs::write(data.join("textures/brick.png"), &brick).unwrap();
        std::fs::write(data.join("textures/sprites/guard.png"), &brick).unwrap();
        std::fs::write(data.join("sounds/pistol.wav"), b"x").unwrap();
        std::fs::write(data.join("sounds/alert.wav"), b"x").unwrap();
        std::fs::write(mod_dir.join("sounds/pistol.wav"), b"x").unwrap();
        let level_path = mod_dir.join("level.toml");
        let text = std::fs::read_to_string("levels/e1m1.toml").unwrap();
        let text: String = text
            .lines()
            .filter(|l| !l.starts_with("next =") && !l.starts_with("textures ="))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&level_path, text).unwrap();
        let sources = Sources {
            textures: None,
            data: Some(data.clone()),
        };
        let overlay = Overlay::new(&sources, &level_path, None);
        let origin = |found: Option<(&Layer, PathBuf)>| found.map(|(l, _)| l.origin);
        assert_eq!(origin(overlay.texture("brick")), Some(Origin::Data));
        assert_eq!(origin(overlay.texture("stone")), Some(Origin::Defaults));
        assert_eq!(origin(overlay.sprite("guard")), Some(Origin::Data));
        assert_eq!(origin(overlay.sprite("officer")), Some(Origin::Defaults));
        assert_eq!(origin(overlay.sound("pistol")), Some(Origin::LevelFolder));
        assert_eq!(origin(overlay.sound("alert")), Some(Origin::Data));
        assert_eq!(origin(overlay.sound("thud")), None);
        assert_eq!(origin(overlay.hud("face")), None);
        assert!(overlay.texture_names().contains(&"stone".to_string()));
        // --textures goes over everything, for textures.
        let sources = Sources {
            textures: Some("textures".into()),
            ..sources
        };
        let overlay = Overlay::new(&sources, &level_path, None);
        assert_eq!(
            origin(overlay.texture("brick")),
            Some(Origin::TexturesOption)
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_folder_named_twice_is_listed_once() {
        let overlay = Overlay::new(
            &Sources::default(),
            Path::new("e1m1.toml"),
            Some(Path::new("levels/../textures")),
        );
        // `textures` three times over (the level's folder itself, the working folder, is "").
        assert_eq!(overlay.texture_folders().len(), 1);
        let origins: Vec<Origin> = overlay.layers().iter().map(|l| l.origin).collect();
        assert_eq!(
            origins,
            [
                Origin::LevelFolder,
                Origin::LevelFolder,
                Origin::LevelTextures,
                Origin::Defaults
            ]
        );
        assert_eq!(
            overlay.texture("brick").unwrap().0.origin,
            Origin::LevelFolder,
            "the first place that has it"
        );
    }
}
