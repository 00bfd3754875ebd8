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
        if recording.seats > 1 || recording.seed.is_some() {
            // A networked game: every seat's inputs, tick by tick, on the game it played.
            let seed = recording.seed.unwrap_or(0);
            let mut game = session.game_of_several(seed, recording.seats, recording.deathmatch);
            let ticks = recording.inputs.chunks(recording.seats.max(1));
            let count = ticks.len();
            for inputs in ticks {
                game.tick_seats(inputs);
            }
            println!("final state {:016x} after {count} ticks", game.state_hash());
            return Ok(());
        }
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
