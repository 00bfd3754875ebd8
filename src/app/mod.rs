//! The window: winit, with a wgpu surface natively and the canvas's 2D context in the browser
//! page (`web`), as thin glue around the
//! [`controller::Controller`], which holds everything that is not the window's (input, the
//! game's ticks, menu commands, saves, settings, recordings, the composed frame) and asks the
//! window for what only it can do ([`controller::Effect`]). This module turns window events
//! into the controller's calls and carries out its effects.

mod clock;
mod commands;
mod controller;
mod edit_input;
mod edit_tools;
mod editing;
mod front;
#[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
mod gamepad;
mod hooks;
// The sound device: ALSA on Linux and the BSDs; cpal (WASAPI, CoreAudio) on Windows and
// macOS, through the feed; the page's Web Audio in the browser.
#[cfg_attr(target_arch = "wasm32", path = "device_web.rs")]
#[cfg_attr(any(windows, target_os = "macos"), path = "device_cpal.rs")]
mod device;
#[cfg(not(target_arch = "wasm32"))]
mod feed;
mod input;
mod keymap;
mod keys;
mod lobby;
mod platform;
// The pad's mapping is always built (and tested); the `gamepad` feature feeds it.
#[cfg_attr(not(feature = "gamepad"), allow(dead_code))]
mod pad;
mod screen;
mod sound;
#[cfg(target_arch = "wasm32")]
pub(crate) mod web;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow};
use tilecaster::bindings::Key;
use tilecaster::episode::{Recording, Session};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::level::Difficulty;
use tilecaster::scene::menu::Menu;
use tilecaster::scene::topdown::{Corner, Minimap};
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseScrollDelta, TouchPhase, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::{Window, WindowId};

use clock::Clock;
use controller::{Controller, Effect};
use front::Overrides;
pub use screen::Backend;
use sound::GameSound;
use tilecaster::play::{LocalRun, Recorder, ReplayRun};
#[cfg(not(target_arch = "wasm32"))]
use tilecaster::play::{NetRun, Runner};
use tilecaster::scene::Composer;

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
    /// The settings file; `None`: the platform's place (see [`platform::default_settings_path`]).
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
    /// Start in the level editor on this level (a new one where no file is).
    pub edit: Option<PathBuf>,
    /// Play one seat of a networked game (natively: the page meets in a room instead).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub net: Option<NetOptions>,
    /// Play one seat of a networked game met in a signalling server's room (the page's
    /// `?room=`; natively `play --room` with the `webrtc` feature).
    #[cfg_attr(not(feature = "webrtc"), allow(dead_code))]
    pub room: Option<RoomOptions>,
}

/// A networked game met in a room of a signalling server.
#[derive(Clone, Debug)]
#[cfg_attr(not(feature = "webrtc"), allow(dead_code))]
pub struct RoomOptions {
    /// The room's address ([`room_url`]).
    pub url: String,
    /// The players the game is for.
    pub players: usize,
    /// The game's seed (the same for everyone in the room).
    pub seed: u64,
    /// The game's key (the same for everyone in the room: [`room_key`]).
    pub key: tilecaster::net::GameKey,
    /// A deathmatch under these rules (else co-op).
    pub deathmatch: Option<tilecaster::game::MatchRules>,
}

/// Where this machine sits in a networked game (`play --net`).
#[derive(Clone, Debug)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub struct NetOptions {
    /// The address to listen on.
    pub bind: std::net::SocketAddr,
    /// The other seats' addresses in seat order.
    pub peers: Vec<std::net::SocketAddr>,
    /// The seat played here.
    pub seat: usize,
    /// The game's seed (the same on every machine).
    pub seed: u64,
    /// A deathmatch under these rules (else co-op).
    pub deathmatch: Option<tilecaster::game::MatchRules>,
    /// How the players meet: in a lobby this machine hosts or joins, or all named.
    pub meeting: Meeting,
    /// The player's name in a lobby.
    pub name: String,
    /// The game's code: the lobby's (a host's own choice, else six random digits; a joiner's
    /// must be the host's), or with every peer named, what the game's key is made of.
    pub code: Option<String>,
}

