//! The runners (`tilecaster::play`): every kind of play returns one output a tick played, so
//! that sound, messages and recordings follow the ticks, whatever a frame's share of them.
//! Two seats of a networked game play here in one process over an in-memory carrier, with
//! frames of 0, 1 and 3 ticks.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::io::{Error, ErrorKind};
use std::net::SocketAddr;
use std::path::Path;
use std::rc::Rc;

use tilecaster::audio::{FRAMES_PER_TICK, Mixer};
use tilecaster::episode::Session;
use tilecaster::game::{Autopilot, Game, GameEvent, Input};
use tilecaster::net::{Carrier, Datagrams, NetSeats};
use tilecaster::play::{LocalRun, NetRun, Pilot, Recorder, Runner, TickOutput};
use web_time::{Duration, Instant};

/// Datagrams between the seats of one process: each address's inbox.
type Inboxes = Rc<RefCell<HashMap<SocketAddr, VecDeque<(SocketAddr, Vec<u8>)>>>>;

/// One seat's end of the in-memory network.
struct Mesh {
    me: SocketAddr,
    inboxes: Inboxes,
}

impl Datagrams for Mesh {
    fn send_datagram(&mut self, bytes: &[u8], to: SocketAddr) -> std::io::Result<()> {
        let mut inboxes = self.inboxes.borrow_mut();
        inboxes
            .entry(to)
            .or_default()
            .push_back((self.me, bytes.to_vec()));
        Ok(())
    }

    fn receive_datagram(&mut self, buffer: &mut [u8]) -> std::io::Result<(usize, SocketAddr)> {
        let mut inboxes = self.inboxes.borrow_mut();
        match inboxes.entry(self.me).or_default().pop_front() {
            Some((from, bytes)) => {
                let n = bytes.len().min(buffer.len());
                buffer[..n].copy_from_slice(&bytes[..n]);
                Ok((n, from))
            }
            None => Err(Error::from(ErrorKind::WouldBlock)),
        }
    }

    fn local_addr(&mut self) -> Option<SocketAddr> {
        Some(self.me)
    }
}

/// Seat 1's steady input: turning on the spot (a held key: the other machine's predictions
/// of it are right once it has heard it).
fn turning(_: &Game) -> Input {
    Input {
        turn: 1.0,
        ..Input::default()
    }
}

/// Every tick of a networked game reaches the front end once, however many a frame plays
/// (none, one, three): the outputs' ticks run 1, 2, 3... without a gap or a repeat, one
/// tick of sound is mixed for each (so the sound is exactly ticks / 60 s long), and where a
/// tick was first played on the inputs that turned out final, its events are those the game
/// replayed from the recording makes at that tick.
/// Two seats of a networked game of e1m1 in this process, over an in-memory mesh.
fn two_seats() -> Vec<NetRun> {
    let inboxes = Inboxes::default();
    let addresses: [SocketAddr; 2] = [
        "10.0.0.1:7000".parse().unwrap(),
        "10.0.0.2:7000".parse().unwrap(),
    ];
    let level = Path::new("levels/e1m1.toml");
    (0..2)
        .map(|seat| {
            let carrier: Carrier = Rc::new(RefCell::new(Box::new(Mesh {
                me: addresses[seat],
                inboxes: inboxes.clone(),
            })));
            let seats = NetSeats {
                bind: addresses[seat],
                peers: vec![addresses[1 - seat]],
                seat,
                seed: 11,
                input_delay: 0,
                deathmatch: None,
                colours: Vec::new(),
                key: tilecaster::net::GameKey::from_code(""),
            };
            let session = Session::start(level, None).unwrap();
            NetRun::start(session, seats, Some(carrier)).unwrap()
        })
        .collect()
}

