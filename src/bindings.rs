//! Key bindings: every action of the game and of its window, with the keys and mouse buttons
//! bound to it. The defaults are one table ([`ACTIONS`]), which the settings file
//! ([`crate::settings`], its `[keys]` table) changes action by action, the Options menu
//! rebinds, and `tilecaster --help` prints.
//!
//! Keys are named independently of any window system, by their *position* as printed on a US
//! keyboard (the key left of S is "A" whatever a French keyboard prints on it); the window
//! shows each key by the label of the player's own layout.
//!
//! ```
//! use tilecaster::bindings::{Action, Bindings, Key};
//!
//! let mut b = Bindings::default();
//! assert_eq!(b.keys(Action::Forward), [Key::Letter(b'W'), Key::Up]);
//! b.bind(Action::Fire, 0, Key::Space);
//! assert_eq!(b.keys(Action::Fire)[0], Key::Space);
//! assert!(!b.keys(Action::Use).contains(&Key::Space), "a key does one thing");
//! ```

/// A key or mouse button, by its position on a US keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// A letter key, `b'A'` to `b'Z'`.
    Letter(u8),
    /// A digit key on the main row, 0 to 9.
    Digit(u8),
    /// A function key, F1 to F12.
    Function(u8),
    /// A digit on the numeric keypad, 0 to 9.
    Numpad(u8),
    /// A mouse button: 1 left, 2 right, 3 middle, 4 back, 5 forward.
    Mouse(u8),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// The space bar.
    Space,
    /// Left Shift.
    ShiftLeft,
    /// Right Shift.
    ShiftRight,
    /// Left Ctrl.
    CtrlLeft,
    /// Right Ctrl.
    CtrlRight,
    /// Left Alt.
    AltLeft,
    /// Right Alt.
    AltRight,
    /// Tab.
    Tab,
    /// Enter.
    Enter,
    /// Backspace.
    Backspace,
    /// Escape.
    Escape,
    /// The minus key right of 0.
    Minus,
    /// The equals (plus) key left of Backspace.
    Equal,
    /// Comma.
    Comma,
    /// Period.
    Period,
    /// Slash.
    Slash,
    /// Semicolon.
    Semicolon,
    /// The quote key right of the semicolon.
    Quote,
    /// The key left of 1.
    Backquote,
    /// Left bracket.
    BracketLeft,
    /// Right bracket.
    BracketRight,
    /// Backslash.
    Backslash,
    /// Insert.
    Insert,
    /// Delete.
    Delete,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// The keypad's plus.
    NumpadAdd,
    /// The keypad's minus.
    NumpadSubtract,
    /// The keypad's Enter.
    NumpadEnter,
}

/// The keys with plain names, each with its name (the settings file's spelling).
const NAMED: [(Key, &str); 34] = [
    (Key::Up, "Up"),
    (Key::Down, "Down"),
    (Key::Left, "Left"),
    (Key::Right, "Right"),
    (Key::Space, "Space"),
    (Key::ShiftLeft, "LeftShift"),
    (Key::ShiftRight, "RightShift"),
    (Key::CtrlLeft, "LeftCtrl"),
    (Key::CtrlRight, "RightCtrl"),
    (Key::AltLeft, "LeftAlt"),
    (Key::AltRight, "RightAlt"),
    (Key::Tab, "Tab"),
    (Key::Enter, "Enter"),
    (Key::Backspace, "Backspace"),
    (Key::Escape, "Escape"),
    (Key::Minus, "Minus"),
    (Key::Equal, "Equal"),
    (Key::Comma, "Comma"),
    (Key::Period, "Period"),
    (Key::Slash, "Slash"),
    (Key::Semicolon, "Semicolon"),
    (Key::Quote, "Quote"),
    (Key::Backquote, "Backquote"),
    (Key::BracketLeft, "LeftBracket"),
    (Key::BracketRight, "RightBracket"),
    (Key::Backslash, "Backslash"),
    (Key::Insert, "Insert"),
    (Key::Delete, "Delete"),
    (Key::Home, "Home"),
    (Key::End, "End"),
    (Key::PageUp, "PageUp"),
    (Key::PageDown, "PageDown"),
    (Key::NumpadAdd, "NumpadAdd"),
    (Key::NumpadSubtract, "NumpadSubtract"),
];

