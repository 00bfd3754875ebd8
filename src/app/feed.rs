//! The feed between the game, which mixes one tick of sound at a time, and a sound device that
//! asks for samples when it wants them (cpal's callback, on Windows and macOS): ticks wait in
//! a short queue, and the device takes them at its own rate and channel count, silence when
//! none waits. At the mixer's rate in stereo (what the device is asked for first) the samples
//! go through unchanged, so every platform plays the same bytes; the tests here show it on
//! every platform, whichever device it has.
#![cfg_attr(not(any(windows, target_os = "macos")), allow(dead_code))]

use std::collections::VecDeque;

use tilecaster::audio::{FRAMES_PER_TICK, RATE};

/// Mixed ticks that wait for the device at most; a tick beyond them is dropped (the game ran
/// ahead of the device). ALSA's queue on Linux holds as many.
pub const QUEUE_TICKS: usize = 6;

/// The game's interleaved stereo at the mixer's rate, taken at a device's rate and channels.
pub struct Feed {
    /// Frames (left, right) waiting, oldest first.
    frames: VecDeque<[f32; 2]>,
    /// Mixer frames a device frame: 1 at the mixer's rate.
    step: f64,
    /// Where the device is between the oldest frame and the next, in `[0, 1)`.
    phase: f64,
    /// The device's channels a frame.
    channels: usize,
}

impl Feed {
    /// A feed for a device playing `rate` frames a second of `channels` channels (at least
    /// one).
    pub fn new(rate: u32, channels: u16) -> Feed {
        Feed {
            frames: VecDeque::with_capacity(QUEUE_TICKS * FRAMES_PER_TICK),
            step: f64::from(RATE) / f64::from(rate.max(1)),
            phase: 0.0,
            channels: usize::from(channels.max(1)),
        }
    }

    /// Queues a tick of interleaved stereo; false (and dropped) when the queue is full.
    pub fn push(&mut self, tick: &[f32]) -> bool {
        let frames = tick.len() / 2;
        if self.frames.len() + frames > QUEUE_TICKS * FRAMES_PER_TICK {
            return false;
        }
        self.frames
            .extend(tick.chunks_exact(2).map(|pair| [pair[0], pair[1]]));
        true
    }

