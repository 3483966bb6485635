//! The judges of issue 38: each answers its statement's sample, `gen` makes input that it
//! answers and `eight check` accepts, the path judges' special judges take what their statements
//! say (AcWing 179 any shortest path, ZOJ 1217 any path that reaches the goal), and each kind of
//! answer agrees with an independent check on seeded cases: the plain BFS for counts and the
//! farthest board, the permutation's cycles for the yes/no judges, rows and columns for the
//! scatter.

mod common;
use common::{eight, run};

use std::fs;

use eight::format::judge::Goal;
use eight::format::{Answer, Cases, Item, Judge, Origin};
use eight::puzzle::{Board, Shape};
use eight::solve::Oracle;
use eight::Path;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Each new judge, its statement's sample input and output.
const SAMPLES: [(&str, &str, &str); 22] = [
    ("acwing845", "2 3 4 1 5 x 7 6 8\n", "19\n"),
    ("acwing179", "2 3 4 1 5 x 7 6 8\n", "dlurullddrurdllurdr\n"),
    ("zoj1217", "2 3 4 1 5 x 7 6 8\n", "dlurullddrurdllurdr\n"),
    ("boj1525", "1 0 3\n4 2 5\n7 8 6\n", "3\n"),
    ("boj1525", "3 6 0\n8 1 2\n7 4 5\n", "-1\n"),
    ("aoj-8puzzle", "1 3 0\n4 2 5\n7 8 6\n", "4\n"),
    (
        "lightoj1139",
        "2\n\n1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n4 5 6\n0 7 8\n",
        "Case 1: 0\nCase 2: 2\n",
    ),
    // UVa 652 takes any shortest path: this is the canonical one of the statement's 19 moves
    (
        "uva652",
        "1\n\n2 3 4 1 5 x 7 6 8\n",
        "dlurullddrurdllurdr\n",
    ),
    (
        "uva652",
        "2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n",
        "dlurullddrurdllurdr\n\n\n",
    ),
    (
        "boj11112",
        "2\n\n123\n4#5\n786\n\n123\n456\n87#\n",
        "2\nimpossible\n",
    ),
    (
        "aoj-15puzzle",
        "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n",
        "8\n",
    ),
    (
        "sgu139",
        "1 2 3 4\n5 6 7 8\n9 10 11 0\n13 14 15 12\n",
        "YES\n",
    ),
    (
        "hdu6620",
        "2\n1 2 3 4\n5 6 7 8\n9 10 0 12\n13 14 11 15\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n",
        "Yes\nNo\n",
    ),
    ("cf645a", "AB\nXC\nXB\nAC\n", "YES\n"),
    ("cf645a", "AB\nXC\nAC\nBX\n", "NO\n"),
    ("kattis-npuzzle", "ABCD\nEFGH\nIJKL\nM.NO\n", "2\n"),
    ("hdu3600", "2\n2 1\n3 0\n0\n", "NO\n"),
    ("poj3240", "2\n3 1\n2 0\n", "LURD\n"),
    // the goal is the blank first; the statement's sample is answered in 20 moves, where its
    // own output takes 70
    (
        "hackerrank-npuzzle",
        "3\n1\n0\n2\n3\n4\n5\n6\n7\n8\n3\n0\n1\n2\n3\n4\n5\n6\n8\n7\n",
        "1\nLEFT\n-1\n",
    ),
    (
        "hackerrank-npuzzle",
        "3\n0\n3\n8\n4\n1\n7\n2\n6\n5\n",
        "20\nDOWN\nDOWN\nRIGHT\nRIGHT\nUP\nLEFT\nLEFT\nUP\nRIGHT\nDOWN\nRIGHT\nUP\nLEFT\nDOWN\nDOWN\nRIGHT\nUP\nLEFT\nLEFT\nUP\n",
    ),
    // what follows the size of zeros is not read
    ("poj2893", "2 3\n1 2 3\n4 0 5\n0 0\n1 2\n", "YES\n"),
    // the statement's farthest board is the one least in reading order, which eight prints
    (
        "uva10085",
        "1\n\n2 6 4\n1 3 7\n0 5 8\n",
        "Puzzle #1\n8 1 5\n7 3 6\n4 0 2\nRRULLDRRUULDLURDLDRRULDRUULLDDR\n\n",
    ),
];

#[test]
fn each_answers_its_statement_s_sample() {
    for (id, input, output) in SAMPLES {
        assert_eq!(
            run(&[id], input),
            (output.into(), String::new(), Some(0)),
            "{id}"
        );
    }
}

