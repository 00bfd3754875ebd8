//! What blocks a cast in a loaded level, masked walls to the texel.

use super::Level;
use crate::grid::{Cell, Face, Hit, Solidity};
use crate::map::Tile;
use crate::texture::TextureSet;

/// The see-through texel columns of a level's masked walls at eye and gun height (`v = 0.5`),
/// one row of opacity per style and face. Built once from the textures, it lets code without
/// textures (the game's bullets and enemies' sight) pass the holes of grates exactly where the
/// renderer shows them.
///
/// An empty `Holes` (the [`Default`]) treats every masked wall as solid.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Holes {
    /// Per style index, per face slot: opaque or not, per texel column. `None` where the style
    /// is not masked or its texture is not loaded (solid).
    rows: Vec<Option<[Vec<bool>; 4]>>,
}

impl Holes {
    /// The holes of `level`'s masked walls, read from `textures`.
    pub fn new(level: &Level, textures: &TextureSet) -> Holes {
        let masked = masked_styles(level);
        let rows = level
            .styles
            .iter()
            .zip(masked)
            .map(|(style, masked)| {
                let faces = style.faces.as_ref().filter(|_| masked)?;
                let row = |name: &String| {
                    textures.get(name).map_or_else(Vec::new, |t| {
                        (0..t.size())
                            .map(|x| t.is_solid_at((x as f64 + 0.5) / t.size() as f64, 0.5))
                            .collect()
                    })
                };
                Some([
                    row(&faces[0]),
                    row(&faces[1]),
                    row(&faces[2]),
                    row(&faces[3]),
                ])
            })
            .collect();
        Holes { rows }
    }

    /// The holes' bytes: one per texel column of each masked face (1 solid, 0 a hole), with
    /// markers between styles and faces. Equal when, and only when, the holes are: what a
    /// recording hashes of the textures (the only asset data that changes play).
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for style in &self.rows {
            out.push(b'|');
            for face in style.iter().flatten() {
                out.push(b'/');
                out.extend(face.iter().map(|&solid| u8::from(solid)));
            }
        }
        out
    }

    /// The texel column of a masked wall's texture that a hit on it meets (`None` for a hit
    /// on anything else, or without a face).
    pub fn texel(&self, level: &Level, hit: &Hit) -> Option<usize> {
        if level.map.get(hit.cell) != Some(Tile::Masked) {
            return None;
        }
        let style = level.map.style(hit.cell) as usize;
        let row = &self.rows.get(style)?.as_ref()?[hit.face?.slot()];
        (!row.is_empty()).then(|| ((hit.u * row.len() as f64) as usize).min(row.len() - 1))
    }

    /// The texel columns of `face` of a masked wall in `cell` (`true`: opaque), where its
    /// texture is loaded.
    pub fn face(&self, level: &Level, cell: Cell, face: Face) -> Option<&[bool]> {
        if level.map.get(cell) != Some(Tile::Masked) {
            return None;
        }
        let faces = self.rows.get(level.map.style(cell) as usize)?.as_ref()?;
        let row = &faces[face.slot()];
        (!row.is_empty()).then_some(row.as_slice())
    }

    /// Whether a cast's hit on `level` stands: anything but a masked wall does; a masked wall
    /// only where its texture is opaque at the hit's wall coordinate, never from inside.
    pub fn blocks(&self, level: &Level, hit: &Hit) -> bool {
        if level.map.get(hit.cell) != Some(Tile::Masked) {
            return true;
        }
        let style = level.map.style(hit.cell) as usize;
        let Some(Some(faces)) = self.rows.get(style) else {
            return true;
        };
        // Inside a grate's cell (a shot that passed a hole last tick): on through it; the next
        // face it crosses decides.
        let Some(face) = hit.face.map(Face::slot) else {
            return false;
        };
        let row = &faces[face];
        if row.is_empty() {
            return true; // a texture that is not loaded cannot show holes
        }
        let x = ((hit.u * row.len() as f64) as usize).min(row.len() - 1);
        row[x]
    }
}

/// Per style index: whether a masked cell of `level` uses it.
fn masked_styles(level: &Level) -> Vec<bool> {
    let map = &level.map;
    let mut used = vec![false; level.styles.len()];
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let c = Cell::new(x, y);
            if map.get(c) == Some(Tile::Masked) {
                if let Some(u) = used.get_mut(map.style(c) as usize) {
                    *u = true;
                }
            }
        }
    }
    used
}

/// A level's solidity for 2D casts (bullets, sight, light): walls, closed doors and push walls
/// block; a masked wall blocks only where its texture is opaque, tested at the hit's wall
/// coordinate `u` and mid-height (`v = 0.5`: eye and gun height).
///
/// ```
/// use tilecaster::geom::Vec2;
/// use tilecaster::grid::cast_ray;
/// use tilecaster::level::{LevelSolidity, load_with_textures};
/// let loaded = load_with_textures("levels/e1m1.toml".as_ref(), None).unwrap();
/// let solid = LevelSolidity::new(&loaded.level, &loaded.textures);
/// let hit = cast_ray(&solid, Vec2::new(3.5, 2.5), Vec2::new(0.0, -1.0), f64::INFINITY).unwrap();
/// assert_eq!(hit.cell.y, 0);
/// ```
pub struct LevelSolidity<'a> {
    level: &'a Level,
    holes: Holes,
}

impl<'a> LevelSolidity<'a> {
    /// The solidity of `level`, with masked walls tested against `textures`.
    pub fn new(level: &'a Level, textures: &TextureSet) -> LevelSolidity<'a> {
        LevelSolidity {
            level,
            holes: Holes::new(level, textures),
        }
    }
}

impl LevelSolidity<'_> {
    /// Its holes, kept without the level.
    pub fn into_holes(self) -> Holes {
        self.holes
    }

    /// The texel column a hit on a masked wall meets (see [`Holes::texel`]).
    pub fn texel(&self, hit: &Hit) -> Option<usize> {
        self.holes.texel(self.level, hit)
    }
}

impl Solidity for LevelSolidity<'_> {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        self.level.map.is_solid(cell)
    }

    fn accepts(&self, hit: &Hit) -> bool {
        self.holes.blocks(self.level, hit)
    }

    #[inline]
    fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        self.level.shape(cell)
    }

    fn face_texels(&self, cell: Cell, face: Face) -> Option<&[bool]> {
        self.holes.face(self.level, cell, face)
    }
}

/// A level's geometry as it is built: walls, doors (closed), push walls and masked walls block
/// their whole cells; shaped walls block where their masks are solid.
impl Solidity for Level {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        self.map.is_solid(cell)
    }

    #[inline]
    fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        Level::shape(self, cell)
    }
}
