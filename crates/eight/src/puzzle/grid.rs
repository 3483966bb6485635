//! Arrangements of any size, beyond what a [`Board`](super::Board) holds (POJ 2893's boards
//! are up to 999×999): whether one reaches the tiles in order with the blank last, decided by
//! counting inversions in O(n log n), never by a search.

/// Whether `cells`, `width` a row, `0` the blank and the tiles `1` to n−1 each once, reach the
/// tiles in order with the blank last. A strip of one row or one column only slides its tiles
/// along, so it reaches the goal exactly when they are in order already; any other board does
/// exactly when its inversions (pairs of tiles out of order, the blank aside) are even, or on an
/// even width when they and the blank's rows above the last are.
pub fn reaches_ordered(width: usize, cells: &[u32]) -> bool {
    let tiles = || cells.iter().copied().filter(|&tile| tile != 0);
    let height = cells.len() / width.max(1);
    if width <= 1 || height <= 1 {
        return tiles().zip(tiles().skip(1)).all(|(a, b)| a < b);
    }
    let mut inversions = inversions(tiles(), cells.len()) % 2;
    if width % 2 == 0 {
        let blank = cells.iter().position(|&cell| cell == 0).unwrap_or(0);
        inversions += (height - 1 - blank / width) as u64 % 2;
    }
    inversions % 2 == 0
}

/// The pairs out of order among `tiles`, values below `bound`, by a Fenwick tree of the values
/// seen so far.
fn inversions(tiles: impl Iterator<Item = u32>, bound: usize) -> u64 {
    let mut tree = vec![0u32; bound + 1];
    let mut inversions = 0u64;
    for (seen, tile) in tiles.enumerate() {
        // the tiles seen so far that are no greater
        let mut at = tile as usize;
        let mut below = 0u64;
        while at > 0 {
            below += u64::from(tree[at]);
            at &= at - 1;
        }
        inversions += seen as u64 - below;
        let mut at = tile as usize;
        while at <= bound {
            tree[at] += 1;
            at += at & at.wrapping_neg();
        }
    }
    inversions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Board, Shape};

    #[test]
    fn agrees_with_the_boards_parity_on_every_small_shape() {
        let mut state = 12345u64;
        for (width, height) in [(2, 2), (3, 3), (4, 4), (2, 5), (5, 2), (3, 4), (6, 6)] {
            let shape = Shape { width, height };
            for _ in 0..200 {
                let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
                for last in (1..cells.len()).rev() {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    cells.swap(last, (state >> 33) as usize % (last + 1));
                }
                let board = Board::new(shape, &cells).expect("a permutation");
                let wide: Vec<u32> = cells.iter().map(|&c| u32::from(c)).collect();
                assert_eq!(
                    reaches_ordered(usize::from(width), &wide),
                    board.reaches(&Board::ordered(shape)),
                    "{board}"
                );
            }
        }
    }

    #[test]
    fn a_strip_reaches_its_goal_only_in_order() {
        assert!(reaches_ordered(4, &[1, 0, 2, 3]));
        assert!(!reaches_ordered(4, &[2, 1, 0, 3]));
        assert!(reaches_ordered(1, &[1, 2, 0]));
        assert!(reaches_ordered(1, &[0]));
    }

    #[test]
    fn counts_inversions() {
        assert_eq!(inversions([3, 1, 2].into_iter(), 4), 2);
        assert_eq!(inversions([1, 2, 3].into_iter(), 4), 0);
        assert_eq!(inversions([4, 3, 2, 1].into_iter(), 5), 6);
    }
}
