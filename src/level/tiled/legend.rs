//! The map's tile layers turned into the level's grid and legend: a character per distinct
//! tile, with the tile's properties as its legend entry.

use super::*;

/// Flip and rotation flags in a GID's top bits.
pub(super) const GID_FLAGS: u32 = 0xF000_0000;

/// The legend being built: a character per tile, in order of first use.
#[derive(Default)]
pub(super) struct Legend {
    pub(super) entries: BTreeMap<Spanned<String>, Spanned<RawEntry>>,
    pub(super) used: usize,
}

impl Legend {
    /// The next free character, while there are any.
    pub(super) fn next_symbol(&mut self) -> Option<char> {
        let i = self.used;
        self.used += 1;
        match SYMBOLS.chars().nth(i) {
            Some(c) => Some(c),
            None if i - SYMBOLS.len() < MAX_TILES => {
                char::from_u32(0xC0 + (i - SYMBOLS.len()) as u32)
            }
            None => None,
        }
    }

    /// A character for a tile and its entry; `None` when the map uses more than
    /// [`MAX_TILES`] different tiles.
    pub(super) fn add(&mut self, entry: RawEntry, at: usize) -> Option<char> {
        let c = self.next_symbol()?;
        self.entries.insert(
            Spanned::new(at..at, c.to_string()),
            Spanned::new(at..at, entry),
        );
        Some(c)
    }
}

