//! The 6×6 and 7×7 families (`35-5`, `48-5`): their splits into patterns of up to five tiles
//! (the most a table of 49 cells affords: 229 M entries), and the databases' estimate: the
//! Manhattan distance plus twice the sum of the split's half excesses, the largest over the
//! frames (the goal turned or mirrored onto the partition's canonical goal: two for a goal whose
//! blank is in a corner, one where the split is its own transpose, as both give the same sum),
//! or the linear conflicts' estimate where that is larger (patterns of five tiles of 36 or 49
//! leave it larger on a fifth of DeepCubeA's 6×6 boards).
//! A move changes one tile, so one pattern's placement a frame, ranked anew at once: on boards
//! this large, the lookups are a small part of a node next to the board's own work, and the
//! fixed arrays of [`super::Lookup`] (sized for 25 cells) stay as small as the 24-puzzle wants.

use std::sync::Arc;

use super::partition::Patterns;
use super::{place_of, symmetry_on, Family, Partition, Pdb, Split, MOST_TILES};
use crate::puzzle::board::Board;
use crate::puzzle::BLANK;
use crate::solve::conflicts::Conflicts;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::report::Method;

/// The 6×6 split of the `35-5` family: seven patterns of five tiles, named by their home cells
/// (the blank's is 0), compact blocks. It is not its own transpose, so the lookup's second frame
/// (the board transposed, through the same tables) gives a second estimate.
const WIDE_35: [&[u8]; 7] = [
    &[1, 2, 6, 7, 8],
    &[3, 4, 5, 9, 10],
    &[11, 16, 17, 22, 23],
    &[12, 13, 18, 19, 24],
    &[14, 15, 20, 21, 26],
    &[25, 30, 31, 32, 33],
    &[27, 28, 29, 34, 35],
];

/// The names of the `35-5` tables.
const WIDE_35_NAMES: [&str; 7] = [
    "35-5-1", "35-5-2", "35-5-3", "35-5-4", "35-5-5", "35-5-6", "35-5-7",
];

/// The 7×7 split of the `48-5` family: three patterns across the diagonal that are their own
/// transposes, and four above it with their transposes below, which a symmetry takes onto the
/// same tables: eleven patterns (5 5 4, 5 5 4 3 twice) in seven tables, four of five tiles
/// (229 M entries each). Nine patterns of five and one of three would estimate more, from nine
/// such tables.
const WIDE_48: [&[u8]; 11] = [
    &[1, 7, 8, 9, 15],
    &[16, 17, 23, 24, 32],
    &[40, 41, 47, 48],
    &[2, 3, 4, 10, 11],
    &[5, 6, 12, 13, 20],
    &[18, 19, 25, 26],
    &[27, 33, 34],
    &[14, 21, 28, 22, 29],
    &[35, 42, 36, 43, 44],
    &[30, 37, 31, 38],
    &[45, 39, 46],
];

/// The names of the `48-5` tables.
const WIDE_48_NAMES: [&str; 7] = [
    "48-5-1", "48-5-2", "48-5-3", "48-5-4", "48-5-5", "48-5-6", "48-5-7",
];

impl Partition {
    /// The 6×6 or 7×7 partition of `family` (the blank in a corner: cell 0 canonically), of one
    /// split ([`WIDE_35`], [`WIDE_48`]).
    pub(super) fn wide_of(family: Family) -> Partition {
        let (split, names): (&[&[u8]], &[&'static str]) = match family.split() {
            Split::ThirtyFive => (&WIDE_35, &WIDE_35_NAMES),
            _ => (&WIDE_48, &WIDE_48_NAMES),
        };
        let split = vec![split.iter().map(|tiles| tiles.to_vec()).collect()];
        let mut patterns = Patterns::new(family.is_zero_aware());
        Partition::of_splits(
            family,
            family.side(),
            Vec::new(),
            &split,
            names,
            &mut patterns,
        )
    }
}

/// The most frames: the symmetries of the square that fix a corner cell.
const FRAMES: usize = 2;

/// A partition of a board of more than 25 cells with its tables, ready: the evaluator of
/// [`WideLookup`].
pub struct Wide {
    partition: Partition,
    tables: Vec<Arc<Pdb>>,
}

impl Wide {
    /// `partition` (of one split) with `tables`, one for each of its tables, in order.
    pub fn new(partition: Partition, tables: Vec<Arc<Pdb>>) -> Wide {
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        assert_eq!(partition.splits.len(), 1, "one split");
        Wide { partition, tables }
    }
}

impl Evaluator for Wide {
    type Heuristic<'a> = WideLookup<'a>;

