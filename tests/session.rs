//! Sessions: the episode from level to level, and live reload of an edited level.

use std::path::Path;
use std::time::{Duration, SystemTime};

use tilecaster::game::{Input, Session};
use tilecaster::geom::Vec2;
use tilecaster::grid::Cell;
use tilecaster::map::Tile;

mod common;
use common::walk_through_the_door;

/// Stands the player on the current level's exit and ticks.
fn reach_exit(s: &mut Session) {
    let exit = s.game.level.exits[0];
    s.game.player.position = Vec2::new(exit.x as f64 + 0.5, exit.y as f64 + 0.5);
    s.tick(&Input::default());
}

#[test]
fn the_episode_goes_from_level_to_level_to_the_end() {
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    assert_eq!(s.message(), Some("Entry Hall"));
    s.game.score = 300;
    reach_exit(&mut s);
    assert!(s.path().ends_with("e1m2.tmx"), "{}", s.path().display());
    assert_eq!(s.game.score, 300, "the score carries over");
    assert_eq!(s.message(), Some("Cell Block"));
    reach_exit(&mut s);
    assert!(s.path().ends_with("e1m3.toml"));
    assert!(!s.complete);
    reach_exit(&mut s);
    assert!(s.complete, "e1m3 is the last level");
    let ticks = s.total_ticks;
    s.tick(&Input::default());
    assert_eq!(s.total_ticks, ticks, "the clock stops at the end");
}

fn write_level(path: &Path, grid: &str, age_seconds: u64) {
    let text = format!(
        "name = \"live\"\ngrid = '''\n{grid}'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n"
    );
    std::fs::write(path, text).unwrap();
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - Duration::from_secs(age_seconds))
        .unwrap();
}

#[test]
fn editing_the_level_reloads_it_and_a_broken_edit_keeps_the_last_good_one() {
    let dir = std::env::temp_dir().join(format!("tilecaster-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("live.toml");
    write_level(&level, "######\n#@...#\n#....#\n######\n", 100);
    let textures = std::fs::canonicalize("textures").unwrap();
    let mut s = Session::start(&level, Some(&textures)).unwrap();
    assert!(!s.reload_if_changed(), "nothing changed yet");
    s.game.player.position = Vec2::new(3.5, 2.5);
    s.game.score = 100;

    // A wall added elsewhere: reloaded, the player stays where they were, with their score.
    write_level(&level, "######\n#@...#\n#..#.#\n######\n", 50);
    assert!(s.reload_if_changed());
    assert_eq!(s.game.level.map.get(Cell::new(3, 2)), Some(Tile::Wall));
    assert_eq!(s.message(), Some("reloaded"));
    // The player stood at (3.5, 2.5), now a wall: moved back to the start.
    assert_eq!(s.game.player.position, Vec2::new(1.5, 1.5));
    assert_eq!(s.game.score, 100);

    // A broken edit: the last good level stays, the error shows.
    std::fs::write(&level, "name = \"live\"\ngrid = '''\n#?#\n'''\n").unwrap();
    assert!(s.reload_if_changed());
    assert_eq!(
        s.game.level.map.get(Cell::new(3, 2)),
        Some(Tile::Wall),
        "kept"
    );
    let message = s.message().unwrap();
    assert!(
        message.starts_with("reload failed, kept the last good level:"),
        "{message}"
    );
    assert!(
        message.contains("live.toml:3:1: error: unknown legend character '#'"),
        "{message}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

fn play_headless(level: &str, inputs: &[Input]) -> (u64, Vec2) {
    let mut s = Session::start(Path::new(level), None).unwrap();
    for input in inputs {
        s.tick(input);
    }
    (s.game.state_hash(), s.game.player.position)
}

#[test]
fn a_recording_replays_to_the_same_state() {
    use tilecaster::game::Recording;
    let inputs = walk_through_the_door();
    let recording = Recording {
        level: "levels/e1m1.toml".into(),
        inputs: inputs.clone(),
    };
    let back = Recording::parse(&recording.to_text()).unwrap();
    assert_eq!(back, recording);
    let (hash, position) = play_headless(&back.level, &back.inputs);
    assert_eq!((hash, position), play_headless("levels/e1m1.toml", &inputs));
    assert!(position.x > 8.0, "through the door: {position:?}");
    let mut changed = inputs;
    changed[45].turn = 10.0;
    assert_ne!(play_headless("levels/e1m1.toml", &changed).0, hash);
}
