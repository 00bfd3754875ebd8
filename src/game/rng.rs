//! The game's random numbers: seeded, so that the same seed and inputs give the same game.

/// A small deterministic random generator (xorshift64*), seeded per game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed, any number: the seed is first mixed (SplitMix64's finaliser)
    /// so that small and neighbouring seeds start far apart; xorshift's first numbers from
    /// a small state are small (the game's own seed's first roll was 0.0008).
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)).max(1))
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            let x = a.unit();
            assert_eq!(x, b.unit());
            assert!((0.0..1.0).contains(&x));
        }
        assert_ne!(Rng::new(0).unit(), 0.0, "seed 0 is replaced");
    }

    #[test]
    fn small_and_neighbouring_seeds_start_anywhere() {
        // The first number of seeds 0 to 999 (and of the game's own): spread over [0, 1)
        // as any 1,000 numbers would be, a tenth or so in each tenth.
        let first: Vec<f64> = (0..1000).map(|seed| Rng::new(seed).unit()).collect();
        for tenth in 0..10 {
            let within = first
                .iter()
                .filter(|&&x| (x * 10.0) as usize == tenth)
                .count();
            assert!((60..140).contains(&within), "tenth {tenth}: {within}");
        }
        assert!(Rng::new(0x7117_CA57).unit() > 1.0 / 256.0);
    }
}
