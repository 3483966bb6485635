//! What `eight judge` tells about a run beyond its verdict: a wrong answer beside the expected
//! one, how far a program stopped by the time limit got, and a command that cannot start said
//! once.

mod common;
use common::eight;

use std::fs;

use predicates::prelude::*;

/// A folder `hdu1043/` holding `a.in` (and `b.in`) with three one- and two-move boards.
fn cases() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    fs::create_dir(dir.path().join("hdu1043")).expect("folder");
    let input = "1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 x 7 8\n";
    for name in ["a.in", "b.in"] {
        fs::write(dir.path().join("hdu1043").join(name), input).expect("write");
    }
    dir
}

fn judge(dir: &tempfile::TempDir, options: &[&str], script: &str) -> assert_cmd::assert::Assert {
    eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043/a.in"])
        .args(options)
        .args(["--", "sh", "-c", script])
        .assert()
}

#[test]
fn a_wrong_answer_stands_beside_the_expected_one() {
    let dir = cases();
    judge(&dir, &[], "echo r; echo r; echo rl")
        .code(1)
        .stdout(predicate::str::contains(
            "\n     | expected  | got\n     | rr        | rl\n",
        ));
}

#[test]
fn a_time_limit_says_how_many_cases_were_answered_before_it() {
    let dir = cases();
    judge(&dir, &["-t", "0.3"], "echo r; echo r; while :; do :; done")
        .code(1)
        .stdout(predicate::str::contains(
            "over 0.3 s of CPU time, killed; 2 of 3 cases answered right before",
        ));
    judge(&dir, &["-t", "0.3"], "while :; do :; done")
        .code(1)
        .stdout(predicate::str::contains("killed; none of 3 cases answered"));
    judge(
        &dir,
        &["-t", "0.3"],
        "echo r; echo r; echo rr; while :; do :; done",
    )
    .code(1)
    .stdout(predicate::str::contains(
        "killed; all 3 cases answered before",
    ));
}

#[test]
fn a_command_that_cannot_start_is_said_once() {
    let dir = cases();
    let script = dir.path().join("broken.sh");
    fs::write(&script, "#!/no/such/interpreter\necho r\n").expect("write");
    fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    let output = eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043", "--", "./broken.sh"])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&output.stderr);
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(err.matches("cannot run the command").count(), 1, "{err}");
    assert_eq!(out.matches("ERR  ").count(), 2, "{out}");
    assert!(out.ends_with("0 passed, 0 failed, 2 errors\n"), "{out}");
    assert_eq!(output.status.code(), Some(2));
}
