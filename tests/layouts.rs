//! `batch` and `judge` on the folder layouts people keep tests in: `.in` with `.out` or `.ans`,
//! oj's `test/sample-N.*`, Polygon's `tests/01` with `01.a`, `inputN.txt` with `outputN.txt`,
//! and cph's `.cph/*.prob`; and `judge` trusting a recorded answer only once it is right.

mod common;
use common::eight;

use std::fs;
use std::path::Path;

use predicates::prelude::*;

fn write(root: &Path, name: &str, text: &str) {
    let path = root.join(name);
    fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
    fs::write(path, text).expect("write");
}

/// One folder of every layout, each holding P1379's sample (`283104765`: 4 moves).
fn every_layout() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    let root = dir.path();
    write(root, "test/sample-1.in", "283104765\n");
    write(root, "test/sample-1.out", "4\n");
    write(root, "mine/a.in", "283104765\n");
    write(root, "mine/a.ans", "4\n");
    write(root, "tests/01", "283104765\n");
    write(root, "tests/01.a", "4\n");
    write(root, "numbered/input1.txt", "283104765\n");
    write(root, "numbered/output1.txt", "4\n");
    write(root, "hr/input/input00.txt", "283104765\n");
    write(root, "hr/output/output00.txt", "4\n");
    let cph = r#"{"name":"P1379","tests":[{"input":"283104765\n","output":"4\n","id":1},{"input":"123804765\n","output":"0\n","id":2}]}"#;
    write(root, ".cph/.a.cpp_1f2e.prob", cph);
    dir
}

#[test]
fn batch_checks_every_layout() {
    let dir = every_layout();
    eight()
        .current_dir(dir.path())
        .args(["batch", ".", "--judge", "p1379"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("7 passed, 0 failed\n"))
        .stdout(predicate::str::contains("ok   ./tests/01  1 case"))
        .stdout(predicate::str::contains(
            "ok   ./.cph/.a.cpp_1f2e.prob#2  1 case",
        ));
    // a wrong recorded answer in any of them is named
    write(dir.path(), "tests/01.a", "5\n");
    eight()
        .current_dir(dir.path())
        .args(["batch", "tests", "--judge", "p1379"])
        .assert()
        .code(1)
        .stdout("FAIL tests/01  case 1 (line 1): expected 5, got 4\n0 passed, 1 failed\n");
}

#[test]
fn bless_writes_each_layout_s_answer_and_a_missing_one_asks_for_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let root = dir.path();
    write(root, "tests/02", "283104765\n");
    write(root, "hr/input/input01.txt", "283104765\n");
    fs::create_dir_all(root.join("hr/output")).expect("folder");
    write(root, "p1379/new.in", "283104765\n");
    eight()
        .current_dir(root)
        .args(["batch", "tests", "hr", "p1379", "--judge", "p1379"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "ERR  tests/02  tests/02.a: no answer file (write the answers with --bless)",
        ))
        .stdout(predicate::str::contains(
            "ERR  p1379/new.in  p1379/new.out: no answer file (write the answers with --bless)",
        ));
    eight()
        .current_dir(root)
        .args(["batch", "tests", "hr", "--judge", "p1379", "--bless"])
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(root.join("tests/02.a")).expect("written"),
        "4\n"
    );
    let numbered = root.join("hr/output/output01.txt");
    assert_eq!(fs::read_to_string(numbered).expect("written"), "4\n");
    let cph = r#"{"tests":[{"input":"283104765\n","output":"","id":1}]}"#;
    write(root, ".cph/b.prob", cph);
    eight()
        .current_dir(root)
        .args(["batch", ".cph", "--judge", "p1379", "--bless"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("its answers are inside it (cph)"));
}

#[test]
fn judge_runs_every_layout() {
    let dir = every_layout();
    eight()
        .current_dir(dir.path())
        .args(["judge", "p1379", ".", "--", "eight", "steps"])
        .env("PATH", path_with_eight())
        .assert()
        .success()
        .stdout(predicate::str::ends_with("7 passed, 0 failed\n"))
        .stdout(predicate::str::contains(
            "AC   ./.cph/.a.cpp_1f2e.prob#1  1 case",
        ));
}

/// `PATH` with the built `eight` first.
fn path_with_eight() -> std::ffi::OsString {
    let built = assert_cmd::cargo::cargo_bin("eight");
    let folder = built.parent().expect("a folder").to_path_buf();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(folder).chain(std::env::split_paths(&rest)))
        .expect("a PATH")
}

#[test]
fn judge_trusts_a_recorded_answer_only_once_it_is_right() {
    let dir = tempfile::tempdir().expect("a folder");
    let root = dir.path();
    write(root, "hdu1043/a.in", "1 2 3 4 5 6 7 x 8\n");
    write(root, "hdu1043/a.out", "garbage\n");
    write(root, "hdu1043/b.in", "1 2 3 4 5 6 7 x 8\n");
    write(root, "hdu1043/b.ans", "r\n");
    let output = eight()
        .current_dir(root)
        .args(["judge", "hdu1043", "hdu1043", "--", "echo", "r"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        steady(&output.stdout),
        "ERR  hdu1043/a.in  hdu1043/a.out: not a right answer: case 1 (line 1): expected \
         `garbage`, which holds `g`, not a move (d, l, r, u)\n\
         AC   hdu1043/b.in  1 case\n1 passed, 0 failed, 1 error\n"
    );
}

/// `out` with each verdict's measurements (`  (cpu … MiB)`) taken out.
fn steady(out: &[u8]) -> String {
    String::from_utf8_lossy(out)
        .lines()
        .map(|line| match line.rfind("  (cpu ") {
            Some(at) => format!("{}\n", &line[..at]),
            None => format!("{line}\n"),
        })
        .collect()
}
