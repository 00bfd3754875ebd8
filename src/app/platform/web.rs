//! The browser page: settings, scores and saves in the page's localStorage, the mouse held by
//! the page's pointer lock, the frame drawn on the page's canvas, frames paced by the page's
//! animation frames (the page told of each frame: `super::super::hooks`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use tilecaster::episode::Session;
use tilecaster::game::Input;
use tilecaster::level::Difficulty;
use tilecaster::settings::{self, Settings};
use winit::event::KeyEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, OwnedDisplayHandle};
use winit::keyboard::Key;
use winit::window::{Window, WindowAttributes};

use super::super::NetOptions;
use super::super::clock::Clock;
use super::super::lobby::Waiting;
use super::super::screen::{Backend, Screen};
use super::super::web as page;

/// Whether the menus offer Quit (a page cannot close itself).
pub(in crate::app) const CAN_QUIT: bool = false;

/// Whether the menus offer network play: in rooms, where the page is built with WebRTC.
pub(in crate::app) const NETWORK_PLAY: bool = cfg!(feature = "webrtc");

/// Whether a game can be hosted on a port and joined at an address (not from a page).
pub(in crate::app) const ADDRESSES: bool = false;

/// Whether a tap on a menu chooses what it lands on (a tap on the canvas is a touch, not a click: taps choose in menus).
pub(in crate::app) const TAPS_CHOOSE: bool = true;

/// Whether a hidden window pauses the game (a hidden tab does).
pub(in crate::app) const PAUSE_WHEN_HIDDEN: bool = true;

/// Whether the editor's save is a download (the page's files are its memory): it is.
pub(in crate::app) const SAVES_DOWNLOAD: bool = true;

/// Offers `bytes` as a file named `name` to download (the browser asks where, or puts it
/// with its downloads).
pub(in crate::app) fn download(name: &str, bytes: &[u8]) {
    page::edit::download(name, bytes);
}

/// How tall a menu's line is at least on a touch screen, in CSS pixels (a finger's width).
const FINGER_CSS_PX: f64 = 32.0;

/// The least height of a menu's line in frame pixels while a finger plays (the page says the
/// height the frame is shown at, [`page::touch_menu`]): [`FINGER_CSS_PX`] on the screen.
pub(in crate::app) fn finger_row(frame_height: u32) -> Option<u32> {
    let shown = page::finger_frame_height()?;
    Some((FINGER_CSS_PX * f64::from(frame_height) / shown).ceil() as u32)
}

/// What the glue holds here beside the window: nothing (the screen is made with the window).
#[derive(Default)]
pub(in crate::app) struct Extras;

impl Extras {
    pub(in crate::app) fn new() -> Extras {
        Extras
    }
}

/// The settings the page keeps in its localStorage (the browser has no configuration
/// folder); a damaged entry gives the defaults and is kept under another key.
pub(in crate::app) fn load_settings(
    _: Option<&Path>,
) -> (Settings, Option<PathBuf>, Option<String>) {
    let Some(text) = page::stored_settings() else {
        return (Settings::default(), None, None);
    };
    match settings::parse(&text, Path::new("localStorage")) {
        Ok(s) => (s, None, None),
        Err(e) => {
            page::keep_damaged_settings(&text);
            let said = format!(
                "{e}\nthe stored settings cannot be used: playing with the defaults (the damaged text is kept as tilecaster.settings.damaged)"
            );
            (Settings::default(), None, Some(said))
        }
    }
}

/// Keeps the settings in the page's localStorage.
pub(in crate::app) fn store_settings(
    settings: &Settings,
    _path: Option<&Path>,
) -> Result<(), String> {
    page::store_settings(&settings.to_toml())
}

/// The high-score table's text in the page's localStorage (`None`: none yet).
pub(in crate::app) fn read_scores(
    _settings_path: Option<&Path>,
) -> Option<(Result<Option<String>, String>, PathBuf)> {
    Some((Ok(page::stored_scores()), PathBuf::from("localStorage")))
}

