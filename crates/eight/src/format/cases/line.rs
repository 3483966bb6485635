//! The reader's lines: the scanner's tokens gathered into the cells of one line, each cell with
//! its place, a token that holds no cells of a board counted by its characters, so that a line's
//! count of cells says how it is laid out even when a token on it is wrong.

use std::collections::VecDeque;
use std::io::{self, Read};

use super::{cell, cells_of, NOT_A_CELL};
use crate::format::place::{InputError, Origin, Place};
use crate::format::scan::{Event, Scanner, Token, HEAD};
use crate::puzzle::board::{Shape, BLANK};

/// What a board's cells are written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Glyphs {
    /// Numbers, `0`, `x` or `X` the blank; up to 9 cells a board, digits may be glued.
    Numbers,
    /// One character a cell, glued a row a line whatever the board's size: digits from `1`
    /// (BOJ 11112's, `#` the blank) or capitals from `A` for tile 1 (Kattis's, `.` the blank).
    Characters {
        /// Capitals rather than digits.
        letters: bool,
        /// The blank's character.
        blank: u8,
    },
}

impl Glyphs {
    /// The value of one cell character, if it is a tile or a blank.
    pub fn cell(self, byte: u8) -> Option<u8> {
        match self {
            Glyphs::Numbers => cell(byte),
            Glyphs::Characters { blank, .. } if byte == blank => Some(BLANK),
            Glyphs::Characters { letters: true, .. } => {
                byte.is_ascii_uppercase().then(|| byte - b'A' + 1)
            }
            Glyphs::Characters { letters: false, .. } => {
                matches!(byte, b'1'..=b'9').then(|| byte - b'0')
            }
        }
    }

    /// The character of a cell's value.
    pub fn glyph(self, value: u8) -> char {
        match self {
            Glyphs::Characters { blank, .. } if value == BLANK => char::from(blank),
            Glyphs::Characters { letters: true, .. } => char::from(b'A' + value - 1),
            Glyphs::Numbers if value == BLANK => '0',
            Glyphs::Numbers | Glyphs::Characters { .. } => char::from(b'0' + value),
        }
    }
}

/// The most cells a line holds at once: a longer line (many cases glued on one line) comes in
/// pieces of this many, so that memory stays bounded whatever the input.
const PIECE: usize = 1 << 15;

/// One line of cells, or a piece of a very long one.
pub(super) struct Line {
    /// Each cell's value, [`NOT_A_CELL`] for one that is no tile, and its place.
    pub(super) cells: Vec<u16>,
    pub(super) places: Vec<Place>,
    /// The first token on the line that is no cell of a board, with where and why.
    pub(super) problem: Option<InputError>,
    /// Whether a token on it is of a length that is no cell, row or board (`2831`): its
    /// cells, and so the line's count, are a guess.
    pub(super) broken: bool,
    /// Where the line ended (its line end, or the input's end).
    pub(super) end: Place,
    /// Whether the line goes on after this piece.
    pub(super) more: bool,
    /// Where the first of the blank lines before it is, if any came.
    pub(super) blank: Option<Place>,
    /// Its tokens, the number its first one is (if it is one) and that token as errors show it:
    /// a line of one number is a side (algs4's files).
    pub(super) tokens: usize,
    pub(super) number: Option<u64>,
    pub(super) first: Option<String>,
    /// LeetCode's lists: the brackets on the line, in order, `true` for `[`, with the cells
    /// read before each.
    pub(super) brackets: Vec<(bool, usize, Place)>,
}

impl Default for Line {
    fn default() -> Line {
        let place = Place {
            origin: Origin::Line,
            line: 1,
            column: 1,
        };
        Line {
            cells: Vec::new(),
            places: Vec::new(),
            problem: None,
            broken: false,
            end: place,
            more: false,
            blank: None,
            tokens: 0,
            number: None,
            first: None,
            brackets: Vec::new(),
        }
    }
}

impl Line {
    /// Its count of cells.
    pub(super) fn count(&self) -> usize {
        self.cells.len()
    }

