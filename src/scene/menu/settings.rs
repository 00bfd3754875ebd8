//! What the Options page changes, a step at a time: each setting's steps and limits.

use super::pages::Setting;
use crate::level::Difficulty;
use crate::scene::topdown::Corner;
use crate::settings::Settings;

const SENSITIVITIES: [f64; 14] = [
    0.03, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5,
];
const RESOLUTION_SCALES: [f64; 7] = [0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0];
/// Frame caps, "none" (0) last as if it were the largest.
const FRAME_CAPS: [f64; 7] = [30.0, 60.0, 75.0, 120.0, 144.0, 240.0, NO_CAP];
const NO_CAP: f64 = 1e9;
/// A hosted deathmatch's frag limits, "none" (0) last as if it were the largest.
const FRAG_LIMITS: [f64; 9] = [5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 50.0, 100.0, NO_CAP];
/// A hosted deathmatch's time limits in minutes, "none" (0) last.
const TIME_LIMITS: [f64; 10] = [1.0, 2.0, 3.0, 5.0, 10.0, 15.0, 20.0, 30.0, 60.0, NO_CAP];
const MINIMAP_SIZES: [f64; 9] = [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1.0];
const CORNERS: [Corner; 4] = [
    Corner::TopLeft,
    Corner::TopRight,
    Corner::BottomRight,
    Corner::BottomLeft,
];

/// The value after (`up`) or before `now` in `list` (ordered as shown), clamped to its ends; a
/// value between two steps goes to the nearer step in that direction.
fn step(list: &[f64], now: f64, up: bool) -> f64 {
    let at = list.iter().position(|&v| (v - now).abs() < 1e-9);
    match (at, up) {
        (Some(i), true) => list[(i + 1).min(list.len() - 1)],
        (Some(i), false) => list[i.saturating_sub(1)],
        (None, true) => *list
            .iter()
            .find(|&&v| v > now)
            .unwrap_or(&list[list.len() - 1]),
        (None, false) => *list.iter().rev().find(|&&v| v < now).unwrap_or(&list[0]),
    }
}

/// The value after or before `now` in `list`, whose last step, [`NO_CAP`], stands for 0
/// (none).
fn step_or_none(list: &[f64], now: u32, up: bool) -> u32 {
    let now = match now {
        0 => NO_CAP,
        n => f64::from(n),
    };
    match step(list, now, up) {
        next if next == NO_CAP => 0,
        next => next as u32,
    }
}

/// `now` moved by `by` and clamped to `lo..=hi`, rounded to hundredths.
fn nudge(now: f64, by: f64, lo: f64, hi: f64) -> f64 {
    ((now + by).clamp(lo, hi) * 100.0).round() / 100.0
}

/// Moves a setting one step up or down (a switch flips either way).
pub(super) fn change(s: &mut Settings, setting: Setting, up: bool) {
    let dir = if up { 1.0 } else { -1.0 };
    match setting {
        Setting::Sensitivity => s.mouse_sensitivity = step(&SENSITIVITIES, s.mouse_sensitivity, up),
        Setting::Fov => s.fov = nudge(s.fov, 5.0 * dir, 60.0, 110.0),
        Setting::Resolution => {
            s.resolution_scale = step(&RESOLUTION_SCALES, s.resolution_scale, up)
        }
        Setting::Fullscreen => s.fullscreen = !s.fullscreen,
        Setting::FrameCap => s.frame_cap = step_or_none(&FRAME_CAPS, s.frame_cap, up),
        Setting::FragLimit => {
            s.network.frag_limit = step_or_none(&FRAG_LIMITS, s.network.frag_limit, up);
        }
        Setting::TimeLimit => {
            s.network.time_limit = step_or_none(&TIME_LIMITS, s.network.time_limit, up);
        }
        Setting::Mipmaps => s.mipmaps = !s.mipmaps,
        Setting::Master => {
            s.sound.master = nudge(f64::from(s.sound.master), 0.1 * dir, 0.0, 1.0) as f32;
        }
        Setting::Effects => {
            s.sound.effects = nudge(f64::from(s.sound.effects), 0.1 * dir, 0.0, 1.0) as f32;
        }
        Setting::Music => {
            s.sound.music = nudge(f64::from(s.sound.music), 0.1 * dir, 0.0, 1.0) as f32;
        }
        Setting::Mute => s.sound.mute = !s.sound.mute,
        Setting::HeadBob => s.head_bob = !s.head_bob,
        Setting::AlwaysRun => s.always_run = !s.always_run,
        Setting::MouseMove => s.mouse_move = !s.mouse_move,
        Setting::DamageFlash => s.damage_flash = nudge(s.damage_flash, 0.25 * dir, 0.0, 1.0),
        Setting::MinimapSize => s.minimap_size = step(&MINIMAP_SIZES, s.minimap_size, up),
        Setting::NetColour => {
            let count = crate::level::COLOUR_NAMES.len();
            let step = if up { 1 } else { count - 1 };
            s.network.colour = (s.network.colour + step) % count;
        }
        Setting::NetDifficulty => {
            let all = Difficulty::ALL;
            let at = all
                .iter()
                .position(|&d| d == s.network.difficulty)
                .unwrap_or(1);
            let next = if up {
                (at + 1).min(all.len() - 1)
            } else {
                at.saturating_sub(1)
            };
            s.network.difficulty = all[next];
        }
        Setting::MinimapCorner => {
            let at = CORNERS
                .iter()
                .position(|&c| c == s.minimap_corner)
                .unwrap_or(0);
            let next = if up { at + 1 } else { at + CORNERS.len() - 1 };
            s.minimap_corner = CORNERS[next % CORNERS.len()];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_snap_to_the_list_and_clamp() {
        assert_eq!(step(&SENSITIVITIES, 0.15, true), 0.2);
        assert_eq!(step(&SENSITIVITIES, 0.17, true), 0.2);
        assert_eq!(step(&SENSITIVITIES, 0.17, false), 0.15);
        assert_eq!(step(&SENSITIVITIES, 1.5, true), 1.5);
        let mut s = Settings::default();
        for _ in 0..10 {
            change(&mut s, Setting::FrameCap, true);
        }
        assert_eq!(s.frame_cap, 0, "no cap, past the largest");
        change(&mut s, Setting::FrameCap, false);
        assert_eq!(s.frame_cap, 240);
        s.frame_cap = 50;
        change(&mut s, Setting::FrameCap, false);
        assert_eq!(s.frame_cap, 30);
        // A frag limit past 100 is none; down from none, 100 again.
        s.network.frag_limit = 100;
        change(&mut s, Setting::FragLimit, true);
        assert_eq!(s.network.frag_limit, 0);
        change(&mut s, Setting::FragLimit, false);
        assert_eq!(s.network.frag_limit, 100);
        s.network.time_limit = 7;
        change(&mut s, Setting::TimeLimit, true);
        assert_eq!(
            s.network.time_limit, 10,
            "a limit between steps to the next"
        );
    }
}
