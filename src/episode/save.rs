//! Saved games: the whole state of a session (the game on its level, the episode's tallies,
//! lives and clock), written safely and read back only onto the level file, and in the
//! format, it was saved from.
//!
//! A save is JSON: a header (format, the tilecaster version that wrote it, the level file and
//! a hash of its bytes) and the state. The level itself is not in it: loading reads the level
//! file again and refuses when its bytes changed, so a save never resurrects a level that no
//! longer exists.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{Carried, Session, Tally, Totals};
use crate::game::{Doors, Enemy, Game, Player, Projectile, PushWalls, Rng, Weapon};
use crate::grid::Cell;
use crate::level::Difficulty;
use crate::level::{KeyColour, LevelError, PickupSpawn};
use crate::map::Tile;

/// The save format this tilecaster writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A save that could not be written or read back.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The save file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not a save file (or a damaged one).
    #[error("{path}:{line}:{column}: not a tilecaster save: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// 1-based line and column of the problem.
        line: usize,
        /// See `line`.
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// Written by a tilecaster with another save format.
    #[error(
        "{path}: a save of format {found} (written by tilecaster {version}); this tilecaster ({}) reads format {SAVE_FORMAT}",
        env!("CARGO_PKG_VERSION")
    )]
    Format {
        /// The file.
        path: PathBuf,
        /// Its format.
        found: u32,
        /// The version that wrote it.
        version: String,
    },
    /// Saved under other game rules: the state would not play on as it was.
    #[error(
        "{path}: a save of game rules {found} (written by tilecaster {version}); this tilecaster ({}) plays rules {} and loads saves of rules {} to {}",
        env!("CARGO_PKG_VERSION"),
        crate::game::RULES_VERSION,
        crate::game::SAVES_LOAD_FROM_RULES,
        crate::game::RULES_VERSION
    )]
    Rules {
        /// The file.
        path: PathBuf,
        /// Its rules version.
        found: u32,
        /// The version that wrote it.
        version: String,
    },
    /// The level file the save was made on cannot be read now.
    #[error("{path}: saved on {level}, which cannot be read: {source}")]
    LevelUnreadable {
        /// The save file.
        path: PathBuf,
        /// The level file it names.
        level: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The level file changed since the save (or the save names another file).
    #[error(
        "{path}: saved on {level} as it was then; that file has changed since, so the save does not fit it"
    )]
    LevelChanged {
        /// The save file.
        path: PathBuf,
        /// The level file it names.
        level: PathBuf,
    },
    /// The saved state does not fit the level (a damaged or hand-edited save).
    #[error("{path}: the saved game does not fit {level}: {what}")]
    Mismatch {
        /// The save file.
        path: PathBuf,
        /// The level file.
        level: PathBuf,
        /// What does not fit.
        what: String,
    },
    /// The level named by the save could not be loaded.
    #[error("{0}")]
    Level(#[from] LevelError),
}

/// A save file's whole content.
#[derive(Serialize, Deserialize)]
struct SaveFile {
    format: u32,
    version: String,
    /// The game rules it was saved under (absent in saves from before rules versions: 1).
    #[serde(default = "first_rules")]
    rules: u32,
    level_file: PathBuf,
    /// FNV-1a of the level file's bytes, in hex.
    level_hash: String,
    session: SessionState,
    game: GameState,
}

/// The rules version of saves that name none.
fn first_rules() -> u32 {
    1
}

/// What a session holds beyond the game on its current level.
#[derive(Serialize, Deserialize)]
struct SessionState {
    difficulty: Difficulty,
    seed: Option<u64>,
    /// What the player carried into the level (a death starts it again with this).
    level_start: Carried,
    total_ticks: u64,
    finished: Totals,
    tallies: Vec<Tally>,
}

/// The game's state on its level (what the level file does not say).
#[derive(Serialize, Deserialize)]
struct GameState {
    player: Player,
    doors: Doors,
    pushwalls: PushWalls,
    /// Cells whose tile or style differ from the level file's (moved push walls).
    map_changes: Vec<(Cell, Tile, u16)>,
    pickups_left: Vec<bool>,
    /// Pickups dropped by enemies.
    drops: Vec<PickupSpawn>,
    keys: Vec<KeyColour>,
    score: u32,
    lives: u32,
    next_life: u32,
    ticks: u64,
    finished: bool,
    /// Whether the exit used was the secret one (saves made before secret exits: no).
    #[serde(default)]
    secret_exit: bool,
    enemies: Vec<Enemy>,
    kills: u32,
    rng: Rng,
    weapon: Weapon,
    chosen: Weapon,
    trigger_released: bool,
    projectiles: Vec<Projectile>,
    explored: Vec<bool>,
    last_shot: Option<u64>,
    treasure: u32,
}

