//! The episode's last exit played out in the engine, as Wolfenstein 3D ends an episode: the
//! view draws back from the player and turns to face the exit, the player's own figure runs
//! out through it, and the picture fades before the tally and the episode's totals.

use crate::game::{Game, TICK_HZ};
use crate::grid::{Cell, Solidity, line_of_sight};
use crate::math::{Vec2, turn_degrees};

/// Ticks the view takes to draw back and turn (a second); the figure stands meanwhile.
const TURN_TICKS: u32 = TICK_HZ;
/// Ticks the picture takes to fade once the figure has run its way (half a second).
const FADE_TICKS: u32 = TICK_HZ / 2;
/// The most ticks the whole sequence lasts (four seconds; a long run is cut by the fade).
pub const VICTORY_TICKS: u32 = 4 * TICK_HZ;
/// Ticks before use or fire may cut the sequence short (half a second).
pub const VICTORY_SKIP_TICKS: u32 = TICK_HZ / 2;
/// How fast the figure runs, tiles a second.
const RUN_SPEED: f64 = 3.0;
/// The farthest the view draws back, tiles.
const MOST_BACK: f64 = 2.5;
/// The farthest the figure runs on past an elevator exit's middle, tiles.
const MOST_RUN_ON: f64 = 2.5;
/// How near the view and the figure keep to a wall, tiles.
const WALL_MARGIN: f64 = 0.3;

/// The sequence under way: where it started and where it goes, and how long it has run.
#[derive(Clone, Debug, PartialEq)]
pub struct Victory {
    /// Where the player stood when the exit was used.
    pub from: Vec2,
    /// The way the player faced then, degrees.
    pub facing: f64,
    /// Where the figure runs to: into the exit cell (an elevator) and on as far as the floor
    /// goes, or the floor before it (an exit switch, a wall).
    pub to: Vec2,
    /// Where the view comes to rest: drawn back from `from`, away from the exit.
    pub rest: Vec2,
    /// Ticks since it began.
    pub ticks: u32,
}

/// Where the view stands, and the way it looks, degrees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    /// Where it stands.
    pub position: Vec2,
    /// The way it looks, degrees.
    pub angle: f64,
}

/// The player's figure: where it stands, the way it faces (degrees), and how far it has run
/// (tiles, for the walking frames).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Runner {
    /// Where it stands.
    pub position: Vec2,
    /// The way it faces, degrees.
    pub facing: f64,
    /// How far it has run, tiles.
    pub ran: f64,
}

impl Victory {
    /// The sequence for `game`, whose player has just used an exit: the nearest exit cell to
    /// the player is the one used.
    pub fn new(game: &Game) -> Victory {
        let from = game.seat().player.position;
        let facing = game.seat().player.angle;
        let exit = game
            .level
            .exits
            .iter()
            .map(|&c| c.centre())
            .min_by(|a, b| (*a - from).length().total_cmp(&(*b - from).length()))
            .unwrap_or(from + Vec2::from_angle_degrees(facing));
        let blocking = game.blocking();
        let solid = |p: Vec2| blocking.is_solid(Cell::containing(p));
        let along = exit - from;
        let way = if along.length() > 1e-6 {
            along * (1.0 / along.length())
        } else {
            Vec2::from_angle_degrees(facing)
        };
        // How far the floor goes from `start` the way `way` points, up to `most` tiles, in a
        // clear line and `WALL_MARGIN` short of what is solid.
        let clear = |start: Vec2, way: Vec2, most: f64| {
            let mut far = 0.0;
            while far < most {
                let next = far + 0.125;
                let at = start + way * (next + WALL_MARGIN);
                if solid(at) || !line_of_sight(&blocking, start, at) {
                    break;
                }
                far = next;
            }
            far
        };
        let to = if solid(exit) {
            // An exit switch is a wall: the figure stops on the floor before it.
            from + way * (along.length() - 0.7).max(0.0)
        } else {
            // An elevator: in, and on as far as the floor goes.
            exit + way * clear(exit, way, MOST_RUN_ON)
        };
        // The view draws back along the way, as far as the floor goes.
        let back = clear(from, way * -1.0, MOST_BACK);
        Victory {
            from,
            facing,
            to,
            rest: from - way * back,
            ticks: 0,
        }
    }

    /// Whether it has played out.
    pub fn done(&self) -> bool {
        self.ticks >= self.fade_from() + FADE_TICKS
    }

    /// Ticks from the start when the picture begins to fade: once the figure has run its
    /// way, at the latest half a second before [`VICTORY_TICKS`].
    fn fade_from(&self) -> u32 {
        let run = (self.to - self.from).length() / RUN_SPEED * f64::from(TICK_HZ);
        (TURN_TICKS + run.ceil() as u32).min(VICTORY_TICKS - FADE_TICKS)
    }

