//! The textbook IDA*: from the start, depth first with moves in the canonical order, the
//! estimate added up afresh at every node, nothing kept between nodes but the moves so far.

use super::estimate::{Estimate, Home};
use super::Run;
use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Path};
use crate::solve::clock::Clock;
use crate::solve::report::{Layer, Outcome};
use crate::solve::stats::Stats;

/// IDA* with the Manhattan distance and no budget: `--algo idastar`'s search with its defaults,
/// and, slow and plain as it is, the tests' check of the fast engine on boards of any size too
/// large for a breadth-first search. `None` when unreachable, or when every path is longer than
/// `limit`.
pub fn idastar(start: &Board, goal: &Board, limit: Option<u32>) -> (Option<Path>, Stats) {
    let run = idastar_within(start, goal, Estimate::Manhattan, limit, u64::MAX);
    match run.outcome {
        Outcome::Found(path) => (Some(path), run.stats),
        _ => (None, run.stats),
    }
}

/// IDA* guided by `estimate`, its bound growing until a path is found, the bound passes `limit`
/// (`Beyond`), or `budget` boards are expanded (`Exhausted`). Its layers are its iterations:
/// each bound, and the boards expanded under it.
pub fn idastar_within(
    start: &Board,
    goal: &Board,
    estimate: Estimate,
    limit: Option<u32>,
    budget: u64,
) -> Run {
    let began = Clock::start();
    if !start.reaches(goal) {
        return Run::unreachable(began);
    }
    let mut search = Deepening {
        home: Home::of(goal),
        estimate,
        board: *start,
        moves: Vec::new(),
        stats: Stats::default(),
        budget,
    };
    let mut bound = search.home.estimate(estimate, start);
    let mut layers = Vec::new();
    loop {
        if let Some(limit) = limit.filter(|&limit| bound > limit) {
            return Run::ended(Outcome::Beyond(limit), search.stats, layers, began);
        }
        let before = search.stats.expanded;
        let step = search.dive(0, bound, None);
        layers.push(Layer::new(bound, search.stats.expanded - before));
        match step {
            Step::Found => {
                let path = Path(std::mem::take(&mut search.moves));
                return Run::ended(Outcome::Found(path), search.stats, layers, began);
            }
            Step::Spent => return Run::ended(Outcome::Exhausted, search.stats, layers, began),
            Step::Above(next) => bound = next,
        }
    }
}

/// How a dive ended.
enum Step {
    Found,
    /// The smallest f that exceeded the bound.
    Above(u32),
    /// The budget ran out.
    Spent,
}

/// One IDA* search: the board as it stands, the moves that led to it, what it has cost.
struct Deepening {
    home: Home,
    estimate: Estimate,
    board: Board,
    moves: Vec<Move>,
    stats: Stats,
    budget: u64,
}

impl Deepening {
    /// The depth-first step: below the board as it stands, `cost` moves in, `last` the move
    /// that led here.
    fn dive(&mut self, cost: u32, bound: u32, last: Option<Move>) -> Step {
        let h = self.home.estimate(self.estimate, &self.board);
        if cost + h > bound {
            return Step::Above(cost + h);
        }
        if h == 0 {
            // only the goal is no move from it
            return Step::Found;
        }
        if self.stats.expanded == self.budget {
            return Step::Spent;
        }
        self.stats.expanded += 1;
        let depth = self.moves.len() as u64 + 1;
        self.stats.peak_frontier = self.stats.peak_frontier.max(depth);
        let mut smallest = u32::MAX;
        for step in Move::ALL {
            // undoing the last move is never on a shortest path
            if last.is_some_and(|last| last.opposite() == step) {
                continue;
            }
            // the move made on the board itself, and undone after
            if !self.board.slide(step) {
                continue;
            }
            self.stats.generated += 1;
            self.moves.push(step);
            match self.dive(cost + 1, bound, Some(step)) {
                Step::Above(over) => smallest = smallest.min(over),
                found_or_spent => return found_or_spent,
            }
            self.moves.pop();
            self.board.slide(step.opposite());
        }
        Step::Above(smallest)
    }
}
