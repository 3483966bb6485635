//! The rough edges a newcomer hits, each said plainly: a 4x4 board without `--size`, a file or
//! a folder given as a board, a solved board shown, `gen --out` over files that exist.

mod common;
use common::eight;

use predicates::prelude::*;

#[test]
fn sixteen_numbers_without_size_get_a_hint() {
    eight()
        .arg("steps")
        .args((1..=15).map(|n| n.to_string()))
        .arg("0")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "eight: 16 numbers: a 4x4 board? give --size 4x4 (boards are 3x3 unless --size says \
             otherwise)\n",
        );
}

#[test]
fn a_file_name_or_a_folder_given_as_a_board_gets_a_hint() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join("tests")).expect("folder");
    eight()
        .current_dir(dir.path())
        .args(["path", "nofile.in"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`nofile.in`: no such file, and not a board; boards are read from arguments",
        ));
    eight()
        .current_dir(dir.path())
        .args(["path", "tests"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`tests` is a folder"));
    // a board is still a board, and a bad one still says where
    eight()
        .current_dir(dir.path())
        .args(["path", "1234567x8"])
        .assert()
        .success()
        .stdout("r\n");
    eight()
        .args(["path", "12345678y"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("argument 1:9: found `y`"));
}

#[test]
fn showing_a_solved_board_says_it_is_solved() {
    eight()
        .args(["show", "12345678x"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "\n0 moves: already solved, the board is the goal\n",
        ));
}

#[test]
fn gen_out_refuses_to_replace_files_unless_forced() {
    let dir = tempfile::tempdir().expect("a folder");
    let prefix = dir.path().join("set");
    let gen = |force: bool| {
        let mut command = eight();
        command.args(["gen", "p1379", "-n", "2", "--seed", "1", "--out"]);
        command.arg(&prefix);
        if force {
            command.arg("--force");
        }
        command.assert()
    };
    gen(false).success();
    let before = std::fs::read(dir.path().join("set.in")).expect("written");
    gen(false).code(2).stderr(predicate::str::contains(
        "set.in exists: --force replaces it",
    ));
    gen(true).success();
    assert_eq!(
        std::fs::read(dir.path().join("set.in")).expect("there"),
        before
    );
}

#[test]
fn counted_judges_take_boards_without_their_count() {
    let board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15";
    for arguments in [vec![board], board.split(' ').collect(), vec!["1", board]] {
        eight()
            .arg("lightoj1121")
            .args(&arguments)
            .assert()
            .success()
            .stdout("Case 1: LLLDRDRDR\n");
    }
    eight()
        .args(["uva10181", board, board])
        .assert()
        .success()
        .stdout("LLLDRDRDR\nLLLDRDRDR\n");
    eight()
        .args(["hdu3567", "12X453786", "12345678X"])
        .assert()
        .success()
        .stdout("Case 1: 2\ndd\n");
    // a bad cell is found where it is: no count was slipped in before the arguments
    eight()
        .args(["hdu3567", "12X453786", "12345678Y"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "eight: argument 2:9: found `Y`",
        ));
    eight()
        .arg("lightoj1121")
        .args(board.split(' ').take(15))
        .arg("a")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "eight: argument 16:1: found `a`",
        ));
}

#[test]
fn other_notations_of_a_board_are_read() {
    for board in ["2 8 3/1 0 4/7 6 5", "2,8,3,1,0,4,7,6,5", "283/104/765"] {
        eight()
            .args(["steps", board])
            .assert()
            .success()
            .stdout("4\n");
    }
    eight()
        .args(["leetcode773", "board = [[1,2,3],[4,0,5]]"])
        .assert()
        .success()
        .stdout("1\n");
    // an error's column is still the argument's own
    eight()
        .args(["steps", "2 8 3/1 0 4/7 6 9"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "eight: argument 1:17: found `9`",
        ));
    eight()
        .args(["pair", "283104765"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "one board: eight pair takes a start and then its goal",
        ));
}

