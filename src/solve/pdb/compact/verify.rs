//! What a compact table read from a file must show before a search trusts it, by the rules of
//! the byte databases' check (`pdb::verify`): the home placement's entry is 0; and entries one
//! move of a tile apart differ by at most one wherever the far side's free cells make one
//! region (where they split, the blank may be walled off from the nearer region, and true
//! tables do differ by more). Parity needs no check: a nibble holds half an excess, so every
//! entry has its placement's parity by construction. The full check reads every placement and
//! its moves to the right and down, on every core.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::Pdb;
use crate::solve::pdb::Depth;

/// Why `table` cannot be trusted, if it cannot: the first broken rule found, in a phrase.
pub fn verify(table: &Pdb, depth: Depth) -> Result<(), String> {
    let pattern = table.pattern();
    let home = pattern.index(pattern.homes());
    if table.half_excess(home) != 0 {
        return Err("its home placement's entry is not 0".into());
    }
    if depth == Depth::Quick {
        return Ok(());
    }
    let count = pattern.placements();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = count.div_ceil(jobs);
    let broken = AtomicBool::new(false);
    let found = std::thread::scope(|scope| {
        let checks: Vec<_> = (0..jobs)
            .map(|job| {
                let broken = &broken;
                scope.spawn(move || {
                    let range = job * share..((job + 1) * share).min(count);
                    check(table, range, broken)
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
/// ranks `range`; stops early when another thread found some.
fn check(table: &Pdb, range: std::ops::Range<usize>, broken: &AtomicBool) -> Option<(u32, u32)> {
    let pattern = table.pattern();
    let side = pattern.side();
    let all = ((1u64 << pattern.cells()) - 1) as u32;
    let tiles = pattern.homes().len();
    let mut cells = [0u8; super::MOST_TILES];
    for index in range {
        if index % (1 << 20) == 0 && broken.load(Relaxed) {
            return None;
        }
        pattern.unrank(index, &mut cells[..tiles]);
        let taken = cells[..tiles].iter().fold(0u32, |mask, &c| mask | 1 << c);
        let here = table.entry(&cells[..tiles]);
        let whole = one_region(side, !taken & all);
        for tile in 0..tiles {
            let cell = usize::from(cells[tile]);
            let right = (cell % side + 1 < side).then_some(cell + 1);
            let down = (cell + side < side * side).then_some(cell + side);
            for to in [right, down].into_iter().flatten() {
                if taken & 1 << to != 0 {
                    continue;
                }
                cells[tile] = to as u8;
                let there = table.entry(&cells[..tiles]);
                cells[tile] = cell as u8;
                let moved = taken ^ (1 << cell) ^ (1 << to);
                let far_whole = one_region(side, !moved & all);
                if (here > there + 1 && far_whole) || (whole && there > here + 1) {
                    broken.store(true, Relaxed);
                    return Some((here, there));
                }
            }
        }
    }
    None
}

/// Whether the cells of `free` make one region (or none), on a square of `side`.
fn one_region(side: usize, free: u32) -> bool {
    if free == 0 {
        return true;
    }
    let column = |c: usize| (0..side).fold(0u32, |mask, row| mask | 1 << (row * side + c));
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
