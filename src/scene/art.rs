//! Pixel art drawn by code: the weapons in hand, the status bar's face, the impact puffs.
//! Each picture is rows of characters, one per art pixel, looked up in [`palette`]; all of it
//! is original, made for tilecaster.

use std::sync::OnceLock;

use crate::frame::Colour;
use crate::frame::draw::Canvas;
use crate::texture::{SPRITE_FRAME, SpriteSheet, Texture};

/// The colour of an art character; `None` is transparent.
pub fn palette(c: char) -> Option<Colour> {
    Some(match c {
        'k' => Colour::rgb(16, 14, 12),
        'g' => Colour::rgb(70, 72, 78),
        'G' => Colour::rgb(130, 134, 142),
        'W' => Colour::rgb(205, 210, 215),
        's' => Colour::rgb(224, 172, 128),
        'S' => Colour::rgb(176, 122, 86),
        'b' => Colour::rgb(92, 58, 34),
        'B' => Colour::rgb(132, 88, 52),
        'y' => Colour::rgb(255, 240, 130),
        'o' => Colour::rgb(255, 150, 40),
        'w' => Colour::rgb(255, 255, 235),
        'r' => Colour::rgb(170, 20, 20),
        'R' => Colour::rgb(220, 50, 40),
        'e' => Colour::rgb(250, 250, 250),
        'h' => Colour::rgb(120, 80, 40),
        'u' => Colour::rgb(60, 90, 150),
        _ => return None,
    })
}

/// Draws `art` with its top-left corner at `(x, y)`, each art pixel `px` pixels square.
pub fn draw(canvas: &mut Canvas, art: &[&str], x: i64, y: i64, px: i64) {
    for (row, line) in art.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            if let Some(colour) = palette(c) {
                let (ax, ay) = (x + col as i64 * px, y + row as i64 * px);
                canvas.fill_rect(ax, ay, px, px, colour);
            }
        }
    }
}

/// The width of `art` in art pixels (its longest row).
pub fn width(art: &[&str]) -> i64 {
    art.iter().map(|l| l.chars().count()).max().unwrap_or(0) as i64
}

/// The pistol in hand, seen from behind: barrel up, the hand around the grip.
pub const PISTOL: [&str; 20] = [
    "..........kkkk..........",
    ".........kGWWGk.........",
    ".........kGggGk.........",
    ".........kGggGk.........",
    ".........kGggGk.........",
    "........kkGggGkk........",
    "........kgGggGgk........",
    "........kggggggk........",
    "........kggggggk........",
    ".......kbbkggkbbk.......",
    "......ksskbBBbkssk......",
    ".....ksssskbbksssssk....",
    "....kssssssbbsssssssk...",
    "....kssssssssssssssssk..",
    "...ksssSssssssssSssssk..",
    "...kssSSssssssssSSsssk..",
    "..kssssSsssssssssSssssk.",
    "..kssssssssssssssssssssk",
    "..kssssssssssssssssssssk",
    "..kssssssssssssssssssssk",
];

/// The launcher: a wide tube resting on the hand.
pub const LAUNCHER: [&str; 20] = [
    "........kkkkkkkk........",
    ".......kGWWWWWWGk.......",
    ".......kgkkkkkkgk.......",
    ".......kgGGGGGGgk.......",
    ".......kggggggggk.......",
    ".......kgGggggGgk.......",
    "......kkgGggggGgkk......",
    "......kggGggggGggk......",
    "......kgggggggggggk.....",
    "......kguuuuuuuugk......",
    "......kgggggggggggk.....",
    ".....kkkbbbbbbbbkkk.....",
    "....ksskbBBBBBBbkssk....",
    "...ksssskbbbbbbksssssk..",
    "..kssssssbbbbbbsssssssk.",
    "..ksssSsssssssssssSsssk.",
    ".kssssSSssssssssssSSsssk",
    ".ksssssSssssssssssSssssk",
    ".kssssssssssssssssssssk.",
    ".kssssssssssssssssssssk.",
];

/// The machine gun: a vented barrel shroud over a body with the magazine to the left, held
/// in both hands.
pub const MACHINE_GUN: [&str; 20] = [
    "..........kkkk..........",
    ".........kGWWGk.........",
    ".........kgkkgk.........",
    ".........kGggGk.........",
    ".........kgkkgk.........",
    ".........kGggGk.........",
    ".........kgkkgk.........",
    "........kkGggGkk........",
    "........kgGggGgk........",
    "...kkk..kggggggk........",
    "...kGgk.kgGGGGgk........",
    "...kGgkkkggggggk........",
    "...kGgkbbkggggkbbk......",
    "...kkksskbBBBBbkssk.....",
    "...kssssskbbbbksssssk...",
    "..kssssssbbbbbbsssssssk.",
    "..ksssSsssssssssssSsssk.",
    ".kssssSSssssssssssSSsssk",
    ".ksssssSssssssssssSssssk",
    ".kssssssssssssssssssssk.",
];

