//! Issue 58, "nothing lies": each surface an attacker found lying or losing cases, held here
//! by a test that failed before its fix (sized framings, blank rows, merge, `--bound`, letter
//! boards' errors).

mod common;
use common::run;

/// Runs `eight ARGS` on `input`: its standard output's lines, its standard error, its status.
fn lines(args: &[&str], input: &str) -> (Vec<String>, String, Option<i32>) {
    let (out, err, code) = run(args, input);
    (out.lines().map(str::to_string).collect(), err, code)
}

#[test]
fn letter_boards_name_their_letters_in_errors() {
    let (_, err, code) = run(&["kattis-npuzzle"], "ABCD\nEFGB\nIJKL\nMNO.\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("line 2:4: found a second `B` (the first is at 1:2), expected each of A-O and the blank . exactly once"),
        "{err}"
    );
    let (_, err, _) = run(&["kattis-npuzzle"], "ABCD\nEFGH\nIJKL\nMNOM\n");
    assert!(err.contains("found a second `M`"), "{err}");
    // a letter past the board's last is shown as written, not as a number
    let (_, err, _) = run(&["kattis-npuzzle"], "ABCD\nEFGH\nIJKP\nMNO.\n");
    assert!(err.contains("line 3:4: found `P`"), "{err}");
    assert!(!err.contains("16"), "{err}");
    // BOJ 11112's digits with `#` the blank
    let (_, err, _) = run(&["boj11112"], "1\n12#\n415\n786\n");
    assert!(err.contains("found a second `1`"), "{err}");
    assert!(
        err.contains("each of 1-8 and the blank # exactly once"),
        "{err}"
    );
}

