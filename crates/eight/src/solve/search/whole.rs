//! The whole-space tables as a search: a 3×3 board is relabelled for its goal's canonical table
//! (embedded at compile time) and looked up, one index for its parity and its path; a board of
//! another shape of up to 9 cells is walked down its shape's table, built on first use and kept
//! in the store. The 3×3 lookup is also the engine's quick path: [`Whole::walk`] hands a path's
//! moves to a sink without allocating, inlined into it.

use std::sync::Arc;

use super::{Control, Method, Outcome, Query, Search, Solution};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::{Move, Path};
use crate::solve::store::Store;
use eight_core::packed::Packed;
use eight_core::state::class_index;
use eight_core::table::{Table, Walk};

/// A 3×3 goal as the tables see it, kept from one query to the next (the cases of a run
/// usually share their goal).
#[derive(Clone, Copy)]
struct Target {
    cells: [u8; 9],
    /// The cell of its blank: which table serves it.
    blank: usize,
    /// What each value of a board becomes for the goal's canonical table (`None`: the goal is
    /// canonical already, nothing to rename).
    names: Option<[u8; 9]>,
}

/// The whole-space tables; see the module's documentation.
pub struct Whole {
    /// Where the other shapes' tables are kept.
    store: Arc<Store>,
    /// The last 3×3 goal asked about.
    target: Option<Target>,
}

/// The cells of a 3×3 board; `None` for other shapes.
#[inline]
pub(crate) fn square3(board: &Board) -> Option<&[u8; 9]> {
    match board.shape() == Shape::SQUARE3 {
        true => board.cells().try_into().ok(),
        false => None,
    }
}

impl Whole {
    /// The tables, the other shapes' kept in `store`.
    pub fn new(store: Arc<Store>) -> Whole {
        Whole {
            store,
            target: None,
        }
    }

    /// The fewest moves from the 3×3 board `start` to `goal`; `None` if it does not reach it.
    #[inline]
    pub fn distance(&mut self, start: &[u8; 9], goal: &[u8; 9]) -> Option<u32> {
        let (index, table) = self.find(start, goal)?;
        Some(table.index_distance(index))
    }

    /// Hands the moves of the canonical path from the 3×3 board `start` to `goal` to `sink`, one
    /// lookup of its path word; `None` if it does not reach it.
    #[inline]
    pub fn walk<S: MoveSink>(
        &mut self,
        start: &[u8; 9],
        goal: &[u8; 9],
        sink: S,
    ) -> Option<S::Output> {
        let (index, table) = self.find(start, goal)?;
        Some(sink.take_walk(table.walk_index(index)))
    }

    /// The canonical path from `start` to `goal`, of any shape of up to 9 cells; `None` if it
    /// does not reach it.
    pub fn path(&mut self, start: &Board, goal: &Board) -> Option<Path> {
        match (square3(start), square3(goal)) {
            (Some(start), Some(goal)) => self.walk(start, goal, Collect),
            _ => self.store.small.path(start, goal),
        }
    }

    /// The index of `start` in the table of `goal`, and the table; `None` if their parities
    /// differ. One index gives both: relabelling keeps reachability.
    #[inline]
    fn find(&mut self, start: &[u8; 9], goal: &[u8; 9]) -> Option<(u32, &Table)> {
        let target = self.target(goal);
        let (index, parity) = match &target.names {
            None => class_index(start),
            Some(names) => {
                let mut relabelled = [0; 9];
                for (new, &old) in relabelled.iter_mut().zip(start) {
                    *new = names[usize::from(old)];
                }
                class_index(&relabelled)
            }
        };
        let table = self.store.tables().get(target.blank);
        (parity == table.parity()).then_some((index, table))
    }

    /// The 3×3 goal of these cells as its table sees it, remembered for the next query.
    #[inline(always)]
    fn target(&mut self, goal: &[u8; 9]) -> Target {
        match self.target {
            Some(target) if target.cells == *goal => target,
            _ => {
                let packed = Packed::from_permutation(*goal);
                let blank = packed.blank();
                let canonical = *self.store.tables().get(blank).goal();
                let names = (packed != canonical).then(|| {
                    let mut names = [0; 9];
                    for (&old, new) in goal.iter().zip(canonical.cells()) {
                        names[usize::from(old)] = new;
                    }
                    names
                });
                let target = Target {
                    cells: *goal,
                    blank,
                    names,
                };
                self.target = Some(target);
                target
            }
        }
    }
}

impl Search for Whole {
    fn search(&mut self, query: &Query, _: &Control) -> Solution {
        let (found, unreachable) = match (square3(query.start), square3(query.goal)) {
            // a 3×3 lookup decides the parity itself
            (Some(start), Some(goal)) => (self.walk(start, goal, Collect), Method::Parity),
            _ => (
                self.store.small.path(query.start, query.goal),
                Method::Table,
            ),
        };
        match found {
            Some(path) => Solution::said(Outcome::Found(path), Method::Table),
            None => Solution::said(Outcome::Unreachable, unreachable),
        }
    }
}

/// Collects the walked moves into a path.
pub struct Collect;

impl MoveSink for Collect {
    type Output = Path;

    fn take(self, moves: impl Iterator<Item = Move>) -> Path {
        Path(moves.collect())
    }
}

/// What takes the moves of a canonical path from the engine's `walk`: generic over their
/// iterator, so that each search's moves are consumed by code made for them (a closure could
/// take only one iterator type, and choosing between two at every move costs a quarter of a
/// path's time).
pub trait MoveSink {
    /// What taking the moves gives.
    type Output;

    /// Takes every move, in order.
    fn take(self, moves: impl Iterator<Item = Move>) -> Self::Output;

    /// Takes the moves of a table's path word, which a sink may read two bits a move at once
    /// rather than one move at a time.
    fn take_walk(self, walk: Walk) -> Self::Output
    where
        Self: Sized,
    {
        self.take(walk)
    }
}
