//! POJ 1077 and HDU 1043: one board a case in x-notation (`2 3 4 1 5 x 7 6 8`); the answer is
//! the canonical path to the goal, an empty line when already solved, `unsolvable` when the
//! goal is unreachable. With another goal this is HDU 3567's problem.

use std::io::{self, Write};

use crate::format::judge::Format;
use crate::puzzle::board::Board;
use crate::solve::Engine;

/// POJ 1077's goal: the tiles in order, the blank last.
pub const DEFAULT_GOAL: &str = "12345678x";

/// The POJ 1077 / HDU 1043 judge, for one goal.
pub struct PathJudge {
    goal: Board,
    engine: Engine,
}

impl PathJudge {
    /// Answers cases towards `goal` with `engine`.
    pub fn new(goal: Board, engine: Engine) -> PathJudge {
        PathJudge { goal, engine }
    }
}

impl Default for PathJudge {
    fn default() -> PathJudge {
        let goal = Board::parse(DEFAULT_GOAL).expect("the default goal is a board");
        PathJudge::new(goal, Engine::default())
    }
}

impl Format for PathJudge {
    const BOARDS: usize = 1;

    fn problem(&self, boards: &[Board]) -> (Board, Board) {
        (boards[0], self.goal)
    }

    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    fn answer(&mut self, boards: &[Board], out: &mut dyn Write) -> io::Result<()> {
        match self.engine.write_path(&boards[0], &self.goal, out)? {
            Some(()) => Ok(()),
            None => out.write_all(b"unsolvable\n"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::stream::tests::answers;

    #[test]
    fn answers_the_statement_sample() {
        let (out, _) = answers(&mut PathJudge::default(), "2  3  4  1  5  x  7  6  8\n");
        assert_eq!(out, "dlurullddrurdllurdr\n");
    }

    #[test]
    fn prints_an_empty_line_when_solved_and_unsolvable_for_odd_parity() {
        let (out, _) = answers(&mut PathJudge::default(), "12345678x\n21345678x\n");
        assert_eq!(out, "\nunsolvable\n");
    }

    #[test]
    fn solves_one_move_in_each_direction() {
        let goal = Board::parse("1234x5678").expect("board");
        let mut judge = PathJudge::new(goal, Engine::default());
        // the blank sits above, right of, left of and below the goal's blank
        let input = "1x3425678 12345x678 123x45678 1234756x8";
        assert_eq!(answers(&mut judge, input).0, "d\nl\nr\nu\n");
    }
}
