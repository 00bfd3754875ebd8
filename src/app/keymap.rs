//! The window's keys as the library names them ([`tilecaster::bindings`], where the key file is
//! read). The game itself takes Escape (pause), Tab (map), M (minimap), F3 (frame time), F4
//! (map debugging), F5 (reload), F11 and Alt+Enter (fullscreen), F12 (screenshot), and on the
//! map +, -, the wheel, I, J, K, L and Backspace (zoom and pan).

use tilecaster::bindings::Key;
use winit::keyboard::KeyCode;

pub use tilecaster::bindings::{Bindings, load};

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
const FUNCTIONS: [KeyCode; 12] = {
    use KeyCode::*;
    [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12]
};

/// The window's code for a key (`None` for a letter, digit or function number out of range).
pub fn code_of(key: Key) -> Option<KeyCode> {
    use KeyCode::*;
    Some(match key {
        Key::Letter(c) => *LETTERS.get(usize::from(c.checked_sub(b'A')?))?,
        Key::Digit(d) => *DIGITS.get(usize::from(d))?,
        Key::Function(n) => *FUNCTIONS.get(usize::from(n.checked_sub(1)?))?,
        Key::Up => ArrowUp,
        Key::Down => ArrowDown,
        Key::Left => ArrowLeft,
        Key::Right => ArrowRight,
        Key::Space => Space,
        Key::ShiftLeft => ShiftLeft,
        Key::ShiftRight => ShiftRight,
        Key::CtrlLeft => ControlLeft,
        Key::CtrlRight => ControlRight,
        Key::AltLeft => AltLeft,
        Key::AltRight => AltRight,
        Key::Tab => Tab,
        Key::Enter => Enter,
        Key::Backspace => Backspace,
    })
}

/// The key a window code stands for, if it can be bound.
pub fn key_of(code: KeyCode) -> Option<Key> {
    use KeyCode::*;
    let position = |list: &[KeyCode]| list.iter().position(|&c| c == code).map(|i| i as u8);
    if let Some(i) = position(&LETTERS) {
        return Some(Key::Letter(b'A' + i));
    }
    if let Some(i) = position(&DIGITS) {
        return Some(Key::Digit(i));
    }
    if let Some(i) = position(&FUNCTIONS) {
        return Some(Key::Function(i + 1));
    }
    Some(match code {
        ArrowUp => Key::Up,
        ArrowDown => Key::Down,
        ArrowLeft => Key::Left,
        ArrowRight => Key::Right,
        Space => Key::Space,
        ShiftLeft => Key::ShiftLeft,
        ShiftRight => Key::ShiftRight,
        ControlLeft => Key::CtrlLeft,
        ControlRight => Key::CtrlRight,
        AltLeft => Key::AltLeft,
        AltRight => Key::AltRight,
        Tab => Key::Tab,
        Enter => Key::Enter,
        Backspace => Key::Backspace,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_key_has_a_code_and_maps_back() {
        let mut names: Vec<String> = (b'A'..=b'Z').map(|c| char::from(c).to_string()).collect();
        names.extend((0..10).map(|d| d.to_string()));
        names.extend((1..=12).map(|n| format!("F{n}")));
        names.extend(
            [
                "Up",
                "Down",
                "Left",
                "Right",
                "Space",
                "Shift",
                "Ctrl",
                "Alt",
                "Tab",
                "Enter",
                "Backspace",
            ]
            .map(String::from),
        );
        let mut codes = std::collections::HashSet::new();
        for name in &names {
            for key in tilecaster::bindings::keys_named(name).unwrap() {
                let code = code_of(key).unwrap_or_else(|| panic!("{name}: no code"));
                assert_eq!(key_of(code), Some(key), "{name}");
                codes.insert(code);
            }
        }
        assert_eq!(codes.len(), 26 + 10 + 12 + 14, "distinct codes");
        assert_eq!(code_of(Key::Letter(b'a')), None);
        assert_eq!(code_of(Key::Function(0)), None);
        assert_eq!(key_of(KeyCode::Escape), None);
    }
}
