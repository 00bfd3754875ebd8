//! The weapon in hand: its firing frames, worked out from the ticks since its last attack,
//! and how each is drawn. Every weapon has its own sequence: a gun kicks with its muzzle
//! flash, recoils and smokes; the machine gun and chaingun shake and alternate their flashes
//! while held, the chaingun's barrels spin up and run down; the knife draws back, thrusts and
//! returns; the launcher glows, drops under its recoil and smokes.
//!
//! ```
//! use tilecaster::game::Weapon;
//! use tilecaster::scene::hand::{Phase, pose};
//! assert_eq!(pose(Weapon::Knife, Some(0), 0).phase, Phase::Draw);
//! assert_eq!(pose(Weapon::Knife, Some(8), 0).phase, Phase::Thrust);
//! assert_eq!(pose(Weapon::Knife, None, 0).phase, Phase::Ready);
//! ```

use super::art;
use crate::assets::Pictures;
use crate::frame::Frame;
use crate::frame::draw::Canvas;
use crate::game::{Game, Weapon};

/// Where a weapon is in its attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// At rest.
    Ready,
    /// A gun firing: kicked up, its muzzle flash out.
    Fire,
    /// A gun thrown back by its shot.
    Recoil,
    /// Smoke rising from a gun after its last shot.
    Smoke,
    /// The knife drawn back before the stab.
    Draw,
    /// The knife thrust forward.
    Thrust,
    /// The knife coming back.
    Return,
}

/// One frame of the weapon in hand: where its art sits and what is drawn with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Where it is in its attack.
    pub phase: Phase,
    /// Art pixels it is raised (negative: lowered).
    pub lift: i64,
    /// Art pixels it is moved right.
    pub shift: i64,
    /// The muzzle flash over the barrel, if any.
    pub flash: Option<&'static [&'static str]>,
    /// Smoke over the barrel, risen this many art pixels, if any.
    pub smoke: Option<i64>,
    /// Whether the launcher's mouth glows.
    pub glow: bool,
    /// Which of the chaingun's three barrels (left to right) is turned away into shadow
    /// while they spin; `None`: they are still.
    pub barrel: Option<usize>,
}

impl Pose {
    const READY: Pose = Pose {
        phase: Phase::Ready,
        lift: 0,
        shift: 0,
        flash: None,
        smoke: None,
        glow: false,
        barrel: None,
    };
}

/// The frame of `weapon` `since` ticks after its last attack (`None`: never attacked), the
/// `shots`-th attack in a row setting which of two flashes an automatic gun shows.
pub fn pose(weapon: Weapon, since: Option<u64>, shots: u64) -> Pose {
    let Some(t) = since else {
        return Pose::READY;
    };
    let flash: &'static [&'static str] = if shots.is_multiple_of(2) {
        &art::FLASH
    } else {
        &art::FLASH_SMALL
    };
    let smoke = |from: u64, to: u64| (from..to).contains(&t).then(|| ((t - from) / 3) as i64);
    match weapon {
        Weapon::Knife => match t {
            0..5 => Pose {
                phase: Phase::Draw,
                lift: -2,
                shift: -2,
                ..Pose::READY
            },
            5..12 => Pose {
                phase: Phase::Thrust,
                lift: 6,
                shift: 1,
                ..Pose::READY
            },
            12..20 => Pose {
                phase: Phase::Return,
                lift: 2,
                ..Pose::READY
            },
            _ => Pose::READY,
        },
        Weapon::Pistol => match t {
            0..3 => Pose {
                phase: Phase::Fire,
                lift: 2,
                flash: Some(&art::FLASH),
                ..Pose::READY
            },
            3..7 => Pose {
                phase: Phase::Recoil,
                lift: 1,
                shift: 1,
                flash: (t < 4).then_some(&art::FLASH_SMALL[..]),
                ..Pose::READY
            },
            7..19 => Pose {
                phase: Phase::Smoke,
                smoke: smoke(7, 19),
                ..Pose::READY
            },
            _ => Pose::READY,
        },
        Weapon::MachineGun | Weapon::Chaingun => {
            // The barrels spin a third of a turn every two ticks while it fires, every four
            // as it runs down, and stop half a second after the last shot.
            let barrel = match t {
                _ if weapon != Weapon::Chaingun => None,
                0..5 => Some((shots + t / 2) as usize % 3),
                5..30 => Some((shots + 3 + t / 4) as usize % 3),
                _ => None,
            };
            match t {
                0..2 => Pose {
                    phase: Phase::Fire,
                    lift: 1,
                    flash: Some(flash),
                    barrel,
                    ..Pose::READY
                },
                2..5 => Pose {
                    phase: Phase::Recoil,
                    shift: if shots.is_multiple_of(2) { 1 } else { -1 },
                    barrel,
                    ..Pose::READY
                },
                _ => {
                    let smoke = smoke(10, 22);
                    Pose {
                        phase: if smoke.is_some() {
                            Phase::Smoke
                        } else {
                            Phase::Ready
                        },
                        smoke,
                        barrel,
                        ..Pose::READY
                    }
                }
            }
        }
        Weapon::Launcher => match t {
            0..4 => Pose {
                phase: Phase::Fire,
                lift: 1,
                glow: true,
                ..Pose::READY
            },
            4..16 => Pose {
                phase: Phase::Recoil,
                lift: -3,
                smoke: smoke(4, 16),
                ..Pose::READY
            },
            16..28 => Pose {
                phase: Phase::Smoke,
                lift: -1,
                smoke: smoke(10, 28),
                ..Pose::READY
            },
            _ => Pose::READY,
        },
    }
}

