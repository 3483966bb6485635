//! Files `eight` writes (`gen --out`, `batch --bless`): never through a path it did not create,
//! never half a pair, never a mix of two runs, never a leftover (issue 12).

mod common;
use common::{eight, names};

use std::fs;
use std::process::Command;

use predicates::prelude::*;

#[test]
fn never_writes_through_a_planted_link() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    fs::write(root.join("victim.txt"), "precious\n").expect("write");
    fs::create_dir(root.join("hdu1043")).expect("folder");
    for name in ["x.in.partial", "x.out.partial"] {
        std::os::unix::fs::symlink(root.join("victim.txt"), root.join("hdu1043").join(name))
            .expect("link");
    }
    eight()
        .current_dir(root.join("hdu1043"))
        .args(["gen", "hdu1043", "-n", "3", "--out", "x"])
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(root.join("victim.txt")).expect("read"),
        "precious\n"
    );
    for name in ["x.in", "x.out"] {
        let meta = fs::symlink_metadata(root.join("hdu1043").join(name)).expect("written");
        assert!(meta.file_type().is_file(), "{name} is a regular file");
    }
    eight()
        .current_dir(root)
        .args(["batch", "hdu1043"])
        .assert()
        .success();
}

#[test]
fn concurrent_runs_to_one_prefix_never_mix() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folder = dir.path().join("hdu1043");
    fs::create_dir(&folder).expect("folder");
    let binary = assert_cmd::cargo::cargo_bin("eight");
    for round in 0..8 {
        let runs: Vec<_> = [1, 2]
            .map(|seed| {
                common::process(&binary)
                    .current_dir(&folder)
                    .args([
                        "gen", "hdu1043", "-n", "20000", "--out", "x", "--force", "--seed",
                    ])
                    .arg((round * 2 + seed).to_string())
                    .spawn()
                    .expect("runs")
            })
            .into();
        for mut run in runs {
            assert!(run.wait().expect("exits").success());
        }
        eight()
            .current_dir(dir.path())
            .args(["batch", "hdu1043"])
            .assert()
            .success()
            .stdout(predicate::str::contains("ok   hdu1043/x.in  20000 cases"));
        assert_eq!(
            names(&folder),
            ["x.in", "x.out"],
            "round {round}: leftovers"
        );
    }
}

#[test]
fn an_interrupted_or_failed_run_leaves_nothing_behind() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    // interrupted half way
    let mut run = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .current_dir(root)
        .args(["gen", "hdu1043", "-n", "50000000", "--out", "big"])
        .spawn()
        .expect("runs");
    std::thread::sleep(std::time::Duration::from_millis(300));
    Command::new("kill")
        .args(["-INT", &run.id().to_string()])
        .status()
        .expect("kill");
    assert!(!run.wait().expect("exits").success());
    assert_eq!(names(root), Vec::<String>::new(), "after SIGINT");
    // over a file-size limit
    let status = common::process("sh")
        .current_dir(root)
        .arg("-c")
        .arg(format!(
            "ulimit -f 64; {} gen hdu1043 -n 100000 --out big",
            assert_cmd::cargo::cargo_bin("eight").display()
        ))
        .status()
        .expect("runs");
    assert!(!status.success());
    assert_eq!(
        names(root),
        Vec::<String>::new(),
        "after the file-size limit"
    );
    // a target that is a folder
    fs::create_dir(root.join("d.in")).expect("folder");
    eight()
        .current_dir(root)
        .args(["gen", "hdu1043", "-n", "3", "--out", "d"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("d.in: it is a folder"));
    assert_eq!(names(root), ["d.in"]);
}

#[test]
fn says_plainly_when_the_prefix_cannot_be_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    eight()
        .current_dir(dir.path())
        .args(["gen", "hdu1043", "-n", "3", "--out", "nodir/x"])
        .assert()
        .code(2)
        .stderr("eight: cannot write nodir/x.in: the folder nodir does not exist\n");
    eight()
        .current_dir(dir.path())
        .args(["gen", "hdu1043", "-n", "3", "--out", "sub/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("names a folder"));
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

#[test]
fn bless_keeps_the_mode_of_the_out_it_replaces() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folder = dir.path().join("p1379");
    fs::create_dir(&folder).expect("folder");
    fs::write(folder.join("a.in"), "283104765\n").expect("write");
    fs::write(folder.join("a.out"), "9\n").expect("write");
    fs::set_permissions(folder.join("a.out"), fs::Permissions::from_mode(0o444)).expect("chmod");
    eight()
        .current_dir(dir.path())
        .args(["batch", "--bless", "p1379"])
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(folder.join("a.out")).expect("read"),
        "4\n"
    );
    let mode = fs::metadata(folder.join("a.out"))
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o444);
    assert_eq!(names(&folder), ["a.in", "a.out"]);
}

#[test]
fn a_file_past_the_size_limit_is_said_as_such_and_leaves_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // 100 KiB: a hundred thousand cases do not fit
    let command = format!(
        "ulimit -f 100; exec {} gen p1379 -n 100000 --out set",
        assert_cmd::cargo::cargo_bin("eight").display()
    );
    let output = Command::new("bash")
        .args(["-c", &command])
        .current_dir(dir.path())
        .output()
        .expect("bash");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("set.in: File too large"), "{said}");
    assert!(!said.contains("interrupted"), "{said}");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}
