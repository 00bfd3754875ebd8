//! The TOML writer: a level's source as the level format's text, in the order people read it.

use std::fmt::Write as _;

use toml::Spanned;

use crate::level::parse::LevelSource;
use crate::level::parse::raw::{RawEntry, RawKind, RawPlacement, RawWeapon};

/// A TOML string literal.
pub(in crate::level) fn quote(s: &str) -> String {
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
pub(in crate::level) fn entry(e: &RawEntry) -> String {
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

/// The level model as TOML level text, its first line the comment `comment`.
pub(in crate::level) fn toml_text(source: &LevelSource, comment: &str) -> String {
    let raw = &source.raw;
    let mut out = format!(
        "# {comment}\nformat = {}\nname = {}\n",
        crate::level::LEVEL_FORMAT,
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
pub(super) fn weapons_text(
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
pub(super) fn kinds_text(
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
