//! The mixer: voices of the sound bank, each with a gain per channel and, when heard through
//! walls, a low-pass; mixed into interleaved stereo, a tick's worth at a time.

use std::sync::Arc;

use super::{RATE, Sound};
use crate::assets::SoundFiles;
use crate::math::Vec2;

/// How a sound is heard: its gain in each ear, and whether walls stand between it and the
/// listener (muffled: quieter, and its highs cut).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Left channel gain, 0 to 1.
    pub left: f32,
    /// Right channel gain, 0 to 1.
    pub right: f32,
    /// Heard through walls.
    pub muffled: bool,
}

impl Placement {
    /// A sound at the listener (the player's own): both ears, full gain.
    pub const HERE: Placement = Placement {
        left: 1.0,
        right: 1.0,
        muffled: false,
    };

    /// A sound at `source` heard by a listener at `listener` facing `facing_degrees` (from
    /// east towards south): the gain falls as 1 / distance beyond a tile (6 dB for each
    /// doubling), the pan follows the angle off the view (a source at the right is
    /// louder in the right ear), and `occluded` (no line of sight) muffles it.
    ///
    /// ```
    /// use tilecaster::audio::Placement;
    /// use tilecaster::math::Vec2;
    /// // Facing east, a sound to the south is on the right.
    /// let p = Placement::at(Vec2::new(0.0, 0.0), 0.0, Vec2::new(0.0, 2.0), false);
    /// assert!(p.right > 2.0 * p.left);
    /// ```
    pub fn at(listener: Vec2, facing_degrees: f64, source: Vec2, occluded: bool) -> Placement {
        let to = source - listener;
        let distance = to.length();
        if !distance.is_finite() {
            return Placement {
                left: 0.0,
                right: 0.0,
                muffled: occluded,
            };
        }
        let gain = 1.0 / distance.max(1.0);
        let off = if distance < 1e-9 {
            0.0
        } else {
            to.y.atan2(to.x) - facing_degrees.to_radians()
        };
        // -1 hard left to +1 hard right (y grows south: +90 degrees off is to the right).
        let pan = off.sin() * 0.8;
        let angle = (pan + 1.0) * std::f64::consts::FRAC_PI_4;
        let occlusion = if occluded { 0.5 } else { 1.0 };
        Placement {
            left: (gain * angle.cos() * std::f64::consts::SQRT_2 * occlusion).min(1.0) as f32,
            right: (gain * angle.sin() * std::f64::consts::SQRT_2 * occlusion).min(1.0) as f32,
            muffled: occluded,
        }
    }
}

/// One sound playing.
#[derive(Clone, Debug)]
struct Voice {
    samples: Arc<[f32]>,
    /// The next sample.
    at: usize,
    placement: Placement,
    /// The low-pass's state (muffled voices).
    low: f32,
}

/// The low-pass of a muffled sound: one pole at about 700 Hz.
const MUFFLE: f32 = 1.0 - 0.912; // 1 - exp(-2 pi 700 / 48000)

/// The most voices at once; the oldest gives way.
const MAX_VOICES: usize = 32;

/// The master bus's ceiling: -1 dBFS. The limiter keeps every sample within it.
pub const CEILING: f32 = 0.891_250_9;
/// How fast the limiter's gain comes back up after a peak, per frame: a time constant of
/// about 80 ms (1 - exp(-1 / (0.08 * 48000))).
const RELEASE: f32 = 2.6e-4;

/// What to play: one of the game's sounds, or an enemy kind's own sound in its place.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cue {
    /// The game's sound.
    pub sound: Sound,
    /// The name of the sound played instead (an enemy kind's own), when there is one.
    pub own: Option<String>,
}

impl From<Sound> for Cue {
    fn from(sound: Sound) -> Cue {
        Cue { sound, own: None }
    }
}

/// The sound bank and the voices playing from it.
#[derive(Clone, Debug)]
pub struct Mixer {
    /// Every [`Sound`] as made by code.
    made: Vec<Arc<[f32]>>,
    /// The sound files that replace them or that enemy kinds name.
    files: Arc<SoundFiles>,
    voices: Vec<Voice>,
    /// Master volume, 0 to 1.
    pub master: f32,
    /// Sound effects' volume, 0 to 1.
    pub effects: f32,
    /// The music, looped, and the next sample of it.
    music: Option<(Arc<[f32]>, usize)>,
    /// Music's volume, 0 to 1.
    pub music_volume: f32,
    /// The limiter's gain on the master bus now (1: untouched).
    limiter: f32,
}

impl Default for Mixer {
    fn default() -> Mixer {
        Mixer::new()
    }
}

