//! HOJ 10466: a case is two boards, the start and then its goal (usually 9 numbers on a line
//! each); the answer is the minimum number of moves, `0` when they are equal, `-1` when the
//! goal is unreachable.

use std::io::{self, Write};

use crate::format::judge::{write_distance, Format};
use crate::puzzle::board::Board;
use crate::solve::Engine;

/// The HOJ 10466 judge: every case brings its own goal.
#[derive(Default)]
pub struct Pair {
    engine: Engine,
}

impl Pair {
    /// Answers cases with `engine`.
    pub fn new(engine: Engine) -> Pair {
        Pair { engine }
    }
}

impl Format for Pair {
    const BOARDS: usize = 2;

    fn problem(&self, boards: &[Board]) -> (Board, Board) {
        (boards[0], boards[1])
    }

    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    fn answer(&mut self, boards: &[Board], out: &mut dyn Write) -> io::Result<()> {
        write_distance(self.engine.distance(&boards[0], &boards[1]), out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::stream::tests::answers;

    #[test]
    fn answers_equal_reachable_and_unreachable_pairs() {
        let input = "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n\
                     2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n\
                     1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n";
        assert_eq!(answers(&mut Pair::default(), input).0, "0\n4\n-1\n");
    }
}
