//! Writing the level model out: as the TOML format (`tilecaster convert map.tmx -o level.toml`).

use std::fmt::Write as _;
use std::path::Path;

use toml::Spanned;

use super::parse::LevelSource;
use super::parse::raw::{RawEntry, RawKind, RawPlacement, RawWeapon};
use super::{Level, LevelError, tiled};

/// A level written out for another file: its text, and what will not resolve from where it is
/// written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The level file's text.
    pub text: String,
    /// References to other files (the next level, the texture folder, shape masks) that cannot
    /// be made to resolve from the output's folder: each names the reference and why.
    pub warnings: Vec<String>,
}

/// The level at `path` as TOML level text to be written at `output`, after the same checks as
/// loading it (a level with errors is not converted). References to other files (`next`,
/// `textures`, shape masks) are rewritten relative to `output`'s folder, so that the written
/// level loads where it is written; a TOML level written into its own folder is returned as
/// it is, and one written elsewhere keeps everything but those references.
///
/// ```
/// let out = std::env::temp_dir().join("e1m2-doc.toml");
/// let converted = tilecaster::level::to_toml("levels/e1m2.tmx".as_ref(), &out).unwrap();
/// assert!(converted.text.contains("[legend]"));
/// ```
pub fn to_toml(path: &Path, output: &Path) -> Result<Converted, LevelError> {
    let mut moved = Moved::new(path, output);
    if tiled::is_tiled_map(path) {
        let from = path.display().to_string();
        let text = tiled::read(path, |source, loaded| {
            loaded.map(|_| toml_text(&moved.source(source), &from))
        })??;
        return Ok(moved.converted(text));
    }
    // Read once: checked as loading checks it, then returned with its references moved.
    let text = super::read_level_text(path)?;
    Level::parse(&text, path)?;
    let source = super::parse::read_toml(&text, path)?;
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    moved.each_reference(&source, |span, old, new| {
        if old != new {
            edits.push((span, quote(new)));
        }
    });
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut text = text;
    for (span, new) in edits {
        text.replace_range(span, &new);
    }
    Ok(moved.converted(text))
}

/// The references of a level to other files, moved from the folder of the file read to the
/// folder of the file written.
struct Moved {
    /// The input's folder, as given (relative paths in the level resolve against it).
    from: std::path::PathBuf,
    /// The output, as given.
    output: std::path::PathBuf,
    /// Whether both folders are one (nothing moves).
    same: bool,
    warnings: Vec<String>,
}

impl Moved {
    fn new(input: &Path, output: &Path) -> Moved {
        let folder = |p: &Path| match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => Path::new(".").to_path_buf(),
        };
        let from = folder(input);
        let same = absolute(&from).is_some() && absolute(&from) == absolute(&folder(output));
        Moved {
            from,
            output: output.to_path_buf(),
            same,
            warnings: Vec::new(),
        }
    }

    /// `value` (the level's `key`), relative to the output's folder: as it is when absolute or
    /// when nothing moves; otherwise the same file reached from the output, or (for a file
    /// not on disk, such as the bundled episode's) as it is, with a warning.
    fn path(&mut self, key: &str, value: &str) -> String {
        if self.same || Path::new(value).is_absolute() {
            return value.to_string();
        }
        let target = self.from.join(value);
        match relative_path(&self.output, &target) {
            Some(moved) => moved,
            None => {
                self.warnings.push(format!(
                    "{key} '{value}' ({}) is not on disk, so it will not resolve from {}'s folder: copy it there, or mend the reference",
                    target.display(),
                    self.output.display()
                ));
                value.to_string()
            }
        }
    }

    /// Calls `edit` with the place, old value and moved value of each reference in `source`.
    fn each_reference(
        &mut self,
        source: &LevelSource,
        mut edit: impl FnMut(std::ops::Range<usize>, &str, &str),
    ) {
        let raw = &source.raw;
        for (key, value) in [
            ("next", &raw.next),
            ("secret_next", &raw.secret_next),
            ("textures", &raw.textures),
        ] {
            if let Some(v) = value {
                let moved = self.path(key, v.get_ref());
                edit(v.span(), v.get_ref(), &moved);
            }
        }
        for entry in raw.legend.values() {
            if let Some(shape) = &entry.get_ref().shape {
                if super::shapes::is_shape_file(shape.get_ref()) {
                    let moved = self.path("shape", shape.get_ref());
                    edit(shape.span(), shape.get_ref(), &moved);
                }
            }
        }
    }

    /// `source` with its references moved.
    fn source(&mut self, source: &LevelSource) -> LevelSource {
        let mut moved = source.clone();
        let mut values = Vec::new();
        self.each_reference(source, |_, _, new| values.push(new.to_string()));
        let mut values = values.into_iter();
        let mut next = |v: &mut Spanned<String>| {
            if let Some(new) = values.next() {
                *v = Spanned::new(v.span(), new);
            }
        };
        let raw = &mut moved.raw;
        for v in [&mut raw.next, &mut raw.secret_next, &mut raw.textures]
            .into_iter()
            .flatten()
        {
            next(v);
        }
        for entry in raw.legend.values_mut() {
            if let Some(shape) = &mut entry.get_mut().shape {
                if super::shapes::is_shape_file(shape.get_ref()) {
                    next(shape);
                }
            }
        }
        moved
    }

    fn converted(self, text: String) -> Converted {
        Converted {
            text,
            warnings: self.warnings,
        }
    }
}

