//! Drawing over a [`Frame`]: rectangles, lines, discs, rings, text in a 3x5 bitmap font, and
//! blending, each clipped to a rectangle of the frame. The HUD, the profiler overlay and the
//! top-down map all draw through [`Canvas`].
//!
//! ```
//! use tilecaster::frame::{Colour, Frame, draw::Canvas};
//! let mut frame = Frame::new(32, 16).unwrap();
//! let mut canvas = Canvas::new(&mut frame);
//! canvas.fill_rect(0, 0, 4, 4, Colour::WHITE);
//! canvas.text(8, 2, "OK", Colour::rgb(255, 0, 0), 1);
//! assert_eq!(frame.colour(3, 3), Colour::WHITE);
//! ```

use super::{Colour, Frame};

/// A frame to draw on, clipped to a rectangle of it (the whole frame, or a viewport such as
/// the minimap's).
pub struct Canvas<'a> {
    frame: &'a mut Frame,
    /// Left, top, right, bottom (right and bottom exclusive), inside the frame.
    clip: (i64, i64, i64, i64),
    /// A glyph sheet drawn instead of the built-in font ([`Canvas::with_font`]).
    font: Option<&'a Frame>,
}

/// A glyph sheet's layout: 16 columns by 6 rows of cells, ASCII 32 to 127 in order.
pub const FONT_GRID: (u32, u32) = (16, 6);

