//! What differs between systems, in one file: Unix (Linux, macOS, the BSDs) has signals that
//! stop a writer, FIFOs to open without waiting, file modes and folder locks; elsewhere
//! (Windows) each of these is the nearest thing there or nothing, said here. The judge's sandbox
//! and its supervisor are Linux's alone (the crate eight-sandbox); `cli::judge` says so.

use std::fs::File;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// This machine's name as it gives it (`hostname`), for a unit's record: on Windows,
/// `COMPUTERNAME`.
pub fn host() -> Option<String> {
    #[cfg(unix)]
    return nix::unistd::gethostname()
        .ok()
        .and_then(|name| name.into_string().ok());
    #[cfg(not(unix))]
    return std::env::var("COMPUTERNAME").ok();
}

/// The signals that ask a run to stop: SIGINT and SIGTERM everywhere, SIGHUP on Unix.
pub fn stop_signals() -> &'static [i32] {
    #[cfg(unix)]
    return &[
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ];
    #[cfg(not(unix))]
    return &[signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
}

/// The run's stop flag, which the command line keeps: set by a stop signal once caught
/// ([`Interrupts::catch`]), and handed to every search's control (`control` in `live.rs`) and
/// every writer.
pub fn stop_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    Arc::clone(FLAG.get_or_init(Arc::default))
}

/// The stop signals caught: they set the run's stop flag.
pub struct Interrupts(Arc<AtomicBool>);

impl Interrupts {
    /// Turns the stop signals ([`stop_signals`]) into the run's stop flag, for the writers and
    /// the searches to check: registered once a run, however many parts of it ask. A file past
    /// the size limit (`ulimit -f`, SIGXFSZ) is no stop: the write fails with EFBIG
    /// ([`survive_file_size_limit`], from the start), and the writer says "File too large"
    /// rather than "interrupted".
    pub fn catch() -> io::Result<Interrupts> {
        static REGISTERED: OnceLock<io::Result<()>> = OnceLock::new();
        let flag = stop_flag();
        let registered = REGISTERED.get_or_init(|| {
            for &signal in stop_signals() {
                signal_hook::flag::register(signal, Arc::clone(&flag))?;
            }
            Ok(())
        });
        match registered {
            Ok(()) => Ok(Interrupts(flag)),
            Err(error) => Err(io::Error::new(error.kind(), error.to_string())),
        }
    }

    /// Whether a signal came.
    pub fn came(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag the signals set.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// Past a file-size limit a write fails with EFBIG instead of the signal killing the run:
/// the cache's writer then removes its staged file and the answers still come. `flag` is set.
pub fn survive_file_size_limit(flag: &Arc<AtomicBool>) -> io::Result<()> {
    #[cfg(unix)]
    signal_hook::flag::register(signal_hook::consts::SIGXFSZ, Arc::clone(flag))?;
    let _ = flag;
    Ok(())
}

/// Whether `eight` started with standard output closed (`>&-`): the Rust runtime then opens
/// `/dev/null` in its place, for reading and writing, so that every answer would vanish
/// unseen. A shell's `> /dev/null` opens it for writing only, and is no trouble.
#[cfg(unix)]
pub fn stdout_was_closed() -> bool {
    use nix::fcntl::{fcntl, FcntlArg, OFlag};
    use nix::sys::stat::{fstat, stat, SFlag};
    let stdout = io::stdout();
    let (Ok(out), Ok(flags), Ok(null)) = (
        fstat(&stdout),
        fcntl(&stdout, FcntlArg::F_GETFL),
        stat("/dev/null"),
    ) else {
        return false;
    };
    let kind = |mode| SFlag::from_bits_truncate(mode) & SFlag::S_IFMT;
    let null = kind(out.st_mode) == kind(null.st_mode) && out.st_rdev == null.st_rdev;
    null && OFlag::from_bits_truncate(flags) & OFlag::O_ACCMODE == OFlag::O_RDWR
}

/// Windows gives a closed standard output no handle at all, and writes to it fail: said then.
#[cfg(not(unix))]
pub fn stdout_was_closed() -> bool {
    false
}

/// Opens `path` for reading without waiting for a writer if it is a FIFO (one with none then
/// reads as empty), and reads it blocking from there on, as a pipe of `<(command)` wants.
pub fn open_without_waiting(path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use nix::fcntl::{fcntl, FcntlArg, OFlag};
        use std::os::unix::fs::OpenOptionsExt;
        let opened = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(OFlag::O_NONBLOCK.bits())
            .open(path)?;
        fcntl(&opened, FcntlArg::F_SETFL(OFlag::empty())).map_err(io::Error::from)?;
        Ok(opened)
    }
    #[cfg(not(unix))]
    File::open(path)
}

/// An exclusive lock on a folder, held until dropped: `flock` on Unix. Elsewhere nothing is
/// locked, and two `gen --out` runs into one folder at once may mix their pairs.
pub struct FolderLock {
    #[cfg(unix)]
    _held: nix::fcntl::Flock<File>,
}

/// Waits for the lock on `folder`.
pub fn lock_folder(folder: &Path) -> io::Result<FolderLock> {
    #[cfg(unix)]
    {
        use nix::fcntl::{Flock, FlockArg};
        let held = Flock::lock(File::open(folder)?, FlockArg::LockExclusive)
            .map_err(|(_, errno)| io::Error::from(errno))?;
        Ok(FolderLock { _held: held })
    }
    #[cfg(not(unix))]
    {
        let _ = folder;
        Ok(FolderLock {})
    }
}
