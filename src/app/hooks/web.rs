//! The page's steps around a frame: what the page asked for (another level, a recording, a
//! room) and its pointer lock followed before it, the page told of each frame after it, its
//! touch controls read as the gamepads' events.

use tilecaster::assets::Sources;
use tilecaster::episode::{Recording, Session};
use tilecaster::level::Difficulty;
use tilecaster::play::ReplayRun;
use tilecaster::scene::menu::Menu;

use super::super::controller::{Controller, Idle};
use super::super::editing::Modifiers;
use super::super::platform::Extras;
use super::super::web as page;

/// Before a frame is simulated: what the page asked for, and the page's pointer lock.
pub(in crate::app) fn before_frame(ctl: &mut Controller) {
    if let Some(request) = page::take_request() {
        ctl.page_request(request);
    }
    ctl.follow_pointer_lock();
}

/// The game ran out of input: a replay's end is told to the page, and the page goes on
/// (`true`): the player takes over under the main menu (a new game, or play on from where the
/// replay stopped).
pub(in crate::app) fn simulation_ended(ctl: &mut Controller) -> bool {
    if ctl.run.kind() == tilecaster::play::Kind::Replay {
        page::replay_ended(&ctl.session().game, ctl.run.ticks_played() as usize);
    }
    ctl.replay_ended();
    true
}

/// A frame was shown: told to the page (its tests read the first one).
pub(in crate::app) fn frame_shown(ctl: &Controller) {
    page::frame_shown(
        ctl.clock.frames(),
        &ctl.session().game,
        ctl.session().path(),
        (ctl.menu.is_some(), ctl.overlays.map),
        &ctl.view.frame,
        ctl.view.profile.median(),
    );
    page::network_shown(ctl.run.as_ref());
    page::lobby_shown(&ctl.view.lobby);
    let editing = ctl.editing.as_ref().filter(|e| !e.playing);
    // (In the editor the files are those the edited level uses, as its view last loaded it.)
    page::level_shown(editing.map_or(Some(ctl.session()), |e| e.shown_session()));
    let frame = &ctl.view.frame;
    page::edit::editing_shown(
        editing.map(|e| {
            let (x, y, w, h) = e.layout().map;
            let (columns, rows) = e.editor.draft().size();
            let (width, height) = (frame.width(), frame.height());
            let map = [width, height, x, y, w, h, columns as u32, rows as u32];
            (e.editor.draft().path(), e.changes, map)
        }),
        || {
            editing.map_or_else(Default::default, |e| {
                (e.file_name(), e.editor.draft().text())
            })
        },
    );
}

/// Input that does not come through the window: the page's touch controls, a gamepad's
/// buttons and left stick to the menu or the game, the turn area's drag as the mouse's.
pub(in crate::app) fn poll_input(_extras: &mut Extras, ctl: &mut Controller) {
    let (events, dx) = page::take_touch();
    if !events.is_empty() {
        ctl.gamepad_events(events);
    }
    if dx != 0.0 && ctl.menu.is_none() {
        ctl.latch.look(dx, 0.0);
    }
}

/// The page's requests and its pointer lock, carried out on the controller.
impl Controller {
    /// Follows the page's pointer lock, which the page takes on its "click to play" and the
    /// browser gives back on Escape (without passing the key on): the mouse looks while the
    /// canvas holds it, and losing it pauses the game, as Escape does natively.
    pub(super) fn follow_pointer_lock(&mut self) {
        let locked = page::pointer_locked();
        if locked && !self.grabbed {
            self.grabbed = true;
        }
        if self.page_locked && !locked {
            // (The menu notes that the mouse was held, to take it back on resuming.)
            if self.menu.is_none() {
                self.open_menu(Menu::pause());
            }
            self.grabbed = false;
        }
        self.page_locked = locked;
    }

    /// A replay ran to its end in the page: the player takes over from there, under the
    /// pause menu (play on, restart the level, or go to the main menu).
    pub(super) fn replay_ended(&mut self) {
        let session = std::mem::replace(&mut self.run, Box::new(Idle)).into_session();
        self.play_alone(session);
        if self.menu.is_none() {
            self.open_menu(Menu::pause());
        }
    }

    /// Does what the page asked: another level, or a recording played to its end. A level
    /// that will not load leaves the game as it was and its error on the page.
    pub(super) fn page_request(&mut self, request: page::Request) {
        let (recording, level) = match request {
            page::Request::Room {
                code,
                host,
                demo,
                watch,
            } => {
                #[cfg(feature = "webrtc")]
                if let (true, Some(code)) = (watch, &code) {
                    self.watch_room(code);
                } else {
                    let net = &self.settings.network;
                    let rules = tilecaster::game::MatchRules::new(net.frag_limit, net.time_limit);
                    let host = host
                        .as_ref()
                        .map(|(level, dm)| (level.as_path(), dm.then_some(rules)));
                    self.open_room(code.as_deref(), host);
                    self.demo = demo.then(tilecaster::game::Autopilot::new);
                }
                #[cfg(not(feature = "webrtc"))]
                {
                    let _ = (code, host, demo, watch);
                    page::show_error(
                        "this build of the page has no network play (the webrtc feature)",
                    );
                }
                return;
            }
            page::Request::QuickRoom(room) => {
                #[cfg(feature = "webrtc")]
                {
                    self.waiting = Some(super::super::lobby::Waiting::quick_room(&room));
                }
                #[cfg(not(feature = "webrtc"))]
                let _ = room;
                return;
            }
            // (A level dropped on the page while the editor shows opens in it.)
            page::Request::Level(path) if self.shown_editor().is_some() => {
                return self.dropped(&path);
            }
            page::Request::Level(path) => (None, path),
            page::Request::SaveEdited => {
                if let Some(editing) = self.shown_editor() {
                    editing.save();
                }
                return;
            }
            page::Request::EditKey { key, ctrl } => {
                if self.shown_editor().is_some() {
                    let held = Modifiers { ctrl, shift: false };
                    self.editor_asked(key, held);
                }
                return;
            }
            page::Request::Replay(path) => match Recording::read_for_replay(&path) {
                Ok(recording) => {
                    let level = recording.level_path();
                    (Some(recording), level)
                }
                Err(e) => return page::show_error(&e.to_string()),
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
                self.leave_network();
                self.play_alone(session);
                self.record_from_start();
                if let Some(recording) = recording {
                    let session = std::mem::replace(&mut self.run, Box::new(Idle)).into_session();
                    self.run = Box::new(ReplayRun::new(recording, session));
                }
                self.close_menu();
                page::clear_error();
            }
            Err(e) => page::show_error(&e),
        }
    }
}
