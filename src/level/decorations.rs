//! Decorations: the static things that furnish a level (barrels, tables, lamps, bones...), as
//! a level places them (`{ decoration = "barrel" }` in the legend, `[[decoration]]` tables, or
//! a Tiled object of class `decoration`), and what each kind does: whether it stops the player
//! and enemies, and whether it stops bullets and sight too. Each kind is drawn from its own
//! sprite, `textures/sprites/NAME.png`, which a data folder may replace.

use crate::grid::Cell;
use crate::math::Vec2;

/// What a kind of decoration does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecorationKind {
    /// Its name in level files, and its sprite's.
    pub name: &'static str,
    /// It stops the player and enemies (its whole cell, as in Wolfenstein 3D).
    pub blocks: bool,
    /// It stops bullets and sight as well (a stone pillar); most do not.
    pub blocks_shots: bool,
    /// It hangs from the ceiling (lamps): drawn at the top of its cell, never under foot.
    pub hangs: bool,
}

const fn kind(name: &'static str, blocks: bool, blocks_shots: bool, hangs: bool) -> DecorationKind {
    DecorationKind {
        name,
        blocks,
        blocks_shots,
        hangs,
    }
}

/// Every kind of decoration: six that stand in the way, six that do not.
pub const DECORATIONS: [DecorationKind; 12] = [
    kind("barrel", true, false, false),
    kind("table", true, false, false),
    kind("pillar", true, true, false),
    kind("armour", true, false, false),
    kind("plant", true, false, false),
    kind("well", true, false, false),
    kind("lamp", false, false, true),
    kind("chandelier", false, false, true),
    kind("bones", false, false, false),
    kind("puddle", false, false, false),
    kind("flag", false, false, false),
    kind("skeleton", false, false, false),
];

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
    fn twelve_kinds_half_of_them_in_the_way_and_only_the_pillar_stops_shots() {
        assert_eq!(DECORATIONS.iter().filter(|k| k.blocks).count(), 6);
        let shots: Vec<&str> = DECORATIONS
            .iter()
            .filter(|k| k.blocks_shots)
            .map(|k| k.name)
            .collect();
        assert_eq!(shots, ["pillar"]);
        for k in DECORATIONS {
            assert_eq!(DecorationKind::named(k.name), Some(k));
            assert!(!k.blocks_shots || k.blocks);
        }
        assert_eq!(DecorationKind::named("sofa"), None);
    }
}
