//! The tables of the nine canonical goals, made at compile time by the build script with the
//! project's own search and embedded in the binary (`OUT_DIR/tables.bin`). Every goal is a
//! relabelling of the canonical goal with its blank in the same cell, and relabelling keeps
//! distances and moves (moves act on cells, not values), so nine tables serve every goal.

use crate::puzzle::board::Board;
use crate::solve::state::INDICES;
use crate::solve::table::Table;

pub use crate::solve::table::canonical_goal;

/// The nine tables' entries, one after the other by the blank cell of their goal.
static EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tables.bin"));

/// The nine tables, ready: a lookup costs no search and no build.
pub struct Tables {
    tables: [Table; 9],
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            tables: std::array::from_fn(|blank| {
                let entries = &EMBEDDED[blank * INDICES..(blank + 1) * INDICES];
                Table::from_entries(&canonical_goal(blank), entries)
            }),
        }
    }
}

impl Tables {
    /// The table for goals with the blank at `blank`.
    #[inline]
    pub fn get(&self, blank: usize) -> &Table {
        &self.tables[blank]
    }
}

/// `start` relabelled as `table`'s canonical goal relabels `goal`: as far from it as from `goal`.
pub fn relabel_for(start: &Board, goal: &Board, table: &Table) -> Board {
    if goal == table.goal() {
        *start
    } else {
        start.relabel(goal, table.goal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_are_the_search_s_own() {
        let tables = Tables::default();
        let mut solver = crate::solve::bibfs::Solver::new();
        for blank in 0..9 {
            let built = Table::new(&canonical_goal(blank), &mut solver);
            assert_eq!(
                tables.get(blank).entries(),
                built.entries(),
                "blank at {blank}"
            );
        }
    }

    #[test]
    fn canonical_goals_put_the_tiles_in_order_around_the_blank() {
        assert_eq!(canonical_goal(8).to_string(), "123456780");
        assert_eq!(canonical_goal(4).to_string(), "123405678");
        assert_eq!(canonical_goal(0).to_string(), "012345678");
    }
}
