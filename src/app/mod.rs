//! The window: winit + pixels. The only code that sees either; everything it shows comes from
//! the library (game, renderer), and everything it reads becomes game [`Input`].

mod keys;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use pixels::{Pixels, SurfaceTexture};
use tilecaster::frame::Frame;
use tilecaster::game::{Input, Recording, Session, TICK, TICK_HZ};
use tilecaster::render::profile::{Profile, draw_profile};
use tilecaster::render::{Camera, Renderer, hud};
use tilecaster::topdown::{MapLayers, MapView, draw_map};
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{CursorGrabMode, Fullscreen, Window, WindowId};

/// How the game is started: the options of `tilecaster [play]`.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayOptions {
    /// The level to start with (.toml or .tmx).
    #[arg(long, default_value_os_t = default_level())]
    pub level: PathBuf,
    /// Texture folder, instead of the level's own (or ./textures).
    #[arg(long)]
    pub textures: Option<PathBuf>,
    /// Internal resolution WxH (the window scales it).
    #[arg(long, value_parser = crate::cli::parse_size, default_value = "640x400")]
    pub size: (u32, u32),
    /// Horizontal field of view, degrees.
    #[arg(long, default_value_t = Camera::DEFAULT_FOV)]
    pub fov: f64,
    /// How the frame fills the window: whole multiples of its size (sharp, with borders), or
    /// the whole window keeping the aspect ratio.
    #[arg(long, value_enum, default_value_t = Scaling::PixelPerfect)]
    pub scaling: Scaling,
    /// End after this many frames (for tests driving the real binary).
    #[arg(long)]
    pub frames: Option<u64>,
    /// Save the last frame as a PNG when the game ends (never overwrites a file).
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Draw no status bar, crosshair or messages.
    #[arg(long)]
    pub no_hud: bool,
    /// Record every tick's input to FILE when the game ends (never overwrites a file).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play a recording (on the level it names) instead of the keyboard; the game ends with it.
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    pub replay: Option<PathBuf>,
    /// Demo mode: the autopilot plays (to the exit, fetching keys, fighting), as the game
    /// would show itself in a shop window. Escape and the other game keys still work.
    #[arg(long, conflicts_with = "replay")]
    pub demo: bool,
    /// Key bindings (TOML; see `src/keys.rs`); default: `keys.toml` here if it exists.
    #[arg(long, value_name = "FILE")]
    pub keys: Option<PathBuf>,
}

/// How the frame is scaled into the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scaling {
    /// Integer multiples only: every frame pixel the same size.
    PixelPerfect,
    /// As large as the window allows, keeping the aspect ratio.
    Fill,
}

/// The Tab map's zoom at first: pixels per tile.
const MAP_PIXELS_PER_TILE: f64 = 14.0;
/// The minimap's zoom: pixels per tile.
const MINIMAP_PIXELS_PER_TILE: f64 = 6.0;
/// Tiles the Tab map pans per tick while I, J, K or L is held.
const MAP_PAN_PER_TICK: f64 = 0.25;

/// Degrees turned per pixel of mouse motion.
const MOUSE_DEGREES_PER_PIXEL: f64 = 0.15;

/// Degrees turned per tick with the arrow keys (180 degrees a second).
const TURN_PER_TICK: f64 = 180.0 / TICK_HZ as f64;
/// Frames shown per second at most: the game paces itself (vsync does not always throttle).
const FRAME_RATE: u64 = 60;

