//! The front door's plumbing: the save slots the menus offer and the saves folder, the high
//! scores as the menu shows them, and the command-line options that hold over the settings for
//! one run. Where settings, scores and saves are kept (a file, or the page's localStorage) is
//! `super::platform`'s.

use std::path::{Path, PathBuf};

use tilecaster::episode::HighScores;
use tilecaster::scene::menu::SaveSlot;
use tilecaster::scene::topdown::Corner;
use tilecaster::settings::Settings;

/// The high-score table: `scores.toml` beside the settings file natively, the page's
/// localStorage in the browser; a missing one is empty; one that cannot be read or does not
/// parse is empty and said, the file moved aside (`scores.toml.damaged`) so that the next high
/// score does not overwrite the old table.
pub fn load_scores(settings_path: Option<&Path>) -> (HighScores, Option<String>) {
    let Some((read, path)) = super::platform::read_scores(settings_path) else {
        return (HighScores::default(), None);
    };
    let why = match read.map(|t| t.map(|t| HighScores::parse(&t, &path))) {
        Ok(None) => return (HighScores::default(), None),
        Ok(Some(Ok(table))) => return (table, None),
        Ok(Some(Err(e))) => e.to_string(),
        Err(why) => why,
    };
    let said = match super::platform::keep_damaged_scores(&path) {
        Some(kept) => format!(
            "{why}\nthe high scores cannot be read: starting a new table; the damaged one is kept as {}",
            kept.display()
        ),
        None => format!("{why}\nthe high scores cannot be read: starting a new table"),
    };
    (HighScores::default(), Some(said))
}

/// Keeps the high-score table where [`load_scores`] finds it.
pub fn store_scores(table: &HighScores, settings_path: Option<&Path>) -> Result<(), String> {
    super::platform::store_scores(&table.to_toml(), settings_path)
}

/// The table's lines as the menu shows them: rank, name, score, level (an episode's by its
/// number, the player's own by its file), difficulty.
pub fn score_lines(table: &HighScores) -> Vec<String> {
    table
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let difficulty = e.difficulty.name().to_ascii_uppercase();
            format!(
                "{}. {:<12} {:>7}  {}  {difficulty}",
                i + 1,
                e.name,
                e.score,
                e.place()
            )
        })
        .collect()
}

/// The save slots: the quick save, then five more.
pub const SLOTS: usize = 5;

/// The saves folder: beside the settings file natively; in the browser the page's files
/// (`<page>`), which the page keeps in its localStorage (`web::keep_save`).
pub fn saves_dir(settings_path: Option<&Path>) -> Option<PathBuf> {
    match settings_path {
        Some(p) => Some(
            p.parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .join("saves"),
        ),
        None => super::platform::saves_without_settings(),
    }
}

/// The quick save's file (F6 and F9) in the saves folder.
pub fn quick_save(dir: &Path) -> PathBuf {
    dir.join("quicksave.json")
}

/// The slots the menus offer, each with what it holds.
pub fn save_slots(dir: Option<&Path>) -> Vec<SaveSlot> {
    let Some(dir) = dir else { return Vec::new() };
    let mut slots = vec![("QUICK SAVE".to_string(), quick_save(dir))];
    slots.extend((1..=SLOTS).map(|n| (format!("SLOT {n}"), dir.join(format!("slot-{n}.json")))));
    slots
        .into_iter()
        .map(|(name, path)| SaveSlot {
            summary: tilecaster::episode::describe_save(&path),
            name,
            path,
        })
        .collect()
}

/// The save written last, for Continue.
pub fn newest_save(slots: &[SaveSlot]) -> Option<PathBuf> {
    slots
        .iter()
        .filter(|s| s.summary.is_some())
        .filter_map(|s| Some((std::fs::metadata(&s.path).ok()?.modified().ok()?, &s.path)))
        .max_by_key(|(modified, _)| *modified)
        .map(|(_, path)| path.clone())
}

/// Settings the command line gave for this run: they hold over the settings file's until
/// the player changes that setting in the menu (and are never written to the file).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    pub fov: Option<f64>,
    pub mute: bool,
    pub mipmaps: Option<bool>,
    pub minimap_corner: Option<Corner>,
    pub minimap_size: Option<f64>,
}

