//! Custom properties of tiles, objects and the map, with their places for messages, and the
//! map's own properties (next level, textures, fog, enemy kinds).

use super::*;

/// A property's value as text (colours as `#rrggbb`), with the offset of its value.
#[derive(Clone, Debug)]
pub(super) struct Property {
    pub(super) value: String,
    pub(super) at: usize,
}

/// `#AARRGGBB` (as Tiled writes colours) as `#rrggbb`; other text as it is.
fn colour(value: &str) -> Option<String> {
    let hex = value.strip_prefix('#')?;
    (hex.len() == 8 && hex.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| format!("#{}", hex[2..].to_ascii_lowercase()))
}

/// A polygon's `points` ("x,y x,y ...").
pub(super) fn parse_points(text: &str) -> Option<Vec<(f64, f64)>> {
    let points: Option<Vec<(f64, f64)>> = text
        .split_whitespace()
        .map(|pair| {
            let (x, y) = pair.split_once(',')?;
            let (x, y) = (x.parse::<f64>().ok()?, y.parse::<f64>().ok()?);
            (x.is_finite() && y.is_finite()).then_some((x, y))
        })
        .collect();
    points.filter(|p| !p.is_empty())
}

impl Reader<'_> {
    pub(super) fn error(&mut self, at: usize, message: impl Into<String>) {
        self.problems
            .push((Some(at), Severity::Error, message.into()));
    }

    pub(super) fn warning(&mut self, at: usize, message: impl Into<String>) {
        self.problems
            .push((Some(at), Severity::Warning, message.into()));
    }

    /// A whole-number attribute.
    pub(super) fn number(&mut self, e: &Element, key: &str, default: Option<i64>) -> Option<i64> {
        match e.attr(key) {
            None => {
                if default.is_none() {
                    self.error(e.at, format!("<{}> has no `{key}`", e.name));
                }
                default
            }
            Some(a) => match a.value.trim().parse::<i64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    let message = format!("`{key}` is '{}'; a whole number was expected", a.value);
                    self.error(a.at, message);
                    None
                }
            },
        }
    }

    /// A number attribute (pixels, degrees).
    pub(super) fn float(&mut self, e: &Element, key: &str) -> f64 {
        match e.attr(key) {
            None => 0.0,
            Some(a) => match a.value.trim().parse::<f64>() {
                Ok(n) if n.is_finite() => n,
                _ => {
                    let message = format!("`{key}` is '{}'; a number was expected", a.value);
                    self.error(a.at, message);
                    0.0
                }
            },
        }
    }

    /// The custom properties of an element, by name, typed values as text.
    pub(super) fn properties(&mut self, e: &Element) -> BTreeMap<String, Property> {
        let mut out = BTreeMap::new();
        for p in e
            .children_named("properties")
            .flat_map(|ps| ps.children_named("property"))
        {
            let Some(name) = p.value("name") else {
                self.error(p.at, "a property without a name");
                continue;
            };
            let kind = p.value("type").unwrap_or("string");
            let (value, at) = match p.attr("value") {
                Some(a) => (a.value.clone(), a.at),
                // Multi-line strings are the element's text.
                None => (p.text.clone(), p.text_at.max(p.at)),
            };
            let value = match kind {
                // A colour typed as text, as Tiled writes colours, is a colour too.
                "string" | "color" => colour(&value).unwrap_or(value),
                "file" | "int" | "float" | "object" => value,
                "bool" => match value.as_str() {
                    "true" | "1" => "true".into(),
                    _ => "false".into(),
                },
                "class" => {
                    self.warning(
                        p.at,
                        format!("property '{name}' is of a custom class; tilecaster reads strings, numbers, booleans, colours and files"),
                    );
                    continue;
                }
                other => {
                    self.warning(
                        p.at,
                        format!("property '{name}' has an unknown type '{other}'"),
                    );
                    value
                }
            };
            out.insert(name.to_string(), Property { value, at });
        }
        out
    }

    /// The map's own properties: format, name, next level, par time, textures, floor, ceiling,
    /// fog.
    pub(super) fn map_properties(&mut self, map: &Element, level: &mut RawLevel) {
        let props = self.properties(map);
        let spanned = |p: &Property| Spanned::new(p.at..p.at + p.value.len() + 2, p.value.clone());
        let file_stem = self
            .path
            .file_stem()
            .map_or("untitled".into(), |s| s.to_string_lossy().into_owned());
        level.name = props
            .get("name")
            .map_or_else(|| Spanned::new(map.at..map.at, file_stem), spanned);
        if let Some(format) = props.get("format") {
            match format.value.trim().parse::<i64>() {
                Ok(n) => {
                    if let Some(message) = crate::level::format_problem(n) {
                        self.error(format.at, message);
                    }
                    level.format = Some(Spanned::new(format.at..format.at, n));
                }
                Err(_) => self.error(
                    format.at,
                    format!("format is '{}'; a whole number was expected", format.value),
                ),
            }
        }
        level.next = props.get("next").map(spanned);
        level.secret_next = props.get("secret_next").map(spanned);
        level.textures = props.get("textures").map(spanned);
        level.music = props.get("music").map(spanned);
        level.defaults.floor = props.get("floor").map(spanned);
        level.defaults.ceiling = props.get("ceiling").map(spanned);
        if let Some(par) = props.get("par") {
            match par.value.trim().parse::<i64>() {
                Ok(n) => level.par = Some(Spanned::new(par.at..par.at, n)),
                Err(_) => self.error(
                    par.at,
                    format!(
                        "par is '{}'; a whole number of seconds was expected",
                        par.value
                    ),
                ),
            }
        }
        if let Some(p) = props.get("ambient") {
            match p.value.trim().parse::<f64>() {
                Ok(v) => {
                    level.ambient = Some(crate::level::parse::raw::RawAmbient {
                        level: Spanned::new(p.at..p.at, v),
                    });
                }
                Err(_) => self.error(
                    p.at,
                    format!(
                        "ambient is '{}'; a number from 0 (black) to 1 (as drawn) was expected",
                        p.value
                    ),
                ),
            }
        }
        if let Some(p) = props.get("enemies") {
            self.tables(p, ("enemies", "enemy kinds"), &mut level.enemies);
        }
        if let Some(p) = props.get("weapons") {
            self.tables(p, ("weapons", "weapons"), &mut level.weapons);
        }
        match (props.get("fog_colour"), props.get("fog_distance")) {
            (Some(colour), Some(distance)) => match distance.value.trim().parse::<f64>() {
                Ok(d) => {
                    level.fog = Some(RawFog {
                        colour: spanned(colour),
                        distance: Spanned::new(distance.at..distance.at, d),
                    });
                }
                Err(_) => self.error(
                    distance.at,
                    format!(
                        "fog_distance is '{}'; a number of tiles was expected",
                        distance.value
                    ),
                ),
            },
            (Some(p), None) => self.error(p.at, "fog_colour needs fog_distance beside it"),
            (None, Some(p)) => self.error(p.at, "fog_distance needs fog_colour beside it"),
            (None, None) => {}
        }
        const KNOWN: [&str; 14] = [
            "ambient",
            "format",
            "name",
            "next",
            "secret_next",
            "par",
            "music",
            "enemies",
            "weapons",
            "textures",
            "floor",
            "ceiling",
            "fog_colour",
            "fog_distance",
        ];
        for (key, p) in &props {
            if !KNOWN.contains(&key.as_str()) {
                self.warning(
                    p.at,
                    format!(
                        "map property '{key}' is not read (maps read {})",
                        KNOWN.join(", ")
                    ),
                );
            }
        }
    }
}

