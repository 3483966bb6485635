//! Writing files so that nothing is lost and nothing is overwritten that is not ours: each file
//! is written under a fresh temporary name beside its target (created exclusively, never
//! through a link; `tempfile`), then renamed over it; a pair (`PREFIX.in` and `PREFIX.out`) is
//! renamed under a lock on its folder and rolled back if the second rename fails, so that both
//! files are new and match, or both are as they were. An interrupt (SIGINT, SIGTERM, SIGHUP) or
//! a file-size limit (SIGXFSZ) stops the writing through an error, so the temporary files are
//! removed on the way out.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context};
use tempfile::NamedTempFile;

/// Set when a signal asks the writing to stop.
pub struct Interrupts(Arc<AtomicBool>);

impl Interrupts {
    /// Turns SIGINT, SIGTERM, SIGHUP and SIGXFSZ into a flag for the writers to check, the
    /// one the searches check too ([`eight::solve::interrupt`]): a search under way stops.
    pub fn catch() -> io::Result<Interrupts> {
        let flag = eight::solve::interrupt::flag();
        super::platform::catch(&flag)?;
        Ok(Interrupts(flag))
    }

    /// Whether a signal came.
    pub fn came(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A file being written under a temporary name beside its target.
pub struct Staged<'a> {
    target: PathBuf,
    file: io::BufWriter<NamedTempFile>,
    interrupts: &'a Interrupts,
}

/// The folder a target lies in, which must exist.
fn folder_of(target: &Path) -> anyhow::Result<PathBuf> {
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        bail!(
            "cannot write {}: the folder {} does not exist",
            target.display(),
            folder.display()
        );
    }
    Ok(folder)
}

impl<'a> Staged<'a> {
    /// Starts writing `target`, keeping the mode of the file it will replace, if any.
    pub fn new(target: &Path, interrupts: &'a Interrupts) -> anyhow::Result<Staged<'a>> {
        let folder = folder_of(target)?;
        if target.is_dir() {
            bail!("cannot write {}: it is a folder", target.display());
        }
        let name = target
            .file_name()
            .map_or("eight".into(), |name| name.to_string_lossy().into_owned());
        let temporary = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".partial")
            .tempfile_in(&folder)
            .with_context(|| format!("cannot write in {}", folder.display()))?;
        // the mode of the file replaced (or the usual one, less the umask) once it is ours
        super::platform::take_mode(temporary.as_file(), target)?;
        Ok(Staged {
            target: target.to_path_buf(),
            file: io::BufWriter::with_capacity(1 << 16, temporary),
            interrupts,
        })
    }

    /// Renames the finished file over its target.
    pub fn commit(self) -> anyhow::Result<()> {
        let target = self.target.clone();
        self.finish()?
            .persist(&target)
            .map_err(|error| error.error)
            .with_context(|| format!("cannot write {}", target.display()))?;
        Ok(())
    }

    /// The written file, flushed and synced to disk.
    fn finish(self) -> anyhow::Result<NamedTempFile> {
        let temporary = self
            .file
            .into_inner()
            .map_err(|error| error.into_error())
            .with_context(|| format!("cannot write {}", self.target.display()))?;
        temporary.as_file().sync_all()?;
        Ok(temporary)
    }
}

impl Write for Staged<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.interrupts.came() {
            // not ErrorKind::Interrupted, which write_all would retry for ever
            return Err(io::Error::other("interrupted by a signal"));
        }
        self.file.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Renames two finished files over their targets together: under a lock on the first one's
/// folder, so that concurrent pairs never mix, and with the first rolled back if the second
/// fails, so that both are new or both are as they were.
pub fn commit_pair(first: Staged, second: Staged) -> anyhow::Result<()> {
    let folder = folder_of(&first.target)?;
    let (first_target, second_target) = (first.target.clone(), second.target.clone());
    let (first, second) = (first.finish()?, second.finish()?);
    let _lock = super::platform::lock_folder(&folder)
        .with_context(|| format!("cannot lock {}", folder.display()))?;
    // the old first file, kept under a temporary name until the pair is in place
    let backup = if first_target.is_file() {
        let backup = tempfile::Builder::new()
            .prefix(".eight-backup.")
            .tempfile_in(&folder)?
            .into_temp_path();
        fs::rename(&first_target, &backup)?;
        Some(backup)
    } else {
        None
    };
    let restore = |backup: Option<tempfile::TempPath>| match backup {
        Some(backup) => {
            let _ = fs::rename(&backup, &first_target);
            let _ = backup.keep();
        }
        None => drop(fs::remove_file(&first_target)),
    };
    if let Err(error) = first.persist(&first_target) {
        restore(backup);
        return Err(error.error)
            .with_context(|| format!("cannot write {}", first_target.display()));
    }
    if let Err(error) = second.persist(&second_target) {
        restore(backup);
        return Err(error.error)
            .with_context(|| format!("cannot write {}", second_target.display()));
    }
    Ok(())
}
