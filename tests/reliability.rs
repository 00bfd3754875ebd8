//! Reliability, fifth round, through the binary: what a hostile user's files and arguments
//! met (a weapon firing faster than a tick, a sprite's frames of 7 pixels, a recording past
//! its length or claiming more co-op seats than co-op has, NUL bytes in a recording, `check`'s
//! lines on two streams, the version that says nothing of the rules). Each case states what
//! must be said; each exits 1, never 101.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The binary run in `dir` with `args`: its exit code, standard output and standard error.
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// A scratch folder with a small level (`level.toml`) on the repository's textures.
fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch(&format!("reliability-{name}"));
    let textures = Path::new(env!("CARGO_MANIFEST_DIR")).join("textures");
    let level = format!(
        "name = \"x\"\ntextures = {:?}\ngrid = '''\n#####\n#@..#\n#####\n'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n",
        textures.display()
    );
    std::fs::write(dir.join("level.toml"), level).unwrap();
    dir
}

/// A weapon's interval below one tick (1/60 s) is refused at its place, as the docs say; 1/60
/// written to five places passes.
#[test]
fn a_weapon_faster_than_a_tick_is_refused() {
    let dir = scratch("interval");
    let level = std::fs::read_to_string(dir.join("level.toml")).unwrap();
    for (interval, refused) in [("0.0166", true), ("0.01667", false), ("10.01", true)] {
        let text = format!("{level}[weapons.pistol]\ninterval = {interval}\n");
        std::fs::write(dir.join("w.toml"), text).unwrap();
        let (code, out, _) = run(&dir, &["check", "w.toml"]);
        if refused {
            assert_eq!(code, Some(1), "{interval}: {out}");
            let said = format!("w.toml:12:12: error: interval {interval}: from 1/60");
            assert!(out.contains(&said), "{interval}: {out}");
        } else {
            assert_eq!(code, Some(0), "{interval}: {out}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A sprite sheet whose frames are not a power of two from 8 to 1024 (7 x 7, alone or 8
/// across) in a data folder is refused by `check` of a level that uses it, naming the file,
/// and is a warning for a level that does not.
#[test]
fn sprite_frames_of_seven_pixels_are_refused() {
    let dir = scratch("sprites");
    let sprites = dir.join("data/textures/sprites");
    std::fs::create_dir_all(&sprites).unwrap();
    let png = |w: u32, h: u32, path: PathBuf| {
        image::RgbaImage::from_pixel(w, h, image::Rgba([200, 0, 0, 255]))
            .save(path)
            .unwrap()
    };
    png(7, 7, sprites.join("barrel.png"));
    png(56, 84, sprites.join("guard.png"));
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/e1m1.toml");
    let (code, out, _) = run(&dir, &["check", "--data", "data", level.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    for (name, size) in [("barrel", "7x7"), ("guard", "56x84")] {
        let said = format!("sprites/{name}.png: not a valid PNG image (a sprite sheet of {size}");
        assert!(out.contains(&said), "{name}: {out}");
    }
    assert!(out.contains("each a power of two from 8 to 1024"), "{out}");
    // A sheet the level does not use (e1m1 has no mutants) is a warning: the episode's
    // level that uses it would not load.
    std::fs::remove_file(sprites.join("barrel.png")).unwrap();
    std::fs::remove_file(sprites.join("guard.png")).unwrap();
    png(56, 84, sprites.join("mutant.png"));
    let (code, out, _) = run(&dir, &["check", "--data", "data", level.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("warning: sprite 'mutant' is not used by this level, but a level using it would not load: data/textures/sprites/mutant.png: not a valid PNG image (a sprite sheet of 56x84"), "{out}");
    assert!(out.contains("0 errors, 1 warning"), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Recordings: one past the most a recording holds is refused at the line past it (its
/// replay's time is bounded), a co-op one claiming eight seats is refused at its `seats`
/// line, and NUL bytes in one are shown escaped, never sent to the terminal.
#[test]
fn recordings_past_their_bounds_are_refused_and_their_bytes_escaped() {
    let dir = scratch("recordings");
    let hash = tilecaster::files::level_file_hash(&dir.join("level.toml")).unwrap();
    let rules = tilecaster::game::RULES_VERSION;
    let header =
        format!("tilecaster-replay 3\nrules {rules}\nlevel level.toml\nlevel-hash {hash}\n");
    let most = tilecaster::episode::MOST_RECORDED_INPUTS;
    let idle = "0 0 0 0 0 0 0\n";
    let long = format!("{header}{}", idle.repeat(most + 1));
    let coop = format!(
        "{header}seats 8\nseed 1\n{}",
        format!("{}\n", ["0 0 0 0 0 0 0"; 8].join(" | ")).repeat(3)
    );
    let nul = format!("{header}0 0 0 0 0 0 0{}", "\0".repeat(1000));
    let cases = [
        ("long.txt", long, format!("long.txt:{}:1: a recording holds at most {most} ticks of 1 seat", most + 5)),
        ("coop.txt", coop, "coop.txt:5:7: expected 2 to 4 seats in a co-op game (without a deathmatch line), found 8".into()),
        ("nul.txt", nul, "nul.txt:5:13: expected a weapon 0 to 5, found '0\\0\\0\\0".into()),
    ];
    for (file, text, said) in cases {
        std::fs::write(dir.join(file), text).unwrap();
        let (code, out, err) = run(&dir, &["replay", file]);
        assert_eq!(code, Some(1), "{file}: {out}{err}");
        assert!(err.contains(&said), "{file}: expected {said} in {err}");
        assert!(!err.contains('\0') && err.len() < 400, "{file}: {err:?}");
    }
    // A game of the right length replays (the bound is not off by one tick).
    std::fs::write(
        dir.join("short.txt"),
        format!("{header}{}", idle.repeat(10)),
    )
    .unwrap();
    let (code, out, err) = run(&dir, &["replay", "short.txt"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.starts_with("final state ") && out.contains(" after 10 ticks"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// `check` says everything on one stream, its summary last on a line of its own (shown after
/// the per-file lines wherever the two streams are joined), whether it passes or not.
#[test]
fn check_says_its_summary_after_its_lines_on_one_stream() {
    let dir = scratch("check");
    std::fs::write(dir.join("bad.toml"), "name = \"\"\n").unwrap();
    for (files, code, summary) in [
        (
            &["level.toml", "level.toml"][..],
            0,
            "2 files checked: 0 errors, 0 warnings",
        ),
        (&["level.toml", "bad.toml"][..], 1, "2 files checked: "),
    ] {
        let mut args = vec!["check"];
        args.extend(files);
        let (got, out, err) = run(&dir, &args);
        assert_eq!(got, Some(code), "{out}{err}");
        assert_eq!(err, "", "{files:?}: nothing on standard error");
        let last = out.lines().last().unwrap_or("");
        assert!(last.starts_with(summary), "{files:?}: {out}");
        assert!(out.ends_with('\n') && out.lines().count() >= 2, "{out}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `check` whose reader has gone (a pipe closed before it writes: `check ... | head -1`)
/// ends as its levels decide, without a panic.
#[test]
fn check_into_a_closed_pipe_ends_as_its_levels_decide() {
    use std::process::Stdio;
    let dir = scratch("pipe");
    std::fs::write(dir.join("bad.toml"), "name = \"\"\n").unwrap();
    for (files, code) in [
        (&["level.toml"][..], 0),
        (&["level.toml", "bad.toml"][..], 1),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
            .arg("check")
            .args(files)
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{files:?}: {said}");
        assert!(!said.contains("panicked"), "{files:?}: {said}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The version says the rules: the package's minor version is the rules version, and a
/// recording of other rules is refused naming both.
#[test]
fn the_version_says_the_rules() {
    let dir = scratch("version");
    let rules = tilecaster::game::RULES_VERSION;
    let (code, out, _) = run(&dir, &["--version"]);
    assert_eq!(code, Some(0));
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        out.trim(),
        format!("tilecaster {version} (game rules {rules})")
    );
    assert!(version.starts_with(&format!("0.{rules}.")), "{version}");
    let old = rules - 1;
    let text = format!("tilecaster-replay 3\nrules {old}\nlevel level.toml\nlevel-hash 00\n");
    std::fs::write(dir.join("old.txt"), text).unwrap();
    let (code, _, err) = run(&dir, &["replay", "old.txt"]);
    assert_eq!(code, Some(1));
    let said =
        format!("recorded under game rules {old}; this tilecaster ({version}) plays rules {rules}");
    assert!(err.contains(&said), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A level file that would take the TOML reader far more memory than its size (many small
/// values: 60 MB of lights took 2.6 GB) is refused before it is read, at the value past the
/// limit; a Tiled map of too many elements (52 MB of objects took 1 GB), or a JSON one of too
/// many values, likewise.
#[test]
fn a_level_of_too_many_values_is_refused_before_it_is_read() {
    let dir = scratch("values");
    let level = std::fs::read_to_string(dir.join("level.toml")).unwrap();
    let text = format!("{level}[ambient]\nlevel = [{}1]\n", "1, ".repeat(200_000));
    std::fs::write(dir.join("many.toml"), text).unwrap();
    let (code, out, _) = run(&dir, &["check", "many.toml"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("many.toml:12:") && out.contains("more than 200000 values"),
        "{out}"
    );
    // A Tiled map of too many elements, likewise.
    let tmx = std::fs::read_to_string("levels/e1m2.tmx").unwrap();
    let at = tmx.find("</objectgroup>").unwrap();
    let many = format!(
        "{}{}{}",
        &tmx[..at],
        "<object id=\"1\"/>\n".repeat(200_001),
        &tmx[at..]
    );
    std::fs::write(dir.join("many.tmx"), many).unwrap();
    let (code, out, _) = run(&dir, &["check", "many.tmx"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("many.tmx:") && out.contains("more than 200000 elements"),
        "{out}"
    );
    // A JSON map of too many values (an array of numbers of 2,000,001 cells), likewise.
    let data = vec!["0"; 2_000_001].join(",");
    let tmj = format!(
        "{{\"type\":\"map\",\"width\":2000,\"height\":1001,\"tilewidth\":64,\"tileheight\":64,\"layers\":[{{\"type\":\"tilelayer\",\"name\":\"walls\",\"width\":2000,\"height\":1001,\"data\":[{data}]}}]}}"
    );
    std::fs::write(dir.join("many.tmj"), tmj).unwrap();
    let (code, out, _) = run(&dir, &["check", "many.tmj"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("many.tmj:1:") && out.contains("more than 2000000 values"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
