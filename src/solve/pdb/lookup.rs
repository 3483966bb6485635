//! The databases' estimate of a board, kept up to date move by move: in each of two frames (the
//! goal turned or mirrored onto its class's canonical goal; the same frame twice when only one
//! symmetry does it), the sum of the patterns' entries; the estimate is the larger sum. A move
//! changes one tile, so one pattern's address per frame, by one shifted difference: two lookups.

use super::rank::{address, CELLS};
use super::{place_of, symmetry, Class, Databases};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::BLANK;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::report::Method;

impl Evaluator for Databases {
    type Heuristic<'a> = Lookup<'a>;

    fn heuristic<'a>(&'a self, start: &Board, goal: &Board) -> Lookup<'a> {
        Lookup::new(self, start, goal)
    }

    fn method(&self) -> Method {
        Method::Pdb(super::Kind::SixSixThree)
    }
}

/// The frames: the symmetries that fix a corner or a centre cell are two, an edge cell's one.
const FRAMES: usize = 2;

/// Where a tile counts in a frame: its pattern, and the shift of its digit in the address.
#[derive(Clone, Copy, Default)]
struct Slot {
    pattern: u8,
    shift: u8,
}

/// What undoes a move: each frame's address and entry of the pattern that moved, before it.
#[derive(Clone, Copy)]
pub struct Undo {
    addresses: [usize; FRAMES],
    values: [u8; FRAMES],
}

/// The estimate of a 4×4 board against one goal, from its class's databases.
#[derive(Clone)]
pub struct Lookup<'a> {
    tables: [&'a [u8]; 3],
    /// Where each frame takes each cell.
    map: [[u8; CELLS]; FRAMES],
    /// Each tile's slot, in each frame.
    slots: [[Slot; CELLS]; FRAMES],
    /// What each tile adds to its pattern's address in each cell, in each frame: the cell the
    /// frame takes it to, shifted to the tile's digit.
    digits: [[[usize; CELLS]; CELLS]; FRAMES],
    /// Each pattern's address, and entry, in each frame; and each frame's sum of entries.
    addresses: [[usize; 3]; FRAMES],
    values: [[u8; 3]; FRAMES],
    sums: [u32; FRAMES],
}

impl<'a> Lookup<'a> {
    /// The estimate of `start` against `goal`, both 4×4, from `databases` of `goal`'s class.
    pub fn new(databases: &'a Databases, start: &Board, goal: &Board) -> Lookup<'a> {
        assert_eq!(goal.shape(), Shape::SQUARE4, "pattern databases are 4x4");
        let class = databases.class();
        assert_eq!(class, Class::of(goal.blank()), "the goal's class");
        let patterns = class.patterns();
        let entries = databases.entries();
        let mut lookup = Lookup {
            tables: [&entries[0], &entries[1], &entries[2]],
            map: [[0; CELLS]; FRAMES],
            slots: [[Slot::default(); CELLS]; FRAMES],
            digits: [[[0; CELLS]; CELLS]; FRAMES],
            addresses: [[0; 3]; FRAMES],
            values: [[0; 3]; FRAMES],
            sums: [0; FRAMES],
        };
        let symmetries: Vec<usize> = (0..8)
            .filter(|&s| symmetry(s, goal.blank()) == class.blank())
            .collect();
        for frame in 0..FRAMES {
            let s = symmetries[frame % symmetries.len()];
            for cell in 0..CELLS {
                lookup.map[frame][cell] = symmetry(s, cell) as u8;
            }
            // a tile is named, in the frame, by where its home goes
            for (home, &tile) in goal.cells().iter().enumerate() {
                if tile == BLANK {
                    continue;
                }
                let name = symmetry(s, home) as u8;
                let (pattern, place) = place_of(&patterns, name);
                lookup.slots[frame][usize::from(tile)] = Slot {
                    pattern: pattern as u8,
                    shift: 4 * place as u8,
                };
                for cell in 0..CELLS {
                    lookup.digits[frame][usize::from(tile)][cell] =
                        usize::from(lookup.map[frame][cell]) << (4 * place);
                }
            }
            let mut cells = [[0u8; CELLS]; 3];
            for (cell, &tile) in start.cells().iter().enumerate() {
                if tile != BLANK {
                    let slot = lookup.slots[frame][usize::from(tile)];
                    cells[usize::from(slot.pattern)][usize::from(slot.shift / 4)] =
                        lookup.map[frame][cell];
                }
            }
            for (pattern, tiles) in patterns.iter().enumerate() {
                let at = address(&cells[pattern][..tiles.len()]);
                let value = lookup.tables[pattern][at];
                lookup.addresses[frame][pattern] = at;
                lookup.values[frame][pattern] = value;
                lookup.sums[frame] += u32::from(value);
            }
        }
        lookup
    }

    /// Moves `tile` from cell `from` to cell `to` in `frame`; returns the pattern's address and
    /// entry before.
    #[inline(always)]
    fn shift(&mut self, frame: usize, tile: u8, from: usize, to: usize) -> (usize, u8) {
        let pattern = usize::from(self.slots[frame][usize::from(tile)].pattern);
        let digits = &self.digits[frame][usize::from(tile)];
        let before = self.addresses[frame][pattern];
        let at = before - digits[from] + digits[to];
        self.addresses[frame][pattern] = at;
        let value = self.tables[pattern][at];
        let was = self.values[frame][pattern];
        self.values[frame][pattern] = value;
        self.sums[frame] = self.sums[frame] + u32::from(value) - u32::from(was);
        (before, was)
    }
}

impl Heuristic for Lookup<'_> {
    type Undo = Undo;

    #[inline]
    fn estimate(&self) -> u32 {
        self.sums[0].max(self.sums[1])
    }

    #[inline(always)]
    fn slide(&mut self, _: &[u8], tile: u8, from: usize, to: usize, _: bool) -> Undo {
        let (first, second) = (self.shift(0, tile, from, to), self.shift(1, tile, from, to));
        Undo {
            addresses: [first.0, second.0],
            values: [first.1, second.1],
        }
    }

    #[inline(always)]
    fn unslide(&mut self, tile: u8, _: usize, _: usize, _: bool, undo: Undo) {
        for frame in 0..FRAMES {
            let pattern = usize::from(self.slots[frame][usize::from(tile)].pattern);
            self.addresses[frame][pattern] = undo.addresses[frame];
            let now = self.values[frame][pattern];
            self.values[frame][pattern] = undo.values[frame];
            self.sums[frame] = self.sums[frame] + u32::from(undo.values[frame]) - u32::from(now);
        }
    }
}