/// Opens the window and plays until it is closed.
pub fn play(options: PlayOptions) -> Result<()> {
    // Refused before playing, not after: a game's worth of input is not lost at the end.
    if let Some(path) = options.record.as_ref().filter(|p| p.exists()) {
        anyhow::bail!(
            "{} exists: recordings never overwrite a file",
            path.display()
        );
    }
    if let Some(path) = options.screenshot.as_ref().filter(|p| p.exists()) {
        anyhow::bail!(
            "{} exists: screenshots never overwrite a file",
            path.display()
        );
    }
    let replay = match &options.replay {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let recording =
                Recording::parse(&text).map_err(|e| anyhow!("{}:{e}", path.display()))?;
            Some(recording)
        }
        None => None,
    };
    let level = replay
        .as_ref()
        .map_or(options.level.clone(), |r| PathBuf::from(&r.level));
    let session = Session::start(&level, options.textures.as_deref())?;
    let default_keys = Path::new("keys.toml");
    let keys_file = options
        .keys
        .as_deref()
        .or_else(|| default_keys.exists().then_some(default_keys));
    let bindings = keys::load(keys_file)?;
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
    let mut app = App {
        session,
        renderer: Renderer::new(),
        frame,
        fov: options.fov,
        scaling: options.scaling,
        hud: !options.no_hud,
        window: None,
        pixels: None,
        held: HashSet::new(),
        use_pressed: false,
        bindings,
        grabbed: false,
        mouse_dx: 0.0,
        fire_pressed: false,
        weapon_pressed: 0,
        last: Instant::now(),
        behind: 0.0,
        next_frame: Instant::now(),
        frames: 0,
        max_frames: options.frames,
        error: None,
        show_timing: false,
        show_map: false,
        show_minimap: false,
        map_debug: false,
        map_zoom: 1.0,
        map_pan: tilecaster::geom::Vec2::ZERO,
        paused: false,
        profile: Profile::new(),
        cells: Vec::new(),
        last_poll: Instant::now(),
        replay: replay.map(|r| (r.inputs, 0)),
        autopilot: options.demo.then(tilecaster::game::Autopilot::new),
        recording,
    };

    event_loop
        .run_app(&mut app)
        .context("the window's event loop failed")?;
    if let Some(e) = app.error {
        return Err(e);
    }
    if let Some(path) = &options.screenshot {
        app.frame.save_png(path, false)?;
        eprintln!("last frame: {}", path.display());
    }
    if let (Some(path), Some(recording)) = (&options.record, &app.recording) {
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, recording.to_text())
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!(
            "recorded {} ticks: {}",
            recording.inputs.len(),
            path.display()
        );
    }
    let game = &app.session.game;
    eprintln!(
        "final state {:016x} after {} ticks",
        game.state_hash(),
        game.ticks
    );
    Ok(())
}

struct App {
    session: Session,
    renderer: Renderer,
    frame: Frame,
    fov: f64,
    scaling: Scaling,
    /// Whether to draw the status bar, crosshair and messages.
    hud: bool,
    window: Option<Arc<Window>>,
    pixels: Option<Pixels<'static>>,
    /// Keys held down (physical codes).
    held: HashSet<KeyCode>,
    /// Use was pressed since the last tick.
    use_pressed: bool,
    /// What the keys do.
    bindings: keys::Bindings,
    /// Whether the mouse is held for looking around.
    grabbed: bool,
    /// Mouse motion since the last tick, pixels.
    mouse_dx: f64,
    /// Fire was pressed since the last tick.
    fire_pressed: bool,
    /// A weapon number key pressed since the last tick (0: none).
    weapon_pressed: u8,
    last: Instant,
    /// Simulation time owed, seconds.
    behind: f64,
    next_frame: Instant,
    frames: u64,
    max_frames: Option<u64>,
    error: Option<anyhow::Error>,
    /// Inputs being replayed and the next one's index.
    replay: Option<(Vec<Input>, usize)>,
    /// Inputs being recorded.
    recording: Option<Recording>,
    /// F3: the frame time readout.
    show_timing: bool,
    /// Tab: the map from above instead of the eye's view.
    show_map: bool,
    /// M: the minimap in the corner of the eye's view.
    show_minimap: bool,
    /// F4: the maps' debug layers (traversal traces, sight lines, the visibility polygon).
    map_debug: bool,
    /// The Tab map's zoom (mouse wheel, + and -) and pan (I, J, K, L; Backspace recentres).
    map_zoom: f64,
    map_pan: tilecaster::geom::Vec2,
    /// Escape: the pause menu is up and the game stands still.
    paused: bool,
    /// Demo mode: the autopilot's input instead of the keyboard's.
    autopilot: Option<tilecaster::game::Autopilot>,
    /// The last frames' costs, for the F3 profiler.
    profile: Profile,
    /// The cells each column's ray walked in the last frame (reused).
    cells: Vec<u32>,
    last_poll: Instant,
}

