//! `tilecaster trace`: segments on stdin, one JSON line out per segment.

use std::fmt::Write as _;
use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use tilecaster::geom::{Vec2, door_slab_hit};
use tilecaster::grid::{Cell, Grid, Hit, Solidity};
use tilecaster::level::{Level, LevelSolidity, load_with_textures};
use tilecaster::map::{Tile, TileMap};

/// The longest line of input read, bytes (a segment is four numbers).
const MAX_LINE: usize = 4096;

/// What blocks a traced segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SolidityArg {
    /// As the game's bullets see the level.
    Game,
    /// The plain grid.
    Cells,
}

/// How open the doors are (`--solidity game`): `closed` (0), `open` (1), or a fraction.
pub fn parse_doors(s: &str) -> Result<f64, String> {
    match s {
        "closed" => Ok(0.0),
        "open" => Ok(1.0),
        other => other
            .parse::<f64>()
            .ok()
            .filter(|f| (0.0..=1.0).contains(f))
            .ok_or_else(|| format!("expected closed, open or a fraction from 0 to 1, found '{s}'")),
    }
}

/// What `trace` was asked.
pub struct Options<'a> {
    pub level: &'a Path,
    pub solidity: SolidityArg,
    /// How open every door is, 0 to 1.
    pub doors: f64,
    pub cell_size: (f64, f64),
    pub origin: Vec2,
    pub wall_u: bool,
}

/// `WxH` as a cell size: two numbers each from 1/1024 to 1048576.
pub fn parse_cell_size(s: &str) -> Result<(f64, f64), String> {
    let (w, h) = super::view::split_size(s, "60x60")?;
    let num = |v: &str| {
        v.trim()
            .parse::<f64>()
            .map_err(|_| format!("'{v}' is not a number"))
    };
    let size = (num(w)?, num(h)?);
    Grid::new(Vec2::ZERO, size.0, size.1).map_err(|e| e.to_string())?;
    Ok(size)
}

/// What blocks a traced segment: the plain grid, or the level as the game shows it.
enum Blocks<'a> {
    /// The grid; a level's shaped walls keep their shapes (geometry, not game state).
    Cells(&'a TileMap, Option<&'a Level>),
    Game {
        solid: LevelSolidity<'a>,
        level: &'a Level,
        /// How open every door is, 0 to 1.
        open: f64,
    },
}

/// [`Blocks`] for one segment: doors are met at their slab, which needs the segment's
/// direction, and a hit moved onto a slab is kept for the answer.
struct SegmentBlocks<'a> {
    grid: &'a Grid,
    blocks: &'a Blocks<'a>,
    dir: Vec2,
    slab: std::cell::Cell<Option<Hit>>,
}

impl Solidity for SegmentBlocks<'_> {
    fn is_solid(&self, cell: Cell) -> bool {
        match self.blocks {
            Blocks::Cells(map, _) => map.is_solid(cell),
            Blocks::Game { solid, .. } => solid.is_solid(cell),
        }
    }

    fn shape(&self, cell: Cell) -> Option<&tilecaster::grid::Mask> {
        match self.blocks {
            Blocks::Cells(_, level) => level.and_then(|l| l.shape(cell)),
            Blocks::Game { level, .. } => level.shape(cell),
        }
    }

    fn accepts(&self, hit: &Hit) -> bool {
        let Blocks::Game { solid, level, open } = self.blocks else {
            return true;
        };
        if level.map.get(hit.cell) != Some(Tile::Door) {
            return solid.accepts(hit);
        }
        let Some(door) = level.doors.iter().find(|d| d.cell == hit.cell) else {
            return true;
        };
        match door_slab_hit(self.grid, hit, self.dir, door.along_x, *open) {
            Some(slab) => {
                self.slab.set(Some(slab));
                true
            }
            None => false,
        }
    }
}

impl Blocks<'_> {
    /// The texel column of a masked wall a hit meets (game solidity only).
    fn texel(&self, hit: &Hit) -> Option<usize> {
        match self {
            Blocks::Cells(..) => None,
            Blocks::Game { solid, .. } => solid.texel(hit),
        }
    }
}

