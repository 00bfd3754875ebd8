//! The gamepads, read through gilrs (the `gamepad` feature: on Linux it builds against
//! libudev, `libudev-dev` on Debian). Their events become [`PadEvent`]s, which `pad` maps.

use super::pad::{PadAxis, PadButton, PadEvent};

/// The connected gamepads (none where gilrs cannot start: said once).
pub struct Gamepads {
    gilrs: Option<gilrs::Gilrs>,
}

impl Gamepads {
    /// Starts listening for gamepads, those connected now and later.
    pub fn open() -> Gamepads {
        let gilrs = match gilrs::Gilrs::new() {
            Ok(g) => Some(g),
            Err(e) => {
                eprintln!("no gamepads: {e}");
                None
            }
        };
        Gamepads { gilrs }
    }

    /// The events since the last call, from every pad.
    pub fn events(&mut self) -> Vec<PadEvent> {
        let mut out = Vec::new();
        let Some(gilrs) = &mut self.gilrs else {
            return out;
        };
        while let Some(event) = gilrs.next_event() {
            use gilrs::EventType as E;
            let pad = match event.event {
                E::ButtonPressed(b, _) => button(b).map(PadEvent::Pressed),
                E::ButtonReleased(b, _) => button(b).map(PadEvent::Released),
                E::AxisChanged(a, v, _) => axis(a).map(|a| PadEvent::Moved(a, v)),
                _ => None,
            };
            out.extend(pad);
        }
        out
    }
}

fn button(b: gilrs::Button) -> Option<PadButton> {
    use gilrs::Button as B;
    Some(match b {
        B::South => PadButton::South,
        B::East => PadButton::East,
        B::West => PadButton::West,
        B::North => PadButton::North,
        B::LeftTrigger => PadButton::LeftShoulder,
        B::RightTrigger => PadButton::RightShoulder,
        B::LeftTrigger2 => PadButton::LeftTrigger,
        B::RightTrigger2 => PadButton::RightTrigger,
        B::Select => PadButton::Select,
        B::Start => PadButton::Start,
        B::DPadUp => PadButton::Up,
        B::DPadDown => PadButton::Down,
        B::DPadLeft => PadButton::Left,
        B::DPadRight => PadButton::Right,
        _ => return None,
    })
}

fn axis(a: gilrs::Axis) -> Option<PadAxis> {
    Some(match a {
        gilrs::Axis::LeftStickX => PadAxis::LeftX,
        gilrs::Axis::LeftStickY => PadAxis::LeftY,
        gilrs::Axis::RightStickX => PadAxis::RightX,
        _ => return None,
    })
}
