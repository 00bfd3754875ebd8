//! The `tilecaster` command: a thin clap front end over the library.
// Unsafe code is denied everywhere but in `app::device`, the sound device's FFI calls.
#![deny(unsafe_code)]

mod app;
#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;

/// The system allocator, counted (by stats_alloc, so that this crate stays free of unsafe
/// code): `tilecaster bench` reports the allocations each frame makes.
#[global_allocator]
static ALLOCATOR: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

/// Allocations made so far by the whole program.
pub fn allocations() -> usize {
    ALLOCATOR.stats().allocations + ALLOCATOR.stats().reallocations
}

/// In the browser: the page's game (see `app::web`).
#[cfg(target_arch = "wasm32")]
fn main() {
    app::web::main();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    // Usage errors exit 2 (clap's convention); bad input exits 1.
    let args = cli::Args::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        // A failure the command has said in full already (on standard output) is not said
        // again.
        Err(error) if error.downcast_ref::<cli::Reported>().is_some() => ExitCode::from(1),
        Err(error) => {
            eprintln!("tilecaster: {}", error_text(&error));
            ExitCode::from(1)
        }
    }
}

/// The error and its causes, `: `-joined, each cause left out where the text before already
/// ends with it (the library's errors name their cause in their own message: "cannot write F:
/// no folder D", not "cannot write F: no folder D: no folder D").
#[cfg(not(target_arch = "wasm32"))]
fn error_text(error: &anyhow::Error) -> String {
    let mut text = error.to_string();
    for cause in error.chain().skip(1) {
        let cause = cause.to_string();
        if !text.ends_with(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}
