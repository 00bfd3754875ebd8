//! `tilecaster autoplay`: the autopilot plays the episode headless, a JSON line per level.

use std::io::Write;
use std::path::Path;

use anyhow::{Result, bail};
use tilecaster::game::{Autopilot, Difficulty, Session, TICK_HZ, Tally};

/// The longest the autopilot may take over one level before it gives up (simulated minutes).
const GIVE_UP_MINUTES: u64 = 15;

/// Plays from `level` to the end of the episode; prints each finished level's tally as one
/// JSON line. Fails (exit 1) when the player dies or the autopilot gives up on a level.
pub fn run(
    level: &Path,
    textures: Option<&Path>,
    difficulty: Difficulty,
    seed: Option<u64>,
) -> Result<()> {
    let mut session = Session::start_on(level, textures, difficulty)?;
    if let Some(seed) = seed {
        session.reseed(seed);
    }
    let mut pilot = Autopilot::new();
    let mut printed = 0;
    let mut stdout = std::io::stdout().lock();
    let mut level_ticks = 0u64;
    while !session.complete {
        let input = pilot.input(&session.game);
        session.tick(&input);
        level_ticks += 1;
        for tally in &session.tallies[printed..] {
            writeln!(stdout, "{}", json_line(tally, true))?;
            printed += 1;
            level_ticks = 0;
        }
        if session.game.player_dead() {
            let tally = Tally::of(&session.game, session.path());
            writeln!(stdout, "{}", json_line(&tally, false))?;
            bail!(
                "the player died on {} after {} ticks at ({:.2}, {:.2})",
                tally.name,
                tally.ticks,
                session.game.player.position.x,
                session.game.player.position.y
            );
        }
        if level_ticks > GIVE_UP_MINUTES * 60 * u64::from(TICK_HZ) {
            let tally = Tally::of(&session.game, session.path());
            writeln!(stdout, "{}", json_line(&tally, false))?;
            bail!(
                "the autopilot gave up on {} after {GIVE_UP_MINUTES} minutes at ({:.2}, {:.2})",
                tally.name,
                session.game.player.position.x,
                session.game.player.position.y
            );
        }
    }
    Ok(())
}

/// One level's tally as the JSON line `autoplay` prints.
fn json_line(t: &Tally, finished: bool) -> String {
    let file = t.file.file_name().map_or_else(
        || t.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    // In the documented order (a JSON object's keys are unordered, but people read these).
    let text = |v: &str| serde_json::Value::from(v).to_string();
    format!(
        "{{\"level\":{},\"name\":{},\"finished\":{finished},\"ticks\":{},\"kills\":{},\"kills_total\":{},\"secrets\":{},\"secrets_total\":{},\"treasure\":{},\"treasure_total\":{},\"health\":{}}}",
        text(&file),
        text(&t.name),
        t.ticks,
        t.kills.0,
        t.kills.1,
        t.secrets.0,
        t.secrets.1,
        t.treasure.0,
        t.treasure.1,
        t.health,
    )
}
