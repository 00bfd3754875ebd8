//! The game in a browser page (wasm32): the entry point, the page's canvas, and what the page
//! and its tests read back (frames shown, where the player stands, the first frame's pixels).
//! Everything below is the native game's code: the session, the renderer and the window
//! (winit on the page's canvas); the frame goes on the canvas through its 2D context
//! (`app::screen::canvas`).

use std::cell::RefCell;
use std::path::PathBuf;

use anyhow::Result;
use wasm_bindgen::prelude::*;
use winit::window::WindowAttributes;

mod bench;
pub(super) mod edit;
mod storage;

use super::pad::{PadAxis, PadButton, PadEvent};
use super::{PlayOptions, Scaling};
pub(super) use storage::{
    keep_damaged_settings, keep_save, store_scores, store_settings, stored_scores, stored_settings,
};
use tilecaster::episode::Recording;
use tilecaster::game::{Game, Input};
use tilecaster::level::Difficulty;

/// The page's canvas: `<canvas id="tilecaster">`.
const CANVAS_ID: &str = "tilecaster";

/// What runs when the module loads (wasm-bindgen calls `main` then): panics go to the
/// console. The page then hands over the bundled files where the build does not embed them
/// ([`provide_data`]) and starts the game ([`run_game`]).
pub fn main() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("tilecaster: {info}").into());
    }));
}

/// Hands the bundled levels and textures to the game (web/dist/data.bin, which the page
/// fetches beside the wasm when the build does not embed them: the `web-data` feature).
/// Returns the number of files; what is wrong with the pack is thrown.
#[wasm_bindgen]
pub fn provide_data(pack: Vec<u8>) -> Result<usize, JsError> {
    tilecaster::files::provide_bundle(pack).map_err(|e| JsError::new(&e.to_string()))
}

/// The renderer's vector loops (WebAssembly SIMD) checked against their baseline over
/// `cases` random runs ([`tilecaster::render::check_vector_loops`]): their name when they draw
/// the same pixels; the first difference is thrown.
#[wasm_bindgen]
pub fn check_vector_loops(cases: usize) -> Result<Option<String>, JsError> {
    tilecaster::render::check_vector_loops(cases)
        .map(|name| name.map(str::to_string))
        .map_err(|e| JsError::new(&e))
}

/// Whether the build embeds the bundled files (else the page hands them over with
/// [`provide_data`] before [`run_game`]).
#[wasm_bindgen]
pub fn embeds_data() -> bool {
    cfg!(not(feature = "web-data"))
}

/// Starts the game on the page's canvas: reads the page's query
/// (`?level=e1m2&size=640x400&nohud`), and shows an error on the page (`#error`) when it
/// cannot.
#[wasm_bindgen]
pub fn run_game() {
    let query = Query::from_page();
    storage::restore_saves();
    let mut level = tilecaster::files::default_path(&format!("levels/{}", query.level));
    let odd_name = query.asked.as_deref().is_some_and(|a| !is_plain_name(a));
    if odd_name || !tilecaster::files::is_file(&level) {
        show_error(&format!(
            "?level={}: no such level; the bundled ones are {} (playing {} instead)",
            query.asked.as_deref().unwrap_or(&query.level),
            bundled_levels().join(", "),
            DEFAULT_LEVEL
        ));
        level = tilecaster::files::default_path(&format!("levels/{DEFAULT_LEVEL}"));
    }
    let options = PlayOptions {
        level,
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
        demo: query.demo,
        settings: None,
        difficulty: Difficulty::Normal,
        minimap_corner: None,
        minimap_size: None,
        mipmaps: None,
        backend: super::Backend::Gl,
        // The page is the front door: it starts the level; Escape gives the pause menu.
        menu: false,
        net: None,
        room: None,
        edit: query.edit.as_ref().map(edit::edited_path),
    };
    let level = options.level.clone();
    if let Err(e) = super::play_in_page(options) {
        show_error(&format!("{e:#}"));
    }
    // A game in a room, or a lobby in one as the Multiplayer page opens it: met once the
    // player starts the page ([`take_request`]), so that no game runs behind its cover.
    let request = match query.room() {
        Some(room) => Some(Request::QuickRoom(room)),
        None if query.host.is_some() || query.join.is_some() => Some(Request::Room {
            code: query.join.clone(),
            host: query.host.map(|deathmatch| (level, deathmatch)),
            demo: query.demo,
            watch: query.watch,
        }),
        None => None,
    };
    REQUEST.with(|r| *r.borrow_mut() = request);
}

