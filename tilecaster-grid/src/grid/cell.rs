use std::fmt;

use crate::math::Vec2;

/// Walks stay within `[-DOMAIN, DOMAIN]` on both axes (2^24 tiles). A start outside it walks
/// only [`Cell::OUTSIDE`]; a ray or segment that leaves it ends at its edge. This bounds every
/// walk to fewer than 2^27 cells.
pub const DOMAIN: f64 = 16_777_216.0;

/// A grid cell: the unit square `[x, x+1) x [y, y+1)`. A point lies in cell `(floor x, floor y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Column (grows east).
    pub x: i32,
    /// Row (grows south).
    pub y: i32,
}

impl Cell {
    /// The cell that a walk with an unusable start (NaN, infinite, or beyond
    /// [`DOMAIN`]) consists of. It lies outside every map, so a cast against a
    /// tilecaster's `TileMap` reports a hit at distance 0 there.
    pub const OUTSIDE: Cell = Cell {
        x: -(1 << 24) - 1,
        y: -(1 << 24) - 1,
    };

    /// A cell from its column and row.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// The cell that point `p` lies in: `(floor x, floor y)`. The one point-to-cell rule of
    /// the crate (the walks start in this cell too). Coordinates beyond `i32`'s range
    /// saturate; NaN gives 0.
    ///
    /// ```
    /// use tilecaster_grid::math::Vec2;
    /// use tilecaster_grid::grid::Cell;
    /// assert_eq!(Cell::containing(Vec2::new(2.0, -0.25)), Cell::new(2, -1));
    /// ```
    #[inline]
    pub fn containing(p: Vec2) -> Cell {
        Cell::new(p.x.floor() as i32, p.y.floor() as i32)
    }

    /// The point in the middle of the cell.
    ///
    /// ```
    /// use tilecaster_grid::math::Vec2;
    /// use tilecaster_grid::grid::Cell;
    /// assert_eq!(Cell::new(2, -1).centre(), Vec2::new(2.5, -0.5));
    /// ```
    pub fn centre(self) -> Vec2 {
        Vec2::new(f64::from(self.x) + 0.5, f64::from(self.y) + 0.5)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A side of a cell. `West` is the side at the cell's smaller x, `North` at its smaller y
/// (y grows downwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// The side at smaller y.
    North,
    /// The side at larger y.
    South,
    /// The side at larger x.
    East,
    /// The side at smaller x.
    West,
}

impl Face {
    /// Lower-case name, as the CLI prints it.
    pub fn name(self) -> &'static str {
        match self {
            Face::North => "north",
            Face::South => "south",
            Face::East => "east",
            Face::West => "west",
        }
    }

    /// The face's place in per-face arrays (a level's wall textures): north, south, east, west.
    pub fn slot(self) -> usize {
        match self {
            Face::North => 0,
            Face::South => 1,
            Face::East => 2,
            Face::West => 3,
        }
    }

    /// The unit vector pointing out of the cell through this face (y grows downwards): the
    /// normal to reflect a bouncing shot about, or to slide along a wall.
    ///
    /// ```
    /// use tilecaster_grid::grid::Face;
    /// use tilecaster_grid::math::Vec2;
    /// assert_eq!(Face::North.normal(), Vec2::new(0.0, -1.0));
    /// // A shot entering a cell's west face is turned back along -x.
    /// let d = Vec2::new(0.6, 0.8);
    /// let n = Face::West.normal();
    /// assert_eq!(d - n * (2.0 * d.dot(n)), Vec2::new(-0.6, 0.8));
    /// ```
    pub fn normal(self) -> Vec2 {
        match self {
            Face::North => Vec2::new(0.0, -1.0),
            Face::South => Vec2::new(0.0, 1.0),
            Face::East => Vec2::new(1.0, 0.0),
            Face::West => Vec2::new(-1.0, 0.0),
        }
    }

    /// Whether this face lies on a vertical grid line (x = const): `West` or `East`.
    pub fn is_x_face(self) -> bool {
        matches!(self, Face::West | Face::East)
    }

    /// The face crossed when entering a cell moving in +x (`step > 0`) or -x.
    pub(crate) fn entered_along_x(step: i32) -> Face {
        if step > 0 { Face::West } else { Face::East }
    }

    /// The face crossed when entering a cell moving in +y (`step > 0`) or -y.
    pub(crate) fn entered_along_y(step: i32) -> Face {
        if step > 0 { Face::North } else { Face::South }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
