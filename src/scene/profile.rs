//! The profiler overlay (F3 in the game, `render --overlay profile` headless): a frame-time
//! graph, the stage breakdown, ray throughput, and a heat strip of the cells each column's ray
//! walked.

use std::collections::VecDeque;
use std::time::Duration;

use crate::frame::draw::{Canvas, text_width};
use crate::frame::{Colour, Frame};
use crate::render::FrameStats;

/// Frames the graph shows.
pub const GRAPH_FRAMES: usize = 120;

/// The last frames' costs, for the overlay.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Whole-frame times, oldest first (at most [`GRAPH_FRAMES`]).
    frame_times: VecDeque<Duration>,
    /// The renderer's stages in the last frame.
    last: FrameStats,
    /// Handing the last frame to the window (the game's, not the headless renderer's): the
    /// upload of its pixels to the GPU (one copy, by the graphics driver, straight from the
    /// frame's memory) and the rest of the presentation.
    shown: Option<Shown>,
    /// The times between frames shown in the window (or the page), oldest first (at most
    /// [`GRAPH_FRAMES`]): the rate the player sees, which the frame's work bounds only from
    /// above (vsync, the page's animation frames, a busy machine).
    shown_every: VecDeque<Duration>,
    /// The network line of a networked game (round trips, rollbacks, prediction).
    network: Option<String>,
}

/// What handing a frame to the window took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Shown {
    /// Copying the frame's pixels for the GPU (`queue.write_texture`).
    pub upload: Duration,
    /// Drawing the uploaded frame into the window and presenting it.
    pub present: Duration,
}

impl Profile {
    /// An empty profile.
    pub fn new() -> Profile {
        Profile::default()
    }

    /// Adds a frame: what it took in all, and the renderer's own breakdown.
    pub fn record(&mut self, total: Duration, stats: FrameStats) {
        if self.frame_times.len() == GRAPH_FRAMES {
            self.frame_times.pop_front();
        }
        self.frame_times.push_back(total);
        self.last = stats;
    }

    /// Adds what showing the last frame took (the window, after [`Profile::record`]).
    pub fn record_shown(&mut self, shown: Shown) {
        self.shown = Some(shown);
    }

    /// Sets the network line (`None` outside a networked game).
    pub fn record_network(&mut self, line: Option<String>) {
        self.network = line;
    }

    /// Adds the time since the frame shown before this one.
    pub fn record_interval(&mut self, since_last: Duration) {
        if self.shown_every.len() == GRAPH_FRAMES {
            self.shown_every.pop_front();
        }
        self.shown_every.push_back(since_last);
    }

    /// Frames shown per second, from the median time between them (`None`: none timed).
    pub fn shown_fps(&self) -> Option<f64> {
        let mut times: Vec<Duration> = self.shown_every.iter().copied().collect();
        times.sort_unstable();
        let median = times.get(times.len() / 2)?;
        (!median.is_zero()).then(|| 1.0 / median.as_secs_f64())
    }

    /// The median frame time of the frames kept.
    pub fn median(&self) -> Duration {
        let mut times: Vec<Duration> = self.frame_times.iter().copied().collect();
        times.sort_unstable();
        times.get(times.len() / 2).copied().unwrap_or_default()
    }

