//! A program's output set beside eight's answers to the same input: how many cases it
//! answered right before a limit stopped it, and the lines of both outputs around its first
//! wrong one.

use std::io;

use eight::format::Judge;
use eight::Engine;
use eight_app::check::{self, cases_of, Verdict, Wrong};
use eight_app::record::Around;

use super::sandbox::snapshot::{Snapshot, Span};

/// The lines of eight's answers to `input` and of the program's output `stdout` around its
/// first wrong line, where [`check::context`] finds them worth showing.
pub(super) fn around(
    judge: &Judge,
    input: (&Snapshot, Span, Span),
    stdout: &[u8],
    wrong: &Wrong,
    engine: &mut Engine,
) -> Option<Vec<Around>> {
    let mut expected = Vec::new();
    let cases = io::BufReader::with_capacity(1 << 16, input.0.read(input.1));
    check::write_answers(judge, cases, engine, &mut expected)
        .ok()?
        .ok()?;
    let (expected, got) = (
        String::from_utf8_lossy(&expected),
        String::from_utf8_lossy(stdout),
    );
    check::context(&expected, &got, wrong)
}

/// How many cases the partial output of a program stopped by the time limit answered right
/// before its first wrong or missing answer, as the verdict's line ends with it.
pub(super) fn answered(
    judge: &Judge,
    input: (&Snapshot, Span, Span),
    stdout: &[u8],
    policy: eight::format::answer::Policy,
    engine: &mut Engine,
) -> String {
    let cases = io::BufReader::with_capacity(1 << 16, input.0.read(input.1));
    match check::check(judge, cases, stdout, policy, engine) {
        Ok(Ok(Verdict::Accepted { cases })) => format!("; all {} answered before", cases_of(cases)),
        Ok(Ok(Verdict::Wrong(wrong))) if wrong.case > 1 => format!(
            "; {} of {} answered right before",
            wrong.case - 1,
            cases_of(wrong.cases)
        ),
        Ok(Ok(Verdict::Wrong(wrong))) => {
            format!("; none of {} answered", cases_of(wrong.cases))
        }
        _ => String::new(),
    }
}
