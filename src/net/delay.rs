//! The input delay that follows the round trip during play. The lobby sets a game's delay
//! from the round trips it measured ([`input_delay_for`]), and `ggrs` 0.11 cannot change a
//! session's delay once it runs; but a network's round trip changes during play (a busier
//! route, Wi-Fi). So this machine holds its own inputs back a few ticks more before it gives
//! them to the session: ticks of delay added on top of the session's, which only this
//! machine's inputs see, and which every machine may set apart (each seat's inputs reach the
//! others through the session, whatever delayed them here, so the game stays one game).
//!
//! When the delay grows by a tick, the session is given the input held (movement and a held
//! trigger, no turn and no presses) once more; when it shrinks, two waiting inputs are given
//! as one (the newer's movement, both turns, every press): no press and no degree of turn is
//! lost or doubled. It grows as soon as a round trip asks for it, and shrinks only when three
//! seconds in a row ask for less, a tick a second at most either way.

use std::collections::VecDeque;

use super::lobby::{MOST_INPUT_DELAY, input_delay_for};
use crate::game::{Input, TICK_HZ};

/// Ticks played between looks at the round trip (one second).
const LOOK_EVERY: u32 = TICK_HZ;
/// Looks in a row that must ask for less delay before it shrinks.
const SHRINK_AFTER: u32 = 3;

/// This machine's inputs on their way to the session, held back the ticks the round trip asks
/// for beyond the session's own delay.
#[derive(Clone, Debug)]
pub struct DelayLine {
    /// The session's own delay, set when it began (the least this line gives).
    base: usize,
    /// Ticks added to it here.
    added: usize,
    /// Inputs given and not yet passed on, oldest first (`added` of them between ticks).
    waiting: VecDeque<Input>,
    /// The input passed on last.
    last: Input,
    /// Ticks played since the last look at the round trip.
    since_look: u32,
    /// Looks in a row that asked for less delay.
    asked_less: u32,
}

impl DelayLine {
    /// A line for a session whose own delay is `base` ticks, adding none yet.
    pub fn new(base: usize) -> DelayLine {
        DelayLine {
            base,
            added: 0,
            waiting: VecDeque::new(),
            last: Input::default(),
            since_look: 0,
            asked_less: 0,
        }
    }

    /// The whole delay this machine's inputs see now, in ticks: the session's and the added.
    pub fn ticks(&self) -> usize {
        self.base + self.added
    }

    /// What to give the session for the tick about to be played, `input` being this tick's
    /// input here; nothing changes until the tick is [`played`](DelayLine::played) (a tick
    /// the session does not play is tried again with the same input).
    pub fn next(&self, input: Input) -> Input {
        let mut waiting = self.waiting.iter().copied().chain([input]);
        match (self.waiting.len() + 1).cmp(&self.added) {
            // The delay grew: the session gets the held part of the last input again.
            std::cmp::Ordering::Less | std::cmp::Ordering::Equal => held(self.last),
            std::cmp::Ordering::Greater if self.waiting.len() > self.added => {
                // It shrank: the two oldest go as one.
                let older = waiting.next().unwrap_or_default();
                merged(older, waiting.next().unwrap_or_default())
            }
            std::cmp::Ordering::Greater => waiting.next().unwrap_or_default(),
        }
    }

    /// The tick was played with [`next`](DelayLine::next)`(input)`: `input` waits its turn.
    pub fn played(&mut self, input: Input) {
        let sent = self.next(input);
        self.waiting.push_back(input);
        if self.waiting.len() > self.added {
            self.waiting.pop_front();
        }
        if self.waiting.len() > self.added {
            self.waiting.pop_front();
        }
        self.last = sent;
        self.since_look += 1;
    }

    /// Whether a second has been played since the round trip was last looked at.
    pub fn due(&self) -> bool {
        self.since_look >= LOOK_EVERY
    }

    /// Looks at the longest round trip to a peer now (`None`: none measured): the delay grows
    /// a tick when it asks for more, and shrinks a tick when it asked for less three times in
    /// a row; never below the session's own, never above [`MOST_INPUT_DELAY`].
    pub fn follow(&mut self, round_trip_ms: Option<u64>) {
        self.since_look = 0;
        let Some(trip) = round_trip_ms else {
            return;
        };
        let wanted = input_delay_for(u32::try_from(trip).unwrap_or(u32::MAX))
            .clamp(self.base, MOST_INPUT_DELAY.max(self.base));
        if wanted > self.ticks() {
            self.added += 1;
            self.asked_less = 0;
        } else if wanted < self.ticks() {
            self.asked_less += 1;
            if self.asked_less >= SHRINK_AFTER {
                self.added -= 1;
                self.asked_less = 0;
            }
        } else {
            self.asked_less = 0;
        }
    }
}

