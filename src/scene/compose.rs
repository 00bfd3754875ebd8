//! The one composer: turns the state of play into a frame. It decides what the screen shows
//! (the level turning behind the main menu, the tally between levels, the episode's end, or
//! the game: the eye's view with the minimap, or the map from above) and draws what goes over
//! it (HUD, profiler, menu). The window and `tilecaster render` both draw through it, and
//! differ only in where the frame goes.

use web_time::Instant;

use super::menu::{self, Menu, MenuWorld};
use super::overlays::Overlays;
use super::profile::{Profile, draw_profile};
use super::topdown::{MapLayers, MapView, Minimap, RayProbe, draw_map};
use super::{GameParts, hud};
use crate::episode::{DEATH_TICKS, Session};
use crate::frame::Frame;
use crate::game::{Game, TICK_HZ};
use crate::render::{RenderAssets, Renderer};
use crate::settings::Settings;

/// The Tab map's zoom at first: pixels per tile.
const MAP_PIXELS_PER_TILE: f64 = 14.0;
/// The minimap's zoom: pixels per tile.
const MINIMAP_PIXELS_PER_TILE: f64 = 6.0;

/// What draws the picture: the renderer, its frame, and how what goes over it is drawn.
pub struct Composer {
    /// The renderer (its buffers kept from frame to frame).
    pub renderer: Renderer,
    /// The frame drawn into.
    pub frame: Frame,
    /// The horizontal field of view, degrees.
    pub fov: f64,
    /// Whether to draw the status bar, crosshair and messages.
    pub hud: bool,
    /// The last frames' costs, for the F3 profiler.
    pub profile: Profile,
    /// The cells each column's ray walked in the last frame (reused).
    pub cells: Vec<u32>,
    /// Where the minimap goes and how big it is.
    pub minimap: Minimap,
    /// The weapon's sway and the damage flash, as the player set them.
    pub comfort: hud::Comfort,
    /// The fireballs' bursts still glowing (where, and the tick of each).
    pub bursts: Vec<(crate::math::Vec2, u64)>,
    /// The game's lights of this frame (reused).
    pub glows: Vec<crate::level::Light>,
    /// The players' names in seat order, in a networked game (else `P1`, `P2`...).
    pub names: Vec<String>,
    /// The lobby before a networked game, a line each (none: no lobby).
    pub lobby: Vec<String>,
    /// A line of chat being typed (T in a networked game), drawn over the view's bottom.
    pub chat: Option<String>,
    /// Something of the window's own is over the view, with words of its own (the page's
    /// "Click to play" before the first tick): no banner under it.
    pub covered: bool,
}

/// A menu to draw over the picture, with what it shows.
pub struct MenuShown<'a> {
    /// The menu.
    pub menu: &'a Menu,
    /// The settings its Options pages show.
    pub settings: &'a Settings,
    /// What else it shows (saves, key labels, sizes).
    pub world: &'a MenuWorld<'a>,
    /// Behind the front door: the level seen turning slowly, this many degrees from its start.
    pub turned: f64,
}

impl Composer {
    /// A composer drawing into `frame` with the field of view `fov`, the HUD shown or not.
    pub fn new(frame: Frame, fov: f64, hud: bool) -> Composer {
        Composer {
            renderer: Renderer::new(),
            frame,
            fov,
            hud,
            profile: Profile::new(),
            cells: Vec::new(),
            minimap: Minimap::default(),
            comfort: hud::Comfort::default(),
            bursts: Vec::new(),
            glows: Vec::new(),
            names: Vec::new(),
            lobby: Vec::new(),
            chat: None,
            covered: false,
        }
    }

