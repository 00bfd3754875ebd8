//! The hashes that tell games and files apart portably: the whole state of a game (a replay
//! ends where the original did), and a file's bytes (FNV-1a, for recordings and saves).

use super::Game;

/// The hash recordings and saves keep of a level file, and the game of the data that decides
/// play ([`Game::data_hash`]): FNV-1a of the bytes, in hex ([`crate::files::file_hash`]).
pub use crate::files::file_hash;

impl Game {
    /// A hash of the whole state, for checking that a replay ends where the original did
    /// (and, in a game of several, that every machine plays the same game). A game of one
    /// hashes as it did before seats.
    pub fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = PortableHasher::default();
        let first = &self.seats[0];
        for v in [
            first.player.position.x,
            first.player.position.y,
            first.player.angle,
        ] {
            v.to_bits().hash(&mut h);
        }
        (
            first.player.health,
            first.player.ammo,
            first.score,
            self.ticks,
            self.finished,
            self.secret_exit,
        )
            .hash(&mut h);
        self.pickups_left.hash(&mut h);
        self.doors.hash_state(&mut h);
        self.pushwalls.hash_state(&mut h);
        for e in &self.enemies {
            (
                e.position.x.to_bits(),
                e.position.y.to_bits(),
                e.facing.to_bits(),
                e.state,
                e.health,
            )
                .hash(&mut h);
        }
        (self.kills, self.rng.state(), first.weapon).hash(&mut h);
        for p in &self.projectiles {
            (p.position.x.to_bits(), p.position.y.to_bits(), p.ticks_left).hash(&mut h);
        }
        // The other seats after everything (none in a game of one), with what the first's
        // hash holds, and each one's keys to the game: lives, weapons, death, and the owners
        // of projectiles.
        for s in &self.seats[1..] {
            let p = &s.player;
            for v in [p.position.x, p.position.y, p.angle] {
                v.to_bits().hash(&mut h);
            }
            (
                p.health, p.ammo, p.rounds, s.score, s.lives, s.weapon, s.chosen,
            )
                .hash(&mut h);
            (s.died, s.last_shot, s.trigger_released, &p.weapons).hash(&mut h);
        }
        if let super::Mode::Deathmatch(rules) = self.mode {
            rules.hash(&mut h);
            for s in &self.seats {
                s.frags.hash(&mut h);
            }
            self.pickups_taken.hash(&mut h);
        }
        if self.seats.len() > 1 {
            (
                self.keys.len(),
                self.projectiles.iter().map(|p| p.owner).sum::<usize>(),
            )
                .hash(&mut h);
        }
        h.finish()
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
