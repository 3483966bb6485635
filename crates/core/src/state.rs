//! Boards as the searches see them: indexed within their parity class, with moves that update
//! the index in a few operations instead of recomputing it.
//!
//! A board is its tile order T (the eight tiles in reading order, blank left out) and its blank
//! cell b. The index is `(lehmer(T) / 2) * 9 + b`: within one parity class the last free Lehmer
//! digit (weight 1) is fixed by the parity, so halving loses nothing and the 181,440 boards of a
//! class get the indices 0..181,440 exactly. A horizontal move changes only b. A vertical move
//! carries one tile past the two between, which rotates three consecutive entries of T, and
//! only those three Lehmer digits change: they are recomputed from the old ones and three
//! comparisons, since what lies to the right of the window is the same before and after.

use crate::moves::Move;
use crate::packed::{Packed, NONE, TARGETS};
use crate::rank::{nth_set_bit, ONES};
use crate::BLANK;

/// How many boards a parity class holds, and so how many indices there are: 9! / 2.
pub const INDICES: usize = 181_440;

/// `WEIGHT[i]` is (7 − i)!, the weight of the i-th Lehmer digit of the tile order.
const WEIGHT: [u32; 8] = [5_040, 720, 120, 24, 6, 2, 1, 1];

/// The weights of the three Lehmer digits of a window starting at each position (0 to 5; the
/// rest pad the table to a power of two).
const WINDOW_WEIGHTS: [[u32; 3]; 8] = {
    let mut table = [[0; 3]; 8];
    let mut k = 0;
    while k < 6 {
        table[k] = [WEIGHT[k], WEIGHT[k + 1], WEIGHT[k + 2]];
        k += 1;
    }
    table
};

/// The index of the board of these nine cells within its parity class ([`State::index`]), and
/// its parity ([`State::parity`]), read straight from the cells: what a table lookup needs,
/// without the tile order's digits that a moving [`State`] keeps. The first eight cells are read
/// as one word, a byte a cell: the blank is its first zero byte (or cell 8), taken out with two
/// masks and a shift. The first four tiles' Lehmer digits depend on those four tiles alone, and
/// the last four's on their order alone, so the rank is two lookups (`HEAD`, `TAIL`) by the
/// tiles' values, three bits each. The cells are a permutation of 0–8 (the reader checked
/// them); the masks only spare the bounds checks.
#[inline]
pub fn class_index(cells: &[u8; 9]) -> (u32, u8) {
    let [a, b, c, d, e, f, g, h, last] = *cells;
    let low = u64::from_le_bytes([a, b, c, d, e, f, g, h]);
    // the lowest zero byte (cells are below 0x80), or none: cell 8
    let zeros = low.wrapping_sub(0x0101_0101_0101_0101) & !low & 0x8080_8080_8080_8080;
    let blank = zeros.trailing_zeros() / 8;
    let before = 1u64.checked_shl(8 * blank).map_or(u64::MAX, |bit| bit - 1);
    let tiles = (low & before) | ((low >> 8) & !before) | (u64::from(last) << 56);
    // tiles 1–8 as 0–7, a byte each
    let values = tiles.wrapping_sub(0x0101_0101_0101_0101) & 0x0707_0707_0707_0707;
    let head = u32::from(HEAD[key(values as u32)]);
    let tail = u32::from(TAIL[key((values >> 32) as u32)]);
    let rank = (head & !1) + (tail >> 1);
    ((rank >> 1) * 9 + blank, ((head ^ tail) & 1) as u8)
}

/// Four values below 8, a byte each, as one number of four octal digits, the first lowest.
#[inline(always)]
fn key(bytes: u32) -> usize {
    let pairs = (bytes | (bytes >> 5)) & 0x003F_003F;
    ((pairs | (pairs >> 10)) & 0xFFF) as usize
}

