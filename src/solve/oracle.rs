//! The test oracle: a plain breadth-first search from the goal over every board it reaches,
//! with a hash map and no cleverness, so that it is obviously right. The commands never use it;
//! tests check the fast search against it.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use crate::puzzle::board::Board;
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
