//! A band of cell rows filled with the light of several lights: what the level's light map
//! (built and relit) and the frame's dynamic lights are each made of, bands side by side on
//! the pool's threads. Each band adds its lights one after another, in the order given, so
//! that every sample sums them in the same order however the rows are cut into bands.

use super::{NO_TILE, add_light, linear, reach};
use crate::geom::Visibility;
use crate::grid::{Cell, Solidity};
use crate::level::Light;
use std::ops::Range;

/// A band of cell rows and the light its lights add to it, in linear light.
#[derive(Clone, Debug, Default)]
pub(super) struct Band {
    /// Per cell of the band (row-major from its first row): its tile in `sums`, or
    /// [`NO_TILE`] where no light reaches it.
    pub index: Vec<u32>,
    /// Linear light (red, green, blue) per sample, a tile of samples per cell reached.
    pub sums: Vec<[f32; 3]>,
    /// The cells with tiles (row-major indices on the grid), in the order of their tiles.
    pub touched: Vec<u32>,
    /// The sums as the caller packs them (a factor a sample): kept here so that a band's
    /// buffers are reused together.
    pub packed: Vec<u32>,
    /// Per cell of the band, whether it may be lit (not solid throughout, and `wanted`),
    /// once asked (0 not yet, 1 yes, 2 no): the walk asks for every row of samples of a
    /// cell, light after light.
    lightable: Vec<u8>,
    /// The buffers of the walk over each light's reach.
    reach: reach::Scratch,
}

impl Band {
    /// A band with room for the marks of a grid's `cells` (whichever of its rows the band
    /// comes to hold: a few bytes a cell), `tiles` tiles of `per_tile` samples, and its walk
    /// for a light of `corners` corners lighting up to `row` samples of a row (see
    /// [`reach::Scratch`]). Made with the room most frames need, a band filled every frame
    /// does not grow a little frame after frame as a turning view's lights reach ever more
    /// cells and rows.
    pub fn with_room(
        cells: usize,
        (tiles, per_tile): (usize, usize),
        (corners, row): (usize, usize),
    ) -> Band {
        Band {
            index: Vec::with_capacity(cells),
            sums: Vec::with_capacity(tiles * per_tile),
            touched: Vec::with_capacity(tiles),
            packed: Vec::with_capacity(tiles * per_tile),
            lightable: Vec::with_capacity(cells),
            reach: reach::Scratch::with_room(corners, row),
        }
    }

    /// Fills the band, cell rows `rows` of the `width` x `height` grid `grid`, with the light
    /// of `lights` (each with its visibility polygon) in `n` x `n` samples a cell, in the cells
    /// `wanted`: the lights one after another, in order. Its buffers are cleared first and
    /// kept for the next fill.
    pub fn fill<'a, S: Solidity + ?Sized>(
        &mut self,
        grid: &S,
        (width, height): (u32, u32),
        (rows, n): (Range<u32>, u32),
        lights: impl IntoIterator<Item = (&'a Light, &'a Visibility)>,
        wanted: impl Fn(Cell) -> bool,
    ) {
        let Band {
            index,
            sums,
            touched,
            packed,
            lightable: asked,
            reach,
        } = self;
        let first = rows.start as usize * width as usize;
        index.clear();
        index.resize(rows.len() * width as usize, NO_TILE);
        sums.clear();
        touched.clear();
        packed.clear();
        asked.clear();
        asked.resize(index.len(), 0);
        let asked = std::cell::Cell::from_mut(&mut asked[..]).as_slice_of_cells();
        // Whether a cell may be lit: not solid throughout (open, or shaped: lit where the
        // polygon reaches its samples), and wanted. Asked once a cell (the walk's cells lie
        // in the band's rows).
        let lightable = |c: Cell| {
            let at = &asked[c.y as usize * width as usize + c.x as usize - first];
            match at.get() {
                0 => {
                    let yes = (!grid.is_solid(c) || grid.shape(c).is_some()) && wanted(c);
                    at.set(if yes { 1 } else { 2 });
                    yes
                }
                known => known == 1,
            }
        };
        let per_tile = (n * n) as usize;
        let samples = i64::from(rows.start) * i64::from(n)..i64::from(rows.end) * i64::from(n);
        for (light, seen) in lights {
            let (low, high) = rows_reached(light, height);
            if high < rows.start || low >= rows.end {
                continue;
            }
            let colour = linear(light.colour).map(|c| c * light.intensity as f32);
            let walked = (light, seen, n, samples.clone());
            reach::walk(
                (width, height),
                walked,
                reach,
                lightable,
                |at, k, weights| {
                    if add_light(&mut index[at - first], sums, (per_tile, k), weights, colour) {
                        touched.push(at as u32);
                    }
                },
            );
        }
    }

    /// Lets go of every buffer but the cells with tiles and their packed factors: a band
    /// filled once, kept until it is laid into a map.
    pub fn keep_tiles_alone(&mut self) {
        let Band {
            touched, packed, ..
        } = std::mem::take(self);
        (self.touched, self.packed) = (touched, packed);
    }

    /// Points each cell of the band with a tile at it in `index` (the grid's, row-major), its
    /// tiles counted from `first`: where the band's tiles go once laid after those before.
    pub fn index_tiles(&self, index: &mut [u32], first: u32) {
        for (tile, &at) in self.touched.iter().enumerate() {
            index[at as usize] = first + tile as u32;
        }
    }
}

/// The first and last cell rows of a `height`-row grid that `light` may reach (clamped to
/// the grid; a radius that is no number, or negative, reaches its own row at most, and
/// [`reach::walk`] lights nothing of it). Only rows between them hold samples the walk lights.
pub(super) fn rows_reached(light: &Light, height: u32) -> (u32, u32) {
    let r = if light.radius >= 0.0 {
        light.radius.min(f64::from(height))
    } else {
        0.0
    };
    let y = light.position.y;
    let row = |v: f64| v.floor().clamp(0.0, f64::from(height.max(1)) - 1.0) as u32;
    (row(y - r), row(y + r))
}
