//! The texture loader (PNG header check, limits, decoding, resampling) on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("tilecaster-fuzz-{}.png", std::process::id()));
    if std::fs::write(&path, data).is_ok() {
        let _ = tilecaster::texture::load_texture(&path);
    }
});
