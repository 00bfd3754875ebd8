//! An independent reference for the renderer: a naive per-pixel renderer written from the
//! contract alone (one ray per column through its centre, a plain floating-point DDA, the
//! perpendicular distance, rows whose centres lie on the wall, the texture mirrored on east
//! and north faces and dark on east and west ones, floors and ceilings by the distance seen
//! through each row's centre), with none of the engine's code but the level loader, the
//! camera's two vectors, the textures' storage and the contract's choice of a wall's texture
//! variant ([`tilecaster::level::variant_of`]). Whole frames of the engine are compared with
//! it pixel by pixel, so the pictures are not checked only by goldens the same code blessed:
//! every pixel must show the reference's texel or one a texel away (the engine steps in fixed
//! point, so a pixel on a texel's very edge may round the other way; measured: at most 2.4%
//! of a frame, on walls seen close up), and a reference that breaks the contract is told
//! apart.

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::level::{LevelWithTextures, Surface, load_with_textures};
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, Renderer};
use tilecaster::texture::Texture;

/// A room of three wall textures, a pillar and alcoves; no doors, grates, things or fog.
const ROOM: &str = r##"name = "reference"
textures = "../../textures"
grid = '''
############
#..........#
#..S...W...#
#..........S
#....##....#
#....#S....#
#..........#
#W.........#
############
'''
[defaults]
floor = "floor_stone"
ceiling = "ceiling"

# No fog (a level without this table has the default fog).
[fog]
colour = "#000000"
distance = inf

[legend]
"#" = { wall = "brick" }
"S" = { wall = "stone" }
"W" = { wall = "wood" }
[player]
position = [2.5, 6.5]
facing = "east"
"##;

fn room() -> LevelWithTextures {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tilecaster-ref-{}-{call}", std::process::id()));
    let levels = dir.join("levels/reference");
    std::fs::create_dir_all(&levels).unwrap();
    let here = std::fs::canonicalize("textures").unwrap();
    let text = ROOM.replace("../../textures", here.to_str().unwrap());
    let path = levels.join("room.toml");
    std::fs::write(&path, text).unwrap();
    let loaded = load_with_textures(&path, None).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
    loaded
}

/// What a column's ray meets: the perpendicular distance, the cell, and whether it crossed an
/// x face (a vertical grid line), with the hit point.
struct Cast {
    t: f64,
    cell: (i32, i32),
    x_face: bool,
    step: (i32, i32),
    point: Vec2,
}

/// The tutorial's DDA in floating point: the next boundary on each axis, whichever is nearer.
fn cast(solid: &dyn Fn(i32, i32) -> bool, pos: Vec2, ray: Vec2) -> Cast {
    let (mut x, mut y) = (pos.x.floor() as i32, pos.y.floor() as i32);
    let delta = |d: f64| {
        if d == 0.0 {
            f64::INFINITY
        } else {
            (1.0 / d).abs()
        }
    };
    let (dx, dy) = (delta(ray.x), delta(ray.y));
    let step = (
        if ray.x < 0.0 { -1 } else { 1 },
        if ray.y < 0.0 { -1 } else { 1 },
    );
    let mut side_x = if ray.x < 0.0 {
        pos.x - x as f64
    } else {
        x as f64 + 1.0 - pos.x
    } * dx;
    let mut side_y = if ray.y < 0.0 {
        pos.y - y as f64
    } else {
        y as f64 + 1.0 - pos.y
    } * dy;
    loop {
        let x_face = side_x < side_y;
        let t = if x_face {
            let t = side_x;
            side_x += dx;
            x += step.0;
            t
        } else {
            let t = side_y;
            side_y += dy;
            y += step.1;
            t
        };
        if solid(x, y) {
            return Cast {
                t,
                cell: (x, y),
                x_face,
                step,
                point: pos + ray * t,
            };
        }
    }
}

/// The contract's points a reference may get wrong, to show that the comparison tells.
#[derive(Clone, Copy, Debug)]
struct Contract {
    /// East and north faces mirrored.
    mirrored: bool,
    /// East and west faces dark (else north and south).
    dark_x: bool,
    /// The perpendicular distance (else the Euclidean one: a fisheye).
    perpendicular: bool,
}

impl Contract {
    const AS_WRITTEN: Contract = Contract {
        mirrored: true,
        dark_x: true,
        perpendicular: true,
    };
}

