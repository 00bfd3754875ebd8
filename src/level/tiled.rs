//! Tiled (`.tmx`) import: a map made in the Tiled editor becomes the TOML format, which the one
//! level parser then reads, so both formats obey the same rules. The layer names, tile
//! properties and object classes are documented in `levels/README.md`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use tiled::{LayerType, Loader, Orientation, PropertyValue};

use super::{Diagnostic, Level, LevelError, Loaded, Severity};

/// Legend characters for the map's tiles, in order of first use.
const SYMBOLS: &str =
    "#ABCDEFGHIJKLMNOPQRSUVWYZabcdefghijklmnopqrstuvwyz0123456789$%&*+-/:;<>?!|~^";

fn error(file: &str, message: String) -> LevelError {
    LevelError {
        diagnostics: vec![Diagnostic {
            file: file.to_string(),
            position: None,
            severity: Severity::Error,
            message,
        }],
    }
}

fn string_property(props: &tiled::Properties, name: &str) -> Option<String> {
    match props.get(name)? {
        PropertyValue::StringValue(s) | PropertyValue::FileValue(s) => Some(s.clone()),
        PropertyValue::FloatValue(f) => Some(f.to_string()),
        PropertyValue::IntValue(i) => Some(i.to_string()),
        PropertyValue::BoolValue(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A TOML string literal.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The TOML level for a `.tmx` map, and the line on which its grid's first row is (1-based).
pub fn tmx_to_toml(path: &Path) -> Result<(String, usize), LevelError> {
    let file = path.display().to_string();
    let text = std::fs::read(path).map_err(|e| error(&file, format!("cannot read: {e}")))?;
    check_layer_sizes(&String::from_utf8_lossy(&text))
        .map_err(|m| error(&file, format!("not a readable Tiled map: {m}")))?;
    let map = Loader::new()
        .load_tmx_map(path)
        .map_err(|e| error(&file, format!("not a readable Tiled map: {e}")))?;
    if map.orientation != Orientation::Orthogonal {
        return Err(error(
            &file,
            format!(
                "the map is {:?}; only orthogonal maps can be levels",
                map.orientation
            ),
        ));
    }
    if map.infinite() {
        return Err(error(
            &file,
            "the map is infinite; levels need a fixed size (Map > Map Properties > Infinite off)"
                .into(),
        ));
    }
    let (width, height) = (map.width as usize, map.height as usize);
    if width > crate::map::MAX_MAP_SIDE || height > crate::map::MAX_MAP_SIDE {
        let limit = crate::map::MAX_MAP_SIDE;
        return Err(error(
            &file,
            format!("the map is {width}x{height} cells; the limit is {limit}x{limit}"),
        ));
    }
    let (tw, th) = (map.tile_width.max(1) as f64, map.tile_height.max(1) as f64);
    let mut problems = Vec::new();
    let mut grid = vec![vec!['.'; width]; height];
    // Legend entries by (tileset, tile id).
    let mut legend: BTreeMap<(usize, u32), (char, String)> = BTreeMap::new();
    let mut symbols = SYMBOLS.chars();
    let mut things = String::new();
    let mut exits = Vec::new();
    let mut found_walls = false;
    for layer in map.layers() {
        match (layer.name.as_str(), layer.layer_type()) {
            ("walls", LayerType::Tiles(tiles)) => {
                found_walls = true;
                for (y, row) in grid.iter_mut().enumerate() {
                    for (x, slot) in row.iter_mut().enumerate() {
                        let Some(tile) = tiles.get_tile(x as i32, y as i32) else {
                            continue;
                        };
                        let key = (tile.tileset_index(), tile.id());
                        if let Some((c, _)) = legend.get(&key) {
                            *slot = *c;
                            continue;
                        }
                        let props = tile
                            .get_tile()
                            .map(|t| t.properties.clone())
                            .unwrap_or_default();
                        match legend_entry(&props) {
                            Ok(entry) => {
                                let Some(c) = symbols.next() else {
                                    problems.push(format!(
                                        "more than {} different tiles in the walls layer",
                                        SYMBOLS.len()
                                    ));
                                    continue;
                                };
                                legend.insert(key, (c, entry));
                                *slot = c;
                            }
                            Err(message) => problems.push(format!(
                                "cell ({x}, {y}): tile {} of tileset '{}': {message}",
                                tile.id(),
                                tile.get_tileset().name
                            )),
                        }
                    }
                }
            }
            ("things", LayerType::Objects(objects)) => {
                for object in objects.objects() {
                    let (mut x, mut y) = (object.x as f64, object.y as f64);
                    if let tiled::ObjectShape::Rect { width, height } = object.shape {
                        x += width as f64 / 2.0;
                        y += height as f64 / 2.0;
                    }
                    let position = format!("[{:?}, {:?}]", x / tw, y / th);
                    let props = &object.properties;
                    let get = |name: &str| string_property(props, name);
                    let facing = get("facing")
                        .map(|f| format!("facing = {}\n", quote(&f)))
                        .unwrap_or_default();
                    match object.user_type.as_str() {
                        "player" => {
                            let _ = write!(things, "\n[player]\nposition = {position}\n{facing}");
                        }
                        "enemy" => {
                            let kind = get("kind").unwrap_or_else(|| "guard".into());
                            let mode = get("mode").map(|m| format!("mode = {}\n", quote(&m))).unwrap_or_default();
                            let _ = write!(things, "\n[[enemy]]\nkind = {}\nposition = {position}\n{facing}{mode}", quote(&kind));
                        }
                        "pickup" => match get("kind") {
                            Some(kind) => {
                                let _ = write!(things, "\n[[pickup]]\nkind = {}\nposition = {position}\n", quote(&kind));
                            }
                            None => problems.push(format!("object {} ('{}'): a pickup needs a `kind` property", object.id(), object.name)),
                        },
                        "exit" => exits.push(((x / tw).floor(), (y / th).floor(), object.id())),
                        other => problems.push(format!(
                            "object {} ('{}'): unknown class '{other}' (expected player, enemy, pickup or exit)",
                            object.id(),
                            object.name
                        )),
                    }
                }
            }
            ("walls" | "things", _) => problems.push(format!(
                "layer '{}' has the wrong type (walls: a tile layer, things: an object layer)",
                layer.name
            )),
            _ => {}
        }
    }
    if !found_walls {
        problems.push("no tile layer named 'walls'".into());
    }
    for (x, y, id) in exits {
        let cell = (y >= 0.0 && x >= 0.0)
            .then(|| grid.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)))
            .flatten();
        match cell {
            Some(c) if *c == '.' => *c = 'X',
            _ => problems.push(format!(
                "object {id}: the exit at cell ({x}, {y}) is not on an open cell of the map"
            )),
        }
    }
    if !problems.is_empty() {
        let diagnostics = problems
            .into_iter()
            .map(|message| Diagnostic {
                file: file.clone(),
                position: None,
                severity: Severity::Error,
                message,
            })
            .collect();
        return Err(LevelError { diagnostics });
    }

    let props = &map.properties;
    let name = string_property(props, "name").unwrap_or_else(|| {
        path.file_stem()
            .map_or("untitled".into(), |s| s.to_string_lossy().into_owned())
    });
    let mut out = format!(
        "# Converted from {} by tilecaster convert.\nname = {}\n",
        file,
        quote(&name)
    );
    for key in ["next", "textures"] {
        if let Some(v) = string_property(props, key) {
            let _ = writeln!(out, "{key} = {}", quote(&v));
        }
    }
    out.push_str("grid = '''\n");
    let grid_line = out.lines().count() + 1;
    for row in &grid {
        out.extend(row.iter());
        out.push('\n');
    }
    out.push_str("'''\n");
    let defaults: Vec<String> = ["floor", "ceiling"]
        .iter()
        .filter_map(|k| string_property(props, k).map(|v| format!("{k} = {}", quote(&v))))
        .collect();
    if !defaults.is_empty() {
        let _ = write!(out, "\n[defaults]\n{}\n", defaults.join("\n"));
    }
    if let (Some(colour), Some(distance)) = (
        string_property(props, "fog_colour"),
        string_property(props, "fog_distance"),
    ) {
        let _ = write!(
            out,
            "\n[fog]\ncolour = {}\ndistance = {distance}\n",
            quote(&colour)
        );
    }
    out.push_str("\n[legend]\n\"X\" = { exit = true }\n");
    for (c, entry) in legend.values() {
        let _ = writeln!(out, "{} = {{ {entry} }}", quote(&c.to_string()));
    }
    out.push_str(&things);
    Ok((out, grid_line))
}

/// A legend entry's fields for a tile, from its properties.
fn legend_entry(props: &tiled::Properties) -> Result<String, String> {
    let get = |name: &str| string_property(props, name);
    let texture = get("texture");
    let kind = get("kind").unwrap_or_else(|| {
        if texture.is_some() {
            "wall".into()
        } else {
            "floor".into()
        }
    });
    let mut fields = Vec::new();
    match kind.as_str() {
        "wall" | "door" | "push" | "masked" => {
            let faces: Vec<String> = ["north", "south", "east", "west"]
                .iter()
                .filter_map(|f| get(f).map(|t| format!("{f} = {}", quote(&t))))
                .collect();
            match (&texture, kind.as_str()) {
                (Some(t), _) => fields.push(format!("{kind} = {}", quote(t))),
                (None, "wall") if faces.len() == 4 => {}
                (None, _) => return Err(format!("a {kind} tile needs a `texture` property")),
            }
            if !faces.is_empty() {
                fields.push(format!("faces = {{ {} }}", faces.join(", ")));
            }
            if let Some(key) = get("key") {
                fields.push(format!("key = {}", quote(&key)));
            }
        }
        "floor" => {
            for k in ["floor", "ceiling"] {
                if let Some(v) = get(k) {
                    fields.push(format!("{k} = {}", quote(&v)));
                }
            }
        }
        other => {
            return Err(format!(
                "unknown kind '{other}' (expected wall, door, push, masked or floor)"
            ));
        }
    }
    Ok(fields.join(", "))
}

/// Loads a `.tmx` level. Problems in its grid are reported by cell, since the file's own lines
/// are Tiled's XML.
pub(super) fn load_tmx(path: &Path) -> Result<Loaded, LevelError> {
    let (text, grid_line) = tmx_to_toml(path)?;
    let grid_rows = text
        .lines()
        .skip(grid_line - 1)
        .take_while(|l| *l != "'''")
        .count();
    let relocate = |mut d: Diagnostic| {
        if let Some((line, col)) = d.position.take() {
            let place = if (grid_line..grid_line + grid_rows).contains(&line) {
                format!("cell ({}, {})", col - 1, line - grid_line)
            } else {
                format!("line {line} of the converted level (see `tilecaster convert`)")
            };
            d.message = format!("{place}: {}", d.message);
        }
        d
    };
    match Level::parse(&text, path) {
        Ok(mut loaded) => {
            loaded.warnings = loaded.warnings.into_iter().map(relocate).collect();
            Ok(loaded)
        }
        Err(e) => Err(LevelError {
            diagnostics: e.diagnostics.into_iter().map(relocate).collect(),
        }),
    }
}

/// Checks that every tile layer of a `.tmx` holds as many tiles as its size says, before the
/// `tiled` crate reads it (it indexes its tile data by the stated size and panics on a short
/// layer, as a truncated or hand-edited file can have). CSV, uncompressed base64 and XML tile
/// lists are counted; compressed data is left to the crate.
fn check_layer_sizes(text: &str) -> Result<(), String> {
    use quick_xml::Reader;
    use quick_xml::events::Event;
    let mut reader = Reader::from_str(text);
    // The layer being read: name, cells it must hold, its data's encoding, tiles seen.
    let mut layer: Option<(String, usize)> = None;
    let mut encoding: Option<(String, bool)> = None;
    let mut counted = 0usize;
    let attr = |e: &quick_xml::events::BytesStart, key: &[u8]| -> Option<String> {
        e.attributes()
            .flatten()
            .find(|a| a.key.as_ref() == key)
            .map(|a| String::from_utf8_lossy(&a.value).into_owned())
    };
    loop {
        match reader.read_event() {
            Err(e) => return Err(format!("not well-formed XML: {e}")),
            Ok(Event::Eof) => return Ok(()),
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.name().as_ref() {
                b"layer" => {
                    let size = |k: &[u8]| {
                        attr(&e, k)
                            .and_then(|v| v.trim().parse::<usize>().ok())
                            .unwrap_or(0)
                    };
                    layer = Some((
                        attr(&e, b"name").unwrap_or_default(),
                        size(b"width").saturating_mul(size(b"height")),
                    ));
                    counted = 0;
                }
                b"data" => {
                    encoding = Some((
                        attr(&e, b"encoding").unwrap_or_default(),
                        attr(&e, b"compression").is_some(),
                    ));
                }
                b"tile" if encoding.as_ref().is_some_and(|(enc, _)| enc.is_empty()) => counted += 1,
                _ => {}
            },
            Ok(Event::Text(t)) => {
                if let (Some(_), Some((enc, compressed))) = (&layer, &encoding) {
                    let s = String::from_utf8_lossy(&t);
                    if enc == "csv" {
                        counted += s.split(',').filter(|v| !v.trim().is_empty()).count();
                    } else if enc == "base64" && !compressed {
                        let payload: Vec<u8> =
                            s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
                        let pad = payload.iter().rev().take_while(|&&b| b == b'=').count();
                        counted += (payload.len() / 4 * 3).saturating_sub(pad) / 4;
                    } else {
                        counted = usize::MAX; // not counted: trusted
                    }
                }
            }
            Ok(Event::End(e)) => match e.name().as_ref() {
                b"data" => encoding = None,
                b"layer" => {
                    if let Some((name, cells)) = layer.take() {
                        if counted < cells {
                            return Err(format!(
                                "tile layer '{name}' holds {counted} tiles; its size says {cells} (is the file truncated?)"
                            ));
                        }
                    }
                }
                _ => {}
            },
            Ok(_) => {}
        }
    }
}
