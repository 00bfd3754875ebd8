//! The sound device in the browser: none yet (the page would need the Web Audio API, started
//! by the click that starts the game). The game runs silent there; `GameSound` says so once.

/// No device: [`AudioOut::open`] always says why.
pub struct AudioOut;

impl AudioOut {
    /// Never opens in the browser.
    pub fn open() -> Result<AudioOut, String> {
        Err("no sound device in the browser build yet".into())
    }

    /// Nothing to play on.
    pub fn play(&self, _samples: &[f32]) {}
}
