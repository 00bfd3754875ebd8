//! The `things` object layers: the player, spawn points, enemies, pickups, decorations, lights
//! and exits, placed where Tiled draws them (points; rectangles and ellipses by their centre;
//! polygons by their centroid; tile objects, which Tiled anchors at their bottom-left corner,
//! by the centre of their tile), turned about the object's origin by its rotation and moved by
//! its layers' offsets.
//! Templates are read too: the instance's attributes and properties over the template's.

use std::collections::BTreeMap;

use toml::Spanned;

use super::legend::Legend;
use super::parse_points;
use super::xml::Element;
use super::{LevelSource, Property, Reader, TilesetUse, folder};
use crate::level::parse::raw::{
    RawDecoration, RawEnemy, RawEntry, RawPickup, RawPlacedLight, RawPlacement,
};

/// An object of a `things` layer, read.
struct Thing {
    /// Its id, as said in messages.
    id: String,
    /// Where it is in the file.
    at: usize,
    /// Its class (or type), empty where it has none.
    class: String,
    /// Its own properties and its template's.
    own: BTreeMap<String, Property>,
    /// Those over its tile's.
    props: BTreeMap<String, Property>,
    /// Where it stands, in tiles, as the level model takes it.
    position: Spanned<Vec<f64>>,
    /// The same as a point.
    tile: (f64, f64),
}

/// A property as the level model's spanned value (its span the value's, quotes and all).
fn spanned(p: &Property) -> Spanned<String> {
    Spanned::new(p.at..p.at + p.value.len() + 2, p.value.clone())
}

/// The classes an object in `things` may have.
const CLASSES: &str = "player, spawn, enemy, pickup, decoration, light or exit";

