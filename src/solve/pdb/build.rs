//! One pattern database, by breadth-first search back from the goal over the pattern's tiles and
//! the blank: the other tiles are alike, so the blank moves among them for free, and only a
//! move of a pattern tile costs one. A state is a placement and the region of free cells the
//! blank can reach, so the free moves cost nothing to search; a placement's entry is the depth
//! at which its first state is reached. Per placement, the search keeps one byte (the entry)
//! and two (the cells of the regions reached): 17 MB for six tiles, which stay in cache far
//! better than a byte per placement and blank cell (92 MB).

use super::rank::{address, addresses, placements, rank, unrank, CELLS};
use super::Class;
use crate::puzzle::{Move, Shape};

/// Not reached yet.
const UNSEEN: u8 = u8::MAX;

/// How many placements settle between two reports of progress.
const REPORT_EVERY: u64 = 1 << 16;

/// The cells next to each cell, as bit masks: where the blank goes from it by each move.
const NEIGHBOURS: [u16; CELLS] = {
    let mut masks = [0u16; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut step = 0;
        while step < 4 {
            if let Some(target) = Shape::SQUARE4.target(cell, Move::ALL[step]) {
                masks[cell] |= 1 << target;
            }
            step += 1;
        }
        cell += 1;
    }
    masks
};

/// The cells next to any cell of `cells`.
const fn spread(cells: u16) -> u16 {
    const LEFT_COLUMN: u16 = 0x1111;
    const RIGHT_COLUMN: u16 = 0x8888;
    (cells << 4) | (cells >> 4) | ((cells << 1) & !LEFT_COLUMN) | ((cells >> 1) & !RIGHT_COLUMN)
}

/// The region of `free` cells connected to `from`.
fn flood(free: u16, from: u8) -> u16 {
    let mut region = 1 << from;
    loop {
        let grown = region | (spread(region) & free);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Whether the cells of `free` make one region (or none).
pub fn connected(free: u16) -> bool {
    free == 0 || flood(free, free.trailing_zeros() as u8) == free
}

/// The cells of a placement.
fn occupied(cells: &[u8]) -> u16 {
    cells.iter().fold(0, |mask, &cell| mask | 1 << cell)
}

/// The database of `pattern` (tiles named by their home cells, at most 7) for `class`'s
/// canonical goal, indexed by placement address (0 where cells repeat); `tell` hears how many
/// more placements have settled, now and then.
pub fn build(class: Class, pattern: &[u8], tell: &(dyn Fn(u64) + Sync)) -> Vec<u8> {
    let tiles = pattern.len();
    assert!(tiles < 8, "a state packs 7 tiles and the blank in 32 bits");
    // breadth first, a placement's first state reached is its nearest: its entry; the blank's
    // regions already reached are the cells marked in `reached`
    let mut entries = vec![UNSEEN; placements(tiles)];
    let mut reached = vec![0u16; placements(tiles)];
    let mut cells = [0u8; 8];
    cells[..tiles].copy_from_slice(pattern);
    let home = rank(&cells[..tiles]);
    let blank = class.blank() as u8;
    entries[home] = 0;
    reached[home] = flood(!occupied(&cells[..tiles]), blank);
    let mut frontier = vec![pack(&cells[..tiles], blank)];
    let (mut depth, mut settled) = (0, 1u64);
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &state in &frontier {
            let blank = unpack(state, &mut cells[..tiles]);
            let taken = occupied(&cells[..tiles]);
            let region = flood(!taken, blank);
            // every pattern tile next to the blank's region can slide into it
            for slot in 0..tiles {
                let from = cells[slot];
                let mut into = NEIGHBOURS[usize::from(from)] & region;
                while into != 0 {
                    let to = into.trailing_zeros() as u8;
                    into &= into - 1;
                    cells[slot] = to;
                    let moved = rank(&cells[..tiles]);
                    if reached[moved] & (1 << from) == 0 {
                        if reached[moved] == 0 {
                            entries[moved] = depth + 1;
                            settled += 1;
                            if settled % REPORT_EVERY == 0 {
                                tell(REPORT_EVERY);
                            }
                        }
                        reached[moved] |= flood(!(taken ^ (1 << from) ^ (1 << to)), from);
                        next.push(pack(&cells[..tiles], from));
                    }
                    cells[slot] = from;
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    tell(settled % REPORT_EVERY);
    debug_assert!(
        entries.iter().all(|&d| d != UNSEEN),
        "every placement is reached"
    );
    let mut table = vec![0; addresses(tiles)];
    for (index, &entry) in entries.iter().enumerate() {
        unrank(index, &mut cells[..tiles]);
        table[address(&cells[..tiles])] = entry;
    }
    table
}

/// A state in 32 bits: each tile's cell in four, the blank's in the top four.
fn pack(cells: &[u8], blank: u8) -> u32 {
    let tiles = cells
        .iter()
        .rev()
        .fold(0, |packed, &cell| packed << 4 | u32::from(cell));
    tiles | u32::from(blank) << 28
}

/// The tiles' cells of a packed state, into `cells`; returns the blank's.
fn unpack(state: u32, cells: &mut [u8]) -> u8 {
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = (state >> (4 * i) & 15) as u8;
    }
    (state >> 28) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spread_of_a_cell_is_where_its_moves_go() {
        for (cell, &neighbours) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(spread(1 << cell), neighbours, "cell {cell}");
        }
    }

    #[test]
    fn floods_the_free_cells_connected_to_the_blank() {
        // a wall down the second column splits the board
        let wall = 0x2222;
        assert_eq!(flood(!wall, 0), 0x1111);
        assert_eq!(flood(!wall, 15), 0xcccc);
        assert_eq!(flood(0xffff, 5), 0xffff);
    }

    #[test]
    fn a_three_tile_database_holds_the_moves_of_its_tiles_alone() {
        let entries = build(Class::Corner, &[13, 14, 15], &|_| {});
        assert_eq!(entries.len(), addresses(3));
        assert_eq!(entries[address(&[13, 14, 15])], 0);
        // tile 15 one cell up: one move of it
        assert_eq!(entries[address(&[13, 14, 11])], 1);
        // 13 and 14 swapped on their row: one must step out and back, 4 moves in all
        assert_eq!(entries[address(&[14, 13, 15])], 4);
        // never more than the Manhattan distance allows below: at least the sum of distances
        let manhattan = |cells: &[u8]| -> u8 {
            cells
                .iter()
                .zip([13u8, 14, 15])
                .map(|(&c, h)| (c / 4).abs_diff(h / 4) + (c % 4).abs_diff(h % 4))
                .sum()
        };
        let mut cells = [0; 3];
        for index in 0..placements(3) {
            unrank(index, &mut cells);
            assert!(entries[address(&cells)] >= manhattan(&cells), "{cells:?}");
        }
    }
}
