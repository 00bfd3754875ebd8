//! Frames after the first allocate nothing: a counting global allocator watches the renderer.
//!
//! This test binary is the only place with `unsafe` code: implementing `GlobalAlloc` requires
//! it. It forwards every call to the system allocator unchanged and only counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use tilecaster::frame::Frame;
use tilecaster::geom::Vec2;
use tilecaster::level::load_with_textures;
use tilecaster::render::{Camera, ClosedDoors, RenderAssets, Renderer};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments, so `System`'s
// guarantees hold; the counter is an atomic with no effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from `System` through `alloc` or `realloc`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn frames_after_warm_up_allocate_nothing() {
    let loaded = load_with_textures(Path::new("levels/e1m1.toml"), None).unwrap();
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
    // Warm-up: buffers grow, rayon's pool starts.
    for k in 0..3 {
        renderer.render(level, &assets, &ClosedDoors, &[], &camera(k), &mut frame);
    }
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    for k in 3..23 {
        renderer.render(level, &assets, &ClosedDoors, &[], &camera(k), &mut frame);
    }
    let during = ALLOCATIONS.load(Ordering::SeqCst) - before;
    assert_eq!(during, 0, "{during} allocations in 20 frames");
}
