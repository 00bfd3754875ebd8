//! `tilecaster replay`: a recording played headless, as fast as it goes.

use anyhow::Result;
use tilecaster::episode::Recording;
use tilecaster::play::{Nobody, ReplayRun, Runner};

/// The arguments of `tilecaster replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The recording (`--record` writes one).
    pub recording: std::path::PathBuf,
    #[command(flatten)]
    pub sources: super::SourceArgs,
}

impl ReplayArgs {
    /// Runs `tilecaster replay`: the recording's ticks, headless, then the final state.
    pub fn run(self) -> Result<()> {
        let path = &self.recording;
        let recording = Recording::read_for_replay(path)?;
        let session = recording
            .start_session(self.sources.get())
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        // The same runner the window replays with, as fast as it goes.
        let mut run = ReplayRun::new(recording, session);
        let ticks = run.ticks();
        let what = format!("replaying {}", path.display());
        let mut played = 0u64;
        while run.play_ticks(1, &mut Nobody).ending.is_none() {
            played += 1;
            if played.is_multiple_of(256) {
                tilecaster::progress::report(&what, played, ticks as u64);
            }
        }
        tilecaster::progress::report(&what, ticks as u64, ticks as u64);
        println!(
            "final state {:016x} after {ticks} ticks",
            run.session().game.state_hash()
        );
        Ok(())
    }
}
