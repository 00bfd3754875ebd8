//! The rules of round three: the arsenal, the bestiary, scores, lives and pickups.

use super::{ARENA, arena, fire, run};
use crate::game::*;
use crate::level::{Level, PickupKind, PickupSpawn, Treasure};
use crate::math::Vec2;
use std::path::Path;

/// The arena with its first enemy (in sight down the corridor) of `kind`.
fn arena_with(kind: &str) -> Game {
    let text = ARENA.replacen("kind = \"guard\"", &format!("kind = \"{kind}\""), 1);
    Game::new(
        Level::parse(&text, Path::new("levels/arena.toml"))
            .unwrap()
            .level,
    )
}

/// A game with no enemies in the arena, the player holding `weapon` with rounds for it.
fn range(weapon: Weapon) -> Game {
    let mut g = arena();
    g.enemies.clear();
    g.seat_mut().player.arm(weapon);
    (g.seat_mut().player.ammo, g.seat_mut().player.rounds) = (MAX_AMMO, MAX_ROUNDS);
    (g.seat_mut().weapon, g.seat_mut().chosen) = (weapon, weapon);
    g
}

/// Shots fired over `ticks` ticks of `input`.
fn shots(g: &mut Game, ticks: usize, input: impl Fn(usize) -> Input) -> usize {
    let mut shots = 0;
    for t in 0..ticks {
        g.tick(&input(t));
        shots += g
            .events
            .iter()
            .filter(|e| matches!(e, GameEvent::Shot { .. }))
            .count();
    }
    shots
}

/// A pickup of `kind` under the player's feet, taken on the next tick.
fn lay(g: &mut Game, kind: PickupKind) {
    let position = g.seat().player.position;
    Arc::make_mut(&mut g.level).pickups.push(PickupSpawn {
        kind,
        position,
        difficulty: None,
    });
    g.pickups_left.push(true);
}

#[test]
fn automatic_weapons_fire_while_held_and_the_others_once_a_press() {
    let held = |_| fire();
    // A second of fire held: the machine gun six times, the chaingun twelve, the pistol once.
    assert_eq!(shots(&mut range(Weapon::MachineGun), 60, held), 6);
    assert_eq!(shots(&mut range(Weapon::Chaingun), 60, held), 12);
    assert_eq!(shots(&mut range(Weapon::Pistol), 60, held), 1);
    assert_eq!(shots(&mut range(Weapon::Knife), 60, held), 1);
    // Pressed and let go every ten ticks: the pistol as fast as it reloads, three a second.
    let tapped = |t: usize| if t % 10 < 5 { fire() } else { Input::default() };
    assert_eq!(shots(&mut range(Weapon::Pistol), 60, tapped), 3);
    // A press while it reloads, held: it fires as soon as it can.
    let mut g = range(Weapon::Pistol);
    g.tick(&fire());
    g.tick(&Input::default());
    assert_eq!(shots(&mut g, 25, held), 1);
}

#[test]
fn the_guns_share_bullets_and_the_launcher_has_its_own_rounds() {
    let mut g = range(Weapon::Chaingun);
    g.seat_mut().player.ammo = 3;
    assert_eq!(shots(&mut g, 60, |_| fire()), 3);
    assert_eq!(g.seat().player.ammo, 0);
    assert_eq!(g.seat().weapon, Weapon::Knife, "out of bullets: the knife");
    assert_eq!(
        g.seat().player.rounds,
        MAX_ROUNDS,
        "the launcher's rounds untouched"
    );
    // A clip puts the chosen gun back in hand.
    lay(&mut g, PickupKind::Ammo);
    g.tick(&Input::default());
    assert_eq!(
        (g.seat().weapon, g.seat().player.ammo),
        (Weapon::Chaingun, 8)
    );
    let mut g = range(Weapon::Launcher);
    g.seat_mut().player.rounds = 1;
    assert_eq!(shots(&mut g, 60, |_| fire()), 1);
    assert_eq!(g.seat().player.ammo, MAX_AMMO, "no bullets spent");
    assert_eq!(
        g.seat().weapon,
        Weapon::Pistol,
        "out of rounds: the best gun carried"
    );
}