    /// The view `ticks` into the sequence: drawing back from where the player stood and
    /// turning to face the exit over the first second, then still.
    pub fn eye(&self) -> Eye {
        let share = (f64::from(self.ticks) / f64::from(TURN_TICKS)).min(1.0);
        // Eased: starts and stops gently.
        let eased = share * share * (3.0 - 2.0 * share);
        let look = self.to - self.rest;
        let toward = if look.length() > 1e-6 {
            look.angle_degrees()
        } else {
            self.facing
        };
        Eye {
            position: self.from + (self.rest - self.from) * eased,
            angle: self.facing + turn_degrees(self.facing, toward) * eased,
        }
    }

    /// The player's figure: standing where the player stood while the view turns, then
    /// running to the exit, and on the spot there (its legs still going) while the picture
    /// fades; `None` while the view is within a tile of it (drawn from inside it, it would
    /// fill the picture).
    pub fn runner(&self) -> Option<Runner> {
        let run = self.to - self.from;
        let ran = f64::from(self.ticks.saturating_sub(TURN_TICKS)) / f64::from(TICK_HZ) * RUN_SPEED;
        let (way, facing) = if run.length() > 1e-6 {
            (run * (1.0 / run.length()), run.angle_degrees())
        } else {
            (Vec2::new(0.0, 0.0), self.facing)
        };
        let position = self.from + way * ran.min(run.length());
        ((position - self.eye().position).length() >= 1.0).then_some(Runner {
            position,
            facing,
            ran,
        })
    }

    /// How far the picture has faded to black, 0 to 1.
    pub fn fade(&self) -> f64 {
        let since = self.ticks.saturating_sub(self.fade_from());
        (f64::from(since) / f64::from(FADE_TICKS)).min(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::episode::Session;
    use std::path::Path;

    /// The Bunker's victory, with the player walked into its lift (an exit cell, its
    /// corridor running on east) from the west, facing a little off east.
    fn at_the_bunkers_exit() -> Victory {
        let mut session = Session::start(Path::new("levels/e1m9.toml"), None).unwrap();
        let exit = session.game.level.exits[0];
        let game = &mut session.game;
        game.seat_mut().player.position =
            Vec2::new(f64::from(exit.x) + 0.05, f64::from(exit.y) + 0.5);
        game.seat_mut().player.angle = 10.0;
        Victory::new(game)
    }

    /// The view draws back from the player, away from the exit, clear of walls, and ends
    /// facing the exit; the figure runs from the player's place on down the lift's corridor,
    /// then is gone; the picture fades to black at the end.
    #[test]
    fn the_view_turns_to_the_exit_and_the_player_runs_out() {
        let mut victory = at_the_bunkers_exit();
        let from = victory.from;
        assert!(
            victory.to.x - from.x > 1.5 && (victory.to.y - from.y).abs() < 0.1,
            "runs on east down the corridor: {:?} to {:?}",
            from,
            victory.to
        );
        assert!(
            (victory.rest - from).length() > 1.0,
            "draws back: {:?}",
            victory.rest
        );
        assert!(
            (victory.rest - victory.to).length() > (from - victory.to).length(),
            "away from the exit"
        );
        assert_eq!(victory.eye().position, from, "starts at the player's eyes");
        assert!(victory.runner().is_none(), "not drawn from inside it");
        victory.ticks = TURN_TICKS;
        let eye = victory.eye();
        assert!((eye.position - victory.rest).length() < 1e-9);
        let to_exit = (victory.to - eye.position).angle_degrees();
        assert!(
            turn_degrees(eye.angle, to_exit).abs() < 1e-6,
            "faces the exit"
        );
        let standing = victory.runner().expect("seen once the view has drawn back");
        assert_eq!(standing.position, from);
        victory.ticks = TURN_TICKS + TICK_HZ / 6;
        let running = victory.runner().unwrap();
        assert!((running.position - from).length() > 0.3, "{running:?}");
        assert!(
            (running.position - victory.to).length() < (from - victory.to).length(),
            "towards the exit"
        );
        assert_eq!(victory.fade(), 0.0);
        // At the end of the corridor when the fade begins, and black when it is done.
        victory.ticks = victory.fade_from();
        assert!((victory.runner().unwrap().position - victory.to).length() < 1e-9);
        assert!(victory.fade() == 0.0 && !victory.done());
        victory.ticks += FADE_TICKS;
        assert!(victory.done() && victory.fade() == 1.0);
        assert!(victory.ticks <= VICTORY_TICKS);
    }

    /// Restarting the level (the pause menu's Restart level) while the player runs out plays
    /// the level again, not the rest of the sequence over it.
    #[test]
    fn a_restart_ends_the_sequence() {
        let mut session = Session::start(Path::new("levels/e1m9.toml"), None).unwrap();
        session.victory = Some(Victory::new(&session.game));
        session.restart_level();
        assert!(session.victory.is_none() && !session.game.finished);
    }
}
