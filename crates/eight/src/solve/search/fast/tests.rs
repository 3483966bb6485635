use super::*;
use crate::solve::control::Control;
use crate::solve::engine::Engine;
use rand::{Rng, SeedableRng};

/// A uniformly random board of `shape` that reaches its ordered goal.
fn random(shape: Shape, rng: &mut rand_chacha::ChaCha8Rng) -> Board {
    let goal = Board::ordered(shape);
    loop {
        let mut cells: Vec<u8> = (0..=shape.last_tile()).collect();
        for last in (1..cells.len()).rev() {
            cells.swap(last, rng.random_range(0..=last));
        }
        let board = Board::new(shape, &cells).expect("a permutation");
        if board.reaches(&goal) {
            return board;
        }
    }
}

fn manhattan(board: &Board, goal: &Board) -> usize {
    let width = usize::from(board.shape().width);
    let mut home = vec![0; board.cells().len()];
    for (cell, &tile) in goal.cells().iter().enumerate() {
        home[usize::from(tile)] = cell;
    }
    let distance =
        |a: usize, b: usize| (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width);
    board
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &tile)| tile != 0)
        .map(|(cell, &tile)| distance(cell, home[usize::from(tile)]))
        .sum()
}

/// The path `solve` finds from `start` to `goal` with a beam `width` boards wide, no stop asked.
fn fast(start: &Board, goal: &Board, width: usize, engine: &mut Engine) -> Path {
    let control = Control::default();
    solve(start, goal, width, &mut exact(engine), &control).expect("no stop asked")
}

/// The engine's optimal answer for a region of at most 9 cells.
fn exact(engine: &mut Engine) -> impl FnMut(&Board, &Board) -> Option<Path> + '_ {
    |from, to| match engine.solve(from, to, None).outcome {
        crate::solve::Outcome::Found(path) => Some(path),
        _ => None,
    }
}

#[test]
fn every_path_is_legal_and_reaches_the_goal_on_every_size() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    let mut engine = Engine::default();
    let squares = (2..=16).map(|side| (side, side));
    let others = [
        (3, 5),
        (5, 3),
        (7, 4),
        (4, 7),
        (16, 2),
        (2, 16),
        (2, 5),
        (9, 3),
        (11, 6),
    ];
    for (width, height) in squares.chain(others) {
        let shape = Shape::new(width, height).expect("a shape");
        // the ordered goal, and one with the blank elsewhere (first cell, or the middle)
        let ordered = Board::ordered(shape);
        let scrambled = random(shape, &mut rng);
        for goal in [ordered, scrambled] {
            let start = loop {
                let board = random(shape, &mut rng);
                if board.reaches(&goal) {
                    break board;
                }
            };
            // a narrow beam on the large boards keeps the test short: the method is the same
            let beam = beam_width(shape).min(200);
            let path = fast(&start, &goal, beam, &mut engine);
            assert_eq!(start.replay(&path), Ok(goal), "{shape}: {start} to {goal}");
            assert!(
                path.len() >= manhattan(&start, &goal),
                "{shape}: shorter than the Manhattan distance"
            );
        }
    }
}

#[test]
fn a_solved_board_needs_no_moves_and_a_near_one_few() {
    let mut engine = Engine::default();
    for side in [5, 8, 16] {
        let shape = Shape::new(side, side).expect("a shape");
        let goal = Board::ordered(shape);
        let path = fast(&goal, &goal, 100, &mut engine);
        assert!(path.is_empty(), "{shape}: {path}");
        let near = goal
            .apply(crate::puzzle::Move::Up)
            .expect("the blank moves up");
        let path = fast(&near, &goal, 100, &mut engine);
        assert_eq!(path.to_string(), "d", "{shape}");
    }
}

#[test]
fn loops_are_cut_out_of_a_path() {
    let shape = Shape::new(5, 5).expect("a shape");
    let start = Board::ordered(shape);
    let moves: Path = "ulrdlurd".parse().expect("moves");
    // up, left, right (back), down: back at the start; then the rest
    let kept = without_loops(&start, moves.0.clone());
    let mut end = start;
    for &step in &moves.0 {
        end.slide(step);
    }
    assert_eq!(start.replay(&Path(kept.clone())), Ok(end));
    assert!(kept.len() < moves.len(), "{kept:?}");
}

#[test]
fn the_lower_bound_is_never_above_the_optimum_nor_below_manhattan_on_every_3x3_board() {
    for goal in [
        Board::ordered(Shape::SQUARE3),
        Board::canonical(Shape::SQUARE3, 4),
    ] {
        let oracle = crate::solve::oracle::Oracle::new(&goal);
        let engine = Engine::default();
        for (ref board, distance) in oracle.boards() {
            let bound = engine.lower_bound(board, &goal);
            assert!(bound <= distance, "{board}: {bound} > {distance}");
            assert!(bound as usize >= manhattan(board, &goal), "{board}");
        }
    }
}

#[test]
fn beams_too_narrow_to_place_a_line_still_end_on_the_goal() {
    // beams of a few boards stall at the end of nearly every line: the tile-by-tile search
    // finishes them, to random goals (the blank anywhere)
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    let mut engine = Engine::default();
    let runs = [
        (6, 6, 60, 20),
        (10, 10, 8, 20),
        (16, 16, 2, 10),
        (4, 4, 100, 5),
        (5, 3, 100, 3),
    ];
    for (width, height, boards, beam) in runs.into_iter().chain([(16, 2, 10, 5), (2, 16, 10, 5)]) {
        let shape = Shape::new(width, height).expect("a shape");
        for _ in 0..boards {
            let goal = random(shape, &mut rng);
            let start = loop {
                let board = random(shape, &mut rng);
                if board.reaches(&goal) {
                    break board;
                }
            };
            let path = fast(&start, &goal, beam, &mut engine);
            assert_eq!(start.replay(&path), Ok(goal), "{shape}: {start} to {goal}");
        }
    }
}
