//! Zero-aware entries (Clausecker and Reinefeld's zero-aware pattern databases): the other
//! tiles are alike, so a pattern's state is its placement *and the region of free cells the
//! blank is in*; a plain entry is the least over the regions, a zero-aware one is that region's
//! own. The entries are laid out as a plain table's, one a placement by its rank, the blank in
//! the largest region of the placement's cells (its *map*; on most maps the only one), then,
//! for the maps with more regions, a slot for each other region: an entry for each order of the
//! tiles on the map's cells, `k!` of them. A lookup ranks the map (the combinatorial number
//! system) and reads a bit of the maps that have more (22 KB on 25 cells); only for those, the
//! cells of the map's largest region, and where the blank is not among them, its region and the
//! map's first slot. The layout is a cache file's: a change to it (the order of the regions, of
//! the slots) must change the files' version.
//!
//! The rank keeps a plain table's locality: a move of the last tiles of a placement changes
//! its rank a little, so a search's lookups often fall near the last. Laid out by map first
//! (every move changes the map), Korf and Felner's #40 took 2.75 s with 6-6-6-6 against 2.00 s
//! for the plain tables (10.5 M nodes against 16.5 M); laid out this way, 1.83 s against 1.65 s.
//! Ranking the map and the placement in one pass over the pairs of tiles was slower still.

use std::sync::OnceLock;

use super::build::Board;
use super::MOST_TILES;

/// The most cells of a board: 5 by 5.
const MOST_CELLS: usize = 25;

/// A layout made the first time a pattern needs it (some milliseconds, megabytes on 25 cells)
/// and shared by the patterns handed it: a partition's patterns of as many tiles, and every
/// clone of them (its specs', its tables'). It belongs to whoever holds the tables, an engine's
/// store, never to the process.
pub(crate) struct Deferred {
    side: usize,
    tiles: usize,
    made: OnceLock<Entries>,
}

impl Deferred {
    /// The layout for `tiles` tiles on a square of `side`, not made yet.
    pub(crate) fn new(side: usize, tiles: usize) -> Deferred {
        Deferred {
            side,
            tiles,
            made: OnceLock::new(),
        }
    }

    /// The side of its square.
    pub(crate) fn side(&self) -> usize {
        self.side
    }

    /// The number of its tiles.
    pub(crate) fn tiles(&self) -> usize {
        self.tiles
    }

    /// The layout, made if need be.
    #[inline(always)]
    pub(crate) fn get(&self) -> &Entries {
        self.made
            .get_or_init(|| Entries::new(self.side, self.tiles))
    }
}

impl PartialEq for Deferred {
    fn eq(&self, other: &Deferred) -> bool {
        (self.side, self.tiles) == (other.side, other.tiles)
    }
}

impl Eq for Deferred {}

impl std::fmt::Debug for Deferred {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Deferred({} tiles, side {})", self.tiles, self.side)
    }
}

/// How a board of `cells` cells lays out the zero-aware entries of a pattern of `tiles` tiles.
pub struct Entries {
    cells: usize,
    tiles: usize,
    /// `k!`: the orders of the tiles on a map's cells.
    orders: usize,
    /// `binomials[i][c]`: c choose i.
    binomials: [[u32; 32]; MOST_TILES + 1],
    /// How many placements: the base entries.
    placements: usize,
    /// Whether each map has more than one region, a bit a map.
    split: Vec<u64>,
    /// Each map's largest region, a bit a cell.
    largest: Vec<u32>,
    /// For a map of several regions, the first of its other regions' slots after the base.
    firsts: Vec<u32>,
    /// Each map's region of each of its free cells (0 the largest, then by size and least
    /// cell), a byte a cell.
    regions: Vec<u8>,
    /// The slots after the base.
    slots: usize,
}

impl PartialEq for Entries {
    fn eq(&self, other: &Entries) -> bool {
        (self.cells, self.tiles) == (other.cells, other.tiles)
    }
}

impl Eq for Entries {}

impl std::fmt::Debug for Entries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // not its tables: megabytes
        write!(f, "Entries({} tiles of {} cells)", self.tiles, self.cells)
    }
}

