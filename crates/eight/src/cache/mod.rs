//! The pattern databases, cached on disk (in the user's cache folder, XDG's `~/.cache/eight`
//! on Linux): a file per 6-6-3 class (its three tables, built in seconds, 16.8 MB) and one per
//! table of the 7-8 and 24-puzzle families (built in minutes, 29 to 260 MB), read back by every
//! later run.
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
//! The files' formats are in [`files`].

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{self, BufReader, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg, OFlag};

pub mod files;
pub mod listing;
mod lock;
pub mod machines;
mod seal;

pub use files::{decode, encode, MAGIC};
use lock::{lock, set_aside, tidy, try_lock};
pub use seal::Seal;

use crate::solve::control::Control;
use crate::solve::detours::Keeper;
use crate::solve::pdb::{self, Class, Depth, Family, Memory, Partition, Pdb, Spec, Supply};
use crate::staged::{Allow, Staged};
use files::VERSION;

/// The variable that moves the cache folder: an absolute path, used as it is.
pub const FOLDER_VARIABLE: &str = "EIGHT_CACHE_DIR";

/// How long a run waits for another's lock on the folder before it builds in memory: a build
/// takes two to four seconds here, twice that with four at once on two cores.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// What a build tells as it goes: what is built, the placements settled, and their total.
pub type Progress = dyn Fn(&str, u64, u64) + Send + Sync;

/// What one cache file holds: a class's 6-6-3 tables, built and read together, or one table of
/// another family.
#[derive(Clone)]
struct Item {
    /// Its name in the file's.
    name: &'static str,
    /// Its tables.
    specs: Vec<Spec>,
}

impl Item {
    /// The file that holds `spec`'s table.
    fn of(spec: &Spec) -> Item {
        match spec.family {
            Family::SIX_SIX_THREE => {
                let class = Class::of(spec.blank);
                Item {
                    name: class.name(),
                    specs: Partition::six_six_three(class).tables,
                }
            }
            _ => Item {
                name: spec.name,
                specs: vec![spec.clone()],
            },
        }
    }

    /// Its file in `folder`.
    fn file(&self, folder: &Path) -> PathBuf {
        folder.join(format!("pdb-{}-v{VERSION}.bin", self.name))
    }
}

/// What a cache file held: its item's tables, in order.
type Content = Vec<Pdb>;

