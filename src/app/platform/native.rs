//! The native window: the settings file in the platform's configuration folder, the high
//! scores and saves beside it, the mouse held by the window system, frames paced by the game.

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

/// Whether the menus offer Quit (a page cannot close itself).
pub(in crate::app) const CAN_QUIT: bool = true;

/// Whether the menus offer network play (always: by address, and in rooms with WebRTC).
pub(in crate::app) const NETWORK_PLAY: bool = true;

/// Whether a game can be hosted on a port and joined at an address.
pub(in crate::app) const ADDRESSES: bool = true;

/// Whether a tap on a menu chooses what it lands on (the window system turns taps into clicks itself).
pub(in crate::app) const TAPS_CHOOSE: bool = false;

/// Whether a hidden window pauses the game (a hidden tab does; a minimised window goes on).
pub(in crate::app) const PAUSE_WHEN_HIDDEN: bool = false;

/// Whether the editor's save is a download (the page's files are its memory): natively it
/// writes the level's file.
pub(in crate::app) const SAVES_DOWNLOAD: bool = false;

/// Offers `bytes` as a file named `name` to download: the page's; natively files are
/// written where they belong instead.
pub(in crate::app) fn download(_name: &str, _bytes: &[u8]) {}

/// Menus are never tapped with a finger here (see [`MenuWorld::finger_row`]).
///
/// [`MenuWorld::finger_row`]: tilecaster::scene::menu::MenuWorld::finger_row
pub(in crate::app) fn finger_row(_frame_height: u32) -> Option<u32> {
    None
}

/// What the glue holds here beside the window: the gamepads, where the feature builds them.
pub(in crate::app) struct Extras {
    #[cfg(feature = "gamepad")]
    pads: Option<super::super::gamepad::Gamepads>,
}

impl Extras {
    /// The gamepads' events since the last call (none without the feature).
    pub(in crate::app) fn pad_events(&mut self) -> Vec<super::super::pad::PadEvent> {
        #[cfg(feature = "gamepad")]
        if let Some(pads) = &mut self.pads {
            return pads.events();
        }
        Vec::new()
    }

    pub(in crate::app) fn new() -> Extras {
        Extras {
            #[cfg(feature = "gamepad")]
            pads: Some(super::super::gamepad::Gamepads::open()),
        }
    }
}

/// The settings file's place on this system: the platform's configuration folder
/// (`~/.config/tilecaster/` on Linux, `~/Library/Application Support/tilecaster/` on macOS,
/// `%APPDATA%\tilecaster\config\` on Windows); `None` where there is no home folder.
pub(in crate::app) fn default_settings_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "tilecaster")
        .map(|dirs| dirs.config_dir().join(settings::FILE_NAME))
}

/// The settings for this run and the file they are kept in: `--settings FILE`, or the
/// platform's place. An old `keys.toml` in the working folder is taken over once. What
/// happened is said on stderr (a damaged file, a take-over).
pub(in crate::app) fn load_settings(
    explicit: Option<&Path>,
) -> (Settings, Option<PathBuf>, Option<String>) {
    let Some(path) = explicit
        .map(Path::to_path_buf)
        .or_else(default_settings_path)
    else {
        let said = "no home folder: the settings are the defaults and are not kept".to_string();
        return (Settings::default(), None, Some(said));
    };
    let (settings, origin) = settings::load_or_default(&path, Some(Path::new("keys.toml")));
    let said = origin.message(&path);
    (settings, Some(path), said)
}

/// Keeps the settings in their file (written safely); without a file, nowhere.
pub(in crate::app) fn store_settings(
    settings: &Settings,
    path: Option<&Path>,
) -> Result<(), String> {
    match path {
        Some(path) => settings.save(path).map_err(|e| e.to_string()),
        None => Ok(()),
    }
}

/// The high-score file beside the settings file.
fn scores_path(settings_path: Option<&Path>) -> Option<PathBuf> {
    let dir = settings_path?.parent()?;
    Some(dir.join(tilecaster::episode::SCORES_FILE))
}

/// The high-score table's text (`None`: none yet) and the name its messages give it; `None`
/// where there is no place for one (no settings file).
pub(in crate::app) fn read_scores(
    settings_path: Option<&Path>,
) -> Option<(Result<Option<String>, String>, PathBuf)> {
    let path = scores_path(settings_path)?;
    if !tilecaster::files::exists(&path) {
        return Some((Ok(None), path));
    }
    let text = tilecaster::files::read_text(&path, tilecaster::files::Limit::SETTINGS)
        .map(Some)
        .map_err(|e| e.to_string());
    Some((text, path))
}

