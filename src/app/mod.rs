//! The window: winit + wgpu, natively and in the browser page (`web`). The only code that sees
//! either; everything it shows comes from the library (the game, the scene layer and the
//! renderer), and everything it reads becomes game [`Input`] (through the
//! [`input::InputLatch`]) or a UI action ([`ui`]'s key tables).

mod clock;
mod front;
#[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
mod gamepad;
// The sound device: ALSA natively; the page's Web Audio in the browser.
#[cfg_attr(target_arch = "wasm32", path = "device_web.rs")]
mod device;
mod input;
mod keymap;
// The pad's mapping is always built (and tested); the `gamepad` feature feeds it.
#[cfg_attr(not(feature = "gamepad"), allow(dead_code))]
mod pad;
mod screen;
mod sound;
#[cfg(target_arch = "wasm32")]
pub(crate) mod web;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use anyhow::{Context, Result, anyhow};
use tilecaster::bindings::{Action, Key};
use tilecaster::episode::{Recording, Session};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::game::{Autopilot, Input};
use tilecaster::level::Difficulty;
use tilecaster::scene::SessionAssets;
use tilecaster::scene::hud;
use tilecaster::scene::menu::{EPISODE, Menu, MenuCommand, MenuInput, MenuWorld, SaveSlot};
use tilecaster::scene::topdown::{Corner, Minimap};
use tilecaster::settings::Settings;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

use clock::Clock;
use front::Overrides;
use input::InputLatch;
use keymap::KeyLabels;
pub use screen::Backend;
use sound::GameSound;
use tilecaster::scene::{Composer, MenuShown, Overlays};

/// How the game is started: the options of `tilecaster [play]`, as the command line parsed
/// them.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// The level to start with (.toml or .tmx).
    pub level: PathBuf,
    /// The `--textures` and `--data` folders over the level's own assets and the defaults.
    pub sources: tilecaster::assets::Sources,
    /// Internal resolution at resolution scale 1 (the window scales it).
    pub size: (u32, u32),
    /// Horizontal field of view, degrees, over the settings' for this run.
    pub fov: Option<f64>,
    /// How the frame fills the window.
    pub scaling: Scaling,
    /// End after this many frames (for tests driving the real binary).
    pub frames: Option<u64>,
    /// Save the last frame as a PNG when the game ends (never overwrites a file).
    pub screenshot: Option<PathBuf>,
    /// Draw no status bar, crosshair or messages.
    pub no_hud: bool,
    /// Record every tick's input to this file when the game ends (never overwrites a file).
    pub record: Option<PathBuf>,
    /// Play a recording (on the level it names) instead of the keyboard.
    pub replay: Option<PathBuf>,
    /// Start from this saved game instead of the level's start.
    pub load: Option<PathBuf>,
    /// Start with the sound off (the mute key turns it on and off).
    pub mute: bool,
    /// Mix every sound of the game into this WAV file when it ends (never overwrites).
    pub audio_out: Option<PathBuf>,
    /// Demo mode: the autopilot plays.
    pub demo: bool,
    /// The settings file; `None`: the platform's place (see [`front::default_settings_path`]).
    pub settings: Option<PathBuf>,
    /// How hard the game is.
    pub difficulty: Difficulty,
    /// The minimap's corner, over the settings' for this run.
    pub minimap_corner: Option<Corner>,
    /// The minimap's size (a fraction of the frame's height), over the settings'.
    pub minimap_size: Option<f64>,
    /// Whether far walls, floors and ceilings are drawn from mipmaps, over the settings'.
    pub mipmaps: Option<bool>,
    /// Which graphics API draws the window.
    pub backend: Backend,
    /// Start at the main menu (else straight into the level).
    pub menu: bool,
}

/// How the frame is scaled into the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scaling {
    /// Integer multiples only: every frame pixel the same size.
    PixelPerfect,
    /// As large as the window allows, keeping the aspect ratio.
    Fill,
}

/// Where the settings file is kept when `--settings` does not say, and the saves beside it
/// (for `--help`).
#[cfg(not(target_arch = "wasm32"))]
pub fn settings_place() -> String {
    match front::default_settings_path() {
        Some(path) => format!(
            "{} (saves in {})",
            path.display(),
            front::saves_dir(Some(&path)).unwrap_or_default().display()
        ),
        None => "none here (no home folder): the defaults, not kept".into(),
    }
}

/// Opens the window and plays until it is closed.
#[cfg(not(target_arch = "wasm32"))]
pub fn play(options: PlayOptions) -> Result<()> {
    let (event_loop, mut app) = start(&options)?;
    event_loop
        .run_app(&mut app)
        .context("the window's event loop failed")?;
    finish(&options, app)
}

/// Plays in the browser page: the event loop runs in the page's own (this returns at once).
#[cfg(target_arch = "wasm32")]
pub fn play_in_page(options: PlayOptions) -> Result<()> {
    use winit::platform::web::EventLoopExtWebSys;
    let (event_loop, app) = start(&options)?;
    event_loop.spawn_app(app);
    Ok(())
}

