//! The heads-up display: the damage flash, the weapon in hand, the status bar (level, score,
//! lives, a face, health, ammunition, keys, weapon), the crosshair, messages, menus and the
//! screens between levels, drawn into a [`Frame`] through [`Canvas`]. Everything scales with
//! the frame's height (one unit per 200 rows).

mod pages;
mod players;

use pages::GOLD;
pub use pages::{draw_episode_end, draw_menu, draw_tally};
pub use players::{draw_chat_line, draw_lobby, draw_player_names, draw_scoreboard, seat_name};

use super::art::{self, Look};
use crate::assets::Pictures;
use crate::frame::draw::{Canvas, text_width, wrap_words};
use crate::frame::{Colour, Frame};
use crate::game::{Game, TICK_HZ, Weapon};
use crate::level::KeyColour;
use crate::math::Vec2;

/// The status bar's height in units (a unit is a pixel per 200 rows of frame).
pub const BAR_UNITS: u32 = 32;
/// Ticks the damage flash takes to fade (half a second).
const FLASH_TICKS: u64 = 30;
/// Ticks the face looks towards the last hit (a second).
const LOOK_TICKS: u64 = 60;

/// What the status bar shows beside the game itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The level's number in the episode (1 for the first); none for a level of the
    /// player's own, which the status bar names by its name (as far as it fits).
    pub level: Option<u32>,
    /// Lives left.
    pub lives: u32,
    /// The score shown (the player's, or on the tally screen the score counting up with the
    /// level's bonus).
    pub score: u32,
}

/// What the player chose to soften: the weapon's sway and the red flash of a hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comfort {
    /// The weapon sways as the player walks.
    pub head_bob: bool,
    /// The damage flash's strength, 0 (none) to 1 (full).
    pub damage_flash: f64,
}

impl Default for Comfort {
    fn default() -> Comfort {
        Comfort {
            head_bob: true,
            damage_flash: 1.0,
        }
    }
}

/// One unit in pixels: the frame's height over 200, at least 1.
pub fn unit(frame: &Frame) -> i64 {
    i64::from((frame.height() / 200).max(1))
}

/// The status bar's height in pixels for `frame`.
pub fn bar_height(frame: &Frame) -> i64 {
    i64::from(bar_height_for(frame.height()))
}

/// The status bar's height in pixels for a frame `height` rows tall.
pub fn bar_height_for(height: u32) -> u32 {
    (BAR_UNITS * (height / 200).max(1)).min(height / 2)
}

/// The heads-up display over a frame of the game. In the first-person view (`first_person`)
/// the damage flash, the weapon and the crosshair come with it; over the map only the status
/// bar and the lines of text (frame time, messages) at the top left.
pub fn draw_hud(
    frame: &mut Frame,
    game: &Game,
    status: Status,
    lines: &[&str],
    first_person: bool,
    comfort: Comfort,
    pictures: &Pictures,
) {
    let s = unit(frame);
    let scale = s as u32;
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let bar = bar_height(frame);
    let font = pictures.get("font").map(|f| f.as_ref());
    let mut canvas = Canvas::new(frame).with_font(font);
    if first_person {
        draw_damage(&mut canvas, game, w, h - bar, s, comfort.damage_flash);
        super::hand::draw(
            &mut canvas,
            game,
            (w, h - bar, h),
            comfort.head_bob,
            pictures,
        );
        // Crosshair, on the horizon (the view's centre row) where shots fly; none over a
        // death, as no weapon is in hand.
        if !game.player_dead() {
            let (cx, cy) = (w / 2, h / 2);
            let cross = Colour::rgba(255, 255, 255, 200);
            canvas.fill_rect(cx - 3 * s, cy, 6 * s + 1, s, cross);
            canvas.fill_rect(cx, cy - 3 * s, s, 6 * s + 1, cross);
        }
    }
    draw_status_bar(&mut canvas, game, status, (w, h, bar, s), pictures);
    // A long line (a message naming files) wraps within the frame, three rows at most.
    let fits = ((w - 4 * s) / i64::from(text_width("M", scale))).max(1) as usize;
    let rows = lines
        .iter()
        .flat_map(|line| wrap_words(line, fits, MESSAGE_ROWS));
    for (i, row) in rows.enumerate() {
        canvas.text(2 * s, 2 * s + i as i64 * 7 * s, &row, Colour::WHITE, scale);
    }
}

/// The most rows one line of text at the top left wraps into.
const MESSAGE_ROWS: usize = 3;

