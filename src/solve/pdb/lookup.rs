//! The databases' estimate of a board, kept up to date move by move: the Manhattan
//! distance, plus twice the larger, over the frames (the goal turned or mirrored onto its
//! partition's canonical goal, one or two ways), of the patterns' half excesses. A move changes one
//! tile, so one pattern's placement per frame: an index and a nibble each. The index is a rank
//! made anew, or, for addressed patterns (`ADDRESSED`, chosen at compile time so that ranked
//! tables pay nothing for it), an address kept up to date in one shift.

use std::sync::Arc;

use super::{place_of, symmetry_on, Partition, Pdb, MOST_TILES};
use crate::puzzle::board::Board;
use crate::puzzle::BLANK;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::report::Method;

/// A partition with its tables, ready: the evaluator of [`Lookup`]; `ADDRESSED` when its
/// patterns index their entries by address.
pub struct Loaded<const ADDRESSED: bool = false> {
    partition: Partition,
    tables: Vec<Arc<Pdb>>,
}

impl Loaded {
    /// `partition` with `tables` (ranked), one for each of its tables, in order.
    pub fn new(partition: Partition, tables: Vec<Arc<Pdb>>) -> Loaded {
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        Loaded { partition, tables }
    }
}

impl Loaded<true> {
    /// `partition` with `tables` (addressed), one for each of its tables, in order.
    pub fn addressed(partition: Partition, tables: Vec<Arc<Pdb>>) -> Loaded<true> {
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        Loaded { partition, tables }
    }
}

impl<const ADDRESSED: bool> Evaluator for Loaded<ADDRESSED> {
    type Heuristic<'a> = Lookup<'a, ADDRESSED>;

    fn heuristic<'a>(&'a self, start: &Board, goal: &Board) -> Lookup<'a, ADDRESSED> {
        let tables: Vec<&Pdb> = self.tables.iter().map(|table| &**table).collect();
        Lookup::with(&self.partition, &tables, start, goal)
    }

    fn method(&self) -> Method {
        Method::Pdb(self.partition.kind)
    }
}

/// The most frames: the symmetries that fix a corner cell are two.
const FRAMES: usize = 2;

/// The most patterns of a partition.
const MOST_PATTERNS: usize = 8;

/// The most cells of a board a partition covers: 5 by 5.
const MOST_CELLS: usize = 25;

/// Where a tile counts in a frame: its pattern, and its place in the pattern's placement.
#[derive(Clone, Copy, Default)]
struct Slot {
    pattern: u8,
    place: u8,
}

/// What undoes a move: the half excess of the pattern that moved, in each frame, before it.
#[derive(Clone, Copy)]
pub struct Undo {
    halves: [u8; FRAMES],
}

/// The estimate of a board against one goal, from tables whose patterns index their
/// entries by address when `ADDRESSED`, by rank otherwise.
#[derive(Clone)]
pub struct Lookup<'a, const ADDRESSED: bool = false> {
    /// Each pattern's table.
    tables: [&'a Pdb; MOST_PATTERNS],
    /// The tiles of each pattern.
    sizes: [u8; MOST_PATTERNS],
    /// Each tile's slot, in each frame.
    slots: [[Slot; MOST_CELLS]; FRAMES],
    /// Where each frame takes each cell, for each pattern: into its table's cells.
    maps: [[[u8; MOST_CELLS]; MOST_PATTERNS]; FRAMES],
    /// For addressed patterns, what each tile adds to its pattern's address from each cell, in
    /// each frame: the cell the frame takes it to, shifted to the tile's digit.
    digits: [[[u32; MOST_CELLS]; MOST_CELLS]; FRAMES],
    /// Each pattern's placement in its table's cells, in each frame, and its entry's index
    /// there (an address is kept up to date by a move in one shift; a rank is made anew).
    cells: [[[u8; MOST_TILES]; MOST_PATTERNS]; FRAMES],
    indices: [[usize; MOST_PATTERNS]; FRAMES],
    /// Each pattern's half excess, in each frame; and each frame's sum of them.
    halves: [[u8; MOST_PATTERNS]; FRAMES],
    sums: [u32; FRAMES],
    /// Each tile's distance from home from each cell.
    distances: [[u8; MOST_CELLS]; MOST_CELLS],
    /// The board's Manhattan distance.
    distance: u32,
}

