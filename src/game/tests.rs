use super::*;

mod deathmatch;
mod enemies;
mod rules;
mod seats;
mod walls;
use crate::level::{Level, PickupKind};
use crate::map::Tile;
use crate::math::Vec2;
use std::path::Path;

/// A test level: the player at (2.5, 2.5) facing east; a door at (4, 2); a gold key at (8, 4);
/// a gold door at (4, 6) before the exit at (9, 6); treasure at (1.5, 1.5).
const LEVEL: &str = r##"name = "test"
grid = '''
###########
#...#...#.#
#...D.....#
#...#...###
#...#...k.#
#...#######
#...G....X#
#...#######
###########
'''
[legend]
"#" = { wall = "brick" }
"D" = { door = "door" }
"G" = { door = "door", key = "gold" }
"k" = { pickup = "gold_key" }
"X" = { exit = true }

[player]
position = [2.5, 2.5]
facing = "east"

[[pickup]]
kind = "treasure"
position = [1.5, 1.5]
"##;

fn game() -> Game {
    Game::new(
        Level::parse(LEVEL, Path::new("levels/test.toml"))
            .unwrap()
            .level,
    )
}

fn run(game: &mut Game, ticks: usize, input: Input) {
    for _ in 0..ticks {
        game.tick(&input);
    }
}

fn forward() -> Input {
    Input {
        forward: 1.0,
        ..Input::default()
    }
}

fn arena() -> Game {
    Game::new(
        Level::parse(ARENA, Path::new("levels/arena.toml"))
            .unwrap()
            .level,
    )
}

fn fire() -> Input {
    Input {
        fire: true,
        ..Input::default()
    }
}

#[test]
fn walking_into_a_wall_stops_a_radius_away() {
    let mut g = game();
    g.seat_mut().player.angle = 180.0;
    run(&mut g, 120, forward());
    assert!(
        (g.seat().player.position.x - (1.0 + PLAYER_RADIUS)).abs() < 1e-9,
        "{:?}",
        g.seat().player.position
    );
    assert_eq!(g.seat().player.position.y, 2.5);
}

#[test]
fn walking_at_a_wall_slides_along_it() {
    let mut g = game();
    g.seat_mut().player.angle = 250.0; // mostly north: the north wall stops y, x keeps going west
    run(&mut g, 30, forward());
    assert!(
        (g.seat().player.position.y - (1.0 + PLAYER_RADIUS)).abs() < 1e-9,
        "{:?}",
        g.seat().player.position
    );
    let x = g.seat().player.position.x;
    run(&mut g, 10, forward());
    assert!(
        g.seat().player.position.x < x - 0.1,
        "still sliding west: {x} -> {}",
        g.seat().player.position.x
    );
}

#[test]
fn a_closed_door_blocks_and_use_opens_it() {
    let mut g = game();
    run(&mut g, 60, forward());
    assert!(
        g.seat().player.position.x <= 4.0 - PLAYER_RADIUS + 1e-9,
        "stopped by the door: {:?}",
        g.seat().player.position
    );
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    assert_eq!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Opening));
    run(&mut g, 60, Input::default());
    assert_eq!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Open));
    run(&mut g, 60, forward());
    assert!(
        g.seat().player.position.x > 5.0,
        "through the open door: {:?}",
        g.seat().player.position
    );
}

#[test]
fn doors_close_after_a_while_but_not_on_someone() {
    let mut g = game();
    run(&mut g, 60, forward());
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    run(&mut g, 61, Input::default());
    // Step into the doorway and wait there longer than the door holds.
    run(&mut g, 6, forward());
    assert!(g.seat().player.cells().contains(&Cell::new(4, 2)));
    run(&mut g, 5 * TICK_HZ as usize, Input::default());
    assert_ne!(
        g.doors.phase(Cell::new(4, 2)),
        Some(DoorPhase::Closed),
        "it never closes on the player"
    );
    // Walk on through; behind the player it closes.
    run(&mut g, 30, forward());
    run(&mut g, 6 * TICK_HZ as usize, Input::default());
    assert_eq!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Closed));
}

#[test]
fn a_locked_door_needs_its_key() {
    let mut g = game();
    g.seat_mut().player.position = Vec2::new(2.5, 6.5);
    g.seat_mut().player.angle = 0.0;
    run(&mut g, 60, forward());
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    assert_eq!(
        g.doors.phase(Cell::new(4, 6)),
        Some(DoorPhase::Closed),
        "no key: stays shut"
    );
    g.keys.push(crate::level::KeyColour::Gold);
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    assert_eq!(g.doors.phase(Cell::new(4, 6)), Some(DoorPhase::Opening));
    run(&mut g, 60, Input::default());
    run(&mut g, 120, forward());
    assert!(!g.finished, "standing on the exit is not using it");
    assert_eq!(g.seat().player.cell(), Cell::new(9, 6));
    g.tick(&use_it());
    assert!(g.finished, "the exit at (9, 6) used");
    assert!(g.events.contains(&GameEvent::Exit));
}

fn use_it() -> Input {
    Input {
        use_pressed: true,
        ..Input::default()
    }
}

/// The messages of the last tick.
fn messages(g: &Game) -> Vec<String> {
    g.events
        .iter()
        .filter_map(|e| e.message_for(0, &[]))
        .collect()
}

