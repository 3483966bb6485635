//! The framing of boards that give their size (HDU 3600's `N`, POJ 2893's `M N`) and end at a
//! size of zeros. A [`Board`](crate::puzzle::Board) holds at most 256 cells and these boards
//! are up to 999×999, so they are read as grids of numbers: a line of the size, then a row a
//! line (or the whole board on one line). A row of another count is a corrupted row of its own
//! case, which still takes its lines, so the cases after it keep their place; a size that is no
//! size takes the lines after it up to the next line that could be one.

use std::io::{self, Read};

use super::line::number;
use super::{cells_of, Cases, Outcome};
use crate::format::place::{InputError, Place};
use crate::format::scan::Event;
use crate::puzzle::grid::reaches_ordered;

/// The most rows and columns a grid may have: POJ 2893's 999, and a margin.
pub const MOST_SIDE: usize = 1000;

/// A board read as a grid: its size and its cells, a row after another, `0` the blank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Its cells, row by row.
    pub cells: Vec<u32>,
}

impl Grid {
    /// Whether it reaches the tiles in order with the blank last.
    pub fn reaches_ordered(&self) -> bool {
        reaches_ordered(self.width, &self.cells)
    }
}

/// One line of numbers: where it starts and ends, its count, its first problem.
struct Numbers {
    start: Place,
    end: Place,
    count: usize,
    problem: Option<InputError>,
}

/// The grid read last, and what the sized framing knows between cases.
#[derive(Default)]
pub(super) struct Grids {
    /// The grid of the case read last.
    pub(super) grid: Grid,
    /// A line read ahead, that could be a size, with its numbers.
    pending: Option<(Numbers, Vec<u32>)>,
    /// Whether the size of zeros came: nothing after it is read.
    ended: bool,
}

