//! Placing one or two tiles where a beam stalled: a weighted A* over the positions of those tiles
//! and the blank alone (at most 256³ states, a few hundred visited in practice), the other free
//! tiles moving as the blank passes and the rest of the board a wall. Complete, so a line is
//! always finished: the last two tiles of a line are placed together, which is always possible
//! while the region is at least two lines deep.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;

/// A state: the blank's cell in the low byte, then each tile's.
type Key = u32;

/// How much a tile's distance weighs against the blank's: moving a tile one cell costs the
/// blank a walk around it, three to five moves, so an estimate of one a cell would search far
/// too wide.
const TILE_WEIGHT: u32 = 3;

/// The moves that bring each of `tiles` (a tile and its cell) home, the blank moving only over
/// `free` cells; `None` if no moves do.
pub fn place(board: &Board, free: &[bool], tiles: &[(u8, usize)]) -> Option<Vec<Move>> {
    let shape = board.shape();
    let width = usize::from(shape.width);
    let distance = |a: usize, b: usize| {
        ((a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)) as u32
    };
    let position = |tile: u8| {
        board
            .cells()
            .iter()
            .position(|&t| t == tile)
            .expect("a tile of the board")
    };
    let key = |blank: usize, at: &[usize]| {
        at.iter().enumerate().fold(blank as Key, |key, (i, &cell)| {
            key | (cell as Key) << (8 * (i + 1))
        })
    };
    let unkey = |key: Key| -> (usize, Vec<usize>) {
        let at = (0..tiles.len())
            .map(|i| (key >> (8 * (i + 1)) & 0xFF) as usize)
            .collect();
        ((key & 0xFF) as usize, at)
    };
    let estimate = |blank: usize, at: &[usize]| {
        let tiles_left: u32 = at
            .iter()
            .zip(tiles)
            .map(|(&cell, &(_, home))| distance(cell, home))
            .sum();
        // the blank must reach a tile still away from home
        let reach = at
            .iter()
            .zip(tiles)
            .filter(|(&cell, &(_, home))| cell != home)
            .map(|(&cell, _)| distance(blank, cell).saturating_sub(1))
            .min()
            .unwrap_or(0);
        TILE_WEIGHT * tiles_left + reach
    };
    let start_at: Vec<usize> = tiles.iter().map(|&(tile, _)| position(tile)).collect();
    let start = key(board.blank(), &start_at);
    // each state's moves so far and the state and move it came from
    let mut came: HashMap<Key, (u32, Key, Move)> = HashMap::new();
    let mut open = BinaryHeap::from([Reverse((estimate(board.blank(), &start_at), 0u32, start))]);
    came.insert(start, (0, start, Move::Down));
    while let Some(Reverse((_, moves, state))) = open.pop() {
        if came[&state].0 < moves {
            continue;
        }
        let (blank, at) = unkey(state);
        if at.iter().zip(tiles).all(|(&cell, &(_, home))| cell == home) {
            let mut steps = Vec::with_capacity(moves as usize);
            let mut state = state;
            while state != start {
                let (_, parent, step) = came[&state];
                steps.push(step);
                state = parent;
            }
            steps.reverse();
            return Some(steps);
        }
        for step in Move::ALL {
            let Some(next) = shape.target(blank, step).filter(|&next| free[next]) else {
                continue;
            };
            let mut moved = at.clone();
            for cell in moved.iter_mut().filter(|cell| **cell == next) {
                *cell = blank;
            }
            let child = key(next, &moved);
            let cost = moves + 1;
            if came.get(&child).is_some_and(|&(known, _, _)| known <= cost) {
                continue;
            }
            came.insert(child, (cost, state, step));
            open.push(Reverse((cost + estimate(next, &moved), cost, child)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Shape;

    #[test]
    fn places_a_pair_at_the_end_of_a_row_the_way_round() {
        // 3 sits where 4 goes and 4 below it: the classic end of a row, which needs a detour
        let shape = Shape::new(4, 4).expect("a shape");
        let cells = [1, 2, 0, 3, 5, 6, 7, 4, 8, 9, 10, 11, 12, 13, 14, 15];
        let board = Board::new(shape, &cells).expect("a board");
        let mut free = vec![true; 16];
        free[0] = false;
        free[1] = false;
        let steps = place(&board, &free, &[(3, 2), (4, 3)]).expect("placed");
        let mut after = board;
        for step in steps {
            assert!(after.slide(step));
            assert_eq!(&after.cells()[..2], &[1, 2], "the fixed tiles never move");
        }
        assert_eq!(&after.cells()[..4], &[1, 2, 3, 4]);
    }
}
