//! The window's own keys, as a table of UI actions, and the state they toggle: the overlays,
//! the map's zoom and pan, the pause menu.

use tilecaster::math::Vec2;
use winit::keyboard::KeyCode;

/// What a window key does (the game's own keys go through the key bindings instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiAction {
    /// Open the pause menu (and let the mouse go).
    Pause,
    /// Fullscreen on or off.
    ToggleFullscreen,
    /// The profiler overlay (F3).
    ToggleProfiler,
    /// The maps' debug layers (F4).
    ToggleMapDebug,
    /// The map from above instead of the eye's view (Tab).
    ToggleMap,
    /// The minimap in the corner (M).
    ToggleMinimap,
    /// The Tab map closer.
    ZoomIn,
    /// The Tab map farther.
    ZoomOut,
    /// The Tab map back to its first zoom, on the player.
    ResetMap,
    /// Reload the level and its textures.
    Reload,
    /// Save the frame as a PNG.
    Screenshot,
    /// Save the game to the quick-save file.
    QuickSave,
    /// Load the quick-save file.
    QuickLoad,
    /// Sound off or on.
    ToggleMute,
    /// The ray probe on the Tab map: a ray from the player to the mouse, walked cell by cell
    /// (F7).
    ToggleProbe,
    /// The probe's walk one cell further (`.`).
    ProbeNext,
    /// The probe's walk one cell back (`,`).
    ProbeBack,
}

/// A key, whether Alt must be held with it, and what it does while playing.
pub const PLAYING_KEYS: &[(KeyCode, bool, UiAction)] = &[
    (KeyCode::Escape, false, UiAction::Pause),
    (KeyCode::F11, false, UiAction::ToggleFullscreen),
    (KeyCode::Enter, true, UiAction::ToggleFullscreen),
    (KeyCode::F3, false, UiAction::ToggleProfiler),
    (KeyCode::F4, false, UiAction::ToggleMapDebug),
    (KeyCode::Tab, false, UiAction::ToggleMap),
    (KeyCode::KeyM, false, UiAction::ToggleMinimap),
    (KeyCode::Equal, false, UiAction::ZoomIn),
    (KeyCode::NumpadAdd, false, UiAction::ZoomIn),
    (KeyCode::Minus, false, UiAction::ZoomOut),
    (KeyCode::NumpadSubtract, false, UiAction::ZoomOut),
    (KeyCode::Backspace, false, UiAction::ResetMap),
    (KeyCode::F5, false, UiAction::Reload),
    (KeyCode::F12, false, UiAction::Screenshot),
    (KeyCode::F6, false, UiAction::QuickSave),
    (KeyCode::F9, false, UiAction::QuickLoad),
    (KeyCode::F8, false, UiAction::ToggleMute),
    (KeyCode::F7, false, UiAction::ToggleProbe),
    (KeyCode::Period, false, UiAction::ProbeNext),
    (KeyCode::Comma, false, UiAction::ProbeBack),
];

/// What a key does in the pause menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuAction {
    /// Back to the game.
    Resume,
    /// The level again from its start.
    Restart,
    /// End the game.
    Quit,
}

/// The pause menu's keys.
pub const MENU_KEYS: &[(KeyCode, MenuAction)] = &[
    (KeyCode::Escape, MenuAction::Resume),
    (KeyCode::Enter, MenuAction::Resume),
    (KeyCode::KeyR, MenuAction::Restart),
    (KeyCode::KeyQ, MenuAction::Quit),
];

/// The pause menu's lines, as drawn.
pub const MENU_LINES: [&str; 3] = ["ESC  RESUME", "R    RESTART LEVEL", "Q    QUIT"];

/// The action of `code` while playing, with Alt held or not.
pub fn playing_action(code: KeyCode, alt: bool) -> Option<UiAction> {
    PLAYING_KEYS
        .iter()
        .find(|&&(key, needs_alt, _)| key == code && (!needs_alt || alt))
        .map(|&(_, _, action)| action)
}

/// The action of `code` in the pause menu.
pub fn menu_action(code: KeyCode) -> Option<MenuAction> {
    MENU_KEYS
        .iter()
        .find(|&&(key, _)| key == code)
        .map(|&(_, action)| action)
}

/// The Tab map's zoom limits (times its first scale).
const ZOOM_RANGE: (f64, f64) = (0.1, 8.0);
/// One zoom step (a key press or a wheel notch).
const ZOOM_STEP: f64 = 1.25;
/// Tiles the Tab map pans per tick while I, J, K or L is held.
const MAP_PAN_PER_TICK: f64 = 0.25;

