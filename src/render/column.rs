//! One screen column: its cast (shared by the renderer and `tilecaster columns`) and its spans.

use std::cell::{Cell as Slot, RefCell};

use super::MovingParts;
use super::assets::{FogBlend, RenderAssets};
use super::camera::Camera;
use super::kernels;
use crate::geom::door_slab_hit;
use crate::grid::{Cell, Face, Hit, Solidity, UnitCells, Walk};
use crate::level::Level;
use crate::lighting::NEUTRAL;
use crate::map::Tile;
use crate::math::Vec2;
use crate::texture::mip_level;

/// See-through layers (grates) remembered per column; more are drawn as solid.
const MAX_LAYERS: usize = 4;

/// A textured vertical span of one column, clipped to the frame: rows `[top, bottom)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub top: i32,
    pub bottom: i32,
    tex: u16,
    dark: bool,
    /// The mipmap level drawn.
    mip: u8,
    tex_x: u32,
    /// Texture row at the centre of row `top`, 16.16 fixed point.
    pos0: u64,
    /// Texture rows per screen row, 16.16 fixed point.
    step: u64,
    fog: FogBlend,
    /// Where a magnified, fogged wall's texels lie fogged in its cast task's list (see
    /// [`Span::fog_texels`]), or [`NOT_FOGGED`].
    fogged: u32,
    /// The light on it ([`crate::lighting::NEUTRAL`]: none).
    light: u32,
    /// Perpendicular distance (infinite for no wall).
    pub depth: f32,
}

/// [`Span::fogged`] for a span whose texels are fogged as they are drawn.
const NOT_FOGGED: u32 = u32::MAX;

impl Default for Span {
    /// No wall: nothing drawn, nothing hidden.
    fn default() -> Span {
        Span {
            top: 0,
            bottom: 0,
            tex: 0,
            dark: false,
            mip: 0,
            tex_x: 0,
            pos0: 0,
            step: 0,
            fog: FogBlend::default(),
            fogged: NOT_FOGGED,
            light: NEUTRAL,
            depth: f32::INFINITY,
        }
    }
}

impl Span {
    /// The span of a wall at perpendicular distance `depth`, texture column from `u`; with
    /// `mipmaps` (the world distance along the wall between this column's hit and the next
    /// one's), from the mipmap level that suits that and the rows' footprint.
    #[inline(always)]
    fn new(
        assets: &RenderAssets,
        height: u32,
        depth: f64,
        (tex, u, dark): (u16, f64, bool),
        mipmaps: Option<f64>,
    ) -> Span {
        let h = height as f64;
        let depth = if depth.is_finite() {
            depth.max(1e-6)
        } else {
            return Span::default();
        };
        let line = h / depth;
        let top_f = (h - line) / 2.0;
        // Rows whose centres lie on the wall: ceil(edge - 1/2), clamped to the frame. (No
        // `f64::ceil`: without SSE4.1 it is a libm call; the value is clamped first, so the
        // truncation is exact.)
        let row = |edge: f64| {
            let v = (edge - 0.5).clamp(-1.0, h);
            let truncated = v as i32;
            (truncated + ((truncated as f64) < v) as i32).clamp(0, height as i32)
        };
        let (top, bottom) = (row(top_f), row(top_f + line));
        let texture = &assets.textures[tex as usize];
        let mip = match mipmaps {
            None => 0,
            Some(across) => {
                // The geometric mean of the footprints down the column and across it (never less
                // than down): the larger alone blurs a wall seen at a glancing angle to a smear
                // of its mortar lines, the smaller alone lets it sparkle; this sits between, as
                // anisotropic filtering would.
                let down = depth / h;
                let world = (down * across.max(down)).sqrt();
                mip_level(world * texture.size() as f64).min(texture.mip_count() - 1)
            }
        };
        let size = texture.mip(mip).size();
        let per_row = size as f64 / line;
        let pos0 = ((top as f64 + 0.5 - top_f) * per_row * 65536.0).max(0.0) as u64;
        let tex_x = ((u * size as f64) as u32).min(size - 1);
        let fog = assets.fog.at(assets.fog.weight(depth as f32));
        Span {
            top,
            bottom,
            tex,
            dark,
            mip: mip as u8,
            tex_x,
            pos0,
            step: (per_row * 65536.0) as u64,
            fog,
            fogged: NOT_FOGGED,
            light: NEUTRAL,
            depth: depth as f32,
        }
    }