/// Names that stand for both keys of a pair.
const PAIRS: [(&str, Key, Key); 3] = [
    ("Shift", Key::ShiftLeft, Key::ShiftRight),
    ("Ctrl", Key::CtrlLeft, Key::CtrlRight),
    ("Alt", Key::AltLeft, Key::AltRight),
];

/// What the names accepted are, for error messages.
pub const KEY_NAMES_HELP: &str = "A-Z, 0-9, F1-F12, Numpad0-Numpad9, Mouse1-Mouse5 (left, right, middle, back, forward), \
Up, Down, Left, Right, Space, Shift, Ctrl, Alt (or LeftShift, RightCtrl, ...), Tab, Enter, Backspace, Escape, Minus, \
Equal, Comma, Period, Slash, Semicolon, Quote, Backquote, LeftBracket, RightBracket, Backslash, Insert, Delete, \
Home, End, PageUp, PageDown, NumpadAdd, NumpadSubtract, NumpadEnter";

impl Key {
    /// The key's name in the settings file (`"W"`, `"F5"`, `"Mouse1"`, `"LeftShift"`).
    pub fn name(self) -> String {
        match self {
            Key::Letter(c) => char::from(c).to_string(),
            Key::Digit(d) => d.to_string(),
            Key::Function(n) => format!("F{n}"),
            Key::Numpad(d) => format!("Numpad{d}"),
            Key::Mouse(n) => format!("Mouse{n}"),
            Key::NumpadEnter => "NumpadEnter".into(),
            named => NAMED
                .iter()
                .find(|&&(k, _)| k == named)
                .map_or_else(String::new, |&(_, n)| n.into()),
        }
    }

    /// How the key is shown to a player on a US keyboard: `"W"`, `"SHIFT"`, `"MOUSE LEFT"`.
    /// (The window shows the label of the player's own layout where it knows it.)
    pub fn label(self) -> String {
        match self {
            Key::Mouse(1) => "MOUSE LEFT".into(),
            Key::Mouse(2) => "MOUSE RIGHT".into(),
            Key::Mouse(3) => "MOUSE MIDDLE".into(),
            Key::Mouse(n) => format!("MOUSE {n}"),
            Key::ShiftLeft | Key::ShiftRight => "SHIFT".into(),
            Key::CtrlLeft | Key::CtrlRight => "CTRL".into(),
            Key::AltLeft | Key::AltRight => "ALT".into(),
            Key::Escape => "ESC".into(),
            Key::Minus => "-".into(),
            Key::Equal => "=".into(),
            Key::Comma => ",".into(),
            Key::Period => ".".into(),
            Key::Slash => "/".into(),
            Key::Semicolon => ";".into(),
            Key::Quote => "'".into(),
            Key::Backquote => "`".into(),
            Key::BracketLeft => "[".into(),
            Key::BracketRight => "]".into(),
            Key::Backslash => "\\".into(),
            Key::NumpadAdd => "KEYPAD +".into(),
            Key::NumpadSubtract => "KEYPAD -".into(),
            Key::NumpadEnter => "KEYPAD ENTER".into(),
            Key::Numpad(d) => format!("KEYPAD {d}"),
            other => other.name().to_ascii_uppercase(),
        }
    }

    /// Whether this is a mouse button.
    pub fn is_mouse(self) -> bool {
        matches!(self, Key::Mouse(_))
    }
}

