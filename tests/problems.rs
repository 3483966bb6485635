//! The rest of the judge family and boards of every size, as a user runs them: each
//! statement's sample byte for byte, the count of cases checked, located errors that keep the
//! other cases, sizes refused with exit 2, and gen → batch → judge round trips for every id.

mod common;
use common::{eight, run};

use std::fs;

use predicates::prelude::*;

const HDU3567: &str = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
const BOARDS_4X4: &str = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\
                          13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n";

#[test]
fn each_statement_sample_gives_its_output_byte_for_byte() {
    let samples = [
        (
            "hdu3567",
            HDU3567.to_string(),
            "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n",
        ),
        (
            "uva10181",
            format!("2\n{BOARDS_4X4}"),
            "LLLDRDRDR\nThis puzzle is not solvable.\n",
        ),
        (
            "lightoj1121",
            format!("2\n\n{}", BOARDS_4X4.replacen("\n13 1 ", "\n\n13 1 ", 1)),
            "Case 1: LLLDRDRDR\nCase 2: This puzzle is not solvable.\n",
        ),
        (
            "leetcode773",
            "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4, 1, 2], [5, 0, 3]]\n".to_string(),
            "1\n-1\n5\n",
        ),
    ];
    for (id, input, output) in samples {
        assert_eq!(
            run(&[id], &input),
            (output.to_string(), String::new(), Some(0)),
            "{id}"
        );
    }
}