impl Reader<'_> {
    /// The number in property `key` of `props`, if it has one, with its place; one that is
    /// not a number is an error naming `whose` property it is.
    pub(super) fn float_property(
        &mut self,
        props: &BTreeMap<String, Property>,
        key: &str,
        whose: &str,
    ) -> Option<Spanned<f64>> {
        let p = props.get(key)?;
        match p.value.trim().parse::<f64>() {
            Ok(v) => Some(Spanned::new(p.at..p.at + p.value.len() + 2, v)),
            Err(_) => {
                self.error(p.at, format!("{whose} {key} '{}' is not a number", p.value));
                None
            }
        }
    }

    /// The bool property `key` of `props`: `None` when it is absent, or (an error, `whose`
    /// naming the tile or object) neither `true` nor `false`.
    pub(super) fn bool_property(
        &mut self,
        props: &BTreeMap<String, Property>,
        key: &str,
        whose: &str,
    ) -> Option<Spanned<bool>> {
        let p = props.get(key)?;
        match p.value.as_str() {
            "true" => Some(Spanned::new(p.at..p.at, true)),
            "false" => Some(Spanned::new(p.at..p.at, false)),
            other => {
                self.error(
                    p.at,
                    format!("{whose} `{key}` is true or false, not '{other}'"),
                );
                None
            }
        }
    }

    /// A map property of TOML tables, `enemies` (the level's own enemy kinds: `[brute]`, then
    /// its fields as in a TOML level's `[enemies.brute]`) or `weapons` (`[pistol]`, as
    /// `[weapons.pistol]`). Every place in them is the property's, for messages.
    pub(super) fn tables<T: serde::de::DeserializeOwned + PlacedAt>(
        &mut self,
        p: &Property,
        what: (&str, &str),
        into: &mut BTreeMap<Spanned<String>, Spanned<T>>,
    ) {
        match toml::from_str::<BTreeMap<String, T>>(&p.value) {
            Ok(read) => {
                for (name, table) in read {
                    into.insert(
                        Spanned::new(p.at..p.at, name),
                        Spanned::new(p.at..p.at, table.placed_at(p.at)),
                    );
                }
            }
            Err(e) => self.error(
                p.at,
                format!(
                    "map property '{}': not {} as TOML tables ([NAME] then its fields): {}",
                    what.0,
                    what.1,
                    e.message()
                ),
            ),
        }
    }
}