pub fn run(options: &Options) -> Result<()> {
    let path = options.level;
    let is_level = tilecaster::level::is_tiled_map(path)
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    let grid = Grid::new(options.origin, options.cell_size.0, options.cell_size.1)?;
    // A level with its textures (the game's solidity reads the grates' holes from them), or
    // a plain grid (`Ok`).
    let source = if is_level && options.solidity == SolidityArg::Game {
        Err(load_with_textures(path, None)?)
    } else if is_level {
        let level = Level::load(path)?.level;
        Ok((level.map.clone(), Some(level)))
    } else {
        Ok((TileMap::load_ascii(path)?, None))
    };
    let blocks = match &source {
        Err(loaded) => Blocks::Game {
            solid: LevelSolidity::new(&loaded.level, &loaded.textures),
            level: &loaded.level,
            open: options.doors,
        },
        Ok((map, level)) => Blocks::Cells(map, level.as_ref()),
    };
    let mut stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut line_text = String::new();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let read = std::io::Read::take(&mut stdin, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .context("reading stdin")?;
        if read == 0 {
            break;
        }
        if bytes.len() > MAX_LINE {
            bail!(
                "stdin:{number}:{}: the line is longer than {MAX_LINE} bytes (a segment is `x0 y0 x1 y1`)",
                MAX_LINE + 1
            );
        }
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line,
            Err(e) => {
                // The column of the first bad byte, in characters, as a text editor counts.
                let good = String::from_utf8_lossy(&bytes[..e.valid_up_to()]);
                bail!(
                    "stdin:{number}:{}: not UTF-8 text (an invalid byte)",
                    good.chars().count() + 1
                );
            }
        };
        let line = line.trim_end_matches(['\n', '\r']);
        let Some((a, b)) = parse_segment(line, number)? else {
            continue;
        };
        line_text.clear();
        trace_json(&grid, &blocks, options.wall_u, (a, b), &mut line_text);
        writeln!(out, "{line_text}")?;
    }
    out.flush()?;
    Ok(())
}

/// `x0 y0 x1 y1`; `None` for a blank line or a `#` comment.
fn parse_segment(line: &str, number: usize) -> Result<Option<(Vec2, Vec2)>> {
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut values = [0.0; 4];
    let mut count = 0;
    for (start, word) in words(line) {
        if count == 4 {
            bail!(
                "stdin:{number}:{}: expected 4 numbers `x0 y0 x1 y1`, found more",
                start + 1
            );
        }
        values[count] = word.parse().map_err(|_| {
            anyhow::anyhow!(
                "stdin:{number}:{}: expected a number, found '{word}'",
                start + 1
            )
        })?;
        count += 1;
    }
    if count < 4 {
        bail!(
            "stdin:{number}:{}: expected 4 numbers `x0 y0 x1 y1`, found {count}",
            line.len() + 1
        );
    }
    let [x0, y0, x1, y1] = values;
    Ok(Some((Vec2::new(x0, y0), Vec2::new(x1, y1))))
}

/// Whitespace-separated words with their byte offsets.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(|c: char| c.is_ascii_whitespace())
        .scan(0, |offset, word| {
            let start = *offset;
            *offset += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

/// The JSON line for one segment: `{"cells":[[x,y],...],"hit":null}` or with the hit object.
fn trace_json(grid: &Grid, blocks: &Blocks, wall_u: bool, seg: (Vec2, Vec2), out: &mut String) {
    let (a, b) = seg;
    let mut cells: Vec<Cell> = Vec::new();
    let solid = SegmentBlocks {
        grid,
        blocks,
        dir: b - a,
        slab: std::cell::Cell::new(None),
    };
    let hit = grid
        .walk_segment(a, b)
        .first_hit_visiting(&solid, |cell, _| cells.push(cell))
        // A door's cell ends the walk at its slab; a (finite) segment ending before the slab
        // misses it.
        .and_then(|hit| match solid.slab.take() {
            Some(slab) if b.is_finite() && slab.t > 1.0 => None,
            Some(slab) => Some(slab),
            None => Some(hit),
        });
    out.push_str("{\"cells\":[");
    for (k, cell) in cells.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{},{}]", cell.x, cell.y);
    }
    out.push_str("],\"hit\":");
    match hit {
        None => out.push_str("null"),
        Some(hit) => write_hit(&hit, wall_u.then(|| blocks.texel(&hit)), out),
    }
    out.push('}');
}

