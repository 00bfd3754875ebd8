//! The input latch: what the keyboard and mouse did since the last tick, until the game takes
//! it as one [`Input`].

use std::collections::HashSet;

use tilecaster::bindings::{Action, Bindings, Key};
use tilecaster::game::{Input, TICK_HZ};
use tilecaster::settings::Settings;

use super::pad::{self, PadState};

/// Degrees turned per tick with the arrow keys, walking: Wolfenstein 3D's, whose source
/// release turns `BASETURN / ANGLESCALE` = 35 / 20 degrees a tic at 70 tics a second (122.5
/// degrees a second); running turns twice as fast (`RUNTURN` 70).
const TURN_PER_TICK: f64 = 122.5 / TICK_HZ as f64;
/// Walking forward per count of mouse motion forward, with `mouse_move` (a tick's full walk at
/// 40 counts).
const MOVE_PER_COUNT: f64 = 1.0 / 40.0;

/// Keys held, and the presses and mouse motion not yet given to the game.
#[derive(Default)]
pub struct InputLatch {
    /// Keys and mouse buttons held down.
    held: HashSet<Key>,
    /// Use was pressed since the last tick.
    use_pressed: bool,
    /// Fire was pressed since the last tick.
    fire_pressed: bool,
    /// A weapon number key pressed since the last tick (0: none).
    weapon_pressed: u8,
    /// Mouse motion since the last tick, counts: across and forward (up the desk: negative).
    mouse_dx: f64,
    mouse_dy: f64,
    /// The gamepad's sticks and held buttons.
    pub pad: PadState,
    /// The turn wanted but not yet played: the rules turn in 64ths of a degree, and what a
    /// tick's input rounds away goes on to the next, so that a slow mouse still turns and the
    /// keys turn at their speed on average.
    turn_rest: f64,
}

impl InputLatch {
    /// Whether `key` is held down.
    pub fn is_held(&self, key: Key) -> bool {
        self.held.contains(&key)
    }

    /// Whether a key bound to `action` is held down.
    pub fn action_held(&self, bindings: &Bindings, action: Action) -> bool {
        bindings.keys(action).iter().any(|k| self.held.contains(k))
    }

    /// A key or button went down: held from now on, and its game action latched (use, fire,
    /// a weapon) unless it is the window system repeating it.
    pub fn press(&mut self, key: Key, repeat: bool, bindings: &Bindings) {
        self.held.insert(key);
        if repeat {
            return;
        }
        self.use_pressed |= bindings.is_bound(Action::Use, key);
        self.fire_pressed |= bindings.is_bound(Action::Fire, key);
        if let Some(n) = bindings.weapon_number(key) {
            self.weapon_pressed = n;
        }
    }

    /// A key or button went up.
    pub fn release(&mut self, key: Key) {
        self.held.remove(&key);
    }

    /// Mouse motion while the mouse is held for looking around.
    pub fn look(&mut self, dx: f64, dy: f64) {
        if dx.is_finite() && dy.is_finite() {
            self.mouse_dx += dx;
            self.mouse_dy += dy;
        }
    }

    /// Lets go of every held key (the window lost the focus, or the game paused).
    pub fn release_all(&mut self) {
        self.held.clear();
        self.pad.release_all();
        self.turn_rest = 0.0;
    }

    /// A gamepad's use, fire or weapon press, latched for the next tick.
    #[cfg_attr(not(feature = "gamepad"), allow(dead_code))]
    pub fn pad_press(&mut self, press: pad::PadPress, next_weapon: u8) {
        match press {
            pad::PadPress::Use => self.use_pressed = true,
            pad::PadPress::Fire => self.fire_pressed = true,
            pad::PadPress::NextWeapon => self.weapon_pressed = next_weapon,
            pad::PadPress::Map | pad::PadPress::Menu => {}
        }
    }

