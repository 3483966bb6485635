//! Issue 59: a judge that prints a count needs no canonical path. Its searches stop at the first
//! shortest path any thread finds; its answers are those of the canonical search, and its JSON
//! records give the distance with no path where a search found it (eight prints no other path).

mod common;
use common::run;
use eight::puzzle::{Board, Move, Shape};
use rand::{Rng, SeedableRng};

/// Boards of `shape` some dozens of moves from the ordered goal (random walks, seeded), which
/// linear conflicts answer in a moment.
fn boards(shape: Shape, seed: u64) -> Vec<String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let goal = Board::ordered(shape);
    (0..6)
        .map(|_| {
            let mut board = goal;
            for _ in 0..rng.random_range(40..90) {
                board.slide(Move::ALL[rng.random_range(0..4)]);
            }
            board
                .cells()
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn counts_are_the_canonical_paths_lengths_on_any_threads() {
    for (size, seed) in [("4x4", 59), ("5x3", 60), ("6x3", 62)] {
        let shape: Shape = size.parse().expect("a size");
        let input = boards(shape, seed).join("\n") + "\n";
        let search = ["--size", size, "--algo", "conflicts"];
        let (paths, err, code) = run(&[&["path"], &search[..]].concat(), &input);
        assert_eq!(code, Some(0), "{err}");
        let lengths: Vec<String> = paths.lines().map(|path| path.len().to_string()).collect();
        for jobs in ["1", "2"] {
            let args = [&["steps"], &search[..], &["--jobs", jobs]].concat();
            let (counts, err, code) = run(&args, &input);
            assert_eq!(code, Some(0), "{err}");
            assert_eq!(
                counts.lines().collect::<Vec<_>>(),
                lengths,
                "{size}, {jobs} jobs"
            );
        }
    }
}

#[test]
fn a_count_s_json_gives_the_distance_and_no_path_it_did_not_prove_canonical() {
    let board = &boards(Shape::SQUARE4, 61)[0];
    let search = ["--size", "4x4", "--algo", "conflicts", "--json"];
    let record = |command: &str| -> serde_json::Value {
        let (out, err, code) = run(&[&[command], &search[..], &[board.as_str()]].concat(), "");
        assert_eq!(code, Some(0), "{err}");
        serde_json::from_str(out.trim()).expect("a record")
    };
    let (count, path) = (record("steps"), record("path"));
    let canonical = path["path"].as_str().expect("the canonical path");
    assert_eq!(count["distance"].as_u64(), Some(canonical.len() as u64));
    assert_eq!(count["solvable"], true);
    assert!(count["path"].is_null(), "{count}");
    // a 3x3 board's count comes from the tables, whose path is the canonical one
    let (out, _, _) = run(&["steps", "--json", "283104765"], "");
    let small: serde_json::Value = serde_json::from_str(out.trim()).expect("a record");
    assert_eq!(small["path"], "uldr");
}

#[test]
fn gen_s_records_of_a_count_judge_give_no_path_they_did_not_prove_canonical() {
    let gen = |judge: &str| -> Vec<serde_json::Value> {
        let args = [
            "gen", judge, "--size", "4x4", "--walk", "40", "--count", "4", "--json",
        ];
        let (out, err, code) = run(&[&args[..], &["--seed", "59"]].concat(), "");
        assert_eq!(code, Some(0), "{err}");
        out.lines()
            .map(|line| serde_json::from_str(line).expect("a record"))
            .collect()
    };
    // the same seed draws the same boards for a count's judge and a path's
    let (counts, paths) = (gen("p1379"), gen("hdu1043"));
    assert_eq!(counts.len(), 4);
    for (count, path) in counts.iter().zip(&paths) {
        assert_eq!(count["start"], path["start"]);
        let canonical = path["path"].as_str().expect("the canonical path");
        assert_eq!(count["distance"].as_u64(), Some(canonical.len() as u64));
        assert!(
            count["path"].is_null() || count["path"] == path["path"],
            "{count}"
        );
    }
}
