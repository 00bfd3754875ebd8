//! A client's writer: what the room says to a client, written on a thread of its own as it
//! comes. The client's own thread then blocks on the client's messages alone, waking when one
//! comes or when it has been idle too long: neither thread polls, so a thousand idle clients
//! cost no CPU (each woke once a second before, 12% of a core for a thousand).
//!
//! The writer frames each message itself (a server's text frame, unmasked) and writes it
//! whole to the connection (shared with the reader, no second descriptor) within
//! [`WRITE_TIMEOUT`].
//! The reader's WebSocket writes only the pongs and the close it owes the client, which
//! reach that client alone.

use std::io::Write;
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::thread::JoinHandle;
use std::time::Instant;

use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::frame::coding::{Data, OpCode};

use super::deadline::Deadline;

/// How long a write to a client may wait for it to take what was sent.
pub const WRITE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Starts the writer of the connection `stream` (the client's, shared), writing what comes
/// through `inbox` until the room lets the client go (the inbox's sender dropped). A write
/// that fails, or is not taken within [`WRITE_TIMEOUT`], sets `stalled` and shuts the
/// connection down, which ends the client's reads as well.
pub(super) fn spawn(
    stream: Arc<TcpStream>,
    inbox: Receiver<String>,
    stalled: Arc<AtomicBool>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("signalling writer".into())
        // (Small: a frame's buffer is on the heap.)
        .stack_size(64 * 1024)
        .spawn(move || {
            let mut out = Deadline {
                stream,
                deadline: None,
                stalled: None,
            };
            let mut frame = Vec::new();
            while let Ok(text) = inbox.recv() {
                frame.clear();
                let message = Frame::message(text.into_bytes(), OpCode::Data(Data::Text), true);
                out.deadline = Some(Instant::now() + WRITE_TIMEOUT);
                let written = message.format(&mut frame).is_ok()
                    && out.write_all(&frame).is_ok()
                    && out.flush().is_ok();
                if !written {
                    stalled.store(true, Ordering::Relaxed);
                    let _ = out.stream.shutdown(Shutdown::Both);
                    return;
                }
            }
        })
}
