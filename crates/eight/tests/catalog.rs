//! A heuristic of a program's own is its file and its entry, and nothing else: here the file is
//! this test (the count of misplaced tiles, kept up to date move by move) and the entry a
//! component of the catalogue's kind. The engine plans with it, its answers are the canonical
//! paths, its reports carry its name, and its refusals are in the catalogue's words.

use eight::solve::catalog::{Choice, Component, Guide, Guided, Serves};
use eight::solve::{Evaluator, Heuristic, Method, Outcome};
use eight::{Board, Engine, Move, Shape};

/// The evaluator: it looks nothing up.
#[derive(Clone, Copy)]
struct MisplacedTiles;

/// The tiles off their goal's cell, the blank not counted: admissible (a move puts at most one
/// tile home), 0 at the goal alone.
#[derive(Clone)]
struct Misplaced {
    goal: Vec<u8>,
    off: u32,
}

impl Evaluator for MisplacedTiles {
    type Heuristic<'a> = Misplaced;

    fn heuristic(&self, start: &Board, goal: &Board) -> Misplaced {
        let off = start
            .cells()
            .iter()
            .zip(goal.cells())
            .filter(|(tile, home)| **tile != 0 && tile != home)
            .count();
        Misplaced {
            goal: goal.cells().to_vec(),
            off: off as u32,
        }
    }

    fn method(&self) -> Method {
        Method::Heuristic("misplaced")
    }
}

impl Heuristic for Misplaced {
    type Undo = u32;

    fn estimate(&self) -> u32 {
        self.off
    }

    fn slide(&mut self, _: &[u8], tile: u8, from: usize, to: usize, _: bool) -> u32 {
        let before = self.off;
        let off = |cell: usize| u32::from(self.goal[cell] != tile);
        self.off = self.off - off(from) + off(to);
        before
    }

    fn unslide(&mut self, _: u8, _: usize, _: usize, _: bool, before: u32) {
        self.off = before;
    }
}

/// Its entry: how its search is made, and what the catalogue says of it.
const MISPLACED: Guide = Guide::Heuristic(Guided {
    name: "misplaced",
    search: |rig| rig.ida(MisplacedTiles),
});

const COMPONENT: Component = Component {
    name: "misplaced",
    label: "IDA* misplaced tiles",
    about: "IDA* with the count of misplaced tiles",
    choice: Choice::Guide(MISPLACED),
    serves: Serves::Large,
    estimated: false,
    trace: "bound",
    lab: false,
};

/// The board `moves` lead to from `goal`.
fn walked(goal: &Board, moves: &[Move]) -> Board {
    let mut board = *goal;
    for &step in moves {
        assert!(board.slide(step), "{step:?} from {board}");
    }
    board
}

#[test]
fn a_heuristic_of_a_program_s_own_answers_through_the_engine_as_the_built_in_ones_do() {
    use Move::{Down as D, Left as L, Right as R, Up as U};
    let shape = Shape::new(4, 3).expect("a shape");
    let goal = Board::ordered(shape);
    let walks: [&[Move]; 4] = [
        &[],
        &[L],
        &[U, U, L, L, D, R, R, U, L, L, L, D, D, R, U, R],
        &[L, U, U, L, D, L, U, R, R, R, D, L, D, R, U, L, L, U],
    ];
    let mut ours = Engine::default().with_guide(MISPLACED);
    let mut theirs = Engine::default().with_guide(Guide::CONFLICTS);
    let mut spent = (0, 0);
    for walk in walks {
        let start = walked(&goal, walk);
        let mine = ours.solve(&start, &goal, None);
        let built_in = theirs.solve(&start, &goal, None);
        let Outcome::Found(path) = mine.outcome else {
            panic!("{start}: {:?}", mine.outcome)
        };
        assert_eq!(built_in.outcome, Outcome::Found(path.clone()), "{start}");
        assert!(path.len() <= walk.len(), "{start}");
        assert_eq!(mine.report.method.name(), "misplaced");
        assert_eq!(built_in.report.method, Method::CONFLICTS);
        spent.0 += mine.report.stats.expanded;
        spent.1 += built_in.report.stats.expanded;
    }
    // a weaker estimate pays in nodes for the same answers
    assert!(spent.0 > spent.1, "{spent:?}");
    // the boards it does not serve are refused in the catalogue's words
    assert_eq!(COMPONENT.refusal(shape), None);
    let refused = COMPONENT.refusal(Shape::SQUARE3).expect("refused");
    assert_eq!(
        refused,
        "misplaced chooses the heuristic of boards of more than 9 cells, and 3x3 boards are \
         answered from whole-space tables"
    );
}
