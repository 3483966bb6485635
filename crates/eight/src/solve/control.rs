//! What a caller hands a search besides its query: a flag that asks it to stop, and who hears of
//! its progress. The library keeps neither: two searches share a flag or a listener only when
//! their controls do, so a library user can stop one query and not another, and two engines in
//! one process count their nodes apart.
//!
//! A long search looks at its control every 65,536 nodes (IDA*), after every line (`--fast`)
//! or every bucket (a database build), so that Ctrl-C ends a deep 5×5 search in milliseconds.
//! A control may also end its searches at a time (`--time`): they stop the same way.
//! A search stopped so ends as if out of budget; the caller, which set the flag, knows why.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use crate::solve::clock::Clock;

/// Who hears of a search's progress (the command line's live line).
pub trait Watcher: Send + Sync {
    /// A search began.
    fn began(&self);
    /// The search is at `bound`, with `nodes` expanded since it began.
    fn searching(&self, bound: u32, nodes: u64);
    /// `--fast` has placed `done` of the `lines` it peels, with `moves` so far.
    fn placing(&self, done: usize, lines: usize, moves: usize);
    /// The search ended.
    fn ended(&self);
    /// The search's iteration to `bound` ended without a path, having expanded `nodes`; the
    /// next is at `next`. A long run says so, to be resumed there (the default says nothing).
    fn searched(&self, bound: u32, nodes: u64, next: u32) {
        let _ = (bound, nodes, next);
    }
    /// The run's searches guided by `weak` have spent `nodes`, what the tables of `strong` cost
    /// to build: `strong` takes over (its tables built if need be), from `bound` on, the bounds
    /// below proved empty. Said once a run, by the search under way (the default says nothing).
    fn switched(&self, weak: &str, strong: &str, nodes: u64, bound: u32) {
        let _ = (weak, strong, nodes, bound);
    }
}

/// A search's stop flag and listener; the default never stops and tells no one.
#[derive(Clone, Default)]
pub struct Control {
    stop: Option<Arc<AtomicBool>>,
    watcher: Option<Arc<dyn Watcher>>,
    /// When it began and how long its searches may go on.
    ends: Option<(Clock, Duration)>,
}

impl Control {
    /// This control, stopping its searches once `flag` is set (by a signal handler, another
    /// thread, a timer).
    pub fn stopped_by(mut self, flag: Arc<AtomicBool>) -> Control {
        self.stop = Some(flag);
        self
    }

    /// This control, stopping its searches also once `time` has passed from now (never where
    /// the platform has no clock).
    pub fn ending_after(mut self, time: Duration) -> Control {
        self.ends = Some((Clock::start(), time));
        self
    }

    /// This control, telling `watcher` of its searches' progress.
    pub fn watched_by(mut self, watcher: Arc<dyn Watcher>) -> Control {
        self.watcher = Some(watcher);
        self
    }

    /// Tells the watcher that a search switched from `weak` to `strong`: see
    /// [`Watcher::switched`].
    pub(crate) fn switched(&self, weak: &str, strong: &str, nodes: u64, bound: u32) {
        if let Some(watcher) = &self.watcher {
            watcher.switched(weak, strong, nodes, bound);
        }
    }

    /// Whether a stop was asked for.
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(|flag| flag.load(Relaxed))
            || (self.ends).is_some_and(|(began, time)| began.elapsed() >= time)
    }

    /// A search begins: its meter, which its threads share and which tells the watcher that
    /// the search ended when dropped, however it ends.
    pub(crate) fn begin(&self) -> Meter<'_> {
        if let Some(watcher) = &self.watcher {
            watcher.began();
        }
        Meter {
            control: self,
            bound: AtomicU32::new(0),
            nodes: AtomicU64::new(0),
        }
    }
}

/// One search's progress: the bound it is at and the nodes its threads have expanded.
pub(crate) struct Meter<'a> {
    control: &'a Control,
    bound: AtomicU32,
    nodes: AtomicU64,
}

