//! The signalling server with real clients over TCP: rooms, groups, strangers' limits.

use super::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use tungstenite::WebSocket;

type Ws = WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>;

/// How long a test client waits for an event before it fails (only a failing test waits
/// it out: a loaded machine is slow, not wrong).
const PATIENCE: Duration = Duration::from_secs(30);

fn server() -> (SocketAddr, Arc<SignallingReport>) {
    let server = SignallingServer::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.local_addr().unwrap();
    let report = server.report();
    std::thread::spawn(move || server.serve());
    (addr, report)
}

fn connect(addr: SocketAddr, path: &str) -> Ws {
    let (ws, _) = tungstenite::connect(format!("ws://{addr}{path}")).unwrap();
    if let tungstenite::stream::MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
    }
    ws
}

fn event(ws: &mut Ws) -> serde_json::Value {
    loop {
        match ws.read().unwrap() {
            Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("not an event: {other:?}"),
        }
    }
}

/// Waits for one event of `kind` and returns its value.
fn expect(ws: &mut Ws, kind: &str) -> serde_json::Value {
    let e = event(ws);
    e.get(kind)
        .cloned()
        .unwrap_or_else(|| panic!("expected {kind}, got {e}"))
}

/// Whether nothing arrives within a moment.
fn quiet(ws: &mut Ws) -> bool {
    if let tungstenite::stream::MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(Duration::from_millis(300)))
            .unwrap();
    }
    let quiet = ws.read().is_err();
    if let tungstenite::stream::MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
    }
    quiet
}

fn is_uuid_v4(id: &str) -> bool {
    let parts: Vec<&str> = id.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12])
        && id.chars().all(|c| c == '-' || c.is_ascii_hexdigit())
        && parts[2].starts_with('4')
        && matches!(&parts[3][..1], "8" | "9" | "a" | "b")
}

