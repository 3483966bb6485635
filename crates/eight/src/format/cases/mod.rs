//! Reading cases from a stream. The scanner's tokens are gathered into lines of cells
//! (`line.rs`: a token is a cell, a row or a board of glued cells up to 9 cells a board, one
//! cell a number beyond); the judge's framing (`framing.rs`) says how lines make cases: in the
//! layout the input shows (`frame.rs`: learnt from its first case and then kept), after a count
//! of cases, opened by blank lines, as LeetCode's lists (`lists.rs`) or after each board's side.
//!
//! A malformed case is reported with its place and skipped, and it takes only its own lines: a
//! line of another count than the layout's is a corrupted line of the case it falls in, so the
//! cases after it are read from where the layout says, with their true numbers. No answer is
//! given for text that is not a whole valid case. Memory stays bounded whatever the input: a
//! token is kept to its first few bytes, a line to a piece of some thousands of cells.
//!
//! Beside this file: the quick path of 3×3 boards a line (`quick.rs`), a framing's shortcut
//! read straight from the scanner's buffer, and one board read from a string (`parse.rs`).

use std::collections::VecDeque;
use std::io::{self, Read};

mod frame;
mod framed;
mod framing;
mod gather;
mod grid;
mod line;
mod lists;
mod parse;
mod quick;
mod shared;
#[cfg(test)]
mod tests;

pub use framing::Framing;
pub use grid::{Grid, MOST_SIDE};
pub use line::Glyphs;

use super::place::{InputError, Origin, Place};
use super::scan::Scanner;
use crate::puzzle::board::{Board, Shape, BLANK};
use frame::Frame;
use line::{Line, Lines};
use lists::Lists;

/// One step of reading: a whole case, a malformed one, or the end of the input.
#[derive(Debug)]
pub enum Item<'a> {
    /// A valid case.
    Case(Case<'a>),
    /// A malformed case, already skipped.
    Malformed(InputError),
    /// The input's first token is not the number of cases it should open with; reading goes on
    /// with that token as the start of the first case.
    Header(InputError),
    /// A valid case of a sized framing: a board read as a grid.
    Grid(GridCase<'a>),
    /// The input is exhausted.
    End,
}

/// A valid case of a sized framing (POJ 2893, HDU 3600): its grid, where it starts (its size's
/// line) and its number.
#[derive(Debug)]
pub struct GridCase<'a> {
    /// The board.
    pub grid: &'a Grid,
    /// Where the case starts.
    pub place: Place,
    /// Its number in the input, from 1, malformed cases counted.
    pub number: u64,
}

/// A valid case: its boards, and the place of its first cell.
#[derive(Debug)]
pub struct Case<'a> {
    /// One board (`steps`, `path`) or two (`pair`: start, then goal).
    pub boards: &'a [Board],
    /// Where the case starts.
    pub place: Place,
    /// Its number in the input, from 1, malformed cases counted.
    pub number: u64,
}

/// How a judge's input is laid out: what [`Cases`] needs to read it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reading {
    /// Boards in a case: 1, or 2 for a start and then its goal.
    pub boards: usize,
    /// The boards' shape (the first guess, with [`Framing::Sided`]).
    pub shape: Shape,
    /// How the input splits into cases.
    pub framing: Framing,
    /// Whether the statement writes a board a row a line (else a board a line): the layout
    /// expected until the input shows its own.
    pub rows: bool,
    /// Whether the statement writes a cell a line instead (HackerRank's).
    pub cells_a_line: bool,
    /// What the cells are written in.
    pub glyphs: Glyphs,
}

impl Reading {
    /// Cases of `boards` 3×3 boards, a board a line, nothing around them.
    pub fn square3(boards: usize) -> Reading {
        Reading {
            boards,
            shape: Shape::SQUARE3,
            framing: Framing::Lines,
            rows: false,
            cells_a_line: false,
            glyphs: Glyphs::Numbers,
        }
    }

