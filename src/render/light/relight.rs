//! The level's own light worked out again where doors and push walls have moved: the light map
//! is built with every door closed and every push wall where it starts; when a door stands
//! half open or more (as a dynamic light sees it, `DoorsAsTheyStand`) or a push wall has left
//! its cell, the lights that reach those cells are cast again over the cells they reach
//! ([`LightMap::relit`]), and those cells are drawn lit pixel by pixel from the new map (their
//! lit copies, made for the doors closed, no longer hold). Nothing is done while the moved
//! cells stay the same, so a frame pays for it only when a door passes half open or a push
//! wall crosses into another cell.

use std::sync::Arc;

use crate::grid::Cell;
use crate::level::{Level, Light};
use crate::lighting::{LightMap, RelightScratch, reaches_box};
use crate::map::Tile;
use crate::render::{DoorsAsTheyStand, MovingParts, RenderAssets};

/// The light map as the doors and push walls stand.
#[derive(Debug, Default)]
pub(super) struct Relight {
    /// The light map built with the level (doors closed) that the rest was worked out from.
    base: Option<Arc<LightMap>>,
    /// That level's lights, and the cells its push walls start in.
    lights: Vec<Light>,
    walls_at_start: Vec<Cell>,
    /// The moved cells `map` was worked out for (sorted), and the ones of this frame.
    moved: Vec<Cell>,
    now: Vec<Cell>,
    /// The light map worked out again, and the cells it was worked out for (drawn lit pixel by
    /// pixel); the region `None` while nothing in a light's reach has moved. The map and the
    /// scratch keep their buffers from door to door, so that a door's frame allocates nothing
    /// once they have grown.
    map: LightMap,
    region: Option<(Cell, Cell)>,
    scratch: RelightScratch,
}

impl Relight {
    /// The light map to draw with, and the cells to light pixel by pixel: `assets`' own while
    /// no door or push wall in a light's reach has moved, else one worked out for how they
    /// stand now.
    pub fn update<'a>(
        &'a mut self,
        level: &Level,
        assets: &'a RenderAssets,
        doors: &dyn MovingParts,
    ) -> (Option<&'a LightMap>, Option<(Cell, Cell)>) {
        let Some(base) = assets.lights.as_ref() else {
            self.base = None;
            self.region = None;
            return (None, None);
        };
        if !self.base.as_ref().is_some_and(|b| Arc::ptr_eq(b, base)) {
            // Another level (or the same reloaded): what it starts with.
            self.base = Some(base.clone());
            self.lights = level.all_lights();
            self.walls_at_start.clear();
            self.walls_at_start.extend(push_walls(level));
            self.walls_at_start.sort_unstable();
            self.moved.clear();
            self.region = None;
        }
        // Doors half open or more, push walls gone from their first cells or come into others.
        self.now.clear();
        self.now.extend(
            assets
                .doors
                .keys()
                .filter(|&&cell| doors.open(cell) >= 0.5)
                .copied(),
        );
        let walls = &self.walls_at_start;
        self.now
            .extend(push_walls(level).filter(|c| walls.binary_search(c).is_err()));
        self.now.extend(
            walls
                .iter()
                .filter(|&&c| level.map.get(c) != Some(Tile::PushWall)),
        );
        self.now.sort_unstable();
        if self.now != self.moved {
            std::mem::swap(&mut self.now, &mut self.moved);
            self.region = self.relight(level, doors, &assets.holes, base);
        }
        match self.region {
            Some(region) => (Some(&self.map), Some(region)),
            None => (Some(base), None),
        }
    }

    /// The light map with the cells in reach of every light that reaches a moved cell worked
    /// out again, into `map`, and those cells' bounds; `None` where no light reaches one.
    fn relight(
        &mut self,
        level: &Level,
        doors: &dyn MovingParts,
        holes: &crate::level::Holes,
        base: &LightMap,
    ) -> Option<(Cell, Cell)> {
        let (w, h) = (level.map.width() as i32, level.map.height() as i32);
        let mut region: Option<(Cell, Cell)> = None;
        for light in &self.lights {
            if !self.moved.iter().any(|&c| reaches_box(light, (c, c))) {
                continue;
            }
            let (p, r) = (light.position, light.radius);
            let lo = Cell::new(
                ((p.x - r).floor() as i32).max(0),
                ((p.y - r).floor() as i32).max(0),
            );
            let hi = Cell::new(((p.x + r) as i32).min(w - 1), ((p.y + r) as i32).min(h - 1));
            region = Some(match region {
                None => (lo, hi),
                Some((a, b)) => (
                    Cell::new(a.x.min(lo.x), a.y.min(lo.y)),
                    Cell::new(b.x.max(hi.x), b.y.max(hi.y)),
                ),
            });
        }
        let region = region?;
        let grid = DoorsAsTheyStand {
            level,
            doors,
            holes,
        };
        let lit = (self.lights.as_slice(), level.ambient);
        base.relight_into(&grid, lit, region, &mut self.map, &mut self.scratch);
        Some(region)
    }
}

/// The cells of `level` holding a push wall now.
fn push_walls(level: &Level) -> impl Iterator<Item = Cell> + '_ {
    let (w, h) = (level.map.width() as i32, level.map.height() as i32);
    (0..h)
        .flat_map(move |y| (0..w).map(move |x| Cell::new(x, y)))
        .filter(|&cell| level.map.get(cell) == Some(Tile::PushWall))
}
