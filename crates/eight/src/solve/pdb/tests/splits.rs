//! The catalogue of seven splits: its tables shared through the square's symmetries, and the
//! estimate of several splits, the largest of their sums.

use std::sync::Arc;

use itertools::Itertools;
use rand::{Rng, SeedableRng};

use super::{build, kept_equals_fresh, small, walk};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Move;
use crate::solve::control::Control;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::pdb::{
    self, partition, Family, Loaded, Partition, Pattern, Pdb, Spec, SEVEN_VIEWS,
};

#[test]
fn the_seven_splits_cover_the_tiles_and_share_tables_through_symmetries() {
    let max = Partition::twenty_four_max();
    assert_eq!(max.splits.len() * 2, SEVEN_VIEWS);
    // Korf and Felner's two tables come first, then one for each pattern no symmetry takes
    // onto an earlier table
    assert_eq!(max.tables[..2], Partition::twenty_four().tables[..]);
    assert_eq!(max.tables.len(), 11);
    let names: std::collections::HashSet<_> = max.tables.iter().map(|spec| spec.name).collect();
    assert_eq!(names.len(), 11, "a name a table");
    for split in 0..max.splits.len() {
        let mut tiles = max.tiles(split).concat();
        tiles.sort_unstable();
        assert_eq!(tiles, (1..25).collect::<Vec<u8>>(), "split {split}");
        for (pattern, &(table, symmetry)) in max.splits[split].iter().enumerate() {
            // the symmetry takes the goal's blank into the region the table's build starts in
            let spec = &max.tables[table];
            let taken: u32 = spec.pattern.homes().iter().map(|&h| 1 << h).sum();
            let region = |from: usize| region_of(5, taken, from);
            let image = pdb::symmetry_on(5, symmetry, 0);
            assert_eq!(
                region(image),
                region(spec.blank),
                "split {split}, pattern {pattern}"
            );
        }
    }
    // a pattern that walls the blank's corner in keeps the corner as its own region
    let (homes, blank, _) = partition::canonical(5, &[1, 5, 6, 10, 15, 20], 0);
    let taken: u32 = homes.iter().map(|&h| 1 << h).sum();
    assert_eq!(region_of(5, taken, blank).count_ones(), 1, "{homes:?}");
}

/// The cells reached from `from` on a square of `side` without crossing `taken`, by a plain
/// search.
fn region_of(side: usize, taken: u32, from: usize) -> u32 {
    let mut region = vec![from];
    let mut at = 0;
    while at < region.len() {
        let cell = region[at];
        for next in 0..side * side {
            let near =
                (cell / side).abs_diff(next / side) + (cell % side).abs_diff(next % side) == 1;
            if near && taken & 1 << next == 0 && !region.contains(&next) {
                region.push(next);
            }
        }
        at += 1;
    }
    region.iter().map(|&c| 1u32 << c).sum()
}

#[test]
fn a_canonical_table_serves_a_pattern_whose_home_walls_the_blank_in() {
    // three tiles around the blank's corner: the blank's region at home is the corner alone,
    // and a table built for the canonical image with its own blank cell serves the pattern
    // and so does a zero-aware one, the blank's region seen through the symmetry too
    for (tiles, indexed) in [[1u8, 5, 7], [1, 5, 6], [3, 4, 8], [20, 21, 15]]
        .into_iter()
        .cartesian_product([
            Pattern::new as fn(usize, &[u8]) -> Pattern,
            Pattern::zero_aware,
        ])
    {
        let (homes, blank, symmetry) = partition::canonical(5, &tiles, 0);
        let shared = build(&indexed(5, &homes), blank, 2, &|_| {}, &Control::default());
        let (shared, _) = shared.expect("run");
        let own_pattern = indexed(5, &tiles);
        let (own, _) = build(&own_pattern, 0, 2, &|_| {}, &Control::default()).expect("run");
        let mut cells = [0u8; 3];
        for index in 0..own_pattern.placements() {
            own_pattern.unrank(index, &mut cells);
            // tile i of the image is the one whose home the symmetry takes to homes[i]
            let mut mapped = [0u8; 3];
            for (i, &tile) in tiles.iter().enumerate() {
                let place = homes
                    .iter()
                    .position(|&h| {
                        usize::from(h) == pdb::symmetry_on(5, symmetry, usize::from(tile))
                    })
                    .expect("an image");
                mapped[place] = pdb::symmetry_on(5, symmetry, usize::from(cells[i])) as u8;
            }
            for free in (0..25u8).filter(|c| !cells.contains(c)) {
                let image = pdb::symmetry_on(5, symmetry, usize::from(free)) as u8;
                assert_eq!(
                    own.entry(&cells, free),
                    shared.entry(&mapped, image),
                    "{tiles:?}: {cells:?}, the blank in {free}"
                );
            }
        }
    }
}