impl<'a> Lookup<'a> {
    /// The estimate of `start` against `goal`, from ranked `tables` (one for each of
    /// `partition`'s tables, in order). The goal's blank must be one that a symmetry of the
    /// square takes to the partition's.
    pub fn new(
        partition: &Partition,
        tables: &[&'a Pdb],
        start: &Board,
        goal: &Board,
    ) -> Lookup<'a> {
        Lookup::with(partition, tables, start, goal)
    }
}

impl<'a> Lookup<'a, true> {
    /// The same from addressed `tables`.
    pub fn addressed(
        partition: &Partition,
        tables: &[&'a Pdb],
        start: &Board,
        goal: &Board,
    ) -> Lookup<'a, true> {
        Lookup::with(partition, tables, start, goal)
    }
}

impl<'a, const ADDRESSED: bool> Lookup<'a, ADDRESSED> {
    /// The estimate of `start` against `goal`, from `tables` indexed as `ADDRESSED` says.
    fn with(
        partition: &Partition,
        tables: &[&'a Pdb],
        start: &Board,
        goal: &Board,
    ) -> Lookup<'a, ADDRESSED> {
        let side = partition.side;
        let cells = side * side;
        assert_eq!(goal.cells().len(), cells, "a board of the partition's size");
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        let tiles = partition.tiles();
        let mut lookup = Lookup {
            tables: [tables[0]; MOST_PATTERNS],
            sizes: [0; MOST_PATTERNS],
            slots: [[Slot::default(); MOST_CELLS]; FRAMES],
            maps: [[[0; MOST_CELLS]; MOST_PATTERNS]; FRAMES],
            digits: [[[0; MOST_CELLS]; MOST_CELLS]; FRAMES],
            cells: [[[0; MOST_TILES]; MOST_PATTERNS]; FRAMES],
            indices: [[0; MOST_PATTERNS]; FRAMES],
            halves: [[0; MOST_PATTERNS]; FRAMES],
            sums: [0; FRAMES],
            distances: [[0; MOST_CELLS]; MOST_CELLS],
            distance: 0,
        };
        for (pattern, &(table, _)) in partition.patterns.iter().enumerate() {
            let addressed = tables[table].pattern().is_addressed();
            assert_eq!(
                addressed, ADDRESSED,
                "every table indexed as the lookup says"
            );
            lookup.tables[pattern] = tables[table];
            lookup.sizes[pattern] = tiles[pattern].len() as u8;
        }
        let symmetries: Vec<usize> = (0..8)
            .filter(|&s| symmetry_on(side, s, goal.blank()) == partition.blank)
            .collect();
        assert!(
            !symmetries.is_empty(),
            "the goal's blank is in the partition's class"
        );
        for (home, &tile) in goal.cells().iter().enumerate() {
            if tile != BLANK {
                for cell in 0..cells {
                    let (a, b) = (cell / side, home / side);
                    let (c, d) = (cell % side, home % side);
                    lookup.distances[usize::from(tile)][cell] =
                        (a.abs_diff(b) + c.abs_diff(d)) as u8;
                }
            }
        }
        for frame in 0..FRAMES {
            let s = symmetries[frame % symmetries.len()];
            for (pattern, &(_, onto)) in partition.patterns.iter().enumerate() {
                for cell in 0..cells {
                    let framed = symmetry_on(side, s, cell);
                    lookup.maps[frame][pattern][cell] = symmetry_on(side, onto, framed) as u8;
                }
            }
            // a tile is named, in the frame, by where its home goes
            for (home, &tile) in goal.cells().iter().enumerate() {
                if tile == BLANK {
                    continue;
                }
                let name = symmetry_on(side, s, home) as u8;
                let (pattern, place) = place_of(&tiles, name);
                lookup.slots[frame][usize::from(tile)] = Slot {
                    pattern: pattern as u8,
                    place: place as u8,
                };
                if ADDRESSED {
                    for cell in 0..cells {
                        let framed = u32::from(lookup.maps[frame][pattern][cell]);
                        lookup.digits[frame][usize::from(tile)][cell] = framed << (4 * place);
                    }
                }
            }
            for (cell, &tile) in start.cells().iter().enumerate() {
                if tile != BLANK {
                    let slot = lookup.slots[frame][usize::from(tile)];
                    let pattern = usize::from(slot.pattern);
                    lookup.cells[frame][pattern][usize::from(slot.place)] =
                        lookup.maps[frame][pattern][cell];
                }
            }
            for pattern in 0..partition.patterns.len() {
                let table = lookup.tables[pattern];
                let cells = &lookup.cells[frame][pattern][..usize::from(lookup.sizes[pattern])];
                let index = table.pattern().index(cells);
                lookup.indices[frame][pattern] = index;
                let half = table.half_excess(index);
                lookup.halves[frame][pattern] = half;
                lookup.sums[frame] += u32::from(half);
            }
        }
        for (cell, &tile) in start.cells().iter().enumerate() {
            if tile != BLANK {
                lookup.distance += u32::from(lookup.distances[usize::from(tile)][cell]);
            }
        }
        lookup
    }