/// The address of the room `room` of the signalling server at `server` for a game of
/// `players`: `SERVER/ROOM?next=PLAYERS` (a trailing `/` of the server's dropped; of the
/// room's name, letters, digits, `-` and `_` kept).
#[cfg_attr(not(any(target_arch = "wasm32", feature = "webrtc")), allow(dead_code))]
pub fn room_url(server: &str, room: &str, players: usize) -> String {
    let room: String = room
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    format!("{}/{room}?next={players}", server.trim_end_matches('/'))
}

/// The seed of the game played in room `room`: everyone who opens the same room plays the
/// same game (the level and the mode are in the fingerprint the machines compare).
#[cfg_attr(not(any(target_arch = "wasm32", feature = "webrtc")), allow(dead_code))]
pub fn room_seed(room: &str) -> u64 {
    u64::from_str_radix(&tilecaster::game::file_hash(room.as_bytes()), 16).unwrap_or_default()
}

/// The key of the game played in room `room` (without a lobby): made of the room's name,
/// which every player was given, so that its datagrams are checked as a lobby's game's are.
#[cfg_attr(not(any(target_arch = "wasm32", feature = "webrtc")), allow(dead_code))]
pub fn room_key(room: &str) -> tilecaster::net::GameKey {
    tilecaster::net::GameKey::from_code(&format!("room {room}"))
}

/// How the players of a networked game meet.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub enum Meeting {
    /// Every peer named on the command line, with this machine's seat.
    Named,
    /// In a lobby this machine hosts on its address.
    Host,
    /// In the lobby hosted at this address.
    Join(std::net::SocketAddr),
    /// Watching the game of the lobby hosted at this address, as a spectator.
    Watch(std::net::SocketAddr),
}

/// How the frame is scaled into the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scaling {
    /// Integer multiples only: every frame pixel the same size.
    PixelPerfect,
    /// As large as the window allows, keeping the aspect ratio (smoothed).
    Fill,
    /// A whole multiple where one comes within 15% of filling, else filling; never smoothed
    /// (the page's: sharp on high-density screens, where an uneven pixel is too small to see).
    Sharp,
}

