//! The Manhattan distance, kept up to date move by move: the sum over the tiles of the rows and
//! columns between each and its home. A move takes one tile one cell, so it changes the sum by
//! one, looked up in a table of every tile's distance from every cell. Admissible and weak: IDA*
//! with it alone is for comparing node counts (`--algo manhattan`), and linear conflicts
//! (`conflicts.rs`) add to it.

use super::catalog::{Choice, Component, Guide, Guided, Serves};
use super::heuristic::{Evaluator, Heuristic};
use super::report::Method;
use crate::puzzle::board::Board;
use crate::puzzle::BLANK;

/// Its name, as `--algo` and the reports say it.
pub const NAME: &str = "manhattan";

/// Its entry in the catalogue (listed in `solve/mod.rs`).
pub const COMPONENT: Component = Component {
    name: NAME,
    label: "eight's IDA* Manhattan",
    about: "eight's IDA* with the Manhattan distance, its duplicate paths cut",
    choice: Choice::Guide(Guide::MANHATTAN),
    serves: Serves::Large,
    estimated: false,
    trace: "bound",
    lab: true,
};

impl Guide {
    /// The Manhattan distance alone.
    pub const MANHATTAN: Guide = Guide::Heuristic(Guided {
        name: NAME,
        search: |rig| rig.ida(ManhattanDistance),
    });
}

impl Method {
    /// IDA* with the Manhattan distance alone.
    pub const MANHATTAN: Method = Method::Heuristic(NAME);
}

/// The Manhattan distance of a board from one goal, in step with the board.
#[derive(Clone)]
pub struct Manhattan {
    cells: usize,
    /// The distance of each tile from each cell (`tile * cells + cell`): a table, not divisions.
    distances: Vec<u8>,
    sum: u32,
}

impl Manhattan {
    /// The distance of `start` from `goal`.
    pub fn new(start: &Board, goal: &Board) -> Manhattan {
        let width = usize::from(start.shape().width);
        let cells = start.cells().len();
        let mut home = vec![(0, 0); cells];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            home[usize::from(tile)] = (cell / width, cell % width);
        }
        let mut distances = vec![0; cells * cells];
        for (tile, &(row, column)) in home.iter().enumerate().skip(1) {
            for cell in 0..cells {
                let steps = (cell / width).abs_diff(row) + (cell % width).abs_diff(column);
                distances[tile * cells + cell] = steps as u8;
            }
        }
        let mut manhattan = Manhattan {
            cells,
            distances,
            sum: 0,
        };
        for (cell, &tile) in start.cells().iter().enumerate() {
            if tile != BLANK {
                manhattan.sum += manhattan.distance(tile, cell);
            }
        }
        manhattan
    }

    /// The distance of `tile` in `cell` from its home.
    #[inline]
    pub(crate) fn distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.distances[usize::from(tile) * self.cells + cell])
    }
}

impl Heuristic for Manhattan {
    type Undo = ();

    #[inline]
    fn estimate(&self) -> u32 {
        self.sum
    }

    #[inline]
    fn slide(&mut self, _: &[u8], tile: u8, from: usize, to: usize, _: bool) {
        self.sum = self.sum + self.distance(tile, to) - self.distance(tile, from);
    }

    #[inline]
    fn unslide(&mut self, tile: u8, from: usize, to: usize, _: bool, (): ()) {
        self.sum = self.sum + self.distance(tile, from) - self.distance(tile, to);
    }
}

/// The evaluator of `Manhattan` (the Manhattan distance, kept up to date move by move): it
/// looks nothing up.
#[derive(Clone, Copy, Debug, Default)]
pub struct ManhattanDistance;

impl Evaluator for ManhattanDistance {
    type Heuristic<'a> = Manhattan;

    fn heuristic(&self, start: &Board, goal: &Board) -> Manhattan {
        Manhattan::new(start, goal)
    }

    fn method(&self) -> Method {
        Method::Heuristic(NAME)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Shape;
    use crate::puzzle::Move;
    use crate::solve::textbook::manhattan;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_distance_kept_move_by_move_equals_the_textbook_one_and_undoes() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (width, height) in [(3, 3), (4, 4), (5, 5), (3, 5), (16, 2)] {
            let shape = Shape::new(width, height).expect("a shape");
            let goal = Board::canonical(shape, rng.random_range(0..shape.cells()));
            let mut board = goal;
            let mut kept = Manhattan::new(&board, &goal);
            let mut moved = Vec::new();
            for _ in 0..400 {
                let step = Move::ALL[rng.random_range(0..4)];
                let to = board.blank();
                if !board.slide(step) {
                    continue;
                }
                let (tile, from) = (board.cells()[to], board.blank());
                kept.slide(board.cells(), tile, from, to, false);
                moved.push((tile, from, to));
                assert_eq!(kept.estimate(), manhattan(&board, &goal), "{board}");
            }
            assert_eq!(Manhattan::new(&board, &goal).estimate(), kept.estimate());
            for &(tile, from, to) in moved.iter().rev() {
                kept.unslide(tile, from, to, false, ());
            }
            assert_eq!(kept.estimate(), 0, "{shape}: back at the goal");
        }
    }
}
