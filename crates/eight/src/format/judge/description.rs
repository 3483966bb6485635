//! What a judge's description holds: its id, its name, the command that answers it, what a case
//! is and what its goal is, how its statement writes a board, and what it prints; and what
//! reading and answering ask of it. The descriptions themselves are the catalogue beside it.

use std::io::{self, Write};

use super::super::answer::{Answer, Expected, Fault, Found, Policy, Spelling};
use super::super::cases::{Framing, Glyphs, Reading};
use super::super::layout::Layout;
use crate::puzzle::board::{Board, Shape};

/// One judge's problem, as its statement poses it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Judge {
    /// The id: the command's alias, the fixture folder, the name `gen`, `batch` and `eight
    /// judge` take (`p1379`).
    pub id: &'static str,
    /// The site that hosts the problem (`Luogu`).
    pub site: &'static str,
    /// The problem's number on that site (`P1379`).
    pub number: &'static str,
    /// The command that answers it, named for what it prints; judges of one format share it.
    pub command: &'static str,
    /// The words of its command's `--help` (the first judge of a command gives them).
    pub help: Help,
    /// Its statement's sample, in and out (`fixtures/ID/sample.in` and `.out`, which
    /// `tests/judges.rs` runs); `None` for a judge whose cases are files named on the command
    /// line (algs4's).
    pub sample: Option<Sample>,
    /// Boards in a case: 1, or 2 for a start and then its goal.
    pub boards: usize,
    /// The goal of its cases.
    pub goal: Goal,
    /// The boards' shape.
    pub shape: Shape,
    /// How its input splits into cases: a case after another, after their count, opened by
    /// blank lines, as lists, or each after its side.
    pub framing: Framing,
    /// What it prints for a case.
    pub answer: Answer,
    /// How it dresses the answer.
    pub spelling: Spelling,
    /// How its statement writes a board.
    pub layout: Layout,
    /// Whether its statement promises that every goal is reachable.
    pub reachable_only: bool,
    /// The most cells a board may have and still be answered by the optimal search: a larger
    /// one is answered by `--fast`'s search, a path not known to be the shortest, which the
    /// judge's special judge takes (POJ 3240's 10×10 boards); `None` for optimal always.
    pub fast_above: Option<usize>,
    /// The most moves its statement promises a case needs (AOJ's 15 puzzle: 45), which `gen`
    /// keeps to by walking no further from the goal.
    pub most_moves: Option<u32>,
    /// Whether the command's arguments name files of cases, each answered as `FILE: answer`
    /// (algs4's checker), instead of being cases themselves.
    pub files: bool,
    /// The time and memory its statement allows a run, where they were checked against a copy
    /// of the statement (HDU 1043's); `None` where not, and `eight judge` falls back on its
    /// own defaults.
    pub limits: Option<Stated>,
}

/// The limits a judge's statement sets on a run: the C and C++ ones, where it sets one a
/// language (HDU's `10000/5000 MS (Java/Others)` is 5 s).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stated {
    /// CPU time, in milliseconds.
    pub cpu_ms: u64,
    /// Memory, in MiB.
    pub memory_mib: u64,
}

/// What a judge's command says of itself in its `--help`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Help {
    /// What the command prints, a line.
    pub summary: &'static str,
    /// What a case looks like, a paragraph.
    pub cases: &'static str,
    /// Examples.
    pub examples: &'static str,
}

/// A judge's statement's sample: the input and the output it expects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sample {
    /// The input, as the judge feeds it.
    pub input: &'static str,
    /// The output expected.
    pub output: &'static str,
}

/// Where a case's goal comes from.
// a judge is a description, copied whole rarely: the board inline keeps it `Copy` and `const`
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// The same board for every case (the default of `--goal`).
    Fixed(Board),
    /// The tiles in order and the blank last, at the size of each case's board.
    Ordered,
    /// Each case's last board.
    EachCase,
    /// The blank first and the tiles in order after it, at the size of each case's board
    /// (HackerRank's `0 1 2 …`).
    BlankFirst,
}

impl Judge {
    /// Whether its input opens with the number of cases.
    pub fn counted(&self) -> bool {
        self.framing.counted()
    }

    /// Whether each of its cases gives its board's side, so that one input holds boards of
    /// several sizes.
    pub fn sided(&self) -> bool {
        self.framing.sided()
    }

    /// Whether each of its cases gives one side, so that its boards are square.
    pub fn square_only(&self) -> bool {
        self.framing.square_only()
    }

    /// This judge for cases given one by one that hold no count of cases (arguments).
    pub fn uncounted(&self) -> Judge {
        Judge {
            framing: self.framing.uncounted(),
            ..*self
        }
    }

