//! The top-down map view: the same world as the first-person view, from above, drawn from the
//! same data. The renderer's own column rays end at their true hits; the traversal debugger
//! shows the cells each recent query walked, where it crossed boundaries and what stopped it;
//! the visibility polygon shades what the player sees now, and the automap what they have
//! seen before. It fills a whole frame (Tab) or a corner of one (the minimap).

use super::GameParts;
use crate::frame::draw::Canvas;
use crate::frame::{Colour, Frame};
use crate::game::{EnemyState, Game, Input, TRACE_TICKS, TraceKind, Weapon};
use crate::geom::{Vec2, visibility_polygon};
use crate::grid::{Cell, Solidity};
use crate::map::Tile;
use crate::render::{RenderAssets, cast_column};

// The minimap's corner is a setting the player keeps.
pub use crate::settings::Corner;

/// Where the minimap goes: a square in a corner of the frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Minimap {
    /// Which corner.
    pub corner: Corner,
    /// Its side as a fraction of the frame's height (0.05 to 1).
    pub size: f64,
    /// Rows at the bottom of the frame it keeps clear of (the status bar's).
    pub bottom_margin: u32,
}

impl Default for Minimap {
    fn default() -> Minimap {
        Minimap {
            corner: Corner::TopRight,
            size: 0.25,
            bottom_margin: 0,
        }
    }
}

/// Which part of the world the view shows, and where in the frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    /// The world point at the viewport's centre.
    pub centre: Vec2,
    /// Pixels per tile.
    pub scale: f64,
    /// The viewport in the frame: left, top, width, height (pixels).
    pub rect: (u32, u32, u32, u32),
}

impl MapView {
    /// The whole map of `game`, fitted into `frame` with a margin.
    pub fn fit(game: &Game, frame: &Frame) -> MapView {
        let (w, h) = (
            game.level.map.width().max(1) as f64,
            game.level.map.height().max(1) as f64,
        );
        let scale = (frame.width() as f64 / (w + 1.0)).min(frame.height() as f64 / (h + 1.0));
        MapView {
            centre: Vec2::new(w / 2.0, h / 2.0),
            scale,
            rect: (0, 0, frame.width(), frame.height()),
        }
    }

    /// Following the player at `scale` pixels per tile, over the whole `frame`.
    pub fn follow(game: &Game, frame: &Frame, scale: f64) -> MapView {
        MapView {
            centre: game.seat().player.position,
            scale,
            rect: (0, 0, frame.width(), frame.height()),
        }
    }

    /// The minimap: following the player at `scale` pixels per tile in a square in a corner
    /// of `frame`, as `place` says.
    pub fn minimap(game: &Game, frame: &Frame, scale: f64, place: Minimap) -> MapView {
        let size = if place.size.is_finite() {
            place.size.clamp(0.05, 1.0)
        } else {
            0.25
        };
        let usable_h = frame.height().saturating_sub(place.bottom_margin).max(1);
        let side = ((f64::from(frame.height()) * size) as u32)
            .max(16)
            .min(frame.width())
            .min(usable_h);
        let margin = 4.min(frame.width() - side).min(usable_h - side);
        let (left, top) = (margin, margin);
        let right = frame.width() - side - margin;
        let bottom = usable_h - side - margin;
        let (x, y) = match place.corner {
            Corner::TopLeft => (left, top),
            Corner::TopRight => (right, top),
            Corner::BottomLeft => (left, bottom),
            Corner::BottomRight => (right, bottom),
        };
        MapView {
            centre: game.seat().player.position,
            scale,
            rect: (x, y, side, side),
        }
    }

    /// Zoomed by `factor` about the viewport's centre (clamped to 2 to 64 pixels per tile).
    pub fn zoomed(self, factor: f64) -> MapView {
        let scale = (self.scale * factor).clamp(2.0, 64.0);
        MapView { scale, ..self }
    }

