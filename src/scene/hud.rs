//! The heads-up display: the damage flash, the weapon in hand, the status bar (level, score,
//! lives, a face, health, ammunition, keys, weapon), the crosshair, messages, menus and the
//! screens between levels, drawn into a [`Frame`] through [`Canvas`]. Everything scales with
//! the frame's height (one unit per 200 rows).

use super::art::{self, Look};
use crate::assets::Pictures;
use crate::episode::{Tally, Totals};
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
    /// The level's number in the episode (1 for the first).
    pub level: u32,
    /// Lives left.
    pub lives: u32,
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
        // Crosshair, on the horizon (the view's centre row) where shots fly.
        let (cx, cy) = (w / 2, h / 2);
        let cross = Colour::rgba(255, 255, 255, 200);
        canvas.fill_rect(cx - 3 * s, cy, 6 * s + 1, s, cross);
        canvas.fill_rect(cx, cy - 3 * s, s, 6 * s + 1, cross);
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

/// The red the view fades to after a death, over the death's [`DEATH_TICKS`] (none while
/// alive).
///
/// [`DEATH_TICKS`]: crate::episode::DEATH_TICKS
pub fn draw_death_fade(frame: &mut Frame, dead_ticks: u32) {
    if dead_ticks == 0 {
        return;
    }
    let fade = (f64::from(dead_ticks) / f64::from(crate::episode::DEATH_TICKS)).min(1.0);
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    Canvas::new(frame).mix_rect(0..w, 0..h, Colour::rgb(150, 0, 0), 0.7 * fade);
}

/// The name of seat `seat` as the players see it: the lobby's name where there is one
/// (`names`, in seat order), else `P1`, `P2`...
pub fn seat_name(names: &[String], seat: usize) -> std::borrow::Cow<'_, str> {
    match names.get(seat) {
        Some(name) => name.as_str().into(),
        None => format!("P{}", seat + 1).into(),
    }
}

/// The other players' names over their heads in the first-person view seen by `camera`: in
/// their seats' colours, for those alive, in sight and within 16 tiles (a name is not seen
/// through a wall).
pub fn draw_player_names(
    frame: &mut Frame,
    game: &Game,
    camera: &crate::render::Camera,
    names: &[String],
) {
    if game.seats.len() < 2 {
        return;
    }
    let s = unit(frame);
    let scale = s as u32;
    let (w, h) = (f64::from(frame.width()), f64::from(frame.height()));
    let view_h = h - bar_height(frame) as f64;
    let blocking = game.blocking();
    for (seat, other) in game.seats.iter().enumerate() {
        let at = other.player.position;
        if seat == game.viewer || other.dead() || (at - camera.pos).length() > 16.0 {
            continue;
        }
        let Some((across, depth)) = camera.to_view(at) else {
            continue;
        };
        if depth < 0.3 || !crate::grid::line_of_sight(&blocking, camera.pos, at) {
            continue;
        }
        let x = w / 2.0 * (1.0 + across / depth);
        // The sprite stands a tile tall on the floor: its top at the horizon less half a
        // tile's height at that depth; the name just above it.
        let top = h / 2.0 - h / depth / 2.0;
        let name = seat_name(names, seat);
        let text_w = i64::from(text_width(&name, scale));
        let (tx, ty) = (x as i64 - text_w / 2, (top as i64 - 9 * s).max(s));
        if ty as f64 > view_h || tx + text_w < 0 || tx > w as i64 {
            continue;
        }
        let colour = crate::level::SEAT_COLOURS[game.seat_colour(seat)];
        let mut canvas = Canvas::new(frame);
        canvas.mix_rect(
            tx - s..tx + text_w + s,
            ty - s..ty + 6 * s,
            Colour::BLACK,
            0.5,
        );
        canvas.text(tx, ty, &name, colour, scale);
    }
}

