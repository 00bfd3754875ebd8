//! The level editor in the window (issue 75): `tilecaster edit [LEVEL]` and the main menu's
//! EDIT A LEVEL. The library's [`Editor`] holds the level and its history; this holds what
//! the screen adds: the palette, the tool, the camera, what the mouse is dragging, the last
//! state of the level that loaded (the view and the map show it while the draft has a
//! mistake), and what was said. No window types: the controller feeds it the pointer, the
//! buttons and the keys (`super::edit_input`), and its behaviour is unit-tested without a
//! display.
//!
//! The mouse paints on the map with the tool (left button; the right takes the brush from a
//! cell) and picks swatches from the palette. Keys: B pencil, R rectangle, F filled
//! rectangle, L line, C copy, V paste, K camera (click to place it, drag to aim it); T turns
//! the brush's facing, H raises the difficulty enemies appear from, [ ] and - = change a
//! light's radius and intensity; Tab and the wheel step through the palette; the arrows walk
//! and turn the camera; Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes, Ctrl+S saves, Ctrl+E
//! exports a Tiled map; F5 reads the level's files again (a texture put beside it shows); P
//! plays from the camera's cell and Escape comes back; Escape leaves the editor. A level file
//! dropped on the window opens in it.

use std::path::{Path, PathBuf};

use tilecaster::assets::Sources;
use tilecaster::bindings::Key;
use tilecaster::edit::{Editor, Layout, Palette, Scene, Shown, line_cells, map_view, span};
use tilecaster::episode::Session;
use tilecaster::frame::Frame;
use tilecaster::grid::Cell;
use tilecaster::level::{Difficulty, Draft};
use tilecaster::math::Vec2;
use tilecaster::render::Camera;

pub(super) use super::edit_tools::Tool;

/// The cells whose lit floor and ceiling copies the editor makes a frame after a change
/// (each a pair of textures with their mipmaps: a few tenths of a millisecond on one core).
const LIT_CELLS_A_FRAME: usize = 16;

/// What the editor asks of the controller after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    /// Nothing.
    Nothing,
    /// Play the level from the camera ([`Editing::play_session`]).
    Play,
    /// Leave the editor.
    Leave,
}

/// Which modifier keys are held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Modifiers {
    pub(super) ctrl: bool,
    pub(super) shift: bool,
}

/// See the [module](self).
pub(super) struct Editing {
    pub(super) editor: Editor,
    pub(super) palette: Palette,
    pub(super) tool: Tool,
    /// Where the camera stands (world units) and looks (degrees).
    pub(super) camera: (Vec2, f64),
    sources: Sources,
    /// The level as the view shows it: its last state that loaded.
    scene: Option<Scene>,
    /// Whether the draft changed since the scene was made.
    stale: bool,
    /// Whether the scene is to be made afresh from the files, none of its assets kept (F5).
    afresh: bool,
    /// The cell the left button went down on (a drag's start), and where it is now.
    drag: Option<(Cell, Cell)>,
    /// The cells the pencil's stroke has painted so far: outlined on the map, the scene made
    /// again when the stroke ends (not at every cell).
    stroke: Vec<Cell>,
    /// The pointer (frame pixels).
    pointer: Option<(f64, f64)>,
    /// The frame size the screen was last drawn at (for finding what the pointer is over).
    size: (u32, u32),
    /// Whether the level changed since it was opened or saved.
    pub(super) unsaved: bool,
    /// Whether the file at the draft's path may be replaced (this editor wrote it, or the
    /// player asked twice).
    may_replace: bool,
    /// Escape pressed once with changes unsaved: again leaves.
    leaving: bool,
    /// The last thing done, said under the tool.
    pub(super) said: String,
    /// The game played from the camera (`P`): the controller's runner plays it, Escape comes
    /// back here.
    pub(super) playing: bool,
    /// A level file dropped on the window while changes were not saved: dropped again, it
    /// opens.
    pub(super) dropped: Option<PathBuf>,
    /// How many times the level changed since it was opened (the page shares the level as it
    /// stands: it asks for its text again only after a change).
    pub(super) changes: u64,
}

