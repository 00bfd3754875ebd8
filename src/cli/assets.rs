//! `tilecaster assets --list`: where each asset of a level comes from, through the overlay of
//! `--textures`, the level's own folders, `--data` and the defaults; `--export DIR`: the
//! assets made by code (sounds, HUD art) as files, to start a data folder from.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use tilecaster::assets::{HUD_NAMES, Layer, Overlay, SOUND_NAMES, Sources};
use tilecaster::level::load_with_sources;

/// One listed asset: its kind, name, file (or how it is made) and place.
struct Row {
    kind: &'static str,
    name: String,
    from: String,
    origin: &'static str,
}

fn found(kind: &'static str, name: &str, hit: Option<(&Layer, std::path::PathBuf)>) -> Row {
    match hit {
        Some((layer, path)) => Row {
            kind,
            name: name.to_string(),
            from: path.display().to_string(),
            origin: layer.origin.label(),
        },
        None => Row {
            kind,
            name: name.to_string(),
            from: "made by code".into(),
            origin: "built in",
        },
    }
}

/// The sprite sheet names any place of `overlay` has.
fn sprite_names(overlay: &Overlay) -> Vec<String> {
    let mut names: Vec<String> = overlay
        .layers()
        .iter()
        .flat_map(|l| {
            tilecaster::texture::TextureSet::names_in(&l.textures.join("sprites"))
                .unwrap_or_default()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Prints every asset of the level at `level` with where it comes from: the places searched
/// first, then one line per asset.
pub fn list(level: &Path, sources: &Sources) -> Result<()> {
    let loaded = load_with_sources(level, sources)?;
    let overlay = &loaded.overlay;
    let mut out = std::io::stdout().lock();
    writeln!(out, "places, searched in this order:")?;
    for (i, layer) in overlay.layers().iter().enumerate() {
        let root = layer
            .root
            .as_ref()
            .map(|r| format!(" (sounds/ and hud/ in {})", r.display()))
            .unwrap_or_default();
        let there = if tilecaster::files::is_dir(&layer.textures) {
            ""
        } else {
            " (no such folder)"
        };
        writeln!(
            out,
            "  {}. {}: {}{there}{root}",
            i + 1,
            layer.origin.label(),
            layer.textures.display()
        )?;
    }
    let mut rows = Vec::new();
    for name in overlay.texture_names() {
        rows.push(found("texture", &name, overlay.texture(&name)));
    }
    for name in sprite_names(overlay) {
        rows.push(found("sprite", &name, overlay.sprite(&name)));
    }
    let mut sounds: Vec<String> = SOUND_NAMES.iter().map(|s| s.to_string()).collect();
    for kind in loaded.level.kinds.values() {
        sounds.extend(kind.sounds.named().map(|(_, n)| n.to_string()));
    }
    sounds.sort();
    sounds.dedup();
    for name in sounds {
        rows.push(found("sound", &name, overlay.sound(&name)));
    }
    for (name, _) in HUD_NAMES {
        rows.push(found("hud", name, overlay.hud(name)));
    }
    let name_width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0);
    let from_width = rows.iter().map(|r| r.from.len()).max().unwrap_or(0);
    writeln!(out, "assets:")?;
    for r in rows {
        writeln!(
            out,
            "  {:<7}  {:<name_width$}  {:<from_width$}  {}",
            r.kind, r.name, r.from, r.origin
        )?;
    }
    Ok(())
}
