//! The menus drawn into a frame: the title art, the page's lines with the one chosen marked,
//! the notice at the bottom; and which line a point of the frame falls on.

use super::{COLUMNS, Field, Menu, MenuWorld, Page};
use crate::bindings::ACTIONS;
use crate::frame::draw::{Canvas, text_width, wrap_words};
use crate::frame::{Colour, Frame};
use crate::settings::Settings;

/// Where a page's items go in a frame: the first row's top, the row height, the rows that
/// fit, and the first item shown (the list scrolls to keep the chosen one in view); the
/// scale of the page's unit and of its lines' letters, and how far down its row a line's
/// letters start.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub(super) scale: u32,
    pub(super) text: u32,
    text_down: i64,
    pub(super) top: i64,
    pub(super) row: i64,
    pub(super) visible: usize,
    pub(super) first: usize,
}

impl Menu {
    /// Where `items` lines go in a frame `height` pixels tall, their rows at least
    /// `finger_row` tall where they are tapped ([`MenuWorld::finger_row`]).
    pub(super) fn layout(&self, items: usize, height: u32, finger_row: Option<u32>) -> Layout {
        if let Some(least) = finger_row {
            return self.finger_layout(items, height, i64::from(least));
        }
        let scale = (height / 200).max(1);
        let s = i64::from(scale);
        let h = i64::from(height);
        // The title art takes the top of the front door's own pages.
        let top = if self.page() == Page::Main {
            80 * s
        } else {
            34 * s
        };
        // Above the status bar (the pause menu shows it beneath), with rows a little closer
        // where a long page would otherwise run into it or scroll.
        // The help line sits just above the status bar, and the rows above it.
        let bar = i64::from(crate::scene::hud::bar_height_for(height));
        let bottom = (h - bar - 10 * s).min(h - 16 * s);
        let row = if top + items as i64 * 9 * s <= bottom {
            9 * s
        } else {
            8 * s
        };
        let visible = (((bottom - top) / row).max(1) as usize).min(items);
        self.scrolled(items, visible, (top, row), (scale, scale, 0))
    }

    /// The layout for a finger: rows `least` tall or more, letters a third of them; the
    /// pages start higher (the title art smaller, no subtitle) and run over the status bar
    /// to fit more lines; a long page's "- MORE -" lines take rows of their own (they are
    /// tapped to scroll).
    fn finger_layout(&self, items: usize, height: u32, least: i64) -> Layout {
        let scale = (height / 200).max(1);
        let s = i64::from(scale);
        let row = least.max(9 * s);
        let text = (row / 15).max(s);
        let text_down = (row - 5 * text) / 2;
        let (top, bottom) = (24 * s, i64::from(height) - 16 * s);
        let rows = ((bottom - top) / row).max(1) as usize;
        let (top, visible) = if items <= rows {
            (top, items)
        } else {
            (top + row, rows.saturating_sub(2).max(1))
        };
        self.scrolled(items, visible, (top, row), (scale, text as u32, text_down))
    }

    /// The layout showing `visible` of `items` rows from `top`, `row` apart, the first shown
    /// chosen to keep the chosen one in view (in the middle where it can be).
    fn scrolled(
        &self,
        items: usize,
        visible: usize,
        (top, row): (i64, i64),
        (scale, text, text_down): (u32, u32, i64),
    ) -> Layout {
        let chosen = self.selected();
        let first = chosen
            .saturating_sub(visible / 2)
            .min(items.saturating_sub(visible));
        Layout {
            scale,
            text,
            text_down,
            top,
            row,
            visible,
            first,
        }
    }

    /// The item at frame pixel `(x, y)` (rows span the frame's width), using the frame
    /// height the menu is drawn at.
    pub(super) fn item_at(
        &self,
        items: usize,
        world: &MenuWorld,
        _x: f64,
        y: f64,
    ) -> Option<usize> {
        let layout = self.layout(items, world.frame.1, world.finger_row);
        if y < layout.top as f64 {
            return None;
        }
        let i = ((y - layout.top as f64) / layout.row as f64) as usize;
        (i < layout.visible).then_some(layout.first + i)
    }