    /// The layout its statement shows for boards of `shape`.
    fn statement(&self, shape: Shape) -> Frame {
        let (width, height) = (usize::from(shape.width), usize::from(shape.height));
        match self.cells_a_line {
            true => Frame::statement(self.boards * height, 1, width, true),
            false => Frame::statement(self.boards, width, height, self.rows),
        }
    }
}

/// `1 case`, `2 cases`.
pub fn cases_of(count: u64) -> String {
    match count {
        1 => "1 case".into(),
        count => format!("{count} cases"),
    }
}

/// `count` cells, in words: `1 cell`, `2 cells`.
pub(crate) fn cells_of(count: usize) -> String {
    match count {
        1 => "1 cell".into(),
        count => format!("{count} cells"),
    }
}

/// What stands in a line's cells for a cell that is not a tile: never a tile's value (a tile
/// of a 16×16 board is up to 255, so cells are read as `u16`).
const NOT_A_CELL: u16 = u16::MAX;

/// The value of one cell character, if it is a tile or a blank.
fn cell(byte: u8) -> Option<u8> {
    match byte {
        b'0' | b'x' | b'X' => Some(BLANK),
        b'1'..=b'8' => Some(byte - b'0'),
        _ => None,
    }
}

/// A cell read, as errors show it: its value, or `a cell that is no tile`.
fn shown(value: u16) -> String {
    match value {
        NOT_A_CELL => "a cell that is no tile".into(),
        value => format!("`{value}`"),
    }
}

/// Whether `cells` are whole boards of `size` cells: each holds every tile and the blank once.
fn whole_boards(cells: impl Iterator<Item = u16>, size: usize) -> bool {
    // a board holds at most 256 cells: the marks on the stack, on every line of a case
    let mut seen = [false; 256];
    let seen = &mut seen[..size.min(256)];
    let mut taken = 0;
    for cell in cells {
        if taken % size == 0 {
            seen.fill(false);
        }
        match seen.get_mut(usize::from(cell)) {
            Some(seen) if !*seen => *seen = true,
            _ => return false,
        }
        taken += 1;
    }
    taken > 0 && taken % size == 0
}

/// Whether `cells`, boards of `size` cells one after another (the last maybe partial), each
/// hold tiles without a repeat.
fn distinct(cells: impl Iterator<Item = u16>, size: usize) -> bool {
    let mut seen = [false; 256];
    let seen = &mut seen[..size.min(256)];
    for (taken, cell) in cells.enumerate() {
        if taken % size == 0 {
            seen.fill(false);
        }
        match seen.get_mut(usize::from(cell)) {
            Some(seen) if !*seen => *seen = true,
            _ => return false,
        }
    }
    true
}

/// What a step of reading came to, before it is numbered.
enum Gathered {
    /// A valid case, its boards in [`Cases`]' `done`, starting at the place.
    Case(Place),
    /// A valid grid, in [`Cases`]' `done`, starting at the place.
    Grid(Place),
    Malformed(InputError),
    Header(InputError),
    End,
}

/// The cells of the case being gathered, line by line.
#[derive(Default)]
struct Unit {
    cells: Vec<u16>,
    places: Vec<Place>,
    /// The count of cells of each line taken.
    counts: Vec<usize>,
    /// Its first problem, by place.
    problem: Option<InputError>,
    /// Whether a blank line came between two of its lines.
    blank_inside: bool,
    /// With [`Framing::Sided`]: the line of the case's side, once read.
    side: Option<u64>,
    /// Whether the lines after the side contradicted it (then errors do not repeat its claim).
    side_contradicted: bool,
}

impl Unit {
    fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Takes the cells of `line` (from its cell `from` on, `len` of them).
    fn take(&mut self, line: &Line, from: usize, len: usize) {
        self.blank_inside |= !self.counts.is_empty() && line.blank.is_some();
        self.cells.extend_from_slice(&line.cells[from..from + len]);
        self.places
            .extend_from_slice(&line.places[from..from + len]);
        self.counts.push(len);
        let (first, last) = match len {
            0 => (line.end, line.end),
            _ => (line.places[from], line.places[from + len - 1]),
        };
        if let Some(problem) = &line.problem {
            let within = |place: &Place| (place.line, place.column);
            let at = within(&problem.place);
            if at >= within(&first) && at <= within(&last) {
                self.note(problem.clone());
            }
        }
    }

