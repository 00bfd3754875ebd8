//! The episode: a run of levels played one after another (the session, with the level's
//! assets held beside the game, what a live reload watches, the tallies and lives), and what
//! keeps one: saves and recordings. It sits between the rules of play ([`crate::game`]),
//! which know nothing of files, and the presentation ([`crate::scene`]).

mod replay;
mod save;
mod scores;
mod session;
mod tally;
mod victory;

pub use replay::{
    MOST_RECORDED_INPUTS, REPLAY_HEADER, Recording, RecordingFileError, ReplayError,
    ReplayMismatch, StartError,
};
pub use save::{SAVE_FORMAT, SaveError, describe as describe_save};
pub use scores::{FILE_NAME as SCORES_FILE, HighScores, NAME_LEN, Score, ScoresError, TABLE_SIZE};
pub use session::{Carried, DEATH_TICKS, FIZZLE_FROM, Session};
pub use tally::{
    PAR_BONUS_PER_SECOND, PERFECT_BONUS, TALLY_COUNT_FROM, TALLY_COUNT_TICKS, Tally, Totals,
};
pub use victory::{Eye, Runner, VICTORY_SKIP_TICKS, VICTORY_TICKS, Victory};