    /// Panned by `offset` tiles.
    pub fn panned(self, offset: Vec2) -> MapView {
        MapView {
            centre: self.centre + offset,
            ..self
        }
    }

    /// Where world point `p` lands in the frame.
    pub fn screen_point(&self, p: Vec2) -> (f64, f64) {
        let (x, y, w, h) = self.rect;
        (
            x as f64 + w as f64 / 2.0 + (p.x - self.centre.x) * self.scale,
            y as f64 + h as f64 / 2.0 + (p.y - self.centre.y) * self.scale,
        )
    }

    /// The world point at frame position `(x, y)` (pixels, fractions allowed).
    pub fn world_at(&self, x: f64, y: f64) -> Vec2 {
        let (rx, ry, w, h) = self.rect;
        let inv = 1.0 / self.scale;
        Vec2::new(
            self.centre.x + (x - rx as f64 - w as f64 / 2.0) * inv,
            self.centre.y + (y - ry as f64 - h as f64 / 2.0) * inv,
        )
    }

    /// The world point under the centre of frame pixel `(x, y)`.
    fn world_point(&self, x: u32, y: u32) -> Vec2 {
        let (rx, ry, w, h) = self.rect;
        let inv = 1.0 / self.scale;
        Vec2::new(
            self.centre.x + (x as f64 + 0.5 - rx as f64 - w as f64 / 2.0) * inv,
            self.centre.y + (y as f64 + 0.5 - ry as f64 - h as f64 / 2.0) * inv,
        )
    }
}

/// What to draw over the map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapLayers {
    /// The player's field of view: every `rays_every`th column ray of a `columns`-wide view
    /// with `fov` degrees, ending at its hit (0: none).
    pub rays_every: u32,
    /// The first-person view's width in columns (for the rays).
    pub columns: u32,
    /// The first-person view's field of view, degrees.
    pub fov: f64,
    /// Shade what the player does not see now (the visibility polygon).
    pub visibility: bool,
    /// Hide what the player has never seen (the automap).
    pub automap: bool,
    /// The traversal debugger: the game's recent traces, and each enemy's line to the player
    /// (green where it sees them, red where something is in the way).
    pub debug: bool,
    /// The ray probe: a ray from the player toward a point, walked cell by cell.
    pub probe: Option<RayProbe>,
}

/// The ray probe of the top-down view (the traversal as a teaching tool): the ray from the
/// player toward `target`, its cells up to the first solid one, and the DDA's variables at the
/// current step as text: the cell, the step direction, the distances to the next x and y
/// boundaries (the side distances), a cell's width along the ray (the delta distances), `t`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayProbe {
    /// Where the ray points (world units).
    pub target: Vec2,
    /// How many cells of the walk are shown: `None` for all of them up to the hit.
    pub steps: Option<usize>,
}

/// One step of a probe's walk: its cell, how it was entered, `t`, and the side distances from
/// that cell (`t` of the next x and y boundaries).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbeStep {
    /// The cell.
    pub cell: Cell,
    /// How the walk arrived in it.
    pub via: crate::grid::Via,
    /// Where it was entered, in units of the ray's direction (tiles: the direction is a unit
    /// vector).
    pub t: f64,
    /// `t` at the next x boundary and the next y boundary from this cell.
    pub side: (f64, f64),
}

