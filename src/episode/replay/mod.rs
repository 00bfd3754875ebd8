//! Recordings: the inputs of every tick, to play a game again with the same result.
//!
//! The format is text, one tick per line after a header:
//!
//! ```text
//! tilecaster-replay 3
//! rules 1
//! level levels/e1m1.toml
//! level-hash 5f3a09c2b1d4e6f7
//! data-hash 9b2c4e1f0a3d5c7e
//! difficulty hard
//! 1.0 0.0 0.0 0 0 0 0
//! 1.0 0.0 3.0 1 1 0 2
//! ```
//!
//! `rules` is the version of the game's rules it was played under ([`RULES_VERSION`]) and
//! `level-hash` a hash of the level file's bytes: a recording played under other rules, or on
//! a level file that changed, would not replay as it was played, so [`Recording::check`]
//! refuses it, naming both sides. `data-hash` (optional) hashes what else decides play: the
//! holes of the level's grate textures, which a `--textures` or `--data` folder may change;
//! [`Recording::check_data`] refuses a game whose holes differ. `difficulty` (optional, for a
//! game not on normal) is the difficulty it was played on. Versions 1 and 2 (before rules
//! versions) were played under rules 1, and are refused as such.
//!
//! A networked game's recording (`autoplay --net --record`) adds, after those, `seats N` (2 to
//! 8), `seed N` (the seed the game was played with) and, for a deathmatch, `deathmatch FRAGS
//! TICKS` (its limits); each tick's line then holds every seat's input, seat 0 first, separated
//! by ` | `.
//!
//! Each tick is `forward strafe turn run use fire weapon`: forward and strafe in `[-1, 1]`,
//! turn in degrees (as Rust prints an `f64`, so that it reads back exactly; from rules 3 the
//! steps the rules play, 127ths and 64ths of a degree: [`Input::quantised`]), run, use and
//! fire `0` or `1` (fire: held that tick), weapon `0` (keep) or the number of the weapon taken
//! (rules 2 on: `1` knife, `2` pistol, `3` machine gun, `4` chaingun, `5` launcher; rules 1:
//! `1` pistol, `2` launcher, `3` knife). Version 1 recordings (before weapons) have six fields.

mod text;

use super::Session;
use crate::files::level_file_hash;
use crate::game::{Input, RULES_VERSION};
use crate::level::Difficulty;

/// Whether a save of rules `found` loads under rules `current`, which load saves from rules
/// `oldest` on; `Some(notice)` when it loads under newer rules than it was saved under.
pub(super) fn save_rules(found: u32, current: u32, oldest: u32) -> Result<Option<String>, ()> {
    if found > current || found < oldest {
        return Err(());
    }
    Ok((found < current)
        .then(|| format!("a save of game rules {found}: it plays on under rules {current}")))
}

/// The most inputs a recording holds, every seat's of every tick (ticks x seats): six hours of
/// one player's play at 60 ticks a second, three of two, 45 minutes of eight. `replay` plays
/// about 7,000 inputs a second (one seat on Entry Hall, a release build on a 2-core machine:
/// 200,000 ticks in 28 s), so a replay ends within about three minutes. Recording stops there
/// and says so; a file with more is refused at the line past it.
pub const MOST_RECORDED_INPUTS: usize = 1_296_000;

/// The header's first line; versions other than this one, 2 and 1 are refused.
pub const REPLAY_HEADER: &str = "tilecaster-replay 3";

/// The header of version 2 (no rules version or level hash), still read.
pub(super) const REPLAY_HEADER_V2: &str = "tilecaster-replay 2";

/// The header of version 1 (no weapon field), still read.
pub(super) const REPLAY_HEADER_V1: &str = "tilecaster-replay 1";

/// A recorded game: the level it started on and the input of every tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// The level file, as given when recording.
    pub level: String,
    /// One input per tick.
    pub inputs: Vec<Input>,
    /// The game rules it was played under (1 for a recording from before rules versions).
    pub rules: u32,
    /// The hash of the level file's bytes when recording ([`level_file_hash`]; `None`: not
    /// known).
    pub level_hash: Option<String>,
    /// The hash of the data besides the level file that decides play, at the start
    /// ([`crate::game::Game::data_hash`]: the holes of its grates' textures and the masks of its
    /// shaped walls); `None`: not recorded.
    pub data_hash: Option<String>,
    /// The difficulty it was played on (a `difficulty` line in the header; without one,
    /// normal, as every recording was before the line).
    pub difficulty: Difficulty,
    /// The players (1, or a networked game's seats): `inputs` holds each tick's input of
    /// every seat in turn, seat 0 first.
    pub seats: usize,
    /// The seed a networked game was played with (`None`: the session's own).
    pub seed: Option<u64>,
    /// A networked deathmatch's rules (`None`: co-op, or a game of one).
    pub deathmatch: Option<crate::game::MatchRules>,
}

