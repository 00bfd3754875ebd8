//! What a peer's message must be before the rollback library reads it. `ggrs` 0.11 trusts
//! its peers: an input message whose seats' list is short, whose inputs' run-length code is
//! cut short or asks for gigabytes, which starts past the inputs received, or a reply from
//! the future makes it panic (or abort, out of memory). Each message is read here first, in a
//! copy of `ggrs`' own encoding, and taken only where `ggrs` would take it without harm; the
//! rest are dropped and counted. It keeps, for each peer, the frames of input `ggrs` holds
//! from it, as `ggrs` keeps them, to know where a message may start.
//!
//! A peer's word that a seat has left (its status in an input message) is weighed before
//! `ggrs` hears it, which would drop the seat at once:
//! - not believed while this machine still hears the seat (a lie, or a link down between two
//!   others): taken out of the message, and said once ([`Checked::not_believed`]). The seats
//!   that hear each other play on together.
//! - believed once this machine has not heard the seat for a second, but only when `ggrs` can
//!   act on it: it plays again from the frame after the seat's last, and `ggrs` 0.11 fails
//!   ("must load frame in the past") where that is the current frame, or further back than
//!   the states it keeps. Until then the word is taken out (the peer says it again in every
//!   message).
//! - once `ggrs` has acted on it, the peer's word is passed with a last frame past any:
//!   `ggrs` 0.11 keeps the seat's last frame as it had it, and would otherwise drop the seat
//!   again at every frame (playing again from the same frame until it falls out of the
//!   states kept, and panics). GGPO, which it follows, sets that frame; `ggrs` forgets to.

use serde::{Deserialize, Serialize};

use crate::game::PackedInput;

/// `ggrs`' "no frame".
const NULL_FRAME: i32 = -1;
/// Frames of input `ggrs` keeps behind the last received (twice the prediction window).
const KEPT_BEHIND: i32 = 2 * super::PREDICTION_WINDOW as i32;
/// The most frames of input one message may carry (`ggrs` sends what is not yet
/// acknowledged: far fewer than this before a peer is dropped).
const MOST_FRAMES: usize = 1024;

// `ggrs`' messages as it encodes them (its `network::messages`, 0.11): read to be checked,
// and written again where a word about a seat is held back.
#[derive(Deserialize, Serialize)]
struct Message {
    header: Header,
    body: Body,
}

#[derive(Deserialize, Serialize)]
struct Header {
    magic: u16,
}

#[derive(Deserialize, Serialize)]
enum Body {
    SyncRequest(u32),
    SyncReply(u32),
    Input(Input),
    InputAck(i32),
    QualityReport(QualityReport),
    QualityReply(u128),
    ChecksumReport(ChecksumReport),
    KeepAlive,
}

#[derive(Deserialize, Serialize)]
struct ConnectionStatus {
    disconnected: bool,
    last_frame: i32,
}

#[derive(Deserialize, Serialize)]
struct Input {
    peer_connect_status: Vec<ConnectionStatus>,
    disconnect_requested: bool,
    start_frame: i32,
    ack_frame: i32,
    bytes: Vec<u8>,
}

#[derive(Deserialize, Serialize)]
struct QualityReport {
    frame_advantage: i16,
    ping: u128,
}

#[derive(Deserialize, Serialize)]
struct ChecksumReport {
    checksum: u128,
    frame: i32,
}

/// What one peer's messages so far tell of what `ggrs` holds from it.
#[derive(Debug)]
pub(super) struct PeerCheck {
    /// The mark its messages carry (each peer's is its own, and never changes).
    magic: Option<u16>,
    /// The frames of its input `ggrs` holds ([`NULL_FRAME`]: the blank input it starts with).
    held: Vec<i32>,
    /// The seats it said had left and was believed about, with `ggrs`' frame then.
    believed: Vec<(usize, i32)>,
    /// The seats it said had left and was not believed about (this machine heard them).
    not_believed: Vec<usize>,
}