/// The lobby before a networked game, across the middle of the view: the game, the
/// players and what to press, a line each (the first a title).
pub fn draw_lobby(frame: &mut Frame, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let s = unit(frame);
    let scale = s as u32;
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let box_w = lines
        .iter()
        .map(|t| i64::from(text_width(t, scale)))
        .max()
        .unwrap_or(0)
        .max(120 * s)
        + 12 * s;
    let box_h = lines.len() as i64 * 9 * s + 10 * s;
    let (x, y) = ((w - box_w) / 2, (h - box_h) / 2);
    let mut canvas = Canvas::new(frame);
    canvas.mix_rect(x..x + box_w, y..y + box_h, Colour::BLACK, 0.75);
    for (i, text) in lines.iter().enumerate() {
        let colour = if i == 0 {
            Colour::rgb(255, 214, 90)
        } else {
            Colour::rgb(220, 220, 220)
        };
        canvas.text(x + 6 * s, y + 5 * s + i as i64 * 9 * s, text, colour, scale);
    }
}

/// A deathmatch's scoreboard in the view's top right: each player's frags, most first, in
/// their seats' colours (by `names`, else `P1`, `P2`...), the one shown marked; the time
/// left under it.
pub fn draw_scoreboard(frame: &mut Frame, game: &Game, names: &[String]) {
    let crate::game::Mode::Deathmatch(rules) = game.mode else {
        return;
    };
    let s = unit(frame);
    let scale = s as u32;
    let w = i64::from(frame.width());
    let viewer = game.viewer.min(game.seats.len() - 1);
    let width = (0..game.seats.len())
        .map(|seat| seat_name(names, seat).len())
        .max()
        .unwrap_or(2);
    let mut lines: Vec<(String, Colour)> = game
        .standings()
        .into_iter()
        .map(|seat| {
            let mark = if seat == viewer { ">" } else { " " };
            let name = seat_name(names, seat);
            let text = format!("{mark}{name:<width$} {:>3}", game.seats[seat].frags);
            let c = crate::level::SEAT_COLOURS[game.seat_colour(seat)];
            (text, c)
        })
        .collect();
    if rules.time_limit > 0 {
        let left = rules.time_limit.saturating_sub(game.ticks) / u64::from(crate::game::TICK_HZ);
        lines.push((
            format!("{}:{:02}", left / 60, left % 60),
            Colour::rgb(220, 220, 220),
        ));
    }
    let box_w = lines
        .iter()
        .map(|(t, _)| i64::from(text_width(t, scale)))
        .max()
        .unwrap_or(0)
        + 6 * s;
    let box_h = lines.len() as i64 * 7 * s + 4 * s;
    let (x, y) = (w - box_w - 2 * s, 2 * s);
    let mut canvas = Canvas::new(frame);
    canvas.mix_rect(x..x + box_w, y..y + box_h, Colour::BLACK, 0.6);
    for (i, (text, colour)) in lines.iter().enumerate() {
        canvas.text(
            x + 3 * s,
            y + 2 * s + i as i64 * 7 * s,
            text,
            *colour,
            scale,
        );
    }
}

/// Ticks a level's "Get Psyched" banner stays up at its start (a second and a quarter).
pub const PSYCHED_TICKS: u64 = 75;

