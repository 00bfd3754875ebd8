//! The legend: what each grid character stands for, one entry at a time.

#[allow(clippy::wildcard_imports)]
use super::*;

/// What a legend character stands for.
#[derive(Clone, Debug)]
pub(super) enum Meaning {
    Floor,
    Solid(Tile),
    /// A wall that ends the level when used.
    Switch,
    Player(f64),
    /// A deathmatch spawn point, facing this way.
    Spawn(f64),
    Enemy(String, f64, EnemyMode, Option<Difficulty>),
    Pickup(PickupKind, Option<Difficulty>),
    Decoration(DecorationKind),
    Exit,
}

/// A legend entry, resolved.
pub(super) struct Symbol {
    pub(super) meaning: Meaning,
    pub(super) style: u16,
    /// The light standing on its cells, if any.
    pub(super) light: Option<super::lights::LightSpec>,
    /// Whether it is a secret exit (an exit or exit switch with `secret = true`).
    pub(super) secret: bool,
}

/// The kinds of legend entry: each entry is exactly one (a floor when it names none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LegendKind {
    Floor,
    Wall,
    Door,
    Push,
    Masked,
    Player,
    Spawn,
    Enemy,
    Pickup,
    Decoration,
    Exit,
}

impl LegendKind {
    /// The entry's field that makes it this kind, as messages name it.
    fn name(self) -> &'static str {
        match self {
            LegendKind::Floor => "floor",
            LegendKind::Wall => "wall",
            LegendKind::Door => "door",
            LegendKind::Push => "push",
            LegendKind::Masked => "masked",
            LegendKind::Player => "player",
            LegendKind::Spawn => "spawn",
            LegendKind::Enemy => "enemy",
            LegendKind::Pickup => "pickup",
            LegendKind::Decoration => "decoration",
            LegendKind::Exit => "exit",
        }
    }

    /// Whether the cell is solid (walls, doors, push walls, masked walls).
    fn is_solid(self) -> bool {
        matches!(
            self,
            LegendKind::Wall | LegendKind::Door | LegendKind::Push | LegendKind::Masked
        )
    }

    /// The kinds an entry names (more than one is an error).
    fn of(e: &RawEntry) -> Vec<LegendKind> {
        [
            (LegendKind::Wall, e.wall.is_some() || e.faces.is_some()),
            (LegendKind::Door, e.door.is_some()),
            (LegendKind::Push, e.push.is_some()),
            (LegendKind::Masked, e.masked.is_some()),
            (LegendKind::Player, e.player.is_some()),
            (LegendKind::Spawn, e.spawn.is_some()),
            (LegendKind::Enemy, e.enemy.is_some()),
            (LegendKind::Pickup, e.pickup.is_some()),
            (LegendKind::Decoration, e.decoration.is_some()),
            // A wall with `exit = true` is an exit switch: a wall.
            (LegendKind::Exit, e.is_exit_cell()),
        ]
        .into_iter()
        .filter_map(|(kind, present)| present.then_some(kind))
        .collect()
    }
}

/// The built-in enemy kinds (a level adds its own in `[enemies.NAME]` tables: `level::kinds`).
pub const ENEMY_KINDS: [&str; 6] = ["guard", "officer", "dog", "ss", "mutant", "boss"];

