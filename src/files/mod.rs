//! The one way files are read and written. Reads take regular files only (not devices, FIFOs
//! or folders) up to a limit per kind of file, so that `/dev/zero` or a FIFO handed over as a
//! level is a message, not a hang. Writes go to a uniquely named temporary file beside the
//! target and are moved into place only when whole, never replacing an existing file unless
//! asked; on any failure the temporary file is removed.
//!
//! Paths under [`BUILT_IN`] (`<built-in>/levels/e1m1.toml`) are the bundled episode and
//! textures, embedded in the binary; [`default_path`] picks them when the working directory
//! lacks the repository's own `levels/` and `textures/`.
//!
//! ```
//! use tilecaster::files::{Limit, read_bounded, write_new};
//! let dir = std::env::temp_dir().join(format!("tilecaster-files-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("a.txt");
//! write_new(&path, b"hello", false).unwrap();
//! assert!(write_new(&path, b"again", false).is_err(), "never overwritten unasked");
//! assert_eq!(read_bounded(&path, Limit::SETTINGS).unwrap(), b"hello");
//! std::fs::remove_dir_all(dir).unwrap();
//! ```

mod bundled;
mod provided;

pub use bundled::{BUILT_IN, BundleError, PACK_MAGIC, provide_bundle, repository_name};
pub use provided::{PROVIDED, name_of as provided_name, provide};

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The largest file of one kind that is read, and the kind's name for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Bytes.
    pub bytes: u64,
    /// What the file is ("level", "key file", ...).
    pub kind: &'static str,
}

impl Limit {
    /// A level file (TOML or Tiled): a 4096 x 4096 grid and its legend fit.
    pub const LEVEL: Limit = Limit {
        bytes: 64 << 20,
        kind: "level file",
    };
    /// A settings file (options and key bindings).
    pub const SETTINGS: Limit = Limit {
        bytes: 1 << 20,
        kind: "settings file",
    };
    /// A recording (an hour of play is about 7 MiB).
    pub const RECORDING: Limit = Limit {
        bytes: 256 << 20,
        kind: "recording",
    };
    /// A saved game.
    pub const SAVE: Limit = Limit {
        bytes: 256 << 20,
        kind: "save",
    };
    /// A sound (WAV): half a minute of 8-channel 32-bit audio at 96 kHz fits.
    pub const SOUND: Limit = Limit {
        bytes: 64 << 20,
        kind: "sound file",
    };
    /// A texture or sprite sheet (PNG).
    pub const TEXTURE: Limit = Limit {
        bytes: 32 << 20,
        kind: "texture",
    };
}

/// A file that could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Not there, not readable, or failed while reading.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A folder, a device, a FIFO: only regular files are read.
    #[error("{path} is not a regular file (a {what}); a {kind} must be one")]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is instead.
        what: &'static str,
        /// The kind of file wanted.
        kind: &'static str,
    },
    /// Over the kind's limit.
    #[error("{path} is over {}, the limit for a {kind}", size_text(*limit))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, bytes.
        limit: u64,
        /// The kind of file.
        kind: &'static str,
    },
    /// The target exists and replacing it was not asked for.
    #[error("{0} exists: pass --force to overwrite it")]
    Exists(PathBuf),
    /// Writing failed (the temporary file is gone).
    #[error("cannot write {path}: {source}")]
    Write {
        /// The target.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl FileError {
    /// As an I/O error, for callers whose own errors wrap one: a read's or a write's own
    /// error, or this one's message.
    pub fn into_io(self) -> std::io::Error {
        match self {
            FileError::Read { source, .. } | FileError::Write { source, .. } => source,
            other => std::io::Error::other(other.to_string()),
        }
    }
}

