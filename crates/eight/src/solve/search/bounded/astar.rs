//! One weighted A* (Pohl 1970): boards taken in the order of `g + w·h`, `h` the Manhattan
//! distance plus linear conflicts (admissible), reopened when reached by a shorter way. It keeps
//! every board it meets, packed ten cells a word, so boards of up to 70 cells.
//!
//! What it proves: when it takes a board whose `g + w·h` is at least the best path's length
//! `U`, every open board has `g + h ≥ U / w`; and at every moment some open board lies on a
//! shortest path with its true `g` (the boards are reopened), unless a board of a shortest path
//! was cut for `g + h ≥ U`, in which case `U` is the shortest. So the least `g + h` of the open
//! boards, or `U` if smaller, is a lower bound on the shortest path, which the run gives however
//! it ends (done, out of nodes or time).

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Path};
use crate::solve::search::fast::estimate::{Value, Weighted};

/// Cells a word of a packed board holds, six bits each.
const PER_WORD: usize = 10;

/// The most cells a board the bounded search keeps may have.
pub const MOST_CELLS: usize = 7 * PER_WORD;

/// What a run is asked.
#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    /// `w`, in hundredths.
    pub(super) weight: u32,
    /// The length of the best path known, which a board must beat to be kept.
    pub(super) best: u32,
    /// The most boards it may keep.
    pub(super) nodes: usize,
    /// Whether it ends once it has proved the best path within `w` of the shortest (every open
    /// board's `g + w·h` at least its length); else it goes on while a board may lead to a
    /// shorter path, improving the path and the bound.
    pub(super) prove: bool,
}

/// How a run ended.
#[derive(Debug)]
pub(super) struct Ran {
    /// A path shorter than `Run::best`, if it found one.
    pub(super) path: Option<Path>,
    /// The lower bound it proved on the shortest path's length.
    pub(super) lower_bound: u32,
    /// The boards it kept.
    pub(super) nodes: usize,
}

/// A board met: its parent's index, the move from it, and its `g` and `h`.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    step: Option<Move>,
    g: u16,
    h: u16,
    blank: u8,
}

/// One weighted run from `start` (which reaches `goal`, both of at most [`MOST_CELLS`] cells)
/// that gives up after `stop` says so (asked every few thousand boards).
pub(super) fn run(
    start: &Board,
    goal: &Board,
    estimate: &Weighted,
    ask: Run,
    stop: &mut dyn FnMut() -> bool,
) -> Ran {
    match start.cells().len().div_ceil(PER_WORD) {
        0..=2 => search::<2>(start, goal, estimate, ask, stop),
        3 => search::<3>(start, goal, estimate, ask, stop),
        4 => search::<4>(start, goal, estimate, ask, stop),
        5 => search::<5>(start, goal, estimate, ask, stop),
        _ => search::<7>(start, goal, estimate, ask, stop),
    }
}

fn pack<const W: usize>(cells: &[u8]) -> [u64; W] {
    let mut key = [0u64; W];
    for (cell, &tile) in cells.iter().enumerate() {
        key[cell / PER_WORD] |= u64::from(tile) << (6 * (cell % PER_WORD));
    }
    key
}

fn unpack<const W: usize>(key: &[u64; W], cells: &mut [u8]) {
    for (cell, tile) in cells.iter_mut().enumerate() {
        *tile = ((key[cell / PER_WORD] >> (6 * (cell % PER_WORD))) & 63) as u8;
    }
}

/// `key` with `tile` moved from cell `from` to the blank's cell `to`.
fn moved<const W: usize>(mut key: [u64; W], tile: u8, from: usize, to: usize) -> [u64; W] {
    key[from / PER_WORD] ^= u64::from(tile) << (6 * (from % PER_WORD));
    key[to / PER_WORD] ^= u64::from(tile) << (6 * (to % PER_WORD));
    key
}

fn search<const W: usize>(
    start: &Board,
    goal: &Board,
    estimate: &Weighted,
    ask: Run,
    stop: &mut dyn FnMut() -> bool,
) -> Ran {
    let shape = start.shape();
    let n = start.cells().len();
    let goal_key = pack::<W>(goal.cells());
    let mut keys: Vec<[u64; W]> = vec![pack(start.cells())];
    let h = estimate.of(start.cells()).estimate;
    let mut nodes = vec![Node {
        parent: u32::MAX,
        step: None,
        g: 0,
        h: h as u16,
        blank: start.blank() as u8,
    }];
    let mut index: FxHashMap<[u64; W], u32> = FxHashMap::default();
    index.insert(keys[0], 0);
    // (Reverse(g·100 + w·h), g, node): the least weighted estimate first, the deepest of equals
    let mut open = BinaryHeap::from([(Reverse(ask.weight * h), 0u16, 0u32)]);
    let mut best = ask.best;
    let mut found: Option<u32> = None;
    let mut cells = vec![0u8; n];
    let mut scratch = vec![0u8; n];
    let mut taken = 0usize;
    let weighed = |g: u32, h: u32| 100 * g + ask.weight * h;
    while let Some(&(Reverse(f), g, at)) = open.peek() {
        if ask.prove && f >= 100 * best {
            break;
        }
        open.pop();
        let node = nodes[at as usize];
        if node.g != g {
            continue; // reached since by a shorter way
        }
        taken += 1;
        if taken % 4096 == 0 && (stop() || nodes.len() >= ask.nodes) {
            break;
        }
        let key = keys[at as usize];
        unpack(&key, &mut cells);
        let blank = usize::from(node.blank);
        let g = u32::from(node.g) + 1;
        for step in Move::ALL {
            if node.step == Some(step.opposite()) {
                continue;
            }
            let Some(from) = shape.target(blank, step) else {
                continue;
            };
            let tile = cells[from];
            let vertical = matches!(step, Move::Up | Move::Down);
            let before = Value {
                estimate: u32::from(node.h),
                line: 0,
            };
            let value = estimate
                .after(before, &cells, &mut scratch, tile, from, blank, vertical)
                .estimate;
            if g + value >= best {
                continue; // cannot lead to a shorter path than the best
            }
            let child = moved(key, tile, from, blank);
            let made = Node {
                parent: at,
                step: Some(step),
                g: g as u16,
                h: value as u16,
                blank: from as u8,
            };
            let id = match index.entry(child) {
                Entry::Occupied(entry) => {
                    let id = *entry.get();
                    if u32::from(nodes[id as usize].g) <= g {
                        continue;
                    }
                    nodes[id as usize] = made;
                    id
                }
                Entry::Vacant(entry) => {
                    let id = nodes.len() as u32;
                    entry.insert(id);
                    nodes.push(made);
                    keys.push(child);
                    id
                }
            };
            if value == 0 && child == goal_key {
                best = g;
                found = Some(id);
            }
            open.push((Reverse(weighed(g, value)), g as u16, id));
        }
    }
    // the least g + h of the boards still open, or the best path's length if smaller
    let lower_bound = open
        .iter()
        .filter(|&&(_, g, at)| nodes[at as usize].g == g)
        .map(|&(_, g, at)| u32::from(g) + u32::from(nodes[at as usize].h))
        .fold(best, u32::min);
    let path = found.map(|mut at| {
        let mut moves = Vec::new();
        while let Some(step) = nodes[at as usize].step {
            moves.push(step);
            at = nodes[at as usize].parent;
        }
        moves.reverse();
        Path(moves)
    });
    Ran {
        path,
        lower_bound,
        nodes: nodes.len(),
    }
}
