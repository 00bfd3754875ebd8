//! The TOML level format: parsing and validation.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::{
    Diagnostics, DoorSpawn, EnemyMode, EnemySpawn, Fog, KeyColour, Level, LevelError, Loaded,
    MAX_NAME_LEN, PickupKind, PickupSpawn, Placement, Rgb, Surface, TextureRef, TileStyle,
};
use crate::grid::{Cell, Solidity};
use crate::map::{MAX_MAP_SIDE, Tile, TileMap};
use crate::math::Vec2;

/// Floor and ceiling when a level names none.
const DEFAULT_FLOOR: Surface = Surface::Colour(Rgb(0x55, 0x55, 0x55));
const DEFAULT_CEILING: Surface = Surface::Colour(Rgb(0x38, 0x38, 0x38));
const DEFAULT_FOG: Fog = Fog {
    colour: Rgb(0, 0, 0),
    distance: 24.0,
};
/// More problems of one kind than this are summarised.
const MAX_REPEATS: usize = 12;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    name: Spanned<String>,
    grid: Spanned<String>,
    next: Option<Spanned<String>>,
    textures: Option<Spanned<String>>,
    #[serde(default)]
    defaults: RawDefaults,
    fog: Option<RawFog>,
    #[serde(default)]
    legend: BTreeMap<Spanned<String>, Spanned<RawEntry>>,
    player: Option<Spanned<RawPlacement>>,
    #[serde(default)]
    enemy: Vec<Spanned<RawEnemy>>,
    #[serde(default)]
    pickup: Vec<Spanned<RawPickup>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawDefaults {
    floor: Option<Spanned<String>>,
    ceiling: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFog {
    colour: Spanned<String>,
    distance: Spanned<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlacement {
    position: Spanned<[f64; 2]>,
    facing: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnemy {
    kind: Spanned<String>,
    position: Spanned<[f64; 2]>,
    facing: Option<Spanned<String>>,
    mode: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPickup {
    kind: Spanned<String>,
    position: Spanned<[f64; 2]>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    wall: Option<Spanned<String>>,
    faces: Option<RawFaces>,
    door: Option<Spanned<String>>,
    key: Option<Spanned<String>>,
    push: Option<Spanned<String>>,
    masked: Option<Spanned<String>>,
    floor: Option<Spanned<String>>,
    ceiling: Option<Spanned<String>>,
    player: Option<Spanned<String>>,
    enemy: Option<Spanned<String>>,
    facing: Option<Spanned<String>>,
    mode: Option<Spanned<String>>,
    pickup: Option<Spanned<String>>,
    exit: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFaces {
    north: Option<Spanned<String>>,
    south: Option<Spanned<String>>,
    east: Option<Spanned<String>>,
    west: Option<Spanned<String>>,
}

/// What a legend character stands for.
#[derive(Clone, Debug)]
enum Meaning {
    Floor,
    Solid(Tile),
    Player(f64),
    Enemy(String, f64, EnemyMode),
    Pickup(PickupKind),
    Exit,
}

/// A legend entry, resolved.
struct Symbol {
    meaning: Meaning,
    style: u16,
}

/// Enemy kinds the game knows.
pub const ENEMY_KINDS: [&str; 2] = ["guard", "officer"];

struct Parser<'a> {
    d: Diagnostics<'a>,
    text: &'a str,
    styles: Vec<TileStyle>,
    textures: Vec<TextureRef>,
}

pub(super) fn parse_toml(text: &str, path: &Path) -> Result<Loaded, LevelError> {
    let mut p = Parser {
        d: Diagnostics::new(&path.display().to_string(), text),
        text,
        styles: Vec::new(),
        textures: Vec::new(),
    };
    let raw: RawLevel = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            let message = e.message().trim().to_string();
            match e.span() {
                Some(span) => p.d.error(span, message),
                None => p.d.error_in_file(message),
            }
            return Err(LevelError {
                diagnostics: p.d.list,
            });
        }
    };
    let level = p.level(raw, path);
    let Parser { mut d, .. } = p;
    // In file order (stable: problems at one place keep the order they were found in).
    d.list.sort_by_key(|diagnostic| diagnostic.position);
    match level {
        Some(level) if !d.has_errors() => Ok(Loaded {
            level,
            warnings: d.list,
        }),
        _ => Err(LevelError {
            diagnostics: d.list,
        }),
    }
}

impl Parser<'_> {
    fn level(&mut self, raw: RawLevel, path: &Path) -> Option<Level> {
        let name = raw.name.get_ref().trim().to_string();
        if name.is_empty() {
            self.d.error(raw.name.span(), "the level name is empty");
        } else if name.chars().count() > MAX_NAME_LEN {
            self.d.error(
                raw.name.span(),
                format!(
                    "the level name is {} characters; the limit is {MAX_NAME_LEN}",
                    name.chars().count()
                ),
            );
        }
        let floor = self
            .surface(raw.defaults.floor.as_ref())
            .unwrap_or(DEFAULT_FLOOR);
        let ceiling = self
            .surface(raw.defaults.ceiling.as_ref())
            .unwrap_or(DEFAULT_CEILING);
        let fog = raw.fog.as_ref().map_or(DEFAULT_FOG, |f| self.fog(f));
        // Style 0: plain floor. '.' and ' ' mean it unless the legend says otherwise.
        self.styles.push(TileStyle {
            symbol: '.',
            faces: None,
            floor: floor.clone(),
            ceiling: ceiling.clone(),
            key: None,
        });
        let mut symbols: BTreeMap<char, Symbol> = BTreeMap::new();
        for c in ['.', ' '] {
            symbols.insert(
                c,
                Symbol {
                    meaning: Meaning::Floor,
                    style: 0,
                },
            );
        }
        for (key, entry) in &raw.legend {
            let mut chars = key.get_ref().chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                self.d.error(
                    key.span(),
                    format!(
                        "legend keys are single characters; found {:?}",
                        key.get_ref()
                    ),
                );
                continue;
            };
            if let Some(symbol) = self.entry(c, entry, &floor, &ceiling) {
                symbols.insert(c, symbol);
            }
        }
        // Each grid character with its byte offset: read once, used for every grid diagnostic.
        let rows = grid_rows(self.text, &raw.grid);
        let map_and_things = self.grid(&raw.grid, &rows, &symbols);
        let base = path.parent().unwrap_or(Path::new(""));
        let next = raw
            .next
            .as_ref()
            .and_then(|n| self.next_level(n, base, path));
        let texture_dir = raw
            .textures
            .as_ref()
            .map(|t| (base.join(t.get_ref()), self.d.position(t.span().start)));
        let (map, mut players, mut enemies, mut pickups, exits, grid_start) = map_and_things?;
        if let Some(p) = &raw.player {
            let facing = self.facing(p.get_ref().facing.as_ref());
            if let Some(position) = self.position(&map, &p.get_ref().position, "the player") {
                players.push((p.span().start, Placement { position, facing }));
            }
        }
        for e in &raw.enemy {
            let e = e.get_ref();
            let kind = self.enemy_kind(&e.kind);
            let facing = self.facing(e.facing.as_ref());
            let mode = self.mode(e.mode.as_ref());
            if let (Some(position), Some(kind)) =
                (self.position(&map, &e.position, "an enemy"), kind)
            {
                enemies.push(EnemySpawn {
                    kind,
                    at: Placement { position, facing },
                    mode,
                });
            }
        }
        for item in &raw.pickup {
            let item = item.get_ref();
            let kind = self.pickup_kind(&item.kind);
            if let (Some(position), Some(kind)) =
                (self.position(&map, &item.position, "a pickup"), kind)
            {
                pickups.push(PickupSpawn { kind, position });
            }
        }
        let player = match players.as_slice() {
            [] => {
                self.d.error_at(grid_start, "no player start: put the legend's player character in the grid, or add a [player] table");
                None
            }
            [(_, only)] => Some(*only),
            [_, rest @ ..] => {
                for (offset, _) in rest {
                    self.d.error_at(
                        *offset,
                        format!(
                            "a second player start: a level has exactly one ({} found)",
                            rest.len() + 1
                        ),
                    );
                }
                None
            }
        };
        let doors = self.doors(&map, grid_start, &rows);
        if !self.d.has_errors() {
            // On a grid with errors, missing cells would be reported as open edges.
            self.open_edges(&map, &rows);
            if let Some(start) = &player {
                self.unreachable_exits(&map, start.position, &exits, &rows);
            }
        }
        Some(Level {
            name,
            map,
            styles: std::mem::take(&mut self.styles),
            player: player?,
            enemies: std::mem::take(&mut enemies),
            pickups: std::mem::take(&mut pickups),
            doors,
            exits,
            fog,
            next,
            texture_dir,
            texture_refs: std::mem::take(&mut self.textures),
        })
    }

    /// Resolves one legend entry and adds its style.
    fn entry(
        &mut self,
        c: char,
        entry: &Spanned<RawEntry>,
        floor: &Surface,
        ceiling: &Surface,
    ) -> Option<Symbol> {
        let at = entry.span();
        let e = entry.get_ref();
        let kinds: Vec<&str> = [
            ("wall", e.wall.is_some() || e.faces.is_some()),
            ("door", e.door.is_some()),
            ("push", e.push.is_some()),
            ("masked", e.masked.is_some()),
            ("player", e.player.is_some()),
            ("enemy", e.enemy.is_some()),
            ("pickup", e.pickup.is_some()),
            ("exit", e.exit.as_ref().is_some_and(|x| *x.get_ref())),
        ]
        .into_iter()
        .filter_map(|(name, present)| present.then_some(name))
        .collect();
        if kinds.len() > 1 {
            self.d.error(
                at,
                format!(
                    "legend '{c}' is {}: give each its own character",
                    kinds.join(" and ")
                ),
            );
            return None;
        }
        let kind = kinds.first().copied().unwrap_or("floor");
        let solid = matches!(kind, "wall" | "door" | "push" | "masked");
        let misplaced = |field: &str, applies: &str| {
            format!("legend '{c}': `{field}` only applies to {applies}")
        };
        if let (Some(key), false) = (&e.key, kind == "door") {
            self.d.error(key.span(), misplaced("key", "doors"));
        }
        if e.faces.is_some() && !matches!(kind, "wall") {
            self.d.error(at.clone(), misplaced("faces", "walls"));
        }
        for (field, value) in [("facing", &e.facing), ("mode", &e.mode)] {
            if let Some(v) = value {
                if kind != "enemy" {
                    self.d.error(
                        v.span(),
                        misplaced(
                            field,
                            "enemies (a player's facing is its value: player = \"east\")",
                        ),
                    );
                }
            }
        }
        if solid {
            for (field, value) in [("floor", &e.floor), ("ceiling", &e.ceiling)] {
                if let (Some(v), false) = (value, kind == "door") {
                    self.d.error(
                        v.span(),
                        misplaced(field, "open cells, doors and things standing on the floor"),
                    );
                }
            }
        }
        let floor = self
            .surface(e.floor.as_ref())
            .unwrap_or_else(|| floor.clone());
        let ceiling = self
            .surface(e.ceiling.as_ref())
            .unwrap_or_else(|| ceiling.clone());
        let mut key = None;
        let (meaning, faces) = match kind {
            "wall" => {
                let base = e.wall.as_ref().map(|w| self.texture(w));
                let faces = e.faces.as_ref();
                let mut out: [Option<String>; 4] = Default::default();
                let given = faces.map(|f| [&f.north, &f.south, &f.east, &f.west]);
                for (i, slot) in out.iter_mut().enumerate() {
                    *slot = match given.and_then(|g| g[i].as_ref()) {
                        Some(t) => Some(self.texture(t)),
                        None => base.clone(),
                    };
                }
                if out.iter().any(Option::is_none) {
                    self.d.error(
                        at,
                        format!(
                            "legend '{c}': `faces` names only some faces; add `wall` for the others"
                        ),
                    );
                    return None;
                }
                (Meaning::Solid(Tile::Wall), Some(out.map(Option::unwrap)))
            }
            "door" | "push" | "masked" => {
                let (value, tile) = match kind {
                    "door" => (e.door.as_ref(), Tile::Door),
                    "push" => (e.push.as_ref(), Tile::PushWall),
                    _ => (e.masked.as_ref(), Tile::Masked),
                };
                let texture = self.texture(value.unwrap());
                if kind == "door" {
                    key = e.key.as_ref().and_then(|k| self.key_colour(k));
                }
                (
                    Meaning::Solid(tile),
                    Some([texture.clone(), texture.clone(), texture.clone(), texture]),
                )
            }
            "player" => (Meaning::Player(self.facing(e.player.as_ref())), None),
            "enemy" => {
                let kind = self.enemy_kind(e.enemy.as_ref().unwrap())?;
                (
                    Meaning::Enemy(
                        kind,
                        self.facing(e.facing.as_ref()),
                        self.mode(e.mode.as_ref()),
                    ),
                    None,
                )
            }
            "pickup" => (
                Meaning::Pickup(self.pickup_kind(e.pickup.as_ref().unwrap())?),
                None,
            ),
            "exit" => (Meaning::Exit, None),
            _ => (Meaning::Floor, None),
        };
        let Ok(style) = u16::try_from(self.styles.len()) else {
            self.d
                .error(at, "too many legend entries (the limit is 65535)");
            return None;
        };
        self.styles.push(TileStyle {
            symbol: c,
            faces,
            floor,
            ceiling,
            key,
        });
        Some(Symbol { meaning, style })
    }

    /// Reads the grid into a map and the things placed on it.
    #[allow(clippy::type_complexity)]
    fn grid(
        &mut self,
        grid: &Spanned<String>,
        rows: &[Vec<(char, usize)>],
        symbols: &BTreeMap<char, Symbol>,
    ) -> Option<(
        TileMap,
        Vec<(usize, Placement)>,
        Vec<EnemySpawn>,
        Vec<PickupSpawn>,
        Vec<Cell>,
        usize,
    )> {
        let grid_start = rows
            .first()
            .and_then(|r| r.first())
            .map_or(grid.span().start, |&(_, o)| o);
        let width = rows.first().map_or(0, Vec::len);
        if rows.is_empty() || width == 0 {
            self.d.error(grid.span(), "the grid is empty");
            return None;
        }
        if width > MAX_MAP_SIDE || rows.len() > MAX_MAP_SIDE {
            self.d.error_at(
                grid_start,
                format!(
                    "the grid is {width}x{} cells; the limit is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}",
                    rows.len()
                ),
            );
            return None;
        }
        let mut map = TileMap::new(width, rows.len()).ok()?;
        let (mut players, mut enemies, mut pickups, mut exits) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut unknown = 0;
        let legend: String = symbols
            .keys()
            .filter(|c| **c != ' ')
            .map(|c| format!("'{c}'"))
            .collect::<Vec<_>>()
            .join(", ");
        for (y, row) in rows.iter().enumerate() {
            if row.len() != width {
                // A long row: its first extra character; a short one: where it ends.
                let offset = match row.get(width) {
                    Some(&(_, o)) => o,
                    None => row.last().map_or(grid_start, |&(c, o)| o + c.len_utf8()),
                };
                self.d.error_at(offset, format!("grid row {} is {} cells wide; the first row is {width} (rows must all be the same width)", y + 1, row.len()));
                continue;
            }
            for (x, &(c, offset)) in row.iter().enumerate() {
                let cell = Cell::new(x as i32, y as i32);
                let Some(symbol) = symbols.get(&c) else {
                    unknown += 1;
                    if unknown <= MAX_REPEATS {
                        self.d.error_at(
                            offset,
                            format!("unknown legend character '{c}' (the legend has {legend})"),
                        );
                    }
                    continue;
                };
                let centre = Vec2::new(x as f64 + 0.5, y as f64 + 0.5);
                let tile = match &symbol.meaning {
                    Meaning::Solid(tile) => *tile,
                    Meaning::Floor => Tile::Empty,
                    Meaning::Player(facing) => {
                        players.push((
                            offset,
                            Placement {
                                position: centre,
                                facing: *facing,
                            },
                        ));
                        Tile::Empty
                    }
                    Meaning::Enemy(kind, facing, mode) => {
                        let at = Placement {
                            position: centre,
                            facing: *facing,
                        };
                        enemies.push(EnemySpawn {
                            kind: kind.clone(),
                            at,
                            mode: *mode,
                        });
                        Tile::Empty
                    }
                    Meaning::Pickup(kind) => {
                        pickups.push(PickupSpawn {
                            kind: *kind,
                            position: centre,
                        });
                        Tile::Empty
                    }
                    Meaning::Exit => {
                        exits.push(cell);
                        Tile::Empty
                    }
                };
                map.set_styled(cell, tile, symbol.style);
            }
        }
        if unknown > MAX_REPEATS {
            self.d.error_at(
                grid_start,
                format!(
                    "{} more unknown legend characters not listed",
                    unknown - MAX_REPEATS
                ),
            );
        }
        Some((map, players, enemies, pickups, exits, grid_start))
    }

    /// Doors need walls on both sides, west and east or north and south.
    fn doors(
        &mut self,
        map: &TileMap,
        grid_start: usize,
        rows: &[Vec<(char, usize)>],
    ) -> Vec<DoorSpawn> {
        let mut doors = Vec::new();
        let wall = |x: i32, y: i32| {
            map.get(Cell::new(x, y))
                .is_none_or(|t| matches!(t, Tile::Wall | Tile::PushWall | Tile::Masked))
        };
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                let cell = Cell::new(x, y);
                if map.get(cell) != Some(Tile::Door) {
                    continue;
                }
                let key = self.styles[map.style(cell) as usize].key;
                if wall(x - 1, y) && wall(x + 1, y) {
                    doors.push(DoorSpawn {
                        cell,
                        along_x: true,
                        key,
                    });
                } else if wall(x, y - 1) && wall(x, y + 1) {
                    doors.push(DoorSpawn {
                        cell,
                        along_x: false,
                        key,
                    });
                } else {
                    let offset = rows
                        .get(y as usize)
                        .and_then(|r| r.get(x as usize))
                        .map_or(grid_start, |&(_, o)| o);
                    self.d.error_at(offset, format!("door at ({x}, {y}) needs walls on both sides: west and east, or north and south"));
                }
            }
        }
        doors
    }

    /// Warns about open cells on the grid's border (closed anyway: out of bounds is solid).
    fn open_edges(&mut self, map: &TileMap, rows: &[Vec<(char, usize)>]) {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let mut open = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                if border && !map.is_solid(Cell::new(x, y)) {
                    open.push((x, y));
                }
            }
        }
        for &(x, y) in open.iter().take(MAX_REPEATS) {
            if let Some(&(_, offset)) = rows.get(y as usize).and_then(|r| r.get(x as usize)) {
                self.d.warning_at(offset, format!("open edge at ({x}, {y}): the map is closed there anyway (out of bounds is solid), but a wall may be missing"));
            }
        }
        if open.len() > MAX_REPEATS {
            let offset = rows[0][0].1;
            self.d.warning_at(
                offset,
                format!(
                    "{} more open edge cells not listed",
                    open.len() - MAX_REPEATS
                ),
            );
        }
    }

    /// Warns when no exit can be reached from the player's start, even through every door
    /// (locked or not) and push wall: the level could not be finished.
    fn unreachable_exits(
        &mut self,
        map: &TileMap,
        start: crate::math::Vec2,
        exits: &[Cell],
        rows: &[Vec<(char, usize)>],
    ) {
        let Some(first) = exits.first() else { return };
        let (w, h) = (map.width() as i32, map.height() as i32);
        let passable =
            |c: Cell| matches!(map.get(c), Some(Tile::Empty | Tile::Door | Tile::PushWall));
        let from = Cell::containing(start);
        if !(0..w).contains(&from.x) || !(0..h).contains(&from.y) {
            return;
        }
        let reached =
            crate::grid::shortest_path(from, (0, 0, w, h), passable, |c| exits.contains(&c));
        if reached.is_some() {
            return;
        }
        if let Some(&(_, offset)) = rows
            .get(first.y as usize)
            .and_then(|r| r.get(first.x as usize))
        {
            self.d.warning_at(offset, format!("the exit at ({}, {}) cannot be reached from the player's start, even through every door and push wall: the level cannot be finished", first.x, first.y));
        }
    }

    fn next_level(
        &mut self,
        next: &Spanned<String>,
        base: &Path,
        this: &Path,
    ) -> Option<std::path::PathBuf> {
        let path = base.join(next.get_ref());
        if !path.is_file() {
            self.d.error(
                next.span(),
                format!(
                    "next level '{}' does not exist (looked for {})",
                    next.get_ref(),
                    path.display()
                ),
            );
            return None;
        }
        let same = match (path.canonicalize(), this.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            self.d.error(
                next.span(),
                "the next level is this level itself: the episode would never end",
            );
            return None;
        }
        Some(path)
    }

    fn position(&mut self, map: &TileMap, p: &Spanned<[f64; 2]>, what: &str) -> Option<Vec2> {
        let [x, y] = *p.get_ref();
        let (w, h) = (map.width() as f64, map.height() as f64);
        if !(x.is_finite() && y.is_finite() && (0.0..w).contains(&x) && (0.0..h).contains(&y)) {
            self.d.error(
                p.span(),
                format!("{what} at [{x:?}, {y:?}] is outside the map (0 <= x < {w}, 0 <= y < {h})"),
            );
            return None;
        }
        let cell = Cell::new(x as i32, y as i32);
        if map.is_solid(cell) {
            self.d.error(
                p.span(),
                format!(
                    "{what} at [{x}, {y}] is inside a wall (cell ({}, {}))",
                    cell.x, cell.y
                ),
            );
            return None;
        }
        Some(Vec2::new(x, y))
    }

    fn facing(&mut self, value: Option<&Spanned<String>>) -> f64 {
        let Some(v) = value else { return 0.0 };
        const NAMES: [(&str, f64); 8] = [
            ("east", 0.0),
            ("southeast", 45.0),
            ("south", 90.0),
            ("southwest", 135.0),
            ("west", 180.0),
            ("northwest", 225.0),
            ("north", 270.0),
            ("northeast", 315.0),
        ];
        if let Some(&(_, degrees)) = NAMES.iter().find(|(n, _)| *n == v.get_ref().as_str()) {
            return degrees;
        }
        if let Ok(degrees) = v.get_ref().parse::<f64>() {
            if degrees.is_finite() {
                return degrees.rem_euclid(360.0);
            }
        }
        self.d.error(v.span(), format!("unknown facing '{}' (expected north, northeast, east, ..., or degrees from east towards south)", v.get_ref()));
        0.0
    }

    fn mode(&mut self, value: Option<&Spanned<String>>) -> EnemyMode {
        match value.map(|v| (v, v.get_ref().as_str())) {
            None | Some((_, "stand")) => EnemyMode::Stand,
            Some((_, "ambush")) => EnemyMode::Ambush,
            Some((_, "patrol")) => EnemyMode::Patrol,
            Some((v, other)) => {
                self.d.error(
                    v.span(),
                    format!("unknown enemy mode '{other}' (expected stand, ambush or patrol)"),
                );
                EnemyMode::Stand
            }
        }
    }

    fn enemy_kind(&mut self, v: &Spanned<String>) -> Option<String> {
        if ENEMY_KINDS.contains(&v.get_ref().as_str()) {
            Some(v.get_ref().clone())
        } else {
            self.d.error(
                v.span(),
                format!(
                    "unknown enemy kind '{}' (expected {})",
                    v.get_ref(),
                    ENEMY_KINDS.join(" or ")
                ),
            );
            None
        }
    }

    fn pickup_kind(&mut self, v: &Spanned<String>) -> Option<PickupKind> {
        Some(match v.get_ref().as_str() {
            "health" => PickupKind::Health,
            "ammo" => PickupKind::Ammo,
            "treasure" => PickupKind::Treasure,
            "gold_key" => PickupKind::Key(KeyColour::Gold),
            "silver_key" => PickupKind::Key(KeyColour::Silver),
            other => {
                self.d.error(v.span(), format!("unknown pickup '{other}' (expected health, ammo, treasure, gold_key or silver_key)"));
                return None;
            }
        })
    }

    fn key_colour(&mut self, v: &Spanned<String>) -> Option<KeyColour> {
        match v.get_ref().as_str() {
            "gold" => Some(KeyColour::Gold),
            "silver" => Some(KeyColour::Silver),
            other => {
                self.d.error(
                    v.span(),
                    format!("unknown key colour '{other}' (expected gold or silver)"),
                );
                None
            }
        }
    }

    fn fog(&mut self, f: &RawFog) -> Fog {
        let colour = self.colour(&f.colour).unwrap_or(DEFAULT_FOG.colour);
        let distance = *f.distance.get_ref();
        if !(distance.is_finite() && distance > 0.0) {
            self.d.error(
                f.distance.span(),
                format!("fog distance {distance} must be a positive number of tiles"),
            );
        }
        Fog { colour, distance }
    }

    fn colour(&mut self, v: &Spanned<String>) -> Option<Rgb> {
        let parsed = parse_colour(v.get_ref());
        if parsed.is_none() {
            self.d.error(
                v.span(),
                format!("'{}' is not a colour (expected #rrggbb)", v.get_ref()),
            );
        }
        parsed
    }

    /// A floor or ceiling: `#rrggbb` or a texture name.
    fn surface(&mut self, v: Option<&Spanned<String>>) -> Option<Surface> {
        let v = v?;
        if v.get_ref().starts_with('#') {
            return self.colour(v).map(Surface::Colour);
        }
        Some(Surface::Texture(self.texture(v)))
    }

    /// Records a texture name and where it appears; checks its spelling.
    fn texture(&mut self, v: &Spanned<String>) -> String {
        let name = v.get_ref();
        let valid = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !valid {
            self.d.error(
                v.span(),
                format!(
                    "'{name}' is not a texture name (file stems use letters, digits, '_' and '-')"
                ),
            );
        }
        let span: Range<usize> = v.span();
        // Point at the name inside its quotes.
        let position = self.d.position(span.start + 1);
        self.textures.push(TextureRef {
            name: name.clone(),
            position,
        });
        name.clone()
    }
}

