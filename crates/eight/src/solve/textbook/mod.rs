//! The textbook searches, for learning and comparing (`--algo bfs|astar|idastar`, the lab's
//! page): plain breadth-first search, A* and IDA*, the last two guided by an [`Estimate`] added up
//! afresh at every board, on boards of any shape (breadth-first search and A* keep every board
//! they meet, packed in a word: at most 16 cells). Each gives the canonical path, so that every
//! algorithm prints the same answers, and each stops at a budget of boards expanded:
//!
//! - **BFS** searches from the goal until the start's layer is complete; every board on a
//!   shortest path then has its exact distance, and a greedy walk from the start (the first
//!   move, in the order `d < l < r < u`, to a board one move nearer) is the canonical path.
//! - **A\*** also searches from the goal, and keeps expanding until every board with
//!   f = g + h no greater than the distance is expanded: with a consistent estimate their g
//!   is exact, they include every board on a shortest path, and the same greedy walk follows.
//! - **IDA\*** searches from the start, depth first with moves in the order `d < l < r < u`,
//!   under a growing bound; the first solution it meets under the final bound is the
//!   lexicographically smallest shortest path.
//!
//! Each also tells its progress ([`Layer`]): the boards of each depth (BFS), the boards expanded
//! at each f (A\*), the nodes of each bound (IDA\*), which the lab draws.

mod deepening;
mod estimate;

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::bfs::walk_down;
use super::clock::Clock;
use super::report::{Layer, Outcome};
use super::stats::Stats;
use crate::puzzle::board::{Board, MAX_CELLS};
use crate::puzzle::moves::{Move, Path};
use crate::puzzle::BLANK;

pub use deepening::{idastar, idastar_within};
pub use estimate::Estimate;
use estimate::Home;

/// The most cells of a board that breadth-first search and A* pack in a word.
pub const PACKED_CELLS: usize = 16;

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

/// The Manhattan distance of `board` to `goal`, boards of one shape.
pub fn manhattan(board: &Board, goal: &Board) -> u32 {
    manhattan_of(
        board.cells(),
        goal.cells(),
        usize::from(board.shape().width),
    )
}

/// What a textbook search found, what it cost, and its progress.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Run {
    /// The canonical path; `Unreachable`; `Exhausted` when the budget ran out first; `Beyond`
    /// when every path is longer than IDA*'s limit.
    pub outcome: Outcome,
    /// Boards expanded and generated, the largest frontier, the time.
    pub stats: Stats,
    /// Its progress, depth by depth, f by f or bound by bound.
    pub layers: Vec<Layer>,
}

impl Run {
    fn ended(outcome: Outcome, mut stats: Stats, layers: Vec<Layer>, began: Clock) -> Run {
        stats.time = began.elapsed();
        Run {
            outcome,
            stats,
            layers,
        }
    }

    /// The answer of parity alone: no search.
    fn unreachable(began: Clock) -> Run {
        Run::ended(Outcome::Unreachable, Stats::default(), Vec::new(), began)
    }
}

/// A board of at most [`PACKED_CELLS`] cells in a word, four bits a cell.
fn pack(board: &Board) -> u64 {
    board
        .cells()
        .iter()
        .fold(0, |word, &cell| word << 4 | u64::from(cell))
}

/// The board of `like`'s shape packed in `word`.
fn unpack(word: u64, like: &Board) -> Board {
    let count = like.cells().len();
    let mut cells = [0u8; PACKED_CELLS];
    for (at, cell) in cells[..count].iter_mut().enumerate() {
        *cell = (word >> (4 * (count - 1 - at)) & 0xf) as u8;
    }
    let mut board = *like;
    board.set_cells(&cells[..count]);
    board
}

/// The moves of packed boards of one shape: each cell's targets, and where each cell's four
/// bits lie.
struct Moves {
    targets: Vec<[Option<u8>; 4]>,
    count: usize,
}

impl Moves {
    fn of(board: &Board) -> Moves {
        let shape = board.shape();
        let count = board.cells().len();
        let targets = (0..count)
            .map(|cell| Move::ALL.map(|step| shape.target(cell, step).map(|t| t as u8)))
            .collect();
        Moves { targets, count }
    }

    /// The boards one move from `word`, in the canonical order.
    fn next(&self, word: u64) -> impl Iterator<Item = u64> + '_ {
        let shift = |cell: usize| 4 * (self.count - 1 - cell);
        let blank = (0..self.count)
            .find(|&cell| word >> shift(cell) & 0xf == u64::from(BLANK))
            .expect("a board has a blank");
        self.targets[blank].iter().flatten().map(move |&target| {
            let tile = word >> shift(usize::from(target)) & 0xf;
            word & !(0xf << shift(usize::from(target))) | tile << shift(blank)
        })
    }
}

/// The greedy walk from `start` down `distance` (exact on every board of a shortest path): the
/// one canonical walk of `bfs`.
fn walk(start: &Board, distance: impl Fn(u64) -> Option<u32>) -> Path {
    walk_down(start, |board| distance(pack(board))).expect("on a shortest path")
}

