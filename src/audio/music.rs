//! The game's music, made by code: an original march in A minor (16 bars at 132 beats a
//! minute, about 29 seconds), a square-wave lead over a plucked bass and a drum machine, the
//! way a sound card of the early nineties would have played it. The same samples on every
//! run; a whole number of bars, every note and drum ended inside it, so that it loops without
//! a seam. A level's `sounds/music.wav` (or its `music = "NAME"`) plays instead.

use std::sync::{Arc, OnceLock};

use super::RATE;
use super::sounds::{Noise, band_limited_square};

/// Beats a minute.
const BPM: f64 = 132.0;

/// The chord of each bar: its root as a MIDI note in the bass's octave.
const CHORDS: [u8; 16] = [
    A2, A2, F2, G2, // the theme
    A2, A2, E2, E2, // its answer, to the dominant
    D2, D2, A2, A2, // the middle
    F2, G2, E2, E2, // the turn back to the top
];
const A2: u8 = 45;
const D2: u8 = 38;
const E2: u8 = 40;
const F2: u8 = 41;
const G2: u8 = 43;

/// The lead, one bar a line, one token an eighth: a note (`A4`, `G#4`), `-` holding the
/// note before, `.` a rest.
const MELODY: [&str; 16] = [
    "A4 - - C5 E5 - D5 C5",
    "B4 - A4 - E4 - - .",
    "F4 - A4 - C5 - A4 C5",
    "D5 - - C5 B4 - G4 .",
    "A4 - - C5 E5 - A5 -",
    "G5 - E5 - C5 - - .",
    "B4 - G#4 - B4 - D5 -",
    "E5 - - - - - . .",
    "F5 - - E5 D5 - A4 -",
    "D5 - F5 - A5 - - .",
    "E5 - - D5 C5 - A4 -",
    "C5 - E5 - A4 - - .",
    "A4 - C5 - F5 - E5 D5",
    "D5 - B4 - G4 - B4 D5",
    "E5 - - D5 B4 - G#4 -",
    "B4 - - - E4 - . .",
];

/// The bass under each bar, in semitones above the chord's root, one an eighth.
const BASS: [u8; 8] = [0, 0, 7, 0, 12, 0, 7, 0];

/// The loudest sample of the theme (the game's sounds go on top of it).
const PEAK: f32 = 0.4;

/// The theme as mono samples at [`RATE`], made once and shared.
///
/// ```
/// let theme = tilecaster::audio::theme();
/// assert!(theme.len() > 20 * tilecaster::audio::RATE as usize, "longer than 20 seconds");
/// ```
pub fn theme() -> Arc<[f32]> {
    static THEME: OnceLock<Arc<[f32]>> = OnceLock::new();
    THEME.get_or_init(|| compose().into()).clone()
}

/// Samples an eighth note lasts (whole, so that bars and the loop are whole too).
fn eighth() -> usize {
    (f64::from(RATE) * 60.0 / BPM / 2.0).round() as usize
}

/// The frequency of MIDI note `note`.
fn frequency(note: u8) -> f64 {
    440.0 * 2f64.powf((f64::from(note) - 69.0) / 12.0)
}

/// A note's name (`C5`, `G#4`) as a MIDI note.
fn midi(name: &str) -> u8 {
    let (pitch, octave) = name.split_at(name.len() - 1);
    let base = match &pitch[..1] {
        "C" => 0,
        "D" => 2,
        "E" => 4,
        "F" => 5,
        "G" => 7,
        "A" => 9,
        "B" => 11,
        other => panic!("note {other}"),
    };
    let sharp = u8::from(pitch.ends_with('#'));
    let octave: u8 = octave.parse().expect("an octave digit");
    12 * (octave + 1) + base + sharp
}

/// A note played: its first sample, its length in samples and its MIDI note.
struct Note {
    start: usize,
    length: usize,
    note: u8,
}

/// The lead's notes, from [`MELODY`].
fn melody() -> Vec<Note> {
    let e = eighth();
    let mut notes: Vec<Note> = Vec::new();
    let mut holding = false;
    for (bar, line) in MELODY.iter().enumerate() {
        for (i, token) in line.split_whitespace().enumerate() {
            let start = (bar * 8 + i) * e;
            match token {
                "-" if holding => notes.last_mut().expect("a note to hold").length += e,
                "-" | "." => holding = false,
                name => {
                    notes.push(Note {
                        start,
                        length: e,
                        note: midi(name),
                    });
                    holding = true;
                }
            }
        }
    }
    notes
}

/// Adds `samples` of `voice(t)` (`t` in seconds from `start`) into `out` from `start`,
/// through a [`gate`] as long, so that every sound ends where it is cut.
fn add(out: &mut [f32], start: usize, samples: usize, mut voice: impl FnMut(f64) -> f64) {
    let end = (start + samples).min(out.len());
    let seconds = samples as f64 / f64::from(RATE);
    for (i, s) in out[start..end].iter_mut().enumerate() {
        let t = i as f64 / f64::from(RATE);
        *s += (voice(t) * gate(t, seconds)) as f32;
    }
}