/// Moves a high-score table that cannot be used aside (`scores.toml.damaged`), so that the
/// next high score does not overwrite it; where it went.
pub(in crate::app) fn keep_damaged_scores(path: &Path) -> Option<PathBuf> {
    tilecaster::files::keep_damaged(path)
}

/// Keeps the high-score table's text where [`read_scores`] finds it.
pub(in crate::app) fn store_scores(text: &str, settings_path: Option<&Path>) -> Result<(), String> {
    match scores_path(settings_path) {
        Some(path) => tilecaster::files::write_private(&path, text.as_bytes(), true)
            .map_err(|e| format!("{}: {e}", path.display())),
        None => Ok(()),
    }
}

/// The saves folder where there is no settings file: none.
pub(in crate::app) fn saves_without_settings() -> Option<PathBuf> {
    None
}

/// A save just written to `path`: kept on disk already.
pub(in crate::app) fn keep_save(_path: &Path) -> Result<(), String> {
    Ok(())
}

/// Inputs made final, for the page's "Save recording": natively `--record` keeps its own.
pub(in crate::app) fn recorded(_inputs: &[Input]) {}

/// A save was loaded: the page's recording stops (a recording replays from a level's start).
pub(in crate::app) fn stop_recording() {}

/// A game started from a level's start, for the page's recording: nothing here.
pub(in crate::app) fn record_from_start(_session: &Session) {}

/// An error the game ends with: natively the binary prints it.
pub(in crate::app) fn show_error(_message: &str) {}

/// Takes (or lets go of) the mouse for looking around through the window system: the cursor
/// hidden and held in the window (locked, else confined). Whether it is held.
pub(in crate::app) fn grab(window: Option<&Window>, take: bool) -> bool {
    let Some(w) = window else { return false };
    let mode = if take {
        winit::window::CursorGrabMode::Locked
    } else {
        winit::window::CursorGrabMode::None
    };
    let done = w.set_cursor_grab(mode).or_else(|_| {
        if take {
            w.set_cursor_grab(winit::window::CursorGrabMode::Confined)
        } else {
            Ok(())
        }
    });
    let held = take && done.is_ok();
    w.set_cursor_visible(!held);
    held
}

/// A key's label without Shift and the like.
pub(in crate::app) fn label(event: &KeyEvent) -> Key {
    use winit::platform::modifier_supplement::KeyEventExtModifierSupplement;
    event.key_without_modifiers()
}

/// The window: twice the frame's size, and no smaller than it.
pub(in crate::app) fn window_attributes(
    attributes: WindowAttributes,
    (w, h): (u32, u32),
) -> WindowAttributes {
    attributes
        .with_inner_size(winit::dpi::LogicalSize::new(w * 2, h * 2))
        .with_min_inner_size(winit::dpi::LogicalSize::new(w, h))
}

/// Makes the window's GPU surface.
pub(in crate::app) fn start_screen(
    window: Arc<Window>,
    display: OwnedDisplayHandle,
    size: (u32, u32),
    scaling: super::super::Scaling,
    backend: Backend,
    _extras: &mut Extras,
) -> Result<Screen> {
    Screen::new(window, display, size, scaling, backend)
}

/// The window fullscreen (borderless, on its screen), or back.
pub(in crate::app) fn fullscreen(window: &Window, on: bool) {
    let full = on.then_some(winit::window::Fullscreen::Borderless(None));
    if window.fullscreen().is_some() != full.is_some() {
        window.set_fullscreen(full);
    }
}

/// Whether the game waits for the player before its first tick: never natively.
pub(in crate::app) fn holds_the_game() -> bool {
    false
}

/// Paced by the game: a redraw every 1/FRAME_RATE seconds, waiting in between.
pub(in crate::app) fn pace(
    event_loop: &ActiveEventLoop,
    window: Option<&Window>,
    clock: &mut Clock,
) {
    let (due, next) = clock.frame_due();
    if due {
        if let Some(w) = window {
            w.request_redraw();
        }
    }
    event_loop.set_control_flow(ControlFlow::WaitUntil(next));
}

/// A lobby met by address (hosting on a port, or joining a host's), as `net` says, for the
/// game of `level`.
pub(in crate::app) fn open_lobby(
    net: &NetOptions,
    level: &Path,
    difficulty: Difficulty,
) -> Result<Waiting> {
    Waiting::open(net, level, difficulty)
}

/// The signalling server a room is met through: the settings' (`[network] signal`).
#[cfg(feature = "webrtc")]
pub(in crate::app) fn signalling_server(settings: &Settings) -> String {
    settings.network.signal.clone()
}