/// A size as people read it: MiB from 1 MiB up, else bytes.
fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// The whole of the regular file at `path`, if it is no larger than `limit`.
pub fn read_bounded(path: &Path, limit: Limit) -> Result<Vec<u8>, FileError> {
    let read_err = |source| FileError::Read {
        path: path.to_path_buf(),
        source,
    };
    let handed = provided::file(path);
    if let Some(bytes) = bundled::file(path).or(handed.as_deref()) {
        if bytes.len() as u64 > limit.bytes {
            return Err(FileError::TooLarge {
                path: path.to_path_buf(),
                limit: limit.bytes,
                kind: limit.kind,
            });
        }
        return Ok(bytes.to_vec());
    }
    if cfg!(target_arch = "wasm32") {
        // The page has no file system: its files are the bundled ones and those handed over.
        return Err(read_err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "not among the page's files (a file dropped on the page lasts the visit: drop it again)",
        )));
    }
    let meta = std::fs::metadata(path).map_err(read_err)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "folder"
        } else {
            "device, FIFO or socket"
        };
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what,
            kind: limit.kind,
        });
    }
    let too_large = || FileError::TooLarge {
        path: path.to_path_buf(),
        limit: limit.bytes,
        kind: limit.kind,
    };
    if meta.len() > limit.bytes {
        return Err(too_large());
    }
    // Bounded again while reading: the file may grow between the two looks.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(limit.bytes + 1).read_to_end(&mut bytes))
        .map_err(read_err)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_large());
    }
    Ok(bytes)
}

/// `relative` (`levels/e1m1.toml`, `textures`) in the working directory when it is there,
/// else the bundled copy under [`BUILT_IN`]: the default level and textures.
///
/// ```
/// use tilecaster::files::default_path;
/// // Run from the repository, its own files; from anywhere else, the bundled ones.
/// assert!(tilecaster::files::is_file(&default_path("levels/e1m1.toml")));
/// ```
pub fn default_path(relative: &str) -> PathBuf {
    let here = PathBuf::from(relative);
    // A path already under `<built-in>` (or the page's files) is taken as it is.
    if here.exists() || exists(&here) {
        here
    } else {
        Path::new(BUILT_IN).join(relative)
    }
}

/// Whether `path` is a regular file (on disk, bundled, or handed over).
pub fn is_file(path: &Path) -> bool {
    bundled::file(path).is_some() || provided::file(path).is_some() || path.is_file()
}

/// Whether `path` is a folder (on disk, bundled, or the folder of the files handed over).
pub fn is_dir(path: &Path) -> bool {
    bundled::folder(path).is_some() || provided::folder(path).is_some() || path.is_dir()
}

/// Whether `path` exists (on disk, bundled, or handed over).
pub fn exists(path: &Path) -> bool {
    bundled::file(path).is_some()
        || bundled::folder(path).is_some()
        || provided::file(path).is_some()
        || provided::folder(path).is_some()
        || path.exists()
}

/// `path` with its `.` left out and each `..` folded into the name before it, by name only
/// (links are not followed: a `..` after a link leads elsewhere than its folding says); a
/// `..` with no name before it stays, one right after the root is dropped.
///
/// ```
/// use std::path::{Path, PathBuf};
/// use tilecaster::files::folded;
/// assert_eq!(folded(Path::new("levels/../textures")), PathBuf::from("textures"));
/// assert_eq!(folded(Path::new("../a/./b/..")), PathBuf::from("../a"));
/// ```
pub fn folded(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match (part, out.components().next_back()) {
            (Component::CurDir, _) => {}
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            (Component::ParentDir, Some(Component::RootDir | Component::Prefix(_))) => {}
            (other, _) => out.push(other),
        }
    }
    out
}

/// The paths of the entries of the folder `dir` (on disk, bundled, or handed over).
pub fn list_folder(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    if let Some(files) = bundled::folder(dir).or_else(|| provided::folder(dir)) {
        return Ok(files);
    }
    Ok(std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect())
}

/// The hash recordings, saves and network games keep of a file's bytes (a level file's, the
/// data that decides play): FNV-1a, 64 bits, in hex; the same on every target and with every
/// Rust release (std's hashers promise neither).
///
/// ```
/// assert_eq!(tilecaster::files::file_hash(b"foobar"), "85944171f73967e8");
/// ```
pub fn file_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The [`file_hash`] of the level file at `path` (`None` where it cannot be read within the
/// level's size limit).
pub fn level_file_hash(path: &Path) -> Option<String> {
    read_bounded(path, Limit::LEVEL)
        .ok()
        .map(|bytes| file_hash(&bytes))
}

/// [`read_bounded`] as UTF-8 text; not UTF-8 is an error naming the line and column of the
/// first bad byte.
pub fn read_text(path: &Path, limit: Limit) -> Result<String, FileError> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        FileError::Read {
            path: path.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not UTF-8 text: an invalid byte at line {line}, column {column}"),
            ),
        }
    })
}

