//! The one checker behind `eight batch` (a fixture's recorded `.out`) and `eight judge` (a
//! program's output): every case of an input solved by the engine, and each answer line checked
//! against the canonical answer by [`Judge::check`]. What differs between the two is a
//! [`Policy`] value, not code, and one rule for every answer ([`rule`]): a path need only be
//! legal, end on the goal and keep the judge's limits, unless `--optimal` asks for the shortest.
//! Lines compare as the judges compare them: as text, blanks at a line's end and a final
//! newline aside (`+4`, `04` and `Case 1:2` are wrong); a missing or extra line
//! is wrong too.

use std::io::{self, BufRead, Read, Write};

use crate::find::find;
use crate::record::Around;
use eight::format::answer::{Expected, Fault, Found, Policy};
use eight::format::{Cases, InputError, Item, Judge, Origin};
use eight::puzzle::Board;
use eight::solve::Engine;

/// The judge's rule, one for every answer (a program's, a fixture's recorded one, a jury's):
/// paths legal, ending on the goal and within the judge's limit (its canonical path, where it
/// takes only that); also of minimal length when `optimal` (`--optimal`).
pub fn rule(optimal: bool) -> Policy {
    Policy { minimal: optimal }
}

/// What the answers earned.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Every case answered right.
    Accepted {
        /// How many cases.
        cases: u64,
    },
    /// The first wrong case.
    Wrong(Wrong),
}

/// The first wrong case of the answers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Wrong {
    /// The case's number, from 1; one past the last case for extra answers.
    pub case: u64,
    /// The line of the input where the case starts; 0 for extra answers.
    pub line: u64,
    /// The case's boards, as read.
    pub input: String,
    /// The canonical answer.
    pub expected: String,
    /// The answer line checked (trailing whitespace cut, and after [`KEPT`] characters), or
    /// `None` where there was none.
    pub got: Option<String>,
    /// What is wrong with it.
    pub fault: Fault,
    /// How many cases are wrong in all (a missing answer is wrong; extra lines are not cases).
    pub wrong_cases: u64,
    /// How many cases there are.
    pub cases: u64,
    /// The line of the output where its answer begins (or was due), from 1: where to show the
    /// output in context.
    pub output_line: u64,
}

