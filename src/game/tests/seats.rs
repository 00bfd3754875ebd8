//! Games of several players (co-op): each seat plays its own input, enemies go for the player
//! they see, kills score for who made them, any player's exit ends the level, the dead come
//! back, and the state hash holds every seat.

use super::*;

/// The arena with two seats, seat `seen` in the guard's corridor at (1.5, 2.5) and the other
/// in the gap at (2.5, 5.5), out of its sight.
fn arena_of_two(seen: usize) -> Game {
    let mut g = Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 2);
    assert_eq!(g.seats.len(), 2);
    g.seats[seen].player.position = Vec2::new(1.5, 2.5);
    g.seats[1 - seen].player.position = Vec2::new(2.5, 5.5);
    g
}

fn run_seats(g: &mut Game, ticks: usize, inputs: &[Input]) {
    for _ in 0..ticks {
        g.tick_seats(inputs);
    }
}

/// A corridor one cell wide between two walls, the start in its middle, another corridor
/// beyond the south wall.
const CORRIDOR: &str = r##"name = "corridor"
grid = '''
#####
#...#
#####
#...#
#####
'''
[legend]
"#" = { wall = "brick" }

[player]
position = [2.5, 1.5]
facing = "east"
"##;

#[test]
fn a_game_of_several_starts_every_seat_as_the_first_beside_the_start() {
    let one = arena();
    let g = Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 4);
    assert_eq!(g.seats.len(), 4);
    let start = one.seat().player.position;
    for (k, seat) in g.seats.iter().enumerate() {
        let p = seat.player.position;
        let kit = Player {
            position: start,
            ..seat.player.clone()
        };
        assert_eq!(kit, one.seat().player);
        assert_eq!(
            (seat.score, seat.lives, seat.weapon),
            (0, START_LIVES, Weapon::Pistol)
        );
        // Each in an open cell of its own within two cells of the start.
        assert!(!g.blocking().is_solid(Cell::containing(p)));
        assert!((p.x - start.x).abs() <= 2.0 && (p.y - start.y).abs() <= 2.0);
        assert_eq!(p == start, k == 0, "seat {k} at {p:?}");
        for other in &g.seats[..k] {
            assert_ne!(Cell::containing(other.player.position), Cell::containing(p));
        }
    }
    // Not through a wall: in the corridor the seats stand along it (the fourth, with no room
    // left, at the start), none in the corridor beyond the wall.
    let level = Level::parse(CORRIDOR, Path::new("levels/corridor.toml"))
        .unwrap()
        .level;
    let g = Game::with_seats(level, Difficulty::Normal, 4);
    for s in &g.seats {
        assert_eq!(s.player.position.y, 1.5, "{:?}", s.player.position);
    }
    // Spawn points are a deathmatch's: co-op starts together all the same.
    let mut spawned = Level::clone(&arena().level);
    spawned.spawns = vec![crate::level::Placement {
        position: Vec2::new(6.5, 1.5),
        facing: 90.0,
    }];
    let g = Game::with_seats(spawned, Difficulty::Normal, 3);
    assert_eq!(g.seats[1].player.position, g.start_of(1).0);
    assert!((g.seats[1].player.position - g.seats[0].player.position).length() < 3.0);
    // Never more than four in co-op (eight in a deathmatch), never none.
    assert_eq!(
        Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 9)
            .seats
            .len(),
        MAX_COOP_SEATS
    );
    let rules = MatchRules::default();
    let big = Game::deathmatch(Level::clone(&arena().level), Difficulty::Normal, 9, rules);
    assert_eq!(big.seats.len(), MAX_SEATS);
    assert_eq!(
        Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 0)
            .seats
            .len(),
        1
    );
}

#[test]
fn each_seat_moves_by_its_own_input() {
    let mut g = Game::with_seats(Level::clone(&game().level), Difficulty::Normal, 2);
    let start = g.seats[0].player.position;
    run_seats(&mut g, 20, &[Input::default(), forward()]);
    assert_eq!(g.seats[0].player.position, start, "seat 0 stood still");
    assert!(
        g.seats[1].player.position.x > start.x + 0.5,
        "seat 1 walked east"
    );
    // A missing input is standing still.
    let before = g.seats[1].player.position;
    run_seats(&mut g, 20, &[forward()]);
    assert_eq!(g.seats[1].player.position, before);
}

#[test]
fn enemies_go_for_the_player_they_see() {
    for seen in [0, 1] {
        let mut g = arena_of_two(seen);
        run_seats(&mut g, 10 * TICK_HZ as usize, &[Input::default(); 2]);
        assert!(
            g.seats[seen].player.health < MAX_HEALTH,
            "seat {seen}, in the guard's sight, was shot at"
        );
        assert_eq!(
            g.seats[1 - seen].player.health,
            MAX_HEALTH,
            "seat {}, out of sight, was not",
            1 - seen
        );
        assert!(g.seats[seen].hurt.is_some() && g.seats[1 - seen].hurt.is_none());
    }
}

#[test]
fn a_kill_scores_for_the_player_who_made_it() {
    let mut g = arena_of_two(1);
    let interval = g.level.arsenal.stats(Weapon::Pistol).interval as usize;
    for _ in 0..5 {
        g.tick_seats(&[Input::default(), fire()]);
        run_seats(&mut g, interval, &[Input::default(); 2]);
    }
    assert!(!g.enemies[0].alive());
    assert_eq!(g.kills, 1);
    assert_eq!(g.seats[1].score, g.enemies[0].stats.points);
    assert_eq!(g.seats[0].score, 0);
    assert_eq!(g.seats[0].player.ammo, START_AMMO, "seat 0 never fired");
    assert!(g.seats[1].player.ammo < START_AMMO);
}

