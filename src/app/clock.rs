//! The clock: the pace of frames (the ticks owed are the runner's: `tilecaster::play`).

#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;
use web_time::Instant;

/// The next frame's time, and the frames shown.
pub struct Clock {
    next_frame: Instant,
    /// Frames shown so far, and the number after which the game ends (for tests).
    frames: u64,
    max_frames: Option<u64>,
    /// Frames shown per second at most (0: no cap): the game paces itself, as vsync does not
    /// always throttle. (In the browser the page paces it.)
    frame_cap: u32,
}

impl Clock {
    /// A clock starting now; `max_frames` ends the game after that many frames.
    pub fn new(max_frames: Option<u64>) -> Clock {
        Clock {
            next_frame: Instant::now(),
            frames: 0,
            max_frames,
            frame_cap: 60,
        }
    }

    /// Frames per second at most from now on (0: as many as can be drawn).
    pub fn set_frame_cap(&mut self, cap: u32) {
        self.frame_cap = cap;
    }

    /// Starts counting from now (when the window opens).
    pub fn restart(&mut self) {
        self.next_frame = Instant::now();
    }

    /// Whether a frame is due now; if so the next is scheduled. The instant to wait until is
    /// returned either way.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn frame_due(&mut self) -> (bool, Instant) {
        let now = Instant::now();
        let due = now >= self.next_frame;
        if due {
            let gap = match self.frame_cap {
                0 => Duration::ZERO,
                cap => Duration::from_micros(1_000_000 / u64::from(cap)),
            };
            self.next_frame = now + gap;
        }
        (due, self.next_frame)
    }

    /// Frames shown so far.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Counts a frame shown; whether the game should end now (`--frames`).
    pub fn frame_shown(&mut self) -> bool {
        self.frames += 1;
        self.max_frames.is_some_and(|n| self.frames >= n)
    }
}
