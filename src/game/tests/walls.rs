//! Walls that move or are shaped: push walls, the automap, round pillars, shots and sight to
//! the texel.

use super::*;

fn corridor(row: &str) -> Game {
    let text = format!(
        "name = \"push\"\ngrid = '''\n{}\n{row}\n{}\n'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"P\" = {{ push = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n",
        "#".repeat(row.len()),
        "#".repeat(row.len())
    );
    Game::new(
        Level::parse(&text, Path::new("levels/push.toml"))
            .unwrap()
            .level,
    )
}

#[test]
fn a_push_wall_slides_two_cells_from_the_player() {
    let mut g = corridor("#@.P...#");
    run(&mut g, 40, forward());
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    assert_eq!(g.pushwalls.found(), (1, 1));
    assert!(g.pushwalls.block_at(Cell::new(3, 1)).is_some(), "moving");
    run(&mut g, 3 * TICK_HZ as usize, Input::default());
    assert_eq!(g.level.map.get(Cell::new(3, 1)), Some(Tile::Empty));
    assert_eq!(g.level.map.get(Cell::new(4, 1)), Some(Tile::Empty));
    assert_eq!(
        g.level.map.get(Cell::new(5, 1)),
        Some(Tile::PushWall),
        "two cells on"
    );
    assert_eq!(g.pushwalls.block_at(Cell::new(5, 1)), None, "stopped");
    // Used once: pushing again does nothing.
    run(&mut g, 40, forward());
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    run(&mut g, 2 * TICK_HZ as usize, Input::default());
    assert_eq!(g.level.map.get(Cell::new(5, 1)), Some(Tile::PushWall));
}

#[test]
fn a_push_wall_stops_at_a_wall_and_needs_room_to_start() {
    let mut g = corridor("#@.P.#");
    run(&mut g, 40, forward());
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    run(&mut g, 3 * TICK_HZ as usize, Input::default());
    assert_eq!(
        g.level.map.get(Cell::new(4, 1)),
        Some(Tile::PushWall),
        "one cell: the wall at (5, 1) stops it"
    );
    let mut g = corridor("#@.P#");
    run(&mut g, 40, forward());
    let saved = g.clone();
    g.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    assert_eq!(g.pushwalls.found(), (0, 1), "no room: not moved, not found");
    assert_eq!(g.level.map.get(Cell::new(3, 1)), Some(Tile::PushWall));
    assert!(
        std::sync::Arc::ptr_eq(&g.level, &saved.level),
        "a push that does not start leaves the level shared"
    );
}

#[test]
fn the_automap_fills_in_what_the_player_has_seen() {
    let mut g = arena();
    // From (1.5, 2.5): the room and its walls, and through the gap at (2, 5) a slice of the
    // corridor below, but not its west end round the corner, nor the room behind the door.
    assert!(g.is_explored(Cell::new(7, 1)) && g.is_explored(Cell::new(8, 3)));
    assert!(g.is_explored(Cell::new(3, 7)), "through the gap");
    assert!(!g.is_explored(Cell::new(6, 6)), "behind the closed door");
    assert!(!g.is_explored(Cell::new(1, 6)), "round the corner");
    // Walking down through the gap shows the whole corridor.
    g.seat_mut().player.position = Vec2::new(2.5, 6.5);
    g.explore();
    assert!(g.is_explored(Cell::new(1, 6)) && g.is_explored(Cell::new(0, 6)));
    assert!(!g.is_explored(Cell::new(6, 6)), "the door is still closed");
    assert!(g.is_explored(Cell::new(7, 1)), "what was seen stays seen");
}

#[test]
fn the_player_slides_around_a_round_pillar() {
    let level = Level::parse(PILLAR_HALL, Path::new("levels/pillar.toml"))
        .unwrap()
        .level;
    let mut g = Game::new(level);
    let centre = Vec2::new(4.5, 2.5);
    let mut nearest = f64::INFINITY;
    let mut inside_cell = false;
    for _ in 0..200 {
        g.tick(&forward());
        let p = g.seat().player.position;
        nearest = nearest.min((p - centre).length());
        inside_cell |= Cell::containing(p) == Cell::new(4, 2);
    }
    let p = g.seat().player.position;
    // It walked into the pillar's cell (a square wall would have stopped it a radius before
    // x = 4), kept clear of the pillar by about its radius, and slid past it to the east.
    assert!(inside_cell, "never entered the pillar's cell");
    let clearance = 0.3 + PLAYER_RADIUS;
    assert!(
        nearest > clearance - 0.05 && nearest < clearance + 0.05,
        "nearest {nearest}"
    );
    assert!(p.x > 5.5, "slid past: {p:?}");
    assert!(p.y > 2.6, "deflected south, the side it was on: {p:?}");
}

