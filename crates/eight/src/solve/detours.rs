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

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::FxHashSet;

use crate::puzzle::board::Shape;
use crate::puzzle::moves::Move;

/// Where a move leaves the machine when the path's last moves are a detour.
pub const DETOUR: u32 = u32::MAX;

/// Marks a move off the board, or a beginning of a detour not (yet) in the machine.
const NONE: u32 = u32::MAX - 1;

/// The machine: the state each move leads to from each state. See the module's documentation.
#[derive(Clone, Debug)]
pub struct Detours {
    shape: Shape,
    depth: u32,
    /// The state after each move (`Move as usize`); [`DETOUR`] where a detour ends.
    next: Vec<[u32; 4]>,
    /// The detours found (the longest `depth` moves).
    count: usize,
}

/// Where a machine is built once, whichever search asks first.
type Slot = OnceLock<Arc<Detours>>;

/// The machines an engine's searches have built, by shape and depth, each built once when first
/// asked, and the nodes those searches have spent, by shape: what pays for them. An engine's
/// store holds its own (engines share it only by sharing the store), so a search's nodes
/// depend on the searches its engine ran before, never on another engine's.
#[derive(Default)]
pub struct Machines {
    machines: Mutex<HashMap<(Shape, u32), Arc<Slot>>>,
    spent: Mutex<HashMap<Shape, u64>>,
}

impl Machines {
    /// The machine of `depth` for `shape`, built if need be.
    pub fn get(&self, shape: Shape, depth: u32) -> Arc<Detours> {
        let slot = self
            .machines
            .lock()
            .expect("no panic")
            .entry((shape, depth))
            .or_default()
            .clone();
        // built outside the lock: another shape's search need not wait for it
        slot.get_or_init(|| Arc::new(Detours::new(shape, depth)))
            .clone()
    }

    /// The depth of the deepest machine built for `shape` (0 if none).
    fn deepest(&self, shape: Shape) -> u32 {
        let built = self.machines.lock().expect("no panic");
        built
            .iter()
            .filter(|((of, _), slot)| *of == shape && slot.get().is_some())
            .map(|((_, depth), _)| *depth)
            .max()
            .unwrap_or(0)
    }

    /// The nodes the searches of boards of `shape` have spent, with `more`.
    fn spend(&self, shape: Shape, more: u64) -> u64 {
        let mut spent = self.spent.lock().expect("no panic");
        let spent = spent.entry(shape).or_default();
        *spent += more;
        *spent
    }
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

/// The machines a search uses, by the nodes the searches of the shape sharing them have spent:
/// (nodes a cell, depth). Each is built once for an engine's store when they have spent enough
/// to pay for it (its build, on two cores: 4×4 depth 12 0.02 s, depth 14 0.08 s; 5×5 depth 12
/// 0.08 s, depth 14 0.6 s), and used from the next iteration on. A deeper machine cuts more: Korf
/// & Felner's #40 with 6-6-6-6z, 10.5 M nodes with the move back alone, 6.9 M with depth 12,
/// 6.3 M with 14, 5.8 M with 16; #25, 142.8 M nodes in 29.3 s, 91.3 M in 21.1 s with 14, and 16
/// took as long as 14 (its build: 5 s and 0.4 GB; 1.6 M states where 14 has 0.33 M).
const SCHEDULE: [(u64, u32); 3] = [(0, 0), (5_000, 12), (200_000, 14)];

/// Boards of more cells than [`PACKED_CELLS`] take machines of at most this depth: their boards
/// are keyed by all their bytes, slower to hash.
const LARGE_DEPTH: u32 = 10;

/// The most cells of a board whose every cell's number fits in a [`u128`], five bits a cell.
const PACKED_CELLS: usize = 25;

/// A board packed into a word, five bits a cell.
fn packed(board: &[u8]) -> u128 {
    board
        .iter()
        .fold(0, |key, &cell| key << 5 | u128::from(cell))
}

impl Machines {
    /// The machine the next iteration of a search of a board of `shape` uses, the search
    /// having spent `more` nodes since it last asked: the deepest these machines' searches of
    /// the shape have paid for (`SCHEDULE`), or a deeper one built already (a search's nodes so
    /// depend on the searches before it that shared the machines, never its path); with
    /// `deepest`, the deepest at once.
    pub fn worth(&self, shape: Shape, more: u64, deepest: bool) -> Arc<Detours> {
        let (spent, cells) = (self.spend(shape, more), shape.cells() as u64);
        let paid = |&&(nodes, _): &&(u64, u32)| deepest || spent >= nodes * cells;
        let large = shape.cells() > PACKED_CELLS;
        let depth = match SCHEDULE.iter().filter(paid).map(|&(_, depth)| depth).max() {
            // a large board's only machine costs as much as a small one's deepest
            Some(_) if large && !paid(&&SCHEDULE[SCHEDULE.len() - 1]) => 0,
            Some(depth) if large => depth.min(LARGE_DEPTH),
            depth => depth.unwrap_or(0),
        };
        self.get(shape, depth.max(self.deepest(shape)))
    }
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
            next,
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

    #[test]
    fn machines_are_built_once_and_deepened_as_searches_pay() {
        let shape = Shape::new(3, 5).expect("a shape");
        let machines = Machines::default();
        assert_eq!(machines.worth(shape, 0, false).depth(), 0);
        assert!(Arc::ptr_eq(
            &machines.get(shape, 8),
            &machines.get(shape, 8)
        ));
        // the deepest built is used from then on
        assert_eq!(machines.worth(shape, 0, false).depth(), 8);
        // a search that asks for the deepest at once gets it; so does every later one
        let deepest = SCHEDULE[SCHEDULE.len() - 1].1;
        assert_eq!(machines.worth(shape, 0, true).depth(), deepest);
        assert_eq!(machines.worth(shape, 0, false).depth(), deepest);
        // other machines have paid for nothing
        assert_eq!(Machines::default().worth(shape, 0, false).depth(), 0);
    }
}
