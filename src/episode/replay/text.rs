//! A recording's text form (see the module above for the format): written, and read back
//! with the line and column of whatever does not fit.

use std::fmt::Write as _;
use std::iter::{Enumerate, Peekable};
use std::str::Lines;

use super::{REPLAY_HEADER, REPLAY_HEADER_V1, REPLAY_HEADER_V2, Recording, ReplayError};
use crate::game::{Input, MatchRules};
use crate::level::Difficulty;

/// A recording's lines, numbered from 0.
type Numbered<'a> = Peekable<Enumerate<Lines<'a>>>;

/// A word of the file as an error quotes it: control characters escaped (a NUL, an escape
/// sequence never reaches the terminal as it is), cut to 40 characters.
fn shown(word: &str) -> String {
    const MOST: usize = 40;
    let cut: String = word.chars().take(MOST).collect();
    let more = if word.chars().nth(MOST).is_some() {
        "..."
    } else {
        ""
    };
    format!("'{}'{more}", cut.escape_debug())
}

/// An error at line `line` (1-based), column `column`.
fn err(line: usize, column: usize, message: String) -> ReplayError {
    ReplayError {
        line,
        column,
        message,
    }
}

/// What the header's first lines say: the fields of a tick's input (6 before weapons, else
/// 7), the rules, the level and its hash.
struct Header {
    width: usize,
    rules: u32,
    level: String,
    level_hash: Option<String>,
}

/// A networked game's lines: its seats, seed and deathmatch rules.
struct Players {
    seats: usize,
    seed: Option<u64>,
    deathmatch: Option<MatchRules>,
}

impl Recording {
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
        let mut lines = text.lines().enumerate().peekable();
        let header = header(&mut lines)?;
        let mut data_hash = None;
        if let Some(hash) = lines.peek().and_then(|(_, l)| l.strip_prefix("data-hash ")) {
            data_hash = Some(hash.trim().to_string());
            lines.next();
        }
        let mut difficulty = Difficulty::Normal;
        if let Some(&(n, l)) = lines.peek() {
            if let Some(name) = l.strip_prefix("difficulty ") {
                let name = name.trim();
                difficulty = Difficulty::named(name).ok_or_else(|| {
                    err(
                        n + 1,
                        12,
                        format!(
                            "expected a difficulty ({}), found {}",
                            Difficulty::names(" or "),
                            shown(name)
                        ),
                    )
                })?;
                lines.next();
            }
        }
        let players = players(&mut lines)?;
        let mut inputs = Vec::new();
        for (n, whole) in lines {
            if !whole.trim().is_empty() {
                if inputs.len() + players.seats > super::MOST_RECORDED_INPUTS {
                    let message = format!(
                        "a recording holds at most {} ticks of {} seat{} (six hours of one player's play); this one has more",
                        super::MOST_RECORDED_INPUTS / players.seats,
                        players.seats,
                        if players.seats == 1 { "" } else { "s" }
                    );
                    return Err(err(n + 1, 1, message));
                }
                tick_line(n, whole, (players.seats, header.width), &mut inputs)?;
            }
        }
        Ok(Recording {
            level: header.level,
            inputs,
            rules: header.rules,
            level_hash: header.level_hash,
            data_hash,
            difficulty,
            seats: players.seats,
            seed: players.seed,
            deathmatch: players.deathmatch,
        })
    }
}