impl Editing {
    /// The editor on `draft`, its textures and sprites from `sources` over the level's own.
    pub(super) fn new(draft: Draft, sources: Sources) -> Editing {
        let mut editor = Editor::new(draft);
        // (Shown as it stands where it has mistakes with its assets: they are said.)
        let loaded = editor.shown_after(&sources, None);
        let texture_dir = match &loaded {
            Some(l) => l.texture_dir.clone(),
            None => tilecaster::files::default_path("textures"),
        };
        let camera = loaded.as_ref().map_or_else(
            || {
                let (w, h) = editor.draft().size();
                (Vec2::new(w as f64 / 2.0, h as f64 / 2.0), 270.0)
            },
            |l| (l.level.player.position, l.level.player.facing),
        );
        let palette = Palette::new(&texture_dir);
        editor.brush = palette.brush();
        let path = editor.draft().path().to_path_buf();
        let scene = loaded.map(|l| Scene::new(l, &path, camera));
        Editing {
            editor,
            palette,
            tool: Tool::Pencil,
            camera,
            sources,
            scene,
            stale: false,
            afresh: false,
            drag: None,
            stroke: Vec::new(),
            pointer: None,
            size: (0, 0),
            unsaved: false,
            may_replace: false,
            leaving: false,
            said: String::new(),
            playing: false,
            dropped: None,
            changes: 0,
        }
    }

    /// The editor on the level at `path` (any the game opens), or a new 32 x 24 level to be
    /// saved there where no file is.
    pub(super) fn open(path: &Path, sources: Sources) -> Result<Editing, String> {
        // (Through the game's files: in the page, its bundled levels and the files handed
        // to it.)
        if !tilecaster::files::is_file(path) {
            let name = path
                .file_stem()
                .map_or_else(|| "New Level".into(), |s| s.to_string_lossy().into_owned());
            let wall = tilecaster::level::Brush::wall("brick");
            let mut editing = Editing::new(Draft::new(path, &name, 32, 24, &wall), sources);
            editing.may_replace = true;
            editing.unsaved = true;
            editing.said = if super::platform::SAVES_DOWNLOAD {
                "new level: ctrl+s downloads it".into()
            } else {
                format!("new level: ctrl+s saves it as {}", path.display())
            };
            return Ok(editing);
        }
        let draft = Draft::open(path).map_err(|e| e.to_string())?;
        let mut editing = Editing::new(draft, sources);
        editing.said = format!("editing {}", editing.editor.draft().path().display());
        Ok(editing)
    }

    /// Where the screen's parts are at the frame size last drawn.
    pub(super) fn layout(&self) -> Layout {
        Layout::of(self.size.0, self.size.1, Some(&self.palette))
    }

    /// The map's cell under frame position `at`, if the pointer is over the map.
    fn cell_at(&self, at: (f64, f64)) -> Option<Cell> {
        let layout = self.layout();
        let (x, y, w, h) = layout.map;
        let inside = at.0 >= f64::from(x)
            && at.1 >= f64::from(y)
            && at.0 < f64::from(x + w)
            && at.1 < f64::from(y + h);
        if !inside {
            return None;
        }
        let world = map_view(self.editor.draft().size(), layout.map).world_at(at.0, at.1);
        let cell = Cell::new(world.x.floor() as i32, world.y.floor() as i32);
        let (width, height) = self.editor.draft().size();
        let on_grid = (0..width as i32).contains(&cell.x) && (0..height as i32).contains(&cell.y);
        on_grid.then_some(cell)
    }

    /// The world point under frame position `at` on the map.
    fn world_at(&self, at: (f64, f64)) -> Vec2 {
        map_view(self.editor.draft().size(), self.layout().map).world_at(at.0, at.1)
    }

