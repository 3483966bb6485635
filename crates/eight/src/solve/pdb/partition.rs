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
//! - **6-6-6-6x7** (24-puzzle; the "small" catalogue of Clausecker's 24puzzle, github
//!   clausecker/24puzzle): the largest of seven 6-6-6-6 splits, each in both frames (the split
//!   and its transpose). Patterns that a symmetry of the square takes onto one another, their
//!   goal blank's regions too, are one table: [`SEVEN_SPLITS`] need Korf and Felner's two and the
//!   nine of [`SEVEN_NAMES`].
//! - **35-5** and **48-5** (6×6 and 7×7): one split each into patterns of up to five tiles, made
//!   the same way (the `wide` module).

use std::sync::Arc;

use super::zero::Deferred;
use super::{symmetry_on, Class, Family, Pattern, Split};

/// One table of a partition: its pattern, the canonical goal's blank it is built for, and its name
/// (as in a cache file's).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Spec {
    /// The family it belongs to.
    pub family: Family,
    /// The name, unique among every partition's tables.
    pub name: &'static str,
    /// The pattern.
    pub pattern: Pattern,
    /// The canonical goal's blank cell.
    pub blank: usize,
}

/// The databases of a canonical goal (tile `c` at home in cell `c`, the blank in `blank`): its
/// tables, and one or more splits of its tiles into patterns looked up in them. A split's
/// estimates add up; the estimate is the largest sum over the splits and the goal's frames.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Partition {
    /// The family.
    pub family: Family,
    /// The side of the square.
    pub side: usize,
    /// The canonical goal's blank cell.
    pub blank: usize,
    /// The tables to build.
    pub tables: Vec<Spec>,
    /// The splits: each pattern of a split its table, and the symmetry of the square that takes
    /// its tiles' cells onto the table's (tile `i` of the pattern is the one whose home that
    /// symmetry takes to the table's `i`-th home).
    pub splits: Vec<Vec<(usize, usize)>>,
}

impl Spec {
    /// What a progress bar calls its build.
    pub fn describe(&self) -> String {
        format!(
            "{} pattern database {} ({} tiles)",
            self.family.name(),
            self.name,
            self.pattern.homes().len()
        )
    }
}

/// The identity among the symmetries of [`symmetry_on`].
const IDENTITY: usize = 0;

impl Partition {
    /// The partition of `family` for a goal of class `class` (a 4×4 one's; the 24-puzzle's
    /// families serve the corner class alone).
    pub fn of(family: Family, class: Class) -> Partition {
        match family.split() {
            Split::SixSixThree => Partition::six_six_three(class),
            Split::SevenEight => Partition::seven_eight_of(family, class),
            Split::TwentyFour => Partition::twenty_four_of(family),
            Split::TwentyFourMax => Partition::twenty_four_max_of(family),
            Split::ThirtyFive | Split::FortyEight => Partition::wide_of(family),
        }
    }

    /// Every partition of `family`: each class's on 4×4, the corner's on 5×5.
    pub fn family(family: Family) -> Vec<Partition> {
        match family.side() {
            4 => Class::ALL
                .map(|class| Partition::of(family, class))
                .to_vec(),
            _ => vec![Partition::of(family, Class::Corner)],
        }
    }

    /// The 7-8 partition of a 4×4 goal class.
    pub fn seven_eight(class: Class) -> Partition {
        Partition::seven_eight_of(Family::SEVEN_EIGHT, class)
    }