/// The header's first lines: the version, then (from version 3) the rules and, after the
/// level, the level's hash.
fn header(lines: &mut Numbered) -> Result<Header, ReplayError> {
    let (width, versioned) = match lines.next() {
        Some((_, l)) if l.trim_end() == REPLAY_HEADER => (7, true),
        Some((_, l)) if l.trim_end() == REPLAY_HEADER_V2 => (7, false),
        Some((_, l)) if l.trim_end() == REPLAY_HEADER_V1 => (6, false),
        Some((_, l)) if l.starts_with("tilecaster-replay") => {
            return Err(err(
                1,
                1,
                format!(
                    "a recording of another version ({}); this game reads '{REPLAY_HEADER}', '{REPLAY_HEADER_V2}' and '{REPLAY_HEADER_V1}'",
                    shown(l.trim_end())
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
                        format!("expected a rules version, found {}", shown(word)),
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
    Ok(Header {
        width,
        rules,
        level,
        level_hash,
    })
}

/// A networked game's lines, where there are: `seats N`, `seed N`, `deathmatch FRAGS TICKS`.
fn players(lines: &mut Numbered) -> Result<Players, ReplayError> {
    let mut players = Players {
        seats: 1,
        seed: None,
        deathmatch: None,
    };
    // The `seats` line, for a co-op game claiming more seats than co-op has.
    let mut seats_line = 0;
    while let Some(&(n, l)) = lines.peek() {
        let number = |word: &str, column: usize, what: &str| {
            word.parse::<u64>().map_err(|_| {
                err(
                    n + 1,
                    column,
                    format!("expected {what}, found {}", shown(word)),
                )
            })
        };
        if let Some(word) = l.strip_prefix("seats ") {
            let most = crate::game::MAX_SEATS as u64;
            let count = number(word.trim(), 7, "a number of seats (2 to 8)")?;
            if !(2..=most).contains(&count) {
                let message = format!("expected 2 to {most} seats, found {count}");
                return Err(err(n + 1, 7, message));
            }
            players.seats = count as usize;
            seats_line = n + 1;
        } else if let Some(word) = l.strip_prefix("seed ") {
            players.seed = Some(number(word.trim(), 6, "a seed")?);
        } else if let Some(words) = l.strip_prefix("deathmatch ") {
            let mut words = words.split_whitespace();
            let frags = number(words.next().unwrap_or(""), 12, "a frag limit")?;
            let ticks = number(words.next().unwrap_or(""), 12, "a time limit in ticks")?;
            players.deathmatch = Some(MatchRules {
                frag_limit: u32::try_from(frags)
                    .map_err(|_| err(n + 1, 12, format!("a frag limit too large: {frags}")))?,
                time_limit: ticks,
            });
        } else {
            break;
        }
        lines.next();
    }
    let most = crate::game::most_seats(players.deathmatch.is_some());
    if players.seats > most {
        let message = format!(
            "expected 2 to {most} seats in a co-op game (without a deathmatch line), found {}",
            players.seats
        );
        return Err(err(seats_line, 7, message));
    }
    Ok(players)
}

/// A tick's line (line `n`, from 0): every seat's input, `width` fields each, separated by
/// ` | `, onto `inputs`.
fn tick_line(
    n: usize,
    whole: &str,
    (seats, width): (usize, usize),
    inputs: &mut Vec<Input>,
) -> Result<(), ReplayError> {
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
        inputs.push(input(n, (start, line), width)?);
        start += line.len() + 3;
    }
    Ok(())
}

/// One seat's input: the fields of `line`, which starts at `start` of line `n` (from 0).
fn input(n: usize, (start, line): (usize, &str), width: usize) -> Result<Input, ReplayError> {
    let mut fields = Vec::with_capacity(width);
    let mut offset = start;
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
                format!("expected a number from {lo} to {hi}, found {}", shown(w)),
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
                format!("expected 0 or 1, found {}", shown(w)),
            )),
        }
    };
    let weapon = match fields.get(6) {
        None => 0,
        Some(&(at, w)) => {
            let most = crate::game::Weapon::ALL.len();
            match w.parse::<u8>() {
                Ok(k) if usize::from(k) <= most && w.len() == 1 => k,
                _ => {
                    let message = format!("expected a weapon 0 to {most}, found {}", shown(w));
                    return Err(err(n + 1, at + 1, message));
                }
            }
        }
    };
    Ok(Input {
        forward: number(0, -1.0, 1.0)?,
        strafe: number(1, -1.0, 1.0)?,
        turn: number(2, -360.0, 360.0)?,
        run: flag(3)?,
        use_pressed: flag(4)?,
        fire: flag(5)?,
        weapon,
    })
}