    /// Lights the wall as the light map lights the floor just in front of `point`, where a
    /// ray along `ray` met it.
    #[inline(always)]
    pub(super) fn light_by(&mut self, lights: &crate::lighting::Lighting, point: Vec2, ray: Vec2) {
        let length = ray.length();
        if length > 0.0 {
            self.light = lights.factor_at(point - ray * (1e-3 / length));
        }
    }

    /// Whether drawing changes its texels (fog or light).
    #[inline]
    fn shaded(&self) -> bool {
        !self.fog.is_clear() || self.light != NEUTRAL
    }

    /// A texel as drawn: lit, then fogged.
    #[inline(always)]
    fn shade(&self, texel: u32) -> u32 {
        self.fog
            .blend_always(crate::lighting::apply(self.light, texel))
    }

    /// For a wall in fog: fogs the texels its rows show, once each, onto the end of `list`
    /// (its cast task's, reused from frame to frame), and remembers where, so that drawing it
    /// is a copy as without fog. Every band of rows would otherwise fog a magnified wall's
    /// texels again, and a minified wall's pixels are blended one by one where eight texels
    /// are fogged at a time here. Only up to [`kernels::Loops::fog_texels_per_row`] texels a row
    /// (the rows of a wall far beyond its mipmaps skip most texels), and only while `list`
    /// has room without growing: the rest are blended as they are drawn.
    ///
    /// A wall seen close up shows each texel column in several screen columns: where the
    /// column `before` this one (in the same list) shows the same texels in the same fog,
    /// this one draws from its run.
    #[inline(always)]
    pub(super) fn fog_texels(
        &mut self,
        assets: &RenderAssets,
        loops: kernels::Loops,
        list: &mut Vec<u32>,
        before: &Span,
    ) {
        let most = u64::from(loops.fog_texels_per_row()) << 16;
        if !self.shaded() || self.step > most || self.top >= self.bottom {
            return;
        }
        if before.fogged != NOT_FOGGED
            && (before.tex, before.mip, before.tex_x, before.dark)
                == (self.tex, self.mip, self.tex_x, self.dark)
            && before.fog == self.fog
            && before.light == self.light
            && before.texel_rows() == self.texel_rows()
        {
            self.fogged = before.fogged;
            return;
        }
        let column = self.texture_column(assets);
        let mask = column.len() - 1;
        let (first, last) = self.texel_rows();
        let Ok(at) = u32::try_from(list.len()) else {
            return;
        };
        if list.len() + self.fogged_len() > list.capacity() {
            return; // no room without allocating: fogged as drawn
        }
        self.fogged = at;
        match column.get(first as usize..=last as usize) {
            Some(texels) => list.extend_from_slice(texels),
            None => list.extend((first..=last).map(|v| column[v as usize & mask])),
        }
        if self.light != NEUTRAL {
            // Unfogged, a tint is `lighting::apply`: eight texels at a time with AVX2.
            let tint = crate::lighting::Tint::new(self.light, [0; 3]);
            kernels::tint_run(loops, &tint, &mut list[at as usize..]);
        }
        kernels::fog_run(loops, &self.fog, &mut list[at as usize..]);
        list.resize(at as usize + self.fogged_len(), 0);
    }

