//! Textures and tile styles resolved to indices once per level, for the renderer's inner loops.

pub(crate) mod lit;

use std::collections::HashMap;
use std::sync::Arc;

use crate::grid::Cell;

use crate::level::{Fog, Level, Surface};
use crate::texture::{Texture, TextureSet};

pub(crate) use super::surface::{StyleRef, SurfaceRef};

/// Everything the renderer needs of a level's looks, resolved to indices.
#[derive(Clone, Debug)]
pub struct RenderAssets {
    pub(crate) textures: Vec<Arc<Texture>>,
    pub(crate) styles: Vec<StyleRef>,
    /// The door jamb texture, if loaded.
    pub(crate) jamb: Option<u16>,
    pub(crate) fog: FogTable,
    /// Doors by cell: whether each runs along x.
    pub(crate) doors: HashMap<Cell, bool>,
    /// Whether any style has a shape: without, a cast asks no cell for one.
    pub(crate) shaped: bool,
    /// The light falling on the level's walls, floors and sprites as it stands at its start
    /// (doors closed); `None` where it leaves everything as drawn.
    pub(crate) lights: Option<Arc<crate::lighting::LightMap>>,
    /// The lights `lights` was made of.
    pub(crate) light_sources: Vec<crate::level::Light>,
    /// The floors and ceilings lit ahead of time under `lights`.
    pub(crate) lit: Option<Arc<lit::LitSurfaces>>,
    /// The holes of the level's grates, which let light through.
    pub(crate) holes: Arc<crate::level::Holes>,
    /// By texture index: the texture and its variants as loaded
    /// ([`crate::level::variant_names`]), where it has any; empty where it has none.
    pub(crate) variants: Vec<Box<[u16]>>,
}

impl RenderAssets {
    /// Resolves a level's texture names against loaded textures. A name that is not loaded
    /// draws as a magenta checkerboard, so a missing texture shows instead of failing.
    pub fn new(level: &Level, textures: &TextureSet) -> RenderAssets {
        RenderAssets::made(level, textures, None)
    }

    /// [`RenderAssets::new`] for a state of the level `before`'s were made of a moment ago
    /// (`was`, the editor's last): the same assets, with the light map worked out again only
    /// where the change reaches ([`crate::lighting::LightMap::rebuilt`]) and the floors and
    /// ceilings of cells whose surfaces and light have not changed taken from `before`.
    pub fn after(
        level: &Level,
        textures: &TextureSet,
        (before, was): (&RenderAssets, &crate::level::LevelWithTextures),
    ) -> RenderAssets {
        RenderAssets::made(level, textures, Some((before, was)))
    }

