//! The window: winit + wgpu, natively and in the browser page (`web`). The only code that sees
//! either; everything it shows comes from the library (the game, the scene layer and the
//! renderer), and everything it reads becomes game [`Input`] (through the
//! [`input::InputLatch`]) or a UI action ([`ui`]'s key tables).

mod clock;
// The sound device: ALSA natively; the page's Web Audio in the browser.
#[cfg_attr(target_arch = "wasm32", path = "device_web.rs")]
mod device;
mod input;
mod keymap;
mod screen;
mod sound;
mod ui;
mod view;
#[cfg(target_arch = "wasm32")]
pub(crate) mod web;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use anyhow::{Context, Result, anyhow};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::game::{Autopilot, Difficulty, Input, Recording, Session};
use tilecaster::render::Renderer;
use tilecaster::scene::SessionAssets;
use tilecaster::scene::profile::Profile;
use tilecaster::scene::topdown::{Corner, Minimap};
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{CursorGrabMode, Fullscreen, Window, WindowId};

use clock::Clock;
use input::InputLatch;
use sound::GameSound;
use ui::{MenuAction, Overlays, UiAction};
use view::View;

/// How the game is started: the options of `tilecaster [play]`, as the command line parsed
/// them.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// The level to start with (.toml or .tmx).
    pub level: PathBuf,
    /// Texture folder, instead of the level's own (or ./textures).
    pub textures: Option<PathBuf>,
    /// Internal resolution (the window scales it).
    pub size: (u32, u32),
    /// Horizontal field of view, degrees.
    pub fov: f64,
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
    /// Start with the sound off (F8 turns it on and off).
    pub mute: bool,
    /// Mix every sound of the game into this WAV file when it ends (never overwrites).
    pub audio_out: Option<PathBuf>,
    /// Demo mode: the autopilot plays.
    pub demo: bool,
    /// Key bindings file; `None`: `keys.toml` here if it exists.
    pub keys: Option<PathBuf>,
    /// How hard the game is.
    pub difficulty: Difficulty,
    /// The minimap's corner and size (a fraction of the frame's height).
    pub minimap: (Corner, f64),
    /// Whether far walls, floors and ceilings are drawn from mipmaps.
    pub mipmaps: bool,
}

/// How the frame is scaled into the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scaling {
    /// Integer multiples only: every frame pixel the same size.
    PixelPerfect,
    /// As large as the window allows, keeping the aspect ratio.
    Fill,
}

/// The quick-save file (F6 writes it, F9 reads it), in the working directory.
const QUICK_SAVE: &str = "quicksave.json";

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
        Some(path) => {
            let text = files::read_text(path, files::Limit::RECORDING)?;
            let recording =
                Recording::parse(&text).map_err(|e| anyhow!("{}:{e}", path.display()))?;
            Some(recording)
        }
        None => None,
    };
    let level = replay
        .as_ref()
        .map_or(options.level.clone(), Recording::level_path);
    let session = match &options.load {
        Some(save) => Session::load(save, options.textures.as_deref())?,
        None => Session::start_on(&level, options.textures.as_deref(), options.difficulty)?,
    };
    let default_keys = Path::new("keys.toml");
    let keys_file = options
        .keys
        .as_deref()
        .or_else(|| default_keys.exists().then_some(default_keys));
    let bindings = keymap::load(keys_file)?;
    let bindings_sound = bindings.sound;
    let recording = options.record.as_ref().map(|_| Recording {
        level: level.display().to_string(),
        inputs: Vec::new(),
    });
    let event_loop = EventLoop::new().map_err(|e| {
        anyhow!(
            "cannot open a window ({e}): no display? Without one, `tilecaster render` draws frames to PNG files \
             (and `tilecaster bench` measures them)"
        )
    })?;
    let frame = Frame::new(options.size.0, options.size.1)?;
    let app = App {
        assets: SessionAssets::new(&session),
        session,
        view: View {
            renderer: {
                let mut renderer = Renderer::new();
                renderer.set_mipmaps(options.mipmaps);
                renderer
            },
            frame,
            fov: options.fov,
            hud: !options.no_hud,
            profile: Profile::new(),
            cells: Vec::new(),
            minimap: Minimap {
                corner: options.minimap.0,
                size: options.minimap.1,
                bottom_margin: if options.no_hud {
                    0
                } else {
                    tilecaster::scene::hud::bar_height_for(options.size.1)
                },
            },
        },
        scaling: options.scaling,
        window: None,
        screen: None,
        latch: InputLatch::default(),
        bindings,
        grabbed: false,
        occluded: false,
        clock: Clock::new(options.frames),
        overlays: Overlays::default(),
        player: match replay {
            Some(r) => Player::Replay(r.inputs, 0),
            None if options.demo => Player::Autopilot(Autopilot::new()),
            None => Player::Keyboard,
        },
        recording,
        sound: GameSound::new(bindings_sound, options.mute, options.audio_out.is_some()),
        textures: options.textures.clone(),
        error: None,
        last_poll: Instant::now(),
        #[cfg(target_arch = "wasm32")]
        pending_screen: Default::default(),
        #[cfg(target_arch = "wasm32")]
        page_locked: false,
    };
    Ok((event_loop, app))
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
    Ok(())
}