#[test]
fn the_count_of_cases_is_checked_and_every_case_read_is_answered() {
    // one case fewer than announced: an error at the end of the input
    let (out, err, code) = run(&["hdu3567"], "3\n12X453786\n12345678X\n");
    assert_eq!(out, "Case 1: 2\ndd\n");
    assert!(
        err.contains("the end of the input after 1 case, expected the 3 cases announced at 1:1"),
        "{err}"
    );
    assert_eq!(code, Some(2));
    // one case more: an error at that case, which is answered all the same
    let (out, err, code) = run(&["hdu3567"], &HDU3567.replacen('2', "1", 1));
    assert_eq!(out, "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
    assert!(
        err.contains("line 4:1: found case 2, expected at most the 1 case announced at 1:1"),
        "{err}"
    );
    assert_eq!(code, Some(2));
    // no count at all: said, and the cases still read
    let (out, err, code) = run(&["hdu3567"], &HDU3567[2..]);
    assert_eq!(out, "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
    assert_eq!(
        err,
        "eight: line 1:1: found `12X453786`, expected the number of cases first\n"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_bad_tile_is_located_and_the_cases_around_it_are_kept() {
    let input = "3\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n\
                 1 2 3 4\n5 6 7 8\n9 10 16 12\n13 14 0 15\n\
                 1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n";
    let (out, err, code) = run(&["uva10181"], input);
    assert_eq!(out, "R\n\n");
    assert_eq!(
        err,
        "eight: line 8:6: found `16`, expected a tile 1-15 or a blank (0, x or X)\n"
    );
    assert_eq!(code, Some(2));
    let (out, err, _) = run(
        &["steps", "--size", "4x4"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n",
    );
    assert_eq!(out, "");
    assert!(err.contains("line 1:37: found a second `15` (the first is at 1:34), expected each of 1-15 and the blank exactly once"), "{err}");
    let (_, err, _) = run(&["path", "--size", "3x2"], "1 2 3\n4 5\n0\n");
    assert!(
        err.contains(
            "line 2:4: found the end of the line after 5 cells, expected whole rows of 3 cells"
        ),
        "{err}"
    );
}

#[test]
fn every_size_answers_and_glued_forms_stay_up_to_nine_cells() {
    // W columns by H rows: a row of a 2x3 board has 2 cells, of a 3x2 board 3
    assert_eq!(
        run(&["path", "--size", "2x3", "12 34 05"], ""),
        ("r\n".into(), String::new(), Some(0))
    );
    assert_eq!(
        run(&["path", "--size", "3x2", "123 405"], ""),
        ("r\n".into(), String::new(), Some(0))
    );
    assert_eq!(
        run(&["steps", "--size", "2x2", "1203"], ""),
        ("1\n".into(), String::new(), Some(0))
    );
    assert_eq!(
        run(&["pair", "--size", "2x4", "12345670", "12345607"], ""),
        ("1\n".into(), String::new(), Some(0))
    );
    let (out, _, code) = run(
        &["path", "--size", "4x4"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12\n",
    );
    assert_eq!((out.as_str(), code), ("\nd\n", Some(0)));
    let (out, _, _) = run(
        &[
            "path",
            "--size",
            "4x4",
            "--goal",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n",
    );
    assert_eq!(out, "l\n");
    // a count's search stops at the first shortest path, which is not proved canonical: the
    // record gives the distance alone (`path` gives the path)
    let (out, _, _) = run(
        &["steps", "--size", "3x4", "--json"],
        "1 2 3\n4 5 6\n7 8 9\n10 0 11\n",
    );
    assert_eq!(
        out,
        "{\"case\":1,\"line\":1,\"start\":\"1 2 3 4 5 6 7 8 9 10 0 11\",\
         \"goal\":\"1 2 3 4 5 6 7 8 9 10 11 0\",\"solvable\":true,\"distance\":1,\"path\":null}\n"
    );
    let (out, _, _) = run(
        &["path", "--size", "3x4", "--json"],
        "1 2 3\n4 5 6\n7 8 9\n10 0 11\n",
    );
    assert!(out.contains("\"distance\":1,\"path\":\"r\""), "{out}");
}

#[test]
fn sizes_it_cannot_take_are_refused_with_exit_2() {
    for size in ["1x4", "17x2", "4by4", "0x0"] {
        eight()
            .args(["steps", "--size", size, "1234"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--size"));
    }
    eight()
        .args(["algs4", "--size", "4x4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give their own size"));
}

#[test]
fn a_search_past_its_node_budget_is_an_error_for_that_case_only() {
    let deep = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2";
    let (out, err, code) = run(
        &[
            "steps",
            "--size",
            "4x4",
            "--max-nodes",
            "1000",
            deep,
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        ],
        "",
    );
    assert_eq!(out, "1\n");
    assert!(
        err.contains("argument 1:1: found a board whose optimal search stopped after 1000 nodes"),
        "{err}"
    );
    assert_eq!(code, Some(2));
    // gen too: a uniform 4x4 board lies some 50 moves deep, and IDA* expands at least one
    // node a move
    // (with its answers: the input alone is drawn without a search)
    let (_, err, code) = run(
        &["gen", "uva10181", "-n", "3", "--max-nodes", "10", "--json"],
        "",
    );
    assert!(
        err.contains("case 1: the optimal search stopped after 10 nodes: ask for boards nearer the goal with --walk MOVES"),
        "{err}"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn algs4_files_are_answered_as_the_course_checker_prints_them() {
    let dir = tempfile::tempdir().expect("a folder");
    let (one, two) = (
        dir.path().join("puzzle01.txt"),
        dir.path().join("puzzle2x2-unsolvable.txt"),
    );
    fs::write(&one, "3\n 1 2 3\n 4 5 6\n 7 0 8\n").expect("write");
    fs::write(&two, "2\n 2 1\n 3 0\n").expect("write");
    let output = eight()
        .args(["algs4"])
        .arg(&one)
        .arg(&two)
        .output()
        .expect("run");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}: 1\n{}: -1\n", one.display(), two.display())
    );
    assert!(output.status.success());
    // a folder, a missing file and a bad board are said with their names; the rest answered
    let bad = dir.path().join("bad.txt");
    fs::write(&bad, "3\n 1 2 3\n 4 5 6\n 7 9 8\n").expect("write");
    let output = eight()
        .arg("algs4")
        .arg(dir.path())
        .arg(&bad)
        .arg(dir.path().join("missing.txt"))
        .arg(&one)
        .output()
        .expect("run");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}: 1\n", one.display())
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains(&format!("{}: Is a directory", dir.path().display())),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}: line 4:4: found `9`", bad.display())),
        "{err}"
    );
    assert!(err.contains("missing.txt: No such file"), "{err}");
    assert_eq!(output.status.code(), Some(2));
    // from standard input, a board after another, of any side
    let (out, _, code) = run(
        &["algs4"],
        "2\n1 2\n0 3\n4\n 1 2 3 4\n 5 6 7 8\n 9 10 11 12\n13 14 0 15\n",
    );
    assert_eq!((out.as_str(), code), ("1\n1\n", Some(0)));
}

#[test]
fn gen_batch_and_judge_round_trip_for_every_new_judge() {
    let eight_path = assert_cmd::cargo::cargo_bin("eight");
    for (id, extra) in [
        ("hdu3567", vec![]),
        ("lightoj1121", vec!["--walk", "30"]),
        ("uva10181", vec!["--walk", "24", "--unsolvable", "0.2"]),
        ("leetcode773", vec!["--unsolvable", "0.3"]),
        ("algs4", vec!["--size", "4x4", "--walk", "20"]),
    ] {
        let dir = tempfile::tempdir().expect("a folder");
        let folder = dir.path().join(id);
        fs::create_dir(&folder).expect("folder");
        eight()
            .args(["gen", id, "-n", "12", "--seed", "5", "--out"])
            .arg(folder.join("set"))
            .args(&extra)
            .assert()
            .success();
        eight()
            .arg("batch")
            .arg(dir.path())
            .assert()
            .success()
            .stdout(predicate::str::contains("1 passed, 0 failed"));
        eight()
            .args(["judge", id])
            .arg(dir.path())
            .arg("--")
            .arg(&eight_path)
            .arg(id)
            .assert()
            .success()
            .stdout(predicate::str::contains("AC"));
        // a wrong answer is caught: the first answer line changed
        let out = folder.join("set.out");
        let recorded = fs::read_to_string(&out).expect("read");
        let mut lines: Vec<&str> = recorded.lines().collect();
        let changed = format!("{}9", lines[0]);
        lines[0] = &changed;
        fs::write(&out, lines.join("\n") + "\n").expect("write");
        eight().arg("batch").arg(dir.path()).assert().code(1);
    }
}

#[test]
fn uva_takes_any_legal_path_of_at_most_50_moves_and_hdu3567_only_the_canonical_one() {
    let dir = tempfile::tempdir().expect("a folder");
    for id in ["uva10181", "hdu3567"] {
        fs::create_dir(dir.path().join(id)).expect("folder");
    }
    fs::write(
        dir.path().join("uva10181/a.in"),
        "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n",
    )
    .expect("write");
    let judged = |id: &str, program: &str| {
        eight()
            .current_dir(dir.path())
            .args(["judge", id, id, "--", "sh", "-c", program])
            .output()
            .expect("run")
    };
    let long_way = format!("echo {}R", "LR".repeat(24));
    assert!(
        judged("uva10181", &long_way).status.success(),
        "49 moves pass"
    );
    let too_long = format!("echo {}R", "LR".repeat(25));
    let output = judged("uva10181", &too_long);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout)
        .contains("51 moves, but the judge takes at most 50"));
    assert_eq!(
        judged("uva10181", "echo r").status.code(),
        Some(1),
        "capitals only"
    );
    // `1234X8765` to `12345678X`: `druldr` and `rdlurd` are both shortest, and only the
    // first is canonical
    fs::write(dir.path().join("hdu3567/a.in"), "1\n1234X8765\n12345678X\n").expect("write");
    assert!(judged("hdu3567", "printf 'Case 1: 6\\ndruldr\\n'")
        .status
        .success());
    let output = judged("hdu3567", "printf 'Case 1: 6\\nrdlurd\\n'");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains("not the lexicographically smallest"));
}

#[test]
fn show_draws_and_explains_boards_of_every_size() {
    let (out, _, code) = run(
        &[
            "show",
            "--size",
            "4x4",
            "--color",
            "never",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("start         1 r\n 1  2  3  4    1  2  3  4\n"),
        "{out}"
    );
    assert!(out.ends_with("\n1 move: r\n"), "{out}");
    let (out, _, _) = run(&["show", "--size", "2x3", "--json", "12 34 05"], "");
    assert_eq!(
        out,
        "{\"start\":\"123405\",\"goal\":\"123450\",\"solvable\":true,\"distance\":1,\"path\":\"r\",\
         \"boards\":[\"123405\",\"123450\"]}\n"
    );
    let (out, _, _) = run(&["show", "--size", "2x2", "2 1 3 0"], "");
    assert!(
        out.contains("every move keeps the parity of inversions plus row"),
        "{out}"
    );
}

#[test]
fn batch_and_judge_read_goal_at_each_judge_s_size() {
    let dir = tempfile::tempdir().expect("a folder");
    fs::create_dir(dir.path().join("lightoj1121")).expect("folder");
    // Korf's goal, the blank first: the board is solved
    let korf = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    fs::write(
        dir.path().join("lightoj1121/a.in"),
        format!("1\n\n{korf}\n"),
    )
    .expect("write");
    fs::write(dir.path().join("lightoj1121/a.out"), "Case 1: \n").expect("write");
    eight()
        .arg("batch")
        .arg(dir.path())
        .args(["--goal", korf])
        .assert()
        .success();
    eight().arg("batch").arg(dir.path()).assert().code(1);
    eight()
        .arg("batch")
        .arg(dir.path())
        .args(["--goal", "123456780"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "--goal column 1: found `123456780`, expected a tile 1-15 or a blank (0, x or X), for \
             lightoj1121",
        ));
    eight()
        .args(["judge", "lightoj1121"])
        .arg(dir.path())
        .args(["--goal", korf, "--", "echo", "Case 1:"])
        .assert()
        .success();
}

#[test]
fn several_threads_answer_in_order_with_the_same_answers() {
    // 4x4 boards of every depth up to 40 moves, and unreachable and malformed cases among them
    let (boards, _, code) = run(
        &[
            "gen", "uva10181", "-n", "150", "--walk", "40", "--seed", "5",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let mut input = boards.replacen("150\n", "152\n", 1);
    input.push_str(
        "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99\n",
    );
    let one = run(&["uva10181", "--stats"], &input);
    assert_eq!(one.2, Some(2), "the malformed case: {}", one.1);
    for jobs in ["2", "3"] {
        let many = run(&["uva10181", "--stats", "--jobs", jobs], &input);
        assert_eq!(many.0, one.0, "--jobs {jobs}");
        assert_eq!(many.2, one.2);
        // a line a case on standard error, in the cases' order, and the error where it was
        let shape = |err: &str| -> Vec<String> {
            err.lines()
                .map(|line| {
                    line.split_whitespace()
                        .take(3)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        };
        assert_eq!(shape(&many.1), shape(&one.1), "--jobs {jobs}");
    }
    assert_eq!(one.0.lines().count(), 151);
    assert!(one.0.lines().nth(150) == Some("This puzzle is not solvable."));
}
