//! `tilecaster serve-signalling` with idle clients, through the binary: an idle client costs
//! no CPU. Its threads are counted waking (context switches, which a loaded machine does not
//! inflate as it does time): clients that say nothing wake none of them, where each client's
//! thread once woke every second to look for messages to pass on.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Every context switch of the process `pid`'s threads so far (Linux's `/proc`).
fn switches(pid: u32) -> u64 {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).expect("the server's threads");
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("status")).ok())
        .flat_map(|status| {
            status
                .lines()
                .filter(|l| l.contains("ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().last()?.parse::<u64>().ok())
                .collect::<Vec<_>>()
        })
        .sum()
}

/// The server's process, stopped when the test ends, passed or not (a server left running
/// would hold the test harness's output open).
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn idle_clients_wake_no_thread() {
    let mut server = Server(
        Command::new(env!("CARGO_BIN_EXE_tilecaster"))
            .args(["serve-signalling", "--bind", "127.0.0.1:0", "--quiet"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts"),
    );
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "signalling on ws://ADDR/ (...)"
    let addr = line
        .split("ws://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("the address printed")
        .to_string();
    // As many as one machine may hold, each in a room of its own, told its id and then quiet.
    let clients: Vec<_> = (0..16)
        .map(|i| {
            let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/quiet{i}")).unwrap();
            let id = ws.read().expect("its id");
            assert!(id.to_text().unwrap().contains("IdAssigned"), "{id:?}");
            ws
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let before = switches(server.0.id());
    std::thread::sleep(Duration::from_secs(4));
    let woke = switches(server.0.id()) - before;
    // (Polling, as it did, 16 clients' threads woke 1,493 times in 4 s.)
    assert!(
        woke < 8,
        "the server's threads woke {woke} times in 4 s with 16 idle clients"
    );
    drop(clients);
}
