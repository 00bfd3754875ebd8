//! The native window's steps around a frame: the gamepads read; nothing else to do.

use super::super::controller::Controller;
use super::super::platform::Extras;

/// Before a frame is simulated: nothing here (the page hands over its requests).
pub(in crate::app) fn before_frame(_ctl: &mut Controller) {}

/// The game ran out of input (a replay's end): natively the game ends (`false`).
pub(in crate::app) fn simulation_ended(_ctl: &mut Controller) -> bool {
    false
}

/// A frame was shown: nothing here to tell.
pub(in crate::app) fn frame_shown(_ctl: &Controller) {}

/// Input that does not come through the window: the gamepads, to the menu or the game.
pub(in crate::app) fn poll_input(extras: &mut Extras, ctl: &mut Controller) {
    let events = extras.pad_events();
    if !events.is_empty() {
        ctl.gamepad_events(events);
    }
}
