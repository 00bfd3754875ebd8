//! Enemies: what they see and hear, how they fight, drop and path; the player's shots at them.

use super::*;

#[test]
fn enemies_see_through_open_floor_not_walls_or_closed_doors() {
    let g = arena();
    let blocking = g.blocking();
    assert!(
        g.enemies[0].sees(Vec2::new(1.5, 2.5), &blocking),
        "down the open corridor"
    );
    // The gap at (2, 5) below the wall block (3, 4): in its field of view, out of its sight.
    assert!(
        !g.enemies[0].sees(Vec2::new(2.5, 5.5), &blocking),
        "the wall at (3, 4) is in the way"
    );
    // Behind it (outside its field of view) it does not see, though the line is clear.
    assert!(!g.enemies[0].sees(Vec2::new(7.5, 2.5), &blocking));
    // The second guard is behind the closed door (4, 6).
    assert!(
        !g.enemies[1].sees(Vec2::new(1.5, 6.5), &blocking),
        "the door blocks"
    );
    let mut open = g.clone();
    open.doors.start_opening(Cell::new(4, 6));
    for _ in 0..70 {
        open.doors.tick(&[], &mut Vec::new());
    }
    let blocking = open.blocking();
    assert!(
        open.enemies[1].sees(Vec2::new(1.5, 6.5), &blocking),
        "the open door does not"
    );
}

#[test]
fn hitscan_hits_the_enemy_in_front_and_not_through_walls() {
    let mut g = arena();
    let health = g.enemies[0].health;
    g.tick(&fire());
    assert!(g.enemies[0].health < health, "hit down the corridor");
    assert_eq!(g.seat().player.ammo, START_AMMO - 1);
    assert!(g.events.contains(&GameEvent::Shot {
        weapon: Weapon::Pistol,
        seat: 0
    }));
    assert!(
        g.puffs.iter().any(|p| p.blood),
        "blood where the guard was hit"
    );
    // Facing the wall block at (3, 4) with the second guard behind walls: nothing is hit.
    let mut g = arena();
    g.seat_mut().player.position = Vec2::new(1.5, 4.5);
    g.seat_mut().player.angle = 0.0;
    let before: Vec<i32> = g.enemies.iter().map(|e| e.health).collect();
    g.tick(&fire());
    assert_eq!(
        g.enemies.iter().map(|e| e.health).collect::<Vec<_>>(),
        before
    );
    let puff = g.puffs.last().expect("a puff where the shot hit the wall");
    assert!(!puff.blood);
    assert!(
        (puff.position.x - 2.95).abs() < 1e-9,
        "just before the wall at x = 3: {:?}",
        puff.position
    );
    // Out of ammo: no shot.
    g.seat_mut().player.ammo = 0;
    g.tick(&fire());
    assert_eq!(g.seat().player.ammo, 0);
}

#[test]
fn shooting_kills_and_counts() {
    let mut g = arena();
    let interval = g.level.arsenal.stats(Weapon::Pistol).interval as usize;
    for _ in 0..5 {
        g.tick(&fire());
        run(&mut g, interval, Input::default());
    }
    assert!(!g.enemies[0].alive(), "{:?}", g.enemies[0].state);
    assert_eq!(g.kills, 1);
    run(&mut g, 60, Input::default());
    assert_eq!(g.enemies[0].state, EnemyState::Dead);
}

#[test]
fn enemies_in_sight_shoot_the_player() {
    let mut g = arena();
    run(&mut g, 10 * TICK_HZ as usize, Input::default());
    assert!(
        g.seat().player.health < 100,
        "ten seconds in a guard's sight"
    );
    // The same game twice: the same wounds.
    let mut h = arena();
    run(&mut h, 10 * TICK_HZ as usize, Input::default());
    assert_eq!(g.seat().player.health, h.seat().player.health);
}

