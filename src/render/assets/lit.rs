//! Floors and ceilings lit ahead of time (a surface cache, as software renderers of the 1990s
//! kept one): every cell some light reaches gets its own copy of its floor and ceiling, each
//! texel multiplied by the light map's sample under it, with its mipmaps; every other cell
//! draws its style's surfaces darkened once to the ambient light. The floor sweep then draws a
//! lit floor as it draws an unlit one, a texel fetched and stored a pixel, and lighting costs
//! nothing a frame.
//!
//! A texture larger than [`LARGEST`] texels, or cells past [`BUDGET`] bytes of copies, are not
//! copied: the sweep lights those pixels one by one from the light map instead
//! ([`crate::lighting::LightMap`]'s run), which draws the same light more slowly.

use std::collections::HashMap;
use std::sync::Arc;

use crate::grid::Cell;
use crate::level::Level;
use crate::lighting::{LightMap, NEUTRAL, SAMPLES, apply};
use crate::render::surface::{Drawn, StyleRef, SurfaceRef};
use crate::texture::Texture;

/// The largest texture side copied per cell.
const LARGEST: u32 = 128;
/// The most bytes of lit copies a level keeps (with their mipmaps).
const BUDGET: usize = 96 << 20;
/// [`LitSurfaces::cells`]' mark of a cell with no copies of its own: in the ambient light.
const NONE: u32 = u32::MAX;
/// [`LitSurfaces::cells`]' mark of a lit cell without copies (past the budget, or a texture
/// too large): its pixels are lit one by one.
const BY_PIXEL: u32 = u32::MAX - 1;

/// The lit floors and ceilings of a level.
#[derive(Clone, Debug, Default)]
pub(crate) struct LitSurfaces {
    width: u32,
    height: u32,
    /// Per cell (row-major): its own (floor, ceiling) in `own`, [`NONE`] or [`BY_PIXEL`].
    cells: Vec<u32>,
    own: Vec<(SurfaceRef, SurfaceRef)>,
    /// Per style: its (floor, ceiling) in the ambient light.
    ambient: Vec<(Drawn, Drawn)>,
    /// Per style: its (floor, ceiling) as they are, for the cells lit pixel by pixel.
    plain: Vec<(SurfaceRef, SurfaceRef)>,
    /// Per entry of `own`: the (floor, ceiling) it was made of, as `plain` (to reuse it).
    made_of: Vec<(SurfaceRef, SurfaceRef)>,
    /// The textures before these surfaces' copies were added to them: a surface of `own`
    /// below is one of the level's (a cell lit as drawn), at or past it a copy.
    first_copy: usize,
    /// The cells (row-major) whose copies are still to be made, lit pixel by pixel until
    /// then, with the (floor, ceiling) to copy ([`LitSurfaces::make_pending`]).
    pending: Vec<(u32, SurfaceRef, SurfaceRef)>,
}

/// The lit surfaces of a state of the same level a moment ago (the editor's last), with what
/// they were made of: a cell whose floor and ceiling and light are the same takes its copies
/// from them instead of making them again.
#[derive(Clone, Copy)]
pub(crate) struct Before<'a> {
    pub(crate) lit: &'a LitSurfaces,
    pub(crate) textures: &'a [Arc<Texture>],
    pub(crate) lights: &'a LightMap,
}