/// The red flash of the last hit (stronger for more damage, fading over [`FLASH_TICKS`]) over
/// the view's `w` x `view_h` pixels, and a band on the edge of the side the shot came from;
/// both as strong as `amount` (0 to 1) says.
fn draw_damage(canvas: &mut Canvas, game: &Game, w: i64, view_h: i64, s: i64, amount: f64) {
    let Some(hurt) = game.seat().hurt else { return };
    let age = game.ticks.saturating_sub(hurt.tick);
    if age >= FLASH_TICKS || amount <= 0.0 {
        return;
    }
    let fade = (1.0 - age as f64 / FLASH_TICKS as f64) * amount.min(1.0);
    let strength = (0.045 * f64::from(hurt.damage)).min(0.45) * fade;
    let red = Colour::rgb(220, 0, 0);
    canvas.mix_rect(0..w, 0..view_h, red, strength);
    let band = 8 * s;
    let side = side_of(game, hurt.from);
    let (xs, ys) = match side {
        Side::Front => (0..w, 0..band),
        Side::Behind => (0..w, view_h - band..view_h),
        Side::Left => (0..band, 0..view_h),
        Side::Right => (w - band..w, 0..view_h),
    };
    canvas.mix_rect(xs, ys, red, (0.35 + strength).min(0.9) * fade);
    // An arrowhead on the band, pointing out towards the shooter: which way to turn.
    let size = 6 * s;
    let arrow = Colour::rgb(255, 60, 40);
    for k in 0..size {
        // Row (or column) k of the triangle from its tip, which is at the band's inner edge,
        // pointing out.
        let (across, long) = (k, 2 * k + 1);
        match side {
            Side::Front => canvas.fill_rect(w / 2 - across, band + k, long, 1, arrow),
            Side::Behind => canvas.fill_rect(w / 2 - across, view_h - band - 1 - k, long, 1, arrow),
            Side::Left => canvas.fill_rect(band + k, view_h / 2 - across, 1, long, arrow),
            Side::Right => canvas.fill_rect(w - band - 1 - k, view_h / 2 - across, 1, long, arrow),
        }
    }
}

/// The red of a death's fizzle.
pub const FIZZLE_RED: Colour = Colour::rgb(150, 0, 0);

/// Wolfenstein 3D's death (its `FizzleFade` in red): from [`FIZZLE_FROM`] ticks into a
/// death to its [`DEATH_TICKS`], the view's pixels turn red one by one in a scattered order,
/// the same each time, in blocks of the display's unit (a pixel of a 320 x 200 screen);
/// none while alive. Drawn over the view before the status bar, which stays.
///
/// [`FIZZLE_FROM`]: crate::episode::FIZZLE_FROM
/// [`DEATH_TICKS`]: crate::episode::DEATH_TICKS
pub fn draw_death_fizzle(frame: &mut Frame, dead_ticks: u32) {
    use crate::episode::{DEATH_TICKS, FIZZLE_FROM};
    let since = dead_ticks.saturating_sub(FIZZLE_FROM);
    if since == 0 {
        return;
    }
    let done = (f64::from(since) / f64::from(DEATH_TICKS - FIZZLE_FROM)).min(1.0);
    let s = unit(frame);
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    // Each block's turn: a hash of its place, as even as a shuffled order (Wolfenstein 3D
    // walks a linear feedback shift register over the screen's pixels).
    // Out of 2^32, so that at the end every hash is under it.
    let limit = (done * (1u64 << 32) as f64) as u64;
    let mut canvas = Canvas::new(frame);
    for by in 0..(h + s - 1) / s {
        for bx in 0..(w + s - 1) / s {
            if u64::from(scatter(bx as u32, by as u32)) < limit {
                canvas.fill_rect(bx * s, by * s, s, s, FIZZLE_RED);
            }
        }
    }
}

/// The picture faded towards black by `fade` (0: as it is, 1: black), the end of the
/// episode's victory sequence (the status bar is drawn over it after).
pub fn draw_fade(frame: &mut Frame, fade: f64) {
    if fade <= 0.0 {
        return;
    }
    let keep = ((1.0 - fade.min(1.0)) * 256.0) as u32;
    for px in frame.pixels_mut() {
        let c = Colour::from_packed(*px);
        let dim = |v: u8| ((u32::from(v) * keep) >> 8) as u8;
        *px = Colour::rgba(dim(c.r), dim(c.g), dim(c.b), c.a).packed();
    }
}

/// A block's place in the fizzle's order: its coordinates mixed (a 32-bit integer hash).
fn scatter(x: u32, y: u32) -> u32 {
    let mut z = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77);
    z ^= z >> 16;
    z = z.wrapping_mul(0x7FEB_352D);
    z ^= z >> 15;
    z = z.wrapping_mul(0x846C_A68B);
    z ^ (z >> 16)
}