/// A TOML string literal.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// `key = "value"` for each value present.
fn fields<'a>(
    pairs: impl IntoIterator<Item = (&'a str, Option<&'a Spanned<String>>)>,
) -> Vec<String> {
    pairs
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| format!("{k} = {}", quote(v.get_ref()))))
        .collect()
}

/// A position as TOML: `[x, y]`, each number as Rust prints it (exact when read back).
fn position(p: &[f64]) -> String {
    let parts: Vec<String> = p.iter().map(|v| format!("{v:?}")).collect();
    format!("[{}]", parts.join(", "))
}

/// A legend entry as an inline table.
fn entry(e: &RawEntry) -> String {
    let mut parts = fields([("wall", e.wall.as_ref())]);
    if let Some(f) = &e.faces {
        let faces = fields([
            ("north", f.north.as_ref()),
            ("south", f.south.as_ref()),
            ("east", f.east.as_ref()),
            ("west", f.west.as_ref()),
        ]);
        parts.push(format!("faces = {{ {} }}", faces.join(", ")));
    }
    parts.extend(fields([
        ("door", e.door.as_ref()),
        ("key", e.key.as_ref()),
        ("push", e.push.as_ref()),
        ("masked", e.masked.as_ref()),
        ("floor", e.floor.as_ref()),
        ("ceiling", e.ceiling.as_ref()),
        ("player", e.player.as_ref()),
        ("spawn", e.spawn.as_ref()),
        ("enemy", e.enemy.as_ref()),
        ("facing", e.facing.as_ref()),
        ("mode", e.mode.as_ref()),
        ("pickup", e.pickup.as_ref()),
        ("decoration", e.decoration.as_ref()),
        ("difficulty", e.difficulty.as_ref()),
        ("shape", e.shape.as_ref()),
    ]));
    if let Some(x) = &e.exit {
        parts.push(format!("exit = {}", x.get_ref()));
    }
    if let Some(x) = &e.secret {
        parts.push(format!("secret = {}", x.get_ref()));
    }
    if let Some(l) = &e.light {
        let l = l.get_ref();
        let numbers = light_numbers(&l.colour, &l.radius, l.intensity.as_ref());
        parts.push(format!("light = {{ {} }}", numbers.join(", ")));
    }
    if parts.is_empty() {
        "{}".into()
    } else {
        format!("{{ {} }}", parts.join(", "))
    }
}

/// A placement (the player's start, a spawn point) as the TOML table `header`.
fn placement_table(out: &mut String, header: &str, p: &RawPlacement) {
    let _ = write!(
        out,
        "\n{header}\nposition = {}\n",
        position(p.position.get_ref())
    );
    for line in fields([("facing", p.facing.as_ref())]) {
        let _ = writeln!(out, "{line}");
    }
}

