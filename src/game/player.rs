use super::weapons::{Arsenal, Pool};
use super::{Input, TICK, Weapon};
use crate::geom::cells_under_circle;
use crate::grid::{Cell, Solidity};
use crate::math::Vec2;

/// The player's collision radius, tiles.
pub const PLAYER_RADIUS: f64 = 0.25;
/// Walking speed, tiles per second; running doubles it. Wolfenstein 3D's: its source release
/// moves the player `BASEMOVE * MOVESCALE` = 35 x 150 = 5,250 units a tic walking
/// (`RUNMOVE` 70: twice that running) at 65,536 units a tile and 70 tics a second: 5.6 tiles a
/// second, 11.2 running, at full speed from the first tic (it has no acceleration, nor this).
pub const WALK_SPEED: f64 = 5.6;
/// Health at the start, and the most there is.
pub const MAX_HEALTH: u32 = 100;
/// Bullets at the start of the episode (Wolfenstein 3D's 8).
pub const START_AMMO: u32 = 8;
/// The most bullets carried.
pub const MAX_AMMO: u32 = 99;
/// The most launcher rounds carried.
pub const MAX_ROUNDS: u32 = 20;
/// The longest step the circle takes at once, tiles: under the radius, and under the
/// thinnest bar of a shaped wall that matters, so that it cannot tunnel through one.
const MAX_STEP: f64 = 0.1;

/// The player: a circle that slides along walls.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// Centre, world units.
    pub position: Vec2,
    /// Facing, degrees from east towards south.
    pub angle: f64,
    /// Health, 0 to 100.
    pub health: u32,
    /// Bullets, shared by the pistol, machine gun and chaingun.
    pub ammo: u32,
    /// The launcher's rounds.
    pub rounds: u32,
    /// The weapons carried, in the order of their numbers (the knife and pistol always).
    pub weapons: Vec<Weapon>,
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
            rounds: 0,
            weapons: vec![Weapon::Knife, Weapon::Pistol],
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

    /// Adds bullets (at most [`MAX_AMMO`]); `false` when full (the pickup stays).
    pub fn add_ammo(&mut self, amount: u32) -> bool {
        if self.ammo >= MAX_AMMO {
            return false;
        }
        self.ammo = (self.ammo + amount).min(MAX_AMMO);
        true
    }

    /// Adds launcher rounds (at most [`MAX_ROUNDS`]); `false` when full.
    pub fn add_rounds(&mut self, amount: u32) -> bool {
        if self.rounds >= MAX_ROUNDS {
            return false;
        }
        self.rounds = (self.rounds + amount).min(MAX_ROUNDS);
        true
    }

    /// Whether `weapon` is carried.
    pub fn has(&self, weapon: Weapon) -> bool {
        self.weapons.contains(&weapon)
    }

    /// Carries `weapon` from now on; whether it is new.
    pub fn arm(&mut self, weapon: Weapon) -> bool {
        if self.has(weapon) {
            return false;
        }
        self.weapons.push(weapon);
        self.weapons.sort_unstable();
        true
    }

    /// Whether there are rounds for a shot of `weapon` (the knife needs none), as `arsenal`
    /// prices it.
    pub fn loaded(&self, weapon: Weapon, arsenal: &Arsenal) -> bool {
        let stats = arsenal.stats(weapon);
        match stats.pool {
            Pool::None => true,
            Pool::Bullets => self.ammo >= stats.cost,
            Pool::Rounds => self.rounds >= stats.cost,
        }
    }

    /// Spends the rounds of one shot of `weapon`.
    pub(super) fn spend(&mut self, weapon: Weapon, arsenal: &Arsenal) {
        let stats = arsenal.stats(weapon);
        match stats.pool {
            Pool::None => {}
            Pool::Bullets => self.ammo = self.ammo.saturating_sub(stats.cost),
            Pool::Rounds => self.rounds = self.rounds.saturating_sub(stats.cost),
        }
    }

    /// The weapon to hold when `chosen` cannot fire: the best gun carried that has bullets,
    /// else the knife (as Wolfenstein 3D puts the knife in hand when the bullets run out).
    pub fn fallback(&self, chosen: Weapon, arsenal: &Arsenal) -> Weapon {
        if self.has(chosen) && self.loaded(chosen, arsenal) {
            return chosen;
        }
        [Weapon::Chaingun, Weapon::MachineGun, Weapon::Pistol]
            .into_iter()
            .find(|&w| self.has(w) && self.loaded(w, arsenal))
            .unwrap_or(Weapon::Knife)
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
        // In steps of at most MAX_STEP, under the radius: the circle cannot tunnel through a
        // wall, nor through a shaped wall's bar.
        let before = self.position;
        let motion = wish * (speed * TICK);
        let steps = (motion.length() / MAX_STEP).ceil().clamp(1.0, 4.0);
        for _ in 0..steps as u32 {
            self.position = slide(self.position, motion * (1.0 / steps), blocking);
        }
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
            // A level's masks are square (see level::shapes).
            let n = mask.width();
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
