//! The sound device in the browser: the page's Web Audio output (`window.tilecasterAudio` in
//! `web/index.html`), which starts with the click that starts the game (browsers let a page
//! make sound only after one). Each tick's mix is handed to the page, which queues it to play
//! right after the one before.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The page's `tilecasterAudio.play(samples)`: one tick, interleaved stereo at the
    /// mixer's rate. It copies them before returning.
    #[wasm_bindgen(js_namespace = tilecasterAudio, js_name = play, catch)]
    fn page_play(samples: &[f32]) -> Result<(), JsValue>;
}

/// The page's sound output.
pub struct AudioOut;

impl AudioOut {
    /// The page's output (silent until the page's first click, or where it has none).
    pub fn open() -> Result<AudioOut, String> {
        Ok(AudioOut)
    }

    /// Hands a tick's mix to the page; a page without sound (no `tilecasterAudio`) ignores it.
    pub fn play(&self, samples: &[f32]) {
        let _ = page_play(samples);
    }
}
