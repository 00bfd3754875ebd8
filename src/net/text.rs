//! Text from the network made printable before a terminal, the HUD or a log sees it: a
//! peer's name, why a host refused a joiner, why a joiner left, the level a host names. A
//! stranger's bytes could otherwise set a terminal's title (`ESC ] 0 ; ... BEL`), clear it
//! (`ESC [ 2 J`), forge log lines (`\r\n`), or turn the text after them around (the bidirectional
//! overrides); each is removed, and the text cut to a length.
//!
//! ```
//! use tilecaster::net::text::{NAME_CHARS, printable};
//!
//! assert_eq!(printable("\u{1b}]0;pwned\u{7}ann\r\n", NAME_CHARS), "]0;pwnedann");
//! assert_eq!(printable(&"x".repeat(100), NAME_CHARS).chars().count(), NAME_CHARS);
//! ```

/// The most characters of a player's name from the network.
pub const NAME_CHARS: usize = 64;

/// The most characters of a reason from the network (a refusal, a leave).
pub const REASON_CHARS: usize = 200;
/// The most characters of a line of chat.
pub const CHAT_CHARS: usize = 80;

/// The most characters of a level's file name from the network (a path's longest on Linux).
pub const PATH_CHARS: usize = 4096;

/// `text` without control characters (C0, DEL and C1: escape sequences' starts, bells, line
/// breaks) or the bidirectional controls that reorder what follows them, cut to its first
/// `most` characters.
pub fn printable(text: &str, most: usize) -> String {
    text.chars()
        .filter(|&c| !c.is_control() && !reorders(c))
        .take(most)
        .collect()
}

/// Whether `c` is one of Unicode's bidirectional embeddings, overrides or isolates (and their
/// ends), or a directional mark: invisible, and able to make text show in another order.
fn reorders(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_line_breaks_are_removed() {
        assert_eq!(printable("\u{1b}[2Jhi\r\nthere\t!", 64), "[2Jhithere!");
        assert_eq!(
            printable("a\u{7f}b\u{9b}c\u{0}", 64),
            "abc",
            "DEL, a C1 CSI, NUL"
        );
        assert_eq!(printable("evil\u{202e}txt.exe", 64), "eviltxt.exe");
        assert_eq!(printable("Ünïcode naïve ok", 64), "Ünïcode naïve ok");
    }

    #[test]
    fn text_is_cut_to_its_length_in_characters() {
        assert_eq!(printable("ééééé", 3), "ééé");
        assert_eq!(printable(&"\u{1b}".repeat(500), 3), "");
        assert_eq!(
            printable(&"y".repeat(1000), REASON_CHARS).len(),
            REASON_CHARS
        );
    }
}
