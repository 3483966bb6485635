//! The textbook searches, for learning and comparing: plain breadth-first search, A* and IDA*
//! with the Manhattan heuristic. Each gives the canonical path, so that every algorithm prints
//! the same answers:
//!
//! - **BFS** searches from the goal until the start's layer is complete; every board on a
//!   shortest path then has its exact distance, and a greedy walk from the start (the first
//!   move, in the order `d < l < r < u`, to a board one move nearer) is the canonical path.
//! - **A\*** also searches from the goal, and keeps expanding until every board with
//!   f = g + h no greater than the distance is expanded: with a consistent heuristic their g
//!   is exact, they include every board on a shortest path, and the same greedy walk follows.
//! - **IDA\*** searches from the start, depth first with moves in the order `d < l < r < u`,
//!   under a growing bound; the first solution it meets under the final bound is the
//!   lexicographically smallest shortest path.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use super::bfs::walk_down;
use super::square3::{pack, unpack};
use super::stats::Stats;
use crate::puzzle::board::{Board, MAX_CELLS};
use crate::puzzle::moves::{Move, Path};
use crate::puzzle::BLANK;
use eight_core::packed::Packed;
use eight_core::state::{State, INDICES};

/// The Manhattan distance between two arrangements of the same tiles, `width` cells a row: each
/// tile's rows and columns from its place in `goal`.
pub fn manhattan_of(cells: &[u8], goal: &[u8], width: usize) -> u32 {
    let mut place = [0usize; MAX_CELLS];
    for (cell, &tile) in goal.iter().enumerate() {
        place[usize::from(tile)] = cell;
    }
    let mut sum = 0;
    for (cell, &tile) in cells.iter().enumerate().filter(|&(_, &tile)| tile != BLANK) {
        let home = place[usize::from(tile)];
        sum += (cell / width).abs_diff(home / width) + (cell % width).abs_diff(home % width);
    }
    sum as u32
}

/// Each tile's row and column in a goal, and each cell's, for the Manhattan distance to it of
/// board after board (tables, not divisions).
struct Home {
    tile_row: Vec<u8>,
    tile_column: Vec<u8>,
    row: Vec<u8>,
    column: Vec<u8>,
}

impl Home {
    fn of(goal: &Board) -> Home {
        let count = goal.cells().len();
        let width = usize::from(goal.shape().width);
        let row: Vec<u8> = (0..count).map(|cell| (cell / width) as u8).collect();
        let column: Vec<u8> = (0..count).map(|cell| (cell % width) as u8).collect();
        let (mut tile_row, mut tile_column) = (vec![0; count], vec![0; count]);
        for (cell, &tile) in goal.cells().iter().enumerate() {
            tile_row[usize::from(tile)] = row[cell];
            tile_column[usize::from(tile)] = column[cell];
        }
        Home {
            tile_row,
            tile_column,
            row,
            column,
        }
    }

    /// The Manhattan distance of `board` to the goal, added up afresh.
    fn manhattan(&self, board: &Board) -> u32 {
        let mut sum = 0;
        for (cell, &tile) in board.cells().iter().enumerate() {
            if tile != BLANK {
                let tile = usize::from(tile);
                sum += u32::from(self.row[cell].abs_diff(self.tile_row[tile]))
                    + u32::from(self.column[cell].abs_diff(self.tile_column[tile]));
            }
        }
        sum
    }
}

/// The Manhattan distance of `board` to `goal`, boards of one shape.
pub fn manhattan(board: &Board, goal: &Board) -> u32 {
    manhattan_of(
        board.cells(),
        goal.cells(),
        usize::from(board.shape().width),
    )
}

/// The Manhattan distance of two 3×3 boards, packed.
fn manhattan3(board: &Packed, goal: &Packed) -> u32 {
    manhattan_of(&board.cells(), &goal.cells(), 3)
}

