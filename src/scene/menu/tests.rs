//! The menus driven by input and drawn at every size.

use super::*;
use crate::bindings::Action;
use crate::frame::Frame;

/// Every page whose lines are chosen (the name entry's is typed).
const PAGES_CHOSEN_FROM: [Page; 10] = [
    Page::Main,
    Page::NewGame,
    Page::Pause,
    Page::Load,
    Page::Save,
    Page::Options,
    Page::Controls,
    Page::Scores,
    Page::Multiplayer,
    Page::Arenas,
];

/// `menu` drawn on a frame `w` x `h` with the default settings.
fn drawn(menu: &Menu, (w, h): (u32, u32), world: &MenuWorld) -> Frame {
    let mut frame = Frame::new(w, h).unwrap();
    draw(&mut frame, menu, &Settings::default(), world);
    frame
}

/// The pixels of `frame` with some red (the menus' letters, gold and white, and the marked
/// row).
fn lit_pixels(frame: &Frame) -> usize {
    let (w, h) = (frame.width(), frame.height());
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| frame.colour(x, y).r > 100)
        .count()
}

fn world() -> MenuWorld<'static> {
    MenuWorld::default()
}

fn press(menu: &mut Menu, s: &mut Settings, inputs: &[MenuInput]) -> Vec<MenuCommand> {
    inputs
        .iter()
        .filter_map(|&i| menu.handle(i, s, &world()))
        .collect()
}

#[test]
fn the_front_door_skips_what_is_disabled_and_starts_each_difficulty() {
    use MenuInput::*;
    let mut s = Settings::default();
    let mut menu = Menu::main();
    // No saves: Continue and Load are skipped.
    press(&mut menu, &mut s, &[Down]);
    assert_eq!(menu.selected(), 3, "OPTIONS");
    press(&mut menu, &mut s, &[Up]);
    assert_eq!(menu.selected(), 0, "NEW GAME");
    for (n, difficulty) in Difficulty::ALL.into_iter().enumerate() {
        let mut menu = Menu::main();
        // The cursor starts on NORMAL: up to EASY, down to HARD and DEATH INCARNATE.
        let inputs = match n {
            0 => vec![Select, Up, Select],
            1 => vec![Select, Select],
            2 => vec![Select, Down, Select],
            _ => vec![Select, Down, Down, Select],
        };
        assert_eq!(
            press(&mut menu, &mut s, &inputs),
            [MenuCommand::NewGame(difficulty)]
        );
    }
    // Back from New game; Escape on the front door itself does nothing.
    let mut menu = Menu::main();
    press(&mut menu, &mut s, &[Select, Back, Back]);
    assert_eq!((menu.page(), menu.selected()), (Page::Main, 0));
    assert_eq!(press(&mut menu, &mut s, &[Up, Select]), [MenuCommand::Quit]);
    // In a browser page there is no quitting: no Quit line, Up from New game goes round to
    // High scores.
    let page = MenuWorld {
        can_quit: false,
        ..MenuWorld::default()
    };
    let mut menu = Menu::main();
    assert_eq!(menu.items(&s, &page).len(), 7);
    menu.handle(Up, &mut s, &page);
    assert_eq!(menu.selected(), 6, "HIGH SCORES");
}