#[test]
fn every_description_s_sample_is_answered_as_its_statement_says() {
    // the sample each judge's description holds: a judge is its description and its fixtures
    let mut run_samples = 0;
    for judge in eight::format::judge::ALL {
        let Some(sample) = judge.sample else {
            // a judge whose cases are files named on the command line (algs4's): its own test
            assert!(
                judge.files,
                "{}: a judge that reads its input has a sample",
                judge.id
            );
            continue;
        };
        assert!(
            !sample.input.is_empty() && !sample.output.is_empty(),
            "{}",
            judge.id
        );
        let expected = (sample.output.to_string(), String::new(), Some(0));
        assert_eq!(run(&[judge.id], sample.input), expected, "{}", judge.id);
        run_samples += 1;
    }
    assert_eq!(run_samples, eight::format::judge::ALL.len() - 1);
}

#[test]
fn the_readme_and_the_guide_name_every_judge_as_its_description_does() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).expect("the README");
    let guide = fs::read_to_string(root.join("docs/src/judges.md")).expect("the judges' chapter");
    let judges = eight::format::judge::ALL;
    for judge in judges {
        let command = judge.command;
        // the README's command table: a row a command, naming each of its judges
        let row = readme
            .lines()
            .find(|line| line.starts_with(&format!("| `{command}` |")))
            .unwrap_or_else(|| panic!("the README's table has no row for {command}"));
        assert!(row.contains(&judge.name()), "{}: {row}", judge.name());
        // the guide's chapter: a section a command, and the judge's id where it is not the
        // command's name (an alias)
        let heading = format!("## `eight {command}`");
        assert!(
            guide.contains(&heading),
            "the guide has no section {heading}"
        );
        let alias = format!("`{}`", judge.id);
        assert!(
            judge.id == command || guide.contains(&alias),
            "{}",
            judge.id
        );
    }
    // and nothing else: every command the README's table lists before the tools is a judge's
    let listed = readme
        .lines()
        .skip_while(|line| !line.starts_with("| command | judge |"))
        .skip(2)
        .take_while(|line| line.starts_with("| `") && !line.starts_with("| `gen "));
    for row in listed {
        let command = row.split('`').nth(1).expect("a command");
        assert!(
            judges.iter().any(|j| j.command == command),
            "{command} is no judge's"
        );
    }
}

/// `eight check ID` of `output` for `input`: its exit code.
fn checked(id: &str, input: &str, output: &str) -> Option<i32> {
    let dir = tempfile::tempdir().expect("a folder");
    fs::write(dir.path().join("case.in"), input).expect("write");
    fs::write(dir.path().join("case.out"), output).expect("write");
    eight()
        .current_dir(dir.path())
        .args(["check", id, "case.in", "case.out"])
        .output()
        .expect("runs")
        .status
        .code()
}

#[test]
fn the_path_judges_take_what_their_special_judges_take() {
    let input = "2 3 4 1 5 x 7 6 8\n";
    // the statements' own output, another of the shortest paths
    let statement = "ullddrurdllurdruldr\n";
    // a legal path two moves longer (up and back down first), that ends on the goal
    let longer = "udullddrurdllurdruldr\n";
    for (id, longer_taken) in [("acwing179", false), ("zoj1217", true)] {
        assert_eq!(checked(id, input, statement), Some(0), "{id}");
        let expected = if longer_taken { 0 } else { 1 };
        assert_eq!(checked(id, input, longer), Some(expected), "{id}");
    }
    // a path that does not reach the goal is wrong for both
    assert_eq!(checked("zoj1217", input, "ud\n"), Some(1));
}

#[test]
fn gen_makes_input_each_answers_and_check_accepts() {
    for id in [
        "acwing845",
        "acwing179",
        "zoj1217",
        "boj1525",
        "aoj-8puzzle",
        "lightoj1139",
        "uva652",
        "uva10085",
        "boj11112",
        "aoj-15puzzle",
        "sgu139",
        "hdu6620",
        "cf645a",
        "kattis-npuzzle",
        "poj2893",
        "hdu3600",
        "poj3240",
        "hackerrank-npuzzle",
    ] {
        let dir = tempfile::tempdir().expect("a folder");
        let prefix = dir.path().join(id);
        eight()
            .args(["gen", id, "-n", "50", "--seed", "38", "--out"])
            .arg(&prefix)
            .assert()
            .success();
        let input = prefix.with_extension("in");
        let output = eight()
            .arg(id)
            .pipe_stdin(&input)
            .expect("stdin")
            .output()
            .expect("runs");
        assert!(output.status.success(), "{id}");
        let answers = dir.path().join("answers.out");
        fs::write(&answers, &output.stdout).expect("write");
        eight()
            .args(["check", id])
            .arg(&input)
            .arg(&answers)
            .assert()
            .code(0);
        assert_eq!(
            fs::read(prefix.with_extension("out")).expect("gen's answers"),
            output.stdout,
            "{id}"
        );
    }
}