/// By the first four tiles of the order (as [`key`]s them): their Lehmer digits' part of the
/// rank, which is even (each digit weighs 7! to 4!), plus their sum's parity in the lowest bit.
/// Small, as the two tables are read at random beside the path words: 8 KiB.
static HEAD: [u16; 4096] = {
    let (split, mut table, mut key) = (split(0), [0; 4096], 0);
    while key < 4096 {
        table[key] = (split[key] & 0xFFFF | split[key] >> 16) as u16;
        key += 1;
    }
    table
};

/// By the last four tiles of the order: the rank part of their digits, which count only the
/// smaller tiles among those four (at most 23), times two, plus their sum's parity: 4 KiB.
static TAIL: [u8; 4096] = {
    let (split, mut table, mut key) = (split(4), [0; 4096], 0);
    while key < 4096 {
        table[key] = ((split[key] & 0xFFFF) << 1 | split[key] >> 16) as u8;
        key += 1;
    }
    table
};

/// The table of four consecutive tiles of the order from position `first` (0 or 4); a key
/// whose values repeat is never looked up.
const fn split(first: usize) -> [u32; 4096] {
    let mut table = [0; 4096];
    let mut key = 0;
    while key < 4096 {
        let values: [usize; 4] = [key & 7, (key >> 3) & 7, (key >> 6) & 7, key >> 9];
        let (mut rank, mut sum, mut i) = (0, 0, 0);
        while i < 4 {
            // the digit: the smaller tiles after this one (for the head, those not before it)
            let (mut smaller_before, mut smaller_after, mut j) = (0usize, 0usize, 0);
            while j < 4 {
                if j < i && values[j] < values[i] {
                    smaller_before += 1;
                }
                if j > i && values[j] < values[i] {
                    smaller_after += 1;
                }
                j += 1;
            }
            let digit = if first == 0 {
                values[i].saturating_sub(smaller_before)
            } else {
                smaller_after
            } as u32;
            rank += digit * WEIGHT[first + i];
            sum += digit;
            i += 1;
        }
        table[key] = rank | (sum & 1) << 16;
        key += 1;
    }
    table
}

/// A board with its tile order, the order's Lehmer digits and rank, kept up to date by moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State {
    /// Tile order position i in nibble i.
    tiles: u32,
    /// Lehmer digit i (how many later tiles are smaller) in bits 3i..3i+3.
    digits: u32,
    /// The Lehmer rank of the tile order, below 8!.
    rank: u32,
    blank: u8,
}

impl State {
    /// The state of a board.
    pub fn new(board: &Packed) -> State {
        State::from_cells(&board.cells())
    }

