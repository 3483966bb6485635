//! Places in the input and the errors that name them: `line 2:9: found `9`, expected a tile`.

use std::fmt;

/// What the lines of the input are, for naming places in errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Origin {
    /// Lines of a stream: a line end must fall between rows.
    Line,
    /// Command-line arguments, joined by NUL bytes (which no argument can hold): an argument
    /// ends like whitespace, except that it also ends the skipping after a malformed case.
    Argument,
    /// One string of text, such as an option's value.
    Text,
}

/// A place in the input: 1-based line (or argument) and byte column.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Place {
    /// What `line` counts.
    pub origin: Origin,
    /// The line or argument, from 1.
    pub line: u64,
    /// The byte column, from 1.
    pub column: u64,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.origin {
            Origin::Line => write!(f, "line {}:{}", self.line, self.column),
            Origin::Argument => write!(f, "argument {}:{}", self.line, self.column),
            Origin::Text if self.line == 1 => write!(f, "column {}", self.column),
            Origin::Text => write!(f, "line {}:{}", self.line, self.column),
        }
    }
}

/// A malformed case: where, what was found there, and what was expected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InputError {
    /// Where the problem is.
    pub place: Place,
    /// What is there.
    pub found: String,
    /// What should have been there.
    pub expected: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: found {}, expected {}",
            self.place, self.found, self.expected
        )
    }
}

impl std::error::Error for InputError {}

impl InputError {
    pub(super) fn empty(origin: Origin) -> InputError {
        InputError {
            place: Place {
                origin,
                line: 1,
                column: 1,
            },
            found: "no cells".into(),
            expected: "a board".into(),
        }
    }

    /// The error of a case at `place` whose search, guided by `method` (as `--stats` names it),
    /// ran out of its `budget` of nodes.
    pub fn exhausted(place: Place, budget: u64, method: &str) -> InputError {
        InputError {
            place,
            found: format!(
                "a board whose optimal search stopped after {budget} nodes with {method}"
            ),
            expected: "a board solved within --max-nodes (--fast gives a path at once, not \
                       necessarily the shortest; or raise --max-nodes)"
                .into(),
        }
    }

    /// The error of a case at `place` whose path of `length` moves the bounded search did not
    /// prove within the factor asked (`within`, in hundredths) of its `lower_bound`.
    pub fn unproved(place: Place, within: u32, length: u32, lower_bound: u32) -> InputError {
        InputError {
            place,
            found: format!(
                "a board whose best path found, {length} moves, is proved only within {:.3} of \
                 the shortest (at least {lower_bound} moves)",
                f64::from(length) / f64::from(lower_bound.max(1))
            ),
            expected: format!(
                "a path proved within {} of the shortest (given more time, or a larger factor)",
                f64::from(within) / 100.0
            ),
        }
    }

    pub(super) fn extra(place: Place) -> InputError {
        InputError {
            place,
            found: "more cells after the board".into(),
            expected: "one board".into(),
        }
    }
}
