//! A tile layer's data: every encoding and compression Tiled writes (XML `<tile>` elements,
//! CSV, base64 plain or zlib, gzip or zstd compressed, and JSON arrays), read into one GID per
//! cell with the offset of what gave it. Decompression stops at the layer's size: data that
//! inflates beyond `width * height` tiles is an error found before the memory is spent.

use std::io::Read;

use base64::Engine;

use super::xml::Element;

/// A problem in the data, at an offset, in words.
pub(super) type DataError = (usize, String);

/// The layer's `cells` GIDs (flip flags included), each with an offset: its own for XML
/// tiles, CSV and JSON arrays, the data's start for base64.
pub(super) fn cells(data: &Element, cells: usize) -> Result<Vec<(u32, usize)>, DataError> {
    if data.child("chunk").is_some() {
        return Err((
            data.at,
            "the layer is stored in chunks, as infinite maps are; levels need a fixed size \
             (Map > Map Properties > Infinite off)"
                .into(),
        ));
    }
    let encoding = data.value("encoding").unwrap_or("");
    let compression = data.value("compression").unwrap_or("");
    let out = if let Some(numbers) = &data.numbers {
        if let Some(&(_, at)) = numbers.iter().find(|(gid, _)| *gid == u32::MAX) {
            return Err((
                at,
                "a layer's data holds whole numbers (tile GIDs) only".into(),
            ));
        }
        numbers.clone()
    } else {
        match (encoding, compression) {
            ("", "") => data
                .children_named("tile")
                .map(|tile| match tile.attr("gid") {
                    None => Ok((0, tile.at)),
                    Some(a) => a
                        .value
                        .trim()
                        .parse::<u32>()
                        .map(|gid| (gid, tile.at))
                        .map_err(|_| (a.at, format!("'{}' is not a tile GID", a.value))),
                })
                .collect::<Result<Vec<_>, _>>()?,
            ("csv", "") => csv(&data.text, data.text_at)?,
            ("base64", compression) => {
                let bytes = base64(data, compression, cells)?;
                bytes
                    .chunks_exact(4)
                    .map(|b| (u32::from_le_bytes([b[0], b[1], b[2], b[3]]), data.text_at))
                    .collect()
            }
            ("csv", _) => {
                return Err((
                    data.at,
                    "CSV layer data cannot be compressed; use base64 with it".into(),
                ));
            }
            (other, _) => {
                return Err((
                    data.at,
                    format!(
                        "unknown layer data encoding '{other}' (Tiled writes XML, csv or base64)"
                    ),
                ));
            }
        }
    };
    if out.len() != cells {
        // At the first tile too many, or the last one there is.
        let at = out.get(cells).or(out.last()).map_or(data.at, |&(_, at)| at);
        return Err((
            at,
            format!(
                "the layer holds {} tiles; its size says {cells} (is the file truncated or edited by hand?)",
                out.len()
            ),
        ));
    }
    Ok(out)
}

/// CSV GIDs with their offsets (`text` starts at offset `at`).
fn csv(text: &str, at: usize) -> Result<Vec<(u32, usize)>, DataError> {
    let mut out = Vec::new();
    let mut offset = at;
    for field in text.split(',') {
        let lead = field.len() - field.trim_start().len();
        let value = field.trim();
        let here = offset + lead;
        offset += field.len() + 1;
        if value.is_empty() {
            // A trailing comma ends the list; an empty field within it is not a tile.
            if offset > at + text.len() {
                break;
            }
            return Err((here, "an empty value in the layer's CSV data".into()));
        }
        let gid = value
            .parse::<u32>()
            .map_err(|_| (here, format!("'{value}' is not a tile GID")))?;
        out.push((gid, here));
    }
    Ok(out)
}