/// Writes `bytes` to `path` through a uniquely named temporary file beside it, moved into place
/// when whole. An existing `path` is replaced only when `overwrite`; otherwise, even when
/// another writer creates it meanwhile, the write fails and nothing is replaced. The file
/// gets the mode a plain create gives under the user's umask (0644 for the usual 022), so that
/// a render or recording copied to a shared folder or web server can be read there; saves
/// and settings use [`write_private`].
///
/// A path under [`PROVIDED`] (`<page>/NAME`) is written as a file handed over (in memory,
/// whole at once): the browser's saves are kept there, and in its localStorage by the page.
pub fn write_new(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), FileError> {
    write_for(path, bytes, overwrite, Readers::Everyone)
}

/// As [`write_new`], readable by its owner only (mode 0600 on Unix): saves and settings.
pub fn write_private(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), FileError> {
    write_for(path, bytes, overwrite, Readers::Owner)
}

/// Who may read a file written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Readers {
    /// Whoever the user's umask lets (a plain create's mode: 0666 less the umask).
    Everyone,
    /// The owner alone (0600).
    Owner,
}

fn write_for(
    path: &Path,
    bytes: &[u8],
    overwrite: bool,
    readers: Readers,
) -> Result<(), FileError> {
    if let Some(name) = provided::name_of(path) {
        if !overwrite && provided::file(path).is_some() {
            return Err(FileError::Exists(path.to_path_buf()));
        }
        provide(&name, bytes.to_vec());
        return Ok(());
    }
    write_with(path, overwrite, readers, |file| file.write_all(bytes))
}

/// As [`write_new`] (or [`write_private`], by `readers`), with the content written by `fill`.
pub fn write_with(
    path: &Path,
    overwrite: bool,
    readers: Readers,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<(), FileError> {
    let write_err = |source| FileError::Write {
        path: path.to_path_buf(),
        source,
    };
    check_writable(path, overwrite)?;
    let dir = folder_of(path);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // The temporary file's own mode is private (0600); it is moved into place with its mode,
    // so the mode wanted is given at its creation (the kernel applies the umask to it).
    #[cfg(unix)]
    if readers == Readers::Everyone {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    #[cfg(not(unix))]
    let _ = readers;
    // The temporary file is removed when dropped: on every failure below.
    let mut tmp = builder.tempfile_in(dir).map_err(write_err)?;
    fill(tmp.as_file_mut()).map_err(write_err)?;
    tmp.as_file().sync_all().map_err(write_err)?;
    if overwrite {
        tmp.persist(path).map_err(|e| write_err(e.error))?;
    } else {
        tmp.persist_noclobber(path).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                FileError::Exists(path.to_path_buf())
            } else {
                write_err(e.error)
            }
        })?;
    }
    Ok(())
}

/// Checks before long work that `path` can be written later: its folder exists and it is not
/// there already (unless `overwrite`).
pub fn check_writable(path: &Path, overwrite: bool) -> Result<(), FileError> {
    if !overwrite && path.symlink_metadata().is_ok() {
        return Err(FileError::Exists(path.to_path_buf()));
    }
    let dir = folder_of(path);
    if !dir.is_dir() {
        return Err(FileError::Write {
            path: path.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no folder {}", dir.display()),
            ),
        });
    }
    Ok(())
}

