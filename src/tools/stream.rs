//! The answer stream: every case of an input answered in order, one line each, in a judge's
//! format or as JSON records, with bounded memory.

use std::io::{self, Read, Write};

use serde::Serialize;

use crate::format::judge::Format;
use crate::format::{Cases, InputError, Item, Origin};
use crate::puzzle::moves::Path;
use crate::solve::{Report, Stats};

/// What a run writes for each case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Output {
    /// The judge's own answer lines.
    Judge,
    /// One JSON object a line per case, malformed ones included (JSON Lines).
    Json,
}

/// The JSON record of a case.
#[derive(Serialize)]
struct Record<'a> {
    case: u64,
    line: u64,
    start: String,
    goal: String,
    solvable: bool,
    distance: Option<usize>,
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorRecord<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    algorithm: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
}

/// Where and why a case is malformed.
#[derive(Serialize)]
struct ErrorRecord<'a> {
    line: u64,
    column: u64,
    message: &'a str,
}

/// Writes a JSON record and its newline in one write, so that an interrupted run never leaves
/// half a line.
fn write_record(record: &impl Serialize, out: &mut impl Write) -> io::Result<()> {
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    out.write_all(&line)
}

/// What a run read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Outcome {
    /// Cases answered.
    pub answered: u64,
    /// Malformed cases reported and skipped.
    pub malformed: u64,
}

/// Answers every case of `input` in order, one line each on `out`, and reports each malformed
/// case to `report`. Memory does not grow with the number of cases; `out` is flushed before
/// every read that could block, so an interactive user sees each answer at once.
pub fn run<J: Format>(
    judge: &mut J,
    input: impl Read,
    origin: Origin,
    output: Output,
    out: &mut impl Write,
    report: &mut dyn FnMut(&InputError),
    mut stats: Option<&mut dyn FnMut(u64, Report)>,
) -> io::Result<Outcome> {
    let mut cases = Cases::new(input, origin, J::BOARDS);
    let mut outcome = Outcome::default();
    loop {
        let number = outcome.answered + outcome.malformed + 1;
        match cases.next(&mut || out.flush())? {
            Item::Case(case) if output == Output::Judge => {
                judge.answer(case.boards, out)?;
                outcome.answered += 1;
                if let Some(stats) = stats.as_mut() {
                    stats(number, judge.engine().last());
                }
            }
            Item::Case(case) => {
                let (start, goal) = judge.problem(case.boards);
                let path = judge.engine().path(&start, &goal);
                let record = Record {
                    case: number,
                    line: case.place.line,
                    start: start.to_string(),
                    goal: goal.to_string(),
                    solvable: path.is_some(),
                    distance: path.as_ref().map(Path::len),
                    path: path.as_ref().map(Path::to_string),
                    error: None,
                    algorithm: None,
                    stats: None,
                };
                let last = judge.engine().last();
                let record = match stats.as_mut() {
                    Some(stats) => {
                        stats(number, last);
                        Record {
                            algorithm: Some(last.algorithm),
                            stats: Some(last.stats),
                            ..record
                        }
                    }
                    None => record,
                };
                write_record(&record, out)?;
                outcome.answered += 1;
            }
            Item::Malformed(error) => {
                report(&error);
                if output == Output::Json {
                    let message = error.to_string();
                    let record = serde_json::json!({
                        "case": number,
                        "line": error.place.line,
                        "error": ErrorRecord {
                            line: error.place.line,
                            column: error.place.column,
                            message: &message,
                        },
                    });
                    write_record(&record, out)?;
                }
                outcome.malformed += 1;
            }
            Item::End => break,
        }
    }
    out.flush()?;
    Ok(outcome)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::format::judge::write_distance;
    use crate::format::steps::Steps;

    /// Runs `judge` over `input`, returning standard output and the reported errors.
    pub(crate) fn answers<J: Format>(judge: &mut J, input: &str) -> (String, Vec<String>) {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        run(
            judge,
            input.as_bytes(),
            Origin::Line,
            Output::Judge,
            &mut out,
            &mut |e| errors.push(e.to_string()),
            None,
        )
        .expect("memory streams do not fail");
        (String::from_utf8(out).expect("answers are ASCII"), errors)
    }

    #[test]
    fn writes_distances_like_formatting_would() {
        for distance in [
            None,
            Some(0),
            Some(9),
            Some(10),
            Some(31),
            Some(99),
            Some(100),
        ] {
            let mut out = Vec::new();
            write_distance(distance, &mut out).expect("memory");
            let expected = distance.map_or("-1".to_string(), |d| d.to_string()) + "\n";
            assert_eq!(String::from_utf8(out).expect("ASCII"), expected);
        }
    }

    #[test]
    fn answers_the_cases_around_a_malformed_one() {
        let (out, errors) = answers(&mut Steps::default(), "283104765\n2831\n123804765\n");
        assert_eq!(out, "4\n0\n");
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].starts_with("line 2:1: found `2831`"),
            "{errors:?}"
        );
    }
}
