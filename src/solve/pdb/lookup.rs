//! The databases' estimate of a board, kept up to date move by move: in each frame (the goal
//! turned or mirrored onto its class's canonical goal, one frame or two), the sum of the
//! patterns' entries; the estimate is the larger sum. A move changes one tile, so one pattern
//! per frame: one rank and one lookup each.

use super::rank::{rank, CELLS};
use super::{symmetry, Class, Databases};
use crate::puzzle::board::BLANK;
use crate::puzzle::grid::{Grid, Shape};
use crate::solve::ida::Heuristic;

/// The most frames: the symmetries that fix a corner or a centre cell are two.
const FRAMES: usize = 2;
/// The most tiles in a pattern.
const MOST: usize = 8;

/// The estimate of a 4×4 board against one goal, from its class's databases.
pub struct Lookup<'a> {
    databases: &'a Databases,
    frames: usize,
    /// Where each frame takes each cell.
    map: [[u8; CELLS]; FRAMES],
    /// Each tile's pattern and place in it, in each frame.
    slots: [[(u8, u8); CELLS]; FRAMES],
    /// The cells of each pattern's tiles, in each frame.
    cells: [[[u8; MOST]; 3]; FRAMES],
    sizes: [usize; 3],
    /// Each pattern's entry, and their sum, in each frame.
    values: [[u8; 3]; FRAMES],
    sums: [u32; FRAMES],
}

impl<'a> Lookup<'a> {
    /// The estimate of `start` against `goal`, both 4×4, from `databases` of `goal`'s class.
    pub fn new(databases: &'a Databases, start: &Grid, goal: &Grid) -> Lookup<'a> {
        assert_eq!(goal.shape(), Shape::SQUARE4, "pattern databases are 4x4");
        let class = databases.class();
        assert_eq!(class, Class::of(goal.blank()), "the goal's class");
        let patterns = class.patterns();
        let mut lookup = Lookup {
            databases,
            frames: 0,
            map: [[0; CELLS]; FRAMES],
            slots: [[(0, 0); CELLS]; FRAMES],
            cells: [[[0; MOST]; 3]; FRAMES],
            sizes: [0; 3],
            values: [[0; 3]; FRAMES],
            sums: [0; FRAMES],
        };
        for (size, pattern) in lookup.sizes.iter_mut().zip(&patterns) {
            *size = pattern.len();
        }
        let symmetries = (0..8).filter(|&s| symmetry(s, goal.blank()) == class.blank());
        for (frame, s) in symmetries.enumerate() {
            lookup.frames += 1;
            for cell in 0..CELLS {
                lookup.map[frame][cell] = symmetry(s, cell) as u8;
            }
            // a tile is named, in the frame, by where its home goes
            for (home, &tile) in goal.cells().iter().enumerate() {
                if tile == BLANK {
                    continue;
                }
                let name = symmetry(s, home) as u8;
                let (pattern, slot) = patterns
                    .iter()
                    .enumerate()
                    .find_map(|(p, tiles)| Some((p, tiles.iter().position(|&t| t == name)?)))
                    .expect("the patterns hold every tile");
                lookup.slots[frame][usize::from(tile)] = (pattern as u8, slot as u8);
            }
            for (cell, &tile) in start.cells().iter().enumerate() {
                if tile != BLANK {
                    let (pattern, slot) = lookup.slots[frame][usize::from(tile)];
                    lookup.cells[frame][usize::from(pattern)][usize::from(slot)] =
                        lookup.map[frame][cell];
                }
            }
            for pattern in 0..3 {
                let value = lookup.entry(frame, pattern);
                lookup.values[frame][pattern] = value;
                lookup.sums[frame] += u32::from(value);
            }
        }
        lookup
    }

    /// The entry of `pattern`'s placement in `frame`.
    #[inline]
    fn entry(&self, frame: usize, pattern: usize) -> u8 {
        let cells = &self.cells[frame][pattern][..self.sizes[pattern]];
        self.databases.entries()[pattern][rank(cells)]
    }
}

impl Heuristic for Lookup<'_> {
    /// Each frame's entry, before the move, of the pattern that moved.
    type Undo = [u8; FRAMES];

    #[inline]
    fn estimate(&self) -> u32 {
        self.sums[0].max(self.sums[1])
    }

    #[inline]
    fn slide(&mut self, _: &[u8], tile: u8, _: usize, to: usize, _: bool) -> [u8; FRAMES] {
        let mut undo = [0; FRAMES];
        for (frame, before) in undo.iter_mut().enumerate().take(self.frames) {
            let (pattern, slot) = self.slots[frame][usize::from(tile)];
            let (pattern, slot) = (usize::from(pattern), usize::from(slot));
            self.cells[frame][pattern][slot] = self.map[frame][to];
            let value = self.entry(frame, pattern);
            *before = self.values[frame][pattern];
            self.values[frame][pattern] = value;
            self.sums[frame] = self.sums[frame] + u32::from(value) - u32::from(*before);
        }
        undo
    }

    #[inline]
    fn unslide(&mut self, tile: u8, from: usize, _: usize, _: bool, undo: [u8; FRAMES]) {
        for (frame, &before) in undo.iter().enumerate().take(self.frames) {
            let (pattern, slot) = self.slots[frame][usize::from(tile)];
            let (pattern, slot) = (usize::from(pattern), usize::from(slot));
            self.cells[frame][pattern][slot] = self.map[frame][from];
            let now = self.values[frame][pattern];
            self.values[frame][pattern] = before;
            self.sums[frame] = self.sums[frame] + u32::from(before) - u32::from(now);
        }
    }
}
