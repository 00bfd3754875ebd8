//! The editor driven without a window, as its presentation drives it.

use super::*;
use crate::math::Vec2;

/// A new draft of `width` x `height` saved at `path`, walled with brick.
fn editor_at(path: &Path, width: usize, height: usize) -> Editor {
    Editor::new(Draft::new(
        path,
        "Editor Test",
        width,
        height,
        &Brush::wall("brick"),
    ))
}

fn editor() -> Editor {
    editor_at(Path::new("levels/editor-test.toml"), 16, 10)
}

fn at(editor: &Editor, x: i32, y: i32) -> Brush {
    editor.draft().brush_at(Cell::new(x, y)).unwrap()
}

#[test]
fn a_stroke_is_one_step_and_a_new_step_ends_what_was_undone() {
    let mut e = editor();
    e.brush = Brush::wall("stone");
    e.begin_stroke();
    for x in 2..6 {
        assert_eq!(e.stroke_to(Cell::new(x, 2)), Ok(true));
    }
    assert_eq!(e.stroke_to(Cell::new(5, 2)), Ok(false), "painted already");
    e.end_stroke();
    assert_eq!(e.history(), (1, 0));
    assert!(e.undo());
    assert!((2..6).all(|x| at(&e, x, 2) == Brush::floor()));
    assert_eq!(e.history(), (0, 1));
    e.paint(Cell::new(8, 8)).unwrap();
    assert_eq!(
        e.history(),
        (1, 0),
        "the undone stroke cannot be made again"
    );
    assert!(!e.redo());
}

#[test]
fn rectangles_lines_and_painting_what_is_there_already() {
    let mut e = editor();
    e.brush = Brush::wall("wood");
    assert_eq!(
        e.rectangle(Cell::new(9, 6), Cell::new(6, 3), false),
        Ok(true)
    );
    assert_eq!(at(&e, 6, 3), Brush::wall("wood"));
    assert_eq!(at(&e, 9, 6), Brush::wall("wood"));
    assert_eq!(
        at(&e, 7, 4),
        Brush::floor(),
        "an outline: the inside is left"
    );
    assert_eq!(
        e.rectangle(Cell::new(6, 3), Cell::new(9, 6), false),
        Ok(false)
    );
    assert_eq!(e.history(), (1, 0), "nothing changed: no step");
    // A diagonal line through corners exactly: the traversal's cells, both of a corner's.
    e.brush = Brush::wall("stone");
    e.line(Cell::new(1, 1), Cell::new(3, 3)).unwrap();
    let stone: Vec<(i32, i32)> = (0..5)
        .flat_map(|y| (0..5).map(move |x| (x, y)))
        .filter(|&(x, y)| at(&e, x, y) == Brush::wall("stone"))
        .collect();
    assert!(stone.contains(&(1, 1)) && stone.contains(&(2, 2)) && stone.contains(&(3, 3)));
    assert_eq!(e.history(), (2, 0));
}

#[test]
fn a_region_copied_is_pasted_and_what_falls_off_the_grid_is_left_out() {
    let mut e = editor();
    e.brush = Brush::enemy("guard", "south");
    e.paint(Cell::new(2, 2)).unwrap();
    e.brush = Brush::pickup("first_aid");
    e.paint(Cell::new(3, 3)).unwrap();
    let region = e.copy(Cell::new(3, 3), Cell::new(2, 2)).clone();
    assert_eq!(region.size, (2, 2));
    assert_eq!(e.paste(Cell::new(10, 5)), Ok(true));
    assert_eq!(at(&e, 10, 5), Brush::enemy("guard", "south"));
    assert_eq!(at(&e, 11, 6), Brush::pickup("first_aid"));
    // Over the grid's edge: the cells on it only.
    assert_eq!(e.paste(Cell::new(15, 9)), Ok(true));
    assert_eq!(at(&e, 15, 9), Brush::enemy("guard", "south"));
    assert_eq!(e.history(), (4, 0));
    e.undo();
    assert_eq!(at(&e, 15, 9), Brush::wall("brick"));
}

#[test]
fn mistakes_are_found_at_their_cells_as_they_are_made_and_undone() {
    let mut e = editor();
    assert!(e.problems().is_empty(), "{:?}", e.problems());
    e.brush = Brush::floor();
    e.paint(Cell::new(0, 4)).unwrap();
    let cells: Vec<Cell> = e.problems().iter().filter_map(|p| p.cell).collect();
    assert!(cells.contains(&Cell::new(0, 4)), "{:?}", e.problems());
    e.undo();
    assert!(e.problems().is_empty(), "{:?}", e.problems());
    // A door with no walls beside it: said at once, at its cell.
    e.brush = Brush::door("door");
    e.paint(Cell::new(2, 2)).unwrap();
    assert!(
        e.problems()
            .iter()
            .any(|p| p.diagnostic.is_error() && p.cell == Some(Cell::new(2, 2))),
        "{:?}",
        e.problems()
    );
    // A second start is not a mistake the editor lets happen: the first one moves.
    e.brush = Brush::player("east");
    e.paint(Cell::new(3, 3)).unwrap();
    assert_eq!(e.draft().cells_where(Brush::is_start), [Cell::new(3, 3)]);
    e.undo();
    assert_eq!(e.draft().cells_where(Brush::is_start), [Cell::new(8, 5)]);
}

