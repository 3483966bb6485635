//! The answer stream behind `steps`, `pair` and `path`: every case of an input answered in
//! order, one line each, in its judge's format or as JSON records, with bounded memory.

use std::io::{self, Read, Write};

use crate::format::answer::{self, Answer};
use crate::format::{Cases, InputError, Item, Judge, Origin};
use crate::puzzle::{Board, Move};
use crate::solve::{Engine, MoveSink, Report};
use crate::tools::record::{self, Record, Solution};

/// What a run writes for each case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Output {
    /// The answer lines, as the judge prints them.
    Answers,
    /// One JSON object a line per case, malformed ones included (JSON Lines).
    Json,
}

/// What a run read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Outcome {
    /// Cases answered.
    pub answered: u64,
    /// Malformed cases reported and skipped.
    pub malformed: u64,
}

/// A run of a judge's cases: who answers, in what form, and who hears of each case.
pub struct Stream<'a> {
    /// The judge whose cases these are, with the goal of the run.
    pub judge: Judge,
    /// What answers.
    pub engine: Engine,
    /// The form of the answers.
    pub output: Output,
    /// Told of each malformed case, which is then skipped.
    pub report: &'a mut dyn FnMut(&InputError),
    /// Told, with `--stats`, what answered each case (by number) and what it cost.
    pub stats: Option<&'a mut dyn FnMut(u64, Report)>,
}

impl Stream<'_> {
    /// Answers every case of `input` in order, one line each on `out`. Memory does not grow
    /// with the number of cases; `out` is flushed before every read that could block, so an
    /// interactive user sees each answer at once.
    pub fn run(
        &mut self,
        input: impl Read,
        origin: Origin,
        out: &mut impl Write,
    ) -> io::Result<Outcome> {
        let mut cases = Cases::new(input, origin, self.judge.boards);
        let mut outcome = Outcome::default();
        loop {
            let number = outcome.answered + outcome.malformed + 1;
            match cases.next(&mut || out.flush())? {
                Item::Case(case) => {
                    let (start, goal) = self.judge.problem(case.boards);
                    match self.output {
                        Output::Answers => self.answer(&start, &goal, out)?,
                        Output::Json => {
                            let path = self.engine.path(&start, &goal);
                            let solution = Solution::new(&start, &goal, path.as_ref());
                            let record = Record::solved(number, Some(case.place.line), solution);
                            let record = match self.stats.is_some() {
                                true => record.with_report(self.engine.last()),
                                false => record,
                            };
                            record::write(&record, out)?;
                        }
                    }
                    if let Some(stats) = self.stats.as_mut() {
                        stats(number, self.engine.last());
                    }
                    outcome.answered += 1;
                }
                Item::Malformed(error) => {
                    // the answers before it first, so that a terminal shows them in order
                    out.flush()?;
                    (self.report)(&error);
                    if self.output == Output::Json {
                        record::write(&Record::malformed(number, &error), out)?;
                    }
                    outcome.malformed += 1;
                }
                Item::End => break,
            }
        }
        out.flush()?;
        Ok(outcome)
    }

    /// Writes the answer line of one case, asking the engine for no more than it needs: a
    /// count needs no path, and a path is written as it is walked.
    #[inline]
    fn answer(&mut self, start: &Board, goal: &Board, out: &mut impl Write) -> io::Result<()> {
        match self.judge.answer {
            Answer::Count => answer::write_count(self.engine.distance(start, goal), out),
            Answer::Path => self
                .engine
                .walk(start, goal, Line(out))
                .unwrap_or_else(|| answer::write_no_path(out)),
        }
    }
}

/// Writes a path's moves as its answer line.
struct Line<'a, W>(&'a mut W);

impl<W: Write> MoveSink for Line<'_, W> {
    type Output = io::Result<()>;

    #[inline]
    fn take(self, moves: impl Iterator<Item = Move>) -> io::Result<()> {
        answer::write_moves(moves, self.0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::format::judge::{HDU1043, HOJ10466, P1379};
    use crate::puzzle::board::tests::board;

    /// Runs `judge`'s cases in `input`, returning standard output and the reported errors.
    pub(crate) fn answers(judge: Judge, input: &str) -> (String, Vec<String>) {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let mut stream = Stream {
            judge,
            engine: Engine::default(),
            output: Output::Answers,
            report: &mut |e| errors.push(e.to_string()),
            stats: None,
        };
        stream
            .run(input.as_bytes(), Origin::Line, &mut out)
            .expect("memory streams do not fail");
        (String::from_utf8(out).expect("answers are ASCII"), errors)
    }

    #[test]
    fn answers_the_cases_around_a_malformed_one() {
        let (out, errors) = answers(P1379, "283104765\n2831\n123804765\n");
        assert_eq!(out, "4\n0\n");
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].starts_with("line 2:1: found `2831`"),
            "{errors:?}"
        );
    }

    #[test]
    fn counts_moves_to_the_shared_goal() {
        assert_eq!(answers(P1379, "283104765\n213804765\n").0, "4\n-1\n");
    }

    #[test]
    fn answers_equal_reachable_and_unreachable_pairs() {
        let input = "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n\
                     2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n\
                     1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n";
        assert_eq!(answers(HOJ10466, input).0, "0\n4\n-1\n");
    }

    #[test]
    fn prints_the_canonical_path_an_empty_line_when_solved_and_unsolvable() {
        let (out, _) = answers(HDU1043, "2  3  4  1  5  x  7  6  8\n12345678x\n21345678x\n");
        assert_eq!(out, "dlurullddrurdllurdr\n\nunsolvable\n");
    }

    #[test]
    fn solves_one_move_in_each_direction() {
        let judge = HDU1043.with_goal(board("1234x5678"));
        // the blank sits above, right of, left of and below the goal's blank
        let input = "1x3425678 12345x678 123x45678 1234756x8";
        assert_eq!(answers(judge, input).0, "d\nl\nr\nu\n");
    }

    #[test]
    fn writes_a_json_record_per_case_errors_included() {
        let mut out = Vec::new();
        let mut stream = Stream {
            judge: P1379,
            engine: Engine::default(),
            output: Output::Json,
            report: &mut |_| {},
            stats: None,
        };
        let outcome = stream
            .run(&b"283104765\n2831\n"[..], Origin::Line, &mut out)
            .expect("memory");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "{\"case\":1,\"line\":1,\"start\":\"283104765\",\"goal\":\"123804765\",\
             \"solvable\":true,\"distance\":4,\"path\":\"uldr\"}\n\
             {\"case\":2,\"line\":2,\"error\":{\"line\":2,\"column\":1,\"message\":\
             \"line 2:1: found `2831` (4 characters), expected a cell, a row of 3 cells or a \
             board of 9\"}}\n"
        );
        assert_eq!(
            outcome,
            Outcome {
                answered: 1,
                malformed: 1
            }
        );
    }
}
