//! Sprites: enemies drawn from 8 angles in every pose, and pickups, by splatting shaded spheres
//! (capsules of a posed figure) into a z-buffer.

use image::{Rgba, RgbaImage};

mod furniture;

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

/// What an enemy kind's figure holds.
#[derive(Clone, Copy, PartialEq)]
pub enum Arms {
    /// A pistol held out in one hand's reach.
    Pistol,
    /// A long gun with a magazine, held at the hip.
    MachineGun,
    /// A chaingun in each hand: three barrels each.
    Chainguns,
    /// A gun growing out of the chest, and bare hands.
    ChestGun,
}

/// What an enemy kind looks like: its colours, its build and what it holds.
pub struct Look {
    pub uniform: [f32; 3],
    pub trousers: [f32; 3],
    /// The helmet's or cap's colour; `None`: bare-headed.
    pub helmet: Option<[f32; 3]>,
    /// A peaked cap (the officer's) rather than a round helmet.
    pub cap: bool,
    pub skin: [f32; 3],
    /// Width and height against a guard's.
    pub build: (f32, f32),
    /// How much thicker its limbs, body and head are than a guard's; `None`: as its build
    /// (the smaller of width and height, at least 0.8).
    pub girth: Option<f32>,
    /// Leaning forward, radians (a mutant's hunch).
    pub hunch: f32,
    pub arms: Arms,
}

