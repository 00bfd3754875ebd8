//! The high-score table: the best runs (score, the level reached, the difficulty, a name), kept
//! beside the settings natively (`scores.toml`) and in the page's localStorage in a browser. A
//! run ends at game over or at the episode's end; one that makes the table asks for a name.
//!
//! ```
//! use tilecaster::episode::{HighScores, Score};
//! use tilecaster::level::Difficulty;
//! let mut table = HighScores::default();
//! assert!(table.qualifies(1_200));
//! let run = Score { name: "BJ".into(), score: 1_200, level: 3, difficulty: Difficulty::Hard, file: None };
//! assert_eq!(table.insert(run), Some(0));
//! assert_eq!(table.entries[0].place(), "E1M3");
//! let back = HighScores::parse(&table.to_toml(), "scores.toml".as_ref()).unwrap();
//! assert_eq!(back, table);
//! ```

use std::path::Path;

use crate::level::Difficulty;

/// The most runs the table keeps.
pub const TABLE_SIZE: usize = 7;
/// The longest name, in characters.
pub const NAME_LEN: usize = 12;
/// The file beside the settings that holds the table.
pub const FILE_NAME: &str = "scores.toml";

/// One run in the table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Score {
    /// Who played it.
    pub name: String,
    /// Its score.
    pub score: u32,
    /// The level it reached (its number).
    pub level: u32,
    /// How hard it was.
    pub difficulty: Difficulty,
    /// The file of the level it reached where that is not one of an episode's (a file named
    /// like `e1m3.toml`): a level of the player's own, named in the table by its file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl Score {
    /// Where the run ended as the table names it: an episode's level by its number
    /// (`E1M3`), a level of the player's own by its file (`MY_MAP.TOML`, cut to
    /// [`NAME_LEN`] characters of letters, digits, `.`, `-` and `_`).
    pub fn place(&self) -> String {
        match &self.file {
            None => format!("E1M{}", self.level),
            Some(file) => file
                .chars()
                .take(NAME_LEN)
                .map(|c| match c.to_ascii_uppercase() {
                    c @ ('A'..='Z' | '0'..='9' | '.' | '-' | '_') => c,
                    _ => '?',
                })
                .collect(),
        }
    }
}

/// The best runs, best first.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HighScores {
    /// At most [`TABLE_SIZE`], the highest score first (an earlier run before a later one of
    /// the same score).
    #[serde(default, rename = "score")]
    pub entries: Vec<Score>,
}

/// A table file that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}:{line}:{column}: {message}")]
pub struct ScoresError {
    /// The file.
    pub path: String,
    /// 1-based line and column of the problem.
    pub line: usize,
    /// See `line`.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl HighScores {
    /// Whether a run that scored `score` makes the table.
    pub fn qualifies(&self, score: u32) -> bool {
        score > 0
            && (self.entries.len() < TABLE_SIZE
                || self.entries.last().is_some_and(|e| score > e.score))
    }

    /// Puts `entry` in its place (its name cut to [`NAME_LEN`] characters, "PLAYER" when
    /// empty), dropping the last beyond [`TABLE_SIZE`]; its rank from 0, or `None` when it does
    /// not make the table.
    pub fn insert(&mut self, mut entry: Score) -> Option<usize> {
        if !self.qualifies(entry.score) {
            return None;
        }
        entry.name = clean_name(&entry.name);
        let rank = self
            .entries
            .iter()
            .position(|e| entry.score > e.score)
            .unwrap_or(self.entries.len());
        self.entries.insert(rank, entry);
        self.entries.truncate(TABLE_SIZE);
        Some(rank)
    }

    /// The table as TOML, `[[score]]` tables that [`HighScores::parse`] reads back equal.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// A table from its TOML text (`path` names it in errors). Entries beyond the table's size,
    /// or out of order, are put right; a name is cleaned as [`HighScores::insert`] does.
    pub fn parse(text: &str, path: &Path) -> Result<HighScores, ScoresError> {
        let mut table: HighScores = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |s| line_column(text, s.start));
            ScoresError {
                path: path.display().to_string(),
                line,
                column,
                message: e.message().to_string(),
            }
        })?;
        table.entries.sort_by_key(|e| std::cmp::Reverse(e.score));
        table.entries.truncate(TABLE_SIZE);
        for e in &mut table.entries {
            e.name = clean_name(&e.name);
        }
        Ok(table)
    }
}

/// A name as the table keeps it: letters, digits, spaces and `.-'`, upper case, at most
/// [`NAME_LEN`], "PLAYER" when nothing is left.
pub fn clean_name(name: &str) -> String {
    let allowed: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || " .-'".contains(*c))
        .collect();
    let kept: String = allowed.trim().chars().take(NAME_LEN).collect();
    let kept = kept.trim_end().to_ascii_uppercase();
    if kept.is_empty() {
        "PLAYER".into()
    } else {
        kept
    }
}

/// 1-based line and column of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(name: &str, score: u32) -> Score {
        Score {
            name: name.into(),
            score,
            level: 1,
            difficulty: Difficulty::Normal,
            file: None,
        }
    }

    /// An episode's level is named by its number, a level of the player's own by its file,
    /// cleaned for the table's font; both are kept in the file and read back.
    #[test]
    fn a_run_is_placed_by_its_levels_number_or_its_file() {
        let mut own = score("a", 900);
        own.file = Some("my map\u{1b}[2J.toml".into());
        assert_eq!(own.place(), "MY?MAP??2J.T");
        assert_eq!(score("b", 800).place(), "E1M1");
        let mut t = HighScores::default();
        t.insert(own.clone());
        t.insert(score("b", 800));
        let back = HighScores::parse(&t.to_toml(), Path::new("s.toml")).unwrap();
        assert_eq!(back.entries[0].file, own.file);
        assert_eq!(back.entries[1].file, None);
    }

    #[test]
    fn the_table_keeps_the_best_seven_in_order_and_ties_go_after() {
        let mut t = HighScores::default();
        assert!(!t.qualifies(0), "no points, no place");
        for (i, s) in [500, 9_000, 100, 4_000, 4_000, 700, 300].iter().enumerate() {
            assert!(t.insert(score(&format!("p{i}"), *s)).is_some());
        }
        let scores: Vec<u32> = t.entries.iter().map(|e| e.score).collect();
        assert_eq!(scores, [9_000, 4_000, 4_000, 700, 500, 300, 100]);
        assert_eq!(t.entries[1].name, "P3", "the earlier of a tie first");
        assert!(
            !t.qualifies(100),
            "a tie with the last does not push it out"
        );
        assert_eq!(t.insert(score("late", 150)), Some(6));
        assert_eq!(t.entries.len(), TABLE_SIZE);
        assert_eq!(t.entries.last().unwrap().score, 150);
        assert_eq!(t.insert(score("low", 120)), None);
    }

    #[test]
    fn names_are_cleaned_and_a_broken_file_names_its_line() {
        assert_eq!(clean_name("  b.j. blazkowicz the third"), "B.J. BLAZKOW");
        assert_eq!(clean_name("<>"), "PLAYER");
        let e = HighScores::parse("[[score]]\nname = \"A\"\nscore = -3\n", Path::new("s.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("s.toml:3:9: "), "{e}");
        let t = HighScores::parse("", Path::new("s.toml")).unwrap();
        assert!(t.entries.is_empty());
    }
}