impl Mixer {
    /// A mixer with every [`Sound`] made (a few milliseconds).
    pub fn new() -> Mixer {
        Mixer {
            made: Sound::ALL.iter().map(|s| s.synthesize().into()).collect(),
            files: Arc::default(),
            music: None,
            music_volume: 0.6,
            voices: Vec::new(),
            master: 1.0,
            effects: 1.0,
            limiter: 1.0,
        }
    }

    /// Plays the sound files in `files` from now on: each in place of the sound made by code
    /// of its name ([`Sound::name`]), or where an enemy kind names it. Cheap when they are
    /// the files already in use.
    pub fn use_files(&mut self, files: &Arc<SoundFiles>) {
        if !Arc::ptr_eq(&self.files, files) {
            self.files = files.clone();
        }
    }

    /// The samples of `cue`: its own sound's file, else its sound's file, else its sound as
    /// made by code. A name with no file is one of the game's own sounds.
    fn samples(&self, cue: &Cue) -> Arc<[f32]> {
        let by_name = |name: &str| {
            self.files.get(name).cloned().or_else(|| {
                let i = Sound::NAMES.iter().position(|n| *n == name)?;
                Some(self.made[i].clone())
            })
        };
        cue.own
            .as_deref()
            .and_then(by_name)
            .or_else(|| self.files.get(cue.sound.name()).cloned())
            .unwrap_or_else(|| self.made[cue.sound.index()].clone())
    }

    /// Plays `music` from now on, looped at [`Mixer::music_volume`] (none: silence). The same
    /// music goes on where it is; other music starts from its beginning.
    pub fn set_music(&mut self, music: Option<&Arc<[f32]>>) {
        match (music, &self.music) {
            (Some(new), Some((old, _))) if Arc::ptr_eq(new, old) => {}
            (Some(new), _) if !new.is_empty() => self.music = Some((new.clone(), 0)),
            _ => self.music = None,
        }
    }

    /// Starts `sound` as `placement` says.
    pub fn play(&mut self, sound: Sound, placement: Placement) {
        self.play_cue(&Cue::from(sound), placement);
    }

    /// Starts `cue` as `placement` says.
    pub fn play_cue(&mut self, cue: &Cue, placement: Placement) {
        if self.voices.len() == MAX_VOICES {
            self.voices.remove(0);
        }
        self.voices.push(Voice {
            samples: self.samples(cue),
            at: 0,
            placement,
            low: 0.0,
        });
    }

    /// Voices still playing.
    pub fn playing(&self) -> usize {
        self.voices.len()
    }

    /// Mixes the next `frames` frames, appending them to `out` as interleaved stereo
    /// (left, right) in `[-1, 1]`.
    pub fn mix(&mut self, frames: usize, out: &mut Vec<f32>) {
        let start = out.len();
        out.resize(start + frames * 2, 0.0);
        let volume = self.master.clamp(0.0, 1.0) * self.effects.clamp(0.0, 1.0);
        let block = &mut out[start..];
        for voice in &mut self.voices {
            let samples = &voice.samples;
            let (l, r) = (
                voice.placement.left * volume,
                voice.placement.right * volume,
            );
            for frame in block.chunks_exact_mut(2) {
                let Some(&s) = samples.get(voice.at) else {
                    break;
                };
                voice.at += 1;
                let s = if voice.placement.muffled {
                    voice.low += (s - voice.low) * MUFFLE;
                    voice.low
                } else {
                    s
                };
                frame[0] += s * l;
                frame[1] += s * r;
            }
        }
        if let Some((music, at)) = &mut self.music {
            let gain = self.master.clamp(0.0, 1.0) * self.music_volume.clamp(0.0, 1.0);
            for frame in block.chunks_exact_mut(2) {
                let s = music[*at] * gain;
                *at = (*at + 1) % music.len();
                frame[0] += s;
                frame[1] += s;
            }
        }
        self.limit(block);
        self.voices.retain(|v| v.at < v.samples.len());
    }

    /// The master bus's limiter: where a frame would pass [`CEILING`] its gain drops at once
    /// to the gain that keeps it there (both channels alike, so the stereo image holds), and
    /// comes back up smoothly ([`RELEASE`]); so the mix never clips, however many guns fire.
    fn limit(&mut self, block: &mut [f32]) {
        for frame in block.chunks_exact_mut(2) {
            let peak = frame[0].abs().max(frame[1].abs());
            let needed = if peak * self.limiter > CEILING {
                CEILING / peak
            } else {
                1.0
            };
            if needed < self.limiter {
                self.limiter = needed;
            } else {
                self.limiter += (needed.min(1.0) - self.limiter) * RELEASE;
            }
            for s in frame.iter_mut() {
                *s = (*s * self.limiter).clamp(-CEILING, CEILING);
            }
        }
    }
}

