//! Writing the level model out: as the TOML format (`tilecaster convert map.tmx -o level.toml`).

use std::path::Path;

use toml::Spanned;

mod tmx;
pub(in crate::level) mod toml_form;

use super::parse::LevelSource;
use super::{Level, LevelError, tiled};
use tmx::tmx_text;
use toml_form::{quote, toml_text};

/// A level written out for another file: its text, and what will not resolve from where it is
/// written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The level file's text.
    pub text: String,
    /// References to other files (the next level, the texture folder, shape masks) that cannot
    /// be made to resolve from the output's folder: each names the reference and why.
    pub warnings: Vec<String>,
}

/// The level at `path` as TOML level text to be written at `output`, after the same checks as
/// loading it (a level with errors is not converted). References to other files (`next`,
/// `textures`, shape masks) are rewritten relative to `output`'s folder, so that the written
/// level loads where it is written; a TOML level written into its own folder is returned as
/// it is, and one written elsewhere keeps everything but those references.
///
/// ```
/// let out = std::env::temp_dir().join("e1m2-doc.toml");
/// let converted = tilecaster::level::to_toml("levels/e1m2.tmx".as_ref(), &out).unwrap();
/// assert!(converted.text.contains("[legend]"));
/// ```
pub fn to_toml(path: &Path, output: &Path) -> Result<Converted, LevelError> {
    let mut moved = Moved::new(path, output);
    // How far it is (`crate::progress`): read and checked, then written out.
    let what = format!("converting {}", path.display());
    crate::progress::report(&what, 0, 2);
    if tiled::is_tiled_map(path) {
        let from = path.display().to_string();
        let text = tiled::read(path, |source, loaded| {
            crate::progress::report(&what, 1, 2);
            loaded.map(|_| {
                let comment = format!("Converted from {from} by tilecaster convert.");
                toml_text(&moved.source(source), &comment)
            })
        })??;
        crate::progress::report(&what, 2, 2);
        return Ok(moved.converted(text));
    }
    // Read once: checked as loading checks it, then returned with its references moved.
    let text = super::read_level_text(path)?;
    Level::parse(&text, path)?;
    crate::progress::report(&what, 1, 2);
    let source = super::parse::read_toml(&text, path)?;
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    moved.each_reference(&source, |span, old, new| {
        if old != new {
            edits.push((span, quote(new)));
        }
    });
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut text = text;
    for (span, new) in edits {
        text.replace_range(span, &new);
    }
    crate::progress::report(&what, 2, 2);
    Ok(moved.converted(text))
}

/// The references of a level to other files, moved from the folder of the file read to the
/// folder of the file written.
struct Moved {
    /// The input's folder, as given (relative paths in the level resolve against it).
    from: std::path::PathBuf,
    /// The output, as given.
    output: std::path::PathBuf,
    /// Whether both folders are one (nothing moves).
    same: bool,
    warnings: Vec<String>,
}

