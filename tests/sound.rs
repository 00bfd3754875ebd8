//! Sound through the offline mix: the game's events placed for the player's ears (pan by
//! angle, gain by distance, muffled through walls), every event heard, and a run's WAV the
//! same every time.

use std::path::Path;

use tilecaster::audio::{FRAMES_PER_TICK, Mixer, RATE};
use tilecaster::game::{Game, GameEvent};
use tilecaster::grid::Cell;
use tilecaster::level::{Level, PickupKind};
use tilecaster::math::Vec2;

use crate::common;

/// A hall 20 tiles long, the player in its middle facing east; a door in the wall to the
/// south at (10, 5), a room beyond it, a dog (enemy 0) and an SS (enemy 1) at its ends, an
/// officer (2) and a mutant (3) at the ends of its second row, a guard (4) and the boss (5) at
/// the ends of its third.
const HALL: &str = r##"name = "hall"
grid = '''
######################
#....................#
#....................#
#....................#
#....................#
##########D###########
#d..................s#
#o..................m#
#g..................b#
######################
'''
[legend]
"#" = { wall = "brick" }
"D" = { door = "door" }
"d" = { enemy = "dog" }
"s" = { enemy = "ss" }
"o" = { enemy = "officer" }
"m" = { enemy = "mutant" }
"g" = { enemy = "guard" }
"b" = { enemy = "boss" }

[player]
position = [10.5, 2.5]
facing = "east"
"##;

fn hall() -> Game {
    Game::new(Level::parse(HALL, Path::new("hall.toml")).unwrap().level)
}

/// The game's current events mixed for half a second: interleaved stereo.
fn heard(game: &Game) -> Vec<f32> {
    let mut mixer = Mixer::new();
    for (sound, placement) in tilecaster::play::sounds(game, &game.events) {
        mixer.play_cue(&sound, placement);
    }
    let mut out = Vec::new();
    mixer.mix(RATE as usize / 2, &mut out);
    out
}

/// Energy (sum of squares) of one channel.
fn energy(samples: &[f32], channel: usize) -> f64 {
    samples
        .iter()
        .skip(channel)
        .step_by(2)
        .map(|&s| f64::from(s) * f64::from(s))
        .sum()
}

fn decibels(a: f64, b: f64) -> f64 {
    10.0 * (a / b).log10()
}

/// A guard's shot from `at`.
fn shot_from(at: Vec2) -> Game {
    let mut g = hall();
    g.events = vec![GameEvent::EnemyShot { at, enemy: 0 }];
    g
}

#[test]
fn a_shot_to_the_right_is_louder_in_the_right_ear() {
    // Facing east, south is to the right.
    let right = heard(&shot_from(Vec2::new(10.5, 4.5)));
    let margin = decibels(energy(&right, 1), energy(&right, 0));
    eprintln!("a shot to the right: right ear {margin:.1} dB over the left");
    assert!(margin > 12.0, "right over left: {margin:.1} dB");
    let left = heard(&shot_from(Vec2::new(10.5, 1.5)));
    assert!(decibels(energy(&left, 0), energy(&left, 1)) > 6.0);
}

#[test]
fn twice_the_distance_is_six_decibels_quieter() {
    let near = heard(&shot_from(Vec2::new(13.5, 2.5)));
    let far = heard(&shot_from(Vec2::new(16.5, 2.5)));
    let drop = decibels(
        energy(&near, 0) + energy(&near, 1),
        energy(&far, 0) + energy(&far, 1),
    );
    eprintln!("3 tiles to 6: {drop:.2} dB quieter");
    assert!(
        (drop - 6.02).abs() < 0.5,
        "3 tiles to 6: {drop:.2} dB quieter"
    );
}

/// The share of a channel's energy above `hz`, by a discrete Fourier transform of its first
/// 8192 samples at every 50 Hz.
fn share_above(samples: &[f32], hz: f64) -> f64 {
    let left: Vec<f64> = samples
        .iter()
        .step_by(2)
        .take(8192)
        .map(|&s| f64::from(s))
        .collect();
    let (mut high, mut total) = (0.0, 0.0);
    for k in (1..480).map(|k| f64::from(k) * 50.0) {
        let w = 2.0 * std::f64::consts::PI * k / f64::from(RATE);
        let (mut re, mut im) = (0.0, 0.0);
        for (n, &s) in left.iter().enumerate() {
            re += s * (w * n as f64).cos();
            im -= s * (w * n as f64).sin();
        }
        let power = re * re + im * im;
        total += power;
        if k > hz {
            high += power;
        }
    }
    high / total
}

