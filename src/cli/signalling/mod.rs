//! `tilecaster serve-signalling`: the meeting place for network play in the page.

use std::net::SocketAddr;

use anyhow::{Context, Result};
mod deadline;
mod server;
mod writer;

use server::SignallingServer;

/// The arguments of `tilecaster serve-signalling`.
#[derive(Debug, clap::Args)]
pub struct SignallingArgs {
    /// The address to listen on (port 0: any free port, printed).
    #[arg(long, default_value = "0.0.0.0:3536")]
    pub bind: SocketAddr,
    /// Say nothing of clients joining and leaving.
    #[arg(long)]
    pub quiet: bool,
}

impl SignallingArgs {
    /// Runs the server until the process is stopped.
    pub fn run(self) -> Result<()> {
        let mut server = SignallingServer::bind(self.bind)
            .with_context(|| format!("cannot listen on {}", self.bind))?;
        server.verbose = !self.quiet;
        let addr = server.local_addr()?;
        println!("signalling on ws://{addr}/ (a room: ws://{addr}/NAME, in groups of N: ?next=N)");
        server.serve();
        Ok(())
    }
}
