//! Sound: the game's sounds and music made by code ([`Sound`], [`theme`]), and the mixer that
//! plays them placed in the world ([`Placement`]: gain by distance, pan by angle, muffled
//! through walls) into interleaved stereo at [`RATE`], a tick's worth ([`FRAMES_PER_TICK`]) at
//! a time. It knows nothing of the game: the scene layer turns the game's events into placed sounds, and the
//! window (or `autoplay --audio-out`, a WAV file) takes what the mixer makes.
//!
//! ```
//! use tilecaster::audio::{FRAMES_PER_TICK, Mixer, Placement, Sound};
//! let mut mixer = Mixer::new();
//! mixer.play(Sound::Pistol, Placement::HERE);
//! let mut out = Vec::new();
//! mixer.mix(FRAMES_PER_TICK, &mut out);
//! assert_eq!(out.len(), 2 * FRAMES_PER_TICK);
//! assert!(out.iter().any(|&s| s != 0.0));
//! ```

mod mixer;
mod music;
mod sounds;

pub use mixer::{CEILING, Cue, Mixer, Placement, to_pcm16, wav_bytes};
pub use music::theme;
pub use sounds::{PEAK, Sound};

/// Samples per second.
pub const RATE: u32 = crate::assets::SAMPLE_RATE;
/// Frames mixed per simulation tick (48 000 / 60).
pub const FRAMES_PER_TICK: usize = 800;