/// The walk of a probe from `from` toward `target` up to the first cell `solid` blocks
/// (included), with the side distances at each step.
pub fn probe_steps<S: Solidity + ?Sized>(solid: &S, from: Vec2, target: Vec2) -> Vec<ProbeStep> {
    let d = target - from;
    let length = d.length();
    if !(length > 0.0 && length.is_finite()) {
        return Vec::new();
    }
    let dir = d * (1.0 / length);
    let mut steps = Vec::new();
    let side = |cell: Cell| {
        let next = |c: i32, o: f64, d: f64| {
            if d > 0.0 {
                (f64::from(c + 1) - o) / d
            } else if d < 0.0 {
                (f64::from(c) - o) / d
            } else {
                f64::INFINITY
            }
        };
        (next(cell.x, from.x, dir.x), next(cell.y, from.y, dir.y))
    };
    let mut corner_x = None;
    for e in crate::grid::Walk::ray(from, dir, 256.0) {
        steps.push(ProbeStep {
            cell: e.cell,
            via: e.via,
            t: e.t,
            side: side(e.cell),
        });
        // The walk's hit rule: a solid cell entered, or both corner neighbours solid.
        let blocked = match e.via {
            crate::grid::Via::CornerX => {
                corner_x = Some(e.cell);
                false
            }
            crate::grid::Via::CornerY => {
                corner_x.is_some_and(|x| solid.is_solid(x)) && solid.is_solid(e.cell)
            }
            _ => solid.is_solid(e.cell),
        };
        if blocked {
            break;
        }
    }
    steps
}

impl MapLayers {
    /// The map with the field of view's rays only.
    pub fn rays(fov: f64, columns: u32, every: u32) -> MapLayers {
        MapLayers {
            rays_every: every,
            columns,
            fov,
            visibility: false,
            automap: false,
            debug: false,
            probe: None,
        }
    }
}

/// The colour of the map at world point `p` in cell `cell`.
fn cell_colour(game: &Game, view: &MapView, p: Vec2, cell: Cell) -> Colour {
    match game.level.map.get(cell) {
        None => Colour::rgb(12, 12, 16),
        Some(Tile::Empty) => {
            let edge = (p.x - p.x.floor()).min(p.y - p.y.floor()) * view.scale < 1.0;
            if edge {
                Colour::rgb(40, 40, 46)
            } else {
                Colour::rgb(28, 28, 34)
            }
        }
        Some(Tile::Wall) => match game.level.shape(cell) {
            // A shaped wall: its mask, texel by texel; the open part as floor.
            Some(mask) if !mask.is_solid_at(p.x - p.x.floor(), p.y - p.y.floor()) => {
                Colour::rgb(28, 28, 34)
            }
            _ => Colour::rgb(150, 140, 130),
        },
        Some(Tile::PushWall) => Colour::rgb(120, 110, 100),
        Some(Tile::Masked) => {
            let bar = ((p.x + p.y) * 4.0).floor() as i64 % 2 == 0;
            if bar {
                Colour::rgb(110, 110, 120)
            } else {
                Colour::rgb(28, 28, 34)
            }
        }
        Some(Tile::Door) => {
            if game.doors.open_fraction(cell) >= 1.0 {
                Colour::rgb(30, 70, 80)
            } else {
                Colour::rgb(60, 150, 170)
            }
        }
    }
}

