//! What the player's own actions toggle over the view: the overlays, and the map's zoom and
//! pan.

use crate::bindings::Action;
use crate::math::Vec2;
use crate::scene::topdown::MapLayers;

/// The Tab map's zoom limits (times its first scale).
const ZOOM_RANGE: (f64, f64) = (0.1, 8.0);
/// One zoom step (a key press or a wheel notch).
const ZOOM_STEP: f64 = 1.25;
/// Tiles the Tab map pans per tick while I, J, K or L is held.
const MAP_PAN_PER_TICK: f64 = 0.25;

/// What is shown over or instead of the eye's view.
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
    /// F7: the ray probe on the Tab map, toward the mouse pointer.
    pub probe: bool,
    /// Where the mouse pointer is over the frame (frame pixels), while it is.
    pub pointer: Option<(f64, f64)>,
    /// The probe's walk shown up to this many cells (`None`: up to its hit).
    pub probe_steps: Option<usize>,
    /// The whole map fitted in the frame with these layers, as `tilecaster render --view
    /// topdown` draws it (the Tab map follows the player instead).
    pub still_map: Option<MapLayers>,
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
            probe: false,
            pointer: None,
            probe_steps: None,
            still_map: None,
        }
    }
}

impl Overlays {
    /// Applies a toggle or map action (the others are the window's to carry out); whether it
    /// was one of these.
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Profiler => self.profiler = !self.profiler,
            Action::MapDebug => self.map_debug = !self.map_debug,
            Action::Map => self.map = !self.map,
            Action::Minimap => self.minimap = !self.minimap,
            Action::ZoomIn => self.zoom_by(1.0),
            Action::ZoomOut => self.zoom_by(-1.0),
            Action::MapReset => {
                self.map_zoom = 1.0;
                self.map_pan = Vec2::ZERO;
            }
            Action::Probe => {
                self.probe = !self.probe;
                self.map |= self.probe;
                self.probe_steps = None;
            }
            // Stepping starts from the first cell, and goes one cell at a time; back past the
            // first cell shows the whole walk again.
            Action::ProbeNext => self.probe_steps = Some(self.probe_steps.map_or(1, |n| n + 1)),
            Action::ProbeBack => {
                self.probe_steps = self
                    .probe_steps
                    .and_then(|n| n.checked_sub(1))
                    .filter(|&n| n > 0);
            }
            _ => return false,
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
    fn toggles_flip_and_the_map_resets() {
        let mut o = Overlays::default();
        assert!(o.apply(Action::Map));
        assert!(o.map);
        o.apply(Action::ZoomIn);
        o.pan(1.0, 0.0);
        assert!(o.map_pan.x > 0.0);
        o.apply(Action::MapReset);
        assert_eq!((o.map_zoom, o.map_pan), (1.0, Vec2::ZERO));
        assert!(!o.apply(Action::Screenshot), "the window's to do");
        o.zoom_by(100.0);
        assert_eq!(o.map_zoom, ZOOM_RANGE.1);
    }
}
