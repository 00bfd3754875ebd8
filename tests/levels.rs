//! Level files: the corpus of broken levels (each file states the diagnostics it must produce),
//! the bundled levels, and the Tiled round trip.

use std::path::{Path, PathBuf};
use std::process::Command;

use tilecaster::level::{Level, load_with_textures, to_toml};

use crate::common;

/// Loads `tests/bad_levels/NAME.toml` with its textures and checks that every `# expect: ...`
/// line of the file appears (as a prefix) among the diagnostics, after `file:`. Files expecting
/// an error must fail to load; files expecting only warnings must load.
fn check_case(name: &str) {
    let path = PathBuf::from(format!("tests/bad_levels/{name}.toml"));
    let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
    let expects: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# expect: "))
        .collect();
    assert!(!expects.is_empty(), "{name}: no `# expect:` line");
    let (ok, diagnostics) = match load_with_textures(&path, None) {
        Ok(loaded) => (true, loaded.warnings),
        Err(e) => (false, e.diagnostics),
    };
    let shown: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
    for expect in &expects {
        let separator = if expect.starts_with("error") || expect.starts_with("warning") {
            ": "
        } else {
            ":"
        };
        let wanted = format!("{}{separator}{expect}", path.display());
        assert!(
            shown.iter().any(|s| s.starts_with(&wanted)),
            "{name}: expected\n  {wanted}\namong\n  {}",
            shown.join("\n  ")
        );
    }
    let expects_error = expects.iter().any(|e| e.contains("error:"));
    assert_eq!(
        ok,
        !expects_error,
        "{name}: loaded = {ok}, but the file expects {}",
        if expects_error {
            "an error"
        } else {
            "only warnings"
        }
    );
}

macro_rules! cases {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { check_case(stringify!($name)); } )*
        /// Every corpus file has a test above.
        #[test]
        fn every_corpus_file_has_a_case() {
            let listed = [$(stringify!($name)),*];
            for entry in std::fs::read_dir("tests/bad_levels").unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "toml") {
                    let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
                    assert!(listed.contains(&stem.as_str()), "{stem} has no test case");
                }
            }
        }
    };
}

cases!(
    bad_colour,
    secret_exit_nowhere,
    secret_level_unreached,
    secret_on_a_wall,
    deep_table_header,
    not_a_folder,
    position_three_numbers,
    textures_not_a_folder,
    broken_texture,
    door_without_walls,
    enemy_in_wall,
    long_name,
    missing_next,
    newer_format,
    no_player,
    not_utf8,
    open_edge,
    pickup_outside,
    player_in_wall,
    ragged_grid,
    self_next,
    toml_syntax,
    too_large,
    two_kinds,
    two_players,
    unknown_character,
    unknown_characters,
    unknown_field,
    unknown_texture,
    unreachable_exit,
    zero_size_texture,
    unknown_decoration,
    barrel_on_the_start,
);

/// Through the real binary: bad levels exit 1 (never a panic's 101), listing problems on stdout.
#[test]
fn check_exits_1_on_every_broken_level() {
    let mut tried = 0;
    for entry in std::fs::read_dir("tests/bad_levels").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        let warns_only = [
            "open_edge.toml",
            "unreachable_exit.toml",
            "secret_level_unreached.toml",
        ];
        let expected = if warns_only.iter().any(|w| path.ends_with(w)) {
            0
        } else {
            1
        };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            stdout.starts_with(&path.display().to_string()),
            "{}: {stdout}",
            path.display()
        );
        tried += 1;
    }
    assert!(tried >= 20);
}

fn bundled_levels() -> Vec<PathBuf> {
    let mut levels: Vec<PathBuf> = std::fs::read_dir("levels")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml" || e == "tmx"))
        .collect();
    levels.sort();
    levels
}

