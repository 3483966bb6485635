//! The 15-puzzle's pattern databases, cached on disk (in the user's cache folder, XDG's
//! `~/.cache/eight` on Linux): built once, in about three seconds, and read back in a few
//! milliseconds by every later run.
//!
//! A cache file is never trusted: its size, header and CRC-32 must all match what this version
//! would write, and its entries must keep the rules of true tables ([`pdb::verify`]: a CRC
//! proves a file whole, not honest), or it is removed, rebuilt when a board needs it, and the
//! user told why, once a run: a file judged damaged is not read again by the same run. It is
//! opened without following links and without blocking (a FIFO in its place is refused, not
//! waited on). It is written under a fresh temporary
//! name beside its target and renamed over it, so a reader sees a whole file or none; a build
//! holds a lock on the folder, so that concurrent runs wait for one build instead of racing
//! with their own, and read its file, for a few seconds ([`LOCK_WAIT`]), saying whom they wait
//! for: past that, the run builds the databases in memory. What runs killed while writing left
//! is removed by the next run that takes the lock.
//!
//! File layout: [`MAGIC`], the format version (u32, little-endian), the class, the number of
//! patterns and each pattern (its size, then its tiles), every entry of every pattern in
//! order, then the CRC-32 of all the bytes before it (u32, little-endian).

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg, OFlag};

use crate::solve::pdb::{self, addresses, Class, Databases, Depth, Memory, Source};

/// How long a run waits for another's lock on the folder before it builds in memory: a build
/// takes two to four seconds here, twice that with four at once on two cores.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// The first bytes of a cache file.
pub const MAGIC: &[u8; 8] = b"eightPDB";

/// The version of the layout; a file of another version is rebuilt.
const VERSION: u32 = 2;

/// What a build tells as it goes: placements settled, and their total.
pub type Progress = dyn Fn(u64, u64) + Send + Sync;

/// Pattern databases kept in a folder, and in memory once read or built.
pub struct DiskCache {
    /// The folder, or `None` when there is no cache folder: the databases then live in memory.
    folder: Option<PathBuf>,
    loaded: [OnceLock<Arc<Databases>>; 3],
    /// Held while a file is read.
    reading: Mutex<()>,
    /// Whether each class's file has been found damaged (and said) by this run: it is not read
    /// again until this run builds it.
    damaged: [AtomicBool; 3],
    memory: Memory,
    progress: Box<Progress>,
    warn: Box<dyn Fn(&str) + Send + Sync>,
}

impl DiskCache {
    /// A cache in `folder`; `progress` hears of a build, `warn` of a file that cannot be read
    /// or written.
    pub fn new(
        folder: Option<PathBuf>,
        progress: Box<Progress>,
        warn: Box<dyn Fn(&str) + Send + Sync>,
    ) -> DiskCache {
        DiskCache {
            folder,
            loaded: Default::default(),
            reading: Mutex::new(()),
            damaged: Default::default(),
            memory: Memory::new(),
            progress,
            warn,
        }
    }

    /// A cache in `folder` that builds without a progress bar and says nothing of a file it
    /// cannot read or write (it builds the databases again instead): for a library.
    pub fn in_folder(folder: Option<PathBuf>) -> DiskCache {
        DiskCache::new(folder, Box::new(|_, _| {}), Box::new(|_| {}))
    }

    /// The user's cache folder for eight (`$XDG_CACHE_HOME/eight`, or `~/.cache/eight`), when
    /// it is an absolute path: a relative `HOME` would put it under whatever folder a run
    /// starts in, so there is then none (the databases live in memory).
    pub fn folder() -> Option<PathBuf> {
        dirs::cache_dir()
            .map(|cache| cache.join("eight"))
            .filter(|folder| folder.is_absolute())
    }

    /// The file of `class`'s databases in `folder`.
    pub fn file(folder: &Path, class: Class) -> PathBuf {
        folder.join(format!("pdb-{}-v{VERSION}.bin", class.name()))
    }