#[test]
fn a_networked_games_ticks_are_each_heard_once_whatever_the_frames() {
    let mut runs = two_seats();
    let mut recorder = Recorder::new(true, runs[0].session());
    recorder.restart_network(runs[0].session(), &runs[0].session().game, 11);
    let mut autopilot = Autopilot::for_seat(0);
    let tick = Duration::from_nanos(16_666_667);
    let mut now = Instant::now();
    for run in &mut runs {
        run.restart_clock(now);
    }
    let mut mixer = Mixer::new();
    let mut sound = Vec::new();
    let mut outputs: Vec<TickOutput> = Vec::new();
    let mut frames_of = [0usize; 4];
    // Getting in step first (no tick is played meanwhile), then 240 frames of 0, 1 and 3 ticks.
    for frame in 0..400 {
        let ticks = if frame < 100 { 1 } else { [0, 1, 3][frame % 3] };
        now += tick * ticks;
        let pilots: [&mut dyn Pilot; 2] = [&mut autopilot, &mut turning];
        for (seat, (run, pilot)) in runs.iter_mut().zip(pilots).enumerate() {
            let advance = run.advance(now, false, pilot);
            if seat == 0 {
                let session = run.session();
                for out in &advance.ticks {
                    let loaded = session.current();
                    tilecaster::scene::sound::hear_tick(
                        &out.sounds,
                        loaded,
                        &mut mixer,
                        &mut sound,
                    );
                }
                if frame >= 100 {
                    frames_of[advance.ticks.len().min(3)] += 1;
                }
                recorder.keep(&advance);
                outputs.extend(advance.ticks);
            }
        }
    }
    assert!(
        frames_of[0] > 0 && frames_of[1] > 0 && frames_of[3] > 0,
        "frames of 0, 1 and 3 ticks played: {frames_of:?}"
    );
    let played = outputs.len();
    assert!(played > 300, "{played} ticks played");
    for (k, out) in outputs.iter().enumerate() {
        assert_eq!(
            out.tick,
            k as u64 + 1,
            "tick {} reported out of turn",
            out.tick
        );
    }
    assert_eq!(
        sound.len(),
        played * FRAMES_PER_TICK * 2,
        "one tick of stereo sound a tick played"
    );
    // The game again from its final inputs, its events tick by tick.
    let recording = recorder.recording().unwrap();
    let confirmed = recording.inputs.len() / 2;
    assert!(
        confirmed + 20 > played,
        "{confirmed} of {played} ticks confirmed"
    );
    let mut session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let mut game = session.game_of_several(11, 2, None);
    let mut compared = 0;
    let mut heard = 0;
    for (out, inputs) in outputs.iter().zip(recording.inputs.chunks(2)) {
        game.tick_seats(inputs);
        if out.inputs == inputs {
            assert_eq!(out.events, game.events, "tick {}", out.tick);
            compared += 1;
            heard += out
                .events
                .iter()
                .filter(|e| !matches!(e, GameEvent::Message { .. }))
                .count();
        }
    }
    assert!(
        compared * 10 > confirmed * 8,
        "{compared} of {confirmed} ticks compared"
    );
    assert!(heard > 0, "the ticks compared made some sound");
}

/// A game of one: the clock's ticks owed are played and each reported once; none while held.
#[test]
fn a_game_of_one_plays_the_ticks_owed_and_stands_still_while_held() {
    let session = Session::start(Path::new("levels/e1m1.toml"), None).unwrap();
    let mut run = LocalRun::new(session);
    let mut pilot = Autopilot::new();
    let start = Instant::now();
    run.restart_clock(start);
    let tick = Duration::from_nanos(16_666_667);
    let mut ticks = Vec::new();
    for (k, owed) in [3u32, 0, 1, 3, 0, 0, 1].into_iter().enumerate() {
        let now = start + tick * (k as u32 + 1) * 10 + tick * owed;
        // Ten ticks' time held, then `owed` more.
        assert!(
            run.advance(now - tick * owed, true, &mut pilot)
                .ticks
                .is_empty()
        );
        let advance = run.advance(now, false, &mut pilot);
        assert_eq!(advance.ticks.len(), owed as usize);
        assert_eq!(advance.kept.len(), owed as usize);
        ticks.extend(advance.ticks.iter().map(|t| t.tick));
    }
    assert_eq!(ticks, (1..=8).collect::<Vec<u64>>());
    assert_eq!(run.session().game.ticks, 8);
}

