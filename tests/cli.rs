//! The commands as a user runs them: arguments and standard input, exact standard output,
//! located errors on standard error, exit statuses, and streams that end early.

mod common;
use common::eight;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};

use predicates::prelude::*;

#[test]
fn answers_boards_given_as_arguments() {
    eight()
        .args(["steps", "283104765"])
        .assert()
        .success()
        .stdout("4\n");
    eight()
        .args([
            "steps",
            "2",
            "8",
            "3",
            "1",
            "0",
            "4",
            "7",
            "6",
            "5",
            "123804765",
        ])
        .assert()
        .success()
        .stdout("4\n0\n");
    eight()
        .args(["pair", "283104765", "123804765", "12345678x", "21345678x"])
        .assert()
        .success()
        .stdout("4\n-1\n");
    eight()
        .args(["path", "2 3 4 1 5 x 7 6 8", "12345678x", "21345678x"])
        .assert()
        .success()
        .stdout("dlurullddrurdllurdr\n\nunsolvable\n");
}

#[test]
fn solves_towards_another_goal() {
    eight()
        .args(["steps", "--goal", "12345678x", "867254301", "647850321"])
        .assert()
        .success()
        .stdout("31\n31\n");
    eight()
        .args(["path", "--goal", "123x46758", "12345678x"])
        .assert()
        .success()
        .stdout("lul\n");
    eight()
        .args(["hdu1043", "--goal", "1 2 3 4 x 5 6 7 8"])
        .write_stdin("1x3425678\n12345x678\n123x45678\n1234756x8\n")
        .assert()
        .success()
        .stdout("d\nl\nr\nu\n");
}

#[test]
fn reports_a_malformed_case_and_answers_the_others() {
    eight()
        .arg("steps")
        .write_stdin("283104765\n2 8 3 1 9 4 7 6 5 123804765\n123804765\n")
        .assert()
        .code(2)
        .stdout("4\n0\n0\n")
        .stderr("eight: line 2:9: found `9`, expected a tile 1-8 or a blank (0, x or X)\n");
    eight()
        .arg("path")
        .write_stdin("2 3 4\n1 5 x 7\n6 8\n12345678x\n12345678\n12345678x")
        .assert()
        .code(2)
        .stdout("\n\n")
        .stderr(
            "eight: line 2:8: found the end of the line after 7 cells, expected whole rows of 3 cells\n\
             eight: line 3:4: found the end of the line after 2 cells, expected whole rows of 3 cells\n\
             eight: line 5:1: found `12345678` (8 characters), expected a cell, a row of 3 cells or a board of 9\n",
        );
}

#[test]
fn reports_a_repeated_tile_where_it_stands() {
    eight()
        .arg("p1379")
        .write_stdin("283104763 283104765\n")
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr(
            "eight: line 1:9: found a second `3` (the first is at 1:3), \
             expected each of 1-8 and the blank exactly once\n",
        );
}

#[test]
fn reports_a_pair_missing_its_goal() {
    eight()
        .arg("hoj10466")
        .write_stdin("2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n2 8 3 1 0 4 7 6 5\n")
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr(
            "eight: line 4:1: found the end of the input after 9 of 18 cells, \
             expected a complete case\n",
        );
}

#[test]
fn locates_errors_in_arguments_and_keeps_the_next_argument() {
    eight()
        .args(["steps", "28310476", "283104765"])
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr(predicate::str::starts_with(
            "eight: argument 1:1: found `28310476` (8 characters)",
        ));
}

#[test]
fn rejects_a_bad_goal_and_bad_usage() {
    eight()
        .args(["steps", "--goal", "12345678y", "283104765"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--goal <BOARD>': column 9: found `y`, expected a tile 1-8 or a blank",
        ));
    eight().arg("solve").assert().code(2).stdout("");
    eight().assert().code(2).stdout("");
}

#[test]
fn survives_invalid_utf8_nul_bytes_and_a_huge_line() {
    let mut input = b"283104765\n\xff\xfe\x00\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 10_000_000));
    input.extend(b"\n283104765\n");
    eight()
        .arg("steps")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("4\n4\n")
        .stderr(
            // three bad cells are a row, and the huge token a fourth cell: one malformed case
            "eight: line 2:1: found `\u{fffd}`, expected a tile 1-8 or a blank (0, x or X)\n",
        );
}

#[test]
fn reads_nothing_from_empty_input() {
    eight()
        .arg("path")
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    eight()
        .arg("pair")
        .write_stdin(" \n\t\r\n")
        .assert()
        .success()
        .stdout("");
}

#[test]
fn ends_quietly_when_standard_output_closes() {
    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .arg("path")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        for _ in 0..200_000 {
            if stdin.write_all(b"2 3 4 1 5 x 7 6 8\n").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    stdout.read_line(&mut first).expect("first answer");
    assert_eq!(first, "dlurullddrurdllurdr\n");
    drop(stdout);
    let output = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(output.status.success(), "{:?}", output.status);
}

#[test]
fn streams_many_cases_in_bounded_memory() {
    // Five million cases (50 MB) under a 48 MiB address-space limit: a run that kept its
    // input or its output would be killed. Unreachable boards keep the run quick.
    let script = format!(
        "ulimit -v 49152 && yes 213804765 | head -n 5000000 | {} steps | uniq -c",
        assert_cmd::cargo::cargo_bin("eight").display()
    );
    let output = Process::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "5000000 -1");
}

#[test]
fn each_judge_command_names_its_judge_in_its_help() {
    for (command, judge) in [
        ("steps", "Luogu P1379"),
        ("pair", "HOJ 10466"),
        ("path", "POJ 1077, HDU 1043"),
    ] {
        eight()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(judge).and(predicate::str::contains("Examples:")));
    }
}
