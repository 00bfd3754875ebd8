//! A light map worked out again where the level changed: over a door's cells as it opens
//! ([`LightMap::relight_into`]), and over the reach of the lights a change of the level
//! touches, the editor's redraw after one stroke ([`LightMap::rebuilt`]).

use super::{
    ARC_BULGE, Band, LightMap, NEUTRAL, NO_TILE, RELIGHT_BAND_ROWS, RelightScratch, SAMPLES,
    cast_light, coarse_tiles, pack, pack_sum, reaches_box,
};
use crate::grid::{Cell, Face, Solidity};
use crate::level::Light;

impl LightMap {
    /// This light map with the cells from `min` to `max` (corners included) worked out again
    /// on `grid` (the level with its doors and push walls as they stand now): each of `lights`
    /// that reaches into them cast again; the cells outside left as they were. `lights` and
    /// `ambient` are what the map was built with. [`LightMap::relight_into`] without buffers
    /// to reuse.
    pub fn relit<S: Solidity + Sync + ?Sized>(
        &self,
        grid: &S,
        lights: &[Light],
        ambient: f64,
        region: (Cell, Cell),
    ) -> LightMap {
        let mut map = LightMap::default();
        let mut scratch = RelightScratch::default();
        self.relight_into(grid, (lights, ambient), region, &mut map, &mut scratch);
        map
    }

    /// [`LightMap::relit`] into `out`, in `out`'s and `scratch`'s buffers: a door's
    /// relighting allocates nothing once they have grown to what it needs.
    ///
    /// Cost: casting the lights that reach the cells from `min` to `max` (in parallel), and
    /// filling them over those cells' rows alone (bands of rows in parallel). The result
    /// shares the samples of every other cell with this map: nothing of them is copied.
    pub fn relight_into<S: Solidity + Sync + ?Sized>(
        &self,
        grid: &S,
        (lights, ambient): (&[Light], f64),
        (min, max): (Cell, Cell),
        out: &mut LightMap,
        scratch: &mut RelightScratch,
    ) {
        use rayon::prelude::*;
        let width = self.width as usize;
        let size = (self.width, self.height);
        let per_tile = (SAMPLES * SAMPLES) as usize;
        let columns = min.x..=max.x;
        let (y0, y1) = (
            min.y.clamp(0, self.height as i32) as u32,
            (max.y.saturating_add(1)).clamp(0, self.height as i32) as u32,
        );
        let RelightScratch {
            near,
            polygons,
            bands,
        } = scratch;
        near.clear();
        near.extend(lights.iter().filter(|l| reaches_box(l, (min, max))));
        if polygons.len() < near.len() {
            polygons.resize_with(near.len(), Default::default);
        }
        let polygons = &mut polygons[..near.len()];
        polygons
            .par_iter_mut()
            .zip(near.par_iter())
            .for_each(|((fan, seen), light)| {
                cast_light(grid, size, (light, ARC_BULGE, &[]), fan, seen)
            });
        let count = (y1.saturating_sub(y0)).div_ceil(RELIGHT_BAND_ROWS) as usize;
        if bands.len() < count {
            bands.resize_with(count, Default::default);
        }
        let bands = &mut bands[..count];
        let base = (ambient.clamp(0.0, 1.0) as f32).powf(2.2);
        // Each band light by light, as the light map is built, so that each sample's sum adds
        // the lights in the same order and comes out the same; packed in the band too.
        bands.par_iter_mut().enumerate().for_each(|(b, band)| {
            let top = y0 + b as u32 * RELIGHT_BAND_ROWS;
            let rows = top..(top + RELIGHT_BAND_ROWS).min(y1);
            let lights = near.iter().zip(polygons.iter().map(|(_, seen)| seen));
            band.fill(grid, size, (rows, SAMPLES), lights, |c| {
                columns.contains(&c.x)
            });
            let Band { sums, packed, .. } = band;
            packed.extend(sums.iter().map(|&s| pack_sum(s, base, self.ambient)));
        });
        out.index.clone_from(&self.index);
        // (A map relit before keeps its own tiles, which cells outside the region index:
        // room made for the new ones at once, so that they are copied once.)
        let new: usize = bands.iter().map(|band| band.packed.len()).sum();
        out.own.clear();
        out.own.reserve(self.own.len() + new);
        out.own.extend_from_slice(&self.own);
        let kept = out.own.len();
        for (b, band) in bands.iter().enumerate() {
            let first = (y0 as usize + b * RELIGHT_BAND_ROWS as usize) * width;
            let offset = self.shared_tiles + (out.own.len() / per_tile) as u32;
            for (i, &tile) in band.index.iter().enumerate() {
                if columns.contains(&(((first + i) % width) as i32)) {
                    // Ambient where no light reaches it now.
                    out.index[first + i] = match tile {
                        NO_TILE => NO_TILE,
                        tile => offset + tile,
                    };
                }
            }
            out.own.extend_from_slice(&band.packed);
        }
        out.own_coarse.clone_from(&self.own_coarse);
        out.own_coarse.extend(coarse_tiles(&out.own[kept..]));
        out.tiles = self.tiles.clone();
        out.coarse = self.coarse.clone();
        (out.width, out.height) = (self.width, self.height);
        out.shared_tiles = self.shared_tiles;
        out.ambient = self.ambient;
        // Only a map at full ambient can leave every texel as it is (a light only adds).
        out.neutral = out.ambient == NEUTRAL
            && (0..self.height).all(|y| {
                (0..self.width).all(|x| {
                    out.tile(x, y)
                        .is_none_or(|t| t.iter().all(|&f| f == NEUTRAL))
                })
            });
    }