    /// The texture rows (unmasked) of the span's first and last screen rows.
    #[inline]
    fn texel_rows(&self) -> (u64, u64) {
        let last_row = (self.bottom - self.top - 1) as u64;
        (self.pos0 >> 16, (self.pos0 + last_row * self.step) >> 16)
    }

    /// How long the span's run of fogged texels is: the texels it shows, padded to a power of
    /// two, so that drawing can index it with a mask, as a texture column, and needs no bounds
    /// check.
    #[inline]
    fn fogged_len(&self) -> usize {
        let (first, last) = self.texel_rows();
        ((last - first + 1) as usize).next_power_of_two()
    }

    /// Draws rows `from..to` (within the span) into `out`, row `from` at `out[0]` and each
    /// next row `stride` further on; `fogged` is the list [`Span::fog_texels`] filled.
    ///
    /// One loop for near and far walls alike, with no branch that depends on the texels:
    /// where a texel covers several rows, a loop that repeats it until the texel changes
    /// mispredicts at every change, which costs more than sampling every row. In fog, a wall
    /// whose texels were fogged in the cast pass ([`Span::fog_texels`]) copies them; one too
    /// far minified for that blends each pixel.
    #[inline(always)]
    pub(super) fn draw(
        &self,
        (assets, loops): (&RenderAssets, kernels::Loops),
        fogged: &[u32],
        (from, to): (i32, i32),
        out: &mut [u32],
        stride: usize,
    ) {
        let count = (to - from) as usize;
        if count == 0 {
            return;
        }
        let mut pos = self.pos0 + (from - self.top) as u64 * self.step;
        // The pixels drawn: every `stride`-th from the first, `count` of them.
        let pixels = &mut out[..(count - 1) * stride + 1];
        if self.fogged != NOT_FOGGED {
            // The span's texels from its first row's on, fogged: the position counted from
            // the first one's top. (The texture is not looked up: its column's address is
            // three loads away, each a cache miss when many columns are lit.)
            let pos = pos - (self.pos0 & !0xFFFF);
            let at = self.fogged as usize;
            let texels = &fogged[at..at + self.fogged_len()];
            kernels::copy_down(loops, texels, (pos, self.step), pixels, stride);
            return;
        }
        let column = self.texture_column(assets);
        let mask = column.len() - 1;
        if !self.shaded() {
            kernels::copy_down(loops, column, (pos, self.step), pixels, stride);
        } else {
            every(pixels, stride, || {
                let texel = self.shade(column[(pos >> 16) as usize & mask]);
                pos += self.step;
                texel
            });
        }
    }

    /// Draws its opaque texels on rows `rows` (within the span) over `pixels` (the first row's
    /// pixel, then every `stride`-th: the column's), each with `over(texel, pixel)`: lit, then
    /// fogged, the texture's column found once for the rows and a texel's light left out
    /// where it is neutral (lighting it then changes nothing).
    #[inline]
    pub fn draw_over(
        &self,
        assets: &RenderAssets,
        rows: std::ops::Range<i32>,
        (pixels, stride): (&mut [u32], usize),
        over: impl Fn(u32, u32) -> u32,
    ) {
        if rows.is_empty() {
            return;
        }
        let column = self.texture_column(assets);
        let mask = column.len() - 1;
        let mut pos = self.pos0 + (rows.start - self.top) as u64 * self.step;
        let neutral = self.light == NEUTRAL;
        for under in pixels.iter_mut().step_by(stride).take(rows.len()) {
            let texel = column[(pos >> 16) as usize & mask];
            pos = pos.wrapping_add(self.step);
            if crate::texture::is_opaque(texel) {
                let lit = if neutral {
                    texel
                } else {
                    crate::lighting::apply(self.light, texel)
                };
                *under = over(self.fog.blend(lit), *under);
            }
        }
    }