    /// The databases of `class` from the cache file, if it is whole and keeps the rules; a
    /// damaged file is said unless `quiet`, and removed.
    fn read(&self, folder: &Path, class: Class, quiet: bool) -> Option<Databases> {
        let file = DiskCache::file(folder, class);
        let damaged = |why: &str, seen: Option<(u64, u64)>| {
            self.damaged[class as usize].store(true, Ordering::Relaxed);
            let removed = set_aside(&file, seen);
            if !quiet {
                let what = if removed {
                    "removed; it is rebuilt when a board needs it"
                } else {
                    "not used; the databases are built when a board needs them"
                };
                (self.warn)(&format!("{}: {why}; {what}", file.display()));
            }
            None
        };
        // only a plain file of the right size is read: never through a link, never waiting on
        // a FIFO, never a huge file (checked on the file opened, so it cannot be swapped in
        // between)
        let opened = fs::OpenOptions::new()
            .read(true)
            .custom_flags((OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK).bits())
            .open(&file);
        let opened = match opened {
            Ok(opened) => opened,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return None,
            Err(error) if error.raw_os_error() == Some(Errno::ELOOP as i32) => {
                return damaged("a link, not a plain file", None)
            }
            Err(error) => return damaged(&error.to_string(), None),
        };
        let metadata = match opened.metadata() {
            Ok(metadata) => metadata,
            Err(error) => return damaged(&error.to_string(), None),
        };
        // what was opened, to remove that file and no other that took its place since
        let seen = Some((metadata.dev(), metadata.ino()));
        let expected = expected_size(class);
        if !metadata.is_file() {
            return damaged("not a plain file", seen);
        }
        if metadata.len() != expected as u64 {
            return damaged(
                &format!("{} bytes where {expected} were expected", metadata.len()),
                seen,
            );
        }
        let databases = match decode(class, &mut BufReader::with_capacity(1 << 16, opened)) {
            Ok(databases) => databases,
            Err(why) => return damaged(&why, seen),
        };
        // every rule the first time a file is read, then the quick ones while it stays the same
        let stamp = Stamp::of(&metadata);
        let checked = Stamp::read(folder, class) == Some(stamp);
        let depth = if checked { Depth::Quick } else { Depth::Full };
        match pdb::verify(&databases, depth) {
            Ok(()) => {
                if !checked {
                    stamp.write(folder, class);
                }
                Some(databases)
            }
            Err(why) => damaged(&format!("not a true database ({why})"), seen),
        }
    }

    /// Builds the databases of `class`, and writes them to `folder` if given.
    fn build(&self, folder: Option<&Path>, class: Class) -> Databases {
        let databases = Databases::build(class, &*self.progress);
        if let Some(folder) = folder {
            let written = write(folder, &databases).and_then(|()| {
                let metadata = fs::symlink_metadata(DiskCache::file(folder, class))?;
                Stamp::of(&metadata).write(folder, class);
                Ok(())
            });
            if let Err(error) = written {
                (self.warn)(&format!(
                    "cannot cache the pattern databases in {}: {error}",
                    folder.display()
                ));
            }
        }
        databases
    }

    /// The databases of `class` from the folder, built under its lock when the file is
    /// missing or damaged (another run's build is waited for and read, a few seconds at most).
    fn fetch(&self, folder: &Path, class: Class) -> Databases {
        if !self.damaged[class as usize].load(Ordering::Relaxed) {
            if let Some(databases) = self.read(folder, class, false) {
                return databases;
            }
        }
        match lock(folder, &*self.warn) {
            // another run may have built it while this one waited
            Ok(Some(_lock)) => match self.read(folder, class, true) {
                Some(databases) => databases,
                None => {
                    remove_stale(folder);
                    self.build(Some(folder), class)
                }
            },
            Ok(None) => {
                (self.warn)(&format!(
                    "gave up waiting for {} after {} s: the databases are built for this run \
                     alone",
                    folder.display(),
                    LOCK_WAIT.as_secs()
                ));
                self.build(None, class)
            }
            Err(error) => {
                (self.warn)(&format!("cannot use {}: {error}", folder.display()));
                self.build(None, class)
            }
        }
    }
}