/// The greedy walk from `start` down `distance` (exact on every board of a shortest path): the
/// one canonical walk of `bfs`, with the index of each board as the search kept it.
fn walk(start: &Packed, distance: impl Fn(&State) -> Option<u32>) -> Path {
    let index = |board: &Board| State::new(&pack(board).expect("a 3x3 board"));
    walk_down(&unpack(start), |board| distance(&index(board))).expect("on a shortest path")
}

/// Plain breadth-first search from the goal, one layer at a time, until the start is reached.
pub fn bfs(start: &Packed, goal: &Packed) -> (Option<Path>, Stats) {
    let began = Instant::now();
    if !start.reaches(goal) {
        return (None, Stats::since(began));
    }
    let mut stats = Stats::default();
    const UNSEEN: u8 = u8::MAX;
    let mut distance = vec![UNSEEN; INDICES];
    let target = State::new(start).index() as usize;
    let first = State::new(goal);
    distance[first.index() as usize] = 0;
    let mut layer = vec![first];
    let mut depth = 0u8;
    while distance[target] == UNSEEN {
        let mut next_layer = Vec::new();
        for state in &layer {
            stats.expanded += 1;
            for (_, next) in state.neighbours() {
                stats.generated += 1;
                let slot = &mut distance[next.index() as usize];
                if *slot == UNSEEN {
                    *slot = depth + 1;
                    next_layer.push(next);
                }
            }
        }
        stats.peak_frontier = stats.peak_frontier.max(next_layer.len() as u64);
        layer = next_layer;
        depth += 1;
    }
    let lookup = |state: &State| {
        let d = distance[state.index() as usize];
        (d != UNSEEN).then_some(u32::from(d))
    };
    let path = walk(start, lookup);
    stats.time = began.elapsed();
    (Some(path), stats)
}

/// A* from the goal with the Manhattan distance to the start, run until every board with
/// f no greater than the distance is expanded.
pub fn astar(start: &Packed, goal: &Packed) -> (Option<Path>, Stats) {
    let began = Instant::now();
    if !start.reaches(goal) {
        return (None, Stats::since(began));
    }
    let mut stats = Stats::default();
    const UNSEEN: u8 = u8::MAX;
    // best g found so far, and whether the board is closed (expanded with its exact g)
    let mut g = vec![UNSEEN; INDICES];
    let mut closed = vec![false; INDICES];
    let mut open = BinaryHeap::new();
    let first = State::new(goal);
    let target = State::new(start).index() as usize;
    g[first.index() as usize] = 0;
    // the open list holds (f, g, place in `states`)
    let mut states = vec![first];
    open.push(Reverse((manhattan3(goal, start), 0u32, 0usize)));
    let mut best = None;
    while let Some(Reverse((f, cost, place))) = open.pop() {
        let state = states[place];
        let index = state.index();
        if best.is_some_and(|best| f > best) {
            break;
        }
        let index_usize = index as usize;
        if closed[index_usize] || u32::from(g[index_usize]) < cost {
            continue;
        }
        closed[index_usize] = true;
        stats.expanded += 1;
        if index_usize == target {
            best = Some(cost);
        }
        for (_, next) in state.neighbours() {
            stats.generated += 1;
            let slot = next.index() as usize;
            if !closed[slot] && u32::from(g[slot]) > cost + 1 {
                g[slot] = (cost + 1) as u8;
                let h = manhattan3(&next.board(), start);
                open.push(Reverse((cost + 1 + h, cost + 1, states.len())));
                states.push(next);
            }
        }
        stats.peak_frontier = stats.peak_frontier.max(open.len() as u64);
    }
    best.expect("equal parities reach each other");
    let lookup = |state: &State| {
        let slot = state.index() as usize;
        closed[slot].then_some(u32::from(g[slot]))
    };
    let path = walk(start, lookup);
    stats.time = began.elapsed();
    (Some(path), stats)
}

