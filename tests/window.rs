//! The real window: the game under Xvfb with Mesa's software Vulkan (`.ci/run` installs them).
//! Where Xvfb is missing the test says so and passes, except in CI (`CI` set), where it fails.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// The tests here each start an X server, one at a time: the game under Mesa's software
/// Vulkan takes a core of this 2-core machine, and two at once would starve each other's
/// timings. (Display numbers cannot collide anyway: Xvfb picks a free one itself.)
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// How long any one external command (xdotool, import, a headless run) may take.
const COMMAND_LIMIT: Duration = Duration::from_secs(30);

/// How long a game may take to end by itself before it counts as hung.
const GAME_LIMIT: Duration = Duration::from_secs(180);

struct Display {
    _turn: std::sync::MutexGuard<'static, ()>,
    server: Child,
    number: u32,
    runtime: PathBuf,
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
        let _ = std::fs::remove_dir_all(&self.runtime);
    }
}

fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether every program a test needs is installed. Where one is missing the test says so and
/// is skipped, except in CI (`CI` set), where that fails it: `.ci/run` installs them all.
fn present(programs: &[&str]) -> bool {
    for program in programs {
        if !installed(program) {
            assert!(
                std::env::var_os("CI").is_none(),
                "{program} is missing: .ci/run installs it"
            );
            eprintln!("skipped: {program} is not installed (.ci/run lists the packages)");
            return false;
        }
    }
    true
}