    /// The map [`LightMap::build`] makes of `lights` on `grid`, worked out from `before` (the
    /// map of `lights_before` on the same level a moment ago, of the same size and ambient)
    /// again only in the box of the lights that reach a cell of `changed` (those whose walls
    /// differ between the two) or were added or taken away: sample for sample the map built
    /// afresh.
    ///
    /// Cost: the lights the change reaches cast again and filled over their box; the rest of
    /// `before` copied.
    pub fn rebuilt<S: Solidity + Sync + ?Sized>(
        before: &LightMap,
        grid: &S,
        (lights, lights_before): (&[Light], &[Light]),
        ambient: f64,
        changed: &[Cell],
    ) -> LightMap {
        let (width, height) = (before.width, before.height);
        let base = (ambient.clamp(0.0, 1.0) as f32).powf(2.2);
        if pack([base; 3]) != before.ambient {
            return LightMap::build(grid, width, height, lights, ambient);
        }
        let reaches_a_change = |l: &Light| changed.iter().any(|&c| reaches_box(l, (c, c)));
        let added = lights.iter().filter(|l| !lights_before.contains(l));
        let gone = lights_before.iter().filter(|l| !lights.contains(l));
        let moved = lights.iter().filter(|l| reaches_a_change(l));
        let boxes = added.chain(gone).chain(moved).map(light_box);
        let cells = changed.iter().map(|&c| (c, c));
        let Some((min, max)) = boxes.chain(cells).reduce(|(a0, a1), (b0, b1)| {
            (
                Cell::new(a0.x.min(b0.x), a0.y.min(b0.y)),
                Cell::new(a1.x.max(b1.x), a1.y.max(b1.y)),
            )
        }) else {
            return before.clone();
        };
        let last = Cell::new(width as i32 - 1, height as i32 - 1);
        let min = Cell::new(min.x.clamp(0, last.x), min.y.clamp(0, last.y));
        let max = Cell::new(max.x.clamp(0, last.x), max.y.clamp(0, last.y));
        let mut relit = LightMap::default();
        let mut scratch = RelightScratch::default();
        before.relight_into(
            grid,
            (lights, ambient),
            (min, max),
            &mut relit,
            &mut scratch,
        );
        relit.keep_what_did_not_change(before, (min, max));
        // Relit again and again, the tiles of cells relit since are kept until they outgrow
        // the map's first ones; then the map is made one again.
        if relit.own.len() > relit.tiles.len() {
            return relit.flattened();
        }
        relit
    }

