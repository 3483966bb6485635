//! The reader's quick path, for the commonest input of all: 3×3 boards a line. When the layout
//! is a board a line, a whole case is read at a case boundary in one pass over the scanner's
//! buffer; anything else (rows, two cases on a line, a bad cell, the buffer's end) is left to
//! the lines, which read from the same place, so the two read alike (a seeded test checks it).

use std::io::Read;

use super::{Cases, Framing};
use crate::format::place::{Origin, Place};
use crate::puzzle::board::Shape;
use crate::puzzle::Board;

/// What each byte is to [`Cases::line_case`]: a cell's value (0 to 8), a [`GAP`] between
/// cells, a [`LINE_END`], a [`CR`], or [`OTHER`], which it leaves to the other paths.
const BYTES: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut digit = 0;
    while digit < 9 {
        table[b'0' as usize + digit] = digit as u8;
        digit += 1;
    }
    table[b'x' as usize] = 0;
    table[b'X' as usize] = 0;
    table[b' ' as usize] = GAP;
    table[b'\t' as usize] = GAP;
    table[b'\n' as usize] = LINE_END;
    table[b'\r' as usize] = CR;
    table
};
const GAP: u8 = 9;
const LINE_END: u8 = 10;
const CR: u8 = 11;
const OTHER: u8 = 12;

/// A valid board at the start of `line` in one of the fixed layouts, glued (`283104765\n`) or
/// its cells apart by one separator throughout: a space, a tab or two spaces (HDU's and POJ's
/// own sample), put in `cells`; the bytes it took, its line end included.
#[inline]
fn fixed(line: &[u8], cells: &mut [u8]) -> Option<usize> {
    match (line.get(9), line.get(1), line.get(2)) {
        (Some(b'\n'), ..) => apart::<1>(line, cells, 0),
        (_, Some(b' '), Some(b' ')) => apart::<3>(line, cells, b' '),
        (_, Some(&gap @ (b' ' | b'\t')), _) => apart::<2>(line, cells, gap),
        _ => None,
    }
}

/// [`fixed`] for cells `STEP` bytes apart, the bytes between them `gap`.
#[inline]
fn apart<const STEP: usize>(line: &[u8], cells: &mut [u8], gap: u8) -> Option<usize> {
    let line = line.get(..STEP * 8 + 2)?;
    if line[STEP * 8 + 1] != b'\n' {
        return None;
    }
    let mut seen = 0u16;
    for (cell, value) in cells.iter_mut().enumerate().take(9) {
        let class = BYTES[usize::from(line[STEP * cell])];
        if cell < 8 && (1..STEP).any(|offset| line[STEP * cell + offset] != gap) {
            return None;
        }
        // a byte that is no cell sets a bit above the nine
        seen |= 1 << class;
        *value = class;
    }
    (seen == 0x1FF).then_some(STEP * 8 + 2)
}

impl<R: Read> Cases<R> {
    /// Whether the quick path may read: at a case boundary of a line stream of 3×3 cases laid
    /// out a board a line.
    #[inline]
    pub(super) fn at_boundary(&self) -> bool {
        let scanner = &self.lines.scanner;
        self.quick.0
            && self.unit.is_empty()
            && self.shared.is_none()
            && self.queued.is_empty()
            && !self.count_due
            && self.lists.is_idle()
            && self.lines.settled()
            && !scanner.in_token
            && !scanner.reads.after_cr
            && scanner.origin == Origin::Line
            && self.lines.shape == Shape::SQUARE3
            && matches!(self.reading.framing, Framing::Lines | Framing::Counted)
            && !self.frame.shared
            && self.frame.lines.len() == self.reading.boards
            && self.frame.lines.iter().all(|&count| count == 9)
    }

