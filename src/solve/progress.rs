//! What a long search is doing, for a live line on a terminal: IDA*'s bound and the nodes it has
//! expanded, told every 65,536 nodes (where the search also looks at the interrupt flag), and
//! `--fast`'s lines placed, told after each, to the one [`Watcher`] of the process, if the
//! command line set one. Like the interrupt flag, one for
//! the whole process: the threads of a search add to the same count.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::OnceLock;

/// Who hears of the searches' progress (the command line's live line).
pub trait Watcher: Send + Sync {
    /// A search began.
    fn began(&self);
    /// The search is at `bound`, with `nodes` expanded since it began.
    fn searching(&self, bound: u32, nodes: u64);
    /// `--fast` has placed `done` of the `lines` it peels, with `moves` so far.
    fn placing(&self, done: usize, lines: usize, moves: usize);
    /// The search ended.
    fn ended(&self);
}

static WATCHER: OnceLock<Box<dyn Watcher>> = OnceLock::new();
static BOUND: AtomicU32 = AtomicU32::new(0);
static NODES: AtomicU64 = AtomicU64::new(0);

/// Sets the watcher of every search of the process, once; `false` if one was set already.
pub fn watch(watcher: Box<dyn Watcher>) -> bool {
    WATCHER.set(watcher).is_ok()
}

/// A search begins.
pub(crate) fn begin() {
    NODES.store(0, Ordering::Relaxed);
    if let Some(watcher) = WATCHER.get() {
        watcher.began();
    }
}

/// The search's iteration to `bound` begins.
pub(crate) fn bound(bound: u32) {
    BOUND.store(bound, Ordering::Relaxed);
}

/// `nodes` more were expanded.
#[inline]
pub(crate) fn add(nodes: u64) {
    let total = NODES.fetch_add(nodes, Ordering::Relaxed) + nodes;
    if let Some(watcher) = WATCHER.get() {
        watcher.searching(BOUND.load(Ordering::Relaxed), total);
    }
}

/// `--fast` has placed `done` of its `lines`, with `moves` so far.
pub(crate) fn placed(done: usize, lines: usize, moves: usize) {
    if let Some(watcher) = WATCHER.get() {
        watcher.placing(done, lines, moves);
    }
}

/// The search ended.
pub(crate) fn end() {
    if let Some(watcher) = WATCHER.get() {
        watcher.ended();
    }
}

/// Tells the watcher that a search ended when dropped, however the search ends.
pub(crate) struct Ended;

impl Drop for Ended {
    fn drop(&mut self) {
        end();
    }
}