    /// Draws the session as `overlays` ask into the frame: the tally between levels, the
    /// episode's end, or the game (first-person or the map) with the HUD over it.
    pub fn draw(
        &mut self,
        session: &Session,
        assets: &RenderAssets,
        overlays: &Overlays,
        shown: Option<MenuShown>,
    ) {
        let started = Instant::now();
        if let Some(shown) = shown.as_ref().filter(|m| m.menu.is_front_door()) {
            self.draw_attract(session, assets, shown.turned);
        } else if session.complete {
            let (totals, ticks) = (session.totals(), session.total_ticks);
            hud::draw_episode_end(&mut self.frame, &totals, ticks, session.end_shown);
        } else if let Some((tally, shown)) = &session.intermission {
            self.draw_tally(session, tally, *shown);
        } else {
            // (No banner under a menu, the lobby or the window's cover: they are what the
            // player reads.)
            self.draw_game(
                session,
                assets,
                overlays,
                shown.is_none() && self.lobby.is_empty() && !self.covered,
            );
        }
        self.profile
            .record(started.elapsed(), self.renderer.stats());
        if self.profiler_shown(session, overlays) {
            self.cells.clear();
            self.cells.extend(self.renderer.cells_per_column());
            let bar = if self.hud {
                hud::bar_height_for(self.frame.height())
            } else {
                0
            };
            let view_bottom = self.frame.height() - bar;
            let below = draw_profile(&mut self.frame, &self.profile, &self.cells, view_bottom);
            // (The panel spans the view's top: a deathmatch's scoreboard goes under it.)
            if self.hud {
                let scale = (self.frame.height() / 200).max(1);
                let names = &self.names;
                hud::draw_scoreboard(&mut self.frame, &session.game, names, below + 2 * scale);
            }
        }
        hud::draw_lobby(&mut self.frame, &self.lobby);
        if let Some(line) = &self.chat {
            let bar = if self.hud {
                hud::bar_height_for(self.frame.height())
            } else {
                0
            };
            let view_bottom = self.frame.height() - bar;
            hud::draw_chat_line(&mut self.frame, line, view_bottom);
        }
        if let Some(m) = shown {
            menu::draw(&mut self.frame, m.menu, m.settings, m.world);
        }
    }

    /// The tally between levels, as Wolfenstein 3D's: its page above the status bar, whose
    /// score counts up with the level's bonus.
    fn draw_tally(&mut self, session: &Session, tally: &crate::episode::Tally, shown: u32) {
        let floor = session.episode_level();
        let (game, pictures) = (&session.game, &session.current().hud);
        hud::draw_tally(&mut self.frame, tally, (shown, floor), pictures);
        let before = tally.score.saturating_sub(tally.bonus());
        let status = hud::Status {
            level: floor,
            lives: tally.lives,
            score: before.saturating_add(tally.bonus_counted(shown)),
        };
        hud::draw_hud(
            &mut self.frame,
            game,
            status,
            &[],
            false,
            self.comfort,
            pictures,
        );
    }

    /// Whether the profiler's panel (F3) is drawn over the game.
    fn profiler_shown(&self, session: &Session, overlays: &Overlays) -> bool {
        overlays.profiler && !overlays.map && !session.complete && session.intermission.is_none()
    }

    /// The level behind the main menu: seen from the player's start, turning.
    fn draw_attract(&mut self, session: &Session, assets: &RenderAssets, turned: f64) {
        let game = &session.game;
        let sprites = super::sprites(game, &session.current().textures);
        let camera = crate::render::Camera::new(
            game.seat().player.position,
            game.seat().player.angle + turned,
            self.fov,
        );
        self.renderer.set_dynamic_lights(&[]);
        self.renderer.render(
            &game.level,
            assets,
            &GameParts(game),
            &sprites,
            &camera,
            &mut self.frame,
        );
    }

