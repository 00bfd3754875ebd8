//! A Tiled XML file (`.tmx`, `.tsx`, `.tx`) as a tree of elements that remember where they are:
//! every element, attribute value and text knows its byte offset, so problems are reported at
//! the file's own line and column. Built without recursion, and no deeper than [`MAX_DEPTH`],
//! so ten thousand nested groups are a message, not a stack overflow.

use quick_xml::Reader;
use quick_xml::events::Event;

/// The deepest nesting of elements read (groups in groups in ...).
pub(super) const MAX_DEPTH: usize = 64;

/// The most elements a file holds (a map of 4,096 lights and as many things holds some tens
/// of thousands): each is kept with its attributes, a few hundred bytes, so that a file of
/// 50 MB of small objects is refused, not read into a gigabyte.
pub(super) const MAX_ELEMENTS: usize = 200_000;

/// One element: its name, attributes, children and text, with offsets in the whole of the
/// level's sources (see [`super::Sources`]).
#[derive(Debug, Default)]
pub(super) struct Element {
    pub(super) name: String,
    /// Offset of the element's `<` (or, from JSON, of its object's `{`).
    pub(super) at: usize,
    pub(super) attrs: Vec<Attr>,
    pub(super) children: Vec<Element>,
    /// The text inside the element (layer data), and where it starts.
    pub(super) text: String,
    pub(super) text_at: usize,
    /// Tile GIDs with their offsets, where the source gave them one by one (JSON arrays).
    pub(super) numbers: Option<Vec<(u32, usize)>>,
}

/// An attribute: its value and the offset of its opening quote.
#[derive(Debug)]
pub(super) struct Attr {
    pub(super) key: String,
    pub(super) value: String,
    pub(super) at: usize,
}

impl Element {
    /// The attribute `key`, if present.
    pub(super) fn attr(&self, key: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.key == key)
    }

    /// The attribute's value, if present.
    pub(super) fn value(&self, key: &str) -> Option<&str> {
        self.attr(key).map(|a| a.value.as_str())
    }

    /// The first child named `name`.
    pub(super) fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// The children named `name`.
    pub(super) fn children_named<'a>(
        &'a self,
        name: &'a str,
    ) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }
}

/// A problem reading the XML itself, at an offset.
#[derive(Debug)]
pub(super) struct XmlError {
    pub(super) at: usize,
    pub(super) message: String,
}

