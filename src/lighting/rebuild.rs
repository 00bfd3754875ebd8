//! A light map worked out again where the level changed: over a door's cells as it opens
//! ([`LightMap::relight_into`]), and over the reach of the lights a change of the level
//! touches, the editor's redraw after one stroke ([`LightMap::rebuilt`]).

use super::band::rows_reached;
use super::{
    ARC_BULGE, Arc, Band, Chunk, FanScratch, LightMap, NEUTRAL, NO_TILE, RELIGHT_BAND_ROWS,
    RelightScratch, SAMPLES, Visibility, cast_light, coarse_tiles, pack, reach, reaches_box,
};
use crate::grid::{Cell, Face, Solidity};
use crate::level::Light;
use crate::math::Vec2;

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
        lit: (&[Light], f64),
        (min, max): (Cell, Cell),
        out: &mut LightMap,
        scratch: &mut RelightScratch,
    ) {
        let columns = min.x..=max.x;
        let wanted = |c: Cell| columns.contains(&c.x);
        self.relight_cells_into(grid, lit, ((min, max), &wanted), out, scratch);
    }

    /// [`LightMap::relight_into`] over the cells `wanted` of the box from `min` to `max`
    /// alone (every other cell as it was).
    fn relight_cells_into<S: Solidity + Sync + ?Sized>(
        &self,
        grid: &S,
        (lights, ambient): (&[Light], f64),
        ((min, max), wanted): ((Cell, Cell), &(dyn Fn(Cell) -> bool + Sync)),
        out: &mut LightMap,
        scratch: &mut RelightScratch,
    ) {
        use rayon::prelude::*;
        let width = self.width as usize;
        let size = (self.width, self.height);
        let per_tile = (SAMPLES * SAMPLES) as usize;
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
            band.fill(grid, size, (rows, SAMPLES), lights, wanted);
            let Band { sums, packed, .. } = band;
            super::pack_sums(sums, (base, self.ambient), packed);
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
            let offset = self.own_first + (out.own.len() / per_tile) as u32;
            for (i, &tile) in band.index.iter().enumerate() {
                let cell = Cell::new(((first + i) % width) as i32, ((first + i) / width) as i32);
                if wanted(cell) {
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
        out.older.clone_from(&self.older);
        out.own_first = self.own_first;
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
    /// again only where the change can have changed it: the cells the lights added or taken
    /// away light, the cells of `changed` (those whose walls differ between the two), and the
    /// shadow of each of those on the lights that reach it. Sample for sample the map built
    /// afresh.
    ///
    /// Cost: the lights that reach those cells cast again and filled over them; the rest of
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
        let mut reached = Reached::new(width, height);
        let added = lights.iter().filter(|l| !lights_before.contains(l));
        let gone: Vec<&Light> = lights_before
            .iter()
            .filter(|l| !lights.contains(l))
            .collect();
        for light in added.chain(gone.iter().copied()) {
            // What it lights as the walls stand now; a light taken away lit as they stood
            // before, which differs only in the changed cells' shadows (marked below).
            reached.mark_lit_by(grid, light);
        }
        for &cell in changed {
            reached.mark_box((cell, cell));
        }
        for light in lights.iter().chain(gone.iter().copied()) {
            let near: Vec<Cell> = changed
                .iter()
                .copied()
                .filter(|&c| reaches_box(light, (c, c)))
                .collect();
            // Past a few cells their shadows soon cover the light's box: the box it is,
            // without working out each.
            if near.len() > SHADOWS_WORKED_OUT {
                reached.mark_box(light_box(light));
            } else {
                for cell in near {
                    reached.mark_shadow(light, cell);
                }
            }
        }
        let Some((min, max)) = reached.bounds() else {
            return before.clone();
        };
        let before = &before.own_shared();
        let mut relit = LightMap::default();
        let mut scratch = RelightScratch::default();
        let wanted = |c: Cell| reached.marked(c);
        before.relight_cells_into(
            grid,
            (lights, ambient),
            ((min, max), &wanted),
            &mut relit,
            &mut scratch,
        );
        relit.keep_what_did_not_change(before, (min, max));
        // Relit again and again, the tiles of cells relit since are kept until they outgrow
        // the map's first ones (or the changes' chunks grow many); then the map is made one
        // again.
        let own = relit.own.len() + relit.older.iter().map(|c| c.tiles.len()).sum::<usize>();
        if own > relit.tiles.len() || relit.older.len() > MOST_CHUNKS {
            return relit.flattened();
        }
        relit
    }

    /// This map with its own tiles moved into `older`, shared: a map rebuilt from it takes
    /// them as they are, where it would copy them all (the last change's tiles alone are
    /// copied here).
    fn own_shared(&self) -> LightMap {
        let mut shared = LightMap {
            own: Vec::new(),
            own_coarse: Vec::new(),
            older: self.older.clone(),
            own_first: self.own_first + (self.own.len() / (SAMPLES * SAMPLES) as usize) as u32,
            index: self.index.clone(),
            tiles: self.tiles.clone(),
            coarse: self.coarse.clone(),
            ..*self
        };
        if !self.own.is_empty() {
            shared.older.push(Chunk {
                first: self.own_first,
                tiles: self.own.as_slice().into(),
                coarse: self.own_coarse.as_slice().into(),
            });
        }
        shared
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
                if self.index[at] == before.index[at] {
                    // Not relit: before's tile.
                    continue;
                }
                let Some(tile) = self.tile(x, y) else {
                    continue;
                };
                if before.tile(x, y) == Some(tile) {
                    self.index[at] = before.index[at];
                    continue;
                }
                let coarse = self.coarse_tile(x, y).unwrap_or_default();
                let number = self.own_first + ((kept + fresh.len()) / per_tile) as u32;
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
            own_first: (tiles.len() / per_tile) as u32,
            older: Vec::new(),
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

/// Past this many changed cells within a light's reach, [`LightMap::rebuilt`] relights its
/// whole box rather than each cell's shadow.
const SHADOWS_WORKED_OUT: usize = 4;

/// The most chunks of earlier changes' tiles a rebuilt map keeps (its `older`) before
/// it is made one again: finding a tile among them takes a search.
const MOST_CHUNKS: usize = 256;

/// The cells of a map a change of the level can have relit: a light's samples change only
/// where the segment from the light to them crosses a changed cell (its walls block
/// otherwise), or where its polygon's vertices moved, none farther than a ray of its arc
/// (a turn over [`Arc::rays`]) beyond the angles the cell covers from the light.
struct Reached {
    width: u32,
    height: u32,
    marks: Vec<bool>,
    /// The least and greatest corners of the cells marked.
    bounds: Option<(Cell, Cell)>,
}

impl Reached {
    fn new(width: u32, height: u32) -> Reached {
        Reached {
            width,
            height,
            marks: vec![false; width as usize * height as usize],
            bounds: None,
        }
    }

    fn marked(&self, c: Cell) -> bool {
        self.inside(c) && self.marks[c.y as usize * self.width as usize + c.x as usize]
    }

    fn inside(&self, c: Cell) -> bool {
        (0..self.width as i32).contains(&c.x) && (0..self.height as i32).contains(&c.y)
    }

    fn bounds(&self) -> Option<(Cell, Cell)> {
        self.bounds
    }

    fn mark(&mut self, c: Cell) {
        if !self.inside(c) {
            return;
        }
        self.marks[c.y as usize * self.width as usize + c.x as usize] = true;
        self.bounds = Some(match self.bounds {
            None => (c, c),
            Some((lo, hi)) => (
                Cell::new(lo.x.min(c.x), lo.y.min(c.y)),
                Cell::new(hi.x.max(c.x), hi.y.max(c.y)),
            ),
        });
    }

    /// The cells `light` lights on `grid` (any sample of theirs): its polygon walked as a
    /// light map's band walks it.
    fn mark_lit_by<S: Solidity + ?Sized>(&mut self, grid: &S, light: &Light) {
        let size = (self.width, self.height);
        let (mut fan, mut seen) = (FanScratch::default(), Visibility::default());
        cast_light(grid, size, (light, ARC_BULGE, &[]), &mut fan, &mut seen);
        let (low, high) = rows_reached(light, self.height);
        let n = i64::from(SAMPLES);
        let rows = i64::from(low) * n..(i64::from(high) + 1) * n;
        let mut lit = Vec::new();
        reach::walk(
            size,
            (light, &seen, SAMPLES, rows),
            &mut reach::Scratch::default(),
            |_| true,
            |at, _, _| lit.push(at),
        );
        for at in lit {
            let w = self.width as usize;
            self.mark(Cell::new((at % w) as i32, (at / w) as i32));
        }
    }

    /// Every cell from `min` to `max` (those on the map).
    fn mark_box(&mut self, (min, max): (Cell, Cell)) {
        let last = (self.width as i32 - 1, self.height as i32 - 1);
        for y in min.y.max(0)..=max.y.min(last.1) {
            for x in min.x.max(0)..=max.x.min(last.0) {
                self.mark(Cell::new(x, y));
            }
        }
    }

    /// The cells of `light`'s box whose light `cell` can change: those within the angles
    /// `cell` covers from the light, widened by a ray of its arc (and a hair), no nearer the
    /// light than `cell`'s nearest point. A light on the cell's square: its whole box.
    fn mark_shadow(&mut self, light: &Light, cell: Cell) {
        let o = light.position;
        let square = |c: Cell| {
            let (x, y) = (f64::from(c.x), f64::from(c.y));
            [(x, y), (x + 1.0, y), (x, y + 1.0), (x + 1.0, y + 1.0)].map(|(x, y)| Vec2::new(x, y))
        };
        let holds = |c: Cell| {
            let (x, y) = (f64::from(c.x), f64::from(c.y));
            (x..=x + 1.0).contains(&o.x) && (y..=y + 1.0).contains(&o.y)
        };
        if holds(cell) {
            self.mark_box(light_box(light));
            return;
        }
        // Angles from the direction of the cell's centre: the cell's lie within a quarter
        // turn either side (the light is outside it), so none wraps.
        let towards = Vec2::new(f64::from(cell.x) + 0.5, f64::from(cell.y) + 0.5) - o;
        let angle = |p: Vec2| {
            let d = p - o;
            (towards.x * d.y - towards.y * d.x).atan2(towards.dot(d))
        };
        let nearest = {
            let (x, y) = (f64::from(cell.x), f64::from(cell.y));
            let d = Vec2::new(o.x.clamp(x, x + 1.0), o.y.clamp(y, y + 1.0)) - o;
            d.length()
        };
        let widen = std::f64::consts::TAU / Arc::Within(ARC_BULGE).rays(light.radius) as f64 + 1e-5;
        let corners = square(cell).map(angle);
        let low = corners.iter().copied().fold(f64::INFINITY, f64::min) - widen;
        let high = corners.iter().copied().fold(f64::NEG_INFINITY, f64::max) + widen;
        let (min, max) = light_box(light);
        for y in min.y.max(0)..=max.y.min(self.height as i32 - 1) {
            for x in min.x.max(0)..=max.x.min(self.width as i32 - 1) {
                let c = Cell::new(x, y);
                if self.marked(c) {
                    continue;
                }
                if holds(c) {
                    self.mark(c);
                    continue;
                }
                let points = square(c);
                let far = points.iter().map(|&p| (p - o).length()).fold(0.0, f64::max);
                if far < nearest {
                    continue;
                }
                let a = points.map(angle);
                let (lo, hi) = (
                    a.iter().copied().fold(f64::INFINITY, f64::min),
                    a.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                );
                // A cell across the seam behind the light (its angles more than half a turn
                // apart) covers the angles outside them.
                let overlaps = if hi - lo > std::f64::consts::PI {
                    low <= lo || high >= hi
                } else {
                    lo <= high && hi >= low
                };
                if overlaps {
                    self.mark(c);
                }
            }
        }
    }
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
            // (A map with tiles of its own keeps them when relit, shared, unless made one
            // again.)
            let made_one = rebuilt.own.is_empty() && rebuilt.older.is_empty();
            flattened +=
                usize::from((!current.own.is_empty() || !current.older.is_empty()) && made_one);
            if !made_one {
                for (a, b) in current.older.iter().zip(&rebuilt.older) {
                    assert!(
                        std::sync::Arc::ptr_eq(&a.tiles, &b.tiles),
                        "step {step}: copied"
                    );
                }
            }
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

    /// Walls put up and taken down at random in the reach of lights in the dark (where the
    /// least light shows): near a light, beside it, at the edge of its radius (where its
    /// polygon's arc is cut in chords), several at once, lights put up and taken down with
    /// them: each map rebuilt over the shadows and what the lights light alone is the map
    /// built afresh.
    #[test]
    fn walls_changed_at_random_relight_their_shadows_as_built_afresh() {
        let mut rows = vec!["#".repeat(24)];
        rows.extend((0..18).map(|_| format!("#{}#", ".".repeat(22))));
        rows.push("#".repeat(24));
        let mut map = TileMap::from_ascii(&(rows.join("\n") + "\n")).unwrap();
        let (w, h) = (map.width() as u32, map.height() as u32);
        let mut lights = vec![
            light(8.5, 9.5, 7.0),
            light(15.25, 6.75, 5.5),
            light(12.0, 13.0, 3.0),
        ];
        let mut current = LightMap::build(&map, w, h, &lights, 0.0);
        let mut seed = 0x2545_f491_u32;
        let mut next = |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % n
        };
        for step in 0..60 {
            let before_map = map.clone();
            let lights_before = lights.clone();
            for _ in 0..1 + next(3) {
                let cell = Cell::new(1 + next(22) as i32, 1 + next(18) as i32);
                let open = map.is_solid(cell);
                map.set(cell, if open { Tile::Empty } else { Tile::Wall });
            }
            // A light put up or taken down with the walls, now and then.
            match next(6) {
                0 => lights.push(light(
                    1.0 + next(220) as f64 / 10.0,
                    1.0 + next(180) as f64 / 10.0,
                    2.0 + next(6) as f64,
                )),
                1 if lights.len() > 1 => {
                    lights.remove(next(lights.len() as u32) as usize);
                }
                _ => {}
            }
            let changed = cells_differing(&before_map, &map, (w, h));
            let both = (&lights[..], &lights_before[..]);
            let rebuilt = LightMap::rebuilt(&current, &map, both, 0.0, &changed);
            let built = LightMap::build(&map, w, h, &lights, 0.0);
            assert_same(&rebuilt, &built, &format!("step {step}: {changed:?}"));
            current = rebuilt;
        }
    }

    /// A wall east of a light shades cells east of it alone: the light's cells to the west,
    /// north and south are not relit.
    #[test]
    fn a_cells_shadow_lies_behind_it_from_the_light() {
        let mut reached = Reached::new(20, 20);
        let lamp = light(10.5, 10.5, 6.0);
        reached.mark_shadow(&lamp, Cell::new(12, 10));
        for (cell, shaded) in [
            (Cell::new(12, 10), true),
            (Cell::new(15, 10), true),
            (Cell::new(16, 11), true),
            (Cell::new(9, 10), false),
            (Cell::new(8, 10), false),
            (Cell::new(10, 6), false),
            (Cell::new(10, 15), false),
            (Cell::new(14, 14), false),
        ] {
            assert_eq!(reached.marked(cell), shaded, "{cell:?}");
        }
        let marked = reached.marks.iter().filter(|&&m| m).count();
        assert!(marked < 13 * 13 / 4, "{marked} of the box's 169 cells");
        // A light on the cell's square: every cell it reaches.
        let mut reached = Reached::new(20, 20);
        reached.mark_shadow(&light(12.0, 10.5, 6.0), Cell::new(12, 10));
        assert!(reached.marked(Cell::new(6, 10)) && reached.marked(Cell::new(12, 4)));
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
