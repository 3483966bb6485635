//! LeetCode's boards as lists of rows, `[[1,2,3],[4,0,5]]`, read by their brackets, so that a
//! list too long or too short is seen; a board's list closes on the line it opens on, so that a
//! list left open loses no board after it. Cells outside brackets read as a board too.

use std::io::Read;

use super::line::Line;
use super::{cells_of, shown, Cases, Gathered};
use crate::format::place::{InputError, Place};

/// Where reading stands in a line of lists.
#[derive(Default)]
pub(super) struct Lists {
    /// The line being read, its next cell and its next bracket.
    line: Option<Line>,
    cell: usize,
    bracket: usize,
    /// How deep in brackets reading stands, the inner lists closed in the board's list, and
    /// the cells of the inner list being read.
    depth: u8,
    lists: usize,
    list_cells: usize,
}

impl Lists {
    /// Whether no line of lists is being read.
    pub(super) fn is_idle(&self) -> bool {
        self.line.is_none()
    }
}

impl<R: Read> Cases<R> {
    /// Starts reading `line` as boards in lists.
    pub(super) fn list_line(&mut self, line: Line) -> Option<Gathered> {
        self.lists.line = Some(line);
        self.next_of_list()
    }

    /// The next board of the line of lists being read, if it holds one more; at its end, the
    /// board left open there is malformed.
    pub(super) fn next_of_list(&mut self) -> Option<Gathered> {
        let line = self.lists.line.take()?;
        loop {
            let bracket = line.brackets.get(self.lists.bracket).copied();
            let outcome = match bracket {
                Some((open, before, place)) if before <= self.lists.cell => {
                    self.lists.bracket += 1;
                    self.bracket(open, place)
                }
                _ if self.lists.cell < line.count() => {
                    self.lists.cell += 1;
                    self.list_cell(&line, self.lists.cell - 1)
                }
                _ => break,
            };
            if outcome.is_some() {
                self.lists.line = Some(line);
                return outcome;
            }
        }
        self.lists.cell = 0;
        self.lists.bracket = 0;
        let width = usize::from(self.shape().width);
        let count = self.unit.cells.len();
        let outcome = if std::mem::take(&mut self.lists.depth) > 0 {
            Some(self.malformed(InputError {
                place: line.end,
                found: "the end of the line inside a board's list".into(),
                expected: "`]` closing it on its line".into(),
            }))
        } else if count % width != 0 {
            Some(self.malformed(InputError {
                place: line.end,
                found: format!("the end of the line after {}", cells_of(count)),
                expected: format!("whole rows of {width} cells"),
            }))
        } else {
            None
        };
        self.lines.recycle(line);
        outcome
    }

    /// Reads the cell `at` of `line` where the lists stand.
    fn list_cell(&mut self, line: &Line, at: usize) -> Option<Gathered> {
        let (width, wanted) = (usize::from(self.shape().width), self.wanted());
        let place = line.places[at];
        let shown = shown(line.cells[at]);
        match self.lists.depth {
            2 => {
                self.lists.list_cells += 1;
                if self.lists.list_cells == width + 1 {
                    self.unit.note(InputError {
                        place,
                        found: format!("a list of more than {width} cells"),
                        expected: format!("lists of {width} cells, a row each"),
                    });
                }
            }
            1 => {
                self.unit.note(InputError {
                    place,
                    found: shown,
                    expected: "`[`, a row's list".into(),
                });
                return None;
            }
            _ => {}
        }
        if self.unit.cells.len() == wanted {
            self.unit.note(InputError {
                place,
                found: shown,
                expected: format!("`]` after the board's {wanted} cells"),
            });
            return None;
        }
        self.unit.take(line, at, 1);
        (self.lists.depth == 0 && self.unit.cells.len() == wanted).then(|| self.finish())
    }

    /// Reads a bracket of the lists; the outcome of the board that ends there, if one does.
    fn bracket(&mut self, open: bool, place: Place) -> Option<Gathered> {
        let (width, height) = (
            usize::from(self.shape().width),
            usize::from(self.shape().height),
        );
        if open {
            self.lists.depth = self.lists.depth.saturating_add(1);
            match self.lists.depth {
                1 => self.lists.lists = 0,
                2 => self.lists.list_cells = 0,
                _ => self.unit.note(InputError {
                    place,
                    found: "a third `[`".into(),
                    expected: "a board as a list of rows, `[[1,2,3],[4,0,5]]`".into(),
                }),
            }
            return None;
        }
        match self.lists.depth {
            0 => {
                return Some(self.malformed(InputError {
                    place,
                    found: "`]` outside a board".into(),
                    expected: "`[`".into(),
                }))
            }
            2 => {
                self.lists.lists += 1;
                if self.lists.list_cells < width {
                    self.unit.note(InputError {
                        place,
                        found: format!("a list of {}", cells_of(self.lists.list_cells)),
                        expected: format!("lists of {width} cells, a row each"),
                    });
                }
            }
            1 if self.lists.lists != height => self.unit.note(InputError {
                place,
                found: format!("a board of {} lists", self.lists.lists),
                expected: format!("{height} lists of {width} cells"),
            }),
            _ => {}
        }
        self.lists.depth -= 1;
        if self.lists.depth > 0 {
            return None;
        }
        let count = self.unit.cells.len();
        if count < self.wanted() {
            return Some(self.malformed(InputError {
                place,
                found: format!("the end of the board after {}", cells_of(count)),
                expected: format!("{} cells", self.wanted()),
            }));
        }
        Some(self.finish())
    }
}
