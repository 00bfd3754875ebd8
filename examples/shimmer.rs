//! What mipmaps buy: the far-half shimmer (how much the distant half of the view changes when
//! the camera turns 0.1 degree) with and without them, on the stress level and e1m2's hall,
//! and a picture of each view both ways; beside them, as a yardstick, the shimmer of the ideal
//! picture (without mipmaps, each pixel the mean of a block of samples, see [`supersample`]:
//! what is left when no texel aliases).
//!
//! `cargo run --release --example shimmer [OUT_DIR [WxH]]` (640x400, the game's size, by default)

use tilecaster::frame::Frame;
use tilecaster::level::load_with_textures;
use tilecaster::math::Vec2;
use tilecaster::render::{
    Camera, ClosedDoors, RenderAssets, Renderer, far_shimmer, supersampled_far_shimmer,
};

/// Frames per view: the angles the camera turns through, each measured 0.1 degree on.
const ANGLES: u32 = 36;

/// Samples a pixel along each side for the ideal picture: 8 up to 960 columns, 4 at 1920
/// (the frames drawn are this many times the size, at most 7680 columns).
fn supersample(width: u32) -> u32 {
    (7680 / width.max(1)).clamp(2, 8)
}

fn main() {
    let out = std::env::args().nth(1).map_or_else(
        || std::env::temp_dir().join("tilecaster-shimmer"),
        std::path::PathBuf::from,
    );
    std::fs::create_dir_all(&out).expect("the output folder can be made");
    let (w, h): (u32, u32) = std::env::args()
        .nth(2)
        .and_then(|s| {
            let (w, h) = s.split_once('x')?;
            Some((w.parse().ok()?, h.parse().ok()?))
        })
        .unwrap_or((640, 400));
    let mut frames = (
        Frame::new(w, h).expect("a valid size"),
        Frame::new(w, h).expect("a valid size"),
    );
    let factor = supersample(w);
    let mut big = (
        Frame::new(w * factor, h * factor).expect("a valid size"),
        Frame::new(w * factor, h * factor).expect("a valid size"),
    );
    println!("far-half shimmer at {w}x{h}, mean over {ANGLES} angles (0-255 per channel)");
    println!(
        "{:<14} {:>9} {:>9} {:>7} {:>13}",
        "view",
        "without",
        "with",
        "ratio",
        format!("ideal ({factor}x{factor})")
    );
    let views = [
        ("stress", "levels/stress.toml", None),
        (
            "e1m2 hall",
            "levels/e1m2.tmx",
            Some((Vec2::new(20.5, 12.5), 195.0)),
        ),
    ];
    for (name, path, pose) in views {
        let loaded = load_with_textures(path.as_ref(), None).expect("the level loads");
        let level = &loaded.level;
        let assets = RenderAssets::new(level, &loaded.textures);
        let (pos, angle) = pose.unwrap_or((level.player.position, level.player.facing));
        // The mean over the angles, without or with mipmaps, at one sample a pixel or
        // supersampled.
        let mut shimmer = |mipmaps: bool, supersampled: bool| {
            let mut renderer = Renderer::new();
            renderer.set_mipmaps(mipmaps);
            let total: f64 = (0..ANGLES)
                .map(|i| {
                    let view = (pos, angle + 360.0 * i as f64 / ANGLES as f64, 66.0);
                    if supersampled {
                        let frames = (&mut big.0, &mut big.1);
                        supersampled_far_shimmer(
                            &mut renderer,
                            level,
                            &assets,
                            view,
                            0.1,
                            factor,
                            frames,
                        )
                    } else {
                        let frames = (&mut frames.0, &mut frames.1);
                        far_shimmer(&mut renderer, level, &assets, view, 0.1, frames)
                    }
                })
                .sum();
            total / ANGLES as f64
        };
        let (without, with) = (shimmer(false, false), shimmer(true, false));
        let ideal = shimmer(false, true);
        println!(
            "{name:<14} {without:>9.2} {with:>9.2} {:>7.2} {ideal:>13.2}",
            with / without
        );
        // The first view, without and with mipmaps, one above the other.
        let mut picture = Frame::new(w, 2 * h).expect("a valid size");
        for (k, mipmaps) in [false, true].into_iter().enumerate() {
            let mut renderer = Renderer::new();
            renderer.set_mipmaps(mipmaps);
            let camera = Camera::new(pos, angle, 66.0);
            renderer.render(level, &assets, &ClosedDoors, &[], &camera, &mut frames.0);
            let rows = frames.0.rgba();
            let at = k * rows.len();
            picture.rgba_mut()[at..at + rows.len()].copy_from_slice(rows);
        }
        let file = out.join(format!("{}.png", name.replace(' ', "_")));
        picture
            .save_png(&file, true)
            .expect("the picture is written");
        println!(
            "{:<14} wrote {} (above: without; below: with)",
            "",
            file.display()
        );
        assert!(with < without, "mipmaps calm the far half");
    }
}
