//! The game's sound in the window: each tick's sounds (placed by the runner as it played the
//! tick) mixed, and handed to the device (when there is one) and to the capture for
//! `--audio-out`.

use tilecaster::audio::{Cue, FRAMES_PER_TICK, Mixer, Placement};
use tilecaster::episode::Session;
use tilecaster::scene;
use tilecaster::settings::SoundSettings;

use super::device::AudioOut;

/// The mixer and where its sound goes.
pub struct GameSound {
    mixer: Mixer,
    /// The device gets nothing (the capture still gets everything).
    muted: bool,
    device: Option<AudioOut>,
    /// Everything mixed, for `--audio-out`.
    capture: Option<Vec<f32>>,
    /// One tick's mix (reused).
    tick: Vec<f32>,
}

impl GameSound {
    /// Sound as `settings` say, to the default device (silent, said once on stderr, where
    /// there is none), and kept for a WAV file when `capture`.
    pub fn new(settings: SoundSettings, capture: bool) -> GameSound {
        let device = match AudioOut::open() {
            Ok(device) => Some(device),
            Err(why) => {
                eprintln!("{why}: the game runs silent");
                None
            }
        };
        GameSound::to(device, settings, capture)
    }

    /// Sound mixed for no device (tests).
    #[cfg(test)]
    pub fn silent(settings: SoundSettings) -> GameSound {
        GameSound::to(None, settings, false)
    }

    fn to(device: Option<AudioOut>, settings: SoundSettings, capture: bool) -> GameSound {
        let mut mixer = Mixer::new();
        mixer.master = settings.master;
        mixer.effects = settings.effects;
        mixer.music_volume = settings.music;
        GameSound {
            mixer,
            muted: settings.mute,
            device,
            capture: capture.then(Vec::new),
            tick: Vec::with_capacity(FRAMES_PER_TICK * 2),
        }
    }

    /// One tick played: its sounds (placed as it was played) mixed and sent on.
    pub fn tick(&mut self, session: &Session, sounds: &[(Cue, Placement)]) {
        self.tick.clear();
        let loaded = session.current();
        scene::sound::hear_tick(sounds, loaded, &mut self.mixer, &mut self.tick);
        if let (Some(device), false) = (&self.device, self.muted) {
            device.play(&self.tick);
        }
        if let Some(capture) = &mut self.capture {
            capture.extend_from_slice(&self.tick);
        }
    }

    /// Volumes and mute as `settings` say, from now on.
    pub fn set(&mut self, settings: SoundSettings) {
        self.mixer.master = settings.master;
        self.mixer.effects = settings.effects;
        self.mixer.music_volume = settings.music;
        self.muted = settings.mute;
    }

    /// Everything mixed so far (with capture on).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub fn captured(&self) -> Option<&[f32]> {
        self.capture.as_deref()
    }
}