impl<'a> Reader<'a> {
    /// Adds an object layer's things to the level.
    pub(super) fn things(
        &mut self,
        group: &'a Element,
        placing: ((f64, f64), (f64, f64)),
        tilesets: &[TilesetUse<'a>],
        legend: &mut Legend,
        source: &mut LevelSource,
    ) {
        for object in group.children_named("object") {
            if let Some(thing) = self.object(object, placing, tilesets) {
                self.unread_object_properties(&thing);
                self.place(&thing, legend, source);
            }
        }
    }

    /// An object of a `things` layer as the level reads it (`None`, said, where it cannot be
    /// read): its template and tile's properties under its own, its class, and where it
    /// stands in tiles (`offset` and `tile_size` in pixels).
    fn object(
        &mut self,
        object: &'a Element,
        (offset, tile_size): ((f64, f64), (f64, f64)),
        tilesets: &[TilesetUse<'a>],
    ) -> Option<Thing> {
        let template = self.template(object);
        let layers = [Some(object), template.as_ref().map(|(o, _)| *o)];
        // An attribute from the instance, else from its template.
        let attr = |key: &str| layers.iter().flatten().find_map(|e| e.attr(key));
        let child = |key: &str| layers.iter().flatten().find_map(|e| e.child(key));
        let id = attr("id").map_or("?".to_string(), |a| a.value.clone());
        let at = object.at;
        // The tile of a tile object: a template's GID counts in the template's tilesets.
        let (gid, sets) = match (object.attr("gid"), &template) {
            (Some(a), _) => (Some(a), tilesets),
            (None, Some((o, sets))) => (o.attr("gid"), sets.as_slice()),
            (None, None) => (None, tilesets),
        };
        let tile = match gid.map(|a| (a, a.value.trim().parse::<u32>())) {
            Some((_, Ok(g))) => Self::tile_of(sets, g).and_then(|(t, id)| t.tile(id)),
            Some((a, Err(_))) => {
                self.error(
                    a.at,
                    format!("object {id}: gid '{}' is not a tile GID", a.value),
                );
                None
            }
            None => None,
        };
        // Properties: the template's, then the instance's own, over the tile's.
        let mut own: BTreeMap<String, Property> = BTreeMap::new();
        for e in [template.as_ref().map(|(o, _)| *o), Some(object)]
            .into_iter()
            .flatten()
        {
            own.extend(self.properties(e));
        }
        let mut props = tile.map(|t| self.properties(t)).unwrap_or_default();
        props.extend(own.clone());
        let class = ["class", "type"]
            .iter()
            .find_map(|k| attr(k).filter(|a| !a.value.is_empty()))
            .or_else(|| tile.and_then(|t| ["class", "type"].iter().find_map(|k| t.attr(k))))
            .map(|a| a.value.clone())
            .unwrap_or_default();
        if child("text").is_some() {
            self.warning(
                at,
                format!("object {id} is a text object; text is not read"),
            );
            return None;
        }
        // Where Tiled draws it, in pixels, before rotation: its anchor offset from (x, y).
        let (w, h) = (self.float_of(attr("width")), self.float_of(attr("height")));
        let anchor = if child("point").is_some() {
            (0.0, 0.0)
        } else if let Some(p) = child("polygon").or_else(|| child("polyline")) {
            match p.attr("points").map(|a| parse_points(&a.value)) {
                Some(Some(points)) => centroid(&points),
                _ => {
                    self.error(p.at, format!("object {id}: its points cannot be read"));
                    return None;
                }
            }
        } else if gid.is_some() {
            (w / 2.0, -h / 2.0)
        } else {
            (w / 2.0, h / 2.0)
        };
        let (x, y) = (self.float_of(attr("x")), self.float_of(attr("y")));
        // The same bits natively and in the page (the level decides play).
        let (sin, cos) = crate::math::sin_cos_degrees(self.float_of(attr("rotation")));
        let px = offset.0 + x + anchor.0 * cos - anchor.1 * sin;
        let py = offset.1 + y + anchor.0 * sin + anchor.1 * cos;
        let (wx, wy) = (px / tile_size.0, py / tile_size.1);
        let position = Spanned::new(at..at, vec![wx, wy]);
        Some(Thing {
            id,
            at,
            class,
            own,
            props,
            position,
            tile: (wx, wy),
        })
    }

    /// A warning for each of the object's own properties its class does not read.
    fn unread_object_properties(&mut self, thing: &Thing) {
        let (id, class) = (&thing.id, thing.class.as_str());
        let known: &[&str] = match class {
            "player" | "spawn" => &["facing"],
            "enemy" => &["kind", "facing", "mode", "difficulty"],
            "pickup" => &["kind", "difficulty"],
            "decoration" => &["kind"],
            "light" => &["colour", "radius", "intensity"],
            "exit" => &["secret", "floor", "ceiling"],
            _ => return,
        };
        for (key, p) in &thing.own {
            if !known.contains(&key.as_str()) {
                self.warning(
                    p.at,
                    format!("object {id} ({class}): property '{key}' is not read"),
                );
            }
        }
    }

    /// The thing placed in the level's source as its class says.
    fn place(&mut self, thing: &Thing, legend: &mut Legend, source: &mut LevelSource) {
        let (id, at, props) = (&thing.id, thing.at, &thing.props);
        let position = thing.position.clone();
        let get = |k: &str| props.get(k).map(spanned);
        match thing.class.as_str() {
            "player" => {
                if source.raw.player.is_some() {
                    self.error(
                        at,
                        format!("object {id}: a second player start; a level has exactly one"),
                    );
                    return;
                }
                source.raw.player = Some(Spanned::new(
                    at..at,
                    RawPlacement {
                        position,
                        facing: get("facing"),
                    },
                ));
            }
            "spawn" => source.raw.spawn.push(Spanned::new(
                at..at,
                RawPlacement {
                    position,
                    facing: get("facing"),
                },
            )),
            "enemy" => source.raw.enemy.push(Spanned::new(
                at..at,
                RawEnemy {
                    kind: get("kind").unwrap_or_else(|| Spanned::new(at..at, "guard".into())),
                    position,
                    facing: get("facing"),
                    mode: get("mode"),
                    difficulty: get("difficulty"),
                },
            )),
            "pickup" => match get("kind") {
                Some(kind) => source.raw.pickup.push(Spanned::new(
                    at..at,
                    RawPickup {
                        kind,
                        position,
                        difficulty: get("difficulty"),
                    },
                )),
                None => self.error(
                    at,
                    format!(
                        "object {id}: a pickup needs a `kind` property (one of {})",
                        crate::level::PickupKind::names()
                    ),
                ),
            },
            "decoration" => match get("kind") {
                Some(kind) => source
                    .raw
                    .decoration
                    .push(Spanned::new(at..at, RawDecoration { kind, position })),
                None => self.error(
                    at,
                    format!(
                        "object {id}: a decoration needs a `kind` property (one of {})",
                        crate::level::DecorationKind::names()
                    ),
                ),
            },
            "light" => {
                let whose = format!("object {id}: light");
                let radius = self.float_property(props, "radius", &whose);
                let intensity = self.float_property(props, "intensity", &whose);
                match (get("colour"), radius) {
                        (Some(colour), Some(radius)) => source.raw.light.push(Spanned::new(
                            at..at,
                            RawPlacedLight {
                                position,
                                colour,
                                radius,
                                intensity,
                            },
                        )),
                        _ => self.error(
                            at,
                            format!("object {id}: a light needs `colour` (#rrggbb) and `radius` (tiles) properties"),
                        ),
                    }
            }
            "exit" => self.place_exit(thing, legend, source),
            "" => self.warning(
                at,
                format!("object {id} has no class; it is not read (give it the class {CLASSES})"),
            ),
            other => self.warning(
                at,
                format!(
                    "object {id}: unknown class '{other}'; it is not read (expected {CLASSES})"
                ),
            ),
        }
    }

    /// An exit object: its cell of the map made an exit, with a character of its own where it
    /// is the secret exit or has a floor or ceiling of its own.
    fn place_exit(&mut self, thing: &Thing, legend: &mut Legend, source: &mut LevelSource) {
        let (id, at, props) = (&thing.id, thing.at, &thing.props);
        let (wx, wy) = thing.tile;
        let get = |k: &str| props.get(k).map(spanned);
        let (cx, cy) = (wx.floor(), wy.floor());
        let cell = (cx >= 0.0 && cy >= 0.0)
            .then(|| {
                source
                    .rows
                    .get_mut(cy as usize)
                    .and_then(|r| r.get_mut(cx as usize))
            })
            .flatten();
        // The secret exit (`secret` true) has a character of its own.
        let secret = self
            .bool_property(props, "secret", &format!("object {id}:"))
            .filter(|s| *s.get_ref());
        // One with a floor or ceiling of its own has a character of its own too.
        let (floor, ceiling) = (get("floor"), get("ceiling"));
        let symbol = match (floor.is_some() || ceiling.is_some(), &secret) {
            (true, _) => legend.next_symbol().unwrap_or('X'),
            (false, Some(_)) => 'x',
            (false, None) => 'X',
        };
        match cell {
            Some(c) if c.0 == '.' => *c = (symbol, at),
            _ => self.error(
                at,
                format!(
                    "object {id}: the exit at cell ({cx}, {cy}) is not on an open cell of the map"
                ),
            ),
        }
        let key = Spanned::new(at..at, symbol.to_string());
        source.raw.legend.entry(key).or_insert_with(|| {
            Spanned::new(
                at..at,
                RawEntry {
                    exit: Some(Spanned::new(at..at, true)),
                    secret,
                    floor,
                    ceiling,
                    ..RawEntry::default()
                },
            )
        });
    }

    /// A number attribute, 0 when absent.
    fn float_of(&mut self, a: Option<&super::xml::Attr>) -> f64 {
        match a {
            None => 0.0,
            Some(a) => match a.value.trim().parse::<f64>() {
                Ok(n) if n.is_finite() => n,
                _ => {
                    self.error(a.at, format!("'{}' is not a number", a.value));
                    0.0
                }
            },
        }
    }

    /// An object's template: its object, and the template's tilesets.
    fn template(&mut self, object: &Element) -> Option<(&'a Element, Vec<TilesetUse<'a>>)> {
        let a = object.attr("template")?;
        let path = folder(self.path).join(&a.value);
        let files = self.files;
        let tree = files.get(&path)?;
        let Some(inner) = tree.child("object") else {
            self.error(
                a.at,
                format!("'{}' is not a Tiled template (no object in it)", a.value),
            );
            return None;
        };
        let sets = self.tilesets(tree, &path);
        Some((inner, sets))
    }
}

/// The centroid of a polygon's area (its points' mean when it has none).
fn centroid(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len();
    let (mut area, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (x0, y0) = points[i];
        let (x1, y1) = points[(i + 1) % n];
        let cross = x0 * y1 - x1 * y0;
        area += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
    }
    if area.abs() < 1e-12 {
        let k = n.max(1) as f64;
        return (
            points.iter().map(|p| p.0).sum::<f64>() / k,
            points.iter().map(|p| p.1).sum::<f64>() / k,
        );
    }
    (cx / (3.0 * area), cy / (3.0 * area))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centroids_of_areas_and_of_lines() {
        let square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
        assert_eq!(centroid(&square), (1.0, 1.0));
        // A triangle's centroid is its vertices' mean; an L-shape's is not.
        assert_eq!(centroid(&[(0.0, 0.0), (3.0, 0.0), (0.0, 3.0)]), (1.0, 1.0));
        let l = [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ];
        let (x, y) = centroid(&l);
        assert!((x - 5.0 / 6.0).abs() < 1e-12 && (y - 5.0 / 6.0).abs() < 1e-12);
        assert_eq!(centroid(&[(0.0, 0.0), (2.0, 2.0)]), (1.0, 1.0));
    }
}
