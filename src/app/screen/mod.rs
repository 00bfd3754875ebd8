//! Where the finished frame goes in the window, and what draws it there: natively a `wgpu`
//! surface (`gpu`), in the browser page the canvas's 2D context
//! (`canvas`: a page needs no GPU pipeline to show a picture, and leaving
//! wgpu and its shader compiler out makes the page's download a third smaller).

#[cfg(target_arch = "wasm32")]
mod canvas;
#[cfg(not(target_arch = "wasm32"))]
mod gpu;

use super::Scaling;

#[cfg(target_arch = "wasm32")]
pub(super) use canvas::Screen;
#[cfg(not(target_arch = "wasm32"))]
pub(super) use gpu::Screen;

/// How much of filling's scale a whole-number scale must reach for [`Scaling::Sharp`] to take
/// it.
const SHARP_NEAR_FILL: f32 = 0.85;

/// Where the frame goes in the window: `(x, y, width, height)` in window pixels. Scaled by a
/// whole number when it fits (sharp pixels), else (or as `scaling` says) by the largest
/// factor that keeps its shape; centred.
pub(super) fn placement(frame: (u32, u32), window: (u32, u32), scaling: Scaling) -> [f32; 4] {
    let (fw, fh) = (frame.0.max(1) as f32, frame.1.max(1) as f32);
    let (ww, wh) = (window.0.max(1) as f32, window.1.max(1) as f32);
    let fit = (ww / fw).min(wh / fh);
    let whole = fit.floor();
    let scale = match scaling {
        _ if fit < 1.0 => fit,
        Scaling::PixelPerfect => whole,
        Scaling::Fill => fit,
        Scaling::Sharp if whole >= fit * SHARP_NEAR_FILL => whole,
        Scaling::Sharp => fit,
    };
    let (w, h) = (fw * scale, fh * scale);
    [((ww - w) / 2.0).floor(), ((wh - h) / 2.0).floor(), w, h]
}

/// The frame position (frame pixels) under window position `(x, y)` (window pixels), where
/// a frame of `frame` pixels is drawn in a window of `window` pixels as `scaling` says.
pub(super) fn frame_under(
    frame: (u32, u32),
    window: (u32, u32),
    scaling: Scaling,
    (x, y): (f64, f64),
) -> Option<(f64, f64)> {
    let [left, top, w, h] = placement(frame, window, scaling);
    let (fx, fy) = (
        (x - f64::from(left)) / f64::from(w) * f64::from(frame.0),
        (y - f64::from(top)) / f64::from(h) * f64::from(frame.1),
    );
    let inside = (0.0..f64::from(frame.0)).contains(&fx) && (0.0..f64::from(frame.1)).contains(&fy);
    inside.then_some((fx, fy))
}

/// What became of a frame handed to [`Screen::show`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shown {
    /// It is on the screen.
    Presented,
    /// The window cannot take it now (hidden, resizing): skipped. (Natively: a page's canvas
    /// always takes it.)
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Skipped,
}

/// Which graphics API draws the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(not(target_arch = "wasm32"), derive(clap::ValueEnum))]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub enum Backend {
    /// The system's own first: on Linux Vulkan where an adapter is found, else OpenGL; on
    /// Windows Direct3D 12, then Vulkan, then OpenGL; on macOS Metal (`WGPU_BACKEND` decides
    /// when set).
    #[default]
    Auto,
    /// Vulkan only.
    Vulkan,
    /// OpenGL only (EGL or GLX).
    Gl,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_scaled_by_whole_numbers_and_centred() {
        assert_eq!(
            placement((320, 200), (640, 400), Scaling::PixelPerfect),
            [0.0, 0.0, 640.0, 400.0]
        );
        assert_eq!(
            placement((320, 200), (1000, 700), Scaling::PixelPerfect),
            [20.0, 50.0, 960.0, 600.0]
        );
        // Filling keeps the shape.
        assert_eq!(
            placement((320, 200), (1000, 700), Scaling::Fill),
            [0.0, 37.0, 1000.0, 625.0]
        );
        // Sharp: a whole number where it comes close to filling, else filling.
        assert_eq!(
            placement((640, 400), (2880, 1800), Scaling::Sharp),
            [160.0, 100.0, 2560.0, 1600.0]
        );
        assert_eq!(
            placement((640, 400), (2532, 1170), Scaling::Sharp),
            placement((640, 400), (2532, 1170), Scaling::Fill)
        );
        // Smaller than the frame: shrunk to fit, never cut off.
        let [x, y, w, h] = placement((640, 400), (1, 1), Scaling::PixelPerfect);
        assert!(x >= 0.0 && y >= 0.0 && w <= 1.0 && h <= 1.0 && w > 0.0 && h > 0.0);
    }
}