    /// Mixer frames waiting.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.frames.len()
    }

    /// Fills `out` (whole frames of the device's channels, interleaved) from the queue:
    /// between two mixer frames a straight line where the rates differ, the two channels'
    /// mean on a mono device, silence on channels past the second and once the queue is empty.
    pub fn fill(&mut self, out: &mut [f32]) {
        for frame in out.chunks_mut(self.channels) {
            let [left, right] = self.next_frame();
            match frame {
                [mono] => *mono = (left + right) * 0.5,
                [first, second, rest @ ..] => {
                    *first = left;
                    *second = right;
                    rest.fill(0.0);
                }
                [] => {}
            }
        }
    }

    /// The device's next frame, and the queue moved on by a device frame.
    fn next_frame(&mut self) -> [f32; 2] {
        let Some(&current) = self.frames.front() else {
            return [0.0; 2];
        };
        let frame = match self.frames.get(1) {
            Some(&next) if self.phase > 0.0 => {
                let t = self.phase as f32;
                [
                    current[0] + (next[0] - current[0]) * t,
                    current[1] + (next[1] - current[1]) * t,
                ]
            }
            _ => current,
        };
        self.phase += self.step;
        while self.phase >= 1.0 && self.frames.pop_front().is_some() {
            self.phase -= 1.0;
        }
        if self.frames.is_empty() {
            // The next tick starts on its first frame.
            self.phase = 0.0;
        }
        frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilecaster::audio::{Mixer, Placement, Sound};
    use tilecaster::math::Vec2;

    /// Ticks of the real mixer's output: a shot here and a door off to the right.
    fn mixed_ticks(count: usize) -> Vec<Vec<f32>> {
        let mut mixer = Mixer::new();
        mixer.play(Sound::Pistol, Placement::HERE);
        let door = Placement::at(Vec2::new(0.0, 0.0), 0.0, Vec2::new(1.0, 2.0), false);
        mixer.play(Sound::DoorOpen, door);
        (0..count)
            .map(|_| {
                let mut tick = Vec::new();
                mixer.mix(FRAMES_PER_TICK, &mut tick);
                tick
            })
            .collect()
    }

    fn bits(samples: &[f32]) -> Vec<u32> {
        samples.iter().map(|s| s.to_bits()).collect()
    }

    #[test]
    fn at_the_mixers_rate_in_stereo_the_device_gets_the_mixers_bytes() {
        let ticks = mixed_ticks(4);
        assert!(
            ticks.iter().flatten().any(|&s| s != 0.0),
            "the mix is silent"
        );
        let mut feed = Feed::new(RATE, 2);
        let mut played = Vec::new();
        // The device asks in blocks of its own size, not the ticks'.
        let mut block = vec![0.0; 2 * 441];
        for tick in &ticks {
            assert!(feed.push(tick));
            while feed.waiting() >= block.len() / 2 {
                feed.fill(&mut block);
                played.extend_from_slice(&block);
            }
        }
        let mut rest = vec![0.0; 2 * feed.waiting()];
        feed.fill(&mut rest);
        played.extend_from_slice(&rest);
        assert_eq!(bits(&played), bits(&ticks.concat()));
    }

    #[test]
    fn an_empty_queue_is_silence_and_the_next_tick_starts_on_its_first_frame() {
        let ticks = mixed_ticks(2);
        let mut feed = Feed::new(RATE, 2);
        let mut out = vec![1.0; 2 * 100];
        feed.fill(&mut out);
        assert!(out.iter().all(|&s| s == 0.0));
        feed.push(&ticks[0]);
        let mut out = vec![0.0; ticks[0].len() + 2 * 50];
        feed.fill(&mut out);
        assert_eq!(bits(&out[..ticks[0].len()]), bits(&ticks[0]));
        assert!(out[ticks[0].len()..].iter().all(|&s| s == 0.0));
        feed.push(&ticks[1]);
        let mut out = vec![0.0; ticks[1].len()];
        feed.fill(&mut out);
        assert_eq!(bits(&out), bits(&ticks[1]));
    }

    #[test]
    fn a_tick_beyond_the_queue_is_dropped() {
        let tick = vec![0.25; 2 * FRAMES_PER_TICK];
        let mut feed = Feed::new(RATE, 2);
        for _ in 0..QUEUE_TICKS {
            assert!(feed.push(&tick));
        }
        assert!(!feed.push(&tick));
        assert_eq!(feed.waiting(), QUEUE_TICKS * FRAMES_PER_TICK);
        let mut out = vec![0.0; 2 * FRAMES_PER_TICK];
        feed.fill(&mut out);
        assert!(feed.push(&tick), "a tick played makes room for one");
    }

    #[test]
    fn a_mono_device_hears_the_mean_and_a_surround_one_the_front_pair() {
        let tick: Vec<f32> = (0..2 * FRAMES_PER_TICK)
            .map(|i| if i % 2 == 0 { 0.5 } else { -0.25 })
            .collect();
        let mut mono = Feed::new(RATE, 1);
        mono.push(&tick);
        let mut out = vec![0.0; FRAMES_PER_TICK];
        mono.fill(&mut out);
        assert!(out.iter().all(|&s| s == 0.125), "{:?}", &out[..4]);
        let mut surround = Feed::new(RATE, 6);
        surround.push(&tick);
        let mut out = vec![1.0; 6 * FRAMES_PER_TICK];
        surround.fill(&mut out);
        for frame in out.chunks(6) {
            assert_eq!(frame, [0.5, -0.25, 0.0, 0.0, 0.0, 0.0]);
        }
    }

    /// A 440 Hz tone at the mixer's rate, `ticks` ticks of it, the same on both channels.
    fn tone(ticks: usize) -> Vec<Vec<f32>> {
        let wave = |frame: usize| {
            (frame as f64 * 440.0 * std::f64::consts::TAU / f64::from(RATE)).sin() as f32 * 0.5
        };
        (0..ticks)
            .map(|t| {
                (0..FRAMES_PER_TICK)
                    .flat_map(|f| [wave(t * FRAMES_PER_TICK + f); 2])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_device_at_another_rate_hears_the_same_tone_over_the_same_time() {
        for device_rate in [44_100, 96_000, 22_050] {
            let ticks = tone(QUEUE_TICKS);
            let mut feed = Feed::new(device_rate, 2);
            for tick in &ticks {
                assert!(feed.push(tick));
            }
            // Five ticks' time at the device's rate.
            let frames = 5 * FRAMES_PER_TICK * device_rate as usize / RATE as usize;
            let mut out = vec![0.0; 2 * frames];
            feed.fill(&mut out);
            // The mixer's frames that span that time, taken from the queue (to a frame).
            let taken = (QUEUE_TICKS * FRAMES_PER_TICK - feed.waiting()) as f64;
            let spanned = frames as f64 * f64::from(RATE) / f64::from(device_rate);
            assert!(
                (taken - spanned).abs() <= 1.0,
                "{device_rate}: {taken} frames taken for {spanned}"
            );
            for (i, frame) in out.chunks(2).enumerate() {
                let at = i as f64 * 440.0 * std::f64::consts::TAU / f64::from(device_rate);
                let expected = at.sin() as f32 * 0.5;
                // A straight line between samples 48 000 a second off a 440 Hz tone.
                assert!(
                    (frame[0] - expected).abs() < 0.002 && frame[0] == frame[1],
                    "{device_rate}: frame {i}: {frame:?} against {expected}"
                );
            }
        }
    }
}