/// Rises over 5 ms, holds, and falls over the last 30 ms of `length` seconds.
fn gate(t: f64, length: f64) -> f64 {
    (t / 0.005).min(1.0) * ((length - t) / 0.03).clamp(0.0, 1.0)
}

/// The whole theme, normalised to [`PEAK`].
fn compose() -> Vec<f32> {
    use std::f64::consts::TAU;
    let e = eighth();
    let rate = f64::from(RATE);
    let mut out = vec![0.0f32; CHORDS.len() * 8 * e];

    // The lead: a square wave through a gentle low-pass, a little vibrato once a note is held,
    // fading a third over its length.
    for n in melody() {
        let f = frequency(n.note);
        let seconds = n.length as f64 / rate;
        let mut low = 0.0;
        add(&mut out, n.start, n.length, |t| {
            let vibrato = if t > 0.15 {
                1.0 + 0.006 * (TAU * 5.5 * (t - 0.15)).sin()
            } else {
                1.0
            };
            let phase = (f * vibrato * t).fract();
            let square = band_limited_square(phase, f * vibrato / rate);
            low += (square - low) * 0.18;
            low * 0.16 * (1.0 - 0.33 * t / seconds)
        });
    }

    // The bass: a triangle with a little square for bite, each eighth plucked short.
    for (bar, &root) in CHORDS.iter().enumerate() {
        for (i, &step) in BASS.iter().enumerate() {
            let f = frequency(root + step);
            add(&mut out, (bar * 8 + i) * e, e * 3 / 4, |t| {
                let phase = (f * t).fract();
                let triangle = 4.0 * (phase - 0.5).abs() - 1.0;
                let square = 0.3 * band_limited_square(phase, f / rate);
                (triangle + square) * 0.22 * (-t * 4.0).exp()
            });
        }
    }

    // The drums: a kick on one and three, a snare on two and four (with a roll into the top
    // of every fourth bar), a closed hi-hat on every eighth.
    let mut noise = Noise(0x5eed_1234);
    let beats = CHORDS.len() * 4;
    for beat in 0..beats {
        let start = beat * 2 * e;
        if beat % 2 == 0 {
            add(&mut out, start, e, |t| {
                // From 110 Hz falling towards 45 Hz (the phase integrated).
                let phase = 45.0 * t + 65.0 * (1.0 - (-t * 25.0).exp()) / 25.0;
                (TAU * phase).sin() * 0.5 * (-t * 14.0).exp()
            });
        } else {
            let roll = beat % 16 == 15;
            let hits = if roll { 4 } else { 1 };
            for k in 0..hits {
                let at = start + k * e / 2;
                let gain = if roll { 0.1 + 0.04 * k as f64 } else { 0.18 };
                add(&mut out, at, e / 2, |t| {
                    let body = (TAU * 185.0 * t).sin() * (-t * 30.0).exp();
                    (f64::from(noise.next()) * 0.8 + body * 0.5) * gain * (-t * 22.0).exp()
                });
            }
        }
        for k in 0..2 {
            let mut last = 0.0;
            add(&mut out, start + k * e, e / 4, |t| {
                let n = f64::from(noise.next());
                let high = n - last;
                last = n;
                high * 0.035 * (-t * 90.0).exp()
            });
        }
    }

    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.0 {
        let scale = PEAK / peak;
        out.iter_mut().for_each(|s| *s *= scale);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_is_whole_bars_heard_throughout_and_loops_without_a_seam() {
        let theme = theme();
        let bar = 8 * eighth();
        assert_eq!(theme.len(), 16 * bar);
        assert_eq!(compose(), theme.to_vec(), "the same every time");
        let peak = theme.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!((peak - PEAK).abs() < 1e-6, "peak {peak}");
        for (k, samples) in theme.chunks(bar).enumerate() {
            let rms = (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt();
            assert!(rms > 0.03, "bar {} is near silent (rms {rms})", k + 1);
        }
        // Every note and drum has ended by the loop's end, and the top starts from silence:
        // the last 5 ms and the first sample are (near) zero.
        let tail = &theme[theme.len() - RATE as usize / 200..];
        assert!(
            tail.iter().all(|s| s.abs() < 0.01),
            "the loop's end is not quiet"
        );
        assert!(theme[0].abs() < 0.01);
    }

    #[test]
    fn notes_are_named_as_musicians_name_them() {
        assert_eq!(midi("A4"), 69);
        assert_eq!(midi("C5"), 72);
        assert_eq!(midi("G#4"), 68);
        assert!((frequency(69) - 440.0).abs() < 1e-9);
        assert!((frequency(A2) - 110.0).abs() < 1e-9);
        // Held notes are one note: bar 1 opens with A4 for three eighths.
        let first = &melody()[0];
        assert_eq!(
            (first.start, first.length, first.note),
            (0, 3 * eighth(), 69)
        );
    }
}
