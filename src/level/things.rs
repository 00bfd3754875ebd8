//! The vocabulary of the things a level places: pickups by kind, and the weapons (the pickups
//! that give one, and the player's arsenal, which the game's rules give numbers to).

use super::KeyColour;

/// A weapon: what the player can hold. The game's rules say what each does
/// (`crate::game::WeaponStats`); the level names them for the pickups that give one.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Weapon {
    /// Melee: no rounds, silent, a short reach, weak. The last resort.
    Knife,
    /// Hitscan, one bullet a shot, one shot a press.
    #[default]
    Pistol,
    /// Hitscan, automatic while fire is held; found as a pickup or dropped by the SS.
    MachineGun,
    /// Hitscan, automatic and faster than the machine gun; found as a pickup.
    Chaingun,
    /// A slow fireball with its own rounds, heavier damage and a burst.
    Launcher,
}

impl Weapon {
    /// Every weapon, in the order of the number keys (1 knife to 5 launcher).
    pub const ALL: [Weapon; 5] = [
        Weapon::Knife,
        Weapon::Pistol,
        Weapon::MachineGun,
        Weapon::Chaingun,
        Weapon::Launcher,
    ];

    /// Its name in level files and messages (`machine_gun`).
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Knife => "knife",
            Weapon::Pistol => "pistol",
            Weapon::MachineGun => "machine_gun",
            Weapon::Chaingun => "chaingun",
            Weapon::Launcher => "launcher",
        }
    }

    /// The weapon of that name.
    pub fn named(name: &str) -> Option<Weapon> {
        Weapon::ALL.into_iter().find(|w| w.name() == name)
    }

    /// Its number key (1 to 5).
    pub fn number(self) -> u8 {
        Weapon::ALL.iter().position(|&w| w == self).unwrap_or(0) as u8 + 1
    }

    /// The weapon of number key `n` (1 to 5).
    pub fn from_number(n: u8) -> Option<Weapon> {
        Weapon::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// Whether a new `self` picked up comes to hand in place of `held`: a better gun does,
    /// as in Wolfenstein 3D (knife, pistol, machine gun, chaingun). The launcher, slow and
    /// fed from its own rounds, is a weapon to choose: it comes to hand only over the knife
    /// and the pistol.
    ///
    /// ```
    /// use tilecaster::level::Weapon;
    /// assert!(Weapon::Chaingun.outguns(Weapon::MachineGun));
    /// assert!(!Weapon::Launcher.outguns(Weapon::Chaingun));
    /// assert!(Weapon::Launcher.outguns(Weapon::Pistol));
    /// ```
    pub fn outguns(self, held: Weapon) -> bool {
        match self {
            Weapon::Launcher => held <= Weapon::Pistol,
            _ => held != Weapon::Launcher && self > held,
        }
    }
}

/// The four kinds of treasure, in rising value.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Treasure {
    /// A cross: 100 points.
    Cross,
    /// A chalice: 500 points.
    Chalice,
    /// A chest: 1,000 points.
    Chest,
    /// A crown: 5,000 points.
    Crown,
}

impl Treasure {
    /// Every kind, cheapest first.
    pub const ALL: [Treasure; 4] = [
        Treasure::Cross,
        Treasure::Chalice,
        Treasure::Chest,
        Treasure::Crown,
    ];

    /// Its points, as Wolfenstein 3D scores them (100, 500, 1,000, 5,000).
    pub fn points(self) -> u32 {
        match self {
            Treasure::Cross => 100,
            Treasure::Chalice => 500,
            Treasure::Chest => 1_000,
            Treasure::Crown => 5_000,
        }
    }
}

/// What a pickup gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PickupKind {
    /// Food: 10 health.
    Food,
    /// A first aid kit: 25 health (`health` in older levels).
    FirstAid,
    /// A clip: 8 bullets (4 when an enemy dropped it).
    Ammo,
    /// Fireballs for the launcher: 4 rounds.
    Rounds,
    /// Treasure: points.
    Treasure(Treasure),
    /// A weapon (with rounds for it).
    Weapon(Weapon),
    /// A one-up: full health, 25 bullets, a life.
    OneUp,
    /// A key.
    Key(KeyColour),
}