    fn made(
        level: &Level,
        textures: &TextureSet,
        before: Option<(&RenderAssets, &crate::level::LevelWithTextures)>,
    ) -> RenderAssets {
        let mut list: Vec<Arc<Texture>> = vec![Arc::new(missing_texture())];
        let mut names: Vec<String> = vec![String::new()];
        let mut index = |name: &str| -> u16 {
            if let Some(i) = names.iter().position(|n| n == name) {
                return i as u16;
            }
            match textures.get(name) {
                Some(t) if list.len() < u16::MAX as usize => {
                    list.push(t.clone());
                    names.push(name.to_string());
                    (list.len() - 1) as u16
                }
                _ => 0,
            }
        };
        let mut surface = |s: &Surface| match s {
            Surface::Texture(name) => SurfaceRef::Texture(u32::from(index(name))),
            Surface::Colour(c) => SurfaceRef::Colour(c.packed()),
        };
        let mut styles = Vec::with_capacity(level.styles.len());
        for style in &level.styles {
            let floor = surface(&style.floor);
            let ceiling = surface(&style.ceiling);
            let outline = style
                .shape
                .as_ref()
                .map(|s| Arc::new(super::outline::Outline::new(&s.mask)));
            styles.push((style.faces.clone(), floor, ceiling, outline));
        }
        let styles: Vec<StyleRef> = styles
            .into_iter()
            .map(|(faces, floor, ceiling, outline)| StyleRef {
                faces: faces.map_or([0; 4], |f| f.map(|name| index(&name))),
                floor,
                ceiling,
                outline,
            })
            .collect();
        let mut variants: Vec<Box<[u16]>> = Vec::new();
        let face_names = level
            .styles
            .iter()
            .filter_map(|s| s.faces.as_ref())
            .flatten();
        for name in face_names {
            let face = index(name) as usize;
            if face == 0 || variants.get(face).is_some_and(|v| !v.is_empty()) {
                continue;
            }
            let mut set = vec![face as u16];
            set.extend(
                crate::level::variant_names(name)
                    .take_while(|v| textures.get(v).is_some())
                    .map(|v| index(&v)),
            );
            if set.len() > 1 {
                variants.resize(variants.len().max(face + 1), Box::default());
                variants[face] = set.into_boxed_slice();
            }
        }
        let jamb = textures
            .get(crate::level::DOOR_JAMB)
            .map(|_| index(crate::level::DOOR_JAMB));
        let doors = level.doors.iter().map(|d| (d.cell, d.along_x)).collect();
        let shaped = styles.iter().any(|s| s.outline.is_some());
        let solidity = crate::level::LevelSolidity::new(level, textures);
        let (w, h) = (level.map.width() as u32, level.map.height() as u32);
        let light_sources = level.all_lights();
        // (Cells are taken by their place: a level of another size, or one not lit before,
        // starts afresh.)
        let before = before.filter(|(_, was)| {
            (was.level.map.width(), was.level.map.height())
                == (level.map.width(), level.map.height())
        });
        let rebuilt_from =
            before.and_then(|(b, was)| Some((b.lights.as_ref()?, &b.light_sources, was)));
        let lights = level.is_lit().then(|| match rebuilt_from {
            Some((map, lights_before, was)) => {
                let solidity_before = crate::level::LevelSolidity::new(&was.level, &was.textures);
                let changed = crate::lighting::cells_differing(&solidity_before, &solidity, (w, h));
                if changed.is_empty()
                    && light_sources == *lights_before
                    && level.ambient == was.level.ambient
                {
                    // (Nothing that casts or stops light changed: a pickup, a guard.)
                    return map.clone();
                }
                Arc::new(crate::lighting::LightMap::rebuilt(
                    map,
                    &solidity,
                    (&light_sources, lights_before),
                    level.ambient,
                    &changed,
                ))
            }
            // The level as built (doors closed, push walls where they start), light passing
            // grates' holes.
            None => Arc::new(crate::lighting::LightMap::build(
                &solidity,
                w,
                h,
                &light_sources,
                level.ambient,
            )),
        });
        let lit = lights.as_deref().filter(|l| !l.is_neutral()).map(|l| {
            let before = before.and_then(|(b, _)| {
                Some(lit::Before {
                    lit: b.lit.as_deref()?,
                    textures: &b.textures,
                    lights: b.lights.as_deref()?,
                })
            });
            Arc::new(lit::LitSurfaces::new(level, &styles, &mut list, l, before))
        });
        RenderAssets {
            holes: Arc::new(solidity.into_holes()),
            lights,
            light_sources,
            lit,
            shaped,
            textures: list,
            styles,
            jamb,
            fog: FogTable::new(level.fog),
            doors,
            variants,
        }
    }

    /// Makes the lit copies of up to `cells` of the cells [`RenderAssets::after`] left lit
    /// pixel by pixel (those whose light or surfaces changed: the frame after a change is
    /// drawn without waiting for them); how many cells are left. Once none is, the assets
    /// draw what [`RenderAssets::new`]'s draw.
    pub fn make_lit_copies(&mut self, cells: usize) -> usize {
        let (Some(lit), Some(lights)) = (&mut self.lit, &self.lights) else {
            return 0;
        };
        if lit.pending() == 0 {
            return 0;
        }
        Arc::make_mut(lit).make_pending(cells, &mut self.textures, lights)
    }

    /// Texture `texture` and its variants, when it has any: a plain wall of it shows the one
    /// [`crate::level::variant_of`] picks for its cell.
    #[inline]
    pub(crate) fn variants_of(&self, texture: u16) -> Option<&[u16]> {
        self.variants
            .get(texture as usize)
            .filter(|set| !set.is_empty())
            .map(|set| &set[..])
    }
}

