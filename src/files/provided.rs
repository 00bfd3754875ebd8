//! Files handed over while the program runs, under the made-up folder [`PROVIDED`]
//! (`<page>/my_level.toml`): in the browser, the files a modder drops on the page or chooses,
//! and recordings the page fetches. Read like any other file through this module.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The made-up folder of the files handed over.
pub const PROVIDED: &str = "<page>";

static STORE: Mutex<BTreeMap<String, Arc<[u8]>>> = Mutex::new(BTreeMap::new());

fn store() -> std::sync::MutexGuard<'static, BTreeMap<String, Arc<[u8]>>> {
    STORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Hands over a file: `name` (a plain file name; folders are dropped) becomes readable as
/// `<page>/name`, replacing a file handed over before under that name. Its path is returned.
///
/// ```
/// use tilecaster::files::{Limit, provide, read_text};
/// let path = provide("note.txt", b"hello".to_vec());
/// assert_eq!(read_text(&path, Limit::LEVEL).unwrap(), "hello");
/// ```
pub fn provide(name: &str, bytes: Vec<u8>) -> PathBuf {
    let name = name.rsplit(['/', '\\']).next().unwrap_or(name).to_string();
    let path = Path::new(PROVIDED).join(&name);
    store().insert(name, bytes.into());
    path
}

/// The plain file name `path` has under [`PROVIDED`] (`<page>/NAME`), if it is such a path.
pub fn name_of(path: &Path) -> Option<String> {
    super::bundled::key_under(PROVIDED, path).filter(|k| !k.is_empty() && !k.contains('/'))
}

/// The bytes handed over for `path`, when it names such a file.
pub(super) fn file(path: &Path) -> Option<Arc<[u8]>> {
    let key = super::bundled::key_under(PROVIDED, path)?;
    store().get(&key).cloned()
}

/// The files handed over, when `dir` is [`PROVIDED`] and there are any.
pub(super) fn folder(dir: &Path) -> Option<Vec<PathBuf>> {
    let key = super::bundled::key_under(PROVIDED, dir)?;
    if !key.is_empty() {
        return None;
    }
    let files: Vec<PathBuf> = store().keys().map(|k| dir.join(k)).collect();
    (!files.is_empty()).then_some(files)
}