/// Checks `answers`, one line per case of `input`, for `judge` under `policy`. Both are read
/// as streams: memory holds one case and one answer line at a time.
pub fn check(
    judge: &Judge,
    input: impl Read,
    answers: impl BufRead,
    policy: Policy,
    engine: &mut Engine,
) -> io::Result<Result<Verdict, InputError>> {
    let mut lines = Lines::new(answers);
    let mut wrong: Option<Wrong> = None;
    let mut wrong_cases = 0;
    let mut failure = None;
    // a farthest board's distance from its start, asked of the plan like every query (by an
    // engine like the one solving the cases, sharing its store), for the judges that ask one
    let farthest = judge.answer == eight::format::Answer::Farthest;
    let measure = std::cell::RefCell::new(farthest.then(|| engine.like()));
    let cases = solve_all(judge, input, engine, &mut |solved| {
        let output_line = lines.read + 1;
        let mut got = Vec::new();
        let mut expected_lines = judge.lines(solved.case);
        while got.len() < expected_lines {
            match lines.next() {
                Ok(Some(line)) => got.push(line),
                Ok(None) => break,
                Err(error) => {
                    failure = Some(error);
                    return false;
                }
            }
            if got.len() == judge.lines(solved.case) {
                // the moves a first line announces, a line each (HackerRank's)
                expected_lines += judge.answer.more_lines(&got[got.len() - 1]);
            }
        }
        // blank lines at the end are not significant either way: as blank lines after the last
        // answer are no answers, an output that ends where only empty lines are expected (a
        // solved board's empty path) lacks nothing
        let read = got.len();
        got.resize(expected_lines, String::new());
        let start = solved.boards.map(|(start, _)| start);
        let distance = |board: &Board| {
            let start = start.as_ref()?;
            let distance = measure.borrow_mut().as_mut()?.distance(start, board);
            distance.ok().map(|d| d as usize)
        };
        let mut expected = Expected {
            boards: solved.boards.as_ref().map(|(start, goal)| (start, goal)),
            found: solved.found,
            distance: &distance,
        };
        let fault = judge
            .check(solved.case, &got, &mut expected, policy)
            .err()
            .map(
                |fault| match read == got.len() || fault == Fault::EmptyLine {
                    true => fault,
                    false => Fault::Missing,
                },
            );
        if let Some(fault) = fault {
            wrong_cases += 1;
            got.truncate(read);
            let got = (!got.is_empty()).then(|| kept(&got.join("\n")));
            wrong.get_or_insert_with(|| Wrong {
                case: solved.case,
                line: solved.line,
                input: solved.input(),
                expected: judge.text(solved.case, solved.found),
                got,
                fault,
                wrong_cases: 0,
                cases: 0,
                output_line,
            });
        }
        true
    })?;
    if let Some(error) = failure {
        return Err(error);
    }
    let cases = match cases {
        Ok(cases) => cases,
        Err(malformed) => return Ok(Err(malformed)),
    };
    if let Some(wrong) = wrong {
        return Ok(Ok(Verdict::Wrong(Wrong {
            wrong_cases,
            cases,
            ..wrong
        })));
    }
    let mut first = None;
    let mut extra = 0;
    while let Some(line) = lines.next()? {
        if !line.trim().is_empty() {
            extra += 1;
            first.get_or_insert_with(|| (kept(&line), lines.read));
        }
    }
    Ok(Ok(match first {
        None => Verdict::Accepted { cases },
        Some((first, output_line)) => Verdict::Wrong(Wrong {
            output_line,
            case: cases + 1,
            line: 0,
            input: String::new(),
            expected: String::new(),
            got: Some(first),
            wrong_cases: 0,
            cases,
            fault: Fault::Extra {
                cases,
                answers: cases + extra,
            },
        }),
    }))
}

/// Answer lines read one at a time, trailing whitespace (and a `\r`) cut.
struct Lines<R> {
    reader: R,
    buffer: Vec<u8>,
    /// Lines read so far: the first may open with a UTF-8 byte-order mark, as some editors
    /// write, which is no part of the answer.
    read: u64,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buffer: Vec::new(),
            read: 0,
        }
    }

    /// The next line, its line end (`\n` or `\r\n`) and trailing blanks cut; `None` at the end.
    fn next(&mut self) -> io::Result<Option<String>> {
        self.buffer.clear();
        if self.reader.read_until(b'\n', &mut self.buffer)? == 0 {
            return Ok(None);
        }
        self.read += 1;
        let line = match self.buffer.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) if self.read == 1 => rest,
            _ => &self.buffer[..],
        };
        let text = String::from_utf8_lossy(line);
        Ok(Some(text.trim_end().to_string()))
    }
}

/// The lines of `expected` and `got` (two whole outputs) around line `at` (from 1), each with
/// its number: where an output shifted by a line or a case shows as such, not as one wrong case.
pub fn in_context(expected: &str, got: &str, at: u64) -> Vec<(u64, String, String)> {
    const AROUND: u64 = 2;
    let (expected, got): (Vec<&str>, Vec<&str>) =
        (expected.lines().collect(), got.lines().collect());
    let from = at.saturating_sub(AROUND).max(1);
    let to = (at + AROUND).min(expected.len().max(got.len()) as u64);
    (from..=to)
        .map(|line| {
            let row = |lines: &[&str]| {
                lines
                    .get(line as usize - 1)
                    .map_or("", |text| text.trim_end())
                    .to_string()
            };
            (line, row(&expected), row(&got))
        })
        .collect()
}

