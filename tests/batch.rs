//! `eight batch` on fixture folders: clean runs, planted mistakes, trouble, and `--bless`.

mod common;
use common::eight;

use std::fs;
use std::path::Path;

use predicates::prelude::*;

/// Writes `files` (relative path, contents) under a new temporary folder.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, text) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
        fs::write(path, text).expect("write");
    }
    dir
}

fn batch(dir: &Path) -> assert_cmd::assert::Assert {
    eight().current_dir(dir).args(["batch", "."]).assert()
}

#[test]
fn the_project_fixtures_run_clean() {
    eight()
        .args(["batch", concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures")])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(" passed, 0 failed\n"))
        .stdout(predicate::str::contains("FAIL").not());
}

#[test]
fn catches_a_wrong_count() {
    let dir = folder(&[
        ("p1379/a.in", "283104765\n123804765\n"),
        ("p1379/a.out", "4\n1\n"),
    ]);
    batch(dir.path())
        .code(1)
        .stdout("FAIL ./p1379/a.in  case 2 (line 2): expected 1, got 0\n0 passed, 1 failed\n");
}

#[test]
fn catches_an_illegal_path_and_a_long_one_but_passes_another_shortest() {
    let dir = folder(&[
        ("hdu1043/illegal.in", "1 2 3 4 5 6 7 x 8\n"),
        ("hdu1043/illegal.out", "d\n"),
        ("hdu1043/long.in", "12345678x\n1 2 3 4 5 6 7 x 8\n"),
        ("hdu1043/long.out", "\nrlr\n"),
        ("hdu1043/other.in", "1 2 3 4 5 6 x 7 8\n"),
        ("hdu1043/other.out", "rr\n"),
    ]);
    // a long legal path is right by the judge's rule (tests/one_rule.rs); --optimal refuses it
    eight()
        .current_dir(dir.path())
        .args(["batch", ".", "--optimal"])
        .assert()
        .code(1)
        .stdout(
        "FAIL ./hdu1043/illegal.in  case 1 (line 1): expected `d`, whose move 1 (`d`) leaves the board\n\
         FAIL ./hdu1043/long.in  case 2 (line 2): expected `rlr`, 3 moves, but the shortest has 1: r\n\
         ok   ./hdu1043/other.in  1 case\n\
         1 passed, 2 failed\n",
    );
}

#[test]
fn catches_a_missing_case_and_an_extra_answer() {
    let dir = folder(&[
        (
            "hoj10466/missing.in",
            "283104765 123804765\n12345678x 12345678x\n",
        ),
        ("hoj10466/missing.out", "4\n"),
        ("hoj10466/extra.in", "283104765 123804765\n"),
        ("hoj10466/extra.out", "4\n7\n"),
    ]);
    batch(dir.path()).code(1).stdout(
        "FAIL ./hoj10466/extra.in  1 case, but the .out has 2 answers\n\
         FAIL ./hoj10466/missing.in  case 2 (line 2): expected nothing (the .out ends), got 0\n\
         0 passed, 2 failed\n",
    );
}

#[test]
fn reports_trouble_and_runs_the_other_files() {
    let dir = folder(&[
        ("p1379/no-out.in", "283104765\n"),
        ("p1379/bad.in", "2831\n"),
        ("p1379/bad.out", "4\n"),
        ("p1379/good.in", "283104765\n"),
        ("p1379/good.out", "4\n"),
        ("elsewhere/lost.in", "283104765\n"),
    ]);
    batch(dir.path())
        .code(2)
        .stdout(predicate::str::contains(
            "ERR  ./elsewhere/lost.in  no judge: not in a folder named p1379",
        ))
        .stdout(predicate::str::contains(
            "ERR  ./p1379/bad.in  line 1:1: found `2831` (4 characters)",
        ))
        .stdout(predicate::str::contains(
            "ERR  ./p1379/no-out.in  ./p1379/no-out.out: ",
        ))
        .stdout(predicate::str::contains("ok   ./p1379/good.in  1 case\n"))
        .stdout(predicate::str::ends_with("1 passed, 0 failed, 3 errors\n"));
    eight()
        .current_dir(dir.path())
        .args(["batch", "missing", "p1379/good.out", "p1379/good.in"])
        .assert()
        .code(2)
        .stdout(
            "ERR  missing  no such file or folder\n\
             ERR  p1379/good.out  not a test input (NAME.in, tests/01, inputN.txt, \
              .cph/NAME.prob) or a folder\n\
             ok   p1379/good.in  1 case\n\
             1 passed, 0 failed, 2 errors\n",
        );
    eight()
        .current_dir(dir.path())
        .args(["batch", "--judge", "p1379", "elsewhere/lost.in"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("elsewhere/lost.out: "));
}

#[test]
fn bless_writes_outs_that_then_pass() {
    let dir = folder(&[
        ("mine/a.in", "2 3 4 1 5 x 7 6 8\n12345678x\n21345678x\n"),
        ("mine/a.out", "wrong\n"),
    ]);
    eight()
        .current_dir(dir.path())
        .args(["batch", "--judge", "hdu1043", "--bless", "mine"])
        .assert()
        .success()
        .stdout("wrote mine/a.out  3 cases\n1 passed, 0 failed\n");
    let written = fs::read_to_string(dir.path().join("mine/a.out")).expect("blessed");
    assert_eq!(written, "dlurullddrurdllurdr\n\nunsolvable\n");
    assert!(!dir.path().join("mine/a.out.partial").exists());
    eight()
        .current_dir(dir.path())
        .args(["batch", "--judge", "hdu1043", "mine/a.in"])
        .assert()
        .success()
        .stdout("ok   mine/a.in  3 cases\n1 passed, 0 failed\n");
}

#[test]
fn json_gives_a_record_per_file_and_the_totals() {
    let dir = folder(&[
        ("p1379/a.in", "283104765\n"),
        ("p1379/a.out", "4\n"),
        ("p1379/b.in", "283104765\n"),
        ("p1379/b.out", "5\n"),
    ]);
    let output = eight()
        .current_dir(dir.path())
        .args(["batch", "--json", "p1379"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "ok");
    assert_eq!(records[0]["detail"], "1 case");
    assert_eq!(records[1]["status"], "fail");
    assert_eq!(records[1]["detail"], "case 1 (line 1): expected 5, got 4");
    assert_eq!(
        records[2],
        serde_json::json!({"passed": 1, "failed": 1, "errors": 0})
    );
}

#[test]
fn a_closed_standard_output_ends_quietly() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    let script = format!(
        "{} batch {fixtures} | head -1",
        assert_cmd::cargo::cargo_bin("eight").display()
    );
    let output = common::process("bash")
        .args(["-o", "pipefail", "-c", &script])
        .output()
        .expect("bash");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(output.status.success(), "{:?}", output.status);
}
