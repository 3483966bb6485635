//! The one way `eight` writes a file (`show --svg`, `histogram --svg`, `gen --out`, `batch
//! --bless`, the cache), so that nothing is lost and nothing is replaced that `eight` did not
//! make. A new path or a regular file is written under a fresh temporary name beside it
//! (created exclusively, never through a link; `tempfile`), then renamed over it, with the mode
//! of the file it replaces: a reader sees the old file or the whole new one. Anything else at
//! the path is never replaced: a device or a FIFO (also one reached through a link, as
//! `/dev/stdout` is) is written in place where the writer allows it ([`Allow::Streams`]), and
//! refused otherwise; a link to a regular file, a link to nothing, a socket or a folder is
//! refused, with why. A stop flag (a signal caught) makes the next write fail, so that the
//! temporary file is removed on the way out.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tempfile::NamedTempFile;

/// What a writer takes at its path besides a regular file or nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Allow {
    /// Nothing else: a pair of files, a cache file.
    Files,
    /// Also a device or a FIFO, written in place (`--svg /dev/stdout`, `--svg >(cat)`).
    Streams,
}

/// Where the bytes go.
enum Sink {
    /// A temporary file beside the target, renamed over it at the end.
    Fresh(NamedTempFile),
    /// The device or FIFO itself.
    InPlace(File),
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        // the file itself, not tempfile's wrapper, whose errors would name the temporary path
        match self {
            Sink::Fresh(file) => file.as_file_mut().write(bytes),
            Sink::InPlace(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Fresh(file) => file.as_file_mut().flush(),
            Sink::InPlace(file) => file.flush(),
        }
    }
}

/// A file being written: see the module's documentation.
pub struct Staged {
    target: PathBuf,
    sink: io::BufWriter<Sink>,
    stop: Option<Arc<AtomicBool>>,
}

/// An error that names the path and says what is wrong with it.
fn refused(target: &Path, why: impl std::fmt::Display) -> io::Error {
    io::Error::other(format!("cannot write {}: {why}", target.display()))
}

/// The folder a target lies in, which must exist.
pub fn folder_of(target: &Path) -> io::Result<PathBuf> {
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        let why = format!("the folder {} does not exist", folder.display());
        return Err(refused(target, why));
    }
    Ok(folder)
}

impl Staged {
    /// Starts writing `target`, taking what [`Allow`] says besides a regular file or nothing.
    pub fn new(target: &Path, allow: Allow) -> io::Result<Staged> {
        Staged::stoppable(target, allow, None)
    }

    /// Starts writing `target` as [`Staged::new`] does, stopped by `flag`: a FIFO without a
    /// reader is waited for until one comes or the flag is set, and every write fails once it
    /// is (see [`Staged::stopped_by`]).
    pub fn stoppable(
        target: &Path,
        allow: Allow,
        flag: Option<Arc<AtomicBool>>,
    ) -> io::Result<Staged> {
        let sink = match what_is_at(target)? {
            At::Nothing | At::File => fresh(target)?,
            At::Stream(kind) if allow == Allow::Streams => {
                Sink::InPlace(in_place(target, kind, flag.as_deref())?)
            }
            At::Stream(kind) => {
                let why = format!("it is {kind}, and only a regular file is replaced here");
                return Err(refused(target, why));
            }
            At::Refused(why) => return Err(refused(target, why)),
        };
        Ok(Staged {
            target: target.to_path_buf(),
            sink: io::BufWriter::with_capacity(1 << 16, sink),
            stop: flag,
        })
    }

    /// Makes every write fail once `flag` is set (a signal came), so that the caller stops and
    /// the temporary file goes.
    pub fn stopped_by(mut self, flag: Arc<AtomicBool>) -> Staged {
        self.stop = Some(flag);
        self
    }

    /// The path being written.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Ends the writing: the temporary file renamed over the target, or the device flushed.
    pub fn commit(self) -> io::Result<()> {
        let target = self.target.clone();
        match self.finish()? {
            Finished::Fresh(file) => file
                .persist(&target)
                .map(drop)
                .map_err(|error| refused(&target, error.error)),
            Finished::InPlace => Ok(()),
        }
    }

