//! Reading cases from a stream: tokens are cells, rows of 3 or boards of 9; cells gather across
//! lines in whole rows, and a case ends as soon as it has its boards.
//!
//! A malformed case is reported with its place and skipped. A token that is not a cell, or a
//! line that ends inside a row, also drops the rest of that line, so that reading starts
//! afresh on the next one; a board with a repeated tile is a complete case and is skipped
//! alone. Memory stays bounded whatever the input: a token is kept to its first few bytes.
//!
//! This file holds the general path; beside it, what comes before the cells (`header.rs`),
//! where a case ends besides its count (`boundaries.rs`), the quick paths of plain 3×3 streams
//! (`quick.rs`), and one board read from a string (`parse.rs`).

use std::io::{self, Read};

mod boundaries;
mod header;
mod parse;
mod quick;

use super::place::{InputError, Origin, Place};
use super::scan::{Event, Scanner, Token, HEAD};
use crate::puzzle::board::{Board, Shape, BLANK};

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
    /// The input is exhausted.
    End,
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

/// What comes before the cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Header {
    /// Nothing: cases follow each other to the end of the input.
    None,
    /// The input opens with the number of cases (HDU 3567's T, UVa 10181's N).
    Count,
    /// Each case opens with its side n, and its board is n×n (algs4's files).
    Side,
}

/// How a judge's input is laid out: what [`Cases`] needs to read it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reading {
    /// Boards in a case: 1, or 2 for a start and then its goal.
    pub boards: usize,
    /// The boards' shape (the first guess, with [`Header::Side`]).
    pub shape: Shape,
    /// What comes before the cells.
    pub header: Header,
    /// Whether `[`, `]` and `,` separate cells like whitespace (LeetCode's boards).
    pub brackets: bool,
    /// Whether a blank line opens each case: one inside a board of several rows ends it,
    /// malformed (elsewhere a blank line ends only a board already malformed).
    pub blank_lines: bool,
}

impl Reading {
    /// Cases of `boards` 3×3 boards, nothing around them.
    pub fn square3(boards: usize) -> Reading {
        Reading {
            boards,
            shape: Shape::SQUARE3,
            header: Header::None,
            brackets: false,
            blank_lines: false,
        }
    }
}

/// Reads cases of `boards` boards each (1 or 2) from a stream.
pub struct Cases<R> {
    scanner: Scanner<R>,
    boards: usize,
    shape: Shape,
    header: Header,
    blank_lines: bool,
    /// Cells of the case being read, and the place of each.
    cells: Vec<u8>,
    places: Vec<Option<Place>>,
    count: usize,
    /// The values seen so far in the board being read, a bit each.
    seen: [u64; 4],
    /// Whether [`Cases::quick_case`] may read (tests turn it off to compare the two paths).
    quick: bool,
    /// How many cases it read, and how many of those [`Cases::line_case`] read.
    quick_reads: u64,
    line_reads: u64,
    /// Whether the cases ahead are 3×3 boards with nothing before them, which the quick path
    /// reads: no side to read, and the count of cases read if there is one.
    plain: bool,
    /// The first problem found in a case whose cells are still being read.
    problem: Option<InputError>,
    skipping: bool,
    /// Whether the scanner's token is still to be read, as the start of a case.
    replay: bool,
    /// The boards of the case read last, reused case after case.
    done: [Board; 2],
    /// With [`Header::Count`]: whether it was read, and what it announced, and where.
    header_read: bool,
    announced: Option<(u64, Place)>,
    /// With [`Header::Side`]: whether the case being read has its side.
    sided: bool,
    /// With [`Header::Side`]: the line of the case's side, named in its errors.
    side_line: u64,
    /// Cases read so far, valid or malformed.
    read: u64,
    /// Boards of several rows a line ([`Cases::by_rows`]): the rows the case being read has
    /// spanned, the tokens of the line it took, whether it began on the line where the case
    /// before ended, and, once it is malformed, its error while the rest of its rows are
    /// dropped.
    rows: usize,
    line_tokens: usize,
    shared_line: bool,
    began_shared: bool,
    draining: Option<InputError>,
    /// LeetCode's lists: how deep in brackets reading stands, the cells of the inner list
    /// being read, and the inner lists closed in the board's list.
    depth: u8,
    list_cells: usize,
    lists: usize,
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

/// What stands in [`Cases`]'s cells for a cell that is not a tile: never a tile's value.
const NOT_A_CELL: u8 = u8::MAX;

/// The value of one cell character, if it is a tile or a blank.
fn cell(byte: u8) -> Option<u8> {
    match byte {
        b'0' | b'x' | b'X' => Some(BLANK),
        b'1'..=b'8' => Some(byte - b'0'),
        _ => None,
    }
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
        scanner.brackets = reading.brackets;
        let mut cases = Cases {
            scanner,
            boards: reading.boards,
            shape: reading.shape,
            header: reading.header,
            blank_lines: reading.blank_lines,
            cells: Vec::new(),
            places: Vec::new(),
            count: 0,
            seen: [0; 4],
            quick: true,
            quick_reads: 0,
            line_reads: 0,
            plain: reading.shape == Shape::SQUARE3 && reading.header == Header::None,
            problem: None,
            skipping: false,
            replay: false,
            done: [Board::ordered(reading.shape); 2],
            header_read: false,
            announced: None,
            sided: false,
            side_line: 0,
            read: 0,
            rows: 0,
            line_tokens: 0,
            shared_line: false,
            began_shared: false,
            draining: None,
            depth: 0,
            list_cells: 0,
            lists: 0,
        };
        cases.reshape(reading.shape);
        cases
    }

