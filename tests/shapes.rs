//! Shaped walls end to end: the level format and its errors, `trace` and `visibility` on the
//! command line, and the renderer's columns through a round pillar.

use crate::common;

use std::path::{Path, PathBuf};

use common::{run, run_ok, run_with_stdin, scratch};
use tilecaster::geom::Vec2;
use tilecaster::grid::{Cell, Solidity, line_of_sight};
use tilecaster::level::{Level, bundled_shape};
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, cast_column};
use tilecaster::texture::TextureSet;

/// A 9 x 7 hall: a round pillar at (4, 3), a thin north-south wall at (2, 1), a slit at (6, 1).
const HALL: &str = r##"name = "shapes"
grid = '''
#########
#.t...s.#
#.......#
#...o...#
#.......#
#.......#
#########
'''
[legend]
"#" = { wall = "brick" }
"o" = { wall = "stone", shape = "pillar_round" }
"t" = { wall = "wood", shape = "thin_ns" }
"s" = { wall = "stone", shape = "slit_ns" }
[player]
position = [1.5, 5.5]
facing = "east"
"##;

fn hall_file(dir: &Path) -> PathBuf {
    let path = dir.join("hall.toml");
    std::fs::write(&path, HALL).unwrap();
    path
}

fn hall() -> Level {
    Level::parse(HALL, Path::new("hall.toml")).unwrap().level
}

#[test]
fn trace_reports_the_texel_and_its_face() {
    let dir = scratch("shapes-trace");
    let level = hall_file(&dir);
    let lines = "1.25 1.25 4.5 1.25\n6.5 2.5 6.5 0.5\n6.3 2.5 6.3 0.5\n4.5 3.5 8.0 3.5\n";
    let out = run_ok_stdin(&["trace", "--level", level.to_str().unwrap()], lines);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The thin wall's west face: its solid columns are 14 and 15 of 32 (x from 2.4375).
    let hit = &rows[0]["hit"];
    assert_eq!(hit["cell"], serde_json::json!([2, 1]));
    assert_eq!(hit["point"], serde_json::json!([2.4375, 1.25]));
    assert_eq!(hit["distance"], serde_json::json!(1.1875));
    assert_eq!(hit["face"], "west");
    assert_eq!(hit["texel"], serde_json::json!([14, 8]));
    // Through the slit's channel north-south: nothing but the wall beyond (a plain cell, no
    // texel); beside the channel, the slit's wall.
    assert_eq!(rows[1]["hit"]["cell"], serde_json::json!([6, 0]));
    assert!(rows[1]["hit"].get("texel").is_none());
    let beside = &rows[2]["hit"];
    assert_eq!(beside["cell"], serde_json::json!([6, 1]));
    assert_eq!(beside["face"], "south");
    assert_eq!(beside["texel"], serde_json::json!([9, 31]));
    // From inside the pillar: a hit at distance 0 with no face, on the texel there.
    let inside = &rows[3]["hit"];
    assert_eq!(inside["distance"], serde_json::json!(0.0));
    assert_eq!(inside["face"], serde_json::Value::Null);
    assert_eq!(inside["texel"], serde_json::json!([16, 16]));
    // The cells list the map's cells, not texels.
    assert_eq!(rows[0]["cells"], serde_json::json!([[1, 1], [2, 1]]));
}

fn run_ok_stdin(args: &[&str], stdin: &str) -> String {
    let out = common::assert_ok(run_with_stdin(args, stdin));
    String::from_utf8(out.stdout).unwrap()
}

/// Whether `p` lies inside the polygon (even-odd rule).
fn inside(polygon: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    for i in 0..polygon.len() {
        let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
    }
    inside
}

