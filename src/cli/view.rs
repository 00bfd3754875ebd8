//! `tilecaster render` and `tilecaster columns`: the first-person view, headless.

use std::path::Path;
use tilecaster::episode::Session;
use tilecaster::game::Weapon;
use tilecaster::scene::{Composer, Overlays, SessionAssets};

use anyhow::{Result, bail};
use tilecaster::assets::Sources;
use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::level::{LevelWithTextures, load_with_sources};
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, cast_column};
use tilecaster::scene::profile;
use tilecaster::scene::topdown;

/// `X,Y` as a position.
pub fn parse_pos(s: &str) -> Result<Vec2, String> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("expected X,Y (like 2.5,3.5), found '{s}'"))?;
    let num = |v: &str| {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .ok_or_else(|| format!("'{v}' is not a finite number"))
    };
    Ok(Vec2::new(num(x)?, num(y)?))
}

/// `WxH` as a frame size: each side from 1 to the frame limit.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    parse_size_up_to(s, tilecaster::frame::MAX_FRAME_SIDE)
}

/// `WxH` as the game's internal resolution: the window opens at twice it, and a window's side
/// is at most 16384 pixels on the GPU, so each side is at most 8192.
pub fn parse_play_size(s: &str) -> Result<(u32, u32), String> {
    parse_size_up_to(s, tilecaster::frame::MAX_FRAME_SIDE / 2)
}

/// `WxH` split into its two sides (`example` shows the form in the message).
pub fn split_size<'a>(s: &'a str, example: &str) -> Result<(&'a str, &'a str), String> {
    s.split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WxH (like {example}), found '{s}'"))
}

fn parse_size_up_to(s: &str, most: u32) -> Result<(u32, u32), String> {
    let (w, h) = split_size(s, "640x400")?;
    let num = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=most).contains(n))
            .ok_or_else(|| format!("'{v}' is not a whole number of pixels from 1 to {most}"))
    };
    Ok((num(w)?, num(h)?))
}

/// A horizontal field of view in degrees, more than 0 and less than 180.
pub fn parse_fov(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| *v > 0.0 && *v < 180.0)
        .ok_or_else(|| format!("expected degrees between 0 and 180 (like 66), found '{s}'"))
}

/// A flashlight's field of view in degrees: more than 0, up to 360 (all round).
pub fn parse_cone(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| *v > 0.0 && *v <= 360.0)
        .ok_or_else(|| format!("expected degrees more than 0 and up to 360 (like 66), found '{s}'"))
}

/// A distance in tiles: more than 0 (`inf`: no limit).
pub fn parse_distance(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| *v > 0.0)
        .ok_or_else(|| {
            format!("expected a distance in tiles more than 0 (like 8, or inf), found '{s}'")
        })
}

/// An angle in degrees: any finite number.
pub fn parse_angle(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("expected an angle in degrees (like 90 or -45), found '{s}'"))
}

/// The place to look from: given, or the level's start.
pub struct Viewpoint {
    pub pos: Option<Vec2>,
    pub angle: Option<f64>,
    pub fov: f64,
    /// The map from above instead of the eye's view, with these layers.
    pub topdown: Option<Vec<Layer>>,
    /// The top-down view's ray probe.
    pub probe: Option<tilecaster::scene::topdown::RayProbe>,
    /// What to draw over the first-person view.
    pub overlay: Option<Overlay>,
    /// The game's HUD over the first-person view (status bar, weapon, crosshair), with this
    /// weapon in hand.
    pub hud: Option<Weapon>,
    /// With the HUD: the weapon this many ticks after an attack (its firing frames).
    pub firing: Option<u64>,
    /// Whether far surfaces are drawn from mipmaps.
    pub mipmaps: bool,
    /// Whether the level's lights and ambient light are drawn.
    pub lights: bool,
}

/// What `render` can draw over the first-person view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Overlay {
    /// The profiler: frame times, stages, rays/s, and the cells walked per column.
    Profile,
}

/// What the top-down view draws over the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Layer {
    /// The first-person view's rays (every 16th column), ending at their hits.
    Rays,
    /// What the viewpoint sees now (the visibility polygon); the rest shaded.
    Visibility,
    /// Only what has been seen from the viewpoint (the automap).
    Automap,
    /// The traversal debugger: traced shots and sight lines.
    Debug,
}

fn load(level: &Path, sources: &Sources) -> Result<LevelWithTextures> {
    Ok(load_with_sources(level, sources)?)
}

fn camera(loaded: &LevelWithTextures, view: &Viewpoint) -> Camera {
    let start = loaded.level.player;
    Camera::new(
        view.pos.unwrap_or(start.position),
        view.angle.unwrap_or(start.facing),
        view.fov,
    )
}