#[test]
fn a_weapon_pickup_arms_the_player_and_comes_to_hand_if_better() {
    let mut g = arena();
    g.enemies.clear();
    // Not carried: the number key does nothing.
    g.tick(&Input {
        weapon: Weapon::MachineGun.number(),
        ..Input::default()
    });
    assert_eq!(g.seat().weapon, Weapon::Pistol);
    lay(&mut g, PickupKind::Weapon(Weapon::MachineGun));
    g.tick(&Input::default());
    assert!(g.seat().player.has(Weapon::MachineGun));
    assert_eq!(
        g.seat().weapon,
        Weapon::MachineGun,
        "better than the pistol"
    );
    assert_eq!(g.seat().player.ammo, START_AMMO + 6, "with bullets");
    lay(&mut g, PickupKind::Weapon(Weapon::Launcher));
    g.tick(&Input {
        weapon: Weapon::Pistol.number(),
        ..Input::default()
    });
    assert_eq!(g.seat().player.rounds, 4);
    assert_eq!(
        g.seat().weapon,
        Weapon::Launcher,
        "the launcher outguns the pistol chosen"
    );
    g.tick(&Input {
        weapon: Weapon::MachineGun.number(),
        ..Input::default()
    });
    assert_eq!(
        g.seat().weapon,
        Weapon::MachineGun,
        "now carried: the key takes it"
    );
    // Not over a better gun: the launcher found with the chaingun in hand stays in the bag.
    let mut g = range(Weapon::Chaingun);
    lay(&mut g, PickupKind::Weapon(Weapon::Launcher));
    g.tick(&Input::default());
    assert!(g.seat().player.has(Weapon::Launcher));
    assert_eq!(g.seat().weapon, Weapon::Chaingun);
    // Nor a gun already carried, nor a worse one.
    lay(&mut g, PickupKind::Weapon(Weapon::MachineGun));
    g.tick(&Input::default());
    assert_eq!(g.seat().weapon, Weapon::Chaingun);
}

#[test]
fn kills_score_their_kinds_points_and_drop_their_kinds_pickup() {
    for (kind, points, drop) in [
        ("guard", 100, Some(PickupKind::Ammo)),
        ("officer", 400, Some(PickupKind::Ammo)),
        ("ss", 500, Some(PickupKind::Weapon(Weapon::MachineGun))),
        ("dog", 200, None),
        ("mutant", 700, Some(PickupKind::Ammo)),
    ] {
        let mut g = arena_with(kind);
        // Close, where no shot misses.
        (g.enemies[0].health, g.enemies[0].position.x) = (1, 2.5);
        let pickups = g.pickups().count();
        g.tick(&fire());
        assert_eq!((g.kills, g.seat().score), (1, points), "{kind}");
        assert_eq!(g.pickups().nth(pickups).map(|p| p.kind), drop, "{kind}");
    }
    // A player who has the SS's machine gun gets a clip from it instead (Wolfenstein 3D's).
    let mut g = arena_with("ss");
    (g.enemies[0].health, g.enemies[0].position.x) = (1, 2.5);
    g.seat_mut().player.arm(Weapon::MachineGun);
    let pickups = g.pickups().count();
    g.tick(&fire());
    assert_eq!(
        g.pickups().nth(pickups).map(|p| p.kind),
        Some(PickupKind::Ammo)
    );
}

