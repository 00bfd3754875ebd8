//! The editor's palette ([`Palette`]).

use std::path::Path;

use crate::frame::draw::Canvas;
use crate::frame::{Colour, Frame};
use crate::level::{BUNDLED_SHAPES, Brush, DECORATIONS, Difficulty, PickupKind, bundled_shape};
use crate::texture::{Texture, TextureSet};

/// The pixels of a swatch's side (its picture two less, inside a frame of one).
pub const SWATCH: u32 = 16;

/// The four facings, turned through in this order.
const FACINGS: [&str; 4] = ["north", "east", "south", "west"];

/// The lights offered: a colour (as written, and to draw), a radius in cells, an intensity.
const LIGHTS: [(&str, Colour, f64, f64); 4] = [
    ("#ffd9a0", Colour::rgb(255, 217, 160), 6.0, 1.0),
    ("#ffffff", Colour::WHITE, 8.0, 1.2),
    ("#80b0ff", Colour::rgb(128, 176, 255), 6.0, 1.0),
    ("#60ff80", Colour::rgb(96, 255, 128), 5.0, 0.9),
];

/// What a swatch paints (the facing, difficulty and wall texture are the palette's).
#[derive(Clone, Debug, PartialEq)]
enum Swatch {
    Floor,
    FloorOf(String),
    Wall(String),
    Door(String),
    LockedDoor(String, &'static str),
    Push(String),
    Masked(String),
    Shaped(&'static str),
    Player,
    Spawn,
    Enemy(&'static str),
    Pickup(&'static str),
    Decoration(&'static str),
    Light(usize),
    Exit,
    ExitSwitch(String),
}

/// The editor's palette: every kind of cell a level can hold, as swatches with a picture each
/// (a wall's texture, an enemy's or a pickup's sprite), in groups: floors, walls by texture,
/// doors and locked doors, push walls, see-through walls, shaped walls (of the wall texture
/// chosen last), the player's start and spawn points, enemies by kind, pickups, decorations,
/// lights, the exit. A facing (turned with [`Palette::turn`]) applies to starts, spawns and
/// enemies; a difficulty ([`Palette::harder`]) to enemies.
///
/// ```
/// use tilecaster::edit::Palette;
/// use tilecaster::level::Brush;
///
/// let mut palette = Palette::new("textures".as_ref());
/// let guard = palette.position(|b| b.label().starts_with("enemy guard")).unwrap();
/// palette.select(guard);
/// palette.turn();
/// assert_eq!(palette.brush(), Brush::enemy("guard", "east"));
/// ```
pub struct Palette {
    swatches: Vec<Swatch>,
    /// Each swatch's picture, `SWATCH - 2` pixels a side.
    pictures: Vec<Frame>,
    selected: usize,
    /// A brush taken from the map (the eyedropper), over the swatch selected.
    picked: Option<Brush>,
    facing: usize,
    difficulty: Difficulty,
    /// The texture of shaped walls: the wall chosen last.
    wall_texture: String,
    /// What lights' radius (cells) and intensity are changed by from the swatches' own.
    light_change: (f64, f64),
}

impl Palette {
    /// The palette of the textures and sprites in `texture_dir` (a level's texture folder; the
    /// bundled textures' names where it has none).
    pub fn new(texture_dir: &Path) -> Palette {
        let mut names = TextureSet::names_in(texture_dir).unwrap_or_default();
        if names.is_empty() {
            names =
                TextureSet::names_in(&crate::files::default_path("textures")).unwrap_or_default();
        }
        let mut set = TextureSet::new();
        for name in &names {
            let _ = set.load(texture_dir, name);
        }
        let see_through = |n: &str| set.get(n).is_some_and(|t| t.has_holes());
        let is_floor = |n: &str| n.starts_with("floor") || n.starts_with("ceiling");
        let is_door = |n: &str| n.starts_with("door") && n != "door_jamb";
        let walls: Vec<&String> = names
            .iter()
            .filter(|n| !is_floor(n) && !is_door(n) && !see_through(n))
            .collect();
        let doors: Vec<&String> = names.iter().filter(|n| is_door(n)).collect();
        let mut swatches = vec![Swatch::Floor];
        swatches.extend(
            names
                .iter()
                .filter(|n| is_floor(n))
                .cloned()
                .map(Swatch::FloorOf),
        );
        swatches.extend(walls.iter().map(|n| Swatch::Wall(n.to_string())));
        for door in &doors {
            swatches.push(Swatch::Door(door.to_string()));
            for key in ["gold", "silver"] {
                swatches.push(Swatch::LockedDoor(door.to_string(), key));
            }
        }
        swatches.extend(walls.iter().map(|n| Swatch::Push(n.to_string())));
        swatches.extend(
            names
                .iter()
                .filter(|n| see_through(n))
                .cloned()
                .map(Swatch::Masked),
        );
        swatches.extend(
            BUNDLED_SHAPES
                .iter()
                .map(|(shape, _)| Swatch::Shaped(shape)),
        );
        swatches.extend([Swatch::Player, Swatch::Spawn]);
        swatches.extend(
            crate::level::ENEMY_KINDS
                .iter()
                .map(|kind| Swatch::Enemy(kind)),
        );
        swatches.extend(PickupKind::ALL.iter().map(|k| Swatch::Pickup(k.name())));
        swatches.extend(DECORATIONS.iter().map(|d| Swatch::Decoration(d.name)));
        swatches.extend((0..LIGHTS.len()).map(Swatch::Light));
        swatches.push(Swatch::Exit);
        if names.iter().any(|n| n == "exit") {
            swatches.push(Swatch::ExitSwitch("exit".into()));
        }
        let wall_texture = walls
            .iter()
            .find(|n| n.as_str() == "brick")
            .or(walls.first())
            .map_or_else(|| "brick".to_string(), |n| n.to_string());
        for sprite in sprite_names(&swatches) {
            let _ = set.load_sprite(texture_dir, sprite);
        }
        let pictures = swatches.iter().map(|s| picture(s, &set)).collect();
        let selected = swatches
            .iter()
            .position(|s| *s == Swatch::Wall(wall_texture.clone()))
            .unwrap_or(0);
        Palette {
            swatches,
            pictures,
            selected,
            picked: None,
            facing: 0,
            difficulty: Difficulty::Easy,
            wall_texture,
            light_change: (0.0, 0.0),
        }
    }

    /// How many swatches it has.
    pub fn len(&self) -> usize {
        self.swatches.len()
    }

    /// Whether it has none (never: floor, the starts and the exit are always there).
    pub fn is_empty(&self) -> bool {
        self.swatches.is_empty()
    }

    /// The swatch selected.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Selects swatch `index` (the last where it is past the end).
    pub fn select(&mut self, index: usize) {
        self.selected = index.min(self.len().saturating_sub(1));
        self.picked = None;
        if let Swatch::Wall(texture) = &self.swatches[self.selected] {
            self.wall_texture = texture.clone();
        }
    }

    /// Selects the swatch `steps` after the one selected (before it where negative), round.
    pub fn step(&mut self, steps: i32) {
        let n = self.len() as i64;
        let index = (self.selected as i64 + i64::from(steps)).rem_euclid(n.max(1));
        self.select(index as usize);
    }

    /// The first swatch whose brush (at the palette's facing and difficulty) is `wanted`.
    pub fn position(&self, wanted: impl Fn(&Brush) -> bool) -> Option<usize> {
        (0..self.len()).find(|&i| wanted(&self.brush_of(i)))
    }

    /// Paints with `brush` (taken from the map) until a swatch is selected.
    pub fn pick(&mut self, brush: Brush) {
        match self.position(|b| *b == brush) {
            Some(i) => self.select(i),
            None => self.picked = Some(brush),
        }
    }

    /// Turns the facing of starts, spawns and enemies a quarter to the right.
    pub fn turn(&mut self) {
        self.facing = (self.facing + 1) % FACINGS.len();
    }

    /// The difficulty enemies are placed from next: easy (always there), normal, hard,
    /// death, and round again.
    pub fn harder(&mut self) {
        let all = Difficulty::ALL;
        let at = all.iter().position(|d| *d == self.difficulty).unwrap_or(0);
        self.difficulty = all[(at + 1) % all.len()];
    }

    /// Lights a `radius` cells wider (narrower where negative) and `intensity` brighter than
    /// before (their radius kept from 1 to 32 cells, their intensity from 0.1 to 4).
    pub fn change_lights(&mut self, radius: f64, intensity: f64) {
        let (r, i) = self.light_change;
        self.light_change = (r + radius, i + intensity);
    }

    /// What the tools paint with.
    pub fn brush(&self) -> Brush {
        match &self.picked {
            Some(brush) => brush.clone(),
            None => self.brush_of(self.selected),
        }
    }

    /// The brush of swatch `index`, at the palette's facing, difficulty and wall texture.
    pub fn brush_of(&self, index: usize) -> Brush {
        let facing = FACINGS[self.facing];
        match &self.swatches[index] {
            Swatch::Floor => Brush::floor(),
            Swatch::FloorOf(t) => Brush::floor_of(t),
            Swatch::Wall(t) => Brush::wall(t),
            Swatch::Door(t) => Brush::door(t),
            Swatch::LockedDoor(t, key) => Brush::locked_door(t, key),
            Swatch::Push(t) => Brush::push_wall(t),
            Swatch::Masked(t) => Brush::masked(t),
            Swatch::Shaped(shape) => Brush::shaped(&self.wall_texture, shape),
            Swatch::Player => Brush::player(facing),
            Swatch::Spawn => Brush::spawn(facing),
            Swatch::Enemy(kind) if self.difficulty == Difficulty::Easy => {
                Brush::enemy(kind, facing)
            }
            Swatch::Enemy(kind) => Brush::enemy_from(kind, facing, self.difficulty.name()),
            Swatch::Pickup(kind) => Brush::pickup(kind),
            Swatch::Decoration(kind) => Brush::decoration(kind),
            Swatch::Light(i) => {
                let (colour, _, radius, intensity) = LIGHTS[*i];
                let (more, brighter) = self.light_change;
                // (Rounded to a tenth: the level file says what the brush shows.)
                let tenth = |v: f64| (v * 10.0).round() / 10.0;
                Brush::light(
                    colour,
                    tenth((radius + more).clamp(1.0, 32.0)),
                    tenth((intensity + brighter).clamp(0.1, 4.0)),
                )
            }
            Swatch::Exit => Brush::exit(),
            Swatch::ExitSwitch(t) => Brush::exit_switch(t),
        }
    }

    /// The pixels of height the palette takes in a strip `width` pixels wide.
    pub fn height(&self, width: u32) -> u32 {
        let per_row = (width / SWATCH).max(1) as usize;
        self.len().div_ceil(per_row) as u32 * SWATCH
    }

    /// The swatch at frame position `(x, y)` of the palette drawn in `rect`.
    pub fn swatch_at(&self, rect: (u32, u32, u32, u32), (x, y): (f64, f64)) -> Option<usize> {
        let (left, top, width, height) = rect;
        let (dx, dy) = (x - f64::from(left), y - f64::from(top));
        if dx < 0.0 || dy < 0.0 || dx >= f64::from(width) || dy >= f64::from(height) {
            return None;
        }
        let per_row = (width / SWATCH).max(1);
        let (column, row) = (dx as u32 / SWATCH, dy as u32 / SWATCH);
        let index = (row * per_row + column) as usize;
        (column < per_row && index < self.len()).then_some(index)
    }

    /// Draws the swatches into `rect` of `frame`, the one selected framed in yellow.
    pub fn draw(&self, frame: &mut Frame, rect: (u32, u32, u32, u32)) {
        let per_row = (rect.2 / SWATCH).max(1) as usize;
        let mut canvas = Canvas::clipped(frame, rect);
        for (i, picture) in self.pictures.iter().enumerate() {
            let x = i64::from(rect.0) + ((i % per_row) as u32 * SWATCH) as i64;
            let y = i64::from(rect.1) + ((i / per_row) as u32 * SWATCH) as i64;
            let side = i64::from(SWATCH);
            let edge = if i == self.selected && self.picked.is_none() {
                Colour::rgb(255, 220, 40)
            } else {
                Colour::rgb(40, 40, 52)
            };
            canvas.fill_rect(x, y, side, side, edge);
            canvas.fill_rect(x + 1, y + 1, side - 2, side - 2, Colour::rgb(0, 0, 0));
            let inner = SWATCH - 2;
            canvas.picture(
                picture,
                (0, 0, inner, inner),
                x + 1,
                y + 1,
                side - 2,
                side - 2,
            );
        }
    }
}

/// The square of `texture` its opaque texels fit in: its left, top and side.
fn opaque_square(texture: &Texture) -> (u32, u32, u32) {
    let size = texture.size();
    let opaque = |x: u32, y: u32| texture.texel(x, y).to_le_bytes()[3] >= 128;
    let (mut x0, mut y0, mut x1, mut y1) = (size, size, 0, 0);
    for y in 0..size {
        for x in 0..size {
            if opaque(x, y) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
            }
        }
    }
    if x1 <= x0 || y1 <= y0 {
        return (0, 0, size);
    }
    let extent = (x1 - x0).max(y1 - y0);
    // Centred on the figure, kept within the texture where it can be.
    let left = ((x0 + x1) / 2).saturating_sub(extent / 2);
    let top = ((y0 + y1) / 2).saturating_sub(extent / 2);
    (left, top, extent)
}

/// The sprite sheets the swatches show.
fn sprite_names(swatches: &[Swatch]) -> impl Iterator<Item = &'static str> + '_ {
    swatches.iter().filter_map(|s| match s {
        Swatch::Enemy(k) | Swatch::Pickup(k) | Swatch::Decoration(k) => Some(*k),
        Swatch::Light(_) => Some("lamp"),
        _ => None,
    })
}

/// A swatch's picture: its texture or sprite scaled down, else a plain tile of its colour.
fn picture(swatch: &Swatch, set: &TextureSet) -> Frame {
    let side = SWATCH - 2;
    let mut frame = Frame::new(side, side).unwrap_or_else(|e| unreachable!("{e}"));
    let texture = |name: &str| set.get(name).map(|t| t.as_ref());
    let sprite = |name: &str| set.sprite(name).map(|s| s.frame(0, 0));
    let (shown, tint): (Option<&Texture>, Option<Colour>) = match swatch {
        Swatch::Floor => (None, Some(Colour::rgb(70, 70, 80))),
        Swatch::FloorOf(t) | Swatch::Wall(t) | Swatch::Masked(t) | Swatch::ExitSwitch(t) => {
            (texture(t), None)
        }
        Swatch::Door(t) => (texture(t), None),
        Swatch::LockedDoor(t, "gold") => (texture(t), Some(Colour::rgb(255, 200, 40))),
        Swatch::LockedDoor(t, _) => (texture(t), Some(Colour::rgb(190, 200, 220))),
        Swatch::Push(t) => (texture(t), Some(Colour::rgb(200, 60, 200))),
        Swatch::Shaped(_) => (None, None),
        Swatch::Player | Swatch::Spawn => (None, None),
        Swatch::Enemy(k) | Swatch::Pickup(k) | Swatch::Decoration(k) => (sprite(k), None),
        Swatch::Light(_) => (sprite("lamp"), None),
        Swatch::Exit => (None, Some(Colour::rgb(40, 200, 90))),
    };
    if let Some(texture) = shown {
        // A sprite's figure fills the swatch (its frame is mostly empty), a texture its whole.
        let (x0, y0, extent) = opaque_square(texture);
        for y in 0..side {
            for x in 0..side {
                let (u, v) = (x0 + x * extent / side, y0 + y * extent / side);
                if u >= texture.size() || v >= texture.size() {
                    continue;
                }
                let texel = texture.texel(u, v).to_le_bytes();
                if texel[3] >= 128 {
                    frame.pixels_mut()[(y * side + x) as usize] =
                        Colour::rgb(texel[0], texel[1], texel[2]).packed();
                }
            }
        }
    }
    let mut canvas = Canvas::new(&mut frame);
    let s = i64::from(side);
    match swatch {
        Swatch::Shaped(shape) => {
            if let Some(mask) = bundled_shape(shape) {
                for y in 0..side {
                    for x in 0..side {
                        let (u, v) = (
                            (f64::from(x) + 0.5) / f64::from(side),
                            (f64::from(y) + 0.5) / f64::from(side),
                        );
                        if mask.is_solid_at(u, v) {
                            canvas.put(i64::from(x), i64::from(y), Colour::rgb(170, 160, 150));
                        }
                    }
                }
            }
        }
        // A marker in a corner: the key's colour, the push wall's, the light's own.
        Swatch::LockedDoor(..) | Swatch::Push(_) => {
            if let Some(tint) = tint {
                canvas.fill_rect(s - 5, 0, 5, 5, tint);
            }
        }
        Swatch::Light(i) => {
            canvas.fill_rect(0, s - 4, s, 4, LIGHTS[*i].1);
        }
        // An arrow pointing north: the player's start green, a spawn point blue.
        Swatch::Player | Swatch::Spawn => {
            let colour = match swatch {
                Swatch::Player => Colour::rgb(60, 220, 90),
                _ => Colour::rgb(80, 160, 255),
            };
            let mid = s / 2;
            for row in 0..s - 3 {
                let half = (row / 2).min(mid - 2);
                canvas.fill_rect(mid - half, row + 2, half * 2, 1, colour);
            }
            canvas.fill_rect(mid - 2, mid, 4, s - mid - 1, colour);
        }
        Swatch::Floor | Swatch::Exit => {
            if let Some(tint) = tint {
                canvas.fill_rect(2, 2, s - 4, s - 4, tint);
            }
        }
        _ => {}
    }
    frame
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled() -> Palette {
        Palette::new(&crate::files::default_path("textures"))
    }

    #[test]
    fn every_swatch_paints_a_brush_a_level_accepts() {
        let palette = bundled();
        for i in 0..palette.len() {
            let brush = palette.brush_of(i);
            // A corridor a cell wide (walls on both sides, as a door wants), the start at
            // its middle; the brush painted north of it.
            let mut draft = crate::level::Draft::new(
                "levels/palette-test.toml".as_ref(),
                "Palette",
                3,
                5,
                &Brush::wall("brick"),
            );
            draft.paint(crate::grid::Cell::new(1, 1), &brush).unwrap();
            if brush.is_start() {
                draft
                    .paint(crate::grid::Cell::new(1, 2), &Brush::floor())
                    .unwrap();
            }
            if let Err(e) = draft.check() {
                panic!("{}: {e}", brush.written());
            }
        }
    }

    #[test]
    fn facing_and_difficulty_apply_to_the_brushes_that_have_them() {
        let mut p = bundled();
        let dog = p
            .position(|b| b.label() == "enemy dog facing north")
            .unwrap();
        p.select(dog);
        p.turn();
        p.turn();
        p.harder();
        p.harder();
        assert_eq!(p.brush(), Brush::enemy_from("dog", "south", "hard"));
        let start = p.position(|b| b.label().starts_with("player")).unwrap();
        p.select(start);
        assert_eq!(p.brush(), Brush::player("south"));
        let light = p.position(|b| b.written().contains("\"#ffffff\"")).unwrap();
        p.select(light);
        p.change_lights(2.0, 0.3);
        p.change_lights(0.0, 0.1);
        assert_eq!(p.brush(), Brush::light("#ffffff", 10.0, 1.6));
        p.change_lights(-40.0, 0.0);
        assert_eq!(
            p.brush(),
            Brush::light("#ffffff", 1.0, 1.6),
            "at least a cell"
        );
        p.select(start);
        p.pick(Brush::parse("{ wall = \"stone\", faces = { north = \"banner\" } }").unwrap());
        assert!(
            p.brush().written().contains("banner"),
            "picked from the map"
        );
        p.step(1);
        assert_eq!(p.selected(), start + 1);
        assert_ne!(p.brush(), Brush::player("south"));
    }

    #[test]
    fn a_swatch_is_found_where_it_is_drawn() {
        let palette = bundled();
        let rect = (10, 20, 100, palette.height(100));
        assert_eq!(palette.swatch_at(rect, (10.0, 20.0)), Some(0));
        assert_eq!(palette.swatch_at(rect, (27.0, 37.0)), Some(7), "6 a row");
        assert_eq!(palette.swatch_at(rect, (9.0, 20.0)), None);
        assert_eq!(
            palette.swatch_at(rect, (106.0, 20.0)),
            None,
            "past the sixth"
        );
        let mut frame = Frame::new(120, 20 + rect.3).unwrap();
        palette.draw(&mut frame, rect);
        assert_eq!(
            frame.colour(10, 20),
            Colour::rgb(40, 40, 52),
            "floor's edge"
        );
    }
}
