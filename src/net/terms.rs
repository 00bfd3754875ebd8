//! What identifies a networked game: its terms (the rules version, the level, the data that
//! decides play, the seats, the difficulty, the seed and the mode) and the fingerprint made of
//! them that heads every datagram. Machines whose fingerprints differ do not play together;
//! they exchange their terms, so that each can say what differs ("seed 6 there, 5 here")
//! rather than wait to reach a game that is not there.

use crate::game::Game;

/// What identifies a game to its peers: machines whose fingerprints differ do not play
/// together. From the rules version, the level file's hash, the data that decides play
/// ([`Game::data_hash`]), the number of seats, the difficulty, the seed and the mode (with a
/// deathmatch's limits).
pub fn fingerprint(game: &Game, level_hash: &str, seed: u64) -> u64 {
    GameTerms::of(game, level_hash, seed).fingerprint()
}

/// The terms of a game, each named: what its [`fingerprint`] is made of. Machines whose
/// fingerprints differ exchange their terms, so that each can say what differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTerms {
    terms: Vec<(String, String)>,
}

/// The names of a game's terms, in the fingerprint's order.
const TERM_NAMES: [&str; 7] = [
    "rules",
    "level",
    "data",
    "seats",
    "difficulty",
    "seed",
    "mode",
];

impl GameTerms {
    /// The terms of `game` (seated as it will be played) on the level file whose bytes hash
    /// to `level_hash`, with `seed`.
    pub fn of(game: &Game, level_hash: &str, seed: u64) -> GameTerms {
        let values = [
            crate::game::RULES_VERSION.to_string(),
            level_hash.to_string(),
            game.data_hash(),
            game.seats.len().to_string(),
            format!("{:?}", game.difficulty),
            seed.to_string(),
            format!("{:?}", game.mode),
        ];
        let named = TERM_NAMES.iter().zip(values);
        GameTerms {
            terms: named.map(|(n, v)| (n.to_string(), v)).collect(),
        }
    }

    /// The game's fingerprint: a hash of its terms, the same on every machine.
    pub fn fingerprint(&self) -> u64 {
        let mut text = "tilecaster".to_string();
        for (name, value) in &self.terms {
            text.push_str(&format!(" {name} {value}"));
        }
        let mut h = crate::game::PortableHasher::default();
        std::hash::Hasher::write(&mut h, text.as_bytes());
        std::hash::Hasher::finish(&h)
    }

    /// The terms as a datagram's body: a `name=value` line each.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let lines = self.terms.iter().map(|(n, v)| format!("{n}={v}\n"));
        lines.collect::<String>().into_bytes()
    }

    /// The terms a peer sent ([`GameTerms::to_bytes`]), made printable; `None` for what is
    /// not terms.
    pub(super) fn from_bytes(bytes: &[u8]) -> Option<GameTerms> {
        use super::text::{REASON_CHARS, printable};
        let text = std::str::from_utf8(bytes).ok()?;
        let terms: Vec<(String, String)> = text
            .lines()
            .take(TERM_NAMES.len())
            .map(|line| {
                let (name, value) = line.split_once('=')?;
                Some((printable(name, 16), printable(value, REASON_CHARS)))
            })
            .collect::<Option<_>>()?;
        (!terms.is_empty()).then_some(GameTerms { terms })
    }

    /// What differs between this machine's terms and a peer's `theirs`, in words: `seed 6
    /// there, 7 here` for each term that differs.
    pub fn differences(&self, theirs: &GameTerms) -> Vec<String> {
        let mut said = Vec::new();
        for (name, mine) in &self.terms {
            let other = theirs.terms.iter().find(|(n, _)| n == name);
            match other {
                Some((_, value)) if value == mine => {}
                Some((_, value)) => said.push(format!("{name} {value} there, {mine} here")),
                None => said.push(format!("{name} unknown there, {mine} here")),
            }
        }
        said
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(seed: u64, seats: usize) -> GameTerms {
        let level = crate::level::Level::load(std::path::Path::new("levels/e1m1.toml"))
            .unwrap()
            .level;
        GameTerms::of(&Game::new(level).seated(seats), "abc", seed)
    }

    #[test]
    fn terms_travel_and_say_what_differs() {
        let (mine, theirs) = (terms(5, 2), terms(6, 3));
        assert_ne!(mine.fingerprint(), theirs.fingerprint());
        let arrived = GameTerms::from_bytes(&theirs.to_bytes()).unwrap();
        assert_eq!(arrived, theirs);
        assert_eq!(arrived.fingerprint(), theirs.fingerprint());
        assert_eq!(
            mine.differences(&arrived),
            ["seats 3 there, 2 here", "seed 6 there, 5 here"]
        );
        assert!(mine.differences(&terms(5, 2)).is_empty());
    }

    #[test]
    fn hostile_terms_are_refused_or_made_printable() {
        assert_eq!(GameTerms::from_bytes(b"\xff\xfe"), None, "not UTF-8");
        assert_eq!(GameTerms::from_bytes(b"no equals sign"), None);
        assert_eq!(GameTerms::from_bytes(b""), None);
        let hostile = format!("seed=\u{1b}]0;pwned\u{7}{}\n", "9".repeat(5000));
        let arrived = GameTerms::from_bytes(hostile.as_bytes()).unwrap();
        let said = terms(5, 2).differences(&arrived);
        let seed = said.iter().find(|d| d.starts_with("seed ")).unwrap();
        assert!(!seed.chars().any(char::is_control), "{seed:?}");
        assert!(seed.len() < 260, "cut to a reason's length: {}", seed.len());
        let rules = format!("rules unknown there, {} here", crate::game::RULES_VERSION);
        assert!(said.contains(&rules), "{said:?}");
    }
}
