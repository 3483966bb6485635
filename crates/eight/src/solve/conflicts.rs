//! The Manhattan distance plus linear conflicts (Hansson, Mayer and Yung 1992), for boards of
//! any size: IDA*'s heuristic where no pattern database serves, kept up to date move by move.
//!
//! In each row, the tiles whose goal is in that row must keep their goal order to reach it
//! without leaving the row; all but a longest increasing run of them must step out and back,
//! two moves each beyond their Manhattan distance. The same holds for columns, with moves of the
//! other direction, so the two counts add up.

use super::catalog::{Choice, Component, Guide, Guided, Serves};
use super::heuristic::{Evaluator, Heuristic};
use super::lines::longest_increasing;
use super::manhattan::Manhattan;
use super::report::Method;
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::BLANK;

/// Its name, as `--algo` and the reports say it.
pub const NAME: &str = "conflicts";

/// Its entry in the catalogue (listed in `solve/mod.rs`).
pub const COMPONENT: Component = Component {
    name: NAME,
    label: "eight's IDA* conflicts",
    about: "eight's IDA* with the Manhattan distance and linear conflicts",
    choice: Choice::Guide(Guide::CONFLICTS),
    serves: Serves::Large,
    estimated: false,
    trace: "bound",
    lab: true,
};

impl Guide {
    /// The Manhattan distance and linear conflicts.
    pub const CONFLICTS: Guide = Guide::Heuristic(Guided {
        name: NAME,
        search: |rig| rig.ida(LinearConflicts),
    });
}

impl Method {
    /// IDA* with the Manhattan distance and linear conflicts.
    pub const CONFLICTS: Method = Method::Heuristic(NAME);
}

/// The evaluator of `Conflicts` (the Manhattan distance plus linear conflicts, kept up to date
/// move by move): it looks nothing up.
#[derive(Clone, Copy, Debug, Default)]
pub struct LinearConflicts;

impl Evaluator for LinearConflicts {
    type Heuristic<'a> = Conflicts;

    fn heuristic(&self, start: &Board, goal: &Board) -> Conflicts {
        Conflicts::new(start, goal)
    }

    fn method(&self) -> Method {
        Method::Heuristic(NAME)
    }
}

/// The estimate's parts, in step with the board.
#[derive(Clone)]
pub struct Conflicts {
    width: usize,
    cells: usize,
    /// Each tile's goal row and column.
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
    /// Each cell's row and column: tables, not divisions.
    rows: Vec<u8>,
    columns: Vec<u8>,
    /// The tiles' Manhattan distance, to which the conflicts add.
    manhattan: Manhattan,
    /// Tiles in conflict in each row and each column, and their sum.
    row_conflicts: Vec<u8>,
    column_conflicts: Vec<u8>,
    conflicts: u32,
}