/// Reads `text` (which starts at offset `base` of the sources) into its root element.
pub(super) fn parse(text: &str, base: usize) -> Result<Element, XmlError> {
    let mut reader = Reader::from_str(text);
    reader.check_end_names(true);
    // The open elements, innermost last.
    let mut open: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    let mut elements = 0;
    loop {
        let start = reader.buffer_position();
        let event = reader.read_event().map_err(|e| XmlError {
            at: base + reader.buffer_position().min(text.len()),
            message: format!("not well-formed XML: {e}"),
        })?;
        let at = base + start;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                elements += 1;
                if elements > MAX_ELEMENTS {
                    return Err(XmlError {
                        at,
                        message: format!(
                            "more than {MAX_ELEMENTS} elements from here on: too many to read"
                        ),
                    });
                }
                if open.len() >= MAX_DEPTH {
                    return Err(XmlError {
                        at,
                        message: format!(
                            "elements nested more than {MAX_DEPTH} deep (groups inside groups?); \
                             flatten the map's group layers"
                        ),
                    });
                }
                let element = Element {
                    name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
                    at,
                    attrs: attributes(e, at + 1)?,
                    ..Element::default()
                };
                if matches!(event, Event::Start(_)) {
                    open.push(element);
                } else {
                    close(&mut open, &mut root, element, at)?;
                }
            }
            Event::End(_) => {
                let element = open.pop().ok_or(XmlError {
                    at,
                    message: "a closing tag without its opening tag".into(),
                })?;
                close(&mut open, &mut root, element, at)?;
            }
            Event::Text(t) => {
                if let Some(parent) = open.last_mut() {
                    let raw = String::from_utf8_lossy(&t).into_owned();
                    let value = quick_xml::escape::unescape(&raw).map_err(|e| XmlError {
                        at,
                        message: format!("bad character reference: {e}"),
                    })?;
                    if parent.text.is_empty() {
                        parent.text_at = at;
                    }
                    parent.text.push_str(&value);
                }
            }
            Event::CData(t) => {
                if let Some(parent) = open.last_mut() {
                    if parent.text.is_empty() {
                        parent.text_at = at + "<![CDATA[".len();
                    }
                    parent.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    match (root, open.last()) {
        (Some(root), None) => Ok(root),
        (_, Some(unclosed)) => Err(XmlError {
            at: unclosed.at,
            message: format!(
                "<{}> is never closed (is the file truncated?)",
                unclosed.name
            ),
        }),
        (None, None) => Err(XmlError {
            at: base,
            message: "no XML element in the file".into(),
        }),
    }
}

/// Hands a finished element to its parent, or makes it the root.
fn close(
    open: &mut [Element],
    root: &mut Option<Element>,
    element: Element,
    at: usize,
) -> Result<(), XmlError> {
    match open.last_mut() {
        Some(parent) => parent.children.push(element),
        None if root.is_none() => *root = Some(element),
        None => {
            return Err(XmlError {
                at,
                message: "a second top-level element".into(),
            });
        }
    }
    Ok(())
}

/// The attributes of a start tag whose name begins at offset `at`, each with the offset of
/// its value's opening quote.
fn attributes(tag: &[u8], at: usize) -> Result<Vec<Attr>, XmlError> {
    let mut attrs = Vec::new();
    let mut i = tag
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(tag.len());
    let bad = |i: usize, what: &str| XmlError {
        at: at + i,
        message: format!("malformed attribute: {what}"),
    };
    loop {
        while i < tag.len() && tag[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= tag.len() || tag[i] == b'/' {
            return Ok(attrs);
        }
        let key_start = i;
        while i < tag.len() && tag[i] != b'=' && !tag[i].is_ascii_whitespace() {
            i += 1;
        }
        let key = String::from_utf8_lossy(&tag[key_start..i]).into_owned();
        while i < tag.len() && tag[i].is_ascii_whitespace() {
            i += 1;
        }
        if tag.get(i) != Some(&b'=') {
            return Err(bad(key_start, &format!("'{key}' has no value")));
        }
        i += 1;
        while i < tag.len() && tag[i].is_ascii_whitespace() {
            i += 1;
        }
        let quote = match tag.get(i) {
            Some(&q @ (b'"' | b'\'')) => q,
            _ => return Err(bad(i, &format!("the value of '{key}' is not quoted"))),
        };
        let value_at = i;
        let Some(len) = tag[i + 1..].iter().position(|&b| b == quote) else {
            return Err(bad(i, &format!("the value of '{key}' is never closed")));
        };
        let raw = String::from_utf8_lossy(&tag[i + 1..i + 1 + len]).into_owned();
        let value = quick_xml::escape::unescape(&raw)
            .map_err(|e| bad(i, &format!("bad character reference in '{key}': {e}")))?
            .into_owned();
        if attrs.iter().any(|a: &Attr| a.key == key) {
            return Err(bad(key_start, &format!("'{key}' is given twice")));
        }
        attrs.push(Attr {
            key,
            value,
            at: at + value_at,
        });
        i += len + 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_and_attributes_know_their_offsets() {
        let text = "<map a=\"1\">\n <layer name='w&amp;x'>1,2</layer><x/></map>";
        let map = parse(text, 100).unwrap();
        assert_eq!(map.name, "map");
        assert_eq!(map.at, 100);
        assert_eq!(map.attr("a").unwrap().at, 100 + 7);
        let layer = map.child("layer").unwrap();
        assert_eq!(layer.value("name"), Some("w&x"));
        assert_eq!(&text[layer.at - 100..][..6], "<layer");
        assert_eq!(&text[layer.attr("name").unwrap().at - 100..][..2], "'w");
        assert_eq!(layer.text, "1,2");
        assert_eq!(&text[layer.text_at - 100..][..3], "1,2");
        assert_eq!(map.children.len(), 2);
    }

    #[test]
    fn deep_nesting_truncation_and_junk_are_errors() {
        let deep = "<g>".repeat(10_000) + &"</g>".repeat(10_000);
        assert!(parse(&deep, 0).unwrap_err().message.contains("nested"));
        let e = parse("<map><layer>", 0).unwrap_err();
        assert!(e.message.contains("never closed"), "{}", e.message);
        assert!(parse("<a></b>", 0).is_err());
        assert!(parse("<a x=1/>", 0).is_err());
        assert!(parse("<a x='1' x='2'/>", 0).is_err());
        assert!(parse("", 0).is_err());
    }
}
