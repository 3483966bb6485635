//! A cheap search that makes way for a strong one once it has spent what the strong one's tables
//! cost to fetch: the rule of ski rental, never more than twice the cost of the best choice made
//! knowing the work in advance. [`Escalate`] gives one query a probe (linear conflicts before
//! pattern databases that are not ready, so that a shallow board never waits for a build);
//! [`Rent`] counts what a whole run has spent on weak databases (6-6-3 before 7-8). The strong
//! search's tables are fetched only when it is first asked ([`Fetch`]).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{Bounds, Control, Method, Outcome, Query, Search, Solution};

/// What makes a search once its tables are fetched; `None` if the control asked for a stop
/// while they were built.
pub type Make<'a> = Box<dyn FnOnce(&Control) -> Option<Box<dyn Search + 'a>> + 'a>;

/// A search whose tables are fetched (read from the cache, or built) when it is first asked, so
/// that planning it costs nothing; stopped during the build, it answers nothing, as a search
/// stopped is out of budget.
pub struct Fetch<'a> {
    make: Option<Make<'a>>,
    made: Option<Box<dyn Search + 'a>>,
    /// What answers once fetched: what a stop during the fetch is reported as.
    method: Method,
}

impl<'a> Fetch<'a> {
    /// The search that `make` makes, answering as `method`.
    pub fn new(method: Method, make: Make<'a>) -> Fetch<'a> {
        Fetch {
            make: Some(make),
            made: None,
            method,
        }
    }
}

impl Search for Fetch<'_> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        if let Some(make) = self.make.take() {
            self.made = make(control);
        }
        match &mut self.made {
            Some(search) => search.search(query, control),
            None => Solution::said(Outcome::Exhausted, self.method),
        }
    }
}

/// The nodes `spent` before a search count in its solution; the bounds it reports are its own.
fn after(mut solution: Solution, spent: u64) -> Solution {
    solution.report.stats.expanded += spent;
    solution
}

/// A query's cheap search within `probe` nodes, then its strong one with what is left.
pub struct Escalate<'a> {
    cheap: Box<dyn Search + 'a>,
    probe: u64,
    strong: Box<dyn Search + 'a>,
}

impl<'a> Escalate<'a> {
    /// `cheap` within `probe` nodes of each query, then `strong`.
    pub fn new(cheap: Box<dyn Search + 'a>, probe: u64, strong: Box<dyn Search + 'a>) -> Self {
        Escalate {
            cheap,
            probe,
            strong,
        }
    }
}

impl Search for Escalate<'_> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        let within = query.budget.min(self.probe);
        let probed = self.cheap.search(
            &Query {
                budget: within,
                ..*query
            },
            control,
        );
        // a stop asked for during the probe fetches nothing: a build would not be stopped
        let stopped = control.stop_requested();
        if probed.outcome != Outcome::Exhausted || within == query.budget || stopped {
            return probed;
        }
        let spent = probed.nodes();
        let budget = query.budget.saturating_sub(spent);
        after(
            self.strong.search(&Query { budget, ..*query }, control),
            spent,
        )
    }
}

/// A run's weak search until the run has spent `load` nodes on it and the strong one's tables
/// are ready, or `build` nodes whatever is ready; then the strong one, which goes on from the
/// bound the weak one reached (the bounds below it are proved empty). `spent` is the run's
/// count, shared by the engines of its store.
pub struct Rent<'a> {
    pub(crate) weak: Box<dyn Search + 'a>,
    pub(crate) strong: Box<dyn Search + 'a>,
    /// Whether the strong search's tables are ready (read without a build).
    pub(crate) ready: Box<dyn Fn() -> bool + 'a>,
    pub(crate) spent: &'a AtomicU64,
    /// Where the run looks at the strong tables: once they can be read, once they are worth
    /// building.
    pub(crate) load: u64,
    pub(crate) build: u64,
    /// What guides the weak search and the strong one: what a switch is told as.
    pub(crate) guides: (Method, Method),
}

impl Search for Rent<'_> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        let mut spent = 0;
        // the bound of the weak search's last iteration, which it did not finish: every bound
        // below it is proved empty, and a search resumed there needs not search them again
        let mut reached = None;
        loop {
            let so_far = self.spent.load(Relaxed);
            let threshold = match so_far < self.load {
                true => self.load,
                false => self.build,
            };
            let remaining = query.budget.saturating_sub(spent);
            let within = remaining.min(threshold.saturating_sub(so_far));
            if within > 0 {
                let weak = self.weak.search(
                    &Query {
                        budget: within,
                        bounds: resumed(query, reached),
                        ..*query
                    },
                    control,
                );
                let nodes = weak.nodes();
                self.spent.fetch_add(nodes, Relaxed);
                reached = weak.report.bounds.last().map(|last| last.bound).or(reached);
                let stopped = control.stop_requested() || within == remaining;
                if weak.outcome != Outcome::Exhausted || stopped {
                    return proved(after(weak, spent), query, reached);
                }
                spent += nodes;
            }
            // past a threshold: the strong tables if ready, or built once past the second;
            // short of that, the weak search goes on
            if self.spent.load(Relaxed) >= self.build || (self.ready)() {
                break;
            }
        }
        if let Some(bound) = reached {
            let (weak, strong) = self.guides;
            let nodes = self.spent.load(Relaxed);
            control.switched(&weak.name(), &strong.name(), nodes, bound);
        }
        let budget = query.budget.saturating_sub(spent);
        let bounds = resumed(query, reached);
        let strong = self.strong.search(
            &Query {
                budget,
                bounds,
                ..*query
            },
            control,
        );
        proved(after(strong, spent), query, reached)
    }
}

/// The iterations a search of `query` runs once an earlier one `reached` a bound: from there on,
/// when the query asked for them all.
fn resumed(query: &Query, reached: Option<u32>) -> Bounds {
    match (query.bounds, reached) {
        (Bounds::All, Some(bound)) => Bounds::From(bound),
        (bounds, _) => bounds,
    }
}

/// `solution`, of a search resumed where an earlier one of this query `reached`: its path is
/// as short as any, the bounds below proved empty here, whatever the resumed search could say.
fn proved(mut solution: Solution, query: &Query, reached: Option<u32>) -> Solution {
    if let (Bounds::All, Some(_)) = (query.bounds, reached) {
        solution.report.quality = None;
    }
    solution
}
