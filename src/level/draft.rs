//! A level being edited (issue 75's editor): the one level model's source, changed a cell at a
//! time with [`Brush`]es (legend entries: a wall, a door, a guard, a light...), written out as
//! the TOML format and checked as loading checks it. What the level is, everywhere, is what
//! its text says: [`Draft::check`] reads the text [`Draft::text`] gives, as `tilecaster check`
//! and `tilecaster render` read the saved file. The editor's history (undo, redo) and tools
//! are the controller's ([`crate::edit`]).
//!
//! ```
//! use tilecaster::grid::Cell;
//! use tilecaster::level::{Brush, Draft};
//!
//! let mut draft = Draft::new("levels/room.toml".as_ref(), "A Room", 8, 6, &Brush::wall("brick"));
//! draft.paint(Cell::new(2, 2), &Brush::enemy("guard", "west")).unwrap();
//! let loaded = draft.check().unwrap();
//! assert_eq!(loaded.level.enemies.len(), 1);
//! assert!(draft.text().contains("enemy = \"guard\""));
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use super::parse::raw::RawEntry;
use super::parse::{LevelSource, read_toml};
use super::write::toml_form::{entry, quote, toml_text};
use super::{Diagnostic, Level, LevelError, Loaded};
use crate::grid::Cell;

/// What a cell is painted with: a legend entry, as the level format writes one (`{ wall =
/// "brick" }`). Two brushes are the same when they write the same.
#[derive(Clone)]
pub struct Brush {
    entry: RawEntry,
    written: String,
}

impl PartialEq for Brush {
    fn eq(&self, other: &Brush) -> bool {
        self.written == other.written
    }
}

impl std::fmt::Debug for Brush {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Brush({})", self.written)
    }
}

/// A legend entry read alone.
#[derive(Deserialize)]
struct OneEntry {
    entry: RawEntry,
}

impl Brush {
    /// A brush from a legend entry as the level format writes it, an inline table: `{ door =
    /// "door", key = "gold" }`. Whether its names exist (textures, kinds) is checked with the
    /// level it is painted on.
    pub fn parse(inline: &str) -> Result<Brush, String> {
        let one: OneEntry = toml::from_str(&format!("entry = {inline}"))
            .map_err(|e| format!("'{inline}' is not a legend entry: {}", e.message().trim()))?;
        let written = entry(&one.entry);
        Ok(Brush {
            entry: one.entry,
            written,
        })
    }