/// A light's fields as TOML `key = value` pairs.
fn light_numbers(
    colour: &Spanned<String>,
    radius: &Spanned<f64>,
    intensity: Option<&Spanned<f64>>,
) -> Vec<String> {
    let mut parts = vec![
        format!("colour = {}", quote(colour.get_ref())),
        format!("radius = {:?}", radius.get_ref()),
    ];
    if let Some(i) = intensity {
        parts.push(format!("intensity = {:?}", i.get_ref()));
    }
    parts
}

/// The level model as TOML level text.
pub(super) fn toml_text(source: &LevelSource, from: &str) -> String {
    let raw = &source.raw;
    let mut out = format!(
        "# Converted from {from} by tilecaster convert.\nformat = {}\nname = {}\n",
        super::LEVEL_FORMAT,
        quote(raw.name.get_ref())
    );
    for line in fields([
        ("next", raw.next.as_ref()),
        ("secret_next", raw.secret_next.as_ref()),
        ("textures", raw.textures.as_ref()),
        ("music", raw.music.as_ref()),
    ]) {
        let _ = writeln!(out, "{line}");
    }
    if let Some(par) = &raw.par {
        let _ = writeln!(out, "par = {}", par.get_ref());
    }
    let grid: String = source
        .rows
        .iter()
        .map(|row| row.iter().map(|&(c, _)| c).collect::<String>() + "\n")
        .collect();
    if grid.contains("'''") {
        let _ = writeln!(out, "grid = {}", quote(&grid));
    } else {
        let _ = writeln!(out, "grid = '''\n{grid}'''");
    }
    let defaults = fields([
        ("floor", raw.defaults.floor.as_ref()),
        ("ceiling", raw.defaults.ceiling.as_ref()),
    ]);
    if !defaults.is_empty() {
        let _ = write!(out, "\n[defaults]\n{}\n", defaults.join("\n"));
    }
    if let Some(fog) = &raw.fog {
        let _ = write!(
            out,
            "\n[fog]\ncolour = {}\ndistance = {:?}\n",
            quote(fog.colour.get_ref()),
            fog.distance.get_ref()
        );
    }
    if let Some(a) = &raw.ambient {
        let _ = write!(out, "\n[ambient]\nlevel = {:?}\n", a.level.get_ref());
    }
    if !raw.legend.is_empty() {
        out.push_str("\n[legend]\n");
        for (key, value) in &raw.legend {
            let _ = writeln!(out, "{} = {}", quote(key.get_ref()), entry(value.get_ref()));
        }
    }
    if let Some(p) = &raw.player {
        placement_table(&mut out, "[player]", p.get_ref());
    }
    for s in &raw.spawn {
        placement_table(&mut out, "[[spawn]]", s.get_ref());
    }
    for e in &raw.enemy {
        let e = e.get_ref();
        let _ = write!(
            out,
            "\n[[enemy]]\nkind = {}\nposition = {}\n",
            quote(e.kind.get_ref()),
            position(e.position.get_ref())
        );
        for line in fields([
            ("facing", e.facing.as_ref()),
            ("mode", e.mode.as_ref()),
            ("difficulty", e.difficulty.as_ref()),
        ]) {
            let _ = writeln!(out, "{line}");
        }
    }
    for item in &raw.pickup {
        let item = item.get_ref();
        let _ = write!(
            out,
            "\n[[pickup]]\nkind = {}\nposition = {}\n",
            quote(item.kind.get_ref()),
            position(item.position.get_ref())
        );
        for line in fields([("difficulty", item.difficulty.as_ref())]) {
            let _ = writeln!(out, "{line}");
        }
    }
    for item in &raw.decoration {
        let item = item.get_ref();
        let _ = write!(
            out,
            "\n[[decoration]]\nkind = {}\nposition = {}\n",
            quote(item.kind.get_ref()),
            position(item.position.get_ref())
        );
    }
    for l in &raw.light {
        let l = l.get_ref();
        let _ = writeln!(
            out,
            "\n[[light]]\nposition = {}\n{}",
            position(l.position.get_ref()),
            light_numbers(&l.colour, &l.radius, l.intensity.as_ref()).join("\n")
        );
    }
    if !raw.enemies.is_empty() {
        out.push('\n');
        out.push_str(&kinds_text(&raw.enemies, "enemies."));
    }
    if !raw.weapons.is_empty() {
        out.push('\n');
        out.push_str(&weapons_text(&raw.weapons, "weapons."));
    }
    out
}

