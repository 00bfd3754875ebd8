//! The first-person renderer: golden scenes (compared as decoded pixels), no seams at tile
//! corners over a sweep of view angles, and `tilecaster columns` agreeing with the traversal.
//!
//! Golden images live in `tests/golden/`. After a deliberate change to the picture, regenerate
//! them with `TILECASTER_BLESS=1 cargo test --test suite render::`, look at every one, and
//! commit them.

use std::path::{Path, PathBuf};

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::grid::{Cell, Face, cast_ray};
use tilecaster::level::{Difficulty, load_with_textures};
use tilecaster::map::{Tile, TileMap};
use tilecaster::render::{Camera, ClosedDoors, MovingParts, RenderAssets, Renderer, cast_column};

use crate::common;

/// Largest difference allowed per channel, and the share of pixels allowed to differ by more
/// (rounding in libm's trigonometry may move a handful of texels between machines).
const CHANNEL_TOLERANCE: u8 = 2;
const PIXEL_SHARE_TOLERANCE: f64 = 0.002;

struct HalfOpen(Cell);

impl MovingParts for HalfOpen {
    fn open(&self, cell: Cell) -> f64 {
        if cell == self.0 { 0.5 } else { 0.0 }
    }
}

/// The game on `level` at `pos` facing `angle`, as it stands at the level's start on normal,
/// drawn by the composer the window and `tilecaster render` draw with (no HUD): what a player
/// there sees.
fn composed(level: &str, pos: (f64, f64), angle: f64, size: (u32, u32)) -> Frame {
    composed_on(level, Difficulty::Normal, pos, angle, size)
}

/// `session` as the game draws it into a 320x200 frame, with the HUD (the tally, the
/// episode's end, or the view), for the goldens of a session's moments.
fn drawn(session: &tilecaster::episode::Session) -> Frame {
    use tilecaster::scene::{Composer, Overlays, SessionAssets};
    let mut composer = Composer::new(Frame::new(320, 200).unwrap(), Camera::DEFAULT_FOV, true);
    let mut assets = SessionAssets::new(session);
    composer.draw(session, assets.of(session), &Overlays::default(), None);
    composer.frame
}

/// [`composed`] on another difficulty (the enemies placed for it stand there).
fn composed_on(
    level: &str,
    difficulty: Difficulty,
    pos: (f64, f64),
    angle: f64,
    size: (u32, u32),
) -> Frame {
    use tilecaster::episode::Session;
    use tilecaster::scene::{Composer, Overlays, SessionAssets};
    let mut session = Session::start_on(Path::new(level), None, difficulty).unwrap();
    session.game.set_viewpoint(Vec2::new(pos.0, pos.1), angle);
    session.hush();
    let mut composer = Composer::new(
        Frame::new(size.0, size.1).unwrap(),
        Camera::DEFAULT_FOV,
        false,
    );
    let mut assets = SessionAssets::new(&session);
    composer.draw(&session, assets.of(&session), &Overlays::default(), None);
    composer.frame
}

/// The renderer alone at 160x100, with mipmaps and lights, the doors as `doors` hold them.
fn render(level: &str, pos: (f64, f64), angle: f64, doors: &dyn MovingParts) -> Frame {
    render_with(level, pos, angle, doors, (160, 100), true)
}

/// What `render_with` draws, and whether the level's lights are drawn.
#[derive(Clone, Copy)]
struct Drawn {
    mipmaps: bool,
    lights: bool,
}

fn render_with(
    level: &str,
    pos: (f64, f64),
    angle: f64,
    doors: &dyn MovingParts,
    size: (u32, u32),
    drawn: impl Into<Drawn>,
) -> Frame {
    let Drawn { mipmaps, lights } = drawn.into();
    let loaded = load_with_textures(Path::new(level), None).unwrap();
    let assets = RenderAssets::new(&loaded.level, &loaded.textures);
    let mut frame = Frame::new(size.0, size.1).unwrap();
    let camera = Camera::new(Vec2::new(pos.0, pos.1), angle, Camera::DEFAULT_FOV);
    let sprites = tilecaster::render::level_sprites(&loaded.level, &loaded.textures);
    let mut renderer = Renderer::new();
    renderer.set_mipmaps(mipmaps);
    renderer.set_lights(lights);
    renderer.render(&loaded.level, &assets, doors, &sprites, &camera, &mut frame);
    frame
}

impl From<bool> for Drawn {
    /// With or without mipmaps, lights on.
    fn from(mipmaps: bool) -> Drawn {
        Drawn {
            mipmaps,
            lights: true,
        }
    }
}

/// Compares `frame` with `tests/golden/NAME.png` (within the tolerances), or writes it there
/// with `TILECASTER_BLESS` set.
pub(crate) fn golden(name: &str, frame: &Frame) {
    let path = PathBuf::from(format!("tests/golden/{name}.png"));
    if std::env::var_os("TILECASTER_BLESS").is_some() {
        frame.save_png(&path, true).unwrap();
        return;
    }
    let expected = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless with TILECASTER_BLESS=1)", path.display()))
        .to_rgba8();
    assert_eq!(
        (expected.width(), expected.height()),
        (frame.width(), frame.height()),
        "{name}: size"
    );
    let mut differing = 0;
    for (i, (a, b)) in expected
        .as_raw()
        .chunks_exact(4)
        .zip(frame.rgba().chunks_exact(4))
        .enumerate()
    {
        if a.iter()
            .zip(b)
            .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        {
            differing += 1;
            if differing == 1 {
                eprintln!(
                    "{name}: first difference at ({}, {}): {a:?} vs {b:?}",
                    i % frame.width() as usize,
                    i / frame.width() as usize
                );
            }
        }
    }
    let share = differing as f64 / (frame.width() * frame.height()) as f64;
    if share > PIXEL_SHARE_TOLERANCE {
        let actual = std::env::temp_dir().join(format!("{name}-actual.png"));
        frame.save_png(&actual, true).unwrap();
        panic!(
            "{name}: {differing} pixels differ (share {share:.4}); this frame is at {}",
            actual.display()
        );
    }
}

#[test]
fn golden_start_of_entry_hall_facing_the_door() {
    golden(
        "entry_hall_start",
        &composed(common::ENTRY_HALL, (3.5, 2.5), 0.0, (160, 100)),
    );
}

/// The README's screenshot is this scene: what the engine draws, checked.
#[test]
fn golden_readme_screenshot() {
    golden(
        "readme",
        &composed("levels/e1m1.toml", (21.2, 32.6), -112.0, (640, 400)),
    );
}

#[test]
fn golden_long_corridor() {
    golden(
        "corridor",
        &composed(common::COMMAND_POST, (1.5, 22.5), 0.0, (160, 100)),
    );
}

#[test]
fn golden_exactly_on_a_cell_vertex() {
    golden(
        "on_vertex",
        &composed(common::ENTRY_HALL, (17.0, 8.0), 225.0, (160, 100)),
    );
}

#[test]
fn golden_four_axis_aligned_views() {
    for (name, angle) in [
        ("axis_east", 0.0),
        ("axis_south", 90.0),
        ("axis_west", 180.0),
        ("axis_north", 270.0),
    ] {
        golden(
            name,
            &composed(common::ENTRY_HALL, (17.5, 7.5), angle, (160, 100)),
        );
    }
}

