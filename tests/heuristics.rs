//! The 4×4 lesson: `--algo manhattan|conflicts|pdb` on boards of more than 9 cells give the same
//! canonical path, with node counts in the order of the heuristics' strength, and `--stats`
//! shows each IDA* bound with its nodes; the heuristics do not apply to smaller boards.

mod common;
use common::eight;

use predicates::prelude::*;

/// The path and the `--stats` line of `eight path --size SIZE --algo ALGO BOARD`.
fn solved(size: &str, algo: &str, board: &str) -> (String, String) {
    let output = eight()
        .args(["path", "--size", size, "--algo", algo, "--stats", board])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    // the case's line; a first run also says that it builds the databases
    let stats = String::from_utf8_lossy(&output.stderr)
        .lines()
        .find(|line| line.starts_with("eight: case"))
        .unwrap_or_default()
        .to_string();
    (String::from_utf8_lossy(&output.stdout).into_owned(), stats)
}

/// The nodes a `--stats` line says were expanded.
fn expanded(stats: &str) -> u64 {
    let words: Vec<&str> = stats.split_whitespace().collect();
    let at = words
        .iter()
        .position(|&w| w == "expanded")
        .expect("a count");
    words[at + 1].parse().expect("a number")
}

#[test]
fn every_heuristic_finds_the_same_path_the_stronger_with_fewer_nodes() {
    // boards 31 and 33 moves from the goal (`gen p1379 --size 4x4 --walk 45 --seed 11`)
    for board in [
        "6 5 4 0 11 1 2 3 13 10 15 7 14 9 12 8",
        "2 1 3 4 5 12 6 7 14 11 13 15 9 8 0 10",
    ] {
        let (path, manhattan) = solved("4x4", "manhattan", board);
        let (same, conflicts) = solved("4x4", "conflicts", board);
        let (also, pdb) = solved("4x4", "pdb", board);
        assert_eq!((&path, &path), (&same, &also), "{board}");
        assert!(manhattan.contains(" manhattan "), "{manhattan}");
        assert!(conflicts.contains(" conflicts "), "{conflicts}");
        assert!(pdb.contains(" pdb:"), "{pdb}");
        let counts = [expanded(&manhattan), expanded(&conflicts), expanded(&pdb)];
        assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
        // each bound with its nodes, adding up to the count
        for stats in [&manhattan, &conflicts, &pdb] {
            let bounds: u64 = stats
                .split_whitespace()
                .skip_while(|&w| w != "bounds")
                .skip(1)
                .map_while(|w| w.split_once(':'))
                .map(|(_, nodes)| nodes.parse::<u64>().expect("nodes"))
                .sum();
            assert_eq!(bounds, expanded(stats), "{stats}");
        }
    }
    // 5x5: no databases cached in the tests, so manhattan and conflicts only
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 0 23 24";
    let (path, _) = solved("5x5", "manhattan", board);
    assert_eq!(path, "rr\n");
    assert_eq!(solved("5x5", "conflicts", board).0, path);
}

#[test]
fn the_heuristics_of_larger_boards_do_not_apply_to_small_ones() {
    for algo in ["manhattan", "conflicts", "pdb"] {
        eight()
            .args(["steps", "--algo", algo, "283104765"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "--algo {algo} chooses the heuristic of boards of more than 9 cells"
            )));
    }
    eight()
        .args(["steps", "--size", "4x3", "--algo", "pdb"])
        .arg("1 2 3 4 5 6 7 8 9 10 0 11")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--algo pdb: pattern databases serve 4x4 to 7x7 boards, not 4x3",
        ));
    eight()
        .args(["steps", "--size", "4x3", "--algo", "conflicts"])
        .arg("1 2 3 4 5 6 7 8 9 10 0 11")
        .assert()
        .success()
        .stdout("1\n");
}
