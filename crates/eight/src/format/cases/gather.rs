//! How a case is gathered from lines: a line taken into the case, the blank and empty rows
//! between cases, a line that ends one short, and the case checked when whole (each board holds
//! every tile and the blank once) or reported malformed with its place.

use std::io::{self, Read};

use super::*;

impl<R: Read> Cases<R> {
    /// Takes one line into the case being gathered: the outcome, when a case ends with it.
    pub(super) fn take(
        &mut self,
        mut line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Gathered>> {
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
    pub(super) fn blank_row(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<bool> {
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
    pub(super) fn empty_row(&mut self, place: Place) {
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
    pub(super) fn ends_short(&mut self, line: Line, place: Place, what: &str) -> Gathered {
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

    /// The case gathered, checked: each board holds every tile and the blank once.
    pub(super) fn finish(&mut self) -> Gathered {
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
        Gathered::Case(place)
    }

    /// The first cell of the board in `range` of the case's cells that repeats one before it,
    /// or that is no tile, as an error.
    pub(super) fn repeated(&self, range: std::ops::Range<usize>) -> Option<InputError> {
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
    pub(super) fn malformed(&mut self, error: InputError) -> Gathered {
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
        Gathered::Malformed(error)
    }
}
