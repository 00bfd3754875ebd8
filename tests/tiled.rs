//! Tiled maps: the hand-made cases in `tests/tiled/` (each states what it expects in a comment
//! at its top), a JSON map with an external JSON tileset, the round trips through `convert`
//! (TOML -> TMX -> TOML and TMX -> TOML -> TMX), and the bundled maps re-saved by the real
//! Tiled (`tiled --export-map`) in every layer encoding and in JSON, each drawing the same
//! pictures as the original.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, PoisonError};

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::grid::Cell;
use tilecaster::level::{Level, LevelError, Loaded, load_with_textures, to_tmx, to_toml};
use tilecaster::map::Tile;
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, Renderer};

/// One line of a case's expectations.
fn expectations(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .take_while(|l| !l.contains("<map"))
        .filter_map(|l| l.split_once("expect: "))
        .map(|(_, rest)| {
            rest.trim_end_matches("-->")
                .split_whitespace()
                .map(String::from)
                .collect()
        })
        .collect()
}

fn near(a: Vec2, x: &str, y: &str) -> bool {
    let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
    (a.x - x).abs() < 1e-9 && (a.y - y).abs() < 1e-9
}

/// Checks a loaded (or refused) case against its expectations.
fn check_case(path: &Path, result: &Result<Loaded, LevelError>, expect: &[Vec<String>]) {
    let name = path.display();
    let diagnostics = match result {
        Ok(loaded) => loaded.warnings.clone(),
        Err(e) => e.diagnostics.clone(),
    };
    let wants_error = expect.iter().any(|e| e[0] == "error");
    assert_eq!(
        result.is_err(),
        wants_error,
        "{name}: {}",
        diagnostics
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
    for e in expect {
        let level = result.as_ref().ok().map(|l| &l.level);
        match e[0].as_str() {
            "error" | "warning" => {
                // `error [FILE:]LINE:COL words...` or `error words...`.
                let place = e[1]
                    .rsplit_once(':')
                    .filter(|(a, b)| b.parse::<usize>().is_ok() && !a.is_empty())
                    .and_then(|(rest, col)| {
                        let (file, line) = rest.rsplit_once(':').unwrap_or(("", rest));
                        Some((
                            file.to_string(),
                            line.parse::<usize>().ok()?,
                            col.parse().ok()?,
                        ))
                    });
                let words = e[if place.is_some() { 2 } else { 1 }..].join(" ");
                let found = diagnostics.iter().any(|d| {
                    d.to_string().contains(&format!("{}: {words}", e[0]))
                        || (d.message.contains(&words)
                            && format!("{:?}", d.severity).to_lowercase() == e[0])
                            && place.as_ref().is_none_or(|(file, line, col)| {
                                d.position == Some((*line, *col))
                                    && if file.is_empty() {
                                        d.file == path.display().to_string()
                                    } else {
                                        d.file.ends_with(file.as_str())
                                    }
                            })
                });
                assert!(
                    found,
                    "{name}: no {} {words:?} at {place:?} in:\n{}",
                    e[0],
                    diagnostics
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            }
            "player" => {
                let p = level.unwrap().player.position;
                assert!(near(p, &e[1], &e[2]), "{name}: player at {p:?}");
            }
            "enemy" => {
                let level = level.unwrap();
                let found = level.enemies.iter().any(|x| {
                    near(x.at.position, &e[1], &e[2])
                        && e.get(3).is_none_or(|k| x.kind == *k)
                        && e.get(4)
                            .is_none_or(|m| format!("{:?}", x.mode).to_lowercase() == *m)
                });
                assert!(found, "{name}: no enemy {e:?} in {:?}", level.enemies);
            }
            "pickup" => {
                let level = level.unwrap();
                let found = level.pickups.iter().any(|x| near(x.position, &e[1], &e[2]));
                assert!(found, "{name}: no pickup {e:?} in {:?}", level.pickups);
            }
            "exit" => {
                let cell = Cell::new(e[1].parse().unwrap(), e[2].parse().unwrap());
                assert!(
                    level.unwrap().exits.contains(&cell),
                    "{name}: no exit {cell:?}"
                );
            }
            "cell" => {
                let cell = Cell::new(e[1].parse().unwrap(), e[2].parse().unwrap());
                let want = match e[3].as_str() {
                    "wall" => Tile::Wall,
                    "door" => Tile::Door,
                    _ => Tile::Empty,
                };
                assert_eq!(level.unwrap().map.get(cell), Some(want), "{name}: {cell:?}");
            }
            "fog" => {
                let c = level.unwrap().fog.colour;
                let want: Vec<u8> = e[1..4].iter().map(|v| v.parse().unwrap()).collect();
                assert_eq!(vec![c.r, c.g, c.b], want, "{name}: fog colour");
            }
            "light" => {
                // light X Y RADIUS INTENSITY RRGGBB
                let level = level.unwrap();
                let found = level.lights.iter().any(|l| {
                    near(l.position, &e[1], &e[2])
                        && l.radius == e[3].parse::<f64>().unwrap()
                        && l.intensity == e[4].parse::<f64>().unwrap()
                        && format!("{:02x}{:02x}{:02x}", l.colour.r, l.colour.g, l.colour.b) == e[5]
                });
                assert!(found, "{name}: no light {e:?} in {:?}", level.lights);
            }
            "ambient" => {
                let want: f64 = e[1].parse().unwrap();
                assert_eq!(level.unwrap().ambient, want, "{name}: ambient");
            }
            other => panic!("{name}: unknown expectation '{other}'"),
        }
    }
}

#[test]
fn every_hand_made_case_gives_what_it_states() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir("tests/tiled")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tmx"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for path in &cases {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let expect = expectations(&text);
        assert!(
            !expect.is_empty(),
            "{}: states no expectation",
            path.display()
        );
        check_case(path, &Level::load(path), &expect);
    }
}