    /// The column of texels it shows: its texture's, at its mipmap level and shade.
    #[inline]
    fn texture_column<'a>(&self, assets: &'a RenderAssets) -> &'a [u32] {
        assets.textures[self.tex as usize]
            .mip(self.mip.into())
            .column(self.tex_x, self.dark)
    }

    /// Whether its texel at row `y` (within the span) is opaque (as drawn: lighting and fog
    /// keep a texel's alpha).
    #[inline]
    pub fn is_opaque_at(&self, assets: &RenderAssets, y: i32) -> bool {
        crate::texture::is_opaque(self.texel(assets, y))
    }

    /// Its texture's texel at row `y` (within the span), as the texture holds it.
    #[inline]
    fn texel(&self, assets: &RenderAssets, y: i32) -> u32 {
        let column = self.texture_column(assets);
        let v =
            ((self.pos0 + (y - self.top) as u64 * self.step) >> 16) as usize & (column.len() - 1);
        column[v]
    }
}

/// Sets every `stride`-th pixel of `pixels` from the first to what `next` gives, in order. (A
/// plain index loop: `step_by` recomputed the pixels left at every step.)
#[inline(always)]
fn every(pixels: &mut [u32], stride: usize, mut next: impl FnMut() -> u32) {
    let mut i = 0;
    while i < pixels.len() {
        pixels[i] = next();
        i += stride;
    }
}

/// Masked spans of a column, nearest first.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Layers {
    spans: [Span; MAX_LAYERS],
    count: u8,
}

impl Layers {
    /// Lights each layer as the light map lights the floor just in front of it, along `ray`
    /// from `eye` (a layer's depth is its distance along the ray, in the ray's own units).
    pub(super) fn light_by(&mut self, lights: &crate::lighting::Lighting, eye: Vec2, ray: Vec2) {
        for span in &mut self.spans[..self.count as usize] {
            let point = eye + ray * f64::from(span.depth);
            span.light_by(lights, point, ray);
        }
    }

    pub fn far_to_near(&self) -> impl Iterator<Item = &Span> {
        self.spans[..self.count as usize].iter().rev()
    }

    pub fn near_to_far(&self) -> impl Iterator<Item = &Span> {
        self.spans[..self.count as usize].iter()
    }
}

/// A see-through wall a column's ray passed: texture, wall coordinate, depth, dark face.
#[derive(Clone, Copy, Debug, Default)]
struct LayerHit {
    tex: u16,
    u: f64,
    depth: f64,
    dark: bool,
}

/// What a column's ray meets: see-through layers, then the opaque wall (or door).
#[derive(Clone, Debug)]
pub struct ColumnCast {
    /// The ray: `camera.dir + camera.plane * x`.
    pub ray: Vec2,
    /// The opaque hit; for a door, moved to the door's plane (its `t` and `u` are the plane's).
    pub hit: Option<Hit>,
    /// The texture index and wall coordinate (mirrored where the texture would read backwards)
    /// of the opaque hit, and whether it is a dark face.
    wall: Option<(u16, f64, bool)>,
    /// See-through layers, nearest first.
    layers: [LayerHit; MAX_LAYERS],
    layer_count: usize,
}

impl ColumnCast {
    /// Where across its texture the opaque wall is met, `[0, 1)` from the texture's left edge
    /// as the viewer sees it (mirrored faces, door slabs and shaped walls' outlines already
    /// applied); `None` where nothing opaque is met.
    pub fn texture_u(&self) -> Option<f64> {
        self.wall.map(|w| w.1)
    }

    /// The wall's span, from its mipmap level where `mipmaps` is on.
    pub(crate) fn wall_span(
        &self,
        assets: &RenderAssets,
        camera: &Camera,
        (width, height): (u32, u32),
        mipmaps: bool,
    ) -> Span {
        match (self.hit, self.wall) {
            (Some(hit), Some(wall)) => {
                let across =
                    mipmaps.then(|| across_per_column(camera, self.ray, hit.t, wall.2, width));
                Span::new(assets, height, hit.t, wall, across)
            }
            _ => Span::default(),
        }
    }

