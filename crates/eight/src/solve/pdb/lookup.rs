//! The databases' estimate of a board, kept up to date move by move: the Manhattan
//! distance, plus twice the largest, over the views (each split of the partition in each frame:
//! the goal turned or mirrored onto the partition's canonical goal, one or two ways), of the
//! sum of the split's patterns' half excesses. A move changes one tile, so one pattern's
//! placement per view: an index and a nibble each, looked up lazily (a search that asks
//! [`Heuristic::estimate_within`] sums the views one by one and stops at the first past its
//! limit). The index is a rank made anew, or, for addressed patterns (`ADDRESSED`, chosen at
//! compile time so that ranked tables pay nothing for it), an address kept up to date in one
//! shift.

use super::dual::Dual;
use super::{place_of, symmetry_on, Partition, Pdb, MOST_TILES};
use crate::puzzle::board::Board;
use crate::puzzle::BLANK;
use crate::solve::heuristic::Heuristic;

/// The views of the 6-6-6-6x7 catalogue: seven splits, two frames each.
pub const SEVEN_VIEWS: usize = 14;

/// The frames of a view: the symmetries that fix a corner cell are two (a goal with one only
/// has one).
pub(super) const FRAMES: usize = 2;

/// The most patterns looked up: a split's in each frame, or the catalogue's distinct patterns
/// (14) in each frame.
const MOST_INSTANCES: usize = 32;

/// The most cells of a board a partition covers: 5 by 5.
const MOST_CELLS: usize = 25;

/// A byte a view, eight views a word.
type Sums = [u64; 2];

/// Where a tile counts: a pattern looked up (an instance), and the tile's place in its
/// placement.
#[derive(Clone, Copy, Default)]
struct Slot {
    instance: u8,
    place: u8,
}

/// What undoes a move: the views' sums, the instances not looked up, and the half excesses of
/// the instances the tile is in, before it.
#[derive(Clone, Copy)]
pub struct Undo<const VIEWS: usize> {
    sums: Sums,
    stale: u32,
    halves: [u8; VIEWS],
}

