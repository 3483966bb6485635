//! Boards of every size: `W` columns and `H` rows (a [`Shape`]), tiles 1 to `W·H − 1` and the
//! blank (0), row-major. One type for every size, from 2×2 to 16×16: the 3×3 fast path packs a
//! board into a word inside `solve`, where no one else needs to know.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::moves::{IllegalMove, Move, Path};
pub use super::shape::Shape;

pub use eight_core::BLANK;

/// The most cells a board has: 16×16.
pub const MAX_CELLS: usize = 256;

/// A valid board of any shape: each of the blank and the tiles 1 to `W·H − 1` exactly once.
///
/// Its cells live in a fixed array, the cells past the board's own always 0, so that a board is
/// a plain value: copied without allocating, made in a `const` (the judges' goals), and reused
/// by the reader case after case, writing only its own cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    cells: [u8; MAX_CELLS],
}

impl Board {
    /// The board of `shape` with these cells, if they are each of 0 to `W·H − 1` once.
    ///
    /// ```
    /// use eight::puzzle::{Board, Shape};
    /// assert!(Board::new(Shape::SQUARE3, &[2, 8, 3, 1, 0, 4, 7, 6, 5]).is_some());
    /// assert!(Board::new(Shape::SQUARE3, &[2, 8, 3, 1, 0, 4, 7, 6, 6]).is_none());
    /// ```
    pub const fn new(shape: Shape, cells: &[u8]) -> Option<Board> {
        // loops by hand, so that the judges' goals can be constants
        if cells.len() != shape.cells() {
            return None;
        }
        let mut seen = [0u64; 4];
        let mut board = [0u8; MAX_CELLS];
        let mut index = 0;
        while index < cells.len() {
            let cell = cells[index];
            let (word, bit) = ((cell / 64) as usize, 1u64 << (cell % 64));
            if cell as usize >= cells.len() || seen[word] & bit != 0 {
                return None;
            }
            seen[word] |= bit;
            board[index] = cell;
            index += 1;
        }
        Some(Board {
            shape,
            cells: board,
        })
    }

    /// Sets the cells to `cells`, already known to be a permutation of 0 to `W·H − 1` for this
    /// board's shape (the reader checked them).
    #[inline(always)]
    pub(crate) fn set_cells(&mut self, cells: &[u8]) {
        self.cells[..cells.len()].copy_from_slice(cells);
    }

    /// The usual goal: the tiles in order, the blank last.
    pub const fn ordered(shape: Shape) -> Board {
        let mut cells = [0u8; MAX_CELLS];
        let last = shape.cells() - 1;
        let mut index = 0;
        while index < last {
            cells[index] = index as u8 + 1;
            index += 1;
        }
        Board { shape, cells }
    }

    /// The canonical goal of `shape` with the blank at `blank`: the tiles in reading order around
    /// it. Every goal is one of these relabelled ([`Board::relabel`]), and relabelling keeps
    /// every distance, so a whole-space table per shape and blank cell serves every goal.
    pub const fn canonical(shape: Shape, blank: usize) -> Board {
        let mut cells = [0u8; MAX_CELLS];
        let mut cell = 0;
        // the tiles in order, skipping the blank's cell: at most 255 of them
        while cell < shape.cells() {
            cells[cell] = if cell < blank {
                cell as u8 + 1
            } else if cell == blank {
                BLANK
            } else {
                cell as u8
            };
            cell += 1;
        }
        Board { shape, cells }
    }

