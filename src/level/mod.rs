//! Level files: the TOML format modders write, Tiled import, and validation.
//!
//! The format is documented with a worked example in `levels/README.md`. Every problem is
//! reported as a [`Diagnostic`] with file, line and column; loading never panics.

pub mod arsenal;
mod decorations;
mod diagnostic;
mod draft;
pub mod kinds;
pub mod lights;
mod parse;
pub(crate) mod shapes;
mod solidity;
mod textures;
mod things;
mod tiled;
mod write;

pub use parse::ENEMY_KINDS;

use std::path::{Path, PathBuf};

pub use arsenal::{Arsenal, Pool, WeaponStats};
pub use decorations::{DECORATIONS, Decoration, DecorationKind};
pub(crate) use diagnostic::Diagnostics;
pub use diagnostic::{Diagnostic, Severity};
pub use draft::{Brush, Draft, PaintError};
pub use kinds::EnemyKind;
pub use lights::{Light, LightCost};
pub use shapes::{BUNDLED_SHAPES, BUNDLED_SIDE, Shape, bundled_shape, read_mask};
pub use solidity::{Holes, LevelSolidity};
pub use textures::{
    COLOUR_NAMES, DOOR_JAMB, FIREBALL, LevelWithTextures, MAX_VARIANTS, PLAYER, SEAT_COLOURS,
    load_with_sources, load_with_textures, player_sprite, texture_dir_for, variant_names,
    variant_of, with_assets, with_assets_after, with_assets_shown,
};
pub use things::{PickupKind, Treasure, Weapon};
pub use tiled::is_tiled_map;
pub use write::{Converted, to_tmx, to_toml};

use crate::grid::Cell;
use crate::map::TileMap;
use crate::math::Vec2;

/// The longest level name, in characters.
pub const MAX_NAME_LEN: usize = 64;

/// The level format this tilecaster reads: a level's `format = N` (a Tiled map's `format`
/// property; absent means 1). A level of a later format was made for a newer tilecaster, and
/// is refused with a message that says so, rather than misread.
pub const LEVEL_FORMAT: i64 = 1;

/// What is wrong with a level's `format` value, if anything.
pub(crate) fn format_problem(format: i64) -> Option<String> {
    if format > LEVEL_FORMAT {
        Some(format!(
            "this level is format {format}, made for a newer tilecaster; this tilecaster reads \
             format {LEVEL_FORMAT} (update tilecaster to play it)"
        ))
    } else if format < 1 {
        Some(format!(
            "format is {format}; formats count from 1 (this tilecaster reads {LEVEL_FORMAT})"
        ))
    } else {
        None
    }
}

pub use crate::frame::Colour;

/// What covers a floor or ceiling cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Surface {
    /// A texture, by name (file stem in the texture folder).
    Texture(String),
    /// A flat colour.
    Colour(Colour),
}

/// The colour of a key and of the doors it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum KeyColour {
    /// Gold key.
    Gold,
    /// Silver key.
    Silver,
}

/// How a tile looks: one per legend character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileStyle {
    /// The legend character.
    pub symbol: char,
    /// Wall texture per face, in the order of [`Face::slot`](crate::grid::Face::slot): north,
    /// south, east, west (for walls, push walls,
    /// masked walls and doors; `None` on floor).
    pub faces: Option<[String; 4]>,
    /// Floor under the tile.
    pub floor: Surface,
    /// Ceiling over the tile.
    pub ceiling: Surface,
    /// For a door: the key that opens it.
    pub key: Option<KeyColour>,
    /// For a wall: its shape, where it is not solid throughout (`shape = ...`).
    pub shape: Option<Shape>,
}

/// Where and how something starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Position in world units (a legend cell's centre, or as given).
    pub position: Vec2,
    /// Facing, degrees from east towards south.
    pub facing: f64,
}

/// How an enemy behaves before it notices the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnemyMode {
    /// Stands still, turns towards noise.
    Stand,
    /// Stands still and deaf until it sees the player.
    Ambush,
    /// Walks forward, turning at walls.
    Patrol,
}

