//! `tilecaster edit [LEVEL]`: the level editor in a window (issue 75): the map with its
//! palette beside the first-person view, painted with the mouse; a level that does not exist
//! yet is made (32 x 24, walled) and saved there with Ctrl+S.

use std::path::PathBuf;

use anyhow::Result;

use crate::app::{PlayOptions, Scaling};

use super::{SourceArgs, default_level, view};

/// The options of `tilecaster edit`.
#[derive(Debug, Clone, clap::Args)]
pub struct EditArgs {
    /// The level to edit (TOML, or a Tiled map, edited as the TOML beside it); a new level
    /// where no file is. Without it, a new level `my-level.toml` in this folder.
    level: Option<PathBuf>,
    #[command(flatten)]
    sources: SourceArgs,
    /// The game's resolution WxH when playing from the editor (the editor's screen is twice
    /// as wide and as high, in a window of that size).
    #[arg(long, value_parser = view::parse_play_size, default_value = "640x400")]
    size: (u32, u32),
    /// How the frame fills the window (as `play --scaling`).
    #[arg(long, value_enum, default_value_t = Scaling::PixelPerfect)]
    scaling: Scaling,
    /// End after this many frames (for tests driving the real binary).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    frames: Option<u64>,
    /// Save the last frame as a PNG when the editor ends (never overwrites a file).
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
    /// The settings file (as `play --settings`).
    #[arg(long, value_name = "FILE")]
    settings: Option<PathBuf>,
    /// Which graphics API draws the window (as `play --backend`).
    #[arg(long, value_enum, default_value_t = crate::app::Backend::Auto)]
    backend: crate::app::Backend,
}

impl EditArgs {
    pub fn run(self) -> Result<()> {
        let edit = self.level.unwrap_or_else(|| PathBuf::from("my-level.toml"));
        crate::app::play(PlayOptions {
            level: default_level(),
            sources: self.sources.get(),
            size: self.size,
            fov: None,
            scaling: self.scaling,
            frames: self.frames,
            screenshot: self.screenshot,
            no_hud: false,
            record: None,
            replay: None,
            load: None,
            mute: false,
            audio_out: None,
            demo: false,
            settings: self.settings,
            difficulty: tilecaster::level::Difficulty::Normal,
            minimap_corner: None,
            minimap_size: None,
            mipmaps: None,
            backend: self.backend,
            menu: false,
            net: None,
            room: None,
            edit: Some(edit),
        })
    }
}