#[test]
fn a_json_map_with_a_json_tileset_in_a_group() {
    let path = Path::new("tests/tiled/json_map.tmj");
    let expect: Vec<Vec<String>> = [
        "player 1.5 1.5",
        "exit 4 2",
        "fog 10 20 30",
        "cell 5 2 wall",
    ]
    .iter()
    .map(|l| l.split_whitespace().map(String::from).collect())
    .collect();
    let loaded = Level::load(path);
    check_case(path, &loaded, &expect);
    assert_eq!(loaded.unwrap().level.name, "From JSON");
    // A problem in JSON is at its line and column too.
    let bad = std::env::temp_dir().join(format!("tilecaster-bad-{}.tmj", std::process::id()));
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("\"player\"", "\"player\",,");
    std::fs::write(&bad, text).unwrap();
    let err = Level::load(&bad).unwrap_err().to_string();
    std::fs::remove_file(&bad).unwrap();
    assert!(
        err.contains(":12:32:") && err.contains("not well-formed JSON"),
        "{err}"
    );
}

/// A copy of the bundled levels and a link to the textures in a fresh folder, so that the
/// converted files lie beside them and their relative paths (`next`, `textures`) still hold.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tilecaster-tiled-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("levels")).unwrap();
    for entry in std::fs::read_dir("levels").unwrap() {
        let path = entry.unwrap().path();
        let to = dir.join("levels").join(path.file_name().unwrap());
        if path.is_dir() {
            // The kit's pictures (levels/tiled/).
            std::os::unix::fs::symlink(std::fs::canonicalize(&path).unwrap(), to).unwrap();
        } else {
            std::fs::copy(&path, to).unwrap();
        }
    }
    std::os::unix::fs::symlink(
        std::fs::canonicalize("textures").unwrap(),
        dir.join("textures"),
    )
    .unwrap();
    dir
}

/// What a level draws from a few places: its start facing four ways, and two spots inside.
/// Kept by the file's path and bytes: the tests compare each original with many conversions
/// of it, and loading a lit level's assets (its light map and lit copies) is most of the
/// work.
fn pictures(path: &Path) -> Arc<Vec<Frame>> {
    type Key = (PathBuf, Vec<u8>);
    static DRAWN: Mutex<BTreeMap<Key, Arc<Vec<Frame>>>> = Mutex::new(BTreeMap::new());
    let key = (path.to_path_buf(), std::fs::read(path).unwrap_or_default());
    let drawn = || DRAWN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(frames) = drawn().get(&key) {
        return frames.clone();
    }
    let frames = Arc::new(draw_pictures(path));
    drawn().insert(key, frames.clone());
    frames
}

