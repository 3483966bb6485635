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
        "TLE  hdu1043/case.in  over 0.3 s of CPU time, killed",
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
        "TLE  hdu1043/case.in  over 0.3 s of CPU time, killed",
    ));
    // writes to standard error without end
    judge(ONE_MOVE, &["--time-limit", "0.3"], "echo r; yes >&2")
        .code(1)
        .stdout(predicate::str::contains(
            "TLE  hdu1043/case.in  over 0.3 s of CPU time, killed",
        ));
    // reads no input at all
    judge(ONE_MOVE, &[], "echo r").success();
    // sleeps past the wall clock with no CPU used: said so, never blamed on its speed
    judge(ONE_MOVE, &["--time-limit", "0.2"], "sleep 5; echo r")
        .code(1)
        .stdout(predicate::str::is_match(
            "TLE  hdu1043/case.in  over the 1.4 s wall-clock limit with [0-9]+ ms of CPU time: it \
             waited \\(input, a sleep, a lock\\) or the machine was busy; killed",
        )
        .expect("a pattern"));
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

// The sandbox (issue 11): each test below is a way out that the judge once left open.

/// Runs `eight judge` on `ONE_MOVE` with `program` (a shell script), returning its output
/// and how long it took.
fn judged(options: &[&str], program: &str) -> (std::process::Output, std::time::Duration) {
    let dir = cases(ONE_MOVE);
    let started = std::time::Instant::now();
    let output = eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043"])
        .args(options)
        .args(["--", "sh", "-c", program])
        .output()
        .expect("runs");
    (output, started.elapsed())
}

/// Waits a little for `marker` to disappear from the process table, as a kill takes effect.
fn gone(marker: &str) -> bool {
    (0..100).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(20));
        !survivor(marker)
    })
}

#[test]
fn kills_a_child_that_left_for_its_own_session_or_group() {
    let marker = "297.0101";
    let (output, _) = judged(
        &[],
        &format!(
            "setsid sh -c 'exec sleep {marker}' </dev/null >/dev/null 2>&1 & sleep 0.2; echo r"
        ),
    );
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("AC   "));
    assert!(gone(&format!("sleep {marker}")), "a setsid child escaped");
    let marker = "297.0202";
    let leave =
        format!("perl -e 'setpgrp(0, 0); exec \"sleep\", \"{marker}\"' & sleep 0.2; echo r");
    let (output, _) = judged(&[], &leave);
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("AC   "));
    assert!(
        gone(&format!("sleep {marker}")),
        "a child in its own group escaped"
    );
}

#[test]
fn an_escaped_child_holding_the_output_cannot_hold_the_run() {
    // the main program answers at once; a detached child keeps standard output open
    let (output, took) = judged(&[], "setsid sleep 6.0303 & echo r");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("AC   "));
    assert!(took.as_secs_f64() < 3.0, "waited {took:?} for the child");
    // and while the main program runs on, the deadline still holds
    let (output, took) = judged(
        &["-t", "0.5"],
        "setsid sleep 296.0404 & while :; do :; done",
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("TLE  hdu1043/case.in  over 0.5 s of CPU time, killed"),
        "{text}"
    );
    assert!(took.as_secs_f64() < 3.0, "took {took:?}");
    assert!(gone("sleep 296.0404"));
}

#[test]
fn the_run_dies_with_the_judge_whatever_kills_it() {
    for signal in ["TERM", "INT", "HUP", "KILL"] {
        let marker = format!("295.{}", signal.len() * 1111);
        let dir = cases(ONE_MOVE);
        let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
            .current_dir(dir.path())
            .args(["judge", "hdu1043", "hdu1043", "--", "sh", "-c"])
            .arg(format!("sleep {marker}; echo r"))
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("runs");
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(survivor(&format!("sleep {marker}")), "the program started");
        std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .expect("kill runs");
        let _ = child.wait();
        assert!(
            gone(&format!("sleep {marker}")),
            "SIG{signal} to the judge left its program running"
        );
    }
}