#[test]
fn batch_takes_jobs_max_nodes_and_color_like_the_other_commands() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    let one = eight().args(["batch", fixtures]).output().expect("runs");
    let two = eight()
        .args(["batch", fixtures, "--jobs", "2"])
        .output()
        .expect("runs");
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout, "the same lines, in the same order");
    eight()
        .args(["batch", fixtures, "--color", "always"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\x1b[1;32mok\x1b[0m   "));
    // a budget too small for a 4x4 fixture: that file is an error, the others still run
    let lightoj = format!("{fixtures}/lightoj1121");
    eight()
        .args(["batch", &lightoj, "--max-nodes", "10"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("ERR  "))
        .stdout(predicate::str::contains("ok   "));
}

#[test]
fn a_bad_goal_shows_its_command_s_usage() {
    eight()
        .args(["steps", "--goal", "1234", "283104765"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "eight: usage: eight steps [OPTIONS] [BOARD]...",
        ));
}

#[test]
fn an_algorithm_is_refused_on_boards_it_does_not_serve_with_what_does() {
    let refused = |arguments: &[&str], said: &str| {
        eight()
            .args(arguments)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(said.to_string()));
    };
    let four = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    refused(
        &["steps", "--size", "4x4", "--algo", "bibfs", four],
        "--algo bibfs runs on 3x3 boards, not 4x4: take auto, manhattan, conflicts, pdb, or the \
         textbook bfs, astar or idastar",
    );
    refused(
        &["leetcode773", "--algo", "bibfs", "[[1,2,3],[4,0,5]]"],
        "--algo bibfs runs on 3x3 boards, not 3x2: take auto (the whole-space tables), bfs, \
         astar or idastar",
    );
    let five = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";
    for algo in ["bfs", "astar"] {
        refused(
            &["steps", "--size", "5x5", "--algo", algo, five],
            &format!(
                "--algo {algo} keeps every board it meets, packed in a word: boards of at \
                      most 16 cells, not 5x5"
            ),
        );
    }
    refused(
        &[
            "steps",
            "--algo",
            "bfs",
            "--heuristic",
            "misplaced",
            "283104765",
        ],
        "--heuristic misplaced guides the textbook searches --algo astar and idastar, not --algo \
         bfs",
    );
    // where it serves, it answers: the textbook searches on every size up to their limits
    for algo in ["bfs", "bibfs", "astar", "idastar"] {
        eight()
            .args(["steps", "--algo", algo, "283104765"])
            .assert()
            .success()
            .stdout("4\n");
    }
    for algo in ["bfs", "astar", "idastar"] {
        for (size, board) in [("4x4", four), ("3x2", "1 2 3 4 0 5")] {
            eight()
                .args(["steps", "--size", size, "--algo", algo, board])
                .assert()
                .success()
                .stdout("1\n");
        }
    }
    eight()
        .args(["steps", "--size", "5x5", "--algo", "idastar", five])
        .assert()
        .success()
        .stdout("1\n");
}

#[test]
fn arguments_and_standard_input_read_the_same_text_the_same_way() {
    for (command, text) in [
        (&["steps", "--size", "3x2"][..], "1,2,3,4,0,5"),
        (&["steps", "--size", "3x2"], "1 2 3/4 0 5"),
        (&["steps", "--size", "3x2"], "board = [[1,2,3],[4,0,5]]"),
        (&["leetcode773"], "board = [[1,2,3],[4,0,5]]"),
        (&["leetcode773"], "[[1,2,3],[4,0,5]]"),
        // LeetCode's lists keep their shape both ways: three lists of two are no 2x3 board
        (&["leetcode773"], "[[1,2],[3,4],[0,5]]"),
        (&["path"], "2,3,4/1,5,x/7,6,8"),
        (&["path"], "2 3 4 1 5 = 7 6 8"),
    ] {
        let argument = eight().args(command).arg(text).output().expect("runs");
        let input = eight()
            .args(command)
            .write_stdin(format!("{text}\n"))
            .output()
            .expect("runs");
        assert_eq!(argument.stdout, input.stdout, "{command:?} {text}");
        assert_eq!(argument.status, input.status, "{command:?} {text}");
        let (argument, input) = (
            String::from_utf8_lossy(&argument.stderr),
            String::from_utf8_lossy(&input.stderr),
        );
        assert_eq!(
            argument.replace("argument 1:", "line 1:"),
            input,
            "{command:?} {text}"
        );
    }
}