    /// The bytes flushed: the temporary file synced to disk and not yet renamed (for a pair,
    /// renamed together), or the device's writes done.
    pub fn finish(self) -> io::Result<Finished> {
        let target = self.target;
        let sink = self
            .sink
            .into_inner()
            .map_err(|error| refused(&target, error.into_error()))?;
        match sink {
            Sink::Fresh(file) => {
                file.as_file().sync_all()?;
                Ok(Finished::Fresh(file))
            }
            Sink::InPlace(mut file) => file.flush().map(|()| Finished::InPlace),
        }
    }
}

/// A writer's bytes, all written.
pub enum Finished {
    /// In a temporary file beside the target, to rename over it.
    Fresh(NamedTempFile),
    /// In the device or FIFO itself.
    InPlace,
}

impl Write for Staged {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self
            .stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            // not ErrorKind::Interrupted, which write_all would retry for ever
            return Err(io::Error::other("interrupted by a signal"));
        }
        let target = &self.target;
        self.sink
            .write(bytes)
            .map_err(|error| refused(target, error))
    }

    fn flush(&mut self) -> io::Result<()> {
        let target = &self.target;
        self.sink.flush().map_err(|error| refused(target, error))
    }
}

/// What stands at a target.
enum At {
    Nothing,
    File,
    /// A device or a FIFO, itself or at the end of a link: what it is, in words.
    Stream(&'static str),
    /// Something never written: why, in words.
    Refused(String),
}

fn what_is_at(target: &Path) -> io::Result<At> {
    let meta = match fs::symlink_metadata(target) {
        Ok(meta) => meta,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(At::Nothing),
        Err(error) => return Err(refused(target, error)),
    };
    if meta.is_file() {
        return Ok(At::File);
    }
    if meta.is_dir() {
        return Ok(At::Refused("it is a folder".into()));
    }
    let linked = meta.file_type().is_symlink();
    let meta = match fs::metadata(target) {
        Ok(meta) => meta,
        Err(_) => return Ok(At::Refused("it is a symbolic link to nothing".into())),
    };
    if meta.is_file() {
        return Ok(At::Refused(
            "it is a symbolic link to a regular file, which is never written through a link: \
             name the file itself (or `-` for standard output)"
                .into(),
        ));
    }
    if meta.is_dir() {
        return Ok(At::Refused("it is a link to a folder".into()));
    }
    match stream_kind(&meta) {
        Some(kind) => Ok(At::Stream(kind)),
        None if linked => Ok(At::Refused("it is a link to a socket".into())),
        None => Ok(At::Refused("it is a socket".into())),
    }
}

/// A device or a FIFO, in words; `None` for anything else (a socket).
#[cfg(unix)]
fn stream_kind(meta: &fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    match () {
        _ if kind.is_char_device() => Some("a character device"),
        _ if kind.is_block_device() => Some("a block device"),
        _ if kind.is_fifo() => Some("a FIFO"),
        _ => None,
    }
}

/// Elsewhere, whatever is neither a file nor a folder is taken for a device.
#[cfg(not(unix))]
fn stream_kind(_: &fs::Metadata) -> Option<&'static str> {
    Some("a device")
}

/// A fresh temporary file beside `target`, with the mode of the file it will replace (or the
/// usual one less the umask).
fn fresh(target: &Path) -> io::Result<Sink> {
    let folder = folder_of(target)?;
    let name = target
        .file_name()
        .map_or("eight".into(), |name| name.to_string_lossy().into_owned());
    let temporary = tempfile::Builder::new()
        .prefix(&format!(".eight-{name}."))
        .suffix(".partial")
        .tempfile_in(&folder)
        .map_err(|error| refused(target, format!("in {}: {error}", folder.display())))?;
    take_mode(temporary.as_file(), target)?;
    Ok(Sink::Fresh(temporary))
}

/// `target` (a device or a FIFO of the `kind` seen) opened for writing as it is: never made,
/// never truncated; and if it turned into a regular file meanwhile, refused.
fn in_place(target: &Path, kind: &str, stop: Option<&AtomicBool>) -> io::Result<File> {
    let file = open_in_place(target, stop).map_err(|error| match error.kind() {
        io::ErrorKind::Interrupted => error,
        _ => refused(target, format!("{kind}: {error}")),
    })?;
    if file.metadata()?.is_file() {
        return Err(refused(target, "it changed into a regular file"));
    }
    Ok(file)
}

/// How often a FIFO without a reader is tried again.
#[cfg(unix)]
const FIFO_RETRY: std::time::Duration = std::time::Duration::from_millis(20);

