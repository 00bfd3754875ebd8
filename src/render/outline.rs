//! How a shaped wall's texture wraps its outline: the mask's boundary traced into loops of
//! texel faces, each face with its place along its loop, so that the wall coordinate runs on
//! around a pillar from face to face; and each face's shade from the outline's smoothed
//! direction there, so that a round pillar is lit in broad quarters as a square one is, not
//! striped texel by texel.

use std::collections::HashMap;

use crate::grid::{Face, Mask};

/// A texel corner: column and row of the mask's grid lines.
type Vertex = (i64, i64);
/// A face of a solid texel as a step of its outline: its index (texel and face slot), the
/// vertex it leads to, and the face.
type DirectedFace = (usize, Vertex, Face);

/// One exposed texel face on an outline.
#[derive(Clone, Copy, Debug, Default)]
struct Edge {
    /// Where the face starts along its loop, in texture widths.
    start: f32,
    /// Texture widths per texel along the loop.
    scale: f32,
    /// Whether it is shaded as a west or east face (the outline runs north-south there).
    dark: bool,
    /// Whether this face is on an outline at all.
    exposed: bool,
}

/// The outline of a mask (see the module's doc).
#[derive(Clone, Debug)]
pub(crate) struct Outline {
    side: u32,
    /// Per texel and face slot ([`Face::slot`]).
    edges: Vec<Edge>,
}

impl Outline {
    /// Traces `mask`'s outline: every solid texel's face whose neighbour is open (or beyond
    /// the mask), walked with the solid on the left, which is the direction in which the
    /// texture reads left to right for a viewer outside.
    pub fn new(mask: &Mask) -> Outline {
        // A level's masks are square (see level::shapes).
        let n = mask.width();
        let solid = |x: i64, y: i64| {
            (0..i64::from(n)).contains(&x)
                && (0..i64::from(n)).contains(&y)
                && mask.is_solid(x as u32, y as u32)
        };
        let index = |x: u32, y: u32, face: Face| ((y * n + x) * 4) as usize + face.slot();
        // Directed faces from vertex to vertex (vertices are texel corners).
        let mut from: HashMap<Vertex, Vec<DirectedFace>> = HashMap::new();
        for (x, y) in mask.solid_texels() {
            let (xi, yi) = (i64::from(x), i64::from(y));
            let faces = [
                (Face::West, (xi - 1, yi), (xi, yi), (xi, yi + 1)),
                (Face::East, (xi + 1, yi), (xi + 1, yi + 1), (xi + 1, yi)),
                (Face::North, (xi, yi - 1), (xi + 1, yi), (xi, yi)),
                (Face::South, (xi, yi + 1), (xi, yi + 1), (xi + 1, yi + 1)),
            ];
            for (face, beside, a, b) in faces {
                if !solid(beside.0, beside.1) {
                    from.entry(a)
                        .or_default()
                        .push((index(x, y, face), b, face));
                }
            }
        }
        let mut edges = vec![Edge::default(); (n * n * 4) as usize];
        let mut seen = vec![false; edges.len()];
        let mut starts: Vec<_> = from.keys().copied().collect();
        starts.sort_unstable();
        for start in starts {
            // One loop per unvisited face leaving this vertex.
            while let Some(&(first, mut at, face)) = from[&start].iter().find(|e| !seen[e.0]) {
                seen[first] = true;
                let mut lap = vec![(first, face)];
                while let Some(&(i, to, face)) = from
                    .get(&at)
                    .and_then(|out| out.iter().find(|e| !seen[e.0]))
                {
                    seen[i] = true;
                    lap.push((i, face));
                    at = to;
                }
                Outline::lay_out(&lap, n, &mut edges);
            }
        }
        Outline { side: n, edges }
    }

    /// Sets the faces of one loop: places along it (a whole number of texture widths around,
    /// about one per tile of outline) and shades from the normals of the faces about each.
    fn lay_out(lap: &[(usize, Face)], n: u32, edges: &mut [Edge]) {
        let length = lap.len() as f32;
        let repeats = (length / n as f32).round().max(1.0);
        let scale = repeats / length;
        let window = (n / 8).max(2) as isize;
        let normal = |face: Face| {
            let n = face.normal();
            (n.x as i32, n.y as i32)
        };
        for (k, &(i, _)) in lap.iter().enumerate() {
            let (mut nx, mut ny) = (0i32, 0i32);
            for d in -window..=window {
                let j = (k as isize + d).rem_euclid(lap.len() as isize) as usize;
                let (x, y) = normal(lap[j].1);
                (nx, ny) = (nx + x, ny + y);
            }
            edges[i] = Edge {
                start: k as f32 * scale,
                scale,
                dark: nx.abs() > ny.abs(),
                exposed: true,
            };
        }
    }

    /// The texture coordinate (`[0, 1)`, already reading left to right for the viewer) and
    /// shade of a hit on `face` of `texel`, `along` being the hit's coordinate along the face
    /// as a fraction of the cell ([`Hit::u`](crate::grid::Hit::u)). `None` for a face that
    /// is not on the outline (a hit in a corner between two texels).
    pub fn wrap(&self, (x, y): (u32, u32), face: Face, along: f64) -> Option<(f64, bool)> {
        if x >= self.side || y >= self.side {
            return None;
        }
        let edge = self.edges[((y * self.side + x) * 4) as usize + face.slot()];
        if !edge.exposed {
            return None;
        }
        let p = along * f64::from(self.side);
        let offset = match face {
            Face::West => p - f64::from(y),
            Face::East => f64::from(y + 1) - p,
            Face::North => f64::from(x + 1) - p,
            Face::South => p - f64::from(x),
        }
        .clamp(0.0, 1.0);
        let u = (f64::from(edge.start) + offset * f64::from(edge.scale)).fract();
        Some((u.min(1.0 - f64::EPSILON / 2.0), edge.dark))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_wraps_once_around_each_side_in_order() {
        // A 4x4 solid block in an 8x8 mask: a loop of 16 faces, 2 tiles long, 2 widths.
        let mask = Mask::new(8, |x, y| (2..6).contains(&x) && (2..6).contains(&y)).unwrap();
        let outline = Outline::new(&mask);
        // Along the west side going south, u rises steadily; the shade is dark there.
        let a = outline.wrap((2, 2), Face::West, 2.5 / 8.0).unwrap();
        let b = outline.wrap((2, 3), Face::West, 3.5 / 8.0).unwrap();
        assert!(b.0 > a.0 && a.1 && b.1, "{a:?} {b:?}");
        assert!((b.0 - a.0 - 1.0 / 8.0).abs() < 1e-6);
        // North faces are light; a face inside the block is not on the outline.
        assert!(!outline.wrap((3, 2), Face::North, 3.5 / 8.0).unwrap().1);
        assert!(outline.wrap((3, 3), Face::West, 0.4).is_none());
    }

    #[test]
    fn u_runs_on_across_a_corner() {
        let mask = Mask::new(8, |x, y| (2..6).contains(&x) && (2..6).contains(&y)).unwrap();
        let outline = Outline::new(&mask);
        // The west side ends at the south-west corner; the south side starts there.
        let end_west = outline.wrap((2, 5), Face::West, 6.0 / 8.0).unwrap().0;
        let start_south = outline.wrap((2, 5), Face::South, 2.0 / 8.0).unwrap().0;
        assert!(
            (end_west - start_south).abs() < 1e-6,
            "{end_west} {start_south}"
        );
    }
}
