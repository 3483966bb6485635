//! The dual lookup: the databases' estimate with the board and the goal exchanged, from the
//! tables of every class.

use std::sync::Arc;

use rand::SeedableRng;

use super::{by_conflicts, kept_equals_fresh, small_around, walk};
use crate::puzzle::board::{Board, Shape};
use crate::solve::control::Control;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::pdb::{Class, Loaded, Lookup, Partition, Pattern, Pdb};
use crate::solve::search::ida;

/// How a test's patterns are made: plain or zero-aware.
type Indexed = fn(usize, &[u8]) -> Pattern;

/// For each class, a partition of small patterns of its canonical goal (four tiles a pattern,
/// made by `indexed`) and its tables: quick to build.
fn every_class(indexed: Indexed) -> Vec<(Partition, Vec<Arc<Pdb>>)> {
    Class::ALL
        .into_iter()
        .map(|class| {
            let (partition, tables) = small_around(4, 4, class.blank(), indexed);
            (partition, tables.into_iter().map(Arc::new).collect())
        })
        .collect()
}

/// The class's partition and tables among `classes`.
fn of(classes: &[(Partition, Vec<Arc<Pdb>>)], class: Class) -> (&Partition, Vec<&Pdb>) {
    let (partition, tables) = (classes.iter())
        .find(|(partition, _)| partition.blank == class.blank())
        .expect("every class");
    (partition, tables.iter().map(|table| &**table).collect())
}

/// The evaluator of `goal`'s class, with the dual lookup from every class.
fn with_duals(classes: &[(Partition, Vec<Arc<Pdb>>)], goal: &Board) -> Loaded {
    let (partition, _) = of(classes, Class::of(goal.blank()));
    let tables = classes
        .iter()
        .find(|(p, _)| p == partition)
        .expect("a class")
        .1
        .clone();
    Loaded::new(partition.clone(), tables).with_duals(classes.to_vec())
}

/// Goals with the blank in cells of every class and both frames, their tiles shuffled.
fn goals(rng: &mut rand_chacha::ChaCha8Rng) -> Vec<Board> {
    let mut goals = vec![
        Board::canonical(Shape::SQUARE4, 0),
        Board::ordered(Shape::SQUARE4),
    ];
    for blank in [1, 5, 6, 14] {
        goals.push(walk(&Board::canonical(Shape::SQUARE4, blank), 300, rng));
    }
    goals
}

#[test]
fn the_dual_estimate_is_the_lookup_with_board_and_goal_exchanged() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2005);
    // and with zero-aware tables: the goal, as the start, has its blank in the frame's cell
    for indexed in [Pattern::new as Indexed, Pattern::zero_aware] {
        exchanged_equals_dual(&every_class(indexed), &mut rng);
    }
}

/// The dual estimate from `classes`' tables is the regular one or the exchanged one, the larger.
fn exchanged_equals_dual(
    classes: &[(Partition, Vec<Arc<Pdb>>)],
    rng: &mut rand_chacha::ChaCha8Rng,
) {
    let mut larger = 0;
    for goal in goals(rng) {
        let evaluator = with_duals(classes, &goal);
        for moves in [0, 1, 2, 7, 20, 60, 200] {
            for _ in 0..20 {
                let board = walk(&goal, moves, rng);
                let (partition, tables) = of(classes, Class::of(goal.blank()));
                let regular = Lookup::new(partition, &tables, &board, &goal).estimate();
                // the board as the goal: its blank's class answers
                let (partition, tables) = of(classes, Class::of(board.blank()));
                let exchanged = Lookup::new(partition, &tables, &goal, &board).estimate();
                let estimate = evaluator.heuristic(&board, &goal).estimate();
                assert_eq!(estimate, regular.max(exchanged), "{board} to {goal}");
                larger += u32::from(exchanged > regular);
            }
        }
    }
    // the dual adds something (a test of its machinery, not a figure)
    assert!(larger > 50, "the dual larger {larger} times");
}

#[test]
fn the_dual_estimate_kept_move_by_move_equals_a_fresh_one() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2008);
    let classes = every_class(Pattern::new);
    for goal in goals(&mut rng) {
        kept_equals_fresh(&with_duals(&classes, &goal), &goal, &mut rng);
    }
}

#[test]
fn ida_with_the_dual_finds_the_path_of_an_independent_search() {
    // admissible, and the canonical path kept: the path of IDA* with linear conflicts
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2011);
    let classes = every_class(Pattern::new);
    for goal in goals(&mut rng) {
        let evaluator = with_duals(&classes, &goal);
        for _ in 0..3 {
            let board = walk(&goal, 40, &mut rng);
            let lookup = evaluator.heuristic(&board, &goal);
            let control = Control::default();
            let (ours, _) = ida::solve_with(&board, lookup, None, u64::MAX, 2, &control);
            let (theirs, _) = by_conflicts(&board, &goal);
            assert_eq!(ours, theirs, "{board} to {goal}");
        }
    }
}
