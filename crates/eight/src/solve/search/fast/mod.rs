//! `--fast`: a legal path for every solvable board of every size, in seconds at most, not
//! necessarily the shortest (optimal solving is out of reach above 5×5).
//!
//! Reduction by lines, each placed by a beam search: the board is solved one outer row or column
//! at a time (the longer side's, never the line of the goal's blank), until what is left has at
//! most 9 cells and a whole-space table solves it optimally. A line is placed by a beam search
//! over whole boards ([`beam`]) that weighs the line's tiles heavily and every other tile of
//! the region once, so that the moves that bring the line home also carry the rest towards
//! theirs: that is what beats the real-time methods that place one tile at a time (Parberry's
//! 8/3·n³). A beam can stall where a line's last tiles need a detour; then the line is
//! finished tile by tile by a small search over the positions of one or two tiles and the blank
//! ([`place`]), which always succeeds. Last, loops in the path (a board seen twice) are cut out.

pub mod beam;
mod component;
pub(crate) mod estimate;
pub mod place;

pub use component::Beam;

use std::collections::HashMap;

use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::{Move, Path};
use crate::solve::control::Control;

/// The rectangle of cells still to solve: rows `top..bottom`, columns `left..right`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Region {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

impl Region {
    /// The whole board of `shape`.
    pub fn whole(shape: Shape) -> Region {
        Region {
            top: 0,
            bottom: usize::from(shape.height),
            left: 0,
            right: usize::from(shape.width),
        }
    }

    fn width(&self) -> usize {
        self.right - self.left
    }

