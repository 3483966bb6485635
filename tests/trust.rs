//! Issue 58, "nothing lies": each surface an attacker found lying or losing cases, held here
//! by a test that failed before its fix (sized framings, blank rows, merge, `--bound`, letter
//! boards' errors).

mod common;
use common::{one_move_unit, run};

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Runs `eight ARGS` on `input`: its standard output's lines, its standard error, its status.
fn lines(args: &[&str], input: &str) -> (Vec<String>, String, Option<i32>) {
    let (out, err, code) = run(args, input);
    (out.lines().map(str::to_string).collect(), err, code)
}

/// Each `--json` record's case number and `field` (as a number, if it is one).
fn numbered(records: &[String], field: &str) -> Vec<(u64, Option<u64>)> {
    records
        .iter()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            (
                record["case"].as_u64().expect("a number"),
                record[field].as_u64(),
            )
        })
        .collect()
}

#[test]
fn letter_boards_name_their_letters_in_errors() {
    let (_, err, code) = run(&["kattis-npuzzle"], "ABCD\nEFGB\nIJKL\nMNO.\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("line 2:4: found a second `B` (the first is at 1:2), expected each of A-O and the blank . exactly once"),
        "{err}"
    );
    let (_, err, _) = run(&["kattis-npuzzle"], "ABCD\nEFGH\nIJKL\nMNOM\n");
    assert!(err.contains("found a second `M`"), "{err}");
    // a letter past the board's last is shown as written, not as a number
    let (_, err, _) = run(&["kattis-npuzzle"], "ABCD\nEFGH\nIJKP\nMNO.\n");
    assert!(err.contains("line 3:4: found `P`"), "{err}");
    assert!(!err.contains("16"), "{err}");
    // BOJ 11112's digits with `#` the blank
    let (_, err, _) = run(&["boj11112"], "1\n12#\n415\n786\n");
    assert!(err.contains("found a second `1`"), "{err}");
    assert!(
        err.contains("each of 1-8 and the blank # exactly once"),
        "{err}"
    );
}

