//! A pattern: some tiles of a square board, named by their home cells, and how a placement of
//! them (the cells where they stand) is indexed: by its Lehmer rank (k of n cells: dense,
//! `n!/(n−k)!` of them), or, for a small pattern of the 4×4 board, by its address (its cells as
//! base-16 digits: `16^k`, sparse), which a move updates in one shift; or, zero-aware, by its
//! placement and the blank's region (the `zero` module).

use std::sync::Arc;

use super::zero::{Deferred, Entries};
use super::MOST_TILES;

/// A pattern: some tiles of a square board of `side` cells a side, named by their home cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pattern {
    side: u8,
    homes: Vec<u8>,
    indexing: Indexing,
}

/// How a pattern's entries are indexed.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Indexing {
    /// By a placement's rank (dense).
    Ranked,
    /// By a placement's address (its cells as base-16 digits, sparse, updated by a move in one
    /// shift).
    Addressed,
    /// By a placement and the blank's region: an entry a region.
    ZeroAware(Arc<Deferred>),
}

impl Pattern {
    /// The pattern of the tiles at home in `homes` on a board of `side` by `side`.
    pub fn new(side: usize, homes: &[u8]) -> Pattern {
        assert!((1..=MOST_TILES).contains(&homes.len()), "1 to 8 tiles");
        assert!(side * side <= 64, "a cell is a bit of a 64-bit mask");
        Pattern {
            side: side as u8,
            homes: homes.to_vec(),
            indexing: Indexing::Ranked,
        }
    }

    /// The same pattern, its entries zero-aware: one for each region of free cells the blank
    /// can be in, laid out as the `zero` module says (the layout made when first used).
    pub fn zero_aware(side: usize, homes: &[u8]) -> Pattern {
        Pattern::sharing(&Arc::new(Deferred::new(side, homes.len())), homes)
    }

    /// The zero-aware pattern of `homes` laid out by `layout` (of as many tiles, on the same
    /// board): the patterns of a partition share one.
    pub(crate) fn sharing(layout: &Arc<Deferred>, homes: &[u8]) -> Pattern {
        assert_eq!(layout.tiles(), homes.len(), "a layout of as many tiles");
        Pattern {
            indexing: Indexing::ZeroAware(layout.clone()),
            ..Pattern::new(layout.side(), homes)
        }
    }

    /// The same pattern, its entries indexed by address: for small patterns of a 4×4 board,
    /// whose 16^k addresses cost less to compute than ranks.
    pub fn addressed(side: usize, homes: &[u8]) -> Pattern {
        assert!(
            side * side <= 16 && homes.len() <= 6,
            "16^6 addresses at most"
        );
        Pattern {
            indexing: Indexing::Addressed,
            ..Pattern::new(side, homes)
        }
    }

    /// Whether its entries are indexed by address.
    #[inline(always)]
    pub fn is_addressed(&self) -> bool {
        self.indexing == Indexing::Addressed
    }

    /// Whether its entries are zero-aware: one for each region the blank can be in.
    #[inline(always)]
    pub fn is_zero_aware(&self) -> bool {
        matches!(self.indexing, Indexing::ZeroAware(_))
    }

    /// How many entries its table holds: its placements, its addresses, or its placements'
    /// regions.
    pub fn entries(&self) -> usize {
        match &self.indexing {
            Indexing::Ranked => self.placements(),
            Indexing::Addressed => 1 << (4 * self.homes.len()),
            Indexing::ZeroAware(layout) => layout.get().entries(),
        }
    }

    /// The entry index of a placement with the blank in `blank` (a free cell; only a
    /// zero-aware index looks at it): its address, its rank, or its region's.
    #[inline(always)]
    pub fn index(&self, cells: &[u8], blank: u8) -> usize {
        match &self.indexing {
            Indexing::Ranked => self.rank(cells),
            Indexing::Addressed => cells
                .iter()
                .rev()
                .fold(0, |address, &cell| address << 4 | usize::from(cell)),
            Indexing::ZeroAware(layout) => zero_aware(layout.get(), cells, blank, self.cells()),
        }
    }

    /// The side of its board.
    pub fn side(&self) -> usize {
        usize::from(self.side)
    }

    /// The cells of its board.
    pub fn cells(&self) -> usize {
        self.side() * self.side()
    }

    /// The tiles' home cells, in the order their cells make a placement.
    pub fn homes(&self) -> &[u8] {
        &self.homes
    }

    /// How many placements its tiles have.
    pub fn placements(&self) -> usize {
        let n = self.cells();
        (0..self.homes.len()).map(|i| n - i).product()
    }

