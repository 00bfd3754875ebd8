//! A client's connection with a deadline: the signalling server's handshake, and each of its
//! writes, must be done by it.

use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A connection that fails its reads and writes once `deadline` has passed (the handshake's,
/// and a write's: a client taking a byte now and then would otherwise hold either for ever),
/// or once `stalled` is set (its messages piled up). Shared: the client's reader and writer
/// each hold one over the same socket (no second descriptor).
pub(super) struct Deadline {
    pub(super) stream: Arc<TcpStream>,
    pub(super) deadline: Option<Instant>,
    pub(super) stalled: Option<Arc<AtomicBool>>,
}

impl Deadline {
    fn check(&self) -> std::io::Result<()> {
        let late = self.deadline.is_some_and(|at| Instant::now() >= at);
        let stalled = (self.stalled.as_ref()).is_some_and(|s| s.load(Ordering::Relaxed));
        if late || stalled {
            return Err(std::io::Error::new(
                ErrorKind::TimedOut,
                "the client takes too long",
            ));
        }
        Ok(())
    }
}

impl std::io::Read for Deadline {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.check()?;
        (&*self.stream).read(buf)
    }
}

impl std::io::Write for Deadline {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.check()?;
        (&*self.stream).write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        (&*self.stream).flush()
    }
}