/// The folder's lock, taken within [`LOCK_WAIT`] (`None` past it), saying after a second
/// which process holds it.
fn lock(folder: &Path, warn: &(dyn Fn(&str) + Send + Sync)) -> io::Result<Option<Flock<File>>> {
    fs::create_dir_all(folder)?;
    let mut dir = File::open(folder)?;
    let started = Instant::now();
    let mut told = false;
    loop {
        match Flock::lock(dir, FlockArg::LockExclusiveNonblock) {
            Ok(lock) => return Ok(Some(lock)),
            Err((back, Errno::EWOULDBLOCK)) => dir = back,
            Err((_, errno)) => return Err(errno.into()),
        }
        let waited = started.elapsed();
        if waited >= LOCK_WAIT {
            return Ok(None);
        }
        if !told && waited >= Duration::from_secs(1) {
            told = true;
            let holder = dir
                .metadata()
                .ok()
                .and_then(|m| holder(m.ino()))
                .map_or("another process".to_string(), |(pid, name)| {
                    format!("process {pid} ({name})")
                });
            warn(&format!(
                "waiting for {holder}, which holds the lock on {}; at most {} s more",
                folder.display(),
                (LOCK_WAIT - waited).as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The process holding a `flock` on the file of inode `inode`, and its name, from
/// `/proc/locks`.
fn holder(inode: u64) -> Option<(u32, String)> {
    let locks = fs::read_to_string("/proc/locks").ok()?;
    locks.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // `1: FLOCK  ADVISORY  WRITE 12345 08:01:1234567 0 EOF`; waiters are marked `->`
        if fields.get(1) != Some(&"FLOCK") {
            return None;
        }
        let found = fields.get(5)?.rsplit(':').next()?.parse::<u64>().ok()?;
        let pid: u32 = fields.get(4)?.parse().ok()?;
        let name = fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        (found == inode).then(|| (pid, name.trim().to_string()))
    })
}

/// Removes a damaged cache file, if it is still the one examined (`seen`: its device and inode;
/// `None` for a link, which is removed itself, never followed); whether it is gone.
fn set_aside(file: &Path, seen: Option<(u64, u64)>) -> bool {
    let Ok(now) = fs::symlink_metadata(file) else {
        return false;
    };
    let same = match seen {
        Some(seen) => (now.dev(), now.ino()) == seen,
        None => now.file_type().is_symlink(),
    };
    same && !now.is_dir() && fs::remove_file(file).is_ok()
}

/// Removes what killed runs left in `folder`, if no other run holds its lock now.
fn tidy(folder: &Path) {
    let locked = File::open(folder)
        .ok()
        .and_then(|dir| Flock::lock(dir, FlockArg::LockExclusiveNonblock).ok());
    if let Some(_lock) = locked {
        remove_stale(folder);
    }
}

impl Source for DiskCache {
    fn ready(&self, class: Class) -> Option<Arc<Databases>> {
        let slot = &self.loaded[class as usize];
        if let Some(databases) = slot.get() {
            return Some(databases.clone());
        }
        let Some(folder) = &self.folder else {
            return self.memory.ready(class);
        };
        // one thread reads the file; the others wait for its tables rather than read their own
        let _reading = self.reading.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(databases) = slot.get() {
            return Some(databases.clone());
        }
        if self.damaged[class as usize].load(Ordering::Relaxed) {
            return None;
        }
        let databases = self.read(folder, class, false)?;
        tidy(folder);
        Some(slot.get_or_init(|| Arc::new(databases)).clone())
    }

    fn get(&self, class: Class) -> Arc<Databases> {
        let Some(folder) = &self.folder else {
            return self.memory.get(class);
        };
        self.loaded[class as usize]
            .get_or_init(|| Arc::new(self.fetch(folder, class)))
            .clone()
    }
}

/// Removes the temporary files in `folder`, whose lock this run holds: every writer holds it
/// while its file is staged, so any left are those of runs killed while writing (33.6 MB each).
fn remove_stale(folder: &Path) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let staged = entry.file_name().to_string_lossy().starts_with(STAGED);
        if staged && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// What a cache file was when every rule was last checked on it: its inode, size and change
/// time, kept beside it (`pdb-corner-v2.checked`). A file rewritten or replaced since has
/// another; no user can set a change time, and where a judged program can reach the folder,
/// the judge's [`Seal`] removes whatever it changed, this file too. So the full check (0.2 s)
/// is paid once a file, and each later run makes the quick one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Stamp {
    inode: u64,
    size: u64,
    changed: i64,
    changed_nanos: i64,
}

impl Stamp {
    fn of(metadata: &fs::Metadata) -> Stamp {
        Stamp {
            inode: metadata.ino(),
            size: metadata.len(),
            changed: metadata.ctime(),
            changed_nanos: metadata.ctime_nsec(),
        }
    }

    fn path(folder: &Path, class: Class) -> PathBuf {
        folder.join(format!("pdb-{}-v{VERSION}.checked", class.name()))
    }

    /// The stamp kept for `class`'s file, if there is a readable one (never through a link,
    /// never waiting on a FIFO).
    fn read(folder: &Path, class: Class) -> Option<Stamp> {
        let file = fs::OpenOptions::new()
            .read(true)
            .custom_flags((OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK).bits())
            .open(Stamp::path(folder, class))
            .ok()?;
        let mut text = String::new();
        file.take(128).read_to_string(&mut text).ok()?;
        let mut numbers = text.split_whitespace();
        let mut next = || numbers.next()?.parse::<i64>().ok();
        Some(Stamp {
            inode: u64::try_from(next()?).ok()?,
            size: u64::try_from(next()?).ok()?,
            changed: next()?,
            changed_nanos: next()?,
        })
    }

    /// Keeps this stamp for `class`'s file: staged and renamed, as the databases are; a stamp
    /// that cannot be written only costs the next run the full check.
    fn write(self, folder: &Path, class: Class) {
        let written = tempfile::Builder::new()
            .prefix(STAGED)
            .tempfile_in(folder)
            .and_then(|mut staged| {
                let text = format!(
                    "{} {} {} {}\n",
                    self.inode, self.size, self.changed, self.changed_nanos
                );
                staged.write_all(text.as_bytes())?;
                staged
                    .persist(Stamp::path(folder, class))
                    .map_err(|error| error.error)
            });
        let _ = written;
    }
}

/// How the name of a file being written begins.
const STAGED: &str = ".eight-pdb-";

/// The header of `class`'s file: everything before the entries.
fn header(class: Class) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    header.extend(VERSION.to_le_bytes());
    header.push(class as u8);
    let patterns = class.patterns();
    header.push(patterns.len() as u8);
    for pattern in &patterns {
        header.push(pattern.len() as u8);
        header.extend(pattern);
    }
    header
}

/// The size of `class`'s file.
fn expected_size(class: Class) -> usize {
    let entries: usize = class.patterns().iter().map(|p| addresses(p.len())).sum();
    header(class).len() + entries + 4
}

/// The databases in a cache file's bytes, read from `input` straight into their tables, or what
/// is wrong with them.
pub fn decode(class: Class, input: &mut impl Read) -> Result<Databases, String> {
    let mut sum = crc32fast::Hasher::new();
    let mut take = |buffer: &mut [u8], sum: &mut crc32fast::Hasher| {
        input
            .read_exact(buffer)
            .map_err(|error| match error.kind() {
                io::ErrorKind::UnexpectedEof => "shorter than a whole file".to_string(),
                _ => error.to_string(),
            })?;
        sum.update(buffer);
        Ok::<(), String>(())
    };
    let expected = header(class);
    let mut found = vec![0; expected.len()];
    take(&mut found, &mut sum)?;
    let mut entries = Vec::new();
    for pattern in class.patterns() {
        let mut table = vec![0; addresses(pattern.len())];
        take(&mut table, &mut sum)?;
        entries.push(table);
    }
    let mut trailer = [0; 4];
    take(&mut trailer, &mut crc32fast::Hasher::new())?;
    if input.read(&mut [0]).map_err(|error| error.to_string())? != 0 {
        return Err("longer than a whole file".into());
    }
    if sum.finalize().to_le_bytes() != trailer {
        return Err("its checksum does not match".into());
    }
    if found != expected {
        return Err("a header of another version or layout".into());
    }
    Databases::from_entries(class, entries).ok_or_else(|| "entries of the wrong sizes".into())
}

/// The bytes of the cache file of `databases`.
pub fn encode(databases: &Databases) -> Vec<u8> {
    let mut bytes = header(databases.class());
    for entries in databases.entries() {
        bytes.extend(entries);
    }
    let sum = crc32fast::hash(&bytes);
    bytes.extend(sum.to_le_bytes());
    bytes
}

/// Writes `databases` into `folder` under a temporary name, then renames it into place.
fn write(folder: &Path, databases: &Databases) -> io::Result<()> {
    let staged = tempfile::Builder::new()
        .prefix(STAGED)
        .tempfile_in(folder)?;
    let mut out = BufWriter::new(staged);
    out.write_all(&encode(databases))?;
    let staged = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    staged.as_file().sync_all()?;
    staged
        .persist(DiskCache::file(folder, databases.class()))
        .map_err(|error| error.error)?;
    Ok(())
}

/// What the folder's database files were when a judge's programs started, to find any that a
/// program changed: a program that can reach the folder (a user without namespaces) could
/// plant a database for later runs, and no later run could tell it from one `eight` wrote.
/// A file is the same while its inode, size and change time are: a write or a rename changes
/// one, and no user can set a change time.
pub struct Seal {
    folder: PathBuf,
    files: Vec<(std::ffi::OsString, (u64, u64, i64, i64))>,
}

impl Seal {
    /// The database files of `folder` as they are now.
    pub fn take(folder: &Path) -> Seal {
        Seal {
            folder: folder.to_path_buf(),
            files: databases_in(folder),
        }
    }

    /// Removes every database file that is not as it was, and names them.
    pub fn break_changed(&self) -> Vec<PathBuf> {
        let mut removed = Vec::new();
        for (name, stamp) in databases_in(&self.folder) {
            let same = self.files.iter().any(|(n, s)| *n == name && *s == stamp);
            let path = self.folder.join(&name);
            if !same && fs::remove_file(&path).is_ok() {
                removed.push(path);
            }
        }
        removed
    }
}

/// The database files in `folder` (the names a database file or a staged one can have), each
/// with its inode, size and change time.
fn databases_in(folder: &Path) -> Vec<(std::ffi::OsString, (u64, u64, i64, i64))> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with("pdb-") || name.starts_with(STAGED)
        })
        .filter_map(|entry| {
            let meta = fs::symlink_metadata(entry.path()).ok()?;
            let stamp = (meta.ino(), meta.len(), meta.ctime(), meta.ctime_nsec());
            Some((entry.file_name(), stamp))
        })
        .collect()
}
