//! Embeds the bundled episode (`levels/`) and its textures and sprites (`textures/`) in the
//! binary, so that a copied or installed `tilecaster` plays from any folder. Files on disk
//! take precedence at run time (`src/files/bundled.rs`); this only lists what to embed. With
//! the `web-data` feature (the browser page's build) nothing is embedded: the page hands the
//! same files over at run time (web/pack-data.mjs packs them, `files::provide_bundle` takes
//! them).

use std::path::Path;

/// The folders embedded, and the extensions taken from them.
const FOLDERS: [(&str, &[&str]); 3] = [
    ("levels", &["toml", "tmx", "tsx", "tmj", "tsj", "json"]),
    ("textures", &["png"]),
    ("textures/sprites", &["png"]),
];

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    // The page's build takes them from the page instead (web/pack-data.mjs packs the same).
    let embed = std::env::var_os("CARGO_FEATURE_WEB_DATA").is_none();
    let mut entries = Vec::new();
    for (folder, extensions) in FOLDERS {
        println!("cargo:rerun-if-changed={folder}");
        if !embed {
            continue;
        }
        let Ok(listing) = std::fs::read_dir(Path::new(&root).join(folder)) else {
            continue;
        };
        let mut names: Vec<String> = listing
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| {
                Path::new(n)
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| extensions.contains(&e))
            })
            .collect();
        names.sort();
        for name in names {
            entries.push(format!(
                "    (\"{folder}/{name}\", include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{folder}/{name}\"))),\n"
            ));
        }
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    let code = format!(
        "/// Every bundled file: its path relative to the repository, and its bytes.\npub(crate) static FILES: &[(&str, &[u8])] = &[\n{}];\n",
        entries.concat()
    );
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
