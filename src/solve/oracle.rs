//! The test oracle: a plain breadth-first search from the goal over every board it reaches,
//! with a hash map and no cleverness, so that it is obviously right. The commands never use it;
//! tests check the fast search against it (and, on boards too large for it, against the textbook
//! IDA*, `textbook::idastar`).

use std::collections::HashMap;

use super::bfs::{breadth_first, walk_down};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Path;

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