/// The level the page plays when its address names none.
const DEFAULT_LEVEL: &str = "e1m1.toml";

/// The bundled levels' names, as `?level=` takes them (`e1m1`, `e1m2.tmx`...).
fn bundled_levels() -> Vec<String> {
    let folder = tilecaster::files::default_path("levels");
    let mut names: Vec<String> = tilecaster::files::list_folder(&folder)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| p.file_name()?.to_str().map(str::to_string))
        .filter_map(|n| match n.strip_suffix(".toml") {
            Some(stem) => Some(stem.to_string()),
            None => (n.ends_with(".tmx") || n.ends_with(".tmj")).then_some(n),
        })
        .collect();
    names.sort();
    names
}

/// The file of bundled level `name` (`e1m2`, `e1m2.tmx`): the episode has TOML levels and a
/// Tiled map, and a name without an extension is whichever is there.
fn bundled_file(name: String) -> String {
    if name.contains('.') {
        return name;
    }
    let tmx = format!("{name}.tmx");
    let bundled = tilecaster::files::default_path(&format!("levels/{tmx}"));
    if tilecaster::files::exists(&bundled) {
        tmx
    } else {
        format!("{name}.toml")
    }
}

/// What the page's address asks for.
struct Query {
    /// A level of the bundled episode, by file name.
    level: String,
    /// `?level=` as written, when it names one.
    asked: Option<String>,
    size: (u32, u32),
    no_hud: bool,
    /// `?room=NAME`: play with others met in that room of a signalling server.
    room: Option<String>,
    /// `?players=N` (2 to 8; 2 when not said).
    players: usize,
    /// `?mode=deathmatch` (else co-op).
    deathmatch: bool,
    /// `?demo`: the autopilot plays.
    demo: bool,
    /// `?host=coop|deathmatch`: host a lobby in a new room.
    host: Option<bool>,
    /// `?join=CODE`: join the lobby in that room (`?watch=CODE`: watch its game).
    join: Option<String>,
    /// `?watch=CODE`: watch the game of the lobby in that room, as a spectator.
    watch: bool,
    /// `?edit`: the level editor on a new level (`Ok(None)`), `?edit=e1m2` on a bundled one;
    /// `Err` with a name that is not a plain file name.
    edit: Option<Result<Option<String>, String>>,
}

impl Query {
    fn from_page() -> Query {
        let mut query = Query {
            level: DEFAULT_LEVEL.into(),
            asked: None,
            size: (640, 400),
            no_hud: false,
            room: None,
            players: 2,
            deathmatch: false,
            demo: false,
            host: None,
            join: None,
            watch: false,
            edit: None,
        };
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
            return query;
        };
        query.asked = params.get("level");
        if let Some(level) = params.get("level").filter(|l| is_plain_name(l)) {
            query.level = bundled_file(level);
        }
        query.edit = params.get("edit").map(|name| match name.as_str() {
            "" => Ok(None),
            plain if is_plain_name(plain) => Ok(Some(bundled_file(name))),
            _ => Err(name),
        });
        if let Some((w, h)) = params.get("size").and_then(|s| parse_size(&s)) {
            query.size = (w, h);
        }
        query.no_hud = params.has("nohud");
        query.room = params.get("room").filter(|r| !r.is_empty());
        if let Some(n) = params.get("players").and_then(|n| n.parse().ok()) {
            query.players = n;
        }
        query.deathmatch = params.get("mode").as_deref() == Some("deathmatch");
        query.demo = params.has("demo");
        query.host = params.get("host").map(|mode| mode == "deathmatch");
        query.join = params.get("join").filter(|code| !code.is_empty());
        if let Some(code) = params.get("watch").filter(|code| !code.is_empty()) {
            query.join = Some(code);
            query.watch = true;
        }
        query
    }

    /// The room the page's address asks to play in, if any (an error shown on the page for
    /// what cannot be played: too many or too few players).
    fn room(&self) -> Option<super::RoomOptions> {
        let name = self.room.as_ref()?;
        if cfg!(not(feature = "webrtc")) {
            show_error("?room=: this build of the page has no network play (the webrtc feature)");
            return None;
        }
        let most = tilecaster::game::most_seats(self.deathmatch);
        if !(2..=most).contains(&self.players) {
            show_error(&format!(
                "?players={}: a {} is for 2 to {most} players",
                self.players,
                if self.deathmatch {
                    "deathmatch"
                } else {
                    "co-op game"
                }
            ));
            return None;
        }
        let server = signalling_server();
        Some(super::RoomOptions {
            url: super::room_url(&server, name, self.players),
            players: self.players,
            seed: super::room_seed(name),
            key: super::room_key(name),
            // (Every machine in the room must play the same rules: the defaults.)
            deathmatch: self.deathmatch.then(tilecaster::game::MatchRules::default),
        })
    }
}