/// The Multiplayer page: the name typed (what the font lacks left out), the address typed
/// and joined with Enter (an IP address alone on the default port; one that does not read
/// as an address stays to be mended), the hosts' commands.
#[test]
fn the_multiplayer_page_types_a_name_and_joins_an_address() {
    use MenuInput::*;
    let mut s = Settings::default();
    let arenas = [(
        "Command Post".to_string(),
        PathBuf::from("levels/e1m3.toml"),
    )];
    let world = MenuWorld {
        arenas: &arenas,
        ..MenuWorld::default()
    };
    let mut menu = Menu::main();
    let mut press = |menu: &mut Menu, inputs: &[MenuInput]| -> Vec<MenuCommand> {
        inputs
            .iter()
            .filter_map(|&i| menu.handle(i, &mut s, &world))
            .collect()
    };
    press(&mut menu, &[Down, Select]);
    assert_eq!(menu.page(), Page::Multiplayer);
    // The name: PLAYER cleared, "bj!" typed ("!" is not in the font), kept.
    press(&mut menu, &[Select]);
    assert_eq!(menu.editing(), Some(Field::Name));
    press(&mut menu, &[Clear; 6]);
    let kept = press(&mut menu, &[Type('b'), Type('j'), Type('!'), Select]);
    assert_eq!(kept, [MenuCommand::SettingsChanged]);
    assert_eq!(menu.editing(), None);
    // The colour: red, then back past blue round to white (checked below).
    press(&mut menu, &[Down, Right, Left, Left]);
    // The hosted game's difficulty: up from normal to hard and death incarnate, and no
    // further.
    assert_eq!(press(&mut menu, &[Down, Right, Right, Right]).len(), 3);
    // Host co-op.
    let host = press(&mut menu, &[Down, Select]);
    assert_eq!(
        host,
        [MenuCommand::HostGame {
            level: None,
            deathmatch: false
        }]
    );
    // Host deathmatch: its limits (15 frags, 3 minutes; past 100 frags none), then the
    // arenas, each a command.
    press(&mut menu, &[Down, Select]);
    assert_eq!(menu.page(), Page::Arenas);
    press(&mut menu, &[Right, Down, Left]);
    let dm = press(&mut menu, &[Down, Select]);
    assert_eq!(
        dm,
        [MenuCommand::HostGame {
            level: Some("levels/e1m3.toml".into()),
            deathmatch: true
        }]
    );
    press(&mut menu, &[Back, Down, Select]);
    assert_eq!(menu.editing(), Some(Field::Address));
    // "10.0.0" does not read as an address: Enter leaves it to be mended.
    for c in "10.0.0".chars() {
        press(&mut menu, &[Type(c)]);
    }
    assert_eq!(press(&mut menu, &[Select]), []);
    assert_eq!(menu.editing(), Some(Field::Address));
    // An address without the host's code: left to be mended too.
    assert_eq!(
        press(&mut menu, &[Type('.'), Type('7'), Type('x'), Select]),
        []
    );
    let code: Vec<MenuInput> = " 493017".chars().map(Type).collect();
    press(&mut menu, &code);
    let joined = press(&mut menu, &[Select]);
    assert_eq!(
        joined,
        [MenuCommand::JoinGame(
            "10.0.0.7:7300".parse().unwrap(),
            "493017".into()
        )]
    );
    // WATCH, below JOIN: the same line (the host last typed), Enter watches it.
    press(&mut menu, &[Down, Select]);
    assert_eq!(menu.editing(), Some(Field::WatchAddress));
    let watched = press(&mut menu, &[Select]);
    assert_eq!(
        watched,
        [MenuCommand::WatchGame(
            "10.0.0.7:7300".parse().unwrap(),
            "493017".into()
        )]
    );
    assert_eq!(s.network.name, "BJ");
    assert_eq!(s.network.join, "10.0.0.7 493017");
    assert_eq!(s.network.difficulty, Difficulty::Death);
    assert_eq!(crate::level::COLOUR_NAMES[s.network.colour], "white");
    assert_eq!((s.network.frag_limit, s.network.time_limit), (15, 3));
}

