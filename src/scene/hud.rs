//! The heads-up display: the status bar, the crosshair, messages and menus, drawn into a
//! [`Frame`] through [`Canvas`].

use crate::frame::draw::{Canvas, text_width};
use crate::frame::{Colour, Frame};
use crate::game::Game;
use crate::level::KeyColour;

/// The status bar along the bottom (health, ammo, keys, score), a crosshair, and optional lines
/// of text at the top left (frame time, messages).
pub fn draw_hud(frame: &mut Frame, game: &Game, lines: &[&str]) {
    let scale = (frame.height() / 200).max(1);
    let bar = 9 * i64::from(scale);
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let mut canvas = Canvas::new(frame);
    canvas.fill_rect(0, h - bar, w, bar, Colour::rgb(24, 24, 32));
    let keys: String = game
        .keys
        .iter()
        .map(|k| match k {
            KeyColour::Gold => 'G',
            KeyColour::Silver => 'S',
        })
        .collect();
    let status = format!(
        "HEALTH {:>3}  AMMO {:>2}  {}  KEYS {:<2}  KILLS {}  SCORE {}",
        game.player.health,
        game.player.ammo,
        game.weapon.name(),
        keys,
        game.kills,
        game.score
    );
    let s = i64::from(scale);
    let yellow = Colour::rgb(230, 220, 120);
    canvas.text(2 * s, h - bar + 2 * s, &status, yellow, scale);
    // Crosshair.
    let (cx, cy) = (w / 2, h / 2);
    let cross = Colour::rgba(255, 255, 255, 200);
    canvas.fill_rect(cx - 3 * s, cy, 6 * s + 1, s, cross);
    canvas.fill_rect(cx, cy - 3 * s, s, 6 * s + 1, cross);
    for (i, line) in lines.iter().enumerate() {
        canvas.text(2 * s, 2 * s + i as i64 * 7 * s, line, Colour::WHITE, scale);
    }
}

/// A menu over the frame: the picture darkened, a panel in the middle with `title` and
/// `lines` under it.
pub fn draw_menu(frame: &mut Frame, title: &str, lines: &[&str]) {
    let scale = (frame.height() / 200).max(1);
    let s = i64::from(scale);
    let widest = lines
        .iter()
        .chain([&title])
        .map(|l| text_width(l, scale))
        .max()
        .unwrap_or(0) as i64;
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let mut canvas = Canvas::new(frame);
    canvas.darken(3);
    let (panel_w, panel_h) = (widest + 16 * s, (lines.len() as i64 + 2) * 8 * s + 8 * s);
    let (x, y) = ((w - panel_w) / 2, (h - panel_h) / 2);
    let gold = Colour::rgb(200, 180, 90);
    canvas.fill_rect(x, y, panel_w, panel_h, Colour::rgb(30, 30, 40));
    canvas.fill_rect(x, y, panel_w, s, gold);
    canvas.fill_rect(x, y + panel_h - s, panel_w, s, gold);
    let title_x = (w - text_width(title, scale) as i64) / 2;
    canvas.text(title_x, y + 6 * s, title, Colour::rgb(240, 220, 120), scale);
    for (i, line) in lines.iter().enumerate() {
        let ly = y + (i as i64 + 2) * 8 * s + 4 * s;
        canvas.text(x + 8 * s, ly, line, Colour::rgb(235, 235, 235), scale);
    }
}
