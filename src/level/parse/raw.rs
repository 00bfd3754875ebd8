//! The level file as TOML gives it: every field with its span, nothing checked yet.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLevel {
    pub(super) name: Spanned<String>,
    pub(super) grid: Spanned<String>,
    pub(super) next: Option<Spanned<String>>,
    pub(super) par: Option<Spanned<i64>>,
    pub(super) textures: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) defaults: RawDefaults,
    pub(super) fog: Option<RawFog>,
    #[serde(default)]
    pub(super) legend: BTreeMap<Spanned<String>, Spanned<RawEntry>>,
    pub(super) player: Option<Spanned<RawPlacement>>,
    #[serde(default)]
    pub(super) enemy: Vec<Spanned<RawEnemy>>,
    #[serde(default)]
    pub(super) pickup: Vec<Spanned<RawPickup>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDefaults {
    pub(super) floor: Option<Spanned<String>>,
    pub(super) ceiling: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFog {
    pub(super) colour: Spanned<String>,
    pub(super) distance: Spanned<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPlacement {
    pub(super) position: Spanned<Vec<f64>>,
    pub(super) facing: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEnemy {
    pub(super) kind: Spanned<String>,
    pub(super) position: Spanned<Vec<f64>>,
    pub(super) facing: Option<Spanned<String>>,
    pub(super) mode: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPickup {
    pub(super) kind: Spanned<String>,
    pub(super) position: Spanned<Vec<f64>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEntry {
    pub(super) wall: Option<Spanned<String>>,
    pub(super) faces: Option<RawFaces>,
    pub(super) door: Option<Spanned<String>>,
    pub(super) key: Option<Spanned<String>>,
    pub(super) push: Option<Spanned<String>>,
    pub(super) masked: Option<Spanned<String>>,
    pub(super) floor: Option<Spanned<String>>,
    pub(super) ceiling: Option<Spanned<String>>,
    pub(super) player: Option<Spanned<String>>,
    pub(super) enemy: Option<Spanned<String>>,
    pub(super) facing: Option<Spanned<String>>,
    pub(super) mode: Option<Spanned<String>>,
    pub(super) pickup: Option<Spanned<String>>,
    pub(super) exit: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFaces {
    pub(super) north: Option<Spanned<String>>,
    pub(super) south: Option<Spanned<String>>,
    pub(super) east: Option<Spanned<String>>,
    pub(super) west: Option<Spanned<String>>,
}