    /// The state of the board of these nine cells, row-major, a permutation of 0–8 (the reader
    /// checked them): read straight from the bytes, with no packed board between.
    #[inline]
    pub fn from_cells(cells: &[u8; 9]) -> State {
        let mut state = State {
            tiles: 0,
            digits: 0,
            rank: 0,
            blank: 0,
        };
        let mut seen = 0usize;
        let mut position = 0;
        for (cell, &tile) in cells.iter().enumerate() {
            if tile == BLANK {
                state.blank = cell as u8;
                continue;
            }
            let smaller = (1usize << tile) - 2; // the tiles 1..tile, not 0
            let digit = u32::from(tile) - 1 - u32::from(ONES[seen & smaller]);
            seen |= 1 << tile;
            state.tiles |= u32::from(tile) << (4 * position);
            state.digits |= digit << (3 * position);
            state.rank += digit * WEIGHT[position];
            position += 1;
        }
        state
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> Packed {
        let blank = usize::from(self.blank);
        let cells = std::array::from_fn(|cell| match cell.cmp(&blank) {
            std::cmp::Ordering::Less => self.tile(cell),
            std::cmp::Ordering::Equal => BLANK,
            std::cmp::Ordering::Greater => self.tile(cell - 1),
        });
        Packed::from_permutation(cells)
    }

    /// The parity (0 or 1) of the tile inversions, as [`Packed::parity`]: the Lehmer digits
    /// count the inversions.
    #[inline]
    pub fn parity(&self) -> u8 {
        let sum: u32 = (0..8).map(|position| self.digit(position)).sum();
        (sum & 1) as u8
    }

    /// The index within the board's parity class, below [`INDICES`].
    #[inline]
    pub fn index(&self) -> u32 {
        (self.rank >> 1) * 9 + u32::from(self.blank)
    }

    /// The board of `index` in the class of tile parity `parity`.
    #[inline]
    pub fn from_index(index: u32, parity: u8) -> State {
        assert!(
            (index as usize) < INDICES,
            "index {index} is not below 9!/2"
        );
        let (order, blank) = (index / 9, index % 9);
        let mut rank = order * 2;
        let mut unused = 0x1FEu32; // the tiles 1..=8
        let mut tiles = [0u8; 8];
        for (position, weight) in WEIGHT.into_iter().enumerate() {
            let tile = nth_set_bit(unused, rank / weight);
            rank %= weight;
            tiles[position] = tile as u8;
            unused &= !(1 << tile);
        }
        let place = |tiles: [u8; 8]| {
            let mut rest = tiles.into_iter();
            let cells = std::array::from_fn(|cell| {
                if cell == blank as usize {
                    BLANK
                } else {
                    rest.next().expect("eight tiles")
                }
            });
            Packed::from_permutation(cells)
        };
        let mut board = place(tiles);
        if board.parity() != parity {
            // the halved digit: swapping the last two tiles flips it, and the parity with it
            tiles.swap(6, 7);
            board = place(tiles);
        }
        State::new(&board)
    }

    #[inline]
    fn tile(&self, position: usize) -> u8 {
        (self.tiles >> (4 * position) & 0xF) as u8
    }

    #[inline]
    fn digit(&self, position: usize) -> u32 {
        self.digits >> (3 * position) & 7
    }

    /// The state after moving the blank, or `None` if that would leave the board.
    #[inline(always)]
    pub fn apply(&self, step: Move) -> Option<State> {
        let target = TARGETS[usize::from(self.blank)][step as usize];
        if target == NONE {
            return None;
        }
        let mut next = match step {
            Move::Left | Move::Right => *self,
            // the tile below moves up past the two tiles between: order b..b+2 rotates right
            Move::Down => self.rotate(usize::from(self.blank), true),
            // the tile above moves down past two: order b-3..b-1 rotates left
            Move::Up => self.rotate(usize::from(target), false),
        };
        next.blank = target;
        Some(next)
    }

    /// The state after a move known to stay on the board (a table's): no check, no table.
    #[inline(always)]
    pub fn slide(&self, step: Move) -> State {
        let blank = self.blank;
        debug_assert!(self.apply(step).is_some(), "{step:?} from cell {blank}");
        match step {
            Move::Down => State {
                blank: blank + 3,
                ..self.rotate(blank.into(), true)
            },
            Move::Left => State {
                blank: blank - 1,
                ..*self
            },
            Move::Right => State {
                blank: blank + 1,
                ..*self
            },
            Move::Up => State {
                blank: blank - 3,
                ..self.rotate((blank - 3).into(), false)
            },
        }
    }

    /// Every legal move with its state, in the canonical order `d < l < r < u`.
    #[inline]
    pub fn neighbours(&self) -> impl Iterator<Item = (Move, State)> + '_ {
        Move::ALL
            .into_iter()
            .filter_map(move |step| self.apply(step).map(|next| (step, next)))
    }

    /// Calls `visit` with every legal move and its state, in the canonical order, until it
    /// returns false; returns whether it never did. The searches' inner loop: the four cases
    /// written out, with no table or option in the way.
    #[inline(always)]
    pub fn each_neighbour(&self, mut visit: impl FnMut(Move, State) -> bool) -> bool {
        let blank = self.blank;
        let (row, column) = (blank / 3, blank % 3);
        let shifted = |target: u8, state: State| State {
            blank: target,
            ..state
        };
        (row == 2
            || visit(
                Move::Down,
                shifted(blank + 3, self.rotate(blank.into(), true)),
            ))
            && (column == 0 || visit(Move::Left, shifted(blank - 1, *self)))
            && (column == 2 || visit(Move::Right, shifted(blank + 1, *self)))
            && (row == 0
                || visit(
                    Move::Up,
                    shifted(blank - 3, self.rotate((blank - 3).into(), false)),
                ))
    }

