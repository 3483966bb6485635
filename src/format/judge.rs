//! The judges' formats. Each judge reads cases of one or two boards and writes one line per
//! case.

use std::io::{self, Write};

use itertools::Itertools;

use crate::puzzle::board::{Board, BLANK};
use crate::solve::Engine;

use super::{path, steps};

/// The judges `eight` speaks for, named as their fixture folders are.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Judge {
    /// Luogu P1379: one board, the number of moves to `123804765`.
    P1379,
    /// HOJ 10466: a start and its goal, the number of moves.
    Hoj10466,
    /// POJ 1077: one board in x-notation, the path to `12345678x`.
    Poj1077,
    /// HDU 1043: the same format as POJ 1077, with many cases.
    Hdu1043,
}

impl Judge {
    /// Every judge.
    pub const ALL: [Judge; 4] = [
        Judge::P1379,
        Judge::Hoj10466,
        Judge::Poj1077,
        Judge::Hdu1043,
    ];

    /// The judge's name, as its fixture folder and its command alias spell it.
    pub fn name(self) -> &'static str {
        match self {
            Judge::P1379 => "p1379",
            Judge::Hoj10466 => "hoj10466",
            Judge::Poj1077 => "poj1077",
            Judge::Hdu1043 => "hdu1043",
        }
    }

    /// The judge of this name, if any.
    pub fn from_name(name: &str) -> Option<Judge> {
        Judge::ALL.into_iter().find(|judge| judge.name() == name)
    }

    /// Boards in one case.
    pub fn boards(self) -> usize {
        match self {
            Judge::Hoj10466 => 2,
            Judge::P1379 | Judge::Poj1077 | Judge::Hdu1043 => 1,
        }
    }

    /// The goal every case shares, or `None` when each case brings its own.
    pub fn goal(self) -> Option<Board> {
        let text = match self {
            Judge::P1379 => steps::DEFAULT_GOAL,
            Judge::Hoj10466 => return None,
            Judge::Poj1077 | Judge::Hdu1043 => path::DEFAULT_GOAL,
        };
        Some(Board::parse(text).expect("the judges' goals are boards"))
    }

    /// Whether the answers are paths (else distances).
    pub fn answers_paths(self) -> bool {
        matches!(self, Judge::Poj1077 | Judge::Hdu1043)
    }

    /// Writes one board as the judge's statement writes it: glued digits for P1379, numbers
    /// separated by spaces for HOJ 10466, x-notation for POJ 1077 and HDU 1043.
    pub fn write_board(self, board: &Board, out: &mut dyn Write) -> io::Result<()> {
        let cells = board.cells();
        match self {
            Judge::P1379 => write!(out, "{board}"),
            Judge::Hoj10466 => write!(out, "{}", cells.iter().format(" ")),
            Judge::Poj1077 | Judge::Hdu1043 => {
                let shown = cells.iter().map(|&cell| match cell {
                    BLANK => 'x',
                    tile => char::from(b'0' + tile),
                });
                write!(out, "{}", shown.format(" "))
            }
        }
    }
}

/// A judge's format: how many boards make a case, and how a case is answered.
pub trait Format {
    /// Boards in one case: 1, or 2 for a start and its goal.
    const BOARDS: usize;

    /// Writes the answer line of one case of [`Format::BOARDS`] boards.
    fn answer(&mut self, boards: &[Board], out: &mut dyn Write) -> io::Result<()>;

    /// The start and the goal of a case.
    fn problem(&self, boards: &[Board]) -> (Board, Board);

    /// The engine that answers.
    fn engine(&mut self) -> &mut Engine;
}

/// Writes a distance (or `-1` for none) and a newline, as the count judges print them, with
/// one write and no formatting machinery: distances have at most two digits.
pub fn write_distance(distance: Option<u32>, out: &mut dyn Write) -> io::Result<()> {
    match distance {
        None => out.write_all(b"-1\n"),
        Some(distance @ 0..=9) => out.write_all(&[b'0' + distance as u8, b'\n']),
        Some(distance @ 10..=99) => {
            let (tens, ones) = (distance / 10, distance % 10);
            out.write_all(&[b'0' + tens as u8, b'0' + ones as u8, b'\n'])
        }
        Some(distance) => writeln!(out, "{distance}"),
    }
}
