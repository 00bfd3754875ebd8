//! The level's changes to the weapons (`[weapons.NAME]`): see [`crate::level::arsenal`].

use std::collections::BTreeMap;

use toml::Spanned;

use super::Parser;
use super::raw::RawWeapon;
use crate::level::arsenal::{Arsenal, limits};
use crate::level::{TICK_HZ, Weapon};

impl Parser<'_> {
    /// The built-in arsenal with the level's `[weapons.NAME]` tables applied, every number
    /// checked against [`limits`].
    pub(super) fn arsenal(
        &mut self,
        raw: &BTreeMap<Spanned<String>, Spanned<RawWeapon>>,
    ) -> Arsenal {
        let mut arsenal = Arsenal::default();
        for (name, table) in raw {
            let Some(weapon) = Weapon::named(name.get_ref()) else {
                let known: Vec<&str> = Weapon::ALL.iter().map(|w| w.name()).collect();
                self.d.error(
                    name.span(),
                    format!(
                        "unknown weapon '{}' (expected {}: a level changes the numbers of these, it cannot add a weapon)",
                        name.get_ref(),
                        known.join(", ")
                    ),
                );
                continue;
            };
            let t = table.get_ref();
            let damage = t
                .damage
                .as_ref()
                .and_then(|d| self.damage(d, limits::DAMAGE));
            let out = arsenal.stats_mut(weapon);
            if let Some((a, b)) = damage {
                out.damage = (a as i32, b as i32);
            }
            if let Some(i) = &t.interval {
                let (lo, hi) = limits::INTERVAL;
                let seconds = *i.get_ref();
                // Within the documented seconds (1/60 rounded to four places or more passes),
                // then whole ticks: the nearest.
                if (lo * (1.0 - 1e-4)..=hi).contains(&seconds) {
                    out.interval = ((seconds * f64::from(TICK_HZ)).round() as u64).max(1);
                } else {
                    self.d.error(
                        i.span(),
                        format!(
                            "interval {seconds}: from 1/60 ({lo:.5}, one tick) to {hi} seconds"
                        ),
                    );
                }
            }
            if let Some(c) = &t.cost {
                let (lo, hi) = limits::COST;
                match u32::try_from(*c.get_ref()) {
                    Ok(n) if (lo..=hi).contains(c.get_ref()) => out.cost = n,
                    _ => self.d.error(
                        c.span(),
                        format!("cost {}: from {lo} to {hi} rounds a shot", c.get_ref()),
                    ),
                }
            }
            if let Some(a) = &t.automatic {
                out.automatic = *a.get_ref();
            }
            if let Some(l) = &t.loud {
                out.loud = *l.get_ref();
            }
        }
        arsenal
    }
}
