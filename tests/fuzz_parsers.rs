//! Every parser a user's file reaches (levels, Tiled maps, recordings, key files, textures),
//! fed arbitrary bytes and arbitrary structured levels: each returns a value or a typed error,
//! never panics. The test run prints how many bad inputs were tried.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use tilecaster::episode::Recording;
use tilecaster::level::Level;
use tilecaster::map::TileMap;

use crate::common;

static TRIED: AtomicUsize = AtomicUsize::new(0);

/// The count written last to [`COUNT_FILE`] (under its lock).
static WRITTEN: std::sync::Mutex<usize> = std::sync::Mutex::new(0);

/// Where the count of bad inputs tried is kept as the tests run (the largest written last), for
/// `.ci/run` to print after `cargo test` without running the fuzzing again.
const COUNT_FILE: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/bad-inputs-tried.txt");

fn count() {
    let n = TRIED.fetch_add(1, Ordering::Relaxed) + 1;
    let mut written = WRITTEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if n > *written {
        *written = n;
        let _ = std::fs::write(COUNT_FILE, report(n));
    }
}

/// The line `.ci/run` prints: `n` inputs fuzzed, and the corpora's files (counted once).
fn report(n: usize) -> String {
    static CORPORA: std::sync::OnceLock<(usize, usize)> = std::sync::OnceLock::new();
    let (levels, maps) = *CORPORA.get_or_init(corpora);
    format!(
        "bad inputs tried: {n} fuzzed, plus {levels} corpus levels and {maps} Tiled maps (tests/tiled)"
    )
}

/// The bad levels' and the Tiled maps' files in the corpora.
fn corpora() -> (usize, usize) {
    let count = |dir: &str, ext: &str| {
        std::fs::read_dir(dir).map_or(0, |entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == ext))
                .count()
        })
    };
    (
        count("tests/bad_levels", "toml"),
        count("tests/tiled", "tmx"),
    )
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
    #![proptest_config(common::proptest_config(1500))]

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

    /// Arbitrary text, and arbitrary bindings of arbitrary names: settings, or an error
    /// naming the file.
    #[test]
    fn settings_files_never_panic(
        text in any::<String>(),
        action in "[a-z_]{0,12}",
        names in prop::collection::vec("[A-Za-z0-9 é]{0,6}", 0..4),
    ) {
        count();
        let _ = tilecaster::settings::parse(&text, Path::new("k.toml"));
        let list: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
        let file = format!("[keys]\n{action} = [{}]\n", list.join(", "));
        if let Err(e) = tilecaster::settings::parse(&file, Path::new("k.toml")) {
            prop_assert!(e.to_string().starts_with("k.toml:"), "{}", e);
        }
    }

    #[test]
    fn ascii_maps_never_panic(text in "[#. \\n?x]{0,200}") {
        count();
        let _ = TileMap::from_ascii(&text);
    }
}

