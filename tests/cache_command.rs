//! `eight cache`: the folder ($EIGHT_CACHE_DIR moves it), what it holds, clearing eight's files
//! only, and building databases ahead of time.

mod common;

use std::fs;

use predicates::prelude::*;

fn eight_in(folder: &std::path::Path) -> assert_cmd::Command {
    let mut command = common::bare();
    command.env("EIGHT_CACHE_DIR", folder);
    command
}

#[test]
fn shows_clears_and_builds_the_folder_it_is_told() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("cache");
    eight_in(&folder)
        .arg("cache")
        .assert()
        .success()
        .stdout(format!(
            "{}\n(not made yet: the first search that needs databases makes it)\n",
            folder.display()
        ));
    fs::create_dir(&folder).expect("folder");
    fs::write(folder.join("pdb-corner-v2.bin"), vec![0; 2048]).expect("write");
    fs::write(folder.join("mine.txt"), "keep me").expect("write");
    eight_in(&folder)
        .args(["cache", "show"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "pdb-corner-v2.bin     2.0 KiB  6-6-3 databases, the blank in a corner cell",
        ))
        .stdout(predicate::str::contains("mine.txt"))
        .stdout(predicate::str::contains("not eight's: left alone"))
        .stdout(predicate::str::ends_with("2 files, 2.0 KiB\n"));
    eight_in(&folder)
        .args(["cache", "clear"])
        .assert()
        .success()
        .stdout(format!("removed 1 file from {}\n", folder.display()));
    assert_eq!(
        fs::read_to_string(folder.join("mine.txt")).expect("kept"),
        "keep me"
    );
    // the shared test cache, where the 6-6-3 databases are (or are built once)
    eight_in(&common::test_cache())
        .args(["cache", "build", "6-6-3"])
        .timeout(std::time::Duration::from_secs(600))
        .assert()
        .success()
        .stdout(format!(
            "6-6-3 databases ready in {}\n",
            common::test_cache().display()
        ));
    eight_in(&common::test_cache())
        .arg("cache")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "6-6-3 databases, the blank in an edge cell",
        ));
}

#[test]
fn a_relative_folder_is_refused_and_said() {
    eight_in(std::path::Path::new("relative/cache"))
        .arg("cache")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "$EIGHT_CACHE_DIR (relative/cache) is not an absolute path",
        ));
}

#[test]
fn every_command_that_may_search_a_4x4_board_says_where_its_databases_live() {
    for command in [
        "steps",
        "pair",
        "path",
        "lightoj1121",
        "uva10181",
        "show",
        "play",
        "batch",
        "gen",
        "judge",
        "check",
    ] {
        common::eight()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(
                predicate::str::contains("EIGHT_CACHE_DIR")
                    .and(predicate::str::contains("eight cache")),
            );
    }
}

#[test]
fn a_full_standard_output_is_an_error_never_a_panic() {
    let dir = tempfile::tempdir().expect("a folder");
    for action in [&[][..], &["show"], &["clear"]] {
        let output = common::process(assert_cmd::cargo::cargo_bin("eight"))
            .env("EIGHT_CACHE_DIR", dir.path())
            .arg("cache")
            .args(action)
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .expect("/dev/full"),
            )
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{action:?}: {stderr}");
        assert!(stderr.contains("No space left on device"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