/// e1m4's shaped walls: the pillared hall, the diagonal corridor, and a window slit looked
/// through (the room behind it seen down the slit's channel).
#[test]
fn golden_shaped_walls_of_the_cloisters() {
    let scenes = [
        ("cloisters_pillars", (11.5, 6.0), 0.0),
        ("cloisters_diagonal", (14.5, 11.5), 45.0),
        ("cloisters_slit", (28.5, 21.3), 90.0),
        ("cloisters_corner", (3.0, 3.0), 225.0),
    ];
    for (name, pos, angle) in scenes {
        golden(
            name,
            // On hard: a guard placed for it stands in the pillared hall.
            &composed_on("levels/e1m4.toml", Difficulty::Hard, pos, angle, (320, 200)),
        );
    }
}

/// Floors and ceilings that change from cell to cell (a checkerboard of a texture and a
/// colour, runs of one texture, cells of another): each cell's surface where it lies, however
/// a row's run is split. (`tests/scenes/patchwork.toml`.)
#[test]
fn golden_floors_across_cells() {
    let level = "tests/scenes/patchwork.toml";
    for (name, pos, angle) in [
        ("patchwork_checkers", (3.2, 1.5), 40.0),
        ("patchwork_hall", (10.5, 8.5), 300.0),
    ] {
        golden(name, &composed(level, pos, angle, (320, 200)));
    }
}

/// The bestiary (guard, officer, dog, SS, mutant, boss), the fourteen pickups and the thirty
/// decorations, each as the game draws it, two views of each gallery (one of the last), and
/// the boss close up beside a mutant (`tests/scenes/museum.toml`).
#[test]
fn golden_bestiary_pickups_and_decorations() {
    let level = "tests/scenes/museum.toml";
    for (name, pos) in [
        ("bestiary_left", (7.5, 6.0)),
        ("bestiary_right", (13.5, 6.0)),
        ("boss", (15.0, 5.5)),
        ("pickups_left", (8.5, 17.0)),
        ("pickups_right", (12.0, 17.0)),
        ("decorations_left", (7.5, 27.0)),
        ("decorations_right", (13.5, 27.0)),
        ("furniture_left", (7.5, 38.0)),
        ("furniture_right", (13.5, 38.0)),
        ("furniture_more", (10.0, 48.5)),
    ] {
        golden(name, &composed(level, pos, 270.0, (320, 200)));
    }
}

/// The episode's end in the engine, midway: the view drawn back into the Bunker's lift room
/// and turned to the lift, the player's own figure running down its corridor, nothing in
/// hand (`tilecaster::episode::Victory`).
#[test]
fn golden_victory_midway() {
    use tilecaster::episode::{Session, Victory};
    let mut session = Session::start(Path::new("levels/e1m9.toml"), None).unwrap();
    let exit = session.game.level.exits[0];
    let at = Vec2::new(f64::from(exit.x) + 0.05, f64::from(exit.y) + 0.5);
    session.game.seat_mut().player.position = at;
    session.game.seat_mut().player.angle = 10.0;
    session.game.ticks = 60 * u64::from(tilecaster::game::TICK_HZ);
    let mut victory = Victory::new(&session.game);
    victory.ticks = tilecaster::game::TICK_HZ * 4 / 3;
    session.victory = Some(victory);
    session.hush();
    golden("victory_midway", &drawn(&session));
}

/// The page of the episode's totals (`draw_episode_end`), a second after it came up: the
/// score, the time against the pars added up, kills, secrets and treasure in percent; here
/// the totals of the Bunker played alone, with half its enemies killed.
#[test]
fn golden_episode_end_page() {
    use tilecaster::episode::Session;
    let mut session = Session::start(Path::new("levels/e1m9.toml"), None).unwrap();
    let enemies = session.game.enemies.len() as u32;
    session.game.kills = enemies / 2;
    session.game.seat_mut().score = 123_400;
    session.total_ticks = (14 * 60 + 23) * u64::from(tilecaster::game::TICK_HZ);
    session.complete = true;
    session.end_shown = 71;
    let totals = session.totals();
    assert_eq!((totals.kills, totals.enemies), (enemies / 2, enemies));
    golden("episode_end", &drawn(&session));
}

/// The tally between levels midway through counting its bonus up, as Wolfenstein 3D's: the
/// page above the status bar, "FLOOR 3 COMPLETED", the bar's score counting up with the
/// bonus (Command Post finished in 40 s with every enemy killed, 2,000 points before).
#[test]
fn golden_tally_page() {
    use tilecaster::episode::{Session, TALLY_COUNT_FROM, TALLY_COUNT_TICKS};
    use tilecaster::game::{Input, TICK_HZ};
    let mut session = Session::start(Path::new("levels/e1m3.toml"), None).unwrap();
    session.game.kills = session.game.enemies.len() as u32;
    session.game.seat_mut().score = 2_000;
    session.game.ticks = 40 * u64::from(TICK_HZ);
    session.game.finished = true;
    session.tick(&Input::default());
    for _ in 0..TALLY_COUNT_FROM + TALLY_COUNT_TICKS / 2 {
        session.tick(&Input::default());
    }
    let (tally, _) = session.intermission.clone().expect("the tally");
    assert!(tally.bonus() > 10_000, "{}", tally.bonus());
    golden("tally_page", &drawn(&session));
}

/// The boss is drawn at Wolfenstein 3D's bulk: seen from the front, standing, his body
/// (what is opaque, his shadow aside) spans about twice the columns a guard's does.
#[test]
fn the_boss_stands_twice_a_guards_width() {
    let width = |kind: &str| {
        let sheet = image::open(format!("textures/sprites/{kind}.png"))
            .unwrap()
            .to_rgba8();
        // The front view of the standing pose: column 0, row 1 of the sheet.
        let frame = sheet.width() / 8;
        let opaque = |x: u32| (0..frame).any(|y| sheet.get_pixel(x, frame + y)[3] == 255);
        let columns: Vec<u32> = (0..frame).filter(|&x| opaque(x)).collect();
        columns.last().unwrap() - columns[0] + 1
    };
    let (guard, boss) = (width("guard"), width("boss"));
    let ratio = f64::from(boss) / f64::from(guard);
    assert!(
        (1.8..=2.4).contains(&ratio),
        "the boss spans {boss} columns, a guard {guard}: {ratio:.2} times"
    );
}

/// The museum places every one of the thirty kinds of decoration, and `check` passes it
/// without an error or a warning.
#[test]
fn the_museum_shows_all_thirty_decorations_and_passes_check() {
    let path = "tests/scenes/museum.toml";
    let loaded = tilecaster::level::load_with_textures(Path::new(path), None).unwrap();
    let mut shown: Vec<&str> = loaded
        .level
        .decorations
        .iter()
        .map(|d| d.kind.name)
        .collect();
    shown.sort_unstable();
    shown.dedup();
    let mut every: Vec<&str> = tilecaster::level::DECORATIONS
        .iter()
        .map(|k| k.name)
        .collect();
    every.sort_unstable();
    assert_eq!(shown, every);
    assert_eq!(every.len(), 30);
    let out = common::run_ok(["check", path]);
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("0 errors, 0 warnings"), "{said}");
}

