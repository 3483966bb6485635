//! Additive pattern databases for the 15-puzzle (Korf and Felner 2002; Felner, Korf and Hanan
//! 2004): the tiles split into disjoint patterns of 6, 6 and 3; each pattern's database holds,
//! for every placement of its tiles, the fewest moves *of those tiles* that bring them home,
//! whatever the others do. Moves of one pattern's tiles never count in another's, so the three
//! values add up to an admissible estimate, and the largest of the sums over the goal's mirror
//! images (the reflected lookup) is one too.
//!
//! Databases are made for three canonical goals, one per kind of cell the goal's blank can
//! occupy up to the square's eight symmetries (a corner, an edge cell, a centre cell): tile `c`
//! at home in cell `c`, the blank in cell 0, 1 or 5. Any 4×4 goal is one of those turned or
//! mirrored, with the tiles named after their home cells; a [`Lookup`] carries every board into
//! that frame, so one set serves every goal of its class.

mod build;
pub mod compact;
mod lookup;
pub mod rank;
mod verify;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::solve::control::Control;
use compact::{Pdb, Spec};

pub use build::build;
pub use lookup::Lookup;
pub use rank::{addresses, placements, CELLS};
pub use verify::{verify, Depth};

/// The side of the square.
const SIDE: usize = 4;

/// A family of pattern databases, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// The 15-puzzle's 6-6-3 split, a byte a base-16 address: built in seconds.
    SixSixThree,
    /// The 15-puzzle's 7-8 split, compact ([`compact`]): built in minutes, some five times fewer
    /// nodes.
    SevenEight,
    /// The 24-puzzle's 6-6-6-6 split, compact.
    TwentyFour,
}

impl Kind {
    /// Every family.
    pub const ALL: [Kind; 3] = [Kind::SixSixThree, Kind::SevenEight, Kind::TwentyFour];

    /// Its name, as `--pdb` and `--stats` spell it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::SixSixThree => "6-6-3",
            Kind::SevenEight => "7-8",
            Kind::TwentyFour => "6-6-6-6",
        }
    }
}

/// Where the goal's blank lies, up to the square's symmetries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Class {
    /// A corner cell: the canonical goal's blank is in cell 0.
    Corner,
    /// A border cell that is not a corner: cell 1.
    Edge,
    /// One of the four middle cells: cell 5.
    Centre,
}

/// The order in which the 15 tiles of a canonical goal fill the patterns: the left half of the
/// top three rows and the bottom-left cell, the right half of the top three rows, then the rest
/// of the bottom row (the blank's cell is skipped). Nodes for Korf's 100 (the corner class, both
/// lookups) with the splits tried: this one 22.7 M; the same with cells 9 and 13 swapped 23.0 M,
/// cells 10 and 15 swapped 33.0 M, cells 9 and 12 swapped 36.8 M; {1,2,4,5,8,9}, {3,6,7,10,11,15}
/// 28.1 M; by rows ({1..6}, {7..12}) 51.1 M; {1,2,3,5,6,7}, {4,8,9,12,13,10} 148.7 M.
const FILL: [u8; CELLS] = [0, 1, 4, 5, 8, 9, 12, 2, 3, 6, 7, 10, 11, 13, 14, 15];

/// The number of tiles in each pattern.
pub const SPLIT: [usize; 3] = [6, 6, 3];

impl Class {
    /// Every class.
    pub const ALL: [Class; 3] = [Class::Corner, Class::Edge, Class::Centre];

    /// The class of a goal whose blank is in `cell`.
    pub fn of(cell: usize) -> Class {
        let canonical = (0..8).map(|s| symmetry(s, cell)).min().expect("eight");
        match canonical {
            0 => Class::Corner,
            1 => Class::Edge,
            _ => Class::Centre,
        }
    }

    /// The canonical goal's blank cell.
    pub fn blank(self) -> usize {
        match self {
            Class::Corner => 0,
            Class::Edge => 1,
            Class::Centre => 5,
        }
    }