/// The weapon in hand at the bottom of the view, bobbing as the player walks, in the frame
/// of its attack ([`pose`]). Still, without `bob`. A picture from a data folder
/// (`hud/pistol.png`...) takes the place of the art made by code, as tall as it, and moves
/// as it would; the flash is `hud/flash.png` where there is one.
pub(super) fn draw(
    canvas: &mut Canvas,
    game: &Game,
    (w, view_bottom, h): (i64, i64, i64),
    bob: bool,
    pictures: &Pictures,
) {
    if game.player_dead() {
        return;
    }
    // Its 20 rows of art half the view's height, as Wolfenstein 3D's weapon stands (it was a
    // third, h / 56).
    let px = (h / 50).max(1);
    let picture = art_of(game.seat().weapon);
    let since = game.seat().last_shot.map(|t| game.ticks.saturating_sub(t));
    let interval = game.level.arsenal.stats(game.seat().weapon).interval.max(1);
    let shots = game.seat().last_shot.map_or(0, |t| t / interval);
    let pose = pose(game.seat().weapon, since, shots);
    let phase = game.seat().player.walked * 4.0;
    let (bob_x, bob_y) = if bob {
        ((phase.sin() * 3.0) as i64, (phase.cos().abs() * 3.0) as i64)
    } else {
        (0, 3)
    };
    let (art_w, art_h) = (art::width(picture), picture.len() as i64);
    let centre = w / 2 + bob_x * px / 2 + pose.shift * px;
    let y = view_bottom - (art_h - 3 - bob_y / 2 + pose.lift) * px;
    let left = centre - art_w * px / 2;
    match pictures.get(game.seat().weapon.name()) {
        Some(file) => draw_picture(canvas, file, centre, y, art_h * px),
        None => {
            art::draw(canvas, picture, left, y, px);
            if let Some(barrel) = pose.barrel {
                // The barrel turned away is in shadow: the spin reads as the shadow moving
                // across the three.
                let column = [7, 11, 15][barrel];
                let dark = art::palette('g').unwrap_or_default();
                for row in [1, 2, 3, 7, 8] {
                    canvas.fill_rect(left + column * px, y + row * px, px, px, dark);
                }
            }
        }
    }
    if pose.glow {
        art::draw(
            canvas,
            &art::GLOW,
            centre - art::width(&art::GLOW) * px / 2,
            y,
            px,
        );
    }
    if let Some(rise) = pose.smoke {
        let (sw, sh) = (art::width(&art::SMOKE), art::SMOKE.len() as i64);
        art::draw(
            canvas,
            &art::SMOKE,
            centre - sw * px / 2,
            y - (sh + rise) * px,
            px,
        );
    }
    if let Some(flash) = pose.flash {
        let (fw, fh) = (art::width(flash), flash.len() as i64);
        let fy = y - (fh - 2) * px;
        match pictures.get("flash") {
            Some(file) => draw_picture(canvas, file, centre, fy, fh * px),
            None => art::draw(canvas, flash, centre - fw * px / 2, fy, px),
        }
    }
}

