use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use itertools::Itertools;
use rand::{Rng, SeedableRng};

use super::*;
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Move;
use crate::solve::conflicts;
use crate::solve::control::Control;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::pdb::{self, Class, Family};
use crate::solve::search::ida::{self, Bound, Outcome};

/// The catalogue's splits, symmetries and lookups of several splits.
mod splits;

/// The dual lookup.
mod dual;

/// Zero-aware tables.
mod zero;

/// The tables and lookup of boards past 25 cells.
mod wide;

/// IDA* with linear conflicts, the independent search the databases are checked against.
fn by_conflicts(board: &Board, goal: &Board) -> (Outcome, Vec<Bound>) {
    let conflicts = conflicts::Conflicts::new(board, goal);
    ida::solve_with(board, conflicts, None, u64::MAX, 1, &Control::default())
}

/// Every state's distance (a placement and the blank's cell) by a plain 0-1 breadth-first
/// search over the pattern's cells and the blank's (a move of the blank among other tiles free,
/// of a pattern tile one): obviously right.
fn plain(side: usize, homes: &[u8], blank: u8) -> HashMap<(Vec<u8>, u8), u32> {
    let cells = (side * side) as u8;
    let mut best: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
    let mut queue = VecDeque::from([(homes.to_vec(), blank, 0)]);
    while let Some((placement, blank, cost)) = queue.pop_front() {
        if best
            .get(&(placement.clone(), blank))
            .is_some_and(|&c| c <= cost)
        {
            continue;
        }
        best.insert((placement.clone(), blank), cost);
        let (row, column) = (blank / side as u8, blank % side as u8);
        let neighbours = [
            (row > 0).then(|| blank - side as u8),
            (row + 1 < side as u8).then(|| blank + side as u8),
            (column > 0).then(|| blank - 1),
            (column + 1 < side as u8).then(|| blank + 1),
        ];
        for next in neighbours.into_iter().flatten().filter(|&n| n < cells) {
            match placement.iter().position(|&c| c == next) {
                // a pattern tile slides into the blank: one move
                Some(tile) => {
                    let mut moved = placement.clone();
                    moved[tile] = blank;
                    queue.push_back((moved, next, cost + 1));
                }
                None => queue.push_front((placement.clone(), next, cost)),
            }
        }
    }
    best
}

#[test]
fn builds_what_a_plain_search_finds() {
    for (side, homes, blank) in [
        (3, vec![1u8, 2], 0u8),
        (3, vec![1, 3, 4], 0),
        (3, vec![0, 1, 2, 5], 4),
        (3, vec![6, 7, 8, 3], 1),
        (4, vec![1, 4, 5], 0),
        (4, vec![13, 14, 15], 0),
    ] {
        let addressed = Pattern::addressed(side, &homes);
        let zero_aware = Pattern::zero_aware(side, &homes);
        let states = plain(side, &homes, blank);
        // a placement's entry is the least over the blank's cells; a zero-aware one, the
        // blank's cell's own
        let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
        for ((placement, _), &cost) in &states {
            let entry = least.entry(placement.clone()).or_insert(cost);
            *entry = (*entry).min(cost);
        }
        assert_eq!(least.len(), zero_aware.placements(), "{homes:?}");
        // and larger than the least somewhere (a wall of tiles keeps the blank out)
        assert!(states.iter().any(|((p, _), &c)| c > least[p]), "{homes:?}");
        for (pattern, jobs) in [
            (Pattern::new(side, &homes), 1),
            (addressed.clone(), 1),
            (addressed, 2),
            (zero_aware.clone(), 1),
            (zero_aware, 2),
        ] {
            let control = Control::default();
            let (table, clipped) =
                build(&pattern, usize::from(blank), jobs, &|_| {}, &control).expect("no stop");
            assert_eq!(clipped, 0);
            for ((placement, free), &cost) in &states {
                let expected = match pattern.is_zero_aware() {
                    true => cost,
                    false => least[placement],
                };
                assert_eq!(
                    table.entry(placement, *free),
                    expected,
                    "{side} {homes:?}: {placement:?}, the blank in {free}"
                );
            }
        }
    }
}

