//! The lights the game makes as it plays (the renderer's dynamic lights): the muzzle flash of
//! every gun fired, the players' and the enemies', each fireball in flight, and the burst where
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
/// The most lights a frame draws (each is worked out every frame): the nearest the player.
pub const MOST_LIGHTS: usize = 16;

/// Fills `out` with the lights of `game` as it stands, `bursts` the fireballs' bursts it
/// remembers (where, and the tick each burst).
pub fn dynamic_lights(game: &Game, bursts: &[(Vec2, u64)], out: &mut Vec<Light>) {
    out.clear();
    let fading = |age: u64, ticks: u64| 1.0 - age as f64 / ticks as f64;
    // Every player's flash (the others' too, in a game of several).
    for seat in &game.seats {
        let Some(shot) = seat.last_shot else {
            continue;
        };
        let age = game.ticks.saturating_sub(shot);
        if age < FLASH_TICKS && seat.weapon != Weapon::Knife && !seat.dead() {
            let (colour, radius) = match seat.weapon {
                Weapon::Launcher => (FIRE, 4.0),
                _ => (FLASH, 5.5),
            };
            out.push(Light {
                position: seat.player.position + seat.player.direction() * 0.3,
                colour,
                radius,
                intensity: 1.6 * fading(age, FLASH_TICKS),
            });
        }
    }
    for e in &game.enemies {
        // The frames it shows firing (its FIRE pose), if it fires a gun.
        let firing =
            e.state == EnemyState::Attack && e.timer < 0.12 && e.stats.attack == Attack::Gun;
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
    if out.len() > MOST_LIGHTS {
        let me = game.seat().player.position;
        out.sort_unstable_by(|a, b| {
            (a.position - me)
                .length()
                .total_cmp(&(b.position - me).length())
        });
        out.truncate(MOST_LIGHTS);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Input, Weapon};
    use crate::level::Level;

    fn game() -> Game {
        let text = "name = \"g\"\ngrid = '''\n##########\n#@.......#\n##########\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n";
        Game::new(
            Level::parse(text, std::path::Path::new("g.toml"))
                .unwrap()
                .level,
        )
    }

    fn held(fire: bool) -> Input {
        Input {
            fire,
            ..Input::default()
        }
    }

    /// A shot lights its muzzle for a few ticks, dimmer each tick, then nothing; the knife
    /// makes no flash.
    #[test]
    fn a_shot_flashes_and_fades_and_the_knife_does_not() {
        let mut g = game();
        let mut out = Vec::new();
        dynamic_lights(&g, &[], &mut out);
        assert!(out.is_empty(), "{out:?}");
        g.tick(&held(true));
        let mut intensities = Vec::new();
        for _ in 0..FLASH_TICKS {
            dynamic_lights(&g, &[], &mut out);
            intensities.push(out.first().map_or(0.0, |l| l.intensity));
            g.tick(&held(false));
        }
        assert!(
            intensities.windows(2).all(|w| w[0] > w[1] && w[1] > 0.0),
            "{intensities:?}"
        );
        dynamic_lights(&g, &[], &mut out);
        assert!(out.is_empty(), "{out:?}");
        g.seat_mut().weapon = Weapon::Knife;
        g.seat_mut().chosen = Weapon::Knife;
        for _ in 0..30 {
            g.tick(&held(false));
        }
        g.tick(&held(true));
        dynamic_lights(&g, &[], &mut out);
        assert!(out.is_empty(), "the knife flashed: {out:?}");
    }

    /// A fireball in flight carries its light; its burst glows and fades, and is forgotten
    /// after [`BURST_TICKS`].
    #[test]
    fn fireballs_and_their_bursts_glow() {
        let mut g = game();
        g.seat_mut().player.arm(Weapon::Launcher);
        g.seat_mut().player.rounds = 5;
        g.seat_mut().weapon = Weapon::Launcher;
        g.seat_mut().chosen = Weapon::Launcher;
        g.tick(&held(true));
        let mut out = Vec::new();
        let mut bursts = Vec::new();
        for _ in 0..FLASH_TICKS {
            g.tick(&held(false));
        }
        dynamic_lights(&g, &bursts, &mut out);
        assert_eq!(out.len(), 1, "the fireball: {out:?}");
        let mut burst_seen = None;
        for t in 0..200 {
            g.tick(&held(false));
            remember_bursts(&g, &mut bursts);
            if !bursts.is_empty() && burst_seen.is_none() {
                burst_seen = Some(t);
            }
        }
        assert!(burst_seen.is_some(), "the fireball never burst");
        assert!(bursts.is_empty(), "a burst outlived its glow: {bursts:?}");
        let at = Vec2::new(5.5, 1.5);
        bursts.push((at, g.ticks));
        dynamic_lights(&g, &bursts, &mut out);
        let first = out.iter().find(|l| l.position == at).unwrap().intensity;
        g.tick(&held(false));
        dynamic_lights(&g, &bursts, &mut out);
        let next = out.iter().find(|l| l.position == at).unwrap().intensity;
        assert!(next < first);
    }
}
