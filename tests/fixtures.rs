//! The fixtures under `fixtures/<id>/`, a folder for every judge: their expected answers come
//! from the plain BFS oracle, and the command answers every `.in` with its `.out`, byte for
//! byte, under its name and its judge's id, and with each engine forced.
//!
//! `EIGHT_BLESS=1 cargo test --test fixtures` rewrites the `.out` files from the oracle.

mod common;
use common::eight;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use eight::format::{judge, Cases, Item, Judge, Origin};
use eight::solve::oracle::Oracle;
use eight::Board;

fn inputs(judge: &Judge) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(judge.id);
    let mut files: Vec<PathBuf> = fs::read_dir(&folder)
        .expect("fixture folder")
        .map(|entry| entry.expect("fixture entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", folder.display());
    files
}

/// The answers the oracle gives to every case of `input`.
fn oracle_answers(judge: &Judge, input: &[u8], oracles: &mut HashMap<Board, Oracle>) -> String {
    let mut cases = Cases::new(input, Origin::Line, judge.boards);
    let mut answers = String::new();
    loop {
        match cases.next(&mut || Ok(())).expect("fixtures read") {
            Item::Case(case) => {
                let (start, goal) = judge.problem(case.boards);
                let oracle = oracles.entry(goal).or_insert_with(|| Oracle::new(goal));
                let answer = judge.answer.text(oracle.path(&start).as_ref());
                answers.push_str(&answer);
                answers.push('\n');
            }
            Item::Malformed(error) => panic!("a fixture is malformed: {error}"),
            Item::End => return answers,
        }
    }
}

#[test]
fn fixture_answers_come_from_the_plain_bfs() {
    let bless = std::env::var_os("EIGHT_BLESS").is_some();
    let mut oracles = HashMap::new();
    for judge in judge::ALL {
        for input in inputs(judge) {
            let text = fs::read(&input).expect("read .in");
            let expected = oracle_answers(judge, &text, &mut oracles);
            let output = input.with_extension("out");
            if bless {
                fs::write(&output, &expected).expect("write .out");
            }
            let recorded = fs::read_to_string(&output).expect("read .out");
            assert_eq!(recorded, expected, "{}", output.display());
        }
    }
}

#[test]
fn every_fixture_is_answered_byte_for_byte() {
    for judge in judge::ALL {
        for input in inputs(judge) {
            let expected = fs::read(input.with_extension("out")).expect("read .out");
            let aliases = [judge.command, judge.id].map(|command| vec![command]);
            let algorithms = ["bibfs", "table"].map(|algo| vec![judge.command, "--algo", algo]);
            for command in aliases.into_iter().chain(algorithms) {
                let output = eight()
                    .args(&command)
                    .pipe_stdin(&input)
                    .expect("stdin")
                    .output()
                    .expect("run");
                let name = format!("eight {} < {}", command.join(" "), input.display());
                assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{name}");
                assert!(output.status.success(), "{name}");
                assert_eq!(
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&expected),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn the_hardest_fixtures_hold_the_deepest_boards() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for (file, goal, depth, count) in [
        ("p1379/hardest.in", "123804765", 30, 148),
        ("hdu1043/hardest.in", "12345678x", 31, 2),
    ] {
        let oracle = Oracle::new(Board::parse(goal).expect("goal"));
        let mut deepest: Vec<Board> = oracle
            .boards()
            .filter(|&(_, distance)| distance == depth)
            .map(|(board, _)| *board)
            .collect();
        let text = fs::read_to_string(folder.join(file)).expect("read");
        let mut listed: Vec<Board> = text
            .lines()
            .map(|line| Board::parse(line).expect("board"))
            .collect();
        deepest.sort_by_key(Board::to_string);
        listed.sort_by_key(Board::to_string);
        assert_eq!(deepest.len(), count, "{goal}");
        assert_eq!(listed, deepest, "{file}");
    }
}