/// The lines of the two whole outputs around `wrong`'s first wrong line, where they are worth
/// showing: more than one case is wrong, or the outputs differ in length (blank lines at their
/// ends aside), as an output shifted by a line or a case does.
pub fn context(expected: &str, got: &str, wrong: &Wrong) -> Option<Vec<Around>> {
    let length = |text: &str| text.trim_end().lines().count();
    if length(expected) == length(got) && wrong.wrong_cases < 2 {
        return None;
    }
    let rows = in_context(expected, got, wrong.output_line);
    let rows = rows.into_iter().map(|(line, expected, got)| Around {
        line,
        expected,
        got,
    });
    Some(rows.collect())
}

/// Writes the canonical answers to every case of `input`, one line each, as a `.out` holds
/// them; returns how many.
pub fn write_answers(
    judge: &Judge,
    input: impl Read,
    engine: &mut Engine,
    out: &mut dyn Write,
) -> io::Result<Result<u64, InputError>> {
    let mut failure = None;
    let cases = solve_all(judge, input, engine, &mut |solved| {
        let mut line = judge.text(solved.case, solved.found);
        line.push('\n');
        match out.write_all(line.as_bytes()) {
            Ok(()) => true,
            Err(error) => {
                failure = Some(error);
                false
            }
        }
    })?;
    match failure {
        Some(error) => Err(error),
        None => Ok(cases),
    }
}

/// The most characters of an answer line kept in a [`Wrong`]: enough to show, while a line
/// can be as long as a program's whole output.
pub const KEPT: usize = 1000;

/// `line`, cut after [`KEPT`] characters with `…`.
fn kept(line: &str) -> String {
    match line.char_indices().nth(KEPT) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_string(),
    }
}

/// A case with its canonical answer.
struct Solved<'a> {
    case: u64,
    line: u64,
    /// The start and the goal; `None` for a board read as a grid, of this size.
    boards: Option<(Board, Board)>,
    size: (usize, usize),
    /// The goal as the case gives it, if it does.
    given_goal: bool,
    found: &'a Found,
}

impl Solved<'_> {
    /// The case's boards as read (glued digits up to 9 cells, numbers beyond), separated by a
    /// space, or by ` | ` for boards of numbers; a grid's size.
    fn input(&self) -> String {
        let Some((start, goal)) = self.boards else {
            let (width, height) = self.size;
            return format!("a {width}x{height} board");
        };
        match self.given_goal {
            false => start.to_string(),
            true if start.cells().len() <= 9 => format!("{start} {goal}"),
            true => format!("{start} | {goal}"),
        }
    }
}

/// Reads every case of `input` and solves it, handing each to `each` until it returns false;
/// returns how many cases were handed over. The first malformed case is an error: a fixture
/// must be well formed, and its count of cases right.
fn solve_all(
    judge: &Judge,
    input: impl Read,
    engine: &mut Engine,
    each: &mut dyn FnMut(Solved) -> bool,
) -> io::Result<Result<u64, InputError>> {
    let mut cases = Cases::with(input, Origin::Line, judge.reading());
    let mut count = 0;
    loop {
        let case = match cases.next(&mut || Ok(()))? {
            Item::Case(case) => case,
            Item::Grid(case) => {
                count += 1;
                let found = Found::Reachable(case.grid.reaches_ordered());
                let solved = Solved {
                    case: count,
                    line: case.place.line,
                    boards: None,
                    size: (case.grid.width, case.grid.height),
                    given_goal: false,
                    found: &found,
                };
                match each(solved) {
                    true => continue,
                    false => return Ok(Ok(count)),
                }
            }
            Item::Malformed(error) | Item::Header(error) => return Ok(Err(error)),
            Item::End => break,
        };
        count += 1;
        let place = case.place;
        let (&start, &goal) = judge.problem(case.boards);
        if let Some(error) = cases.beyond(count, place) {
            return Ok(Err(error));
        }
        let (found, report) = find(judge, engine, &start, &goal);
        let Some(found) = found else {
            let (budget, method) = (engine.budget_for(&goal), report.method.name());
            return Ok(Err(InputError::exhausted(place, budget, &method)));
        };
        let solved = Solved {
            case: count,
            line: place.line,
            boards: Some((start, goal)),
            size: (0, 0),
            given_goal: judge.boards == 2,
            found: &found,
        };
        if !each(solved) {
            return Ok(Ok(count));
        }
    }
    match cases.short(count) {
        Some(error) => Ok(Err(error)),
        None => Ok(Ok(count)),
    }
}

