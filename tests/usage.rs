//! What a newcomer and a hostile environment hit outside `eight judge` (issue 12): broken
//! standard streams, files named where boards are expected, boards split over arguments,
//! folders that hold nothing to check, and files that are not files.

mod common;
use common::eight;

use std::fs;
use std::process::{Command, Stdio};

use predicates::prelude::*;

fn full() -> fs::File {
    fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

#[test]
fn a_broken_standard_error_loses_no_answer() {
    // every other case malformed: one diagnostic per answer
    let input = "283104765\n2831\n".repeat(10_000);
    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .arg("steps")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("exits");
    writer.join().expect("the writer ends");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "4\n".repeat(10_000)
    );
    let output = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["steps", "2831", "283104765"])
        .stderr(full())
        .output()
        .expect("runs");
    assert_eq!(
        (output.status.code(), &output.stdout[..]),
        (Some(2), &b"4\n"[..])
    );
}

#[test]
fn help_version_and_completions_fail_like_any_other_write() {
    for args in [&["--help"][..], &["--version"], &["completions", "bash"]] {
        let status = common::process(assert_cmd::cargo::cargo_bin("eight"))
            .args(args)
            .stdout(full())
            .stderr(Stdio::null())
            .status()
            .expect("runs");
        assert_eq!(status.code(), Some(2), "{args:?} to /dev/full");
    }
    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["completions", "bash"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("exits");
    assert_eq!(
        output.status.code(),
        Some(0),
        "a closed pipe is a quiet end"
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn answers_come_before_the_diagnostic_that_follows_them() {
    let output = common::process("sh")
        .arg("-c")
        .arg(format!(
            "printf '283104765\\n2831\\n123804765\\n' | {} steps 2>&1",
            assert_cmd::cargo::cargo_bin("eight").display()
        ))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("4\neight: line 2:1: found `2831`"),
        "{text}"
    );
    assert!(text.ends_with("\n0\n"), "{text}");
}

#[test]
fn a_file_named_as_a_board_gets_the_way_to_read_it_and_dash_is_standard_input() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    fs::write(dir.path().join("hdu_input.txt"), "2 3 4 1 5 x 7 6 8\n").expect("write");
    eight()
        .current_dir(dir.path())
        .args(["path", "hdu_input.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("eight path < hdu_input.txt"));
    eight()
        .args(["path", "-"])
        .write_stdin("2 3 4 1 5 x 7 6 8\n")
        .assert()
        .success()
        .stdout("dlurullddrurdllurdr\n");
}

#[test]
fn show_reads_a_board_split_over_arguments_like_path() {
    eight()
        .args([
            "show", "2", "3", "4", "1", "5", "x", "7", "6", "8", "--color", "never",
        ])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("19 moves: dlurullddrurdllurdr\n"));
}

#[test]
fn stats_say_one_case_not_one_cases() {
    eight()
        .args(["steps", "--stats", "283104765"])
        .assert()
        .success()
        .stderr(predicate::str::contains("eight: 1 case  expanded"));
}

#[test]
fn a_batch_that_checks_nothing_or_meets_no_file_is_trouble() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    fs::create_dir_all(root.join("empty")).expect("folder");
    eight()
        .current_dir(root)
        .args(["batch", "empty"])
        .assert()
        .code(2)
        .stdout("ERR  no test inputs under empty\n0 passed, 0 failed, 1 error\n");
    // an .out that is no file, a FIFO given as an .in
    fs::create_dir_all(root.join("p1379")).expect("folder");
    fs::write(root.join("p1379/a.in"), "283104765\n").expect("write");
    std::os::unix::fs::symlink("/dev/zero", root.join("p1379/a.out")).expect("link");
    let fifo = Command::new("mkfifo")
        .arg(root.join("p1379/f.in"))
        .status()
        .expect("mkfifo");
    assert!(fifo.success());
    eight()
        .current_dir(root)
        .args(["batch", "p1379/a.in", "p1379/f.in"])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout(predicate::str::contains("p1379/a.out: not a regular file"))
        .stdout(predicate::str::contains(
            "ERR  p1379/f.in  not a regular file",
        ));
}

#[test]
fn a_batch_follows_linked_folders_and_reports_a_loop() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    fs::create_dir_all(root.join("real/p1379")).expect("folder");
    fs::write(root.join("real/p1379/a.in"), "283104765\n").expect("write");
    fs::write(root.join("real/p1379/a.out"), "4\n").expect("write");
    fs::create_dir_all(root.join("sets")).expect("folder");
    std::os::unix::fs::symlink(root.join("real/p1379"), root.join("sets/p1379")).expect("link");
    eight()
        .current_dir(root)
        .args(["batch", "sets"])
        .assert()
        .success()
        .stdout("ok   sets/p1379/a.in  1 case\n1 passed, 0 failed\n");
    std::os::unix::fs::symlink(root.join("sets"), root.join("sets/again")).expect("link");
    eight()
        .current_dir(root)
        .args(["batch", "sets"])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout(predicate::str::contains("loop"));
}

