//! `tilecaster assets --list`: where each asset of a level comes from, through the overlay of
//! `--textures`, the level's own folders, `--data` and the defaults; `--export DIR`: the
//! assets made by code (sounds, music, HUD art) as files, to start a data folder from.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use tilecaster::assets::{HUD_NAMES, Layer, SOUND_NAMES, Sources};
use tilecaster::audio::{Sound, wav_bytes};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::frame::draw::Canvas;
use tilecaster::level::load_with_sources;
use tilecaster::scene::art::{self, Look};

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
    for name in overlay.sprite_names() {
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
    let music = music_name(&loaded.level);
    rows.push(found("music", music, overlay.sound(music)));
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

/// The name of the level's music: its `music = "NAME"`, else `music`.
fn music_name(level: &tilecaster::level::Level) -> &str {
    level
        .music
        .as_ref()
        .map_or("music", |(name, _)| name.as_str())
}

/// The art made by code `art` as a picture, one pixel per art pixel.
fn art_picture(art: &[&str]) -> Result<Frame> {
    let mut frame = Frame::new(art::width(art) as u32, art.len() as u32)?;
    art::draw(&mut Canvas::new(&mut frame), art, 0, 0, 1);
    Ok(frame)
}

/// The face made by code as a `hud/face.png` sheet: 4 columns (left, ahead, right, dead) by
/// 5 rows (health 100, 80, 60, 40, 20), 18-pixel frames.
fn face_sheet() -> Result<Frame> {
    const SIDE: i64 = 18;
    let mut frame = Frame::new(4 * SIDE as u32, 5 * SIDE as u32)?;
    let mut canvas = Canvas::new(&mut frame);
    for row in 0..5 {
        let health = 100 - 20 * row as u32;
        for (column, look) in [Look::Left, Look::Ahead, Look::Right, Look::Ahead]
            .into_iter()
            .enumerate()
        {
            let health = if column == 3 { 0 } else { health };
            let (x, y) = (column as i64 * SIDE + 1, row * SIDE);
            art::draw_face(&mut canvas, x, y, 1, health, look);
        }
    }
    Ok(frame)
}

/// Writes the assets of the level at `level` into `dir`, laid out as a data folder: its
/// textures and sprite sheets as they are found, the sounds, music and HUD art made by code
/// as WAV and PNG files: a data folder to start from. Nothing is overwritten unless `force`.
pub fn export(level: &Path, sources: &Sources, dir: &Path, force: bool) -> Result<()> {
    let loaded = load_with_sources(level, sources)?;
    let overlay = &loaded.overlay;
    // Every file is made first, then every clash found, and only then is anything written:
    // an export that cannot finish leaves the folder as it was.
    let mut made: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |relative: String, bytes: Vec<u8>| made.push((relative, bytes));
    for name in overlay.texture_names() {
        if let Some((_, from)) = overlay.texture(&name) {
            add(
                format!("textures/{name}.png"),
                files::read_bounded(&from, files::Limit::TEXTURE)?,
            );
        }
        let dark = format!("{name}_dark");
        if let Some((_, from)) = overlay.texture(&dark) {
            add(
                format!("textures/{dark}.png"),
                files::read_bounded(&from, files::Limit::TEXTURE)?,
            );
        }
    }
    for name in overlay.sprite_names() {
        if let Some((_, from)) = overlay.sprite(&name) {
            let bytes = files::read_bounded(&from, files::Limit::TEXTURE)?;
            add(format!("textures/sprites/{name}.png"), bytes);
        }
    }
    for sound in Sound::ALL {
        let stereo: Vec<f32> = match loaded.sounds.get(sound.name()) {
            Some(file) => file.iter().flat_map(|&s| [s, s]).collect(),
            None => sound
                .synthesize()
                .into_iter()
                .flat_map(|s| [s, s])
                .collect(),
        };
        add(format!("sounds/{}.wav", sound.name()), wav_bytes(&stereo));
    }
    let music = loaded
        .music
        .clone()
        .unwrap_or_else(tilecaster::audio::theme);
    let stereo: Vec<f32> = music.iter().flat_map(|&s| [s, s]).collect();
    add(
        format!("sounds/{}.wav", music_name(&loaded.level)),
        wav_bytes(&stereo),
    );
    // As many as HUD_NAMES has, or this does not build.
    let pictures: [(&str, Frame); HUD_NAMES.len()] = [
        ("pistol", art_picture(&art::PISTOL)?),
        ("machine_gun", art_picture(&art::MACHINE_GUN)?),
        ("chaingun", art_picture(&art::CHAINGUN)?),
        ("launcher", art_picture(&art::LAUNCHER)?),
        ("knife", art_picture(&art::KNIFE)?),
        ("flash", art_picture(&art::FLASH)?),
        ("face", face_sheet()?),
        ("font", tilecaster::frame::draw::builtin_font_sheet()),
    ];
    for (name, drawn) in pictures {
        let picture = loaded.hud.get(name).map_or(&drawn, |p| p.as_ref());
        add(format!("hud/{name}.png"), picture.png_bytes()?);
    }
    if !force {
        let clashes: Vec<String> = made
            .iter()
            .map(|(relative, _)| dir.join(relative))
            .filter(|path| path.symlink_metadata().is_ok())
            .map(|path| path.display().to_string())
            .collect();
        if !clashes.is_empty() {
            bail!(
                "{} of the {} files to export exist already, so nothing was written (pass --force to overwrite them): {}",
                clashes.len(),
                made.len(),
                clashes.join(", ")
            );
        }
    }
    let written = made.len();
    for (relative, bytes) in made {
        let path = dir.join(&relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot make the folder {}", parent.display()))?;
        }
        files::write_new(&path, &bytes, force)?;
        eprintln!("wrote {}", path.display());
    }
    println!(
        "{written} files in {}: a data folder to start from (tilecaster --data {})",
        dir.display(),
        dir.display()
    );
    Ok(())
}

/// The arguments of `tilecaster assets`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("action").required(true).args(["list", "export"])))]
pub struct AssetsArgs {
    /// List them.
    #[arg(long)]
    pub list: bool,
    /// Write them into DIR as a data folder (textures/, textures/sprites/, sounds/ as
    /// WAV, hud/ as PNG), the ones made by code included; never overwriting unless
    /// --force.
    #[arg(long, value_name = "DIR")]
    pub export: Option<std::path::PathBuf>,
    /// With --export: replace files that exist.
    #[arg(long, requires = "export")]
    pub force: bool,
    /// The level whose assets are listed (its own folders count).
    #[arg(long, default_value_os_t = super::default_level())]
    pub level: std::path::PathBuf,
    #[command(flatten)]
    pub sources: super::SourceArgs,
}

impl AssetsArgs {
    /// Runs `tilecaster assets`.
    pub fn run(self) -> Result<()> {
        match &self.export {
            Some(dir) => export(&self.level, &self.sources.get(), dir, self.force),
            None => list(&self.level, &self.sources.get()),
        }
    }
}
