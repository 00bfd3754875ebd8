//! The input latch: what the keyboard and mouse did since the last tick, until the game takes
//! it as one [`Input`].

use std::collections::HashSet;

use tilecaster::bindings::{Bindings, Key};
use tilecaster::game::{Input, TICK_HZ};
use winit::keyboard::KeyCode;

use super::keymap;

/// Degrees turned per pixel of mouse motion.
const MOUSE_DEGREES_PER_PIXEL: f64 = 0.15;
/// Degrees turned per tick with the arrow keys (180 degrees a second).
const TURN_PER_TICK: f64 = 180.0 / TICK_HZ as f64;

/// Keys held, and the presses and mouse motion not yet given to the game.
#[derive(Default)]
pub struct InputLatch {
    /// Keys held down (physical codes).
    held: HashSet<KeyCode>,
    /// Use was pressed since the last tick.
    use_pressed: bool,
    /// Fire was pressed since the last tick.
    fire_pressed: bool,
    /// A weapon number key pressed since the last tick (0: none).
    weapon_pressed: u8,
    /// Mouse motion since the last tick, pixels.
    mouse_dx: f64,
}

impl InputLatch {
    /// Whether `code` is held down.
    pub fn is_held(&self, code: KeyCode) -> bool {
        self.held.contains(&code)
    }

    /// A key went down: held from now on, and its game action latched (use, fire, a weapon)
    /// unless it is the window system repeating it.
    pub fn press(&mut self, code: KeyCode, repeat: bool, bindings: &Bindings) {
        self.held.insert(code);
        if repeat {
            return;
        }
        if let Some(key) = keymap::key_of(code) {
            self.use_pressed |= bindings.use_.contains(&key);
            self.fire_pressed |= bindings.fire.contains(&key);
            if let Some(n) = bindings.weapon_number(key) {
                self.weapon_pressed = n;
            }
        }
    }

    /// A key went up.
    pub fn release(&mut self, code: KeyCode) {
        self.held.remove(&code);
    }

    /// Fire (a mouse click).
    pub fn fire(&mut self) {
        self.fire_pressed = true;
    }

    /// Mouse motion while the mouse is held for looking around.
    pub fn look(&mut self, dx: f64) {
        if dx.is_finite() {
            self.mouse_dx += dx;
        }
    }

    /// Lets go of every held key (the window lost the focus, or the game paused).
    pub fn release_all(&mut self) {
        self.held.clear();
    }

    /// This tick's input, from the keys held and what was latched since the last tick (which
    /// is then cleared).
    pub fn take(&mut self, bindings: &Bindings) -> Input {
        let held = |keys: &[Key]| {
            keys.iter()
                .any(|&k| keymap::code_of(k).is_some_and(|c| self.held.contains(&c)))
        };
        let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
        let b = bindings;
        let input = Input {
            forward: axis(held(&b.forward), held(&b.back)),
            strafe: axis(held(&b.strafe_right), held(&b.strafe_left)),
            turn: (axis(held(&b.turn_right), held(&b.turn_left)) * TURN_PER_TICK
                + self.mouse_dx * MOUSE_DEGREES_PER_PIXEL)
                .clamp(-360.0, 360.0),
            run: held(&b.run),
            use_pressed: self.use_pressed,
            fire: self.fire_pressed,
            weapon: self.weapon_pressed,
        };
        self.use_pressed = false;
        self.fire_pressed = false;
        self.weapon_pressed = 0;
        self.mouse_dx = 0.0;
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_are_latched_for_one_tick_and_held_keys_last() {
        let bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.press(KeyCode::KeyW, false, &bindings);
        latch.press(KeyCode::Space, false, &bindings);
        latch.press(KeyCode::Digit2, false, &bindings);
        let first = latch.take(&bindings);
        assert_eq!(
            (first.forward, first.use_pressed, first.weapon),
            (1.0, true, 2)
        );
        let second = latch.take(&bindings);
        assert_eq!(
            (second.forward, second.use_pressed, second.weapon),
            (1.0, false, 0)
        );
        latch.release_all();
        assert_eq!(latch.take(&bindings).forward, 0.0);
    }

    #[test]
    fn a_repeated_key_does_not_press_again() {
        let bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.press(KeyCode::Space, true, &bindings);
        assert!(!latch.take(&bindings).use_pressed);
    }
}
