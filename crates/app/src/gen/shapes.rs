//! Test data for boards of other shapes than 3×3 (and for algs4's files of any side): a
//! reachable start drawn uniformly among the reachable boards (a shuffle, with two tiles swapped
//! when it falls in the other half) or, with `--walk K`, K random moves from the goal.
//! Distances are asked of the engine, so `--depth` works up to 9 cells, where every distance is
//! known at once.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{other_half, shuffled, swapped, Impossible, Request};
use eight::format::judge::Goal;
use eight::puzzle::board::{Board, Shape};
use eight::puzzle::moves::Move;
use eight::solve::{Engine, Outcome, MOST_WHOLE_CELLS};

/// Draws tried for one case of a requested distance before giving up.
const TRIES: u32 = 100_000;

/// The draws of boards of other shapes than 3×3.
pub(super) struct Walks;

impl Walks {
    /// The draws `request` asks for, if it can be met (`answering`: with the answers).
    pub(super) fn new(request: &Request, answering: bool) -> Result<Walks, Impossible> {
        match refusal(request, request.judge.shape, answering) {
            Some(impossible) => Err(impossible),
            None => Ok(Walks),
        }
    }

    /// One case: the start, its goal and the engine's outcome when the draw needed one.
    pub(super) fn case(
        &self,
        request: &Request,
        reachable: bool,
        engine: &mut Engine,
        rng: &mut ChaCha8Rng,
    ) -> Result<(Board, Board, Option<Outcome>), Impossible> {
        let goal = match (request.goal, request.judge.goal) {
            (Some(goal), _) | (None, Goal::Fixed(goal)) => goal,
            (None, Goal::EachCase) => shuffled(request.judge.shape, rng),
            (None, Goal::Ordered) => Board::ordered(request.judge.shape),
            (None, Goal::BlankFirst) => *Board::blank_first_goal(request.judge.shape),
        };
        if !reachable {
            return Ok((other_half(&goal, rng), goal, Some(Outcome::Unreachable)));
        }
        let (start, outcome) = reachable_start(request, &goal, engine, rng)?;
        Ok((start, goal, outcome))
    }
}

/// Why `request` cannot be met for boards of `shape` (`answering`: with the answers), if it
/// cannot.
fn refusal(request: &Request, shape: Shape, answering: bool) -> Option<Impossible> {
    let judge = &request.judge;
    if request.all {
        return Some(Impossible::AllOfShape(shape));
    }
    if judge.sided() && judge.boards == 2 {
        return Some(Impossible::SidedPairs);
    }
    let depth_asked = request.min_depth > 0 || request.max_depth.is_some();
    if depth_asked && request.walk.is_some() {
        return Some(Impossible::WalkAndDepth);
    }
    if depth_asked && shape.cells() > MOST_WHOLE_CELLS {
        return Some(Impossible::DepthOfShape(shape));
    }
    // a random board above 4×4 lies too deep for an optimal answer: said at once, not after the
    // search's budget (an optimal search, unless the judge takes `--fast`'s paths on boards of
    // this size); the input alone needs none
    if answering && out_of_reach(request, shape) {
        return Some(Impossible::OutOfReach(shape));
    }
    match request.max_depth {
        Some(most) if request.min_depth > most => Some(Impossible::Depths {
            least: request.min_depth,
            most,
        }),
        _ => None,
    }
}

/// Whether `request`'s random boards of `shape` would need an optimal search out of reach:
/// uniform boards of more than 16 cells, answered by a count or a path the judge checks as
/// shortest.
pub(super) fn out_of_reach(request: &Request, shape: Shape) -> bool {
    let judge = &request.judge;
    let fast = judge.fast_above.is_some_and(|most| shape.cells() > most);
    let searched = judge.answer.is_path() && !fast;
    searched && shape.cells() > 16 && request.walk.is_none() && request.unsolvable < 1.0
}

/// A start that reaches `goal` as the request asks, with the engine's answer for it when the
/// draw needed one (to keep a board at the distances asked).
fn reachable_start(
    request: &Request,
    goal: &Board,
    engine: &mut Engine,
    rng: &mut ChaCha8Rng,
) -> Result<(Board, Option<Outcome>), Impossible> {
    let limit = request.judge.spelling.limit;
    if let Some(moves) = request
        .walk
        .or(request.judge.most_moves.filter(|_| goal.cells().len() > 9))
    {
        return Ok((walk(goal, moves, rng), None));
    }
    let (least, most) = (request.min_depth, request.max_depth.unwrap_or(u32::MAX));
    for _ in 0..TRIES {
        let mut start = shuffled(goal.shape(), rng);
        if !start.reaches(goal) {
            start = swapped(&start);
        }
        if least == 0 && most == u32::MAX {
            return Ok((start, None));
        }
        let found = engine.solve(&start, goal, None).outcome;
        let length = match &found {
            Outcome::Found(path) => path.len() as u32,
            _ => continue,
        };
        if (least..=most).contains(&length) {
            let outcome = engine.solve(&start, goal, limit).outcome;
            return Ok((start, Some(outcome)));
        }
    }
    Err(Impossible::NotFound {
        least,
        most,
        goal: Box::new(*goal),
        tries: TRIES,
    })
}

/// The board `moves` random moves from `goal`, never undoing the last move.
pub fn walk(goal: &Board, moves: u32, rng: &mut ChaCha8Rng) -> Board {
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