impl Before<'_> {
    /// The copies of `before` made for cell `at` of `(floor, ceiling)` (indices into
    /// `textures`) under `tile` (its tile in `now`), where it has them.
    fn copies(
        &self,
        at: usize,
        (floor, ceiling): (SurfaceRef, SurfaceRef),
        textures: &[Arc<Texture>],
        (now, tile): (&LightMap, &[u32]),
    ) -> Option<(Lit, Lit)> {
        let lit = self.lit;
        let own = *lit.cells.get(at)?;
        if own >= BY_PIXEL {
            return None;
        }
        let (x, y) = (
            (at % lit.width as usize) as u32,
            (at / lit.width as usize) as u32,
        );
        if !now.same_tile(self.lights, x, y) && self.lights.tile(x, y) != Some(tile) {
            return None;
        }
        let (then_floor, then_ceiling) = lit.made_of[own as usize];
        if !self.same(floor, then_floor, textures) || !self.same(ceiling, then_ceiling, textures) {
            return None;
        }
        let (made_floor, made_ceiling) = lit.own[own as usize];
        Some((
            self.again(made_floor, floor),
            self.again(made_ceiling, ceiling),
        ))
    }

    /// Surface `s` (an index into `textures`) in the ambient light, as `before` had it
    /// darkened (the ambient the same), with whether it is drawn as lit.
    fn darkened(
        &self,
        s: SurfaceRef,
        textures: &[Arc<Texture>],
        ambient: u32,
    ) -> Option<(Lit, bool)> {
        let lit = self.lit;
        if self.lights.ambient() != ambient {
            return None;
        }
        let drawn =
            lit.plain
                .iter()
                .zip(&lit.ambient)
                .find_map(|(&(floor, ceiling), &(f, c))| {
                    if self.same(s, floor, textures) {
                        Some(f)
                    } else if self.same(s, ceiling, textures) {
                        Some(c)
                    } else {
                        None
                    }
                })?;
        Some((self.again(drawn.surface, s), drawn.lit))
    }

    /// Whether `now` (an index into `textures`) is `then` (into `before`'s).
    fn same(&self, now: SurfaceRef, then: SurfaceRef, textures: &[Arc<Texture>]) -> bool {
        match (now, then) {
            (SurfaceRef::Colour(a), SurfaceRef::Colour(b)) => a == b,
            (SurfaceRef::Texture(a), SurfaceRef::Texture(b)) => {
                Arc::ptr_eq(&textures[a as usize], &self.textures[b as usize])
            }
            _ => false,
        }
    }

    /// What `before` made of `now` (`made`) again: its copy, shared, or `now` itself where
    /// it drew the level's own texture.
    fn again(&self, made: SurfaceRef, now: SurfaceRef) -> Lit {
        match made {
            SurfaceRef::Texture(i) if i as usize >= self.lit.first_copy => {
                Lit::Shared(self.textures[i as usize].clone())
            }
            SurfaceRef::Texture(_) => Lit::Surface(now),
            colour => Lit::Surface(colour),
        }
    }
}

impl LitSurfaces {
    /// The lit copies of `level`'s floors and ceilings under `lights`, added to `textures`
    /// (the styles' `SurfaceRef`s index it). Given `before`, those a cell had the same there
    /// are taken from it, and the cells whose light or surfaces changed are lit pixel by
    /// pixel until their copies are made ([`LitSurfaces::make_pending`]: the editor's first
    /// frame after a change draws without waiting for them); once they are, the result is
    /// the same as without `before`.
    pub(crate) fn new(
        level: &Level,
        styles: &[StyleRef],
        textures: &mut Vec<Arc<Texture>>,
        lights: &LightMap,
        before: Option<Before>,
    ) -> LitSurfaces {
        let (width, height) = (level.map.width() as u32, level.map.height() as u32);
        let first_copy = textures.len();
        // Darkened once per texture (and colour), shared by every cell in the dark (taken from
        // `before` where it had them).
        let mut darkened: HashMap<SurfaceRef, Drawn> = HashMap::new();
        let mut dark = |s: SurfaceRef, textures: &mut Vec<Arc<Texture>>| {
            *darkened.entry(s).or_insert_with(|| {
                let kept = before.and_then(|b| b.darkened(s, textures, lights.ambient()));
                if let Some((kept, lit)) = kept {
                    return Drawn {
                        surface: kept.add_to(textures),
                        lit,
                        flash: 0,
                    };
                }
                match lit_copy(s, textures, &|_, _| lights.ambient()) {
                    Some(lit) => Drawn {
                        surface: lit.add_to(textures),
                        lit: true,
                        flash: 0,
                    },
                    None => Drawn {
                        surface: s,
                        lit: false,
                        flash: 0,
                    },
                }
            })
        };
        let ambient: Vec<(Drawn, Drawn)> = styles
            .iter()
            .map(|st| (dark(st.floor, textures), dark(st.ceiling, textures)))
            .collect();
        // The lit cells within the budget, in order; the copies made in parallel, then
        // added to the textures in that order.
        let mut cells = vec![NONE; (width * height) as usize];
        let mut jobs = Vec::new();
        let mut spent = 0usize;
        for y in 0..height {
            for x in 0..width {
                let Some(tile) = lights.tile(x, y) else {
                    continue;
                };
                let style = &styles[level.map.style(Cell::new(x as i32, y as i32)) as usize];
                let cost = |s: SurfaceRef| match s {
                    SurfaceRef::Texture(i) => {
                        let size = textures[i as usize].size() as usize;
                        size * size * 4 * 4 / 3
                    }
                    SurfaceRef::Colour(_) => (SAMPLES * SAMPLES * 4) as usize * 4 / 3,
                };
                let bytes = cost(style.floor) + cost(style.ceiling);
                let at = (y * width + x) as usize;
                if spent + bytes > BUDGET
                    || textures.len() + 2 * (jobs.len() + 1) > usize::from(u16::MAX)
                {
                    cells[at] = BY_PIXEL;
                    continue;
                }
                spent += bytes;
                jobs.push((at, style.floor, style.ceiling, tile));
            }
        }
        let mut pending = Vec::new();
        let made: Vec<Option<(Lit, Lit)>> = match before {
            Some(before) => jobs
                .iter()
                .map(|&(at, floor, ceiling, tile)| {
                    let kept = before.copies(at, (floor, ceiling), textures, (lights, tile));
                    if kept.is_none() {
                        pending.push((at as u32, floor, ceiling));
                    }
                    kept
                })
                .collect(),
            None => made_copies(
                jobs.iter()
                    .map(|&(_, floor, ceiling, tile)| (floor, ceiling, tile)),
                textures,
            ),
        };
        let mut lit = LitSurfaces {
            width,
            height,
            cells,
            own: Vec::with_capacity(jobs.len()),
            ambient,
            plain: styles.iter().map(|st| (st.floor, st.ceiling)).collect(),
            made_of: Vec::with_capacity(jobs.len()),
            first_copy,
            pending: Vec::new(),
        };
        for (&(at, floor_of, ceiling_of, _), pair) in jobs.iter().zip(made) {
            lit.lay(at, (floor_of, ceiling_of), pair, textures);
        }
        // (Laid above as none, lit pixel by pixel for now.)
        lit.pending = pending;
        lit
    }

