//! Every parser a user's file reaches, fed arbitrary bytes and arbitrary structured levels:
//! each returns a value or a typed error, never panics. The test run prints how many bad inputs
//! were tried.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use tilecaster::game::Recording;
use tilecaster::level::Level;
use tilecaster::map::TileMap;

static TRIED: AtomicUsize = AtomicUsize::new(0);

fn count() {
    TRIED.fetch_add(1, Ordering::Relaxed);
}

/// Level text: a name, a grid of arbitrary characters (ragged or not), a legend of arbitrary
/// entries, optional things by position: valid pieces in invalid combinations.
fn structured_level() -> impl Strategy<Value = String> {
    let cell = prop::sample::select(vec![
        '#', '.', ' ', '@', 'D', 'G', 'P', '=', 'g', 'h', 'X', 'k', '?', 'é', '\t',
    ]);
    let row = prop::collection::vec(cell, 0..12).prop_map(|r| r.into_iter().collect::<String>());
    let grid = prop::collection::vec(row, 0..10);
    let entry = prop::sample::select(vec![
        "{ wall = \"brick\" }",
        "{ door = \"door\", key = \"gold\" }",
        "{ push = \"stone\" }",
        "{ masked = \"grate\" }",
        "{ player = \"north\" }",
        "{ enemy = \"guard\", mode = \"patrol\", facing = \"37\" }",
        "{ pickup = \"health\" }",
        "{ exit = true }",
        "{ wall = \"brick\", door = \"door\" }",
        "{ faces = { north = \"a\" } }",
        "{ floor = \"#12\" }",
        "{ player = 5 }",
        "\"text\"",
        "{ wall = \"\" }",
    ]);
    let legend = prop::collection::vec(
        (
            prop::sample::select(vec!["#", "D", "G", "P", "=", "@", "g", "h", "X", "ab", ""]),
            entry,
        ),
        0..8,
    );
    let things = prop::sample::select(vec![
        "",
        "[player]\nposition = [1.5, 1.5]\n",
        "[player]\nposition = [1e308, -1e308]\n",
        "[[enemy]]\nkind = \"guard\"\nposition = [0.0, 0.0]\n",
        "[[pickup]]\nkind = \"ammo\"\nposition = [\"x\", 2]\n",
        "[fog]\ncolour = \"#000000\"\ndistance = -0.0\n",
        "next = \"fuzz.toml\"\n",
    ]);
    (grid, legend, things).prop_map(|(grid, legend, things)| {
        let legend: String = legend
            .iter()
            .map(|(k, v)| format!("\"{k}\" = {v}\n"))
            .collect();
        format!(
            "name = \"fuzz\"\ngrid = '''\n{}\n'''\n{things}\n[legend]\n{legend}",
            grid.join("\n")
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, .. ProptestConfig::default() })]

    #[test]
    fn levels_never_panic_on_arbitrary_text(text in any::<String>()) {
        count();
        let _ = Level::parse(&text, Path::new("levels/fuzz.toml"));
    }

    #[test]
    fn levels_never_panic_on_structured_nonsense(text in structured_level()) {
        count();
        match Level::parse(&text, Path::new("levels/fuzz.toml")) {
            Ok(loaded) => prop_assert!(loaded.level.map.width() > 0),
            Err(e) => prop_assert!(!e.diagnostics.is_empty(), "an error lists its problems"),
        }
    }

    #[test]
    fn recordings_never_panic(text in any::<String>(), prefix in prop::bool::ANY) {
        count();
        let text = if prefix { format!("tilecaster-replay 1\nlevel x\n{text}") } else { text };
        let _ = Recording::parse(&text);
    }

    #[test]
    fn ascii_maps_never_panic(text in "[#. \\n?x]{0,200}") {
        count();
        let _ = TileMap::from_ascii(&text);
    }
}

/// The Tiled loader on arbitrary bytes and on mangled copies of the bundled map.
#[test]
fn tiled_maps_never_panic() {
    let dir = std::env::temp_dir().join(format!("tilecaster-fuzz-tmx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let real = std::fs::read("levels/e1m2.tmx").unwrap();
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for case in 0..300 {
        let mut bytes = real.clone();
        // Flip, delete or truncate a few bytes.
        for _ in 0..1 + next() % 4 {
            let i = (next() as usize) % bytes.len().max(1);
            match next() % 3 {
                0 => bytes[i] = next() as u8,
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.truncate(i),
            }
        }
        if case % 10 == 0 {
            bytes = (0..next() % 200).map(|_| next() as u8).collect();
        }
        let path = dir.join(format!("case{case}.tmx"));
        std::fs::write(&path, &bytes).unwrap();
        let _ = Level::load(&path);
        count();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The texture loader on mangled copies of a bundled PNG (and on short random files): a
/// texture or a typed error naming the file.
#[test]
fn textures_never_panic() {
    let dir = std::env::temp_dir().join(format!("tilecaster-fuzz-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let real = std::fs::read("textures/grate.png").unwrap();
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for case in 0..300 {
        let mut bytes = real.clone();
        for _ in 0..1 + next() % 3 {
            let i = (next() as usize) % bytes.len().max(1);
            match next() % 3 {
                // The header's size fields and chunk lengths are where the trouble is.
                0 => bytes[i % 40] = next() as u8,
                1 => bytes[i] = next() as u8,
                _ => bytes.truncate(i),
            }
        }
        if case % 10 == 0 {
            bytes = (0..next() % 100).map(|_| next() as u8).collect();
        }
        let path = dir.join(format!("case{case}.png"));
        std::fs::write(&path, &bytes).unwrap();
        if let Err(e) = tilecaster::texture::load_texture(&path) {
            assert!(e.to_string().contains(&format!("case{case}.png")), "{e}");
        }
        count();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Prints the count (after the others, in a binary whose tests run in parallel: the count is a
/// lower bound when this one runs early).
#[test]
fn zz_report_how_many_bad_inputs_were_tried() {
    let corpus = std::fs::read_dir("tests/bad_levels")
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    println!(
        "bad inputs tried: {} fuzzed in this binary so far, plus {corpus} corpus levels",
        TRIED.load(Ordering::Relaxed)
    );
}