#[test]
fn poj2893_a_size_with_a_number_more_takes_its_own_rows() {
    let input = "2 2\n1 2\n3 0\n2 2 2\n1 2\n1 0\n2 2\n2 1\n3 0\n0 0\n";
    let (answers, err, code) = lines(&["poj2893"], input);
    assert_eq!(answers, ["YES", "NO"], "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("eight: line 4:1: "), "{err}");
    assert_eq!(code, Some(2));
}

#[test]
fn a_size_that_lies_swallows_no_case_after_it() {
    // HDU 3600: `99` before a 4x4 board
    let input = "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n99\n1 2 3 4\n5 6 7 8\n9 10 11 12\n\
                 13 14 15 0\n2\n1 2\n3 0\n2\n2 1\n3 0\n0\n";
    let (answers, err, _) = lines(&["hdu3600", "--json"], input);
    let cases: Vec<(u64, bool)> = answers
        .iter()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            (
                record["case"].as_u64().expect("a number"),
                record.get("error").is_some(),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [(1, false), (2, true), (3, false), (4, false)],
        "{err}"
    );
    // POJ 2893: `1000 1000` before a 2x2 board
    let input = "2 2\n1 2\n3 0\n1000 1000\n1 2\n3 0\n2 2\n2 1\n3 0\n0 0\n";
    let (answers, err, _) = lines(&["poj2893"], input);
    assert_eq!(answers, ["YES", "NO"], "{err}");
    assert!(err.starts_with("eight: line 5:4: "), "{err}");
}

#[test]
fn algs4_a_side_line_of_two_numbers_is_one_malformed_case() {
    let input = "3\n1 2 3\n4 5 6\n7 0 8\n3 3\n1 2 3\n4 5 6\n7 8 0\n3\n0 1 3\n4 2 5\n7 8 6\n\
                 3\n1 2 3\n4 0 5\n7 8 6\n";
    let (answers, err, code) = lines(&["algs4", "--json"], input);
    assert_eq!(
        numbered(&answers, "distance"),
        [(1, Some(1)), (2, None), (3, Some(4)), (4, Some(2))],
        "{err}"
    );
    assert_eq!(code, Some(2));
    // a side that lies (4 before a 3x3 board): the rows say the board
    let input = "3\n1 2 3\n4 5 6\n7 0 8\n4\n1 2 3\n4 5 6\n7 8 0\n3\n0 1 3\n4 2 5\n7 8 6\n";
    let (answers, err, _) = lines(&["algs4"], input);
    assert_eq!(answers, ["1", "4"], "{err}");
    assert!(
        err.starts_with("eight: line 6:6: found a row of 3 cells"),
        "{err}"
    );
}

#[test]
fn a_blank_line_where_a_row_belongs_is_a_malformed_case_of_its_own_lines() {
    // Kattis's letters, a row a line: the blank takes the second row's place
    let input = "ABCD\nEFGH\nIJKL\nMNO.\nABCD\n\nIJKL\nMNO.\nABCD\nEFGH\nIJKL\nMN.O\n";
    let (answers, err, code) = lines(&["kattis-npuzzle"], input);
    assert_eq!(answers, ["0", "1"], "{err}");
    assert!(
        err.starts_with("eight: line 6:1: found a blank line"),
        "{err}"
    );
    assert_eq!(code, Some(2));
    // the 3x3 row judges: every case after it answered, the error at the blank line
    let input = "1 2 3\n4 5 6\n7 8 0\n1 2 3\n\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n";
    let (answers, err, _) = lines(&["boj1525"], input);
    assert_eq!(answers, ["0", "1"], "{err}");
    assert!(
        err.starts_with("eight: line 5:1: found a blank line"),
        "{err}"
    );
}

/// `eight merge` of `records`: its output, standard error and status.
fn merge(records: &[serde_json::Value]) -> (String, String, Option<i32>) {
    let lines: String = records.iter().map(|record| format!("{record}\n")).collect();
    run(&["merge"], &lines)
}

#[test]
fn merge_verifies_what_it_prints_rather_than_believing_it() {
    let record = one_move_unit(1);
    assert_eq!(record["size"], "4x4");
    let (out, err, code) = merge(std::slice::from_ref(&record));
    assert_eq!((out.as_str(), code), ("r\n", Some(0)), "{err}");
    // a forged path, not even legal
    let mut forged = record.clone();
    forged["path"] = "u".into();
    let (out, err, code) = merge(&[forged]);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(err.contains("`u` does not lead from"), "{err}");
    // a record that says the start does not reach its goal, which it does
    let mut forged = record.clone();
    forged["solvable"] = false.into();
    forged["path"] = serde_json::Value::Null;
    let (out, err, code) = merge(&[forged]);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(err.contains("\"solvable\": false"), "{err}");
    // a start that is no board
    let mut forged = record.clone();
    forged["start"] = "1 1 3 4 5 6 7 8 9 10 11 12 13 14 0 15".into();
    let (_, err, code) = merge(&[forged]);
    assert_eq!(code, Some(2));
    assert!(err.contains("the start `1 1 3"), "{err}");
    // two records of one share that differ in what they cost are not one unit's
    let mut other = record.clone();
    other["expanded"] = (record["expanded"].as_u64().expect("a count") + 1).into();
    let (_, err, code) = merge(&[record.clone(), other]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("two different records of share 1 of 1"),
        "{err}"
    );
}

#[test]
fn max_nodes_says_its_range_as_a_user_reads_it() {
    for value in ["0", "lots", "1.5"] {
        let (_, err, code) = run(&["steps", "--max-nodes", value, "283104765"], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(!err.contains("18446744073709551615"), "{err}");
        assert!(
            err.contains("from 1 up") || err.contains("at least 1 node"),
            "{err}"
        );
    }
}

#[test]
fn hdu1043_s_fixtures_hold_only_what_its_statement_sends() {
    // a correct solution that reads the statement's x notation must be accepted on every file
    // users judge their programs on: no `X`, no `0`, no CR, no glued rows
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/hdu1043");
    for entry in std::fs::read_dir(&folder).expect("the fixtures") {
        let path = entry.expect("an entry").path();
        if path.extension().map_or(true, |extension| extension != "in") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("text");
        assert!(!text.contains('\r'), "{}", path.display());
        for (number, line) in text.lines().enumerate() {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let legal = cells.len() == 9
                && cells.iter().all(|cell| {
                    matches!(*cell, "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "x")
                });
            assert!(legal, "{}:{}: {line:?}", path.display(), number + 1);
        }
    }
}

#[test]
fn eight_s_own_leniency_is_kept_in_the_tests_folder() {
    // the layouts the statements never send (glued, `X`, `0`, CRLF, rows on lines) are still
    // read, and checked here rather than in the folders users judge their programs on
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/leniency");
    let (out, err, code) = run(&["batch", folder.to_str().expect("UTF-8")], "");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("3 passed, 0 failed"), "{out}");
}

#[test]
fn a_bound_above_the_estimate_never_passes_for_optimal() {
    // one move from its goal, searched from bound 41: a path of 35 moves, never called shortest
    let board = "1 2 3 4 5 6 7 8 9 10 0 11";
    let (out, err, code) = run(
        &["path", "--size", "4x3", "--json", "--bound", "41", board],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let record: serde_json::Value = serde_json::from_str(out.trim()).expect("a record");
    assert_eq!(record["optimal"], false, "{out}");
    assert_eq!(record["lower_bound"], 1, "{out}");
    assert!(record["distance"].as_u64().expect("a count") > 1, "{out}");
    assert!(
        err.contains("--bound 41: no bound below 41 is searched"),
        "{err}"
    );
    // a count's search from there is no more a proof of the shortest
    let (out, _, code) = run(
        &["steps", "--size", "4x3", "--json", "--bound", "41", board],
        "",
    );
    assert_eq!(code, Some(0));
    let record: serde_json::Value = serde_json::from_str(out.trim()).expect("a record");
    assert_eq!(record["optimal"], false, "{out}");
    // the plain format is the judge's, and the warning is on standard error
    let (out, err, _) = run(&["path", "--size", "4x3", "--bound", "41", board], "");
    assert!(!out.contains("optimal"), "{out}");
    assert!(err.contains("no bound below 41 is searched"), "{err}");
    // at or below the estimate the answer is proved as ever: no "optimal": false
    let (out, _, code) = run(
        &["steps", "--size", "4x3", "--json", "--bound", "1", board],
        "",
    );
    assert_eq!(code, Some(0));
    let record: serde_json::Value = serde_json::from_str(out.trim()).expect("a record");
    assert_eq!(record["distance"], 1, "{out}");
    assert!(record.get("optimal").is_none(), "{out}");
    // a 3x3 board is answered from whole-space tables, which take no bound: nothing to say
    let (out, err, code) = run(&["steps", "--bound", "5", "283104765"], "");
    assert_eq!((out.as_str(), err.as_str(), code), ("4\n", "", Some(0)));
}

#[test]
fn gen_s_default_cases_fit_the_judge_s_most_moves() {
    for (judge, most) in [("lightoj1121", 35), ("uva10181", 50)] {
        let (out, err, code) = run(&["gen", judge, "--seed", "5", "--json"], "");
        assert_eq!(code, Some(0), "{err}");
        let mut unsolvable = 0;
        for line in out.lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            match record["distance"].as_u64() {
                Some(distance) => assert!(distance <= most, "{judge}: {line}"),
                None => unsolvable += 1,
            }
        }
        assert_eq!(out.lines().count(), 10, "{out}");
        assert_eq!(
            unsolvable, 1,
            "{judge}: a few unsolvable, most answered\n{out}"
        );
    }
}

#[test]
fn cache_clear_leaves_a_link_the_user_put_in_a_file_s_place() {
    let dir = tempfile::tempdir().expect("a folder");
    let elsewhere = tempfile::tempdir().expect("another folder");
    let precious = elsewhere.path().join("precious");
    std::fs::write(&precious, b"the user's").expect("write");
    let link = dir.path().join("pdb-corner-v2.bin");
    std::os::unix::fs::symlink(&precious, &link).expect("a link");
    std::fs::write(dir.path().join("pdb-78-8-v2.checked"), vec![0; 2048]).expect("write");
    let output = common::bare()
        .args(["cache", "clear"])
        .env("EIGHT_CACHE_DIR", dir.path())
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let kind = std::fs::symlink_metadata(&link)
        .expect("the link is left")
        .file_type();
    assert!(kind.is_symlink());
    assert_eq!(std::fs::read(&precious).expect("its target"), b"the user's");
    assert!(
        !dir.path().join("pdb-78-8-v2.checked").exists(),
        "eight's own file is cleared"
    );
}

#[test]
fn a_picture_into_a_fifo_without_a_reader_ends_at_an_interrupt_with_130() {
    let dir = tempfile::tempdir().expect("a folder");
    let fifo = dir.path().join("page");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
    for signal in [
        nix::sys::signal::Signal::SIGINT,
        nix::sys::signal::Signal::SIGTERM,
        nix::sys::signal::Signal::SIGHUP,
    ] {
        if signal == nix::sys::signal::Signal::SIGINT && common::sigint_ignored() {
            // a background job's children inherit SIGINT ignored: that one cannot be tried
            continue;
        }
        // `show --html` and `histogram --svg` write through the same writer
        let command: [&std::ffi::OsStr; 3] = match signal {
            nix::sys::signal::Signal::SIGTERM => {
                ["histogram".as_ref(), "--svg".as_ref(), fifo.as_ref()]
            }
            _ => ["show".as_ref(), "--html".as_ref(), fifo.as_ref()],
        };
        let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
            .args(command)
            .args((command[0] == "show").then_some("12345678x"))
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("runs");
        std::thread::sleep(std::time::Duration::from_millis(300));
        let pid = nix::unistd::Pid::from_raw(child.id() as i32);
        nix::sys::signal::kill(pid, signal).expect("signalled");
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("waits") {
                break status;
            }
            if started.elapsed() > std::time::Duration::from_secs(10) {
                let _ = child.kill();
                panic!("{signal}: eight still waits for a reader");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert_eq!(status.code(), Some(130), "{signal}");
        let kind = std::fs::symlink_metadata(&fifo).expect("left").file_type();
        assert!(
            std::os::unix::fs::FileTypeExt::is_fifo(&kind),
            "the FIFO is left"
        );
    }
}

#[test]
fn a_lost_report_says_so_with_the_layers_made_never_a_run_without_them() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join("p1379")).expect("a folder");
    std::fs::write(dir.path().join("p1379/a.in"), "123804765\n").expect("written");
    std::fs::write(dir.path().join("p1379/a.out"), "0\n").expect("written");
    std::fs::write(dir.path().join("slow.sh"), "sleep 5; echo 0\n").expect("written");
    let judge = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["judge", "p1379", "p1379", "-t", "20", "--", "sh", "slow.sh"])
        .current_dir(dir.path())
        .env("XDG_CACHE_HOME", common::test_cache())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    // the supervisor is the judge's child: killed as a program that could reach it would
    let children = format!("/proc/{0}/task/{0}/children", judge.id());
    let started = std::time::Instant::now();
    let supervisor = loop {
        let text = std::fs::read_to_string(&children).unwrap_or_default();
        if let Some(pid) = text.split_whitespace().next() {
            break pid.parse::<i32>().expect("a pid");
        }
        assert!(started.elapsed().as_secs() < 10, "no supervisor started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    // once the program runs (the supervisor has a child), the supervisor has said its layers
    let grandchildren = format!("/proc/{supervisor}/task/{supervisor}/children");
    while std::fs::read_to_string(&grandchildren)
        .unwrap_or_default()
        .trim()
        .is_empty()
    {
        assert!(started.elapsed().as_secs() < 10, "no program started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let pid = nix::unistd::Pid::from_raw(supervisor);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL).expect("killed");
    let output = judge.wait_with_output().expect("ends");
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("report lost: the supervisor died"), "{out}");
    assert!(out.contains("the layers it had made: "), "{out}");
    assert!(!out.contains("unconfined: without"), "{out}");
}

/// A folder of hdu1043's sample beside nothing else, for `eight judge`.
fn sample_fixture(dir: &std::path::Path) {
    std::fs::create_dir_all(dir.join("hdu1043")).expect("a folder");
    std::fs::write(dir.join("hdu1043/a.in"), "2 3 4 1 5 x 7 6 8\n").expect("written");
    std::fs::write(dir.join("hdu1043/a.out"), "dlurullddrurdllurdr\n").expect("written");
}

#[test]
fn root_s_toolchain_in_a_private_home_is_opened_to_the_program_or_the_run_refused() {
    use std::os::unix::fs::PermissionsExt;
    if !nix::unistd::geteuid().is_root() {
        common::skipped(
            "the toolchain in a private home",
            "root's program runs as nobody",
        );
        return;
    }
    let mode = |path: &std::path::Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("a mode")
    };
    // a home only root may enter (as /root is), outside /tmp, holding a toolchain whose program
    // is a script reaching for a file of its own toolchain by its path, as pyenv's shims do
    let home = tempfile::tempdir_in("/var/tmp").expect("a folder");
    mode(home.path(), 0o700);
    let tool = home.path().join(".tool");
    std::fs::create_dir_all(tool.join("bin")).expect("folders");
    std::fs::create_dir_all(tool.join("lib")).expect("folders");
    std::fs::write(tool.join("lib/answer"), "dlurullddrurdllurdr\n").expect("written");
    let run = tool.join("bin/run");
    let script = format!(
        "#!/bin/sh\nexec cat {}\n",
        tool.join("lib/answer").display()
    );
    std::fs::write(&run, script).expect("written");
    mode(&run, 0o755);
    // the judge's folder elsewhere
    let work = tempfile::tempdir().expect("a folder");
    sample_fixture(work.path());
    let judged = |program: &std::path::Path| {
        common::eight()
            .args(["judge", "hdu1043", "hdu1043", "--"])
            .arg(program)
            .current_dir(work.path())
            .output()
            .expect("runs")
    };
    let output = judged(&run);
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.starts_with("AC "), "{out}");
    // a folder inside the toolchain closed too: refused before anything runs, the path named
    let secret = tool.join("secret");
    std::fs::create_dir(&secret).expect("a folder");
    let hidden = secret.join("run");
    std::fs::copy(&run, &hidden).expect("copied");
    mode(&hidden, 0o755);
    mode(&secret, 0o700);
    let output = judged(&hidden);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("{}: nobody", secret.display())),
        "{err}"
    );
    assert!(err.contains("chmod o+x"), "{err}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("RE "));
}

