//! Enemy kinds: what an enemy is made of (its sprite sheet, health, speed, damage, firing
//! range, how it attacks, what it is worth and what it drops), as data. Six are built in
//! (`guard`, `officer`, `dog`, `ss`, `mutant`, `boss`); a TOML level adds its own or changes
//! these with `[enemies.NAME]` tables:
//!
//! ```toml
//! [enemies.brute]
//! sprite = "officer"        # the sheet textures/sprites/officer.png (default: the kind's name)
//! health = 120              # 1 to 10000 (a guard: 25; a bullet does 0 to 63 close up)
//! speed = 1.0               # tiles a second walking, 0.1 to 10 (a guard: 1.6)
//! damage = [8, 20]          # each hit on the player, from and to, 0 to 100 (a guard: [4, 12])
//! firing_range = [1.0, 4.0] # nearer: it closes in or backs off; within: it fires (a guard: [2, 5])
//! points = 800              # the score for killing it, 0 to 100000 (a guard: 100)
//! attack = "gun"            # "gun" (shoots from afar) or "bite" (melee, within a tile)
//! burst = 2                 # shots (or bites) an attack fires, 1 to 8 (a guard: 1)
//! aim = 0.4                 # seconds it aims before an attack, 0 to 2 (a guard: 0.4)
//! shout = true              # whether it shouts when it notices the player (a mutant: false)
//! drops = "ammo"            # a pickup it drops when killed, or "" for none (a guard: ammo)
//! boss = false              # a boss: two seconds to fall, the level going on
//! sounds = { alert = "brute_alert", shot = "launcher" } # its own sounds (below)
//! ```
//!
//! A kind's `sounds` name what it plays when it notices the player (`alert`), fires (`shot`),
//! is hurt (`pain`) and dies (`death`): a sound file `sounds/NAME.wav` from the level's
//! folder or `--data`, or one of the game's own sounds by its name
//! ([`crate::assets::SOUND_NAMES`]). Missing ones are the built-in kind's of that name, else
//! a guard's.
//!
//! The built-in kinds' numbers follow Wolfenstein 3D's where it has them (hit points for
//! normal difficulty and points from its source release, `WL_ACT2.C` and `WL_STATE.C`; chase
//! speeds from its `SPDPATROL`/`SPDDOG` constants times each kind's factor in `FirstSighting`,
//! at 65,536 units a tile and 70 tics a second).

use std::collections::BTreeMap;

use super::{KeyColour, PickupKind, Weapon};

/// What an enemy kind is made of.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EnemyKind {
    /// Its sprite sheet's name (`textures/sprites/NAME.png`).
    pub sprite: String,
    /// Health at the start.
    pub health: i32,
    /// Its own sounds, where it has them.
    #[serde(default)]
    pub sounds: KindSounds,
    /// What the simulation makes of it.
    #[serde(flatten)]
    pub stats: KindStats,
}

/// What the simulation makes of an enemy kind: how it moves, attacks, scores and drops (each
/// enemy keeps a copy).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct KindStats {
    /// Walking speed, tiles a second.
    pub speed: f64,
    /// The damage of one hit on the player, from and to (the difficulty scales it).
    pub damage: (u32, u32),
    /// Nearer than the first it keeps its distance; up to the second it fires.
    pub firing_range: (f64, f64),
    /// The score for killing it.
    pub points: u32,
    /// How it attacks.
    pub attack: Attack,
    /// Shots (or bites) in one attack.
    pub burst: u32,
    /// Seconds it aims before it attacks.
    pub aim: f64,
    /// Whether it shouts when it notices the player.
    pub shout: bool,
    /// What it drops when killed.
    pub drops: Option<PickupKind>,
    /// Whether it is a boss: it takes two seconds to fall, and the autopilot runs while it
    /// has him in sight. (Killing him no longer ends the level: what he drops, the built-in
    /// boss's gold key, opens the way to the exit, as in Wolfenstein 3D.)
    pub boss: bool,
}

/// How an enemy kind attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Attack {
    /// Shoots from within its firing range, through the line of sight.
    Gun,
    /// Bites within [`BITE_REACH`] tiles (its firing range is ignored).
    Bite,
}

/// How near a biting enemy's centre comes to the player's to bite, tiles.
pub const BITE_REACH: f64 = 1.0;

impl Attack {
    /// Its name in level files.
    pub fn name(self) -> &'static str {
        match self {
            Attack::Gun => "gun",
            Attack::Bite => "bite",
        }
    }

    /// The attack of that name.
    pub fn named(name: &str) -> Option<Attack> {
        [Attack::Gun, Attack::Bite]
            .into_iter()
            .find(|a| a.name() == name)
    }
}

/// An enemy kind's own sounds, by name (a sound file's or one of the game's own); `None`: a
/// guard's.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KindSounds {
    /// On noticing the player.
    pub alert: Option<String>,
    /// Firing.
    pub shot: Option<String>,
    /// Hurt.
    pub pain: Option<String>,
    /// Dying.
    pub death: Option<String>,
}

impl KindSounds {
    /// Every sound named, with what it is for.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("alert", &self.alert),
            ("shot", &self.shot),
            ("pain", &self.pain),
            ("death", &self.death),
        ]
        .into_iter()
        .filter_map(|(what, name)| Some((what, name.as_deref()?)))
    }
}

