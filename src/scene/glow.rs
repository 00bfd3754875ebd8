//! The lights the game makes as it plays (the renderer's dynamic lights): the muzzle flash of
//! every gun fired, the player's and the enemies', each fireball in flight, and the burst where
//! one explodes, each fading over its moment.

use crate::frame::Colour;
use crate::game::{EnemyState, Game, Weapon};
use crate::level::Light;
use crate::level::kinds::Attack;
use crate::math::Vec2;

/// Ticks a muzzle flash lights its surroundings.
pub const FLASH_TICKS: u64 = 4;
/// Ticks a fireball's burst lights its surroundings.
pub const BURST_TICKS: u64 = 24;
/// The flash of a gun: warm white.
const FLASH: Colour = Colour::rgb(255, 214, 150);
/// A fireball's glow and burst: orange.
const FIRE: Colour = Colour::rgb(255, 140, 50);

/// Fills `out` with the lights of `game` as it stands, `bursts` the fireballs' bursts it
/// remembers (where, and the tick each burst).
pub fn dynamic_lights(game: &Game, bursts: &[(Vec2, u64)], out: &mut Vec<Light>) {
    out.clear();
    let fading = |age: u64, ticks: u64| 1.0 - age as f64 / ticks as f64;
    if let Some(shot) = game.last_shot {
        let age = game.ticks.saturating_sub(shot);
        if age < FLASH_TICKS && game.weapon != Weapon::Knife && !game.player_dead() {
            let (colour, radius) = match game.weapon {
                Weapon::Launcher => (FIRE, 4.0),
                _ => (FLASH, 5.5),
            };
            out.push(Light {
                position: game.player.position + game.player.direction() * 0.3,
                colour,
                radius,
                intensity: 1.6 * fading(age, FLASH_TICKS),
            });
        }
    }
    for e in &game.enemies {
        // The frames it shows firing (its FIRE pose), if it fires a gun.
        let firing = e.state == EnemyState::Attack && e.timer < 0.12 && e.stats.attack == Attack::Gun;
        if firing {
            out.push(Light {
                position: e.position,
                colour: FLASH,
                radius: 4.5,
                intensity: 1.2,
            });
        }
    }
    for p in &game.projectiles {
        out.push(Light {
            position: p.position,
            colour: FIRE,
            radius: 3.5,
            intensity: 1.2,
        });
    }
    for &(at, tick) in bursts {
        let age = game.ticks.saturating_sub(tick);
        if age < BURST_TICKS {
            out.push(Light {
                position: at,
                colour: FIRE,
                radius: 6.0,
                intensity: 2.5 * fading(age, BURST_TICKS),
            });
        }
    }
}

/// Keeps `bursts` up to date with the game's last tick: its fireballs' bursts added (once
/// each, however many frames show the tick), those past [`BURST_TICKS`] dropped.
pub fn remember_bursts(game: &Game, bursts: &mut Vec<(Vec2, u64)>) {
    bursts.retain(|&(_, tick)| game.ticks.saturating_sub(tick) < BURST_TICKS && tick <= game.ticks);
    for event in &game.events {
        if let crate::game::GameEvent::Explosion { at } = *event {
            let new = (at, game.ticks);
            if !bursts.contains(&new) {
                bursts.push(new);
            }
        }
    }
}