#[test]
fn a_shot_behind_a_closed_door_is_quieter_and_duller_than_through_the_open_door() {
    let behind = Vec2::new(10.5, 6.5);
    let closed = shot_from(behind);
    let mut open = shot_from(behind);
    open.doors.start_opening(Cell::new(10, 5));
    for _ in 0..70 {
        open.doors.tick(&[], &mut Vec::new());
    }
    assert!(open.doors.passable(Cell::new(10, 5)));
    let (shut, through) = (heard(&closed), heard(&open));
    let quieter = decibels(energy(&through, 0), energy(&shut, 0));
    assert!(quieter > 6.0, "the closed door takes {quieter:.1} dB");
    let (dull, bright) = (share_above(&shut, 2000.0), share_above(&through, 2000.0));
    eprintln!(
        "behind the closed door: {quieter:.1} dB quieter, {:.1}% of the energy above 2 kHz (open: {:.1}%)",
        dull * 100.0,
        bright * 100.0
    );
    assert!(
        dull < bright * 0.5,
        "energy above 2 kHz: {dull:.3} closed, {bright:.3} open"
    );
}

#[test]
fn every_kind_of_event_makes_a_sound() {
    use tilecaster::game::Weapon;
    let near = Vec2::new(12.5, 2.5);
    let events = [
        GameEvent::Shot {
            weapon: Weapon::Pistol,
            seat: 0,
        },
        GameEvent::Shot {
            weapon: Weapon::MachineGun,
            seat: 0,
        },
        GameEvent::Shot {
            weapon: Weapon::Chaingun,
            seat: 0,
        },
        GameEvent::Shot {
            weapon: Weapon::Launcher,
            seat: 0,
        },
        GameEvent::Shot {
            weapon: Weapon::Knife,
            seat: 0,
        },
        GameEvent::PlayerHurt {
            damage: 5,
            from: near,
            seat: 0,
        },
        GameEvent::PlayerDeath { seat: 0 },
        // The dog's bark and bite, the SS's burst and shout: their kinds' own sounds.
        GameEvent::EnemyShot { at: near, enemy: 0 },
        GameEvent::EnemyAlert { at: near, enemy: 0 },
        GameEvent::EnemyShot { at: near, enemy: 1 },
        GameEvent::EnemyAlert { at: near, enemy: 1 },
        GameEvent::EnemyPain { at: near, enemy: 0 },
        GameEvent::EnemyDeath { at: near, enemy: 0 },
        // The officer's shout and death, the mutant's pain and death: their own voices.
        GameEvent::EnemyAlert { at: near, enemy: 2 },
        GameEvent::EnemyDeath { at: near, enemy: 2 },
        GameEvent::EnemyPain { at: near, enemy: 3 },
        GameEvent::EnemyDeath { at: near, enemy: 3 },
        // The guard's shout; the SS's death and the boss's shout and death in their voices.
        GameEvent::EnemyAlert { at: near, enemy: 4 },
        GameEvent::EnemyDeath { at: near, enemy: 1 },
        GameEvent::EnemyAlert { at: near, enemy: 5 },
        GameEvent::EnemyDeath { at: near, enemy: 5 },
        GameEvent::Explosion { at: near },
        GameEvent::Pickup {
            kind: PickupKind::FirstAid,
            at: near,
            seat: 0,
        },
        GameEvent::Pickup {
            kind: PickupKind::Ammo,
            at: near,
            seat: 0,
        },
        GameEvent::Pickup {
            kind: PickupKind::Treasure(tilecaster::level::Treasure::Cross),
            at: near,
            seat: 0,
        },
        GameEvent::Pickup {
            kind: PickupKind::Key(tilecaster::level::KeyColour::Gold),
            at: near,
            seat: 0,
        },
        GameEvent::Thud { seat: 0 },
        GameEvent::DoorOpened(Cell::new(10, 5)),
        GameEvent::DoorClosing(Cell::new(10, 5)),
        GameEvent::PushWallMoved(Cell::new(10, 5)),
        GameEvent::Exit,
        GameEvent::ExtraLife { seat: 0 },
        GameEvent::Tally,
    ];
    let mut sounds = std::collections::HashSet::new();
    for event in events {
        let mut g = hall();
        g.events = vec![event.clone()];
        let placed = tilecaster::play::sounds(&g, &g.events);
        assert_eq!(placed.len(), 1, "{event:?}");
        let cue = &placed[0].0;
        sounds.insert(cue.own.clone().unwrap_or(cue.sound.name().to_string()));
        let out = heard(&g);
        assert!(
            energy(&out, 0) + energy(&out, 1) > 1.0,
            "{event:?} is silent"
        );
    }
    // Every sound but a guard's shot (the dog and the SS play their own in its place here).
    let unused: Vec<&str> = tilecaster::audio::Sound::NAMES
        .into_iter()
        .filter(|n| !sounds.contains(*n))
        .collect();
    assert_eq!(unused, ["guard_shot"], "every sound is used");
}

