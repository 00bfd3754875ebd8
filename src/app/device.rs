//! The sound device: ALSA's `libasound.so.2`, loaded at run time through `libloading`, so that
//! building needs no ALSA headers and a machine without ALSA or a sound card plays silent.
//! A thread of its own owns the device and writes what the game mixes (blocking on the device,
//! which paces it); the game hands it a tick's worth at a time and never waits.
//!
//! The binary's only unsafe code (the library's is in `render::kernels`): calls into the C library
//! through function pointers.
//! Each block says why it is sound.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::mpsc::{SyncSender, sync_channel};

use tilecaster::audio::{RATE, to_pcm16};

// Mixed ticks waiting for the device at most; more are dropped (the game ran ahead).
use super::feed::QUEUE_TICKS;

/// ALSA's constants (alsa/pcm.h).
const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_FORMAT_S16_LE: c_int = 2;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;
/// The device's buffer, microseconds: a few ticks (the game mixes one tick at a time).
const LATENCY_US: c_uint = 80_000;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type Close = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;
/// ALSA's thread-local error handler (alsa/error.h, `snd_local_error_handler_t`, since
/// alsa-lib 1.1.6): not variadic, its last argument a `va_list`.
type LocalErrorHandler =
    unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char, *mut c_void);
type SetLocalErrorHandler =
    unsafe extern "C" fn(Option<LocalErrorHandler>) -> Option<LocalErrorHandler>;

/// Says nothing: ALSA's own printer writes "ALSA lib conf.c:5180:(...)" lines to stderr on a
/// machine without a sound card, before the game's one sentence that says so; the game reports
/// every failure it meets from the functions' return codes instead.
unsafe extern "C" fn quiet(
    _file: *const c_char,
    _line: c_int,
    _function: *const c_char,
    _error: c_int,
    _format: *const c_char,
    _arguments: *mut c_void,
) {
}

/// The function `name` (NUL-terminated) of `library`, as a `T`.
///
/// # Safety
/// `T` must be the function pointer type of the symbol's C signature, and the pointer must not
/// be called after `library` is dropped.
unsafe fn symbol<T: Copy>(library: &libloading::Library, name: &[u8]) -> Result<T, String> {
    // SAFETY: the caller promises `T` is the symbol's type.
    unsafe { library.get::<T>(name) }
        .map(|s| *s)
        .map_err(|e| format!("libasound lacks {}: {e}", String::from_utf8_lossy(name)))
}

/// An open ALSA playback device (16-bit stereo at the mixer's rate).
struct Device {
    pcm: *mut c_void,
    writei: WriteI,
    recover: Recover,
    close: Close,
    /// Kept loaded while the function pointers above are in use.
    _library: libloading::Library,
}