/// Draws the map of `game` into `view`'s viewport of `frame`: cells by kind (open doors by how
/// open they are), then the `layers`, then the pickups, projectiles, enemies with their facing,
/// and the player.
pub fn draw_map(
    frame: &mut Frame,
    game: &Game,
    assets: &RenderAssets,
    lights: Option<&crate::lighting::LightMap>,
    view: &MapView,
    layers: &MapLayers,
) {
    let (w, h) = (frame.width(), frame.height());
    let blocking = game.blocking();
    let (mw, mh) = (
        game.level.map.width() as u32,
        game.level.map.height() as u32,
    );
    let seen = layers.visibility.then(|| {
        visibility_polygon(
            &blocking,
            (mw, mh),
            game.seat().player.position,
            f64::INFINITY,
        )
    });
    draw_cells(frame, game, lights, view, (layers, seen.as_ref()));
    let mut pen = Pen {
        canvas: Canvas::clipped(frame, view.rect),
        view,
    };
    // The field of view: the renderer's own rays.
    let camera = super::camera(game, layers.fov);
    let parts = GameParts(game);
    if layers.rays_every > 0 {
        for x in (0..layers.columns).step_by(layers.rays_every as usize) {
            let cast = cast_column(&game.level, assets, &parts, &camera, x, layers.columns);
            if let Some(hit) = cast.hit {
                let end = camera.pos + cast.ray * hit.t;
                pen.line(camera.pos, end, Colour::rgb(230, 200, 60));
            }
        }
    }
    // The traversal debugger's traces, above the field of view's rays.
    if layers.debug {
        pen.traces(game);
    }
    if let Some(probe) = &layers.probe {
        pen.probe(&blocking, game.seat().player.position, probe);
    }
    // Sight lines: every enemy's with the debugger, else (on the automap) only those of the
    // enemies the player has spotted.
    {
        let spotted = |e: &&crate::game::Enemy| layers.debug || (layers.automap && e.spotted);
        for e in game.enemies.iter().filter(|e| e.alive()).filter(spotted) {
            let colour = if e.sees(game.seat().player.position, &blocking) {
                Colour::rgb(80, 230, 90)
            } else {
                Colour::rgb(200, 50, 50)
            };
            pen.line(e.position, game.seat().player.position, colour);
        }
    }
    pen.things(game, layers, &camera);
    // The minimap's frame.
    if view.rect != (0, 0, w, h) {
        pen.canvas.outline(Colour::rgb(200, 200, 210));
    }
}

/// The map's cells into `view`'s viewport of `frame`, row by row (contiguous writes): each
/// by its kind, hidden where the automap has not seen it, lit by the level's `lights`, dimmed
/// outside what the player sees (`seen`, where that layer is on).
fn draw_cells(
    frame: &mut Frame,
    game: &Game,
    lights: Option<&crate::lighting::LightMap>,
    view: &MapView,
    (layers, seen): (&MapLayers, Option<&crate::geom::Visibility>),
) {
    let (w, h) = (frame.width(), frame.height());
    let (rx, ry, rw, rh) = view.rect;
    let (x1, y1) = ((rx + rw).min(w), (ry + rh).min(h));
    let blocking = game.blocking();
    let solid = |c: Cell| blocking.is_solid(c);
    let row_pixels = w as usize;
    for y in ry..y1 {
        let row = &mut frame.pixels_mut()[y as usize * row_pixels..(y as usize + 1) * row_pixels];
        for x in rx..x1 {
            let p = view.world_point(x, y);
            let cell = Cell::containing(p);
            let hidden = layers.automap && !game.is_explored(cell);
            let mut colour = if hidden {
                Colour::rgb(8, 8, 10)
            } else {
                cell_colour(game, view, p, cell)
            };
            // The lights: each one's reach (its visibility polygon) lit on the floor, as the
            // eye's view lights it.
            // (The floor drawn lighter first, so that the light shows on the map's dark floor.)
            if let (Some(lights), false) = (lights, solid(cell) || hidden) {
                colour = Colour::from_packed(crate::lighting::apply(
                    lights.factor_at(p),
                    colour.mixed(Colour::rgb(150, 150, 150), 0.6).packed(),
                ));
            }
            if let Some(seen) = seen {
                if !seen.contains(p) {
                    colour = colour.scaled(0.45);
                } else if !solid(cell) {
                    colour = colour.mixed(Colour::rgb(255, 240, 180), 0.12);
                }
            }
            row[x as usize] = colour.packed();
        }
    }
}

