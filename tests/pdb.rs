//! The 15-puzzle's pattern databases: for goals of every class (the blank in a corner, on an
//! edge, in the middle, and tiles in any order), the estimate kept up to date move by move equals
//! a fresh one, never exceeds the true distance, and IDA* with it finds exactly the canonical
//! path that IDA* with linear conflicts finds.

mod common;

use eight::puzzle::{Board, Move, Shape};
use eight::solve::pdb::{verify, Class, Depth, Loaded, Memory, Nibbles, Partition, Pdb, Supply};
use eight::solve::textbook_idastar as idastar;
use eight::solve::Ida;
use eight::solve::LinearConflicts;
use eight::solve::{Bounds, Control, Outcome, Query, Search, Want};
use eight::solve::{Evaluator, Heuristic};
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// One source for the whole binary: each class is built once.
static SOURCE: Memory = Memory::new();

fn grid(cells: &[u8]) -> Board {
    Board::new(Shape::SQUARE4, cells).expect("a 4x4 board")
}

/// Goals of every class, with their names.
fn goals() -> Vec<(&'static str, Board)> {
    let ordered: Vec<u8> = (0..16).collect();
    let mut last: Vec<u8> = (1..16).collect();
    last.push(0);
    vec![
        ("Korf's, blank top-left", grid(&ordered)),
        ("blank last", grid(&last)),
        (
            "edge: blank in cell 7, tiles shuffled",
            grid(&[5, 12, 1, 9, 3, 14, 8, 0, 2, 15, 10, 6, 13, 4, 11, 7]),
        ),
        (
            "centre: blank in cell 10",
            grid(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 12, 13, 14, 15]),
        ),
    ]
}

/// The 6-6-3 partition of `goal`'s class, with its tables.
fn databases(goal: &Board) -> Loaded<true> {
    let partition = Partition::six_six_three(Class::of(goal.blank()));
    let tables = SOURCE.tables(&partition, &Control::default());
    Loaded::addressed(partition, tables.expect("built without a stop"))
}

/// A board `moves` random moves from `goal`, never undoing the last.
fn walk(goal: &Board, moves: usize, rng: &mut impl Rng) -> Board {
    let mut board = *goal;
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        let options: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|step| last != Some(step.opposite()) && board.apply(*step).is_some())
            .collect();
        let step = options[rng.random_range(0..options.len())];
        board.slide(step);
        last = Some(step);
    }
    board
}

#[test]
fn the_estimate_kept_move_by_move_equals_a_fresh_one() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    for (name, goal) in goals() {
        let databases = databases(&goal);
        let mut board = walk(&goal, 80, &mut rng);
        let mut lookup = databases.heuristic(&board, &goal);
        for _ in 0..2_000 {
            let step = Move::ALL[rng.random_range(0..4)];
            let before = (board, lookup.estimate());
            let from = board.blank();
            if !board.slide(step) {
                continue;
            }
            // the tile moved from the blank's new cell into its old one
            let (tile, to) = (board.cells()[from], from);
            let vertical = matches!(step, Move::Up | Move::Down);
            let undo = lookup.slide(board.cells(), tile, board.blank(), to, vertical);
            let fresh = databases.heuristic(&board, &goal).estimate();
            assert_eq!(lookup.estimate(), fresh, "{name}: {board}");
            if rng.random_bool(0.25) {
                lookup.unslide(tile, board.blank(), to, vertical, undo);
                board = before.0;
                assert_eq!(lookup.estimate(), before.1, "{name}: undone");
            }
        }
    }
}

/// What IDA* guided by `evaluator` on `jobs` threads finds from `start` to `goal`, and the
/// nodes it expanded.
fn searched<E: Evaluator>(
    evaluator: E,
    start: &Board,
    goal: &Board,
    jobs: usize,
) -> (Outcome, u64) {
    let query = Query {
        start,
        goal,
        limit: None,
        budget: u64::MAX,
        bounds: Bounds::All,
        want: Want::Canonical,
    };
    let mut ida = Ida::new(evaluator, jobs).sharing_every_iteration();
    let solution = ida.search(&query, &Control::default());
    (solution.outcome.clone(), solution.nodes())
}

/// What IDA* with linear conflicts finds from `start` to `goal`, the search the databases are
/// checked against.
fn by_conflicts(start: &Board, goal: &Board) -> Outcome {
    searched(LinearConflicts, start, goal, 1).0
}