/// Interleaved stereo `[-1, 1]` samples as 16-bit little-endian PCM.
pub fn to_pcm16(samples: &[f32]) -> Vec<i16> {
    samples
        .iter()
        .map(|&s| (s.clamp(-1.0, 1.0) * 32767.0).round() as i16)
        .collect()
}

/// A 16-bit stereo WAV file of interleaved `samples` at [`RATE`].
pub fn wav_bytes(samples: &[f32]) -> Vec<u8> {
    let pcm = to_pcm16(samples);
    let data_len = (pcm.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&2u16.to_le_bytes()); // stereo
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 4).to_le_bytes()); // bytes per second
    out.extend_from_slice(&4u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in pcm {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Root-mean-square of one channel of interleaved stereo.
    fn rms(samples: &[f32], channel: usize) -> f64 {
        let n = samples.len() / 2;
        let sum: f64 = samples
            .iter()
            .skip(channel)
            .step_by(2)
            .map(|&s| f64::from(s) * f64::from(s))
            .sum();
        (sum / n.max(1) as f64).sqrt()
    }

    fn mixed(placement: Placement) -> Vec<f32> {
        let mut m = Mixer::new();
        m.play(Sound::Pistol, placement);
        let mut out = Vec::new();
        m.mix(RATE as usize / 2, &mut out);
        out
    }

    #[test]
    fn placement_pans_attenuates_and_muffles() {
        let o = Vec2::new(0.0, 0.0);
        let right = Placement::at(o, 0.0, Vec2::new(0.0, 3.0), false);
        assert!(right.right > right.left * 4.0, "{right:?}");
        let near = Placement::at(o, 0.0, Vec2::new(2.0, 0.0), false);
        let far = Placement::at(o, 0.0, Vec2::new(4.0, 0.0), false);
        assert!((near.left / far.left - 2.0).abs() < 1e-6, "6 dB a doubling");
        let walled = Placement::at(o, 0.0, Vec2::new(2.0, 0.0), true);
        assert!(walled.muffled && walled.left < near.left);
    }

    #[test]
    fn mixing_follows_the_placement_and_ends() {
        let out = mixed(Placement::at(Vec2::ZERO, 0.0, Vec2::new(0.0, 3.0), false));
        assert!(rms(&out, 1) > 4.0 * rms(&out, 0));
        let mut m = Mixer::new();
        m.play(Sound::Thud, Placement::HERE);
        let mut out = Vec::new();
        m.mix(RATE as usize, &mut out);
        assert_eq!(m.playing(), 0, "a thud lasts less than a second");
        m.master = 0.0;
        m.play(Sound::Pistol, Placement::HERE);
        out.clear();
        m.mix(100, &mut out);
        assert!(out.iter().all(|&s| s == 0.0));
    }

    #[test]
    fn the_limiter_keeps_a_crowd_of_shots_under_the_ceiling_and_lets_a_quiet_sound_be() {
        let mut m = Mixer::new();
        for _ in 0..20 {
            m.play(Sound::Chaingun, Placement::HERE);
            m.play(Sound::Explosion, Placement::HERE);
        }
        let mut out = Vec::new();
        m.mix(RATE as usize, &mut out);
        let peak = out.iter().fold(0.0f32, |p, s| p.max(s.abs()));
        assert!(peak <= CEILING, "{peak}");
        assert!(peak > 0.8, "limited, not silenced: {peak}");
        // A second later, a quiet sound alone plays at its own level again.
        let mut quiet = Mixer::new();
        let far = Placement::at(Vec2::ZERO, 0.0, Vec2::new(8.0, 0.0), false);
        quiet.play(Sound::Pistol, far);
        let mut alone = Vec::new();
        quiet.mix(RATE as usize / 4, &mut alone);
        m.mix(RATE as usize * 2, &mut Vec::new());
        m.play(Sound::Pistol, far);
        let mut after = Vec::new();
        m.mix(RATE as usize / 4, &mut after);
        assert!((rms(&after, 0) / rms(&alone, 0) - 1.0).abs() < 0.02);
    }

    #[test]
    fn a_wav_has_the_header_and_the_samples() {
        let bytes = wav_bytes(&[0.0, 1.0, -1.0, 0.5]);
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), RATE);
        assert_eq!(bytes.len(), 44 + 8);
        assert_eq!(i16::from_le_bytes([bytes[46], bytes[47]]), 32767);
    }
}