    /// The class's name, as in file names.
    pub fn name(self) -> &'static str {
        match self {
            Class::Corner => "corner",
            Class::Edge => "edge",
            Class::Centre => "centre",
        }
    }

    /// The patterns: each a list of tiles, named by their home cells in the canonical goal.
    pub fn patterns(self) -> Vec<Vec<u8>> {
        let mut tiles = FILL
            .iter()
            .copied()
            .filter(|&c| usize::from(c) != self.blank());
        SPLIT
            .iter()
            .map(|&size| tiles.by_ref().take(size).collect())
            .collect()
    }
}

/// The pattern of `patterns` (each a list of tiles) that holds tile `name`, and its place in it.
pub(crate) fn place_of(patterns: &[Vec<u8>], name: u8) -> (usize, usize) {
    patterns
        .iter()
        .enumerate()
        .find_map(|(p, tiles)| Some((p, tiles.iter().position(|&t| t == name)?)))
        .expect("the patterns hold every tile")
}

/// Where symmetry `index` (0 to 7) of the 4×4 square takes `cell` ([`symmetry_on`]).
pub fn symmetry(index: usize, cell: usize) -> usize {
    symmetry_on(SIDE, index, cell)
}

/// Where symmetry `index` (0 to 7) of a square of `side` takes `cell`: bit 0 transposes, bit 1
/// mirrors the columns, bit 2 the rows.
pub fn symmetry_on(side: usize, index: usize, cell: usize) -> usize {
    let (mut row, mut column) = (cell / side, cell % side);
    if index & 1 != 0 {
        (row, column) = (column, row);
    }
    if index & 2 != 0 {
        column = side - 1 - column;
    }
    if index & 4 != 0 {
        row = side - 1 - row;
    }
    row * side + column
}

/// One class's databases, one per pattern, in [`Class::patterns`] order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Databases {
    class: Class,
    entries: Vec<Vec<u8>>,
}

impl Databases {
    /// The databases of `class`, built by breadth-first search; `progress` is told the
    /// placements settled so far and their total, as the search goes.
    pub fn build(class: Class, progress: &(dyn Fn(u64, u64) + Sync)) -> Databases {
        let patterns = class.patterns();
        let total: u64 = patterns.iter().map(|p| placements(p.len()) as u64).sum();
        let done = std::sync::atomic::AtomicU64::new(0);
        let tell = |settled: u64| {
            let now = done.fetch_add(settled, std::sync::atomic::Ordering::Relaxed) + settled;
            progress(now, total);
        };
        // one thread per pattern: the two large ones take the two cores
        let entries = std::thread::scope(|scope| {
            let builds: Vec<_> = patterns
                .iter()
                .map(|pattern| scope.spawn(|| build(class, pattern, &tell)))
                .collect();
            builds
                .into_iter()
                .map(|b| b.join().expect("a database build does not panic"))
                .collect()
        });
        Databases { class, entries }
    }

    /// Databases of `class` from their entries (as [`Databases::entries`] gave them), if each
    /// has the size of its pattern's addresses.
    pub fn from_entries(class: Class, entries: Vec<Vec<u8>>) -> Option<Databases> {
        let patterns = class.patterns();
        let fits = entries.len() == patterns.len()
            && entries
                .iter()
                .zip(&patterns)
                .all(|(e, p)| e.len() == addresses(p.len()));
        fits.then_some(Databases { class, entries })
    }

    /// The class served.
    pub fn class(&self) -> Class {
        self.class
    }

    /// Each pattern's entries, indexed by placement address.
    pub fn entries(&self) -> &[Vec<u8>] {
        &self.entries
    }

    /// The bytes the databases hold.
    pub fn size(&self) -> usize {
        self.entries.iter().map(Vec::len).sum()
    }
}

/// Where an engine's store gets its databases, its supply: built in memory
/// ([`Memory`], the default), or a cache on disk that the tools provide.
pub trait Supply: Send + Sync {
    /// The databases of `class` if they can be had without building them.
    fn ready(&self, class: Class) -> Option<Arc<Databases>>;

    /// The databases of `class`, built if need be.
    fn get(&self, class: Class) -> Arc<Databases>;

    /// The compact table of `spec` if it can be had without building it.
    fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>>;