/// What of `input` goes on by itself when it is given twice: movement, running and a held
/// trigger; no turn, no use, no change of weapon.
fn held(input: Input) -> Input {
    Input {
        turn: 0.0,
        use_pressed: false,
        weapon: 0,
        ..input
    }
}

/// Two ticks' inputs as one: the newer's movement, both turns, every press.
fn merged(older: Input, newer: Input) -> Input {
    Input {
        turn: older.turn + newer.turn,
        use_pressed: older.use_pressed || newer.use_pressed,
        fire: older.fire || newer.fire,
        weapon: if newer.weapon != 0 {
            newer.weapon
        } else {
            older.weapon
        },
        ..newer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(degrees: f64) -> Input {
        Input {
            turn: degrees,
            forward: 1.0,
            ..Input::default()
        }
    }

    /// Plays `inputs` through `line`, following `trips` (one a tick, looked at when due);
    /// what the session was given.
    fn through(line: &mut DelayLine, inputs: &[Input], trip: impl Fn(usize) -> u64) -> Vec<Input> {
        let mut sent = Vec::new();
        for (tick, &input) in inputs.iter().enumerate() {
            sent.push(line.next(input));
            line.played(input);
            if line.due() {
                line.follow(Some(trip(tick)));
            }
        }
        sent
    }

    #[test]
    fn without_a_longer_round_trip_inputs_pass_at_once() {
        let mut line = DelayLine::new(2);
        let inputs: Vec<Input> = (0..200).map(|t| turn(t as f64)).collect();
        // 50 ms: two ticks, the session's own.
        assert_eq!(through(&mut line, &inputs, |_| 50), inputs);
        assert_eq!(line.ticks(), 2);
    }

    #[test]
    fn the_delay_grows_a_tick_a_second_to_the_round_trip_and_loses_nothing() {
        let mut line = DelayLine::new(1);
        let inputs: Vec<Input> = (0..400).map(|t| turn(f64::from(t % 7))).collect();
        // 300 ms: nine ticks each way, at most MOST_INPUT_DELAY.
        let sent = through(&mut line, &inputs, |_| 300);
        assert_eq!(line.ticks(), MOST_INPUT_DELAY);
        assert_eq!(sent.len(), inputs.len());
        // Passed on in order, three ticks held in between (no turn then), the last three
        // waiting: every degree given was turned once.
        let given: f64 = inputs[..inputs.len() - 3].iter().map(|i| i.turn).sum();
        assert_eq!(sent.iter().map(|i| i.turn).sum::<f64>(), given);
        let still = |inputs: &[Input]| inputs.iter().filter(|i| i.turn == 0.0).count();
        assert_eq!(still(&sent), 3 + still(&inputs[..inputs.len() - 3]));
        // The first growth came after a second: inputs pass at once before it.
        assert_eq!(sent[..LOOK_EVERY as usize], inputs[..LOOK_EVERY as usize]);
        assert_eq!(
            sent[LOOK_EVERY as usize],
            held(inputs[LOOK_EVERY as usize - 1])
        );
    }

    #[test]
    fn the_delay_shrinks_after_three_seconds_of_a_shorter_round_trip_keeping_presses() {
        let mut line = DelayLine::new(1);
        let mut inputs: Vec<Input> = (0..1000).map(|_| Input::default()).collect();
        for (t, input) in inputs.iter_mut().enumerate() {
            input.use_pressed = t % 5 == 0;
            input.weapon = if t % 11 == 0 { 3 } else { 0 };
            input.turn = 1.0;
        }
        // Slow for four seconds (the delay grows to 4), then fast (it shrinks to 1).
        let sent = through(&mut line, &inputs, |t| if t < 240 { 300 } else { 0 });
        assert_eq!(line.ticks(), 1);
        let presses = |inputs: &[Input]| inputs.iter().filter(|i| i.use_pressed).count();
        assert_eq!(presses(&sent), presses(&inputs));
        let weapons = |inputs: &[Input]| inputs.iter().filter(|i| i.weapon == 3).count();
        assert_eq!(weapons(&sent), weapons(&inputs));
        // Nothing waits at the end: every degree was turned.
        assert_eq!(
            sent.iter().map(|i| i.turn).sum::<f64>(),
            inputs.len() as f64
        );
        // Three grown ticks gave no turn, three shrunk ones turned two ticks' worth.
        assert_eq!(sent.iter().filter(|i| i.turn == 2.0).count(), 3);
    }

    #[test]
    fn a_tick_not_played_changes_nothing() {
        let mut line = DelayLine::new(1);
        line.added = 2;
        let (a, b) = (turn(1.0), turn(2.0));
        assert_eq!(line.next(a), held(Input::default()));
        assert_eq!(line.next(a), line.next(a));
        line.played(a);
        line.played(b);
        assert_eq!(line.next(turn(3.0)), a);
    }
}
