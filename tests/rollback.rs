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
        sync_test(&mut game, 1, TICKS, 7, |g, _, _| pilot.input(g))
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

/// Co-op under rollback: two to four seats, each played by its own autopilot (the later seats
/// setting out a second or so after the one before, so that the players part ways), on levels
/// with doors, keys, fights and pickups; every tick rolled back and played again, and the same
/// inputs without rollback ending in the same state.
#[test]
fn co_op_games_replay_their_rolled_back_ticks_to_the_same_state() {
    for (level, seats) in [
        ("levels/e1m1.toml", 2),
        ("levels/e1m3.toml", 4),
        ("levels/e1m4.toml", 3),
    ] {
        let session =
            Session::start_on(level.as_ref(), Sources::default(), Difficulty::Normal).unwrap();
        let game = session.game.clone().seated(seats);
        let again = seats_under_rollback(&game, seats, TICKS, &format!("{level} with {seats}"));
        // The players went their own ways: every seat moved, and not all to one place.
        let starts: Vec<_> = game.seats.iter().map(|s| s.player.position).collect();
        let ends: Vec<_> = again.seats.iter().map(|s| s.player.position).collect();
        for (seat, (a, b)) in starts.iter().zip(&ends).enumerate() {
            assert!(
                (*a - *b).length() > 1.0,
                "{level}: seat {seat} stayed at {a:?}"
            );
        }
        assert!(
            ends.windows(2).any(|w| (w[0] - w[1]).length() > 0.1),
            "{level}: {ends:?}"
        );
    }
}

/// A game of `seats` (each played by its own autopilot, seat k setting out 70 k ticks after
/// the first) under the sync test for `ticks` ticks, and the same inputs without rollback:
/// both end in one state: the game it returns.
fn seats_under_rollback(
    game: &tilecaster::game::Game,
    seats: usize,
    ticks: u64,
    what: &str,
) -> tilecaster::game::Game {
    use tilecaster::game::{Game, Input};
    let play = |pilots: &mut Vec<Autopilot>, g: &Game, tick: u64, seat: usize| {
        if tick < 70 * seat as u64 {
            Input::default()
        } else {
            pilots[seat].input(g)
        }
    };
    let mut pilots: Vec<Autopilot> = (0..seats).map(Autopilot::for_seat).collect();
    let mut rolled = game.clone();
    sync_test(&mut rolled, seats, ticks, 7, |g, t, s| {
        play(&mut pilots, g, t, s)
    })
    .unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut pilots: Vec<Autopilot> = (0..seats).map(Autopilot::for_seat).collect();
    let mut again = game.clone();
    for tick in 0..ticks {
        let inputs: Vec<Input> = (0..seats)
            .map(|s| play(&mut pilots, &again, tick, s))
            .collect();
        again.tick_seats(&inputs);
    }
    assert_eq!(again.state_hash(), rolled.state_hash(), "{what}");
    assert_eq!(again.ticks, ticks, "{what}");
    again
}

/// The sync test with several seats on every bundled level: co-op for two on the seven levels
/// the test above leaves out, and a deathmatch for four on each level the Multiplayer page
/// offers one on (five seconds each: every tick rolled back and played again).
#[test]
fn every_level_replays_games_of_several_under_rollback() {
    use tilecaster::game::MatchRules;
    let levels = [
        "levels/e1m2.tmx",
        "levels/e1m5.toml",
        "levels/e1m6.toml",
        "levels/e1m7.toml",
        "levels/e1m8.tmx",
        "levels/e1m9.toml",
        "levels/e1m10.tmx",
    ];
    for (i, level) in levels.iter().enumerate() {
        let mut session = Session::start_on(level.as_ref(), Sources::default(), Difficulty::Normal)
            .unwrap_or_else(|e| panic!("{level}: {e}"));
        let game = session.game_of_several(i as u64 + 20, 2, None);
        seats_under_rollback(&game, 2, 300, &format!("co-op on {level}"));
    }
    for level in ["levels/e1m1.toml", "levels/e1m3.toml", "levels/e1m4.toml"] {
        let mut session =
            Session::start_on(level.as_ref(), Sources::default(), Difficulty::Normal).unwrap();
        let game = session.game_of_several(9, 4, Some(MatchRules::default()));
        assert!(game.is_deathmatch());
        seats_under_rollback(&game, 4, 300, &format!("deathmatch on {level}"));
    }
}
