//! The game in a browser page (wasm32): the entry point, the page's canvas, and what the page
//! and its tests read back (frames shown, where the player stands, the first frame's pixels).
//! Everything below is the native game's code: the session, the renderer, the window (winit
//! on the page's canvas) and the GPU surface (wgpu on WebGL2).

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use anyhow::Result;
use wasm_bindgen::prelude::*;
use winit::window::{Window, WindowAttributes};

use super::screen::Screen;
use super::{PlayOptions, Scaling};
use tilecaster::episode::Recording;
use tilecaster::game::{Game, Input};
use tilecaster::level::Difficulty;

/// The page's canvas: `<canvas id="tilecaster">`.
const CANVAS_ID: &str = "tilecaster";

/// The page's entry point (wasm-bindgen calls `main` when the module loads): reads the page's
/// query (`?level=e1m2&size=640x400&nohud`), starts the game on the page's canvas, and shows
/// an error on the page (`#error`) when it cannot.
pub fn main() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("tilecaster: {info}").into());
    }));
    let query = Query::from_page();
    restore_saves();
    let level = format!("levels/{}", query.level);
    let options = PlayOptions {
        level: tilecaster::files::default_path(&level),
        sources: tilecaster::assets::Sources::default(),
        size: query.size,
        fov: None,
        scaling: Scaling::Sharp,
        frames: None,
        screenshot: None,
        no_hud: query.no_hud,
        record: None,
        replay: None,
        load: None,
        mute: false,
        audio_out: None,
        demo: false,
        settings: None,
        difficulty: Difficulty::Normal,
        minimap_corner: None,
        minimap_size: None,
        mipmaps: None,
        backend: super::Backend::Gl,
        // The page is the front door: it starts the level; Escape gives the pause menu.
        menu: false,
    };
    if let Err(e) = super::play_in_page(options) {
        show_error(&format!("{e:#}"));
    }
}

/// What the page's address asks for.
struct Query {
    /// A level of the bundled episode, by file name.
    level: String,
    size: (u32, u32),
    no_hud: bool,
}

impl Query {
    fn from_page() -> Query {
        let mut query = Query {
            level: "e1m1.toml".into(),
            size: (640, 400),
            no_hud: false,
        };
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
            return query;
        };
        if let Some(level) = params.get("level").filter(|l| is_plain_name(l)) {
            query.level = if level.contains('.') {
                level
            } else {
                // The bundled episode has TOML levels and a Tiled map: whichever is there.
                let tmx = format!("{level}.tmx");
                let bundled = tilecaster::files::default_path(&format!("levels/{tmx}"));
                if tilecaster::files::exists(&bundled) {
                    tmx
                } else {
                    format!("{level}.toml")
                }
            };
        }
        if let Some((w, h)) = params.get("size").and_then(|s| parse_size(&s)) {
            query.size = (w, h);
        }
        query.no_hud = params.has("nohud");
        query
    }
}

/// A file name without folders (the level picker's names).
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
        && !name.contains("..")
}

/// `WxH`, each side 1 to 4096.
fn parse_size(s: &str) -> Option<(u32, u32)> {
    let (w, h) = s.split_once('x')?;
    let (w, h) = (w.parse().ok()?, h.parse().ok()?);
    ((1..=4096).contains(&w) && (1..=4096).contains(&h)).then_some((w, h))
}

/// The key of the settings in the page's localStorage.
const SETTINGS_KEY: &str = "tilecaster.settings";

/// The keys of the saves in the page's localStorage: this, then the save's file name
/// (`tilecaster.save.quicksave.json`).
const SAVE_KEY_PREFIX: &str = "tilecaster.save.";

/// Keeps the save just written to `path` (`<page>/NAME`) in the page's localStorage, so that
/// the next visit finds it.
pub(super) fn keep_save(path: &std::path::Path) -> Result<(), String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{} is not a save's name", path.display()))?;
    let text = tilecaster::files::read_text(path, tilecaster::files::Limit::SAVE)
        .map_err(|e| e.to_string())?;
    storage()
        .ok_or_else(|| "the page has no localStorage".to_string())?
        .set_item(&format!("{SAVE_KEY_PREFIX}{name}"), &text)
        .map_err(|_| "the page's localStorage refused it (full?)".to_string())
}

