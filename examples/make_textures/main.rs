//! Generates the bundled textures and sprites (all original, from code): wall, door, grate,
//! floor and ceiling textures (64x64, tileable) in `textures/`, and in `textures/sprites/` the
//! enemy sheets (8 angles x 12 poses of 64x64; see `sprites.rs` for the layout), the players'
//! sheet (a game of several recolours its uniform per seat) and pickups.
//!
//! ```sh
//! cargo run --release --example make_textures -- textures            # writes textures/
//! cargo run --release --example make_textures -- textures sheet.png  # also a preview sheet
//! ```
//! It refuses to overwrite existing files unless given `--force`.

mod sprites;

use std::path::{Path, PathBuf};

use image::{Rgba, RgbaImage};

const N: u32 = 64;

/// Deterministic hash noise in [0, 1).
fn hash(x: i64, y: i64, seed: u64) -> f32 {
    let mut h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ seed;
    h ^= h >> 31;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 29;
    (h >> 40) as f32 / (1u64 << 24) as f32
}

/// Tileable value noise with `cells` lattice cells across the texture.
fn noise(x: f32, y: f32, cells: i64, seed: u64) -> f32 {
    let (fx, fy) = (x / N as f32 * cells as f32, y / N as f32 * cells as f32);
    let (ix, iy) = (fx.floor() as i64, fy.floor() as i64);
    let (tx, ty) = (fx - ix as f32, fy - iy as f32);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let h = |i: i64, j: i64| hash(i.rem_euclid(cells), j.rem_euclid(cells), seed);
    let top = h(ix, iy) + (h(ix + 1, iy) - h(ix, iy)) * sx;
    let bottom = h(ix, iy + 1) + (h(ix + 1, iy + 1) - h(ix, iy + 1)) * sx;
    top + (bottom - top) * sy
}

/// Tileable fractal noise in about [0, 1).
fn fbm(x: f32, y: f32, seed: u64) -> f32 {
    (noise(x, y, 4, seed) * 0.5 + noise(x, y, 8, seed + 1) * 0.3 + noise(x, y, 16, seed + 2) * 0.2)
        .clamp(0.0, 1.0)
}

fn rgb(c: [f32; 3]) -> Rgba<u8> {
    Rgba([
        c[0].clamp(0.0, 255.0) as u8,
        c[1].clamp(0.0, 255.0) as u8,
        c[2].clamp(0.0, 255.0) as u8,
        255,
    ])
}

fn scale(c: [f32; 3], k: f32) -> [f32; 3] {
    [c[0] * k, c[1] * k, c[2] * k]
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// Rows of blocks: `rows` rows, each of `widths` (summing to 64), every other row shifted.
/// Returns (block id, distance to the block's top, bottom, left, right edge).
fn block(x: u32, y: u32, height: u32, widths: &[u32], shift: u32) -> (u32, u32, u32, u32, u32) {
    let row = y / height;
    let xs = (x + if row % 2 == 1 { shift } else { 0 }) % N;
    let mut left = 0;
    for (i, w) in widths.iter().enumerate() {
        if xs < left + w {
            let id = row * 16 + i as u32;
            return (
                id,
                y % height,
                height - 1 - y % height,
                xs - left,
                left + w - 1 - xs,
            );
        }
        left += w;
    }
    (0, 0, 0, 0, 0)
}

/// Masonry: bricks or stones with mortar, bevelled edges and noise.
fn masonry(
    height: u32,
    widths: &[u32],
    shift: u32,
    base: [f32; 3],
    vary: f32,
    mortar: [f32; 3],
    seed: u64,
) -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let (id, top, bottom, left, right) = block(x, y, height, widths, shift);
        let edge = top.min(bottom).min(left).min(right);
        if bottom == 0 || right == 0 {
            return rgb(scale(mortar, 0.9 + 0.2 * hash(x as i64, y as i64, seed)));
        }
        let tint = 1.0 - vary + 2.0 * vary * hash(id as i64, 7, seed);
        let grain = 0.78 + 0.34 * fbm(x as f32, y as f32, seed + id as u64);
        let bevel = match (top, left, bottom, right) {
            (0, _, _, _) | (_, 0, _, _) => 1.18,
            (_, _, 1, _) | (_, _, _, 1) => 0.8,
            _ if edge == 1 => 1.05,
            _ => 1.0,
        };
        rgb(scale(base, tint * grain * bevel))
    })
}

