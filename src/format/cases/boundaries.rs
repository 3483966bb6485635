//! Where a case ends besides its count of cells: boards of several rows end with their rows
//! (a malformed one drops the rest of them, so that the boards after it are read from their
//! first row), and LeetCode's boards with their list, whose shape is read too.

use std::io::Read;

use super::{cells_of, Cases, Header};
use crate::format::{InputError, Origin, Place};

impl<R: Read> Cases<R> {
    /// Whether boards are read by rows: boards of more than 9 cells (a number a cell, a row a
    /// line in every judge's layout) from a stream of lines. A malformed board then drops the
    /// rest of its rows, to a blank line or as many lines as it has rows, so that the boards
    /// after it are read from their first row, never shifted by the bad one. Not where each
    /// case opens with its side (algs4's one board a file): the side starts the next board.
    pub(super) fn by_rows(&self) -> bool {
        self.shape.cells() > 9
            && self.header != Header::Side
            && self.scanner.origin != Origin::Argument
    }

    /// At a line end, for boards read by rows: the malformed case that ends there, if one does.
    pub(super) fn row_line_ends(&mut self, place: Place) -> Option<InputError> {
        let tokens = std::mem::take(&mut self.line_tokens);
        self.shared_line = false;
        let in_case = self.count > 0 || self.draining.is_some();
        if !in_case {
            return None;
        }
        let (width, height) = (
            usize::from(self.shape.width),
            usize::from(self.shape.height),
        );
        if tokens == 0 && (self.draining.is_some() || self.blank_lines) {
            // a blank line is a board boundary (LightOJ's cases open with one)
            return Some(self.draining.take().unwrap_or_else(|| InputError {
                place,
                found: format!(
                    "a blank line after {} of {} cells",
                    self.count,
                    self.wanted()
                ),
                expected: "a complete board before it".into(),
            }));
        }
        if tokens == 0 {
            return None;
        }
        // the rows a line holds, to the nearest: a row a line with a number more or fewer is
        // one, a board a line with a number fewer is all of them
        self.rows += ((tokens + width / 2) / width).max(1);
        if self.draining.is_none() && self.count % width != 0 {
            let error = self.inside_row(place);
            if self.began_shared {
                // the rest of a line after a case: a fragment, not a board's first row
                return Some(error);
            }
            self.draining = Some(self.problem.take().unwrap_or(error));
        }
        if self.draining.is_some() && self.rows >= height * self.boards {
            return self.draining.take();
        }
        None
    }

    /// Counts the scanner's token in the inner list being read; `false` (the problem noted) for
    /// a token past the board's cells or outside an inner list, which is not taken.
    pub(super) fn counts_in_list(&mut self) -> bool {
        let width = usize::from(self.shape.width);
        let place = self.scanner.token.place;
        if self.depth == 2 {
            self.list_cells += 1;
            if self.list_cells == width + 1 {
                self.note(InputError {
                    place,
                    found: format!("a list of more than {width} cells"),
                    expected: format!("lists of {width} cells, a row each"),
                });
            }
        } else if self.depth == 1 {
            self.note(InputError {
                place,
                found: self.scanner.token.shown(),
                expected: "`[`, a row's list".into(),
            });
            return false;
        }
        if self.count == self.wanted() {
            self.note(InputError {
                place,
                found: self.scanner.token.shown(),
                expected: format!("`]` after the board's {} cells", self.wanted()),
            });
            return false;
        }
        true
    }

    /// Reads a bracket of LeetCode's lists; the error of the case that ends there, if one does
    /// (its problem is noted otherwise, and the case ends with its list).
    pub(super) fn bracket(&mut self, open: bool, place: Place) -> Option<InputError> {
        let (width, height) = (
            usize::from(self.shape.width),
            usize::from(self.shape.height),
        );
        if open {
            self.depth = self.depth.saturating_add(1);
            match self.depth {
                1 => self.lists = 0,
                2 => self.list_cells = 0,
                _ => self.note(InputError {
                    place,
                    found: "a third `[`".into(),
                    expected: "a board as a list of rows, `[[1,2,3],[4,0,5]]`".into(),
                }),
            }
            return None;
        }
        match self.depth {
            0 => {
                return Some(self.problem.take().unwrap_or(InputError {
                    place,
                    found: "`]` outside a board".into(),
                    expected: "`[`".into(),
                }))
            }
            2 => {
                self.lists += 1;
                if self.list_cells < width {
                    self.note(InputError {
                        place,
                        found: format!("a list of {}", cells_of(self.list_cells)),
                        expected: format!("lists of {width} cells, a row each"),
                    });
                }
            }
            1 if self.lists != height => self.note(InputError {
                place,
                found: format!("a board of {} lists", self.lists),
                expected: format!("{height} lists of {width} cells"),
            }),
            _ => {}
        }
        self.depth -= 1;
        if self.depth == 0 && self.count < self.wanted() {
            return Some(self.problem.take().unwrap_or(InputError {
                place,
                found: format!("the end of the board after {}", cells_of(self.count)),
                expected: format!("{} cells", self.wanted()),
            }));
        }
        None
    }

    /// The error of a line that ends at `place`, inside a row.
    pub(super) fn inside_row(&self, place: Place) -> InputError {
        InputError {
            place,
            found: format!(
                "the end of the line after {}",
                cells_of(self.count % self.shape.cells())
            ),
            expected: format!("whole rows of {} cells", self.shape.width),
        }
    }
}
