//! Zero-aware entries (Clausecker and Reinefeld's zero-aware pattern databases): the other
//! tiles are alike, so a pattern's state is its placement *and the region of free cells the
//! blank is in*; a plain entry is the least over the regions, a zero-aware one is that region's
//! own. Most placements leave one region, so the entries are laid out by the placement's set of
//! cells (its *map*): each map has a slot for each of its regions, each slot an entry for each
//! order of the tiles on the map's cells, `k!` of them. An index is
//! `(first slot of the map + the blank's region) · k! + the order's rank`; the maps in
//! colexicographic order, ranked by the combinatorial number system.

use std::sync::{Arc, Mutex, PoisonError};

use super::build::Board;
use super::MOST_TILES;

/// The most cells of a board: 5 by 5.
const MOST_CELLS: usize = 25;

/// How a board of `cells` cells lays out the zero-aware entries of a pattern of `tiles` tiles.
#[derive(Debug)]
pub struct Layout {
    cells: usize,
    tiles: usize,
    /// `k!`: the orders of the tiles on a map's cells.
    orders: usize,
    /// `binomials[c][i]`: c choose i.
    binomials: [[u32; MOST_TILES + 1]; MOST_CELLS + 1],
    /// Each map's first slot, and one past the last map's last.
    firsts: Vec<u32>,
    /// Each map's region of each of its free cells (their order by least cell), a byte a cell.
    regions: Vec<u8>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        (self.cells, self.tiles) == (other.cells, other.tiles)
    }
}

impl Eq for Layout {}

impl Layout {
    /// The layout for `tiles` tiles on a square of `side`, made once in a process and shared.
    pub fn of(side: usize, tiles: usize) -> Arc<Layout> {
        static MADE: Mutex<Vec<Arc<Layout>>> = Mutex::new(Vec::new());
        let mut made = MADE.lock().unwrap_or_else(PoisonError::into_inner);
        let cells = side * side;
        if let Some(layout) = made.iter().find(|l| (l.cells, l.tiles) == (cells, tiles)) {
            return layout.clone();
        }
        let layout = Arc::new(Layout::new(side, tiles));
        made.push(layout.clone());
        layout
    }

    fn new(side: usize, tiles: usize) -> Layout {
        let cells = side * side;
        assert!(cells <= MOST_CELLS && (1..=MOST_TILES).contains(&tiles));
        let mut binomials = [[0u32; MOST_TILES + 1]; MOST_CELLS + 1];
        for n in 0..=MOST_CELLS {
            binomials[n][0] = 1;
            for k in 1..=MOST_TILES.min(n) {
                binomials[n][k] = binomials[n - 1][k - 1] + binomials[n - 1][k];
            }
        }
        let maps = binomials[cells][tiles] as usize;
        let mut firsts = Vec::with_capacity(maps + 1);
        let mut regions = vec![u8::MAX; maps * cells];
        let all = ((1u64 << cells) - 1) as u32;
        let board = Board::new(side);
        let mut slots = 0u32;
        // Gosper's hack: the sets of `tiles` cells in increasing order, which is colex order
        let mut map = (1u32 << tiles) - 1;
        for of_map in regions.chunks_mut(cells) {
            firsts.push(slots);
            let mut free = !map & all;
            while free != 0 {
                let region = board.flood(free, free.trailing_zeros() as u8);
                free &= !region;
                let mut cells = region;
                while cells != 0 {
                    of_map[cells.trailing_zeros() as usize] =
                        (slots - firsts[firsts.len() - 1]) as u8;
                    cells &= cells - 1;
                }
                slots += 1;
            }
            let low = map & map.wrapping_neg();
            let ripple = map + low;
            map = (((ripple ^ map) >> 2) / low) | ripple;
        }
        firsts.push(slots);
        Layout {
            cells,
            tiles,
            orders: (1..=tiles).product(),
            binomials,
            firsts,
            regions,
        }
    }

    /// How many entries it lays out: a slot for each region of each map, `k!` entries a slot.
    pub fn entries(&self) -> usize {
        self.firsts[self.firsts.len() - 1] as usize * self.orders
    }

    /// The index of the placement `cells` (where each tile stands) with the blank in `blank`, a
    /// free cell.
    #[inline]
    pub fn index(&self, cells: &[u8], blank: u8) -> usize {
        let mut map = 0u32;
        let mut order = 0;
        for (i, &cell) in cells.iter().enumerate() {
            map |= 1 << cell;
            // the order's Lehmer digit: the later tiles on lower cells
            let later = cells[i + 1..].iter().filter(|&&c| c < cell).count();
            order = order * (self.tiles - i) + later;
        }
        let mut rank = 0;
        let mut rest = map;
        for i in 1..=self.tiles {
            rank += self.binomials[rest.trailing_zeros() as usize][i] as usize;
            rest &= rest - 1;
        }
        let slots = &self.firsts[rank..rank + 2];
        let region = match slots[1] - slots[0] {
            1 => 0,
            _ => usize::from(self.regions[rank * self.cells + usize::from(blank)]),
        };
        (slots[0] as usize + region) * self.orders + order
    }
}
