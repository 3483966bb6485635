//! IDA* (Korf 1985) for boards of more than 9 cells, over any admissible heuristic kept up to
//! date move by move, within a budget of nodes: the Manhattan distance plus linear conflicts
//! ([`Conflicts`]) for any size, additive pattern databases ([`super::pdb`]) for 4×4.
//!
//! Moves are tried in the canonical order `d < l < r < u`, so the first solution found at the
//! final bound is the lexicographically smallest of the shortest paths: the canonical one. The
//! heuristic is admissible, so no prefix of that path is ever cut off at that bound.

use super::conflicts::Conflicts;
use crate::puzzle::board::BLANK;
use crate::puzzle::grid::Grid;
use crate::puzzle::moves::{Move, Path};

/// How a bounded search ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The canonical path.
    Found(Path),
    /// The board does not reach the goal.
    Unreachable,
    /// Every path to the goal is longer than the limit.
    Beyond(u32),
    /// The node budget ran out first.
    Exhausted,
}

/// An admissible estimate of the moves left, told of every move of the search and of its undoing.
pub trait Heuristic {
    /// What [`Heuristic::unslide`] needs to undo a move.
    type Undo: Copy;

    /// The estimate of the board as it stands; 0 only at the goal.
    fn estimate(&self) -> u32;

    /// `tile` has moved from `from` to `to` (the blank's cell before the move); `cells` is the
    /// board after it; `vertical` tells a move between rows.
    fn slide(
        &mut self,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        vertical: bool,
    ) -> Self::Undo;

    /// Undoes the [`Heuristic::slide`] of the same arguments, which returned `undo`.
    fn unslide(&mut self, tile: u8, from: usize, to: usize, vertical: bool, undo: Self::Undo);
}

/// A search: the board, the moves so far, the nodes spent, and the heuristic in step.
struct Search<H> {
    cells: Vec<u8>,
    blank: usize,
    /// The cell the blank reaches from each cell by each move.
    targets: Vec<[Option<u8>; 4]>,
    moves: Vec<Move>,
    nodes: u64,
    budget: u64,
    heuristic: H,
}

enum Step {
    Found,
    /// The smallest estimate above the bound met (`u32::MAX` if none).
    Above(u32),
    Exhausted,
}

impl<H: Heuristic> Search<H> {
    fn dfs(&mut self, depth: u32, bound: u32, last: Option<Move>) -> Step {
        let estimate = self.heuristic.estimate();
        if depth + estimate > bound {
            return Step::Above(depth + estimate);
        }
        if estimate == 0 {
            return Step::Found;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::Exhausted;
        }
        let mut above = u32::MAX;
        for step in Move::ALL {
            if last == Some(step.opposite()) {
                continue;
            }
            let Some(target) = self.targets[self.blank][step as usize] else {
                continue;
            };
            let (from, to) = (usize::from(target), self.blank);
            let vertical = matches!(step, Move::Up | Move::Down);
            let tile = self.cells[from];
            self.cells[to] = tile;
            self.cells[from] = BLANK;
            self.blank = from;
            let undo = self.heuristic.slide(&self.cells, tile, from, to, vertical);
            self.moves.push(step);
            match self.dfs(depth + 1, bound, Some(step)) {
                Step::Found => return Step::Found,
                Step::Exhausted => return Step::Exhausted,
                Step::Above(next) => above = above.min(next),
            }
            self.moves.pop();
            self.heuristic.unslide(tile, from, to, vertical, undo);
            self.cells[from] = tile;
            self.cells[to] = BLANK;
            self.blank = to;
        }
        Step::Above(above)
    }
}

/// The canonical path from `start` to `goal` by IDA* with the Manhattan distance and linear
/// conflicts, if it is at most `limit` moves long, expanding at most `budget` nodes; returns the
/// outcome and the nodes expanded.
pub fn solve(start: &Grid, goal: &Grid, limit: Option<u32>, budget: u64) -> (Outcome, u64) {
    if !start.reaches(goal) {
        return (Outcome::Unreachable, 0);
    }
    solve_with(start, Conflicts::new(start, goal), limit, budget)
}

/// The canonical path from `start` to the goal that `heuristic` (in step with `start`) estimates,
/// which `start` must reach, as [`solve`].
pub fn solve_with<H: Heuristic>(
    start: &Grid,
    heuristic: H,
    limit: Option<u32>,
    budget: u64,
) -> (Outcome, u64) {
    let shape = start.shape();
    let targets = (0..start.cells().len())
        .map(|cell| Move::ALL.map(|step| shape.target(cell, step).map(|t| t as u8)))
        .collect();
    let mut search = Search {
        cells: start.cells().to_vec(),
        blank: start.blank(),
        targets,
        moves: Vec::new(),
        nodes: 0,
        budget,
        heuristic,
    };
    let mut bound = search.heuristic.estimate();
    loop {
        if let Some(limit) = limit.filter(|&limit| bound > limit) {
            return (Outcome::Beyond(limit), search.nodes);
        }
        match search.dfs(0, bound, None) {
            Step::Found => return (Outcome::Found(Path(search.moves)), search.nodes),
            Step::Exhausted => return (Outcome::Exhausted, search.nodes),
            Step::Above(next) => bound = next,
        }
    }
}