fn brick() -> RgbaImage {
    masonry(
        16,
        &[32, 32],
        16,
        [150.0, 62.0, 44.0],
        0.12,
        [168.0, 160.0, 148.0],
        11,
    )
}

fn stone() -> RgbaImage {
    stone_courses(23)
}

/// Stone's courses with the stones' tints and grain drawn from `seed`: every variant lays
/// its stones where the others do, so neighbouring walls of different variants meet.
fn stone_courses(seed: u64) -> RgbaImage {
    masonry(
        16,
        &[24, 22, 18],
        11,
        [118.0, 118.0, 122.0],
        0.1,
        [62.0, 60.0, 58.0],
        seed,
    )
}

/// Stone's variants (`stone_2`, `stone_3`): other stones, one with a crack across two
/// courses, one with a short crack through one stone.
fn stone_variant(variant: u64) -> RgbaImage {
    let mut img = stone_courses(23 + 100 * variant);
    if variant == 2 {
        crack(&mut img, (38.0, 17.0), (52.0, 44.0), 0.5, 120);
    } else {
        // A short crack up from a joint, through one stone.
        crack(&mut img, (10.0, 62.0), (18.0, 49.0), 0.55, 121);
    }
    img
}

/// A crack wandering from `from` to `to`, darkening what it crosses to `dark` of itself (each
/// texel once), a thinner branch leaving it halfway.
fn crack(img: &mut RgbaImage, from: (f32, f32), to: (f32, f32), dark: f32, seed: u64) {
    let mut done = std::collections::HashSet::new();
    let mut darken = |x: f32, y: f32, k: f32| {
        let (x, y) = (x.round() as i64, y.round() as i64);
        if (0..N as i64).contains(&x) && (0..N as i64).contains(&y) && done.insert((x, y)) {
            let p = img.get_pixel_mut(x as u32, y as u32);
            *p = rgb(scale([p[0] as f32, p[1] as f32, p[2] as f32], k));
        }
    };
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (nx, ny) = (-dy / length, dx / length);
    let steps = (length * 4.0) as u32;
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        let along = t * N as f32;
        let wander = (noise(along, 0.0, 4, seed) - 0.5) * 7.0
            + (noise(along, 0.0, 16, seed + 1) - 0.5) * 2.0;
        let (x, y) = (from.0 + dx * t + nx * wander, from.1 + dy * t + ny * wander);
        darken(x, y, dark);
        if (0.5..0.65).contains(&t) {
            // The branch, off to one side and fading.
            let b = (t - 0.5) / 0.15;
            let (bx, by) = (x + nx * b * 7.0, y + ny * b * 7.0 + b * 2.0);
            darken(bx, by, dark + (1.0 - dark) * b * 0.6);
        }
    }
}

fn blue_stone() -> RgbaImage {
    masonry(
        32,
        &[32, 32],
        16,
        [52.0, 66.0, 150.0],
        0.1,
        [26.0, 30.0, 70.0],
        31,
    )
}

fn mossy() -> RgbaImage {
    let mut img = stone();
    for (x, y, p) in img.enumerate_pixels_mut() {
        let m = fbm(x as f32, y as f32, 77);
        let drip = noise(x as f32, 0.0, 16, 78) * 0.4 * (1.0 - y as f32 / N as f32);
        let t = ((m + drip - 0.5) * 3.0).clamp(0.0, 0.85);
        let c = [p[0] as f32, p[1] as f32, p[2] as f32];
        *p = rgb(mix(
            c,
            scale(
                [58.0, 104.0, 38.0],
                0.7 + 0.5 * hash(x as i64, y as i64, 79),
            ),
            t,
        ));
    }
    img
}

fn wood() -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let plank = x / 16;
        let px = x % 16;
        if px == 15 {
            return rgb([40.0, 24.0, 14.0]);
        }
        let warp = noise(x as f32, y as f32, 4, 40 + plank as u64) * 6.0;
        let grain = ((px as f32 * 0.9 + warp) * 1.7).sin() * 0.5 + 0.5;
        let base = scale([128.0, 84.0, 48.0], 0.9 + 0.2 * hash(plank as i64, 0, 41));
        let c = scale(
            base,
            0.8 + 0.25 * grain + 0.08 * hash(x as i64, y as i64, 42),
        );
        let nail = (y % 32 == 4 || y % 32 == 5) && (px == 3 || px == 4 || px == 11 || px == 12);
        if nail {
            rgb([70.0, 70.0, 72.0])
        } else {
            rgb(if px == 0 { scale(c, 1.15) } else { c })
        }
    })
}

