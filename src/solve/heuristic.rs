//! What IDA* needs of a heuristic: an admissible estimate of the moves left, kept up to date move
//! by move. Each heuristic is one file beside this one (`conflicts`, the pattern databases'
//! `pdb::lookup`), and the engine chooses one by shape.

/// An admissible estimate of the moves left, told of every move of the search and of its undoing.
pub trait Heuristic {
    /// What [`Heuristic::unslide`] needs to undo a move.
    type Undo: Copy;

    /// The estimate of the board as it stands; 0 only at the goal.
    fn estimate(&self) -> u32;

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
