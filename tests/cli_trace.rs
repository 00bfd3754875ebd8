//! `tilecaster trace`, `columns` and `bench` against their command-line contracts (docs/library.md,
//! docs/modding.md), through the real binary.

use std::process::{Command, Output};

use proptest::prelude::*;
use serde_json::Value;
use tilecaster::geom::Vec2;
use tilecaster::grid::Walk;
use tilecaster::map::TileMap;

use crate::common;

const MAP: &str = "\
#######
#.....#
#.#...#
#..#..#
#.....#
#######
";

fn level_file() -> tempfile_path::TempFile {
    tempfile_path::TempFile::with_contents("trace-level.txt", MAP)
}

/// A file removed on drop, named uniquely per test process and call.
mod tempfile_path {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub struct TempFile(pub PathBuf);

    impl TempFile {
        pub fn with_contents(name: &str, contents: &str) -> TempFile {
            static COUNTER: AtomicUsize = AtomicUsize::new(0);
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path =
                std::env::temp_dir().join(format!("tilecaster-{}-{n}-{name}", std::process::id()));
            std::fs::write(&path, contents).unwrap();
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

fn trace(args: &[&str], stdin: &str) -> Output {
    let all: Vec<&str> = std::iter::once("trace")
        .chain(args.iter().copied())
        .collect();
    common::run_with_stdin(&all, stdin)
}

fn trace_ok(stdin: &str) -> Vec<String> {
    let level = level_file();
    let out = trace(&["--level", level.0.to_str().unwrap()], stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn prints_cells_and_hit_in_the_contract_format() {
    let lines = trace_ok("1.5 1.5 5.5 1.5\n1.5 1.5 1.5 4.5\n");
    assert_eq!(
        lines[0],
        r#"{"cells":[[1,1],[2,1],[3,1],[4,1],[5,1]],"hit":null}"#
    );
    assert_eq!(
        lines[1], r#"{"cells":[[1,1],[1,2],[1,3],[1,4]],"hit":null}"#,
        "column x = 1 is open down to row 4"
    );
    let lines = trace_ok("1.5 1.5 1.5 9\n");
    assert_eq!(
        lines[0],
        r#"{"cells":[[1,1],[1,2],[1,3],[1,4],[1,5]],"hit":{"cell":[1,5],"point":[1.5,5.0],"distance":3.5,"face":"north"}}"#
    );
}

#[test]
fn a_corner_hit_ends_with_both_corner_neighbours() {
    // (2, 2) and (3, 3) are walls touching at vertex (3, 3); the diagonal from (3, 2) to (2, 3)
    // passes between them.
    let lines = trace_ok("3.5 2.5 2.5 3.5\n");
    assert_eq!(
        lines[0],
        r#"{"cells":[[3,2],[2,2],[3,3]],"hit":{"cell":[2,2],"point":[3.0,3.0],"distance":0.7071067811865476,"face":"east"}}"#
    );
}

#[test]
fn a_start_in_a_wall_or_outside_is_a_hit_at_distance_zero() {
    let lines = trace_ok("0.5 0.5 3 3\n-4 2 3 3\n");
    assert_eq!(
        lines[0],
        r#"{"cells":[[0,0]],"hit":{"cell":[0,0],"point":[0.5,0.5],"distance":0.0,"face":null}}"#
    );
    assert_eq!(
        lines[1],
        r#"{"cells":[[-4,2]],"hit":{"cell":[-4,2],"point":[-4.0,2.0],"distance":0.0,"face":null}}"#
    );
}

#[test]
fn nan_and_infinite_segments_are_defined() {
    let lines = trace_ok("nan 1 2 2\n1.5 1.5 inf 1.5\n1.5 1.5 NaN 3\n");
    let v: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v[0]["hit"]["face"], Value::Null);
    assert_eq!(
        v[0]["hit"]["point"][0],
        Value::Null,
        "NaN cannot be JSON: null"
    );
    assert_eq!(v[1]["hit"]["cell"], serde_json::json!([6, 1]));
    assert_eq!(v[2]["cells"], serde_json::json!([[1, 1]]));
}

#[test]
fn bad_input_exits_1_naming_line_and_column() {
    let level = level_file();
    let out = trace(
        &["--level", level.0.to_str().unwrap()],
        "1 1 2 2\n\n1 1 two 2\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("stdin:3:5: expected a number, found 'two'"),
        "{stderr}"
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().count(),
        1,
        "earlier lines were answered"
    );
}

#[test]
fn a_broken_level_exits_1_with_file_line_and_column() {
    let level = tempfile_path::TempFile::with_contents("broken.txt", "###\n#?#\n###\n");
    let out = trace(&["--level", level.0.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!("{}:2:2: unknown tile '?'", level.0.display())),
        "{stderr}"
    );
    let out = trace(&["--level", "/nonexistent/level.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("cannot read /nonexistent/level.txt")
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(trace(&[], "").status.code(), Some(2));
    assert_eq!(trace(&["--bogus"], "").status.code(), Some(2));
}

proptest! {
    #![proptest_config(common::proptest_config(16))]

    /// Many segments per process: every line agrees with the library, and every printed number
    /// parses back to exactly the library's value.
    #[test]
    fn agrees_with_the_library(segments in prop::collection::vec(
        (-1.0f64..8.0, -1.0f64..7.0, -1.0f64..8.0, -1.0f64..7.0), 1..40)
    ) {
        let map = TileMap::from_ascii(MAP).unwrap();
        let input: String = segments.iter().map(|s| format!("{:?} {:?} {:?} {:?}\n", s.0, s.1, s.2, s.3)).collect();
        let lines = trace_ok(&input);
        prop_assert_eq!(lines.len(), segments.len());
        for (line, s) in lines.iter().zip(&segments) {
            let v: Value = serde_json::from_str(line).unwrap();
            let mut cells = Vec::new();
            let hit = Walk::segment(Vec2::new(s.0, s.1), Vec2::new(s.2, s.3))
                .first_hit_visiting(&map, |c, _| cells.push(serde_json::json!([c.x, c.y])));
            prop_assert_eq!(&v["cells"], &Value::Array(cells));
            match hit {
                None => prop_assert_eq!(&v["hit"], &Value::Null),
                Some(h) => {
                    prop_assert_eq!(&v["hit"]["cell"], &serde_json::json!([h.cell.x, h.cell.y]));
                    prop_assert_eq!(v["hit"]["point"][0].as_f64().unwrap().to_bits(), h.point.x.to_bits());
                    prop_assert_eq!(v["hit"]["point"][1].as_f64().unwrap().to_bits(), h.point.y.to_bits());
                    prop_assert_eq!(v["hit"]["distance"].as_f64().unwrap().to_bits(), h.distance().to_bits());
                    prop_assert_eq!(v["hit"]["face"].as_str(), h.face.map(|f| f.name()));
                }
            }
        }
    }
}

/// `tilecaster bench --json`: one run per scene, size and thread count, each with the memset
/// of its frame measured in the same run and sane figures.
#[test]
fn bench_reports_runs_as_json() {
    let out = common::run_ok(
        [
            "bench",
            "--level",
            "levels/e1m1.toml",
            "--size",
            "64x40",
            "--size",
            "32x20",
            "--threads",
            "1",
            "--threads",
            "2",
        ]
        .into_iter()
        .chain(["--frames", "3", "--json"]),
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 4, "2 sizes x 2 thread counts");
    for r in runs {
        for key in [
            "memset_ms",
            "frame_p50_ms",
            "frame_per_memset",
            "cast_ns_per_column",
            "cells_per_ray_mean",
        ] {
            assert!(r[key].as_f64().unwrap() > 0.0, "{key}: {r}");
        }
        assert!(r["frame_p50_ms"].as_f64() <= r["frame_p99_ms"].as_f64());
        // The yardsticks of the same run: the texture copy always, the tutorial's renderer on
        // one thread only.
        assert!(r["texture_copy_ms"].as_f64().unwrap() > 0.0, "{r}");
        assert!(r["ns_per_pixel"].as_f64().unwrap() > 0.0, "{r}");
        let one_thread = r["threads"] == 1;
        assert_eq!(r["tutorial_ms"].as_f64().is_some(), one_thread, "{r}");
        assert_eq!(
            r["speedup_over_tutorial"].as_f64().is_some(),
            one_thread,
            "{r}"
        );
        assert_eq!(
            r["pixels_per_frame"],
            r["width"].as_u64().unwrap() * r["height"].as_u64().unwrap()
        );
    }
    assert!(
        runs.iter()
            .any(|r| r["threads"] == 2 && r["scaling_efficiency"].as_f64().is_some())
    );
    assert!(v["machine"]["cores"].as_u64().unwrap() >= 1);
    // With dynamic lights in view, what they cost of the cast pass is measured.
    let out = common::run_ok([
        "bench",
        "--level",
        "levels/e1m1.toml",
        "--size",
        "64x40",
        "--threads",
        "1",
        "--flashes",
        "2",
        "--frames",
        "3",
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &v["runs"][0];
    let (lights, cast) = (
        run["lights_ns_per_column"].as_f64(),
        run["cast_ns_per_column"].as_f64(),
    );
    assert!(lights.unwrap() > 0.0 && lights < cast, "{run}");
    let bad = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
        .args(["bench", "--threads", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "a usage error");
}

/// Every size inside the documented limits runs, down to one pixel and to one row or column
/// (odd sides too), in every standard scene with its yardsticks.
#[test]
fn bench_runs_at_the_smallest_and_thinnest_sizes() {
    let mut args = vec!["bench", "--threads", "1", "--frames", "1", "--json"];
    let sizes = ["1x1", "1x40", "40x1", "3x3", "2x1", "1x16384", "16384x1"];
    for size in sizes {
        args.extend(["--size", size]);
    }
    let out = common::run_ok(args);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert!(runs.len() >= 6 * sizes.len(), "{} runs", runs.len());
    for r in runs {
        assert!(r["frame_p50_ms"].as_f64().unwrap() >= 0.0, "{r}");
        assert!(r["tutorial_ms"].as_f64().is_some(), "{r}");
    }
    for bad in ["0x1", "1x16385", "16385x1"] {
        let out = common::run(["bench", "--size", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: a usage error");
    }
}

/// Frames after warm-up allocate nothing, in every standard scene (the camera turning a full
/// circle), at two sizes and on one and two threads: the bench counts every allocation of the
/// process during each frame.
#[test]
fn bench_frames_after_warm_up_allocate_nothing() {
    let out = common::run_ok([
        "bench",
        "--size",
        "320x200",
        "--size",
        "200x320",
        "--threads",
        "1",
        "--threads",
        "2",
        "--frames",
        "24",
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(
        runs.len(),
        6 * 2 * 2,
        "six scenes, two sizes, two thread counts"
    );
    for r in runs {
        assert_eq!(r["allocations_per_frame"].as_f64(), Some(0.0), "{r}");
    }
}

#[test]
fn bench_holds_fixed_poses() {
    let out = common::run_ok([
        "bench",
        "--pose",
        "3.5,2.5,0",
        "--pose",
        "3.5,2.5,180",
        "--fov",
        "90",
        "--size",
        "64x40",
        "--threads",
        "1",
        "--frames",
        "2",
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2, "one run per pose");
    assert!(runs[0]["scene"].as_str().unwrap().contains("at 3.5,2.5,0"));
    // Facing east the start sees the door 3.5 tiles away; facing west the wall 2.5 away: the
    // rays walk different numbers of cells.
    assert_ne!(runs[0]["cells_per_ray_mean"], runs[1]["cells_per_ray_mean"]);
    for bad in ["3.5,2.5", "a,b,c", "1,2,nan"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tilecaster"))
            .args(["bench", "--pose", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}: a usage error");
    }
}

/// Traces `stdin` through `--level F` with `args`, every line parsed.
fn trace_json(level: &str, args: &[&str], stdin: &str) -> Vec<Value> {
    let mut all = vec!["--level", level];
    all.extend_from_slice(args);
    let out = trace(&all, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_game_sees_through_grates_holes_and_open_doors() {
    // Row 10 of the first Entry Hall: a grate at x = 7. At y = 10.3 its texture has a hole
    // there.
    let level = common::ENTRY_HALL;
    let through = "3.5 10.3 12.5 10.3\n";
    let game = trace_json(level, &[], through);
    assert!(
        game[0]["hit"].is_null(),
        "bullets pass the hole: {}",
        game[0]
    );
    let cells = trace_json(level, &["--solidity", "cells"], through);
    assert_eq!(
        cells[0]["hit"]["cell"],
        serde_json::json!([7, 10]),
        "the plain grid blocks"
    );
    // Where the bars are, the hit names the texel column met.
    let bar = trace_json(level, &["--wall-u"], "3.5 10.5 12.5 10.5\n");
    let hit = &bar[0]["hit"];
    assert_eq!(hit["cell"], serde_json::json!([7, 10]));
    assert_eq!(hit["u"], 0.5);
    assert!(hit["texel"].as_u64().is_some(), "{hit}");
    // Row 14: a door at x = 7, met at its slab mid-cell (x = 7.5) as the game draws it. Closed
    // it blocks; open it does not; part open, a ray passes through the open part only (the
    // slab slides from its low end, y = 14).
    let door = "3.5 14.3 10.5 14.3\n";
    let closed = trace_json(level, &[], door);
    assert_eq!(closed[0]["hit"]["cell"], serde_json::json!([7, 14]));
    assert_eq!(closed[0]["hit"]["point"], serde_json::json!([7.5, 14.3]));
    assert_eq!(closed[0]["hit"]["distance"], 4.0);
    let quarter = trace_json(level, &["--doors", "0.25"], door);
    assert_eq!(
        quarter[0]["hit"]["point"],
        serde_json::json!([7.5, 14.3]),
        "0.3 is past the open quarter"
    );
    for open in ["0.5", "0.75", "open"] {
        assert!(
            trace_json(level, &["--doors", open], door)[0]["hit"].is_null(),
            "{open}"
        );
    }
    // A segment that ends inside the door's cell before its slab hits nothing.
    assert!(trace_json(level, &[], "3.5 14.3 7.25 14.3\n")[0]["hit"].is_null());
}

#[test]
fn pixel_units_give_the_same_cells_at_scale() {
    let level = level_file();
    let path = level.0.to_str().unwrap();
    let unit = trace_json(path, &["--wall-u"], "1.5 1.5 1.5 9\n1.25 1.5 4.75 4.5\n");
    // The same segments in 60 x 40 pixel cells, the grid's corner at (-30, 20).
    let pixels = "60 80 60 380\n45 80 255 200\n";
    let scaled = trace_json(
        path,
        &["--cell-size", "60x40", "--origin", "-30,20", "--wall-u"],
        pixels,
    );
    for (u, p) in unit.iter().zip(&scaled) {
        assert_eq!(u["cells"], p["cells"]);
        assert_eq!(u["hit"]["cell"], p["hit"]["cell"]);
        assert_eq!(u["hit"]["face"], p["hit"]["face"]);
        let (a, b) = (
            u["hit"]["u"].as_f64().unwrap(),
            p["hit"]["u"].as_f64().unwrap(),
        );
        assert!((a - b).abs() < 1e-12, "u {a} vs {b}");
    }
    // Distances and points in pixels: 3.5 cells down at 40 pixels a cell.
    assert_eq!(scaled[0]["hit"]["distance"], 140.0);
    assert_eq!(scaled[0]["hit"]["point"], serde_json::json!([60.0, 220.0]));
}

#[test]
fn wall_u_matches_the_renderers_columns() {
    // The renderer's columns from one spot, then the same rays traced: same wall, same u.
    // Doors are left open for the trace: the renderer draws them as slabs mid-cell, which rays
    // pass beside; its door columns themselves are not compared.
    let out = common::run_ok([
        "columns",
        "--level",
        "levels/e1m3.toml",
        "--pos",
        "5.5,5.5",
        "--angle",
        "20",
        "--width",
        "64",
    ]);
    let csv = String::from_utf8(out.stdout).unwrap();
    let level = tilecaster::level::Level::load("levels/e1m3.toml".as_ref())
        .unwrap()
        .level;
    let mut stdin = String::new();
    let mut expected = Vec::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (dx, dy): (f64, f64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let cell = tilecaster::grid::Cell::new(f[3].parse().unwrap(), f[4].parse().unwrap());
        // Walls only, away from their corners: the segment below ends at a rounded point, so
        // a ray that grazes a corner may pass on the other side of it.
        let u: f64 = f[7].parse().unwrap();
        if level.map.get(cell) != Some(tilecaster::map::Tile::Wall) || !(0.01..0.99).contains(&u) {
            continue;
        }
        stdin.push_str(&format!(
            "5.5 5.5 {} {}\n",
            5.5 + dx * 100.0,
            5.5 + dy * 100.0
        ));
        expected.push((cell, f[5].to_string(), u));
    }
    assert!(expected.len() > 20, "{} wall columns", expected.len());
    let traced = trace_json("levels/e1m3.toml", &["--wall-u", "--doors", "open"], &stdin);
    for ((cell, face, u), t) in expected.iter().zip(&traced) {
        let hit = &t["hit"];
        assert_eq!(hit["cell"], serde_json::json!([cell.x, cell.y]));
        assert_eq!(hit["face"], face.as_str());
        let got = hit["u"].as_f64().unwrap();
        // The renderer mirrors u on two faces so that textures read the same way round.
        assert!(
            (got - u).abs() < 1e-6 || (1.0 - got - u).abs() < 1e-6,
            "{cell:?} {face}: trace u {got}, column u {u}"
        );
    }
}
