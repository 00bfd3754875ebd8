//! The rest of the bad-input corpus, through the real binary: broken textures (truncated, too
//! large, a folder, unreadable), broken recordings and settings files, a folder where a level
//! should be. Each case states the message it must produce; each exits 1, never 101.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch folder with a copy of the bundled textures and a level that uses `brick`,
/// `stone` and `wood`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tilecaster-bad-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("textures")).unwrap();
    for file in ["brick.png", "stone.png", "wood.png"] {
        std::fs::copy(
            Path::new("textures").join(file),
            dir.join("textures").join(file),
        )
        .unwrap();
    }
    let level = "name = \"x\"\ntextures = \"textures\"\ngrid = \"\"\"\n#####\n#@.S#\n#..W#\n#####\n\"\"\"\n[legend]\n\"#\" = { wall = \"brick\" }\n\"S\" = { wall = \"stone\" }\n\"W\" = { wall = \"wood\" }\n\"@\" = { player = \"east\" }\n";
    std::fs::write(dir.join("level.toml"), level).unwrap();
    dir
}

/// Runs the binary in `dir`; its exit code and what it said.
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .args(args)
        .current_dir(dir)
        // The settings file and saves of the player running the tests are not touched.
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

fn expect(dir: &Path, args: &[&str], message: &str) {
    let (code, text) = run(dir, args);
    assert_eq!(code, Some(1), "{args:?}: {text}");
    assert!(
        text.contains(message),
        "{args:?}: expected\n  {message}\nin\n  {text}"
    );
}