/// Issue 75's "done means": a room painted, a door, a guard, a light and the exit placed,
/// two steps undone and one made again, saved: the file passes the check, and `tilecaster
/// render`'s way of drawing the saved file gives the editor's view pixel for pixel.
#[test]
fn a_room_with_a_door_a_guard_a_light_and_the_exit_is_saved_as_the_editor_shows_it() {
    let dir = std::env::temp_dir().join(format!("tilecaster-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("room.toml");
    let mut e = editor_at(&path, 20, 12);
    // A second room east of the first, through a door.
    e.brush = Brush::wall("stone");
    e.rectangle(Cell::new(11, 0), Cell::new(11, 11), true)
        .unwrap();
    e.brush = Brush::door("door");
    e.paint(Cell::new(11, 5)).unwrap();
    e.brush = Brush::enemy("guard", "west");
    e.paint(Cell::new(15, 5)).unwrap();
    e.brush = Brush::light("#ffcc88", 6.0, 1.2);
    e.paint(Cell::new(8, 3)).unwrap();
    e.brush = Brush::exit();
    e.paint(Cell::new(18, 10)).unwrap();
    e.brush = Brush::wall("wood");
    e.paint(Cell::new(3, 3)).unwrap();
    e.paint(Cell::new(4, 3)).unwrap();
    assert_eq!(e.history(), (7, 0));
    assert!(e.undo() && e.undo());
    assert_eq!(at(&e, 3, 3), Brush::floor());
    assert!(e.redo());
    assert_eq!(at(&e, 3, 3), Brush::wall("wood"));
    assert_eq!(at(&e, 4, 3), Brush::floor());
    assert!(e.problems().is_empty(), "{:?}", e.problems());

    // (The textures are the bundled ones, the draft's folder has none: named as a source.)
    let sources = Sources::textures(Some(Path::new("textures")));
    let camera = (
        Vec2::new(10.0, 5.5),
        0.0,
        crate::render::Camera::DEFAULT_FOV,
    );
    let shown = Editor::view(
        e.loaded(&sources).unwrap(),
        &path,
        camera,
        Frame::new(320, 200).unwrap(),
    );
    e.save(false).unwrap();
    assert!(
        e.save(false).is_err(),
        "a file there is not replaced unasked"
    );
    let saved = crate::level::load_with_sources(&path, &sources).unwrap();
    assert!(saved.warnings.is_empty(), "{:?}", saved.warnings);
    assert_eq!(saved.level.enemies.len(), 1);
    assert_eq!(saved.level.lights.len(), 1);
    assert_eq!(saved.level.doors.len(), 1);
    assert_eq!(saved.level.exits, [Cell::new(18, 10)]);
    let rendered = Editor::view(saved, &path, camera, Frame::new(320, 200).unwrap());
    assert!(
        shown.rgba() == rendered.rgba(),
        "the saved file draws another view"
    );
    // The view is the level lit: the light's side is brighter than the room's far corner.
    let distinct: std::collections::HashSet<&[u8]> = shown.rgba().chunks(4).collect();
    assert!(distinct.len() > 50, "{} colours", distinct.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A change loads again only what it names anew: the textures of the level as it last loaded
/// are taken from it (the same pictures, not read again), a texture named for the first time
/// is read.
#[test]
fn a_change_reads_again_only_the_textures_it_names_anew() {
    let mut e = editor();
    let sources = Sources::default();
    let before = e.loaded(&sources).unwrap();
    e.brush = Brush::wall("stone");
    e.paint(Cell::new(4, 4)).unwrap();
    let after = e.loaded_after(&sources, Some(&before)).unwrap();
    let brick = |l: &LevelWithTextures| l.textures.get("brick").unwrap().clone();
    assert!(std::sync::Arc::ptr_eq(&brick(&before), &brick(&after)));
    assert!(after.textures.get("stone").is_some(), "read for the change");
    let afresh = e.loaded(&sources).unwrap();
    assert!(!std::sync::Arc::ptr_eq(&brick(&before), &brick(&afresh)));
}

/// A scene made after a change from the scene before it (its light map worked out again only
/// where the change reaches, its lit floors and ceilings kept where nothing changed) draws
/// what a scene made afresh draws, change after change: walls in a light's reach, a light
/// added and taken away, a door.
#[test]
fn a_scene_made_after_a_change_draws_what_one_made_afresh_draws() {
    let path = Path::new("levels/editor-test.toml");
    let mut e = editor_at(path, 24, 14);
    e.brush = Brush::light("#ffcc88", 6.0, 1.2);
    e.paint(Cell::new(6, 6)).unwrap();
    e.brush = Brush::light("#88aaff", 5.0, 1.0);
    e.paint(Cell::new(16, 4)).unwrap();
    e.brush = Brush::player("east");
    e.paint(Cell::new(2, 7)).unwrap();
    let sources = Sources::default();
    let cameras = [(Vec2::new(2.5, 7.5), 0.0), (Vec2::new(12.5, 10.5), 300.0)];
    let mut scene = Scene::new(e.loaded(&sources).unwrap(), path, cameras[0]);
    let changes: [(Cell, Brush); 7] = [
        (Cell::new(8, 6), Brush::wall("stone")),
        (Cell::new(8, 7), Brush::wall("stone")),
        (Cell::new(12, 3), Brush::light("#ff8844", 4.0, 1.0)),
        (Cell::new(8, 8), Brush::wall("stone")),
        (Cell::new(8, 7), Brush::door("door")),
        (Cell::new(6, 6), Brush::floor()),
        (Cell::new(10, 9), Brush::wall("wood")),
    ];
    let mut waited = 0;
    for (step, (cell, brush)) in changes.into_iter().enumerate() {
        e.brush = brush;
        e.paint(cell).unwrap();
        let loaded = e.loaded_after(&sources, Some(scene.loaded())).unwrap();
        let mut after = Scene::after(loaded, path, cameras[0], &scene);
        let mut afresh = Scene::new(e.loaded(&sources).unwrap(), path, cameras[0]);
        let frame = || Frame::new(240, 160).unwrap();
        // The cells whose light changed are lit pixel by pixel until their copies are
        // made: the same light, the copies' mipmaps aside.
        let pending = after.make_lit_copies(0);
        waited += usize::from(pending > 0);
        let (first, final_view) = (after.view(66.0, frame()), afresh.view(66.0, frame()));
        let off = first
            .rgba()
            .iter()
            .zip(final_view.rgba())
            .map(|(&a, &b)| u64::from(a.abs_diff(b)))
            .sum::<u64>() as f64
            / first.rgba().len() as f64;
        assert!(
            off < 0.1,
            "step {step}: off by {off} a channel before the copies"
        );
        // Made a few a frame, as the editor does; every other change the next one comes
        // before they are all made.
        if step % 2 == 1 {
            after.make_lit_copies(1);
            scene = after;
            continue;
        }
        while after.make_lit_copies(3) > 0 {}
        for camera in cameras {
            after.look(camera.0, camera.1);
            afresh.look(camera.0, camera.1);
            assert!(
                after.view(66.0, frame()).rgba() == afresh.view(66.0, frame()).rgba(),
                "step {step}: the view from {camera:?} differs"
            );
        }
        scene = after;
    }
    assert!(waited >= 5, "copies waited for after {waited} changes of 7");
}

/// A scene made after one of a level of another size (not a change: another level) draws
/// what one made afresh draws: nothing is taken from the other by its cells' places.
#[test]
fn a_scene_made_after_another_levels_draws_what_one_made_afresh_draws() {
    let path = Path::new("levels/editor-test.toml");
    let lit = |width, height, light: Cell| {
        let mut e = editor_at(path, width, height);
        e.brush = Brush::light("#ffcc88", 6.0, 1.2);
        e.paint(light).unwrap();
        e.brush = Brush::player("east");
        e.paint(Cell::new(2, 5)).unwrap();
        e.loaded(&Sources::default()).unwrap()
    };
    let camera = (Vec2::new(2.5, 5.5), 0.0);
    let other = Scene::new(lit(24, 14, Cell::new(6, 6)), path, camera);
    let mut after = Scene::after(lit(20, 12, Cell::new(7, 4)), path, camera, &other);
    let mut afresh = Scene::new(lit(20, 12, Cell::new(7, 4)), path, camera);
    let frame = || Frame::new(240, 160).unwrap();
    assert!(after.view(66.0, frame()).rgba() == afresh.view(66.0, frame()).rgba());
}

/// A level of the episode copied elsewhere names a next level that is not there: `check` (and
/// the game) call it an error, but the editor shows the level, the missing level a warning
/// (it once showed nothing but the error, and nothing could be edited).
#[test]
fn a_level_copied_away_from_its_episode_shows_in_the_editor() {
    let dir = std::env::temp_dir().join(format!("tilecaster-copied-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.toml");
    let text = std::fs::read_to_string(crate::files::default_path("levels/e1m3.toml")).unwrap();
    assert!(text.contains("next = "), "e1m3 names no next level");
    std::fs::write(&path, text).unwrap();
    let editor = Editor::new(Draft::open(&path).unwrap());
    let refused = editor.draft().check().map(|_| ()).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("next level 'e1m4.toml' does not exist"),
        "{refused}"
    );
    // (Its `textures = "../textures"` is not beside the copy either: given, as `--textures`.)
    let textures = crate::files::default_path("textures");
    let sources = crate::assets::Sources::from(Some(textures.as_path()));
    let loaded = editor
        .loaded(&sources)
        .unwrap_or_else(|e| panic!("the editor cannot show the copy: {e}"));
    assert_eq!(loaded.level.next, None);
    let warned: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert!(
        warned
            .iter()
            .any(|w| w.contains("warning: next level 'e1m4.toml' does not exist")),
        "{warned:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