/// A frame past any a game reaches (what a seat's last frame is said to be once `ggrs` has
/// dropped it).
const PAST_ANY: i32 = i32::MAX / 2;
/// The frames a peer may name: below a year of ticks at 60 a second (more would overflow
/// `ggrs`' sums).
const FARTHEST: i32 = 60 * 60 * 60 * 24 * 365;

/// Why a message is not taken.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Not one of `ggrs`' messages, or one no honest peer sends.
    Malformed(&'static str),
}

/// What a message checked says, beside being taken.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Checked {
    /// Seats the sender says have left, for the first time, believed now.
    pub(super) says_left: Vec<usize>,
    /// Seats the sender says have left, for the first time, not believed (heard here).
    pub(super) not_believed: Vec<usize>,
    /// The message to give `ggrs` in its place, where a word about a seat was held back.
    pub(super) instead: Option<Vec<u8>>,
}

impl PeerCheck {
    /// A check of a peer's messages, none seen yet.
    pub(super) fn new() -> PeerCheck {
        PeerCheck {
            magic: None,
            held: vec![NULL_FRAME],
            believed: Vec::new(),
            not_believed: Vec::new(),
        }
    }

    /// Whether `bytes` (a message in `ggrs`' encoding, from this peer, in a game of `seats`
    /// seats, `ggrs` at frame `current`, the seats not heard from for a second `quiet`) may go
    /// to `ggrs`; if so, what `ggrs` will then hold is noted.
    pub(super) fn check(
        &mut self,
        bytes: &[u8],
        seats: usize,
        (current, quiet): (i32, &[bool]),
    ) -> Result<Checked, Refusal> {
        use bincode::Options as _;
        let message: Message = bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .allow_trailing_bytes()
            .with_limit(super::LARGEST as u64)
            .deserialize(bytes)
            .map_err(|_| Refusal::Malformed("not a message"))?;
        match self.magic {
            None => self.magic = Some(message.header.magic),
            Some(magic) if magic != message.header.magic => {
                return Err(Refusal::Malformed("another mark"));
            }
            Some(_) => {}
        }
        match message.body {
            Body::Input(mut input) => {
                let mut checked = self.check_input(&input, seats)?;
                if self.weigh(&mut input, (current, quiet), &mut checked) {
                    let again = Message {
                        header: message.header,
                        body: Body::Input(input),
                    };
                    checked.instead = bincode::serialize(&again).ok();
                }
                Ok(checked)
            }
            Body::InputAck(frame) if frame < NULL_FRAME => Err(Refusal::Malformed("ack frame")),
            Body::ChecksumReport(report) if report.frame < 0 => {
                Err(Refusal::Malformed("checksum frame"))
            }
            // The reply carries this machine's own clock back: from the future, it is forged.
            Body::QualityReply(pong) if pong > millis_since_epoch() => {
                Err(Refusal::Malformed("a reply from the future"))
            }
            _ => Ok(Checked::default()),
        }
    }

    fn check_input(&mut self, input: &Input, seats: usize) -> Result<Checked, Refusal> {
        if input.peer_connect_status.len() != seats {
            return Err(Refusal::Malformed("seats' statuses"));
        }
        // (Frames past any a game reaches would overflow `ggrs`' sums.)
        let in_range = |frame: i32| (NULL_FRAME..FARTHEST).contains(&frame);
        if input.start_frame < 0
            || !in_range(input.start_frame)
            || !in_range(input.ack_frame)
            || !input
                .peer_connect_status
                .iter()
                .all(|s| in_range(s.last_frame))
        {
            return Err(Refusal::Malformed("frames"));
        }
        let size = input_size();
        let decoded_len =
            run_length_decoded_len(&input.bytes).ok_or(Refusal::Malformed("inputs' code"))?;
        if decoded_len % size != 0 || decoded_len / size > MOST_FRAMES {
            return Err(Refusal::Malformed("inputs' length"));
        }
        // As `ggrs`' `on_input`: a message starting past the frame after the last received
        // cannot be decoded (it asserts); one whose frame before it is no longer (or not yet)
        // held is ignored; otherwise its new frames are held, and the oldest let go.
        let last = self.held.iter().copied().max().unwrap_or(NULL_FRAME);
        if last != NULL_FRAME && input.start_frame > last.saturating_add(1) {
            return Err(Refusal::Malformed("inputs past those received"));
        }
        let before = if last == NULL_FRAME {
            NULL_FRAME
        } else {
            input.start_frame - 1
        };
        if self.held.contains(&before) {
            let frames = (decoded_len / size) as i32;
            for frame in input.start_frame..input.start_frame.saturating_add(frames) {
                if frame > last {
                    self.held.push(frame);
                }
            }
            let last = self.held.iter().copied().max().unwrap_or(NULL_FRAME);
            self.held.retain(|&k| k >= last - KEPT_BEHIND);
        }
        Ok(Checked::default())
    }

