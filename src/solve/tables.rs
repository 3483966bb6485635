//! The tables of the nine canonical goals, each built when first needed. Every goal is a
//! relabelling of the canonical goal with its blank in the same cell, and relabelling keeps
//! distances and moves (moves act on cells, not values), so nine tables serve every goal.

use crate::puzzle::board::Board;
use crate::solve::bibfs::Solver;
use crate::solve::table::Table;

/// At most one table per blank cell.
#[derive(Default)]
pub struct Tables {
    tables: [Option<Table>; 9],
}

impl Tables {
    /// The table for goals with the blank at `blank`, if built.
    #[inline]
    pub fn get(&self, blank: usize) -> Option<&Table> {
        self.tables[blank].as_ref()
    }

    /// The table for goals with the blank at `blank`, built with `solver`'s buffers if need be.
    #[inline]
    pub fn get_or_build(&mut self, blank: usize, solver: &mut Solver) -> &Table {
        if self.tables[blank].is_none() {
            self.tables[blank] = Some(build(blank, solver));
        }
        self.tables[blank].as_ref().expect("built")
    }

    /// Whether every table is built.
    pub fn all_built(&self) -> bool {
        self.tables.iter().all(Option::is_some)
    }

    /// Whether no table is built.
    pub fn none_built(&self) -> bool {
        self.tables.iter().all(Option::is_none)
    }
}

/// The table of the canonical goal with the blank at `blank`: rare, so kept out of line.
#[cold]
#[inline(never)]
fn build(blank: usize, solver: &mut Solver) -> Table {
    Table::new(&canonical_goal(blank), solver)
}

/// `start` relabelled as `table`'s canonical goal relabels `goal`: as far from it as from `goal`.
pub fn relabel_for(start: &Board, goal: &Board, table: &Table) -> Board {
    if goal == table.goal() {
        *start
    } else {
        start.relabel(goal, table.goal())
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

    #[test]
    fn canonical_goals_put_the_tiles_in_order_around_the_blank() {
        assert_eq!(canonical_goal(8).to_string(), "123456780");
        assert_eq!(canonical_goal(4).to_string(), "123405678");
        assert_eq!(canonical_goal(0).to_string(), "012345678");
    }
}
