//! The `tilecaster` command: a thin clap front end over the library.
#![forbid(unsafe_code)]

mod app;
mod cli;

use std::process::ExitCode;

use clap::Parser;

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
