//! What a light reaches, sample by sample: its visibility polygon filled a row of samples at a
//! time (a scanline fill, as a software rasteriser fills a polygon), each sample inside it and
//! within the light's radius weighted by the light's falloff there.

use crate::geom::Visibility;
use crate::grid::Cell;
use crate::level::Light;

/// An edge of the polygon, for the scanline fill: from its low y to its high y (exclusive),
/// its x at the low end and its change in x per unit of y.
#[derive(Clone, Copy, Debug)]
struct Edge {
    low: f64,
    high: f64,
    x: f64,
    slope: f64,
}

/// Buffers [`walk`] fills and keeps, so that a light worked out every frame allocates nothing
/// once they have grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    edges: Vec<Edge>,
    active: Vec<Edge>,
    crossings: Vec<f64>,
    weights: Vec<f32>,
}

impl Scratch {
    /// Buffers with room for a polygon of `corners` corners and a run of `row` samples along
    /// one row.
    pub(crate) fn with_room(corners: usize, row: usize) -> Scratch {
        Scratch {
            edges: Vec::with_capacity(corners),
            active: Vec::with_capacity(corners),
            crossings: Vec::with_capacity(corners),
            weights: Vec::with_capacity(row),
        }
    }
}

/// Walks what `light` (whose visibility polygon is `seen`) reaches on a `width` x `height`
/// grid, in `n` x `n` samples a cell, on the rows of samples `rows` (counted from the
/// grid's low y, `n` a cell): `lit(cell, first, weights)` for every run of
/// samples it lights along one row of one cell (the cell row-major; `first` the run's first
/// sample, row-major in the cell; `weights` the falloff at each, 1 at the light and 0 at its
/// radius). A sample is lit where it lies inside the polygon (the even-odd rule along its row:
/// the polygon is star-shaped around the light, so inside is where the light sees) and nearer
/// than the radius, in a cell `lightable` (the caller's: not solid throughout, and wanted; a
/// shaped cell's samples are lit where the polygon reaches them).
pub(crate) fn walk(
    (width, height): (u32, u32),
    (light, seen, n, rows): (&Light, &Visibility, u32, std::ops::Range<i64>),
    scratch: &mut Scratch,
    lightable: impl Fn(Cell) -> bool,
    mut lit: impl FnMut(usize, usize, &[f32]),
) {
    debug_assert!(n.is_power_of_two(), "samples a cell: {n}");
    let (r, o) = (light.radius, light.position);
    let points = &seen.points;
    if points.len() < 3 || r.is_nan() || r <= 0.0 || !o.is_finite() {
        return;
    }
    let Scratch {
        edges,
        active,
        crossings,
        weights,
    } = scratch;
    edges.clear();
    active.clear();
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        if a.y == b.y || !(a.is_finite() && b.is_finite()) {
            continue;
        }
        let (lo, hi) = if a.y < b.y { (a, b) } else { (b, a) };
        edges.push(Edge {
            low: lo.y,
            high: hi.y,
            x: lo.x,
            slope: (hi.x - lo.x) / (hi.y - lo.y),
        });
    }
    // Taken from the back as the rows reach them.
    edges.sort_unstable_by(|a, b| b.low.total_cmp(&a.low));
    let nf = f64::from(n);
    let rows_of = |v: f64, cells: u32| (v * nf).floor().clamp(0.0, f64::from(cells) * nf) as i64;
    let first_row = rows_of(o.y - r, height).max(rows.start);
    let end_row = (rows_of(o.y + r, height) + 1)
        .min(i64::from(height) * i64::from(n))
        .min(rows.end);
    let inv_r = (1.0 / r) as f32;
    let shift = n.trailing_zeros();
    for row in first_row..end_row {
        let y = (row as f64 + 0.5) / nf;
        let dy = y - o.y;
        if dy.abs() >= r {
            continue;
        }
        // The edges this row crosses (half-open in y: a vertex on the row counts once).
        while edges.last().is_some_and(|e| e.low <= y) {
            active.extend(edges.pop());
        }
        active.retain(|e| e.high > y);
        crossings.clear();
        crossings.extend(active.iter().map(|e| e.x + (y - e.low) * e.slope));
        crossings.sort_unstable_by(f64::total_cmp);
        let half = (r * r - dy * dy).sqrt();
        // (`n` a power of two, and the rows and samples from 0 on: shifts and masks, where a
        // division by the unknown `n` waited tens of cycles for each cell of a span.)
        let (cy, j) = ((row >> shift) as i32, (row & (i64::from(n) - 1)) as usize);
        let dy2 = (dy * dy) as f32;
        for pair in crossings.chunks_exact(2) {
            let (a, b) = (pair[0].max(o.x - half), pair[1].min(o.x + half));
            // The samples (i + 0.5) / n within [a, b].
            let first = ((a * nf - 0.5).ceil()).max(0.0);
            let last = ((b * nf - 0.5).floor()).min(f64::from(width) * nf - 1.0);
            if first.partial_cmp(&last).is_none_or(|o| o.is_gt()) {
                continue;
            }
            let (first, last) = (first as i64, last as i64);
            // The falloff at every sample of the span at once, the cells it crosses then
            // handed their parts. Sample `s`'s centre, `(s + 0.5) / n`, as the span's first
            // and a count of `1 / n` on: the same numbers exactly (`n` a power of two, the
            // centres multiples of `1 / 2n`), in a loop the compiler vectorises.
            weights.clear();
            weights.resize((last - first + 1) as usize, 0.0);
            let (start, step) = ((first as f64 + 0.5) / nf, 1.0 / nf);
            for (k, weight) in weights.iter_mut().enumerate() {
                let x = start + f64::from(k as u32) * step;
                let dx = (x - o.x) as f32;
                let fall = (1.0 - (dx * dx + dy2).sqrt() * inv_r).max(0.0);
                *weight = fall * fall;
            }
            let mut i = first;
            while i <= last {
                let cx = (i >> shift) as i32;
                let end = last.min((i64::from(cx) + 1) * i64::from(n) - 1);
                if lightable(Cell::new(cx, cy)) {
                    let at = cy as usize * width as usize + cx as usize;
                    let k = j * n as usize + (i - i64::from(cx) * i64::from(n)) as usize;
                    lit(
                        at,
                        k,
                        &weights[(i - first) as usize..=(end - first) as usize],
                    );
                }
                i = end + 1;
            }
        }
    }
}
