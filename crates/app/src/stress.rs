//! Stress testing, as competitive programmers do it: files of random cases that cover a judge's
//! traps (an already solved board, a board one move from its goal, an unreachable one, the
//! deepest), of every size where the judge's cases give their own, and a failing file shrunk to
//! the simplest that still fails: fewer cases, then each board on the smallest size it still
//! fails on, then as near its goal as it can be while the program still fails on it.

use std::io::{self, Write};

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::find::farthest;
use crate::gen::walk;
use eight::format::judge::{Goal, Judge};
use eight::puzzle::board::{Board, Shape};
use eight::puzzle::moves::Move;
use eight::solve::Engine;

/// One case of a stress file: a start and its goal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Case {
    /// The board to solve.
    pub start: Board,
    /// The board to reach.
    pub goal: Board,
}

/// What a drawn case is, so that every file holds a judge's traps among random boards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Random,
    Solved,
    OneMove,
    Unreachable,
    Deepest,
}

/// The shapes of `judge`'s boards, fewest cells first: its own, or where each case gives its
/// size, every one from 2×2 to 4×4 (square where the judge's are).
pub fn shapes(judge: &Judge) -> Vec<Shape> {
    if !judge.sided() {
        return vec![judge.shape];
    }
    let mut shapes: Vec<Shape> = (2..=4)
        .flat_map(|width| (2..=4).map(move |height| (width, height)))
        .filter(|(width, height)| !judge.square_only() || width == height)
        .filter_map(|(width, height)| Shape::new(width, height).ok())
        .collect();
    shapes.sort_by_key(|shape| (shape.cells(), shape.width));
    shapes
}

/// The most moves of a random walk from the goal on boards of more than 9 cells, so that the
/// expected answers stay within the optimal search's reach (4×4 boards 40 moves out take IDA*
/// with the 6-6-3 databases milliseconds; larger ones are kept nearer).
fn most_walk(judge: &Judge, shape: Shape) -> u32 {
    let cells = shape.cells();
    let reach = if cells <= 16 { 40 } else { 20 };
    judge.most_moves.map_or(reach, |most| most.min(reach))
}

/// `count` cases for `judge`, drawn with `rng`: random boards, and in every file of more than a
/// few cases each trap the judge allows (an unreachable board only where its statement does not
/// promise reachable goals), placed anywhere, not last.
pub fn draw(judge: &Judge, count: usize, rng: &mut ChaCha8Rng) -> Vec<Case> {
    let mut kinds: Vec<Kind> = vec![Kind::Solved, Kind::OneMove, Kind::Deepest];
    if !judge.reachable_only {
        kinds.push(Kind::Unreachable);
    }
    kinds.truncate(count / 2);
    while kinds.len() < count {
        kinds.push(Kind::Random);
    }
    kinds.shuffle(rng);
    // a trap last is forgiven by some checks (a missing last line): a random case ends the file
    if let Some(random) = kinds.iter().position(|&kind| kind == Kind::Random) {
        let last = kinds.len() - 1;
        kinds.swap(random, last);
    }
    kinds
        .into_iter()
        .map(|kind| case(judge, kind, rng))
        .collect()
}

/// The goal of a case of `judge` on boards of `shape`.
fn goal(judge: &Judge, shape: Shape, rng: &mut ChaCha8Rng) -> Board {
    match judge.goal {
        // any board is a goal: one a walk away from the ordered one
        Goal::EachCase => walk(Board::ordered_goal(shape), rng.random_range(10..40), rng),
        _ => home(judge, shape),
    }
}

/// The goal of `judge`'s cases on boards of `shape` where they share one, else the ordered
/// board.
fn home(judge: &Judge, shape: Shape) -> Board {
    match judge.goal {
        Goal::Fixed(goal) if goal.shape() == shape => goal,
        Goal::BlankFirst => *Board::blank_first_goal(shape),
        _ => *Board::ordered_goal(shape),
    }
}

