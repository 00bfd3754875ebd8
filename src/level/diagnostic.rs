//! Problems found in a file, with where they are.

use std::fmt;
use std::ops::Range;

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Allowed, but probably not what was meant.
    Warning,
    /// The file cannot be used.
    Error,
}

/// One problem in a file: `file:line:col: error: message`. Lines and columns count from 1;
/// columns count characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as given.
    pub file: String,
    /// Line and column, where the problem has a position.
    pub position: Option<(usize, usize)>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl Diagnostic {
    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        match self.position {
            Some((line, col)) => write!(
                f,
                "{}:{line}:{col}: {severity}: {}",
                self.file, self.message
            ),
            None => write!(f, "{}: {severity}: {}", self.file, self.message),
        }
    }
}

/// Collects diagnostics for a file (or a file and the files it uses, such as a Tiled map's
/// tilesets), turning byte offsets into files, lines and columns.
#[derive(Debug)]
pub struct Diagnostics<'a> {
    /// The files, by the offset where each one's text starts (ascending).
    sources: Vec<Source<'a>>,
    /// What was found, in order.
    pub list: Vec<Diagnostic>,
}

/// One file's text and where its lines start.
#[derive(Debug)]
struct Source<'a> {
    file: String,
    text: &'a str,
    /// Offset of the text's first byte among all the sources.
    base: usize,
    /// Byte offset (within `text`) of the start of each line.
    line_starts: Vec<usize>,
}

impl<'a> Diagnostics<'a> {
    /// Diagnostics for `text`, read from `file`.
    pub fn new(file: &str, text: &'a str) -> Diagnostics<'a> {
        let mut d = Diagnostics {
            sources: Vec::new(),
            list: Vec::new(),
        };
        d.add_source(file, text, 0);
        d
    }

    /// Adds another file whose text is at offsets `base..base + text.len()` (after every file
    /// added before it).
    pub fn add_source(&mut self, file: &str, text: &'a str, base: usize) {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.sources.push(Source {
            file: file.to_string(),
            text,
            base,
            line_starts,
        });
    }

    fn source(&self, offset: usize) -> &Source<'a> {
        let i = self.sources.partition_point(|s| s.base <= offset);
        &self.sources[i.saturating_sub(1)]
    }

    /// The file an offset is in.
    pub fn file_at(&self, offset: usize) -> &str {
        &self.source(offset).file
    }

    /// Line and column (1-based, columns in characters) of an offset, in its file.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let source = self.source(offset);
        let offset = offset.saturating_sub(source.base).min(source.text.len());
        let line = source.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = source.line_starts[line];
        let column = source
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (line + 1, column + 1)
    }

    /// Adds an error at a byte offset.
    pub fn error_at(&mut self, offset: usize, message: impl Into<String>) {
        self.push(Some(offset), Severity::Error, message.into());
    }

    /// Adds a warning at a byte offset.
    pub fn warning_at(&mut self, offset: usize, message: impl Into<String>) {
        self.push(Some(offset), Severity::Warning, message.into());
    }

    /// Adds an error at the start of a span.
    pub fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.error_at(span.start, message);
    }

    /// Adds an error without a position.
    pub fn error_in_file(&mut self, message: impl Into<String>) {
        self.push(None, Severity::Error, message.into());
    }

    /// Adds a warning or an error at an offset, or in the first file when there is none.
    pub fn push(&mut self, offset: Option<usize>, severity: Severity, message: String) {
        let position = offset.map(|o| self.position(o));
        self.list.push(Diagnostic {
            file: self.source(offset.unwrap_or(0)).file.clone(),
            position,
            severity,
            message,
        });
    }

    /// Whether any error (not warning) was found.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_character_columns() {
        let d = Diagnostics::new("f", "ab\nçd\n\nx");
        assert_eq!(d.position(0), (1, 1));
        assert_eq!(d.position(3), (2, 1));
        assert_eq!(d.position(5), (2, 2), "ç is two bytes, one column");
        assert_eq!(d.position(7), (3, 1));
        assert_eq!(d.position(8), (4, 1));
        assert_eq!(d.position(99), (4, 2), "clamped to the end");
    }

    #[test]
    fn display_is_file_line_col_severity_message() {
        let mut d = Diagnostics::new("levels/a.toml", "x\ny");
        d.error_at(2, "bad");
        d.push(None, Severity::Warning, "meh".into());
        assert_eq!(d.list[0].to_string(), "levels/a.toml:2:1: error: bad");
        assert_eq!(d.list[1].to_string(), "levels/a.toml: warning: meh");
    }

    #[test]
    fn offsets_past_the_first_file_are_in_the_later_ones() {
        let mut d = Diagnostics::new("map.tmx", "ab\ncd");
        d.add_source("set.tsx", "x\nyz", 10);
        assert_eq!((d.file_at(4), d.position(4)), ("map.tmx", (2, 2)));
        assert_eq!((d.file_at(10), d.position(10)), ("set.tsx", (1, 1)));
        d.error_at(13, "bad");
        assert_eq!(d.list[0].to_string(), "set.tsx:2:2: error: bad");
    }
}
