//! Recordings: the inputs of every tick, to play a game again with the same result.
//!
//! The format is text, one tick per line after a header:
//!
//! ```text
//! tilecaster-replay 2
//! level levels/e1m1.toml
//! 1.0 0.0 0.0 0 0 0 0
//! 1.0 0.0 3.0 1 1 0 2
//! ```
//!
//! Each tick is `forward strafe turn run use fire weapon`: forward and strafe in `[-1, 1]`,
//! turn in degrees (as Rust prints an `f64`, so that it reads back exactly), run, use and fire
//! `0` or `1`, weapon `0` (keep), `1` pistol, `2` launcher or `3` knife. Version 1 recordings (before weapons: six fields, no
//! weapon) still play.

use std::fmt::Write as _;

use super::Input;

/// The header's first line; versions other than this one and 1 are refused.
pub const REPLAY_HEADER: &str = "tilecaster-replay 2";

/// The header of version 1, still read.
const REPLAY_HEADER_V1: &str = "tilecaster-replay 1";

/// A recorded game: the level it started on and the input of every tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// The level file, as given when recording.
    pub level: String,
    /// One input per tick.
    pub inputs: Vec<Input>,
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
    /// The level it was recorded on: its path as written, or the bundled copy of the
    /// repository's level of that path where there is no such file here (a recording of
    /// `levels/e1m1.toml` plays from any folder, and in the browser).
    pub fn level_path(&self) -> std::path::PathBuf {
        crate::files::default_path(&self.level)
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = format!("{REPLAY_HEADER}\nlevel {}\n", self.level);
        for i in &self.inputs {
            let _ = writeln!(
                out,
                "{:?} {:?} {:?} {} {} {} {}",
                i.forward,
                i.strafe,
                i.turn,
                u8::from(i.run),
                u8::from(i.use_pressed),
                u8::from(i.fire),
                i.weapon
            );
        }
        out
    }

    /// Reads the text form.
    ///
    /// ```
    /// use tilecaster::game::{Input, Recording};
    /// let r = Recording { level: "levels/e1m1.toml".into(), inputs: vec![Input { forward: 1.0, turn: 0.1, ..Input::default() }] };
    /// assert_eq!(Recording::parse(&r.to_text()).unwrap(), r);
    /// assert!(Recording::parse("tilecaster-replay 3\n").unwrap_err().to_string().starts_with("1:1: "));
    /// ```
    pub fn parse(text: &str) -> Result<Recording, ReplayError> {
        let err = |line: usize, column: usize, message: String| ReplayError {
            line,
            column,
            message,
        };
        let mut lines = text.lines().enumerate();
        let width = match lines.next() {
            Some((_, l)) if l.trim_end() == REPLAY_HEADER => 7,
            Some((_, l)) if l.trim_end() == REPLAY_HEADER_V1 => 6,
            Some((_, l)) if l.starts_with("tilecaster-replay") => {
                return Err(err(
                    1,
                    1,
                    format!(
                        "a recording of another version ('{}'); this game reads '{REPLAY_HEADER}' and '{REPLAY_HEADER_V1}'",
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
        let mut inputs = Vec::new();
        for (n, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let mut fields = Vec::with_capacity(5);
            let mut offset = 0;
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
                    match fields[6].1 {
                        "0" => 0,
                        "1" => 1,
                        "2" => 2,
                        "3" => 3,
                        w => {
                            let message = format!("expected a weapon 0 to 3, found '{w}'");
                            return Err(err(n + 1, fields[6].0 + 1, message));
                        }
                    }
                } else {
                    0
                },
            });
        }
        Ok(Recording { level, inputs })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_recordings_name_line_and_column() {
        let head = format!("{REPLAY_HEADER}\nlevel x.toml\n");
        let cases = [
            ("garbage", "1:1: not a recording"),
            (
                "tilecaster-replay 7\n",
                "1:1: a recording of another version",
            ),
            (
                &*format!("{REPLAY_HEADER}\nlevel\n"),
                "2:1: expected 'level FILE'",
            ),
            (
                &*format!("{REPLAY_HEADER}\nlevel   \n"),
                "2:7: the recording names no level file",
            ),
            (&*format!("{head}1 0 0 0\n"), "3:1: expected 7 fields"),
            (
                "tilecaster-replay 1\nlevel x.toml\n1 0 0 0 0 0 0\n",
                "3:1: expected 6 fields",
            ),
            (
                &*format!("{head}1 0 0 0 0 0 0\n1 x 0 0 0 0 0\n"),
                "4:3: expected a number from -1 to 1, found 'x'",
            ),
            (
                &*format!("{head}2 0 0 0 0 0 0\n"),
                "3:1: expected a number from -1 to 1, found '2'",
            ),
            (
                &*format!("{head}1 0 0 0 yes 0 0\n"),
                "3:9: expected 0 or 1, found 'yes'",
            ),
            (
                &*format!("{head}1 0 NaN 0 0 0 0\n"),
                "3:5: expected a number from -360 to 360",
            ),
            (
                &*format!("{head}1 0 0 0 0 0 4\n"),
                "3:13: expected a weapon 0 to 3, found '4'",
            ),
        ];
        for (text, expected) in cases {
            let e = Recording::parse(text).unwrap_err().to_string();
            assert!(e.starts_with(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn version_1_recordings_still_play() {
        let old = "tilecaster-replay 1\nlevel x.toml\n1.0 0.0 2.5 1 0 1\n";
        let r = Recording::parse(old).unwrap();
        let expected = Input {
            forward: 1.0,
            turn: 2.5,
            run: true,
            fire: true,
            ..Input::default()
        };
        assert_eq!(r.inputs, vec![expected]);
    }
}
