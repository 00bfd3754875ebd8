//! The later decorations, Wolfenstein 3D's household and dungeon things (drawn anew, in the
//! style of the first eleven: balls and capsules seen from a little to the side).

use super::{Ball, GOLD, V3, ball, capsule, ring};

const WOOD: [f32; 3] = [125.0, 80.0, 40.0];
const DARK_WOOD: [f32; 3] = [80.0, 50.0, 25.0];
const IRON: [f32; 3] = [55.0, 55.0, 60.0];
const STONE: [f32; 3] = [150.0, 150.0, 158.0];
const BONE: [f32; 3] = [225.0, 218.0, 195.0];
const BLOOD: [f32; 3] = [130.0, 8.0, 8.0];
const PORCELAIN: [f32; 3] = [228.0, 230.0, 235.0];
const LEAF: [f32; 3] = [50.0, 140.0, 55.0];
const LIGHT: [f32; 3] = [255.0, 245.0, 205.0];

/// The balls of decoration `kind`, and the metres its frame fits (2.1: a wall's height), or
/// `None` for a kind of the first eleven.
pub(super) fn more(kind: &str) -> Option<(Vec<Ball>, f32)> {
    let mut b = Vec::new();
    let b_ = &mut b;
    match kind {
        "barrel_wood" => {
            // A cask on its side on a low cradle.
            for (x, r) in [
                (-0.38f32, 0.22f32),
                (-0.2, 0.27),
                (0.0, 0.29),
                (0.2, 0.27),
                (0.38, 0.22),
            ] {
                hoop(b_, x, 0.38, r - 0.08, 10, 0.1, WOOD);
            }
            for x in [-0.34f32, 0.0, 0.34] {
                hoop(b_, x, 0.38, 0.28, 16, 0.035, IRON);
            }
            for x in [-0.3f32, 0.3] {
                capsule(b_, [x, -0.25, 0.05], [x, 0.25, 0.05], 0.05, DARK_WOOD);
            }
        }
        "table_chairs" => {
            for x in [-0.4f32, -0.15, 0.1, 0.35] {
                capsule(b_, [x, -0.28, 0.76], [x + 0.1, 0.28, 0.76], 0.06, WOOD);
            }
            for (x, y) in [
                (-0.38f32, -0.22f32),
                (0.42, -0.22),
                (-0.38, 0.22),
                (0.42, 0.22),
            ] {
                capsule(b_, [x, y, 0.0], [x, y, 0.72], 0.045, DARK_WOOD);
            }
            for side in [-1.0f32, 1.0] {
                let x = 0.72 * side;
                for (dx, dy) in [
                    (-0.12f32, -0.12f32),
                    (0.12, -0.12),
                    (-0.12, 0.12),
                    (0.12, 0.12),
                ] {
                    capsule(b_, [x + dx, dy, 0.0], [x + dx, dy, 0.45], 0.03, DARK_WOOD);
                }
                capsule(b_, [x - 0.12, 0.0, 0.47], [x + 0.12, 0.0, 0.47], 0.1, WOOD);
                let back = x + 0.14 * side;
                capsule(
                    b_,
                    [back, -0.12, 0.45],
                    [back, -0.12, 0.95],
                    0.03,
                    DARK_WOOD,
                );
                capsule(b_, [back, 0.12, 0.45], [back, 0.12, 0.95], 0.03, DARK_WOOD);
                capsule(b_, [back, -0.12, 0.9], [back, 0.12, 0.9], 0.05, WOOD);
            }
            ball(b_, [0.0, 0.0, 0.86], 0.07, [200.0, 200.0, 190.0]);
        }
        "floor_lamp" => {
            ring(b_, (0.0, 0.0, 0.03), 0.16, 12, 0.05, IRON);
            capsule(b_, [0.0, 0.0, 0.05], [0.0, 0.0, 1.5], 0.025, GOLD);
            for (z, r) in [(1.5f32, 0.22f32), (1.6, 0.18), (1.7, 0.13)] {
                ring(b_, (0.0, 0.0, z), r, 16, 0.05, [200.0, 170.0, 120.0]);
            }
            ball(b_, [0.0, 0.0, 1.52], 0.1, LIGHT);
        }
        "ceiling_light" => {
            // A dome of light on a short stem under the ceiling.
            capsule(b_, [0.0, 0.0, 2.1], [0.0, 0.0, 1.98], 0.02, IRON);
            ring(b_, (0.0, 0.0, 1.96), 0.2, 18, 0.045, IRON);
            for (x, z, r) in [
                (0.0f32, 1.9f32, 0.13f32),
                (-0.1, 1.93, 0.09),
                (0.1, 1.93, 0.09),
            ] {
                ball(b_, [x, 0.0, z], r, LIGHT);
            }
        }
        "hanging_skeleton" => {
            capsule(
                b_,
                [0.0, 0.0, 2.1],
                [0.0, 0.0, 1.72],
                0.015,
                [160.0, 140.0, 100.0],
            );
            ball(b_, [0.0, 0.02, 1.62], 0.1, BONE);
            for side in [-1.0f32, 1.0] {
                ball(b_, [0.04 * side, 0.1, 1.64], 0.022, [40.0, 35.0, 30.0]);
            }
            capsule(b_, [0.0, 0.0, 1.5], [0.0, 0.0, 0.95], 0.03, BONE);
            for k in 0..5 {
                let z = 1.42 - k as f32 * 0.08;
                capsule(b_, [-0.14, 0.0, z], [0.14, 0.0, z], 0.018, BONE);
            }
            mirrored(b_, [0.17, 0.0, 1.45], [0.24, 0.02, 0.98], 0.022, BONE);
            mirrored(b_, [0.09, 0.0, 0.95], [0.1, 0.04, 0.35], 0.025, BONE);
        }
        "bones_blood" => {
            blood(
                b_,
                &[(0.0, 0.0, 0.42), (0.3, 0.15, 0.2), (-0.3, -0.1, 0.25)],
            );
            ball(b_, [-0.12, 0.08, 0.1], 0.1, BONE);
            capsule(b_, [0.0, -0.1, 0.04], [0.38, 0.08, 0.04], 0.025, BONE);
            capsule(b_, [-0.35, 0.1, 0.04], [0.05, 0.22, 0.04], 0.025, BONE);
        }
        "potted_tree" => {
            let pot = [160.0f32, 90.0, 55.0];
            for (z, r) in [(0.08f32, 0.18f32), (0.22, 0.22), (0.36, 0.25)] {
                ring(b_, (0.0, 0.0, z), r, 14, 0.09, pot);
            }
            capsule(
                b_,
                [0.0, 0.0, 0.35],
                [0.05, 0.0, 1.35],
                0.05,
                [95.0, 70.0, 40.0],
            );
            for (x, y, z, r) in [
                (0.0f32, 0.0f32, 1.6f32, 0.3f32),
                (-0.3, 0.05, 1.4, 0.22),
                (0.3, -0.05, 1.45, 0.24),
                (0.12, 0.15, 1.85, 0.2),
                (-0.15, -0.12, 1.8, 0.21),
                (0.05, 0.0, 1.25, 0.2),
            ] {
                ball(
                    b_,
                    [x, y, z],
                    r,
                    [LEAF[0], LEAF[1] - 20.0 + z * 25.0, LEAF[2]],
                );
            }
        }
        "sink" => {
            capsule(b_, [0.0, 0.0, 0.0], [0.0, 0.0, 0.7], 0.09, PORCELAIN);
            for (z, r) in [(0.72f32, 0.2f32), (0.8, 0.26), (0.86, 0.28)] {
                ring(b_, (0.0, 0.0, z), r, 16, 0.06, PORCELAIN);
            }
            ball(b_, [0.0, 0.0, 0.82], 0.18, [140.0, 160.0, 180.0]);
            capsule(
                b_,
                [0.0, -0.25, 0.86],
                [0.0, -0.25, 1.02],
                0.025,
                [190.0, 190.0, 200.0],
            );
            capsule(
                b_,
                [0.0, -0.25, 1.02],
                [0.0, -0.12, 1.0],
                0.02,
                [190.0, 190.0, 200.0],
            );
        }
        "vase" => {
            let blue = [50.0f32, 80.0, 170.0];
            for (z, r) in [
                (0.06f32, 0.13f32),
                (0.2, 0.2),
                (0.36, 0.24),
                (0.52, 0.22),
                (0.66, 0.15),
                (0.78, 0.09),
                (0.88, 0.12),
            ] {
                let colour = if (z * 10.0) as i32 % 3 == 0 {
                    PORCELAIN
                } else {
                    blue
                };
                ring(b_, (0.0, 0.0, z), r - 0.05, 12, 0.07, colour);
            }
        }
        "pots_pans" => {
            // A rack hanging from the ceiling, pots and pans hanging from its hooks.
            for side in [-1.0f32, 1.0] {
                capsule(
                    b_,
                    [0.4 * side, 0.0, 2.1],
                    [0.4 * side, 0.0, 1.8],
                    0.015,
                    IRON,
                );
            }
            capsule(b_, [-0.5, 0.0, 1.8], [0.5, 0.0, 1.8], 0.03, IRON);
            let copper = [190.0f32, 105.0, 60.0];
            for (k, x) in [-0.36f32, -0.12, 0.12, 0.36].into_iter().enumerate() {
                let low = 1.45 + 0.05 * (k % 2) as f32;
                capsule(b_, [x, 0.0, 1.8], [x, 0.0, low + 0.12], 0.01, IRON);
                if k % 2 == 0 {
                    ring(b_, (x, 0.0, low), 0.09, 10, 0.04, copper);
                    ball(b_, [x, 0.0, low], 0.08, [150.0, 80.0, 45.0]);
                } else {
                    for (z, r) in [(low, 0.07f32), (low + 0.06, 0.09)] {
                        ring(b_, (x, 0.0, z), r, 10, 0.035, copper);
                    }
                }
            }
        }
        "stove" => {
            for z in [0.1f32, 0.3, 0.5] {
                for x in [-0.28f32, -0.1, 0.1, 0.28] {
                    ball(b_, [x, 0.0, z], 0.16, [45.0, 45.0, 50.0]);
                }
            }
            ball(b_, [0.0, 0.15, 0.28], 0.1, [255.0, 120.0, 30.0]);
            ring(b_, (-0.15, 0.0, 0.62), 0.08, 10, 0.03, [90.0, 90.0, 95.0]);
            ring(b_, (0.15, 0.0, 0.62), 0.08, 10, 0.03, [90.0, 90.0, 95.0]);
            capsule(b_, [0.25, -0.1, 0.6], [0.25, -0.1, 2.1], 0.06, IRON);
        }
        "spear_rack" => {
            for side in [-1.0f32, 1.0] {
                capsule(
                    b_,
                    [0.42 * side, 0.0, 0.0],
                    [0.42 * side, 0.0, 1.2],
                    0.04,
                    DARK_WOOD,
                );
            }
            capsule(b_, [-0.45, 0.0, 0.3], [0.45, 0.0, 0.3], 0.035, DARK_WOOD);
            capsule(b_, [-0.45, 0.0, 1.1], [0.45, 0.0, 1.1], 0.035, DARK_WOOD);
            for x in [-0.27f32, -0.09, 0.09, 0.27] {
                capsule(b_, [x, 0.04, 0.02], [x, 0.04, 1.75], 0.02, WOOD);
                capsule(
                    b_,
                    [x, 0.04, 1.75],
                    [x, 0.04, 1.95],
                    0.035,
                    [190.0, 195.0, 205.0],
                );
            }
        }
        "cage" => cage(b_),
        "cage_skeleton" => {
            cage(b_);
            ball(b_, [0.0, 0.05, 0.35], 0.1, BONE);
            capsule(b_, [0.0, 0.0, 0.26], [0.0, -0.05, 0.06], 0.03, BONE);
            mirrored(b_, [0.06, 0.0, 0.2], [0.2, 0.15, 0.05], 0.02, BONE);
            mirrored(b_, [0.05, -0.05, 0.06], [0.25, 0.1, 0.04], 0.022, BONE);
        }
        "well_water" => {
            for z in [0.1f32, 0.28] {
                ring(b_, (0.0, 0.0, z), 0.44, 18, 0.11, STONE);
            }
            ring(b_, (0.0, 0.0, 0.42), 0.44, 18, 0.08, [120.0, 120.0, 128.0]);
            for (x, y) in [(0.0f32, 0.0f32), (-0.15, 0.1), (0.15, -0.1)] {
                ball(b_, [x, y, 0.3], 0.2, [60.0, 120.0, 190.0]);
            }
            ball(b_, [-0.1, 0.1, 0.42], 0.05, [200.0, 230.0, 255.0]);
        }
        "vines" => {
            // Strands hanging from the ceiling, leaves along them.
            for (k, x) in [-0.35f32, -0.15, 0.05, 0.25, 0.4].into_iter().enumerate() {
                let low = 0.9 + 0.25 * (k % 3) as f32;
                capsule(
                    b_,
                    [x, 0.0, 2.1],
                    [x + 0.05, 0.0, low],
                    0.018,
                    [60.0, 90.0, 40.0],
                );
                let mut z = 2.0;
                while z > low {
                    let side = if ((z * 10.0) as i32) % 2 == 0 {
                        0.05
                    } else {
                        -0.05
                    };
                    ball(b_, [x + side, 0.02, z], 0.06, LEAF);
                    z -= 0.14;
                }
            }
        }
        "bed" => {
            for (x, y) in [(-0.6f32, -0.3f32), (0.6, -0.3), (-0.6, 0.3), (0.6, 0.3)] {
                capsule(b_, [x, y, 0.0], [x, y, 0.35], 0.04, DARK_WOOD);
            }
            capsule(b_, [-0.62, -0.3, 0.65], [-0.62, 0.3, 0.65], 0.05, DARK_WOOD);
            capsule(
                b_,
                [-0.62, -0.3, 0.35],
                [-0.62, -0.3, 0.65],
                0.04,
                DARK_WOOD,
            );
            capsule(b_, [-0.62, 0.3, 0.35], [-0.62, 0.3, 0.65], 0.04, DARK_WOOD);
            for x in [-0.45f32, -0.2, 0.05, 0.3, 0.52] {
                capsule(
                    b_,
                    [x, -0.26, 0.38],
                    [x, 0.26, 0.38],
                    0.09,
                    [235.0, 232.0, 220.0],
                );
            }
            for x in [0.0f32, 0.25, 0.5] {
                capsule(
                    b_,
                    [x, -0.28, 0.44],
                    [x, 0.28, 0.44],
                    0.08,
                    [120.0, 40.0, 40.0],
                );
            }
            capsule(
                b_,
                [-0.48, -0.15, 0.5],
                [-0.48, 0.15, 0.5],
                0.08,
                [245.0, 245.0, 240.0],
            );
        }
        "basket" => {
            let wicker = [190.0f32, 150.0, 90.0];
            for (z, r) in [(0.06f32, 0.18f32), (0.16, 0.21), (0.26, 0.23), (0.36, 0.24)] {
                ring(b_, (0.0, 0.0, z), r, 14, 0.06, wicker);
            }
            for (x, y) in [(-0.08f32, 0.0f32), (0.08, 0.05), (0.0, -0.08)] {
                ball(b_, [x, y, 0.4], 0.08, [200.0, 60.0, 40.0]);
            }
        }
        _ => return None,
    }
    // Flat and low things are drawn as large as a pickup, so that they read from afar.
    let metres = if matches!(kind, "bones_blood" | "basket") {
        1.4
    } else {
        2.1
    };
    Some((b, metres))
}

