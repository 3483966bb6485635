//! A seal on the cache folder while a judge's programs run: what they changed is removed.

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::STAGED;

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