/// What each hit of `weapon` took from a guard `cells` east of the player that has noticed
/// them (with health to spare), over 400 seeds: `None` for a miss.
fn hits_at(weapon: Weapon, cells: f64) -> Vec<Option<i32>> {
    (0..400)
        .map(|seed| {
            let mut g = range(weapon);
            g.rng = Rng::new(seed);
            let mut guard = arena().enemies[0].clone();
            guard.position = g.seat().player.position + Vec2::new(cells, 0.0);
            guard.health = 1000;
            guard.hear();
            g.enemies.push(guard);
            g.tick(&fire());
            let lost = 1000 - g.enemies[0].health;
            let hit = g
                .events
                .iter()
                .any(|e| matches!(e, GameEvent::EnemyPain { .. }));
            hit.then_some(lost)
        })
        .collect()
}

#[test]
fn a_guns_damage_and_aim_fall_with_distance_as_in_wolfenstein_3d() {
    let stats = |hits: &[Option<i32>]| {
        let landed: Vec<i32> = hits.iter().flatten().copied().collect();
        let mean = f64::from(landed.iter().sum::<i32>()) / landed.len().max(1) as f64;
        let (least, most) = (landed.iter().min().copied(), landed.iter().max().copied());
        (landed.len(), mean, least, most)
    };
    for weapon in [Weapon::Pistol, Weapon::Chaingun] {
        // Within 2 cells: every shot lands, 0 to 63 (a roll of 0 to 255 over 4).
        let (landed, close, least, most) = stats(&hits_at(weapon, 1.0));
        assert_eq!(landed, 400, "{weapon:?}");
        assert!(
            least >= Some(0) && most <= Some(63) && most >= Some(55),
            "{least:?} {most:?}"
        );
        assert!((27.0..37.0).contains(&close), "{weapon:?}: {close}");
        // At 3: every shot lands, two thirds as hard (0 to 42).
        let (landed, middle, _, most) = stats(&hits_at(weapon, 3.0));
        assert_eq!(landed, 400, "{weapon:?}");
        assert!(
            most <= Some(42) && (17.0..25.0).contains(&middle),
            "{middle} {most:?}"
        );
        // At 6 (the arena's longest line) 28% miss: a roll of 0 to 255 over 12 under 6.
        let (landed, _, _, most) = stats(&hits_at(weapon, 6.0));
        assert!((255..320).contains(&landed) && most <= Some(42), "{landed}");
    }
}

#[test]
fn an_enemy_that_has_not_noticed_the_player_takes_double_damage() {
    let mut g = range(Weapon::Pistol);
    let mut guard = arena().enemies[0].clone();
    guard.position = g.seat().player.position + Vec2::new(1.0, 0.0);
    guard.health = 1000;
    assert!(guard.unaware());
    g.enemies.push(guard);
    let mut most = 0;
    for seed in 0..200 {
        let mut g = g.clone();
        g.rng = Rng::new(seed);
        g.tick(&fire());
        most = most.max(1000 - g.enemies[0].health);
        assert!(!g.enemies[0].unaware(), "the shot's pain alerts it");
    }
    assert!((100..=126).contains(&most), "{most}");
}

#[test]
fn treasure_is_worth_its_kind_and_every_40000_points_a_life() {
    let mut g = arena();
    g.enemies.clear();
    for (t, points) in Treasure::ALL.iter().zip([100, 500, 1_000, 5_000]) {
        let before = g.seat().score;
        lay(&mut g, PickupKind::Treasure(*t));
        g.tick(&Input::default());
        assert_eq!(g.seat().score - before, points, "{t:?}");
    }
    assert_eq!(g.treasure, 4);
    let lives = g.seat().lives;
    g.add_points(EXTRA_LIFE_POINTS - g.seat().score - 1);
    assert_eq!(g.seat().lives, lives, "one point short");
    lay(&mut g, PickupKind::Treasure(Treasure::Cross));
    g.tick(&Input::default());
    assert_eq!(g.seat().lives, lives + 1);
    assert!(g.events.contains(&GameEvent::ExtraLife { seat: 0 }));
    // Two thresholds at once, two lives.
    g.add_points(2 * EXTRA_LIFE_POINTS);
    assert_eq!(g.seat().lives, lives + 3);
    assert_eq!(g.seat().next_life, 4 * EXTRA_LIFE_POINTS);
    // The top of the range: no more lives than the most, and no endless loop.
    g.add_points(u32::MAX);
    assert_eq!((g.seat().score, g.seat().lives), (u32::MAX, MAX_LIVES));
}