pub fn render(
    level: &Path,
    sources: &Sources,
    view: &Viewpoint,
    size: (u32, u32),
    output: &Path,
    force: bool,
) -> Result<()> {
    let frame = Frame::new(size.0, size.1)?;
    // Before the work: a file there, or no folder for it, is refused now.
    tilecaster::files::check_writable(output, force)?;
    // The game at that place as it stands at the level's start, drawn by the composer the
    // window draws with: the eye's view, or the map from above.
    let mut session = Session::start(level, sources)?;
    let start = session.game.level.player;
    let angle = view.angle.unwrap_or(start.facing);
    session
        .game
        .set_viewpoint(view.pos.unwrap_or(start.position), angle);
    if let Some(weapon) = view.hud {
        session.game.seat_mut().weapon = weapon;
    }
    if let Some(ticks) = view.firing {
        let game = &mut session.game;
        game.ticks += ticks;
        game.seat_mut().last_shot = Some(game.ticks - ticks);
    }
    // A still: without the level's name, which the game shows for its first seconds.
    session.hush();
    // From above: the whole map, with the layers asked for (`debug` shows a shot and a
    // fireball fired from the viewpoint, 20 ticks on).
    let still_map = view.topdown.as_ref().map(|layers| topdown::MapLayers {
        rays_every: if layers.contains(&Layer::Rays) { 16 } else { 0 },
        columns: size.0,
        fov: view.fov,
        visibility: layers.contains(&Layer::Visibility),
        automap: layers.contains(&Layer::Automap),
        debug: layers.contains(&Layer::Debug),
        probe: view.probe,
    });
    if still_map.is_some_and(|m| m.debug) {
        topdown::stage_debug_shots(&mut session.game);
    }
    let mut composer = Composer::new(frame, view.fov, view.hud.is_some() && still_map.is_none());
    composer.renderer.set_mipmaps(view.mipmaps);
    composer.renderer.set_lights(view.lights);
    let overlays = Overlays {
        profiler: view.overlay == Some(Overlay::Profile) && still_map.is_none(),
        still_map,
        ..Overlays::default()
    };
    // The profiler's graph wants its frames: as many views as it shows.
    let times = if overlays.profiler {
        profile::GRAPH_FRAMES
    } else {
        1
    };
    let mut assets = SessionAssets::new(&session);
    for _ in 0..times {
        composer.draw(&session, assets.of(&session), &overlays, None);
    }
    composer.frame.save_png(output, force)?;
    let from_above = if still_map.is_some() {
        ", top-down"
    } else {
        ""
    };
    eprintln!(
        "wrote {} ({}x{}{from_above})",
        output.display(),
        size.0,
        size.1
    );
    Ok(())
}

pub fn columns(level: &Path, sources: &Sources, view: &Viewpoint, width: u32) -> Result<()> {
    if width == 0 || width > tilecaster::frame::MAX_FRAME_SIDE {
        bail!(
            "--width {width}: must be between 1 and {}",
            tilecaster::frame::MAX_FRAME_SIDE
        );
    }
    let loaded = load(level, sources)?;
    let assets = RenderAssets::new(&loaded.level, &loaded.textures);
    let camera = camera(&loaded, view);
    let mut out =
        String::from("column,ray_dx,ray_dy,cell_x,cell_y,face,perp_distance,wall_u,steps\n");
    for x in 0..width {
        let cast = cast_column(&loaded.level, &assets, &ClosedDoors, &camera, x, width);
        let (r, h) = (cast.ray, cast.hit);
        let line = match h {
            Some(h) => format!(
                "{x},{:?},{:?},{},{},{},{:?},{:?},{}\n",
                r.x,
                r.y,
                h.cell.x,
                h.cell.y,
                h.face.map_or("none", |f| f.name()),
                h.t,
                h.u,
                h.visited
            ),
            None => format!("{x},{:?},{:?},,,none,inf,,0\n", r.x, r.y),
        };
        out.push_str(&line);
    }
    print!("{out}");
    Ok(())
}

/// A weapon, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum WeaponArg {
    /// The knife.
    Knife,
    /// The pistol.
    Pistol,
    /// The machine gun.
    MachineGun,
    /// The chaingun.
    Chaingun,
    /// The launcher.
    Launcher,
}

impl From<WeaponArg> for Weapon {
    fn from(w: WeaponArg) -> Weapon {
        match w {
            WeaponArg::Knife => Weapon::Knife,
            WeaponArg::Pistol => Weapon::Pistol,
            WeaponArg::MachineGun => Weapon::MachineGun,
            WeaponArg::Chaingun => Weapon::Chaingun,
            WeaponArg::Launcher => Weapon::Launcher,
        }
    }
}

/// The views `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// The player's eye view.
    FirstPerson,
    /// The whole map from above (see --layers).
    Topdown,
}

