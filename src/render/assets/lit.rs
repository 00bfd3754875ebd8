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
        let same = |now: SurfaceRef, then: SurfaceRef| match (now, then) {
            (SurfaceRef::Colour(a), SurfaceRef::Colour(b)) => a == b,
            (SurfaceRef::Texture(a), SurfaceRef::Texture(b)) => {
                Arc::ptr_eq(&textures[a as usize], &self.textures[b as usize])
            }
            _ => false,
        };
        let (then_floor, then_ceiling) = lit.made_of[own as usize];
        if !same(floor, then_floor) || !same(ceiling, then_ceiling) {
            return None;
        }
        let (made_floor, made_ceiling) = lit.own[own as usize];
        let again = |made: SurfaceRef, now: SurfaceRef| match made {
            SurfaceRef::Texture(i) if i as usize >= lit.first_copy => {
                Lit::Shared(self.textures[i as usize].clone())
            }
            SurfaceRef::Texture(_) => Lit::Surface(now),
            colour => Lit::Surface(colour),
        };
        Some((again(made_floor, floor), again(made_ceiling, ceiling)))
    }
}

impl LitSurfaces {
    /// The lit copies of `level`'s floors and ceilings under `lights`, added to `textures`
    /// (the styles' `SurfaceRef`s index it); those a cell had the same in `before` taken from
    /// it (the result is the same as without it).
    pub(crate) fn new(
        level: &Level,
        styles: &[StyleRef],
        textures: &mut Vec<Arc<Texture>>,
        lights: &LightMap,
        before: Option<Before>,
    ) -> LitSurfaces {
        let (width, height) = (level.map.width() as u32, level.map.height() as u32);
        let first_copy = textures.len();
        // Darkened once per texture (and colour), shared by every cell in the dark.
        let mut darkened: HashMap<SurfaceRef, Drawn> = HashMap::new();
        let mut dark = |s: SurfaceRef, textures: &mut Vec<Arc<Texture>>| {
            *darkened.entry(s).or_insert_with(|| {
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
        let made: Vec<Option<(Lit, Lit)>> = {
            use rayon::prelude::*;
            let textures = &*textures;
            jobs.par_iter()
                .map(|&(at, floor, ceiling, tile)| {
                    let kept = before
                        .and_then(|b| b.copies(at, (floor, ceiling), textures, (lights, tile)));
                    if kept.is_some() {
                        return kept;
                    }
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
        };
        let mut own = Vec::with_capacity(jobs.len());
        let mut made_of = Vec::with_capacity(jobs.len());
        for (&(at, floor_of, ceiling_of, _), pair) in jobs.iter().zip(made) {
            match pair {
                Some((floor, ceiling)) => {
                    cells[at] = own.len() as u32;
                    own.push((floor.add_to(textures), ceiling.add_to(textures)));
                    made_of.push((floor_of, ceiling_of));
                }
                None => cells[at] = BY_PIXEL,
            }
        }
        LitSurfaces {
            width,
            height,
            cells,
            own,
            ambient,
            plain: styles.iter().map(|st| (st.floor, st.ceiling)).collect(),
            made_of,
            first_copy,
        }
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
