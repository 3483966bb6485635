//! Where a pattern's tiles stand, as one index, two ways. A *rank* reads the tiles' cells as a
//! k-permutation of the 16 cells, numbered by a mixed-radix Lehmer code (digit `i` counts the
//! free cells below tile `i`'s, in radix `16 − i`): dense, `16!/(16−k)!` of them, what the
//! databases' build keeps a byte or two of per placement. An *address* reads them as the digits
//! of a base-16 number: sparse (`16^k`, three in ten used for six tiles), but a move changes it
//! by one shifted difference, with no rank to recompute: what the search looks up, measured at
//! half the instructions of a rank per lookup (which needs a population count per tile).

use eight_core::rank::{rank_of, unrank_of};

/// The cells of the 15-puzzle.
pub const CELLS: usize = 16;

/// The number of placements of `tiles` tiles: `16 · 15 · … · (16 − tiles + 1)`.
pub const fn placements(tiles: usize) -> usize {
    let mut count = 1;
    let mut i = 0;
    while i < tiles {
        count *= CELLS - i;
        i += 1;
    }
    count
}

/// The number of addresses of `tiles` tiles: `16^tiles`.
pub const fn addresses(tiles: usize) -> usize {
    1 << (4 * tiles)
}

/// The address of `cells`: tile `i`'s cell is the base-16 digit of weight `16^i`.
#[inline]
pub fn address(cells: &[u8]) -> usize {
    cells
        .iter()
        .rev()
        .fold(0, |address, &cell| address << 4 | usize::from(cell))
}

/// The index of `cells` (distinct, below 16) among the placements of as many tiles: their
/// Lehmer rank ([`eight_core::rank::rank_of`]).
#[inline]
pub fn rank(cells: &[u8]) -> usize {
    rank_of(cells, CELLS)
}

/// The placement of index `index`: the inverse of [`rank`], into `cells`.
pub fn unrank(index: usize, cells: &mut [u8]) {
    unrank_of(index, CELLS, cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_every_placement_of_three_tiles_once_and_back() {
        let mut seen = vec![false; placements(3)];
        for a in 0..16u8 {
            for b in (0..16u8).filter(|&b| b != a) {
                for c in (0..16u8).filter(|&c| c != a && c != b) {
                    let index = rank(&[a, b, c]);
                    assert!(!seen[index], "{a} {b} {c}");
                    seen[index] = true;
                    let mut back = [0; 3];
                    unrank(index, &mut back);
                    assert_eq!(back, [a, b, c]);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn counts_placements() {
        assert_eq!(placements(6), 5_765_760);
        assert_eq!(placements(3), 3_360);
        assert_eq!(rank(&[15, 14, 13, 12, 11, 10]), placements(6) - 1);
    }
}
