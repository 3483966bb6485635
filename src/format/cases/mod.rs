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
mod framing;
mod grid;
mod line;
mod lists;
mod parse;
mod quick;
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
enum Outcome {
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
            Outcome::Case(place) => {
                self.read += 1;
                Item::Case(Case {
                    boards: &self.done.boards[..self.reading.boards],
                    place,
                    number: self.read,
                })
            }
            Outcome::Grid(place) => {
                self.read += 1;
                Item::Grid(GridCase {
                    grid: &self.done.grids.grid,
                    place,
                    number: self.read,
                })
            }
            Outcome::Malformed(error) => {
                self.read += 1;
                Item::Malformed(error)
            }
            Outcome::Header(error) => Item::Header(error),
            Outcome::End => Item::End,
        })
    }

    #[inline]
    fn step(&mut self, before_wait: &mut dyn FnMut() -> io::Result<()>) -> io::Result<Outcome> {
        // the commonest case first: a 3×3 board a line, read straight from the buffer
        if self.at_boundary() {
            if let Some(place) = self.line_case() {
                self.quick.1 += 1;
                return Ok(Outcome::Case(place));
            }
        }
        self.general(before_wait)
    }

    /// A step of reading by lines.
    fn general(&mut self, before_wait: &mut dyn FnMut() -> io::Result<()>) -> io::Result<Outcome> {
        if self.reading.framing.sized().is_some() {
            return self.grid_case(before_wait);
        }
        if let Some(error) = self.queued.pop_front() {
            return Ok(Outcome::Malformed(error));
        }
        if std::mem::take(&mut self.count_due) {
            match self.lines.count(before_wait)? {
                None => return Ok(Outcome::End),
                Some(Ok(count)) => self.announced = Some(count),
                Some(Err(error)) => return Ok(Outcome::Header(error)),
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
                    return Ok(Outcome::Case(place));
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
    fn at_end(&mut self) -> Outcome {
        if self.unit.is_empty() && self.unit.side.is_none() {
            return Outcome::End;
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

    /// Takes one line into the case being gathered: the outcome, when a case ends with it.
    fn take(
        &mut self,
        mut line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Outcome>> {
        match self.reading.framing {
            Framing::Lists => return Ok(self.list_line(line)),
            Framing::Sided if self.unit.side.is_none() => return self.side_line(line, before_wait),
            _ => {}
        }
        if let Some(place) = line.blank.filter(|_| self.reading.framing.blank_lines()) {
            if !self.unit.is_empty() {
                if !self.blank_row(before_wait)? {
                    // a blank line opens each case: the case begun ends here
                    return Ok(Some(self.ends_short(line, place, "a blank line")));
                }
                self.empty_row(place);
                line.blank = None;
            }
        }
        if self.frame.shared {
            return Ok(self.share(line));
        }
        if self.frame.lines.is_empty() {
            return self.learn(line, before_wait);
        }
        self.framed(line, before_wait)
    }

    /// With blank lines between cases: whether a blank line inside the case begun takes a row's
    /// place, since the lines after it, up to the next blank one, are the rest of the case's
    /// layout; it is then read as an empty row of the case.
    fn blank_row(&mut self, before_wait: &mut dyn FnMut() -> io::Result<()>) -> io::Result<bool> {
        let (at, lines) = (self.unit.counts.len(), self.frame.lines.len());
        if self.frame.shared || at + 1 >= lines {
            return Ok(false);
        }
        // the line after the blank one is taken already: the case's others are read ahead
        let rest = lines - at - 1;
        for ahead in 0..rest - 1 {
            match self.lines.peek_at(ahead, before_wait)? {
                Some(next) if next.blank.is_none() => {}
                _ => return Ok(false),
            }
        }
        Ok(self
            .lines
            .peek_at(rest - 1, before_wait)?
            .map_or(true, |next| next.blank.is_some()))
    }

    /// A blank line at `place` where the layout has the case's next row: an empty row of the
    /// case, which is malformed.
    fn empty_row(&mut self, place: Place) {
        let expected = self.frame.lines[self.unit.counts.len()];
        self.unit.counts.push(0);
        self.unit.note(InputError {
            place,
            found: "a blank line".into(),
            expected: format!(
                "{} on this line, {}",
                cells_of(expected),
                self.frame.source()
            ),
        });
    }

    /// The case begun ends short where `line` starts, at `place` (`what` is there: a blank
    /// line, another board's side); `line` is read again as the start of the next.
    fn ends_short(&mut self, line: Line, place: Place, what: &str) -> Outcome {
        let error = InputError {
            place,
            found: format!(
                "{what} after {} of {} cells",
                self.unit.cells.len(),
                self.wanted()
            ),
            expected: "a complete board before it".into(),
        };
        self.lines.unread(line);
        self.malformed(error)
    }

    /// A line of a case whose layout is known.
    fn framed(
        &mut self,
        mut line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Outcome>> {
        let (at, lines) = (self.unit.counts.len(), self.frame.lines.len());
        let expected = self.frame.lines[at];
        let learnt = !self.frame.blank_inside && !self.reading.framing.blank_lines();
        if let (true, Some(place)) = (at > 0 && learnt, line.blank.take()) {
            // a blank line where the layout learnt has a row: an empty row of this case, which
            // still takes the lines the layout gives it
            self.empty_row(place);
            if at + 1 == lines {
                self.lines.unread(line);
                return Ok(Some(self.finish()));
            }
            return self.framed(line, before_wait);
        }
        if line.count() == expected && !line.more {
            // (only at a case's last line, where a single board's lost row shows, and only a case
            // whose lines were all well formed: a corrupted line is no lost row)
            let resync = at > 0
                && at + 1 == lines
                && self.unit.problem.is_none()
                && line.problem.is_none()
                && !self.reading.framing.blank_lines();
            if resync && self.conflicts_with(&line) && self.begins(&line, before_wait)? {
                // a row of this case was lost: its last line is the next case's first
                let place = line.start();
                return Ok(Some(self.ends_short(
                    line,
                    place,
                    "a line that begins a whole case",
                )));
            }
            self.unit.take(&line, 0, expected);
            self.lines.recycle(line);
            return Ok((at + 1 == lines).then(|| self.finish()));
        }
        let other = line.count() != expected && !line.more && !line.broken;
        if self.reading.framing == Framing::Sided && at == 0 && other {
            // a first row of another width that the next row agrees with: the side lies, and
            // the rows say what the board is
            let count = line.count();
            let agreed = self.lines.peek(before_wait)?.map(|next| next.count()) == Some(count);
            let shape = Shape::new(count, count).ok();
            // (only where that side's layout has rows of this count: read again, it fits)
            let fits = shape.is_some_and(|shape| self.reading.statement(shape).lines[0] == count);
            if let (true, Some(shape)) = (agreed && fits, shape) {
                let side = self.unit.side.unwrap_or(line.start().line);
                self.unit.note(InputError {
                    place: line.end,
                    found: format!("a row of {}", cells_of(count)),
                    expected: format!("rows of {} (line {side} says)", cells_of(expected)),
                });
                self.set_side(shape, side);
                self.unit.side_contradicted = true;
                return self.framed(line, before_wait);
            }
        }
        let wanted = self.wanted();
        if at == 0 && !line.broken && line.count() % wanted == 0 {
            // whole cases on a line: a case a line from here on, or several a line
            if lines > 1 && line.count() == wanted {
                self.frame.learn(&[wanted], line.start().line);
            } else if lines > 1 {
                self.frame.share(line.start().line);
            }
            self.shared = Some((line, 0));
            return Ok(None);
        }
        let sided = self.reading.framing.sided();
        if sided && at > 0 && line.tokens == 1 && line.number.is_some() {
            // the next board's side: this one ends short
            let place = line.start();
            return Ok(Some(self.ends_short(
                line,
                place,
                "the side of another board",
            )));
        }
        // another count. A line that cannot be whole rows of this case is a corrupted one where
        // the line after it fits the layout (arguments may end inside a row); one that can is
        // corrupted when the line after it is where a layout of lines alike says; otherwise the
        // layout changes here
        let blank_lines = self.reading.framing.blank_lines();
        let width = usize::from(self.shape().width);
        let rows = line.count() % width == 0 && self.unit.cells.len() + line.count() <= wanted;
        let arguments = self.lines.origin() == Origin::Argument;
        let alike = self.frame.lines.iter().all(|&count| count == expected);
        let whole_boards = line.count() % self.shape().cells() == 0;
        let next = self.lines.peek(before_wait)?;
        if at == 0 && lines > 1 && next.is_some_and(|next| next.count() == wanted) {
            // the case after it is on a line of its own: so is this one, corrupted
            self.frame.learn(&[wanted], line.start().line);
            return Ok(self.share(line));
        }
        let fits = |next: &Line| next.count() == self.frame.lines[(at + 1) % lines];
        let corrupted = match next {
            _ if line.more => false,
            // a side gives its board's layout: a line of another count is a corrupted row
            _ if sided && at > 0 => true,
            Some(next) if !rows && !arguments => {
                fits(next) || (blank_lines && next.blank.is_some())
            }
            None if !rows && !arguments => true,
            // a line of one board between rows of 2×2 boards where the layout says (`AB`, `XCCC`,
            // `BX`) is a row with two more cells
            Some(next) if alike && width == 2 && fits(next) => true,
            // a line of whole boards is a board a line, not a row with more numbers
            _ if whole_boards => false,
            Some(next) if alike => fits(next) || (blank_lines && next.blank.is_some()),
            // the last line, or a layout of lines unlike: read by whole rows
            _ => false,
        };
        let error = InputError {
            place: line.end,
            found: format!("the end of the line after {}", cells_of(line.count())),
            expected: format!(
                "{} on this line, {}",
                cells_of(expected),
                self.frame.source()
            ),
        };
        if corrupted {
            self.unit.take(&line, 0, line.count());
            self.unit.note(error);
            self.lines.recycle(line);
            return Ok((at + 1 == lines).then(|| self.finish()));
        }
        // the layout changes here: it is learnt again, the case under way read on by whole rows
        self.frame.forget();
        self.learn(line, before_wait)
    }

    /// Whether `line` repeats a tile of the case gathered, where the case's cells before it and
    /// the line's own are each without a repeat: the mark of a row lost before it.
    fn conflicts_with(&self, line: &Line) -> bool {
        let size = self.shape().cells();
        let cells = self.unit.cells.iter().chain(&line.cells).copied();
        // the common case first: the case is whole
        !distinct(cells, size)
            && distinct(self.unit.cells.iter().copied(), size)
            && distinct(line.cells.iter().copied(), size)
    }

    /// Whether `line` and the lines after it begin a whole valid case in the layout learnt.
    fn begins(
        &mut self,
        line: &Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<bool> {
        let counts = self.frame.lines.clone();
        if counts[0] != line.count() {
            return Ok(false);
        }
        let mut cells = line.cells.clone();
        for (at, &count) in counts.iter().enumerate().skip(1) {
            match self.lines.peek_at(at - 1, before_wait)? {
                Some(next)
                    if next.count() == count
                        && !next.more
                        && next.problem.is_none()
                        && next.blank.is_none() =>
                {
                    cells.extend_from_slice(&next.cells)
                }
                _ => return Ok(false),
            }
        }
        Ok(whole_boards(cells.into_iter(), self.shape().cells()))
    }

    /// A line while the layout is learnt: cells gather in whole rows until a case has its
    /// cells; a case that ends with its line, valid, fixes the layout.
    fn learn(
        &mut self,
        line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Outcome>> {
        let (width, wanted) = (usize::from(self.shape().width), self.wanted());
        let (have, count) = (self.unit.cells.len(), line.count());
        if have == 0 && (line.more || (count % wanted == 0 && count >= 2 * wanted)) {
            // whole cases on a line: cases share lines
            self.frame.share(line.start().line);
            return Ok(self.share(line));
        }
        if line.broken {
            // a token that is no cell, row or board: its line is malformed, whatever its count
            let error = line.problem.clone().expect("a broken line has its problem");
            self.unit.take(&line, 0, count);
            self.lines.recycle(line);
            return Ok(Some(self.malformed(error)));
        }
        // arguments join like whitespace: an argument may end inside a row
        let arguments = self.lines.origin() == Origin::Argument;
        if have + count < wanted && (arguments || count % width == 0) {
            self.unit.take(&line, 0, count);
            self.lines.recycle(line);
            return Ok(None);
        }
        if have + count == wanted {
            self.unit.take(&line, 0, count);
            let (counts, from) = (self.unit.counts.clone(), self.unit.places[0].line);
            let blank_inside = self.unit.blank_inside;
            self.lines.recycle(line);
            let outcome = self.finish();
            if matches!(outcome, Outcome::Case(_)) {
                self.frame.learn(&counts, from);
                self.frame.blank_inside = blank_inside;
            }
            return Ok(Some(outcome));
        }
        // a line that ends inside a row, or runs past the case: the case is malformed
        let error = InputError {
            place: line.end,
            found: format!(
                "the end of the line after {}",
                cells_of((have + count) % self.shape().cells().max(1))
            ),
            expected: format!("whole rows of {width} cells"),
        };
        let error = match have + count > wanted {
            true => InputError {
                found: format!("the end of the line after {}", cells_of(have + count)),
                expected: format!("whole rows of {width} cells, {} a case", cells_of(wanted)),
                ..error
            },
            false => error,
        };
        // its lines are guessed from the line after it, where the rows look alike: the cases
        // after it are then read from their first row
        let taken = self.unit.counts.clone();
        let guess = self.lines.peek(before_wait)?.and_then(|next| {
            let lines = Frame::rows_like(next.count(), width, wanted)?;
            let alike = taken.iter().all(|&c| c == next.count());
            (alike && taken.len() + 1 < lines).then_some((next.count(), lines))
        });
        self.unit.take(&line, 0, count);
        self.unit.note(error);
        self.lines.recycle(line);
        match guess {
            Some((row, lines)) => {
                let from = self.unit.places.first().map_or(0, |place| place.line);
                self.frame.learn(&vec![row; lines], from);
                Ok(None)
            }
            None => {
                let error = self.unit.problem.take().expect("noted");
                Ok(Some(self.malformed(error)))
            }
        }
    }

    /// A line of cases that share lines: each of its whole cases in turn (see
    /// [`Cases::next_of_shared`]); a line that holds no whole number of cases is malformed whole.
    fn share(&mut self, line: Line) -> Option<Outcome> {
        let wanted = self.wanted();
        let count = line.count();
        if line.more || count % wanted == 0 {
            self.shared = Some((line, 0));
            return None;
        }
        // which of its cells make which case cannot be told: each case it most likely held is
        // malformed
        let cases = ((count + wanted / 2) / wanted).max(1);
        let first = line.problem.clone().unwrap_or(InputError {
            place: line.end,
            found: format!("the end of the line after {}", cells_of(count)),
            expected: format!("whole cases of {} a line", cells_of(wanted)),
        });
        let rest = InputError {
            place: line.end,
            found: format!("the rest of a line of {}", cells_of(count)),
            expected: format!(
                "whole cases of {} a line (its cases cannot be told apart)",
                cells_of(wanted)
            ),
        };
        self.queued.extend(std::iter::repeat(rest).take(cases - 1));
        self.lines.recycle(line);
        Some(self.malformed(first))
    }

    /// The next case of a line of several, if one is left.
    fn next_of_shared(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Outcome>> {
        let wanted = self.wanted();
        let Some((line, at)) = self.shared.as_mut() else {
            return Ok(None);
        };
        let left = line.count() - *at;
        if left >= wanted {
            let from = *at;
            *at += wanted;
            let (line, _) = self.shared.as_ref().expect("just seen");
            // a line's own problem belongs to the case it falls in
            self.unit.take(line, from, wanted);
            return Ok(Some(self.finish()));
        }
        let (mut line, at) = self.shared.take().expect("just seen");
        if line.more {
            // the rest of a long line comes in the next piece
            line.cells.drain(..at);
            line.places.drain(..at);
            if let Some(mut piece) = self.lines.next(before_wait)? {
                line.cells.append(&mut piece.cells);
                line.places.append(&mut piece.places);
                line.more = piece.more;
                line.end = piece.end;
                line.problem = line.problem.take().or(piece.problem.take());
                self.lines.recycle(piece);
            } else {
                line.more = false;
            }
            self.shared = Some((line, 0));
            return self.next_of_shared(before_wait);
        }
        if left == 0 {
            self.lines.recycle(line);
            return Ok(None);
        }
        // a long line that ends inside a case
        self.unit.take(&line, at, left);
        let error = InputError {
            place: line.end,
            found: format!("the end of the line after {} of {}", left, cells_of(wanted)),
            expected: "whole cases on a line".into(),
        };
        self.lines.recycle(line);
        Ok(Some(self.malformed(error)))
    }

    /// With [`Framing::Sided`]: a line that should hold a case's side alone. A line that is no
    /// side is a claim the lines after it settle: where they are rows of one board, the case
    /// takes them (its side corrupted, `3 3`), or the line is that board's first row (its side
    /// missing); otherwise it is a case of its own.
    fn side_line(
        &mut self,
        line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Outcome>> {
        let side = match (line.tokens, line.number) {
            (1, Some(side)) => usize::try_from(side)
                .ok()
                .and_then(|side| Shape::new(side, side).ok()),
            _ => None,
        };
        let shape = match side {
            Some(shape) => shape,
            None => {
                let error = InputError {
                    place: line.start(),
                    found: line.first.clone().unwrap_or_else(|| "nothing".into()),
                    expected: format!("the side n of an n×n board, 2 to {}", Shape::MAX_SIDE),
                };
                // the next line is a row of the board, or the whole board where the statement
                // writes a board a line
                let next = self.lines.peek(before_wait)?.map(|next| next.tokens);
                let boards = !self.reading.rows && !self.reading.cells_a_line;
                let side = next
                    .filter(|&tokens| tokens >= 2 && !line.broken)
                    .map(|tokens| {
                        let root =
                            (2..=usize::from(Shape::MAX_SIDE)).find(|side| side * side == tokens);
                        match (boards, root) {
                            (true, Some(root)) => root,
                            _ => tokens,
                        }
                    });
                let Some(shape) = side.and_then(|side| Shape::new(side, side).ok()) else {
                    self.lines.recycle(line);
                    return Ok(Some(self.malformed(error)));
                };
                let first_row = Some(line.tokens) == next;
                self.unit.note(error);
                self.set_side(shape, line.start().line);
                self.unit.side_contradicted = true;
                match first_row {
                    true => self.lines.unread(line),
                    false => self.lines.recycle(line),
                }
                return Ok(None);
            }
        };
        self.set_side(shape, line.end.line);
        self.lines.recycle(line);
        Ok(None)
    }

    /// The case under way is of `shape`, as line `at` says.
    fn set_side(&mut self, shape: Shape, at: u64) {
        self.lines.shape = shape;
        if self.done.boards[0].shape() != shape {
            self.done.boards = [Board::ordered(shape); 2];
        }
        self.frame = self.reading.statement(shape);
        self.unit.side = Some(at);
    }

    /// The case gathered, checked: each board holds every tile and the blank once.
    fn finish(&mut self) -> Outcome {
        let (cells, taken) = (self.shape().cells(), self.unit.cells.len());
        for board in 0..self.reading.boards {
            // a corrupted line may leave a case more or fewer cells, its problem noted
            let range = (board * cells).min(taken)..((board + 1) * cells).min(taken);
            if let Some(problem) = self.repeated(range) {
                self.unit.note(problem);
            }
        }
        if let Some(problem) = self.unit.problem.take() {
            return self.malformed(problem);
        }
        debug_assert_eq!(
            taken,
            self.wanted(),
            "a case of another count has its problem"
        );
        let place = self.unit.places[0];
        // each cell is a tile here, below the board's count of cells
        let tiles: Vec<u8> = self.unit.cells.iter().map(|&cell| cell as u8).collect();
        for (board, cells) in self.done.boards.iter_mut().zip(tiles.chunks_exact(cells)) {
            board.set_cells(cells);
        }
        self.unit.clear();
        self.unit.side = None;
        self.unit.side_contradicted = false;
        Outcome::Case(place)
    }

    /// The first cell of the board in `range` of the case's cells that repeats one before it,
    /// or that is no tile, as an error.
    fn repeated(&self, range: std::ops::Range<usize>) -> Option<InputError> {
        let mut seen = [None::<usize>; 257];
        for at in range {
            let value = self.unit.cells[at];
            let place = self.unit.places[at];
            if usize::from(value) >= self.shape().cells() {
                let found = match self.reading.glyphs {
                    // a letter past the board's last (`P` on 4×4) is shown as written
                    glyphs @ Glyphs::Characters { .. } if value != NOT_A_CELL => {
                        format!("`{}`", glyphs.glyph(value.min(255) as u8))
                    }
                    _ => shown(value),
                };
                return Some(InputError {
                    place,
                    found,
                    expected: self.lines.expected_cell(),
                });
            }
            if let Some(earlier) = seen[usize::from(value)] {
                let what = match (value, self.reading.glyphs) {
                    (value, _) if value == u16::from(BLANK) => "blank".to_string(),
                    // a letter or a digit board names its cells as its input writes them
                    (value, glyphs @ Glyphs::Characters { .. }) => {
                        format!("`{}`", glyphs.glyph(value as u8))
                    }
                    (value, Glyphs::Numbers) => format!("`{value}`"),
                };
                let first = self.unit.places[earlier];
                return Some(InputError {
                    place,
                    found: format!(
                        "a second {what} (the first is at {}:{})",
                        first.line, first.column
                    ),
                    expected: match self.reading.glyphs {
                        glyphs @ Glyphs::Characters { blank, .. } => format!(
                            "each of {}-{} and the blank {} exactly once",
                            glyphs.glyph(1),
                            glyphs.glyph(self.shape().last_tile()),
                            char::from(blank)
                        ),
                        Glyphs::Numbers => format!(
                            "each of 1-{} and the blank exactly once",
                            self.shape().cells() - 1
                        ),
                    },
                });
            }
            seen[usize::from(value)] = Some(at);
        }
        None
    }

    /// The case gathered is malformed, with `error` unless it has an earlier problem.
    fn malformed(&mut self, error: InputError) -> Outcome {
        self.unit.note(error);
        let (cells, taken) = (self.shape().cells(), self.unit.cells.len());
        for board in 0..self.reading.boards {
            let range = (board * cells).min(taken)..((board + 1) * cells).min(taken);
            if let Some(problem) = self.repeated(range) {
                self.unit.note(problem);
            }
        }
        let mut error = self.unit.problem.take().expect("just noted");
        let contradicted = std::mem::take(&mut self.unit.side_contradicted);
        if let Some(line) = self.unit.side.take().filter(|_| !contradicted) {
            // a case that gave its side: the expected cells follow from it
            let side = self.shape().width;
            error.expected += &format!(" (line {line} declares a {side}x{side} board)");
        }
        self.unit.clear();
        Outcome::Malformed(error)
    }
}
