//! One pattern's database: for every placement of its tiles, the fewest moves of those tiles
//! that bring them home, kept in four bits as half its excess over their Manhattan distance.

use super::Pattern;

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

    /// The entry of a placement with the blank in `blank` (a free cell): the fewest moves of
    /// the pattern's tiles that bring them home (from the blank's region, if zero-aware).
    pub fn entry(&self, cells: &[u8], blank: u8) -> u32 {
        let excess = self.half_excess(self.pattern.index(cells, blank));
        self.pattern.distance(cells) + 2 * u32::from(excess)
    }
}