/// The start of a search that keeps the boards it meets: the time it began, or the answer of
/// parity alone.
fn begin(start: &Board, goal: &Board) -> Result<Clock, Run> {
    let began = Clock::start();
    if !start.reaches(goal) {
        return Err(Run::unreachable(began));
    }
    assert!(
        start.cells().len() <= PACKED_CELLS,
        "a board packs in a word"
    );
    Ok(began)
}

/// Plain breadth-first search from the goal, one layer at a time, until the start is reached or
/// `budget` boards are expanded; boards of at most [`PACKED_CELLS`] cells.
pub fn bfs(start: &Board, goal: &Board, budget: u64) -> Run {
    let began = match begin(start, goal) {
        Ok(began) => began,
        Err(unreachable) => return unreachable,
    };
    let mut stats = Stats::default();
    let moves = Moves::of(goal);
    let mut distance: FxHashMap<u64, u8> = FxHashMap::default();
    let target = pack(start);
    distance.insert(pack(goal), 0);
    let mut layer = vec![pack(goal)];
    let mut layers = vec![Layer::new(0, 1)];
    let mut depth = 0u8;
    while !distance.contains_key(&target) {
        let mut next_layer = Vec::new();
        for &word in &layer {
            if stats.expanded == budget {
                return Run::ended(Outcome::Exhausted, stats, layers, began);
            }
            stats.expanded += 1;
            for next in moves.next(word) {
                stats.generated += 1;
                distance.entry(next).or_insert_with(|| {
                    next_layer.push(next);
                    depth + 1
                });
            }
        }
        stats.peak_frontier = stats.peak_frontier.max(next_layer.len() as u64);
        layer = next_layer;
        depth += 1;
        layers.push(Layer::new(u32::from(depth), layer.len() as u64));
    }
    let path = walk(start, |word| distance.get(&word).map(|&d| u32::from(d)));
    Run::ended(Outcome::Found(path), stats, layers, began)
}

