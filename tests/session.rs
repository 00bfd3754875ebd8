//! Sessions: the episode from level to level, and live reload of an edited level.

use std::path::Path;
use std::time::{Duration, SystemTime};

use tilecaster::episode::Session;
use tilecaster::game::{Input, Weapon};
use tilecaster::geom::Vec2;
use tilecaster::grid::Cell;
use tilecaster::map::Tile;

use crate::common;
use common::{scratch, walk_through_the_door};

/// Stands the player on the current level's first exit, uses it, and moves on from the tally
/// screen; whether the episode's end played out first ([`use_exit_at`]).
fn reach_exit(s: &mut Session) -> bool {
    let exit = s.game.level.exits[0];
    use_exit_at(s, exit)
}

/// Stands the player on the exit at `cell`, uses it, watches the episode's end play out where
/// it is the last exit (the player running out; use does not cut it short in its first half
/// second), and moves on from the tally screen (which ignores use for its first second);
/// whether the episode's end played.
fn use_exit_at(s: &mut Session, cell: Cell) -> bool {
    s.game.seat_mut().player.position = Vec2::new(cell.x as f64 + 0.5, cell.y as f64 + 0.5);
    s.tick(&Input::default());
    assert!(
        s.intermission.is_none(),
        "standing on the exit is not using it"
    );
    let use_it = Input {
        use_pressed: true,
        ..Input::default()
    };
    s.tick(&use_it);
    let victory = s.victory.is_some();
    if victory {
        assert!(s.intermission.is_none(), "the player runs out first");
        for _ in 0..tilecaster::episode::VICTORY_SKIP_TICKS {
            s.tick(&use_it);
        }
        assert!(s.victory.is_some(), "not cut short at once");
        let mut ticks = tilecaster::episode::VICTORY_SKIP_TICKS;
        while s.victory.is_some() {
            s.tick(&Input::default());
            ticks += 1;
            assert!(ticks <= tilecaster::episode::VICTORY_TICKS, "it ends");
        }
    }
    let (tally, _) = s.intermission.clone().expect("the tally screen");
    assert_eq!(tally.name, s.game.level.name);
    for _ in 0..60 {
        s.tick(&use_it);
    }
    assert!(s.intermission.is_some(), "still up within its first second");
    s.tick(&use_it);
    assert!(s.intermission.is_none());
    victory
}

#[test]
fn the_episode_goes_from_level_to_level_to_the_end() {
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    assert_eq!(s.message(), Some("Entry Hall"));
    s.game.seat_mut().score = 300;
    s.game.kills = 1;
    let mut enemies = s.game.enemies.len() as u32;
    assert!(!reach_exit(&mut s), "no victory at the first level's exit");
    enemies += s.game.enemies.len() as u32;
    s.game.kills = 2;
    assert!(s.path().ends_with("e1m2.tmx"), "{}", s.path().display());
    // The score carries over, with the level's bonus (seconds under par, at least).
    let bonus = s.tallies[0].bonus();
    assert!(bonus >= 500, "{bonus}");
    assert_eq!(s.game.seat().score, 300 + bonus, "the score carries over");
    assert_eq!(s.message(), Some("Cell Block"));
    // On through the rest: the first exit of Storerooms (e1m5) is its secret one, to the secret
    // level, which returns to the level after Storerooms.
    let mut files = vec!["e1m1.toml".to_string(), "e1m2.tmx".to_string()];
    while !s.complete {
        let victory = reach_exit(&mut s);
        assert_eq!(
            victory, s.complete,
            "the player runs out at the episode's end only"
        );
        if !s.complete {
            files.push(s.path().file_name().unwrap().to_string_lossy().into_owned());
            enemies += s.game.enemies.len() as u32;
        }
    }
    assert_eq!(files, common::EPISODE);
    // The end screen's tallies are the episode's, not the last level's.
    let totals = s.totals();
    let bonuses: u32 = s.tallies.iter().map(|t| t.bonus()).sum();
    assert_eq!(
        (totals.kills, totals.enemies, totals.score),
        (3, enemies, 300 + bonuses)
    );
    assert!(enemies > 3);
    let ticks = s.total_ticks;
    s.tick(&Input::default());
    assert_eq!(s.total_ticks, ticks, "the clock stops at the end");
}

fn write_level(path: &Path, grid: &str, age_seconds: u64) {
    let text = format!(
        "name = \"live\"\ngrid = '''\n{grid}'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n"
    );
    write_aged(path, text.as_bytes(), age_seconds);
}

/// Writes `bytes` to `path`, dated `age_seconds` ago (so that two writes within a clock tick
/// still differ in time, as two saves by an editor would).
fn write_aged(path: &Path, bytes: &[u8], age_seconds: u64) {
    std::fs::write(path, bytes).unwrap();
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - Duration::from_secs(age_seconds))
        .unwrap();
}