    /// The game: the eye's view (with the minimap) or the map from above, and the HUD (with
    /// its banners, "GET PSYCHED!" and the like, where `banners`).
    fn draw_game(
        &mut self,
        session: &Session,
        assets: &RenderAssets,
        overlays: &Overlays,
        banners: bool,
    ) {
        let game = &session.game;
        let layers = MapLayers {
            visibility: overlays.map_debug,
            automap: true,
            debug: overlays.map_debug,
            ..MapLayers::rays(self.fov, self.frame.width(), 8)
        };
        if let Some(still) = &overlays.still_map {
            let view = MapView::fit(game, &self.frame);
            let lights = self
                .renderer
                .light_map(&game.level, assets, &GameParts(game));
            draw_map(&mut self.frame, game, assets, lights, &view, still);
        } else if overlays.map {
            let view = MapView::follow(game, &self.frame, MAP_PIXELS_PER_TILE)
                .zoomed(overlays.map_zoom)
                .panned(overlays.map_pan);
            // The probe points at the world under the mouse pointer.
            let probe = overlays
                .pointer
                .filter(|_| overlays.probe)
                .map(|(x, y)| RayProbe {
                    target: view.world_at(x, y),
                    steps: overlays.probe_steps,
                });
            let layers = MapLayers { probe, ..layers };
            let lights = self
                .renderer
                .light_map(&game.level, assets, &GameParts(game));
            draw_map(&mut self.frame, game, assets, lights, &view, &layers);
        } else {
            let textures = &session.current().textures;
            let mut sprites = super::sprites(game, textures);
            let camera = match &session.victory {
                Some(victory) => {
                    sprites.extend(super::runner_sprite(game, textures, victory));
                    let eye = victory.eye();
                    crate::render::Camera::new(eye.position, eye.angle, self.fov)
                }
                None => death_camera(session, self.fov),
            };
            let parts = GameParts(game);
            super::glow::remember_bursts(game, &mut self.bursts);
            super::glow::dynamic_lights(game, &self.bursts, &mut self.glows);
            self.renderer.set_dynamic_lights(&self.glows);
            self.renderer.render(
                &game.level,
                assets,
                &parts,
                &sprites,
                &camera,
                &mut self.frame,
            );
            // In a game of several the game itself brings the dead back: their fizzle runs
            // from their death until then.
            let dead = match game.seat().died {
                Some(t) if game.seats.len() > 1 => game.ticks.saturating_sub(t) as u32,
                _ => session.dead_ticks(),
            };
            hud::draw_death_fizzle(&mut self.frame, dead);
            if let Some(victory) = &session.victory {
                hud::draw_fade(&mut self.frame, victory.fade());
            }
            if self.hud {
                hud::draw_player_names(&mut self.frame, game, &camera, &self.names);
            }
            if overlays.minimap {
                let view =
                    MapView::minimap(game, &self.frame, MINIMAP_PIXELS_PER_TILE, self.minimap);
                let layers = MapLayers {
                    rays_every: 0,
                    ..layers
                };
                let lights = self.renderer.light_map(&game.level, assets, &parts);
                draw_map(&mut self.frame, game, assets, lights, &view, &layers);
            }
        }
        if self.hud {
            // The message, then the lines of chat under it.
            let lines: Vec<&str> = session
                .message()
                .into_iter()
                .chain(session.chat_lines())
                .collect();
            let status = hud::Status {
                level: session.episode_level(),
                lives: session.game.seat().lives,
                score: session.game.seat().score,
            };
            hud::draw_hud(
                &mut self.frame,
                game,
                status,
                &lines,
                // (The player is seen running out at the episode's end: nothing in hand.)
                !overlays.map && session.victory.is_none(),
                self.comfort,
                &session.current().hud,
            );
            if !self.profiler_shown(session, overlays) {
                hud::draw_scoreboard(&mut self.frame, game, &self.names, 0);
            }
            // Banners (none over a still picture).
            let psyched = game.ticks < hud::PSYCHED_TICKS && !game.player_dead();
            let winner;
            let banner = if session.hushed() || !banners || session.victory.is_some() {
                None
            } else if session.dead_ticks() >= DEATH_TICKS {
                Some(("GAME OVER: PRESS USE", None))
            } else if game.is_deathmatch() && game.finished {
                winner = winner_line(game, &self.names);
                Some((winner.as_str(), None))
            } else if game.seats.len() > 1 && game.finished {
                Some(("LEVEL COMPLETE", None))
            } else if psyched {
                let progress = game.ticks as f64 / hud::PSYCHED_TICKS as f64;
                Some(("GET PSYCHED!", Some(progress)))
            } else {
                None
            };
            if let Some((text, progress)) = banner {
                hud::draw_banner(&mut self.frame, text, progress);
            }
        }
    }
}

/// The line a finished deathmatch shows: who won (or a draw).
fn winner_line(game: &Game, names: &[String]) -> String {
    let order = game.standings();
    let frags = |k: usize| order.get(k).map(|&s| game.seats[s].frags);
    if order.len() > 1 && frags(0) == frags(1) {
        "A DRAW".into()
    } else {
        match names.get(order[0]) {
            Some(name) => format!("{name} WINS"),
            None => format!("PLAYER {} WINS", order[0] + 1),
        }
    }
}