/// Where games are in rooms (the page), JOIN and WATCH take a room's code, digits only;
/// natively with WebRTC, either a room's code or an address and code.
#[test]
fn the_multiplayer_page_joins_rooms_where_there_are_rooms() {
    use MenuInput::*;
    let mut s = Settings::default();
    let rooms = MenuWorld {
        rooms: true,
        addresses: false,
        ..MenuWorld::default()
    };
    let mut menu = Menu::main();
    // (No arenas here: HOST DEATHMATCH is passed over.)
    for input in [Down, Select, Down, Down, Down, Down, Select] {
        menu.handle(input, &mut s, &rooms);
    }
    assert_eq!(menu.editing(), Some(Field::Address));
    // (Keys `before` the line, then the line typed anew.)
    let mut typed = |menu: &mut Menu, before: &[MenuInput], text: &str| -> Vec<MenuCommand> {
        let mut inputs = before.to_vec();
        inputs.extend([Clear; 30]);
        inputs.extend(text.chars().map(Type));
        inputs.push(Select);
        inputs
            .into_iter()
            .filter_map(|i| menu.handle(i, &mut s, &rooms))
            .collect()
    };
    assert_eq!(
        typed(&mut menu, &[], "10.0.0.7"),
        [],
        "an address is not a room's code"
    );
    assert_eq!(
        typed(&mut menu, &[], "482913"),
        [MenuCommand::JoinRoom("482913".into())]
    );
    // WATCH, below JOIN, watches a room's game by its code.
    assert_eq!(typed(&mut menu, &[Down, Select], "10.0.0.7 482913"), []);
    assert_eq!(menu.editing(), Some(Field::WatchAddress));
    assert_eq!(
        typed(&mut menu, &[], "482913"),
        [MenuCommand::WatchRoom("482913".into())]
    );
    // Natively with WebRTC: either.
    let both = MenuWorld {
        rooms: true,
        ..MenuWorld::default()
    };
    let mut menu = Menu::main();
    for input in [Down, Select, Down, Down, Down, Down, Select] {
        menu.handle(input, &mut s, &both);
    }
    let mut typed = |menu: &mut Menu, text: &str| -> Vec<MenuCommand> {
        let mut inputs: Vec<MenuInput> = vec![Clear; 30];
        inputs.extend(text.chars().map(Type));
        inputs.push(Select);
        let commands = inputs
            .into_iter()
            .filter_map(|i| menu.handle(i, &mut s, &both))
            .collect();
        // (Back to typing on JOIN for the next line.)
        menu.handle(Select, &mut s, &both);
        commands
    };
    assert_eq!(
        typed(&mut menu, "482913"),
        [MenuCommand::JoinRoom("482913".into())]
    );
    assert_eq!(
        typed(&mut menu, "10.0.0.7 482913"),
        [MenuCommand::JoinGame(
            "10.0.0.7:7300".parse().unwrap(),
            "482913".into()
        )]
    );
    // In the page, no Multiplayer: Down from New game goes to Edit a level, then Options.
    let page = MenuWorld {
        network: false,
        ..MenuWorld::default()
    };
    let mut menu = Menu::main();
    menu.handle(Down, &mut s, &page);
    assert_eq!(
        menu.handle(Select, &mut s, &page),
        Some(MenuCommand::EditLevel)
    );
    menu.handle(Down, &mut s, &page);
    menu.handle(Select, &mut s, &page);
    assert_eq!(menu.page(), Page::Options);
}

#[test]
fn options_change_within_their_ranges() {
    use MenuInput::*;
    let mut s = Settings::default();
    let mut menu = Menu::main();
    press(&mut menu, &mut s, &[Down, Down, Down, Select]);
    assert_eq!(menu.page(), Page::Options);
    let changed = press(&mut menu, &mut s, &[Right, Right]);
    assert_eq!(changed, vec![MenuCommand::SettingsChanged; 2]);
    assert_eq!(s.mouse_sensitivity, 0.25);
    for _ in 0..30 {
        press(&mut menu, &mut s, &[Left]);
    }
    assert_eq!(s.mouse_sensitivity, 0.03);
    press(&mut menu, &mut s, &[Down, Right]);
    assert!(s.always_run, "toggled");
    press(&mut menu, &mut s, &[Down, Down]);
    for _ in 0..30 {
        press(&mut menu, &mut s, &[Right]);
    }
    assert_eq!(s.fov, 110.0);
    press(&mut menu, &mut s, &[Down, Down, Down, Left]);
    assert_eq!(s.frame_cap, 30);
    press(&mut menu, &mut s, &[Down, Down, Left, Left, Left]);
    assert!((s.sound.master - 0.5).abs() < 1e-6, "{}", s.sound.master);
    assert_eq!(
        crate::settings::parse(&s.to_toml(), std::path::Path::new("s")).unwrap(),
        s,
        "every value the menu makes is valid"
    );
}