/// Pattern databases kept in a folder, and in memory once read or built.
pub struct DiskCache {
    /// The folder, or `None` when there is no cache folder: the databases then live in memory.
    folder: Option<PathBuf>,
    /// Held while a file is read.
    reading: Mutex<()>,
    /// Held while a table is fetched (read, or built): one build of each at a time.
    fetching: Mutex<()>,
    /// The files found damaged (and said) by this run, by name: not read again until this run
    /// builds them.
    damaged: Mutex<HashSet<String>>,
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
            reading: Mutex::new(()),
            fetching: Mutex::new(()),
            damaged: Default::default(),
            memory: Memory::new(),
            progress,
            warn,
        }
    }

    /// A cache in `folder` that builds without a progress bar and says nothing of a file it
    /// cannot read or write (it builds the databases again instead): for a library.
    pub fn in_folder(folder: Option<PathBuf>) -> DiskCache {
        DiskCache::new(folder, Box::new(|_, _, _| {}), Box::new(|_| {}))
    }

    /// The user's cache folder for eight (`$EIGHT_CACHE_DIR`, else `$XDG_CACHE_HOME/eight`, else
    /// `~/.cache/eight`), when it is an absolute path: a relative one (a relative `HOME`) would
    /// put it under whatever folder a run starts in, so there is then none (the databases live
    /// in memory).
    pub fn folder() -> Option<PathBuf> {
        match std::env::var_os(FOLDER_VARIABLE).filter(|folder| !folder.is_empty()) {
            // a relative folder would move with the working directory: none, then
            Some(folder) => Some(PathBuf::from(folder)).filter(|folder| folder.is_absolute()),
            None => dirs::cache_dir()
                .map(|cache| cache.join("eight"))
                .filter(|folder| folder.is_absolute()),
        }
    }

    /// The file in `folder` of `class`'s 6-6-3 tables.
    pub fn file(folder: &Path, class: Class) -> PathBuf {
        DiskCache::table_file(folder, &Partition::six_six_three(class).tables[0])
    }

    /// The file in `folder` that holds the table of `spec` (with its class's other 6-6-3
    /// tables).
    pub fn table_file(folder: &Path, spec: &Spec) -> PathBuf {
        Item::of(spec).file(folder)
    }

    /// Whether this run found `item`'s file damaged.
    fn is_damaged(&self, item: &Item) -> bool {
        let damaged = self.damaged.lock().unwrap_or_else(PoisonError::into_inner);
        damaged.contains(item.name)
    }

    /// What `item`'s cache file holds, if it is whole and keeps the rules; a damaged file is
    /// said unless `quiet`, and removed. `locked`: this run holds the folder's lock.
    fn read(&self, folder: &Path, item: &Item, quiet: bool, locked: bool) -> Option<Content> {
        let file = item.file(folder);
        let damaged = |why: &str, seen: Option<(u64, u64)>| {
            let mut damaged = self.damaged.lock().unwrap_or_else(PoisonError::into_inner);
            damaged.insert(item.name.to_string());
            drop(damaged);
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
        let (opened, metadata) = match open(&file) {
            Ok(Some(opened)) => opened,
            Ok(None) => return None,
            Err(why) => return damaged(&why, None),
        };
        // what was opened, to remove that file and no other that took its place since
        let seen = Some((metadata.dev(), metadata.ino()));
        let expected = files::size(&item.specs);
        if !metadata.is_file() {
            return damaged("not a plain file", seen);
        }
        if files::is_earlier(&item.specs, metadata.len(), &mut &opened) {
            // an earlier version's file of the same class: replaced, nothing to say
            set_aside(&file, seen);
            return None;
        }
        if metadata.len() != expected {
            return damaged(
                &format!("{} bytes where {expected} were expected", metadata.len()),
                seen,
            );
        }
        let mut input = BufReader::with_capacity(1 << 16, opened);
        let content = match decode(&item.specs, &mut input) {
            Ok(content) => content,
            Err(why) => return damaged(&why, seen),
        };
        // every rule the first time a file is read, then the quick ones while it stays the same
        let stamp = Stamp::of(&metadata);
        let checked = Stamp::read(folder, item) == Some(stamp);
        let depth = if checked { Depth::Quick } else { Depth::Full };
        let verified = (content.iter().zip(&item.specs))
            .try_for_each(|(table, spec)| pdb::verify(table, spec.blank, depth));
        match verified {
            Ok(()) => {
                // written under the lock, as every file of eight's is (a judge's seal holds it)
                if !checked && (locked || try_lock(folder).is_some()) {
                    stamp.write(folder, item);
                }
                Some(content)
            }
            Err(why) => damaged(&format!("not a true database ({why})"), seen),
        }
    }

    /// Builds what `item`'s file holds, and writes it to `folder` if given; `None` if a stop was
    /// asked for during the build.
    fn build(&self, folder: Option<&Path>, item: &Item, control: &Control) -> Option<Content> {
        // one progress for the file: its tables' placements settled, and their total
        let what = match item.specs.as_slice() {
            [spec] => spec.describe(),
            _ => "15-puzzle 6-6-3 databases".to_string(),
        };
        let grand: u64 = item
            .specs
            .iter()
            .map(|s| s.pattern.placements() as u64)
            .sum();
        let mut content = Vec::new();
        let mut before = 0;
        for spec in &item.specs {
            let progress = |done, _| (self.progress)(&what, before + done, grand);
            // not through the memory's slot: the caller is initialising it
            content.push(pdb::build_table(spec, &progress, control)?);
            before += spec.pattern.placements() as u64;
        }
        let tables: Vec<&Pdb> = content.iter().collect();
        let bytes = folder.map(|_| encode(&item.specs, &tables));
        if let (Some(folder), Some(bytes)) = (folder, bytes) {
            let file = item.file(folder);
            let written = write(&file, &bytes).and_then(|()| {
                let metadata = fs::symlink_metadata(&file)?;
                Stamp::of(&metadata).write(folder, item);
                Ok(())
            });
            if let Err(error) = written {
                (self.warn)(&format!(
                    "cannot cache the pattern databases in {}: {error}",
                    folder.display()
                ));
            }
        }
        Some(content)
    }

    /// What `item`'s file holds, from the folder, built under its lock when the file is
    /// missing or damaged (another run's build is waited for and read, a few seconds at most);
    /// `None` if a stop was asked for during a build.
    fn fetch(&self, folder: &Path, item: &Item, control: &Control) -> Option<Content> {
        if !self.is_damaged(item) {
            if let Some(content) = self.read(folder, item, false, false) {
                return Some(content);
            }
        }
        match lock(folder, &*self.warn) {
            // another run may have built it while this one waited
            Ok(Some(_lock)) => match self.read(folder, item, true, true) {
                Some(content) => Some(content),
                None => {
                    remove_stale(folder);
                    self.build(Some(folder), item, control)
                }
            },
            Ok(None) => {
                (self.warn)(&format!(
                    "gave up waiting for {} after {} s: the databases are built for this run \
                     alone",
                    folder.display(),
                    LOCK_WAIT.as_secs()
                ));
                self.build(None, item, control)
            }
            Err(error) => {
                (self.warn)(&format!("cannot use {}: {error}", folder.display()));
                self.build(None, item, control)
            }
        }
    }
}

impl DiskCache {
    /// Keeps `content`, the tables of `item`, in memory; the one of `spec` among them.
    fn keep(&self, item: &Item, content: Content, spec: &Spec) -> Option<Arc<Pdb>> {
        for (held, table) in item.specs.iter().zip(content) {
            let _ = self.memory.slot(held).set(Arc::new(table));
        }
        self.memory.slot(spec).get().cloned()
    }
}

