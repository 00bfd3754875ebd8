//! The TMX writer: a level's source as a Tiled map (a tileset made from the legend, the walls
//! layer, the things on an object layer), which `level::tiled` reads back.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use toml::Spanned;

use super::toml_form::{kinds_text, weapons_text};
use crate::level::parse::LevelSource;
use crate::level::parse::raw::{RawEntry, RawLevel};

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

/// Tiled's tile size, in pixels: a level's tile is 64 x 64 in the map written.
const TILE: usize = 64;

/// A thing on the object layer: its class, its centre in pixels, its properties.
type Thing = (&'static str, (f64, f64), Properties);

/// The tileset the legend makes: one tile per distinct set of properties, in legend order;
/// each legend character's tile (its gid) and the thing (a door, a push wall...) it stands
/// for.
struct Tileset {
    tiles: Vec<Properties>,
    gid_of: BTreeMap<char, u32>,
    thing_of: BTreeMap<char, (&'static str, Properties)>,
}

/// The level model as a Tiled map; `images`: the texture folder relative to the map, for the
/// tiles' pictures.
pub(super) fn tmx_text(source: &LevelSource, images: Option<&str>) -> String {
    let raw = &source.raw;
    let height = source.rows.len();
    let width = source.rows.first().map_or(0, Vec::len);
    let tileset = tileset(source);
    let things = things(source, &tileset);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"{width}\" height=\"{height}\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"{}\">\n",
        things.len() + 1
    );
    out.push_str(&properties(&map_properties(source), 1));
    tiles_xml(&mut out, &tileset.tiles, raw, images);
    let _ = writeln!(
        out,
        " <layer id=\"1\" name=\"walls\" width=\"{width}\" height=\"{height}\">\n  <data encoding=\"csv\">"
    );
    let rows: Vec<String> = source
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|(c, _)| tileset.gid_of.get(c).copied().unwrap_or(0).to_string())
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

/// The legend's tiles and things ([`Tileset`]).
fn tileset(source: &LevelSource) -> Tileset {
    let mut set = Tileset {
        tiles: Vec::new(),
        gid_of: BTreeMap::new(),
        thing_of: BTreeMap::new(),
    };
    for (key, entry) in &source.raw.legend {
        let Some(c) = key.get_ref().chars().next() else {
            continue;
        };
        if let Some(thing) = cell_thing(entry.get_ref()) {
            set.thing_of.insert(c, thing);
        }
        let Some(props) = tile_properties(entry.get_ref()) else {
            continue;
        };
        let id = set
            .tiles
            .iter()
            .position(|t| *t == props)
            .unwrap_or_else(|| {
                set.tiles.push(props);
                set.tiles.len() - 1
            });
        set.gid_of.insert(c, id as u32 + 1);
    }
    set
}

/// The object layer's things: the legend's things and lights on their cells, then the
/// player, spawns, enemies, pickups, decorations and lights placed by position.
fn things(source: &LevelSource, tileset: &Tileset) -> Vec<Thing> {
    let raw = &source.raw;
    // A legend entry's light: a `light` object on each of its cells.
    let light_of: BTreeMap<char, Properties> = raw
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
            if let Some((class, props)) = tileset.thing_of.get(c) {
                things.push((*class, centre, props.clone()));
            }
            if let Some(props) = light_of.get(c) {
                things.push(("light", centre, props.clone()));
            }
        }
    }
    placed_things(raw, &mut things);
    things
}

/// The things a level places by position, onto `things`.
fn placed_things(raw: &RawLevel, things: &mut Vec<Thing>) {
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
}

/// The map's own properties: the format, name, next levels, par, music, enemy kinds,
/// weapons, default floor and ceiling, ambient light and fog.
fn map_properties(source: &LevelSource) -> Properties {
    let raw = &source.raw;
    let mut map_props = vec![
        ("format", "int", crate::level::LEVEL_FORMAT.to_string()),
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
    map_props
}

/// The tileset's XML onto `out`: each tile's properties, and its picture where `images`
/// names the folder of the level's textures.
fn tiles_xml(out: &mut String, tiles: &[Properties], raw: &RawLevel, images: Option<&str>) {
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
}
