//! The test oracle: a plain breadth-first search from the goal over every board it reaches,
//! with a hash map and no cleverness, so that it is obviously right. The commands never use it;
//! tests check the fast search against it.

use std::collections::HashMap;

use super::bfs::{breadth_first, walk_down};
use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Path};

/// The distance to one goal of every board that reaches it, for boards of up to 9 cells.
pub struct Oracle {
    distances: HashMap<Board, u32>,
}

impl Oracle {
    /// Searches the whole component of `goal` (181,440 boards for a 3×3 goal).
    pub fn new(goal: &Board) -> Oracle {
        let mut distances = HashMap::new();
        breadth_first(goal, |board, distance| {
            let new = !distances.contains_key(board);
            if new {
                distances.insert(*board, distance);
            }
            new
        });
        Oracle { distances }
    }

    /// The minimum number of moves from `start` to the goal, if it reaches it.
    pub fn distance(&self, start: &Board) -> Option<u32> {
        self.distances.get(start).copied()
    }

    /// The canonical path, walked down the distances.
    pub fn path(&self, start: &Board) -> Option<Path> {
        walk_down(start, |board| self.distance(board))
    }

    /// Every board that reaches the goal, with its distance, in no particular order.
    pub fn boards(&self) -> impl Iterator<Item = (&Board, u32)> {
        self.distances
            .iter()
            .map(|(board, &distance)| (board, distance))
    }
}

/// The canonical path by the textbook IDA*: the Manhattan distance recomputed at every node,
/// boards copied, moves in the order `d < l < r < u`, nothing kept between nodes. Slow and
/// plain, for checking the fast engine on boards too large for a breadth-first search. `None`
/// when unreachable, or when every path is longer than `limit`.
pub fn manhattan_idastar(start: &Board, goal: &Board, limit: Option<u32>) -> Option<Path> {
    fn manhattan(board: &Board, goal: &Board) -> u32 {
        let width = usize::from(board.shape().width);
        let mut home = vec![0; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            home[usize::from(tile)] = cell;
        }
        let mut sum = 0;
        for (cell, &tile) in board.cells().iter().enumerate() {
            if tile != 0 {
                let goal_cell = home[usize::from(tile)];
                sum += (cell / width).abs_diff(goal_cell / width)
                    + (cell % width).abs_diff(goal_cell % width);
            }
        }
        sum as u32
    }
    fn search(
        board: &Board,
        goal: &Board,
        depth: u32,
        bound: u32,
        moves: &mut Vec<Move>,
    ) -> Result<(), u32> {
        let estimate = depth + manhattan(board, goal);
        if estimate > bound {
            return Err(estimate);
        }
        if board == goal {
            return Ok(());
        }
        let mut next_bound = u32::MAX;
        for step in Move::ALL {
            if moves.last() == Some(&step.opposite()) {
                continue;
            }
            if let Some(next) = board.apply(step) {
                moves.push(step);
                match search(&next, goal, depth + 1, bound, moves) {
                    Ok(()) => return Ok(()),
                    Err(above) => next_bound = next_bound.min(above),
                }
                moves.pop();
            }
        }
        Err(next_bound)
    }
    if !start.reaches(goal) {
        return None;
    }
    let mut bound = manhattan(start, goal);
    let mut moves = Vec::new();
    loop {
        if limit.is_some_and(|limit| bound > limit) {
            return None;
        }
        match search(start, goal, 0, bound, &mut moves) {
            Ok(()) => return Some(Path(moves)),
            Err(next) => bound = next,
        }
    }
}
