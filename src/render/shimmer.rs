//! How much a picture sparkles: the change in the far half of the view when the camera turns a
//! little. Distant textures alias (a texel that covers less than a pixel is sampled at a spot
//! that jumps from texel to texel as the view turns), so their pixels flicker between frames;
//! mipmaps draw them from levels with about one texel per pixel, which calms them.

use super::{Camera, ClosedDoors, RenderAssets, Renderer};
use crate::frame::Frame;
use crate::level::Level;
use crate::math::Vec2;

/// The far-half shimmer of a view: the mean absolute difference of the colour channels (0 to
/// 255) between the frame seen from `pos` facing `angle` (degrees, field of view `fov`) and
/// the frame turned by `turn` degrees, over the half of the pixels that lie farthest (by the
/// depth of the wall, floor or ceiling drawn there in the first frame). Sprites are not drawn.
/// Both frames are drawn into `frames` (of one size) by `renderer` as it is set (with or
/// without mipmaps).
///
/// It counts all that changed: the flicker of aliased texels, which mipmaps calm, and the
/// motion of edges (a mortar line one column over), which every renderer shows. A turn of 0.1
/// degree moves the picture about `0.1 * width / fov` columns, so at large sizes the motion
/// weighs more.
///
/// ```
/// use tilecaster::frame::Frame;
/// use tilecaster::level::load_with_textures;
/// use tilecaster::render::{RenderAssets, Renderer, far_shimmer};
/// let loaded = load_with_textures("levels/stress.toml".as_ref(), None).unwrap();
/// let assets = RenderAssets::new(&loaded.level, &loaded.textures);
/// let start = loaded.level.player;
/// let mut frames = (Frame::new(160, 100).unwrap(), Frame::new(160, 100).unwrap());
/// let mut shimmer = |mipmaps: bool| {
///     let mut renderer = Renderer::new();
///     renderer.set_mipmaps(mipmaps);
///     let view = (start.position, start.facing, 66.0);
///     far_shimmer(&mut renderer, &loaded.level, &assets, view, 0.1, (&mut frames.0, &mut frames.1))
/// };
/// assert!(shimmer(true) < shimmer(false));
/// ```
pub fn far_shimmer(
    renderer: &mut Renderer,
    level: &Level,
    assets: &RenderAssets,
    (pos, angle, fov): (Vec2, f64, f64),
    turn: f64,
    (first, turned): (&mut Frame, &mut Frame),
) -> f64 {
    let (width, height) = (first.width(), first.height());
    assert_eq!(
        (width, height),
        (turned.width(), turned.height()),
        "two frames of one size"
    );
    let cameras = [
        Camera::new(pos, angle, fov),
        Camera::new(pos, angle + turn, fov),
    ];
    renderer.render(level, assets, &ClosedDoors, &[], &cameras[0], first);
    let depths: Vec<f32> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| renderer.depth_at(x, y))
        .collect();
    let mut sorted = depths.clone();
    let middle = sorted.len() / 2;
    let median = *sorted.select_nth_unstable_by(middle, f32::total_cmp).1;
    renderer.render(level, assets, &ClosedDoors, &[], &cameras[1], turned);
    let (mut sum, mut count) = (0u64, 0u64);
    for ((a, b), depth) in first
        .rgba()
        .chunks_exact(4)
        .zip(turned.rgba().chunks_exact(4))
        .zip(&depths)
    {
        if *depth >= median {
            sum += (0..3).map(|c| u64::from(a[c].abs_diff(b[c]))).sum::<u64>();
            count += 3;
        }
    }
    sum as f64 / count.max(1) as f64
}