impl Pen<'_> {
    /// The things on the map: decorations (those in the way large and brown, the others small
    /// and grey), lights, pickups, projectiles, enemies (red when they chase or shoot), the
    /// other players and the player seen through `camera`. With the automap, only things on
    /// explored ground.
    fn things(&mut self, game: &Game, layers: &MapLayers, camera: &crate::render::Camera) {
        let pen = self;
        let shown = |p: Vec2| !layers.automap || game.is_explored(Cell::containing(p));
        // Rings, not discs, so that none is taken for an enemy.
        for d in game.level.decorations.iter().filter(|d| shown(d.position)) {
            match d.kind.blocks {
                true => pen.ring(d.position, 0.32, Colour::rgb(190, 170, 120)),
                false => pen.ring(d.position, 0.12, Colour::rgb(110, 110, 105)),
            }
        }
        // Each light: a small star of its colour where it stands.
        for l in game.level.each_light().filter(|l| shown(l.position)) {
            for (dx, dy) in [(0.18, 0.0), (0.0, 0.18), (0.13, 0.13), (0.13, -0.13)] {
                let d = Vec2::new(dx, dy);
                pen.line(l.position - d, l.position + d, l.colour);
            }
        }
        for p in game.pickups_lying().filter(|p| shown(p.position)) {
            pen.disc(p.position, 0.15, Colour::rgb(90, 200, 90));
        }
        for p in &game.projectiles {
            pen.disc(p.position, 0.12, Colour::rgb(255, 150, 40));
        }
        // Enemies the player has not spotted stay hidden on the automap (all with the debugger).
        let enemy_shown = |e: &&crate::game::Enemy| {
            !layers.automap || layers.debug || (e.spotted && shown(e.position))
        };
        for e in game.enemies.iter().filter(enemy_shown) {
            let colour = match e.state {
                EnemyState::Dead | EnemyState::Dying => Colour::rgb(90, 40, 40),
                EnemyState::Chase | EnemyState::Attack | EnemyState::Pain | EnemyState::Cover => {
                    Colour::rgb(240, 60, 50)
                }
                _ => Colour::rgb(200, 120, 60),
            };
            pen.disc(e.position, 0.3, colour);
            if e.alive() {
                let ahead = e.position + Vec2::from_angle_degrees(e.facing) * 0.6;
                pen.line(e.position, ahead, colour);
            }
        }
        // The other players of a game of several (team mates in co-op), always shown, in their
        // seats' colours, dimmed while dead.
        let viewer = game.viewer.min(game.seats.len() - 1);
        for (seat, s) in game.seats.iter().enumerate().filter(|&(k, _)| k != viewer) {
            let c = crate::level::SEAT_COLOURS[game.seat_colour(seat)];
            let colour = if s.dead() {
                Colour::rgb(c.r / 3, c.g / 3, c.b / 3)
            } else {
                c
            };
            let at = s.player.position;
            pen.disc(at, 0.25, colour);
            pen.line(at, at + s.player.direction() * 0.7, colour);
        }
        pen.disc(camera.pos, 0.25, Colour::rgb(255, 255, 255));
        pen.line(
            camera.pos,
            camera.pos + camera.dir * 0.7,
            Colour::rgb(255, 255, 255),
        );
    }
}

/// Draws world shapes into a view's viewport, clipped to it.
struct Pen<'a> {
    canvas: Canvas<'a>,
    view: &'a MapView,
}

