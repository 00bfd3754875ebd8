//! The status bar, the pages and the players' panels drawn.

use super::*;
use crate::episode::Tally;
use crate::game::{Hurt, Input};
use crate::level::Level;
use std::path::Path;

fn game() -> Game {
    let text = "name = \"t\"\ngrid = '''\n#####\n#...#\n#.@.#\n#...#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n";
    Game::new(Level::parse(text, Path::new("t.toml")).unwrap().level)
}

const STATUS: Status = Status {
    level: Some(2),
    lives: 3,
    score: 0,
};

/// The mean redness (red minus the other two) of a rectangle of the frame.
fn redness(frame: &Frame, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> f64 {
    let mut sum = 0.0;
    let mut n = 0.0;
    for y in ys {
        for x in xs.clone() {
            let c = frame.colour(x, y);
            sum += f64::from(c.r) - (f64::from(c.g) + f64::from(c.b)) / 2.0;
            n += 1.0;
        }
    }
    sum / n
}

#[test]
fn a_hit_flashes_red_by_its_damage_with_a_band_on_its_side_and_fades() {
    let grey = |g: &Game| {
        let mut f = Frame::new(320, 200).unwrap();
        f.fill([100, 100, 100, 255]);
        draw_hud(
            &mut f,
            g,
            STATUS,
            &[],
            true,
            Comfort::default(),
            &Pictures::new(),
        );
        f
    };
    let mut g = game();
    let calm = grey(&g);
    // Hit from the player's right (south of them, facing east).
    g.seat_mut().hurt = Some(Hurt {
        tick: g.ticks,
        damage: 6,
        from: g.seat().player.position + Vec2::new(0.0, 3.0),
    });
    let small = grey(&g);
    g.seat_mut().hurt = Some(Hurt {
        damage: 12,
        ..g.seat().hurt.unwrap()
    });
    let big = grey(&g);
    let middle = |f: &Frame| redness(f, 100..220, 20..60);
    assert!(middle(&calm).abs() < 1.0);
    assert!(middle(&small) > 10.0 && middle(&big) > middle(&small));
    let right = redness(&big, 312..320, 20..150);
    let left = redness(&big, 0..8, 20..150);
    assert!(
        right > left + 20.0,
        "the band on the right: {right} vs {left}"
    );
    // The player's damage flash setting: half as strong, or none.
    let set = |amount: f64| {
        let mut f = Frame::new(320, 200).unwrap();
        f.fill([100, 100, 100, 255]);
        let comfort = Comfort {
            damage_flash: amount,
            ..Comfort::default()
        };
        draw_hud(&mut f, &g, STATUS, &[], true, comfort, &Pictures::new());
        f
    };
    let half = middle(&set(0.5));
    assert!(half > 5.0 && half < middle(&big) * 0.7, "{half}");
    assert!(middle(&set(0.0)).abs() < 1.0, "off");
    for _ in 0..FLASH_TICKS {
        g.tick(&Input::default());
    }
    assert!(middle(&grey(&g)).abs() < 1.0, "faded");
}

#[test]
fn the_face_looks_where_the_last_hit_came_from() {
    let mut g = game();
    g.seat_mut().hurt = Some(Hurt {
        tick: g.ticks,
        damage: 5,
        from: g.seat().player.position + Vec2::new(0.0, -3.0),
    });
    assert_eq!(face_look(&g), Look::Left, "north is left when facing east");
    g.seat_mut().hurt = Some(Hurt {
        from: g.seat().player.position + Vec2::new(0.0, 3.0),
        ..g.seat().hurt.unwrap()
    });
    assert_eq!(face_look(&g), Look::Right);
}

#[test]
fn the_status_bar_and_weapon_scale_with_the_frame() {
    let g = game();
    for (w, h) in [(320, 200), (640, 400), (1280, 800)] {
        let mut f = Frame::new(w, h).unwrap();
        draw_hud(
            &mut f,
            &g,
            STATUS,
            &[],
            true,
            Comfort::default(),
            &Pictures::new(),
        );
        let bar = bar_height(&f) as u32;
        assert_eq!(bar, 32 * h / 200);
        // The bar's blue along the bottom, the weapon's outline above it in the middle.
        let c = f.colour(1, h - bar / 2);
        assert!(c.b > c.r, "{c:?}");
        let weapon = (h - bar - bar..h - bar).any(|y| f.colour(w / 2, y) != Colour::default());
        assert!(weapon, "the weapon at {w}x{h}");
    }
}

#[test]
fn the_tally_screen_gives_percentages_and_par() {
    let tally = Tally {
        file: "e1m1.toml".into(),
        name: "Entry Hall".into(),
        kills: (1, 4),
        secrets: (0, 0),
        treasure: (2, 3),
        ticks: 600,
        par_seconds: 90,
        health: 50,
        score: 1_200,
        lives: 2,
    };
    assert_eq!(Tally::percent(tally.kills), 25);
    assert_eq!(Tally::percent(tally.secrets), 100);
    assert_eq!(Tally::percent(tally.treasure), 66);
    let mut f = Frame::new(320, 200).unwrap();
    draw_tally(&mut f, &tally, (2 * TICK_HZ, Some(1)), &Pictures::new());
    let lit = (0..200)
        .filter(|&y| f.colour(160, y) == Colour::WHITE)
        .count();
    assert!(lit > 0, "text on the screen");
    // The face at the rows' left, as Wolfenstein 3D's hero; none where there is no room.
    let page = f.colour(2, 100);
    let drawn = |f: &Frame, xs: std::ops::Range<u32>| {
        xs.flat_map(|x| (36..100).map(move |y| (x, y)))
            .filter(|&(x, y)| f.colour(x, y) != page)
            .count()
    };
    assert!(drawn(&f, 0..96) > 1_000, "the face");
    let mut narrow = Frame::new(160, 200).unwrap();
    draw_tally(
        &mut narrow,
        &tally,
        (2 * TICK_HZ, Some(1)),
        &Pictures::new(),
    );
    let rows_left = (0..160).find(|&x| (36..100).any(|y| narrow.colour(x, y) != page));
    assert!(
        rows_left.is_some_and(|x| x > 4),
        "no face squeezed in: {rows_left:?}"
    );
}

#[test]
fn the_bonus_is_ten_thousand_for_each_perfect_count_and_five_hundred_a_second_under_par() {
    let mut tally = Tally {
        file: "e1m1.toml".into(),
        name: "Entry Hall".into(),
        kills: (4, 4),
        secrets: (0, 0),
        treasure: (2, 3),
        ticks: u64::from(TICK_HZ) * 80,
        par_seconds: 90,
        health: 50,
        score: 0,
        lives: 3,
    };
    // Every kill: 10,000; no secrets to find: nothing for them; ten seconds under par.
    assert_eq!(tally.bonus(), 10_000 + 10 * 500);
    tally.treasure = (3, 3);
    tally.ticks = u64::from(TICK_HZ) * 95;
    assert_eq!(tally.bonus(), 20_000, "over par: no time bonus");
    // Counted up from nothing after half a second, in steps of 100, whole after 1.5 s.
    assert_eq!(tally.bonus_counted(TICK_HZ / 2), 0);
    let half = tally.bonus_counted(TICK_HZ);
    assert!(
        half > 0 && half < 20_000 && half.is_multiple_of(100),
        "{half}"
    );
    assert_eq!(tally.bonus_counted(TICK_HZ * 3 / 2), 20_000);
}

/// The scoreboard's dark box starts at its row: at the frame's top, or below the row given
/// (the profiler's panel, F3, spans the view's top).
#[test]
fn the_scoreboard_goes_below_the_row_it_is_given() {
    let game = game().into_deathmatch(2, crate::game::MatchRules::default());
    let first_dark_row = |top: u32| {
        let mut f = Frame::new(320, 200).unwrap();
        f.fill([200, 200, 200, 255]);
        draw_scoreboard(&mut f, &game, &[], top);
        (0..200).find(|&y| f.colour(316, y).r < 150)
    };
    assert_eq!(first_dark_row(0), Some(2));
    assert_eq!(first_dark_row(60), Some(60));
}

/// A death fizzles the view to red block by block, as Wolfenstein 3D's does: nothing before
/// its start, about half the blocks at its middle, every one at its end; each block wholly
/// red or untouched, in an order that scatters over the view (no band fills first).
#[test]
fn a_death_fizzles_the_view_to_red() {
    use crate::episode::{DEATH_TICKS, FIZZLE_FROM};
    let grey = [90, 90, 90, 255];
    let red = [FIZZLE_RED.r, FIZZLE_RED.g, FIZZLE_RED.b, 255];
    let fizzled = |ticks: u32| {
        let mut frame = Frame::new(640, 400).unwrap();
        frame.fill(grey);
        draw_death_fizzle(&mut frame, ticks);
        frame
    };
    let share = |frame: &Frame, ys: std::ops::Range<u32>| {
        let mut reds = 0;
        for y in ys.clone() {
            for x in 0..640 {
                let p = frame.pixel(x, y);
                assert!(p == red || p == grey, "({x}, {y}): {p:?}");
                reds += u32::from(p == red);
            }
        }
        f64::from(reds) / f64::from(640 * ys.len() as u32)
    };
    assert_eq!(share(&fizzled(0), 0..400), 0.0, "alive");
    assert_eq!(share(&fizzled(FIZZLE_FROM), 0..400), 0.0, "not begun");
    let middle = fizzled((FIZZLE_FROM + DEATH_TICKS) / 2);
    let half = share(&middle, 0..400);
    assert!((0.45..0.55).contains(&half), "{half}");
    for band in 0..4 {
        let part = share(&middle, band * 100..band * 100 + 100);
        assert!((0.4..0.6).contains(&part), "band {band}: {part}");
    }
    // Blocks of the display's unit (2 pixels at 400 rows): both of a pair alike.
    for (x, y) in [(0, 0), (10, 6), (300, 200), (638, 398)] {
        assert_eq!(middle.pixel(x, y), middle.pixel(x + 1, y + 1));
    }
    assert_eq!(
        share(&fizzled(DEATH_TICKS), 0..400),
        1.0,
        "all red at the end"
    );
}

#[test]
fn a_level_of_the_players_own_is_named_on_the_status_bar_not_numbered() {
    let named = |name: &str, level: Option<u32>| {
        let mut g = game();
        std::sync::Arc::make_mut(&mut g.level).name = name.to_string();
        let mut f = Frame::new(320, 200).unwrap();
        let status = Status { level, ..STATUS };
        draw_hud(
            &mut f,
            &g,
            status,
            &[],
            true,
            Comfort::default(),
            &Pictures::new(),
        );
        // The level's panel: the first 3 of the bar's 32 parts.
        let bar = bar_height_for(200);
        let panel: Vec<Colour> = (200 - bar..200)
            .flat_map(|y| (0..30).map(move |x| (x, y)))
            .map(|(x, y)| f.colour(x, y))
            .collect();
        panel
    };
    assert_ne!(
        named("Keep", None),
        named("Yard", None),
        "its name is shown"
    );
    assert_ne!(named("Keep", None), named("Keep", Some(7)));
    assert_eq!(
        named("Keep", Some(7)),
        named("Yard", Some(7)),
        "an episode's: its number"
    );
}

#[test]
fn a_text_too_long_for_its_panel_is_made_smaller_then_cut_between_words() {
    // Four pixels a letter at size 1: 56 pixels hold 14 letters.
    assert_eq!(fitted("12", 56, 2), ("12".to_string(), 4));
    assert_eq!(fitted("ENTRY HALL", 56, 2), ("ENTRY HALL".to_string(), 1));
    assert_eq!(
        fitted("THE LONG DARK CORRIDORS", 56, 2),
        ("THE LONG DARK".to_string(), 1)
    );
    assert_eq!(
        fitted("UNDERGROUNDBUNKERS", 56, 2),
        ("UNDERGROUNDBUN".to_string(), 1)
    );
    assert_eq!(fitted("", 56, 2), (String::new(), 4));
}