#[test]
fn controls_rebind_either_column_and_escape_cancels() {
    use MenuInput::*;
    let mut s = Settings::default();
    let mut menu = Menu::main();
    // Options (past Multiplayer and Edit a level), then CONTROLS (after the 16 settings).
    press(&mut menu, &mut s, &[Down, Down, Down, Select]);
    for _ in 0..16 {
        press(&mut menu, &mut s, &[Down]);
    }
    press(&mut menu, &mut s, &[Select]);
    assert_eq!(menu.page(), Page::Controls);
    // Forward's second key: Up becomes the left button... then cancelled once.
    press(&mut menu, &mut s, &[Right, Select]);
    assert!(menu.waiting_for_key());
    assert_eq!(press(&mut menu, &mut s, &[Down, Back]), []);
    assert!(!menu.waiting_for_key());
    assert_eq!(menu.selected(), 0);
    let changed = press(&mut menu, &mut s, &[Select, Bind(Key::Mouse(2))]);
    assert_eq!(changed, [MenuCommand::SettingsChanged]);
    assert_eq!(
        s.keys.keys(Action::Forward),
        [Key::Letter(b'W'), Key::Mouse(2)]
    );
    // Taking Fire's Ctrl keys for Back's first slot takes them from Fire.
    press(
        &mut menu,
        &mut s,
        &[Down, Left, Select, Bind(Key::CtrlLeft)],
    );
    assert_eq!(s.keys.keys(Action::Back)[0], Key::CtrlLeft);
    assert!(!s.keys.is_bound(Action::Fire, Key::CtrlLeft));
    press(&mut menu, &mut s, &[Clear]);
    assert_eq!(s.keys.keys(Action::Back), [Key::Down]);
}

#[test]
fn the_pause_menu_resumes_saves_and_quits() {
    use MenuInput::*;
    let mut s = Settings::default();
    let saves = [
        SaveSlot {
            name: "QUICK SAVE".into(),
            path: "q.json".into(),
            summary: Some("E1M1".into()),
        },
        SaveSlot {
            name: "SLOT 1".into(),
            path: "1.json".into(),
            summary: None,
        },
    ];
    let world = MenuWorld {
        saves: &saves,
        ..MenuWorld::default()
    };
    let mut menu = Menu::pause();
    assert_eq!(menu.handle(Back, &mut s, &world), Some(MenuCommand::Resume));
    menu.handle(Down, &mut s, &world);
    menu.handle(Down, &mut s, &world);
    menu.handle(Select, &mut s, &world);
    assert_eq!(menu.page(), Page::Save);
    menu.handle(Down, &mut s, &world);
    assert_eq!(
        menu.handle(Select, &mut s, &world),
        Some(MenuCommand::Save("1.json".into()))
    );
    menu.handle(Back, &mut s, &world);
    menu.handle(Down, &mut s, &world);
    menu.handle(Select, &mut s, &world);
    assert_eq!(menu.page(), Page::Load);
    // The empty slot cannot be chosen: Down goes to BACK.
    assert_eq!(
        menu.handle(Select, &mut s, &world),
        Some(MenuCommand::Load("q.json".into()))
    );
    menu.handle(Down, &mut s, &world);
    assert_eq!(menu.selected(), 2, "BACK, past the empty slot");
}

