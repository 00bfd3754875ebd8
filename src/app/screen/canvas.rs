//! The page's screen: the finished frame put on the page's canvas through its 2D context,
//! scaled as [`placement`] says (nearest-neighbour unless filling). The canvas is sized to the
//! screen's own pixels (its CSS size times the device pixel ratio), so that the browser does
//! not smooth it up on a high-density screen.
//!
//! The frame's pixels go to a frame-sized canvas of their own (`putImageData`: one copy, by the
//! browser), which is then drawn scaled into the page's canvas (`drawImage`, which the browser
//! does on the GPU where it has one).

use std::sync::Arc;

use anyhow::{Result, anyhow};
use tilecaster::scene::profile;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};
use web_time::Instant;
use winit::window::Window;

use super::super::Scaling;
use super::{Shown, frame_under, placement};

/// The page's canvas and the frame-sized canvas the frame is put on.
pub(in crate::app) struct Screen {
    window: Arc<Window>,
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    buffer: HtmlCanvasElement,
    buffer_context: CanvasRenderingContext2d,
    frame_size: (u32, u32),
    scaling: Scaling,
}

/// A canvas's 2D context.
fn context_2d(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or_else(|| anyhow!("the browser gives the canvas no 2D context"))
}

impl Screen {
    /// The screen of `window` (the page's canvas) for frames of `frame_size`, scaled into it as
    /// `scaling` says.
    pub(in crate::app) fn new(
        window: Arc<Window>,
        frame_size: (u32, u32),
        scaling: Scaling,
    ) -> Result<Screen> {
        use winit::platform::web::WindowExtWebSys;
        let canvas = window
            .canvas()
            .ok_or_else(|| anyhow!("the window has no canvas"))?;
        let context = context_2d(&canvas)?;
        let buffer = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
            .ok_or_else(|| anyhow!("the page cannot make a canvas"))?;
        let buffer_context = context_2d(&buffer)?;
        let mut screen = Screen {
            window,
            canvas,
            context,
            buffer,
            buffer_context,
            frame_size: (0, 0),
            scaling,
        };
        screen.set_frame_size(frame_size);
        Ok(screen)
    }

    /// Frames are `size` from now on.
    pub(in crate::app) fn set_frame_size(&mut self, size: (u32, u32)) {
        if size != self.frame_size {
            self.frame_size = size;
            self.buffer.set_width(size.0);
            self.buffer.set_height(size.1);
        }
    }

    /// The canvas's size in the screen's pixels of this moment (winit's own size can stay in
    /// CSS pixels, which the browser would smooth up on a high-density screen).
    fn screen_size(&self) -> (u32, u32) {
        let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let side = |css: i32| (f64::from(css) * ratio).round().max(1.0) as u32;
        let size = self.window.inner_size();
        match (self.canvas.client_width(), self.canvas.client_height()) {
            (w, h) if w > 0 && h > 0 => (side(w), side(h)),
            _ => (size.width.max(1), size.height.max(1)),
        }
    }

    /// The frame position (pixels) under window position `(x, y)` (the screen's pixels),
    /// where the frame is drawn there.
    pub(in crate::app) fn frame_position(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let window = (self.canvas.width(), self.canvas.height());
        frame_under(self.frame_size, window, self.scaling, (x, y))
    }

    /// Shows a frame (RGBA, [`Screen::set_frame_size`]'s size), and what putting its pixels
    /// on the canvas and drawing them scaled took.
    pub(in crate::app) fn show(&mut self, rgba: &[u8]) -> Result<(Shown, profile::Shown)> {
        let started = Instant::now();
        let (fw, fh) = self.frame_size;
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), fw, fh)
            .map_err(|_| anyhow!("the browser would not take a {fw}x{fh} frame"))?;
        self.buffer_context
            .put_image_data(&image, 0.0, 0.0)
            .map_err(|_| anyhow!("the browser would not put the frame on its canvas"))?;
        let uploaded = Instant::now();
        let (w, h) = self.screen_size();
        if (self.canvas.width(), self.canvas.height()) != (w, h) {
            // (Setting a canvas's size clears it, and its context's settings.)
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        let context = &self.context;
        context.set_image_smoothing_enabled(self.scaling == Scaling::Fill);
        let [x, y, dw, dh] = placement(self.frame_size, (w, h), self.scaling);
        context.set_fill_style_str("#000");
        context.fill_rect(0.0, 0.0, f64::from(w), f64::from(h));
        context
            .draw_image_with_html_canvas_element_and_dw_and_dh(
                &self.buffer,
                f64::from(x),
                f64::from(y),
                f64::from(dw),
                f64::from(dh),
            )
            .map_err(|_| anyhow!("the browser would not draw the frame"))?;
        let times = profile::Shown {
            upload: uploaded - started,
            present: uploaded.elapsed(),
        };
        Ok((Shown::Presented, times))
    }
}