impl Meter<'_> {
    /// The search's iteration to `bound` begins.
    pub(crate) fn bound(&self, bound: u32) {
        self.bound.store(bound, Relaxed);
    }

    /// `nodes` more were expanded; whether to go on (no stop asked for).
    #[inline]
    pub(crate) fn add(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Relaxed) + nodes;
        if let Some(watcher) = &self.control.watcher {
            watcher.searching(self.bound.load(Relaxed), total);
        }
        !self.control.stop_requested()
    }

    /// The iteration to `bound` ended without a path, with `nodes` expanded; the next is at
    /// `next`.
    pub(crate) fn searched(&self, bound: u32, nodes: u64, next: u32) {
        if let Some(watcher) = &self.control.watcher {
            watcher.searched(bound, nodes, next);
        }
    }

    /// Whether a stop was asked for, between two counts.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.control.stop_requested()
    }

    /// `--fast` has placed `done` of its `lines`, with `moves` so far; whether to go on.
    pub(crate) fn placed(&self, done: usize, lines: usize, moves: usize) -> bool {
        if let Some(watcher) = &self.control.watcher {
            watcher.placing(done, lines, moves);
        }
        !self.control.stop_requested()
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        if let Some(watcher) = &self.control.watcher {
            watcher.ended();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    #[derive(Default)]
    struct Heard(Mutex<Vec<String>>);

    impl Heard {
        fn say(&self, what: String) {
            self.0.lock().expect("no test thread panics").push(what);
        }
    }

    impl Watcher for Heard {
        fn began(&self) {
            self.say("began".into());
        }
        fn searching(&self, bound: u32, nodes: u64) {
            self.say(format!("{bound}:{nodes}"));
        }
        fn placing(&self, done: usize, lines: usize, moves: usize) {
            self.say(format!("{done}/{lines}:{moves}"));
        }
        fn ended(&self) {
            self.say("ended".into());
        }
        fn searched(&self, bound: u32, nodes: u64, next: u32) {
            self.say(format!("{bound} searched:{nodes}, next {next}"));
        }
    }

    #[test]
    fn two_controls_share_neither_flag_nor_count() {
        let (one, two) = (Arc::new(AtomicBool::new(false)), Arc::default());
        let heard = Arc::new(Heard::default());
        let first = Control::default()
            .stopped_by(one.clone())
            .watched_by(heard.clone());
        let second = Control::default().stopped_by(two);
        let (a, b) = (first.begin(), second.begin());
        a.bound(40);
        assert!(a.add(10) && a.add(5));
        assert!(b.add(7));
        one.store(true, Relaxed);
        assert!(!a.add(1), "the first is stopped");
        assert!(b.add(1), "the second goes on");
        assert!(!a.placed(1, 4, 9));
        a.searched(40, 16, 42);
        b.searched(7, 8, 9);
        drop((a, b));
        let heard = heard.0.lock().expect("no test thread panics").clone();
        assert_eq!(
            heard,
            [
                "began",
                "40:10",
                "40:15",
                "40:16",
                "1/4:9",
                "40 searched:16, next 42",
                "ended"
            ]
        );
        assert!(!Control::default().stop_requested());
    }

    #[test]
    fn a_control_ending_after_a_time_stops_its_searches_then_and_still_on_its_flag() {
        let flag = Arc::new(AtomicBool::new(false));
        let control = Control::default().stopped_by(flag.clone());
        let hour = control.clone().ending_after(Duration::from_secs(3600));
        let spent = control.clone().ending_after(Duration::ZERO);
        assert!(!hour.stop_requested() && hour.begin().add(1));
        assert!(
            spent.stop_requested() && !spent.begin().add(1),
            "its time is spent"
        );
        assert!(
            !control.stop_requested(),
            "the control it came from goes on"
        );
        flag.store(true, Relaxed);
        assert!(hour.stop_requested(), "the flag still stops it");
    }
}
