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
//! turn in degrees (as Rust prints an `f64`, so that it reads back exactly), run, use and fire
//! `0` or `1` (fire: held that tick), weapon `0` (keep) or the number of the weapon taken
//! (rules 2: `1` knife, `2` pistol, `3` machine gun, `4` chaingun, `5` launcher; rules 1: `1`
//! pistol, `2` launcher, `3` knife). Version 1 recordings (before weapons) have six fields.

use std::fmt::Write as _;

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

/// The header's first line; versions other than this one, 2 and 1 are refused.
pub const REPLAY_HEADER: &str = "tilecaster-replay 3";

/// The header of version 2 (no rules version or level hash), still read.
const REPLAY_HEADER_V2: &str = "tilecaster-replay 2";

/// The header of version 1 (no weapon field), still read.
const REPLAY_HEADER_V1: &str = "tilecaster-replay 1";

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

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{REPLAY_HEADER}\nrules {}\nlevel {}\nlevel-hash {}\n",
            self.rules,
            self.level,
            self.level_hash.as_deref().unwrap_or("unknown")
        );
        if let Some(hash) = &self.data_hash {
            let _ = writeln!(out, "data-hash {hash}");
        }
        if self.difficulty != Difficulty::Normal {
            let _ = writeln!(out, "difficulty {}", self.difficulty.name());
        }
        if self.seats > 1 {
            let _ = writeln!(out, "seats {}", self.seats);
        }
        if let Some(seed) = self.seed {
            let _ = writeln!(out, "seed {seed}");
        }
        if let Some(rules) = self.deathmatch {
            let _ = writeln!(out, "deathmatch {} {}", rules.frag_limit, rules.time_limit);
        }
        for tick in self.inputs.chunks(self.seats.max(1)) {
            for (k, i) in tick.iter().enumerate() {
                let _ = write!(
                    out,
                    "{}{:?} {:?} {:?} {} {} {} {}",
                    if k > 0 { " | " } else { "" },
                    i.forward,
                    i.strafe,
                    i.turn,
                    u8::from(i.run),
                    u8::from(i.use_pressed),
                    u8::from(i.fire),
                    i.weapon
                );
            }
            out.push('\n');
        }
        out
    }

    /// Reads the text form.
    ///
    /// ```
    /// use tilecaster::episode::Recording;
    /// use tilecaster::game::Input;
    /// let mut r = Recording::start("levels/e1m1.toml".into(), "levels/e1m1.toml".as_ref());
    /// r.inputs.push(Input { forward: 1.0, turn: 0.1, ..Input::default() });
    /// assert_eq!(Recording::parse(&r.to_text()).unwrap(), r);
    /// assert!(Recording::parse("tilecaster-replay 9\n").unwrap_err().to_string().starts_with("1:1: "));
    /// ```
    pub fn parse(text: &str) -> Result<Recording, ReplayError> {
        let err = |line: usize, column: usize, message: String| ReplayError {
            line,
            column,
            message,
        };
        let mut lines = text.lines().enumerate();
        let (width, versioned) = match lines.next() {
            Some((_, l)) if l.trim_end() == REPLAY_HEADER => (7, true),
            Some((_, l)) if l.trim_end() == REPLAY_HEADER_V2 => (7, false),
            Some((_, l)) if l.trim_end() == REPLAY_HEADER_V1 => (6, false),
            Some((_, l)) if l.starts_with("tilecaster-replay") => {
                return Err(err(
                    1,
                    1,
                    format!(
                        "a recording of another version ('{}'); this game reads '{REPLAY_HEADER}', '{REPLAY_HEADER_V2}' and '{REPLAY_HEADER_V1}'",
                        l.trim_end()
                    ),
                ));
            }
            _ => {
                return Err(err(
                    1,
                    1,
                    format!("not a recording: expected the header '{REPLAY_HEADER}'"),
                ));
            }
        };
        // Recordings from before rules versions were played under rules 1.
        let mut rules = 1;
        if versioned {
            rules = match lines.next() {
                Some((n, l)) if l.starts_with("rules ") => {
                    let word = l["rules ".len()..].trim();
                    word.parse::<u32>().map_err(|_| {
                        err(
                            n + 1,
                            7,
                            format!("expected a rules version, found '{word}'"),
                        )
                    })?
                }
                Some((n, _)) => return Err(err(n + 1, 1, "expected 'rules N'".into())),
                None => return Err(err(2, 1, "expected 'rules N'".into())),
            };
        }
        let level = match lines.next() {
            Some((n, l)) if l.starts_with("level ") => {
                let level = l["level ".len()..].trim().to_string();
                if level.is_empty() {
                    return Err(err(n + 1, 7, "the recording names no level file".into()));
                }
                level
            }
            Some((n, _)) => return Err(err(n + 1, 1, "expected 'level FILE'".into())),
            None => return Err(err(2, 1, "expected 'level FILE'".into())),
        };
        let mut level_hash = None;
        if versioned {
            match lines.next() {
                Some((_, l)) if l.starts_with("level-hash ") => {
                    let hash = l["level-hash ".len()..].trim();
                    level_hash = (hash != "unknown").then(|| hash.to_string());
                }
                Some((n, _)) => return Err(err(n + 1, 1, "expected 'level-hash HASH'".into())),
                None => return Err(err(4, 1, "expected 'level-hash HASH'".into())),
            }
        }
        let mut data_hash = None;
        let mut lines = lines.peekable();
        if let Some((_, l)) = lines.peek() {
            if let Some(hash) = l.strip_prefix("data-hash ") {
                data_hash = Some(hash.trim().to_string());
                lines.next();
            }
        }
        let mut difficulty = Difficulty::Normal;
        if let Some(&(n, l)) = lines.peek() {
            if let Some(name) = l.strip_prefix("difficulty ") {
                let name = name.trim();
                difficulty = Difficulty::named(name).ok_or_else(|| {
                    err(
                        n + 1,
                        12,
                        format!("expected a difficulty (easy, normal or hard), found '{name}'"),
                    )
                })?;
                lines.next();
            }
        }
        // A networked game's lines: its seats, seed and deathmatch rules.
        let (mut seats, mut seed, mut deathmatch) = (1, None, None);
        while let Some(&(n, l)) = lines.peek() {
            let number = |word: &str, column: usize, what: &str| {
                word.parse::<u64>()
                    .map_err(|_| err(n + 1, column, format!("expected {what}, found '{word}'")))
            };
            if let Some(word) = l.strip_prefix("seats ") {
                let most = crate::game::MAX_SEATS as u64;
                let count = number(word.trim(), 7, "a number of seats (2 to 8)")?;
                if !(2..=most).contains(&count) {
                    let message = format!("expected 2 to {most} seats, found {count}");
                    return Err(err(n + 1, 7, message));
                }
                seats = count as usize;
            } else if let Some(word) = l.strip_prefix("seed ") {
                seed = Some(number(word.trim(), 6, "a seed")?);
            } else if let Some(words) = l.strip_prefix("deathmatch ") {
                let mut words = words.split_whitespace();
                let frags = number(words.next().unwrap_or(""), 12, "a frag limit")?;
                let ticks = number(words.next().unwrap_or(""), 12, "a time limit in ticks")?;
                deathmatch = Some(crate::game::MatchRules {
                    frag_limit: u32::try_from(frags)
                        .map_err(|_| err(n + 1, 12, format!("a frag limit too large: {frags}")))?,
                    time_limit: ticks,
                });
            } else {
                break;
            }
            lines.next();
        }
        let mut inputs = Vec::new();
        for (n, whole) in lines {
            if whole.trim().is_empty() {
                continue;
            }
            let groups: Vec<&str> = whole.split(" | ").collect();
            if groups.len() != seats {
                return Err(err(
                    n + 1,
                    1,
                    format!(
                        "expected {seats} seat{}' inputs separated by ' | ', found {}",
                        if seats == 1 { "" } else { "s" },
                        groups.len()
                    ),
                ));
            }
            let mut start = 0;
            for line in groups {
                let mut fields = Vec::with_capacity(5);
                let mut offset = start;
                start += line.len() + 3;
                for word in line.split(' ') {
                    if !word.is_empty() {
                        fields.push((offset, word));
                    }
                    offset += word.len() + 1;
                }
                if fields.len() != width {
                    let names = ["forward strafe turn run use fire", " weapon"];
                    return Err(err(
                        n + 1,
                        1,
                        format!(
                            "expected {width} fields '{}{}', found {}",
                            names[0],
                            if width == 7 { names[1] } else { "" },
                            fields.len()
                        ),
                    ));
                }
                let number = |k: usize, lo: f64, hi: f64| -> Result<f64, ReplayError> {
                    let (at, w) = fields[k];
                    match w.parse::<f64>() {
                        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                        _ => Err(err(
                            n + 1,
                            at + 1,
                            format!("expected a number from {lo} to {hi}, found '{w}'"),
                        )),
                    }
                };
                let flag = |k: usize| -> Result<bool, ReplayError> {
                    match fields[k].1 {
                        "0" => Ok(false),
                        "1" => Ok(true),
                        w => Err(err(
                            n + 1,
                            fields[k].0 + 1,
                            format!("expected 0 or 1, found '{w}'"),
                        )),
                    }
                };
                inputs.push(Input {
                    forward: number(0, -1.0, 1.0)?,
                    strafe: number(1, -1.0, 1.0)?,
                    turn: number(2, -360.0, 360.0)?,
                    run: flag(3)?,
                    use_pressed: flag(4)?,
                    fire: flag(5)?,
                    weapon: if width == 7 {
                        let most = crate::game::Weapon::ALL.len();
                        match fields[6].1.parse::<u8>() {
                            Ok(w) if usize::from(w) <= most && fields[6].1.len() == 1 => w,
                            _ => {
                                let w = fields[6].1;
                                let message = format!("expected a weapon 0 to {most}, found '{w}'");
                                return Err(err(n + 1, fields[6].0 + 1, message));
                            }
                        }
                    } else {
                        0
                    },
                });
            }
        }
        Ok(Recording {
            level,
            inputs,
            rules,
            level_hash,
            data_hash,
            difficulty,
            seats,
            seed,
            deathmatch,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::file_hash;
    use std::path::Path;

    /// A networked game's recording keeps its seats, seed and deathmatch rules, and every
    /// seat's input of every tick, through its text; a tick line with the wrong number of
    /// seats is an error at its line.
    #[test]
    fn a_networked_recording_reads_back_what_it_wrote() {
        let mut r = Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"));
        r.seats = 3;
        r.seed = Some(77);
        r.deathmatch = Some(crate::game::MatchRules {
            frag_limit: 5,
            time_limit: 600,
        });
        for k in 0..6 {
            r.inputs.push(Input {
                forward: 1.0,
                turn: f64::from(k) * 0.5,
                fire: k % 2 == 0,
                weapon: (k % 3) as u8,
                ..Input::default()
            });
        }
        let text = r.to_text();
        assert!(
            text.contains("seats 3\nseed 77\ndeathmatch 5 600\n"),
            "{text}"
        );
        assert_eq!(text.lines().last().unwrap().matches(" | ").count(), 2);
        assert_eq!(Recording::parse(&text).unwrap(), r);
        let short = text.replacen(" | ", "  ", 1);
        let e = Recording::parse(&short).unwrap_err();
        assert!(e.message.contains("expected 3 seats"), "{e}");
        assert_eq!(e.line, 8, "the first tick's line");
        let e = Recording::parse(&text.replace("seats 3", "seats 9")).unwrap_err();
        assert_eq!((e.line, e.column), (5, 7));
        // A field in the second seat's input is placed in the line.
        let bad = text.replacen("| 1.0 0.0 0.5", "| 1.0 0.0 x", 1);
        let e = Recording::parse(&bad).unwrap_err();
        let line = bad.lines().nth(e.line - 1).unwrap();
        assert_eq!(&line[e.column - 1..e.column], "x", "{e}");
    }

    /// Saves load from the oldest rules that keep a state's meaning up to today's, with a
    /// notice when older; a newer one, or one older than that, is refused.
    #[test]
    fn saves_of_older_rules_load_where_the_change_was_data_only() {
        assert_eq!(save_rules(3, 3, 1), Ok(None));
        let notice = save_rules(2, 3, 1).unwrap().unwrap();
        assert_eq!(notice, "a save of game rules 2: it plays on under rules 3");
        assert_eq!(
            save_rules(1, 3, 2),
            Err(()),
            "older than the state's meaning"
        );
        assert_eq!(save_rules(4, 3, 1), Err(()), "from a newer tilecaster");
        assert_eq!(
            save_rules(
                RULES_VERSION,
                RULES_VERSION,
                crate::game::SAVES_LOAD_FROM_RULES
            ),
            Ok(None)
        );
    }

    #[test]
    fn malformed_recordings_name_line_and_column() {
        let head = format!("{REPLAY_HEADER}\nrules 1\nlevel x.toml\nlevel-hash 00\n");
        let cases = [
            ("garbage", "1:1: not a recording"),
            (
                "tilecaster-replay 7\n",
                "1:1: a recording of another version",
            ),
            (
                &*format!("{REPLAY_HEADER_V2}\nlevel\n"),
                "2:1: expected 'level FILE'",
            ),
            (
                &*format!("{REPLAY_HEADER_V2}\nlevel   \n"),
                "2:7: the recording names no level file",
            ),
            (
                &*format!("{REPLAY_HEADER}\nlevel x.toml\n"),
                "2:1: expected 'rules N'",
            ),
            (
                &*format!("{REPLAY_HEADER}\nrules one\n"),
                "2:7: expected a rules version, found 'one'",
            ),
            (
                &*format!("{REPLAY_HEADER}\nrules 1\nlevel x.toml\n"),
                "4:1: expected 'level-hash HASH'",
            ),
            (&*format!("{head}1 0 0 0\n"), "5:1: expected 7 fields"),
            (
                "tilecaster-replay 1\nlevel x.toml\n1 0 0 0 0 0 0\n",
                "3:1: expected 6 fields",
            ),
            (
                &*format!("{head}1 0 0 0 0 0 0\n1 x 0 0 0 0 0\n"),
                "6:3: expected a number from -1 to 1, found 'x'",
            ),
            (
                &*format!("{head}2 0 0 0 0 0 0\n"),
                "5:1: expected a number from -1 to 1, found '2'",
            ),
            (
                &*format!("{head}1 0 0 0 yes 0 0\n"),
                "5:9: expected 0 or 1, found 'yes'",
            ),
            (
                &*format!("{head}1 0 NaN 0 0 0 0\n"),
                "5:5: expected a number from -360 to 360",
            ),
            (
                &*format!("{head}1 0 0 0 0 0 6\n"),
                "5:13: expected a weapon 0 to 5, found '6'",
            ),
        ];
        for (text, expected) in cases {
            let e = Recording::parse(text).unwrap_err().to_string();
            assert!(e.starts_with(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn version_1_and_2_recordings_read_as_rules_1_and_are_refused_by_rules_2() {
        let old = "tilecaster-replay 1\nlevel levels/e1m1.toml\n1.0 0.0 2.5 1 0 1\n";
        let r = Recording::parse(old).unwrap();
        let expected = Input {
            forward: 1.0,
            turn: 2.5,
            run: true,
            fire: true,
            ..Input::default()
        };
        assert_eq!(r.inputs, vec![expected]);
        assert_eq!((r.rules, r.level_hash.as_deref()), (1, None));
        assert_eq!(
            r.check(),
            Err(ReplayMismatch::Rules { recorded: 1 }),
            "played under rules 1"
        );
        let v2 =
            Recording::parse("tilecaster-replay 2\nlevel levels/e1m1.toml\n1.0 0.0 2.5 1 0 1 2\n");
        assert_eq!(v2.unwrap().rules, 1);
    }

    #[test]
    fn other_rules_or_a_changed_level_are_refused_naming_both_sides() {
        let dir = std::env::temp_dir().join(format!("tilecaster-rec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let level = dir.join("l.toml");
        std::fs::write(&level, "one").unwrap();
        let name = level.display().to_string();
        let r = Recording::start(name.clone(), &level);
        assert_eq!(r.check(), Ok(()));
        let back = Recording::parse(&r.to_text()).unwrap();
        assert_eq!(back.rules, RULES_VERSION);
        assert_eq!(back.level_hash.as_deref(), Some(file_hash(b"one").as_str()));
        let old_rules = Recording {
            rules: RULES_VERSION + 1,
            ..back.clone()
        };
        let e = old_rules.check().unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "recorded under game rules {}; this tilecaster",
                RULES_VERSION + 1
            )) && e.contains(&format!("plays rules {RULES_VERSION}")),
            "{e}"
        );
        std::fs::write(&level, "two").unwrap();
        let e = back.check().unwrap_err().to_string();
        assert!(
            e.contains(&name) && e.contains(&file_hash(b"one")) && e.contains(&file_hash(b"two")),
            "{e}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_recording_of_a_page_level_finds_that_level_beside_it_by_hash() {
        let dir = std::env::temp_dir().join(format!("tilecaster-rec-hash-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Played in the page as `<page>/mine.toml`; the same file kept as `theirs.toml`.
        let text = std::fs::read("levels/e1m1.toml").unwrap();
        std::fs::write(dir.join("theirs.toml"), &text).unwrap();
        std::fs::write(dir.join("other.toml"), b"[level]").unwrap();
        let r = Recording {
            level: "<page>/mine.toml".into(),
            level_hash: Some(file_hash(&text)),
            ..Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"))
        };
        let recording = dir.join("run.txt");
        std::fs::write(&recording, r.to_text()).unwrap();
        let found = Recording::read_for_replay(&recording).unwrap();
        assert_eq!(Path::new(&found.level), dir.join("theirs.toml"));
        // Without the level beside it: refused, naming the level as recorded.
        std::fs::remove_file(dir.join("theirs.toml")).unwrap();
        let e = Recording::read_for_replay(&recording)
            .unwrap_err()
            .to_string();
        assert!(e.contains("<page>/mine.toml"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_bundled_level_is_recorded_by_its_repository_name_and_replays_from_it() {
        let bundled = std::path::Path::new(crate::files::BUILT_IN).join("levels/e1m1.toml");
        let r = Recording::start(bundled.display().to_string(), &bundled);
        assert_eq!(r.level, "levels/e1m1.toml", "no <built-in> in the file");
        assert!(r.level_hash.is_some());
        let back = Recording::parse(&r.to_text()).unwrap();
        assert_eq!(back.check(), Ok(()));
        assert_eq!(level_file_hash(&back.level_path()), r.level_hash);
        // Files written before the name was mended, with the prefix, and with no hash.
        for level_hash in [r.level_hash.clone(), None] {
            let old = Recording {
                level: bundled.display().to_string(),
                level_hash,
                ..r.clone()
            };
            assert_eq!(old.check(), Ok(()), "{old:?}");
            assert_eq!(old.level_path(), bundled);
        }
    }
}