/// Runs `command` to its end within `limit`, killing it past that: its output, or `None`
/// when it ran past the limit or could not start. Its output is read as it comes (a full
/// pipe never stalls it).
fn output_within(command: &mut Command, limit: Duration) -> Option<std::process::Output> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let start = Instant::now();
    let status = loop {
        if let Ok(Some(status)) = child.try_wait() {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (stdout, stderr) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    Some(std::process::Output {
        status: status?,
        stdout,
        stderr,
    })
}

/// Starts Xvfb on a display number it picks itself (`-displayfd`: it writes the number once
/// it accepts connections), so that tests in other processes cannot take the same one; waits
/// until it answers a client.
fn xvfb() -> Option<Display> {
    if !present(&["Xvfb"]) {
        return None;
    }
    let turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut server = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x900x24",
            "-nolisten",
            "tcp",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    // The number comes on its stdout when the server is ready (read on a thread, so that a
    // server that never says it fails the test instead of stalling it).
    let stdout = server.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line);
        let _ = tx.send(line);
    });
    let Ok(line) = rx.recv_timeout(Duration::from_secs(60)) else {
        let _ = server.kill();
        panic!("Xvfb did not start within 60 s");
    };
    let number: u32 = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("Xvfb said '{line}', not a display number"));
    let runtime =
        std::env::temp_dir().join(format!("tilecaster-xdg-{}-{number}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    let display = Display {
        _turn: turn,
        server,
        number,
        runtime,
    };
    if installed("xdotool") {
        let start = Instant::now();
        while xdotool(&display, &["getdisplaygeometry"]).is_empty() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the X server on :{number} never answered"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    Some(display)
}

/// Runs xdotool on `display` (within [`COMMAND_LIMIT`]); what it printed, trimmed (empty if it
/// failed).
fn xdotool(display: &Display, args: &[&str]) -> String {
    let mut command = Command::new("xdotool");
    command
        .args(args)
        .env("DISPLAY", format!(":{}", display.number));
    output_within(&mut command, COMMAND_LIMIT)
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// What the game says when the X server did not take its connection: under load, Xvfb now and
/// then refuses a client while it is still tearing down the one before. The game is started
/// again then (it has done nothing yet); any other failure stands.
const X_REFUSED: &str = "Failed to open connection to X server";

/// How often a game the X server refused is started again.
const X_RETRIES: u32 = 3;

/// A game running on a display, what it says on stderr kept in a file, readable while it runs.
struct Running<'a> {
    child: Child,
    stderr: PathBuf,
    /// How to start it again (see [`X_REFUSED`]), and how often it was.
    make: Box<dyn Fn() -> Command + 'a>,
    restarts: u32,
}

impl<'a> Running<'a> {
    /// Starts the game `make` makes (from [`game`]).
    fn start(make: impl Fn() -> Command + 'a) -> Running<'a> {
        let (child, stderr) = Running::spawn(&make);
        Running {
            child,
            stderr,
            make: Box::new(make),
            restarts: 0,
        }
    }

    fn spawn(make: &dyn Fn() -> Command) -> (Child, PathBuf) {
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let stderr =
            std::env::temp_dir().join(format!("tilecaster-game-{}-{n}.stderr", std::process::id()));
        let file = std::fs::File::create(&stderr).unwrap();
        let child = make()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .expect("the game starts");
        (child, stderr)
    }

    /// What the game has said on stderr so far.
    fn said(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// Whether the game ended because the X server refused it, and was started again.
    fn restarted_if_refused(&mut self) -> bool {
        if self.restarts >= X_RETRIES || !self.said().contains(X_REFUSED) {
            return false;
        }
        eprintln!("note: the X server refused the game; starting it again");
        self.restarts += 1;
        std::thread::sleep(Duration::from_millis(500));
        let _ = std::fs::remove_file(&self.stderr);
        let (child, stderr) = Running::spawn(&self.make);
        (self.child, self.stderr) = (child, stderr);
        true
    }

    /// The game's window on `display`, waiting up to a minute for it to open; the test fails
    /// at once, with what the game said, when the game ends first or no window opens.
    fn window(&mut self, display: &Display) -> String {
        let start = Instant::now();
        loop {
            let found = xdotool(display, &["search", "--name", "tilecaster"]);
            if let Some(window) = found.lines().next() {
                return window.to_string();
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                if self.restarted_if_refused() {
                    continue;
                }
                panic!(
                    "the game ended ({status}) before its window was found:\n{}",
                    self.said()
                );
            }
            if start.elapsed() > Duration::from_secs(60) {
                let _ = self.child.kill();
                panic!("no game window in 60 s:\n{}", self.said());
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Waits for the game to end by itself; a hang is killed after [`GAME_LIMIT`] and fails
    /// the test. How it ended and what it said.
    fn end(mut self) -> (std::process::ExitStatus, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                if !status.success() && self.restarted_if_refused() {
                    continue;
                }
                break status;
            }
            if start.elapsed() > GAME_LIMIT {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "the game hung (killed after {GAME_LIMIT:?}):\n{}",
                    self.said()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        (status, self.said())
    }

    /// Ends the game now; what it said.
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.said()
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.stderr);
    }
}

/// Runs the game `make` makes (from [`game`]) to its end: how it ended and what it said (a
/// hang fails).
fn run_game<'a>(make: impl Fn() -> Command + 'a) -> (std::process::ExitStatus, String) {
    Running::start(make).end()
}

/// The game on `display`, with its settings and saves in the display's own folder (never the
/// player's); straight into the first level unless `args` say where to start (a level, a
/// save, a recording) or ask for the menu (`--menu`, taken out here).
fn game(display: &Display, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tilecaster"));
    let menu = args.contains(&"--menu");
    let starts = ["--level", "--load", "--replay", "--demo"];
    c.arg("play")
        .args(args.iter().filter(|&&a| a != "--menu"))
        .env("DISPLAY", format!(":{}", display.number))
        .env("WGPU_BACKEND", "vulkan")
        .env("XDG_RUNTIME_DIR", &display.runtime)
        .env("XDG_CONFIG_HOME", display.runtime.join("config"))
        .env_remove("WAYLAND_DISPLAY");
    if !menu && !args.iter().any(|a| starts.contains(a)) {
        c.args(["--level", "levels/e1m1.toml"]);
    }
    c
}

/// Captures `window` (an X window id, or `root` for the whole screen) on `display` to `to` with
/// ImageMagick's `import` (within [`COMMAND_LIMIT`]); whether it did. An empty id is refused:
/// `import -window ''` waits for a mouse click that never comes.
fn capture_screen(display: &Display, window: &str, to: &Path) -> bool {
    if window.is_empty() {
        return false;
    }
    let mut command = Command::new("import");
    command.args([
        "-display",
        &format!(":{}", display.number),
        "-window",
        window,
        to.to_str().unwrap(),
    ]);
    output_within(&mut command, COMMAND_LIMIT).is_some_and(|o| o.status.success())
}

/// How many different colours a picture has (a blank or cleared window has a handful).
fn colour_count(img: &image::RgbImage) -> usize {
    let mut colours: Vec<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    colours.len()
}

/// The game runs a fixed number of frames in a real window and its last frame is the scene the
/// headless renderer draws from the same start: a rendered scene, not a blank window.
#[test]
fn the_game_shows_the_rendered_scene_in_a_real_window() {
    let Some(display) = xvfb() else { return };
    let dir = std::env::temp_dir().join(format!("tilecaster-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shot = dir.join("last.png");
    let (status, stderr) = run_game(|| {
        game(
            &display,
            &[
                "--frames",
                "60",
                "--size",
                "320x200",
                "--no-hud",
                "--screenshot",
                shot.to_str().unwrap(),
            ],
        )
    });
    assert!(status.success(), "{stderr}");
    let expected = dir.join("expected.png");
    let render = output_within(
        Command::new(env!("CARGO_BIN_EXE_tilecaster")).args([
            "render",
            "--size",
            "320x200",
            "-o",
            expected.to_str().unwrap(),
        ]),
        COMMAND_LIMIT,
    )
    .expect("render ends");
    assert_eq!(render.status.code(), Some(0));
    let a = image::open(&shot).unwrap().to_rgba8();
    let b = image::open(&expected).unwrap().to_rgba8();
    assert!(
        a == b,
        "the window's last frame differs from the headless render of the start"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// What the X server shows while the game runs: captured with ImageMagick's `import`, it is a
/// picture (many colours, brick red among them), not a blank window.
#[test]
fn the_window_on_screen_is_not_blank() {
    let Some(display) = xvfb() else { return };
    if !present(&["import"]) {
        return;
    }
    let mut running = Running::start(|| game(&display, &["--frames", "3000"]));
    running.window(&display);
    let capture =
        std::env::temp_dir().join(format!("tilecaster-screen-{}.png", std::process::id()));
    let start = Instant::now();
    let mut best = 0;
    while start.elapsed() < Duration::from_secs(90) {
        std::thread::sleep(Duration::from_millis(500));
        let ok = capture_screen(&display, "root", &capture);
        if !ok {
            continue;
        }
        let img = image::open(&capture).unwrap().to_rgb8();
        let brick = img
            .pixels()
            .filter(|p| p.0[0] > 120 && p.0[1] < 90 && p.0[2] < 80)
            .count();
        best = colour_count(&img);
        if best > 200 && brick > 1000 {
            break;
        }
    }
    let said = running.stop();
    let _ = std::fs::remove_file(&capture);
    assert!(
        best > 200,
        "the screen never showed a rendered scene ({best} colours): {said}"
    );
}

/// `play --replay` in the real window ends in the state a headless run of the same recording
/// reaches (the game prints its final state hash).
#[test]
fn a_replay_in_the_window_ends_where_the_headless_game_does() {
    use tilecaster::audio::{Mixer, wav_bytes};
    use tilecaster::episode::{Recording, Session};
    let Some(display) = xvfb() else { return };
    let inputs = common::walk_through_the_door();
    let mut recording = Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"));
    recording.inputs = inputs;
    // The same run headless: its end state, and its sound mixed as the game mixes it.
    let mut session = Session::start(Path::new(&recording.level), None).unwrap();
    let mut mixer = Mixer::new();
    mixer.master = tilecaster::settings::SoundSettings::default().master;
    let mut sound = Vec::new();
    for input in &recording.inputs {
        session.tick(input);
        let heard = tilecaster::play::sounds(&session.game, &session.game.events);
        tilecaster::scene::sound::hear_tick(&heard, session.current(), &mut mixer, &mut sound);
    }
    let expected = format!(
        "final state {:016x} after {} ticks",
        session.game.state_hash(),
        recording.inputs.len()
    );
    let file = std::env::temp_dir().join(format!("tilecaster-replay-{}.txt", std::process::id()));
    let wav = file.with_extension("wav");
    std::fs::write(&file, recording.to_text()).unwrap();
    // Muted (there is no sound device under Xvfb anyway): the WAV still gets every sound.
    let (status, stderr) = run_game(|| {
        game(
            &display,
            &[
                "--replay",
                file.to_str().unwrap(),
                "--size",
                "160x100",
                "--mute",
                "--audio-out",
                wav.to_str().unwrap(),
            ],
        )
    });
    std::fs::remove_file(&file).unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&expected),
        "expected '{expected}' in:\n{stderr}"
    );
    let played = std::fs::read(&wav).unwrap();
    std::fs::remove_file(&wav).unwrap();
    assert!(
        played == wav_bytes(&sound),
        "the window's sound is the headless mix"
    );
    assert!(
        sound.iter().any(|&s| s != 0.0),
        "the door and the steps are heard"
    );
}

/// A recording the game writes of the bundled level (run from a folder with no `levels/`, the
/// autopilot playing on hard) replays headless from another folder, one with a `levels/e1m1.toml`
/// of its own, to the state the game ended in.
#[test]
fn a_recording_of_the_bundled_level_replays_from_another_folder() {
    let Some(display) = xvfb() else { return };
    let dir = common::scratch("record-bundled");
    let (played_in, replayed_in) = (dir.join("played"), dir.join("replayed"));
    std::fs::create_dir_all(&played_in).unwrap();
    std::fs::create_dir_all(replayed_in.join("levels")).unwrap();
    std::fs::write(replayed_in.join("levels/e1m1.toml"), "another level").unwrap();
    let (status, stderr) = run_game(|| {
        let mut command = game(
            &display,
            &[
                "--demo",
                "--difficulty",
                "hard",
                "--size",
                "160x100",
                "--frames",
                "240",
                "--record",
                "rec.txt",
            ],
        );
        command.current_dir(&played_in);
        command
    });
    assert!(status.success(), "{stderr}");
    let ended = stderr
        .lines()
        .find(|l| l.starts_with("final state "))
        .unwrap_or_else(|| panic!("no final state in:\n{stderr}"))
        .to_string();
    let text = std::fs::read_to_string(played_in.join("rec.txt")).unwrap();
    assert!(
        text.contains("\nlevel levels/e1m1.toml\n") && text.contains("\ndifficulty hard\n"),
        "{text}"
    );
    let replayed = output_within(
        Command::new(env!("CARGO_BIN_EXE_tilecaster"))
            .args(["replay", played_in.join("rec.txt").to_str().unwrap()])
            .current_dir(&replayed_in),
        COMMAND_LIMIT,
    )
    .expect("replay ends");
    let replayed = common::assert_ok(replayed);
    assert_eq!(String::from_utf8_lossy(&replayed.stdout).trim(), ended);
    std::fs::remove_dir_all(dir).unwrap();
}

/// While the game runs, its level file is broken, then deleted, then restored: live reload
/// keeps the last good level and says why (in the game and on the terminal); the game keeps
/// running to its last frame and exits cleanly.
#[test]
fn the_game_survives_its_level_breaking_while_it_runs() {
    let Some(display) = xvfb() else { return };
    let dir = std::env::temp_dir().join(format!("tilecaster-live-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("live.toml");
    // e1m1 on its own: no next level, its textures given on the command line.
    let good: String = std::fs::read_to_string("levels/e1m1.toml")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("next") && !l.starts_with("textures"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&level, &good).unwrap();
    let textures = std::fs::canonicalize("textures").unwrap();
    let mut running = Running::start(|| {
        game(
            &display,
            &[
                "--level",
                level.to_str().unwrap(),
                "--textures",
                textures.to_str().unwrap(),
                "--size",
                "160x100",
                "--frames",
                "480",
            ],
        )
    });
    // Once its window is up, the level is loaded and the game is running.
    running.window(&display);
    std::thread::sleep(Duration::from_millis(500));
    std::fs::write(&level, "name = \"broken\nthis is not TOML\n").unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    std::fs::remove_file(&level).unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    std::fs::write(&level, &good).unwrap();
    let (status, stderr) = running.end();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains("live.toml: reload failed, kept the last good level: "),
        "{stderr}"
    );
    assert!(stderr.contains("cannot read"), "the deleted file: {stderr}");
}

/// Focus loss lets go of every key: W held down through XTEST walks the player forward until
/// the focus moves to the root window, and not after, though the key stays down another
/// 1.5 s. Read from the game's own recording of its inputs.
#[test]
fn losing_focus_lets_go_of_held_keys() {
    let Some(display) = xvfb() else { return };
    if !present(&["xdotool"]) {
        return;
    }
    let record = std::env::temp_dir().join(format!("tilecaster-focus-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let mut running = Running::start(|| {
        game(
            &display,
            &[
                "--size",
                "160x100",
                "--frames",
                "360",
                "--record",
                record.to_str().unwrap(),
            ],
        )
    });
    let window = running.window(&display);
    let root = xdotool(&display, &["search", "--maxdepth", "0", "--name", ""]);
    xdotool(&display, &["windowfocus", "--sync", &window]);
    xdotool(&display, &["keydown", "w"]);
    std::thread::sleep(Duration::from_millis(1000));
    xdotool(
        &display,
        &["windowfocus", root.lines().next().unwrap_or_default()],
    );
    std::thread::sleep(Duration::from_millis(1500));
    xdotool(&display, &["keyup", "w"]);
    let (status, stderr) = running.end();
    assert!(status.success(), "{stderr}");
    let text = std::fs::read_to_string(&record).unwrap();
    std::fs::remove_file(&record).unwrap();
    let forward: Vec<bool> = text
        .lines()
        .skip(2)
        .map(|l| l.starts_with("1.0 "))
        .collect();
    let walking = forward.iter().filter(|&&f| f).count();
    // About 60 ticks held with focus; 150 had the key been kept after the focus left.
    assert!(
        (10..110).contains(&walking),
        "walked {walking} ticks of {}",
        forward.len()
    );
    let last = forward.iter().rposition(|&f| f).unwrap();
    assert!(
        forward[last + 1..].len() > 60,
        "still walking near the end: the key outlived the focus"
    );
}

/// The window hidden and shown again (what a window manager does on minimising), then shrunk
/// to one pixel (X has no 0x0 windows; the game ignores the 0x0 sizes other systems report
/// when minimised) and grown back: the game goes on drawing its scene, and ends on its own.
/// (A session once saw Mesa's lavapipe hang in `vkCreateSwapchainKHR` on such a resize in a
/// debug build; so a hang fails here after 2 minutes instead of stalling the run.)
#[test]
fn the_game_survives_being_hidden_and_shrunk_to_one_pixel() {
    let Some(display) = xvfb() else { return };
    if !present(&["xdotool", "import"]) {
        return;
    }
    let mut running = Running::start(|| game(&display, &["--size", "320x200", "--frames", "600"]));
    let window = running.window(&display);
    let pause = |ms| std::thread::sleep(Duration::from_millis(ms));
    pause(500);
    xdotool(&display, &["windowunmap", "--sync", &window]);
    pause(500);
    xdotool(&display, &["windowmap", "--sync", &window]);
    pause(300);
    xdotool(&display, &["windowsize", "--sync", &window, "1", "1"]);
    pause(700);
    let tiny = xdotool(&display, &["getwindowgeometry", &window]);
    xdotool(&display, &["windowsize", "--sync", &window, "640", "400"]);
    pause(1000);
    let capture =
        std::env::temp_dir().join(format!("tilecaster-resized-{}.png", std::process::id()));
    let shot = capture_screen(&display, &window, &capture);
    // The game ends by itself after its frames; a hang is a failure, not a stuck test.
    let (status, stderr) = running.end();
    assert!(tiny.contains("Geometry: 1x1"), "not shrunk: {tiny}");
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(shot, "no screenshot of the window");
    let img = image::open(&capture).unwrap().to_rgb8();
    let _ = std::fs::remove_file(&capture);
    assert_eq!(img.dimensions(), (640, 400));
    let colours = colour_count(&img);
    assert!(
        colours > 100,
        "after growing back the window shows {colours} colours, not the scene"
    );
}

/// Sends keys to the game's window, one at a time with a pause after each (the menu takes each
/// as it comes); `hold:KEY:MS` holds one down, `pause:MS` waits (a level loading).
fn send_keys(display: &Display, window: &str, keys: &[&str]) {
    xdotool(display, &["windowfocus", "--sync", window]);
    for key in keys {
        if let Some(ms) = key.strip_prefix("pause:") {
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap()));
        } else if let Some(rest) = key.strip_prefix("hold:") {
            let (name, ms) = rest.split_once(':').unwrap();
            xdotool(display, &["keydown", name]);
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap()));
            xdotool(display, &["keyup", name]);
        } else {
            xdotool(display, &["key", key]);
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// Runs the game on `display` with `args`, sends `keys` once its window is up, and waits for
/// it to end by itself (a hang fails after two minutes); its exit code and stderr.
fn play_keys(display: &Display, args: &[&str], keys: &[&str]) -> (Option<i32>, String) {
    let mut running = Running::start(|| game(display, args));
    let window = running.window(display);
    // The first frames drawn before the keys come.
    std::thread::sleep(Duration::from_millis(800));
    send_keys(display, &window, keys);
    let (status, stderr) = running.end();
    (status.code(), stderr)
}

/// Quits from the game through the pause menu: Escape, then Up (from Resume round to Quit
/// game), then Enter.
const QUIT: [&str; 3] = ["Escape", "Up", "Return"];

/// The settings file the game on `display` keeps (its XDG_CONFIG_HOME).
fn settings_file(display: &Display) -> PathBuf {
    display.runtime.join("config/tilecaster/settings.toml")
}

/// The main menu starts a new game at each difficulty: New game (the cursor on Normal), then
/// the difficulty's line.
#[test]
fn the_main_menu_starts_a_game_at_each_difficulty() {
    let Some(display) = xvfb() else { return };
    if !present(&["xdotool"]) {
        return;
    }
    let steps: [(&[&str], &str); 4] = [
        (&["Up"], "Easy"),
        (&[], "Normal"),
        (&["Down"], "Hard"),
        (&["Down", "Down"], "Death"),
    ];
    for (step, name) in steps {
        let mut keys = vec!["Return"];
        keys.extend(step);
        keys.push("Return");
        // The level loads (on a loaded machine, long enough that keys sent at once reach
        // the game only after it, with the Escape behind them: no tick played); a moment
        // of play, then out through the pause menu.
        keys.push("pause:1500");
        keys.push("hold:w:400");
        keys.extend(QUIT);
        let args = ["--menu", "--size", "320x200", "--frames", "5000"];
        let (code, stderr) = play_keys(&display, &args, &keys);
        assert_eq!(code, Some(0), "{stderr}");
        assert!(
            stderr.contains(&format!("e1m1.toml at difficulty {name}")),
            "{name}: {stderr}"
        );
        let ticks: u64 = stderr
            .split(" after ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        assert!(ticks > 0, "{name}: the game never ran: {stderr}");
    }
}

/// The mouse sensitivity and a key binding changed in the Options menu are kept: written to
/// the settings file when changed, and in effect on the next start (the new key walks).
#[test]
fn options_and_bindings_are_kept_for_the_next_start() {
    let Some(display) = xvfb() else { return };
    if !present(&["xdotool"]) {
        return;
    }
    // Options (Continue and Load are skipped without saves, Multiplayer and Edit a level
    // passed); sensitivity one step up; down past the 16 settings to Controls; walk forward's
    // first key becomes I; back to the main menu (on Options), down past High scores to Quit.
    let mut keys = vec!["Down", "Down", "Down", "Return", "Right"];
    keys.extend(["Down"; 16]);
    keys.extend([
        "Return", "Return", "i", "Escape", "Escape", "Down", "Down", "Return",
    ]);
    let (code, stderr) = play_keys(&display, &["--menu", "--size", "320x200"], &keys);
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(settings_file(&display)).unwrap_or_default();
    assert!(text.contains("mouse_sensitivity = 0.2\n"), "{text}");
    assert!(text.contains("forward = [\"I\", \"Up\"]\n"), "{text}");
    // Started again, I walks forward (read from the game's recording of its inputs).
    let record = display.runtime.join("walk.txt");
    let args = [
        "--size",
        "320x200",
        "--record",
        record.to_str().unwrap(),
        "--frames",
        "5000",
    ];
    let mut keys = vec!["hold:i:1000"];
    keys.extend(QUIT);
    let (code, stderr) = play_keys(&display, &args, &keys);
    assert_eq!(code, Some(0), "{stderr}");
    let inputs = std::fs::read_to_string(&record).unwrap();
    let walking = inputs.lines().filter(|l| l.starts_with("1.0 ")).count();
    assert!(walking > 20, "I walked {walking} ticks");
    let again = std::fs::read_to_string(settings_file(&display)).unwrap();
    assert_eq!(again, text, "kept as they were");
}

/// A quick save (F6) in one game is loaded from the main menu's Load game in the next: the
/// game goes on from the save's tick, not from the level's start.
#[test]
fn a_quick_save_loads_from_the_menu() {
    let Some(display) = xvfb() else { return };
    if !present(&["xdotool"]) {
        return;
    }
    let mut keys = vec!["hold:w:700", "F6"];
    keys.extend(QUIT);
    let (code, stderr) = play_keys(&display, &["--size", "320x200", "--frames", "5000"], &keys);
    assert_eq!(code, Some(0), "{stderr}");
    let save = display
        .runtime
        .join("config/tilecaster/saves/quicksave.json");
    assert!(stderr.contains("saved to"), "{stderr}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let saved_ticks = json["game"]["ticks"].as_u64().unwrap();
    assert!(saved_ticks > 0);
    // Load game is the third line once there is a save; its first slot the quick save.
    let mut keys = vec!["Down", "Down", "Return", "Return"];
    keys.extend(QUIT);
    let (code, stderr) = play_keys(&display, &["--menu", "--size", "320x200"], &keys);
    assert_eq!(code, Some(0), "{stderr}");
    let ticks: u64 = stderr
        .split(" after ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    assert!(
        ticks >= saved_ticks,
        "ended at tick {ticks}, before the save's {saved_ticks}: {stderr}"
    );
}

/// A damaged settings file: the game says where it is wrong, plays with the defaults, and
/// keeps the file beside under another name.
#[test]
fn a_damaged_settings_file_gives_the_defaults_and_is_kept() {
    let Some(display) = xvfb() else { return };
    let file = settings_file(&display);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "[video]\nfov = \"wide\"\n").unwrap();
    let (status, stderr) = run_game(|| game(&display, &["--size", "160x100", "--frames", "30"]));
    assert!(status.success(), "{stderr}");
    assert!(stderr.contains("settings.toml:2:7: "), "{stderr}");
    // Without a sound card, one sentence of the game's own, not ALSA's library printing.
    assert!(!stderr.contains("ALSA lib"), "{stderr}");
    assert!(
        stderr.matches("the game runs silent").count() <= 1,
        "{stderr}"
    );
    assert!(stderr.contains("playing with the defaults"), "{stderr}");
    assert!(!file.exists());
    let kept = file.with_file_name("settings.toml.damaged");
    assert_eq!(
        std::fs::read_to_string(kept).unwrap(),
        "[video]\nfov = \"wide\"\n"
    );
}

/// Without Vulkan (its loader pointed at no driver) the window opens with OpenGL, says so
/// once, and the screen shows the scene.
#[test]
fn without_vulkan_the_window_opens_with_opengl() {
    let Some(display) = xvfb() else { return };
    if !present(&["import"]) {
        return;
    }
    let mut running = Running::start(|| {
        let mut command = game(&display, &["--frames", "900"]);
        command
            .env_remove("WGPU_BACKEND")
            .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
            .env("VK_DRIVER_FILES", "/nonexistent/icd.json");
        command
    });
    // The window up first (a game the X server refused is started again).
    running.window(&display);
    let capture = display.runtime.join("gl.png");
    let start = Instant::now();
    let mut best = 0;
    while start.elapsed() < Duration::from_secs(90) && running.child.try_wait().unwrap().is_none() {
        std::thread::sleep(Duration::from_millis(500));
        let ok = capture_screen(&display, "root", &capture);
        let Some(img) = ok
            .then(|| image::open(&capture).ok())
            .flatten()
            .map(|i| i.to_rgb8())
        else {
            continue;
        };
        best = best.max(colour_count(&img));
        if best > 200 {
            break;
        }
    }
    let stderr = running.stop();
    assert_eq!(
        stderr.matches("drawing with OpenGL instead").count(),
        1,
        "{stderr}"
    );
    assert!(best > 200, "the screen showed {best} colours: {stderr}");
}

/// `tilecaster edit` in a real window: on a new level, R chooses the rectangle, the mouse
/// drags one from corner to corner on the map, Ctrl+S saves; Escape leaves for the main menu
/// and its Quit ends. The saved level has the rectangle's wall and loads.
#[test]
fn the_editor_paints_a_rectangle_with_the_mouse_and_saves_it() {
    use tilecaster::edit::{Layout, Palette, map_view};
    use tilecaster::grid::Cell;
    use tilecaster::level::{Brush, Draft};
    let Some(display) = xvfb() else { return };
    if !present(&["xdotool"]) {
        return;
    }
    let level = display.runtime.join("drawn.toml");
    let edit = || {
        let mut c = Command::new(env!("CARGO_BIN_EXE_tilecaster"));
        c.args(["edit", level.to_str().unwrap(), "--size", "320x200"])
            .env("DISPLAY", format!(":{}", display.number))
            .env("WGPU_BACKEND", "vulkan")
            .env("XDG_RUNTIME_DIR", &display.runtime)
            .env("XDG_CONFIG_HOME", display.runtime.join("config"))
            .env_remove("WAYLAND_DISPLAY");
        c
    };
    let mut running = Running::start(edit);
    let window = running.window(&display);
    std::thread::sleep(Duration::from_millis(800));
    // The editor's screen is 640 x 400, shown pixel for pixel in a window of that size.
    let palette = Palette::new(Path::new("textures"));
    let layout = Layout::of(640, 400, Some(&palette));
    let view = map_view((32, 24), layout.map);
    let at = |x: i32, y: i32| {
        let (px, py) = view.screen_point(Cell::new(x, y).centre());
        [format!("{}", px.round()), format!("{}", py.round())]
    };
    let ([x0, y0], [x1, y1]) = (at(4, 4), at(9, 8));
    send_keys(&display, &window, &["r"]);
    for step in [
        vec!["mousemove", "--window", &window, &x0, &y0],
        vec!["mousedown", "1"],
        vec!["mousemove", "--window", &window, &x1, &y1],
        vec!["mouseup", "1"],
    ] {
        xdotool(&display, &step);
        std::thread::sleep(Duration::from_millis(250));
    }
    send_keys(&display, &window, &["ctrl+s", "Escape", "Up", "Return"]);
    let (status, stderr) = running.end();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("saved"), "{stderr}");
    let draft = Draft::open(&level).unwrap();
    let wall = Brush::wall("brick");
    for cell in [(4, 4), (9, 4), (4, 8), (9, 8), (6, 8)] {
        assert_eq!(
            draft.brush_at(Cell::new(cell.0, cell.1)),
            Some(wall.clone()),
            "{cell:?}"
        );
    }
    assert_eq!(
        draft.brush_at(Cell::new(6, 6)),
        Some(Brush::floor()),
        "an outline"
    );
    assert!(draft.check().is_ok());
}