    /// The 7-8 partition of a 4×4 goal class, plain or zero-aware as `family` says.
    fn seven_eight_of(family: Family, class: Class) -> Partition {
        let blank = class.blank();
        let top: Vec<u8> = (0..8u8).filter(|&c| usize::from(c) != blank).collect();
        let zero = family.is_zero_aware();
        let mut patterns = Patterns::new(zero);
        let (name, eight) = match (class, zero) {
            (Class::Corner, false) => ("78-7-corner", "78-8"),
            (Class::Edge, false) => ("78-7-edge", "78-8"),
            (Class::Centre, false) => ("78-7-centre", "78-8"),
            (Class::Corner, true) => ("78z-7-corner", "78z-8"),
            (Class::Edge, true) => ("78z-7-edge", "78z-8"),
            (Class::Centre, true) => ("78z-7-centre", "78z-8"),
        };
        Partition {
            family,
            side: 4,
            blank,
            tables: vec![
                Spec {
                    family,
                    name,
                    pattern: patterns.of(4, &top),
                    blank,
                },
                Spec {
                    family,
                    name: eight,
                    pattern: patterns.of(4, &[8, 9, 10, 11, 12, 13, 14, 15]),
                    // one region whatever the blank: built once for every class
                    blank: 0,
                },
            ],
            splits: vec![vec![(0, IDENTITY), (1, IDENTITY)]],
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
                family: Family::SIX_SIX_THREE,
                name,
                pattern: Pattern::addressed(4, tiles),
                blank,
            })
            .collect();
        Partition {
            family: Family::SIX_SIX_THREE,
            side: 4,
            blank,
            tables,
            splits: vec![vec![(0, IDENTITY), (1, IDENTITY), (2, IDENTITY)]],
        }
    }

    /// The 6-6-6-6 partition of a 5×5 goal with the blank in a corner (cell 0 canonically).
    pub fn twenty_four() -> Partition {
        Partition::twenty_four_of(Family::TWENTY_FOUR)
    }

    /// The same, plain or zero-aware as `family` says.
    fn twenty_four_of(family: Family) -> Partition {
        Partition::twenty_four_with(family, &mut Patterns::new(family.is_zero_aware()))
    }

    /// The same, its patterns made by `patterns`.
    fn twenty_four_with(family: Family, patterns: &mut Patterns) -> Partition {
        let zero = family.is_zero_aware();
        let names = if zero {
            ["6666z-a", "6666z-b"]
        } else {
            ["6666-a", "6666-b"]
        };
        Partition {
            family,
            side: 5,
            blank: 0,
            tables: vec![
                Spec {
                    family,
                    name: names[0],
                    pattern: patterns.of(5, &[1, 2, 5, 6, 7, 12]),
                    blank: 0,
                },
                Spec {
                    family,
                    name: names[1],
                    pattern: patterns.of(5, &[3, 4, 8, 9, 13, 14]),
                    blank: 0,
                },
            ],
            // half a turn mirrors both ways; a quarter transposes, then mirrors the rows
            splits: vec![vec![(0, IDENTITY), (1, IDENTITY), (1, 6), (1, 5)]],
        }
    }

    /// The 6-6-6-6x7 catalogue of a 5×5 goal with the blank in a corner (cell 0 canonically):
    /// the splits of `SEVEN_SPLITS`, each pattern looked up in the table of its canonical
    /// image (`canonical`).
    pub fn twenty_four_max() -> Partition {
        Partition::twenty_four_max_of(Family::TWENTY_FOUR_MAX)
    }

    /// The same, plain or zero-aware as `family` says.
    fn twenty_four_max_of(family: Family) -> Partition {
        let zero = family.is_zero_aware();
        let more = if zero { SEVEN_NAMES_ZERO } else { SEVEN_NAMES };
        // Korf and Felner's two tables are two of the catalogue's
        let plain = if zero {
            Family::TWENTY_FOUR_Z
        } else {
            Family::TWENTY_FOUR
        };
        let mut patterns = Patterns::new(zero);
        let tables = Partition::twenty_four_with(plain, &mut patterns).tables;
        let splits = SEVEN_SPLITS.map(|split| split.map(|tiles| tiles.to_vec()).to_vec());
        Partition::of_splits(family, 5, tables, &splits, &more, &mut patterns)
    }

    /// The partition of `splits` (each pattern's tiles, named by their home cells) on a square
    /// of `side` whose goal's blank is in cell 0: each pattern looked up in a table of `tables`
    /// or of those before it that a symmetry takes it onto ([`onto`]), else in a new table of
    /// its canonical image, named by `names` in turn.
    pub(super) fn of_splits(
        family: Family,
        side: usize,
        mut tables: Vec<Spec>,
        splits: &[Vec<Vec<u8>>],
        names: &[&'static str],
        patterns: &mut Patterns,
    ) -> Partition {
        let given = tables.len();
        let splits = (splits.iter())
            .map(|split| {
                (split.iter())
                    .map(|tiles| {
                        let found = tables
                            .iter()
                            .enumerate()
                            .find_map(|(table, spec)| Some((table, onto(side, tiles, 0, spec)?)));
                        found.unwrap_or_else(|| {
                            let (homes, blank, symmetry) = canonical(side, tiles, 0);
                            let name = names[tables.len() - given];
                            let pattern = patterns.of(side, &homes);
                            tables.push(Spec {
                                family,
                                name,
                                pattern,
                                blank,
                            });
                            (tables.len() - 1, symmetry)
                        })
                    })
                    .collect()
            })
            .collect();
        Partition {
            family,
            side,
            blank: 0,
            tables,
            splits,
        }
    }

    /// The symmetries of the square that take a goal's blank in `blank` to the canonical goal's:
    /// the frames its lookups see a board in. The goal's blank must be in the partition's class.
    pub fn frames(&self, blank: usize) -> Vec<usize> {
        let frames: Vec<usize> = (0..8)
            .filter(|&s| symmetry_on(self.side, s, blank) == self.blank)
            .collect();
        assert!(
            !frames.is_empty(),
            "the goal's blank is in the partition's class"
        );
        frames
    }

    /// Whether its tables index their entries by address (all of them, or none).
    pub fn is_addressed(&self) -> bool {
        self.tables.iter().any(|spec| spec.pattern.is_addressed())
    }

    /// Each pattern's tiles in split `split`, named by their home cells, in the order of its
    /// table's homes.
    pub fn tiles(&self, split: usize) -> Vec<Vec<u8>> {
        let cells = self.side * self.side;
        self.splits[split]
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

/// The seven splits of the 6-6-6-6x7 catalogue, each pattern's tiles named by their home cells
/// (the blank's is 0); the transposes are the lookup's second frame.
const SEVEN_SPLITS: [[[u8; 6]; 4]; 7] = [
    [
        [1, 5, 6, 10, 11, 12],
        [2, 3, 4, 7, 8, 9],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 5, 6, 10, 11, 12],
        [2, 3, 4, 7, 8, 9],
        [13, 14, 15, 16, 17, 18],
        [19, 20, 21, 22, 23, 24],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 15, 16, 17, 18],
        [19, 20, 21, 22, 23, 24],
    ],
    [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 16, 17, 21, 22],
        [13, 14, 18, 19, 23, 24],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 9, 14, 19, 24],
        [7, 8, 12, 13, 18, 23],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 13, 16, 17, 18],
        [14, 19, 21, 22, 23, 24],
    ],
];