/// `#rrggbb`.
pub(crate) fn parse_colour(s: &str) -> Option<Rgb> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Rgb(byte(0)?, byte(2)?, byte(4)?))
}

/// The grid's rows: each character with its byte offset in the file. Exact for literal strings
/// (`'''`) and for basic strings without escapes; after an escape, offsets are approximate.
fn grid_rows(text: &str, grid: &Spanned<String>) -> Vec<Vec<(char, usize)>> {
    let span = grid.span();
    let raw = text.get(span.clone()).unwrap_or("");
    let delimiter = if raw.starts_with("'''") || raw.starts_with("\"\"\"") {
        3
    } else {
        1
    };
    let mut offset = span.start + delimiter.min(raw.len());
    if delimiter == 3 {
        if text[offset..].starts_with("\r\n") {
            offset += 2;
        } else if text[offset..].starts_with('\n') {
            offset += 1;
        }
    }
    let mut rows: Vec<Vec<(char, usize)>> = vec![Vec::new()];
    for c in grid.get_ref().chars() {
        // Keep in step with the raw text where it has a carriage return the value lacks.
        if text[offset.min(text.len())..].starts_with('\r') && c != '\r' {
            offset += 1;
        }
        match c {
            '\n' => rows.push(Vec::new()),
            '\r' => {}
            _ => rows.last_mut().unwrap().push((c, offset)),
        }
        offset += text[offset.min(text.len())..]
            .chars()
            .next()
            .map_or(c.len_utf8(), char::len_utf8);
    }
    while rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    rows
}
