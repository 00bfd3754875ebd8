//! The settings file reader (options and key bindings) on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = tilecaster::settings::parse(text, std::path::Path::new("settings.toml"));
    }
});
