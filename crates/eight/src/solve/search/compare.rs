//! The searches that answer without the tables, for comparison (`--algo`): `eight-core`'s
//! bidirectional BFS over parity-class ranks of 3×3 boards (meet-in-the-middle: a layer from each
//! side until they touch), and the textbook BFS, A* and IDA* on boards of every shape. Each
//! decides the parity first and tells its layers.

use super::{Control, Method, Outcome, Query, Search, Solution};
use crate::puzzle::moves::Path;
use crate::solve::clock::Clock;
use crate::solve::report::Layer;
use crate::solve::square3::pack;
use crate::solve::stats::Stats;
use crate::solve::textbook::{self, Estimate};
use eight_core::bibfs::Solver;
use eight_core::packed::Packed;

/// The packed start and goal of a 3×3 query, if the start reaches the goal.
fn packed(query: &Query) -> Option<(Packed, Packed)> {
    let start = pack(query.start).expect("a 3x3 start");
    let goal = pack(query.goal).expect("a 3x3 goal");
    (start.parity() == goal.parity()).then_some((start, goal))
}

/// The bidirectional BFS, its frontiers and stamps allocated once for every query.
#[derive(Default)]
pub struct Bibfs {
    solver: Solver,
}

impl Bibfs {
    /// The fewest moves from `start` to `goal`, 3×3 boards; `None` if it does not reach it.
    pub fn distance(&mut self, start: &Packed, goal: &Packed) -> Option<u32> {
        match start.parity() == goal.parity() {
            true => self.solver.distance(start, goal),
            false => None,
        }
    }
}

impl Search for Bibfs {
    fn search(&mut self, query: &Query, _: &Control) -> Solution {
        let Some((start, goal)) = packed(query) else {
            return Solution::said(Outcome::Unreachable, Method::Parity);
        };
        let began = Clock::start();
        let expanded = self.solver.nodes_expanded();
        let generated = self.solver.nodes_generated();
        let found = self.solver.path(&start, &goal);
        let mut solution = solved(found, Method::Bibfs);
        let [forward, backward] = self.solver.layers();
        let layers = |sizes: Vec<u64>, backward: bool| {
            (0..).zip(sizes).map(move |(at, boards)| Layer {
                at,
                boards,
                backward,
            })
        };
        solution.report.layers = layers(forward, false)
            .chain(layers(backward, true))
            .collect();
        solution.report.stats = Stats {
            expanded: self.solver.nodes_expanded() - expanded,
            generated: self.solver.nodes_generated() - generated,
            peak_frontier: self.solver.peak_frontier(),
            time: began.elapsed(),
        };
        solution
    }
}

/// A textbook search, on boards of any shape (BFS and A* of at most 16 cells).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Textbook {
    /// Plain breadth-first search from the goal.
    Bfs,
    /// A* guided by an estimate.
    Astar(Estimate),
    /// IDA* guided by an estimate.
    Idastar(Estimate),
}

/// The most boards the textbook BFS and A* expand (each board they meet is kept: some 40 bytes
/// a board, under a gigabyte), whatever the query's budget.
pub const MOST_KEPT: u64 = 20_000_000;

impl Search for Textbook {
    fn search(&mut self, query: &Query, _: &Control) -> Solution {
        let (start, goal, kept) = (query.start, query.goal, query.budget.min(MOST_KEPT));
        let (run, method) = match *self {
            Textbook::Bfs => (textbook::bfs(start, goal, kept), Method::Bfs),
            Textbook::Astar(estimate) => {
                (textbook::astar(start, goal, estimate, kept), Method::Astar)
            }
            Textbook::Idastar(estimate) => (
                textbook::idastar_within(start, goal, estimate, query.limit, query.budget),
                Method::Idastar,
            ),
        };
        let method = match run.outcome {
            Outcome::Unreachable => Method::Parity,
            _ => method,
        };
        let mut solution = Solution::said(run.outcome, method);
        solution.report.stats = run.stats;
        solution.report.layers = run.layers;
        solution
    }
}

/// The solution of a search of boards that reach each other: a path is always found.
fn solved(found: Option<Path>, method: Method) -> Solution {
    let path = found.expect("boards of one parity reach each other");
    Solution::said(Outcome::Found(path), method)
}
