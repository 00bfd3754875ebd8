//! Tiled maps as Tiled writes them: XML (`.tmx`) and JSON (`.tmj`) maps, with their external
//! tilesets (`.tsx`/`.tsj`) and templates (`.tx`/`.tj`), read straight into the one level
//! model ([`LevelSource`]) that the TOML reader builds too. Every value keeps its place in its
//! file, so a problem is reported at the map's (or tileset's) own line and column.
//!
//! What is read, and what each layer, property and class means, is documented in
//! `levels/README.md` ("Tiled").
//!
//! This reads the files itself rather than through the `tiled` crate: the crate panics on
//! short compressed layers, inflates layer data without bound, loses every source position
//! (so errors could not name a line), and reads neither JSON maps nor zstd.

mod data;
mod json;
mod things;
mod xml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::Spanned;

use super::parse::raw::{RawDefaults, RawEntry, RawFaces, RawFog, RawKind, RawLevel};
use super::parse::{LevelSource, build};
use super::{Diagnostics, LevelError, Loaded, Severity};
use xml::Element;

/// The most files one map may pull in (itself, tilesets, templates).
const MAX_FILES: usize = 256;

/// The most different tiles one walls layer may use (characters from U+00C0 on stay below the
/// surrogates).
const MAX_TILES: usize = 50_000;

/// Legend characters for the map's tiles, in order of first use (after these, letters from
/// U+00C0 on). `X` is the exit.
const SYMBOLS: &str =
    "#ABCDEFGHIJKLMNOPQRSUVWYZabcdefghijklmnopqrstuvwyz0123456789$%&*+-/:;<>?!|~^";

/// Whether a path names a Tiled map (by its extension: `.tmx`, `.tmj`, or `.json`).
pub fn is_tiled_map(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["tmx", "tmj", "json"]
            .iter()
            .any(|x| e.eq_ignore_ascii_case(x))
    })
}

/// One file of a map: its text and where that text sits among all of the map's files.
struct Source {
    name: String,
    text: String,
    base: usize,
}

/// The map's files, read once each, and their trees.
#[derive(Default)]
struct Files {
    sources: Vec<Source>,
    trees: BTreeMap<PathBuf, Element>,
}

/// A problem found while reading, at an offset among the files (or in the map file).
type Problem = (Option<usize>, Severity, String);

impl Files {
    /// Reads `path` (named as `name`) into a tree, unless it was read before.
    /// `cited_at`: where the file is named, for the error when it cannot be read.
    fn read(&mut self, path: &Path, cited_at: Option<usize>) -> Result<(), Problem> {
        if self.trees.contains_key(path) {
            return Ok(());
        }
        if self.sources.len() >= MAX_FILES {
            return Err((
                cited_at,
                Severity::Error,
                format!("the map uses more than {MAX_FILES} files (tilesets and templates)"),
            ));
        }
        let limit = match cited_at {
            None => crate::files::Limit::LEVEL,
            Some(_) => crate::files::Limit {
                kind: "tileset or template",
                ..crate::files::Limit::LEVEL
            },
        };
        let text = crate::files::read_text(path, limit).map_err(|e| {
            // The map's own problem is reported against it, as a TOML level's is; a tileset's
            // or template's at the place that names it, with its path.
            let message = match cited_at {
                None => super::unreadable(path, e),
                Some(_) => e.to_string(),
            };
            (cited_at, Severity::Error, message)
        })?;
        let base = self.sources.last().map_or(0, |s| s.base + s.text.len() + 1);
        let json = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            ["tmj", "tsj", "tj", "json"]
                .iter()
                .any(|x| e.eq_ignore_ascii_case(x))
        }) || text.trim_start().starts_with('{');
        let tree = if json {
            json::parse(&text, base)
        } else {
            xml::parse(&text, base)
        };
        self.sources.push(Source {
            name: path.display().to_string(),
            text,
            base,
        });
        let tree = tree.map_err(|e| (Some(e.at), Severity::Error, e.message))?;
        self.trees.insert(path.to_path_buf(), tree);
        Ok(())
    }

    /// Diagnostics over every file read, holding `problems`.
    /// (`map` names the map when not even it could be read.)
    fn diagnostics<'a>(&'a self, map: &'a str, problems: Vec<Problem>) -> Diagnostics<'a> {
        let mut sources = self.sources.iter();
        let first = sources.next();
        let mut d = Diagnostics::new(
            first.map_or(map, |s| s.name.as_str()),
            first.map_or("", |s| s.text.as_str()),
        );
        for s in sources {
            d.add_source(&s.name, &s.text, s.base);
        }
        for (at, severity, message) in problems {
            d.push(at, severity, message);
        }
        d
    }
}

