//! Tiled's JSON files (`.tmj`, `.tsj`, `.tj`, or `.json`) read into the same [`Element`] tree as
//! its XML, named as the XML would name them, so that one reader serves both formats. Values
//! keep their byte offsets; nesting deeper than [`MAX_DEPTH`] is an error, not a stack
//! overflow.

use super::xml::{Attr, Element, MAX_DEPTH, XmlError};

/// The most values a JSON file holds (each kept with its offset, some 80 bytes): a map of a
/// million cells written as an array of numbers, and its objects. A larger map keeps its layer
/// data as one base64 string (Tiled's "Base64" tile layer format), or is saved as `.tmx`; 16
/// million numbers once took over a gigabyte to read.
pub(super) const MAX_VALUES: usize = 2_000_000;

/// A JSON value and the offset where it starts.
#[derive(Debug)]
struct Json {
    at: usize,
    value: Value,
}

#[derive(Debug)]
enum Value {
    Null,
    Bool(bool),
    Number(String),
    Text(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn field(&self, key: &str) -> Option<&Json> {
        match &self.value {
            Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A scalar as the text an XML attribute would hold.
    fn scalar(&self) -> Option<String> {
        match &self.value {
            Value::Bool(b) => Some(if *b { "1" } else { "0" }.into()),
            Value::Number(n) => Some(n.clone()),
            Value::Text(t) => Some(t.clone()),
            _ => None,
        }
    }
}

/// Reads a Tiled JSON file (starting at offset `base` of the sources) as the element XML would
/// give: `map`, `tileset` or `template`.
pub(super) fn parse(text: &str, base: usize) -> Result<Element, XmlError> {
    let mut p = Parser {
        bytes: text.as_bytes(),
        text,
        i: 0,
        base,
        values: 0,
    };
    p.ws();
    let json = p.value(0)?;
    p.ws();
    if p.i < p.bytes.len() {
        return Err(p.error("more text after the JSON value"));
    }
    let root = match json.field("type").and_then(Json::scalar).as_deref() {
        Some("map") => "map",
        Some("tileset") => "tileset",
        Some("template") => "template",
        _ if json.field("tilesets").is_some() || json.field("layers").is_some() => "map",
        _ if json.field("object").is_some() => "template",
        _ => "tileset",
    };
    Ok(element(root, &json))
}

/// The element a JSON object stands for: scalar fields become attributes, and the fields
/// Tiled nests become the children the XML has.
fn element(name: &str, json: &Json) -> Element {
    let mut e = Element {
        name: name.to_string(),
        at: json.at,
        ..Element::default()
    };
    let Value::Object(fields) = &json.value else {
        return e;
    };
    for (key, value) in fields {
        match (key.as_str(), &value.value) {
            ("properties", Value::Array(items)) => {
                let mut properties = Element {
                    name: "properties".into(),
                    at: value.at,
                    ..Element::default()
                };
                properties.children = items.iter().map(|p| element("property", p)).collect();
                e.children.push(properties);
            }
            ("tilesets", Value::Array(items)) => {
                e.children
                    .extend(items.iter().map(|t| element("tileset", t)));
            }
            ("tiles", Value::Array(items)) => {
                e.children.extend(items.iter().map(|t| element("tile", t)));
            }
            ("objects", Value::Array(items)) => {
                e.children
                    .extend(items.iter().map(|o| element("object", o)));
            }
            ("layers", Value::Array(items)) => {
                for layer in items {
                    let kind = layer.field("type").and_then(Json::scalar);
                    let name = match kind.as_deref() {
                        Some("tilelayer") => "layer",
                        Some("objectgroup") => "objectgroup",
                        Some("group") => "group",
                        Some("imagelayer") => "imagelayer",
                        _ => "unknown-layer",
                    };
                    e.children.push(element(name, layer));
                }
            }
            ("object", Value::Object(_)) => e.children.push(element("object", value)),
            ("tileset", Value::Object(_)) => e.children.push(element("tileset", value)),
            ("text", Value::Object(_)) => e.children.push(element("text", value)),
            ("point" | "ellipse", Value::Bool(true)) => e.children.push(Element {
                name: key.clone(),
                at: value.at,
                ..Element::default()
            }),
            ("polygon" | "polyline", Value::Array(points)) => {
                let list: Vec<String> = points
                    .iter()
                    .map(|p| {
                        let coordinate = |k| p.field(k).and_then(Json::scalar).unwrap_or_default();
                        format!("{},{}", coordinate("x"), coordinate("y"))
                    })
                    .collect();
                e.children.push(Element {
                    name: key.clone(),
                    at: value.at,
                    attrs: vec![Attr {
                        key: "points".into(),
                        value: list.join(" "),
                        at: value.at,
                    }],
                    ..Element::default()
                });
            }
            ("data", Value::Array(cells)) => {
                let numbers = cells
                    .iter()
                    .map(|c| {
                        let gid = match &c.value {
                            Value::Number(n) => n.parse::<u32>().unwrap_or(u32::MAX),
                            _ => u32::MAX,
                        };
                        (gid, c.at)
                    })
                    .collect();
                e.children.push(Element {
                    name: "data".into(),
                    at: value.at,
                    numbers: Some(numbers),
                    ..Element::default()
                });
            }
            ("data", Value::Text(text)) => {
                // Base64, compressed or not: the encoding is the layer's.
                let attr = |k: &str| {
                    fields
                        .iter()
                        .find(|(f, _)| f == k)
                        .and_then(|(_, v)| v.scalar().map(|s| (s, v.at)))
                };
                let mut attrs = Vec::new();
                for k in ["encoding", "compression"] {
                    if let Some((value, at)) = attr(k) {
                        attrs.push(Attr {
                            key: k.into(),
                            value,
                            at,
                        });
                    }
                }
                e.children.push(Element {
                    name: "data".into(),
                    at: value.at,
                    attrs,
                    text: text.clone(),
                    text_at: value.at + 1,
                    ..Element::default()
                });
            }
            ("chunks", _) => e.children.push(Element {
                name: "chunk".into(),
                at: value.at,
                ..Element::default()
            }),
            // `type` is the layer's or file's kind (read above) except on objects, tiles and
            // properties, where it means what the XML's `type` does.
            ("type", _) if !matches!(name, "object" | "tile" | "property") => {}
            (_, _) => {
                if let Some(scalar) = value.scalar() {
                    e.attrs.push(Attr {
                        key: key.clone(),
                        value: scalar,
                        at: value.at,
                    });
                }
            }
        }
    }
    e
}

struct Parser<'a> {
    bytes: &'a [u8],
    text: &'a str,
    i: usize,
    base: usize,
    /// Values read so far (see [`MAX_VALUES`]).
    values: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> XmlError {
        XmlError {
            at: self.base + self.i.min(self.bytes.len()),
            message: format!("not well-formed JSON: {message}"),
        }
    }

    fn ws(&mut self) {
        while self.i < self.bytes.len() && self.bytes[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, XmlError> {
        if depth > MAX_DEPTH {
            return Err(self.error(&format!("nested more than {MAX_DEPTH} deep")));
        }
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(XmlError {
                at: self.base + self.i.min(self.bytes.len()),
                message: format!(
                    "more than {MAX_VALUES} values from here on: too many to read (give the tile layers Tiled's Base64 format, or save the map as .tmx)"
                ),
            });
        }
        let at = self.base + self.i;
        let value = match self.bytes.get(self.i) {
            None => return Err(self.error("the file ends where a value was expected")),
            Some(b'{') => {
                self.i += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.bytes.get(self.i) == Some(&b'}') {
                    self.i += 1;
                } else {
                    loop {
                        self.ws();
                        let key = self.string()?;
                        self.ws();
                        self.expect(b':')?;
                        self.ws();
                        let v = self.value(depth + 1)?;
                        fields.push((key, v));
                        self.ws();
                        if self.eat(b',') {
                            continue;
                        }
                        self.expect(b'}')?;
                        break;
                    }
                }
                Value::Object(fields)
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.bytes.get(self.i) == Some(&b']') {
                    self.i += 1;
                } else {
                    loop {
                        self.ws();
                        items.push(self.value(depth + 1)?);
                        self.ws();
                        if self.eat(b',') {
                            continue;
                        }
                        self.expect(b']')?;
                        break;
                    }
                }
                Value::Array(items)
            }
            Some(b'"') => Value::Text(self.string()?),
            Some(b't') if self.text[self.i..].starts_with("true") => {
                self.i += 4;
                Value::Bool(true)
            }
            Some(b'f') if self.text[self.i..].starts_with("false") => {
                self.i += 5;
                Value::Bool(false)
            }
            Some(b'n') if self.text[self.i..].starts_with("null") => {
                self.i += 4;
                Value::Null
            }
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while self.i < self.bytes.len()
                    && matches!(
                        self.bytes[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                let number = &self.text[start..self.i];
                if number.parse::<f64>().is_err() {
                    self.i = start;
                    return Err(self.error(&format!("'{number}' is not a number")));
                }
                Value::Number(number.to_string())
            }
            Some(_) => return Err(self.error("expected a value")),
        };
        Ok(Json { at, value })
    }

    fn eat(&mut self, b: u8) -> bool {
        let found = self.bytes.get(self.i) == Some(&b);
        if found {
            self.i += 1;
        }
        found
    }

    fn expect(&mut self, b: u8) -> Result<(), XmlError> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}'", b as char)))
        }
    }

    fn string(&mut self) -> Result<String, XmlError> {
        self.expect(b'"')?;
        let mut out = String::new();
        loop {
            let Some(c) = self.text[self.i..].chars().next() else {
                return Err(self.error("a string is never closed"));
            };
            self.i += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let escape = self.bytes.get(self.i).copied();
                    self.i += 1;
                    out.push(match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let hex = self.text.get(self.i..self.i + 4).unwrap_or("");
                            let code = u32::from_str_radix(hex, 16)
                                .map_err(|_| self.error("a bad \\u escape"))?;
                            self.i += 4;
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        _ => return Err(self.error("a bad escape")),
                    });
                }
                c if (c as u32) < 0x20 => return Err(self.error("a control character in a string")),
                c => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_map_reads_as_the_xml_would() {
        let text = r#"{"type":"map","width":2,"height":1,"properties":[{"name":"name","type":"string","value":"A"}],
            "layers":[{"type":"tilelayer","name":"walls","data":[1,0]},
                      {"type":"group","layers":[{"type":"objectgroup","name":"things","objects":[{"id":1,"type":"player","x":3,"y":4,"point":true}]}]}]}"#;
        let map = parse(text, 0).unwrap();
        assert_eq!(map.name, "map");
        assert_eq!(map.value("width"), Some("2"));
        let prop = map.child("properties").unwrap().child("property").unwrap();
        assert_eq!(prop.value("value"), Some("A"));
        let walls = map.child("layer").unwrap();
        let data = walls.child("data").unwrap().numbers.clone().unwrap();
        assert_eq!(data.iter().map(|c| c.0).collect::<Vec<_>>(), vec![1, 0]);
        assert_eq!(&text[data[1].1..][..1], "0");
        let object = map
            .child("group")
            .unwrap()
            .child("objectgroup")
            .unwrap()
            .child("object")
            .unwrap();
        assert_eq!(object.value("type"), Some("player"));
        assert!(object.child("point").is_some());
    }

    #[test]
    fn bad_json_is_an_error_with_a_place() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"\\x\"", "tru", "{} x", "-"] {
            assert!(parse(bad, 0).is_err(), "{bad}");
        }
        let deep = "[".repeat(100_000);
        assert!(parse(&deep, 0).unwrap_err().message.contains("nested"));
    }
}