/// The session, the window's event loop and the app, ready to run.
fn start(options: &PlayOptions) -> Result<(EventLoop<()>, App)> {
    // Refused before playing, not after: a game's worth of input is not lost at the end.
    let outputs = [
        (&options.record, "recordings"),
        (&options.audio_out, "sound files"),
        (&options.screenshot, "screenshots"),
    ];
    for (i, (path, what)) in outputs.iter().enumerate() {
        let Some(path) = path else { continue };
        if path.symlink_metadata().is_ok() {
            anyhow::bail!("{} exists: {what} never overwrite a file", path.display());
        }
        files::check_writable(path, false)?;
        if outputs[i + 1..]
            .iter()
            .any(|(other, _)| other.as_ref() == Some(path))
        {
            anyhow::bail!(
                "{} is named for two outputs: give each its own file",
                path.display()
            );
        }
    }
    let replay = match &options.replay {
        Some(path) => Some(Recording::read_for_replay(path)?),
        None => None,
    };
    let session = match (&options.load, &replay, &options.replay) {
        (Some(save), _, _) => Session::load(save, &options.sources)?,
        (None, Some(recording), Some(path)) => recording
            .start_session(&options.sources)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?,
        _ => Session::start_on(&options.level, &options.sources, options.difficulty)?,
    };
    let (settings, settings_path, said) = front::load_settings(options.settings.as_deref());
    if let Some(said) = &said {
        eprintln!("{said}");
    }
    let overrides = Overrides {
        fov: options.fov,
        mute: options.mute,
        mipmaps: options.mipmaps,
        minimap_corner: options.minimap_corner,
        minimap_size: options.minimap_size,
    };
    let effective = overrides.apply(&settings);
    let recording = options
        .record
        .as_ref()
        .map(|_| Recording::of_session(&session));
    let event_loop = EventLoop::new().map_err(|e| {
        anyhow!(
            "cannot open a window ({}): no display? Without one, `tilecaster render` draws frames to PNG files \
             (and `tilecaster bench` measures them)",
            in_users_terms(&e.to_string())
        )
    })?;
    let size = front::scaled_size(options.size, effective.resolution_scale);
    let frame = Frame::new(size.0, size.1)?;
    let mut app = App {
        assets: SessionAssets::new(&session),
        session,
        view: Composer {
            minimap: Minimap {
                corner: effective.minimap_corner,
                size: effective.minimap_size,
                bottom_margin: 0,
            },
            ..Composer::new(frame, effective.fov, !options.no_hud)
        },
        scaling: options.scaling,
        window: None,
        screen: None,
        latch: InputLatch::default(),
        labels: KeyLabels::default(),
        grabbed: false,
        occluded: false,
        clock: Clock::new(options.frames),
        overlays: Overlays::default(),
        pilot: match replay {
            Some(r) => Pilot::Replay(r.inputs, 0),
            None if options.demo => Pilot::Autopilot(Autopilot::new()),
            None => Pilot::Keyboard,
        },
        recording,
        recording_stopped: false,
        sound: GameSound::new(effective.sound, options.audio_out.is_some()),
        sources: options.sources.clone(),
        error: None,
        last_poll: Instant::now(),
        saves: front::saves_dir(settings_path.as_deref()),
        slots: Vec::new(),
        settings,
        settings_path,
        overrides,
        menu: options.menu.then(Menu::main),
        base_size: options.size,
        backend: options.backend,
        menu_started: Instant::now(),
        notice: None,
        #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
        pads: gamepad::Gamepads::open(),
        #[cfg(target_arch = "wasm32")]
        pending_screen: Default::default(),
        #[cfg(target_arch = "wasm32")]
        page_locked: false,
    };
    app.apply_settings();
    app.slots = front::save_slots(app.saves.as_deref());
    if let Some(said) = said {
        app.session
            .say(said.lines().next().unwrap_or_default().to_string());
    }
    Ok((event_loop, app))
}

/// What the menus show besides themselves: the save slots, the keys' labels, the sizes (the
/// base size and the frame's), a notice.
fn menu_world<'a>(
    (base_size, frame): ((u32, u32), &Frame),
    saves: &'a [SaveSlot],
    label: &'a dyn Fn(Key) -> String,
    notice: Option<&'a str>,
) -> MenuWorld<'a> {
    MenuWorld {
        saves,
        episode: EPISODE,
        base_size,
        frame: (frame.width(), frame.height()),
        label,
        notice,
        can_quit: cfg!(not(target_arch = "wasm32")),
    }
}