    /// The compact table of `spec`, built if need be; `None` if `control` asked for a stop
    /// during the build.
    fn table(&self, spec: &Spec, control: &Control) -> Option<Arc<Pdb>>;
}

/// Where a compact table is kept once built or read, shared by whoever asks for it.
pub(crate) type Slot = Arc<OnceLock<Arc<Pdb>>>;

/// Databases built in memory when first needed, kept for the life of the source.
#[derive(Default)]
pub struct Memory {
    built: [OnceLock<Arc<Databases>>; 3],
    /// Each compact table's slot, by name.
    tables: Mutex<Vec<(&'static str, Slot)>>,
}

impl Memory {
    /// A source with nothing built yet.
    pub const fn new() -> Memory {
        Memory {
            built: [OnceLock::new(), OnceLock::new(), OnceLock::new()],
            tables: Mutex::new(Vec::new()),
        }
    }

    /// The slot of `spec`'s table.
    pub(crate) fn slot(&self, spec: &Spec) -> Slot {
        let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        match tables.iter().find(|(name, _)| *name == spec.name) {
            Some((_, slot)) => slot.clone(),
            None => {
                let slot = Arc::new(OnceLock::new());
                tables.push((spec.name, slot.clone()));
                slot
            }
        }
    }

    /// The table of `spec`, built on every core with `progress` told of placements settled and
    /// their total, if no other thread has built it; `None` if `control` asked for a stop.
    pub fn table_with(
        &self,
        spec: &Spec,
        progress: &(dyn Fn(u64, u64) + Sync),
        control: &Control,
    ) -> Option<Arc<Pdb>> {
        let slot = self.slot(spec);
        if let Some(table) = slot.get() {
            return Some(table.clone());
        }
        // two threads may build at once; the first to finish is kept
        let table = build_table(spec, progress, control)?;
        Some(slot.get_or_init(|| Arc::new(table)).clone())
    }
}

/// The compact table of `spec`, built on every core; `progress` is told of placements settled
/// and their total as the search goes. `None` if `control` asked for a stop.
pub fn build_table(
    spec: &Spec,
    progress: &(dyn Fn(u64, u64) + Sync),
    control: &Control,
) -> Option<Pdb> {
    let total = spec.pattern.placements() as u64;
    let done = AtomicU64::new(0);
    let tell = |settled: u64| {
        progress(done.fetch_add(settled, Relaxed) + settled, total);
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (table, _clipped) = compact::build(&spec.pattern, spec.blank, jobs, &tell, control)?;
    Some(table)
}

impl Supply for Memory {
    fn ready(&self, class: Class) -> Option<Arc<Databases>> {
        self.built[class as usize].get().cloned()
    }

    fn get(&self, class: Class) -> Arc<Databases> {
        self.built[class as usize]
            .get_or_init(|| Arc::new(Databases::build(class, &|_, _| {})))
            .clone()
    }

    fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
        self.slot(spec).get().cloned()
    }

    fn table(&self, spec: &Spec, control: &Control) -> Option<Arc<Pdb>> {
        self.table_with(spec, &|_, _| {}, control)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_every_cell() {
        let corners = [0, 3, 12, 15];
        let centres = [5, 6, 9, 10];
        for cell in 0..CELLS {
            let expected = match cell {
                c if corners.contains(&c) => Class::Corner,
                c if centres.contains(&c) => Class::Centre,
                _ => Class::Edge,
            };
            assert_eq!(Class::of(cell), expected, "cell {cell}");
        }
    }

    #[test]
    fn symmetries_are_eight_distinct_permutations() {
        let mut images: Vec<Vec<usize>> = (0..8)
            .map(|s| (0..CELLS).map(|c| symmetry(s, c)).collect())
            .collect();
        for image in &images {
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..CELLS).collect::<Vec<_>>());
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn patterns_split_the_tiles() {
        for class in Class::ALL {
            let mut tiles: Vec<u8> = class.patterns().concat();
            assert_eq!(
                class.patterns().iter().map(Vec::len).collect::<Vec<_>>(),
                SPLIT
            );
            tiles.push(class.blank() as u8);
            tiles.sort_unstable();
            assert_eq!(tiles, (0..16).collect::<Vec<u8>>());
        }
    }
}