/// The chaingun: three barrels in a ring clamp over a heavy body, held in both hands.
pub const CHAINGUN: [&str; 20] = [
    "......kkk.kkk.kkk.......",
    "......kWk.kWk.kWk.......",
    "......kGk.kGk.kGk.......",
    "......kGk.kGk.kGk.......",
    ".....kkkkkkkkkkkkkk.....",
    ".....kGGGGGGGGGGGGk.....",
    ".....kkkkkkkkkkkkkk.....",
    "......kGk.kGk.kGk.......",
    "......kGk.kGk.kGk.......",
    ".....kkkkkkkkkkkkkk.....",
    ".....kgGGGGGGGGGGgk.....",
    ".....kgggggggggggggk....",
    "....kkgguuuuuuuuggkk....",
    "...ksskbggggggggbkssk...",
    "..ksssskbbbbbbbbksssssk.",
    "..kssssssbbbbbbsssssssk.",
    ".kssssSsssssssssssSsssk.",
    ".ksssssSSssssssssSSssssk",
    ".kssssssSssssssssSsssssk",
    ".kssssssssssssssssssssk.",
];

/// The knife: a blade up out of a fist.
pub const KNIFE: [&str; 20] = [
    "...........kk...........",
    "..........kWWk..........",
    "..........kWGk..........",
    "..........kWGk..........",
    "..........kWGk..........",
    "..........kWGk..........",
    ".........kkWGkk.........",
    ".........kWWGGk.........",
    "........kkkkkkkk........",
    "........kggggggk........",
    "........kkbBBbkk........",
    ".........kbBBbk.........",
    "......kkkbBBbkkkk.......",
    ".....ksssbbbbssssk......",
    "....ksssssbbssssssk.....",
    "....kssSsssssssSssk.....",
    "...ksssSSsssssSSsssk....",
    "...kssssSsssssSssssk....",
    "...kssssssssssssssssk...",
    "...kssssssssssssssssk...",
];

/// A muzzle flash, drawn over a gun's barrel.
pub const FLASH: [&str; 9] = [
    "...y...o...y...",
    "....yo.w.oy....",
    ".o..ywwwwwy..o.",
    "..oywwwwwwwyo..",
    "yowwwwwwwwwwwoy",
    "..oywwwwwwwyo..",
    ".o..ywwwwwy..o.",
    "....yo.w.oy....",
    "...y...o...y...",
];

/// A smaller muzzle flash: an automatic gun's every other shot, and a pistol's as it recoils.
pub const FLASH_SMALL: [&str; 7] = [
    "....o.y.o....",
    "..o..ywy..o..",
    "...ywwwwwy...",
    ".oywwwwwwwyo.",
    "...ywwwwwy...",
    "..o..ywy..o..",
    "....o.y.o....",
];

/// Smoke curling up from a barrel after its last shot.
pub const SMOKE: [&str; 6] = ["..G..", ".G.g.", "..gG.", ".Gg..", "..G..", ".g..."];

/// The launcher's mouth glowing as the fireball leaves it (drawn over its top rows).
pub const GLOW: [&str; 4] = [".yyyyyyyy.", "yowwwwwwoy", "yowwwwwwoy", ".yoooooyy."];

/// The status bar's face: the base, 16 x 18 art pixels. The eyes (columns 3-4 and 9-10 of
/// rows 7-8) are drawn on top, looking where the face looks.
const FACE: [&str; 18] = [
    "....hhhhhhhh....",
    "..hhhhhhhhhhhh..",
    ".hhhhhhhhhhhhhh.",
    ".hhsssssssssshh.",
    "hhssssssssssssh.",
    "hsssssssssssssh.",
    "hsskkkssskkksss.",
    "sssssssssssssss.",
    "sssssssssssssss.",
    "ssssssSSsssssss.",
    "ssssssSSsssssss.",
    ".sssssSSSssssss.",
    ".ssssssssssssss.",
    ".sssskkkkkkssss.",
    "..ssssssssssss..",
    "..SsssssssssSs..",
    "...SssssssssS...",
    ".....SSSSSS.....",
];

/// Which way the face looks: towards the side the last hit came from, or ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// To the player's left.
    Left,
    /// Ahead.
    Ahead,
    /// To the player's right.
    Right,
}

