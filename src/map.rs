//! The tile map: which cells are walls. Out of bounds is solid.

use std::fmt;
use std::path::Path;

use crate::grid::{Cell, Solidity};

/// The largest map side, in cells. Larger maps are rejected with [`MapError::TooLarge`].
pub const MAX_MAP_SIDE: usize = 4096;

/// What occupies one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[repr(u8)]
pub enum Tile {
    /// Open floor.
    #[default]
    Empty = 0,
    /// A solid wall.
    Wall = 1,
    /// A sliding door (a thin plane at mid-cell); solid to the cell walk while closed.
    Door = 2,
    /// A secret wall that slides back when used.
    PushWall = 3,
    /// A see-through wall (grate, fence, window): solid where its texture's alpha is.
    Masked = 4,
}

/// A rectangular grid of tiles. Cells outside it are solid.
///
/// ```
/// use tilecaster::map::TileMap;
/// use tilecaster::grid::{Cell, Solidity};
/// let map = TileMap::from_ascii("###\n#.#\n###\n").unwrap();
/// assert!(!map.is_solid(Cell::new(1, 1)));
/// assert!(map.is_solid(Cell::new(0, 1)));
/// assert!(map.is_solid(Cell::new(-1, 1)), "out of bounds is solid");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileMap {
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
    /// Per cell, an index into the level's tile styles (textures); 0 where none was given.
    styles: Vec<u16>,
}

impl TileMap {
    /// A map of `width` x `height` empty cells.
    pub fn new(width: usize, height: usize) -> Result<TileMap, MapError> {
        if width > MAX_MAP_SIDE || height > MAX_MAP_SIDE {
            return Err(MapError::TooLarge { width, height });
        }
        Ok(TileMap {
            width,
            height,
            tiles: vec![Tile::Empty; width * height],
            styles: vec![0; width * height],
        })
    }

    /// Parses a plain ASCII grid: `#` is a wall, `.` is empty, one line per row, every row the
    /// same length. Trailing blank lines are ignored.
    pub fn from_ascii(text: &str) -> Result<TileMap, MapError> {
        let rows: Vec<&str> = text.trim_end_matches(['\n', '\r']).lines().collect();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut map = TileMap::new(width, rows.len())?;
        for (y, row) in rows.iter().enumerate() {
            let row_width = row.chars().count();
            if row_width != width {
                return Err(MapError::Ragged {
                    line: y + 1,
                    column: row_width.min(width) + 1,
                    expected: width,
                    found: row_width,
                });
            }
            for (x, ch) in row.chars().enumerate() {
                let tile = match ch {
                    '#' => Tile::Wall,
                    '.' => Tile::Empty,
                    other => {
                        return Err(MapError::UnknownTile {
                            line: y + 1,
                            column: x + 1,
                            found: other,
                        });
                    }
                };
                map.tiles[y * width + x] = tile;
            }
        }
        Ok(map)
    }

    /// Reads an ASCII grid file (see [`TileMap::from_ascii`]); errors name the file.
    pub fn load_ascii(path: &Path) -> Result<TileMap, LoadError> {
        let text = crate::files::read_text(path, crate::files::Limit::LEVEL).map_err(|e| {
            LoadError::Io {
                path: path.display().to_string(),
                source: e.into_io(),
            }
        })?;
        TileMap::from_ascii(&text).map_err(|error| LoadError::Map {
            path: path.display().to_string(),
            error,
        })
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The tile at `cell`, or `None` outside the map.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Tile> {
        let (x, y) = (cell.x as usize, cell.y as usize);
        // Negative coordinates wrap to huge values and fail the bounds test.
        (x < self.width && y < self.height).then(|| self.tiles[y * self.width + x])
    }

    /// Sets the tile at `cell`; cells outside the map are ignored and reported as `false`.
    pub fn set(&mut self, cell: Cell, tile: Tile) -> bool {
        self.set_styled(cell, tile, 0)
    }

    /// Sets the tile at `cell` and its style (an index into the level's tile styles).
    pub fn set_styled(&mut self, cell: Cell, tile: Tile, style: u16) -> bool {
        let (x, y) = (cell.x as usize, cell.y as usize);
        if x < self.width && y < self.height {
            self.tiles[y * self.width + x] = tile;
            self.styles[y * self.width + x] = style;
            true
        } else {
            false
        }
    }

    /// The style index of `cell` (0 outside the map).
    pub fn style(&self, cell: Cell) -> u16 {
        let (x, y) = (cell.x as usize, cell.y as usize);
        if x < self.width && y < self.height {
            self.styles[y * self.width + x]
        } else {
            0
        }
    }
}

impl Solidity for TileMap {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        self.get(cell).is_none_or(|t| t != Tile::Empty)
    }
}

impl fmt::Display for TileMap {
    /// The ASCII grid form: `#` wall, `.` floor, `D` door, `P` push wall, `=` masked wall.
    /// [`TileMap::from_ascii`] reads back maps of walls and floor.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.tiles.chunks(self.width.max(1)) {
            for tile in row {
                f.write_str(match tile {
                    Tile::Empty => ".",
                    Tile::Wall => "#",
                    Tile::Door => "D",
                    Tile::PushWall => "P",
                    Tile::Masked => "=",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// A problem in a map's text. Lines and columns count from 1.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MapError {
    /// A character that is neither `#` nor `.`.
    #[error("{line}:{column}: unknown tile '{found}' (expected '#' for a wall or '.' for floor)")]
    UnknownTile {
        /// Line of the character.
        line: usize,
        /// Column of the character.
        column: usize,
        /// The character.
        found: char,
    },
    /// A row of another length than the first.
    #[error("{line}:{column}: row is {found} cells wide, expected {expected} like the first row")]
    Ragged {
        /// Line of the row.
        line: usize,
        /// Column where the row ends or the excess begins.
        column: usize,
        /// Width of the first row.
        expected: usize,
        /// Width of this row.
        found: usize,
    },
    /// Larger than [`MAX_MAP_SIDE`] on a side.
    #[error("map is {width}x{height} cells; the limit is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}")]
    TooLarge {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
    },
}

/// A map file that could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file's contents are not a valid map.
    #[error("{path}:{error}")]
    Map {
        /// The file.
        path: String,
        /// What is wrong, with line and column.
        error: MapError,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_round_trips() {
        let text = "#.#\n...\n";
        assert_eq!(TileMap::from_ascii(text).unwrap().to_string(), text);
    }

    #[test]
    fn unknown_tile_names_line_and_column() {
        let err = TileMap::from_ascii("###\n#x#\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "2:2: unknown tile 'x' (expected '#' for a wall or '.' for floor)"
        );
    }

    #[test]
    fn ragged_rows_are_rejected() {
        let err = TileMap::from_ascii("###\n##\n").unwrap_err();
        assert!(matches!(
            err,
            MapError::Ragged {
                line: 2,
                column: 3,
                expected: 3,
                found: 2
            }
        ));
    }

    #[test]
    fn oversized_maps_state_the_limit() {
        let err = TileMap::new(MAX_MAP_SIDE + 1, 1).unwrap_err();
        assert!(err.to_string().contains("limit is 4096x4096"), "{err}");
    }

    #[test]
    fn empty_map_is_all_solid() {
        let map = TileMap::from_ascii("").unwrap();
        assert_eq!((map.width(), map.height()), (0, 0));
        assert!(map.is_solid(Cell::new(0, 0)));
    }
}
