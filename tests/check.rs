//! `eight check JUDGE INPUT OUTPUT [ANSWER]`, as testlib's checkers and `oj test
//! --judge-command` are called, with testlib's exit codes: 0 accepted, 1 wrong answer, 2
//! presentation error, 3 the checker's failure (why on standard error).

mod common;
use common::eight;

use std::fs;
use std::path::Path;

use predicates::prelude::*;

/// HDU 1043's sample, the path its statement prints, and the canonical one.
const SAMPLE: &str = "2 3 4 1 5 x 7 6 8\n";
const STATEMENT: &str = "ullddrurdllurdruldr\n";
const CANONICAL: &str = "dlurullddrurdllurdr\n";

/// A folder with `case.in` holding `input` and each `(name, text)` file.
fn files(input: &str, others: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    fs::write(dir.path().join("case.in"), input).expect("write");
    for (name, text) in others {
        fs::write(dir.path().join(name), text).expect("write");
    }
    dir
}

fn check(dir: &Path, arguments: &[&str]) -> assert_cmd::assert::Assert {
    eight()
        .current_dir(dir)
        .args(["check", "hdu1043", "case.in"])
        .args(arguments)
        .assert()
}

#[test]
fn accepts_any_legal_path_and_the_statement_s_own() {
    let dir = files(
        SAMPLE,
        &[("theirs.out", STATEMENT), ("canon.out", CANONICAL)],
    );
    for output in ["theirs.out", "canon.out"] {
        check(dir.path(), &[output])
            .code(0)
            .stdout("")
            .stderr("eight: ok: 1 case accepted\n");
        // with the jury's answer, and with oj's empty argument where it has none
        check(dir.path(), &[output, "canon.out"]).code(0);
        check(dir.path(), &[output, ""]).code(0);
    }
    // --optimal asks for the shortest: the statement's path is shortest too
    check(dir.path(), &["theirs.out", "--optimal"]).code(0);
}

#[test]
fn a_wrong_output_is_status_1_with_the_case_and_why() {
    let dir = files(
        SAMPLE,
        &[("short.out", "dlurullddrurdllurd\n"), ("none.out", "")],
    );
    check(dir.path(), &["short.out"]).code(1).stderr(
        "eight: wrong answer: case 1 (line 1) 234150768: expected `dlurullddrurdllurdr`, \
         got `dlurullddrurdllurd`: it ends on 123456708, not on the goal 123456780\n",
    );
    check(dir.path(), &["none.out"])
        .code(1)
        .stderr(predicate::str::contains("got nothing"));
}

#[test]
fn a_wrong_jury_answer_or_a_bad_input_is_the_checker_s_failure_status_3() {
    let dir = files(
        SAMPLE,
        &[("canon.out", CANONICAL), ("bad.ans", "garbage\n")],
    );
    check(dir.path(), &["canon.out", "bad.ans"])
        .code(3)
        .stderr(predicate::str::starts_with(
            "eight: bad.ans: not a right answer to case.in: case 1 (line 1)",
        ));
    let malformed = files("2 3 4 1 5 x 7 6\n", &[("canon.out", CANONICAL)]);
    check(malformed.path(), &["canon.out"])
        .code(3)
        .stderr(predicate::str::contains("case.in: line 1:"));
    check(dir.path(), &["missing.out"])
        .code(3)
        .stderr(predicate::str::contains("missing.out: No such file"));
    // a FIFO in the input's place is refused, never waited on; in the output's place it is
    // read as the pipe it is, and one with no writer reads as empty
    for name in ["fifo.in", "fifo.out"] {
        nix::unistd::mkfifo(&dir.path().join(name), nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
    }
    eight()
        .current_dir(dir.path())
        .args(["check", "hdu1043", "fifo.in", "canon.out"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("fifo.in: not a regular file"));
    check(dir.path(), &["fifo.out"])
        .code(1)
        .stderr(predicate::str::contains("got nothing"));
}

#[test]
fn reads_the_output_from_standard_input_as_dash_or_dev_stdin() {
    let dir = files(SAMPLE, &[]);
    for output in ["-", "/dev/stdin"] {
        for (answer, code) in [(CANONICAL, 0), (STATEMENT, 0), ("dlurull\n", 1)] {
            eight()
                .current_dir(dir.path())
                .args(["check", "hdu1043", "case.in", output])
                .write_stdin(answer)
                .assert()
                .code(code);
        }
    }
}

#[test]
fn a_layout_fault_is_a_presentation_error_status_2() {
    let dir = files("1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n", &[]);
    let checked = |answer: &str| {
        eight()
            .current_dir(dir.path())
            .args(["check", "lightoj1121", "case.in", "-"])
            .write_stdin(answer)
            .assert()
    };
    checked("Case 1: R\n").code(0);
    checked("Case 1:  R\n")
        .code(2)
        .stderr(predicate::str::starts_with("eight: presentation error:"));
    checked("R\n").code(2);
    checked("Case 1: r\n").code(2);
    checked("Case 1: L\n").code(1);
}

#[test]
fn oj_test_accepts_both_paths_through_eight_check() {
    if common::process("oj").arg("--version").output().is_err() {
        common::skipped(
            "oj_test_accepts_both_paths_through_eight_check",
            "needs oj (pip install online-judge-tools; CI installs it)",
        );
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    fs::create_dir(dir.path().join("test")).expect("folder");
    fs::write(dir.path().join("test/sample-1.in"), SAMPLE).expect("write");
    fs::write(dir.path().join("test/sample-1.out"), STATEMENT).expect("write");
    let eight_path = assert_cmd::cargo::cargo_bin("eight");
    let judge = format!("{} check hdu1043", eight_path.display());
    let env = ("XDG_CACHE_HOME", common::test_cache());
    for (answer, passes) in [
        (CANONICAL, true),
        (STATEMENT, true),
        ("dlurullddrurdllurd\n", false),
    ] {
        let program = dir.path().join("a.sh");
        fs::write(
            &program,
            format!("#!/bin/sh\nprintf '{}'\n", answer.escape_default()),
        )
        .expect("write");
        fs::set_permissions(
            &program,
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .expect("chmod");
        let output = common::process("oj")
            .current_dir(dir.path())
            .env(env.0, &env.1)
            .args(["test", "-c", "./a.sh", "--judge-command", &judge])
            .output()
            .expect("oj runs");
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.success(), passes, "{answer:?}: {text}");
    }
}
