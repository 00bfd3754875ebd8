//! What carries a networked game's datagrams: a UDP socket natively, or a room's data
//! channels; shared by a game's network sessions one after another.

use std::cell::RefCell;
use std::net::{SocketAddr, UdpSocket};
use std::rc::Rc;

/// What carries a networked game's datagrams (and a lobby's): a UDP socket natively
/// ([`UdpSocket`], bound and set non-blocking), or a room's WebRTC data channels (the page's,
/// and natively with the `webrtc` feature; each player known by an address made of its id).
/// Unordered and unreliable, as UDP is: the rollback session above it resends what matters.
pub trait Datagrams {
    /// Sends `bytes` to `to` (an error when it could not be sent).
    fn send_datagram(&mut self, bytes: &[u8], to: SocketAddr) -> std::io::Result<()>;
    /// The next datagram waiting, copied into `buffer` (cut to its length), with its length
    /// and sender; [`std::io::ErrorKind::WouldBlock`] when none waits.
    fn receive_datagram(&mut self, buffer: &mut [u8]) -> std::io::Result<(usize, SocketAddr)>;
    /// This machine's address as the others know it, where the carrier knows one.
    fn local_addr(&mut self) -> Option<SocketAddr>;
    /// The peers the carrier itself knows of (a room's players whose channels are open);
    /// none for a socket, whose peers are told by address.
    fn known_peers(&mut self) -> Vec<SocketAddr> {
        Vec::new()
    }
}

impl Datagrams for UdpSocket {
    fn send_datagram(&mut self, bytes: &[u8], to: SocketAddr) -> std::io::Result<()> {
        self.send_to(bytes, to).map(|_| ())
    }

    fn receive_datagram(&mut self, buffer: &mut [u8]) -> std::io::Result<(usize, SocketAddr)> {
        self.recv_from(buffer)
    }

    fn local_addr(&mut self) -> Option<SocketAddr> {
        UdpSocket::local_addr(self).ok()
    }
}

/// A UDP socket bound to `addr`, non-blocking, as a [`Carrier`].
pub fn udp_carrier(addr: SocketAddr) -> std::io::Result<Carrier> {
    let socket = UdpSocket::bind(addr)?;
    socket.set_nonblocking(true)?;
    Ok(Rc::new(RefCell::new(Box::new(socket))))
}

/// A game's datagram carrier, shared by its network sessions one after another: co-op goes on
/// to its next level over the one its last level used ([`NetPlay::carrier`](super::NetPlay::carrier)).
pub type Carrier = Rc<RefCell<Box<dyn Datagrams>>>;
