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
    let capacity = level.decorations.len()
        + game.enemies.len()
        + game.pickups_left.len()
        + game.projectiles.len();
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
    let lying = game.pickups_lying();
    out.extend(lying.filter_map(|p| SpriteInstance::pickup(p, textures)));
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
    other_players(game, textures, &mut out);
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

/// The players of a game of several besides the one it is shown to, each in their seat's
/// colour: walking as they move, firing for a moment after a shot, in pain for a moment after
/// a hit, fallen while dead; blinking while they cannot be hurt
/// ([`crate::game::SPAWN_PROTECTION_TICKS`]).
fn other_players<'a>(game: &Game, textures: &'a TextureSet, out: &mut Vec<SpriteInstance<'a>>) {
    let shown = game.viewer.min(game.seats.len() - 1);
    let since = |tick: Option<u64>| tick.map_or(u64::MAX, |t| game.ticks.saturating_sub(t));
    for (seat, s) in game.seats.iter().enumerate() {
        let blinked_out = s.protected(game.ticks) && game.ticks / 4 % 2 == 1;
        let sheet = textures.sprite(&crate::level::player_sprite(game.seat_colour(seat)));
        let Some(sheet) = sheet.filter(|_| seat != shown && !blinked_out) else {
            continue;
        };
        let row = if let Some(died) = s.died.filter(|_| s.dead()) {
            pose::DIE + (game.ticks.saturating_sub(died) / 9).min(4) as u32
        } else if since(s.last_shot) < 8 {
            pose::FIRE
        } else if since(s.hurt.map(|h| h.tick)) < 10 {
            pose::PAIN
        } else {
            pose::WALK + ((s.player.walked * 4.0) as u32 % 4)
        };
        out.push(SpriteInstance {
            position: s.player.position,
            sheet,
            row,
            facing: Some(s.player.angle),
        });
    }
}

/// The player's own figure running out at the episode's end ([`crate::episode::Victory::runner`]), in their
/// seat's colour: standing while the view turns, then running; none while the view is too
/// near it, or where the folder has no player's sheet.
fn runner_sprite<'a>(
    game: &Game,
    textures: &'a TextureSet,
    victory: &crate::episode::Victory,
) -> Option<SpriteInstance<'a>> {
    let runner = victory.runner()?;
    let sheet = textures.sprite(&crate::level::player_sprite(game.seat_colour(0)))?;
    let row = if runner.ran > 0.0 {
        pose::WALK + ((runner.ran * 4.0) as u32 % 4)
    } else {
        pose::STAND
    };
    Some(SpriteInstance {
        position: runner.position,
        sheet,
        row,
        facing: Some(runner.facing),
    })
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

    /// [`SessionAssets::new`] for a state of the level `before`'s were made for a moment ago
    /// (the editor's last): what has not changed taken from `before` ([`RenderAssets::after`]).
    /// `was` is the level `before`'s were made of.
    pub fn after(
        session: &Session,
        (before, was): (&SessionAssets, &crate::level::LevelWithTextures),
    ) -> SessionAssets {
        let current = session.current();
        SessionAssets {
            assets: RenderAssets::after(&current.level, &current.textures, (&before.assets, was)),
            generation: session.generation(),
        }
    }

    /// [`RenderAssets::make_lit_copies`].
    pub fn make_lit_copies(&mut self, cells: usize) -> usize {
        self.assets.make_lit_copies(cells)
    }

    /// The assets of `session`'s current level, rebuilt first if it changed since.
    pub fn of(&mut self, session: &Session) -> &RenderAssets {
        if self.generation != session.generation() {
            *self = SessionAssets::new(session);
        }
        &self.assets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{SEAT_COLOURS, load_with_textures, player_sprite};

    /// The other players of a game of several are drawn in their seats' colours; the one it
    /// is shown to is not drawn.
    #[test]
    fn the_other_players_are_drawn_in_their_colours() {
        let loaded = load_with_textures(std::path::Path::new("levels/e1m1.toml"), None).unwrap();
        let mut game = Game::new(loaded.level.clone()).seated(3);
        game.viewer = 1;
        for (k, s) in game.seats.iter_mut().enumerate() {
            s.player.position.x += k as f64;
        }
        let sprites = sprites(&game, &loaded.textures);
        let players: Vec<&SpriteInstance> = sprites
            .iter()
            .filter(|s| s.sheet.rows() == 12 && s.facing.is_some())
            .filter(|s| {
                game.seats
                    .iter()
                    .any(|seat| seat.player.position == s.position)
            })
            .collect();
        let at: Vec<Vec2> = players.iter().map(|s| s.position).collect();
        assert_eq!(
            at,
            [game.seats[0].player.position, game.seats[2].player.position]
        );
        for (sprite, seat) in players.iter().zip([0, 2]) {
            let sheet = loaded.textures.sprite(&player_sprite(seat)).unwrap();
            assert!(std::ptr::eq(sprite.sheet, &**sheet));
            // The front view's torso (the middle of the standing frame) wears the seat's
            // colour: its strongest channel is the colour's.
            let frame = sheet.frame(0, crate::render::pose::STAND);
            let [r, g, b, a] = frame.texel(32, 30).to_le_bytes();
            let colour = SEAT_COLOURS[seat];
            let strongest = |c: [u8; 3]| (0..3).max_by_key(|&i| c[i]).unwrap();
            assert_eq!(a, 255);
            assert_eq!(
                strongest([r, g, b]),
                strongest([colour.r, colour.g, colour.b])
            );
        }
    }

    /// A player who cannot be hurt yet (just come back in a deathmatch) blinks: drawn half
    /// the time until the protection is over.
    #[test]
    fn a_protected_player_blinks() {
        let loaded = load_with_textures(std::path::Path::new("levels/e1m1.toml"), None).unwrap();
        let mut game = Game::new(loaded.level.clone()).seated(2);
        game.seats[1].player.position.x += 1.0;
        game.seats[1].protected_until = 8;
        let drawn = |game: &Game| {
            let at = game.seats[1].player.position;
            sprites(game, &loaded.textures)
                .iter()
                .any(|s| s.facing.is_some() && s.position == at)
        };
        let shown: Vec<bool> = (0..10)
            .map(|t| {
                game.ticks = t;
                drawn(&game)
            })
            .collect();
        let blink = [true, true, true, true, false, false, false, false];
        assert_eq!(shown[..8], blink);
        assert_eq!(shown[8..], [true, true]);
    }
}
