//! The game's sounds, made by code at start-up: every one original, a few lines of synthesis
//! each (noise bursts, swept tones, envelopes), the same samples on every run.

use super::RATE;

/// Every sound the game makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// The player's pistol.
    Pistol,
    /// The player's launcher sending a fireball off.
    Launcher,
    /// The knife's swish.
    Knife,
    /// A fireball bursting.
    Explosion,
    /// A guard's gun.
    GuardShot,
    /// A door sliding open.
    DoorOpen,
    /// A door sliding shut.
    DoorClose,
    /// A push wall grinding away.
    PushWall,
    /// Health picked up.
    PickupHealth,
    /// Ammunition picked up.
    PickupAmmo,
    /// Treasure picked up.
    PickupTreasure,
    /// A key picked up.
    PickupKey,
    /// A guard's shout on noticing the player.
    Alert,
    /// A guard hurt.
    EnemyPain,
    /// A guard dying.
    EnemyDeath,
    /// The player hurt.
    PlayerPain,
    /// The player dying.
    PlayerDeath,
    /// "Use" with nothing to use.
    Thud,
    /// The exit used.
    Exit,
    /// The player's machine gun.
    MachineGun,
    /// The player's chaingun.
    Chaingun,
    /// A dog's bark on noticing the player.
    Bark,
    /// A dog's bite.
    Bite,
    /// A life gained (a one-up, or the points for one).
    ExtraLife,
    /// An enemy's automatic gun (the SS's and the boss's bursts).
    Burst,
    /// The tally screen counting its bonus up.
    Tally,
    /// An officer's shout on noticing the player: quicker and higher than a guard's.
    OfficerAlert,
    /// An officer dying.
    OfficerDeath,
    /// A mutant hurt: a wet growl.
    MutantPain,
    /// A mutant dying.
    MutantDeath,
    /// An SS man's shout on noticing the player: four hard syllables, hissed between.
    SsAlert,
    /// An SS man dying: a deep cry cut short.
    SsDeath,
    /// The boss's greeting on noticing the player: two slow, deep syllables.
    BossAlert,
    /// The boss falling: a long, deep cry that sinks.
    BossDeath,
}

impl Sound {
    /// Every sound, in a fixed order (the bank's).
    pub const ALL: [Sound; 34] = [
        Sound::Pistol,
        Sound::Launcher,
        Sound::Knife,
        Sound::Explosion,
        Sound::GuardShot,
        Sound::DoorOpen,
        Sound::DoorClose,
        Sound::PushWall,
        Sound::PickupHealth,
        Sound::PickupAmmo,
        Sound::PickupTreasure,
        Sound::PickupKey,
        Sound::Alert,
        Sound::EnemyPain,
        Sound::EnemyDeath,
        Sound::PlayerPain,
        Sound::PlayerDeath,
        Sound::Thud,
        Sound::Exit,
        Sound::MachineGun,
        Sound::Chaingun,
        Sound::Bark,
        Sound::Bite,
        Sound::ExtraLife,
        Sound::Burst,
        Sound::Tally,
        Sound::OfficerAlert,
        Sound::OfficerDeath,
        Sound::MutantPain,
        Sound::MutantDeath,
        Sound::SsAlert,
        Sound::SsDeath,
        Sound::BossAlert,
        Sound::BossDeath,
    ];

    /// The file names of the sounds (`sounds/NAME.wav` in a data folder), in the order of
    /// [`Sound::ALL`].
    pub const NAMES: [&'static str; 34] = crate::assets::SOUND_NAMES;

    /// Its file name (`sounds/NAME.wav` replaces it).
    pub fn name(self) -> &'static str {
        Sound::NAMES[self.index()]
    }

    /// Its place in [`Sound::ALL`].
    pub fn index(self) -> usize {
        Sound::ALL.iter().position(|&s| s == self).unwrap_or(0)
    }

    /// Its samples, mono, at [`RATE`], peaking at most at [`PEAK`] (-1 dBFS).
    pub fn synthesize(self) -> Vec<f32> {
        let mut samples = self.made();
        let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if peak > PEAK {
            let scale = PEAK / peak;
            // Clamped as well: the product may round a hair above the peak.
            samples
                .iter_mut()
                .for_each(|s| *s = (*s * scale).clamp(-PEAK, PEAK));
        }
        samples
    }