/// A tileset of two wall tiles with these textures.
fn tileset(first: &str, second: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="walls" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="tiles.png" width="64" height="32"/>
 <tile id="0"><properties><property name="texture" value="{first}"/></properties></tile>
 <tile id="1"><properties><property name="texture" value="{second}"/></properties></tile>
</tileset>
"#
    )
}

/// A 6x4 Tiled map on `walls.tsx` (and, with `more`, on `more.tsx` from GID 3): the wall at
/// (1, 0) is walls' second tile, the one at (2, 0) more's first where there is more.
fn tiled_map(more: bool) -> String {
    let (other, tile) = if more {
        (r#" <tileset firstgid="3" source="more.tsx"/>"#, 3)
    } else {
        ("", 1)
    };
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="6" height="4" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" source="walls.tsx"/>
{other}
 <layer id="1" name="walls" width="6" height="4">
  <data encoding="csv">
1,2,{tile},1,1,1,
1,0,0,0,0,1,
1,0,0,0,0,1,
1,1,1,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="things">
  <object id="1" type="player" x="48" y="48"><point/></object>
 </objectgroup>
</map>
"#
    )
}

/// The texture on the north face of the wall at (x, y) of the session's level.
fn wall_texture(s: &Session, x: i32, y: i32) -> String {
    let level = &s.current().level;
    let style = &level.styles[usize::from(level.map.style(Cell::new(x, y)))];
    style.faces.as_ref().expect("a wall")[0].clone()
}

