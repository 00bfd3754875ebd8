//! The ticks owed: real time turned into the game's fixed ticks.

use web_time::{Duration, Instant};

use crate::game::TICK;

/// The most time caught up in one call, seconds: after a stall the game slows down instead of
/// jumping ahead by many ticks at once.
pub const MOST_BEHIND: f64 = 0.25;

/// Real time owed to the simulation, in ticks.
#[derive(Clone, Debug, Default)]
pub struct TickClock {
    /// When time was last counted (none: not yet).
    last: Option<Instant>,
    /// Time owed, seconds.
    behind: f64,
}

impl TickClock {
    /// Counts from `now` on, forgetting what was owed.
    pub fn restart(&mut self, now: Instant) {
        self.last = Some(now);
        self.behind = 0.0;
    }

    /// The whole ticks owed at `now` since the last call (the rest is kept for the next),
    /// real time counted at `rate` (1: as it passes; below 1 the game runs slower).
    ///
    /// ```
    /// use tilecaster::play::TickClock;
    /// use web_time::{Duration, Instant};
    /// let mut clock = TickClock::default();
    /// let t = Instant::now();
    /// clock.restart(t);
    /// assert_eq!(clock.owed(t + Duration::from_millis(40), 1.0), 2);
    /// assert_eq!(clock.owed(t + Duration::from_millis(50), 1.0), 1, "the rest carried over");
    /// ```
    pub fn owed(&mut self, now: Instant, rate: f64) -> u32 {
        let since = match self.last.replace(now) {
            Some(last) => now.saturating_duration_since(last),
            None => Duration::ZERO,
        };
        self.behind = (self.behind + since.as_secs_f64() * rate).min(MOST_BEHIND);
        let mut ticks = 0;
        while self.behind >= TICK {
            self.behind -= TICK;
            ticks += 1;
        }
        ticks
    }

    /// The ticks owed at `now` as they pass (`rate` 1), or none where the game is `held`
    /// (time up to `now` passes without being owed).
    pub fn owed_unless(&mut self, now: Instant, held: bool) -> u32 {
        if held {
            self.hold(now);
            return 0;
        }
        self.owed(now, 1.0)
    }

    /// Counts time up to `now` as passed without owing it (the game stood still).
    pub fn hold(&mut self, now: Instant) {
        self.restart(now);
    }

    /// Owes `ticks` again that were counted but not played (play stopped early).
    pub fn give_back(&mut self, ticks: u32) {
        self.behind = (self.behind + f64::from(ticks) * TICK).min(MOST_BEHIND);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stall_is_caught_up_by_a_quarter_second_at_most_and_holding_owes_nothing() {
        let mut clock = TickClock::default();
        let t = Instant::now();
        clock.restart(t);
        let caught_up = clock.owed(t + Duration::from_secs(5), 1.0);
        assert!(
            (14..=15).contains(&caught_up),
            "{caught_up} ticks for a quarter second"
        );
        clock.hold(t + Duration::from_secs(6));
        assert_eq!(clock.owed(t + Duration::from_secs(6), 1.0), 0);
        assert_eq!(
            clock.owed(t + Duration::from_millis(6110), 0.5),
            3,
            "half speed"
        );
        clock.give_back(2);
        assert_eq!(clock.owed(t + Duration::from_millis(6110), 1.0), 2);
    }
}
