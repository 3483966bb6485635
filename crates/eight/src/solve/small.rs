//! The exact engine for boards of any shape up to 9 cells other than 3×3 (2×2, 2×3, 3×2, 2×4,
//! 4×2): a breadth-first search over the whole space from a canonical goal (the tiles in order,
//! the blank where the goal has it), distances in a flat array indexed by Lehmer rank, and the
//! canonical path walked down the distances: from each board, the first move in the order
//! `d < l < r < u` that brings it one move closer. A goal with other labels is the canonical one
//! renamed, so one table per shape and blank cell serves every goal.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::bfs::{breadth_first, walk_down};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Path;
use eight_core::rank::rank_of;

/// The most cells a whole-space table takes: 9! boards.
pub const MAX_CELLS: usize = 9;

/// Distances to one canonical goal of every board of its shape (`UNSEEN` for the other half).
struct Distances {
    shape: Shape,
    distances: Vec<u8>,
}

const UNSEEN: u8 = u8::MAX;

/// The Lehmer rank of a permutation of `0..cells.len()`.
fn rank(cells: &[u8]) -> usize {
    rank_of(cells, cells.len())
}

impl Distances {
    fn new(goal: &Board) -> Distances {
        let count: usize = (1..=goal.cells().len()).product();
        let mut distances = vec![UNSEEN; count];
        breadth_first(goal, |board, distance| {
            let seen = &mut distances[rank(board.cells())];
            let new = *seen == UNSEEN;
            if new {
                *seen = distance as u8;
            }
            new
        });
        Distances {
            shape: goal.shape(),
            distances,
        }
    }

    fn distance(&self, board: &Board) -> Option<u32> {
        let distance = self.distances[rank(board.cells())];
        (distance != UNSEEN).then_some(u32::from(distance))
    }
}

/// How many boards lie at each distance from `goal` (of at most [`MAX_CELLS`] cells): the
/// layer sizes of a breadth-first search over its whole space.
pub fn layers(goal: &Board) -> Vec<u32> {
    assert!(goal.cells().len() <= MAX_CELLS, "a whole-space table fits");
    let mut counts = Vec::new();
    for &distance in &Distances::new(goal).distances {
        if distance != UNSEEN {
            let distance = usize::from(distance);
            if counts.len() <= distance {
                counts.resize(distance + 1, 0);
            }
            counts[distance] += 1;
        }
    }
    counts
}

/// The tables built so far, one per shape and blank cell of the goal, shared by the engines of
/// a store (each built once, under a lock held only to find or add it).
#[derive(Default)]
pub struct SmallTables {
    tables: Mutex<HashMap<(Shape, usize), Arc<Distances>>>,
}

impl SmallTables {
    /// The canonical path from `start` to `goal` (of at most [`MAX_CELLS`] cells), or `None`
    /// when unreachable.
    pub fn path(&self, start: &Board, goal: &Board) -> Option<Path> {
        assert!(goal.cells().len() <= MAX_CELLS, "a whole-space table fits");
        let canonical = Board::canonical(goal.shape(), goal.blank());
        let table = self
            .tables
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry((goal.shape(), goal.blank()))
            .or_insert_with(|| Arc::new(Distances::new(&canonical)))
            .clone();
        debug_assert_eq!(table.shape, goal.shape());
        let start = start.relabel(goal, &canonical);
        walk_down(&start, |board| table.distance(board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_permutations_densely() {
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
        assert_eq!(rank(&[3, 2, 1, 0]), 23);
        assert_eq!(rank(&[1, 0, 2]), 2);
    }

    #[test]
    fn counts_the_layers_of_small_spaces() {
        // 2x2: 12 boards reach the goal, the farthest 6 moves away (a ring of 12)
        let square = Board::ordered(Shape::new(2, 2).expect("a shape"));
        assert_eq!(layers(&square), [1, 2, 2, 2, 2, 2, 1]);
        // 2x3 (LeetCode 773): 360 boards, at most 21 moves
        let board = Board::ordered(Shape::new(3, 2).expect("a shape"));
        let counts = layers(&board);
        assert_eq!(counts.iter().sum::<u32>(), 360);
        assert_eq!(counts.len(), 22);
    }

    #[test]
    fn leetcode_samples() {
        let shape = Shape::new(3, 2).expect("a shape");
        let goal = Board::ordered(shape);
        let tables = SmallTables::default();
        let board = |cells: &[u8]| Board::new(shape, cells).expect("a board");
        let path = |cells: &[u8], tables: &SmallTables| tables.path(&board(cells), &goal);
        assert_eq!(path(&[1, 2, 3, 4, 0, 5], &tables).map(|p| p.len()), Some(1));
        assert_eq!(path(&[1, 2, 3, 5, 4, 0], &tables), None);
        assert_eq!(path(&[4, 1, 2, 5, 0, 3], &tables).map(|p| p.len()), Some(5));
    }
}
