//! Tilesets as a map uses them: which tile a GID names.

use super::*;

/// A tileset as a map uses it: its first GID and its tree.
#[derive(Clone, Copy)]
pub(super) struct TilesetUse<'a> {
    pub(super) first_gid: u32,
    pub(super) tileset: &'a Element,
}

impl TilesetUse<'_> {
    pub(super) fn name(&self) -> &str {
        self.tileset.value("name").unwrap_or("(unnamed)")
    }

    /// The tile element for a local id (absent for a tile with no properties of its own).
    pub(super) fn tile(&self, id: u32) -> Option<&Element> {
        self.tileset
            .children_named("tile")
            .find(|t| t.value("id").and_then(|v| v.trim().parse::<u32>().ok()) == Some(id))
    }

    /// Whether the tileset has a tile with this id: below its count for a tileset cut from
    /// one image (any id when an old tileset gives no count), one of its tiles for an image
    /// collection.
    pub(super) fn has(&self, id: u32) -> bool {
        let t = self.tileset;
        if t.child("image").is_none() && t.attr("image").is_none() {
            return self.tile(id).is_some();
        }
        t.value("tilecount")
            .and_then(|v| v.trim().parse::<u32>().ok())
            .is_none_or(|count| id < count)
    }
}

impl<'a> Reader<'a> {
    /// The map's tilesets, by first GID.
    pub(super) fn tilesets(&mut self, map: &'a Element, path: &Path) -> Vec<TilesetUse<'a>> {
        let files = self.files;
        let mut out = Vec::new();
        for t in map.children_named("tileset") {
            let Some(first_gid) = self.number(t, "firstgid", None) else {
                continue;
            };
            let Ok(first_gid) = u32::try_from(first_gid) else {
                self.error(t.at, "`firstgid` is out of range");
                continue;
            };
            let tileset = match t.attr("source") {
                Some(a) => match files.get(&folder(path).join(&a.value)) {
                    Some(tree) if tree.name == "tileset" => tree,
                    Some(tree) => {
                        self.error(
                            a.at,
                            format!("'{}' is a {}, not a tileset", a.value, tree.name),
                        );
                        continue;
                    }
                    None => continue,
                },
                None => t,
            };
            out.push(TilesetUse { first_gid, tileset });
        }
        out.sort_by_key(|t| t.first_gid);
        out
    }

    /// The tileset and local id of a GID (flags removed).
    pub(super) fn tile_of<'t>(
        tilesets: &'t [TilesetUse<'a>],
        gid: u32,
    ) -> Option<(&'t TilesetUse<'a>, u32)> {
        let gid = gid & !GID_FLAGS;
        let i = tilesets.partition_point(|t| t.first_gid <= gid);
        let tileset = tilesets.get(i.checked_sub(1)?)?;
        let id = gid - tileset.first_gid;
        tileset.has(id).then_some((tileset, id))
    }
}
