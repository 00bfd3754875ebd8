//! The controller: everything the game's front end does that is not the window's. It takes
//! the player's keys, buttons and menu inputs, runs the game's ticks, carries out menu
//! commands (new game, restart, save, load, settings, key bindings, quit), keeps recordings,
//! composes the frame, and hands back what only the window can do as [`Effect`]s (take the
//! mouse, go fullscreen, resize the frame, quit). It holds no window types, so its behaviour
//! is unit-tested without a display (`tests` below); `super` is the winit and wgpu glue.

use std::path::{Path, PathBuf};
use std::time::Duration;
use web_time::Instant;

use anyhow::{Result, anyhow};
use tilecaster::assets::Sources;
use tilecaster::bindings::{Action, Key};
use tilecaster::episode::{HighScores, Recording, Score, Session};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::game::{Autopilot, Input};
use tilecaster::level::Difficulty;
use tilecaster::scene::menu::{EPISODE, Menu, MenuCommand, MenuInput, MenuWorld, Page, SaveSlot};
use tilecaster::scene::{Composer, MenuShown, Overlays, SessionAssets, hud};
use tilecaster::settings::Settings;

use super::clock::Clock;
use super::front::{self, Overrides};
use super::input::InputLatch;
use super::keymap::KeyLabels;
use super::platform;
use super::sound::GameSound;
#[cfg(target_arch = "wasm32")]
use super::web;

/// What only the window can do, asked for by the controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effect {
    /// Take the mouse for looking around (the cursor hidden and held), or let it go.
    Grab(bool),
    /// Fullscreen, or a window.
    Fullscreen(bool),
    /// The frame is now this size (the surface follows).
    FrameSize((u32, u32)),
    /// End the game.
    Quit,
}

/// Who plays: the keyboard and mouse, a recording, or the autopilot; or one seat of a
/// networked game.
pub(super) enum Pilot {
    Keyboard,
    /// A recording being replayed: its inputs (each tick's every seat, seat 0 first), its
    /// seats, and the next tick's index. A recording of one player plays through the
    /// episode's rules (levels, tallies); one of a networked game ticks its seats together.
    Replay {
        inputs: Vec<Input>,
        seats: usize,
        next: usize,
    },
    Autopilot(Autopilot),
    /// This machine's seat of a networked game (the autopilot playing it in demo mode).
    Net(Box<NetSeat>),
    /// Waiting in a lobby for a networked game to start.
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "webrtc")), allow(dead_code))]
    Lobby(Box<LobbySeat>),
    /// Waiting in a signalling server's room for the others (the page).
    #[cfg(feature = "webrtc")]
    Room(Box<RoomSeat>),
}

/// The pilot that replays `recording` on `session` (at the recording's start): a networked
/// game's recording turns the session's game into that game of several (its seed, seats and
/// mode), seen from seat 0, as `tilecaster replay` plays it.
pub(super) fn replay_of(recording: Recording, session: &mut Session) -> Pilot {
    let seats = recording.seats.max(1);
    if seats > 1 || recording.seed.is_some() {
        let seed = recording.seed.unwrap_or(0);
        session.game = session.game_of_several(seed, seats, recording.deathmatch);
    }
    Pilot::Replay {
        inputs: recording.inputs,
        seats,
        next: 0,
    }
}

/// A player's line on the lobby's panel: place, name, colour.
fn player_line(index: usize, name: &str, colour: Option<&u8>) -> String {
    let names = tilecaster::level::COLOUR_NAMES;
    match colour {
        Some(&c) => format!(
            "{}. {name} ({})",
            index + 1,
            names[usize::from(c) % names.len()].to_uppercase()
        ),
        None => format!("{}. {name}", index + 1),
    }
}

/// Ticks a networked co-op game shows "level complete" before the next level.
const NEXT_LEVEL_TICKS: u64 = 3 * tilecaster::game::TICK_HZ as u64;

/// This machine waiting in a room of a signalling server (the page's network play): the game
/// begins when the room is full.
#[cfg(feature = "webrtc")]
pub(super) struct RoomSeat {
    pub(super) room: tilecaster::episode::room::Room,
    /// The game's seed (the same for everyone in the room: from its address).
    pub(super) seed: u64,
    /// A deathmatch under these rules; `None`: co-op.
    pub(super) deathmatch: Option<tilecaster::game::MatchRules>,
    /// The autopilot plays the seat once the game starts.
    pub(super) demo: bool,
}

/// This machine's seat of a networked game, as the window plays it.
pub(super) struct NetSeat {
    pub(super) net: tilecaster::game::net::NetPlay,
    /// Where this machine sits (to go on to the next level with the same peers).
    pub(super) seats: tilecaster::episode::NetSeats,
    /// Plays the seat instead of the keyboard (`--demo`).
    pub(super) autopilot: Option<Autopilot>,
    /// Whether this is a level after the first (the machines change levels one by one).
    pub(super) next: bool,
}

/// A lobby this machine hosts or has joined.
#[cfg_attr(all(target_arch = "wasm32", not(feature = "webrtc")), allow(dead_code))]
pub(super) enum Lobby {
    Host(tilecaster::episode::lobby::Host),
    Join(tilecaster::episode::lobby::Joiner),
}

/// This machine waiting in a lobby for a networked game to start, as the window shows it.
pub(super) struct LobbySeat {
    pub(super) lobby: Lobby,
    /// The autopilot plays the seat once the game starts (`--demo`).
    pub(super) demo: bool,
    /// Where the lobby is, as its panel says it: the host's address joined, where the others
    /// reach this machine's, or the room's code (`ROOM 482913`).
    pub(super) place: String,
}

impl LobbySeat {
    /// Hosts a lobby for the game `choice` in the room `code` of the signalling server at
    /// `server`, or joins the one there (`choice` none): the page's network play, where the
    /// others come by the room's code.
    #[cfg(feature = "webrtc")]
    pub(super) fn in_room(
        server: &str,
        code: &str,
        choice: Option<tilecaster::episode::lobby::GameChoice>,
        name: &str,
    ) -> LobbySeat {
        use tilecaster::episode::lobby::{Host, Joiner};
        let url = format!("{}/tilecaster-{code}", server.trim_end_matches('/'));
        let carrier = tilecaster::episode::room::Room::lobby_carrier(&url);
        let lobby = match choice {
            Some(choice) => {
                let most = choice.most_seats();
                Lobby::Host(Host::over(carrier, name, choice, most))
            }
            None => Lobby::Join(Joiner::over(carrier, None, name)),
        };
        LobbySeat {
            lobby,
            demo: false,
            place: format!("ROOM {code}"),
        }
    }