/// `eight judge p1379 p1379 -t 1 -- PROGRAM...` run as nobody (uid 65534, not root) from a
/// folder of its own in /tmp, where nobody may go, with the built binary copied there too (a
/// clone in a private home is out of nobody's reach); `None` where setpriv is missing.
fn judged_as_nobody(program: &[&str], files: &[(&str, &str)]) -> Option<std::process::Output> {
    judged_as_nobody_with(&[], program, files)
}

/// [`judged_as_nobody`], with `options` of `eight judge` beside `-t 1`.
fn judged_as_nobody_with(
    options: &[&str],
    program: &[&str],
    files: &[(&str, &str)],
) -> Option<std::process::Output> {
    use std::os::unix::fs::PermissionsExt;
    let setpriv = ["--reuid=65534", "--regid=65534", "--clear-groups"];
    if common::process("setpriv")
        .args(setpriv)
        .arg("true")
        .status()
        .is_err()
    {
        common::skipped("a run as nobody", "needs setpriv (util-linux)");
        return None;
    }
    let dir = tempfile::tempdir_in("/tmp").expect("a folder");
    let mode = |path: &std::path::Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("a mode")
    };
    mode(dir.path(), 0o755);
    let binary = dir.path().join("eight");
    std::fs::copy(assert_cmd::cargo::cargo_bin("eight"), &binary).expect("copied");
    mode(&binary, 0o755);
    std::fs::create_dir(dir.path().join("p1379")).expect("a folder");
    std::fs::write(dir.path().join("p1379/a.in"), "123804765\n").expect("written");
    std::fs::write(dir.path().join("p1379/a.out"), "0\n").expect("written");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("written");
    }
    let cache = dir.path().join("cache");
    std::fs::create_dir(&cache).expect("a folder");
    std::os::unix::fs::chown(&cache, Some(65534), Some(65534)).expect("nobody's");
    let output = common::process("timeout")
        .args(["120", "setpriv"])
        .args(setpriv)
        .arg(&binary)
        .args(["judge", "p1379", "p1379", "--json", "-t", "1"])
        .args(options)
        .arg("--")
        .args(program)
        .current_dir(dir.path())
        .env("EIGHT_CACHE_DIR", &cache)
        .output()
        .expect("runs");
    Some(output)
}