/// The player's view; after a death, turning over the death's first second towards the
/// enemy that dealt the last blow (as Wolfenstein 3D turns the view to the killer).
fn death_camera(session: &Session, fov: f64) -> crate::render::Camera {
    let game = &session.game;
    let dead = session.dead_ticks();
    let killer = game.seat().hurt.map(|h| h.from).filter(|_| dead > 0);
    let Some(killer) = killer else {
        return super::camera(game, fov);
    };
    let to = killer - game.seat().player.position;
    let off = crate::math::turn_degrees(game.seat().player.angle, to.angle_degrees());
    let turned = (f64::from(dead) / f64::from(TICK_HZ)).min(1.0);
    crate::render::Camera::new(
        game.seat().player.position,
        game.seat().player.angle + off * turned,
        fov,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Renderer;
    use std::path::Path;

    /// The composer draws what the state of play says: the eye's view as the renderer draws
    /// the game's scene, the map instead when it is asked for, the episode's end once the
    /// episode is complete; the HUD only where it is on.
    #[test]
    fn the_composer_draws_what_the_state_of_play_shows() {
        let mut session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
        let assets = RenderAssets::new(&session.current().level, &session.current().textures);
        let frame = || Frame::new(160, 100).unwrap();
        let mut composer = Composer::new(frame(), 66.0, false);
        composer.draw(&session, &assets, &Overlays::default(), None);
        let mut plain = frame();
        let game = &session.game;
        let sprites = super::super::sprites(game, &session.current().textures);
        let camera = super::super::camera(game, 66.0);
        Renderer::new().render(
            &game.level,
            &assets,
            &GameParts(game),
            &sprites,
            &camera,
            &mut plain,
        );
        assert!(composer.frame == plain, "the eye's view");
        let eye = composer.frame.clone();
        let map = Overlays {
            map: true,
            ..Overlays::default()
        };
        composer.draw(&session, &assets, &map, None);
        assert!(composer.frame != eye, "the map instead");
        let mut with_hud = Composer::new(frame(), 66.0, true);
        with_hud.draw(&session, &assets, &Overlays::default(), None);
        assert!(with_hud.frame != eye, "the HUD over the view");
        session.complete = true;
        composer.draw(&session, &assets, &Overlays::default(), None);
        let mut end = frame();
        hud::draw_episode_end(&mut end, &session.totals(), session.total_ticks, 0);
        assert!(composer.frame == end, "the episode's end");
    }

    /// After a death the view turns to the killer over a second and fizzles to red.
    #[test]
    fn a_death_turns_the_view_to_the_killer_and_fizzles_it_red() {
        let mut session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
        let game = &mut session.game;
        game.seat_mut().player.angle = 0.0;
        let behind = game.seat().player.position + crate::math::Vec2::new(0.0, 3.0);
        game.seat_mut().hurt = Some(crate::game::Hurt {
            tick: 0,
            damage: 30,
            from: behind,
        });
        assert_eq!(
            death_camera(&session, 66.0).dir.x,
            1.0,
            "alive: as the player faces"
        );
        session.game.seat_mut().player.health = 0;
        for _ in 0..TICK_HZ {
            session.tick(&crate::game::Input::default());
        }
        let camera = death_camera(&session, 66.0);
        assert!(
            camera.dir.y > 0.999,
            "facing south, to the killer: {:?}",
            camera.dir
        );
        // A tick before the level starts again: all but a few of the view's pixels red.
        for _ in TICK_HZ..crate::episode::DEATH_TICKS - 1 {
            session.tick(&crate::game::Input::default());
        }
        assert!(session.game.player_dead());
        let assets = RenderAssets::new(&session.current().level, &session.current().textures);
        let mut composer = Composer::new(Frame::new(160, 100).unwrap(), 66.0, false);
        composer.draw(&session, &assets, &Overlays::default(), None);
        let red = hud::FIZZLE_RED;
        let reds = (0..100)
            .flat_map(|y| (0..160).map(move |x| (x, y)))
            .filter(|&(x, y)| composer.frame.pixel(x, y) == [red.r, red.g, red.b, 255])
            .count();
        assert!(reds > 160 * 100 * 95 / 100, "{reds} of 16,000 red");
    }
}
