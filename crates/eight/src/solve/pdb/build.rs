//! One database, by breadth-first search back from the goal over the pattern's tiles and the
//! blank: the other tiles are
//! alike, so the blank moves among them for free and only a move of a pattern tile costs one; a
//! state is a placement and the region of free cells the blank can reach, and a placement's
//! entry is the depth at which its first region is reached (a zero-aware pattern's: each
//! region's entry is the depth at which it is reached). Per placement the search keeps the
//! cells of the regions reached (two bytes on 16 cells, four on 25, eight on more) beside the entries' nibble;
//! each layer is searched by every thread, a share of the frontier each, the regions marked with
//! atomic `or`s so that exactly one thread settles each placement.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use super::{Nibbles, Pattern, Pdb, MOST_EXCESS, MOST_TILES};
use crate::solve::control::Control;

/// The frontier's buckets: `2^BUCKET_BITS` runs of neighbouring ranks.
const BUCKET_BITS: u32 = 14;

/// How many placements a thread settles between two reports of progress.
const REPORT_EVERY: u64 = 1 << 16;

/// The regions reached of every placement, a mask of cells each.
trait Regions: Sync + Sized {
    fn none() -> Self;
    fn get(&self) -> u64;
    /// Adds `cells`; returns the cells before.
    fn add(&self, cells: u64) -> u64;
}

impl Regions for AtomicU16 {
    fn none() -> Self {
        AtomicU16::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        u64::from(self.load(Relaxed))
    }
    #[inline]
    fn add(&self, cells: u64) -> u64 {
        u64::from(self.fetch_or(cells as u16, Relaxed))
    }
}

impl Regions for AtomicU32 {
    fn none() -> Self {
        AtomicU32::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        u64::from(self.load(Relaxed))
    }
    #[inline]
    fn add(&self, cells: u64) -> u64 {
        u64::from(self.fetch_or(cells as u32, Relaxed))
    }
}

impl Regions for AtomicU64 {
    fn none() -> Self {
        AtomicU64::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        self.load(Relaxed)
    }
    #[inline]
    fn add(&self, cells: u64) -> u64 {
        self.fetch_or(cells, Relaxed)
    }
}

/// A square board's geometry, as masks of cells.
pub(super) struct Board {
    side: usize,
    all: u64,
    left: u64,
    right: u64,
    neighbours: Vec<u64>,
}

impl Board {
    pub(super) fn new(side: usize) -> Board {
        let cells = side * side;
        let all = u64::MAX >> (64 - cells);
        let column = |c: usize| (0..side).fold(0u64, |mask, row| mask | 1 << (row * side + c));
        let mut board = Board {
            side,
            all,
            left: column(0),
            right: column(side - 1),
            neighbours: Vec::new(),
        };
        board.neighbours = (0..cells).map(|cell| board.spread(1 << cell)).collect();
        board
    }

    /// The cells next to any cell of `cells`.
    #[inline]
    fn spread(&self, cells: u64) -> u64 {
        let vertical = (cells << self.side) | (cells >> self.side);
        let horizontal = ((cells << 1) & !self.left) | ((cells >> 1) & !self.right);
        (vertical | horizontal) & self.all
    }

