//! The controller: everything the game's front end does that is not the window's, as a small
//! state machine over ONE runner ([`Runner`]: local play, a replay or a networked game). Its
//! screens: the game played (or watched), with a menu over it or not (the main menu, pause,
//! options, name entry: [`Menu`]); and waiting in a lobby or a room for a networked game
//! ([`Waiting`]); the tally and the episode's end are the session's own pages, drawn by the
//! composer. Each frame it hands the runner this machine's input (the keyboard's latch, or
//! the autopilot's) and takes back one output a tick played: each tick's sound is mixed and
//! the recording kept from them, the same for every kind of play. It composes the frame and
//! hands back what only the window can do as [`Effect`]s (take the mouse, go fullscreen,
//! resize the frame, quit). It holds no window types, so its behaviour is unit-tested without
//! a display (`tests`); `super` is the winit and wgpu glue, the menu's commands are in
//! `super::commands`, the lobby's panel in `super::lobby`.

use std::path::PathBuf;
use std::time::Duration;
use web_time::Instant;

use tilecaster::assets::Sources;
use tilecaster::bindings::{Action, Key};
use tilecaster::episode::{HighScores, Score, Session};
use tilecaster::files;
use tilecaster::frame::Frame;
use tilecaster::game::{Autopilot, Game, Input};
use tilecaster::play::{Advance, Ending, Kind, LocalRun, Nobody, Recorder, Runner};
use tilecaster::scene::menu::{EPISODE, Menu, MenuWorld, SaveSlot};
use tilecaster::scene::{Composer, MenuShown, Overlays, SessionAssets};
use tilecaster::settings::Settings;

use super::clock::Clock;
use super::editing::Editing;
use super::front::{self, Overrides};
use super::input::InputLatch;
use super::keymap::KeyLabels;
use super::lobby::{Outcome, Waiting};
use super::platform;
use super::sound::GameSound;

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

/// The front end's state, without a window.
pub(super) struct Controller {
    /// The game played, watched or waited behind: one runner, of any kind.
    pub(super) run: Box<dyn Runner>,
    /// Waiting in a lobby or a room for a networked game (the game behind stands still).
    pub(super) waiting: Option<Waiting>,
    /// The autopilot plays this machine's seat instead of the keyboard (`--demo`).
    pub(super) demo: Option<Autopilot>,
    /// The recording being kept (`--record`; the page's "Save recording" keeps its own).
    pub(super) recorder: Recorder,
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
    /// Whether the mouse was held when the menu opened: leaving the menu for the game takes
    /// it back (a player who looked with the mouse goes on looking, without a click).
    pub(super) regrab: bool,
    /// The pace of frames.
    pub(super) clock: Clock,
    pub(super) overlays: Overlays,
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
    /// The saves folder (`None`: no saves), and its slots and what they hold, as read when a
    /// menu last opened or a save was made (not at every frame).
    pub(super) saves: Option<PathBuf>,
    pub(super) slots: Vec<SaveSlot>,
    /// The menu shown, if any: a game of one stands still under it.
    pub(super) menu: Option<Menu>,
    /// The frame size at resolution scale 1.
    pub(super) base_size: (u32, u32),
    /// When the menu came up (the level behind the main menu turns from then).
    pub(super) menu_started: Instant,
    /// A line the menu shows at its bottom (a save that would not load).
    pub(super) notice: Option<String>,
    /// What the window is asked to do, in order, since it last took them.
    pub(super) effects: Vec<Effect>,
    /// The high-score table, and its lines as the menu shows them.
    pub(super) scores: HighScores,
    pub(super) score_lines: Vec<String>,
    /// The run that made the table, waiting for its name.
    pub(super) pending_score: Option<Score>,
    /// The level editor, when open (the game stands behind it, or is the level played
    /// from the editor).
    pub(super) editing: Option<Editing>,
    /// Whether the page's canvas held the mouse at the last frame.
    #[cfg(target_arch = "wasm32")]
    pub(super) page_locked: bool,
}