impl Entries {
    fn new(side: usize, tiles: usize) -> Entries {
        let cells = side * side;
        assert!(cells <= MOST_CELLS && (1..=MOST_TILES).contains(&tiles));
        let mut binomials = [[0u32; 32]; MOST_TILES + 1];
        for n in 0..32 {
            binomials[0][n] = 1;
            for k in 1..=MOST_TILES.min(n) {
                binomials[k][n] = binomials[k - 1][n - 1] + binomials[k][n - 1];
            }
        }
        let maps = binomials[tiles][cells] as usize;
        let placements = (0..tiles).map(|i| cells - i).product();
        let mut split = vec![0u64; maps.div_ceil(64)];
        let mut firsts = vec![0u32; maps];
        let mut largest = vec![0u32; maps];
        let mut regions = vec![u8::MAX; maps * cells];
        let board = Board::new(side);
        let all = ((1u64 << cells) - 1) as u32;
        let mut slots = 0;
        // Gosper's hack: the sets of `tiles` cells in increasing order, which is colex order
        let mut map = (1u32 << tiles) - 1;
        for (rank, of_map) in regions.chunks_mut(cells).enumerate() {
            let mut found = Vec::new();
            let mut free = !map & all;
            while free != 0 {
                // a zero-aware layout is for at most 32 cells (its masks are u32)
                let region = board.flood(u64::from(free), free.trailing_zeros() as u8) as u32;
                free &= !region;
                found.push(region);
            }
            // the largest first; the sort is stable, so ties stay in order of least cell
            found.sort_by_key(|region| std::cmp::Reverse(region.count_ones()));
            largest[rank] = found[0];
            for (ordinal, &region) in found.iter().enumerate() {
                let mut cells = region;
                while cells != 0 {
                    of_map[cells.trailing_zeros() as usize] = ordinal as u8;
                    cells &= cells - 1;
                }
            }
            if found.len() > 1 {
                split[rank / 64] |= 1 << (rank % 64);
                firsts[rank] = slots as u32;
                slots += found.len() - 1;
            }
            let low = map & map.wrapping_neg();
            let ripple = map + low;
            map = (((ripple ^ map) >> 2) / low) | ripple;
        }
        Entries {
            cells,
            tiles,
            orders: (1..=tiles).product(),
            binomials,
            placements,
            split,
            largest,
            firsts,
            regions,
            slots,
        }
    }

    /// How many entries it lays out: one for each placement, and `k!` for each other region of
    /// a map.
    pub fn entries(&self) -> usize {
        self.placements + self.slots * self.orders
    }

    /// The index of the placement `cells` (where each tile stands) of `K` tiles (any number if
    /// `K` is 0), of rank `rank`, with the blank in `blank`, a free cell.
    #[inline(always)]
    pub(super) fn index_of<const K: usize>(&self, rank: usize, cells: &[u8], blank: u8) -> usize {
        let tiles = match K {
            0 => self.tiles,
            _ => K,
        };
        let cells = &cells[..tiles];
        let mut map = 0u32;
        for &cell in cells {
            map |= 1 << cell;
        }
        let mut of_map = 0;
        for i in 1..=tiles {
            of_map += self.binomials[i][map.trailing_zeros() as usize & 31] as usize;
            map &= map - 1;
        }
        // most maps have one region, and most of the blank's cells are in the largest
        if self.split[of_map / 64] & 1 << (of_map % 64) == 0
            || self.largest[of_map] & 1 << blank != 0
        {
            return rank;
        }
        let region = usize::from(self.regions[of_map * self.cells + usize::from(blank)]);
        let mut order = 0;
        for (i, &cell) in cells.iter().enumerate() {
            // the order's Lehmer digit: the later tiles on lower cells
            let later = cells[i + 1..].iter().filter(|&&c| c < cell).count();
            order = order * (tiles - i) + later;
        }
        let slot = self.firsts[of_map] as usize + region - 1;
        self.placements + slot * self.orders + order
    }
}
