//! The judges' formats. Each judge reads cases of one or two boards and writes one line per
//! case; [`run`] streams any of them from a reader to a writer.

use std::io::{self, Read, Write};

use itertools::Itertools;
use serde::Serialize;

use crate::board::{Board, BLANK};
use crate::input::{Cases, InputError, Item, Origin};
use crate::moves::Path;
use crate::search::Stats;

pub mod engine;
pub mod pair;
pub mod path;
pub mod steps;

pub use engine::{Algorithm, Engine, Report};
pub use pair::Pair;
pub use path::PathJudge;
pub use steps::Steps;

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

/// What a run writes for each case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Output {
    /// The judge's own answer lines.
    Judge,
    /// One JSON object a line per case, malformed ones included (JSON Lines).
    Json,
}

/// The JSON record of a case.
#[derive(Serialize)]
struct Record<'a> {
    case: u64,
    line: u64,
    start: String,
    goal: String,
    solvable: bool,
    distance: Option<usize>,
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorRecord<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    algorithm: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
}

/// Where and why a case is malformed.
#[derive(Serialize)]
struct ErrorRecord<'a> {
    line: u64,
    column: u64,
    message: &'a str,
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

/// Writes a JSON record and its newline in one write, so that an interrupted run never leaves
/// half a line.
fn write_record(record: &impl Serialize, out: &mut impl Write) -> io::Result<()> {
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    out.write_all(&line)
}

/// What a run read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Outcome {
    /// Cases answered.
    pub answered: u64,
    /// Malformed cases reported and skipped.
    pub malformed: u64,
}

/// Answers every case of `input` in order, one line each on `out`, and reports each malformed
/// case to `report`. Memory does not grow with the number of cases; `out` is flushed before
/// every read that could block, so an interactive user sees each answer at once.
pub fn run<J: Format>(
    judge: &mut J,
    input: impl Read,
    origin: Origin,
    output: Output,
    out: &mut impl Write,
    report: &mut dyn FnMut(&InputError),
    mut stats: Option<&mut dyn FnMut(u64, Report)>,
) -> io::Result<Outcome> {
    let mut cases = Cases::new(input, origin, J::BOARDS);
    let mut outcome = Outcome::default();
    loop {
        let number = outcome.answered + outcome.malformed + 1;
        match cases.next(&mut || out.flush())? {
            Item::Case(case) if output == Output::Judge => {
                judge.answer(case.boards, out)?;
                outcome.answered += 1;
                if let Some(stats) = stats.as_mut() {
                    stats(number, judge.engine().last());
                }
            }
            Item::Case(case) => {
                let (start, goal) = judge.problem(case.boards);
                let path = judge.engine().path(&start, &goal);
                let record = Record {
                    case: number,
                    line: case.place.line,
                    start: start.to_string(),
                    goal: goal.to_string(),
                    solvable: path.is_some(),
                    distance: path.as_ref().map(Path::len),
                    path: path.as_ref().map(Path::to_string),
                    error: None,
                    algorithm: None,
                    stats: None,
                };
                let last = judge.engine().last();
                let record = match stats.as_mut() {
                    Some(stats) => {
                        stats(number, last);
                        Record {
                            algorithm: Some(last.algorithm),
                            stats: Some(last.stats),
                            ..record
                        }
                    }
                    None => record,
                };
                write_record(&record, out)?;
                outcome.answered += 1;
            }
            Item::Malformed(error) => {
                report(&error);
                if output == Output::Json {
                    let message = error.to_string();
                    let record = serde_json::json!({
                        "case": number,
                        "line": error.place.line,
                        "error": ErrorRecord {
                            line: error.place.line,
                            column: error.place.column,
                            message: &message,
                        },
                    });
                    write_record(&record, out)?;
                }
                outcome.malformed += 1;
            }
            Item::End => break,
        }
    }
    out.flush()?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `judge` over `input`, returning standard output and the reported errors.
    pub(crate) fn answers<J: Format>(judge: &mut J, input: &str) -> (String, Vec<String>) {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        run(
            judge,
            input.as_bytes(),
            Origin::Line,
            Output::Judge,
            &mut out,
            &mut |e| errors.push(e.to_string()),
            None,
        )
        .expect("memory streams do not fail");
        (String::from_utf8(out).expect("answers are ASCII"), errors)
    }

    #[test]
    fn writes_distances_like_formatting_would() {
        for distance in [
            None,
            Some(0),
            Some(9),
            Some(10),
            Some(31),
            Some(99),
            Some(100),
        ] {
            let mut out = Vec::new();
            write_distance(distance, &mut out).expect("memory");
            let expected = distance.map_or("-1".to_string(), |d| d.to_string()) + "\n";
            assert_eq!(String::from_utf8(out).expect("ASCII"), expected);
        }
    }

    #[test]
    fn answers_the_cases_around_a_malformed_one() {
        let (out, errors) = answers(&mut Steps::default(), "283104765\n2831\n123804765\n");
        assert_eq!(out, "4\n0\n");
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].starts_with("line 2:1: found `2831`"),
            "{errors:?}"
        );
    }
}