    /// The item a click or tap at frame row `y` on a "- MORE -" line scrolls to: the one
    /// above the first shown (the row above the first), or the one below the last (the row
    /// below the last); none elsewhere, or where there is no more.
    pub(super) fn more_at(&self, items: usize, world: &MenuWorld, y: f64) -> Option<usize> {
        let layout = self.layout(items, world.frame.1, world.finger_row);
        let row = ((y - layout.top as f64) / layout.row as f64).floor();
        let last = layout.first + layout.visible;
        if row == -1.0 && layout.first > 0 {
            Some(layout.first - 1)
        } else if row == layout.visible as f64 && last < items {
            Some(last)
        } else {
            None
        }
    }
}

/// Draws the menu over `frame`: the title art on the front door, the page's items, the chosen
/// one marked, and a line of help at the bottom. The frame under it is darkened (the game, or
/// the attract view behind the main menu); the name entry for a high score is a page of its
/// own.
pub fn draw(frame: &mut Frame, menu: &Menu, settings: &Settings, world: &MenuWorld) {
    let items = menu.items(settings, world);
    let layout = menu.layout(items.len(), frame.height(), world.finger_row);
    let finger = world.finger_row.is_some();
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let scale = layout.scale;
    let s = i64::from(scale);
    let mut canvas = Canvas::new(frame);
    if menu.page() == Page::NameEntry {
        // A page of its own, as the tally's: not the frame of the moment the run ended.
        canvas.fill_rect(0, 0, w, h, Colour::rgb(0, 40, 80));
    } else {
        canvas.darken(2);
    }
    // The status bar's height (the pause menu shows the bar beneath).
    let bar = i64::from(crate::scene::hud::bar_height_for(h as u32));
    if finger {
        // A finger's page may run over the status bar: darker there, so that its lines are
        // read, not the bar's.
        canvas.mix_rect(0..w, h - bar..h, Colour::BLACK, 0.75);
    }
    let gold = Colour::rgb(240, 210, 110);
    let white = Colour::rgb(235, 235, 235);
    let grey = Colour::rgb(120, 120, 120);
    if menu.page() == Page::Main && finger {
        draw_title(&mut canvas, w, 4 * s, 3 * s);
    } else if menu.page() == Page::Main {
        draw_title(&mut canvas, w, 14 * s, 9 * s);
        let sub = "A RAYCASTING ADVENTURE";
        centred(&mut canvas, w, 62 * s, sub, gold, scale);
    } else {
        let title = match menu.page() {
            Page::NewGame => format!("NEW GAME - {}", world.episode.to_ascii_uppercase()),
            Page::Pause => "PAUSED".into(),
            Page::Load => "LOAD GAME".into(),
            Page::Save => "SAVE GAME".into(),
            Page::Options => "OPTIONS".into(),
            Page::Controls => "CONTROLS".into(),
            Page::Scores => "HIGH SCORES".into(),
            Page::NameEntry => format!("NEW HIGH SCORE: {}", menu.score),
            Page::Multiplayer => "MULTIPLAYER".into(),
            Page::Arenas => "HOST A DEATHMATCH".into(),
            Page::Main => String::new(),
        };
        let big = scale * 2;
        let title_y = if finger { 6 * s } else { 10 * s };
        centred(&mut canvas, w, title_y, &title, gold, big);
    }
    let has_values = items.iter().any(|i| i.value.is_some());
    // Items left of the middle with values right of it; alone, centred.
    let text_x = if has_values {
        w / 2 - 4 * s - 100 * s
    } else {
        0
    };
    let value_x = w / 2 + 4 * s;
    for (row, i) in (layout.first..layout.first + layout.visible).enumerate() {
        let it = &items[i];
        let row_top = layout.top + row as i64 * layout.row;
        let y = row_top + layout.text_down;
        let chosen = i == menu.selected();
        if chosen {
            // (A tapped row is marked whole: the finger's target.)
            let marked = if finger {
                row_top..row_top + layout.row
            } else {
                y - s..y + 7 * s
            };
            canvas.mix_rect(0..w, marked, Colour::rgb(150, 30, 30), 0.6);
        }
        let colour = match (it.enabled, chosen) {
            (false, _) => grey,
            (true, true) => Colour::rgb(255, 255, 255),
            (true, false) => white,
        };
        let text = layout.text;
        if has_values {
            canvas.text(text_x.max(4 * s), y, &it.text, colour, text);
        } else {
            centred(&mut canvas, w, y, &it.text, colour, text);
        }
        if let Some(value) = &it.value {
            let value = if menu.page() == Page::Controls {
                // The chosen place in brackets.
                let column = chosen.then_some(menu.column);
                mark_column(value, column, menu.waiting)
            } else {
                value.clone()
            };
            canvas.text(
                value_x,
                y,
                &value,
                if it.enabled { gold } else { grey },
                text,
            );
        }
    }
    // (A finger's are rows of their own, the mouse's squeezed in.)
    let (above, more_scale) = if finger {
        (layout.row - layout.text_down, layout.text)
    } else {
        (7 * s, scale)
    };
    if layout.first > 0 {
        let y = layout.top - above;
        centred(&mut canvas, w, y, "- MORE -", grey, more_scale);
    }
    if layout.first + layout.visible < items.len() {
        let y = layout.top + layout.visible as i64 * layout.row + layout.text_down;
        centred(&mut canvas, w, y, "- MORE -", grey, more_scale);
    }
    let help = help_line(menu, world, finger);
    // As large as the lines' letters where that fits, else the unit, else half of it.
    let help_scale = [layout.text, scale, (scale / 2).max(1)]
        .into_iter()
        .find(|&size| text_width(&help, size) as i64 <= w - 4 * s)
        .unwrap_or((scale / 2).max(1));
    // Above the status bar the pause menu shows beneath it, never over its digits.
    let mut help_y = h - bar - 3 * s - 5 * i64::from(help_scale);
    if finger {
        // Under the rows (a long page's "- MORE -" row among them), where that is not below
        // the frame's bottom (a finger's pages may run over the status bar).
        let more = usize::from(items.len() > layout.visible);
        let rows_end = layout.top + (layout.visible + more) as i64 * layout.row;
        help_y = (rows_end + 2 * s).min(h - 3 * s - 5 * i64::from(help_scale));
    }
    centred(&mut canvas, w, help_y, &help, grey, help_scale);
    if let Some(notice) = world.notice {
        let notice = notice.to_ascii_uppercase();
        let fits = (w - 4 * s) / (4 * i64::from(help_scale));
        let lines = wrap_words(&notice, fits.max(1) as usize, NOTICE_LINES);
        let red = Colour::rgb(255, 110, 90);
        let step = 8 * i64::from(help_scale);
        let top = help_y - 8 * s - step * (lines.len() as i64 - 1);
        for (i, line) in lines.iter().enumerate() {
            centred(&mut canvas, w, top + step * i as i64, line, red, help_scale);
        }
    }
}