impl Supply for DiskCache {
    fn cached(&self, spec: &Spec) -> bool {
        if self.memory.slot(spec).get().is_some() {
            return true;
        }
        let Some(folder) = &self.folder else {
            return false;
        };
        let item = Item::of(spec);
        // a plain file, of the right size: what a read would trust before its check
        let found = fs::symlink_metadata(item.file(folder));
        let plain = found.is_ok_and(|m| m.is_file() && m.len() == files::size(&item.specs));
        plain && !self.is_damaged(&item)
    }

    fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
        let slot = self.memory.slot(spec);
        if let Some(table) = slot.get() {
            return Some(table.clone());
        }
        let Some(folder) = &self.folder else {
            return None;
        };
        // one thread reads the file; the others wait for its tables rather than read their own
        let _reading = self.reading.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(table) = slot.get() {
            return Some(table.clone());
        }
        let item = Item::of(spec);
        if self.is_damaged(&item) {
            return None;
        }
        let content = self.read(folder, &item, false, false)?;
        tidy(folder);
        self.keep(&item, content, spec)
    }

    fn table(&self, spec: &Spec, control: &Control) -> Option<Arc<Pdb>> {
        let Some(folder) = &self.folder else {
            let what = spec.describe();
            let progress = |done, total| (self.progress)(&what, done, total);
            return self.memory.table_with(spec, &progress, control);
        };
        let slot = self.memory.slot(spec);
        if let Some(table) = slot.get() {
            return Some(table.clone());
        }
        let _fetching = self.fetching.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(table) = slot.get() {
            return Some(table.clone());
        }
        let item = Item::of(spec);
        let content = self.fetch(folder, &item, control)?;
        self.keep(&item, content, spec)
    }

    fn keeper(&self) -> Option<&dyn Keeper> {
        Some(self)
    }
}

/// `file` opened to be read as a cache file, with what was opened: never through a link, never
/// waiting on a FIFO; `None` if there is no such file, else why it cannot be read.
fn open(file: &Path) -> Result<Option<(File, fs::Metadata)>, String> {
    let opened = fs::OpenOptions::new()
        .read(true)
        .custom_flags((OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK).bits())
        .open(file);
    let opened = match opened {
        Ok(opened) => opened,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) if error.raw_os_error() == Some(Errno::ELOOP as i32) => {
            return Err("a link, not a plain file".into())
        }
        Err(error) => return Err(error.to_string()),
    };
    let metadata = opened.metadata().map_err(|error| error.to_string())?;
    Ok(Some((opened, metadata)))
}

/// Removes the temporary files in `folder`, whose lock this run holds: every writer holds it
/// while its file is staged, so any left are those of runs killed while writing (up to 260 MB
/// each).
fn remove_stale(folder: &Path) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let staged = is_staged(&entry.file_name().to_string_lossy());
        if staged && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// What a cache file was when every rule was last checked on it: its inode, size and change
/// time, kept beside it (`pdb-corner-v2.checked`). A file rewritten or replaced since has
/// another; no user can set a change time, and where a judged program can reach the folder,
/// the judge's [`Seal`] removes whatever it changed, this file too. Like every file of eight's,
/// it is written only under the folder's lock. So the full check (0.2 s)
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

    fn path(folder: &Path, item: &Item) -> PathBuf {
        folder.join(format!("pdb-{}-v{VERSION}.checked", item.name))
    }

    /// The stamp kept for `item`'s file, if there is a readable one (never through a link,
    /// never waiting on a FIFO).
    fn read(folder: &Path, item: &Item) -> Option<Stamp> {
        let file = fs::OpenOptions::new()
            .read(true)
            .custom_flags((OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK).bits())
            .open(Stamp::path(folder, item))
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

    /// Keeps this stamp for `item`'s file: staged and renamed, as the databases are; a stamp
    /// that cannot be written only costs the next run the full check.
    fn write(self, folder: &Path, item: &Item) {
        let text = format!(
            "{} {} {} {}\n",
            self.inode, self.size, self.changed, self.changed_nanos
        );
        let written = write(&Stamp::path(folder, item), text.as_bytes());
        let _ = written;
    }
}

/// How the names of cache files being written begin (the one writer's temporary names for a
/// `pdb-` and a `detours-` file).
const STAGED: [&str; 2] = [".eight-pdb-", ".eight-detours-"];

/// Whether `name` is a cache file being written, or left by a run killed while writing it.
pub(super) fn is_staged(name: &str) -> bool {
    STAGED.iter().any(|staged| name.starts_with(staged))
}

/// Writes `bytes` into `file` through the one writer: under a temporary name beside it, then
/// renamed over it; a device, FIFO or link planted at its name is refused, never replaced.
fn write(file: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut staged = Staged::new(file, Allow::Files)?;
    staged.write_all(bytes)?;
    staged.commit()
}
