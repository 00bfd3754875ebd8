//! What the player asks of the game beyond playing it: the window's own actions (the map,
//! fullscreen, screenshots, quick saves, mute), the menus' commands (new game, restart, load,
//! save, settings, key bindings, network games, quit), and the settings put in effect. Parts
//! of [`Controller`], kept apart from its frame and input handling.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use tilecaster::bindings::{Action, Key};
use tilecaster::episode::{Score, Session};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::game::MatchRules;
use tilecaster::level::Difficulty;
use tilecaster::scene::hud;
use tilecaster::scene::menu::{Menu, MenuCommand, MenuInput};

use super::controller::{Controller, Effect, menu_world};
use super::front;
#[cfg(feature = "webrtc")]
use super::lobby::Waiting;
use super::platform;

impl Controller {
    /// Fullscreen on, or back to the window (the fullscreen key, Alt+Enter).
    pub(super) fn toggle_fullscreen(&mut self) {
        self.settings.fullscreen = !self.settings.fullscreen;
        self.apply_settings();
        self.store_settings();
    }

    /// Saves the current frame as `screenshot-N.png` (the first N not taken).
    pub(super) fn screenshot(&self) -> Result<PathBuf> {
        let path = (1..10_000)
            .map(|n| PathBuf::from(format!("screenshot-{n}.png")))
            .find(|p| !p.exists())
            .ok_or_else(|| anyhow!("no free screenshot name"))?;
        self.view.frame.save_png(&path, false)?;
        Ok(path)
    }

    /// Carries out one of the window's own actions.
    pub(super) fn act(&mut self, action: Action) {
        if self.overlays.apply(action) {
            // The probe follows the pointer: the mouse is let go for it.
            if action == Action::Probe && self.overlays.probe {
                self.effects.push(Effect::Grab(false));
            }
            return;
        }
        match action {
            Action::Menu => self.open_menu(Menu::pause()),
            Action::Fullscreen => self.toggle_fullscreen(),
            Action::Reload => {
                let _ = self.session_mut().reload();
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
                self.session_mut()
                    .say(if muted { "sound off" } else { "sound on" }.into());
            }
            // A line of chat, in a networked game: the keys type it until Enter or Escape.
            Action::Chat if self.run.kind() == tilecaster::play::Kind::Network => {
                self.latch.release_all();
                self.view.chat = Some(String::new());
            }
            Action::QuickSave => match self.saves.as_deref().map(front::quick_save) {
                Some(path) => self.save_to(&path),
                None => self.session_mut().say("no saves here".into()),
            },
            Action::QuickLoad => match self.saves.as_deref().map(front::quick_save) {
                Some(path) => {
                    if let Err(e) = self.load_from(&path) {
                        eprintln!("not loaded: {e}");
                        self.session_mut().say(format!("not loaded: {e}"));
                    }
                }
                None => self.session_mut().say("no saves here".into()),
            },
            _ => {}
        }
    }

    /// Saves the game to `path` (its folder made if missing), and says so.
    pub(super) fn save_to(&mut self, path: &Path) {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        match self.session().save(path) {
            Ok(()) => {
                eprintln!("saved to {}", path.display());
                // The page keeps its saves in its localStorage too, for the next visit.
                self.session_mut().say(match platform::keep_save(path) {
                    Ok(()) => "game saved".into(),
                    Err(e) => format!("saved for this visit only: {e}"),
                });
                self.slots = front::save_slots(self.saves.as_deref());
            }
            Err(e) => {
                eprintln!("not saved: {e}");
                self.session_mut().say(format!("not saved: {e}"));
            }
        }
    }

    /// Replaces the game with the save at `path`.
    pub(super) fn load_from(&mut self, path: &Path) -> Result<(), tilecaster::episode::SaveError> {
        let session = Session::load(path, &self.sources)?;
        self.leave_network();
        self.play_alone(session);
        if self.recorder.stop() {
            eprintln!(
                "recording stopped at the loaded save: a recording replays a game from a level's start"
            );
        }
        platform::stop_recording();
        Ok(())
    }

    /// A new game of the episode at `difficulty`, from its first level.
    pub(super) fn new_game(&mut self, difficulty: Difficulty) -> Result<()> {
        let level = files::default_path("levels/e1m1.toml");
        let session = Session::start_on(&level, &self.sources, difficulty)?;
        self.leave_network();
        self.play_alone(session);
        self.record_from_start();
        Ok(())
    }

    /// Starts the recording afresh from where the session stands, a level's start (a new
    /// game, a level restarted, a level or recording from the page): natively where
    /// `--record` asked for one, and always in the page (its "Save recording").
    pub(super) fn record_from_start(&mut self) {
        self.recorder.restart(self.run.session());
        platform::record_from_start(self.run.session());
    }

