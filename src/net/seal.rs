//! What proves that a game's datagram comes from a seat of that game: a key each game draws
//! (a lobby's host draws it and tells it only to the players it seats), and on every datagram
//! a message authentication code under it (HMAC-SHA-256, cut to [`TAG`] bytes) over the
//! datagram, the sender's seat and the receiver's. A stranger who knows the game's addresses,
//! its settings and its rules (everything but the key) cannot make a datagram a seat takes;
//! one seat's datagram sent on to another seat, or back to its sender, fails (the seats are
//! in the code); one sent again is caught by its counter ([`ReplayWindow`]).
//!
//! Not protected: what travels is readable (nothing is encrypted), and whoever reads a lobby's
//! start message on the way learns the key. It keeps out strangers, not eavesdroppers.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The bytes of the code on each datagram.
pub const TAG: usize = 16;

/// A game's key: every seat's datagrams carry a code made with it ([`GameKey::random`] for a
/// game met in a lobby; [`GameKey::from_code`] where every seat is told a shared code).
///
/// ```
/// use tilecaster::net::GameKey;
/// assert_eq!(GameKey::from_code("493017"), GameKey::from_code("493017"));
/// assert_ne!(GameKey::from_code("493017"), GameKey::from_code("493018"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct GameKey([u8; 32]);

impl std::fmt::Debug for GameKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // (Never printed: logs and panics would hand it out.)
        f.write_str("GameKey(..)")
    }
}

impl GameKey {
    /// A key of 32 random bytes from the system's generator; `None` where the system gives
    /// none.
    pub fn random() -> Option<GameKey> {
        let mut bytes = [0; 32];
        getrandom::getrandom(&mut bytes).ok()?;
        Some(GameKey(bytes))
    }

    /// The key every machine told the same `code` makes (a room's name, or the code given on
    /// every command line): as secret as the code.
    pub fn from_code(code: &str) -> GameKey {
        let mut hash = Sha256::new();
        hash.update(b"tilecaster game key\0");
        hash.update(code.as_bytes());
        GameKey(hash.finalize().into())
    }

    /// The key's bytes, as a lobby tells them.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The key of `bytes`, as a lobby told them.
    pub fn from_bytes(bytes: [u8; 32]) -> GameKey {
        GameKey(bytes)
    }

    /// The code of `bytes` sent from seat `from` to seat `to`, as the game's datagrams end
    /// with it (public for tools and tests that make a seat's datagrams: whoever holds the
    /// key can make them anyway).
    pub fn tag(&self, from: usize, to: usize, bytes: &[u8]) -> [u8; TAG] {
        let full = self.mac(from, to, bytes).finalize().into_bytes();
        let mut tag = [0; TAG];
        tag.copy_from_slice(&full[..TAG]);
        tag
    }

    /// Whether `tag` is the code of `bytes` sent from seat `from` to seat `to` (compared in
    /// constant time).
    pub(super) fn verifies(&self, from: usize, to: usize, bytes: &[u8], tag: &[u8]) -> bool {
        tag.len() == TAG && self.mac(from, to, bytes).verify_truncated_left(tag).is_ok()
    }

    fn mac(&self, from: usize, to: usize, bytes: &[u8]) -> Hmac<Sha256> {
        // (HMAC takes keys of any length: this cannot fail.)
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.0)
            .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
        mac.update(&(from as u32).to_le_bytes());
        mac.update(&(to as u32).to_le_bytes());
        mac.update(bytes);
        mac
    }
}

/// The counters of one sender's datagrams already taken: the highest, and which of the 64
/// below it, so that a datagram sent again is dropped while ones merely out of order (UDP
/// reorders) are taken. A counter more than 64 below the highest is dropped too (as late as
/// that, its message is stale anyway: the rollback session resends what matters).
#[derive(Clone, Debug, Default)]
pub(super) struct ReplayWindow {
    /// The highest counter taken, plus one (0: none yet).
    next: u64,
    /// Bit k: counter `next - 1 - k` was taken.
    seen: u64,
}

impl ReplayWindow {
    /// Takes `counter` if it was not taken before (and is not too old): whether it was.
    pub(super) fn take(&mut self, counter: u64) -> bool {
        if counter == u64::MAX {
            // (Never sent: the window could not hold it.)
            return false;
        }
        if counter >= self.next {
            let shift = counter - self.next + 1;
            self.seen = if shift >= 64 { 0 } else { self.seen << shift };
            self.seen |= 1;
            self.next = counter + 1;
            return true;
        }
        let age = self.next - 1 - counter;
        if age >= 64 || self.seen & (1 << age) != 0 {
            return false;
        }
        self.seen |= 1 << age;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_verifies_only_for_its_bytes_its_seats_and_its_key() {
        let key = GameKey::from_code("123456");
        let tag = key.tag(1, 0, b"input");
        assert!(key.verifies(1, 0, b"input", &tag));
        assert!(!key.verifies(1, 0, b"inpuT", &tag));
        assert!(
            !key.verifies(0, 1, b"input", &tag),
            "sent back to its sender"
        );
        assert!(
            !key.verifies(1, 2, b"input", &tag),
            "sent on to another seat"
        );
        assert!(!GameKey::from_code("123457").verifies(1, 0, b"input", &tag));
        assert!(!key.verifies(1, 0, b"input", &tag[..TAG - 1]));
        let mut flipped = tag;
        flipped[TAG - 1] ^= 1;
        assert!(!key.verifies(1, 0, b"input", &flipped));
    }

    #[test]
    fn random_keys_differ() {
        let (a, b) = (GameKey::random().unwrap(), GameKey::random().unwrap());
        assert_ne!(a, b);
        assert_eq!(format!("{a:?}"), "GameKey(..)", "a key is never printed");
    }

    #[test]
    fn a_counter_is_taken_once_in_any_order_within_the_window() {
        let mut window = ReplayWindow::default();
        assert!(window.take(0));
        assert!(!window.take(0));
        assert!(window.take(5));
        assert!(window.take(3), "late but new");
        assert!(!window.take(3));
        assert!(!window.take(5));
        assert!(window.take(68));
        assert!(!window.take(4), "more than 64 behind");
        assert!(window.take(10), "within 64 of the highest");
        assert!(window.take(1000));
        assert!(!window.take(1000));
        assert!(!window.take(10), "forgotten, but far behind");
        assert!(window.take(u64::MAX - 1));
        assert!(!window.take(u64::MAX));
    }
}