    /// Weighs each word in `input` that a seat has left (see the [module](self)), `ggrs` at
    /// frame `current`, the seats not heard from for a second `quiet`: takes out those not
    /// believed (yet), passes those believed, past any frame once acted on; notes what is
    /// said the first time in `checked`. Whether it changed any.
    fn weigh(
        &mut self,
        input: &mut Input,
        (current, quiet): (i32, &[bool]),
        checked: &mut Checked,
    ) -> bool {
        if input.disconnect_requested {
            return false; // (`ggrs` reads no seat's status then)
        }
        let mut changed = false;
        for (seat, status) in input.peer_connect_status.iter_mut().enumerate() {
            if !status.disconnected {
                continue;
            }
            if let Some(&(_, at)) = self.believed.iter().find(|(s, _)| *s == seat) {
                if current > at + 1 {
                    status.last_frame = PAST_ANY;
                    changed = true;
                }
                continue;
            }
            let replay_from = status.last_frame.saturating_add(1);
            let actionable = replay_from < current && replay_from >= current - KEPT_BEHIND / 2;
            if !quiet.get(seat).copied().unwrap_or(false) {
                if !self.not_believed.contains(&seat) {
                    self.not_believed.push(seat);
                    checked.not_believed.push(seat);
                }
            } else if actionable {
                self.believed.push((seat, current));
                checked.says_left.push(seat);
                continue;
            }
            status.disconnected = false;
            changed = true;
        }
        changed
    }
}

/// The bytes of one seat's input in `ggrs`' encoding.
fn input_size() -> usize {
    bincode::serialized_size(&PackedInput::default()).map_or(6, |n| n as usize)
}

/// Milliseconds since 1970, as `ggrs` stamps its quality reports.
fn millis_since_epoch() -> u128 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis())
}