    /// Whether it holds nothing (a blank line, or only spaces).
    pub(super) fn is_blank(&self) -> bool {
        self.cells.is_empty() && self.brackets.is_empty() && self.problem.is_none()
    }

    /// Where it starts: its first cell, or its end.
    pub(super) fn start(&self) -> Place {
        self.places.first().copied().unwrap_or(self.end)
    }
}

/// The lines of a stream, with the cells of each read by `shape`'s rules, and lines read ahead
/// given back.
pub(super) struct Lines<R> {
    pub(super) scanner: Scanner<R>,
    pub(super) shape: Shape,
    /// What the cells are written in.
    glyphs: Glyphs,
    /// Lines read ahead and given back, read again first.
    ahead: VecDeque<Line>,
    /// Empty lines to reuse.
    spare: Vec<Line>,
    /// Whether the line read last goes on in another piece.
    piece: bool,
    /// Whether the scanner's token is still to be read, as the start of a line.
    replay: bool,
    /// The line of the count of cases, once read: the rest of it is no blank line.
    pub(super) count_line: Option<u64>,
}

impl<R: Read> Lines<R> {
    pub(super) fn new(scanner: Scanner<R>, shape: Shape, glyphs: Glyphs) -> Lines<R> {
        Lines {
            scanner,
            shape,
            glyphs,
            ahead: VecDeque::new(),
            spare: Vec::new(),
            piece: false,
            replay: false,
            count_line: None,
        }
    }

    /// Whether nothing is read ahead or half read: the scanner stands at a line's start.
    pub(super) fn settled(&self) -> bool {
        self.ahead.is_empty() && !self.replay
    }

    /// Gives `line` back, to be read again before any other.
    pub(super) fn unread(&mut self, line: Line) {
        self.ahead.push_front(line);
    }

    /// Keeps `line`'s buffers for a later line.
    pub(super) fn recycle(&mut self, mut line: Line) {
        if self.spare.len() < 4 {
            line.cells.clear();
            line.places.clear();
            line.brackets.clear();
            self.spare.push(line);
        }
    }