/// The hit object; with `wall_u`, the wall coordinate `u` and (on a masked wall) the texel
/// column `texel` follow the contract's four keys.
fn write_hit(hit: &Hit, wall_u: Option<Option<usize>>, out: &mut String) {
    let _ = write!(
        out,
        "{{\"cell\":[{},{}],\"point\":[{},{}],\"distance\":{},\"face\":",
        hit.cell.x,
        hit.cell.y,
        json_number(hit.point.x),
        json_number(hit.point.y),
        json_number(hit.distance()),
    );
    match hit.face {
        Some(face) => {
            let _ = write!(out, "\"{}\"", face.name());
        }
        None => out.push_str("null"),
    }
    // A shaped wall's texel: the mask's column and row.
    if let Some((tx, ty)) = hit.texel {
        let _ = write!(out, ",\"texel\":[{tx},{ty}]");
    }
    if let Some(texel) = wall_u {
        let _ = write!(out, ",\"u\":{}", json_number(hit.u));
        if let Some(texel) = texel {
            let _ = write!(out, ",\"texel\":{texel}");
        }
    }
    out.push('}');
}

/// A float as JSON that parses back to the same value (shortest round-trip form); `null` for
/// NaN or infinity, which JSON cannot express.
fn json_number(v: f64) -> String {
    if v.is_finite() {
        format!("{v:?}")
    } else {
        "null".to_string()
    }
}

/// The arguments of `tilecaster trace`.
#[derive(Debug, clap::Args)]
pub struct TraceArgs {
    /// The level: a level file (.toml, .tmx, .tmj), or a plain ASCII grid ('#' wall, '.'
    /// floor; out of bounds is solid).
    #[arg(long)]
    pub level: std::path::PathBuf,
    /// What blocks: `game`, a level as the game shows it (grates' holes let rays through,
    /// to the texel; doors are met at their slab mid-cell, as open as `--doors` says; push
    /// walls block), or `cells`, the plain grid (every wall, door and grate cell blocks at
    /// its face). An ASCII grid has only cells.
    #[arg(long, value_enum, default_value_t = SolidityArg::Game)]
    pub solidity: SolidityArg,
    /// With `--solidity game`: how open the doors are, `closed`, `open` or a fraction
    /// (0.25: a quarter slid into the wall). A ray meets a door at its slab mid-cell, where
    /// the game draws it.
    #[arg(long, value_name = "closed|open|F", default_value = "closed", value_parser = parse_doors)]
    pub doors: f64,
    /// The size of a cell in the segments' units, WxH (60x60 for 60-pixel tiles).
    #[arg(long, value_name = "WxH", default_value = "1x1", value_parser = parse_cell_size)]
    pub cell_size: (f64, f64),
    /// Where cell (0, 0) starts, X,Y in the segments' units.
    #[arg(long, value_name = "X,Y", default_value = "0,0", value_parser = super::view::parse_pos, allow_hyphen_values = true)]
    pub origin: tilecaster::geom::Vec2,
    /// Add the hit's wall coordinate `"u"` (0 to 1 along the face) and, on a grate,
    /// `"texel"` (the texture column met) after the contract's keys.
    #[arg(long)]
    pub wall_u: bool,
}

impl TraceArgs {
    /// Runs `tilecaster trace`.
    pub fn run(self) -> Result<()> {
        run(&Options {
            level: &self.level,
            solidity: self.solidity,
            doors: self.doors,
            cell_size: self.cell_size,
            origin: self.origin,
            wall_u: self.wall_u,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_line_and_column() {
        let err = parse_segment("1 2 x 4", 3).unwrap_err().to_string();
        assert_eq!(err, "stdin:3:5: expected a number, found 'x'");
        let err = parse_segment("1 2 3", 1).unwrap_err().to_string();
        assert_eq!(err, "stdin:1:6: expected 4 numbers `x0 y0 x1 y1`, found 3");
        let err = parse_segment("1 2 3 4 5", 1).unwrap_err().to_string();
        assert_eq!(
            err,
            "stdin:1:9: expected 4 numbers `x0 y0 x1 y1`, found more"
        );
        assert!(parse_segment("   # comment", 1).unwrap().is_none());
        assert!(parse_segment("", 1).unwrap().is_none());
    }

    #[test]
    fn numbers_round_trip() {
        for v in [0.1, 1.0 / 3.0, 1e300, -0.0, 5e-324, 4_095.999_023_437_5] {
            assert_eq!(
                json_number(v).parse::<f64>().unwrap().to_bits(),
                v.to_bits()
            );
        }
        assert_eq!(json_number(f64::NAN), "null");
    }
}