/// The length `bytes` decode to in the run-length code `ggrs` sends inputs in (the
/// `bitfield-rle` crate's: varints, each a run of zeros or ones, or a literal run of bytes
/// after it), or `None` where that crate would fail or panic on them: a varint cut short or
/// of more than nine bytes, a literal run past the end, or a length past [`MOST_FRAMES`]'
/// worth.
fn run_length_decoded_len(bytes: &[u8]) -> Option<usize> {
    let most = MOST_FRAMES * input_size();
    let mut offset = 0;
    let mut len: usize = 0;
    while offset < bytes.len() {
        let mut value: u64 = 0;
        let mut shift = 0;
        loop {
            let byte = *bytes.get(offset)?;
            offset += 1;
            // (Nine bytes hold 63 bits; `bitfield-rle`'s decoder overflows past them.)
            if shift >= 63 {
                return None;
            }
            value |= u64::from(byte & 127) << shift;
            shift += 7;
            if byte & 128 == 0 {
                break;
            }
        }
        let run = if value & 1 != 0 {
            value >> 2
        } else {
            value >> 1
        };
        let run = usize::try_from(run).ok().filter(|&r| r <= most)?;
        if value & 1 == 0 {
            // A literal run: its bytes follow.
            offset = offset.checked_add(run).filter(|&end| end <= bytes.len())?;
        }
        len = len.checked_add(run).filter(|&l| l <= most)?;
    }
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Status {
        disconnected: bool,
        last_frame: i32,
    }

    #[derive(Serialize)]
    enum Sent {
        #[allow(dead_code)]
        SyncRequest(u32),
        #[allow(dead_code)]
        SyncReply(u32),
        Input {
            peer_connect_status: Vec<Status>,
            disconnect_requested: bool,
            start_frame: i32,
            ack_frame: i32,
            bytes: Vec<u8>,
        },
        #[allow(dead_code)]
        InputAck(i32),
        #[allow(dead_code)]
        QualityReport(i16, u128),
        QualityReply(u128),
    }

    /// `check` checking `bytes` in a game of `seats`, at frame 100, every seat heard.
    fn at(check: &mut PeerCheck, bytes: &[u8], seats: usize) -> Result<Checked, Refusal> {
        check.check(bytes, seats, (100, &[false; 8]))
    }

    fn encode(body: Sent) -> Vec<u8> {
        let mut out = 7u16.to_le_bytes().to_vec();
        bincode::serialize_into(&mut out, &body).unwrap();
        out
    }

    fn input_of(seats: usize, start: i32, bytes: Vec<u8>, says_left: Option<usize>) -> Vec<u8> {
        encode(Sent::Input {
            peer_connect_status: (0..seats)
                .map(|s| Status {
                    disconnected: says_left == Some(s),
                    last_frame: start,
                })
                .collect(),
            disconnect_requested: false,
            start_frame: start,
            ack_frame: NULL_FRAME,
            bytes,
        })
    }

    fn input(seats: usize, start: i32, frames: usize, says_left: Option<usize>) -> Vec<u8> {
        // A literal run of the frames' bytes (varint: length << 1).
        let len = frames * input_size();
        let mut bytes = vec![(len << 1) as u8];
        bytes.extend(std::iter::repeat_n(0, len));
        input_of(seats, start, bytes, says_left)
    }

    #[test]
    fn honest_inputs_in_order_are_taken_and_one_past_them_is_not() {
        let mut check = PeerCheck::new();
        assert_eq!(
            at(&mut check, &input(2, 0, 3, None), 2),
            Ok(Checked::default())
        );
        assert!(at(&mut check, &input(2, 3, 2, None), 2).is_ok());
        assert!(
            at(&mut check, &input(2, 1, 6, None), 2).is_ok(),
            "again, overlapping"
        );
        assert_eq!(
            at(&mut check, &input(2, 9, 1, None), 2),
            Err(Refusal::Malformed("inputs past those received"))
        );
        assert!(at(&mut check, &input(2, 7, 1, None), 2).is_ok());
    }

    #[test]
    fn a_message_with_too_few_seats_is_refused() {
        // ggrs indexes the seats' statuses by its own count of seats: "the len is 0".
        let mut check = PeerCheck::new();
        assert_eq!(
            at(&mut check, &input(0, 0, 1, None), 2),
            Err(Refusal::Malformed("seats' statuses"))
        );
        assert!(at(&mut check, &input(3, 0, 1, None), 2).is_err());
        // Frames past any game, where ggrs' sums would overflow.
        assert_eq!(
            at(&mut check, &input(2, i32::MAX - 2, 1, None), 2),
            Err(Refusal::Malformed("frames"))
        );
    }

    #[test]
    fn run_length_codes_that_would_panic_or_ask_for_memory_are_refused() {
        assert_eq!(run_length_decoded_len(&[]), Some(0));
        assert_eq!(
            run_length_decoded_len(&[12 << 1]),
            None,
            "literal past the end"
        );
        assert_eq!(run_length_decoded_len(&[0x80]), None, "varint cut short");
        assert_eq!(
            run_length_decoded_len(&[(12 << 2) | 1]),
            Some(12),
            "a run of zeros"
        );
        assert_eq!(run_length_decoded_len(&[0xff; 10]), None, "varint too long");
        // A run of 2^60 ones.
        let huge = [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40];
        assert_eq!(run_length_decoded_len(&huge), None);
        // Five bytes: not a whole input (ggrs' delta decoding asserts).
        let mut check = PeerCheck::new();
        let short = input_of(2, 0, vec![5 << 1, 0, 0, 0, 0, 0], None);
        assert_eq!(
            at(&mut check, &short, 2),
            Err(Refusal::Malformed("inputs' length"))
        );
    }

    #[test]
    fn a_reply_from_the_future_and_another_mark_are_refused() {
        let mut check = PeerCheck::new();
        let future = millis_since_epoch() + 60_000;
        assert!(at(&mut check, &encode(Sent::QualityReply(future)), 2).is_err());
        assert!(at(&mut check, &encode(Sent::QualityReply(1)), 2).is_ok());
        let mut other = encode(Sent::QualityReply(1));
        other[0] = 8;
        assert_eq!(
            at(&mut check, &other, 2),
            Err(Refusal::Malformed("another mark"))
        );
        assert!(at(&mut check, &[1, 2, 3], 2).is_err());
    }

    /// A message from seat 1 of 3 saying that seat 2 left at `last_frame`; what the rollback
    /// library is given in its place, read back: seat 2's status.
    fn says_seat_2_left(last_frame: i32) -> Vec<u8> {
        encode(Sent::Input {
            peer_connect_status: vec![
                Status {
                    disconnected: false,
                    last_frame: 0,
                },
                Status {
                    disconnected: false,
                    last_frame: 0,
                },
                Status {
                    disconnected: true,
                    last_frame,
                },
            ],
            disconnect_requested: false,
            start_frame: 0,
            ack_frame: NULL_FRAME,
            bytes: vec![(input_size() << 1) as u8, 0, 0, 0, 0, 0, 0],
        })
    }

    fn seat_2_as_given(checked: &Checked) -> Option<(bool, i32)> {
        let given: Message = bincode::deserialize(checked.instead.as_ref()?).unwrap();
        match given.body {
            Body::Input(input) => {
                let status = &input.peer_connect_status[2];
                Some((status.disconnected, status.last_frame))
            }
            _ => None,
        }
    }

    #[test]
    fn a_seat_still_heard_is_not_believed_to_have_left() {
        let mut check = PeerCheck::new();
        let heard = [false; 3];
        let first = check
            .check(&says_seat_2_left(95), 3, (100, &heard))
            .unwrap();
        assert_eq!(first.not_believed, [2]);
        assert!(first.says_left.is_empty());
        assert_eq!(
            seat_2_as_given(&first),
            Some((false, 95)),
            "the word taken out"
        );
        let again = check
            .check(&says_seat_2_left(95), 3, (101, &heard))
            .unwrap();
        assert!(again.not_believed.is_empty(), "said once");
        assert_eq!(seat_2_as_given(&again), Some((false, 95)));
    }

    #[test]
    fn a_seat_not_heard_is_believed_to_have_left_once_the_library_can_act() {
        let mut check = PeerCheck::new();
        let quiet = [false, false, true];
        // Its frame after the last is the current one: the library would fail.
        let early = check
            .check(&says_seat_2_left(99), 3, (100, &quiet))
            .unwrap();
        assert!(early.says_left.is_empty());
        assert_eq!(seat_2_as_given(&early), Some((false, 99)));
        // Further back than the states kept: never.
        let stale = check.check(&says_seat_2_left(80), 3, (100, &quiet));
        assert_eq!(seat_2_as_given(&stale.unwrap()), Some((false, 80)));
        // A frame later it can: believed, passed as said.
        let believed = check
            .check(&says_seat_2_left(99), 3, (101, &quiet))
            .unwrap();
        assert_eq!(believed.says_left, [2]);
        assert_eq!(believed.instead, None);
        let same_frame = check
            .check(&says_seat_2_left(99), 3, (102, &quiet))
            .unwrap();
        assert_eq!(same_frame.instead, None);
        // Acted on: the last frame past any, so that it is not dropped again and again.
        let after = check
            .check(&says_seat_2_left(99), 3, (103, &quiet))
            .unwrap();
        assert!(after.says_left.is_empty());
        assert_eq!(seat_2_as_given(&after), Some((true, PAST_ANY)));
    }
}
