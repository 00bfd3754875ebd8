//! What a room holds, told to a plain HTTP request for its address (one without a WebSocket
//! upgrade): `GET /ROOM?next=N` is answered `{"playing":P,"waiting":W}`, the clients of the
//! room's groups that filled (their game under way) and those of the group still filling.
//! Matchbox's protocol has no word for "this room is full"; a page waiting in a room of
//! groups asks here, so that a third player of a 2-player room is told that the two are
//! playing, not left to wait without a word. Any site may ask (the page is served from
//! elsewhere): the answer says no more than joining the room would.

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::{RoomRequest, Rooms};

/// The longest request head read: a browser's `fetch` sends well under it.
const LONGEST_HEAD: usize = 4096;

/// The path and query of a plain `GET` that `stream` brings (its head read without being
/// taken, by `deadline`), or none: a WebSocket handshake (left for it to read), or not a
/// request.
pub(super) fn plain_get(stream: &TcpStream, deadline: Instant) -> Option<(String, Option<String>)> {
    let mut head = vec![0; LONGEST_HEAD];
    let length = loop {
        let n = stream.peek(&mut head).ok().filter(|&n| n > 0)?;
        if let Some(end) = head[..n].windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        if n == head.len() || Instant::now() >= deadline {
            return None;
        }
        // (peek answers at once while anything waits: look again once more may have come.)
        std::thread::sleep(Duration::from_millis(20));
    };
    let head = std::str::from_utf8(&head[..length]).ok()?;
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let (method, target) = (first.next()?, first.next()?);
    let upgrade = lines.any(|line| {
        let (name, value) = line.split_once(':').unwrap_or((line, ""));
        name.trim().eq_ignore_ascii_case("upgrade")
            && value.to_ascii_lowercase().contains("websocket")
    });
    if method != "GET" || upgrade {
        return None;
    }
    let (path, query) = match target.split_once('?') {
        Some((path, query)) => (path, Some(query.to_string())),
        None => (target, None),
    };
    Some((path.to_string(), query))
}

impl Rooms {
    /// The clients of `room`'s groups that filled, and of its group still filling (of a room
    /// without groups, everyone in it).
    pub(super) fn occupancy(&self, room: &RoomRequest) -> (usize, usize) {
        let playing = self
            .groups
            .iter()
            .filter(|group| {
                group
                    .first()
                    .and_then(|id| self.clients.get(id))
                    .is_some_and(|client| client.room == *room)
            })
            .map(Vec::len)
            .sum();
        let waiting = self.open.get(room).map_or(0, Vec::len);
        (playing, waiting)
    }
}

/// Answers a plain request: what `room` holds (`occupancy`), or 400 where the address names
/// no room; then the connection closes.
pub(super) fn answer(mut stream: &TcpStream, occupancy: Option<(usize, usize)>) {
    let (status, body) = match occupancy {
        Some((playing, waiting)) => (
            "200 OK",
            format!("{{\"playing\":{playing},\"waiting\":{waiting}}}"),
        ),
        None => (
            "400 Bad Request",
            "{\"error\":\"no such room\"}".to_string(),
        ),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Access-Control-Allow-Origin: *\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes());
    let _ = stream.shutdown(std::net::Shutdown::Write);
}