/// Ticks a level's "Get Psyched" banner stays up at its start (a second and a quarter).
pub const PSYCHED_TICKS: u64 = 75;

/// A banner across the middle of the view: `text` in a framed box, and under it a bar
/// filled to `progress` (0 to 1) where there is one: "GET PSYCHED!" as a level starts,
/// "GAME OVER: PRESS USE" after the last life's death.
pub fn draw_banner(frame: &mut Frame, text: &str, progress: Option<f64>) {
    let s = unit(frame);
    let scale = (s as u32) * 2;
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let bar = bar_height(frame);
    let text_w = i64::from(text_width(text, scale));
    let (box_w, box_h) = (
        text_w + 16 * s,
        if progress.is_some() { 30 } else { 22 } * s,
    );
    let (x, y) = ((w - box_w) / 2, (h - bar - box_h) / 2);
    let mut canvas = Canvas::new(frame);
    canvas.fill_rect(x, y, box_w, box_h, Colour::rgb(0, 40, 80));
    canvas.fill_rect(x, y, box_w, s, Colour::rgb(0, 90, 160));
    canvas.fill_rect(x, y + box_h - s, box_w, s, Colour::rgb(0, 16, 40));
    canvas.text(x + 8 * s, y + 6 * s, text, GOLD, scale);
    if let Some(p) = progress {
        let inner = box_w - 16 * s;
        canvas.fill_rect(x + 8 * s, y + 21 * s, inner, 4 * s, Colour::rgb(0, 16, 40));
        let filled = (inner as f64 * p.clamp(0.0, 1.0)) as i64;
        canvas.fill_rect(
            x + 8 * s,
            y + 21 * s,
            filled,
            4 * s,
            Colour::rgb(220, 40, 40),
        );
    }
}

/// Where a point lies seen from the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Front,
    Behind,
    Left,
    Right,
}

/// The side of the player that `from` lies on.
fn side_of(game: &Game, from: Vec2) -> Side {
    let to = from - game.seat().player.position;
    match crate::math::turn_degrees(game.seat().player.angle, to.angle_degrees()) {
        o if o.abs() <= 45.0 => Side::Front,
        o if o.abs() >= 135.0 => Side::Behind,
        o if o > 0.0 => Side::Right,
        _ => Side::Left,
    }
}

/// `text` at the largest of twice, one and a half times and once the unit `scale` that fits in
/// `room` pixels; a text too long even then (a level's name) at half the unit where that is a
/// pixel or more, as many of its words as fit (else as many of its letters).
fn fitted(text: &str, room: i64, scale: u32) -> (String, u32) {
    let fits = |text: &str, size: u32| i64::from(text_width(text, size)) <= room;
    let smallest = (scale / 2).max(1);
    let sizes = [scale * 2, scale * 3 / 2, scale, smallest];
    if let Some(size) = sizes.into_iter().find(|&size| fits(text, size)) {
        return (text.to_string(), size);
    }
    let mut shown = String::new();
    for word in text.split_whitespace() {
        let longer = if shown.is_empty() {
            word.to_string()
        } else {
            format!("{shown} {word}")
        };
        if !fits(&longer, smallest) {
            break;
        }
        shown = longer;
    }
    if shown.is_empty() {
        shown = text
            .chars()
            .scan(String::new(), |cut, c| {
                cut.push(c);
                Some(cut.clone())
            })
            .take_while(|cut| fits(cut, smallest))
            .last()
            .unwrap_or_default();
    }
    (shown, smallest)
}

