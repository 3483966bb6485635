//! The engine for boards of more than 9 cells: IDA* with the Manhattan distance and linear
//! conflicts, kept up to date move by move, within a budget of nodes.
//!
//! Moves are tried in the canonical order `d < l < r < u`, so the first solution found at the
//! final bound is the lexicographically smallest of the shortest paths: the canonical one. The
//! heuristic is admissible, so no prefix of that path is ever cut off at that bound.
//!
//! Linear conflicts: in each row, the tiles whose goal is in that row must keep their goal order
//! to reach it without leaving the row; all but a longest increasing run of them must step out
//! and back, two moves each beyond their Manhattan distance. The same holds for columns, with
//! moves of the other direction, so the two counts add up.

use crate::puzzle::board::BLANK;
use crate::puzzle::grid::{Grid, Shape};
use crate::puzzle::moves::{Move, Path};

/// How a bounded search ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The canonical path.
    Found(Path),
    /// The board does not reach the goal.
    Unreachable,
    /// Every path to the goal is longer than the limit.
    Beyond(u32),
    /// The node budget ran out first.
    Exhausted,
}

/// The heuristic's state, kept in step with the board.
struct Search {
    width: usize,
    cells: Vec<u8>,
    blank: usize,
    /// Each tile's goal row and column.
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
    /// The Manhattan distance of each tile from each cell (`tile * cells + cell`), each cell's
    /// row and column, and the cell the blank reaches by each move: tables, not divisions.
    distances: Vec<u8>,
    rows: Vec<u8>,
    columns: Vec<u8>,
    targets: Vec<[Option<u8>; 4]>,
    manhattan: u32,
    /// Tiles in conflict in each row and each column, and their sum.
    row_conflicts: Vec<u8>,
    column_conflicts: Vec<u8>,
    conflicts: u32,
    moves: Vec<Move>,
    nodes: u64,
    budget: u64,
}

enum Step {
    Found,
    /// The smallest estimate above the bound met (`u32::MAX` if none).
    Above(u32),
    Exhausted,
}

/// The length of a longest strictly increasing run (not necessarily adjacent) of `values`.
fn longest_increasing(values: &[u8]) -> usize {
    let mut tails = [0u8; Shape::MAX_SIDE as usize];
    let mut length = 0;
    for &value in values {
        let at = tails[..length].partition_point(|&tail| tail < value);
        tails[at] = value;
        length = length.max(at + 1);
    }
    length
}

impl Search {
    fn new(start: &Grid, goal: &Grid, budget: u64) -> Search {
        let width = usize::from(start.shape().width);
        let mut goal_row = vec![0; goal.cells().len()];
        let mut goal_column = vec![0; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_row[usize::from(tile)] = (cell / width) as u8;
            goal_column[usize::from(tile)] = (cell % width) as u8;
        }
        let (shape, count) = (start.shape(), start.cells().len());
        let height = count / width;
        let (rows, columns): (Vec<u8>, Vec<u8>) = (0..count)
            .map(|cell| ((cell / width) as u8, (cell % width) as u8))
            .unzip();
        let mut distances = vec![0; count * count];
        for tile in 1..count {
            for cell in 0..count {
                let vertical = rows[cell].abs_diff(goal_row[tile]);
                let horizontal = columns[cell].abs_diff(goal_column[tile]);
                distances[tile * count + cell] = vertical + horizontal;
            }
        }
        let targets = (0..count)
            .map(|cell| Move::ALL.map(|step| shape.target(cell, step).map(|t| t as u8)))
            .collect();
        let mut search = Search {
            width,
            cells: start.cells().to_vec(),
            blank: start.blank(),
            goal_row,
            goal_column,
            distances,
            rows,
            columns,
            targets,
            manhattan: 0,
            row_conflicts: vec![0; height],
            column_conflicts: vec![0; width],
            conflicts: 0,
            moves: Vec::new(),
            nodes: 0,
            budget,
        };
        for cell in 0..search.cells.len() {
            let tile = search.cells[cell];
            if tile != BLANK {
                search.manhattan += search.distance(tile, cell);
            }
        }
        for row in 0..height {
            search.row_conflicts[row] = search.row_conflict(row);
        }
        for column in 0..width {
            search.column_conflicts[column] = search.column_conflict(column);
        }
        search.conflicts = search
            .row_conflicts
            .iter()
            .chain(&search.column_conflicts)
            .map(|&c| u32::from(c))
            .sum();
        search
    }