    /// The usual goal of `shape` ([`Board::ordered`]), made at compile time: a reference to hand
    /// out where the goal of a case is another board's.
    pub fn ordered_goal(shape: Shape) -> &'static Board {
        static GOALS: Goals = Goals::made(Goals::BLANK_LAST);
        GOALS.of(shape)
    }

    /// The goal with the blank first and the tiles in order after it (HackerRank's), made at
    /// compile time like [`Board::ordered_goal`].
    pub fn blank_first_goal(shape: Shape) -> &'static Board {
        static GOALS: Goals = Goals::made(Goals::BLANK_FIRST);
        GOALS.of(shape)
    }

    /// Its shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row-major; the blank is 0.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.shape.cells()]
    }

    /// The index of the blank's cell.
    pub fn blank(&self) -> usize {
        self.cells()
            .iter()
            .position(|&cell| cell == BLANK)
            .expect("a board has a blank")
    }

    /// The board after moving the blank, or `None` if that would leave the board.
    pub fn apply(&self, step: Move) -> Option<Board> {
        let mut next = *self;
        next.slide(step).then_some(next)
    }

    /// Moves the blank in place; `false`, and no change, if that would leave the board.
    pub fn slide(&mut self, step: Move) -> bool {
        let blank = self.blank();
        match self.shape.target(blank, step) {
            Some(target) => {
                self.cells.swap(blank, target);
                true
            }
            None => false,
        }
    }

    /// The number of inversions among the tiles, blank left out.
    pub fn inversions(&self) -> u64 {
        let tiles: Vec<u8> = self
            .cells()
            .iter()
            .copied()
            .filter(|&c| c != BLANK)
            .collect();
        let mut inversions = 0;
        for (index, &tile) in tiles.iter().enumerate() {
            inversions += tiles[index + 1..]
                .iter()
                .filter(|&&later| later < tile)
                .count() as u64;
        }
        inversions
    }

    /// What no move changes: the inversions' parity, plus the blank's row when the width is
    /// even (a vertical move then passes a tile over an odd number of others).
    pub fn invariant(&self) -> u64 {
        let blank_row = match self.shape.width % 2 {
            0 => (self.blank() / usize::from(self.shape.width)) as u64,
            _ => 0,
        };
        (self.inversions() + blank_row) % 2
    }

    /// Whether `goal` can be reached from this board, decided without search: boards of one
    /// shape reach each other exactly when their invariants agree.
    pub fn reaches(&self, goal: &Board) -> bool {
        self.shape == goal.shape && self.invariant() == goal.invariant()
    }

    /// This board with every value renamed: the value at each cell of `from` becomes the value
    /// at the same cell of `to`; distances to the renamed goal stay the same.
    pub fn relabel(&self, from: &Board, to: &Board) -> Board {
        let mut names = [0u8; MAX_CELLS];
        for (&old, &new) in from.cells().iter().zip(to.cells()) {
            names[usize::from(old)] = new;
        }
        let mut relabelled = *self;
        for cell in &mut relabelled.cells[..self.shape.cells()] {
            *cell = names[usize::from(*cell)];
        }
        relabelled
    }

    /// The board reached by making every move of `path`, or the first illegal move.
    ///
    /// ```
    /// use eight::{Board, Path};
    /// let start: Board = "283104765".parse().unwrap();
    /// let path: Path = "urdl".parse().unwrap();
    /// assert_eq!(start.replay(&path).unwrap().to_string(), "234108765");
    /// ```
    pub fn replay(&self, path: &Path) -> Result<Board, IllegalMove> {
        let mut board = *self;
        for (step, &next) in path.0.iter().enumerate() {
            if !board.slide(next) {
                return Err(IllegalMove { step });
            }
        }
        Ok(board)
    }
}

impl Hash for Board {
    /// Its own cells only: the rest are always 0.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.cells().hash(state);
    }
}

impl fmt::Display for Board {
    /// Up to 9 cells, glued digits (`283104765`); more, the numbers separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cells().len() <= 9 {
            return self
                .cells()
                .iter()
                .try_for_each(|cell| write!(f, "{}", char::from(b'0' + cell)));
        }
        for (index, cell) in self.cells().iter().enumerate() {
            let gap = if index == 0 { "" } else { " " };
            write!(f, "{gap}{cell}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    /// `Board(3x3 283104765)`: the shape and the cells, not the array's unused end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({} {self})", self.shape)
    }
}

