//! The TOML level format: parsing and validation, by concern: the raw TOML ([`raw`]), the
//! legend ([`legend`]), the grid ([`grid`]), single values ([`values`]), the weapons' numbers ([`weapons`]) and the checks across
//! the whole level ([`checks`]). Each adds to the one [`Parser`], which collects every problem
//! with its place in the file.

mod checks;
mod grid;
mod legend;
mod lights;
pub(in crate::level) mod raw;
mod size;
mod values;
mod weapons;

pub use legend::ENEMY_KINDS;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use toml::Spanned;

use super::{
    Decoration, DecorationKind, Diagnostics, Difficulty, DoorSpawn, EnemyMode, EnemySpawn, Fog,
    KeyColour, Level, LevelError, Loaded, MAX_NAME_LEN, PickupKind, PickupSpawn, Placement,
    Surface, TextureRef, TileStyle,
};
use crate::frame::Colour;
use crate::grid::{Cell, Solidity};
use crate::map::{MAX_MAP_SIDE, Tile, TileMap};
use crate::math::Vec2;
use grid::grid_rows;
use legend::{Meaning, Symbol};
use raw::{RawEntry, RawFog, RawLevel};

/// Floor and ceiling when a level names none.
const DEFAULT_FLOOR: Surface = Surface::Colour(Colour::rgb(0x55, 0x55, 0x55));
const DEFAULT_CEILING: Surface = Surface::Colour(Colour::rgb(0x38, 0x38, 0x38));
const DEFAULT_FOG: Fog = Fog {
    colour: Colour::BLACK,
    distance: 24.0,
};
/// The par time of a level that names none, seconds.
const DEFAULT_PAR_SECONDS: u32 = 90;
/// The longest par time, seconds (a day).
const MAX_PAR_SECONDS: u32 = 86_400;
/// More problems of one kind than this are summarised.
const MAX_REPEATS: usize = 12;

struct Parser<'a> {
    d: Diagnostics<'a>,
    styles: Vec<TileStyle>,
    textures: Vec<TextureRef>,
    /// The enemy kinds the level may name: the built-in ones and its own.
    kinds: BTreeMap<String, crate::level::EnemyKind>,
    /// The level file's folder: shape files are relative to it.
    folder: std::path::PathBuf,
    /// The shape files read (or tried), for [`Level::files`].
    files: Vec<std::path::PathBuf>,
    /// Whether a next (or secret) level that does not exist is only a warning ([`Links`]).
    links: Links,
}

/// What a next or secret level that does not exist is: an error (the game, `check`), or for
/// the editor's view a warning, the level ending at that exit, so that a level copied away from
/// its episode still shows while its author edits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::level) enum Links {
    Required,
    Optional,
}

/// The one level model: a level as its file gives it, every value with its place in the file,
/// nothing checked yet. Both readers build it (TOML and Tiled), [`build`] checks it and makes
/// the [`Level`], and `convert` writes it out again.
#[derive(Clone)]
pub(in crate::level) struct LevelSource {
    /// The level's values.
    pub(in crate::level) raw: RawLevel,
    /// The grid: each cell's legend character and the offset of what gave it.
    pub(in crate::level) rows: Vec<Vec<(char, usize)>>,
}