    fn heuristic<'a>(&'a self, start: &Board, goal: &Board) -> WideLookup<'a> {
        let tables: Vec<&Pdb> = self.tables.iter().map(|table| &**table).collect();
        WideLookup::new(&self.partition, &tables, start, goal)
    }

    fn method(&self) -> Method {
        Method::Pdb(self.partition.family)
    }
}

/// Where a tile counts in a frame: its pattern there (an instance), and its place in the
/// pattern's placement.
#[derive(Clone, Copy, Default)]
struct Slot {
    instance: u8,
    place: u8,
}

/// The estimate of a board against one goal from the tables of a partition of one split, kept
/// up to date move by move.
#[derive(Clone)]
pub struct WideLookup<'a> {
    /// The board's cells.
    cells: usize,
    /// The frames looked at (1 or 2).
    frames: usize,
    /// Each instance's table (a pattern in a frame: frame `f`'s are `f * patterns ..`).
    tables: Vec<&'a Pdb>,
    /// Where each instance takes each cell (`instance * cells + cell`): into its table's cells.
    maps: Vec<u8>,
    /// Each instance's placement in its table's cells, and its half excess.
    placements: Vec<[u8; MOST_TILES]>,
    halves: Vec<u8>,
    /// Each tile's slot in each frame.
    slots: Vec<[Slot; FRAMES]>,
    /// Each frame's sum of half excesses.
    sums: [u32; FRAMES],
    /// Each tile's distance from home from each cell (`tile * cells + cell`).
    distances: Vec<u8>,
    /// The board's Manhattan distance.
    distance: u32,
    /// The linear conflicts' estimate.
    conflicts: Conflicts,
}

impl<'a> WideLookup<'a> {
    /// The estimate of `start` against `goal` from `tables` (one for each of `partition`'s, in
    /// order). The goal's blank must be one that a symmetry of the square takes to the
    /// partition's.
    pub fn new(
        partition: &Partition,
        tables: &[&'a Pdb],
        start: &Board,
        goal: &Board,
    ) -> WideLookup<'a> {
        let side = partition.side;
        let cells = side * side;
        assert_eq!(goal.cells().len(), cells, "a board of the partition's size");
        let symmetries = partition.frames(goal.blank());
        let tiles = partition.tiles(0);
        let frames = match is_own_transpose(side, &tiles) {
            true => 1,
            false => symmetries.len().min(FRAMES),
        };
        let patterns = partition.splits[0].len();
        let mut lookup = WideLookup {
            cells,
            frames,
            tables: Vec::new(),
            maps: Vec::new(),
            placements: vec![[0; MOST_TILES]; frames * patterns],
            halves: vec![0; frames * patterns],
            slots: vec![[Slot::default(); FRAMES]; cells],
            sums: [0; FRAMES],
            distances: vec![0; cells * cells],
            distance: 0,
            conflicts: Conflicts::new(start, goal),
        };
        for (frame, &s) in symmetries.iter().take(frames).enumerate() {
            for &(table, onto) in &partition.splits[0] {
                lookup.tables.push(tables[table]);
                lookup.maps.extend(
                    (0..cells)
                        .map(|cell| symmetry_on(side, onto, symmetry_on(side, s, cell)) as u8),
                );
            }
            // a tile is named, in the frame, by where its home goes
            for (home, &tile) in goal.cells().iter().enumerate() {
                if tile != BLANK {
                    let name = symmetry_on(side, s, home) as u8;
                    let (pattern, place) = place_of(&tiles, name);
                    lookup.slots[usize::from(tile)][frame] = Slot {
                        instance: (frame * patterns + pattern) as u8,
                        place: place as u8,
                    };
                }
            }
        }
        for (home, &tile) in goal.cells().iter().enumerate() {
            for cell in 0..cells {
                let (a, b) = (cell / side, home / side);
                let (c, d) = (cell % side, home % side);
                lookup.distances[usize::from(tile) * cells + cell] =
                    (a.abs_diff(b) + c.abs_diff(d)) as u8;
            }
        }
        for (cell, &tile) in start.cells().iter().enumerate() {
            if tile != BLANK {
                lookup.distance += u32::from(lookup.distances[usize::from(tile) * cells + cell]);
                for frame in 0..frames {
                    let slot = lookup.slots[usize::from(tile)][frame];
                    let instance = usize::from(slot.instance);
                    lookup.placements[instance][usize::from(slot.place)] =
                        lookup.maps[instance * cells + cell];
                }
            }
        }
        for instance in 0..frames * patterns {
            let half = lookup.half_of(instance);
            lookup.halves[instance] = half;
            lookup.sums[instance / patterns] += u32::from(half);
        }
        lookup
    }