impl Pen<'_> {
    /// The game's recent traversal traces, newest brightest: cells walked (faint), boundary
    /// crossings (dots), the path, and the hit (a ring).
    /// The ray probe: the walked cells tinted (the current one brighter), the ray up to the
    /// current step, and the DDA's variables in the viewport's top-left corner.
    fn probe<S: Solidity + ?Sized>(&mut self, solid: &S, from: Vec2, probe: &RayProbe) {
        let steps = probe_steps(solid, from, probe.target);
        let Some(last) = steps.len().checked_sub(1) else {
            return;
        };
        let current = probe.steps.map_or(last, |n| n.clamp(1, steps.len()) - 1);
        let colour = Colour::rgb(120, 200, 255);
        for (i, s) in steps.iter().enumerate().take(current + 1) {
            let amount = if i == current { 0.55 } else { 0.25 };
            self.tint_cell(s.cell, colour, amount);
        }
        let dir = (probe.target - from) * (1.0 / (probe.target - from).length());
        let now = &steps[current];
        let reach = if probe.steps.is_none() {
            now.t
        } else {
            now.side.0.min(now.side.1)
        };
        self.line(from, from + dir * reach.min(256.0), Colour::WHITE);
        self.ring(probe.target, 0.2, colour);
        let step = |d: f64| if d < 0.0 { "-1" } else { "+1" };
        let delta = |d: f64| {
            if d == 0.0 {
                f64::INFINITY
            } else {
                1.0 / d.abs()
            }
        };
        let number = |v: f64| {
            if v.is_finite() {
                format!("{v:.3}")
            } else {
                "INF".into()
            }
        };
        let lines = [
            format!("STEP {} OF {}", current + 1, steps.len()),
            format!("CELL ({}, {})  {:?}", now.cell.x, now.cell.y, now.via),
            format!("STEP X {}  Y {}", step(dir.x), step(dir.y)),
            format!("SIDE X {}  Y {}", number(now.side.0), number(now.side.1)),
            format!(
                "DELTA X {}  Y {}",
                number(delta(dir.x)),
                number(delta(dir.y))
            ),
            format!("T {}", number(now.t)),
            if current == last && solid.is_solid(now.cell) {
                "HIT".to_string()
            } else {
                ". NEXT STEP  , BACK".to_string()
            },
        ];
        let (x, y, _, _) = self.view.rect;
        // On a dark panel, so that the text reads over any wall.
        let width = lines
            .iter()
            .map(|l| crate::frame::draw::text_width(l, 2))
            .max()
            .unwrap_or(0);
        let (left, top) = (i64::from(x) + 2, i64::from(y) + 2);
        self.canvas.mix_rect(
            left..left + i64::from(width) + 8,
            top..top + lines.len() as i64 * 14 + 6,
            Colour::BLACK,
            0.7,
        );
        for (i, line) in lines.iter().enumerate() {
            let top = i64::from(y) + 6 + i as i64 * 14;
            self.canvas
                .text(i64::from(x) + 6, top, line, Colour::rgb(220, 235, 255), 2);
        }
    }

    fn traces(&mut self, game: &Game) {
        for trace in &game.traces {
            let age = game.ticks.saturating_sub(trace.tick) as f64 / TRACE_TICKS as f64;
            let fade = (1.0 - age).clamp(0.2, 1.0);
            let colour = match trace.kind {
                TraceKind::Bullet => Colour::rgb(255, 230, 90),
                TraceKind::Projectile => Colour::rgb(255, 140, 40),
                TraceKind::Sight if trace.hit.is_none() => Colour::rgb(80, 230, 90),
                TraceKind::Sight => Colour::rgb(200, 60, 60),
            };
            for &cell in &trace.cells {
                self.tint_cell(cell, colour, 0.22 * fade);
            }
            self.line(trace.from, trace.to, colour.scaled(fade));
            for &c in &trace.crossings {
                self.disc(c, 0.0, Colour::WHITE);
            }
            if let Some(hit) = trace.hit {
                self.ring(hit, 0.18, colour);
            }
        }
    }

    /// Mixes `colour` into the cell's pixels by `amount`.
    fn tint_cell(&mut self, cell: Cell, colour: Colour, amount: f64) {
        let (ax, ay) = self
            .view
            .screen_point(Vec2::new(cell.x as f64, cell.y as f64));
        let s = self.view.scale;
        let xs = ax.round() as i64..(ax + s).round() as i64;
        let ys = ay.round() as i64..(ay + s).round() as i64;
        self.canvas.mix_rect(xs, ys, colour, amount);
    }

    /// A filled circle of `radius` tiles (at least a few pixels across).
    fn disc(&mut self, centre: Vec2, radius: f64, colour: Colour) {
        let (cx, cy) = self.view.screen_point(centre);
        let r = (radius * self.view.scale).max(1.5);
        self.canvas.disc(cx, cy, r, colour);
    }

    /// A one-pixel circle of `radius` tiles.
    fn ring(&mut self, centre: Vec2, radius: f64, colour: Colour) {
        let (cx, cy) = self.view.screen_point(centre);
        let r = (radius * self.view.scale).max(3.0);
        self.canvas.ring(cx, cy, r, colour);
    }

    /// A one-pixel line between two world points.
    fn line(&mut self, a: Vec2, b: Vec2, colour: Colour) {
        let (from, to) = (self.view.screen_point(a), self.view.screen_point(b));
        self.canvas.line(from, to, colour);
    }
}