#[test]
fn the_databases_find_the_canonical_path_that_linear_conflicts_find() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    for (name, goal) in goals() {
        let databases = Arc::new(databases(&goal));
        for round in 0..16 {
            let start = walk(&goal, rng.random_range(20..=70), &mut rng);
            let estimate = databases.heuristic(&start, &goal).estimate();
            let (by_databases, _) = searched(databases.clone(), &start, &goal, 1);
            let by_conflicts = by_conflicts(&start, &goal);
            assert_eq!(by_databases, by_conflicts, "{name}, board {round}: {start}");
            // on three threads, the subtrees 12 moves in are shared out: the same path
            let (on_threads, _) = searched(databases.clone(), &start, &goal, 3);
            assert_eq!(
                on_threads, by_conflicts,
                "{name}, board {round}: {start}, threads"
            );
            let Outcome::Found(path) = by_databases else {
                panic!("{name}: {start} is reachable");
            };
            assert!(estimate as usize <= path.len(), "{name}: admissible");
            assert_eq!(start.replay(&path).ok(), Some(goal), "{name}: {start}");
        }
    }
}

#[test]
fn the_databases_find_the_path_an_independent_search_finds() {
    // the textbook IDA* (solve::textbook): Manhattan recomputed at every node,
    // nothing shared with the engine's driver; boards shallow enough for it
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
    for (name, goal) in goals() {
        let databases = Arc::new(databases(&goal));
        for round in 0..6 {
            let start = walk(&goal, rng.random_range(16..=30), &mut rng);
            let expected = idastar(&start, &goal, None).0.expect("reachable");
            let (alone, _) = searched(databases.clone(), &start, &goal, 1);
            let (on_threads, _) = searched(databases.clone(), &start, &goal, 3);
            let found = Outcome::Found(expected);
            assert_eq!(alone, found, "{name}, board {round}: {start}");
            assert_eq!(on_threads, found, "{name}, board {round}: {start}, threads");
        }
    }
}

#[test]
fn every_class_s_goal_is_its_own_databases_zero() {
    for (name, goal) in goals() {
        let databases = Arc::new(databases(&goal));
        assert_eq!(databases.heuristic(&goal, &goal).estimate(), 0);
        let (solved, nodes) = searched(databases.clone(), &goal, &goal, 1);
        assert_eq!(solved, Outcome::Found(Default::default()), "{name}");
        assert_eq!(nodes, 0);
    }
}

#[test]
fn true_databases_of_every_class_keep_the_rules_a_loaded_file_must_keep() {
    for class in Class::ALL {
        let partition = Partition::six_six_three(class);
        let tables = SOURCE
            .tables(&partition, &Control::default())
            .expect("built");
        let sizes: Vec<usize> = tables.iter().map(|t| t.nibbles().len()).collect();
        assert_eq!(
            sizes,
            [1 << 23, 1 << 23, 1 << 11],
            "{class:?}: a nibble an address"
        );
        for table in &tables {
            assert_eq!(
                verify(table, class.blank(), Depth::Full),
                Ok(()),
                "{class:?}"
            );
        }
        // and one entry two too many (a nibble up by one), on a placement of the corner
        // class's first pattern in the open, with a neighbour nearer home that bounds it, is
        // seen
        if class != Class::Corner {
            continue;
        }
        let first = &tables[0];
        let open = first.pattern().index(&[6, 4, 7, 8, 10, 12], 0);
        let mut nibbles = first.nibbles().to_vec();
        nibbles[open / 2] += 1 << (4 * (open % 2));
        let raised = Pdb::from_nibbles(first.pattern().clone(), Nibbles::copy_of(&nibbles));
        let raised = raised.expect("sizes");
        assert!(verify(&raised, 0, Depth::Full).is_err(), "{class:?}");
    }
}