#[test]
fn the_mouse_points_and_clicks_at_the_rows_drawn() {
    let mut s = Settings::default();
    let world = MenuWorld {
        base_size: (640, 400),
        ..MenuWorld::default()
    };
    let mut menu = Menu::main();
    let layout = menu.layout(8, 400, None);
    let row_y = |i: usize| (layout.top + i as i64 * layout.row + 2) as f64;
    menu.handle(MenuInput::Point(320.0, row_y(3)), &mut s, &world);
    assert_eq!(menu.selected(), 3);
    menu.handle(MenuInput::Point(320.0, row_y(1)), &mut s, &world);
    assert_eq!(menu.selected(), 3, "a disabled row is not chosen");
    assert_eq!(
        menu.handle(MenuInput::Click(320.0, row_y(7)), &mut s, &world),
        Some(MenuCommand::Quit)
    );
    assert_eq!(
        menu.handle(MenuInput::Click(320.0, 1.0), &mut s, &world),
        None,
        "the title"
    );
}

#[test]
fn every_page_draws_at_every_size_with_its_title_and_marks_the_choice() {
    let world = MenuWorld::default();
    for (w, h) in [(160, 100), (320, 200), (640, 400), (1920, 1080)] {
        for page in PAGES_CHOSEN_FROM.into_iter().chain([Page::NameEntry]) {
            let menu = Menu {
                pages: vec![(page, 0)],
                ..Menu::main()
            };
            let lit = lit_pixels(&drawn(&menu, (w, h), &world));
            assert!(lit > 50, "{page:?} at {w}x{h}: {lit} lit pixels");
        }
    }
    // The chosen row is marked red across the frame.
    let menu = Menu::main();
    let frame = drawn(&menu, (640, 400), &world);
    let layout = menu.layout(5, 400, None);
    let c = frame.colour(2, (layout.top + 2) as u32);
    assert!(c.r > 60 && c.g < 40, "{c:?}");
}

/// The name entry takes letters, digits and a few marks, up to the name's length;
/// Backspace takes one back; Enter (or Escape) keeps the run under it and shows the
/// table, which the main menu offers too.
#[test]
fn a_high_score_takes_a_typed_name_and_the_table_shows() {
    let mut s = Settings::default();
    let lines = ["1. BJ  12400  E1M3  HARD".to_string()];
    let world = MenuWorld {
        scores: &lines,
        ..MenuWorld::default()
    };
    let mut menu = Menu::name_entry(12_400);
    for c in "bj!x".chars() {
        assert_eq!(menu.handle(MenuInput::Type(c), &mut s, &world), None);
    }
    menu.handle(MenuInput::Clear, &mut s, &world);
    for _ in 0..20 {
        menu.handle(MenuInput::Type('z'), &mut s, &world);
    }
    let done = menu.handle(MenuInput::Select, &mut s, &world);
    assert_eq!(done, Some(MenuCommand::NameEntered("BJZZZZZZZZZZ".into())));
    assert_eq!(menu.page(), Page::Scores);
    let items = menu.items(&s, &world);
    assert_eq!(items[0].text, lines[0]);
    assert!(!items[0].enabled, "a line of the table is not a choice");
    assert_eq!(items.last().unwrap().text, "BACK");
    let main = Menu::main();
    assert!(
        main.items(&s, &world)
            .iter()
            .any(|i| i.text == "HIGH SCORES")
    );
}

/// The name entry for a high score is a page of its own: nothing of the frame under it shows
/// (the pause menu's page darkens the game behind it instead).
#[test]
fn the_name_entry_is_a_page_of_its_own() {
    let s = Settings::default();
    let world = MenuWorld::default();
    for (page, own) in [(Page::NameEntry, true), (Page::Pause, false)] {
        let mut frame = Frame::new(320, 200).unwrap();
        frame.fill([255, 255, 255, 255]);
        let menu = Menu {
            pages: vec![(page, 0)],
            ..Menu::main()
        };
        draw(&mut frame, &menu, &s, &world);
        // The top left corner: no title nor item there.
        let corner = frame.colour(1, 1);
        assert_eq!(corner.r == corner.b, !own, "{page:?}: {corner:?}");
    }
}

