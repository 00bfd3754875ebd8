//! The game under rollback: what networked play (GGPO-style, through the `ggrs` crate) asks of
//! the simulation, and the test that proves it delivers. A rollback session plays ahead on
//! predicted inputs, and when a remote input turns out otherwise it loads a saved state and
//! plays the ticks since again; that only works if saving and loading a state loses nothing
//! and a tick is a function of the state and the inputs alone.
//!
//! [`sync_test`] checks exactly that with `ggrs`' `SyncTestSession`: every tick it saves the
//! state (with its [`Simulation::checksum`]), and every tick it loads the state from
//! `check_distance` ticks back and plays those ticks again, comparing each checksum with the
//! first time's. A difference is a desync, reported with the tick it began at.
//!
//! ```
//! use tilecaster::game::rollback::{Simulation, sync_test};
//! /// A counter that adds each tick's inputs.
//! #[derive(Clone)]
//! struct Sum(u64);
//! impl Simulation for Sum {
//!     fn advance(&mut self, inputs: &[tilecaster::game::Input]) {
//!         self.0 += inputs.iter().map(|i| i.weapon as u64).sum::<u64>();
//!     }
//!     fn checksum(&self) -> u64 {
//!         self.0
//!     }
//! }
//! let mut sum = Sum(0);
//! let input = |_: &Sum, tick: u64, _seat: usize| tilecaster::game::Input { weapon: (tick % 5) as u8, ..Default::default() };
//! sync_test(&mut sum, 1, 100, 7, input).unwrap();
//! assert_eq!(sum.0, (0..100).map(|t| t % 5).sum::<u64>());
//! ```

use ggrs::{GgrsError, GgrsRequest, SessionBuilder};

use super::{Game, Input};

/// A simulation that rollback can drive: cloned to save a state, advanced by one tick with
/// every seat's input, and summed up in a checksum of everything that decides what follows.
pub trait Simulation: Clone + 'static {
    /// One tick, with one input per seat (seat 0 first).
    fn advance(&mut self, inputs: &[Input]);
    /// A hash of the whole state: equal states, equal checksums, on every target.
    fn checksum(&self) -> u64;

    /// The state a rollback saves: the whole simulation, unless it has parts that only a
    /// screen needs (those stay out of the saved state).
    fn saved(&mut self) -> Self {
        self.clone()
    }

    /// Goes back to a state [`Simulation::saved`] kept (the parts only a screen needs go on
    /// as they are).
    fn load(&mut self, saved: Self) {
        *self = saved;
    }
}

/// The game: each seat's input drives its player ([`Game::tick_seats`]);
/// [`Game::state_hash`] is its checksum.
impl Simulation for Game {
    fn advance(&mut self, inputs: &[Input]) {
        self.tick_seats(inputs);
    }

    fn checksum(&self) -> u64 {
        self.state_hash()
    }

    /// The game without its [`View`](super::View): a saved tick costs the state alone.
    fn saved(&mut self) -> Game {
        let view = self.take_view();
        let saved = self.clone();
        self.put_view(view);
        saved
    }

    fn load(&mut self, saved: Game) {
        let view = self.take_view();
        *self = saved;
        self.put_view(view);
    }
}

/// `ggrs`' configuration for a sync test of a [`Simulation`] `S` (a sync test has no peers:
/// its addresses are never used).
struct Rollback<S>(std::marker::PhantomData<S>);

impl<S: Simulation> ggrs::Config for Rollback<S> {
    type Input = Input;
    type State = S;
    type Address = ();
}

/// Why [`sync_test`] failed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SyncTestError {
    /// A tick played again after a rollback came out unlike the first time.
    #[error(
        "desync: tick {tick} played again after a rollback ends in another state than the first time (ticks {ticks:?} differ)"
    )]
    Desync {
        /// The first tick that differed.
        tick: u64,
        /// Every tick found to differ in that check.
        ticks: Vec<u64>,
    },
    /// The session refused a request (a bad setting).
    #[error("rollback session: {0}")]
    Session(String),
}

/// Plays `ticks` ticks of `sim` with `seats` seats under a sync test: each tick each seat's
/// input comes from `input(&sim, tick, seat)`, every state is saved with its checksum, and every tick
/// the session rolls back `check_distance` ticks (1 to 7) and plays them again, comparing
/// checksums. `sim` ends at the state after the last tick.
///
/// Cost: each tick played about `check_distance + 1` times and cloned once.
pub fn sync_test<S: Simulation>(
    sim: &mut S,
    seats: usize,
    ticks: u64,
    check_distance: usize,
    mut input: impl FnMut(&S, u64, usize) -> Input,
) -> Result<(), SyncTestError> {
    let session_error = |e: GgrsError| SyncTestError::Session(e.to_string());
    let mut session = SessionBuilder::<Rollback<S>>::new()
        .with_num_players(seats)
        .with_check_distance(check_distance)
        .start_synctest_session()
        .map_err(session_error)?;
    for tick in 0..ticks {
        for seat in 0..seats {
            session
                .add_local_input(seat, input(sim, tick, seat))
                .map_err(session_error)?;
        }
        let requests = match session.advance_frame() {
            Ok(requests) => requests,
            Err(GgrsError::MismatchedChecksum {
                mismatched_frames, ..
            }) => {
                let mut ticks: Vec<u64> = mismatched_frames
                    .iter()
                    .map(|&f| u64::try_from(f).unwrap_or(0))
                    .collect();
                ticks.sort_unstable();
                return Err(SyncTestError::Desync {
                    tick: ticks.first().copied().unwrap_or(tick),
                    ticks,
                });
            }
            Err(e) => return Err(session_error(e)),
        };
        for request in requests {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => {
                    let checksum = sim.checksum();
                    cell.save(frame, Some(sim.saved()), Some(u128::from(checksum)));
                }
                GgrsRequest::LoadGameState { cell, .. } => {
                    if let Some(saved) = cell.load() {
                        sim.load(saved);
                    }
                }
                GgrsRequest::AdvanceFrame { inputs } => {
                    let inputs: Vec<Input> = inputs.iter().map(|&(i, _)| i).collect();
                    sim.advance(&inputs);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Adds its inputs; from tick 50 on, also a count kept outside the state (as a global
    /// random number generator or a cache would be), so that a tick played again differs.
    #[derive(Clone)]
    struct Leaky(u64, u64);

    static OUTSIDE: AtomicU64 = AtomicU64::new(0);

    impl Simulation for Leaky {
        fn advance(&mut self, inputs: &[Input]) {
            self.1 += 1;
            self.0 += inputs.iter().map(|i| u64::from(i.weapon)).sum::<u64>();
            if self.1 > 50 {
                self.0 += OUTSIDE.fetch_add(1, Ordering::Relaxed);
            }
        }
        fn checksum(&self) -> u64 {
            self.0 ^ self.1 << 32
        }
    }

    #[test]
    fn state_kept_outside_the_simulation_is_a_desync_at_its_tick() {
        let input = |_: &Leaky, t: u64, _| Input {
            weapon: (t % 3) as u8,
            ..Input::default()
        };
        let result = sync_test(&mut Leaky(0, 0), 2, 200, 4, input);
        let Err(SyncTestError::Desync { tick, .. }) = result else {
            panic!("no desync found: {result:?}");
        };
        assert!((50..60).contains(&tick), "desync reported at tick {tick}");
    }

    #[test]
    fn bad_settings_are_errors() {
        let input = |_: &Leaky, _, _| Input::default();
        assert!(matches!(
            sync_test(&mut Leaky(0, 0), 1, 10, 50, input),
            Err(SyncTestError::Session(_))
        ));
    }
}