/// The keys a name stands for (Shift, Ctrl and Alt mean both sides), in any case.
///
/// ```
/// use tilecaster::bindings::{Key, keys_named};
/// assert_eq!(keys_named("ctrl"), Some(vec![Key::CtrlLeft, Key::CtrlRight]));
/// assert_eq!(keys_named("mouse2"), Some(vec![Key::Mouse(2)]));
/// assert_eq!(keys_named("F13"), None);
/// ```
pub fn keys_named(name: &str) -> Option<Vec<Key>> {
    let upper = name.to_ascii_uppercase();
    if let Some(&(_, a, b)) = PAIRS.iter().find(|(n, ..)| n.eq_ignore_ascii_case(name)) {
        return Some(vec![a, b]);
    }
    if let Some(&(key, _)) = NAMED.iter().find(|(_, n)| n.eq_ignore_ascii_case(name)) {
        return Some(vec![key]);
    }
    if upper == "NUMPADENTER" {
        return Some(vec![Key::NumpadEnter]);
    }
    let number = |prefix: &str, range: std::ops::RangeInclusive<u8>| {
        let digits = upper.strip_prefix(prefix)?;
        // One or two plain digits: no signs, spaces or leading zeros ("F05").
        let plain = digits.bytes().all(|b| b.is_ascii_digit());
        if !plain
            || digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0') && digits.len() > 1
        {
            return None;
        }
        let n: u8 = digits.parse().ok()?;
        range.contains(&n).then_some(n)
    };
    let bytes = upper.as_bytes();
    if bytes.len() == 1 && bytes[0].is_ascii_uppercase() {
        return Some(vec![Key::Letter(bytes[0])]);
    }
    if bytes.len() == 1 && bytes[0].is_ascii_digit() {
        return Some(vec![Key::Digit(bytes[0] - b'0')]);
    }
    if let Some(n) = number("NUMPAD", 0..=9) {
        return Some(vec![Key::Numpad(n)]);
    }
    if let Some(n) = number("MOUSE", 1..=5) {
        return Some(vec![Key::Mouse(n)]);
    }
    number("F", 1..=12).map(|n| vec![Key::Function(n)])
}

/// The names that write `keys` back (a pair of sides as one name where both are there).
pub fn names_of(keys: &[Key]) -> Vec<String> {
    let mut names = Vec::new();
    let mut done = Vec::new();
    for &key in keys {
        if done.contains(&key) {
            continue;
        }
        if let Some(&(name, a, b)) = PAIRS.iter().find(|(_, a, b)| *a == key || *b == key) {
            if keys.contains(&a) && keys.contains(&b) {
                done.extend([a, b]);
                names.push(name.to_string());
                continue;
            }
        }
        done.push(key);
        names.push(key.name());
    }
    names
}

/// An action of the game or its window that keys can be bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Walk forward.
    Forward,
    /// Walk back.
    Back,
    /// Step left.
    StrafeLeft,
    /// Step right.
    StrafeRight,
    /// Turn left.
    TurnLeft,
    /// Turn right.
    TurnRight,
    /// Run while held (walk, with the always-run setting).
    Run,
    /// While held, the turning keys and the mouse step sideways instead.
    Strafe,
    /// Open doors, push walls, press the exit switch.
    Use,
    /// Fire the weapon in hand.
    Fire,
    /// Take the knife.
    Knife,
    /// Take the pistol.
    Pistol,
    /// Take the machine gun.
    MachineGun,
    /// Take the chaingun.
    Chaingun,
    /// Take the launcher.
    Launcher,
    /// The pause menu (and back to the game).
    Menu,
    /// The map from above instead of the eye's view.
    Map,
    /// The minimap in a corner.
    Minimap,
    /// The map closer.
    ZoomIn,
    /// The map farther.
    ZoomOut,
    /// The map back to its first zoom, on the player.
    MapReset,
    /// Pan the map up.
    PanUp,
    /// Pan the map left.
    PanLeft,
    /// Pan the map down.
    PanDown,
    /// Pan the map right.
    PanRight,
    /// Save the game to the quick save.
    QuickSave,
    /// Load the quick save.
    QuickLoad,
    /// Sound off or on.
    Mute,
    /// Fullscreen on or off.
    Fullscreen,
    /// Save the frame as a PNG.
    Screenshot,
    /// The frame-time profiler.
    Profiler,
    /// The maps' debug layers (traversal traces, sight lines, visibility).
    MapDebug,
    /// Reload the level and its textures.
    Reload,
    /// The ray probe on the map, toward the mouse pointer.
    Probe,
    /// The probe's walk one cell further.
    ProbeNext,
    /// The probe's walk one cell back.
    ProbeBack,
    /// A line of chat to the other players (a networked game).
    Chat,
}