impl App {
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
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

    fn input(&mut self) -> Input {
        let down = |k: KeyCode| self.held.contains(&k);
        let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
        let any = |keys: &[tilecaster::keys::Key]| {
            keys.iter().any(|&k| keys::code_of(k).is_some_and(&down))
        };
        let b = &self.bindings;
        let input = Input {
            forward: axis(any(&b.forward), any(&b.back)),
            strafe: axis(any(&b.strafe_right), any(&b.strafe_left)),
            turn: (axis(any(&b.turn_right), any(&b.turn_left)) * TURN_PER_TICK
                + self.mouse_dx * MOUSE_DEGREES_PER_PIXEL)
                .clamp(-360.0, 360.0),
            run: any(&b.run),
            use_pressed: self.use_pressed,
            fire: self.fire_pressed,
            weapon: std::mem::take(&mut self.weapon_pressed),
        };
        self.use_pressed = false;
        self.fire_pressed = false;
        self.mouse_dx = 0.0;
        input
    }

    /// Runs the ticks owed since the last frame (at most a quarter second's worth), with the
    /// keyboard's input or the replay's. `false` once a replay has run out.
    fn simulate(&mut self) -> bool {
        let now = Instant::now();
        self.behind = (self.behind + (now - self.last).as_secs_f64()).min(0.25);
        self.last = now;
        if self.paused && self.replay.is_none() {
            self.behind = 0.0;
            return true;
        }
        while self.behind >= TICK {
            self.behind -= TICK;
            let input = match &mut self.replay {
                Some((inputs, next)) => match inputs.get(*next) {
                    Some(input) => {
                        *next += 1;
                        *input
                    }
                    None => return false,
                },
                None => match &mut self.autopilot {
                    Some(pilot) => pilot.input(&self.session.game),
                    None => self.input(),
                },
            };
            if let Some(r) = &mut self.recording {
                r.inputs.push(input);
            }
            self.session.tick(&input);
            self.pan_map();
        }
        true
    }