#[test]
fn use_reaches_a_door_a_tile_and_a_half_away_and_says_what_it_cannot_do() {
    // The door (4, 2) is 1.4 tiles ahead of the player's centre: within reach.
    let mut g = game();
    g.seat_mut().player.position = Vec2::new(2.6, 2.5);
    g.tick(&use_it());
    assert_eq!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Opening));
    assert!(g.events.contains(&GameEvent::DoorOpened(Cell::new(4, 2))));
    // 1.6 tiles away: out of reach, a thud.
    let mut g = game();
    g.seat_mut().player.position = Vec2::new(2.4, 2.5);
    g.tick(&use_it());
    assert_eq!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Closed));
    assert!(g.events.contains(&GameEvent::Thud { seat: 0 }));
    assert_eq!(messages(&g), ["thud: nothing to use here"]);
    // Facing a plain wall: a thud too.
    let mut g = game();
    g.seat_mut().player.position = Vec2::new(3.5, 3.5);
    g.tick(&use_it());
    assert!(g.events.contains(&GameEvent::Thud { seat: 0 }));
    // The locked door (4, 6) says which key it needs.
    let mut g = game();
    g.seat_mut().player.position = Vec2::new(3.5, 6.5);
    g.tick(&use_it());
    assert_eq!(messages(&g), ["this door needs the gold key"]);
    assert_eq!(g.doors.phase(Cell::new(4, 6)), Some(DoorPhase::Closed));
}

#[test]
fn pickups_are_taken_on_touch() {
    let mut g = game();
    g.seat_mut().player.angle = 225.0;
    run(&mut g, 40, forward());
    assert_eq!(g.seat().score, 100, "the treasure at (1.5, 1.5)");
    assert!(!g.pickups_left[1]);
    // Health at full health stays on the floor.
    assert!(!g.seat_mut().player.heal(25));
}

#[test]
fn never_through_two_walls_touching_at_a_corner() {
    let text = "name = \"corner\"\ngrid = '''\n#####\n#.#.#\n##..#\n#...#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n[player]\nposition = [1.5, 1.5]\n";
    let mut g = Game::new(
        Level::parse(text, Path::new("levels/c.toml"))
            .unwrap()
            .level,
    );
    // (2, 1) and (1, 2) are walls touching at the vertex (2, 2): walk south-east into it.
    g.seat_mut().player.angle = 45.0;
    run(
        &mut g,
        200,
        Input {
            forward: 1.0,
            run: true,
            ..Input::default()
        },
    );
    assert_eq!(
        g.seat().player.cell(),
        Cell::new(1, 1),
        "stuck in the corner: {:?}",
        g.seat().player.position
    );
}

#[test]
fn the_same_inputs_give_the_same_game() {
    let inputs: Vec<Input> = (0..600)
        .map(|i| Input {
            forward: ((i / 37) % 3) as f64 - 1.0,
            strafe: ((i / 53) % 3) as f64 - 1.0,
            turn: ((i / 29) % 5) as f64 - 2.0,
            run: i % 7 == 0,
            use_pressed: i % 45 == 0,
            fire: i % 31 == 0,
            weapon: [0, 0, 1, 2][(i / 97) % 4],
        })
        .collect();
    let play = |inputs: &[Input]| {
        let mut g = game();
        for input in inputs {
            g.tick(input);
        }
        g.state_hash()
    };
    assert_eq!(play(&inputs), play(&inputs));
    let mut other = inputs.clone();
    other[10].turn += 1.0;
    assert_ne!(play(&inputs), play(&other));
}

/// A guard at (6.5, 2.5) facing west down a corridor towards the player at (1.5, 2.5); a wall
/// block at (3, 4); a door at (4, 6) with a second guard (an ambusher) behind it at (6.5, 6.5).
const ARENA: &str = r##"name = "arena"
grid = '''
#########
#.......#
#.......#
#.......#
#..#....#
##.######
#...D...#
###.#####
#########
'''
[legend]
"#" = { wall = "brick" }
"D" = { door = "door" }

[player]
position = [1.5, 2.5]
facing = "east"

[[enemy]]
kind = "guard"
position = [6.5, 2.5]
facing = "west"

[[enemy]]
kind = "guard"
position = [6.5, 6.5]
facing = "west"
mode = "ambush"
"##;

/// The state hash is the same on every target: lengths and enum discriminants go in as 8
/// bytes (std's `Hash` writes them as `usize`/`isize`, 4 bytes on wasm32), and the hasher is
/// FNV-1a, not std's unspecified one.
#[test]
fn the_state_hash_is_portable() {
    use std::hash::{Hash, Hasher};
    let hash = |f: &dyn Fn(&mut super::hash::PortableHasher)| {
        let mut h = super::hash::PortableHasher::default();
        f(&mut h);
        h.finish()
    };
    // FNV-1a's published value for "a".
    assert_eq!(hash(&|h| h.write(b"a")), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(hash(&|h| 5usize.hash(h)), hash(&|h| 5u64.hash(h)));
    assert_eq!(hash(&|h| (-3isize).hash(h)), hash(&|h| (-3i64).hash(h)));
    assert_eq!(
        hash(&|h| vec![1u8, 2].hash(h)),
        hash(&|h| {
            2u64.hash(h);
            h.write(&[1, 2]);
        })
    );
}

/// A hall with a round pillar at (4, 2) (0.6 tiles across, centred at (4.5, 2.5)).
const PILLAR_HALL: &str = r##"name = "pillar"
grid = '''
#########
#.......#
#...o...#
#.......#
#########
'''
[legend]
"#" = { wall = "brick" }
"o" = { wall = "stone", shape = "pillar_round" }
[player]
position = [1.5, 2.6]
facing = "east"
"##;