#[test]
fn food_first_aid_and_one_ups_heal_as_much_as_they_say() {
    let mut g = arena();
    g.enemies.clear();
    lay(&mut g, PickupKind::Food);
    g.tick(&Input::default());
    assert!(g.pickups_left[0], "not needed at full health: left lying");
    g.seat_mut().player.health = 50;
    g.tick(&Input::default());
    assert_eq!(g.seat().player.health, 60);
    lay(&mut g, PickupKind::FirstAid);
    g.tick(&Input::default());
    assert_eq!(g.seat().player.health, 85);
    let (lives, ammo) = (g.seat().lives, g.seat().player.ammo);
    lay(&mut g, PickupKind::OneUp);
    g.tick(&Input::default());
    assert_eq!(
        (g.seat().player.health, g.seat().lives, g.seat().player.ammo),
        (MAX_HEALTH, lives + 1, ammo + 25)
    );
}

#[test]
fn a_dog_runs_at_the_player_and_bites_only_within_reach() {
    let mut g = arena_with("dog");
    let start = (g.enemies[0].position - g.seat().player.position).length();
    let mut bites = Vec::new();
    for _ in 0..600 {
        g.tick(&Input::default());
        for e in &g.events {
            if let GameEvent::PlayerHurt { from, .. } = e {
                bites.push((*from - g.seat().player.position).length());
            }
        }
    }
    assert!(start > 4.0);
    assert!(!bites.is_empty(), "ten seconds beside a dog");
    assert!(
        bites
            .iter()
            .all(|&d| d <= crate::level::kinds::BITE_REACH + 0.15),
        "bitten from afar: {bites:?}"
    );
}

#[test]
fn the_ss_fires_bursts_and_the_mutant_neither_shouts_nor_aims() {
    let mut g = arena_with("ss");
    let mut shots = Vec::new();
    for t in 0..600 {
        g.seat_mut().player.health = 100;
        g.tick(&Input::default());
        shots.extend(
            g.events
                .iter()
                .filter(|e| matches!(e, GameEvent::EnemyShot { enemy: 0, .. }))
                .map(|_| t),
        );
    }
    // Shots a tenth of a second apart come in bursts of three.
    let bursts = shots.windows(3).filter(|w| w[2] - w[0] <= 14).count();
    assert!(bursts > 0, "{shots:?}");
    let mut g = arena_with("mutant");
    let mut first_shot = None;
    for t in 0..600 {
        g.seat_mut().player.health = 100;
        g.tick(&Input::default());
        assert!(
            !g.events
                .iter()
                .any(|e| matches!(e, GameEvent::EnemyAlert { enemy: 0, .. })),
            "a mutant does not shout"
        );
        if first_shot.is_none()
            && g.events
                .iter()
                .any(|e| matches!(e, GameEvent::EnemyShot { enemy: 0, .. }))
        {
            first_shot = Some(t);
        }
    }
    assert!(first_shot.is_some(), "but it fires");
}

/// The boss falls for two seconds, then drops his gold key; the level goes on (his key opens
/// the way to the exit, as in Wolfenstein 3D).
#[test]
fn the_boss_falls_slowly_and_leaves_his_key_not_the_level() {
    let mut g = arena_with("boss");
    g.enemies[0].health = 1;
    g.tick(&fire());
    assert_eq!(g.seat().score, 5_000);
    run(&mut g, 60, Input::default());
    assert_eq!(
        g.enemies[0].state,
        crate::game::EnemyState::Dying,
        "still falling"
    );
    run(&mut g, 90, Input::default());
    assert_eq!(g.enemies[0].state, crate::game::EnemyState::Dead, "down");
    assert!(!g.finished, "the level goes on");
    assert_eq!(
        g.pickups().last().map(|p| p.kind),
        Some(PickupKind::Key(crate::level::KeyColour::Gold))
    );
}