/// A damaged table in localStorage: left where it is (there is no file to move aside).
pub(in crate::app) fn keep_damaged_scores(_path: &Path) -> Option<PathBuf> {
    None
}

/// Keeps the high-score table's text in the page's localStorage.
pub(in crate::app) fn store_scores(
    text: &str,
    _settings_path: Option<&Path>,
) -> Result<(), String> {
    page::store_scores(text)
}

/// The saves folder without a settings file: the page's files (`<page>`), which the page
/// keeps in its localStorage ([`keep_save`]).
pub(in crate::app) fn saves_without_settings() -> Option<PathBuf> {
    Some(PathBuf::from(tilecaster::files::PROVIDED))
}

/// A save just written to `path` (among the page's files): kept in localStorage too, for the
/// next visit.
pub(in crate::app) fn keep_save(path: &Path) -> Result<(), String> {
    page::keep_save(path)
}

/// Inputs made final, kept for the page's "Save recording".
pub(in crate::app) fn recorded(inputs: &[Input]) {
    page::recorded(inputs);
}

/// A save was loaded: the page's recording stops (a recording replays from a level's start).
pub(in crate::app) fn stop_recording() {
    page::stop_recording();
}

/// A game started from a level's start: the page's recording starts afresh.
pub(in crate::app) fn record_from_start(session: &Session) {
    page::record_from_start(session);
}

/// An error the game ends with: nobody reads the exit in the browser, the page shows it.
pub(in crate::app) fn show_error(message: &str) {
    page::show_error(message);
}

/// Asks the page for its pointer lock (not winit's cursor grab, which borrows the canvas again
/// when called inside one of winit's own page callbacks, as the hidden-tab pause and focus
/// loss are). Not held until the page grants it (the controller follows the lock).
pub(in crate::app) fn grab(_window: Option<&Window>, take: bool) -> bool {
    page::pointer_lock(take);
    false
}

/// A key's label as the page gives it.
pub(in crate::app) fn label(event: &KeyEvent) -> Key {
    event.logical_key.clone()
}

/// The window: the page's canvas, at the size the page gives it.
pub(in crate::app) fn window_attributes(
    attributes: WindowAttributes,
    _size: (u32, u32),
) -> WindowAttributes {
    page::attributes(attributes)
}

/// The window's screen: the page's canvas, drawn on with its 2D context (no GPU surface: the
/// `backend` is the native window's choice).
pub(in crate::app) fn start_screen(
    window: Arc<Window>,
    _display: OwnedDisplayHandle,
    size: (u32, u32),
    scaling: super::super::Scaling,
    _backend: Backend,
    _extras: &mut Extras,
) -> Result<Screen> {
    Screen::new(window, size, scaling)
}

/// The whole page fullscreen (not the canvas alone, so that the page's bar and touch
/// controls stay within reach), or back.
pub(in crate::app) fn fullscreen(_window: &Window, on: bool) {
    page::fullscreen(on);
}

/// Whether the game waits for the player before its first tick: in the page until "Click to
/// play" (frames are drawn meanwhile).
pub(in crate::app) fn holds_the_game() -> bool {
    !page::started()
}

/// Paced by the page: a redraw at every animation frame it offers.
pub(in crate::app) fn pace(
    event_loop: &ActiveEventLoop,
    window: Option<&Window>,
    _clock: &mut Clock,
) {
    if let Some(w) = window {
        w.request_redraw();
    }
    event_loop.set_control_flow(ControlFlow::Wait);
}

/// The signalling server the page's rooms are on (`?signal=`, else the page's host).
#[cfg(feature = "webrtc")]
pub(in crate::app) fn signalling_server(_: &Settings) -> String {
    page::signalling_server()
}

/// A lobby met by address: a page cannot open one (it meets others in rooms, by code).
pub(in crate::app) fn open_lobby(
    _net: &NetOptions,
    _level: &Path,
    _difficulty: Difficulty,
) -> Result<Waiting> {
    anyhow::bail!("THE PAGE JOINS GAMES BY ROOM CODE")
}
