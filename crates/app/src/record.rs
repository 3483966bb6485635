//! Every JSON record eight writes, in one place: the stream's `--json`, `gen --json` and
//! `show --json` all write a [`Solved`], inside a [`Record`] when it is one case of many;
//! `eight judge --json` writes a [`Judged`] per file, `eight batch --json` a [`Checked`], and
//! both close with a [`Summary`]. Each record is written with its newline in one write; the
//! fields of the last three are in alphabetical order, as their earlier versions printed them.

use std::borrow::Cow;
use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;

use itertools::Itertools;

use eight::format::answer::Found;
use eight::format::cases::Grid;
use eight::format::InputError;
use eight::puzzle::{Board, Path};
use eight::solve::Round;
use eight::solve::{Bound, Quality, Want};
use eight::solve::{Report, Stats};

/// A start, its goal and the canonical answer, as a JSON record writes a solved case (the
/// search's own [`eight::solve::Solution`] is what it found and what that cost).
#[derive(Serialize, Debug)]
pub struct Solved {
    /// The start board, glued digits with `0` for the blank.
    pub start: String,
    /// The goal board.
    pub goal: String,
    /// Whether the goal is reachable.
    pub solvable: bool,
    /// The number of moves, if reachable.
    pub distance: Option<usize>,
    /// The canonical path, if reachable (with `--fast`, a path, canonical when optimal); none
    /// where the judge prints a count and a search found the count without the canonical path.
    pub path: Option<String>,
    /// The sum of the tiles' Manhattan distances, where the judge asks for it (Kattis npuzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scatter: Option<u32>,
    /// With `--fast`: whether the path is known to be shortest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal: Option<bool>,
    /// With `--fast`: the best admissible estimate of the moves needed, never above the optimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u32>,
    /// With `--fast`: the path's length over the lower bound, to three places (rounded up): the
    /// path is proved at most this factor of the shortest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<f64>,
    /// The judge's most moves, where it has one (LightOJ 1121's 35, UVa 10181's 50): a board
    /// that reaches its goal only past it is `solvable` with no distance or path here, as the
    /// judge answers it "not solvable".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

impl Solved {
    /// The solution from `start` to `goal` whose canonical path is `path`.
    pub fn new(start: &impl Display, goal: &impl Display, path: Option<&Path>) -> Solved {
        Solved {
            start: start.to_string(),
            goal: goal.to_string(),
            solvable: path.is_some(),
            distance: path.map(Path::len),
            path: path.map(Path::to_string),
            scatter: None,
            optimal: None,
            lower_bound: None,
            within: None,
            limit: None,
        }
    }

    /// The solution from `start` to `goal` of what a judge asked found: its path, or only
    /// whether the goal is reachable; a farthest board's solution ends there; a scatter is a
    /// distance with no path.
    pub fn found(start: &Board, goal: &Board, found: &Found) -> Solved {
        match found {
            // `solvable` is whether the goal is reachable for every judge, also where a judge's
            // limit gives no path
            Found::Path(path) => Solved {
                solvable: path.is_some() || start.reaches(goal),
                ..Solved::new(start, goal, path.as_ref())
            },
            Found::Farthest { board, path } => Solved::new(start, board, Some(path)),
            Found::Reachable(solvable) => Solved {
                solvable: *solvable,
                ..Solved::new(start, goal, None)
            },
            Found::Scatter(scatter) => Solved {
                solvable: start.reaches(goal),
                scatter: Some(*scatter),
                ..Solved::new(start, goal, None)
            },
        }
    }

    /// The solution of a board read as a grid (POJ 2893's), whose answer is whether it reaches
    /// the tiles in order with the blank last: the boards' cells, separated by spaces.
    pub fn grid(grid: &Grid, found: &Found) -> Solved {
        let cells = grid.cells.len() as u32;
        let goal = (1..cells).chain([0]);
        Solved {
            solvable: found.reachable(),
            ..Solved::new(&grid.cells.iter().join(" "), &goal.format(" "), None)
        }
    }

    /// This solution of a judge whose answers stop at `limit` moves, if it has one.
    pub fn with_limit(self, limit: Option<u32>) -> Solved {
        Solved { limit, ..self }
    }

    /// This solution, without its path when the search `found` a shortest path alone, not
    /// proved the canonical one (for a count): eight prints no other path.
    pub fn with_found(self, found: Want) -> Solved {
        match found {
            Want::Canonical => self,
            Want::Shortest => Solved { path: None, ..self },
        }
    }

    /// This solution, saying how good its path is when it comes from a `--fast` engine.
    pub fn with_quality(self, quality: Option<Quality>) -> Solved {
        Solved {
            optimal: quality.map(|quality| quality.optimal),
            lower_bound: quality.map(|quality| quality.lower_bound),
            within: quality.map(Quality::within),
            ..self
        }
    }
}

/// One case of many: its number, the line where it starts, and its solution or its error.
#[derive(Serialize, Debug)]
pub struct Record {
    /// The case's number, from 1.
    pub case: u64,
    /// The input line where the case starts, when read from an input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The solution or the error.
    #[serde(flatten)]
    pub body: Body,
    /// What answered, with `--stats`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Cow<'static, str>>,
    /// What it cost, with `--stats`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// IDA*'s bounds and their nodes, with `--stats`, when IDA* answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<Vec<Bound>>,
    /// The bounded search's steps, with `--stats`, when `--fast` shortened its path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<Round>>,
}

/// What a record holds.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum Body {
    /// A valid case's solution.
    Solved(Solved),
    /// A malformed case.
    Malformed {
        /// Where and why.
        error: ErrorRecord,
    },
}