/// A xorshift generator: the same mangled files on every run.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Writes 300 mangled copies of `real` to a scratch folder as `caseN.EXT` and hands each path
/// to `load`: each copy gets 1 to `edits` changes from `mangle` (given the bytes, a random
/// index into them and the generator); every tenth is replaced by up to `noise` random bytes.
fn mangled_files(
    real: &[u8],
    ext: &str,
    seed: u64,
    edits: u64,
    noise: u64,
    mangle: impl Fn(&mut Vec<u8>, usize, &mut Xorshift),
    mut load: impl FnMut(usize, &Path),
) {
    let dir = std::env::temp_dir().join(format!("tilecaster-fuzz-{ext}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Xorshift(seed);
    for case in 0..300 {
        let mut bytes = real.to_vec();
        for _ in 0..1 + rng.next() % edits {
            let i = (rng.next() as usize) % bytes.len().max(1);
            mangle(&mut bytes, i, &mut rng);
        }
        if case % 10 == 0 {
            bytes = (0..rng.next() % noise).map(|_| rng.next() as u8).collect();
        }
        let path = dir.join(format!("case{case}.{ext}"));
        std::fs::write(&path, &bytes).unwrap();
        load(case, &path);
        count();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The Tiled loader on arbitrary bytes and on mangled copies of the bundled map (with its
/// tileset in the map, as `convert` writes it: the kit's external tileset would not be beside
/// the mangled copies).
#[test]
fn tiled_maps_never_panic() {
    let out = std::env::temp_dir().join(format!("tilecaster-fuzz-e1m2-{}.tmx", std::process::id()));
    let real = tilecaster::level::to_tmx(Path::new("levels/e1m2.tmx"), &out)
        .unwrap()
        .text
        .into_bytes();
    // Flip, delete or truncate a few bytes.
    let mangle = |bytes: &mut Vec<u8>, i: usize, rng: &mut Xorshift| match rng.next() % 3 {
        0 => bytes[i] = rng.next() as u8,
        1 => {
            bytes.remove(i);
        }
        _ => bytes.truncate(i),
    };
    mangled_files(
        &real,
        "tmx",
        0x9E37_79B9_7F4A_7C15,
        4,
        200,
        mangle,
        |_, path| {
            let _ = Level::load(path);
        },
    );
}

/// The Tiled loader on mangled copies of a JSON map (its tileset inline).
#[test]
fn tiled_json_maps_never_panic() {
    let tileset = std::fs::read_to_string("tests/tiled/json_tileset.tsj").unwrap();
    let inline = format!(
        "{{\"firstgid\":1, {}",
        tileset.trim().trim_start_matches('{')
    );
    let real = std::fs::read_to_string("tests/tiled/json_map.tmj")
        .unwrap()
        .replace("{\"firstgid\":1, \"source\":\"json_tileset.tsj\"}", &inline);
    assert!(real.contains("\"tiles\""), "the tileset is inline");
    // JSON's own characters, so that most edits still parse as something.
    let alphabet = b"{}[],:\"0123456789-.etrufalsn ";
    let mangle = |bytes: &mut Vec<u8>, i: usize, rng: &mut Xorshift| match rng.next() % 3 {
        0 => bytes[i] = alphabet[rng.next() as usize % alphabet.len()],
        1 => {
            bytes.remove(i);
        }
        _ => bytes.truncate(i),
    };
    mangled_files(
        real.as_bytes(),
        "tmj",
        0x2545_F491_4F6C_DD1D,
        4,
        200,
        mangle,
        |_, path| {
            let _ = Level::load(path);
        },
    );
}

/// The texture loader on mangled copies of a bundled PNG (and on short random files): a
/// texture or a typed error naming the file.
#[test]
fn textures_never_panic() {
    let real = std::fs::read("textures/grate.png").unwrap();
    let mangle = |bytes: &mut Vec<u8>, i: usize, rng: &mut Xorshift| match rng.next() % 3 {
        // The header's size fields and chunk lengths are where the trouble is.
        0 => bytes[i % 40] = rng.next() as u8,
        1 => bytes[i] = rng.next() as u8,
        _ => bytes.truncate(i),
    };
    mangled_files(
        &real,
        "png",
        0x2545_F491_4F6C_DD1D,
        3,
        100,
        mangle,
        |case, path| {
            if let Err(e) = tilecaster::texture::load_texture(path) {
                assert!(e.to_string().contains(&format!("case{case}.png")), "{e}");
            }
        },
    );
}

/// The save loader on mangled copies of a real save (digits and brackets changed, bytes cut):
/// a session or a typed error naming the file, never a panic.
#[test]
fn saves_never_panic() {
    let dir = std::env::temp_dir().join(format!("tilecaster-fuzz-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let real_path = dir.join("real.json");
    let mut session =
        tilecaster::episode::Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    for _ in 0..100 {
        session.tick(&tilecaster::game::Input {
            forward: 1.0,
            ..Default::default()
        });
    }
    session.save(&real_path).unwrap();
    let real = std::fs::read(&real_path).unwrap();
    let mangle = |bytes: &mut Vec<u8>, i: usize, rng: &mut Xorshift| match rng.next() % 4 {
        0 => bytes[i] = b"0123456789-.e[]{},\"true\""[rng.next() as usize % 21],
        1 => bytes[i] = rng.next() as u8,
        2 => {
            bytes.remove(i);
        }
        _ => bytes.truncate(i),
    };
    mangled_files(
        &real,
        "json",
        0x1234_5678_9ABC_DEF1,
        4,
        200,
        mangle,
        |case, path| {
            match tilecaster::episode::Session::load(path, None) {
                // What loads, plays.
                Ok(mut s) => (0..10).for_each(|_| s.tick(&Default::default())),
                Err(e) => {
                    let text = e.to_string();
                    assert!(
                        text.contains(&format!("case{case}.json")) || text.contains("e1m1.toml"),
                        "{text}"
                    );
                }
            }
        },
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Prints the count so far (a lower bound in a binary whose tests run in parallel; `.ci/run`
/// prints the whole count from [`COUNT_FILE`] after the run).
#[test]
fn zz_report_how_many_bad_inputs_were_tried() {
    println!("{}", report(TRIED.load(Ordering::Relaxed)));
}