/// A death halfway through its red fizzle, in the game's own frame (the view turned to
/// where the blow came from, three cells ahead and two aside; the status bar below
/// untouched): the player killed where he stands at Entry Hall's start.
#[test]
fn golden_death_fizzle_midpoint() {
    use tilecaster::episode::{DEATH_TICKS, FIZZLE_FROM, Session};
    use tilecaster::game::Input;
    let mut session = Session::start(Path::new(common::ENTRY_HALL), None).unwrap();
    let start = session.game.seat().player.position;
    session.game.seat_mut().player.health = 0;
    session.game.seat_mut().hurt = Some(tilecaster::game::Hurt {
        tick: 0,
        damage: 10,
        from: start + Vec2::new(3.0, 2.0),
    });
    for _ in 0..(FIZZLE_FROM + DEATH_TICKS) / 2 {
        session.tick(&Input::default());
    }
    assert!(session.game.player_dead());
    golden("death_fizzle", &drawn(&session));
}

#[test]
fn golden_through_a_grate() {
    golden(
        "grate",
        &composed(common::ENTRY_HALL, (4.5, 10.3), 0.0, (160, 100)),
    );
}

#[test]
fn golden_half_open_door() {
    golden(
        "door_half_open",
        &render(
            common::ENTRY_HALL,
            (4.5, 2.5),
            0.0,
            &HalfOpen(Cell::new(7, 2)),
        ),
    );
}

#[test]
fn golden_wall_at_point_blank_range() {
    golden(
        "point_blank",
        &composed(common::ENTRY_HALL, (1.01, 2.5), 180.0, (160, 100)),
    );
}

/// Without mipmaps (and lights), the renderer draws what it drew before it had them: these
/// goldens are the ones made before mipmaps (kept in `tests/golden/no_mipmaps/`), blessed
/// again only for a change made on purpose elsewhere: on 2026-11-25, sprites' see-through
/// shadows blended over the floor (they were written with their alpha, and showed pale grey
/// in a PNG), which changed only the pixels under the sprites' feet.
#[test]
fn golden_without_mipmaps_as_before_mipmaps() {
    /// A golden's name, the level, the eye, the angle, the doors and the size.
    type Scene<'a> = (
        &'a str,
        &'a str,
        (f64, f64),
        f64,
        &'a dyn MovingParts,
        (u32, u32),
    );
    let scenes: [Scene; 4] = [
        (
            "readme",
            common::ENTRY_HALL,
            (4.5, 11.6),
            -12.0,
            &ClosedDoors,
            (640, 400),
        ),
        (
            "stress_far",
            "levels/stress.toml",
            (3.5, 3.5),
            45.0,
            &ClosedDoors,
            (160, 100),
        ),
        (
            "corridor",
            common::COMMAND_POST,
            (1.5, 22.5),
            0.0,
            &ClosedDoors,
            (160, 100),
        ),
        (
            "door_half_open",
            common::ENTRY_HALL,
            (4.5, 2.5),
            0.0,
            &HalfOpen(Cell::new(7, 2)),
            (160, 100),
        ),
    ];
    for (name, level, pos, angle, doors, size) in scenes {
        // Without lights too: the picture from before mipmaps was drawn before lights.
        let unlit = Drawn {
            mipmaps: false,
            lights: false,
        };
        let frame = render_with(level, pos, angle, doors, size, unlit);
        let path = format!("tests/golden/no_mipmaps/{name}.png");
        if std::env::var_os("TILECASTER_BLESS").is_some() {
            frame.save_png(Path::new(&path), true).unwrap();
        }
        let expected = image::open(&path).unwrap().to_rgba8();
        assert!(
            expected.as_raw() == frame.rgba(),
            "{name} without mipmaps differs from {path}"
        );
    }
}

/// Mipmaps calm the far half of the view as the camera turns (see `far_shimmer`), and the
/// picture with them differs from the one without only in the distance: up close the walls
/// are drawn from the full textures.
#[test]
fn mipmaps_calm_the_far_half_and_leave_the_near_alone() {
    use tilecaster::render::far_shimmer;
    let views = [
        ("levels/stress.toml", None),
        ("levels/e1m2.tmx", Some((Vec2::new(20.5, 12.5), 195.0))),
    ];
    for (level, pose) in views {
        let loaded = load_with_textures(Path::new(level), None).unwrap();
        let assets = RenderAssets::new(&loaded.level, &loaded.textures);
        let start = &loaded.level.player;
        let (pos, angle) = pose.unwrap_or((start.position, start.facing));
        let mut frames = (Frame::new(320, 200).unwrap(), Frame::new(320, 200).unwrap());
        let mut shimmer = |mipmaps: bool| -> f64 {
            let mut renderer = Renderer::new();
            renderer.set_mipmaps(mipmaps);
            (0..8)
                .map(|i| {
                    let view = (pos, angle + 45.0 * f64::from(i), Camera::DEFAULT_FOV);
                    let frames = (&mut frames.0, &mut frames.1);
                    far_shimmer(&mut renderer, &loaded.level, &assets, view, 0.1, frames)
                })
                .sum()
        };
        let (without, with) = (shimmer(false), shimmer(true));
        assert!(
            with < 0.95 * without,
            "{level}: far-half shimmer {with:.2} with mipmaps, {without:.2} without"
        );
    }
    // Facing a wall at arm's length, both draw the same.
    let near = |mipmaps| {
        render_with(
            common::ENTRY_HALL,
            (1.3, 2.5),
            180.0,
            &ClosedDoors,
            (160, 100),
            mipmaps,
        )
    };
    assert!(near(true).rgba() == near(false).rgba());
}

#[test]
fn golden_far_end_of_the_stress_level() {
    golden(
        "stress_far",
        &composed("levels/stress.toml", (3.5, 3.5), 45.0, (160, 100)),
    );
}

/// The first square a ray meets among the solid cells of `map` (boundary included), by slab
/// tests against every cell: an independent reference for the renderer's casts.
fn brute_force_hit(map: &TileMap, o: Vec2, d: Vec2) -> (f64, Vec<Cell>) {
    let mut best = f64::INFINITY;
    let mut cells = Vec::new();
    for y in -1..=map.height() as i32 {
        for x in -1..=map.width() as i32 {
            let cell = Cell::new(x, y);
            if map.get(cell) == Some(Tile::Empty) {
                continue;
            }
            let slab = |o: f64, d: f64, lo: f64| {
                if d == 0.0 {
                    if (lo..=lo + 1.0).contains(&o) {
                        (f64::NEG_INFINITY, f64::INFINITY)
                    } else {
                        (f64::INFINITY, f64::NEG_INFINITY)
                    }
                } else {
                    let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
                    (a.min(b), a.max(b))
                }
            };
            let (x0, x1) = slab(o.x, d.x, x as f64);
            let (y0, y1) = slab(o.y, d.y, y as f64);
            let (enter, exit) = (x0.max(y0).max(0.0), x1.min(y1));
            if enter <= exit {
                if enter < best - 1e-9 {
                    best = enter;
                    cells.clear();
                }
                if (enter - best).abs() <= 1e-9 {
                    cells.push(cell);
                }
            }
        }
    }
    (best, cells)
}