    /// The pointer moved to `at` (frame pixels), or off the frame.
    pub(super) fn pointer(&mut self, at: Option<(f64, f64)>) {
        self.pointer = at;
        let Some(at) = at else { return };
        let Some((start, last)) = self.drag else {
            return;
        };
        match self.tool {
            Tool::Pencil => {
                if let Some(cell) = self.cell_at(at) {
                    // Every cell between the last and this one: a quick stroke leaves no gaps.
                    for c in line_cells(last, cell) {
                        let painted = self.editor.stroke_to(c);
                        self.painted(painted);
                        if !self.stroke.contains(&c) {
                            self.stroke.push(c);
                        }
                    }
                    self.drag = Some((start, cell));
                }
            }
            Tool::Camera => {
                let to = self.world_at(at);
                let from = self.camera.0;
                if (to - from).length() > 0.25 {
                    self.camera.1 = (to.y - from.y).atan2(to.x - from.x).to_degrees();
                }
            }
            _ => {
                if let Some(cell) = self.cell_at(at) {
                    self.drag = Some((start, cell));
                }
            }
        }
    }

    /// The left mouse button pressed (`down`) or let go at the pointer.
    pub(super) fn left_button(&mut self, down: bool) {
        let Some(at) = self.pointer else { return };
        if down {
            if let Some(index) = self.palette.swatch_at(self.layout().palette, at) {
                self.palette.select(index);
                self.editor.brush = self.palette.brush();
                return;
            }
            let Some(cell) = self.cell_at(at) else { return };
            self.drag = Some((cell, cell));
            match self.tool {
                Tool::Pencil => {
                    self.editor.begin_stroke();
                    let painted = self.editor.stroke_to(cell);
                    self.painted(painted);
                    self.stroke = vec![cell];
                }
                Tool::Camera => self.camera.0 = cell.centre(),
                Tool::Paste => {
                    let pasted = self.editor.paste(cell);
                    self.drag = None;
                    if self.editor.clipboard().is_none() {
                        self.said = "nothing copied yet: c, then drag over a region".into();
                    }
                    self.painted(pasted);
                }
                _ => {}
            }
            return;
        }
        let Some((start, end)) = self.drag.take() else {
            return;
        };
        let done = match self.tool {
            Tool::Pencil => {
                self.editor.end_stroke();
                self.stroke.clear();
                Ok(false)
            }
            Tool::Rectangle => self.editor.rectangle(start, end, false),
            Tool::Filled => self.editor.rectangle(start, end, true),
            Tool::Line => self.editor.line(start, end),
            Tool::Copy => {
                let (w, h) = self.editor.copy(start, end).size;
                self.said = format!("copied {w} x {h}: v, then click where it goes");
                Ok(false)
            }
            Tool::Paste | Tool::Camera => Ok(false),
        };
        self.painted(done);
    }

    /// The right mouse button pressed: the brush taken from the cell under the pointer.
    pub(super) fn right_button(&mut self) {
        let Some(cell) = self.pointer.and_then(|at| self.cell_at(at)) else {
            return;
        };
        if let Some(brush) = self.editor.draft().brush_at(cell) {
            self.said = format!("took {}", brush.label());
            self.palette.pick(brush);
            self.editor.brush = self.palette.brush();
        }
    }

    /// The wheel turned: the next swatch (or the one before).
    pub(super) fn wheel(&mut self, notches: f64) {
        if notches.abs() >= 0.5 {
            self.palette.step(if notches > 0.0 { -1 } else { 1 });
            self.editor.brush = self.palette.brush();
        }
    }

    /// What a painting step came to: the level marked changed, a refusal said.
    fn painted(&mut self, done: Result<bool, tilecaster::level::PaintError>) {
        match done {
            Ok(true) => {
                self.unsaved = true;
                self.stale = true;
                self.changes += 1;
                self.leaving = false;
            }
            Ok(false) => {}
            Err(e) => self.said = e.to_string(),
        }
    }