/// An action's row in the table: how the settings file names it, what the menu and `--help`
/// call it, and its default keys.
#[derive(Clone, Copy, Debug)]
pub struct ActionInfo {
    /// The action.
    pub action: Action,
    /// Its name in the settings file's `[keys]` table.
    pub name: &'static str,
    /// What it does, as the Options menu and `--help` say it.
    pub label: &'static str,
    /// Its keys unless the settings say otherwise.
    pub defaults: &'static [Key],
}

const fn row(
    action: Action,
    name: &'static str,
    label: &'static str,
    defaults: &'static [Key],
) -> ActionInfo {
    ActionInfo {
        action,
        name,
        label,
        defaults,
    }
}

/// Every action, in the order the Options menu and `--help` list them, with its defaults.
pub const ACTIONS: [ActionInfo; 37] = {
    use Action::*;
    use Key::*;
    [
        row(Forward, "forward", "walk forward", &[Letter(b'W'), Up]),
        row(Back, "back", "walk back", &[Letter(b'S'), Down]),
        row(StrafeLeft, "strafe_left", "step left", &[Letter(b'A')]),
        row(StrafeRight, "strafe_right", "step right", &[Letter(b'D')]),
        row(TurnLeft, "turn_left", "turn left", &[Left]),
        row(TurnRight, "turn_right", "turn right", &[Right]),
        row(Run, "run", "run (hold)", &[ShiftLeft, ShiftRight]),
        row(
            Strafe,
            "strafe",
            "turn keys strafe (hold)",
            &[AltLeft, AltRight],
        ),
        row(Use, "use", "open, push, press", &[Letter(b'E'), Space]),
        row(Fire, "fire", "fire", &[CtrlLeft, CtrlRight, Mouse(1)]),
        row(Knife, "knife", "knife", &[Digit(1)]),
        row(Pistol, "pistol", "pistol", &[Digit(2)]),
        row(MachineGun, "machine_gun", "machine gun", &[Digit(3)]),
        row(Chaingun, "chaingun", "chaingun", &[Digit(4)]),
        row(Launcher, "launcher", "launcher", &[Digit(5)]),
        row(Menu, "menu", "pause menu", &[Escape]),
        row(Map, "map", "map", &[Tab]),
        row(Minimap, "minimap", "minimap", &[Letter(b'M')]),
        row(ZoomIn, "zoom_in", "map closer", &[Equal, NumpadAdd]),
        row(ZoomOut, "zoom_out", "map farther", &[Minus, NumpadSubtract]),
        row(MapReset, "map_reset", "map recentred", &[Backspace]),
        row(PanUp, "pan_up", "map panned up", &[Letter(b'I')]),
        row(PanLeft, "pan_left", "map panned left", &[Letter(b'J')]),
        row(PanDown, "pan_down", "map panned down", &[Letter(b'K')]),
        row(PanRight, "pan_right", "map panned right", &[Letter(b'L')]),
        row(QuickSave, "quick_save", "quick save", &[Function(6)]),
        row(QuickLoad, "quick_load", "quick load", &[Function(9)]),
        row(Mute, "mute", "sound off/on", &[Function(8)]),
        row(Fullscreen, "fullscreen", "fullscreen", &[Function(11)]),
        row(Screenshot, "screenshot", "screenshot", &[Function(12)]),
        row(Profiler, "profiler", "frame profiler", &[Function(3)]),
        row(MapDebug, "map_debug", "map debug layers", &[Function(4)]),
        row(Reload, "reload", "reload level", &[Function(5)]),
        row(Probe, "probe", "ray probe", &[Function(7)]),
        row(ProbeNext, "probe_next", "probe step on", &[Period]),
        row(ProbeBack, "probe_back", "probe step back", &[Comma]),
        row(Chat, "chat", "say (network game)", &[Letter(b'T')]),
    ]
};

