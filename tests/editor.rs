//! The level editor's controller against the command line: a level drawn in the editor and
//! saved is what `tilecaster check` passes and `tilecaster render` draws, byte for byte as
//! the editor's view (issue 75).

use std::path::Path;

use tilecaster::assets::Sources;
use tilecaster::edit::{Editor, Palette, Scene, Shown};
use tilecaster::frame::Frame;
use tilecaster::grid::Cell;
use tilecaster::level::{Brush, Draft};
use tilecaster::math::Vec2;
use tilecaster::render::Camera;

use crate::common::{run_ok, scratch};

#[test]
fn a_level_drawn_and_saved_is_checked_and_rendered_as_the_editor_shows_it() {
    let dir = scratch("editor");
    let path = dir.join("drawn.toml");
    let mut e = Editor::new(Draft::new(&path, "Drawn", 18, 12, &Brush::wall("brick")));
    e.brush = Brush::wall("mossy_stone");
    e.line(Cell::new(9, 0), Cell::new(9, 11)).unwrap();
    // (The wall went over the player's start, which the check says at once.)
    assert!(
        e.problems()
            .iter()
            .any(|p| p.diagnostic.message.contains("no player start"))
    );
    e.brush = Brush::player("east");
    e.paint(Cell::new(3, 6)).unwrap();
    e.brush = Brush::locked_door("door", "gold");
    e.paint(Cell::new(9, 6)).unwrap();
    e.brush = Brush::pickup("gold_key");
    e.paint(Cell::new(2, 2)).unwrap();
    e.brush = Brush::enemy("guard", "west");
    e.paint(Cell::new(13, 6)).unwrap();
    e.brush = Brush::light("#88aaff", 5.0, 1.5);
    e.paint(Cell::new(6, 3)).unwrap();
    e.brush = Brush::exit();
    e.paint(Cell::new(16, 10)).unwrap();
    assert!(e.problems().is_empty(), "{:?}", e.problems());
    e.save(false).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        !text.contains("north"),
        "the first start, painted over, is not kept:\n{text}"
    );

    let level = path.to_str().unwrap();
    let checked = run_ok(["check", level, "--textures", "textures"]);
    let said = String::from_utf8_lossy(&checked.stdout);
    assert!(said.contains("0 errors, 0 warnings"), "{said}");

    let sources = Sources::textures(Some(Path::new("textures")));
    let (position, angle) = (Vec2::new(3.5, 6.5), 0.0);
    let view = Editor::view(
        e.loaded(&sources).unwrap(),
        &path,
        (position, angle, Camera::DEFAULT_FOV),
        Frame::new(480, 300).unwrap(),
    );
    let shown = dir.join("shown.png");
    view.save_png(&shown, false).unwrap();
    let rendered = dir.join("rendered.png");
    run_ok([
        "render",
        "--level",
        level,
        "--textures",
        "textures",
        "--pos",
        "3.5,6.5",
        "--angle",
        "0",
        "--size",
        "480x300",
        "--output",
        rendered.to_str().unwrap(),
    ]);
    assert!(
        std::fs::read(&shown).unwrap() == std::fs::read(&rendered).unwrap(),
        "tilecaster render draws the saved level otherwise: {} and {}",
        shown.display(),
        rendered.display()
    );
}

/// The editor's screen on the bundled first level, a wall painted across its first corridor
/// and a door placed in the open (a mistake the map outlines): the palette (a guard selected)
/// over the map with the camera's rays and the cells a rectangle would paint, the brush, the
/// tool and the first mistake under it, the view from the camera on the right.
#[test]
fn golden_editor_screen() {
    let mut e = Editor::new(Draft::open(Path::new("levels/e1m1.toml")).unwrap());
    e.brush = Brush::wall("stone");
    e.line(Cell::new(21, 31), Cell::new(26, 31)).unwrap();
    e.brush = Brush::door("door");
    e.paint(Cell::new(23, 26)).unwrap();
    let mut palette = Palette::new(Path::new("textures"));
    palette.select(
        palette
            .position(|b| b.label().starts_with("enemy guard"))
            .unwrap(),
    );
    e.brush = palette.brush();
    assert!(!e.problems().is_empty());
    // (A door without walls beside it is a mistake the level cannot load with: the screen
    // draws the last level that loaded, here the file as it was.)
    assert!(e.loaded(&Sources::default()).is_err());
    let loaded =
        tilecaster::level::load_with_sources(Path::new("levels/e1m1.toml"), &Sources::default())
            .unwrap();
    let camera = (Vec2::new(23.5, 36.5), 270.0, Camera::DEFAULT_FOV);
    let mut scene = Scene::new(loaded, e.draft().path(), (camera.0, camera.1));
    let marked: Vec<Cell> = (4..8).map(|x| Cell::new(x, 4)).collect();
    let shown = Shown {
        viewpoint: camera,
        palette: Some(&palette),
        marked: &marked,
        status: "rectangle: drag from corner to corner",
    };
    let mut frame = Frame::new(960, 540).unwrap();
    tilecaster::edit::draw_screen(&e, &mut scene, &shown, &mut frame);
    crate::render::golden("editor_screen", &frame);
}
