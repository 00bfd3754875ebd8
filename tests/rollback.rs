//! The game under rollback on every bundled level: `ggrs`' sync test plays each level with the
//! autopilot, saving every tick and rolling back every tick to play the last ticks again, and
//! every tick played again must end in the state it ended in the first time (the state hash).
//! This is what networked play stands on: a peer that rolls back to correct a prediction
//! arrives where the others are.

use tilecaster::assets::Sources;
use tilecaster::episode::Session;
use tilecaster::game::Autopilot;
use tilecaster::game::rollback::sync_test;
use tilecaster::level::Difficulty;

/// Ticks played per level: 10 seconds of play at 60 ticks a second (the first doors and fights
/// of most levels), each played again up to seven times.
const TICKS: u64 = 600;

#[test]
fn every_bundled_level_replays_its_rolled_back_ticks_to_the_same_state() {
    let mut levels: Vec<_> = std::fs::read_dir("levels")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("e1m") && (name.ends_with(".toml") || name.ends_with(".tmx"))
        })
        .collect();
    levels.sort();
    assert_eq!(levels.len(), 10, "the episode's ten levels: {levels:?}");
    for (i, level) in levels.iter().enumerate() {
        let difficulty = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard][i % 3];
        let mut session = Session::start_on(level, Sources::default(), difficulty).unwrap();
        session.reseed(i as u64 + 1);
        let mut game = session.game.clone();
        let start = game.state_hash();
        let mut pilot = Autopilot::new();
        sync_test(&mut game, 1, TICKS, 7, |g, _| pilot.input(g))
            .unwrap_or_else(|e| panic!("{}: {e}", level.display()));
        assert_eq!(game.ticks, TICKS, "{}", level.display());
        assert_ne!(
            game.state_hash(),
            start,
            "{}: nothing happened",
            level.display()
        );
        // Played again without rollback from the start, the same inputs end in the same state.
        let mut again = session.game.clone();
        let mut pilot = Autopilot::new();
        for _ in 0..TICKS {
            let input = pilot.input(&again);
            again.tick(&input);
        }
        assert_eq!(again.state_hash(), game.state_hash(), "{}", level.display());
    }
}