    /// Moves `tile` (at `slot`) from cell `from` to `to` in `frame`; returns the index of its
    /// pattern's entry. An address moves by the difference of the two cells' digits, with no
    /// placement to keep; a rank is made anew from the placement.
    #[inline(always)]
    fn place(&mut self, frame: usize, tile: u8, slot: Slot, from: usize, to: usize) -> usize {
        let pattern = usize::from(slot.pattern);
        match ADDRESSED {
            true => {
                let digits = &self.digits[frame][usize::from(tile)];
                let index = &mut self.indices[frame][pattern];
                *index = *index + digits[to] as usize - digits[from] as usize;
                *index
            }
            false => {
                let cells = &mut self.cells[frame][pattern];
                cells[usize::from(slot.place)] = self.maps[frame][pattern][to];
                let table = self.tables[pattern];
                table
                    .pattern()
                    .rank(&cells[..usize::from(self.sizes[pattern])])
            }
        }
    }

    /// Moves `slot`'s tile back from `to` to cell `from` in `frame`, as [`Lookup::place`]
    /// does, without making a rank: the next move makes it anew.
    #[inline(always)]
    fn unplace(&mut self, frame: usize, tile: u8, slot: Slot, from: usize, to: usize) {
        let pattern = usize::from(slot.pattern);
        match ADDRESSED {
            true => {
                let digits = &self.digits[frame][usize::from(tile)];
                let index = &mut self.indices[frame][pattern];
                *index = *index + digits[from] as usize - digits[to] as usize;
            }
            false => {
                let cells = &mut self.cells[frame][pattern];
                cells[usize::from(slot.place)] = self.maps[frame][pattern][from];
            }
        }
    }

    /// Moves `tile` from `from` to `to` in `frame`; returns its pattern's half excess before.
    #[inline(always)]
    fn shift(&mut self, frame: usize, tile: u8, from: usize, to: usize) -> u8 {
        let slot = self.slots[frame][usize::from(tile)];
        let pattern = usize::from(slot.pattern);
        let index = self.place(frame, tile, slot, from, to);
        let half = self.tables[pattern].half_excess(index);
        let was = std::mem::replace(&mut self.halves[frame][pattern], half);
        self.sums[frame] = self.sums[frame] + u32::from(half) - u32::from(was);
        was
    }
}

impl<const ADDRESSED: bool> Heuristic for Lookup<'_, ADDRESSED> {
    type Undo = Undo;

    #[inline]
    fn estimate(&self) -> u32 {
        self.distance + 2 * self.sums[0].max(self.sums[1])
    }

    #[inline(always)]
    fn slide(&mut self, _: &[u8], tile: u8, from: usize, to: usize, _: bool) -> Undo {
        let distances = &self.distances[usize::from(tile)];
        self.distance = self.distance + u32::from(distances[to]) - u32::from(distances[from]);
        Undo {
            halves: [self.shift(0, tile, from, to), self.shift(1, tile, from, to)],
        }
    }

    #[inline(always)]
    fn unslide(&mut self, tile: u8, from: usize, to: usize, _: bool, undo: Undo) {
        let distances = &self.distances[usize::from(tile)];
        self.distance = self.distance + u32::from(distances[from]) - u32::from(distances[to]);
        for frame in 0..FRAMES {
            let slot = self.slots[frame][usize::from(tile)];
            let pattern = usize::from(slot.pattern);
            self.unplace(frame, tile, slot, from, to);
            let now = std::mem::replace(&mut self.halves[frame][pattern], undo.halves[frame]);
            self.sums[frame] = self.sums[frame] + u32::from(undo.halves[frame]) - u32::from(now);
        }
    }
}
