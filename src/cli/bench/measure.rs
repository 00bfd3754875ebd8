//! One run of the bench: a scene at one size on one thread count, its frames timed beside the
//! yardsticks drawn between them, and the figures a run reports.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use tilecaster::frame::Frame;
use tilecaster::game::Game;
use tilecaster::geom::Vec2;
use tilecaster::level::{LevelWithTextures, load_with_textures};
use tilecaster::render::{Camera, RenderAssets, Renderer};

use super::{Options, Run, Scene, cast_alone, median, memset, ms, percentile, yardsticks};

/// A scene's level loaded, with what every run of it draws from.
pub(super) struct Setup {
    loaded: LevelWithTextures,
    assets: RenderAssets,
    game: Game,
    /// The eye, and the first angle of the path.
    pos: Vec2,
    first: f64,
    /// The tutorial's renderer on the level, where it can draw it.
    tutorial: Option<yardsticks::Tutorial>,
    /// The texture the copy yardstick copies.
    copied: yardsticks::CopiedTexture,
}

/// What a run measured, frame by frame and summed.
#[derive(Default)]
pub(super) struct Measured {
    /// Each frame's time, sorted.
    times: Vec<Duration>,
    /// The unlit twin's, the memset's, the texture copy's and the tutorial's, each frame.
    unlit_times: Vec<Duration>,
    memsets: Vec<Duration>,
    copies: Vec<Duration>,
    tutorials: Vec<Duration>,
    /// The renderer's stages summed over the frames.
    cast: Duration,
    sprites: Duration,
    composite: Duration,
    lights: Duration,
    floor: Duration,
    walls: Duration,
    overlays: Duration,
    /// The rays alone (the cast without drawing), summed.
    rays: Duration,
    cells: u64,
    max_cells: u32,
    allocations: usize,
    /// Whether the level is lit (its frames have an unlit twin).
    lit_level: bool,
}

impl Setup {
    /// `scene`'s level, loaded (its shapes made plain for a plain twin).
    pub(super) fn of(scene: &Scene) -> Result<Setup> {
        let mut loaded = load_with_textures(&scene.level, None)?;
        if scene.plain {
            for style in &mut loaded.level.styles {
                style.shape = None;
            }
        }
        let level = &loaded.level;
        let assets = RenderAssets::new(level, &loaded.textures);
        let game = Game::new(level.clone());
        let pos = scene.pos.unwrap_or(level.player.position);
        let first = scene.angle.unwrap_or(level.player.facing);
        let tutorial = yardsticks::Tutorial::new(level, &loaded.textures, pos);
        let folder = tilecaster::files::default_path("textures");
        let copied = loaded
            .textures
            .get("floor_stone")
            .cloned()
            .or_else(|| {
                tilecaster::texture::load_texture(&folder.join("floor_stone.png"))
                    .ok()
                    .map(|(t, _)| std::sync::Arc::new(t))
            })
            .context("no texture to copy (floor_stone)")?;
        let copied = yardsticks::CopiedTexture::new(&copied);
        Ok(Setup {
            loaded,
            assets,
            game,
            pos,
            first,
            tutorial,
            copied,
        })
    }

    /// The frames of `scene` at `w` x `h` on `n` threads (in `pool`), after three of warm-up,
    /// each beside the yardsticks (and the unlit twin of a lit level) drawn between frames.
    pub(super) fn measure(
        &self,
        scene: &Scene,
        (w, h): (u32, u32),
        (n, pool): (usize, &rayon::ThreadPool),
        options: &Options,
    ) -> Result<Measured> {
        let level = &self.loaded.level;
        let frames = options.frames;
        let sprites = tilecaster::scene::sprites(&self.game, &self.loaded.textures);
        let parts = tilecaster::scene::GameParts(&self.game);
        let mut frame = Frame::new(w, h)?;
        let mut renderer = Renderer::new();
        renderer.set_vector_loops(!options.scalar);
        renderer.set_mipmaps(options.mipmaps);
        // The same renderer without the lights, drawn between the frames.
        let mut unlit = Renderer::new();
        unlit.set_vector_loops(!options.scalar);
        unlit.set_mipmaps(options.mipmaps);
        unlit.set_lights(false);
        let lit_level = level.is_lit() || options.flashes > 0;
        let mut glows = Vec::with_capacity(options.flashes as usize);
        let samples = || Vec::with_capacity(frames as usize);
        let mut m = Measured {
            times: samples(),
            unlit_times: samples(),
            memsets: samples(),
            copies: samples(),
            tutorials: samples(),
            lit_level,
            ..Measured::default()
        };
        let mut scratch = Frame::new(w, h)?;
        // The unlit twin draws into a frame of its own, as the lit renderer does: drawn into
        // the yardsticks' frame it found its pixels in the cache, just written, while the lit
        // frame's had been pushed out by them. (One pixel where there is no unlit twin: it is
        // never drawn.)
        let mut unlit_frame = if lit_level {
            Frame::new(w, h)?
        } else {
            Frame::new(1, 1)?
        };
        pool.install(|| {
            for i in 0..frames + 3 {
                let angle = if scene.turn {
                    self.first + 360.0 * f64::from(i) / f64::from(frames)
                } else {
                    self.first
                };
                let camera = Camera::new(self.pos, angle, options.fov);
                tilecaster::render::flashes_in_view(level, &camera, options.flashes, &mut glows);
                renderer.set_dynamic_lights(&glows);
                let allocated = crate::allocations();
                let start = Instant::now();
                renderer.render(level, &self.assets, &parts, &sprites, &camera, &mut frame);
                let took = start.elapsed();
                if i < 3 {
                    continue; // warm-up: buffers, caches, the pool's threads
                }
                m.allocations += crate::allocations() - allocated;
                // The yardsticks, on the same frame size and camera, between frames.
                m.memsets.push(memset(&mut scratch, i as u8));
                let start = Instant::now();
                yardsticks::texture_copy(&self.copied, &mut scratch);
                m.copies.push(start.elapsed());
                if lit_level {
                    let start = Instant::now();
                    unlit.render(
                        level,
                        &self.assets,
                        &parts,
                        &sprites,
                        &camera,
                        &mut unlit_frame,
                    );
                    m.unlit_times.push(start.elapsed());
                    // The two frames trade buffers every time, so that each is drawn as often
                    // into either: drawn each into a buffer of its own, one ran 17-20% faster
                    // than the other with the same work (the point blank scene, whose flashes
                    // all fall in the wall, gave 0.82 lit over unlit in three runs, and
                    // 0.99-1.02 trading). The buffers differ only in where they lie in memory;
                    // which renderer drew into the faster one changed with the scene.
                    std::mem::swap(&mut frame, &mut unlit_frame);
                }
                if let (Some(t), 1) = (&self.tutorial, n) {
                    let start = Instant::now();
                    t.render(level, &camera, &mut scratch);
                    m.tutorials.push(start.elapsed());
                }
                m.times.push(took);
                m.add(&renderer.stats());
                m.rays += cast_alone(&level.map, &camera, w);
            }
        });
        m.times.sort();
        Ok(m)
    }
}

