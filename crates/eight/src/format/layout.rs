//! How a judge's statement writes a board: glued digits, numbers and spaces, x-notation, rows of
//! numbers or of characters, LeetCode's lists or algs4's sided files; `gen` writes every case
//! this way.

use itertools::Itertools;

use super::cases::Glyphs;
use crate::puzzle::board::{Board, BLANK};

/// How a judge's statement writes a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Nine digits glued, `0` the blank (`283104765`).
    Glued,
    /// Nine numbers separated by spaces, `0` the blank (`2 8 3 1 0 4 7 6 5`).
    Spaced,
    /// Nine cells separated by spaces, `x` the blank (`2 3 4 1 5 x 7 6 8`).
    XNotation,
    /// Nine cells glued, `X` the blank (`12X453786`).
    XGlued,
    /// A row of numbers a line, `0` the blank (`2 3 4 0`).
    Rows,
    /// A row of characters a line, glued, one a cell (`23#`, `ABCD`, `MNO.`).
    Characters(Glyphs),
    /// LeetCode's nested lists (`[[1,2,3],[4,0,5]]`).
    Lists,
    /// Rows of numbers right-aligned, `0` the blank (algs4's files, after their side).
    Sided,
    /// A number a line, `0` the blank (HackerRank's, after the side).
    Column,
}

impl Layout {
    /// A board as this layout writes it.
    pub fn show(self, board: &Board) -> String {
        let cells = board.cells();
        let width = usize::from(board.shape().width);
        let glyph = |cell: u8, blank: char| match cell {
            BLANK => blank,
            tile => char::from(b'0' + tile),
        };
        match self {
            Layout::Glued if cells.len() <= 9 => board.to_string(),
            Layout::XGlued if cells.len() <= 9 => cells.iter().map(|&c| glyph(c, 'X')).collect(),
            Layout::XNotation if cells.len() <= 9 => cells.iter().map(|&c| glyph(c, 'x')).join(" "),
            Layout::Glued | Layout::XGlued | Layout::XNotation | Layout::Spaced => {
                cells.iter().join(" ")
            }
            Layout::Rows => {
                let rows = cells.chunks(width).map(|row| row.iter().join(" "));
                rows.format("\n").to_string()
            }
            Layout::Characters(glyphs) => {
                let rows = cells.chunks(width).map(|row| {
                    row.iter()
                        .map(|&cell| glyphs.glyph(cell))
                        .collect::<String>()
                });
                rows.format("\n").to_string()
            }
            Layout::Lists => {
                let rows = cells
                    .chunks(width)
                    .map(|row| format!("[{}]", row.iter().join(",")));
                format!("[{}]", rows.format(","))
            }
            Layout::Sided => {
                let digits = (cells.len() - 1).to_string().len();
                let rows = cells.chunks(width).map(|row| {
                    row.iter()
                        .map(|c| format!("{c:>w$}", w = digits + 1))
                        .join("")
                });
                rows.format("\n").to_string()
            }
            Layout::Column => cells.iter().join("\n"),
        }
    }
}