/// Reads TOML level text into the level model; a TOML syntax or type error is the one
/// diagnostic then.
pub(in crate::level) fn read_toml(text: &str, path: &Path) -> Result<LevelSource, LevelError> {
    if let Some(at) = size::past_most_values(text) {
        let mut d = Diagnostics::new(&path.display().to_string(), text);
        let most = size::MOST_VALUES;
        d.error(
            at..at + 1,
            format!("the level holds more than {most} values (keys, array items, tables) from here on: too many to read"),
        );
        return Err(LevelError {
            diagnostics: d.list,
        });
    }
    if let Ok(raw::RawFormat {
        format: Some(format),
    }) = toml::from_str::<raw::RawFormat>(text)
    {
        let problem = match format.get_ref() {
            toml::Value::Integer(n) => crate::level::format_problem(*n),
            other => Some(format!(
                "format is {other}; a whole number was expected (this tilecaster reads {})",
                crate::level::LEVEL_FORMAT
            )),
        };
        if let Some(message) = problem {
            let mut d = Diagnostics::new(&path.display().to_string(), text);
            d.error(format.span(), message);
            return Err(LevelError {
                diagnostics: d.list,
            });
        }
    }
    match toml::from_str::<RawLevel>(text) {
        Ok(raw) => {
            let rows = grid_rows(text, &raw.grid);
            Ok(LevelSource { raw, rows })
        }
        Err(e) => {
            let mut d = Diagnostics::new(&path.display().to_string(), text);
            let message = e.message().trim().to_string();
            match e.span() {
                Some(span) => d.error(span, message),
                None if message.contains("recursion limit") => {
                    // The TOML reader gives no place: the line with the most nesting is it.
                    let (line, _) = text
                        .lines()
                        .enumerate()
                        .max_by_key(|(_, l)| l.matches(['[', '{', '.']).count())
                        .unwrap_or((0, ""));
                    let offset = text.lines().take(line).map(|l| l.len() + 1).sum();
                    d.error_at(
                        offset,
                        "tables, arrays or dotted keys nested too deeply for the TOML reader \
                         (a level nests them at most 3 deep)",
                    );
                }
                None => d.error_in_file(message),
            }
            Err(LevelError {
                diagnostics: d.list,
            })
        }
    }
}

pub(super) fn parse_toml(text: &str, path: &Path) -> Result<Loaded, LevelError> {
    parse_toml_with(text, path, Links::Required)
}

/// [`parse_toml`], a missing next or secret level as `links` says.
pub(in crate::level) fn parse_toml_with(
    text: &str,
    path: &Path,
    links: Links,
) -> Result<Loaded, LevelError> {
    let source = read_toml(text, path)?;
    build_with(
        Diagnostics::new(&path.display().to_string(), text),
        &source,
        path,
        links,
    )
}

/// Checks a level model and makes its level. `d` knows the model's files (for positions) and
/// may hold problems found already by the reader; `path` resolves the level's relative paths.
pub(in crate::level) fn build(
    d: Diagnostics<'_>,
    source: &LevelSource,
    path: &Path,
) -> Result<Loaded, LevelError> {
    build_with(d, source, path, Links::Required)
}

