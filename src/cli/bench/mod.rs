//! `tilecaster bench`: headless throughput over fixed camera paths on standard scenes, every
//! frame beside yardsticks measured in the same run on the same frame: a memset of it, a
//! texture copy into it, and the tutorial's renderer drawing the same scene (see
//! [`yardsticks`]).

mod measure;
mod yardsticks;

use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde::Serialize;
use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::grid::Walk;
use tilecaster::render::Camera;

/// A scene: a level, and a camera path through it.
struct Scene {
    name: String,
    level: PathBuf,
    /// The eye, or the level's start.
    pos: Option<Vec2>,
    /// The first angle, or the start's facing.
    angle: Option<f64>,
    /// Whether the camera turns a full circle over the frames (else it stays).
    turn: bool,
    /// Whether its shaped walls are made plain (solid throughout): a twin of the scene before.
    plain: bool,
}

fn standard_scenes() -> Vec<Scene> {
    let scene =
        |name: &str, level: &str, pos: Option<(f64, f64)>, angle: Option<f64>, turn: bool| Scene {
            name: name.into(),
            level: tilecaster::files::default_path(level),
            pos: pos.map(|(x, y)| Vec2::new(x, y)),
            angle,
            turn,
            plain: false,
        };
    vec![
        scene("lodev", "levels/lodev.toml", None, None, true),
        scene("rooms", "levels/e1m1.toml", None, None, true),
        scene(
            "open arena",
            "levels/stress.toml",
            Some((10.5, 10.5)),
            Some(45.0),
            true,
        ),
        scene(
            "point blank",
            "levels/e1m1.toml",
            Some((1.01, 2.5)),
            Some(180.0),
            false,
        ),
        scene(
            "floor and ceiling",
            "levels/e1m2.tmx",
            Some((20.5, 12.5)),
            Some(195.0),
            true,
        ),
        scene("stress", "levels/stress.toml", None, None, true),
    ]
}

#[derive(Serialize)]
struct Machine {
    cpu: String,
    /// The clock /proc/cpuinfo states (nominal: these machines have no cycle counters), which
    /// turns times into estimated cycles.
    mhz: Option<f64>,
    cores: usize,
    rustc: String,
}

#[derive(Serialize)]
struct Run {
    scene: String,
    width: u32,
    height: u32,
    threads: usize,
    frames: u32,
    /// Yardsticks, medians over the same frames: a memset of the frame, each pixel copied
    /// from a texture, and the tutorial's renderer (one thread; absent on more, and on levels
    /// without textured walls).
    memset_ms: f64,
    texture_copy_ms: f64,
    tutorial_ms: Option<f64>,
    /// On a level with lights: the same frames drawn without them (`render --no-lights`),
    /// median, and the lit frame's median over it.
    unlit_ms: Option<f64>,
    lit_per_unlit: Option<f64>,
    frame_p50_ms: f64,
    frame_p95_ms: f64,
    frame_p99_ms: f64,
    fps: f64,
    frame_per_memset: f64,
    frame_per_texture_copy: f64,
    /// How many times faster than the tutorial's renderer (one thread).
    speedup_over_tutorial: Option<f64>,
    /// Nanoseconds per pixel, and estimated cycles per pixel of one core (the frame's time,
    /// times the threads, at the stated clock).
    ns_per_pixel: f64,
    cycles_per_pixel: Option<f64>,
    /// The renderer's stages, per column: the cast pass (ray, wall span, layers), sprite
    /// projection, and the composite pass (wall-clock time of each).
    cast_ns_per_column: f64,
    /// Of the cast pass: the frame's dynamic lights worked out (their floors are lit in the
    /// floor sweep, as it first draws from each).
    lights_ns_per_column: f64,
    sprites_ns_per_column: f64,
    composite_ns_per_pixel: f64,
    /// The composite's sweeps, thread time per column: floor and ceiling, walls, masked
    /// layers and sprites.
    floor_ns_per_column: f64,
    walls_ns_per_column: f64,
    overlays_ns_per_column: f64,
    /// Casting alone: the frame's rays through the traversal onto the level's grid, first hit
    /// only, nothing drawn (all threads).
    rays_per_second: f64,
    /// The renderer's cast pass: columns cast, spans and layers built, per second.
    columns_per_second: f64,
    cells_per_ray_mean: f64,
    cells_per_ray_max: u32,
    pixels_per_frame: u64,
    /// Heap allocations and reallocations during each frame after warm-up, on average (all
    /// threads; counted by the binary's allocator).
    allocations_per_frame: f64,
    /// Frame time on one thread over this one, divided by the threads (1.0 is perfect).
    scaling_efficiency: Option<f64>,
}

