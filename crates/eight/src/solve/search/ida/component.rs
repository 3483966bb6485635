//! IDA* over an evaluator as a search: the evaluator makes the heuristic of each query (from its
//! tables, if it has any), and the driver beside it (`mod.rs`) searches with it on the component's threads.

use std::sync::Arc;

use crate::solve::control::Control;
use crate::solve::detours::Machines;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::report::Quality;
use crate::solve::search::ida;
use crate::solve::search::{Query, Search, Solution};
use crate::solve::Outcome;

/// IDA* guided by `E`'s heuristic, on `jobs` threads, cutting the detours of its machines.
pub struct Ida<E> {
    evaluator: E,
    jobs: usize,
    /// The nodes of an iteration after which the next is shared among the threads.
    shared_from: u64,
    machines: Arc<Machines>,
}

impl<E: Evaluator> Ida<E> {
    /// IDA* with `evaluator`'s heuristic, on `jobs` threads (one if 0), with machines of its
    /// own.
    pub fn new(evaluator: E, jobs: usize) -> Ida<E> {
        Ida {
            evaluator,
            jobs: jobs.max(1),
            shared_from: ida::SHARED_FROM,
            machines: Arc::default(),
        }
    }

    /// The same, sharing every iteration among its threads, however small: what a test of the
    /// threads needs (a search shares only those after one of 50,000 nodes).
    pub fn sharing_every_iteration(self) -> Ida<E> {
        Ida {
            shared_from: 0,
            ..self
        }
    }

    /// The same, cutting the detours of `machines` (an engine's store's), which its searches
    /// pay for.
    pub fn with_machines(self, machines: &Arc<Machines>) -> Ida<E> {
        Ida {
            machines: machines.clone(),
            ..self
        }
    }
}

impl<E: Evaluator> Search for Ida<E> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        let (start, goal) = (query.start, query.goal);
        let heuristic = self.evaluator.heuristic(start, goal);
        let within = ida::Within {
            limit: query.limit,
            budget: query.budget,
            jobs: self.jobs,
            shared_from: self.shared_from,
            want: query.want,
        };
        let estimate = heuristic.estimate();
        let (outcome, bounds, slices) = match query.bounds {
            ida::Bounds::Share(share) => {
                ida::solve_share(start, heuristic, within, share, &self.machines, control)
            }
            bounds => {
                let machines = &self.machines;
                let (outcome, searched) =
                    ida::solve_within(start, heuristic, within, bounds, machines, control);
                (outcome, searched, Vec::new())
            }
        };
        let mut solution = Solution::searched(outcome, self.evaluator.method(), bounds);
        solution.report.slices = slices;
        solution.report.found = query.want;
        // resumed above the start's estimate, the bounds below were not searched here: a path
        // found is not proved shortest, and says so
        if let (ida::Bounds::From(from), Outcome::Found(path)) = (query.bounds, &solution.outcome) {
            if from > estimate {
                solution.report.quality = Some(Quality {
                    optimal: false,
                    lower_bound: estimate,
                    length: path.len() as u32,
                });
            }
        }
        solution
    }
}
