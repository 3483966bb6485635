//! One board read from a string, by the same reader as a stream of cases.

use super::{Cases, Item, Reading};
use crate::format::place::{InputError, Origin};
use crate::puzzle::board::{Board, Shape};

impl Board {
    /// Reads one board of `shape` written in any layout the reader takes (numbers separated by
    /// whitespace; up to 9 cells, also glued rows or boards); errors give the column in `text`.
    ///
    /// ```
    /// use eight::puzzle::{Board, Shape};
    /// let board = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", Shape::SQUARE4).unwrap();
    /// assert_eq!(board.blank(), 14);
    /// ```
    pub fn parse(text: &str, shape: Shape) -> Result<Board, InputError> {
        let reading = Reading {
            shape,
            ..Reading::square3(1)
        };
        let mut cases = Cases::with(text.as_bytes(), Origin::Text, reading);
        const IN_MEMORY: &str = "reading from memory cannot fail";
        let mut no_wait = || Ok(());
        let board = match cases.next(&mut no_wait).expect(IN_MEMORY) {
            Item::Case(case) => case.boards[0],
            Item::Malformed(error) | Item::Header(error) => return Err(error),
            Item::End => return Err(InputError::empty(Origin::Text)),
            Item::Grid(_) => unreachable!("a board's reading is by lines, never by sizes"),
        };
        match cases.next(&mut no_wait).expect(IN_MEMORY) {
            Item::End => Ok(board),
            Item::Case(case) => Err(InputError::extra(case.place)),
            Item::Grid(case) => Err(InputError::extra(case.place)),
            Item::Malformed(error) | Item::Header(error) => Err(InputError::extra(error.place)),
        }
    }
}

impl std::str::FromStr for Board {
    type Err = InputError;

    /// Reads one 3×3 board written in any layout of the spec (`283104765`, `2 8 3 1 0 4 7 6 5`,
    /// `12345678x`, rows on separate lines); errors give the column in `text`.
    ///
    /// ```
    /// use eight::Board;
    /// let board: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
    /// assert_eq!(board.to_string(), "123456780");
    /// ```
    fn from_str(text: &str) -> Result<Board, InputError> {
        Board::parse(text, Shape::SQUARE3)
    }
}