    /// Makes room for cases of boards of `shape`.
    fn reshape(&mut self, shape: Shape) {
        self.shape = shape;
        if self.done[0].shape() != shape {
            self.done = [Board::ordered(shape); 2];
        }
        let wanted = self.wanted();
        self.cells.resize(wanted, 0);
        self.places.resize(wanted, None);
    }

    /// The number of cases the input's first line announces, and where, once it was read.
    pub fn announced(&self) -> Option<(u64, Place)> {
        self.announced
    }

    /// Watches the input from here on for bytes that no text holds (a NUL, control
    /// characters), which reading does not look for until asked: errors suggest it.
    pub fn watch_binary(&mut self) {
        self.scanner.watch_binary();
    }

    /// Whether the input read since [`Cases::watch_binary`] holds bytes that no text does: most
    /// likely a binary file.
    pub fn looks_binary(&self) -> bool {
        self.scanner.binary
    }

    /// How many cases were read so far, valid or malformed (a count of cases that is not a
    /// number is not a case).
    pub fn read(&self) -> u64 {
        self.read
    }

    /// Where reading stands: the place of the next byte.
    pub fn place(&self) -> Place {
        Place {
            origin: self.scanner.origin,
            line: self.scanner.line,
            column: self.scanner.column,
        }
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

    fn wanted(&self) -> usize {
        self.shape.cells() * self.boards
    }

    /// Drops the case read so far and reports `error`; with `skip_line`, the rest of the line too.
    fn malformed(&mut self, error: InputError, skip_line: bool) -> Item<'_> {
        self.read += 1;
        self.count = 0;
        self.rows = 0;
        self.depth = 0;
        self.skipping = skip_line;
        let error = self.problem.take().unwrap_or(error);
        Item::Malformed(self.declared(error))
    }

    /// `error` of a case that gave its side (algs4's files), with the size the side declares:
    /// the expected cells follow from it.
    fn declared(&mut self, mut error: InputError) -> InputError {
        if std::mem::take(&mut self.sided) {
            let side = self.shape.width;
            error.expected += &format!(" (line {} declares a {side}x{side} board)", self.side_line);
        }
        error
    }

