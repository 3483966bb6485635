//! Luogu P1379: one board a case (usually 9 digits, `0` the blank); the answer is the minimum
//! number of moves to the goal, `-1` when it is unreachable.

use std::io::{self, Write};

use crate::format::judge::{write_distance, Format};
use crate::puzzle::board::Board;
use crate::solve::Engine;

/// P1379's goal: the tiles around the blank in the centre.
pub const DEFAULT_GOAL: &str = "123804765";

/// The P1379 judge, for one goal.
pub struct Steps {
    goal: Board,
    engine: Engine,
}

impl Steps {
    /// Answers cases towards `goal` with `engine`.
    pub fn new(goal: Board, engine: Engine) -> Steps {
        Steps { goal, engine }
    }
}

impl Default for Steps {
    fn default() -> Steps {
        let goal = Board::parse(DEFAULT_GOAL).expect("the default goal is a board");
        Steps::new(goal, Engine::default())
    }
}

impl Format for Steps {
    const BOARDS: usize = 1;

    fn problem(&self, boards: &[Board]) -> (Board, Board) {
        (boards[0], self.goal)
    }

    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    fn answer(&mut self, boards: &[Board], out: &mut dyn Write) -> io::Result<()> {
        write_distance(self.engine.distance(&boards[0], &self.goal), out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::stream::tests::answers;

    #[test]
    fn answers_the_statement_sample() {
        assert_eq!(answers(&mut Steps::default(), "283104765\n").0, "4\n");
    }

    #[test]
    fn prints_minus_one_for_odd_parity() {
        assert_eq!(answers(&mut Steps::default(), "213804765\n").0, "-1\n");
    }
}