/// Who plays: the keyboard and mouse, a recording, or the autopilot.
enum Player {
    Keyboard,
    /// Inputs being replayed and the next one's index.
    Replay(Vec<Input>, usize),
    Autopilot(Autopilot),
}

struct App {
    session: Session,
    /// The session's current level resolved for the renderer.
    assets: SessionAssets,
    view: View,
    scaling: Scaling,
    window: Option<Arc<Window>>,
    /// The window's GPU surface.
    screen: Option<screen::Screen>,
    /// The keyboard and mouse since the last tick.
    latch: InputLatch,
    /// What the keys do.
    bindings: keymap::Bindings,
    /// Whether the mouse is held for looking around.
    grabbed: bool,
    /// Whether the window is hidden (minimised, or covered entirely).
    occluded: bool,
    clock: Clock,
    overlays: Overlays,
    player: Player,
    /// Inputs being recorded.
    recording: Option<Recording>,
    /// The game's sound.
    sound: GameSound,
    /// The texture folder given on the command line (a quick load uses it too).
    textures: Option<PathBuf>,
    error: Option<anyhow::Error>,
    /// When the level's files were last looked at for live reload.
    last_poll: Instant,
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
    fn grab(&mut self, take: bool) {
        let Some(w) = &self.window else { return };
        let mode = if take {
            CursorGrabMode::Locked
        } else {
            CursorGrabMode::None
        };
        let done = w.set_cursor_grab(mode).or_else(|_| {
            if take {
                w.set_cursor_grab(CursorGrabMode::Confined)
            } else {
                Ok(())
            }
        });
        self.grabbed = take && done.is_ok();
        w.set_cursor_visible(!self.grabbed);
    }

    /// Runs the ticks owed since the last frame (at most a quarter second's worth), with the
    /// keyboard's input, the replay's or the autopilot's. `false` once a replay has run out.
    fn simulate(&mut self) -> bool {
        let replaying = matches!(self.player, Player::Replay(..));
        let ticks = self.clock.ticks_owed(self.overlays.paused && !replaying);
        for _ in 0..ticks {
            let input = match &mut self.player {
                Player::Replay(inputs, next) => match inputs.get(*next) {
                    Some(input) => {
                        *next += 1;
                        *input
                    }
                    None => return false,
                },
                Player::Autopilot(pilot) => pilot.input(&self.session.game),
                Player::Keyboard => self.latch.take(&self.bindings),
            };
            if let Some(r) = &mut self.recording {
                r.inputs.push(input);
            }
            // The page keeps every game's inputs, for "Save recording".
            #[cfg(target_arch = "wasm32")]
            web::recorded(input);
            self.session.tick(&input);
            self.sound.tick(&self.session.game);
            let held = |k: KeyCode| f64::from(u8::from(self.latch.is_held(k)));
            let right = held(KeyCode::KeyL) - held(KeyCode::KeyJ);
            let down = held(KeyCode::KeyK) - held(KeyCode::KeyI);
            self.overlays.pan(right, down);
        }
        true
    }

