//! Boards of any size: `W` columns and `H` rows (a [`Shape`]), tiles 1 to `W·H − 1` and the
//! blank (0), row-major. The 3×3 puzzle has its packed [`Board`]; a [`Grid`] is every other
//! size, and 3×3 too where a tool serves every size with one code path.

use std::fmt;

use super::board::{Board, BLANK};
use super::moves::{Move, Path};

/// A board's size: columns by rows, each from 2 to [`Shape::MAX_SIDE`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
}

impl Shape {
    /// The 8-puzzle's.
    pub const SQUARE3: Shape = Shape {
        width: 3,
        height: 3,
    };
    /// The 15-puzzle's.
    pub const SQUARE4: Shape = Shape {
        width: 4,
        height: 4,
    };
    /// The longest side taken: a board's cells are numbered in a byte.
    pub const MAX_SIDE: u8 = 16;

    /// The shape of `width` columns and `height` rows, if the tool takes it.
    pub fn new(width: usize, height: usize) -> Result<Shape, String> {
        let side = 2..=usize::from(Shape::MAX_SIDE);
        if !side.contains(&width) || !side.contains(&height) {
            return Err(format!(
                "a {width}x{height} board: the sides go from 2 to {}",
                Shape::MAX_SIDE
            ));
        }
        Ok(Shape {
            width: width as u8,
            height: height as u8,
        })
    }

    /// The number of cells.
    pub fn cells(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The largest tile: `W·H − 1`, at most 255 (16×16), so a cell holds it in a byte.
    pub fn last_tile(self) -> u8 {
        u8::try_from(self.cells() - 1).expect("at most 256 cells")
    }

    /// The cell the blank reaches from `cell` by `step`, if it stays on the board.
    #[inline]
    pub fn target(self, cell: usize, step: Move) -> Option<usize> {
        let width = usize::from(self.width);
        let (row, column) = (cell / width, cell % width);
        match step {
            Move::Down => (row + 1 < usize::from(self.height)).then(|| cell + width),
            Move::Left => (column > 0).then(|| cell - 1),
            Move::Right => (column + 1 < width).then(|| cell + 1),
            Move::Up => (row > 0).then(|| cell - width),
        }
    }
}

impl fmt::Display for Shape {
    /// `4x4`, as `--size` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl std::str::FromStr for Shape {
    type Err = String;

    /// `WxH` (`4x4`, `2x3`): W columns, H rows.
    fn from_str(text: &str) -> Result<Shape, String> {
        let expected = || format!("found `{text}`, expected a size WxH such as 3x3 or 4x4");
        let (width, height) = text.split_once(['x', 'X', '×']).ok_or_else(expected)?;
        let side = |side: &str| side.trim().parse::<usize>().map_err(|_| expected());
        Shape::new(side(width)?, side(height)?)
    }
}

/// A valid board of any shape: each of the blank and the tiles 1 to `W·H − 1` exactly once.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// The board of `shape` with these cells, if they are each of 0 to `W·H − 1` once.
    pub fn new(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let mut seen = vec![false; shape.cells()];
        let valid = cells.len() == shape.cells()
            && cells.iter().all(|&cell| {
                usize::from(cell) < seen.len()
                    && !std::mem::replace(&mut seen[usize::from(cell)], true)
            });
        valid.then_some(Grid { shape, cells })
    }

    /// The usual goal: the tiles in order, the blank last.
    pub fn ordered(shape: Shape) -> Grid {
        let mut cells: Vec<u8> = (1..=shape.last_tile()).collect();
        cells.push(BLANK);
        Grid { shape, cells }
    }

    /// The 3×3 board as a grid.
    pub fn from_board(board: &Board) -> Grid {
        Grid {
            shape: Shape::SQUARE3,
            cells: board.cells().to_vec(),
        }
    }

