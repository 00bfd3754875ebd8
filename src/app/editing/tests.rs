//! The editor's front end without a window: the mouse on the palette and the map, the keys,
//! saving, exporting, playing from the camera (the controller opening and leaving it is
//! `edit_input`'s test).

use super::*;
use tilecaster::edit::SWATCH;
use tilecaster::level::Brush;

/// The editor's screen size in these tests.
const SIZE: (u32, u32) = (960, 600);

/// A folder of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tilecaster-edit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Draws the editor's screen (as each frame does), and gives it.
fn drawn(e: &mut Editing) -> Frame {
    let mut frame = Frame::new(SIZE.0, SIZE.1).unwrap();
    e.draw(&mut frame);
    frame
}

/// The frame point at the centre of `cell` on the map.
pub(in crate::app) fn on_map(e: &Editing, x: i32, y: i32) -> (f64, f64) {
    let view = map_view(e.editor.draft().size(), e.layout().map);
    view.screen_point(Cell::new(x, y).centre())
}

/// The frame point at the middle of the first swatch whose brush is `wanted`.
fn swatch(e: &Editing, wanted: impl Fn(&Brush) -> bool) -> (f64, f64) {
    let i = e.palette.position(wanted).expect("a swatch of that brush") as u32;
    let (x, y, w, _) = e.layout().palette;
    let per_row = w / SWATCH;
    (
        f64::from(x + (i % per_row) * SWATCH + SWATCH / 2),
        f64::from(y + (i / per_row) * SWATCH + SWATCH / 2),
    )
}

fn click(e: &mut Editing, at: (f64, f64)) {
    e.pointer(Some(at));
    e.left_button(true);
    e.left_button(false);
}

fn drag(e: &mut Editing, from: (f64, f64), to: (f64, f64)) {
    e.pointer(Some(from));
    e.left_button(true);
    e.pointer(Some(to));
    e.left_button(false);
}

fn click_map(e: &mut Editing, x: i32, y: i32) {
    let at = on_map(e, x, y);
    click(e, at);
}

fn click_swatch(e: &mut Editing, wanted: impl Fn(&Brush) -> bool) {
    let at = swatch(e, wanted);
    click(e, at);
}

fn drag_map(e: &mut Editing, from: (i32, i32), to: (i32, i32)) {
    let (from, to) = (on_map(e, from.0, from.1), on_map(e, to.0, to.1));
    drag(e, from, to);
}

pub(in crate::app) fn at(e: &Editing, x: i32, y: i32) -> Brush {
    e.editor.draft().brush_at(Cell::new(x, y)).unwrap()
}

const CTRL: Modifiers = Modifiers {
    ctrl: true,
    shift: false,
};
const NONE: Modifiers = Modifiers {
    ctrl: false,
    shift: false,
};