#[test]
fn every_bundled_level_passes_check_without_warnings() {
    let levels = bundled_levels();
    assert!(levels.len() >= 4, "{levels:?}");
    for path in &levels {
        let checked = load_with_textures(path, None).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            checked.warnings.is_empty(),
            "{}: {:?}",
            path.display(),
            checked.warnings
        );
        assert!(
            checked.notices.is_empty(),
            "bundled textures are square powers of two"
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .arg("check")
        .args(&levels)
        .output()
        .unwrap();
    common::assert_ok(out);
}

/// The bundled episode: nine levels one after another by `next`, the ninth a boss's, and a
/// secret level that a secret exit of one of them leads to and that returns to the level after
/// it; at least 12,000 open cells in all, 150 enemies on the middle difficulty, 20 secrets (at
/// least one in every level, two a level on average), and three Tiled maps.
#[test]
fn the_episode_is_nine_levels_and_a_secret_one() {
    use tilecaster::level::Difficulty;
    use tilecaster::map::Tile;
    let mut path = PathBuf::from("levels/e1m1.toml");
    let mut episode = Vec::new();
    let mut secret = None;
    loop {
        let level = Level::load(&path).unwrap().level;
        if let Some(to) = &level.secret_next {
            assert!(!level.secret_exits.is_empty());
            assert!(secret.is_none(), "one secret level");
            secret = Some((episode.len(), to.clone()));
        }
        let next = level.next.clone();
        episode.push((path, level));
        match next {
            Some(next) => path = next,
            None => break,
        }
    }
    assert_eq!(episode.len(), 9, "nine levels");
    let (from, secret_path) = secret.expect("a secret exit");
    let secret_level = Level::load(&secret_path).unwrap().level;
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap();
    assert_eq!(
        canonical(secret_level.next.as_ref().unwrap()),
        canonical(&episode[from + 1].0),
        "the secret level returns to the level after the one it is reached from"
    );
    let last = &episode[8].1;
    assert!(last.enemies.iter().any(|e| last.kinds[&e.kind].stats.boss));
    episode.push((secret_path, secret_level));
    let (mut open, mut enemies, mut secrets, mut tiled) = (0, 0, 0, 0);
    for (path, level) in &episode {
        let cells = (0..level.map.height() as i32)
            .flat_map(|y| (0..level.map.width() as i32).map(move |x| (x, y)))
            .map(|(x, y)| level.map.get(tilecaster::grid::Cell::new(x, y)));
        let (mut here_open, mut here_secrets) = (0, 0);
        for tile in cells {
            here_open += usize::from(tile == Some(Tile::Empty));
            here_secrets += usize::from(tile == Some(Tile::PushWall));
        }
        assert!(here_secrets >= 1, "{}: a secret", path.display());
        assert!(
            level.map.width() <= 64 && level.map.height() <= 64,
            "{}",
            path.display()
        );
        open += here_open;
        secrets += here_secrets;
        enemies += level
            .enemies
            .iter()
            .filter(|e| e.difficulty.is_none_or(|d| d <= Difficulty::Normal))
            .count();
        tiled += usize::from(tilecaster::level::is_tiled_map(path));
    }
    eprintln!("episode: {open} open cells, {enemies} enemies on normal, {secrets} secrets");
    assert!(open >= 12_000, "{open} open cells");
    assert!(enemies >= 150, "{enemies} enemies on normal");
    assert!(
        secrets >= 20 && secrets >= 2 * episode.len(),
        "{secrets} secrets"
    );
    assert!(tiled >= 3, "{tiled} Tiled maps");
    let stress = Level::load(Path::new("levels/stress.toml")).unwrap().level;
    assert!(stress.map.width() >= 128 && stress.map.height() >= 128);
}

/// e1m2.tmx was written by the real Tiled (1.8.2, `tiled --export-map`): loading it directly and
/// converting it to TOML then loading that give the same level.
#[test]
fn tiled_round_trip_gives_the_same_level() {
    let tmx = Path::new("levels/e1m2.tmx");
    assert!(
        std::fs::read_to_string(tmx)
            .unwrap()
            .contains("tiledversion=\"1.8.2\"")
    );
    let direct = Level::load(tmx).unwrap().level;
    // Written beside the .tmx, its relative paths stay as they are.
    let beside = Path::new("levels/e1m2-converted.toml");
    let text = to_toml(tmx, beside).unwrap().text;
    let converted = Level::parse(&text, beside).unwrap().level;
    assert_eq!(direct.map, converted.map);
    assert_eq!(direct.styles, converted.styles);
    assert_eq!(
        (direct.player, &direct.enemies, &direct.pickups),
        (converted.player, &converted.enemies, &converted.pickups)
    );
    assert_eq!(direct.decorations, converted.decorations);
    assert_eq!(
        (&direct.doors, &direct.exits, direct.fog),
        (&converted.doors, &converted.exits, converted.fog)
    );
    assert_eq!(direct.next, converted.next);
    // What Tiled's map holds, spot-checked: the gold door, the key, the ambusher.
    assert!(direct.doors.iter().any(|d| d.key.is_some()));
    assert!(
        direct
            .pickups
            .iter()
            .any(|p| matches!(p.kind, tilecaster::level::PickupKind::Key(_)))
    );
    assert!(
        direct
            .enemies
            .iter()
            .any(|e| e.mode == tilecaster::level::EnemyMode::Ambush)
    );

    // The CLI writes the same text, and refuses to overwrite it.
    let dir = std::env::temp_dir().join(format!("tilecaster-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_path = dir.join("e1m2.toml");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_tilecaster"))
            .arg("convert")
            .arg(tmx)
            .arg("-o")
            .arg(&out_path)
            .output()
            .unwrap()
    };
    assert_eq!(run().status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        to_toml(tmx, &out_path).unwrap().text
    );
    std::fs::write(&out_path, "keep me").unwrap();
    let again = run();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("pass --force"));
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        "keep me",
        "not overwritten unasked"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn trace_reads_level_files() {
    let trace = |solidity: &str| {
        let args = [
            "trace",
            "--level",
            common::ENTRY_HALL,
            "--solidity",
            solidity,
        ];
        let out = common::run_with_stdin(&args, "3.5 2.5 12.5 2.5\n");
        String::from_utf8(out.stdout).unwrap()
    };
    // From the start (3.5, 2.5) east: the door at (7, 2) is solid at its face to the cell
    // walk, and met at its slab mid-cell as the game shows it.
    let cells = trace("cells");
    assert!(
        cells.contains(r#""hit":{"cell":[7,2],"point":[7.0,2.5],"distance":3.5,"face":"west"}"#),
        "{cells}"
    );
    let game = trace("game");
    assert!(
        game.contains(r#""hit":{"cell":[7,2],"point":[7.5,2.5],"distance":4.0,"face":"west"}"#),
        "{game}"
    );
}

/// The worked example in levels/README.md is a valid level.
#[test]
fn the_documented_example_loads() {
    let doc = std::fs::read_to_string("levels/README.md").unwrap();
    let example = doc
        .split("```toml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    // As if it lay in levels/, where its relative paths resolve.
    let loaded =
        Level::parse(example, Path::new("levels/example.toml")).unwrap_or_else(|e| panic!("{e}"));
    let level = loaded.level;
    assert_eq!(level.name, "Guard Room");
    assert_eq!(
        (
            level.enemies.len(),
            level.pickups.len(),
            level.doors.len(),
            level.exits.len()
        ),
        (2, 3, 2, 1)
    );
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

/// Bullets and sight lines pass the holes of the first Entry Hall's grates (cells (7, 10) and
/// (14, 10)) and stop at their bars: the grate texture has bars at texel columns 0-2 of every
/// 16.
#[test]
fn masked_walls_are_solid_only_where_their_texture_is() {
    use tilecaster::geom::Vec2;
    use tilecaster::grid::{Cell, cast_ray, line_of_sight};
    use tilecaster::level::LevelSolidity;
    let loaded = load_with_textures(Path::new(common::ENTRY_HALL), None).unwrap();
    let solid = LevelSolidity::new(&loaded.level, &loaded.textures);
    let east = Vec2::new(1.0, 0.0);
    // u = 0.1: texel column 6, a hole; on through both grates to the east wall.
    let hit = cast_ray(&solid, Vec2::new(3.5, 10.1), east, f64::INFINITY).unwrap();
    assert_eq!(hit.cell, Cell::new(23, 10));
    // u = 0.02: texel column 1, a bar.
    let hit = cast_ray(&solid, Vec2::new(3.5, 10.02), east, f64::INFINITY).unwrap();
    assert_eq!(hit.cell, Cell::new(7, 10));
    assert!(line_of_sight(
        &solid,
        Vec2::new(3.5, 10.1),
        Vec2::new(10.5, 10.1)
    ));
    assert!(!line_of_sight(
        &solid,
        Vec2::new(3.5, 10.02),
        Vec2::new(10.5, 10.02)
    ));
    // The plain map, without textures, treats the grate as a wall.
    assert_eq!(
        cast_ray(&loaded.level.map, Vec2::new(3.5, 10.1), east, f64::INFINITY)
            .unwrap()
            .cell,
        Cell::new(7, 10)
    );
}

/// Regression: the `tiled` crate indexed a tile layer by its stated size and panicked when the
/// data was shorter (found by tests/fuzz_parsers.rs). Such a map is now an error naming it.
#[test]
fn tmx_with_short_tile_data_is_an_error_not_a_panic() {
    let real = std::fs::read_to_string("levels/e1m2.tmx").unwrap();
    let data_end = real.find("</data>").unwrap();
    let last_comma = real[..data_end].rfind(',').unwrap();
    let truncated = format!("{}{}", &real[..last_comma], &real[data_end..]);
    // Beside the kit's tileset, which the map names.
    let dir = std::env::temp_dir().join(format!("tilecaster-short-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("levels/tilecaster.tsx", dir.join("tilecaster.tsx")).unwrap();
    let path = dir.join("short.tmx");
    std::fs::write(&path, truncated).unwrap();
    let err = Level::load(&path).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    // At the last tile there is, on the data's last line in the map itself.
    let line = real[..data_end].lines().count();
    let tiles = {
        let level = Level::load(Path::new("levels/e1m2.tmx")).unwrap().level;
        level.map.width() * level.map.height()
    };
    assert!(
        err.contains(&format!(":{line}:"))
            && err.contains(&format!(
                "walls layer: the layer holds {} tiles; its size says {tiles}",
                tiles - 1
            )),
        "{err}"
    );
}

/// e1m1 with its guards made a kind of the level's own (`[enemies.brute]`: the officer's
/// sheet, more health, harder hits, slower), in a scratch folder, the episode ending there.
fn brute_level(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string("levels/e1m1.toml")
        .unwrap()
        .replace("enemy = \"guard\"", "enemy = \"brute\"")
        .replace("next = \"e1m2.tmx\"\n", "")
        .replace("textures = \"../textures\"\n", "")
        + "\n[enemies.brute]\nsprite = \"officer\"\nhealth = 60\nspeed = 1.0\ndamage = [2, 6]\nfiring_range = [1.5, 4.0]\n";
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("brutes.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// Enemy kinds are data: a level adds one in an `[enemies.NAME]` table, its enemies start
/// with its health and stats and are drawn from its sheet; the autopilot plays the level
/// through (the game's own loop, headless).
#[test]
fn a_level_adds_an_enemy_kind_by_data_alone() {
    let dir = std::env::temp_dir().join(format!("tilecaster-kinds-{}", std::process::id()));
    let path = brute_level(&dir);
    let loaded = load_with_textures(&path, Some(Path::new("textures"))).unwrap();
    let level = &loaded.level;
    let brute = &level.kinds["brute"];
    assert_eq!(
        (brute.health, brute.stats.damage, brute.sprite.as_str()),
        (60, (2, 6), "officer")
    );
    assert_eq!(level.kinds["guard"], tilecaster::level::EnemyKind::guard());
    assert!(
        loaded.textures.sprite("officer").is_some(),
        "its sheet is loaded"
    );
    let game = tilecaster::game::Game::new(level.clone());
    let brutes: Vec<_> = game.enemies.iter().filter(|e| e.kind == "brute").collect();
    assert!(!brutes.is_empty());
    assert!(
        brutes
            .iter()
            .all(|e| e.health == 60 && e.stats.speed == 1.0)
    );
    let out = common::run([
        "autoplay",
        "--level",
        path.to_str().unwrap(),
        "--textures",
        "textures",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(line["finished"], true, "{line}");
    assert!(line["kills"].as_u64().unwrap() > 0, "{line}");
    // Through a Tiled map (the map property `enemies`) and back, the kinds stay.
    let (tmx, back) = through_tiled_and_back(&path, "<property name=\"enemies\">[brute]");
    for converted in [&tmx, &back] {
        let level = Level::load(converted).unwrap().level;
        assert_eq!(level.kinds["brute"], *brute, "{}", converted.display());
        assert_eq!(
            level.enemies.iter().filter(|e| e.kind == "brute").count(),
            brutes.len()
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A level's own kinds are checked like the rest, at their line and column.
#[test]
fn bad_enemy_kinds_are_named_with_their_place() {
    let base = "name = \"k\"\ngrid = '''\n#####\n#@.g#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\"g\" = { enemy = \"brute\" }\n";
    let cases = [
        (
            "",
            "k.toml:10:17: error: unknown enemy kind 'brute' (expected boss, dog, guard, mutant, officer, ss, or a kind of the level's own",
        ),
        (
            "[enemies.brute]\nhealth = 0\n",
            "k.toml:12:10: error: health 0: it must be from 1 to 10000",
        ),
        (
            "[enemies.brute]\nspeed = 40.0\n",
            "k.toml:12:9: error: speed 40: it must be from 0.1 to 10",
        ),
        (
            "[enemies.brute]\ndamage = [9, 3]\n",
            "k.toml:12:10: error: damage: two numbers [from, to]",
        ),
        (
            "[enemies.brute]\nfiring_range = [1.0]\n",
            "k.toml:12:16: error: firing_range: two numbers [near, far]",
        ),
        (
            "[enemies.brute]\npoints = -5\n",
            "k.toml:12:10: error: points -5: from 0 to 100000",
        ),
        (
            "[enemies.brute]\nattack = \"claw\"\n",
            "k.toml:12:10: error: attack 'claw': expected gun or bite",
        ),
        (
            "[enemies.brute]\nburst = 9\n",
            "k.toml:12:9: error: burst 9: from 1 to 8 shots",
        ),
        (
            "[enemies.brute]\naim = 3.0\n",
            "k.toml:12:7: error: aim 3: from 0 to 2 seconds",
        ),
        (
            "[enemies.brute]\ndrops = \"pistol\"\n",
            "k.toml:12:9: error: unknown pickup 'pistol' (expected one of food, first_aid",
        ),
        (
            "[enemies.brute]\narmour = 3\n",
            "k.toml:12:1: error: unknown field `armour`",
        ),
        (
            "[enemies.Brute]\n[enemies.brute]\n",
            "k.toml:11:10: error: enemy kind 'Brute': a name is 1 to 32 of a-z",
        ),
        (
            "[enemies.brute]\nsprite = \"../x\"\n",
            "k.toml:12:10: error: sprite '../x'",
        ),
    ];
    for (kinds, expected) in cases {
        let text = format!("{base}{kinds}");
        let err = Level::parse(&text, Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{kinds:?}:\n{err}");
    }
    let ok = format!("{base}[enemies.brute]\n");
    let level = Level::parse(&ok, Path::new("k.toml")).unwrap().level;
    assert_eq!(
        level.kinds["brute"],
        tilecaster::level::EnemyKind {
            sprite: "brute".into(),
            ..tilecaster::level::EnemyKind::guard()
        },
        "every field a guard's, the sheet its own name"
    );
}

/// Things per difficulty: an enemy or pickup names the least difficulty it is there on, in the
/// legend, in `[[enemy]]` and `[[pickup]]` tables and as a Tiled object property; convert
/// carries it both ways; a wrong value or a misplaced one is named at its place.
#[test]
fn things_name_the_least_difficulty_they_are_there_on() {
    use tilecaster::game::Game;
    use tilecaster::level::Difficulty;
    let dir = std::env::temp_dir().join(format!("tilecaster-skill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "name = \"skill\"\ngrid = '''\n#########\n#@.gnhd.#\n#########\n'''\n[legend]\n\
        \"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\
        \"g\" = { enemy = \"guard\" }\n\
        \"n\" = { enemy = \"guard\", difficulty = \"normal\" }\n\
        \"h\" = { enemy = \"officer\", difficulty = \"hard\" }\n\
        \"d\" = { enemy = \"dog\", difficulty = \"death\" }\n\
        [[pickup]]\nkind = \"ammo\"\nposition = [6.5, 1.5]\ndifficulty = \"hard\"\n\
        [[pickup]]\nkind = \"health\"\nposition = [2.5, 1.5]\n";
    let path = dir.join("skill.toml");
    std::fs::write(&path, text).unwrap();
    let counts = |path: &Path| -> Vec<(usize, usize)> {
        let level = Level::load(path).unwrap().level;
        Difficulty::ALL
            .iter()
            .map(|&d| {
                let game = Game::on(level.clone(), d);
                (game.enemies.len(), game.level.pickups.len())
            })
            .collect()
    };
    // Easy: the plain guard alone (the first of the enemies without a difficulty stays);
    // death incarnate: hard's and the dog placed for it.
    assert_eq!(counts(&path), [(1, 1), (2, 1), (3, 2), (4, 2)]);
    // Through Tiled and back: the same things on every difficulty.
    let (tmx, back) =
        through_tiled_and_back(&path, "<property name=\"difficulty\" value=\"hard\"/>");
    assert_eq!(counts(&tmx), [(1, 1), (2, 1), (3, 2), (4, 2)]);
    assert_eq!(counts(&back), [(1, 1), (2, 1), (3, 2), (4, 2)]);
    // Wrong and misplaced values.
    let bad = text
        .replace("difficulty = \"normal\"", "difficulty = \"nightmare\"")
        .replace(
            "\"@\" = { player = \"east\" }",
            "\"@\" = { player = \"east\", difficulty = \"hard\" }",
        );
    std::fs::write(&path, bad).unwrap();
    let err = Level::load(&path).unwrap_err().to_string();
    assert!(
        err.contains(
            "11:39: error: unknown difficulty 'nightmare' (expected easy, normal, hard or death"
        ),
        "{err}"
    );
    assert!(
        err.contains("9:39: error: legend '@': `difficulty` only applies to enemies and pickups"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// An exit switch: a wall with `exit = true` (a Tiled wall tile's `exit` property) ends the
/// level when used; convert carries it both ways; `check` counts it as a reachable exit; the
/// autopilot uses it.
#[test]
fn a_wall_with_exit_true_is_an_exit_switch() {
    use tilecaster::game::{Game, Input};
    use tilecaster::grid::Solidity;
    let dir = std::env::temp_dir().join(format!("tilecaster-switch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "name = \"switch\"\ngrid = '''\n######\n#@..S#\n######\n'''\n[legend]\n\
        \"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\
        \"S\" = { wall = \"exit\", exit = true }\n";
    let path = dir.join("switch.toml");
    std::fs::write(&path, text).unwrap();
    let (tmx, back) = through_tiled_and_back(
        &path,
        "<property name=\"exit\" type=\"bool\" value=\"true\"/>",
    );
    for level in [&path, &tmx, &back] {
        let out = common::run_ok(["check", level.to_str().unwrap()]);
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("cannot be reached"),
            "{}",
            level.display()
        );
        let mut game = Game::new(Level::load(level).unwrap().level);
        let use_it = Input {
            use_pressed: true,
            ..Input::default()
        };
        game.tick(&use_it);
        assert!(!game.finished, "out of reach: {}", level.display());
        let walk = Input {
            forward: 1.0,
            ..Input::default()
        };
        for _ in 0..30 {
            game.tick(&walk);
        }
        assert!(
            game.blocking().is_solid(tilecaster::grid::Cell::new(4, 1)),
            "a switch is a wall"
        );
        game.tick(&Input::default());
        game.tick(&use_it);
        assert!(game.finished, "used: {}", level.display());
        // The autopilot finds it too: walks up to it, faces it and uses it.
        let out = common::run_ok(["autoplay", "--level", level.to_str().unwrap()]);
        let line = String::from_utf8_lossy(&out.stdout);
        assert!(line.contains("\"finished\":true"), "{line}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `path` converted to a Tiled map beside it (which must hold `expected`), and that map
/// converted back to TOML: both paths.
fn through_tiled_and_back(path: &Path, expected: &str) -> (PathBuf, PathBuf) {
    let tmx = path.with_extension("tmx");
    let back = path.with_file_name("back.toml");
    for (from, to) in [(path, &tmx), (&tmx, &back)] {
        common::run_ok([
            "convert",
            from.to_str().unwrap(),
            "-o",
            to.to_str().unwrap(),
        ]);
    }
    let map = std::fs::read_to_string(&tmx).unwrap();
    assert!(map.contains(expected), "{map}");
    (tmx, back)
}

/// Weapons are data: a level's `[weapons.NAME]` tables change what a weapon does (the rest
/// stays built in), the game fires by them, and a Tiled map carries them both ways.
#[test]
fn a_level_changes_what_its_weapons_do() {
    use tilecaster::level::{Pool, Weapon, WeaponStats};
    let dir = std::env::temp_dir().join(format!("tilecaster-arsenal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("arsenal.toml");
    let text = std::fs::read_to_string("levels/e1m1.toml")
        .unwrap()
        .replace("next = \"e1m2.tmx\"\n", "")
        .replace("textures = \"../textures\"\n", "")
        + "\n[weapons.pistol]\ndamage = [30, 30]\ninterval = 0.5\ncost = 2\nautomatic = true\n\n[weapons.knife]\nloud = true\n";
    std::fs::write(&path, text).unwrap();
    let level = Level::load(&path).unwrap().level;
    let pistol = WeaponStats {
        damage: (30, 30),
        interval: 30,
        cost: 2,
        pool: Pool::Bullets,
        automatic: true,
        loud: true,
    };
    assert_eq!(level.arsenal.stats(Weapon::Pistol), pistol);
    assert!(level.arsenal.stats(Weapon::Knife).loud);
    for weapon in [Weapon::MachineGun, Weapon::Chaingun, Weapon::Launcher] {
        assert_eq!(
            level.arsenal.stats(weapon),
            WeaponStats::builtin(weapon),
            "{weapon:?}"
        );
    }
    // Held for a second and a tick, the automatic pistol fires at ticks 0, 30 and 60, two
    // bullets a shot.
    let mut game = tilecaster::game::Game::new(level.clone());
    let ammo = game.seat().player.ammo;
    let held = tilecaster::game::Input {
        fire: true,
        ..tilecaster::game::Input::default()
    };
    for _ in 0..61 {
        game.tick(&held);
    }
    assert_eq!(ammo - game.seat().player.ammo, 6);
    let (tmx, back) = through_tiled_and_back(&path, "<property name=\"weapons\">[knife]");
    for converted in [&tmx, &back] {
        let again = Level::load(converted).unwrap().level;
        assert_eq!(again.arsenal, level.arsenal, "{}", converted.display());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A level's weapon tables are checked like the rest, at their line and column.
#[test]
fn bad_weapon_tables_are_named_with_their_place() {
    let base = "name = \"w\"\ngrid = '''\n#####\n#@..#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n";
    let cases = [
        (
            "[weapons.rifle]\n",
            "w.toml:10:10: error: unknown weapon 'rifle' (expected knife, pistol, machine_gun, chaingun, launcher",
        ),
        (
            "[weapons.pistol]\ndamage = [5]\n",
            "w.toml:11:10: error: damage: two numbers [from, to], 0 <= from <= to <= 1000",
        ),
        (
            "[weapons.pistol]\ninterval = 0.001\n",
            "w.toml:11:12: error: interval 0.001: from 1/60 (0.01667, one tick) to 10 seconds",
        ),
        (
            "[weapons.chaingun]\ncost = 100\n",
            "w.toml:11:8: error: cost 100: from 0 to 99 rounds a shot",
        ),
        (
            "[weapons.pistol]\nrange = 3\n",
            "w.toml:11:1: error: unknown field `range`",
        ),
    ];
    for (tables, expected) in cases {
        let text = format!("{base}{tables}");
        let err = Level::parse(&text, Path::new("w.toml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{tables:?}:\n{err}");
    }
}

/// Lights are part of a level: a legend entry's `light` (alone or with a decoration), a
/// `[[light]]` table, and `[ambient]`; a Tiled map holds them as `light` objects and the map
/// property `ambient`, and `convert` carries them both ways.
#[test]
fn lights_and_the_ambient_level_load_and_convert_both_ways() {
    let dir = std::env::temp_dir().join(format!("tilecaster-lights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("lit.toml");
    std::fs::write(
        &path,
        "name = \"lit\"\ngrid = '''\n######\n#@.L.#\n#..l.#\n######\n'''\n[ambient]\nlevel = 0.3\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\"L\" = { light = { colour = \"#ffd8a0\", radius = 6.0, intensity = 1.5 } }\n\"l\" = { decoration = \"lamp\", light = { colour = \"#a0c0ff\", radius = 3.0 } }\n\n[[light]]\nposition = [1.25, 2.75]\ncolour = \"#ff0000\"\nradius = 2.5\n",
    )
    .unwrap();
    let level = Level::load(&path).unwrap().level;
    let summary = |l: &Level| {
        let mut lights: Vec<String> = l
            .lights
            .iter()
            .map(|x| {
                format!(
                    "{:?} {:?} {} {}",
                    x.position, x.colour, x.radius, x.intensity
                )
            })
            .collect();
        lights.sort();
        (l.ambient, lights, l.decorations.len())
    };
    let (ambient, lights, decorations) = summary(&level);
    assert_eq!((ambient, lights.len(), decorations), (0.3, 3, 1));
    assert!(lights.iter().any(|l| l.contains("1.5")), "{lights:?}");
    let (tmx, back) = through_tiled_and_back(&path, "type=\"light\"");
    let map = std::fs::read_to_string(&tmx).unwrap();
    assert!(
        map.contains("<property name=\"ambient\" type=\"float\" value=\"0.3\"/>"),
        "{map}"
    );
    for converted in [&tmx, &back] {
        let again = Level::load(converted).unwrap().level;
        assert_eq!(summary(&again), summary(&level), "{}", converted.display());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Bad lights are named with their line and column.
#[test]
fn bad_lights_are_named_with_their_place() {
    let base = "name = \"l\"\ngrid = '''\n#####\n#@.L#\n#####\n'''\n[legend]\n\"@\" = { player = \"east\" }\n";
    let cases = [
        (
            "\"#\" = { wall = \"brick\", light = { colour = \"#ffffff\", radius = 3 } }\n\"L\" = {}\n",
            "l.toml:9:33: error: legend '#': `light` only applies to open cells",
        ),
        (
            "\"#\" = { wall = \"brick\" }\n\"L\" = { light = { colour = \"#ffffff\", radius = 99.0 } }\n",
            "l.toml:10:48: error: light radius 99: from 0.5 to 32 tiles",
        ),
        (
            "\"#\" = { wall = \"brick\" }\n\"L\" = { light = { colour = \"white\", radius = 3.0 } }\n",
            "l.toml:10:28: error: 'white' is not a colour (expected #rrggbb)",
        ),
        (
            "\"#\" = { wall = \"brick\" }\n\"L\" = { light = { colour = \"#ffffff\", radius = 3.0, intensity = -1.0 } }\n",
            "l.toml:10:65: error: light intensity -1: from 0 to 8",
        ),
        (
            "\"#\" = { wall = \"brick\" }\n\"L\" = {}\n[ambient]\nlevel = 2.0\n",
            "l.toml:12:9: error: ambient level 2: from 0 (black) to 1 (as drawn)",
        ),
        (
            "\"#\" = { wall = \"brick\" }\n\"L\" = {}\n[[light]]\nposition = [0.5, 0.5]\ncolour = \"#ffffff\"\nradius = 3.0\n",
            "l.toml:12:12: error: a light at [0.5, 0.5] is inside a wall",
        ),
    ];
    for (legend, expected) in cases {
        let text = format!("{base}{legend}");
        let err = Level::parse(&text, Path::new("l.toml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{legend:?}:\n{err}");
    }
}

/// Lights whose reach together is too large to work out at load are refused (rather than
/// loaded for minutes): a legend light of radius 32 on every cell of a large hall.
#[test]
fn too_much_light_is_refused_with_its_count() {
    let row = format!("#{}#\n", "L".repeat(60));
    let grid = format!(
        "{}\n#@{}#\n{}{}",
        "#".repeat(62),
        ".".repeat(59),
        row.repeat(40),
        "#".repeat(62)
    );
    let text = format!(
        "name = \"l\"\ngrid = '''\n{grid}\n'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n\"L\" = {{ light = {{ colour = \"#ffffff\", radius = 32.0 }} }}\n"
    );
    let err = Level::parse(&text, Path::new("l.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("error: the level's 2400 lights reach") && err.contains("the limit is 100000"),
        "{err}"
    );
}

/// Deathmatch spawn points are level data: the legend's `spawn = "FACING"` on grid cells and
/// `[[spawn]]` tables at exact positions load in the file's order with their facings, and a
/// Tiled map carries them both ways (`spawn` objects).
#[test]
fn spawn_points_load_and_convert_both_ways() {
    let dir = std::env::temp_dir().join(format!("tilecaster-spawns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("arena.toml");
    std::fs::write(
        &path,
        "name = \"arena\"\ngrid = '''\n#######\n#@.S..#\n#....s#\n#######\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\"S\" = { spawn = \"south\" }\n\"s\" = { spawn = \"west\" }\n\n[[spawn]]\nposition = [1.25, 2.75]\nfacing = \"north\"\n",
    )
    .unwrap();
    let level = Level::load(&path).unwrap().level;
    let spawns = |l: &Level| -> Vec<(f64, f64, f64)> {
        l.spawns
            .iter()
            .map(|s| (s.position.x, s.position.y, s.facing))
            .collect()
    };
    assert_eq!(
        spawns(&level),
        [(3.5, 1.5, 90.0), (5.5, 2.5, 180.0), (1.25, 2.75, 270.0)]
    );
    assert_eq!(level.player.position, tilecaster::math::Vec2::new(1.5, 1.5));
    let (tmx, back) = through_tiled_and_back(&path, "type=\"spawn\"");
    for converted in [&tmx, &back] {
        let again = Level::load(converted).unwrap().level;
        let mut got = spawns(&again);
        let mut want = spawns(&level);
        // A legend's spawn points become objects in a Tiled map: the same places, listed
        // with the tables'.
        got.sort_by(|a, b| a.partial_cmp(b).unwrap());
        want.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(got, want, "{}", converted.display());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Bad spawn points are named with their line and column; a level holds at most 64, and none
/// where a decoration stands in the way.
#[test]
fn bad_spawn_points_are_named_with_their_place() {
    let base = "name = \"s\"\ngrid = '''\n#####\n#@.S#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n";
    let cases = [
        (
            "\"S\" = { spawn = \"up\" }\n".to_string(),
            "s.toml:10:17: error: unknown facing 'up'",
        ),
        (
            "\"S\" = { spawn = \"east\", enemy = \"guard\" }\n".to_string(),
            "s.toml:10:7: error: legend 'S' is spawn and enemy",
        ),
        (
            "\"S\" = {}\n[[spawn]]\nposition = [0.5, 0.5]\n".to_string(),
            "s.toml:12:12: error: a spawn point at [0.5, 0.5] is inside a wall",
        ),
        (
            "\"S\" = {}\n".to_string() + &"[[spawn]]\nposition = [2.5, 1.5]\n".repeat(65),
            "s.toml:139:1: error: spawn point 65: a level has at most 64",
        ),
        (
            "\"S\" = { decoration = \"barrel\" }\n[[spawn]]\nposition = [3.5, 1.5]\n".to_string(),
            "s.toml:4:4: error: the barrel at (3, 1) stands in the way of a spawn point in the same cell",
        ),
    ];
    for (legend, expected) in cases {
        let text = format!("{base}{legend}");
        let err = Level::parse(&text, Path::new("s.toml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{legend:?}:\n{err}");
    }
}

/// Issue 71: no room of the episode larger than 6 x 6 is bare. Every square of 7 x 7 open cells
/// (so every such room, and every 7 x 7 stretch of a bigger hall) holds a decoration; on failure
/// the message names, level by level, cells where one decoration would furnish the squares left.
/// And the furniture is the new kit's: every level uses at least three of the nineteen kinds
/// added after the first eleven, and the episode uses all of them.
#[test]
fn no_room_of_the_episode_larger_than_six_by_six_is_bare() {
    use tilecaster::grid::Cell;
    use tilecaster::map::Tile;
    const SIDE: i32 = 7;
    // The first kit's kinds (barrel to skeleton) come first in the list.
    const FIRST: usize = 11;
    let new_kinds = &tilecaster::level::DECORATIONS[FIRST..];
    let mut bare = Vec::new();
    let mut used = std::collections::BTreeSet::new();
    for path in common::EPISODE.iter().map(|f| Path::new("levels").join(f)) {
        let level = Level::load(&path).unwrap().level;
        let here: std::collections::BTreeSet<&str> = level
            .decorations
            .iter()
            .map(|d| d.kind.name)
            .filter(|name| new_kinds.iter().any(|k| k.name == *name))
            .collect();
        assert!(
            here.len() >= 3,
            "{}: new furniture {here:?}",
            path.display()
        );
        used.extend(here);
        let (w, h) = (level.map.width() as i32, level.map.height() as i32);
        let open = |x: i32, y: i32| level.map.get(Cell::new(x, y)) == Some(Tile::Empty);
        let mut furnished: Vec<Cell> = level.decorations.iter().map(|d| d.cell()).collect();
        let holds = |furnished: &[Cell], x0: i32, y0: i32| {
            let inside =
                |c: &Cell| (x0..x0 + SIDE).contains(&c.x) && (y0..y0 + SIDE).contains(&c.y);
            furnished.iter().any(inside)
        };
        let mut here = Vec::new();
        for y0 in 0..=h - SIDE {
            for x0 in 0..=w - SIDE {
                let all_open = (y0..y0 + SIDE).all(|y| (x0..x0 + SIDE).all(|x| open(x, y)));
                if all_open && !holds(&furnished, x0, y0) {
                    // One decoration at the square's centre would furnish it: suggest it, and
                    // count it for the squares after.
                    let centre = Cell::new(x0 + SIDE / 2, y0 + SIDE / 2);
                    furnished.push(centre);
                    here.push(format!("({},{})", centre.x, centre.y));
                }
            }
        }
        if !here.is_empty() {
            bare.push(format!("{}: {}", path.display(), here.join(" ")));
        }
    }
    assert!(
        bare.is_empty(),
        "bare rooms, one decoration at each cell named would furnish them:\n{}",
        bare.join("\n")
    );
    let unused: Vec<&str> = new_kinds
        .iter()
        .map(|k| k.name)
        .filter(|n| !used.contains(n))
        .collect();
    assert!(unused.is_empty(), "kinds no level uses: {unused:?}");
}