#[test]
fn paths_go_around_walls_and_through_doors() {
    let g = arena();
    let blocking = g.blocking();
    // From (2, 4) to (4, 4) the block at (3, 4) is in the way: the first step goes round it.
    let step = path_step(Cell::new(2, 4), Vec2::new(4.5, 4.5), &blocking).unwrap();
    assert_eq!(step, Cell::new(2, 3));
    // From behind the door to the corridor above: through the door (4, 6) and the gap (2, 5).
    let step = path_step(Cell::new(5, 6), Vec2::new(3.5, 3.5), &blocking).unwrap();
    assert_eq!(step, Cell::new(4, 6));
}

#[test]
fn ambushers_do_not_hear_gunfire() {
    let mut g = arena();
    g.doors.start_opening(Cell::new(4, 6));
    run(&mut g, 70, Input::default());
    // The ambusher turned away (it cannot see), the player shooting at the west wall.
    g.enemies[1].facing = 0.0;
    g.seat_mut().player.position = Vec2::new(1.5, 6.5);
    g.seat_mut().player.angle = 180.0;
    let mut hearing = g.clone();
    hearing.enemies[1].deaf = false;
    g.tick(&fire());
    hearing.tick(&fire());
    assert_eq!(
        g.enemies[1].state,
        EnemyState::Idle,
        "deaf until it sees the player"
    );
    let alerted = hearing.enemies[1].state;
    assert!(
        matches!(alerted, EnemyState::Chase | EnemyState::Attack),
        "a guard that is not deaf comes: {alerted:?}"
    );
}

#[test]
fn the_player_cannot_walk_into_an_enemy_but_can_back_away() {
    let mut g = arena();
    g.enemies[0].state = EnemyState::Dead; // out of the way
    g.enemies[1].position = Vec2::new(3.5, 2.5);
    g.enemies[1].state = EnemyState::Idle;
    g.enemies[1].deaf = true;
    g.enemies[1].facing = 0.0; // looking away
    run(&mut g, 60, forward());
    let gap = g.enemies[1].position.x - g.seat().player.position.x;
    assert!(
        (PLAYER_RADIUS + ENEMY_RADIUS - 0.06..0.7).contains(&gap),
        "stopped at the enemy: gap {gap}"
    );
    g.seat_mut().player.angle = 180.0;
    let before = g.seat().player.position.x;
    run(&mut g, 10, forward());
    assert!(
        g.seat().player.position.x < before,
        "backing away is allowed"
    );
}

#[test]
fn hurt_enemies_sometimes_duck_out_of_sight_one_cell_away() {
    let mut g = arena();
    g.enemies.truncate(1);
    g.enemies[0].position = Vec2::new(2.5, 3.5);
    g.enemies[0].facing = 90.0;
    g.seat_mut().player.position = Vec2::new(2.5, 6.5);
    let player = g.seat().player.position;
    // It sees the player through the gap at (2, 5); (3, 3) is behind the block at (3, 4).
    let blocking = g.blocking();
    assert!(g.enemies[0].sees(player, &blocking));
    assert_eq!(
        g.enemies[0].find_cover(player, &blocking),
        Some(Cell::new(3, 3))
    );
    // Hurt again and again, it takes that cover at least once and comes out again.
    let mut took_cover = false;
    for _ in 0..20 {
        g.enemies[0].health = 1000;
        g.enemies[0].hurt(1);
        for _ in 0..30 {
            g.tick(&Input::default());
            g.seat_mut().player.health = 100;
            if g.enemies[0].state == EnemyState::Cover {
                took_cover = true;
            }
        }
    }
    assert!(took_cover);
    run(&mut g, 300, Input::default());
    assert_ne!(g.enemies[0].state, EnemyState::Cover, "it comes out again");
}