/// The folder a file's relative references resolve against.
fn folder(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new(""))
}

/// Loads a Tiled map as a level.
pub(super) fn load(path: &Path) -> Result<Loaded, LevelError> {
    read(path, |_, loaded| loaded)?
}

/// Reads a Tiled map into the level model and checks it; `then` gets both.
pub(super) fn read<T>(
    path: &Path,
    then: impl FnOnce(&LevelSource, Result<Loaded, LevelError>) -> T,
) -> Result<T, LevelError> {
    let mut files = Files::default();
    let mut problems = Vec::new();
    let map_name = path.display().to_string();
    if let Err(p) = files.read(path, None) {
        problems.push(p);
        return Err(LevelError {
            diagnostics: files.diagnostics(&map_name, problems).list,
        });
    }
    // Every tileset and template the map names, read before any is interpreted.
    let wanted = references(&files.trees[path], path);
    let mut queue = wanted;
    while let Some((file, at)) = queue.pop() {
        if files.trees.contains_key(&file) {
            continue;
        }
        match files.read(&file, Some(at)) {
            Ok(()) => queue.extend(references(&files.trees[&file], &file)),
            Err(p) => problems.push(p),
        }
    }
    if !problems.is_empty() {
        return Err(LevelError {
            diagnostics: files.diagnostics(&map_name, problems).list,
        });
    }
    let mut reader = Reader {
        files: &files.trees,
        problems: Vec::new(),
        path,
    };
    let source = reader.level();
    let problems = reader.problems;
    let d = files.diagnostics(&map_name, problems);
    match source {
        Some(source) => {
            let loaded = build(d, &source, path).map(|mut loaded| {
                let tilesets = files.trees.keys().filter(|f| *f != path).cloned();
                loaded.level.files.splice(0..0, tilesets);
                loaded
            });
            Ok(then(&source, loaded))
        }
        None => {
            let mut list = d.list;
            list.sort_by_key(|x| (x.file != path.display().to_string(), x.position));
            Err(LevelError { diagnostics: list })
        }
    }
}

/// The external files an element's tree names (tilesets' and templates' `source`s), with the
/// offsets where they are named.
fn references(root: &Element, path: &Path) -> Vec<(PathBuf, usize)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        let attr = match e.name.as_str() {
            "tileset" => e.attr("source"),
            "object" => e.attr("template"),
            _ => None,
        };
        if let Some(a) = attr {
            out.push((folder(path).join(&a.value), a.at));
        }
        stack.extend(e.children.iter());
    }
    out
}

/// A tileset as a map uses it: its first GID and its tree.
#[derive(Clone, Copy)]
struct TilesetUse<'a> {
    first_gid: u32,
    tileset: &'a Element,
}