/// FNV-1a, 64 bits: a hash that stays the same across Rust versions (std's does not promise
/// to), so a save's level hash can be checked by any later build.
fn level_hash(level: &Path) -> Result<String, SaveError> {
    crate::files::read_bounded(level, crate::files::Limit::LEVEL)
        .map(|bytes| crate::game::file_hash(&bytes))
        .map_err(|e| SaveError::Read {
            path: level.to_path_buf(),
            source: e.into_io(),
        })
}

/// What a save holds, in one line for a menu: its level file's name, the difficulty and the
/// time played on the level (`"E1M2 NORMAL 2:15"`); `None` for a file that is not a save.
pub fn describe(path: &Path) -> Option<String> {
    #[derive(Deserialize)]
    struct Peek {
        level_file: PathBuf,
        session: PeekSession,
        game: PeekGame,
    }
    #[derive(Deserialize)]
    struct PeekSession {
        difficulty: Difficulty,
    }
    #[derive(Deserialize)]
    struct PeekGame {
        ticks: u64,
    }
    let text = crate::files::read_text(path, crate::files::Limit::SAVE).ok()?;
    let peek: Peek = serde_json::from_str(&text).ok()?;
    let level = peek
        .level_file
        .file_stem()?
        .to_string_lossy()
        .to_uppercase();
    let seconds = peek.game.ticks / u64::from(crate::game::TICK_HZ);
    let difficulty = match peek.session.difficulty {
        Difficulty::Easy => "EASY",
        Difficulty::Normal => "NORMAL",
        Difficulty::Hard => "HARD",
        Difficulty::Death => "DEATH",
    };
    Some(format!(
        "{level} {difficulty} {}:{:02}",
        seconds / 60,
        seconds % 60
    ))
}

impl Session {
    /// Writes the whole session to `path` (through a temporary file beside it, so a failed
    /// write never leaves half a save; an existing save there is replaced, as quick saves
    /// are). Not while a tally screen is up or at the episode's end: there is nothing to play.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        let g = &self.game;
        let fresh = Game::on(self.current.level.clone(), self.difficulty);
        let mut map_changes = Vec::new();
        for y in 0..g.level.map.height() as i32 {
            for x in 0..g.level.map.width() as i32 {
                let c = Cell::new(x, y);
                let (now, then) = (
                    (g.level.map.get(c), g.level.map.style(c)),
                    (fresh.level.map.get(c), fresh.level.map.style(c)),
                );
                if let (Some(tile), true) = (now.0, now != then) {
                    map_changes.push((c, tile, now.1));
                }
            }
        }
        let seat = g.seat();
        let file = SaveFile {
            format: SAVE_FORMAT,
            version: env!("CARGO_PKG_VERSION").to_string(),
            rules: crate::game::RULES_VERSION,
            level_file: self.path.clone(),
            level_hash: level_hash(&self.path)?,
            session: SessionState {
                difficulty: self.difficulty,
                seed: self.seed,
                level_start: self.level_start.clone(),
                total_ticks: self.total_ticks,
                finished: self.finished,
                tallies: self.tallies.clone(),
            },
            game: GameState {
                player: seat.player.clone(),
                doors: g.doors.clone(),
                pushwalls: g.pushwalls.clone(),
                map_changes,
                pickups_left: g.pickups_left.clone(),
                drops: g.drops.clone(),
                keys: g.keys.clone(),
                score: seat.score,
                lives: seat.lives,
                next_life: seat.next_life,
                ticks: g.ticks,
                finished: g.finished,
                secret_exit: g.secret_exit,
                enemies: g.enemies.clone(),
                kills: g.kills,
                rng: g.rng.clone(),
                weapon: seat.weapon,
                chosen: seat.chosen,
                trigger_released: seat.trigger_released,
                projectiles: g.projectiles.clone(),
                explored: g.explored.clone(),
                last_shot: seat.last_shot,
                treasure: g.treasure,
            },
        };
        let text = serde_json::to_string(&file).expect("a save serialises");
        crate::files::write_private(path, text.as_bytes(), true).map_err(|e| SaveError::Write {
            path: path.to_path_buf(),
            source: e.into_io(),
        })
    }

    /// A session from the save at `path` (`sources` as for [`Session::start`]). Refused,
    /// with the reason, when the save is of another format, when its level file changed since,
    /// or when its state does not fit the level.
    pub fn load(
        path: &Path,
        sources: impl Into<crate::assets::Sources>,
    ) -> Result<Session, SaveError> {
        let text = crate::files::read_text(path, crate::files::Limit::SAVE).map_err(|e| {
            SaveError::Read {
                path: path.to_path_buf(),
                source: e.into_io(),
            }
        })?;
        // The header first, so that another format is named as such, not as a parse error.
        #[derive(Deserialize)]
        struct Header {
            format: u32,
            #[serde(default)]
            version: String,
            #[serde(default = "first_rules")]
            rules: u32,
        }
        let parse_err = |e: serde_json::Error| SaveError::Parse {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            // serde_json ends its message with the place, which the error puts first.
            message: e
                .to_string()
                .split(" at line ")
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        let header: Header = serde_json::from_str(&text).map_err(parse_err)?;
        if header.format != SAVE_FORMAT {
            return Err(SaveError::Format {
                path: path.to_path_buf(),
                found: header.format,
                version: header.version,
            });
        }
        let rules_notice = super::replay::save_rules(
            header.rules,
            crate::game::RULES_VERSION,
            crate::game::SAVES_LOAD_FROM_RULES,
        )
        .map_err(|()| SaveError::Rules {
            path: path.to_path_buf(),
            found: header.rules,
            version: header.version.clone(),
        })?;
        let file: SaveFile = serde_json::from_str(&text).map_err(parse_err)?;
        let now = level_hash(&file.level_file).map_err(|e| match e {
            SaveError::Read {
                path: level,
                source,
            } => SaveError::LevelUnreadable {
                path: path.to_path_buf(),
                level,
                source,
            },
            other => other,
        })?;
        if now != file.level_hash {
            return Err(SaveError::LevelChanged {
                path: path.to_path_buf(),
                level: file.level_file,
            });
        }
        let s = file.session;
        let mut session = Session::start_on(&file.level_file, sources, s.difficulty)?;
        session.seed = s.seed;
        session.level_start = s.level_start;
        session.total_ticks = s.total_ticks;
        session.finished = s.finished;
        session.tallies = s.tallies;
        let mismatch = |what: String| SaveError::Mismatch {
            path: path.to_path_buf(),
            level: file.level_file.clone(),
            what,
        };
        restore(&mut session.game, file.game).map_err(mismatch)?;
        session.say(rules_notice.map_or_else(|| "loaded".into(), |n| format!("loaded {n}")));
        Ok(session)
    }
}

