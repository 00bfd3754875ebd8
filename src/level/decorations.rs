//! Decorations: the static things that furnish a level (barrels, tables, lamps, bones...), as
//! a level places them (`{ decoration = "barrel" }` in the legend, `[[decoration]]` tables, or
//! a Tiled object of class `decoration`), and what each kind does: whether it stops the player
//! and enemies (none stops bullets or sight, as in Wolfenstein 3D: a pillar is a shaped wall,
//! `{ wall = "stone", shape = "pillar_round" }`). Each kind is drawn from its own sprite,
//! `textures/sprites/NAME.png`, which a data folder may replace.

use crate::grid::Cell;
use crate::math::Vec2;

/// What a kind of decoration does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecorationKind {
    /// Its name in level files, and its sprite's.
    pub name: &'static str,
    /// It stops the player and enemies (its whole cell, as in Wolfenstein 3D); bullets and
    /// sight pass it.
    pub blocks: bool,
    /// It hangs from the ceiling (lamps): drawn at the top of its cell, never under foot.
    pub hangs: bool,
}

const fn kind(name: &'static str, blocks: bool, hangs: bool) -> DecorationKind {
    DecorationKind {
        name,
        blocks,
        hangs,
    }
}

/// Every kind of decoration, Wolfenstein 3D's thirty or so drawn anew: eighteen that stand in
/// the way, twelve that do not.
pub const DECORATIONS: [DecorationKind; 30] = [
    kind("barrel", true, false),
    kind("table", true, false),
    kind("armour", true, false),
    kind("plant", true, false),
    kind("well", true, false),
    kind("lamp", false, true),
    kind("chandelier", false, true),
    kind("bones", false, false),
    kind("puddle", false, false),
    kind("flag", false, false),
    kind("skeleton", false, false),
    kind("barrel_wood", true, false),
    kind("table_chairs", true, false),
    kind("floor_lamp", true, false),
    kind("ceiling_light", false, true),
    kind("hanging_skeleton", true, false),
    kind("bones_blood", false, false),
    kind("blood_pool", false, false),
    kind("potted_tree", true, false),
    kind("sink", true, false),
    kind("vase", true, false),
    kind("pots_pans", false, true),
    kind("stove", true, false),
    kind("spear_rack", true, false),
    kind("cage", true, false),
    kind("cage_skeleton", true, false),
    kind("well_water", true, false),
    kind("vines", false, true),
    kind("bed", true, false),
    kind("basket", false, false),
];

/// What became of a decoration's name that is no longer one: the pillar, which stopped
/// bullets as no decoration of Wolfenstein 3D's does, is a shaped wall.
pub const RETIRED: [(&str, &str); 1] = [(
    "pillar",
    "it is a shaped wall now, { wall = \"stone\", shape = \"pillar_round\" }",
)];

impl DecorationKind {
    /// The kind of that name.
    pub fn named(name: &str) -> Option<DecorationKind> {
        DECORATIONS.into_iter().find(|k| k.name == name)
    }

    /// Every kind's name, as a message lists them.
    pub fn names() -> String {
        let names: Vec<&str> = DECORATIONS.iter().map(|k| k.name).collect();
        names.join(", ")
    }
}

/// A decoration placed in a level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decoration {
    /// What it is.
    pub kind: DecorationKind,
    /// Where it stands (a legend cell's centre, or as given).
    pub position: Vec2,
}

impl Decoration {
    /// The cell it stands in.
    pub fn cell(&self) -> Cell {
        Cell::containing(self.position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_kinds_eighteen_of_them_in_the_way() {
        assert_eq!(DECORATIONS.len(), 30);
        assert_eq!(DECORATIONS.iter().filter(|k| k.blocks).count(), 18);
        for k in DECORATIONS {
            assert_eq!(DecorationKind::named(k.name), Some(k));
        }
        assert_eq!(DecorationKind::named("sofa"), None);
        for (name, _) in RETIRED {
            assert_eq!(DecorationKind::named(name), None);
        }
    }

    #[test]
    fn the_pillar_decoration_is_refused_with_what_to_write_instead() {
        let said = |kind: &str| {
            let text = format!(
                "name = \"p\"\ngrid = '''\n####\n#@p#\n####\n'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"@\" = {{ player = \"east\" }}\n\"p\" = {{ decoration = \"{kind}\" }}\n"
            );
            match crate::level::Level::parse(&text, std::path::Path::new("p.toml")) {
                Ok(_) => String::new(),
                Err(e) => e.to_string(),
            }
        };
        let pillar = said("pillar");
        assert!(pillar.contains("p.toml:10:"), "{pillar}");
        assert!(
            pillar.contains("'pillar' is no longer a decoration")
                && pillar.contains("shape = \"pillar_round\""),
            "{pillar}"
        );
        assert!(said("sofa").contains("unknown decoration 'sofa'"));
        assert_eq!(said("armour"), "");
    }
}