    /// Hosts a lobby for the game of `level` (as `net` says: the seed, the mode), or joins
    /// the one `net` names.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn open(
        net: &super::NetOptions,
        level: &std::path::Path,
        difficulty: Difficulty,
        demo: bool,
    ) -> Result<LobbySeat> {
        use tilecaster::episode::lobby::{GameChoice, Host, Joiner};
        let (lobby, address) = match net.meeting {
            super::Meeting::Join(host) => (
                Lobby::Join(Joiner::connect(net.bind, host, &net.name)?),
                host,
            ),
            super::Meeting::Named => anyhow::bail!("no lobby: every peer is named"),
            super::Meeting::Host => {
                let rules = net.deathmatch.then(tilecaster::game::MatchRules::default);
                let choice = GameChoice::new(level, difficulty, net.seed, rules)?;
                let most = choice.most_seats();
                let host = Host::open(net.bind, &net.name, choice, most)?;
                let address = host.local_addr().unwrap_or(net.bind);
                // Listening on every address: shown as the one the others would use.
                let address = match address.ip().is_unspecified() {
                    true => tilecaster::episode::lobby::address_for_others(address.port())
                        .unwrap_or(address),
                    false => address,
                };
                (Lobby::Host(host), address)
            }
        };
        let place = match lobby {
            Lobby::Host(_) => format!("ON {address}"),
            Lobby::Join(_) => address.to_string(),
        };
        Ok(LobbySeat { lobby, demo, place })
    }

    /// The player wears `colour` (an index of the seats' colours; the host gives the next
    /// free one where another player wears it).
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "webrtc")), allow(dead_code))]
    pub(super) fn set_colour(&mut self, colour: usize) {
        match &mut self.lobby {
            Lobby::Host(host) => host.set_colour(colour),
            Lobby::Join(joiner) => joiner.set_colour(colour),
        }
    }

    /// The lobby's panel: the game, the players, what to press.
    fn lines(&self) -> Vec<String> {
        use tilecaster::episode::lobby::GameChoice;
        let describe = |c: &GameChoice| c.describe().to_uppercase();
        let mut lines = Vec::new();
        match &self.lobby {
            Lobby::Host(host) => {
                lines.push(format!("HOSTING {}", self.place));
                lines.push(describe(host.choice()));
                lines.push(String::new());
                let colours = host.colours();
                for (i, name) in host.players().iter().enumerate() {
                    lines.push(player_line(i, name, colours.get(i)));
                }
                lines.push(String::new());
                lines.push(if host.players().len() > 1 {
                    "PRESS USE TO START".into()
                } else {
                    "WAITING FOR PLAYERS TO JOIN".into()
                });
                if let Some(code) = self.place.strip_prefix("ROOM ") {
                    lines.push(format!("THE OTHERS JOIN WITH THE CODE {code}"));
                }
            }
            Lobby::Join(joiner) => {
                lines.push(format!("JOINING {}", self.place));
                match joiner.roster() {
                    Some((names, choice)) => {
                        lines.push(describe(choice));
                        lines.push(String::new());
                        for (i, name) in names.iter().enumerate() {
                            lines.push(player_line(i, name, joiner.colours().get(i)));
                        }
                        lines.push(String::new());
                        lines.push(match joiner.round_trip_ms() {
                            Some(ms) => format!("ROUND TRIP {ms} MS: WAITING FOR THE HOST"),
                            None => "WAITING FOR THE HOST TO START".into(),
                        });
                    }
                    None => lines.push(format!("NO ANSWER YET ({} S)", joiner.silence().as_secs())),
                }
            }
        }
        lines
    }
}

/// The front end's state, without a window.
pub(super) struct Controller {
    pub(super) session: Session,
    /// The session's current level resolved for the renderer.
    pub(super) assets: SessionAssets,
    /// Draws the frame.
    pub(super) view: Composer,
    /// The keyboard and mouse since the last tick.
    pub(super) latch: InputLatch,
    /// How the player's keyboard labels its keys.
    pub(super) labels: KeyLabels,
    /// Whether the mouse is held for looking around (as the window last reported).
    pub(super) grabbed: bool,
    pub(super) clock: Clock,
    pub(super) overlays: Overlays,
    pub(super) pilot: Pilot,
    /// Inputs being recorded (`--record`): one game from a level's start; a new game or a
    /// restart starts it afresh ([`Controller::record_from_start`]).
    pub(super) recording: Option<Recording>,
    /// Whether recording stopped because a save was loaded (a recording replays a game from
    /// a level's start, not from a saved state).
    pub(super) recording_stopped: bool,
    /// The game's sound.
    pub(super) sound: GameSound,
    /// The `--textures` and `--data` folders given on the command line (loads use them too).
    pub(super) sources: Sources,
    /// When the level's files were last looked at for live reload.
    pub(super) last_poll: Instant,
    /// The player's settings, as kept in their file (the menus change them).
    pub(super) settings: Settings,
    /// The settings file (`None`: not kept, as in the browser, which keeps them in the page).
    pub(super) settings_path: Option<PathBuf>,
    /// What the command line set for this run over the settings.
    pub(super) overrides: Overrides,
    /// The saves folder (`None`: no saves).
    pub(super) saves: Option<PathBuf>,
    /// The save slots and what they hold, as read when a menu last opened or a save was
    /// made (not at every frame).
    pub(super) slots: Vec<SaveSlot>,
    /// The menu shown, if any: the game stands still under it.
    pub(super) menu: Option<Menu>,
    /// The frame size at resolution scale 1.
    pub(super) base_size: (u32, u32),
    /// When the menu came up (the level behind the main menu turns from then).
    pub(super) menu_started: Instant,
    /// A line the menu shows at its bottom (a save that would not load).
    pub(super) notice: Option<String>,
    /// What the window is asked to do, in order, since it last took them.
    effects: Vec<Effect>,
    /// The high-score table, and its lines as the menu shows them.
    pub(super) scores: HighScores,
    pub(super) score_lines: Vec<String>,
    /// The run that made the table, waiting for its name.
    pub(super) pending_score: Option<Score>,
    /// Whether the page's canvas held the mouse at the last frame.
    #[cfg(target_arch = "wasm32")]
    pub(super) page_locked: bool,
}

/// What the menus show besides themselves: the save slots, the high scores, the keys' labels,
/// the sizes (the base size and the frame's), a notice.
fn menu_world<'a>(
    (base_size, frame): ((u32, u32), &Frame),
    (saves, scores): (&'a [SaveSlot], &'a [String]),
    label: &'a dyn Fn(Key) -> String,
    notice: Option<&'a str>,
) -> MenuWorld<'a> {
    MenuWorld {
        saves,
        scores,
        episode: EPISODE,
        base_size,
        frame: (frame.width(), frame.height()),
        label,
        notice,
        can_quit: platform::CAN_QUIT,
        // (The page plays with others in rooms, where it is built with WebRTC.)
        network: cfg!(any(not(target_arch = "wasm32"), feature = "webrtc")),
        rooms: cfg!(feature = "webrtc"),
        addresses: cfg!(not(target_arch = "wasm32")),
        arenas: arenas(),
    }
}

/// The bundled levels with deathmatch spawn points, as the Multiplayer page offers them.
const ARENAS: [(&str, &str); 3] = [
    ("Entry Hall", "levels/e1m1.toml"),
    ("Command Post", "levels/e1m3.toml"),
    ("The Cloisters", "levels/e1m4.toml"),
];

/// [`ARENAS`] with their files found.
fn arenas() -> &'static [(String, PathBuf)] {
    static FOUND: std::sync::OnceLock<Vec<(String, PathBuf)>> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        ARENAS
            .iter()
            .map(|&(name, file)| (name.to_string(), files::default_path(file)))
            .collect()
    })
}