/// Puts `state` onto `game` (fresh at its level's start), checking that it fits the level.
fn restore(game: &mut Game, state: GameState) -> Result<(), String> {
    let map = &game.level.map;
    let (w, h) = (map.width(), map.height());
    if !state.doors.same_doors(&game.doors) {
        return Err("its doors are not the level's".into());
    }
    if !state.pushwalls.same_walls(&game.pushwalls) {
        return Err("its push walls are not the level's".into());
    }
    if state.enemies.len() != game.enemies.len() {
        return Err(format!(
            "{} enemies saved, the level has {}",
            state.enemies.len(),
            game.enemies.len()
        ));
    }
    let pickups = game.level.pickups.len() + state.drops.len();
    if state.pickups_left.len() != pickups {
        return Err(format!(
            "{} pickups saved, the level has {pickups}",
            state.pickups_left.len()
        ));
    }
    if state.explored.len() != w * h {
        return Err(format!(
            "an automap of {} cells for a {w}x{h} map",
            state.explored.len()
        ));
    }
    for &(cell, tile, style) in &state.map_changes {
        let known_style = usize::from(style) < game.level.styles.len();
        if !known_style
            || !std::sync::Arc::make_mut(&mut game.level)
                .map
                .set_styled(cell, tile, style)
        {
            return Err(format!(
                "a changed cell {cell} outside the map or its styles"
            ));
        }
    }
    let finite = |p: crate::math::Vec2| p.x.is_finite() && p.y.is_finite();
    let inside =
        |p: crate::math::Vec2| p.x >= 0.0 && p.y >= 0.0 && p.x <= w as f64 && p.y <= h as f64;
    let positions = std::iter::once(state.player.position)
        .chain(state.enemies.iter().map(|e| e.position))
        .chain(state.drops.iter().map(|d| d.position))
        .chain(state.projectiles.iter().map(|p| p.position));
    if let Some(p) = positions.clone().find(|&p| !(finite(p) && inside(p))) {
        return Err(format!("a position ({}, {}) outside the map", p.x, p.y));
    }
    let seat = game.seat_mut();
    seat.player = state.player;
    seat.score = state.score;
    seat.lives = state.lives;
    seat.next_life = state.next_life;
    seat.weapon = state.weapon;
    seat.chosen = state.chosen;
    seat.trigger_released = state.trigger_released;
    seat.last_shot = state.last_shot;
    game.doors = state.doors;
    game.pushwalls = state.pushwalls;
    game.pickups_left = state.pickups_left;
    game.drops = state.drops;
    game.keys = state.keys;
    game.ticks = state.ticks;
    game.finished = state.finished;
    game.secret_exit = state.secret_exit;
    game.enemies = state.enemies;
    game.kills = state.kills;
    game.rng = state.rng;
    game.projectiles = state.projectiles;
    game.explored = state.explored;
    game.treasure = state.treasure;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::game::file_hash as fnv1a;

    #[test]
    fn the_level_hash_is_fnv1a() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(fnv1a(b""), "cbf29ce484222325");
        assert_eq!(fnv1a(b"a"), "af63dc4c8601ec8c");
        assert_eq!(fnv1a(b"foobar"), "85944171f73967e8");
    }
}