    /// A key pressed in the editor (not a repeat of one held, except the arrows).
    pub(super) fn key(&mut self, key: Key, held: Modifiers) -> Asked {
        if key != Key::Escape {
            self.leaving = false;
        }
        if held.ctrl {
            match key {
                Key::Letter(b'Z') if held.shift => self.redo(),
                Key::Letter(b'Z') => self.undo(),
                Key::Letter(b'Y') => self.redo(),
                Key::Letter(b'S') => self.save(),
                Key::Letter(b'E') => self.export_tmx(),
                _ => {}
            }
            return Asked::Nothing;
        }
        if let Some(tool) = Tool::of_key(key) {
            self.tool = tool;
            self.drag = None;
            self.stroke.clear();
            self.editor.end_stroke();
            return Asked::Nothing;
        }
        let (position, angle) = self.camera;
        let ahead = Vec2::new(angle.to_radians().cos(), angle.to_radians().sin()) * 0.5;
        match key {
            Key::Letter(b'T') => self.palette.turn(),
            Key::Letter(b'H') => self.palette.harder(),
            Key::BracketLeft => self.palette.change_lights(-1.0, 0.0),
            Key::BracketRight => self.palette.change_lights(1.0, 0.0),
            Key::Minus => self.palette.change_lights(0.0, -0.1),
            Key::Equal => self.palette.change_lights(0.0, 0.1),
            Key::Tab => self.palette.step(if held.shift { -1 } else { 1 }),
            Key::Left => self.camera.1 = (angle - 15.0).rem_euclid(360.0),
            Key::Right => self.camera.1 = (angle + 15.0).rem_euclid(360.0),
            Key::Up => self.camera.0 = position + ahead,
            Key::Down => self.camera.0 = position - ahead,
            Key::Letter(b'P') => return Asked::Play,
            Key::Function(5) => {
                (self.stale, self.afresh) = (true, true);
                self.said = "the level's files read again".into();
            }
            Key::Escape if self.unsaved && !self.leaving => {
                self.leaving = true;
                self.said = "not saved: escape again leaves without saving, ctrl+s saves".into();
            }
            Key::Escape => return Asked::Leave,
            _ => {}
        }
        self.editor.brush = self.palette.brush();
        Asked::Nothing
    }

    fn undo(&mut self) {
        if self.editor.undo() {
            self.changed("undone");
        }
    }

    fn redo(&mut self) {
        if self.editor.redo() {
            self.changed("redone");
        }
    }

    /// The level changed by undo or redo.
    fn changed(&mut self, said: &str) {
        self.unsaved = true;
        self.stale = true;
        self.changes += 1;
        self.said = said.into();
    }

    /// Saves the level at its path: a file that was there before the editor is replaced
    /// only when asked twice.
    pub(super) fn save(&mut self) {
        if super::platform::SAVES_DOWNLOAD {
            return self.download();
        }
        let path = self.editor.draft().path().to_path_buf();
        if tilecaster::files::is_file(&path) && !self.may_replace {
            self.may_replace = true;
            self.said = format!("ctrl+s again replaces {}", path.display());
            return;
        }
        match self.editor.save(true) {
            Ok(()) => {
                self.unsaved = false;
                self.may_replace = true;
                let mistakes = self.editor.problems().len();
                self.said = match mistakes {
                    0 => format!("saved {}", path.display()),
                    n => format!("saved {} ({n} problems to mend)", path.display()),
                };
                eprintln!("saved {}", path.display());
            }
            Err(e) => self.said = format!("not saved: {e}"),
        }
    }

