//! The 3×3 searches that answer without the tables, for comparison (`--algo`): `eight-core`'s
//! bidirectional BFS over parity-class ranks (meet-in-the-middle: a layer from each side until
//! they touch), and the textbook BFS, A* and IDA*. Each decides the parity first, on the packed
//! boards.

use std::time::Instant;

use super::{Control, Method, Outcome, Query, Search, Solution};
use crate::puzzle::moves::Path;
use crate::solve::square3::{pack, unpack};
use crate::solve::stats::Stats;
use crate::solve::textbook;
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
        let began = Instant::now();
        let expanded = self.solver.nodes_expanded();
        let generated = self.solver.nodes_generated();
        let found = self.solver.path(&start, &goal);
        let mut solution = solved(found, Method::Bibfs);
        solution.report.stats = Stats {
            expanded: self.solver.nodes_expanded() - expanded,
            generated: self.solver.nodes_generated() - generated,
            peak_frontier: self.solver.peak_frontier(),
            time: began.elapsed(),
        };
        solution
    }
}

/// A textbook search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Textbook {
    /// Plain breadth-first search from the goal.
    Bfs,
    /// A* with the Manhattan distance.
    Astar,
    /// IDA* with the Manhattan distance.
    Idastar,
}

impl Search for Textbook {
    fn search(&mut self, query: &Query, _: &Control) -> Solution {
        let Some((start, goal)) = packed(query) else {
            return Solution::said(Outcome::Unreachable, Method::Parity);
        };
        let ((found, stats), method) = match self {
            Textbook::Bfs => (textbook::bfs(&start, &goal), Method::Bfs),
            Textbook::Astar => (textbook::astar(&start, &goal), Method::Astar),
            Textbook::Idastar => {
                let (start, goal) = (unpack(&start), unpack(&goal));
                let found = textbook::idastar(&start, &goal, None);
                (found, Method::Idastar)
            }
        };
        let mut solution = solved(found, method);
        solution.report.stats = stats;
        solution
    }
}

/// The solution of a search of boards that reach each other: a path is always found.
fn solved(found: Option<Path>, method: Method) -> Solution {
    let path = found.expect("boards of one parity reach each other");
    Solution::said(Outcome::Found(path), method)
}
