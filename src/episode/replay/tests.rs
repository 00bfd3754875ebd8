//! Recordings: their text both ways, what they refuse, where their levels are found.

use super::*;
use crate::files::file_hash;
use std::path::Path;

/// A networked game's recording keeps its seats, seed and deathmatch rules, and every
/// seat's input of every tick, through its text; a tick line with the wrong number of
/// seats is an error at its line.
#[test]
fn a_networked_recording_reads_back_what_it_wrote() {
    let mut r = Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"));
    r.seats = 3;
    r.seed = Some(77);
    r.deathmatch = Some(crate::game::MatchRules {
        frag_limit: 5,
        time_limit: 600,
    });
    for k in 0..6 {
        r.inputs.push(Input {
            forward: 1.0,
            turn: f64::from(k) * 0.5,
            fire: k % 2 == 0,
            weapon: (k % 3) as u8,
            ..Input::default()
        });
    }
    let text = r.to_text();
    assert!(
        text.contains("seats 3\nseed 77\ndeathmatch 5 600\n"),
        "{text}"
    );
    assert_eq!(text.lines().last().unwrap().matches(" | ").count(), 2);
    assert_eq!(Recording::parse(&text).unwrap(), r);
    let short = text.replacen(" | ", "  ", 1);
    let e = Recording::parse(&short).unwrap_err();
    assert!(e.message.contains("expected 3 seats"), "{e}");
    assert_eq!(e.line, 8, "the first tick's line");
    let e = Recording::parse(&text.replace("seats 3", "seats 9")).unwrap_err();
    assert_eq!((e.line, e.column), (5, 7));
    // A field in the second seat's input is placed in the line.
    let bad = text.replacen("| 1.0 0.0 0.5", "| 1.0 0.0 x", 1);
    let e = Recording::parse(&bad).unwrap_err();
    let line = bad.lines().nth(e.line - 1).unwrap();
    assert_eq!(&line[e.column - 1..e.column], "x", "{e}");
}

/// Saves load from the oldest rules that keep a state's meaning up to today's, with a
/// notice when older; a newer one, or one older than that, is refused.
#[test]
fn saves_of_older_rules_load_where_the_change_was_data_only() {
    assert_eq!(save_rules(3, 3, 1), Ok(None));
    let notice = save_rules(2, 3, 1).unwrap().unwrap();
    assert_eq!(notice, "a save of game rules 2: it plays on under rules 3");
    assert_eq!(
        save_rules(1, 3, 2),
        Err(()),
        "older than the state's meaning"
    );
    assert_eq!(save_rules(4, 3, 1), Err(()), "from a newer tilecaster");
    assert_eq!(
        save_rules(
            RULES_VERSION,
            RULES_VERSION,
            crate::game::SAVES_LOAD_FROM_RULES
        ),
        Ok(None)
    );
}

#[test]
fn malformed_recordings_name_line_and_column() {
    let head = format!("{REPLAY_HEADER}\nrules 1\nlevel x.toml\nlevel-hash 00\n");
    let cases = [
        ("garbage", "1:1: not a recording"),
        (
            "tilecaster-replay 7\n",
            "1:1: a recording of another version",
        ),
        (
            &*format!("{REPLAY_HEADER_V2}\nlevel\n"),
            "2:1: expected 'level FILE'",
        ),
        (
            &*format!("{REPLAY_HEADER_V2}\nlevel   \n"),
            "2:7: the recording names no level file",
        ),
        (
            &*format!("{REPLAY_HEADER}\nlevel x.toml\n"),
            "2:1: expected 'rules N'",
        ),
        (
            &*format!("{REPLAY_HEADER}\nrules one\n"),
            "2:7: expected a rules version, found 'one'",
        ),
        (
            &*format!("{REPLAY_HEADER}\nrules 1\nlevel x.toml\n"),
            "4:1: expected 'level-hash HASH'",
        ),
        (&*format!("{head}1 0 0 0\n"), "5:1: expected 7 fields"),
        (
            "tilecaster-replay 1\nlevel x.toml\n1 0 0 0 0 0 0\n",
            "3:1: expected 6 fields",
        ),
        (
            &*format!("{head}1 0 0 0 0 0 0\n1 x 0 0 0 0 0\n"),
            "6:3: expected a number from -1 to 1, found 'x'",
        ),
        (
            &*format!("{head}2 0 0 0 0 0 0\n"),
            "5:1: expected a number from -1 to 1, found '2'",
        ),
        (
            &*format!("{head}1 0 0 0 yes 0 0\n"),
            "5:9: expected 0 or 1, found 'yes'",
        ),
        (
            &*format!("{head}1 0 NaN 0 0 0 0\n"),
            "5:5: expected a number from -360 to 360",
        ),
        (
            &*format!("{head}1 0 0 0 0 0 6\n"),
            "5:13: expected a weapon 0 to 5, found '6'",
        ),
    ];
    for (text, expected) in cases {
        let e = Recording::parse(text).unwrap_err().to_string();
        assert!(e.starts_with(expected), "{text:?}: {e}");
    }
}

