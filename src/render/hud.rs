//! The heads-up display: a 3x5 bitmap font and the status bar, drawn into a [`Frame`].

use crate::frame::Frame;
use crate::game::Game;
use crate::level::KeyColour;

/// Glyphs 3 pixels wide and 5 tall: each row 3 bits, the top row first, the left pixel the
/// high bit.
fn glyph(c: char) -> [u8; 5] {
    match c.to_ascii_uppercase() {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 3, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 2, 2],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        'A' => [2, 5, 7, 5, 5],
        'B' => [6, 5, 6, 5, 6],
        'C' => [3, 4, 4, 4, 3],
        'D' => [6, 5, 5, 5, 6],
        'E' => [7, 4, 6, 4, 7],
        'F' => [7, 4, 6, 4, 4],
        'G' => [3, 4, 5, 5, 3],
        'H' => [5, 5, 7, 5, 5],
        'I' => [7, 2, 2, 2, 7],
        'J' => [1, 1, 1, 5, 2],
        'K' => [5, 5, 6, 5, 5],
        'L' => [4, 4, 4, 4, 7],
        'M' => [5, 7, 7, 5, 5],
        'N' => [6, 5, 5, 5, 5],
        'O' => [2, 5, 5, 5, 2],
        'P' => [6, 5, 6, 4, 4],
        'Q' => [2, 5, 5, 6, 3],
        'R' => [6, 5, 6, 5, 5],
        'S' => [3, 4, 2, 1, 6],
        'T' => [7, 2, 2, 2, 2],
        'U' => [5, 5, 5, 5, 7],
        'V' => [5, 5, 5, 5, 2],
        'W' => [5, 5, 7, 7, 5],
        'X' => [5, 5, 2, 5, 5],
        'Y' => [5, 5, 2, 2, 2],
        'Z' => [7, 1, 2, 4, 7],
        '.' => [0, 0, 0, 0, 2],
        ',' => [0, 0, 0, 2, 4],
        ':' => [0, 2, 0, 2, 0],
        '-' => [0, 0, 7, 0, 0],
        '/' => [1, 1, 2, 4, 4],
        '(' => [1, 2, 2, 2, 1],
        ')' => [4, 2, 2, 2, 4],
        '\'' | '`' => [2, 2, 0, 0, 0],
        '!' => [2, 2, 2, 0, 2],
        '?' => [7, 1, 2, 0, 2],
        '_' => [0, 0, 0, 0, 7],
        '=' => [0, 7, 0, 7, 0],
        '+' => [0, 2, 7, 2, 0],
        '%' => [5, 1, 2, 4, 5],
        ' ' => [0; 5],
        _ => [7, 7, 7, 7, 7],
    }
}

/// Width in pixels of `text` at `scale`.
pub fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * 4 * scale
}

/// Draws `text` with its top-left corner at `(x, y)`, each font pixel `scale` pixels, with a
/// one-pixel dark shadow; what falls outside the frame is clipped.
pub fn draw_text(frame: &mut Frame, x: i32, y: i32, text: &str, rgba: [u8; 4], scale: u32) {
    let scale = scale.max(1) as i32;
    for (shadow, colour) in [(1, [0, 0, 0, 255]), (0, rgba)] {
        for (i, c) in text.chars().enumerate() {
            let rows = glyph(c);
            for (row, bits) in rows.iter().enumerate() {
                for col in 0..3 {
                    if bits & (4 >> col) == 0 {
                        continue;
                    }
                    let px = x + (i as i32 * 4 + col) * scale + shadow;
                    let py = y + row as i32 * scale + shadow;
                    fill_rect(frame, px, py, scale, scale, colour);
                }
            }
        }
    }
}

