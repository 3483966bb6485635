//! 3×3 boards packed in one word, for the 3×3 fast path: nine cells in row-major order, tiles
//! 1–8 and the blank (0). An `eight::Board` of shape 3×3 packs into one and back; nothing above the
//! solvers sees this form.

use std::fmt;

use crate::moves::Move;
use crate::BLANK;

/// A valid board: each of the blank and the tiles 1–8 exactly once.
///
/// Packed in one word, a cell a nibble and the blank's index above them, so that a move is a
/// few register operations and a copy is a single load.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Packed {
    bits: u64,
}

const BLANK_SHIFT: u32 = 36;

/// The cell the blank reaches from each cell by each move (in [`Move::ALL`] order),
/// or `NONE` where the move would leave the board.
pub(crate) const NONE: u8 = u8::MAX;
pub(crate) const TARGETS: [[u8; 4]; 9] = {
    let mut table = [[NONE; 4]; 9];
    let mut cell = 0;
    while cell < 9 {
        let (row, column) = (cell / 3, cell % 3);
        if row < 2 {
            table[cell][Move::Down as usize] = (cell + 3) as u8;
        }
        if column > 0 {
            table[cell][Move::Left as usize] = (cell - 1) as u8;
        }
        if column < 2 {
            table[cell][Move::Right as usize] = (cell + 1) as u8;
        }
        if row > 0 {
            table[cell][Move::Up as usize] = (cell - 3) as u8;
        }
        cell += 1;
    }
    table
};

impl Packed {
    /// The board with these cells, if it holds each of the blank (0) and 1–8 exactly once.
    ///
    /// ```
    /// use eight_core::Packed;
    /// assert!(Packed::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 5]).is_some());
    /// assert!(Packed::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 6]).is_none());
    /// ```
    #[inline]
    pub const fn from_cells(cells: [u8; 9]) -> Option<Packed> {
        // loops by hand, so that the judges' goals can be constants
        let mut seen = 0u16;
        let mut index = 0;
        while index < 9 {
            let cell = cells[index];
            if cell >= 9 || seen & 1 << cell != 0 {
                return None;
            }
            seen |= 1 << cell;
            index += 1;
        }
        Some(Packed::from_permutation(cells))
    }

    /// A board from cells already known to be a permutation of 0–8 (anything else gives some
    /// board, never undefined behaviour).
    ///
    /// Branch-free, a few operations on one word: the first eight cells are read as the bytes of
    /// a `u64`, squeezed into nibbles by three shift-and-mask steps, and the blank found as the
    /// lowest zero byte (the ninth cell when there is none), so that packing a board the reader
    /// has checked costs about as much as copying it.
    #[inline]
    pub const fn from_permutation(cells: [u8; 9]) -> Packed {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let low = u64::from_le_bytes([
            cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7],
        ]);
        // each byte below 16: pairs of bytes into bytes, pairs of those into halves, and so on
        let mut bits = (low | low >> 4) & 0x00FF_00FF_00FF_00FF;
        bits = (bits | bits >> 8) & 0x0000_FFFF_0000_FFFF;
        bits = (bits | bits >> 16) & 0x0000_0000_FFFF_FFFF;
        bits |= (cells[8] as u64) << 32;
        // the lowest zero byte of the first eight sets its top bit here (borrows only go up)
        let zero = low.wrapping_sub(ONES) & !low & (ONES << 7);
        let blank = if zero == 0 {
            8
        } else {
            zero.trailing_zeros() as u64 / 8
        };
        Packed {
            bits: bits | blank << BLANK_SHIFT,
        }
    }

    /// The nine cells, row-major; the blank is 0.
    #[inline]
    pub fn cells(&self) -> [u8; 9] {
        let mut cells = [0; 9];
        for (index, cell) in cells.iter_mut().enumerate() {
            *cell = self.cell(index);
        }
        cells
    }

    /// The value of cell `index` (0–8, row-major); the blank is 0.
    #[inline]
    pub fn cell(&self, index: usize) -> u8 {
        (self.bits >> (4 * index) & 0xF) as u8
    }

    /// The index (0–8) of the blank's cell.
    #[inline]
    pub fn blank(&self) -> usize {
        (self.bits >> BLANK_SHIFT) as usize
    }

    /// The board after moving the blank, or `None` if that would leave the board.
    #[inline]
    pub fn apply(&self, step: Move) -> Option<Packed> {
        let blank = self.blank();
        let target = TARGETS[blank][step as usize];
        (target != NONE).then(|| {
            let target = usize::from(target);
            // The blank's nibble is 0: the tile moves by two exclusive ors.
            let tile = u64::from(self.cell(target));
            let moved = self.bits ^ tile << (4 * target) ^ tile << (4 * blank);
            Packed {
                bits: moved ^ ((blank ^ target) as u64) << BLANK_SHIFT,
            }
        })
    }

    /// Every legal move with the board it leads to, in the canonical order `d < l < r < u`.
    #[inline]
    pub fn neighbours(&self) -> impl Iterator<Item = (Move, Packed)> + '_ {
        Move::ALL
            .into_iter()
            .filter_map(move |step| self.apply(step).map(|next| (step, next)))
    }

    /// The number of inversions among the tiles, blank left out: pairs of tiles in reading
    /// order whose values are in the other order.
    #[inline]
    pub fn inversions(&self) -> u32 {
        let mut seen = 0u16;
        let mut inversions = 0;
        for index in 0..9 {
            let tile = self.cell(index);
            if tile != BLANK {
                // tiles seen so far that are larger than this one
                inversions += (seen >> tile).count_ones();
                seen |= 1 << tile;
            }
        }
        inversions
    }

    /// The parity (0 or 1) of the [inversions](Packed::inversions).
    ///
    /// A move keeps it: a horizontal move changes no tile order, a vertical one moves a tile
    /// past two others. So boards of different parity never reach each other; and boards of
    /// equal parity always do (the 8-puzzle's state graph has exactly two components).
    #[inline]
    pub fn parity(&self) -> u8 {
        (self.inversions() & 1) as u8
    }

    /// This board with every value renamed: the value at each cell of `from` becomes the value
    /// at the same cell of `to`. Moves act on cells, not values, so a relabelled board is as
    /// far from the relabelled goal as the board was from its own.
    #[inline]
    pub fn relabel(&self, from: &Packed, to: &Packed) -> Packed {
        let mut names = [0u8; 9];
        for index in 0..9 {
            names[usize::from(from.cell(index))] = to.cell(index);
        }
        let mut cells = [0u8; 9];
        for (index, cell) in cells.iter_mut().enumerate() {
            *cell = names[usize::from(self.cell(index))];
        }
        Packed::from_permutation(cells)
    }

    /// Whether `goal` can be reached from this board, decided by parity without search.
    #[inline]
    pub fn reaches(&self, goal: &Packed) -> bool {
        self.parity() == goal.parity()
    }
}

