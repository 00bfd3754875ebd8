//! What blocks a cast in a loaded level, masked walls to the texel.

use super::Level;
use crate::grid::{Cell, Face, Hit, Solidity};
use crate::map::Tile;
use crate::texture::TextureSet;

/// A level's solidity for 2D casts (bullets, sight, light): walls, closed doors and push walls
/// block; a masked wall blocks only where its texture is opaque, tested at the hit's wall
/// coordinate `u` and mid-height (`v = 0.5`: eye and gun height).
///
/// ```
/// use tilecaster::geom::Vec2;
/// use tilecaster::grid::cast_ray;
/// use tilecaster::level::{LevelSolidity, load_with_textures};
/// let loaded = load_with_textures("levels/e1m1.toml".as_ref(), None).unwrap();
/// let solid = LevelSolidity::new(&loaded.loaded.level, &loaded.textures);
/// let hit = cast_ray(&solid, Vec2::new(3.5, 2.5), Vec2::new(0.0, -1.0), f64::INFINITY).unwrap();
/// assert_eq!(hit.cell.y, 0);
/// ```
pub struct LevelSolidity<'a> {
    level: &'a Level,
    textures: &'a TextureSet,
}

impl<'a> LevelSolidity<'a> {
    /// The solidity of `level`, with masked walls tested against `textures`.
    pub fn new(level: &'a Level, textures: &'a TextureSet) -> LevelSolidity<'a> {
        LevelSolidity { level, textures }
    }
}

impl Solidity for LevelSolidity<'_> {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        self.level.map.is_solid(cell)
    }

    fn accepts(&self, hit: &Hit) -> bool {
        if self.level.map.get(hit.cell) != Some(Tile::Masked) {
            return true;
        }
        let Some(face) = hit.face.map(Face::slot) else {
            return true;
        };
        let style = &self.level.styles[self.level.map.style(hit.cell) as usize];
        let texture = style
            .faces
            .as_ref()
            .and_then(|faces| self.textures.get(&faces[face]));
        // A texture that is not loaded cannot show holes: solid.
        texture.is_none_or(|t| t.is_solid_at(hit.u, 0.5))
    }
}