impl Overrides {
    /// The settings in effect: `settings` with these over them.
    pub fn apply(&self, settings: &Settings) -> Settings {
        let mut s = settings.clone();
        s.fov = self.fov.unwrap_or(s.fov);
        s.sound.mute |= self.mute;
        s.mipmaps = self.mipmaps.unwrap_or(s.mipmaps);
        s.minimap_corner = self.minimap_corner.unwrap_or(s.minimap_corner);
        s.minimap_size = self.minimap_size.unwrap_or(s.minimap_size);
        s
    }

    /// Forgets the overrides of the settings that changed from `before` to `after`: the
    /// player's choice in the menu wins.
    pub fn forget_changed(&mut self, before: &Settings, after: &Settings) {
        if before.fov != after.fov {
            self.fov = None;
        }
        if before.sound.mute != after.sound.mute {
            self.mute = false;
        }
        if before.mipmaps != after.mipmaps {
            self.mipmaps = None;
        }
        if before.minimap_corner != after.minimap_corner {
            self.minimap_corner = None;
        }
        if before.minimap_size != after.minimap_size {
            self.minimap_size = None;
        }
    }
}

/// The internal resolution for `base` at `scale`: each side at least 64 by 40 and at most
/// 8192.
pub fn scaled_size(base: (u32, u32), scale: f64) -> (u32, u32) {
    let side = |v: u32, least: u32| ((f64::from(v) * scale).round() as u32).clamp(least, 8192);
    (side(base.0, 64), side(base.1, 40))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_hold_until_the_player_changes_that_setting() {
        let mut o = Overrides {
            fov: Some(90.0),
            mipmaps: Some(false),
            ..Overrides::default()
        };
        let before = Settings::default();
        assert_eq!(o.apply(&before).fov, 90.0);
        let mut after = before.clone();
        after.fov = 70.0;
        after.mouse_sensitivity = 0.5;
        o.forget_changed(&before, &after);
        assert_eq!(o.apply(&after).fov, 70.0);
        assert!(!o.apply(&after).mipmaps, "still held");
    }

    /// A high-score table that does not parse, or cannot be read (over its size limit, not
    /// UTF-8), starts a new table, says why and where the old one is kept, and is moved
    /// aside: the next high score stored does not overwrite it, nor one kept before.
    #[test]
    fn a_damaged_score_table_is_said_and_kept_aside() {
        let dir = std::env::temp_dir().join(format!("tilecaster-scores-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let settings = dir.join("settings.toml");
        let scores = dir.join("scores.toml");
        let damaged: [(&str, Vec<u8>); 3] = [
            ("scores.toml:1:", b"[[entries]\nname = 3\n".to_vec()),
            ("not UTF-8", vec![0xff, 0xfe, b'x']),
            ("MiB", vec![b'#'; 2 << 20]),
        ];
        for (n, (why, bytes)) in damaged.iter().enumerate() {
            std::fs::write(&scores, bytes).unwrap();
            let (table, said) = load_scores(Some(&settings));
            assert!(table.entries.is_empty());
            let said = said.expect("said");
            let kept = match n {
                0 => dir.join("scores.toml.damaged"),
                n => dir.join(format!("scores.toml.damaged-{}", n + 1)),
            };
            assert!(said.contains(why), "{said}");
            assert!(
                said.contains(&format!("kept as {}", kept.display())),
                "{said}"
            );
            assert_eq!(&std::fs::read(&kept).unwrap(), bytes, "{}", kept.display());
            assert!(!scores.exists(), "moved aside");
            store_scores(&table, Some(&settings)).unwrap();
            assert_eq!(load_scores(Some(&settings)).1, None, "a new table reads");
            std::fs::remove_file(&scores).unwrap();
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn slots_sit_beside_the_settings_and_sizes_scale_within_limits() {
        let dir = saves_dir(Some(Path::new("/c/tilecaster/settings.toml"))).unwrap();
        assert_eq!(dir, Path::new("/c/tilecaster/saves"));
        let slots = save_slots(Some(&dir));
        assert_eq!(slots.len(), SLOTS + 1);
        assert_eq!(slots[0].path, dir.join("quicksave.json"));
        assert!(slots.iter().all(|s| s.summary.is_none()));
        assert_eq!(newest_save(&slots), None);
        assert_eq!(scaled_size((640, 400), 0.5), (320, 200));
        assert_eq!(scaled_size((160, 100), 0.25), (64, 40));
        assert_eq!(scaled_size((4000, 3000), 3.0), (8192, 8192));
    }
}