impl TilesetUse<'_> {
    fn name(&self) -> &str {
        self.tileset.value("name").unwrap_or("(unnamed)")
    }

    /// The tile element for a local id (absent for a tile with no properties of its own).
    fn tile(&self, id: u32) -> Option<&Element> {
        self.tileset
            .children_named("tile")
            .find(|t| t.value("id").and_then(|v| v.trim().parse::<u32>().ok()) == Some(id))
    }

    /// Whether the tileset has a tile with this id: below its count for a tileset cut from
    /// one image (any id when an old tileset gives no count), one of its tiles for an image
    /// collection.
    fn has(&self, id: u32) -> bool {
        let t = self.tileset;
        if t.child("image").is_none() && t.attr("image").is_none() {
            return self.tile(id).is_some();
        }
        t.value("tilecount")
            .and_then(|v| v.trim().parse::<u32>().ok())
            .is_none_or(|count| id < count)
    }
}

/// A property's value as text (colours as `#rrggbb`), with the offset of its value.
#[derive(Clone, Debug)]
struct Property {
    value: String,
    at: usize,
}

/// Flip and rotation flags in a GID's top bits.
const GID_FLAGS: u32 = 0xF000_0000;

struct Reader<'a> {
    files: &'a BTreeMap<PathBuf, Element>,
    problems: Vec<Problem>,
    path: &'a Path,
}

impl<'a> Reader<'a> {
    fn error(&mut self, at: usize, message: impl Into<String>) {
        self.problems
            .push((Some(at), Severity::Error, message.into()));
    }

    fn warning(&mut self, at: usize, message: impl Into<String>) {
        self.problems
            .push((Some(at), Severity::Warning, message.into()));
    }

