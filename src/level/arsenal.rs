//! The weapons' numbers as data: what each of the five weapons does (damage, rate of fire, cost,
//! whether it is automatic and whether enemies hear it). The built-in numbers are
//! [`Arsenal::default`]; a TOML level changes them with `[weapons.NAME]` tables (a Tiled map
//! with its `weapons` property), naming one of the five:
//!
//! ```toml
//! [weapons.pistol]
//! damage = [0, 80]    # a hit's damage within 2 cells, from and to, 0 to 1000 (the pistol: [0, 63])
//! interval = 0.25     # seconds from one attack to the next, 1/60 to 10 (the pistol: 1/3)
//! cost = 1            # rounds a shot takes, 0 to 99 (the knife takes none)
//! automatic = false   # whether it keeps firing while fire is held
//! loud = true         # whether enemies within earshot hear it
//! ```
//!
//! What a weapon is stays code: the knife stabs, the three guns fire hitscan bullets from one
//! pool, the launcher sends fireballs from its own rounds.
//!
//! ```
//! use tilecaster::level::{Arsenal, Weapon};
//! let arsenal = Arsenal::default();
//! assert!(arsenal.stats(Weapon::Chaingun).automatic);
//! assert!(arsenal.stats(Weapon::Chaingun).interval < arsenal.stats(Weapon::MachineGun).interval);
//! ```

use super::Weapon;

/// Which of the player's stores a weapon's shots come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pool {
    /// None: the knife.
    None,
    /// Bullets, shared by the guns.
    Bullets,
    /// The launcher's rounds.
    Rounds,
}

/// What a weapon does: the game's rules for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeaponStats {
    /// A hit's damage, from and to: a gun's within 2 cells; from 2 cells on two thirds of
    /// it, and from 4 on a shot misses more the further it flies (Wolfenstein 3D's rule); the
    /// knife's and the launcher's at any distance.
    pub damage: (i32, i32),
    /// Ticks from one attack to the next (60 a second).
    pub interval: u64,
    /// Rounds a shot takes from its pool.
    pub cost: u32,
    /// Where its rounds come from (what the weapon is: not data).
    pub pool: Pool,
    /// Whether it keeps firing while fire is held (else one attack a press).
    pub automatic: bool,
    /// Whether enemies within earshot hear it.
    pub loud: bool,
}

impl WeaponStats {
    /// The built-in numbers of `weapon`, Wolfenstein 3D's (its `GunAttack` and
    /// `KnifeAttack`): every gun's bullet does 0 to 63 close up (a roll of 0 to 255 over 4),
    /// the knife 0 to 15, against a guard's 25 health; the pistol fires three times a second,
    /// the machine gun six, the chaingun twelve; the launcher's fireball does 40 to 60 to
    /// what it meets.
    pub fn builtin(weapon: Weapon) -> WeaponStats {
        let gun = |interval, automatic| WeaponStats {
            damage: (0, 63),
            interval,
            cost: 1,
            pool: Pool::Bullets,
            automatic,
            loud: true,
        };
        match weapon {
            Weapon::Knife => WeaponStats {
                damage: (0, 15),
                interval: 24,
                cost: 0,
                pool: Pool::None,
                automatic: false,
                loud: false,
            },
            Weapon::Pistol => gun(20, false),
            Weapon::MachineGun => gun(10, true),
            Weapon::Chaingun => gun(5, true),
            Weapon::Launcher => WeaponStats {
                damage: (40, 60),
                interval: 40,
                cost: 1,
                pool: Pool::Rounds,
                automatic: false,
                loud: true,
            },
        }
    }
}

/// Every weapon's numbers: the built-in ones, changed where a level says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arsenal([WeaponStats; 5]);

impl Default for Arsenal {
    fn default() -> Arsenal {
        Arsenal(Weapon::ALL.map(WeaponStats::builtin))
    }
}

impl Arsenal {
    /// What `weapon` does.
    pub fn stats(&self, weapon: Weapon) -> WeaponStats {
        self.0[usize::from(weapon.number() - 1)]
    }

    /// `weapon`'s numbers, to change.
    pub fn stats_mut(&mut self, weapon: Weapon) -> &mut WeaponStats {
        &mut self.0[usize::from(weapon.number() - 1)]
    }
}

/// The limits of a weapon's numbers in a level file.
pub mod limits {
    /// A hit's damage.
    pub const DAMAGE: (i64, i64) = (0, 1000);
    /// Seconds between attacks (one tick to ten seconds).
    pub const INTERVAL: (f64, f64) = (1.0 / 60.0, 10.0);
    /// Rounds a shot takes.
    pub const COST: (i64, i64) = (0, 99);
}
