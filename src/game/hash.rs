//! The hashes that tell games and files apart portably: the whole state of a game (a replay
//! ends where the original did; machines of a networked game compare it), and a file's bytes
//! (FNV-1a, for recordings and saves).
//!
//! The game's hash is derived from its state, not kept by hand: [`Game`] is `Serialize`, its
//! view-only fields (what only a screen needs) marked `#[serde(skip)]`, and the state is
//! serialized into a hasher ([`StateHasher`]). A field added to the game is hashed unless it
//! is marked as view-only; the test beside it perturbs every value hashed and sees the hash
//! change.

use serde::ser::{self, Serialize};

use super::Game;

/// The hash recordings and saves keep of a level file, and the game of the data that decides
/// play ([`Game::data_hash`]): FNV-1a of the bytes, in hex ([`crate::files::file_hash`]).
pub use crate::files::file_hash;

impl Game {
    /// A hash of the whole state (everything the rules read, not what only a screen shows),
    /// for checking that a replay ends where the original did and that every machine of a
    /// networked game plays the same game. The same on every target and Rust release.
    pub fn state_hash(&self) -> u64 {
        let mut hasher = StateHasher::default();
        // (Serializing into the hasher cannot fail: it has no error of its own, and the
        // state's types serialize plainly.)
        let _ = self.serialize(&mut hasher);
        std::hash::Hasher::finish(&hasher.hash)
    }
}

/// FNV-1a over fixed-width little-endian integers, for [`Game::state_hash`]: the same state
/// hashes the same on every target and with every Rust release. (std's `DefaultHasher` is
/// unspecified and may change between releases, and `Hash` writes lengths and enum
/// discriminants as `usize` and `isize`, 4 bytes on wasm32 and 8 on x86_64; here they are
/// always 8.)
#[derive(Clone, Copy, Debug)]
pub struct PortableHasher(u64);

impl Default for PortableHasher {
    fn default() -> PortableHasher {
        PortableHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for PortableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    // The fixed-width integers keep the default (their native bytes: little-endian on every
    // target the crate builds for, see `frame`); only the pointer-sized ones are widened.

    fn write_usize(&mut self, n: usize) {
        self.write(&(n as u64).to_le_bytes());
    }

    fn write_isize(&mut self, n: isize) {
        self.write(&(n as i64).to_le_bytes());
    }
}

/// A serde serializer that hashes what it is given: every value as a tag byte and its
/// fixed-width little-endian bytes (integers widened to 64 bits, floats to `f64` bits),
/// strings and sequences with their lengths, structs' and maps' entries with their names and
/// then their count, enums' variants by name. `perturb` (for the test) changes the `n`-th
/// value hashed, and `count` counts them.
#[derive(Debug, Default)]
pub struct StateHasher {
    hash: PortableHasher,
    /// The values hashed so far.
    count: u64,
    /// The value whose bytes are flipped, where one is.
    perturb: Option<u64>,
    /// The field names of the values hashed, in order (kept only when `names` is on).
    names: Option<Vec<String>>,
    /// The path of struct fields to the value being hashed.
    path: Vec<&'static str>,
}

impl StateHasher {
    /// One value's bytes, behind its tag.
    fn value(&mut self, tag: u8, bytes: [u8; 8]) {
        use std::hash::Hasher;
        let mut bytes = bytes;
        if self.perturb == Some(self.count) {
            bytes[0] ^= 1;
        }
        if let Some(names) = &mut self.names {
            names.push(self.path.join("."));
        }
        self.count += 1;
        self.hash.write(&[tag]);
        self.hash.write(&bytes);
    }

    fn text(&mut self, s: &str) {
        use std::hash::Hasher;
        self.value(b's', (s.len() as u64).to_le_bytes());
        self.hash.write(s.as_bytes());
    }
}

/// What hashing can fail with: nothing it makes itself; serde's custom errors pass through.
#[derive(Debug)]
pub struct HashError(String);

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HashError {}

impl ser::Error for HashError {
    fn custom<T: std::fmt::Display>(msg: T) -> HashError {
        HashError(msg.to_string())
    }
}

type Done = Result<(), HashError>;

impl<'a> ser::Serializer for &'a mut StateHasher {
    type Ok = ();
    type Error = HashError;
    type SerializeSeq = Entries<'a>;
    type SerializeTuple = Entries<'a>;
    type SerializeTupleStruct = Entries<'a>;
    type SerializeTupleVariant = Entries<'a>;
    type SerializeMap = Entries<'a>;
    type SerializeStruct = Entries<'a>;
    type SerializeStructVariant = Entries<'a>;