impl<R: Read> Cases<R> {
    /// The next case of a sized framing: a grid, a malformed one, or the end (also at a size of
    /// zeros).
    pub(super) fn grid_case(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Outcome> {
        let numbers = 1 + usize::from(self.reading.framing.sized() == Some(true));
        let mut cells = std::mem::take(&mut self.done.grids.grid.cells);
        cells.clear();
        let size = match self.done.grids.pending.take() {
            Some((line, values)) => {
                cells.extend(values);
                Some(line)
            }
            None => self.numbers(before_wait, &mut cells, 2, None)?,
        };
        let outcome = match size {
            None => Ok(Outcome::End),
            Some(size) => self.sized(before_wait, size, numbers, &mut cells),
        };
        self.done.grids.grid.cells = cells;
        outcome
    }

    /// The case of the size line `size`, which should hold `numbers` numbers, its cells read into
    /// `cells` (which hold the size's numbers first).
    fn sized(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
        size: Numbers,
        numbers: usize,
        cells: &mut Vec<u32>,
    ) -> io::Result<Outcome> {
        let read = size.count == numbers && size.problem.is_none();
        let (height, width) = match (read, &cells[..]) {
            (true, &[side]) => (side as usize, side as usize),
            (true, &[rows, columns]) => (rows as usize, columns as usize),
            _ => (0, 0),
        };
        cells.clear();
        if read && width == 0 && height == 0 {
            // the size of zeros ends the input: what follows it is not read
            self.done.grids.ended = true;
            return Ok(Outcome::End);
        }
        if !read || width == 0 || height == 0 || width > MOST_SIDE || height > MOST_SIDE {
            let expected = match numbers {
                2 => "the board's size, its rows and its columns, each from 1 to 1000",
                _ => "the board's side n, from 1 to 1000",
            };
            let found = match (read, size.problem) {
                (true, _) if width > MOST_SIDE || height > MOST_SIDE => {
                    "a board of more than 1000 rows or columns".to_string()
                }
                (true, _) => format!("a board of {height}x{width}"),
                (false, Some(problem)) => problem.found,
                (false, None) => format!("{} numbers on the line", size.count),
            };
            self.skip_to_a_size(before_wait, numbers)?;
            return Ok(Outcome::Malformed(InputError {
                place: size.start,
                found,
                expected: expected.into(),
            }));
        }
        let wanted = width * height;
        let mut problem = None;
        for row in 0..height {
            let Some(line) = self.numbers(before_wait, cells, wanted, Some(wanted))? else {
                let error = InputError {
                    place: self.lines.place(),
                    found: format!("the end of the input after {row} of {height} rows"),
                    expected: "a complete board".into(),
                };
                return Ok(Outcome::Malformed(problem.unwrap_or(error)));
            };
            if row == 0 && line.count == wanted && height > 1 {
                // the whole board on one line
                problem = problem.or(line.problem);
                break;
            }
            if line.count != width && problem.is_none() {
                problem = Some(InputError {
                    place: line.end,
                    found: format!("the end of a row of {}", cells_of(line.count)),
                    expected: format!(
                        "rows of {} (line {} says)",
                        cells_of(width),
                        size.start.line
                    ),
                });
            }
            problem = problem.or(line.problem);
        }
        if let Some(error) = problem {
            return Ok(Outcome::Malformed(error));
        }
        if let Some(error) = repeated(cells, size.start) {
            return Ok(Outcome::Malformed(error));
        }
        self.done.grids.grid.width = width;
        self.done.grids.grid.height = height;
        Ok(Outcome::Grid(size.start))
    }

    /// Skips the lines after a size that is no size, up to the next one that could be one
    /// (`numbers` numbers alone), which is kept to be read next, or the end.
    fn skip_to_a_size(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
        numbers: usize,
    ) -> io::Result<()> {
        loop {
            let mut values = Vec::new();
            let Some(line) = self.numbers(before_wait, &mut values, 2, None)? else {
                return Ok(());
            };
            if line.count == numbers && line.problem.is_none() {
                self.done.grids.pending = Some((line, values));
                return Ok(());
            }
        }
    }

    /// The next line that is not blank, its numbers added to `cells` up to `most` in all
    /// (beyond, only counted), each below `bound` when there is one (a cell's, not a size's);
    /// `None` at the end of the input or after the size of zeros.
    fn numbers(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
        cells: &mut Vec<u32>,
        most: usize,
        bound: Option<usize>,
    ) -> io::Result<Option<Numbers>> {
        if self.done.grids.ended {
            return Ok(None);
        }
        loop {
            let start = self.lines.place();
            let mut line = Numbers {
                start,
                end: start,
                count: 0,
                problem: None,
            };
            let ended = loop {
                match self.lines.scanner.next(before_wait)? {
                    Event::Token => {
                        let token = self.lines.scanner.token;
                        if line.count == 0 {
                            line.start = token.place;
                        }
                        line.count += 1;
                        let below = |value: u64| bound.map_or(true, |bound| value < bound as u64);
                        let value = number(&token).filter(|&value| below(value));
                        if value.is_none() && line.problem.is_none() {
                            line.problem = Some(InputError {
                                place: token.place,
                                found: token.shown(),
                                expected: match bound {
                                    None => "a number".into(),
                                    Some(bound) => format!("a number from 0 to {}", bound - 1),
                                },
                            });
                        }
                        if cells.len() < most {
                            // a size too large for a u32 is still too large
                            let value = value.unwrap_or(0).min(u64::from(u32::MAX));
                            cells.push(value as u32);
                        }
                    }
                    Event::Break(place) => {
                        line.end = place;
                        break false;
                    }
                    Event::End(place) => {
                        line.end = place;
                        break true;
                    }
                    Event::Bracket(..) => {}
                }
            };
            if line.count > 0 {
                return Ok(Some(line));
            }
            if ended {
                return Ok(None);
            }
        }
    }
}

/// The first number of `cells` that repeats one before it, as an error at `start`.
fn repeated(cells: &[u32], start: Place) -> Option<InputError> {
    let mut seen = vec![false; cells.len()];
    for (at, &value) in cells.iter().enumerate() {
        if std::mem::replace(&mut seen[value as usize], true) {
            return Some(InputError {
                place: start,
                found: format!("a second `{value}`, cell {} of the board", at + 1),
                expected: format!("each of 0-{} exactly once", cells.len() - 1),
            });
        }
    }
    None
}