/// What is shown over or instead of the eye's view, and the pause menu.
#[derive(Debug)]
pub struct Overlays {
    /// F3: the profiler.
    pub profiler: bool,
    /// Tab: the map from above instead of the eye's view.
    pub map: bool,
    /// M: the minimap in the corner of the eye's view.
    pub minimap: bool,
    /// F4: the maps' debug layers (traversal traces, sight lines, the visibility polygon).
    pub map_debug: bool,
    /// The Tab map's zoom (mouse wheel, + and -) and pan (I, J, K, L; Backspace recentres).
    pub map_zoom: f64,
    /// The Tab map's offset from the player, tiles.
    pub map_pan: Vec2,
    /// Escape: the pause menu is up and the game stands still.
    pub paused: bool,
    /// F7: the ray probe on the Tab map, toward the mouse pointer.
    pub probe: bool,
    /// Where the mouse pointer is over the frame (frame pixels), while it is.
    pub pointer: Option<(f64, f64)>,
    /// The probe's walk shown up to this many cells (`None`: up to its hit).
    pub probe_steps: Option<usize>,
}

impl Default for Overlays {
    fn default() -> Overlays {
        Overlays {
            profiler: false,
            map: false,
            minimap: false,
            map_debug: false,
            map_zoom: 1.0,
            map_pan: Vec2::ZERO,
            paused: false,
            probe: false,
            pointer: None,
            probe_steps: None,
        }
    }
}

impl Overlays {
    /// Applies a toggle or map action (the others are the window's to carry out); whether it
    /// was one of these.
    pub fn apply(&mut self, action: UiAction) -> bool {
        match action {
            UiAction::ToggleProfiler => self.profiler = !self.profiler,
            UiAction::ToggleMapDebug => self.map_debug = !self.map_debug,
            UiAction::ToggleMap => self.map = !self.map,
            UiAction::ToggleMinimap => self.minimap = !self.minimap,
            UiAction::ZoomIn => self.map_zoom *= ZOOM_STEP,
            UiAction::ZoomOut => self.map_zoom /= ZOOM_STEP,
            UiAction::ResetMap => {
                self.map_zoom = 1.0;
                self.map_pan = Vec2::ZERO;
            }
            UiAction::Pause => self.paused = true,
            UiAction::ToggleProbe => {
                self.probe = !self.probe;
                self.map |= self.probe;
                self.probe_steps = None;
            }
            // Stepping starts from the first cell, and goes one cell at a time; back past the
            // first cell shows the whole walk again.
            UiAction::ProbeNext => self.probe_steps = Some(self.probe_steps.map_or(1, |n| n + 1)),
            UiAction::ProbeBack => {
                self.probe_steps = self
                    .probe_steps
                    .and_then(|n| n.checked_sub(1))
                    .filter(|&n| n > 0);
            }
            UiAction::ToggleFullscreen
            | UiAction::Reload
            | UiAction::Screenshot
            | UiAction::QuickSave
            | UiAction::QuickLoad
            | UiAction::ToggleMute => return false,
        }
        true
    }

    /// Zooms the Tab map by mouse-wheel notches (positive: closer).
    pub fn zoom_by(&mut self, notches: f64) {
        if notches.is_finite() {
            self.map_zoom =
                (self.map_zoom * ZOOM_STEP.powf(notches)).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        }
    }

    /// Pans the Tab map one tick's worth along `(right, down)` (each -1, 0 or 1); the pan
    /// keeps its speed on screen whatever the zoom.
    pub fn pan(&mut self, right: f64, down: f64) {
        if self.map {
            let step = MAP_PAN_PER_TICK / self.map_zoom.max(0.1);
            self.map_pan = self.map_pan + Vec2::new(right, down) * step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_in_the_tables_does_one_thing() {
        for (i, &(key, alt, _)) in PLAYING_KEYS.iter().enumerate() {
            let again = PLAYING_KEYS[i + 1..]
                .iter()
                .any(|&(k, a, _)| k == key && a == alt);
            assert!(!again, "{key:?} twice");
        }
        assert_eq!(playing_action(KeyCode::Enter, false), None);
        assert_eq!(
            playing_action(KeyCode::Enter, true),
            Some(UiAction::ToggleFullscreen)
        );
        assert_eq!(menu_action(KeyCode::KeyQ), Some(MenuAction::Quit));
    }

    #[test]
    fn toggles_flip_and_the_map_resets() {
        let mut o = Overlays::default();
        assert!(o.apply(UiAction::ToggleMap));
        assert!(o.map);
        o.apply(UiAction::ZoomIn);
        o.pan(1.0, 0.0);
        assert!(o.map_pan.x > 0.0);
        o.apply(UiAction::ResetMap);
        assert_eq!((o.map_zoom, o.map_pan), (1.0, Vec2::ZERO));
        assert!(!o.apply(UiAction::Screenshot), "the window's to do");
        o.zoom_by(100.0);
        assert_eq!(o.map_zoom, ZOOM_RANGE.1);
    }
}