/// The signalling server the page's rooms are on: `?signal=ws://HOST:PORT`, else the page's
/// own host on port 3536 (where `tilecaster serve-signalling` listens by default).
pub(super) fn signalling_server() -> String {
    let asked = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|search| web_sys::UrlSearchParams::new_with_str(&search).ok())
        .and_then(|params| params.get("signal"))
        .filter(|s| s.starts_with("ws://") || s.starts_with("wss://"));
    asked.unwrap_or_else(|| {
        let host = web_sys::window()
            .and_then(|w| w.location().hostname().ok())
            .unwrap_or_else(|| "localhost".into());
        format!("ws://{host}:3536")
    })
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

/// The whole page fullscreen, or back (where the browser allows it: a page may go
/// fullscreen only from a click or a key).
pub(super) fn fullscreen(on: bool) {
    let Some(d) = document() else { return };
    let full = d.fullscreen_element().is_some();
    if on && !full {
        if let Some(root) = d.document_element() {
            let _ = root.request_fullscreen();
        }
    } else if !on && full {
        d.exit_fullscreen();
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

thread_local! {
    /// The touch controls' events since the last frame, as a gamepad's, and the turn area's
    /// drag (CSS pixels across).
    static TOUCH: RefCell<(Vec<PadEvent>, f64)> = const { RefCell::new((Vec::new(), 0.0)) };
    /// The height in CSS pixels the frame is shown at while a finger plays (0 while a mouse
    /// does): menus' lines are then made tall enough to tap.
    static FINGER_FRAME: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    /// Whether the player started the game (the page's "Click to play"): until then frames
    /// are drawn but no tick runs.
    static STARTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
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
            seats: 1,
            seed: None,
            deathmatch: None,
        })
    };
    /// Whether the page's recording stopped (a save was loaded).
    static RECORDING_STOPPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The level shown (its path and generation), and the names of the files handed to the
    /// page that it is played from ([`level_files`]).
    static LEVEL_FILES: RefCell<(PathBuf, u64, Vec<String>)> =
        RefCell::new((PathBuf::new(), u64::MAX, Vec::new()));
}

/// Notes the files handed to the page that `session`'s level is played from (the game's, or
/// the editor's view of the level being edited; none: an edited level that never loaded),
/// when the level is another than the last one noted (or was read again).
pub(super) fn level_shown(session: Option<&tilecaster::episode::Session>) {
    LEVEL_FILES.with(|noted| {
        let mut noted = noted.borrow_mut();
        let Some(session) = session else {
            *noted = (PathBuf::new(), u64::MAX, Vec::new());
            return;
        };
        let (path, generation) = (session.path(), session.generation());
        if noted.0 == path && noted.1 == generation {
            return;
        }
        let names = session
            .current()
            .files_used(path)
            .iter()
            .filter_map(|f| tilecaster::files::provided_name(f))
            .collect();
        *noted = (path.to_path_buf(), generation, names);
    });
}

/// The names of the files handed to the page ([`provide_file`]) that the level playing is
/// played from: the level's file first, then its tilesets, masks and textures (its dark
/// sides included). What "Share level" packs: a picture the level never names is not sent.
#[wasm_bindgen]
pub fn level_files() -> Vec<String> {
    LEVEL_FILES.with(|noted| noted.borrow().2.clone())
}

/// The player started the game (the page's "Click to play", or a file opened): ticks run
/// from the next frame on.
#[wasm_bindgen]
pub fn start_game() {
    STARTED.with(|s| s.set(true));
}