/// The art made by code of `weapon` in hand.
fn art_of(weapon: Weapon) -> &'static [&'static str] {
    match weapon {
        Weapon::Knife => &art::KNIFE,
        Weapon::Pistol => &art::PISTOL,
        Weapon::MachineGun => &art::MACHINE_GUN,
        Weapon::Chaingun => &art::CHAINGUN,
        Weapon::Launcher => &art::LAUNCHER,
    }
}

/// A picture of `weapon` (its art in hand, or its picture from a data folder) about
/// `height` pixels tall (whole pixels of art, at least one), centred on `centre`, its
/// bottom at `bottom`: the status bar's.
pub(super) fn draw_icon(
    canvas: &mut Canvas,
    weapon: Weapon,
    pictures: &Pictures,
    (centre, bottom, height): (i64, i64, i64),
) {
    let picture = art_of(weapon);
    let art_h = picture.len() as i64;
    let px = (height / art_h).max(1);
    let top = bottom - art_h * px;
    match pictures.get(weapon.name()) {
        Some(file) => draw_picture(canvas, file, centre, top, art_h * px),
        None => art::draw(
            canvas,
            picture,
            centre - art::width(picture) * px / 2,
            top,
            px,
        ),
    }
}

/// A whole picture from a file, `height` pixels tall (its width by its aspect ratio), centred
/// on `centre` with its top at `top`.
fn draw_picture(canvas: &mut Canvas, picture: &Frame, centre: i64, top: i64, height: i64) {
    let (pw, ph) = (picture.width(), picture.height());
    let width = height * i64::from(pw) / i64::from(ph.max(1));
    canvas.picture(
        picture,
        (0, 0, pw, ph),
        centre - width / 2,
        top,
        width,
        height,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every weapon's attack runs through at least three frames before it is at rest again,
    /// and is at rest by the end of its interval and smoke.
    #[test]
    fn every_weapon_has_its_firing_frames() {
        for weapon in Weapon::ALL {
            let frames: Vec<Pose> = (0..40).map(|t| pose(weapon, Some(t), 0)).collect();
            let mut distinct: Vec<Phase> = Vec::new();
            for p in &frames {
                if !distinct.contains(&p.phase) {
                    distinct.push(p.phase);
                }
            }
            assert!(distinct.len() >= 3, "{weapon:?}: {distinct:?}");
            assert_ne!(frames[0], Pose::READY, "{weapon:?} moves at once");
            assert_eq!(frames[39], Pose::READY, "{weapon:?} is at rest again");
        }
    }

    /// A gun's first frame shows the flash, the knife's none; the launcher glows instead.
    #[test]
    fn guns_flash_the_knife_does_not_and_the_launcher_glows() {
        for weapon in [Weapon::Pistol, Weapon::MachineGun, Weapon::Chaingun] {
            assert!(pose(weapon, Some(0), 0).flash.is_some(), "{weapon:?}");
        }
        assert!((0..40).all(|t| pose(Weapon::Knife, Some(t), 0).flash.is_none()));
        assert!(pose(Weapon::Launcher, Some(0), 0).glow);
    }

    /// Held down, the automatic guns alternate their flashes and shake from side to side,
    /// and the chaingun's barrels turn.
    #[test]
    fn automatic_fire_alternates_and_the_chaingun_spins() {
        for weapon in [Weapon::MachineGun, Weapon::Chaingun] {
            assert_ne!(
                pose(weapon, Some(0), 0).flash,
                pose(weapon, Some(0), 1).flash
            );
            assert_eq!(
                pose(weapon, Some(3), 0).shift,
                -pose(weapon, Some(3), 1).shift
            );
        }
        let barrels: Vec<Option<usize>> = (0..5)
            .map(|t| pose(Weapon::Chaingun, Some(t), 0).barrel)
            .collect();
        assert!(barrels.iter().all(Option::is_some), "{barrels:?}");
        assert!(barrels.windows(2).any(|w| w[0] != w[1]), "{barrels:?}");
        assert_eq!(pose(Weapon::Chaingun, Some(40), 0).barrel, None, "stopped");
        assert_eq!(pose(Weapon::MachineGun, Some(0), 0).barrel, None);
    }
}