impl fmt::Display for Packed {
    /// The nine cells glued, with `0` for the blank (`283104765`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cells()
            .iter()
            .try_for_each(|cell| write!(f, "{}", char::from(b'0' + cell)))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A board from its glued cells, `x` or `0` the blank (the reader is a layer above).
    pub(crate) fn board(text: &str) -> Packed {
        let cells: Vec<u8> = text
            .bytes()
            .map(|byte| if byte == b'x' { BLANK } else { byte - b'0' })
            .collect();
        Packed::from_cells(cells.try_into().expect("nine cells")).expect("a valid board")
    }

    #[test]
    fn moves_the_blank_in_each_direction() {
        let centre = board("123804765");
        assert_eq!(centre.apply(Move::Down), Some(board("123864705")));
        assert_eq!(centre.apply(Move::Left), Some(board("123084765")));
        assert_eq!(centre.apply(Move::Right), Some(board("123840765")));
        assert_eq!(centre.apply(Move::Up), Some(board("103824765")));
    }

    #[test]
    fn refuses_moves_off_the_board() {
        let corner = board("12345678x");
        assert_eq!(corner.apply(Move::Down), None);
        assert_eq!(corner.apply(Move::Right), None);
        let moves: String = corner.neighbours().map(|(m, _)| m.letter()).collect();
        assert_eq!(moves, "lu");
    }

    #[test]
    fn rejects_cells_that_are_not_a_permutation() {
        assert_eq!(Packed::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 9]), None);
        assert_eq!(Packed::from_cells([1, 1, 3, 4, 5, 6, 7, 8, 0]), None);
        assert_eq!(Packed::from_cells([0, 0, 3, 4, 5, 6, 7, 8, 2]), None);
        assert_eq!(Packed::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 200]), None);
    }

    #[test]
    fn parity_counts_tile_inversions_without_the_blank() {
        assert_eq!(board("12345678x").inversions(), 0);
        assert_eq!(board("x87654321").inversions(), 28);
        assert_eq!(board("12345678x").parity(), 0);
        assert_eq!(board("21345678x").parity(), 1);
        // 8 before 1..7 makes 7 inversions; the blank in front adds none
        assert_eq!(board("x81234567").parity(), 1);
        assert!(board("283104765").reaches(&board("123804765")));
        assert!(!board("12345687x").reaches(&board("12345678x")));
    }

    #[test]
    fn relabels_values_and_keeps_cells() {
        let from = board("12345678x");
        let to = board("87654321x");
        assert_eq!(
            board("x12345678").relabel(&from, &to).to_string(),
            "087654321"
        );
    }
}
