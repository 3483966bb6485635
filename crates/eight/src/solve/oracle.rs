//! The test oracle: a plain breadth-first search from the goal over every board it reaches,
//! with a hash map and no cleverness, so that it is obviously right. The commands never use it;
//! tests check the fast search against it (and, on boards too large for it, against the textbook
//! IDA*, `textbook::idastar`).
//!
//! A board of at most 9 cells is keyed by its cells, 4 bits each, in one word: the map of a 3×3
//! goal then takes about 4 MB, where keyed by the whole [`Board`] (256 cells) it took 50 MB, and a
//! test over hundreds of goals ran the machine out of memory.

use std::collections::HashMap;

use super::bfs::{breadth_first, walk_down};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Path;

/// The distance to one goal of every board that reaches it, for boards of up to 9 cells.
pub struct Oracle {
    shape: Shape,
    distances: HashMap<u64, u32>,
}

/// The cells of a board of at most 16 cells, 4 bits each, the first cell lowest.
fn key(board: &Board) -> u64 {
    assert!(board.cells().len() <= 16, "the oracle serves small boards");
    board
        .cells()
        .iter()
        .rev()
        .fold(0, |key, &cell| key << 4 | u64::from(cell))
}

impl Oracle {
    /// Searches the whole component of `goal` (181,440 boards for a 3×3 goal).
    pub fn new(goal: &Board) -> Oracle {
        let mut distances = HashMap::new();
        breadth_first(goal, |board, distance| {
            let new = !distances.contains_key(&key(board));
            if new {
                distances.insert(key(board), distance);
            }
            new
        });
        Oracle {
            shape: goal.shape(),
            distances,
        }
    }

    /// The minimum number of moves from `start` to the goal, if it reaches it.
    pub fn distance(&self, start: &Board) -> Option<u32> {
        if start.shape() != self.shape {
            return None;
        }
        self.distances.get(&key(start)).copied()
    }

    /// The canonical path, walked down the distances.
    pub fn path(&self, start: &Board) -> Option<Path> {
        walk_down(start, |board| self.distance(board))
    }

    /// Every board that reaches the goal, with its distance, in no particular order.
    pub fn boards(&self) -> impl Iterator<Item = (Board, u32)> + '_ {
        let cells = self.shape.cells();
        self.distances.iter().map(move |(&key, &distance)| {
            let cells: Vec<u8> = (0..cells).map(|at| (key >> (4 * at) & 15) as u8).collect();
            let board = Board::new(self.shape, &cells).expect("a key holds a board");
            (board, distance)
        })
    }
}