/// The sides a shape may have: 2 to [`Shape::MAX_SIDE`].
const SIDES: usize = Shape::MAX_SIDE as usize - 1;

/// A canonical goal of every shape, by its sides, made at compile time (immutable: a table, not
/// state).
struct Goals([Board; SIDES * SIDES]);

impl Goals {
    /// The blank in the last cell.
    const BLANK_LAST: bool = true;
    /// The blank in the first cell.
    const BLANK_FIRST: bool = false;

    /// Every shape's goal, its blank last or first.
    const fn made(last: bool) -> Goals {
        let empty = Board {
            shape: Shape {
                width: 2,
                height: 2,
            },
            cells: [0; MAX_CELLS],
        };
        let mut goals = [empty; SIDES * SIDES];
        let mut at = 0;
        while at < SIDES * SIDES {
            let shape = Shape {
                width: (at / SIDES + 2) as u8,
                height: (at % SIDES + 2) as u8,
            };
            let blank = if last { shape.cells() - 1 } else { 0 };
            goals[at] = Board::canonical(shape, blank);
            at += 1;
        }
        Goals(goals)
    }

    /// The goal of `shape`.
    fn of(&self, shape: Shape) -> &Board {
        let (width, height) = (usize::from(shape.width), usize::from(shape.height));
        &self.0[(width - 2) * SIDES + height - 2]
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn the_goals_made_at_compile_time_are_every_shape_s() {
        for width in 2..=16 {
            for height in 2..=16 {
                let shape = Shape::new(width, height).expect("a shape");
                assert_eq!(
                    *Board::ordered_goal(shape),
                    Board::ordered(shape),
                    "{shape}"
                );
                assert_eq!(*Board::blank_first_goal(shape), Board::canonical(shape, 0));
                assert_eq!(Board::blank_first_goal(shape).blank(), 0);
            }
        }
    }

    /// A board from its numbers separated by spaces.
    pub(crate) fn grid(shape: Shape, text: &str) -> Board {
        let cells: Vec<u8> = text
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        Board::new(shape, &cells).expect("a valid board")
    }

    /// A 3×3 board from its glued cells, `x` or `0` the blank (the reader is a layer above).
    pub(crate) fn board(text: &str) -> Board {
        let cells: Vec<u8> = text
            .bytes()
            .map(|byte| if byte == b'x' { BLANK } else { byte - b'0' })
            .collect();
        Board::new(Shape::SQUARE3, &cells).expect("a valid board")
    }

    #[test]
    fn even_widths_count_the_blank_row() {
        let goal = Board::ordered(Shape::SQUARE4);
        assert_eq!(goal.to_string(), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0");
        let up = goal.apply(Move::Up).expect("a move");
        assert!(up.reaches(&goal));
        assert_ne!(up.inversions() % 2, goal.inversions() % 2);
        let swapped = grid(Shape::SQUARE4, "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0");
        assert!(!swapped.reaches(&goal));
    }

    #[test]
    fn refuses_cells_that_are_not_a_permutation() {
        let shape = Shape::new(2, 3).expect("a shape");
        assert!(Board::new(shape, &[1, 2, 3, 4, 5, 0]).is_some());
        assert!(Board::new(shape, &[1, 2, 3, 4, 5, 6]).is_none());
        assert!(Board::new(shape, &[1, 1, 3, 4, 5, 0]).is_none());
        assert!(Board::new(shape, &[1, 2, 3, 4, 0]).is_none());
    }

    #[test]
    fn replay_names_the_first_illegal_move() {
        let start = board("12345678x");
        let path: Path = "uu".parse().expect("letters");
        assert_eq!(
            start.replay(&path).map(|b| b.to_string()),
            Ok("120453786".to_string())
        );
        let off: Path = "uuu".parse().expect("letters");
        assert_eq!(start.replay(&off), Err(IllegalMove { step: 2 }));
    }
}
