use super::{Input, TICK};
use crate::geom::cells_under_circle;
use crate::grid::{Cell, Solidity};
use crate::math::Vec2;

/// The player's collision radius, tiles.
pub const PLAYER_RADIUS: f64 = 0.25;
/// Walking speed, tiles per second (running doubles it).
const WALK_SPEED: f64 = 3.0;
const MAX_HEALTH: u32 = 100;
/// Rounds at the start of the episode.
const START_AMMO: u32 = 16;

/// The player: a circle that slides along walls.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// Centre, world units.
    pub position: Vec2,
    /// Facing, degrees from east towards south.
    pub angle: f64,
    /// Health, 0 to 100.
    pub health: u32,
    /// Rounds of ammunition.
    pub ammo: u32,
    /// Distance walked, tiles (the weapon's bob follows it).
    pub walked: f64,
}

impl Player {
    /// A player at `position` facing `angle`.
    pub fn new(position: Vec2, angle: f64) -> Player {
        Player {
            position,
            angle,
            health: MAX_HEALTH,
            ammo: START_AMMO,
            walked: 0.0,
        }
    }

    /// The unit facing direction.
    pub fn direction(&self) -> Vec2 {
        Vec2::from_angle_degrees(self.angle)
    }

    /// The cell of the centre.
    pub fn cell(&self) -> Cell {
        Cell::containing(self.position)
    }

    /// The cells the circle overlaps.
    pub fn cells(&self) -> Vec<Cell> {
        cells_under_circle(self.position, PLAYER_RADIUS).collect()
    }

    /// Heals; `false` at full health (the pickup stays).
    pub fn heal(&mut self, amount: u32) -> bool {
        if self.health >= MAX_HEALTH {
            return false;
        }
        self.health = (self.health + amount).min(MAX_HEALTH);
        true
    }

    /// Adds ammunition (at most 99).
    pub fn add_ammo(&mut self, amount: u32) -> bool {
        if self.ammo >= 99 {
            return false;
        }
        self.ammo = (self.ammo + amount).min(99);
        true
    }

    /// Turns and moves for one tick, sliding along whatever `blocking` says is solid.
    pub fn step(&mut self, input: &Input, blocking: &impl Solidity) {
        if input.turn.is_finite() {
            self.angle = (self.angle + input.turn).rem_euclid(360.0);
        }
        let dir = self.direction();
        let right = Vec2::new(-dir.y, dir.x);
        let clamp = |v: f64| {
            if v.is_finite() {
                v.clamp(-1.0, 1.0)
            } else {
                0.0
            }
        };
        let mut wish = dir * clamp(input.forward) + right * clamp(input.strafe);
        let length = wish.length();
        if length > 1.0 {
            wish = wish * (1.0 / length);
        }
        let speed = WALK_SPEED * if input.run { 2.0 } else { 1.0 };
        // At most 0.1 tiles a tick, under the radius: the circle cannot tunnel through a wall.
        let before = self.position;
        self.position = slide(self.position, wish * (speed * TICK), blocking);
        let moved = (self.position - before).length();
        if moved.is_finite() {
            self.walked += moved;
        }
    }
}

/// Moves a circle by `motion`, then pushes it out of every solid square it overlaps: whole
/// cells, and the solid texels of shaped cells (so it slides around a round pillar's
/// outline), a few passes for corners where two push at once. Moving into a wall at an angle
/// keeps the motion along it: sliding.
fn slide(from: Vec2, motion: Vec2, blocking: &impl Solidity) -> Vec2 {
    let mut p = from + motion;
    let r = PLAYER_RADIUS;
    for _ in 0..4 {
        let mut moved = false;
        let mut push = |corner: Vec2, size: f64, p: &mut Vec2| {
            // The nearest point of the square to the centre.
            let near = Vec2::new(
                p.x.clamp(corner.x, corner.x + size),
                p.y.clamp(corner.y, corner.y + size),
            );
            let away = *p - near;
            let d = away.length();
            if d < r {
                if d > 1e-12 {
                    *p = near + away * (r / d);
                } else {
                    // The centre inside the square: go back where it came from.
                    *p = from;
                }
                moved = true;
            }
        };
        for cell in cells_under_circle(p, r) {
            if !blocking.is_solid(cell) {
                continue;
            }
            let corner = Vec2::new(f64::from(cell.x), f64::from(cell.y));
            let Some(mask) = blocking.shape(cell) else {
                push(corner, 1.0, &mut p);
                continue;
            };
            // The solid texels within the circle's reach.
            let n = mask.side();
            let size = 1.0 / f64::from(n);
            let texel = |v: f64| ((v * f64::from(n)).floor().max(0.0) as u32).min(n - 1);
            let (x0, x1) = (texel(p.x - r - corner.x), texel(p.x + r - corner.x));
            let (y0, y1) = (texel(p.y - r - corner.y), texel(p.y + r - corner.y));
            for ty in y0..=y1 {
                for tx in x0..=x1 {
                    if mask.is_solid(tx, ty) {
                        let at = corner + Vec2::new(f64::from(tx), f64::from(ty)) * size;
                        push(at, size, &mut p);
                    }
                }
            }
        }
        if !moved {
            break;
        }
    }
    p
}