    /// The next case. `before_wait` is called before any read that could block, so that a
    /// caller can flush the answers given so far (an interactive user sees each at once).
    pub fn next(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Item<'_>> {
        if self.at_boundary() {
            let line = self.line_case();
            self.line_reads += u64::from(line.is_some());
            if let Some(place) = line.or_else(|| self.quick_case()) {
                self.quick_reads += 1;
                return Ok(self.finish_at(place));
            }
        }
        loop {
            let width = usize::from(self.shape.width);
            // the token that ended a malformed case starts the next one
            let event = if std::mem::take(&mut self.replay) {
                Event::Token
            } else {
                self.scanner.next(before_wait)?
            };
            match event {
                Event::Break(place) if self.by_rows() => {
                    self.skipping = false;
                    if let Some(error) = self.row_line_ends(place) {
                        return Ok(self.malformed(error, false));
                    }
                }
                Event::Break(place) => {
                    self.skipping = false;
                    if self.scanner.origin != Origin::Argument && self.count % width != 0 {
                        let error = self.inside_row(place);
                        return Ok(self.malformed(error, false));
                    }
                }
                Event::End(place) => {
                    self.skipping = false;
                    if let Some(error) = self.draining.take() {
                        return Ok(self.malformed(error, false));
                    }
                    if self.count == 0 && !self.sided {
                        return Ok(Item::End);
                    }
                    let error = InputError {
                        place,
                        found: format!(
                            "the end of the input after {} of {} cells",
                            self.count,
                            self.wanted()
                        ),
                        expected: "a complete case".into(),
                    };
                    return Ok(self.malformed(error, false));
                }
                Event::Bracket(..) if self.skipping => {}
                Event::Bracket(open, place) => {
                    if let Some(error) = self.bracket(open, place) {
                        return Ok(self.malformed(error, false));
                    }
                    if self.depth == 0 && self.count == self.wanted() {
                        return Ok(self.finish());
                    }
                }
                Event::Token if self.skipping => {}
                Event::Token if self.draining.is_some() => self.line_tokens += 1,
                Event::Token if self.header == Header::Count && !self.header_read => {
                    if let Some(error) = self.read_count() {
                        return Ok(Item::Header(error));
                    }
                }
                Event::Token if self.header == Header::Side && !self.sided => {
                    if let Err(error) = self.read_side() {
                        return Ok(self.malformed(error, true));
                    }
                }
                Event::Token => {
                    if self.count == 0 {
                        self.began_shared = self.shared_line;
                    }
                    self.line_tokens += 1;
                    if self.depth > 0 && !self.counts_in_list() {
                        continue;
                    }
                    if let Err(error) = self.take_token() {
                        if self.by_rows() && !self.began_shared {
                            self.draining = Some(self.problem.take().unwrap_or(error));
                            continue;
                        }
                        let len = self.scanner.token.len as usize;
                        let starts_a_case = len == 1 || len == width || len == self.shape.cells();
                        if self.problem.is_some() && starts_a_case {
                            // the case is malformed already, and this token cannot continue
                            // it but can start a case: the bad case ends here, not the line
                            self.replay = true;
                            return Ok(self.malformed(error, false));
                        }
                        return Ok(self.malformed(error, true));
                    }
                    // a board in brackets ends with its list, so that a list too long is seen
                    if self.count == self.wanted() && self.depth == 0 {
                        return Ok(self.finish());
                    }
                }
            }
        }
    }

    /// What a cell may be, for errors: `a tile 1-8 or a blank (0, x or X)`.
    fn expected_cell(&self) -> String {
        format!("a tile 1-{} or a blank (0, x or X)", self.shape.cells() - 1)
    }

    /// Adds the cells of the scanner's token to the case.
    fn take_token(&mut self) -> Result<(), InputError> {
        let token = self.scanner.token;
        let (width, cells) = (self.shape.width as u64, self.shape.cells() as u64);
        if cells > 9 {
            // a number a cell
            let value = match token.bytes() {
                [b'x' | b'X'] => Some(u64::from(BLANK)),
                _ => self.number().filter(|&value| value < cells),
            };
            match value {
                Some(value) => self.push(value as u8, token.place),
                None => {
                    self.note(InputError {
                        place: token.place,
                        found: token.shown(),
                        expected: self.expected_cell(),
                    });
                    self.push_bad(token.place);
                }
            }
            return Ok(());
        }
        if (token.len == 2 && width != 2) || token.len >= 10 {
            // not a cell, but one token where a cell should be (`10`, a huge number): it takes
            // a cell's place, so the case ends where it would have and is reported whole
            self.note(InputError {
                place: token.place,
                found: format!("{} ({} characters)", token.shown(), token.len),
                expected: self.expected_cell(),
            });
            self.push_bad(token.place);
            return Ok(());
        }
        let count = self.count as u64;
        let fits = match token.len {
            1 => true,
            len if len == width => count % width == 0,
            len if len == cells => count % cells == 0,
            _ => {
                return Err(InputError {
                    place: token.place,
                    found: format!("{} ({} characters)", token.shown(), token.len),
                    expected: format!("a cell, a row of {width} cells or a board of {cells}"),
                })
            }
        };
        if !fits {
            return Err(InputError {
                place: token.place,
                found: format!(
                    "{} after {} of a row",
                    token.shown(),
                    cells_of((count % width) as usize)
                ),
                expected: "single cells to finish the row".into(),
            });
        }
        for (offset, &byte) in token.bytes().iter().enumerate() {
            let place = Place {
                column: token.place.column + offset as u64,
                ..token.place
            };
            match cell(byte).filter(|&value| u64::from(value) < cells) {
                Some(value) => self.push(value, place),
                None => {
                    // a bad cell keeps its place too, and its row or board stays whole
                    let shown = Token {
                        place,
                        len: 1,
                        head: [byte; HEAD],
                    }
                    .shown();
                    self.note(InputError {
                        place,
                        found: shown,
                        expected: self.expected_cell(),
                    });
                    self.push_bad(place);
                }
            }
        }
        Ok(())
    }