    #[inline]
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.distances[usize::from(tile) * self.cells.len() + cell])
    }

    /// Tiles of row `row` that must leave it: those at home in it, less a longest run in goal order.
    fn row_conflict(&self, row: usize) -> u8 {
        let mut homed = [0u8; Shape::MAX_SIDE as usize];
        let mut count = 0;
        for &tile in &self.cells[row * self.width..(row + 1) * self.width] {
            if tile != BLANK && usize::from(self.goal_row[usize::from(tile)]) == row {
                homed[count] = self.goal_column[usize::from(tile)];
                count += 1;
            }
        }
        (count - longest_increasing(&homed[..count])) as u8
    }

    fn column_conflict(&self, column: usize) -> u8 {
        let mut homed = [0u8; Shape::MAX_SIDE as usize];
        let mut count = 0;
        for &tile in self.cells[column..].iter().step_by(self.width) {
            if tile != BLANK && usize::from(self.goal_column[usize::from(tile)]) == column {
                homed[count] = self.goal_row[usize::from(tile)];
                count += 1;
            }
        }
        (count - longest_increasing(&homed[..count])) as u8
    }

    fn estimate(&self) -> u32 {
        self.manhattan + 2 * self.conflicts
    }

    /// Moves the blank to `target`, updating the estimate; returns what undoes it.
    #[inline]
    fn slide(&mut self, target: usize, vertical: bool) -> (u8, u8) {
        let (from, to) = (target, self.blank);
        let tile = self.cells[from];
        self.manhattan = self.manhattan + self.distance(tile, to) - self.distance(tile, from);
        self.cells[to] = tile;
        self.cells[from] = BLANK;
        self.blank = from;
        // a vertical move changes the tile's row, and the conflicts of the two rows; a
        // horizontal one those of the two columns
        let (lines, a, b) = if vertical {
            (&self.row_conflicts, self.rows[from], self.rows[to])
        } else {
            (&self.column_conflicts, self.columns[from], self.columns[to])
        };
        let (a, b) = (usize::from(a), usize::from(b));
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
            (self.row_conflict(a), self.row_conflict(b))
        } else {
            (self.column_conflict(a), self.column_conflict(b))
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

    /// Undoes [`Search::slide`]: the blank goes back to `previous`, the lines to `saved`.
    fn unslide(&mut self, previous: usize, vertical: bool, saved: (u8, u8)) {
        let (from, to) = (previous, self.blank);
        let tile = self.cells[from];
        self.manhattan = self.manhattan + self.distance(tile, to) - self.distance(tile, from);
        self.cells[to] = tile;
        self.cells[from] = BLANK;
        self.blank = from;
        let (a, b) = if vertical {
            (self.rows[to], self.rows[from])
        } else {
            (self.columns[to], self.columns[from])
        };
        let (a, b) = (usize::from(a), usize::from(b));
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

    fn dfs(&mut self, depth: u32, bound: u32, last: Option<Move>) -> Step {
        let estimate = self.estimate();
        if depth + estimate > bound {
            return Step::Above(depth + estimate);
        }
        if estimate == 0 {
            return Step::Found;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::Exhausted;
        }
        let mut above = u32::MAX;
        for step in Move::ALL {
            if last == Some(step.opposite()) {
                continue;
            }
            let Some(target) = self.targets[self.blank][step as usize] else {
                continue;
            };
            let target = usize::from(target);
            let vertical = matches!(step, Move::Up | Move::Down);
            let previous = self.blank;
            let saved = self.slide(target, vertical);
            self.moves.push(step);
            match self.dfs(depth + 1, bound, Some(step)) {
                Step::Found => return Step::Found,
                Step::Exhausted => return Step::Exhausted,
                Step::Above(next) => above = above.min(next),
            }
            self.moves.pop();
            self.unslide(previous, vertical, saved);
        }
        Step::Above(above)
    }
}

/// The canonical path from `start` to `goal` by IDA*, if it is at most `limit` moves long,
/// expanding at most `budget` nodes; returns the outcome and the nodes expanded.
pub fn solve(start: &Grid, goal: &Grid, limit: Option<u32>, budget: u64) -> (Outcome, u64) {
    if !start.reaches(goal) {
        return (Outcome::Unreachable, 0);
    }
    let mut search = Search::new(start, goal, budget);
    let mut bound = search.estimate();
    loop {
        if limit.is_some_and(|limit| bound > limit) {
            let limit = limit.expect("checked");
            return (Outcome::Beyond(limit), search.nodes);
        }
        match search.dfs(0, bound, None) {
            Step::Found => return (Outcome::Found(Path(search.moves)), search.nodes),
            Step::Exhausted => return (Outcome::Exhausted, search.nodes),
            Step::Above(next) => bound = next,
        }
    }
}
