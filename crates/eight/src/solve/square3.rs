//! The 3×3 fast path: boards packed in a word (`eight_core::Packed`) and the tables of the
//! nine canonical goals, made at compile time by the build script with `eight-core`'s search and
//! embedded in the binary (`OUT_DIR/tables.bin`). Every goal is a relabelling of the canonical
//! goal with its blank in the same cell, and relabelling keeps distances and moves (moves act on
//! cells, not values), so nine tables serve every goal.
//!
//! This module and the solvers beside it are the only code that sees the packed form: the
//! engine packs a 3×3 [`Board`] here on the way in, and paths come out as moves.

use eight_core::packed::Packed;
use eight_core::state::INDICES;
use eight_core::table::{Table, PATH_BYTES};

use crate::puzzle::{Board, Shape};

pub use eight_core::table::canonical_goal;

/// The packed form of a 3×3 board; `None` for any other shape.
#[inline]
pub fn pack(board: &Board) -> Option<Packed> {
    let cells: &[u8; 9] = board.cells().try_into().ok()?;
    // a board's cells are a permutation already
    (board.shape() == Shape::SQUARE3).then(|| Packed::from_permutation(*cells))
}

/// The board a packed one stands for.
pub fn unpack(packed: &Packed) -> Board {
    Board::new(Shape::SQUARE3, &packed.cells()).expect("a packed board is a board")
}

/// The nine tables' entries, one after the other by the blank cell of their goal.
static EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tables.bin"));
/// Their path words, in the same order: 1.45 MB a table, of which a run reads only the pages of
/// the boards it answers.
static PATHS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/paths.bin"));

/// The nine tables, ready: a lookup costs no search and no build.
pub struct Tables {
    tables: [Table; 9],
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            tables: std::array::from_fn(|blank| {
                let entries = &EMBEDDED[blank * INDICES..(blank + 1) * INDICES];
                let words = INDICES * PATH_BYTES;
                let paths = &PATHS[blank * words..(blank + 1) * words];
                Table::from_entries(&canonical_goal(blank), entries, paths)
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

/// The 3×3 boards by their distance to a goal, from the embedded tables: what `gen` draws from
/// and `histogram` counts. A goal's boards are its canonical table's, relabelled.
#[derive(Default)]
pub struct Space {
    tables: Tables,
}

impl Space {
    /// The greatest distance to a goal with the blank at `blank` (0–8).
    pub fn depth(&self, blank: usize) -> u32 {
        self.tables.get(blank).depth()
    }

    /// How many boards lie from `first` to `last` moves from such a goal.
    pub fn count_within(&self, blank: usize, first: u32, last: u32) -> u64 {
        self.tables.get(blank).count_within(first, last)
    }

    /// The indices of the boards from `first` to `last` moves from such a goal, in order.
    pub fn within(&self, blank: usize, first: u32, last: u32) -> Vec<u32> {
        self.tables.get(blank).within(first, last)
    }

    /// The board of `index` (from [`Space::within`]) for `goal`, a 3×3 board.
    pub fn board(&self, index: u32, goal: &Board) -> Board {
        let goal = pack(goal).expect("a 3x3 goal");
        let table = self.tables.get(goal.blank());
        unpack(&table.board(index).relabel(table.goal(), &goal))
    }
}

/// The 3×3 boards farthest from `board`, in no set order: a move is undone by its opposite, so
/// they are the boards from which `board` is farthest, the last layer of its table.
pub fn farthest(board: &Board) -> Vec<Board> {
    let Some(packed) = pack(board) else {
        return Vec::new();
    };
    let tables = Tables::default();
    let table = tables.get(packed.blank());
    let depth = table.depth();
    let indices = table.within(depth, depth);
    let relabelled = indices
        .into_iter()
        .map(|index| table.board(index).relabel(table.goal(), &packed));
    relabelled.map(|far| unpack(&far)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Move;

    #[test]
    fn moves_like_the_packed_board() {
        // the packed core's table of moves is the boards' own, from every cell of the blank
        for blank in 0..9 {
            let packed = canonical_goal(blank);
            let board = unpack(&packed);
            for step in Move::ALL {
                let moved = board.apply(step).map(|board| pack(&board).expect("3x3"));
                assert_eq!(packed.apply(step), moved, "blank at {blank}, {step:?}");
            }
        }
        let board = Packed::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 5]).expect("a board");
        let grid = unpack(&board);
        for step in Move::ALL {
            assert_eq!(
                grid.apply(step).and_then(|g| pack(&g)),
                board.apply(step),
                "{step:?}"
            );
        }
        assert_eq!(grid.to_string(), "283104765");
        assert_eq!(u64::from(board.parity()), grid.invariant());
    }

    #[test]
    fn canonical_goals_put_the_tiles_in_order_around_the_blank() {
        // the core crate's goals are the boards' own definition, packed
        for blank in 0..9 {
            let board = Board::canonical(Shape::SQUARE3, blank);
            assert_eq!(
                pack(&board),
                Some(canonical_goal(blank)),
                "blank at {blank}"
            );
        }
        assert_eq!(canonical_goal(8).to_string(), "123456780");
        assert_eq!(canonical_goal(4).to_string(), "123405678");
        assert_eq!(canonical_goal(0).to_string(), "012345678");
    }
}