/// The line of help at the bottom of the page: the keys that do what the page offers, or
/// (to a finger, [`MenuWorld::finger_row`]) what taps do; typing names its keys to both.
pub(super) fn help_line(menu: &Menu, world: &MenuWorld, finger: bool) -> String {
    if menu.waiting {
        let action = ACTIONS
            .get(menu.selected())
            .map_or("", |a| a.label)
            .to_ascii_uppercase();
        format!("PRESS A KEY OR BUTTON FOR {action} - ESC CANCELS")
    } else if let Some(field @ (Field::Address | Field::WatchAddress)) = menu.editing {
        let what = match (world.addresses, world.rooms) {
            (true, true) => "THE HOST'S ADDRESS AND CODE, OR THE ROOM'S CODE",
            (true, false) => "THE HOST'S ADDRESS AND CODE (LIKE 192.168.1.5:7300 493017)",
            (false, _) => "THE ROOM'S CODE",
        };
        let does = if field == Field::Address {
            "JOINS"
        } else {
            "WATCHES THE GAME"
        };
        format!("TYPE {what} - ENTER {does}")
    } else if menu.editing.is_some() {
        "TYPE YOUR NAME - BACKSPACE DELETES - ENTER KEEPS IT".into()
    } else if finger {
        // (No keys named to a finger: BACK is the page's button.)
        match menu.page() {
            Page::Multiplayer => "HOST: THE OTHERS JOIN WITH YOUR ROOM'S CODE".into(),
            Page::Options => "TAP A SETTING'S RIGHT HALF TO RAISE IT, ITS LEFT TO LOWER".into(),
            Page::Controls => "THE KEYS OF A KEYBOARD - TAP A LINE, THEN PRESS A KEY".into(),
            _ => "TAP A LINE TO CHOOSE IT".into(),
        }
    } else {
        match menu.page() {
            Page::Multiplayer if !world.addresses => {
                "HOST: THE OTHERS JOIN WITH YOUR ROOM'S CODE - ESC BACK".into()
            }
            Page::Multiplayer => "HOST: THE OTHERS JOIN YOUR ADDRESS - ESC BACK".into(),
            Page::Options => "UP/DOWN CHOOSE - LEFT/RIGHT CHANGE - ESC BACK".into(),
            Page::Controls => {
                "ENTER REBIND - LEFT/RIGHT FIRST/SECOND KEY - BACKSPACE CLEARS - ESC BACK".into()
            }
            Page::NameEntry => "TYPE YOUR NAME - BACKSPACE DELETES - ENTER KEEPS IT".into(),
            _ => "UP/DOWN CHOOSE - ENTER SELECT - ESC BACK".into(),
        }
    }
}

