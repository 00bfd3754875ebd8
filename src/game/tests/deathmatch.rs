//! Deathmatch: no enemies, players at spawn points, shots that frag, limits that end it.

use super::*;

/// The arena (see `ARENA`) with three spawn points along its top corridor and beyond the
/// door, made a deathmatch of `seats` under `rules`.
fn match_of(seats: usize, rules: MatchRules) -> Game {
    let mut level = Level::clone(&arena().level);
    level.spawns = [(1.5, 2.5, 0.0), (7.5, 2.5, 180.0), (6.5, 6.5, 180.0)]
        .iter()
        .map(|&(x, y, facing)| crate::level::Placement {
            position: Vec2::new(x, y),
            facing,
        })
        .collect();
    Game::deathmatch(level, Difficulty::Normal, seats, rules)
}

/// Seat 0 at (1.5, 2.5) facing east at seat 1 at (5.5, 2.5).
fn face_off(rules: MatchRules) -> Game {
    let mut g = match_of(2, rules);
    g.seats[0].player.position = Vec2::new(1.5, 2.5);
    g.seats[0].player.angle = 0.0;
    g.seats[1].player.position = Vec2::new(5.5, 2.5);
    g
}

/// Fires seat 0's pistol until seat 1 is dead or `shots` are spent.
fn shoot_seat_1(g: &mut Game, shots: usize) {
    let interval = g.level.arsenal.stats(Weapon::Pistol).interval as usize;
    for _ in 0..shots {
        g.tick_seats(&[fire(), Input::default()]);
        if g.seats[1].dead() {
            return;
        }
        run_seats(g, interval, &[Input::default(); 2]);
    }
}

fn run_seats(g: &mut Game, ticks: usize, inputs: &[Input]) {
    for _ in 0..ticks {
        g.tick_seats(inputs);
    }
}

#[test]
fn a_deathmatch_sends_the_enemies_home_and_starts_everyone_at_spawn_points() {
    let g = match_of(3, MatchRules::default());
    assert!(g.is_deathmatch());
    assert!(g.enemies.is_empty() && g.level.enemies.is_empty());
    let at: Vec<Vec2> = g.seats.iter().map(|s| s.player.position).collect();
    // The first at the first spawn; each next at the one farthest from those placed.
    assert_eq!(
        at,
        [
            Vec2::new(1.5, 2.5),
            Vec2::new(6.5, 6.5),
            Vec2::new(7.5, 2.5)
        ]
    );
    assert_eq!(g.seats[1].player.angle, 180.0);
}

/// Eight players: each at one of the three spawn points, the first three each at its own
/// (then the farthest from the living again), each in a colour of their own.
#[test]
fn eight_players_take_the_spawn_points_and_colours_of_their_own() {
    let g = match_of(8, MatchRules::default());
    assert_eq!(g.seats.len(), 8);
    let spawns: Vec<Vec2> = g.level.spawns.iter().map(|s| s.position).collect();
    for s in &g.seats {
        assert!(
            spawns.contains(&s.player.position),
            "{:?}",
            s.player.position
        );
    }
    let first: Vec<Vec2> = g.seats[..3].iter().map(|s| s.player.position).collect();
    assert!(spawns.iter().all(|p| first.contains(p)));
    let colours: std::collections::BTreeSet<_> = crate::level::SEAT_COLOURS
        .iter()
        .map(|c| (c.r, c.g, c.b))
        .collect();
    assert_eq!(colours.len(), 8);
}

#[test]
fn shots_hurt_other_players_and_a_kill_is_a_frag() {
    let mut g = face_off(MatchRules::default());
    g.seats[0].player.ammo = 99;
    shoot_seat_1(&mut g, 40);
    assert!(
        g.seats[1].dead(),
        "seat 1: {} health",
        g.seats[1].player.health
    );
    assert_eq!((g.seats[0].frags, g.seats[1].frags), (1, 0));
    assert!(
        g.events
            .iter()
            .any(|e| e.message_for(1, &[]).as_deref() == Some("player 1 fragged player 2"))
    );
    assert!(g.puffs.iter().any(|p| p.blood));
    // Back after the wait, at the spawn farthest from seat 0, with a player's starting kit.
    run_seats(&mut g, RESPAWN_TICKS as usize + 1, &[Input::default(); 2]);
    assert!(!g.seats[1].dead());
    assert_eq!(g.seats[1].player.position, Vec2::new(6.5, 6.5));
    assert_eq!(g.seats[1].player.ammo, START_AMMO);
    assert_eq!(g.standings(), [0, 1]);
}

/// For a second after (re)starting a player cannot be hurt, unless they fire: then they can.
#[test]
fn a_player_just_come_back_is_not_hurt_for_a_second_unless_they_fire() {
    let mut g = face_off(MatchRules::default());
    g.seats[0].player.ammo = 99;
    assert!(g.seats[1].protected(g.ticks), "from the match's start");
    g.tick_seats(&[fire(), Input::default()]);
    assert_eq!(g.seats[1].player.health, MAX_HEALTH, "a shot at the start");
    assert!(
        !g.seats[0].protected(g.ticks),
        "the shooter's own protection is over"
    );
    run_seats(
        &mut g,
        SPAWN_PROTECTION_TICKS as usize,
        &[Input::default(); 2],
    );
    assert!(!g.seats[1].protected(g.ticks));
    shoot_seat_1(&mut g, 40);
    assert!(g.seats[1].dead());
    // Back at a spawn point: protected from the tick it comes back for a second.
    run_seats(&mut g, RESPAWN_TICKS as usize + 1, &[Input::default(); 2]);
    let back = g.ticks;
    assert!(!g.seats[1].dead() && g.seats[1].protected(back));
    g.seats[1].player.position = Vec2::new(5.5, 2.5);
    let interval = g.level.arsenal.stats(Weapon::Pistol).interval as usize;
    while g.ticks + 1 < back + SPAWN_PROTECTION_TICKS {
        g.tick_seats(&[fire(), Input::default()]);
        run_seats(&mut g, interval, &[Input::default(); 2]);
    }
    assert_eq!(
        g.seats[1].player.health, MAX_HEALTH,
        "shot at while protected"
    );
    // Seat 1 fires: its protection is over at once.
    let mut g = face_off(MatchRules::default());
    g.seats[0].player.ammo = 99;
    g.tick_seats(&[Input::default(), fire()]);
    assert!(!g.seats[1].protected(g.ticks));
    g.tick_seats(&[fire(), Input::default()]);
    assert!(g.seats[1].player.health < MAX_HEALTH);
}