/// Fills a rectangle, clipped to the frame.
pub fn fill_rect(frame: &mut Frame, x: i32, y: i32, w: i32, h: i32, rgba: [u8; 4]) {
    let (fw, fh) = (frame.width() as i32, frame.height() as i32);
    let (x0, x1) = (x.clamp(0, fw), (x + w).clamp(0, fw));
    let (y0, y1) = (y.clamp(0, fh), (y + h).clamp(0, fh));
    if x0 >= x1 {
        return;
    }
    let stride = fw as usize * 4;
    let rgba_row = frame.rgba_mut();
    for yy in y0..y1 {
        let row = &mut rgba_row[yy as usize * stride..][x0 as usize * 4..x1 as usize * 4];
        for px in row.chunks_exact_mut(4) {
            px.copy_from_slice(&rgba);
        }
    }
}

/// The status bar along the bottom (health, ammo, keys, score), a crosshair, and optional lines
/// of text at the top left (frame time, messages).
pub fn draw_hud(frame: &mut Frame, game: &Game, lines: &[&str]) {
    let scale = (frame.height() / 200).max(1);
    let bar = 9 * scale as i32;
    let (w, h) = (frame.width() as i32, frame.height() as i32);
    fill_rect(frame, 0, h - bar, w, bar, [24, 24, 32, 255]);
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
    let y = h - bar + 2 * scale as i32;
    draw_text(
        frame,
        2 * scale as i32,
        y,
        &status,
        [230, 220, 120, 255],
        scale,
    );
    // Crosshair.
    let (cx, cy, s) = (w / 2, h / 2, scale as i32);
    fill_rect(frame, cx - 3 * s, cy, 6 * s + 1, s, [255, 255, 255, 200]);
    fill_rect(frame, cx, cy - 3 * s, s, 6 * s + 1, [255, 255, 255, 200]);
    for (i, line) in lines.iter().enumerate() {
        draw_text(
            frame,
            2 * s,
            2 * s + i as i32 * 7 * s,
            line,
            [255, 255, 255, 255],
            scale,
        );
    }
}

/// A menu over the frame: the picture darkened, a panel in the middle with `title` and
/// `lines` under it.
pub fn draw_menu(frame: &mut Frame, title: &str, lines: &[&str]) {
    for px in frame.rgba_mut().chunks_exact_mut(4) {
        for c in &mut px[..3] {
            *c /= 3;
        }
    }
    let scale = (frame.height() / 200).max(1);
    let s = scale as i32;
    let widest = lines
        .iter()
        .chain([&title])
        .map(|l| text_width(l, scale))
        .max()
        .unwrap_or(0) as i32;
    let (w, h) = (frame.width() as i32, frame.height() as i32);
    let (panel_w, panel_h) = (widest + 16 * s, (lines.len() as i32 + 2) * 8 * s + 8 * s);
    let (x, y) = ((w - panel_w) / 2, (h - panel_h) / 2);
    fill_rect(frame, x, y, panel_w, panel_h, [30, 30, 40, 255]);
    fill_rect(frame, x, y, panel_w, s, [200, 180, 90, 255]);
    fill_rect(frame, x, y + panel_h - s, panel_w, s, [200, 180, 90, 255]);
    let title_x = (w - text_width(title, scale) as i32) / 2;
    draw_text(
        frame,
        title_x,
        y + 6 * s,
        title,
        [240, 220, 120, 255],
        scale,
    );
    for (i, line) in lines.iter().enumerate() {
        let ly = y + (i as i32 + 2) * 8 * s + 4 * s;
        draw_text(frame, x + 8 * s, ly, line, [235, 235, 235, 255], scale);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_drawn_where_asked_and_clipped() {
        let mut f = Frame::new(40, 10).unwrap();
        draw_text(&mut f, 1, 1, "1", [255, 0, 0, 255], 1);
        // '1' is 010/110/010/010/111: its top pixel is the middle column.
        assert_eq!(f.pixel(2, 1), [255, 0, 0, 255]);
        assert_eq!(f.pixel(1, 1), [0, 0, 0, 0], "not lit, not shadowed");
        assert_eq!(f.pixel(3, 2), [0, 0, 0, 255], "the shadow of (2, 1)");
        draw_text(&mut f, 35, 8, "WIDE TEXT", [255, 255, 255, 255], 3);
        draw_text(&mut f, -100, -100, "OFF", [255, 255, 255, 255], 1);
        assert_eq!(text_width("AB", 2), 16);
    }
}
