//! Which databases serve a goal: the split of its tiles into patterns, and which table
//! each pattern is looked up in.
//!
//! - **6-6-3** (15-puzzle; Korf and Felner 2002): the split of [`Class::patterns`], a table per
//!   pattern and class, indexed by address; built in seconds.
//! - **7-8** (15-puzzle; Korf and Felner 2002, Felner, Korf and Hanan 2004): the bottom two rows
//!   (8 tiles) and the rest of the board but the blank (7), for the three canonical goals of
//!   [`Class`]. The free cells of the 8 tiles' home placement (the top two rows) make one region
//!   whatever the blank's cell, so one 8-tile table serves every class; a class has its own
//!   7-tile table.
//! - **6-6-6-6** (24-puzzle; Korf and Felner 2002): with the blank in cell 0, tiles
//!   {1,2,5,6,7,12}, {3,4,8,9,13,14}, and the second block turned half a turn
//!   ({10,11,15,16,20,21}) and turned a quarter ({17,18,19,22,23,24}). The free cells of the
//!   three blocks' home placements make one region, so they are one table, looked up through
//!   the symmetry that takes each onto the first (Korf's program does the same): two tables of
//!   127,512,000 placements.

use super::{symmetry_on, Class, Kind, Pattern};

/// One table of a partition: its pattern, the canonical goal's blank it is built for, and its name
/// (as in a cache file's).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Spec {
    /// The family it belongs to.
    pub kind: Kind,
    /// The name, unique among every partition's tables.
    pub name: &'static str,
    /// The pattern.
    pub pattern: Pattern,
    /// The canonical goal's blank cell.
    pub blank: usize,
}

/// The patterns of a canonical goal (tile `c` at home in cell `c`, the blank in `blank`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Partition {
    /// The family.
    pub kind: Kind,
    /// The side of the square.
    pub side: usize,
    /// The canonical goal's blank cell.
    pub blank: usize,
    /// The tables to build.
    pub tables: Vec<Spec>,
    /// Each pattern: its table, and the symmetry of the square that takes its tiles' cells onto
    /// the table's (tile `i` of the pattern is the one whose home that symmetry takes to the
    /// table's `i`-th home).
    pub patterns: Vec<(usize, usize)>,
}

impl Spec {
    /// What a progress bar calls its build.
    pub fn describe(&self) -> String {
        format!(
            "{} pattern database {} ({} tiles)",
            self.kind.name(),
            self.name,
            self.pattern.homes().len()
        )
    }
}

/// The identity among the symmetries of [`symmetry_on`].
const IDENTITY: usize = 0;

impl Partition {
    /// The 7-8 partition of a 4×4 goal class.
    pub fn seven_eight(class: Class) -> Partition {
        let blank = class.blank();
        let top: Vec<u8> = (0..8u8).filter(|&c| usize::from(c) != blank).collect();
        let name = match class {
            Class::Corner => "78-7-corner",
            Class::Edge => "78-7-edge",
            Class::Centre => "78-7-centre",
        };
        Partition {
            kind: Kind::SevenEight,
            side: 4,
            blank,
            tables: vec![
                Spec {
                    kind: Kind::SevenEight,
                    name,
                    pattern: Pattern::new(4, &top),
                    blank,
                },
                Spec {
                    kind: Kind::SevenEight,
                    name: "78-8",
                    pattern: Pattern::new(4, &[8, 9, 10, 11, 12, 13, 14, 15]),
                    // one region whatever the blank: built once for every class
                    blank: 0,
                },
            ],
            patterns: vec![(0, IDENTITY), (1, IDENTITY)],
        }
    }

    /// The 6-6-3 partition of a 4×4 goal class ([`Class::patterns`]), each pattern's entries
    /// indexed by address, which a move updates in one shift (a rank costs IDA* half as much
    /// again): 16.8 MB a class, where a byte an address took 33.5 MB and the same time.
    pub fn six_six_three(class: Class) -> Partition {
        let names = match class {
            Class::Corner => ["663-a-corner", "663-b-corner", "663-c-corner"],
            Class::Edge => ["663-a-edge", "663-b-edge", "663-c-edge"],
            Class::Centre => ["663-a-centre", "663-b-centre", "663-c-centre"],
        };
        let blank = class.blank();
        let tables = class
            .patterns()
            .iter()
            .zip(names)
            .map(|(tiles, name)| Spec {
                kind: Kind::SixSixThree,
                name,
                pattern: Pattern::addressed(4, tiles),
                blank,
            })
            .collect();
        Partition {
            kind: Kind::SixSixThree,
            side: 4,
            blank,
            tables,
            patterns: vec![(0, IDENTITY), (1, IDENTITY), (2, IDENTITY)],
        }
    }

    /// The 6-6-6-6 partition of a 5×5 goal with the blank in a corner (cell 0 canonically).
    pub fn twenty_four() -> Partition {
        Partition {
            kind: Kind::TwentyFour,
            side: 5,
            blank: 0,
            tables: vec![
                Spec {
                    kind: Kind::TwentyFour,
                    name: "6666-a",
                    pattern: Pattern::new(5, &[1, 2, 5, 6, 7, 12]),
                    blank: 0,
                },
                Spec {
                    kind: Kind::TwentyFour,
                    name: "6666-b",
                    pattern: Pattern::new(5, &[3, 4, 8, 9, 13, 14]),
                    blank: 0,
                },
            ],
            // half a turn mirrors both ways; a quarter transposes, then mirrors the rows
            patterns: vec![(0, IDENTITY), (1, IDENTITY), (1, 6), (1, 5)],
        }
    }

    /// Whether its tables index their entries by address (all of them, or none).
    pub fn is_addressed(&self) -> bool {
        self.tables.iter().any(|spec| spec.pattern.is_addressed())
    }

    /// Each pattern's tiles, named by their home cells, in the order of its table's homes.
    pub fn tiles(&self) -> Vec<Vec<u8>> {
        let cells = self.side * self.side;
        self.patterns
            .iter()
            .map(|&(table, symmetry)| {
                self.tables[table]
                    .pattern
                    .homes()
                    .iter()
                    .map(|&home| {
                        (0..cells)
                            .find(|&c| symmetry_on(self.side, symmetry, c) == usize::from(home))
                            .expect("a symmetry is a permutation") as u8
                    })
                    .collect()
            })
            .collect()
    }
}
