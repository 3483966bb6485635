//! What a table read from a file must show before a search trusts it: a CRC proves that a file
//! is whole, not that its writer was honest, and a search over a table with one entry too large
//! can return a path that is not the shortest.
//!
//! The rules, each of which the true tables keep (a table that breaks one is refused):
//! - the home placement's entry is 0;
//! - entries one move of a tile apart differ by at most one wherever the far side's free cells
//!   make one region. An entry is the fewest pattern moves home over the blank's regions; where
//!   there is one region, it is that region's distance, so a placement one move away can need at
//!   most one move more. Where the free cells split (a wall of tiles), the nearer region may be
//!   out of the blank's reach, and true tables do differ by more: those moves are not checked.
//!
//! A zero-aware table (an entry for each region the blank can be in) keeps a stricter rule, and
//! all of it is checked: the entries of two states one move apart (a tile slides into the
//! blank's region; the blank is then in the region of the cell the tile left) differ by at most
//! one.
//!
//! Parity needs no check: a nibble holds half an excess, so every entry has its placement's
//! parity by construction. What is left unchecked: an entry raised on placements whose free
//! cells are split, and none of whose one-region neighbours bounds it. The first rule costs
//! nothing ([`Depth::Quick`]); the second reads every placement and its moves to the right and
//! down, on every core ([`Depth::Full`]: 0.2 s for a 6-6-3 class; 143 s for the 8-tile table of
//! 7-8, 200 s for 7-8z's, both on two busy cores: a neighbour's entry is a read at random in
//! hundreds of megabytes), which the cache pays once per file it has not checked before (never
//! for a file it built itself).

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::{Pdb, MOST_TILES};

/// How much of the rules to check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Depth {
    /// The home placement's entry: what catches a table overwritten wholesale.
    Quick,
    /// Every rule, every placement.
    Full,
}

