//! What the library allocates, watched by a counting global allocator: frames after the first
//! allocate nothing; reading a hostile PNG stays within a bound of memory.
//!
//! This test binary's only `unsafe` code (the library's is in `render::kernels`, the binary's in
//! `app::device`): implementing `GlobalAlloc` requires
//! it. It forwards every call to the system allocator unchanged and only counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, Renderer};

mod common;
mod hostile_lights;

struct Counting;

/// Allocations and reallocations made.
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
/// Bytes held now, and the most held since [`PEAK`] was last reset.
static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The tests here one at a time: the counts are the whole process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What `frames` returns, drawn on one of rayon's threads. A job handed to rayon's pool from
/// outside it (a frame drawn from the main thread) goes through a queue that takes a new block
/// of memory every 63 jobs: rayon's allocation, not the renderer's, which lands in a test's
/// frames or not by where the count of jobs stands. Inside the pool a frame's jobs go on the
/// thread's own queue, so what is counted is the renderer's alone.
fn in_the_pool<R: Send>(frames: impl FnOnce() -> R + Send) -> R {
    rayon::scope(|_| frames())
}

/// The allocations `pass` makes the second time it runs (the first grows the buffers), in
/// the pool.
fn second_pass_allocations(mut pass: impl FnMut() + Send) -> usize {
    in_the_pool(|| {
        pass();
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        pass();
        ALLOCATIONS.load(Ordering::SeqCst) - before
    })
}

fn grew(bytes: usize) {
    let now = HELD.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every method forwards to `System` with the caller's arguments, so `System`'s
// guarantees hold; the counters are atomics with no effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        grew(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged; `ptr` came from `System` through `alloc` or `realloc`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        grew(new_size);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A PNG of `side` x `side` grey pixels, with a colour profile (iCCP) after its header whose
/// compressed stream inflates to `inflated` zero bytes, and without IEND when `cut`: a file
/// of about `inflated / 1000` bytes.
fn png_with_a_huge_profile(side: u32, inflated: usize, cut: bool) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &vec![128; (side * side) as usize],
        side,
        side,
        image::ExtendedColorType::L8,
    )
    .unwrap();
    // A zlib stream of `inflated` zeros: one MiB of them compressed and flushed, then the
    // block that the next MiB compresses to (all back-references) repeated, then the end.
    const MIB: usize = 1 << 20;
    let zeros = vec![0u8; MIB];
    let mut z = Compress::new(Compression::best(), true);
    let mut stream = Vec::with_capacity(2 * MIB);
    let block = |z: &mut Compress, input: &[u8], flush| {
        let mut out = Vec::with_capacity(MIB);
        z.compress_vec(input, &mut out, flush).unwrap();
        out
    };
    stream.extend(block(&mut z, &zeros, FlushCompress::Sync));
    let repeat = block(&mut z, &zeros, FlushCompress::Sync);
    for _ in 1..inflated / MIB {
        stream.extend_from_slice(&repeat);
    }
    // The final (empty) block and the Adler-32 of the zeros (a = 1, b = count mod 65521).
    stream.extend_from_slice(&[0x03, 0x00]);
    let b = (inflated % 65521) as u32;
    stream.extend_from_slice(&((b << 16) | 1).to_be_bytes());
    let mut data = b"profile\0\0".to_vec();
    data.extend_from_slice(&stream);
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(b"iCCP");
    chunk.extend_from_slice(&data);
    let crc = {
        let mut h = flate2::Crc::new();
        h.update(&chunk[4..]);
        h.sum()
    };
    chunk.extend_from_slice(&crc.to_be_bytes());
    let mut file = png[..33].to_vec();
    file.extend_from_slice(&chunk);
    let end = if cut { png.len() - 12 } else { png.len() };
    file.extend_from_slice(&png[33..end]);
    file
}

