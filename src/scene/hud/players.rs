//! The players of a game of several: their names over their heads, the lobby's panel and the
//! deathmatch's scoreboard.

use super::{bar_height, unit};
use crate::frame::draw::{Canvas, text_width};
use crate::frame::{Colour, Frame};
use crate::game::Game;

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

/// A line of chat being typed, on a dark strip along the view's bottom (`view_bottom`, a
/// row: above the status bar): "SAY: WHAT IS TYPED_".
pub fn draw_chat_line(frame: &mut Frame, typed: &str, view_bottom: u32) {
    let s = unit(frame);
    let scale = s as u32;
    let w = i64::from(frame.width());
    let strip = 9 * s;
    let top = i64::from(view_bottom) - strip - 2 * s;
    let mut canvas = Canvas::new(frame);
    canvas.mix_rect(0..w, top..top + strip, Colour::BLACK, 0.7);
    let line = format!("SAY: {}_", typed.to_uppercase());
    canvas.text(2 * s, top + s, &line, Colour::rgb(255, 214, 90), scale);
}

/// A deathmatch's scoreboard in the view's top right (no higher than row `top`: below the
/// profiler's panel when it is shown): each player's frags, most first, in their seats'
/// colours (by `names`, else `P1`, `P2`...), the one shown marked; the time left under it.
pub fn draw_scoreboard(frame: &mut Frame, game: &Game, names: &[String], top: u32) {
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
    let (x, y) = (w - box_w - 2 * s, (2 * s).max(i64::from(top)));
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
