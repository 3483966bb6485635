//! Zero-aware tables: an entry for each region of free cells the blank can be in.

use std::sync::Arc;

use rand::SeedableRng;

use super::{by_conflicts, kept_equals_fresh, small_indexed, walk};
use crate::puzzle::board::{Board, Shape};
use crate::solve::control::Control;
use crate::solve::heuristic::Heuristic;
use crate::solve::pdb::{build, verify, Depth, Loaded, Lookup, Nibbles, Pattern, Pdb};
use crate::solve::search::ida::Outcome;

#[test]
fn kept_move_by_move_equals_fresh() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    for (side, size) in [(4, 4), (5, 3)] {
        let shape = Shape::new(side, side).expect("a shape");
        let (partition, tables) = small_indexed(side, size, Pattern::zero_aware);
        let loaded = Loaded::new(partition, tables.into_iter().map(Arc::new).collect());
        // a goal with two frames (the blank in the corner) and one moved onto it
        for goal in [Board::canonical(shape, 0), Board::ordered(shape)] {
            kept_equals_fresh(&loaded, &goal, &mut rng);
        }
    }
}

#[test]
fn never_below_the_plain_estimate_nor_above_the_distance() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    for (side, size, most) in [(4, 4, 40), (5, 3, 28)] {
        let (partition, plain) = small_indexed(side, size, Pattern::new);
        let (_, zero) = small_indexed(side, size, Pattern::zero_aware);
        let (plain, zero): (Vec<&Pdb>, Vec<&Pdb>) = (plain.iter().collect(), zero.iter().collect());
        let shape = Shape::new(side, side).expect("a shape");
        let (mut larger, mut tight) = (0, 0);
        for goal in [Board::canonical(shape, 0), Board::ordered(shape)] {
            for moves in (4..=most).step_by(4) {
                for _ in 0..4 {
                    let board = walk(&goal, moves, &mut rng);
                    let at_least = Lookup::new(&partition, &plain, &board, &goal).estimate();
                    let estimate = Lookup::new(&partition, &zero, &board, &goal).estimate();
                    let (outcome, _) = by_conflicts(&board, &goal);
                    let Outcome::Found(path) = outcome else {
                        panic!("{board}: {outcome:?}")
                    };
                    let distance = path.0.len() as u32;
                    assert!(at_least <= estimate, "{board} to {goal}");
                    assert!(estimate <= distance, "{board}: {estimate} > {distance}");
                    assert_eq!(estimate % 2, distance % 2, "{board}");
                    larger += u32::from(estimate > at_least);
                    tight += u32::from(estimate == distance);
                }
            }
        }
        assert!(tight > 0, "{side}: never tight");
        // three tiles of 25 seldom wall the blank in; four of 16 do
        assert!(side == 5 || larger > 0, "{side}: never larger");
    }
}

#[test]
fn a_true_table_passes_the_full_check_and_one_raised_entry_fails_it() {
    for (side, homes) in [(4, vec![1u8, 4, 5, 8]), (5, vec![1, 5, 6])] {
        let pattern = Pattern::zero_aware(side, &homes);
        let (table, _) = build(&pattern, 0, 2, &|_| {}, &Control::default()).expect("no stop");
        assert_eq!(verify(&table, 0, Depth::Full), Ok(()));
        // the home placement with the blank walled out of its corner: not 0, and raised by two
        let walled = pattern.index(&homes, (side * side - 1) as u8);
        assert_ne!(walled, pattern.index(&homes, 0), "{homes:?}: two regions");
        for at in [pattern.index(&homes, 0), walled] {
            let mut nibbles = table.nibbles().to_vec();
            nibbles[at / 2] += 1 << (4 * (at % 2));
            let forged = Pdb::from_nibbles(pattern.clone(), Nibbles::copy_of(&nibbles));
            let forged = forged.expect("sizes");
            assert!(verify(&forged, 0, Depth::Full).is_err(), "{homes:?} {at}");
        }
    }
}
