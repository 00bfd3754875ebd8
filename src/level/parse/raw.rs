//! The level file as TOML gives it: every field with its span, nothing checked yet.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawLevel {
    pub(in crate::level) name: Spanned<String>,
    /// The level format (see [`crate::level::LEVEL_FORMAT`]); checked before the rest.
    #[allow(dead_code)]
    pub(in crate::level) format: Option<Spanned<i64>>,
    pub(in crate::level) grid: Spanned<String>,
    pub(in crate::level) next: Option<Spanned<String>>,
    /// The level a secret exit leads to (`secret_next`), relative to this file.
    pub(in crate::level) secret_next: Option<Spanned<String>>,
    pub(in crate::level) par: Option<Spanned<i64>>,
    pub(in crate::level) textures: Option<Spanned<String>>,
    pub(in crate::level) music: Option<Spanned<String>>,
    #[serde(default)]
    pub(in crate::level) defaults: RawDefaults,
    pub(in crate::level) fog: Option<RawFog>,
    #[serde(default)]
    pub(in crate::level) legend: BTreeMap<Spanned<String>, Spanned<RawEntry>>,
    pub(in crate::level) player: Option<Spanned<RawPlacement>>,
    /// Deathmatch spawn points (`[[spawn]]`).
    #[serde(default)]
    pub(in crate::level) spawn: Vec<Spanned<RawPlacement>>,
    #[serde(default)]
    pub(in crate::level) enemy: Vec<Spanned<RawEnemy>>,
    #[serde(default)]
    pub(in crate::level) pickup: Vec<Spanned<RawPickup>>,
    #[serde(default)]
    pub(in crate::level) decoration: Vec<Spanned<RawDecoration>>,
    #[serde(default)]
    pub(in crate::level) light: Vec<Spanned<RawPlacedLight>>,
    pub(in crate::level) ambient: Option<RawAmbient>,
    /// The level's own enemy kinds (`[enemies.NAME]`), beside the built-in ones.
    #[serde(default)]
    pub(in crate::level) enemies: BTreeMap<Spanned<String>, Spanned<RawKind>>,
    /// The level's changes to the weapons (`[weapons.NAME]`).
    #[serde(default)]
    pub(in crate::level) weapons: BTreeMap<Spanned<String>, Spanned<RawWeapon>>,
}

/// A weapon's numbers as the level file changes them (`[weapons.NAME]`); what is missing is
/// the built-in number.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawWeapon {
    pub(in crate::level) damage: Option<Spanned<Vec<i64>>>,
    pub(in crate::level) interval: Option<Spanned<f64>>,
    pub(in crate::level) cost: Option<Spanned<i64>>,
    pub(in crate::level) automatic: Option<Spanned<bool>>,
    pub(in crate::level) loud: Option<Spanned<bool>>,
}

impl PlacedAt for RawWeapon {
    fn placed_at(self, at: usize) -> RawWeapon {
        RawWeapon {
            damage: at_(self.damage, at),
            interval: at_(self.interval, at),
            cost: at_(self.cost, at),
            automatic: at_(self.automatic, at),
            loud: at_(self.loud, at),
        }
    }
}

/// An enemy kind as the level file gives it (`[enemies.NAME]`); what is missing is a guard's.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawKind {
    pub(in crate::level) sprite: Option<Spanned<String>>,
    pub(in crate::level) health: Option<Spanned<i64>>,
    pub(in crate::level) speed: Option<Spanned<f64>>,
    pub(in crate::level) damage: Option<Spanned<Vec<i64>>>,
    pub(in crate::level) firing_range: Option<Spanned<Vec<f64>>>,
    pub(in crate::level) sounds: Option<RawKindSounds>,
    pub(in crate::level) points: Option<Spanned<i64>>,
    pub(in crate::level) attack: Option<Spanned<String>>,
    pub(in crate::level) burst: Option<Spanned<i64>>,
    pub(in crate::level) aim: Option<Spanned<f64>>,
    pub(in crate::level) shout: Option<Spanned<bool>>,
    pub(in crate::level) drops: Option<Spanned<String>>,
    pub(in crate::level) boss: Option<Spanned<bool>>,
}

/// A table read from text inside another file (a Tiled map's `enemies` or `weapons`
/// property), whose every place is moved to where that text is.
pub(in crate::level) trait PlacedAt {
    /// The table with every place in it moved to `at`.
    fn placed_at(self, at: usize) -> Self;
}

impl PlacedAt for RawKind {
    fn placed_at(self, at: usize) -> RawKind {
        RawKind {
            sprite: at_(self.sprite, at),
            health: at_(self.health, at),
            speed: at_(self.speed, at),
            damage: at_(self.damage, at),
            firing_range: at_(self.firing_range, at),
            sounds: self.sounds.map(|s| RawKindSounds {
                alert: at_(s.alert, at),
                shot: at_(s.shot, at),
                pain: at_(s.pain, at),
                death: at_(s.death, at),
            }),
            points: at_(self.points, at),
            attack: at_(self.attack, at),
            burst: at_(self.burst, at),
            aim: at_(self.aim, at),
            shout: at_(self.shout, at),
            drops: at_(self.drops, at),
            boss: at_(self.boss, at),
        }
    }
}