    fn draw(&mut self) -> Result<()> {
        let assets = self.assets.of(&self.session);
        self.view.draw(&self.session, assets, &self.overlays);
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

    /// Fullscreen on, or back to the window (F11, Alt+Enter).
    fn toggle_fullscreen(&self) {
        if let Some(w) = &self.window {
            let full = w
                .fullscreen()
                .is_none()
                .then_some(Fullscreen::Borderless(None));
            w.set_fullscreen(full);
        }
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

    /// A key pressed (not a repeat, not synthetic): the pause menu's, or while playing the
    /// game's bindings and then the window's own keys.
    fn key_pressed(&mut self, event_loop: &ActiveEventLoop, code: KeyCode) {
        if self.overlays.paused {
            match ui::menu_action(code) {
                Some(MenuAction::Resume) => self.overlays.paused = false,
                Some(MenuAction::Restart) => {
                    self.session.restart_level();
                    self.overlays.paused = false;
                }
                Some(MenuAction::Quit) => event_loop.exit(),
                None => {}
            }
            return;
        }
        let alt = self.latch.is_held(KeyCode::AltLeft) || self.latch.is_held(KeyCode::AltRight);
        let Some(action) = ui::playing_action(code, alt) else {
            return;
        };
        if self.overlays.apply(action) {
            if action == UiAction::Pause {
                self.latch.release_all();
                self.grab(false);
            }
            // The probe follows the pointer: the mouse is let go for it.
            if action == UiAction::ToggleProbe && self.overlays.probe {
                self.grab(false);
            }
            return;
        }
        match action {
            UiAction::ToggleFullscreen => self.toggle_fullscreen(),
            UiAction::Reload => {
                let _ = self.session.reload();
            }
            UiAction::Screenshot => match self.screenshot() {
                Ok(path) => eprintln!("screenshot: {}", path.display()),
                Err(e) => eprintln!("screenshot failed: {e:#}"),
            },
            UiAction::ToggleMute => {
                let muted = self.sound.toggle_mute();
                self.session
                    .say(if muted { "sound off" } else { "sound on" }.into());
            }
            UiAction::QuickSave => {
                let path = Path::new(QUICK_SAVE);
                let said = match self.session.save(path) {
                    Ok(()) => format!("saved to {QUICK_SAVE}"),
                    Err(e) => format!("not saved: {e}"),
                };
                eprintln!("{said}");
                self.session.say(said);
            }
            UiAction::QuickLoad => {
                match Session::load(Path::new(QUICK_SAVE), self.textures.as_deref()) {
                    Ok(session) => self.session = session,
                    Err(e) => {
                        eprintln!("not loaded: {e}");
                        self.session.say(format!("not loaded: {e}"));
                    }
                }
            }
            _ => {}
        }
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
            if !self.overlays.paused {
                self.overlays.paused = true;
                self.latch.release_all();
            }
        }
        self.page_locked = locked;
    }

    /// Does what the page asked: another level, or a recording played to its end. A level
    /// that will not load leaves the game as it was and its error on the page.
    fn page_request(&mut self, request: web::Request) {
        let (level, player) = match request {
            web::Request::Level(path) => (path, Player::Keyboard),
            web::Request::Replay(path) => {
                let parsed = files::read_text(&path, files::Limit::RECORDING)
                    .map_err(|e| e.to_string())
                    .and_then(|text| {
                        Recording::parse(&text).map_err(|e| format!("{}:{e}", path.display()))
                    });
                match parsed {
                    Ok(recording) => (recording.level_path(), Player::Replay(recording.inputs, 0)),
                    Err(e) => return web::show_error(&e),
                }
            }
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
        match Session::start_on(&level, textures, Difficulty::Normal) {
            Ok(session) => {
                self.assets = SessionAssets::new(&session);
                web::record_from_start(session.path());
                self.session = session;
                self.player = player;
                self.overlays.paused = false;
                self.clock.restart();
                web::clear_error();
            }
            Err(e) => web::show_error(&format!("{e:#}")),
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        #[cfg(target_arch = "wasm32")]
        web::record_from_start(self.session.path());
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
            Err(e) => return self.fail(event_loop, anyhow!("cannot open a window: {e}")),
        };
        #[cfg(not(target_arch = "wasm32"))]
        match screen::Screen::new(window.clone(), (w, h), self.scaling == Scaling::Fill) {
            Ok(screen) => self.screen = Some(screen),
            Err(e) => return self.fail(event_loop, e.context("cannot start the GPU surface")),
        }
        #[cfg(target_arch = "wasm32")]
        self.pending_screen
            .start(window.clone(), (w, h), self.scaling == Scaling::Fill);
        self.window = Some(window);
        self.clock.restart();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            // (The surface follows the window's size when each frame is shown.)
            WindowEvent::Occluded(hidden) => {
                self.occluded = hidden;
                // In the browser a hidden tab pauses the game.
                if hidden && cfg!(target_arch = "wasm32") {
                    self.overlays.paused = true;
                    self.latch.release_all();
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                self.overlays.pointer = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.frame_position(position.x, position.y));
            }
            WindowEvent::CursorLeft { .. } => self.overlays.pointer = None,
            WindowEvent::Focused(false) => {
                self.latch.release_all();
                self.grab(false);
            }
            WindowEvent::MouseWheel { delta, .. } if self.overlays.map => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y as f64,
                    MouseScrollDelta::PixelDelta(p) => p.y / 40.0,
                };
                self.overlays.zoom_by(notches);
            }
            // The first click takes the mouse for looking around; later clicks fire.
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } if !self.overlays.paused => {
                if self.grabbed {
                    self.latch.fire();
                } else {
                    self.grab(true);
                }
            }
            // Synthetic presses are the window system replaying held keys on focus.
            WindowEvent::KeyboardInput {
                event,
                is_synthetic: false,
                ..
            } => {
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                match event.state {
                    ElementState::Released => self.latch.release(code),
                    ElementState::Pressed => {
                        if self.overlays.paused {
                            self.latch.press(code, true, &self.bindings);
                        } else {
                            self.latch.press(code, event.repeat, &self.bindings);
                        }
                        if !event.repeat {
                            self.key_pressed(event_loop, code);
                        }
                    }
                }
            }
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
                    if let Player::Replay(inputs, _) = &self.player {
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