#[derive(Serialize)]
struct Report {
    machine: Machine,
    /// Whether the renderer's per-pixel loops ran in their baseline versions only.
    scalar: bool,
    /// Whether far walls, floors and ceilings were drawn from mipmaps.
    mipmaps: bool,
    runs: Vec<Run>,
}

fn machine() -> Machine {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let rustc = std::process::Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown".into(), |s| s.trim().to_string());
    let mhz = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|t| {
        t.lines()
            .find(|l| l.starts_with("cpu MHz"))
            .and_then(|l| l.split(':').nth(1))
            .and_then(|s| s.trim().parse::<f64>().ok())
    });
    Machine {
        cpu,
        mhz,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        rustc,
    }
}

/// Casting alone: the time to walk one ray per column of a `width`-column frame through the
/// grid to its first hit, in parallel on the current pool.
fn cast_alone(map: &tilecaster::map::TileMap, camera: &Camera, width: u32) -> Duration {
    use rayon::prelude::*;
    let start = Instant::now();
    let walked: u64 = (0..width)
        .into_par_iter()
        .with_min_len(64)
        .map(|x| {
            Walk::ray(camera.pos, camera.ray(x, width), f64::INFINITY)
                .first_hit(map)
                .map_or(0, |hit| u64::from(hit.visited))
        })
        .sum();
    std::hint::black_box(walked);
    start.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The time to fill `frame` with one byte value (a memset): the floor every frame time is
/// compared with.
fn memset(frame: &mut Frame, value: u8) -> Duration {
    let start = Instant::now();
    // One byte value: Frame::fill is then a plain memset.
    frame.fill([value; 4]);
    std::hint::black_box(frame.rgba()[0]);
    start.elapsed()
}

/// The median of `times` (sorted here).
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    percentile(times, 0.5)
}

/// What `bench` was asked.
pub struct Options<'a> {
    pub levels: &'a [PathBuf],
    pub sizes: &'a [(u32, u32)],
    pub frames: u32,
    pub threads: &'a [usize],
    pub json: bool,
    /// Fixed poses instead of the turning paths.
    pub poses: &'a [(Vec2, f64)],
    pub fov: f64,
    /// The renderer's baseline loops only (no AVX2).
    pub scalar: bool,
    /// Far surfaces drawn from mipmaps (the renderer's default).
    pub mipmaps: bool,
    /// Levels with shaped walls measured again with plain walls.
    pub plain_twin: bool,
    /// Dynamic lights (like muzzle flashes) placed in view every frame.
    pub flashes: u32,
}

/// `X,Y,ANGLE`: a position as `render --pos` takes it and an angle as `render --angle` does.
pub fn parse_pose(s: &str) -> Result<(Vec2, f64), String> {
    let (pos, angle) = s
        .rsplit_once(',')
        .filter(|(pos, _)| pos.contains(','))
        .ok_or_else(|| format!("expected X,Y,ANGLE (like 3.5,2.5,90), found '{s}'"))?;
    Ok((
        super::view::parse_pos(pos)?,
        super::view::parse_angle(angle)?,
    ))
}

/// Runs `tilecaster bench`: every scene at every size on every thread count, then the report.
pub fn run(options: &Options) -> Result<()> {
    if options.frames == 0 {
        bail!("--frames must be at least 1");
    }
    let scenes = scenes(options);
    let sizes = if options.sizes.is_empty() {
        vec![(640, 400), (1920, 1080)]
    } else {
        options.sizes.to_vec()
    };
    let threads = thread_counts(options.threads)?;
    // One pool per thread count, made before any run and kept to the end: a pool dropped
    // between runs ends its threads while the next run measures, and a thread's exit
    // allocates (its thread-locals handed back), which the next frames were charged for.
    let pools = threads
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .context("cannot start the thread pool")
        })
        .collect::<Result<Vec<_>>>()?;
    let total = scenes.len() * sizes.len() * threads.len();
    let machine = machine();
    let mut runs: Vec<Run> = Vec::new();
    let mut done = 0;
    for scene in &scenes {
        let setup = measure::Setup::of(scene)?;
        for &(w, h) in &sizes {
            let mut single: Option<Duration> = None;
            for (&n, pool) in threads.iter().zip(&pools) {
                done += 1;
                eprint!(
                    "\rbench {done}/{total}: {} {w}x{h}, {n} thread{}        ",
                    scene.name,
                    if n == 1 { "" } else { "s" }
                );
                let _ = std::io::stderr().flush();
                let measured = setup.measure(scene, (w, h), (n, pool), options)?;
                if n == 1 {
                    single = Some(measured.p50());
                }
                runs.push(measured.run(scene, (w, h, n), options.frames, (machine.mhz, single)));
            }
        }
    }
    eprintln!();
    let report = Report {
        machine,
        scalar: options.scalar,
        mipmaps: options.mipmaps,
        runs,
    };
    if options.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_table(&report);
    }
    Ok(())
}