/// A touch control's button went down or up: `fire`, `use`, `weapon` (the next one), `map`,
/// `menu` (pause), `back` (a menu's) or `run`, which the game takes as a gamepad's (right
/// trigger, A, Y, Select, Start, B, left trigger). Other names do nothing.
#[wasm_bindgen]
pub fn touch_button(name: &str, down: bool) {
    let button = match name {
        "fire" => PadButton::RightTrigger,
        "use" => PadButton::South,
        "weapon" => PadButton::North,
        "map" => PadButton::Select,
        "menu" => PadButton::Start,
        "back" => PadButton::East,
        "run" => PadButton::LeftTrigger,
        _ => return,
    };
    let event = if down {
        PadEvent::Pressed(button)
    } else {
        PadEvent::Released(button)
    };
    TOUCH.with(|t| t.borrow_mut().0.push(event));
}

/// The page plays by touch and shows the frame `frame_css_height` CSS pixels tall (0: it plays
/// with a mouse): the menus' lines are made at least a finger's width tall, and their help
/// names no keys.
#[wasm_bindgen]
pub fn touch_menu(frame_css_height: f64) {
    let height = if frame_css_height.is_finite() && frame_css_height >= 1.0 {
        frame_css_height
    } else {
        0.0
    };
    FINGER_FRAME.with(|f| f.set(height));
}

/// The height the frame is shown at while a finger plays ([`touch_menu`]).
pub(super) fn finger_frame_height() -> Option<f64> {
    Some(FINGER_FRAME.with(std::cell::Cell::get)).filter(|&h| h > 0.0)
}

/// The touch controls' move stick: `x` right and `y` down, each -1 to 1 (0, 0 let go), which
/// the game takes as a gamepad's left stick.
#[wasm_bindgen]
pub fn touch_stick(x: f32, y: f32) {
    let (x, y) = (x.clamp(-1.0, 1.0), y.clamp(-1.0, 1.0));
    if x.is_finite() && y.is_finite() {
        TOUCH.with(|t| {
            let events = &mut t.borrow_mut().0;
            events.push(PadEvent::Moved(PadAxis::LeftX, x));
            events.push(PadEvent::Moved(PadAxis::LeftY, -y));
        });
    }
}

/// The touch controls' turn area dragged `dx` CSS pixels across (right positive), which the
/// game takes as mouse motion.
#[wasm_bindgen]
pub fn touch_turn(dx: f64) {
    if dx.is_finite() {
        TOUCH.with(|t| t.borrow_mut().1 += dx);
    }
}

/// The touch controls' events and drag since the last call.
pub(super) fn take_touch() -> (Vec<PadEvent>, f64) {
    TOUCH.with(|t| std::mem::take(&mut *t.borrow_mut()))
}

/// Whether the player started the game ([`start_game`]).
pub(super) fn started() -> bool {
    STARTED.with(std::cell::Cell::get)
}

/// Starts recording afresh: `session` from its level's start ([`Recording::of_session`]).
pub(super) fn record_from_start(session: &tilecaster::episode::Session) {
    RECORDING.with(|r| *r.borrow_mut() = Recording::of_session(session));
    RECORDING_STOPPED.with(|s| s.set(false));
}

/// The page's recording stops here (a save was loaded: a recording replays from a level's
/// start).
pub(super) fn stop_recording() {
    RECORDING_STOPPED.with(|s| s.set(true));
}

/// Inputs made final, recorded (unless the recording stopped).
pub(super) fn recorded(inputs: &[Input]) {
    if !RECORDING_STOPPED.with(std::cell::Cell::get) {
        RECORDING.with(|r| r.borrow_mut().inputs.extend_from_slice(inputs));
    }
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
    /// Save the level in the editor ([`edit::save_edited`]).
    SaveEdited,
    /// The editor does what this key does (with Ctrl held, or not): the page's editor bar
    /// ([`edit::edit_tool`]).
    EditKey {
        key: tilecaster::bindings::Key,
        ctrl: bool,
    },
    /// Host a lobby in a new room of the signalling server (`?host=coop` or
    /// `?host=deathmatch&level=e1m3`), or join the one in room `code` (`?join=CODE`), or
    /// `watch` its game (`?watch=CODE`); with `?demo` the autopilot plays (and a host starts
    /// as soon as someone is in).
    Room {
        code: Option<String>,
        host: Option<(PathBuf, bool)>,
        demo: bool,
        watch: bool,
    },
    /// Play in the room the page's address names (`?room=NAME&players=N`).
    #[cfg_attr(not(feature = "webrtc"), allow(dead_code))]
    QuickRoom(super::RoomOptions),
}

