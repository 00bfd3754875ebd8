//! The level editor in the controller: opening and leaving it, its input, playing from it
//! (the editor's own state is `super::editing`'s).

use std::path::Path;

use tilecaster::bindings::Key;
use tilecaster::scene::menu::Menu;

use super::controller::{Controller, Effect};
use super::editing::{Asked, Editing, Modifiers};

/// How much larger than the game's the editor's frame is: the map and the view side by side
/// want the room, and a window that shows the game at twice its size shows the editor's
/// screen pixel for pixel.
const ENLARGED: u32 = 2;

impl Controller {
    /// Opens the editor on the level at `path` (a new level where no file is), over the game;
    /// why not said on the main menu.
    pub(in crate::app) fn edit(&mut self, path: &Path) {
        match Editing::open(path, self.sources.clone()) {
            Ok(editing) => self.start_editing(editing),
            Err(why) => {
                eprintln!("{why}");
                self.open_menu(Menu::main());
                self.notice = Some(format!("CANNOT EDIT: {why}").to_uppercase());
            }
        }
    }

    /// A file dropped on the window: in the editor, the level to edit next (dropped twice
    /// where the changes to this one are not saved); elsewhere nothing.
    pub(in crate::app) fn dropped(&mut self, path: &Path) {
        // (Not `shown_editor`: the sources are borrowed beside it.)
        let Some(editing) = self.editing.as_mut().filter(|e| !e.playing) else {
            return;
        };
        if editing.unsaved && editing.dropped.as_deref() != Some(path) {
            editing.dropped = Some(path.to_path_buf());
            editing.said = "not saved: drop it again to open it anyway, ctrl+s saves".into();
            return;
        }
        match Editing::open(path, self.sources.clone()) {
            Ok(opened) => *editing = opened,
            Err(why) => {
                editing.dropped = None;
                editing.said = format!("cannot open {}: {why}", path.display());
            }
        }
    }

    /// Shows `editing` (any menu closed, the mouse let go, the frame enlarged).
    pub(in crate::app) fn start_editing(&mut self, editing: Editing) {
        self.menu = None;
        self.editing = Some(editing);
        self.latch.release_all();
        self.effects.push(Effect::Grab(false));
        self.apply_settings();
    }

    /// The editor, while its screen is shown (not while a level is played from it).
    pub(in crate::app) fn shown_editor(&mut self) -> Option<&mut Editing> {
        self.editing.as_mut().filter(|e| !e.playing)
    }

    /// The frame size the editor's screen wants, while it is shown: the game's, enlarged.
    pub(in crate::app) fn editor_size(&self) -> Option<(u32, u32)> {
        self.editing.as_ref().filter(|e| !e.playing)?;
        Some((self.base_size.0 * ENLARGED, self.base_size.1 * ENLARGED))
    }

    /// A key pressed while the editor is open: `true` where the editor took it. Playing from
    /// the editor, Escape comes back to it and every other key is the game's.
    pub(in crate::app) fn editor_key(&mut self, key: Key, repeat: bool) -> bool {
        let Some(editing) = &mut self.editing else {
            return false;
        };
        if editing.playing {
            if key != Key::Escape || self.menu.is_some() {
                return false;
            }
            editing.playing = false;
            editing.said = "back from playing".into();
            self.latch.release_all();
            self.effects.push(Effect::Grab(false));
            self.apply_settings();
            return true;
        }
        self.latch.press(key, repeat, &self.settings.keys);
        let arrow = matches!(key, Key::Left | Key::Right | Key::Up | Key::Down);
        if repeat && !arrow {
            return true;
        }
        let held = |a: Key, b: Key| self.latch.is_held(a) || self.latch.is_held(b);
        let modifiers = Modifiers {
            ctrl: held(Key::CtrlLeft, Key::CtrlRight),
            shift: held(Key::ShiftLeft, Key::ShiftRight),
        };
        self.editor_asked(key, modifiers);
        true
    }

    /// The editor's screen does what `key` (with `modifiers` held) does: a key pressed, or a
    /// button of the page's editor bar.
    pub(in crate::app) fn editor_asked(&mut self, key: Key, modifiers: Modifiers) {
        let Some(editing) = &mut self.editing else {
            return;
        };
        match editing.key(key, modifiers) {
            Asked::Nothing => {}
            Asked::Play => {
                if let Ok(session) = editing.play_session() {
                    editing.playing = true;
                    self.latch.release_all();
                    self.apply_settings();
                    self.play_alone(session);
                    self.clock.restart();
                }
            }
            Asked::Leave => {
                self.editing = None;
                self.apply_settings();
                self.open_menu(Menu::main());
            }
        }
    }

    /// A mouse button pressed or let go while the editor's screen is shown: `true` where the
    /// editor took it.
    pub(in crate::app) fn editor_button(&mut self, key: Key, down: bool) -> bool {
        let Some(editing) = self.shown_editor() else {
            return false;
        };
        match key {
            Key::Mouse(1) => editing.left_button(down),
            Key::Mouse(2) if down => editing.right_button(),
            _ => {}
        }
        true
    }

    /// The pointer moved: the editor's, where its screen is shown.
    pub(in crate::app) fn editor_pointer(&mut self, at: Option<(f64, f64)>) -> bool {
        let Some(editing) = self.shown_editor() else {
            return false;
        };
        editing.pointer(at);
        true
    }