#[test]
fn the_knife_reaches_only_arms_length_and_takes_over_when_the_rounds_run_out() {
    let mut g = arena();
    let health = g.enemies[0].health;
    g.tick(&Input {
        fire: true,
        weapon: Weapon::Knife.number(),
        ..Input::default()
    });
    assert_eq!(g.seat().weapon, Weapon::Knife);
    assert_eq!(
        g.enemies[0].health, health,
        "the guard is far down the corridor"
    );
    assert_eq!(g.seat().player.ammo, START_AMMO, "the knife costs nothing");
    // A pistol with one round left: the shot, then the knife in hand.
    let mut g = arena();
    g.seat_mut().player.ammo = 1;
    g.tick(&fire());
    assert_eq!((g.seat().player.ammo, g.seat().weapon), (0, Weapon::Knife));
}

#[test]
fn a_dead_guard_drops_a_clip() {
    let mut g = arena();
    let pickups = g.level.pickups.len();
    let saved = g.clone();
    g.enemies[0].health = 1;
    g.tick(&fire());
    assert_eq!(g.kills, 1);
    assert!(
        std::sync::Arc::ptr_eq(&g.level, &saved.level),
        "a drop is the game's state: the level stays shared with a saved state"
    );
    assert_eq!(g.pickups().count(), pickups + 1);
    assert_eq!(
        g.pickups().nth(pickups).map(|p| p.kind),
        Some(PickupKind::Ammo)
    );
    assert_eq!(g.drops.len(), 1);
    assert_eq!(
        g.level.pickups.len(),
        pickups,
        "the level itself is as loaded"
    );
}

#[test]
fn on_easy_a_third_of_the_enemies_stay_home_and_hits_hurt_half() {
    let level = Level::parse(ARENA, Path::new("levels/arena.toml"))
        .unwrap()
        .level;
    let all = level.enemies.len();
    let easy = Game::on(level.clone(), Difficulty::Easy);
    assert_eq!(easy.enemies.len(), all - all / 3);
    assert_eq!(Game::on(level, Difficulty::Hard).enemies.len(), all);
    assert_eq!(Difficulty::Easy.damage(8), 4);
    assert_eq!(Difficulty::Hard.damage(8), 12);
}

/// A long hall: the player at its west end, a guard at its east end, 14 tiles away.
const HALL: &str = r##"name = "hall"
grid = '''
##################
#................#
#................#
#................#
##################
'''
[legend]
"#" = { wall = "brick" }

[player]
position = [1.5, 2.5]
facing = "east"

[[enemy]]
kind = "guard"
position = [15.5, 2.5]
facing = "west"
"##;

#[test]
fn guards_close_to_firing_range_keep_it_and_never_stand_in_the_player() {
    let mut g = Game::new(
        Level::parse(HALL, Path::new("levels/hall.toml"))
            .unwrap()
            .level,
    );
    g.seat_mut().player.health = 10_000; // stands there however often it is hit
    let mut distances = Vec::new();
    for _ in 0..(20 * TICK_HZ) {
        g.tick(&Input::default());
        let d = (g.enemies[0].position - g.seat().player.position).length();
        assert!(d > PLAYER_RADIUS + ENEMY_RADIUS, "inside the player: {d}");
        distances.push(d);
    }
    assert!(g.seat().hurt.is_some(), "it attacked from range");
    // Balance: one guard against a player who stands in the open and never fights back
    // takes a while to kill them (the old guards took 62 health in 18 s).
    let lost = 10_000 - g.seat().player.health;
    eprintln!("one guard, 20 s in the open: {lost} health lost");
    assert!((10..100).contains(&lost), "{lost} health in 20 s");
    // After closing in, it stays between 2 and 5 tiles (a step's slack).
    let settled = &distances[10 * TICK_HZ as usize..];
    let (near, far) = settled
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &d| (lo.min(d), hi.max(d)));
    assert!(
        near >= 1.9 && far <= 5.2,
        "kept {near:.2} to {far:.2} tiles away"
    );
    // Walked up to the player, it backs off to its range.
    g.enemies[0].position = g.seat().player.position + Vec2::new(0.7, 0.0);
    run(&mut g, 5 * TICK_HZ as usize, Input::default());
    let d = (g.enemies[0].position - g.seat().player.position).length();
    assert!(d >= 1.9, "backed off to {d:.2}");
}
