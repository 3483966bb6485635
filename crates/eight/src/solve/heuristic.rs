//! What IDA* needs of a heuristic: an admissible estimate of the moves left, kept up to date move
//! by move ([`Heuristic`]), made for each query by an [`Evaluator`] that holds what it looks up
//! (in the manner of Fast Downward's evaluators). Each heuristic is one file beside this one
//! (`conflicts`, the pattern databases' `pdb::lookup`); the engine's
//! plan chooses one.

use crate::puzzle::board::Board;
use crate::solve::report::Method;

/// What makes a heuristic for each query: its tables, if it has any.
pub trait Evaluator: Send + Sync {
    /// The heuristic it makes, which may borrow its tables.
    type Heuristic<'a>: Heuristic + Clone + Send + Sync
    where
        Self: 'a;

    /// The heuristic of a search from `start` to `goal`, in step with `start`.
    fn heuristic<'a>(&'a self, start: &Board, goal: &Board) -> Self::Heuristic<'a>;

    /// What a search guided by it is called in reports.
    fn method(&self) -> Method;
}

/// An admissible estimate of the moves left, told of every move of the search and of its undoing.
pub trait Heuristic {
    /// What [`Heuristic::unslide`] needs to undo a move.
    type Undo: Copy;

    /// The estimate of the board as it stands; 0 only at the goal.
    fn estimate(&self) -> u32;

    /// [`Heuristic::estimate`] when it is at most `limit`; else an admissible estimate above
    /// `limit`, which an estimate made of several lookups may give after the first that passes
    /// it (the search cuts the board either way).
    #[inline]
    fn estimate_within(&mut self, limit: u32) -> u32 {
        let _ = limit;
        self.estimate()
    }

    /// `tile` has moved from `from` to `to` (the blank's cell before the move); `cells` begins
    /// with the board after it (and may run on past its last cell); `vertical` tells a move
    /// between rows.
    fn slide(
        &mut self,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        vertical: bool,
    ) -> Self::Undo;

    /// Undoes the [`Heuristic::slide`] of the same arguments, which returned `undo`.
    fn unslide(&mut self, tile: u8, from: usize, to: usize, vertical: bool, undo: Self::Undo);
}

/// An evaluator shared with the store that keeps its tables.
impl<E: Evaluator> Evaluator for std::sync::Arc<E> {
    type Heuristic<'a>
        = E::Heuristic<'a>
    where
        Self: 'a;

    fn heuristic<'a>(&'a self, start: &Board, goal: &Board) -> E::Heuristic<'a> {
        (**self).heuristic(start, goal)
    }

    fn method(&self) -> Method {
        (**self).method()
    }
}