/// A banner across the middle of the view: `text` in a framed box, and under it a bar
/// filled to `progress` (0 to 1) where there is one: "GET PSYCHED!" as a level starts,
/// "PRESS USE TO TRY AGAIN" after a death.
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
        let big = (scale * 2).max(1);
        let text = match i {
            0 => status.level.to_string(),
            1 if dm => game.seat().frags.to_string(),
            1 => game.seat().score.to_string(),
            2 if dm => String::new(),
            2 => status.lives.to_string(),
            4 => format!("{}%", game.seat().player.health),
            5 => match game.seat().weapon {
                Weapon::Launcher => game.seat().player.rounds.to_string(),
                _ => game.seat().player.ammo.to_string(),
            },
            7 => game.seat().weapon.label().to_string(),
            _ => String::new(),
        };
        // Every weapon's label at one size: the size the widest fits at.
        let widest = if i == 7 {
            let labels = Weapon::ALL.iter().map(|w| text_width(w.label(), big));
            labels.max().unwrap_or(0)
        } else {
            text_width(&text, big)
        };
        // The largest of twice, one and a half times and once the unit that fits.
        let size = [big, scale * 3 / 2, scale]
            .into_iter()
            .find(|&size| i64::from(widest / big * size) <= pw - 2 * s)
            .unwrap_or(scale)
            .max(1);
        if !text.is_empty() {
            let colour = if i == 4 && game.seat().player.health <= 25 {
                Colour::rgb(255, 90, 80)
            } else {
                value
            };
            canvas.text(centred(&text, size), top + 14 * s, &text, colour, size);
        }
        if i == 3 {
            let fpx = (bar - 4 * s) / 18;
            let face_w = 16 * fpx;
            let health = game.seat().player.health;
            match pictures.get("face") {
                Some(sheet) => {
                    let side = sheet.width() / 4;
                    let rows = sheet.height() / side.max(1);
                    let column = match (health, face_look(game)) {
                        (0, _) => 3,
                        (_, Look::Left) => 0,
                        (_, Look::Ahead) => 1,
                        (_, Look::Right) => 2,
                    };
                    let row = ((100 - health.min(100)) * rows / 100).min(rows.saturating_sub(1));
                    let size = 18 * fpx.max(1);
                    let from = (column * side, row * side, side, side);
                    let left = x + (pw - size) / 2;
                    canvas.picture(sheet, from, left, top + 3 * s, size, size);
                }
                None => art::draw_face(
                    canvas,
                    x + (pw - face_w) / 2,
                    top + 3 * s,
                    fpx.max(1),
                    health,
                    face_look(game),
                ),
            }
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
        x += pw;
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

/// A full-screen page in `background` with `title` centred at the top, for the screens
/// between levels and at the end; the canvas, the unit and the frame's size.
fn page<'a>(frame: &'a mut Frame, background: Colour, title: &str) -> (Canvas<'a>, i64, i64, i64) {
    let s = unit(frame);
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let mut canvas = Canvas::new(frame);
    canvas.fill_rect(0, 0, w, h, background);
    centred(&mut canvas, w, 18 * s, title, GOLD, s as u32 * 2);
    (canvas, s, w, h)
}

/// `text` centred across a frame `w` pixels wide, at row `y`.
fn centred(canvas: &mut Canvas, w: i64, y: i64, text: &str, colour: Colour, scale: u32) {
    let x = (w - i64::from(text_width(text, scale))) / 2;
    canvas.text(x, y, text, colour, scale);
}

/// The titles' colour.
const GOLD: Colour = Colour::rgb(240, 220, 120);

/// The screen between two levels, `shown` ticks after it came up: the finished level's
/// kills, secrets and treasure in percent, its time against par, and its bonus counted up.
pub fn draw_tally(frame: &mut Frame, tally: &Tally, shown: u32) {
    let (mut canvas, s, w, h) = page(frame, Colour::rgb(0, 40, 80), "FLOOR COMPLETE");
    let (scale, big) = (s as u32, s as u32 * 2);
    centred(
        &mut canvas,
        w,
        34 * s,
        &tally.name.to_uppercase(),
        Colour::WHITE,
        scale,
    );
    let seconds = tally.ticks / u64::from(TICK_HZ);
    let clock = |t: u64| format!("{}:{:02}", t / 60, t % 60);
    let rows = [
        format!("KILLS     {}", percent_or_none(tally.kills)),
        format!("SECRETS   {}", percent_or_none(tally.secrets)),
        format!("TREASURE  {}", percent_or_none(tally.treasure)),
        format!("TIME  {}", clock(seconds)),
        format!("PAR   {}", clock(u64::from(tally.par_seconds))),
        format!("BONUS {:>8}", tally.bonus_counted(shown)),
    ];
    let x = (w - i64::from(text_width(&rows[0], big))) / 2;
    for (i, row) in rows.iter().enumerate() {
        canvas.text(x, 44 * s + i as i64 * 14 * s, row, Colour::WHITE, big);
    }
    if seconds <= u64::from(tally.par_seconds) {
        centred(&mut canvas, w, 132 * s, "UNDER PAR!", GOLD, scale);
    }
    if shown > TICK_HZ {
        let grey = Colour::rgb(170, 190, 220);
        centred(
            &mut canvas,
            w,
            h - 20 * s,
            "PRESS USE OR FIRE TO GO ON",
            grey,
            scale,
        );
    }
}