impl<'a> Reader<'a> {
    /// The `walls` tile layer and the `things` object layers (with their offsets), found at any
    /// depth of groups; other layers are warned about.
    #[allow(clippy::type_complexity)]
    pub(super) fn layers(
        &mut self,
        map: &'a Element,
    ) -> (Option<&'a Element>, Vec<(&'a Element, (f64, f64))>) {
        let mut walls: Option<&Element> = None;
        let mut things = Vec::new();
        // Groups in order: (element, offset of its parents).
        let mut stack: Vec<(&Element, (f64, f64))> = vec![(map, (0.0, 0.0))];
        let mut ordered = Vec::new();
        while let Some((container, offset)) = stack.pop() {
            for layer in container.children.iter().rev() {
                let here = (
                    offset.0 + self.float(layer, "offsetx"),
                    offset.1 + self.float(layer, "offsety"),
                );
                if layer.name == "group" {
                    stack.push((layer, here));
                } else {
                    ordered.push((layer, here));
                }
            }
        }
        ordered.sort_by_key(|(l, _)| l.at);
        for (layer, offset) in ordered {
            let name = layer.value("name").unwrap_or("");
            match (layer.name.as_str(), name) {
                ("layer", "walls") if walls.is_some() => {
                    self.error(layer.at, "a second tile layer named 'walls'; a map has one");
                }
                ("layer", "walls") => {
                    if offset != (0.0, 0.0) {
                        self.warning(layer.at, "the walls layer is offset; its cells are read as if it were not");
                    }
                    walls = Some(layer);
                }
                ("objectgroup", "things") => things.push((layer, offset)),
                ("layer" | "objectgroup", "walls" | "things") => self.error(
                    layer.at,
                    format!("layer '{name}' has the wrong type (walls: a tile layer, things: an object layer)"),
                ),
                ("layer" | "objectgroup" | "imagelayer" | "unknown-layer", _) => self.warning(
                    layer.at,
                    format!("layer '{name}' is not read (tilecaster reads the tile layer 'walls' and the object layer 'things')"),
                ),
                _ => {}
            }
        }
        (walls, things)
    }

    /// The walls layer's cells as legend characters, each tile given its legend entry.
    pub(super) fn grid(
        &mut self,
        walls: &Element,
        (width, height): (usize, usize),
        tilesets: &[TilesetUse<'a>],
        legend: &mut Legend,
    ) -> Option<Vec<Vec<(char, usize)>>> {
        for (key, size) in [("width", width), ("height", height)] {
            if let Some(n) = self.number(walls, key, Some(size as i64)) {
                if n != size as i64 {
                    self.error(
                        walls.at,
                        format!("the walls layer's {key} is {n}; the map's is {size}"),
                    );
                    return None;
                }
            }
        }
        let Some(data) = walls.child("data") else {
            self.error(walls.at, "the walls layer has no data");
            return None;
        };
        let cells = match data::cells(data, width * height) {
            Ok(cells) => cells,
            Err((at, message)) => {
                self.error(at, format!("walls layer: {message}"));
                return None;
            }
        };
        let mut rows = vec![Vec::with_capacity(width); height];
        // Each GID resolved once, at the first cell using it (where its problems are
        // reported): its legend character, '.' for an empty cell or a tile refused.
        let mut symbols: BTreeMap<u32, char> = BTreeMap::from([(0, '.')]);
        for (i, &(gid, at)) in cells.iter().enumerate() {
            let (x, y) = (i % width, i / width);
            let gid = gid & !GID_FLAGS;
            let symbol = match symbols.get(&gid) {
                Some(&c) => c,
                None => {
                    let c = match Self::tile_of(tilesets, gid) {
                        None => {
                            self.error(
                                at,
                                format!("cell ({x}, {y}): GID {gid} is in no tileset of the map"),
                            );
                            '.'
                        }
                        Some((tileset, id)) => match self.entry(tileset, id, (x, y), at) {
                            None => '.',
                            Some(entry) => match legend.add(entry, at) {
                                Some(c) => c,
                                None => {
                                    self.error(at, format!("cell ({x}, {y}): the walls layer uses more than {MAX_TILES} different tiles"));
                                    return None;
                                }
                            },
                        },
                    };
                    symbols.insert(gid, c);
                    c
                }
            };
            rows[y].push((symbol, at));
        }
        Some(rows)
    }

    /// The legend entry a tile stands for, from its properties; an error (at the first cell
    /// using it) when it has no meaning.
    pub(super) fn entry(
        &mut self,
        tileset: &TilesetUse<'a>,
        id: u32,
        (x, y): (usize, usize),
        cell_at: usize,
    ) -> Option<RawEntry> {
        let tile = tileset.tile(id);
        let props = tile.map(|t| self.properties(t)).unwrap_or_default();
        let name = tileset.name().to_string();
        let place = tile.map_or(tileset.tileset.at, |t| t.at);
        let whose = format!("tile {id} of tileset '{name}':");
        let kind = self.tile_kind(tile, &props, (&name, id, (x, y)), cell_at)?;
        self.unread_properties(&props, &whose);
        let mut entry = RawEntry::default();
        self.tile_surface(&mut entry, &kind, &props, (place, &whose))?;
        self.tile_fields(&mut entry, &kind, &props, &whose);
        self.tile_light(&mut entry, &kind, &props, &whose);
        Some(entry)
    }

    /// What a tile is (wall, door, push, masked or floor): its `kind`, else what its
    /// properties say; an error where it is a thing, or has no meaning.
    fn tile_kind(
        &mut self,
        tile: Option<&Element>,
        props: &BTreeMap<String, Property>,
        (name, id, (x, y)): (&str, u32, (usize, usize)),
        cell_at: usize,
    ) -> Option<String> {
        let thing = tile
            .and_then(|t| ["class", "type"].iter().find_map(|k| t.value(k)))
            .filter(|c| {
                matches!(
                    *c,
                    "player" | "spawn" | "enemy" | "pickup" | "decoration" | "exit"
                )
            });
        if let Some(class) = thing {
            self.error(
                cell_at,
                format!(
                    "cell ({x}, {y}): tile {id} of tileset '{name}' is a thing ({class}): place it on a `things` object layer (Insert Tile), not on the walls layer"
                ),
            );
            return None;
        }
        let kind = match props.get("kind") {
            Some(k) => k.value.clone(),
            None if props.contains_key("texture")
                || ["north", "south", "east", "west"]
                    .iter()
                    .all(|f| props.contains_key(*f)) =>
            {
                "wall".into()
            }
            None if ["floor", "ceiling", "light_colour"]
                .iter()
                .any(|k| props.contains_key(*k)) =>
            {
                "floor".into()
            }
            None => {
                self.error(
                    cell_at,
                    format!(
                        "cell ({x}, {y}): tile {id} of tileset '{name}' has no meaning: give it a `texture` property \
                         (a wall), or `kind` = door, push, masked or floor, or erase it from the walls layer"
                    ),
                );
                return None;
            }
        };
        Some(kind)
    }

    /// A warning for each of the tile's properties that nothing reads.
    fn unread_properties(&mut self, props: &BTreeMap<String, Property>, whose: &str) {
        const KNOWN: [&str; 15] = [
            "kind",
            "texture",
            "north",
            "south",
            "east",
            "west",
            "key",
            "floor",
            "ceiling",
            "exit",
            "shape",
            "light_colour",
            "light_radius",
            "light_intensity",
            "class",
        ];
        for (key, p) in props {
            if !KNOWN.contains(&key.as_str()) {
                self.warning(
                    p.at,
                    format!(
                        "{whose} property '{key}' is not read (tiles read {})",
                        KNOWN[..14].join(", ")
                    ),
                );
            }
        }
    }

    /// A wall's textures (one for all faces, or each face's), or a door's, push wall's or
    /// masked wall's; an error where one is missing, or the kind is unknown.
    fn tile_surface(
        &mut self,
        entry: &mut RawEntry,
        kind: &str,
        props: &BTreeMap<String, Property>,
        (place, whose): (usize, &str),
    ) -> Option<()> {
        let texture = props.get("texture").map(spanned);
        let face = |f: &str| props.get(f).map(spanned);
        match kind {
            "wall" => {
                entry.wall = texture;
                let faces = RawFaces {
                    north: face("north"),
                    south: face("south"),
                    east: face("east"),
                    west: face("west"),
                };
                if faces.north.is_some()
                    || faces.south.is_some()
                    || faces.east.is_some()
                    || faces.west.is_some()
                {
                    entry.faces = Some(faces);
                }
                if entry.wall.is_none()
                    && entry.faces.as_ref().is_some_and(|f| {
                        f.north.is_none()
                            || f.south.is_none()
                            || f.east.is_none()
                            || f.west.is_none()
                    })
                {
                    self.error(place, format!("{whose} a wall needs a `texture` property, or all four of north, south, east and west"));
                    return None;
                }
            }
            "door" | "push" | "masked" => {
                let Some(texture) = texture else {
                    self.error(
                        place,
                        format!("{whose} a {kind} tile needs a `texture` property"),
                    );
                    return None;
                };
                match kind {
                    "door" => entry.door = Some(texture),
                    "push" => entry.push = Some(texture),
                    _ => entry.masked = Some(texture),
                }
            }
            "floor" => {}
            other => {
                let at = props.get("kind").map_or(place, |p| p.at);
                self.error(at, format!("{whose} unknown kind '{other}' (expected wall, door, push, masked or floor)"));
                return None;
            }
        }
        Some(())
    }

    /// The tile's exit switch and secret, shape, key, floor and ceiling: an error for each
    /// that only applies to other kinds.
    fn tile_fields(
        &mut self,
        entry: &mut RawEntry,
        kind: &str,
        props: &BTreeMap<String, Property>,
        whose: &str,
    ) {
        // An exit switch: a wall with `exit` true; a secret one with `secret` true as well.
        let misplaced =
            |key: &str, applies: bool| props.get(key).filter(|p| !applies && p.value != "false");
        if let Some(exit) = misplaced("exit", kind == "wall") {
            self.error(exit.at, format!("{whose} `exit` only applies to walls (an exit switch); an exit floor is an `exit` object in the things layer"));
        } else {
            entry.exit = self
                .bool_property(props, "exit", whose)
                .filter(|e| *e.get_ref());
        }
        if let Some(secret) = misplaced("secret", entry.exit.is_some()) {
            self.error(
                secret.at,
                format!("{whose} `secret` only applies to exit switches (a wall with `exit` true)"),
            );
        } else {
            entry.secret = self
                .bool_property(props, "secret", whose)
                .filter(|s| *s.get_ref());
        }
        // An empty value is the project's default for the class member: no shape.
        if let Some(shape) = props.get("shape").filter(|s| !s.value.is_empty()) {
            if kind == "wall" {
                entry.shape = Some(spanned(shape));
            } else {
                self.error(
                    shape.at,
                    format!("{whose} `shape` only applies to walls (a {kind} tile is a full cell)"),
                );
            }
        }
        if let Some(key) = props.get("key") {
            if kind == "door" {
                entry.key = Some(spanned(key));
            } else {
                self.error(key.at, format!("{whose} `key` only applies to doors"));
            }
        }
        for (field, slot) in [("floor", &mut entry.floor), ("ceiling", &mut entry.ceiling)] {
            if let Some(p) = props.get(field) {
                if matches!(kind, "floor" | "door") {
                    *slot = Some(spanned(p));
                } else {
                    self.error(
                        p.at,
                        format!("{whose} `{field}` only applies to floor and door tiles"),
                    );
                }
            }
        }
    }

    /// A light on the tile's cells.
    fn tile_light(
        &mut self,
        entry: &mut RawEntry,
        kind: &str,
        props: &BTreeMap<String, Property>,
        whose: &str,
    ) {
        // A light on the tile's cells: `light_colour` and `light_radius` (and, if given,
        // `light_intensity`), as a legend entry's `light`; on floor tiles only.
        let radius = self.float_property(props, "light_radius", whose);
        let intensity = self.float_property(props, "light_intensity", whose);
        match (props.get("light_colour"), radius) {
            (Some(colour), Some(radius)) if kind == "floor" => {
                let at = colour.at;
                entry.light = Some(Spanned::new(
                    at..at,
                    crate::level::parse::raw::RawLight {
                        colour: spanned(colour),
                        radius,
                        intensity,
                    },
                ));
            }
            (Some(p), Some(_)) => {
                self.error(p.at, format!("{whose} a light only stands on floor tiles"))
            }
            (Some(p), None) => self.error(
                p.at,
                format!("{whose} `light_colour` needs `light_radius` beside it"),
            ),
            (None, Some(r)) => self.error(
                r.span().start,
                format!("{whose} `light_radius` needs `light_colour` beside it"),
            ),
            (None, None) => {}
        }
    }
}

/// A tile's property as the level model's spanned value (its span the value's, quotes and
/// all).
fn spanned(p: &Property) -> Spanned<String> {
    Spanned::new(p.at..p.at + p.value.len() + 2, p.value.clone())
}