/// The frame `contract` describes (the contract itself: [`Contract::AS_WRITTEN`]): per pixel,
/// its texel, then the texels a texel away (along both texture axes), which a fixed-point step
/// may reach on a texel's very edge.
fn reference(
    loaded: &LevelWithTextures,
    camera: &Camera,
    (w, h): (u32, u32),
    contract: Contract,
) -> Vec<Vec<[u8; 4]>> {
    let level = &loaded.level;
    let map = &level.map;
    let texture = |name: &str| -> &Texture { loaded.textures.get(name).unwrap() };
    let solid = |x: i32, y: i32| {
        let cell = tilecaster::grid::Cell::new(x, y);
        !matches!(map.get(cell), Some(tilecaster::map::Tile::Empty))
    };
    let surface = |x: i32, y: i32, below: bool| -> &Texture {
        let style = &level.styles[map.style(tilecaster::grid::Cell::new(x, y)) as usize];
        match if below { &style.floor } else { &style.ceiling } {
            Surface::Texture(name) => texture(name),
            Surface::Colour(_) => panic!("the room has textured floors"),
        }
    };
    let half = h as f64 / 2.0;
    let mut out = vec![Vec::new(); (w * h) as usize];
    let near = |v: u32, size: u32| [v, (v + 1) % size, (v + size - 1) % size];
    for x in 0..w {
        let camera_x = 2.0 * (x as f64 + 0.5) / w as f64 - 1.0;
        let ray = camera.dir + camera.plane * camera_x;
        let hit = cast(&solid, camera.pos, ray);
        // The wall: its face's texture, the coordinate along the face, mirrored where the
        // texture would read backwards (a face seen from the east or the north).
        let style =
            &level.styles[map.style(tilecaster::grid::Cell::new(hit.cell.0, hit.cell.1)) as usize];
        let faces = style.faces.as_ref().unwrap();
        let (slot, along) = if hit.x_face {
            // Moving east the ray enters by the west face (slot 3), else by the east (2).
            (
                if hit.step.0 > 0 { 3 } else { 2 },
                hit.point.y - hit.cell.1 as f64,
            )
        } else {
            (
                if hit.step.1 > 0 { 0 } else { 1 },
                hit.point.x - hit.cell.0 as f64,
            )
        };
        let mirrored = contract.mirrored == (slot == 2 || slot == 0);
        let u = if mirrored { 1.0 - along } else { along };
        // A plain wall shows its texture or one of the variants loaded with it, as its cell
        // picks ([`tilecaster::level::variant_of`]).
        let hit_cell = tilecaster::grid::Cell::new(hit.cell.0, hit.cell.1);
        let mut names = vec![faces[slot].clone()];
        names.extend(
            tilecaster::level::variant_names(&faces[slot])
                .take_while(|v| loaded.textures.get(v).is_some()),
        );
        let plain = map.get(hit_cell) == Some(tilecaster::map::Tile::Wall);
        let pick = if plain {
            tilecaster::level::variant_of(hit_cell, names.len())
        } else {
            0
        };
        let wall = texture(&names[pick]);
        let size = wall.size();
        let tex_x = ((u * size as f64) as u32).min(size - 1);
        let depth = if contract.perpendicular {
            hit.t
        } else {
            hit.t * ray.length() / camera.dir.length()
        };
        let line = h as f64 / depth;
        let top = half - line / 2.0;
        for y in 0..h {
            let centre = y as f64 + 0.5;
            let texels: Vec<u32> = if centre >= top && centre < top + line {
                let v = (((centre - top) * size as f64 / line) as u32).min(size - 1);
                let mut texels = Vec::with_capacity(9);
                for tx in near(tex_x, size) {
                    for ty in near(v, size) {
                        texels.push(wall.column(tx, hit.x_face == contract.dark_x)[ty as usize]);
                    }
                }
                texels
            } else {
                let below = centre > half;
                let distance = half / (centre - half).abs();
                let p = camera.pos + ray * distance;
                let (cx, cy) = (p.x.floor(), p.y.floor());
                let t = surface(cx as i32, cy as i32, below);
                let s = t.size();
                let (tx, ty) = (
                    ((p.x - cx) * s as f64) as u32 % s,
                    ((p.y - cy) * s as f64) as u32 % s,
                );
                let mut texels = Vec::with_capacity(9);
                for tx in near(tx, s) {
                    for ty in near(ty, s) {
                        texels.push(t.texel(tx, ty));
                    }
                }
                texels
            };
            out[(y * w + x) as usize] = texels.iter().map(|t| t.to_le_bytes()).collect();
        }
    }
    out
}