fn metal_plate(base: [f32; 3], seed: u64) -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let (cx, cy) = (x % 32, y % 32);
        let scratch = noise(x as f32 * 0.25, y as f32 * 4.0, 16, seed) * 0.15;
        let mut c = scale(
            base,
            0.85 + scratch + 0.08 * fbm(x as f32, y as f32, seed + 1),
        );
        if cx == 0 || cy == 0 {
            c = scale(c, 1.25);
        } else if cx == 31 || cy == 31 {
            c = scale(c, 0.6);
        }
        let rivet =
            |rx: u32, ry: u32| (cx as i32 - rx as i32).pow(2) + (cy as i32 - ry as i32).pow(2) <= 2;
        if rivet(4, 4) || rivet(27, 4) || rivet(4, 27) || rivet(27, 27) {
            c = scale(base, if cx < 4 || cy < 4 { 1.4 } else { 1.1 });
        }
        rgb(c)
    })
}

fn tech() -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let panel = [44.0, 52.0, 62.0];
        let mut c = scale(panel, 0.9 + 0.15 * fbm(x as f32, y as f32, 60));
        let inner = (6..58).contains(&x) && (8..40).contains(&y);
        if inner {
            c = [30.0, 36.0, 44.0];
            if y == 8 || x == 6 {
                c = [20.0, 24.0, 30.0];
            }
            // Screen lines.
            if y % 4 == 2 && (10..54).contains(&x) && hash(x as i64 / 6, y as i64, 61) > 0.3 {
                c = [60.0, 200.0, 190.0];
            }
        }
        if (46..49).contains(&y) {
            c = [80.0, 220.0, 230.0];
        }
        if y == 45 || y == 49 {
            c = [30.0, 90.0, 100.0];
        }
        if (54..60).contains(&y) && x % 8 < 4 {
            c = if hash(x as i64 / 8, 0, 62) > 0.5 {
                [230.0, 60.0, 50.0]
            } else {
                [250.0, 200.0, 60.0]
            };
        }
        if x == 0 || y == 0 {
            c = scale(c, 1.3);
        }
        rgb(c)
    })
}

fn concrete() -> RgbaImage {
    concrete_slab(90, |x, y| {
        // A crack: a wandering line.
        let crack_x = 20.0 + noise(0.0, y as f32, 8, 92) * 24.0;
        if (x as f32 - crack_x).abs() < 0.8 && (10..50).contains(&y) {
            0.55
        } else {
            1.0
        }
    })
}

/// Bare concrete, its mottling drawn from `seed`, darkened by `mark` (1: as it is), with the
/// seam between its two pours.
fn concrete_slab(seed: u64, mark: impl Fn(u32, u32) -> f32) -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let base = [170.0, 160.0, 140.0];
        let mut c = scale(
            base,
            0.82 + 0.25 * fbm(x as f32, y as f32, seed) + 0.05 * hash(x as i64, y as i64, seed + 1),
        );
        let k = mark(x, y);
        if k != 1.0 {
            c = scale(c, k);
        }
        if y % 32 == 31 {
            c = scale(c, 0.75);
        }
        rgb(c)
    })
}

/// Concrete's variants (`concrete_2`, `concrete_3`): a crack running down from a corner, and
/// a stain of damp seeping from the seam with a small crack below it.
fn concrete_variant(variant: u64) -> RgbaImage {
    let mut img = concrete_slab(90 + 10 * variant, |_, _| 1.0);
    if variant == 2 {
        crack(&mut img, (54.0, 2.0), (30.0, 44.0), 0.55, 130);
    } else {
        for (x, y, p) in img.enumerate_pixels_mut() {
            // Damp: darker where it has run down from the seam, in streaks.
            let streak = noise(x as f32, 0.0, 16, 131);
            let reach = 6.0 + streak * 22.0;
            let below = y as f32 - 31.0;
            let edge = ((x as f32 - 8.0).min(44.0 - x as f32) / 8.0).clamp(0.0, 1.0);
            if (0.0..reach).contains(&below) && edge > 0.0 {
                let t = (1.0 - below / reach) * edge;
                let c = [p[0] as f32, p[1] as f32, p[2] as f32];
                *p = rgb(mix(c, scale(c, 0.7), t * (0.6 + 0.4 * streak)));
            }
        }
        crack(&mut img, (40.0, 48.0), (56.0, 62.0), 0.6, 132);
    }
    img
}

