//! The sound device on Windows and macOS: the system's default output through cpal (WASAPI,
//! CoreAudio). The device's callback asks for samples when it wants them; the game hands a
//! tick's mix at a time to the [`Feed`] between them and never waits, and the callback takes
//! them at the device's rate and channel count (the mixer's rate in stereo where the device
//! offers it, as most do: then the samples go through unchanged).

use std::sync::mpsc::{Sender, channel, sync_channel};
use std::sync::{Arc, Mutex};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{ErrorKind, FromSample, SampleFormat, SizedSample, StreamConfig, SupportedStreamConfig};
use tilecaster::audio::RATE;

use super::feed::Feed;

/// The way to the sound device: mixed sound goes in, the device's callback plays it.
pub struct AudioOut {
    feed: Arc<Mutex<Feed>>,
    /// Dropped with the AudioOut, which ends the thread that holds the stream (and so the
    /// stream).
    _running: Sender<()>,
}

impl AudioOut {
    /// Opens the default output device in a thread of its own; why not, when there is none.
    pub fn open() -> Result<AudioOut, String> {
        let (ready, opened) = sync_channel::<Result<Arc<Mutex<Feed>>, String>>(1);
        let (running, stopped) = channel::<()>();
        std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || {
                // The stream lives and dies in this thread (it is not Send everywhere).
                match start() {
                    Ok((stream, feed)) => {
                        let _ = ready.send(Ok(feed));
                        // Until the AudioOut is dropped.
                        let _ = stopped.recv();
                        drop(stream);
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                    }
                }
            })
            .map_err(|e| format!("cannot start the sound thread: {e}"))?;
        let feed = opened
            .recv()
            .map_err(|_| "the sound thread stopped".to_string())??;
        Ok(AudioOut {
            feed,
            _running: running,
        })
    }

    /// Hands interleaved stereo `[-1, 1]` samples to the device; dropped when the device is
    /// behind (it never blocks the game).
    pub fn play(&self, samples: &[f32]) {
        if let Ok(mut feed) = self.feed.lock() {
            feed.push(samples);
        }
    }
}

/// The default device's stream, playing, and the feed its callback drains.
fn start() -> Result<(cpal::Stream, Arc<Mutex<Feed>>), String> {
    let device = cpal::default_host()
        .default_output_device()
        .ok_or("no sound device")?;
    let supported = chosen_config(&device)?;
    let format = supported.sample_format();
    let config = supported.config();
    let feed = Arc::new(Mutex::new(Feed::new(config.sample_rate, config.channels)));
    let stream = match format {
        SampleFormat::F32 => stream::<f32>(&device, config, &feed),
        SampleFormat::F64 => stream::<f64>(&device, config, &feed),
        SampleFormat::I16 => stream::<i16>(&device, config, &feed),
        SampleFormat::I32 => stream::<i32>(&device, config, &feed),
        SampleFormat::U16 => stream::<u16>(&device, config, &feed),
        SampleFormat::U8 => stream::<u8>(&device, config, &feed),
        other => Err(format!("the sound device wants {other} samples")),
    }?;
    stream
        .play()
        .map_err(|e| format!("the sound device would not start ({e})"))?;
    Ok((stream, feed))
}

/// The device's configuration at the mixer's rate in stereo where it has one (floating point
/// first), else its default.
fn chosen_config(device: &cpal::Device) -> Result<SupportedStreamConfig, String> {
    if let Ok(configs) = device.supported_output_configs() {
        let mut fitting: Vec<SupportedStreamConfig> = configs
            .filter(|c| c.channels() == 2)
            .filter_map(|c| c.try_with_sample_rate(RATE))
            .collect();
        fitting.sort_by_key(|c| c.sample_format() != SampleFormat::F32);
        if let Some(config) = fitting.into_iter().next() {
            return Ok(config);
        }
    }
    device
        .default_output_config()
        .map_err(|e| format!("no sound device ({e})"))
}

/// An output stream of `T` samples whose callback fills from `feed`.
fn stream<T>(
    device: &cpal::Device,
    config: StreamConfig,
    feed: &Arc<Mutex<Feed>>,
) -> Result<cpal::Stream, String>
where
    T: SizedSample + FromSample<f32>,
{
    let feed = Arc::clone(feed);
    // The feed's samples for a callback (grown to the largest block the device asks for).
    let mut mixed: Vec<f32> = Vec::new();
    device
        .build_output_stream(
            config,
            move |out: &mut [T], _: &cpal::OutputCallbackInfo| {
                mixed.resize(out.len(), 0.0);
                match feed.lock() {
                    Ok(mut feed) => feed.fill(&mut mixed),
                    Err(_) => mixed.fill(0.0),
                }
                for (sample, &value) in out.iter_mut().zip(&mixed) {
                    *sample = T::from_sample(value);
                }
            },
            |e: cpal::Error| {
                // A missed block is heard as a click; anything else is worth saying.
                if e.kind() != ErrorKind::Xrun {
                    eprintln!("sound device: {e}");
                }
            },
            None,
        )
        .map_err(|e| format!("the sound device refused the stream ({e})"))
}
