//! The TOML level parser on arbitrary bytes: a level or a typed error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = tilecaster::level::Level::parse(text, std::path::Path::new("fuzz.toml"));
    }
});