/// Where and why a case is malformed.
#[derive(Serialize, Debug)]
pub struct ErrorRecord {
    /// The line (or argument), from 1.
    pub line: u64,
    /// The byte column, from 1.
    pub column: u64,
    /// The whole message, as standard error shows it.
    pub message: String,
}

impl Record {
    /// The record of case `case`, solved, with no statistics.
    pub fn solved(case: u64, line: Option<u64>, solution: Solved) -> Record {
        Record {
            case,
            line,
            body: Body::Solved(solution),
            algorithm: None,
            stats: None,
            bounds: None,
            rounds: None,
        }
    }

    /// The record of a malformed case.
    pub fn malformed(case: u64, error: &InputError) -> Record {
        Record {
            case,
            line: Some(error.place.line),
            body: Body::Malformed {
                error: ErrorRecord {
                    line: error.place.line,
                    column: error.place.column,
                    message: error.to_string(),
                },
            },
            algorithm: None,
            stats: None,
            bounds: None,
            rounds: None,
        }
    }

    /// This record with what answered it and what that cost.
    pub fn with_report(self, report: Report) -> Record {
        Record {
            algorithm: Some(report.method.name()),
            stats: Some(report.stats),
            bounds: (!report.bounds.is_empty()).then_some(report.bounds),
            rounds: (!report.rounds.is_empty()).then_some(report.rounds),
            ..self
        }
    }
}

/// `eight judge`'s record of one file: the verdict and why, and what the run cost.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Judged {
    /// The cases the output was checked against (AC and WA).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cases: Option<u64>,
    /// The CPU time of the run's whole tree, in milliseconds (once the program ran).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<u64>,
    /// Why, as the text line says it after the verdict; empty for AC.
    pub detail: String,
    /// The `.in` file.
    pub file: String,
    /// The CPU time and memory limits the file ran under, and where each came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<RunLimits>,
    /// The run's peak memory, in MiB to a tenth (once the program ran).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_mib: Option<f64>,
    /// The layers of the sandbox in force (`cgroup-memory`, `ns-net`, ...; once the program
    /// ran).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sandbox: Vec<String>,
    /// The layers an `--unconfined` run went without (none: the field is left out).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unconfined: Vec<String>,
    /// `AC`, `WA`, `TLE`, `MLE`, `OLE`, `RE` or `ERR`.
    pub verdict: &'static str,
    /// The run's wall-clock time, in milliseconds (once the program ran).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall_ms: Option<u64>,
    /// The first wrong case (WA).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong: Option<WrongCase>,
    /// How many cases were wrong (WA).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong_cases: Option<u64>,
}

/// The limits a file ran under: each with where it came from, `option` (`-t`, `-m`), `test`
/// (cph's), `judge` (its statement's) or `default`.
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct RunLimits {
    /// CPU time, in milliseconds.
    pub cpu_ms: u64,
    /// Where the CPU time limit came from.
    pub cpu_from: &'static str,
    /// Memory, in MiB (rounded down).
    pub memory_mib: u64,
    /// Where the memory limit came from.
    pub memory_from: &'static str,
}

/// The first wrong case of a WA.
#[derive(Serialize, Clone, Debug)]
pub struct WrongCase {
    /// Its number, from 1.
    pub case: u64,
    /// The canonical answer.
    pub expected: String,
    /// The program's answer, if it gave one.
    pub got: Option<String>,
    /// The case's input, as read.
    pub input: String,
    /// Its line in the `.in`.
    pub line: u64,
    /// Why the answer is wrong.
    pub why: String,
    /// Where more than one case is wrong (an output shifted by a line or a case), the lines of
    /// the expected output and the program's around the first wrong one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<Vec<Around>>,
}

/// A line of the outputs around a wrong answer.
#[derive(Serialize, Clone, Debug)]
pub struct Around {
    /// The line's number in the outputs, from 1.
    pub line: u64,
    /// The expected output's line there.
    pub expected: String,
    /// The program's line there.
    pub got: String,
}

/// `eight batch`'s record of one file: `ok`, `wrote`, `fail` or `error`, and the detail its text
/// line gives after the file's name.
#[derive(Serialize, Debug)]
pub struct Checked {
    /// What the text line says after the file's name.
    pub detail: String,
    /// The `.in` file.
    pub file: String,
    /// `ok`, `wrote`, `fail` or `error`.
    pub status: &'static str,
}

/// The closing record of `batch` and `judge`: files passed and failed, and those that could not
/// be checked.
#[derive(Serialize, Debug)]
pub struct Summary {
    /// Files that could not be checked.
    pub errors: u64,
    /// Files that failed.
    pub failed: u64,
    /// Files that passed.
    pub passed: u64,
}

/// Writes `record` and its newline in one write, so that an interrupted run never leaves half
/// a line.
pub fn write(record: &impl Serialize, out: &mut dyn Write) -> io::Result<()> {
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    out.write_all(&line)
}
