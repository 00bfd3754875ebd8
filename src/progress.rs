//! How far long work has gone (a light map's first build, a level's conversion, a replay), for
//! whoever shows it. The library only says how far it is; the binary installs a [`Reporter`]
//! that prints a line on a terminal once the work has taken a second, and nothing otherwise.
//!
//! ```
//! use tilecaster::progress::{Step, install, report};
//! fn quiet(_: &Step) {}
//! install(quiet);
//! for done in 0..=10 {
//!     report("counting to ten", done, 10);
//! }
//! ```

use std::sync::OnceLock;

/// One report: of the work `what`, `done` of `total` steps (`done == total`: finished).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<'a> {
    /// The work, as a person would name it ("lighting e1m3.toml").
    pub what: &'a str,
    /// Steps done.
    pub done: u64,
    /// Steps in all.
    pub total: u64,
}

impl Step<'_> {
    /// Whether the work is finished.
    pub fn finished(&self) -> bool {
        self.done >= self.total
    }
}

/// What is told of each step: called from any thread, as often as the work reports (it decides
/// itself how often to show anything).
pub type Reporter = fn(&Step);

static REPORTER: OnceLock<Reporter> = OnceLock::new();

/// Installs the reporter for the rest of the process (the first one installed stays); whether
/// this one was installed.
pub fn install(reporter: Reporter) -> bool {
    REPORTER.set(reporter).is_ok()
}

/// Tells the reporter, if one is installed, that `done` of `total` steps of `what` are done.
pub fn report(what: &str, done: u64, total: u64) {
    if let Some(reporter) = REPORTER.get() {
        reporter(&Step { what, done, total });
    }
}

/// Whether a reporter is installed: work can skip naming itself when no one listens.
pub fn listened() -> bool {
    REPORTER.get().is_some()
}