/// A Tiled map's tilesets are the level as much as the map is: Tiled saves them on their own,
/// and live reload takes each save, a broken one included (the last good level stays), and
/// a tileset the map names for the first time.
#[test]
fn editing_a_tileset_of_the_map_reloads_it() {
    let dir = scratch("live-tileset");
    let map = dir.join("live.tmx");
    // As Tiled saves a tileset: `name` with its two tiles' textures, dated `age` seconds ago.
    let save_tileset = |name: &str, first: &str, second: &str, age: u64| {
        write_aged(&dir.join(name), tileset(first, second).as_bytes(), age);
    };
    save_tileset("walls.tsx", "brick", "brick", 100);
    write_aged(&map, tiled_map(false).as_bytes(), 100);
    let textures = std::fs::canonicalize("textures").unwrap();
    let mut s = Session::start(&map, Some(textures.as_path())).unwrap();
    assert!(!s.reload_if_changed(), "nothing changed yet");
    assert_eq!(wall_texture(&s, 1, 0), "brick");

    save_tileset("walls.tsx", "brick", "wood", 90);
    assert!(s.reload_if_changed(), "the tileset changed");
    assert_eq!(s.message(), Some("reloaded"));
    assert_eq!(wall_texture(&s, 1, 0), "wood");
    assert!(!s.reload_if_changed(), "once per change");

    // Broken in the tileset: reported there, the last good level kept; mended: reloaded.
    save_tileset("walls.tsx", "brick", "no such/texture", 80);
    assert!(s.reload_if_changed());
    let message = s.message().unwrap();
    assert!(
        message.starts_with("reload failed, kept the last good level:"),
        "{message}"
    );
    assert!(message.contains("walls.tsx:5:"), "{message}");
    assert_eq!(wall_texture(&s, 1, 0), "wood");
    save_tileset("walls.tsx", "brick", "stone", 70);
    assert!(s.reload_if_changed(), "the mended tileset");
    assert_eq!(wall_texture(&s, 1, 0), "stone");

    // The map takes on a second tileset, broken; mending it reloads, although the last good
    // level never used it.
    save_tileset("more.tsx", "no such/texture", "brick", 60);
    write_aged(&map, tiled_map(true).as_bytes(), 60);
    assert!(s.reload_if_changed());
    let message = s.message().unwrap();
    assert!(message.contains("more.tsx:4:"), "{message}");
    save_tileset("more.tsx", "metal", "brick", 50);
    assert!(s.reload_if_changed(), "the mended new tileset");
    assert_eq!(s.message(), Some("reloaded"));
    assert_eq!(wall_texture(&s, 2, 0), "metal");
    assert!(!s.reload_if_changed(), "once per change");
    save_tileset("more.tsx", "concrete", "brick", 40);
    assert!(s.reload_if_changed(), "watched from now on");
    assert_eq!(wall_texture(&s, 2, 0), "concrete");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A shaped wall's PNG mask is reloaded when it is drawn again.
#[test]
fn editing_a_shape_mask_reloads_the_level() {
    let dir = scratch("live-mask");
    std::fs::create_dir_all(dir.join("masks")).unwrap();
    let write_mask = |solid_columns: u32, age: u64| {
        let image = image::RgbaImage::from_fn(8, 8, |x, _| {
            image::Rgba([200, 200, 200, if x < solid_columns { 255 } else { 0 }])
        });
        let mut png = Vec::new();
        image
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        write_aged(&dir.join("masks/half.png"), &png, age);
    };
    write_mask(4, 100);
    let level = dir.join("live.toml");
    let text = "name = \"live\"\ngrid = '''\n#####\n#@.x#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\"x\" = { wall = \"brick\", shape = \"masks/half.png\" }\n";
    write_aged(&level, text.as_bytes(), 100);
    let textures = std::fs::canonicalize("textures").unwrap();
    let mut s = Session::start(&level, Some(textures.as_path())).unwrap();
    assert!(!s.reload_if_changed(), "nothing changed yet");
    let solid = |s: &Session| {
        let level = &s.current().level;
        let mask = level.shape(Cell::new(3, 1)).expect("the shaped wall");
        (0..8).filter(|&x| mask.is_solid(x, 0)).count()
    };
    assert_eq!(solid(&s), 4);
    write_mask(2, 50);
    assert!(s.reload_if_changed(), "the mask changed");
    assert_eq!(s.message(), Some("reloaded"));
    assert_eq!(solid(&s), 2);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn editing_the_level_reloads_it_and_a_broken_edit_keeps_the_last_good_one() {
    let dir = std::env::temp_dir().join(format!("tilecaster-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("live.toml");
    write_level(&level, "######\n#@...#\n#....#\n######\n", 100);
    let textures = std::fs::canonicalize("textures").unwrap();
    let mut s = Session::start(&level, Some(textures.as_path())).unwrap();
    assert!(!s.reload_if_changed(), "nothing changed yet");
    s.game.seat_mut().player.position = Vec2::new(3.5, 2.5);
    s.game.seat_mut().score = 100;

    // A wall added elsewhere: reloaded, the player stays where they were, with their score.
    write_level(&level, "######\n#@...#\n#..#.#\n######\n", 50);
    assert!(s.reload_if_changed());
    assert_eq!(s.game.level.map.get(Cell::new(3, 2)), Some(Tile::Wall));
    assert_eq!(s.message(), Some("reloaded"));
    // The player stood at (3.5, 2.5), now a wall: moved back to the start.
    assert_eq!(s.game.seat().player.position, Vec2::new(1.5, 1.5));
    assert_eq!(s.game.seat().score, 100);

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
    (s.game.state_hash(), s.game.seat().player.position)
}

#[test]
fn a_recording_replays_to_the_same_state() {
    use tilecaster::episode::Recording;
    let inputs = walk_through_the_door();
    let mut recording = Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"));
    recording.inputs = inputs.clone();
    let back = Recording::parse(&recording.to_text()).unwrap();
    assert_eq!(back, recording);
    let (hash, position) = play_headless(&back.level, &back.inputs);
    assert_eq!((hash, position), play_headless("levels/e1m1.toml", &inputs));
    assert!(
        position.y < 30.0,
        "through the gatehouse door: {position:?}"
    );
    let mut changed = inputs;
    changed[45].turn = 10.0;
    assert_ne!(play_headless("levels/e1m1.toml", &changed).0, hash);
}

/// A shot from `y` eastwards along the first Entry Hall's row 10, through its two grates
/// (cells (7, 10) and (14, 10), bars at texel columns 0-2 of every 16): where it stopped,
/// from the game's own trace of it.
fn shot_along_row_10(weapon: Weapon, y: f64) -> Vec2 {
    let mut s = Session::start(Path::new(common::ENTRY_HALL), None).unwrap();
    let g = &mut s.game;
    g.enemies.clear();
    g.tracing = true;
    g.seat_mut().player.position = Vec2::new(3.5, y);
    g.seat_mut().player.angle = 0.0;
    g.seat_mut().player.ammo = 10;
    g.seat_mut().player.rounds = 10;
    g.seat_mut().player.arm(weapon);
    let shoot = Input {
        fire: true,
        weapon: weapon.number(),
        ..Input::default()
    };
    g.tick(&shoot);
    for _ in 0..600 {
        if g.projectiles.is_empty() {
            break;
        }
        g.tick(&Input::default());
    }
    assert!(g.projectiles.is_empty(), "the projectile is still flying");
    let last = g.traces.last().expect("the shot was traced");
    last.hit.expect("the shot hit something")
}

#[test]
fn bullets_and_projectiles_pass_grate_holes_and_stop_at_bars_and_walls() {
    for weapon in [Weapon::Pistol, Weapon::Chaingun, Weapon::Launcher] {
        // u = 0.1: a hole in both grates; on to the east wall at x = 23.
        let through = shot_along_row_10(weapon, 10.1);
        assert_eq!(through.x, 23.0, "{weapon:?}: {through:?}");
        // u = 0.02: a bar of the first grate.
        let stopped = shot_along_row_10(weapon, 10.02);
        assert_eq!(stopped.x, 7.0, "{weapon:?}: {stopped:?}");
    }
}

/// A projectile moves one tick's worth at a time and each tick's segment is cast: it never
/// skips a thin wall, and it hits an enemy in its path, through the spatial hash.
#[test]
fn projectiles_fly_a_tick_at_a_time_and_hit_enemies() {
    use tilecaster::game::{PROJECTILE_SPEED, TICK, TraceKind};
    let mut s = Session::start(Path::new(common::ENTRY_HALL), None).unwrap();
    let g = &mut s.game;
    g.tracing = true;
    g.enemies.truncate(1);
    g.enemies[0].position = Vec2::new(6.5, 10.5);
    g.enemies[0].health = 1000;
    g.seat_mut().player.position = Vec2::new(3.5, 10.5);
    g.seat_mut().player.angle = 0.0;
    g.seat_mut().player.arm(Weapon::Launcher);
    g.seat_mut().player.rounds = 10;
    let shoot = Input {
        fire: true,
        weapon: Weapon::Launcher.number(),
        ..Input::default()
    };
    g.tick(&shoot);
    assert_eq!(g.seat().weapon, Weapon::Launcher);
    assert_eq!(
        (g.seat().player.rounds, g.seat().player.ammo),
        (9, tilecaster::game::START_AMMO),
        "a fireball costs a round of its own, no bullets"
    );
    let flights: Vec<_> = (0..60)
        .map_while(|_| {
            let before = g.projectiles.first().map(|p| p.position);
            g.tick(&Input::default());
            before
        })
        .collect();
    // Each tick moves it by speed / 60 until it meets the enemy's circle at x = 6.2.
    for pair in flights.windows(2) {
        assert!(((pair[1].x - pair[0].x) - PROJECTILE_SPEED * TICK).abs() < 1e-9);
    }
    assert!(g.enemies[0].health < 1000, "the enemy was hit");
    let hit = g
        .traces
        .iter()
        .rev()
        .find(|t| t.kind == TraceKind::Projectile)
        .and_then(|t| t.hit)
        .unwrap();
    assert!((hit.x - 6.2).abs() < 1e-9, "{hit:?}");
    // Its trace walked the cells from the player's to the enemy's, crossing x = 4, 5 and 6.
    let walked: Vec<i32> = g
        .traces
        .iter()
        .filter(|t| t.kind == TraceKind::Projectile)
        .flat_map(|t| t.crossings.iter().map(|c| c.x as i32))
        .collect();
    assert_eq!(walked, vec![4, 5, 6]);
}

/// The autopilot plays the bundled episode from e1m1 to the end screen, through doors, keys
/// and enemies, with the same inputs the keyboard makes; its recording replays to the same
/// end.
#[test]
fn the_autopilot_plays_the_episode_start_to_finish() {
    use tilecaster::episode::Recording;
    use tilecaster::game::Autopilot;
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let mut pilot = Autopilot::new();
    let mut inputs = Vec::new();
    let mut levels = vec![s.game.level.name.clone()];
    let mut deaths = 0;
    while !s.complete && inputs.len() < 60 * 60 * 40 {
        let input = pilot.input(&s.game);
        inputs.push(input);
        let was_dead = s.game.player_dead();
        s.tick(&input);
        deaths += u32::from(!was_dead && s.game.player_dead());
        if levels.last() != Some(&s.game.level.name) {
            levels.push(s.game.level.name.clone());
        }
    }
    eprintln!(
        "episode: {} ticks, levels {levels:?}, deaths {deaths}, totals {:?}",
        inputs.len(),
        s.totals()
    );
    assert!(
        s.complete,
        "stuck on {} after {} ticks at {:?}",
        s.game.level.name,
        inputs.len(),
        s.game.seat().player.position
    );
    // The nine levels and the secret one (the autopilot takes the secret exit).
    assert_eq!(levels.len(), 10, "{levels:?}");
    assert!(levels.contains(&"The Vault".to_string()), "{levels:?}");
    // Its recording, through the text format, replays to the same end.
    let mut recording = Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"));
    recording.inputs = inputs;
    let text = recording.to_text();
    let replay = Recording::parse(&text).unwrap();
    let mut again = Session::start(Path::new(&replay.level), None).unwrap();
    for input in &replay.inputs {
        again.tick(input);
    }
    assert!(again.complete);
    assert_eq!(again.game.state_hash(), s.game.state_hash());
}

/// `tilecaster autoplay`: the autopilot plays the bundled episode headless on every
/// difficulty, one JSON line per level (and one per death, after which it tries the level
/// again with a life fewer), and ends it (exit 0) with points scored. (The four run at once:
/// each is a process of one thread.)
#[test]
fn autoplay_finishes_the_episode_on_every_difficulty() {
    let difficulties = ["easy", "normal", "hard", "death"];
    let outputs = std::thread::scope(|scope| {
        difficulties
            .map(|difficulty| {
                scope.spawn(move || {
                    common::run_ok(["autoplay", "--difficulty", difficulty, "--seed", "7"])
                })
            })
            .map(|run| run.join().unwrap())
    });
    let mut totals = Vec::new();
    for (difficulty, out) in difficulties.into_iter().zip(outputs) {
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (done, deaths): (Vec<_>, Vec<_>) = lines.iter().partition(|l| l["finished"] == true);
        let files: Vec<&str> = done.iter().map(|l| l["level"].as_str().unwrap()).collect();
        assert_eq!(files, common::EPISODE, "{difficulty}");
        for l in &done {
            assert!(l["kills"].as_u64() <= l["kills_total"].as_u64());
            assert!(l["ticks"].as_u64().unwrap() > 0);
            assert!(l["health"].as_u64().unwrap() > 0);
            assert!(l["lives"].as_u64().is_some(), "{l}");
            let state = l["state"].as_str().unwrap_or_default();
            assert!(
                state.len() == 16 && state.bytes().all(|b| b.is_ascii_hexdigit()),
                "{l}"
            );
            assert!(l["bonus"].as_u64() <= l["score"].as_u64(), "{l}");
        }
        for l in &deaths {
            assert_eq!(
                (&l["health"], &l["bonus"]),
                (&0.into(), &0.into()),
                "{difficulty}: an unfinished level is a death: {l}"
            );
        }
        for pair in lines.windows(2).filter(|p| p[0]["finished"] == false) {
            assert_eq!(pair[0]["level"], pair[1]["level"], "tried again: {pair:?}");
        }
        let last = done.last().unwrap();
        assert!(last["kills"].as_u64().unwrap() == 0 || last["score"].as_u64().unwrap() >= 100);
        if difficulty == "normal" {
            the_score_is_not_mostly_time(&done);
        }
        // Each level once (a level tried again counts its enemies again).
        totals.push(
            done.iter()
                .map(|l| l["kills_total"].as_u64().unwrap())
                .sum::<u64>(),
        );
    }
    assert!(totals[0] < totals[1], "easy has fewer enemies: {totals:?}");
    // Every level from e1m4 on places enemies there only on hard, and every level more for
    // death incarnate.
    assert!(totals[1] < totals[2], "hard has more enemies: {totals:?}");
    assert!(totals[2] < totals[3], "death has more enemies: {totals:?}");
}

/// Wolfenstein 3D's balance over an episode played on normal (issue 71): the time bonus (the
/// tally's bonus less 10,000 for each perfect ratio) is at most 30% of the final score, and
/// lives do not pile up (at most 6 after the sixth level, never the most before the last two).
fn the_score_is_not_mostly_time(done: &[&serde_json::Value]) {
    let number = |l: &serde_json::Value, key: &str| l[key].as_u64().unwrap();
    let time_bonus: u64 = done
        .iter()
        .map(|l| {
            let perfect = ["kills", "secrets", "treasure"]
                .iter()
                .filter(|&&k| {
                    let total = number(l, &format!("{k}_total"));
                    total > 0 && number(l, k) >= total
                })
                .count() as u64;
            number(l, "bonus") - 10_000 * perfect
        })
        .sum();
    let score = number(done.last().unwrap(), "score");
    assert!(
        time_bonus * 10 <= score * 3,
        "{time_bonus} of {score} is time"
    );
    let lives: Vec<u64> = done.iter().map(|l| number(l, "lives")).collect();
    assert!(lives[5] <= 6, "{lives:?}");
    assert!(lives[..lives.len() - 2].iter().all(|&n| n < 9), "{lives:?}");
}

/// An exit the autopilot cannot reach: it gives up, says why, and exits 1.
#[test]
fn autoplay_gives_up_on_a_level_it_cannot_finish() {
    let dir = std::env::temp_dir().join(format!("tilecaster-autoplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("walled.toml");
    std::fs::write(
        &level,
        "name = \"walled\"\ngrid = '''\n#######\n#@..#X#\n#######\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\"X\" = { exit = true }\n",
    )
    .unwrap();
    let textures = std::fs::canonicalize("textures").unwrap();
    let out = common::run([
        "autoplay".as_ref(),
        "--level".as_ref(),
        level.as_os_str(),
        "--textures".as_ref(),
        textures.as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("gave up on walled"), "{stderr}");
    let line: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(line["finished"], false);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A save in the middle of a level, loaded back, is the same game: the same state at once and
/// after the same inputs (enemies, doors, drops, the automap, the random numbers).
#[test]
fn a_saved_game_loads_back_to_the_same_state() {
    use tilecaster::game::Autopilot;
    let dir = std::env::temp_dir().join(format!("tilecaster-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("quick.json");
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let mut pilot = Autopilot::new();
    for _ in 0..700 {
        let input = pilot.input(&s.game);
        s.tick(&input);
    }
    assert!(
        s.game.kills > 0 && !s.game.drops.is_empty(),
        "a guard down, a clip dropped"
    );
    s.save(&save).unwrap();
    let seconds = s.game.ticks / 60;
    assert_eq!(
        tilecaster::episode::describe_save(&save).unwrap(),
        format!("E1M1 NORMAL {}:{:02}", seconds / 60, seconds % 60),
        "what the Load menu says of it"
    );
    assert_eq!(
        tilecaster::episode::describe_save(Path::new("levels/e1m1.toml")),
        None
    );
    let mut loaded = Session::load(&save, None).unwrap();
    assert_eq!(loaded.game.state_hash(), s.game.state_hash());
    assert_eq!(loaded.game.level.pickups, s.game.level.pickups);
    assert_eq!(loaded.game.explored, s.game.explored);
    assert_eq!(loaded.message(), Some("loaded"));
    for _ in 0..600 {
        let input = pilot.input(&s.game);
        s.tick(&input);
        loaded.tick(&input);
    }
    assert_eq!(loaded.game.state_hash(), s.game.state_hash());
    // Saving over the last save is what a quick save does.
    s.save(&save).unwrap();
    assert_eq!(
        Session::load(&save, None).unwrap().game.state_hash(),
        s.game.state_hash()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A moved push wall is part of the save.
#[test]
fn a_save_keeps_the_push_walls_where_they_went() {
    let dir = std::env::temp_dir().join(format!("tilecaster-save-push-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("push.json");
    let mut s = Session::start(Path::new("levels/e1m2.tmx"), None).unwrap();
    let mut pilot = tilecaster::game::Autopilot::new();
    while s.game.pushwalls.found().0 == 0 && s.game.ticks < 4000 {
        let input = pilot.input(&s.game);
        s.tick(&input);
    }
    assert_eq!(
        s.game.pushwalls.found().0,
        1,
        "the autopilot found the secret"
    );
    for _ in 0..200 {
        s.tick(&Input::default());
    }
    s.save(&save).unwrap();
    let loaded = Session::load(&save, None).unwrap();
    assert_eq!(loaded.game.level.map, s.game.level.map);
    assert_eq!(loaded.game.state_hash(), s.game.state_hash());
    std::fs::remove_dir_all(dir).unwrap();
}

/// Loads refused with a clear error: the level file changed since, another save format, not
/// a save at all, a save that does not fit its level.
#[test]
fn a_save_is_refused_for_a_changed_level_another_format_or_bad_content() {
    let dir = std::env::temp_dir().join(format!("tilecaster-save-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("room.toml");
    write_level(&level, "#####\n#@..#\n#####", 0);
    let textures = std::fs::canonicalize("textures").unwrap();
    let s = Session::start(&level, Some(textures.as_path())).unwrap();
    let save = dir.join("room.json");
    s.save(&save).unwrap();
    let text = std::fs::read_to_string(&save).unwrap();
    let error = |path: &Path| {
        Session::load(path, Some(textures.as_path()))
            .err()
            .expect("refused")
            .to_string()
    };
    // Another format.
    let other = dir.join("other.json");
    std::fs::write(&other, text.replacen("\"format\":1", "\"format\":99", 1)).unwrap();
    let e = error(&other);
    assert!(
        e.contains("a save of format 99") && e.contains("reads format 1"),
        "{e}"
    );
    // Other game rules: both named. A save from before rules versions is of rules 1.
    let rules = tilecaster::game::RULES_VERSION;
    assert!(text.contains(&format!("\"rules\":{rules}")), "{text}");
    let later = dir.join("later.json");
    let other_rules = format!("\"rules\":{}", rules + 1);
    std::fs::write(
        &later,
        text.replacen(&format!("\"rules\":{rules}"), &other_rules, 1),
    )
    .unwrap();
    let e = error(&later);
    assert!(
        e.contains(&format!("a save of game rules {}", rules + 1))
            && e.contains(&format!("plays rules {rules}")),
        "{e}"
    );
    let unversioned = dir.join("unversioned.json");
    std::fs::write(
        &unversioned,
        text.replacen(&format!("\"rules\":{rules},"), "", 1),
    )
    .unwrap();
    assert_eq!(
        Session::load(&unversioned, Some(textures.as_path())).is_ok(),
        rules == 1,
        "saves from before rules versions are of rules 1"
    );
    // Not JSON: the place is named.
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\n  \"format\": 1,\n  oops\n}").unwrap();
    let e = error(&broken);
    assert!(e.contains("broken.json:3:3: not a tilecaster save"), "{e}");
    // An automap of the wrong size.
    let cut = dir.join("cut.json");
    std::fs::write(
        &cut,
        text.replacen("\"explored\":[", "\"explored\":[true,", 1),
    )
    .unwrap();
    let e = error(&cut);
    assert!(
        e.contains("does not fit") && e.contains("automap of 16 cells"),
        "{e}"
    );
    // The level edited since.
    write_level(&level, "#####\n#@.X#\n#####", 0);
    let e = error(&save);
    assert!(e.contains("has changed since"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A death: the level again from its start by itself once the death has played out (the
/// turn and the red fizzle), with a life fewer, the score the level started with, full
/// health, a pistol and 8 bullets (Wolfenstein 3D's rule); with no life left, game over:
/// use starts the level from scratch.
#[test]
fn a_death_costs_a_life_and_the_level_starts_again() {
    use tilecaster::episode::DEATH_TICKS;
    use tilecaster::game::{START_AMMO, START_LIVES};
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    // As if the level had been entered with 700 points, and 800 more made on it.
    s.game.seat_mut().score = 700;
    s.level_start = tilecaster::episode::Carried::of(&s.game);
    s.game.seat_mut().score = 1_500;
    s.game.seat_mut().player.arm(Weapon::Chaingun);
    s.game.seat_mut().player.ammo = 50;
    s.game.seat_mut().player.health = 0;
    let press = Input {
        use_pressed: true,
        ..Input::default()
    };
    s.tick(&press);
    assert!(s.game.player_dead(), "too soon: the death plays out first");
    assert_eq!(s.message(), Some("you died"));
    for _ in 1..DEATH_TICKS - 1 {
        s.tick(&Input::default());
    }
    assert!(s.game.player_dead(), "still playing out");
    s.tick(&Input::default());
    let g = &s.game;
    assert!(!g.player_dead());
    assert_eq!(g.seat().lives, START_LIVES - 1);
    assert_eq!(g.seat().score, 700, "the score the level started with");
    assert_eq!(
        (g.seat().player.health, g.seat().player.ammo),
        (100, START_AMMO)
    );
    assert!(!g.seat().player.has(Weapon::Chaingun));
    // The last life lost: game over, and the level from scratch with the lives back.
    s.game.seat_mut().lives = 0;
    s.game.seat_mut().player.health = 0;
    for _ in 0..=DEATH_TICKS {
        s.tick(&Input::default());
    }
    assert!(s.message().unwrap().starts_with("game over"));
    s.tick(&press);
    assert_eq!((s.game.seat().lives, s.game.seat().score), (START_LIVES, 0));
}

/// Finishing a level adds its bonus to the score (every kill: 10,000; seconds under par: 500
/// each), and the tally screen counts it up with a tick of sound at each step.
#[test]
fn the_tally_adds_the_levels_bonus_and_counts_it_up_aloud() {
    use tilecaster::game::GameEvent;
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let enemies = s.game.enemies.len() as u32;
    s.game.kills = enemies;
    s.game.seat_mut().score = 300;
    let exit = s.game.level.exits[0];
    s.game.seat_mut().player.position = Vec2::new(exit.x as f64 + 0.5, exit.y as f64 + 0.5);
    s.tick(&Input {
        use_pressed: true,
        ..Input::default()
    });
    let (tally, _) = s.intermission.clone().expect("the tally screen");
    let under_par = tally.par_seconds - (tally.ticks / 60) as u32;
    assert_eq!(tally.bonus(), 10_000 + 500 * under_par, "{tally:?}");
    assert_eq!(s.game.seat().score, 300 + tally.bonus());
    assert_eq!(tally.score, s.game.seat().score);
    let mut ticks_heard = 0;
    for _ in 0..90 {
        s.tick(&Input::default());
        ticks_heard += s
            .game
            .events
            .iter()
            .filter(|e| **e == GameEvent::Tally)
            .count();
    }
    assert!(ticks_heard >= 5, "{ticks_heard} ticks of the counter");
}

/// A level of no par (`par = 0`, the boss's level) pays for a perfect tally but not for time.
#[test]
fn a_level_of_no_par_pays_no_time_bonus() {
    let mut tally = tilecaster::episode::Tally {
        file: "levels/e1m9.toml".into(),
        name: "The Bunker".into(),
        kills: (3, 3),
        secrets: (0, 1),
        treasure: (0, 0),
        ticks: 60 * 60,
        par_seconds: 90,
        health: 100,
        score: 0,
        lives: 3,
    };
    assert_eq!(tally.bonus(), 10_000 + 30 * 500);
    tally.par_seconds = 0;
    assert_eq!(tally.bonus(), 10_000);
    let level = tilecaster::level::Level::load(Path::new("levels/e1m9.toml"))
        .unwrap()
        .level;
    assert_eq!(level.par_seconds, 0, "the episode's boss level has no par");
    assert!(
        level
            .enemies
            .iter()
            .any(|e| level.kinds[&e.kind].stats.boss)
    );
}

/// Writes a small level `name.toml` into `dir`: a corridor from the start, `@`, to `X` (the
/// exit) and, where the grid has one, `x` (the secret exit); `more` adds top-level keys.
fn write_exit_level(dir: &Path, name: &str, grid: &str, more: &str) {
    let text = format!(
        "name = \"{name}\"\n{more}\ngrid = '''\n{grid}'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n\"X\" = {{ exit = true }}\n\"x\" = {{ exit = true, secret = true }}\n"
    );
    std::fs::write(dir.join(format!("{name}.toml")), text).unwrap();
}

/// A secret exit leads to the level's `secret_next`, whose own `next` goes on to the level
/// after; the plain exit skips the secret level. The autopilot takes the secret exit.
#[test]
fn a_secret_exit_leads_to_the_secret_level_and_back_to_the_next() {
    use tilecaster::game::Autopilot;
    let dir = scratch("secret-exit");
    let textures = std::fs::canonicalize("textures").unwrap();
    let more = format!("textures = {:?}", textures.display().to_string());
    write_exit_level(
        &dir,
        "one",
        "#######\n#x.@.X#\n#######\n",
        &format!("{more}\nnext = \"two.toml\"\nsecret_next = \"hidden.toml\""),
    );
    write_exit_level(
        &dir,
        "hidden",
        "#####\n#@.X#\n#####\n",
        &format!("{more}\nnext = \"two.toml\""),
    );
    write_exit_level(&dir, "two", "#####\n#@.X#\n#####\n", &more);
    let one = dir.join("one.toml");

    // The plain exit: on to two.
    let mut s = Session::start(&one, None).unwrap();
    assert_eq!(s.game.level.secret_exits, [Cell::new(1, 1)]);
    use_exit_at(&mut s, Cell::new(5, 1));
    assert!(s.path().ends_with("two.toml"), "{}", s.path().display());

    // The secret exit: the secret level, then two, then the end.
    let mut s = Session::start(&one, None).unwrap();
    use_exit_at(&mut s, Cell::new(1, 1));
    assert!(s.path().ends_with("hidden.toml"), "{}", s.path().display());
    use_exit_at(&mut s, Cell::new(3, 1));
    assert!(s.path().ends_with("two.toml"), "{}", s.path().display());
    use_exit_at(&mut s, Cell::new(3, 1));
    assert!(s.complete);
    assert_eq!(s.tallies.len(), 3);

    // The autopilot walks away from the plain exit beside it to the secret one.
    let mut s = Session::start(&one, None).unwrap();
    let mut pilot = Autopilot::new();
    for _ in 0..60 * 30 {
        if s.complete {
            break;
        }
        let input = pilot.input(&s.game);
        s.tick(&input);
    }
    let names: Vec<&str> = s.tallies.iter().map(|t| t.name.as_str()).collect();
    assert!(
        s.complete,
        "{names:?} at {:?}",
        s.game.seat().player.position
    );
    let names: Vec<&str> = s.tallies.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["one", "hidden", "two"]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A co-op game of several that ends at an exit goes on to the next level with the same
/// seats, each carrying what they had; the dead start it with a player's kit, keeping their
/// score; after the last level there is none.
#[test]
fn a_co_op_game_goes_on_to_the_next_level_with_what_each_player_carries() {
    let mut s = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let mut played = s.game.clone().seated(3);
    played.viewer = 2;
    played.seats[1].score = 1200;
    played.seats[1].player.ammo = 40;
    played.seats[1].player.arm(Weapon::MachineGun);
    played.seats[1].chosen = Weapon::MachineGun;
    played.seats[2].score = 300;
    played.seats[2].player.health = 0;
    played.finished = true;
    let next = s.next_level_of_several(&played).expect("e1m2 follows");
    assert!(s.path().ends_with("e1m2.tmx"), "{}", s.path().display());
    assert_eq!(next.level.name, s.game.level.name);
    assert_eq!((next.seats.len(), next.viewer), (3, 2));
    assert!(!next.finished && next.ticks == 0);
    let one = &next.seats[1];
    assert_eq!((one.score, one.player.ammo), (1200, 40));
    assert_eq!(
        (one.chosen, one.weapon),
        (Weapon::MachineGun, Weapon::MachineGun)
    );
    let dead = &next.seats[2];
    assert_eq!(dead.score, 300);
    assert_eq!((dead.player.health, dead.player.ammo), (100, 8));
    // Each where the new level starts its seats.
    for (k, seat) in next.seats.iter().enumerate() {
        assert_eq!(seat.player.position, next.start_of(k).0);
    }
    // The last level leads nowhere.
    let mut last = Session::start(Path::new("levels/e1m9.toml"), None).unwrap();
    let mut done = last.game.clone().seated(2);
    done.finished = true;
    assert!(last.next_level_of_several(&done).is_none());
    assert!(last.complete);
}
