//! Sprites: enemies drawn from 8 angles in every pose, and pickups, by splatting shaded spheres
//! (capsules of a posed figure) into a z-buffer.

use image::{Rgba, RgbaImage};

/// Sprite frame side, pixels.
pub const S: u32 = 64;
/// Rows of an enemy sheet, top to bottom.
pub const POSES: [&str; 12] = [
    "walk0", "walk1", "walk2", "walk3", "aim", "fire", "pain", "die0", "die1", "die2", "die3",
    "dead",
];
/// Columns of an enemy sheet: the angle between the enemy's facing and the direction towards
/// the viewer, in steps of 45 degrees (0: it faces the viewer; 2: its left side is seen; 4: its
/// back), turning clockwise seen from above.
pub const ANGLES: u32 = 8;

type V3 = [f32; 3];

/// A sphere in model space (x right, y forward, z up; metres) with a colour.
struct Ball {
    c: V3,
    r: f32,
    colour: [f32; 3],
}

fn lerp3(a: V3, b: V3, t: f32) -> V3 {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// A capsule as a row of balls.
fn capsule(out: &mut Vec<Ball>, a: V3, b: V3, r: f32, colour: [f32; 3]) {
    let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt();
    let n = ((len / (r * 0.5)).ceil() as usize).max(1);
    for i in 0..=n {
        out.push(Ball {
            c: lerp3(a, b, i as f32 / n as f32),
            r,
            colour,
        });
    }
}

/// Colours of an enemy kind.
pub struct Look {
    pub uniform: [f32; 3],
    pub trousers: [f32; 3],
    pub helmet: [f32; 3],
}

/// The figure in a pose: a list of balls, and the ground shadow's size.
fn figure(look: &Look, pose: &str) -> Vec<Ball> {
    let skin = [220.0, 170.0, 130.0];
    let boots = [40.0, 32.0, 28.0];
    let gun = [50.0, 50.0, 56.0];
    let mut b = Vec::new();
    let (stride, arm_up, flash) = match pose {
        "walk0" => (0.25, 0.0, false),
        "walk1" => (0.0, 0.0, false),
        "walk2" => (-0.25, 0.0, false),
        "walk3" => (0.0, 0.0, false),
        "aim" => (0.0, 1.0, false),
        "fire" => (0.0, 1.0, true),
        _ => (0.0, 0.3, false),
    };
    // Legs: hips to feet, swinging forward and back.
    for side in [-1.0f32, 1.0] {
        let swing = stride * side;
        let hip = [0.12 * side, 0.0, 0.95];
        let knee = [0.12 * side, swing * 0.6 + 0.05, 0.5];
        let foot = [0.12 * side, swing, 0.08];
        capsule(&mut b, hip, knee, 0.1, look.trousers);
        capsule(&mut b, knee, foot, 0.085, look.trousers);
        capsule(&mut b, foot, [foot[0], foot[1] + 0.12, 0.06], 0.07, boots);
    }
    // Torso and belt.
    for z in [1.0f32, 1.12, 1.24, 1.36, 1.46] {
        for x in [-0.14f32, 0.0, 0.14] {
            b.push(Ball {
                c: [x, 0.0, z],
                r: 0.15,
                colour: look.uniform,
            });
        }
    }
    capsule(
        &mut b,
        [-0.2, 0.02, 0.98],
        [0.2, 0.02, 0.98],
        0.08,
        [70.0, 50.0, 30.0],
    );
    // Head and helmet.
    b.push(Ball {
        c: [0.0, 0.02, 1.72],
        r: 0.13,
        colour: skin,
    });
    b.push(Ball {
        c: [0.0, -0.01, 1.8],
        r: 0.15,
        colour: look.helmet,
    });
    b.push(Ball {
        c: [0.0, 0.11, 1.72],
        r: 0.04,
        colour: [200.0, 150.0, 110.0],
    });
    // Arms: shoulders to hands, holding the gun; raised forward to aim.
    let hands = lerp3([0.05, 0.25, 1.05], [0.05, 0.5, 1.42], arm_up);
    for side in [-1.0f32, 1.0] {
        let shoulder = [0.27 * side, 0.0, 1.5];
        let elbow = lerp3([0.3 * side, 0.1, 1.2], [0.22 * side, 0.3, 1.38], arm_up);
        capsule(&mut b, shoulder, elbow, 0.075, look.uniform);
        capsule(&mut b, elbow, hands, 0.065, look.uniform);
    }
    b.push(Ball {
        c: hands,
        r: 0.06,
        colour: skin,
    });
    let muzzle = [hands[0], hands[1] + 0.45, hands[2] + 0.03];
    // Late in the fall the gun is dropped.
    if !matches!(pose, "die2" | "die3" | "dead") {
        capsule(
            &mut b,
            [hands[0], hands[1] - 0.1, hands[2]],
            muzzle,
            0.045,
            gun,
        );
    }
    if flash {
        b.push(Ball {
            c: [muzzle[0], muzzle[1] + 0.12, muzzle[2]],
            r: 0.13,
            colour: [255.0, 230.0, 120.0],
        });
        b.push(Ball {
            c: [muzzle[0], muzzle[1] + 0.1, muzzle[2]],
            r: 0.17,
            colour: [255.0, 150.0, 40.0],
        });
    }
    // Pain: a flinch backwards with blood; dying: falling backwards about the feet; dead: lying.
    let (tilt, blood) = match pose {
        "pain" => (0.25, 0.5),
        "die0" => (0.45, 0.7),
        "die1" => (0.8, 0.8),
        "die2" => (1.2, 0.9),
        "die3" => (1.45, 1.0),
        "dead" => (1.55, 1.0),
        _ => (0.0, 0.0),
    };
    if blood > 0.0 {
        b.push(Ball {
            c: [0.05, 0.14, 1.3],
            r: 0.07 * blood + 0.03,
            colour: [150.0, 10.0, 10.0],
        });
    }
    if tilt > 0.0 {
        let (s, c) = (tilt as f32).sin_cos();
        for ball in &mut b {
            let [x, y, z] = ball.c;
            // Rotate about the x axis through the feet: the top goes backwards (-y).
            ball.c = [x, y * c - z * s, (y * s + z * c).max(ball.r * 0.6)];
        }
        if pose == "dead" || pose == "die3" {
            for (k, dx) in [-0.3f32, 0.0, 0.3, 0.15].iter().enumerate() {
                b.push(Ball {
                    c: [*dx, -0.9 - 0.2 * k as f32, 0.0],
                    r: 0.22,
                    colour: [110.0, 8.0, 8.0],
                });
            }
        }
    }
    b
}

/// Splats balls seen from `view_angle` degrees (0: the figure faces the viewer) into a frame.
fn render(balls: &[Ball], view_angle: f32, shadow: bool) -> RgbaImage {
    let scale = S as f32 / 2.1; // pixels per metre: 2.1 m fit the frame
    let (sin, cos) = (180.0 + view_angle).to_radians().sin_cos();
    let mut depth = vec![f32::INFINITY; (S * S) as usize];
    let mut img = RgbaImage::from_pixel(S, S, Rgba([0, 0, 0, 0]));
    let light = {
        let l = [-0.45f32, 0.6, 0.65];
        let n = (l[0] * l[0] + l[1] * l[1] + l[2] * l[2]).sqrt();
        [l[0] / n, l[1] / n, l[2] / n]
    };
    if shadow {
        let (cx, cy) = (S as f32 / 2.0, S as f32 - 2.5);
        for y in 0..S {
            for x in 0..S {
                let (dx, dy) = ((x as f32 + 0.5 - cx) / 15.0, (y as f32 + 0.5 - cy) / 2.5);
                if dx * dx + dy * dy < 1.0 {
                    img.put_pixel(x, y, Rgba([0, 0, 0, 140]));
                }
            }
        }
    }
    for ball in balls {
        let [x, y, z] = ball.c;
        // View space: x right, d towards the viewer's far side (depth), z up.
        let vx = x * cos - y * sin;
        let vd = x * sin + y * cos;
        let (sx, sy) = (S as f32 / 2.0 + vx * scale, S as f32 - 2.0 - z * scale);
        let r = ball.r * scale;
        let (x0, x1) = (
            (sx - r).floor().max(0.0) as u32,
            (sx + r).ceil().min(S as f32) as u32,
        );
        let (y0, y1) = (
            (sy - r).floor().max(0.0) as u32,
            (sy + r).ceil().min(S as f32) as u32,
        );
        for py in y0..y1 {
            for px in x0..x1 {
                let (dx, dy) = ((px as f32 + 0.5 - sx) / r, (py as f32 + 0.5 - sy) / r);
                let d2 = dx * dx + dy * dy;
                if d2 >= 1.0 {
                    continue;
                }
                let nz = (1.0 - d2).sqrt();
                let z_near = vd * scale - nz * r;
                let slot = &mut depth[(py * S + px) as usize];
                if z_near >= *slot {
                    continue;
                }
                *slot = z_near;
                let shade = 0.45 + 0.65 * (dx * light[0] - dy * light[1] + nz * light[2]).max(0.0);
                let c = ball.colour;
                img.put_pixel(
                    px,
                    py,
                    Rgba([
                        (c[0] * shade).min(255.0) as u8,
                        (c[1] * shade).min(255.0) as u8,
                        (c[2] * shade).min(255.0) as u8,
                        255,
                    ]),
                );
            }
        }
    }
    img
}

/// An enemy's sheet: `ANGLES` columns by `POSES.len()` rows of `S` x `S` frames.
pub fn enemy_sheet(look: &Look) -> RgbaImage {
    let mut sheet = RgbaImage::new(S * ANGLES, S * POSES.len() as u32);
    for (row, pose) in POSES.iter().enumerate() {
        let balls = figure(look, pose);
        for col in 0..ANGLES {
            let frame = render(&balls, col as f32 * 45.0, true);
            image::imageops::overlay(
                &mut sheet,
                &frame,
                (col * S) as i64,
                (row as u32 * S) as i64,
            );
        }
    }
    sheet
}

pub fn guard() -> Look {
    Look {
        uniform: [110.0, 100.0, 70.0],
        trousers: [90.0, 80.0, 56.0],
        helmet: [80.0, 90.0, 60.0],
    }
}

pub fn officer() -> Look {
    Look {
        uniform: [225.0, 225.0, 230.0],
        trousers: [60.0, 60.0, 70.0],
        helmet: [40.0, 40.0, 50.0],
    }
}

/// A pickup lying on the floor, seen slightly from above.
pub fn pickup(kind: &str) -> RgbaImage {
    let mut b = Vec::new();
    match kind {
        "health" => {
            for x in [-0.3f32, -0.15, 0.0, 0.15, 0.3] {
                for y in [-0.1f32, 0.1] {
                    b.push(Ball {
                        c: [x, y, 0.18],
                        r: 0.14,
                        colour: [235.0, 235.0, 235.0],
                    });
                }
            }
            capsule(
                &mut b,
                [-0.12, 0.26, 0.2],
                [0.12, 0.26, 0.2],
                0.05,
                [200.0, 20.0, 20.0],
            );
            capsule(
                &mut b,
                [0.0, 0.26, 0.08],
                [0.0, 0.26, 0.32],
                0.05,
                [200.0, 20.0, 20.0],
            );
        }
        "ammo" => {
            for x in [-0.16f32, -0.05, 0.06, 0.17] {
                capsule(
                    &mut b,
                    [x, 0.0, 0.04],
                    [x, 0.0, 0.3],
                    0.05,
                    [190.0, 150.0, 60.0],
                );
                b.push(Ball {
                    c: [x, 0.0, 0.34],
                    r: 0.045,
                    colour: [150.0, 100.0, 50.0],
                });
            }
            capsule(
                &mut b,
                [-0.25, -0.06, 0.08],
                [0.26, -0.06, 0.08],
                0.07,
                [70.0, 80.0, 50.0],
            );
        }
        "treasure" => {
            b.push(Ball {
                c: [0.0, 0.0, 0.22],
                r: 0.2,
                colour: [240.0, 190.0, 50.0],
            });
            capsule(
                &mut b,
                [-0.2, 0.0, 0.42],
                [0.2, 0.0, 0.42],
                0.06,
                [250.0, 210.0, 80.0],
            );
            for (x, z, c) in [
                (-0.1f32, 0.42, [220.0, 30.0, 60.0]),
                (0.1, 0.42, [40.0, 120.0, 230.0]),
                (0.0, 0.5, [40.0, 200.0, 90.0]),
            ] {
                b.push(Ball {
                    c: [x, -0.05, z],
                    r: 0.05,
                    colour: c,
                });
            }
        }
        key => {
            let c = if key == "gold_key" {
                [240.0, 200.0, 60.0]
            } else {
                [200.0, 205.0, 215.0]
            };
            for k in 0..12 {
                let a = k as f32 / 12.0 * std::f32::consts::TAU;
                b.push(Ball {
                    c: [-0.22 + 0.1 * a.cos(), 0.0, 0.3 + 0.1 * a.sin()],
                    r: 0.035,
                    colour: c,
                });
            }
            capsule(&mut b, [-0.12, 0.0, 0.3], [0.3, 0.0, 0.3], 0.035, c);
            capsule(&mut b, [0.22, 0.0, 0.3], [0.22, 0.0, 0.2], 0.03, c);
            capsule(&mut b, [0.29, 0.0, 0.3], [0.29, 0.0, 0.22], 0.03, c);
        }
    }
    render(&b, 20.0, true)
}

/// A fireball in flight: a glowing core at gun height (the frame's middle), yellow-white
/// within, orange to red at its edge, fading out.
pub fn fireball() -> RgbaImage {
    let mut img = RgbaImage::from_pixel(S, S, Rgba([0, 0, 0, 0]));
    let centre = S as f32 / 2.0;
    for y in 0..S {
        for x in 0..S {
            let (dx, dy) = (x as f32 + 0.5 - centre, y as f32 + 0.5 - centre);
            // Slightly ragged: a flame, not a disc.
            let wobble = 1.0 + 0.12 * (dy.atan2(dx) * 5.0).sin();
            let r = (dx * dx + dy * dy).sqrt() / (9.0 * wobble);
            if r >= 1.0 {
                continue;
            }
            let heat = 1.0 - r;
            let colour = [
                255.0,
                (90.0 + 165.0 * heat.powf(0.7)).min(255.0),
                (30.0 + 200.0 * heat.powi(3)).min(255.0),
            ];
            let alpha = if r < 0.75 {
                255.0
            } else {
                255.0 * (1.0 - r) / 0.25
            };
            img.put_pixel(
                x,
                y,
                Rgba([
                    colour[0] as u8,
                    colour[1] as u8,
                    colour[2] as u8,
                    alpha as u8,
                ]),
            );
        }
    }
    img
}