    /// Notes `problem` as the case's, unless it already has one.
    fn note(&mut self, problem: InputError) {
        self.problem.get_or_insert(problem);
    }

    /// Adds a cell that is not a tile: the case is malformed, but its cells still count.
    fn push_bad(&mut self, place: Place) {
        if self.count % self.shape.cells() == 0 {
            self.seen = [0; 4];
        }
        self.cells[self.count] = NOT_A_CELL;
        self.places[self.count] = Some(place);
        self.count += 1;
    }

    /// Adds one cell, noting the first repeated value of its board.
    fn push(&mut self, value: u8, place: Place) {
        let board_start = self.count / self.shape.cells() * self.shape.cells();
        if self.count == board_start {
            self.seen = [0; 4];
        }
        let (word, bit) = (usize::from(value / 64), value % 64);
        let repeated = self.seen[word] & 1 << bit != 0;
        self.seen[word] |= 1 << bit;
        let earlier = || (board_start..self.count).find(|&i| self.cells[i] == value);
        if let (true, Some(earlier), None) = (repeated, earlier(), &self.problem) {
            let what = if value == BLANK {
                "blank".to_string()
            } else {
                format!("`{value}`")
            };
            let first = self.places[earlier].expect("every read cell has a place");
            self.problem = Some(InputError {
                place,
                found: format!(
                    "a second {what} (the first is at {}:{})",
                    first.line, first.column
                ),
                expected: format!(
                    "each of 1-{} and the blank exactly once",
                    self.shape.cells() - 1
                ),
            });
        }
        self.cells[self.count] = value;
        self.places[self.count] = Some(place);
        self.count += 1;
    }