fn banner() -> RgbaImage {
    let wall = stone();
    RgbaImage::from_fn(N, N, |x, y| {
        let cloth = (12..52).contains(&x)
            && (4..60).contains(&y)
            && !(y > 52 && (x as i32 - 32).abs() < (y as i32 - 52) * 2);
        if !cloth {
            return *wall.get_pixel(x, y);
        }
        let fold = ((x as f32 - 12.0) * 0.5).sin() * 0.08;
        let mut c = scale(
            [160.0, 24.0, 28.0],
            0.9 + fold + 0.1 * hash(x as i64, y as i64, 100),
        );
        let (dx, dy) = (x as f32 - 31.5, y as f32 - 26.0);
        let r = (dx * dx + dy * dy).sqrt();
        if (10.0..13.0).contains(&r) || (r < 10.0 && (dx.abs() < 2.0 || dy.abs() < 2.0)) {
            c = [230.0, 190.0, 60.0];
        }
        if x == 12 || x == 51 || y == 4 {
            c = [200.0, 160.0, 50.0];
        }
        rgb(c)
    })
}

fn door() -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let base = [70.0, 110.0, 120.0];
        let mut c = scale(base, 0.85 + 0.12 * fbm(x as f32, y as f32, 110));
        if x % 16 == 0 {
            c = scale(c, 1.25);
        } else if x % 16 == 15 {
            c = scale(c, 0.65);
        }
        if (28..36).contains(&y) {
            c = scale(
                [130.0, 135.0, 140.0],
                if y == 28 {
                    1.3
                } else if y == 35 {
                    0.6
                } else {
                    1.0
                },
            );
        }
        if (44..56).contains(&x) && (30..34).contains(&y) {
            c = [40.0, 40.0, 44.0];
        }
        if !(2..=61).contains(&y) {
            c = [40.0, 50.0, 54.0];
        }
        rgb(c)
    })
}

fn door_jamb() -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let rail = (24..40).contains(&x);
        let c = if rail {
            let k = if x == 24 {
                1.3
            } else if x == 39 {
                0.6
            } else {
                1.0
            };
            scale(
                [120.0, 124.0, 130.0],
                k * (0.9 + 0.1 * hash(x as i64, y as i64, 120)),
            )
        } else {
            scale(
                [60.0, 64.0, 70.0],
                0.85 + 0.2 * fbm(x as f32, y as f32, 121),
            )
        };
        rgb(c)
    })
}

fn grate() -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let bar_v = x % 16 < 3;
        // Open at mid-height (v = 0.5), where bullets and sight lines cross a grate.
        let bar_h = !(4..=59).contains(&y) || (18..22).contains(&y) || (42..46).contains(&y);
        if !(bar_v || bar_h) {
            return Rgba([0, 0, 0, 0]);
        }
        let k = if bar_v {
            [1.25, 1.0, 0.7][(x % 16) as usize]
        } else {
            [1.25, 1.05, 0.9, 0.7][(y % 4) as usize]
        };
        let rust = fbm(x as f32, y as f32, 130);
        rgb(scale(
            mix(
                [96.0, 98.0, 104.0],
                [120.0, 62.0, 30.0],
                (rust - 0.45).max(0.0) * 2.0,
            ),
            k,
        ))
    })
}

fn floor_stone() -> RgbaImage {
    masonry(
        32,
        &[32, 32],
        0,
        [96.0, 92.0, 88.0],
        0.08,
        [50.0, 48.0, 46.0],
        140,
    )
}

fn ceiling() -> RgbaImage {
    RgbaImage::from_fn(N, N, |x, y| {
        let base = [150.0, 150.0, 156.0];
        let mut c = scale(base, 0.85 + 0.1 * fbm(x as f32, y as f32, 150));
        if x % 32 == 0 || y % 32 == 0 {
            c = scale(c, 0.7);
        }
        if (13..19).contains(&(x % 32)) && (13..19).contains(&(y % 32)) && x / 32 == y / 32 {
            c = [230.0, 230.0, 200.0];
        }
        rgb(c)
    })
}

