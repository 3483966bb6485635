//! The estimate of `--fast`'s searches: the Manhattan distance plus linear conflicts, each tile
//! weighed, kept by differences from board to board. The beam weighs a line's tiles
//! `LINE_WEIGHT` (4) times the rest of its region; the bounded search ([`Weighted::plain`])
//! weighs every tile once, which makes it admissible.

use super::Region;
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::BLANK;
use crate::solve::lines::longest_increasing;

/// How much more a tile of the line weighs than another of the region: enough that the beam
/// places the line first, little enough that it still prefers moves that help the rest
/// (measured in `scripts/bench-fast.sh`: 2 to 8 give paths within a few percent, 4 the shortest).
pub(super) const LINE_WEIGHT: u32 = 4;

/// The weighted estimate of a line's search, kept by differences from board to board.
pub(crate) struct Weighted {
    width: usize,
    cells: usize,
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
    /// The Manhattan distance of each tile from each cell (`tile * cells + cell`).
    distances: Vec<u8>,
    weights: Vec<u32>,
    in_line: Vec<bool>,
    rows: Vec<u8>,
    columns: Vec<u8>,
}

/// A board's place in a beam: its estimate and the line's own Manhattan distance (0: placed).
#[derive(Clone, Copy)]
pub(crate) struct Value {
    pub(crate) estimate: u32,
    pub(crate) line: u32,
}

impl Weighted {
    /// Every tile of `goal`'s board weighed once: admissible, 0 only at the goal.
    pub(crate) fn plain(goal: &Board) -> Weighted {
        Weighted::new(goal, Region::whole(goal.shape()), &[])
    }

    /// The tiles of `region` weighed once, those of `line` (cells of `goal`) `LINE_WEIGHT` times.
    pub(crate) fn new(goal: &Board, region: Region, line: &[usize]) -> Weighted {
        let width = usize::from(goal.shape().width);
        let count = goal.cells().len();
        let mut goal_row = vec![0; count];
        let mut goal_column = vec![0; count];
        let mut weights = vec![0; count];
        let mut in_line = vec![false; count];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            let (row, column) = (cell / width, cell % width);
            goal_row[usize::from(tile)] = row as u8;
            goal_column[usize::from(tile)] = column as u8;
            if tile != BLANK && region.holds(row, column) {
                in_line[usize::from(tile)] = line.contains(&cell);
                weights[usize::from(tile)] = if in_line[usize::from(tile)] {
                    LINE_WEIGHT
                } else {
                    1
                };
            }
        }
        let rows: Vec<u8> = (0..count).map(|cell| (cell / width) as u8).collect();
        let columns: Vec<u8> = (0..count).map(|cell| (cell % width) as u8).collect();
        let mut distances = vec![0; count * count];
        for tile in 1..count {
            for cell in 0..count {
                distances[tile * count + cell] =
                    rows[cell].abs_diff(goal_row[tile]) + columns[cell].abs_diff(goal_column[tile]);
            }
        }
        Weighted {
            width,
            cells: count,
            goal_row,
            goal_column,
            distances,
            weights,
            in_line,
            rows,
            columns,
        }
    }

    #[inline]
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.distances[usize::from(tile) * self.cells + cell])
    }

    /// The conflicts of the tiles at home in one line (`cells` of it, and each tile's home line
    /// and place along it), weighed by the lightest of them.
    fn conflict<'a>(
        &self,
        line: impl Iterator<Item = &'a u8>,
        index: usize,
        home: &[u8],
        along: &[u8],
    ) -> u32 {
        let mut homed = [0u8; Shape::MAX_SIDE as usize];
        let mut lightest = u32::MAX;
        let mut count = 0;
        for &tile in line {
            let weight = self.weights[usize::from(tile)];
            if weight > 0 && usize::from(home[usize::from(tile)]) == index {
                homed[count] = along[usize::from(tile)];
                lightest = lightest.min(weight);
                count += 1;
            }
        }
        match count {
            0 | 1 => 0,
            _ => (count - longest_increasing(&homed[..count])) as u32 * 2 * lightest,
        }
    }

    fn row_conflict(&self, cells: &[u8], row: usize) -> u32 {
        let line = cells[row * self.width..(row + 1) * self.width].iter();
        self.conflict(line, row, &self.goal_row, &self.goal_column)
    }

    fn column_conflict(&self, cells: &[u8], column: usize) -> u32 {
        let line = cells[column..self.cells].iter().step_by(self.width);
        self.conflict(line, column, &self.goal_column, &self.goal_row)
    }

    pub(crate) fn of(&self, cells: &[u8]) -> Value {
        let mut value = Value {
            estimate: 0,
            line: 0,
        };
        for (cell, &tile) in cells.iter().enumerate() {
            let distance = self.distance(tile, cell);
            value.estimate += self.weights[usize::from(tile)] * distance;
            if self.in_line[usize::from(tile)] {
                value.line += distance;
            }
        }
        let height = self.cells / self.width;
        value.estimate += (0..height)
            .map(|row| self.row_conflict(cells, row))
            .sum::<u32>();
        value.estimate += (0..self.width)
            .map(|column| self.column_conflict(cells, column))
            .sum::<u32>();
        value
    }

    /// The value after `tile` moves from `from` to `to` on `cells` (the board before the move),
    /// whose value is `before`; `scratch` is for the board after.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn after(
        &self,
        before: Value,
        cells: &[u8],
        scratch: &mut [u8],
        tile: u8,
        from: usize,
        to: usize,
        vertical: bool,
    ) -> Value {
        let (near, far) = (self.distance(tile, to), self.distance(tile, from));
        let weight = self.weights[usize::from(tile)];
        let mut value = Value {
            estimate: before.estimate + weight * near - weight * far,
            line: before.line,
        };
        if self.in_line[usize::from(tile)] {
            value.line = value.line + near - far;
        }
        // a move between rows changes the conflicts of those rows only, and only if the tile
        // is at home in one of them; the same for columns
        let (a, b, home) = match vertical {
            true => (
                self.rows[from],
                self.rows[to],
                self.goal_row[usize::from(tile)],
            ),
            false => (
                self.columns[from],
                self.columns[to],
                self.goal_column[usize::from(tile)],
            ),
        };
        if home != a && home != b {
            return value;
        }
        let (a, b) = (usize::from(a), usize::from(b));
        scratch.copy_from_slice(cells);
        scratch[to] = tile;
        scratch[from] = BLANK;
        let conflicts = |board: &[u8]| match vertical {
            true => self.row_conflict(board, a) + self.row_conflict(board, b),
            false => self.column_conflict(board, a) + self.column_conflict(board, b),
        };
        value.estimate = value.estimate + conflicts(scratch) - conflicts(cells);
        value
    }
}