    fn finish(&mut self) -> Item<'_> {
        self.count = 0;
        self.rows = 0;
        self.line_tokens = 0;
        self.shared_line = true;
        if let Some(error) = self.problem.take() {
            self.read += 1;
            return Item::Malformed(self.declared(error));
        }
        self.sided = false;
        let place = self.places[0].expect("a complete case has places");
        self.finish_at(place)
    }

    /// The case whose cells are in `cells`, known valid.
    fn finish_at(&mut self, place: Place) -> Item<'_> {
        self.read += 1;
        let size = self.shape.cells();
        if size == 9 && self.shape == Shape::SQUARE3 {
            // copies of a known length, which compile to a few moves
            for (board, cells) in self.done.iter_mut().zip(self.cells.chunks_exact(9)) {
                board.set_cells(&cells[..9]);
            }
        } else {
            for (board, cells) in self.done.iter_mut().zip(self.cells.chunks_exact(size)) {
                board.set_cells(cells);
            }
        }
        Item::Case(Case {
            boards: &self.done[..self.boards],
            place,
            number: self.read,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case of `text` as a board string or an error message, in order.
    fn read(text: &[u8], origin: Origin, boards: usize) -> Vec<String> {
        let mut cases = Cases::new(text, origin, boards);
        let mut results = Vec::new();
        loop {
            match cases.next(&mut || Ok(())).expect("memory reads") {
                Item::Case(case) => {
                    let shown: Vec<String> = case.boards.iter().map(Board::to_string).collect();
                    results.push(shown.join(" "));
                }
                Item::Malformed(error) | Item::Header(error) => results.push(error.to_string()),
                Item::End => return results,
            }
        }
    }

    fn lines(text: &str) -> Vec<String> {
        read(text.as_bytes(), Origin::Line, 1)
    }

    #[test]
    fn the_quick_path_reads_exactly_like_the_general_one() {
        use rand::{Rng, SeedableRng};
        let pieces = [
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "0",
            "x",
            "X",
            "9",
            "y",
            "123",
            "456",
            "78x",
            "283104765",
            "12345678x",
            "1234",
            "10",
            " ",
            "  ",
            "\t",
            "\n",
            "\r\n",
            "\n\n",
            "\r",
            "\x0b",
            "\r\r\n",
            // the line path's layouts, well formed and not
            "2 8 3 1 0 4 7 6 5\n",
            "283104765\n",
            "2 8 3 1 0 4 7 6 6\n",
            "2 8 3 1 9 4 7 6 5\n",
            "2 8 3 1 0 4 7 6 5 \n",
            "2 8 3 1 0 4 7 6 5\r\n",
            "28310476x\n",
            // runs of blanks, rows, blanks before and after, X for the blank
            "2  8  3  1  0  4  7  6  5\n",
            "2\t8\t3\t1\t0\t4\t7\t6\t5\r\n",
            "  2 8 3\t 1 0 4  7 6 5 \t\n",
            "\t283104765  \r\n",
            "283 104 765\n",
            "283  104\t76X\n",
            "2831 04765\n",
            "28 3104765\n",
            "2 8 3 1 0 4 7 6 5 2\n",
            "1 2 3 4 5 6 7 8 x\x0b\n",
            "1 2 3 4 5 6 7 8 x\r\r\n",
            " \t \n",
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1043);
        let (mut quick_cases, mut line_cases) = (0, 0);
        for round in 0..3_000 {
            // lines of valid boards in every layout, with now and then a piece of anything
            let mut text = String::new();
            for _ in 0..rng.random_range(1..8u32) {
                if rng.random_range(0..4u32) == 0 {
                    let piece = pieces[rng.random_range(0..pieces.len() as u32) as usize];
                    text.push_str(piece);
                    continue;
                }
                let mut cells: Vec<char> = "12345678x".chars().collect();
                for last in (1..9).rev() {
                    cells.swap(last, rng.random_range(0..=last as u32) as usize);
                }
                let glue =
                    [" ", "", "  ", "\t", "cells", " \t "][rng.random_range(0..6u32) as usize];
                let rows: Vec<String> = cells.chunks(3).map(|row| row.iter().collect()).collect();
                let spaced: Vec<String> = cells.iter().map(char::to_string).collect();
                let layout = match glue {
                    "" => rows.concat(),
                    " " => rows.join(" "),
                    // the judges' own layout, a cell and a space
                    "cells" => spaced.join(" "),
                    _ => spaced.join(glue),
                };
                text.push_str(["", "", " ", "\t "][rng.random_range(0..4u32) as usize]);
                text.push_str(&layout);
                text.push_str(
                    ["\n", " ", "\r\n", "\r", "  \n", "\t\r\n"][rng.random_range(0..6u32) as usize],
                );
            }
            for (boards, header) in [(1, Header::None), (2, Header::None), (2, Header::Count)] {
                let text = match header {
                    Header::Count => format!("7\n{text}"),
                    _ => text.clone(),
                };
                let reading = Reading {
                    header,
                    ..Reading::square3(boards)
                };
                let mut collect = |quick: bool| {
                    let mut cases = Cases::with(text.as_bytes(), Origin::Line, reading);
                    cases.quick = quick;
                    let mut results = Vec::new();
                    loop {
                        match cases.next(&mut || Ok(())).expect("memory reads") {
                            Item::Case(case) => results.push(format!("{case:?}")),
                            Item::Malformed(error) | Item::Header(error) => {
                                results.push(error.to_string())
                            }
                            Item::End => {
                                quick_cases += cases.quick_reads;
                                line_cases += cases.line_reads;
                                return results;
                            }
                        }
                    }
                };
                let (fast, general) = (collect(true), collect(false));
                assert_eq!(fast, general, "round {round}: {text:?}");
            }
        }
        assert!(
            quick_cases > 1_000 && line_cases > 100,
            "the quick paths read {quick_cases} cases, the line path {line_cases}"
        );
    }

    /// Every case of `text` read as `reading` says, as cells or an error message.
    fn read_as(text: &str, reading: Reading) -> Vec<String> {
        let mut cases = Cases::with(text.as_bytes(), Origin::Line, reading);
        let mut results = Vec::new();
        loop {
            match cases.next(&mut || Ok(())).expect("memory reads") {
                Item::Case(case) => {
                    let shown: Vec<String> = case.boards.iter().map(Board::to_string).collect();
                    results.push(shown.join(" | "));
                }
                Item::Malformed(error) | Item::Header(error) => results.push(error.to_string()),
                Item::End => return results,
            }
        }
    }

    #[test]
    fn reads_boards_of_any_shape_with_their_rules() {
        let shape = |w, h| Shape::new(w, h).expect("a shape");
        let leetcode = Reading {
            shape: shape(3, 2),
            brackets: true,
            ..Reading::square3(1)
        };
        assert_eq!(
            read_as(
                "[[1,2,3],[4,0,5]]\n[[1, 2, 3], [5, 4, 0]]\n1 2 3 4 0 5\n[[1,2,3],[4,6,5]]\n",
                leetcode
            ),
            [
                "123405",
                "123540",
                "123405",
                "line 4:13: found `6`, expected a tile 1-5 or a blank (0, x or X)"
            ]
        );
        let square4 = Reading {
            shape: Shape::SQUARE4,
            ..Reading::square3(1)
        };
        assert_eq!(
            read_as("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x\n1 2 3 4\n5 6 7 8 9 10\n", square4),
            [
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
                "line 3:13: found the end of the line after 10 cells, expected whole rows of 4 cells"
            ]
        );
        let sided = Reading {
            header: Header::Side,
            ..Reading::square3(1)
        };
        assert_eq!(
            read_as("2\n1 2\n3 0\n4\n1 2 3 4\n1 x\n3\n123\n456\n780\n", sided),
            [
                "1230",
                "line 6:1: found a second `1` (the first is at 5:1), expected each of 1-15 and the \
                 blank exactly once (line 4 declares a 4x4 board)",
                "123456780"
            ]
        );
        assert_eq!(
            read_as("17 1 2 3\n2\n1 2 3 0\n", sided),
            [
                "line 1:1: found `17`, expected the side n of an n×n board, 2 to 16",
                "1230"
            ]
        );
    }

    #[test]
    fn reads_every_layout_of_the_spec() {
        let text = "283104765\n2 8 3 1 0 4 7 6 5\n2  3  4  1  5  x  7  6  8\n\
                    1\t2\t3\n4 5 6\n\n78X\n283 104 765\r\n";
        assert_eq!(
            lines(text),
            [
                "283104765",
                "283104765",
                "234150768",
                "123456780",
                "283104765"
            ]
        );
    }

    #[test]
    fn ends_a_case_as_soon_as_it_has_its_cells() {
        assert_eq!(lines("283104765 12345678x"), ["283104765", "123456780"]);
        assert_eq!(
            read(
                b"283104765 123804765 1 2 3 4 5 6 7 8 0\n123804765",
                Origin::Line,
                2
            ),
            ["283104765 123804765", "123456780 123804765"]
        );
    }

    #[test]
    fn locates_a_cell_that_is_not_a_tile_and_keeps_the_next_line() {
        assert_eq!(
            lines("283104765\n2 8 3 1 9 4 7 6 5 283104765\n12345678x"),
            [
                "283104765",
                "line 2:9: found `9`, expected a tile 1-8 or a blank (0, x or X)",
                // the bad cell kept its place: the next case on the line is read
                "283104765",
                "123456780"
            ]
        );
        assert_eq!(
            lines("28310476y"),
            ["line 1:9: found `y`, expected a tile 1-8 or a blank (0, x or X)"]
        );
    }

    #[test]
    fn rejects_tokens_of_other_lengths() {
        assert_eq!(
            lines("10 2 3 4 5 6 7 8 x\n2831 04765\n12345678x"),
            [
                "line 1:1: found `10` (2 characters), expected a tile 1-8 or a blank (0, x or X)",
                "line 2:1: found `2831` (4 characters), expected a cell, a row of 3 cells or a board of 9",
                "123456780"
            ]
        );
        let long = format!("{}\n12345678x", "1".repeat(100_000));
        assert_eq!(
            lines(&long)[0],
            "line 1:1: found `111111111111…` (100000 characters), expected a tile 1-8 or a blank (0, x or X)"
        );
    }

    #[test]
    fn rejects_a_line_that_ends_inside_a_row() {
        assert_eq!(
            lines("2 8 3 1\n0 4 7 6 5\n12345678x"),
            [
                "line 1:8: found the end of the line after 4 cells, expected whole rows of 3 cells",
                "line 2:10: found the end of the line after 5 cells, expected whole rows of 3 cells",
                "123456780"
            ]
        );
    }

    #[test]
    fn rejects_a_row_token_inside_a_row() {
        assert_eq!(
            lines("1 234 5678x"),
            ["line 1:3: found `234` after 1 cell of a row, expected single cells to finish the row"]
        );
    }

    #[test]
    fn reports_a_repeated_tile_and_keeps_the_case_after_it_on_the_same_line() {
        assert_eq!(
            lines("283104763 283104765\nx2345678x"),
            [
                "line 1:9: found a second `3` (the first is at 1:3), expected each of 1-8 and the blank exactly once",
                "283104765",
                "line 2:9: found a second blank (the first is at 2:1), expected each of 1-8 and the blank exactly once",
            ]
        );
    }

    #[test]
    fn reports_input_that_ends_inside_a_case() {
        assert_eq!(
            read(b"283104765\n", Origin::Line, 2),
            ["line 2:1: found the end of the input after 9 of 18 cells, expected a complete case"]
        );
        assert_eq!(lines("   \n\t\n"), Vec::<String>::new());
    }

    #[test]
    fn survives_any_bytes() {
        assert_eq!(
            lines("\u{feff}283104765\n"),
            ["283104765"],
            "a byte order mark is skipped"
        );
        assert_eq!(
            read(b"28310\x004765\n\xff\xfe\n12345678x", Origin::Line, 1),
            [
                "line 1:1: found `28310\\04765` (10 characters), expected a tile 1-8 or a blank (0, x or X)",
                "line 2:1: found `\u{fffd}\u{fffd}` (2 characters), expected a tile 1-8 or a blank (0, x or X)",
                "123456780"
            ]
        );
    }

    #[test]
    fn reads_a_byte_order_mark_alone_as_nothing() {
        // found by cargo fuzz: the mark skipped left the buffer empty, and the scanner read on
        for origin in [Origin::Line, Origin::Argument, Origin::Text] {
            assert_eq!(read(b"\xef\xbb\xbf", origin, 1), Vec::<String>::new());
            assert_eq!(read(b"\xef\xbb\xbf123804765", origin, 1), ["123804765"]);
        }
    }

    #[test]
    fn arguments_join_like_whitespace_and_resume_after_an_error() {
        let args = b"2\x008\x003\x001\x000\x004\x007\x006\x005\x0028310476\x00123804765";
        assert_eq!(
            read(args, Origin::Argument, 1),
            [
                "283104765",
                "argument 10:1: found `28310476` (8 characters), expected a cell, a row of 3 cells or a board of 9",
                "123804765"
            ]
        );
    }

    #[test]
    fn parses_one_board_and_nothing_more() {
        let board = "2 8 3\n1 0 4\n7 6 5".parse::<Board>().expect("a board");
        assert_eq!(board.to_string(), "283104765");
        assert!("283104765 123804765".parse::<Board>().is_err());
        assert!("".parse::<Board>().is_err());
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_and_a_vertical_tab_separates() {
        assert_eq!(
            lines("283104765\r123804765\r\n2 8 3\r\n1 0 4\r7 6 5\n1\x0b2\x0b3 804 765"),
            ["283104765", "123804765", "283104765", "123804765"]
        );
        assert_eq!(
            lines("2 8 3 1\r0 4 7 6 5\r\n12345678x"),
            [
                "line 1:8: found the end of the line after 4 cells, expected whole rows of 3 cells",
                "line 2:10: found the end of the line after 5 cells, expected whole rows of 3 cells",
                "123456780"
            ]
        );
    }
}