    /// Keeps the settings (their file, or the page's storage); a failure is said.
    pub(super) fn store_settings(&mut self) {
        if let Err(e) = platform::store_settings(&self.settings, self.settings_path.as_deref()) {
            eprintln!("the settings are not kept: {e}");
            self.notice = Some(format!("NOT KEPT: {e}"));
        }
    }

    /// Puts the settings in effect (the command line's over them): the view, the frame's
    /// size, the pace, the sound; the window's size and fullscreen as effects.
    pub(super) fn apply_settings(&mut self) {
        let s = self.overrides.apply(&self.settings);
        self.view.fov = s.fov;
        self.view.renderer.set_mipmaps(s.mipmaps);
        self.view.comfort = hud::Comfort {
            head_bob: s.head_bob,
            damage_flash: s.damage_flash,
        };
        // (The editor's screen has a size of its own.)
        let size = self
            .editor_size()
            .unwrap_or_else(|| front::scaled_size(self.base_size, s.resolution_scale));
        if size != (self.view.frame.width(), self.view.frame.height()) {
            match Frame::new(size.0, size.1) {
                Ok(frame) => {
                    self.view.frame = frame;
                    self.effects.push(Effect::FrameSize(size));
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
        self.effects.push(Effect::Fullscreen(s.fullscreen));
    }

    /// One input to the menu shown, and what it asks done.
    pub(super) fn menu_input(&mut self, input: MenuInput) {
        let Some(mut menu) = self.menu.take() else {
            return;
        };
        let slots = std::mem::take(&mut self.slots);
        let label = |k: Key| self.labels.label(k);
        let lines = std::mem::take(&mut self.score_lines);
        let world = menu_world(
            (self.base_size, &self.view.frame),
            (&slots, &lines),
            &label,
            None,
        );
        let before = self.settings.clone();
        let command = menu.handle(input, &mut self.settings, &world);
        self.menu = Some(menu);
        self.slots = slots;
        self.score_lines = lines;
        let Some(command) = command else { return };
        self.notice = None;
        match command {
            MenuCommand::SettingsChanged => {
                self.overrides.forget_changed(&before, &self.settings);
                self.apply_settings();
                self.store_settings();
            }
            MenuCommand::Resume => self.resume(),
            MenuCommand::Restart => {
                self.session_mut().restart_level();
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
            MenuCommand::QuitToMenu => {
                self.leave_network();
                self.open_menu(Menu::main());
            }
            MenuCommand::EditLevel => {
                self.leave_network();
                let path = self.session().path().to_path_buf();
                self.edit(&path);
            }
            MenuCommand::HostGame { level, deathmatch } => {
                let level = level.unwrap_or_else(|| files::default_path("levels/e1m1.toml"));
                let net = &self.settings.network;
                let deathmatch =
                    deathmatch.then(|| MatchRules::new(net.frag_limit, net.time_limit));
                if platform::ADDRESSES {
                    let port = self.settings.network.port;
                    self.open_lobby(super::Meeting::Host, &level, port, deathmatch, None);
                } else {
                    self.host_room(&level, deathmatch);
                }
            }
            MenuCommand::JoinGame(host, code) => {
                self.store_settings();
                let level = files::default_path("levels/e1m1.toml");
                self.open_lobby(super::Meeting::Join(host), &level, 0, None, Some(code));
            }
            MenuCommand::WatchGame(host, code) => {
                self.store_settings();
                let level = files::default_path("levels/e1m1.toml");
                self.open_lobby(super::Meeting::Watch(host), &level, 0, None, Some(code));
            }
            #[cfg(feature = "webrtc")]
            MenuCommand::JoinRoom(code) => {
                self.store_settings();
                self.open_room(Some(&code), None);
            }
            #[cfg(feature = "webrtc")]
            MenuCommand::WatchRoom(code) => {
                self.store_settings();
                self.watch_room(&code);
            }
            #[cfg(not(feature = "webrtc"))]
            MenuCommand::JoinRoom(_) | MenuCommand::WatchRoom(_) => {
                self.notice = Some("THIS BUILD HAS NO ROOMS (THE WEBRTC FEATURE)".into());
            }
            MenuCommand::Quit => self.effects.push(Effect::Quit),
            MenuCommand::NameEntered(name) => self.keep_score(name),
        }
    }

    /// The pending run into the high-score table under `name`, the table kept.
    fn keep_score(&mut self, name: String) {
        if let Some(run) = self.pending_score.take() {
            self.scores.insert(Score { name, ..run });
            self.score_lines = front::score_lines(&self.scores);
            if let Err(e) = front::store_scores(&self.scores, self.settings_path.as_deref()) {
                eprintln!("the high scores are not kept: {e}");
                self.notice = Some(format!("NOT KEPT: {e}"));
            }
        }
    }

    /// Hosts a lobby in a new room (`host`: the level and a deathmatch's rules) or joins the
    /// one in room `code`, from the Multiplayer page, as the player the settings name, through
    /// the signalling server the page names; the menu closes over it, or says why not.
    #[cfg(feature = "webrtc")]
    pub(super) fn open_room(
        &mut self,
        code: Option<&str>,
        host: Option<(&Path, Option<MatchRules>)>,
    ) {
        use tilecaster::net::lobby::GameChoice;
        let now = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        // A seed of the moment (the host's is everyone's), and a room's code drawn from the
        // system's generator (one drawn from the clock could be guessed).
        let seed = now;
        let code = code.map_or_else(tilecaster::net::lobby::random_code, str::to_string);
        let choice = match host {
            Some((level, rules)) => {
                match GameChoice::new(level, self.settings.network.difficulty, seed, rules) {
                    Ok(choice) => Some(choice),
                    Err(e) => {
                        self.notice = Some(format!("{e:#}"));
                        return;
                    }
                }
            }
            None => None,
        };
        self.leave_network();
        let server = platform::signalling_server(&self.settings);
        let name = self.settings.network.name.clone();
        let mut seat = Waiting::in_room(&server, &code, choice, &name);
        seat.set_colour(self.settings.network.colour);
        self.waiting = Some(seat);
        self.close_menu();
    }

    /// Watches the game of the lobby in room `code`, from the Multiplayer page (or the page's
    /// `?watch=CODE`), through the signalling server the page names; the menu closes over
    /// the spectator's panel until the host answers.
    #[cfg(feature = "webrtc")]
    pub(super) fn watch_room(&mut self, code: &str) {
        self.leave_network();
        let server = platform::signalling_server(&self.settings);
        self.waiting = Some(Waiting::watch_room(&server, code));
        self.close_menu();
    }

    /// Hosts a game in a new room (where there are no addresses to host on: the page), or
    /// says why there are none here.
    fn host_room(&mut self, level: &Path, deathmatch: Option<MatchRules>) {
        #[cfg(feature = "webrtc")]
        self.open_room(None, Some((level, deathmatch)));
        #[cfg(not(feature = "webrtc"))]
        {
            let _ = (level, deathmatch);
            self.notice = Some("THIS PAGE WAS BUILT WITHOUT NETWORK PLAY".into());
        }
    }

    /// Opens a lobby met by address from the Multiplayer page (hosting on `port` of every
    /// address, or joining), as the player the settings name; the menu closes over it, or
    /// says why not (a page meets others in rooms only).
    fn open_lobby(
        &mut self,
        meeting: super::Meeting,
        level: &Path,
        port: u16,
        deathmatch: Option<MatchRules>,
        code: Option<String>,
    ) {
        // A seed of the moment: every game a new one (the host's is everyone's).
        let seed = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let net = super::NetOptions {
            bind: std::net::SocketAddr::from(([0, 0, 0, 0], port)),
            peers: Vec::new(),
            seat: 0,
            seed,
            deathmatch,
            meeting,
            name: self.settings.network.name.clone(),
            code,
        };
        // (A lobby or game this machine is in goes first: it may hold the port.)
        self.leave_network();
        match platform::open_lobby(&net, level, self.settings.network.difficulty) {
            Ok(mut seat) => {
                seat.set_colour(self.settings.network.colour);
                self.waiting = Some(seat);
                self.close_menu();
            }
            Err(e) => self.notice = Some(format!("{e:#}")),
        }
    }
}

impl Controller {
    /// The gamepads' events since the last frame: to the menu shown, or to the game. (The
    /// `gamepad` feature feeds it, natively; the page's touch controls, in the browser.)
    #[cfg_attr(
        all(not(feature = "gamepad"), not(target_arch = "wasm32")),
        allow(dead_code)
    )]
    pub(super) fn gamepad_events(&mut self, events: Vec<super::pad::PadEvent>) {
        for event in events {
            if self.menu.is_some() {
                if let Some(input) = self.latch.pad.in_menu(event) {
                    self.menu_input(input);
                }
                continue;
            }
            let Some(press) = self.latch.pad.playing(event) else {
                continue;
            };
            match press {
                // Playing from the editor, the pause button goes back to it as Escape does
                // (a phone's touch controls have no Escape).
                super::pad::PadPress::Menu if self.editing.as_ref().is_some_and(|e| e.playing) => {
                    self.editor_key(Key::Escape, false);
                }
                super::pad::PadPress::Menu => self.open_menu(Menu::pause()),
                super::pad::PadPress::Map => self.act(Action::Map),
                _ => {
                    // The next weapon carried after the one in hand, round to the first.
                    let game = &self.session().game;
                    let carried = &game.seat().player.weapons;
                    let next = carried
                        .iter()
                        .find(|&&w| w > game.seat().weapon)
                        .or(carried.first())
                        .map_or(0, |w| w.number());
                    self.latch.pad_press(press, next);
                }
            }
        }
    }
}