/// Hands the saves the page keeps over to the game (`<page>/NAME`), where the save slots
/// look for them.
fn restore_saves() {
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

/// The settings text the page keeps, if any.
pub(super) fn stored_settings() -> Option<String> {
    storage()?.get_item(SETTINGS_KEY).ok()?
}

/// Keeps the settings text in the page's localStorage.
pub(super) fn store_settings(text: &str) -> Result<(), String> {
    storage()
        .ok_or_else(|| "the page has no localStorage".to_string())?
        .set_item(SETTINGS_KEY, text)
        .map_err(|_| "the page's localStorage refused them".to_string())
}

/// The key of the high-score table in the page's localStorage.
const SCORES_KEY: &str = "tilecaster.scores";

/// The high-score table's text the page keeps, if any.
pub(super) fn stored_scores() -> Option<String> {
    storage()?.get_item(SCORES_KEY).ok()?
}

/// Keeps the high-score table's text in the page's localStorage.
pub(super) fn store_scores(text: &str) -> Result<(), String> {
    storage()
        .ok_or_else(|| "the page has no localStorage".to_string())?
        .set_item(SCORES_KEY, text)
        .map_err(|_| "the page's localStorage refused the scores".to_string())
}

/// Keeps damaged settings text aside, under `tilecaster.settings.damaged`, and clears them.
pub(super) fn keep_damaged_settings(text: &str) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(&format!("{SETTINGS_KEY}.damaged"), text);
        let _ = storage.remove_item(SETTINGS_KEY);
    }
}

/// Shows `message` on the page (`#error`) and in the console (as a warning: it is the
/// modder's file that is wrong, not the page).
pub(super) fn show_error(message: &str) {
    web_sys::console::warn_1(&format!("tilecaster: {message}").into());
    if let Some(element) = document().and_then(|d| d.get_element_by_id("error")) {
        element.set_text_content(Some(message));
        let _ = element.set_attribute("class", "shown");
    }
}

/// Whether the page's canvas holds the mouse (the browser's pointer lock), which the browser
/// also takes back by itself (Escape).
pub(super) fn pointer_locked() -> bool {
    document()
        .and_then(|d| d.pointer_lock_element())
        .is_some_and(|e| e.id() == CANVAS_ID)
}

/// Asks the page for its pointer lock on the canvas (`take`), or lets it go.
pub(super) fn pointer_lock(take: bool) {
    let Some(d) = document() else { return };
    if !take {
        d.exit_pointer_lock();
    } else if let Some(canvas) = d.get_element_by_id(CANVAS_ID) {
        canvas.request_pointer_lock();
    }
}

/// Takes the error off the page.
pub(super) fn clear_error() {
    if let Some(element) = document().and_then(|d| d.get_element_by_id("error")) {
        element.set_text_content(None);
        let _ = element.set_attribute("class", "");
    }
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// The window's attributes in the page: on its canvas (which the page sizes).
pub(super) fn attributes(attributes: WindowAttributes) -> WindowAttributes {
    use winit::platform::web::WindowAttributesExtWebSys;
    let canvas = document()
        .and_then(|d| d.get_element_by_id(CANVAS_ID))
        .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok());
    let append = canvas.is_none();
    attributes.with_canvas(canvas).with_append(append)
}

/// The canvas's size in device pixels (its CSS size times the device pixel ratio), when it
/// is laid out.
pub(super) fn canvas_pixels(window: &Window) -> Option<winit::dpi::PhysicalSize<u32>> {
    use winit::platform::web::WindowExtWebSys;
    let canvas = window.canvas()?;
    let ratio = web_sys::window()?.device_pixel_ratio();
    let side = |css: i32| (f64::from(css) * ratio).round() as u32;
    let (w, h) = (side(canvas.client_width()), side(canvas.client_height()));
    (w > 0 && h > 0).then(|| winit::dpi::PhysicalSize::new(w, h))
}

/// The GPU surface being made (in the browser, asynchronously), and where it lands.
#[derive(Default)]
pub(super) struct PendingScreen(Rc<RefCell<Option<Result<Screen>>>>);

impl PendingScreen {
    /// Starts making the surface on `window`; a redraw is asked for when it is ready.
    pub(super) fn start(
        &self,
        window: Arc<Window>,
        display: winit::event_loop::OwnedDisplayHandle,
        size: (u32, u32),
        scaling: super::Scaling,
        backend: super::Backend,
    ) {
        let slot = self.0.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let screen = Screen::start(window.clone(), display, size, scaling, backend).await;
            *slot.borrow_mut() = Some(screen);
            window.request_redraw();
        });
    }

    /// The surface, or why there is none, once made.
    pub(super) fn take(&self) -> Option<Result<Screen>> {
        self.0.borrow_mut().take()
    }
}

thread_local! {
    /// The first frame shown, RGBA, for the page's tests.
    static FIRST_FRAME: RefCell<Option<(u32, u32, Vec<u8>)>> = const { RefCell::new(None) };
    /// What the page asked the game to do next.
    static REQUEST: RefCell<Option<Request>> = const { RefCell::new(None) };
    /// The game's inputs since its level started, for "Save recording".
    static RECORDING: RefCell<Recording> = const {
        RefCell::new(Recording {
            level: String::new(),
            inputs: Vec::new(),
            rules: tilecaster::game::RULES_VERSION,
            level_hash: None,
            data_hash: None,
            difficulty: Difficulty::Normal,
        })
    };
}

