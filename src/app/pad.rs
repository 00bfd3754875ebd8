//! The gamepad, as the game and the menus take it: buttons and sticks in the names of the
//! common layout (winit knows no gamepads; `gamepad` reads them through gilrs), mapped to the
//! game's moves and presses and to menu inputs. Pure: tested without a pad.
//!
//! In the game: the left stick walks and strafes, the right stick turns (the d-pad walks and
//! turns too), the right trigger fires, the left trigger or shoulder runs, A uses, Y takes the
//! next weapon, Select shows the map, Start opens the pause menu. In menus: the d-pad or the
//! left stick chooses and changes, A chooses, B or Start goes back.

use tilecaster::scene::menu::MenuInput;

/// A pad button, by its place on the common layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadButton {
    /// The bottom face button (A on Xbox pads, cross on PlayStation's).
    South,
    /// The right face button (B, circle).
    East,
    /// The left face button (X, square).
    West,
    /// The top face button (Y, triangle).
    North,
    /// The left shoulder.
    LeftShoulder,
    /// The right shoulder.
    RightShoulder,
    /// The left trigger.
    LeftTrigger,
    /// The right trigger.
    RightTrigger,
    /// Select (Back, Share).
    Select,
    /// Start (Menu, Options).
    Start,
    /// The d-pad's four ways.
    Up,
    /// See `Up`.
    Down,
    /// See `Up`.
    Left,
    /// See `Up`.
    Right,
}

/// A stick axis, -1 to 1 (up and right positive, as gilrs reports them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadAxis {
    /// The left stick, across.
    LeftX,
    /// The left stick, up and down.
    LeftY,
    /// The right stick, across.
    RightX,
}

/// What a pad did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PadEvent {
    /// A button went down.
    Pressed(PadButton),
    /// A button came up.
    Released(PadButton),
    /// A stick moved to this value.
    Moved(PadAxis, f32),
}

/// Stick values nearer the middle than this count as nothing (worn sticks rest off-centre).
const DEAD_ZONE: f32 = 0.25;
/// A stick pushed this far is a menu step.
const MENU_PUSH: f32 = 0.6;
/// Degrees turned per tick with the right stick fully over (as the arrow keys: 180 a second).
pub const TURN_PER_TICK: f64 = 3.0;

/// What the pad says to the game and the menus, between ticks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PadState {
    left: (f32, f32),
    right_x: f32,
    held: Vec<PadButton>,
    /// The menu step the left stick made last (so that a held stick steps once).
    stick_step: Option<MenuInput>,
}

/// What a pad event asks of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadPress {
    /// Use (open, push, press).
    Use,
    /// Fire.
    Fire,
    /// The next weapon.
    NextWeapon,
    /// The map on or off.
    Map,
    /// The pause menu.
    Menu,
}

/// `v` with the dead zone taken out and the rest stretched back to 0..1.
fn live(v: f32) -> f64 {
    if !v.is_finite() || v.abs() < DEAD_ZONE {
        return 0.0;
    }
    f64::from((v.abs() - DEAD_ZONE) / (1.0 - DEAD_ZONE) * v.signum()).clamp(-1.0, 1.0)
}

impl PadState {
    /// Takes an event while playing: the sticks and held buttons kept, a press answered.
    pub fn playing(&mut self, event: PadEvent) -> Option<PadPress> {
        match event {
            PadEvent::Moved(PadAxis::LeftX, v) => self.left.0 = v,
            PadEvent::Moved(PadAxis::LeftY, v) => self.left.1 = v,
            PadEvent::Moved(PadAxis::RightX, v) => self.right_x = v,
            PadEvent::Released(b) => self.held.retain(|&h| h != b),
            PadEvent::Pressed(b) => {
                if !self.held.contains(&b) {
                    self.held.push(b);
                }
                return match b {
                    PadButton::South => Some(PadPress::Use),
                    PadButton::RightTrigger | PadButton::RightShoulder => Some(PadPress::Fire),
                    PadButton::North => Some(PadPress::NextWeapon),
                    PadButton::Select => Some(PadPress::Map),
                    PadButton::Start => Some(PadPress::Menu),
                    _ => None,
                };
            }
        }
        None
    }