impl Moved {
    fn new(input: &Path, output: &Path) -> Moved {
        let folder = |p: &Path| match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => Path::new(".").to_path_buf(),
        };
        let from = folder(input);
        let same = absolute(&from).is_some() && absolute(&from) == absolute(&folder(output));
        Moved {
            from,
            output: output.to_path_buf(),
            same,
            warnings: Vec::new(),
        }
    }

    /// `value` (the level's `key`), relative to the output's folder: as it is when absolute or
    /// when nothing moves; otherwise the same file reached from the output, or (for a file
    /// not on disk, such as the bundled episode's) as it is, with a warning.
    fn path(&mut self, key: &str, value: &str) -> String {
        if self.same || Path::new(value).is_absolute() {
            return value.to_string();
        }
        let target = self.from.join(value);
        match relative_path(&self.output, &target) {
            Some(moved) => moved,
            None => {
                self.warnings.push(format!(
                    "{key} '{value}' ({}) is not on disk, so it will not resolve from {}'s folder: copy it there, or mend the reference",
                    target.display(),
                    self.output.display()
                ));
                value.to_string()
            }
        }
    }

    /// Calls `edit` with the place, old value and moved value of each reference in `source`.
    fn each_reference(
        &mut self,
        source: &LevelSource,
        mut edit: impl FnMut(std::ops::Range<usize>, &str, &str),
    ) {
        let raw = &source.raw;
        for (key, value) in [
            ("next", &raw.next),
            ("secret_next", &raw.secret_next),
            ("textures", &raw.textures),
        ] {
            if let Some(v) = value {
                let moved = self.path(key, v.get_ref());
                edit(v.span(), v.get_ref(), &moved);
            }
        }
        for entry in raw.legend.values() {
            if let Some(shape) = &entry.get_ref().shape {
                if super::shapes::is_shape_file(shape.get_ref()) {
                    let moved = self.path("shape", shape.get_ref());
                    edit(shape.span(), shape.get_ref(), &moved);
                }
            }
        }
    }

    /// `source` with its references moved.
    fn source(&mut self, source: &LevelSource) -> LevelSource {
        let mut moved = source.clone();
        let mut values = Vec::new();
        self.each_reference(source, |_, _, new| values.push(new.to_string()));
        let mut values = values.into_iter();
        let mut next = |v: &mut Spanned<String>| {
            if let Some(new) = values.next() {
                *v = Spanned::new(v.span(), new);
            }
        };
        let raw = &mut moved.raw;
        for v in [&mut raw.next, &mut raw.secret_next, &mut raw.textures]
            .into_iter()
            .flatten()
        {
            next(v);
        }
        for entry in raw.legend.values_mut() {
            if let Some(shape) = &mut entry.get_mut().shape {
                if super::shapes::is_shape_file(shape.get_ref()) {
                    next(shape);
                }
            }
        }
        moved
    }

    fn converted(self, text: String) -> Converted {
        Converted {
            text,
            warnings: self.warnings,
        }
    }
}

/// Reads any level file into the level model and checks it; `then` gets both.
fn read_source<T>(
    path: &Path,
    then: impl FnOnce(&LevelSource, Result<super::Loaded, LevelError>) -> T,
) -> Result<T, LevelError> {
    if tiled::is_tiled_map(path) {
        return tiled::read(path, then);
    }
    let file = path.display().to_string();
    let text = super::read_level_text(path)?;
    let source = super::parse::read_toml(&text, path)?;
    let loaded = super::parse::build(super::Diagnostics::new(&file, &text), &source, path);
    Ok(then(&source, loaded))
}

/// The level at `path` as a Tiled map (`.tmx`) that Tiled opens and edits: a `walls` tile layer
/// whose tileset's tiles carry the legend's properties (each showing its texture, found
/// relative to `output`), and a `things` object layer holding the player, enemies, pickups
/// and exits as point objects. Reading it back gives the same level.
///
/// ```
/// let out = std::env::temp_dir().join("e1m1-doc.tmx");
/// let tmx = tilecaster::level::to_tmx("levels/e1m1.toml".as_ref(), &out).unwrap().text;
/// assert!(tmx.contains("<layer id=\"1\" name=\"walls\""));
/// ```
pub fn to_tmx(path: &Path, output: &Path) -> Result<Converted, LevelError> {
    let mut moved = Moved::new(path, output);
    // How far it is (`crate::progress`): read and checked, then written out.
    let what = format!("converting {}", path.display());
    crate::progress::report(&what, 0, 2);
    let text = read_source(path, |source, loaded| {
        let loaded = loaded?;
        crate::progress::report(&what, 1, 2);
        let textures = super::texture_dir_for(&loaded.level, None);
        let images = relative_path(output, &textures).filter(|_| textures.is_dir());
        Ok(tmx_text(&moved.source(source), images.as_deref()))
    })??;
    crate::progress::report(&what, 2, 2);
    Ok(moved.converted(text))
}

/// `path` made absolute with `.` and `..` resolved by name (links are not followed: the
/// textures of a folder linked in stay found through the link).
fn absolute(path: &Path) -> Option<std::path::PathBuf> {
    Some(crate::files::folded(&std::path::absolute(path).ok()?))
}

/// The path `to` relative to the folder of the file `from`; `None` for a path not on disk (the
/// bundled textures, a file that is not there).
fn relative_path(from: &Path, to: &Path) -> Option<String> {
    if !to.exists() {
        return None;
    }
    let base = absolute(match from.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    })?;
    let to = absolute(to)?;
    let common = base
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let ups = base.components().count() - common;
    let mut parts: Vec<String> = vec!["..".to_string(); ups];
    parts.extend(
        to.components()
            .skip(common)
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    Some(if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    })
}
