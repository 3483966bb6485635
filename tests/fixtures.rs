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

use eight::format::answer::{Answer, Found};
use eight::format::{judge, Cases, Item, Judge, Origin};
use eight::puzzle::{Board, Shape};
use eight::solve::textbook_idastar as idastar;
use eight::solve::Oracle;
use eight::Path as Moves;

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

/// The oracles of the goals seen last, one per goal: the plain BFS up to 9 cells. At most
/// [`KEPT`] at a time (about 4 MB each), since the pair judges' fixtures have hundreds of goals.
#[derive(Default)]
struct Oracles {
    oracles: HashMap<Board, Oracle>,
}

const KEPT: usize = 16;

impl Oracles {
    /// The canonical path from `start` to `goal`, if it is at most `limit` moves long: the
    /// plain BFS up to 9 cells, the textbook IDA* beyond.
    fn path(&mut self, start: &Board, goal: &Board, limit: Option<u32>) -> Option<Moves> {
        let path = match goal.cells().len() {
            ..=9 => {
                if self.oracles.len() >= KEPT && !self.oracles.contains_key(goal) {
                    self.oracles.clear();
                }
                let oracle = self
                    .oracles
                    .entry(*goal)
                    .or_insert_with(|| Oracle::new(goal));
                oracle.path(start)
            }
            _ => idastar(start, goal, limit).0,
        };
        path.filter(|path| limit.map_or(true, |limit| path.len() as u32 <= limit))
    }
}

/// The answers the oracle gives to every case of `input`.
fn oracle_answers(judge: &Judge, input: &[u8], oracles: &mut Oracles) -> String {
    let mut cases = Cases::with(input, Origin::Line, judge.reading());
    let mut answers = String::new();
    loop {
        match cases.next(&mut || Ok(())).expect("fixtures read") {
            Item::Case(case) => {
                let number = case.number;
                let (start, goal) = judge.problem(case.boards);
                let found = match judge.answer {
                    Answer::Solvable { .. } => {
                        Found::Reachable(common::boards_reach_by_cycles(start, goal))
                    }
                    Answer::Scatter => Found::Scatter(scatter(start, goal)),
                    Answer::Farthest => {
                        let far = Oracle::new(start);
                        let most = far.boards().map(|(_, d)| d).max().expect("boards");
                        let farthest = far.boards().filter(|&(_, d)| d == most);
                        let (board, _) = farthest
                            .min_by_key(|(b, _)| b.cells().to_vec())
                            .expect("one");
                        let path = oracles.path(start, &board, None).expect("reached");
                        Found::Farthest { board, path }
                    }
                    _ => Found::Path(oracles.path(start, goal, judge.spelling.limit)),
                };
                answers.push_str(&judge.text(number, &found));
                answers.push('\n');
            }
            Item::Grid(case) => {
                let found = Found::Reachable(grid_reaches(case.grid.width, &case.grid.cells));
                answers.push_str(&judge.text(case.number, &found));
                answers.push('\n');
            }
            Item::Malformed(error) | Item::Header(error) => {
                panic!("a fixture is malformed: {error}")
            }
            Item::End => break,
        }
    }
    let read = cases.read();
    assert_eq!(
        cases.short(read),
        None,
        "a fixture announces as many cases as it holds"
    );
    answers
}

/// Whether a grid reaches the tiles in order and the blank last (every fixture's grid is at
/// least 2×2, where parity decides).
fn grid_reaches(width: usize, cells: &[u32]) -> bool {
    let goal: Vec<u32> = (1..cells.len() as u32).chain([0]).collect();
    common::reaches_by_cycles(width, cells, &goal)
}

/// The sum of the tiles' row and column distances from their cells in `goal`.
fn scatter(start: &Board, goal: &Board) -> u32 {
    let width = usize::from(start.shape().width);
    let home = goal.cells();
    let mut sum = 0;
    for (cell, &tile) in start.cells().iter().enumerate().filter(|&(_, &t)| t != 0) {
        let to = home.iter().position(|&v| v == tile).expect("a tile");
        sum += (cell / width).abs_diff(to / width) + (cell % width).abs_diff(to % width);
    }
    sum as u32
}

#[test]
fn fixture_answers_come_from_the_plain_bfs() {
    let bless = std::env::var_os("EIGHT_BLESS").is_some();
    let mut oracles = Oracles::default();
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
            // the engines a 3x3 board can be answered by, each forced (other sizes have one)
            let algorithms = ["bibfs", "table"].map(|algo| vec![judge.command, "--algo", algo]);
            let forced = algorithms
                .into_iter()
                .filter(|_| judge.shape == Shape::SQUARE3);
            for command in aliases.into_iter().chain(forced) {
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
        let oracle = Oracle::new(&goal.parse().expect("goal"));
        let mut deepest: Vec<Board> = oracle
            .boards()
            .filter(|&(_, distance)| distance == depth)
            .map(|(board, _)| board)
            .collect();
        let text = fs::read_to_string(folder.join(file)).expect("read");
        let mut listed: Vec<Board> = text
            .lines()
            .map(|line| line.parse().expect("board"))
            .collect();
        deepest.sort_by_key(Board::to_string);
        listed.sort_by_key(Board::to_string);
        assert_eq!(deepest.len(), count, "{goal}");
        assert_eq!(listed, deepest, "{file}");
    }
}