/// A corridor with a barrel in cell (3, 2) and a suit of armour in (5, 2), the player at its
/// west end facing east, a guard at its east end, a lamp hanging over (2, 1).
const FURNISHED: &str = r##"name = "furnished"
grid = '''
##########
#........#
#..b.p..g#
#........#
##########
'''
[legend]
"#" = { wall = "brick" }
"b" = { decoration = "barrel" }
"p" = { decoration = "armour" }
"g" = { enemy = "guard", facing = "west", mode = "ambush" }

[player]
position = [1.5, 2.5]
facing = "east"

[[decoration]]
kind = "lamp"
position = [2.5, 1.5]
"##;

fn furnished() -> Game {
    Game::new(
        Level::parse(FURNISHED, Path::new("levels/furnished.toml"))
            .unwrap()
            .level,
    )
}

#[test]
fn decorations_in_the_way_stop_walking_but_never_shots_or_sight() {
    let mut g = furnished();
    assert_eq!(g.level.decorations.len(), 3);
    // Walking east: stopped a radius before the barrel's cell; a lamp overhead stops nothing.
    run(&mut g, 120, super::forward());
    assert!(
        (g.seat().player.position.x - (3.0 - PLAYER_RADIUS)).abs() < 1e-9,
        "{:?}",
        g.seat().player.position
    );
    let mut lamp = furnished();
    lamp.seat_mut().player.position = Vec2::new(1.5, 1.5);
    run(&mut lamp, 60, super::forward());
    assert!(lamp.seat().player.position.x > 3.0, "under the lamp and on");
    // Bullets pass the barrel's and the suit of armour's cells (as Wolfenstein 3D's do)
    // to the guard, or the wall behind him where the shot missed.
    let mut g = furnished();
    g.tracing = true;
    g.tick(&fire());
    let shot = g
        .traces
        .iter()
        .find(|t| t.kind == TraceKind::Bullet)
        .unwrap();
    assert!(shot.hit.is_some_and(|h| h.x > 8.0), "{:?}", shot.hit);
    let blocking = g.blocking();
    assert!(
        g.enemies[0].sees(g.seat().player.position, &blocking),
        "and sight"
    );
    // Nor does an enemy path through a barrel: round it.
    assert!(!blocking.walkable_for_enemies(crate::grid::Cell::new(3, 2)));
    assert!(
        blocking.walkable_for_enemies(crate::grid::Cell::new(2, 1)),
        "the lamp's cell"
    );
}

#[test]
fn the_knife_is_the_weak_last_resort() {
    // Every stab does 0 to 15 (Wolfenstein 3D's): a guard (25 health) that has seen the
    // player never falls to one.
    let mut most = 0;
    for seed in 0..200 {
        let mut g = arena();
        g.rng = Rng::new(seed);
        g.enemies[0].position = g.seat().player.position + Vec2::new(0.8, 0.0);
        g.enemies[0].hear();
        g.seat_mut().player.weapons = vec![Weapon::Knife, Weapon::Pistol];
        (g.seat_mut().weapon, g.seat_mut().chosen) = (Weapon::Knife, Weapon::Knife);
        let health = g.enemies[0].health;
        g.tick(&fire());
        let lost = health - g.enemies[0].health;
        assert!((0..=15).contains(&lost), "seed {seed}: a stab took {lost}");
        most = most.max(lost);
    }
    assert!(most >= 13, "{most}");
}

/// The package's minor version moves with the rules ([`RULES_VERSION`]'s note): a save or a
/// recording of other rules was written by another version, and its refusal says so.
#[test]
fn the_package_version_moves_with_the_rules() {
    let minor: u32 = env!("CARGO_PKG_VERSION_MINOR").parse().unwrap();
    assert_eq!(
        minor,
        crate::game::RULES_VERSION,
        "raise the version's minor with the rules"
    );
}
