//! A tick's events as placed sounds: what this machine's player hears of the tick, and from
//! where, worked out as the tick is played ([`super::TickOutput::sounds`]), so that a frame
//! that plays three ticks hears each from where the player stood in it. A sound is placed by
//! its distance and angle from the player's ears, and muffled when the traversal finds no
//! line of sight between them (walls and closed doors in the way).

use crate::audio::{Cue, Placement, Sound};
use crate::game::{Game, GameEvent, Weapon};
use crate::grid::{Cell, Solidity, line_of_sight};
use crate::level::PickupKind;
use crate::math::Vec2;

/// The sounds of `events` (a tick's), each with its placement for the ears of `game`'s
/// player. An enemy's sound is its kind's own where the kind names one.
pub fn sounds(game: &Game, events: &[GameEvent]) -> Vec<(Cue, Placement)> {
    let ears = game.seat().player.position;
    let facing = game.seat().player.angle;
    let blocking = game.blocking();
    let heard = |p: Vec2| Placement::at(ears, facing, p, !line_of_sight(&blocking, ears, p));
    // A point on a wall or an actor, brought a little towards the listener so that the line
    // to it does not end inside what was hit.
    let point = |p: Vec2| {
        let to = ears - p;
        let d = to.length();
        let p = if d > 0.1 { p + to * (0.05 / d) } else { p };
        heard(p)
    };
    // A cell (a door, a push wall): heard clearly when any side of it is in view.
    let cell = |c: Cell| {
        let centre = c.centre();
        let sides = [(-0.55, 0.0), (0.55, 0.0), (0.0, -0.55), (0.0, 0.55)];
        let seen = sides.iter().any(|&(dx, dy)| {
            let side = centre + Vec2::new(dx, dy);
            !blocking.is_solid(Cell::containing(side)) && line_of_sight(&blocking, ears, side)
        });
        Placement::at(ears, facing, centre, !seen)
    };
    let here = Placement::HERE;
    // A player's sound: here for the one listening, placed where another stands.
    let viewer = game.viewer.min(game.seats.len() - 1);
    let by = |seat: usize| match game.seats.get(seat) {
        Some(s) if seat != viewer => point(s.player.position),
        _ => here,
    };
    // An enemy's sound, its kind's own where it has one.
    let own = |enemy: usize, sound: Sound| {
        let kind = game.enemies.get(enemy).map(|e| &e.kind);
        let sounds = &kind.and_then(|k| game.level.kinds.get(k))?.sounds;
        match sound {
            Sound::Alert => sounds.alert.clone(),
            Sound::GuardShot => sounds.shot.clone(),
            Sound::EnemyPain => sounds.pain.clone(),
            _ => sounds.death.clone(),
        }
    };
    let enemy = |sound: Sound, enemy: usize, at: Vec2| {
        (
            Cue {
                sound,
                own: own(enemy, sound),
            },
            point(at),
        )
    };
    events
        .iter()
        // What only its own player hears: their pain, use meeting nothing, a life gained, a
        // pickup (the others hear shots, deaths and the rest).
        .filter(|event| {
            let own = matches!(
                event,
                GameEvent::Thud { .. }
                    | GameEvent::ExtraLife { .. }
                    | GameEvent::Pickup { .. }
                    | GameEvent::PlayerHurt { .. }
            );
            !own || event.seat().is_none_or(|s| s == viewer)
        })
        .filter_map(|event| {
            let (sound, placement) = match *event {
                GameEvent::Shot { weapon, seat } => (
                    match weapon {
                        Weapon::Knife => Sound::Knife,
                        Weapon::Pistol => Sound::Pistol,
                        Weapon::MachineGun => Sound::MachineGun,
                        Weapon::Chaingun => Sound::Chaingun,
                        Weapon::Launcher => Sound::Launcher,
                    },
                    by(seat),
                ),
                GameEvent::PlayerHurt { .. } => (Sound::PlayerPain, here),
                GameEvent::PlayerDeath { seat } => (Sound::PlayerDeath, by(seat)),
                GameEvent::EnemyShot { at, enemy: i } => {
                    return Some(enemy(Sound::GuardShot, i, at));
                }
                GameEvent::EnemyAlert { at, enemy: i } => return Some(enemy(Sound::Alert, i, at)),
                GameEvent::EnemyPain { at, enemy: i } => {
                    return Some(enemy(Sound::EnemyPain, i, at));
                }
                GameEvent::EnemyDeath { at, enemy: i } => {
                    return Some(enemy(Sound::EnemyDeath, i, at));
                }
                GameEvent::Explosion { at } => (Sound::Explosion, point(at)),
                GameEvent::Pickup { kind, .. } => (
                    match kind {
                        PickupKind::Food | PickupKind::FirstAid => Sound::PickupHealth,
                        PickupKind::Ammo | PickupKind::Rounds | PickupKind::Weapon(_) => {
                            Sound::PickupAmmo
                        }
                        PickupKind::Treasure(_) => Sound::PickupTreasure,
                        PickupKind::Key(_) => Sound::PickupKey,
                        PickupKind::OneUp => Sound::ExtraLife,
                    },
                    here,
                ),
                GameEvent::Thud { .. } => (Sound::Thud, here),
                GameEvent::DoorOpened(c) => (Sound::DoorOpen, cell(c)),
                GameEvent::DoorClosing(c) => (Sound::DoorClose, cell(c)),
                GameEvent::PushWallMoved(c) => (Sound::PushWall, cell(c)),
                GameEvent::Exit => (Sound::Exit, here),
                GameEvent::ExtraLife { .. } => (Sound::ExtraLife, here),
                GameEvent::Tally => (Sound::Tally, here),
                GameEvent::Message { .. } | GameEvent::Fragged { .. } => return None,
            };
            Some((Cue::from(sound), placement))
        })
        .collect()
}