/// IDA* from the start with the Manhattan distance recomputed at every node, moves
/// tried in the canonical order, nothing kept between nodes: `--algo idastar` on 3×3 boards, and,
/// slow and plain as it is, the tests' check of the fast engine on boards of any size too large
/// for a breadth-first search. `None` when unreachable, or when every path is longer than
/// `limit`.
pub fn idastar(start: &Board, goal: &Board, limit: Option<u32>) -> (Option<Path>, Stats) {
    let began = Instant::now();
    if !start.reaches(goal) {
        return (None, Stats::since(began));
    }
    let mut stats = Stats::default();
    let home = Home::of(goal);
    let mut board = *start;
    let mut bound = home.manhattan(start);
    let mut moves = Vec::new();
    loop {
        if limit.is_some_and(|limit| bound > limit) {
            stats.time = began.elapsed();
            return (None, stats);
        }
        match dive(&mut board, &home, 0, bound, None, &mut moves, &mut stats) {
            Ok(()) => break,
            Err(next) => bound = next,
        }
    }
    stats.time = began.elapsed();
    (Some(Path(moves)), stats)
}

/// The depth-first step of IDA*: `Ok` when `moves` reach the goal within `bound`, else the
/// smallest f that exceeded it.
fn dive(
    board: &mut Board,
    goal: &Home,
    cost: u32,
    bound: u32,
    last: Option<Move>,
    moves: &mut Vec<Move>,
    stats: &mut Stats,
) -> Result<(), u32> {
    let h = goal.manhattan(board);
    if cost + h > bound {
        return Err(cost + h);
    }
    if h == 0 {
        // only the goal is no move from it
        return Ok(());
    }
    stats.expanded += 1;
    stats.peak_frontier = stats.peak_frontier.max(moves.len() as u64 + 1);
    let mut smallest = u32::MAX;
    for step in Move::ALL {
        // undoing the last move is never on a shortest path
        if last.is_some_and(|last| last.opposite() == step) {
            continue;
        }
        // the move made on the board itself, and undone after
        if !board.slide(step) {
            continue;
        }
        stats.generated += 1;
        moves.push(step);
        match dive(board, goal, cost + 1, bound, Some(step), moves, stats) {
            Ok(()) => return Ok(()),
            Err(over) => smallest = smallest.min(over),
        }
        moves.pop();
        board.slide(step.opposite());
    }
    Err(smallest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::board;
    use crate::solve::oracle::Oracle;
    use crate::solve::square3::{pack, unpack};
    use eight_core::rank::{unrank, COUNT};

    fn packed(text: &str) -> Packed {
        pack(&board(text)).expect("a 3x3 board")
    }

    #[test]
    fn every_search_gives_the_canonical_path_on_seeded_boards() {
        let goal = packed("12345678x");
        let oracle = Oracle::new(&unpack(&goal));
        // 2,000 boards spread over all ranks, half of them unreachable, and the hardest two
        let mut boards: Vec<Packed> = (0..2_000u64)
            .map(|i| unrank((i * 104_729 + 17) as u32 % COUNT as u32))
            .collect();
        boards.extend(["867254301", "647850321"].map(packed));
        for (number, start) in boards.iter().enumerate() {
            let expected = oracle.path(&unpack(start));
            assert_eq!(astar(start, &goal).0, expected, "astar {start}");
            let (board, goal_board) = (unpack(start), unpack(&goal));
            assert_eq!(
                idastar(&board, &goal_board, None).0,
                expected,
                "idastar {start}"
            );
            // plain BFS explores most of the space each time: every fourth board
            if number % 4 == 0 {
                assert_eq!(bfs(start, &goal).0, expected, "bfs {start}");
            }
        }
    }

    #[test]
    fn manhattan_counts_rows_and_columns() {
        let goal = packed("12345678x");
        assert_eq!(manhattan3(&goal, &goal), 0);
        assert_eq!(manhattan3(&packed("1234567x8"), &goal), 1);
        assert_eq!(manhattan3(&packed("x12345678"), &goal), 12);
    }
}