/// No column in 3,600 view angles around a pillar shows a gap or a wrong cell: every column
/// hits, the hit is the first solid square along its ray (by brute force), and its span is drawn.
#[test]
fn no_seams_around_a_pillar() {
    let text = "name = \"pillar\"\ngrid = '''\n#########\n#.......#\n#.......#\n#...#...#\n#.......#\n#......@#\n#########\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n";
    let level = tilecaster::level::Level::parse(text, Path::new("levels/pillar.toml"))
        .unwrap()
        .level;
    let textures = tilecaster::texture::TextureSet::new();
    let assets = RenderAssets::new(&level, &textures);
    let width = 96;
    let mut checked = 0;
    for (k, pos) in [(2.5, 3.5), (2.0, 2.0), (6.25, 5.0), (3.999, 3.0)]
        .into_iter()
        .enumerate()
    {
        for step in 0..3600 {
            if step % 4 != k {
                continue; // 3,600 angles over four positions
            }
            let camera = Camera::new(
                Vec2::new(pos.0, pos.1),
                step as f64 / 10.0,
                Camera::DEFAULT_FOV,
            );
            for x in 0..width {
                let cast = cast_column(&level, &assets, &ClosedDoors, &camera, x, width);
                let hit = cast.hit.unwrap_or_else(|| {
                    panic!("gap: {pos:?} angle {} column {x}", step as f64 / 10.0)
                });
                let (t, cells) = brute_force_hit(&level.map, camera.pos, cast.ray);
                assert!(
                    (hit.t - t).abs() <= 1e-9 * t.max(1.0),
                    "{pos:?} {step} {x}: t {} vs {t}",
                    hit.t
                );
                assert!(
                    cells.contains(&hit.cell),
                    "{pos:?} {step} {x}: cell {} not among {cells:?}",
                    hit.cell
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3600 * width as usize);
}

/// `tilecaster columns` prints, for every column, exactly what the traversal's cast returns.
#[test]
fn columns_agrees_with_cast_for_every_column() {
    let out = common::run_ok([
        "columns",
        "--level",
        "levels/stress.toml",
        "--pos",
        "20.25,30.75",
        "--angle",
        "-33.3",
        "--width",
        "640",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("column,ray_dx,ray_dy,cell_x,cell_y,face,perp_distance,wall_u,steps")
    );
    let map = tilecaster::level::Level::load(Path::new("levels/stress.toml"))
        .unwrap()
        .level
        .map;
    let camera = Camera::new(Vec2::new(20.25, 30.75), -33.3, Camera::DEFAULT_FOV);
    let mut rows = 0;
    for (x, line) in lines.enumerate() {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[0].parse::<usize>().unwrap(), x);
        let ray = Vec2::new(f[1].parse().unwrap(), f[2].parse().unwrap());
        assert_eq!(
            ray,
            camera.ray(x as u32, 640),
            "the ray parses back exactly"
        );
        let hit = cast_ray(&map, camera.pos, ray, f64::INFINITY).unwrap();
        let face = hit.face.map_or("none", Face::name);
        assert_eq!(
            (
                f[3].parse::<i32>().unwrap(),
                f[4].parse::<i32>().unwrap(),
                f[5]
            ),
            (hit.cell.x, hit.cell.y, face)
        );
        assert_eq!(f[6].parse::<f64>().unwrap().to_bits(), hit.t.to_bits());
        assert_eq!(f[7].parse::<f64>().unwrap().to_bits(), hit.u.to_bits());
        assert_eq!(f[8].parse::<u32>().unwrap(), hit.visited);
        rows += 1;
    }
    assert_eq!(rows, 640);
}

/// A guard half hidden by a wall's corner: the sprite is cut where the wall is nearer. The
/// guard stands on the line of sight through the corner at (4, 3): from (3.5, 4.5) that line
/// reaches y = 1.5 at x = 4.5.
#[test]
fn golden_sprite_half_behind_a_wall_corner() {
    let text = r##"name = "corner"
textures = "../textures"
grid = '''
########
#......#
#.##...#
#......#
#......#
#..@...#
########
'''
[legend]
"#" = { wall = "brick" }
"@" = { player = "north" }

[[enemy]]
kind = "guard"
position = [4.5, 1.5]
facing = "south"
"##;
    let level = tilecaster::level::Level::parse(text, Path::new("levels/corner.toml"))
        .unwrap()
        .level;
    let mut textures = tilecaster::texture::TextureSet::new();
    textures.load(Path::new("textures"), "brick").unwrap();
    textures
        .load_sprite(Path::new("textures"), "guard")
        .unwrap();
    let assets = RenderAssets::new(&level, &textures);
    let sprites = tilecaster::render::level_sprites(&level, &textures);
    assert_eq!(sprites.len(), 1);
    let (w, h) = (320, 200);
    let mut frame = Frame::new(w, h).unwrap();
    let camera = Camera::new(Vec2::new(3.5, 4.5), 270.0, Camera::DEFAULT_FOV);
    Renderer::new().render(&level, &assets, &ClosedDoors, &sprites, &camera, &mut frame);
    golden("sprite_behind_corner", &frame);
    // Not by eye alone: the guard's olive uniform (red and green close, blue well below; unlike
    // brick and the grey floor and ceiling) shows right of the corner's column, never left.
    let corner_x = w as f64 / 2.0 * (1.0 + (4.0 - 3.5) / (4.5 - 3.0) / camera.plane.length());
    let guard_pixels = |range: std::ops::Range<u32>| {
        range
            .flat_map(|x| (0..h).map(move |y| (x, y)))
            .filter(|&(x, y)| {
                let [r, g, b, _] = frame.pixel(x, y);
                r.abs_diff(g) < 20 && g > b.saturating_add(15)
            })
            .count()
    };
    assert!(
        guard_pixels(corner_x.ceil() as u32 + 1..w) > 30,
        "the guard shows right of the corner"
    );
    assert_eq!(
        guard_pixels(0..corner_x.floor() as u32 - 1),
        0,
        "and nowhere left of it"
    );
}

/// A guard behind a grate shows through its holes and nowhere through its bars, and one
/// between the grate and the camera is drawn over them. Told apart pixel by pixel from the
/// same corridor drawn without the guard, without the grate, and without both: a pixel where
/// the grate alone changes the picture is a bar, where it changes nothing a hole.
#[test]
fn a_sprite_behind_a_grate_shows_only_through_its_holes() {
    let draw = |grate: bool, guard: Option<f64>| {
        let cell = if grate { "=" } else { "." };
        let enemy = guard.map_or(String::new(), |y| {
            format!("[[enemy]]\nkind = \"guard\"\nposition = [2.5, {y}]\nfacing = \"south\"\n")
        });
        let grid = [
            "#####",
            "#...#",
            "#...#",
            &format!("#.{cell}.#"),
            "#...#",
            "#...#",
        ];
        let text = format!(
            "name = \"grate\"\ntextures = \"../textures\"\ngrid = '''\n{}\n#.@.#\n#####\n'''\n\
             [legend]\n\"#\" = {{ wall = \"brick\" }}\n\"=\" = {{ masked = \"grate\" }}\n\
             \"@\" = {{ player = \"north\" }}\n{enemy}",
            grid.join("\n")
        );
        let level = tilecaster::level::Level::parse(&text, Path::new("levels/grate.toml"))
            .unwrap()
            .level;
        let mut textures = tilecaster::texture::TextureSet::new();
        for name in ["brick", "grate"] {
            textures.load(Path::new("textures"), name).unwrap();
        }
        textures
            .load_sprite(Path::new("textures"), "guard")
            .unwrap();
        let assets = RenderAssets::new(&level, &textures);
        let sprites = tilecaster::render::level_sprites(&level, &textures);
        let mut frame = Frame::new(320, 200).unwrap();
        let camera = Camera::new(Vec2::new(2.5, 6.5), 270.0, Camera::DEFAULT_FOV);
        Renderer::new().render(&level, &assets, &ClosedDoors, &sprites, &camera, &mut frame);
        (0..frame.height())
            .flat_map(|y| (0..frame.width()).map(move |x| (x, y)))
            .map(|(x, y)| frame.pixel(x, y))
            .collect::<Vec<_>>()
    };
    let (bare, grate) = (draw(false, None), draw(true, None));
    // Behind the grate (its face at y = 4, the guard at 1.5), then in front of it (at 5.2).
    for (y, behind) in [(1.5, true), (5.2, false)] {
        let (guard, both) = (draw(false, Some(y)), draw(true, Some(y)));
        let bars_under_guard = (0..bare.len())
            .filter(|&k| grate[k] != bare[k] && guard[k] != bare[k])
            .collect::<Vec<_>>();
        assert!(
            bars_under_guard.len() > 50,
            "the guard and the bars share pixels: {}",
            bars_under_guard.len()
        );
        if behind {
            for k in 0..bare.len() {
                // A bar hides the guard; a hole shows it as without the grate.
                let bar = grate[k] != bare[k];
                let expected = if bar { grate[k] } else { guard[k] };
                assert_eq!(both[k], expected, "pixel {k}: a bar {bar}");
            }
            let through_holes = (0..bare.len())
                .filter(|&k| grate[k] == bare[k] && guard[k] != bare[k])
                .count();
            assert!(
                through_holes > 50,
                "the holes show the guard: {through_holes}"
            );
        } else {
            // Over the bars the guard's opaque pixels are drawn as without the grate.
            let over = bars_under_guard
                .iter()
                .filter(|&&k| both[k] == guard[k])
                .count();
            assert!(over > 50, "the guard is drawn over the bars: {over}");
        }
    }
}

/// A push wall half a cell into its slide north: drawn at its square, not at the cell's face.
struct Sliding;

impl MovingParts for Sliding {
    fn open(&self, _: Cell) -> f64 {
        0.0
    }
    fn moving_wall(&self, cell: Cell) -> Option<Vec2> {
        // From (3, 2) north: the block's square is [3, 4] x [1.5, 2.5], over cells (3, 1) and (3, 2).
        (cell == Cell::new(3, 2) || cell == Cell::new(3, 1)).then_some(Vec2::new(3.0, 1.5))
    }
}

/// A room with a push wall at (3, 2), caught mid-slide north: the block covers (3, 1) and
/// (3, 2) (as [`Sliding`] says), with its textures resolved.
fn push_wall_mid_slide() -> (tilecaster::level::Level, RenderAssets) {
    let text = r##"name = "push"
textures = "../textures"
grid = '''
#######
#.....#
#..P..#
#.....#
#..@..#
#######
'''
[legend]
"#" = { wall = "brick" }
"P" = { push = "stone" }
"@" = { player = "north" }
"##;
    let mut level = tilecaster::level::Level::parse(text, Path::new("levels/push.toml"))
        .unwrap()
        .level;
    // While sliding, the block covers both cells.
    let style = level.map.style(Cell::new(3, 2));
    level.map.set_styled(Cell::new(3, 1), Tile::PushWall, style);
    let mut textures = tilecaster::texture::TextureSet::new();
    textures.load(Path::new("textures"), "brick").unwrap();
    textures.load(Path::new("textures"), "stone").unwrap();
    let assets = RenderAssets::new(&level, &textures);
    (level, assets)
}

#[test]
fn golden_push_wall_mid_slide() {
    let (level, assets) = push_wall_mid_slide();
    let camera = Camera::new(Vec2::new(3.5, 4.5), 270.0, Camera::DEFAULT_FOV);
    // The middle column meets the block's south face at y = 2.5: t = 2, not the cell's face at 1.5.
    let cast = cast_column(&level, &assets, &Sliding, &camera, 80, 160);
    let hit = cast.hit.unwrap();
    assert_eq!((hit.face, hit.t), (Some(Face::South), 2.0));
    let still = cast_column(&level, &assets, &ClosedDoors, &camera, 80, 160)
        .hit
        .unwrap();
    assert_eq!(still.t, 1.5, "a still push wall fills its cell");
    let mut frame = Frame::new(160, 100).unwrap();
    Renderer::new().render(&level, &assets, &Sliding, &[], &camera, &mut frame);
    golden("push_wall_sliding", &frame);
}

/// A dark pillared hall lit by lamps (`tests/scenes/lamps.toml`): down the hall towards the
/// chandelier, the pillars' shadows across floor and ceiling; the blue lamp at the east end;
/// the map from above with each light's reach. Lit pictures differ from `--no-lights`'s.
#[test]
fn golden_lit_hall() {
    use tilecaster::game::Game;
    use tilecaster::scene::topdown::{MapLayers, MapView, draw_map};
    let level = "tests/scenes/lamps.toml";
    let hall = composed(level, (1.5, 4.5), 0.0, (320, 200));
    golden("lamps_hall", &hall);
    golden(
        "lamps_blue",
        &composed(level, (17.5, 1.5), 150.0, (320, 200)),
    );
    // A shot's muzzle flash (a dynamic light) lights the hall around the player for a moment.
    let flash = {
        use tilecaster::episode::Session;
        use tilecaster::scene::{Composer, Overlays, SessionAssets};
        let mut session = Session::start(Path::new(level), None).unwrap();
        session.game.set_viewpoint(Vec2::new(4.5, 4.5), 0.0);
        session.game.ticks = 30;
        session.game.seat_mut().last_shot = Some(29);
        session.hush();
        let mut composer = Composer::new(Frame::new(320, 200).unwrap(), Camera::DEFAULT_FOV, false);
        let mut assets = SessionAssets::new(&session);
        composer.draw(&session, assets.of(&session), &Overlays::default(), None);
        composer.frame
    };
    golden("lamps_flash", &flash);
    let unflashed = composed(level, (4.5, 4.5), 0.0, (320, 200));
    let brighter = (0..200)
        .flat_map(|y| (0..320).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let sum = |f: &Frame| {
                f.pixel(x, y)[..3]
                    .iter()
                    .map(|&c| u32::from(c))
                    .sum::<u32>()
            };
            sum(&flash) > sum(&unflashed)
        })
        .count();
    assert!(brighter > 20_000, "{brighter} pixels brighter in the flash");
    let loaded = load_with_textures(Path::new(level), None).unwrap();
    let assets = RenderAssets::new(&loaded.level, &loaded.textures);
    let game = Game::new(loaded.level.clone());
    let mut frame = Frame::new(320, 200).unwrap();
    let view = MapView::fit(&game, &frame);
    let mut lighter = Renderer::new();
    draw_map(
        &mut frame,
        &game,
        &assets,
        lighter.light_map(&loaded.level, &assets, &ClosedDoors),
        &view,
        &MapLayers::rays(Camera::DEFAULT_FOV, 320, 0),
    );
    golden("lamps_map", &frame);
    let mut unlit = Frame::new(320, 200).unwrap();
    let mut renderer = Renderer::new();
    renderer.set_lights(false);
    let camera = Camera::new(Vec2::new(1.5, 4.5), 0.0, Camera::DEFAULT_FOV);
    renderer.render(
        &loaded.level,
        &assets,
        &ClosedDoors,
        &[],
        &camera,
        &mut unlit,
    );
    assert_ne!(hall.rgba(), unlit.rgba());
}

/// The top-down view of the first Entry Hall from its start: the map, the player's rays
/// ending at their hits (here the closed door ahead), the enemies and pickups.
#[test]
fn golden_topdown_map() {
    use tilecaster::game::Game;
    use tilecaster::scene::topdown::{MapLayers, MapView, draw_map};
    let loaded = load_with_textures(Path::new(common::ENTRY_HALL), None).unwrap();
    let assets = RenderAssets::new(&loaded.level, &loaded.textures);
    let game = Game::new(loaded.level.clone());
    let mut frame = Frame::new(320, 200).unwrap();
    let view = MapView::fit(&game, &frame);
    let layers = MapLayers::rays(Camera::DEFAULT_FOV, 320, 16);
    draw_map(&mut frame, &game, &assets, None, &view, &layers);
    golden("topdown_entry_hall", &frame);
    // Not by eye alone: the ray straight ahead ends at the door (7, 2), 3.5 tiles east: the
    // pixel just before its end is ray-yellow, the one past it is the door's.
    let to_screen = |x: f64, y: f64| {
        (
            (160.0 + (x - view.centre.x) * view.scale) as u32,
            (100.0 + (y - view.centre.y) * view.scale) as u32,
        )
    };
    let (bx, by) = to_screen(7.4, 2.5);
    let [r, g, b, _] = frame.pixel(bx, by);
    assert!(
        r > 200 && g > 170 && b < 100,
        "ray at the door: {:?}",
        [r, g, b]
    );
    let (dx, dy) = to_screen(7.7, 2.5);
    let [r, g, b, _] = frame.pixel(dx, dy);
    assert!(
        b > 150 && r < 100,
        "the closed door beyond the ray's end: {:?}",
        [r, g, b]
    );
}

/// The game on the first Entry Hall as the top-down debugger shows it: the player at
/// (3.5, 10.1) facing east fired a pistol shot and a fireball through the grate (7, 10) 20
/// ticks ago, with tracing on.
fn traced_game() -> (tilecaster::game::Game, RenderAssets) {
    let loaded = load_with_textures(Path::new(common::ENTRY_HALL), None).unwrap();
    let assets = RenderAssets::new(&loaded.level, &loaded.textures);
    let mut game = tilecaster::game::Game::from_loaded(&loaded);
    game.set_viewpoint(tilecaster::geom::Vec2::new(3.5, 10.1), 0.0);
    tilecaster::scene::topdown::stage_debug_shots(&mut game);
    (game, assets)
}

/// The top-down debugger: the visibility polygon's shading, the bullet's walk through the
/// grate's hole to the east wall (cells, crossings, a ring at its hit), the fireball's steps,
/// and each enemy's sight line.
#[test]
fn golden_topdown_debugger() {
    use tilecaster::game::TraceKind;
    use tilecaster::scene::topdown::{MapLayers, MapView, draw_map};
    let (game, assets) = traced_game();
    let mut frame = Frame::new(320, 200).unwrap();
    let view = MapView::fit(&game, &frame);
    let layers = MapLayers {
        visibility: true,
        debug: true,
        ..MapLayers::rays(Camera::DEFAULT_FOV, 320, 16)
    };
    draw_map(&mut frame, &game, &assets, None, &view, &layers);
    golden("topdown_debugger", &frame);
    // Not by eye alone: the bullet stopped at the east wall, x = 23, where its ring is drawn
    // (white-yellow), and the open floor the player cannot see is darker than the floor
    // they can.
    let bullet = game
        .traces
        .iter()
        .find(|t| t.kind == TraceKind::Bullet)
        .unwrap();
    assert_eq!(bullet.hit.map(|h| h.x), Some(23.0));
    assert_eq!(bullet.crossings.len(), bullet.cells.len() - 1);
    let at = |x: f64, y: f64| {
        let (sx, sy) = view.screen_point(tilecaster::geom::Vec2::new(x, y));
        frame.pixel(sx as u32, sy as u32)
    };
    let lum = |p: [u8; 4]| p[0] as u32 + p[1] as u32 + p[2] as u32;
    assert!(lum(at(2.3, 7.3)) > lum(at(20.3, 3.3)) + 20);
}

/// The minimap in the corner of the first-person view, with the automap: only explored
/// ground and the things on it.
#[test]
fn golden_minimap_over_the_first_person_view() {
    use tilecaster::scene::topdown::{MapLayers, MapView, draw_map};
    let (game, assets) = traced_game();
    let mut frame = Frame::new(320, 200).unwrap();
    Renderer::new().render(
        &game.level,
        &assets,
        &tilecaster::scene::GameParts(&game),
        &[],
        &tilecaster::scene::camera(&game, Camera::DEFAULT_FOV),
        &mut frame,
    );
    let plain = frame.clone();
    let view = MapView::minimap(&game, &frame, 4.0, Default::default());
    let layers = MapLayers {
        automap: true,
        ..MapLayers::rays(Camera::DEFAULT_FOV, 320, 0)
    };
    draw_map(&mut frame, &game, &assets, None, &view, &layers);
    golden("minimap", &frame);
    let (x, y, w, h) = view.rect;
    assert_eq!(
        (x + w + 4, y, w, h),
        (320, 4, 50, 50),
        "the top right corner"
    );
    // The minimap's border, and the first-person view left alone outside it.
    assert_eq!(frame.pixel(x, y + 10), [200, 200, 210, 255]);
    assert_eq!(frame.pixel(x - 1, y + 10), plain.pixel(x - 1, y + 10));
}

/// Every door at the same open fraction.
struct DoorsAt(f64);

impl MovingParts for DoorsAt {
    fn open(&self, _: Cell) -> f64 {
        self.0
    }
}

/// The bundled levels with their textures, their render assets, and their door cells.
fn bundled_doors() -> Vec<(
    tilecaster::level::LevelWithTextures,
    RenderAssets,
    Vec<tilecaster::level::DoorSpawn>,
)> {
    [
        "e1m1.toml",
        "e1m2.tmx",
        "e1m3.toml",
        "e1m4.toml",
        "e1m5.toml",
        "e1m6.toml",
        "e1m7.toml",
        "e1m8.tmx",
        "e1m9.toml",
        "e1m10.tmx",
        "stress.toml",
    ]
    .iter()
    .map(|name| {
        let loaded = load_with_textures(&Path::new("levels").join(name), None).unwrap();
        let assets = RenderAssets::new(&loaded.level, &loaded.textures);
        let doors = loaded.level.doors.clone();
        (loaded, assets, doors)
    })
    .collect()
}

mod inside_doors {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;
    use tilecaster::game::PLAYER_RADIUS;

    fn levels() -> &'static [(
        tilecaster::level::LevelWithTextures,
        RenderAssets,
        Vec<tilecaster::level::DoorSpawn>,
    )] {
        static LEVELS: OnceLock<
            Vec<(
                tilecaster::level::LevelWithTextures,
                RenderAssets,
                Vec<tilecaster::level::DoorSpawn>,
            )>,
        > = OnceLock::new();
        LEVELS.get_or_init(bundled_doors)
    }

    proptest! {
        #![proptest_config(common::proptest_config(96))]

        /// From anywhere inside any door's cell, open or closed, facing anywhere: no column
        /// meets a wall at distance 0. What a column meets in the door's own cell is the door's
        /// slab (on its mid-cell plane, in its closed part); everything else lies beyond the
        /// cell. The picture is never one colour.
        #[test]
        fn a_camera_inside_a_door_cell_sees_past_its_open_part_and_the_slab_where_it_is(
            pick in 0usize..1000,
            fx in 0.02f64..0.98,
            fy in 0.02f64..0.98,
            angle in 0.0f64..360.0,
            open in prop_oneof![Just(0.0), Just(0.5), Just(1.0), 0.0f64..1.0],
        ) {
            let all: Vec<(usize, usize)> = levels()
                .iter()
                .enumerate()
                .flat_map(|(l, (_, _, doors))| (0..doors.len()).map(move |d| (l, d)))
                .collect();
            let (l, d) = all[pick % all.len()];
            let (loaded, assets, doors) = &levels()[l];
            let door = doors[d].cell;
            let along_x = doors[d].along_x;
            // Off the door's plane itself (there the slab is at distance 0 by definition).
            let (fx, fy) = if along_x {
                (fx, if (fy - 0.5).abs() < 0.01 { 0.6 } else { fy })
            } else {
                (if (fx - 0.5).abs() < 0.01 { 0.6 } else { fx }, fy)
            };
            let pos = Vec2::new(door.x as f64 + fx, door.y as f64 + fy);
            let camera = Camera::new(pos, angle, Camera::DEFAULT_FOV);
            let parts = DoorsAt(open);
            let width = 48;
            for x in 0..width {
                let cast = cast_column(&loaded.level, assets, &parts, &camera, x, width);
                let Some(hit) = cast.hit else { continue };
                prop_assert!(hit.t > 0.0, "column {x}: a wall at distance 0 from {pos:?}");
                if hit.cell == door {
                    let (on_plane, local) = if along_x {
                        (hit.point.y - (door.y as f64 + 0.5), hit.point.x - door.x as f64)
                    } else {
                        (hit.point.x - (door.x as f64 + 0.5), hit.point.y - door.y as f64)
                    };
                    prop_assert!(on_plane.abs() < 1e-9, "column {x}: off the door's plane");
                    prop_assert!(local >= open - 1e-9 && local <= 1.0, "column {x}: in the open part");
                }
            }
            // Nose to the slab or to the door's frame beside it (nearer than the player's
            // radius, where the game never puts the eye) one texel may fill the view; from
            // farther the picture is never one colour.
            let (from_plane, from_frame) = if along_x {
                (fy - 0.5, fx.min(1.0 - fx))
            } else {
                (fx - 0.5, fy.min(1.0 - fy))
            };
            if from_plane.abs() >= PLAYER_RADIUS && from_frame >= PLAYER_RADIUS {
                let mut frame = Frame::new(48, 30).unwrap();
                Renderer::new().render(&loaded.level, assets, &parts, &[], &camera, &mut frame);
                let first = frame.pixel(0, 0);
                let one_colour = (0..30).all(|y| (0..48).all(|x| frame.pixel(x, y) == first));
                prop_assert!(!one_colour, "one colour from {pos:?} at {angle}");
            }
        }
    }
}

