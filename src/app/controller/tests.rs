//! The controller without a window: menus, saves, settings, recordings, lobbies.

use super::*;
use std::path::Path;
use tilecaster::episode::Recording;
use tilecaster::game::Input;
use tilecaster::level::Difficulty;
use tilecaster::play::ReplayRun;
use tilecaster::scene::menu::{MenuInput, Page};

/// A controller of e1m1's session with its settings file and saves in `dir`, no window.
pub(in crate::app) fn controller(dir: &Path, menu: Option<Menu>) -> Controller {
    let session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let view = Composer::new(Frame::new(64, 40).unwrap(), 66.0, true);
    let settings = Settings::default();
    let start = Start {
        recorder: Recorder::new(false, &session),
        run: Box::new(LocalRun::new(session)),
        demo: false,
        waiting: None,
    };
    Controller::new(
        start,
        view,
        (
            settings,
            Some(dir.join("settings.toml")),
            Overrides::default(),
        ),
        GameSound::silent(Settings::default().sound),
        (Sources::default(), Clock::new(None), (64, 40)),
        menu,
    )
}

/// A networked game's recording (two seats, a deathmatch) replays in the window to the
/// state the game reached, seen from seat 0, and then ends.
#[test]
fn a_networked_games_recording_replays_in_the_window() {
    let dir = scratch("replay-net");
    let mut ctl = controller(&dir, None);
    let rules = tilecaster::game::MatchRules::default();
    let mut played = ctl.session_mut().game_of_several(9, 2, Some(rules));
    let mut pilots = [Autopilot::for_seat(0), Autopilot::for_seat(1)];
    let mut recording = Recording::of_session(ctl.session());
    recording.seats = 2;
    recording.seed = Some(9);
    recording.deathmatch = Some(rules);
    for _ in 0..90 {
        let inputs: Vec<Input> = pilots.iter_mut().map(|p| p.input(&played)).collect();
        played.tick_seats(&inputs);
        recording.inputs.extend(inputs);
    }
    let session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    ctl.run = Box::new(ReplayRun::new(recording, session));
    assert!(ctl.session().game.is_deathmatch());
    let deadline = Instant::now() + Duration::from_secs(30);
    while ctl.simulate() {
        assert!(Instant::now() < deadline, "the replay did not end");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(ctl.session().game.ticks, 90);
    assert_eq!(ctl.session().game.state_hash(), played.state_hash());
    let _ = std::fs::remove_dir_all(&dir);
}

pub(in crate::app) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tilecaster-ctl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `inputs` through the controller's runner, a tenth of a second of clock at a time, as
/// frames would; where play stopped.
fn play(ctl: &mut Controller, inputs: Vec<Input>) -> Option<Ending> {
    let mut inputs = inputs.into_iter();
    let mut now = Instant::now();
    ctl.run.restart_clock(now);
    while inputs.len() > 0 {
        now += Duration::from_millis(100);
        let mut pilot = |_: &Game| inputs.next().unwrap_or_default();
        let advance = ctl.run.advance(now, false, &mut pilot);
        let ending = advance.ending.clone();
        ctl.follow(advance);
        if ending.is_some() {
            return ending;
        }
    }
    None
}

fn walk(ctl: &mut Controller, ticks: usize) {
    for _ in 0..ticks {
        ctl.session_mut().tick(&Input {
            forward: 1.0,
            turn: 0.5,
            ..Input::default()
        });
    }
}

/// The Multiplayer page: the player's name typed and kept, HOST CO-OP opens a lobby the
/// window shows; a joiner joins it, the host's use key starts the game, and both play it
/// (the window's seat over the network, the players' names shown).
#[test]
fn the_multiplayer_page_hosts_a_lobby_that_starts_the_game() {
    use tilecaster::net::lobby::{Joiner, LobbyEvent};
    let dir = scratch("multiplayer");
    let mut ctl = controller(&dir, Some(Menu::main()));
    let port = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.local_addr())
        .unwrap()
        .port();
    ctl.settings.network.port = port;
    // Multiplayer; YOUR NAME: PLAYER cleared, ANNA typed and kept.
    for input in [MenuInput::Down, MenuInput::Select, MenuInput::Select] {
        ctl.menu_input(input);
    }
    for _ in 0..6 {
        ctl.menu_input(MenuInput::Clear);
    }
    for key in [b'A', b'N', b'N', b'A'] {
        ctl.key(Some(Key::Letter(key)), true, false);
    }
    ctl.menu_input(MenuInput::Select);
    let kept = std::fs::read_to_string(dir.join("settings.toml")).unwrap();
    assert!(kept.contains("name = \"ANNA\""), "{kept}");
    // HOST CO-OP (past the colour and the difficulty).
    for input in [
        MenuInput::Down,
        MenuInput::Down,
        MenuInput::Down,
        MenuInput::Select,
    ] {
        ctl.menu_input(input);
    }
    assert!(ctl.menu.is_none());
    assert!(ctl.waiting.is_some());
    let host = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    // The panel shows the code the others join with.
    ctl.simulate();
    let code = ctl
        .view
        .lobby
        .iter()
        .find_map(|l| l.strip_prefix("THE OTHERS JOIN WITH THE CODE "))
        .unwrap_or_else(|| panic!("no code shown: {:?}", ctl.view.lobby))
        .to_string();
    assert_eq!(code.len(), 6, "{code}");
    let mut joiner = Joiner::connect("127.0.0.1:0".parse().unwrap(), host, "bo", &code).unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut joined_at = None;
    let mut started = None;
    let playing = |ctl: &Controller| ctl.run.kind() == Kind::Network;
    while !(started.is_some() && playing(&ctl)) && Instant::now() < deadline {
        ctl.simulate();
        for event in joiner.poll() {
            if let LobbyEvent::Started(plan) = event {
                started = Some(plan);
            }
        }
        let two = joiner.roster().is_some_and(|(names, _)| names.len() == 2);
        if two && joined_at.is_none() {
            joined_at = Some(Instant::now());
            let on = &ctl.view.lobby[0];
            assert!(
                on.starts_with("HOSTING ON ") && on.ends_with(&format!(":{port}")),
                "{on}"
            );
            assert!(
                ctl.view.lobby.iter().any(|l| l == "2. BO (RED)"),
                "{:?}",
                ctl.view.lobby
            );
        }
        // Once the joiner's round trip has reached the host, the host presses use.
        if joined_at.is_some_and(|at| at.elapsed() > Duration::from_millis(500)) && !playing(&ctl) {
            let key = ctl.settings.keys.keys(Action::Use)[0];
            ctl.key(Some(key), true, false);
            ctl.key(Some(key), false, false);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let plan = started.expect("the host started the game");
    assert_eq!(plan.names, ["ANNA", "BO"]);
    assert_eq!(ctl.run.kind(), Kind::Network, "the window plays its seat");
    assert_eq!(ctl.view.names, ["ANNA", "BO"]);
    assert!(ctl.view.lobby.is_empty());
    // Quit to menu leaves the game.
    ctl.open_menu(Menu::pause());
    for input in [MenuInput::Up, MenuInput::Up, MenuInput::Select] {
        ctl.menu_input(input);
    }
    assert!(ctl.menu.as_ref().is_some_and(Menu::is_front_door));
    assert_eq!(ctl.run.kind(), Kind::Local);
    assert!(ctl.waiting.is_none());
}

/// Every level the Multiplayer page offers for a deathmatch has its spawn points.
#[test]
fn the_deathmatch_levels_offered_have_spawn_points() {
    for (name, path) in arenas() {
        let loaded = tilecaster::level::load_with_textures(path, None).unwrap();
        assert_eq!(&loaded.level.name, name);
        assert!(loaded.level.spawns.len() >= 4, "{name}");
    }
}

/// Game over with points: the name entry comes up, the keys type the name, Enter keeps
/// the run in the table beside the settings, and the next start reads it back.
#[test]
fn a_run_that_makes_the_table_asks_a_name_and_the_table_is_kept() {
    let dir = scratch("scores");
    let mut ctl = controller(&dir, None);
    ctl.session_mut().game.seat_mut().score = 3_300;
    ctl.session_mut().game.seat_mut().lives = 0;
    ctl.session_mut().game.seat_mut().player.health = 0;
    let press = Input {
        use_pressed: true,
        ..Input::default()
    };
    let mut inputs = vec![Input::default(); tilecaster::episode::DEATH_TICKS as usize + 1];
    inputs.push(press);
    let ending = play(&mut ctl, inputs);
    assert!(
        matches!(ending, Some(Ending::RunEnded(_))),
        "game over: {ending:?}"
    );
    assert_eq!(ctl.menu.as_ref().map(Menu::page), Some(Page::NameEntry));
    for key in [
        Key::Letter(b'B'),
        Key::Letter(b'J'),
        Key::Space,
        Key::Digit(2),
    ] {
        ctl.key(Some(key), true, false);
    }
    ctl.key(Some(Key::Enter), true, false);
    assert_eq!(ctl.menu.as_ref().map(Menu::page), Some(Page::Scores));
    let kept = std::fs::read_to_string(dir.join("scores.toml")).unwrap();
    assert!(
        kept.contains("name = \"BJ 2\"") && kept.contains("score = 3300"),
        "{kept}"
    );
    let again = controller(&dir, None);
    assert_eq!(again.scores.entries.len(), 1);
    assert!(
        again.score_lines[0].contains("BJ 2"),
        "{:?}",
        again.score_lines
    );
    assert!(!again.scores.qualifies(0));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_menu_key_pauses_the_game_and_lets_the_mouse_go_and_resume_goes_back() {
    let dir = scratch("pause");
    let mut ctl = controller(&dir, None);
    ctl.take_effects();
    ctl.key(Some(Key::Escape), true, false);
    assert!(ctl.menu.is_some(), "paused");
    assert!(ctl.take_effects().contains(&Effect::Grab(false)));
    ctl.key(Some(Key::Enter), true, false);
    assert!(ctl.menu.is_none(), "resumed");
    assert!(
        !ctl.take_effects().contains(&Effect::Grab(true)),
        "the mouse was not held: not taken"
    );
    // The first click of a game takes the mouse; the window says whether it got it.
    ctl.button(Key::Mouse(1), true);
    assert_eq!(ctl.take_effects(), [Effect::Grab(true)]);
    // Held when the game was paused: resuming takes it back, without a click.
    ctl.grabbed = true;
    ctl.key(Some(Key::Escape), true, false);
    ctl.grabbed = false;
    ctl.take_effects();
    ctl.key(Some(Key::Enter), true, false);
    assert!(ctl.menu.is_none(), "resumed");
    assert_eq!(ctl.take_effects(), [Effect::Grab(true)]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_quick_save_is_quick_loaded_back_and_a_menu_save_loads_from_its_slot() {
    let dir = scratch("saves");
    let mut ctl = controller(&dir, None);
    walk(&mut ctl, 40);
    let saved = (ctl.session().game.ticks, ctl.session().game.state_hash());
    ctl.act(Action::QuickSave);
    assert!(dir.join("saves/quicksave.json").is_file());
    walk(&mut ctl, 40);
    assert_ne!(ctl.session().game.state_hash(), saved.1);
    ctl.act(Action::QuickLoad);
    assert_eq!(
        (ctl.session().game.ticks, ctl.session().game.state_hash()),
        saved
    );
    // From the main menu: Load game (enabled now that there is a save), its first slot.
    walk(&mut ctl, 40);
    ctl.open_menu(Menu::main());
    for input in [
        MenuInput::Down,
        MenuInput::Down,
        MenuInput::Select,
        MenuInput::Select,
    ] {
        ctl.menu_input(input);
    }
    assert!(ctl.menu.is_none(), "back in the game: {:?}", ctl.notice);
    assert_eq!(
        (ctl.session().game.ticks, ctl.session().game.state_hash()),
        saved
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_save_is_not_loaded_and_the_game_says_why() {
    let dir = scratch("damaged");
    let mut ctl = controller(&dir, None);
    ctl.act(Action::QuickSave);
    std::fs::write(dir.join("saves/quicksave.json"), "{ not a save").unwrap();
    walk(&mut ctl, 10);
    let before = ctl.session().game.state_hash();
    ctl.act(Action::QuickLoad);
    let said = ctl.session().message().unwrap_or_default().to_string();
    assert!(said.starts_with("not loaded: "), "{said}");
    assert_eq!(
        ctl.session().game.state_hash(),
        before,
        "the game as it was"
    );
    // Nor offered by the main menu: Continue and Load game stay disabled.
    ctl.open_menu(Menu::main());
    ctl.menu_input(MenuInput::Down);
    ctl.menu_input(MenuInput::Select);
    assert_eq!(ctl.session().game.state_hash(), before);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn settings_changed_in_play_and_in_the_menus_are_kept_in_the_file() {
    let dir = scratch("settings");
    let mut ctl = controller(&dir, Some(Menu::main()));
    let file = dir.join("settings.toml");
    // Fullscreen: asked of the window, and kept.
    ctl.take_effects();
    ctl.toggle_fullscreen();
    assert!(ctl.take_effects().contains(&Effect::Fullscreen(true)));
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(kept.contains("fullscreen = true"), "{kept}");
    // Options (past Multiplayer and the editor): the mouse sensitivity one step up; Controls:
    // walk forward's first key becomes I (as the window test drives it with keys).
    let mut inputs = vec![
        MenuInput::Down,
        MenuInput::Down,
        MenuInput::Down,
        MenuInput::Select,
        MenuInput::Right,
    ];
    inputs.extend([MenuInput::Down; 16]);
    inputs.extend([MenuInput::Select, MenuInput::Select]);
    for input in inputs {
        ctl.menu_input(input);
    }
    assert!(ctl.menu.as_ref().is_some_and(Menu::waiting_for_key));
    ctl.key(Some(Key::Letter(b'I')), true, false);
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(kept.contains("mouse_sensitivity = 0.2\n"), "{kept}");
    assert!(kept.contains("forward = [\"I\", \"Up\"]\n"), "{kept}");
    assert!(
        ctl.settings
            .keys
            .is_bound(Action::Forward, Key::Letter(b'I'))
    );
    // A key held while a binding waits does not bind twice (repeats are dropped).
    ctl.key(Some(Key::Letter(b'I')), true, true);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn restart_starts_the_level_and_the_recording_afresh_and_quit_asks_the_window() {
    let dir = scratch("restart");
    let mut ctl = controller(&dir, None);
    ctl.recorder = Recorder::new(true, ctl.session());
    let start = ctl.session().game.state_hash();
    play(&mut ctl, vec![Input::default(); 30]);
    assert_eq!(ctl.recorder.recording().unwrap().inputs.len(), 30);
    // Pause; up from Resume round to Quit game, Quit to menu, Restart level.
    ctl.key(Some(Key::Escape), true, false);
    for input in [
        MenuInput::Up,
        MenuInput::Up,
        MenuInput::Up,
        MenuInput::Select,
    ] {
        ctl.menu_input(input);
    }
    assert!(ctl.menu.is_none());
    assert_eq!(
        ctl.session().game.state_hash(),
        start,
        "the level from its start"
    );
    assert!(
        ctl.recorder.recording().unwrap().inputs.is_empty(),
        "recorded afresh"
    );
    // New game on hard from the main menu (the cursor starts on normal): the recording
    // names the difficulty.
    ctl.open_menu(Menu::main());
    for input in [MenuInput::Select, MenuInput::Down, MenuInput::Select] {
        ctl.menu_input(input);
    }
    assert_eq!(ctl.session().difficulty(), Difficulty::Hard);
    assert_eq!(
        ctl.recorder.recording().unwrap().difficulty,
        Difficulty::Hard
    );
    // Quit game, from the pause menu: the window is asked to end.
    ctl.take_effects();
    ctl.key(Some(Key::Escape), true, false);
    ctl.menu_input(MenuInput::Up);
    ctl.menu_input(MenuInput::Select);
    assert!(ctl.take_effects().contains(&Effect::Quit));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The main menu opening under a mouse lying still on QUIT does not choose it (Enter would
/// quit): only a pointer that moves chooses a line, and one that comes back over the window
/// chooses nothing until it moves again. A click still chooses where it lands.
#[test]
fn a_still_pointer_under_a_new_menu_chooses_no_line() {
    let dir = scratch("still-pointer");
    let mut ctl = controller(&dir, Some(Menu::main()));
    ctl.base_size = (640, 400);
    ctl.view.frame = Frame::new(640, 400).unwrap();
    let first = ctl.menu.as_ref().unwrap().selected();
    // The last line's height, found by sweeping a moving pointer down the frame.
    let last = (0..400)
        .map(|y| {
            ctl.pointer(Some((320.0, f64::from(y))));
            (y, ctl.menu.as_ref().unwrap().selected())
        })
        .max_by_key(|&(y, line)| (line, std::cmp::Reverse(y)))
        .unwrap();
    assert_ne!(last.1, first, "the sweep chose the last line");
    let quit_at = (320.0, f64::from(last.0) + 1.0);
    ctl.open_menu(Menu::main());
    ctl.overlays.pointer = None;
    ctl.pointer(Some(quit_at));
    assert_eq!(ctl.menu.as_ref().unwrap().selected(), first, "still");
    ctl.pointer(Some(quit_at));
    assert_eq!(
        ctl.menu.as_ref().unwrap().selected(),
        first,
        "reported again"
    );
    ctl.pointer(Some((quit_at.0 + 1.0, quit_at.1)));
    assert_eq!(ctl.menu.as_ref().unwrap().selected(), last.1, "moved");
    // Gone off the frame and back: nothing chosen until it moves.
    ctl.open_menu(Menu::main());
    ctl.pointer(None);
    ctl.pointer(Some(quit_at));
    assert_eq!(ctl.menu.as_ref().unwrap().selected(), first, "came back");
    // A tap (the page: a pointer's first report, then a click) chooses what it lands on.
    ctl.open_menu(Menu::main());
    ctl.pointer(None);
    ctl.take_effects();
    ctl.pointer(Some(quit_at));
    ctl.button(Key::Mouse(1), true);
    ctl.button(Key::Mouse(1), false);
    assert!(ctl.take_effects().contains(&Effect::Quit));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A networked game that cannot go on (a peer of another game) ends on the main menu, which
/// says why; the player is not left in a game that no longer moves.
#[test]
fn a_stopped_network_game_goes_to_the_main_menu_saying_why() {
    let dir = scratch("stopped");
    let mut ctl = controller(&dir, None);
    let why = "seat 1 plays another game: seed 6 there, 5 here";
    let stopped = tilecaster::play::Advance {
        ending: Some(Ending::NetStopped(why.into())),
        ..Default::default()
    };
    assert!(ctl.follow(stopped));
    assert!(ctl.menu.is_some(), "on a menu");
    let said = ctl.notice.clone().unwrap_or_default();
    assert!(said.contains(why), "{said}");
    std::fs::remove_dir_all(dir).unwrap();
}
