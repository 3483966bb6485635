//! Boards of every size: every board of 2×2, 2×3, 3×2, 2×4 and 4×2 against the plain BFS
//! oracle, for two goals each, unreachable boards included; and 4×4, 3×4 and 4×3 boards against
//! the textbook IDA* with the Manhattan distance only, written apart from the fast engine.

use eight::puzzle::{Board, Move, Path, Shape};
use eight::solve::textbook_idastar as idastar;
use eight::solve::Oracle;
use eight::solve::Outcome;
use eight::Engine;
use itertools::Itertools;
use rand::{Rng, SeedableRng};

fn shape(text: &str) -> Shape {
    text.parse().expect("a size")
}

fn solved(engine: &mut Engine, start: &Board, goal: &Board) -> Option<Path> {
    match engine.solve(start, goal, None).outcome {
        Outcome::Found(path) => Some(path),
        Outcome::Unreachable => None,
        other => panic!("{start} to {goal}: {other:?}"),
    }
}

/// Every permutation of the shape's cells, reaching `goal` or not.
fn every_board(shape: Shape) -> impl Iterator<Item = Board> {
    let cells = shape.cells() as u8;
    (0..cells)
        .permutations(usize::from(cells))
        .map(move |cells| Board::new(shape, &cells).expect("a permutation"))
}

#[test]
fn every_board_of_every_small_size_agrees_with_the_oracle() {
    let mut engine = Engine::default();
    for size in ["2x2", "2x3", "3x2", "2x4", "4x2"] {
        let shape = shape(size);
        let ordered = Board::ordered(shape);
        // a second goal: the blank first, the tiles in reverse
        let mut reversed: Vec<u8> = (0..shape.cells() as u8).collect();
        reversed[1..].reverse();
        let reversed = Board::new(shape, &reversed).expect("a permutation");
        for goal in [ordered, reversed] {
            let oracle = Oracle::new(&goal);
            assert_eq!(
                oracle.boards().count() * 2,
                every_board(shape).count(),
                "{size}"
            );
            for start in every_board(shape) {
                let canonical = oracle.path(&start);
                assert_eq!(start.reaches(&goal), canonical.is_some(), "{size}: {start}");
                let path = solved(&mut engine, &start, &goal);
                assert_eq!(path, canonical, "{size}: {start} to {goal}");
                if let Some(path) = path {
                    assert_eq!(start.replay(&path).ok(), Some(goal), "{start}: {path}");
                }
            }
        }
    }
}

#[test]
fn three_by_three_grids_take_the_packed_engine() {
    let goal = Board::ordered(Shape::SQUARE3);
    let start = Board::new(Shape::SQUARE3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).expect("a board");
    let path = solved(&mut Engine::default(), &start, &goal).expect("reachable");
    assert_eq!(path.len(), 31);
    assert_eq!(start.replay(&path).ok(), Some(goal));
}

/// A board `moves` random moves from `goal`, never undoing the last.
fn walk(goal: &Board, moves: usize, rng: &mut impl Rng) -> Board {
    let mut board = *goal;
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        let options: Vec<(Move, Board)> = Move::ALL
            .into_iter()
            .filter(|step| last != Some(step.opposite()))
            .filter_map(|step| board.apply(step).map(|next| (step, next)))
            .collect();
        let (step, next) = options[rng.random_range(0..options.len())];
        board = next;
        last = Some(step);
    }
    board
}

#[test]
fn larger_boards_agree_with_the_textbook_idastar() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let mut engine = Engine::default();
    for (size, boards, depth) in [
        ("4x4", 60, 28),
        ("3x4", 40, 24),
        ("4x3", 40, 24),
        ("5x5", 10, 20),
    ] {
        let shape = shape(size);
        let goal = Board::ordered(shape);
        for _ in 0..boards {
            let start = walk(&goal, rng.random_range(0..=depth), &mut rng);
            let path = solved(&mut engine, &start, &goal).expect("reachable");
            assert_eq!(start.replay(&path).ok(), Some(goal), "{size}: {start}");
            assert_eq!(
                Some(path),
                idastar(&start, &goal, None).0,
                "{size}: {start}"
            );
        }
        // the other half of the boards is refused without search
        let mut cells = goal.cells().to_vec();
        cells.swap(0, 1);
        let swapped = Board::new(shape, &cells).expect("a permutation");
        assert_eq!(
            engine.solve(&swapped, &goal, None).outcome,
            Outcome::Unreachable
        );
    }
}

#[test]
fn a_limit_and_a_budget_end_the_search() {
    let goal = Board::ordered(Shape::SQUARE4);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1121);
    let start = walk(&goal, 30, &mut rng);
    let length = solved(&mut Engine::default(), &start, &goal)
        .expect("reachable")
        .len() as u32;
    let mut engine = Engine::default();
    assert_eq!(
        engine.solve(&start, &goal, Some(length - 2)).outcome,
        Outcome::Beyond(length - 2)
    );
    assert!(matches!(
        engine.solve(&start, &goal, Some(length)).outcome,
        Outcome::Found(_)
    ));
    let mut starved = Engine::default().with_budget(Some(10));
    assert_eq!(
        starved.solve(&start, &goal, None).outcome,
        Outcome::Exhausted
    );
}

#[test]
fn one_board_s_search_shared_out_finds_the_same_path() {
    // a board alone on several threads: its subtrees 12 moves in are shared out, and the path
    // is the one thread's (the canonical one), on shapes other than 4x4 too
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    for size in ["5x5", "3x5", "4x3", "6x6"] {
        let goal = Board::ordered(shape(size));
        let mut alone = Engine::default();
        let mut shared = Engine::default().with_jobs(3);
        for round in 0..4 {
            let start = walk(&goal, rng.random_range(20..=40), &mut rng);
            let one = solved(&mut alone, &start, &goal);
            assert_eq!(
                solved(&mut shared, &start, &goal),
                one,
                "{size}, board {round}: {start}"
            );
            let path = one.expect("reachable");
            assert_eq!(start.replay(&path).ok(), Some(goal), "{size}: {start}");
            if path.len() <= 22 {
                assert_eq!(
                    idastar(&start, &goal, None).0,
                    Some(path),
                    "{size}: {start}"
                );
            }
        }
    }
}
