//! Key bindings: the documented defaults, or a TOML file that replaces some of them.
//!
//! ```toml
//! [keys]
//! forward = ["W", "Up"]
//! fire = ["Ctrl"]
//! ```
//! Actions: forward, back, strafe_left, strafe_right, turn_left, turn_right, run, use, fire,
//! pistol, launcher.
//! Names: letters A-Z, digits 0-9, Up, Down, Left, Right, Space, Shift, Ctrl, Alt, Tab, Enter,
//! Backspace, F1-F12. The game itself takes Escape (pause), Tab (map), M (minimap), F3
//! (frame time), F4 (map debugging), F5 (reload), F11 and Alt+Enter (fullscreen), F12
//! (screenshot), and on the map +, -, the wheel, I, J, K, L and Backspace (zoom and pan).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Result, anyhow};
use toml::Spanned;
use winit::keyboard::KeyCode;

/// The game's actions, each with the keys bound to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Bindings {
    pub forward: Vec<KeyCode>,
    pub back: Vec<KeyCode>,
    pub strafe_left: Vec<KeyCode>,
    pub strafe_right: Vec<KeyCode>,
    pub turn_left: Vec<KeyCode>,
    pub turn_right: Vec<KeyCode>,
    pub run: Vec<KeyCode>,
    pub use_: Vec<KeyCode>,
    pub fire: Vec<KeyCode>,
    pub pistol: Vec<KeyCode>,
    pub launcher: Vec<KeyCode>,
}

impl Bindings {
    /// The weapon number a key chooses (1 pistol, 2 launcher).
    pub fn weapon_number(&self, code: KeyCode) -> Option<u8> {
        if self.pistol.contains(&code) {
            Some(1)
        } else if self.launcher.contains(&code) {
            Some(2)
        } else {
            None
        }
    }
}

impl Default for Bindings {
    /// WASD and the arrows, Shift to run, E or Space to use, Ctrl to fire (and the left
    /// button), 1 and 2 for the weapons.
    fn default() -> Bindings {
        use KeyCode::*;
        Bindings {
            forward: vec![KeyW, ArrowUp],
            back: vec![KeyS, ArrowDown],
            strafe_left: vec![KeyA],
            strafe_right: vec![KeyD],
            turn_left: vec![ArrowLeft],
            turn_right: vec![ArrowRight],
            run: vec![ShiftLeft, ShiftRight],
            use_: vec![KeyE, Space],
            fire: vec![ControlLeft, ControlRight],
            pistol: vec![Digit1],
            launcher: vec![Digit2],
        }
    }
}

/// The key codes a name stands for (Shift, Ctrl and Alt mean both sides).
fn codes(name: &str) -> Option<Vec<KeyCode>> {
    use KeyCode::*;
    const LETTERS: [KeyCode; 26] = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO,
        KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    const DIGITS: [KeyCode; 10] = [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ];
    const F: [KeyCode; 12] = [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12];
    let upper = name.to_ascii_uppercase();
    let one = |c: KeyCode| Some(vec![c]);
    match upper.as_str() {
        "UP" => one(ArrowUp),
        "DOWN" => one(ArrowDown),
        "LEFT" => one(ArrowLeft),
        "RIGHT" => one(ArrowRight),
        "SPACE" => one(Space),
        "SHIFT" => Some(vec![ShiftLeft, ShiftRight]),
        "CTRL" => Some(vec![ControlLeft, ControlRight]),
        "ALT" => Some(vec![AltLeft, AltRight]),
        "TAB" => one(Tab),
        "ENTER" => one(Enter),
        "BACKSPACE" => one(Backspace),
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_uppercase() => {
            one(LETTERS[(s.as_bytes()[0] - b'A') as usize])
        }
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_digit() => {
            one(DIGITS[(s.as_bytes()[0] - b'0') as usize])
        }
        s if s.starts_with('F') => s[1..]
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=12).contains(n))
            .map(|n| vec![F[n - 1]]),
        _ => None,
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    keys: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
}

/// Reads bindings from TOML text; every action not listed keeps its default. Errors name the
/// file, line and column.
pub fn parse(text: &str, file: &Path) -> Result<Bindings> {
    let diagnostics = tilecaster::level::Diagnostics::new(&file.display().to_string(), text);
    let at = |offset: usize, message: String| {
        let (line, col) = diagnostics.position(offset);
        anyhow!("{}:{line}:{col}: {message}", file.display())
    };
    let parsed: File = toml::from_str(text).map_err(|e| {
        at(
            e.span().map_or(0, |s| s.start),
            e.message().trim().to_string(),
        )
    })?;
    let mut b = Bindings::default();
    for (action, keys) in &parsed.keys {
        let mut list = Vec::new();
        for key in keys {
            let found = codes(key.get_ref()).ok_or_else(|| {
                at(key.span().start, format!("unknown key '{}' (use A-Z, 0-9, Up, Down, Left, Right, Space, Shift, Ctrl, Alt, Tab, Enter, Backspace, F1-F12)", key.get_ref()))
            })?;
            list.extend(found);
        }
        let slot = match action.get_ref().as_str() {
            "forward" => &mut b.forward,
            "back" => &mut b.back,
            "strafe_left" => &mut b.strafe_left,
            "strafe_right" => &mut b.strafe_right,
            "turn_left" => &mut b.turn_left,
            "turn_right" => &mut b.turn_right,
            "run" => &mut b.run,
            "use" => &mut b.use_,
            "fire" => &mut b.fire,
            "pistol" => &mut b.pistol,
            "launcher" => &mut b.launcher,
            other => {
                return Err(at(
                    action.span().start,
                    format!(
                        "unknown action '{other}' (forward, back, strafe_left, strafe_right, turn_left, turn_right, run, use, fire, pistol, launcher)"
                    ),
                ));
            }
        };
        *slot = list;
    }
    Ok(b)
}

/// The bindings from `path`, or the defaults when it is `None`.
pub fn load(path: Option<&Path>) -> Result<Bindings> {
    match path {
        None => Ok(Bindings::default()),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| anyhow!("{}: cannot read: {e}", p.display()))?;
            parse(&text, p)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_replaces_the_listed_actions() {
        let b = parse(
            "[keys]\nforward = [\"I\", \"up\"]\nfire = [\"Space\"]\n",
            Path::new("keys.toml"),
        )
        .unwrap();
        assert_eq!(b.forward, [KeyCode::KeyI, KeyCode::ArrowUp]);
        assert_eq!(b.fire, [KeyCode::Space]);
        assert_eq!(b.back, Bindings::default().back);
    }

    proptest::proptest! {
        /// Arbitrary text and arbitrary bindings of arbitrary names: bindings or an error
        /// naming the file, never a panic.
        #[test]
        fn key_files_never_panic(
            text in proptest::prelude::any::<String>(),
            action in "[a-z_]{0,12}",
            names in proptest::collection::vec("[A-Za-z0-9 é]{0,6}", 0..4),
        ) {
            let _ = parse(&text, Path::new("k.toml"));
            let list: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
            let file = format!("[keys]\n{action} = [{}]\n", list.join(", "));
            if let Err(e) = parse(&file, Path::new("k.toml")) {
                proptest::prop_assert!(e.to_string().starts_with("k.toml:"), "{}", e);
            }
        }
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let e = parse("[keys]\nforward = [\"W\", \"Nope\"]\n", Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:2:17: unknown key 'Nope'"), "{e}");
        let e = parse("[keys]\njump = [\"J\"]\n", Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:2:1: unknown action 'jump'"), "{e}");
        let e = parse("[keys\n", Path::new("k.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:1:"), "{e}");
    }
}