/// Base64 data decoded and, if compressed, inflated: never more than `cells` tiles' bytes.
fn base64(data: &Element, compression: &str, cells: usize) -> Result<Vec<u8>, DataError> {
    let at = data.text_at;
    let packed: String = data
        .text
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(packed.as_bytes())
        .map_err(|e| (at, format!("the layer's base64 data is damaged: {e}")))?;
    let most = cells.saturating_mul(4) as u64;
    let mut out = Vec::new();
    let inflated = match compression {
        "" => return Ok(bytes),
        "zlib" => flate2::read::ZlibDecoder::new(&bytes[..])
            .take(most + 1)
            .read_to_end(&mut out),
        "gzip" => flate2::read::GzDecoder::new(&bytes[..])
            .take(most + 1)
            .read_to_end(&mut out),
        "zstd" => match ruzstd::decoding::StreamingDecoder::new(&bytes[..]) {
            Ok(decoder) => decoder.take(most + 1).read_to_end(&mut out),
            Err(e) => Err(std::io::Error::other(e.to_string())),
        },
        other => {
            return Err((
                data.attr("compression").map_or(data.at, |a| a.at),
                format!("unknown compression '{other}' (Tiled writes zlib, gzip or zstd)"),
            ));
        }
    };
    inflated.map_err(|e| {
        (
            at,
            format!("the layer's {compression} data is damaged: {e}"),
        )
    })?;
    if out.len() as u64 > most {
        return Err((
            at,
            format!(
                "the layer's data inflates beyond its size ({cells} tiles, {most} bytes); \
                 it is damaged or not this map's"
            ),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn data(encoding: &str, compression: &str, text: &str) -> Element {
        let mut e = super::super::xml::parse(
            &format!("<data encoding=\"{encoding}\" compression=\"{compression}\"/>"),
            0,
        )
        .unwrap();
        e.attrs.retain(|a| !a.value.is_empty());
        e.text = text.to_string();
        e
    }

    fn packed(gids: &[u32], compression: &str) -> String {
        let raw: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
        let bytes = match compression {
            "zlib" => {
                let mut z = flate2::write::ZlibEncoder::new(Vec::new(), Default::default());
                z.write_all(&raw).unwrap();
                z.finish().unwrap()
            }
            "gzip" => {
                let mut z = flate2::write::GzEncoder::new(Vec::new(), Default::default());
                z.write_all(&raw).unwrap();
                z.finish().unwrap()
            }
            _ => raw,
        };
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    #[test]
    fn every_encoding_gives_the_same_gids() {
        let gids = [1, 0, 2, 0x8000_0003];
        let want: Vec<u32> = gids.to_vec();
        let got = |e: &Element| {
            cells(e, 4)
                .unwrap()
                .into_iter()
                .map(|c| c.0)
                .collect::<Vec<_>>()
        };
        assert_eq!(got(&data("csv", "", "\n1,0,\n2,2147483651\n")), want);
        for compression in ["", "zlib", "gzip"] {
            let text = packed(&gids, compression);
            // Wrapped across lines, as hand-edited files are.
            let wrapped = format!("\n   {}\n   {}\n", &text[..5], &text[5..]);
            assert_eq!(
                got(&data("base64", compression, &wrapped)),
                want,
                "{compression}"
            );
        }
    }

    #[test]
    fn wrong_sizes_bombs_and_junk_are_errors() {
        let short = cells(&data("base64", "zlib", &packed(&[1, 2, 3], "zlib")), 4).unwrap_err();
        assert!(short.1.contains("holds 3 tiles"), "{}", short.1);
        let bomb = packed(&vec![0; 1 << 20], "zlib");
        let e = cells(&data("base64", "zlib", &bomb), 4).unwrap_err();
        assert!(e.1.contains("inflates beyond"), "{}", e.1);
        assert!(
            cells(&data("csv", "", "1,x,2,3"), 4)
                .unwrap_err()
                .1
                .contains("'x'")
        );
        assert!(cells(&data("csv", "", "1,,2,3"), 4).is_err());
        assert!(
            cells(&data("base64", "lz4", "AAAA"), 1)
                .unwrap_err()
                .1
                .contains("lz4")
        );
        assert!(cells(&data("base64", "zstd", "AAAA"), 1).is_err());
        assert!(cells(&data("base64", "", "!!!"), 1).is_err());
        assert!(cells(&data("hex", "", ""), 1).is_err());
    }
}