/// The walk through the editor with the mouse: a room painted with a rectangle of a
/// wall chosen from the palette, a door, a guard turned east, a light and the exit; undo
/// twice and redo; saved; the file passes the check and renders as the editor's view, pixel
/// for pixel; P plays from the camera's cell.
#[test]
fn a_room_painted_with_the_mouse_is_saved_checked_rendered_and_played() {
    let dir = scratch("edit-room");
    let path = dir.join("room.toml");
    let mut e = Editing::open(&path, Sources::default()).unwrap();
    assert!(e.unsaved, "a new level is not saved until asked");
    drawn(&mut e);
    click_swatch(&mut e, |b| *b == Brush::wall("stone"));
    assert_eq!(e.editor.brush, Brush::wall("stone"));
    e.key(Key::Letter(b'R'), NONE);
    drag_map(&mut e, (6, 3), (12, 9));
    assert_eq!(at(&e, 6, 3), Brush::wall("stone"));
    assert_eq!(at(&e, 12, 6), Brush::wall("stone"));
    assert_eq!(at(&e, 9, 6), Brush::floor(), "an outline");
    e.key(Key::Letter(b'B'), NONE);
    click_swatch(&mut e, |b| *b == Brush::door("door"));
    click_map(&mut e, 6, 6);
    click_swatch(&mut e, |b| b.label() == "enemy guard facing north");
    e.key(Key::Letter(b'T'), NONE);
    click_map(&mut e, 8, 6);
    assert_eq!(at(&e, 8, 6), Brush::enemy("guard", "east"));
    click_swatch(&mut e, |b| b.label().starts_with("light"));
    click_map(&mut e, 9, 4);
    click_swatch(&mut e, |b| *b == Brush::exit());
    click_map(&mut e, 3, 11);
    assert_eq!(e.editor.history(), (5, 0));
    for _ in 0..2 {
        e.key(Key::Letter(b'Z'), CTRL);
    }
    assert_eq!(at(&e, 3, 11), Brush::floor(), "the exit undone");
    assert_eq!(at(&e, 9, 4), Brush::floor(), "the light undone");
    e.key(Key::Letter(b'Y'), CTRL);
    e.key(
        Key::Letter(b'Z'),
        Modifiers {
            ctrl: true,
            shift: true,
        },
    );
    assert_eq!(e.editor.history(), (5, 0));
    assert!(at(&e, 9, 4).label().starts_with("light"));
    assert!(e.editor.problems().is_empty(), "{:?}", e.editor.problems());
    // The camera dropped in the room, aimed at the guard.
    e.key(Key::Letter(b'K'), NONE);
    drag_map(&mut e, (10, 7), (8, 6));
    assert_eq!(e.camera.0, Cell::new(10, 7).centre());
    let frame = drawn(&mut e);
    e.key(Key::Letter(b'S'), CTRL);
    assert!(!e.unsaved, "{}", e.said);
    let saved = tilecaster::level::load_with_sources(&path, &Sources::default()).unwrap();
    assert!(saved.warnings.is_empty(), "{:?}", saved.warnings);
    let layout = e.layout();
    let view = tilecaster::edit::Editor::view(
        saved,
        &path,
        (e.camera.0, e.camera.1, Camera::DEFAULT_FOV),
        Frame::new(layout.view.2, layout.view.3).unwrap(),
    );
    for y in 0..layout.view.3 {
        for x in 0..layout.view.2 {
            assert_eq!(
                frame.pixel(layout.view.0 + x, y),
                view.pixel(x, y),
                "the saved level renders otherwise at {x},{y}"
            );
        }
    }
    assert_eq!(e.key(Key::Letter(b'P'), NONE), Asked::Play);
    let session = e.play_session().unwrap();
    let player = &session.game.seat().player;
    assert_eq!(player.position, Cell::new(10, 7).centre());
    assert_eq!(session.game.level.enemies.len(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Copy and paste by dragging, the brush taken from the map with the right button, a second
/// start moving the first, and a file that was there replaced only when asked twice.
#[test]
fn copy_paste_pick_and_a_file_replaced_only_when_asked_twice() {
    let dir = scratch("edit-copy");
    let path = dir.join("copied.toml");
    let first = Editing::open(&path, Sources::default()).unwrap();
    first.editor.save(false).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let mut e = Editing::open(&path, Sources::default()).unwrap();
    drawn(&mut e);
    // The wall at the corner taken with the right button, a line of it drawn.
    e.pointer(Some(on_map(&e, 0, 0)));
    e.right_button();
    assert_eq!(e.editor.brush, Brush::wall("brick"));
    e.key(Key::Letter(b'L'), NONE);
    drag_map(&mut e, (2, 2), (2, 6));
    assert!((2..=6).all(|y| at(&e, 2, y) == Brush::wall("brick")));
    // That line copied with the column beside it, pasted further east.
    e.key(Key::Letter(b'C'), NONE);
    drag_map(&mut e, (2, 2), (3, 6));
    e.key(Key::Letter(b'V'), NONE);
    click_map(&mut e, 20, 3);
    assert!((3..=7).all(|y| at(&e, 20, y) == Brush::wall("brick")));
    assert_eq!(at(&e, 21, 5), Brush::floor());
    // A start placed: the old one goes.
    e.key(Key::Letter(b'B'), NONE);
    click_swatch(&mut e, |b| b.label().starts_with("player"));
    click_map(&mut e, 5, 5);
    assert_eq!(
        e.editor.draft().cells_where(Brush::is_start),
        [Cell::new(5, 5)]
    );
    e.key(Key::Letter(b'S'), CTRL);
    assert!(e.unsaved, "asked once: not replaced");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    e.key(Key::Letter(b'S'), CTRL);
    assert!(!e.unsaved, "{}", e.said);
    assert_ne!(std::fs::read_to_string(&path).unwrap(), before);
    // Exported as a Tiled map beside it, which the game opens as the same level.
    e.key(Key::Letter(b'E'), CTRL);
    let map = path.with_extension("tmx");
    assert!(e.said.starts_with("exported"), "{}", e.said);
    let tiled = tilecaster::level::load_with_sources(&map, &Sources::default()).unwrap();
    assert_eq!(tiled.level.player.position, Cell::new(5, 5).centre());
    e.key(Key::Letter(b'E'), CTRL);
    assert!(
        e.said.starts_with("not exported"),
        "never over a file: {}",
        e.said
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A pencil stroke is outlined cell by cell as it is drawn, and the view made again once, when
/// it ends.
#[test]
fn a_stroke_is_outlined_as_it_goes_and_shown_when_it_ends() {
    let dir = scratch("edit-stroke");
    let mut e = Editing::open(&dir.join("stroke.toml"), Sources::default()).unwrap();
    drawn(&mut e);
    let from = on_map(&e, 3, 3);
    e.pointer(Some(from));
    e.left_button(true);
    let to = on_map(&e, 7, 3);
    e.pointer(Some(to));
    drawn(&mut e);
    assert_eq!(
        e.marked(),
        (3..=7).map(|x| Cell::new(x, 3)).collect::<Vec<_>>()
    );
    assert!(e.stale, "not made again in the middle of the stroke");
    e.left_button(false);
    drawn(&mut e);
    assert!(!e.stale && e.marked().is_empty());
    let scene = e.scene.as_ref().unwrap();
    let level = &scene.session().game.level;
    assert_eq!(
        level.map.get(Cell::new(5, 3)),
        Some(tilecaster::map::Tile::Wall),
        "the view shows the stroke"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A level whose file names a texture there is none of opens in the editor drawn as it
/// stands: the map and the view (the unknown texture a magenta checkerboard), the mistake
/// said (it was a blank screen); a texture of that name put beside it and F5 (the files
/// read again) mend it, and it plays.
#[test]
fn a_level_naming_an_unknown_texture_shows_its_mistake_and_is_mended() {
    let dir = scratch("edit-unknown");
    let path = dir.join("unknown.toml");
    let textures = std::fs::canonicalize("textures").unwrap();
    let text = format!(
        "name = \"unknown\"\ntextures = {:?}\ngrid = '''\n#######\n#..@..#\n#.....#\n###X###\n'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"X\" = {{ wall = \"mywall\" }}\n\"@\" = {{ player = \"north\" }}\n",
        textures.display().to_string()
    );
    std::fs::write(&path, text).unwrap();
    let mut e = Editing::open(&path, Sources::default()).unwrap();
    let frame = drawn(&mut e);
    let problems = e.editor.problems();
    assert!(
        problems.first().is_some_and(
            |p| p.diagnostic.message.contains("unknown texture 'mywall'")
                && p.diagnostic.is_error()
                && p.diagnostic.position.is_some()
        ),
        "{problems:?}"
    );
    assert!(e.shown_session().is_some(), "the level is shown");
    // The view looks south from the start at the unknown wall: magenta.
    e.camera = (Vec2::new(3.5, 1.5), 90.0);
    e.stale = true;
    let frame_south = drawn(&mut e);
    let (vx, vy, vw, vh) = e.layout().view;
    let magenta = |f: &Frame| {
        (vy..vy + vh)
            .flat_map(|y| (vx..vx + vw).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let [r, g, b, _] = f.pixel(x, y);
                r > 150 && b > 150 && g < 80
            })
            .count()
    };
    assert!(
        magenta(&frame_south) > 100,
        "the unknown texture's checkerboard"
    );
    assert_ne!(frame, frame_south);
    // Mended: a texture of that name put beside the level; no mistakes, and it plays.
    std::fs::copy(textures.join("brick.png"), dir.join("mywall.png")).unwrap();
    e.key(Key::Function(5), Modifiers::default());
    let mended = drawn(&mut e);
    assert!(e.editor.problems().is_empty(), "{:?}", e.editor.problems());
    assert_eq!(magenta(&mended), 0);
    assert!(e.play_session().is_ok(), "{}", e.said);
    std::fs::remove_dir_all(dir).unwrap();
}
