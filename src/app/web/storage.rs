//! What the page keeps in its localStorage between visits: the settings, the saves and the
//! high-score table.

/// The key of the settings in the page's localStorage.
const SETTINGS_KEY: &str = "tilecaster.settings";

/// The keys of the saves in the page's localStorage: this, then the save's file name
/// (`tilecaster.save.quicksave.json`).
const SAVE_KEY_PREFIX: &str = "tilecaster.save.";

/// Keeps the save just written to `path` (`<page>/NAME`) in the page's localStorage, so that
/// the next visit finds it.
pub(in crate::app) fn keep_save(path: &std::path::Path) -> Result<(), String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{} is not a save's name", path.display()))?;
    let text = tilecaster::files::read_text(path, tilecaster::files::Limit::SAVE)
        .map_err(|e| e.to_string())?;
    keep(&format!("{SAVE_KEY_PREFIX}{name}"), &text, "it (full?)")
}

/// Hands the saves the page keeps over to the game (`<page>/NAME`), where the save slots
/// look for them.
pub(super) fn restore_saves() {
    let Some(storage) = storage() else { return };
    let count = storage.length().unwrap_or(0);
    let keys: Vec<String> = (0..count)
        .filter_map(|i| storage.key(i).ok().flatten())
        .collect();
    for key in keys {
        let Some(name) = key.strip_prefix(SAVE_KEY_PREFIX) else {
            continue;
        };
        if let Ok(Some(text)) = storage.get_item(&key) {
            tilecaster::files::provide(name, text.into_bytes());
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Keeps `text` under `key`; why not, naming `what` was refused.
fn keep(key: &str, text: &str, what: &str) -> Result<(), String> {
    storage()
        .ok_or_else(|| "the page has no localStorage".to_string())?
        .set_item(key, text)
        .map_err(|_| format!("the page's localStorage refused {what}"))
}

/// The settings text the page keeps, if any.
pub(in crate::app) fn stored_settings() -> Option<String> {
    storage()?.get_item(SETTINGS_KEY).ok()?
}

/// Keeps the settings text in the page's localStorage.
pub(in crate::app) fn store_settings(text: &str) -> Result<(), String> {
    keep(SETTINGS_KEY, text, "them")
}

/// The key of the high-score table in the page's localStorage.
const SCORES_KEY: &str = "tilecaster.scores";

/// The high-score table's text the page keeps, if any.
pub(in crate::app) fn stored_scores() -> Option<String> {
    storage()?.get_item(SCORES_KEY).ok()?
}

/// Keeps the high-score table's text in the page's localStorage.
pub(in crate::app) fn store_scores(text: &str) -> Result<(), String> {
    keep(SCORES_KEY, text, "the scores")
}

/// Keeps damaged settings text aside, under `tilecaster.settings.damaged`, and clears them.
pub(in crate::app) fn keep_damaged_settings(text: &str) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(&format!("{SETTINGS_KEY}.damaged"), text);
        let _ = storage.remove_item(SETTINGS_KEY);
    }
}
