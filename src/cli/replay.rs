//! `tilecaster replay`: a recording played headless, as fast as it goes.

use anyhow::Result;
use tilecaster::episode::Recording;

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
        let mut session = recording
            .start_session(self.sources.get())
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        for input in &recording.inputs {
            session.tick(input);
        }
        println!(
            "final state {:016x} after {} ticks",
            session.game.state_hash(),
            recording.inputs.len()
        );
        Ok(())
    }
}