/// Moves a damaged file the player keeps (settings, high scores) aside, to the first free
/// `NAME.damaged[-N]`, so that the next save does not overwrite it; where it went (`None`:
/// not a regular file, or it could not be moved).
pub fn keep_damaged(path: &Path) -> Option<PathBuf> {
    // Only a regular file is moved (never a device or a link's target).
    if !path.symlink_metadata().ok()?.is_file() {
        return None;
    }
    let name = path.file_name()?.to_string_lossy().into_owned();
    (1..1000)
        .map(|n| match n {
            1 => path.with_file_name(format!("{name}.damaged")),
            n => path.with_file_name(format!("{name}.damaged-{n}")),
        })
        .find(|p| p.symlink_metadata().is_err())
        .and_then(|kept| std::fs::rename(path, &kept).ok().map(|()| kept))
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilecaster-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn paths_are_folded_by_name() {
        let folds = |p: &str| folded(Path::new(p));
        assert_eq!(folds("levels/../textures"), PathBuf::from("textures"));
        assert_eq!(
            folds("./mods/a/./b/../textures"),
            PathBuf::from("mods/a/textures")
        );
        assert_eq!(
            folds("../textures"),
            PathBuf::from("../textures"),
            "nothing to fold into"
        );
        assert_eq!(folds("a/../../t"), PathBuf::from("../t"));
        assert_eq!(folds("/a/../t"), PathBuf::from("/t"));
        assert_eq!(
            folds("/../t"),
            PathBuf::from("/t"),
            "nothing above the root"
        );
        assert_eq!(folds("levels/.."), PathBuf::new());
    }

    #[test]
    fn a_file_written_under_the_page_folder_is_handed_over_and_never_overwritten_unasked() {
        let path = Path::new(PROVIDED).join("write-test-save.json");
        write_new(&path, b"first", false).unwrap();
        assert_eq!(read_bounded(&path, Limit::SAVE).unwrap(), b"first");
        assert!(matches!(
            write_new(&path, b"second", false),
            Err(FileError::Exists(_))
        ));
        write_new(&path, b"third", true).unwrap();
        assert_eq!(read_bounded(&path, Limit::SAVE).unwrap(), b"third");
        assert!(is_file(&path));
        // Only plain names: a folder under it is not made up.
        let deeper = Path::new(PROVIDED).join("saves").join("a.json");
        assert!(write_new(&deeper, b"x", true).is_err());
    }

    /// Files for the user get a plain create's mode under the umask (read here from
    /// /proc/self/status); saves and settings stay the owner's.
    #[cfg(target_os = "linux")]
    #[test]
    fn written_files_get_the_umasks_mode_and_private_ones_the_owners() {
        use std::os::unix::fs::PermissionsExt;
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let umask = status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .map(|m| u32::from_str_radix(m.trim(), 8).unwrap())
            .unwrap();
        let dir = scratch("modes");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        write_new(&dir.join("shared"), b"x", false).unwrap();
        assert_eq!(mode(&dir.join("shared")), 0o666 & !umask, "umask {umask:o}");
        write_new(&dir.join("shared"), b"y", true).unwrap();
        assert_eq!(mode(&dir.join("shared")), 0o666 & !umask, "replaced");
        write_private(&dir.join("private"), b"x", false).unwrap();
        assert_eq!(mode(&dir.join("private")), 0o600);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = scratch("read");
        let tiny = Limit {
            bytes: 4,
            kind: "test file",
        };
        std::fs::write(dir.join("ok"), b"1234").unwrap();
        std::fs::write(dir.join("big"), b"12345").unwrap();
        assert_eq!(read_bounded(&dir.join("ok"), tiny).unwrap(), b"1234");
        let e = read_bounded(&dir.join("big"), tiny)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is over 4 bytes, the limit for a test file"),
            "{e}"
        );
        let e = read_bounded(&dir, tiny).unwrap_err().to_string();
        assert!(e.contains("is not a regular file (a folder)"), "{e}");
        let e = read_bounded(Path::new("/dev/zero"), tiny)
            .unwrap_err()
            .to_string();
        assert!(e.contains("device, FIFO or socket"), "{e}");
        std::fs::write(dir.join("latin1"), b"ok\nab\xe9").unwrap();
        let e = read_text(&dir.join("latin1"), Limit::SETTINGS)
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2, column 3"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn writes_never_clobber_and_leave_nothing_behind() {
        let dir = scratch("write");
        let path = dir.join("out.png");
        // A file of the old fixed temporary name is a user's file: left alone.
        std::fs::write(dir.join("out.png.tmp"), b"mine").unwrap();
        write_new(&path, b"first", false).unwrap();
        assert!(matches!(
            write_new(&path, b"second", false),
            Err(FileError::Exists(_))
        ));
        write_new(&path, b"third", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"third");
        assert_eq!(std::fs::read(dir.join("out.png.tmp")).unwrap(), b"mine");
        // A failing writer leaves no temporary file.
        let failed = write_with(&dir.join("x.bin"), false, Readers::Everyone, |_| {
            Err(std::io::Error::other("disk full"))
        });
        assert!(failed.is_err());
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        // Into a folder that is not there: refused before any work.
        assert!(check_writable(&dir.join("no/such/dir/f"), false).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
