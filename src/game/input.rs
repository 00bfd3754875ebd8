//! What a seat wants during one tick, as the rules take it: quantised, so that every machine
//! plays the same numbers and a networked game's inputs are small integers (a held key or a
//! steady turn is the same input tick after tick, which rollback predicts right).

/// Steps of forward and sideways movement per unit (an input's `forward` and `strafe` are
/// whole multiples of `1 / STEPS_PER_MOVE`, from -1 to 1).
pub const STEPS_PER_MOVE: f64 = 127.0;

/// Steps of turn per degree (an input's `turn` is a whole multiple of `1 / STEPS_PER_DEGREE`
/// degrees, from -360 to 360).
pub const STEPS_PER_DEGREE: f64 = 64.0;

/// What the player wants during one tick (the front end turns keys and the mouse into this).
/// The rules take it [quantised](Input::quantised): whatever comes in, the game plays the
/// nearest step.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Input {
    /// Forward (+1) or back (-1).
    pub forward: f64,
    /// Right (+1) or left (-1).
    pub strafe: f64,
    /// Turning, degrees this tick (+ clockwise, to the right).
    pub turn: f64,
    /// Running: faster.
    pub run: bool,
    /// Use (open doors) was pressed this tick.
    pub use_pressed: bool,
    /// Fire is held this tick (or was pressed since the last one). Automatic weapons fire
    /// while it is held, the others once a press.
    pub fire: bool,
    /// A weapon chosen this tick by its number (1 knife, 2 pistol, 3 machine gun, 4
    /// chaingun, 5 launcher, as [`Weapon::number`](super::Weapon::number)); 0 keeps the one in hand. One not carried
    /// is not taken.
    pub weapon: u8,
}

impl Input {
    /// The input as the rules play it: `forward` and `strafe` clamped to -1..1 and rounded to
    /// the nearest [`STEPS_PER_MOVE`]th, `turn` clamped to -360..360 degrees and rounded to the
    /// nearest [`STEPS_PER_DEGREE`]th of a degree (NaN: none). Idempotent.
    ///
    /// ```
    /// use tilecaster::game::Input;
    /// let i = Input { forward: 0.5, turn: 2.0416666, ..Input::default() }.quantised();
    /// assert_eq!((i.forward, i.turn), (64.0 / 127.0, 131.0 / 64.0));
    /// assert_eq!(i.quantised(), i);
    /// ```
    pub fn quantised(self) -> Input {
        let packed = self.packed();
        packed.input()
    }

    /// The input as a networked game sends it: small integers and bits.
    pub fn packed(self) -> PackedInput {
        let steps = |v: f64, lo: f64, hi: f64, per: f64| {
            let v = if v.is_nan() { 0.0 } else { v.clamp(lo, hi) };
            (v * per).round()
        };
        PackedInput {
            forward: steps(self.forward, -1.0, 1.0, STEPS_PER_MOVE) as i8,
            strafe: steps(self.strafe, -1.0, 1.0, STEPS_PER_MOVE) as i8,
            turn: steps(self.turn, -360.0, 360.0, STEPS_PER_DEGREE) as i16,
            buttons: u8::from(self.run)
                | u8::from(self.use_pressed) << 1
                | u8::from(self.fire) << 2,
            weapon: self.weapon,
        }
    }
}

/// An [`Input`] as a networked game sends it: movement in steps of 1/127, the turn in steps of
/// 1/64 degree, the buttons as bits (run, use, fire), the weapon chosen.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct PackedInput {
    /// Forward (+127) or back (-127).
    pub forward: i8,
    /// Right (+127) or left (-127).
    pub strafe: i8,
    /// Turning, 64ths of a degree (+ clockwise).
    pub turn: i16,
    /// Run (bit 0), use (bit 1), fire (bit 2).
    pub buttons: u8,
    /// The weapon chosen (0: keep).
    pub weapon: u8,
}

impl PackedInput {
    /// The input it stands for, as the rules play it. Out-of-range values from a peer are
    /// clamped as [`Input::quantised`] clamps (a hostile peer cannot ask for more).
    pub fn input(self) -> Input {
        let moves = |v: i8| f64::from(v.clamp(-127, 127)) / STEPS_PER_MOVE;
        let most = (360.0 * STEPS_PER_DEGREE) as i16;
        Input {
            forward: moves(self.forward),
            strafe: moves(self.strafe),
            turn: f64::from(self.turn.clamp(-most, most)) / STEPS_PER_DEGREE,
            run: self.buttons & 1 != 0,
            use_pressed: self.buttons & 2 != 0,
            fire: self.buttons & 4 != 0,
            weapon: self.weapon,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_pack_and_unpack_to_the_nearest_step_and_keys_exactly() {
        let held = Input {
            forward: 1.0,
            strafe: -1.0,
            turn: -2.5,
            run: true,
            fire: true,
            weapon: 4,
            ..Input::default()
        };
        assert_eq!(held.quantised(), held, "keys and whole steps are exact");
        let odd = Input {
            forward: 0.3,
            turn: 1e9,
            strafe: f64::NAN,
            ..Input::default()
        }
        .quantised();
        assert_eq!(
            (odd.forward, odd.turn, odd.strafe),
            (38.0 / 127.0, 360.0, 0.0)
        );
        let hostile = PackedInput {
            forward: i8::MIN,
            turn: i16::MAX,
            buttons: 0xFF,
            ..PackedInput::default()
        }
        .input();
        assert_eq!((hostile.forward, hostile.turn), (-1.0, 360.0));
    }
}