    /// The rank of a placement: `cells[i]` is where the pattern's tile `i` stands; the Lehmer
    /// rank of [`eight_core::rank::rank_of`], each digit's count of smaller cells before it made
    /// by comparisons rather than a population count, which the baseline x86-64 lacks (the
    /// 7 tiles' table builds in 13.9 s this way, 16.0 s with `rank_of`).
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> usize {
        // the patterns' usual sizes with their loops unrolled: a search's lookups rank anew
        match cells.len() {
            6 => rank_of::<6>(cells, self.cells()),
            7 => rank_of::<7>(cells, self.cells()),
            8 => rank_of::<8>(cells, self.cells()),
            _ => rank_of::<0>(cells, self.cells()),
        }
    }

    /// The placement of rank `index`, into `cells`.
    pub fn unrank(&self, index: usize, cells: &mut [u8]) {
        match self.cells() {
            16 => unrank::<16>(index, cells),
            25 => unrank::<25>(index, cells),
            36 => unrank::<36>(index, cells),
            49 => unrank::<49>(index, cells),
            n => eight_core::rank::unrank_of(index, n, cells),
        }
    }

    /// The Manhattan distance of a placement from home.
    pub fn distance(&self, cells: &[u8]) -> u32 {
        let side = self.side;
        cells
            .iter()
            .zip(&self.homes)
            .map(|(&c, &h)| {
                u32::from((c / side).abs_diff(h / side) + (c % side).abs_diff(h % side))
            })
            .sum()
    }
}

/// The zero-aware index of the placement `cells` on `n` cells with the blank in `blank`, laid
/// out by `layout`: the patterns' usual sizes with their loops unrolled, the placement ranked in
/// the same function (ranked in a call of its own, a 5×5 count's first million nodes took 4,848 M
/// instructions in all against 4,600 M, some 7 % more time).
#[inline]
fn zero_aware(layout: &Entries, cells: &[u8], blank: u8, n: usize) -> usize {
    match cells.len() {
        6 => layout.index_of::<6>(rank_of::<6>(cells, n), cells, blank),
        7 => layout.index_of::<7>(rank_of::<7>(cells, n), cells, blank),
        8 => layout.index_of::<8>(rank_of::<8>(cells, n), cells, blank),
        _ => layout.index_of::<0>(rank_of::<0>(cells, n), cells, blank),
    }
}

/// [`Pattern::rank`] of `cells` on `n` cells; the first `K` of them, if `K` is not 0.
#[inline(always)]
fn rank_of<const K: usize>(cells: &[u8], n: usize) -> usize {
    let cells = match K {
        0 => cells,
        _ => &cells[..K],
    };
    let mut index = 0;
    for (i, &cell) in cells.iter().enumerate() {
        let below = cells[..i].iter().filter(|&&c| c < cell).count();
        index = index * (n - i) + usize::from(cell) - below;
    }
    index
}

/// The placement of rank `index` among those of `cells.len()` tiles on `N` cells, into `cells`:
/// [`eight_core::rank::unrank_of`] with the board's size known, so that the compiler can turn
/// its divisions into multiplications.
#[inline]
pub fn unrank<const N: usize>(mut index: usize, cells: &mut [u8]) {
    let mut digits = [0usize; MOST_TILES];
    let tiles = cells.len();
    for i in (0..tiles).rev() {
        let radix = N - i;
        digits[i] = index % radix;
        index /= radix;
    }
    let mut free = u64::MAX >> (64 - N);
    for (cell, &digit) in cells.iter_mut().zip(&digits) {
        let mut rest = free;
        for _ in 0..digit {
            rest &= rest - 1;
        }
        *cell = rest.trailing_zeros() as u8;
        free &= !(1 << *cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    #[test]
    fn the_unrolled_ranks_and_zero_aware_indices_are_the_general_ones() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
        for (side, tiles) in [(4, 6), (4, 7), (4, 8), (5, 6), (5, 7), (5, 5), (4, 3)] {
            let homes: Vec<u8> = (1..=tiles as u8).collect();
            let (plain, zero) = (
                Pattern::new(side, &homes),
                Pattern::zero_aware(side, &homes),
            );
            let Indexing::ZeroAware(layout) = &zero.indexing else {
                panic!("a zero-aware pattern has a layout")
            };
            let mut board: Vec<u8> = (0..(side * side) as u8).collect();
            for _ in 0..2_000 {
                board.shuffle(&mut rng);
                let (cells, blank) = (&board[..tiles], board[tiles]);
                let rank = plain.rank(cells);
                assert_eq!(
                    rank,
                    eight_core::rank::rank_of(cells, side * side),
                    "{cells:?}"
                );
                assert_eq!(rank, rank_of::<0>(cells, side * side));
                assert_eq!(
                    zero.index(cells, blank),
                    layout.get().index_of::<0>(rank, cells, blank),
                    "{side}: {cells:?}, the blank in {blank}"
                );
            }
        }
    }
}