/// A window system's error in the user's terms: winit's `os error at FILE:LINE: ` before the
/// message (FILE a path in the cargo registry of the machine that built the game) left out,
/// and the message's own full stop.
fn in_users_terms(text: &str) -> String {
    const AT: &str = "os error at ";
    let Some(start) = text.find(AT) else {
        return text.trim_end_matches('.').to_string();
    };
    let rest = &text[start + AT.len()..];
    // The first ": " after ":LINE".
    let message = rest.match_indices(": ").find_map(|(i, _)| {
        let before = rest[..i].rsplit_once(':')?.1;
        (!before.is_empty() && before.bytes().all(|b| b.is_ascii_digit())).then(|| &rest[i + 2..])
    });
    match message {
        Some(message) => format!("{}{}", &text[..start], message.trim_end_matches('.')),
        None => text.to_string(),
    }
}

/// What is left when the game ends: the screenshot, recording and sound file asked for, and
/// the final state.
#[cfg(not(target_arch = "wasm32"))]
fn finish(options: &PlayOptions, mut app: App) -> Result<()> {
    if let Some(e) = app.error.take() {
        return Err(e);
    }
    if let Some(path) = &options.screenshot {
        app.view.frame.save_png(path, false)?;
        eprintln!("last frame: {}", path.display());
    }
    if let (Some(path), Some(recording)) = (&options.record, &app.recording) {
        files::write_new(path, recording.to_text().as_bytes(), false)?;
        eprintln!(
            "recorded {} ticks: {}",
            recording.inputs.len(),
            path.display()
        );
    }
    if let (Some(path), Some(samples)) = (&options.audio_out, app.sound.captured()) {
        files::write_new(path, &tilecaster::audio::wav_bytes(samples), false)?;
        eprintln!("sound: {}", path.display());
    }
    let game = &app.session.game;
    eprintln!(
        "final state {:016x} after {} ticks",
        game.state_hash(),
        game.ticks
    );
    eprintln!(
        "level {} at difficulty {:?}",
        app.session.path().display(),
        app.session.difficulty()
    );
    Ok(())
}

/// Who plays: the keyboard and mouse, a recording, or the autopilot.
enum Pilot {
    Keyboard,
    /// Inputs being replayed and the next one's index.
    Replay(Vec<Input>, usize),
    Autopilot(Autopilot),
}

struct App {
    session: Session,
    /// The session's current level resolved for the renderer.
    assets: SessionAssets,
    view: Composer,
    scaling: Scaling,
    window: Option<Arc<Window>>,
    /// The window's GPU surface.
    screen: Option<screen::Screen>,
    /// The keyboard and mouse since the last tick.
    latch: InputLatch,
    /// How the player's keyboard labels its keys.
    labels: KeyLabels,
    /// Whether the mouse is held for looking around.
    grabbed: bool,
    /// Whether the window is hidden (minimised, or covered entirely).
    occluded: bool,
    clock: Clock,
    overlays: Overlays,
    pilot: Pilot,
    /// Inputs being recorded (`--record`): one game from a level's start; a new game or a
    /// restart starts it afresh ([`App::record_from_start`]).
    recording: Option<Recording>,
    /// Whether recording stopped because a save was loaded (a recording replays a game from
    /// a level's start, not from a saved state).
    recording_stopped: bool,
    /// The game's sound.
    sound: GameSound,
    /// The `--textures` and `--data` folders given on the command line (loads use them too).
    sources: tilecaster::assets::Sources,
    error: Option<anyhow::Error>,
    /// When the level's files were last looked at for live reload.
    last_poll: Instant,
    /// The player's settings, as kept in their file (the menus change them).
    settings: Settings,
    /// The settings file (`None`: not kept, as in the browser, which keeps them in the page).
    settings_path: Option<PathBuf>,
    /// What the command line set for this run over the settings.
    overrides: Overrides,
    /// The saves folder (`None`: no saves).
    saves: Option<PathBuf>,
    /// The save slots and what they hold, as read when a menu last opened or a save was
    /// made (not at every frame).
    slots: Vec<tilecaster::scene::menu::SaveSlot>,
    /// The menu shown, if any: the game stands still under it.
    menu: Option<Menu>,
    /// The frame size at resolution scale 1.
    base_size: (u32, u32),
    backend: Backend,
    /// When the menu came up (the level behind the main menu turns from then).
    menu_started: Instant,
    /// A line the menu shows at its bottom (a save that would not load).
    notice: Option<String>,
    /// The gamepads.
    #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
    pads: gamepad::Gamepads,
    /// In the browser the GPU surface is made asynchronously: it lands here when ready.
    #[cfg(target_arch = "wasm32")]
    pending_screen: web::PendingScreen,
    /// Whether the page's canvas held the mouse at the last frame.
    #[cfg(target_arch = "wasm32")]
    page_locked: bool,
}

