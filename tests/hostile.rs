//! Tried as an attacker would: inputs, files and programs made to make `eight` answer wrongly,
//! accept a wrong answer, hang or lose answers. Each test here reproduces one such finding and
//! holds the fix.

mod common;
use common::{eight, run};

/// The usual goal of a `width`×`height` board, and the boards one move of the blank away from
/// it (the blank one cell left, then one cell up), as lines of numbers.
fn near_goal(width: usize, height: usize) -> [String; 3] {
    let cells = width * height;
    let mut goal: Vec<usize> = (1..cells).collect();
    goal.push(0);
    let mut left = goal.clone();
    left.swap(cells - 1, cells - 2);
    let mut up = goal.clone();
    up.swap(cells - 1, cells - 1 - width);
    [goal, left, up].map(|cells| {
        cells
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

#[test]
fn every_shape_from_2x2_to_16x16_knows_its_goal_and_its_neighbours() {
    for width in 2..=16 {
        for height in 2..=16 {
            let size = format!("{width}x{height}");
            let input = near_goal(width, height).join("\n") + "\n";
            let output = eight()
                .args(["path", "--size", &size])
                .write_stdin(input.clone())
                .output()
                .expect("runs");
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                "\nr\nd\n",
                "path --size {size}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            if (width, height) != (3, 3) {
                let output = eight()
                    .args(["steps", "--size", &size])
                    .write_stdin(input)
                    .output()
                    .expect("runs");
                assert_eq!(
                    String::from_utf8_lossy(&output.stdout),
                    "0\n1\n1\n",
                    "{size}"
                );
            }
        }
    }
}

#[test]
fn algs4_answers_a_solved_16x16_board_with_zero() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("puzzle16x16-00.txt");
    let [goal, ..] = near_goal(16, 16);
    let rows: Vec<String> = goal
        .split(' ')
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|row| row.join(" "))
        .collect();
    std::fs::write(&file, format!("16\n{}\n", rows.join("\n"))).expect("write");
    let output = eight().arg("algs4").arg(&file).output().expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}: 0\n", file.display())
    );
}

#[test]
fn gen_never_panics_on_the_largest_boards() {
    for judge in [
        "p1379",
        "hoj10466",
        "poj1077",
        "hdu1043",
        "hdu3567",
        "lightoj1121",
        "uva10181",
        "leetcode773",
        "algs4",
    ] {
        for size in ["16x16", "16x2", "2x16"] {
            let output = eight()
                .args(["gen", judge, "--size", size, "-n", "2", "--walk", "3"])
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .expect("runs");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                !stderr.contains("panicked"),
                "gen {judge} --size {size}: {stderr}"
            );
            assert!(
                matches!(output.status.code(), Some(0 | 2)),
                "gen {judge} --size {size}: {output:?}"
            );
        }
    }
}