    /// Notes `problem` unless the case has one from earlier in the input.
    fn note(&mut self, problem: InputError) {
        let at = |error: &InputError| (error.place.line, error.place.column);
        match &self.problem {
            Some(known) if at(known) <= at(&problem) => {}
            _ => self.problem = Some(problem),
        }
    }

    fn clear(&mut self) {
        self.cells.clear();
        self.places.clear();
        self.counts.clear();
        self.problem = None;
        self.blank_inside = false;
    }
}

/// The case read last, its buffers reused case after case.
struct Done {
    boards: [Board; 2],
    grids: grid::Grids,
}

/// Reads the cases of an input, laid out as a [`Reading`] says.
pub struct Cases<R> {
    lines: Lines<R>,
    reading: Reading,
    /// How the input's cases lie in its lines, as known so far.
    frame: Frame,
    /// The case being gathered.
    unit: Unit,
    /// A line of several cases, and how many of its cells were read; a line of lists, and where
    /// its reading stands.
    shared: Option<(Line, usize)>,
    lists: Lists,
    /// Malformed cases found and still to report, in order.
    queued: VecDeque<InputError>,
    /// With a counted framing: whether the count is still to be read, and what it announced.
    count_due: bool,
    announced: Option<(u64, Place)>,
    /// Cases read so far, valid or malformed.
    read: u64,
    /// The boards or the grid of the case read last, reused case after case.
    done: Done,
    /// Whether the quick path may read (tests turn it off), and how many cases it read.
    quick: (bool, u64),
}

impl<R: Read> Cases<R> {
    /// Reads cases of `boards` 3×3 boards (1 or 2) from `reader`, naming places by `origin`.
    pub fn new(reader: R, origin: Origin, boards: usize) -> Cases<R> {
        Cases::with(reader, origin, Reading::square3(boards))
    }

    /// Reads cases laid out as `reading` says from `reader`, naming places by `origin`.
    pub fn with(reader: R, origin: Origin, reading: Reading) -> Cases<R> {
        assert!(
            matches!(reading.boards, 1 | 2),
            "a case holds one board or two"
        );
        let mut scanner = Scanner::new(reader, origin);
        scanner.brackets = reading.framing.brackets();
        Cases {
            lines: Lines::new(scanner, reading.shape, reading.glyphs),
            frame: reading.statement(reading.shape),
            reading,
            unit: Unit::default(),
            shared: None,
            lists: Lists::default(),
            queued: VecDeque::new(),
            count_due: reading.framing.counted(),
            announced: None,
            read: 0,
            done: Done {
                boards: [Board::ordered(reading.shape); 2],
                grids: grid::Grids::default(),
            },
            // the quick path knows numbers alone
            quick: (reading.glyphs == Glyphs::Numbers, 0),
        }
    }

    /// The number of cases the input's first line announces, and where, once it was read.
    pub fn announced(&self) -> Option<(u64, Place)> {
        self.announced
    }

    /// Watches the input from here on for bytes that no text holds (a NUL, control
    /// characters), which reading does not look for until asked: errors suggest it.
    pub fn watch_binary(&mut self) {
        self.lines.scanner.watch_binary();
    }

    /// Whether the input read since [`Cases::watch_binary`] holds bytes that no text does: most
    /// likely a binary file.
    pub fn looks_binary(&self) -> bool {
        self.lines.scanner.binary()
    }

    /// How many cases were read so far, valid or malformed (a count of cases that is not a
    /// number is not a case).
    pub fn read(&self) -> u64 {
        self.read
    }

    /// Where reading stands: the place of the next byte.
    pub fn place(&self) -> Place {
        self.lines.place()
    }