/// A* from the goal with `estimate` of the distance to the start, run until every board with
/// f no greater than the distance is expanded, or `budget` boards are; boards of at most
/// [`PACKED_CELLS`] cells.
pub fn astar(start: &Board, goal: &Board, estimate: Estimate, budget: u64) -> Run {
    let began = match begin(start, goal) {
        Ok(began) => began,
        Err(unreachable) => return unreachable,
    };
    let home = Home::of(start);
    let moves = Moves::of(goal);
    let mut stats = Stats::default();
    // each board met: its best g so far, and whether it is closed (expanded with its exact g)
    let mut met: FxHashMap<u64, (u8, bool)> = FxHashMap::default();
    let mut open = BinaryHeap::new();
    let target = pack(start);
    met.insert(pack(goal), (0, false));
    // the open list holds (f, g, place in `boards`): ties go to the smaller g, then the earlier
    let mut boards = vec![pack(goal)];
    open.push(Reverse((home.estimate(estimate, goal), 0u32, 0usize)));
    let mut best = None;
    let mut layers: Vec<Layer> = Vec::new();
    while let Some(Reverse((f, cost, place))) = open.pop() {
        if best.is_some_and(|best| f > best) {
            break;
        }
        let word = boards[place];
        let (g, closed) = met.get_mut(&word).expect("met before it is opened");
        if *closed || u32::from(*g) < cost {
            continue;
        }
        if stats.expanded == budget {
            return Run::ended(Outcome::Exhausted, stats, layers, began);
        }
        *closed = true;
        stats.expanded += 1;
        match layers.last_mut() {
            Some(layer) if layer.at == f => layer.boards += 1,
            _ => layers.push(Layer::new(f, 1)),
        }
        if word == target {
            best = Some(cost);
        }
        for key in moves.next(word) {
            stats.generated += 1;
            let seen = met.entry(key).or_insert((u8::MAX, false));
            if !seen.1 && u32::from(seen.0) > cost + 1 {
                seen.0 = (cost + 1) as u8;
                let h = home.estimate(estimate, &unpack(key, goal));
                open.push(Reverse((cost + 1 + h, cost + 1, boards.len())));
                boards.push(key);
            }
        }
        stats.peak_frontier = stats.peak_frontier.max(open.len() as u64);
    }
    best.expect("boards that reach each other meet");
    let path = walk(start, |word| match met.get(&word) {
        Some(&(g, true)) => Some(u32::from(g)),
        _ => None,
    });
    Run::ended(Outcome::Found(path), stats, layers, began)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::board;
    use crate::puzzle::board::Shape;
    use crate::solve::oracle::Oracle;
    use crate::solve::square3::unpack as unpack3;
    use eight_core::rank::{unrank, unrank_of, COUNT};

    /// Every search with every estimate on `boards` towards `goal`: the oracle's path, or
    /// `Unreachable`; layers that add up to the boards expanded (IDA*, A*) or seen (BFS).
    /// Breadth-first search on every `bfs_every`-th board, IDA* with misplaced tiles on every
    /// `slow_every`-th.
    fn agree(goal: &Board, boards: &[Board], bfs_every: usize, slow_every: usize) {
        let oracle = Oracle::new(goal);
        for (number, start) in boards.iter().enumerate() {
            let expected = match oracle.path(start) {
                Some(path) => Outcome::Found(path),
                None => Outcome::Unreachable,
            };
            let expanded = |run: &Run| run.layers.iter().map(|layer| layer.boards).sum::<u64>();
            for (name, estimate) in Estimate::ALL {
                let run = astar(start, goal, estimate, u64::MAX);
                assert_eq!(run.outcome, expected, "astar {name} {start}");
                assert_eq!(expanded(&run), run.stats.expanded, "astar {name} {start}");
                if estimate == Estimate::Misplaced && number % slow_every != 0 {
                    continue;
                }
                let run = idastar_within(start, goal, estimate, None, u64::MAX);
                assert_eq!(run.outcome, expected, "idastar {name} {start}");
                assert_eq!(expanded(&run), run.stats.expanded, "idastar {name} {start}");
            }
            if number % bfs_every == 0 {
                let run = bfs(start, goal, u64::MAX);
                assert_eq!(run.outcome, expected, "bfs {start}");
                if run.outcome != Outcome::Unreachable {
                    let seen = run.stats.expanded + run.layers.last().map_or(0, |l| l.boards);
                    assert_eq!(expanded(&run), seen, "bfs {start}");
                }
            }
        }
    }

    #[test]
    fn every_search_gives_the_canonical_path_on_seeded_3x3_boards() {
        let goal = board("12345678x");
        // 2,000 boards spread over all ranks, half of them unreachable, and the hardest two
        let mut boards: Vec<Board> = (0..2_000u64)
            .map(|i| unpack3(&unrank((i * 104_729 + 17) as u32 % COUNT as u32)))
            .collect();
        boards.extend(["867254301", "647850321"].map(board));
        agree(&goal, &boards, 4, 25);
    }

    #[test]
    fn every_search_gives_the_canonical_path_on_every_2x3_board_and_seeded_2x4_ones() {
        for (width, height, step) in [(3, 2, 1), (2, 3, 1), (4, 2, 7), (2, 4, 7)] {
            let shape = Shape::new(width, height).expect("a shape");
            let goal = Board::ordered(shape);
            let count = shape.cells();
            let all: usize = (1..=count).product();
            let boards: Vec<Board> = (0..all)
                .step_by(step)
                .map(|rank| {
                    let mut cells = vec![0; count];
                    unrank_of(rank, count, &mut cells);
                    Board::new(shape, &cells).expect("a permutation")
                })
                .collect();
            agree(&goal, &boards, 10, 10);
        }
    }

    #[test]
    fn a_budget_stops_each_search_and_says_so() {
        let goal = board("12345678x");
        let start = board("867254301");
        let spent = |run: Run| (run.outcome, run.stats.expanded);
        assert_eq!(spent(bfs(&start, &goal, 1000)), (Outcome::Exhausted, 1000));
        for estimate in [Estimate::Misplaced, Estimate::Conflicts] {
            let run = astar(&start, &goal, estimate, 500);
            assert_eq!(spent(run), (Outcome::Exhausted, 500));
            let run = idastar_within(&start, &goal, estimate, None, 500);
            assert_eq!(spent(run), (Outcome::Exhausted, 500));
        }
        // a limit below the distance: beyond it, having searched every bound up to it
        let run = idastar_within(&start, &goal, Estimate::Manhattan, Some(25), u64::MAX);
        assert_eq!(run.outcome, Outcome::Beyond(25));
        assert_eq!(run.layers.last().map(|layer| layer.at), Some(25));
    }

    #[test]
    fn the_textbook_searches_solve_4x4_boards_as_the_engine_does() {
        let shape = Shape::SQUARE4;
        let goal = Board::ordered(shape);
        // boards some twenty moves out, walked from the goal
        let mut engine = crate::solve::Engine::default().with_jobs(1);
        for seed in 0..4u64 {
            let mut start = goal;
            for step in 0..24 {
                let at = (seed * 7 + step * 3 + step * step) as usize;
                let legal: Vec<Move> = Move::ALL
                    .into_iter()
                    .filter(|&m| start.apply(m).is_some())
                    .collect();
                start.slide(legal[at % legal.len()]);
            }
            let expected = Outcome::Found(engine.path(&start, &goal).expect("a path"));
            for estimate in [Estimate::Manhattan, Estimate::Conflicts] {
                let run = astar(&start, &goal, estimate, u64::MAX);
                assert_eq!(run.outcome, expected, "astar {start}");
                let run = idastar_within(&start, &goal, estimate, None, u64::MAX);
                assert_eq!(run.outcome, expected, "idastar {start}");
            }
        }
    }

    #[test]
    fn manhattan_counts_rows_and_columns() {
        let goal = board("12345678x");
        assert_eq!(manhattan(&goal, &goal), 0);
        assert_eq!(manhattan(&board("1234567x8"), &goal), 1);
        assert_eq!(manhattan(&board("x12345678"), &goal), 12);
    }
}