/// The verdict of the first file of `eight judge --json`'s output.
fn verdict(output: &std::process::Output) -> serde_json::Value {
    let out = String::from_utf8_lossy(&output.stdout);
    let first = out.lines().next().unwrap_or_default();
    serde_json::from_str(first).unwrap_or_else(|_| panic!("a verdict: {output:?}"))
}

#[test]
fn without_root_a_program_that_kills_every_process_it_may_kills_only_its_own() {
    let script = [("killer.sh", "kill -9 -1; sleep 5; echo 0\n")];
    let Some(output) = judged_as_nobody(&["sh", "killer.sh"], &script) else {
        return;
    };
    // eight and its supervisor live on: a verdict, and the program past -t 1 was stopped
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let verdict = verdict(&output);
    assert_eq!(verdict["verdict"], "TLE", "{verdict}");
    let layers = verdict["sandbox"].as_array().expect("the layers");
    assert!(layers.iter().any(|layer| layer == "ns-pid"), "{verdict}");
}

#[test]
fn without_root_a_fork_bomb_meets_a_process_cap_of_the_run_s_own() {
    if !std::path::Path::new("/usr/bin/python3").exists() {
        common::skipped("the bounded fork bomb", "needs /usr/bin/python3");
        return;
    }
    // a bomb with a bound of its own (2,000), so that a run without a cap cannot take the
    // machine: it says how many children it made
    let bomb = "import os, time\nn = 0\ntry:\n    for _ in range(2000):\n        if os.fork() == 0:\n            time.sleep(30)\n            os._exit(0)\n        n += 1\nexcept OSError:\n    pass\nprint(n)\n";
    let Some(output) = judged_as_nobody(&["/usr/bin/python3", "bomb.py"], &[("bomb.py", bomb)])
    else {
        return;
    };
    let verdict = verdict(&output);
    let layers = verdict["sandbox"].as_array().expect("the layers");
    assert!(
        layers.iter().any(|layer| layer == "process-cap"),
        "{verdict}"
    );
    // the program's answer is the count of children it made: at most the cap (256)
    let detail = verdict["detail"].as_str().unwrap_or_default();
    let made: u64 = detail
        .split("got `")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("the count it made: {verdict}"));
    assert!(made < 300, "{verdict}");
}