impl<'a> Canvas<'a> {
    /// The whole frame.
    pub fn new(frame: &'a mut Frame) -> Canvas<'a> {
        let clip = (0, 0, frame.width() as i64, frame.height() as i64);
        Canvas {
            frame,
            clip,
            font: None,
        }
    }

    /// Text drawn from the glyph sheet `font` (when given) instead of the built-in font: 16
    /// columns by 6 rows of cells for ASCII 32 to 127 ([`FONT_GRID`]), each cell drawn into
    /// the built-in font's box of 4 by 6 font pixels (so layouts stay), its pixels with alpha
    /// of one half or more in the text's colour.
    pub fn with_font(self, font: Option<&'a Frame>) -> Canvas<'a> {
        Canvas { font, ..self }
    }

    /// The part of `frame` in `rect` (left, top, width, height).
    pub fn clipped(frame: &'a mut Frame, rect: (u32, u32, u32, u32)) -> Canvas<'a> {
        let (x, y, w, h) = rect;
        let (fw, fh) = (frame.width() as i64, frame.height() as i64);
        let clip = (
            x as i64,
            y as i64,
            (x as i64 + w as i64).min(fw),
            (y as i64 + h as i64).min(fh),
        );
        Canvas {
            frame,
            clip,
            font: None,
        }
    }

    /// The clip rectangle: left, top, right, bottom (exclusive).
    pub fn clip(&self) -> (i64, i64, i64, i64) {
        self.clip
    }

    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let (x0, y0, x1, y1) = self.clip;
        ((x0..x1).contains(&x) && (y0..y1).contains(&y))
            .then(|| (y * self.frame.width() as i64 + x) as usize)
    }

    /// Sets one pixel (nothing outside the clip).
    pub fn put(&mut self, x: i64, y: i64, colour: Colour) {
        if let Some(i) = self.index(x, y) {
            self.frame.pixels_mut()[i] = colour.packed();
        }
    }

    /// Mixes `colour` into one pixel by `amount` (0 to 1); the result is opaque.
    pub fn mix(&mut self, x: i64, y: i64, colour: Colour, amount: f64) {
        if let Some(i) = self.index(x, y) {
            let px = &mut self.frame.pixels_mut()[i];
            *px = Colour::from_packed(*px).mixed(colour, amount).packed();
        }
    }

    /// Draws the part `from` (x, y, width, height in its pixels) of `picture` scaled to `w` by
    /// `h` pixels at `(x, y)`, nearest pixel; pixels with alpha under 128 are holes.
    ///
    /// ```
    /// use tilecaster::frame::{Colour, Frame, draw::Canvas};
    /// let mut picture = Frame::new(2, 1).unwrap();
    /// picture.pixels_mut()[0] = Colour::rgb(255, 0, 0).packed();
    /// let mut frame = Frame::new(8, 8).unwrap();
    /// Canvas::new(&mut frame).picture(&picture, (0, 0, 2, 1), 0, 0, 8, 4);
    /// assert_eq!(frame.pixel(3, 3), [255, 0, 0, 255]);
    /// assert_eq!(frame.pixel(4, 0), [0, 0, 0, 0], "a hole");
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn picture(
        &mut self,
        picture: &Frame,
        from: (u32, u32, u32, u32),
        x: i64,
        y: i64,
        w: i64,
        h: i64,
    ) {
        let (fx, fy, fw, fh) = from;
        if w <= 0 || h <= 0 || fw == 0 || fh == 0 {
            return;
        }
        let (cx0, cy0, cx1, cy1) = self.clip;
        for row in y.max(cy0)..(y + h).min(cy1) {
            let sy = fy + ((row - y) * i64::from(fh) / h) as u32;
            for col in x.max(cx0)..(x + w).min(cx1) {
                let sx = fx + ((col - x) * i64::from(fw) / w) as u32;
                if sx >= picture.width() || sy >= picture.height() {
                    continue;
                }
                let texel = picture.colour(sx, sy);
                if texel.a >= 128 {
                    self.put(col, row, Colour { a: 255, ..texel });
                }
            }
        }
    }

    /// Fills the rectangle at `(x, y)` of `w` by `h` pixels.
    pub fn fill_rect(&mut self, x: i64, y: i64, w: i64, h: i64, colour: Colour) {
        let (cx0, cy0, cx1, cy1) = self.clip;
        let (x0, x1) = (x.clamp(cx0, cx1), (x + w).clamp(cx0, cx1));
        let (y0, y1) = (y.clamp(cy0, cy1), (y + h).clamp(cy0, cy1));
        if x0 >= x1 {
            return;
        }
        let width = self.frame.width() as usize;
        let pixels = self.frame.pixels_mut();
        for row in y0..y1 {
            let start = row as usize * width;
            pixels[start + x0 as usize..start + x1 as usize].fill(colour.packed());
        }
    }

    /// Mixes `colour` by `amount` into the pixels of columns `xs` and rows `ys`.
    pub fn mix_rect(
        &mut self,
        xs: std::ops::Range<i64>,
        ys: std::ops::Range<i64>,
        colour: Colour,
        amount: f64,
    ) {
        for y in ys {
            for x in xs.clone() {
                self.mix(x, y, colour, amount);
            }
        }
    }

    /// Divides every pixel's red, green and blue by `k` (a menu's darkened backdrop).
    pub fn darken(&mut self, k: u8) {
        let (x0, y0, x1, y1) = self.clip;
        for y in y0..y1 {
            for x in x0..x1 {
                if let Some(i) = self.index(x, y) {
                    let px = &mut self.frame.pixels_mut()[i];
                    let c = Colour::from_packed(*px);
                    *px = Colour::rgba(c.r / k, c.g / k, c.b / k, c.a).packed();
                }
            }
        }
    }

    /// A one-pixel line between two points in pixel coordinates (nothing for non-finite ends).
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), colour: Colour) {
        let ((x0, y0), (x1, y1)) = (from, to);
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
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            self.put(x.floor() as i64, y.floor() as i64, colour);
        }
    }

    /// A filled circle of radius `r` pixels about `(cx, cy)`.
    pub fn disc(&mut self, cx: f64, cy: f64, r: f64, colour: Colour) {
        self.each_pixel_near(cx, cy, r, |dx, dy| dx * dx + dy * dy <= r * r, colour);
    }

    /// A one-pixel circle of radius `r` pixels about `(cx, cy)`.
    pub fn ring(&mut self, cx: f64, cy: f64, r: f64, colour: Colour) {
        let on = |dx: f64, dy: f64| ((dx * dx + dy * dy).sqrt() - r).abs() <= 0.6;
        self.each_pixel_near(cx, cy, r + 1.0, on, colour);
    }

    /// Sets the pixels within `r` of `(cx, cy)` whose centres `inside` accepts (given their
    /// offset from the centre).
    fn each_pixel_near(
        &mut self,
        cx: f64,
        cy: f64,
        r: f64,
        inside: impl Fn(f64, f64) -> bool,
        colour: Colour,
    ) {
        if !(cx.is_finite() && cy.is_finite()) {
            return;
        }
        let (x0, y0, x1, y1) = self.clip;
        for y in ((cy - r).floor() as i64).max(y0)..((cy + r).ceil() as i64).min(y1) {
            for x in ((cx - r).floor() as i64).max(x0)..((cx + r).ceil() as i64).min(x1) {
                if inside(x as f64 + 0.5 - cx, y as f64 + 0.5 - cy) {
                    self.put(x, y, colour);
                }
            }
        }
    }

    /// The clip rectangle's border, one pixel wide.
    pub fn outline(&mut self, colour: Colour) {
        let (x0, y0, x1, y1) = self.clip;
        for x in x0..x1 {
            self.put(x, y0, colour);
            self.put(x, y1 - 1, colour);
        }
        for y in y0..y1 {
            self.put(x0, y, colour);
            self.put(x1 - 1, y, colour);
        }
    }

    /// Draws `text` with its top-left corner at `(x, y)`, each font pixel `scale` pixels, with
    /// a one-pixel dark shadow.
    pub fn text(&mut self, x: i64, y: i64, text: &str, colour: Colour, scale: u32) {
        let scale = i64::from(scale.max(1));
        if let Some(font) = self.font {
            return self.sheet_text(font, (x, y), text, colour, scale);
        }
        for (shadow, colour) in [(1, Colour::BLACK), (0, colour)] {
            for (i, c) in text.chars().enumerate() {
                for (row, bits) in glyph(c).iter().enumerate() {
                    for col in 0..3 {
                        if bits & (4 >> col) == 0 {
                            continue;
                        }
                        let px = x + (i as i64 * 4 + col) * scale + shadow;
                        let py = y + row as i64 * scale + shadow;
                        self.fill_rect(px, py, scale, scale, colour);
                    }
                }
            }
        }
    }
}

