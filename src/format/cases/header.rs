//! What comes before the cells: the input's count of cases (HDU 3567's T, UVa 10181's N), or
//! each case's side (algs4's files).

use std::io::Read;

use super::{cell, Cases};
use crate::format::place::InputError;
use crate::format::scan::HEAD;
use crate::puzzle::board::Shape;

impl<R: Read> Cases<R> {
    /// The number in the scanner's token, if it is one of at most [`HEAD`] digits (the bytes
    /// a token keeps: a longer one is no number read here, never its first digits).
    pub(super) fn number(&self) -> Option<u64> {
        let token = self.scanner.token;
        let digits = token.bytes();
        let short = token.len as usize <= HEAD && !digits.is_empty();
        (short && digits.iter().all(u8::is_ascii_digit))
            .then(|| std::str::from_utf8(digits).ok()?.parse().ok())?
    }

    /// Reads the scanner's token as the input's count of cases, or reports it and reads it as
    /// the start of the first case.
    pub(super) fn read_count(&mut self) -> Option<InputError> {
        self.header_read = true;
        let token = self.scanner.token;
        match self.number() {
            Some(count) => {
                self.announced = Some((count, token.place));
                self.plain = self.shape == Shape::SQUARE3;
                None
            }
            None => {
                // a token that can start a case is read as one (the count is missing); any
                // other (`-1`, `+1`, a huge number) was the count, malformed, and is dropped
                self.replay = self.can_start_case();
                self.plain = self.shape == Shape::SQUARE3;
                Some(InputError {
                    place: token.place,
                    found: match token.len as usize {
                        len if len > HEAD => format!("{} ({len} characters)", token.shown()),
                        _ => token.shown(),
                    },
                    expected: "the number of cases first".into(),
                })
            }
        }
    }

    /// Whether the scanner's token could be the first cells of a case: cells, a row or a board
    /// of cells up to 9 cells a board; a blank beyond (a number there is read as the count).
    pub(super) fn can_start_case(&self) -> bool {
        let token = self.scanner.token;
        let len = token.len as usize;
        let (width, cells) = (usize::from(self.shape.width), self.shape.cells());
        if cells > 9 {
            return matches!(token.bytes(), [b'x' | b'X']);
        }
        (len == 1 || len == width || len == cells)
            && token.bytes().iter().all(|&b| cell(b).is_some())
    }

    /// Reads the scanner's token as the side of the case's square board.
    pub(super) fn read_side(&mut self) -> Result<(), InputError> {
        let token = self.scanner.token;
        let side = self.number().and_then(|side| {
            let side = usize::try_from(side).ok()?;
            Shape::new(side, side).ok()
        });
        match side {
            Some(shape) => {
                self.reshape(shape);
                self.sided = true;
                self.side_line = token.place.line;
                Ok(())
            }
            None => Err(InputError {
                place: token.place,
                found: token.shown(),
                expected: format!("the side n of an n×n board, 2 to {}", Shape::MAX_SIDE),
            }),
        }
    }
}