#[test]
fn json_s_solvable_is_reachability_for_every_judge_and_the_cap_a_field_of_its_own() {
    // boards 80 random moves from the goal: LightOJ answers most "not solvable" (past its 35)
    let (out, err, code) = run(
        &[
            "gen",
            "lightoj1121",
            "--walk",
            "80",
            "-n",
            "6",
            "--seed",
            "2",
            "--unsolvable",
            "0",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let mut beyond = 0;
    for line in out.lines() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a record");
        // every board here reaches its goal: solvable, whatever the judge's cap
        assert_eq!(record["solvable"], true, "{line}");
        assert_eq!(record["limit"], 35, "{line}");
        match record["distance"].as_u64() {
            Some(distance) => assert!(distance <= 35, "{line}"),
            None => beyond += 1,
        }
    }
    assert!(beyond > 0, "{out}");
    // a judge without a cap has no such field
    let (out, _, _) = run(&["steps", "--json", "283104765"], "");
    assert!(!out.contains("\"limit\""), "{out}");
}

#[test]
fn merge_gives_the_true_answer_or_an_error_whatever_a_record_is_changed_to() {
    // the records of a wave that holds the answer, each field of one record changed in turn:
    // merge prints the true answer (a change it may ignore, as the time) or refuses, never
    // another answer
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    // a path's wave, and a count's (answered by any share holding a path)
    // each cut by count and cut by place (as `merge --even` writes the shares)
    let by_place = ["1/2:0-8388608", "2/2:8388608-16777216"];
    for (command, answer) in [("path", "r\n"), ("steps", "1\n")] {
        merge_holds_whatever_a_record_is_changed_to(command, board, answer, ["1/2", "2/2"]);
        merge_holds_whatever_a_record_is_changed_to(command, board, answer, by_place);
    }
}

/// [`merge_gives_the_true_answer_or_an_error_whatever_a_record_is_changed_to`] for the wave of
/// `command`'s units at bound 1 for `board`, whose answer is `answer`, its shares' `--part`
/// `parts`.
fn merge_holds_whatever_a_record_is_changed_to(
    command: &str,
    board: &str,
    answer: &str,
    parts: [&str; 2],
) {
    let wave: Vec<serde_json::Value> = parts
        .into_iter()
        .map(|part| {
            let (out, err, code) = run(
                &[
                    command,
                    "--size",
                    "4x4",
                    "--algo",
                    "conflicts",
                    "--part",
                    part,
                    "--bound",
                    "1",
                    "--json",
                    board,
                ],
                "",
            );
            assert_eq!(code, Some(0), "{err}");
            serde_json::from_str(out.trim()).expect("a record")
        })
        .collect();
    let (truth, err, code) = merge(&wave);
    assert_eq!(
        (truth.as_str(), code),
        (answer, Some(0)),
        "{command}: {err}"
    );
    let changes: Vec<(&str, serde_json::Value)> = vec![
        ("path", "u".into()),
        ("path", "rl".into()),
        ("path", "rlr".into()),
        ("path", "".into()),
        ("path", "x".into()),
        ("path", serde_json::Value::Null),
        ("solvable", false.into()),
        ("start", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".into()),
        ("start", "1 2 3".into()),
        ("goal", "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15".into()),
        ("size", "2x8".into()),
        ("size", "4x".into()),
        ("bound", 3.into()),
        ("bound", 0.into()),
        ("part", 3.into()),
        ("part", 0.into()),
        ("parts", 1.into()),
        ("parts", 3.into()),
        ("next_bound", 2.into()),
        ("expanded", 999_999.into()),
        ("method", "pdb-7-8".into()),
        ("judge", "uva10181".into()),
        ("seconds", 12.5.into()),
        ("host", "elsewhere".into()),
        ("host", 7.into()),
        ("range", serde_json::json!([0, 5])),
        ("range", serde_json::json!([0, 16_777_216])),
        ("range", serde_json::json!([8_388_608, 16_777_216])),
        ("range", serde_json::json!([5, 4])),
        ("range", serde_json::json!([0, 4_294_967_295u32])),
        ("range", serde_json::Value::Null),
        ("range", "0-5".into()),
        ("slices", serde_json::json!([{"from": 0, "nodes": 999_999}])),
        (
            "slices",
            serde_json::json!([{"from": 4_294_967_295u32, "nodes": 1}]),
        ),
        ("slices", "x".into()),
    ];
    for index in 0..wave.len() {
        for (field, value) in &changes {
            let mut records = wave.clone();
            records[index][*field] = value.clone();
            // one record changed, and also beside its own unchanged copy (a unit run twice)
            for records in [records.clone(), [records.clone(), wave.clone()].concat()] {
                let (out, err, code) = merge(&records);
                let truthful = (code == Some(0) && out == truth) || code == Some(2);
                let exit_one = code == Some(1) && *field == "path" && value.is_null();
                assert!(
                    truthful || exit_one,
                    "{command}: record {index}, {field} = {value}: {out:?} {err} {code:?}"
                );
            }
        }
    }
}

/// A Python program that makes `segments` System V segments of 16 MiB, writes each whole and
/// detaches it (no process maps them after), and prints how many it made: memory that only
/// the count of the run's IPC objects sees.
const DETACHED: &str = "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.shmat.restype = ctypes.c_void_p\nmade = 0\nfor _ in range(18):\n    key = libc.shmget(0, 16 << 20, 0o1600)\n    if key < 0:\n        break\n    at = libc.shmat(key, None, 0)\n    if at in (None, ctypes.c_void_p(-1).value):\n        break\n    ctypes.memset(at, 1, 16 << 20)\n    libc.shmdt(ctypes.c_void_p(at))\n    made += 1\nprint(made)\n";

/// Whether `verdict` keeps the memory limit against [`DETACHED`]: no segment was made (the
/// program's answer, 0, is right), or the run was stopped for its memory.
fn kept_the_memory_limit(verdict: &serde_json::Value) -> bool {
    verdict["verdict"] == "MLE" || verdict["verdict"] == "AC"
}

#[test]
fn without_root_detached_shared_memory_is_no_way_past_the_memory_limit() {
    if !std::path::Path::new("/usr/bin/python3").exists() {
        common::skipped("detached shared memory", "needs /usr/bin/python3");
        return;
    }
    let files = [("detached.py", DETACHED)];
    let program = ["/usr/bin/python3", "detached.py"];
    let Some(output) = judged_as_nobody_with(&["-m", "64"], &program, &files) else {
        return;
    };
    let verdict = verdict(&output);
    assert!(kept_the_memory_limit(&verdict), "{verdict}");
}

#[test]
fn as_root_detached_shared_memory_is_no_way_past_the_memory_limit() {
    if !nix::unistd::geteuid().is_root() || !std::path::Path::new("/usr/bin/python3").exists() {
        common::skipped(
            "detached shared memory as root",
            "needs root and /usr/bin/python3",
        );
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    sample_p1379(dir.path());
    std::fs::write(dir.path().join("detached.py"), DETACHED).expect("written");
    let output = common::eight()
        .args([
            "judge", "p1379", "p1379", "--json", "-t", "5", "-m", "64", "--",
        ])
        .args(["/usr/bin/python3", "detached.py"])
        .current_dir(dir.path())
        .output()
        .expect("runs");
    let verdict = verdict(&output);
    assert!(kept_the_memory_limit(&verdict), "{verdict}");
}

/// A fixture folder `p1379` in `dir`: one solved board, whose answer is 0.
fn sample_p1379(dir: &std::path::Path) {
    std::fs::create_dir(dir.join("p1379")).expect("a folder");
    std::fs::write(dir.join("p1379/a.in"), "123804765\n").expect("written");
    std::fs::write(dir.join("p1379/a.out"), "0\n").expect("written");
}

#[test]
fn a_mount_inside_a_folder_brought_into_the_jail_is_read_only_too() {
    // a folder of the machine's /tmp named by the command is brought in read-only, and so is
    // every mount below it: a tmpfs at FOLDER/sub is not the program's to write, as root or as
    // the folder named `.` from /tmp itself
    if !nix::unistd::geteuid().is_root() {
        common::skipped(
            "a mount below a folder brought in",
            "needs root to mount a tmpfs",
        );
        return;
    }
    let dir = tempfile::tempdir_in("/tmp").expect("a folder");
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).expect("a folder");
    let mounted = common::process("mount")
        .args(["-t", "tmpfs", "tmpfs"])
        .arg(&sub)
        .status()
        .is_ok_and(|status| status.success());
    if !mounted {
        common::skipped("a mount below a folder brought in", "mount -t tmpfs failed");
        return;
    }
    sample_p1379(dir.path());
    let writer = format!(
        "echo x > '{0}/written'; echo x > '{1}/written'; echo 0\n",
        sub.display(),
        dir.path().display()
    );
    std::fs::write(dir.path().join("writer.sh"), writer).expect("written");
    let script = dir.path().join("writer.sh");
    let name = dir
        .path()
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .to_string();
    // the folder named by its script, and /tmp named as `.`
    let runs: [(&std::path::Path, Vec<String>); 2] = [
        (dir.path(), vec!["sh".into(), script.display().to_string()]),
        (
            std::path::Path::new("/tmp"),
            vec!["sh".into(), format!("{name}/writer.sh"), ".".into()],
        ),
    ];
    let mut judged = 0;
    for (from, program) in runs {
        let fixtures = dir.path().join("p1379");
        let output = common::eight()
            .args(["judge", "p1379"])
            .arg(&fixtures)
            .args(["--json", "-t", "5", "--"])
            .args(&program)
            .current_dir(from)
            .output()
            .expect("runs");
        let written = sub.join("written").exists() || dir.path().join("written").exists();
        assert!(!written, "{program:?} from {from:?} wrote: {output:?}");
        let verdict = verdict(&output);
        assert_eq!(verdict["verdict"], "AC", "{verdict}");
        judged += 1;
    }
    assert_eq!(judged, 2);
    let _ = common::process("umount").arg(&sub).status();
}

#[test]
fn root_s_toolchain_home_opens_to_its_solution_env_s_words_and_its_libraries() {
    // pyenv's python run on a solution kept in the same home (`cd ~/work && eight judge ... --
    // python3 sol.py`), a script whose `#!/usr/bin/env -S A=1 tool` names the toolchain after
    // an assignment, and a program whose libraries lie in another folder of the home by its
    // RUNPATH: each is judged, or refused with the closed folder named, never a runtime error
    use std::os::unix::fs::PermissionsExt;
    if !nix::unistd::geteuid().is_root() {
        common::skipped("a toolchain's home", "root's program runs as nobody");
        return;
    }
    let mode = |path: &std::path::Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("a mode")
    };
    let home = tempfile::tempdir_in("/var/tmp").expect("a folder");
    mode(home.path(), 0o700);
    let bin = home.path().join(".tool/bin");
    std::fs::create_dir_all(&bin).expect("folders");
    let tool = bin.join("tool");
    std::fs::write(&tool, "#!/bin/sh\nexec /bin/sh \"$@\"\n").expect("written");
    mode(&tool, 0o755);
    let answers = "while read line; do echo 0; done\n";
    let judged = |program: &[&std::ffi::OsStr], from: &std::path::Path| {
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let output = common::eight()
            .args(["judge", "p1379", "p1379", "--"])
            .args(program)
            .current_dir(from)
            .env("PATH", path)
            .output()
            .expect("runs");
        let out = String::from_utf8_lossy(&output.stdout).into_owned();
        (out, String::from_utf8_lossy(&output.stderr).into_owned())
    };
    // the solution and the fixtures in the toolchain's home
    let work = home.path().join("work");
    std::fs::create_dir(&work).expect("a folder");
    sample_p1379(&work);
    std::fs::write(work.join("sol.sh"), answers).expect("written");
    let (out, err) = judged(&[tool.as_os_str(), "sol.sh".as_ref()], &work);
    assert!(out.starts_with("AC "), "{out}{err}");
    // env's words before the program it runs
    let elsewhere = tempfile::tempdir().expect("a folder");
    sample_p1379(elsewhere.path());
    let script = elsewhere.path().join("sol");
    std::fs::write(&script, format!("#!/usr/bin/env -S A=1 tool\n{answers}")).expect("written");
    mode(&script, 0o755);
    let (out, err) = judged(&[script.as_os_str()], elsewhere.path());
    assert!(out.starts_with("AC "), "{out}{err}");
    // a program whose library lies in the home by its RUNPATH
    let libs = home.path().join(".libs");
    std::fs::create_dir(&libs).expect("a folder");
    std::fs::write(
        libs.join("a.c"),
        "const char *answer(void) { return \"0\"; }\n",
    )
    .expect("written");
    let main = "#include <stdio.h>\nconst char *answer(void);\nint main(void) { char line[64]; while (fgets(line, 64, stdin)) puts(answer()); return 0; }\n";
    std::fs::write(libs.join("m.c"), main).expect("written");
    let shared = common::process("gcc")
        .args(["-shared", "-fPIC", "-o", "libanswer.so", "a.c"])
        .current_dir(&libs)
        .status();
    if !shared.is_ok_and(|status| status.success()) {
        common::skipped("a library by RUNPATH", "needs gcc");
        return;
    }
    let program = bin.join("answer");
    let linked = common::process("gcc")
        .args(["-o"])
        .arg(&program)
        .args(["m.c", "-L.", "-lanswer", "-Wl,--enable-new-dtags"])
        .arg(format!("-Wl,-rpath,{}", libs.display()))
        .current_dir(&libs)
        .status()
        .expect("gcc runs");
    assert!(linked.success());
    let (out, err) = judged(&[program.as_os_str()], elsewhere.path());
    assert!(out.starts_with("AC "), "{out}{err}");
    mode(&libs, 0o700);
    let (out, err) = judged(&[program.as_os_str()], elsewhere.path());
    assert!(
        err.contains(&format!("{}: nobody", libs.display())),
        "{out}{err}"
    );
    assert!(!out.contains("RE "), "{out}");
}

#[test]
fn the_cache_is_hidden_whole_or_file_by_file_and_nothing_else_with_it() {
    // the judge gives the sandbox what to hide: a cache folder of eight's files alone is
    // covered whole; one that holds the user's files too (EIGHT_CACHE_DIR at a home folder)
    // has eight's files covered each, and the user's left as they are
    // outside /tmp, which the jail replaces with the program's own, so that the program sees
    // whatever is not hidden
    if !Path::new("/var/tmp").is_dir() {
        common::skipped("the cache hidden", "needs /var/tmp");
        return;
    }
    let dir = tempfile::tempdir_in("/var/tmp").expect("a folder");
    let base = dir.path().join("hidden-cache");
    for (mode, notes) in [("whole", false), ("file by file", true)] {
        let folder = base.join(mode.replace(' ', "-"));
        fs::create_dir_all(&folder).expect("a folder");
        fs::write(folder.join("pdb-corner-v2.bin"), "secret").expect("written");
        if notes {
            fs::write(folder.join("notes.txt"), "mine").expect("written");
        }
        for path in [dir.path(), &base, &folder] {
            fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        let work = tempfile::tempdir().expect("a folder");
        fs::write(work.path().join("a.in"), "1 2 3 4 5 6 7 8 x\n").expect("written");
        // an empty line (right) when eight's file cannot be read and the user's can
        let look = format!(
            "if grep -qs secret \"$D/pdb-corner-v2.bin\"; then echo leak; \
             elif [ {notes} = true ] && ! [ -s \"$D/notes.txt\" ]; then echo lost; else echo; fi"
        );
        fs::write(work.path().join("look.sh"), look).expect("written");
        let output = common::bare()
            .current_dir(work.path())
            .env("EIGHT_CACHE_DIR", &folder)
            .arg("judge")
            .arg("hdu1043")
            .arg("a.in")
            .arg("--env")
            .arg(format!("D={}", folder.display()))
            .args(["--", "sh", "look.sh"])
            .output()
            .expect("runs");
        let out = String::from_utf8_lossy(&output.stdout);
        assert!(out.starts_with("AC   a.in"), "{mode}: {out}");
    }
}