impl App {
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        // In the browser nobody reads the exit: the page shows it.
        #[cfg(target_arch = "wasm32")]
        web::show_error(&format!("{error:#}"));
        self.error = Some(error);
        event_loop.exit();
    }

    /// Takes (or lets go of) the mouse for looking around: the cursor hidden and held in the
    /// window. Where the window system refuses, the mouse stays free.
    ///
    /// In the browser the page's pointer lock does it (asked of the page itself, not through
    /// winit's cursor grab, which borrows the canvas again when called inside one of winit's
    /// own page callbacks, as the hidden-tab pause and focus loss are); the mouse counts as
    /// held once the lock is granted (`follow_pointer_lock`).
    fn grab(&mut self, take: bool) {
        #[cfg(target_arch = "wasm32")]
        {
            web::pointer_lock(take);
            self.grabbed = false;
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.grab_window(take);
    }

    /// [`App::grab`] through the window system.
    #[cfg(not(target_arch = "wasm32"))]
    fn grab_window(&mut self, take: bool) {
        let Some(w) = &self.window else { return };
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
        self.grabbed = take && done.is_ok();
        w.set_cursor_visible(!self.grabbed);
    }

    /// Runs the ticks owed since the last frame (at most a quarter second's worth), with the
    /// keyboard's input, the replay's or the autopilot's. `false` once a replay has run out.
    /// Under a menu the game stands still (a replay goes on).
    fn simulate(&mut self) -> bool {
        let replaying = matches!(self.pilot, Pilot::Replay(..));
        let ticks = self.clock.ticks_owed(self.menu.is_some() && !replaying);
        let sensitivity = self.settings.mouse_sensitivity;
        for _ in 0..ticks {
            let input = match &mut self.pilot {
                Pilot::Replay(inputs, next) => match inputs.get(*next) {
                    Some(input) => {
                        *next += 1;
                        *input
                    }
                    None => return false,
                },
                Pilot::Autopilot(pilot) => pilot.input(&self.session.game),
                Pilot::Keyboard => self.latch.take(&self.settings.keys, sensitivity),
            };
            if !self.recording_stopped {
                if let Some(r) = &mut self.recording {
                    r.inputs.push(input);
                }
                // The page keeps every game's inputs, for "Save recording".
                #[cfg(target_arch = "wasm32")]
                web::recorded(input);
            }
            self.session.tick(&input);
            self.sound.tick(&self.session);
            let keys = &self.settings.keys;
            let held = |a: Action| f64::from(u8::from(self.latch.action_held(keys, a)));
            let right = held(Action::PanRight) - held(Action::PanLeft);
            let down = held(Action::PanDown) - held(Action::PanUp);
            self.overlays.pan(right, down);
        }
        true
    }

    fn draw(&mut self) -> Result<()> {
        let assets = self.assets.of(&self.session);
        let labels = &self.labels;
        let label = |k: Key| labels.label(k);
        let world = menu_world(
            (self.base_size, &self.view.frame),
            &self.slots,
            &label,
            self.notice.as_deref(),
        );
        let shown = self.menu.as_ref().map(|menu| MenuShown {
            menu,
            settings: &self.settings,
            world: &world,
            turned: self.menu_started.elapsed().as_secs_f64() * 6.0,
        });
        self.view.draw(&self.session, assets, &self.overlays, shown);
        // A window nobody can see is not presented to (the frame still counts). A frame the
        // window cannot take (resizing) is skipped; the game goes on either way.
        let Some(screen) = self.screen.as_mut().filter(|_| !self.occluded) else {
            return Ok(());
        };
        let (_, times) = screen
            .show(self.view.frame.rgba())
            .context("cannot show the frame")?;
        self.view.profile.record_shown(times);
        Ok(())
    }

    /// Fullscreen on, or back to the window (the fullscreen key, Alt+Enter).
    fn toggle_fullscreen(&mut self) {
        self.settings.fullscreen = !self.settings.fullscreen;
        self.apply_settings();
        self.store_settings();
    }

    /// Saves the current frame as `screenshot-N.png` (the first N not taken).
    fn screenshot(&self) -> Result<PathBuf> {
        let path = (1..10_000)
            .map(|n| PathBuf::from(format!("screenshot-{n}.png")))
            .find(|p| !p.exists())
            .ok_or_else(|| anyhow!("no free screenshot name"))?;
        self.view.frame.save_png(&path, false)?;
        Ok(path)
    }

    /// Opens a menu over the game (which stands still), letting the keys and the mouse go.
    fn open_menu(&mut self, menu: Menu) {
        self.menu = Some(menu);
        self.slots = front::save_slots(self.saves.as_deref());
        self.menu_started = Instant::now();
        self.notice = None;
        self.latch.release_all();
        self.grab(false);
    }

    /// A key or mouse button pressed (not a repeat, not synthetic) while playing: the game's
    /// actions are latched, the window's own are carried out.
    fn pressed(&mut self, key: Key, repeat: bool) {
        self.latch.press(key, repeat, &self.settings.keys);
        if repeat {
            return;
        }
        let alt = self.latch.is_held(Key::AltLeft) || self.latch.is_held(Key::AltRight);
        if alt && key == Key::Enter {
            return self.toggle_fullscreen();
        }
        let actions: Vec<Action> = self.settings.keys.actions_of(key).collect();
        for action in actions {
            self.act(action);
        }
    }

    /// Carries out one of the window's own actions.
    fn act(&mut self, action: Action) {
        if self.overlays.apply(action) {
            // The probe follows the pointer: the mouse is let go for it.
            if action == Action::Probe && self.overlays.probe {
                self.grab(false);
            }
            return;
        }
        match action {
            Action::Menu => self.open_menu(Menu::pause()),
            Action::Fullscreen => self.toggle_fullscreen(),
            Action::Reload => {
                let _ = self.session.reload();
            }
            Action::Screenshot => match self.screenshot() {
                Ok(path) => eprintln!("screenshot: {}", path.display()),
                Err(e) => eprintln!("screenshot failed: {e:#}"),
            },
            // The same switch as Options' Sound: kept in the settings.
            Action::Mute => {
                let before = self.settings.clone();
                let muted = !self.overrides.apply(&self.settings).sound.mute;
                self.settings.sound.mute = muted;
                self.overrides.forget_changed(&before, &self.settings);
                self.overrides.mute = false;
                self.apply_settings();
                self.store_settings();
                self.session
                    .say(if muted { "sound off" } else { "sound on" }.into());
            }
            Action::QuickSave => match self.saves.as_deref().map(front::quick_save) {
                Some(path) => self.save_to(&path),
                None => self.session.say("no saves here".into()),
            },
            Action::QuickLoad => match self.saves.as_deref().map(front::quick_save) {
                Some(path) => {
                    if let Err(e) = self.load_from(&path) {
                        eprintln!("not loaded: {e}");
                        self.session.say(format!("not loaded: {e}"));
                    }
                }
                None => self.session.say("no saves here".into()),
            },
            _ => {}
        }
    }

    /// Saves the game to `path` (its folder made if missing), and says so.
    fn save_to(&mut self, path: &Path) {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        match self.session.save(path) {
            Ok(()) => {
                eprintln!("saved to {}", path.display());
                // The page keeps its saves in its localStorage too, for the next visit.
                #[cfg(target_arch = "wasm32")]
                let kept = web::keep_save(path);
                #[cfg(not(target_arch = "wasm32"))]
                let kept: Result<(), String> = Ok(());
                self.session.say(match kept {
                    Ok(()) => "game saved".into(),
                    Err(e) => format!("saved for this visit only: {e}"),
                });
                self.slots = front::save_slots(self.saves.as_deref());
            }
            Err(e) => {
                eprintln!("not saved: {e}");
                self.session.say(format!("not saved: {e}"));
            }
        }
    }

    /// Replaces the game with the save at `path`.
    fn load_from(&mut self, path: &Path) -> Result<(), tilecaster::episode::SaveError> {
        let session = Session::load(path, &self.sources)?;
        self.assets = SessionAssets::new(&session);
        self.session = session;
        self.pilot = Pilot::Keyboard;
        if self.recording.is_some() && !self.recording_stopped {
            self.recording_stopped = true;
            eprintln!(
                "recording stopped at the loaded save: a recording replays a game from a level's start"
            );
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.recording_stopped = true;
        }
        Ok(())
    }

    /// A new game of the episode at `difficulty`, from its first level.
    fn new_game(&mut self, difficulty: Difficulty) -> Result<()> {
        let level = files::default_path("levels/e1m1.toml");
        let session = Session::start_on(&level, &self.sources, difficulty)?;
        self.assets = SessionAssets::new(&session);
        self.session = session;
        self.pilot = Pilot::Keyboard;
        self.record_from_start();
        Ok(())
    }

    /// Starts the recording afresh from where the session stands, a level's start (a new
    /// game, a level restarted, a level or recording from the page): natively where
    /// `--record` asked for one, and always in the page (its "Save recording").
    fn record_from_start(&mut self) {
        self.recording_stopped = false;
        if let Some(r) = &mut self.recording {
            *r = Recording::of_session(&self.session);
        }
        #[cfg(target_arch = "wasm32")]
        web::record_from_start(&self.session);
    }

    /// Keeps the settings (their file, or the page's storage); a failure is said.
    fn store_settings(&mut self) {
        if let Err(e) = front::store_settings(&self.settings, self.settings_path.as_deref()) {
            eprintln!("the settings are not kept: {e}");
            self.notice = Some(format!("NOT KEPT: {e}"));
        }
    }

    /// Puts the settings in effect (the command line's over them): the view, the frame's
    /// size, the window, the pace, the sound.
    fn apply_settings(&mut self) {
        let s = self.overrides.apply(&self.settings);
        self.view.fov = s.fov;
        self.view.renderer.set_mipmaps(s.mipmaps);
        self.view.comfort = hud::Comfort {
            head_bob: s.head_bob,
            damage_flash: s.damage_flash,
        };
        let size = front::scaled_size(self.base_size, s.resolution_scale);
        if size != (self.view.frame.width(), self.view.frame.height()) {
            match Frame::new(size.0, size.1) {
                Ok(frame) => {
                    self.view.frame = frame;
                    if let Some(screen) = &mut self.screen {
                        screen.set_frame_size(size);
                    }
                }
                Err(e) => eprintln!("resolution {}x{} refused: {e}", size.0, size.1),
            }
        }
        self.view.minimap.corner = s.minimap_corner;
        self.view.minimap.size = s.minimap_size;
        self.view.minimap.bottom_margin = if self.view.hud {
            hud::bar_height_for(self.view.frame.height())
        } else {
            0
        };
        self.clock.set_frame_cap(s.frame_cap);
        self.sound.set(s.sound);
        if let Some(w) = &self.window {
            let full = s.fullscreen.then_some(Fullscreen::Borderless(None));
            if w.fullscreen().is_some() != full.is_some() {
                w.set_fullscreen(full);
            }
        }
    }

    /// One input to the menu shown, and what it asks done.
    fn menu_input(&mut self, event_loop: &ActiveEventLoop, input: MenuInput) {
        let Some(mut menu) = self.menu.take() else {
            return;
        };
        let slots = std::mem::take(&mut self.slots);
        let label = |k: Key| self.labels.label(k);
        let world = menu_world((self.base_size, &self.view.frame), &slots, &label, None);
        let before = self.settings.clone();
        let command = menu.handle(input, &mut self.settings, &world);
        self.menu = Some(menu);
        self.slots = slots;
        let Some(command) = command else { return };
        self.notice = None;
        match command {
            MenuCommand::SettingsChanged => {
                self.overrides.forget_changed(&before, &self.settings);
                self.apply_settings();
                self.store_settings();
            }
            MenuCommand::Resume => self.menu = None,
            MenuCommand::Restart => {
                self.session.restart_level();
                self.record_from_start();
                self.menu = None;
            }
            MenuCommand::NewGame(difficulty) => match self.new_game(difficulty) {
                Ok(()) => self.close_menu(),
                Err(e) => self.notice = Some(format!("{e:#}")),
            },
            MenuCommand::Continue | MenuCommand::Load(_) => {
                let path = match command {
                    MenuCommand::Load(path) => Some(path),
                    _ => front::newest_save(&self.slots),
                };
                let loaded = path.map(|p| self.load_from(&p));
                match loaded {
                    Some(Ok(())) => self.close_menu(),
                    Some(Err(e)) => {
                        eprintln!("not loaded: {e}");
                        self.notice = Some(format!("NOT LOADED: {e}"));
                    }
                    None => {}
                }
            }
            MenuCommand::Save(path) => {
                self.save_to(&path);
                self.menu = None;
            }
            MenuCommand::QuitToMenu => self.open_menu(Menu::main()),
            MenuCommand::Quit => event_loop.exit(),
        }
    }

    /// The gamepads' events since the last frame: to the menu shown, or to the game.
    #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
    fn poll_pads(&mut self, event_loop: &ActiveEventLoop) {
        for event in self.pads.events() {
            if self.menu.is_some() {
                if let Some(input) = self.latch.pad.in_menu(event) {
                    self.menu_input(event_loop, input);
                }
                continue;
            }
            let Some(press) = self.latch.pad.playing(event) else {
                continue;
            };
            match press {
                pad::PadPress::Menu => self.open_menu(Menu::pause()),
                pad::PadPress::Map => self.act(Action::Map),
                _ => {
                    let next = match self.session.game.weapon {
                        tilecaster::game::Weapon::Pistol => 2,
                        tilecaster::game::Weapon::Launcher => 3,
                        tilecaster::game::Weapon::Knife => 1,
                    };
                    self.latch.pad_press(press, next);
                }
            }
        }
    }

    /// Back to the game from a menu, with the clock started afresh.
    fn close_menu(&mut self) {
        self.menu = None;
        self.clock.restart();
    }

    /// A key pressed or released, as the window reported it.
    fn key_event(&mut self, event_loop: &ActiveEventLoop, event: &winit::event::KeyEvent) {
        let PhysicalKey::Code(code) = event.physical_key else {
            return;
        };
        if event.state == ElementState::Pressed {
            // The label without Shift and the like, where the platform says it.
            #[cfg(not(target_arch = "wasm32"))]
            let logical = {
                use winit::platform::modifier_supplement::KeyEventExtModifierSupplement;
                event.key_without_modifiers()
            };
            #[cfg(target_arch = "wasm32")]
            let logical = event.logical_key.clone();
            self.labels.learn(code, &logical);
        }
        let key = keymap::key_of(code);
        if event.state == ElementState::Released {
            if let Some(key) = key {
                self.latch.release(key);
            }
            return;
        }
        if self.menu.is_some() {
            if event.repeat && self.menu.as_ref().is_some_and(Menu::waiting_for_key) {
                return;
            }
            if let Some(input) = self.menu_key(code, key) {
                self.menu_input(event_loop, input);
            }
            return;
        }
        if let Some(key) = key {
            self.pressed(key, event.repeat);
        }
    }

    /// What a key does in the menu: bound while one is awaited, else the menus' own keys
    /// (arrows, Enter, Escape, Backspace; the menu key backs out too).
    fn menu_key(&self, code: KeyCode, key: Option<Key>) -> Option<MenuInput> {
        let menu = self.menu.as_ref()?;
        if menu.waiting_for_key() {
            return Some(match code {
                KeyCode::Escape => MenuInput::Back,
                _ => MenuInput::Bind(key?),
            });
        }
        Some(match code {
            KeyCode::ArrowUp => MenuInput::Up,
            KeyCode::ArrowDown => MenuInput::Down,
            KeyCode::ArrowLeft => MenuInput::Left,
            KeyCode::ArrowRight => MenuInput::Right,
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => MenuInput::Select,
            KeyCode::Escape => MenuInput::Back,
            KeyCode::Backspace | KeyCode::Delete => MenuInput::Clear,
            _ if key.is_some_and(|k| self.settings.keys.is_bound(Action::Menu, k)) => {
                MenuInput::Back
            }
            _ => return None,
        })
    }
}