fn draw_pictures(path: &Path) -> Vec<Frame> {
    let loaded =
        load_with_textures(path, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let sprites = tilecaster::render::level_sprites(level, &loaded.textures);
    let start = level.player.position;
    let spots = [
        (start, 0.0),
        (start, 90.0),
        (start, 180.0),
        (start, 270.0),
        (Vec2::new(3.5, 2.5), 30.0),
        (Vec2::new(7.3, 5.5), 200.0),
    ];
    spots
        .iter()
        .map(|&(pos, angle)| {
            let mut frame = Frame::new(160, 100).unwrap();
            let camera = Camera::new(pos, angle, Camera::DEFAULT_FOV);
            Renderer::new().render(level, &assets, &ClosedDoors, &sprites, &camera, &mut frame);
            frame
        })
        .collect()
}

/// The things of a level, for comparing two loads of one level.
fn things(path: &Path) -> String {
    let level = Level::load(path).unwrap().level;
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {}",
        level.player,
        level.enemies,
        level.pickups,
        level.doors,
        level.exits,
        level.secret_exits,
        level.fog,
        level.next,
        level.secret_next,
        level.par_seconds
    )
}

fn same_level(a: &Path, b: &Path) {
    assert_eq!(things(a), things(b), "{} and {}", a.display(), b.display());
    assert!(
        pictures(a) == pictures(b),
        "{} and {} draw differently",
        a.display(),
        b.display()
    );
}

/// A level with secret exits (a floor exit and an exit switch) and a secret level.
const SECRET: &str = "name = \"secret\"\ntextures = \"../textures\"\nnext = \"e1m1.toml\"\nsecret_next = \"e1m3.toml\"\ngrid = '''\n#####S#\n#x.@.X#\n#######\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\"X\" = { exit = true }\n\"x\" = { exit = true, secret = true }\n\"S\" = { wall = \"exit\", exit = true, secret = true }\n";