/// Why `table`, built for a goal whose blank is in `blank`, cannot be trusted, if it cannot:
/// the first broken rule found, in a phrase.
pub fn verify(table: &Pdb, blank: usize, depth: Depth) -> Result<(), String> {
    let pattern = table.pattern();
    let home = pattern.index(pattern.homes(), blank as u8);
    if table.half_excess(home) != 0 {
        return Err("its home placement's entry is not 0".into());
    }
    if depth == Depth::Quick {
        return Ok(());
    }
    let count = pattern.placements();
    let side = pattern.side();
    // on 16 cells, whether each set of free cells is one region, worked out once (a few
    // milliseconds, where a search for each placement and move cost a 6-6-3 class 3 s)
    let regions: Vec<bool> = match pattern.cells() {
        0..=16 => (0..1u64 << pattern.cells())
            .map(|free| one_region(side, free))
            .collect(),
        _ => Vec::new(),
    };
    let whole = |free: u64| match regions.get(free as usize) {
        Some(&whole) => whole,
        None => one_region(side, free),
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = count.div_ceil(jobs);
    let broken = AtomicBool::new(false);
    let found = std::thread::scope(|scope| {
        let checks: Vec<_> = (0..jobs)
            .map(|job| {
                let (broken, whole) = (&broken, &whole);
                scope.spawn(move || {
                    let range = job * share..((job + 1) * share).min(count);
                    check(table, range, whole, broken)
                })
            })
            .collect();
        checks
            .into_iter()
            .find_map(|check| check.join().expect("a check does not panic"))
    });
    match found {
        Some((here, there)) => Err(format!(
            "it holds {here} and {there} for placements one move apart"
        )),
        None => Ok(()),
    }
}

/// The entries of the first two placements one move apart that break the rule, among those of
/// ranks `range`, `whole` telling whether a set of free cells is one region; stops early when
/// another thread found some.
fn check(
    table: &Pdb,
    range: std::ops::Range<usize>,
    whole: &impl Fn(u64) -> bool,
    broken: &AtomicBool,
) -> Option<(u32, u32)> {
    let pattern = table.pattern();
    let (side, count) = (pattern.side(), pattern.cells());
    let all = u64::MAX >> (64 - count);
    let tiles = pattern.homes().len();
    let zero_aware = pattern.is_zero_aware();
    // each tile's distance from home from each cell, and each cell's neighbours to the right
    // and below: no division per placement
    let mut distances = [[0u32; 64]; MOST_TILES];
    for (row, &home) in distances.iter_mut().zip(pattern.homes()) {
        let home = usize::from(home);
        for (cell, distance) in row.iter_mut().enumerate().take(count) {
            let rows = (cell / side).abs_diff(home / side);
            *distance = (rows + (cell % side).abs_diff(home % side)) as u32;
        }
    }
    let ahead: Vec<[Option<usize>; 2]> = (0..count)
        .map(|cell| {
            let right = (cell % side + 1 < side).then_some(cell + 1);
            let down = (cell + side < count).then_some(cell + side);
            [right, down]
        })
        .collect();
    let mut cells = [0u8; MOST_TILES];
    for rank in range {
        if rank % (1 << 20) == 0 && broken.load(Relaxed) {
            return None;
        }
        let cells = &mut cells[..tiles];
        pattern.unrank(rank, cells);
        let taken = cells.iter().fold(0u64, |mask, &c| mask | 1 << c);
        let distance: u32 = (0..tiles)
            .map(|tile| distances[tile][usize::from(cells[tile])])
            .sum();
        // the blank's cell matters to a zero-aware index only, which is made for each move
        let free = (!taken & all).trailing_zeros() as u8;
        let at = pattern.index(cells, free);
        let here = distance + 2 * u32::from(table.half_excess(at));
        let here_whole = whole(!taken & all);
        for tile in 0..tiles {
            let cell = usize::from(cells[tile]);
            for to in ahead[cell].into_iter().flatten() {
                if taken & 1 << to != 0 {
                    continue;
                }
                let moved = distance + distances[tile][to] - distances[tile][cell];
                if zero_aware {
                    // the tile slides into the blank's region at `to`, leaving it at `cell`
                    let here =
                        distance + 2 * u32::from(table.half_excess(pattern.index(cells, to as u8)));
                    cells[tile] = to as u8;
                    let index = pattern.index(cells, cell as u8);
                    cells[tile] = cell as u8;
                    let there = moved + 2 * u32::from(table.half_excess(index));
                    if here.abs_diff(there) > 1 {
                        broken.store(true, Relaxed);
                        return Some((here, there));
                    }
                    continue;
                }
                // an address moves by the difference of the tile's digits
                let index = match pattern.is_addressed() {
                    true => at + (to << (4 * tile)) - (cell << (4 * tile)),
                    false => {
                        cells[tile] = to as u8;
                        let index = pattern.index(cells, free);
                        cells[tile] = cell as u8;
                        index
                    }
                };
                let there = moved + 2 * u32::from(table.half_excess(index));
                let far_whole = whole(!(taken ^ (1 << cell) ^ (1 << to)) & all);
                if (here > there + 1 && far_whole) || (here_whole && there > here + 1) {
                    broken.store(true, Relaxed);
                    return Some((here, there));
                }
            }
        }
    }
    None
}

/// Whether the cells of `free` make one region (or none), on a square of `side`.
fn one_region(side: usize, free: u64) -> bool {
    if free == 0 {
        return true;
    }
    let column = |c: usize| (0..side).fold(0u64, |mask, row| mask | 1 << (row * side + c));
    let (left, right) = (column(0), column(side - 1));
    let mut region = free & free.wrapping_neg();
    loop {
        let spread = (region << side)
            | (region >> side)
            | ((region << 1) & !left)
            | ((region >> 1) & !right);
        let grown = region | (spread & free);
        if grown == region {
            return region == free;
        }
        region = grown;
    }
}
