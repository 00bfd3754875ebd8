//! A level's tally, as the screen between levels counts it up, and the episode's totals, as
//! its end page gives them.

use std::path::{Path, PathBuf};

use crate::game::{Game, TICK_HZ};

/// Ticks into the tally screen when its bonus starts counting up (half a second).
pub const TALLY_COUNT_FROM: u32 = TICK_HZ / 2;
/// Ticks the bonus takes to count up (a second).
pub const TALLY_COUNT_TICKS: u32 = TICK_HZ;
/// Points for each of every kill, secret and treasure of a level.
pub const PERFECT_BONUS: u32 = 10_000;
/// Points for each second under par.
pub const PAR_BONUS_PER_SECOND: u32 = 500;

/// One finished level's tally, as the screen between levels shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// The level's file.
    pub file: PathBuf,
    /// Its name.
    pub name: String,
    /// Enemies killed, of how many.
    pub kills: (u32, u32),
    /// Secrets found, of how many.
    pub secrets: (u32, u32),
    /// Treasure taken, of how much.
    pub treasure: (u32, u32),
    /// Ticks it took.
    pub ticks: u64,
    /// Its par time, seconds.
    pub par_seconds: u32,
    /// Health at the end.
    pub health: u32,
    /// The score at the end.
    pub score: u32,
    /// Lives left at the end.
    pub lives: u32,
}

impl Tally {
    /// The tally of `game` as it stands.
    pub fn of(game: &Game, file: &Path) -> Tally {
        let (found, secrets) = game.pushwalls.found();
        let treasure_total = game
            .level
            .pickups
            .iter()
            .filter(|p| p.kind.is_treasure())
            .count() as u32;
        Tally {
            file: file.to_path_buf(),
            name: game.level.name.clone(),
            kills: (game.kills, game.enemies.len() as u32),
            secrets: (found as u32, secrets as u32),
            treasure: (game.treasure, treasure_total),
            ticks: game.ticks,
            par_seconds: game.level.par_seconds,
            health: game.seat().player.health,
            score: game.seat().score,
            lives: game.seat().lives,
        }
    }

    /// `part` of `whole` in percent (100 when there is nothing to count).
    pub fn percent((part, whole): (u32, u32)) -> u32 {
        (part * 100).checked_div(whole).unwrap_or(100)
    }

    /// The level's bonus points, as Wolfenstein 3D's intermission counts them
    /// (`PERCENT100AMT` and `PAR_AMOUNT` in its `WL_INTER.C`): 10,000 for each of every
    /// enemy killed, every secret found and every treasure taken (of a level that has some),
    /// and 500 for every second under par (a level of no par, 0, gives no time bonus: a
    /// boss's level, as in Wolfenstein 3D).
    pub fn bonus(&self) -> u32 {
        let all = |(part, whole): (u32, u32)| whole > 0 && part >= whole;
        let perfect = [self.kills, self.secrets, self.treasure]
            .into_iter()
            .filter(|&c| all(c))
            .count() as u32;
        let seconds = self.ticks / u64::from(TICK_HZ);
        let under_par = u64::from(self.par_seconds).saturating_sub(seconds);
        let time = under_par.saturating_mul(u64::from(PAR_BONUS_PER_SECOND));
        let bonus = u64::from(perfect * PERFECT_BONUS).saturating_add(time);
        u32::try_from(bonus).unwrap_or(u32::MAX)
    }

    /// The bonus shown `shown` ticks into the tally screen: counted up from nothing over
    /// [`TALLY_COUNT_TICKS`], after half a second, in steps of 100.
    pub fn bonus_counted(&self, shown: u32) -> u32 {
        let (bonus, since) = (self.bonus(), shown.saturating_sub(TALLY_COUNT_FROM));
        if since >= TALLY_COUNT_TICKS {
            return bonus;
        }
        let share = f64::from(since) / f64::from(TALLY_COUNT_TICKS);
        (f64::from(bonus) * share) as u32 / 100 * 100
    }
}

/// An episode's tallies, for the end screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Totals {
    /// Enemies killed.
    pub kills: u32,
    /// Enemies there were.
    pub enemies: u32,
    /// Secrets (push walls) found.
    pub secrets_found: u32,
    /// Secrets there were.
    pub secrets: u32,
    /// The score.
    pub score: u32,
    /// Treasures picked up.
    #[serde(default)]
    pub treasure: u32,
    /// Treasures there were.
    #[serde(default)]
    pub treasures: u32,
    /// The levels' par times added up, seconds (a level of no par adds nothing).
    #[serde(default)]
    pub par_seconds: u32,
}

impl Totals {
    /// The tallies of one game as it stands.
    pub(super) fn of(game: &Game) -> Totals {
        let tally = Tally::of(game, Path::new(""));
        Totals {
            kills: tally.kills.0,
            enemies: tally.kills.1,
            secrets_found: tally.secrets.0,
            secrets: tally.secrets.1,
            score: 0,
            treasure: tally.treasure.0,
            treasures: tally.treasure.1,
            par_seconds: tally.par_seconds,
        }
    }

    /// The two added up.
    pub(super) fn add(self, other: Totals) -> Totals {
        Totals {
            kills: self.kills + other.kills,
            enemies: self.enemies + other.enemies,
            secrets_found: self.secrets_found + other.secrets_found,
            secrets: self.secrets + other.secrets,
            score: self.score + other.score,
            treasure: self.treasure + other.treasure,
            treasures: self.treasures + other.treasures,
            par_seconds: self.par_seconds.saturating_add(other.par_seconds),
        }
    }
}