fn engine(loaded: &LevelWithTextures, camera: &Camera, (w, h): (u32, u32)) -> Frame {
    let assets = RenderAssets::new(&loaded.level, &loaded.textures);
    let mut frame = Frame::new(w, h).unwrap();
    let mut renderer = Renderer::new();
    renderer.set_mipmaps(false);
    renderer.render(
        &loaded.level,
        &assets,
        &ClosedDoors,
        &[],
        camera,
        &mut frame,
    );
    frame
}

/// The share of pixels where the engine's frame shows none of the reference's texels, and
/// the share where it shows another than the exact one.
fn differing(loaded: &LevelWithTextures, camera: &Camera, size: (u32, u32)) -> (f64, f64) {
    differing_from(loaded, camera, size, Contract::AS_WRITTEN)
}

/// [`differing`] from a reference drawn as `contract` says.
fn differing_from(
    loaded: &LevelWithTextures,
    camera: &Camera,
    size: (u32, u32),
    contract: Contract,
) -> (f64, f64) {
    let expected = reference(loaded, camera, size, contract);
    let frame = engine(loaded, camera, size);
    let (mut none, mut inexact) = (0, 0);
    for (pixel, texels) in frame.rgba().chunks_exact(4).zip(&expected) {
        if !texels.iter().any(|t| t == pixel) {
            none += 1;
        } else if texels[0] != pixel {
            inexact += 1;
        }
    }
    let n = expected.len() as f64;
    (none as f64 / n, inexact as f64 / n)
}

/// Poses all over the room (a deterministic spread), at two sizes, one of them odd.
fn poses() -> Vec<(Vec2, f64)> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let open = |p: Vec2| {
        // Away from the walls and the pillar by a player's radius.
        let inside = p.x > 1.3 && p.x < 10.7 && p.y > 1.3 && p.y < 7.7;
        let pillar = p.x > 4.7 && p.x < 7.3 && p.y > 3.7 && p.y < 6.3;
        let alcoves = [(3.0, 2.0), (7.0, 2.0), (1.0, 7.0)]
            .iter()
            .any(|&(x, y)| p.x > x - 0.3 && p.x < x + 1.3 && p.y > y - 0.3 && p.y < y + 1.3);
        inside && !pillar && !alcoves
    };
    let mut out = vec![(Vec2::new(2.5, 6.5), 0.0), (Vec2::new(9.5, 1.5), 135.0)];
    while out.len() < 24 {
        let p = Vec2::new(1.0 + next() * 10.0, 1.0 + next() * 7.0);
        if open(p) {
            out.push((p, next() * 360.0));
        }
    }
    out
}

#[test]
fn the_engine_draws_the_frames_the_contract_describes() {
    let loaded = room();
    let (mut worst_none, mut worst_inexact) = (0.0_f64, 0.0_f64);
    for (pos, angle) in poses() {
        for size in [(320, 200), (173, 111)] {
            let camera = Camera::new(pos, angle, Camera::DEFAULT_FOV);
            let (none, inexact) = differing(&loaded, &camera, size);
            worst_none = worst_none.max(none);
            worst_inexact = worst_inexact.max(inexact);
            // A pixel on a span's very edge may fall to the wall or to the floor.
            assert!(
                none < 0.002,
                "at {pos:?} facing {angle:.1}, {size:?}: {:.3}% of the pixels show none of the reference's texels",
                none * 100.0
            );
            assert!(
                inexact < 0.05,
                "at {pos:?} facing {angle:.1}, {size:?}: {:.2}% show a neighbouring texel",
                inexact * 100.0
            );
        }
    }
    eprintln!(
        "worst shares of pixels: {:.3}% unlike the reference, {:.2}% a texel off",
        worst_none * 100.0,
        worst_inexact * 100.0
    );
}

/// The comparison tells: a reference that mirrors the wrong faces, darkens the wrong ones, or
/// draws with the Euclidean distance (a fisheye) disagrees with the engine on many pixels.
#[test]
fn a_reference_that_breaks_the_contract_is_told_apart() {
    let loaded = room();
    let unlike =
        |camera: &Camera, contract| differing_from(&loaded, camera, (320, 200), contract).0;
    let wrong = [
        Contract {
            mirrored: false,
            ..Contract::AS_WRITTEN
        },
        Contract {
            dark_x: false,
            ..Contract::AS_WRITTEN
        },
        Contract {
            perpendicular: false,
            ..Contract::AS_WRITTEN
        },
    ];
    for contract in wrong {
        let worst = poses()
            .into_iter()
            .map(|(pos, angle)| unlike(&Camera::new(pos, angle, Camera::DEFAULT_FOV), contract))
            .fold(0.0, f64::max);
        assert!(
            worst > 0.02,
            "{contract:?}: at worst {:.3}% unlike",
            worst * 100.0
        );
    }
}