/// The arguments of `tilecaster render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The level (.toml or .tmx).
    #[arg(long, default_value_os_t = super::default_level())]
    pub level: std::path::PathBuf,
    /// Eye position X,Y in tiles (default: the level's start).
    #[arg(long, value_parser = parse_pos, allow_hyphen_values = true)]
    pub pos: Option<tilecaster::geom::Vec2>,
    /// View angle, degrees from east towards south (default: the start's facing).
    #[arg(long, allow_hyphen_values = true, value_parser = parse_angle)]
    pub angle: Option<f64>,
    /// Horizontal field of view, degrees.
    #[arg(long, default_value_t = tilecaster::render::Camera::DEFAULT_FOV, value_parser = parse_fov)]
    pub fov: f64,
    /// Frame size WxH.
    #[arg(long, value_parser = parse_size, default_value = "640x400")]
    pub size: (u32, u32),
    /// Which view.
    #[arg(long, value_enum, default_value_t = View::FirstPerson)]
    pub view: View,
    /// What the top-down view draws over the map, comma-separated. `debug` fires a shot
    /// and a fireball from the viewpoint and runs 20 ticks first, to show their traces.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "rays")]
    pub layers: Vec<Layer>,
    /// With --view topdown: the ray probe, a ray from the viewpoint toward X,Y walked cell
    /// by cell with the DDA's variables beside it (the traversal as a teaching tool).
    #[arg(long, value_name = "X,Y", value_parser = parse_pos, allow_hyphen_values = true)]
    pub probe: Option<tilecaster::geom::Vec2>,
    /// With --probe: show only its first N cells (the walk's state at step N).
    #[arg(long, value_name = "N", requires = "probe", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub probe_steps: Option<u32>,
    /// Draw the profiler over the first-person view: the frame is rendered 120 times
    /// and the overlay shows their times, stages and the cells each column walked.
    #[arg(long, value_enum)]
    pub overlay: Option<Overlay>,
    /// Draw the game's HUD over the first-person view as the game would: the status bar
    /// (as at the level's start), the weapon in hand (see --weapon) and the crosshair.
    #[arg(long)]
    pub hud: bool,
    /// The weapon in hand with --hud.
    #[arg(long, value_enum, default_value_t = WeaponArg::Pistol)]
    pub weapon: WeaponArg,
    /// With --hud: draw the weapon TICKS ticks (60 a second) after an attack, to see its
    /// firing frames (0: the shot itself).
    #[arg(long, value_name = "TICKS", requires = "hud", value_parser = clap::value_parser!(u64).range(0..60))]
    pub firing: Option<u64>,
    #[command(flatten)]
    pub sources: super::SourceArgs,
    /// Draw far walls, floors and ceilings from their full-size textures, without
    /// mipmaps (the picture before mipmaps; sharper and aliased in the distance).
    #[arg(long)]
    pub no_mipmaps: bool,
    /// Draw without the level's lights and ambient light: every surface as its texture is
    /// (to compare with the lit picture).
    #[arg(long)]
    pub no_lights: bool,
    /// The PNG to write.
    #[arg(short, long)]
    pub output: std::path::PathBuf,
    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,
}

impl RenderArgs {
    /// Runs `tilecaster render`.
    pub fn run(self) -> Result<()> {
        let viewpoint = Viewpoint {
            pos: self.pos,
            angle: self.angle,
            fov: self.fov,
            topdown: (self.view == View::Topdown).then_some(self.layers),
            probe: self.probe.map(|target| topdown::RayProbe {
                target,
                steps: self.probe_steps.map(|n| n as usize),
            }),
            overlay: self.overlay,
            hud: self.hud.then_some(self.weapon.into()),
            firing: self.firing,
            mipmaps: !self.no_mipmaps,
            lights: !self.no_lights,
        };
        render(
            &self.level,
            &self.sources.get(),
            &viewpoint,
            self.size,
            &self.output,
            self.force,
        )
    }
}

/// The arguments of `tilecaster columns`.
#[derive(Debug, clap::Args)]
pub struct ColumnsArgs {
    /// The level (.toml or .tmx).
    #[arg(long)]
    pub level: std::path::PathBuf,
    /// Eye position X,Y in tiles.
    #[arg(long, value_parser = parse_pos, allow_hyphen_values = true)]
    pub pos: tilecaster::geom::Vec2,
    /// View angle, degrees from east towards south.
    #[arg(long, allow_hyphen_values = true, value_parser = parse_angle)]
    pub angle: f64,
    /// Horizontal field of view, degrees.
    #[arg(long, default_value_t = tilecaster::render::Camera::DEFAULT_FOV, value_parser = parse_fov)]
    pub fov: f64,
    /// Number of columns (1 to 16384).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=16384))]
    pub width: u32,
    #[command(flatten)]
    pub sources: super::SourceArgs,
}

impl ColumnsArgs {
    /// Runs `tilecaster columns`.
    pub fn run(self) -> Result<()> {
        let viewpoint = Viewpoint {
            pos: Some(self.pos),
            angle: Some(self.angle),
            fov: self.fov,
            topdown: None,
            probe: None,
            overlay: None,
            hud: None,
            firing: None,
            mipmaps: true,
            lights: true,
        };
        columns(&self.level, &self.sources.get(), &viewpoint, self.width)
    }
}
