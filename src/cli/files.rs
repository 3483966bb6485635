//! Writing files so that nothing is lost and nothing is replaced that is not ours, through the
//! library's one writer ([`Staged`]); a pair (`PREFIX.in` and `PREFIX.out`) is renamed under a
//! lock on its folder and rolled back if the second rename fails, so that both files are new
//! and match, or both are as they were. An interrupt (SIGINT, SIGTERM, SIGHUP) or a file-size
//! limit (SIGXFSZ) stops the writing through an error, so the temporary files are removed on
//! the way out; a file past the size limit is said as such ("File too large").

use std::fs;
use std::path::Path;

use anyhow::Context;
use eight::staged::{folder_of, Finished};
pub use eight::staged::{Allow, Staged};

pub use super::platform::Interrupts;

/// Starts writing `target` (see [`Staged`]), stopped by `interrupts`.
pub fn staged(target: &Path, allow: Allow, interrupts: &Interrupts) -> anyhow::Result<Staged> {
    Ok(Staged::stoppable(target, allow, Some(interrupts.flag()))?)
}

/// Renames two finished files over their targets together: under a lock on the first one's
/// folder, so that concurrent pairs never mix, and with the first rolled back if the second
/// fails, so that both are new or both are as they were.
pub fn commit_pair(first: Staged, second: Staged) -> anyhow::Result<()> {
    let folder = folder_of(first.target())?;
    let (first_target, second_target) =
        (first.target().to_path_buf(), second.target().to_path_buf());
    let fresh = |finished: Finished, target: &Path| match finished {
        Finished::Fresh(file) => Ok(file),
        Finished::InPlace => anyhow::bail!(
            "cannot write {}: a pair is two regular files",
            target.display()
        ),
    };
    let first = fresh(first.finish()?, &first_target)?;
    let second = fresh(second.finish()?, &second_target)?;
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
