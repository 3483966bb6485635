//! Hostile and unusual input, the same way across the solving commands: each case is answered,
//! accepted where the README says the input is lenient, or reported with its place and skipped
//! (exit 2), never a panic, never a hang, and the valid cases around it always answered.

mod common;
use common::eight;

use proptest::prelude::*;

fn run(command: &str, input: &[u8]) -> (String, String, Option<i32>) {
    let output = eight()
        .arg(command)
        .write_stdin(input.to_vec())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        text(&output.stdout),
        text(&output.stderr),
        output.status.code(),
    )
}

/// `steps` (goal 123804765) on each kind of input: what it prints, and the start of its one
/// diagnostic (empty when the input is accepted).
#[test]
fn steps_meets_every_kind_of_input() {
    let cases: [(&str, &[u8], &str, &str); 20] = [
        ("empty input", b"", "", ""),
        ("whitespace only", b"  \n\t\r\n\n", "", ""),
        (
            "8 cells",
            b"1 2 3 8 0 4 7 6\n",
            "",
            "eight: line 1:16: found the end of the line after 8 cells",
        ),
        (
            "8 glued",
            b"12380476\n123804765\n",
            "0\n",
            "eight: line 1:1: found `12380476` (8 characters)",
        ),
        (
            "10 cells",
            b"1 2 3 8 0 4 7 6 5 1\n",
            "",
            "eight: line 1:20: found the end of the line after 10 cells",
        ),
        (
            "duplicate tile",
            b"123804766\n",
            "",
            "eight: line 1:9: found a second `6`",
        ),
        (
            "two blanks",
            b"1238047x5\n",
            "",
            "eight: line 1:8: found a second blank",
        ),
        (
            "no blank",
            b"123845761\n",
            "",
            "eight: line 1:9: found a second `1`",
        ),
        (
            "tile 9",
            b"123894765\n",
            "",
            "eight: line 1:5: found `9`, expected a tile 1-8",
        ),
        (
            "multi-digit token",
            b"10 2 3 8 0 4 7 6 5\n",
            "",
            "eight: line 1:1: found `10` (2 characters)",
        ),
        (
            "letters",
            b"abc 804 765\n",
            "",
            "eight: line 1:1: found `a`, expected a tile 1-8",
        ),
        ("x and X blanks", b"1238x4765\n1238X4765\n", "0\n0\n", ""),
        (
            "split over lines",
            b"123\n804\n765\n2 8 3\n1 0 4\n7 6 5\n",
            "0\n4\n",
            "",
        ),
        ("CRLF", b"123804765\r\n283104765\r\n", "0\n4\n", ""),
        ("byte order mark", b"\xef\xbb\xbf123804765\n", "0\n", ""),
        (
            "invalid UTF-8",
            b"\xff\xfe\xfd\n123804765\n",
            "0\n",
            "eight: line 1:1: found `\u{fffd}`",
        ),
        (
            "NUL bytes",
            b"123\x00804765\n123804765\n",
            "0\n",
            "eight: line 1:1: found `123\\0804765` (10 characters)",
        ),
        (
            "a number too big",
            b"99999999999999999999999999\n123804765\n",
            "0\n",
            "eight: line 1:1: found `9999999999999999\u{2026}` (26 characters)",
        ),
        (
            "truncated last case",
            b"123804765\n1 2 3\n",
            "0\n",
            "eight: line 3:1: found the end of the input after 3 of 9 cells",
        ),
        ("unreachable", b"213804765\n", "-1\n", ""),
    ];
    for (name, input, stdout, stderr) in cases {
        let (out, err, code) = run("steps", input);
        assert_eq!(out, stdout, "{name}: stdout");
        if stderr.is_empty() {
            assert_eq!(err, "", "{name}: stderr");
            assert_eq!(code, Some(0), "{name}: exit status");
        } else {
            assert!(err.starts_with(stderr), "{name}: stderr {err:?}");
            assert_eq!(
                err.lines().count(),
                1,
                "{name}: one line per malformed case: {err:?}"
            );
            assert_eq!(code, Some(2), "{name}: exit status");
        }
    }
}

