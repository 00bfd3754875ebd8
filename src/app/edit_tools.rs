//! The editor's tools (what the mouse does on the map) and the keys that choose them: one
//! table read by the window's keys (`super::editing`) and the page's editor bar
//! (`super::web`), so a tool's letter changed in one place changes in both.

use tilecaster::bindings::Key;

/// What the mouse does on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tool {
    /// Paints each cell the pointer crosses while the button is held (one step).
    Pencil,
    /// Paints a rectangle's edge, dragged from corner to corner.
    Rectangle,
    /// Paints a whole rectangle.
    Filled,
    /// Paints the cells a line crosses, dragged from end to end.
    Line,
    /// Copies the rectangle dragged.
    Copy,
    /// Pastes what was copied with its top-left corner where clicked.
    Paste,
    /// Places the camera where clicked, aimed where dragged.
    Camera,
}

impl Tool {
    /// Its name and how it is used, for the screen's line.
    pub(super) fn said(self) -> &'static str {
        match self {
            Tool::Pencil => "pencil: click or drag",
            Tool::Rectangle => "rectangle: drag corner to corner",
            Tool::Filled => "filled rectangle: drag corner to corner",
            Tool::Line => "line: drag end to end",
            Tool::Copy => "copy: drag over a region",
            Tool::Paste => "paste: click the top-left corner",
            Tool::Camera => "camera: click to place, drag to aim",
        }
    }

    /// Each tool with the letter whose key chooses it and the name the page's editor bar
    /// gives its button (`data-tool`).
    const KEYS: [(Tool, u8, &'static str); 7] = [
        (Tool::Pencil, b'B', "pencil"),
        (Tool::Rectangle, b'R', "rectangle"),
        (Tool::Filled, b'F', "filled"),
        (Tool::Line, b'L', "line"),
        (Tool::Copy, b'C', "copy"),
        (Tool::Paste, b'V', "paste"),
        (Tool::Camera, b'K', "camera"),
    ];

    /// The tool a key chooses.
    pub(super) fn of_key(key: Key) -> Option<Tool> {
        Tool::KEYS
            .iter()
            .find(|&&(_, letter, _)| key == Key::Letter(letter))
            .map(|&(tool, ..)| tool)
    }

    /// The key that chooses the tool the page's editor bar names `name`.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(super) fn key_named(name: &str) -> Option<Key> {
        Tool::KEYS
            .iter()
            .find(|&&(.., named)| named == name)
            .map(|&(_, letter, _)| Key::Letter(letter))
    }
}