/// The names of the catalogue's tables beside Korf and Felner's two, in the order the splits
/// first need them.
const SEVEN_NAMES: [&str; 9] = [
    "6x7-1", "6x7-2", "6x7-3", "6x7-4", "6x7-5", "6x7-6", "6x7-7", "6x7-8", "6x7-9",
];

/// The same for the zero-aware catalogue.
const SEVEN_NAMES_ZERO: [&str; 9] = [
    "6x7z-1", "6x7z-2", "6x7z-3", "6x7z-4", "6x7z-5", "6x7z-6", "6x7z-7", "6x7z-8", "6x7z-9",
];

/// Makes a family's ranked patterns, zero-aware or plain; its zero-aware patterns of as many
/// tiles share one layout, made when first used.
pub(super) struct Patterns {
    zero: bool,
    layouts: Vec<Arc<Deferred>>,
}

impl Patterns {
    pub(super) fn new(zero: bool) -> Patterns {
        Patterns {
            zero,
            layouts: Vec::new(),
        }
    }

    /// The pattern of `homes` on a square of `side`.
    fn of(&mut self, side: usize, homes: &[u8]) -> Pattern {
        if !self.zero {
            return Pattern::new(side, homes);
        }
        let tiles = homes.len();
        let layout = match self.layouts.iter().find(|layout| layout.tiles() == tiles) {
            Some(layout) => layout.clone(),
            None => {
                self.layouts.push(Arc::new(Deferred::new(side, tiles)));
                self.layouts[self.layouts.len() - 1].clone()
            }
        };
        Pattern::sharing(&layout, homes)
    }
}

/// The canonical image of the pattern `tiles` (home cells) on a square of `side` for a goal
/// whose blank is in `blank`: over the square's symmetries, the least of its cells in order with
/// the least cell of the goal blank's region among the free ones (where a table's build starts
/// the blank); the image's homes, that cell, and the symmetry.
pub(crate) fn canonical(side: usize, tiles: &[u8], blank: usize) -> (Vec<u8>, usize, usize) {
    (0..8)
        .map(|symmetry| {
            let mut homes: Vec<u8> = tiles
                .iter()
                .map(|&t| symmetry_on(side, symmetry, usize::from(t)) as u8)
                .collect();
            homes.sort_unstable();
            let taken = homes.iter().fold(0u64, |taken, &h| taken | 1 << h);
            let region = flood(side, taken, symmetry_on(side, symmetry, blank));
            (homes, region.trailing_zeros() as usize, symmetry)
        })
        .min()
        .expect("eight symmetries")
}

/// The symmetry of a square of `side` that takes the pattern `tiles` (home cells), for a goal
/// whose blank is in `blank`, onto the table of `spec`: its tiles onto the table's homes, and
/// the goal blank's region onto the one the table's build starts the blank in.
fn onto(side: usize, tiles: &[u8], blank: usize, spec: &Spec) -> Option<usize> {
    let mut homes = spec.pattern.homes().to_vec();
    homes.sort_unstable();
    let taken = homes.iter().fold(0u64, |taken, &h| taken | 1 << h);
    let region = flood(side, taken, spec.blank);
    (0..8).find(|&symmetry| {
        let mut image: Vec<u8> = tiles
            .iter()
            .map(|&t| symmetry_on(side, symmetry, usize::from(t)) as u8)
            .collect();
        image.sort_unstable();
        image == homes && region & 1 << symmetry_on(side, symmetry, blank) != 0
    })
}

/// The cells the blank reaches from `from` on a square of `side` without crossing `taken`.
fn flood(side: usize, taken: u64, from: usize) -> u64 {
    let mut region = 1u64 << from;
    loop {
        let mut grown = region;
        for cell in (0..side * side).filter(|&c| region & 1 << c != 0) {
            let (row, column) = (cell / side, cell % side);
            let near = [
                (row > 0).then(|| cell - side),
                (row + 1 < side).then(|| cell + side),
                (column > 0).then(|| cell - 1),
                (column + 1 < side).then(|| cell + 1),
            ];
            for next in near.into_iter().flatten() {
                grown |= 1 << next & !taken;
            }
        }
        if grown == region {
            return region;
        }
        region = grown;
    }
}