/// The scenes asked for: each pose on each level given (or the episode's first), each level
/// given turning, or the standard scenes; with `--plain-twin`, each scene of a level with
/// shapes followed by the same with plain walls.
fn scenes(options: &Options) -> Vec<Scene> {
    let (levels, poses) = (options.levels, options.poses);
    let scenes = if !poses.is_empty() {
        let default = [tilecaster::files::default_path("levels/e1m1.toml")];
        let levels = if levels.is_empty() {
            &default[..]
        } else {
            levels
        };
        levels
            .iter()
            .flat_map(|l| {
                poses.iter().map(move |&(pos, angle)| Scene {
                    name: format!(
                        "{} at {},{},{angle}",
                        l.file_name().map_or_else(
                            || l.display().to_string(),
                            |n| n.to_string_lossy().into_owned()
                        ),
                        pos.x,
                        pos.y
                    ),
                    level: l.clone(),
                    pos: Some(pos),
                    angle: Some(angle),
                    turn: false,
                    plain: false,
                })
            })
            .collect()
    } else if levels.is_empty() {
        standard_scenes()
    } else {
        levels
            .iter()
            .map(|l| Scene {
                name: l.display().to_string(),
                level: l.clone(),
                pos: None,
                angle: None,
                turn: true,
                plain: false,
            })
            .collect()
    };
    if !options.plain_twin {
        return scenes;
    }
    let mut twins = Vec::new();
    for scene in scenes {
        let shaped = tilecaster::level::Level::load(&scene.level)
            .is_ok_and(|l| l.level.styles.iter().any(|s| s.shape.is_some()));
        let twin = shaped.then(|| Scene {
            name: format!("{} (plain)", scene.name),
            level: scene.level.clone(),
            pos: scene.pos,
            angle: scene.angle,
            turn: scene.turn,
            plain: true,
        });
        twins.push(scene);
        twins.extend(twin);
    }
    twins
}

/// The thread counts asked for (one and every core where none is), each once, fewest first.
fn thread_counts(asked: &[usize]) -> Result<Vec<usize>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads: Vec<usize> = if asked.is_empty() {
        vec![1, cores]
    } else {
        asked.to_vec()
    };
    threads.sort_unstable();
    threads.dedup();
    if threads.contains(&0) {
        bail!("--threads must be at least 1");
    }
    Ok(threads)
}