/// Why a recording would not replay as it was played.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReplayMismatch {
    /// Recorded under other game rules.
    #[error(
        "recorded under game rules {recorded}; this tilecaster ({}) plays rules {RULES_VERSION}: it would not replay as it was played",
        env!("CARGO_PKG_VERSION")
    )]
    Rules {
        /// The recording's rules version.
        recorded: u32,
    },
    /// The data that decides play besides the level file (the holes of its grates' textures)
    /// is not what it was.
    #[error(
        "the grates' textures or the wall shapes of the level differ from the recording's (their holes' and masks' hash was {recorded}, now {now}; another --textures or --data folder, or a changed mask file?): it would not replay as it was played"
    )]
    Data {
        /// The hash recorded.
        recorded: String,
        /// The hash now.
        now: String,
    },
    /// The level it was recorded on is neither a file here nor a bundled level.
    #[error(
        "the level it was recorded on, {level}, is missing: no such file from this folder, and no bundled level of that name"
    )]
    Missing {
        /// The level as the recording names it.
        level: String,
    },
    /// The level file changed since.
    #[error(
        "the level file {level} changed since the recording (its hash was {recorded}, now {now}): it would not replay as it was played"
    )]
    Level {
        /// The level file.
        level: String,
        /// The hash recorded.
        recorded: String,
        /// The hash of the file now (`unreadable` where it cannot be read).
        now: String,
    },
}