#[test]
fn a_program_that_kills_its_parent_is_killed_too() {
    let marker = "294.0505";
    let (output, _) = judged(
        &["--wall-limit", "1"],
        &format!("kill -9 $PPID; sleep {marker}; echo r"),
    );
    let text = String::from_utf8_lossy(&output.stdout);
    // its parent is the supervisor (RE: the run lost its report), or, in a process-ID
    // namespace of its own, the jail, which no signal from inside reaches (TLE)
    assert!(
        text.starts_with("RE   hdu1043/case.in") || text.starts_with("TLE  hdu1043/case.in"),
        "{text}"
    );
    assert!(
        gone(&format!("sleep {marker}")),
        "the orphan outlived its run"
    );
}

#[test]
fn impossible_limits_are_refused_before_anything_runs() {
    let dir = cases(ONE_MOVE);
    let marker = dir.path().join("ran");
    for (option, value) in [
        ("--time-limit", "inf"),
        ("--time-limit", "1e300"),
        ("--time-limit", "18446744073709551616"),
        ("--time-limit", "NaN"),
        ("--time-limit", "-1"),
        ("--time-limit", "0"),
        ("--memory-limit", "17592186044416"),
        ("--memory-limit", "0"),
        ("--output-limit", "17592186044416"),
    ] {
        eight()
            .current_dir(dir.path())
            .args([
                "judge", "hdu1043", "hdu1043", option, value, "--", "sh", "-c",
            ])
            .arg(format!("touch {}; echo r", marker.display()))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("`{value}`")));
        assert!(!marker.exists(), "{option} {value}: the program ran");
    }
    // units, and a memory limit too large to double still runs a correct program
    let (output, _) = judged(
        &["-t", "800ms", "-m", "1G", "--output-limit", "2M"],
        "echo r",
    );
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("AC   "));
}

#[test]
fn memory_is_the_whole_tree_s() {
    // four children of about 100 MiB each, under a limit of 256 MiB
    let grow = r#"s=x; while [ ${#s} -lt 50000000 ]; do s="$s$s"; done; sleep 2"#;
    let script = format!("for i in 1 2 3 4; do ( {grow} ) & done; wait; echo r");
    // time enough to grow on a loaded machine (at 1 s it was TLE at 210 MiB); 256 MiB, not
    // HDU 1043's own 32
    let (output, _) = judged(&["-t", "10s", "-m", "256"], &script);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("MLE  hdu1043/case.in  over 256 MiB, killed"),
        "{text}"
    );
}

#[test]
fn echoed_output_is_escaped_and_cut() {
    let (output, _) = judged(&[], r"printf '\033[2J\033]0;pwned\007\rAC   fake\n'");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(!text.contains(['\x1b', '\x07', '\r']), "{text:?}");
    assert!(
        text.contains(r"got `\e[2J\e]0;pwned\x07\rAC   fake`"),
        "{text}"
    );
    let (output, _) = judged(&[], "head -c 60000000 /dev/zero | tr '\\0' r; echo");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("WA   "),
        "{}",
        &text[..text.len().min(300)]
    );
    assert!(text.len() < 1_000, "a {} byte report", text.len());
}

#[test]
fn a_closed_standard_output_does_not_hide_a_failure() {
    let dir = cases(ONE_MOVE);
    fs::create_dir(dir.path().join("p1379")).expect("folder");
    fs::write(dir.path().join("p1379/a.in"), "283104765\n").expect("write");
    fs::write(dir.path().join("p1379/a.out"), "5\n").expect("write");
    let closed = |args: &[&str]| {
        let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
            .current_dir(dir.path())
            .args(args)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("runs");
        drop(child.stdout.take());
        child.wait().expect("exits").code()
    };
    assert_eq!(
        closed(&["judge", "hdu1043", "hdu1043", "--", "sh", "-c", "echo u"]),
        Some(1)
    );
    assert_eq!(closed(&["batch", "p1379"]), Some(1));
}

