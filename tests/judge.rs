//! `eight judge` with small programs written for the tests: every verdict from a real run.

mod common;
use common::eight;

use std::fs;

use predicates::prelude::*;

/// A folder `hdu1043/` holding `case.in` with `input`, for the judge to find.
fn cases(input: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    fs::create_dir(dir.path().join("hdu1043")).expect("folder");
    fs::write(dir.path().join("hdu1043/case.in"), input).expect("write");
    dir
}

/// Judges `program` (a shell script) on `input` with `options`.
fn judge(input: &str, options: &[&str], program: &str) -> assert_cmd::assert::Assert {
    let dir = cases(input);
    eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043"])
        .args(options)
        .args(["--", "sh", "-c", program])
        .assert()
}

const ONE_MOVE: &str = "1 2 3 4 5 6 7 x 8\n";

#[test]
fn accepts_eight_itself_on_the_project_fixtures() {
    let eight_path = assert_cmd::cargo::cargo_bin("eight");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/");
    for (judge, command) in [
        ("hdu1043", "path"),
        ("p1379", "steps"),
        ("hoj10466", "pair"),
    ] {
        eight()
            .args([
                "judge",
                judge,
                &format!("{fixtures}{judge}"),
                "--optimal",
                "--",
            ])
            .arg(&eight_path)
            .arg(command)
            .assert()
            .success()
            .stdout(predicate::str::contains("AC   "))
            .stdout(predicate::str::contains("WA").not())
            .stdout(predicate::str::ends_with(" failed\n"))
            .stdout(predicate::str::contains(" 0 failed\n"));
    }
}

#[test]
fn accepts_a_longer_legal_path_unless_optimal() {
    judge(ONE_MOVE, &[], "echo rlr")
        .success()
        .stdout(predicate::str::starts_with("AC   hdu1043/case.in  1 case"));
    judge(ONE_MOVE, &["--optimal"], "echo rlr")
        .code(1)
        .stdout(predicate::str::contains(
            "WA   hdu1043/case.in  case 1 (line 1) 123456708: expected `r`, got `rlr`: 3 moves, but the shortest has 1",
        ));
    judge("12345678x\n", &[], "echo ud").success();
    judge("12345678x\n", &["--optimal"], "echo ud")
        .code(1)
        .stdout(predicate::str::contains(
            "got `ud`: 2 moves, but the shortest has 0",
        ));
}

#[test]
fn names_the_step_of_an_illegal_move_and_a_missing_case() {
    judge(ONE_MOVE, &[], "echo d")
        .code(1)
        .stdout(predicate::str::contains(
            "got `d`: move 1 (`d`) leaves the board",
        ));
    judge(&format!("{ONE_MOVE}{ONE_MOVE}"), &[], "echo r")
        .code(1)
        .stdout(predicate::str::contains(
            "case 2 (line 2) 123456708: expected `r`, got nothing: no answer: the output ended",
        ))
        .stdout(predicate::str::ends_with("0 passed, 1 failed\n"));
}

/// Whether any process's command line still holds `marker`.
fn survivor(marker: &str) -> bool {
    fs::read_dir("/proc")
        .expect("/proc")
        .filter_map(Result::ok)
        .filter_map(|entry| fs::read(entry.path().join("cmdline")).ok())
        .any(|cmdline| String::from_utf8_lossy(&cmdline).contains(marker))
}

#[test]
fn kills_a_program_over_the_time_limit_and_its_children() {
    let marker = "299.4321";
    judge(
        ONE_MOVE,
        &["--time-limit", "0.3"],
        &format!("sleep {marker} & while :; do :; done"),
    )
    .code(1)
    .stdout(predicate::str::contains(
        "TLE  hdu1043/case.in  over 0.3 s, killed",
    ));
    assert!(
        !survivor(&format!("sleep {marker}")),
        "the child outlived the run"
    );
}

#[test]
fn stops_a_program_over_the_memory_limit() {
    judge(
        ONE_MOVE,
        &["--memory-limit", "64"],
        r#"s=x; while :; do s="$s$s"; done"#,
    )
    .code(1)
    .stdout(predicate::str::contains(
        "MLE  hdu1043/case.in  over 64 MiB, killed",
    ));
}

#[test]
fn reports_a_runtime_error_by_exit_code_or_signal() {
    judge(ONE_MOVE, &[], "echo r; exit 3")
        .code(1)
        .stdout(predicate::str::contains(
            "RE   hdu1043/case.in  exit code 3",
        ));
    judge(ONE_MOVE, &[], "kill -SEGV $$")
        .code(1)
        .stdout(predicate::str::contains(
            "RE   hdu1043/case.in  killed by SIGSEGV",
        ));
}

#[test]
fn stops_reading_endless_output() {
    judge(ONE_MOVE, &["--output-limit", "1"], "yes")
        .code(1)
        .stdout(predicate::str::contains(
            "OLE  hdu1043/case.in  over 1 MiB of output",
        ));
}

#[test]
fn a_missing_command_is_trouble() {
    let dir = cases(ONE_MOVE);
    eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043", "--", "no-such-command-here"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "ERR  hdu1043/case.in  command not found",
        ));
}

#[test]
fn prints_files_in_order_whatever_the_jobs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    fs::create_dir(dir.path().join("hdu1043")).expect("folder");
    for name in ["a", "b", "c", "d"] {
        fs::write(dir.path().join(format!("hdu1043/{name}.in")), ONE_MOVE).expect("write");
    }
    let output = eight()
        .current_dir(dir.path())
        .args([
            "judge", "hdu1043", "hdu1043", "--jobs", "3", "--", "sh", "-c",
        ])
        .arg("sleep 0.$(shuf -i 1-3 -n 1); echo r")
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let files: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    assert_eq!(
        files[..4],
        [
            "hdu1043/a.in",
            "hdu1043/b.in",
            "hdu1043/c.in",
            "hdu1043/d.in"
        ]
    );
    assert!(text.ends_with("4 passed, 0 failed\n"), "{text}");
}

#[test]
fn survives_hostile_programs_and_leaves_no_process_behind() {
    // forks a child that outlives it, and exits having answered
    let marker = "298.1357";
    judge(ONE_MOVE, &[], &format!("(sleep {marker} &); echo r"))
        .success()
        .stdout(predicate::str::starts_with("AC   hdu1043/case.in  1 case"));
    assert!(
        !survivor(&format!("sleep {marker}")),
        "the forked child outlived the run"
    );
    // closes its standard output and keeps running
    judge(
        ONE_MOVE,
        &["--time-limit", "0.3"],
        "echo r; exec >&-; while :; do :; done",
    )
    .code(1)
    .stdout(predicate::str::contains(
        "TLE  hdu1043/case.in  over 0.3 s, killed",
    ));
    // writes to standard error without end
    judge(ONE_MOVE, &["--time-limit", "0.3"], "echo r; yes >&2")
        .code(1)
        .stdout(predicate::str::contains(
            "TLE  hdu1043/case.in  over 0.3 s, killed",
        ));
    // reads no input at all
    judge(ONE_MOVE, &[], "echo r").success();
}

#[test]
fn reports_a_malformed_input_file_and_judges_the_others() {
    let dir = cases(ONE_MOVE);
    fs::write(dir.path().join("hdu1043/bad.in"), "1 2 3 4 5 6 7 9 8\n").expect("write");
    eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043", "--", "sh", "-c", "echo r"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "ERR  hdu1043/bad.in  malformed input: line 1:15: found `9`",
        ))
        .stdout(predicate::str::contains("AC   hdu1043/case.in  1 case"));
}