/// Why a replay's game cannot start ([`Recording::start_session`]).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The level does not load.
    #[error(transparent)]
    Level(#[from] crate::level::LevelError),
    /// The play data differs from the recording's.
    #[error(transparent)]
    Mismatch(#[from] ReplayMismatch),
}

/// A recording file that cannot be replayed here ([`Recording::read_for_replay`]).
#[derive(Debug, thiserror::Error)]
pub enum RecordingFileError {
    /// Not readable (missing, not a regular file, too large, not UTF-8).
    #[error(transparent)]
    Read(#[from] crate::files::FileError),
    /// Not a recording, or a malformed one: `FILE:LINE:COLUMN: message`.
    #[error("{path}:{error}")]
    Parse {
        /// The recording file.
        path: String,
        /// Where and what.
        error: ReplayError,
    },
    /// A recording that would not replay as it was played here.
    #[error("{path}: {error}")]
    Mismatch {
        /// The recording file.
        path: String,
        /// Why not.
        error: ReplayMismatch,
    },
}

/// A recording that cannot be read. Lines and columns count from 1.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{line}:{column}: {message}")]
pub struct ReplayError {
    /// Line.
    pub line: usize,
    /// Column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Recording {
    /// An empty recording of a game starting on the level file at `path` (named `level` in
    /// the file), under today's rules, with the level file's hash. A bundled level
    /// (`<built-in>/levels/e1m1.toml`) is named as in the repository (`levels/e1m1.toml`), so
    /// that the recording replays from any folder, natively and in the browser.
    pub fn start(level: String, path: &std::path::Path) -> Recording {
        Recording {
            level: crate::files::repository_name(level.as_ref()).unwrap_or(level),
            inputs: Vec::new(),
            rules: RULES_VERSION,
            level_hash: level_file_hash(path),
            data_hash: None,
            difficulty: Difficulty::Normal,
            seats: 1,
            seed: None,
            deathmatch: None,
        }
    }

    /// An empty recording of `session` from where it stands, which must be a level's start
    /// (a new game, a level restarted): its level file, difficulty and data hash.
    pub fn of_session(session: &Session) -> Recording {
        let path = session.path();
        Recording {
            difficulty: session.difficulty(),
            ..Recording::start(path.display().to_string(), path)
                .with_data_hash(session.game.data_hash())
        }
    }

    /// Why the window cannot play it, if it cannot: a networked game's recording (several
    /// seats, or a seed of its own) replays headless only (`tilecaster replay`).
    pub fn window_refusal(&self) -> Option<String> {
        (self.seats > 1 || self.seed.is_some()).then(|| {
            format!(
                "a recording of a networked game ({} seats): `tilecaster replay` plays it headless; the window plays recordings of one player",
                self.seats
            )
        })
    }

    /// A session at the recording's start, ready to replay it: its level
    /// ([`Recording::level_path`]) on its difficulty, with `sources`' textures, whose data
    /// hash is [checked](Recording::check_data).
    pub fn start_session(
        &self,
        sources: impl Into<crate::assets::Sources>,
    ) -> Result<Session, StartError> {
        let session = Session::start_on(&self.level_path(), sources, self.difficulty)?;
        self.check_data(&session.game.data_hash())?;
        Ok(session)
    }

    /// With the hash of the data that decides play besides the level file
    /// ([`crate::game::Game::data_hash`] at the start).
    pub fn with_data_hash(self, hash: String) -> Recording {
        Recording {
            data_hash: Some(hash),
            ..self
        }
    }

    /// Whether the game about to replay it starts on the same play data as the recording
    /// (`now`: its [`crate::game::Game::data_hash`]). Recordings without a data hash pass.
    pub fn check_data(&self, now: &str) -> Result<(), ReplayMismatch> {
        match &self.data_hash {
            Some(recorded) if recorded != now => Err(ReplayMismatch::Data {
                recorded: recorded.clone(),
                now: now.to_string(),
            }),
            _ => Ok(()),
        }
    }

    /// Whether the recording would replay as it was played here: under the same rules, on
    /// the same level file (read from [`Recording::level_path`]), which must be there.
    pub fn check(&self) -> Result<(), ReplayMismatch> {
        if self.rules != RULES_VERSION {
            let recorded = self.rules;
            return Err(ReplayMismatch::Rules { recorded });
        }
        let (path, now) = self.located();
        if !crate::files::is_file(&path) {
            return Err(ReplayMismatch::Missing {
                level: self.level.clone(),
            });
        }
        if let Some(recorded) = &self.level_hash {
            if now.as_ref() != Some(recorded) {
                return Err(ReplayMismatch::Level {
                    level: self.level.clone(),
                    recorded: recorded.clone(),
                    now: now.unwrap_or_else(|| "unreadable".into()),
                });
            }
        }
        Ok(())
    }

    /// The level it was recorded on: the file of its path as written (from the working
    /// folder), or the bundled copy of the repository's level of that path
    /// (`<built-in>/levels/e1m1.toml`), so that a recording of `levels/e1m1.toml` plays from
    /// any folder, and in the browser. Of the two, the one whose hash is the recorded one;
    /// else the first that is a file; else the path as written.
    pub fn level_path(&self) -> std::path::PathBuf {
        self.located().0
    }

    /// [`Recording::level_path`] with the hash of that file now (`None`: unreadable), each
    /// candidate read once.
    fn located(&self) -> (std::path::PathBuf, Option<String>) {
        use std::path::{Path, PathBuf};
        let written = PathBuf::from(&self.level);
        let name = crate::files::repository_name(&written).unwrap_or_else(|| self.level.clone());
        let bundled = Path::new(crate::files::BUILT_IN).join(name);
        let recorded = self.level_hash.as_ref();
        let written_hash = level_file_hash(&written);
        if recorded.is_some() && written_hash.as_ref() == recorded {
            return (written, written_hash);
        }
        let bundled_hash = level_file_hash(&bundled);
        if recorded.is_some() && bundled_hash.as_ref() == recorded {
            return (bundled, bundled_hash);
        }
        if crate::files::is_file(&written) || !crate::files::is_file(&bundled) {
            (written, written_hash)
        } else {
            (bundled, bundled_hash)
        }
    }

    /// Reads the recording file at `path` for replaying it here: read (within
    /// [`crate::files::Limit::RECORDING`]), parsed and [checked](Recording::check), each error
    /// naming the file. The one way the game, the page and `tilecaster replay` read one.
    pub fn read_for_replay(path: &std::path::Path) -> Result<Recording, RecordingFileError> {
        let text = crate::files::read_text(path, crate::files::Limit::RECORDING)?;
        let mut recording = Recording::parse(&text).map_err(|error| RecordingFileError::Parse {
            path: path.display().to_string(),
            error,
        })?;
        recording.find_level_by_hash(path.parent());
        recording
            .check()
            .map_err(|error| RecordingFileError::Mismatch {
                path: path.display().to_string(),
                error,
            })?;
        Ok(recording)
    }

    /// Where neither the level's path as written nor its bundled copy has the recorded hash,
    /// the level file beside the recording (in `folder`) or among the page's files
    /// ([`crate::files::PROVIDED`]) that has it, by its hash: a recording of a level dropped
    /// on the page (`<page>/mine.toml`) replays with that level beside it, natively, or
    /// dropped on the page again, under any name.
    fn find_level_by_hash(&mut self, folder: Option<&std::path::Path>) {
        let Some(recorded) = self.level_hash.clone() else {
            return;
        };
        if self.located().1.as_ref() == Some(&recorded) {
            return;
        }
        let folder = folder.filter(|f| !f.as_os_str().is_empty());
        let places = [
            folder.unwrap_or(std::path::Path::new(".")),
            std::path::Path::new(crate::files::PROVIDED),
        ];
        let is_level = |p: &std::path::Path| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| ["toml", "tmx", "tmj"].contains(&e.to_ascii_lowercase().as_str()))
        };
        let found = places
            .iter()
            .filter_map(|place| crate::files::list_folder(place).ok())
            .flatten()
            .filter(|p| is_level(p))
            .find(|p| level_file_hash(p).as_ref() == Some(&recorded));
        if let Some(path) = found {
            self.level = path.display().to_string();
        }
    }
}

#[cfg(test)]
mod tests;
