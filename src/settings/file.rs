//! The settings file on disk: written safely, read, and taken over from older files or kept
//! aside when damaged.

use super::*;

impl Settings {
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
                let kept = files::keep_damaged(path);
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
