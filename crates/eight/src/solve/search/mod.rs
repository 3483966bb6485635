//! One interface for every search, in the manner of Fast Downward's search components: a
//! [`Query`] and a [`Control`] go in, a [`Solution`] (the outcome and its report) comes out,
//! returned, never read back. Each way of answering is a component implementing [`Search`]:
//!
//! - the whole-space tables ([`Whole`]: 3×3 embedded, other shapes of up to 9 cells built),
//!   parity alone ([`Parity`]), the bidirectional BFS ([`Bibfs`]) and the textbook searches
//!   ([`Textbook`]) on 3×3;
//! - IDA* over an evaluator ([`Ida`]: Manhattan, linear conflicts, pattern databases);
//! - a cheap search that makes way for a strong one ([`Escalate`]: linear conflicts until the
//!   databases pay for their fetching; [`Rent`]: 6-6-3 databases until 7-8 pay for theirs);
//! - `--fast`'s beam ([`Beam`]), composed of an optimal probe and the tables.
//!
//! The engine's plan (`engine/plan.rs`) chooses which answers a query; every optimal component
//! gives the canonical path, so which one answered never shows in the output.

pub(crate) mod bounded;
mod compare;
mod escalate;
pub(crate) mod fast;
pub(crate) mod ida;
mod whole;

pub use compare::{Bibfs, Textbook};
pub use escalate::{Escalate, Fetch, Rent};
pub use fast::Beam;
pub use ida::Ida;
pub(crate) use whole::square3;
pub use whole::{Collect, MoveSink, Whole};

use super::control::Control;
pub use super::report::Outcome;
use super::report::{Bound, Method, Report};
use super::stats::Stats;
use crate::puzzle::board::Board;
pub use ida::{Bounds, Want};

/// What a search is asked: the way from `start` to `goal`, no longer than `limit` moves, within
/// `budget` expanded nodes.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    /// The board to solve.
    pub start: &'a Board,
    /// The board to reach, of the same shape.
    pub goal: &'a Board,
    /// The most moves asked for (`Beyond` past it); `None`: any.
    pub limit: Option<u32>,
    /// The most nodes the search may expand (the searches of more than 9 cells).
    pub budget: u64,
    /// Which of IDA*'s iterations it runs (the searches of more than 9 cells): all, from a
    /// bound on, or one share of one.
    pub bounds: Bounds,
    /// Which path it must find: the canonical one, or (for a count) any shortest one.
    pub want: Want,
}

/// What a search found and what it cost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// How it ended.
    pub outcome: Outcome,
    /// What answered and at what cost.
    pub report: Report,
}

impl Solution {
    /// `outcome`, answered by `method` without a search.
    pub fn said(outcome: Outcome, method: Method) -> Solution {
        Solution {
            outcome,
            report: Report {
                method,
                ..Report::default()
            },
        }
    }

    /// `outcome`, found by IDA* with `method` in `bounds`, its iterations.
    pub fn searched(outcome: Outcome, method: Method, bounds: Vec<Bound>) -> Solution {
        Solution {
            outcome,
            report: Report {
                method,
                stats: Stats {
                    expanded: bounds.iter().map(|bound| bound.nodes).sum(),
                    ..Stats::default()
                },
                bounds,
                ..Report::default()
            },
        }
    }

    /// The nodes expanded.
    pub fn nodes(&self) -> u64 {
        self.report.stats.expanded
    }
}

/// A way of answering a query; see the module's documentation.
pub trait Search {
    /// Answers `query`, whose start reaches its goal unless the component decides parity
    /// itself, stopping when `control` asks (as if out of budget).
    fn search(&mut self, query: &Query, control: &Control) -> Solution;
}

impl<S: Search + ?Sized> Search for &mut S {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        (**self).search(query, control)
    }
}

impl<S: Search + ?Sized> Search for Box<S> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        (**self).search(query, control)
    }
}

/// The boards whose parities differ: unreachable, decided without a search.
pub struct Parity;

impl Search for Parity {
    fn search(&mut self, _: &Query, _: &Control) -> Solution {
        Solution::said(Outcome::Unreachable, Method::Parity)
    }
}
