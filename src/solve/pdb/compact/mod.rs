//! Compact pattern databases, for patterns too large for a byte per base-16 address: the 7 and
//! 8 tiles of the 15-puzzle's strongest split (Korf and Felner 2002), the 6-tile patterns of the
//! 24-puzzle. A pattern's entry for each placement of its tiles is indexed by the placement's
//! Lehmer rank (k of n cells: dense, `n!/(n−k)!` of them) and stored in four bits. An entry is
//! the fewest moves of the pattern's tiles that bring them home, so it is at least their
//! Manhattan distance and of the same parity (each such move takes one tile one cell): what is
//! kept is half the excess, `(entry − distance) / 2`, and the search adds the distance back.
//! An excess past 30 is kept as 30 (the build counts them: a lower value is still admissible);
//! none of the databases eight builds has one. A small pattern of the 4×4 board may index its
//! entries by address instead (its cells as base-16 digits: 16^k entries, sparse), which a move
//! updates in one shift: the 6-6-3 split so ([`Partition::six_six_three`]), 16.8 MB a class
//! against the byte databases' 33.5 MB.

mod build;
mod lookup;
mod partition;
mod verify;

pub use build::build;
pub use lookup::{Loaded, Lookup};
pub use partition::{Partition, Spec};
pub use verify::verify;

/// The most tiles a compact pattern has: a state of the build packs them, 5 bits a cell.
pub const MOST_TILES: usize = 8;

/// The largest excess a nibble holds, halved.
const MOST_EXCESS: u8 = 15;

/// A pattern: some tiles of a square board of `side` cells a side, named by their home cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pattern {
    side: u8,
    homes: Vec<u8>,
    /// Whether its entries are indexed by a placement's address (its cells as base-16 digits,
    /// sparse, updated by a move in one shift) rather than its rank (dense).
    addressed: bool,
}

impl Pattern {
    /// The pattern of the tiles at home in `homes` on a board of `side` by `side`.
    pub fn new(side: usize, homes: &[u8]) -> Pattern {
        assert!((1..=MOST_TILES).contains(&homes.len()), "1 to 8 tiles");
        assert!(side * side <= 32, "a state packs 5 bits a cell");
        Pattern {
            side: side as u8,
            homes: homes.to_vec(),
            addressed: false,
        }
    }

    /// The same pattern, its entries indexed by address: for small patterns of a 4×4 board,
    /// whose 16^k addresses cost less to compute than ranks.
    pub fn addressed(side: usize, homes: &[u8]) -> Pattern {
        assert!(
            side * side <= 16 && homes.len() <= 6,
            "16^6 addresses at most"
        );
        Pattern {
            addressed: true,
            ..Pattern::new(side, homes)
        }
    }

    /// Whether its entries are indexed by address.
    #[inline(always)]
    pub fn is_addressed(&self) -> bool {
        self.addressed
    }

    /// How many entries its table holds: its placements, or its addresses.
    pub fn entries(&self) -> usize {
        match self.addressed {
            true => 1 << (4 * self.homes.len()),
            false => self.placements(),
        }
    }

    /// The entry index of a placement: its address or its rank.
    #[inline(always)]
    pub fn index(&self, cells: &[u8]) -> usize {
        match self.addressed {
            true => cells
                .iter()
                .rev()
                .fold(0, |address, &cell| address << 4 | usize::from(cell)),
            false => self.rank(cells),
        }
    }

    /// The side of its board.
    pub fn side(&self) -> usize {
        usize::from(self.side)
    }

    /// The cells of its board.
    pub fn cells(&self) -> usize {
        self.side() * self.side()
    }

    /// The tiles' home cells, in the order their cells make a placement.
    pub fn homes(&self) -> &[u8] {
        &self.homes
    }

    /// How many placements its tiles have.
    pub fn placements(&self) -> usize {
        let n = self.cells();
        (0..self.homes.len()).map(|i| n - i).product()
    }

    /// The rank of a placement: `cells[i]` is where the pattern's tile `i` stands; the Lehmer
    /// rank of [`eight_core::rank::rank_of`], each digit's count of smaller cells before it made
    /// by comparisons rather than a population count, which the baseline x86-64 lacks (the
    /// 7 tiles' table builds in 13.9 s this way, 16.0 s with `rank_of`).
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> usize {
        let n = self.cells();
        let mut index = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let below = cells[..i].iter().filter(|&&c| c < cell).count();
            index = index * (n - i) + usize::from(cell) - below;
        }
        index
    }

    /// The placement of rank `index`, into `cells`.
    pub fn unrank(&self, index: usize, cells: &mut [u8]) {
        match self.cells() {
            16 => unrank::<16>(index, cells),
            25 => unrank::<25>(index, cells),
            n => eight_core::rank::unrank_of(index, n, cells),
        }
    }

    /// The Manhattan distance of a placement from home.
    pub fn distance(&self, cells: &[u8]) -> u32 {
        let side = self.side;
        cells
            .iter()
            .zip(&self.homes)
            .map(|(&c, &h)| {
                u32::from((c / side).abs_diff(h / side) + (c % side).abs_diff(h % side))
            })
            .sum()
    }
}