    /// The region of `free` cells connected to `from`.
    #[inline]
    pub(super) fn flood(&self, free: u64, from: u8) -> u64 {
        let mut region = 1 << from;
        loop {
            let grown = region | (self.spread(region) & free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The database of `pattern` for a goal whose blank is in `blank`, built on `jobs` threads;
/// `tell` hears how many more placements have settled, now and then. Returns the table and how
/// many entries were clipped to the largest excess a nibble holds; `None` if `control` asked
/// for a stop, which the build looks at every bucket.
pub fn build(
    pattern: &Pattern,
    blank: usize,
    jobs: usize,
    tell: &(dyn Fn(u64) + Sync),
    control: &Control,
) -> Option<(Pdb, u64)> {
    match pattern.cells() {
        0..=16 => search::<AtomicU16>(pattern, blank, jobs, tell, control),
        17..=32 => search::<AtomicU32>(pattern, blank, jobs, tell, control),
        _ => search::<AtomicU64>(pattern, blank, jobs, tell, control),
    }
}

fn search<R: Regions>(
    pattern: &Pattern,
    blank: usize,
    jobs: usize,
    tell: &(dyn Fn(u64) + Sync),
    control: &Control,
) -> Option<(Pdb, u64)> {
    let board = Board::new(pattern.side());
    let tiles = pattern.homes().len();
    let count = pattern.placements();
    let reached: Vec<R> = (0..count).map(|_| R::none()).collect();
    let nibbles: Vec<AtomicU8> = (0..pattern.entries().div_ceil(2))
        .map(|_| AtomicU8::new(0))
        .collect();
    let clipped = AtomicU64::new(0);
    let home = pattern.homes();
    let zero_aware = pattern.is_zero_aware();
    let taken = occupied(home);
    reached[pattern.rank(home)].add(board.flood(!taken & board.all, blank as u8));
    tell(1);
    // the frontier in buckets of neighbouring ranks, each thread's apart: a layer is searched
    // bucket by bucket, so that the placements it reaches from one bucket lie in a few narrow
    // bands of ranks, which stay in cache (in the order states were found, nearly every look
    // at a placement's regions is a miss: the 8 tiles' table took 439 s, 174 s in buckets). A
    // state is kept in 32 bits, its rank's low bits and the blank's cell, and unranked when
    // searched: 22% more time than keeping its cells in 64 (7 tiles: 16.9 s against 13.9 s),
    // for half the frontier's memory (the 8 tiles' build peaks at 3.2 GB, against 5.0)
    let shift = usize::BITS - (count.max(2) - 1).leading_zeros();
    let shift = shift.saturating_sub(BUCKET_BITS);
    assert!(shift + BLANK_BITS <= u32::BITS, "a state fits in 32 bits");
    let buckets = ((count - 1) >> shift) + 1;
    let mut frontier: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); buckets]];
    let home_rank = pattern.rank(home);
    frontier[0][home_rank >> shift].push(pack(home_rank, shift, blank as u8));
    let mut depth = 0u32;
    let jobs = jobs.max(1);
    while frontier.iter().flatten().any(|bucket| !bucket.is_empty()) {
        // each thread takes a run of buckets, of every thread's share of the last layer
        let next: Vec<Vec<Vec<u32>>> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..jobs)
                .map(|job| {
                    let (frontier, board, reached, nibbles, clipped) =
                        (&frontier, &board, &reached, &nibbles, &clipped);
                    scope.spawn(move || {
                        let mut next = vec![Vec::new(); buckets];
                        let mut settled = 0u64;
                        let mut cells = [0u8; MOST_TILES];
                        let mine = job * buckets / jobs..(job + 1) * buckets / jobs;
                        for bucket in mine {
                            if control.stop_requested() {
                                break;
                            }
                            for &state in frontier.iter().flat_map(|layer| &layer[bucket]) {
                                let blank =
                                    unpack(pattern, state, bucket, shift, &mut cells[..tiles]);
                                let taken = occupied(&cells[..tiles]);
                                let region = board.flood(!taken & board.all, blank);
                                // every pattern tile next to the blank's region can slide into it
                                for slot in 0..tiles {
                                    let from = cells[slot];
                                    let mut into = board.neighbours[usize::from(from)] & region;
                                    while into != 0 {
                                        let to = into.trailing_zeros() as u8;
                                        into &= into - 1;
                                        cells[slot] = to;
                                        let moved = pattern.rank(&cells[..tiles]);
                                        let regions = &reached[moved];
                                        if regions.get() & (1 << from) == 0 {
                                            let free =
                                                !(taken ^ (1 << from) ^ (1 << to)) & board.all;
                                            let before = regions.add(board.flood(free, from));
                                            if before & (1 << from) == 0 {
                                                // a placement's first region, or any region
                                                // of a zero-aware pattern: an entry
                                                if before == 0 || zero_aware {
                                                    let placement = &cells[..tiles];
                                                    let at = pattern.index(placement, from);
                                                    let excess =
                                                        depth + 1 - pattern.distance(placement);
                                                    let half = excess / 2;
                                                    let clip = half > u32::from(MOST_EXCESS);
                                                    clipped.fetch_add(u64::from(clip), Relaxed);
                                                    let half =
                                                        half.min(u32::from(MOST_EXCESS)) as u8;
                                                    let shift = (at & 1) << 2;
                                                    nibbles[at >> 1]
                                                        .fetch_or(half << shift, Relaxed);
                                                }
                                                if before == 0 {
                                                    settled += 1;
                                                    if settled % REPORT_EVERY == 0 {
                                                        tell(REPORT_EVERY);
                                                    }
                                                }
                                                next[moved >> shift].push(pack(moved, shift, from));
                                            }
                                        }
                                        cells[slot] = from;
                                    }
                                }
                            }
                        }
                        tell(settled % REPORT_EVERY);
                        next
                    })
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| thread.join().expect("a build thread does not panic"))
                .collect()
        });
        if control.stop_requested() {
            return None;
        }
        frontier = next;
        depth += 1;
    }
    debug_assert!(
        reached.iter().all(|r| r.get() != 0),
        "every placement is reached"
    );
    let mut table = Nibbles::zeroed(nibbles.len());
    for (byte, nibble) in table.iter_mut().zip(nibbles) {
        *byte = nibble.into_inner();
    }
    let nibbles = table;
    let table = Pdb::from_nibbles(pattern.clone(), nibbles).expect("one nibble a placement");
    Some((table, clipped.into_inner()))
}

/// The cells of a placement.
fn occupied(cells: &[u8]) -> u64 {
    cells.iter().fold(0, |mask, &cell| mask | 1 << cell)
}

/// The bits of a state that hold the blank's cell (of at most 64).
const BLANK_BITS: u32 = 6;

/// A state in 32 bits, in its bucket: the low `shift` bits of its placement's rank, and the
/// blank's cell in the [`BLANK_BITS`] below them.
fn pack(rank: usize, shift: u32, blank: u8) -> u32 {
    ((rank & ((1 << shift) - 1)) << BLANK_BITS) as u32 | u32::from(blank)
}

/// The tiles' cells of a state of `bucket`, into `cells`; returns the blank's.
fn unpack(pattern: &Pattern, state: u32, bucket: usize, shift: u32, cells: &mut [u8]) -> u8 {
    let rank = bucket << shift | (state >> BLANK_BITS) as usize;
    pattern.unrank(rank, cells);
    (state & ((1 << BLANK_BITS) - 1)) as u8
}
