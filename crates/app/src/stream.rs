//! The answer stream behind `steps`, `pair` and `path`: every case of an input answered in
//! order, one line each, in its judge's format or as JSON records, with bounded memory.

use std::io::{self, Read, Write};

use crate::find::{find, wanted};
use crate::record::{self, Record, Solved};
use eight::format::answer::{Answer, Found};
use eight::format::write;
use eight::format::{Cases, InputError, Item, Judge, Origin, Place};
use eight::puzzle::{Board, Move, Path};
use eight::solve::ordered_map;
use eight::solve::Method;
use eight::solve::{Engine, MoveSink, Outcome, Report};
use eight_core::table::Walk;

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
pub struct Tally {
    /// Cases answered.
    pub answered: u64,
    /// Malformed cases reported and skipped (a search out of nodes among them: its case is
    /// given up as if malformed).
    pub malformed: u64,
    /// Errors about the input as a whole, reported: a count of cases that is missing or that
    /// the cases read do not match. They hold no case of their own.
    pub errors: u64,
    /// Whether a stop was asked for (the engine's control): the case under way and those after it
    /// were left unanswered.
    pub interrupted: bool,
    /// Cases answered by `--fast` with a path not proved shortest.
    pub unproved: u64,
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
    /// How many threads solve the cases of a judge other than the plain 3×3 ones (`--jobs`):
    /// with more than one, cases are read [`WINDOW`] a thread ahead and answered in order.
    pub jobs: usize,
}

/// The cases a thread has read ahead when several solve: enough that one hard case rarely
/// leaves the others idle at the end of a window.
pub const WINDOW: usize = 64;

/// The malformed cases after which an input that holds bytes no text does (a binary file given
/// by mistake) is read no further: a hundred errors say what is wrong, thousands bury it.
pub const MOST_BINARY_ERRORS: u64 = 100;