#[test]
fn counts_match_the_plain_bfs_on_seeded_boards() {
    // an independent check: every board's distance from the plain BFS of its goal, spelled as
    // the judge spells it
    for id in [
        "acwing845",
        "boj1525",
        "aoj-8puzzle",
        "lightoj1139",
        "boj11112",
    ] {
        let judge = Judge::from_id(id).expect("a judge");
        let dir = tempfile::tempdir().expect("a folder");
        let prefix = dir.path().join(id);
        let unsolvable = if judge.reachable_only { "0" } else { "0.3" };
        eight()
            .args(["gen", id, "-n", "300", "--unsolvable", unsolvable])
            .args(["--seed", "7", "--out"])
            .arg(&prefix)
            .assert()
            .success();
        let text = fs::read_to_string(prefix.with_extension("in")).expect("read");
        let (answers, _, code) = run(&[id], &text);
        assert_eq!(code, Some(0));
        let Goal::Fixed(goal) = judge.goal else {
            unreachable!("these judges have one goal")
        };
        let oracle = Oracle::new(&goal);
        let mut boards = Cases::with(text.as_bytes(), Origin::Line, judge.reading());
        let mut expected = Vec::new();
        while let Item::Case(case) = boards.next(&mut || Ok(())).expect("memory reads") {
            let count = oracle
                .distance(&case.boards[0])
                .map_or(judge.spelling.no_count.to_string(), |d| d.to_string());
            expected.push(match judge.spelling.numbered {
                true => format!("Case {}: {count}", case.number),
                false => count,
            });
        }
        assert_eq!(expected.len(), 300, "{id}");
        assert_eq!(answers.lines().collect::<Vec<_>>(), expected, "{id}");
        let none = judge.spelling.no_count.to_string();
        let unreachable = expected.iter().any(|line| line.ends_with(&none));
        assert_eq!(
            unreachable, !judge.reachable_only,
            "{id}: gen keeps the judge's promise"
        );
    }
}

/// The cases of `text` as `judge` reads them, each start and goal (a grid as a board).
fn problems(judge: &Judge, text: &str) -> Vec<(Board, Board)> {
    let mut boards = Cases::with(text.as_bytes(), Origin::Line, judge.reading());
    let mut problems = Vec::new();
    loop {
        match boards.next(&mut || Ok(())).expect("memory reads") {
            Item::Case(case) => {
                let (start, goal) = judge.problem(case.boards);
                problems.push((*start, *goal));
            }
            Item::Grid(case) => {
                let grid = case.grid;
                let (width, height) = (grid.width as u8, grid.height as u8);
                let shape = Shape { width, height };
                let cells: Vec<u8> = grid.cells.iter().map(|&c| c as u8).collect();
                let start = Board::new(shape, &cells).expect("a small grid");
                problems.push((start, Board::ordered(shape)));
            }
            Item::End => return problems,
            Item::Malformed(error) | Item::Header(error) => panic!("{error}"),
        }
    }
}