/// A level's changes to the weapons as TOML tables `[{prefix}NAME]`: in a TOML level
/// `weapons.`, in a Tiled map's `weapons` property none.
fn weapons_text(
    weapons: &std::collections::BTreeMap<Spanned<String>, Spanned<RawWeapon>>,
    prefix: &str,
) -> String {
    let mut out = String::new();
    for (name, table) in weapons {
        let t = table.get_ref();
        let _ = writeln!(out, "[{prefix}{}]", name.get_ref());
        if let Some(d) = &t.damage {
            let parts: Vec<String> = d.get_ref().iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "damage = [{}]", parts.join(", "));
        }
        if let Some(i) = &t.interval {
            let _ = writeln!(out, "interval = {:?}", i.get_ref());
        }
        if let Some(c) = &t.cost {
            let _ = writeln!(out, "cost = {}", c.get_ref());
        }
        for (key, flag) in [("automatic", &t.automatic), ("loud", &t.loud)] {
            if let Some(v) = flag {
                let _ = writeln!(out, "{key} = {}", v.get_ref());
            }
        }
    }
    out
}

/// A level's own enemy kinds as TOML tables `[{prefix}NAME]`: in a TOML level `enemies.`, in a
/// Tiled map's `enemies` property none.
fn kinds_text(
    kinds: &std::collections::BTreeMap<Spanned<String>, Spanned<RawKind>>,
    prefix: &str,
) -> String {
    let numbers = |v: &[f64]| {
        let parts: Vec<String> = v.iter().map(|n| format!("{n:?}")).collect();
        format!("[{}]", parts.join(", "))
    };
    let mut out = String::new();
    for (name, kind) in kinds {
        let k = kind.get_ref();
        let _ = writeln!(out, "[{prefix}{}]", name.get_ref());
        for line in fields([("sprite", k.sprite.as_ref())]) {
            let _ = writeln!(out, "{line}");
        }
        if let Some(h) = &k.health {
            let _ = writeln!(out, "health = {}", h.get_ref());
        }
        if let Some(v) = &k.speed {
            let _ = writeln!(out, "speed = {:?}", v.get_ref());
        }
        if let Some(d) = &k.damage {
            let parts: Vec<String> = d.get_ref().iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "damage = [{}]", parts.join(", "));
        }
        if let Some(r) = &k.firing_range {
            let _ = writeln!(out, "firing_range = {}", numbers(r.get_ref()));
        }
        if let Some(p) = &k.points {
            let _ = writeln!(out, "points = {}", p.get_ref());
        }
        for line in fields([("attack", k.attack.as_ref()), ("drops", k.drops.as_ref())]) {
            let _ = writeln!(out, "{line}");
        }
        if let Some(b) = &k.burst {
            let _ = writeln!(out, "burst = {}", b.get_ref());
        }
        if let Some(a) = &k.aim {
            let _ = writeln!(out, "aim = {:?}", a.get_ref());
        }
        for (key, flag) in [("shout", &k.shout), ("boss", &k.boss)] {
            if let Some(v) = flag {
                let _ = writeln!(out, "{key} = {}", v.get_ref());
            }
        }
        if let Some(sounds) = &k.sounds {
            let given = fields([
                ("alert", sounds.alert.as_ref()),
                ("shot", sounds.shot.as_ref()),
                ("pain", sounds.pain.as_ref()),
                ("death", sounds.death.as_ref()),
            ]);
            if !given.is_empty() {
                let _ = writeln!(out, "sounds = {{ {} }}", given.join(", "));
            }
        }
    }
    out
}