/// The page on a touch screen: lines a finger can tap (53 frame rows are 32 CSS pixels on a
/// phone held upright), the "- MORE -" lines scroll, and the help names no keys.
#[test]
fn a_finger_taps_tall_lines_scrolls_by_the_more_lines_and_is_told_no_keys() {
    use MenuInput::*;
    let mut s = Settings::default();
    let world = MenuWorld {
        finger_row: Some(53),
        ..MenuWorld::default()
    };
    let mut menu = Menu {
        pages: vec![(Page::Pause, 0)],
        ..Menu::main()
    };
    let items = menu.items(&s, &world).len();
    let layout = menu.layout(items, 400, world.finger_row);
    assert!(layout.row >= 53, "{layout:?}");
    assert!(layout.text > layout.scale, "the letters grow with the rows");
    assert!(
        (4..items).contains(&layout.visible),
        "most of the pause page shows, the rest scrolls: {layout:?}"
    );
    let row_middle = |layout: &super::draw::Layout, i: usize| {
        (layout.top + i as i64 * layout.row + layout.row / 2) as f64
    };
    // The row under the last shown: the next item chosen, nothing done.
    let below = row_middle(&layout, layout.visible);
    assert_eq!(menu.handle(Click(320.0, below), &mut s, &world), None);
    assert_eq!(menu.selected(), layout.visible);
    let scrolled = menu.layout(items, 400, world.finger_row);
    assert!(scrolled.first > 0, "{scrolled:?}");
    // The row above the first shown scrolls back.
    let above = row_middle(&scrolled, 0) - scrolled.row as f64;
    assert_eq!(menu.handle(Click(320.0, above), &mut s, &world), None);
    assert_eq!(menu.selected(), scrolled.first - 1);
    // Each line shown is tapped anywhere in its row: the first is RESUME.
    let layout = menu.layout(items, 400, world.finger_row);
    let first_row = row_middle(&layout, 0) - layout.row as f64 / 2.0 + 1.0;
    assert_eq!(layout.first, 0);
    assert_eq!(
        menu.handle(Click(20.0, first_row), &mut s, &world),
        Some(MenuCommand::Resume)
    );
    // No page tells a finger of keys (typing aside).
    for page in PAGES_CHOSEN_FROM {
        let menu = Menu {
            pages: vec![(page, 0)],
            ..Menu::main()
        };
        let help = super::draw::help_line(&menu, &world, true);
        for key in ["ESC", "ENTER", "UP/DOWN", "LEFT/RIGHT", "BACKSPACE"] {
            assert!(!help.contains(key), "{page:?}: {help}");
        }
        assert!(super::draw::help_line(&menu, &world, false).contains("ESC"));
    }
}

#[test]
fn every_page_draws_for_a_finger_with_its_chosen_row_marked_whole() {
    let s = Settings::default();
    let world = MenuWorld {
        finger_row: Some(33),
        ..MenuWorld::default()
    };
    for page in PAGES_CHOSEN_FROM {
        let menu = Menu {
            pages: vec![(page, 0)],
            ..Menu::main()
        };
        let lit = lit_pixels(&drawn(&menu, (640, 400), &world));
        assert!(lit > 50, "{page:?}: {lit} lit pixels");
    }
    let menu = Menu {
        pages: vec![(Page::Options, 2)],
        ..Menu::main()
    };
    let frame = drawn(&menu, (640, 400), &world);
    let items = menu.items(&s, &world).len();
    let layout = menu.layout(items, 400, world.finger_row);
    let chosen = (2 - layout.first) as i64;
    let row_top = layout.top + chosen * layout.row;
    for y in [row_top, row_top + layout.row - 1] {
        let c = frame.colour(2, y as u32);
        assert!(c.r > 60 && c.g < 40, "row {y}: {c:?}");
    }
    for y in [row_top - 1, row_top + layout.row] {
        let c = frame.colour(2, y as u32);
        assert!(c.r < 60, "row {y}, outside: {c:?}");
    }
}