    /// The next line that is not blank, and whether blank lines came before it; `None` at the
    /// end of the input.
    pub(super) fn next(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Line>> {
        if let Some(line) = self.ahead.pop_front() {
            return Ok(Some(line));
        }
        self.fresh(before_wait)
    }

    /// The next line of the stream that is not blank, past those read ahead.
    fn fresh(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Line>> {
        let mut blank = None;
        loop {
            let mut line = self.spare.pop().unwrap_or_default();
            let continued = std::mem::take(&mut self.piece);
            let ended = self.read(&mut line, before_wait)?;
            self.piece = line.more;
            if !line.is_blank() || continued {
                // the rest of a long line is given even when empty: the line ends there
                line.blank = blank;
                return Ok(Some(line));
            }
            self.recycle(line);
            if ended {
                return Ok(None);
            }
            blank = blank.or(Some(Place {
                column: 1,
                ..line_end_place(&self.scanner)
            }));
        }
    }

    /// The line `at` lines ahead (0 the next) that is not blank, without taking it.
    pub(super) fn peek_at(
        &mut self,
        at: usize,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<&Line>> {
        while self.ahead.len() <= at {
            match self.fresh(before_wait)? {
                Some(line) => self.ahead.push_back(line),
                None => break,
            }
        }
        Ok(self.ahead.get(at))
    }

    /// The line after the next one that is not blank, without taking it: a look ahead.
    pub(super) fn peek(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<&Line>> {
        if self.ahead.is_empty() {
            if let Some(line) = self.next(before_wait)? {
                self.ahead.push_back(line);
            }
        }
        Ok(self.ahead.front())
    }

    /// The input's first token, if it is a number of at most [`HEAD`] digits; otherwise its
    /// error, the token kept to be read as the start of the first line when it could be cells
    /// (a count left out).
    pub(super) fn count(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Result<(u64, Place), InputError>>> {
        loop {
            match self.scanner.next(before_wait)? {
                Event::Token => break,
                Event::End(_) => return Ok(None),
                Event::Break(_) | Event::Bracket(..) => {}
            }
        }
        let token = self.scanner.token;
        self.count_line = Some(token.place.line);
        if let Some(count) = number(&token) {
            return Ok(Some(Ok((count, token.place))));
        }
        // a token that can start a case is read as one (the count is missing); any other (`-1`,
        // `+1`, a huge number) was the count, malformed, and is dropped. So is a lone cell on a
        // line of its own (`x` where the count belongs): read as a case's first cell, it would
        // shift every case after it by a line
        let lone = token.len == 1 && self.scanner.token_ends_line().unwrap_or(false);
        self.replay = self.can_start_case(&token) && !lone;
        Ok(Some(Err(InputError {
            place: token.place,
            found: match token.len as usize {
                len if len > HEAD => format!("{} ({len} characters)", token.shown()),
                _ => token.shown(),
            },
            expected: "the number of cases first".into(),
        })))
    }

    /// Whether `token` could be the first cells of a case: cells, a row or a board of cells up
    /// to 9 cells a board; a blank beyond (a number there is read as the count).
    fn can_start_case(&self, token: &Token) -> bool {
        let len = token.len as usize;
        let (width, cells) = (usize::from(self.shape.width), self.shape.cells());
        if cells > 9 && self.glyphs == Glyphs::Numbers {
            return matches!(token.bytes(), [b'x' | b'X']);
        }
        (len == 1 || len == width || len == cells)
            && token.bytes().iter().all(|&b| self.glyphs.cell(b).is_some())
    }

    /// Reads the rest of the line into `line` (cleared first), a piece of at most [`PIECE`]
    /// cells; whether the input ended.
    fn read(
        &mut self,
        line: &mut Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<bool> {
        line.cells.clear();
        line.places.clear();
        line.brackets.clear();
        line.problem = None;
        line.broken = false;
        line.more = false;
        line.blank = None;
        line.tokens = 0;
        line.number = None;
        line.first = None;
        loop {
            let event = match std::mem::take(&mut self.replay) {
                true => Event::Token,
                false => self.scanner.next(before_wait)?,
            };
            match event {
                Event::Token => {
                    if line.tokens == 0 {
                        line.number = number(&self.scanner.token);
                        line.first = Some(self.scanner.token.shown());
                    }
                    line.tokens += 1;
                    self.take(line);
                    if line.cells.len() >= PIECE {
                        line.more = true;
                        line.end = self.place();
                        return Ok(false);
                    }
                }
                Event::Bracket(open, place) => line.brackets.push((open, line.cells.len(), place)),
                Event::Break(place) => {
                    line.end = place;
                    return Ok(false);
                }
                Event::End(place) => {
                    line.end = place;
                    return Ok(true);
                }
            }
        }
    }

    /// Where the scanner stands.
    pub(super) fn place(&self) -> Place {
        Place {
            origin: self.scanner.origin,
            line: self.scanner.line,
            column: self.scanner.column,
        }
    }

    /// What a cell may be, for errors: `a tile 1-8 or a blank (0, x or X)`.
    pub(super) fn expected_cell(&self) -> String {
        let last = self.shape.last_tile();
        match self.glyphs {
            Glyphs::Numbers => format!("a tile 1-{last} or a blank (0, x or X)"),
            Glyphs::Characters { blank, .. } => format!(
                "a tile {}-{} or the blank {}",
                self.glyphs.glyph(1),
                self.glyphs.glyph(last),
                char::from(blank)
            ),
        }
    }

    /// Adds the cells of the scanner's token to `line`: one a number beyond 9 cells a board;
    /// up to 9, a cell, a row or a board of glued characters. A token that is none of them
    /// takes the place of as many cells as it has characters (or of one, for a number such as
    /// `10`), each no tile, so that the line keeps its count.
    fn take(&mut self, line: &mut Line) {
        let token = self.scanner.token;
        let (width, cells) = (self.shape.width as u64, self.shape.cells() as u64);
        let mut note = |problem: InputError| {
            line.problem.get_or_insert(problem);
        };
        if cells > 9 && self.glyphs == Glyphs::Numbers {
            let value = match token.bytes() {
                [b'x' | b'X'] => Some(u64::from(BLANK)),
                _ => number(&token).filter(|&value| value < cells),
            };
            if value.is_none() {
                note(InputError {
                    place: token.place,
                    found: token.shown(),
                    expected: self.expected_cell(),
                });
            }
            // a number too large keeps its value, for the errors that show it
            let kept = number(&token).filter(|&value| value < u64::from(NOT_A_CELL));
            let kept = value.or(kept).map_or(NOT_A_CELL, |value| value as u16);
            line.cells.push(kept);
            line.places.push(token.place);
            return;
        }
        let count = line.cells.len() as u64;
        let problem = match token.len {
            1 => None,
            len if self.glyphs == Glyphs::Numbers && ((len == 2 && width != 2) || len >= 10) => {
                // a number where a cell should be (`10`, a huge number): it takes a cell's place
                note(InputError {
                    place: token.place,
                    found: format!("{} ({len} characters)", token.shown()),
                    expected: self.expected_cell(),
                });
                line.cells.push(NOT_A_CELL);
                line.places.push(token.place);
                return;
            }
            len if len == width && count % width == 0 => None,
            len if len == cells && count % cells == 0 => None,
            len if len == width || len == cells => Some(InputError {
                place: token.place,
                found: format!(
                    "{} after {} of a row",
                    token.shown(),
                    cells_of((count % width) as usize)
                ),
                expected: "single cells to finish the row".into(),
            }),
            len => Some(InputError {
                place: token.place,
                found: format!("{} ({len} characters)", token.shown()),
                expected: format!("a cell, a row of {width} cells or a board of {cells}"),
            }),
        };
        let broken = problem.is_some();
        line.broken |= broken;
        if let Some(problem) = problem {
            note(problem);
        }
        for offset in 0..token.len.min(cells) {
            let place = Place {
                column: token.place.column + offset,
                ..token.place
            };
            let byte = token.head.get(offset as usize).copied().unwrap_or(b'?');
            let value = self
                .glyphs
                .cell(byte)
                .filter(|&value| u64::from(value) < cells);
            if value.is_none() && !broken {
                // a bad cell keeps its place too, and its row or board stays whole
                let shown = Token {
                    place,
                    len: 1,
                    head: [byte; HEAD],
                }
                .shown();
                note(InputError {
                    place,
                    found: shown,
                    expected: self.expected_cell(),
                });
            }
            // a digit beyond the tiles (`9`) keeps its value, for the errors that show it
            let kept = match byte {
                b'0'..=b'9' if self.glyphs == Glyphs::Numbers => Some(byte - b'0'),
                _ => value,
            };
            line.cells.push(match broken {
                true => NOT_A_CELL,
                false => kept.map_or(NOT_A_CELL, u16::from),
            });
            line.places.push(place);
        }
    }
}

/// The number in `token`, if it is one of at most [`HEAD`] digits (the bytes a token keeps: a
/// longer one is no number read here, never its first digits).
pub(super) fn number(token: &Token) -> Option<u64> {
    let digits = token.bytes();
    let short = token.len as usize <= HEAD && !digits.is_empty();
    (short && digits.iter().all(u8::is_ascii_digit))
        .then(|| std::str::from_utf8(digits).ok()?.parse().ok())?
}

/// The place of the line the scanner has just ended: the line before the one it stands on.
fn line_end_place<R>(scanner: &Scanner<R>) -> Place {
    Place {
        origin: scanner.origin,
        line: scanner.line.saturating_sub(1).max(1),
        column: 1,
    }
}

impl<R> Lines<R> {
    /// The origin of the input's places.
    pub(super) fn origin(&self) -> Origin {
        self.scanner.origin
    }
}