fn print_table(report: &Report) {
    let m = &report.machine;
    println!(
        "machine: {}{}, {} cores, {}",
        m.cpu,
        m.mhz
            .map_or(String::new(), |f| format!(" at {f:.0} MHz (nominal)")),
        m.cores,
        m.rustc
    );
    if report.scalar {
        println!("the renderer's baseline loops only (--scalar)");
    }
    if !report.mipmaps {
        println!("no mipmaps (--no-mipmaps)");
    }
    println!(
        "{:<18} {:>9} {:>3} {:>7} {:>7} {:>6} {:>7} {:>7} {:>7} {:>6} {:>7} {:>6} {:>6} {:>6} {:>7} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9} {:>5} {:>6}",
        "scene",
        "size",
        "thr",
        "p50 ms",
        "p95 ms",
        "fps",
        "memset",
        "copy",
        "tutor.",
        "x tut",
        "unlit",
        "x unl",
        "ns/px",
        "cyc/px",
        "Mrays/s",
        "Mcols/s",
        "cast",
        "lights",
        "floor",
        "walls",
        "over",
        "cells/ray",
        "scale",
        "allocs"
    );
    let opt =
        |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    for r in &report.runs {
        println!(
            "{:<18} {:>9} {:>3} {:>7.2} {:>7.2} {:>6.0} {:>7.3} {:>7.2} {:>7} {:>6} {:>7} {:>6} {:>6.2} {:>6} {:>7.1} {:>7.1} {:>6.0} {:>6.0} {:>6.0} {:>6.0} {:>6.0} {:>9.1} {:>5} {:>6.1}",
            r.scene,
            format!("{}x{}", r.width, r.height),
            r.threads,
            r.frame_p50_ms,
            r.frame_p95_ms,
            r.fps,
            r.memset_ms,
            r.texture_copy_ms,
            opt(r.tutorial_ms, 2),
            opt(r.speedup_over_tutorial, 2),
            opt(r.unlit_ms, 2),
            opt(r.lit_per_unlit, 2),
            r.ns_per_pixel,
            opt(r.cycles_per_pixel, 2),
            r.rays_per_second / 1e6,
            r.columns_per_second / 1e6,
            r.cast_ns_per_column,
            r.lights_ns_per_column,
            r.floor_ns_per_column,
            r.walls_ns_per_column,
            r.overlays_ns_per_column,
            r.cells_per_ray_mean,
            r.scaling_efficiency
                .map_or("-".to_string(), |e| format!("{:.0}%", e * 100.0)),
            r.allocations_per_frame,
        );
    }
    println!(
        "Yardsticks, median ms, measured between the frames on the same size: memset (fill the frame), copy (each pixel read from a 64x64 texture at a stepped coordinate), tutor. (lodev's tutorial renderer ported plainly, same scene and camera, one thread); x tut: how many times faster the frame is. unlit: on a level with lights, the same frame without them (render --no-lights); x unl: the lit frame's time over it.\n\
         ns/px and cyc/px: per pixel of the frame, cycles of one core estimated at the stated clock. Mrays/s: casting alone (the traversal to the first hit, all threads); Mcols/s: the renderer's cast pass (rays, wall spans, layers).\n\
         cast: the cast pass, ns per column, and lights: of it, the dynamic lights worked out (--flashes; the floors they reach are lit in the floor sweep); floor, walls, over (masked layers and sprites): the composite's sweeps, thread time in ns per column. allocs: heap allocations per frame after warm-up."
    );
}

/// The arguments of `tilecaster bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Levels to measure instead of the standard scenes (repeatable).
    #[arg(long)]
    pub level: Vec<std::path::PathBuf>,
    /// Frame sizes WxH (repeatable; default 640x400 and 1920x1080).
    #[arg(long, value_parser = super::view::parse_size)]
    pub size: Vec<(u32, u32)>,
    /// Frames measured per run (after 3 of warm-up), 1 to 100000.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub frames: u32,
    /// Thread counts (repeatable; default 1 and every core), each 1 to 1024.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Vec<u16>,
    /// JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// A fixed pose X,Y,ANGLE (tiles, degrees) instead of the turning path (repeatable):
    /// one scene per level and pose (the first level of the episode when no --level).
    #[arg(long, value_name = "X,Y,ANGLE", value_parser = parse_pose, allow_hyphen_values = true)]
    pub pose: Vec<(tilecaster::geom::Vec2, f64)>,
    /// Horizontal field of view, degrees.
    #[arg(long, default_value_t = tilecaster::render::Camera::DEFAULT_FOV, value_parser = super::view::parse_fov)]
    pub fov: f64,
    /// Run the renderer's per-pixel loops in their baseline versions only, without the
    /// CPU's vector instructions (AVX2), to see what those buy (the pictures are the same).
    #[arg(long)]
    pub scalar: bool,
    /// Draw without mipmaps, to see what they cost.
    #[arg(long)]
    pub no_mipmaps: bool,
    /// Measure each scene of a level with shaped walls twice, the second time with every
    /// shape made a plain wall, to see what shapes cost (measured one after the other).
    #[arg(long)]
    pub plain_twin: bool,
    /// Put N dynamic lights (muzzle flashes) in view every frame, ahead of the camera; the
    /// unlit yardstick draws without them, to see what lights cost (0 to 64).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub flashes: u32,
}

impl BenchArgs {
    /// Runs `tilecaster bench`.
    pub fn run(self) -> Result<()> {
        let threads: Vec<usize> = self.threads.into_iter().map(usize::from).collect();
        run(&Options {
            levels: &self.level,
            sizes: &self.size,
            frames: self.frames,
            threads: &threads,
            json: self.json,
            poses: &self.pose,
            fov: self.fov,
            scalar: self.scalar,
            mipmaps: !self.no_mipmaps,
            plain_twin: self.plain_twin,
            flashes: self.flashes,
        })
    }
}
