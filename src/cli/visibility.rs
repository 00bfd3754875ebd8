//! `tilecaster visibility`: the visibility polygon (or a flashlight's fan) of a point, as JSON.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use anyhow::Result;
use tilecaster::geom::{Vec2, Visibility, flashlight, visibility_polygon};
use tilecaster::level::{LevelSolidity, load_with_textures};

/// What `visibility` was asked.
pub struct Options<'a> {
    pub level: &'a Path,
    pub pos: Vec2,
    /// How far it sees, tiles (`f64::INFINITY` for no limit).
    pub radius: f64,
    /// A flashlight: its facing and field of view, degrees.
    pub cone: Option<(f64, f64)>,
}

/// Prints `{"origin":[x,y],"polygon":[[x,y],...]}`: the boundary in angle order in the map's
/// coordinates (a flashlight's fan from one edge of its cone to the other). Walls, closed
/// doors and push walls block; grates block where their texture is opaque at eye height, as
/// the game's sight and light do (the level's textures are loaded for it); shaped walls block
/// where their masks are solid. A point inside a wall or outside the map sees nothing: an
/// empty polygon.
pub fn run(options: &Options) -> Result<()> {
    let loaded = load_with_textures(options.level, None)?;
    let level = &loaded.level;
    let solid = LevelSolidity::new(level, &loaded.textures);
    let (w, h) = (level.map.width() as u32, level.map.height() as u32);
    let seen = match options.cone {
        None => visibility_polygon(&solid, (w, h), options.pos, options.radius),
        Some((facing, fov)) => flashlight(&solid, (w, h), options.pos, options.radius, facing, fov),
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", polygon_json(options.pos, &seen))?;
    Ok(())
}

fn polygon_json(origin: Vec2, seen: &Visibility) -> String {
    let number = |v: f64| format!("{v:?}");
    let mut out = format!(
        "{{\"origin\":[{},{}],\"polygon\":[",
        number(origin.x),
        number(origin.y)
    );
    for (i, p) in seen.points.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{},{}]", number(p.x), number(p.y));
    }
    out.push_str("]}");
    out
}

/// The arguments of `tilecaster visibility`.
#[derive(Debug, clap::Args)]
pub struct VisibilityArgs {
    /// The level (.toml or .tmx).
    #[arg(long)]
    pub level: std::path::PathBuf,
    /// The point that sees, X,Y in tiles.
    #[arg(long, value_name = "X,Y", value_parser = super::view::parse_pos, allow_hyphen_values = true)]
    pub pos: tilecaster::geom::Vec2,
    /// How far it sees, tiles, more than 0 (no limit by default).
    #[arg(long, value_name = "TILES", allow_hyphen_values = true, value_parser = super::view::parse_distance)]
    pub radius: Option<f64>,
    /// A flashlight: the direction it faces, degrees from east towards south.
    #[arg(long, value_name = "DEG", allow_hyphen_values = true, value_parser = super::view::parse_angle)]
    pub facing: Option<f64>,
    /// The flashlight's field of view, degrees, more than 0 and up to 360 (with --facing).
    #[arg(
        long,
        value_name = "DEG",
        value_parser = super::view::parse_cone,
        allow_hyphen_values = true,
        requires = "facing",
        default_value_if("facing", clap::builder::ArgPredicate::IsPresent, "66")
    )]
    pub fov: Option<f64>,
}

impl VisibilityArgs {
    /// Runs `tilecaster visibility`.
    pub fn run(self) -> Result<()> {
        run(&Options {
            level: &self.level,
            pos: self.pos,
            radius: self.radius.unwrap_or(f64::INFINITY),
            cone: self.facing.zip(self.fov),
        })
    }
}