/// How hard the game is: enemies' numbers and the damage they do. A thing in a level may name
/// the least difficulty it is there on (`difficulty = "hard"`: on hard only).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Difficulty {
    /// Enemies that name no difficulty: a third stay home; they do half damage.
    Easy,
    /// Every enemy; full damage.
    #[default]
    Normal,
    /// Every enemy, faster to shoot; half again the damage.
    Hard,
    /// "Death incarnate": hard's pace and damage, and the enemies placed for it besides
    /// (`difficulty = "death"`).
    Death,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Death,
    ];

    /// Its name on the command line and in level files.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
            Difficulty::Death => "death",
        }
    }

    /// Every difficulty's name, easiest first, for messages: `"easy, normal, hard or death"`
    /// with `last` `" or "`, the list with commas alone with `", "`.
    pub fn names(last: &str) -> String {
        let names = Difficulty::ALL.map(Difficulty::name);
        let (hardest, rest) = names.split_last().expect("difficulties");
        format!("{}{last}{hardest}", rest.join(", "))
    }

    /// The difficulty of `name`, if it names one.
    pub fn named(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// An enemy's start.
#[derive(Clone, Debug, PartialEq)]
pub struct EnemySpawn {
    /// Its kind (`guard` or `officer`).
    pub kind: String,
    /// Where it starts and which way it faces.
    pub at: Placement,
    /// What it does first.
    pub mode: EnemyMode,
    /// The least difficulty it is there on; `None`: every difficulty, except that on easy
    /// every third of the enemies without one stays home.
    pub difficulty: Option<Difficulty>,
}

/// The sprite (file stem in the texture folder's `sprites/`) of a pickup: its name.
pub fn sprite_name(kind: PickupKind) -> &'static str {
    kind.name()
}

/// A pickup lying in the level.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PickupSpawn {
    /// What it gives.
    pub kind: PickupKind,
    /// Where it lies.
    pub position: Vec2,
    /// The least difficulty it is there on; `None`: every difficulty.
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
}

/// A door: which way it slides and what opens it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoorSpawn {
    /// The door's cell.
    pub cell: Cell,
    /// Whether the door plane runs along x (walls west and east of it; walked through
    /// north-south). Otherwise it runs along y.
    pub along_x: bool,
    /// The key it needs, if locked.
    pub key: Option<KeyColour>,
}

/// Distance fog.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fog {
    /// The colour things fade to.
    pub colour: Colour,
    /// Distance (tiles) at which they have faded entirely.
    pub distance: f64,
}

/// The simulation's ticks per second: a level's times in seconds (a weapon's interval) become
/// whole ticks at this rate (`crate::game::TICK_HZ` is this).
pub const TICK_HZ: u32 = 60;

/// The most deathmatch spawn points a level may have ([`Level::spawns`]).
pub const MAX_SPAWNS: usize = 64;

/// A loaded, validated level.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// Display name.
    pub name: String,
    /// The grid: cells, kinds and style indices.
    pub map: TileMap,
    /// Tile styles, indexed by [`TileMap::style`].
    pub styles: Vec<TileStyle>,
    /// The player's start.
    pub player: Placement,
    /// Deathmatch spawn points (the legend's `spawn`, `[[spawn]]` tables, Tiled `spawn`
    /// objects), in the order the file gives them: the grid's row by row, then the tables.
    /// Where a fragged player comes back in a deathmatch, besides the player's start.
    pub spawns: Vec<Placement>,
    /// Enemies.
    pub enemies: Vec<EnemySpawn>,
    /// The enemy kinds its enemies are of: the built-in ones and the level's own.
    pub kinds: std::collections::BTreeMap<String, EnemyKind>,
    /// What its weapons do: the built-in numbers and the level's own changes.
    pub arsenal: Arsenal,
    /// Pickups.
    pub pickups: Vec<PickupSpawn>,
    /// Decorations.
    pub decorations: Vec<Decoration>,
    /// Doors.
    pub doors: Vec<DoorSpawn>,
    /// Cells that end the level when entered.
    pub exits: Vec<Cell>,
    /// Distance fog.
    pub fog: Fog,
    /// Its lights (`crate::lighting` works out what each reaches).
    pub lights: Vec<Light>,
    /// How bright places no light reaches are: 0 black to 1 as drawn (the default).
    pub ambient: f64,
    /// The next level of the episode, resolved against this file's folder.
    pub next: Option<PathBuf>,
    /// The exits (of [`Level::exits`]) that lead to the secret level, [`Level::secret_next`].
    pub secret_exits: Vec<Cell>,
    /// The level its secret exits lead to, resolved against this file's folder (the secret
    /// level's own `next` is where the episode goes on).
    pub secret_next: Option<PathBuf>,
    /// The par time, seconds: the tally screen compares the player's time with it. 0: no
    /// par and no time bonus (a boss's level, as in Wolfenstein 3D).
    pub par_seconds: u32,
    /// The music it names (`music = "NAME"`: `sounds/NAME.wav`), with the line and column
    /// of the key; `None`: `sounds/music.wav` where there is one.
    pub music: Option<(String, (usize, usize))>,
    /// The level's own texture folder, resolved against this file's folder, with the line and
    /// column of its `textures` key. Whether it exists is checked when textures are loaded
    /// from it: a `--textures` folder given instead makes it irrelevant.
    pub texture_dir: Option<(PathBuf, (usize, usize))>,
    /// Every texture the level names, with where it is named (for the texture check).
    pub texture_refs: Vec<TextureRef>,
    /// The other files the level was read from, watched by live reload beside the level file:
    /// a Tiled map's tilesets and templates, and the PNG masks of its shaped walls.
    pub files: Vec<PathBuf>,
}