    /// Sets `layers` to the spans of the see-through layers (spans past the count are left
    /// as they were: unused). Their textures have holes, so no mipmaps.
    #[inline(always)]
    pub(crate) fn layer_spans(&self, assets: &RenderAssets, height: u32, layers: &mut Layers) {
        for (i, l) in self.layers[..self.layer_count].iter().enumerate() {
            layers.spans[i] = Span::new(assets, height, l.depth, (l.tex, l.u, l.dark), None);
        }
        layers.count = self.layer_count as u8;
    }
}

/// The world distance along a wall between the hits of neighbouring columns: for a wall on a
/// vertical grid line (`x_face`), the hit's y is `pos.y + t * ray.y` with `t = (X - pos.x) /
/// ray.x`; over one column the ray turns by `plane * 2 / width`, which moves it by `t *
/// |dir x plane| / |ray.x|` per unit of the screen coordinate (and likewise along y). Grows
/// without bound as the wall turns edge-on.
fn across_per_column(camera: &Camera, ray: Vec2, t: f64, x_face: bool, width: u32) -> f64 {
    let cross = (camera.dir.x * camera.plane.y - camera.dir.y * camera.plane.x).abs();
    let d = if x_face { ray.x } else { ray.y }.abs();
    2.0 * t * cross / (d * width as f64)
}

/// The wall coordinate as the texture reads it: mirrored on east and north faces, whose `u`
/// runs right to left as seen by the viewer.
fn texture_u(face: Face, u: f64) -> f64 {
    match face {
        Face::East | Face::North => (1.0 - u).min(1.0 - f64::EPSILON / 2.0),
        Face::West | Face::South => u,
    }
}

/// The solidity a column's ray sees: masked walls recorded and passed, doors hit at their
/// mid-cell plane.
struct ColumnSolidity<'a> {
    level: &'a Level,
    assets: &'a RenderAssets,
    doors: &'a dyn MovingParts,
    dir: Vec2,
    layers: RefCell<([LayerHit; MAX_LAYERS], usize)>,
    /// A hit moved off the cell's face (a door's plane, a moving push wall's square), with its
    /// texture, texture coordinate and darkness.
    moved: Slot<Option<(Hit, u16, f64, bool)>>,
}

impl ColumnSolidity<'_> {
    #[inline(always)]
    fn face_texture(&self, cell: Cell, face: Face) -> u16 {
        let style = &self.assets.styles[self.level.map.style(cell) as usize];
        let texture = style.faces[face.slot()];
        // A plain wall shows its texture's variant for its cell; a push wall keeps the
        // texture itself, so that it does not change as it slides from cell to cell.
        match self.assets.variants_of(texture) {
            Some(set) if self.level.map.get(cell) == Some(Tile::Wall) => {
                set[crate::level::variant_of(cell, set.len())]
            }
            _ => texture,
        }
    }
}

