//! The editor's screen: the palette over the map on the left (the cells as the game's map
//! draws them, the camera with the rays of its view, each mistake's cell outlined in red, the
//! cells a tool is about to paint outlined in white), the brush, the tool and the first mistake
//! said under it, and the first-person view from the camera on the right.

use std::path::Path;

use crate::episode::Session;
use crate::frame::draw::{Canvas, text_width};
use crate::frame::{Colour, Frame};
use crate::grid::Cell;
use crate::level::LevelWithTextures;
use crate::math::Vec2;
use crate::scene::topdown::{MapLayers, MapView, draw_map};
use crate::scene::{Composer, Overlays, SessionAssets};

use super::{Editor, Palette};

/// Pixels of the bar under the map (three lines of text).
const BAR: u32 = 44;
/// The map's background.
const BACKGROUND: Colour = Colour::rgb(16, 16, 24);
/// A mistake's cell.
const MISTAKE: Colour = Colour::rgb(255, 64, 48);
/// The cells a tool is about to paint, or copies.
const MARKED: Colour = Colour::rgb(240, 240, 240);

/// Where the camera stands and looks: its position, its facing (degrees) and its field of
/// view (degrees).
pub type Viewpoint = (Vec2, f64, f64);

/// A rectangle of the screen: left, top, width, height (pixels).
pub type Rect = (u32, u32, u32, u32);

/// Where the screen's parts are, in a frame of a given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The palette's swatches (empty where none is shown).
    pub palette: Rect,
    /// The map.
    pub map: Rect,
    /// The lines under the map.
    pub bar: Rect,
    /// The first-person view.
    pub view: Rect,
}

impl Layout {
    /// The parts of a screen of `width` x `height` with `palette` (or none) shown: the left
    /// half the palette, the map and the bar from the top down, the right half the view.
    pub fn of(width: u32, height: u32, palette: Option<&Palette>) -> Layout {
        let half = width / 2;
        let swatches = palette.map_or(0, |p| p.height(half)).min(height / 2);
        let map_height = height.saturating_sub(BAR + swatches).max(1);
        Layout {
            palette: (0, 0, half, swatches),
            map: (0, swatches, half, map_height),
            bar: (0, swatches + map_height, half, BAR),
            view: (half, 0, width - half, height),
        }
    }
}

/// The map's view of a level of `size` cells fitted into `rect` with a margin.
pub fn map_view(size: (usize, usize), rect: Rect) -> MapView {
    let (w, h) = (size.0.max(1) as f64, size.1.max(1) as f64);
    let scale = (f64::from(rect.2) / (w + 1.0)).min(f64::from(rect.3) / (h + 1.0));
    MapView {
        centre: Vec2::new(w / 2.0, h / 2.0),
        scale,
        rect,
    }
}

/// The level as the view shows it: the game at its start, its player standing at the camera,
/// with its assets resolved for the renderer. Made once for each state of the level (lights
/// and all), then looked through from wherever the camera goes.
pub struct Scene {
    session: Session,
    assets: SessionAssets,
}

impl Scene {
    /// The game at the start of `loaded` (to be saved at `path`), its player standing at
    /// `position` facing `angle` (degrees), without the level's name over it.
    pub fn new(loaded: LevelWithTextures, path: &Path, viewpoint: (Vec2, f64)) -> Scene {
        Scene::made(loaded, path, viewpoint, None)
    }

    /// [`Scene::new`] for the level `before` showed, changed: what the change left as it
    /// was is taken from `before` (the floors and ceilings lit ahead of time), not made again.
    pub fn after(
        loaded: LevelWithTextures,
        path: &Path,
        viewpoint: (Vec2, f64),
        before: &Scene,
    ) -> Scene {
        Scene::made(loaded, path, viewpoint, Some(before))
    }

    fn made(
        loaded: LevelWithTextures,
        path: &Path,
        (position, angle): (Vec2, f64),
        before: Option<&Scene>,
    ) -> Scene {
        // (The editor's screen draws no automap: nothing explored.)
        let mut session = Session::start_unexplored(path, loaded);
        session.game.place_viewer(position, angle);
        session.hush();
        let assets = match before {
            Some(before) => SessionAssets::after(&session, (&before.assets, before.loaded())),
            None => SessionAssets::new(&session),
        };
        Scene { session, assets }
    }

    /// Makes the lit copies of floors and ceilings of up to `cells` of the cells a scene
    /// made [`Scene::after`] draws lit pixel by pixel (those whose light changed); how many
    /// are left. The editor makes a few a frame: the frame after a change does not wait for
    /// them, and once none is left the scene draws what [`Scene::new`]'s draws.
    pub fn make_lit_copies(&mut self, cells: usize) -> usize {
        self.assets.make_lit_copies(cells)
    }