    /// Its samples as made, before the peak is brought down to [`PEAK`].
    fn made(self) -> Vec<f32> {
        let mut noise = Noise(0x9E37_79B9 ^ (self.index() as u32 + 1).wrapping_mul(0x85EB_CA6B));
        let noise = &mut noise;
        weapon_sound(self, noise)
            .or_else(|| voice(self, noise))
            .or_else(|| kind_voice(self, noise))
            .or_else(|| world_sound(self, noise))
            .unwrap_or_default()
    }
}

/// A weapon's sound: the shots, the knife, the launcher and its explosion (`None` for the others).
fn weapon_sound(sound: Sound, noise: &mut Noise) -> Option<Vec<f32>> {
    Some(match sound {
        Sound::Pistol => shot(noise, 0.28, 34.0, 95.0, 1.0),
        // A guard's gun is heavier and darker than the player's pistol, with the room's
        // echo after it: heard apart at once.
        Sound::GuardShot => {
            let dry = shot(noise, 0.3, 20.0, 58.0, 0.3);
            let delay = (0.07 * RATE as f32) as usize;
            (0..dry.len() + delay)
                .map(|i| {
                    let now = dry.get(i).copied().unwrap_or(0.0);
                    let echo = i.checked_sub(delay).and_then(|j| dry.get(j)).copied();
                    now + echo.unwrap_or(0.0) * 0.35
                })
                .collect()
        }
        Sound::Launcher => render(0.5, |t| {
            let whoosh = noise.next() * (t * std::f32::consts::PI / 0.5).sin() * 0.5;
            let tone = sweep(t, 220.0, 70.0, 0.5) * (-t * 5.0).exp() * 0.6;
            whoosh + tone
        }),
        Sound::Explosion => {
            let mut brown = 0.0f32;
            render(0.9, |t| {
                brown = (brown + noise.next() * 0.12) * 0.985;
                let thump = (2.0 * std::f32::consts::PI * 48.0 * t).sin() * (-t * 6.0).exp();
                (brown * 3.0 + thump) * (-t * 3.5).exp()
            })
        }
        // The knife: a low whoosh of the arm, then the blade's metallic ring.
        Sound::Knife => {
            let mut low = 0.0f32;
            render(0.3, |t| {
                low += (noise.next() - low) * 0.06;
                let whoosh = if t < 0.12 {
                    low * 2.2 * (t * std::f32::consts::PI / 0.12).sin()
                } else {
                    0.0
                };
                let ring = if t >= 0.09 {
                    let r = t - 0.09;
                    let tau = std::f32::consts::TAU;
                    ((tau * 2870.0 * r).sin() * 0.5 + (tau * 4130.0 * r).sin() * 0.3)
                        * (-r * 22.0).exp()
                        * 0.5
                } else {
                    0.0
                };
                whoosh + ring
            })
        }
        // Shorter and brighter than the pistol's, so that a run of them stays apart; the
        // chaingun's shorter still, with a metallic ring.
        Sound::MachineGun => shot(noise, 0.14, 42.0, 120.0, 1.0),
        Sound::Chaingun => {
            let crack = shot(noise, 0.09, 55.0, 140.0, 1.0);
            crack
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let t = i as f32 / RATE as f32;
                    c * 0.85
                        + (2.0 * std::f32::consts::PI * 2400.0 * t).sin() * 0.12 * (-t * 60.0).exp()
                })
                .collect()
        }
        Sound::Burst => shot(noise, 0.16, 38.0, 70.0, 0.6),
        _ => return None,
    })
}

