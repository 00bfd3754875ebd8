//! The binary plays the bundled episode from any folder: the levels, textures and sprites are
//! embedded (under `<built-in>/`), while files on disk still come first.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common;

/// A fresh empty folder outside the repository.
fn empty_folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tilecaster-anywhere-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn the_episode_plays_from_an_empty_folder() {
    let dir = empty_folder("empty");
    // The default level renders, and the whole episode is played through to its end.
    let out = run_in(&dir, &["render", "-o", "start.png", "--size", "160x100"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let picture = image::open(dir.join("start.png")).unwrap().to_rgba8();
    let distinct: std::collections::HashSet<_> = picture.pixels().map(|p| p.0).collect();
    assert!(
        distinct.len() > 50,
        "a textured view, not a blank: {} colours",
        distinct.len()
    );
    let out = run_in(&dir, &["autoplay", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let played = String::from_utf8_lossy(&out.stdout);
    for level in common::EPISODE {
        assert!(
            played.contains(&format!("\"level\":\"{level}\"")),
            "{played}"
        );
    }
    // Every bundled level checks, by its built-in path.
    let built_in: Vec<String> = common::EPISODE
        .iter()
        .map(|l| format!("<built-in>/levels/{l}"))
        .collect();
    let mut args = vec!["check"];
    args.extend(built_in.iter().map(String::as_str));
    let out = run_in(&dir, &args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn files_on_disk_come_first() {
    // A level of one's own, with no texture folder: the bundled textures are its default.
    let dir = empty_folder("own");
    let level = std::fs::read_to_string("levels/e1m1.toml")
        .unwrap()
        .replace("next = \"e1m2.tmx\"\n", "")
        .replace("textures = \"../textures\"\n", "")
        .replace("Entry Hall", "My Hall");
    std::fs::write(dir.join("mine.toml"), &level).unwrap();
    let out = run_in(&dir, &["check", "mine.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("from <built-in>/textures"),
        "{}",
        text(&out)
    );
    // A levels/e1m1.toml on disk is the default level, even a broken one.
    std::fs::create_dir_all(dir.join("levels")).unwrap();
    std::fs::write(dir.join("levels/e1m1.toml"), "name = ").unwrap();
    let out = run_in(&dir, &["render", "-o", "x.png"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("levels/e1m1.toml:1:"), "{}", text(&out));
    // A level naming a texture folder that is missing is an error, not the bundled one.
    let named = level.replace(
        "name = \"My Hall\"",
        "name = \"My Hall\"\ntextures = \"textures\"",
    );
    std::fs::write(dir.join("named.toml"), named).unwrap();
    let out = run_in(&dir, &["check", "named.toml"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("texture folder 'textures' does not exist"),
        "{}",
        text(&out)
    );
    std::fs::remove_dir_all(dir).unwrap();
}
