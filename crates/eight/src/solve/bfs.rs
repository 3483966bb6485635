//! The two plain mechanisms the exact tables and the test oracle share: a breadth-first search
//! from the goal over every board it reaches, and the canonical walk down the distances it
//! found (from each board, the first move in the order `d < l < r < u` that brings it one move
//! closer: the lexicographically smallest shortest path). Where a board's distance is kept (a
//! hash map, a flat array by rank) is the caller's choice.

use std::collections::VecDeque;

use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Path};

/// Breadth-first search from `goal`: `first` is told each board the search reaches with its
/// distance, and says whether it is new (unseen boards are expanded in turn, in order of
/// distance). The goal itself is told first, at distance 0.
pub fn breadth_first(goal: &Board, mut first: impl FnMut(&Board, u32) -> bool) {
    let mut queue = VecDeque::new();
    if first(goal, 0) {
        queue.push_back((*goal, 0));
    }
    while let Some((board, distance)) = queue.pop_front() {
        for step in Move::ALL {
            if let Some(next) = board.apply(step) {
                if first(&next, distance + 1) {
                    queue.push_back((next, distance + 1));
                }
            }
        }
    }
}

/// The canonical path from `start` down `distance` (each board's distance to the goal, `None`
/// where it does not reach it), or `None` when `start` does not reach the goal.
pub fn walk_down(start: &Board, distance: impl Fn(&Board) -> Option<u32>) -> Option<Path> {
    let mut board = *start;
    let mut left = distance(&board)?;
    let mut moves = Vec::with_capacity(left as usize);
    while left > 0 {
        let (step, next) = Move::ALL
            .into_iter()
            .filter_map(|step| board.apply(step).map(|next| (step, next)))
            .find(|(_, next)| distance(next) == Some(left - 1))
            .expect("a board at distance d > 0 has a neighbour at d - 1");
        moves.push(step);
        board = next;
        left -= 1;
    }
    Some(Path(moves))
}
