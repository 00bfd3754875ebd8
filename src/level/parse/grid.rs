//! The grid: its characters read into a tile map and the things placed on it.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The things a grid places: player starts (with where each is in the text), enemies,
/// pickups, decorations, exits and lights.
#[derive(Default)]
pub(super) struct Things {
    pub(super) players: Vec<(usize, Placement)>,
    /// Deathmatch spawn points.
    pub(super) spawns: Vec<Placement>,
    pub(super) enemies: Vec<EnemySpawn>,
    pub(super) pickups: Vec<PickupSpawn>,
    pub(super) decorations: Vec<Decoration>,
    pub(super) exits: Vec<Cell>,
    /// The exits (of `exits`) that lead to the secret level.
    pub(super) secret_exits: Vec<Cell>,
    pub(super) lights: Vec<crate::level::Light>,
}

impl Things {
    /// What `symbol` puts at `cell` (written at `offset`): the thing it places there (the
    /// player, an enemy, an exit...), and the tile the cell is.
    fn place(&mut self, cell: Cell, offset: usize, symbol: &Symbol) -> Tile {
        let (x, y) = (cell.x, cell.y);
        let centre = Vec2::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
        let tile = match &symbol.meaning {
            Meaning::Solid(tile) => *tile,
            Meaning::Switch => {
                self.exits.push(cell);
                Tile::Wall
            }
            Meaning::Floor => Tile::Empty,
            Meaning::Player(facing) => {
                self.players.push((
                    offset,
                    Placement {
                        position: centre,
                        facing: *facing,
                    },
                ));
                Tile::Empty
            }
            Meaning::Spawn(facing) => {
                self.spawns.push(Placement {
                    position: centre,
                    facing: *facing,
                });
                Tile::Empty
            }
            Meaning::Enemy(kind, facing, mode, difficulty) => {
                let at = Placement {
                    position: centre,
                    facing: *facing,
                };
                self.enemies.push(EnemySpawn {
                    kind: kind.clone(),
                    at,
                    mode: *mode,
                    difficulty: *difficulty,
                });
                Tile::Empty
            }
            Meaning::Pickup(kind, difficulty) => {
                self.pickups.push(PickupSpawn {
                    kind: *kind,
                    position: centre,
                    difficulty: *difficulty,
                });
                Tile::Empty
            }
            Meaning::Decoration(kind) => {
                self.decorations.push(Decoration {
                    kind: *kind,
                    position: centre,
                });
                Tile::Empty
            }
            Meaning::Exit => {
                self.exits.push(cell);
                Tile::Empty
            }
        };
        if symbol.secret {
            self.secret_exits.push(cell);
        }
        if let Some(spec) = symbol.light {
            self.lights.push(crate::level::Light {
                position: centre,
                colour: spec.colour,
                radius: spec.radius,
                intensity: spec.intensity,
            });
        }
        tile
    }
}

impl Parser<'_> {
    /// Reads the grid into a map, the things placed on it, and where its first cell is.
    pub(super) fn grid(
        &mut self,
        grid: &Spanned<String>,
        rows: &[Vec<(char, usize)>],
        symbols: &BTreeMap<char, Symbol>,
    ) -> Option<(TileMap, Things, usize)> {
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
        let mut things = Things::default();
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
                        // The legend's characters once, at the first; the rest refer to it.
                        let has = if unknown == 1 {
                            format!("the legend has {legend}")
                        } else {
                            "not in the legend either".to_string()
                        };
                        self.d
                            .error_at(offset, format!("unknown legend character '{c}' ({has})"));
                    }
                    continue;
                };
                let tile = things.place(cell, offset, symbol);
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
        Some((map, things, grid_start))
    }
}

/// The grid's rows: each character with its byte offset in the file. Exact for literal strings
/// (`'''`) and for basic strings without escapes; after an escape, offsets are approximate.
pub(super) fn grid_rows(text: &str, grid: &Spanned<String>) -> Vec<Vec<(char, usize)>> {
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