    fn draw(&mut self) -> Result<()> {
        let started = Instant::now();
        let session = &self.session;
        let (game, textures) = (&session.game, &session.loaded.textures);
        let sprites = game.sprites(textures);
        let camera: Camera = game.camera(self.fov);
        let layers = MapLayers {
            visibility: self.map_debug,
            automap: true,
            debug: self.map_debug,
            ..MapLayers::rays(self.fov, self.frame.width(), 8)
        };
        if self.show_map {
            let view = MapView::follow(game, &self.frame, MAP_PIXELS_PER_TILE)
                .zoomed(self.map_zoom)
                .panned(self.map_pan);
            draw_map(&mut self.frame, game, &session.assets, &view, &layers);
        } else {
            self.renderer.render(
                &game.level,
                &session.assets,
                game,
                &sprites,
                &camera,
                &mut self.frame,
            );
            if self.show_minimap {
                let view = MapView::minimap(game, &self.frame, MINIMAP_PIXELS_PER_TILE);
                let layers = MapLayers {
                    rays_every: 0,
                    ..layers
                };
                draw_map(&mut self.frame, game, &session.assets, &view, &layers);
            }
        }
        self.profile
            .record(started.elapsed(), self.renderer.stats());
        if self.hud {
            let mut lines: Vec<String> = Vec::new();
            if session.complete {
                let seconds = session.total_ticks / TICK_HZ as u64;
                let t = session.totals();
                lines.push("EPISODE COMPLETE".into());
                lines.push(format!(
                    "TIME {}:{:02}  SCORE {}  KILLS {}/{}  SECRETS {}/{}",
                    seconds / 60,
                    seconds % 60,
                    t.score,
                    t.kills,
                    t.enemies,
                    t.secrets_found,
                    t.secrets
                ));
                lines.push("ESCAPE, THEN Q TO QUIT".into());
            }
            if let Some(m) = session.message() {
                lines.push(m.to_string());
            }
            let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
            hud::draw_hud(&mut self.frame, game, &refs);
        }
        if self.show_timing && !self.show_map {
            self.cells.clear();
            self.cells.extend(self.renderer.cells_per_column());
            draw_profile(&mut self.frame, &self.profile, &self.cells);
        }
        if self.paused {
            hud::draw_menu(
                &mut self.frame,
                "PAUSED",
                &["ESC  RESUME", "R    RESTART LEVEL", "Q    QUIT"],
            );
        }
        let Some(pixels) = self.pixels.as_mut() else {
            return Ok(());
        };
        pixels.frame_mut().copy_from_slice(self.frame.rgba());
        pixels.render().context("cannot show the frame")?;
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

    /// Pans the Tab map while I, J, K or L is held (the zoom keeps its scale).
    fn pan_map(&mut self) {
        if !self.show_map {
            return;
        }
        let down = |k: KeyCode| f64::from(u8::from(self.held.contains(&k)));
        let step = MAP_PAN_PER_TICK / self.map_zoom.max(0.1);
        self.map_pan = self.map_pan
            + tilecaster::geom::Vec2::new(
                down(KeyCode::KeyL) - down(KeyCode::KeyJ),
                down(KeyCode::KeyK) - down(KeyCode::KeyI),
            ) * step;
    }

    /// Saves the current frame as `screenshot-N.png` (the first N not taken).
    fn screenshot(&self) -> Result<PathBuf> {
        let path = (1..10_000)
            .map(|n| PathBuf::from(format!("screenshot-{n}.png")))
            .find(|p| !p.exists())
            .ok_or_else(|| anyhow!("no free screenshot name"))?;
        self.frame.save_png(&path, false)?;
        Ok(path)
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let (w, h) = (self.frame.width(), self.frame.height());
        let title = format!("tilecaster - {}", self.session.game.level.name);
        let attributes = Window::default_attributes()
            .with_title(title)
            .with_inner_size(LogicalSize::new(w * 2, h * 2))
            .with_min_inner_size(LogicalSize::new(w, h));
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Arc::new(window),
            Err(e) => return self.fail(event_loop, anyhow!("cannot open a window: {e}")),
        };
        let size = window.inner_size();
        let surface = SurfaceTexture::new(size.width.max(1), size.height.max(1), window.clone());
        match Pixels::new(w, h, surface) {
            Ok(mut pixels) => {
                if self.scaling == Scaling::Fill {
                    pixels.set_scaling_mode(pixels::ScalingMode::Fill);
                }
                self.pixels = Some(pixels);
            }
            Err(e) => return self.fail(event_loop, anyhow!("cannot start the GPU surface: {e}")),
        }
        self.window = Some(window);
        self.last = Instant::now();
        self.next_frame = Instant::now();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            // Minimised windows are 0x0: nothing to resize to.
            WindowEvent::Resized(size) if size.width > 0 && size.height > 0 => {
                let resized = self
                    .pixels
                    .as_mut()
                    .map(|p| p.resize_surface(size.width, size.height));
                if let Some(Err(e)) = resized {
                    self.fail(event_loop, anyhow!("cannot resize the surface: {e}"));
                }
            }
            WindowEvent::Focused(false) => {
                self.held.clear();
                self.grab(false);
            }
            // The first click takes the mouse for looking around; later clicks fire.
            WindowEvent::MouseWheel { delta, .. } if self.show_map => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y as f64,
                    MouseScrollDelta::PixelDelta(p) => p.y / 40.0,
                };
                if notches.is_finite() {
                    self.map_zoom = (self.map_zoom * 1.25f64.powf(notches)).clamp(0.1, 8.0);
                }
            }
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } if !self.paused => {
                if self.grabbed {
                    self.fire_pressed = true;
                } else {
                    self.grab(true);
                }
            }
            WindowEvent::KeyboardInput {
                event,
                is_synthetic,
                ..
            } => {
                // Synthetic presses are the window system replaying held keys on focus.
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                if is_synthetic {
                    return;
                }
                match event.state {
                    ElementState::Released => {
                        self.held.remove(&code);
                    }
                    ElementState::Pressed => {
                        self.held.insert(code);
                        if event.repeat {
                            return;
                        }
                        if self.paused {
                            // The menu: Escape or Enter resumes, R restarts, Q quits.
                            match code {
                                KeyCode::Escape | KeyCode::Enter => self.paused = false,
                                KeyCode::KeyR => {
                                    self.session.restart_level();
                                    self.paused = false;
                                }
                                KeyCode::KeyQ => event_loop.exit(),
                                _ => {}
                            }
                            return;
                        }
                        if let Some(key) = keys::key_of(code) {
                            if self.bindings.use_.contains(&key) {
                                self.use_pressed = true;
                            }
                            if self.bindings.fire.contains(&key) {
                                self.fire_pressed = true;
                            }
                            if let Some(n) = self.bindings.weapon_number(key) {
                                self.weapon_pressed = n;
                            }
                        }
                        let alt = self.held.contains(&KeyCode::AltLeft)
                            || self.held.contains(&KeyCode::AltRight);
                        match code {
                            // Escape pauses (and lets the mouse go).
                            KeyCode::Escape => {
                                self.paused = true;
                                self.held.clear();
                                self.grab(false);
                            }
                            KeyCode::F11 => self.toggle_fullscreen(),
                            KeyCode::Enter if alt => self.toggle_fullscreen(),
                            KeyCode::F3 => self.show_timing = !self.show_timing,
                            KeyCode::F4 => self.map_debug = !self.map_debug,
                            KeyCode::Tab => self.show_map = !self.show_map,
                            KeyCode::KeyM => self.show_minimap = !self.show_minimap,
                            KeyCode::Equal | KeyCode::NumpadAdd => self.map_zoom *= 1.25,
                            KeyCode::Minus | KeyCode::NumpadSubtract => self.map_zoom /= 1.25,
                            KeyCode::Backspace => {
                                self.map_zoom = 1.0;
                                self.map_pan = tilecaster::geom::Vec2::ZERO;
                            }
                            KeyCode::F5 => {
                                let _ = self.session.reload();
                            }
                            KeyCode::F12 => match self.screenshot() {
                                Ok(path) => eprintln!("screenshot: {}", path.display()),
                                Err(e) => eprintln!("screenshot failed: {e:#}"),
                            },
                            _ => {}
                        }
                    }
                }
            }
            WindowEvent::RedrawRequested => {
                if !self.simulate() {
                    return event_loop.exit();
                }
                if let Err(e) = self.draw() {
                    return self.fail(event_loop, e);
                }
                self.frames += 1;
                if self.max_frames.is_some_and(|n| self.frames >= n) {
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
            if self.grabbed && delta.0.is_finite() {
                self.mouse_dx += delta.0;
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
        // Paced by the game: a redraw every 1/FRAME_RATE seconds, waiting in between.
        if now >= self.next_frame {
            self.next_frame = now + Duration::from_micros(1_000_000 / FRAME_RATE);
            if let Some(w) = &self.window {
                w.request_redraw();
            }
        }
        event_loop.set_control_flow(ControlFlow::WaitUntil(self.next_frame));
    }
}

/// The default level: the bundled episode's first.
pub fn default_level() -> PathBuf {
    Path::new("levels").join("e1m1.toml")
}