impl Conflicts {
    /// The estimate of `start` to `goal`.
    pub fn new(start: &Board, goal: &Board) -> Conflicts {
        let width = usize::from(start.shape().width);
        let count = start.cells().len();
        let height = count / width;
        let mut goal_row = vec![0; count];
        let mut goal_column = vec![0; count];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_row[usize::from(tile)] = (cell / width) as u8;
            goal_column[usize::from(tile)] = (cell % width) as u8;
        }
        let (rows, columns): (Vec<u8>, Vec<u8>) = (0..count)
            .map(|cell| ((cell / width) as u8, (cell % width) as u8))
            .unzip();
        let mut conflicts = Conflicts {
            width,
            cells: count,
            goal_row,
            goal_column,
            rows,
            columns,
            manhattan: Manhattan::new(start, goal),
            row_conflicts: vec![0; height],
            column_conflicts: vec![0; width],
            conflicts: 0,
        };
        let cells = start.cells();
        for row in 0..height {
            conflicts.row_conflicts[row] = conflicts.row_conflict(cells, row);
        }
        for column in 0..width {
            conflicts.column_conflicts[column] = conflicts.column_conflict(cells, column);
        }
        conflicts.conflicts = conflicts
            .row_conflicts
            .iter()
            .chain(&conflicts.column_conflicts)
            .map(|&c| u32::from(c))
            .sum();
        conflicts
    }

    /// Tiles of row `row` that must leave it: those at home in it, less a longest run in goal order.
    fn row_conflict(&self, cells: &[u8], row: usize) -> u8 {
        let mut homed = [0u8; Shape::MAX_SIDE as usize];
        let mut count = 0;
        for &tile in &cells[row * self.width..(row + 1) * self.width] {
            if tile != BLANK && usize::from(self.goal_row[usize::from(tile)]) == row {
                homed[count] = self.goal_column[usize::from(tile)];
                count += 1;
            }
        }
        (count - longest_increasing(&homed[..count])) as u8
    }

    fn column_conflict(&self, cells: &[u8], column: usize) -> u8 {
        let mut homed = [0u8; Shape::MAX_SIDE as usize];
        let mut count = 0;
        for &tile in cells[column..self.cells].iter().step_by(self.width) {
            if tile != BLANK && usize::from(self.goal_column[usize::from(tile)]) == column {
                homed[count] = self.goal_row[usize::from(tile)];
                count += 1;
            }
        }
        (count - longest_increasing(&homed[..count])) as u8
    }

    /// The two lines a move of `vertical`ity crosses between `from` and `to`: rows for a
    /// vertical move, columns for a horizontal one.
    #[inline]
    fn lines(&self, from: usize, to: usize, vertical: bool) -> (usize, usize) {
        let of = if vertical { &self.rows } else { &self.columns };
        (usize::from(of[from]), usize::from(of[to]))
    }
}

impl Heuristic for Conflicts {
    /// The two lines' conflicts before the move.
    type Undo = (u8, u8);

    #[inline]
    fn estimate(&self) -> u32 {
        self.manhattan.estimate() + 2 * self.conflicts
    }

    #[inline]
    fn slide(
        &mut self,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        vertical: bool,
    ) -> (u8, u8) {
        self.manhattan.slide(cells, tile, from, to, vertical);
        // a vertical move changes the tile's row, and the conflicts of the two rows; a
        // horizontal one those of the two columns
        let (a, b) = self.lines(from, to, vertical);
        let lines = if vertical {
            &self.row_conflicts
        } else {
            &self.column_conflicts
        };
        let saved = (lines[a], lines[b]);
        // a line's conflicts count only the tiles at home in it: a tile at home in neither line
        // changes neither
        let home = if vertical {
            self.goal_row[usize::from(tile)]
        } else {
            self.goal_column[usize::from(tile)]
        };
        if usize::from(home) != a && usize::from(home) != b {
            return saved;
        }
        let (new_a, new_b) = if vertical {
            (self.row_conflict(cells, a), self.row_conflict(cells, b))
        } else {
            (
                self.column_conflict(cells, a),
                self.column_conflict(cells, b),
            )
        };
        let lines = if vertical {
            &mut self.row_conflicts
        } else {
            &mut self.column_conflicts
        };
        lines[a] = new_a;
        lines[b] = new_b;
        self.conflicts = self.conflicts + u32::from(new_a) + u32::from(new_b)
            - u32::from(saved.0)
            - u32::from(saved.1);
        saved
    }

