//! The bundled episode, textures and sprites, embedded in the binary (see `build.rs`), under
//! the made-up folder [`BUILT_IN`]: `<built-in>/levels/e1m1.toml`. The defaults point there
//! when the working directory has no `levels/` or `textures/` of its own, so a copied or
//! installed binary plays from any folder, while files on disk win wherever they are.

use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The made-up folder the bundled files are in.
pub const BUILT_IN: &str = "<built-in>";

/// `path` as a bundled file's key (`levels/e1m1.toml`): `None` unless it starts with
/// [`BUILT_IN`]; `.` and `..` resolved, `/`-separated.
fn key(path: &Path) -> Option<String> {
    key_under(BUILT_IN, path)
}

/// `path` relative to the made-up folder `root`, as a key: `None` unless it starts with
/// `root`; `.` and `..` resolved, `/`-separated.
pub(super) fn key_under(root: &str, path: &Path) -> Option<String> {
    let mut components = path.components();
    if components.next()? != Component::Normal(root.as_ref()) {
        return None;
    }
    let mut parts: Vec<&str> = Vec::new();
    for component in components {
        match component {
            Component::Normal(p) => parts.push(p.to_str()?),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

/// A bundled file's name in the repository (`levels/e1m1.toml` for
/// `<built-in>/levels/e1m1.toml`): `None` unless `path` starts with [`BUILT_IN`].
pub fn repository_name(path: &Path) -> Option<String> {
    key(path)
}

/// The bundled files handed over at run time ([`provide_bundle`]), where they are not
/// embedded (the `web-data` feature).
static PROVIDED: OnceLock<Vec<(String, &'static [u8])>> = OnceLock::new();

/// Every bundled file: the embedded ones, then those handed over.
fn entries() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    let provided = PROVIDED.get().map_or(&[][..], Vec::as_slice);
    FILES
        .iter()
        .copied()
        .chain(provided.iter().map(|(k, b)| (k.as_str(), *b)))
}

/// The first bytes of a data pack.
pub const PACK_MAGIC: &[u8; 3] = b"TC1";

/// Why a data pack was not taken.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum BundleError {
    /// It does not start with [`PACK_MAGIC`].
    #[error("not a tilecaster data pack (it does not start with TC1)")]
    NotAPack,
    /// An entry runs past the end, or its name is not UTF-8 or is empty.
    #[error("the data pack is damaged at byte {0}")]
    Damaged(usize),
    /// Bundled files were handed over already (they are taken once).
    #[error("the bundled files were handed over already")]
    Twice,
}

/// Hands the bundled files over at run time (the browser page's build, where they are not
/// embedded): a data pack, [`PACK_MAGIC`] then for each file its key's length (2 bytes, big
/// endian), its key (`levels/e1m1.toml`), its length (4 bytes) and its bytes, as
/// web/pack-data.mjs writes it. Kept for the rest of the run; the number of files is
/// returned.
///
/// ```
/// let mut pack = b"TC1".to_vec();
/// for (key, bytes) in [("levels/tiny.toml", &b"name = 'x'"[..])] {
///     pack.extend((key.len() as u16).to_be_bytes());
///     pack.extend(key.as_bytes());
///     pack.extend((bytes.len() as u32).to_be_bytes());
///     pack.extend(bytes);
/// }
/// assert_eq!(tilecaster::files::provide_bundle(pack), Ok(1));
/// let path = std::path::Path::new("<built-in>/levels/tiny.toml");
/// assert!(tilecaster::files::is_file(path));
/// ```
pub fn provide_bundle(pack: Vec<u8>) -> Result<usize, BundleError> {
    let pack: &'static [u8] = Box::leak(pack.into_boxed_slice());
    let mut rest = pack.strip_prefix(PACK_MAGIC).ok_or(BundleError::NotAPack)?;
    let mut files = Vec::new();
    while !rest.is_empty() {
        let at = pack.len() - rest.len();
        let damaged = BundleError::Damaged(at);
        let (n, after) = rest.split_first_chunk::<2>().ok_or(damaged)?;
        let (name, after) = after
            .split_at_checked(usize::from(u16::from_be_bytes(*n)))
            .ok_or(damaged)?;
        let (length, after) = after.split_first_chunk::<4>().ok_or(damaged)?;
        let length = usize::try_from(u32::from_be_bytes(*length)).map_err(|_| damaged)?;
        let (bytes, after) = after.split_at_checked(length).ok_or(damaged)?;
        let name = std::str::from_utf8(name).map_err(|_| damaged)?;
        if name.is_empty() {
            return Err(damaged);
        }
        files.push((name.to_string(), bytes));
        rest = after;
    }
    let count = files.len();
    PROVIDED.set(files).map_err(|_| BundleError::Twice)?;
    Ok(count)
}

/// The bundled bytes for `path`, when it names a bundled file.
pub(super) fn file(path: &Path) -> Option<&'static [u8]> {
    let key = key(path)?;
    entries().find(|(k, _)| *k == key).map(|(_, b)| b)
}

/// The bundled files directly in the folder `dir`, when it is a bundled folder.
pub(super) fn folder(dir: &Path) -> Option<Vec<PathBuf>> {
    let key = key(dir)?;
    let files: Vec<PathBuf> = entries()
        .filter_map(|(k, _)| {
            let (folder, name) = k.rsplit_once('/')?;
            (folder == key).then(|| dir.join(name))
        })
        .collect();
    (!files.is_empty()).then_some(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_episode_and_its_textures_are_bundled() {
        let at = |p: &str| Path::new(BUILT_IN).join(p);
        assert!(file(&at("levels/e1m1.toml")).is_some());
        assert!(file(&at("./levels/../textures/brick.png")).is_some());
        assert!(file(&at("textures/sprites/guard.png")).is_some());
        assert!(
            file(Path::new("levels/e1m1.toml")).is_none(),
            "only under <built-in>"
        );
        assert!(file(&at("../levels/e1m1.toml")).is_none());
        let textures = folder(&at("textures")).unwrap();
        assert!(textures.contains(&at("textures/brick.png")));
        assert!(
            !textures
                .iter()
                .any(|p| p.starts_with(at("textures/sprites")))
        );
        assert!(folder(&at("levels/e1m1.toml")).is_none());
    }

    #[test]
    fn a_damaged_data_pack_is_refused_saying_where() {
        assert_eq!(provide_bundle(b"PK".to_vec()), Err(BundleError::NotAPack));
        // A key of 5 bytes with 3 there; then a length running past the end.
        assert_eq!(
            provide_bundle(b"TC1\0\x05abc".to_vec()),
            Err(BundleError::Damaged(3))
        );
        let mut pack = b"TC1\0\x01a\0\0\0\x02x".to_vec();
        assert_eq!(provide_bundle(pack.clone()), Err(BundleError::Damaged(3)));
        // An empty key.
        pack = b"TC1\0\0\0\0\0\0".to_vec();
        assert_eq!(provide_bundle(pack), Err(BundleError::Damaged(3)));
    }

    #[test]
    fn bundled_bytes_are_the_repository_files() {
        for (path, bytes) in FILES {
            assert_eq!(std::fs::read(path).unwrap(), *bytes, "{path}");
        }
    }
}