impl Device {
    /// Opens the default device; why not, when it cannot.
    fn open() -> Result<Device, String> {
        // SAFETY: loading libasound runs its initialisers, which need nothing of us; it is the
        // system's ALSA library, loaded by its soname.
        let library = unsafe { libloading::Library::new("libasound.so.2") }
            .map_err(|e| format!("no ALSA library ({e})"))?;
        // SAFETY: each symbol is one of ALSA's documented functions, and the types above are
        // their C signatures (alsa/pcm.h, alsa/error.h); the pointers are used only while
        // `library` lives (it is kept in the Device).
        let (open, set_params, writei, recover, close, strerror) = unsafe {
            (
                symbol::<Open>(&library, b"snd_pcm_open\0")?,
                symbol::<SetParams>(&library, b"snd_pcm_set_params\0")?,
                symbol::<WriteI>(&library, b"snd_pcm_writei\0")?,
                symbol::<Recover>(&library, b"snd_pcm_recover\0")?,
                symbol::<Close>(&library, b"snd_pcm_close\0")?,
                symbol::<StrError>(&library, b"snd_strerror\0")?,
            )
        };
        // ALSA's messages silenced on this thread (the device's, where every ALSA call is
        // made), where the library is new enough to allow it.
        // SAFETY: the symbol, when there, is `snd_lib_error_set_local` of the type above;
        // `quiet` has the handler's C signature, ignores its arguments, and is a plain
        // function that lives as long as the program.
        unsafe {
            if let Ok(set_local) =
                symbol::<SetLocalErrorHandler>(&library, b"snd_lib_error_set_local\0")
            {
                set_local(Some(quiet));
            }
        }
        let describe = |code: c_int| {
            // SAFETY: snd_strerror returns a pointer to a static NUL-terminated message for
            // any code.
            let text = unsafe { CStr::from_ptr(strerror(code)) };
            text.to_string_lossy().into_owned()
        };
        let name = CString::new("default").expect("no NUL in the name");
        let mut pcm: *mut c_void = std::ptr::null_mut();
        // SAFETY: `pcm` is a valid place for the handle, `name` a NUL-terminated string that
        // outlives the call.
        let rc = unsafe { open(&mut pcm, name.as_ptr(), SND_PCM_STREAM_PLAYBACK, 0) };
        if rc < 0 || pcm.is_null() {
            return Err(format!("no sound device ({})", describe(rc)));
        }
        // SAFETY: `pcm` was just opened; the parameters are plain values.
        let rc = unsafe {
            set_params(
                pcm,
                SND_PCM_FORMAT_S16_LE,
                SND_PCM_ACCESS_RW_INTERLEAVED,
                2,
                RATE,
                1,
                LATENCY_US,
            )
        };
        if rc < 0 {
            // SAFETY: `pcm` is open and closed once here, never used after.
            unsafe { close(pcm) };
            return Err(format!(
                "the sound device refused 16-bit stereo ({})",
                describe(rc)
            ));
        }
        Ok(Device {
            pcm,
            writei,
            recover,
            close,
            _library: library,
        })
    }

    /// Plays interleaved stereo 16-bit samples, waiting for room; an underrun is recovered
    /// from, anything worse drops the rest.
    fn write(&self, samples: &[i16]) {
        let mut rest = samples;
        while rest.len() >= 2 {
            let frames = (rest.len() / 2) as c_ulong;
            // SAFETY: `pcm` is open; `rest` holds `frames` frames of two i16 samples each,
            // the format the device was set to, and lives through the call.
            let written = unsafe { (self.writei)(self.pcm, rest.as_ptr().cast(), frames) };
            if written < 0 {
                // SAFETY: `pcm` is open; recovering from the error the write returned is what
                // snd_pcm_recover is for (silently: the last argument).
                let rc = unsafe { (self.recover)(self.pcm, written as c_int, 1) };
                if rc < 0 {
                    return;
                }
                continue;
            }
            rest = &rest[(written as usize * 2).min(rest.len())..];
        }
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: `pcm` is open, and closed only here, once.
        unsafe { (self.close)(self.pcm) };
    }
}

/// The way to the sound device: mixed sound goes in, the device's thread plays it.
pub struct AudioOut {
    queue: SyncSender<Vec<i16>>,
}

impl AudioOut {
    /// Opens the default ALSA device in a thread of its own; why not, when there is none.
    pub fn open() -> Result<AudioOut, String> {
        let (queue, mixed) = sync_channel::<Vec<i16>>(QUEUE_TICKS);
        let (ready, opened) = sync_channel::<Result<(), String>>(1);
        std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || {
                // The device lives and dies in this thread (its handle is not Send).
                let device = match Device::open() {
                    Ok(device) => {
                        let _ = ready.send(Ok(()));
                        device
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                while let Ok(samples) = mixed.recv() {
                    device.write(&samples);
                }
            })
            .map_err(|e| format!("cannot start the sound thread: {e}"))?;
        opened
            .recv()
            .map_err(|_| "the sound thread stopped".to_string())??;
        Ok(AudioOut { queue })
    }

    /// Hands interleaved stereo `[-1, 1]` samples to the device; dropped when the device is
    /// behind (it never blocks the game).
    pub fn play(&self, samples: &[f32]) {
        let _ = self.queue.try_send(to_pcm16(samples));
    }
}