    #[inline]
    fn unslide(&mut self, tile: u8, from: usize, to: usize, vertical: bool, saved: (u8, u8)) {
        self.manhattan.unslide(tile, from, to, vertical, ());
        let (a, b) = self.lines(from, to, vertical);
        let lines = if vertical {
            &mut self.row_conflicts
        } else {
            &mut self.column_conflicts
        };
        let now = u32::from(lines[a]) + u32::from(lines[b]);
        lines[a] = saved.0;
        lines[b] = saved.1;
        self.conflicts = self.conflicts + u32::from(saved.0) + u32::from(saved.1) - now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::grid;
    use crate::puzzle::Move;
    use crate::solve::oracle::Oracle;
    use rand::{Rng, SeedableRng};

    /// What undoes a move: the tile, its cells before and after, the direction, the saved lines.
    type Moved = (u8, usize, usize, bool, (u8, u8));

    /// Slides the blank by `step` and tells `conflicts`, as IDA* does; the undo, if it moved.
    fn slide(board: &mut Board, conflicts: &mut Conflicts, step: Move) -> Option<Moved> {
        let to = board.blank();
        if !board.slide(step) {
            return None;
        }
        // the tile moved from the blank's new cell into its old one
        let (tile, from) = (board.cells()[to], board.blank());
        let vertical = matches!(step, Move::Up | Move::Down);
        let undo = conflicts.slide(board.cells(), tile, from, to, vertical);
        Some((tile, from, to, vertical, undo))
    }

    #[test]
    fn the_estimate_kept_move_by_move_equals_a_fresh_one() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        for (width, height) in [(3, 3), (4, 4), (5, 5), (3, 5), (6, 2), (16, 16)] {
            let shape = Shape::new(width, height).expect("a shape");
            let goal = Board::ordered(shape);
            let mut board = goal;
            let mut conflicts = Conflicts::new(&board, &goal);
            for round in 0..3_000 {
                let step = Move::ALL[rng.random_range(0..4)];
                let before = (board, conflicts.estimate());
                let Some((tile, from, to, vertical, undo)) =
                    slide(&mut board, &mut conflicts, step)
                else {
                    continue;
                };
                let fresh = Conflicts::new(&board, &goal).estimate();
                assert_eq!(
                    conflicts.estimate(),
                    fresh,
                    "{shape} round {round}: {board}"
                );
                if rng.random_bool(0.3) {
                    conflicts.unslide(tile, from, to, vertical, undo);
                    board.slide(step.opposite());
                    assert_eq!((board, conflicts.estimate()), before, "{shape}: undone");
                }
            }
        }
    }

    #[test]
    fn never_exceeds_the_true_distance_and_keeps_its_parity() {
        // every board of three whole spaces, against the plain BFS
        for (width, height) in [(3, 3), (2, 4), (3, 2)] {
            let shape = Shape::new(width, height).expect("a shape");
            let goal = Board::ordered(shape);
            let oracle = Oracle::new(&goal);
            let mut tight = 0;
            for (ref board, distance) in oracle.boards() {
                let estimate = Conflicts::new(board, &goal).estimate();
                assert!(
                    estimate <= distance,
                    "{shape}: {board} estimated {estimate} > {distance}"
                );
                // each move changes the Manhattan distance by one: estimate and distance agree
                // in parity
                assert_eq!(estimate % 2, distance % 2, "{shape}: {board}");
                tight += u32::from(estimate == distance);
            }
            assert!(tight > 0, "{shape}: never tight");
        }
        // larger boards: a walk of k moves is at most k from the goal
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for side in [4, 5, 7] {
            let shape = Shape::new(side, side).expect("a shape");
            let goal = Board::ordered(shape);
            for moves in [10, 30, 60] {
                let mut board = goal;
                for _ in 0..moves {
                    while !board.slide(Move::ALL[rng.random_range(0..4)]) {}
                }
                let estimate = Conflicts::new(&board, &goal).estimate();
                assert!(
                    estimate <= moves,
                    "{shape}: {board} after {moves} moves: {estimate}"
                );
            }
        }
    }

    #[test]
    fn counts_a_conflict_in_a_row_and_in_a_column() {
        let shape = Shape::SQUARE3;
        let goal = Board::ordered(shape);
        // 2 and 1 swapped in their goal row: each one away, and one must step out and back
        let swapped = grid(shape, "2 1 3 4 5 6 7 8 0");
        assert_eq!(Conflicts::new(&swapped, &goal).estimate(), 2 + 2);
        // 1 and 4 swapped in their goal column
        let column = grid(shape, "4 2 3 1 5 6 7 8 0");
        assert_eq!(Conflicts::new(&column, &goal).estimate(), 2 + 2);
        assert_eq!(Conflicts::new(&goal, &goal).estimate(), 0);
    }
}