    /// The frames kept.
    pub fn frames(&self) -> usize {
        self.frame_times.len()
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Draws the overlay on `frame`: a panel in the top left with the numbers and the frame-time
/// graph (a line at 16.7 ms, one 60 Hz frame), and along the view's bottom (`view_bottom`,
/// rows: above the status bar) a strip coloured by the
/// cells each column's ray walked (`cells`, one per column), from dark blue (few) to red (the
/// most in this frame), under a line saying so. The row below the panel.
pub fn draw_profile(frame: &mut Frame, profile: &Profile, cells: &[u32], view_bottom: u32) -> u32 {
    let scale = (frame.height() / 200).max(1);
    let s = i64::from(scale);
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let mut canvas = Canvas::new(frame);
    let last = &profile.last;
    let median = profile.median();
    let rays_per_s = if last.cast.is_zero() {
        0.0
    } else {
        last.columns as f64 / last.cast.as_secs_f64()
    };
    let mean_cells = last.cells as f64 / last.columns.max(1) as f64;
    // The frame's work, and the rate it could run at alone; then the rate frames are shown.
    let shown = profile
        .shown_fps()
        .map(|fps| format!("  SHOWN {fps:.0} FPS"))
        .unwrap_or_default();
    let mut lines = vec![
        format!(
            "FRAME {:.2} MS MEDIAN ({:.0} FPS OF WORK){shown}",
            ms(median),
            if median.is_zero() {
                0.0
            } else {
                1.0 / median.as_secs_f64()
            }
        ),
        format!(
            "CAST {:.2} (LIGHTS {:.2})  SPRITES {:.2}  COMPOSITE {:.2} MS",
            ms(last.cast),
            ms(last.lights),
            ms(last.sprites),
            ms(last.composite)
        ),
        format!(
            "FLOOR {:.2}  WALLS {:.2}  OVER {:.2} MS CPU",
            ms(last.floor),
            ms(last.walls),
            ms(last.overlays)
        ),
        format!(
            "RAYS {:.1} M/S  CELLS/RAY {:.1} MAX {}",
            rays_per_s / 1e6,
            mean_cells,
            last.max_cells
        ),
    ];
    if let Some(shown) = profile.shown {
        lines.push(format!(
            "UPLOAD {:.2}  PRESENT {:.2} MS",
            ms(shown.upload),
            ms(shown.present)
        ));
    }
    lines.extend(profile.network.clone());
    let graph_h = 24 * s;
    let panel_w = (GRAPH_FRAMES as i64 * s).max(
        lines
            .iter()
            .map(|l| i64::from(text_width(l, scale)))
            .max()
            .unwrap_or(0),
    ) + 4 * s;
    let panel_h = lines.len() as i64 * 7 * s + graph_h + 6 * s;
    let (x0, y0) = (2 * s, 2 * s);
    canvas.fill_rect(x0, y0, panel_w, panel_h, Colour::BLACK);
    for (i, line) in lines.iter().enumerate() {
        let y = y0 + 2 * s + i as i64 * 7 * s;
        canvas.text(x0 + 2 * s, y, line, Colour::rgb(120, 230, 140), scale);
    }
    // The graph: one bar per frame; full height is a quarter more than the slowest frame
    // kept, and a line marks 16.7 ms (one 60 Hz frame) when it is in range.
    let gy = y0 + panel_h - 2 * s - graph_h;
    let slowest = profile
        .frame_times
        .iter()
        .copied()
        .max()
        .unwrap_or_default();
    let full = (ms(slowest) * 1.25).max(0.5);
    let budget = 1000.0 / 60.0;
    for (i, &t) in profile.frame_times.iter().enumerate() {
        let bar = ((ms(t) / full).min(1.0) * graph_h as f64).ceil() as i64;
        let colour = if ms(t) <= budget {
            Colour::rgb(80, 200, 90)
        } else {
            Colour::rgb(230, 80, 60)
        };
        let x = x0 + 2 * s + i as i64 * s;
        canvas.fill_rect(x, gy + graph_h - bar, s, bar, colour);
    }
    if budget < full {
        let budget_y = gy + graph_h - (graph_h as f64 * budget / full) as i64;
        let width = GRAPH_FRAMES as i64 * s;
        canvas.fill_rect(x0 + 2 * s, budget_y, width, 1, Colour::rgb(200, 200, 200));
    }
    let label = format!("0-{full:.1} MS");
    let label_x = x0 + panel_w - i64::from(text_width(&label, scale)) - 2 * s;
    canvas.text(label_x, gy, &label, Colour::rgb(150, 150, 150), scale);
    // The heat strip, along the bottom of the view (above the status bar, never over its
    // digits), under a line that says what it shows.
    let most = cells.iter().copied().max().unwrap_or(0).max(1);
    let strip_h = 3 * s;
    let top = i64::from(view_bottom).min(h) - s - strip_h;
    for (x, &c) in cells.iter().enumerate().take(w as usize) {
        let colour = heat(c as f64 / most as f64);
        canvas.fill_rect(x as i64, top, 1, strip_h, colour);
    }
    let legend = format!("CELLS EACH COLUMN'S RAY WALKED: BLUE FEW, RED {most}");
    let legend_h = 9 * s;
    let legend_w = i64::from(text_width(&legend, scale)) + 4 * s;
    canvas.fill_rect(0, top - legend_h, legend_w, legend_h, Colour::rgb(0, 0, 0));
    canvas.text(
        2 * s,
        top - legend_h + s,
        &legend,
        Colour::rgb(200, 200, 200),
        scale,
    );
    u32::try_from(y0 + panel_h).unwrap_or(0)
}

/// A colour from dark blue (0) through yellow to red (1).
fn heat(t: f64) -> Colour {
    let t = t.clamp(0.0, 1.0);
    let (r, g, b) = if t < 0.5 {
        let k = t * 2.0;
        (40.0 + 215.0 * k, 40.0 + 180.0 * k, 140.0 * (1.0 - k))
    } else {
        let k = (t - 0.5) * 2.0;
        (255.0, 220.0 * (1.0 - k), 0.0)
    };
    Colour::rgb(r as u8, g as u8, b as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_keeps_the_last_frames_and_their_median() {
        let mut p = Profile::new();
        for ms in 1..=200u64 {
            p.record(Duration::from_millis(ms), FrameStats::default());
        }
        assert_eq!(p.frames(), GRAPH_FRAMES);
        // Frames 81 to 200 are kept: the median is the 61st, 141 ms.
        assert_eq!(p.median(), Duration::from_millis(141));
    }

    /// The window's upload and presentation get a line of their own once recorded.
    #[test]
    fn the_upload_and_presentation_show_once_recorded() {
        let lines = |profile: &Profile| {
            let mut frame = Frame::new(640, 200).unwrap();
            draw_profile(&mut frame, profile, &[], 200);
            // Rows of the panel with green text in them.
            (0..100)
                .filter(|&y| (0..640).any(|x| frame.pixel(x, y) == [120, 230, 140, 255]))
                .count()
        };
        let mut profile = Profile::new();
        profile.record(Duration::from_millis(2), FrameStats::default());
        let without = lines(&profile);
        profile.record_shown(Shown {
            upload: Duration::from_micros(140),
            present: Duration::from_millis(1),
        });
        assert_eq!(
            lines(&profile),
            without + 5,
            "one more line of text, 5 rows tall"
        );
        // A networked game's line, and gone again outside one.
        let shown = lines(&profile);
        profile.record_network(Some("NET RTT 102 MS  ROLLBACK 3 (MAX 6)".into()));
        assert_eq!(lines(&profile), shown + 5);
        profile.record_network(None);
        assert_eq!(lines(&profile), shown);
    }

    #[test]
    fn the_heat_strip_shows_the_cells_per_column() {
        let mut frame = Frame::new(64, 200).unwrap();
        let cells: Vec<u32> = (0..64).map(|x| if x < 32 { 1 } else { 40 }).collect();
        // Over a view 168 rows tall (a status bar below it).
        draw_profile(&mut frame, &Profile::new(), &cells, 168);
        assert_eq!(
            frame.pixel(5, 190),
            [0, 0, 0, 0],
            "nothing over the status bar"
        );
        let y = 168 - 1 - 2;
        let (cold, hot) = (frame.pixel(5, y), frame.pixel(60, y));
        assert!(
            hot[0] > 200 && hot[2] < 50,
            "the busiest columns red: {hot:?}"
        );
        assert!(cold[2] > cold[0], "the quiet ones blue: {cold:?}");
        // Its legend just above it: light text on black, from the left.
        let legend: Vec<[u8; 4]> = (0..40)
            .flat_map(|x| (y - 10..y - 2).map(move |y| (x, y)))
            .map(|(x, y)| frame.pixel(x, y))
            .collect();
        assert!(legend.contains(&[200, 200, 200, 255]), "its words");
        assert!(legend.contains(&[0, 0, 0, 255]), "on black");
    }
}
