//! What a case's judge asks, found: the canonical path by the engine, whether the goal is
//! reachable by parity alone, the farthest board from the 3×3 tables, or the tiles' scatter.
//! The answer stream, the checker and `gen` all ask here, so that a judge that asks something
//! else is one more arm of one match.

use eight::format::answer::{Answer, Found};
use eight::format::Judge;
use eight::puzzle::Board;
use eight::solve::{self, Method};

use eight::solve::manhattan;
use eight::solve::{Engine, Outcome, Report, Want};

/// What `judge` asks of the case from `start` to `goal`, and what answered it at what cost;
/// `None` when the search ran out of nodes (or was stopped), which is no answer.
pub fn find(
    judge: &Judge,
    engine: &mut Engine,
    start: &Board,
    goal: &Board,
) -> (Option<Found>, Report) {
    let without_search = |method| Report {
        method,
        ..Report::default()
    };
    match judge.answer {
        Answer::Solvable { .. } => {
            let found = Found::Reachable(start.reaches(goal));
            (Some(found), without_search(Method::Parity))
        }
        Answer::Scatter => {
            let found = Found::Scatter(manhattan(start, goal));
            (Some(found), without_search(Method::MANHATTAN))
        }
        Answer::Farthest => {
            let board = farthest(start);
            let path = engine.path(start, &board).ok();
            let found = path.map(|path| Found::Farthest { board, path });
            (found, without_search(Method::Table))
        }
        Answer::Count | Answer::Path | Answer::CountThenPath | Answer::CountThenMoves => {
            // a board beyond what the judge asks to be answered optimally gets `--fast`'s path:
            // the plan's choice, told the judge's size
            engine.set_fast_above(judge.fast_above);
            let solution = engine.seek(wanted(judge), start, goal, judge.spelling.limit);
            let found = match solution.outcome {
                Outcome::Found(path) => Some(Found::Path(Some(path))),
                Outcome::Unreachable | Outcome::Beyond(_) => Some(Found::Path(None)),
                Outcome::Exhausted => None,
            };
            (found, solution.report)
        }
    }
}

/// The path `judge`'s answer needs: any shortest one for a count, else the canonical one.
pub fn wanted(judge: &Judge) -> Want {
    match judge.answer {
        Answer::Count => Want::Shortest,
        _ => Want::Canonical,
    }
}

/// The board farthest from a 3×3 `start` that is least in reading order (its cells compared in
/// turn, `0` the blank): UVa 10085 takes any, and this is the one `eight` prints.
pub fn farthest(start: &Board) -> Board {
    let boards = solve::farthest(start);
    boards
        .into_iter()
        .min_by(|a, b| a.cells().cmp(b.cells()))
        .expect("every 3x3 board has boards farthest from it")
}
