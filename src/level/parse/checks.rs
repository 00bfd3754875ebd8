//! Checks across the whole level: doors between walls, open edges, reachable exits, the next
//! level, positions inside the map.

#[allow(clippy::wildcard_imports)]
use super::*;

impl Parser<'_> {
    /// Doors need walls on both sides, west and east or north and south.
    pub(super) fn doors(
        &mut self,
        map: &TileMap,
        grid_start: usize,
        rows: &[Vec<(char, usize)>],
    ) -> Vec<DoorSpawn> {
        let mut doors = Vec::new();
        let wall = |x: i32, y: i32| {
            map.get(Cell::new(x, y))
                .is_none_or(|t| matches!(t, Tile::Wall | Tile::PushWall | Tile::Masked))
        };
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                let cell = Cell::new(x, y);
                if map.get(cell) != Some(Tile::Door) {
                    continue;
                }
                let key = self.styles[map.style(cell) as usize].key;
                if wall(x - 1, y) && wall(x + 1, y) {
                    doors.push(DoorSpawn {
                        cell,
                        along_x: true,
                        key,
                    });
                } else if wall(x, y - 1) && wall(x, y + 1) {
                    doors.push(DoorSpawn {
                        cell,
                        along_x: false,
                        key,
                    });
                } else {
                    let offset = cell_offset(rows, cell).unwrap_or(grid_start);
                    self.d.error_at(offset, format!("door at ({x}, {y}) needs walls on both sides: west and east, or north and south"));
                }
            }
        }
        doors
    }

    /// Warns about open cells on the grid's border (closed anyway: out of bounds is solid).
    pub(super) fn open_edges(&mut self, map: &TileMap, rows: &[Vec<(char, usize)>]) {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let mut open = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                if border && !map.is_solid(Cell::new(x, y)) {
                    open.push((x, y));
                }
            }
        }
        for &(x, y) in open.iter().take(MAX_REPEATS) {
            if let Some(offset) = cell_offset(rows, Cell::new(x, y)) {
                self.d.warning_at(offset, format!("open edge at ({x}, {y}): the map is closed there anyway (out of bounds is solid), but a wall may be missing"));
            }
        }
        if open.len() > MAX_REPEATS {
            let offset = rows[0][0].1;
            self.d.warning_at(
                offset,
                format!(
                    "{} more open edge cells not listed",
                    open.len() - MAX_REPEATS
                ),
            );
        }
    }

    /// Warns when no exit can be reached from the player's start, even through every door
    /// (locked or not) and push wall: the level could not be finished.
    pub(super) fn unreachable_exits(
        &mut self,
        map: &TileMap,
        start: crate::math::Vec2,
        exits: &[Cell],
        decorations: &[Decoration],
        rows: &[Vec<(char, usize)>],
    ) {
        let Some(first) = exits.first() else { return };
        let (w, h) = (map.width() as i32, map.height() as i32);
        // An exit switch is a wall: reached when walked up to. A barrel or a table in the way
        // closes its cell.
        let in_the_way = |c: Cell| decorations.iter().any(|d| d.kind.blocks && d.cell() == c);
        let passable = |c: Cell| {
            (matches!(map.get(c), Some(Tile::Empty | Tile::Door | Tile::PushWall))
                && !in_the_way(c))
                || exits.contains(&c)
        };
        let from = Cell::containing(start);
        if !(0..w).contains(&from.x) || !(0..h).contains(&from.y) {
            return;
        }
        let reached =
            crate::grid::shortest_path(from, (0, 0, w, h), passable, |c| exits.contains(&c));
        if reached.is_some() {
            return;
        }
        if let Some(offset) = cell_offset(rows, *first) {
            self.d.warning_at(offset, format!("the exit at ({}, {}) cannot be reached from the player's start, even through every door and push wall (decorations in the way close their cells): the level cannot be finished", first.x, first.y));
        }
    }

    /// A secret exit needs a secret level to lead to (an error), and a secret level an exit
    /// that leads there (a warning: nothing would ever reach it).
    pub(super) fn secret_exits_lead_somewhere(
        &mut self,
        raw: &RawLevel,
        secret_exits: &[Cell],
        rows: &[Vec<(char, usize)>],
    ) {
        match (secret_exits.first(), &raw.secret_next) {
            (Some(first), None) => {
                let offset = cell_offset(rows, *first).unwrap_or(raw.grid.span().start);
                self.d.error_at(offset, format!("the secret exit at ({}, {}) leads nowhere: name the secret level with `secret_next = \"FILE\"`", first.x, first.y));
            }
            (None, Some(next)) => self.d.warning_at(
                next.span().start,
                "`secret_next` names a secret level, but no exit leads there: give one exit `secret = true`",
            ),
            _ => {}
        }
    }

    /// The level that `next` (or `secret_next`: `what` says which, "next level" or "secret
    /// level") names, resolved against `base`: an error when it is missing (a warning where
    /// links are optional: [`super::Links`]) or is `this`.
    pub(super) fn next_level(
        &mut self,
        next: &Spanned<String>,
        base: &Path,
        this: &Path,
        what: &str,
    ) -> Option<std::path::PathBuf> {
        let path = base.join(next.get_ref());
        if !crate::files::is_file(&path) {
            let message = format!(
                "{what} '{}' does not exist (looked for {})",
                next.get_ref(),
                path.display()
            );
            match self.links {
                super::Links::Required => self.d.error(next.span(), message),
                super::Links::Optional => self.d.warning_at(next.span().start, message),
            }
            return None;
        }
        let same = match (path.canonicalize(), this.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            self.d.error(
                next.span(),
                format!("the {what} is this level itself: the episode would never end"),
            );
            return None;
        }
        Some(path)
    }

    pub(super) fn position(
        &mut self,
        map: &TileMap,
        p: &Spanned<Vec<f64>>,
        what: &str,
    ) -> Option<Vec2> {
        let &[x, y] = p.get_ref().as_slice() else {
            self.d.error(
                p.span(),
                format!(
                    "{what}'s position has {} numbers; it is [x, y]",
                    p.get_ref().len()
                ),
            );
            return None;
        };
        let (w, h) = (map.width() as f64, map.height() as f64);
        if !(x.is_finite() && y.is_finite() && (0.0..w).contains(&x) && (0.0..h).contains(&y)) {
            self.d.error(
                p.span(),
                format!("{what} at [{x:?}, {y:?}] is outside the map (0 <= x < {w}, 0 <= y < {h})"),
            );
            return None;
        }
        let cell = Cell::new(x as i32, y as i32);
        if map.is_solid(cell) {
            self.d.error(
                p.span(),
                format!(
                    "{what} at [{x}, {y}] is inside a wall (cell ({}, {}))",
                    cell.x, cell.y
                ),
            );
            return None;
        }
        Some(Vec2::new(x, y))
    }

    /// A decoration in the way standing where the player starts, an enemy stands or a pickup
    /// lies: the player could not move, the enemy could not walk, the pickup could not be
    /// taken. Each is an error at the decoration's cell in the grid (or the file's start, for
    /// one placed by position).
    pub(super) fn things_on_obstacles(
        &mut self,
        (start, spawns): (crate::math::Vec2, &[Placement]),
        enemies: &[EnemySpawn],
        pickups: &[PickupSpawn],
        decorations: &[Decoration],
        rows: &[Vec<(char, usize)>],
    ) {
        for d in decorations.iter().filter(|d| d.kind.blocks) {
            let c = d.cell();
            let what = if Cell::containing(start) == c {
                "the player's start"
            } else if spawns.iter().any(|s| Cell::containing(s.position) == c) {
                "a spawn point"
            } else if enemies.iter().any(|e| Cell::containing(e.at.position) == c) {
                "an enemy"
            } else if pickups.iter().any(|p| Cell::containing(p.position) == c) {
                "a pickup"
            } else {
                continue;
            };
            let offset = cell_offset(rows, c).unwrap_or(0);
            self.d.error_at(
                offset,
                format!(
                    "the {} at ({}, {}) stands in the way of {what} in the same cell: move one of them",
                    d.kind.name, c.x, c.y
                ),
            );
        }
    }
}

/// Where `cell`'s character is in the level's text: its byte offset, from the grid's rows.
fn cell_offset(rows: &[Vec<(char, usize)>], cell: Cell) -> Option<usize> {
    let row = rows.get(usize::try_from(cell.y).ok()?)?;
    row.get(usize::try_from(cell.x).ok()?).map(|&(_, o)| o)
}