/// Reads any level file into the level model and checks it; `then` gets both.
fn read_source<T>(
    path: &Path,
    then: impl FnOnce(&LevelSource, Result<super::Loaded, LevelError>) -> T,
) -> Result<T, LevelError> {
    if tiled::is_tiled_map(path) {
        return tiled::read(path, then);
    }
    let file = path.display().to_string();
    let text = super::read_level_text(path)?;
    let source = super::parse::read_toml(&text, path)?;
    let loaded = super::parse::build(super::Diagnostics::new(&file, &text), &source, path);
    Ok(then(&source, loaded))
}

/// The level at `path` as a Tiled map (`.tmx`) that Tiled opens and edits: a `walls` tile layer
/// whose tileset's tiles carry the legend's properties (each showing its texture, found
/// relative to `output`), and a `things` object layer holding the player, enemies, pickups
/// and exits as point objects. Reading it back gives the same level.
///
/// ```
/// let out = std::env::temp_dir().join("e1m1-doc.tmx");
/// let tmx = tilecaster::level::to_tmx("levels/e1m1.toml".as_ref(), &out).unwrap().text;
/// assert!(tmx.contains("<layer id=\"1\" name=\"walls\""));
/// ```
pub fn to_tmx(path: &Path, output: &Path) -> Result<Converted, LevelError> {
    let mut moved = Moved::new(path, output);
    let text = read_source(path, |source, loaded| {
        let loaded = loaded?;
        let textures = super::texture_dir_for(&loaded.level, None);
        let images = relative_path(output, &textures).filter(|_| textures.is_dir());
        Ok(tmx_text(&moved.source(source), images.as_deref()))
    })??;
    Ok(moved.converted(text))
}

/// `path` made absolute with `.` and `..` resolved by name (links are not followed: the
/// textures of a folder linked in stay found through the link).
fn absolute(path: &Path) -> Option<std::path::PathBuf> {
    use std::path::Component;
    let mut out = std::path::PathBuf::new();
    for c in std::path::absolute(path).ok()?.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// The path `to` relative to the folder of the file `from`; `None` for a path not on disk (the
/// bundled textures, a file that is not there).
fn relative_path(from: &Path, to: &Path) -> Option<String> {
    if !to.exists() {
        return None;
    }
    let base = absolute(match from.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    })?;
    let to = absolute(to)?;
    let common = base
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let ups = base.components().count() - common;
    let mut parts: Vec<String> = vec!["..".to_string(); ups];
    parts.extend(
        to.components()
            .skip(common)
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    Some(if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    })
}

/// A Tiled custom property: its name, type and value.
type Property = (&'static str, &'static str, String);

/// A tile's or object's custom properties.
type Properties = Vec<Property>;