impl Action {
    /// The action's row in [`ACTIONS`].
    pub fn info(self) -> &'static ActionInfo {
        &ACTIONS[self as usize]
    }

    /// The action a settings-file name stands for.
    pub fn named(name: &str) -> Option<Action> {
        ACTIONS.iter().find(|a| a.name == name).map(|a| a.action)
    }
}

/// The keys bound to each action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// Indexed by `Action as usize`.
    keys: Vec<Vec<Key>>,
}

impl Default for Bindings {
    /// The table's defaults: WASD and the arrows, Shift to run, E or Space to use, Ctrl or the
    /// left button to fire, 1 to 5 for the weapons, Escape for the menu, Tab for the map.
    fn default() -> Bindings {
        Bindings {
            keys: ACTIONS.iter().map(|a| a.defaults.to_vec()).collect(),
        }
    }
}

impl Bindings {
    /// The keys bound to `action`, in order.
    pub fn keys(&self, action: Action) -> &[Key] {
        &self.keys[action as usize]
    }

    /// Binds exactly `keys` to `action`.
    pub fn set(&mut self, action: Action, keys: Vec<Key>) {
        self.keys[action as usize] = keys;
    }

    /// The keys of `action` in the places the Options menu shows: each key alone, but the
    /// two sides of Shift, Ctrl or Alt together in one place.
    pub fn slots(&self, action: Action) -> Vec<Vec<Key>> {
        let keys = self.keys(action);
        let mut slots: Vec<Vec<Key>> = Vec::new();
        for &key in keys {
            let partner = PAIRS.iter().find_map(|&(_, a, b)| match key {
                k if k == a => Some(b),
                k if k == b => Some(a),
                _ => None,
            });
            match partner.and_then(|p| slots.iter_mut().find(|s| s == &&[p])) {
                Some(slot) => slot.push(key),
                None => slots.push(vec![key]),
            }
        }
        slots
    }

    /// Binds `key` to `action` in its `slot`th place (see [`Bindings::slots`]; past the end:
    /// added), and takes it from every other action: a key does one thing.
    pub fn bind(&mut self, action: Action, slot: usize, key: Key) {
        for keys in &mut self.keys {
            keys.retain(|&k| k != key);
        }
        let mut slots = self.slots(action);
        if slot < slots.len() {
            slots[slot] = vec![key];
        } else {
            slots.push(vec![key]);
        }
        self.keys[action as usize] = slots.concat();
    }

    /// Takes the `slot`th place's keys from `action` (nothing when there is none).
    pub fn unbind(&mut self, action: Action, slot: usize) {
        let mut slots = self.slots(action);
        if slot < slots.len() {
            slots.remove(slot);
            self.keys[action as usize] = slots.concat();
        }
    }

    /// Whether `key` is bound to `action`.
    pub fn is_bound(&self, action: Action, key: Key) -> bool {
        self.keys(action).contains(&key)
    }