impl Parser<'_> {
    /// Resolves one legend entry and adds its style.
    pub(super) fn entry(
        &mut self,
        c: char,
        entry: &Spanned<RawEntry>,
        floor: &Surface,
        ceiling: &Surface,
    ) -> Option<Symbol> {
        let at = entry.span();
        let e = entry.get_ref();
        let kind = self.legend_kind(c, e, at.clone())?;
        self.fields_that_do_not_apply(c, e, kind, at.clone());
        let light = match &e.light {
            Some(l) if kind.is_solid() => {
                self.d.error(
                    l.span(),
                    format!(
                        "legend '{c}': `light` only applies to open cells (alone, or with a thing or decoration)"
                    ),
                );
                None
            }
            Some(l) => {
                let l = l.get_ref();
                self.light_spec(&l.colour, &l.radius, l.intensity.as_ref())
            }
            None => None,
        };
        let floor = self
            .surface(e.floor.as_ref())
            .unwrap_or_else(|| floor.clone());
        let ceiling = self
            .surface(e.ceiling.as_ref())
            .unwrap_or_else(|| ceiling.clone());
        let mut key = None;
        let (meaning, faces) = self.meaning(c, e, kind, at.clone(), &mut key)?;
        let Ok(style) = u16::try_from(self.styles.len()) else {
            self.d
                .error(at, "too many legend entries (the limit is 65535)");
            return None;
        };
        // A shape that cannot be used is an error at its key; the wall stands plain meanwhile,
        // so that the grid's cells using it are not reported as well.
        let shape = match (&e.shape, kind) {
            (Some(s), LegendKind::Wall) => self.shape(s),
            _ => None,
        };
        self.styles.push(TileStyle {
            symbol: c,
            faces,
            floor,
            ceiling,
            key,
            shape,
        });
        // `secret = true` makes an exit (or an exit switch) the secret exit.
        let secret = e.is_secret();
        if let (Some(x), false) = (
            &e.secret,
            matches!(meaning, Meaning::Exit | Meaning::Switch),
        ) {
            let message = format!(
                "legend '{c}': `secret` only applies to exits (`exit = true, secret = true`: the secret exit)"
            );
            self.d.error(x.span(), message);
        }
        Some(Symbol {
            meaning,
            style,
            light,
            secret,
        })
    }

    /// What kind of legend entry `e` (character `c`) is: an error where it is several.
    fn legend_kind(
        &mut self,
        c: char,
        e: &RawEntry,
        at: std::ops::Range<usize>,
    ) -> Option<LegendKind> {
        let kinds = LegendKind::of(e);
        if kinds.len() > 1 {
            self.d.error(
                at,
                format!(
                    "legend '{c}' is {}: give each its own character",
                    kinds
                        .iter()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
            );
            return None;
        }
        Some(kinds.first().copied().unwrap_or(LegendKind::Floor))
    }

    /// An error for each field of entry `e` (character `c`, a `kind`) that only applies to
    /// other kinds.
    fn fields_that_do_not_apply(
        &mut self,
        c: char,
        e: &RawEntry,
        kind: LegendKind,
        at: std::ops::Range<usize>,
    ) {
        let misplaced = |field: &str, applies: &str| {
            format!("legend '{c}': `{field}` only applies to {applies}")
        };
        if let (Some(key), false) = (&e.key, kind == LegendKind::Door) {
            self.d.error(key.span(), misplaced("key", "doors"));
        }
        if let (Some(d), false) = (
            &e.difficulty,
            matches!(kind, LegendKind::Enemy | LegendKind::Pickup),
        ) {
            self.d
                .error(d.span(), misplaced("difficulty", "enemies and pickups"));
        }
        if let (Some(s), false) = (&e.shape, kind == LegendKind::Wall) {
            self.d.error(
                s.span(),
                misplaced(
                    "shape",
                    "walls (a door, push wall or masked wall is a full cell)",
                ),
            );
        }
        if e.faces.is_some() && kind != LegendKind::Wall {
            self.d.error(at, misplaced("faces", "walls"));
        }
        for (field, value) in [("facing", &e.facing), ("mode", &e.mode)] {
            if let Some(v) = value {
                if kind != LegendKind::Enemy {
                    self.d.error(
                        v.span(),
                        misplaced(
                            field,
                            "enemies (a player's or a spawn point's facing is its value: player = \"east\")",
                        ),
                    );
                }
            }
        }
        if kind.is_solid() {
            for (field, value) in [("floor", &e.floor), ("ceiling", &e.ceiling)] {
                if let (Some(v), false) = (value, kind == LegendKind::Door) {
                    self.d.error(
                        v.span(),
                        misplaced(field, "open cells, doors and things standing on the floor"),
                    );
                }
            }
        }
    }

    /// What entry `e` (character `c`, a `kind`) means in the grid, and its faces' textures
    /// (a wall's, a door's); a door's key colour into `key`.
    fn meaning(
        &mut self,
        c: char,
        e: &RawEntry,
        kind: LegendKind,
        at: std::ops::Range<usize>,
        key: &mut Option<KeyColour>,
    ) -> Option<(Meaning, Option<[String; 4]>)> {
        let meaning = match kind {
            LegendKind::Wall => {
                let base = e.wall.as_ref().map(|w| self.texture(w));
                let faces = e.faces.as_ref();
                let mut out: [Option<String>; 4] = Default::default();
                let given = faces.map(|f| [&f.north, &f.south, &f.east, &f.west]);
                for (i, slot) in out.iter_mut().enumerate() {
                    *slot = match given.and_then(|g| g[i].as_ref()) {
                        Some(t) => Some(self.texture(t)),
                        None => base.clone(),
                    };
                }
                if out.iter().any(Option::is_none) {
                    self.d.error(
                        at,
                        format!(
                            "legend '{c}': `faces` names only some faces; add `wall` for the others"
                        ),
                    );
                    return None;
                }
                let switch = e.is_exit();
                let meaning = if switch {
                    Meaning::Switch
                } else {
                    Meaning::Solid(Tile::Wall)
                };
                (meaning, Some(out.map(Option::unwrap)))
            }
            LegendKind::Door | LegendKind::Push | LegendKind::Masked => {
                let (value, tile) = match kind {
                    LegendKind::Door => (e.door.as_ref(), Tile::Door),
                    LegendKind::Push => (e.push.as_ref(), Tile::PushWall),
                    _ => (e.masked.as_ref(), Tile::Masked),
                };
                let texture = self.texture(value?);
                if kind == LegendKind::Door {
                    *key = e.key.as_ref().and_then(|k| self.key_colour(k));
                }
                (
                    Meaning::Solid(tile),
                    Some([texture.clone(), texture.clone(), texture.clone(), texture]),
                )
            }
            LegendKind::Player => (Meaning::Player(self.facing(e.player.as_ref())), None),
            LegendKind::Spawn => (Meaning::Spawn(self.facing(e.spawn.as_ref())), None),
            LegendKind::Enemy => {
                let kind = self.enemy_kind(e.enemy.as_ref()?)?;
                (
                    Meaning::Enemy(
                        kind,
                        self.facing(e.facing.as_ref()),
                        self.mode(e.mode.as_ref()),
                        self.difficulty(e.difficulty.as_ref()),
                    ),
                    None,
                )
            }
            LegendKind::Pickup => {
                let kind = self.pickup_kind(e.pickup.as_ref()?)?;
                let difficulty = self.difficulty(e.difficulty.as_ref());
                (Meaning::Pickup(kind, difficulty), None)
            }
            LegendKind::Decoration => {
                let kind = self.decoration_kind(e.decoration.as_ref()?)?;
                (Meaning::Decoration(kind), None)
            }
            LegendKind::Exit => (Meaning::Exit, None),
            LegendKind::Floor => (Meaning::Floor, None),
        };
        Some(meaning)
    }
}