#[test]
fn the_command_runs_directly_or_is_refused_once_and_clearly() {
    let dir = cases(ONE_MOVE);
    fs::write(dir.path().join("hdu1043/other.in"), ONE_MOVE).expect("write");
    // a fake sh first in PATH is not run, and an empty PATH does not stop an absolute command
    let fake = dir.path().join("bin");
    fs::create_dir(&fake).expect("folder");
    let marker = dir.path().join("fake-sh-ran");
    let script = format!("#!/bin/sh\ntouch {}\n", marker.display());
    fs::write(fake.join("sh"), script).expect("write");
    std::process::Command::new("chmod")
        .args(["+x", &fake.join("sh").display().to_string()])
        .status()
        .expect("chmod");
    let echo = which("echo");
    for path in [format!("{}:/usr/bin:/bin", fake.display()), String::new()] {
        eight()
            .current_dir(dir.path())
            .env("PATH", path)
            .args(["judge", "hdu1043", "hdu1043", "--"])
            .arg(&echo)
            .arg("r")
            .assert()
            .success();
    }
    assert!(!marker.exists(), "a shell from PATH ran");
    // what cannot start is said once, on standard error, and nothing runs
    fs::write(dir.path().join("plain"), "echo r\n").expect("write");
    for (command, said) in [
        ("./nope", "`./nope`: no such file"),
        ("./plain", "`./plain` is not executable"),
        (
            "python3 a.py",
            "(a command and its arguments are separate words: -- python3 a.py)",
        ),
        ("", "the command is empty"),
    ] {
        let output = eight()
            .current_dir(dir.path())
            .args(["judge", "hdu1043", "hdu1043", "--", command])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{command}");
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            errors.matches("cannot run the command").count(),
            1,
            "{errors}"
        );
        assert!(errors.contains(said), "{errors}");
    }
}

/// Where `name` is in the usual folders.
fn which(name: &str) -> String {
    ["/usr/bin", "/bin"]
        .iter()
        .map(|folder| format!("{folder}/{name}"))
        .find(|path| std::path::Path::new(path).exists())
        .expect("a system command")
}

#[test]
fn shows_the_end_of_standard_error_colours_counts_and_json() {
    let (output, _) = judged(&[], "echo 'Traceback: oops' >&2; exit 3");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("RE   hdu1043/case.in  exit code 3"), "{text}");
    assert!(text.contains("     | Traceback: oops"), "{text}");
    // on a wrong answer, only with --verbose
    let (output, _) = judged(&[], "echo why >&2; echo u");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("| why"));
    let (output, _) = judged(&["--verbose"], "echo why >&2; echo u");
    assert!(String::from_utf8_lossy(&output.stdout).contains("     | why"));
    // colours when asked, none into a pipe
    let (output, _) = judged(&["--color", "always"], "echo r");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("\x1b[1;32mAC\x1b[0m"));
    let (output, _) = judged(&[], "echo r");
    assert!(!String::from_utf8_lossy(&output.stdout).contains('\x1b'));
    // how many cases are wrong, and JSON
    let dir = cases(&ONE_MOVE.repeat(3));
    let three = |options: &[&str]| {
        let output = eight()
            .current_dir(dir.path())
            .args(["judge", "hdu1043", "hdu1043"])
            .args(options)
            .args(["--", "sh", "-c", "echo u; echo r; echo u"])
            .output()
            .expect("runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let text = three(&[]);
    assert!(text.contains("; 2 of 3 cases wrong"), "{text}");
    let records: Vec<serde_json::Value> = three(&["--json"])
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(records[0]["verdict"], "WA");
    assert_eq!(records[0]["file"], "hdu1043/case.in");
    assert_eq!(records[0]["wrong_cases"], 2);
    assert_eq!(records[0]["wrong"]["case"], 1);
    assert_eq!(
        records[1],
        serde_json::json!({"passed": 0, "failed": 1, "errors": 0})
    );
}