    /// This map, just relit from `before` over the cells from `min` to `max`, with each of
    /// those cells whose samples came out as they were pointing at `before`'s tile again, and
    /// its own tiles only those that changed: a wall painted in a light's reach changes the
    /// shadows of a few of the cells relit, and the rest stay shared (and are known to be the
    /// same without comparing them again: [`LightMap::same_tile`]).
    fn keep_what_did_not_change(&mut self, before: &LightMap, (min, max): (Cell, Cell)) {
        let per_tile = (SAMPLES * SAMPLES) as usize;
        let per_coarse = (super::DYNAMIC_SAMPLES * super::DYNAMIC_SAMPLES) as usize;
        // (The relit map's own tiles begin with `before`'s, at the same places.)
        let kept = before.own.len();
        let kept_coarse = before.own_coarse.len();
        let mut fresh: Vec<u32> = Vec::new();
        let mut fresh_coarse: Vec<u32> = Vec::new();
        // (`rebuilt` clamped the box to the map.)
        for y in min.y as u32..=max.y as u32 {
            for x in min.x as u32..=max.x as u32 {
                let at = (y * self.width + x) as usize;
                let Some(tile) = self.tile(x, y) else {
                    continue;
                };
                if before.tile(x, y) == Some(tile) {
                    self.index[at] = before.index[at];
                    continue;
                }
                let coarse = self.coarse_tile(x, y).unwrap_or_default();
                let number = self.shared_tiles + ((kept + fresh.len()) / per_tile) as u32;
                fresh.extend_from_slice(tile);
                fresh_coarse.extend_from_slice(coarse);
                debug_assert_eq!(fresh_coarse.len() * per_tile, fresh.len() * per_coarse);
                self.index[at] = number;
            }
        }
        self.own.truncate(kept);
        self.own.extend_from_slice(&fresh);
        self.own_coarse.truncate(kept_coarse);
        self.own_coarse.extend_from_slice(&fresh_coarse);
    }

    /// Whether cell `(x, y)`'s tile here is the one it has in `other` (the same samples held
    /// in the same place: a map relit from another shares the tiles that did not change);
    /// `false` says only that this cannot tell without comparing them.
    pub(crate) fn same_tile(&self, other: &LightMap, x: u32, y: u32) -> bool {
        match (self.tile(x, y), other.tile(x, y)) {
            (Some(a), Some(b)) => std::ptr::eq(a.as_ptr(), b.as_ptr()),
            (None, None) => true,
            _ => false,
        }
    }

    /// This map with every tile its own (none shared with the map it was relit from), so
    /// that it can be relit in turn.
    pub(crate) fn flattened(&self) -> LightMap {
        let per_tile = (SAMPLES * SAMPLES) as usize;
        let mut index = vec![NO_TILE; self.index.len()];
        let mut tiles = Vec::with_capacity(self.tiles.len() + self.own.len());
        let mut coarse = Vec::with_capacity(self.coarse.len() + self.own_coarse.len());
        for y in 0..self.height {
            for x in 0..self.width {
                let (Some(tile), Some(small)) = (self.tile(x, y), self.coarse_tile(x, y)) else {
                    continue;
                };
                index[(y * self.width + x) as usize] = (tiles.len() / per_tile) as u32;
                tiles.extend_from_slice(tile);
                coarse.extend_from_slice(small);
            }
        }
        LightMap {
            width: self.width,
            height: self.height,
            index,
            shared_tiles: (tiles.len() / per_tile) as u32,
            tiles: tiles.into(),
            own: Vec::new(),
            coarse: coarse.into(),
            own_coarse: Vec::new(),
            ambient: self.ambient,
            neutral: self.neutral,
        }
    }
}

/// The cells `light` can reach: those within its radius of its position.
fn light_box(light: &Light) -> (Cell, Cell) {
    let (p, r) = (light.position, light.radius.max(0.0));
    let at = |v: f64| v.floor().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
    (
        Cell::new(at(p.x - r), at(p.y - r)),
        Cell::new(at(p.x + r), at(p.y + r)),
    )
}

