//! A line of a case whose layout is known, or whose layout is learnt from the input's first
//! case (the statement's, a board a line, a row a line, or cases glued on one line).

use std::io::{self, Read};

use super::*;

/// The most lines read ahead to tell a blank row from a gap between cases by the input's end:
/// a few cases of the largest layouts a line a row (two 4x4 boards: 8 lines).
const AHEAD: usize = 64;

impl<R: Read> Cases<R> {
    /// Whether the blank lines before the line just taken, which would open a case of `lines`
    /// lines, stand where its first row belongs rather than between two cases. Both readings
    /// give whole cases where consecutive cases' rows are alike (a board of two cases' rows is
    /// as valid as either), so the input's end decides, where it lies within [`AHEAD`] lines:
    /// the reading whose cases end with it. Further off, the blank is a gap between cases, as
    /// the statement allows.
    fn blank_is_a_row(
        &mut self,
        lines: usize,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<bool> {
        for at in 0..AHEAD {
            if self.lines.peek_at(at, before_wait)?.is_none() {
                // the lines left, the one just taken among them
                let left = at + 1;
                return Ok(left % lines != 0 && (left + 1) % lines == 0);
            }
        }
        Ok(false)
    }

    /// A line of a case whose layout is known.
    pub(super) fn framed(
        &mut self,
        mut line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Gathered>> {
        let (at, lines) = (self.unit.counts.len(), self.frame.lines.len());
        let expected = self.frame.lines[at];
        let learnt = !self.frame.blank_inside && !self.reading.framing.blank_lines();
        if at == 0 && lines > 1 && learnt {
            // the rest of the count's line is no blank line; a blank line after it is
            let first = line.start().line;
            let blank =
                line.blank
                    .and_then(|place| match self.lines.count_line == Some(place.line) {
                        true => (place.line + 1 < first).then_some(Place {
                            line: place.line + 1,
                            column: 1,
                            ..place
                        }),
                        false => Some(place),
                    });
            if let Some(place) = blank {
                if self.blank_is_a_row(lines, before_wait)? {
                    // the blank line is the case's first row, empty: the case keeps the lines
                    // the layout gives it, and the cases after it start where it says
                    line.blank = None;
                    self.empty_row(place);
                    return self.framed(line, before_wait);
                }
            }
        }
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
    pub(super) fn conflicts_with(&self, line: &Line) -> bool {
        let size = self.shape().cells();
        let cells = self.unit.cells.iter().chain(&line.cells).copied();
        // the common case first: the case is whole
        !distinct(cells, size)
            && distinct(self.unit.cells.iter().copied(), size)
            && distinct(line.cells.iter().copied(), size)
    }

    /// Whether `line` and the lines after it begin a whole valid case in the layout learnt.
    pub(super) fn begins(
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
    pub(super) fn learn(
        &mut self,
        line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Gathered>> {
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
            if matches!(outcome, Gathered::Case(_)) {
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
}