/// A PNG whose colour profile inflates to a gigabyte, with IEND and without: reading it as a
/// texture holds at most 64 MB above the decoded image, and gives the pixels (the profile is
/// never inflated).
#[test]
fn a_png_with_a_huge_compressed_chunk_is_read_in_bounded_memory() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("tilecaster-alloc-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for cut in [false, true] {
        let bytes = png_with_a_huge_profile(64, 1 << 30, cut);
        assert!(bytes.len() < 2 << 20, "{} bytes", bytes.len());
        let path = dir.join(format!("profile-{cut}.png"));
        std::fs::write(&path, &bytes).unwrap();
        drop(bytes);
        let before = HELD.load(Ordering::SeqCst);
        PEAK.store(before, Ordering::SeqCst);
        let read = tilecaster::texture::read_picture(&path);
        let above = PEAK.load(Ordering::SeqCst) - before;
        assert!(
            above < 64 << 20,
            "cut {cut}: {above} bytes held at the peak"
        );
        match (cut, read) {
            (false, Ok(image)) => assert_eq!(image.get_pixel(5, 5).0, [128, 128, 128, 255]),
            (true, Err(e)) => assert!(e.to_string().contains("profile-true.png"), "{e}"),
            (cut, other) => panic!("cut {cut}: {other:?}"),
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn frames_after_warm_up_allocate_nothing() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // The first Entry Hall (`tests/scenes`), looking through its grates on row 10.
    let loaded = load_with_textures(Path::new(common::ENTRY_HALL), None).unwrap();
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let mut frame = Frame::new(640, 400).unwrap();
    let mut renderer = Renderer::new();
    let camera = |k: usize| {
        Camera::new(
            Vec2::new(4.5 + k as f64 * 0.1, 10.3),
            k as f64 * 7.0,
            Camera::DEFAULT_FOV,
        )
    };
    let during = in_the_pool(|| {
        // Warm-up: buffers grow.
        for k in 0..3 {
            renderer.render(level, &assets, &ClosedDoors, &[], &camera(k), &mut frame);
        }
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        for k in 3..23 {
            renderer.render(level, &assets, &ClosedDoors, &[], &camera(k), &mut frame);
        }
        ALLOCATIONS.load(Ordering::SeqCst) - before
    });
    assert_eq!(during, 0, "{during} allocations in 20 frames");
}

/// With dynamic lights (eight muzzle flashes ahead of a moving camera, their polygons cast
/// and their reach summed every frame) frames allocate nothing either, once a first pass over
/// the same frames has grown the buffers.
#[test]
fn frames_with_dynamic_lights_allocate_nothing_after_warm_up() {
    use tilecaster::frame::Colour;
    use tilecaster::level::Light;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let loaded = load_with_textures(Path::new("levels/e1m3.toml"), None).unwrap();
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let mut frame = Frame::new(320, 200).unwrap();
    let mut renderer = Renderer::new();
    let start = level.player.position;
    let camera = |k: usize| Camera::new(start, k as f64 * 36.0, Camera::DEFAULT_FOV);
    let flashes = |camera: &Camera| -> Vec<Light> {
        (0..8)
            .map(|i| Light {
                position: camera.pos + camera.dir * (0.3 + 0.05 * f64::from(i)),
                colour: Colour::rgb(255, 214, 150),
                radius: 4.5,
                intensity: 1.2,
            })
            .collect()
    };
    let lights: Vec<Vec<Light>> = (0..10).map(|k| flashes(&camera(k))).collect();
    let pass = || {
        for (k, lights) in lights.iter().enumerate() {
            renderer.set_dynamic_lights(lights);
            renderer.render(level, &assets, &ClosedDoors, &[], &camera(k), &mut frame);
        }
    };
    let during = second_pass_allocations(pass);
    assert_eq!(
        during, 0,
        "{during} allocations in 10 frames with 8 dynamic lights"
    );
}

/// As the bench measures them (its `allocs` column): eight flashes ahead of a camera turning
/// on the spot, every frame after the first few, the first time round. The view shows ever
/// more lit cells as it turns, so buffers grown a little as each frame needed more (the lit
/// copies' levels a copy at a time, each light's polygon buffers on their own) allocated once
/// or twice a frame here; they are made with room for as many as most views need when the
/// first light is cast.
#[test]
fn turning_with_flashes_allocates_nothing_after_the_first_frames() {
    use tilecaster::level::Light;
    use tilecaster::render::flashes_in_view;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // e1m1: its round pillars give the flashes' polygons many corners.
    let loaded = load_with_textures(Path::new("levels/e1m1.toml"), None).unwrap();
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let mut frame = Frame::new(640, 400).unwrap();
    let mut renderer = Renderer::new();
    let (start, facing) = (level.player.position, level.player.facing);
    let camera = |k: usize| Camera::new(start, facing + k as f64 * 12.0, Camera::DEFAULT_FOV);
    // As the bench puts them: on open cells ahead, in three lanes across the view.
    let flashes = |k: usize| {
        let mut out = Vec::new();
        flashes_in_view(level, &camera(k), 8, &mut out);
        out
    };
    let lights: Vec<Vec<Light>> = (0..30).map(flashes).collect();
    let during = in_the_pool(|| {
        let mut before = 0;
        for (k, lights) in lights.iter().enumerate() {
            if k == 3 {
                before = ALLOCATIONS.load(Ordering::SeqCst);
            }
            renderer.set_dynamic_lights(lights);
            renderer.render(level, &assets, &ClosedDoors, &[], &camera(k), &mut frame);
        }
        ALLOCATIONS.load(Ordering::SeqCst) - before
    });
    assert_eq!(
        during, 0,
        "{during} allocations in 27 frames turning with 8 flashes"
    );
}

/// The top-down map marks every light of the level each frame it draws: it reads them one at
/// a time, allocating nothing.
#[test]
fn a_levels_lights_are_read_without_allocating() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let loaded = load_with_textures(Path::new("levels/e1m3.toml"), None).unwrap();
    let level = &loaded.level;
    let all = level.all_lights();
    assert!(level.is_lit() && all.len() > 4, "{} lights", all.len());
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let read = level.each_light().filter(|l| l.radius > 0.0).count();
    let during = ALLOCATIONS.load(Ordering::SeqCst) - before;
    assert_eq!((during, read), (0, all.len()));
}

