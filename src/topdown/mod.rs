//! The top-down map view: the same world as the first-person view, from above. The renderer's
//! own column rays are drawn ending at their true hits.

use crate::frame::Frame;
use crate::game::{EnemyState, Game};
use crate::geom::Vec2;
use crate::grid::Cell;
use crate::map::Tile;
use crate::render::{DoorState, RenderAssets, cast_column};

/// Which part of the world the view shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    /// The world point at the frame's centre.
    pub centre: Vec2,
    /// Pixels per tile.
    pub scale: f64,
}

impl MapView {
    /// The whole map of `game`, fitted into `frame` with a margin.
    pub fn fit(game: &Game, frame: &Frame) -> MapView {
        let (w, h) = (
            game.level.map.width().max(1) as f64,
            game.level.map.height().max(1) as f64,
        );
        let scale = (frame.width() as f64 / (w + 1.0)).min(frame.height() as f64 / (h + 1.0));
        MapView {
            centre: Vec2::new(w / 2.0, h / 2.0),
            scale,
        }
    }

    /// Following the player at `scale` pixels per tile.
    pub fn follow(game: &Game, scale: f64) -> MapView {
        MapView {
            centre: game.player.position,
            scale,
        }
    }

    fn screen_point(&self, frame: &Frame, p: Vec2) -> (f64, f64) {
        (
            frame.width() as f64 / 2.0 + (p.x - self.centre.x) * self.scale,
            frame.height() as f64 / 2.0 + (p.y - self.centre.y) * self.scale,
        )
    }
}

fn rgba(r: u8, g: u8, b: u8) -> [u8; 4] {
    [r, g, b, 255]
}

/// Draws the map: cells by kind (open doors by how open they are), the player's field of view
/// as every `ray_every`th column ray of a `columns`-wide view ending at its hit, the enemies
/// with their facing, and the pickups still lying there.
pub fn draw_map(
    frame: &mut Frame,
    game: &Game,
    assets: &RenderAssets,
    view: &MapView,
    fov: f64,
    columns: u32,
    ray_every: u32,
) {
    let (w, h) = (frame.width(), frame.height());
    let inv = 1.0 / view.scale;
    let map = &game.level.map;
    // Cells, row by row (contiguous writes).
    let row_bytes = w as usize * 4;
    for (y, row) in frame.rgba_mut().chunks_exact_mut(row_bytes).enumerate() {
        let wy = view.centre.y + (y as f64 + 0.5 - h as f64 / 2.0) * inv;
        for (x, px) in row.chunks_exact_mut(4).enumerate() {
            let wx = view.centre.x + (x as f64 + 0.5 - w as f64 / 2.0) * inv;
            let cell = Cell::new(wx.floor() as i32, wy.floor() as i32);
            let colour = match map.get(cell) {
                None => rgba(12, 12, 16),
                Some(Tile::Empty) => {
                    let edge = (wx - wx.floor()).min(wy - wy.floor()) * view.scale < 1.0;
                    if edge {
                        rgba(40, 40, 46)
                    } else {
                        rgba(28, 28, 34)
                    }
                }
                Some(Tile::Wall) => rgba(150, 140, 130),
                Some(Tile::PushWall) => rgba(120, 110, 100),
                Some(Tile::Masked) => {
                    let bar = ((wx + wy) * 4.0).floor() as i64 % 2 == 0;
                    if bar {
                        rgba(110, 110, 120)
                    } else {
                        rgba(28, 28, 34)
                    }
                }
                Some(Tile::Door) => {
                    let open = game.open(cell);
                    if open >= 1.0 {
                        rgba(30, 70, 80)
                    } else {
                        rgba(60, 150, 170)
                    }
                }
            };
            px.copy_from_slice(&colour);
        }
    }
    // The field of view: the renderer's own rays.
    let camera = game.camera(fov);
    let step = ray_every.max(1);
    for x in (0..columns).step_by(step as usize) {
        let cast = cast_column(&game.level, assets, game, &camera, x, columns);
        if let Some(hit) = cast.hit {
            line(
                frame,
                view,
                camera.pos,
                camera.pos + cast.ray * hit.t,
                rgba(230, 200, 60),
            );
        }
    }
    // Pickups, enemies (red when they chase or shoot), the player.
    for (p, _) in game
        .level
        .pickups
        .iter()
        .zip(&game.pickups_left)
        .filter(|(_, left)| **left)
    {
        disc(frame, view, p.position, 0.15, rgba(90, 200, 90));
    }
    for e in &game.enemies {
        let colour = match e.state {
            EnemyState::Dead | EnemyState::Dying => rgba(90, 40, 40),
            EnemyState::Chase | EnemyState::Attack | EnemyState::Pain | EnemyState::Cover => {
                rgba(240, 60, 50)
            }
            _ => rgba(200, 120, 60),
        };
        disc(frame, view, e.position, 0.3, colour);
        if e.alive() {
            line(
                frame,
                view,
                e.position,
                e.position + Vec2::from_angle_degrees(e.facing) * 0.6,
                colour,
            );
        }
    }
    disc(frame, view, camera.pos, 0.25, rgba(255, 255, 255));
    line(
        frame,
        view,
        camera.pos,
        camera.pos + camera.dir * 0.7,
        rgba(255, 255, 255),
    );
}

/// A filled circle of `radius` tiles.
fn disc(frame: &mut Frame, view: &MapView, centre: Vec2, radius: f64, colour: [u8; 4]) {
    let (cx, cy) = view.screen_point(frame, centre);
    let r = (radius * view.scale).max(1.5);
    let (w, h) = (frame.width() as i64, frame.height() as i64);
    for y in ((cy - r).floor() as i64).max(0)..((cy + r).ceil() as i64).min(h) {
        for x in ((cx - r).floor() as i64).max(0)..((cx + r).ceil() as i64).min(w) {
            let (dx, dy) = (x as f64 + 0.5 - cx, y as f64 + 0.5 - cy);
            if dx * dx + dy * dy <= r * r {
                put(frame, x, y, colour);
            }
        }
    }
}

/// A one-pixel line between two world points, clipped to the frame.
fn line(frame: &mut Frame, view: &MapView, a: Vec2, b: Vec2, colour: [u8; 4]) {
    let (x0, y0) = view.screen_point(frame, a);
    let (x1, y1) = view.screen_point(frame, b);
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return;
    }
    let steps = (x1 - x0).abs().max((y1 - y0).abs()).ceil().min(1e5) as i64;
    for i in 0..=steps {
        let t = if steps == 0 {
            0.0
        } else {
            i as f64 / steps as f64
        };
        put(
            frame,
            (x0 + (x1 - x0) * t).floor() as i64,
            (y0 + (y1 - y0) * t).floor() as i64,
            colour,
        );
    }
}

fn put(frame: &mut Frame, x: i64, y: i64, colour: [u8; 4]) {
    let (w, h) = (frame.width() as i64, frame.height() as i64);
    if (0..w).contains(&x) && (0..h).contains(&y) {
        let i = (y * w + x) as usize * 4;
        frame.rgba_mut()[i..i + 4].copy_from_slice(&colour);
    }
}