    /// The problem's name, site and number (`Luogu P1379`).
    pub fn name(&self) -> String {
        format!("{} {}", self.site, self.number)
    }

    /// This judge with `goal` for every case (`--goal`), which sets the boards' shape too; a
    /// judge whose cases bring their own goals keeps them.
    pub fn with_goal(&self, goal: Board) -> Judge {
        match self.goal {
            Goal::EachCase => *self,
            Goal::Fixed(_) | Goal::Ordered | Goal::BlankFirst => Judge {
                goal: Goal::Fixed(goal),
                ..self.with_shape(goal.shape())
            },
        }
    }

    /// This judge with boards of `shape` (`--size`): a goal of another shape than the judge's
    /// own becomes the tiles in order and the blank last.
    pub fn with_shape(&self, shape: Shape) -> Judge {
        let goal = match self.goal {
            Goal::Fixed(goal) if goal.shape() != shape => Goal::Fixed(Board::ordered(shape)),
            goal => goal,
        };
        Judge {
            shape,
            goal,
            ..*self
        }
    }

    /// How [`Cases`](crate::format::Cases) reads this judge's input.
    pub fn reading(&self) -> Reading {
        Reading {
            boards: self.boards,
            shape: self.shape,
            framing: self.framing,
            rows: matches!(
                self.layout,
                Layout::Rows | Layout::Characters(_) | Layout::Sided
            ),
            cells_a_line: self.layout == Layout::Column,
            glyphs: match self.layout {
                Layout::Characters(glyphs) => glyphs,
                _ => Glyphs::Numbers,
            },
        }
    }

    /// Whether its answers are the first judges' plain lines about 3×3 boards, which the answer
    /// stream writes without formatting.
    pub fn is_plain(&self) -> bool {
        self.shape == Shape::SQUARE3
            && self.framing == Framing::Lines
            && self.spelling.is_plain()
            && matches!(self.answer, Answer::Count | Answer::Path)
    }

    /// The start and the goal of a case, from its boards.
    #[inline]
    pub fn problem<'a>(&'a self, boards: &'a [Board]) -> (&'a Board, &'a Board) {
        let start = &boards[0];
        let goal = match &self.goal {
            Goal::Fixed(goal) => goal,
            Goal::EachCase => boards.last().expect("a case has boards"),
            Goal::Ordered => Board::ordered_goal(start.shape()),
            Goal::BlankFirst => Board::blank_first_goal(start.shape()),
        };
        (start, goal)
    }

    /// The answer of case `case`, lines joined by newlines, spelled from what was found.
    pub fn text(&self, case: u64, found: &Found) -> String {
        self.answer.text(&self.spelling, case, found)
    }

    /// How many lines the answer of case `case` takes.
    pub fn lines(&self, case: u64) -> usize {
        self.answer.lines(&self.spelling, case)
    }

    /// Checks the answer lines of case `case` as this judge does; see [`Answer::check`].
    pub fn check(
        &self,
        case: u64,
        lines: &[String],
        expected: &mut Expected,
        policy: Policy,
    ) -> Result<(), Fault> {
        self.answer
            .check(&self.spelling, case, lines, expected, policy)
    }

    /// Writes the input's header (the number of cases), if the judge's input opens with one.
    pub fn write_header(&self, cases: u64, out: &mut dyn Write) -> io::Result<()> {
        match self.framing.counted() {
            true => writeln!(out, "{cases}"),
            false => Ok(()),
        }
    }

    /// Writes the input's end, if its framing has one (the size of zeros of POJ 2893's `0 0`).
    pub fn write_footer(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.framing.sized() {
            Some(true) => writeln!(out, "0 0"),
            Some(false) => writeln!(out, "0"),
            None => Ok(()),
        }
    }

    /// Writes a case in the statement's layout, after a blank line where its framing opens
    /// cases with one, or after its size or side where each case gives it.
    pub fn write_case(&self, start: &Board, goal: &Board, out: &mut dyn Write) -> io::Result<()> {
        let shape = start.shape();
        let mut text = match (self.framing.blank_lines(), self.framing.sized()) {
            (true, _) => "\n".to_string(),
            (false, Some(true)) => format!("{} {}\n", shape.height, shape.width),
            (false, Some(false)) => format!("{}\n", shape.width),
            (false, None) if self.framing.sided() => format!("{}\n", shape.width),
            (false, None) => String::new(),
        };
        text.push_str(&self.layout.show(start));
        if self.boards == 2 {
            text.push('\n');
            text.push_str(&self.layout.show(goal));
        }
        text.push('\n');
        out.write_all(text.as_bytes())
    }
}