#[test]
fn pdb_chooses_the_databases_and_stats_names_them() {
    let korf_one = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let output = common::eight()
        .args([
            "steps", "--size", "4x4", "--pdb", "6-6-3", "--stats", "--goal", goal, korf_one,
        ])
        .output()
        .expect("runs");
    assert_eq!(output.stdout, b"57\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(" pdb:6-6-3 "), "{stderr}");
    // under the automatic choice with no 7-8 databases cached, the same
    let output = common::eight()
        .args([
            "steps", "--size", "4x4", "--stats", "--goal", goal, korf_one,
        ])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&output.stderr).contains(" pdb:6-6-3 "));
    // with the dual lookup (every class's tables built): the same answer, in fewer nodes
    let expanded = |stderr: &str| -> u64 {
        let after = stderr.split("expanded").nth(1).expect("a count");
        after
            .split_whitespace()
            .next()
            .expect("a number")
            .parse()
            .expect("a number")
    };
    let dual = common::eight()
        .args([
            "steps",
            "--size",
            "4x4",
            "--pdb",
            "6-6-3+dual",
            "--stats",
            "--goal",
            goal,
            korf_one,
        ])
        .output()
        .expect("runs");
    assert_eq!(dual.stdout, b"57\n");
    let (dual, alone) = (
        String::from_utf8_lossy(&dual.stderr),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(dual.contains(" pdb:6-6-3+dual "), "{dual}");
    assert!(expanded(&dual) < expanded(&alone), "{dual}\n{alone}");
    // a family that does not exist is a usage error that lists those that do
    let output = common::eight()
        .args(["steps", "--size", "4x4", "--pdb", "9-9", korf_one])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "auto, 6-6-3, 7-8, 7-8z, 6-6-6-6, 6-6-6-6z, 6-6-6-6x7, 6-6-6-6x7z, 35-5, 48-5"
        ),
        "{stderr}"
    );
    // a family of another size is a usage error too, not a silent fallback
    for (size, pdb, serves) in [
        ("5x5", "7-8", "4x4"),
        ("3x3", "6-6-6-6", "5x5"),
        ("4x4", "6-6-6-6", "5x5"),
        ("4x4", "6-6-6-6x7", "5x5"),
        ("4x4", "6-6-6-6x7z", "5x5"),
        ("5x5", "7-8z", "4x4"),
        ("5x5", "7-8+dual", "4x4"),
        ("5x5", "7-8z+dual", "4x4"),
        ("4x4", "35-5", "6x6"),
        ("7x7", "35-5", "6x6"),
        ("6x6", "48-5", "7x7"),
        ("6x6", "6-6-6-6", "5x5"),
    ] {
        let output = common::eight()
            .args(["steps", "--size", size, "--pdb", pdb, "1"])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{size} {pdb}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("--pdb {pdb} serves {serves} boards, not {size}")),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
    // on 5x5 without databases cached, linear conflicts answer as before: no build
    let output = common::eight()
        .args(["steps", "--size", "5x5", "--stats"])
        .arg("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24")
        .output()
        .expect("runs");
    assert_eq!(output.stdout, b"1\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains(" conflicts "));
}

#[test]
fn a_family_of_corner_goals_asked_for_another_goal_searches_without_it() {
    // the blank in the middle of a 5x5 goal, or on the edge of a 6x6 one: no family serves it,
    // and the answer is the optimal one, found with linear conflicts, nothing built
    let centre = "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15 16 17 18 19 20 21 22 23 24";
    let board = "1 2 3 4 5 6 7 8 9 10 11 0 12 13 14 15 16 17 18 19 20 21 22 23 24";
    let mut edge: Vec<String> = (1..36).map(|t| t.to_string()).collect();
    edge.insert(2, "0".into());
    let mut near = edge.clone();
    near.swap(2, 8);
    for (size, pdb, goal, board, path) in [
        ("5x5", "6-6-6-6", centre.to_string(), board.to_string(), "r"),
        (
            "5x5",
            "6-6-6-6x7z",
            centre.to_string(),
            board.to_string(),
            "r",
        ),
        ("6x6", "35-5", edge.join(" "), near.join(" "), "u"),
    ] {
        let cache = tempfile::tempdir().expect("a folder");
        let output = common::eight()
            .env("EIGHT_CACHE_DIR", cache.path())
            .args([
                "path", "--size", size, "--pdb", pdb, "--stats", "--goal", &goal, &board,
            ])
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{size} {pdb}: {stderr}");
        assert_eq!(
            output.stdout,
            format!("{path}\n").as_bytes(),
            "{size} {pdb}: {stderr}"
        );
        assert!(stderr.contains(" conflicts "), "{stderr}");
        let files = std::fs::read_dir(cache.path()).expect("a folder").count();
        assert_eq!(files, 0, "{size} {pdb}: nothing built");
    }
}