impl Solidity for ColumnSolidity<'_> {
    #[inline]
    fn is_solid(&self, cell: Cell) -> bool {
        self.level.map.is_solid(cell)
    }

    #[inline]
    fn shape(&self, cell: Cell) -> Option<&crate::grid::Mask> {
        if self.assets.shaped {
            self.level.shape(cell)
        } else {
            None
        }
    }

    /// A start inside a door's cell or a moving push wall's cell (no face: the camera stands
    /// there) is tested like any other entry, so the camera sees past the door's open part
    /// and the slab or block where they are, never a wall at distance 0. A start inside any
    /// other solid cell sees that cell.
    fn accepts(&self, hit: &Hit) -> bool {
        match self.level.map.get(hit.cell) {
            Some(Tile::Masked) => {
                let Some(face) = hit.face else { return true };
                let mut layers = self.layers.borrow_mut();
                let (list, count) = &mut *layers;
                if *count == MAX_LAYERS {
                    return true;
                }
                list[*count] = LayerHit {
                    tex: self.face_texture(hit.cell, face),
                    u: texture_u(face, hit.u),
                    depth: hit.t,
                    dark: face.is_x_face(),
                };
                *count += 1;
                false
            }
            Some(Tile::Door) => {
                let Some(&along_x) = self.assets.doors.get(&hit.cell) else {
                    return true;
                };
                let open = self.doors.open(hit.cell);
                // Past the door's edge, or through its open part: on.
                let Some(door_hit) = door_slab_hit(&UnitCells, hit, self.dir, along_x, open) else {
                    return false;
                };
                // Seen from the door's back, the texture is mirrored like a wall's.
                let d = if along_x { self.dir.y } else { self.dir.x };
                let back = if along_x { d < 0.0 } else { d > 0.0 };
                let u = if back {
                    (1.0 - door_hit.u).min(1.0 - f64::EPSILON / 2.0)
                } else {
                    door_hit.u
                };
                let tex = self.face_texture(hit.cell, Face::North);
                self.moved.set(Some((door_hit, tex, u, !along_x)));
                true
            }
            Some(Tile::PushWall) => match self.doors.moving_wall(hit.cell) {
                None => true,
                Some(corner) => self.moving_block(hit, corner),
            },
            _ => true,
        }
    }
}

impl ColumnSolidity<'_> {
    /// A moving push wall: the ray against the block's unit square at `corner`. Accepted (with
    /// the hit moved onto the block's face) when the ray meets the square inside this cell;
    /// otherwise the walk goes on (the block is met in the other cell it covers, or missed).
    fn moving_block(&self, hit: &Hit, corner: Vec2) -> bool {
        let (o, d) = (hit.origin, self.dir);
        let slab = |o: f64, d: f64, lo: f64| {
            if d == 0.0 {
                if (lo..=lo + 1.0).contains(&o) {
                    (f64::NEG_INFINITY, f64::INFINITY)
                } else {
                    (f64::INFINITY, f64::NEG_INFINITY)
                }
            } else {
                let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
                (a.min(b), a.max(b))
            }
        };
        let (x0, x1) = slab(o.x, d.x, corner.x);
        let (y0, y1) = slab(o.y, d.y, corner.y);
        let (enter, exit) = (x0.max(y0), x1.min(y1));
        if enter.is_nan() || enter > exit || enter < hit.t - 1e-9 {
            return false;
        }
        let point = o + d * enter;
        let (cx, cy) = (hit.cell.x as f64, hit.cell.y as f64);
        let within = |v: f64, lo: f64| v >= lo - 1e-9 && v <= lo + 1.0 + 1e-9;
        if !(within(point.x, cx) && within(point.y, cy)) {
            return false;
        }
        let face = if x0 >= y0 {
            if d.x > 0.0 { Face::West } else { Face::East }
        } else if d.y > 0.0 {
            Face::North
        } else {
            Face::South
        };
        let along = if face.is_x_face() {
            point.y - corner.y
        } else {
            point.x - corner.x
        };
        let mut moved = *hit;
        moved.t = enter;
        moved.point = point;
        moved.face = Some(face);
        moved.u = along.clamp(0.0, 1.0 - f64::EPSILON / 2.0);
        let tex = self.face_texture(hit.cell, face);
        self.moved.set(Some((
            moved,
            tex,
            texture_u(face, moved.u),
            face.is_x_face(),
        )));
        true
    }
}

/// What the cast pass draws every column with.
pub(super) struct CastPass<'a> {
    pub(super) level: &'a Level,
    pub(super) assets: &'a RenderAssets,
    pub(super) doors: &'a dyn MovingParts,
    pub(super) camera: &'a Camera,
    /// The light falling on walls and layers, where any is not neutral.
    pub(super) lights: Option<&'a crate::lighting::Lighting<'a>>,
    pub(super) loops: super::kernels::Loops,
    /// The frame's width and height.
    pub(super) size: (u32, u32),
    pub(super) mipmaps: bool,
}