    /// A whole-number attribute.
    fn number(&mut self, e: &Element, key: &str, default: Option<i64>) -> Option<i64> {
        match e.attr(key) {
            None => {
                if default.is_none() {
                    self.error(e.at, format!("<{}> has no `{key}`", e.name));
                }
                default
            }
            Some(a) => match a.value.trim().parse::<i64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    let message = format!("`{key}` is '{}'; a whole number was expected", a.value);
                    self.error(a.at, message);
                    None
                }
            },
        }
    }

    /// A number attribute (pixels, degrees).
    fn float(&mut self, e: &Element, key: &str) -> f64 {
        match e.attr(key) {
            None => 0.0,
            Some(a) => match a.value.trim().parse::<f64>() {
                Ok(n) if n.is_finite() => n,
                _ => {
                    let message = format!("`{key}` is '{}'; a number was expected", a.value);
                    self.error(a.at, message);
                    0.0
                }
            },
        }
    }

    /// The custom properties of an element, by name, typed values as text.
    fn properties(&mut self, e: &Element) -> BTreeMap<String, Property> {
        let mut out = BTreeMap::new();
        for p in e
            .children_named("properties")
            .flat_map(|ps| ps.children_named("property"))
        {
            let Some(name) = p.value("name") else {
                self.error(p.at, "a property without a name");
                continue;
            };
            let kind = p.value("type").unwrap_or("string");
            let (value, at) = match p.attr("value") {
                Some(a) => (a.value.clone(), a.at),
                // Multi-line strings are the element's text.
                None => (p.text.clone(), p.text_at.max(p.at)),
            };
            let value = match kind {
                // A colour typed as text, as Tiled writes colours, is a colour too.
                "string" | "color" => colour(&value).unwrap_or(value),
                "file" | "int" | "float" | "object" => value,
                "bool" => match value.as_str() {
                    "true" | "1" => "true".into(),
                    _ => "false".into(),
                },
                "class" => {
                    self.warning(
                        p.at,
                        format!("property '{name}' is of a custom class; tilecaster reads strings, numbers, booleans, colours and files"),
                    );
                    continue;
                }
                other => {
                    self.warning(
                        p.at,
                        format!("property '{name}' has an unknown type '{other}'"),
                    );
                    value
                }
            };
            out.insert(name.to_string(), Property { value, at });
        }
        out
    }

    /// The level model of the map, or `None` after an error that leaves nothing to check.
    fn level(&mut self) -> Option<LevelSource> {
        let files = self.files;
        let map = &files[self.path];
        if map.name != "map" {
            self.error(map.at, format!("this is a Tiled {}, not a map", map.name));
            return None;
        }
        let orientation = map.value("orientation").unwrap_or("orthogonal");
        if orientation != "orthogonal" {
            let at = map.attr("orientation").map_or(map.at, |a| a.at);
            self.error(
                at,
                format!("the map is {orientation}; only orthogonal maps can be levels"),
            );
            return None;
        }
        if matches!(map.value("infinite"), Some("1" | "true")) {
            let at = map.attr("infinite").map_or(map.at, |a| a.at);
            self.error(at, "the map is infinite; levels need a fixed size (Map > Map Properties > Infinite off)");
            return None;
        }
        let width = self.number(map, "width", None)?;
        let height = self.number(map, "height", None)?;
        let side = crate::map::MAX_MAP_SIDE as i64;
        if !(1..=side).contains(&width) || !(1..=side).contains(&height) {
            self.error(
                map.at,
                format!("the map is {width}x{height} cells; levels are 1x1 to {side}x{side}"),
            );
            return None;
        }
        let (width, height) = (width as usize, height as usize);
        let tile_size = (
            self.number(map, "tilewidth", Some(1))?.max(1) as f64,
            self.number(map, "tileheight", Some(1))?.max(1) as f64,
        );
        let tilesets = self.tilesets(map, self.path);
        let mut legend = Legend::default();
        let (walls, things) = self.layers(map);
        let Some(walls) = walls else {
            self.error(map.at, "no tile layer named 'walls' (the grid of walls, doors and floors; it may be inside a group)");
            return None;
        };
        let rows = self.grid(walls, (width, height), &tilesets, &mut legend)?;
        let mut level = RawLevel {
            format: None,
            name: Spanned::new(map.at..map.at, String::new()),
            grid: Spanned::new(walls.at..walls.at, String::new()),
            next: None,
            par: None,
            textures: None,
            music: None,
            defaults: RawDefaults::default(),
            fog: None,
            legend: BTreeMap::new(),
            player: None,
            enemy: Vec::new(),
            pickup: Vec::new(),
            enemies: BTreeMap::new(),
        };
        self.map_properties(map, &mut level);
        let mut source = LevelSource { raw: level, rows };
        for (group, offset) in things {
            self.things(group, offset, tile_size, &tilesets, &mut source);
        }
        source.raw.legend.append(&mut legend.entries);
        Some(source)
    }

    /// The map's tilesets, by first GID.
    fn tilesets(&mut self, map: &'a Element, path: &Path) -> Vec<TilesetUse<'a>> {
        let files = self.files;
        let mut out = Vec::new();
        for t in map.children_named("tileset") {
            let Some(first_gid) = self.number(t, "firstgid", None) else {
                continue;
            };
            let Ok(first_gid) = u32::try_from(first_gid) else {
                self.error(t.at, "`firstgid` is out of range");
                continue;
            };
            let tileset = match t.attr("source") {
                Some(a) => match files.get(&folder(path).join(&a.value)) {
                    Some(tree) if tree.name == "tileset" => tree,
                    Some(tree) => {
                        self.error(
                            a.at,
                            format!("'{}' is a {}, not a tileset", a.value, tree.name),
                        );
                        continue;
                    }
                    None => continue,
                },
                None => t,
            };
            out.push(TilesetUse { first_gid, tileset });
        }
        out.sort_by_key(|t| t.first_gid);
        out
    }

    /// The tileset and local id of a GID (flags removed).
    fn tile_of<'t>(tilesets: &'t [TilesetUse<'a>], gid: u32) -> Option<(&'t TilesetUse<'a>, u32)> {
        let gid = gid & !GID_FLAGS;
        let i = tilesets.partition_point(|t| t.first_gid <= gid);
        let tileset = tilesets.get(i.checked_sub(1)?)?;
        let id = gid - tileset.first_gid;
        tileset.has(id).then_some((tileset, id))
    }

    /// The `walls` tile layer and the `things` object layers (with their offsets), found at any
    /// depth of groups; other layers are warned about.
    #[allow(clippy::type_complexity)]
    fn layers(
        &mut self,
        map: &'a Element,
    ) -> (Option<&'a Element>, Vec<(&'a Element, (f64, f64))>) {
        let mut walls: Option<&Element> = None;
        let mut things = Vec::new();
        // Groups in order: (element, offset of its parents).
        let mut stack: Vec<(&Element, (f64, f64))> = vec![(map, (0.0, 0.0))];
        let mut ordered = Vec::new();
        while let Some((container, offset)) = stack.pop() {
            for layer in container.children.iter().rev() {
                let here = (
                    offset.0 + self.float(layer, "offsetx"),
                    offset.1 + self.float(layer, "offsety"),
                );
                if layer.name == "group" {
                    stack.push((layer, here));
                } else {
                    ordered.push((layer, here));
                }
            }
        }
        ordered.sort_by_key(|(l, _)| l.at);
        for (layer, offset) in ordered {
            let name = layer.value("name").unwrap_or("");
            match (layer.name.as_str(), name) {
                ("layer", "walls") if walls.is_some() => {
                    self.error(layer.at, "a second tile layer named 'walls'; a map has one");
                }
                ("layer", "walls") => {
                    if offset != (0.0, 0.0) {
                        self.warning(layer.at, "the walls layer is offset; its cells are read as if it were not");
                    }
                    walls = Some(layer);
                }
                ("objectgroup", "things") => things.push((layer, offset)),
                ("layer" | "objectgroup", "walls" | "things") => self.error(
                    layer.at,
                    format!("layer '{name}' has the wrong type (walls: a tile layer, things: an object layer)"),
                ),
                ("layer" | "objectgroup" | "imagelayer" | "unknown-layer", _) => self.warning(
                    layer.at,
                    format!("layer '{name}' is not read (tilecaster reads the tile layer 'walls' and the object layer 'things')"),
                ),
                _ => {}
            }
        }
        (walls, things)
    }

    /// The walls layer's cells as legend characters, each tile given its legend entry.
    fn grid(
        &mut self,
        walls: &Element,
        (width, height): (usize, usize),
        tilesets: &[TilesetUse<'a>],
        legend: &mut Legend,
    ) -> Option<Vec<Vec<(char, usize)>>> {
        for (key, size) in [("width", width), ("height", height)] {
            if let Some(n) = self.number(walls, key, Some(size as i64)) {
                if n != size as i64 {
                    self.error(
                        walls.at,
                        format!("the walls layer's {key} is {n}; the map's is {size}"),
                    );
                    return None;
                }
            }
        }
        let Some(data) = walls.child("data") else {
            self.error(walls.at, "the walls layer has no data");
            return None;
        };
        let cells = match data::cells(data, width * height) {
            Ok(cells) => cells,
            Err((at, message)) => {
                self.error(at, format!("walls layer: {message}"));
                return None;
            }
        };
        let mut rows = vec![Vec::with_capacity(width); height];
        // Each GID resolved once, at the first cell using it (where its problems are
        // reported): its legend character, '.' for an empty cell or a tile refused.
        let mut symbols: BTreeMap<u32, char> = BTreeMap::from([(0, '.')]);
        for (i, &(gid, at)) in cells.iter().enumerate() {
            let (x, y) = (i % width, i / width);
            let gid = gid & !GID_FLAGS;
            let symbol = match symbols.get(&gid) {
                Some(&c) => c,
                None => {
                    let c = match Self::tile_of(tilesets, gid) {
                        None => {
                            self.error(
                                at,
                                format!("cell ({x}, {y}): GID {gid} is in no tileset of the map"),
                            );
                            '.'
                        }
                        Some((tileset, id)) => match self.entry(tileset, id, (x, y), at) {
                            None => '.',
                            Some(entry) => match legend.add(entry, at) {
                                Some(c) => c,
                                None => {
                                    self.error(at, format!("cell ({x}, {y}): the walls layer uses more than {MAX_TILES} different tiles"));
                                    return None;
                                }
                            },
                        },
                    };
                    symbols.insert(gid, c);
                    c
                }
            };
            rows[y].push((symbol, at));
        }
        Some(rows)
    }

    /// The legend entry a tile stands for, from its properties; an error (at the first cell
    /// using it) when it has no meaning.
    fn entry(
        &mut self,
        tileset: &TilesetUse<'a>,
        id: u32,
        (x, y): (usize, usize),
        cell_at: usize,
    ) -> Option<RawEntry> {
        let tile = tileset.tile(id);
        let props = tile.map(|t| self.properties(t)).unwrap_or_default();
        let name = tileset.name().to_string();
        let thing = tile
            .and_then(|t| ["class", "type"].iter().find_map(|k| t.value(k)))
            .filter(|c| matches!(*c, "player" | "enemy" | "pickup" | "exit"));
        if let Some(class) = thing {
            self.error(
                cell_at,
                format!(
                    "cell ({x}, {y}): tile {id} of tileset '{name}' is a thing ({class}): place it on a `things` object layer (Insert Tile), not on the walls layer"
                ),
            );
            return None;
        }
        let place = tile.map_or(tileset.tileset.at, |t| t.at);
        let spanned = |p: &Property| Spanned::new(p.at..p.at + p.value.len() + 2, p.value.clone());
        let texture = props.get("texture").map(spanned);
        let kind = match props.get("kind") {
            Some(k) => k.value.clone(),
            None if texture.is_some()
                || ["north", "south", "east", "west"]
                    .iter()
                    .all(|f| props.contains_key(*f)) =>
            {
                "wall".into()
            }
            None if props.contains_key("floor") || props.contains_key("ceiling") => "floor".into(),
            None => {
                self.error(
                    cell_at,
                    format!(
                        "cell ({x}, {y}): tile {id} of tileset '{name}' has no meaning: give it a `texture` property \
                         (a wall), or `kind` = door, push, masked or floor, or erase it from the walls layer"
                    ),
                );
                return None;
            }
        };
        const KNOWN: [&str; 12] = [
            "kind", "texture", "north", "south", "east", "west", "key", "floor", "ceiling", "exit",
            "shape", "class",
        ];
        for (key, p) in &props {
            if !KNOWN.contains(&key.as_str()) {
                self.warning(p.at, format!("tile {id} of tileset '{name}': property '{key}' is not read (tiles read {})", KNOWN[..11].join(", ")));
            }
        }
        let mut entry = RawEntry::default();
        let face = |f: &str| props.get(f).map(spanned);
        match kind.as_str() {
            "wall" => {
                entry.wall = texture;
                let faces = RawFaces {
                    north: face("north"),
                    south: face("south"),
                    east: face("east"),
                    west: face("west"),
                };
                if faces.north.is_some()
                    || faces.south.is_some()
                    || faces.east.is_some()
                    || faces.west.is_some()
                {
                    entry.faces = Some(faces);
                }
                if entry.wall.is_none()
                    && entry.faces.as_ref().is_some_and(|f| {
                        f.north.is_none()
                            || f.south.is_none()
                            || f.east.is_none()
                            || f.west.is_none()
                    })
                {
                    self.error(place, format!("tile {id} of tileset '{name}': a wall needs a `texture` property, or all four of north, south, east and west"));
                    return None;
                }
            }
            "door" | "push" | "masked" => {
                let Some(texture) = texture else {
                    self.error(place, format!("tile {id} of tileset '{name}': a {kind} tile needs a `texture` property"));
                    return None;
                };
                match kind.as_str() {
                    "door" => entry.door = Some(texture),
                    "push" => entry.push = Some(texture),
                    _ => entry.masked = Some(texture),
                }
            }
            "floor" => {}
            other => {
                let at = props.get("kind").map_or(place, |p| p.at);
                self.error(at, format!("tile {id} of tileset '{name}': unknown kind '{other}' (expected wall, door, push, masked or floor)"));
                return None;
            }
        }
        if let Some(exit) = props.get("exit") {
            match (kind.as_str(), exit.value.as_str()) {
                ("wall", "true") => entry.exit = Some(Spanned::new(exit.at..exit.at, true)),
                (_, "false") => {}
                ("wall", other) => self.error(exit.at, format!("tile {id} of tileset '{name}': `exit` is true or false, not '{other}'")),
                _ => self.error(exit.at, format!("tile {id} of tileset '{name}': `exit` only applies to walls (an exit switch); an exit floor is an `exit` object in the things layer")),
            }
        }
        // An empty value is the project's default for the class member: no shape.
        if let Some(shape) = props.get("shape").filter(|s| !s.value.is_empty()) {
            if kind == "wall" {
                entry.shape = Some(spanned(shape));
            } else {
                self.error(
                    shape.at,
                    format!("tile {id} of tileset '{name}': `shape` only applies to walls (a {kind} tile is a full cell)"),
                );
            }
        }
        if let Some(key) = props.get("key") {
            if kind == "door" {
                entry.key = Some(spanned(key));
            } else {
                self.error(
                    key.at,
                    format!("tile {id} of tileset '{name}': `key` only applies to doors"),
                );
            }
        }
        for (field, slot) in [("floor", &mut entry.floor), ("ceiling", &mut entry.ceiling)] {
            if let Some(p) = props.get(field) {
                if matches!(kind.as_str(), "floor" | "door") {
                    *slot = Some(spanned(p));
                } else {
                    self.error(p.at, format!("tile {id} of tileset '{name}': `{field}` only applies to floor and door tiles"));
                }
            }
        }
        Some(entry)
    }

    /// The map's own properties: format, name, next level, par time, textures, floor, ceiling,
    /// fog.
    fn map_properties(&mut self, map: &Element, level: &mut RawLevel) {
        let props = self.properties(map);
        let spanned = |p: &Property| Spanned::new(p.at..p.at + p.value.len() + 2, p.value.clone());
        let file_stem = self
            .path
            .file_stem()
            .map_or("untitled".into(), |s| s.to_string_lossy().into_owned());
        level.name = props
            .get("name")
            .map_or_else(|| Spanned::new(map.at..map.at, file_stem), spanned);
        if let Some(format) = props.get("format") {
            match format.value.trim().parse::<i64>() {
                Ok(n) => {
                    if let Some(message) = crate::level::format_problem(n) {
                        self.error(format.at, message);
                    }
                    level.format = Some(Spanned::new(format.at..format.at, n));
                }
                Err(_) => self.error(
                    format.at,
                    format!("format is '{}'; a whole number was expected", format.value),
                ),
            }
        }
        level.next = props.get("next").map(spanned);
        level.textures = props.get("textures").map(spanned);
        level.music = props.get("music").map(spanned);
        level.defaults.floor = props.get("floor").map(spanned);
        level.defaults.ceiling = props.get("ceiling").map(spanned);
        if let Some(par) = props.get("par") {
            match par.value.trim().parse::<i64>() {
                Ok(n) => level.par = Some(Spanned::new(par.at..par.at, n)),
                Err(_) => self.error(
                    par.at,
                    format!(
                        "par is '{}'; a whole number of seconds was expected",
                        par.value
                    ),
                ),
            }
        }
        if let Some(p) = props.get("enemies") {
            self.enemy_kinds(p, &mut level.enemies);
        }
        match (props.get("fog_colour"), props.get("fog_distance")) {
            (Some(colour), Some(distance)) => match distance.value.trim().parse::<f64>() {
                Ok(d) => {
                    level.fog = Some(RawFog {
                        colour: spanned(colour),
                        distance: Spanned::new(distance.at..distance.at, d),
                    });
                }
                Err(_) => self.error(
                    distance.at,
                    format!(
                        "fog_distance is '{}'; a number of tiles was expected",
                        distance.value
                    ),
                ),
            },
            (Some(p), None) => self.error(p.at, "fog_colour needs fog_distance beside it"),
            (None, Some(p)) => self.error(p.at, "fog_distance needs fog_colour beside it"),
            (None, None) => {}
        }
        const KNOWN: [&str; 11] = [
            "format",
            "name",
            "next",
            "par",
            "music",
            "enemies",
            "textures",
            "floor",
            "ceiling",
            "fog_colour",
            "fog_distance",
        ];
        for (key, p) in &props {
            if !KNOWN.contains(&key.as_str()) {
                self.warning(
                    p.at,
                    format!(
                        "map property '{key}' is not read (maps read {})",
                        KNOWN.join(", ")
                    ),
                );
            }
        }
    }
}

