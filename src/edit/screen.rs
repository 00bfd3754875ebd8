//! The editor's screen: the map on the left (the cells as the game's map draws them, the
//! camera with the rays of its view, each mistake's cell outlined in red, the brush and the
//! first mistake said under it) beside the first-person view from the camera on the right.

use std::path::Path;

use crate::frame::draw::{Canvas, text_width};
use crate::frame::{Colour, Frame};
use crate::level::LevelWithTextures;
use crate::math::Vec2;
use crate::scene::SessionAssets;
use crate::scene::topdown::{MapLayers, MapView, draw_map};

use super::Editor;

/// Pixels of the bar under the map (two lines of text).
const BAR: u32 = 30;
/// The map's background.
const BACKGROUND: Colour = Colour::rgb(16, 16, 24);
/// A mistake's cell.
const MISTAKE: Colour = Colour::rgb(255, 64, 48);

/// Where the camera stands and looks: its position, its facing (degrees) and its field of
/// view (degrees).
pub type Viewpoint = (Vec2, f64, f64);

/// The map's viewport in a screen of `width` x `height`: the left half, above the bar.
pub fn map_rect(width: u32, height: u32) -> (u32, u32, u32, u32) {
    (0, 0, width / 2, height.saturating_sub(BAR).max(1))
}

/// The map's view of a level of `size` cells fitted into `rect` with a margin.
pub fn map_view(size: (usize, usize), rect: (u32, u32, u32, u32)) -> MapView {
    let (w, h) = (size.0.max(1) as f64, size.1.max(1) as f64);
    let scale = (f64::from(rect.2) / (w + 1.0)).min(f64::from(rect.3) / (h + 1.0));
    MapView {
        centre: Vec2::new(w / 2.0, h / 2.0),
        scale,
        rect,
    }
}

/// Draws the editor's screen into `frame` for `editor`'s level loaded as `loaded` (see
/// [`Editor::loaded`]), the camera at `viewpoint`.
pub fn draw_screen(
    editor: &Editor,
    loaded: LevelWithTextures,
    viewpoint: Viewpoint,
    frame: &mut Frame,
) {
    let (width, height) = (frame.width(), frame.height());
    frame.fill(BACKGROUND.to_array());
    let path: &Path = editor.draft().path();
    let (position, angle, fov) = viewpoint;
    let session = Editor::session_at(loaded, path, (position, angle));
    let view_width = width - width / 2;
    let rect = map_rect(width, height);
    let view = map_view(editor.draft().size(), rect);
    let layers = MapLayers {
        rays_every: 16,
        columns: view_width,
        fov,
        visibility: false,
        automap: false,
        debug: false,
        probe: None,
    };
    let mut assets = SessionAssets::new(&session);
    draw_map(
        frame,
        &session.game,
        assets.of(&session),
        None,
        &view,
        &layers,
    );
    let mut map = Canvas::clipped(frame, rect);
    for cell in editor.problems().iter().filter_map(|p| p.cell) {
        let (x, y) = view.screen_point(Vec2::new(f64::from(cell.x), f64::from(cell.y)));
        let side = view.scale.max(2.0);
        let corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)];
        for i in 0..4 {
            map.line(corners[i], corners[(i + 1) % 4], MISTAKE);
        }
    }
    // Under the map: the brush, then the first mistake or that there is none.
    let mut bar = Canvas::clipped(frame, (0, rect.3, width / 2, BAR));
    let top = i64::from(rect.3) + 4;
    let brush = format!("BRUSH: {}", editor.brush.label().to_uppercase());
    let said = match editor.problems().first() {
        Some(p) => (p.diagnostic.message.to_uppercase(), MISTAKE),
        None => ("NO MISTAKES".to_string(), Colour::rgb(120, 220, 120)),
    };
    // (Twice the font's size where the line fits.)
    let scale = |text: &str| {
        if text_width(text, 2) + 8 <= width / 2 {
            2
        } else {
            1
        }
    };
    bar.text(4, top, &brush, Colour::WHITE, scale(&brush));
    bar.text(4, top + 14, &said.0, said.1, scale(&said.0));
    // Beside it: the view, as `tilecaster render` draws the saved file from the camera.
    if let Ok(eye) = Frame::new(view_width, height) {
        let eye = Editor::view_of(&session, fov, eye);
        let row_bytes = view_width as usize * 4;
        let offset = (width / 2) as usize * 4;
        let stride = width as usize * 4;
        for (y, row) in eye.rgba().chunks_exact(row_bytes).enumerate() {
            let at = y * stride + offset;
            frame.rgba_mut()[at..at + row_bytes].copy_from_slice(row);
        }
    }
}