/// The most lines a menu's notice takes (the rest is cut, marked `...`).
const NOTICE_LINES: usize = 4;

/// A controls row's two key places, the chosen one (if any) marked: `[W]   UP`, or `[?]`
/// while a key is awaited.
fn mark_column(value: &str, column: Option<usize>, waiting: bool) -> String {
    let (first, second) = value.split_once(COLUMNS).unwrap_or((value, ""));
    let mark = |v: &str, here: bool| match (here, waiting) {
        (true, true) => "[?]".to_string(),
        (true, false) => format!("[{v}]"),
        (false, _) => format!(" {v} "),
    };
    format!(
        "{:<14}{}",
        mark(first, column == Some(0)),
        mark(second, column == Some(1))
    )
}

fn centred(canvas: &mut Canvas, w: i64, y: i64, text: &str, colour: Colour, scale: u32) {
    let x = (w - text_width(text, scale) as i64) / 2;
    canvas.text(x, y, text, colour, scale);
}

/// The title, "TILECASTER", in big letters built of bricks: each pixel of the 3x5 font a
/// block with a lit top-left edge, a shadowed bottom-right edge and a mortar line, over a drop
/// shadow.
fn draw_title(canvas: &mut Canvas, w: i64, y: i64, most: i64) {
    const TITLE: &str = "TILECASTER";
    // Blocks as large as fit: 10 letters of 4 blocks in 90% of the width, at most `most`.
    let block = ((w * 9 / 10) / (TITLE.len() as i64 * 4)).clamp(2, most.max(2));
    let width = TITLE.len() as i64 * 4 * block - block;
    let x0 = (w - width) / 2;
    let brick = Colour::rgb(150, 40, 30);
    let light = Colour::rgb(205, 90, 70);
    let dark = Colour::rgb(80, 15, 10);
    let mortar = Colour::rgb(60, 50, 45);
    let edge = (block / 6).max(1);
    for (i, c) in TITLE.chars().enumerate() {
        for (row, bits) in crate::frame::draw::glyph(c).iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) == 0 {
                    continue;
                }
                let bx = x0 + (i as i64 * 4 + col) * block;
                let by = y + row as i64 * block;
                canvas.fill_rect(bx + edge * 2, by + edge * 2, block, block, Colour::BLACK);
                canvas.fill_rect(bx, by, block, block, brick);
                canvas.fill_rect(bx, by, block, edge, light);
                canvas.fill_rect(bx, by, edge, block, light);
                canvas.fill_rect(bx, by + block - edge, block, edge, dark);
                canvas.fill_rect(bx + block - edge, by, edge, block, dark);
                // A mortar line across every other block, offset by row: brickwork.
                if (row + col as usize).is_multiple_of(2) && block >= 6 {
                    canvas.fill_rect(
                        bx + block / 2,
                        by + edge,
                        1.max(edge / 2),
                        block / 2,
                        mortar,
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_controls_row_marks_its_chosen_column() {
        assert_eq!(mark_column("W\tUP", Some(1), false), " W            [UP]");
        assert_eq!(mark_column("W\tUP", None, false), " W             UP ");
        assert_eq!(mark_column("W\t-", Some(0), true), "[?]            - ");
    }
}