#[test]
fn options_are_uniform_across_commands() {
    // --goal (and -g) wherever cases are written or checked; a command's name stands for its
    // judge; -o for gen's output
    let dir = tempfile::tempdir().expect("a temporary folder");
    eight()
        .current_dir(dir.path())
        .args(["gen", "path", "-n", "20", "-g", "1234x5678", "-o", "mine"])
        .assert()
        .success();
    eight()
        .current_dir(dir.path())
        .args(["batch", "--judge", "path", "--goal", "1234x5678", "mine.in"])
        .assert()
        .success()
        .stdout("ok   mine.in  20 cases\n1 passed, 0 failed\n");
    eight()
        .current_dir(dir.path())
        .args(["batch", "--judge", "path", "mine.in"])
        .assert()
        .code(1);
    let eight_path = assert_cmd::cargo::cargo_bin("eight");
    eight()
        .current_dir(dir.path())
        .args([
            "judge",
            "path",
            "mine.in",
            "-g",
            "1234x5678",
            "--",
            eight_path.to_str().expect("UTF-8"),
        ])
        .args(["path", "-g", "1234x5678"])
        .assert()
        .success();
    eight()
        .args(["steps", "-g", "12345678x", "867254301"])
        .assert()
        .stdout("31\n");
    eight()
        .args(["show", "1234567x8", "-g", "12345678x", "--color", "never"])
        .assert()
        .stdout(predicate::str::ends_with("1 move: r\n"));
}

#[test]
fn an_empty_no_color_leaves_colour_on() {
    // `script` gives the command a terminal, where colour is the default
    let on_a_terminal = |no_color: &str| {
        let output = common::process("script")
            .args(["-qec"])
            .arg(format!(
                "NO_COLOR={no_color} {} show 1234567x8",
                assert_cmd::cargo::cargo_bin("eight").display()
            ))
            .arg("/dev/null")
            .output()
            .expect("script runs");
        String::from_utf8_lossy(&output.stdout).contains('\x1b')
    };
    assert!(on_a_terminal(""), "NO_COLOR= (empty) turned colour off");
    assert!(!on_a_terminal("1"), "NO_COLOR=1 left colour on");
}

#[test]
fn a_command_reading_a_terminal_says_so_and_answers_what_is_typed() {
    let test = "a_command_reading_a_terminal_says_so_and_answers_what_is_typed";
    if common::process("tmux").arg("-V").output().is_err() {
        common::engine_missing(test, "tmux is not installed");
        return;
    }
    let socket = format!("eight-usage-{}", std::process::id());
    let tmux = |arguments: &[&str]| {
        common::process("tmux")
            .args(["-L", &socket])
            .args(arguments)
            .output()
            .expect("tmux runs")
    };
    let script = format!(
        "{} steps; echo EXIT=$?; sleep 30",
        assert_cmd::cargo::cargo_bin("eight").display()
    );
    let started = tmux(&["new-session", "-d", "-x", "120", "-y", "24", &script]);
    assert!(started.status.success(), "{started:?}");
    let wait_for = |text: &str| {
        let start = std::time::Instant::now();
        loop {
            let screen = tmux(&["capture-pane", "-p", "-t", "0"]);
            let screen = String::from_utf8_lossy(&screen.stdout).into_owned();
            if screen.contains(text) || start.elapsed().as_secs() > 10 {
                return screen;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };
    let screen = wait_for("reading cases from the terminal");
    assert!(
        screen.contains("eight: reading cases from the terminal: type them as the judge's input"),
        "{screen}"
    );
    tmux(&["send-keys", "-t", "0", "283104765", "Enter", "C-d"]);
    let screen = wait_for("EXIT=");
    tmux(&["kill-server"]);
    assert!(screen.contains("283104765\n4\nEXIT=0"), "{screen}");
}

#[test]
fn eight_alone_shows_its_help_in_groups_not_as_an_error() {
    eight()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage: eight <COMMAND>\n"))
        .stderr(predicate::str::contains(
            "\nPractise:\n  gen batch judge stress check\n",
        ))
        .stderr(predicate::str::contains("eight: ").not());
}

/// What `eight ARGS` prints on standard output.
fn printed(args: &[&str]) -> String {
    let output = eight().args(args).output().expect("runs");
    assert!(output.status.success(), "{args:?}");
    String::from_utf8(output.stdout).expect("text")
}

#[test]
fn a_short_help_fits_a_screen_and_the_long_one_says_it_all() {
    // `eight -h`: every command by name, in its group, in a screen
    let long = printed(&["--help"]);
    let short = printed(&["-h"]);
    assert!(short.lines().count() <= 30, "{short}");
    let names: Vec<&str> = long
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| !name.starts_with('-'))
        .collect();
    assert!(names.len() >= 30, "{names:?}");
    let listed: Vec<&str> = short.split_whitespace().collect();
    for name in &names {
        assert!(
            listed.contains(name),
            "`eight -h` leaves out {name}:\n{short}"
        );
    }
    // each command's `-h`: one line an option, a screen in all; `--help` the details
    for name in names.iter().filter(|name| **name != "help") {
        let short = printed(&[name, "-h"]);
        let long = printed(&[name, "--help"]);
        assert!(short.lines().count() <= 40, "eight {name} -h:\n{short}");
        let mut listing = false;
        for line in short.lines() {
            match line {
                "Arguments:" | "Options:" => listing = true,
                "" => listing = false,
                _ if listing => assert!(
                    !line.starts_with("       "),
                    "eight {name} -h wraps an option's help:\n{short}"
                ),
                _ => {}
            }
        }
        assert!(
            long.len() >= short.len(),
            "eight {name}: --help is shorter than -h"
        );
    }
    // the details are in `--help`: --fast's bound, the judge's own limits
    assert!(printed(&["steps", "--help"]).contains("\"lower_bound\""));
    assert!(!printed(&["steps", "-h"]).contains("\"lower_bound\""));
    assert!(printed(&["judge", "--help"]).contains("HDU 1043's 5 s"));
}