impl Measured {
    /// A frame's stages, added to the sums.
    fn add(&mut self, s: &tilecaster::render::FrameStats) {
        self.cast += s.cast;
        self.sprites += s.sprites;
        self.composite += s.composite;
        self.lights += s.lights;
        self.floor += s.floor;
        self.walls += s.walls;
        self.overlays += s.overlays;
        self.cells += s.cells;
        self.max_cells = self.max_cells.max(s.max_cells);
    }

    /// The median frame's time.
    pub(super) fn p50(&self) -> Duration {
        percentile(&self.times, 0.5)
    }

    /// The run's figures: `scene` at `w` x `h` on `n` threads over `frames` frames, cycles
    /// from the clock `mhz` where known, the scaling against the one-thread median `single`.
    pub(super) fn run(
        mut self,
        scene: &Scene,
        (w, h, n): (u32, u32, usize),
        frames: u32,
        (mhz, single): (Option<f64>, Option<Duration>),
    ) -> Run {
        let p50 = self.p50();
        let count = f64::from(frames);
        let columns = count * f64::from(w);
        let pixels = u64::from(w) * u64::from(h);
        let baseline = median(&mut self.memsets);
        let copy = median(&mut self.copies);
        let tutorial = (!self.tutorials.is_empty()).then(|| median(&mut self.tutorials));
        let unlit_ms = self.lit_level.then(|| median(&mut self.unlit_times));
        let per_pixel = p50.as_secs_f64() / pixels as f64;
        let per_column = |d: Duration| d.as_nanos() as f64 / columns;
        Run {
            scene: scene.name.clone(),
            width: w,
            height: h,
            threads: n,
            frames,
            memset_ms: ms(baseline),
            texture_copy_ms: ms(copy),
            tutorial_ms: tutorial.map(ms),
            unlit_ms: unlit_ms.map(ms),
            lit_per_unlit: unlit_ms.map(|u| p50.as_secs_f64() / u.as_secs_f64()),
            frame_p50_ms: ms(p50),
            frame_p95_ms: ms(percentile(&self.times, 0.95)),
            frame_p99_ms: ms(percentile(&self.times, 0.99)),
            fps: 1.0 / p50.as_secs_f64(),
            frame_per_memset: p50.as_secs_f64() / baseline.as_secs_f64(),
            frame_per_texture_copy: p50.as_secs_f64() / copy.as_secs_f64(),
            speedup_over_tutorial: tutorial.map(|t| t.as_secs_f64() / p50.as_secs_f64()),
            ns_per_pixel: per_pixel * 1e9,
            cycles_per_pixel: mhz.map(|f| per_pixel * f * 1e6 * n as f64),
            cast_ns_per_column: per_column(self.cast),
            lights_ns_per_column: per_column(self.lights),
            sprites_ns_per_column: per_column(self.sprites),
            composite_ns_per_pixel: self.composite.as_nanos() as f64 / (columns * f64::from(h)),
            floor_ns_per_column: per_column(self.floor),
            walls_ns_per_column: per_column(self.walls),
            overlays_ns_per_column: per_column(self.overlays),
            rays_per_second: columns / self.rays.as_secs_f64(),
            columns_per_second: columns / self.cast.as_secs_f64(),
            cells_per_ray_mean: self.cells as f64 / columns,
            cells_per_ray_max: self.max_cells,
            pixels_per_frame: pixels,
            allocations_per_frame: self.allocations as f64 / count,
            scaling_efficiency: single
                .filter(|_| n > 1)
                .map(|t1| t1.as_secs_f64() / (p50.as_secs_f64() * n as f64)),
        }
    }
}
