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
    view: (Vec2, f64, f64),
    turn: f64,
    frames: (&mut Frame, &mut Frame),
) -> f64 {
    supersampled_far_shimmer(renderer, level, assets, view, turn, 1, frames)
}

/// [`far_shimmer`] of the view drawn with `factor` x `factor` samples a pixel: `frames` are
/// `factor` times the size of the picture measured, and each block of samples is averaged
/// into one of its pixels (the far half picked by the depth at each block's centre). With a
/// large factor and no mipmaps, the picture an ideal renderer would show (each pixel the mean
/// of what it covers, no aliasing left): its shimmer is the motion of the texels and edges
/// themselves, the least a picture that stays as sharp can show. A factor of 1 is
/// [`far_shimmer`].
///
/// ```
/// use tilecaster::frame::Frame;
/// use tilecaster::level::load_with_textures;
/// use tilecaster::render::{RenderAssets, Renderer, far_shimmer, supersampled_far_shimmer};
/// let loaded = load_with_textures("levels/stress.toml".as_ref(), None).unwrap();
/// let assets = RenderAssets::new(&loaded.level, &loaded.textures);
/// let start = loaded.level.player;
/// let view = (start.position, start.facing, 66.0);
/// let (level, mut renderer) = (&loaded.level, Renderer::new());
/// renderer.set_mipmaps(false);
/// let mut small = (Frame::new(80, 50).unwrap(), Frame::new(80, 50).unwrap());
/// let mut big = (Frame::new(320, 200).unwrap(), Frame::new(320, 200).unwrap());
/// let aliased = far_shimmer(&mut renderer, level, &assets, view, 0.1, (&mut small.0, &mut small.1));
/// let ideal = supersampled_far_shimmer(&mut renderer, level, &assets, view, 0.1, 4, (&mut big.0, &mut big.1));
/// assert!(ideal < aliased);
/// ```
pub fn supersampled_far_shimmer(
    renderer: &mut Renderer,
    level: &Level,
    assets: &RenderAssets,
    (pos, angle, fov): (Vec2, f64, f64),
    turn: f64,
    factor: u32,
    (first, turned): (&mut Frame, &mut Frame),
) -> f64 {
    assert_eq!(
        (first.width(), first.height()),
        (turned.width(), turned.height()),
        "two frames of one size"
    );
    let factor = factor.max(1);
    let (width, height) = (first.width() / factor, first.height() / factor);
    let cameras = [
        Camera::new(pos, angle, fov),
        Camera::new(pos, angle + turn, fov),
    ];
    renderer.render(level, assets, &ClosedDoors, &[], &cameras[0], first);
    let centre = factor / 2;
    let depths: Vec<f32> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| renderer.depth_at(x * factor + centre, y * factor + centre))
        .collect();
    let mut sorted = depths.clone();
    let middle = sorted.len() / 2;
    let median = *sorted.select_nth_unstable_by(middle, f32::total_cmp).1;
    let first_sums = block_sums(first, factor, (width, height));
    renderer.render(level, assets, &ClosedDoors, &[], &cameras[1], turned);
    let turned_sums = block_sums(turned, factor, (width, height));
    let (mut sum, mut count) = (0u64, 0u64);
    for ((a, b), depth) in first_sums.iter().zip(&turned_sums).zip(&depths) {
        if *depth >= median {
            sum += (0..3).map(|c| u64::from(a[c].abs_diff(b[c]))).sum::<u64>();
            count += 3;
        }
    }
    sum as f64 / (count.max(1) * u64::from(factor * factor)) as f64
}

/// Per pixel of a `width` x `height` picture, the sums of the red, green and blue of the
/// `factor` x `factor` block of `frame`'s pixels it stands for.
fn block_sums(frame: &Frame, factor: u32, (width, height): (u32, u32)) -> Vec<[u32; 3]> {
    let mut sums = vec![[0u32; 3]; (width * height) as usize];
    let stride = frame.width() as usize * 4;
    for (y, row) in frame
        .rgba()
        .chunks_exact(stride)
        .take((height * factor) as usize)
        .enumerate()
    {
        let line = &mut sums[(y / factor as usize) * width as usize..][..width as usize];
        for (x, px) in row
            .chunks_exact(4)
            .take((width * factor) as usize)
            .enumerate()
        {
            let sum = &mut line[x / factor as usize];
            for c in 0..3 {
                sum[c] += u32::from(px[c]);
            }
        }
    }
    sums
}