/// What the menus show besides themselves: the save slots, the high scores, the keys' labels,
/// the sizes (the base size and the frame's), a notice.
pub(super) fn menu_world<'a>(
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
        network: platform::NETWORK_PLAY,
        rooms: cfg!(feature = "webrtc"),
        addresses: platform::ADDRESSES,
        arenas: arenas(),
        finger_row: platform::finger_row(frame.height()),
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

/// How a controller starts: the game's runner and whether the autopilot plays it, what is
/// recorded, and where a networked game waits to begin.
pub(super) struct Start {
    pub(super) run: Box<dyn Runner>,
    pub(super) demo: bool,
    pub(super) recorder: Recorder,
    pub(super) waiting: Option<Waiting>,
}

impl Controller {
    /// A controller of `start`'s game, drawing with `view`, the settings read from
    /// `settings_path` (kept there when changed) under the command line's `overrides`.
    pub(super) fn new(
        start: Start,
        view: Composer,
        (settings, settings_path, overrides): (Settings, Option<PathBuf>, Overrides),
        sound: GameSound,
        (sources, clock, base_size): (Sources, Clock, (u32, u32)),
        menu: Option<Menu>,
    ) -> Controller {
        let saves = front::saves_dir(settings_path.as_deref());
        let (scores, said) = front::load_scores(settings_path.as_deref());
        if let Some(said) = said {
            eprintln!("{said}");
        }
        let (seat, _) = start.run.seats();
        let mut controller = Controller {
            score_lines: front::score_lines(&scores),
            scores,
            pending_score: None,
            assets: SessionAssets::new(start.run.session()),
            run: start.run,
            waiting: start.waiting,
            demo: start.demo.then(|| Autopilot::for_seat(seat)),
            recorder: start.recorder,
            view,
            latch: InputLatch::default(),
            labels: KeyLabels::default(),
            grabbed: false,
            regrab: false,
            clock,
            overlays: Overlays::default(),
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
            editing: None,
            #[cfg(target_arch = "wasm32")]
            page_locked: false,
        };
        controller.apply_settings();
        controller
    }

    /// The session played (the game as this machine shows it).
    pub(super) fn session(&self) -> &Session {
        self.run.session()
    }

    /// The session played, to change.
    pub(super) fn session_mut(&mut self) -> &mut Session {
        self.run.session_mut()
    }

    /// Plays `session` on this machine from here (a new game, a save loaded, a level from the
    /// page; any lobby, room or networked game left), the player at the keys.
    pub(super) fn play_alone(&mut self, session: Session) {
        self.run = Box::new(LocalRun::new(session));
        self.demo = None;
        self.run.restart_clock(Instant::now());
    }

    /// What the window is asked to do since it last took them, in order.
    pub(super) fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Draws the frame: the editor's screen; or the game, or what a menu shows, with the
    /// menu over it.
    pub(super) fn compose(&mut self) {
        if let Some(editing) = self.editing.as_mut().filter(|e| !e.playing) {
            // (Not `shown_editor`: the frame is borrowed beside it.)
            return editing.draw(&mut self.view.frame);
        }
        let session = self.run.session();
        let assets = self.assets.of(session);
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
        self.view.covered = super::platform::holds_the_game();
        self.view.draw(session, assets, &self.overlays, shown);
    }

    /// Live reload: the level's files looked at twice a second; what a reload did said on the
    /// terminal too (modders watch it), with the error's place.
    pub(super) fn poll_files(&mut self) {
        let now = Instant::now();
        if now - self.last_poll > Duration::from_millis(500) {
            self.last_poll = now;
            let session = self.run.session_mut();
            if session.reload_if_changed() {
                if let Some(message) = session.message() {
                    eprintln!("{}: {message}", session.path().display());
                }
            }
        }
    }

