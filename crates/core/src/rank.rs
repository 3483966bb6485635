//! Lehmer ranks, the one home of them: each of the 9! permutations of a 3×3 board's cells gets a
//! dense index below 9! through its Lehmer code (for each cell, how many later cells hold a
//! smaller value), so that search state lives in flat arrays instead of hash maps; and the same
//! code for any k values of n ([`rank_of`], [`unrank_of`]), which the small boards' tables (a
//! whole permutation) and the pattern databases (where k tiles of 16 stand) index by.

use super::packed::Packed;

/// How many ranks there are: 9!.
pub const COUNT: usize = 362_880;

/// `WEIGHT[i]` is (8 − i)!, the weight of the i-th Lehmer digit.
const WEIGHT: [u32; 9] = [40_320, 5_040, 720, 120, 24, 6, 2, 1, 1];

/// `ONES[mask]` is the number of set bits of a 9-bit mask: a table lookup, since the baseline
/// x86-64 target has no popcount instruction and its emulation costs a dozen operations.
pub(crate) const ONES: [u8; 512] = {
    let mut table = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// The rank of a board, below [`COUNT`].
///
/// Each Lehmer digit is the number of smaller values not yet used: the value less the count of
/// smaller values seen so far, one lookup on a bitmask. Nine steps, no inner loop.
///
/// ```
/// use eight_core::{rank, Packed};
/// assert_eq!(rank::rank(&Packed::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap()), 0);
/// assert_eq!(rank::rank(&Packed::from_cells([8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap()), 362_879);
/// ```
#[inline]
pub fn rank(board: &Packed) -> u32 {
    let mut seen = 0usize;
    let mut rank = 0;
    for (index, weight) in WEIGHT.into_iter().enumerate().take(8) {
        let cell = board.cell(index);
        let smaller = (1usize << cell) - 1;
        rank += (u32::from(cell) - u32::from(ONES[seen & smaller])) * weight;
        seen |= 1 << cell;
    }
    rank
}

/// The position of the `n`-th (from 0) lowest set bit of `mask`: the `n`-th smallest value
/// still unused when the set bits are the unused values. Drops the lowest bits, takes the next.
#[inline]
pub(crate) fn nth_set_bit(mask: u32, n: u32) -> u32 {
    let mut candidates = mask;
    for _ in 0..n {
        candidates &= candidates - 1;
    }
    candidates.trailing_zeros()
}

/// The board of a rank below [`COUNT`].
///
/// ```
/// use eight_core::{rank, Packed};
/// let board = Packed::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 5]).unwrap();
/// assert_eq!(rank::unrank(rank::rank(&board)), board);
/// ```
pub fn unrank(mut rank: u32) -> Packed {
    assert!((rank as usize) < COUNT, "rank {rank} is not below 9!");
    let mut unused = 0x1FFu32;
    let mut cells = [0u8; 9];
    for (cell, weight) in cells.iter_mut().zip(WEIGHT) {
        let value = nth_set_bit(unused, rank / weight);
        rank %= weight;
        *cell = value as u8;
        unused &= !(1 << value);
    }
    Packed::from_permutation(cells)
}

/// The Lehmer rank of `values` (distinct, each below `of`, at most 64) among the arrangements of
/// `values.len()` of `of` values: digit `i` counts the values below `values[i]` not used before
/// it, in radix `of − i`. Dense: below `of · (of − 1) · …` (`of!` for a whole permutation).
#[inline]
pub fn rank_of(values: &[u8], of: usize) -> usize {
    let mut seen = 0u64;
    let mut index = 0;
    for (i, &value) in values.iter().enumerate() {
        let below = (seen & ((1 << value) - 1)).count_ones() as usize;
        index = index * (of - i) + usize::from(value) - below;
        seen |= 1 << value;
    }
    index
}

/// The arrangement of rank `index`, into `values`: the inverse of [`rank_of`].
pub fn unrank_of(mut index: usize, of: usize, values: &mut [u8]) {
    let mut digits = [0; 64];
    for i in (0..values.len()).rev() {
        digits[i] = index % (of - i);
        index /= of - i;
    }
    let mut free = if of == 64 { u64::MAX } else { (1u64 << of) - 1 };
    for (value, &digit) in values.iter_mut().zip(&digits) {
        let mut rest = free;
        for _ in 0..digit {
            rest &= rest - 1;
        }
        *value = rest.trailing_zeros() as u8;
        free &= !(1 << *value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_permutation() {
        for index in 0..COUNT as u32 {
            let board = unrank(index);
            assert!(Packed::from_cells(board.cells()).is_some());
            // the packing found the blank where the cells have it
            assert_eq!(board.cells()[board.blank()], crate::BLANK, "board {board}");
            assert_eq!(rank(&board), index, "board {board}");
        }
    }

    #[test]
    fn orders_ranks_like_the_permutations() {
        let mut previous = unrank(0);
        for index in 1..COUNT as u32 {
            let board = unrank(index);
            assert!(previous.cells() < board.cells(), "{previous} then {board}");
            previous = board;
        }
    }

    #[test]
    fn the_general_rank_is_the_packed_one_on_every_permutation() {
        for index in 0..COUNT as u32 {
            let cells = unrank(index).cells();
            assert_eq!(rank_of(&cells, 9), index as usize);
            let mut back = [0; 9];
            unrank_of(index as usize, 9, &mut back);
            assert_eq!(back, cells);
        }
        // three of sixteen, every one once
        let mut seen = vec![false; 16 * 15 * 14];
        for a in 0..16u8 {
            for b in (0..16).filter(|&b| b != a) {
                for c in (0..16).filter(|&c| c != a && c != b) {
                    let index = rank_of(&[a, b, c], 16);
                    assert!(!std::mem::replace(&mut seen[index], true), "{a} {b} {c}");
                    let mut back = [0; 3];
                    unrank_of(index, 16, &mut back);
                    assert_eq!(back, [a, b, c]);
                }
            }
        }
    }
}