/// The placement of rank `index` among those of `cells.len()` tiles on `N` cells, into `cells`:
/// [`eight_core::rank::unrank_of`] with the board's size known, so that the compiler can turn
/// its divisions into multiplications.
#[inline]
pub fn unrank<const N: usize>(mut index: usize, cells: &mut [u8]) {
    let mut digits = [0usize; MOST_TILES];
    let tiles = cells.len();
    for i in (0..tiles).rev() {
        let radix = N - i;
        digits[i] = index % radix;
        index /= radix;
    }
    let mut free = ((1u64 << N) - 1) as u32;
    for (cell, &digit) in cells.iter_mut().zip(&digits) {
        let mut rest = free;
        for _ in 0..digit {
            rest &= rest - 1;
        }
        *cell = rest.trailing_zeros() as u8;
        free &= !(1 << *cell);
    }
}

/// One pattern's database, four bits a placement.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pdb {
    pattern: Pattern,
    /// Two placements a byte: rank `r`'s half excess in the low nibble of byte `r / 2` when `r`
    /// is even, the high one when odd.
    nibbles: Nibbles,
}

/// A table's bytes, in memory the kernel is asked to back with huge pages: a search reads them
/// at random, and 4 KiB pages cost a page walk on nearly every read of a 260 MB table and a page
/// fault on every 4 KiB of reading it in (with huge pages, where the system gives them, the
/// 80-move board took 0.78 s against 1.04, and reading the 7-8 tables 0.06 s against 0.19).
/// Where a mapping cannot be had, a plain vector.
pub struct Nibbles(Storage);

enum Storage {
    Mapped(memmap2::MmapMut),
    Plain(Vec<u8>),
}

impl Nibbles {
    /// `len` zero bytes.
    pub fn zeroed(len: usize) -> Nibbles {
        match memmap2::MmapMut::map_anon(len.max(1)) {
            Ok(map) => {
                // a hint: where huge pages are not to be had, small ones serve
                #[cfg(target_os = "linux")]
                let _ = map.advise(memmap2::Advice::HugePage);
                Nibbles(Storage::Mapped(map))
            }
            Err(_) => Nibbles(Storage::Plain(vec![0; len])),
        }
    }

    /// A copy of `bytes`.
    pub fn copy_of(bytes: &[u8]) -> Nibbles {
        let mut nibbles = Nibbles::zeroed(bytes.len());
        nibbles.copy_from_slice(bytes);
        nibbles
    }
}

impl std::ops::Deref for Nibbles {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Storage::Mapped(map) => map,
            Storage::Plain(bytes) => bytes,
        }
    }
}

impl std::ops::DerefMut for Nibbles {
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.0 {
            Storage::Mapped(map) => map,
            Storage::Plain(bytes) => bytes,
        }
    }
}

impl Clone for Nibbles {
    fn clone(&self) -> Nibbles {
        Nibbles::copy_of(self)
    }
}

impl PartialEq for Nibbles {
    fn eq(&self, other: &Nibbles) -> bool {
        **self == **other
    }
}

impl Eq for Nibbles {}

impl std::fmt::Debug for Nibbles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Nibbles({} bytes)", self.len())
    }
}

impl Pdb {
    /// A table of `pattern` from its nibbles, if there are as many as its placements.
    pub fn from_nibbles(pattern: Pattern, nibbles: Nibbles) -> Option<Pdb> {
        (nibbles.len() == pattern.entries().div_ceil(2)).then_some(Pdb { pattern, nibbles })
    }

    /// Its pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// Its nibbles, two placements a byte.
    pub fn nibbles(&self) -> &[u8] {
        &self.nibbles
    }

    /// Half the excess of the entry of rank `index` over its distance.
    #[inline(always)]
    pub fn half_excess(&self, index: usize) -> u8 {
        self.nibbles[index >> 1] >> ((index & 1) << 2) & 0xF
    }

    /// The entry of a placement: the fewest moves of the pattern's tiles that bring them home.
    pub fn entry(&self, cells: &[u8]) -> u32 {
        let excess = self.half_excess(self.pattern.index(cells));
        self.pattern.distance(cells) + 2 * u32::from(excess)
    }
}

#[cfg(test)]
mod tests;