    /// `inline`, made by this module: a legend entry by construction.
    fn made(inline: String) -> Brush {
        Brush::parse(&inline).unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// Plain floor, the level's default floor and ceiling.
    pub fn floor() -> Brush {
        Brush::made("{}".into())
    }

    /// A wall of `texture` on every side.
    pub fn wall(texture: &str) -> Brush {
        Brush::made(format!("{{ wall = {} }}", quote(texture)))
    }

    /// A door of `texture`.
    pub fn door(texture: &str) -> Brush {
        Brush::made(format!("{{ door = {} }}", quote(texture)))
    }

    /// A door of `texture` that opens with `key` (`gold`, `silver`).
    pub fn locked_door(texture: &str, key: &str) -> Brush {
        Brush::made(format!(
            "{{ door = {}, key = {} }}",
            quote(texture),
            quote(key)
        ))
    }

    /// A push wall (a secret) of `texture`.
    pub fn push_wall(texture: &str) -> Brush {
        Brush::made(format!("{{ push = {} }}", quote(texture)))
    }

    /// The player's start, facing `facing` (`north`, `east`, ... or degrees).
    pub fn player(facing: &str) -> Brush {
        Brush::made(format!("{{ player = {} }}", quote(facing)))
    }

    /// An enemy of `kind` (`guard`, `dog`, ...) facing `facing`, on every difficulty.
    pub fn enemy(kind: &str, facing: &str) -> Brush {
        Brush::made(format!(
            "{{ enemy = {}, facing = {} }}",
            quote(kind),
            quote(facing)
        ))
    }

    /// An enemy of `kind` facing `facing`, there from `difficulty` up (`easy`: always,
    /// `normal`, `hard`, `death`).
    pub fn enemy_from(kind: &str, facing: &str, difficulty: &str) -> Brush {
        Brush::made(format!(
            "{{ enemy = {}, facing = {}, difficulty = {} }}",
            quote(kind),
            quote(facing),
            quote(difficulty)
        ))
    }

    /// A deathmatch spawn point facing `facing`.
    pub fn spawn(facing: &str) -> Brush {
        Brush::made(format!("{{ spawn = {} }}", quote(facing)))
    }

    /// A see-through wall (grate, fence) of `texture`: solid where its alpha is.
    pub fn masked(texture: &str) -> Brush {
        Brush::made(format!("{{ masked = {} }}", quote(texture)))
    }

    /// A shaped wall of `texture`: solid only where the mask `shape` is (a bundled shape's
    /// name, or `masks/FILE.png`).
    pub fn shaped(texture: &str, shape: &str) -> Brush {
        Brush::made(format!(
            "{{ wall = {}, shape = {} }}",
            quote(texture),
            quote(shape)
        ))
    }

    /// Plain floor with its own floor texture (or `#rrggbb` colour).
    pub fn floor_of(floor: &str) -> Brush {
        Brush::made(format!("{{ floor = {} }}", quote(floor)))
    }

    /// An exit switch: a wall of `texture` that ends the level when used.
    pub fn exit_switch(texture: &str) -> Brush {
        Brush::made(format!("{{ wall = {}, exit = true }}", quote(texture)))
    }

    /// A pickup of `kind` (`first_aid`, `gold_key`, ...).
    pub fn pickup(kind: &str) -> Brush {
        Brush::made(format!("{{ pickup = {} }}", quote(kind)))
    }

    /// A decoration of `kind` (`lamp`, `barrel`, ...).
    pub fn decoration(kind: &str) -> Brush {
        Brush::made(format!("{{ decoration = {} }}", quote(kind)))
    }

    /// A light standing on a floor cell: `colour` (`#rrggbb`), `radius` in cells, and
    /// `intensity`.
    pub fn light(colour: &str, radius: f64, intensity: f64) -> Brush {
        Brush::made(format!(
            "{{ light = {{ colour = {}, radius = {radius:?}, intensity = {intensity:?} }} }}",
            quote(colour)
        ))
    }

    /// The exit: the level ends when the player steps on it.
    pub fn exit() -> Brush {
        Brush::made("{ exit = true }".into())
    }

    /// The legend entry, as the level format writes it.
    pub fn written(&self) -> &str {
        &self.written
    }

    /// The entry in words, for a screen's font: `wall brick`, `enemy guard facing west`,
    /// `floor` for plain floor.
    pub fn label(&self) -> String {
        if self.is_floor() {
            return "floor".into();
        }
        let words = self
            .written
            .replace(['{', '}', '"', '#', ','], " ")
            .replace(" = ", " ");
        words.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// Whether it is the player's start.
    pub fn is_start(&self) -> bool {
        self.entry.player.is_some()
    }

    /// Whether it is plain floor (an empty entry).
    pub fn is_floor(&self) -> bool {
        self.written == "{}"
    }
}

/// Why a cell could not be painted.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PaintError {
    /// The cell is not on the grid.
    #[error("cell {x},{y} is outside the {width}x{height} grid")]
    Outside {
        /// The cell's column.
        x: i32,
        /// The cell's row.
        y: i32,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
    /// Every character the legend can give is taken by another entry.
    #[error("the legend has no character left for another kind of cell ({0} are in use)")]
    LegendFull(usize),
}

/// The characters a new legend entry may take, in the order they are taken.
const FREE_CHARACTERS: &str = "#123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\
                               @&%$*+=-~^!?<>|/:;,_()[]{}'\"`";

/// A level being edited: the level model's source, painted with [`Brush`]es, written as the
/// TOML format ([`Draft::text`]) and checked as that text loads ([`Draft::check`]).
#[derive(Clone)]
pub struct Draft {
    source: LevelSource,
    /// Where it is saved: its textures, `next` and masks resolve from its folder.
    path: PathBuf,
    /// The legend characters the draft added (taken out again when no cell uses them).
    added: BTreeSet<char>,
}

impl Draft {
    /// A new level `name` of `width` x `height` cells (at least 3 x 3), saved at `path`: a
    /// room walled with `wall`, the player's start in its middle facing north. It names no
    /// texture folder: the game's own textures, wherever it is saved.
    pub fn new(path: &Path, name: &str, width: usize, height: usize, wall: &Brush) -> Draft {
        let (width, height) = (width.max(3), height.max(3));
        let rows: String = (0..height)
            .map(|y| {
                let row: String = (0..width)
                    .map(|x| {
                        let edge = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
                        if edge { '#' } else { '.' }
                    })
                    .collect();
                row + "\n"
            })
            .collect();
        let text = format!(
            "format = {}\nname = {}\ngrid = '''\n{rows}'''\n",
            super::LEVEL_FORMAT,
            quote(name)
        );
        let source = read_toml(&text, path).unwrap_or_else(|_| unreachable!("{text}"));
        let mut draft = Draft {
            source,
            path: path.to_path_buf(),
            added: BTreeSet::new(),
        };
        // (Its entries are the draft's own: each goes when no cell uses it.)
        draft.set_legend('#', wall);
        draft.added.insert('#');
        let middle = Cell::new((width / 2) as i32, (height / 2) as i32);
        let _ = draft.paint(middle, &Brush::player("north"));
        draft
    }

    /// Opens a level file to edit, any the game opens (TOML, a Tiled map): its text must read
    /// as the level format (its mistakes of meaning are shown by [`Draft::check`]); a Tiled
    /// map is edited as the TOML it converts to, saved beside it with the extension `.toml`.
    pub fn open(path: &Path) -> Result<Draft, LevelError> {
        let (source, path) = if super::is_tiled_map(path) {
            let source = super::tiled::read(path, |source, _| source.clone())?;
            (source, path.with_extension("toml"))
        } else {
            let text = super::read_level_text(path)?;
            (read_toml(&text, path)?, path.to_path_buf())
        };
        Ok(Draft {
            source,
            path,
            added: BTreeSet::new(),
        })
    }

    /// Where it is saved.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its width and height in cells (the longest row).
    pub fn size(&self) -> (usize, usize) {
        let rows = &self.source.rows;
        (rows.iter().map(Vec::len).max().unwrap_or(0), rows.len())
    }

    /// What `cell` is painted with: `None` off the grid, or where its character is in no
    /// legend entry (a mistake [`Draft::check`] names).
    pub fn brush_at(&self, cell: Cell) -> Option<Brush> {
        let c = self.char_at(cell)?;
        match self.entry_of(c) {
            Some(entry) => Some(Brush {
                written: super::write::toml_form::entry(entry),
                entry: entry.clone(),
            }),
            None if c == '.' || c == ' ' => Some(Brush::floor()),
            None => None,
        }
    }

    /// The cells whose brush is `wanted`, row by row.
    pub fn cells_where(&self, wanted: impl Fn(&Brush) -> bool) -> Vec<Cell> {
        let (width, height) = self.size();
        (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| Cell::new(x, y)))
            .filter(|&c| self.brush_at(c).is_some_and(|b| wanted(&b)))
            .collect()
    }

    /// Paints `cell` with `brush`: whether it changed.
    pub fn paint(&mut self, cell: Cell, brush: &Brush) -> Result<bool, PaintError> {
        let (width, height) = self.size();
        let outside = PaintError::Outside {
            x: cell.x,
            y: cell.y,
            width,
            height,
        };
        let (Ok(x), Ok(y)) = (usize::try_from(cell.x), usize::try_from(cell.y)) else {
            return Err(outside);
        };
        if x >= width || y >= height {
            return Err(outside);
        }
        if self.brush_at(cell).as_ref() == Some(brush) {
            return Ok(false);
        }
        let c = self.character_for(brush)?;
        let row = &mut self.source.rows[y];
        if row.len() <= x {
            row.resize(x + 1, (' ', 0));
        }
        row[x] = (c, 0);
        self.forget_unused();
        Ok(true)
    }

    /// The level as the TOML format's text.
    pub fn text(&self) -> String {
        toml_text(&self.source, "Made with tilecaster edit.")
    }

    /// The level as loading its saved text makes it, with its warnings, or every mistake in
    /// it (each with a line and column of [`Draft::text`]; [`Draft::cell_of`] finds the cell
    /// of those in the grid).
    pub fn check(&self) -> Result<Loaded, LevelError> {
        Level::parse(&self.text(), &self.path)
    }

    /// [`Draft::check`] for the editor's view: a next or secret level that does not exist is
    /// a warning (the level ends at that exit), so that a level copied away from its episode
    /// shows while it is edited; [`Draft::check`] (and `tilecaster check`, and the game) still
    /// call it an error.
    pub fn check_to_show(&self) -> Result<Loaded, LevelError> {
        super::parse::parse_toml_with(&self.text(), &self.path, super::parse::Links::Optional)
    }

    /// The cell a diagnostic of [`Draft::check`] is about, where it points into the grid.
    pub fn cell_of(&self, diagnostic: &Diagnostic) -> Option<Cell> {
        let (line, column) = diagnostic.position?;
        let text = self.text();
        let opening = text.lines().position(|l| l == "grid = '''")?;
        // (Lines count from 1: the grid's first row is the line after the opening.)
        let row = line.checked_sub(opening + 2)?;
        let (width, height) = self.size();
        let x = column.checked_sub(1)?;
        (row < height && x < width).then(|| Cell::new(x as i32, row as i32))
    }

    fn char_at(&self, cell: Cell) -> Option<char> {
        let (x, y) = (usize::try_from(cell.x).ok()?, usize::try_from(cell.y).ok()?);
        let row = self.source.rows.get(y)?;
        Some(row.get(x).map_or(' ', |&(c, _)| c))
    }

    fn legend(&self) -> &BTreeMap<Spanned<String>, Spanned<RawEntry>> {
        &self.source.raw.legend
    }

    fn entry_of(&self, c: char) -> Option<&RawEntry> {
        self.legend()
            .iter()
            .find(|(k, _)| k.get_ref().chars().eq([c]))
            .map(|(_, v)| v.get_ref())
    }

    /// The character cells painted with `brush` take: the legend's for it, or a new one.
    fn character_for(&mut self, brush: &Brush) -> Result<char, PaintError> {
        if let Some((key, _)) = self
            .legend()
            .iter()
            .find(|(_, v)| entry(v.get_ref()) == brush.written)
        {
            if let Some(c) = key.get_ref().chars().next() {
                return Ok(c);
            }
        }
        if brush.is_floor() {
            if let Some(c) = ['.', ' '].into_iter().find(|&c| self.entry_of(c).is_none()) {
                return Ok(c);
            }
        }
        let taken = |c: char| self.entry_of(c).is_some() || self.in_grid(c);
        let c = FREE_CHARACTERS
            .chars()
            .find(|&c| !taken(c))
            .ok_or(PaintError::LegendFull(self.legend().len()))?;
        self.set_legend(c, brush);
        self.added.insert(c);
        Ok(c)
    }

    fn in_grid(&self, c: char) -> bool {
        self.source.rows.iter().flatten().any(|&(g, _)| g == c)
    }

    fn set_legend(&mut self, c: char, brush: &Brush) {
        let legend = &mut self.source.raw.legend;
        legend.retain(|k, _| !k.get_ref().chars().eq([c]));
        legend.insert(
            Spanned::new(0..0, c.to_string()),
            Spanned::new(0..0, brush.entry.clone()),
        );
    }

    /// Takes out the entries this draft added that no cell uses any more.
    fn forget_unused(&mut self) {
        let unused: Vec<char> = (self.added.iter().copied())
            .filter(|&c| !self.in_grid(c))
            .collect();
        for c in unused {
            self.added.remove(&c);
            self.source
                .raw
                .legend
                .retain(|k, _| !k.get_ref().chars().eq([c]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Draft {
        Draft::new(
            Path::new("levels/draft-test.toml"),
            "Test Room",
            10,
            8,
            &Brush::wall("brick"),
        )
    }

    #[test]
    fn a_new_draft_is_a_walled_room_that_passes_the_check() {
        let draft = room();
        assert_eq!(draft.size(), (10, 8));
        let loaded = draft
            .check()
            .unwrap_or_else(|e| panic!("{e}\n{}", draft.text()));
        assert_eq!(loaded.level.map.width(), 10);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        assert_eq!(draft.brush_at(Cell::new(0, 0)), Some(Brush::wall("brick")));
        assert_eq!(draft.brush_at(Cell::new(2, 2)), Some(Brush::floor()));
        assert_eq!(
            draft.brush_at(Cell::new(5, 4)),
            Some(Brush::player("north"))
        );
        assert_eq!(Brush::floor().label(), "floor");
        assert_eq!(
            Brush::light("#ff9040", 4.0, 1.5).label(),
            "light colour ff9040 radius 4.0 intensity 1.5"
        );
    }

    #[test]
    fn painting_adds_a_legend_entry_once_and_takes_it_out_when_unused() {
        let mut draft = room();
        let guard = Brush::enemy("guard", "west");
        assert_eq!(draft.paint(Cell::new(2, 2), &guard), Ok(true));
        assert_eq!(draft.paint(Cell::new(2, 2), &guard), Ok(false));
        assert_eq!(draft.paint(Cell::new(3, 2), &guard), Ok(true));
        let guards = draft.source.raw.legend.values();
        let written: Vec<String> = guards.map(|e| entry(e.get_ref())).collect();
        assert_eq!(written.iter().filter(|w| w.contains("guard")).count(), 1);
        assert_eq!(draft.check().unwrap().level.enemies.len(), 2);
        draft.paint(Cell::new(2, 2), &Brush::floor()).unwrap();
        draft.paint(Cell::new(3, 2), &Brush::floor()).unwrap();
        assert!(!draft.text().contains("guard"), "{}", draft.text());
    }

    #[test]
    fn cells_off_the_grid_are_refused() {
        let mut draft = room();
        for cell in [Cell::new(-1, 0), Cell::new(10, 0), Cell::new(0, 8)] {
            assert!(matches!(
                draft.paint(cell, &Brush::floor()),
                Err(PaintError::Outside { .. })
            ));
        }
    }

    #[test]
    fn a_mistake_in_the_grid_is_found_at_its_cell() {
        let mut draft = room();
        // An opening in the outer wall: the level is open to the void there.
        draft.paint(Cell::new(0, 3), &Brush::floor()).unwrap();
        let said: Vec<Diagnostic> = match draft.check() {
            Ok(loaded) => loaded.warnings,
            Err(e) => e.diagnostics,
        };
        let cells: Vec<Cell> = said.iter().filter_map(|d| draft.cell_of(d)).collect();
        assert!(cells.contains(&Cell::new(0, 3)), "{said:?}");
    }

    #[test]
    fn a_level_opened_is_written_as_it_loads() {
        for path in ["levels/e1m1.toml", "levels/e1m2.tmx"] {
            let draft = Draft::open(Path::new(path)).unwrap();
            let from_file = Level::load(Path::new(path)).unwrap().level;
            let from_draft = draft.check().unwrap().level;
            assert_eq!(from_draft.map, from_file.map, "{path}");
            assert_eq!(from_draft.enemies.len(), from_file.enemies.len(), "{path}");
            assert_eq!(from_draft.lights.len(), from_file.lights.len(), "{path}");
        }
    }
}