#[test]
fn path_and_pair_read_alike() {
    // 0, x and X are all blanks, in every command
    let (out, err, code) = run("path", b"1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 x 8\n12345678X\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("\nr\n\n", "", Some(0)));
    let (out, err, code) = run("pair", b"2 8 3 1 0 4 7 6 5\n");
    assert_eq!(out, "");
    assert!(err.starts_with("eight: line 2:1: found the end of the input after 9 of 18 cells"));
    assert_eq!(code, Some(2));
    let (out, _, code) = run("pair", b"283104765 12380476\n283104765 123804765\n");
    assert_eq!((out.as_str(), code), ("4\n", Some(2)));
}

#[test]
fn a_100_mb_line_without_a_newline_is_one_located_error() {
    let mut input = vec![b'1'; 100_000_000];
    input.extend_from_slice(b"\n123804765");
    let (out, err, code) = run("steps", &input);
    assert_eq!(out, "0\n");
    assert_eq!(
        err,
        "eight: line 1:1: found `1111111111111111\u{2026}` (100000000 characters), expected a tile 1-8 or a blank (0, x or X)\n"
    );
    assert_eq!(code, Some(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any bytes: no panic, a line of output per valid case, a line of diagnostics per
    /// malformed one, exit 0 or 2.
    #[test]
    fn any_bytes_get_an_answer_or_a_located_error(input in proptest::collection::vec(
        prop_oneof![
            Just(b'1'), Just(b'2'), Just(b'3'), Just(b'4'), Just(b'5'), Just(b'6'), Just(b'7'),
            Just(b'8'), Just(b'0'), Just(b'x'), Just(b' '), Just(b'\n'), Just(b'\r'), any::<u8>(),
        ],
        0..300,
    )) {
        for command in ["steps", "pair", "path"] {
            let (out, err, code) = run(command, &input);
            prop_assert!(matches!(code, Some(0) | Some(2)), "{command}: {code:?} {err}");
            prop_assert!(!err.contains("panicked"), "{command}: {err}");
            prop_assert_eq!(code == Some(2), !err.is_empty());
            prop_assert!(err.lines().all(|line| line.starts_with("eight: line ")), "{}", err);
            prop_assert!(out.lines().all(|line| !line.is_empty() || command == "path"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The same for the judges of other shapes and of counted cases, on numbers, brackets and
    /// anything: no panic, exit 0 or 2, and every diagnostic located.
    #[test]
    fn any_bytes_are_answered_or_located_by_every_other_judge(input in proptest::collection::vec(
        prop_oneof![
            Just(&b"1"[..]), Just(&b"2"[..]), Just(&b"3"[..]), Just(&b"0"[..]), Just(&b"12"[..]),
            Just(&b"15"[..]), Just(&b"16"[..]), Just(&b"X"[..]), Just(&b" "[..]), Just(&b"\n"[..]),
            Just(&b"["[..]), Just(&b"],"[..]), Just(&b"12X453786"[..]), Just(&b"\xff"[..]),
        ],
        0..200,
    )) {
        let input: Vec<u8> = input.concat();
        for command in ["hdu3567", "lightoj1121", "uva10181", "leetcode773", "algs4"] {
            let (_, err, code) = run(command, &input);
            prop_assert!(matches!(code, Some(0) | Some(2)), "{command}: {code:?} {err}");
            prop_assert!(!err.contains("panicked"), "{command}: {err}");
            prop_assert_eq!(code == Some(2), !err.is_empty());
            prop_assert!(err.lines().all(|line| line.starts_with("eight: line ")), "{}", err);
        }
    }
}

#[test]
fn an_interrupted_run_leaves_only_whole_lines() {
    if common::sigint_ignored() {
        return common::skipped(
            "an_interrupted_run_leaves_only_whole_lines",
            "SIGINT is ignored here (a job started in the background): run cargo test in the \
             foreground",
        );
    }
    use std::io::{Read, Write};
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;

    let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .args(["path", "--algo", "bibfs"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        for _ in 0..200_000 {
            if stdin
                .write_all(b"8 6 7 2 5 4 3 x 1\n2 3 4 1 5 x 7 6 8\n")
                .is_err()
            {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("stdout");
    std::thread::sleep(std::time::Duration::from_millis(800));
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).expect("signal");
    let mut output = String::new();
    stdout.read_to_string(&mut output).expect("read");
    let status = child.wait().expect("wait");
    feeder.join().expect("feeder");
    assert_eq!(
        status.signal(),
        Some(2),
        "ended by SIGINT, as the shell expects"
    );
    assert!(
        output.is_empty() || output.ends_with('\n'),
        "a partial line"
    );
    let answers = ["lurdrulurdlldrrululddruulddrurd", "dlurullddrurdllurdr"];
    for (number, line) in output.lines().enumerate() {
        assert_eq!(line, answers[number % 2], "line {}", number + 1);
    }
}

#[test]
fn a_bad_cell_keeps_its_place_and_shifts_no_case() {
    // the two examples: a pair with a bad tile, a board over three lines with one
    let (out, err, code) = run(
        "pair",
        b"1 9 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n",
    );
    assert_eq!((out.as_str(), code), ("4\n", Some(2)));
    assert_eq!(
        err,
        "eight: line 1:3: found `9`, expected a tile 1-8 or a blank (0, x or X)\n"
    );
    let (out, err, _) = run("path", b"8 6 9\n2 5 4\n3 x 1\n12345678x\n1234567x8\n");
    assert_eq!(out, "\nr\n");
    assert!(err.starts_with("eight: line 1:5: found `9`"), "{err}");
    // a row token with a bad cell takes its row
    let (out, err, _) = run("steps", b"1a4 283 104765\n283104765\n");
    assert_eq!(out, "4\n");
    assert!(err.starts_with("eight: line 1:2: found `a`"), "{err}");
}

/// Cases of `boards` boards written in random layouts, a board over one line or three.
fn random_input(rng: &mut rand_chacha::ChaCha8Rng, cases: usize, boards: usize) -> String {
    use rand::Rng;
    let mut text = String::new();
    for _ in 0..cases * boards {
        let mut cells: Vec<char> = "12345678x".chars().collect();
        for last in (1..9).rev() {
            cells.swap(last, rng.random_range(0..=last as u32) as usize);
        }
        let rows: Vec<String> = cells.chunks(3).map(|row| row.iter().collect()).collect();
        let spaced: Vec<String> = cells.iter().map(char::to_string).collect();
        text.push_str(&match rng.random_range(0..4u32) {
            0 => rows.concat(),
            1 => rows.join(" "),
            2 => spaced.join(" "),
            _ => spaced
                .chunks(3)
                .map(|row| row.join(" "))
                .collect::<Vec<_>>()
                .join("\n"),
        });
        text.push('\n');
    }
    text
}

/// Asserts that `command` on `corrupted` answers as `before` less case `case` (from 0), with one
/// diagnostic and exit status 2.
fn only_case_lost(command: &str, corrupted: &str, before: &[&str], case: usize, round: usize) {
    let (after, err, code) = run(command, corrupted.as_bytes());
    let mut expected = before.to_vec();
    expected.remove(case);
    let after: Vec<&str> = after.lines().collect();
    assert_eq!(
        after, expected,
        "round {round}: case {case} of {corrupted:?}"
    );
    assert_eq!(err.lines().count(), 1, "round {round}: {corrupted:?} {err}");
    assert_eq!(code, Some(2));
}

#[test]
fn one_corrupted_cell_changes_no_other_answer() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    for round in 0..150 {
        let (command, boards) = [("steps", 1), ("pair", 2), ("path", 1)][round % 3];
        let cases = rng.random_range(2..7usize);
        let input = random_input(&mut rng, cases, boards);
        let (before, _, _) = run(command, input.as_bytes());
        let before: Vec<&str> = before.lines().collect();
        assert_eq!(before.len(), cases, "round {round}: {input:?}");
        // one cell (a character that is a tile or a blank) made bad, its token's length kept
        let cells: Vec<usize> = input
            .char_indices()
            .filter(|&(_, c)| c.is_ascii_digit() || c == 'x')
            .map(|(at, _)| at)
            .collect();
        let at = cells[rng.random_range(0..cells.len() as u32) as usize];
        let bad = ["9", "a", "y"][rng.random_range(0..3u32) as usize];
        let mut corrupted = input.clone();
        corrupted.replace_range(at..=at, bad);
        let case = cells.iter().position(|&cell| cell == at).expect("a cell") / (9 * boards);
        only_case_lost(command, &corrupted, &before, case, round);
    }
}

#[test]
fn an_interrupted_gen_leaves_only_whole_lines() {
    if common::sigint_ignored() {
        return common::skipped(
            "an_interrupted_gen_leaves_only_whole_lines",
            "SIGINT is ignored here (a job started in the background): run cargo test in the \
             foreground",
        );
    }
    use std::io::Read;
    use std::process::Stdio;
    for round in 0..5 {
        let mut child = common::process(assert_cmd::cargo::cargo_bin("eight"))
            .args(["gen", "hdu1043", "-n", "100000000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        let mut stdout = child.stdout.take().expect("stdout");
        // read slowly, so that gen is blocked in a write when the signal comes
        let mut output = Vec::new();
        let mut chunk = [0u8; 1000];
        for _ in 0..200 {
            let read = stdout.read(&mut chunk).expect("read");
            output.extend_from_slice(&chunk[..read]);
        }
        let pid = nix::unistd::Pid::from_raw(child.id() as i32);
        nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).expect("signal");
        stdout.read_to_end(&mut output).expect("read");
        child.wait().expect("wait");
        assert!(output.ends_with(b"\n"), "round {round}: a partial line");
        let text = String::from_utf8(output).expect("ASCII");
        assert!(
            text.lines().all(|line| line.split(' ').count() == 9),
            "round {round}"
        );
    }
}

/// `count` 4×4 boards a few random moves from the usual goal, each as four rows of numbers.
fn shallow_boards(rng: &mut rand_chacha::ChaCha8Rng, count: usize) -> Vec<[String; 4]> {
    use rand::Rng;
    (0..count)
        .map(|_| {
            let mut cells: Vec<u32> = (1..16).chain([0]).collect();
            let mut blank = 15usize;
            for _ in 0..rng.random_range(0..12u32) {
                let (row, column) = (blank / 4, blank % 4);
                let next = match rng.random_range(0..4u32) {
                    0 if row < 3 => blank + 4,
                    1 if column > 0 => blank - 1,
                    2 if column < 3 => blank + 1,
                    3 if row > 0 => blank - 4,
                    _ => continue,
                };
                cells.swap(blank, next);
                blank = next;
            }
            [0, 1, 2, 3].map(|row| cells[4 * row..4 * row + 4].iter().join_spaced())
        })
        .collect()
}

trait JoinSpaced {
    fn join_spaced(self) -> String;
}

impl<'a, I: Iterator<Item = &'a u32>> JoinSpaced for I {
    fn join_spaced(self) -> String {
        self.map(u32::to_string).collect::<Vec<_>>().join(" ")
    }
}

#[test]
fn one_corrupted_row_of_a_4x4_board_changes_no_other_answer() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
    for round in 0..120 {
        let lightoj = round % 2 == 0;
        let command = if lightoj { "lightoj1121" } else { "uva10181" };
        // a row a line, as the judges write them, or (a third of UVa's rounds) a board a line
        let one_line = !lightoj && round % 3 == 0;
        let cases = rng.random_range(2..7usize);
        let mut boards = shallow_boards(&mut rng, cases);
        let write = |boards: &[[String; 4]]| {
            let mut text = format!("{cases}\n");
            for board in boards {
                if lightoj {
                    text.push('\n');
                }
                text.push_str(&board.join(if one_line { " " } else { "\n" }));
                text.push('\n');
            }
            text
        };
        let input = write(&boards);
        let (before, _, _) = run(command, input.as_bytes());
        let before: Vec<&str> = before.lines().collect();
        assert_eq!(before.len(), cases, "round {round}: {input:?}");
        // one row of one board: a number more, a number fewer, or a cell that is no tile
        let case = rng.random_range(0..cases as u32) as usize;
        let row = rng.random_range(0..4u32) as usize;
        let line = &mut boards[case][row];
        let how = rng.random_range(0..3u32);
        match how {
            // a number more on the last row (on a board's line, at its end) still gives a whole
            // board, then a fragment
            0 if row < 3 && !one_line => line.push_str(" 9"),
            0 | 1 => *line = line.rsplit_once(' ').expect("four numbers").0.to_string(),
            _ => *line = format!("17 {}", line.split_once(' ').expect("four numbers").1),
        }
        let corrupted = write(&boards);
        only_case_lost(command, &corrupted, &before, case, round);
    }
}

#[test]
fn a_binary_file_stops_after_a_hundred_errors_with_a_hint_and_text_never_does() {
    // bytes no text holds, on many lines: a binary file given by mistake, larger than a read
    // and within one (watched for only once errors come, in what is left of the read then)
    for size in [200_000u32, 30_000] {
        let binary: Vec<u8> = (0..size)
            .map(|i| match i % 97 {
                0 => b'\n',
                n => (n * 7 % 256) as u8,
            })
            .collect();
        let output = eight()
            .arg("path")
            .write_stdin(binary)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 101, "{size}: {stderr}");
        let last = stderr.lines().last().expect("a summary");
        assert!(
            last.contains("found 100 malformed cases and bytes that no text holds")
                && last.contains("(a binary file?); the rest is not read"),
            "{last}"
        );
    }
    // text with as many errors is read to its end, every valid case answered
    let text = "2831\n1234567x8\n".repeat(150);
    let output = eight()
        .arg("path")
        .write_stdin(text)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 150);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "r\n".repeat(150));
}
