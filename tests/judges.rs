//! The judges of issue 38 that read by the framings already there: each answers its statement's
//! sample, `gen` makes input that it answers and `eight check` accepts, and the path judges'
//! special judges take what their statements say (AcWing 179 any shortest path, ZOJ 1217 any
//! path that reaches the goal).

mod common;
use common::{eight, run};

use std::fs;

use eight::format::judge::Goal;
use eight::format::{Cases, Item, Judge, Origin};
use eight::solve::oracle::Oracle;

/// Each new judge, its statement's sample input and output.
const SAMPLES: [(&str, &str, &str); 7] = [
    ("acwing845", "2 3 4 1 5 x 7 6 8\n", "19\n"),
    ("acwing179", "2 3 4 1 5 x 7 6 8\n", "dlurullddrurdllurdr\n"),
    ("zoj1217", "2 3 4 1 5 x 7 6 8\n", "dlurullddrurdllurdr\n"),
    ("boj1525", "1 0 3\n4 2 5\n7 8 6\n", "3\n"),
    ("boj1525", "3 6 0\n8 1 2\n7 4 5\n", "-1\n"),
    ("aoj-8puzzle", "1 3 0\n4 2 5\n7 8 6\n", "4\n"),
    (
        "lightoj1139",
        "2\n\n1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n4 5 6\n0 7 8\n",
        "Case 1: 0\nCase 2: 2\n",
    ),
];

#[test]
fn each_answers_its_statement_s_sample() {
    for (id, input, output) in SAMPLES {
        assert_eq!(
            run(&[id], input),
            (output.into(), String::new(), Some(0)),
            "{id}"
        );
    }
}

/// `eight check ID` of `output` for `input`: its exit code.
fn checked(id: &str, input: &str, output: &str) -> Option<i32> {
    let dir = tempfile::tempdir().expect("a folder");
    fs::write(dir.path().join("case.in"), input).expect("write");
    fs::write(dir.path().join("case.out"), output).expect("write");
    eight()
        .current_dir(dir.path())
        .args(["check", id, "case.in", "case.out"])
        .output()
        .expect("runs")
        .status
        .code()
}

#[test]
fn the_path_judges_take_what_their_special_judges_take() {
    let input = "2 3 4 1 5 x 7 6 8\n";
    // the statements' own output, another of the shortest paths
    let statement = "ullddrurdllurdruldr\n";
    // a legal path two moves longer (up and back down first), that ends on the goal
    let longer = "udullddrurdllurdruldr\n";
    for (id, longer_taken) in [("acwing179", false), ("zoj1217", true)] {
        assert_eq!(checked(id, input, statement), Some(0), "{id}");
        let expected = if longer_taken { 0 } else { 1 };
        assert_eq!(checked(id, input, longer), Some(expected), "{id}");
    }
    // a path that does not reach the goal is wrong for both
    assert_eq!(checked("zoj1217", input, "ud\n"), Some(1));
}

#[test]
fn gen_makes_input_each_answers_and_check_accepts() {
    for id in [
        "acwing845",
        "acwing179",
        "zoj1217",
        "boj1525",
        "aoj-8puzzle",
    ] {
        let dir = tempfile::tempdir().expect("a folder");
        let prefix = dir.path().join(id);
        eight()
            .args(["gen", id, "-n", "50", "--seed", "38", "--out"])
            .arg(&prefix)
            .assert()
            .success();
        let input = prefix.with_extension("in");
        let output = eight()
            .arg(id)
            .pipe_stdin(&input)
            .expect("stdin")
            .output()
            .expect("runs");
        assert!(output.status.success(), "{id}");
        let answers = dir.path().join("answers.out");
        fs::write(&answers, &output.stdout).expect("write");
        eight()
            .args(["check", id])
            .arg(&input)
            .arg(&answers)
            .assert()
            .code(0);
        assert_eq!(
            fs::read(prefix.with_extension("out")).expect("gen's answers"),
            output.stdout,
            "{id}"
        );
    }
}

#[test]
fn counts_match_the_plain_bfs_on_seeded_boards() {
    // an independent check: every board's distance from the plain BFS of its goal, spelled as
    // the judge spells it
    for id in ["acwing845", "boj1525", "aoj-8puzzle", "lightoj1139"] {
        let judge = Judge::from_id(id).expect("a judge");
        let dir = tempfile::tempdir().expect("a folder");
        let prefix = dir.path().join(id);
        let unsolvable = if judge.reachable_only { "0" } else { "0.3" };
        eight()
            .args(["gen", id, "-n", "300", "--unsolvable", unsolvable])
            .args(["--seed", "7", "--out"])
            .arg(&prefix)
            .assert()
            .success();
        let text = fs::read_to_string(prefix.with_extension("in")).expect("read");
        let (answers, _, code) = run(&[id], &text);
        assert_eq!(code, Some(0));
        let Goal::Fixed(goal) = judge.goal else {
            unreachable!("these judges have one goal")
        };
        let oracle = Oracle::new(&goal);
        let mut boards = Cases::with(text.as_bytes(), Origin::Line, judge.reading());
        let mut expected = Vec::new();
        while let Item::Case(case) = boards.next(&mut || Ok(())).expect("memory reads") {
            let count = oracle
                .distance(&case.boards[0])
                .map_or(judge.spelling.no_count.to_string(), |d| d.to_string());
            expected.push(match judge.spelling.numbered {
                true => format!("Case {}: {count}", case.number),
                false => count,
            });
        }
        assert_eq!(expected.len(), 300, "{id}");
        assert_eq!(answers.lines().collect::<Vec<_>>(), expected, "{id}");
        let none = judge.spelling.no_count.to_string();
        let unreachable = expected.iter().any(|line| line.ends_with(&none));
        assert_eq!(
            unreachable, !judge.reachable_only,
            "{id}: gen keeps the judge's promise"
        );
    }
}