#[test]
fn a_count_that_is_no_count_is_said_once_and_the_first_case_is_case_1() {
    for header in ["-1", "+1"] {
        let (out, err, code) = run(&["hdu3567"], &format!("{header}\n123456780 123456708\n"));
        assert_eq!(out, "Case 1: 1\nl\n", "{header}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("expected the number of cases first"), "{err}");
        assert_eq!(code, Some(2));
    }
    let (_, err, _) = run(&["uva10181"], "999999999999999999\n");
    assert!(err.contains("`9999999999999999…` (18 characters)"), "{err}");
}

#[test]
fn a_bad_row_shifts_no_later_4x4_board() {
    let solved_but_one = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15";
    let two_away = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15";
    let bad = "1 2 3 4\n5 6 7 8 9\n9 10 11 12\n13 14 0 15";
    let (out, err, _) = run(
        &["uva10181"],
        &format!("3\n{bad}\n{solved_but_one}\n{two_away}\n"),
    );
    assert_eq!(out, "R\nRR\n", "{err}");
    assert_eq!(err.lines().count(), 1, "the bad board alone: {err}");
    // LightOJ's blank lines end a board that lacks a row
    let short = "1 2 3 4\n5 6 7 8\n9 10 11 12";
    let (out, err, _) = run(
        &["lightoj1121"],
        &format!("3\n\n{short}\n\n{solved_but_one}\n\n{two_away}\n"),
    );
    assert_eq!(out, "Case 2: R\nCase 3: RR\n", "{err}");
    assert!(
        err.starts_with("eight: line 6:1: found a blank line after 12 of 16 cells"),
        "{err}"
    );
}

/// `eight judge hdu1043` of `script` (run by `sh`) on a file of `input` beside its answers in
/// `case.out`, with `options`; what it printed, and its status.
fn judge_script(
    input: &str,
    answers: &str,
    options: &[&str],
    script: &str,
) -> (String, Option<i32>) {
    let dir = tempfile::tempdir().expect("a folder");
    let cases = dir.path().join("hdu1043");
    std::fs::create_dir(&cases).expect("folder");
    std::fs::write(cases.join("case.in"), input).expect("write");
    std::fs::write(cases.join("case.out"), answers).expect("write");
    std::fs::write(dir.path().join("program.sh"), script).expect("write");
    let output = eight()
        .current_dir(dir.path())
        .args(["judge", "hdu1043", "hdu1043"])
        .args(options)
        .args(["--", "sh", "program.sh"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

#[test]
fn a_program_cannot_forge_its_supervisor_s_report() {
    // a report line saying exit 0, 1 ms, 0.1 MiB, then the right answer, written to each of
    // the parent's descriptors it can open; then it outstays the time limit
    let forge = r#"
report='{"ended":{"Exited":0},"elapsed_us":1000,"peak_kib":100,"stdout_len":2,"stderr_len":0,"failed_to_start":null}'
for fd in /proc/$PPID/fd/*; do
  { printf '%s\nr\n' "$report" > "$fd"; } 2>/dev/null
done
sleep 30
"#;
    let (out, code) = judge_script("1 2 3 4 5 6 7 x 8\n", "r\n", &["-t", "1"], forge);
    assert!(out.starts_with("TLE  hdu1043/case.in"), "{out}");
    assert_eq!(code, Some(1), "{out}");
}

#[test]
fn a_program_gets_no_descriptor_but_its_three_streams() {
    let dir = tempfile::tempdir().expect("a folder");
    let victim = dir.path().join("victim.txt");
    let script = format!(
        "exec 7>>{}; exec {} judge hdu1043 hdu1043 -- sh program.sh",
        victim.display(),
        assert_cmd::cargo::cargo_bin("eight").display()
    );
    let cases = dir.path().join("hdu1043");
    std::fs::create_dir(&cases).expect("folder");
    std::fs::write(cases.join("case.in"), "1 2 3 4 5 6 7 x 8\n").expect("write");
    // the program writes into descriptor 7 if it has it, and lists what it has
    std::fs::write(
        dir.path().join("program.sh"),
        "echo pwned >&7 2>/dev/null; ls /proc/self/fd >&2; echo r",
    )
    .expect("write");
    let output = common::process("bash")
        .args(["-c", &script])
        .current_dir(dir.path())
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.starts_with("AC   hdu1043/case.in"), "{out}");
    assert_eq!(std::fs::read_to_string(&victim).expect("there"), "");
}

#[test]
fn shared_memory_no_one_maps_counts_and_idle_shells_do_not_add_up() {
    // 256 MiB in a memfd (python's os.memfd_create), written, held, never mapped
    let hog = "python3 -c \"import os,time; fd=os.memfd_create('hog'); \
               [os.write(fd, b'x'*(1<<20)) for _ in range(256)]; time.sleep(3)\"; echo r";
    let (out, code) = judge_script("1 2 3 4 5 6 7 x 8\n", "r\n", &["-t", "10", "-m", "64"], hog);
    assert!(out.starts_with("MLE  hdu1043/case.in"), "{out}");
    assert_eq!(code, Some(1));
    // 150 idle shells share their pages: far below 256 MiB
    let shells = "for i in $(seq 150); do sleep 2 & done; sleep 1; echo r";
    let (out, code) = judge_script(
        "1 2 3 4 5 6 7 x 8\n",
        "r\n",
        &["-t", "10", "-m", "256"],
        shells,
    );
    assert!(out.starts_with("AC   hdu1043/case.in"), "{out}");
    assert_eq!(code, Some(0));
}

#[test]
fn a_judged_program_cannot_reach_the_cache_the_judge_checks_with() {
    let dir = tempfile::tempdir().expect("a folder");
    let cache = dir.path().join("cache");
    let cases = dir.path().join("lightoj1121");
    std::fs::create_dir_all(&cases).expect("folder");
    std::fs::write(
        cases.join("a.in"),
        "1\n\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n",
    )
    .expect("write");
    // what a poisoner does: plant a file where eight keeps its databases, then answer
    std::fs::write(
        dir.path().join("program.sh"),
        "mkdir -p \"$XDG_CACHE_HOME/eight\" 2>/dev/null; \
         echo poison > \"$XDG_CACHE_HOME/eight/pdb-corner-v2.bin\" 2>/dev/null; \
         echo 'Case 1: R'",
    )
    .expect("write");
    let output = common::bare()
        .current_dir(dir.path())
        .env("XDG_CACHE_HOME", &cache)
        .args([
            "judge",
            "lightoj1121",
            "lightoj1121",
            "-t",
            "5",
            "--",
            "sh",
            "program.sh",
        ])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .expect("runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.starts_with("AC   lightoj1121/a.in"), "{out}");
    // the databases were ready before the program ran, and are still the true ones
    let file = cache.join("eight/pdb-corner-v2.bin");
    let size = std::fs::metadata(&file)
        .expect("built before the run")
        .len();
    if nix::unistd::geteuid().is_root() {
        assert!(
            size > 1_000_000,
            "the program wrote over the cache: {size} bytes"
        );
    }
}

/// The verdict of `eight judge JUDGE` on `input` for a program that prints `answer`.
fn verdict_of(judge: &str, input: &str, answer: &str) -> String {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(dir.path().join("a.in"), input).expect("write");
    std::fs::write(dir.path().join("answer.txt"), answer).expect("write");
    let output = eight()
        .current_dir(dir.path())
        .args(["judge", judge, "a.in", "--", "cat", "answer.txt"])
        .output()
        .expect("runs");
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    out.split_whitespace().next().unwrap_or("").to_string()
}

#[test]
fn the_checker_takes_only_what_the_judges_take() {
    let hdu = "1\n12345678x\n123456x78\n";
    for wrong in [
        "Case 1:2\nll\n",
        "Case 1: +2\nll\n",
        "Case 1: 02\nll\n",
        " Case 1: 2\nll\n",
    ] {
        assert_eq!(verdict_of("hdu3567", hdu, wrong), "WA", "{wrong:?}");
    }
    assert_eq!(verdict_of("hdu3567", hdu, "Case 1: 2  \nll \n"), "AC");
    let lightoj = "1\n\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    for wrong in ["Case 1:R\n", " Case 1: R\n", "Case 1:  R\n"] {
        assert_eq!(verdict_of("lightoj1121", lightoj, wrong), "WA", "{wrong:?}");
    }
    assert_eq!(verdict_of("lightoj1121", lightoj, "Case 1: R \n"), "AC");
    for wrong in ["+4\n", "04\n", " 4\n"] {
        assert_eq!(verdict_of("p1379", "283104765\n", wrong), "WA", "{wrong:?}");
    }
}

#[test]
fn leetcode773_refuses_boards_of_another_shape_with_their_place() {
    let (out, err, code) = run(
        &["leetcode773"],
        "[[1,2],[3,4],[0,5]]\n[[1,2,3,4],[0,5]]\n[[1,2,3],[4,0,5]]\n[[1,2,3],[4,0,5],[6]]\n",
    );
    assert_eq!(out, "1\n", "{err}");
    assert_eq!(
        err,
        "eight: line 1:6: found a list of 2 cells, expected lists of 3 cells, a row each\n\
         eight: line 2:9: found a list of more than 3 cells, expected lists of 3 cells, a row each\n\
         eight: line 4:19: found `6`, expected `]` after the board's 6 cells\n"
    );
    assert_eq!(code, Some(2));
}

/// Runs `command`, sends it SIGINT after a second, and gives its output; it must end within
/// ten seconds of the signal.
fn interrupted(mut command: std::process::Command) -> std::process::Output {
    use std::time::{Duration, Instant};
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    std::thread::sleep(Duration::from_secs(1));
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).expect("signal");
    let signalled = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if signalled.elapsed() > Duration::from_secs(10) {
            child.kill().expect("kill");
            panic!("still searching ten seconds after SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A random 5×5 board some 60 moves deep, far beyond what a search ends in a second.
const DEEP_5X5: &str =
    "5\n 7 24 10 19  3\n12 20  0  8 21\n18 11 16 23 13\n 4  1  6  9 17\n15 22  2  5 14\n";

#[test]
fn ctrl_c_stops_a_search_under_gen_out_and_batch_bless() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut gen = common::process(assert_cmd::cargo::cargo_bin("eight"));
    gen.args([
        "gen",
        "path",
        "--size",
        "5x5",
        "-n",
        "3",
        // random 5x5 boards are refused at once; a walk this long lies far too deep as well
        "--walk",
        "200",
        "--max-nodes",
        "100000000000",
    ])
    .arg("--out")
    .arg(dir.path().join("deep"))
    .env("XDG_CACHE_HOME", common::test_cache());
    let output = interrupted(gen);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("interrupted"));
    assert!(
        common::names(dir.path()).is_empty(),
        "{:?}",
        common::names(dir.path())
    );

    let folder = dir.path().join("algs4");
    std::fs::create_dir(&folder).expect("folder");
    std::fs::write(folder.join("deep.in"), DEEP_5X5).expect("write");
    let mut bless = common::process(assert_cmd::cargo::cargo_bin("eight"));
    bless
        .args(["batch", "--bless"])
        .arg(&folder)
        .env("XDG_CACHE_HOME", common::test_cache());
    let output = interrupted(bless);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(common::names(&folder), ["deep.in"]);
}

#[test]
fn with_standard_input_a_file_an_answer_leaves_before_the_deep_search_after_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let input = dir.path().join("cases.txt");
    // a one-move 5x5 board, then one that searches for a long time (killed below)
    let shallow = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";
    let deep = DEEP_5X5.lines().skip(1).collect::<Vec<_>>().join(" ");
    std::fs::write(&input, format!("{shallow}\n{deep}\n")).expect("write");
    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["path", "--size", "5x5", "--max-nodes", "100000000000"])
        .env("XDG_CACHE_HOME", common::test_cache())
        .stdin(std::fs::File::open(&input).expect("open"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    let answers = lines_of(child.stdout.take().expect("piped"));
    let first = answers.recv_timeout(std::time::Duration::from_secs(30));
    let running = child.try_wait().expect("try_wait").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first.as_deref(), Ok("r"));
    assert!(running, "the deep board was still being searched");
}

#[test]
fn with_jobs_an_answer_leaves_before_the_next_case_is_written() {
    use std::io::Write;
    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["path", "--size", "4x4", "--jobs", "4"])
        .env("XDG_CACHE_HOME", common::test_cache())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("piped");
    let answers = lines_of(child.stdout.take().expect("piped"));
    writeln!(input, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15").expect("write");
    input.flush().expect("flush");
    // the second case is not written until the first is answered: a deadlock otherwise
    let first = answers.recv_timeout(std::time::Duration::from_secs(20));
    assert_eq!(first.as_deref(), Ok("r"));
    writeln!(input, "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15").expect("write");
    drop(input);
    let second = answers.recv_timeout(std::time::Duration::from_secs(20));
    assert_eq!(second.as_deref(), Ok("rr"));
    assert!(child.wait().expect("wait").success());
}

#[test]
fn a_report_that_cannot_be_written_is_trouble() {
    let eight_path = assert_cmd::cargo::cargo_bin("eight");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/p1379");
    let shell = |redirect: &str, command: &str| {
        let script = format!("exec {} {command} {redirect}", eight_path.display());
        let output = common::process("bash")
            .args(["-c", &script])
            .env("XDG_CACHE_HOME", common::test_cache())
            .output()
            .expect("bash");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let judge = format!("judge p1379 {fixtures} -- {} steps", eight_path.display());
    for command in [format!("batch {fixtures}"), judge] {
        let (code, err) = shell("> /dev/full", &command);
        assert_eq!(code, Some(2), "{command}: {err}");
        assert!(err.contains("cannot write to standard output"), "{err}");
        assert_eq!(shell("> /dev/null", &command).0, Some(0), "{command}");
    }
    let (code, err) = shell("< /dev/null >&-", "path 283104765");
    assert_eq!(code, Some(2));
    assert!(err.contains("standard output is closed"), "{err}");
    assert_eq!(shell("> /dev/null", "path 283104765").0, Some(0));
}

#[test]
fn algs4_streams_its_files_and_a_fifo_does_not_hang_it() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("a folder");
    let fifo = dir.path().join("boards.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    // no writer: read as empty, at once
    let output = eight()
        .arg("algs4")
        .arg(&fifo)
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    // a writer, there before eight opens the FIFO (read and write, so that opening does not
    // wait), that waits for the first answer before it writes the second board
    let mut writer = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .expect("open");
    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["algs4", "--json"])
        .arg(&fifo)
        .env("XDG_CACHE_HOME", common::test_cache())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let answers = lines_of(child.stdout.take().expect("piped"));
    writer
        .write_all(b"3\n1 2 3\n4 5 6\n7 0 8\n")
        .expect("write");
    writer.flush().expect("flush");
    let first = answers
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("an answer");
    assert!(first.contains("\"distance\":1"), "{first}");
    writer.write_all(b"2\n1 2\n0 3\n").expect("write");
    drop(writer);
    let second = answers
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("an answer");
    assert!(second.contains("\"distance\":1"), "{second}");
    assert!(child.wait().expect("wait").success());
}

#[test]
fn max_nodes_zero_is_refused_not_taken_for_the_default() {
    for command in ["steps", "path", "gen"] {
        let mut run = eight();
        if command == "gen" {
            run.args(["gen", "lightoj1121"]);
        } else {
            run.arg(command);
        }
        let output = run.args(["--max-nodes", "0"]).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("--max-nodes"));
    }
}

#[test]
fn a_program_that_rewrites_the_inputs_is_judged_on_what_they_held() {
    let dir = tempfile::tempdir().expect("a folder");
    let cases = dir.path().join("hdu1043");
    std::fs::create_dir(&cases).expect("folder");
    for name in ["a.in", "b.in"] {
        std::fs::write(cases.join(name), "1 2 3 4 5 6 7 x 8\n").expect("write");
    }
    // every input made a solved board, through its descriptor and through the paths; then the
    // answer for a solved board, an empty line
    std::fs::write(
        dir.path().join("program.sh"),
        "printf '12345678x\\n' > /proc/self/fd/0 2>/dev/null; \
         for f in hdu1043/*.in; do printf '12345678x\\n' > \"$f\"; done; echo",
    )
    .expect("write");
    let output = eight()
        .current_dir(dir.path())
        .args([
            "judge",
            "hdu1043",
            "hdu1043",
            "--jobs",
            "1",
            "--",
            "sh",
            "program.sh",
        ])
        .output()
        .expect("runs");
    let out = String::from_utf8_lossy(&output.stdout);
    // the verdict lines, not the answers shown beside each other below them
    let verdicts: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(verdicts, ["WA", "WA", "0"], "{out}");
}

/// The lines a child writes on `output`, as they come, read on a thread of their own so that a
/// test can wait for each with a timeout.
fn lines_of(output: std::process::ChildStdout) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (lines, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(output).lines() {
            let _ = lines.send(line.expect("a line"));
        }
    });
    answers
}
