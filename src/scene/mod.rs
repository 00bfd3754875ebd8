//! The presentation layer: turns a game state into what the renderer draws (a camera, the
//! sprite list, the moving parts: doors' openings and sliding push walls), and draws what
//! lies over or beside the 3D view: the HUD ([`hud`]), the profiler overlay ([`profile`]) and
//! the top-down map ([`topdown`]).
//!
//! It sits above both [`crate::game`] and [`crate::render`], which know nothing of each
//! other: the game simulates, the renderer draws a plain description, and this layer is the
//! only place that reads the one to feed the other.
//!
//! ```
//! use tilecaster::game::Game;
//! use tilecaster::level::load_with_textures;
//! use tilecaster::render::{RenderAssets, Renderer};
//! use tilecaster::frame::Frame;
//! let loaded = load_with_textures("levels/e1m1.toml".as_ref(), None).unwrap();
//! let game = Game::from_loaded(&loaded);
//! let assets = RenderAssets::new(&loaded.level, &loaded.textures);
//! let mut frame = Frame::new(160, 100).unwrap();
//! let sprites = tilecaster::scene::sprites(&game, &loaded.textures);
//! let camera = tilecaster::scene::camera(&game, 66.0);
//! let parts = tilecaster::scene::GameParts(&game);
//! Renderer::new().render(&game.level, &assets, &parts, &sprites, &camera, &mut frame);
//! ```

pub mod art;
pub mod compose;
pub mod glow;
pub mod hand;
pub mod hud;
pub mod menu;
pub mod overlays;
pub mod profile;
pub mod sound;
pub mod topdown;

use crate::episode::Session;
use crate::game::{EnemyState, Game, PUFF_TICKS};
use crate::grid::Cell;
use crate::math::Vec2;
use crate::render::{Camera, MovingParts, RenderAssets, SpriteInstance, pose};
use crate::texture::TextureSet;

pub use compose::{Composer, MenuShown};
pub use overlays::Overlays;

/// The player's view.
pub fn camera(game: &Game, fov_degrees: f64) -> Camera {
    Camera::new(
        game.seat().player.position,
        game.seat().player.angle,
        fov_degrees,
    )
}

/// The sprites to draw: the decorations, living and dead enemies in their current pose, the
/// pickups still lying there, and projectiles in flight. Things whose sprite is not loaded are
/// left out.
pub fn sprites<'a>(game: &Game, textures: &'a TextureSet) -> Vec<SpriteInstance<'a>> {
    let level = &game.level;
    let capacity =
        level.decorations.len() + game.enemies.len() + level.pickups.len() + game.projectiles.len();
    let mut out = Vec::with_capacity(capacity);
    out.extend(crate::render::decoration_sprites(level, textures));
    for e in &game.enemies {
        let Some(sheet) = textures.sprite(game.level.sprite_of(&e.kind)) else {
            continue;
        };
        let row = match e.state {
            EnemyState::Idle => pose::STAND,
            EnemyState::Patrol | EnemyState::Chase | EnemyState::Cover => {
                pose::WALK + ((e.walked * 4.0) as u32 % 4)
            }
            EnemyState::Attack => {
                if e.timer < 0.12 {
                    pose::FIRE
                } else {
                    pose::AIM
                }
            }
            EnemyState::Pain => pose::PAIN,
            EnemyState::Dying => pose::DIE + (((0.6 - e.timer) / 0.15).clamp(0.0, 3.0) as u32),
            EnemyState::Dead => pose::DEAD,
        };
        out.push(SpriteInstance {
            position: e.position,
            sheet,
            row,
            facing: Some(e.facing),
        });
    }
    let left = game
        .level
        .pickups
        .iter()
        .zip(&game.pickups_left)
        .filter(|(_, left)| **left);
    out.extend(left.filter_map(|(p, _)| SpriteInstance::pickup(p, textures)));
    // Impact puffs: dust or blood, growing as they fade.
    let puffs = art::puff_sheet();
    out.extend(game.puffs.iter().map(|p| {
        let age = game.ticks.saturating_sub(p.tick);
        let stage = (age * 3 / PUFF_TICKS).min(2) as u32;
        SpriteInstance {
            position: p.position,
            sheet: puffs,
            row: stage + if p.blood { 3 } else { 0 },
            facing: None,
        }
    }));
    if let Some(sheet) = textures.sprite(crate::level::FIREBALL) {
        out.extend(game.projectiles.iter().map(|p| SpriteInstance {
            position: p.position,
            sheet,
            row: 0,
            facing: None,
        }));
    }
    out
}

/// A game's moving parts as the renderer sees them: how open each door is, and where sliding
/// push walls stand.
#[derive(Clone, Copy)]
pub struct GameParts<'a>(pub &'a Game);

impl MovingParts for GameParts<'_> {
    fn open(&self, cell: Cell) -> f64 {
        self.0.doors.open_fraction(cell)
    }

    fn moving_wall(&self, cell: Cell) -> Option<Vec2> {
        self.0.pushwalls.block_at(cell)
    }
}

/// The render assets of a session's current level, rebuilt whenever the session loads another
/// level or reloads this one (the front end owns them; the game never sees them).
pub struct SessionAssets {
    assets: RenderAssets,
    generation: u64,
}

impl SessionAssets {
    /// The assets of `session`'s current level.
    pub fn new(session: &Session) -> SessionAssets {
        let current = session.current();
        SessionAssets {
            assets: RenderAssets::new(&current.level, &current.textures),
            generation: session.generation(),
        }
    }

    /// The assets of `session`'s current level, rebuilt first if it changed since.
    pub fn of(&mut self, session: &Session) -> &RenderAssets {
        if self.generation != session.generation() {
            *self = SessionAssets::new(session);
        }
        &self.assets
    }
}