impl CastPass<'_> {
    /// Casts the columns from `first` on, one a wall span, layers and cells walked of the
    /// task's slices, lighting and fogging each as it goes (its fogged texel runs in
    /// `fogged`).
    pub(super) fn cast(
        &self,
        (walls, layers, cells): (&mut [Span], &mut [Layers], &mut [u32]),
        first: u32,
        fogged: &mut Vec<u32>,
    ) {
        let (width, height) = self.size;
        let camera = self.camera;
        let mut before = Span::default();
        for (k, ((wall, layer), walked)) in walls.iter_mut().zip(layers).zip(cells).enumerate() {
            let x = first + k as u32;
            let cast = cast_column(self.level, self.assets, self.doors, camera, x, width);
            *wall = cast.wall_span(self.assets, camera, (width, height), self.mipmaps);
            if let (Some(lights), Some(hit)) = (self.lights, cast.hit) {
                wall.light_by(lights, hit.point, cast.ray);
            }
            wall.fog_texels(self.assets, self.loops, fogged, &before);
            before = *wall;
            cast.layer_spans(self.assets, height, layer);
            if let Some(lights) = self.lights {
                layer.light_by(lights, camera.pos, cast.ray);
            }
            *walked = cast.hit.map_or(0, |h| h.visited);
        }
    }
}

/// Casts screen column `x` of `width` for `camera`: the ray the renderer draws, and what it
/// meets. `tilecaster columns` prints these.
pub fn cast_column(
    level: &Level,
    assets: &RenderAssets,
    doors: &dyn MovingParts,
    camera: &Camera,
    x: u32,
    width: u32,
) -> ColumnCast {
    let ray = camera.ray(x, width);
    let probe = ColumnSolidity {
        level,
        assets,
        doors,
        dir: ray,
        layers: RefCell::new(([LayerHit::default(); MAX_LAYERS], 0)),
        moved: Slot::new(None),
    };
    let hit = Walk::ray(camera.pos, ray, f64::INFINITY).first_hit(&probe);
    let (layers, layer_count) = *probe.layers.borrow();
    let (hit, wall) = match (probe.moved.get(), hit) {
        (Some((door_hit, tex, u, dark)), Some(_)) => (Some(door_hit), Some((tex, u, dark))),
        (_, Some(hit)) => {
            // A shaped wall's texel: its texture wraps the outline.
            let shaped = hit.texel.zip(hit.face).and_then(|(texel, face)| {
                let style = &assets.styles[level.map.style(hit.cell) as usize];
                let (u, dark) = style.outline.as_ref()?.wrap(texel, face, hit.u)?;
                Some((probe.face_texture(hit.cell, face), u, dark))
            });
            let wall = shaped.or_else(|| {
                hit.face.map(|face| {
                    // A wall beside a door, seen from the door's cell, shows the door jamb.
                    let from = match face {
                        Face::West => Cell::new(hit.cell.x - 1, hit.cell.y),
                        Face::East => Cell::new(hit.cell.x + 1, hit.cell.y),
                        Face::North => Cell::new(hit.cell.x, hit.cell.y - 1),
                        Face::South => Cell::new(hit.cell.x, hit.cell.y + 1),
                    };
                    let tex = match assets.jamb {
                        Some(jamb) if level.map.get(from) == Some(Tile::Door) => jamb,
                        _ => probe.face_texture(hit.cell, face),
                    };
                    (tex, texture_u(face, hit.u), face.is_x_face())
                })
            });
            // A camera inside a wall sees that wall.
            (
                Some(hit),
                wall.or(Some((
                    probe.face_texture(hit.cell, Face::North),
                    0.0,
                    false,
                ))),
            )
        }
        (_, None) => (None, None),
    };
    ColumnCast {
        ray,
        hit,
        wall,
        layers,
        layer_count,
    }
}
