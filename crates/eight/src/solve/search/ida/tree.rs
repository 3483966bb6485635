//! The depth-first search of one of IDA*'s iterations: the board in a flat array, the moves
//! so far, the heuristic kept in step move by move, and the machine that cuts detours.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::{Detours, Heuristic, Meter, DETOUR};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Move;
use crate::puzzle::BLANK;

/// One iteration's tree, searched depth first: the board, the moves so far, the nodes spent,
/// the heuristic in step, and the meter its threads share.
#[derive(Clone)]
pub(super) struct Tree<'m, H> {
    /// The board, in an array of every cell a board may have: indexed by a byte, never
    /// checked against its length.
    pub(super) cells: [u8; MOST_CELLS],
    pub(super) blank: u8,
    /// The cell the blank reaches from each cell by each move.
    pub(super) targets: [[Option<u8>; 4]; MOST_CELLS],
    pub(super) moves: Vec<Move>,
    /// The state of the machine that cuts detours, after the moves so far.
    pub(super) state: u32,
    pub(super) detours: Arc<Detours>,
    pub(super) nodes: u64,
    pub(super) budget: u64,
    pub(super) heuristic: H,
    pub(super) meter: &'m Meter<'m>,
    /// Set when a thread has found a path that ends the search ([`Want::Shortest`]): the
    /// others give up theirs.
    pub(super) found: &'m AtomicBool,
}

pub(super) enum Step {
    Found,
    /// The smallest estimate above the bound met (`u32::MAX` if none).
    Above(u32),
    Exhausted,
}

impl<'m, H: Heuristic> Tree<'m, H> {
    /// A search from `start`, with `heuristic` in step with it, told to `meter`.
    pub(super) fn new(
        start: &Board,
        heuristic: H,
        budget: u64,
        detours: Arc<Detours>,
        (meter, found): (&'m Meter<'m>, &'m AtomicBool),
    ) -> Tree<'m, H> {
        let shape = start.shape();
        let mut cells = [BLANK; MOST_CELLS];
        cells[..start.cells().len()].copy_from_slice(start.cells());
        let mut targets = [[None; 4]; MOST_CELLS];
        for (cell, targets) in targets.iter_mut().enumerate().take(start.cells().len()) {
            *targets = Move::ALL.map(|step| shape.target(cell, step).map(|t| t as u8));
        }
        Tree {
            cells,
            blank: start.blank() as u8,
            targets,
            moves: Vec::new(),
            state: detours.start(start.blank()),
            detours,
            nodes: 0,
            budget,
            heuristic,
            meter,
            found,
        }
    }

    /// Makes the legal move `step`, keeping the heuristic in step.
    /// What it returns takes the move back ([`Tree::unplay`]).
    pub(super) fn play(&mut self, step: Move) -> Played<H::Undo> {
        let target = self.targets[usize::from(self.blank)][step as usize].expect("a legal move");
        let (from, to) = (usize::from(target), usize::from(self.blank));
        let tile = self.cells[from];
        self.cells[to] = tile;
        self.cells[from] = BLANK;
        self.blank = target;
        let vertical = matches!(step, Move::Up | Move::Down);
        let undo = self.heuristic.slide(&self.cells, tile, from, to, vertical);
        self.moves.push(step);
        let state = self.state;
        self.state = self.detours.next(state, step);
        Played {
            tile,
            from: from as u8,
            to: to as u8,
            vertical,
            undo,
            state,
        }
    }

    /// Takes back the last move [`Tree::play`] made, which returned `played`.
    pub(super) fn unplay(&mut self, played: Played<H::Undo>) {
        let Played {
            tile,
            from,
            to,
            vertical,
            undo,
            state,
        } = played;
        let (from, to) = (usize::from(from), usize::from(to));
        self.heuristic.unslide(tile, from, to, vertical, undo);
        self.cells[from] = tile;
        self.cells[to] = BLANK;
        self.blank = to as u8;
        self.moves.pop();
        self.state = state;
    }

    /// Searches below the board as it stands, `depth` moves in, `last` the move that led here:
    /// at depth `split`, hands the moves that led there and the board's estimate to `leaf`
    /// instead of going deeper.
    pub(super) fn dfs(
        &mut self,
        depth: u32,
        bound: u32,
        last: Option<Move>,
        split: u32,
        leaf: &mut impl FnMut(&[Move], u32),
    ) -> Step {
        let estimate = self.heuristic.estimate();
        self.dfs_at(depth, estimate, bound, last, split, leaf)
    }

    /// [`Search::dfs`] below a board whose estimate is `estimate`, as its parent judged it.
    pub(super) fn dfs_at(
        &mut self,
        depth: u32,
        estimate: u32,
        bound: u32,
        last: Option<Move>,
        split: u32,
        leaf: &mut impl FnMut(&[Move], u32),
    ) -> Step {
        if depth + estimate > bound {
            return Step::Above(depth + estimate);
        }
        if estimate == 0 {
            return Step::Found;
        }
        if depth == split {
            leaf(&self.moves, estimate);
            return Step::Above(u32::MAX);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::Exhausted;
        }
        if self.nodes & PROGRESS_NODES == 0
            && (!self.meter.add(PROGRESS_NODES + 1) || self.found.load(Ordering::Relaxed))
        {
            return Step::Exhausted;
        }
        let mut above = u32::MAX;
        for step in Move::ALL {
            if last == Some(step.opposite()) {
                continue;
            }
            let Some(target) = self.targets[usize::from(self.blank)][step as usize] else {
                continue;
            };
            let state = self.detours.next(self.state, step);
            if state == DETOUR {
                continue;
            }
            let (from, to) = (usize::from(target), usize::from(self.blank));
            let vertical = matches!(step, Move::Up | Move::Down);
            let tile = self.cells[from];
            self.cells[to] = tile;
            self.cells[from] = BLANK;
            self.blank = target;
            let undo = self.heuristic.slide(&self.cells, tile, from, to, vertical);
            // most children lie past the bound: they are cut here, without a call
            let estimate = self.heuristic.estimate_within(bound - depth - 1);
            if depth + 1 + estimate > bound {
                above = above.min(depth + 1 + estimate);
            } else {
                self.moves.push(step);
                let before = std::mem::replace(&mut self.state, state);
                let below = self.dfs_at(depth + 1, estimate, bound, Some(step), split, leaf);
                self.state = before;
                match below {
                    Step::Found => return Step::Found,
                    Step::Exhausted => return Step::Exhausted,
                    Step::Above(next) => above = above.min(next),
                }
                self.moves.pop();
            }
            self.heuristic.unslide(tile, from, to, vertical, undo);
            self.cells[from] = tile;
            self.cells[to] = BLANK;
            self.blank = to as u8;
        }
        Step::Above(above)
    }
}

/// A move [`Tree::play`] made, with what takes it back: the tile moved, the cells it moved
/// from and to, whether between rows, the heuristic's undo and the machine's state before it.
pub(super) struct Played<U> {
    tile: u8,
    from: u8,
    to: u8,
    vertical: bool,
    undo: U,
    state: u32,
}

/// The most cells of a board: 16 by 16.
const MOST_CELLS: usize = Shape::MAX_SIDE as usize * Shape::MAX_SIDE as usize;

/// One less than the nodes between two looks at the control: its stop flag and its watcher.
const PROGRESS_NODES: u64 = 0xFFFF;