impl Canvas<'_> {
    /// [`Canvas::text`] from a glyph sheet: each cell scaled into 4 by 6 font pixels.
    fn sheet_text(
        &mut self,
        font: &Frame,
        (x, y): (i64, i64),
        text: &str,
        colour: Colour,
        scale: i64,
    ) {
        let (cw, ch) = (font.width() / FONT_GRID.0, font.height() / FONT_GRID.1);
        if cw == 0 || ch == 0 {
            return;
        }
        let (bw, bh) = (4 * scale, 6 * scale);
        for (shadow, colour) in [(1, Colour::BLACK), (0, colour)] {
            for (i, c) in text.chars().enumerate() {
                let code = if (' '..='\u{7f}').contains(&c) {
                    c as u32 - 32
                } else {
                    u32::from(b'?') - 32
                };
                let (gx, gy) = (code % FONT_GRID.0 * cw, code / FONT_GRID.0 * ch);
                let left = x + i as i64 * bw + shadow;
                for dy in 0..bh {
                    let sy = gy + (dy * i64::from(ch) / bh) as u32;
                    for dx in 0..bw {
                        let sx = gx + (dx * i64::from(cw) / bw) as u32;
                        if font.colour(sx, sy).a >= 128 {
                            self.put(left + dx, y + dy + shadow, colour);
                        }
                    }
                }
            }
        }
    }
}

/// The built-in font as a glyph sheet ([`Canvas::with_font`]'s layout): 4 by 6 pixel cells,
/// white glyphs on transparency. Drawn from, it gives the built-in font's text.
pub fn builtin_font_sheet() -> Frame {
    let (cols, rows) = FONT_GRID;
    let mut sheet = Frame::new(cols * 4, rows * 6).expect("a small frame");
    for code in 0..cols * rows {
        let Some(c) = char::from_u32(code + 32) else {
            continue;
        };
        let (gx, gy) = ((code % cols) * 4, (code / cols) * 6);
        for (row, bits) in glyph(c).iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) != 0 {
                    let i = (gy + row as u32) * sheet.width() + gx + col;
                    sheet.pixels_mut()[i as usize] = Colour::WHITE.packed();
                }
            }
        }
    }
    sheet
}

/// Width in pixels of `text` at `scale` (4 font pixels a character: 3 and a gap).
pub fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * 4 * scale
}