/// Where the settings file is kept when `--settings` does not say, and the saves beside it
/// (for `--help`).
#[cfg(not(target_arch = "wasm32"))]
pub fn settings_place() -> String {
    match platform::default_settings_path() {
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
    let (settings, settings_path, said) = platform::load_settings(options.settings.as_deref());
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
    let event_loop = EventLoop::new().map_err(|e| {
        anyhow!(
            "cannot open a window ({}): no display? Without one, `tilecaster render` draws frames to PNG files \
             (and `tilecaster bench` measures them)",
            in_users_terms(&e.to_string())
        )
    })?;
    let size = front::scaled_size(options.size, effective.resolution_scale);
    let frame = Frame::new(size.0, size.1)?;
    let view = Composer {
        minimap: Minimap {
            corner: effective.minimap_corner,
            size: effective.minimap_size,
            bottom_margin: 0,
        },
        ..Composer::new(frame, effective.fov, !options.no_hud)
    };
    let begin = begin_play(options, session, replay, settings.network.colour)?;
    let mut ctl = Controller::new(
        begin,
        view,
        (settings, settings_path, overrides),
        GameSound::new(effective.sound, options.audio_out.is_some()),
        (
            options.sources.clone(),
            Clock::new(options.frames),
            options.size,
        ),
        options.menu.then(Menu::main),
    );
    if let Some(said) = said {
        ctl.session_mut()
            .say(said.lines().next().unwrap_or_default().to_string());
    }
    if let Some(path) = &options.edit {
        let editing = editing::Editing::open(path, options.sources.clone())
            .map_err(|e| anyhow!("cannot edit {}: {e}", path.display()))?;
        ctl.start_editing(editing);
    }
    let app = App {
        ctl,
        scaling: options.scaling,
        window: None,
        screen: None,
        occluded: false,
        painting_touch: None,
        shown_title: String::new(),
        error: None,
        backend: options.backend,
        extras: platform::Extras::new(),
        last_shown: None,
    };
    Ok((event_loop, app))
}

/// The game the window begins with: a replay, a lobby or a networked game, the autopilot's
/// or the player's own; and the recording asked for.
fn begin_play(
    options: &PlayOptions,
    session: Session,
    replay: Option<Recording>,
    colour: usize,
) -> Result<controller::Start> {
    let recorder = Recorder::new(options.record.is_some(), &session);
    let mut start = controller::Start {
        run: Box::new(LocalRun::new(session)),
        demo: options.demo,
        recorder,
        waiting: None,
    };
    let session = |start: &mut controller::Start| {
        std::mem::replace(&mut start.run, Box::new(controller::Idle)).into_session()
    };
    if let Some(recording) = replay {
        let session = session(&mut start);
        start.run = Box::new(ReplayRun::new(recording, session));
        start.demo = false;
        return Ok(start);
    }
    #[cfg(feature = "webrtc")]
    if let Some(o) = &options.room {
        start.waiting = Some(lobby::Waiting::quick_room(o));
        return Ok(start);
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(o) = &options.net {
        if o.meeting != Meeting::Named {
            let mut waiting = lobby::Waiting::open(o, &options.level, options.difficulty)?;
            waiting.set_colour(colour);
            start.waiting = Some(waiting);
            return Ok(start);
        }
        let seats = tilecaster::net::NetSeats {
            bind: o.bind,
            peers: o.peers.clone(),
            seat: o.seat,
            seed: o.seed,
            // A player's keys wait two ticks (33 ms) before they are played, which hides
            // most of a remote player's lateness without rollbacks; the autopilot, which
            // steers by what it sees, plays at once.
            input_delay: if options.demo { 0 } else { 2 },
            deathmatch: o.deathmatch,
            colours: Vec::new(),
            key: tilecaster::net::GameKey::from_code(o.code.as_deref().unwrap_or_default()),
        };
        let session = session(&mut start);
        let mut run = NetRun::start(session, seats.clone(), None)?.going_on(true);
        // Seat 0 offers spectators the game, where the players agreed on a code.
        let code = o.code.as_deref();
        let offer = tilecaster::net::watch::WatchOffer::of_named(
            &seats,
            &options.level,
            options.difficulty,
            code,
        )?;
        if let Some(offer) = offer {
            run.offer_watching(&offer);
        }
        eprintln!(
            "seat {} of {}: waiting for the others at {}",
            o.seat,
            seats.count(),
            o.peers
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        start
            .recorder
            .restart_network(run.session(), &run.session().game, seats.seed);
        start.run = Box::new(run);
    }
    let _ = colour;
    Ok(start)
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
        app.ctl.view.frame.save_png(path, false)?;
        eprintln!("last frame: {}", path.display());
    }
    if let (Some(path), Some(recording)) = (&options.record, app.ctl.recorder.recording()) {
        files::write_new(path, recording.to_text().as_bytes(), false)?;
        eprintln!(
            "recorded {} ticks: {}",
            recording.inputs.len() / recording.seats.max(1),
            path.display()
        );
    }
    if let (Some(path), Some(samples)) = (&options.audio_out, app.ctl.sound.captured()) {
        files::write_new(path, &tilecaster::audio::wav_bytes(samples), false)?;
        eprintln!("sound: {}", path.display());
    }
    let game = &app.ctl.session().game;
    eprintln!(
        "final state {:016x} after {} ticks",
        game.state_hash(),
        game.ticks
    );
    eprintln!(
        "level {} at difficulty {:?}",
        app.ctl.session().path().display(),
        app.ctl.session().difficulty()
    );
    Ok(())
}

/// The window's side: the controller, and what it cannot hold (the window, its GPU surface,
/// the gamepads, the page's asynchronous surface).
struct App {
    ctl: Controller,
    scaling: Scaling,
    window: Option<Arc<Window>>,
    /// The window's GPU surface.
    screen: Option<screen::Screen>,
    /// Whether the window is hidden (minimised, or covered entirely).
    occluded: bool,
    error: Option<anyhow::Error>,
    backend: Backend,
    /// When the last frame was shown (the profiler's shown rate).
    last_shown: Option<web_time::Instant>,
    /// What the platform holds beside the window (natively the gamepads).
    extras: platform::Extras,
    /// The finger painting in the editor (the first down; others are let be).
    painting_touch: Option<u64>,
    /// The window's title as last set.
    shown_title: String,
}

impl App {
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        // In the browser nobody reads the exit: the page shows it.
        platform::show_error(&format!("{error:#}"));
        self.error = Some(error);
        event_loop.exit();
    }

    /// Does what the controller asked of the window since it last asked.
    fn carry_out(&mut self, event_loop: &ActiveEventLoop) {
        for effect in self.ctl.take_effects() {
            match effect {
                Effect::Grab(take) => self.grab(take),
                Effect::Fullscreen(on) => {
                    if let Some(w) = &self.window {
                        platform::fullscreen(w, on);
                    }
                }
                Effect::FrameSize(size) => {
                    if let Some(screen) = &mut self.screen {
                        screen.set_frame_size(size);
                    }
                }
                Effect::Quit => event_loop.exit(),
            }
        }
    }

    /// Takes (or lets go of) the mouse for looking around: the cursor hidden and held in the
    /// window, where the window system (or the page) allows it.
    fn grab(&mut self, take: bool) {
        self.ctl.grabbed = platform::grab(self.window.as_deref(), take);
    }

    /// The window's title: the level played, or the level in the editor.
    fn title(&self) -> String {
        match self.ctl.editing.as_ref().filter(|e| !e.playing) {
            Some(e) => format!("tilecaster edit - {}", e.editor.draft().path().display()),
            None => format!("tilecaster - {}", self.ctl.session().game.level.name),
        }
    }

    /// Composes the frame and shows it.
    fn draw(&mut self) -> Result<()> {
        self.ctl.compose();
        // (A finger that painted in the editor left with it.)
        if self.ctl.editor_size().is_none() {
            self.painting_touch = None;
        }
        // (Into the editor and out, another level: the title follows.)
        let title = self.title();
        if let Some(window) = self.window.as_ref().filter(|_| title != self.shown_title) {
            window.set_title(&title);
            self.shown_title = title;
        }
        // A window nobody can see is not presented to (the frame still counts). A frame the
        // window cannot take (resizing) is skipped; the game goes on either way.
        let Some(screen) = self.screen.as_mut().filter(|_| !self.occluded) else {
            return Ok(());
        };
        let (_, times) = screen
            .show(self.ctl.view.frame.rgba())
            .context("cannot show the frame")?;
        self.ctl.view.profile.record_shown(times);
        let now = web_time::Instant::now();
        if let Some(last) = self.last_shown.replace(now) {
            self.ctl.view.profile.record_interval(now - last);
        }
        Ok(())
    }

    /// A key pressed or released, as the window reported it: its label learnt, then to the
    /// controller.
    fn key_event(&mut self, event: &winit::event::KeyEvent) {
        let PhysicalKey::Code(code) = event.physical_key else {
            return;
        };
        let down = event.state == ElementState::Pressed;
        if down {
            // The label without Shift and the like, where the platform says it.
            self.ctl.labels.learn(code, &platform::label(event));
        }
        self.ctl.key(keymap::key_of(code), down, event.repeat);
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        platform::record_from_start(self.ctl.session());
        // (A window twice the game's frame: the editor's screen is that size.)
        let (w, h) = match self.ctl.editor_size() {
            Some((w, h)) => (w / 2, h / 2),
            None => (self.ctl.view.frame.width(), self.ctl.view.frame.height()),
        };
        let title = self.title();
        self.shown_title.clone_from(&title);
        let attributes =
            platform::window_attributes(Window::default_attributes().with_title(title), (w, h));
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Arc::new(window),
            Err(e) => {
                let e = in_users_terms(&e.to_string());
                return self.fail(event_loop, anyhow!("cannot open a window: {e}"));
            }
        };
        // Natively a wgpu surface, in the page the canvas's 2D context.
        match platform::start_screen(
            window.clone(),
            event_loop.owned_display_handle(),
            (self.ctl.view.frame.width(), self.ctl.view.frame.height()),
            self.scaling,
            self.backend,
            &mut self.extras,
        ) {
            Ok(screen) => self.screen = Some(screen),
            Err(e) => return self.fail(event_loop, e.context("cannot start the GPU surface")),
        }
        self.window = Some(window);
        // The settings' fullscreen, now that there is a window.
        self.ctl.apply_settings();
        self.carry_out(event_loop);
        self.ctl.clock.restart();
        self.ctl.run.restart_clock(web_time::Instant::now());
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            // (The surface follows the window's size when each frame is shown.)
            WindowEvent::Occluded(hidden) => {
                self.occluded = hidden;
                // In the browser a hidden tab pauses the game.
                if hidden && platform::PAUSE_WHEN_HIDDEN && self.ctl.menu.is_none() {
                    self.ctl.open_menu(Menu::pause());
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                let at = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.frame_position(position.x, position.y));
                self.ctl.pointer(at);
            }
            WindowEvent::CursorLeft { .. } => self.ctl.overlays.pointer = None,
            // In the editor a finger paints as the left button does (the page hides its
            // touch controls while the editor shows).
            WindowEvent::Touch(touch)
                if self.ctl.editor_size().is_some()
                    && self.ctl.menu.is_none()
                    && self.painting_touch.is_none_or(|id| id == touch.id) =>
            {
                let at = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.frame_position(touch.location.x, touch.location.y));
                self.ctl.pointer(at);
                match touch.phase {
                    TouchPhase::Started => {
                        self.painting_touch = Some(touch.id);
                        self.ctl.button(Key::Mouse(1), true);
                    }
                    TouchPhase::Moved => {}
                    TouchPhase::Ended | TouchPhase::Cancelled => {
                        self.painting_touch = None;
                        self.ctl.button(Key::Mouse(1), false);
                    }
                }
            }
            // In the page a tap on a menu chooses what it lands on, as a click does (in play
            // the page's touch controls lie over the canvas).
            WindowEvent::Touch(touch)
                if platform::TAPS_CHOOSE
                    && self.ctl.menu.is_some()
                    && touch.phase == TouchPhase::Started =>
            {
                let at = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.frame_position(touch.location.x, touch.location.y));
                self.ctl.pointer(at);
                self.ctl.button(Key::Mouse(1), true);
                self.ctl.button(Key::Mouse(1), false);
            }
            WindowEvent::Focused(false) => self.ctl.focus_lost(),
            WindowEvent::DroppedFile(path) => self.ctl.dropped(&path),
            WindowEvent::MouseWheel { delta, .. } => self.ctl.wheel(match delta {
                MouseScrollDelta::LineDelta(_, y) => y as f64,
                MouseScrollDelta::PixelDelta(p) => p.y / 40.0,
            }),
            WindowEvent::MouseInput { state, button, .. } => {
                if let Some(key) = keymap::mouse_key(button) {
                    self.ctl.button(key, state == ElementState::Pressed);
                }
            }
            // Synthetic presses are the window system replaying held keys on focus.
            WindowEvent::KeyboardInput {
                event,
                is_synthetic: false,
                ..
            } => self.key_event(&event),
            WindowEvent::RedrawRequested => {
                // (The screen comes with the window: nothing to draw on before it.)
                if self.screen.is_none() {
                    return;
                }
                hooks::before_frame(&mut self.ctl);
                if !self.ctl.simulate() && !hooks::simulation_ended(&mut self.ctl) {
                    return event_loop.exit();
                }
                if let Err(e) = self.draw() {
                    return self.fail(event_loop, e);
                }
                let end = self.ctl.clock.frame_shown();
                hooks::frame_shown(&self.ctl);
                if end {
                    event_loop.exit();
                }
            }
            _ => {}
        }
        self.carry_out(event_loop);
    }

    fn device_event(
        &mut self,
        _: &ActiveEventLoop,
        _: winit::event::DeviceId,
        event: winit::event::DeviceEvent,
    ) {
        if let winit::event::DeviceEvent::MouseMotion { delta } = event {
            if self.ctl.grabbed {
                self.ctl.latch.look(delta.0, delta.1);
            }
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        hooks::poll_input(&mut self.extras, &mut self.ctl);
        self.ctl.poll_files();
        self.carry_out(event_loop);
        // Natively paced by the game, in the browser by the page's animation frames.
        platform::pace(event_loop, self.window.as_deref(), &mut self.ctl.clock);
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