/// A door that passes half open on a lit level has the lights around it worked out again in
/// that frame (`LightMap::relight_into`), in buffers kept from door to door: once each door
/// has opened and shut once, opening and shutting them again allocates nothing.
#[test]
fn a_doors_relighting_allocates_nothing_after_warm_up() {
    use tilecaster::grid::Cell;
    use tilecaster::render::MovingParts;
    struct OneOpen(Option<Cell>);
    impl MovingParts for OneOpen {
        fn open(&self, cell: Cell) -> f64 {
            if Some(cell) == self.0 { 1.0 } else { 0.0 }
        }
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let loaded = load_with_textures(Path::new("levels/e1m3.toml"), None).unwrap();
    let level = &loaded.level;
    let assets = RenderAssets::new(level, &loaded.textures);
    let mut frame = Frame::new(320, 200).unwrap();
    let mut renderer = Renderer::new();
    let camera = Camera::new(
        level.player.position,
        level.player.facing,
        Camera::DEFAULT_FOV,
    );
    let doors: Vec<Cell> = level.doors.iter().map(|d| d.cell).collect();
    assert!(doors.len() > 10, "{} doors", doors.len());
    let pass = || {
        for &door in &doors {
            for open in [Some(door), None] {
                renderer.render(level, &assets, &OneOpen(open), &[], &camera, &mut frame);
            }
        }
    };
    let during = second_pass_allocations(pass);
    assert_eq!(
        during,
        0,
        "{during} allocations opening and shutting {} doors",
        doors.len()
    );
}