/// Issue 14's pose: inside the first Entry Hall's first door's cell, 0.2 tiles before its
/// closed slab. It used to be one flat grey (every column a wall at distance 0); now the slab
/// fills the view up close, and a step past the plane the corridor beyond shows.
#[test]
fn golden_inside_a_door_cell() {
    let frame = render(common::ENTRY_HALL, (7.3, 2.5), 0.0, &ClosedDoors);
    golden("inside_door_cell", &frame);
    let past = render(common::ENTRY_HALL, (7.6, 2.5), 0.0, &ClosedDoors);
    let first = past.pixel(0, 0);
    assert!((0..100).any(|y| (0..160).any(|x| past.pixel(x, y) != first)));
}

/// A camera inside the near cell of a sliding push wall, behind the block (it moves away):
/// it sees the block's back face ahead, not a wall at distance 0.
#[test]
fn a_camera_behind_a_sliding_push_wall_sees_the_block() {
    let (level, assets) = push_wall_mid_slide();
    // The block's square is [3, 4] x [1.5, 2.5]; the camera stands in (3, 2) at y = 2.8.
    let camera = Camera::new(Vec2::new(3.5, 2.8), 270.0, Camera::DEFAULT_FOV);
    let hit = cast_column(&level, &assets, &Sliding, &camera, 80, 160)
        .hit
        .unwrap();
    assert_eq!(hit.face, Some(Face::South));
    assert!((hit.t - 0.3).abs() < 1e-9, "{}", hit.t);
}