/// `eight gen ID` of `count` seeded cases, a share of them unreachable where the judge allows.
fn generated(judge: &Judge, count: usize) -> String {
    let unsolvable = if judge.reachable_only { "0" } else { "0.5" };
    let output = eight()
        .args([
            "gen",
            judge.id,
            "-n",
            &count.to_string(),
            "--unsolvable",
            unsolvable,
        ])
        .args(["--seed", "38"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{}", judge.id);
    String::from_utf8(output.stdout).expect("text")
}

#[test]
fn the_yes_no_judges_answer_as_the_permutation_s_cycles_say() {
    for (id, count) in [
        ("hdu6620", 3000),
        ("sgu139", 300),
        ("cf645a", 300),
        ("poj2893", 300),
        ("hdu3600", 300),
    ] {
        let judge = Judge::from_id(id).expect("a judge");
        let text = generated(judge, count);
        let (answers, errors, code) = run(&[id], &text);
        assert_eq!((errors.as_str(), code), ("", Some(0)), "{id}");
        let Answer::Solvable { yes, no } = judge.answer else {
            unreachable!("a yes/no judge")
        };
        let expected: Vec<&str> = problems(judge, &text)
            .iter()
            .map(|(start, goal)| {
                if common::boards_reach_by_cycles(start, goal) {
                    yes
                } else {
                    no
                }
            })
            .collect();
        assert_eq!(expected.len(), count, "{id}");
        assert!(
            expected.contains(&yes) && expected.contains(&no),
            "{id}: both answers"
        );
        assert_eq!(answers.lines().collect::<Vec<_>>(), expected, "{id}");
    }
}

#[test]
fn the_scatter_is_each_letter_s_rows_and_columns_from_its_cell() {
    let judge = Judge::from_id("kattis-npuzzle").expect("a judge");
    let text = generated(judge, 300);
    let (answers, _, code) = run(&[judge.id], &text);
    assert_eq!(code, Some(0));
    let expected: Vec<String> = problems(judge, &text)
        .iter()
        .map(|(start, _)| {
            // the letter of each cell, read back from the text's own characters
            let mut sum = 0;
            for (cell, &tile) in start.cells().iter().enumerate() {
                if tile != 0 {
                    let home = usize::from(tile) - 1;
                    sum += (cell / 4).abs_diff(home / 4) + (cell % 4).abs_diff(home % 4);
                }
            }
            sum.to_string()
        })
        .collect();
    assert_eq!(answers.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn the_farthest_board_is_as_far_as_the_plain_bfs_goes_and_its_path_reaches_it() {
    let judge = Judge::from_id("uva10085").expect("a judge");
    let text = generated(judge, 40);
    let (answers, _, code) = run(&[judge.id], &text);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = answers.lines().collect();
    for (index, (start, _)) in problems(judge, &text).iter().enumerate() {
        let answer = &lines[index * 6..index * 6 + 6];
        assert_eq!(answer[0], format!("Puzzle #{}", index + 1));
        assert_eq!(answer[5], "");
        let cells: Vec<u8> = answer[1..4]
            .iter()
            .flat_map(|row| {
                row.split(' ')
                    .map(|cell| cell.parse::<u8>().expect("a number"))
            })
            .collect();
        let board = Board::new(Shape::SQUARE3, &cells).expect("a board");
        let oracle = Oracle::new(start);
        let farthest = oracle.boards().map(|(_, d)| d).max().expect("boards");
        let least = oracle
            .boards()
            .filter(|&(_, d)| d == farthest)
            .map(|(b, _)| b)
            .min_by_key(|b| b.cells().to_vec());
        assert_eq!(Some(board), least, "case {}", index + 1);
        let path: Path = answer[4].to_lowercase().parse().expect("moves");
        assert_eq!(path.len() as u32, farthest);
        assert_eq!(start.replay(&path).ok(), Some(board), "case {}", index + 1);
        assert_eq!(Oracle::new(&board).path(start), Some(path), "canonical");
    }
}

#[test]
fn a_999x999_board_is_decided_as_its_cycles_say() {
    // boards far beyond a Board's 256 cells, read as grids: a random one, the goal, and the goal
    // with two tiles swapped
    let mut rng = ChaCha8Rng::seed_from_u64(2893);
    let (rows, columns) = (999usize, 998usize);
    let cells = rows * columns;
    let mut random: Vec<u32> = (0..cells as u32).collect();
    random.shuffle(&mut rng);
    let goal: Vec<u32> = (1..cells as u32).chain([0]).collect();
    let mut swapped = goal.clone();
    swapped.swap(0, 1);
    let mut text = String::new();
    let mut expected = String::new();
    for board in [&random, &goal, &swapped] {
        text += &format!("{rows} {columns}\n");
        for row in board.chunks(columns) {
            text += &row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            text.push('\n');
        }
        let word = if grid_by_cycles(columns, board) {
            "YES"
        } else {
            "NO"
        };
        expected += &format!("{word}\n");
    }
    text += "0 0\n";
    assert!(expected.contains("YES") && expected.contains("NO"));
    assert_eq!(run(&["poj2893"], &text), (expected, String::new(), Some(0)));
}

/// Whether a grid reaches the tiles in order and the blank last, by the cycles of the
/// permutation taking it there.
fn grid_by_cycles(width: usize, cells: &[u32]) -> bool {
    let goal: Vec<u32> = (1..cells.len() as u32).chain([0]).collect();
    common::reaches_by_cycles(width, cells, &goal)
}

#[test]
fn poj3240_answers_a_10x10_board_with_a_path_that_replays_to_the_goal() {
    // beyond 4x4 the judge's special judge takes any path: `--fast`'s, at once
    let dir = tempfile::tempdir().expect("a folder");
    let prefix = dir.path().join("big");
    eight()
        .args([
            "gen", "poj3240", "--size", "10x10", "-n", "2", "--seed", "40", "--out",
        ])
        .arg(&prefix)
        .assert()
        .success();
    let input = fs::read_to_string(prefix.with_extension("in")).expect("read");
    let (answers, errors, code) = run(&["poj3240"], &input);
    assert_eq!((errors.as_str(), code), ("", Some(0)));
    let judge = Judge::from_id("poj3240").expect("a judge");
    let problems = problems(judge, &input);
    assert_eq!(problems.len(), 2);
    for ((start, goal), line) in problems.iter().zip(answers.lines()) {
        let path: Path = line.to_lowercase().parse().expect("moves");
        assert!(!path.is_empty());
        assert_eq!(start.replay(&path).ok().as_ref(), Some(goal), "{line}");
    }
}

#[test]
fn hackerrank_answers_a_5x5_board_with_moves_that_replay_to_the_blank_first() {
    let dir = tempfile::tempdir().expect("a folder");
    let prefix = dir.path().join("big");
    eight()
        .args([
            "gen",
            "hackerrank-npuzzle",
            "--size",
            "5x5",
            "-n",
            "2",
            "--seed",
            "41",
        ])
        .arg("--out")
        .arg(&prefix)
        .assert()
        .success();
    let input = fs::read_to_string(prefix.with_extension("in")).expect("read");
    let (answers, errors, code) = run(&["hackerrank-npuzzle"], &input);
    assert_eq!((errors.as_str(), code), ("", Some(0)));
    let judge = Judge::from_id("hackerrank-npuzzle").expect("a judge");
    let mut lines = answers.lines();
    for (start, goal) in problems(judge, &input) {
        assert_eq!(goal.cells()[0], 0, "the blank first");
        let count: usize = lines.next().expect("a count").parse().expect("a number");
        let mut board = start;
        for _ in 0..count {
            let step = match lines.next().expect("a move") {
                "UP" => "u",
                "DOWN" => "d",
                "LEFT" => "l",
                "RIGHT" => "r",
                other => panic!("not a move: {other}"),
            };
            let path: Path = step.parse().expect("a move");
            board = board.replay(&path).expect("a legal move");
        }
        assert_eq!(board, goal);
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn judging_a_parity_judge_builds_no_databases() {
    // SGU 139's 4x4 boards are answered by parity: `eight judge` prepares nothing for them
    let cache = tempfile::tempdir().expect("a folder");
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sgu139");
    let output = eight()
        .env("EIGHT_CACHE_DIR", cache.path())
        .args(["judge", "sgu139"])
        .arg(&fixtures)
        .args(["--", env!("CARGO_BIN_EXE_eight"), "sgu139"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains("building"), "{stderr}");
    let built: Vec<_> = fs::read_dir(cache.path()).expect("the cache").collect();
    assert!(built.is_empty(), "{built:?}");
}

#[test]
fn a_size_that_is_no_size_is_said_and_the_cases_after_it_are_answered() {
    // a size beyond a u32, a size of 0 by 5, a row too long: each said where it is, and the
    // valid cases around them answered at their true numbers
    let input = "99999999999 1\n0 5\n2 2\n1 2\n3 0 7\n2 2\n2 1\n3 0\n1 1\n0\n0 0\n";
    let (answers, errors, code) = run(&["poj2893"], input);
    assert_eq!(answers, "NO\nYES\n");
    let errors: Vec<&str> = errors.lines().collect();
    assert_eq!(
        errors,
        [
            "eight: line 1:1: found a board of more than 1000 rows or columns, expected the \
             board's size, its rows and its columns, each from 1 to 1000",
            "eight: line 2:1: found a board of 0x5, expected the board's size, its rows and its \
             columns, each from 1 to 1000",
            "eight: line 5:6: found the end of a row of 3 cells, expected rows of 2 cells (line 3 \
             says)",
        ]
    );
    assert_eq!(code, Some(2));
}