/// A voice: alerts, pains and deaths, a dog's bark and bite (`None` for the others).
fn voice(sound: Sound, noise: &mut Noise) -> Option<Vec<f32>> {
    Some(match sound {
        Sound::Alert => render(0.55, |t| {
            // Two barked syllables: a buzzy tone, its brightness rising and falling.
            let (f, on) = if t < 0.22 {
                (240.0, fade(t, 0.01, 0.22))
            } else if t > 0.27 {
                (190.0, fade(t - 0.27, 0.01, 0.28))
            } else {
                (0.0, 0.0)
            };
            let formant = 0.5 + 0.5 * (2.0 * std::f32::consts::PI * 7.0 * t).sin();
            (saw(t, f) * (0.4 + 0.3 * formant) + noise.next() * 0.08) * on
        }),
        Sound::EnemyPain => render(0.25, |t| {
            saw_sweep(t, 320.0, 190.0, 0.25) * 0.5 * fade(t, 0.01, 0.25)
        }),
        Sound::EnemyDeath => render(0.85, |t| {
            (saw_sweep(t, 260.0, 70.0, 0.85) * 0.45 + noise.next() * 0.1) * fade(t, 0.01, 0.85)
        }),
        Sound::PlayerPain => render(0.22, |t| {
            (saw(t, 140.0) * 0.45 + noise.next() * 0.15) * fade(t, 0.01, 0.22)
        }),
        Sound::PlayerDeath => render(1.3, |t| {
            (saw_sweep(t, 170.0, 45.0, 1.3) * 0.5 + noise.next() * 0.1) * fade(t, 0.02, 1.3)
        }),
        Sound::Bark => render(0.4, |t| {
            // Two yaps: a sweep down with a rough edge.
            let (local, on) = if t < 0.15 {
                (t, 1.0)
            } else if t > 0.2 {
                (t - 0.2, 1.0)
            } else {
                (0.0, 0.0)
            };
            (saw_sweep(local, 620.0, 380.0, 0.15) * 0.45 + noise.next() * 0.15)
                * on
                * fade(local, 0.005, 0.15)
        }),
        Sound::Bite => render(0.18, |t| {
            let snap = if t < 0.02 { noise.next() } else { 0.0 };
            snap * 0.8 + saw(t, 180.0) * 0.3 * fade(t, 0.01, 0.18)
        }),
        _ => return None,
    })
}

