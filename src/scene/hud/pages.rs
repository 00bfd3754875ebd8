//! The full-screen pages between and after levels: the tally, the episode's end, a menu page.

use super::unit;
use crate::episode::{Tally, Totals};
use crate::frame::draw::{Canvas, text_width};
use crate::frame::{Colour, Frame};
use crate::game::TICK_HZ;
use crate::scene::art::Look;

/// A full-screen page in `background` with `title` centred at the top, for the screens
/// between levels and at the end; the canvas, the unit and the frame's size.
fn page<'a>(frame: &'a mut Frame, background: Colour, title: &str) -> (Canvas<'a>, i64, i64, i64) {
    page_at(frame, background, title, 18)
}

/// [`page`] with the title `top` units from the top.
fn page_at<'a>(
    frame: &'a mut Frame,
    background: Colour,
    title: &str,
    top: i64,
) -> (Canvas<'a>, i64, i64, i64) {
    let s = unit(frame);
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let mut canvas = Canvas::new(frame);
    canvas.fill_rect(0, 0, w, h, background);
    centred(&mut canvas, w, top * s, title, GOLD, s as u32 * 2);
    (canvas, s, w, h)
}

/// `text` centred across a frame `w` pixels wide, at row `y`.
pub(super) fn centred(canvas: &mut Canvas, w: i64, y: i64, text: &str, colour: Colour, scale: u32) {
    let x = (w - i64::from(text_width(text, scale))) / 2;
    canvas.text(x, y, text, colour, scale);
}

/// The titles' colour.
pub(super) const GOLD: Colour = Colour::rgb(240, 220, 120);

/// The screen between two levels, `shown` ticks after it came up, above the status bar (drawn
/// over it after): "FLOOR `floor` COMPLETED" ("LEVEL COMPLETED" for a level of the player's
/// own, which has no number), the finished level's kills, secrets and
/// treasure in percent, its time against par, and its bonus counted up; at their left, as
/// Wolfenstein 3D's has its hero there, the player's face as the level ended (the HUD art's
/// where `pictures` has it), where the frame is wide enough.
pub fn draw_tally(
    frame: &mut Frame,
    tally: &Tally,
    (shown, floor): (u32, Option<u32>),
    pictures: &crate::assets::Pictures,
) {
    let title = match floor {
        Some(floor) => format!("FLOOR {floor} COMPLETED"),
        None => "LEVEL COMPLETED".to_string(),
    };
    let bar = i64::from(super::bar_height_for(frame.height()));
    let (mut canvas, s, w, h) = page_at(frame, Colour::rgb(0, 40, 80), &title, 6);
    let (scale, big) = (s as u32, s as u32 * 2);
    centred(
        &mut canvas,
        w,
        24 * s,
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
        match tally.par_seconds {
            0 => "PAR   --:--".to_string(),
            par => format!("PAR   {}", clock(u64::from(par))),
        },
        format!("BONUS {:>8}", tally.bonus_counted(shown)),
    ];
    let x = (w - i64::from(text_width(&rows[0], big))) / 2;
    for (i, row) in rows.iter().enumerate() {
        canvas.text(x, 34 * s + i as i64 * 13 * s, row, Colour::WHITE, big);
    }
    let face = 18 * 4 * s;
    if x >= face + 8 * s {
        let at = ((x - face) / 2, 36 * s);
        super::draw_face(&mut canvas, pictures, at, 4 * s, tally.health, Look::Ahead);
    }
    if seconds <= u64::from(tally.par_seconds) && tally.par_seconds > 0 {
        centred(
            &mut canvas,
            w,
            34 * s + 6 * 13 * s,
            "UNDER PAR!",
            GOLD,
            scale,
        );
    }
    if shown > TICK_HZ {
        let grey = Colour::rgb(170, 190, 220);
        let on = "PRESS USE OR FIRE TO GO ON";
        centred(&mut canvas, w, h - bar - 10 * s, on, grey, scale);
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

/// The page at the end of the episode, `shown` ticks after it came up: the score, the time
/// against the levels' pars added up, and the kills, secrets and treasure found in percent
/// of the whole episode's (as Wolfenstein 3D's victory page gives its averages).
pub fn draw_episode_end(frame: &mut Frame, totals: &Totals, ticks: u64, shown: u32) {
    let (mut canvas, s, w, h) = page(frame, Colour::rgb(40, 0, 0), "YOU WIN!");
    let (scale, big) = (s as u32, s as u32 * 2);
    centred(
        &mut canvas,
        w,
        34 * s,
        "THE EPISODE IS COMPLETE",
        Colour::WHITE,
        scale,
    );
    let seconds = ticks / u64::from(TICK_HZ);
    let clock = |t: u64| format!("{}:{:02}", t / 60, t % 60);
    let rows = [
        format!("SCORE    {:>7}", totals.score),
        format!("TIME     {:>7}", clock(seconds)),
        match totals.par_seconds {
            0 => "PAR        --:--".to_string(),
            par => format!("PAR      {:>7}", clock(u64::from(par))),
        },
        format!(
            "KILLS       {}",
            percent_or_none((totals.kills, totals.enemies))
        ),
        format!(
            "SECRETS     {}",
            percent_or_none((totals.secrets_found, totals.secrets))
        ),
        format!(
            "TREASURE    {}",
            percent_or_none((totals.treasure, totals.treasures))
        ),
    ];
    let x = (w - i64::from(text_width(&rows[0], big))) / 2;
    for (i, row) in rows.iter().enumerate() {
        let y = 46 * s + i as i64 * 14 * s;
        canvas.text(x.max(2 * s), y, row, Colour::WHITE, big);
    }
    if shown > TICK_HZ {
        let grey = Colour::rgb(220, 180, 180);
        let on = "THANK YOU FOR PLAYING. USE OR FIRE: GO ON";
        centred(&mut canvas, w, h - 20 * s, on, grey, scale);
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