fn exit_switch() -> RgbaImage {
    let mut img = metal_plate([110.0, 112.0, 118.0], 160);
    for (x, y, p) in img.enumerate_pixels_mut() {
        if (22..42).contains(&x) && (18..46).contains(&y) {
            *p = rgb([34.0, 34.0, 36.0]);
            let up = (27..37).contains(&x) && (22..31).contains(&y);
            let down = (27..37).contains(&x) && (33..42).contains(&y);
            if up {
                *p = rgb([60.0, 200.0, 70.0]);
            } else if down {
                *p = rgb([90.0, 30.0, 30.0]);
            }
        }
        if (20..44).contains(&x) && (6..14).contains(&y) {
            *p = rgb(if (x + y) % 4 < 2 {
                [230.0, 200.0, 40.0]
            } else {
                [30.0, 30.0, 30.0]
            });
        }
    }
    img
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let force = args.iter().any(|a| a == "--force");
    let paths: Vec<&String> = args.iter().filter(|a| *a != "--force").collect();
    let dir = PathBuf::from(paths.first().map_or("textures", |s| s.as_str()));
    let textures: Vec<(&str, RgbaImage)> = vec![
        ("brick", brick()),
        ("stone", stone()),
        ("stone_2", stone_variant(2)),
        ("stone_3", stone_variant(3)),
        ("blue_stone", blue_stone()),
        ("mossy_stone", mossy()),
        ("wood", wood()),
        ("metal", metal_plate([138.0, 142.0, 150.0], 50)),
        ("tech", tech()),
        ("concrete", concrete()),
        ("concrete_2", concrete_variant(2)),
        ("concrete_3", concrete_variant(3)),
        ("banner", banner()),
        ("exit", exit_switch()),
        ("door", door()),
        ("door_jamb", door_jamb()),
        ("grate", grate()),
        ("floor_stone", floor_stone()),
        ("ceiling", ceiling()),
    ];
    std::fs::create_dir_all(&dir)?;
    for (name, img) in &textures {
        let path = dir.join(format!("{name}.png"));
        write_new(&path, img, force)?;
    }
    println!("wrote {} textures to {}", textures.len(), dir.display());
    let sprite_dir = dir.join("sprites");
    std::fs::create_dir_all(&sprite_dir)?;
    let mut sprite_list = vec![
        ("guard", sprites::enemy_sheet(&sprites::guard())),
        ("officer", sprites::enemy_sheet(&sprites::officer())),
        ("ss", sprites::enemy_sheet(&sprites::ss())),
        ("mutant", sprites::enemy_sheet(&sprites::mutant())),
        ("boss", sprites::enemy_sheet(&sprites::boss())),
        ("player", sprites::enemy_sheet(&sprites::player())),
        ("dog", sprites::dog_sheet()),
    ];
    for kind in sprites::DECORATIONS {
        sprite_list.push((kind, sprites::decoration(kind)));
    }
    for kind in sprites::PICKUPS {
        sprite_list.push((kind, sprites::pickup(kind)));
    }
    sprite_list.push(("fireball", sprites::fireball()));
    for (name, img) in &sprite_list {
        write_new(&sprite_dir.join(format!("{name}.png")), img, force)?;
    }
    println!(
        "wrote {} sprites to {}",
        sprite_list.len(),
        sprite_dir.display()
    );
    if let Some(sheet) = paths.get(1) {
        // A preview: every texture 3x, labelled by order, on a dark background.
        let cols = 5;
        let s = N * 3 + 8;
        let rows = textures.len() as u32 / cols + 1;
        let mut out = RgbaImage::from_pixel(cols * s, rows * s, Rgba([20, 20, 24, 255]));
        for (i, (_, img)) in textures.iter().enumerate() {
            let (ox, oy) = ((i as u32 % cols) * s + 4, (i as u32 / cols) * s + 4);
            for y in 0..N * 3 {
                for x in 0..N * 3 {
                    let p = img.get_pixel(x / 3, y / 3);
                    let checker = if (x / 12 + y / 12) % 2 == 0 { 200 } else { 120 };
                    let a = p[3] as u32;
                    let blend = |c: u8| ((c as u32 * a + checker * (255 - a)) / 255) as u8;
                    out.put_pixel(
                        ox + x,
                        oy + y,
                        Rgba([blend(p[0]), blend(p[1]), blend(p[2]), 255]),
                    );
                }
            }
        }
        write_new(Path::new(sheet), &out, true)?;
        println!("preview: {sheet}");
    }
    Ok(())
}

/// Writes a PNG through a temporary name, refusing to replace a file unless `force`.
fn write_new(path: &Path, img: &RgbaImage, force: bool) -> Result<(), Box<dyn std::error::Error>> {
    if path.exists() && !force {
        return Err(format!("{} exists: pass --force to overwrite", path.display()).into());
    }
    let tmp = path.with_extension("png.tmp");
    img.save_with_format(&tmp, image::ImageFormat::Png)?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}