/// A ring of `n` balls of radius `r` about the x axis at `x`, its middle `z` up: a hoop of
/// a cask on its side.
fn hoop(b: &mut Vec<Ball>, x: f32, z: f32, size: f32, n: usize, r: f32, colour: [f32; 3]) {
    for k in 0..n {
        let a = k as f32 / n as f32 * std::f32::consts::TAU;
        ball(b, [x, size * a.cos(), z + size * a.sin()], r, colour);
    }
}

/// A capsule from `a` to `b` and its mirror image across the middle (x negated): a pair of
/// limbs.
fn mirrored(balls: &mut Vec<Ball>, a: V3, b: V3, r: f32, colour: [f32; 3]) {
    for side in [-1.0f32, 1.0] {
        let at = |p: V3| [p[0] * side, p[1], p[2]];
        capsule(balls, at(a), at(b), r, colour);
    }
}

/// Blood on the floor: flat drops, each `(x, y, size)`.
fn blood(b: &mut Vec<Ball>, pools: &[(f32, f32, f32)]) {
    for &(x, y, size) in pools {
        ball(b, [x, y, -size * 0.85], size, BLOOD);
    }
}

/// A cage of iron bars standing on the floor, a ring at the top and the bottom.
fn cage(b: &mut Vec<Ball>) {
    let top: V3 = [0.0, 0.0, 1.6];
    for z in [0.04f32, 1.6] {
        ring(b, (0.0, 0.0, z), 0.38, 20, 0.035, IRON);
    }
    for k in 0..10 {
        let a = k as f32 / 10.0 * std::f32::consts::TAU;
        let (x, y) = (0.38 * a.cos(), 0.38 * a.sin());
        capsule(b, [x, y, 0.04], [x, y, 1.6], 0.018, IRON);
        capsule(b, [x, y, 1.6], top, 0.015, IRON);
    }
    capsule(b, top, [0.0, 0.0, 2.1], 0.02, IRON);
}
