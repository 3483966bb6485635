//! The cache folder's lock: taken within [`LOCK_WAIT`](super::LOCK_WAIT) by a run that builds
//! (saying after a second which process holds it), tried by one that tidies what killed runs
//! left; and a damaged file set aside only if it is still the one examined.

use super::*;

/// The folder's lock, taken within [`LOCK_WAIT`] (`None` past it), saying after a second
/// which process holds it.
pub(super) fn lock(
    folder: &Path,
    warn: &(dyn Fn(&str) + Send + Sync),
) -> io::Result<Option<Flock<File>>> {
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
pub(super) fn holder(inode: u64) -> Option<(u32, String)> {
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

/// Removes a damaged cache file, if it is still the one examined (`seen`: its device and inode);
/// whether it is gone. A link (`None`) is the user's, not eight's: it is left as it is, never
/// followed, and the databases are built in memory while it stands.
pub(super) fn set_aside(file: &Path, seen: Option<(u64, u64)>) -> bool {
    let Ok(now) = fs::symlink_metadata(file) else {
        return false;
    };
    let same = seen.is_some_and(|seen| (now.dev(), now.ino()) == seen);
    same && !now.is_dir() && !now.file_type().is_symlink() && fs::remove_file(file).is_ok()
}

/// The folder's lock, if no other run holds it now.
pub(super) fn try_lock(folder: &Path) -> Option<Flock<File>> {
    let dir = File::open(folder).ok()?;
    Flock::lock(dir, FlockArg::LockExclusiveNonblock).ok()
}

/// Removes what killed runs left in `folder`, if no other run holds its lock now.
pub(super) fn tidy(folder: &Path) {
    if let Some(_lock) = try_lock(folder) {
        remove_stale(folder);
    }
}