    /// The error of case number `case`, at `place`, when the input announced fewer cases.
    pub fn beyond(&self, case: u64, place: Place) -> Option<InputError> {
        let (count, at) = self.announced?;
        (case > count).then(|| InputError {
            place,
            found: format!("case {case}"),
            expected: format!(
                "at most the {} announced at {}:{}",
                cases_of(count),
                at.line,
                at.column
            ),
        })
    }

    /// The error at the end of the input, when it held fewer `cases` than it announced.
    pub fn short(&self, cases: u64) -> Option<InputError> {
        let (count, at) = self.announced?;
        (cases < count).then(|| InputError {
            place: self.place(),
            found: format!("the end of the input after {}", cases_of(cases)),
            expected: format!(
                "the {} announced at {}:{}",
                cases_of(count),
                at.line,
                at.column
            ),
        })
    }

    fn shape(&self) -> Shape {
        self.lines.shape
    }

    /// The cells of a case.
    fn wanted(&self) -> usize {
        self.shape().cells() * self.reading.boards
    }

    /// The next case. `before_wait` is called before any read that could block, so that a
    /// caller can flush the answers given so far (an interactive user sees each at once).
    pub fn next(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Item<'_>> {
        Ok(match self.step(before_wait)? {
            Gathered::Case(place) => {
                self.read += 1;
                Item::Case(Case {
                    boards: &self.done.boards[..self.reading.boards],
                    place,
                    number: self.read,
                })
            }
            Gathered::Grid(place) => {
                self.read += 1;
                Item::Grid(GridCase {
                    grid: &self.done.grids.grid,
                    place,
                    number: self.read,
                })
            }
            Gathered::Malformed(error) => {
                self.read += 1;
                Item::Malformed(error)
            }
            Gathered::Header(error) => Item::Header(error),
            Gathered::End => Item::End,
        })
    }

    #[inline]
    fn step(&mut self, before_wait: &mut dyn FnMut() -> io::Result<()>) -> io::Result<Gathered> {
        // the commonest case first: a 3×3 board a line, read straight from the buffer
        if self.at_boundary() {
            if let Some(place) = self.line_case() {
                self.quick.1 += 1;
                return Ok(Gathered::Case(place));
            }
        }
        self.general(before_wait)
    }

    /// A step of reading by lines.
    fn general(&mut self, before_wait: &mut dyn FnMut() -> io::Result<()>) -> io::Result<Gathered> {
        if self.reading.framing.sized().is_some() {
            return self.grid_case(before_wait);
        }
        if let Some(error) = self.queued.pop_front() {
            return Ok(Gathered::Malformed(error));
        }
        if std::mem::take(&mut self.count_due) {
            match self.lines.count(before_wait)? {
                None => return Ok(Gathered::End),
                Some(Ok(count)) => self.announced = Some(count),
                Some(Err(error)) => return Ok(Gathered::Header(error)),
            }
        }
        loop {
            if let Some(outcome) = self.next_of_shared(before_wait)? {
                return Ok(outcome);
            }
            if let Some(outcome) = self.next_of_list() {
                return Ok(outcome);
            }
            if self.at_boundary() {
                if let Some(place) = self.line_case() {
                    self.quick.1 += 1;
                    return Ok(Gathered::Case(place));
                }
            }
            let Some(line) = self.lines.next(before_wait)? else {
                return Ok(self.at_end());
            };
            if let Some(outcome) = self.take(line, before_wait)? {
                return Ok(outcome);
            }
        }
    }

    /// At the end of the input: a case begun is malformed.
    fn at_end(&mut self) -> Gathered {
        if self.unit.is_empty() && self.unit.side.is_none() {
            return Gathered::End;
        }
        let error = InputError {
            place: self.place(),
            found: format!(
                "the end of the input after {} of {} cells",
                self.unit.cells.len(),
                self.wanted()
            ),
            expected: "a complete case".into(),
        };
        self.malformed(error)
    }
}