#[cfg(target_arch = "wasm32")]
impl App {
    /// Follows the page's pointer lock, which the page takes on its "click to play" and the
    /// browser gives back on Escape (without passing the key on): the mouse looks while the
    /// canvas holds it, and losing it pauses the game, as Escape does natively.
    fn follow_pointer_lock(&mut self) {
        let locked = web::pointer_locked();
        if locked && !self.grabbed {
            self.grabbed = true;
        }
        if self.page_locked && !locked {
            self.grabbed = false;
            if self.menu.is_none() {
                self.open_menu(Menu::pause());
            }
        }
        self.page_locked = locked;
    }

    /// Does what the page asked: another level, or a recording played to its end. A level
    /// that will not load leaves the game as it was and its error on the page.
    fn page_request(&mut self, request: web::Request) {
        let (recording, level) = match request {
            web::Request::Level(path) => (None, path),
            web::Request::Replay(path) => match Recording::read_for_replay(&path) {
                Ok(recording) => {
                    let level = recording.level_path();
                    (Some(recording), level)
                }
                Err(e) => return web::show_error(&e.to_string()),
            },
        };
        // Textures handed over with the level are its own; else the bundled ones.
        let page = Path::new(files::PROVIDED);
        let textures = if files::list_folder(page).is_ok_and(|f| {
            f.iter()
                .any(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")))
        }) {
            page.to_path_buf()
        } else {
            files::default_path("textures")
        };
        let textures = level.starts_with(page).then_some(textures.as_path());
        let started = match &recording {
            Some(recording) => recording.start_session(textures).map_err(|e| e.to_string()),
            None => Session::start_on(&level, textures, Difficulty::Normal)
                .map_err(|e| format!("{e:#}")),
        };
        match started {
            Ok(session) => {
                self.assets = SessionAssets::new(&session);
                self.session = session;
                self.record_from_start();
                self.pilot = recording.map_or(Pilot::Keyboard, |r| Pilot::Replay(r.inputs, 0));
                self.close_menu();
                web::clear_error();
            }
            Err(e) => web::show_error(&e),
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        #[cfg(target_arch = "wasm32")]
        web::record_from_start(&self.session);
        let (w, h) = (self.view.frame.width(), self.view.frame.height());
        let title = format!("tilecaster - {}", self.session.game.level.name);
        let attributes = Window::default_attributes().with_title(title);
        #[cfg(not(target_arch = "wasm32"))]
        let attributes = attributes
            .with_inner_size(winit::dpi::LogicalSize::new(w * 2, h * 2))
            .with_min_inner_size(winit::dpi::LogicalSize::new(w, h));
        // In the browser, the page's canvas, at the size the page gives it.
        #[cfg(target_arch = "wasm32")]
        let attributes = web::attributes(attributes);
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Arc::new(window),
            Err(e) => {
                let e = in_users_terms(&e.to_string());
                return self.fail(event_loop, anyhow!("cannot open a window: {e}"));
            }
        };
        #[cfg(not(target_arch = "wasm32"))]
        match screen::Screen::new(
            window.clone(),
            event_loop.owned_display_handle(),
            (w, h),
            self.scaling == Scaling::Fill,
            self.backend,
        ) {
            Ok(screen) => self.screen = Some(screen),
            Err(e) => return self.fail(event_loop, e.context("cannot start the GPU surface")),
        }
        #[cfg(target_arch = "wasm32")]
        self.pending_screen.start(
            window.clone(),
            event_loop.owned_display_handle(),
            (w, h),
            self.scaling == Scaling::Fill,
            self.backend,
        );
        self.window = Some(window);
        // The settings' fullscreen, now that there is a window.
        self.apply_settings();
        self.clock.restart();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            // (The surface follows the window's size when each frame is shown.)
            WindowEvent::Occluded(hidden) => {
                self.occluded = hidden;
                // In the browser a hidden tab pauses the game.
                if hidden && cfg!(target_arch = "wasm32") && self.menu.is_none() {
                    self.open_menu(Menu::pause());
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                self.overlays.pointer = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.frame_position(position.x, position.y));
                if let Some((x, y)) = self.overlays.pointer.filter(|_| self.menu.is_some()) {
                    self.menu_input(event_loop, MenuInput::Point(x, y));
                }
            }
            WindowEvent::CursorLeft { .. } => self.overlays.pointer = None,
            WindowEvent::Focused(false) => {
                self.latch.release_all();
                self.grab(false);
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y as f64,
                    MouseScrollDelta::PixelDelta(p) => p.y / 40.0,
                };
                if self.menu.is_some() {
                    if notches.abs() >= 0.5 {
                        let way = if notches > 0.0 {
                            MenuInput::Up
                        } else {
                            MenuInput::Down
                        };
                        self.menu_input(event_loop, way);
                    }
                } else if self.overlays.map {
                    self.overlays.zoom_by(notches);
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let Some(key) = keymap::mouse_key(button) else {
                    return;
                };
                if state == ElementState::Released {
                    self.latch.release(key);
                } else if let Some(menu) = &self.menu {
                    let input = if menu.waiting_for_key() {
                        Some(MenuInput::Bind(key))
                    } else if key == Key::Mouse(1) {
                        self.overlays.pointer.map(|(x, y)| MenuInput::Click(x, y))
                    } else if key == Key::Mouse(2) {
                        Some(MenuInput::Back)
                    } else {
                        None
                    };
                    if let Some(input) = input {
                        self.menu_input(event_loop, input);
                    }
                } else if !self.grabbed && key == Key::Mouse(1) {
                    // The first click takes the mouse for looking around; later clicks do
                    // what they are bound to (fire).
                    self.grab(true);
                } else {
                    self.pressed(key, false);
                }
            }
            // Synthetic presses are the window system replaying held keys on focus.
            WindowEvent::KeyboardInput {
                event,
                is_synthetic: false,
                ..
            } => self.key_event(event_loop, &event),
            WindowEvent::RedrawRequested => {
                #[cfg(target_arch = "wasm32")]
                if self.screen.is_none() {
                    match self.pending_screen.take() {
                        Some(Ok(screen)) => self.screen = Some(screen),
                        Some(Err(e)) => {
                            return self
                                .fail(event_loop, e.context("cannot start the GPU surface"));
                        }
                        None => return,
                    }
                }
                #[cfg(target_arch = "wasm32")]
                {
                    if let Some(request) = web::take_request() {
                        self.page_request(request);
                    }
                    self.follow_pointer_lock();
                }
                if !self.simulate() {
                    #[cfg(target_arch = "wasm32")]
                    if let Pilot::Replay(inputs, _) = &self.pilot {
                        web::replay_ended(&self.session.game, inputs.len());
                    }
                    return event_loop.exit();
                }
                if let Err(e) = self.draw() {
                    return self.fail(event_loop, e);
                }
                let end = self.clock.frame_shown();
                #[cfg(target_arch = "wasm32")]
                web::frame_shown(self.clock.frames(), &self.session.game, &self.view.frame);
                if end {
                    event_loop.exit();
                }
            }
            _ => {}
        }
    }

