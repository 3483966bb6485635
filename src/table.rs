//! The whole-space table of one goal: the distance of every board that reaches it, from one
//! breadth-first search over ranks (the bidirectional core's backward side, run to the end).
//! A distance lookup needs no search, and the canonical path is a greedy walk down the table.

use crate::bibfs::Solver;
use crate::board::Board;
use crate::moves::Path;
use crate::rank::{rank, COUNT};

const UNREACHED: u8 = u8::MAX;

/// The distances to one goal, and its boards layer by layer.
pub struct Table {
    goal: Board,
    distances: Vec<u8>,
    boards: Vec<Board>,
    starts: Vec<usize>,
}

impl Table {
    /// Searches the whole component of `goal` (181,440 boards) with `solver`'s buffers.
    ///
    /// ```
    /// use eight::{Board, Solver, Table};
    /// let goal = Board::parse("12345678x").unwrap();
    /// let table = Table::new(&goal, &mut Solver::new());
    /// assert_eq!(table.depth(), 31);
    /// assert_eq!(table.layer(31).len(), 2);
    /// ```
    pub fn new(goal: &Board, solver: &mut Solver) -> Table {
        let (boards, layers) = solver.explore(goal);
        let mut distances = vec![UNREACHED; COUNT];
        for (distance, bounds) in layers.windows(2).enumerate() {
            for board in &boards[bounds[0]..bounds[1]] {
                distances[rank(board) as usize] = distance as u8;
            }
        }
        Table {
            goal: *goal,
            distances,
            boards: boards.to_vec(),
            starts: layers.to_vec(),
        }
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The greatest distance of any board from the goal.
    pub fn depth(&self) -> u32 {
        (self.starts.len() - 2) as u32
    }

    /// The boards at distances `first..=last` from the goal (fewer layers past the deepest).
    pub fn within(&self, first: u32, last: u32) -> &[Board] {
        let bound = |depth: u32| self.starts[(depth as usize).min(self.starts.len() - 1)];
        &self.boards[bound(first)..bound(last.saturating_add(1)).max(bound(first))]
    }

    /// The boards at distance `depth` from the goal.
    pub fn layer(&self, depth: u32) -> &[Board] {
        self.within(depth, depth)
    }

    /// The minimum number of moves from `start` to the goal, if it reaches it.
    pub fn distance(&self, start: &Board) -> Option<u32> {
        let distance = self.distances[rank(start) as usize];
        (distance != UNREACHED).then_some(u32::from(distance))
    }

    /// The canonical path: from each board, the first move in the order `d < l < r < u` whose
    /// board is one move nearer the goal.
    pub fn path(&self, start: &Board) -> Option<Path> {
        let mut distance = self.distance(start)?;
        let mut board = *start;
        let mut moves = Vec::with_capacity(distance as usize);
        while distance > 0 {
            let (step, next) = board
                .neighbours()
                .find(|(_, next)| self.distance(next) == Some(distance - 1))
                .expect("a board at distance d > 0 has a neighbour at d - 1");
            moves.push(step);
            board = next;
            distance -= 1;
        }
        Some(Path(moves))
    }
}

/// The canonical goal with the blank at `blank`: tiles 1–8 in order around it. Every goal is a
/// relabelling of the one with its blank in the same cell, and relabelling keeps distances.
pub fn canonical_goal(blank: usize) -> Board {
    let mut tiles = 1..=8;
    let cells = std::array::from_fn(|cell| {
        if cell == blank {
            0
        } else {
            tiles.next().expect("eight tiles")
        }
    });
    Board::from_cells(cells).expect("a permutation")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Oracle;

    #[test]
    fn agrees_with_the_oracle_on_every_board_of_a_goal() {
        let goal = Board::parse("1234x5678").expect("board");
        let table = Table::new(&goal, &mut Solver::new());
        let oracle = Oracle::new(goal);
        let mut count = 0;
        for (board, distance) in oracle.boards() {
            assert_eq!(table.distance(board), Some(distance));
            assert!(table.layer(distance).contains(board));
            count += 1;
        }
        assert_eq!(count, table.within(0, table.depth()).len());
        let sample = Board::parse("867254301").expect("board");
        assert_eq!(table.path(&sample), oracle.path(&sample));
    }

    #[test]
    fn canonical_goals_put_the_tiles_in_order_around_the_blank() {
        assert_eq!(canonical_goal(8).to_string(), "123456780");
        assert_eq!(canonical_goal(4).to_string(), "123405678");
        assert_eq!(canonical_goal(0).to_string(), "012345678");
    }
}
