//! A board's shape: columns by rows, and where the blank goes from each cell.

use std::fmt;

use super::moves::Move;

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
    /// The 24-puzzle's.
    pub const SQUARE5: Shape = Shape {
        width: 5,
        height: 5,
    };
    /// The longest side taken: a board's cells are numbered in a byte.
    pub const MAX_SIDE: u8 = 16;

    /// The shape of `width` columns and `height` rows, if the tool takes it.
    pub fn new(width: usize, height: usize) -> Result<Shape, ShapeError> {
        let side = 2..=usize::from(Shape::MAX_SIDE);
        if !side.contains(&width) || !side.contains(&height) {
            return Err(ShapeError(format!(
                "a {width}x{height} board: the sides go from 2 to {}",
                Shape::MAX_SIDE
            )));
        }
        Ok(Shape {
            width: width as u8,
            height: height as u8,
        })
    }

    /// The square of `side` cells a side (2 to [`Shape::MAX_SIDE`]).
    pub const fn square(side: usize) -> Shape {
        assert!(
            side >= 2 && side <= Shape::MAX_SIDE as usize,
            "a side of 2 to 16"
        );
        Shape {
            width: side as u8,
            height: side as u8,
        }
    }

    /// The number of cells.
    pub const fn cells(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The largest tile: `W·H − 1`, at most 255 (16×16), so a cell holds it in a byte.
    pub fn last_tile(self) -> u8 {
        u8::try_from(self.cells() - 1).expect("at most 256 cells")
    }

    /// The cell the blank reaches from `cell` by `step`, if it stays on the board.
    ///
    /// The one definition of the moves: every table of them (the IDA*'s, the 4×4 databases'
    /// neighbours) is made from it, and the packed 3×3 core's is checked against it.
    #[inline]
    pub const fn target(self, cell: usize, step: Move) -> Option<usize> {
        let width = self.width as usize;
        let (row, column) = (cell / width, cell % width);
        let legal = match step {
            Move::Down => row + 1 < self.height as usize,
            Move::Left => column > 0,
            Move::Right => column + 1 < width,
            Move::Up => row > 0,
        };
        if !legal {
            return None;
        }
        Some(match step {
            Move::Down => cell + width,
            Move::Left => cell - 1,
            Move::Right => cell + 1,
            Move::Up => cell - width,
        })
    }
}

impl fmt::Display for Shape {
    /// `4x4`, as `--size` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Why a size is not a shape the tool takes, in words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapeError(pub String);

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShapeError {}

impl std::str::FromStr for Shape {
    type Err = ShapeError;

    /// `WxH` (`4x4`, `2x3`): W columns, H rows.
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let expected = || {
            ShapeError(format!(
                "found `{text}`, expected a size WxH such as 3x3 or 4x4"
            ))
        };
        let (width, height) = text.split_once(['x', 'X', '×']).ok_or_else(expected)?;
        let side = |side: &str| side.trim().parse::<usize>().map_err(|_| expected());
        Shape::new(side(width)?, side(height)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