/// The figure in a pose: a list of balls, and the ground shadow's size.
fn figure(look: &Look, pose: &str) -> Vec<Ball> {
    let skin = look.skin;
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
    // Head, face and headgear.
    b.push(Ball {
        c: [0.0, 0.02, 1.72],
        r: 0.13,
        colour: skin,
    });
    match (look.helmet, look.cap) {
        (Some(helmet), false) => b.push(Ball {
            c: [0.0, -0.01, 1.8],
            r: 0.15,
            colour: helmet,
        }),
        (Some(cap), true) => {
            // A peaked cap: a flat crown and a visor over the eyes.
            for (x, y) in [(-0.08f32, 0.0f32), (0.08, 0.0), (0.0, -0.08), (0.0, 0.06)] {
                b.push(Ball {
                    c: [x, y, 1.86],
                    r: 0.1,
                    colour: cap,
                });
            }
            capsule(
                &mut b,
                [-0.08, 0.12, 1.8],
                [0.08, 0.12, 1.8],
                0.04,
                [20.0, 20.0, 24.0],
            );
        }
        (None, _) => {}
    }
    // Eyes and a nose: a face you can see when it looks at you.
    for side in [-1.0f32, 1.0] {
        b.push(Ball {
            c: [0.05 * side, 0.12, 1.75],
            r: 0.025,
            colour: [25.0, 20.0, 20.0],
        });
    }
    b.push(Ball {
        c: [0.0, 0.13, 1.71],
        r: 0.035,
        colour: [skin[0] * 0.85, skin[1] * 0.85, skin[2] * 0.85],
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
    let held = !matches!(pose, "die2" | "die3" | "dead");
    let (length, thick) = match look.arms {
        Arms::Pistol => (0.45, 0.045),
        Arms::MachineGun => (0.75, 0.06),
        Arms::Chainguns => (0.7, 0.05),
        Arms::ChestGun => (0.5, 0.05),
    };
    let grip = if look.arms == Arms::ChestGun {
        [0.0, 0.18, 1.3]
    } else {
        hands
    };
    let muzzle = [grip[0], grip[1] + length, grip[2] + 0.03];
    // Late in the fall the gun is dropped.
    if held {
        match look.arms {
            Arms::Chainguns => {
                // A three-barrelled gun in each hand, held out to the sides.
                for side in [-1.0f32, 1.0] {
                    let at = [0.28 * side, grip[1], grip[2] - 0.05];
                    for (dx, dz) in [(-0.05f32, 0.0f32), (0.05, 0.0), (0.0, 0.07)] {
                        capsule(
                            &mut b,
                            [at[0] + dx, at[1] - 0.15, at[2] + dz],
                            [at[0] + dx, at[1] + length, at[2] + dz],
                            thick,
                            gun,
                        );
                    }
                    capsule(
                        &mut b,
                        [at[0], at[1] - 0.2, at[2]],
                        [at[0], at[1], at[2]],
                        0.1,
                        [80.0, 80.0, 90.0],
                    );
                }
            }
            _ => {
                capsule(
                    &mut b,
                    [grip[0], grip[1] - 0.1, grip[2]],
                    muzzle,
                    thick,
                    gun,
                );
                if look.arms == Arms::MachineGun {
                    // The magazine, down from the body of the gun.
                    capsule(
                        &mut b,
                        [grip[0], grip[1] + 0.2, grip[2]],
                        [grip[0], grip[1] + 0.22, grip[2] - 0.22],
                        0.04,
                        gun,
                    );
                }
            }
        }
    }
    let flashes: &[f32] = if look.arms == Arms::Chainguns {
        &[-0.28, 0.28]
    } else {
        &[0.0]
    };
    for dx in flashes.iter().filter(|_| flash) {
        let muzzle = [muzzle[0] + dx, muzzle[1], muzzle[2]];
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
    let (wide, tall) = look.build;
    let hunch = look.hunch;
    for ball in &mut b {
        let [x, y, z] = ball.c;
        // Leaning forward about the hips (above them), then the build.
        let (y, z) = if z > 0.95 && hunch != 0.0 {
            let (s, c) = hunch.sin_cos();
            let up = z - 0.95;
            (y + up * s, 0.95 + up * c)
        } else {
            (y, z)
        };
        ball.c = [x * wide, y * wide, z * tall];
        ball.r *= look.girth.unwrap_or(wide.min(tall).max(0.8));
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

/// Splats balls seen from `view_angle` degrees (0: the figure faces the viewer) into a frame
/// that 2.1 m fit.
fn render(balls: &[Ball], view_angle: f32, shadow: bool) -> RgbaImage {
    render_at(balls, view_angle, shadow, 2.1)
}

/// [`render`] with `metres` fitting the frame.
fn render_at(balls: &[Ball], view_angle: f32, shadow: bool, metres: f32) -> RgbaImage {
    let scale = S as f32 / metres; // pixels per metre
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
    sheet(|pose| figure(look, pose))
}

/// The sheet of the figure `pose` gives for each pose.
fn sheet(pose_figure: impl Fn(&str) -> Vec<Ball>) -> RgbaImage {
    let mut sheet = RgbaImage::new(S * ANGLES, S * POSES.len() as u32);
    for (row, pose) in POSES.iter().enumerate() {
        let balls = pose_figure(pose);
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

/// A dog in a pose: brown, on four legs, its head low and forward; it lunges to bite and
/// falls on its side.
fn dog_figure(pose: &str) -> Vec<Ball> {
    let coat = [125.0f32, 88.0, 52.0];
    let dark = [70.0f32, 48.0, 30.0];
    let mut b = Vec::new();
    let (stride, crouch, lunge) = match pose {
        "walk0" => (0.22, 0.0, 0.0),
        "walk1" => (0.0, 0.0, 0.0),
        "walk2" => (-0.22, 0.0, 0.0),
        "walk3" => (0.0, 0.0, 0.0),
        "aim" => (0.0, 0.08, 0.0),
        "fire" => (0.1, 0.0, 0.2),
        _ => (0.0, 0.0, 0.0),
    };
    // Legs: front and back pairs, swinging opposite.
    for (y, phase) in [(0.25f32, 1.0f32), (-0.3, -1.0)] {
        for side in [-1.0f32, 1.0] {
            let swing = stride * phase * side;
            let top = [0.1 * side, y + lunge, 0.5 - crouch];
            let knee = [0.1 * side, y + swing * 0.5 + lunge, 0.28 - crouch * 0.5];
            let paw = [0.1 * side, y + swing + lunge, 0.05];
            capsule(&mut b, top, knee, 0.06, coat);
            capsule(&mut b, knee, paw, 0.05, coat);
            b.push(Ball {
                c: paw,
                r: 0.055,
                colour: dark,
            });
        }
    }
    let z = 0.56 - crouch;
    // Body, chest, tail.
    capsule(
        &mut b,
        [0.0, -0.35 + lunge, z],
        [0.0, 0.28 + lunge, z + 0.03],
        0.16,
        coat,
    );
    b.push(Ball {
        c: [0.0, 0.3 + lunge, z],
        r: 0.18,
        colour: coat,
    });
    capsule(
        &mut b,
        [0.0, -0.42 + lunge, z + 0.05],
        [0.0, -0.6 + lunge, z + 0.22],
        0.035,
        dark,
    );
    // Collar, neck, head (raised in a lunge), snout, nose, eyes and ears.
    let head = [0.0, 0.55 + lunge * 1.5, z + 0.24 + lunge * 0.3];
    capsule(&mut b, [0.0, 0.35 + lunge, z + 0.08], head, 0.09, coat);
    b.push(Ball {
        c: [0.0, 0.4 + lunge, z + 0.14],
        r: 0.1,
        colour: [170.0, 30.0, 30.0],
    });
    b.push(Ball {
        c: head,
        r: 0.12,
        colour: coat,
    });
    let snout = [0.0, head[1] + 0.18, head[2] - 0.04];
    capsule(
        &mut b,
        [0.0, head[1] + 0.05, head[2] - 0.02],
        snout,
        0.06,
        dark,
    );
    b.push(Ball {
        c: [0.0, snout[1] + 0.03, snout[2] + 0.01],
        r: 0.03,
        colour: [15.0, 12.0, 10.0],
    });
    if crouch > 0.0 || lunge > 0.0 {
        // The mouth open: teeth under the snout.
        capsule(
            &mut b,
            [-0.03, head[1] + 0.08, head[2] - 0.09],
            [0.03, snout[1], snout[2] - 0.06],
            0.025,
            [240.0, 235.0, 220.0],
        );
    }
    for side in [-1.0f32, 1.0] {
        b.push(Ball {
            c: [0.05 * side, head[1] + 0.09, head[2] + 0.05],
            r: 0.022,
            colour: [15.0, 12.0, 10.0],
        });
        b.push(Ball {
            c: [0.07 * side, head[1] - 0.04, head[2] + 0.12],
            r: 0.045,
            colour: dark,
        });
    }
    // Pain: blood; dying: rolling onto its side about its feet; dead: lying in blood.
    let (roll, blood) = match pose {
        "pain" => (0.15, 0.5),
        "die0" => (0.5, 0.7),
        "die1" => (0.9, 0.8),
        "die2" => (1.25, 0.9),
        "die3" => (1.45, 1.0),
        "dead" => (1.55, 1.0),
        _ => (0.0, 0.0),
    };
    if blood > 0.0 {
        b.push(Ball {
            c: [0.12, 0.2, z],
            r: 0.06 * blood + 0.03,
            colour: [150.0, 10.0, 10.0],
        });
    }
    if roll > 0.0 {
        let (s, c) = (roll as f32).sin_cos();
        for ball in &mut b {
            let [x, y, z] = ball.c;
            ball.c = [x * c - z * s, y, (x * s + z * c).max(ball.r * 0.6)];
        }
        if pose == "dead" || pose == "die3" {
            for (k, dy) in [-0.3f32, 0.0, 0.3].iter().enumerate() {
                b.push(Ball {
                    c: [-0.5 - 0.1 * k as f32, *dy, 0.0],
                    r: 0.2,
                    colour: [110.0, 8.0, 8.0],
                });
            }
        }
    }
    b
}

/// A dog's sheet, laid out as every enemy's.
pub fn dog_sheet() -> RgbaImage {
    sheet(dog_figure)
}

const SKIN: [f32; 3] = [220.0, 170.0, 130.0];

/// A guard: khaki, an olive helmet, a pistol.
pub fn guard() -> Look {
    Look {
        uniform: [110.0, 100.0, 70.0],
        trousers: [90.0, 80.0, 56.0],
        helmet: Some([80.0, 90.0, 60.0]),
        cap: false,
        skin: SKIN,
        build: (1.0, 1.0),
        girth: None,
        hunch: 0.0,
        arms: Arms::Pistol,
    }
}

/// An officer: white, a dark peaked cap, a pistol; slighter.
pub fn officer() -> Look {
    Look {
        uniform: [225.0, 225.0, 230.0],
        trousers: [60.0, 60.0, 70.0],
        helmet: Some([40.0, 40.0, 50.0]),
        cap: true,
        build: (0.95, 1.02),
        ..guard()
    }
}

/// The SS: slate blue, a black helmet, a machine gun at the hip; broad.
pub fn ss() -> Look {
    Look {
        uniform: [62.0, 78.0, 120.0],
        trousers: [45.0, 55.0, 90.0],
        helmet: Some([28.0, 28.0, 32.0]),
        build: (1.12, 1.03),
        arms: Arms::MachineGun,
        ..guard()
    }
}

/// A mutant: sickly green skin, bare-headed, a torn white smock, hunched, a gun growing out
/// of its chest.
pub fn mutant() -> Look {
    Look {
        uniform: [200.0, 196.0, 180.0],
        trousers: [120.0, 40.0, 40.0],
        helmet: None,
        skin: [150.0, 185.0, 120.0],
        build: (0.95, 0.97),
        hunch: 0.35,
        arms: Arms::ChestGun,
        ..guard()
    }
}

/// The boss: a giant in dark grey with a chaingun in each hand, bare-headed; twice a guard's
/// width, as Wolfenstein 3D's.
pub fn boss() -> Look {
    Look {
        uniform: [70.0, 74.0, 84.0],
        trousers: [50.0, 52.0, 60.0],
        helmet: None,
        skin: [205.0, 150.0, 120.0],
        build: (1.75, 1.08),
        girth: Some(1.55),
        arms: Arms::Chainguns,
        ..guard()
    }
}

/// A player of a game of several: a commando in a uniform of the key colour (pure magenta:
/// red and blue equal, no green), which the game recolours to each seat's colour, a steel
/// helmet, a machine gun.
pub fn player() -> Look {
    Look {
        uniform: [200.0, 0.0, 200.0],
        trousers: [130.0, 0.0, 130.0],
        helmet: Some([62.0, 64.0, 70.0]),
        build: (1.05, 1.02),
        arms: Arms::MachineGun,
        ..guard()
    }
}

/// The pickups a level can place, by name (each a sprite `NAME.png`).
pub const PICKUPS: [&str; 14] = [
    "food",
    "first_aid",
    "ammo",
    "rounds",
    "cross",
    "chalice",
    "chest",
    "crown",
    "machine_gun",
    "chaingun",
    "launcher",
    "one_up",
    "gold_key",
    "silver_key",
];

const GOLD: [f32; 3] = [240.0, 190.0, 50.0];
const GOLD_LIGHT: [f32; 3] = [255.0, 220.0, 100.0];
const GUNMETAL: [f32; 3] = [60.0, 62.0, 70.0];
const RED: [f32; 3] = [200.0, 20.0, 20.0];

fn ball(b: &mut Vec<Ball>, c: V3, r: f32, colour: [f32; 3]) {
    b.push(Ball { c, r, colour });
}

/// Gems on treasure: red, blue, green in turn.
fn gems(b: &mut Vec<Ball>, points: &[V3]) {
    let colours = [
        [220.0, 30.0, 60.0],
        [40.0, 120.0, 230.0],
        [40.0, 200.0, 90.0],
    ];
    for (i, &c) in points.iter().enumerate() {
        ball(b, c, 0.045, colours[i % 3]);
    }
}

/// A pickup lying on the floor, seen slightly from above, drawn large (1.3 m fit the
/// frame) so that it reads at a distance and stands clear of the weapon in hand.
pub fn pickup(kind: &str) -> RgbaImage {
    let mut b = Vec::new();
    match kind {
        "food" => {
            // A roast bird on a plate.
            for k in 0..16 {
                let a = k as f32 / 16.0 * std::f32::consts::TAU;
                ball(
                    &mut b,
                    [0.3 * a.cos(), 0.2 * a.sin(), 0.03],
                    0.06,
                    [235.0, 235.0, 225.0],
                );
            }
            let roast = [170.0, 95.0, 35.0];
            ball(&mut b, [0.0, 0.0, 0.17], 0.17, roast);
            ball(&mut b, [-0.06, 0.06, 0.24], 0.1, [200.0, 125.0, 50.0]);
            for side in [-1.0f32, 1.0] {
                capsule(
                    &mut b,
                    [0.12 * side, 0.05, 0.12],
                    [0.24 * side, 0.1, 0.26],
                    0.06,
                    roast,
                );
                ball(
                    &mut b,
                    [0.26 * side, 0.1, 0.29],
                    0.035,
                    [240.0, 230.0, 210.0],
                );
            }
        }
        "first_aid" => {
            for x in [-0.24f32, -0.12, 0.0, 0.12, 0.24] {
                for y in [-0.08f32, 0.08] {
                    ball(&mut b, [x, y, 0.16], 0.13, [235.0, 235.0, 235.0]);
                }
            }
            capsule(&mut b, [-0.11, 0.22, 0.18], [0.11, 0.22, 0.18], 0.05, RED);
            capsule(&mut b, [0.0, 0.22, 0.07], [0.0, 0.22, 0.29], 0.05, RED);
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
                ball(&mut b, [x, 0.0, 0.34], 0.045, [150.0, 100.0, 50.0]);
            }
            capsule(
                &mut b,
                [-0.25, -0.06, 0.08],
                [0.26, -0.06, 0.08],
                0.07,
                [70.0, 80.0, 50.0],
            );
        }
        "rounds" => {
            // Three glowing fireball canisters in a rack.
            capsule(&mut b, [-0.3, 0.0, 0.05], [0.3, 0.0, 0.05], 0.06, GUNMETAL);
            for x in [-0.2f32, 0.0, 0.2] {
                capsule(
                    &mut b,
                    [x, 0.0, 0.08],
                    [x, 0.0, 0.3],
                    0.08,
                    [90.0, 92.0, 100.0],
                );
                ball(&mut b, [x, 0.02, 0.34], 0.08, [255.0, 150.0, 40.0]);
            }
        }
        "cross" => {
            capsule(&mut b, [0.0, 0.0, 0.04], [0.0, 0.0, 0.56], 0.06, GOLD);
            capsule(&mut b, [-0.17, 0.0, 0.38], [0.17, 0.0, 0.38], 0.06, GOLD);
            capsule(&mut b, [-0.12, 0.0, 0.02], [0.12, 0.0, 0.02], 0.06, GOLD);
            gems(&mut b, &[[0.0, 0.06, 0.38]]);
        }
        "chalice" => {
            // A goblet: foot, stem and a wide cup.
            ball(&mut b, [0.0, 0.0, 0.03], 0.12, GOLD);
            capsule(&mut b, [0.0, 0.0, 0.05], [0.0, 0.0, 0.25], 0.04, GOLD);
            for (z, r) in [(0.3f32, 0.09f32), (0.36, 0.13), (0.43, 0.16), (0.49, 0.17)] {
                ball(&mut b, [0.0, 0.0, z], r, GOLD_LIGHT);
            }
            gems(&mut b, &[[-0.08, 0.13, 0.4], [0.08, 0.13, 0.4]]);
        }
        "chest" => {
            // A wooden chest bound in gold, its lid open on the treasure.
            for x in [-0.24f32, -0.08, 0.08, 0.24] {
                for z in [0.1f32, 0.24] {
                    ball(&mut b, [x, 0.0, z], 0.13, [120.0, 70.0, 30.0]);
                }
            }
            for x in [-0.3f32, 0.3] {
                capsule(&mut b, [x, 0.05, 0.02], [x, 0.05, 0.34], 0.04, GOLD);
            }
            capsule(&mut b, [-0.3, 0.12, 0.2], [0.3, 0.12, 0.2], 0.035, GOLD);
            for x in [-0.2f32, -0.05, 0.1, 0.22] {
                ball(&mut b, [x, -0.02, 0.38], 0.07, GOLD_LIGHT);
            }
            capsule(
                &mut b,
                [-0.3, -0.16, 0.42],
                [0.3, -0.16, 0.42],
                0.07,
                [100.0, 58.0, 25.0],
            );
            gems(
                &mut b,
                &[[-0.12, 0.02, 0.44], [0.05, 0.02, 0.45], [0.18, 0.0, 0.43]],
            );
        }
        "crown" => {
            // A ring of gold with five points, a gem on each.
            for k in 0..20 {
                let a = k as f32 / 20.0 * std::f32::consts::TAU;
                ball(&mut b, [0.22 * a.cos(), 0.12 * a.sin(), 0.12], 0.07, GOLD);
            }
            let mut tips = Vec::new();
            for k in 0..5 {
                let a = (k as f32 / 5.0 + 0.1) * std::f32::consts::TAU;
                let (x, y) = (0.22 * a.cos(), 0.12 * a.sin());
                capsule(&mut b, [x, y, 0.14], [x, y, 0.34], 0.035, GOLD_LIGHT);
                tips.push([x, y + 0.01, 0.36]);
            }
            gems(&mut b, &tips);
            ball(&mut b, [0.0, 0.0, 0.08], 0.16, [140.0, 20.0, 40.0]);
        }
        "machine_gun" => {
            // Lying on its side: barrel, body, magazine, stock.
            capsule(&mut b, [-0.4, 0.0, 0.08], [0.4, 0.0, 0.08], 0.045, GUNMETAL);
            capsule(&mut b, [-0.15, 0.0, 0.1], [0.12, 0.0, 0.1], 0.08, GUNMETAL);
            capsule(&mut b, [0.0, 0.0, 0.1], [0.0, 0.0, 0.3], 0.045, GUNMETAL);
            capsule(
                &mut b,
                [-0.42, 0.0, 0.08],
                [-0.28, 0.0, 0.14],
                0.05,
                [110.0, 70.0, 40.0],
            );
        }
        "chaingun" => {
            for (y, z) in [(-0.06f32, 0.07f32), (0.06, 0.07), (0.0, 0.16)] {
                capsule(&mut b, [-0.1, y, z], [0.42, y, z], 0.045, GUNMETAL);
            }
            for x in [0.05f32, 0.3] {
                ball(&mut b, [x, 0.0, 0.1], 0.1, [100.0, 100.0, 110.0]);
            }
            capsule(
                &mut b,
                [-0.4, 0.0, 0.12],
                [-0.1, 0.0, 0.12],
                0.12,
                [85.0, 85.0, 95.0],
            );
            capsule(
                &mut b,
                [-0.25, 0.0, 0.2],
                [-0.25, 0.0, 0.34],
                0.04,
                GUNMETAL,
            );
        }
        "launcher" => {
            capsule(
                &mut b,
                [-0.4, 0.0, 0.13],
                [0.4, 0.0, 0.13],
                0.12,
                [75.0, 85.0, 70.0],
            );
            ball(&mut b, [0.42, 0.0, 0.13], 0.1, [30.0, 30.0, 34.0]);
            capsule(
                &mut b,
                [-0.05, 0.0, 0.0],
                [-0.05, 0.0, 0.15],
                0.05,
                GUNMETAL,
            );
            capsule(&mut b, [-0.3, 0.0, 0.28], [0.0, 0.0, 0.28], 0.04, GUNMETAL);
        }
        "one_up" => {
            // A glowing blue orb with a white glint: a life.
            ball(&mut b, [0.0, 0.0, 0.3], 0.28, [60.0, 120.0, 255.0]);
            ball(&mut b, [0.0, 0.06, 0.33], 0.24, [110.0, 170.0, 255.0]);
            ball(&mut b, [-0.08, 0.2, 0.42], 0.06, [250.0, 250.0, 255.0]);
            for side in [-1.0f32, 1.0] {
                ball(&mut b, [0.08 * side, 0.26, 0.33], 0.035, [20.0, 30.0, 80.0]);
            }
            capsule(
                &mut b,
                [-0.07, 0.27, 0.23],
                [0.07, 0.27, 0.23],
                0.025,
                [20.0, 30.0, 80.0],
            );
        }
        key => {
            // Standing on its shadow, on the ring's rim and its teeth: a ring, a shank, two
            // teeth down to the floor.
            let c = if key == "gold_key" {
                [240.0, 200.0, 60.0]
            } else {
                [200.0, 205.0, 215.0]
            };
            for k in 0..16 {
                let a = k as f32 / 16.0 * std::f32::consts::TAU;
                ball(
                    &mut b,
                    [-0.2 + 0.12 * a.cos(), 0.0, 0.16 + 0.12 * a.sin()],
                    0.04,
                    c,
                );
            }
            capsule(&mut b, [-0.08, 0.0, 0.16], [0.34, 0.0, 0.16], 0.04, c);
            capsule(&mut b, [0.22, 0.0, 0.16], [0.22, 0.0, 0.04], 0.035, c);
            capsule(&mut b, [0.31, 0.0, 0.16], [0.31, 0.0, 0.04], 0.035, c);
        }
    }
    render_at(&b, 20.0, true, 1.3)
}

/// The decorations a level can place, by name (each a sprite `NAME.png`).
pub const DECORATIONS: [&str; 30] = [
    "barrel",
    "table",
    "armour",
    "plant",
    "well",
    "lamp",
    "chandelier",
    "bones",
    "puddle",
    "flag",
    "skeleton",
    "barrel_wood",
    "table_chairs",
    "floor_lamp",
    "ceiling_light",
    "hanging_skeleton",
    "bones_blood",
    "blood_pool",
    "potted_tree",
    "sink",
    "vase",
    "pots_pans",
    "stove",
    "spear_rack",
    "cage",
    "cage_skeleton",
    "well_water",
    "vines",
    "bed",
    "basket",
];

/// A ring of `n` balls of radius `r` around the z axis at height `z`, `size` across.
fn ring(
    b: &mut Vec<Ball>,
    (x, y, z): (f32, f32, f32),
    size: f32,
    n: usize,
    r: f32,
    colour: [f32; 3],
) {
    for k in 0..n {
        let a = k as f32 / n as f32 * std::f32::consts::TAU;
        ball(b, [x + size * a.cos(), y + size * a.sin(), z], r, colour);
    }
}

/// A decoration, one tile tall as every sprite (2.1 m fit the frame: the wall's height), seen
/// from the side; the lamps hang from the top of the frame, the ceiling.
pub fn decoration(kind: &str) -> RgbaImage {
    if let Some((balls, metres)) = furniture::more(kind) {
        let shadow = !matches!(kind, "ceiling_light" | "pots_pans" | "vines" | "blood_pool");
        return render_at(&balls, 20.0, shadow, metres);
    }
    let mut b = Vec::new();
    let wood = [125.0f32, 80.0, 40.0];
    let dark_wood = [80.0f32, 50.0, 25.0];
    let iron = [55.0f32, 55.0, 60.0];
    let stone = [150.0f32, 150.0, 158.0];
    let bone = [225.0f32, 218.0, 195.0];
    let flame = [255.0f32, 225.0, 120.0];
    match kind {
        "barrel" => {
            for (z, r) in [
                (0.1f32, 0.3f32),
                (0.3, 0.34),
                (0.5, 0.35),
                (0.7, 0.33),
                (0.88, 0.3),
            ] {
                ring(&mut b, (0.0, 0.0, z), r - 0.1, 10, 0.12, wood);
            }
            for z in [0.12f32, 0.5, 0.86] {
                ring(&mut b, (0.0, 0.0, z), 0.3, 16, 0.05, iron);
            }
            ring(&mut b, (0.0, 0.0, 0.95), 0.12, 6, 0.12, dark_wood);
        }
        "table" => {
            for x in [-0.55f32, -0.3, -0.05, 0.2, 0.45] {
                capsule(&mut b, [x, -0.3, 0.78], [x + 0.1, 0.3, 0.78], 0.06, wood);
            }
            for (x, y) in [(-0.5f32, -0.25f32), (0.5, -0.25), (-0.5, 0.25), (0.5, 0.25)] {
                capsule(&mut b, [x, y, 0.0], [x, y, 0.74], 0.05, dark_wood);
            }
            // A jug and a plate on it.
            capsule(
                &mut b,
                [0.2, 0.0, 0.85],
                [0.2, 0.0, 1.05],
                0.08,
                [180.0, 170.0, 150.0],
            );
            ring(
                &mut b,
                (-0.25, 0.0, 0.85),
                0.1,
                10,
                0.04,
                [230.0, 230.0, 220.0],
            );
        }
        "armour" => {
            let steel = [185.0f32, 190.0, 200.0];
            // A plinth, legs, a breastplate, arms at the sides, a plumed helm, a halberd.
            for x in [-0.2f32, 0.0, 0.2] {
                ball(&mut b, [x, 0.0, 0.05], 0.12, stone);
            }
            for side in [-1.0f32, 1.0] {
                capsule(
                    &mut b,
                    [0.11 * side, 0.0, 0.15],
                    [0.11 * side, 0.0, 0.95],
                    0.08,
                    steel,
                );
                capsule(
                    &mut b,
                    [0.27 * side, 0.0, 1.45],
                    [0.3 * side, 0.05, 1.0],
                    0.065,
                    steel,
                );
            }
            for z in [1.05f32, 1.2, 1.35, 1.45] {
                for x in [-0.13f32, 0.0, 0.13] {
                    ball(&mut b, [x, 0.0, z], 0.14, steel);
                }
            }
            ball(&mut b, [0.0, 0.0, 1.68], 0.14, steel);
            capsule(
                &mut b,
                [-0.06, 0.13, 1.7],
                [0.06, 0.13, 1.7],
                0.02,
                [20.0, 20.0, 25.0],
            );
            capsule(
                &mut b,
                [0.0, -0.05, 1.82],
                [0.0, -0.2, 1.95],
                0.05,
                [190.0, 30.0, 30.0],
            );
            capsule(&mut b, [0.36, 0.1, 0.1], [0.36, 0.1, 2.0], 0.025, dark_wood);
            capsule(&mut b, [0.36, 0.1, 1.8], [0.5, 0.1, 1.7], 0.05, steel);
        }
        "plant" => {
            let pot = [175.0f32, 95.0, 60.0];
            for (z, r) in [(0.08f32, 0.15f32), (0.2, 0.19), (0.32, 0.22)] {
                ring(&mut b, (0.0, 0.0, z), r, 12, 0.08, pot);
            }
            capsule(
                &mut b,
                [0.0, 0.0, 0.3],
                [0.0, 0.0, 0.9],
                0.03,
                [90.0, 70.0, 40.0],
            );
            for (x, y, z, r) in [
                (0.0f32, 0.0f32, 1.05f32, 0.22f32),
                (-0.22, 0.05, 0.85, 0.16),
                (0.22, -0.05, 0.9, 0.17),
                (0.1, 0.12, 1.25, 0.14),
                (-0.12, -0.1, 1.2, 0.15),
            ] {
                ball(&mut b, [x, y, z], r, [50.0, 130.0 + z * 30.0, 55.0]);
            }
        }
        "well" => {
            for z in [0.1f32, 0.28, 0.46] {
                ring(&mut b, (0.0, 0.0, z), 0.42, 18, 0.1, stone);
            }
            ball(&mut b, [0.0, 0.0, 0.45], 0.32, [40.0, 70.0, 110.0]);
            for side in [-1.0f32, 1.0] {
                capsule(
                    &mut b,
                    [0.45 * side, 0.0, 0.4],
                    [0.45 * side, 0.0, 1.3],
                    0.04,
                    dark_wood,
                );
            }
            capsule(&mut b, [-0.5, 0.0, 1.3], [0.5, 0.0, 1.3], 0.04, dark_wood);
            capsule(
                &mut b,
                [0.0, 0.0, 1.28],
                [0.0, 0.0, 0.9],
                0.012,
                [160.0, 140.0, 100.0],
            );
            capsule(&mut b, [-0.06, 0.0, 0.85], [0.06, 0.0, 0.85], 0.06, wood);
        }
        "lamp" => {
            // A chain from the ceiling to a bowl of light.
            capsule(&mut b, [0.0, 0.0, 2.1], [0.0, 0.0, 1.8], 0.015, iron);
            ring(&mut b, (0.0, 0.0, 1.76), 0.14, 12, 0.05, [90.0, 80.0, 50.0]);
            ball(&mut b, [0.0, 0.0, 1.72], 0.13, [255.0, 245.0, 200.0]);
        }
        "chandelier" => {
            capsule(&mut b, [0.0, 0.0, 2.1], [0.0, 0.0, 1.75], 0.015, iron);
            ring(&mut b, (0.0, 0.0, 1.7), 0.4, 20, 0.03, [200.0, 160.0, 60.0]);
            for k in 0..6 {
                let a = k as f32 / 6.0 * std::f32::consts::TAU;
                let (x, y) = (0.4 * a.cos(), 0.4 * a.sin());
                capsule(&mut b, [0.0, 0.0, 1.75], [x, y, 1.7], 0.012, iron);
                capsule(
                    &mut b,
                    [x, y, 1.7],
                    [x, y, 1.8],
                    0.025,
                    [240.0, 235.0, 220.0],
                );
                ball(&mut b, [x, y, 1.84], 0.03, flame);
            }
        }
        "bones" => {
            ball(&mut b, [-0.15, 0.1, 0.1], 0.1, bone);
            ball(&mut b, [-0.19, 0.17, 0.09], 0.025, [40.0, 35.0, 30.0]);
            ball(&mut b, [-0.11, 0.17, 0.09], 0.025, [40.0, 35.0, 30.0]);
            for (a, bpt) in [
                ([0.0f32, -0.1f32, 0.03f32], [0.4f32, 0.05f32, 0.03f32]),
                ([0.05, 0.2, 0.03], [0.35, -0.15, 0.04]),
                ([-0.4, -0.1, 0.03], [-0.05, -0.2, 0.03]),
            ] {
                capsule(&mut b, a, bpt, 0.025, bone);
                ball(&mut b, a, 0.04, bone);
                ball(&mut b, bpt, 0.04, bone);
            }
        }
        "puddle" => return puddle([40.0, 55.0, 75.0]),
        "blood_pool" => return puddle([110.0, 6.0, 6.0]),
        "flag" => {
            capsule(&mut b, [0.0, 0.0, 0.0], [0.0, 0.0, 1.95], 0.03, dark_wood);
            ball(&mut b, [0.0, 0.0, 1.97], 0.05, GOLD);
            for z in 0..10 {
                let zf = 1.85 - z as f32 * 0.09;
                for x in 0..7 {
                    let xf = 0.05 + x as f32 * 0.08;
                    let wave = 0.03 * (xf * 9.0).sin();
                    let (dx, dz) = (xf - 0.3, zf - 1.45);
                    let emblem = dx * dx + dz * dz < 0.02;
                    let colour = if emblem { GOLD } else { [170.0, 25.0, 30.0] };
                    ball(&mut b, [xf, wave, zf], 0.055, colour);
                }
            }
        }
        "skeleton" => {
            // Slumped against nothing: lying on its back, head to the left.
            ball(&mut b, [-0.55, 0.0, 0.11], 0.11, bone);
            for side in [-1.0f32, 1.0] {
                ball(
                    &mut b,
                    [-0.58, 0.09 * side, 0.13],
                    0.025,
                    [40.0, 35.0, 30.0],
                );
            }
            capsule(&mut b, [-0.42, 0.0, 0.06], [0.1, 0.0, 0.06], 0.03, bone);
            for k in 0..5 {
                let x = -0.35 + k as f32 * 0.08;
                capsule(&mut b, [x, -0.14, 0.05], [x, 0.14, 0.05], 0.02, bone);
            }
            for side in [-1.0f32, 1.0] {
                capsule(
                    &mut b,
                    [0.1, 0.08 * side, 0.05],
                    [0.6, 0.12 * side, 0.04],
                    0.025,
                    bone,
                );
                capsule(
                    &mut b,
                    [-0.35, 0.16 * side, 0.05],
                    [0.0, 0.3 * side, 0.04],
                    0.02,
                    bone,
                );
            }
        }
        other => panic!("no decoration {other}"),
    }
    // Bones lie low: drawn as large as a pickup, so that they read from afar.
    let metres = if matches!(kind, "bones" | "skeleton") {
        1.4
    } else {
        2.1
    };
    render_at(&b, 20.0, !matches!(kind, "lamp" | "chandelier"), metres)
}

/// A puddle of `colour`: a dark, glossy ellipse on the floor (flat things have no side to
/// draw).
fn puddle(colour: [f32; 3]) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(S, S, Rgba([0, 0, 0, 0]));
    let (cx, cy) = (S as f32 / 2.0, S as f32 - 4.0);
    for y in 0..S {
        for x in 0..S {
            let (dx, dy) = ((x as f32 + 0.5 - cx) / 22.0, (y as f32 + 0.5 - cy) / 3.5);
            let d = dx * dx + dy * dy;
            if d < 1.0 {
                let gloss = if (dx + 0.3).abs() < 0.15 && dy < 0.0 {
                    60.0
                } else {
                    0.0
                };
                img.put_pixel(
                    x,
                    y,
                    Rgba([
                        (colour[0] + gloss) as u8,
                        (colour[1] + gloss) as u8,
                        (colour[2] + gloss) as u8,
                        (220.0 * (1.0 - d * d)) as u8,
                    ]),
                );
            }
        }
    }
    img
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