/// The cells of a `width` x `height` level where `a` and `b` block light differently: solid
/// or not, shaped otherwise, or with other see-through texels on a face.
pub fn cells_differing<A, B>(a: &A, b: &B, (width, height): (u32, u32)) -> Vec<Cell>
where
    A: Solidity + ?Sized,
    B: Solidity + ?Sized,
{
    let faces = [Face::North, Face::South, Face::East, Face::West];
    (0..height as i32)
        .flat_map(|y| (0..width as i32).map(move |x| Cell::new(x, y)))
        .filter(|&c| {
            a.is_solid(c) != b.is_solid(c)
                || a.shape(c) != b.shape(c)
                || faces
                    .iter()
                    .any(|&f| a.face_texels(c, f) != b.face_texels(c, f))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Colour;
    use crate::map::{Tile, TileMap};
    use crate::math::Vec2;

    fn light(x: f64, y: f64, radius: f64) -> Light {
        Light {
            position: Vec2::new(x, y),
            colour: Colour::rgb(255, 210, 160),
            radius,
            intensity: 1.0,
        }
    }

    fn assert_same(rebuilt: &LightMap, built: &LightMap, step: &str) {
        for y in 0..built.height {
            for x in 0..built.width {
                assert_eq!(
                    rebuilt.tile(x, y),
                    built.tile(x, y),
                    "{step}: tile ({x}, {y})"
                );
                assert_eq!(
                    rebuilt.coarse_tile(x, y),
                    built.coarse_tile(x, y),
                    "{step}: coarse tile ({x}, {y})"
                );
            }
        }
        assert_eq!(rebuilt.neutral, built.neutral, "{step}");
    }

    /// Walls painted and taken away, lights added, moved and taken away, one change after
    /// another, each map worked out from the last: sample for sample the map built afresh,
    /// its own tiles made one again once they outgrow the first ones.
    #[test]
    fn a_map_rebuilt_change_after_change_is_the_map_built_afresh() {
        let mut map = TileMap::from_ascii(
            "####################\n\
             #........#.........#\n\
             #........#.........#\n\
             #...............#..#\n\
             #........#.........#\n\
             #........#.........#\n\
             ####################\n",
        )
        .unwrap();
        let (w, h) = (map.width() as u32, map.height() as u32);
        let mut lights = vec![light(2.5, 2.5, 6.0), light(14.5, 4.5, 5.0)];
        let mut current = LightMap::build(&map, w, h, &lights, 0.25);
        let mut flattened = 0;
        for step in 0..24 {
            let before_map = map.clone();
            let lights_before = lights.clone();
            match step % 4 {
                0 => {
                    let cell = Cell::new(3 + (step % 7), 1 + (step % 4));
                    map.set(cell, Tile::Wall);
                }
                1 => {
                    let cell = Cell::new(9, 1 + (step % 5));
                    let open = map.is_solid(cell);
                    map.set(cell, if open { Tile::Empty } else { Tile::Wall });
                }
                2 => lights.push(light(5.5 + f64::from(step % 9), 3.5, 4.0)),
                _ => {
                    lights.remove(0);
                    if lights.is_empty() {
                        lights.push(light(16.5, 1.5, 3.0));
                    }
                }
            }
            let changed = cells_differing(&before_map, &map, (w, h));
            let rebuilt =
                LightMap::rebuilt(&current, &map, (&lights, &lights_before), 0.25, &changed);
            let built = LightMap::build(&map, w, h, &lights, 0.25);
            assert_same(&rebuilt, &built, &format!("step {step}"));
            // (A map with tiles of its own keeps them when relit, unless made one again.)
            flattened += usize::from(!current.own.is_empty() && rebuilt.own.is_empty());
            current = rebuilt;
        }
        assert!(flattened > 0, "never made one again");
        // Nothing changed: the same map.
        let again = LightMap::rebuilt(&current, &map, (&lights, &lights), 0.25, &[]);
        assert_same(
            &again,
            &LightMap::build(&map, w, h, &lights, 0.25),
            "unchanged",
        );
    }

    #[test]
    fn the_cells_differing_are_those_whose_walls_changed() {
        let a = TileMap::from_ascii("#####\n#...#\n#####\n").unwrap();
        let mut b = a.clone();
        b.set(Cell::new(2, 1), Tile::Wall);
        b.set(Cell::new(0, 0), Tile::Empty);
        assert_eq!(
            cells_differing(&a, &b, (5, 3)),
            [Cell::new(0, 0), Cell::new(2, 1)]
        );
        assert!(cells_differing(&a, &a, (5, 3)).is_empty());
    }
}