/// A case read, waiting for its answer.
struct Waiting {
    number: u64,
    place: Place,
    /// The start and goal, or why the case cannot be solved.
    problem: Result<(Board, Board), InputError>,
    /// An error to report before the answer: the case is beyond the announced count.
    beyond: Option<InputError>,
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
    ) -> io::Result<Tally> {
        let mut cases = Cases::with(input, origin, self.judge.reading());
        let mut tally = Tally::default();
        let plain = self.judge.is_plain();
        let mut waiting = Vec::new();
        // a plain judge's answers alone: the quick path's cases straight from the buffer
        let quick = plain && self.output == Output::Answers && self.stats.is_none();
        while !tally.interrupted {
            if quick {
                let (judge, engine) = (&self.judge, &mut self.engine);
                tally.answered += cases.quick_run(|boards| {
                    let (start, goal) = judge.problem(boards);
                    Stream::answer(judge, engine, start, goal, out)
                })?;
            }
            // before a read that could block, the cases read so far are answered: a program that
            // writes a case and waits for its answer gets it, whatever the jobs
            let item = cases.next(&mut || {
                self.settle(&mut waiting, out, &mut tally)?;
                out.flush()
            })?;
            if !matches!(item, Item::Case(_)) {
                // the cases read before are answered before anything else is said
                self.settle(&mut waiting, out, &mut tally)?;
            }
            match item {
                Item::Case(case) if !plain => {
                    let (number, place) = (case.number, case.place);
                    let problem = self.problem(place, case.boards);
                    let beyond = cases.beyond(number, place);
                    waiting.push(Waiting {
                        number,
                        place,
                        problem,
                        beyond,
                    });
                    if waiting.len() >= self.window() {
                        self.settle(&mut waiting, out, &mut tally)?;
                    }
                }
                Item::Case(case) => {
                    let (start, goal) = self.judge.problem(case.boards);
                    if let (Output::Answers, None) = (self.output, &self.stats) {
                        Stream::answer(&self.judge, &mut self.engine, start, goal, out)?;
                        tally.answered += 1;
                        continue;
                    }
                    // `--stats` and JSON: the engine's solution, which says what answered
                    let solution = self.engine.seek(wanted(&self.judge), start, goal, None);
                    let path = match solution.outcome {
                        Outcome::Found(path) => Some(path),
                        _ => None,
                    };
                    let report = solution.report;
                    if self.output == Output::Answers {
                        Stream::write(&self.judge, path.as_ref(), out)?;
                    }
                    let (quality, found) = (report.quality, report.found);
                    let unproved = quality.is_some_and(|quality| !quality.proved());
                    tally.unproved += u64::from(unproved && path.is_some());
                    let record = (self.output == Output::Json).then(|| {
                        let solution = Solved::new(start, goal, path.as_ref());
                        solution.with_quality(quality).with_found(found)
                    });
                    self.told(case.number, case.place.line, record, report, out)?;
                    tally.answered += 1;
                }
                Item::Grid(case) => {
                    // a board read as a grid is answered by parity, as it comes
                    let found = Found::Reachable(case.grid.reaches_ordered());
                    let report = Report {
                        method: Method::Parity,
                        ..Report::default()
                    };
                    if self.output == Output::Answers {
                        let mut text = self.judge.text(case.number, &found);
                        text.push('\n');
                        out.write_all(text.as_bytes())?;
                    }
                    let record =
                        (self.output == Output::Json).then(|| Solved::grid(case.grid, &found));
                    self.told(case.number, case.place.line, record, report, out)?;
                    tally.answered += 1;
                }
                Item::Malformed(error) => {
                    self.malformed(cases.read(), &error, out)?;
                    tally.malformed += 1;
                    if tally.malformed == MOST_BINARY_ERRORS / 10 {
                        cases.watch_binary();
                    }
                    if tally.malformed >= MOST_BINARY_ERRORS && cases.looks_binary() {
                        (self.report)(&InputError {
                            place: cases.place(),
                            found: format!(
                                "{} malformed cases and bytes that no text holds (a NUL, \
                                 control characters)",
                                tally.malformed
                            ),
                            expected: "boards written as text (a binary file?); the rest is \
                                       not read"
                                .into(),
                        });
                        tally.errors += 1;
                        break;
                    }
                }
                Item::Header(error) => {
                    out.flush()?;
                    (self.report)(&error);
                    tally.errors += 1;
                }
                Item::End => break,
            }
        }
        out.flush()?;
        if let Some(error) = cases.short(cases.read()).filter(|_| !tally.interrupted) {
            (self.report)(&error);
            tally.errors += 1;
        }
        Ok(tally)
    }

    /// Writes the JSON record of case `number`, read at `line`, with what answered it
    /// (`report`) under `--stats`.
    fn record(
        &self,
        number: u64,
        line: u64,
        solution: Solved,
        report: Report,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let record = Record::solved(number, Some(line), solution);
        let record = match self.stats.is_some() {
            true => record.with_report(report),
            false => record,
        };
        record::write(&record, out)
    }

    /// Writes case `number`'s JSON record (`record`, made when the output is JSON), and tells
    /// `--stats` what answered it (`report`).
    fn told(
        &mut self,
        number: u64,
        line: u64,
        record: Option<Solved>,
        report: Report,
        out: &mut impl Write,
    ) -> io::Result<()> {
        if let Some(solution) = record {
            self.record(number, line, solution, report.clone(), out)?;
        }
        if let Some(stats) = self.stats.as_mut() {
            stats(number, report);
        }
        Ok(())
    }

    /// Reports a malformed case (the answers before it first, so that a terminal shows them in
    /// order), and writes its record in JSON.
    fn malformed(
        &mut self,
        number: u64,
        error: &InputError,
        out: &mut impl Write,
    ) -> io::Result<()> {
        out.flush()?;
        (self.report)(error);
        if self.output == Output::Json {
            record::write(&Record::malformed(number, error), out)?;
        }
        Ok(())
    }

    /// The cases read ahead before they are answered: one, unless several threads solve them
    /// side by side.
    fn window(&self) -> usize {
        match self.jobs {
            _ if self.together() => 1,
            0 | 1 => 1,
            jobs => jobs * WINDOW,
        }
    }

    /// Whether each case is searched by every thread together, one at a time
    /// ([`Engine::searches_together`]): a shortest path asked of a large board.
    fn together(&self) -> bool {
        let judge = &self.judge;
        let searched = matches!(
            judge.answer,
            Answer::Count | Answer::Path | Answer::CountThenPath | Answer::CountThenMoves
        );
        let fast = judge
            .fast_above
            .is_some_and(|most| judge.shape.cells() > most);
        searched && !fast && self.engine.searches_together(judge.shape)
    }

    /// The start and goal of a case of any shape, or why it cannot be solved: a goal of
    /// another size.
    fn problem(&self, place: Place, boards: &[Board]) -> Result<(Board, Board), InputError> {
        let (&start, &goal) = self.judge.problem(boards);
        if start.shape() != goal.shape() {
            return Err(InputError {
                place,
                found: format!("a {} board", start.shape()),
                expected: format!("a board of the goal's size, {}", goal.shape()),
            });
        }
        Ok((start, goal))
    }

    /// Solves the cases waiting (on `jobs` threads) and answers them in order.
    fn settle(
        &mut self,
        waiting: &mut Vec<Waiting>,
        out: &mut impl Write,
        tally: &mut Tally,
    ) -> io::Result<()> {
        let solved = self.solve_all(waiting);
        for (case, solved) in waiting.drain(..).zip(solved) {
            // a search stopped by the flag ends as if out of nodes: it is no answer, and the
            // cases after it go unanswered; those solved before it still get theirs
            let stopped = matches!(solved, Some((None, _)));
            if stopped && self.engine.control().stop_requested() {
                tally.interrupted = true;
                break;
            }
            if let Some(error) = case.beyond {
                out.flush()?;
                (self.report)(&error);
                tally.errors += 1;
            }
            let answered = match case.problem {
                Ok((start, goal)) => {
                    let (solved, report) = solved.expect("every problem is solved");
                    let unproved = report.quality.is_some_and(|quality| !quality.proved());
                    tally.unproved += u64::from(unproved && solved.is_some());
                    let problem = (&start, &goal);
                    self.answer_solved(case.number, case.place, problem, solved, report, out)?
                }
                Err(error) => Err(error),
            };
            match answered {
                Ok(()) => tally.answered += 1,
                Err(error) => {
                    self.malformed(case.number, &error, out)?;
                    tally.malformed += 1;
                }
            }
        }
        // past 9 cells the next search may take minutes: what is answered leaves now, also when
        // the input is a file that never blocks (up to 9 cells every search takes milliseconds)
        if self.judge.shape.cells() > 9 {
            out.flush()?;
        }
        Ok(())
    }

    /// Each waiting case's outcome and what it cost (`None` for a case that cannot be solved),
    /// on as many threads as `jobs` allows, each with an engine like this stream's.
    fn solve_all(&mut self, waiting: &[Waiting]) -> Vec<Option<(Option<Found>, Report)>> {
        let judge = &self.judge;
        let problems: Vec<_> = waiting.iter().map(|w| w.problem.as_ref().ok()).collect();
        // several cases share the threads; a case alone has them all (the engine's jobs)
        let threads = match self.together() {
            true => 1,
            false => self.jobs.min(problems.len()),
        };
        if threads <= 1 {
            return problems
                .into_iter()
                .map(|problem| {
                    let (start, goal) = problem?;
                    Some(find(judge, &mut self.engine, start, goal))
                })
                .collect();
        }
        let mut results = Vec::with_capacity(problems.len());
        let engine = &self.engine;
        ordered_map(
            &problems,
            threads,
            || engine.like().with_jobs(1),
            |engine, _, problem| {
                let (start, goal) = (*problem)?;
                Some(find(judge, engine, start, goal))
            },
            |_, result| {
                results.push(result);
                true
            },
        );
        results
    }

    /// Answers case `number` of any shape, judge and spelling, solved as `solved` at the cost
    /// in `report`; the error is a search that ran out of nodes.
    fn answer_solved(
        &mut self,
        number: u64,
        place: Place,
        (start, goal): (&Board, &Board),
        found: Option<Found>,
        report: Report,
        out: &mut impl Write,
    ) -> io::Result<Result<(), InputError>> {
        let Some(found) = found else {
            // a search that gave up still cost what it cost: `--stats` says it
            if let Some(stats) = self.stats.as_mut() {
                stats(number, report.clone());
            }
            if let (Some(quality), Some(within)) = (report.quality, self.engine.within()) {
                let (length, bound) = (quality.length, quality.lower_bound);
                return Ok(Err(InputError::unproved(place, within, length, bound)));
            }
            let budget = self.engine.budget_for(goal);
            let method = report.method.name();
            return Ok(Err(InputError::exhausted(place, budget, &method)));
        };
        match self.output {
            Output::Answers => {
                let mut text = self.judge.text(number, &found);
                text.push('\n');
                out.write_all(text.as_bytes())?;
            }
            Output::Json => {
                let solution = Solved::found(start, goal, &found)
                    .with_quality(report.quality)
                    .with_found(report.found)
                    .with_limit(self.judge.spelling.limit);
                self.record(number, place.line, solution, report.clone(), out)?;
            }
        }
        if let Some(stats) = self.stats.as_mut() {
            stats(number, report);
        }
        Ok(Ok(()))
    }

    /// Writes the answer line of one case, asking the engine for no more than it needs: a
    /// count needs no path, and a path is written as it is walked.
    #[inline]
    fn answer(
        judge: &Judge,
        engine: &mut Engine,
        start: &Board,
        goal: &Board,
        out: &mut impl Write,
    ) -> io::Result<()> {
        match judge.answer {
            Answer::Count => write::write_count(engine.distance(start, goal).ok(), out),
            Answer::Path => engine
                .walk(start, goal, Line(out))
                .unwrap_or_else(|_| write::write_no_path(out)),
            answer => unreachable!("a plain judge counts or walks, never {answer:?}"),
        }
    }
}