/// The estimate of `board` towards `goal` as the definition says: over each symmetry of the
/// square that takes the goal's blank to the partition's, the sum of the patterns' entries for
/// the cells where the board holds their tiles, seen through it; the largest such sum.
fn by_definition(partition: &Partition, tables: &[Pdb], board: &Board, goal: &Board) -> u32 {
    let side = partition.side;
    let cells = side * side;
    (0..8)
        .filter(|&s| pdb::symmetry_on(side, s, goal.blank()) == partition.blank)
        .map(|s| {
            let image = |cell: usize| pdb::symmetry_on(side, s, cell) as u8;
            // the tile whose home the symmetry takes to `home`, and where the board has it
            let tile_at_home = |home: u8| {
                let cell = (0..cells)
                    .find(|&c| image(c) == home)
                    .expect("a permutation");
                goal.cells()[cell]
            };
            let place = |tile: u8| board.cells().iter().position(|&t| t == tile);
            partition
                .tables
                .iter()
                .zip(tables)
                .map(|(spec, table)| {
                    let placement: Vec<u8> = spec
                        .pattern
                        .homes()
                        .iter()
                        .map(|&home| image(place(tile_at_home(home)).expect("a tile")))
                        .collect();
                    table.entry(&placement, image(board.blank()))
                })
                .sum()
        })
        .max()
        .expect("a symmetry")
}

#[test]
fn the_6_6_3_partition_estimates_as_its_tables_say_and_searches_optimally() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(663);
    let control = Control::default();
    for class in Class::ALL {
        let partition = Partition::six_six_three(class);
        let tables: Vec<Pdb> = partition
            .tables
            .iter()
            .map(|spec| build(&spec.pattern, spec.blank, 2, &|_| {}, &control))
            .map(|built| built.expect("no stop").0)
            .collect();
        let depth = match class {
            Class::Corner => Depth::Full,
            _ => Depth::Quick,
        };
        for table in &tables {
            verify(table, partition.blank, depth).expect("a true table");
            assert_eq!(table.nibbles().len(), table.pattern().entries() / 2);
        }
        let borrowed: Vec<&Pdb> = tables.iter().collect();
        // goals with the blank in every cell of the class, their tiles shuffled
        for cell in (0..16).filter(|&cell| Class::of(cell) == class) {
            let goal = loop {
                let goal = walk(&Board::canonical(Shape::SQUARE4, cell), 300, &mut rng);
                if goal.blank() == cell {
                    break goal;
                }
            };
            for moves in [0, 5, 20, 40, 80] {
                let board = walk(&goal, moves, &mut rng);
                let lookup = Lookup::addressed(&partition, &borrowed, &board, &goal);
                let expected = by_definition(&partition, &tables, &board, &goal);
                assert_eq!(lookup.estimate(), expected, "{board} to {goal}");
                if moves == 40 {
                    let (found, _) = ida::solve_with(&board, lookup, None, u64::MAX, 1, &control);
                    assert_eq!(found, by_conflicts(&board, &goal).0, "{board} to {goal}");
                }
            }
        }
    }
}

