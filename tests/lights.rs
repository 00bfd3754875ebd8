//! Lights: what the walls keep a light from (a sealed room, a closed door, a push wall, two
//! walls touching at a corner), the shadows of pillars on the floor, and the light map against
//! exact line of sight from the light.

use std::path::{Path, PathBuf};

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::grid::line_of_sight;
use tilecaster::level::{Level, load_with_textures};
use tilecaster::render::{Camera, ClosedDoors, MovingParts, RenderAssets, Renderer};

/// A level of `grid` (with `legend` lines added to the walls' and the player's) in a scratch
/// folder under `dir`, as file `name`, at `ambient`; the repository's textures.
fn level(dir: &Path, name: &str, grid: &str, legend: &str, ambient: f64) -> PathBuf {
    let textures = Path::new(env!("CARGO_MANIFEST_DIR")).join("textures");
    let text = format!(
        "name = \"{name}\"\ntextures = {:?}\ngrid = '''\n{grid}'''\n[ambient]\nlevel = {ambient}\n[defaults]\nfloor = \"floor_stone\"\nceiling = \"ceiling\"\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n\"D\" = {{ door = \"door\" }}\n\"P\" = {{ push = \"stone\" }}\n{legend}",
        textures.display()
    );
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The lamp the tests light with: warm, bright, reaching far.
const LAMP: &str = "\"L\" = { light = { colour = \"#ffe0b0\", radius = 12, intensity = 2.0 } }\n";

/// A level loaded and a renderer kept for it (reused from frame to frame, as the game does),
/// drawing from the full-size textures (a mipmap level averages a lit texel with its shadowed
/// neighbours, as it averages any texels: these tests look at the light itself).
struct Viewer {
    loaded: tilecaster::level::LevelWithTextures,
    assets: RenderAssets,
    renderer: Renderer,
}

impl Viewer {
    fn new(path: &Path) -> Viewer {
        let loaded = load_with_textures(path, None).unwrap();
        let assets = RenderAssets::new(&loaded.level, &loaded.textures);
        let mut renderer = Renderer::new();
        renderer.set_mipmaps(false);
        Viewer {
            loaded,
            assets,
            renderer,
        }
    }

    /// What it draws from `pos` facing `angle`, lights on, with `flashes` (dynamic lights).
    fn shot(&mut self, flashes: &[tilecaster::level::Light], pos: (f64, f64), angle: f64) -> Frame {
        self.shot_with(&ClosedDoors, flashes, pos, angle)
    }

    /// [`Viewer::shot`] with the doors standing as `doors` says.
    fn shot_with(
        &mut self,
        doors: &dyn MovingParts,
        flashes: &[tilecaster::level::Light],
        pos: (f64, f64),
        angle: f64,
    ) -> Frame {
        let mut frame = Frame::new(160, 100).unwrap();
        let camera = Camera::new(Vec2::new(pos.0, pos.1), angle, Camera::DEFAULT_FOV);
        self.renderer.set_dynamic_lights(flashes);
        let level = &self.loaded.level;
        self.renderer
            .render(level, &self.assets, doors, &[], &camera, &mut frame);
        frame
    }
}

/// What the renderer draws of the level at `path` from `pos` facing `angle`, lights on.
fn draw(path: &Path, pos: (f64, f64), angle: f64) -> Frame {
    Viewer::new(path).shot(&[], pos, angle)
}

fn scratch(what: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tilecaster-lights-{what}-{}", std::process::id()))
}

/// A room beside a lit one, sealed from it by a wall, a closed door, a push wall, or only by
/// two walls that touch at a corner: the lamp `L` in the lit room (to the east, or for the
/// corner the south-east), the camera in the sealed room at `pos` facing `angle`, towards the
/// wall, door or corner between them.
const SEALED: [(&str, &str, (f64, f64), f64); 4] = [
    (
        "wall",
        "###########\n#....#....#\n#.@..#..L.#\n#....#....#\n###########\n",
        (1.5, 2.5),
        0.0,
    ),
    (
        "door",
        "###########\n#....#....#\n#.@..D..L.#\n#....#....#\n###########\n",
        (1.5, 2.5),
        0.0,
    ),
    (
        "push",
        "###########\n#....#....#\n#.@..P..L.#\n#....#....#\n###########\n",
        (1.5, 2.5),
        0.0,
    ),
    (
        "corner",
        "########\n#...####\n#.@.####\n#...####\n####...#\n####.L.#\n####...#\n########\n",
        (1.5, 1.5),
        45.0,
    ),
];

/// The centre of the cell of `grid` holding `c`.
fn centre_of(grid: &str, c: char) -> (f64, f64) {
    grid.lines()
        .enumerate()
        .find_map(|(y, row)| row.find(c).map(|x| (x as f64 + 0.5, y as f64 + 0.5)))
        .unwrap()
}

/// A room sealed from a lit one looks exactly as it does with the lamp taken away: no light
/// leaks ([`SEALED`]).
#[test]
fn no_light_leaks_through_walls_doors_push_walls_or_corners() {
    let dir = scratch("sealed");
    for (name, grid, pos, angle) in SEALED {
        let lit = level(&dir, &format!("{name}_lit"), grid, LAMP, 0.3);
        let dark = level(
            &dir,
            &format!("{name}_dark"),
            &grid.replace('L', "."),
            "",
            0.3,
        );
        let (with, without) = (draw(&lit, pos, angle), draw(&dark, pos, angle));
        let changed = differing(&with, &without);
        assert!(
            changed.is_empty(),
            "{name}: the lamp beyond changes the sealed room at {:?}",
            &changed[..changed.len().min(10)]
        );
        // And the lamp does light its own room: the test would pass for a lamp that lit
        // nothing.
        let beyond = centre_of(grid, 'L');
        let (a, b) = (
            draw(&lit, beyond, 180.0 + angle),
            draw(&dark, beyond, 180.0 + angle),
        );
        assert!(
            !differing(&a, &b).is_empty(),
            "{name}: the lamp lights nothing"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The pixels where two frames differ.
fn differing(a: &Frame, b: &Frame) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for y in 0..a.height() {
        for x in 0..a.width() {
            if a.pixel(x, y) != b.pixel(x, y) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The sum of a pixel's colour channels.
fn brightness(pixel: [u8; 4]) -> u32 {
    pixel[..3].iter().map(|&c| u32::from(c)).sum()
}

/// In a pillared hall, a lamp brightens the floor it sees and leaves the floor in a pillar's
/// shadow exactly as the ambient light alone draws it. Each floor pixel's point on the floor
/// is worked out from the camera; what the lamp sees is exact line of sight from it (the
/// traversal), taken at the point and around it, so pixels on a shadow's edge are left out.
#[test]
fn a_lamp_lights_what_it_sees_and_pillars_cast_shadows() {
    let dir = scratch("hall");
    let grid = "#################\n#...............#\n#...#...#...#...#\n#...............#\n#...............#\n#.@.....L.......#\n#...............#\n#...#...#...#...#\n#...............#\n#################\n";
    let lit = level(&dir, "hall_lit", grid, LAMP, 0.3);
    let dark = level(&dir, "hall_dark", &grid.replace('L', "."), "", 0.3);
    let level_model = Level::load(&lit).unwrap().level;
    let lamp = level_model.lights[0];
    let (pos, angle) = ((1.5, 8.5), 330.0);
    // The lit view, kept with its renderer: its depths say which pixels are floor.
    let mut viewer = Viewer::new(&lit);
    let (with, without) = (viewer.shot(&[], pos, angle), draw(&dark, pos, angle));
    let camera = Camera::new(Vec2::new(pos.0, pos.1), angle, Camera::DEFAULT_FOV);
    let (w, h) = (with.width(), with.height());
    let (mut shadowed, mut brightened) = (0, 0);
    for y in (h / 2 + 2)..h {
        for x in 0..w {
            // A floor pixel: the depth drawn there is the floor's at this row.
            let half = f64::from(h) / 2.0;
            let floor = half / (f64::from(y) + 0.5 - half);
            let distance = f64::from(viewer.renderer.depth_at(x, y));
            if (distance - floor).abs() > 1e-3 * floor {
                continue;
            }
            let point = camera.pos + camera.ray(x, w) * distance;
            let around = [
                (0.0, 0.0),
                (0.08, 0.0),
                (-0.08, 0.0),
                (0.0, 0.08),
                (0.0, -0.08),
            ];
            let seen = around
                .iter()
                .map(|&(dx, dy)| {
                    line_of_sight(&level_model, lamp.position, point + Vec2::new(dx, dy))
                })
                .collect::<Vec<_>>();
            let (a, b) = (with.pixel(x, y), without.pixel(x, y));
            if seen.iter().all(|s| !s) {
                assert_eq!(a, b, "pixel ({x}, {y}) at {point:?} is in shadow but lit");
                shadowed += 1;
            } else if seen.iter().all(|&s| s)
                && (point - lamp.position).length() < lamp.radius - 1.0
            {
                assert!(
                    brightness(a) > brightness(b),
                    "pixel ({x}, {y}) at {point:?} sees the lamp but is not brighter"
                );
                brightened += 1;
            }
        }
    }
    assert!(
        shadowed > 200 && brightened > 200,
        "{shadowed} shadowed, {brightened} brightened"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A muzzle flash (a dynamic light, worked out every frame) where the lamp of [`SEALED`]
/// stood lights the room it is in and nothing of the room beyond a wall, a closed door, a push
/// wall or touching corners; with the flash gone, the picture is the level's own again.
#[test]
fn a_flash_lights_its_room_and_not_the_one_beyond() {
    use tilecaster::frame::Colour;
    use tilecaster::level::Light;
    let dir = scratch("flash");
    for (name, grid, pos, angle) in SEALED {
        let flash_at = centre_of(grid, 'L');
        let grid = grid.replace('L', ".");
        for ambient in [0.3, 1.0] {
            let path = level(
                &dir,
                &format!("{name}_{}", ambient * 10.0),
                &grid,
                "",
                ambient,
            );
            let flash = Light {
                position: Vec2::new(flash_at.0, flash_at.1),
                colour: Colour::rgb(255, 214, 150),
                radius: 8.0,
                intensity: 2.0,
            };
            let mut viewer = Viewer::new(&path);
            let mut shot =
                |lights: &[Light], pos: (f64, f64), angle: f64| viewer.shot(lights, pos, angle);
            let sealed = (shot(&[flash], pos, angle), shot(&[], pos, angle));
            let changed = differing(&sealed.0, &sealed.1);
            assert!(
                changed.is_empty(),
                "{name} at {ambient}: light leaks to {:?}",
                &changed[..changed.len().min(10)]
            );
            let lit = shot(&[flash], flash_at, angle + 180.0);
            let dark = shot(&[], flash_at, angle + 180.0);
            assert!(
                differing(&lit, &dark).len() > 4000,
                "{name} at {ambient}: the flash lights nothing"
            );
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Every door open by the same fraction.
struct DoorsOpen(f64);

impl MovingParts for DoorsOpen {
    fn open(&self, _: tilecaster::grid::Cell) -> f64 {
        self.0
    }
}

/// The level's own light is worked out again as doors and push walls move: the lamp of
/// [`SEALED`] lights the room beyond its door once the door stands half open or more, and not
/// while it is less open; with the door shut again the picture is the first one, pixel for
/// pixel; a push wall slid out of the doorway lets the light by too.
#[test]
fn an_opened_door_or_a_moved_push_wall_lets_a_lamps_light_through() {
    use tilecaster::grid::Cell;
    use tilecaster::map::Tile;
    let dir = scratch("opened");
    let brighter = |a: &Frame, b: &Frame| {
        let sum = |f: &Frame| -> u64 {
            (0..f.height())
                .flat_map(|y| (0..f.width()).map(move |x| (x, y)))
                .map(|(x, y)| u64::from(brightness(f.pixel(x, y))))
                .sum()
        };
        sum(a) > sum(b) && differing(a, b).len() > 100
    };
    // The door; the camera by it, looking back into the sealed room (the lamp's room, seen
    // through a door a quarter open, would be lit of course).
    let (_, grid, _, _) = SEALED[1];
    let (pos, angle) = ((4.6, 2.5), 180.0);
    let lit = level(&dir, "door_lit", grid, LAMP, 0.3);
    let dark = level(&dir, "door_dark", &grid.replace('L', "."), "", 0.3);
    let (mut lit, mut dark) = (Viewer::new(&lit), Viewer::new(&dark));
    let closed = lit.shot(&[], pos, angle);
    for (open, through) in [(0.25, false), (0.5, true), (1.0, true)] {
        let doors = DoorsOpen(open);
        let (a, b) = (
            lit.shot_with(&doors, &[], pos, angle),
            dark.shot_with(&doors, &[], pos, angle),
        );
        if through {
            assert!(brighter(&a, &b), "the door {open} open lets no light by");
        } else {
            let changed = differing(&a, &b);
            assert!(
                changed.is_empty(),
                "the door {open} open leaks at {:?}",
                &changed[..changed.len().min(10)]
            );
        }
    }
    let again = lit.shot(&[], pos, angle);
    assert!(
        differing(&again, &closed).is_empty(),
        "shut again, the room is not as it was"
    );
    // A push wall in the doorway, slid two cells east (as the game slides one), the lamp off
    // its line so that light passes it.
    let grid = "###########\n#....#....#\n#.@..P....#\n#....#..L.#\n#....#....#\n###########\n";
    let lit = level(&dir, "push_lit", grid, LAMP, 0.3);
    let dark = level(&dir, "push_dark", &grid.replace('L', "."), "", 0.3);
    let (mut lit, mut dark) = (Viewer::new(&lit), Viewer::new(&dark));
    let (a, b) = (lit.shot(&[], pos, angle), dark.shot(&[], pos, angle));
    assert!(
        differing(&a, &b).is_empty(),
        "light leaks by the push wall before it moves"
    );
    for viewer in [&mut lit, &mut dark] {
        let map = &mut viewer.loaded.level.map;
        assert_eq!(map.get(Cell::new(5, 2)), Some(Tile::PushWall));
        map.set(Cell::new(5, 2), Tile::Empty);
        map.set(Cell::new(7, 2), Tile::PushWall);
    }
    let (a, b) = (lit.shot(&[], pos, angle), dark.shot(&[], pos, angle));
    assert!(brighter(&a, &b), "the moved push wall lets no light by");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A lamp beyond a grate lights the room in front through the grate's holes and not through
/// its bars: every sample of the light map in that room is lit exactly where the traversal,
/// walked from the lamp to it, passes (`cast_segment` on `LevelSolidity`, which lets a walk
/// through a hole in the face it enters by; samples within a hair of a shadow's edge left out),
/// and there are both, in stripes. (The walk is from the lamp: a grate's face is a screen for
/// what enters by it, and light enters by the face towards the lamp.)
#[test]
fn a_lamp_lights_through_a_grates_holes_and_not_its_bars() {
    use tilecaster::grid::cast_segment;
    use tilecaster::level::LevelSolidity;
    use tilecaster::lighting::{LightMap, SAMPLES};
    let dir = scratch("grate");
    let grid = "###########\n#.........#\n#.........#\n#....#....#\n#.@..=..L.#\n#....#....#\n###########\n";
    let legend = format!("{LAMP}\"=\" = {{ masked = \"grate\" }}\n");
    let path = level(&dir, "grate", grid, &legend, 0.3);
    let loaded = load_with_textures(&path, None).unwrap();
    let level = &loaded.level;
    let solidity = LevelSolidity::new(level, &loaded.textures);
    let lamp = level.lights[0];
    let (w, h) = (level.map.width() as u32, level.map.height() as u32);
    let map = LightMap::build(&solidity, w, h, &[lamp], 0.0);
    let (mut lit, mut dark) = (0, 0);
    // The west room's cells below the open rows (which the lamp sees over the wall's top).
    for cy in 4..6 {
        for cx in 1..5 {
            for j in 0..SAMPLES {
                for i in 0..SAMPLES {
                    let s = f64::from(SAMPLES);
                    let p = Vec2::new(
                        f64::from(cx) + (f64::from(i) + 0.5) / s,
                        f64::from(cy) + (f64::from(j) + 0.5) / s,
                    );
                    let sees = |q: Vec2| cast_segment(&solidity, lamp.position, q).is_none();
                    let hair = [(1e-4, 0.0), (-1e-4, 0.0), (0.0, 1e-4), (0.0, -1e-4)];
                    if hair
                        .iter()
                        .any(|&(dx, dy)| sees(p + Vec2::new(dx, dy)) != sees(p))
                        || (p - lamp.position).length() >= lamp.radius - 1e-3
                    {
                        continue;
                    }
                    if sees(p) {
                        assert_ne!(map.factor_at(p), map.ambient(), "{p:?} is seen but dark");
                        lit += 1;
                    } else {
                        assert_eq!(map.factor_at(p), map.ambient(), "{p:?} is hidden but lit");
                        dark += 1;
                    }
                }
            }
        }
    }
    assert!(lit > 500 && dark > 500, "{lit} lit, {dark} dark");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The cost a level's lights are checked against counts at least every cell the light map
/// built from them holds samples for (what its memory bound rests on): lights of any radius
/// up to the limit, on cell centres, edges and corners, in a hall with pillars.
#[test]
fn a_lights_cost_counts_every_cell_its_light_map_lights() {
    use proptest::prelude::*;
    use tilecaster::frame::Colour;
    use tilecaster::level::{Light, LightCost};
    use tilecaster::lighting::LightMap;
    use tilecaster::map::TileMap;
    let rows: Vec<String> = (0..40)
        .map(|y| {
            (0..48)
                .map(|x| {
                    let edge = x == 0 || y == 0 || x == 47 || y == 39;
                    if edge || (x % 7 == 3 && y % 5 == 2) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let map = TileMap::from_ascii(&(rows.join("\n") + "\n")).unwrap();
    let (w, h) = (map.width() as u32, map.height() as u32);
    // Positions in quarters of a tile, so that centres, edges and corners all come up.
    let light = (4..(47 * 4), 4..(39 * 4), 1..=64u32).prop_map(|(x, y, r)| Light {
        position: Vec2::new(f64::from(x) / 4.0, f64::from(y) / 4.0),
        colour: Colour::rgb(255, 255, 255),
        radius: f64::from(r) / 2.0,
        intensity: 1.0,
    });
    let config = crate::common::proptest_config(24);
    proptest!(config, |(lights in proptest::collection::vec(light, 1..4))| {
        let built = LightMap::build(&map, w, h, &lights, 0.2);
        let lit = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| built.tile(x, y).is_some())
            .count() as u64;
        let cost = LightCost::of(&lights, w, h);
        prop_assert!(cost.cells >= Some(lit), "{cost:?} counts fewer than the {lit} lit");
    });
}