#[test]
fn poj2893_a_size_with_a_number_more_takes_its_own_rows() {
    let input = "2 2\n1 2\n3 0\n2 2 2\n1 2\n1 0\n2 2\n2 1\n3 0\n0 0\n";
    let (answers, err, code) = lines(&["poj2893"], input);
    assert_eq!(answers, ["YES", "NO"], "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("eight: line 4:1: "), "{err}");
    assert_eq!(code, Some(2));
}

#[test]
fn a_size_that_lies_swallows_no_case_after_it() {
    // HDU 3600: `99` before a 4x4 board
    let input = "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n99\n1 2 3 4\n5 6 7 8\n9 10 11 12\n\
                 13 14 15 0\n2\n1 2\n3 0\n2\n2 1\n3 0\n0\n";
    let (answers, err, _) = lines(&["hdu3600", "--json"], input);
    let cases: Vec<(u64, bool)> = answers
        .iter()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            (
                record["case"].as_u64().expect("a number"),
                record.get("error").is_some(),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [(1, false), (2, true), (3, false), (4, false)],
        "{err}"
    );
    // POJ 2893: `1000 1000` before a 2x2 board
    let input = "2 2\n1 2\n3 0\n1000 1000\n1 2\n3 0\n2 2\n2 1\n3 0\n0 0\n";
    let (answers, err, _) = lines(&["poj2893"], input);
    assert_eq!(answers, ["YES", "NO"], "{err}");
    assert!(err.starts_with("eight: line 5:4: "), "{err}");
}

#[test]
fn algs4_a_side_line_of_two_numbers_is_one_malformed_case() {
    let input = "3\n1 2 3\n4 5 6\n7 0 8\n3 3\n1 2 3\n4 5 6\n7 8 0\n3\n0 1 3\n4 2 5\n7 8 6\n\
                 3\n1 2 3\n4 0 5\n7 8 6\n";
    let (answers, err, code) = lines(&["algs4", "--json"], input);
    let cases: Vec<(u64, Option<u64>)> = answers
        .iter()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            (
                record["case"].as_u64().expect("a number"),
                record["distance"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [(1, Some(1)), (2, None), (3, Some(4)), (4, Some(2))],
        "{err}"
    );
    assert_eq!(code, Some(2));
    // a side that lies (4 before a 3x3 board): the rows say the board
    let input = "3\n1 2 3\n4 5 6\n7 0 8\n4\n1 2 3\n4 5 6\n7 8 0\n3\n0 1 3\n4 2 5\n7 8 6\n";
    let (answers, err, _) = lines(&["algs4"], input);
    assert_eq!(answers, ["1", "4"], "{err}");
    assert!(
        err.starts_with("eight: line 6:6: found a row of 3 cells"),
        "{err}"
    );
}

#[test]
fn a_blank_line_where_a_row_belongs_is_a_malformed_case_of_its_own_lines() {
    // Kattis's letters, a row a line: the blank takes the second row's place
    let input = "ABCD\nEFGH\nIJKL\nMNO.\nABCD\n\nIJKL\nMNO.\nABCD\nEFGH\nIJKL\nMN.O\n";
    let (answers, err, code) = lines(&["kattis-npuzzle"], input);
    assert_eq!(answers, ["0", "1"], "{err}");
    assert!(
        err.starts_with("eight: line 6:1: found a blank line"),
        "{err}"
    );
    assert_eq!(code, Some(2));
    // the 3x3 row judges: every case after it answered, the error at the blank line
    let input = "1 2 3\n4 5 6\n7 8 0\n1 2 3\n\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n";
    let (answers, err, _) = lines(&["boj1525"], input);
    assert_eq!(answers, ["0", "1"], "{err}");
    assert!(
        err.starts_with("eight: line 5:1: found a blank line"),
        "{err}"
    );
}

/// The record of one unit, `--part 1/1` at `bound`, of a 4x4 board one move from its goal.
fn one_move_unit(bound: u32) -> serde_json::Value {
    let (out, err, code) = run(
        &[
            "path",
            "--size",
            "4x4",
            "--algo",
            "conflicts",
            "--part",
            "1/1",
            "--bound",
            &bound.to_string(),
            "--json",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(out.trim()).expect("a record")
}

/// `eight merge` of `records`: its output, standard error and status.
fn merge(records: &[serde_json::Value]) -> (String, String, Option<i32>) {
    let lines: String = records.iter().map(|record| format!("{record}\n")).collect();
    run(&["merge"], &lines)
}

#[test]
fn merge_verifies_what_it_prints_rather_than_believing_it() {
    let record = one_move_unit(1);
    assert_eq!(record["size"], "4x4");
    let (out, err, code) = merge(std::slice::from_ref(&record));
    assert_eq!((out.as_str(), code), ("r\n", Some(0)), "{err}");
    // a forged path, not even legal
    let mut forged = record.clone();
    forged["path"] = "u".into();
    let (out, err, code) = merge(&[forged]);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(err.contains("`u` does not lead from"), "{err}");
    // a record that says the start does not reach its goal, which it does
    let mut forged = record.clone();
    forged["solvable"] = false.into();
    forged["path"] = serde_json::Value::Null;
    let (out, err, code) = merge(&[forged]);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(err.contains("\"solvable\": false"), "{err}");
    // a start that is no board
    let mut forged = record.clone();
    forged["start"] = "1 1 3 4 5 6 7 8 9 10 11 12 13 14 0 15".into();
    let (_, err, code) = merge(&[forged]);
    assert_eq!(code, Some(2));
    assert!(err.contains("the start `1 1 3"), "{err}");
    // two records of one share that differ in what they cost are not one unit's
    let mut other = record.clone();
    other["expanded"] = (record["expanded"].as_u64().expect("a count") + 1).into();
    let (_, err, code) = merge(&[record.clone(), other]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("two different records of share 1 of 1"),
        "{err}"
    );
}

#[test]
fn max_nodes_says_its_range_as_a_user_reads_it() {
    for value in ["0", "lots", "1.5"] {
        let (_, err, code) = run(&["steps", "--max-nodes", value, "283104765"], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(!err.contains("18446744073709551615"), "{err}");
        assert!(
            err.contains("from 1 up") || err.contains("at least 1 node"),
            "{err}"
        );
    }
}

#[test]
fn hdu1043_s_fixtures_hold_only_what_its_statement_sends() {
    // a correct solution that reads the statement's x notation must be accepted on every file
    // users judge their programs on: no `X`, no `0`, no CR, no glued rows
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/hdu1043");
    for entry in std::fs::read_dir(&folder).expect("the fixtures") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|extension| extension != "in") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("text");
        assert!(!text.contains('\r'), "{}", path.display());
        for (number, line) in text.lines().enumerate() {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let legal = cells.len() == 9
                && cells.iter().all(|cell| {
                    matches!(*cell, "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "x")
                });
            assert!(legal, "{}:{}: {line:?}", path.display(), number + 1);
        }
    }
}

#[test]
fn eight_s_own_leniency_is_kept_in_the_tests_folder() {
    // the layouts the statements never send (glued, `X`, `0`, CRLF, rows on lines) are still
    // read, and checked here rather than in the folders users judge their programs on
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/leniency");
    let (out, err, code) = run(&["batch", folder.to_str().expect("UTF-8")], "");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("3 passed, 0 failed"), "{out}");
}