    /// The quick path over the buffer: while the next case is one the quick path reads,
    /// hands its boards to `each`, as [`Cases::next`] would have handed them one by one, with
    /// nothing between two cases; how many it handed. It stops at the first case it leaves to
    /// the lines, or at the buffer's end, and never reads: the caller asks [`Cases::next`] then.
    pub fn quick_run<E>(
        &mut self,
        mut each: impl FnMut(&[Board]) -> Result<(), E>,
    ) -> Result<u64, E> {
        let mut ran = 0;
        // a case read here leaves every condition of the boundary as it found it
        if self.at_boundary() {
            while self.line_case().is_some() {
                ran += 1;
                self.read += 1;
                self.quick.1 += 1;
                each(&self.done.boards[..self.reading.boards])?;
            }
        }
        Ok(ran)
    }

    /// The commonest case of all, a board a line: its cells glued (`283104765`) or one by one
    /// (`2 8 3 1 0 4 7 6 5`, `2  8  3 …`, tabs), separated by any run of spaces and tabs, with
    /// blanks before and after, then `\n` or `\r\n`; the layouts of one separator throughout
    /// (glued, a space, a tab, two spaces) checked at fixed offsets, the others in one pass of a
    /// table lookup a byte. Anything else (rows,
    /// two cases on a line, a bad cell), and `None`, leaves it to the lines.
    #[inline]
    pub(super) fn line_case(&mut self) -> Option<Place> {
        let boards = self.reading.boards;
        let scanner = &mut self.lines.scanner;
        let rest = &scanner.buffer[scanner.start..scanner.end];
        let mut cells = [0u8; 18];
        // the line end of the case before, which the other paths leave unread
        let (mut at, mut line, mut column) = (0, scanner.line, scanner.column);
        match rest {
            [b'\n', ..] => (at, line, column) = (1, line + 1, 1),
            [b'\r', b'\n', ..] => (at, line, column) = (2, line + 1, 1),
            _ => {}
        }
        let mut first = 0;
        for board in 0..boards {
            let line_start = at;
            while let Some(b' ' | b'\t') = rest.get(at) {
                at += 1;
            }
            if board == 0 {
                first = column + (at - line_start) as u64;
            }
            // the layouts `eight gen` and most judges' files use, at fixed offsets: glued, or
            // the cells apart by a space, a tab or two spaces
            if let Some(used) = fixed(&rest[at..], &mut cells[board * 9..board * 9 + 9]) {
                at += used;
                continue;
            }
            // cells one by one, each followed by a gap or the line's end (rows and other
            // tokens are left to the other paths)
            let mut bytes = rest[at..].iter();
            let (mut count, mut seen) = (0usize, 0u16);
            let mut board_cells = [0u8; 9];
            let mut class = BYTES[usize::from(*bytes.next()?)];
            loop {
                if class <= 8 {
                    // a tenth cell: two cases on the line, for the other paths
                    *board_cells.get_mut(count)? = class;
                    seen |= 1 << class;
                    count += 1;
                    class = BYTES[usize::from(*bytes.next()?)];
                    if class <= 8 {
                        return None;
                    }
                }
                match class {
                    GAP => class = BYTES[usize::from(*bytes.next()?)],
                    LINE_END => break,
                    CR if bytes.as_slice().first() == Some(&b'\n') => {
                        bytes.next();
                        break;
                    }
                    _ => return None,
                }
            }
            // nine cells, each of the blank and 1-8 once
            if count != 9 || seen != 0x1FF {
                return None;
            }
            at = rest.len() - bytes.as_slice().len();
            cells[board * 9..board * 9 + 9].copy_from_slice(&board_cells);
        }
        let place = Place {
            origin: Origin::Line,
            line,
            column: first,
        };
        scanner.start += at;
        scanner.line = line + boards as u64;
        scanner.column = 1;
        // copies of a known length, which compile to a few moves
        for (board, cells) in self
            .done
            .boards
            .iter_mut()
            .zip(cells.chunks_exact(9))
            .take(boards)
        {
            board.set_cells(&cells[..9]);
        }
        Some(place)
    }
}