/// Opens `target` for writing. A FIFO's open would block until a reader comes, deaf to the
/// stop flag: it is opened without blocking and tried again until a reader is there or `stop`
/// is set (then an error of kind `Interrupted`), and then made blocking for the writes.
#[cfg(unix)]
fn open_in_place(target: &Path, stop: Option<&AtomicBool>) -> io::Result<File> {
    use nix::fcntl::{fcntl, FcntlArg, OFlag};
    use std::os::unix::fs::OpenOptionsExt;
    loop {
        let opened = fs::OpenOptions::new()
            .write(true)
            .custom_flags(OFlag::O_NONBLOCK.bits())
            .open(target);
        match opened {
            Ok(file) => {
                fcntl(&file, FcntlArg::F_SETFL(OFlag::empty()))?;
                return Ok(file);
            }
            // a FIFO with no reader yet
            Err(error) if error.raw_os_error() == Some(nix::libc::ENXIO) => {
                if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                    return Err(io::Error::new(
                        io::ErrorKind::Interrupted,
                        format!("{}: stopped while waiting for a reader", target.display()),
                    ));
                }
                std::thread::sleep(FIFO_RETRY);
            }
            Err(error) => return Err(error),
        }
    }
}

#[cfg(not(unix))]
fn open_in_place(target: &Path, _stop: Option<&AtomicBool>) -> io::Result<File> {
    fs::OpenOptions::new().write(true).open(target)
}

/// Gives `staged`, a new file about to replace `target`, the mode `target` has, or when there
/// is none the usual one (0o666) less the umask. Windows keeps its own attributes.
fn take_mode(staged: &File, target: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::fs::Permissions;
        use std::os::unix::fs::PermissionsExt;
        let mode = match fs::metadata(target) {
            Ok(meta) => meta.permissions().mode(),
            Err(_) => 0o666 & !umask(),
        };
        staged.set_permissions(Permissions::from_mode(mode & 0o7777))
    }
    #[cfg(not(unix))]
    {
        let _ = (staged, target);
        Ok(())
    }
}

/// The process's umask, read without changing it for long.
#[cfg(unix)]
fn umask() -> u32 {
    use nix::sys::stat::{umask, Mode};
    let old = umask(Mode::from_bits_truncate(0o022));
    umask(old);
    old.bits() as u32
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    fn written(target: &Path, allow: Allow, text: &str) -> io::Result<()> {
        let mut staged = Staged::new(target, allow)?;
        staged.write_all(text.as_bytes())?;
        staged.commit()
    }

    #[test]
    fn replaces_files_and_writes_streams_in_place_but_never_replaces_them() {
        let dir = tempfile::tempdir().expect("a folder");
        let file = dir.path().join("picture.svg");
        written(&file, Allow::Streams, "one").expect("a new file");
        written(&file, Allow::Files, "two").expect("a file replaced");
        assert_eq!(fs::read_to_string(&file).expect("read"), "two");
        // a FIFO: written in place with a reader, refused where only files are taken
        let fifo = dir.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).expect("read"))
        };
        written(&fifo, Allow::Streams, "through").expect("in place");
        assert_eq!(reader.join().expect("read"), "through");
        let error = written(&fifo, Allow::Files, "x").expect_err("refused");
        assert!(error
            .to_string()
            .ends_with("it is a FIFO, and only a regular file is replaced here"));
        assert!(fs::symlink_metadata(&fifo)
            .expect("there")
            .file_type()
            .is_fifo());
        // links: to a device, written through; to a file or to nothing, refused and kept
        let null = dir.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &null).expect("a link");
        written(&null, Allow::Streams, "gone").expect("through the link");
        let link = dir.path().join("link.svg");
        std::os::unix::fs::symlink(&file, &link).expect("a link");
        let error = written(&link, Allow::Streams, "x").expect_err("refused");
        assert!(
            error
                .to_string()
                .contains("a symbolic link to a regular file"),
            "{error}"
        );
        assert_eq!(fs::read_to_string(&file).expect("read"), "two");
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).expect("a link");
        assert!(written(&dangling, Allow::Streams, "x").is_err());
        assert!(!dir.path().join("nowhere").exists());
        for path in [&null, &link, &dangling] {
            assert!(fs::symlink_metadata(path)
                .expect("there")
                .file_type()
                .is_symlink());
        }
        assert!(written(dir.path(), Allow::Streams, "x").is_err());
        let left: Vec<String> = fs::read_dir(dir.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".partial"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