/// A case of `kind` for `judge`, on one of its shapes.
fn case(judge: &Judge, kind: Kind, rng: &mut ChaCha8Rng) -> Case {
    // a judge of one size draws nothing for it: its files are as they were before sizes came
    let shapes = shapes(judge);
    let shape = match shapes.len() {
        1 => shapes[0],
        many => shapes[rng.random_range(0..many)],
    };
    let goal = goal(judge, shape, rng);
    let square3 = shape.cells() == 9;
    let start = match kind {
        Kind::Solved => goal,
        Kind::OneMove => {
            let moves: Vec<Board> = Move::ALL
                .into_iter()
                .filter_map(|step| goal.apply(step))
                .collect();
            moves[rng.random_range(0..moves.len())]
        }
        Kind::Unreachable => unreachable_from(&goal),
        Kind::Deepest if square3 => farthest(&goal),
        Kind::Deepest => walk(&goal, most_walk(judge, shape), rng),
        Kind::Random if square3 => {
            // a uniform reachable board: shuffled, and two tiles swapped back where the parity
            // is the other one
            let mut cells: Vec<u8> = goal.cells().to_vec();
            cells.shuffle(rng);
            let board = Board::new(goal.shape(), &cells).expect("a permutation");
            match board.reaches(&goal) {
                true => board,
                false => unreachable_from(&board),
            }
        }
        Kind::Random => walk(&goal, rng.random_range(1..=most_walk(judge, shape)), rng),
    };
    Case { start, goal }
}

/// The simplest board that does not reach `goal`: its first two tiles swapped.
pub fn unreachable_from(goal: &Board) -> Board {
    let cells = goal.cells();
    let tiles: Vec<usize> = (0..cells.len())
        .filter(|&cell| cells[cell] != eight::puzzle::BLANK)
        .take(2)
        .collect();
    let mut swapped = cells.to_vec();
    swapped.swap(tiles[0], tiles[1]);
    Board::new(goal.shape(), &swapped).expect("a permutation")
}

/// `cases` as `judge`'s input: its count first where it has one, each case in its statement's
/// layout, and its end where it has one.
pub fn render(judge: &Judge, cases: &[Case], out: &mut dyn Write) -> io::Result<()> {
    judge.write_header(cases.len() as u64, out)?;
    for case in cases {
        judge.write_case(&case.start, &case.goal, out)?;
    }
    judge.write_footer(out)
}

