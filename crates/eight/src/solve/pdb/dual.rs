//! The dual lookup (after Felner, Zahavi, Schaeffer and Holte 2005): a path from a board to the
//! goal, read backwards, leads from the goal to the board, so the databases' estimate with the
//! two exchanged (the goal as the start, the board as the goal) is admissible too, and often
//! larger than the regular one.
//!
//! The textbook dual, the inverse permutation towards the same goal, keeps the distance only
//! while the blank is at home (a move swaps the blank with a tile; the inverse reverses the
//! blank's path). Exchanging the two boards keeps it always: the board as a goal has its blank in
//! any cell, so its estimate needs the tables of that cell's class, in each of its frames (the
//! symmetries that take the cell to the class's blank: two for a corner or middle cell, one for
//! an edge cell). On 4×4 the three classes' tables make it; the moves change the frames with the
//! blank, so the estimate is made anew at each look, where the regular lookup is kept up to date.
//!
//! The Manhattan distance is symmetric: the dual's is the board's, and what is summed here is
//! the patterns' half excesses, as in the regular lookup.

use super::{place_of, symmetry_on, Class, Partition, Pdb, MOST_TILES};
use crate::puzzle::board::Board;
use crate::puzzle::BLANK;

/// The cells of the 4×4 board, the one size whose every class has tables.
const CELLS: usize = 16;

/// The side of the board.
const SIDE: usize = 4;

/// The most frames of a goal.
const FRAMES: usize = 2;

/// The most patterns of a split (6-6-3 has three; 4-4-4-3, four).
const MOST_PATTERNS: usize = 4;

/// One pattern of a frame: its table, the board's cells whose tiles it holds (in its order) when
/// the board is the goal, and, for each tile, the table's cell where the goal has it.
#[derive(Clone, Copy)]
struct Part<'a> {
    table: &'a Pdb,
    size: u8,
    sources: [u8; MOST_TILES],
    to: [u8; CELLS],
}

/// The dual estimate of a 4×4 board towards one goal: for each cell of the board's blank, the
/// patterns of each of its frames.
#[derive(Clone)]
pub(super) struct Dual<'a> {
    parts: [[[Part<'a>; MOST_PATTERNS]; FRAMES]; CELLS],
    /// For each cell of the blank: its frames, and the patterns of a frame.
    frames: [u8; CELLS],
    patterns: [u8; CELLS],
}

impl<'a> Dual<'a> {
    /// The dual estimate towards `goal`, from `classes`: a partition of one split and its tables
    /// for each class of the 4×4 board. `None` if the goal is not 4×4 or a class is missing.
    pub(super) fn new(classes: &[(&Partition, Vec<&'a Pdb>)], goal: &Board) -> Option<Dual<'a>> {
        if goal.cells().len() != CELLS {
            return None;
        }
        let of = |class: Class| classes.iter().find(|(p, _)| p.blank == class.blank());
        let any = classes.first()?.1.first()?;
        let idle = Part {
            table: any,
            size: 0,
            sources: [0; MOST_TILES],
            to: [0; CELLS],
        };
        let mut dual = Dual {
            parts: [[[idle; MOST_PATTERNS]; FRAMES]; CELLS],
            frames: [0; CELLS],
            patterns: [0; CELLS],
        };
        let mut home = [0u8; CELLS];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            home[usize::from(tile)] = cell as u8;
        }
        for blank in 0..CELLS {
            let (partition, tables) = of(Class::of(blank))?;
            assert_eq!(partition.splits.len(), 1, "one split");
            let split = &partition.splits[0];
            let tiles = partition.tiles(0);
            assert!(split.len() <= MOST_PATTERNS, "at most four patterns");
            let symmetries = (0..8).filter(|&s| symmetry_on(SIDE, s, blank) == partition.blank);
            for (frame, s) in symmetries.take(FRAMES).enumerate() {
                let parts = &mut dual.parts[blank][frame];
                for (p, (part, &(table, onto))) in parts.iter_mut().zip(split).enumerate() {
                    *part = Part {
                        table: tables[table],
                        size: tables[table].pattern().homes().len() as u8,
                        ..idle
                    };
                    for cell in 0..CELLS {
                        // the tile the board holds in `cell` is named, in the frame, by its image
                        let name = symmetry_on(SIDE, s, cell) as u8;
                        if usize::from(name) != partition.blank {
                            let (pattern, place) = place_of(&tiles, name);
                            if pattern == p {
                                part.sources[place] = cell as u8;
                            }
                        }
                    }
                    // the blank's (tile 0): where the goal, as the start, has its blank
                    for (to, &home) in part.to.iter_mut().zip(&home) {
                        let framed = symmetry_on(SIDE, s, usize::from(home));
                        *to = symmetry_on(SIDE, onto, framed) as u8;
                    }
                }
                dual.frames[blank] = frame as u8 + 1;
                dual.patterns[blank] = split.len() as u8;
            }
        }
        Some(dual)
    }

    /// The frames of the board whose blank is in `blank`.
    #[inline(always)]
    pub(super) fn frames(&self, blank: usize) -> usize {
        usize::from(self.frames[blank])
    }

    /// The sum of the half excesses of `frame`'s patterns for the board `cells`, its blank in
    /// `blank`.
    #[inline(always)]
    pub(super) fn sum(&self, cells: &[u8], blank: usize, frame: usize) -> u32 {
        let mut sum = 0;
        for part in &self.parts[blank][frame][..usize::from(self.patterns[blank])] {
            let size = usize::from(part.size);
            let mut placement = [0u8; MOST_TILES];
            for (cell, &source) in placement.iter_mut().zip(&part.sources[..size]) {
                *cell = part.to[usize::from(cells[usize::from(source)])];
            }
            let pattern = part.table.pattern();
            let index = pattern.index(&placement[..size], part.to[usize::from(BLANK)]);
            sum += u32::from(part.table.half_excess(index));
        }
        sum
    }
}