    fn serialize_bool(self, v: bool) -> Done {
        self.value(b'b', u64::from(v).to_le_bytes());
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.value(b'i', v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.value(b'u', v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.value(b'f', v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_u64(u64::from(u32::from(v)))
    }
    fn serialize_str(self, v: &str) -> Done {
        self.text(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        use std::hash::Hasher;
        self.value(b'y', (v.len() as u64).to_le_bytes());
        self.hash.write(v);
        Ok(())
    }
    fn serialize_none(self) -> Done {
        self.value(b'n', [0; 8]);
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Done {
        self.value(b'o', [0; 8]);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.text(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        self.text(variant);
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Entries<'a>, HashError> {
        Ok(Entries::new(self))
    }
    fn serialize_tuple(self, _: usize) -> Result<Entries<'a>, HashError> {
        Ok(Entries::new(self))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Entries<'a>, HashError> {
        Ok(Entries::new(self))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Entries<'a>, HashError> {
        self.text(variant);
        Ok(Entries::new(self))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Entries<'a>, HashError> {
        Ok(Entries::new(self))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Entries<'a>, HashError> {
        Ok(Entries::new(self))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Entries<'a>, HashError> {
        self.text(variant);
        Ok(Entries::new(self))
    }
}

/// The entries of a sequence, tuple, map or struct being hashed: each in turn, then their
/// count (so that `[a, b], [c]` and `[a], [b, c]` hash apart).
pub struct Entries<'a> {
    hasher: &'a mut StateHasher,
    count: u64,
}

impl<'a> Entries<'a> {
    fn new(hasher: &'a mut StateHasher) -> Entries<'a> {
        Entries { hasher, count: 0 }
    }

    fn entry<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.count += 1;
        value.serialize(&mut *self.hasher)
    }

    fn field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Done {
        self.hasher.text(name);
        self.hasher.path.push(name);
        let done = self.entry(value);
        self.hasher.path.pop();
        done
    }

    fn close(self) -> Done {
        self.hasher.value(b'e', self.count.to_le_bytes());
        Ok(())
    }
}

impl ser::SerializeSeq for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.entry(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeTuple for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.entry(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeTupleStruct for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.entry(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeTupleVariant for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.entry(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeMap for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Done {
        key.serialize(&mut *self.hasher)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.entry(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeStruct for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Done {
        self.field(name, value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeStructVariant for Entries<'_> {
    type Ok = ();
    type Error = HashError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Done {
        self.field(name, value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Autopilot, Input};
    use crate::level::Level;
    use std::path::Path;

    /// `game`'s hash with its `n`-th value perturbed (none: as it is), the values hashed,
    /// and each one's field path.
    fn hashed(game: &Game, perturb: Option<u64>) -> (u64, u64, Vec<String>) {
        let mut hasher = StateHasher {
            perturb,
            names: Some(Vec::new()),
            ..StateHasher::default()
        };
        game.serialize(&mut hasher).unwrap();
        let names = hasher.names.take().unwrap_or_default();
        (std::hash::Hasher::finish(&hasher.hash), hasher.count, names)
    }

    /// A game of two seats some way into e1m1: enemies awake, shots fired, things dropped.
    fn played() -> Game {
        let level = Level::load(Path::new("levels/e1m1.toml")).unwrap().level;
        let mut game = Game::new(level).seated(2);
        let mut pilots = [Autopilot::for_seat(0), Autopilot::for_seat(1)];
        for _ in 0..900 {
            let inputs: Vec<Input> = pilots.iter_mut().map(|p| p.input(&game)).collect();
            game.tick_seats(&inputs);
        }
        game
    }

    /// Every value the state's hash is made of changes it when it changes, and the values
    /// hashed reach every field of the state: the seats' every field, the enemies', the
    /// projectiles', the doors', the push walls', the pickups, the drops and the random
    /// numbers; not the level, which play shares and does not change but for the cells push
    /// walls move (which follow from the push walls').
    #[test]
    fn the_checksum_covers_every_field_of_the_state() {
        let game = played();
        let (base, count, names) = hashed(&game, None);
        assert_eq!(base, game.state_hash());
        assert!(count > 500, "only {count} values hashed");
        for n in 0..count {
            let (perturbed, _, _) = hashed(&game, Some(n));
            assert_ne!(
                perturbed, base,
                "value {n} ({}) does not change the hash",
                names[n as usize]
            );
        }
        for field in [
            "seats.player.position.x",
            "seats.player.rounds",
            "seats.player.weapons",
            "seats.lives",
            "seats.last_shot",
            "seats.trigger_released",
            "enemies.health",
            "enemies.state",
            "enemies.timer",
            "doors",
            "pushwalls",
            "pickups_left",
            "drops",
            "treasure",
            "rng",
            "ticks",
            "keys",
            "mode",
            "difficulty",
        ] {
            assert!(
                names
                    .iter()
                    .any(|n| n == field || n.starts_with(&format!("{field}."))),
                "no value of {field} is hashed: {:?}",
                names.iter().collect::<std::collections::BTreeSet<_>>()
            );
        }
        for view in [
            "viewer", "traces", "explored", "events", "puffs", "actors", "level",
        ] {
            assert!(
                !names.iter().any(|n| n.split('.').next() == Some(view)),
                "{view} is what a screen shows, not state"
            );
        }
        for view in ["seats.hurt", "seats.colour"] {
            assert!(
                !names.iter().any(|n| n.starts_with(view)),
                "{view} is what a screen shows, not state"
            );
        }
    }

    /// Two machines' games that differ only in what their screens show hash the same.
    #[test]
    fn what_only_a_screen_shows_is_not_hashed() {
        let game = played();
        let mut other = game.clone();
        other.viewer = 1;
        other.traces.clear();
        other.explored.iter_mut().for_each(|e| *e = !*e);
        other.events.clear();
        other.puffs.clear();
        assert_eq!(game.state_hash(), other.state_hash());
        let mut moved = game.clone();
        moved.seats[1].player.rounds += 1;
        assert_ne!(game.state_hash(), moved.state_hash());
    }
}
