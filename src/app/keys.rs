//! Input from the window to the controller: keys, mouse buttons, the pointer, the wheel and
//! the focus, each to the menu shown or to the game (its actions latched, the window's own
//! carried out).

use tilecaster::bindings::{Action, Key};
use tilecaster::scene::menu::{Menu, MenuInput, Page};

use super::controller::{Controller, Effect};

impl Controller {
    /// A key pressed or released (`None`: one the game does not know): to the menu shown, or
    /// to the game.
    pub(super) fn key(&mut self, key: Option<Key>, down: bool, repeat: bool) {
        if !down {
            if let Some(key) = key {
                self.latch.release(key);
            }
            return;
        }
        if self.view.chat.is_some() {
            if let Some(key) = key {
                self.chat_key(key);
            }
            return;
        }
        if key.is_some_and(|key| self.editor_key(key, repeat)) {
            return;
        }
        if self.menu.is_some() {
            if repeat && self.menu.as_ref().is_some_and(Menu::waiting_for_key) {
                return;
            }
            if let Some(input) = self.menu_key(key) {
                self.menu_input(input);
            }
            return;
        }
        if let Some(key) = key {
            self.pressed(key, repeat);
        }
    }

    /// A key pressed while a line of chat is typed: letters, digits and a few marks typed
    /// (up to the line's length), Backspace deletes, Enter says it to the others, Escape
    /// drops it.
    fn chat_key(&mut self, key: Key) {
        let Some(line) = &mut self.view.chat else {
            return;
        };
        let typed = match key {
            Key::Letter(c) => Some(char::from(c)),
            Key::Digit(d) | Key::Numpad(d) => char::from_digit(u32::from(d), 10),
            Key::Period => Some('.'),
            Key::Comma => Some(','),
            Key::Space => Some(' '),
            Key::Minus => Some('-'),
            Key::Quote => Some('\''),
            _ => None,
        };
        match (key, typed) {
            (_, Some(c)) if line.chars().count() < tilecaster::net::text::CHAT_CHARS => {
                line.push(c);
            }
            (Key::Backspace | Key::Delete, _) => {
                line.pop();
            }
            (Key::Enter | Key::NumpadEnter, _) => {
                let said = std::mem::take(line);
                self.view.chat = None;
                self.run.say(&said);
            }
            (Key::Escape, _) => self.view.chat = None,
            _ => {}
        }
    }

    /// A mouse button pressed or released: a menu's click, back or binding; the first click
    /// of a game takes the mouse; later ones do what they are bound to.
    pub(super) fn button(&mut self, key: Key, down: bool) {
        if self.editor_button(key, down) {
            return;
        }
        if !down {
            self.latch.release(key);
        } else if let Some(menu) = &self.menu {
            let input = if menu.waiting_for_key() {
                Some(MenuInput::Bind(key))
            } else if key == Key::Mouse(1) {
                self.overlays.pointer.map(|(x, y)| MenuInput::Click(x, y))
            } else if key == Key::Mouse(2) {
                Some(MenuInput::Back)
            } else {
                None
            };
            if let Some(input) = input {
                self.menu_input(input);
            }
        } else if !self.grabbed && key == Key::Mouse(1) {
            self.effects.push(Effect::Grab(true));
        } else {
            self.pressed(key, false);
        }
    }

    /// The mouse pointer over the frame (frame pixels), or off it.
    pub(super) fn pointer(&mut self, at: Option<(f64, f64)>) {
        let before = std::mem::replace(&mut self.overlays.pointer, at);
        if self.editor_pointer(at) {
            return;
        }
        // Only a pointer that moved chooses a menu's line: the first report after the window
        // opens, or after the pointer comes back over the frame, is of a mouse that may lie
        // still on QUIT, and Enter would then quit.
        let moved = before.is_some_and(|before| Some(before) != at);
        if let Some((x, y)) = at.filter(|_| moved && self.menu.is_some()) {
            self.menu_input(MenuInput::Point(x, y));
        }
    }

    /// The mouse wheel turned by `notches` (up positive): a menu's line, or the map's zoom.
    pub(super) fn wheel(&mut self, notches: f64) {
        if self.editor_wheel(notches) {
            return;
        }
        if self.menu.is_some() {
            if notches.abs() >= 0.5 {
                let way = if notches > 0.0 {
                    MenuInput::Up
                } else {
                    MenuInput::Down
                };
                self.menu_input(way);
            }
        } else if self.overlays.map {
            self.overlays.zoom_by(notches);
        }
    }

    /// The window lost the focus: every key let go, the mouse too.
    pub(super) fn focus_lost(&mut self) {
        self.latch.release_all();
        self.effects.push(Effect::Grab(false));
    }

    /// A key or mouse button pressed (not a repeat, not synthetic) while playing: the game's
    /// actions are latched, the window's own are carried out.
    pub(super) fn pressed(&mut self, key: Key, repeat: bool) {
        self.latch.press(key, repeat, &self.settings.keys);
        if repeat {
            return;
        }
        let alt = self.latch.is_held(Key::AltLeft) || self.latch.is_held(Key::AltRight);
        if alt && key == Key::Enter {
            return self.toggle_fullscreen();
        }
        let actions: Vec<Action> = self.settings.keys.actions_of(key).collect();
        for action in actions {
            self.act(action);
        }
    }

    /// What a key does in the menu: bound while one is awaited, else the menus' own keys
    /// (arrows, Enter, Escape, Backspace; the menu key backs out too). `None` for a key the
    /// game does not know.
    pub(super) fn menu_key(&self, key: Option<Key>) -> Option<MenuInput> {
        let menu = self.menu.as_ref()?;
        if menu.waiting_for_key() {
            return Some(match key? {
                Key::Escape => MenuInput::Back,
                key => MenuInput::Bind(key),
            });
        }
        // Typing a high score's name or the player's: letters, digits, space, '-', '.' and
        // an apostrophe are typed; an address to join: digits, '.', ':' (the semicolon's
        // key), hexadecimal letters, brackets, and a space before the host's code.
        let address = menu.editing() == Some(tilecaster::scene::menu::Field::Address);
        if menu.page() == Page::NameEntry || menu.editing().is_some() {
            let typed = match key? {
                Key::Letter(c) => Some(char::from(c)),
                Key::Digit(d) | Key::Numpad(d) => char::from_digit(u32::from(d), 10),
                Key::Period => Some('.'),
                Key::Space => Some(' '),
                Key::Minus if !address => Some('-'),
                Key::Quote if !address => Some('\''),
                Key::Semicolon if address => Some(':'),
                Key::BracketLeft if address => Some('['),
                Key::BracketRight if address => Some(']'),
                _ => None,
            };
            if let Some(c) = typed {
                return Some(MenuInput::Type(c));
            }
        }
        Some(match key? {
            Key::Up => MenuInput::Up,
            Key::Down => MenuInput::Down,
            Key::Left => MenuInput::Left,
            Key::Right => MenuInput::Right,
            Key::Enter | Key::NumpadEnter | Key::Space => MenuInput::Select,
            Key::Escape => MenuInput::Back,
            Key::Backspace | Key::Delete => MenuInput::Clear,
            key if self.settings.keys.is_bound(Action::Menu, key) => MenuInput::Back,
            _ => return None,
        })
    }
}
