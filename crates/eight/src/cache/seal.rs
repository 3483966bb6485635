//! A seal on the cache folder while a judge's programs may reach it (runs without a mount
//! namespace of their own, as `--unconfined` allows): what they changed of eight's files is
//! removed, and nothing else.

use std::fs::{self, File};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use nix::fcntl::Flock;

use super::listing::known;

/// What eight's files in the folder were when a judge's programs started, to find any that a
/// program changed: a program that can reach the folder could plant a database for later runs,
/// and no later run could tell it from one `eight` wrote. A file is the same while its inode,
/// size and change time are: a write or a rename changes one, and no user can set a change
/// time.
///
/// Only eight's own names are looked at (a user's `pdb-mine.ent` beside them is theirs). The
/// seal holds the folder's lock from the moment it is taken: every writer of eight's files
/// holds that lock while it writes, so a concurrent `eight cache build` waits for the judge to
/// end rather than write a file the seal would then take for a program's.
pub struct Seal {
    folder: PathBuf,
    files: Vec<(String, Stamp)>,
    _lock: Flock<File>,
}

/// A file's inode, size and change time (seconds and nanoseconds).
type Stamp = (u64, u64, i64, i64);

impl Seal {
    /// The folder's lock (waited for as long as another run of eight holds it, `warn` told
    /// whom for), and eight's files in `folder` as they are then; the folder is made if it is
    /// missing, so that no program can make it first.
    pub fn take(folder: &Path, warn: &(dyn Fn(&str) + Send + Sync)) -> io::Result<Seal> {
        let lock = loop {
            if let Some(lock) = super::lock(folder, warn)? {
                break lock;
            }
        };
        Ok(Seal {
            folder: folder.to_path_buf(),
            files: eight_s_files(folder),
            _lock: lock,
        })
    }

    /// Removes every one of eight's files that is not as it was, names them, and lets go of
    /// the folder's lock.
    pub fn break_changed(self) -> Vec<PathBuf> {
        let mut removed = Vec::new();
        for (name, stamp) in eight_s_files(&self.folder) {
            let same = self.files.iter().any(|(n, s)| *n == name && *s == stamp);
            let path = self.folder.join(&name);
            if !same && fs::remove_file(&path).is_ok() {
                removed.push(path);
            }
        }
        removed
    }
}

/// Eight's files in `folder` (the exact names it writes: a database, or the stamp of one
/// checked), each with its inode, size and change time.
fn eight_s_files(folder: &Path) -> Vec<(String, Stamp)> {
    known()
        .into_iter()
        .filter_map(|(name, _)| {
            let meta = fs::symlink_metadata(folder.join(&name)).ok()?;
            let stamp = (meta.ino(), meta.len(), meta.ctime(), meta.ctime_nsec());
            Some((name, stamp))
        })
        .collect()
}