    /// One frame of play: the runner plays the ticks owed with this machine's input (the
    /// keyboard's, or the autopilot's; under a menu nobody's, and a game of one stands still),
    /// and each tick's output is heard and kept. While waiting in a lobby the game stands still
    /// behind its panel. `false` once a replay has run out.
    pub(super) fn simulate(&mut self) -> bool {
        if self.shown_editor().is_some() {
            return true;
        }
        let now = Instant::now();
        if self.waiting.is_some() {
            self.run.advance(now, true, &mut Nobody);
            self.wait();
            return true;
        }
        let held =
            (self.menu.is_some() && self.run.kind() != Kind::Replay) || platform::holds_the_game();
        let advance = match &mut self.demo {
            Some(pilot) => self.run.advance(now, held, pilot),
            None => {
                let (latch, settings) = (&mut self.latch, &self.settings);
                let menu = self.menu.is_some();
                // Under a menu the player stands still (the keys are the menu's).
                let mut keys = |_: &Game| match menu {
                    true => Input::default(),
                    false => latch.take(settings),
                };
                self.run.advance(now, held, &mut keys)
            }
        };
        self.follow(advance)
    }

    /// What a frame's play comes to: its ticks heard and kept, and where play stopped, what
    /// follows (a name for the high scores, the main menu, the player's own game). `false`
    /// once a replay has run out.
    pub(super) fn follow(&mut self, advance: Advance) -> bool {
        self.take(&advance);
        match advance.ending {
            Some(Ending::ReplayDone) => return false,
            // Said on the main menu: the game cannot go on (a peer of another game, one that
            // broke the rules of the wire).
            Some(Ending::NetStopped(why)) => {
                self.leave_network();
                self.open_menu(Menu::main());
                self.notice = Some(format!("THE NETWORK GAME STOPPED: {why}"));
            }
            Some(Ending::RunEnded(run)) => self.run_ended(run),
            // The episode's end: the player's use (or fire) goes back to the main menu.
            Some(Ending::EpisodeLeft) if self.at_the_keys() && self.menu.is_none() => {
                self.open_menu(Menu::main());
            }
            Some(Ending::Alone) => {
                let session = std::mem::replace(&mut self.run, Box::new(Idle)).into_session();
                self.view.names.clear();
                let demo = self.demo.is_some();
                self.play_alone(session);
                self.demo = demo.then(Autopilot::new);
            }
            _ => {}
        }
        true
    }

    /// Hears and keeps what `advance` played: each tick's sound mixed (one tick of audio a
    /// tick, its events once), the inputs made final recorded, the lines said on the terminal
    /// in a networked game, the map panned as its keys are held, tick by tick.
    fn take(&mut self, advance: &Advance) {
        let network = self.run.kind() == Kind::Network;
        for tick in &advance.ticks {
            self.sound.tick(self.run.session(), &tick.sounds);
            let keys = &self.settings.keys;
            let held = |a: Action| f64::from(u8::from(self.latch.action_held(keys, a)));
            let right = held(Action::PanRight) - held(Action::PanLeft);
            let down = held(Action::PanDown) - held(Action::PanUp);
            self.overlays.pan(right, down);
        }
        if let Some(said) = self.recorder.keep(advance) {
            eprintln!("{said}");
        }
        // The page keeps every game's inputs, for "Save recording".
        platform::recorded(&advance.kept);
        for line in &advance.notices {
            eprintln!("{line}");
        }
        if network {
            for line in advance.ticks.iter().flat_map(|t| &t.messages) {
                eprintln!("{line}");
            }
        }
        self.view.profile.record_network(self.run.network_line());
    }

    /// Whether the player at the keys plays this game (not a replay, the autopilot or a
    /// networked game).
    fn at_the_keys(&self) -> bool {
        self.run.kind() == Kind::Local && self.demo.is_none()
    }

