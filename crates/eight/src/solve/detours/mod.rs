//! Duplicate paths cut from IDA*'s tree (Taylor & Korf 1993; Clausecker's `fsm.c` does it for the
//! 24-puzzle): a finite-state machine that follows the moves of a path and stops it as soon as
//! its last moves are a *detour*, a sequence of moves that another does the same work as from the
//! same cell, shorter or as short and earlier in the canonical order `d < l < r < u`.
//!
//! Why no canonical path is lost: if a shortest path held a detour, putting the better sequence
//! in its place would give a shorter path or one as short and earlier in order. The
//! lexicographically smallest shortest path holds none, so IDA* still finds it first at the
//! final bound; and it is never cut at a lower bound, so every iteration's next bound stays at or
//! below the path's length.
//!
//! How the detours are found: a breadth-first search over the sequences of up to `depth` moves
//! from every cell, moves tried in the canonical order, each sequence applied to a board whose
//! cells hold their own numbers (so two sequences do the same work exactly when they leave the
//! same board). The first sequence to reach a board is its canonical one; a sequence that reaches
//! a board already seen is a detour. Only the shortest detours are kept: a canonical sequence and
//! one move, with no shorter detour at its end (their other parts are canonical, as parts of a
//! canonical sequence are). The move straight back is left to the search, which skips it
//! itself: with it, every canonical sequence would be a state.
//!
//! The machine is Aho–Corasick's over the detours of all cells: its states are the detours'
//! beginnings, from each cell; a move from a state goes to the longest beginning that the path's
//! last moves spell, and to [`DETOUR`] where they end a detour.

use std::collections::VecDeque;
use std::hash::Hash;

use rustc_hash::FxHashSet;

use crate::puzzle::board::Shape;
use crate::puzzle::moves::Move;

mod check;
mod machines;

pub use check::CHECKED_DEPTH;
pub use machines::{Keeper, Machines};

/// Where a move leaves the machine when the path's last moves are a detour.
pub const DETOUR: u32 = u32::MAX;

/// Marks a move off the board, or a beginning of a detour not (yet) in the machine.
const NONE: u32 = u32::MAX - 1;

/// The machine: the state each move leads to from each state. See the module's documentation.
#[derive(Clone, Debug)]
pub struct Detours {
    shape: Shape,
    depth: u32,
    /// The state after each move (`Move as usize`); [`DETOUR`] where a detour ends. (Kept in
    /// memory backed by huge pages, the 5×5 machine of depth 16 took #44 a median 8.63 s against
    /// 8.83 s: within the noise.)
    next: Vec<[u32; 4]>,
    /// The detours found (the longest `depth` moves).
    count: usize,
}

/// A sequence of at most 32 moves, two bits a move, and its length.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Moves {
    bits: u64,
    len: u32,
}

impl Moves {
    const NONE: Moves = Moves { bits: 0, len: 0 };

    fn then(self, step: Move) -> Moves {
        Moves {
            bits: self.bits | (step as u64) << (2 * self.len),
            len: self.len + 1,
        }
    }

    fn at(self, i: u32) -> Move {
        Move::ALL[(self.bits >> (2 * i) & 3) as usize]
    }

    /// The moves from the `from`-th on.
    fn from(self, from: u32) -> Moves {
        Moves {
            bits: self.bits >> (2 * from),
            len: self.len - from,
        }
    }
}

/// The most moves of a detour a machine may be built for: a sequence of moves fits in a word.
pub const MOST_DEPTH: u32 = 32;

/// The most cells of a board whose every cell's number fits in a [`u128`], five bits a cell.
const PACKED_CELLS: usize = 25;

/// A board packed into a word, five bits a cell.
fn packed(board: &[u8]) -> u128 {
    board
        .iter()
        .fold(0, |key, &cell| key << 5 | u128::from(cell))
}

