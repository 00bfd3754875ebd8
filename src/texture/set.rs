//! The named textures and sprite sheets of a level, loaded once and shared.

use super::*;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// Named textures, loaded once and shared.
#[derive(Clone, Debug, Default)]
pub struct TextureSet {
    textures: BTreeMap<String, Arc<Texture>>,
    sheets: BTreeMap<String, Arc<SpriteSheet>>,
}

impl TextureSet {
    /// An empty set.
    pub fn new() -> TextureSet {
        TextureSet::default()
    }

    /// The texture names in a folder: the stems of its `.png` files, `_dark` variants excluded.
    pub fn names_in(dir: &Path) -> std::io::Result<Vec<String>> {
        let mut names: Vec<String> = crate::files::list_folder(dir)?
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")))
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .filter(|stem| !stem.ends_with("_dark"))
            .collect();
        names.sort();
        Ok(names)
    }

    /// Loads `dir/NAME.png` unless it is loaded already.
    pub fn load(&mut self, dir: &Path, name: &str) -> Result<Vec<Notice>, TextureError> {
        if self.textures.contains_key(name) {
            return Ok(Vec::new());
        }
        let (texture, notices) = load_texture(&dir.join(format!("{name}.png")))?;
        self.textures.insert(name.to_string(), Arc::new(texture));
        Ok(notices)
    }

    /// A loaded texture.
    pub fn get(&self, name: &str) -> Option<&Arc<Texture>> {
        self.textures.get(name)
    }

    /// Loads the sprite sheet `dir/sprites/NAME.png` unless it is loaded already.
    pub fn load_sprite(&mut self, dir: &Path, name: &str) -> Result<(), TextureError> {
        if !self.sheets.contains_key(name) {
            let sheet = load_sprite_sheet(&dir.join("sprites").join(format!("{name}.png")))?;
            self.sheets.insert(name.to_string(), Arc::new(sheet));
        }
        Ok(())
    }

    /// Adds a sheet made in code under `name` (replacing one of that name).
    pub fn insert_sprite(&mut self, name: &str, sheet: SpriteSheet) {
        self.sheets.insert(name.to_string(), Arc::new(sheet));
    }

    /// A loaded sprite sheet.
    pub fn sprite(&self, name: &str) -> Option<&Arc<SpriteSheet>> {
        self.sheets.get(name)
    }

    /// How many are loaded.
    pub fn len(&self) -> usize {
        self.textures.len()
    }

    /// Whether none are loaded.
    pub fn is_empty(&self) -> bool {
        self.textures.is_empty()
    }

    /// The textures' names (not the sprite sheets'), in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.textures.keys().map(String::as_str)
    }

    /// The sprite sheets' names, in order (those made in code too).
    pub fn sprite_names(&self) -> impl Iterator<Item = &str> {
        self.sheets.keys().map(String::as_str)
    }
}