    /// This tick's input, from the keys held and what was latched since the last tick (which
    /// is then cleared), as `settings` say: the mouse turns `mouse_sensitivity` degrees per
    /// count (and walks, with `mouse_move`); running turns twice as fast; with `always_run`
    /// the run key walks; while the strafe key is held the turning keys and the mouse step
    /// sideways. Fire counts while it is held (automatic weapons keep firing).
    pub fn take(&mut self, settings: &Settings) -> Input {
        let bindings = &settings.keys;
        let held = |a: Action| self.action_held(bindings, a);
        let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
        let (pad_forward, pad_strafe, pad_turn, pad_run) = self.pad.moves();
        let run = (held(Action::Run) || pad_run) != settings.always_run;
        let turn_speed = if run { 2.0 } else { 1.0 };
        let turn_keys = axis(held(Action::TurnRight), held(Action::TurnLeft));
        let mouse_turn = self.mouse_dx * settings.mouse_sensitivity;
        let (turn, sidestep) = if held(Action::Strafe) {
            (0.0, turn_keys + mouse_turn / (TURN_PER_TICK * turn_speed))
        } else {
            (turn_keys * TURN_PER_TICK * turn_speed + mouse_turn, 0.0)
        };
        let mouse_walk = if settings.mouse_move {
            -self.mouse_dy * MOVE_PER_COUNT
        } else {
            0.0
        };
        let wanted = (turn + pad_turn * pad::TURN_PER_TICK).clamp(-360.0, 360.0) + self.turn_rest;
        let input = Input {
            forward: (axis(held(Action::Forward), held(Action::Back)) + pad_forward + mouse_walk)
                .clamp(-1.0, 1.0),
            strafe: (axis(held(Action::StrafeRight), held(Action::StrafeLeft))
                + pad_strafe
                + sidestep)
                .clamp(-1.0, 1.0),
            turn: wanted,
            run,
            use_pressed: self.use_pressed,
            fire: self.fire_pressed || held(Action::Fire) || self.pad.firing(),
            weapon: self.weapon_pressed,
        };
        self.use_pressed = false;
        self.fire_pressed = false;
        self.weapon_pressed = 0;
        self.mouse_dx = 0.0;
        self.mouse_dy = 0.0;
        let input = input.quantised();
        self.turn_rest = if wanted.abs() <= 360.0 {
            wanted - input.turn
        } else {
            0.0
        };
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(bindings: &Bindings, sensitivity: f64) -> Settings {
        Settings {
            keys: bindings.clone(),
            mouse_sensitivity: sensitivity,
            ..Settings::default()
        }
    }

    #[test]
    fn presses_are_latched_for_one_tick_and_held_keys_last() {
        let bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.press(Key::Letter(b'W'), false, &bindings);
        latch.press(Key::Space, false, &bindings);
        latch.press(Key::Digit(3), false, &bindings);
        latch.look(10.0, 0.0);
        let first = latch.take(&with(&bindings, 0.5));
        assert_eq!(
            (first.forward, first.use_pressed, first.weapon, first.turn),
            (1.0, true, 3, 5.0)
        );
        let second = latch.take(&with(&bindings, 0.5));
        assert_eq!(
            (
                second.forward,
                second.use_pressed,
                second.weapon,
                second.turn
            ),
            (1.0, false, 0, 0.0)
        );
        latch.release_all();
        assert_eq!(latch.take(&with(&bindings, 0.5)).forward, 0.0);
    }

    #[test]
    fn running_turns_faster_always_run_inverts_it_and_the_strafe_key_sidesteps() {
        let bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.press(Key::Right, false, &bindings);
        // A second of turning: 122.5 degrees, in 64ths of a degree a tick (what one tick
        // rounds away goes on to the next).
        let second = |latch: &mut InputLatch| {
            let ticks: Vec<Input> = (0..TICK_HZ)
                .map(|_| latch.take(&with(&bindings, 0.15)))
                .collect();
            assert!(ticks.iter().all(|i| i.quantised() == *i));
            (ticks[0].run, ticks.iter().map(|i| i.turn).sum::<f64>())
        };
        let walking = second(&mut latch);
        latch.press(Key::ShiftLeft, false, &bindings);
        let running = second(&mut latch);
        assert!(!walking.0 && running.0);
        assert!((walking.1 - 122.5).abs() <= 1.0 / 64.0, "{}", walking.1);
        assert!((running.1 - 245.0).abs() <= 1.0 / 64.0, "{}", running.1);
        let always = Settings {
            always_run: true,
            ..with(&bindings, 0.15)
        };
        assert!(!latch.take(&always).run, "the run key walks");
        latch.release(Key::ShiftLeft);
        assert!(latch.take(&always).run);
        latch.press(Key::AltLeft, false, &bindings);
        let strafing = latch.take(&with(&bindings, 0.15));
        assert_eq!((strafing.turn, strafing.strafe), (0.0, 1.0));
        latch.release_all();
        let moving = Settings {
            mouse_move: true,
            ..with(&bindings, 0.15)
        };
        latch.look(0.0, -40.0);
        assert_eq!(
            latch.take(&moving).forward,
            1.0,
            "the mouse pushed forward walks"
        );
        latch.look(0.0, -40.0);
        assert_eq!(
            latch.take(&with(&bindings, 0.15)).forward,
            0.0,
            "not without the setting"
        );
    }

    #[test]
    fn fire_counts_while_held() {
        let bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.press(Key::CtrlLeft, false, &bindings);
        assert!(latch.take(&with(&bindings, 0.15)).fire);
        assert!(latch.take(&with(&bindings, 0.15)).fire, "still held");
        latch.release(Key::CtrlLeft);
        assert!(!latch.take(&with(&bindings, 0.15)).fire);
    }

    #[test]
    fn a_repeated_key_does_not_press_again_and_buttons_are_keys() {
        let mut bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.press(Key::Space, true, &bindings);
        assert!(!latch.take(&with(&bindings, 0.15)).use_pressed);
        latch.press(Key::Mouse(1), false, &bindings);
        assert!(latch.take(&with(&bindings, 0.15)).fire);
        bindings.bind(Action::Forward, 0, Key::Mouse(2));
        latch.press(Key::Mouse(2), false, &bindings);
        assert_eq!(latch.take(&with(&bindings, 0.15)).forward, 1.0);
    }

    #[test]
    fn the_pad_walks_turns_and_presses_beside_the_keys() {
        use super::pad::{PadAxis, PadEvent, PadPress};
        let bindings = Bindings::default();
        let mut latch = InputLatch::default();
        latch.pad.playing(PadEvent::Moved(PadAxis::LeftY, 1.0));
        latch.pad.playing(PadEvent::Moved(PadAxis::RightX, -1.0));
        latch.press(Key::Letter(b'W'), false, &bindings);
        latch.pad_press(PadPress::Fire, 0);
        latch.pad_press(PadPress::NextWeapon, 3);
        let input = latch.take(&with(&bindings, 0.15));
        assert_eq!(
            (input.forward, input.turn, input.fire, input.weapon),
            (1.0, -3.0, true, 3),
            "key and stick together walk no faster"
        );
        latch.release_all();
        assert_eq!(latch.take(&with(&bindings, 0.15)).turn, 0.0);
    }
}