/// XML-escaped text for an attribute.
fn xml(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

/// A `<properties>` block, indented by `indent` spaces; empty when there are none.
fn properties(list: &[Property], indent: usize) -> String {
    if list.is_empty() {
        return String::new();
    }
    let pad = " ".repeat(indent);
    let mut out = format!("{pad}<properties>\n");
    for (name, kind, value) in list {
        let kind = if *kind == "string" {
            String::new()
        } else {
            format!(" type=\"{kind}\"")
        };
        // Multi-line text is the element's content, as Tiled writes it (an attribute's line
        // breaks would be read as spaces).
        if value.contains('\n') {
            let _ = writeln!(
                out,
                "{pad} <property name=\"{}\"{kind}>{}</property>",
                xml(name),
                xml(value)
            );
            continue;
        }
        let _ = writeln!(
            out,
            "{pad} <property name=\"{}\"{kind} value=\"{}\"/>",
            xml(name),
            xml(value)
        );
    }
    let _ = writeln!(out, "{pad}</properties>");
    out
}

/// A colour property for Tiled: `#rrggbb` as `#ffrrggbb`, other text (a texture) as a string.
fn surface_property(name: &'static str, value: &str) -> Property {
    match value.strip_prefix('#') {
        Some(hex) if hex.len() == 6 => (name, "color", format!("#ff{hex}")),
        _ => (name, "string", value.to_string()),
    }
}

/// A light's properties on a Tiled `light` object.
fn light_properties(
    colour: &Spanned<String>,
    radius: &Spanned<f64>,
    intensity: Option<&Spanned<f64>>,
) -> Properties {
    let mut props = vec![
        surface_property("colour", colour.get_ref()),
        ("radius", "float", format!("{:?}", radius.get_ref())),
    ];
    if let Some(i) = intensity {
        props.push(("intensity", "float", format!("{:?}", i.get_ref())));
    }
    props
}

/// The tile properties of a legend entry's cell, or `None` for a plain floor (GID 0) or an exit
/// (an object, which carries its floor and ceiling).
fn tile_properties(e: &RawEntry) -> Option<Properties> {
    if e.is_exit_cell() {
        return None;
    }
    let text = |v: &Spanned<String>| v.get_ref().clone();
    let mut props = Vec::new();
    let solid = [("door", &e.door), ("push", &e.push), ("masked", &e.masked)]
        .into_iter()
        .find_map(|(kind, v)| v.as_ref().map(|v| (kind, v)));
    if let Some((kind, texture)) = solid {
        props.push(("kind", "string", kind.to_string()));
        props.push(("texture", "string", text(texture)));
        if let Some(key) = &e.key {
            props.push(("key", "string", text(key)));
        }
    } else if e.wall.is_some() || e.faces.is_some() {
        if let Some(w) = &e.wall {
            props.push(("texture", "string", text(w)));
        }
        if let Some(f) = &e.faces {
            for (name, v) in [
                ("north", &f.north),
                ("south", &f.south),
                ("east", &f.east),
                ("west", &f.west),
            ] {
                if let Some(v) = v {
                    props.push((name, "string", text(v)));
                }
            }
        }
        if e.is_exit() {
            props.push(("exit", "bool", "true".into()));
            if e.is_secret() {
                props.push(("secret", "bool", "true".into()));
            }
        }
        if let Some(shape) = &e.shape {
            props.push(("shape", "string", text(shape)));
        }
        return Some(props);
    }
    let surfaces: Vec<_> = [("floor", &e.floor), ("ceiling", &e.ceiling)]
        .into_iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| surface_property(k, v.get_ref())))
        .collect();
    if solid.is_none() && surfaces.is_empty() {
        return None;
    }
    if solid.is_none() {
        props.push(("kind", "string", "floor".into()));
    }
    props.extend(surfaces);
    Some(props)
}

/// The thing a legend entry puts on its cell: its class and properties.
fn cell_thing(e: &RawEntry) -> Option<(&'static str, Properties)> {
    let text = |v: &Option<Spanned<String>>, k: &'static str| {
        v.as_ref().map(|v| (k, "string", v.get_ref().clone()))
    };
    if let Some(p) = &e.player {
        return Some(("player", vec![("facing", "string", p.get_ref().clone())]));
    }
    if let Some(s) = &e.spawn {
        return Some(("spawn", vec![("facing", "string", s.get_ref().clone())]));
    }
    if e.enemy.is_some() {
        let props = [
            text(&e.enemy, "kind"),
            text(&e.facing, "facing"),
            text(&e.mode, "mode"),
            text(&e.difficulty, "difficulty"),
        ];
        return Some(("enemy", props.into_iter().flatten().collect()));
    }
    if e.pickup.is_some() {
        let props = [text(&e.pickup, "kind"), text(&e.difficulty, "difficulty")];
        return Some(("pickup", props.into_iter().flatten().collect()));
    }
    if e.decoration.is_some() {
        return Some((
            "decoration",
            text(&e.decoration, "kind").into_iter().collect(),
        ));
    }
    // An exit switch is a wall tile (its `exit` property), not an object.
    e.is_exit_cell().then(|| {
        let mut props: Properties = e
            .is_secret()
            .then(|| ("secret", "bool", "true".to_string()))
            .into_iter()
            .collect();
        for (k, v) in [("floor", &e.floor), ("ceiling", &e.ceiling)] {
            if let Some(v) = v {
                props.push(surface_property(k, v.get_ref()));
            }
        }
        ("exit", props)
    })
}