#[test]
fn in_co_op_shots_pass_through_team_mates() {
    let mut g = Game::with_seats(Level::clone(&arena().level), Difficulty::Normal, 2);
    g.enemies.clear();
    g.seats[0].player.position = Vec2::new(1.5, 2.5);
    g.seats[0].player.angle = 0.0;
    g.seats[1].player.position = Vec2::new(5.5, 2.5);
    g.seats[0].player.ammo = 99;
    shoot_seat_1(&mut g, 10);
    assert_eq!(g.seats[1].player.health, MAX_HEALTH);
    assert_eq!(g.seats[0].frags, 0);
}

#[test]
fn the_match_ends_at_its_frag_limit_or_its_time() {
    let rules = MatchRules {
        frag_limit: 1,
        time_limit: 0,
    };
    let mut g = face_off(rules);
    g.seats[0].player.ammo = 99;
    shoot_seat_1(&mut g, 40);
    assert!(g.finished, "one frag of one");
    let timed = MatchRules {
        frag_limit: 0,
        time_limit: 90,
    };
    let mut g = match_of(2, timed);
    run_seats(&mut g, 89, &[Input::default(); 2]);
    assert!(!g.finished);
    run_seats(&mut g, 1, &[Input::default(); 2]);
    assert!(g.finished && g.events.contains(&GameEvent::Exit));
}

#[test]
fn pickups_come_back_and_exits_lead_nowhere() {
    let mut level = Level::clone(&game().level);
    level.spawns = vec![crate::level::Placement {
        position: Vec2::new(2.5, 2.5),
        facing: 0.0,
    }];
    let mut g = Game::deathmatch(level, Difficulty::Normal, 2, MatchRules::default());
    // The treasure at (1.5, 1.5), taken by seat 1.
    let treasure = g
        .level
        .pickups
        .iter()
        .position(|p| p.kind.is_treasure())
        .unwrap();
    g.seats[1].player.position = Vec2::new(1.5, 1.5);
    g.tick_seats(&[Input::default(); 2]);
    assert!(!g.pickups_left[treasure]);
    g.seats[1].player.position = Vec2::new(2.5, 3.5);
    run_seats(
        &mut g,
        PICKUP_RESPAWN_TICKS as usize - 2,
        &[Input::default(); 2],
    );
    assert!(!g.pickups_left[treasure], "not back yet");
    run_seats(&mut g, 2, &[Input::default(); 2]);
    assert!(g.pickups_left[treasure], "back after 30 seconds");
    // The exit at (9, 6): used, it does nothing.
    g.seats[0].player.position = Vec2::new(9.5, 6.5);
    g.tick_seats(&[use_it(), Input::default()]);
    assert!(!g.finished);
    assert!(g.events.contains(&GameEvent::Thud { seat: 0 }));
}

#[test]
fn frags_and_the_rules_are_in_the_state_hash() {
    let g = match_of(2, MatchRules::default());
    let mut fragged = g.clone();
    fragged.seats[1].frags = 1;
    assert_ne!(fragged.state_hash(), g.state_hash());
    let other = match_of(
        2,
        MatchRules {
            frag_limit: 20,
            ..MatchRules::default()
        },
    );
    assert_ne!(other.state_hash(), g.state_hash());
}

/// A colour chosen in the lobby is how a player looks (the seat's own where none is chosen),
/// and no part of play: the state hash is the same in any colours.
#[test]
fn chosen_colours_are_worn_and_leave_the_game_alone() {
    let g = match_of(3, MatchRules::default());
    assert_eq!(
        (0..3).map(|s| g.seat_colour(s)).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    let coloured = g.clone().coloured(&[6, 6]);
    assert_eq!(
        (0..3).map(|s| coloured.seat_colour(s)).collect::<Vec<_>>(),
        [6, 6, 2]
    );
    assert_eq!(coloured.state_hash(), g.state_hash());
    // A colour past the palette's wraps round it rather than reaching past it.
    assert!(g.clone().coloured(&[200]).seat_colour(0) < crate::level::SEAT_COLOURS.len());
}

#[test]
fn a_deathmatch_players_automap_is_their_own_and_co_op_players_share_theirs() {
    let mut g = match_of(2, MatchRules::default());
    assert_eq!(g.seats[1].player.position, Vec2::new(6.5, 6.5));
    run_seats(&mut g, 12, &[Input::default(); 2]);
    assert!(g.is_explored(Cell::new(7, 1)), "what the viewer sees");
    assert!(
        !g.is_explored(Cell::new(6, 6)),
        "not the room behind the door, where the other player stands"
    );
    let mut coop = arena().seated(2);
    coop.seats[1].player.position = Vec2::new(6.5, 6.5);
    coop.explore();
    assert!(coop.is_explored(Cell::new(6, 6)), "co-op: what either sees");
}