pub use eight::format::cases::cases_of;

#[cfg(test)]
mod tests {
    use super::*;
    use eight::format::judge::{HDU1043, P1379};
    use eight::puzzle::Path;

    fn verdict(judge: &Judge, input: &str, output: &str, policy: Policy) -> Verdict {
        check(
            judge,
            input.as_bytes(),
            output.as_bytes(),
            policy,
            &mut Engine::default(),
        )
        .expect("memory")
        .expect("well-formed input")
    }

    fn fault(verdict: Verdict) -> Option<Fault> {
        match verdict {
            Verdict::Wrong(wrong) => Some(wrong.fault),
            Verdict::Accepted { .. } => None,
        }
    }

    #[test]
    fn reads_counts_as_the_policy_says() {
        let input = "283104765\n123804765\n";
        for policy in [rule(true), rule(false)] {
            assert_eq!(
                verdict(&P1379, input, "4  \n0", policy),
                Verdict::Accepted { cases: 2 }
            );
            assert_eq!(
                fault(verdict(&P1379, input, "4\n1\n", policy)),
                Some(Fault::Count)
            );
        }
        for policy in [rule(true), rule(false)] {
            assert_eq!(
                fault(verdict(&P1379, input, "+4\n00\n", policy)),
                Some(Fault::Count)
            );
        }
    }

    #[test]
    fn an_answer_file_with_a_byte_order_mark_and_crlf_reads_like_one_without() {
        let input = "283104765\n123804765\n2 3 4 1 5 x 7 6 8\n";
        for output in ["\u{feff}4\r\n0\r\n-1\r\n", "4\n0\n-1\n", "\u{feff}4\n0\n-1"] {
            assert_eq!(
                verdict(&P1379, input, output, rule(true)),
                Verdict::Accepted { cases: 3 },
                "{output:?}"
            );
        }
        // a mark is an answer's only on the first line
        let marked = "4\n\u{feff}0\n-1\n";
        assert!(fault(verdict(&P1379, input, marked, rule(true))).is_some());
        // an empty line is the answer to a solved board
        let solved = "12345678x\n1234567x8\n";
        for output in ["\u{feff}\r\nr\r\n", "\nr\n"] {
            assert_eq!(
                verdict(&HDU1043, solved, output, rule(true)),
                Verdict::Accepted { cases: 2 },
                "{output:?}"
            );
        }
    }

    #[test]
    fn blank_lines_at_the_end_count_alike_whether_the_last_board_is_solved_or_not() {
        // the last board solved: its answer is an empty line, which the output may leave out,
        // as it may add blank lines after the last answer
        for input in ["12345678x\n", "1234567x8\n12345678x\n"] {
            let first = if input.len() > 10 { "r\n" } else { "" };
            for end in ["", "\n", "\n\n\n"] {
                let output = format!("{first}{end}");
                assert_eq!(
                    verdict(&HDU1043, input, &output, rule(true)),
                    Verdict::Accepted {
                        cases: input.lines().count() as u64
                    },
                    "{input:?} {output:?}"
                );
            }
        }
        // an answer that is not empty is still missing where the output ends
        assert_eq!(
            fault(verdict(
                &HDU1043,
                "12345678x\n1234567x8\n",
                "\n",
                rule(true)
            )),
            Some(Fault::Missing)
        );
    }

