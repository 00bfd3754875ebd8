//! The renderer, the top-down view and the traversal under hostile numbers: NaN, infinite and
//! huge positions and angles, fields of view of 0 and 179 degrees, 1x1 and 16384x1 frames, a
//! camera inside a wall or outside the map. Every frame is drawn to the end (no panic, no
//! hang) and fully defined: every pixel opaque.

use std::path::Path;

use proptest::prelude::*;
use tilecaster::frame::Frame;
use tilecaster::game::Game;
use tilecaster::geom::Vec2;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, RenderAssets, Renderer};
use tilecaster::scene::topdown::{MapLayers, MapView, draw_map};

use crate::common;

fn hostile() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(1e300),
        Just(-1e300),
        Just(f64::MIN_POSITIVE),
        Just(-0.0),
        Just(0.0),
        Just(179.0),
        Just(16_777_216.5),
        -100.0..100.0f64,
    ]
}

fn sizes() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        Just((1, 1)),
        Just((16384, 1)),
        Just((1, 64)),
        Just((7, 5)),
        Just((64, 40))
    ]
}

proptest! {
    #![proptest_config(common::proptest_config(96))]

    #[test]
    fn frames_are_always_drawn_and_defined(
        x in hostile(),
        y in hostile(),
        angle in hostile(),
        fov in hostile(),
        (w, h) in sizes(),
        wall in any::<bool>(),
    ) {
        let loaded = load_with_textures(Path::new("levels/e1m1.toml"), None).unwrap();
        let level = &loaded.level;
        let assets = RenderAssets::new(level, &loaded.textures);
        let mut game = Game::new(level.clone());
        // Inside a wall (the top-left corner) or wherever the numbers say.
        let pos = if wall { Vec2::new(0.5, 0.5) } else { Vec2::new(x, y) };
        game.seat_mut().player.position = pos;
        game.seat_mut().player.angle = angle;
        let camera = Camera::new(pos, angle, fov);
        let mut frame = Frame::new(w, h).unwrap();
        let sprites = tilecaster::scene::sprites(&game, &loaded.textures);
        let parts = tilecaster::scene::GameParts(&game);
        Renderer::new().render(level, &assets, &parts, &sprites, &camera, &mut frame);
        prop_assert!(frame.rgba().chunks_exact(4).all(|p| p[3] == 255), "first person");
        let view = MapView::follow(&game, &frame, 12.0).zoomed(fov);
        let layers = MapLayers {
            visibility: true,
            automap: true,
            debug: true,
            ..MapLayers::rays(fov, w, 1)
        };
        game.explore();
        draw_map(&mut frame, &game, &assets, None, &view, &layers);
        prop_assert!(frame.rgba().chunks_exact(4).all(|p| p[3] == 255), "top down");
    }
}
