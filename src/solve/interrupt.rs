//! A request to stop every search of the process at once: a flag a signal handler sets (the
//! command line turns SIGINT, SIGTERM and SIGHUP into it while it writes files), and that the
//! long searches read every 65,536 nodes, so that Ctrl-C ends a deep 5×5 search in
//! milliseconds, not when it would have ended. A search stopped so ends as if out of budget;
//! the caller, which asked for the flag, knows why.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag, for a signal handler to set (`signal_hook::flag::register`).
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(FLAG.get_or_init(Arc::default))
}

/// Whether a stop was asked for.
#[inline]
pub fn requested() -> bool {
    FLAG.get().is_some_and(|flag| flag.load(Ordering::Relaxed))
}
