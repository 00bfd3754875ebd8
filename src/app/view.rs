//! What the window shows: the renderer's frame of the session (or the map from above), and
//! what goes over it (HUD, profiler, pause menu), all drawn by the library's scene layer.

use web_time::Instant;

use tilecaster::frame::Frame;
use tilecaster::game::{Session, TICK_HZ};
use tilecaster::render::{RenderAssets, Renderer};
use tilecaster::scene::menu::{self, Menu, MenuWorld};
use tilecaster::scene::profile::{Profile, draw_profile};
use tilecaster::scene::topdown::{MapLayers, MapView, Minimap, RayProbe, draw_map};
use tilecaster::scene::{self, GameParts, hud};
use tilecaster::settings::Settings;

use super::ui::Overlays;

/// The Tab map's zoom at first: pixels per tile.
const MAP_PIXELS_PER_TILE: f64 = 14.0;
/// The minimap's zoom: pixels per tile.
const MINIMAP_PIXELS_PER_TILE: f64 = 6.0;

/// What draws the picture: the renderer, its frame, and what goes over it.
pub struct View {
    pub renderer: Renderer,
    pub frame: Frame,
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
}

/// A menu to draw over the picture, with what it shows.
pub struct MenuShown<'a> {
    pub menu: &'a Menu,
    pub settings: &'a Settings,
    pub world: &'a MenuWorld<'a>,
    /// Behind the front door: the level seen turning slowly, this many degrees from its start.
    pub turned: f64,
}

impl View {
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
            hud::draw_episode_end(&mut self.frame, &session.totals(), session.total_ticks);
        } else if let Some((tally, shown)) = &session.intermission {
            hud::draw_tally(&mut self.frame, tally, *shown > TICK_HZ);
        } else {
            self.draw_game(session, assets, overlays);
        }
        self.profile
            .record(started.elapsed(), self.renderer.stats());
        if overlays.profiler && !overlays.map && !session.complete && session.intermission.is_none()
        {
            self.cells.clear();
            self.cells.extend(self.renderer.cells_per_column());
            draw_profile(&mut self.frame, &self.profile, &self.cells);
        }
        if let Some(m) = shown {
            menu::draw(&mut self.frame, m.menu, m.settings, m.world);
        }
    }

    /// The level behind the main menu: seen from the player's start, turning.
    fn draw_attract(&mut self, session: &Session, assets: &RenderAssets, turned: f64) {
        let game = &session.game;
        let sprites = scene::sprites(game, &session.current().textures);
        let camera = tilecaster::render::Camera::new(
            game.player.position,
            game.player.angle + turned,
            self.fov,
        );
        self.renderer.render(
            &game.level,
            assets,
            &GameParts(game),
            &sprites,
            &camera,
            &mut self.frame,
        );
    }

    /// The game: the eye's view (with the minimap) or the map from above, and the HUD.
    fn draw_game(&mut self, session: &Session, assets: &RenderAssets, overlays: &Overlays) {
        let game = &session.game;
        let layers = MapLayers {
            visibility: overlays.map_debug,
            automap: true,
            debug: overlays.map_debug,
            ..MapLayers::rays(self.fov, self.frame.width(), 8)
        };
        if overlays.map {
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
            draw_map(&mut self.frame, game, assets, &view, &layers);
        } else {
            let sprites = scene::sprites(game, &session.current().textures);
            let camera = scene::camera(game, self.fov);
            let parts = GameParts(game);
            self.renderer.render(
                &game.level,
                assets,
                &parts,
                &sprites,
                &camera,
                &mut self.frame,
            );
            if overlays.minimap {
                let view =
                    MapView::minimap(game, &self.frame, MINIMAP_PIXELS_PER_TILE, self.minimap);
                let layers = MapLayers {
                    rays_every: 0,
                    ..layers
                };
                draw_map(&mut self.frame, game, assets, &view, &layers);
            }
        }
        if self.hud {
            let lines: Vec<&str> = session.message().into_iter().collect();
            let status = hud::Status {
                level: session.level_number(),
                lives: session.lives,
            };
            hud::draw_hud(
                &mut self.frame,
                game,
                status,
                &lines,
                !overlays.map,
                self.comfort,
                &session.current().hud,
            );
        }
    }
}
