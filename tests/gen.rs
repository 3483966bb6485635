//! `eight gen`: reproducible bytes, cases at the requested distances (checked by the plain BFS
//! oracle), the exact share of unreachable cases, and clear refusals.

mod common;
use common::eight;

use std::collections::HashMap;
use std::fs;

use eight::format::{Cases, Item, Origin};
use eight::solve::Oracle;
use eight::Board;

fn generated(args: &[&str]) -> Vec<u8> {
    let output = eight().arg("gen").args(args).output().expect("runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Runs `eight gen` with `--out` and returns every case (start, goal) with its answer line.
fn cases(args: &[&str], boards: usize, goal: Option<&str>) -> Vec<(Board, Board, String)> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let prefix = dir.path().join("set");
    let prefix = prefix.to_str().expect("a UTF-8 path");
    eight()
        .arg("gen")
        .args(args)
        .args(["--out", prefix])
        .assert()
        .success()
        .stdout("");
    let input = fs::read(format!("{prefix}.in")).expect("the .in");
    let answers = fs::read_to_string(format!("{prefix}.out")).expect("the .out");
    let mut answers = answers.lines();
    let mut reader = Cases::new(&input[..], Origin::Line, boards);
    let mut cases = Vec::new();
    loop {
        match reader.next(&mut || Ok(())).expect("reads") {
            Item::Case(case) => {
                let goal = goal.map_or(case.boards[boards - 1], |goal| {
                    goal.parse::<Board>().expect("goal")
                });
                let answer = answers.next().expect("an answer per case").to_string();
                cases.push((case.boards[0], goal, answer));
            }
            Item::Malformed(error) | Item::Header(error) => {
                panic!("generated input is malformed: {error}")
            }
            Item::Grid(_) => unreachable!("3x3 boards are read by lines"),
            Item::End => break,
        }
    }
    assert_eq!(answers.next(), None, "no answer without a case");
    cases
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_others() {
    let first = generated(&["hdu1043", "-n", "50", "--seed", "42", "--unsolvable", "0.5"]);
    let again = generated(&["hdu1043", "-n", "50", "--seed", "42", "--unsolvable", "0.5"]);
    let other = generated(&["hdu1043", "-n", "50", "--seed", "43", "--unsolvable", "0.5"]);
    assert_eq!(first, again);
    assert_ne!(first, other);
    assert_eq!(first.iter().filter(|&&b| b == b'\n').count(), 50);
}

#[test]
fn p1379_cases_lie_at_the_requested_distances() {
    let oracle = Oracle::new(&"123804765".parse::<Board>().expect("goal"));
    let cases = cases(
        &[
            "p1379",
            "-n",
            "300",
            "--min-depth",
            "27",
            "--max-depth",
            "30",
        ],
        1,
        Some("123804765"),
    );
    assert_eq!(cases.len(), 300);
    let mut depths = Vec::new();
    for (start, _, answer) in cases {
        let distance = oracle.distance(&start).expect("reachable");
        assert!((27..=30).contains(&distance), "{start}: {distance}");
        assert_eq!(answer, distance.to_string());
        depths.push(distance);
    }
    assert!(depths.contains(&30), "the deepest layer is drawn too");
}

#[test]
fn hdu1043_cases_get_canonical_paths_and_the_exact_unsolvable_share() {
    let oracle = Oracle::new(&"12345678x".parse::<Board>().expect("goal"));
    // 7 × 0.5 = 3.5 rounds to 4 unreachable cases
    for (count, fraction, unreachable) in [("7", "0.5", 4), ("200", "0.3", 60), ("20", "1", 20)] {
        let cases = cases(
            &[
                "hdu1043",
                "-n",
                count,
                "--unsolvable",
                fraction,
                "--seed",
                count,
            ],
            1,
            Some("12345678x"),
        );
        let mut unsolvable = 0;
        for (start, _, answer) in cases {
            match oracle.path(&start) {
                Some(path) => assert_eq!(answer, path.to_string(), "{start}"),
                None => {
                    assert_eq!(answer, "unsolvable");
                    unsolvable += 1;
                }
            }
        }
        assert_eq!(
            unsolvable, unreachable,
            "-n {count} --unsolvable {fraction}"
        );
    }
}

#[test]
fn hoj10466_pairs_have_random_goals_at_the_requested_distance() {
    let pairs = cases(
        &["hoj10466", "-n", "40", "--depth", "25", "--seed", "5"],
        2,
        None,
    );
    let mut oracles = HashMap::new();
    let mut goals = Vec::new();
    for (start, goal, answer) in pairs {
        let oracle = oracles.entry(goal).or_insert_with(|| Oracle::new(&goal));
        assert_eq!(oracle.distance(&start), Some(25), "{start} to {goal}");
        assert_eq!(answer, "25");
        goals.push(goal);
    }
    goals.sort_by_key(Board::to_string);
    goals.dedup();
    assert!(goals.len() > 30, "goals are drawn at random");
    let fixed = cases(&["hoj10466", "-n", "5", "--goal", "1234x5678"], 2, None);
    assert!(fixed
        .iter()
        .all(|(_, goal, _)| goal.to_string() == "123405678"));
}

#[test]
fn all_writes_every_board_at_the_distances_once() {
    let goal = "12345678x".parse::<Board>().expect("goal");
    let oracle = Oracle::new(&goal);
    let every = cases(&["hdu1043", "--all"], 1, Some("12345678x"));
    assert_eq!(every.len(), 181_440);
    let mut seen = std::collections::HashSet::new();
    for (start, _, answer) in &every {
        assert!(seen.insert(*start), "{start} twice");
        let path = oracle.path(start).expect("every board reaches the goal");
        assert_eq!(*answer, path.to_string());
    }
    let deepest = cases(&["p1379", "--all", "--depth", "30"], 1, Some("123804765"));
    let p1379 = Oracle::new(&"123804765".parse::<Board>().expect("goal"));
    assert_eq!(deepest.len(), 148);
    assert!(deepest
        .iter()
        .all(|(start, _, answer)| { p1379.distance(start) == Some(30) && answer == "30" }));
}

#[test]
fn refuses_impossible_requests() {
    for (args, message) in [
        (
            &["p1379", "--depth", "31"][..],
            "no board lies 31 or more moves from 123804765: the farthest lie 30 away",
        ),
        (
            &["hdu1043", "--min-depth", "32"][..],
            "no board lies 32 or more moves from 123456780: the farthest lie 31 away",
        ),
        (
            &["hdu1043", "--unsolvable", "1.5"][..],
            "--unsolvable 1.5 is not a fraction from 0 to 1",
        ),
        (
            &["p1379", "--unsolvable", "0.1"][..],
            "P1379's statement promises a reachable goal: --unsolvable must be 0",
        ),
        (
            &["p1379", "--min-depth", "9", "--max-depth", "3"][..],
            "--min-depth 9 is above --max-depth 3",
        ),
        (
            &["hoj10466", "--all"][..],
            "--all needs one goal: give hoj10466 a --goal",
        ),
        (
            &["hdu1043", "--all", "--unsolvable", "0.5"][..],
            "--all writes the reachable boards: leave out --unsolvable",
        ),
    ] {
        eight()
            .arg("gen")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("eight: {message}\n"));
    }
}

#[test]
fn json_gives_each_case_with_its_answer() {
    let output = generated(&[
        "hoj10466",
        "-n",
        "20",
        "--seed",
        "9",
        "--unsolvable",
        "0.5",
        "--json",
    ]);
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 20);
    let mut oracles = HashMap::new();
    for record in &records {
        let start = record["start"]
            .as_str()
            .expect("start")
            .parse::<Board>()
            .expect("board");
        let goal = record["goal"]
            .as_str()
            .expect("goal")
            .parse::<Board>()
            .expect("board");
        let oracle = oracles.entry(goal).or_insert_with(|| Oracle::new(&goal));
        let path = oracle.path(&start);
        assert_eq!(record["solvable"], path.is_some());
        assert_eq!(
            record["path"].as_str(),
            path.map(|p| p.to_string()).as_deref()
        );
    }
    assert_eq!(
        records.iter().filter(|r| r["solvable"] == false).count(),
        10
    );
}