/// An enemy kind's own sounds as the level file gives them.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawKindSounds {
    pub(in crate::level) alert: Option<Spanned<String>>,
    pub(in crate::level) shot: Option<Spanned<String>>,
    pub(in crate::level) pain: Option<Spanned<String>>,
    pub(in crate::level) death: Option<Spanned<String>>,
}

/// A value moved to `at` (one read from text inside another file).
fn at_<T>(v: Option<Spanned<T>>, at: usize) -> Option<Spanned<T>> {
    v.map(|v| Spanned::new(at..at, v.into_inner()))
}

/// Only the format of a level file, read before the rest: a level from a newer tilecaster may
/// have fields this one does not know, and should be told apart from a broken one.
#[derive(Deserialize, Clone)]
pub(in crate::level) struct RawFormat {
    pub(in crate::level) format: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawDefaults {
    pub(in crate::level) floor: Option<Spanned<String>>,
    pub(in crate::level) ceiling: Option<Spanned<String>>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawFog {
    pub(in crate::level) colour: Spanned<String>,
    pub(in crate::level) distance: Spanned<f64>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawPlacement {
    pub(in crate::level) position: Spanned<Vec<f64>>,
    pub(in crate::level) facing: Option<Spanned<String>>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawEnemy {
    pub(in crate::level) kind: Spanned<String>,
    pub(in crate::level) position: Spanned<Vec<f64>>,
    pub(in crate::level) facing: Option<Spanned<String>>,
    pub(in crate::level) mode: Option<Spanned<String>>,
    pub(in crate::level) difficulty: Option<Spanned<String>>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawPickup {
    pub(in crate::level) kind: Spanned<String>,
    pub(in crate::level) position: Spanned<Vec<f64>>,
    pub(in crate::level) difficulty: Option<Spanned<String>>,
}

/// A `[[decoration]]` table: a decoration placed at a position.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawDecoration {
    pub(in crate::level) kind: Spanned<String>,
    pub(in crate::level) position: Spanned<Vec<f64>>,
}

/// A light as a legend entry gives it (`light = { colour, radius, intensity }`).
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawLight {
    pub(in crate::level) colour: Spanned<String>,
    pub(in crate::level) radius: Spanned<f64>,
    pub(in crate::level) intensity: Option<Spanned<f64>>,
}

/// A `[[light]]` table: a light placed at a position.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawPlacedLight {
    pub(in crate::level) position: Spanned<Vec<f64>>,
    pub(in crate::level) colour: Spanned<String>,
    pub(in crate::level) radius: Spanned<f64>,
    pub(in crate::level) intensity: Option<Spanned<f64>>,
}

/// The `[ambient]` table.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawAmbient {
    pub(in crate::level) level: Spanned<f64>,
}

#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawEntry {
    pub(in crate::level) wall: Option<Spanned<String>>,
    pub(in crate::level) faces: Option<RawFaces>,
    pub(in crate::level) door: Option<Spanned<String>>,
    pub(in crate::level) key: Option<Spanned<String>>,
    pub(in crate::level) push: Option<Spanned<String>>,
    pub(in crate::level) masked: Option<Spanned<String>>,
    pub(in crate::level) floor: Option<Spanned<String>>,
    pub(in crate::level) ceiling: Option<Spanned<String>>,
    pub(in crate::level) player: Option<Spanned<String>>,
    /// A deathmatch spawn point, its value the facing (as the player's).
    pub(in crate::level) spawn: Option<Spanned<String>>,
    pub(in crate::level) enemy: Option<Spanned<String>>,
    pub(in crate::level) facing: Option<Spanned<String>>,
    pub(in crate::level) mode: Option<Spanned<String>>,
    pub(in crate::level) pickup: Option<Spanned<String>>,
    pub(in crate::level) decoration: Option<Spanned<String>>,
    pub(in crate::level) difficulty: Option<Spanned<String>>,
    pub(in crate::level) exit: Option<Spanned<bool>>,
    /// With `exit = true`: the secret exit, to the level's `secret_next`.
    pub(in crate::level) secret: Option<Spanned<bool>>,
    pub(in crate::level) shape: Option<Spanned<String>>,
    pub(in crate::level) light: Option<Spanned<RawLight>>,
}

impl RawEntry {
    /// Whether it says `exit = true`: an exit, or (with a wall) an exit switch.
    pub(in crate::level) fn is_exit(&self) -> bool {
        self.exit.as_ref().is_some_and(|x| *x.get_ref())
    }

    /// Whether it is an exit to stand in (`exit = true` without a wall: not a switch).
    pub(in crate::level) fn is_exit_cell(&self) -> bool {
        self.is_exit() && self.wall.is_none() && self.faces.is_none()
    }

    /// Whether it says `secret = true`: with `exit = true`, the secret exit.
    pub(in crate::level) fn is_secret(&self) -> bool {
        self.secret.as_ref().is_some_and(|x| *x.get_ref())
    }
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(in crate::level) struct RawFaces {
    pub(in crate::level) north: Option<Spanned<String>>,
    pub(in crate::level) south: Option<Spanned<String>>,
    pub(in crate::level) east: Option<Spanned<String>>,
    pub(in crate::level) west: Option<Spanned<String>>,
}