/// Draws the status bar's face: bloodier as `health` (0 to 100) falls, eyes shut when dead,
/// looking `look`.
pub fn draw_face(canvas: &mut Canvas, x: i64, y: i64, px: i64, health: u32, look: Look) {
    draw(canvas, &FACE, x, y, px);
    // Eyes: white with a pupil on the side it looks to; shut when dead.
    for eye_x in [3, 9] {
        let (ex, ey) = (x + eye_x * px, y + 7 * px);
        if health == 0 {
            canvas.fill_rect(
                ex,
                ey + px,
                2 * px,
                px.max(1) / 2 + 1,
                palette('k').unwrap(),
            );
            continue;
        }
        canvas.fill_rect(ex, ey, 2 * px, 2 * px, palette('e').unwrap());
        let pupil = match look {
            Look::Left => 0,
            Look::Ahead => px / 2,
            Look::Right => px,
        };
        canvas.fill_rect(ex + pupil, ey, px, 2 * px, palette('u').unwrap());
    }
    // Blood: more marks at each fifth of health lost.
    let marks: [(i64, i64, i64, i64); 5] = [
        (12, 4, 2, 3),
        (2, 10, 2, 2),
        (10, 12, 3, 2),
        (5, 2, 3, 2),
        (7, 15, 3, 2),
    ];
    let lost = (100u32.saturating_sub(health)).div_ceil(20) as usize;
    for &(mx, my, w, h) in marks.iter().take(lost) {
        canvas.fill_rect(
            x + mx * px,
            y + my * px,
            w * px,
            h * px,
            palette('r').unwrap(),
        );
    }
}

/// The impact puffs' sprite sheet: one column, rows 0-2 a dust puff growing and fading, rows
/// 3-5 the same in blood. Made once.
pub fn puff_sheet() -> &'static SpriteSheet {
    static SHEET: OnceLock<SpriteSheet> = OnceLock::new();
    SHEET.get_or_init(|| {
        let size = SPRITE_FRAME;
        let frame = |radius: f64, colour: Colour, alpha_edge: f64| {
            let mut rgba = vec![0u8; (size * size * 4) as usize];
            let c = size as f64 / 2.0;
            for y in 0..size {
                for x in 0..size {
                    let (dx, dy) = (x as f64 + 0.5 - c, y as f64 + 0.5 - c);
                    // A lumpy disc: its edge wobbles with the angle.
                    let wobble = 1.0 + 0.25 * (dy.atan2(dx) * 5.0).sin();
                    let d = (dx * dx + dy * dy).sqrt() / (radius * wobble);
                    if d <= 1.0 {
                        let shade = 1.0 - 0.4 * d;
                        let i = ((y * size + x) * 4) as usize;
                        let lit = colour.scaled(shade);
                        rgba[i..i + 4].copy_from_slice(&[lit.r, lit.g, lit.b, 255]);
                        // Thin out the rim as it fades (sprites are opaque or holes).
                        if d > alpha_edge && (x + y) % 2 == 0 {
                            rgba[i + 3] = 0;
                        }
                    }
                }
            }
            Texture::from_rgba(size, &rgba, None)
        };
        let dust = Colour::rgb(170, 160, 140);
        let blood = Colour::rgb(190, 20, 20);
        let frames = [dust, blood]
            .iter()
            .flat_map(|&colour| {
                [(4.0, 1.0), (7.0, 0.6), (10.0, 0.3)].map(|(r, edge)| frame(r, colour, edge))
            })
            .collect();
        SpriteSheet::from_frames(1, 6, frames).expect("six frames")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_art_character_has_a_colour_or_is_a_hole() {
        for art in [
            &PISTOL[..],
            &MACHINE_GUN[..],
            &CHAINGUN[..],
            &LAUNCHER[..],
            &KNIFE[..],
            &FLASH[..],
            &FACE[..],
        ] {
            for line in art {
                for c in line.chars() {
                    assert!(
                        palette(c).is_some() || matches!(c, '.' | ' '),
                        "{c:?} in {line}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_puff_sheet_has_dust_and_blood() {
        let sheet = puff_sheet();
        assert_eq!((sheet.columns(), sheet.rows()), (1, 6));
        let centre = SPRITE_FRAME / 2;
        let dust = Colour::from_packed(sheet.frame(0, 0).texel(centre, centre));
        let blood = Colour::from_packed(sheet.frame(0, 3).texel(centre, centre));
        assert!(blood.r > 150 && blood.g < 50, "{blood:?}");
        assert!(dust.g > 100, "{dust:?}");
    }
}
