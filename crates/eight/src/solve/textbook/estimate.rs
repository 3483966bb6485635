//! The estimates that guide the textbook A* and IDA*, each added up afresh at every board (no
//! state kept between boards, as a textbook writes them): the misplaced tiles, the Manhattan
//! distance, and the Manhattan distance plus linear conflicts. Each is admissible and
//! consistent (a move changes it by exactly one), so A* expands every board at most once.

use crate::puzzle::board::{Board, Shape};
use crate::puzzle::BLANK;
use crate::solve::lines::longest_increasing;

/// What guides a textbook A* or IDA*.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Estimate {
    /// The tiles not on their goal's cell.
    Misplaced,
    /// Each tile's rows and columns from its goal's cell.
    #[default]
    Manhattan,
    /// The Manhattan distance, and two moves for each tile of a row (or column) that must
    /// leave it for the others of that line to pass (a longest run in goal order stays).
    Conflicts,
}

impl Estimate {
    /// Every estimate, by its name.
    pub const ALL: [(&'static str, Estimate); 3] = [
        ("misplaced", Estimate::Misplaced),
        ("manhattan", Estimate::Manhattan),
        ("conflicts", Estimate::Conflicts),
    ];

    /// Its name, as `--heuristic` and the lab spell it.
    pub fn name(self) -> &'static str {
        Estimate::ALL
            .into_iter()
            .find(|&(_, estimate)| estimate == self)
            .map_or("manhattan", |(name, _)| name)
    }

    /// Its name in a sentence or a label: `misplaced`, `Manhattan`, `conflicts`.
    pub fn label(self) -> &'static str {
        match self {
            Estimate::Misplaced => "misplaced",
            Estimate::Manhattan => "Manhattan",
            Estimate::Conflicts => "conflicts",
        }
    }

    /// The estimate of the moves from `board` to `goal`.
    pub fn of(self, board: &Board, goal: &Board) -> u32 {
        Home::of(goal).estimate(self, board)
    }
}

/// Each tile's row and column in a goal, and each cell's, for the estimates to it of board after
/// board (tables, not divisions).
pub(super) struct Home {
    width: usize,
    tile_row: Vec<u8>,
    tile_column: Vec<u8>,
    row: Vec<u8>,
    column: Vec<u8>,
}

impl Home {
    pub(super) fn of(goal: &Board) -> Home {
        let count = goal.cells().len();
        let width = usize::from(goal.shape().width);
        let row: Vec<u8> = (0..count).map(|cell| (cell / width) as u8).collect();
        let column: Vec<u8> = (0..count).map(|cell| (cell % width) as u8).collect();
        let (mut tile_row, mut tile_column) = (vec![0; count], vec![0; count]);
        for (cell, &tile) in goal.cells().iter().enumerate() {
            tile_row[usize::from(tile)] = row[cell];
            tile_column[usize::from(tile)] = column[cell];
        }
        Home {
            width,
            tile_row,
            tile_column,
            row,
            column,
        }
    }

    /// `estimate` of `board` to the goal; 0 only at the goal.
    pub(super) fn estimate(&self, estimate: Estimate, board: &Board) -> u32 {
        match estimate {
            Estimate::Misplaced => self.misplaced(board),
            Estimate::Manhattan => self.manhattan(board),
            Estimate::Conflicts => self.manhattan(board) + 2 * self.conflicts(board),
        }
    }

    fn misplaced(&self, board: &Board) -> u32 {
        let cells = board.cells();
        let at_home = |(cell, &tile): (usize, &u8)| {
            let tile = usize::from(tile);
            self.row[cell] == self.tile_row[tile] && self.column[cell] == self.tile_column[tile]
        };
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != BLANK)
            .filter(|&placed| !at_home(placed))
            .count() as u32
    }

    pub(super) fn manhattan(&self, board: &Board) -> u32 {
        let mut sum = 0;
        for (cell, &tile) in board.cells().iter().enumerate() {
            if tile != BLANK {
                let tile = usize::from(tile);
                sum += u32::from(self.row[cell].abs_diff(self.tile_row[tile]))
                    + u32::from(self.column[cell].abs_diff(self.tile_column[tile]));
            }
        }
        sum
    }

    /// The tiles that must leave their goal's row or column for the others of it to pass.
    fn conflicts(&self, board: &Board) -> u32 {
        let cells = board.cells();
        let height = cells.len() / self.width;
        let mut line = [0u8; Shape::MAX_SIDE as usize];
        let mut sum = 0;
        // each row's tiles at home in it, by their goal's column; then each column's, by row
        for row in 0..height {
            let mut count = 0;
            for &tile in &cells[row * self.width..(row + 1) * self.width] {
                let tile = usize::from(tile);
                if tile != usize::from(BLANK) && usize::from(self.tile_row[tile]) == row {
                    line[count] = self.tile_column[tile];
                    count += 1;
                }
            }
            sum += count - longest_increasing(&line[..count]);
        }
        for column in 0..self.width {
            let mut count = 0;
            for &tile in cells.iter().skip(column).step_by(self.width) {
                let tile = usize::from(tile);
                if tile != usize::from(BLANK) && usize::from(self.tile_column[tile]) == column {
                    line[count] = self.tile_row[tile];
                    count += 1;
                }
            }
            sum += count - longest_increasing(&line[..count]);
        }
        sum as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::board;
    use crate::solve::conflicts::Conflicts;
    use crate::solve::heuristic::Heuristic;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    #[test]
    fn each_estimate_counts_what_it_says() {
        let goal = board("12345678x");
        for (name, estimate) in Estimate::ALL {
            assert_eq!(estimate.of(&goal, &goal), 0, "{name}");
            assert_eq!(
                Estimate::ALL.iter().find(|e| e.0 == name).map(|e| e.1),
                Some(estimate)
            );
        }
        // 8 and 7 in the wrong order in their row: two misplaced, one column and two, and one
        // of them must leave the row for the other to pass
        let swapped = board("1234568x7");
        assert_eq!(Estimate::Misplaced.of(&swapped, &goal), 2);
        assert_eq!(Estimate::Manhattan.of(&swapped, &goal), 3);
        assert_eq!(Estimate::Conflicts.of(&swapped, &goal), 5);
    }

    #[test]
    fn conflicts_agree_with_the_search_heuristic_on_every_size() {
        let mut random = rand_chacha::ChaCha8Rng::seed_from_u64(62);
        for (width, height) in [(3, 3), (2, 3), (4, 2), (4, 4), (5, 5)] {
            let shape = Shape::new(width, height).expect("a shape");
            let goal = Board::ordered(shape);
            for _ in 0..200 {
                let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
                cells.shuffle(&mut random);
                let start = Board::new(shape, &cells).expect("a board");
                assert_eq!(
                    Estimate::Conflicts.of(&start, &goal),
                    Conflicts::new(&start, &goal).estimate(),
                    "{start}"
                );
            }
        }
    }
}