impl PickupKind {
    /// Every kind a level can place, in the order messages list them.
    pub const ALL: [PickupKind; 14] = [
        PickupKind::Food,
        PickupKind::FirstAid,
        PickupKind::Ammo,
        PickupKind::Rounds,
        PickupKind::Treasure(Treasure::Cross),
        PickupKind::Treasure(Treasure::Chalice),
        PickupKind::Treasure(Treasure::Chest),
        PickupKind::Treasure(Treasure::Crown),
        PickupKind::Weapon(Weapon::MachineGun),
        PickupKind::Weapon(Weapon::Chaingun),
        PickupKind::Weapon(Weapon::Launcher),
        PickupKind::OneUp,
        PickupKind::Key(KeyColour::Gold),
        PickupKind::Key(KeyColour::Silver),
    ];

    /// Its name in level files, which is also its sprite's (`textures/sprites/NAME.png`).
    pub fn name(self) -> &'static str {
        match self {
            PickupKind::Food => "food",
            PickupKind::FirstAid => "first_aid",
            PickupKind::Ammo => "ammo",
            PickupKind::Rounds => "rounds",
            PickupKind::Treasure(Treasure::Cross) => "cross",
            PickupKind::Treasure(Treasure::Chalice) => "chalice",
            PickupKind::Treasure(Treasure::Chest) => "chest",
            PickupKind::Treasure(Treasure::Crown) => "crown",
            PickupKind::Weapon(w) => w.name(),
            PickupKind::OneUp => "one_up",
            PickupKind::Key(KeyColour::Gold) => "gold_key",
            PickupKind::Key(KeyColour::Silver) => "silver_key",
        }
    }

    /// The kind of that name. Levels made before the arsenal and the four treasures say
    /// `health` (a first aid kit) and `treasure` (a cross); those read too.
    pub fn named(name: &str) -> Option<PickupKind> {
        match name {
            "health" => Some(PickupKind::FirstAid),
            "treasure" => Some(PickupKind::Treasure(Treasure::Cross)),
            _ => PickupKind::ALL.into_iter().find(|k| k.name() == name),
        }
    }

    /// The names a level may use, as a message lists them (`food, first_aid, ..., silver_key`).
    pub fn names() -> String {
        let names: Vec<&str> = PickupKind::ALL.iter().map(|k| k.name()).collect();
        names.join(", ")
    }

    /// Whether it is treasure (counted by the tally).
    pub fn is_treasure(self) -> bool {
        matches!(self, PickupKind::Treasure(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_name_and_older_names_still_read() {
        for kind in PickupKind::ALL {
            assert_eq!(PickupKind::named(kind.name()), Some(kind));
        }
        assert_eq!(PickupKind::named("health"), Some(PickupKind::FirstAid));
        assert_eq!(
            PickupKind::named("treasure"),
            Some(PickupKind::Treasure(Treasure::Cross))
        );
        assert_eq!(PickupKind::named("pistol"), None);
        assert_eq!(PickupKind::named("knife"), None);
        let names = PickupKind::names();
        assert!(names.starts_with("food, first_aid, ammo, rounds, cross"));
        assert!(names.ends_with("one_up, gold_key, silver_key"), "{names}");
    }

    #[test]
    fn weapons_have_the_number_keys_of_wolfenstein_3d_and_the_launcher_fifth() {
        for (n, w) in (1..).zip(Weapon::ALL) {
            assert_eq!(w.number(), n);
            assert_eq!(Weapon::from_number(n), Some(w));
            assert_eq!(Weapon::named(w.name()), Some(w));
        }
        assert_eq!(Weapon::from_number(0), None);
        assert_eq!(Weapon::from_number(6), None);
        assert_eq!(Weapon::MachineGun.name(), "machine_gun");
    }

    #[test]
    fn treasure_rises_in_value() {
        let points: Vec<u32> = Treasure::ALL.iter().map(|t| t.points()).collect();
        assert_eq!(points, [100, 500, 1_000, 5_000]);
    }
}