#[test]
fn visibility_prints_the_polygon_in_angle_order() {
    let dir = scratch("shapes-visibility");
    let file = hall_file(&dir);
    let file = file.to_str().unwrap();
    let out = run_ok(["visibility", "--level", file, "--pos", "1.5,3.5"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["origin"], serde_json::json!([1.5, 3.5]));
    let polygon: Vec<Vec2> = json["polygon"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| Vec2::new(p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
        .collect();
    assert!(polygon.len() > 20, "{}", polygon.len());
    // In angle order around the origin.
    let origin = Vec2::new(1.5, 3.5);
    let angles: Vec<f64> = polygon
        .iter()
        .map(|p| (p.y - origin.y).atan2(p.x - origin.x))
        .collect();
    assert!(angles.windows(2).all(|w| w[0] <= w[1]), "sorted by angle");
    // Inside the polygon is what the origin has a line of sight to, the pillar's shadow
    // included (points on a grid well clear of the polygon's edges).
    let level = hall();
    let mut shadowed = 0;
    for j in 0..60 {
        for i in 0..90 {
            let p = Vec2::new(
                0.05 + i as f64 * 0.1 + 0.0123,
                0.05 + j as f64 * 0.1 + 0.0077,
            );
            let sight = line_of_sight(&level, origin, p);
            assert_eq!(inside(&polygon, p), sight, "{p:?}");
            if !sight && !level.is_solid(Cell::containing(p)) {
                shadowed += 1;
            }
        }
    }
    assert!(
        shadowed > 100,
        "the pillar and the thin wall cast shadows: {shadowed}"
    );
    // A flashlight: a fan within its cone.
    let out = run_ok([
        "visibility",
        "--level",
        file,
        "--pos",
        "1.5,3.5",
        "--facing",
        "0",
        "--fov",
        "40",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for p in json["polygon"].as_array().unwrap() {
        let d = Vec2::new(p[0].as_f64().unwrap() - 1.5, p[1].as_f64().unwrap() - 3.5);
        assert!(d.y.atan2(d.x).abs() <= 20f64.to_radians() + 1e-9, "{p}");
    }
    // Inside a wall: nothing seen.
    let out = run_ok(["visibility", "--level", file, "--pos", "0.5,0.5"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        r#"{"origin":[0.5,0.5],"polygon":[]}"#
    );
}

/// Writes a PNG mask: `solid(x, y)` opaque, else transparent.
fn write_mask(path: &Path, w: u32, h: u32, solid: impl Fn(u32, u32) -> bool) {
    let image = image::RgbaImage::from_fn(w, h, |x, y| {
        image::Rgba([200, 200, 200, if solid(x, y) { 255 } else { 0 }])
    });
    image.save(path).unwrap();
}

#[test]
fn bad_shapes_are_named_with_their_line_and_column() {
    let dir = scratch("shapes-bad");
    std::fs::create_dir_all(dir.join("masks")).unwrap();
    write_mask(&dir.join("masks/six.png"), 6, 6, |x, _| x < 3);
    write_mask(&dir.join("masks/huge.png"), 128, 128, |x, _| x < 3);
    write_mask(&dir.join("masks/wide.png"), 8, 4, |x, _| x < 3);
    write_mask(&dir.join("masks/clear.png"), 8, 8, |_, _| false);
    write_mask(&dir.join("masks/full.png"), 8, 8, |_, _| true);
    write_mask(&dir.join("masks/good.png"), 8, 8, |x, y| x + y < 8);
    let cases = [
        (
            r#"{ wall = "brick", shape = "masks/six.png" }"#,
            "6x6 texels; it must be square, a power of two from 4 to 64",
        ),
        (
            r#"{ wall = "brick", shape = "masks/huge.png" }"#,
            "128x128 texels",
        ),
        (
            r#"{ wall = "brick", shape = "masks/wide.png" }"#,
            "8x4 texels; it must be square",
        ),
        (
            r#"{ wall = "brick", shape = "masks/clear.png" }"#,
            "has no solid texel",
        ),
        (
            r#"{ wall = "brick", shape = "masks/full.png" }"#,
            "solid everywhere",
        ),
        (
            r#"{ wall = "brick", shape = "masks/gone.png" }"#,
            "gone.png",
        ),
        (
            r#"{ wall = "brick", shape = "pillar" }"#,
            "unknown shape 'pillar' (expected one of pillar_round",
        ),
        (
            r#"{ door = "door", shape = "pillar_round" }"#,
            "`shape` only applies to walls",
        ),
        (
            r#"{ push = "brick", shape = "thin_ns" }"#,
            "`shape` only applies to walls",
        ),
        (
            r#"{ masked = "grate", shape = "thin_ns" }"#,
            "`shape` only applies to walls",
        ),
    ];
    for (k, (entry, message)) in cases.iter().enumerate() {
        let text = format!(
            "name = \"bad\"\ngrid = '''\n#####\n#.x.#\n#####\n'''\n[legend]\n\"#\" = {{ wall = \"brick\" }}\n\"x\" = {entry}\n[player]\nposition = [1.5, 1.5]\n"
        );
        let path = dir.join(format!("bad{k}.toml"));
        std::fs::write(&path, text).unwrap();
        let out = run(["check", path.to_str().unwrap()]);
        let stderr = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1), "{entry}: {stderr}");
        let line = format!("bad{k}.toml:9:");
        assert!(stderr.contains(&line), "{entry}: no line 9 in: {stderr}");
        assert!(
            stderr.contains(message),
            "{entry}: {message:?} not in: {stderr}"
        );
        // One problem, one message: the cells using the entry are not reported as well.
        assert!(stderr.contains("1 error,"), "{entry}: {stderr}");
    }
    // A good mask loads, relative to the level file.
    let text = "name = \"good\"\ngrid = '''\n#####\n#.x.#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"x\" = { wall = \"brick\", shape = \"masks/good.png\" }\n[player]\nposition = [1.5, 1.5]\n";
    let path = dir.join("good.toml");
    std::fs::write(&path, text).unwrap();
    let level = Level::load(&path).unwrap().level;
    let mask = level.shape(Cell::new(2, 1)).expect("shaped");
    assert_eq!((mask.width(), mask.height()), (8, 8));
    assert!(mask.is_solid(0, 0) && !mask.is_solid(7, 7));
}

#[test]
fn tiled_maps_carry_shapes_both_ways() {
    let dir = scratch("shapes-tiled");
    let level = hall_file(&dir);
    let tmx = dir.join("hall.tmx");
    run_ok([
        "convert",
        level.to_str().unwrap(),
        "-o",
        tmx.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&tmx).unwrap();
    assert!(
        text.contains(r#"<property name="shape" value="pillar_round"/>"#),
        "{text}"
    );
    let back = Level::load(&tmx).unwrap().level;
    let original = hall();
    for (x, y) in [(4, 3), (2, 1), (6, 1), (1, 1)] {
        let c = Cell::new(x, y);
        assert_eq!(back.shape(c), original.shape(c), "{c:?}");
    }
    // A shape on a door tile is named at its property.
    let bad = text.replacen(
        r#"<property name="texture" value="wood"/>"#,
        r#"<property name="kind" value="door"/><property name="texture" value="wood"/>"#,
        1,
    );
    assert_ne!(bad, text);
    let bad_path = dir.join("bad.tmx");
    std::fs::write(&bad_path, bad).unwrap();
    let out = run(["check", bad_path.to_str().unwrap()]);
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("`shape` only applies to walls (a door tile is a full cell)"),
        "{said}"
    );
    assert!(said.contains("bad.tmx:"), "{said}");
}

/// The exact first hit of a ray on a level's texel squares and wall cells, by brute force:
/// the slab test against every solid square (texels of shaped cells, whole other cells).
fn brute_force_t(level: &Level, origin: Vec2, dir: Vec2) -> f64 {
    let mut best = f64::INFINITY;
    let mut square = |x0: f64, y0: f64, s: f64| {
        let slab = |o: f64, d: f64, lo: f64| {
            let (a, b) = ((lo - o) / d, (lo + s - o) / d);
            (a.min(b), a.max(b))
        };
        let (ax, bx) = slab(origin.x, dir.x, x0);
        let (ay, by) = slab(origin.y, dir.y, y0);
        let (enter, exit) = (ax.max(ay), bx.min(by));
        if enter <= exit && enter >= 0.0 {
            best = best.min(enter);
        }
    };
    for y in 0..level.map.height() as i32 {
        for x in 0..level.map.width() as i32 {
            let c = Cell::new(x, y);
            if !level.is_solid(c) {
                continue;
            }
            match level.shape(c) {
                None => square(x as f64, y as f64, 1.0),
                Some(mask) => {
                    let s = 1.0 / mask.width() as f64;
                    for (tx, ty) in mask.solid_texels() {
                        square(x as f64 + tx as f64 * s, y as f64 + ty as f64 * s, s);
                    }
                }
            }
        }
    }
    best
}

#[test]
fn columns_through_a_round_pillar_stop_at_its_texels() {
    let level = hall();
    let textures = TextureSet::new();
    let assets = RenderAssets::new(&level, &textures);
    let centre = Vec2::new(4.5, 3.5);
    // The texture's share of one texel face of the outline: a whole number of texture widths
    // around it, about one per tile.
    let pillar = bundled_shape("pillar_round").unwrap();
    let solid = |x: i32, y: i32| {
        (0..32).contains(&x) && (0..32).contains(&y) && pillar.is_solid(x as u32, y as u32)
    };
    let outline = pillar
        .solid_texels()
        .map(|(x, y)| {
            let (x, y) = (x as i32, y as i32);
            [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                .iter()
                .filter(|&&(a, b)| !solid(a, b))
                .count()
        })
        .sum::<usize>() as f64;
    let per_face = (outline / 32.0).round().max(1.0) / outline;
    // 3600 viewpoints on a circle around the pillar, each looking at its centre.
    let width = 96;
    let mut previous_u: Option<f64> = None;
    for k in 0..3600 {
        let angle = k as f64 / 10.0;
        let eye = centre - Vec2::from_angle_degrees(angle) * 1.5;
        let camera = Camera::new(eye, angle, 66.0);
        let mut pillar_columns = 0;
        let mut us = Vec::new();
        for x in 0..width {
            let cast = cast_column(&level, &assets, &ClosedDoors, &camera, x, width);
            let hit = cast.hit.expect("walls all round");
            // The perpendicular distance of the exact hit on the texels, to rounding (every
            // column of every tenth viewpoint: the brute force is slow).
            if k % 10 == 0 {
                let exact = brute_force_t(&level, eye, cast.ray);
                assert!(
                    (hit.t - exact).abs() < 1e-9,
                    "angle {angle} column {x}: {} vs {exact}",
                    hit.t
                );
            }
            if hit.cell == Cell::new(4, 3) {
                pillar_columns += 1;
                assert!(hit.texel.is_some());
                us.push((cast.texture_u().unwrap(), hit.point));
            }
        }
        // No gap: the pillar (0.6 across, 1.5 away: 23 degrees of the 66) fills its columns
        // without a hole, centred.
        let middle = cast_column(&level, &assets, &ClosedDoors, &camera, width / 2, width);
        assert_eq!(middle.hit.unwrap().cell, Cell::new(4, 3), "angle {angle}");
        assert!(
            (30..=36).contains(&pillar_columns),
            "angle {angle}: {pillar_columns} columns"
        );
        // No seam: across the pillar the texture coordinate moves on, in one direction, by no
        // more than the outline between the two columns' hits (at most the Manhattan distance
        // between them, in texel faces, each a fixed share of the texture): a seam would jump.
        for (a, b) in us.iter().zip(us.iter().skip(1)) {
            let step = (b.0 - a.0).rem_euclid(1.0);
            let faces = ((b.1 - a.1).x.abs() + (b.1 - a.1).y.abs()) * 32.0;
            assert!(
                step <= per_face * (faces + 1.5),
                "angle {angle}: u {} -> {} over {faces} faces",
                a.0,
                b.0
            );
        }
        // And turning by a tenth of a degree moves the middle column's texture only a little.
        let u = middle.texture_u().unwrap();
        if let Some(p) = previous_u {
            let d = (u - p).rem_euclid(1.0).min((p - u).rem_euclid(1.0));
            assert!(d < 0.1, "angle {angle}: middle u {p} -> {u}");
        }
        previous_u = Some(u);
    }
}

/// A guard behind the round pillar: hidden exactly in the columns whose rays meet the pillar
/// first, seen in the columns beside it.
#[test]
fn a_sprite_behind_a_pillar_is_hidden_column_by_column() {
    let text = HALL.replace("position = [1.5, 5.5]", "position = [1.5, 3.5]")
        + "[[enemy]]\nkind = \"guard\"\nposition = [7.0, 4.2]\nfacing = \"west\"\n";
    let dir = scratch("shapes-sprite");
    let path = dir.join("hall.toml");
    let textures_dir = std::env::current_dir().unwrap().join("textures");
    let text = format!(
        "textures = {:?}\n{text}",
        textures_dir.display().to_string()
    );
    std::fs::write(&path, text).unwrap();
    let loaded = tilecaster::level::load_with_textures(&path, None).unwrap();
    let (with_guard, textures) = (loaded.level, loaded.textures);
    let mut without = with_guard.clone();
    without.enemies.clear();
    let (w, h) = (320, 200);
    let camera = Camera::new(Vec2::new(1.5, 3.5), 0.0, 66.0);
    let frame = |level: &Level| {
        let assets = RenderAssets::new(level, &textures);
        let sprites = tilecaster::render::level_sprites(level, &textures);
        let mut frame = tilecaster::frame::Frame::new(w, h).unwrap();
        tilecaster::render::Renderer::new().render(
            level,
            &assets,
            &ClosedDoors,
            &sprites,
            &camera,
            &mut frame,
        );
        (frame, assets)
    };
    let (a, assets) = frame(&with_guard);
    let (b, _) = frame(&without);
    let column = |f: &tilecaster::frame::Frame, x: u32| -> Vec<u8> {
        (0..h)
            .flat_map(|y| f.rgba()[((y * w + x) * 4) as usize..][..4].to_vec())
            .collect()
    };
    let (mut hidden, mut shown) = (0, 0);
    for x in 0..w {
        let cast = cast_column(&with_guard, &assets, &ClosedDoors, &camera, x, w);
        let on_pillar = cast.hit.is_some_and(|hit| hit.cell == Cell::new(4, 3));
        let same = column(&a, x) == column(&b, x);
        if on_pillar {
            assert!(same, "column {x}: the guard shows through the pillar");
            hidden += 1;
        } else if !same {
            shown += 1;
        }
    }
    assert!(
        hidden > 20 && shown > 5,
        "hidden in {hidden} columns, shown in {shown}"
    );
}

/// A recording's data hash covers mask files: a mask changed beside an unchanged level is
/// caught, as a grate's holes are.
#[test]
fn the_data_hash_covers_mask_files() {
    let dir = scratch("shapes-hash");
    std::fs::create_dir_all(dir.join("masks")).unwrap();
    let text = "name = \"hash\"\ngrid = '''\n#####\n#.x.#\n#####\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"x\" = { wall = \"brick\", shape = \"masks/m.png\" }\n[player]\nposition = [1.5, 1.5]\n";
    let path = dir.join("hash.toml");
    std::fs::write(&path, text).unwrap();
    let hash = |solid: fn(u32, u32) -> bool| {
        write_mask(&dir.join("masks/m.png"), 8, 8, solid);
        let level = Level::load(&path).unwrap().level;
        tilecaster::game::Game::new(level).data_hash()
    };
    let a = hash(|x, _| x < 4);
    let b = hash(|x, _| x < 5);
    assert_ne!(a, b);
    assert_eq!(a, hash(|x, _| x < 4));
}

/// `convert` into another folder rewrites the level's references to other files (its texture
/// folder, the next level, a shape's mask) so that the written level loads where it is written:
/// TOML to TOML, TOML to a Tiled map, and that map back to TOML in a third folder each render
/// byte-identical to the original. A bundled level's references, not on disk, are named in
/// warnings.
#[test]
fn convert_into_another_folder_keeps_every_reference_resolving() {
    let dir = scratch("convert-moved");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("masks")).unwrap();
    std::fs::create_dir_all(dir.join("tex")).unwrap();
    std::fs::copy("textures/brick.png", dir.join("tex/brick.png")).unwrap();
    std::fs::copy("textures/wood.png", dir.join("tex/wood.png")).unwrap();
    write_mask(&src.join("masks/good.png"), 8, 8, |x, y| x + y < 8);
    let text = "name = \"moved\"\nnext = \"next.toml\"\ntextures = \"../tex\"\ngrid = '''\n######\n#..x.#\n#....#\n######\n'''\n[legend]\n\"#\" = { wall = \"brick\" }\n\"x\" = { wall = \"wood\", shape = \"masks/good.png\" }\n[player]\nposition = [1.5, 1.5]\n";
    std::fs::write(src.join("level.toml"), text).unwrap();
    std::fs::write(
        src.join("next.toml"),
        text.replace("next = \"next.toml\"\n", ""),
    )
    .unwrap();
    let (toml, tmx, back) = (
        dir.join("out/deep/level.toml"),
        dir.join("out/deep/level.tmx"),
        dir.join("other/level.toml"),
    );
    std::fs::create_dir_all(toml.parent().unwrap()).unwrap();
    std::fs::create_dir_all(back.parent().unwrap()).unwrap();
    let original = src.join("level.toml");
    for (from, to) in [(&original, &toml), (&original, &tmx), (&tmx, &back)] {
        let out = run_ok([
            "convert",
            from.to_str().unwrap(),
            "-o",
            to.to_str().unwrap(),
        ]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!said.contains("warning"), "{said}");
    }
    let render = |level: &Path| {
        let png = level.with_extension(format!(
            "{}.png",
            level.extension().unwrap().to_string_lossy()
        ));
        run_ok([
            "render",
            "--level",
            level.to_str().unwrap(),
            "--angle",
            "20",
            "--size",
            "96x60",
            "-o",
            png.to_str().unwrap(),
        ]);
        std::fs::read(png).unwrap()
    };
    let seen = render(&original);
    let next = src.join("next.toml").canonicalize().unwrap();
    for moved in [&toml, &tmx, &back] {
        assert!(
            seen == render(moved),
            "{} renders otherwise",
            moved.display()
        );
        let level = Level::load(moved).unwrap().level;
        assert_eq!(
            level.next.unwrap().canonicalize().unwrap(),
            next,
            "{}",
            moved.display()
        );
    }
    // The TOML keeps the rest of the file as it was; only the references moved.
    let written = std::fs::read_to_string(&toml).unwrap();
    assert_eq!(
        written,
        text.replace("\"../tex\"", "\"../../tex\"")
            .replace("\"next.toml\"", "\"../../src/next.toml\"")
            .replace("\"masks/good.png\"", "\"../../src/masks/good.png\"")
    );
    // The bundled episode is not on disk: its references are named, the file still written.
    let bundled = dir.join("bundled.toml");
    let out = run_ok([
        "convert",
        "<built-in>/levels/e1m1.toml",
        "-o",
        bundled.to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("warning: next 'e1m2.tmx'")
            && said.contains("warning: textures '../textures'"),
        "{said}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// `visibility` sees through a grate's holes, as the game's sight and light do, and not
/// through its bars.
#[test]
fn visibility_passes_the_holes_of_grates() {
    let dir = scratch("visibility-grates");
    let file = dir.join("level.toml");
    std::fs::write(
        &file,
        "name = \"Grate\"\nformat = 1\ngrid = '''\n#########\n#...=...#\n#@..=...#\n#...=...#\n#########\n'''\n\n\
         [legend]\n\"#\" = { wall = \"brick\" }\n\"=\" = { masked = \"grate\" }\n\"@\" = { player = \"east\" }\n",
    )
    .unwrap();
    let out = run_ok([
        "visibility",
        "--level",
        file.to_str().unwrap(),
        "--pos",
        "1.5,2.5",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let xs: Vec<f64> = json["polygon"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[0].as_f64().unwrap())
        .collect();
    // Beyond the grate's column (x from 4 to 5) through its holes, to the far wall at x = 8...
    assert!(xs.iter().any(|&x| x > 7.9), "{xs:?}");
    // ...and stopped by its bars too: some rays end on the grate's west face.
    assert!(xs.contains(&4.0), "{xs:?}");
    std::fs::remove_dir_all(dir).unwrap();
}