    /// The packed board, for a 3×3 grid.
    pub fn board(&self) -> Option<Board> {
        let cells: [u8; 9] = self.cells.as_slice().try_into().ok()?;
        (self.shape == Shape::SQUARE3).then(|| Board::from_cells(cells))?
    }

    /// Its shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row-major; the blank is 0.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The index of the blank's cell.
    pub fn blank(&self) -> usize {
        self.cells
            .iter()
            .position(|&cell| cell == BLANK)
            .expect("a grid has a blank")
    }

    /// The board after moving the blank, or `None` if that would leave the board.
    pub fn apply(&self, step: Move) -> Option<Grid> {
        let mut next = self.clone();
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
        let tiles: Vec<u8> = self.cells.iter().copied().filter(|&c| c != BLANK).collect();
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
    pub fn reaches(&self, goal: &Grid) -> bool {
        self.shape == goal.shape && self.invariant() == goal.invariant()
    }

    /// This board with every value renamed: the value at each cell of `from` becomes the value
    /// at the same cell of `to`; distances to the renamed goal stay the same.
    pub fn relabel(&self, from: &Grid, to: &Grid) -> Grid {
        let mut names = vec![0; self.cells.len()];
        for (&old, &new) in from.cells.iter().zip(&to.cells) {
            names[usize::from(old)] = new;
        }
        let cells = self.cells.iter().map(|&c| names[usize::from(c)]).collect();
        Grid {
            shape: self.shape,
            cells,
        }
    }

    /// The board reached by making every move of `path`, or `None` at an illegal move.
    pub fn replay(&self, path: &Path) -> Option<Grid> {
        path.0
            .iter()
            .try_fold(self.clone(), |grid, &step| grid.apply(step))
    }
}

impl fmt::Display for Grid {
    /// Up to 9 cells, glued digits (`283104765`, as a [`Board`] shows); more, the numbers
    /// separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cells.len() <= 9 {
            return self
                .cells
                .iter()
                .try_for_each(|cell| write!(f, "{}", char::from(b'0' + cell)));
        }
        for (index, cell) in self.cells.iter().enumerate() {
            let gap = if index == 0 { "" } else { " " };
            write!(f, "{gap}{cell}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A grid from its numbers separated by spaces.
    pub(crate) fn grid(shape: Shape, text: &str) -> Grid {
        let cells = text
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        Grid::new(shape, cells).expect("a valid grid")
    }

    #[test]
    fn reads_sizes_and_refuses_the_ones_it_cannot_take() {
        assert_eq!("4x4".parse(), Ok(Shape::SQUARE4));
        assert_eq!(
            "2x3".parse::<Shape>().map(|s| (s.width, s.height)),
            Ok((2, 3))
        );
        assert!("1x5".parse::<Shape>().is_err());
        assert!("17x2".parse::<Shape>().is_err());
        assert!("4by4".parse::<Shape>().is_err());
        assert_eq!(Shape::SQUARE4.to_string(), "4x4");
    }

    #[test]
    fn moves_like_the_packed_board() {
        let board = Board::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 5]).expect("a board");
        let grid = Grid::from_board(&board);
        for step in Move::ALL {
            assert_eq!(
                grid.apply(step).and_then(|g| g.board()),
                board.apply(step),
                "{step:?}"
            );
        }
        assert_eq!(grid.to_string(), "283104765");
        assert_eq!(u64::from(board.parity()), grid.invariant());
    }

    #[test]
    fn even_widths_count_the_blank_row() {
        let goal = Grid::ordered(Shape::SQUARE4);
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
        assert!(Grid::new(shape, vec![1, 2, 3, 4, 5, 0]).is_some());
        assert!(Grid::new(shape, vec![1, 2, 3, 4, 5, 6]).is_none());
        assert!(Grid::new(shape, vec![1, 1, 3, 4, 5, 0]).is_none());
        assert!(Grid::new(shape, vec![1, 2, 3, 4, 0]).is_none());
    }
}
