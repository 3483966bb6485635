//! The judges `eight` speaks for, each described once: its id, its name, the command that
//! answers it, what a case is and what its goal is, how its statement writes a board, and what
//! it prints. The answer stream, `gen`, `batch`, `eight judge`, the JSON records, the command
//! line and the fixture tests all read these descriptions; a new judge is one more of them.

use std::io::{self, Write};

use itertools::Itertools;

use super::answer::Answer;
use crate::puzzle::board::{Board, BLANK};

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
    /// What the command prints, a line for its `--help`.
    pub summary: &'static str,
    /// What a case looks like, a paragraph for its `--help`.
    pub cases: &'static str,
    /// Examples for its `--help`.
    pub examples: &'static str,
    /// Boards in a case: 1, or 2 for a start and then its goal.
    pub boards: usize,
    /// The goal every case shares (the default of `--goal`), or `None` when each case brings
    /// its own as its last board.
    pub goal: Option<Board>,
    /// What it prints for a case.
    pub answer: Answer,
    /// How its statement writes a board.
    pub layout: Layout,
    /// Whether its statement promises that every goal is reachable.
    pub reachable_only: bool,
}

/// How a judge's statement writes a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Nine digits glued, `0` the blank (`283104765`).
    Glued,
    /// Nine numbers separated by spaces, `0` the blank (`2 8 3 1 0 4 7 6 5`).
    Spaced,
    /// Nine cells separated by spaces, `x` the blank (`2 3 4 1 5 x 7 6 8`).
    XNotation,
}

/// A goal known to be a board, for the constants below.
const fn goal(cells: [u8; 9]) -> Option<Board> {
    match Board::from_cells(cells) {
        Some(board) => Some(board),
        None => panic!("a judge's goal is a board"),
    }
}

/// Luogu P1379: one board, usually 9 digits; the minimum number of moves to `123804765`.
pub const P1379: Judge = Judge {
    id: "p1379",
    site: "Luogu",
    number: "P1379",
    command: "steps",
    summary: "The minimum number of moves to the goal, -1 when unreachable",
    cases: "A case is one board, usually 9 digits with 0 for the blank (`283104765`); any \
            layout of cells, rows of 3 and boards of 9 separated by whitespace is read. One \
            answer line per case.",
    examples: "\
Examples:
  eight steps 283104765                      prints 4
  echo 283104765 | eight p1379               the same, read as the judge does
  eight steps --goal 12345678x 867254301     prints 31",
    boards: 1,
    goal: goal([1, 2, 3, 8, 0, 4, 7, 6, 5]),
    answer: Answer::Count,
    layout: Layout::Glued,
    reachable_only: true,
};

/// HOJ 10466: a start and then its goal, 9 numbers on a line each; the minimum number of moves.
pub const HOJ10466: Judge = Judge {
    id: "hoj10466",
    site: "HOJ",
    number: "10466",
    command: "pair",
    summary: "The minimum number of moves from a start to its goal, -1 when unreachable",
    cases: "A case is two boards, the start then the goal, usually 9 numbers on a line each \
            (`2 8 3 1 0 4 7 6 5`). One answer line per case: 0 when they are equal.",
    examples: "\
Examples:
  eight pair 283104765 123804765             prints 4
  printf '2 8 3 1 0 4 7 6 5\\n1 2 3 8 0 4 7 6 5\\n' | eight hoj10466",
    boards: 2,
    goal: None,
    answer: Answer::Count,
    layout: Layout::Spaced,
    reachable_only: false,
};

/// POJ 1077: one board in x-notation; the canonical path to `12345678x`.
pub const POJ1077: Judge = Judge {
    id: "poj1077",
    site: "POJ",
    number: "1077",
    command: "path",
    summary: "The canonical path of the blank to the goal",
    cases: "A case is one board in x-notation (`2 3 4 1 5 x 7 6 8`). The answer is the \
            lexicographically smallest shortest path in the order d < l < r < u, an empty line \
            when already solved, or `unsolvable`.",
    examples: "\
Examples:
  echo '2 3 4 1 5 x 7 6 8' | eight path      prints dlurullddrurdllurdr
  eight path --goal 123x46758 12345678x      prints lul",
    boards: 1,
    goal: goal([1, 2, 3, 4, 5, 6, 7, 8, 0]),
    answer: Answer::Path,
    layout: Layout::XNotation,
    reachable_only: false,
};