/// `part` of `whole` as the tally shows it: `" 50%"`, or `"  --"` when there is none to
/// count (a level without secrets has no percentage of them).
fn percent_or_none((part, whole): (u32, u32)) -> String {
    if whole == 0 {
        "  --".into()
    } else {
        format!("{:>3}%", Tally::percent((part, whole)))
    }
}

/// The screen at the end of the episode: its totals and time.
pub fn draw_episode_end(frame: &mut Frame, totals: &Totals, ticks: u64) {
    let (mut canvas, s, w, h) = page(frame, Colour::rgb(40, 0, 0), "EPISODE COMPLETE");
    let (scale, big) = (s as u32, s as u32 * 2);
    let seconds = ticks / u64::from(TICK_HZ);
    let rows = [
        format!("KILLS    {} OF {}", totals.kills, totals.enemies),
        format!("SECRETS  {} OF {}", totals.secrets_found, totals.secrets),
        format!("SCORE    {}", totals.score),
        format!("TIME     {}:{:02}", seconds / 60, seconds % 60),
    ];
    let x = (w - i64::from(text_width(&rows[0], big))) / 2;
    for (i, row) in rows.iter().enumerate() {
        canvas.text(
            x.max(2 * s),
            54 * s + i as i64 * 18 * s,
            row,
            Colour::WHITE,
            big,
        );
    }
    let grey = Colour::rgb(220, 180, 180);
    let bye = "THANK YOU FOR PLAYING. USE: MAIN MENU";
    centred(&mut canvas, w, h - 20 * s, bye, grey, scale);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Hurt, Input};
    use crate::level::Level;
    use std::path::Path;

    fn game() -> Game {
        let text = "name = \"t\"\ngrid = '''\n#####\n#...#\n#.@.#\n#...#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n";
        Game::new(Level::parse(text, Path::new("t.toml")).unwrap().level)
    }

    const STATUS: Status = Status { level: 2, lives: 3 };

    /// The mean redness (red minus the other two) of a rectangle of the frame.
    fn redness(frame: &Frame, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> f64 {
        let mut sum = 0.0;
        let mut n = 0.0;
        for y in ys {
            for x in xs.clone() {
                let c = frame.colour(x, y);
                sum += f64::from(c.r) - (f64::from(c.g) + f64::from(c.b)) / 2.0;
                n += 1.0;
            }
        }
        sum / n
    }

    #[test]
    fn a_hit_flashes_red_by_its_damage_with_a_band_on_its_side_and_fades() {
        let grey = |g: &Game| {
            let mut f = Frame::new(320, 200).unwrap();
            f.fill([100, 100, 100, 255]);
            draw_hud(
                &mut f,
                g,
                STATUS,
                &[],
                true,
                Comfort::default(),
                &Pictures::new(),
            );
            f
        };
        let mut g = game();
        let calm = grey(&g);
        // Hit from the player's right (south of them, facing east).
        g.seat_mut().hurt = Some(Hurt {
            tick: g.ticks,
            damage: 6,
            from: g.seat().player.position + Vec2::new(0.0, 3.0),
        });
        let small = grey(&g);
        g.seat_mut().hurt = Some(Hurt {
            damage: 12,
            ..g.seat().hurt.unwrap()
        });
        let big = grey(&g);
        let middle = |f: &Frame| redness(f, 100..220, 20..60);
        assert!(middle(&calm).abs() < 1.0);
        assert!(middle(&small) > 10.0 && middle(&big) > middle(&small));
        let right = redness(&big, 312..320, 20..150);
        let left = redness(&big, 0..8, 20..150);
        assert!(
            right > left + 20.0,
            "the band on the right: {right} vs {left}"
        );
        // The player's damage flash setting: half as strong, or none.
        let set = |amount: f64| {
            let mut f = Frame::new(320, 200).unwrap();
            f.fill([100, 100, 100, 255]);
            let comfort = Comfort {
                damage_flash: amount,
                ..Comfort::default()
            };
            draw_hud(&mut f, &g, STATUS, &[], true, comfort, &Pictures::new());
            f
        };
        let half = middle(&set(0.5));
        assert!(half > 5.0 && half < middle(&big) * 0.7, "{half}");
        assert!(middle(&set(0.0)).abs() < 1.0, "off");
        for _ in 0..FLASH_TICKS {
            g.tick(&Input::default());
        }
        assert!(middle(&grey(&g)).abs() < 1.0, "faded");
    }

    #[test]
    fn the_face_looks_where_the_last_hit_came_from() {
        let mut g = game();
        g.seat_mut().hurt = Some(Hurt {
            tick: g.ticks,
            damage: 5,
            from: g.seat().player.position + Vec2::new(0.0, -3.0),
        });
        assert_eq!(face_look(&g), Look::Left, "north is left when facing east");
        g.seat_mut().hurt = Some(Hurt {
            from: g.seat().player.position + Vec2::new(0.0, 3.0),
            ..g.seat().hurt.unwrap()
        });
        assert_eq!(face_look(&g), Look::Right);
    }

    #[test]
    fn the_status_bar_and_weapon_scale_with_the_frame() {
        let g = game();
        for (w, h) in [(320, 200), (640, 400), (1280, 800)] {
            let mut f = Frame::new(w, h).unwrap();
            draw_hud(
                &mut f,
                &g,
                STATUS,
                &[],
                true,
                Comfort::default(),
                &Pictures::new(),
            );
            let bar = bar_height(&f) as u32;
            assert_eq!(bar, 32 * h / 200);
            // The bar's blue along the bottom, the weapon's outline above it in the middle.
            let c = f.colour(1, h - bar / 2);
            assert!(c.b > c.r, "{c:?}");
            let weapon = (h - bar - bar..h - bar).any(|y| f.colour(w / 2, y) != Colour::default());
            assert!(weapon, "the weapon at {w}x{h}");
        }
    }

    #[test]
    fn the_tally_screen_gives_percentages_and_par() {
        let tally = Tally {
            file: "e1m1.toml".into(),
            name: "Entry Hall".into(),
            kills: (1, 4),
            secrets: (0, 0),
            treasure: (2, 3),
            ticks: 600,
            par_seconds: 90,
            health: 50,
            score: 1_200,
            lives: 2,
        };
        assert_eq!(Tally::percent(tally.kills), 25);
        assert_eq!(Tally::percent(tally.secrets), 100);
        assert_eq!(Tally::percent(tally.treasure), 66);
        let mut f = Frame::new(320, 200).unwrap();
        draw_tally(&mut f, &tally, 2 * TICK_HZ);
        let lit = (0..200)
            .filter(|&y| f.colour(160, y) == Colour::WHITE)
            .count();
        assert!(lit > 0, "text on the screen");
    }

    #[test]
    fn the_bonus_is_ten_thousand_for_each_perfect_count_and_five_hundred_a_second_under_par() {
        let mut tally = Tally {
            file: "e1m1.toml".into(),
            name: "Entry Hall".into(),
            kills: (4, 4),
            secrets: (0, 0),
            treasure: (2, 3),
            ticks: u64::from(TICK_HZ) * 80,
            par_seconds: 90,
            health: 50,
            score: 0,
            lives: 3,
        };
        // Every kill: 10,000; no secrets to find: nothing for them; ten seconds under par.
        assert_eq!(tally.bonus(), 10_000 + 10 * 500);
        tally.treasure = (3, 3);
        tally.ticks = u64::from(TICK_HZ) * 95;
        assert_eq!(tally.bonus(), 20_000, "over par: no time bonus");
        // Counted up from nothing after half a second, in steps of 100, whole after 1.5 s.
        assert_eq!(tally.bonus_counted(TICK_HZ / 2), 0);
        let half = tally.bonus_counted(TICK_HZ);
        assert!(
            half > 0 && half < 20_000 && half.is_multiple_of(100),
            "{half}"
        );
        assert_eq!(tally.bonus_counted(TICK_HZ * 3 / 2), 20_000);
    }
}