    /// Cell `at`'s copies of `made_of` (the cell lit pixel by pixel without them), added to
    /// `textures`.
    fn lay(
        &mut self,
        at: usize,
        made_of: (SurfaceRef, SurfaceRef),
        pair: Option<(Lit, Lit)>,
        textures: &mut Vec<Arc<Texture>>,
    ) {
        match pair {
            Some((floor, ceiling)) => {
                self.cells[at] = self.own.len() as u32;
                self.own
                    .push((floor.add_to(textures), ceiling.add_to(textures)));
                self.made_of.push(made_of);
            }
            None => self.cells[at] = BY_PIXEL,
        }
    }

    /// Makes the copies of up to `cells` of the cells still lit pixel by pixel after a
    /// change (see [`LitSurfaces::new`]), under `lights` (the map these surfaces were made
    /// for), adding them to `textures`; how many cells are left.
    pub(crate) fn make_pending(
        &mut self,
        cells: usize,
        textures: &mut Vec<Arc<Texture>>,
        lights: &LightMap,
    ) -> usize {
        let now: Vec<_> = self
            .pending
            .drain(..cells.min(self.pending.len()))
            .collect();
        let jobs: Vec<_> = now
            .iter()
            .filter_map(|&(at, floor, ceiling)| {
                let tile = lights.tile(at % self.width, at / self.width)?;
                Some((at, floor, ceiling, tile))
            })
            .collect();
        let made = made_copies(
            jobs.iter()
                .map(|&(_, floor, ceiling, tile)| (floor, ceiling, tile)),
            textures,
        );
        for (&(at, floor, ceiling, _), pair) in jobs.iter().zip(made) {
            self.lay(at as usize, (floor, ceiling), pair, textures);
        }
        self.pending.len()
    }

    /// How many cells are lit pixel by pixel until their copies are made.
    pub(crate) fn pending(&self) -> usize {
        self.pending.len()
    }