    fn height(&self) -> usize {
        self.bottom - self.top
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// Whether the cell at `row`, `column` is in it.
    pub fn holds(&self, row: usize, column: usize) -> bool {
        (self.top..self.bottom).contains(&row) && (self.left..self.right).contains(&column)
    }

    /// How many lines are peeled from it before at most 9 cells are left.
    fn lines(&self, width: usize, blank: (usize, usize)) -> usize {
        let peeled = |region: &Region| (region.cells() > 9).then(|| region.peel(width, blank).1);
        std::iter::successors(Some(*self), peeled).count() - 1
    }

    /// The line to solve next, as its cells in the order they are placed, and the region left
    /// after it: a row when the region is taller than wide, a column otherwise (so that both
    /// sides shrink together and the last region is 3×3, or 2×4 for a board of two rows); the
    /// side away from the goal's blank at `blank` (row, column), which must stay in the region.
    fn peel(&self, width: usize, blank: (usize, usize)) -> (Vec<usize>, Region) {
        let mut rest = *self;
        if self.height() > self.width() {
            let row = if blank.0 != self.top {
                rest.top += 1;
                self.top
            } else {
                rest.bottom -= 1;
                self.bottom - 1
            };
            (
                (self.left..self.right).map(|c| row * width + c).collect(),
                rest,
            )
        } else {
            let column = if blank.1 != self.left {
                rest.left += 1;
                self.left
            } else {
                rest.right -= 1;
                self.right - 1
            };
            (
                (self.top..self.bottom)
                    .map(|r| r * width + column)
                    .collect(),
                rest,
            )
        }
    }
}

/// How wide the beam is: thousands of boards a layer on small boards, hundreds on 16×16, to stay
/// within the times of `scripts/bench-fast.sh` (wider beams shorten paths a little and cost time
/// in proportion: 5×5 with 10,000 boards, 1.53 times the Manhattan distance in 0.6 s, with
/// 7,000 1.53 in 0.34 s (0.43 s in a later run: 6,000 keeps a margin under half a second),
/// with 5,000 1.55 in 0.28 s; 16×16 with 300, 2.9 in 1 s, with 800, 2.7
/// in 2.3 s).
pub fn beam_width(shape: Shape) -> usize {
    match shape.cells() {
        0..=25 => 6_000,
        26..=36 => 3_000,
        37..=100 => 1_000,
        _ => 800,
    }
}

/// The largest region a beam tries to solve whole before it peels a line: on 5×5 and 6×6 that
/// gives paths a quarter shorter than line by line (1.55 and 1.6 times the Manhattan distance,
/// against 2.1 and 2.4); on larger regions a whole beam stalls.
const WHOLE: usize = 64;

/// A path from `start` to `goal`, which `start` must reach; `exact` solves the last region, a
/// board of at most 9 cells, optimally. `None` only if `control` asked for a stop.
pub fn solve(
    start: &Board,
    goal: &Board,
    width: usize,
    exact: &mut dyn FnMut(&Board, &Board) -> Option<Path>,
    control: &Control,
) -> Option<Path> {
    let shape = start.shape();
    let columns = usize::from(shape.width);
    let blank = goal.blank();
    let blank = (blank / columns, blank % columns);
    let mut board = *start;
    let mut moves = Vec::new();
    let mut region = Region::whole(shape);
    let lines = region.lines(columns, blank);
    let meter = control.begin();
    while region.cells() > 9 {
        if region.cells() <= WHOLE {
            // the whole region as one line: every tile weighs the same
            let all: Vec<usize> = (0..shape.cells())
                .filter(|&cell| region.holds(cell / columns, cell % columns))
                .collect();
            let placed = beam::place(&board, goal, region, &all, width, control);
            let mut after = board;
            play(&mut after, &placed);
            if after == *goal {
                moves.extend(placed);
                return Some(Path(without_loops(start, moves)));
            }
        }
        let (line, rest) = region.peel(columns, blank);
        let placed = place_line(&board, goal, region, &line, width, control);
        play(&mut board, &placed);
        moves.extend(placed);
        region = rest;
        if !meter.placed(lines - region.lines(columns, blank), lines, moves.len()) {
            return None;
        }
    }
    let (from, to) = cut(&board, goal, region);
    let last = exact(&from, &to).expect("the last region reaches its goal: all else is solved");
    moves.extend(last.0);
    Some(Path(without_loops(start, moves)))
}

/// The moves that bring the tiles of `line` home, the blank staying in `region`: the beam's, and
/// where it stalled, one or two tiles at a time.
fn place_line(
    board: &Board,
    goal: &Board,
    region: Region,
    line: &[usize],
    width: usize,
    control: &Control,
) -> Vec<Move> {
    let mut board = *board;
    let mut moves = beam::place(&board, goal, region, line, width, control);
    play(&mut board, &moves);
    let home = |board: &Board, cell: usize| board.cells()[cell] == goal.cells()[cell];
    if line.iter().all(|&cell| home(&board, cell)) {
        return moves;
    }
    let shape = board.shape();
    let columns = usize::from(shape.width);
    let mut free: Vec<bool> = (0..shape.cells())
        .map(|cell| region.holds(cell / columns, cell % columns))
        .collect();
    let (singles, pair) = line.split_at(line.len() - 2);
    let groups = singles.iter().map(std::slice::from_ref).chain([pair]);
    for group in groups {
        let tiles: Vec<(u8, usize)> = group
            .iter()
            .map(|&cell| (goal.cells()[cell], cell))
            .collect();
        let steps =
            place::place(&board, &free, &tiles).expect("a line's tiles can always be placed");
        play(&mut board, &steps);
        moves.extend(steps);
        for &cell in group {
            free[cell] = false;
        }
    }
    moves
}

/// Makes `moves` on `board`: moves the searches found, so legal.
fn play(board: &mut Board, moves: &[Move]) {
    for &step in moves {
        assert!(board.slide(step), "the searches' moves are legal");
    }
}

/// The boards of `region` cut out of `board` and `goal`, the tiles renamed 1 to n − 1 in the
/// order of their values (the cells outside are solved, so both hold the same tiles).
fn cut(board: &Board, goal: &Board, region: Region) -> (Board, Board) {
    let columns = usize::from(board.shape().width);
    let cells: Vec<usize> = (region.top..region.bottom)
        .flat_map(|row| (region.left..region.right).map(move |column| row * columns + column))
        .collect();
    let mut values: Vec<u8> = cells.iter().map(|&cell| goal.cells()[cell]).collect();
    values.sort_unstable();
    let name = |tile: u8| values.binary_search(&tile).expect("a tile of the region") as u8;
    let shape = Shape::new(region.width(), region.height()).expect("a region of the board");
    let of = |board: &Board| {
        let renamed: Vec<u8> = cells
            .iter()
            .map(|&cell| name(board.cells()[cell]))
            .collect();
        Board::new(shape, &renamed).expect("the region's tiles, renamed")
    };
    (of(board), of(goal))
}

/// `moves` from `start` without the loops that return to a board already passed.
fn without_loops(start: &Board, moves: Vec<Move>) -> Vec<Move> {
    let mut board = *start;
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    // the boards passed, in order, and where each stands in that order
    let mut trail = vec![board];
    let mut seen: HashMap<Board, usize> = HashMap::from([(board, 0)]);
    for step in moves {
        assert!(board.slide(step), "a legal path");
        match seen.get(&board) {
            Some(&at) => {
                for passed in trail.drain(at + 1..) {
                    seen.remove(&passed);
                }
                kept.truncate(at);
            }
            None => {
                kept.push(step);
                trail.push(board);
                seen.insert(board, trail.len() - 1);
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests;
