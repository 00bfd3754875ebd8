//! The level editor in the page: `?edit` (what it opens), the level as it stands for "Share
//! level" ([`edited_level`]), Ctrl+S as a download, the page's "Download level" button
//! ([`save_edited`]), and the canvas told where the editor's map lies.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use wasm_bindgen::prelude::*;

use super::{CANVAS_ID, REQUEST, Request, bundled_levels, document, show_error};

thread_local! {
    /// The level in the editor, while its screen shows: its path, how many changes it had
    /// when its text was last taken, its file name and that text ([`edited_level`]).
    static EDITED: RefCell<Option<(PathBuf, u64, String, String)>> = const { RefCell::new(None) };
}

/// The level `?edit` opens: a bundled one by name, else a new one kept among the page's
/// files (`<page>/my-level.toml`), where its downloads and share links read it from.
pub(super) fn edited_path(asked: &Result<Option<String>, String>) -> PathBuf {
    let new = || Path::new(tilecaster::files::PROVIDED).join("my-level.toml");
    match asked {
        Ok(None) => new(),
        Ok(Some(file)) => {
            let path = tilecaster::files::default_path(&format!("levels/{file}"));
            if tilecaster::files::is_file(&path) {
                return path;
            }
            show_error(&format!(
                "?edit={file}: no such level; the bundled ones are {} (a new level instead)",
                bundled_levels().join(", ")
            ));
            new()
        }
        Err(name) => {
            show_error(&format!(
                "?edit={name}: not a level's name (a new level instead)"
            ));
            new()
        }
    }
}

/// The level in the editor as it stands, while the editor shows: `[file name, text]` (what
/// Ctrl+S downloads, and "Share level" packs); empty otherwise.
#[wasm_bindgen]
pub fn edited_level() -> Vec<String> {
    EDITED.with(|e| {
        e.borrow()
            .as_ref()
            .map(|(_, _, name, text)| vec![name.clone(), text.clone()])
            .unwrap_or_default()
    })
}

/// The editor as a frame showed it: the level's path, how many changes it had, and where its
/// map lay: the frame's width and height, the map's rectangle on it (x, y, width, height) and
/// the level's columns and rows.
pub(in crate::app) type EditorShown<'a> = (&'a Path, u64, [u32; 8]);

/// Tells the page of the editor after a frame: `data-edit` on the canvas (the edited level's
/// path, empty when the editor does not show: the page hides its touch controls while it
/// does, and shares the level being edited) and `data-edit-map` (where its map lies, as
/// [`EditorShown`] says, in numbers apart by spaces: for the page's tests), and the level's
/// file name and text taken again after a change (`text`, asked only then).
pub(in crate::app) fn editing_shown(
    edited: Option<EditorShown>,
    text: impl FnOnce() -> (String, String),
) {
    let path = edited.map_or_else(String::new, |(p, ..)| p.display().to_string());
    let map = edited.map_or_else(String::new, |(_, _, map)| {
        map.map(|n| n.to_string()).join(" ")
    });
    if let Some(canvas) = document().and_then(|d| d.get_element_by_id(CANVAS_ID)) {
        for (name, value) in [("data-edit", &path), ("data-edit-map", &map)] {
            if canvas.get_attribute(name).as_deref() != Some(value.as_str()) {
                let _ = canvas.set_attribute(name, value);
            }
        }
    }
    EDITED.with(|e| {
        let mut kept = e.borrow_mut();
        let Some((path, changes, _)) = edited else {
            *kept = None;
            return;
        };
        let fresh = kept
            .as_ref()
            .is_some_and(|(p, c, ..)| p == path && *c == changes);
        if !fresh {
            let (name, text) = text();
            *kept = Some((path.to_path_buf(), changes, name, text));
        }
    });
}

/// Offers `bytes` as a file named `name` to download, through a link to them clicked.
pub(in crate::app) fn download(name: &str, bytes: &[u8]) {
    use wasm_bindgen::JsCast;
    let parts = web_sys::js_sys::Array::of1(&web_sys::js_sys::Uint8Array::from(bytes));
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence(&parts) else {
        return show_error(&format!("{name} could not be offered to download"));
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return show_error(&format!("{name} could not be offered to download"));
    };
    let link = document()
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(link) = link {
        link.set_href(&url);
        link.set_download(name);
        link.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Saves the level in the editor as Ctrl+S does (in the page: downloads it), from the next
/// frame on: the page's "Download level" button, for a player without a keyboard.
#[wasm_bindgen]
pub fn save_edited() {
    REQUEST.with(|r| *r.borrow_mut() = Some(Request::SaveEdited));
}

/// A button of the page's editor bar (shown to a finger, which has no keys): the editor
/// does what the key named does. `pencil`, `rectangle`, `filled`, `line`, `copy`, `paste`
/// and `camera` pick a tool (B, R, F, L, C, V, K), `turn` turns the swatch (T), `undo` and
/// `redo` are Ctrl+Z and Ctrl+Y, `play` plays from the camera (P); `reload` (F5: the page
/// asks it when textures alone are dropped) reads the level's files again. Other names do
/// nothing.
#[wasm_bindgen]
pub fn edit_tool(name: &str) {
    use tilecaster::bindings::Key;
    let (key, ctrl) = match name {
        "turn" => (Key::Letter(b'T'), false),
        "undo" => (Key::Letter(b'Z'), true),
        "redo" => (Key::Letter(b'Y'), true),
        "play" => (Key::Letter(b'P'), false),
        "reload" => (Key::Function(5), false),
        // (The tools' keys are the editor's own table.)
        tool => match super::super::edit_tools::Tool::key_named(tool) {
            Some(key) => (key, false),
            None => return,
        },
    };
    REQUEST.with(|r| *r.borrow_mut() = Some(Request::EditKey { key, ctrl }));
}