impl EnemyKind {
    /// A guard: the kind every field of a level's own kind defaults to.
    pub fn guard() -> EnemyKind {
        EnemyKind {
            sprite: "guard".into(),
            health: 25,
            sounds: KindSounds::default(),
            stats: KindStats {
                speed: 1.6,
                damage: (4, 12),
                firing_range: (2.0, 5.0),
                points: 100,
                attack: Attack::Gun,
                burst: 1,
                aim: 0.4,
                shout: true,
                drops: Some(PickupKind::Ammo),
                boss: false,
            },
        }
    }
}

/// The built-in kinds, by name:
///
/// | kind | health | speed | points | attack | drops |
/// |---|---|---|---|---|---|
/// | `guard` | 25 | 1.6 | 100 | a pistol shot | a clip |
/// | `officer` | 50 | 2.7 | 400 | a quick pistol shot | a clip |
/// | `dog` | 1 | 3.2 | 200 | bites | nothing |
/// | `ss` | 100 | 2.2 | 500 | bursts of 3 | a machine gun |
/// | `mutant` | 55 | 1.6 | 700 | two shots, no aiming, no shout | a clip |
/// | `boss` | 950 | 1.6 | 5,000 | chaingun bursts of 4 | the gold key |
pub fn builtin() -> BTreeMap<String, EnemyKind> {
    let guard = EnemyKind::guard();
    let kind = |name: &str, change: &dyn Fn(&mut EnemyKind)| {
        let mut k = EnemyKind {
            sprite: name.to_string(),
            ..guard.clone()
        };
        change(&mut k);
        (name.to_string(), k)
    };
    BTreeMap::from([
        kind("guard", &|_| {}),
        kind("officer", &|k| {
            (k.health, k.stats.speed, k.stats.points, k.stats.aim) = (50, 2.7, 400, 0.2);
            k.sounds.alert = Some("officer_alert".into());
            k.sounds.death = Some("officer_death".into());
        }),
        kind("dog", &|k| {
            (k.health, k.stats.speed, k.stats.points) = (1, 3.2, 200);
            (k.stats.attack, k.stats.damage, k.stats.aim, k.stats.drops) =
                (Attack::Bite, (2, 12), 0.2, None);
            k.stats.firing_range = (0.0, BITE_REACH);
            k.sounds.alert = Some("bark".into());
            k.sounds.shot = Some("bite".into());
        }),
        kind("ss", &|k| {
            (k.health, k.stats.speed, k.stats.points, k.stats.burst) = (100, 2.2, 500, 3);
            k.stats.drops = Some(PickupKind::Weapon(Weapon::MachineGun));
            k.stats.firing_range = (2.0, 7.0);
            k.sounds.shot = Some("burst".into());
            k.sounds.alert = Some("ss_alert".into());
            k.sounds.death = Some("ss_death".into());
        }),
        kind("mutant", &|k| {
            (k.health, k.stats.speed, k.stats.points, k.stats.burst) = (55, 1.6, 700, 2);
            (k.stats.aim, k.stats.shout) = (0.0, false);
            k.sounds.pain = Some("mutant_pain".into());
            k.sounds.death = Some("mutant_death".into());
        }),
        kind("boss", &|k| {
            (k.health, k.stats.speed, k.stats.points, k.stats.burst) = (950, 1.6, 5_000, 4);
            (k.stats.damage, k.stats.firing_range, k.stats.boss) = ((3, 8), (2.5, 9.0), true);
            k.stats.drops = Some(PickupKind::Key(KeyColour::Gold));
            k.sounds.shot = Some("chaingun".into());
            k.sounds.alert = Some("boss_alert".into());
            k.sounds.death = Some("boss_death".into());
        }),
    ])
}

/// The limits of a kind's numbers.
pub mod limits {
    /// Health.
    pub const HEALTH: (i64, i64) = (1, 10_000);
    /// Speed, tiles a second.
    pub const SPEED: (f64, f64) = (0.1, 10.0);
    /// A hit's damage.
    pub const DAMAGE: (i64, i64) = (0, 100);
    /// The firing range's ends, tiles.
    pub const RANGE: (f64, f64) = (0.0, 20.0);
    /// Points for a kill.
    pub const POINTS: (i64, i64) = (0, 100_000);
    /// Shots in a burst.
    pub const BURST: (i64, i64) = (1, 8);
    /// Seconds of aiming.
    pub const AIM: (f64, f64) = (0.0, 2.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind that talks sounds like itself, not like a guard: the officer, the SS and the
    /// boss shout and die in voices of their own, no two alike; the mutant (which never
    /// shouts) groans when hurt and dying; every sound a built-in kind names is one of the
    /// game's own.
    #[test]
    fn every_talking_kind_has_its_own_voice() {
        let kinds = builtin();
        let mutant = &kinds["mutant"].sounds;
        assert!(
            mutant.pain.is_some() && mutant.death.is_some(),
            "{mutant:?}"
        );
        let mut alerts = std::collections::BTreeSet::new();
        let mut deaths = std::collections::BTreeSet::from([mutant.death.clone()]);
        for name in ["officer", "ss", "boss"] {
            let sounds = &kinds[name].sounds;
            assert!(alerts.insert(sounds.alert.clone()), "{name}: {sounds:?}");
            assert!(deaths.insert(sounds.death.clone()), "{name}: {sounds:?}");
            assert!(sounds.alert.is_some() && sounds.death.is_some(), "{name}");
        }
        for (name, kind) in &kinds {
            for (what, sound) in kind.sounds.named() {
                assert!(
                    crate::assets::SOUND_NAMES.contains(&sound),
                    "{name}'s {what}: {sound}"
                );
            }
        }
    }
}
