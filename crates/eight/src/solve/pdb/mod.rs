//! Additive pattern databases (Korf and Felner 2002; Felner, Korf and Hanan 2004): the tiles
//! split into disjoint patterns; each pattern's database holds, for every placement of its
//! tiles, the fewest moves *of those tiles* that bring them home, whatever the others do. Moves
//! of one pattern's tiles never count in another's, so the values add up to an admissible
//! estimate, and the largest of the sums over the goal's mirror images (the reflected lookup) is
//! one too.
//!
//! A 4×4 lookup may look the board up in its dual too ([`Loaded::with_duals`]: the board and the
//! goal exchanged, from the tables of every class).
//!
//! One stack serves every family ([`Family`]): a [`Pattern`] (its tiles, and how a placement is
//! indexed), its [`Pdb`] (an entry a nibble), one [`build`], one [`Lookup`], one [`verify`]; the
//! families are data ([`Partition`]). An entry is at least the pattern's Manhattan distance and
//! of the same parity (each move takes one tile one cell): what is kept is half the excess,
//! `(entry − distance) / 2`, and the search adds the distance back. An excess past 30 is kept as
//! 30 (the build counts them: a lower value is still admissible); none of the databases eight
//! builds has one.
//!
//! Databases are made for canonical goals, one per kind of cell the goal's blank can occupy up
//! to the square's eight symmetries (on the 4×4 board: a corner, an edge cell, a centre cell):
//! tile `c` at home in cell `c`. Any goal is one of those turned or mirrored, with the tiles
//! named after their home cells; a [`Lookup`] carries every board into that frame, so one set
//! serves every goal of its class.

mod build;
mod dual;
mod loaded;
mod lookup;
mod partition;
mod pattern;
mod table;
mod verify;
mod wide;
mod zero;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::solve::control::Control;
use crate::solve::detours::Keeper;

pub use build::build;
pub use loaded::{Loaded, UseLoaded};
pub use lookup::{Lookup, SEVEN_VIEWS};
pub use partition::{Partition, Spec};
pub use pattern::{unrank, Pattern};
pub use table::{Nibbles, Pdb};
pub use verify::{verify, Depth};
pub use wide::{Wide, WideLookup};

/// The most tiles a pattern has.
pub const MOST_TILES: usize = 8;

/// The largest excess a nibble holds, halved.
const MOST_EXCESS: u8 = 15;

/// The cells of the 15-puzzle.
const CELLS: usize = 16;

/// The side of the square.
const SIDE: usize = 4;

/// How a family splits the tiles of a square into patterns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Split {
    /// The 15-puzzle's 6-6-3, indexed by address: built in seconds.
    SixSixThree,
    /// The 15-puzzle's 7-8: built in minutes, some five times fewer nodes.
    SevenEight,
    /// The 24-puzzle's 6-6-6-6.
    TwentyFour,
    /// The 24-puzzle's seven 6-6-6-6 splits, the largest estimate of them.
    TwentyFourMax,
    /// The 35-puzzle's seven patterns of five tiles.
    ThirtyFive,
    /// The 48-puzzle's eleven patterns of three to five tiles.
    FortyEight,
}

impl Split {
    /// Its name, a family's name but for the zero-aware mark.
    pub fn name(self) -> &'static str {
        match self {
            Split::SixSixThree => "6-6-3",
            Split::SevenEight => "7-8",
            Split::TwentyFour => "6-6-6-6",
            Split::TwentyFourMax => "6-6-6-6x7",
            Split::ThirtyFive => "35-5",
            Split::FortyEight => "48-5",
        }
    }

    /// The side of the square it serves.
    pub fn side(self) -> usize {
        match self {
            Split::SixSixThree | Split::SevenEight => 4,
            Split::TwentyFour | Split::TwentyFourMax => 5,
            Split::ThirtyFive => 6,
            Split::FortyEight => 7,
        }
    }
}

/// A family of pattern databases: a split, its entries plain or zero-aware (one for each region
/// of free cells the blank can be in, where a plain entry is the least over them; Clausecker and
/// Reinefeld), which makes half the nodes again from tables 2.7 times as large on 4×4. Its
/// [name](Family::name) (the split's, `z` for zero-aware) is the one spelling: `--pdb`,
/// `--stats`, `eight cache` and the cache's listing all read and write it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Family {
    split: Split,
    zero_aware: bool,
}

impl Family {
    /// 6-6-3.
    pub const SIX_SIX_THREE: Family = Family::plain(Split::SixSixThree);
    /// 7-8.
    pub const SEVEN_EIGHT: Family = Family::plain(Split::SevenEight);
    /// 7-8z.
    pub const SEVEN_EIGHT_Z: Family = Family::zero_aware(Split::SevenEight);
    /// 6-6-6-6.
    pub const TWENTY_FOUR: Family = Family::plain(Split::TwentyFour);
    /// 6-6-6-6z.
    pub const TWENTY_FOUR_Z: Family = Family::zero_aware(Split::TwentyFour);
    /// 6-6-6-6x7.
    pub const TWENTY_FOUR_MAX: Family = Family::plain(Split::TwentyFourMax);
    /// 6-6-6-6x7z.
    pub const TWENTY_FOUR_MAX_Z: Family = Family::zero_aware(Split::TwentyFourMax);
    /// 35-5.
    pub const THIRTY_FIVE: Family = Family::plain(Split::ThirtyFive);
    /// 48-5.
    pub const FORTY_EIGHT: Family = Family::plain(Split::FortyEight);

