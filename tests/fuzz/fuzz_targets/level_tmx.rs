//! The Tiled (.tmx) importer on arbitrary bytes, through a file as players' maps arrive.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("tilecaster-fuzz-{}.tmx", std::process::id()));
    if std::fs::write(&path, data).is_ok() {
        let _ = tilecaster::level::Level::load(&path);
    }
});