    /// Takes an event in a menu: the menu input it makes, if any (a stick steps once each
    /// time it is pushed over).
    pub fn in_menu(&mut self, event: PadEvent) -> Option<MenuInput> {
        match event {
            PadEvent::Pressed(b) => match b {
                PadButton::Up => Some(MenuInput::Up),
                PadButton::Down => Some(MenuInput::Down),
                PadButton::Left => Some(MenuInput::Left),
                PadButton::Right => Some(MenuInput::Right),
                PadButton::South => Some(MenuInput::Select),
                PadButton::East | PadButton::Start => Some(MenuInput::Back),
                PadButton::West => Some(MenuInput::Clear),
                _ => None,
            },
            PadEvent::Moved(axis @ (PadAxis::LeftX | PadAxis::LeftY), v) => {
                let step = match (axis, v) {
                    (PadAxis::LeftY, v) if v > MENU_PUSH => Some(MenuInput::Up),
                    (PadAxis::LeftY, v) if v < -MENU_PUSH => Some(MenuInput::Down),
                    (PadAxis::LeftX, v) if v > MENU_PUSH => Some(MenuInput::Right),
                    (PadAxis::LeftX, v) if v < -MENU_PUSH => Some(MenuInput::Left),
                    _ => None,
                };
                let fresh = step.is_some() && step != self.stick_step;
                // Back near the middle, the next push steps again.
                if step.is_some() || v.abs() < DEAD_ZONE {
                    self.stick_step = step;
                }
                fresh.then_some(step).flatten()
            }
            _ => None,
        }
    }

    /// Lets go of everything (the menu opened, the pad went away).
    pub fn release_all(&mut self) {
        *self = PadState::default();
    }

    fn holds(&self, b: PadButton) -> bool {
        self.held.contains(&b)
    }

    /// Whether a fire button is held.
    pub fn firing(&self) -> bool {
        self.holds(PadButton::RightTrigger) || self.holds(PadButton::RightShoulder)
    }

    /// This tick's walk, strafe and turn (-1 to 1 each, the turn in [`TURN_PER_TICK`]s) and
    /// whether to run.
    pub fn moves(&self) -> (f64, f64, f64, bool) {
        let pad = |plus: PadButton, minus: PadButton| {
            f64::from(u8::from(self.holds(plus))) - f64::from(u8::from(self.holds(minus)))
        };
        let forward = (live(self.left.1) + pad(PadButton::Up, PadButton::Down)).clamp(-1.0, 1.0);
        let strafe = live(self.left.0).clamp(-1.0, 1.0);
        let turn = (live(self.right_x) + pad(PadButton::Right, PadButton::Left)).clamp(-1.0, 1.0);
        let run = self.holds(PadButton::LeftTrigger) || self.holds(PadButton::LeftShoulder);
        (forward, strafe, turn, run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PadButton::*;
    use PadEvent::*;

    #[test]
    fn sticks_walk_and_turn_past_the_dead_zone_and_buttons_press() {
        let mut pad = PadState::default();
        assert_eq!(pad.moves(), (0.0, 0.0, 0.0, false));
        pad.playing(Moved(PadAxis::LeftY, 0.2));
        assert_eq!(pad.moves().0, 0.0, "inside the dead zone");
        pad.playing(Moved(PadAxis::LeftY, 1.0));
        pad.playing(Moved(PadAxis::LeftX, -0.625));
        pad.playing(Moved(PadAxis::RightX, 1.0));
        assert_eq!(pad.moves(), (1.0, -0.5, 1.0, false));
        assert_eq!(pad.playing(Pressed(LeftTrigger)), None);
        assert!(pad.moves().3, "runs while the trigger is held");
        pad.playing(Released(LeftTrigger));
        assert!(!pad.moves().3);
        assert_eq!(pad.playing(Pressed(RightTrigger)), Some(PadPress::Fire));
        assert_eq!(pad.playing(Pressed(South)), Some(PadPress::Use));
        assert_eq!(pad.playing(Pressed(Start)), Some(PadPress::Menu));
        pad.playing(Moved(PadAxis::LeftY, f32::NAN));
        assert_eq!(pad.moves().0, 0.0, "a broken reading is nothing");
        pad.release_all();
        assert_eq!(pad.moves(), (0.0, 0.0, 0.0, false));
    }

    #[test]
    fn in_menus_the_stick_steps_once_per_push() {
        let mut pad = PadState::default();
        assert_eq!(pad.in_menu(Pressed(South)), Some(MenuInput::Select));
        assert_eq!(pad.in_menu(Pressed(East)), Some(MenuInput::Back));
        assert_eq!(pad.in_menu(Pressed(Down)), Some(MenuInput::Down));
        assert_eq!(
            pad.in_menu(Moved(PadAxis::LeftY, -0.9)),
            Some(MenuInput::Down)
        );
        assert_eq!(pad.in_menu(Moved(PadAxis::LeftY, -1.0)), None, "held");
        assert_eq!(pad.in_menu(Moved(PadAxis::LeftY, -0.4)), None);
        assert_eq!(
            pad.in_menu(Moved(PadAxis::LeftY, -0.9)),
            None,
            "not back yet"
        );
        assert_eq!(pad.in_menu(Moved(PadAxis::LeftY, 0.0)), None);
        assert_eq!(
            pad.in_menu(Moved(PadAxis::LeftY, -0.9)),
            Some(MenuInput::Down)
        );
        assert_eq!(
            pad.in_menu(Moved(PadAxis::LeftX, 0.8)),
            Some(MenuInput::Right)
        );
    }
}