/// `render --hud` with `weapon` in hand (and `firing` ticks after an attack) at the first
/// Entry Hall's row 10, 320x200, into `out`: the picture.
fn hud_render(weapon: &str, firing: Option<&str>, out: &Path) -> image::RgbaImage {
    let path = out.to_str().unwrap();
    let mut args = vec![
        "render",
        "--level",
        common::ENTRY_HALL,
        "--hud",
        "--weapon",
        weapon,
        "--pos",
        "4.5,10.3",
        "--angle",
        "0",
        "--size",
        "320x200",
        "-o",
        path,
    ];
    if let Some(t) = firing {
        args.extend(["--firing", t]);
    }
    common::run_ok(args);
    image::open(out).unwrap().to_rgba8()
}

/// `render --hud` draws the status bar, the weapon and the crosshair as the game does, so the
/// whole picture is testable headless.
#[test]
fn golden_render_with_the_hud() {
    let dir = std::env::temp_dir().join(format!("tilecaster-hud-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for weapon in ["pistol", "knife", "launcher", "machine-gun", "chaingun"] {
        let img = hud_render(weapon, None, &dir.join(format!("{weapon}.png")));
        let mut frame = Frame::new(320, 200).unwrap();
        frame.rgba_mut().copy_from_slice(img.as_raw());
        golden(&format!("hud_{}", weapon.replace('-', "_")), &frame);
        // The status bar's blue across the bottom rows.
        let px = img.get_pixel(2, 190).0;
        assert!(px[2] > px[0], "{px:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `render --hud --firing TICKS` draws the weapon that long after an attack: the pistol's
/// flash, the knife's thrust and the chaingun's flash over its spinning barrels, each a
/// picture of its own, unlike the weapon at rest.
#[test]
fn golden_firing_frames() {
    let dir = std::env::temp_dir().join(format!("tilecaster-firing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (weapon, ticks) in [("pistol", "1"), ("knife", "8"), ("chaingun", "1")] {
        let shot = |firing: Option<&str>| {
            let out = dir.join(format!("{weapon}-{}.png", firing.unwrap_or("rest")));
            hud_render(weapon, firing, &out)
        };
        let (firing, rest) = (shot(Some(ticks)), shot(None));
        assert_ne!(
            firing, rest,
            "{weapon} at {ticks} ticks is drawn as at rest"
        );
        let mut frame = Frame::new(320, 200).unwrap();
        frame.rgba_mut().copy_from_slice(firing.as_raw());
        golden(&format!("hud_{weapon}_firing"), &frame);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The per-pixel loops in their vector versions (AVX2, where the CPU has it) draw exactly the
/// pictures of their baseline versions: every bundled level and the stress and lodev scenes,
/// from the start and from spots with floor, fog and walls at many distances, at an odd size
/// (runs of every length) and a common one.
#[test]
fn vector_and_baseline_loops_draw_the_same_pictures() {
    #[cfg(target_arch = "x86_64")]
    let vector_loops_here = std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    let vector_loops_here = false;
    if !vector_loops_here {
        // Both would run the baseline loops: the comparison would prove nothing.
        eprintln!("skipped: this CPU has no AVX2, so the vector loops do not run here");
        return;
    }
    let levels = [
        "levels/e1m1.toml",
        "levels/e1m2.tmx",
        "levels/e1m3.toml",
        "levels/stress.toml",
        "levels/lodev.toml",
    ];
    let mut compared = 0;
    for level in levels {
        let loaded = load_with_textures(Path::new(level), None).unwrap();
        let assets = RenderAssets::new(&loaded.level, &loaded.textures);
        let sprites = tilecaster::render::level_sprites(&loaded.level, &loaded.textures);
        let start = loaded.level.player.position;
        let spots = [(start.x, start.y), (5.5, 5.5), (10.3, 7.7), (20.5, 12.5)];
        for (x, y) in spots {
            for angle in [0.0, 33.0, 127.0, 200.0, 301.0] {
                for (w, h) in [(333, 217), (640, 400)] {
                    let camera = Camera::new(Vec2::new(x, y), angle, Camera::DEFAULT_FOV);
                    // Mipmaps on at the odd size, off at the common one.
                    let draw = |vector: bool| {
                        let mut frame = Frame::new(w, h).unwrap();
                        let mut renderer = Renderer::new();
                        renderer.set_vector_loops(vector);
                        renderer.set_mipmaps(w == 333);
                        renderer.render(
                            &loaded.level,
                            &assets,
                            &ClosedDoors,
                            &sprites,
                            &camera,
                            &mut frame,
                        );
                        frame
                    };
                    let (fast, plain) = (draw(true), draw(false));
                    assert!(
                        fast.rgba() == plain.rgba(),
                        "{level} from {x},{y} at {angle} degrees, {w}x{h}: the loops differ"
                    );
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 5 * 4 * 5 * 2);
}

/// Sprite sheets may have frames of any power of two: the guard's sheet scaled up to 128-pixel
/// frames (each pixel doubled) draws the guard exactly as the 64-pixel sheet does; with a
/// blank sheet there is no guard in the picture (so the guard is in view).
#[test]
fn sprite_frames_of_128_pixels_draw_as_64_pixel_ones() {
    let dir = std::env::temp_dir().join(format!("tilecaster-sprites128-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let copy = |to: &Path, drop: Option<&str>| {
        std::fs::create_dir_all(to.join("sprites")).unwrap();
        for sub in ["", "sprites"] {
            for entry in std::fs::read_dir(Path::new("textures").join(sub)).unwrap() {
                let path = entry.unwrap().path();
                if path.is_file() && path.file_name().and_then(|n| n.to_str()) != drop {
                    std::fs::copy(&path, to.join(sub).join(path.file_name().unwrap())).unwrap();
                }
            }
        }
    };
    let (big, without) = (dir.join("big"), dir.join("without"));
    copy(&big, None);
    copy(&without, Some("guard.png"));
    let guard = image::open("textures/sprites/guard.png")
        .unwrap()
        .to_rgba8();
    image::RgbaImage::new(guard.width(), guard.height())
        .save(without.join("sprites/guard.png"))
        .unwrap();
    let doubled = image::imageops::resize(
        &guard,
        guard.width() * 2,
        guard.height() * 2,
        image::imageops::FilterType::Nearest,
    );
    doubled.save(big.join("sprites/guard.png")).unwrap();
    let render = |textures: &Path, name: &str| {
        let out = dir.join(name);
        common::run_ok([
            "render",
            "--level",
            "levels/e1m1.toml",
            "--textures",
            textures.to_str().unwrap(),
            "--pos",
            "15.5,7.5",
            "--angle",
            "0",
            "--size",
            "320x200",
            "-o",
            out.to_str().unwrap(),
        ]);
        image::open(&out).unwrap().to_rgba8()
    };
    let original = render(Path::new("textures"), "original.png");
    let from_big = render(&big, "big.png");
    let no_guard = render(&without, "without.png");
    assert!(original != no_guard, "the guard is in view");
    assert!(
        original == from_big,
        "128-pixel frames draw as 64-pixel ones"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A wall texture's variants (`NAME_2.png`, `NAME_3.png` beside `NAME.png`) are loaded with
/// it and drawn cell by cell along a long wall, the same every frame, while a push wall keeps
/// the texture itself (so that it does not change as it slides); without the files, the wall
/// is the texture alone.
#[test]
fn a_long_wall_shows_its_texture_variants_and_a_push_wall_its_own() {
    let dir = common::scratch("variants");
    let tex = dir.join("tex");
    std::fs::create_dir_all(&tex).unwrap();
    let solid = |name: &str, rgb: [u8; 3]| {
        let [r, g, b] = rgb;
        image::RgbaImage::from_pixel(64, 64, image::Rgba([r, g, b, 255]))
            .save(tex.join(format!("{name}.png")))
            .unwrap();
    };
    solid("wall", [220, 0, 0]);
    solid("wall_2", [0, 220, 0]);
    solid("wall_3", [0, 0, 220]);
    let level = dir.join("variants.toml");
    let rows = ["##############", "#.....@......#", "#............#"];
    let mut grid = rows.join("\n");
    for _ in 0..5 {
        grid.push_str("\n#............#");
    }
    grid.push_str("\n######P#######\n");
    let text = format!(
        "name = \"variants\"\ntextures = \"tex\"\ngrid = '''\n{grid}'''\n[defaults]\n\
         floor = \"#303030\"\nceiling = \"#202020\"\n[legend]\n\"#\" = {{ wall = \"wall\" }}\n\
         \"P\" = {{ push = \"wall\" }}\n\"@\" = {{ player = \"south\" }}\n"
    );
    std::fs::write(&level, text).unwrap();
    let level = level.to_str().unwrap();
    // Down the room at the south wall: the push wall straight ahead, ten cells of wall across.
    let strongest = |frame: &Frame, x: u32| {
        let [r, g, b, _] = frame.pixel(x, 50);
        [r, g, b]
            .iter()
            .enumerate()
            .max_by_key(|(_, c)| **c)
            .map(|(i, _)| i)
            .unwrap()
    };
    let seen = |frame: &Frame| {
        let mut kinds: Vec<usize> = (0..160).map(|x| strongest(frame, x)).collect();
        kinds.dedup();
        kinds.sort_unstable();
        kinds.dedup();
        kinds
    };
    let frame = render(level, (6.5, 1.5), 90.0, &ClosedDoors);
    assert_eq!(seen(&frame), [0, 1, 2], "all three variants along the wall");
    assert_eq!(
        strongest(&frame, 80),
        0,
        "the push wall is the texture itself"
    );
    let again = render(level, (6.5, 1.5), 90.0, &ClosedDoors);
    assert_eq!(frame.rgba(), again.rgba(), "each cell keeps its variant");
    std::fs::remove_file(tex.join("wall_2.png")).unwrap();
    std::fs::remove_file(tex.join("wall_3.png")).unwrap();
    let plain = render(level, (6.5, 1.5), 90.0, &ClosedDoors);
    assert_eq!(seen(&plain), [0], "without its variants, the texture alone");
    let _ = std::fs::remove_dir_all(&dir);
}
