//! The editor in the controller: opening and leaving it, its input, playing from it.

use std::path::Path;

use tilecaster::bindings::Key;
use tilecaster::scene::menu::Menu;

use super::{Asked, Editing, Modifiers};
use crate::app::controller::{Controller, Effect};

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

    /// Shows `editing` (any menu closed, the mouse let go, the frame enlarged).
    pub(in crate::app) fn start_editing(&mut self, editing: Editing) {
        self.menu = None;
        self.editing = Some(editing);
        self.latch.release_all();
        self.effects.push(Effect::Grab(false));
        self.apply_settings();
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
        true
    }

    /// A mouse button pressed or let go while the editor's screen is shown: `true` where the
    /// editor took it.
    pub(in crate::app) fn editor_button(&mut self, key: Key, down: bool) -> bool {
        let Some(editing) = self.editing.as_mut().filter(|e| !e.playing) else {
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
        let Some(editing) = self.editing.as_mut().filter(|e| !e.playing) else {
            return false;
        };
        editing.pointer(at);
        true
    }

    /// The wheel turned: the editor's, where its screen is shown.
    pub(in crate::app) fn editor_wheel(&mut self, notches: f64) -> bool {
        let Some(editing) = self.editing.as_mut().filter(|e| !e.playing) else {
            return false;
        };
        editing.wheel(notches);
        true
    }
}