    /// The floor (`below`) or ceiling `cell`, of style `style`, is drawn with.
    #[inline]
    pub(crate) fn surface(&self, cell: (i32, i32), style: u16, below: bool) -> Drawn {
        let pick = |pair: (SurfaceRef, SurfaceRef)| if below { pair.0 } else { pair.1 };
        let (x, y) = (cell.0 as u32, cell.1 as u32);
        let i = if x < self.width && y < self.height {
            self.cells[(y * self.width + x) as usize]
        } else {
            NONE
        };
        match i {
            NONE => {
                let (floor, ceiling) = self.ambient[style as usize];
                if below { floor } else { ceiling }
            }
            BY_PIXEL => Drawn {
                surface: pick(self.plain[style as usize]),
                lit: false,
                flash: 0,
            },
            i => Drawn {
                surface: pick(self.own[i as usize]),
                lit: true,
                flash: 0,
            },
        }
    }
}

/// The lit copies of each (floor, ceiling) under its tile, in parallel; `None` for a pair
/// with a texture too large to copy.
fn made_copies<'a>(
    jobs: impl Iterator<Item = (SurfaceRef, SurfaceRef, &'a [u32])>,
    textures: &[Arc<Texture>],
) -> Vec<Option<(Lit, Lit)>> {
    use rayon::prelude::*;
    let jobs: Vec<_> = jobs.collect();
    jobs.par_iter()
        .map(|&(floor, ceiling, tile)| {
            let light = |u: f64, v: f64| {
                let s = |f: f64| ((f * f64::from(SAMPLES)) as u32).min(SAMPLES - 1);
                tile[(s(v) * SAMPLES + s(u)) as usize]
            };
            Some((
                lit_copy(floor, textures, &light)?,
                lit_copy(ceiling, textures, &light)?,
            ))
        })
        .collect()
}

/// A copy of surface `s` with each texel multiplied by `light(u, v)` (the factor at the
/// texel's centre, `u` and `v` across the cell from 0 to 1), its textures from `textures`;
/// `None` for a texture too large to copy. A plain colour becomes a texture of the light map's
/// resolution (or stays a colour, where the light is the same everywhere: the ambient).
fn lit_copy(
    s: SurfaceRef,
    textures: &[Arc<Texture>],
    light: &dyn Fn(f64, f64) -> u32,
) -> Option<Lit> {
    let (size, texel): (u32, Box<dyn Fn(u32, u32) -> u32>) = match s {
        SurfaceRef::Texture(i) => {
            let texture = textures[i as usize].clone();
            if texture.size() > LARGEST {
                return None;
            }
            (texture.size(), Box::new(move |x, y| texture.texel(x, y)))
        }
        SurfaceRef::Colour(c) => {
            let (a, b) = (light(0.0, 0.0), light(0.999, 0.999));
            if a == b && (0..SAMPLES).all(|k| light(f64::from(k) / f64::from(SAMPLES), 0.5) == a) {
                // One factor everywhere (the ambient): a colour still.
                return Some(Lit::Surface(SurfaceRef::Colour(apply(a, c))));
            }
            (SAMPLES, Box::new(move |_, _| c))
        }
    };
    if light(0.0, 0.0) == NEUTRAL
        && (0..size * size).all(|k| {
            let (x, y) = (k % size, k / size);
            light(
                (f64::from(x) + 0.5) / f64::from(size),
                (f64::from(y) + 0.5) / f64::from(size),
            ) == NEUTRAL
        })
    {
        return Some(Lit::Surface(s));
    }
    let n = f64::from(size);
    let mut texels = Vec::with_capacity((size * size) as usize);
    for x in 0..size {
        for y in 0..size {
            let factor = light((f64::from(x) + 0.5) / n, (f64::from(y) + 0.5) / n);
            texels.push(apply(factor, texel(x, y)));
        }
    }
    // (No dark variant: floors and ceilings draw none.)
    Some(Lit::Texture(Texture::from_columns(size, texels, None)))
}

/// A lit copy of a surface: the surface as it was (or a colour), a new texture, or one made
/// before.
enum Lit {
    Surface(SurfaceRef),
    Texture(Texture),
    Shared(Arc<Texture>),
}

impl Lit {
    /// The surface, its texture (if new) added to `textures`.
    fn add_to(self, textures: &mut Vec<Arc<Texture>>) -> SurfaceRef {
        match self {
            Lit::Surface(s) => s,
            Lit::Texture(t) => {
                textures.push(Arc::new(t));
                SurfaceRef::Texture((textures.len() - 1) as u32)
            }
            Lit::Shared(t) => {
                textures.push(t);
                SurfaceRef::Texture((textures.len() - 1) as u32)
            }
        }
    }
}