/// HDU 1043: POJ 1077's problem with many cases.
pub const HDU1043: Judge = Judge {
    id: "hdu1043",
    site: "HDU",
    number: "1043",
    ..POJ1077
};

/// Every judge, in the order of `--help`.
pub const ALL: [&Judge; 4] = [&P1379, &HOJ10466, &POJ1077, &HDU1043];

impl Judge {
    /// The judge of this id, if any.
    pub fn from_id(id: &str) -> Option<&'static Judge> {
        ALL.into_iter().find(|judge| judge.id == id)
    }

    /// The judge of this id, or the first judge that this command answers (`path` is
    /// `poj1077`): a command's name stands for its judge wherever a judge is asked for.
    pub fn from_name(name: &str) -> Option<&'static Judge> {
        Judge::from_id(name).or_else(|| ALL.into_iter().find(|judge| judge.command == name))
    }

    /// Every name [`Judge::from_name`] takes: the ids, then the commands.
    pub fn names() -> Vec<&'static str> {
        let commands = ALL.iter().map(|judge| judge.command);
        let mut names: Vec<&str> = ALL.iter().map(|judge| judge.id).collect();
        for command in commands {
            if !names.contains(&command) {
                names.push(command);
            }
        }
        names
    }

    /// The problem's name, site and number (`Luogu P1379`).
    pub fn name(&self) -> String {
        format!("{} {}", self.site, self.number)
    }

    /// This judge with another goal for every case (`--goal`); a judge whose cases bring their
    /// own goals keeps them.
    pub fn with_goal(&self, goal: Board) -> Judge {
        Judge {
            goal: self.goal.map(|_| goal),
            ..*self
        }
    }

    /// The start and the goal of a case of [`Judge::boards`] boards.
    #[inline]
    pub fn problem(&self, boards: &[Board]) -> (Board, Board) {
        let goal = self
            .goal
            .unwrap_or_else(|| *boards.last().expect("a case has boards"));
        (boards[0], goal)
    }

    /// Writes a case in the statement's layout, a board a line.
    pub fn write_case(&self, start: &Board, goal: &Board, out: &mut dyn Write) -> io::Result<()> {
        let mut line = self.layout.show(start);
        if self.boards == 2 {
            line.push('\n');
            line.push_str(&self.layout.show(goal));
        }
        line.push('\n');
        out.write_all(line.as_bytes())
    }
}

impl Layout {
    /// A board as this layout writes it.
    pub fn show(self, board: &Board) -> String {
        let cells = board.cells();
        match self {
            Layout::Glued => board.to_string(),
            Layout::Spaced => cells.iter().join(" "),
            Layout::XNotation => cells
                .iter()
                .map(|&cell| match cell {
                    BLANK => 'x',
                    tile => char::from(b'0' + tile),
                })
                .join(" "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::board;

    #[test]
    fn ids_are_unique_and_found() {
        for judge in ALL {
            assert_eq!(Judge::from_id(judge.id), Some(judge));
        }
        assert_eq!(Judge::from_id("p1380"), None);
        assert_eq!(Judge::from_name("path"), Some(&POJ1077));
        assert_eq!(Judge::from_name("pair"), Some(&HOJ10466));
        assert_eq!(Judge::names().len(), ALL.len() + 3);
        assert_eq!(HDU1043.name(), "HDU 1043");
    }

    #[test]
    fn a_case_takes_the_shared_goal_or_its_own() {
        let (start, other) = (board("283104765"), board("12345678x"));
        assert_eq!(P1379.problem(&[start]), (start, board("123804765")));
        assert_eq!(HOJ10466.problem(&[start, other]), (start, other));
        assert_eq!(P1379.with_goal(other).problem(&[start]), (start, other));
        assert_eq!(HOJ10466.with_goal(start).goal, None);
    }

    #[test]
    fn writes_boards_as_each_statement_does() {
        let (start, goal) = (board("283104765"), board("123804765"));
        let written = |judge: &Judge| {
            let mut out = Vec::new();
            judge.write_case(&start, &goal, &mut out).expect("memory");
            String::from_utf8(out).expect("ASCII")
        };
        assert_eq!(written(&P1379), "283104765\n");
        assert_eq!(written(&HOJ10466), "2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n");
        assert_eq!(written(&HDU1043), "2 8 3 1 x 4 7 6 5\n");
    }
}