impl Controller {
    /// A controller of `session`, drawing with `view`, the settings read from
    /// `settings_path` (kept there when changed) under the command line's `overrides`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        session: Session,
        view: Composer,
        (settings, settings_path, overrides): (Settings, Option<PathBuf>, Overrides),
        pilot: Pilot,
        recording: Option<Recording>,
        sound: GameSound,
        (sources, clock, base_size): (Sources, Clock, (u32, u32)),
        menu: Option<Menu>,
    ) -> Controller {
        let saves = front::saves_dir(settings_path.as_deref());
        let (scores, said) = front::load_scores(settings_path.as_deref());
        if let Some(said) = said {
            eprintln!("{said}");
        }
        let mut controller = Controller {
            score_lines: front::score_lines(&scores),
            scores,
            pending_score: None,
            assets: SessionAssets::new(&session),
            session,
            view,
            latch: InputLatch::default(),
            labels: KeyLabels::default(),
            grabbed: false,
            clock,
            overlays: Overlays::default(),
            pilot,
            recording,
            recording_stopped: false,
            sound,
            sources,
            last_poll: Instant::now(),
            slots: front::save_slots(saves.as_deref()),
            saves,
            settings,
            settings_path,
            overrides,
            menu,
            base_size,
            menu_started: Instant::now(),
            notice: None,
            effects: Vec::new(),
            #[cfg(target_arch = "wasm32")]
            page_locked: false,
        };
        controller.apply_settings();
        controller
    }

    /// What the window is asked to do since it last took them, in order.
    pub(super) fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Draws the frame: the game, or what a menu shows, with the menu over it.
    pub(super) fn compose(&mut self) {
        let assets = self.assets.of(&self.session);
        let labels = &self.labels;
        let label = |k: Key| labels.label(k);
        let world = menu_world(
            (self.base_size, &self.view.frame),
            (&self.slots, &self.score_lines),
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
    }

    /// A key pressed or released (`None`: one the game does not know): to the menu shown, or
    /// to the game.
    pub(super) fn key(&mut self, key: Option<Key>, down: bool, repeat: bool) {
        if !down {
            if let Some(key) = key {
                self.latch.release(key);
            }
            return;
        }
        if self.menu.is_some() {
            if repeat && self.menu.as_ref().is_some_and(Menu::waiting_for_key) {
                return;
            }
            if let Some(input) = self.menu_key(key) {
                self.menu_input(input);
            }
            return;
        }
        if let Some(key) = key {
            self.pressed(key, repeat);
        }
    }

    /// A mouse button pressed or released: a menu's click, back or binding; the first click
    /// of a game takes the mouse; later ones do what they are bound to.
    pub(super) fn button(&mut self, key: Key, down: bool) {
        if !down {
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
                self.menu_input(input);
            }
        } else if !self.grabbed && key == Key::Mouse(1) {
            self.effects.push(Effect::Grab(true));
        } else {
            self.pressed(key, false);
        }
    }

    /// The mouse pointer over the frame (frame pixels), or off it.
    pub(super) fn pointer(&mut self, at: Option<(f64, f64)>) {
        self.overlays.pointer = at;
        if let Some((x, y)) = at.filter(|_| self.menu.is_some()) {
            self.menu_input(MenuInput::Point(x, y));
        }
    }

    /// The mouse wheel turned by `notches` (up positive): a menu's line, or the map's zoom.
    pub(super) fn wheel(&mut self, notches: f64) {
        if self.menu.is_some() {
            if notches.abs() >= 0.5 {
                let way = if notches > 0.0 {
                    MenuInput::Up
                } else {
                    MenuInput::Down
                };
                self.menu_input(way);
            }
        } else if self.overlays.map {
            self.overlays.zoom_by(notches);
        }
    }

    /// The window lost the focus: every key let go, the mouse too.
    pub(super) fn focus_lost(&mut self) {
        self.latch.release_all();
        self.effects.push(Effect::Grab(false));
    }

    /// Live reload: the level's files looked at twice a second; what a reload did said on the
    /// terminal too (modders watch it), with the error's place.
    pub(super) fn poll_files(&mut self) {
        let now = Instant::now();
        if now - self.last_poll > Duration::from_millis(500) {
            self.last_poll = now;
            if self.session.reload_if_changed() {
                if let Some(message) = self.session.message() {
                    eprintln!("{}: {message}", self.session.path().display());
                }
            }
        }
    }

    /// Runs the ticks owed since the last frame (at most a quarter second's worth), with the
    /// keyboard's input, the replay's or the autopilot's. `false` once a replay has run out.
    /// Under a menu the game stands still (a replay goes on).
    pub(super) fn simulate(&mut self) -> bool {
        if matches!(self.pilot, Pilot::Lobby(_)) {
            self.wait_in_lobby();
            return true;
        }
        #[cfg(feature = "webrtc")]
        if matches!(self.pilot, Pilot::Room(_)) {
            self.wait_in_room();
            return true;
        }
        if let Pilot::Net(seat) = &mut self.pilot {
            // A networked game does not wait under a menu: the others play on. A machine too
            // far ahead of the others' inputs is held back by the session (its ticks are not
            // played until they catch up). (Playing a tick fewer whenever `ggrs` estimated this
            // machine ahead stalled both windows under Xvfb: its estimate swings with the
            // frames' bursts of ticks.)
            let ticks = self.clock.ticks_owed(false);
            use tilecaster::game::net::NetEvent;
            // Between two levels of co-op, the machine that goes on first sends the next
            // level's datagrams to the others' last one (and the last one's may still reach
            // its next): another game's datagrams then are expected, and not said.
            let between = seat.net.finished_at().is_some() || (seat.next && !seat.net.running());
            let mut said: Vec<String> = seat
                .net
                .poll()
                .iter()
                .filter(|e| match e {
                    NetEvent::Synchronizing { .. } => false,
                    NetEvent::OtherGame { .. } => !between,
                    _ => true,
                })
                .map(ToString::to_string)
                .collect();
            for _ in 0..ticks {
                if !seat.net.running() {
                    break;
                }
                let input = match &mut seat.autopilot {
                    Some(pilot) => pilot.input(seat.net.game()),
                    // Under a menu the player stands still (the keys are the menu's).
                    None if self.menu.is_some() => Input::default(),
                    None => self.latch.take(&self.settings),
                };
                if let Err(e) = seat.net.advance(input) {
                    said.push(e.to_string());
                    break;
                }
            }
            self.session.game.clone_from(seat.net.game());
            self.view.profile.record_network(Some(seat.net.summary()));
            let game = &self.session.game;
            said.extend(
                game.events
                    .iter()
                    .filter_map(|e| e.message_for(game.viewer).map(String::from)),
            );
            for line in said {
                eprintln!("{line}");
                self.session.say(line);
            }
            self.sound.tick(&self.session);
            self.next_network_level();
            return true;
        }
        let replaying = matches!(self.pilot, Pilot::Replay { .. });
        let held = (self.menu.is_some() && !replaying) || platform::holds_the_game();
        let ticks = self.clock.ticks_owed(held);
        for _ in 0..ticks {
            let input = match &mut self.pilot {
                Pilot::Replay {
                    inputs,
                    seats: 1,
                    next,
                } => match inputs.get(*next) {
                    Some(input) => {
                        *next += 1;
                        *input
                    }
                    None => return false,
                },
                Pilot::Replay {
                    inputs,
                    seats,
                    next,
                } => {
                    // A networked game's recording: every seat's input of the tick at once.
                    let Some(tick) = inputs.get(*next * *seats..(*next + 1) * *seats) else {
                        return false;
                    };
                    *next += 1;
                    self.session.game.tick_seats(tick);
                    self.sound.tick(&self.session);
                    continue;
                }
                Pilot::Autopilot(pilot) => pilot.input(&self.session.game),
                Pilot::Keyboard => self.latch.take(&self.settings),
                // (Played above.)
                Pilot::Net(_) | Pilot::Lobby(_) => return true,
                #[cfg(feature = "webrtc")]
                Pilot::Room(_) => return true,
            };
            if !self.recording_stopped {
                if let Some(r) = &mut self.recording {
                    r.inputs.push(input);
                }
                // The page keeps every game's inputs, for "Save recording".
                platform::recorded(input);
            }
            self.session.tick(&input);
            self.sound.tick(&self.session);
            if self.run_ended() {
                // A name to type: the game stands still under the menu.
                break;
            }
            // The episode's end: the player's use (or fire) goes back to the main menu, for a
            // new game.
            let pressed = input.use_pressed || input.fire;
            let keyboard = matches!(self.pilot, Pilot::Keyboard);
            if self.session.complete && pressed && keyboard && self.menu.is_none() {
                self.open_menu(Menu::main());
                break;
            }
            let keys = &self.settings.keys;
            let held = |a: Action| f64::from(u8::from(self.latch.action_held(keys, a)));
            let right = held(Action::PanRight) - held(Action::PanLeft);
            let down = held(Action::PanDown) - held(Action::PanUp);
            self.overlays.pan(right, down);
        }
        true
    }

    /// Answers the lobby, and starts the game when the host does (the host's use or fire
    /// starts it once another player is in; `--demo`'s as soon as one is); a refusal ends the
    /// lobby with what the host said (and a room that cannot be met, with why).
    fn wait_in_lobby(&mut self) {
        use tilecaster::episode::lobby::LobbyEvent;
        let Pilot::Lobby(seat) = &mut self.pilot else {
            return;
        };
        // The game stands still behind the lobby; the keys are the lobby's.
        self.clock.ticks_owed(true);
        let input = self.latch.take(&self.settings);
        let events = match &mut seat.lobby {
            Lobby::Host(host) => {
                // (The autopilot waits for the joiners' round trips, which set the delay.)
                let pressed = (input.use_pressed || input.fire) && self.menu.is_none();
                let ready = seat.demo && host.longest_round_trip_ms().is_some();
                if (pressed || ready) && host.players().len() > 1 {
                    host.start();
                }
                host.poll()
            }
            Lobby::Join(joiner) => joiner.poll(),
        };
        let fault = match &seat.lobby {
            Lobby::Host(host) => host.fault(),
            Lobby::Join(joiner) => joiner.fault(),
        };
        if let Some(why) = fault {
            let line = format!("cannot play in the room: {why}");
            eprintln!("{line}");
            self.pilot = Pilot::Keyboard;
            self.view.lobby.clear();
            self.open_menu(Menu::main());
            self.notice = Some(line.to_uppercase());
            return;
        }
        self.view.lobby = seat.lines();
        for event in events {
            let line = event.to_string();
            eprintln!("{line}");
            match event {
                LobbyEvent::Started(plan) => {
                    let demo = seat.demo;
                    // The game goes on over the lobby's socket.
                    let carrier = match &seat.lobby {
                        Lobby::Host(host) => host.carrier(),
                        Lobby::Join(joiner) => joiner.carrier(),
                    };
                    self.pilot = Pilot::Keyboard;
                    self.view.lobby.clear();
                    if let Err(e) = self.begin_network(plan, demo, carrier) {
                        eprintln!("cannot start the network game: {e:#}");
                        self.open_menu(Menu::main());
                        self.notice = Some(format!("cannot start the network game: {e:#}"));
                    }
                    return;
                }
                LobbyEvent::Refused { .. } => {
                    self.pilot = Pilot::Keyboard;
                    self.view.lobby.clear();
                    self.open_menu(Menu::main());
                    self.notice = Some(line);
                    return;
                }
                _ => self.session.say(line.to_uppercase()),
            }
        }
    }

    /// Waits in the page's room until everyone is there, then starts the networked game over
    /// its data channels; a room that cannot be met says why and leaves the player their own
    /// game.
    #[cfg(feature = "webrtc")]
    fn wait_in_room(&mut self) {
        use tilecaster::episode::room::RoomState;
        let Pilot::Room(seat) = &mut self.pilot else {
            return;
        };
        // The game stands still behind the panel.
        self.clock.ticks_owed(true);
        let _ = self.latch.take(&self.settings);
        let state = seat.room.poll();
        let mut lines = vec![format!("ROOM {}", seat.room.url().to_uppercase())];
        match state {
            RoomState::Waiting { here, wanted } => {
                lines.push(format!("{here} OF {wanted} PLAYERS HERE"));
                lines.push("WAITING FOR THE OTHERS".into());
                self.view.lobby = lines;
            }
            RoomState::Failed(why) => {
                let line = format!("cannot play in the room: {why}");
                self.pilot = Pilot::Keyboard;
                self.view.lobby.clear();
                self.session.say(line.to_uppercase());
                platform::show_error(&line);
            }
            RoomState::Full { seat: mine, peers } => {
                let seats = tilecaster::episode::NetSeats {
                    // (Not used: the room's channels carry the datagrams.)
                    bind: std::net::SocketAddr::from(([0, 0, 0, 0], 0)),
                    peers,
                    seat: mine,
                    seed: seat.seed,
                    input_delay: 2,
                    deathmatch: seat.deathmatch,
                    colours: Vec::new(),
                };
                let demo = seat.demo;
                let started = seat
                    .room
                    .carrier()
                    .ok_or_else(|| anyhow!("the room closed as the game began"))
                    .and_then(|carrier| Ok(self.session.join_network_over(&seats, carrier)?));
                self.view.lobby.clear();
                match started {
                    Ok(mut net) => {
                        self.record_network_from_start(&mut net);
                        eprintln!("seat {mine} of {} in the room", seats.peers.len() + 1);
                        self.pilot = Pilot::Net(Box::new(NetSeat {
                            net,
                            autopilot: demo.then(|| Autopilot::for_seat(mine)),
                            seats,
                            next: false,
                        }));
                    }
                    Err(e) => {
                        let line = format!("cannot start the network game: {e:#}");
                        self.pilot = Pilot::Keyboard;
                        self.session.say(line.to_uppercase());
                        platform::show_error(&line);
                    }
                }
            }
        }
    }

    /// Hosts a lobby in a new room (`host`: the level and whether a deathmatch) or joins the
    /// one in room `code`, from the Multiplayer page, as the player the settings name, through
    /// the signalling server the page names; the menu closes over it, or says why not.
    #[cfg(feature = "webrtc")]
    fn open_room(&mut self, code: Option<&str>, host: Option<(&std::path::Path, bool)>) {
        use tilecaster::episode::lobby::GameChoice;
        let now = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        // A seed of the moment (the host's is everyone's), and a room's code drawn from it.
        let seed = now;
        let drawn = (tilecaster::game::Rng::new(now).unit() * 1e6) as u32;
        let code = code.map_or_else(|| format!("{drawn:06}"), str::to_string);
        let choice = match host {
            Some((level, deathmatch)) => {
                let rules = deathmatch.then(tilecaster::game::MatchRules::default);
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
        #[cfg(target_arch = "wasm32")]
        let server = platform::signalling_server();
        #[cfg(not(target_arch = "wasm32"))]
        let server = self.settings.network.signal.clone();
        let name = self.settings.network.name.clone();
        let mut seat = LobbySeat::in_room(&server, &code, choice, &name);
        seat.set_colour(self.settings.network.colour);
        self.pilot = Pilot::Lobby(Box::new(seat));
        self.close_menu();
    }

    /// Opens a lobby from the Multiplayer page (hosting on `port` of every address, or
    /// joining), as the player the settings name; the menu closes over it, or says why not.
    #[cfg(not(target_arch = "wasm32"))]
    fn open_lobby(
        &mut self,
        meeting: super::Meeting,
        level: &std::path::Path,
        port: u16,
        deathmatch: bool,
    ) {
        // A seed of the moment: every game a new one (the host's is everyone's).
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let net = super::NetOptions {
            bind: std::net::SocketAddr::from(([0, 0, 0, 0], port)),
            peers: Vec::new(),
            seat: 0,
            seed,
            deathmatch,
            meeting,
            name: self.settings.network.name.clone(),
        };
        // (A lobby or game this machine is in goes first: it may hold the port.)
        self.leave_network();
        match LobbySeat::open(&net, level, self.settings.network.difficulty, false) {
            Ok(mut seat) => {
                seat.set_colour(self.settings.network.colour);
                self.pilot = Pilot::Lobby(Box::new(seat));
                self.close_menu();
            }
            Err(e) => self.notice = Some(format!("{e:#}")),
        }
    }

    /// Leaves the lobby, room or networked game this machine is in, if any (telling a host
    /// it has gone); the game is this machine's own again.
    fn leave_network(&mut self) {
        if let Pilot::Lobby(seat) = &mut self.pilot {
            if let Lobby::Join(joiner) = &mut seat.lobby {
                joiner.leave(None);
            }
        }
        let networked = match self.pilot {
            Pilot::Net(_) | Pilot::Lobby(_) => true,
            #[cfg(feature = "webrtc")]
            Pilot::Room(_) => true,
            _ => false,
        };
        if networked {
            self.pilot = Pilot::Keyboard;
            self.view.lobby.clear();
            self.view.names.clear();
        }
    }

    /// Starts the networked game a lobby agreed on: its level loaded here, this machine's
    /// seat joined, the players' names shown.
    fn begin_network(
        &mut self,
        plan: tilecaster::episode::lobby::Plan,
        demo: bool,
        carrier: tilecaster::game::net::Carrier,
    ) -> Result<()> {
        let level = plan.choice.local_level()?;
        let mut session = Session::start_on(&level, &self.sources, plan.choice.difficulty)?;
        let mut net = session.join_network_over(&plan.seats, carrier)?;
        self.assets = SessionAssets::new(&session);
        self.session = session;
        self.record_network_from_start(&mut net);
        self.view.names = plan.names;
        self.pilot = Pilot::Net(Box::new(NetSeat {
            net,
            autopilot: demo.then(|| Autopilot::for_seat(plan.seats.seat)),
            seats: plan.seats,
            next: false,
        }));
        Ok(())
    }

    /// A co-op game of several whose exit every machine has seen used goes on, once its
    /// "level complete" has stood for [`NEXT_LEVEL_TICKS`], to the next level with the same
    /// peers, each player carrying what they had (a new network session on the same
    /// addresses); at the episode's end the window's game ends as a player's would.
    fn next_network_level(&mut self) {
        let Pilot::Net(seat) = &self.pilot else {
            return;
        };
        let game = seat.net.game();
        let due = seat
            .net
            .finished_at()
            .is_some_and(|at| !game.is_deathmatch() && game.ticks >= at + NEXT_LEVEL_TICKS);
        if !due {
            return;
        }
        let (played, seats, demo) = (game.clone(), seat.seats.clone(), seat.autopilot.is_some());
        // A recording holds one level: the one just played is kept, and recording stops.
        if self.recording.is_some() && !self.recording_stopped {
            self.keep_network_recording();
            self.recording_stopped = true;
            eprintln!("recording stopped at the level's end: a recording holds one level");
        }
        let Pilot::Net(seat) = &self.pilot else {
            return;
        };
        // The next level's session goes on over the same socket (or the page's channels).
        let carrier = seat.net.carrier();
        self.pilot = Pilot::Keyboard;
        let Some(next) = self.session.next_level_of_several(&played) else {
            return;
        };
        match self.session.start_network_over(next, &seats, carrier) {
            Ok(net) => {
                self.assets = SessionAssets::new(&self.session);
                self.pilot = Pilot::Net(Box::new(NetSeat {
                    net,
                    autopilot: demo.then(|| Autopilot::for_seat(seats.seat)),
                    seats,
                    next: true,
                }));
            }
            Err(e) => self.session.say(format!("cannot go on together: {e}")),
        }
    }

    /// Starts recording the networked game `net` is about to play (from its first tick), where
    /// `--record` asked for a recording.
    fn record_network_from_start(&mut self, net: &mut tilecaster::game::net::NetPlay) {
        if self.recording.is_some() {
            self.record_from_start();
            net.keep_inputs();
        }
    }

    /// Keeps the networked game played so far in the recording (every seat's inputs, up to
    /// the last tick every machine has played alike), where one is being made.
    pub(super) fn keep_network_recording(&mut self) {
        if self.recording_stopped {
            return;
        }
        if let (Pilot::Net(seat), Some(recording)) = (&self.pilot, &mut self.recording) {
            let confirmed = seat.net.confirmed_tick();
            if recording
                .keep_network_game(&seat.net, seat.seats.seed, confirmed)
                .is_none()
            {
                eprintln!("the networked game's inputs were not kept: nothing recorded of it");
            }
        }
    }

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

    /// Opens a menu over the game (which stands still), letting the keys and the mouse go.
    pub(super) fn open_menu(&mut self, menu: Menu) {
        self.menu = Some(menu);
        self.slots = front::save_slots(self.saves.as_deref());
        self.menu_started = Instant::now();
        self.notice = None;
        self.latch.release_all();
        self.effects.push(Effect::Grab(false));
    }

    /// A key or mouse button pressed (not a repeat, not synthetic) while playing: the game's
    /// actions are latched, the window's own are carried out.
    pub(super) fn pressed(&mut self, key: Key, repeat: bool) {
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
    pub(super) fn save_to(&mut self, path: &Path) {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        match self.session.save(path) {
            Ok(()) => {
                eprintln!("saved to {}", path.display());
                // The page keeps its saves in its localStorage too, for the next visit.
                self.session.say(match platform::keep_save(path) {
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
    pub(super) fn load_from(&mut self, path: &Path) -> Result<(), tilecaster::episode::SaveError> {
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
        if platform::LOAD_STOPS_RECORDING {
            self.recording_stopped = true;
        }
        Ok(())
    }

    /// A new game of the episode at `difficulty`, from its first level.
    pub(super) fn new_game(&mut self, difficulty: Difficulty) -> Result<()> {
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
    pub(super) fn record_from_start(&mut self) {
        self.recording_stopped = false;
        if let Some(r) = &mut self.recording {
            *r = Recording::of_session(&self.session);
        }
        platform::record_from_start(&self.session);
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
        let size = front::scaled_size(self.base_size, s.resolution_scale);
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
            MenuCommand::QuitToMenu => {
                self.leave_network();
                self.open_menu(Menu::main());
            }
            #[cfg(not(target_arch = "wasm32"))]
            MenuCommand::HostGame { level, deathmatch } => {
                let level = level.unwrap_or_else(|| files::default_path("levels/e1m1.toml"));
                let port = self.settings.network.port;
                self.open_lobby(super::Meeting::Host, &level, port, deathmatch);
            }
            #[cfg(not(target_arch = "wasm32"))]
            MenuCommand::JoinGame(host) => {
                self.store_settings();
                let level = files::default_path("levels/e1m1.toml");
                self.open_lobby(super::Meeting::Join(host), &level, 0, false);
            }
            #[cfg(all(target_arch = "wasm32", feature = "webrtc"))]
            MenuCommand::HostGame { level, deathmatch } => {
                let level = level.unwrap_or_else(|| files::default_path("levels/e1m1.toml"));
                self.open_room(None, Some((&level, deathmatch)));
            }
            #[cfg(all(target_arch = "wasm32", not(feature = "webrtc")))]
            MenuCommand::HostGame { .. } => {
                self.notice = Some("THIS PAGE WAS BUILT WITHOUT NETWORK PLAY".into());
            }
            #[cfg(target_arch = "wasm32")]
            MenuCommand::JoinGame(_) => {
                self.notice = Some("THE PAGE JOINS GAMES BY ROOM CODE".into());
            }
            #[cfg(feature = "webrtc")]
            MenuCommand::JoinRoom(code) => {
                self.store_settings();
                self.open_room(Some(&code), None);
            }
            #[cfg(not(feature = "webrtc"))]
            MenuCommand::JoinRoom(_) => {
                self.notice = Some("THIS BUILD HAS NO ROOMS (THE WEBRTC FEATURE)".into());
            }
            MenuCommand::Quit => self.effects.push(Effect::Quit),
            MenuCommand::NameEntered(name) => self.keep_score(name),
        }
    }

    /// A run just ended (game over, or the episode's end): one that makes the high-score
    /// table asks for the player's name. Only the player's own runs (not a replay's or the
    /// autopilot's).
    /// Whether it opened the name entry.
    fn run_ended(&mut self) -> bool {
        let Some(run) = self.session.take_run_end() else {
            return false;
        };
        let asks = matches!(self.pilot, Pilot::Keyboard) && self.scores.qualifies(run.score);
        if asks {
            self.open_menu(Menu::name_entry(run.score));
            self.pending_score = Some(run);
        }
        asks
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

    /// Back to the game from a menu, with the clock started afresh.
    pub(super) fn close_menu(&mut self) {
        self.menu = None;
        self.clock.restart();
    }

    /// What a key does in the menu: bound while one is awaited, else the menus' own keys
    /// (arrows, Enter, Escape, Backspace; the menu key backs out too). `None` for a key the
    /// game does not know.
    pub(super) fn menu_key(&self, key: Option<Key>) -> Option<MenuInput> {
        let menu = self.menu.as_ref()?;
        if menu.waiting_for_key() {
            return Some(match key? {
                Key::Escape => MenuInput::Back,
                key => MenuInput::Bind(key),
            });
        }
        // Typing a high score's name or the player's: letters, digits, space, '-', '.' and
        // an apostrophe are typed; an address to join: digits, '.', ':' (the semicolon's
        // key), hexadecimal letters and brackets.
        let address = menu.editing() == Some(tilecaster::scene::menu::Field::Address);
        if menu.page() == Page::NameEntry || menu.editing().is_some() {
            let typed = match key? {
                Key::Letter(c) => Some(char::from(c)),
                Key::Digit(d) | Key::Numpad(d) => char::from_digit(u32::from(d), 10),
                Key::Period => Some('.'),
                Key::Space if !address => Some(' '),
                Key::Minus if !address => Some('-'),
                Key::Quote if !address => Some('\''),
                Key::Semicolon if address => Some(':'),
                Key::BracketLeft if address => Some('['),
                Key::BracketRight if address => Some(']'),
                _ => None,
            };
            if let Some(c) = typed {
                return Some(MenuInput::Type(c));
            }
        }
        Some(match key? {
            Key::Up => MenuInput::Up,
            Key::Down => MenuInput::Down,
            Key::Left => MenuInput::Left,
            Key::Right => MenuInput::Right,
            Key::Enter | Key::NumpadEnter | Key::Space => MenuInput::Select,
            Key::Escape => MenuInput::Back,
            Key::Backspace | Key::Delete => MenuInput::Clear,
            key if self.settings.keys.is_bound(Action::Menu, key) => MenuInput::Back,
            _ => return None,
        })
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
                super::pad::PadPress::Menu => self.open_menu(Menu::pause()),
                super::pad::PadPress::Map => self.act(Action::Map),
                _ => {
                    // The next weapon carried after the one in hand, round to the first.
                    let game = &self.session.game;
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

#[cfg(target_arch = "wasm32")]
impl Controller {
    /// Follows the page's pointer lock, which the page takes on its "click to play" and the
    /// browser gives back on Escape (without passing the key on): the mouse looks while the
    /// canvas holds it, and losing it pauses the game, as Escape does natively.
    pub(super) fn follow_pointer_lock(&mut self) {
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

    /// A replay ran to its end in the page: the player takes over from there, under the
    /// pause menu (play on, restart the level, or go to the main menu).
    pub(super) fn replay_ended(&mut self) {
        self.pilot = Pilot::Keyboard;
        if self.menu.is_none() {
            self.open_menu(Menu::pause());
        }
    }

    /// Does what the page asked: another level, or a recording played to its end. A level
    /// that will not load leaves the game as it was and its error on the page.
    pub(super) fn page_request(&mut self, request: web::Request) {
        let (recording, level) = match request {
            web::Request::Room { code, host, demo } => {
                #[cfg(feature = "webrtc")]
                {
                    let host = host.as_ref().map(|(level, dm)| (level.as_path(), *dm));
                    self.open_room(code.as_deref(), host);
                    if let Pilot::Lobby(seat) = &mut self.pilot {
                        seat.demo = demo;
                    }
                }
                #[cfg(not(feature = "webrtc"))]
                {
                    let _ = (code, host, demo);
                    web::show_error(
                        "this build of the page has no network play (the webrtc feature)",
                    );
                }
                return;
            }
            web::Request::Level(path) => (None, path),
            web::Request::Replay(path) => match Recording::read_for_replay(&path) {
                Ok(recording) => {
                    let level = recording.level_path();
                    (Some(recording), level)
                }
                Err(e) => return web::show_error(&e.to_string()),
            },
        };
        // Textures handed over with the level lie beside it (`<page>/NAME.png`), where the
        // level's textures are looked for, natively too.
        let textures = Sources::default();
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
                self.pilot = match recording {
                    Some(r) => replay_of(r, &mut self.session),
                    None => Pilot::Keyboard,
                };
                self.close_menu();
                web::clear_error();
            }
            Err(e) => web::show_error(&e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilecaster::game::Input;

    /// A controller of e1m1's session with its settings file and saves in `dir`, no window.
    fn controller(dir: &Path, menu: Option<Menu>) -> Controller {
        let session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
        let view = Composer::new(Frame::new(64, 40).unwrap(), 66.0, true);
        let settings = Settings::default();
        Controller::new(
            session,
            view,
            (
                settings,
                Some(dir.join("settings.toml")),
                Overrides::default(),
            ),
            Pilot::Keyboard,
            None,
            GameSound::silent(Settings::default().sound),
            (Sources::default(), Clock::new(None), (64, 40)),
            menu,
        )
    }

    /// A networked game's recording (two seats, a deathmatch) replays in the window to the
    /// state the game reached, seen from seat 0, and then ends.
    #[test]
    fn a_networked_games_recording_replays_in_the_window() {
        let dir = scratch("replay-net");
        let mut ctl = controller(&dir, None);
        let rules = tilecaster::game::MatchRules::default();
        let mut played = ctl.session.game_of_several(9, 2, Some(rules));
        let mut pilots = [Autopilot::for_seat(0), Autopilot::for_seat(1)];
        let mut recording = Recording::of_session(&ctl.session);
        recording.seats = 2;
        recording.seed = Some(9);
        recording.deathmatch = Some(rules);
        for _ in 0..90 {
            let inputs: Vec<Input> = pilots.iter_mut().map(|p| p.input(&played)).collect();
            played.tick_seats(&inputs);
            recording.inputs.extend(inputs);
        }
        ctl.pilot = replay_of(recording, &mut ctl.session);
        assert!(ctl.session.game.is_deathmatch());
        let deadline = Instant::now() + Duration::from_secs(30);
        while ctl.simulate() {
            assert!(Instant::now() < deadline, "the replay did not end");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(ctl.session.game.ticks, 90);
        assert_eq!(ctl.session.game.state_hash(), played.state_hash());
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilecaster-ctl-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn walk(ctl: &mut Controller, ticks: usize) {
        for _ in 0..ticks {
            ctl.session.tick(&Input {
                forward: 1.0,
                turn: 0.5,
                ..Input::default()
            });
        }
    }

    /// The Multiplayer page: the player's name typed and kept, HOST CO-OP opens a lobby the
    /// window shows; a joiner joins it, the host's use key starts the game, and both play it
    /// (the window's seat over the network, the players' names shown).
    #[test]
    fn the_multiplayer_page_hosts_a_lobby_that_starts_the_game() {
        use tilecaster::episode::lobby::{Joiner, LobbyEvent};
        let dir = scratch("multiplayer");
        let mut ctl = controller(&dir, Some(Menu::main()));
        let port = std::net::UdpSocket::bind("0.0.0.0:0")
            .and_then(|s| s.local_addr())
            .unwrap()
            .port();
        ctl.settings.network.port = port;
        // Multiplayer; YOUR NAME: PLAYER cleared, ANNA typed and kept.
        for input in [MenuInput::Down, MenuInput::Select, MenuInput::Select] {
            ctl.menu_input(input);
        }
        for _ in 0..6 {
            ctl.menu_input(MenuInput::Clear);
        }
        for key in [b'A', b'N', b'N', b'A'] {
            ctl.key(Some(Key::Letter(key)), true, false);
        }
        ctl.menu_input(MenuInput::Select);
        let kept = std::fs::read_to_string(dir.join("settings.toml")).unwrap();
        assert!(kept.contains("name = \"ANNA\""), "{kept}");
        // HOST CO-OP (past the colour and the difficulty).
        for input in [
            MenuInput::Down,
            MenuInput::Down,
            MenuInput::Down,
            MenuInput::Select,
        ] {
            ctl.menu_input(input);
        }
        assert!(ctl.menu.is_none());
        assert!(matches!(ctl.pilot, Pilot::Lobby(_)));
        let host = std::net::SocketAddr::from(([127, 0, 0, 1], port));
        let mut joiner = Joiner::connect("127.0.0.1:0".parse().unwrap(), host, "bo").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut joined_at = None;
        let mut started = None;
        let playing = |ctl: &Controller| matches!(ctl.pilot, Pilot::Net(_));
        while !(started.is_some() && playing(&ctl)) && Instant::now() < deadline {
            ctl.simulate();
            for event in joiner.poll() {
                if let LobbyEvent::Started(plan) = event {
                    started = Some(plan);
                }
            }
            let two = joiner.roster().is_some_and(|(names, _)| names.len() == 2);
            if two && joined_at.is_none() {
                joined_at = Some(Instant::now());
                let on = &ctl.view.lobby[0];
                assert!(
                    on.starts_with("HOSTING ON ") && on.ends_with(&format!(":{port}")),
                    "{on}"
                );
                assert!(
                    ctl.view.lobby.iter().any(|l| l == "2. BO (RED)"),
                    "{:?}",
                    ctl.view.lobby
                );
            }
            // Once the joiner's round trip has reached the host, the host presses use.
            if joined_at.is_some_and(|at| at.elapsed() > Duration::from_millis(500))
                && !playing(&ctl)
            {
                let key = ctl.settings.keys.keys(Action::Use)[0];
                ctl.key(Some(key), true, false);
                ctl.key(Some(key), false, false);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let plan = started.expect("the host started the game");
        assert_eq!(plan.names, ["ANNA", "BO"]);
        assert!(
            matches!(ctl.pilot, Pilot::Net(_)),
            "the window plays its seat"
        );
        assert_eq!(ctl.view.names, ["ANNA", "BO"]);
        assert!(ctl.view.lobby.is_empty());
        // Quit to menu leaves the game.
        ctl.open_menu(Menu::pause());
        for input in [MenuInput::Up, MenuInput::Up, MenuInput::Select] {
            ctl.menu_input(input);
        }
        assert!(ctl.menu.as_ref().is_some_and(Menu::is_front_door));
        assert!(matches!(ctl.pilot, Pilot::Keyboard));
    }

    /// Every level the Multiplayer page offers for a deathmatch has its spawn points.
    #[test]
    fn the_deathmatch_levels_offered_have_spawn_points() {
        for (name, path) in arenas() {
            let loaded = tilecaster::level::load_with_textures(path, None).unwrap();
            assert_eq!(&loaded.level.name, name);
            assert!(loaded.level.spawns.len() >= 4, "{name}");
        }
    }

    /// Game over with points: the name entry comes up, the keys type the name, Enter keeps
    /// the run in the table beside the settings, and the next start reads it back.
    #[test]
    fn a_run_that_makes_the_table_asks_a_name_and_the_table_is_kept() {
        let dir = scratch("scores");
        let mut ctl = controller(&dir, None);
        ctl.session.game.seat_mut().score = 3_300;
        ctl.session.game.seat_mut().lives = 0;
        ctl.session.game.seat_mut().player.health = 0;
        let press = Input {
            use_pressed: true,
            ..Input::default()
        };
        for _ in 0..=tilecaster::episode::DEATH_TICKS {
            ctl.session.tick(&Input::default());
        }
        ctl.session.tick(&press);
        assert!(ctl.run_ended(), "game over, with points: the name entry");
        assert_eq!(ctl.menu.as_ref().map(Menu::page), Some(Page::NameEntry));
        for key in [
            Key::Letter(b'B'),
            Key::Letter(b'J'),
            Key::Space,
            Key::Digit(2),
        ] {
            ctl.key(Some(key), true, false);
        }
        ctl.key(Some(Key::Enter), true, false);
        assert_eq!(ctl.menu.as_ref().map(Menu::page), Some(Page::Scores));
        let kept = std::fs::read_to_string(dir.join("scores.toml")).unwrap();
        assert!(
            kept.contains("name = \"BJ 2\"") && kept.contains("score = 3300"),
            "{kept}"
        );
        let again = controller(&dir, None);
        assert_eq!(again.scores.entries.len(), 1);
        assert!(
            again.score_lines[0].contains("BJ 2"),
            "{:?}",
            again.score_lines
        );
        assert!(!again.scores.qualifies(0));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_menu_key_pauses_the_game_and_lets_the_mouse_go_and_resume_goes_back() {
        let dir = scratch("pause");
        let mut ctl = controller(&dir, None);
        ctl.take_effects();
        ctl.key(Some(Key::Escape), true, false);
        assert!(ctl.menu.is_some(), "paused");
        assert!(ctl.take_effects().contains(&Effect::Grab(false)));
        ctl.key(Some(Key::Enter), true, false);
        assert!(ctl.menu.is_none(), "resumed");
        // The first click of a game takes the mouse; the window says whether it got it.
        ctl.button(Key::Mouse(1), true);
        assert_eq!(ctl.take_effects(), [Effect::Grab(true)]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_quick_save_is_quick_loaded_back_and_a_menu_save_loads_from_its_slot() {
        let dir = scratch("saves");
        let mut ctl = controller(&dir, None);
        walk(&mut ctl, 40);
        let saved = (ctl.session.game.ticks, ctl.session.game.state_hash());
        ctl.act(Action::QuickSave);
        assert!(dir.join("saves/quicksave.json").is_file());
        walk(&mut ctl, 40);
        assert_ne!(ctl.session.game.state_hash(), saved.1);
        ctl.act(Action::QuickLoad);
        assert_eq!(
            (ctl.session.game.ticks, ctl.session.game.state_hash()),
            saved
        );
        // From the main menu: Load game (enabled now that there is a save), its first slot.
        walk(&mut ctl, 40);
        ctl.open_menu(Menu::main());
        for input in [
            MenuInput::Down,
            MenuInput::Down,
            MenuInput::Select,
            MenuInput::Select,
        ] {
            ctl.menu_input(input);
        }
        assert!(ctl.menu.is_none(), "back in the game: {:?}", ctl.notice);
        assert_eq!(
            (ctl.session.game.ticks, ctl.session.game.state_hash()),
            saved
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_damaged_save_is_not_loaded_and_the_game_says_why() {
        let dir = scratch("damaged");
        let mut ctl = controller(&dir, None);
        ctl.act(Action::QuickSave);
        std::fs::write(dir.join("saves/quicksave.json"), "{ not a save").unwrap();
        walk(&mut ctl, 10);
        let before = ctl.session.game.state_hash();
        ctl.act(Action::QuickLoad);
        let said = ctl.session.message().unwrap_or_default().to_string();
        assert!(said.starts_with("not loaded: "), "{said}");
        assert_eq!(ctl.session.game.state_hash(), before, "the game as it was");
        // Nor offered by the main menu: Continue and Load game stay disabled.
        ctl.open_menu(Menu::main());
        ctl.menu_input(MenuInput::Down);
        ctl.menu_input(MenuInput::Select);
        assert_eq!(ctl.session.game.state_hash(), before);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn settings_changed_in_play_and_in_the_menus_are_kept_in_the_file() {
        let dir = scratch("settings");
        let mut ctl = controller(&dir, Some(Menu::main()));
        let file = dir.join("settings.toml");
        // Fullscreen: asked of the window, and kept.
        ctl.take_effects();
        ctl.toggle_fullscreen();
        assert!(ctl.take_effects().contains(&Effect::Fullscreen(true)));
        let kept = std::fs::read_to_string(&file).unwrap();
        assert!(kept.contains("fullscreen = true"), "{kept}");
        // Options (past Multiplayer): the mouse sensitivity one step up; Controls: walk forward's first key
        // becomes I (as the window test drives it with keys).
        let mut inputs = vec![
            MenuInput::Down,
            MenuInput::Down,
            MenuInput::Select,
            MenuInput::Right,
        ];
        inputs.extend([MenuInput::Down; 16]);
        inputs.extend([MenuInput::Select, MenuInput::Select]);
        for input in inputs {
            ctl.menu_input(input);
        }
        assert!(ctl.menu.as_ref().is_some_and(Menu::waiting_for_key));
        ctl.key(Some(Key::Letter(b'I')), true, false);
        let kept = std::fs::read_to_string(&file).unwrap();
        assert!(kept.contains("mouse_sensitivity = 0.2\n"), "{kept}");
        assert!(kept.contains("forward = [\"I\", \"Up\"]\n"), "{kept}");
        assert!(
            ctl.settings
                .keys
                .is_bound(Action::Forward, Key::Letter(b'I'))
        );
        // A key held while a binding waits does not bind twice (repeats are dropped).
        ctl.key(Some(Key::Letter(b'I')), true, true);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn restart_starts_the_level_and_the_recording_afresh_and_quit_asks_the_window() {
        let dir = scratch("restart");
        let mut ctl = controller(&dir, None);
        ctl.recording = Some(Recording::of_session(&ctl.session));
        let start = ctl.session.game.state_hash();
        walk(&mut ctl, 30);
        ctl.recording
            .as_mut()
            .unwrap()
            .inputs
            .push(Input::default());
        // Pause; up from Resume round to Quit game, Quit to menu, Restart level.
        ctl.key(Some(Key::Escape), true, false);
        for input in [
            MenuInput::Up,
            MenuInput::Up,
            MenuInput::Up,
            MenuInput::Select,
        ] {
            ctl.menu_input(input);
        }
        assert!(ctl.menu.is_none());
        assert_eq!(
            ctl.session.game.state_hash(),
            start,
            "the level from its start"
        );
        assert!(
            ctl.recording.as_ref().unwrap().inputs.is_empty(),
            "recorded afresh"
        );
        // New game on hard from the main menu (the cursor starts on normal): the recording
        // names the difficulty.
        ctl.open_menu(Menu::main());
        for input in [MenuInput::Select, MenuInput::Down, MenuInput::Select] {
            ctl.menu_input(input);
        }
        assert_eq!(ctl.session.difficulty(), Difficulty::Hard);
        assert_eq!(ctl.recording.as_ref().unwrap().difficulty, Difficulty::Hard);
        // Quit game, from the pause menu: the window is asked to end.
        ctl.take_effects();
        ctl.key(Some(Key::Escape), true, false);
        ctl.menu_input(MenuInput::Up);
        ctl.menu_input(MenuInput::Select);
        assert!(ctl.take_effects().contains(&Effect::Quit));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