    fn device_event(
        &mut self,
        _: &ActiveEventLoop,
        _: winit::event::DeviceId,
        event: winit::event::DeviceEvent,
    ) {
        if let winit::event::DeviceEvent::MouseMotion { delta } = event {
            if self.grabbed {
                self.latch.look(delta.0);
            }
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
        self.poll_pads(event_loop);
        // Live reload: the level file and textures, looked at twice a second.
        let now = Instant::now();
        if now - self.last_poll > Duration::from_millis(500) {
            self.last_poll = now;
            if self.session.reload_if_changed() {
                // Modders watch the terminal too: what the reload did, with the error's place.
                if let Some(message) = self.session.message() {
                    eprintln!("{}: {message}", self.session.path().display());
                }
            }
        }
        // In the browser, paced by the page: a redraw at every animation frame it offers.
        #[cfg(target_arch = "wasm32")]
        {
            if let Some(w) = &self.window {
                w.request_redraw();
            }
            event_loop.set_control_flow(ControlFlow::Wait);
        }
        // Natively paced by the game: a redraw every 1/FRAME_RATE seconds, waiting in between.
        #[cfg(not(target_arch = "wasm32"))]
        let (due, next) = self.clock.frame_due();
        #[cfg(not(target_arch = "wasm32"))]
        {
            if due {
                if let Some(w) = &self.window {
                    w.request_redraw();
                }
            }
            event_loop.set_control_flow(ControlFlow::WaitUntil(next));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::in_users_terms;

    #[test]
    fn window_errors_leave_out_the_build_machines_source_paths() {
        let winit = "os error at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/winit-0.30.13/src/platform_impl/linux/mod.rs:765: neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set.";
        assert_eq!(
            in_users_terms(winit),
            "neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set"
        );
        assert_eq!(
            in_users_terms("the display refused: a: b"),
            "the display refused: a: b"
        );
        assert_eq!(in_users_terms("os error at nowhere"), "os error at nowhere");
    }
}
