//! Cases that share lines (several whole cases on one line), and the judges that give each
//! board's side on a line before it.

use std::io::{self, Read};

use super::*;

impl<R: Read> Cases<R> {
    /// A line of cases that share lines: each of its whole cases in turn (see
    /// [`Cases::next_of_shared`]); a line that holds no whole number of cases is malformed whole.
    pub(super) fn share(&mut self, line: Line) -> Option<Gathered> {
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
    pub(super) fn next_of_shared(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Gathered>> {
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
    pub(super) fn side_line(
        &mut self,
        line: Line,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Gathered>> {
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
    pub(super) fn set_side(&mut self, shape: Shape, at: u64) {
        self.lines.shape = shape;
        if self.done.boards[0].shape() != shape {
            self.done.boards = [Board::ordered(shape); 2];
        }
        self.frame = self.reading.statement(shape);
        self.unit.side = Some(at);
    }
}
