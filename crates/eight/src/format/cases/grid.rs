//! The framing of boards that give their size (HDU 3600's `N`, POJ 2893's `M N`) and end at a
//! size of zeros. A [`Board`](crate::puzzle::Board) holds at most 256 cells and these boards
//! are up to 999×999, so they are read as grids of numbers: a line of the size, then a row a
//! line (or the whole board on one line). A row of another count is a corrupted row of its own
//! case, which still takes its lines, so the cases after it keep their place; a size that is no
//! size takes the lines after it up to the next line that could be one.

use std::io::{self, Read};

use super::line::number;
use super::{cells_of, Cases, Gathered};
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
    /// Buffers of lines read, to reuse.
    spare: Vec<Vec<u32>>,
}

/// The most numbers of a line that are kept: a whole board of the largest size; a longer
/// line is only counted.
const MOST_CELLS: usize = MOST_SIDE * MOST_SIDE;

/// What the rows of a case are known to be: their width, and their count when a size said it
/// and the rows have not contradicted it.
#[derive(Clone, Copy)]
struct Claim {
    width: usize,
    height: Option<usize>,
}

impl<R: Read> Cases<R> {
    /// The next case of a sized framing: a grid, a malformed one, or the end (also at a size of
    /// zeros).
    pub(super) fn grid_case(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Gathered> {
        let numbers = 1 + usize::from(self.reading.framing.sized() == Some(true));
        let Some((size, values)) = self.grid_line(before_wait)? else {
            return Ok(Gathered::End);
        };
        let mut cells = std::mem::take(&mut self.done.grids.grid.cells);
        cells.clear();
        let outcome = self.sized(before_wait, (size, values), numbers, &mut cells);
        self.done.grids.grid.cells = cells;
        outcome
    }

    /// The next line that is not blank, with its numbers: the line read ahead, if any.
    fn grid_line(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<(Numbers, Vec<u32>)>> {
        if let Some(pending) = self.done.grids.pending.take() {
            return Ok(Some(pending));
        }
        let mut values = self.done.grids.spare.pop().unwrap_or_default();
        values.clear();
        Ok(self
            .numbers(before_wait, &mut values, MOST_CELLS)?
            .map(|line| (line, values)))
    }

    /// Keeps a line's buffer for a later line.
    fn recycle(&mut self, values: Vec<u32>) {
        if self.done.grids.spare.len() < 4 {
            self.done.grids.spare.push(values);
        }
    }

    /// The case of the size line `size` (which should hold `numbers` numbers), its cells read
    /// into `cells`. A size is a claim the rows after it are checked against, as a count of
    /// cases is: where they contradict it, the case is malformed and takes the lines its rows
    /// show (rows of one width, up to a line that could be a size, a whole board's cells, or a
    /// square's side), so the cases after it keep their place and their number.
    fn sized(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
        (size, values): (Numbers, Vec<u32>),
        numbers: usize,
        cells: &mut Vec<u32>,
    ) -> io::Result<Gathered> {
        let read = size.count == numbers && size.problem.is_none();
        let (height, width) = match (read, &values[..]) {
            (true, &[side]) => (side as usize, side as usize),
            (true, &[rows, columns]) => (rows as usize, columns as usize),
            _ => (0, 0),
        };
        if read && width == 0 && height == 0 {
            // the size of zeros ends the input: what follows it is not read
            self.done.grids.ended = true;
            return Ok(Gathered::End);
        }
        let square = numbers == 1;
        let mut problem = None;
        let claim = if !read || width == 0 || height == 0 || width > MOST_SIDE || height > MOST_SIDE
        {
            let expected = match numbers {
                2 => "the board's size, its rows and its columns, each from 1 to 1000",
                _ => "the board's side n, from 1 to 1000",
            };
            let found = match (read, &size.problem) {
                (true, _) if width > MOST_SIDE || height > MOST_SIDE => {
                    "a board of more than 1000 rows or columns".to_string()
                }
                (true, _) => format!("a board of {height}x{width}"),
                (false, Some(problem)) => problem.found.clone(),
                (false, None) => format!("{} numbers on the line", size.count),
            };
            problem = Some(InputError {
                place: size.start,
                found,
                expected: expected.into(),
            });
            None
        } else {
            Some(Claim {
                width,
                height: Some(height),
            })
        };
        let mut rows = 0;
        let claim = match claim {
            Some(claim) => claim,
            None => {
                // what the lines after a size that is no size say of its case
                let next = self.grid_line(before_wait)?;
                let next_count = next.as_ref().map(|(line, _)| line.count);
                if let Some(next) = next {
                    self.done.grids.pending = Some(next);
                }
                match guess(&size, &values, numbers, next_count) {
                    Guess::Claim(claim) => claim,
                    Guess::FirstRow(width) => {
                        // the size is missing: this line is the board's first row
                        cells.extend(values.iter().take(MOST_CELLS));
                        rows = 1;
                        Claim {
                            width,
                            height: square.then_some(width),
                        }
                    }
                    Guess::Alone => return Ok(Gathered::Malformed(problem.expect("noted"))),
                }
            }
        };
        self.recycle(values);
        let claim = self.rows(
            before_wait,
            (size.start, numbers),
            claim,
            rows,
            cells,
            &mut problem,
        )?;
        if let Some(error) = problem {
            return Ok(Gathered::Malformed(error));
        }
        if let Some(error) = repeated(cells, size.start) {
            return Ok(Gathered::Malformed(error));
        }
        self.done.grids.grid.width = claim.width;
        self.done.grids.grid.height = cells.len() / claim.width;
        Ok(Gathered::Grid(size.start))
    }

    /// Reads the rows of a case as `claim` says (`rows` of them read already, their cells in
    /// `cells`), checking it against them: `problem` is the case's first, and the claim returned
    /// is what its rows were.
    fn rows(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
        (start, numbers): (Place, usize),
        mut claim: Claim,
        mut rows: usize,
        cells: &mut Vec<u32>,
        problem: &mut Option<InputError>,
    ) -> io::Result<Claim> {
        let square = numbers == 1;
        // whether the rows so far still match the size line's claim
        let mut told = claim.height.is_some() && rows == 0;
        loop {
            if claim.height.is_some_and(|height| rows >= height) {
                return Ok(claim);
            }
            if claim.height.is_none() && claim.width == numbers && rows > 0 && whole(cells) {
                // rows of no stated count, as wide as a size, end with a whole board (wider
                // rows end at a line of another count)
                return Ok(claim);
            }
            let Some((line, values)) = self.grid_line(before_wait)? else {
                if problem.is_none() {
                    *problem = Some(InputError {
                        place: self.lines.place(),
                        found: match claim.height {
                            Some(height) => {
                                format!("the end of the input after {rows} of {height} rows")
                            }
                            None => format!("the end of the input after {rows} rows"),
                        },
                        expected: "a complete board".into(),
                    });
                }
                return Ok(claim);
            };
            let count = line.count;
            let height = claim.height.unwrap_or(0);
            if told && rows == 0 && count == claim.width * height && height > 1 {
                // the whole board on one line
                cells.extend(values.iter().take(MOST_CELLS));
                *problem = problem.take().or(line.problem);
                return Ok(claim);
            }
            let terminator = count == numbers && values.iter().all(|&value| value == 0);
            // a last row that could be the next case's size and leaves no whole board is that
            // size: a row of this case was lost
            let size_instead = count == numbers
                && values
                    .iter()
                    .all(|&value| (1..=MOST_SIDE as u32).contains(&value))
                && rows > 0
                && claim.height == Some(rows + 1)
                && !whole(&[&cells[..], &values[..]].concat());
            if count == claim.width && !terminator && !size_instead {
                cells.extend(values.iter().take(MOST_CELLS));
                self.recycle(values);
                *problem = problem.take().or(line.problem);
                rows += 1;
                continue;
            }
            let may_be_a_size = count == numbers || terminator;
            let error = InputError {
                place: line.end,
                found: format!("the end of a row of {}", cells_of(count)),
                expected: format!(
                    "rows of {} (line {} says)",
                    cells_of(claim.width),
                    start.line
                ),
            };
            if may_be_a_size && rows > 0 {
                // the next case's size, or the end: this board ends short of its rows
                let error = InputError {
                    place: line.start,
                    found: format!("{} after {rows} rows", shown_line(&values, count)),
                    expected: match claim.height {
                        Some(height) => format!("{height} rows (line {} says)", start.line),
                        None => "a complete board".into(),
                    },
                };
                *problem = problem.take().or(Some(error));
                self.done.grids.pending = Some((line, values));
                return Ok(claim);
            }
            *problem = problem.take().or(Some(error));
            let next = self.grid_line(before_wait)?;
            let next_count = next.as_ref().map(|(line, _)| line.count);
            self.done.grids.pending = next;
            if told && rows == 0 && next_count == Some(count) {
                // the size lies about the width: the rows say what the board is
                claim = Claim {
                    width: count.max(1),
                    height: square.then_some(count),
                };
            }
            told = false;
            // a corrupted row of this case
            cells.extend(values.iter().take(MOST_CELLS));
            self.recycle(values);
            rows += 1;
        }
    }

    /// The next line that is not blank, its numbers added to `cells` up to `most` in all
    /// (beyond, only counted); `None` at the end of the input or after the size of zeros.
    fn numbers(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
        cells: &mut Vec<u32>,
        most: usize,
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
                        let value = number(&token);
                        if value.is_none() && line.problem.is_none() {
                            line.problem = Some(InputError {
                                place: token.place,
                                found: token.shown(),
                                expected: "a number".into(),
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

/// What the lines after a size that is no size say of its case.
enum Guess {
    /// Rows as this claim says follow it.
    Claim(Claim),
    /// The size is missing: the line is the first row of a board this wide.
    FirstRow(usize),
    /// The line is a case of its own: the next could be a size.
    Alone,
}

/// What the size line `size` (of `values`, where `numbers` numbers were due) most likely was,
/// from the count of numbers on the line after it: a size with a number more (its first or
/// last numbers fit the rows), the first row of a board whose size is missing, or a corrupted
/// size whose rows follow.
fn guess(size: &Numbers, values: &[u32], numbers: usize, next: Option<usize>) -> Guess {
    let Some(next) = next else {
        return Guess::Alone;
    };
    let side = |value: u32| {
        (1..=MOST_SIDE as u32)
            .contains(&value)
            .then_some(value as usize)
    };
    let square = numbers == 1;
    if size.count > numbers && size.problem.is_none() {
        for window in [&values[..numbers], &values[values.len() - numbers..]] {
            let (height, width) = match *window {
                [side] => (Some(side), Some(side)),
                [rows, columns] => (Some(rows), Some(columns)),
                _ => (None, None),
            };
            let (height, width) = (height.and_then(side), width.and_then(side));
            if let (Some(height), Some(width)) = (height, width) {
                if width == next || (width * height == next && height > 1) {
                    return Guess::Claim(Claim {
                        width,
                        height: Some(height),
                    });
                }
            }
        }
    }
    if next == numbers {
        // the next line could be a size: this one is a case of its own
        return Guess::Alone;
    }
    if size.count == next && next >= 2 {
        return Guess::FirstRow(next);
    }
    Guess::Claim(Claim {
        width: next,
        height: square.then_some(next),
    })
}

/// Whether `cells` hold a whole board: each of 0 to their count less one, once.
fn whole(cells: &[u32]) -> bool {
    let mut seen = vec![false; cells.len()];
    cells.iter().all(|&value| {
        (value as usize) < cells.len() && !std::mem::replace(&mut seen[value as usize], true)
    })
}

/// A line of `count` numbers as errors show it: `0 0`, or `a line of 3 numbers`.
fn shown_line(values: &[u32], count: usize) -> String {
    match count {
        1 | 2 => format!(
            "`{}`",
            values
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
        count => format!("a line of {count} numbers"),
    }
}

/// The first number of `cells` that repeats one before it, or is no cell of the board, as an
/// error at `start`.
fn repeated(cells: &[u32], start: Place) -> Option<InputError> {
    let mut seen = vec![false; cells.len()];
    for (at, &value) in cells.iter().enumerate() {
        let found = match seen
            .get_mut(value as usize)
            .map(|seen| std::mem::replace(seen, true))
        {
            None => format!("`{value}`, cell {} of the board", at + 1),
            Some(true) => format!("a second `{value}`, cell {} of the board", at + 1),
            Some(false) => continue,
        };
        return Some(InputError {
            place: start,
            found,
            expected: format!("each of 0-{} exactly once", cells.len() - 1),
        });
    }
    None
}