/// An enemy kind's own voice: the officer's, the mutant's, the SS's and the boss's (`None`
/// for the others).
fn kind_voice(sound: Sound, noise: &mut Noise) -> Option<Vec<f32>> {
    Some(match sound {
        // Three clipped syllables, higher and quicker than a guard's two, the last rising.
        Sound::OfficerAlert => render(0.5, |t| {
            let syllables = [
                (0.0, 0.12, 330.0, 330.0),
                (0.16, 0.1, 300.0, 300.0),
                (0.3, 0.2, 280.0, 380.0),
            ];
            spoken(t, &syllables, 11.0, 0.35) + noise.next() * 0.05
        }),
        // A cry that breaks: a high sweep down with a tremble, then a breath.
        Sound::OfficerDeath => render(0.9, |t| {
            let tremble = 1.0 + 0.04 * (2.0 * std::f32::consts::PI * 9.0 * t).sin();
            let cry = if t < 0.6 {
                saw_sweep(t * tremble, 420.0, 150.0, 0.6) * 0.45 * fade(t, 0.01, 0.6)
            } else {
                0.0
            };
            cry + noise.next() * 0.12 * fade(t, 0.3, 0.9)
        }),
        // A low growl, rough and wet: a slow saw buzzed by noise, with a gurgle.
        Sound::MutantPain => {
            let mut low = 0.0f32;
            render(0.35, |t| {
                low += (noise.next() - low) * 0.1;
                let gurgle = 0.6 + 0.4 * (2.0 * std::f32::consts::PI * 23.0 * t).sin();
                (saw(t, 95.0) * 0.4 * gurgle + low * 1.4) * fade(t, 0.01, 0.35)
            })
        }
        // A long groan falling to a rattle.
        Sound::MutantDeath => {
            let mut low = 0.0f32;
            render(1.2, |t| {
                low += (noise.next() - low) * 0.08;
                let rattle = if t > 0.7 {
                    (0.5 + 0.5 * (2.0 * std::f32::consts::PI * 14.0 * t).sin()).powi(4)
                } else {
                    1.0
                };
                (saw_sweep(t, 130.0, 40.0, 1.2) * 0.45 + low * 1.2) * rattle * fade(t, 0.02, 1.2)
            })
        }
        // "Schutzstaffel!": four hard syllables, lower than an officer's, each after a hiss.
        Sound::SsAlert => render(0.72, |t| {
            let syllables = [
                (0.07, 0.1, 210.0, 200.0),
                (0.24, 0.09, 190.0, 190.0),
                (0.41, 0.08, 200.0, 200.0),
                (0.55, 0.17, 185.0, 150.0),
            ];
            let hiss = [(0.0, 0.07), (0.18, 0.05), (0.35, 0.06)]
                .iter()
                .any(|&(start, length)| (start..start + length).contains(&t));
            let hiss = if hiss { noise.next() * 0.4 } else { 0.0 };
            spoken(t, &syllables, 8.0, 0.4) + hiss
        }),
        // A deep cry cut short by a breath out, then the body falling.
        Sound::SsDeath => render(1.0, |t| {
            let cry = if t < 0.5 {
                saw_sweep(t, 230.0, 95.0, 0.5) * 0.5 * fade(t, 0.01, 0.5)
            } else {
                0.0
            };
            let breath = noise.next() * 0.15 * fade((t - 0.45).max(0.0), 0.02, 0.3);
            let thud = if t > 0.78 {
                (2.0 * std::f32::consts::PI * 60.0 * t).sin() * (-(t - 0.78) * 20.0).exp() * 0.6
            } else {
                0.0
            };
            cry + breath + thud
        }),
        // "Guten Tag!": two slow syllables, deep and chesty, the second lower and longer.
        Sound::BossAlert => render(0.8, |t| {
            let syllables = [(0.0, 0.26, 135.0, 125.0), (0.34, 0.42, 120.0, 95.0)];
            let chest = (2.0 * std::f32::consts::PI * 65.0 * t).sin() * 0.2;
            let voiced = spoken(t, &syllables, 5.0, 0.5);
            voiced + if voiced != 0.0 { chest } else { 0.0 } + noise.next() * 0.04
        }),
        // "Mein Leben!": two syllables, then a long cry sinking into a rattle.
        Sound::BossDeath => render(2.2, |t| {
            let syllables = [(0.0, 0.3, 150.0, 140.0), (0.4, 0.3, 160.0, 150.0)];
            let tremble = 1.0 + 0.05 * (2.0 * std::f32::consts::PI * 6.0 * t).sin();
            let fall = if t >= 0.75 {
                let local = (t - 0.75) * tremble;
                saw_sweep(local, 170.0, 35.0, 1.45) * 0.5 * fade(t - 0.75, 0.03, 1.45)
            } else {
                0.0
            };
            spoken(t, &syllables, 5.0, 0.5) + fall + noise.next() * 0.06 * fade(t, 0.5, 2.2)
        }),
        _ => return None,
    })
}

/// A sound of the world: doors, push walls, pickups, the exit, a life gained, the tally (`None` for the others).
fn world_sound(sound: Sound, noise: &mut Noise) -> Option<Vec<f32>> {
    Some(match sound {
        Sound::DoorOpen => door(noise, false),
        Sound::DoorClose => door(noise, true),
        Sound::PushWall => {
            let mut low = 0.0f32;
            render(1.6, |t| {
                low += (noise.next() - low) * 0.08;
                let judder = 0.6 + 0.4 * (2.0 * std::f32::consts::PI * 28.0 * t).sin();
                low * 2.5 * judder * fade(t, 0.05, 1.6)
            })
        }
        Sound::PickupHealth => notes(&[660.0, 880.0], 0.12, 0.5),
        Sound::PickupAmmo => render(0.2, |t| {
            let click = if t < 0.03 || (0.09..0.12).contains(&t) {
                1.0
            } else {
                0.0
            };
            noise.next() * click * 0.7 + square(t, 1800.0) * click * 0.2
        }),
        Sound::PickupTreasure => notes(&[880.0, 1108.7, 1318.5], 0.09, 0.45),
        Sound::PickupKey => render(0.35, |t| {
            let vibrato = 1.0 + 0.01 * (2.0 * std::f32::consts::PI * 12.0 * t).sin();
            let f = if t < 0.15 { 1568.0 } else { 2093.0 };
            (2.0 * std::f32::consts::PI * f * vibrato * t).sin() * 0.4 * fade(t, 0.005, 0.35)
        }),
        Sound::Thud => render(0.16, |t| {
            ((2.0 * std::f32::consts::PI * 70.0 * t).sin() + noise.next() * 0.2)
                * (-t * 30.0).exp()
                * 0.8
        }),
        Sound::Exit => notes(&[523.3, 659.3, 784.0, 1046.5], 0.16, 0.4),
        Sound::ExtraLife => notes(&[523.3, 784.0, 1046.5, 1568.0, 2093.0], 0.08, 0.4),
        Sound::Tally => render(0.05, |t| {
            (2.0 * std::f32::consts::PI * 1320.0 * t).sin() * 0.35 * fade(t, 0.002, 0.05)
        }),

        _ => return None,
    })
}