#[test]
fn a_table_serves_its_images_through_the_symmetry() {
    // what the 24-puzzle's partition takes for granted, on three tiles of its shared block
    for indexed in [Pattern::new, Pattern::zero_aware] {
        let block = indexed(5, &[3, 4, 8]);
        let (shared, _) = build(&block, 0, 2, &|_| {}, &Control::default()).expect("no stop");
        for symmetry in [5, 6] {
            let image: Vec<u8> = block
                .homes()
                .iter()
                .map(|&h| {
                    (0..25)
                        .find(|&c| pdb::symmetry_on(5, symmetry, c) == usize::from(h))
                        .expect("a permutation") as u8
                })
                .collect();
            let pattern = indexed(5, &image);
            let (own, _) = build(&pattern, 0, 1, &|_| {}, &Control::default()).expect("no stop");
            let mut cells = [0u8; 3];
            for index in 0..pattern.placements() {
                pattern.unrank(index, &mut cells);
                let mapped = cells.map(|c| pdb::symmetry_on(5, symmetry, usize::from(c)) as u8);
                for free in (0..25u8).filter(|c| !cells.contains(c)) {
                    let blank = pdb::symmetry_on(5, symmetry, usize::from(free)) as u8;
                    assert_eq!(
                        own.entry(&cells, free),
                        shared.entry(&mapped, blank),
                        "{symmetry}: {cells:?}, the blank in {free}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_24_puzzle_partition_is_korf_and_felners() {
    let partition = Partition::twenty_four();
    let mut tiles = partition.tiles(0);
    for pattern in &mut tiles {
        pattern.sort_unstable();
    }
    assert_eq!(
        tiles,
        [
            vec![1, 2, 5, 6, 7, 12],
            vec![3, 4, 8, 9, 13, 14],
            vec![10, 11, 15, 16, 20, 21],
            vec![17, 18, 19, 22, 23, 24]
        ]
    );
    // a table looked up through a symmetry that moves the blank must not depend on it: the free
    // cells of its home placement are one region
    for &(table, symmetry) in &partition.splits[0] {
        if symmetry != 0 {
            let homes = partition.tables[table].pattern.homes();
            let (with_blank_in_0, _) = (partition.tables[table].blank, ());
            assert_eq!(with_blank_in_0, 0);
            let taken: u32 = homes.iter().map(|&h| 1 << h).sum();
            let free: Vec<usize> = (0..25).filter(|&c| taken & 1 << c == 0).collect();
            let mut region = vec![free[0]];
            let mut at = 0;
            while at < region.len() {
                let cell = region[at];
                for next in free.iter().copied() {
                    let near = (cell / 5).abs_diff(next / 5) + (cell % 5).abs_diff(next % 5) == 1;
                    if near && !region.contains(&next) {
                        region.push(next);
                    }
                }
                at += 1;
            }
            assert_eq!(region.len(), free.len(), "{homes:?}");
        }
    }
}

#[test]
fn the_7_8_partitions_split_every_class() {
    for class in Class::ALL {
        let partition = Partition::seven_eight(class);
        let mut tiles = partition.tiles(0).concat();
        tiles.push(class.blank() as u8);
        tiles.sort_unstable();
        assert_eq!(tiles, (0..16).collect::<Vec<u8>>(), "{class:?}");
        // the 8 tiles' table is one for every class
        assert_eq!(
            partition.tables[1],
            Partition::seven_eight(Class::Corner).tables[1]
        );
    }
}

/// A partition of small patterns, quick to build, on `side`: the tiles of the canonical goal
/// (blank in cell 0) in reading order, `size` a pattern, ranked.
fn small(side: usize, size: usize) -> (Partition, Vec<Pdb>) {
    small_indexed(side, size, Pattern::new)
}

/// The same, each pattern made by `pattern` (ranked or addressed).
fn small_indexed(
    side: usize,
    size: usize,
    pattern: fn(usize, &[u8]) -> Pattern,
) -> (Partition, Vec<Pdb>) {
    small_around(side, size, 0, pattern)
}

/// The same for the canonical goal whose blank is in `blank`: its tiles in reading order, the
/// blank's cell skipped.
fn small_around(
    side: usize,
    size: usize,
    blank: usize,
    pattern: fn(usize, &[u8]) -> Pattern,
) -> (Partition, Vec<Pdb>) {
    let tiles: Vec<u8> = (0..(side * side) as u8)
        .filter(|&c| usize::from(c) != blank)
        .collect();
    let names = ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"];
    let tables: Vec<Spec> = tiles
        .chunks(size)
        .zip(names)
        .map(|(homes, name)| Spec {
            family: Family::SEVEN_EIGHT,
            name,
            pattern: pattern(side, homes),
            blank,
        })
        .collect();
    let built = tables
        .iter()
        .map(|spec| {
            build(&spec.pattern, blank, 2, &|_| {}, &Control::default())
                .expect("no stop")
                .0
        })
        .collect();
    let partition = Partition {
        family: Family::SEVEN_EIGHT,
        side,
        blank,
        splits: vec![(0..tables.len()).map(|t| (t, 0)).collect()],
        tables,
    };
    (partition, built)
}

/// A random walk of `moves` from `goal`.
fn walk(goal: &Board, moves: usize, rng: &mut rand_chacha::ChaCha8Rng) -> Board {
    let mut board = *goal;
    for _ in 0..moves {
        while !board.slide(Move::ALL[rng.random_range(0..4)]) {}
    }
    board
}

/// Walks a board from `goal` at random, checking after each move (and each undone) that the
/// estimate of `evaluator` kept move by move equals a fresh one.
fn kept_equals_fresh(evaluator: &impl Evaluator, goal: &Board, rng: &mut rand_chacha::ChaCha8Rng) {
    let mut board = walk(goal, 200, rng);
    let mut lookup = evaluator.heuristic(&board, goal);
    for round in 0..2_000 {
        let step = Move::ALL[rng.random_range(0..4)];
        let to = board.blank();
        let before = (board, lookup.estimate());
        if !board.slide(step) {
            continue;
        }
        let (tile, from) = (board.cells()[to], board.blank());
        let vertical = matches!(step, Move::Up | Move::Down);
        let undo = lookup.slide(board.cells(), tile, from, to, vertical);
        let fresh = evaluator.heuristic(&board, goal).estimate();
        assert_eq!(lookup.estimate(), fresh, "round {round}: {board} to {goal}");
        if rng.random_bool(0.3) {
            lookup.unslide(tile, from, to, vertical, undo);
            board.slide(step.opposite());
            assert_eq!((board, lookup.estimate()), before, "undone");
        }
    }
}

#[test]
fn the_estimate_kept_move_by_move_equals_a_fresh_one() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    for (side, size) in [(4, 4), (5, 3)] {
        let shape = Shape::new(side, side).expect("a shape");
        // both a goal with two frames (blank in the corner) and one moved onto it
        let goals = [Board::canonical(shape, 0), Board::ordered(shape)];
        let (partition, tables) = small(side, size);
        let ranked = Loaded::new(partition, tables.into_iter().map(Arc::new).collect());
        for goal in &goals {
            kept_equals_fresh(&ranked, goal, &mut rng);
        }
        if side == 4 {
            let (partition, tables) = small_indexed(side, size, Pattern::addressed);
            let tables = tables.into_iter().map(Arc::new).collect();
            let addressed = Loaded::addressed(partition, tables);
            for goal in &goals {
                kept_equals_fresh(&addressed, goal, &mut rng);
            }
        }
    }
}

#[test]
fn never_exceeds_the_true_distance() {
    // boards some moves from the goal, their distance from the linear-conflicts IDA*
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(24);
    let (partition, tables) = small(4, 4);
    let tables: Vec<&Pdb> = tables.iter().collect();
    let goal = Board::ordered(Shape::SQUARE4);
    let mut tight = 0;
    for moves in (4..=40).step_by(4) {
        for _ in 0..8 {
            let board = walk(&goal, moves, &mut rng);
            let (outcome, _) = by_conflicts(&board, &goal);
            let Outcome::Found(path) = outcome else {
                panic!("{board}: {outcome:?}")
            };
            let estimate = Lookup::new(&partition, &tables, &board, &goal).estimate();
            let distance = path.0.len() as u32;
            assert!(estimate <= distance, "{board}: {estimate} > {distance}");
            assert_eq!(estimate % 2, distance % 2, "{board}");
            tight += u32::from(estimate == distance);
        }
    }
    assert!(tight > 0, "never tight");
}

#[test]
fn true_tables_pass_the_check_and_a_raised_entry_fails_it() {
    use crate::solve::pdb::Depth;
    for (side, homes) in [(4, vec![1u8, 4, 5, 8]), (5, vec![3, 4, 8])] {
        let pattern = Pattern::new(side, &homes);
        let (table, _) = build(&pattern, 0, 2, &|_| {}, &Control::default()).expect("no stop");
        assert_eq!(verify(&table, 0, Depth::Full), Ok(()));
        // an entry raised by two (a nibble up by one) where every neighbour is one region
        let mut nibbles = table.nibbles().to_vec();
        let home = pattern.rank(&homes);
        nibbles[home / 2] += 1 << (4 * (home % 2));
        let forged = Pdb::from_nibbles(pattern.clone(), Nibbles::copy_of(&nibbles)).expect("sizes");
        assert!(verify(&forged, 0, Depth::Quick).is_err());
        // a far placement raised by four
        let mut nibbles = table.nibbles().to_vec();
        let mut cells = homes.clone();
        cells.reverse();
        let far = pattern.rank(&cells);
        let raised = (nibbles[far / 2] >> (4 * (far % 2)) & 15) + 2;
        nibbles[far / 2] &= !(15 << (4 * (far % 2)));
        nibbles[far / 2] |= raised << (4 * (far % 2));
        let forged = Pdb::from_nibbles(pattern.clone(), Nibbles::copy_of(&nibbles)).expect("sizes");
        assert_eq!(verify(&forged, 0, Depth::Quick), Ok(()));
        assert!(verify(&forged, 0, Depth::Full).is_err(), "{homes:?}");
    }
}

#[test]
#[ignore = "minutes: the timing of the large builds"]
fn times_builds() {
    for (side, homes) in [
        (4usize, vec![1u8, 2, 3, 4, 5, 6, 7]),
        (5, vec![1, 2, 5, 6, 7, 12]),
        (4, vec![8, 9, 10, 11, 12, 13, 14, 15]),
    ] {
        if std::env::var("EIGHT_BUILD")
            .is_ok_and(|only| only != homes.len().to_string() + &side.to_string())
        {
            continue;
        }
        let started = std::time::Instant::now();
        let (table, clipped) = build(
            &Pattern::new(side, &homes),
            0,
            2,
            &|_| {},
            &Control::default(),
        )
        .expect("no stop");
        let mut sum = 0u64;
        for i in 0..table.pattern().placements() {
            sum += u64::from(table.half_excess(i)) * (i as u64 % 1000 + 1);
        }
        eprintln!(
            "{side} {homes:?}: {:?} clipped {clipped} checksum {sum}",
            started.elapsed()
        );
    }
}

#[test]
fn ida_over_the_tables_finds_the_path_of_an_independent_search() {
    // the canonical path, as IDA* with linear conflicts finds it, on 4x4 and 5x5 boards
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
    // and with zero-aware tables
    let indexings = [
        Pattern::new as fn(usize, &[u8]) -> Pattern,
        Pattern::zero_aware,
    ];
    for ((side, size, moves), indexed) in [(4, 4, 44), (5, 3, 30)]
        .into_iter()
        .cartesian_product(indexings)
    {
        let (partition, tables) = small_indexed(side, size, indexed);
        let tables: Vec<&Pdb> = tables.iter().collect();
        let shape = Shape::new(side, side).expect("a shape");
        for goal in [Board::canonical(shape, 0), Board::ordered(shape)] {
            for _ in 0..6 {
                let board = walk(&goal, moves, &mut rng);
                let lookup = Lookup::new(&partition, &tables, &board, &goal);
                let control = Control::default();
                let (ours, _) = ida::solve_with(&board, lookup, None, u64::MAX, 2, &control);
                let (theirs, _) = by_conflicts(&board, &goal);
                assert_eq!(ours, theirs, "{board} to {goal}");
            }
        }
    }
}

#[test]
fn every_family_names_its_tables_apart_and_indexes_them_as_it_says() {
    // the cache keeps a file a name: a zero-aware table never takes a plain one's
    let mut names: Vec<&str> = Vec::new();
    for kind in Family::ALL {
        let family = Partition::family(kind);
        assert_eq!(family.len(), if kind.side() == 4 { 3 } else { 1 });
        for partition in family {
            assert_eq!((partition.family, partition.side), (kind, kind.side()));
            for spec in &partition.tables {
                let pattern = &spec.pattern;
                assert_eq!(
                    pattern.is_zero_aware(),
                    kind.is_zero_aware(),
                    "{}",
                    spec.name
                );
                assert_eq!(pattern.is_addressed(), kind == Family::SIX_SIX_THREE);
                if !names.contains(&spec.name) {
                    names.push(spec.name);
                }
            }
        }
    }
    // 6-6-3: 9, 7-8: 4 (an 8-table for all classes), 6-6-6-6: 2, the catalogue 9 more; twice
    // over but 6-6-3, which has no zero-aware family; then 35-5's 6 and 48-5's 7
    assert_eq!(names.len(), 9 + 2 * (4 + 2 + 9) + 6 + 7, "{names:?}");
}

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