/// `cases` of `judge`, on which `fails` holds, shrunk while it still holds: cases left out, a
/// run of them at a time and then one by one; where the judge's cases give their own size,
/// each case replaced by the simplest of a smaller size (solved, a move away, unreachable) on
/// which it still fails; then each start replaced by the board nearest its goal on its
/// canonical path (or, unreachable, by its goal with two tiles swapped) on which it still fails.
/// `fails` runs the program: each call is a run.
pub fn shrink(
    judge: &Judge,
    mut cases: Vec<Case>,
    engine: &mut Engine,
    fails: &mut dyn FnMut(&[Case]) -> bool,
) -> Vec<Case> {
    let mut chunk = cases.len().div_ceil(2);
    while chunk >= 1 && cases.len() > 1 {
        let mut at = 0;
        while at < cases.len() && cases.len() > 1 {
            let end = (at + chunk).min(cases.len());
            let fewer: Vec<Case> = [&cases[..at], &cases[end..]].concat();
            match !fewer.is_empty() && fails(&fewer) {
                true => cases = fewer,
                false => at += chunk,
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    let shapes = shapes(judge);
    for index in 0..cases.len() {
        let cells = cases[index].start.shape().cells();
        let smaller = shapes.iter().filter(|shape| shape.cells() < cells);
        let simplest = smaller.flat_map(|&shape| simplest(judge, shape));
        for case in simplest {
            let mut tried = cases.clone();
            tried[index] = case;
            if fails(&tried) {
                cases = tried;
                break;
            }
        }
    }
    for index in 0..cases.len() {
        for nearer in nearer_starts(&cases[index], engine) {
            let mut tried = cases.clone();
            tried[index].start = nearer;
            if fails(&tried) {
                cases = tried;
                break;
            }
        }
    }
    cases
}

/// The simplest cases of `judge` on boards of `shape`: the goal itself, the boards a move from
/// it, and where the judge allows one, the simplest that does not reach it.
fn simplest(judge: &Judge, shape: Shape) -> Vec<Case> {
    let goal = home(judge, shape);
    let mut starts = vec![goal];
    starts.extend(Move::ALL.into_iter().filter_map(|step| goal.apply(step)));
    if !judge.reachable_only {
        starts.push(unreachable_from(&goal));
    }
    starts
        .into_iter()
        .map(|start| Case { start, goal })
        .collect()
}

/// The starts nearer `case`'s goal than its own, nearest first: the boards of its canonical
/// path from the goal back (0 moves, 1, ...), or for a start that does not reach its goal, the
/// simplest one that does not.
fn nearer_starts(case: &Case, engine: &mut Engine) -> Vec<Board> {
    if !case.start.reaches(&case.goal) {
        let simplest = unreachable_from(&case.goal);
        return (simplest != case.start)
            .then_some(simplest)
            .into_iter()
            .collect();
    }
    let Ok(path) = engine.path(&case.start, &case.goal) else {
        return Vec::new();
    };
    let mut boards = Vec::with_capacity(path.len());
    let mut board = case.start;
    for &step in &path.0 {
        board = board.apply(step).expect("a legal move of the path");
        boards.push(board);
    }
    boards.reverse();
    boards
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_file_of_a_few_cases_holds_the_judge_s_traps_not_last() {
        let judge = Judge::from_name("hdu1043").expect("a judge");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let cases = draw(judge, 10, &mut rng);
        assert_eq!(cases.len(), 10);
        let solved = cases.iter().filter(|case| case.start == case.goal).count();
        let last = cases.last().expect("cases");
        assert!(
            last.start != last.goal && last.start.reaches(&last.goal),
            "{cases:?}"
        );
        let unreachable = cases
            .iter()
            .filter(|case| !case.start.reaches(&case.goal))
            .count();
        assert!(solved >= 1 && unreachable >= 1, "{cases:?}");
        // a judge that promises reachable goals gets none that are not
        let judge = Judge::from_name("p1379").expect("a judge");
        let cases = draw(judge, 10, &mut rng);
        assert!(cases.iter().all(|case| case.start.reaches(&case.goal)) || judge.reachable_only);
    }

    #[test]
    fn a_failure_shrinks_to_one_case_nearest_its_goal() {
        // a "program" that fails on any file holding a board 3 or more moves from its goal
        let judge = Judge::from_name("hdu1043").expect("a judge");
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let cases = draw(judge, 10, &mut rng);
        let mut engine = Engine::default();
        let mut probe = Engine::default();
        let mut fails = |cases: &[Case]| {
            cases.iter().any(|case| {
                probe
                    .distance(&case.start, &case.goal)
                    .is_ok_and(|moves| moves >= 3)
            })
        };
        assert!(fails(&cases));
        let shrunk = shrink(judge, cases, &mut engine, &mut fails);
        assert_eq!(shrunk.len(), 1);
        let moves = Engine::default()
            .distance(&shrunk[0].start, &shrunk[0].goal)
            .expect("reachable");
        assert_eq!(moves, 3);
    }

    #[test]
    fn a_judge_of_every_size_gets_every_size_and_a_failure_shrinks_to_the_smallest() {
        // POJ 2893's cases give their own size: files hold boards of several; a "program"
        // that fails on any board of an even width is shown failing on the solved 2x2 board
        let judge = Judge::from_name("poj2893").expect("a judge");
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut sizes = std::collections::BTreeSet::new();
        for _ in 0..20 {
            for case in draw(judge, 10, &mut rng) {
                assert_eq!(case.start.shape(), case.goal.shape());
                sizes.insert((case.start.shape().width, case.start.shape().height));
            }
        }
        assert!(sizes.len() >= 6, "{sizes:?}");
        let cases: Vec<Case> = draw(judge, 10, &mut rng)
            .into_iter()
            .filter(|case| case.start.shape().cells() > 4)
            .collect();
        let mut fails = |cases: &[Case]| cases.iter().any(|case| case.start.shape().width % 2 == 0);
        assert!(fails(&cases), "{cases:?}");
        let shrunk = shrink(judge, cases, &mut Engine::default(), &mut fails);
        assert_eq!(shrunk.len(), 1);
        assert_eq!(shrunk[0].start.shape(), Shape::new(2, 2).expect("a shape"));
        assert_eq!(shrunk[0].start, shrunk[0].goal);
        // a judge of one size keeps it
        let judge = Judge::from_name("hdu1043").expect("a judge");
        assert_eq!(shapes(judge), vec![Shape::SQUARE3]);
    }
}