impl Reader<'_> {
    /// The map property `enemies`: the level's own enemy kinds as TOML tables (`[brute]`,
    /// then its fields as in a TOML level's `[enemies.brute]`). Every place in them is the
    /// property's, for messages.
    fn enemy_kinds(
        &mut self,
        p: &Property,
        kinds: &mut BTreeMap<Spanned<String>, Spanned<RawKind>>,
    ) {
        match toml::from_str::<BTreeMap<String, RawKind>>(&p.value) {
            Ok(read) => {
                for (name, kind) in read {
                    kinds.insert(
                        Spanned::new(p.at..p.at, name),
                        Spanned::new(p.at..p.at, kind.placed_at(p.at)),
                    );
                }
            }
            Err(e) => self.error(
                p.at,
                format!(
                    "map property 'enemies': not enemy kinds as TOML tables ([NAME] then its fields): {}",
                    e.message()
                ),
            ),
        }
    }
}

/// `#AARRGGBB` (as Tiled writes colours) as `#rrggbb`; other text as it is.
fn colour(value: &str) -> Option<String> {
    let hex = value.strip_prefix('#')?;
    (hex.len() == 8 && hex.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| format!("#{}", hex[2..].to_ascii_lowercase()))
}

/// The legend being built: a character per tile, in order of first use.
#[derive(Default)]
struct Legend {
    entries: BTreeMap<Spanned<String>, Spanned<RawEntry>>,
    used: usize,
}

