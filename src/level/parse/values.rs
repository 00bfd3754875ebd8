//! Single values: facings, modes, kinds, key colours, fog, colours, surfaces, texture names.

#[allow(clippy::wildcard_imports)]
use super::*;

impl Parser<'_> {
    pub(super) fn facing(&mut self, value: Option<&Spanned<String>>) -> f64 {
        let Some(v) = value else { return 0.0 };
        const NAMES: [(&str, f64); 8] = [
            ("east", 0.0),
            ("southeast", 45.0),
            ("south", 90.0),
            ("southwest", 135.0),
            ("west", 180.0),
            ("northwest", 225.0),
            ("north", 270.0),
            ("northeast", 315.0),
        ];
        if let Some(&(_, degrees)) = NAMES.iter().find(|(n, _)| *n == v.get_ref().as_str()) {
            return degrees;
        }
        if let Ok(degrees) = v.get_ref().parse::<f64>() {
            if (-360.0..=360.0).contains(&degrees) {
                return degrees.rem_euclid(360.0);
            }
        }
        self.d.error(v.span(), format!("unknown facing '{}' (expected north, northeast, east, ..., or degrees from east towards south, -360 to 360)", v.get_ref()));
        0.0
    }

    pub(super) fn mode(&mut self, value: Option<&Spanned<String>>) -> EnemyMode {
        match value.map(|v| (v, v.get_ref().as_str())) {
            None | Some((_, "stand")) => EnemyMode::Stand,
            Some((_, "ambush")) => EnemyMode::Ambush,
            Some((_, "patrol")) => EnemyMode::Patrol,
            Some((v, other)) => {
                self.d.error(
                    v.span(),
                    format!("unknown enemy mode '{other}' (expected stand, ambush or patrol)"),
                );
                EnemyMode::Stand
            }
        }
    }

    /// A thing's least difficulty (`None` when not given, or wrong: an error).
    pub(super) fn difficulty(&mut self, value: Option<&Spanned<String>>) -> Option<Difficulty> {
        let v = value?;
        let found = Difficulty::named(v.get_ref());
        if found.is_none() {
            self.d.error(
                v.span(),
                format!(
                    "unknown difficulty '{}' (expected {}: the least difficulty the thing is there on)",
                    v.get_ref(),
                    Difficulty::names(" or ")
                ),
            );
        }
        found
    }

    /// A wall's shape: a bundled mask's name, or a PNG file relative to the level file (an
    /// error when it is neither, or the file is not a usable mask).
    pub(super) fn shape(&mut self, v: &Spanned<String>) -> Option<crate::level::Shape> {
        let name = v.get_ref();
        let mask = if crate::level::shapes::is_shape_file(name) {
            let path = self.folder.join(name);
            if !self.files.contains(&path) {
                self.files.push(path.clone());
            }
            match crate::level::read_mask(&path) {
                Ok(mask) => mask,
                Err(problem) => {
                    // The file is named once, as the level names it.
                    let prefix = format!("{}: ", path.display());
                    let reason = problem.strip_prefix(&prefix).unwrap_or(&problem);
                    self.d.error(v.span(), format!("shape '{name}': {reason}"));
                    return None;
                }
            }
        } else if let Some(mask) = crate::level::bundled_shape(name) {
            mask
        } else {
            let known: Vec<&str> = crate::level::BUNDLED_SHAPES.iter().map(|s| s.0).collect();
            self.d.error(
                v.span(),
                format!(
                    "unknown shape '{name}' (expected one of {}, or a PNG mask such as \"masks/column.png\", relative to the level file)",
                    known.join(", ")
                ),
            );
            return None;
        };
        Some(crate::level::Shape {
            name: name.clone(),
            mask: std::sync::Arc::new(mask),
        })
    }

    pub(super) fn enemy_kind(&mut self, v: &Spanned<String>) -> Option<String> {
        if self.kinds.contains_key(v.get_ref()) {
            Some(v.get_ref().clone())
        } else {
            let known: Vec<&str> = self.kinds.keys().map(String::as_str).collect();
            self.d.error(
                v.span(),
                format!(
                    "unknown enemy kind '{}' (expected {}, or a kind of the level's own in an [enemies.NAME] table)",
                    v.get_ref(),
                    known.join(", ")
                ),
            );
            None
        }
    }

    /// The level's own enemy kinds (`[enemies.NAME]`), checked and added to the built-in ones
    /// (a built-in name is changed); every field missing is a guard's.
    pub(super) fn enemy_kinds(
        &mut self,
        raw: &std::collections::BTreeMap<Spanned<String>, Spanned<super::raw::RawKind>>,
    ) {
        use crate::level::kinds::{Attack, EnemyKind, limits};
        for (name, kind) in raw {
            if !plain_name(name.get_ref()) {
                self.d.error(
                    name.span(),
                    format!(
                        "enemy kind '{}': a name is 1 to 32 of a-z, 0-9 and _",
                        name.get_ref()
                    ),
                );
                continue;
            }
            let k = kind.get_ref();
            // A built-in kind's table changes that kind; a new one starts as a guard.
            let mut out = self
                .kinds
                .get(name.get_ref())
                .cloned()
                .unwrap_or(EnemyKind {
                    sprite: name.get_ref().clone(),
                    ..EnemyKind::guard()
                });
            if let Some(sprite) = &k.sprite {
                if plain_name(sprite.get_ref()) {
                    out.sprite = sprite.get_ref().clone();
                } else {
                    self.d.error(sprite.span(), format!("sprite '{}': a sheet's name is 1 to 32 of a-z, 0-9 and _ (textures/sprites/NAME.png)", sprite.get_ref()));
                }
            }
            if let Some(h) = &k.health {
                let (lo, hi) = limits::HEALTH;
                if (lo..=hi).contains(h.get_ref()) {
                    out.health = *h.get_ref() as i32;
                } else {
                    self.d.error(
                        h.span(),
                        format!("health {}: it must be from {lo} to {hi}", h.get_ref()),
                    );
                }
            }
            if let Some(v) = &k.speed {
                let (lo, hi) = limits::SPEED;
                if (lo..=hi).contains(v.get_ref()) {
                    out.stats.speed = *v.get_ref();
                } else {
                    self.d.error(
                        v.span(),
                        format!(
                            "speed {}: it must be from {lo} to {hi} tiles a second",
                            v.get_ref()
                        ),
                    );
                }
            }
            if let Some((a, b)) = k
                .damage
                .as_ref()
                .and_then(|d| self.damage(d, limits::DAMAGE))
            {
                out.stats.damage = (a as u32, b as u32);
            }
            if let Some(r) = &k.firing_range {
                let (lo, hi) = limits::RANGE;
                match r.get_ref().as_slice() {
                    &[a, b] if (lo..=hi).contains(&a) && (a..=hi).contains(&b) => {
                        out.stats.firing_range = (a, b);
                    }
                    _ => self.d.error(r.span(), format!("firing_range: two numbers [near, far] in tiles, {lo} <= near <= far <= {hi}")),
                }
            }
            if let Some(p) = &k.points {
                let (lo, hi) = limits::POINTS;
                match u32::try_from(*p.get_ref()) {
                    Ok(n) if (lo..=hi).contains(p.get_ref()) => out.stats.points = n,
                    _ => self.d.error(
                        p.span(),
                        format!("points {}: from {lo} to {hi}", p.get_ref()),
                    ),
                }
            }
            if let Some(a) = &k.attack {
                match Attack::named(a.get_ref()) {
                    Some(attack) => out.stats.attack = attack,
                    None => self.d.error(
                        a.span(),
                        format!("attack '{}': expected gun or bite", a.get_ref()),
                    ),
                }
            }
            if let Some(b) = &k.burst {
                let (lo, hi) = limits::BURST;
                match u32::try_from(*b.get_ref()) {
                    Ok(n) if (lo..=hi).contains(b.get_ref()) => out.stats.burst = n,
                    _ => self.d.error(
                        b.span(),
                        format!("burst {}: from {lo} to {hi} shots", b.get_ref()),
                    ),
                }
            }
            if let Some(a) = &k.aim {
                let (lo, hi) = limits::AIM;
                if (lo..=hi).contains(a.get_ref()) {
                    out.stats.aim = *a.get_ref();
                } else {
                    self.d.error(
                        a.span(),
                        format!("aim {}: from {lo} to {hi} seconds", a.get_ref()),
                    );
                }
            }
            if let Some(v) = &k.shout {
                out.stats.shout = *v.get_ref();
            }
            if let Some(v) = &k.boss {
                out.stats.boss = *v.get_ref();
            }
            if let Some(d) = &k.drops {
                if d.get_ref().is_empty() {
                    out.stats.drops = None;
                } else if let Some(kind) = self.pickup_kind(d) {
                    out.stats.drops = Some(kind);
                }
            }
            if let Some(sounds) = &k.sounds {
                let slots = [
                    (&sounds.alert, &mut out.sounds.alert),
                    (&sounds.shot, &mut out.sounds.shot),
                    (&sounds.pain, &mut out.sounds.pain),
                    (&sounds.death, &mut out.sounds.death),
                ];
                for (given, slot) in slots {
                    let Some(given) = given else { continue };
                    if plain_name(given.get_ref()) {
                        *slot = Some(given.get_ref().clone());
                    } else {
                        self.d.error(given.span(), format!("sound '{}': a sound's name is 1 to 32 of a-z, 0-9 and _ (sounds/NAME.wav, or one of the game's own: {})", given.get_ref(), crate::assets::SOUND_NAMES.join(", ")));
                    }
                }
            }
            self.kinds.insert(name.get_ref().clone(), out);
        }
    }

    /// A damage range `[from, to]` within `(lo, hi)` (an enemy kind's hits, a weapon's).
    pub(super) fn damage(
        &mut self,
        d: &Spanned<Vec<i64>>,
        (lo, hi): (i64, i64),
    ) -> Option<(i64, i64)> {
        match d.get_ref().as_slice() {
            &[a, b] if (lo..=hi).contains(&a) && (a..=hi).contains(&b) => Some((a, b)),
            _ => {
                self.d.error(
                    d.span(),
                    format!("damage: two numbers [from, to], {lo} <= from <= to <= {hi}"),
                );
                None
            }
        }
    }

    pub(super) fn pickup_kind(&mut self, v: &Spanned<String>) -> Option<PickupKind> {
        let kind = PickupKind::named(v.get_ref());
        if kind.is_none() {
            let (other, names) = (v.get_ref(), PickupKind::names());
            self.d.error(
                v.span(),
                format!("unknown pickup '{other}' (expected one of {names})"),
            );
        }
        kind
    }

    pub(super) fn decoration_kind(&mut self, v: &Spanned<String>) -> Option<DecorationKind> {
        let kind = DecorationKind::named(v.get_ref());
        if kind.is_none() {
            let (other, names) = (v.get_ref(), DecorationKind::names());
            let message = match crate::level::decorations::RETIRED
                .iter()
                .find(|(name, _)| name == other)
            {
                Some((_, instead)) => format!("'{other}' is no longer a decoration: {instead}"),
                None => format!("unknown decoration '{other}' (expected one of {names})"),
            };
            self.d.error(v.span(), message);
        }
        kind
    }

    pub(super) fn key_colour(&mut self, v: &Spanned<String>) -> Option<KeyColour> {
        match v.get_ref().as_str() {
            "gold" => Some(KeyColour::Gold),
            "silver" => Some(KeyColour::Silver),
            other => {
                self.d.error(
                    v.span(),
                    format!("unknown key colour '{other}' (expected gold or silver)"),
                );
                None
            }
        }
    }

    pub(super) fn fog(&mut self, f: &RawFog) -> Fog {
        let colour = self.colour(&f.colour).unwrap_or(DEFAULT_FOG.colour);
        let distance = *f.distance.get_ref();
        // `inf` is allowed: no fog at all.
        if distance.is_nan() || distance <= 0.0 {
            self.d.error(
                f.distance.span(),
                format!(
                    "fog distance {distance} must be a positive number of tiles (or inf: no fog)"
                ),
            );
        }
        Fog { colour, distance }
    }

    pub(super) fn colour(&mut self, v: &Spanned<String>) -> Option<Colour> {
        let parsed = parse_colour(v.get_ref());
        if parsed.is_none() {
            self.d.error(
                v.span(),
                format!("'{}' is not a colour (expected #rrggbb)", v.get_ref()),
            );
        }
        parsed
    }

    /// A floor or ceiling: `#rrggbb` or a texture name.
    pub(super) fn surface(&mut self, v: Option<&Spanned<String>>) -> Option<Surface> {
        let v = v?;
        if v.get_ref().starts_with('#') {
            return self.colour(v).map(Surface::Colour);
        }
        Some(Surface::Texture(self.texture(v)))
    }

    /// Records a texture name and where it appears; checks its spelling.
    pub(super) fn texture(&mut self, v: &Spanned<String>) -> String {
        let name = v.get_ref();
        let valid = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !valid {
            self.d.error(
                v.span(),
                format!(
                    "'{name}' is not a texture name (file stems use letters, digits, '_' and '-')"
                ),
            );
        }
        let span: Range<usize> = v.span();
        // Point at the name inside its quotes.
        let position = self.d.position(span.start + 1);
        self.textures.push(TextureRef {
            name: name.clone(),
            file: self.d.file_at(span.start).to_string(),
            position,
        });
        name.clone()
    }
}

/// `#rrggbb`.
fn parse_colour(s: &str) -> Option<Colour> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Colour::rgb(byte(0)?, byte(2)?, byte(4)?))
}

/// Whether `s` is a plain name, as enemy kinds, sprite sheets and sounds are named: 1 to 32
/// of a-z, 0-9 and `_`.
pub(super) fn plain_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 32
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}
