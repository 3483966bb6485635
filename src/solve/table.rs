//! The whole-space table of one goal: for every board of its parity class, the distance and
//! the first move of the canonical path, from one breadth-first search (the bidirectional core's
//! backward side, run to the end). A lookup needs no search, and a path is a walk of lookups.

use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Path};
use crate::solve::bibfs::{Solver, DISTANCE};
use crate::solve::state::State;

const UNREACHED: u8 = u8::MAX;

/// The distances to one goal and the canonical first moves, one byte per board of its parity
/// class (181,440 bytes): the distance in the low five bits, the move above.
pub struct Table {
    goal: Board,
    parity: u8,
    entries: Vec<u8>,
    /// How many boards lie at each distance.
    sizes: Vec<u32>,
}

impl Table {
    /// Searches the whole class of `goal` (181,440 boards) with `solver`'s buffers.
    ///
    /// ```
    /// use eight::{Board, Solver, Table};
    /// let goal = Board::parse("12345678x").unwrap();
    /// let table = Table::new(&goal, &mut Solver::new());
    /// assert_eq!(table.depth(), 31);
    /// assert_eq!(table.distance(&Board::parse("867254301").unwrap()), Some(31));
    /// ```
    pub fn new(goal: &Board, solver: &mut Solver) -> Table {
        let (entries, sizes) = solver.explore(goal);
        Table {
            goal: *goal,
            parity: goal.parity(),
            entries,
            sizes,
        }
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The greatest distance of any board from the goal.
    pub fn depth(&self) -> u32 {
        (self.sizes.len() - 1) as u32
    }

    /// How many boards lie at distances `first..=last` from the goal.
    pub fn count_within(&self, first: u32, last: u32) -> u64 {
        let (first, last) = (first as usize, (last as usize).min(self.sizes.len() - 1));
        (first..=last)
            .filter_map(|depth| self.sizes.get(depth))
            .map(|&size| u64::from(size))
            .sum()
    }

    /// The boards at distances `first..=last` from the goal, as indices for [`Table::board`].
    pub fn within(&self, first: u32, last: u32) -> Vec<u32> {
        let wanted =
            |entry: u8| entry != UNREACHED && (first..=last).contains(&u32::from(entry & DISTANCE));
        (0..self.entries.len() as u32)
            .filter(|&index| wanted(self.entries[index as usize]))
            .collect()
    }

    /// The board of an index of this table's class.
    pub fn board(&self, index: u32) -> Board {
        State::from_index(index, self.parity).board()
    }

    /// The minimum number of moves from `start` to the goal, if it reaches it.
    pub fn distance(&self, start: &Board) -> Option<u32> {
        let state = State::new(start);
        (state.parity() == self.parity)
            .then(|| self.state_distance(&state))
            .flatten()
    }

    fn state_distance(&self, state: &State) -> Option<u32> {
        let entry = self.entries[state.index() as usize];
        (entry != UNREACHED).then_some(u32::from(entry & DISTANCE))
    }

    /// The moves of the canonical path, without allocating: each board's entry holds its first.
    pub fn walk(&self, start: &Board) -> Option<impl Iterator<Item = Move> + '_> {
        let mut state = State::new(start);
        if state.parity() != self.parity {
            return None;
        }
        let distance = self.state_distance(&state)?;
        Some((0..distance).map(move |_| {
            let step = Move::ALL[usize::from(self.entries[state.index() as usize] >> 5 & 3)];
            state = state
                .apply(step)
                .expect("a table's move stays on the board");
            step
        }))
    }

    /// The canonical path, collected.
    pub fn path(&self, start: &Board) -> Option<Path> {
        self.walk(start).map(|moves| Path(moves.collect()))
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
    use crate::solve::oracle::Oracle;

    #[test]
    fn agrees_with_the_oracle_on_every_board_of_a_goal() {
        let goal = Board::parse("1234x5678").expect("board");
        let table = Table::new(&goal, &mut Solver::new());
        let oracle = Oracle::new(goal);
        let mut count = 0;
        for (board, distance) in oracle.boards() {
            assert_eq!(table.distance(board), Some(distance));
            count += 1;
        }
        assert_eq!(count, table.count_within(0, table.depth()));
        let deepest = table.within(table.depth(), table.depth());
        assert_eq!(deepest.len() as u64, table.count_within(table.depth(), 99));
        for index in deepest {
            assert_eq!(oracle.distance(&table.board(index)), Some(table.depth()));
        }
        let sample = Board::parse("867254301").expect("board");
        assert_eq!(table.path(&sample), oracle.path(&sample));
        assert_eq!(
            table.distance(&Board::parse("21345678x").expect("board")),
            None
        );
    }

    #[test]
    fn canonical_goals_put_the_tiles_in_order_around_the_blank() {
        assert_eq!(canonical_goal(8).to_string(), "123456780");
        assert_eq!(canonical_goal(4).to_string(), "123405678");
        assert_eq!(canonical_goal(0).to_string(), "012345678");
    }
}
