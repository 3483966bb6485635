//! The test oracle: a plain breadth-first search from the goal over every board it reaches,
//! with a hash map and no cleverness, so that it is obviously right. The commands never use it;
//! tests check the fast search against it.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use crate::puzzle::board::Board;
use crate::puzzle::grid::Grid;
use crate::puzzle::moves::{Move, Path};

/// The distance to one goal of every board that reaches it.
pub struct Oracle {
    distances: HashMap<Board, u32>,
}

impl Oracle {
    /// Searches the whole component of `goal` (181,440 boards).
    pub fn new(goal: Board) -> Oracle {
        let mut distances = HashMap::from([(goal, 0)]);
        let mut queue = VecDeque::from([goal]);
        while let Some(board) = queue.pop_front() {
            let distance = distances[&board];
            for step in Move::ALL {
                if let Some(next) = board.apply(step) {
                    if let Entry::Vacant(entry) = distances.entry(next) {
                        entry.insert(distance + 1);
                        queue.push_back(next);
                    }
                }
            }
        }
        Oracle { distances }
    }

    /// The minimum number of moves from `start` to the goal, if it reaches it.
    pub fn distance(&self, start: &Board) -> Option<u32> {
        self.distances.get(start).copied()
    }

    /// The canonical path: from each board, the first move in the order `d < l < r < u` that
    /// lowers the distance by one.
    pub fn path(&self, start: &Board) -> Option<Path> {
        let mut board = *start;
        let mut distance = self.distance(start)?;
        let mut moves = Vec::new();
        while distance > 0 {
            let (step, next) = Move::ALL
                .into_iter()
                .filter_map(|step| board.apply(step).map(|next| (step, next)))
                .find(|(_, next)| self.distance(next) == Some(distance - 1))
                .expect("a board at distance d > 0 has a neighbour at d - 1");
            moves.push(step);
            board = next;
            distance -= 1;
        }
        Some(Path(moves))
    }

    /// Every board that reaches the goal, with its distance, in no particular order.
    pub fn boards(&self) -> impl Iterator<Item = (&Board, u32)> {
        self.distances
            .iter()
            .map(|(board, &distance)| (board, distance))
    }
}

/// [`Oracle`] for boards of any shape: the distance to one goal of every board that reaches it,
/// by a plain breadth-first search with a hash map. For shapes of up to 9 cells.
pub struct GridOracle {
    distances: HashMap<Grid, u32>,
}

impl GridOracle {
    /// Searches the whole component of `goal`.
    pub fn new(goal: &Grid) -> GridOracle {
        let mut distances = HashMap::from([(goal.clone(), 0)]);
        let mut queue = VecDeque::from([goal.clone()]);
        while let Some(board) = queue.pop_front() {
            let distance = distances[&board];
            for step in Move::ALL {
                if let Some(next) = board.apply(step) {
                    if let Entry::Vacant(entry) = distances.entry(next.clone()) {
                        entry.insert(distance + 1);
                        queue.push_back(next);
                    }
                }
            }
        }
        GridOracle { distances }
    }

    /// The canonical path: from each board, the first move in the order `d < l < r < u` that
    /// lowers the distance by one.
    pub fn path(&self, start: &Grid) -> Option<Path> {
        let mut board = start.clone();
        let mut distance = *self.distances.get(start)?;
        let mut moves = Vec::new();
        while distance > 0 {
            let (step, next) = Move::ALL
                .into_iter()
                .filter_map(|step| board.apply(step).map(|next| (step, next)))
                .find(|(_, next)| self.distances.get(next) == Some(&(distance - 1)))
                .expect("a board at distance d > 0 has a neighbour at d - 1");
            moves.push(step);
            board = next;
            distance -= 1;
        }
        Some(Path(moves))
    }

    /// Every board that reaches the goal, with its distance.
    pub fn boards(&self) -> impl Iterator<Item = (&Grid, u32)> {
        self.distances
            .iter()
            .map(|(board, &distance)| (board, distance))
    }
}

/// The canonical path by the textbook IDA*: the Manhattan distance recomputed at every node,
/// boards copied, moves in the order `d < l < r < u`, nothing kept between nodes. Slow and
/// plain, for checking the fast engine on boards too large for a breadth-first search. `None`
/// when unreachable, or when every path is longer than `limit`.
pub fn manhattan_idastar(start: &Grid, goal: &Grid, limit: Option<u32>) -> Option<Path> {
    fn manhattan(board: &Grid, goal: &Grid) -> u32 {
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
        board: &Grid,
        goal: &Grid,
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