impl Legend {
    /// The next free character, while there are any.
    fn next_symbol(&mut self) -> Option<char> {
        let i = self.used;
        self.used += 1;
        match SYMBOLS.chars().nth(i) {
            Some(c) => Some(c),
            None if i - SYMBOLS.len() < MAX_TILES => {
                char::from_u32(0xC0 + (i - SYMBOLS.len()) as u32)
            }
            None => None,
        }
    }

    /// A character for a tile and its entry; `None` when the map uses more than
    /// [`MAX_TILES`] different tiles.
    fn add(&mut self, entry: RawEntry, at: usize) -> Option<char> {
        let c = self.next_symbol()?;
        self.entries.insert(
            Spanned::new(at..at, c.to_string()),
            Spanned::new(at..at, entry),
        );
        Some(c)
    }
}

/// A polygon's `points` ("x,y x,y ...").
fn parse_points(text: &str) -> Option<Vec<(f64, f64)>> {
    let points: Option<Vec<(f64, f64)>> = text
        .split_whitespace()
        .map(|pair| {
            let (x, y) = pair.split_once(',')?;
            let (x, y) = (x.parse::<f64>().ok()?, y.parse::<f64>().ok()?);
            (x.is_finite() && y.is_finite()).then_some((x, y))
        })
        .collect();
    points.filter(|p| !p.is_empty())
}
