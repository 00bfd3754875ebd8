//! A bound on what a level's TOML holds, checked before it is parsed: the TOML reader keeps
//! every value it reads (about a kilobyte each, with the level's own structures), so a level
//! file of small tables costs some forty times its size to read. A file of 60 MB of `[[light]]`
//! tables took 2.6 GB; counted first, it is refused at once.

/// The most values (keys' values, array items, tables) a level file may hold: a level of the
/// largest map with 4,096 lights holds about 40,000.
pub(super) const MOST_VALUES: usize = 200_000;

/// Where a level's text passes [`MOST_VALUES`] (a byte offset), if it does. Counted from what
/// starts or separates a value outside strings and comments (`=`, `,`, `[`, `{`): at least one
/// a value, so that the count bounds what the reader keeps. The grid's rows, one string, count
/// nothing.
pub(super) fn past_most_values(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => i = find(bytes, i, b"\n"),
            quote @ (b'"' | b'\'') => {
                let triple = [quote; 3];
                i = if bytes[i..].starts_with(&triple) {
                    find_closing(bytes, i + 3, &triple, quote == b'"')
                } else {
                    find_closing(bytes, i + 1, &[quote], quote == b'"')
                };
                continue;
            }
            b'=' | b',' | b'[' | b'{' => {
                count += 1;
                if count > MOST_VALUES {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The offset of `end` at or after `from` (the text's end where there is none).
fn find(bytes: &[u8], from: usize, end: &[u8]) -> usize {
    bytes[from..]
        .windows(end.len())
        .position(|w| w == end)
        .map_or(bytes.len(), |at| from + at)
}

/// The offset just past the string's closing `end` searched from `from` (a backslash escapes
/// the next byte in a basic string); the text's end where it is not closed.
fn find_closing(bytes: &[u8], from: usize, end: &[u8], escapes: bool) -> usize {
    let mut i = from;
    while i < bytes.len() {
        if escapes && bytes[i] == b'\\' {
            i += 2;
            continue;
        }
        if bytes[i..].starts_with(end) {
            // A multi-line string may end with up to two more quotes of its own.
            let mut past = i + end.len();
            while end.len() == 3 && bytes.get(past) == Some(&end[0]) && past < i + 5 {
                past += 1;
            }
            return past;
        }
        i += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_counted_outside_strings_and_comments() {
        let many = "x = [".to_string() + &"1,".repeat(MOST_VALUES) + "]\n";
        assert!(past_most_values(&many).is_some());
        let in_strings = format!(
            "# {}\na = \"{}\\\"\"\nb = '{}'\ngrid = '''\n{}\n'''\nc = \"\"\"{}\"\"\"\n",
            "=".repeat(MOST_VALUES),
            ",".repeat(MOST_VALUES),
            "[".repeat(MOST_VALUES),
            "=,[{".repeat(MOST_VALUES),
            "{".repeat(MOST_VALUES)
        );
        assert_eq!(past_most_values(&in_strings), None);
        let level = std::fs::read_to_string("levels/e1m1.toml").unwrap();
        assert_eq!(past_most_values(&level), None);
    }
}