/// [`build`], a missing next or secret level as `links` says.
fn build_with(
    d: Diagnostics<'_>,
    source: &LevelSource,
    path: &Path,
    links: Links,
) -> Result<Loaded, LevelError> {
    let mut p = Parser {
        d,
        styles: Vec::new(),
        textures: Vec::new(),
        kinds: crate::level::kinds::builtin(),
        folder: path.parent().map(Path::to_path_buf).unwrap_or_default(),
        files: Vec::new(),
        links,
    };
    let level = p.level(&source.raw, &source.rows, path);
    let Parser { mut d, .. } = p;
    // In file order (stable: problems at one place keep the order they were found in), the
    // level's own file first.
    let main = path.display().to_string();
    d.list
        .sort_by_key(|diagnostic| (diagnostic.file != main, diagnostic.position));
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
    /// The level `raw` describes (its grid's `rows`), read from `path`: every problem found
    /// is a diagnostic; `None` where one is an error that leaves no level to build.
    fn level(&mut self, raw: &RawLevel, rows: &[Vec<(char, usize)>], path: &Path) -> Option<Level> {
        let name = self.name(raw);
        let floor = self
            .surface(raw.defaults.floor.as_ref())
            .unwrap_or(DEFAULT_FLOOR);
        let ceiling = self
            .surface(raw.defaults.ceiling.as_ref())
            .unwrap_or(DEFAULT_CEILING);
        let fog = raw.fog.as_ref().map_or(DEFAULT_FOG, |f| self.fog(f));
        self.enemy_kinds(&raw.enemies);
        let arsenal = self.arsenal(&raw.weapons);
        let par_seconds = self.par(raw);
        let symbols = self.symbols(raw, &floor, &ceiling);
        let map_and_things = self.grid(&raw.grid, rows, &symbols);
        let base = path.parent().unwrap_or(Path::new(""));
        let next = raw
            .next
            .as_ref()
            .and_then(|n| self.next_level(n, base, path, "next level"));
        let secret_next = raw
            .secret_next
            .as_ref()
            .and_then(|n| self.next_level(n, base, path, "secret level"));
        let texture_dir = raw
            .textures
            .as_ref()
            .map(|t| (base.join(t.get_ref()), self.d.position(t.span().start)));
        let music = self.music(raw);
        let (map, mut things, grid_start) = map_and_things?;
        let players = self.placed(raw, &map, &mut things, grid_start);
        let ambient = self.ambient(raw.ambient.as_ref());
        let player = self.player_start(&players, grid_start);
        let grid::Things {
            spawns,
            enemies,
            pickups,
            decorations,
            exits,
            secret_exits,
            lights,
            ..
        } = things;
        let doors = self.doors(&map, grid_start, rows);
        if !self.d.has_errors() {
            // On a grid with errors, missing cells would be reported as open edges.
            self.open_edges(&map, rows);
            if let Some(start) = &player {
                self.unreachable_exits(&map, start.position, &exits, &decorations, rows);
                self.secret_exits_lead_somewhere(raw, &secret_exits, rows);
                let starts = (start.position, spawns.as_slice());
                self.things_on_obstacles(starts, &enemies, &pickups, &decorations, rows);
            }
        }
        let level = Level {
            name,
            map,
            styles: std::mem::take(&mut self.styles),
            player: player?,
            spawns,
            enemies,
            kinds: std::mem::take(&mut self.kinds),
            arsenal,
            pickups,
            decorations,
            doors,
            exits,
            fog,
            lights,
            ambient,
            next,
            secret_exits,
            secret_next,
            par_seconds,
            music,
            texture_dir,
            texture_refs: std::mem::take(&mut self.textures),
            files: std::mem::take(&mut self.files),
        };
        self.lights_within_reach(&level, grid_start);
        Some(level)
    }

    /// The level's name, trimmed: an error where it is empty or too long.
    fn name(&mut self, raw: &RawLevel) -> String {
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
        name
    }

    /// The level's par time in seconds (the default where it names none or one out of range).
    fn par(&mut self, raw: &RawLevel) -> u32 {
        let Some(par) = &raw.par else {
            return DEFAULT_PAR_SECONDS;
        };
        match u32::try_from(*par.get_ref()) {
            Ok(seconds @ 0..=MAX_PAR_SECONDS) => seconds,
            _ => {
                self.d.error(
                    par.span(),
                    format!(
                        "par is {} seconds; it must be from 0 (no par) to {MAX_PAR_SECONDS}",
                        par.get_ref()
                    ),
                );
                DEFAULT_PAR_SECONDS
            }
        }
    }

    /// What each character of the grid means: '.' and ' ' plain floor (style 0, made here)
    /// unless the legend says otherwise, then the legend's entries.
    fn symbols(
        &mut self,
        raw: &RawLevel,
        floor: &Surface,
        ceiling: &Surface,
    ) -> BTreeMap<char, Symbol> {
        self.styles.push(TileStyle {
            symbol: '.',
            faces: None,
            floor: floor.clone(),
            ceiling: ceiling.clone(),
            key: None,
            shape: None,
        });
        let mut symbols: BTreeMap<char, Symbol> = BTreeMap::new();
        for c in ['.', ' '] {
            symbols.insert(
                c,
                Symbol {
                    meaning: Meaning::Floor,
                    style: 0,
                    light: None,
                    secret: false,
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
            if let Some(symbol) = self.entry(c, entry, floor, ceiling) {
                symbols.insert(c, symbol);
            }
        }
        symbols
    }

    /// The level's music, by name (sounds/NAME.wav), with where it was named.
    fn music(&mut self, raw: &RawLevel) -> Option<(String, (usize, usize))> {
        let m = raw.music.as_ref()?;
        let name = m.get_ref();
        if values::plain_name(name) {
            return Some((name.clone(), self.d.position(m.span().start)));
        }
        self.d.error(
            m.span(),
            format!("music '{name}': a name is 1 to 32 of a-z, 0-9 and _ (sounds/NAME.wav)"),
        );
        None
    }

    /// The things the level places by position (the player, spawn points, enemies, pickups,
    /// decorations, lights), onto those its grid placed; the player starts found, with where
    /// each was.
    fn placed(
        &mut self,
        raw: &RawLevel,
        map: &TileMap,
        things: &mut grid::Things,
        grid_start: usize,
    ) -> Vec<(usize, Placement)> {
        let mut players = std::mem::take(&mut things.players);
        if let Some(p) = &raw.player {
            let facing = self.facing(p.get_ref().facing.as_ref());
            if let Some(position) = self.position(map, &p.get_ref().position, "the player") {
                players.push((p.span().start, Placement { position, facing }));
            }
        }
        let most = crate::level::MAX_SPAWNS;
        if things.spawns.len() > most {
            let message = format!(
                "{} spawn points in the grid; a level has at most {most}",
                things.spawns.len()
            );
            self.d.error_at(grid_start, message);
        }
        for s in &raw.spawn {
            let facing = self.facing(s.get_ref().facing.as_ref());
            if let Some(position) = self.position(map, &s.get_ref().position, "a spawn point") {
                things.spawns.push(Placement { position, facing });
                if things.spawns.len() == most + 1 {
                    let message = format!("spawn point {}: a level has at most {most}", most + 1);
                    self.d.error(s.span(), message);
                }
            }
        }
        for e in &raw.enemy {
            let e = e.get_ref();
            let kind = self.enemy_kind(&e.kind);
            let facing = self.facing(e.facing.as_ref());
            let mode = self.mode(e.mode.as_ref());
            let difficulty = self.difficulty(e.difficulty.as_ref());
            if let (Some(position), Some(kind)) =
                (self.position(map, &e.position, "an enemy"), kind)
            {
                things.enemies.push(EnemySpawn {
                    kind,
                    at: Placement { position, facing },
                    mode,
                    difficulty,
                });
            }
        }
        for item in &raw.pickup {
            let item = item.get_ref();
            let kind = self.pickup_kind(&item.kind);
            let difficulty = self.difficulty(item.difficulty.as_ref());
            if let (Some(position), Some(kind)) =
                (self.position(map, &item.position, "a pickup"), kind)
            {
                things.pickups.push(PickupSpawn {
                    kind,
                    position,
                    difficulty,
                });
            }
        }
        for item in &raw.decoration {
            let item = item.get_ref();
            let kind = self.decoration_kind(&item.kind);
            if let (Some(position), Some(kind)) =
                (self.position(map, &item.position, "a decoration"), kind)
            {
                things.decorations.push(Decoration { kind, position });
            }
        }
        for l in &raw.light {
            let l = l.get_ref();
            let spec = self.light_spec(&l.colour, &l.radius, l.intensity.as_ref());
            if let (Some(position), Some(spec)) = (self.position(map, &l.position, "a light"), spec)
            {
                things.lights.push(crate::level::Light {
                    position,
                    colour: spec.colour,
                    radius: spec.radius,
                    intensity: spec.intensity,
                });
            }
        }
        players
    }

    /// The one player start: an error where there is none, or more than one (at each).
    fn player_start(
        &mut self,
        players: &[(usize, Placement)],
        grid_start: usize,
    ) -> Option<Placement> {
        match players {
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
        }
    }

    /// Each of the level's lights is worked out at load, sample by sample over its reach, into
    /// a light map of the cells they reach: the bound on what that costs (every light the
    /// level has, `Level::all_lights`), the game's as well as `check`'s, keeps a level from
    /// taking minutes or gigabytes to load.
    fn lights_within_reach(&mut self, level: &Level, grid_start: usize) {
        let (width, height) = (level.map.width() as u32, level.map.height() as u32);
        let cost = crate::level::LightCost::of(&level.all_lights(), width, height);
        if let Some(problem) = cost.too_much() {
            self.d.error_at(grid_start, problem);
        }
    }
}