/// The status bar: panels for the level, score, lives, the face, health, ammunition, keys and
/// the weapon, across the bottom `bar` rows.
fn draw_status_bar(
    canvas: &mut Canvas,
    game: &Game,
    status: Status,
    (w, h, bar, s): (i64, i64, i64, i64),
    pictures: &Pictures,
) {
    let scale = s as u32;
    let top = h - bar;
    canvas.fill_rect(0, top, w, bar, Colour::rgb(0, 40, 80));
    canvas.fill_rect(0, top, w, s, Colour::rgb(0, 70, 130));
    // Panel widths in parts of the bar. A deathmatch counts frags where the score stands, and
    // has no lives to count.
    let dm = game.is_deathmatch();
    let parts: [(&str, u32); 8] = [
        ("LEVEL", 3),
        (if dm { "FRAGS" } else { "SCORE" }, 5),
        (if dm { "" } else { "LIVES" }, 3),
        ("", 4),
        ("HEALTH", 4),
        ("AMMO", 4),
        ("KEYS", 3),
        ("WEAPON", 6),
    ];
    let total: u32 = parts.iter().map(|p| p.1).sum();
    let mut x = 0;
    let label = Colour::rgb(140, 170, 210);
    let value = Colour::rgb(240, 240, 240);
    for (i, (name, part)) in parts.iter().enumerate() {
        let pw = w * i64::from(*part) / i64::from(total);
        let inner = (x + s, top + 2 * s, pw - 2 * s, bar - 3 * s);
        canvas.fill_rect(inner.0, inner.1, inner.2, inner.3, Colour::rgb(0, 24, 56));
        let centred = |text: &str, size: u32| x + (pw - i64::from(text_width(text, size))) / 2;
        if !name.is_empty() {
            canvas.text(centred(name, scale), top + 4 * s, name, label, scale);
        }
        let text = match i {
            0 => match status.level {
                Some(number) => number.to_string(),
                None => game.level.name.to_uppercase(),
            },
            1 if dm => game.seat().frags.to_string(),
            1 => status.score.to_string(),
            2 if dm => String::new(),
            2 => status.lives.to_string(),
            4 => format!("{}%", game.seat().player.health),
            5 => match game.seat().weapon {
                Weapon::Launcher => game.seat().player.rounds.to_string(),
                _ => game.seat().player.ammo.to_string(),
            },
            _ => String::new(),
        };
        let (text, size) = fitted(&text, pw - 2 * s, scale);
        if !text.is_empty() {
            let colour = if i == 4 && game.seat().player.health <= 25 {
                Colour::rgb(255, 90, 80)
            } else {
                value
            };
            // (Middled on the row the largest size fills: a glyph is 5 units tall.)
            let y = top + 14 * s + (5 * 2 * s - 5 * i64::from(size)) / 2;
            canvas.text(centred(&text, size), y, &text, colour, size);
        }
        if i == 3 {
            let fpx = (bar - 4 * s) / 18;
            let size = 18 * fpx.max(1);
            let health = game.seat().player.health;
            let at = (x + (pw - size) / 2, top + 3 * s);
            draw_face(canvas, pictures, at, fpx, health, face_look(game));
        }
        if i == 6 {
            for (k, key) in game.keys.iter().enumerate() {
                let colour = match key {
                    KeyColour::Gold => Colour::rgb(240, 200, 60),
                    KeyColour::Silver => Colour::rgb(200, 205, 215),
                };
                let kx = x + pw / 2 - 7 * s + k as i64 * 8 * s;
                canvas.fill_rect(kx, top + 14 * s, 5 * s, 10 * s, colour);
                canvas.fill_rect(kx + s, top + 15 * s, 3 * s, 3 * s, Colour::rgb(0, 24, 56));
            }
        }
        if i == 7 {
            // A picture of the weapon, as Wolfenstein 3D's bar shows it, under its label.
            let place = (x + pw / 2, top + bar - 2 * s, bar - 12 * s);
            super::hand::draw_icon(canvas, game.seat().weapon, pictures, place);
        }
        x += pw;
    }
}

/// The player's face with its top left at `at`, `px` pixels a pixel of the drawn face (18 of
/// them a side): the HUD art's `face` sheet where the overlay has one (a column a look, dead
/// in the fourth, a row a step of health lost), else the face drawn by code.
pub(super) fn draw_face(
    canvas: &mut Canvas,
    pictures: &Pictures,
    at: (i64, i64),
    px: i64,
    health: u32,
    look: Look,
) {
    let (x, y) = at;
    match pictures.get("face") {
        Some(sheet) => {
            let side = sheet.width() / 4;
            let rows = sheet.height() / side.max(1);
            let column = match (health, look) {
                (0, _) => 3,
                (_, Look::Left) => 0,
                (_, Look::Ahead) => 1,
                (_, Look::Right) => 2,
            };
            let row = ((100 - health.min(100)) * rows / 100).min(rows.saturating_sub(1));
            let size = 18 * px.max(1);
            let from = (column * side, row * side, side, side);
            canvas.picture(sheet, from, x, y, size, size);
        }
        // The code's face is 16 wide: centred in the 18.
        None => art::draw_face(canvas, x + px.max(1), y, px.max(1), health, look),
    }
}

/// Where the face looks: towards the side of the last hit for a second, else ahead (and
/// glancing about now and then).
fn face_look(game: &Game) -> Look {
    if let Some(hurt) = game.seat().hurt {
        if game.ticks.saturating_sub(hurt.tick) < LOOK_TICKS {
            return match side_of(game, hurt.from) {
                Side::Left => Look::Left,
                Side::Right => Look::Right,
                _ => Look::Ahead,
            };
        }
    }
    match (game.ticks / u64::from(TICK_HZ)) % 7 {
        3 => Look::Left,
        5 => Look::Right,
        _ => Look::Ahead,
    }
}

#[cfg(test)]
mod tests;