/// The estimate of a board against one goal, from tables whose patterns index their
/// entries by address when `ADDRESSED`, by rank otherwise, over `VIEWS` views (a view a split
/// and frame). A pattern that several views look up the same way (the same tiles, table and
/// symmetry: splits share patterns, and a goal with one frame has its views twice) is one
/// instance, looked up at most once a move.
#[derive(Clone)]
pub struct Lookup<'a, const ADDRESSED: bool = false, const VIEWS: usize = 2> {
    /// Each instance's table, and its tiles.
    tables: [&'a Pdb; MOST_INSTANCES],
    sizes: [u8; MOST_INSTANCES],
    /// Where each instance takes each cell: into its table's cells (its view's frame, then its
    /// pattern's symmetry).
    maps: [[u8; MOST_CELLS]; MOST_INSTANCES],
    /// Each instance's placement in its table's cells, its entry's index there (an address is
    /// kept up to date by a move in one shift; a rank is made anew), and its half excess.
    cells: [[u8; MOST_TILES]; MOST_INSTANCES],
    indices: [usize; MOST_INSTANCES],
    halves: [u8; MOST_INSTANCES],
    /// Each tile's slots (one an instance it is in), and how many.
    slots: [[Slot; VIEWS]; MOST_CELLS],
    counts: [u8; MOST_CELLS],
    /// For each instance, the views that look it up: a byte each, 1 for those.
    reach: [Sums; MOST_INSTANCES],
    /// For each view, its instances, a bit each.
    members: [u32; VIEWS],
    /// The instances whose tile has moved and whose entry is not yet looked up: their halves,
    /// and the views' sums, are those of the board before the move.
    stale: u32,
    /// The view to look at first: the last that cut a board.
    first: usize,
    /// For addressed patterns, what each tile adds to its slot's address from each cell: the
    /// cell the instance takes it to, shifted to the tile's digit.
    digits: [[[u32; MOST_CELLS]; VIEWS]; MOST_CELLS],
    /// Each view's sum of its patterns' half excesses, a byte each (at most 8 patterns of 15).
    sums: Sums,
    /// Each tile's distance from home from each cell.
    distances: [[u8; MOST_CELLS]; MOST_CELLS],
    /// The board's Manhattan distance.
    distance: u32,
    /// The board and its blank's cell, for the dual lookup, if there is one.
    board: [u8; MOST_CELLS],
    blank: u8,
    pub(super) dual: Option<Dual<'a>>,
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

impl<'a, const ADDRESSED: bool, const VIEWS: usize> Lookup<'a, ADDRESSED, VIEWS> {
    /// The estimate of `start` against `goal`, from `tables` indexed as `ADDRESSED` says.
    pub(super) fn with(
        partition: &Partition,
        tables: &[&'a Pdb],
        start: &Board,
        goal: &Board,
    ) -> Lookup<'a, ADDRESSED, VIEWS> {
        let side = partition.side;
        let cells = side * side;
        assert_eq!(goal.cells().len(), cells, "a board of the partition's size");
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        assert_eq!(
            partition.splits.len() * FRAMES,
            VIEWS,
            "a view a split and frame"
        );
        assert!(VIEWS <= 16, "a view a byte of the sums");
        let mut lookup = Lookup {
            tables: [tables[0]; MOST_INSTANCES],
            sizes: [0; MOST_INSTANCES],
            maps: [[0; MOST_CELLS]; MOST_INSTANCES],
            cells: [[0; MOST_TILES]; MOST_INSTANCES],
            indices: [0; MOST_INSTANCES],
            halves: [0; MOST_INSTANCES],
            slots: [[Slot::default(); VIEWS]; MOST_CELLS],
            counts: [0; MOST_CELLS],
            reach: [[0; 2]; MOST_INSTANCES],
            members: [0; VIEWS],
            stale: 0,
            first: 0,
            digits: [[[0; MOST_CELLS]; VIEWS]; MOST_CELLS],
            sums: [0; 2],
            distances: [[0; MOST_CELLS]; MOST_CELLS],
            distance: 0,
            board: [BLANK; MOST_CELLS],
            blank: start.blank() as u8,
            dual: None,
        };
        lookup.board[..cells].copy_from_slice(start.cells());
        let symmetries = partition.frames(goal.blank());
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
        // the instances: (frame's symmetry, table, pattern's symmetry), each once
        let mut instances: Vec<(usize, usize, usize)> = Vec::new();
        let mut views: Vec<Vec<usize>> = Vec::new();
        for view in 0..VIEWS {
            let (split, frame) = (view / FRAMES, view % FRAMES);
            let s = symmetries[frame % symmetries.len()];
            let mut of_pattern = Vec::new();
            for &(table, onto) in &partition.splits[split] {
                let key = (s, table, onto);
                let instance = instances.iter().position(|&k| k == key).unwrap_or_else(|| {
                    let instance = instances.len();
                    assert!(
                        instance < MOST_INSTANCES,
                        "at most {MOST_INSTANCES} lookups"
                    );
                    instances.push(key);
                    let addressed = tables[table].pattern().is_addressed();
                    assert_eq!(
                        addressed, ADDRESSED,
                        "every table indexed as the lookup says"
                    );
                    lookup.tables[instance] = tables[table];
                    lookup.sizes[instance] = tables[table].pattern().homes().len() as u8;
                    for cell in 0..cells {
                        let framed = symmetry_on(side, s, cell);
                        lookup.maps[instance][cell] = symmetry_on(side, onto, framed) as u8;
                    }
                    instance
                });
                of_pattern.push(instance);
            }
            // a tile is named, in the frame, by where its home goes
            let tiles = partition.tiles(split);
            for (home, &tile) in goal.cells().iter().enumerate() {
                if tile == BLANK {
                    continue;
                }
                let tile = usize::from(tile);
                let name = symmetry_on(side, s, home) as u8;
                let (pattern, place) = place_of(&tiles, name);
                let slot = Slot {
                    instance: of_pattern[pattern] as u8,
                    place: place as u8,
                };
                // a view that shares the instance shares the slot
                let count = usize::from(lookup.counts[tile]);
                let slots = &lookup.slots[tile][..count];
                if slots.iter().all(|known| known.instance != slot.instance) {
                    lookup.slots[tile][count] = slot;
                    lookup.counts[tile] += 1;
                    if ADDRESSED {
                        for cell in 0..cells {
                            let to = u32::from(lookup.maps[usize::from(slot.instance)][cell]);
                            lookup.digits[tile][count][cell] = to << (4 * place);
                        }
                    }
                }
            }
            views.push(of_pattern);
        }
        for (cell, &tile) in start.cells().iter().enumerate() {
            let tile = usize::from(tile);
            for slot in &lookup.slots[tile][..usize::from(lookup.counts[tile])] {
                let instance = usize::from(slot.instance);
                lookup.cells[instance][usize::from(slot.place)] = lookup.maps[instance][cell];
            }
            if tile != usize::from(BLANK) {
                lookup.distance += u32::from(lookup.distances[tile][cell]);
            }
        }
        for instance in 0..instances.len() {
            let table = lookup.tables[instance];
            let size = usize::from(lookup.sizes[instance]);
            let blank = lookup.maps[instance][usize::from(lookup.blank)];
            let index = table
                .pattern()
                .index(&lookup.cells[instance][..size], blank);
            lookup.indices[instance] = index;
            lookup.halves[instance] = table.half_excess(index);
        }
        for (view, of_pattern) in views.iter().enumerate() {
            let halves = of_pattern.iter().map(|&i| u64::from(lookup.halves[i]));
            lookup.sums[view / 8] |= halves.sum::<u64>() << (8 * (view % 8));
            for &instance in of_pattern {
                lookup.members[view] |= 1 << instance;
                lookup.reach[instance][view / 8] |= 1 << (8 * (view % 8));
            }
        }
        lookup
    }

    /// Moves `tile` from cell `from` to `to` in its `k`-th slot: an address moves by the
    /// difference of the two cells' digits, a placement's cell is set (its rank is made when
    /// looked up).
    #[inline(always)]
    fn place(&mut self, tile: usize, k: usize, from: usize, to: usize) {
        let slot = self.slots[tile][k];
        let instance = usize::from(slot.instance);
        match ADDRESSED {
            true => {
                let digits = &self.digits[tile][k];
                let index = &mut self.indices[instance];
                *index = *index + digits[to] as usize - digits[from] as usize;
            }
            false => self.cells[instance][usize::from(slot.place)] = self.maps[instance][to],
        }
    }

    /// The half excess of `instance`'s placement as it stands, looked up.
    #[inline(always)]
    fn half(&self, instance: usize) -> u8 {
        let table = self.tables[instance];
        let index = match ADDRESSED {
            true => self.indices[instance],
            false => {
                let size = usize::from(self.sizes[instance]);
                let blank = self.maps[instance][usize::from(self.blank)];
                table.pattern().index(&self.cells[instance][..size], blank)
            }
        };
        table.half_excess(index)
    }

    /// Looks up the stale instances of `stale`, and brings the sums of their views up to date.
    #[inline(always)]
    fn refresh(&mut self, mut stale: u32) {
        self.stale &= !stale;
        while stale != 0 {
            let instance = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let half = u64::from(self.half(instance));
            let was = u64::from(std::mem::replace(&mut self.halves[instance], half as u8));
            let reach = self.reach[instance];
            for (sums, reach) in self.sums.iter_mut().zip(reach).take(VIEWS.div_ceil(8)) {
                // each byte stays within 0..=255: a view's sum holds the half it loses
                *sums = *sums + half * reach - was * reach;
            }
        }
    }

    /// The sum of `view`, its stale instances looked up.
    #[inline(always)]
    fn sum(&self, view: usize) -> u32 {
        let mut sum = u32::from((self.sums[view / 8] >> (8 * (view % 8))) as u8);
        let mut stale = self.stale & self.members[view];
        while stale != 0 {
            let instance = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            sum = sum + u32::from(self.half(instance)) - u32::from(self.halves[instance]);
        }
        sum
    }

    /// Moves `tile` back from `to` to cell `from` in its `k`-th slot, as [`Lookup::place`]
    /// does, without making a rank: the next move makes it anew.
    #[inline(always)]
    fn unplace(&mut self, tile: usize, k: usize, from: usize, to: usize) {
        let slot = self.slots[tile][k];
        let instance = usize::from(slot.instance);
        match ADDRESSED {
            true => {
                let digits = &self.digits[tile][k];
                let index = &mut self.indices[instance];
                *index = *index + digits[from] as usize - digits[to] as usize;
            }
            false => {
                self.cells[instance][usize::from(slot.place)] = self.maps[instance][from];
            }
        }
    }
}

impl<const ADDRESSED: bool, const VIEWS: usize> Heuristic for Lookup<'_, ADDRESSED, VIEWS> {
    type Undo = Undo<VIEWS>;

    #[inline]
    fn estimate(&self) -> u32 {
        let mut largest = 0;
        for view in 0..VIEWS {
            largest = largest.max(self.sum(view));
        }
        if let Some(dual) = &self.dual {
            let blank = usize::from(self.blank);
            for frame in 0..dual.frames(blank) {
                largest = largest.max(dual.sum(&self.board, blank, frame));
            }
        }
        self.distance + 2 * largest
    }

    /// The views one by one, from the last that cut a board, each looking up its stale
    /// instances, until one passes `limit`.
    #[inline]
    fn estimate_within(&mut self, limit: u32) -> u32 {
        let (mut largest, mut view) = (0, self.first);
        for _ in 0..VIEWS {
            self.refresh(self.stale & self.members[view]);
            let sum = u32::from((self.sums[view / 8] >> (8 * (view % 8))) as u8);
            if self.distance + 2 * sum > limit {
                self.first = view;
                return self.distance + 2 * sum;
            }
            largest = largest.max(sum);
            view = if view + 1 == VIEWS { 0 } else { view + 1 };
        }
        // the dual lookup when the regular one did not cut the board
        if let Some(dual) = &self.dual {
            let blank = usize::from(self.blank);
            for frame in 0..dual.frames(blank) {
                let sum = dual.sum(&self.board, blank, frame);
                if self.distance + 2 * sum > limit {
                    return self.distance + 2 * sum;
                }
                largest = largest.max(sum);
            }
        }
        self.distance + 2 * largest
    }

    #[inline(always)]
    fn slide(&mut self, _: &[u8], tile: u8, from: usize, to: usize, _: bool) -> Undo<VIEWS> {
        // the board before the move is looked up whole: what the move undoes is the tile's alone
        self.refresh(self.stale);
        self.board[to] = tile;
        self.board[from] = BLANK;
        self.blank = from as u8;
        let tile = usize::from(tile);
        let distances = &self.distances[tile];
        self.distance = self.distance + u32::from(distances[to]) - u32::from(distances[from]);
        let mut undo = Undo {
            sums: self.sums,
            stale: self.stale,
            halves: [0; VIEWS],
        };
        for k in 0..usize::from(self.counts[tile]) {
            self.place(tile, k, from, to);
            let instance = usize::from(self.slots[tile][k].instance);
            undo.halves[k] = self.halves[instance];
            self.stale |= 1 << instance;
        }
        undo
    }

    #[inline(always)]
    fn unslide(&mut self, tile: u8, from: usize, to: usize, _: bool, undo: Undo<VIEWS>) {
        self.board[from] = tile;
        self.board[to] = BLANK;
        self.blank = to as u8;
        let tile = usize::from(tile);
        let distances = &self.distances[tile];
        self.distance = self.distance + u32::from(distances[from]) - u32::from(distances[to]);
        self.sums = undo.sums;
        self.stale = undo.stale;
        for k in 0..usize::from(self.counts[tile]) {
            self.unplace(tile, k, from, to);
            let instance = usize::from(self.slots[tile][k].instance);
            self.halves[instance] = undo.halves[k];
        }
    }
}
