//! `tilecaster trace`: segments on stdin, one JSON line out per segment.

use std::fmt::Write as _;
use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use tilecaster::geom::Vec2;
use tilecaster::grid::{Cell, Hit, Walk};
use tilecaster::level::Level;
use tilecaster::map::TileMap;

/// The longest line of input read, bytes (a segment is four numbers).
const MAX_LINE: usize = 4096;

pub fn run(level: &Path) -> Result<()> {
    let is_level = tilecaster::level::is_tiled_map(level)
        || level
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    let map = if is_level {
        Level::load(level)?.level.map
    } else {
        TileMap::load_ascii(level)?
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
            bail!("stdin line {number}: longer than {MAX_LINE} bytes (a segment is `x0 y0 x1 y1`)");
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            bail!("stdin line {number}: not UTF-8 text");
        };
        let line = line.trim_end_matches(['\n', '\r']);
        let Some((a, b)) = parse_segment(line, number)? else {
            continue;
        };
        line_text.clear();
        trace_json(&map, a, b, &mut line_text);
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
fn trace_json(map: &TileMap, a: Vec2, b: Vec2, out: &mut String) {
    let mut cells: Vec<Cell> = Vec::new();
    let hit = Walk::segment(a, b).first_hit_visiting(map, |cell, _| cells.push(cell));
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
        Some(hit) => write_hit(&hit, out),
    }
    out.push('}');
}

fn write_hit(hit: &Hit, out: &mut String) {
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
            let _ = write!(out, "\"{}\"}}", face.name());
        }
        None => out.push_str("null}"),
    }
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