    /// Answers the lobby or room waited in (the host's use or fire starts the game; the
    /// autopilot's as soon as it can), and plays the game once it begins; waiting that ends
    /// without a game says why over the main menu.
    fn wait(&mut self) {
        let input = self.latch.take(&self.settings);
        let start = (input.use_pressed || input.fire) && self.menu.is_none();
        let demo = self.demo.is_some();
        let Some(waiting) = &mut self.waiting else {
            return;
        };
        match waiting.poll((start, demo), self.run.session(), &self.sources) {
            Outcome::Waiting(lines, said) => {
                self.view.lobby = lines;
                for line in said {
                    eprintln!("{line}");
                    self.session_mut().say(line.to_uppercase());
                }
            }
            Outcome::Began(run, seat, names) => {
                self.waiting = None;
                self.view.lobby.clear();
                self.view.names = names;
                let seed = run.net_seats().seed;
                self.recorder
                    .restart_network(run.session(), &run.session().game, seed);
                self.run = run;
                self.run.restart_clock(Instant::now());
                self.demo = demo.then(|| Autopilot::for_seat(seat));
            }
            Outcome::Watching(run, seed) => {
                self.waiting = None;
                self.view.lobby.clear();
                self.view.names = run.names().to_vec();
                self.recorder
                    .restart_network(run.session(), &run.session().game, seed);
                self.run = run;
                self.run.restart_clock(Instant::now());
                self.demo = None;
            }
            Outcome::Over(line) => {
                eprintln!("{line}");
                self.waiting = None;
                self.view.lobby.clear();
                platform::show_error(&line);
                self.open_menu(Menu::main());
                self.notice = Some(line.to_uppercase());
            }
        }
    }

    /// Leaves the lobby, room or networked game this machine is in, if any (telling a host
    /// it has gone); the game is this machine's own again.
    pub(super) fn leave_network(&mut self) {
        if let Some(mut waiting) = self.waiting.take() {
            waiting.leave();
        }
        if self.run.kind() == Kind::Network {
            let session = std::mem::replace(&mut self.run, Box::new(Idle)).into_session();
            self.play_alone(session);
        }
        self.view.lobby.clear();
        self.view.names.clear();
    }

    /// A run just ended (game over, or the player left the episode's end page): one that
    /// makes the high-score table asks for the player's name; the episode's end without one
    /// goes to the main menu. Only the player's own runs (not a replay's, the autopilot's or
    /// a networked game's).
    pub(super) fn run_ended(&mut self, run: Score) {
        if self.at_the_keys() && self.scores.qualifies(run.score) {
            self.open_menu(Menu::name_entry(run.score));
            self.pending_score = Some(run);
        } else if self.at_the_keys() && self.run.session().complete {
            // The episode's end left without a high score: the main menu.
            self.open_menu(Menu::main());
        }
    }

    /// Opens a menu over the game (which stands still), letting the keys and the mouse go.
    pub(super) fn open_menu(&mut self, menu: Menu) {
        self.menu = Some(menu);
        self.slots = front::save_slots(self.saves.as_deref());
        self.menu_started = Instant::now();
        self.notice = None;
        self.latch.release_all();
        self.regrab |= self.grabbed;
        self.effects.push(Effect::Grab(false));
    }

    /// Back to the game from a menu (the clock goes on from where it stood): the mouse taken
    /// back where it was held when the menu opened.
    pub(super) fn resume(&mut self) {
        self.menu = None;
        if std::mem::take(&mut self.regrab) {
            self.effects.push(Effect::Grab(true));
        }
    }

    /// Back to the game from a menu, with the clock started afresh.
    pub(super) fn close_menu(&mut self) {
        self.resume();
        self.clock.restart();
        self.run.restart_clock(Instant::now());
    }
}

/// A runner with no game, held for a moment while one runner's session passes to the next.
pub(super) struct Idle;

impl Runner for Idle {
    fn advance(&mut self, _: Instant, _: bool, _: &mut dyn tilecaster::play::Pilot) -> Advance {
        Advance::default()
    }
    fn session(&self) -> &Session {
        unreachable!("a runner between two games is never asked for its session")
    }
    fn session_mut(&mut self) -> &mut Session {
        unreachable!("a runner between two games is never asked for its session")
    }
    fn kind(&self) -> Kind {
        Kind::Local
    }
    fn restart_clock(&mut self, _: Instant) {}
    fn ticks_played(&self) -> u64 {
        0
    }
    fn into_session(self: Box<Self>) -> Session {
        unreachable!("a runner between two games holds no session")
    }
}

#[cfg(test)]
pub(super) mod tests;
