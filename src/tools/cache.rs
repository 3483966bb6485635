//! The 15-puzzle's pattern databases, cached on disk (in the user's cache folder, XDG's
//! `~/.cache/eight` on Linux): built once, in about three seconds, and read back in a few
//! milliseconds by every later run.
//!
//! A cache file is never trusted: its size, header and CRC-32 must all match what this version
//! would write, or it is rebuilt (and the user told why). It is written under a fresh temporary
//! name beside its target and renamed over it, so a reader sees a whole file or none; a build
//! holds a lock on the folder, so that concurrent runs wait for one build instead of racing
//! with their own, and read its file.
//!
//! File layout: [`MAGIC`], the format version (u32, little-endian), the class, the number of
//! patterns and each pattern (its size, then its tiles), every entry of every pattern in
//! order, then the CRC-32 of all the bytes before it (u32, little-endian).

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use nix::fcntl::{Flock, FlockArg};
use tempfile::NamedTempFile;

use crate::solve::pdb::{Class, Databases, Memory, Source};

/// The first bytes of a cache file.
pub const MAGIC: &[u8; 8] = b"eightPDB";

/// The version of the layout; a file of another version is rebuilt.
const VERSION: u32 = 1;

/// What a build tells as it goes: placements settled, and their total.
pub type Progress = dyn Fn(u64, u64) + Send + Sync;

/// Pattern databases kept in a folder, and in memory once read or built.
pub struct DiskCache {
    /// The folder, or `None` when there is no cache folder: the databases then live in memory.
    folder: Option<PathBuf>,
    loaded: [OnceLock<Arc<Databases>>; 3],
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
            memory: Memory::new(),
            progress,
            warn,
        }
    }

    /// The user's cache folder for eight (`$XDG_CACHE_HOME/eight`, or `~/.cache/eight`).
    pub fn folder() -> Option<PathBuf> {
        dirs::cache_dir().map(|cache| cache.join("eight"))
    }

    /// The file of `class`'s databases in `folder`.
    pub fn file(folder: &Path, class: Class) -> PathBuf {
        folder.join(format!("pdb-{}-v{VERSION}.bin", class.name()))
    }

    /// The databases of `class` from the cache file, if it is whole; a damaged file is said
    /// unless `quiet`.
    fn read(&self, folder: &Path, class: Class, quiet: bool) -> Option<Databases> {
        let file = DiskCache::file(folder, class);
        let expected = expected_size(class);
        // only a plain file of the right size is read: never a link, a FIFO or a huge file
        let metadata = fs::symlink_metadata(&file).ok()?;
        let damaged = |why: &str| {
            if !quiet {
                (self.warn)(&format!("{}: {why}; rebuilding it", file.display()));
            }
            None
        };
        if !metadata.is_file() {
            return damaged("not a plain file");
        }
        if metadata.len() != expected as u64 {
            return damaged(&format!(
                "{} bytes where {expected} were expected",
                metadata.len()
            ));
        }
        let bytes = match fs::read(&file) {
            Ok(bytes) => bytes,
            Err(error) => return damaged(&error.to_string()),
        };
        match decode(class, &bytes) {
            Ok(databases) => Some(databases),
            Err(why) => damaged(why),
        }
    }

    /// Builds the databases of `class`, and writes them to `folder` if given.
    fn build(&self, folder: Option<&Path>, class: Class) -> Databases {
        let databases = Databases::build(class, &*self.progress);
        if let Some(folder) = folder {
            if let Err(error) = write(folder, &databases) {
                (self.warn)(&format!(
                    "cannot cache the pattern databases in {}: {error}",
                    folder.display()
                ));
            }
        }
        databases
    }

    /// The databases of `class` from the folder, built under its lock when the file is
    /// missing or damaged (another run's build is waited for and read).
    fn fetch(&self, folder: &Path, class: Class) -> Databases {
        if let Some(databases) = self.read(folder, class, false) {
            return databases;
        }
        let lock = fs::create_dir_all(folder)
            .and_then(|()| File::open(folder))
            .and_then(|dir| {
                Flock::lock(dir, FlockArg::LockExclusive).map_err(|(_, errno)| errno.into())
            });
        match lock {
            // another run may have built it while this one waited
            Ok(_lock) => match self.read(folder, class, true) {
                Some(databases) => databases,
                None => self.build(Some(folder), class),
            },
            Err(error) => {
                (self.warn)(&format!("cannot use {}: {error}", folder.display()));
                self.build(None, class)
            }
        }
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
        let databases = self.read(folder, class, false)?;
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
    let entries: usize = class
        .patterns()
        .iter()
        .map(|p| crate::solve::pdb::placements(p.len()))
        .sum();
    header(class).len() + entries + 4
}

/// The databases in a file's bytes, or what is wrong with them.
pub fn decode(class: Class, bytes: &[u8]) -> Result<Databases, &'static str> {
    if bytes.len() != expected_size(class) {
        return Err("the wrong size");
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body).to_le_bytes() != sum {
        return Err("its checksum does not match");
    }
    let header = header(class);
    if !body.starts_with(&header) {
        return Err("a header of another version or layout");
    }
    let mut rest = &body[header.len()..];
    let mut entries = Vec::new();
    for pattern in class.patterns() {
        let (these, after) = rest.split_at(crate::solve::pdb::placements(pattern.len()));
        entries.push(these.to_vec());
        rest = after;
    }
    Databases::from_entries(class, entries).ok_or("entries of the wrong sizes")
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
    let staged = NamedTempFile::new_in(folder)?;
    let mut out = BufWriter::new(staged);
    out.write_all(&encode(databases))?;
    let staged = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    staged.as_file().sync_all()?;
    staged
        .persist(DiskCache::file(folder, databases.class()))
        .map_err(|error| error.error)?;
    Ok(())
}