    /// The wheel turned: the editor's, where its screen is shown.
    pub(in crate::app) fn editor_wheel(&mut self, notches: f64) -> bool {
        let Some(editing) = self.shown_editor() else {
            return false;
        };
        editing.wheel(notches);
        true
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use tilecaster::bindings::Key;
    use tilecaster::grid::Cell;
    use tilecaster::scene::menu::{Menu, MenuInput};

    use crate::app::controller::tests::{controller, scratch};
    use crate::app::editing::tests::{at, on_map};

    /// The controller: the main menu's EDIT A LEVEL opens the editor on the level behind it,
    /// the frame enlarged; P plays from the camera, Escape comes back to the editor; Escape
    /// with changes unsaved asks again, then leaves for the main menu at the game's size.
    #[test]
    fn the_menu_opens_the_editor_play_comes_back_and_escape_leaves() {
        let dir = scratch("edit-menu");
        let mut ctl = controller(&dir, Some(Menu::main()));
        ctl.base_size = (640, 400);
        ctl.menu_input(MenuInput::Down);
        ctl.menu_input(MenuInput::Down);
        ctl.menu_input(MenuInput::Select);
        let editing = ctl.editing.as_ref().expect("the editor open");
        assert_eq!(editing.editor.draft().path(), Path::new("levels/e1m1.toml"));
        assert!(ctl.menu.is_none());
        assert_eq!(ctl.view.frame.width(), 1280, "twice the game's 640");
        ctl.compose();
        // A wall painted at the start's cell (the mouse through the controller), then P: the
        // level cannot be played without a start, and says so.
        let start = ctl.session().game.seat().player.position;
        let e = ctl.editing.as_mut().unwrap();
        e.camera.0 = start;
        let cell = Cell::new(start.x as i32, start.y as i32);
        let over = on_map(e, cell.x, cell.y);
        let before = at(e, cell.x, cell.y);
        ctl.pointer(Some(over));
        ctl.button(Key::Mouse(1), true);
        ctl.button(Key::Mouse(1), false);
        assert_ne!(at(ctl.editing.as_ref().unwrap(), cell.x, cell.y), before);
        ctl.key(Some(Key::Letter(b'P')), true, false);
        let e = ctl.editing.as_ref().unwrap();
        assert!(!e.playing && e.said.contains("cannot play"), "{}", e.said);
        // Undone (Ctrl+Z through the controller), then played from the camera.
        ctl.key(Some(Key::CtrlLeft), true, false);
        ctl.key(Some(Key::Letter(b'Z')), true, false);
        ctl.key(Some(Key::CtrlLeft), false, false);
        ctl.key(Some(Key::Letter(b'P')), true, false);
        assert!(ctl.editing.as_ref().unwrap().playing);
        assert_eq!(ctl.view.frame.width(), 640, "the game's own size");
        assert_eq!(ctl.session().game.seat().player.position, cell.centre());
        ctl.key(Some(Key::Escape), true, false);
        assert!(
            ctl.menu.is_none(),
            "Escape came back to the editor, not the pause menu"
        );
        assert!(!ctl.editing.as_ref().unwrap().playing);
        // Played again, the pause button (a gamepad's Start, the page's touch ❚❚) comes back
        // to the editor too.
        ctl.key(Some(Key::Letter(b'P')), true, false);
        assert!(ctl.editing.as_ref().unwrap().playing);
        let start = crate::app::pad::PadButton::Start;
        ctl.gamepad_events(vec![crate::app::pad::PadEvent::Pressed(start)]);
        ctl.gamepad_events(vec![crate::app::pad::PadEvent::Released(start)]);
        assert!(
            ctl.menu.is_none(),
            "the pause button came back, not to the pause menu"
        );
        assert!(!ctl.editing.as_ref().unwrap().playing);
        // Changes made (the undone wall and its undo leave it unsaved): Escape asks, then leaves.
        ctl.key(Some(Key::Escape), true, false);
        assert!(ctl.editing.is_some(), "asked first");
        ctl.key(Some(Key::Escape), true, false);
        assert!(ctl.editing.is_none());
        assert!(ctl.menu.is_some(), "the main menu");
        assert_eq!(ctl.view.frame.width(), 640);
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A level dropped on the editor opens in it, asked twice over changes not saved; a file
    /// that is not a level is said and changes nothing.
    #[test]
    fn a_level_dropped_on_the_editor_opens_in_it() {
        let dir = scratch("edit-drop");
        let mut ctl = controller(&dir, None);
        ctl.base_size = (640, 400);
        ctl.edit(&dir.join("first.toml"));
        assert!(ctl.editing.as_ref().unwrap().unsaved, "a new level");
        let cloisters = Path::new("levels/e1m4.toml");
        ctl.dropped(cloisters);
        let e = ctl.editing.as_ref().unwrap();
        assert!(e.said.starts_with("not saved"), "{}", e.said);
        ctl.dropped(cloisters);
        let e = ctl.editing.as_ref().unwrap();
        assert_eq!(e.editor.draft().path(), cloisters);
        let garbage = dir.join("garbage.toml");
        std::fs::write(&garbage, "grid = 3 = 4").unwrap();
        ctl.dropped(&garbage);
        let e = ctl.editing.as_ref().unwrap();
        assert!(e.said.starts_with("cannot open"), "{}", e.said);
        assert_eq!(e.editor.draft().path(), cloisters, "the level open stays");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