    /// Rotates tile order positions `k..k + 3` right (`x y z` to `z x y`) or left (to `y z x`).
    ///
    /// With `a` the count of smaller tiles right of the window for each tile, a digit is its
    /// `a` plus the smaller tiles after it inside the window. Written out, the new digits are
    /// the old ones corrected by a comparison or two: right, `dz + [x<z] + [y<z]`,
    /// `dx − [z<x]`, `dy − [z<y]`; left, `dy + [x<y]`, `dz + [x<z]`, `dx − [y<x] − [z<x]`.
    #[inline(always)]
    fn rotate(&self, k: usize, right: bool) -> State {
        let window = self.tiles >> (4 * k) & 0xFFF;
        let (x, y, z) = (window & 0xF, window >> 4 & 0xF, window >> 8);
        let digits = self.digits >> (3 * k) & 0x1FF;
        let (dx, dy, dz) = (digits & 7, digits >> 3 & 7, digits >> 6);
        let less = |a: u32, b: u32| u32::from(a < b);
        let (window, [n0, n1, n2]) = if right {
            let window = (window << 4 | window >> 8) & 0xFFF;
            (
                window,
                [
                    dz + less(x, z) + less(y, z),
                    dx - less(z, x),
                    dy - less(z, y),
                ],
            )
        } else {
            let window = window >> 4 | (window & 0xF) << 8;
            (
                window,
                [
                    dy + less(x, y),
                    dz + less(x, z),
                    dx - less(y, x) - less(z, x),
                ],
            )
        };
        // a window starts at 0 to 5; the mask only spares the bounds checks
        let [w0, w1, w2] = WINDOW_WEIGHTS[k & 7];
        let old = dx * w0 + dy * w1 + dz * w2;
        let new = n0 * w0 + n1 * w1 + n2 * w2;
        State {
            tiles: self.tiles & !(0xFFF << (4 * k)) | window << (4 * k),
            digits: self.digits & !(0x1FF << (3 * k)) | (n0 | n1 << 3 | n2 << 6) << (3 * k),
            rank: self.rank + new - old,
            blank: self.blank,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::{unrank, COUNT};

    #[test]
    fn moves_update_the_index_as_a_fresh_computation_would() {
        for rank in 0..COUNT as u32 {
            let board = unrank(rank);
            let state = State::new(&board);
            assert_eq!(state.board(), board);
            assert_eq!(state.parity(), board.parity());
            for step in Move::ALL {
                let moved = state.apply(step);
                let expected = board.apply(step).map(|next| State::new(&next));
                assert_eq!(moved, expected, "{board} {step:?}");
                if let Some(expected) = expected {
                    assert_eq!(state.slide(step), expected, "{board} {step:?}");
                }
            }
            let mut visited = Vec::new();
            state.each_neighbour(|step, next| {
                visited.push((step, next));
                true
            });
            assert_eq!(visited, state.neighbours().collect::<Vec<_>>(), "{board}");
        }
    }

    #[test]
    fn the_class_index_from_cells_is_the_states() {
        for rank in 0..COUNT as u32 {
            let board = unrank(rank);
            let state = State::new(&board);
            assert_eq!(
                class_index(&board.cells()),
                (state.index(), state.parity()),
                "{board}"
            );
        }
    }

    #[test]
    fn indexes_each_parity_class_one_to_one() {
        for parity in [0, 1] {
            let mut seen = vec![false; INDICES];
            for rank in 0..COUNT as u32 {
                let board = unrank(rank);
                if board.parity() == parity {
                    let index = State::new(&board).index() as usize;
                    assert!(!seen[index], "{board}: index {index} twice");
                    seen[index] = true;
                    assert_eq!(State::from_index(index as u32, parity).board(), board);
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