impl Detours {
    /// The machine of the detours of up to `depth` moves (at most [`MOST_DEPTH`]) on boards of
    /// `shape`.
    pub fn new(shape: Shape, depth: u32) -> Detours {
        assert!(depth <= MOST_DEPTH, "a sequence fits in a word");
        // every canonical sequence and one move that is not: the detours and longer ones
        let mut found: Vec<(usize, Moves)> = Vec::new();
        let from_cell = |cell| match shape.cells() <= PACKED_CELLS {
            true => Detours::from_cell(shape, cell, depth, packed),
            false => Detours::from_cell(shape, cell, depth, <[u8]>::to_vec),
        };
        // the cells shared among the machine's cores, each cell's detours kept in order; on one
        // core (or none to ask, as in a browser's WebAssembly, which has no threads) in line
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let cells: Vec<usize> = (0..shape.cells()).collect();
        if threads == 1 {
            for &cell in &cells {
                found.extend(from_cell(cell).into_iter().map(|moves| (cell, moves)));
            }
        } else {
            std::thread::scope(|scope| {
                let runs: Vec<_> = cells
                    .chunks(cells.len().div_ceil(threads))
                    .map(|run| {
                        scope.spawn(move || {
                            run.iter()
                                .map(|&cell| (cell, from_cell(cell)))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for run in runs {
                    for (cell, detours) in run.join().expect("no panic") {
                        found.extend(detours.into_iter().map(|moves| (cell, moves)));
                    }
                }
            });
        }
        // a detour with a shorter one at its end is cut there already; its other parts are
        // canonical (parts of a canonical sequence are)
        let all: FxHashSet<(usize, Moves)> = found.iter().copied().collect();
        found.retain(|&(cell, moves)| {
            let mut start = cell;
            !(1..moves.len).any(|from| {
                start = shape
                    .target(start, moves.at(from - 1))
                    .expect("a legal move");
                all.contains(&(start, moves.from(from)))
            })
        });
        let mut machine = Detours::machine(shape, &found);
        machine.depth = depth;
        machine
    }

    /// The sequences of up to `depth` moves from `cell`, in breadth-first canonical order, that
    /// are a canonical one and a move that reaches a board seen before (but not the move back).
    /// Two boards are the same exactly when their `key`s are.
    fn from_cell<K: Eq + Hash>(
        shape: Shape,
        cell: usize,
        depth: u32,
        key: impl Fn(&[u8]) -> K,
    ) -> Vec<Moves> {
        let cells = shape.cells();
        let mut board: Vec<u8> = (0..cells).map(|c| c as u8).collect();
        let mut seen: FxHashSet<K> = FxHashSet::default();
        seen.insert(key(&board));
        let mut layer = vec![Moves::NONE];
        let mut detours = Vec::new();
        let mut path: Vec<usize> = Vec::new();
        for _ in 0..depth {
            let mut next = Vec::new();
            for &moves in &layer {
                // the board the sequence leaves, and the cells it went through
                path.clear();
                path.push(cell);
                for i in 0..moves.len {
                    let at = *path.last().expect("a cell");
                    let to = shape.target(at, moves.at(i)).expect("a legal move");
                    board.swap(at, to);
                    path.push(to);
                }
                let blank = *path.last().expect("a cell");
                let last = moves.len.checked_sub(1).map(|i| moves.at(i));
                for step in Move::ALL {
                    if last == Some(step.opposite()) {
                        continue;
                    }
                    let Some(target) = shape.target(blank, step) else {
                        continue;
                    };
                    board.swap(blank, target);
                    path.push(target);
                    if seen.insert(key(&board)) {
                        next.push(moves.then(step));
                    } else {
                        detours.push(moves.then(step));
                    }
                    path.pop();
                    board.swap(blank, target);
                }
                for &at in &path {
                    board[at] = at as u8;
                }
            }
            layer = next;
        }
        detours
    }

    /// The Aho–Corasick machine over `detours`, each from its first cell.
    fn machine(shape: Shape, detours: &[(usize, Moves)]) -> Detours {
        let cells = shape.cells();
        // the trie of the detours' beginnings: a root for each cell, state `cell`
        let mut next = vec![[NONE; 4]; cells];
        let mut ends = vec![false; cells];
        let mut cell_of: Vec<usize> = (0..cells).collect();
        for &(cell, moves) in detours {
            let (mut state, mut at) = (cell, cell);
            for i in 0..moves.len {
                let step = moves.at(i);
                at = shape.target(at, step).expect("a legal move");
                if next[state][step as usize] == NONE {
                    next[state][step as usize] = next.len() as u32;
                    next.push([NONE; 4]);
                    ends.push(false);
                    cell_of.push(at);
                }
                state = next[state][step as usize] as usize;
            }
            ends[state] = true;
        }
        // fall back along the longest beginning that ends the path, a layer at a time
        let mut fall = vec![0u32; next.len()];
        let mut queue: VecDeque<usize> = (0..cells).collect();
        while let Some(state) = queue.pop_front() {
            for step in Move::ALL {
                let Some(to) = shape.target(cell_of[state], step) else {
                    continue;
                };
                let child = next[state][step as usize];
                // where the path goes on when the trie does not
                let on = if state < cells {
                    to as u32
                } else {
                    next[fall[state] as usize][step as usize]
                };
                if child == NONE {
                    next[state][step as usize] = on;
                } else {
                    fall[child as usize] = on;
                    ends[child as usize] |= ends[on as usize];
                    queue.push_back(child as usize);
                }
            }
        }
        // a move into a detour's end stops the path there
        for row in &mut next {
            for to in row.iter_mut() {
                if *to != NONE && *to != DETOUR && ends[*to as usize] {
                    *to = DETOUR;
                }
            }
        }
        Detours {
            shape,
            depth: 0,
            next: reached(next, cells),
            count: detours.len(),
        }
    }

    /// The state of a path that has not moved yet, its blank at `cell`.
    #[inline]
    pub fn start(&self, cell: usize) -> u32 {
        cell as u32
    }

    /// The state after `step` from `state` (`step` on the board), or [`DETOUR`].
    #[inline]
    pub fn next(&self, state: u32, step: Move) -> u32 {
        self.next[state as usize][step as usize]
    }

    /// The shape its paths are on.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The longest detours it knows.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Its states.
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// The shortest detours it stops, those with no shorter one at their end.
    pub fn detours(&self) -> usize {
        self.count
    }

    /// Where each state's moves go (`Move as usize`): the state after, [`DETOUR`], or `u32::MAX
    /// - 1` for a move off the board. [`Detours::from_parts`] takes them back.
    pub fn parts(&self) -> &[[u32; 4]] {
        &self.next
    }
}

/// The states of `next` that a path reaches from the first `roots`, in the same order: a
/// detour's end is reached by no move (each move into it cuts), and a machine without them is
/// smaller in memory and on disk.
fn reached(next: Vec<[u32; 4]>, roots: usize) -> Vec<[u32; 4]> {
    let mut seen = vec![false; next.len()];
    let mut stack: Vec<usize> = (0..roots).collect();
    seen[..roots].fill(true);
    while let Some(state) = stack.pop() {
        for &to in &next[state] {
            if to < NONE && !seen[to as usize] {
                seen[to as usize] = true;
                stack.push(to as usize);
            }
        }
    }
    // each state's number among those kept
    let number: Vec<u32> = (seen.iter())
        .scan(0u32, |kept, &seen| {
            *kept += u32::from(seen);
            Some(*kept - 1)
        })
        .collect();
    (next.iter().zip(&seen))
        .filter(|(_, &seen)| seen)
        .map(|(moves, _)| {
            moves.map(|to| match to {
                NONE | DETOUR => to,
                to => number[to as usize],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Every sequence of up to `depth` moves from every cell of `shape` that never moves straight
    /// back, with what it leaves: found by trying them all, nothing clever.
    fn every_sequence(shape: Shape, depth: u32) -> Vec<(usize, Vec<Move>, Vec<u8>)> {
        fn grow(
            shape: Shape,
            depth: u32,
            (cell, blank): (usize, usize),
            moves: &mut Vec<Move>,
            board: &mut Vec<u8>,
            all: &mut Vec<(usize, Vec<Move>, Vec<u8>)>,
        ) {
            all.push((cell, moves.clone(), board.clone()));
            if moves.len() == depth as usize {
                return;
            }
            for step in Move::ALL {
                let back = moves.last().is_some_and(|&last| last == step.opposite());
                let Some(target) = shape.target(blank, step).filter(|_| !back) else {
                    continue;
                };
                board.swap(blank, target);
                moves.push(step);
                grow(shape, depth, (cell, target), moves, board, all);
                moves.pop();
                board.swap(blank, target);
            }
        }
        let mut all = Vec::new();
        for cell in 0..shape.cells() {
            let mut board: Vec<u8> = (0..shape.cells() as u8).collect();
            grow(
                shape,
                depth,
                (cell, cell),
                &mut Vec::new(),
                &mut board,
                &mut all,
            );
        }
        all
    }

    /// Whether `machine` lets every move of `moves` from `cell` through.
    fn passes(machine: &Detours, cell: usize, moves: &[Move]) -> bool {
        let mut state = machine.start(cell);
        moves.iter().all(|&step| {
            state = machine.next(state, step);
            state != DETOUR
        })
    }

    #[test]
    fn a_machine_passes_exactly_the_canonical_sequences_of_its_depth() {
        for (shape, depth) in [(4, 4, 9), (4, 3, 9), (2, 5, 10), (5, 5, 7)]
            .map(|(w, h, depth)| (Shape::new(w, h).expect("a shape"), depth))
        {
            let all = every_sequence(shape, depth);
            // each board's canonical sequence from each cell: the shortest, then the first
            let mut best: HashMap<(usize, &[u8]), &[Move]> = HashMap::new();
            for (cell, moves, board) in &all {
                let kept = best.entry((*cell, board)).or_insert(moves);
                if (moves.len(), moves) < (kept.len(), &kept.to_vec()) {
                    *kept = moves;
                }
            }
            let machine = Detours::new(shape, depth);
            let mut cut = 0;
            for (cell, moves, board) in &all {
                let canonical = best[&(*cell, &board[..])] == &moves[..];
                assert_eq!(
                    passes(&machine, *cell, moves),
                    canonical,
                    "{shape}, from cell {cell}: {}",
                    moves.iter().map(|m| m.letter()).collect::<String>()
                );
                cut += usize::from(!canonical);
            }
            assert!(cut > 0, "{shape}: some sequences are detours");
            assert!(machine.detours() > 0 && machine.depth() == depth);
        }
    }

    #[test]
    fn the_machine_of_depth_zero_cuts_nothing() {
        let shape = Shape::SQUARE4;
        let machine = Detours::new(shape, 0);
        assert_eq!(machine.states(), shape.cells());
        assert!(every_sequence(shape, 6)
            .iter()
            .all(|(cell, moves, _)| passes(&machine, *cell, moves)));
    }
}
