//! Shortening a path a window at a time: the boards `window` moves apart along it are joined by
//! a shortest path between them (A* with the Manhattan distance plus linear conflicts), which
//! replaces the stretch where it is shorter. A path of a beam search wanders; a short stretch is
//! cheap to solve optimally, and what it saves adds up.

use super::astar;
use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Path};
use crate::solve::search::fast::estimate::Weighted;

/// The most boards a window's search may keep: a window that needs more stays as it is.
pub(super) const WINDOW_NODES: usize = 200_000;

/// `path` from `start`, each stretch of `window` moves (the stretches overlapping by half)
/// replaced by a shortest path between its ends where that is shorter, each search keeping at
/// most `nodes` boards; `stop` ends it early.
pub(super) fn shorten(
    start: &Board,
    path: Path,
    window: usize,
    nodes: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Path {
    let mut moves = path.0;
    let mut at = 0;
    let step = (window / 2).max(1);
    while at + 2 <= moves.len() && !stop() {
        let end = (at + window).min(moves.len());
        let from = play(*start, &moves[..at]);
        let to = play(from, &moves[at..end]);
        let run = astar::Run {
            weight: 100,
            best: (end - at) as u32,
            nodes,
            prove: true,
        };
        let ran = astar::run(&from, &to, &Weighted::plain(&to), run, stop);
        if let Some(shorter) = ran.path {
            moves.splice(at..end, shorter.0);
        }
        at += step;
    }
    Path(moves)
}

/// The board `moves` lead to from `board`: moves of a path, so legal.
pub(super) fn play(mut board: Board, moves: &[Move]) -> Board {
    for &step in moves {
        assert!(board.slide(step), "a legal path");
    }
    board
}
