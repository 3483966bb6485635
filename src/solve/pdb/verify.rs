//! What databases read from a file must show before a search trusts them: a CRC proves that a
//! file is whole, not that its writer was honest, and a search over a table with one entry too
//! large can return a path that is not the shortest.
//!
//! The rules, each of which the true tables keep (a database that breaks one is refused):
//! - the goal placement's entry is 0 in every pattern;
//! - the small pattern's table (3,360 placements, built in well under a millisecond) is exactly
//!   a fresh build's;
//! - entries one move of a tile apart differ by at most one wherever the move's far side has
//!   one region of free cells. An entry is the fewest pattern moves home over the blank's
//!   regions; where there is one region, it is that region's distance, so a placement one move
//!   away can need at most one move more. Where the free cells split (a wall of tiles), the
//!   nearer region may be out of the blank's reach, and true tables do differ by more (17 and
//!   14 in the corner class's first pattern): those moves are not checked.
//!
//! What is left unchecked: an entry raised on placements whose free cells are split, and none
//! of whose one-region neighbours bounds it. The first two rules cost about a millisecond
//! ([`Depth::Quick`]); the third about 0.2 s a class on two cores ([`Depth::Full`]), which the
//! cache pays once per file it has not checked before.

use super::build::{build, connected};
use super::rank::{address, CELLS};
use super::{Class, Databases};

/// How much of the rules to check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Depth {
    /// The goal's entries and the small pattern: what catches a table overwritten wholesale.
    Quick,
    /// Every rule, every placement.
    Full,
}

/// Why `databases` cannot be trusted, if they cannot: the first broken rule, in a phrase. The
/// patterns are checked side by side, a thread each.
pub fn verify(databases: &Databases, depth: Depth) -> Result<(), String> {
    let class = databases.class();
    let patterns = class.patterns();
    // whether each set of free cells is one region, for every set: 64 Ki flood fills, once
    let whole: Vec<bool> = match depth {
        Depth::Full => (0..=u16::MAX).map(connected).collect(),
        Depth::Quick => Vec::new(),
    };
    let whole = &whole[..];
    std::thread::scope(|scope| {
        let checks: Vec<_> = patterns
            .iter()
            .zip(databases.entries())
            .enumerate()
            .map(|(index, (pattern, table))| {
                scope.spawn(move || check_pattern(class, index + 1, pattern, table, whole, depth))
            })
            .collect();
        checks
            .into_iter()
            .try_for_each(|check| check.join().expect("a check does not panic"))
    })
}

/// Why pattern `number`'s `table` cannot be trusted, if it cannot.
fn check_pattern(
    class: Class,
    number: usize,
    pattern: &[u8],
    table: &[u8],
    whole: &[bool],
    depth: Depth,
) -> Result<(), String> {
    let home = address(pattern);
    if table[home] != 0 {
        return Err(format!(
            "pattern {number}'s goal entry is {}, not 0",
            table[home]
        ));
    }
    if pattern.len() <= 3 {
        if *table != build(class, pattern, &|_| {}) {
            return Err(format!("pattern {number} differs from a fresh build"));
        }
        return Ok(());
    }
    if depth == Depth::Quick {
        return Ok(());
    }
    let walk = Walk {
        table,
        tiles: pattern.len(),
        whole,
    };
    match walk.jump(&mut [0; CELLS], pattern.len(), 0, 0) {
        Some((at, next)) => Err(format!(
            "pattern {number} holds {} and {} for placements one move apart",
            table[at], table[next]
        )),
        None => Ok(()),
    }
}

/// The cells right of and below each cell, as bit masks.
const LATER: [u16; CELLS] = {
    let mut masks = [0u16; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        if cell % 4 != 3 {
            masks[cell] |= 1 << (cell + 1);
        }
        if cell < CELLS - 4 {
            masks[cell] |= 1 << (cell + 4);
        }
        cell += 1;
    }
    masks
};

/// One pattern's table, walked placement by placement.
struct Walk<'a> {
    table: &'a [u8],
    tiles: usize,
    /// Whether each set of free cells is one region.
    whole: &'a [bool],
}

impl Walk<'_> {
    /// The first two placements one move apart whose entries break the rule, among those that
    /// share the cells of tiles `left..` (at `address`, on `taken`). The last tile varies
    /// fastest, so addresses and their neighbours' rise in step: the table is read in order.
    fn jump(
        &self,
        cells: &mut [u8; CELLS],
        left: usize,
        address: usize,
        taken: u16,
    ) -> Option<(usize, usize)> {
        let Some(tile) = left.checked_sub(1) else {
            return self.check(&cells[..self.tiles], address, taken);
        };
        for cell in 0..CELLS {
            if taken & (1 << cell) == 0 {
                cells[tile] = cell as u8;
                let next = address | cell << (4 * tile);
                let found = self.jump(cells, tile, next, taken | 1 << cell);
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// The first move of one tile of `cells` (at `address`, on `taken`) to the right or down
    /// that breaks the rule, as the two addresses.
    #[inline]
    fn check(&self, cells: &[u8], address: usize, taken: u16) -> Option<(usize, usize)> {
        let here = self.table[address];
        let whole = self.whole[usize::from(!taken)];
        for (tile, &cell) in cells.iter().enumerate() {
            // each pair of neighbouring cells once: from the left or upper one
            let mut free = LATER[usize::from(cell)] & !taken;
            while free != 0 {
                let to = free.trailing_zeros() as usize;
                free &= free - 1;
                let next = address + ((to - usize::from(cell)) << (4 * tile));
                let there = self.table[next];
                let moved = taken ^ (1 << cell) ^ (1 << to);
                let broken = (here > there + 1 && self.whole[usize::from(!moved)])
                    || (whole && there > here + 1);
                if broken {
                    return Some((address, next));
                }
            }
        }
        None
    }
}