#[test]
fn any_player_at_the_exit_ends_the_level() {
    let mut g = Game::with_seats(Level::clone(&game().level), Difficulty::Normal, 2);
    g.seats[1].player.position = Vec2::new(9.5, 6.5);
    g.tick_seats(&[Input::default(), use_it()]);
    assert!(g.finished);
    assert!(g.events.contains(&GameEvent::Exit));
}

#[test]
fn doors_do_not_close_on_any_player() {
    let mut g = Game::with_seats(Level::clone(&game().level), Difficulty::Normal, 2);
    g.doors.start_opening(Cell::new(4, 2));
    run_seats(&mut g, 70, &[Input::default(); 2]);
    // Seat 1 waits in the doorway; seat 0 stays at the start.
    g.seats[1].player.position = Vec2::new(4.5, 2.5);
    run_seats(&mut g, 6 * TICK_HZ as usize, &[Input::default(); 2]);
    assert_ne!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Closed));
    g.seats[1].player.position = Vec2::new(6.5, 2.5);
    run_seats(&mut g, 6 * TICK_HZ as usize, &[Input::default(); 2]);
    assert_eq!(g.doors.phase(Cell::new(4, 2)), Some(DoorPhase::Closed));
}

#[test]
fn a_dead_player_comes_back_at_the_start_and_the_others_play_on() {
    let mut g = arena_of_two(1);
    g.seats[1].score = 700;
    g.seats[1].player.health = 1;
    g.seats[1].player.ammo = 40;
    let mut died = None;
    for t in 0..20 * TICK_HZ as u64 {
        g.tick_seats(&[Input::default(); 2]);
        if g.events.contains(&GameEvent::PlayerDeath { seat: 1 }) {
            died = Some(t);
            break;
        }
    }
    assert!(died.is_some(), "the guard shot seat 1");
    assert!(g.seats[1].dead() && !g.seats[0].dead() && !g.all_dead());
    let died_at = g.seats[1].player.position;
    // The game goes on for the living: seat 0 walks while seat 1 lies there.
    let before = g.seats[0].player.position;
    run_seats(&mut g, 10, &[forward(), forward()]);
    assert_ne!(g.seats[0].player.position, before);
    run_seats(&mut g, RESPAWN_TICKS as usize, &[Input::default(); 2]);
    let back = &g.seats[1];
    assert!(!back.dead(), "back after {RESPAWN_TICKS} ticks");
    assert_eq!(back.player.position, g.start_of(1).0, "at its start");
    assert_ne!(back.player.position, died_at);
    assert_eq!(
        back.player.ammo, START_AMMO,
        "with what a player starts with"
    );
    assert_eq!(back.score, 700, "the score kept");
    // On hard the dead wait for the next level.
    let mut hard = arena_of_two(1);
    hard.difficulty = Difficulty::Hard;
    hard.seats[1].player.health = 0;
    run_seats(
        &mut hard,
        2 * RESPAWN_TICKS as usize,
        &[Input::default(); 2],
    );
    assert!(hard.seats[1].dead());
}

#[test]
fn when_every_player_is_dead_they_come_back() {
    // On normal each comes back after its own wait.
    let mut g = arena_of_two(0);
    for s in &mut g.seats {
        s.player.health = 0;
    }
    g.tick_seats(&[Input::default(); 2]);
    assert!(g.all_dead());
    run_seats(&mut g, RESPAWN_TICKS as usize, &[Input::default(); 2]);
    assert!(g.seats.iter().all(|s| !s.dead()), "both back");
    // On hard, all together once the last has waited.
    let mut hard = arena_of_two(0);
    hard.difficulty = Difficulty::Hard;
    hard.seats[0].player.health = 0;
    run_seats(&mut hard, 60, &[Input::default(); 2]);
    hard.seats[1].player.health = 0;
    run_seats(
        &mut hard,
        RESPAWN_TICKS as usize - 5,
        &[Input::default(); 2],
    );
    assert!(hard.all_dead(), "the first waits for the last");
    run_seats(&mut hard, 10, &[Input::default(); 2]);
    assert!(hard.seats.iter().all(|s| !s.dead()), "together");
    assert_eq!(hard.seats[0].player.position, hard.start_of(0).0);
}

#[test]
fn every_seat_is_in_the_state_hash_and_a_game_of_one_hashes_as_before() {
    let one = arena();
    assert_eq!(
        Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 1).state_hash(),
        one.state_hash()
    );
    let two = Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 2);
    assert_ne!(
        two.state_hash(),
        one.state_hash(),
        "a second seat changes it"
    );
    let mut moved = two.clone();
    moved.seats[1].player.position.x += 0.25;
    assert_ne!(moved.state_hash(), two.state_hash());
    let mut armed = two.clone();
    armed.seats[1].lives += 1;
    assert_ne!(armed.state_hash(), two.state_hash());
}

#[test]
fn the_viewer_is_the_seat_shown() {
    let mut g = arena_of_two(1);
    g.viewer = 1;
    assert_eq!(g.seat().player.position, Vec2::new(1.5, 2.5));
    g.seats[1].player.health = 0;
    assert!(g.player_dead() && !g.all_dead());
    // A viewer past the seats shows the last.
    g.viewer = 7;
    assert_eq!(g.seat().player.position, g.seats[1].player.position);
}