/// A replay heard in frames of three ticks sounds as it does a tick a frame: each tick's
/// sounds are placed where the player stood in that tick, not where the frame's last tick left
/// them (heard from there, the door and the steps would sound otherwise).
#[test]
fn each_tick_is_heard_from_where_the_player_stood_in_it() {
    use tilecaster::episode::Recording;
    use tilecaster::play::{ReplayRun, sounds};
    let path = Path::new("levels/e1m1.toml");
    let mut recording = Recording::start("levels/e1m1.toml".into(), path);
    recording.inputs = crate::common::walk_through_the_door();
    let ticks = recording.inputs.len();
    let mut heard = Vec::new();
    let mut from_the_frames_end = Vec::new();
    for frame in [1, 3] {
        let session = Session::start(path, None).unwrap();
        let mut run = ReplayRun::new(recording.clone(), session);
        let (mut mixer, mut sound, mut late) = (Mixer::new(), Vec::new(), Vec::new());
        let mut late_mixer = Mixer::new();
        loop {
            let advance = run.play_ticks(frame, &mut tilecaster::play::Nobody);
            let session = run.session();
            for out in &advance.ticks {
                let loaded = session.current();
                tilecaster::scene::sound::hear_tick(&out.sounds, loaded, &mut mixer, &mut sound);
                let there = sounds(&session.game, &out.events);
                tilecaster::scene::sound::hear_tick(&there, loaded, &mut late_mixer, &mut late);
            }
            if advance.ending.is_some() {
                break;
            }
        }
        assert_eq!(
            sound.len(),
            ticks * FRAMES_PER_TICK * 2,
            "frames of {frame}"
        );
        heard.push(sound);
        from_the_frames_end.push(late);
    }
    assert!(heard[0].iter().any(|&s| s != 0.0), "the door and the steps");
    assert!(
        heard[0] == heard[1],
        "frames of 3 ticks hear what frames of 1 do"
    );
    assert!(
        from_the_frames_end[1] != heard[1],
        "heard from where the frame's last tick left the player, it differs"
    );
}

/// A pilot that walks and counts the times it was asked.
#[derive(Default)]
struct Counted {
    asked: u64,
}

impl Pilot for Counted {
    fn input(&mut self, _: &Game) -> Input {
        self.asked += 1;
        Input {
            forward: 1.0,
            ..Input::default()
        }
    }
}

/// A seat that runs ahead of what it has heard stops at ggrs' prediction window: the frames
/// it cannot play a tick in are waits, with no output (ggrs says Ok there and plays nothing,
/// which the runner once counted, and heard, as a tick), each tick of time one wait however
/// often the runner tries; the held tick's input is asked for once, not at every try.
#[test]
fn a_seat_at_the_prediction_window_waits_and_outputs_no_tick() {
    let mut runs = two_seats();
    let tick = Duration::from_nanos(16_666_667);
    let mut now = Instant::now();
    for run in &mut runs {
        run.restart_clock(now);
    }
    // In step, both playing.
    for _ in 0..100 {
        now += tick;
        for run in &mut runs {
            run.advance(now, false, &mut tilecaster::play::Nobody);
        }
    }
    assert!(runs[0].net().running(), "in step");
    // Seat 1 stands still; seat 0 goes on alone for a second.
    let (ticks_before, played_before) = (runs[0].session().game.ticks, runs[0].ticks_played());
    let mut outputs = 0;
    let mut pilot = Counted::default();
    for _ in 0..60 {
        now += tick;
        // (Twice a frame: a window that draws faster than the ticks come tries more often.)
        for _ in 0..2 {
            outputs += runs[0].advance(now, false, &mut pilot).ticks.len();
        }
    }
    let played = runs[0].session().game.ticks - ticks_before;
    assert_eq!(
        pilot.asked,
        played + 1,
        "asked once a tick, the held one's included"
    );
    let window = tilecaster::net::PREDICTION_WINDOW as u64;
    assert!(
        played <= window + 1,
        "no more than the prediction window ahead: {played}"
    );
    assert_eq!(
        outputs as u64, played,
        "one output a tick played, none for a wait"
    );
    assert_eq!(runs[0].ticks_played() - played_before, played);
    // Each frame held is a tick waited, however often the runner tried in it (the first
    // held frame's time is not yet a wait). While the session finds this machine two ticks
    // ahead (its estimate runs on real time), the runner's clock runs at 1/1.1: a frame may
    // then owe no tick and try nothing, its time counted at the next try, and the last such
    // frames' not at all (47 of 50 seen once under load).
    let waited = runs[0].net().stats().stalled;
    let held = 60 - played;
    assert!(
        (held - held / 10 - 2..=held).contains(&waited),
        "the waits are counted, each once: {waited} in {held} frames held"
    );
}