#[test]
fn peers_meet_pass_signals_and_hear_of_leaving() {
    let (addr, report) = server();
    let mut a = connect(addr, "/hall");
    let a_id = expect(&mut a, "IdAssigned");
    let mut b = connect(addr, "/hall");
    let b_id = expect(&mut b, "IdAssigned");
    assert!(is_uuid_v4(a_id.as_str().unwrap()), "{a_id}");
    assert_ne!(a_id, b_id);
    // The one already there hears of the newcomer (who is told nothing more).
    assert_eq!(expect(&mut a, "NewPeer"), b_id);
    assert!(quiet(&mut b));
    // Another room is another meeting.
    let mut c = connect(addr, "/cloisters");
    expect(&mut c, "IdAssigned");
    assert!(quiet(&mut a));

    let signal = format!(r#"{{"Signal":{{"receiver":{b_id},"data":{{"sdp":"offer"}}}}}}"#);
    a.send(Message::text(signal)).unwrap();
    let passed = expect(&mut b, "Signal");
    assert_eq!(passed["sender"], a_id);
    assert_eq!(passed["data"]["sdp"], "offer");
    a.send(Message::text(r#""KeepAlive""#)).unwrap();

    b.close(None).unwrap();
    assert_eq!(expect(&mut a, "PeerLeft"), b_id);
    assert_eq!(report.signals.load(Ordering::Relaxed), 1);
    assert_eq!(report.connected.load(Ordering::Relaxed), 3);
}

#[test]
fn next_fills_a_room_a_group_at_a_time() {
    let (addr, _) = server();
    let mut clients: Vec<(Ws, serde_json::Value)> = (0..4)
        .map(|_| {
            let mut ws = connect(addr, "/arena?next=2");
            let id = expect(&mut ws, "IdAssigned");
            (ws, id)
        })
        .collect();
    // First and second meet; third and fourth meet; nobody hears of the other pair.
    let second = clients[1].1.clone();
    let fourth = clients[3].1.clone();
    assert_eq!(expect(&mut clients[0].0, "NewPeer"), second);
    assert_eq!(expect(&mut clients[2].0, "NewPeer"), fourth);
    for (ws, _) in &mut clients {
        assert!(quiet(ws));
    }
    // When one leaves, only its group hears.
    clients[3].0.close(None).unwrap();
    assert_eq!(expect(&mut clients[2].0, "PeerLeft"), fourth);
    assert!(quiet(&mut clients[0].0));
}

/// A plain `GET` of a room's address, answered: its status line and body.
fn ask(addr: SocketAddr, target: &str) -> (String, String) {
    let mut raw = TcpStream::connect(addr).unwrap();
    raw.set_read_timeout(Some(PATIENCE)).unwrap();
    let request =
        format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://elsewhere\r\n\r\n");
    raw.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    raw.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.contains("Access-Control-Allow-Origin: *"), "{head}");
    (head.lines().next().unwrap().to_string(), body.to_string())
}

#[test]
fn a_plain_request_is_told_how_many_play_in_a_room_and_how_many_wait() {
    let (addr, report) = server();
    assert_eq!(ask(addr, "/hall?next=2").1, r#"{"playing":0,"waiting":0}"#);
    let mut first = connect(addr, "/hall?next=2");
    expect(&mut first, "IdAssigned");
    assert_eq!(ask(addr, "/hall?next=2").1, r#"{"playing":0,"waiting":1}"#);
    let mut second = connect(addr, "/hall?next=2");
    expect(&mut second, "IdAssigned");
    expect(&mut first, "NewPeer");
    // The group filled: a third comes to a full room (and waits in the next group).
    let mut third = connect(addr, "/hall?next=2");
    expect(&mut third, "IdAssigned");
    assert_eq!(ask(addr, "/hall?next=2").1, r#"{"playing":2,"waiting":1}"#);
    // Another room of the name, or another size of group, is another room.
    assert_eq!(ask(addr, "/hall?next=3").1, r#"{"playing":0,"waiting":0}"#);
    assert_eq!(ask(addr, "/hall").1, r#"{"playing":0,"waiting":0}"#);
    // One of the game leaves: one plays on.
    second.close(None).unwrap();
    expect(&mut first, "PeerLeft");
    assert_eq!(ask(addr, "/hall?next=2").1, r#"{"playing":1,"waiting":1}"#);
    // Not a room: said.
    let (status, _) = ask(addr, "/hall?next=1");
    assert!(status.contains("400"), "{status}");
    assert_eq!(report.asked.load(Ordering::Relaxed), 7);
    // The WebSocket clients were not disturbed.
    assert!(quiet(&mut third));
}

#[test]
fn bad_input_is_dropped_and_the_server_goes_on() {
    let (addr, report) = server();
    // Not a WebSocket at all.
    let mut raw = TcpStream::connect(addr).unwrap();
    raw.write_all(b"GARBAGE \x00\xff\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = raw.read_to_end(&mut answer);
    // A room name too long, and a bad group size.
    let long = format!("ws://{addr}/{}", "r".repeat(LONGEST_ROOM + 1));
    assert!(tungstenite::connect(long).is_err());
    assert!(tungstenite::connect(format!("ws://{addr}/r?next=1")).is_err());

    let mut a = connect(addr, "/r");
    let a_id = expect(&mut a, "IdAssigned");
    let mut b = connect(addr, "/r");
    let b_id = expect(&mut b, "IdAssigned");
    assert_eq!(expect(&mut a, "NewPeer"), b_id);
    for junk in [
        "not json",
        r#"{"Signal":{"receiver":"nobody","data":1}}"#,
        r#"{"Signal":{"data":1}}"#,
        r#"{"IdAssigned":"x"}"#,
    ] {
        a.send(Message::text(junk)).unwrap();
    }
    a.send(Message::binary(vec![0u8; 100])).unwrap();
    // A signal to oneself goes nowhere.
    let to_self = format!(r#"{{"Signal":{{"receiver":{a_id},"data":0}}}}"#);
    a.send(Message::text(to_self)).unwrap();
    // Still serving: a proper signal gets through.
    let signal = format!(r#"{{"Signal":{{"receiver":{b_id},"data":"ok"}}}}"#);
    a.send(Message::text(signal)).unwrap();
    assert_eq!(expect(&mut b, "Signal")["data"], "ok");
    assert!(quiet(&mut a));
    assert_eq!(report.dropped.load(Ordering::Relaxed), 6);
    assert!(report.refused.load(Ordering::Relaxed) >= 3);

    // A message past the limit ends that client's connection only.
    let _ = b.send(Message::text("x".repeat(LARGEST_MESSAGE + 1)));
    assert_eq!(expect(&mut a, "PeerLeft"), b_id);
}

/// A client that never reads what it is sent is let go once its messages pile up (its
/// peer hears it left), and a new pair still meets in another room.
#[test]
fn a_client_that_never_reads_is_let_go_and_others_go_on_meeting() {
    let (addr, report) = server();
    let mut deaf = connect(addr, "/r");
    let deaf_id = expect(&mut deaf, "IdAssigned");
    let mut talker = connect(addr, "/r");
    expect(&mut talker, "IdAssigned");
    // From here on the deaf client reads nothing; it is sent 28 MiB (more than loopback's
    // buffers hold).
    let data = "x".repeat(24 * 1024);
    let signal = format!(r#"{{"Signal":{{"receiver":{deaf_id},"data":"{data}"}}}}"#);
    for _ in 0..1200 {
        if talker.send(Message::text(signal.clone())).is_err() {
            break;
        }
    }
    assert_eq!(expect(&mut talker, "PeerLeft"), deaf_id);
    assert!(report.let_go.load(Ordering::Relaxed) >= 1);
    let mut c = connect(addr, "/other");
    expect(&mut c, "IdAssigned");
    let mut d = connect(addr, "/other");
    let d_id = expect(&mut d, "IdAssigned");
    assert_eq!(expect(&mut c, "NewPeer"), d_id);
    drop(deaf);
}

/// A handshake sent a byte at a time is cut at its deadline, however often bytes come.
#[test]
fn a_handshake_trickled_a_byte_at_a_time_is_cut_at_its_deadline() {
    let (addr, report) = server();
    let mut slow = TcpStream::connect(addr).unwrap();
    let began = Instant::now();
    let request = b"GET /r HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n";
    let mut cut = false;
    for byte in request.iter().cycle() {
        std::thread::sleep(Duration::from_millis(200));
        if slow.write_all(&[*byte]).is_err() || began.elapsed() > Duration::from_secs(15) {
            cut = true;
            break;
        }
    }
    assert!(cut);
    let took = began.elapsed();
    assert!(
        took < HANDSHAKE_DEADLINE + Duration::from_secs(4),
        "{took:?}"
    );
    assert!(report.refused.load(Ordering::Relaxed) >= 1);
}

/// One machine holds at most [`MOST_PER_ADDRESS`] connections; when they go, it may
/// connect again.
#[test]
fn one_machine_holds_a_bounded_number_of_connections() {
    let (addr, report) = server();
    let held: Vec<Ws> = (0..MOST_PER_ADDRESS)
        .map(|_| {
            let mut ws = connect(addr, "/crowd");
            expect(&mut ws, "IdAssigned");
            ws
        })
        .collect();
    let refused = report.refused.load(Ordering::Relaxed);
    assert!(tungstenite::connect(format!("ws://{addr}/crowd")).is_err());
    assert_eq!(report.refused.load(Ordering::Relaxed), refused + 1);
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(10);
    let again = loop {
        match tungstenite::connect(format!("ws://{addr}/crowd")) {
            Ok((ws, _)) => break Some(ws),
            Err(_) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(_) => break None,
        }
    };
    assert!(again.is_some(), "the machine could not connect again");
}

#[test]
fn rooms_read_from_the_path_and_query() {
    let room = |p, q| RoomRequest::from_uri(p, q);
    assert_eq!(
        room("/hall", None),
        Some(RoomRequest {
            name: "hall".into(),
            next: None
        })
    );
    assert_eq!(room("/hall", Some("next=3")).unwrap().next, Some(3));
    assert_eq!(room("/", Some("a=b&next=2")).unwrap().next, Some(2));
    assert_eq!(room("/hall", Some("next=0")), None);
    assert_eq!(room("/hall", Some("next=x")), None);
    assert_eq!(room("/hall", Some("other=1")).unwrap().next, None);
}
