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
mod files;
mod json;
mod legend;
mod properties;
mod things;
mod tilesets;
mod xml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::Spanned;

use super::parse::raw::{PlacedAt, RawDefaults, RawEntry, RawFaces, RawFog, RawLevel};
use super::parse::{LevelSource, build};
use super::{Diagnostics, LevelError, Loaded, Severity};
use files::{Files, Problem, folder, references};
use legend::{GID_FLAGS, Legend};
use properties::{Property, parse_points};
use tilesets::TilesetUse;
use xml::Element;

/// The most files one map may pull in (itself, tilesets, templates).
const MAX_FILES: usize = 256;

/// The most different tiles one walls layer may use (characters from U+00C0 on stay below the
/// surrogates).
const MAX_TILES: usize = 50_000;

/// Legend characters for the map's tiles, in order of first use (after these, letters from
/// U+00C0 on). `X` is the exit, `x` the secret exit.
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

struct Reader<'a> {
    files: &'a BTreeMap<PathBuf, Element>,
    problems: Vec<Problem>,
    path: &'a Path,
}

impl<'a> Reader<'a> {
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
            secret_next: None,
            par: None,
            textures: None,
            music: None,
            defaults: RawDefaults::default(),
            fog: None,
            legend: BTreeMap::new(),
            player: None,
            spawn: Vec::new(),
            enemy: Vec::new(),
            pickup: Vec::new(),
            decoration: Vec::new(),
            light: Vec::new(),
            ambient: None,
            enemies: BTreeMap::new(),
            weapons: BTreeMap::new(),
        };
        self.map_properties(map, &mut level);
        let mut source = LevelSource { raw: level, rows };
        for (group, offset) in things {
            self.things(
                group,
                (offset, tile_size),
                &tilesets,
                &mut legend,
                &mut source,
            );
        }
        source.raw.legend.append(&mut legend.entries);
        Some(source)
    }
}