    /// The actions `key` is bound to (in a file written by hand, a key may do several things).
    pub fn actions_of(&self, key: Key) -> impl Iterator<Item = Action> + '_ {
        ACTIONS
            .iter()
            .map(|a| a.action)
            .filter(move |&a| self.is_bound(a, key))
    }

    /// The weapon number a key chooses (1 knife, 2 pistol, 3 machine gun, 4 chaingun, 5
    /// launcher: `game::Weapon::number`).
    pub fn weapon_number(&self, key: Key) -> Option<u8> {
        [
            Action::Knife,
            Action::Pistol,
            Action::MachineGun,
            Action::Chaingun,
            Action::Launcher,
        ]
        .iter()
        .position(|&a| self.is_bound(a, key))
        .map(|i| i as u8 + 1)
    }

    /// The controls as `--help` lists them: one line per action, its name in the settings
    /// file, what it does, and its keys as the settings file names them.
    pub fn help_table(&self) -> String {
        let mut out = String::new();
        for info in &ACTIONS {
            let keys = names_of(self.keys(info.action));
            let keys = if keys.is_empty() {
                "(none)".to_string()
            } else {
                keys.join(", ")
            };
            out.push_str(&format!("  {:<13} {:<18} {keys}\n", info.name, info.label));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_actions_and_names_are_unique() {
        for (i, info) in ACTIONS.iter().enumerate() {
            assert_eq!(info.action as usize, i, "{}", info.name);
            assert_eq!(Action::named(info.name), Some(info.action));
            assert!(
                ACTIONS[i + 1..].iter().all(|o| o.name != info.name),
                "{} twice",
                info.name
            );
        }
        // No key does two things by default.
        let mut seen = std::collections::HashSet::new();
        for info in &ACTIONS {
            for key in info.defaults {
                assert!(seen.insert(*key), "{key:?} bound twice by default");
            }
        }
    }

    #[test]
    fn every_key_name_reads_back_as_its_key() {
        let mut keys: Vec<Key> = NAMED.iter().map(|&(k, _)| k).collect();
        keys.extend((b'A'..=b'Z').map(Key::Letter));
        keys.extend((0..10).map(Key::Digit));
        keys.extend((0..10).map(Key::Numpad));
        keys.extend((1..=12).map(Key::Function));
        keys.extend((1..=5).map(Key::Mouse));
        keys.push(Key::NumpadEnter);
        for key in keys {
            assert_eq!(keys_named(&key.name()), Some(vec![key]), "{key:?}");
            assert_eq!(
                keys_named(&key.name().to_ascii_lowercase()),
                Some(vec![key])
            );
            assert!(!key.label().is_empty());
        }
        assert_eq!(
            names_of(&[Key::ShiftLeft, Key::Letter(b'Q'), Key::ShiftRight]),
            ["Shift", "Q"]
        );
        assert_eq!(names_of(&[Key::CtrlRight]), ["RightCtrl"]);
    }

    #[test]
    fn names_outside_the_list_are_unknown() {
        for name in [
            "", "F0", "F13", "F05", "F+1", "AB", "é", "Ctrl+W", "Mouse0", "Mouse6", "Numpad10",
            "Numpad", "Esc ",
        ] {
            assert_eq!(keys_named(name), None, "{name}");
        }
    }

    #[test]
    fn binding_a_key_takes_it_from_other_actions_and_slots_fill_in_order() {
        let mut b = Bindings::default();
        b.bind(Action::Forward, 1, Key::Letter(b'E'));
        assert_eq!(
            b.keys(Action::Forward),
            [Key::Letter(b'W'), Key::Letter(b'E')]
        );
        assert_eq!(b.keys(Action::Use), [Key::Space]);
        b.bind(Action::Knife, 5, Key::Mouse(2));
        assert_eq!(b.keys(Action::Knife), [Key::Digit(1), Key::Mouse(2)]);
        assert_eq!(b.weapon_number(Key::Mouse(2)), Some(1));
        b.unbind(Action::Knife, 0);
        b.unbind(Action::Knife, 7);
        assert_eq!(b.keys(Action::Knife), [Key::Mouse(2)]);
        assert_eq!(
            b.actions_of(Key::Mouse(1)).collect::<Vec<_>>(),
            [Action::Fire]
        );
        // The two Ctrl keys are one place; the left button the second.
        let fire = b.slots(Action::Fire);
        assert_eq!(
            fire,
            [vec![Key::CtrlLeft, Key::CtrlRight], vec![Key::Mouse(1)]]
        );
        b.bind(Action::Fire, 0, Key::Letter(b'F'));
        assert_eq!(b.keys(Action::Fire), [Key::Letter(b'F'), Key::Mouse(1)]);
        b.unbind(Action::Fire, 1);
        assert_eq!(b.keys(Action::Fire), [Key::Letter(b'F')]);
    }

    #[test]
    fn the_help_table_lists_every_action_with_its_keys() {
        let help = Bindings::default().help_table();
        assert_eq!(help.lines().count(), ACTIONS.len());
        assert!(
            help.contains("  forward       walk forward       W, Up\n"),
            "{help}"
        );
        assert!(
            help.contains("  fire          fire               Ctrl, Mouse1\n"),
            "{help}"
        );
        let mut b = Bindings::default();
        b.set(Action::Probe, Vec::new());
        assert!(
            b.help_table()
                .contains("  probe         ray probe          (none)")
        );
    }
}