    /// The half excess of `instance`'s placement.
    #[inline]
    fn half_of(&self, instance: usize) -> u8 {
        let table = self.tables[instance];
        let pattern = table.pattern();
        let placement = &self.placements[instance][..pattern.homes().len()];
        table.half_excess(pattern.index(placement, 0))
    }

    /// Puts `tile` in `cell` in every frame, and returns the half excesses before.
    #[inline]
    fn place(&mut self, tile: u8, cell: usize) -> [u8; FRAMES] {
        let mut before = [0; FRAMES];
        let slots = self.slots[usize::from(tile)];
        for (frame, slot) in slots.iter().enumerate().take(self.frames) {
            let instance = usize::from(slot.instance);
            self.placements[instance][usize::from(slot.place)] =
                self.maps[instance * self.cells + cell];
            let half = self.half_of(instance);
            before[frame] = self.halves[instance];
            self.halves[instance] = half;
            self.sums[frame] = self.sums[frame] + u32::from(half) - u32::from(before[frame]);
        }
        before
    }
}

/// Whether the split of `tiles` (home cells) is its own transpose on a square of `side`.
fn is_own_transpose(side: usize, tiles: &[Vec<u8>]) -> bool {
    let sorted = |pattern: &[u8], symmetry: usize| {
        let mut cells: Vec<u8> = (pattern.iter())
            .map(|&c| symmetry_on(side, symmetry, usize::from(c)) as u8)
            .collect();
        cells.sort_unstable();
        cells
    };
    let patterns: Vec<Vec<u8>> = tiles.iter().map(|pattern| sorted(pattern, 0)).collect();
    (tiles.iter()).all(|pattern| patterns.contains(&sorted(pattern, 1)))
}

/// What undoes a move: the half excesses of the tile's patterns before it, and the linear
/// conflicts' undo.
type Undo = ([u8; FRAMES], <Conflicts as Heuristic>::Undo);

impl Heuristic for WideLookup<'_> {
    type Undo = Undo;

    #[inline]
    fn estimate(&self) -> u32 {
        let most = self.sums[..self.frames].iter().max().copied().unwrap_or(0);
        (self.distance + 2 * most).max(self.conflicts.estimate())
    }

    #[inline]
    fn slide(&mut self, cells: &[u8], tile: u8, from: usize, to: usize, vertical: bool) -> Undo {
        let conflicts = self.conflicts.slide(cells, tile, from, to, vertical);
        let distances = &self.distances[usize::from(tile) * self.cells..];
        self.distance = self.distance + u32::from(distances[to]) - u32::from(distances[from]);
        (self.place(tile, to), conflicts)
    }

    #[inline]
    fn unslide(&mut self, tile: u8, from: usize, to: usize, vertical: bool, undo: Undo) {
        let (undo, conflicts) = undo;
        self.conflicts.unslide(tile, from, to, vertical, conflicts);
        let distances = &self.distances[usize::from(tile) * self.cells..];
        self.distance = self.distance + u32::from(distances[from]) - u32::from(distances[to]);
        let slots = self.slots[usize::from(tile)];
        for (frame, slot) in slots.iter().enumerate().take(self.frames) {
            let instance = usize::from(slot.instance);
            self.placements[instance][usize::from(slot.place)] =
                self.maps[instance * self.cells + from];
            self.sums[frame] =
                self.sums[frame] + u32::from(undo[frame]) - u32::from(self.halves[instance]);
            self.halves[instance] = undo[frame];
        }
    }
}