/// Starts recording afresh: `session` from its level's start ([`Recording::of_session`]).
pub(super) fn record_from_start(session: &tilecaster::episode::Session) {
    RECORDING.with(|r| *r.borrow_mut() = Recording::of_session(session));
}

/// One tick's input, recorded.
pub(super) fn recorded(input: Input) {
    RECORDING.with(|r| r.borrow_mut().inputs.push(input));
}

/// The game so far as a recording (`tilecaster-replay` text, as `--record` writes): the
/// page's "Save recording" downloads it, and `tilecaster replay` or `--replay` plays it.
#[wasm_bindgen]
pub fn recording_text() -> String {
    RECORDING.with(|r| r.borrow().to_text())
}

/// What the page can ask of the running game.
pub(super) enum Request {
    /// Play this level (a file handed over, or a bundled one).
    Level(PathBuf),
    /// Play this recording to its end.
    Replay(PathBuf),
}

/// The page's request since the last frame, if any.
pub(super) fn take_request() -> Option<Request> {
    REQUEST.with(|r| r.borrow_mut().take())
}

/// Hands a file to the game (a level, a texture, a recording: what the modder dropped on the
/// page or chose): readable as `<page>/NAME`, whose path is returned.
#[wasm_bindgen]
pub fn provide_file(name: String, bytes: Vec<u8>) -> String {
    tilecaster::files::provide(&name, bytes)
        .display()
        .to_string()
}

/// Plays the level at `path` (from [`provide_file`], or `levels/e1m2.tmx` for a bundled one)
/// from the next frame on; what is wrong with it shows on the page, with file, line and
/// column.
#[wasm_bindgen]
pub fn play_level(path: String) {
    REQUEST.with(|r| *r.borrow_mut() = Some(Request::Level(PathBuf::from(path))));
}

/// Plays the recording at `path` (from [`provide_file`]) from the next frame on. When it ends
/// the canvas gets `data-final`: the line `tilecaster replay` prints for it.
#[wasm_bindgen]
pub fn play_replay(path: String) {
    REQUEST.with(|r| *r.borrow_mut() = Some(Request::Replay(PathBuf::from(path))));
}

/// Tells the page the replay ended: `data-final` on the canvas.
pub(super) fn replay_ended(game: &Game, ticks: usize) {
    let line = format!("final state {:016x} after {ticks} ticks", game.state_hash());
    web_sys::console::log_1(&format!("tilecaster: {line}").into());
    if let Some(canvas) = document().and_then(|d| d.get_element_by_id(CANVAS_ID)) {
        let _ = canvas.set_attribute("data-final", &line);
    }
}

/// Tells the page a frame was shown: the frames so far and the player's place go on the
/// canvas as `data-frames`, `data-x`, `data-y` and `data-angle`; the first frame is kept.
pub(super) fn frame_shown(frames: u64, game: &Game, frame: &tilecaster::frame::Frame) {
    FIRST_FRAME.with(|first| {
        first
            .borrow_mut()
            .get_or_insert_with(|| (frame.width(), frame.height(), frame.rgba().to_vec()));
    });
    let Some(canvas) = document().and_then(|d| d.get_element_by_id(CANVAS_ID)) else {
        return;
    };
    let p = &game.player;
    for (name, value) in [
        ("data-frames", frames.to_string()),
        ("data-x", format!("{:.4}", p.position.x)),
        ("data-y", format!("{:.4}", p.position.y)),
        ("data-angle", format!("{:.3}", p.angle)),
        ("data-hash", format!("{:016x}", game.state_hash())),
        ("data-ticks", game.ticks.to_string()),
    ] {
        let _ = canvas.set_attribute(name, &value);
    }
}

/// The first frame the game showed, RGBA row by row (empty before it): for the page's test,
/// which compares it with `tilecaster render` at the same place.
#[wasm_bindgen]
pub fn first_frame() -> Vec<u8> {
    FIRST_FRAME.with(|first| {
        first
            .borrow()
            .as_ref()
            .map(|(_, _, rgba)| rgba.clone())
            .unwrap_or_default()
    })
}

/// The first frame's width and height (0, 0 before it).
#[wasm_bindgen]
pub fn first_frame_size() -> Vec<u32> {
    FIRST_FRAME.with(|first| {
        first
            .borrow()
            .as_ref()
            .map_or(vec![0, 0], |(w, h, _)| vec![*w, *h])
    })
}