/// A corridor with a thin north-south wall at (4, 1), in the middle of its cell, and a guard
/// beyond it at (6.5, 1.5); a slit wall at (4, 3) with the channel north-south.
const SHAPED_RANGE: &str = r##"name = "range"
grid = '''
#########
#...t...#
#.......#
#...s...#
#.......#
#########
'''
[legend]
"#" = { wall = "brick" }
"t" = { wall = "wood", shape = "thin_ns" }
"s" = { wall = "stone", shape = "slit_ns" }
[player]
position = [1.5, 1.5]
facing = "east"
[[enemy]]
kind = "guard"
position = [6.5, 1.5]
facing = "west"
"##;

fn shaped_range() -> Game {
    Game::new(
        Level::parse(SHAPED_RANGE, Path::new("levels/range.toml"))
            .unwrap()
            .level,
    )
}

#[test]
fn shots_and_sight_meet_shapes_to_the_texel() {
    let mut g = shaped_range();
    let health = g.enemies[0].health;
    // Straight at the guard: the thin wall (x from 4.4375 to 4.5625) takes the shot, at its
    // west face, inside the cell.
    g.tick(&fire());
    assert_eq!(g.enemies[0].health, health, "the thin wall is in the way");
    let puff = g.puffs.last().expect("a puff on the thin wall");
    assert!(!puff.blood);
    assert!(
        (puff.position.x - (4.4375 - 0.05)).abs() < 1e-9,
        "{:?}",
        puff.position
    );
    let blocking = g.blocking();
    assert!(!g.enemies[0].sees(g.seat().player.position, &blocking));
    // The open part of that cell is open: sight reaches into it, and a guard standing there
    // is shot.
    let blocking = g.blocking();
    let open_part = Vec2::new(4.25, 1.5);
    assert!(crate::grid::line_of_sight(
        &blocking,
        g.seat().player.position,
        open_part
    ));
    assert!(!crate::grid::line_of_sight(
        &blocking,
        g.seat().player.position,
        Vec2::new(4.75, 1.5)
    ));
    g.enemies[0].position = Vec2::new(4.15, 1.5);
    g.tick(&Input::default());
    run(&mut g, 40, Input::default());
    let before = g.enemies[0].health;
    g.tick(&fire());
    assert!(g.enemies[0].health < before, "hit in the cell's open part");
    assert!(g.puffs.last().is_some_and(|p| p.blood));
    // The slit: from straight south the channel is clear, from beside it the wall is not.
    let slit = |from: Vec2, to: Vec2| crate::grid::line_of_sight(&g.blocking(), from, to);
    assert!(
        slit(Vec2::new(4.5, 4.5), Vec2::new(4.5, 2.5)),
        "down the channel"
    );
    assert!(!slit(Vec2::new(4.3, 4.5), Vec2::new(4.3, 2.5)), "beside it");
    assert!(
        !slit(Vec2::new(4.5, 4.5), Vec2::new(5.5, 2.0)),
        "slanting across it"
    );
}

#[test]
fn a_fireball_bursts_on_a_thin_walls_texel() {
    let mut g = shaped_range();
    g.seat_mut().player.arm(Weapon::Launcher);
    g.seat_mut().player.rounds = 10;
    g.seat_mut().weapon = Weapon::Launcher;
    g.tick(&fire());
    for _ in 0..200 {
        g.tick(&Input::default());
        if g.projectiles.is_empty() {
            break;
        }
    }
    assert!(g.projectiles.is_empty(), "it burst");
    let puff = g.puffs.last().expect("a burst");
    assert!(
        (puff.position.x - 4.4375).abs() < 1e-9 && (puff.position.y - 1.5).abs() < 1e-9,
        "on the thin wall's west face: {:?}",
        puff.position
    );
    assert_eq!(g.enemies[0].health, shaped_range().enemies[0].health);
}
