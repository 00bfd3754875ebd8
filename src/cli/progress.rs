//! Progress lines on a terminal: long work (a light map's first build, `convert` of a large
//! map, `replay`) reports through `tilecaster::progress`, and once it has taken a second a line
//! on standard error says how far it is, redrawn in place a few times a second and closed with
//! the time it took. Nothing is shown where standard error is not a terminal, nor for work done
//! within the second.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tilecaster::progress::Step;

/// How long work goes unremarked.
const QUIET: Duration = Duration::from_secs(1);
/// How often the line is redrawn at most.
const REDRAWN: Duration = Duration::from_millis(100);

/// Installs the terminal's reporter, where standard error is a terminal.
pub fn install() {
    if std::io::stderr().is_terminal() {
        tilecaster::progress::install(on_terminal);
    }
}

fn on_terminal(step: &Step) {
    static LINE: Mutex<Line> = Mutex::new(Line::new());
    let mut line = LINE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(text) = line.step(step, Instant::now()) {
        eprint!("{text}");
    }
}

/// The work being shown, and when it started and was last drawn.
#[derive(Debug)]
struct Line {
    what: String,
    started: Option<Instant>,
    drawn: Option<Instant>,
}

impl Line {
    const fn new() -> Line {
        Line {
            what: String::new(),
            started: None,
            drawn: None,
        }
    }

    /// What to print for `step` at `now`, if anything: the line redrawn (from a carriage
    /// return), or closed with a line break when the work is finished.
    fn step(&mut self, step: &Step, now: Instant) -> Option<String> {
        if self.started.is_none() || self.what != step.what {
            // Other work: a line left open by work that never finished is closed first.
            let open = self.drawn.is_some();
            *self = Line {
                what: step.what.to_string(),
                started: Some(now),
                drawn: None,
            };
            if open && !step.finished() {
                return Some("\n".into());
            }
        }
        let started = self.started?;
        if step.finished() {
            // Work that took more than the second says so even where no step of it came
            // after the second (a conversion's last phase).
            let drawn = self.drawn.take();
            self.started = None;
            let took = now - started;
            return (drawn.is_some() || took >= QUIET).then(|| {
                let seconds = took.as_secs_f64();
                format!("\r{}: done in {seconds:.1} s\x1b[K\n", step.what)
            });
        }
        let due = now - started >= QUIET && self.drawn.is_none_or(|d| now - d >= REDRAWN);
        if !due {
            return None;
        }
        self.drawn = Some(now);
        let percent = step.done.saturating_mul(100) / step.total.max(1);
        Some(format!(
            "\r{}: {percent}% ({} of {})\x1b[K",
            step.what, step.done, step.total
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work within the second shows nothing; longer work shows its line after a second, at
    /// most every tenth of a second, and closes it with the time taken.
    #[test]
    fn a_line_shows_after_a_second_and_closes_with_the_time_taken() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let step = |done| Step {
            what: "lighting",
            done,
            total: 10,
        };
        let mut line = Line::new();
        assert_eq!(line.step(&step(1), at(0)), None);
        assert_eq!(line.step(&step(5), at(900)), None);
        assert_eq!(
            line.step(&step(10), at(950)),
            None,
            "quick work says nothing"
        );
        assert_eq!(line.step(&step(1), at(1000)), None, "work starts again");
        let shown = line.step(&step(4), at(2100)).expect("shown after a second");
        assert!(shown.starts_with("\rlighting: 40% (4 of 10)"), "{shown:?}");
        assert_eq!(line.step(&step(5), at(2150)), None, "not redrawn so soon");
        assert!(line.step(&step(6), at(2250)).is_some());
        let done = line.step(&step(10), at(3500)).expect("closed");
        assert!(
            done.starts_with("\rlighting: done in 2.5 s") && done.ends_with('\n'),
            "{done:?}"
        );
        let other = |done| Step {
            what: "replaying",
            done,
            total: 4,
        };
        assert_eq!(line.step(&other(0), at(4000)), None);
        let late = line
            .step(&other(4), at(5050))
            .expect("long work says it took long");
        assert!(late.starts_with("\rreplaying: done in 1.1 s"), "{late:?}");
        assert_eq!(line.step(&other(0), at(5050)), None);
        assert_eq!(line.step(&other(1), at(5060)), None);
        assert!(line.step(&other(1), at(6100)).is_some());
        assert_eq!(
            line.step(&step(0), at(6200)),
            Some("\n".into()),
            "an open line closed"
        );
    }
}