/// A xorshift noise source in `[-1, 1]`, the same every run (the music's drums use it too).
pub(super) struct Noise(pub(super) u32);

impl Noise {
    pub(super) fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// The loudest a sound is made: -1 dBFS.
pub const PEAK: f32 = 0.891_250_9;

/// `seconds` of samples from `f(t)` (not clipped: [`Sound::synthesize`] scales the whole).
fn render(seconds: f32, mut f: impl FnMut(f32) -> f32) -> Vec<f32> {
    let n = (seconds * RATE as f32) as usize;
    (0..n).map(|i| f(i as f32 / RATE as f32)).collect()
}

/// A band-limited square wave at `phase` (cycles, 0 to 1) of a tone whose phase advances
/// `step` a sample: the naive square with its two jumps smoothed by polyBLEP, so that its
/// harmonics above the Nyquist frequency do not fold back as whistles.
pub(super) fn band_limited_square(phase: f64, step: f64) -> f64 {
    fn blep(t: f64, dt: f64) -> f64 {
        if t < dt {
            let t = t / dt;
            2.0 * t - t * t - 1.0
        } else if t > 1.0 - dt {
            let t = (t - 1.0) / dt;
            t * t + 2.0 * t + 1.0
        } else {
            0.0
        }
    }
    let naive = if phase < 0.5 { 1.0 } else { -1.0 };
    let dt = step.clamp(1e-9, 0.5);
    naive + blep(phase, dt) - blep((phase + 0.5).fract(), dt)
}

/// Rises over `attack` seconds, falls linearly to 0 at `length`.
fn fade(t: f32, attack: f32, length: f32) -> f32 {
    if t < attack {
        t / attack
    } else {
        (1.0 - (t - attack) / (length - attack)).max(0.0)
    }
}

fn saw(t: f32, f: f32) -> f32 {
    2.0 * (t * f - (t * f + 0.5).floor())
}

fn square(t: f32, f: f32) -> f32 {
    if (t * f).fract() < 0.5 { 1.0 } else { -1.0 }
}

/// A sine sweeping from `f0` to `f1` over `length` seconds (the phase integrated).
fn sweep(t: f32, f0: f32, f1: f32, length: f32) -> f32 {
    let k = (f1 - f0) / length;
    (2.0 * std::f32::consts::PI * (f0 * t + 0.5 * k * t * t)).sin()
}

/// Speech-like syllables at `t`: each `(start, length, from, to)` a sawtooth sweeping from
/// one pitch to the other, its brightness wavering `formant` times a second, at `gain`
/// (0 between syllables).
fn spoken(t: f32, syllables: &[(f32, f32, f32, f32)], formant: f32, gain: f32) -> f32 {
    syllables
        .iter()
        .find(|&&(start, length, _, _)| (start..start + length).contains(&t))
        .map_or(0.0, |&(start, length, f0, f1)| {
            let local = t - start;
            let bright = 0.5 + 0.5 * (2.0 * std::f32::consts::PI * formant * t).sin();
            saw_sweep(local, f0, f1, length) * (gain + 0.3 * bright) * fade(local, 0.008, length)
        })
}

/// A sawtooth sweeping from `f0` to `f1` over `length` seconds.
fn saw_sweep(t: f32, f0: f32, f1: f32, length: f32) -> f32 {
    let k = (f1 - f0) / length;
    let phase = f0 * t + 0.5 * k * t * t;
    2.0 * (phase - (phase + 0.5).floor())
}

/// A gunshot: a noise crack decaying at `decay` per second over a low thump at `thump` Hz.
fn shot(noise: &mut Noise, seconds: f32, decay: f32, thump: f32, brightness: f32) -> Vec<f32> {
    let mut low = 0.0f32;
    render(seconds, |t| {
        let n = noise.next();
        low += (n - low) * 0.25;
        let crack = (n * brightness + low * (1.0 - brightness)) * (-t * decay).exp();
        let body = (2.0 * std::f32::consts::PI * thump * t).sin() * (-t * 18.0).exp() * 0.6;
        crack * 0.9 + body
    })
}

/// A door: a rumble while it slides, a clank at the start (opening) or the end (closing).
fn door(noise: &mut Noise, closing: bool) -> Vec<f32> {
    let length = 0.95;
    let mut low = 0.0f32;
    render(length, |t| {
        low += (noise.next() - low) * 0.05;
        let rumble = (low * 3.0 + square(t, 55.0) * 0.08) * fade(t, 0.08, length) * 0.6;
        let at = if closing { length - 0.12 } else { 0.0 };
        let clank = if t >= at && t < at + 0.12 {
            (2.0 * std::f32::consts::PI * 420.0 * t).sin() * (-(t - at) * 40.0).exp() * 0.7
        } else {
            0.0
        };
        rumble + clank
    })
}

/// A chime: each of `tones` for `each` seconds, then the last rings out, at `gain`.
fn notes(tones: &[f32], each: f32, gain: f32) -> Vec<f32> {
    let length = each * tones.len() as f32 + 0.15;
    render(length, |t| {
        let k = ((t / each) as usize).min(tones.len() - 1);
        let local = t - k as f32 * each;
        let f = tones[k];
        let tone = (2.0 * std::f32::consts::PI * f * t).sin()
            + 0.3 * (2.0 * std::f32::consts::PI * 2.0 * f * t).sin();
        tone * gain * (-local * 8.0).exp()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share of a sound's energy that a one-pole high-pass at `hz` lets through.
    fn share_above(samples: &[f32], hz: f32) -> f32 {
        let k = 1.0 - (-std::f32::consts::TAU * hz / RATE as f32).exp();
        let (mut low, mut high, mut all) = (0.0f32, 0.0f32, 0.0f32);
        for &s in samples {
            low += (s - low) * k;
            high += (s - low) * (s - low);
            all += s * s;
        }
        high / all.max(1e-12)
    }

    #[test]
    fn the_guards_shot_is_darker_than_the_pistol_and_the_knife_rings_rather_than_hisses() {
        let pistol = share_above(&Sound::Pistol.synthesize(), 2000.0);
        let guard = share_above(&Sound::GuardShot.synthesize(), 2000.0);
        assert!(
            guard < pistol * 0.6,
            "above 2 kHz: guard {guard:.2}, pistol {pistol:.2}"
        );
        // White noise puts about two thirds of its energy above 8 kHz; the knife's ring and
        // whoosh far less.
        let knife = share_above(&Sound::Knife.synthesize(), 8000.0);
        assert!(knife < 0.25, "the knife's share above 8 kHz: {knife:.2}");
    }

    #[test]
    fn the_band_limited_square_has_no_jump_and_the_naive_one_does() {
        let f = 1661.0; // a high lead note, where aliasing whistles
        let step = f / f64::from(RATE);
        let wave: Vec<f64> = (0..4800)
            .map(|i| band_limited_square((i as f64 * step).fract(), step))
            .collect();
        let jump = wave
            .windows(2)
            .map(|w| (w[1] - w[0]).abs())
            .fold(0.0, f64::max);
        assert!(
            jump < 1.9,
            "the steepest step is {jump}; a naive square steps 2"
        );
        let mean = wave.iter().sum::<f64>() / wave.len() as f64;
        assert!(mean.abs() < 0.02, "still a square: no offset ({mean})");
    }

    #[test]
    fn every_sound_is_heard_and_stays_in_range() {
        for sound in Sound::ALL {
            let samples = sound.synthesize();
            assert!(!samples.is_empty(), "{sound:?}");
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.05 && peak <= PEAK, "{sound:?}: peak {peak}");
            assert_eq!(
                sound.synthesize(),
                samples,
                "{sound:?} is the same every time"
            );
        }
    }
}