    /// The catalogue: every family, weakest first (each zero-aware one after its plain one).
    /// A new family is a line here and its partition's constructor (`Partition::of`).
    pub const ALL: [Family; 9] = [
        Family::SIX_SIX_THREE,
        Family::SEVEN_EIGHT,
        Family::SEVEN_EIGHT_Z,
        Family::TWENTY_FOUR,
        Family::TWENTY_FOUR_Z,
        Family::TWENTY_FOUR_MAX,
        Family::TWENTY_FOUR_MAX_Z,
        Family::THIRTY_FIVE,
        Family::FORTY_EIGHT,
    ];

    const fn plain(split: Split) -> Family {
        Family {
            split,
            zero_aware: false,
        }
    }

    const fn zero_aware(split: Split) -> Family {
        Family {
            split,
            zero_aware: true,
        }
    }

    /// Its name, as `--pdb`, `--stats` and `eight cache` spell it.
    pub fn name(self) -> String {
        self.to_string()
    }

    /// The family named `name` ([`Family::name`]), if the catalogue has one.
    pub fn named(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|family| family.name() == name)
    }

    /// How its tiles are split into patterns.
    pub fn split(self) -> Split {
        self.split
    }

    /// Whether its entries are zero-aware.
    pub fn is_zero_aware(self) -> bool {
        self.zero_aware
    }

    /// The side of the square it serves.
    pub fn side(self) -> usize {
        self.split.side()
    }

    /// What it is and what it costs, a line: the size it serves, its tables' size on disk and
    /// how long a build takes on this project's machine (the performance page's figures).
    pub fn about(self) -> &'static str {
        match (self.split, self.zero_aware) {
            (Split::SixSixThree, _) => "4x4: 17 MB a blank class, built in seconds",
            (Split::SevenEight, false) => "4x4, far fewer nodes: 288 MB, built in minutes",
            (Split::SevenEight, true) => {
                "4x4, zero-aware (fewer nodes, larger tables): 922 MB, some 9 minutes"
            }
            (Split::TwentyFour, false) => {
                "5x5, the goal's blank in a corner: 128 MB, a minute or more"
            }
            (Split::TwentyFour, true) => "5x5, zero-aware: 181 MB, some two minutes",
            (Split::TwentyFourMax, false) => "5x5, seven splits: 701 MB, some 13 minutes",
            (Split::TwentyFourMax, true) => {
                "5x5, seven splits, zero-aware, the strongest: 996 MB, some 10 minutes"
            }
            (Split::ThirtyFive, _) => "6x6, the goal's blank in a corner: 136 MB, some 2 minutes",
            (Split::FortyEight, _) => "7x7, the goal's blank in a corner: 463 MB, some 11 minutes",
        }
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.split.name())?;
        match self.zero_aware {
            true => f.write_str("z"),
            false => Ok(()),
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

/// Where an engine's store gets its databases, its supply: built in memory
/// ([`Memory`], the default), or the cache on disk of the `cache` feature (`DiskCache`).
pub trait Supply: Send + Sync {
    /// The table of `spec` if it can be had without building it.
    fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>>;

    /// The table of `spec`, built if need be; `None` if `control` asked for a stop
    /// during the build.
    fn table(&self, spec: &Spec, control: &Control) -> Option<Arc<Pdb>>;

    /// Whether the table of `spec` can be had without building it (in memory, or in a cache
    /// file not found damaged), without reading it: what a plan asks of big tables.
    fn cached(&self, spec: &Spec) -> bool {
        self.ready_table(spec).is_some()
    }

    /// Whether every table of `partition` can be had without a build ([`Supply::cached`]).
    fn cached_tables(&self, partition: &Partition) -> bool {
        partition.tables.iter().all(|spec| self.cached(spec))
    }

    /// Every table of `partition`, in order, if each is ready.
    fn ready_tables(&self, partition: &Partition) -> Option<Vec<Arc<Pdb>>> {
        let tables = partition.tables.iter();
        tables.map(|spec| self.ready_table(spec)).collect()
    }

    /// Every table of `partition`, in order, built if need be; `None` if `control` asked for a
    /// stop during a build.
    fn tables(&self, partition: &Partition, control: &Control) -> Option<Vec<Arc<Pdb>>> {
        let tables = partition.tables.iter();
        tables.map(|spec| self.table(spec, control)).collect()
    }

    /// Where the same store keeps its searches' duplicate-path machines between runs, if this
    /// supply keeps them too (the disk cache does; a supply in memory does not).
    fn keeper(&self) -> Option<&dyn Keeper> {
        None
    }
}

/// Where a table is kept once built or read, shared by whoever asks for it.
pub(crate) type Slot = Arc<OnceLock<Arc<Pdb>>>;

/// Databases built in memory when first needed, kept for the life of the source.
#[derive(Default)]
pub struct Memory {
    /// Each table's slot, by name.
    tables: Mutex<Vec<(&'static str, Slot)>>,
}

impl Memory {
    /// A source with nothing built yet.
    pub const fn new() -> Memory {
        Memory {
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

/// The table of `spec`, built on every core; `progress` is told of placements settled
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
    let (table, _clipped) = build(&spec.pattern, spec.blank, jobs, &tell, control)?;
    Some(table)
}

impl Supply for Memory {
    fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
        self.slot(spec).get().cloned()
    }

    fn table(&self, spec: &Spec, control: &Control) -> Option<Arc<Pdb>> {
        self.table_with(spec, &|_, _| {}, control)
    }
}

#[cfg(test)]
mod tests;