/// The level model as a Tiled map; `images`: the texture folder relative to the map, for the
/// tiles' pictures.
fn tmx_text(source: &LevelSource, images: Option<&str>) -> String {
    const TILE: usize = 64;
    let raw = &source.raw;
    let height = source.rows.len();
    let width = source.rows.first().map_or(0, Vec::len);
    // Tiles: one per distinct set of properties, in legend order.
    let mut tiles: Vec<Properties> = Vec::new();
    let mut gid_of: std::collections::BTreeMap<char, u32> = Default::default();
    let mut thing_of = std::collections::BTreeMap::new();
    for (key, entry) in &raw.legend {
        let Some(c) = key.get_ref().chars().next() else {
            continue;
        };
        if let Some(thing) = cell_thing(entry.get_ref()) {
            thing_of.insert(c, thing);
        }
        let Some(props) = tile_properties(entry.get_ref()) else {
            continue;
        };
        let id = tiles.iter().position(|t| *t == props).unwrap_or_else(|| {
            tiles.push(props);
            tiles.len() - 1
        });
        gid_of.insert(c, id as u32 + 1);
    }
    // A legend entry's light: a `light` object on each of its cells.
    let light_of: std::collections::BTreeMap<char, Properties> = raw
        .legend
        .iter()
        .filter_map(|(key, entry)| {
            let l = entry.get_ref().light.as_ref()?.get_ref();
            let c = key.get_ref().chars().next()?;
            Some((
                c,
                light_properties(&l.colour, &l.radius, l.intensity.as_ref()),
            ))
        })
        .collect();
    let mut things = Vec::new();
    for (y, row) in source.rows.iter().enumerate() {
        for (x, (c, _)) in row.iter().enumerate() {
            let centre = (
                (x as f64 + 0.5) * TILE as f64,
                (y as f64 + 0.5) * TILE as f64,
            );
            if let Some((class, props)) = thing_of.get(c) {
                things.push((*class, centre, props.clone()));
            }
            if let Some(props) = light_of.get(c) {
                things.push(("light", centre, props.clone()));
            }
        }
    }
    let at = |p: &[f64]| {
        (
            p[0] * TILE as f64,
            p.get(1).copied().unwrap_or(0.0) * TILE as f64,
        )
    };
    let optional = |k: &'static str, v: &Option<Spanned<String>>| {
        v.as_ref().map(|v| (k, "string", v.get_ref().clone()))
    };
    if let Some(p) = &raw.player {
        let p = p.get_ref();
        let props = optional("facing", &p.facing).into_iter().collect();
        things.push(("player", at(p.position.get_ref()), props));
    }
    for s in &raw.spawn {
        let s = s.get_ref();
        let props = optional("facing", &s.facing).into_iter().collect();
        things.push(("spawn", at(s.position.get_ref()), props));
    }
    for e in &raw.enemy {
        let e = e.get_ref();
        let props = [
            Some(("kind", "string", e.kind.get_ref().clone())),
            optional("facing", &e.facing),
            optional("mode", &e.mode),
            optional("difficulty", &e.difficulty),
        ];
        things.push((
            "enemy",
            at(e.position.get_ref()),
            props.into_iter().flatten().collect(),
        ));
    }
    for item in &raw.pickup {
        let item = item.get_ref();
        let props = [
            Some(("kind", "string", item.kind.get_ref().clone())),
            optional("difficulty", &item.difficulty),
        ];
        things.push((
            "pickup",
            at(item.position.get_ref()),
            props.into_iter().flatten().collect(),
        ));
    }
    for item in &raw.decoration {
        let item = item.get_ref();
        let props = vec![("kind", "string", item.kind.get_ref().clone())];
        things.push(("decoration", at(item.position.get_ref()), props));
    }
    for l in &raw.light {
        let l = l.get_ref();
        let props = light_properties(&l.colour, &l.radius, l.intensity.as_ref());
        things.push(("light", at(l.position.get_ref()), props));
    }

    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"{width}\" height=\"{height}\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"{}\">\n",
        things.len() + 1
    );
    let mut map_props = vec![
        ("format", "int", super::LEVEL_FORMAT.to_string()),
        ("name", "string", raw.name.get_ref().clone()),
    ];
    for (k, v) in [
        ("next", &raw.next),
        ("secret_next", &raw.secret_next),
        ("textures", &raw.textures),
    ] {
        if let Some(v) = v {
            map_props.push((k, "file", v.get_ref().clone()));
        }
    }
    if let Some(par) = &raw.par {
        map_props.push(("par", "int", par.get_ref().to_string()));
    }
    if let Some(music) = &raw.music {
        map_props.push(("music", "string", music.get_ref().clone()));
    }
    if !raw.enemies.is_empty() {
        map_props.push(("enemies", "string", kinds_text(&raw.enemies, "")));
    }
    if !raw.weapons.is_empty() {
        map_props.push(("weapons", "string", weapons_text(&raw.weapons, "")));
    }
    for (k, v) in [
        ("floor", &raw.defaults.floor),
        ("ceiling", &raw.defaults.ceiling),
    ] {
        if let Some(v) = v {
            map_props.push(surface_property(k, v.get_ref()));
        }
    }
    if let Some(a) = &raw.ambient {
        map_props.push(("ambient", "float", format!("{:?}", a.level.get_ref())));
    }
    if let Some(fog) = &raw.fog {
        map_props.push(surface_property("fog_colour", fog.colour.get_ref()));
        map_props.push((
            "fog_distance",
            "float",
            format!("{:?}", fog.distance.get_ref()),
        ));
    }
    out.push_str(&properties(&map_props, 1));
    let _ = writeln!(
        out,
        " <tileset firstgid=\"1\" name=\"tilecaster\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" tilecount=\"{}\" columns=\"0\">\n  <grid orientation=\"orthogonal\" width=\"1\" height=\"1\"/>",
        tiles.len()
    );
    // A floor tile that sets only its ceiling shows the level's floor in Tiled's tileset
    // (without a picture Tiled would show nothing, and save an empty image of its own).
    let default_floor = raw
        .defaults
        .floor
        .as_ref()
        .map(|f| surface_property("floor", f.get_ref()))
        .filter(|(_, kind, _)| *kind == "string")
        .map(|(_, _, name)| name);
    for (id, props) in tiles.iter().enumerate() {
        let _ = writeln!(out, "  <tile id=\"{id}\">");
        out.push_str(&properties(props, 3));
        let is_floor = props.iter().any(|(k, _, v)| *k == "kind" && v == "floor");
        let picture = props
            .iter()
            .find(|(k, kind, _)| matches!(*k, "texture" | "north" | "floor") && *kind == "string")
            .map(|(_, _, v)| v)
            .or(default_floor.as_ref().filter(|_| is_floor));
        if let (Some(dir), Some(name)) = (images, picture) {
            let _ = writeln!(
                out,
                "   <image source=\"{}\"/>",
                xml(&format!("{dir}/{name}.png"))
            );
        }
        out.push_str("  </tile>\n");
    }
    out.push_str(" </tileset>\n");
    let _ = writeln!(
        out,
        " <layer id=\"1\" name=\"walls\" width=\"{width}\" height=\"{height}\">\n  <data encoding=\"csv\">"
    );
    let rows: Vec<String> = source
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|(c, _)| gid_of.get(c).copied().unwrap_or(0).to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let _ = writeln!(out, "{}\n</data>\n </layer>", rows.join(",\n"));
    out.push_str(" <objectgroup id=\"2\" name=\"things\">\n");
    for (i, (class, (x, y), props)) in things.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <object id=\"{}\" type=\"{class}\" x=\"{x:?}\" y=\"{y:?}\">",
            i + 1
        );
        out.push_str(&properties(props, 3));
        out.push_str("   <point/>\n  </object>\n");
    }
    out.push_str(" </objectgroup>\n</map>\n");
    out
}
