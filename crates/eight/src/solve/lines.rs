//! What the estimates of linear conflicts count in a line of the board: the tiles at home in it
//! less a longest run of them already in their goal's order. Its own file, below the three
//! estimates that count it (`conflicts`, the textbook's, `--fast`'s), which know nothing of one
//! another.

use crate::puzzle::board::Shape;

/// The length of a longest strictly increasing run (not necessarily adjacent) of `values`, at
/// most a side of the largest board long.
pub(crate) fn longest_increasing(values: &[u8]) -> usize {
    let mut tails = [0u8; Shape::MAX_SIDE as usize];
    let mut length = 0;
    for &value in values {
        let at = tails[..length].partition_point(|&tail| tail < value);
        tails[at] = value;
        length = length.max(at + 1);
    }
    length
}