/// A PNG of `w` × `h` transparent pixels, written by hand (the encoder's limits are not ours).
fn png(w: u32, h: u32) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend((data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend(kind);
        out.extend(data);
        out.extend(crc32(&out[start..]).to_be_bytes());
    }
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= b as u32;
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut header = Vec::new();
    header.extend(w.to_be_bytes());
    header.extend(h.to_be_bytes());
    header.extend([8, 6, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &header);
    // Not real image data: the size limit must refuse it before any decoding.
    chunk(
        &mut out,
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

#[test]
fn broken_textures_name_the_level_line_and_the_file() {
    let dir = scratch("textures");
    let real = std::fs::read(dir.join("textures/brick.png")).unwrap();
    std::fs::write(dir.join("textures/brick.png"), &real[..300]).unwrap();
    std::fs::write(dir.join("textures/stone.png"), png(100_000, 1)).unwrap();
    std::fs::remove_file(dir.join("textures/wood.png")).unwrap();
    std::fs::create_dir(dir.join("textures/wood.png")).unwrap();
    let check = ["check", "level.toml"];
    expect(
        &dir,
        &check,
        "level.toml:10:17: error: textures/brick.png: not a valid PNG image",
    );
    expect(
        &dir,
        &check,
        "level.toml:11:17: error: textures/stone.png: the image is 100000x1; textures must be between 1x1 and 1024x1024",
    );
    expect(
        &dir,
        &check,
        "level.toml:12:17: error: textures/wood.png: cannot read: it is a folder, not a file",
    );
    // The game says the same before it opens a window.
    expect(
        &dir,
        &["--level", "level.toml"],
        "level.toml:10:17: error: textures/brick.png",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_missing_texture_folder_is_a_message_not_a_panic() {
    let dir = scratch("nofolder");
    std::fs::remove_dir_all(dir.join("textures")).unwrap();
    for args in [&["check", "level.toml"][..], &["--level", "level.toml"]] {
        expect(
            &dir,
            args,
            "level.toml:2:12: error: texture folder 'textures' does not exist",
        );
    }
    // With another folder given, the level's own is not needed.
    let bundled = std::fs::canonicalize("textures").unwrap();
    let (code, text) = run(
        &dir,
        &[
            "check",
            "level.toml",
            "--textures",
            bundled.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(0), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unreadable_files_are_reported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("perm");
    let brick = dir.join("textures/brick.png");
    std::fs::set_permissions(&brick, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&brick).is_ok() {
        // Root reads files whatever their permissions: nothing to test here.
        eprintln!("skipped: running as root, permissions do not stop reading");
    } else {
        expect(
            &dir,
            &["check", "level.toml"],
            "textures/brick.png: cannot read",
        );
    }
    std::fs::set_permissions(&brick, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn broken_recordings_and_settings_name_file_line_and_column() {
    let dir = scratch("replay");
    // Recordings of this tilecaster's rules, whose other faults are said.
    let rules = tilecaster::game::RULES_VERSION;
    let changed = format!(
        "tilecaster-replay 3\nrules {rules}\nlevel level.toml\nlevel-hash 0123456789abcdef\n"
    );
    let cases: [(&str, &str, &[&str], &str); 7] = [
        // Played under other rules, or on a level file changed since: refused, both named.
        (
            "rules.txt",
            "tilecaster-replay 3\nrules 999\nlevel level.toml\nlevel-hash 00\n",
            &["--replay", "rules.txt"],
            "rules.txt: recorded under game rules 999; this tilecaster",
        ),
        (
            "changed.txt",
            &changed,
            &["replay", "changed.txt"],
            "changed.txt: the level file level.toml changed since the recording (its hash was 0123456789abcdef, now ",
        ),
        (
            "old.txt",
            "tilecaster-replay 2\nlevel level.toml\n1 0 0 0 0 0\n",
            &["--replay", "old.txt"],
            "old.txt:3:1: expected 7 fields 'forward strafe turn run use fire weapon', found 6",
        ),
        (
            "future.txt",
            "tilecaster-replay 9\n",
            &["--replay", "future.txt"],
            "future.txt:1:1: a recording of another version ('tilecaster-replay 9')",
        ),
        (
            "garbage.txt",
            "\u{0}\u{1}PNG",
            &["--replay", "garbage.txt"],
            "garbage.txt:1:1: not a recording",
        ),
        // A damaged settings file is said with its place, and the game goes on with the
        // defaults (here to fail at the window: the tests have no display).
        (
            "keys.toml",
            "[keys]\nforward = [\"W\", \"Nope\"]\n",
            &["--settings", "keys.toml", "--level", "level.toml"],
            "keys.toml:2:17: unknown key 'Nope'",
        ),
        (
            "keys2.toml",
            "[keys]\nforward = \"W\"\n",
            &["--settings", "keys2.toml", "--level", "level.toml"],
            "keys2.toml:2:11: ",
        ),
    ];
    for (file, text, args, message) in cases {
        std::fs::write(dir.join(file), text).unwrap();
        expect(&dir, args, message);
    }
    // A recording whose level is gone names the recording and the level as written in it.
    std::fs::write(
        dir.join("gone.txt"),
        format!("tilecaster-replay 3\nrules {rules}\nlevel gone.toml\nlevel-hash unknown\n"),
    )
    .unwrap();
    for args in [&["replay", "gone.txt"][..], &["--replay", "gone.txt"]] {
        expect(
            &dir,
            args,
            "gone.txt: the level it was recorded on, gone.toml, is missing",
        );
        assert!(!run(&dir, args).1.contains("<built-in>"), "{args:?}");
    }
    // Recordings written with the bundled folder's made-up name (before it was left out)
    // replay, with their level hash or without one.
    let hash = tilecaster::files::level_file_hash(Path::new("levels/e1m1.toml")).unwrap();
    for level_hash in [hash.as_str(), "unknown"] {
        let text = format!(
            "tilecaster-replay 3\nrules {rules}\nlevel <built-in>/levels/e1m1.toml\nlevel-hash {level_hash}\n1.0 0.0 0.0 0 0 0 0\n"
        );
        std::fs::write(dir.join("bundled.txt"), text).unwrap();
        let (code, said) = run(&dir, &["replay", "bundled.txt"]);
        assert_eq!(code, Some(0), "{said}");
        assert!(
            said.starts_with("final state ") && said.contains("after 1 ticks"),
            "{said}"
        );
    }
    // ... and kept beside, under another name, for the player to mend.
    for file in ["keys.toml", "keys2.toml"] {
        assert!(!dir.join(file).exists(), "{file} moved aside");
        assert!(dir.join(format!("{file}.damaged")).is_file(), "{file} kept");
    }
    // Files the game would write at its end are refused at its start, never overwritten.
    std::fs::write(dir.join("taken.png"), b"mine").unwrap();
    expect(
        &dir,
        &["--level", "level.toml", "--screenshot", "taken.png"],
        "taken.png exists: screenshots never overwrite a file",
    );
    expect(
        &dir,
        &["--level", "level.toml", "--record", "taken.png"],
        "taken.png exists: recordings never overwrite a file",
    );
    assert_eq!(std::fs::read(dir.join("taken.png")).unwrap(), b"mine");
    // A folder where a file should be.
    std::fs::create_dir(dir.join("folder.toml")).unwrap();
    expect(
        &dir,
        &["check", "folder.toml"],
        "folder.toml: error: is not a regular file (a folder); a level file must be one",
    );
    expect(
        &dir,
        &["--replay", "textures"],
        "textures is not a regular file (a folder); a recording must be one",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Saved games: not a save, a missing one, another format, a save whose level changed since.
/// Each is refused before a window would open.
#[test]
fn broken_saves_are_refused_with_the_reason() {
    let dir = scratch("saves");
    std::fs::write(dir.join("notes.json"), "these are my notes\n").unwrap();
    expect(
        &dir,
        &["--load", "notes.json"],
        "notes.json:1:2: not a tilecaster save: expected ident",
    );
    expect(
        &dir,
        &["--load", "missing.json"],
        "cannot read missing.json",
    );
    let header = r#"{"format":7,"version":"9.9.9","level_file":"level.toml"}"#;
    std::fs::write(dir.join("future.json"), header).unwrap();
    expect(
        &dir,
        &["--load", "future.json"],
        "future.json: a save of format 7 (written by tilecaster 9.9.9)",
    );
    // A real save of level.toml, then the level edited.
    let mut session = tilecaster::episode::Session::start(&dir.join("level.toml"), None).unwrap();
    session.tick(&tilecaster::game::Input::default());
    let save = dir.join("real.json");
    session.save(&save).unwrap();
    let text = std::fs::read_to_string(&save).unwrap();
    let relative = text.replace(&dir.join("level.toml").display().to_string(), "level.toml");
    std::fs::write(&save, relative).unwrap();
    let level = std::fs::read_to_string(dir.join("level.toml")).unwrap();
    std::fs::write(dir.join("level.toml"), level.replace("\"x\"", "\"y\"")).unwrap();
    expect(&dir, &["--load", "real.json"], "has changed since");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Every invalid command-line value is a usage error (exit 2, clap's message naming the
/// option), before any work: out-of-range numbers as much as unparsable ones.
#[test]
fn invalid_command_line_values_are_usage_errors() {
    let dir = scratch("usage");
    let see = ["visibility", "--level", "level.toml", "--pos", "1.5,1.5"];
    let visibility = [
        ["--radius", "nan"],
        ["--radius", "-1"],
        ["--radius", "0"],
        ["--facing", "nan"],
        ["--facing", "inf"],
    ]
    .map(|extra| [&see[..], &extra].concat());
    let cone = [["0"], ["nan"], ["-5"], ["361"]]
        .map(|fov| [&see[..], &["--facing", "0", "--fov"], &fov].concat());
    let cases: [&[&str]; 21] = [
        &visibility[0],
        &visibility[1],
        &visibility[2],
        &visibility[3],
        &visibility[4],
        &cone[0],
        &cone[1],
        &cone[2],
        &cone[3],
        &["render", "--fov", "nan", "-o", "x.png"],
        &["render", "--fov", "0", "-o", "x.png"],
        &["render", "--fov", "180", "-o", "x.png"],
        &["render", "--fov", "1e9", "-o", "x.png"],
        &["render", "--angle", "nan", "-o", "x.png"],
        &["render", "--size", "0x0", "-o", "x.png"],
        &[
            "columns",
            "--level",
            "level.toml",
            "--pos",
            "1.5,1.5",
            "--angle",
            "0",
            "--width",
            "0",
        ],
        &["bench", "--frames", "0"],
        &["bench", "--threads", "0"],
        &["bench", "--threads", "100000"],
        &["--size", "8193x100"],
        &["--fov=-5"],
    ];
    for args in cases {
        let (code, text) = run(&dir, args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains("invalid value"), "{args:?}: {text}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Files written for the user (a render, a converted level, an exported data folder, a run's
/// sound) get the mode a plain create gives under the user's umask, under two umasks, not the
/// temporary file's private 0600.
#[cfg(unix)]
#[test]
fn files_written_for_the_user_get_the_umasks_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("modes");
    let bin = env!("CARGO_BIN_EXE_tilecaster");
    for (umask, mode) in [("022", 0o644), ("027", 0o640)] {
        let out = dir.join(umask);
        std::fs::create_dir_all(&out).unwrap();
        let script = format!(
            "umask {umask} && '{bin}' render --level level.toml --size 8x8 -o {umask}/view.png \
             && '{bin}' convert level.toml -o {umask}/level.tmx \
             && '{bin}' assets --level level.toml --export {umask}/data >/dev/null 2>&1"
        );
        let status = Command::new("sh")
            .args(["-c", &script])
            .current_dir(&dir)
            .status()
            .unwrap();
        assert!(status.success(), "umask {umask}");
        let mut files = vec![out.join("view.png"), out.join("level.tmx")];
        files.extend(
            ["textures/brick.png", "sounds/pistol.wav", "hud/face.png"]
                .map(|f| out.join("data").join(f)),
        );
        for file in files {
            let found = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
            assert_eq!(
                found,
                mode,
                "umask {umask}: {} is {found:o}",
                file.display()
            );
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Without a display the game says so in one line, in the user's terms (no path of the
/// machine that built it), and names what works headless.
#[test]
fn without_a_display_the_game_says_so_in_one_plain_line() {
    let dir = scratch("no-display");
    let (code, text) = run(&dir, &["--level", "level.toml"]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.starts_with("tilecaster: cannot open a window"),
        "{text}"
    );
    assert!(text.contains("`tilecaster render`"), "{text}");
    for internal in ["os error at", ".cargo", "registry", ".rs:"] {
        assert!(!text.contains(internal), "{internal}: {text}");
    }
    // A cause is said once, not again after the message that names it.
    let (code, text) = run(&dir, &["convert", "level.toml", "-o", "nowhere/x.toml"]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(text.matches("no folder nowhere").count(), 1, "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Outputs are checked before the work: two outputs on one path, and a folder that does not
/// exist, are refused at once; the old fixed temporary names are left alone.
#[test]
fn outputs_are_checked_before_the_work_and_temporary_names_are_unique() {
    let dir = scratch("outputs");
    expect(
        &dir,
        &[
            "--level",
            "level.toml",
            "--record",
            "same.png",
            "--screenshot",
            "same.png",
        ],
        "same.png is named for two outputs",
    );
    expect(
        &dir,
        &["--level", "level.toml", "--record", "no/dir/r.rec"],
        "no folder no/dir",
    );
    expect(
        &dir,
        &["render", "--level", "level.toml", "-o", "missing/x.png"],
        "no folder missing",
    );
    // A user's file with the name the old writer used for its temporary file survives.
    std::fs::write(dir.join("out.png.tmp"), "mine").unwrap();
    let (code, text) = run(
        &dir,
        &[
            "render",
            "--level",
            "level.toml",
            "--size",
            "32x20",
            "-o",
            "out.png",
        ],
    );
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.join("out.png.tmp")).unwrap(),
        "mine"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Files that are not regular files, or are too large, are refused without reading them:
/// `/dev/zero` as a level, a key file or a recording; a folder as a save.
#[test]
fn devices_and_oversized_files_are_refused_unread() {
    let dir = scratch("devices");
    expect(
        &dir,
        &["render", "--level", "/dev/zero", "-o", "z.png"],
        "/dev/zero: error: is not a regular file (a device, FIFO or socket); a level file must be one",
    );
    expect(
        &dir,
        &["--level", "level.toml", "--settings", "/dev/zero"],
        "is not a regular file (a device, FIFO or socket); a settings file must be one",
    );
    expect(
        &dir,
        &["--replay", "/dev/zero"],
        "is not a regular file (a device, FIFO or socket); a recording must be one",
    );
    expect(
        &dir,
        &["--level", "level.toml", "--load", "textures"],
        "a save must be one",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Runs the binary in `dir` with `stdin` as its standard input, to its end.
fn run_with_stdin(dir: &Path, args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// `trace` reads bounded lines (a line of 10,000 bytes is refused, with its number);
/// `check` never prints a level name's control characters raw.
#[test]
fn trace_lines_are_bounded_and_check_escapes_names() {
    let dir = scratch("trace");
    let mut input = b"1.5 1.5 2.5 1.5\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 10_000));
    let out = run_with_stdin(&dir, &["trace", "--level", "level.toml"], &input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("stdin:2:4097: the line is longer than 4096 bytes"),
        "{stderr}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    // Not UTF-8: the column of the first bad byte (here after a two-byte character).
    let out = run_with_stdin(
        &dir,
        &["trace", "--level", "level.toml"],
        b"1.5 \xc3\xa9 \xff 1.5\n",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("stdin:1:7: not UTF-8 text"), "{stderr}");
    assert!(out.stdout.is_empty());
    let level = std::fs::read_to_string(dir.join("level.toml")).unwrap();
    let evil = level.replace("name = \"x\"", "name = \"a\\u001b[31m\\u0007b\"");
    std::fs::write(dir.join("evil.toml"), evil).unwrap();
    let (code, text) = run(&dir, &["check", "evil.toml"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(text.contains(r#""a\u{1b}[31m\u{7}b""#), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}