fn missing_texture() -> Texture {
    let rgba: Vec<u8> = (0..64u32)
        .flat_map(|i| {
            let (x, y) = (i % 8, i / 8);
            if (x / 4 + y / 4) % 2 == 0 {
                [255, 0, 255, 255]
            } else {
                [0, 0, 0, 255]
            }
        })
        .collect();
    Texture::from_rgba(8, &rgba, None)
}

/// Distance fog through a lookup table: distance (in 1/16 tiles) to the fog's weight (0-256).
#[derive(Clone, Debug)]
pub(crate) struct FogTable {
    weights: Vec<u16>,
    colour: [u32; 3],
}

const FOG_STEPS_PER_TILE: f64 = 16.0;

impl FogTable {
    fn new(fog: Fog) -> FogTable {
        let crate::frame::Colour { r, g, b, .. } = fog.colour;
        let colour = [r as u32, g as u32, b as u32];
        if !(fog.distance.is_finite() && fog.distance > 0.0) {
            // No fog (an infinite distance): weight 0 everywhere.
            return FogTable {
                weights: vec![0],
                colour,
            };
        }
        let distance = fog.distance;
        let steps = ((distance * FOG_STEPS_PER_TILE).ceil() as usize).clamp(1, 1 << 16);
        // Quadratic falloff: clear nearby, thick towards the fog distance.
        let weights = (0..=steps)
            .map(|i| {
                let f = i as f64 / steps as f64;
                (f * f * 256.0).round() as u16
            })
            .collect();
        FogTable { weights, colour }
    }

    /// The fog weight (0-256) at a distance.
    #[inline]
    pub(crate) fn weight(&self, distance: f32) -> u32 {
        let i = (distance * FOG_STEPS_PER_TILE as f32) as usize;
        self.weights[i.min(self.weights.len() - 1)] as u32
    }

    /// The fog at `weight`, ready for [`FogBlend::blend`].
    #[inline]
    pub(crate) fn at(&self, weight: u32) -> FogBlend {
        FogBlend::of(self.colour, weight)
    }
}

/// A fog weight with the fog colour's share precomputed: red and blue blend together in one
/// 32-bit word (16-bit lanes: 255 * 256 fits), green apart; alpha is kept. Equal blends
/// blend every texel alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FogBlend {
    keep: u32,
    rb: u32,
    g: u32,
    weight: u32,
}

impl FogBlend {
    /// The fog of colour `[r, g, b]` (each 0-255) at `weight` (0-256).
    #[inline]
    pub(crate) fn of([r, g, b]: [u32; 3], weight: u32) -> FogBlend {
        FogBlend {
            keep: 256 - weight,
            rb: (r | (b << 16)) * weight,
            g: (g << 8) * weight,
            weight,
        }
    }

    /// Whether blending leaves texels as they are (no fog at this distance).
    #[inline]
    pub(crate) fn is_clear(&self) -> bool {
        self.weight == 0
    }

    #[inline]
    pub(crate) fn blend(&self, texel: u32) -> u32 {
        if self.weight == 0 {
            return texel;
        }
        self.blend_always(texel)
    }

    /// The blend's factors, for vector code that blends as [`FogBlend::blend_always`] does:
    /// what each channel keeps (of 256), and the fog's red-and-blue and green shares.
    #[inline]
    pub(crate) fn factors(&self) -> (u32, u32, u32) {
        (self.keep, self.rb, self.g)
    }

    /// [`FogBlend::blend`] without the test for no fog (which gives the same result: the
    /// texel kept whole), branch-free for loops that vectorise.
    #[inline(always)]
    pub(crate) fn blend_always(&self, texel: u32) -> u32 {
        let rb = (((texel & 0x00FF_00FF) * self.keep + self.rb) >> 8) & 0x00FF_00FF;
        let g = (((texel & 0x0000_FF00) * self.keep + self.g) >> 8) & 0x0000_FF00;
        rb | g | (texel & 0xFF00_0000)
    }
}