impl Stream<'_> {
    /// Writes the answer line of a plain judge's case from its path (`None`: unreachable).
    fn write(judge: &Judge, path: Option<&Path>, out: &mut impl Write) -> io::Result<()> {
        match (judge.answer, path) {
            (Answer::Count, path) => write::write_count(path.map(|path| path.len() as u32), out),
            (Answer::Path, Some(path)) => Line(out).take(path.0.iter().copied()),
            (Answer::Path, None) => write::write_no_path(out),
            (answer, _) => unreachable!("a plain judge counts or walks, never {answer:?}"),
        }
    }
}

/// Writes a path's moves as its answer line.
struct Line<'a, W>(&'a mut W);

impl<W: Write> MoveSink for Line<'_, W> {
    type Output = io::Result<()>;

    #[inline]
    fn take(self, moves: impl Iterator<Item = Move>) -> io::Result<()> {
        write::write_moves(moves, self.0)
    }

    #[inline]
    fn take_walk(self, walk: Walk) -> io::Result<()> {
        let (bits, moves) = walk.bits();
        write::write_packed(bits, moves, self.0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use eight::format::judge::{HDU1043, HOJ10466, P1379, POJ3240, SGU139};
    use eight::puzzle::Shape;

    /// A 3×3 board from its glued cells, `x` or `0` the blank.
    pub(crate) fn board(text: &str) -> Board {
        text.parse().expect("a valid board")
    }

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
            jobs: 1,
        };
        stream
            .run(input.as_bytes(), Origin::Line, &mut out)
            .expect("memory streams do not fail");
        (String::from_utf8(out).expect("answers are ASCII"), errors)
    }

    /// Whether `judge`'s cases are searched by every thread together with `engine` on `jobs`
    /// threads, and how many cases are read ahead.
    fn shared_out(judge: Judge, engine: Engine, jobs: usize) -> (bool, usize) {
        let stream = Stream {
            judge,
            engine: engine.with_jobs(jobs),
            output: Output::Answers,
            report: &mut |_| {},
            stats: None,
            jobs,
        };
        (stream.together(), stream.window())
    }

    #[test]
    fn a_shortest_path_past_the_4x4_is_searched_by_every_thread_one_case_at_a_time() {
        let (square4, square5) = (Shape::SQUARE4, Shape::SQUARE5);
        let steps = |shape| P1379.with_shape(shape);
        // a shortest path of 25 cells: every thread on one case, answered as soon as found
        assert_eq!(shared_out(steps(square5), Engine::default(), 2), (true, 1));
        // side by side: one thread, the 4x4 boards, `--fast`, a judge that takes any path
        // past 16 cells, and an answer that is no search
        assert_eq!(shared_out(steps(square5), Engine::default(), 1), (false, 1));
        let side_by_side = (false, 2 * WINDOW);
        assert_eq!(
            shared_out(steps(square4), Engine::default(), 2),
            side_by_side
        );
        let fast = Engine::default().with_fast(true);
        assert_eq!(shared_out(steps(square5), fast, 2), side_by_side);
        let any_path = POJ3240.with_shape(square5);
        assert_eq!(shared_out(any_path, Engine::default(), 2), side_by_side);
        let parity = SGU139.with_shape(square5);
        assert_eq!(shared_out(parity, Engine::default(), 2), side_by_side);
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
            jobs: 1,
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
            Tally {
                answered: 1,
                malformed: 1,
                errors: 0,
                interrupted: false,
                unproved: 0,
            }
        );
    }
}