/// What the top-down debugger shows (`render --view topdown --layers debug`): with tracing on,
/// the player in `game` fires a pistol shot and then a fireball from where they stand, and 20
/// ticks run (the fireball's steps, and the enemies' looks at the player, are traced
/// meanwhile).
pub fn stage_debug_shots(game: &mut Game) {
    game.tracing = true;
    game.seat_mut().player.ammo = game.seat().player.ammo.max(3);
    game.seat_mut().player.rounds = game.seat().player.rounds.max(1);
    game.seat_mut().player.arm(Weapon::Launcher);
    for weapon in [Weapon::Pistol, Weapon::Launcher] {
        game.tick(&Input {
            fire: true,
            weapon: weapon.number(),
            ..Input::default()
        });
        // The trigger let go between the two.
        game.tick(&Input::default());
    }
    for _ in 0..20 {
        game.tick(&Input::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_walks_to_the_first_wall_with_the_side_distances() {
        let walls = |c: Cell| c.x >= 3;
        let steps = probe_steps(&walls, Vec2::new(0.5, 0.5), Vec2::new(9.5, 0.5));
        let cells: Vec<Cell> = steps.iter().map(|s| s.cell).collect();
        assert_eq!(cells, (0..=3).map(|x| Cell::new(x, 0)).collect::<Vec<_>>());
        // From the start cell the next x boundary is half a tile away; each later one a tile on.
        assert_eq!(steps[0].side.0, 0.5);
        assert_eq!(steps[1].side.0, 1.5);
        assert_eq!(steps[1].t, 0.5);
        assert_eq!(steps[0].side.1, f64::INFINITY, "no motion along y");
        // No direction: no walk.
        assert!(probe_steps(&walls, Vec2::new(0.5, 0.5), Vec2::new(0.5, 0.5)).is_empty());
    }
}

#[cfg(test)]
mod team_tests {
    use super::*;
    use crate::level::{SEAT_COLOURS, load_with_textures};

    /// The automap shows the other players of a game of several in their seats' colours
    /// wherever they are, explored or not; the viewer stays white.
    #[test]
    fn the_map_shows_team_mates_in_their_colours() {
        let loaded = load_with_textures(std::path::Path::new("levels/e1m1.toml"), None).unwrap();
        let assets = RenderAssets::new(&loaded.level, &loaded.textures);
        let mut game = Game::new(loaded.level.clone()).seated(3);
        // Seat 2 far off in a part of the level nobody has seen.
        let far = Vec2::new(40.5, 23.5);
        assert!(!game.is_explored(Cell::containing(far)));
        game.seats[2].player.position = far;
        let mut frame = Frame::new(640, 400).unwrap();
        let view = MapView::fit(&game, &frame);
        let layers = MapLayers {
            automap: true,
            ..MapLayers::rays(66.0, 640, 0)
        };
        draw_map(&mut frame, &game, &assets, None, &view, &layers);
        let pixel = |p: Vec2| {
            let (x, y) = view.screen_point(p);
            frame.colour(x as u32, y as u32)
        };
        for seat in [1, 2] {
            let c = SEAT_COLOURS[seat];
            assert_eq!(pixel(game.seats[seat].player.position), c, "seat {seat}");
        }
        assert_eq!(pixel(game.seats[0].player.position), Colour::WHITE);
    }
}
