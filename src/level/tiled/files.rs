//! A map's files: read once each (the map, its external tilesets and templates), their
//! trees, and where each sits among them for messages.

use super::*;

/// One file of a map: its text and where that text sits among all of the map's files.
pub(super) struct Source {
    pub(super) name: String,
    pub(super) text: String,
    pub(super) base: usize,
}

/// The map's files, read once each, and their trees.
#[derive(Default)]
pub(super) struct Files {
    pub(super) sources: Vec<Source>,
    pub(super) trees: BTreeMap<PathBuf, Element>,
}

/// A problem found while reading, at an offset among the files (or in the map file).
pub(super) type Problem = (Option<usize>, Severity, String);

impl Files {
    /// Reads `path` (named as `name`) into a tree, unless it was read before.
    /// `cited_at`: where the file is named, for the error when it cannot be read.
    pub(super) fn read(&mut self, path: &Path, cited_at: Option<usize>) -> Result<(), Problem> {
        if self.trees.contains_key(path) {
            return Ok(());
        }
        if self.sources.len() >= MAX_FILES {
            return Err((
                cited_at,
                Severity::Error,
                format!("the map uses more than {MAX_FILES} files (tilesets and templates)"),
            ));
        }
        let limit = match cited_at {
            None => crate::files::Limit::LEVEL,
            Some(_) => crate::files::Limit {
                kind: "tileset or template",
                ..crate::files::Limit::LEVEL
            },
        };
        let text = crate::files::read_text(path, limit).map_err(|e| {
            // The map's own problem is reported against it, as a TOML level's is; a tileset's
            // or template's at the place that names it, with its path.
            let message = match cited_at {
                None => super::super::unreadable(path, e),
                Some(_) => e.to_string(),
            };
            (cited_at, Severity::Error, message)
        })?;
        let base = self.sources.last().map_or(0, |s| s.base + s.text.len() + 1);
        let json = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            ["tmj", "tsj", "tj", "json"]
                .iter()
                .any(|x| e.eq_ignore_ascii_case(x))
        }) || text.trim_start().starts_with('{');
        let tree = if json {
            json::parse(&text, base)
        } else {
            xml::parse(&text, base)
        };
        self.sources.push(Source {
            name: path.display().to_string(),
            text,
            base,
        });
        let tree = tree.map_err(|e| (Some(e.at), Severity::Error, e.message))?;
        self.trees.insert(path.to_path_buf(), tree);
        Ok(())
    }

    /// Diagnostics over every file read, holding `problems`.
    /// (`map` names the map when not even it could be read.)
    pub(super) fn diagnostics<'a>(
        &'a self,
        map: &'a str,
        problems: Vec<Problem>,
    ) -> Diagnostics<'a> {
        let mut sources = self.sources.iter();
        let first = sources.next();
        let mut d = Diagnostics::new(
            first.map_or(map, |s| s.name.as_str()),
            first.map_or("", |s| s.text.as_str()),
        );
        for s in sources {
            d.add_source(&s.name, &s.text, s.base);
        }
        for (at, severity, message) in problems {
            d.push(at, severity, message);
        }
        d
    }
}

/// The folder a file's relative references resolve against.
pub(super) fn folder(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new(""))
}

/// The external files an element's tree names (tilesets' and templates' `source`s), with the
/// offsets where they are named.
pub(super) fn references(root: &Element, path: &Path) -> Vec<(PathBuf, usize)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        let attr = match e.name.as_str() {
            "tileset" => e.attr("source"),
            "object" => e.attr("template"),
            _ => None,
        };
        if let Some(a) = attr {
            out.push((folder(path).join(&a.value), a.at));
        }
        stack.extend(e.children.iter());
    }
    out
}