#[test]
fn version_1_and_2_recordings_read_as_rules_1_and_are_refused_by_rules_2() {
    let old = "tilecaster-replay 1\nlevel levels/e1m1.toml\n1.0 0.0 2.5 1 0 1\n";
    let r = Recording::parse(old).unwrap();
    let expected = Input {
        forward: 1.0,
        turn: 2.5,
        run: true,
        fire: true,
        ..Input::default()
    };
    assert_eq!(r.inputs, vec![expected]);
    assert_eq!((r.rules, r.level_hash.as_deref()), (1, None));
    assert_eq!(
        r.check(),
        Err(ReplayMismatch::Rules { recorded: 1 }),
        "played under rules 1"
    );
    let v2 = Recording::parse("tilecaster-replay 2\nlevel levels/e1m1.toml\n1.0 0.0 2.5 1 0 1 2\n");
    assert_eq!(v2.unwrap().rules, 1);
}

#[test]
fn other_rules_or_a_changed_level_are_refused_naming_both_sides() {
    let dir = std::env::temp_dir().join(format!("tilecaster-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("l.toml");
    std::fs::write(&level, "one").unwrap();
    let name = level.display().to_string();
    let r = Recording::start(name.clone(), &level);
    assert_eq!(r.check(), Ok(()));
    let back = Recording::parse(&r.to_text()).unwrap();
    assert_eq!(back.rules, RULES_VERSION);
    assert_eq!(back.level_hash.as_deref(), Some(file_hash(b"one").as_str()));
    let old_rules = Recording {
        rules: RULES_VERSION + 1,
        ..back.clone()
    };
    let e = old_rules.check().unwrap_err().to_string();
    assert!(
        e.starts_with(&format!(
            "recorded under game rules {}; this tilecaster",
            RULES_VERSION + 1
        )) && e.contains(&format!("plays rules {RULES_VERSION}")),
        "{e}"
    );
    std::fs::write(&level, "two").unwrap();
    let e = back.check().unwrap_err().to_string();
    assert!(
        e.contains(&name) && e.contains(&file_hash(b"one")) && e.contains(&file_hash(b"two")),
        "{e}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_recording_of_a_page_level_finds_that_level_beside_it_by_hash() {
    let dir = std::env::temp_dir().join(format!("tilecaster-rec-hash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Played in the page as `<page>/mine.toml`; the same file kept as `theirs.toml`.
    let text = std::fs::read("levels/e1m1.toml").unwrap();
    std::fs::write(dir.join("theirs.toml"), &text).unwrap();
    std::fs::write(dir.join("other.toml"), b"[level]").unwrap();
    let r = Recording {
        level: "<page>/mine.toml".into(),
        level_hash: Some(file_hash(&text)),
        ..Recording::start("levels/e1m1.toml".into(), Path::new("levels/e1m1.toml"))
    };
    let recording = dir.join("run.txt");
    std::fs::write(&recording, r.to_text()).unwrap();
    let found = Recording::read_for_replay(&recording).unwrap();
    assert_eq!(Path::new(&found.level), dir.join("theirs.toml"));
    // Without the level beside it: refused, naming the level as recorded.
    std::fs::remove_file(dir.join("theirs.toml")).unwrap();
    let e = Recording::read_for_replay(&recording)
        .unwrap_err()
        .to_string();
    assert!(e.contains("<page>/mine.toml"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_bundled_level_is_recorded_by_its_repository_name_and_replays_from_it() {
    let bundled = std::path::Path::new(crate::files::BUILT_IN).join("levels/e1m1.toml");
    let r = Recording::start(bundled.display().to_string(), &bundled);
    assert_eq!(r.level, "levels/e1m1.toml", "no <built-in> in the file");
    assert!(r.level_hash.is_some());
    let back = Recording::parse(&r.to_text()).unwrap();
    assert_eq!(back.check(), Ok(()));
    assert_eq!(level_file_hash(&back.level_path()), r.level_hash);
    // Files written before the name was mended, with the prefix, and with no hash.
    for level_hash in [r.level_hash.clone(), None] {
        let old = Recording {
            level: bundled.display().to_string(),
            level_hash,
            ..r.clone()
        };
        assert_eq!(old.check(), Ok(()), "{old:?}");
        assert_eq!(old.level_path(), bundled);
    }
}
