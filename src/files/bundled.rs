//! The bundled episode, textures and sprites, embedded in the binary (see `build.rs`), under
//! the made-up folder [`BUILT_IN`]: `<built-in>/levels/e1m1.toml`. The defaults point there
//! when the working directory has no `levels/` or `textures/` of its own, so a copied or
//! installed binary plays from any folder, while files on disk win wherever they are.

use std::path::{Component, Path, PathBuf};

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

/// The bundled bytes for `path`, when it names a bundled file.
pub(super) fn file(path: &Path) -> Option<&'static [u8]> {
    let key = key(path)?;
    FILES.iter().find(|(k, _)| *k == key).map(|(_, b)| *b)
}

/// The bundled files directly in the folder `dir`, when it is a bundled folder.
pub(super) fn folder(dir: &Path) -> Option<Vec<PathBuf>> {
    let key = key(dir)?;
    let files: Vec<PathBuf> = FILES
        .iter()
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
    fn bundled_bytes_are_the_repository_files() {
        for (path, bytes) in FILES {
            assert_eq!(std::fs::read(path).unwrap(), *bytes, "{path}");
        }
    }
}
