//! Helpers shared by the tests (each file uses some of them).
#![allow(dead_code)]

use std::ffi::OsStr;
use std::process::{Command, Output};

use tilecaster::game::Input;

/// The bundled episode's level files, in the order played (the secret level, reached from
/// Storerooms, before The Courtyard).
pub const EPISODE: [&str; 10] = [
    "e1m1.toml",
    "e1m2.tmx",
    "e1m3.toml",
    "e1m4.toml",
    "e1m5.toml",
    "e1m10.tmx",
    "e1m6.toml",
    "e1m7.toml",
    "e1m8.tmx",
    "e1m9.toml",
];

/// The first Entry Hall (the bundled e1m1 before the episode was redrawn): a small level of
/// six rooms, two grates on row 10 (cells (7, 10) and (14, 10)) and its first door at (7, 2),
/// where many tests and goldens stand.
pub const ENTRY_HALL: &str = "tests/scenes/entry_hall.toml";

/// The first Command Post (the bundled e1m3 before the episode was redrawn), lit by lamps.
pub const COMMAND_POST: &str = "tests/scenes/command_post.toml";

/// A fresh, empty folder for one test: `tilecaster-NAME-PID` in the system's temporary
/// folder (what an earlier run left there is removed first).
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tilecaster-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the `tilecaster` binary with `args` to its end.
pub fn run<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .args(args)
        .output()
        .expect("the tilecaster binary runs")
}

/// Runs the `tilecaster` binary with `args`, `stdin` written to its standard input, to its end.
pub fn run_with_stdin(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tilecaster binary runs");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin is written");
    child
        .wait_with_output()
        .expect("the tilecaster binary ends")
}

/// Asserts that a finished command exited 0, showing what it printed when it did not.
pub fn assert_ok(out: Output) -> Output {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}\nstdout: {}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    out
}

/// Runs the `tilecaster` binary with `args` and asserts that it exits 0 (showing its output
/// when it does not); what it printed.
pub fn run_ok<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    assert_ok(run(args))
}

/// A walk through e1m1's first door (the gatehouse's, into the great hall): forward, use,
/// wait, forward, turning.
pub fn walk_through_the_door() -> Vec<Input> {
    let mut inputs = vec![
        Input {
            forward: 1.0,
            ..Input::default()
        };
        70
    ];
    inputs.push(Input {
        use_pressed: true,
        ..Input::default()
    });
    inputs.extend(vec![Input::default(); 70]);
    inputs.extend(vec![
        Input {
            forward: 1.0,
            run: true,
            ..Input::default()
        };
        60
    ]);
    inputs.extend(vec![
        Input {
            forward: 1.0,
            turn: 1.5,
            ..Input::default()
        };
        30
    ]);
    inputs
}

/// The proptest configuration of the tests: `cases` cases a property, and the failing cases
/// found kept in `proptest-regressions/tests/NAME.txt` (`NAME` the calling file's, as
/// `render` for `tests/render.rs`), in the one folder that holds the library's too
/// (`proptest-regressions/MODULE/FILE.txt`).
#[track_caller]
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, FileFailurePersistence};
    let file = std::path::Path::new(std::panic::Location::caller().file());
    let name = file.file_stem().map(|s| s.to_string_lossy().into_owned());
    let path = format!(
        "proptest-regressions/tests/{}.txt",
        name.as_deref().unwrap_or("tests")
    );
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(Box::leak(
            path.into_boxed_str(),
        )))),
        ..Config::default()
    }
}