/// A texture name in a level file and where it appears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextureRef {
    /// The texture's name.
    pub name: String,
    /// The file naming it: the level, or (for a Tiled map) a tileset or template it uses.
    pub file: String,
    /// 1-based line and column of the name in the file.
    pub position: (usize, usize),
}

/// A level that could not be loaded: every problem found, warnings included.
#[derive(Debug, thiserror::Error)]
#[error("{}", diagnostics.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
pub struct LevelError {
    /// What is wrong, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

/// The text of the level file at `path`, read as level files are (bounded, UTF-8); a file that
/// cannot be read is the one diagnostic, against the file.
fn read_level_text(path: &Path) -> Result<String, LevelError> {
    crate::files::read_text(path, crate::files::Limit::LEVEL).map_err(|e| {
        let file = path.display().to_string();
        let mut d = Diagnostics::new(&file, "");
        d.error_in_file(unreadable(path, e));
        LevelError {
            diagnostics: d.list,
        }
    })
}

/// What to say of a level file (or a map) that cannot be read, after its name.
fn unreadable(path: &Path, e: crate::files::FileError) -> String {
    match e {
        crate::files::FileError::Read { source, .. }
            if source.kind() == std::io::ErrorKind::InvalidData =>
        {
            source.to_string()
        }
        crate::files::FileError::Read { source, .. } => format!("cannot read: {source}"),
        other => other
            .to_string()
            .replacen(&format!("{} ", path.display()), "", 1),
    }
}

/// A level and the warnings found while loading it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The level.
    pub level: Level,
    /// Allowed but suspicious things (open edges, ...).
    pub warnings: Vec<Diagnostic>,
}

impl Level {
    /// Loads a level file: a Tiled map (`.tmx`, `.tmj`, `.json`) or the TOML format (any other
    /// name).
    ///
    /// ```
    /// use tilecaster::level::Level;
    /// let loaded = Level::load("levels/e1m1.toml".as_ref()).unwrap();
    /// assert!(!loaded.level.name.is_empty());
    /// ```
    pub fn load(path: &Path) -> Result<Loaded, LevelError> {
        if tiled::is_tiled_map(path) {
            return tiled::load(path);
        }
        Level::parse(&read_level_text(path)?, path)
    }

    /// The mask of the shaped wall at `cell` (`None` for any other cell): the one answer to
    /// [`Solidity::shape`](crate::grid::Solidity::shape) for every view of the level.
    #[inline]
    pub fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        if self.map.get(cell) != Some(crate::map::Tile::Wall) {
            return None;
        }
        let style = self.styles.get(self.map.style(cell) as usize)?;
        style.shape.as_ref().map(|s| &*s.mask)
    }

    /// The sprite sheet of enemies of `kind` (the kind's `sprite`; an unknown kind's own name).
    pub fn sprite_of<'a>(&'a self, kind: &'a str) -> &'a str {
        self.kinds.get(kind).map_or(kind, |k| k.sprite.as_str())
    }

    /// Parses level text; `path` names it in diagnostics and resolves relative paths.
    pub fn parse(text: &str, path: &Path) -> Result<Loaded, LevelError> {
        parse::parse_toml(text, path)
    }
}
