//! The window's keys and mouse buttons as the library names them ([`tilecaster::bindings`]):
//! bound by their physical position (winit's `KeyCode`), shown by the label the player's own
//! keyboard layout gives them (winit's logical key, learned as keys are pressed).

use std::collections::HashMap;

use tilecaster::bindings::Key;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

const LETTERS: [KeyCode; 26] = {
    use KeyCode::*;
    [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO,
        KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ]
};
const DIGITS: [KeyCode; 10] = {
    use KeyCode::*;
    [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ]
};
const NUMPAD: [KeyCode; 10] = {
    use KeyCode::*;
    [
        Numpad0, Numpad1, Numpad2, Numpad3, Numpad4, Numpad5, Numpad6, Numpad7, Numpad8, Numpad9,
    ]
};
const FUNCTIONS: [KeyCode; 12] = {
    use KeyCode::*;
    [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12]
};
/// The other keys, one to one.
const OTHERS: [(Key, KeyCode); 38] = {
    use KeyCode as C;
    [
        (Key::Up, C::ArrowUp),
        (Key::Down, C::ArrowDown),
        (Key::Left, C::ArrowLeft),
        (Key::Right, C::ArrowRight),
        (Key::Space, C::Space),
        (Key::ShiftLeft, C::ShiftLeft),
        (Key::ShiftRight, C::ShiftRight),
        (Key::CtrlLeft, C::ControlLeft),
        (Key::CtrlRight, C::ControlRight),
        (Key::AltLeft, C::AltLeft),
        (Key::AltRight, C::AltRight),
        (Key::Tab, C::Tab),
        (Key::Enter, C::Enter),
        (Key::Backspace, C::Backspace),
        (Key::Escape, C::Escape),
        (Key::Minus, C::Minus),
        (Key::Equal, C::Equal),
        (Key::Comma, C::Comma),
        (Key::Period, C::Period),
        (Key::Slash, C::Slash),
        (Key::Semicolon, C::Semicolon),
        (Key::Quote, C::Quote),
        (Key::Backquote, C::Backquote),
        (Key::BracketLeft, C::BracketLeft),
        (Key::BracketRight, C::BracketRight),
        (Key::Backslash, C::Backslash),
        (Key::Insert, C::Insert),
        (Key::Delete, C::Delete),
        (Key::Home, C::Home),
        (Key::End, C::End),
        (Key::PageUp, C::PageUp),
        (Key::PageDown, C::PageDown),
        (Key::NumpadAdd, C::NumpadAdd),
        (Key::NumpadSubtract, C::NumpadSubtract),
        (Key::NumpadEnter, C::NumpadEnter),
        // Keys some keyboards have in another place: the same actions.
        (Key::Backslash, C::IntlBackslash),
        (Key::Slash, C::IntlRo),
        (Key::Backslash, C::IntlYen),
    ]
};

/// The window's code for a key (`None` for mouse buttons and numbers out of range).
#[cfg(test)]
fn code_of(key: Key) -> Option<KeyCode> {
    let nth = |list: &[KeyCode], i: u8| list.get(usize::from(i)).copied();
    match key {
        Key::Letter(c) => nth(&LETTERS, c.checked_sub(b'A')?),
        Key::Digit(d) => nth(&DIGITS, d),
        Key::Numpad(d) => nth(&NUMPAD, d),
        Key::Function(n) => nth(&FUNCTIONS, n.checked_sub(1)?),
        Key::Mouse(_) => None,
        other => OTHERS.iter().find(|&&(k, _)| k == other).map(|&(_, c)| c),
    }
}

/// The key a window code stands for, if it can be bound.
pub fn key_of(code: KeyCode) -> Option<Key> {
    let position = |list: &[KeyCode]| list.iter().position(|&c| c == code).map(|i| i as u8);
    if let Some(i) = position(&LETTERS) {
        return Some(Key::Letter(b'A' + i));
    }
    if let Some(i) = position(&DIGITS) {
        return Some(Key::Digit(i));
    }
    if let Some(i) = position(&NUMPAD) {
        return Some(Key::Numpad(i));
    }
    if let Some(i) = position(&FUNCTIONS) {
        return Some(Key::Function(i + 1));
    }
    OTHERS.iter().find(|&&(_, c)| c == code).map(|&(k, _)| k)
}

