//! Enemy kinds: what an enemy is made of (its sprite sheet, health, speed, damage and firing
//! range), as data. Two are built in (`guard`, `officer`); a TOML level adds its own or
//! changes these with `[enemies.NAME]` tables:
//!
//! ```toml
//! [enemies.brute]
//! sprite = "officer"        # the sheet textures/sprites/officer.png (default: the kind's name)
//! health = 120              # 1 to 10000 (a guard: 25; the pistol does 5 to 19 a hit)
//! speed = 1.0               # tiles a second walking, 0.1 to 10 (a guard: 1.5)
//! damage = [8, 20]          # each hit on the player, from and to, 0 to 100 (a guard: [4, 12])
//! firing_range = [1.0, 4.0] # nearer: it closes in or backs off; within: it fires (a guard: [2, 5])
//! sounds = { alert = "brute_alert", shot = "launcher" } # its own sounds (below)
//! ```
//!
//! A kind's `sounds` name what it plays when it notices the player (`alert`), fires (`shot`),
//! is hurt (`pain`) and dies (`death`): a sound file `sounds/NAME.wav` from the level's
//! folder or `--data`, or one of the game's own sounds by its name
//! ([`crate::assets::SOUND_NAMES`]). Missing ones are a guard's.

use std::collections::BTreeMap;

/// What an enemy kind is made of.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EnemyKind {
    /// Its sprite sheet's name (`textures/sprites/NAME.png`).
    pub sprite: String,
    /// Health at the start.
    pub health: i32,
    /// Walking speed, tiles a second.
    pub speed: f64,
    /// The damage of one hit on the player, from and to (the difficulty scales it).
    pub damage: (u32, u32),
    /// Nearer than the first it keeps its distance; up to the second it fires.
    pub firing_range: (f64, f64),
    /// Its own sounds, where it has them.
    #[serde(default)]
    pub sounds: KindSounds,
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
            speed: 1.5,
            damage: (4, 12),
            firing_range: (2.0, 5.0),
            sounds: KindSounds::default(),
        }
    }
}

/// The built-in kinds: `guard`, and `officer` (a guard with twice the health, on its own
/// sheet).
pub fn builtin() -> BTreeMap<String, EnemyKind> {
    let guard = EnemyKind::guard();
    let officer = EnemyKind {
        sprite: "officer".into(),
        health: guard.health * 2,
        ..guard.clone()
    };
    BTreeMap::from([
        ("guard".to_string(), guard),
        ("officer".to_string(), officer),
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
}
