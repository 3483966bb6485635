//! Test data for boards of other shapes than 3×3 (and for algs4's files of any side): a
//! reachable start drawn uniformly among the reachable boards (a shuffle, with two tiles swapped
//! when it falls in the other half) or, with `--walk K`, K random moves from the goal; an
//! unreachable one uniformly among the other half. Distances are asked of the engine, so
//! `--depth` works up to 9 cells, where every distance is known at once.

use std::io::{self, Write};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Impossible, Request};
use crate::format::cases::Header;
use crate::format::judge::Goal;
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Move;
use crate::puzzle::BLANK;
use crate::solve::{small, Engine, Outcome};
use crate::tools::record::{self, Record, Solution};

/// Draws tried for one case of a requested distance before giving up.
const TRIES: u32 = 100_000;

/// Generates `request`'s cases, whose boards are not the packed 3×3 ones.
pub(super) fn generate(
    request: &Request,
    input: &mut dyn Write,
    mut answers: Option<&mut dyn Write>,
) -> io::Result<Result<(), Impossible>> {
    let judge = &request.judge;
    let shape = judge.shape;
    if let Some(problem) = refusal(request, shape) {
        return Ok(Err(Impossible(problem)));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(request.seed);
    let mut engine = Engine::default().with_budget(request.budget);
    if !request.json {
        judge.write_header(request.count, input)?;
    }
    let unsolvable = (request.count as f64 * request.unsolvable).round() as u64;
    let mut unsolvable_left = unsolvable;
    for index in 0..request.count {
        let case = index + 1;
        let cases_left = request.count - index;
        let reachable = rng.random_range(0..cases_left.min(u64::from(u32::MAX)) as u32) as u64
            >= unsolvable_left.min(cases_left);
        let goal = match judge.goal {
            Goal::EachCase => shuffled(shape, &mut rng),
            Goal::Fixed(goal) => goal,
            Goal::Ordered => Board::ordered(shape),
        };
        let (start, path) = if reachable {
            match reachable_start(request, &goal, &mut engine, &mut rng) {
                Ok(found) => found,
                Err(impossible) => return Ok(Err(impossible)),
            }
        } else {
            unsolvable_left -= 1;
            (other_half(&goal, &mut rng), Outcome::Unreachable)
        };
        let path = match path {
            Outcome::Found(path) => Some(path),
            Outcome::Unreachable | Outcome::Beyond(_) => None,
            Outcome::Exhausted => {
                return Ok(Err(Impossible(format!(
                    "case {case}: the search did not solve its board within {} nodes: ask for \
                     boards nearer the goal with --walk, or raise --max-nodes",
                    engine.budget()
                ))))
            }
        };
        if request.json {
            let solution = Solution::new(&start, &goal, path.as_ref());
            record::write(&Record::solved(case, None, solution), input)?;
            continue;
        }
        judge.write_case(&start, &goal, input)?;
        if let Some(out) = answers.as_mut() {
            let mut line = judge.text(case, path.as_ref());
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
    }
    Ok(Ok(()))
}

/// Why `request` cannot be met for boards of `shape`, if it cannot.
fn refusal(request: &Request, shape: Shape) -> Option<String> {
    let judge = &request.judge;
    if !(0.0..=1.0).contains(&request.unsolvable) {
        return Some(format!(
            "--unsolvable {} is not a fraction from 0 to 1",
            request.unsolvable
        ));
    }
    if judge.reachable_only && request.unsolvable > 0.0 {
        return Some(format!(
            "{}'s statement promises a reachable goal: --unsolvable must be 0",
            judge.number
        ));
    }
    if request.all {
        return Some(format!(
            "--all is for 3x3 boards: give {shape} boards a --count"
        ));
    }
    if judge.header == Header::Side && judge.boards == 2 {
        return Some("a judge of sized boards has one board a case".into());
    }
    let depth_asked = request.min_depth > 0 || request.max_depth.is_some();
    if depth_asked && request.walk.is_some() {
        return Some("--walk sets the moves from the goal: leave out --depth".into());
    }
    if depth_asked && shape.cells() > small::MAX_CELLS {
        return Some(format!(
            "--depth needs every distance at hand, which only boards of up to {} cells have: \
             give {shape} boards --walk MOVES",
            small::MAX_CELLS
        ));
    }
    if request.min_depth > request.max_depth.unwrap_or(u32::MAX) {
        return Some(format!(
            "--min-depth {} is above --max-depth {}",
            request.min_depth,
            request.max_depth.unwrap_or(0)
        ));
    }
    None
}

/// A uniformly random board of `shape`: Fisher–Yates over the cells.
fn shuffled(shape: Shape, rng: &mut ChaCha8Rng) -> Board {
    let mut cells: Vec<u8> = (0..=shape.last_tile()).collect();
    for last in (1..cells.len()).rev() {
        let other = rng.random_range(0..=last as u32) as usize;
        cells.swap(last, other);
    }
    Board::new(shape, &cells).expect("a shuffle")
}

/// `board` with its first two tiles swapped: the other half of the boards, one to one.
fn swapped(board: &Board) -> Board {
    let mut cells = board.cells().to_vec();
    let mut tiles = (0..cells.len()).filter(|&cell| cells[cell] != BLANK);
    let (a, b) = (tiles.next(), tiles.next());
    cells.swap(a.expect("tiles"), b.expect("tiles"));
    Board::new(board.shape(), &cells).expect("a permutation")
}

/// A board drawn uniformly among those that do not reach `goal`.
fn other_half(goal: &Board, rng: &mut ChaCha8Rng) -> Board {
    let board = shuffled(goal.shape(), rng);
    match board.reaches(goal) {
        true => swapped(&board),
        false => board,
    }
}

/// A start that reaches `goal` as the request asks, with the engine's answer for it.
fn reachable_start(
    request: &Request,
    goal: &Board,
    engine: &mut Engine,
    rng: &mut ChaCha8Rng,
) -> Result<(Board, Outcome), Impossible> {
    let limit = request.judge.spelling.limit;
    if let Some(moves) = request.walk {
        let start = walk(goal, moves, rng);
        let outcome = engine.solve(&start, goal, limit);
        return Ok((start, outcome));
    }
    let (least, most) = (request.min_depth, request.max_depth.unwrap_or(u32::MAX));
    for _ in 0..TRIES {
        let mut start = shuffled(goal.shape(), rng);
        if !start.reaches(goal) {
            start = swapped(&start);
        }
        if least == 0 && most == u32::MAX {
            let outcome = engine.solve(&start, goal, limit);
            return Ok((start, outcome));
        }
        let found = engine.solve(&start, goal, None);
        let length = match &found {
            Outcome::Found(path) => path.len() as u32,
            _ => continue,
        };
        if (least..=most).contains(&length) {
            let outcome = engine.solve(&start, goal, limit);
            return Ok((start, outcome));
        }
    }
    Err(Impossible(format!(
        "no board {least} to {most} moves from {goal} turned up in {TRIES} draws"
    )))
}

/// The board `moves` random moves from `goal`, never undoing the last move.
fn walk(goal: &Board, moves: u32, rng: &mut ChaCha8Rng) -> Board {
    let mut board = *goal;
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        let options: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&step| last != Some(step.opposite()))
            .filter(|&step| board.apply(step).is_some())
            .collect();
        let step = options[rng.random_range(0..options.len() as u32) as usize];
        board.slide(step);
        last = Some(step);
    }
    board
}