/// `text` in lines of at most `width` characters, broken between words (a word longer than a
/// line is broken inside it), at most `most` lines: the last one cut and ending `...` when
/// the text does not fit.
///
/// ```
/// use tilecaster::frame::draw::wrap_words;
/// assert_eq!(wrap_words("NOT LOADED: A B", 11, 4), ["NOT LOADED:", "A B"]);
/// ```
pub fn wrap_words(text: &str, width: usize, most: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let len = line.chars().count();
            let room = if len == 0 {
                width
            } else {
                width.saturating_sub(len + 1)
            };
            if word.len() <= room {
                if len > 0 {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if len == 0 {
                let rest = word.split_off(width.max(1));
                lines.push(word.iter().collect());
                word = rest;
            } else {
                lines.push(std::mem::take(&mut line));
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > most {
        lines.truncate(most);
        let last = &mut lines[most - 1];
        let keep = width.saturating_sub(3).min(last.chars().count());
        *last = last.chars().take(keep).collect::<String>() + "...";
    }
    lines
}

/// Glyphs 3 pixels wide and 5 tall: each row 3 bits, the top row first, the left pixel the
/// high bit. M and W take PICO-8's shapes (a full top, a full bottom), which three pixels do
/// not confuse with H as a bar across the middle did.
pub(crate) fn glyph(c: char) -> [u8; 5] {
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
        'M' => [7, 7, 5, 5, 5],
        'N' => [6, 5, 5, 5, 5],
        'O' => [2, 5, 5, 5, 2],
        'P' => [6, 5, 6, 4, 4],
        'Q' => [2, 5, 5, 6, 3],
        'R' => [6, 5, 6, 5, 5],
        'S' => [3, 4, 2, 1, 6],
        'T' => [7, 2, 2, 2, 2],
        'U' => [5, 5, 5, 5, 7],
        'V' => [5, 5, 5, 5, 2],
        'W' => [5, 5, 5, 7, 7],
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
        '<' => [1, 2, 4, 2, 1],
        '>' => [4, 2, 1, 2, 4],
        '[' => [6, 4, 4, 4, 6],
        ']' => [3, 1, 1, 1, 3],
        ';' => [0, 2, 0, 2, 4],
        '\\' => [4, 4, 2, 1, 1],
        '*' => [0, 5, 2, 5, 0],
        '#' => [5, 7, 5, 7, 5],
        '"' => [5, 5, 0, 0, 0],
        '|' => [2, 2, 2, 2, 2],
        ' ' => [0; 5],
        _ => [7, 7, 7, 7, 7],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_notice_wraps_between_words_and_is_cut_after_its_last_line() {
        assert_eq!(wrap_words("NOT LOADED: A B", 11, 4), ["NOT LOADED:", "A B"]);
        assert_eq!(wrap_words("ABCDEFGHIJ", 4, 4), ["ABCD", "EFGH", "IJ"]);
        let long = "WORD ".repeat(40);
        let lines = wrap_words(&long, 12, 3);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.chars().count() <= 12), "{lines:?}");
        assert!(lines[2].ends_with("..."), "{lines:?}");
        assert!(wrap_words("", 10, 4).is_empty());
    }

    #[test]
    fn text_is_drawn_where_asked_and_clipped() {
        let mut f = Frame::new(40, 10).unwrap();
        let red = Colour::rgb(255, 0, 0);
        let mut canvas = Canvas::new(&mut f);
        canvas.text(1, 1, "1", red, 1);
        canvas.text(35, 8, "WIDE TEXT", Colour::WHITE, 3);
        canvas.text(-100, -100, "OFF", Colour::WHITE, 1);
        // '1' is 010/110/010/010/111: its top pixel is the middle column.
        assert_eq!(f.colour(2, 1), red);
        assert_eq!(f.pixel(1, 1), [0, 0, 0, 0], "not lit, not shadowed");
        assert_eq!(f.colour(3, 2), Colour::BLACK, "the shadow of (2, 1)");
        assert_eq!(text_width("AB", 2), 16);
    }

    #[test]
    fn a_clipped_canvas_draws_only_inside_its_rectangle() {
        let mut f = Frame::new(20, 20).unwrap();
        let mut canvas = Canvas::clipped(&mut f, (5, 5, 10, 10));
        canvas.fill_rect(0, 0, 20, 20, Colour::WHITE);
        canvas.line((0.0, 0.0), (19.0, 19.0), Colour::rgb(1, 2, 3));
        canvas.disc(5.0, 5.0, 3.0, Colour::rgb(9, 9, 9));
        assert_eq!(f.pixel(4, 4), [0, 0, 0, 0]);
        assert_eq!(f.pixel(15, 15), [0, 0, 0, 0]);
        assert_eq!(
            f.colour(14, 14),
            Colour::rgb(1, 2, 3),
            "the line's last inside pixel"
        );
        assert_eq!(f.colour(5, 5), Colour::rgb(9, 9, 9));
        assert_eq!(f.colour(10, 12), Colour::WHITE);
    }

    #[test]
    fn mixing_and_darkening_blend_as_documented() {
        let mut f = Frame::new(2, 1).unwrap();
        let mut canvas = Canvas::new(&mut f);
        canvas.fill_rect(0, 0, 2, 1, Colour::rgb(90, 60, 30));
        canvas.mix(0, 0, Colour::rgb(190, 160, 130), 0.5);
        canvas.darken(3);
        assert_eq!(f.colour(0, 0), Colour::rgb(46, 36, 26));
        assert_eq!(f.colour(1, 0), Colour::rgb(30, 20, 10));
    }
}
