//! The `tilecaster` command: a thin clap front end over the library.
// Unsafe code is denied everywhere but in `app::device`, the sound device's FFI calls.
#![deny(unsafe_code)]

mod app;
mod cli;

use std::process::ExitCode;

use clap::Parser;

/// The system allocator, counted (by stats_alloc, so that this crate stays free of unsafe
/// code): `tilecaster bench` reports the allocations each frame makes.
#[global_allocator]
static ALLOCATOR: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

/// Allocations made so far by the whole program.
pub fn allocations() -> usize {
    ALLOCATOR.stats().allocations + ALLOCATOR.stats().reallocations
}

fn main() -> ExitCode {
    // Usage errors exit 2 (clap's convention); bad input exits 1.
    let args = cli::Args::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tilecaster: {error:#}");
            ExitCode::from(1)
        }
    }
}
