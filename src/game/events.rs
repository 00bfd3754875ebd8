//! What happened in a tick that the presentation shows or plays: shots, impacts, the
//! player's pain, messages. The game only records them; the scene layer (and the mixer, to
//! come) reads them.

use super::Weapon;
use crate::grid::Cell;
use crate::level::PickupKind;
use crate::math::Vec2;

impl GameEvent {
    /// The seat of the player it happened to or was done by, if it was one's.
    pub fn seat(&self) -> Option<usize> {
        match *self {
            GameEvent::Shot { seat, .. }
            | GameEvent::PlayerHurt { seat, .. }
            | GameEvent::PlayerDeath { seat }
            | GameEvent::Pickup { seat, .. }
            | GameEvent::Thud { seat }
            | GameEvent::ExtraLife { seat } => Some(seat),
            GameEvent::Message { seat, .. } => seat,
            _ => None,
        }
    }

    /// The line for seat `seat` to read, if this is one (one for every player, or for it),
    /// the players called by their `names` (in seat order) where there are names, else by
    /// their seats ("player 2").
    ///
    /// ```
    /// use tilecaster::game::GameEvent;
    ///
    /// let frag = GameEvent::Fragged { by: 1, victim: 0 };
    /// assert_eq!(frag.message_for(0, &[]).as_deref(), Some("player 2 fragged player 1"));
    /// let names = ["ANNA".to_string(), "BO".to_string()];
    /// assert_eq!(frag.message_for(0, &names).as_deref(), Some("BO fragged ANNA"));
    /// ```
    pub fn message_for(&self, seat: usize, names: &[String]) -> Option<String> {
        let name = |s: usize| match names.get(s) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => format!("player {}", s + 1),
        };
        match self {
            GameEvent::Message { text, seat: to } if to.is_none_or(|s| s == seat) => {
                Some(text.clone())
            }
            GameEvent::Fragged { by, victim } => {
                Some(format!("{} fragged {}", name(*by), name(*victim)))
            }
            _ => None,
        }
    }
}

/// Something that happened this tick.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    /// A player attacked with this weapon.
    Shot {
        /// The weapon.
        weapon: Weapon,
        /// The player's seat.
        seat: usize,
    },
    /// A player was hit for `damage` by an enemy at `from`.
    PlayerHurt {
        /// Health lost.
        damage: u32,
        /// Where the shot came from.
        from: Vec2,
        /// The player's seat.
        seat: usize,
    },
    /// A player died.
    PlayerDeath {
        /// The player's seat.
        seat: usize,
    },
    /// An enemy at `at` fired at the player.
    EnemyShot {
        /// Where it stands.
        at: Vec2,
        /// Which (its index in the game's enemies).
        enemy: usize,
    },
    /// An enemy at `at` noticed the player (saw or heard them): a shout.
    EnemyAlert {
        /// Where it stands.
        at: Vec2,
        /// Which (its index in the game's enemies).
        enemy: usize,
    },
    /// An enemy at `at` was hurt.
    EnemyPain {
        /// Where it stands.
        at: Vec2,
        /// Which (its index in the game's enemies).
        enemy: usize,
    },
    /// An enemy at `at` died.
    EnemyDeath {
        /// Where it fell.
        at: Vec2,
        /// Which (its index in the game's enemies).
        enemy: usize,
    },
    /// A fireball burst at `at`.
    Explosion {
        /// Where.
        at: Vec2,
    },
    /// A player picked up something at `at`.
    Pickup {
        /// What.
        kind: PickupKind,
        /// Where it lay.
        at: Vec2,
        /// The player's seat.
        seat: usize,
    },
    /// A player's "use" met nothing usable.
    Thud {
        /// The player's seat.
        seat: usize,
    },
    /// A door started opening (by the player or an enemy).
    DoorOpened(Cell),
    /// A door started closing.
    DoorClosing(Cell),
    /// A push wall started sliding.
    PushWallMoved(Cell),
    /// A line for the players to read (a locked door, a secret found).
    Message {
        /// The line.
        text: String,
        /// The seat it is for; `None`: for every player.
        seat: Option<usize>,
    },
    /// In a deathmatch, seat `by` fragged seat `victim` (said to every player).
    Fragged {
        /// The fragger's seat.
        by: usize,
        /// The fragged player's seat.
        victim: usize,
    },
    /// The level's exit was used (or its boss killed).
    Exit,
    /// A player gained a life.
    ExtraLife {
        /// The player's seat.
        seat: usize,
    },
    /// The tally screen counted its bonus up a step (the episode's, while the game stands).
    Tally,
}

/// A puff where a shot hit: dust on a wall, blood on an enemy. It lasts [`PUFF_TICKS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Puff {
    /// Where, just in front of what was hit.
    pub position: Vec2,
    /// The tick it appeared in.
    pub tick: u64,
    /// Blood (an enemy was hit) or dust (a wall).
    pub blood: bool,
}

/// Ticks a puff is shown (a quarter second).
pub const PUFF_TICKS: u64 = 15;

/// The last time the player was hurt, for the damage flash and the status bar's face.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Hurt {
    /// The tick it happened in.
    pub tick: u64,
    /// Health lost in that tick.
    pub damage: u32,
    /// Where the shot came from.
    pub from: Vec2,
}

use crate::level::Difficulty;

impl Difficulty {
    /// Whether the `index`th of the level's enemies that name no difficulty is there at this
    /// difficulty: on easy every third stays home.
    pub fn keeps_enemy(self, index: usize) -> bool {
        self != Difficulty::Easy || index % 3 != 2
    }

    /// The damage an enemy's hit does, from its normal `damage`.
    pub fn damage(self, damage: u32) -> u32 {
        match self {
            Difficulty::Easy => damage.div_ceil(2),
            Difficulty::Normal => damage,
            Difficulty::Hard | Difficulty::Death => damage + damage / 2,
        }
    }

    /// Seconds an enemy waits between shots, from the normal wait.
    pub fn shot_wait(self, seconds: f64) -> f64 {
        match self {
            Difficulty::Hard | Difficulty::Death => seconds * 0.7,
            _ => seconds,
        }
    }
}