    /// The game on the level as the view shows it (its last state that loaded), if it ever
    /// loaded.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(super) fn shown_session(&self) -> Option<&Session> {
        self.scene.as_ref().map(Scene::session)
    }

    /// The name the level's file has (what the page downloads and shares it as).
    pub(super) fn file_name(&self) -> String {
        let path = self.editor.draft().path();
        path.file_name().map_or_else(
            || "my-level.toml".into(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// In the page: the level as it stands offered as a download, and kept among the page's
    /// files (`<page>/NAME`, as a file dropped on it is) for playing and sharing.
    fn download(&mut self) {
        let name = self.file_name();
        let text = self.editor.draft().text();
        tilecaster::files::provide(&name, text.clone().into_bytes());
        super::platform::download(&name, text.as_bytes());
        self.unsaved = false;
        let mistakes = self.editor.problems().len();
        self.said = match mistakes {
            0 => format!("downloaded {name}"),
            n => format!("downloaded {name} ({n} problems to mend)"),
        };
    }

    /// Writes the saved level as a Tiled map beside it (never over a file).
    fn export_tmx(&mut self) {
        if self.unsaved {
            self.said = "save first (ctrl+s): the tiled map is made from the file".into();
            return;
        }
        let path = self.editor.draft().path().to_path_buf();
        let output: PathBuf = path.with_extension("tmx");
        let written = tilecaster::level::to_tmx(&path, &output)
            .map_err(|e| e.to_string())
            .and_then(|converted| {
                tilecaster::files::write_new(&output, converted.text.as_bytes(), false)
                    .map_err(|e| e.to_string())
            });
        self.said = match written {
            Ok(()) => format!("exported {}", output.display()),
            Err(e) => format!("not exported: {e}"),
        };
    }

    /// The game at the level's start with the player at the camera, to play from there; or
    /// why the level cannot be played as it stands.
    pub(super) fn play_session(&mut self) -> Result<Session, String> {
        let loaded = match self.editor.loaded(&self.sources) {
            Ok(loaded) => loaded,
            Err(e) => {
                self.said = match e.diagnostics.first() {
                    Some(d) => format!("cannot play: {}", d.message),
                    None => format!("cannot play: {e}"),
                };
                return Err(self.said.clone());
            }
        };
        let mut session = Session::start_loaded(
            self.editor.draft().path(),
            self.sources.clone(),
            loaded,
            Difficulty::Normal,
        );
        let (position, angle) = self.camera;
        let cell = Cell::new(position.x.floor() as i32, position.y.floor() as i32);
        session.game.set_viewpoint(cell.centre(), angle);
        self.said = "played from the camera: escape comes back".into();
        Ok(session)
    }

    /// The cells the tool being dragged is about to paint (or copies, or the stroke painted),
    /// to outline.
    fn marked(&self) -> Vec<Cell> {
        let Some((a, b)) = self.drag else {
            return Vec::new();
        };
        match self.tool {
            Tool::Pencil => self.stroke.clone(),
            Tool::Rectangle | Tool::Filled | Tool::Copy => span(a, b).cells().collect(),
            Tool::Line => line_cells(a, b),
            _ => Vec::new(),
        }
    }

    /// Draws the editor's screen into `frame`: the scene made again first where the level
    /// changed and loads (else the last that loaded is shown, its mistakes outlined).
    pub(super) fn draw(&mut self, frame: &mut Frame) {
        self.size = (frame.width(), frame.height());
        // (Not in the middle of a stroke: a large level takes longer to make than a frame.)
        let stroking = self.tool == Tool::Pencil && self.drag.is_some();
        let mut made = false;
        if !stroking && std::mem::take(&mut self.stale) {
            let afresh = std::mem::take(&mut self.afresh);
            let before = self.scene.as_ref().filter(|_| !afresh);
            if let Some(loaded) = self
                .editor
                .shown_after(&self.sources, before.map(Scene::loaded))
            {
                let path = self.editor.draft().path();
                self.scene = Some(match before {
                    Some(before) => Scene::after(loaded, path, self.camera, before),
                    None => Scene::new(loaded, path, self.camera),
                });
                made = true;
            }
        }
        // The floors and ceilings whose light changed are lit pixel by pixel until their
        // copies are made, a few a frame after the one that shows the change.
        if let Some(scene) = self.scene.as_mut().filter(|_| !made) {
            scene.make_lit_copies(LIT_CELLS_A_FRAME);
        }
        let status = match self.said.as_str() {
            "" => self.tool.said().to_string(),
            said => format!("{}  -  {said}", self.tool.said()),
        };
        let marked = self.marked();
        let shown = Shown {
            viewpoint: (self.camera.0, self.camera.1, Camera::DEFAULT_FOV),
            palette: Some(&self.palette),
            marked: &marked,
            status: &status,
        };
        match &mut self.scene {
            Some(scene) => tilecaster::edit::draw_screen(&self.editor, scene, &shown, frame),
            None => {
                frame.fill([16, 16, 24, 255]);
                let mut canvas = tilecaster::frame::draw::Canvas::new(frame);
                let why = self
                    .editor
                    .problems()
                    .first()
                    .map_or_else(String::new, |p| p.diagnostic.to_string());
                for (i, line) in tilecaster::frame::draw::wrap_words(&why, 70, 12)
                    .iter()
                    .enumerate()
                {
                    canvas.text(
                        8,
                        8 + 10 * i as i64,
                        &line.to_uppercase(),
                        tilecaster::frame::Colour::WHITE,
                        1,
                    );
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests;