    /// Moves the camera to `position`, facing `angle` (degrees).
    pub fn look(&mut self, position: Vec2, angle: f64) {
        self.session.game.place_viewer(position, angle);
    }

    /// The level with its assets, as the scene was made of it.
    pub fn loaded(&self) -> &LevelWithTextures {
        self.session.current()
    }

    /// The game the view shows.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The game, to play from where the camera stands (its automap begun there).
    pub fn into_session(mut self) -> Session {
        self.session.game.explore();
        self.session
    }

    /// The eye's view with `fov` into `frame`, as `tilecaster render` draws the saved level.
    pub fn view(&mut self, fov: f64, frame: Frame) -> Frame {
        let mut composer = Composer::new(frame, fov, false);
        let assets = self.assets.of(&self.session);
        composer.draw(&self.session, assets, &Overlays::default(), None);
        composer.frame
    }
}

/// What the screen shows besides the level: the camera, the palette, what a tool marks, the
/// tool's name and a notice.
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The camera.
    pub viewpoint: Viewpoint,
    /// The palette, if shown.
    pub palette: Option<&'a Palette>,
    /// The cells outlined: those a tool is about to paint, or copies.
    pub marked: &'a [Cell],
    /// The tool's line under the brush's (its name, what was last done).
    pub status: &'a str,
}

/// Draws the editor's screen into `frame` for `editor`'s level as `scene` shows it (the last
/// state of it that loaded: see [`Editor::loaded`]).
pub fn draw_screen(editor: &Editor, scene: &mut Scene, shown: &Shown, frame: &mut Frame) {
    let (width, height) = (frame.width(), frame.height());
    frame.fill(BACKGROUND.to_array());
    let (_, angle, fov) = shown.viewpoint;
    scene.look(shown.viewpoint.0, angle);
    let layout = Layout::of(width, height, shown.palette);
    let view = map_view(editor.draft().size(), layout.map);
    let layers = MapLayers {
        rays_every: 16,
        columns: layout.view.2,
        fov,
        visibility: false,
        automap: false,
        debug: false,
        probe: None,
    };
    let session = &scene.session;
    draw_map(
        frame,
        &session.game,
        scene.assets.of(session),
        None,
        &view,
        &layers,
    );
    let mut map = Canvas::clipped(frame, layout.map);
    let mistakes = editor.problems().iter().filter_map(|p| p.cell);
    let outlined = mistakes
        .map(|c| (c, MISTAKE))
        .chain(shown.marked.iter().map(|c| (*c, MARKED)));
    for (cell, colour) in outlined {
        let (x, y) = view.screen_point(Vec2::new(f64::from(cell.x), f64::from(cell.y)));
        let side = view.scale.max(2.0);
        let corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)];
        for i in 0..4 {
            map.line(corners[i], corners[(i + 1) % 4], colour);
        }
    }
    if let Some(palette) = shown.palette {
        palette.draw(frame, layout.palette);
    }
    // Under the map: the brush, the tool, then the first mistake or that there is none.
    let (bar_width, top) = (layout.bar.2, i64::from(layout.bar.1) + 2);
    let mut bar = Canvas::clipped(frame, layout.bar);
    let brush = format!("BRUSH: {}", editor.brush.label().to_uppercase());
    let said = match editor.problems().first() {
        Some(p) => (p.diagnostic.message.to_uppercase(), MISTAKE),
        None => ("NO MISTAKES".to_string(), Colour::rgb(120, 220, 120)),
    };
    // (Twice the font's size where the line fits.)
    let scale = |text: &str| {
        if text_width(text, 2) + 8 <= bar_width {
            2
        } else {
            1
        }
    };
    let status = shown.status.to_uppercase();
    bar.text(4, top, &brush, Colour::WHITE, scale(&brush));
    bar.text(
        4,
        top + 14,
        &status,
        Colour::rgb(200, 200, 120),
        scale(&status),
    );
    bar.text(4, top + 28, &said.0, said.1, scale(&said.0));
    // Beside it: the view, as `tilecaster render` draws the saved file from the camera.
    let (left, _, view_width, _) = layout.view;
    if let Ok(eye) = Frame::new(view_width, height) {
        let eye = scene.view(fov, eye);
        let row_bytes = view_width as usize * 4;
        let offset = left as usize * 4;
        let stride = width as usize * 4;
        for (y, row) in eye.rgba().chunks_exact(row_bytes).enumerate() {
            let at = y * stride + offset;
            frame.rgba_mut()[at..at + row_bytes].copy_from_slice(row);
        }
    }
}