#[test]
fn round_trips_through_convert_give_the_same_level() {
    let dir = scratch("round");
    let levels = dir.join("levels");
    // A level to the other format and back: the same level each way. The level converted back.
    let round_trip = |name: &str, from: &str, via: &str| {
        let convert = |a: &Path, b: &Path| {
            let converted = if b.extension().is_some_and(|e| e == "tmx") {
                to_tmx(a, b)
            } else {
                to_toml(a, b)
            };
            std::fs::write(b, converted.unwrap().text).unwrap();
        };
        let original = levels.join(format!("{name}.{from}"));
        let middle = levels.join(format!("{name}-rt.{via}"));
        convert(&original, &middle);
        same_level(&original, &middle);
        let back = levels.join(format!("{name}-rt.{from}"));
        convert(&middle, &back);
        same_level(&original, &back);
        back
    };
    for name in [
        "e1m1", "e1m3", "e1m4", "e1m5", "e1m6", "e1m7", "e1m9", "stress",
    ] {
        round_trip(name, "toml", "tmx");
    }
    // Secret exits (a floor exit and an exit switch) and the secret level.
    std::fs::write(levels.join("secret.toml"), SECRET).unwrap();
    let back = round_trip("secret", "toml", "tmx");
    let level = Level::load(&back).unwrap().level;
    assert_eq!(level.secret_exits.len(), 2, "{:?}", level.exits);
    assert!(level.secret_next.unwrap().ends_with("e1m3.toml"));
    // TMX -> TOML -> TMX, with the maps Tiled wrote.
    for name in ["e1m2", "e1m8", "e1m10"] {
        round_trip(name, "tmx", "toml");
    }
    let again = levels.join("e1m2-rt.tmx");
    // The tiles show their textures in Tiled: the images are found from the map's folder.
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(
        text.contains("<image source=\"../textures/brick.png\"/>"),
        "{text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The GIDs of a map's CSV walls layer.
fn csv_gids(tmx: &str) -> Vec<u32> {
    let start = tmx.find("<data encoding=\"csv\">").unwrap() + "<data encoding=\"csv\">".len();
    let end = tmx[start..].find("</data>").unwrap() + start;
    tmx[start..end]
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect()
}

/// The map with its walls layer in another encoding, as Tiled's "Tile Layer Format" offers.
fn with_encoding(tmx: &str, format: &str) -> String {
    use base64::Engine;
    use std::io::Write;
    let gids = csv_gids(tmx);
    let bytes: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    let data = match format {
        "csv" => return tmx.to_string(),
        "xml" => {
            let tiles: String = gids
                .iter()
                .map(|g| format!("<tile gid=\"{g}\"/>"))
                .collect();
            format!("<data>{tiles}</data>")
        }
        "base64" => format!("<data encoding=\"base64\">{}</data>", b64(&bytes)),
        "zlib" | "gzip" => {
            let packed = if format == "zlib" {
                let mut z = flate2::write::ZlibEncoder::new(Vec::new(), Default::default());
                z.write_all(&bytes).unwrap();
                z.finish().unwrap()
            } else {
                let mut z = flate2::write::GzEncoder::new(Vec::new(), Default::default());
                z.write_all(&bytes).unwrap();
                z.finish().unwrap()
            };
            format!(
                "<data encoding=\"base64\" compression=\"{format}\">{}</data>",
                b64(&packed)
            )
        }
        "zstd" => {
            let packed = ruzstd::encoding::compress_to_vec(
                &bytes[..],
                ruzstd::encoding::CompressionLevel::Fastest,
            );
            format!(
                "<data encoding=\"base64\" compression=\"zstd\">{}</data>",
                b64(&packed)
            )
        }
        other => panic!("no format {other}"),
    };
    let start = tmx.find("<data encoding=\"csv\">").unwrap();
    let end = tmx[start..].find("</data>").unwrap() + start + "</data>".len();
    format!("{}{data}{}", &tmx[..start], &tmx[end..])
}

/// The formats tests re-save maps in.
const ENCODINGS: [&str; 6] = ["csv", "xml", "base64", "zlib", "gzip", "zstd"];

#[test]
fn every_layer_encoding_reads_the_same() {
    let dir = scratch("encodings");
    let levels = dir.join("levels");
    let original = levels.join("e1m1.toml");
    let tmx = levels.join("e1m1-rt.tmx");
    let text = to_tmx(&original, &tmx).unwrap().text;
    // The map says which level format it is (a modder's map survives updates).
    assert!(
        text.contains("<property name=\"format\" type=\"int\" value=\"1\"/>"),
        "{text}"
    );
    std::fs::write(&tmx, &text).unwrap();
    assert!(
        to_toml(&tmx, &original)
            .unwrap()
            .text
            .contains("\nformat = 1\n")
    );
    for format in ENCODINGS {
        let variant = levels.join(format!("e1m1-{format}.tmx"));
        std::fs::write(&variant, with_encoding(&text, format)).unwrap();
        same_level(&original, &variant);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The real Tiled, run headless; `None` (with a note) where it is not installed, except in CI,
/// which installs it.
fn tiled() -> Option<Command> {
    let found = Command::new("tiled").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have Tiled (apt-get install tiled)"
        );
        eprintln!("note: Tiled is not installed; the tests that drive it are skipped");
        return None;
    }
    let mut command = Command::new("tiled");
    command
        .env("QT_QPA_PLATFORM", "offscreen")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir());
    Some(command)
}

/// `tiled --export-map from to`: Tiled reads the map and writes it as it writes maps.
fn tiled_export(from: &Path, to: &Path) -> bool {
    let Some(mut command) = tiled() else {
        return false;
    };
    let out = command
        .arg("--export-map")
        .arg(from)
        .arg(to)
        .output()
        .unwrap();
    let written = out.status.success() && to.is_file();
    if !written {
        eprintln!(
            "tiled --export-map {} {}: {}",
            from.display(),
            to.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    written
}

#[test]
fn maps_resaved_by_tiled_in_every_format_draw_the_same() {
    if tiled().is_none() {
        return;
    }
    let dir = scratch("tiled");
    let levels = dir.join("levels");
    let mut sources = vec![(levels.join("e1m2.tmx"), levels.join("e1m2.tmx"))];
    for name in ["e1m1", "e1m3", "e1m4"] {
        let toml = levels.join(format!("{name}.toml"));
        let tmx = levels.join(format!("{name}-rt.tmx"));
        std::fs::write(&tmx, to_tmx(&toml, &tmx).unwrap().text).unwrap();
        sources.push((toml, tmx));
    }
    let mut resaved = 0;
    for (original, tmx) in &sources {
        let text = std::fs::read_to_string(tmx).unwrap();
        let stem = tmx.file_stem().unwrap().to_string_lossy().into_owned();
        // Tiled's own map: TMX in its layer format, and JSON.
        for format in ENCODINGS {
            let variant = levels.join(format!("{stem}-in-{format}.tmx"));
            std::fs::write(&variant, with_encoding(&text, format)).unwrap();
            for ext in ["tmx", "tmj"] {
                let out = levels.join(format!("{stem}-{format}-by-tiled.{ext}"));
                assert!(
                    tiled_export(&variant, &out),
                    "Tiled could not read {}",
                    variant.display()
                );
                if ext == "tmx" && format != "csv" {
                    let written = std::fs::read_to_string(&out).unwrap();
                    let data = with_encoding(&text, format);
                    let tag = |t: &str| {
                        t.lines()
                            .find(|l| l.contains("<data"))
                            .map(|l| l.trim().split('>').next().unwrap().to_string())
                    };
                    assert_eq!(tag(&written), tag(&data), "Tiled keeps the layer format");
                }
                same_level(original, &out);
                resaved += 1;
            }
        }
    }
    assert_eq!(resaved, sources.len() * ENCODINGS.len() * 2);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unreadable_map_is_named() {
    let err = Level::load(Path::new("tests/tiled/no-such-map.tmx")).unwrap_err();
    assert_eq!(err.diagnostics.len(), 1);
    let text = err.to_string();
    assert!(
        text.starts_with("tests/tiled/no-such-map.tmx: error: cannot read:"),
        "{text}"
    );
}

/// The Tiled kit (`levels/tilecaster.tiled-project`, `levels/tilecaster.tsx`) says what the
/// reader takes: every value of every enum a thing's class offers loads (a thing of each class
/// with each value, beside the player, in a map of the kit's own tiles); every bundled texture
/// but the door jambs (drawn beside doors by themselves) is a tile of the kit; its commands
/// play and check the map being edited.
#[test]
fn the_tiled_kit_offers_exactly_what_levels_may_say() {
    let project: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("levels/tilecaster.tiled-project").unwrap())
            .unwrap();
    let types = project["propertyTypes"].as_array().unwrap();
    let enum_values = |name: &str| -> Vec<String> {
        let t = types.iter().find(|t| t["name"] == name).unwrap();
        assert_eq!(t["type"], "enum", "{name}");
        t["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    let dir = scratch("kit");
    let levels = dir.join("levels");
    let mut tried = 0;
    // Exactly: every kind the engine knows is offered, and nothing else.
    let engine_pickups: Vec<String> = tilecaster::level::PickupKind::ALL
        .iter()
        .map(|k| k.name().to_string())
        .collect();
    assert_eq!(enum_values("PickupKind"), engine_pickups);
    let engine_enemies: Vec<String> = tilecaster::level::ENEMY_KINDS
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(enum_values("EnemyKind"), engine_enemies);
    let engine_decorations: Vec<String> = tilecaster::level::DECORATIONS
        .iter()
        .map(|k| k.name.to_string())
        .collect();
    assert_eq!(enum_values("DecorationKind"), engine_decorations);
    for class in ["player", "spawn", "enemy", "pickup", "decoration", "exit"] {
        let t = types.iter().find(|t| t["name"] == class).unwrap();
        assert_eq!(t["type"], "class");
        assert_eq!(t["useAs"][0], "object", "{class}");
        for member in t["members"].as_array().unwrap() {
            let name = member["name"].as_str().unwrap();
            // The enums; the exit's `secret` (a bool, and a level with a secret exit needs a
            // secret level too) is read in the round trips' secret exits.
            let Some(enum_name) = member["propertyType"].as_str() else {
                assert_eq!(
                    (class, name, &member["type"]),
                    ("exit", "secret", &"bool".into())
                );
                continue;
            };
            let values = enum_values(enum_name);
            for value in values {
                // The player alone for the player's own values; else the player and the thing.
                // A pickup needs its kind beside any other property.
                let kind = if class == "pickup" && name != "kind" {
                    "<property name=\"kind\" value=\"ammo\"/>"
                } else {
                    ""
                };
                let thing = format!(
                    "<object id=\"2\" type=\"{class}\" x=\"224\" y=\"96\"><properties>{kind}<property name=\"{name}\" type=\"string\" propertytype=\"x\" value=\"{value}\"/></properties><point/></object>"
                );
                let player = if class == "player" {
                    thing.replace("id=\"2\"", "id=\"1\"").replace("224", "96")
                } else {
                    "<object id=\"1\" type=\"player\" x=\"96\" y=\"96\"><point/></object>".into()
                };
                let others = if class == "player" {
                    ""
                } else {
                    thing.as_str()
                };
                let map = format!(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"5\" height=\"3\" tilewidth=\"64\" tileheight=\"64\" infinite=\"0\">\n <tileset firstgid=\"1\" source=\"tilecaster.tsx\"/>\n <layer id=\"1\" name=\"walls\" width=\"5\" height=\"3\">\n  <data encoding=\"csv\">\n1,1,1,1,1,\n1,0,0,0,1,\n1,1,1,1,1\n</data>\n </layer>\n <objectgroup id=\"2\" name=\"things\">\n  {player}\n  {others}\n </objectgroup>\n</map>\n"
                );
                let path = levels.join(format!("kit-{class}-{name}-{value}.tmx"));
                std::fs::write(&path, map).unwrap();
                let loaded = Level::load(&path);
                assert!(
                    loaded.is_ok(),
                    "{class} {name} = {value}: {}",
                    loaded.unwrap_err()
                );
                tried += 1;
            }
        }
    }
    assert!(tried >= 8 + 8 + 2 + 3 + 5, "{tried}");
    // Every texture a tile, but the door jamb and the variants, which walls of their texture
    // show by themselves.
    let tsx = std::fs::read_to_string("levels/tilecaster.tsx").unwrap();
    let names: Vec<String> = std::fs::read_dir("textures")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "png"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let variant = |name: &String| {
        names
            .iter()
            .any(|of| tilecaster::level::variant_names(of).any(|v| v == *name))
    };
    for name in &names {
        if name == "door_jamb" || variant(name) {
            continue;
        }
        assert!(
            tsx.contains(&format!("value=\"{name}\"")),
            "the kit has no tile for textures/{name}.png"
        );
    }
    let commands = project["commands"].as_array().unwrap();
    let arguments: Vec<&str> = commands
        .iter()
        .map(|c| c["arguments"].as_str().unwrap())
        .collect();
    assert_eq!(arguments, ["play --level %mapfile", "check %mapfile"]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The real Tiled reads the kit's tileset and writes it back; the bundled map on that
/// tileset draws what it drew.
#[test]
fn tiled_exports_the_kit_tileset_and_the_map_draws_the_same() {
    let Some(mut command) = tiled() else { return };
    let dir = scratch("kit-export");
    let levels = dir.join("levels");
    let exported = levels.join("exported.tsx");
    let out = command
        .arg("--export-tileset")
        .arg(levels.join("tilecaster.tsx"))
        .arg(&exported)
        .output()
        .unwrap();
    assert!(
        out.status.success() && exported.is_file(),
        "tiled --export-tileset: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let map = std::fs::read_to_string(levels.join("e1m2.tmx"))
        .unwrap()
        .replace("source=\"tilecaster.tsx\"", "source=\"exported.tsx\"");
    assert!(map.contains("exported.tsx"));
    let copy = levels.join("e1m2-exported.tmx");
    std::fs::write(&copy, map).unwrap();
    same_level(&levels.join("e1m2.tmx"), &copy);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The kit's thing tiles (player, guard, officer, the pickups, the exit) placed as tile
/// objects in `things` are those things; painted on the walls layer, one is named as a thing
/// in the wrong layer.
#[test]
fn the_kits_thing_tiles_place_things() {
    let dir = scratch("kit-things");
    let levels = dir.join("levels");
    // A tile object's tile: the kit's tile `id` (first GID 1); Tiled anchors it bottom-left.
    let object = |n: usize, id: u32, cell: (u32, u32)| {
        format!(
            "<object id=\"{n}\" gid=\"{}\" x=\"{}\" y=\"{}\" width=\"64\" height=\"64\"/>",
            id + 1,
            cell.0 * 64,
            (cell.1 + 1) * 64
        )
    };
    let things = [
        object(1, 19, (1, 1)),
        object(2, 20, (2, 1)),
        object(3, 21, (3, 1)),
        object(4, 22, (4, 1)),
        object(5, 23, (5, 1)),
        object(6, 24, (6, 1)),
        object(7, 25, (7, 1)),
        object(8, 26, (8, 1)),
        object(9, 27, (9, 1)),
    ]
    .join("\n  ");
    let map = |walls: &str| {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"11\" height=\"3\" tilewidth=\"64\" tileheight=\"64\" infinite=\"0\">\n <tileset firstgid=\"1\" source=\"tilecaster.tsx\"/>\n <layer id=\"1\" name=\"walls\" width=\"11\" height=\"3\">\n  <data encoding=\"csv\">\n1,1,1,1,1,1,1,1,1,1,1,\n1,0,0,0,0,0,0,0,0,0,{walls},\n1,1,1,1,1,1,1,1,1,1,1\n</data>\n </layer>\n <objectgroup id=\"2\" name=\"things\">\n  {things}\n </objectgroup>\n</map>\n"
        )
    };
    let path = levels.join("kit-things.tmx");
    std::fs::write(&path, map("1")).unwrap();
    let loaded = Level::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let level = loaded.level;
    assert!(near(level.player.position, "1.5", "1.5"));
    let kinds: Vec<&str> = level.enemies.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["guard", "officer"]);
    assert_eq!(level.pickups.len(), 5);
    assert_eq!(level.exits, [tilecaster::grid::Cell::new(9, 1)]);
    // A guard painted on the walls layer.
    std::fs::write(&path, map("21")).unwrap();
    let err = Level::load(&path).unwrap_err().to_string();
    assert!(
        err.contains("cell (10, 1): tile 20 of tileset 'tilecaster' is a thing (enemy): place it on a `things` object layer"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The kit's shaped wall tiles: one for each bundled shape, each loading as that shape.
#[test]
fn the_tiled_kit_has_every_bundled_shape() {
    let dir = scratch("kit-shapes");
    let levels = dir.join("levels");
    let tsx = std::fs::read_to_string("levels/tilecaster.tsx").unwrap();
    for (k, (name, _)) in tilecaster::level::BUNDLED_SHAPES.iter().enumerate() {
        let id = 28 + k as u32;
        assert!(
            tsx.contains(&format!(
                "<tile id=\"{id}\">\n  <properties>\n   <property name=\"shape\" value=\"{name}\"/>"
            )),
            "tile {id} is {name}"
        );
        let map = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"5\" height=\"3\" tilewidth=\"64\" tileheight=\"64\" infinite=\"0\">\n <tileset firstgid=\"1\" source=\"tilecaster.tsx\"/>\n <layer id=\"1\" name=\"walls\" width=\"5\" height=\"3\">\n  <data encoding=\"csv\">\n1,1,1,1,1,\n1,0,0,{},1,\n1,1,1,1,1\n</data>\n </layer>\n <objectgroup id=\"2\" name=\"things\">\n  <object id=\"1\" type=\"player\" x=\"96\" y=\"96\"><point/></object>\n </objectgroup>\n</map>\n",
            id + 1
        );
        let path = levels.join(format!("kit-shape-{name}.tmx"));
        std::fs::write(&path, map).unwrap();
        let loaded = Level::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(loaded.warnings.is_empty(), "{name}: {:?}", loaded.warnings);
        let shape = loaded.level.shape(tilecaster::grid::Cell::new(3, 1));
        assert_eq!(
            shape,
            tilecaster::level::bundled_shape(name).as_ref(),
            "{name}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}