    #[test]
    fn names_the_first_wrong_case_a_missing_one_and_extra_lines() {
        let input = "283104765\n123804765\n283104765\n";
        let Verdict::Wrong(wrong) = verdict(&P1379, input, "4\n1\n5\n", rule(true)) else {
            panic!("a wrong count");
        };
        assert_eq!((wrong.case, wrong.line), (2, 2));
        assert_eq!(wrong.input, "123804765");
        assert_eq!(wrong.expected, "0");
        assert_eq!(wrong.got.as_deref(), Some("1"));
        assert_eq!(
            (wrong.wrong_cases, wrong.cases),
            (2, 3),
            "1 and 5 are wrong"
        );
        assert_eq!(
            fault(verdict(&P1379, input, "4\n0\n", rule(true))),
            Some(Fault::Missing)
        );
        let Verdict::Wrong(extra) = verdict(&P1379, input, "4\n0\n4\n9\n\n7\n", rule(true)) else {
            panic!("extra lines");
        };
        assert_eq!(
            extra.fault,
            Fault::Extra {
                cases: 3,
                answers: 5
            }
        );
        assert_eq!((extra.case, extra.got.as_deref()), (4, Some("9")));
    }

    #[test]
    fn asks_for_the_shortest_path_only_when_the_policy_does() {
        let one = "1 2 3 4 5 6 7 x 8\n";
        assert_eq!(
            verdict(&HDU1043, one, "rlr\n", rule(false)),
            Verdict::Accepted { cases: 1 }
        );
        assert_eq!(
            fault(verdict(&HDU1043, one, "rlr\n", rule(true))),
            Some(Fault::Longer {
                moves: 3,
                shortest: 1
            })
        );
        assert_eq!(
            fault(verdict(&HDU1043, one, "rlr\n", rule(true))),
            Some(Fault::Longer {
                moves: 3,
                shortest: 1
            })
        );
    }

    #[test]
    fn accepts_any_shortest_path_not_only_the_canonical_one() {
        // a board 6 moves from the goal by two paths: the larger one passes too
        let eight::format::judge::Goal::Fixed(goal) = HDU1043.goal else {
            panic!("a fixed goal")
        };
        let (start, other) = two_shortest_paths(&goal);
        assert_eq!(
            verdict(
                &HDU1043,
                &start.to_string(),
                &format!("{other}\n"),
                rule(true)
            ),
            Verdict::Accepted { cases: 1 }
        );
    }

    /// A board 6 moves from `goal` (the shortest cycle has 12) with a shortest path that is not
    /// its canonical one.
    fn two_shortest_paths(goal: &Board) -> (Board, Path) {
        let oracle = eight::solve::Oracle::new(goal);
        let all = itertools::Itertools::multi_cartesian_product(
            (0..6).map(|_| eight::puzzle::Move::ALL.into_iter()),
        );
        for moves in all {
            let path = Path(moves);
            // reversing the moves from the goal gives a board and a path back to the goal
            let back: Path = path
                .0
                .iter()
                .rev()
                .map(|&m| m.opposite())
                .collect::<Vec<_>>()
                .into();
            let Ok(start) = goal.replay(&back) else {
                continue;
            };
            let canonical = oracle.path(&start).expect("reachable");
            if canonical.len() == 6 && path != canonical && start.replay(&path) == Ok(*goal) {
                return (start, path);
            }
        }
        panic!("no board of {goal} has two shortest paths of 6 moves");
    }

    #[test]
    fn gives_the_canonical_answers_as_a_fixture_records_them() {
        let input = "2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n";
        let judge = eight::format::judge::HOJ10466;
        let mut out = Vec::new();
        let written = write_answers(&judge, input.as_bytes(), &mut Engine::default(), &mut out);
        assert_eq!(written.expect("memory"), Ok(1));
        assert_eq!(out, b"4\n");
    }
}