#[test]
fn several_splits_estimate_the_largest_of_their_sums_kept_move_by_move() {
    // two splits of the 5×5 tiles into patterns of three: reading order, and a stride of seven
    // cells (columns first would be the transpose of reading order: the rows' second frame)
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
    let (by_rows, rows_built) = small(5, 3);
    let strided: Vec<u8> = (1..25u8).map(|c| c * 7 % 25).collect();
    let names = ["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7"];
    let strided_specs: Vec<Spec> = strided
        .chunks(3)
        .zip(names)
        .map(|(homes, name)| Spec {
            family: Family::TWENTY_FOUR_MAX,
            name,
            pattern: Pattern::new(5, homes),
            blank: 0,
        })
        .collect();
    let strided_built: Vec<Pdb> = strided_specs
        .iter()
        .map(|spec| {
            build(&spec.pattern, 0, 2, &|_| {}, &Control::default())
                .expect("run")
                .0
        })
        .collect();
    let tables: Vec<Arc<Pdb>> = rows_built
        .into_iter()
        .chain(strided_built)
        .map(Arc::new)
        .collect();
    let by_stride = Partition {
        tables: strided_specs.clone(),
        splits: vec![(0..8).map(|t| (t, 0)).collect()],
        ..by_rows.clone()
    };
    let both = Partition {
        tables: by_rows
            .tables
            .iter()
            .cloned()
            .chain(strided_specs)
            .collect(),
        splits: vec![by_rows.splits[0].clone(), (8..16).map(|t| (t, 0)).collect()],
        ..by_rows.clone()
    };
    let rows = Loaded::new(by_rows, tables[..8].to_vec());
    let stride = Loaded::new(by_stride, tables[8..].to_vec());
    let both = Loaded::<false, 4>::ranked(both, tables);
    let shape = Shape::SQUARE5;
    for goal in [Board::canonical(shape, 0), Board::ordered(shape)] {
        let mut larger = 0;
        for moves in [10, 30, 60, 100] {
            for _ in 0..20 {
                let board = walk(&goal, moves, &mut rng);
                let (r, c) = (
                    rows.heuristic(&board, &goal),
                    stride.heuristic(&board, &goal),
                );
                let expected = r.estimate().max(c.estimate());
                assert_eq!(
                    both.heuristic(&board, &goal).estimate(),
                    expected,
                    "{board}"
                );
                larger += u32::from(r.estimate() != c.estimate());
            }
        }
        assert!(
            larger > 0,
            "the splits never differ: the test shows nothing"
        );
        kept_equals_fresh(&both, &goal, &mut rng);
        within_keeps_its_word(&both, &goal, &mut rng);
    }
}

/// Walks a board from `goal` at random, asking after each move for the estimate within limits
/// around the true one: at or under its limit it is the estimate, past it an admissible one past
/// the limit, and the lookup stays whole either way (a fresh estimate after, a move undone).
fn within_keeps_its_word(
    evaluator: &impl Evaluator,
    goal: &Board,
    rng: &mut rand_chacha::ChaCha8Rng,
) {
    let mut board = walk(goal, 200, rng);
    let mut lookup = evaluator.heuristic(&board, goal);
    let mut partial = 0;
    for round in 0..2_000 {
        let step = Move::ALL[rng.random_range(0..4)];
        let to = board.blank();
        let before = (board, lookup.estimate());
        if !board.slide(step) {
            continue;
        }
        let (tile, from) = (board.cells()[to], board.blank());
        let undo = lookup.slide(board.cells(), tile, from, to, false);
        let fresh = evaluator.heuristic(&board, goal).estimate();
        let limit = (fresh + 2).saturating_sub(2 * rng.random_range(0..4));
        let within = lookup.estimate_within(limit);
        match fresh <= limit {
            true => assert_eq!(within, fresh, "round {round}: {board}, limit {limit}"),
            false => assert!(limit < within && within <= fresh, "round {round}: {board}"),
        }
        partial += u32::from(within < fresh);
        assert_eq!(lookup.estimate(), fresh, "round {round}: {board} after");
        if rng.random_bool(0.3) {
            lookup.unslide(tile, from, to, false, undo);
            board.slide(step.opposite());
            assert_eq!((board, lookup.estimate()), before, "undone");
        }
    }
    assert!(partial > 0, "never stopped short of the largest view");
}