/// The page's request since the last frame, if any: a room's only once the player started
/// the page (a networked game cannot wait, and the others would play on while this player
/// has not yet come; the room is not even full until then).
pub(super) fn take_request() -> Option<Request> {
    REQUEST.with(|r| {
        let mut request = r.borrow_mut();
        let room = matches!(*request, Some(Request::Room { .. } | Request::QuickRoom(_)));
        if room && !started() {
            return None;
        }
        request.take()
    })
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
/// canvas as `data-frames`, `data-x`, `data-y`, `data-angle`, `data-hash`, `data-ticks` and
/// `data-level` (the level file's path: `<built-in>/levels/e1m1.toml`, `<page>/mine.toml`),
/// `data-menu` (1 while a menu shows), `data-map` (1 while the map shows), `data-weapon`
/// (the weapon in hand's number) and `data-frame-ms` (the median frame's work, as F3 shows
/// it); the first frame is kept.
pub(super) fn frame_shown(
    frames: u64,
    game: &Game,
    level: &std::path::Path,
    (in_menu, map): (bool, bool),
    frame: &tilecaster::frame::Frame,
    work: std::time::Duration,
) {
    FIRST_FRAME.with(|first| {
        first
            .borrow_mut()
            .get_or_insert_with(|| (frame.width(), frame.height(), frame.rgba().to_vec()));
    });
    let Some(canvas) = document().and_then(|d| d.get_element_by_id(CANVAS_ID)) else {
        return;
    };
    let p = &game.seat().player;
    for (name, value) in [
        ("data-frames", frames.to_string()),
        ("data-x", format!("{:.4}", p.position.x)),
        ("data-y", format!("{:.4}", p.position.y)),
        ("data-angle", format!("{:.3}", p.angle)),
        ("data-hash", format!("{:016x}", game.state_hash())),
        ("data-ticks", game.ticks.to_string()),
        ("data-level", level.display().to_string()),
        ("data-menu", u8::from(in_menu).to_string()),
        ("data-map", u8::from(map).to_string()),
        ("data-weapon", game.seat().weapon.number().to_string()),
        (
            "data-frame-ms",
            format!("{:.3}", work.as_secs_f64() * 1000.0),
        ),
    ] {
        let _ = canvas.set_attribute(name, &value);
    }
}

/// Tells the page how its networked (or watched) game goes, on the canvas: `data-net` (the
/// network line F3 shows), `data-net-seat` (the seat played here; a spectator's: none), and
/// `data-net-check`: `TICK:HASH`, the state hash after the last whole second of ticks every
/// machine has played alike (the tests compare the pages', a spectator's with the players'),
/// and `data-chat`: the lines of chat on screen, joined by ` / `.
pub(super) fn network_shown(run: &dyn tilecaster::play::Runner) {
    let Some(line) = run.network_line() else {
        return;
    };
    let Some(canvas) = document().and_then(|d| d.get_element_by_id(CANVAS_ID)) else {
        return;
    };
    let check = run
        .checked_second()
        .map_or_else(String::new, |(tick, hash)| format!("{tick}:{hash:016x}"));
    let seat = run
        .network()
        .map_or_else(String::new, |net| net.seat().to_string());
    let chat: Vec<&str> = run.session().chat_lines().collect();
    for (name, value) in [
        ("data-net", line),
        ("data-net-seat", seat),
        ("data-net-check", check),
        ("data-chat", chat.join(" / ")),
    ] {
        let _ = canvas.set_attribute(name, &value);
    }
}

/// Tells the page what the lobby's panel says (`data-lobby`, its lines joined by ` / `;
/// empty without a lobby).
pub(super) fn lobby_shown(lines: &[String]) {
    if let Some(canvas) = document().and_then(|d| d.get_element_by_id(CANVAS_ID)) {
        let _ = canvas.set_attribute("data-lobby", &lines.join(" / "));
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