/// The key a mouse button stands for.
pub fn mouse_key(button: MouseButton) -> Option<Key> {
    Some(Key::Mouse(match button {
        MouseButton::Left => 1,
        MouseButton::Right => 2,
        MouseButton::Middle => 3,
        MouseButton::Back => 4,
        MouseButton::Forward => 5,
        MouseButton::Other(_) => return None,
    }))
}

/// Keys' labels on the player's own keyboard layout, learned from the logical keys of the
/// presses seen (a key not pressed yet shows its US label).
#[derive(Debug, Default)]
pub struct KeyLabels {
    learned: HashMap<Key, String>,
}

impl KeyLabels {
    /// Learns what the layout prints on the key at `code`: the character it types without
    /// modifiers (named keys keep their own labels).
    pub fn learn(&mut self, code: KeyCode, logical: &winit::keyboard::Key) {
        let Some(key) = key_of(code) else { return };
        // Only printable characters are labels that differ between layouts.
        if let winit::keyboard::Key::Character(text) = logical {
            let label = text.to_uppercase();
            let printable = !label.is_empty()
                && label.chars().count() <= 2
                && label.chars().all(|c| !c.is_control() && !c.is_whitespace());
            if printable && (matches!(key, Key::Letter(_) | Key::Digit(_)) || is_punctuation(key)) {
                self.learned.insert(key, label);
            }
        }
    }

    /// How `key` is shown: the layout's label where learned, else the US one.
    pub fn label(&self, key: Key) -> String {
        self.learned
            .get(&key)
            .cloned()
            .unwrap_or_else(|| key.label())
    }
}

/// Whether the key is one whose printed character differs between layouts.
fn is_punctuation(key: Key) -> bool {
    matches!(
        key,
        Key::Minus
            | Key::Equal
            | Key::Comma
            | Key::Period
            | Key::Slash
            | Key::Semicolon
            | Key::Quote
            | Key::Backquote
            | Key::BracketLeft
            | Key::BracketRight
            | Key::Backslash
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilecaster::bindings::ACTIONS;
    use winit::keyboard::NamedKey;

    #[test]
    fn every_key_has_a_code_or_button_and_maps_back() {
        let mut keys: Vec<Key> = (b'A'..=b'Z').map(Key::Letter).collect();
        keys.extend((0..10).map(Key::Digit));
        keys.extend((0..10).map(Key::Numpad));
        keys.extend((1..=12).map(Key::Function));
        keys.extend(OTHERS.iter().map(|&(k, _)| k));
        let mut codes = std::collections::HashSet::new();
        for &key in &keys {
            let code = code_of(key).unwrap_or_else(|| panic!("{key:?}: no code"));
            assert_eq!(key_of(code), Some(key), "{key:?}");
            codes.insert(code);
        }
        assert_eq!(codes.len(), 26 + 10 + 10 + 12 + 35, "distinct codes");
        for info in &ACTIONS {
            for &key in info.defaults {
                assert!(
                    code_of(key).is_some() || key.is_mouse(),
                    "{key:?} of {}",
                    info.name
                );
            }
        }
        assert_eq!(code_of(Key::Letter(b'a')), None);
        assert_eq!(code_of(Key::Function(0)), None);
        assert_eq!(key_of(KeyCode::CapsLock), None);
        assert_eq!(mouse_key(MouseButton::Right), Some(Key::Mouse(2)));
    }

    #[test]
    fn labels_follow_the_layout_once_a_key_is_pressed() {
        let mut labels = KeyLabels::default();
        assert_eq!(labels.label(Key::Letter(b'Q')), "Q");
        // The key at Q's place on an AZERTY keyboard types "a".
        labels.learn(KeyCode::KeyQ, &winit::keyboard::Key::Character("a".into()));
        assert_eq!(labels.label(Key::Letter(b'Q')), "A");
        labels.learn(
            KeyCode::Semicolon,
            &winit::keyboard::Key::Character("m".into()),
        );
        assert_eq!(labels.label(Key::Semicolon), "M");
        labels.learn(
            KeyCode::ShiftLeft,
            &winit::keyboard::Key::Named(NamedKey::Shift),
        );
        assert_eq!(labels.label(Key::ShiftLeft), "SHIFT");
    }
}