/// `autoplay --audio-out` on a level (the first Entry Hall, small, on its own): the WAV lasts as
/// many ticks as the run, and the same run mixes to the same bytes twice. (The whole episode
/// would be ten minutes of sound, 115 MB a file.)
#[test]
fn a_run_mixes_to_the_same_wav_twice_as_long_as_the_run() {
    let dir = std::env::temp_dir().join(format!("tilecaster-sound-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("entry.toml");
    std::fs::copy(common::ENTRY_HALL, &level).unwrap();
    let textures = std::fs::canonicalize("textures").unwrap();
    let mut wavs = Vec::new();
    for k in 0..2 {
        let wav = dir.join(format!("run{k}.wav"));
        let out = common::run_ok([
            "autoplay",
            "--level",
            level.to_str().unwrap(),
            "--textures",
            textures.to_str().unwrap(),
            "--seed",
            "3",
            "--audio-out",
            wav.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let ticks: usize = stderr
            .split(" ticks of ")
            .next()
            .and_then(|s| s.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{stderr}"));
        let levels: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(levels.len(), 1, "the level, its last");
        // The levels' ticks, and after each the tally screen's second or so before the
        // autopilot goes on; after the last (a level on its own is an episode) the player
        // running out too.
        let played: usize = levels
            .iter()
            .map(|l| l["ticks"].as_u64().unwrap() as usize)
            .sum();
        let victory = tilecaster::episode::VICTORY_TICKS as usize;
        assert!(
            ticks > played && ticks < played + victory + 2 * 60,
            "{ticks} vs {played}"
        );
        let bytes = std::fs::read(&wav).unwrap();
        assert_eq!(bytes.len(), 44 + ticks * FRAMES_PER_TICK * 4);
        wavs.push(bytes);
    }
    assert!(wavs[0] == wavs[1], "the same run, the same sound");
    // Never overwritten unasked.
    let again = common::run([
        "autoplay",
        "--level",
        level.to_str().unwrap(),
        "--textures",
        textures.to_str().unwrap(),
        "--audio-out",
        dir.join("run0.wav").to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(1));
    std::fs::remove_dir_all(dir).unwrap();
}

/// In a game of several, another player's shot and death are heard from where they stand
/// (to the right of the listener here), their pain, pickups, thuds and lives not at all; the
/// listener's own are heard at the listener.
#[test]
fn other_players_are_heard_where_they_stand() {
    use tilecaster::audio::Placement;
    use tilecaster::game::Weapon;
    let mut g = hall().seated(2);
    // The listener faces east: south of them is to their right.
    g.seats[1].player.position = Vec2::new(10.5, 4.5);
    let placed = |g: &Game, event: GameEvent| {
        let mut g = g.clone();
        g.events = vec![event];
        tilecaster::play::sounds(&g, &g.events)
    };
    let shot = |seat| GameEvent::Shot {
        weapon: Weapon::Pistol,
        seat,
    };
    assert_eq!(placed(&g, shot(0))[0].1, Placement::HERE);
    for event in [shot(1), GameEvent::PlayerDeath { seat: 1 }] {
        let heard = placed(&g, event.clone());
        assert_eq!(heard.len(), 1, "{event:?}");
        let p = heard[0].1;
        assert!(p.right > p.left && !p.muffled, "{event:?}: {p:?}");
    }
    let theirs = [
        GameEvent::PlayerHurt {
            damage: 5,
            from: Vec2::new(3.5, 2.5),
            seat: 1,
        },
        GameEvent::Pickup {
            kind: PickupKind::Ammo,
            at: Vec2::new(10.5, 4.5),
            seat: 1,
        },
        GameEvent::Thud { seat: 1 },
        GameEvent::ExtraLife { seat: 1 },
    ];
    for event in &theirs {
        assert!(placed(&g, event.clone()).is_empty(), "{event:?}");
    }
    // Listening as seat 1, they are its own.
    g.viewer = 1;
    for event in &theirs {
        assert_eq!(placed(&g, event.clone())[0].1, Placement::HERE, "{event:?}");
    }
}
